#!/usr/bin/env python3
"""Too few file descriptors: the server runs with RLIMIT_NOFILE 64, far below the sockets it is
built to watch. It says so at start, answers a client, and waits without spinning: a wait that
fails (poll refuses more entries than the descriptor limit) is not taken for a timeout. Both
waits of the POSIX port: epoll (build/e2b-mcp) and poll (build/e2b-mcp-noepoll, built with
E2B_MCP_SOCK_POSIX_NO_EPOLL)."""
import os
import resource
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from report import check, run  # noqa: E402
from sim import BUILD, Sim, server_env, stop, track  # noqa: E402
from mcp import HttpSession  # noqa: E402


def cpu_ticks(pid):
    st = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return int(st[11]) + int(st[12])   # utime + stime


def case(name, binary, sim):
    def limit():
        resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))
    p = track(subprocess.Popen([binary, "--http", "127.0.0.1:0"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, env=server_env(sim.port), preexec_fn=limit))
    said, port, t = "", None, time.time()
    while time.time() - t < 10 and port is None:
        line = p.stderr.readline().decode()
        said += line
        if "listening on" in line:
            port = int(line.rsplit(":", 1)[1].split("/")[0])
        if not line and p.poll() is not None:
            break
    check("%s: with 64 descriptors the server says so at start" % name, "file descriptors" in said, said)
    if port is None:
        stop(p)
        return
    r = HttpSession(port).call("tools/call", {"name": "e2b_list_sandboxes", "arguments": {}})
    check("%s: a client is answered" % name, r.status == 200 and '"isError":false' in r.body.replace(" ", ""), r.body[:200])
    before = cpu_ticks(p.pid)
    time.sleep(2)
    used = cpu_ticks(p.pid) - before
    check("%s: idle, it waits instead of spinning (%d CPU ticks in 2 s; a spin takes ~200)" % (name, used), used < 50, used)
    stop(p)


def main():
    sim = Sim.start()
    case("epoll", os.path.join(BUILD, "e2b-mcp"), sim)
    case("poll", os.path.join(BUILD, "e2b-mcp-noepoll"), sim)


if __name__ == "__main__":
    run(main)
