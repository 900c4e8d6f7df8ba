#!/usr/bin/env python3
"""bench/load.py SERVER NODE_DIR LOADGEN [POLL_SERVER] - a server under an organisation's load, beside the Node connector.

SERVER is build/e2b-mcp (POLL_SERVER the same built with E2B_MCP_SOCK_POSIX_NO_EPOLL), NODE_DIR a directory holding node-connector.mjs and its node_modules (the
official TypeScript MCP SDK), LOADGEN bench/loadgen.c built (one thread, epoll: it holds thousands
of connections without being the bottleneck). One simulator, every answer after 200 ms, all on
loopback; in one run:

  floor     BENCH_LOAD_FLOOR (256) keep-alive connections straight to the simulator: requests/s
  sessions  BENCH_LOAD_IDLE (1000) 2025 sessions held open (each with its keep-alive POST connection
            and, where the server offers one, a GET stream) and BENCH_LOAD_ACTIVE (256) more calling
            e2b_list_sandboxes in a loop for BENCH_LOAD_SECONDS (5): calls/s, refused, errors,
            p50/p99, sessions still there at the end, peak RSS; for SERVER and for the Node connector
  replicas  the same through BENCH_LOAD_REPLICAS (3) replicas of SERVER behind nginx
            (examples/nginx-replicas.conf): each replica's share, refused
  sockets   BENCH_LOAD_SOCKETS (2000) idle keep-alive connections: the server's CPU seconds over
            BENCH_LOAD_CPU_SECONDS (10), read from /proc/<pid>/stat; then as long again with
            BENCH_LOAD_SOCKET_CALLERS (8) clients calling beside them (SERVER, POLL_SERVER, Node)

Prints one Markdown table with the wanted figure and a verdict for SERVER. Python stdlib only."""
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
from sim import BUILD, ROOT, KEY, Sim, closed_port, server_env, stop, stop_all  # noqa: E402
from concurrency import node_http  # noqa: E402

SECONDS = float(os.environ.get("BENCH_LOAD_SECONDS", "5"))
IDLE = int(os.environ.get("BENCH_LOAD_IDLE", "1000"))
ACTIVE = int(os.environ.get("BENCH_LOAD_ACTIVE", "256"))
FLOOR = int(os.environ.get("BENCH_LOAD_FLOOR", "256"))
REPLICAS = int(os.environ.get("BENCH_LOAD_REPLICAS", "3"))
SOCKETS = int(os.environ.get("BENCH_LOAD_SOCKETS", "2000"))
CPU_SECONDS = float(os.environ.get("BENCH_LOAD_CPU_SECONDS", "10"))
SOCKET_CALLERS = int(os.environ.get("BENCH_LOAD_SOCKET_CALLERS", "8"))
DELAY_MS = 200
MIB = 1024 * 1024
TICK = os.sysconf("SC_CLK_TCK")


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


def sessions(binary, port, p):
    """The sessions load against a server on port (process p): loadgen's figures and its peak RSS."""
    r = loadgen(binary, "mcp", port, IDLE, ACTIVE, SECONDS)
    r["rss_kib"] = hwm_kib(p.pid)
    return r


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

    def __init__(self, ports):
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
        conns = 2 * (IDLE * 2 + ACTIVE) + 1024
        conf = ("daemon off;\nmaster_process on;\nworker_processes 1;\nworker_rlimit_nofile %d;\npid %s/nginx.pid;\n"
                "error_log %s/error.log warn;\nevents { worker_connections %d; }\nhttp {\n"
                "    client_body_temp_path %s/tmp/body;\n    proxy_temp_path %s/tmp/proxy;\n"
                "    fastcgi_temp_path %s/tmp/fastcgi;\n    uwsgi_temp_path %s/tmp/uwsgi;\n    scgi_temp_path %s/tmp/scgi;\n"
                "    log_format up '$upstream_addr $status';\n"
                "    access_log %s/access.log up;\n%s}\n") % (conns + 64, d, d, conns, d, d, d, d, d, d, site)
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
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:   # the servers, nginx and the generator each hold thousands of sockets
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    need = 2 * IDLE + ACTIVE + 64
    if hard != resource.RLIM_INFINITY and hard < max(need, SOCKETS + 64):
        print("(load: the hard RLIMIT_NOFILE is %d; this load needs %d descriptors per process: raise it, ulimit -Hn)"
              % (hard, max(need, SOCKETS + 64)))
        return 1
    load = os.getloadavg()
    sim = Sim.start()
    sim.config(delay_ms=DELAY_MS)
    env = server_env(sim.port, KEY)
    floor = loadgen(binary, "floor", sim.port, FLOOR, SECONDS, KEY)

    res = []
    for kind in ("c", "node"):
        port, p = start_http(server, env) if kind == "c" else node_http(node_dir, env)
        try:
            res.append(sessions(binary, port, p))
        finally:
            stop(p)

    # the same through replicas behind nginx
    rep = None
    if REPLICAS > 0 and (shutil.which("nginx") or os.path.exists("/usr/sbin/nginx")):
        extra = {"E2B_MCP_STATE_KEY": "bench-replicas-share-this", "E2B_MCP_HTTP_PROXY_NAMES_SESSIONS": "1"}
        reps = [start_http(server, server_env(sim.port, KEY, extra)) for _ in range(REPLICAS)]
        ng = None
        try:
            ng = Nginx([q for q, _ in reps])
            rep = loadgen(binary, "mcp", ng.port, IDLE, ACTIVE, SECONDS)
            time.sleep(0.2)
            rep["by"], rep["bad"] = ng.shares([q for q, _ in reps])
            rep["rss"] = [hwm_kib(p.pid) for _, p in reps]
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
    inflight = sim.inflight()
    sim.stop()
    stop_all()

    # ---- the table
    f = float(floor["per_s"])
    c, n = res
    cps, nps = float(c["per_s"]), float(n["per_s"])

    def ok(cond):
        return "ok" if cond else "MISS"

    def refused(r):
        return "%s (initialize %s, calls %s, other %s)" % (r["refused"], r["refused_init"], r["refused_call"], r["refused_other"])

    def errors(r):
        kinds = [(k, r[k]) for k in ("reset", "timeout", "connect", "status", "not_found", "bad_result", "malformed") if r[k] != "0"]
        return r["errors"] + (" (%s)" % ", ".join("%s %s" % kv_ for kv_ in kinds) if kinds else "")

    def get(r):
        if r["get"] == "stream":
            return "%s opened, %s open at the end" % (r["get_open"], r["streams_at_end"])
        if r["get"] == "none":
            return "not offered (405)"
        return "%s opened, %s refused or failed" % (r["get_open"], r["get_failed"])

    def mib(kib):
        return "%.1f MiB" % (int(kib) / 1024.0)

    rows = []
    row = rows.append
    row(("floor: %d keep-alive connections straight to the simulator: requests/s (p50 / p99)" % FLOOR,
         "%.0f (%s / %s ms; the generator's CPU %s s)" % (f, floor["p50_ms"], floor["p99_ms"], floor["gen_cpu_s"]), "(the same)", "-", ""))
    lead = "%d 2025 sessions held + %d calling e2b_list_sandboxes" % (IDLE, ACTIVE)
    row((lead + ": calls/s", "%.0f" % cps, "%.0f" % nps, ">= 0.8 x floor = %.0f; >= 1.5 x Node = %.0f" % (0.8 * f, 1.5 * nps),
         ok(cps >= 0.8 * f and cps >= 1.5 * nps)))
    row(("... ratio to the floor", "%.2f" % (cps / f), "%.2f" % (nps / f), ">= 0.80", ok(cps / f >= 0.8)))
    row(("... ratio to the Node connector", "%.2fx" % (cps / nps if nps else float("inf")), "-", ">= 1.5x",
         ok(nps and cps / nps >= 1.5)))
    row(("... refused (503)", refused(c), refused(n), "0", ok(c["refused"] == "0")))
    row(("... errors", errors(c), errors(n), "0", ok(c["errors"] == "0")))
    row(("... latency of a call p50 / p99", "%s / %s ms" % (c["p50_ms"], c["p99_ms"]), "%s / %s ms" % (n["p50_ms"], n["p99_ms"]),
         "p99 < 400 ms", ok(float(c["p99_ms"]) < 400)))
    row(("... held sessions that answer a ping at the end / gone (404) / failed",
         "%s / %s / %s" % (c["held_alive"], c["held_evicted"], c["held_err"]),
         "%s / %s / %s" % (n["held_alive"], n["held_evicted"], n["held_err"]), "%d / 0 / 0" % IDLE,
         ok(c["held_alive"] == str(IDLE))))
    row(("... their keep-alive POST connections: open when calls start / at the end (closed by the server over the run; "
         "of those, as the final ping went out, which was sent again on a new connection)",
         "%s / %s (%s; %s)" % (c["idle_conns_at_start"], c["idle_conns_at_end"], c["ka_closed"], c["ka_retried"]),
         "%s / %s (%s; %s)" % (n["idle_conns_at_start"], n["idle_conns_at_end"], n["ka_closed"], n["ka_retried"]), "-", ""))
    row(("... their GET streams", get(c), get(n), "-", ""))
    row(("... seconds to open the held sessions (%s at a time)" % os.environ.get("LOADGEN_OPEN", "64"),
         c["idle_open_s"], n["idle_open_s"], "-", ""))
    row(("... the load generator's own CPU seconds over its whole run (one thread)", c["gen_cpu_s"], n["gen_cpu_s"], "-", ""))
    row(("... peak RSS of the server (VmHWM)", mib(c["rss_kib"]), mib(n["rss_kib"]), "<= 64 MiB",
         ok(int(c["rss_kib"]) <= 64 * 1024)))
    if rep:
        total = sum(rep["by"].values()) or 1
        shares = " / ".join("%.0f%%" % (100.0 * v / total) for v in rep["by"].values())
        row(("the same through %d replicas behind nginx (examples/nginx-replicas.conf): calls/s; refused; errors" % REPLICAS,
             "%s; %s; %s" % (rep["per_s"], refused(rep), errors(rep)), "n/a (its sessions cannot follow nginx's session ids)",
             "none refused", ok(rep["refused"] == "0" and rep["bad"] == 0)))
        row(("... each replica's share of the requests nginx passed (of %d; nginx's own 502/504: %d)" % (total, rep["bad"]),
             shares, "", "-", ""))
        row(("... p50 / p99; held sessions that answer a ping at the end; peak RSS per replica",
             "%s / %s ms; %s of %d; %s" % (rep["p50_ms"], rep["p99_ms"], rep["held_alive"], IDLE,
                                          " / ".join(mib(x) for x in rep["rss"])), "", "-", ""))
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
    print("| load (simulator answers after %d ms; %g s per window; load average %.1f at the start) | %s | wanted | verdict |"
          % (DELAY_MS, SECONDS, load[0], " | ".join(names)))
    print("|---|---|---|---|---|")
    for r in rows:
        print("| %s |" % " | ".join(r))
    print("\nmost E2B requests open at once at the simulator, over the load run: %s" % inflight.get("max"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
