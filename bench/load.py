#!/usr/bin/env python3
"""bench/load.py SERVER NODE_DIR LOADGEN [POLL_SERVER] - a server under an organisation's load, beside the Node connector.

SERVER is build/e2b-mcp (POLL_SERVER the same built with E2B_MCP_SOCK_POSIX_NO_EPOLL), NODE_DIR a directory holding
node-connector.mjs and its node_modules (the official TypeScript MCP SDK), LOADGEN bench/loadgen.c built (one
thread, epoll: it holds thousands of connections without being the bottleneck), with bench/e2b-stub.c built
beside it as e2b-stub: the E2B stand-in, one thread and epoll, every answer 200 ms after its request (tens of
thousands of answers a second: the ceiling is the delay, not the stand-in). All on loopback; in one run:

  ceiling   as many keep-alive connections as calling clients straight to the stand-in: requests/s, measured
            just before and just after each server's run of the same load (the mean is the ceiling)
  loads     BENCH_LOAD_SIZES (1000/256,10000/1000/noget,8000/1000): HELD 2025 sessions held open (each with its
            keep-alive POST connection and, but for noget, a GET stream) and ACTIVE more calling
            e2b_list_sandboxes in a loop for BENCH_LOAD_SECONDS (5): calls/s against the ceiling, refused,
            errors, p50/p99, sessions still there at the end, the server's CPU a call (its utime+stime over
            the window over the calls answered in it), how long it waited for a CPU meanwhile
            (/proc/PID/schedstat: the machine is shared), peak RSS; for SERVER and for the Node connector
            (at BENCH_LOAD_NODE_SIZES, 1000/256,8000/1000: it opens about a hundred sessions a second)
  replicas  BENCH_LOAD_REPLICAS (2) replicas of SERVER behind nginx (examples/nginx-replicas.conf) at
            BENCH_LOAD_REPLICA_SIZE (10000/1000/noget): calls/s, each replica's share and CPU a call
  sockets   BENCH_LOAD_SOCKETS (2000) idle keep-alive connections: the server's CPU seconds over
            BENCH_LOAD_CPU_SECONDS (10), read from /proc/<pid>/stat; then as long again with
            BENCH_LOAD_SOCKET_CALLERS (8) clients calling beside them (SERVER, POLL_SERVER, Node)

The held sessions need descriptors: 10,000 without streams need about 11,000 in the generator and 12,000 in
the server; 8,000 with streams about 17,000 and 18,000 (RLIMIT_NOFILE; a load the hard limit cannot hold is
left out, saying so). Prints one Markdown table with the wanted figure and a verdict for SERVER. Python
stdlib only."""
import os
import re
import resource
import shutil
import socket
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "lib"))
sys.path.insert(0, HERE)
from mcp import start_http  # noqa: E402
from sim import BUILD, ROOT, KEY, closed_port, server_env, stop, stop_all  # noqa: E402
from concurrency import node_http  # noqa: E402

SECONDS = float(os.environ.get("BENCH_LOAD_SECONDS", "5"))
SIZES = os.environ.get("BENCH_LOAD_SIZES", "1000/256,10000/1000/noget,8000/1000")
NODE_SIZES = os.environ.get("BENCH_LOAD_NODE_SIZES", "1000/256,8000/1000")   # the Node connector opens ~100 sessions/s
REPLICAS = int(os.environ.get("BENCH_LOAD_REPLICAS", "2"))
REPLICA_SIZE = os.environ.get("BENCH_LOAD_REPLICA_SIZE", "10000/1000/noget")
SOCKETS = int(os.environ.get("BENCH_LOAD_SOCKETS", "2000"))
CPU_SECONDS = float(os.environ.get("BENCH_LOAD_CPU_SECONDS", "10"))
SOCKET_CALLERS = int(os.environ.get("BENCH_LOAD_SOCKET_CALLERS", "8"))
DELAY_MS = 200
MIB = 1024 * 1024
TICK = os.sysconf("SC_CLK_TCK")
CPU_WANTED_MS = 0.10   # issue 37: one core serves 10,000 calls/s


def size(text):
    """"HELD/ACTIVE[/noget]" -> (held, active, with GET streams)"""
    f = text.strip().split("/")
    return int(f[0]), int(f[1]), not (len(f) > 2 and f[2] == "noget")


def fds_needed(held, active, get):
    """descriptors of the generator (the server needs about ACTIVE more, its E2B connections)"""
    return held * (2 if get else 1) + active + 64


def kv(text):
    """key=value pairs of loadgen's output, as strings."""
    return dict(re.findall(r"(\w+)=(\S+)", text))


def loadgen(binary, *args, env=None):
    r = subprocess.run([binary] + [str(a) for a in args], capture_output=True, text=True, env=env,
                       timeout=SECONDS + 180)
    if r.returncode != 0:
        raise RuntimeError("loadgen %s: %s" % (args[0], r.stderr.strip()[-300:]))
    return kv(r.stdout)


def hwm_kib(pid):
    """Peak RSS (VmHWM) of a running process, KiB."""
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def cpu_s(pid):
    """utime + stime of a process so far, seconds."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def tree_cpu_s(pid):
    """utime + stime of a process and its children (nginx's master and its worker), seconds"""
    total = cpu_s(pid)
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open("/proc/%s/stat" % d) as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        total += cpu_s(int(d))
            except (OSError, ValueError, IndexError):
                pass
    return total


def sched_wait_s(pid):
    """seconds the process has waited on a run queue for a CPU so far (0 where schedstat is absent)"""
    try:
        with open("/proc/%d/schedstat" % pid) as f:
            return int(f.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def sessions(binary, port, pids, held, active, get):
    """A load against a server on port (its processes pids): loadgen's figures, the server's CPU and
    run-queue wait over the window (read at loadgen's WINDOW and WINDOW_END), and its peak RSS."""
    env = dict(os.environ)
    env.setdefault("LOADGEN_OPEN", "256")   # sessions in their handshake at once
    env.setdefault("LOADGEN_OPEN_TIMEOUT", "180")
    if not get:
        env["LOADGEN_NO_GET"] = "1"
    g = subprocess.Popen([binary, "mcp", str(port), str(held), str(active), str(SECONDS)], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, env=env)
    out, marks = "", []
    for line in g.stdout:
        out += line
        if line.strip() in ("WINDOW", "WINDOW_END"):
            marks.append((sum(cpu_s(q) for q in pids), sum(sched_wait_s(q) for q in pids)))
    err = g.stderr.read()
    if g.wait() != 0 or len(marks) < 2:
        raise RuntimeError("loadgen mcp %d/%d: %s" % (held, active, (out + err)[-300:]))
    r = kv(out)
    r["cpu_s"] = marks[1][0] - marks[0][0]
    r["waited_s"] = marks[1][1] - marks[0][1]
    r["cpu_call_ms"] = 1000.0 * r["cpu_s"] / int(r["ok"]) if int(r["ok"]) else float("nan")
    r["rss_kib"] = [hwm_kib(q) for q in pids]
    return r


def ceiling(binary, port, conns):
    """requests/s of conns keep-alive connections straight to the stand-in"""
    return float(loadgen(binary, "floor", port, conns, SECONDS, KEY)["per_s"])


class Stub:
    """bench/e2b-stub.c: the E2B stand-in, beside the load generator."""

    def __init__(self, binary):
        self.p = subprocess.Popen([binary, "0", str(DELAY_MS)], stdout=subprocess.PIPE, text=True)
        line = self.p.stdout.readline()
        if not line.startswith("READY"):
            raise RuntimeError("e2b-stub did not start")
        self.port = int(line.split()[1])

    def stats(self):
        import json
        with socket.create_connection(("127.0.0.1", self.port), timeout=5) as c:
            c.sendall(b"GET /_stub/stats HTTP/1.1\r\nHost: x\r\n\r\n")
            data = b""
            while b"}" not in data:
                got = c.recv(4096)
                if not got:
                    break
                data += got
        return json.loads(data.split(b"\r\n\r\n", 1)[1])

    def stop(self):
        self.p.kill()
        self.p.wait()


def idle_sockets(binary, port, p):
    """SOCKETS idle keep-alive connections: the server's CPU over CPU_SECONDS while they are open, then
    over CPU_SECONDS more with SOCKET_CALLERS clients calling beside them."""
    g = subprocess.Popen([binary, "sockets", str(port), str(SOCKETS), str(CPU_SECONDS), str(SOCKET_CALLERS)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out, marks = "", []
    for line in g.stdout:   # loadgen times the windows; the server's CPU is read at each mark
        out += line
        if line.split()[:1] in (["HELD"], ["CALLING"], ["DONE"]):
            marks.append(cpu_s(p.pid))
        if line.startswith("DONE") or (line.startswith("sockets=") and not SOCKET_CALLERS):
            if not SOCKET_CALLERS:
                marks.append(cpu_s(p.pid))
            break
    rest, err = g.communicate(timeout=60)
    if len(marks) < 3 and SOCKET_CALLERS or len(marks) < 2:
        raise RuntimeError("loadgen sockets: %s" % (out + rest + err)[-300:])
    r = kv(out + rest)
    r.update(held=out.split("HELD")[1].split()[0], cpu_idle=marks[1] - marks[0],
             cpu_calls=marks[2] - marks[1] if SOCKET_CALLERS else 0.0)
    return r


class Nginx:
    """nginx before the replicas, from examples/nginx-replicas.conf, sized for the load."""

    def __init__(self, ports, conns):
        self.dir = os.path.join(BUILD, "bench", "replicas")
        shutil.rmtree(self.dir, ignore_errors=True)
        for d in ("tmp", "logs"):
            os.makedirs(os.path.join(self.dir, d))
        self.port = closed_port()
        with open(os.path.join(ROOT, "examples", "nginx-replicas.conf")) as f:
            site = f.read()
        for i, p in enumerate(ports):
            site = site.replace("@PORT%d@" % (i + 1), str(p))
        if len(ports) != 3:   # the recipe lists three; as many server lines as replicas
            for pool in ("mcp_modern", "mcp_legacy"):
                site = re.sub(r"(upstream %s \{[^}]*?)((?:\s*server 127\.0\.0\.1:\S+ [^;]*;)+)" % pool,
                              lambda m: m.group(1) + "".join("\n    server 127.0.0.1:%d max_fails=1 fail_timeout=30s;" % q
                                                             for q in ports), site)
        site = site.replace("@LISTEN@", str(self.port))
        d = self.dir
        nofile = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        nofile = 1 << 20 if nofile == resource.RLIM_INFINITY else nofile
        conns = min(conns + 1024, nofile - 64)   # and a margin for connections opening and closing
        conf = ("daemon off;\nmaster_process on;\nworker_processes 1;\nworker_rlimit_nofile %d;\npid %s/nginx.pid;\n"
                "error_log %s/error.log warn;\nevents { worker_connections %d; }\nhttp {\n"
                "    client_body_temp_path %s/tmp/body;\n    proxy_temp_path %s/tmp/proxy;\n"
                "    fastcgi_temp_path %s/tmp/fastcgi;\n    uwsgi_temp_path %s/tmp/uwsgi;\n    scgi_temp_path %s/tmp/scgi;\n"
                "    log_format up '$upstream_addr $status';\n"
                "    access_log %s/access.log up;\n%s}\n") % (nofile, d, d, conns, d, d, d, d, d, d, site)
        with open(os.path.join(d, "nginx.conf"), "w") as f:
            f.write(conf)
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        self.p = subprocess.Popen([nginx, "-p", d, "-c", os.path.join(d, "nginx.conf"), "-e", os.path.join(d, "error.log")],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                if self.p.poll() is not None:
                    break
                time.sleep(0.05)
        raise RuntimeError("nginx did not start: %s" % self.p.stderr.read().decode()[-400:])

    def shares(self, ports):
        """{replica port: requests it answered}, and how many answers were 502/503/504 from nginx itself."""
        by, bad = {p: 0 for p in ports}, 0
        with open(os.path.join(self.dir, "access.log")) as f:
            for line in f:
                head = line.split()
                if len(head) < 2:
                    continue
                last = head[-2].rstrip(",")
                if head[-1] in ("502", "504") or ":" not in last:
                    bad += 1
                    continue
                port = int(last.rsplit(":", 1)[1])
                if port in by:
                    by[port] += 1
        return by, bad

    def stop(self):
        if self.p.poll() is None:
            self.p.send_signal(3)
            try:
                self.p.wait(10)
            except subprocess.TimeoutExpired:
                self.p.kill()
                self.p.wait()


def main():
    server, node_dir, binary = sys.argv[1:4]
    poll_server = sys.argv[4] if len(sys.argv) > 4 else None   # the same build waiting with poll, not epoll
    stub_bin = os.path.join(os.path.dirname(os.path.abspath(binary)), "e2b-stub")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:   # the servers, nginx and the generator each hold thousands of sockets
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    limit = 1 << 30 if hard == resource.RLIM_INFINITY else hard
    loads, skipped = [], []
    for text in SIZES.split(","):
        held, active, get = size(text)
        need = fds_needed(held, active, get) + active
        (loads if need <= limit else skipped).append((held, active, get))
    load0 = os.getloadavg()
    stub = Stub(stub_bin)
    env = server_env(stub.port, KEY)
    t_start = time.time()

    res = []   # per load: (held, active, get, ceiling before, C, ceiling after, Node)
    for held, active, get in loads:
        row = [held, active, get]
        for kind in ("ceiling", "c", "ceiling", "node"):
            if kind == "node" and "%d/%d%s" % (held, active, "" if get else "/noget") not in NODE_SIZES.split(","):
                row.append({"failed": "not run (BENCH_LOAD_NODE_SIZES)"})
                continue
            if kind == "ceiling":
                row.append(ceiling(binary, stub.port, active))
                continue
            port, p = start_http(server, env) if kind == "c" else node_http(node_dir, env)
            try:
                row.append(sessions(binary, port, [p.pid], held, active, get))
            except RuntimeError as e:
                row.append({"failed": str(e)})
            finally:
                stop(p)
        res.append(row)

    # past one core: replicas behind nginx
    rep = None
    if REPLICAS > 0 and (shutil.which("nginx") or os.path.exists("/usr/sbin/nginx")):
        held, active, get = size(REPLICA_SIZE)
        extra = {"E2B_MCP_STATE_KEY": "bench-replicas-share-this", "E2B_MCP_HTTP_PROXY_NAMES_SESSIONS": "1"}
        reps = [start_http(server, server_env(stub.port, KEY, extra)) for _ in range(REPLICAS)]
        ng = None
        try:
            # nginx holds both ends: a client connection per held session (and its GET stream), and an
            # upstream one per stream and per call in flight; short of them it closes idle clients
            ng = Nginx([q for q, _ in reps], held * (3 if get else 1) + 2 * active)
            c0 = ceiling(binary, stub.port, active)
            rep = sessions(binary, ng.port, [p.pid for _, p in reps], held, active, get)
            rep["ceiling"] = (c0 + ceiling(binary, stub.port, active)) / 2
            rep["nginx_cpu"] = tree_cpu_s(ng.p.pid)
            time.sleep(0.2)
            rep["by"], rep["bad"] = ng.shares([q for q, _ in reps])
            rep["size"] = (held, active, get)
        finally:
            if ng:
                ng.stop()
            for _, p in reps:
                stop(p)

    # idle sockets: the server's CPU while they are open
    sock = []
    for kind in ("c", "poll", "node"):
        if kind == "poll" and not poll_server:
            sock.append(None)
            continue
        port, p = start_http(server if kind == "c" else poll_server, env) if kind != "node" else node_http(node_dir, env)
        try:
            sock.append(idle_sockets(binary, port, p))
        finally:
            stop(p)
    inflight = stub.stats()
    stub.stop()
    stop_all()
    took = time.time() - t_start

    # ---- the table
    def ok(cond):
        return "ok" if cond else "MISS"

    def refused(r):
        return "%s (initialize %s, calls %s, other %s)" % (r["refused"], r["refused_init"], r["refused_call"], r["refused_other"])

    def errors(r):
        kinds = [(k, r[k]) for k in ("reset", "timeout", "connect", "status", "not_found", "bad_result", "malformed") if r[k] != "0"]
        return r["errors"] + (" (%s)" % ", ".join("%s %s" % kv_ for kv_ in kinds) if kinds else "")

    def get_(r):
        if r["get"] == "off":
            return "none opened"
        if r["get"] == "stream":
            return "%s opened, %s open at the end" % (r["get_open"], r["streams_at_end"])
        if r["get"] == "none":
            return "not offered (405)"
        return "%s opened, %s refused or failed" % (r["get_open"], r["get_failed"])

    def mib(kib):
        return "%.1f MiB" % (int(kib) / 1024.0)

    def cell(r, f):
        if "failed" in r:
            return r["failed"] if r["failed"].startswith("not run") else "failed: %s" % r["failed"][-120:]
        return f(r)

    rows = []
    row = rows.append
    for held, active, get, ce0, c, ce1, n in res:
        ce = (ce0 + ce1) / 2
        lead = "%d 2025 sessions held%s + %d calling e2b_list_sandboxes" % (held, " with their GET streams" if get else "", active)
        good = "failed" not in c
        cps = float(c["per_s"]) if good else 0.0
        row((lead + ": calls/s (x the ceiling: %d connections straight to the stand-in, %.0f before and %.0f after)" % (active, ce0, ce1),
             cell(c, lambda r: "%.0f (%.2fx)" % (float(r["per_s"]), float(r["per_s"]) / ce)),
             cell(n, lambda r: "%.0f (%.2fx)" % (float(r["per_s"]), float(r["per_s"]) / ce)),
             ">= 0.9x", ok(good and cps >= 0.9 * ce)))
        if not good:
            continue
        row(("... refused (503); errors", "%s; %s" % (refused(c), errors(c)), cell(n, lambda r: "%s; %s" % (refused(r), errors(r))),
             "none refused, no errors", ok(c["refused"] == "0" and c["errors"] == "0")))
        row(("... p50 / p99 of a call", "%s / %s ms" % (c["p50_ms"], c["p99_ms"]), cell(n, lambda r: "%s / %s ms" % (r["p50_ms"], r["p99_ms"])),
             "p99 < 400 ms", ok(float(c["p99_ms"]) < 400)))
        row(("... held sessions that answer a ping at the end / gone (404) / failed; GET streams",
             "%s / %s / %s; %s" % (c["held_alive"], c["held_evicted"], c["held_err"], get_(c)),
             cell(n, lambda r: "%s / %s / %s; %s" % (r["held_alive"], r["held_evicted"], r["held_err"], get_(r))),
             "%d / 0 / 0" % held, ok(c["held_alive"] == str(held))))
        row(("... server CPU a call (utime+stime over the window / calls answered in it); seconds it waited for a CPU "
             "in the %g s window (schedstat: the machine is shared)" % SECONDS,
             "%.3f ms; %.1f s" % (c["cpu_call_ms"], c["waited_s"]),
             cell(n, lambda r: "%.3f ms; %.1f s" % (r["cpu_call_ms"], r["waited_s"])),
             "<= %.2f ms" % CPU_WANTED_MS if held >= 8000 else "-", ok(c["cpu_call_ms"] <= CPU_WANTED_MS) if held >= 8000 else ""))
        row(("... peak RSS of the server (VmHWM); seconds to open the held sessions; the generator's CPU seconds",
             "%s; %s s; %s s" % (mib(c["rss_kib"][0]), c["idle_open_s"], c["gen_cpu_s"]),
             cell(n, lambda r: "%s; %s s; %s s" % (mib(r["rss_kib"][0]), r["idle_open_s"], r["gen_cpu_s"])),
             "<= 64 MiB", ok(c["rss_kib"][0] <= 64 * 1024)))
    for held, active, get in skipped:
        row(("%d sessions held%s + %d calling" % (held, " with GET streams" if get else "", active),
             "left out: needs %d descriptors, the hard RLIMIT_NOFILE is %d" % (fds_needed(held, active, get) + active, hard), "", "-", ""))
    if rep:
        held, active, get = rep["size"]
        total = sum(rep["by"].values()) or 1
        shares = " / ".join("%.0f%%" % (100.0 * v / total) for v in rep["by"].values())
        ce = rep["ceiling"]
        row(("%d replicas behind nginx (examples/nginx-replicas.conf, one worker), %d sessions held%s + %d calling: calls/s (x the ceiling %.0f)"
             % (REPLICAS, held, " with GET streams" if get else "", active, ce),
             "%.0f (%.2fx)" % (float(rep["per_s"]), float(rep["per_s"]) / ce), "n/a (its sessions cannot follow nginx's session ids)",
             "-", ""))
        row(("... refused; errors; p50 / p99; held sessions that answer a ping at the end",
             "%s; %s; %s / %s ms; %s of %d" % (refused(rep), errors(rep), rep["p50_ms"], rep["p99_ms"], rep["held_alive"], held),
             "", "none refused", ok(rep["refused"] == "0" and rep["bad"] == 0)))
        row(("... each replica's share of the requests nginx passed (of %d; nginx's own 502/504: %d); peak RSS per replica" % (total, rep["bad"]),
             "%s; %s" % (shares, " / ".join(mib(x) for x in rep["rss_kib"])), "", "-", ""))
        row(("... the replicas' CPU a call together; nginx's CPU seconds over its whole run; seconds the replicas waited for a CPU in the window",
             "%.3f ms; %.1f s; %.1f s" % (rep["cpu_call_ms"], rep["nginx_cpu"], rep["waited_s"]), "", "-", ""))
    cs, ps, ns = sock

    def idle(r):
        return "%.2f s (%s held)" % (r["cpu_idle"], r["open_after_idle"])

    def calling(r):
        calls = int(r["calls"])
        return "%.2f s (%d calls, %.2f ms CPU each; %s sockets held)" % (
            r["cpu_calls"], calls, 1000.0 * r["cpu_calls"] / calls if calls else float("nan"), r["open_at_end"])
    poll_note = "; built with E2B_MCP_SOCK_POSIX_NO_EPOLL (poll): %s"
    row(("%d idle keep-alive sockets: CPU seconds of the server over %g s (sockets it still holds at the end)" % (SOCKETS, CPU_SECONDS),
         idle(cs) + (poll_note % idle(ps) if ps else ""), idle(ns), "-", ""))
    if SOCKET_CALLERS:
        row(("... then %d clients calling beside them for %g s: CPU seconds of the server" % (SOCKET_CALLERS, CPU_SECONDS),
             calling(cs) + (poll_note % calling(ps) if ps else ""), calling(ns), "-", ""))

    names = ["build/e2b-mcp", "Node (TS SDK + fetch)"]
    print("| load (E2B stand-in bench/e2b-stub.c answers after %d ms; %g s per window; load average %.1f at the start, %.1f at the end; %.0f s in all) | %s | wanted | verdict |"
          % (DELAY_MS, SECONDS, load0[0], os.getloadavg()[0], took, " | ".join(names)))
    print("|---|---|---|---|---|")
    for r in rows:
        print("| %s |" % " | ".join(r))
    print("\nmost E2B requests open at once at the stand-in, over the load run: %s" % inflight.get("max_inflight"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
