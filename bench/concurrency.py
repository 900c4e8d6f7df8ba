#!/usr/bin/env python3
"""bench/concurrency.py SERVER OLD_SERVER NODE_DIR [NO_METRICS] - the concurrency figures, side by side in one run.

SERVER is build/e2b-mcp, OLD_SERVER the same binary built from the header before the concurrent
work (bench/run.sh builds it), NODE_DIR a directory holding node-connector.mjs and its node_modules
(the official TypeScript MCP SDK). Against the simulator, whose every answer is delayed:

  http32   32 Streamable HTTP clients, each its own session, calling e2b_list_sandboxes in a loop
           for BENCH_SECONDS (default 5) with 200 ms answers: calls/s (ideal 32 / 0.2 s = 160),
           refused (503), errors, p99 latency
  http128  128 such clients at once, one call each: how many were answered (a result, or 503 with
           Retry-After) and how many were not (a reset, a timeout, anything else)
  stdio8   8 tools/call sent at once over stdio with 500 ms answers: seconds until all 8 answered
  cpu8     8 HTTP clients with answers at once (CPU-bound): calls/s, this build against the old one;
           with NO_METRICS (SERVER built with E2B_MCP_METRICS 0), SERVER and it twice each, interleaved

Prints one Markdown table (one row per figure, a column per server). Python stdlib only."""
import json
import os
import socket
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "lib"))
from mcp import ACCEPT, init_params, read_response, request, rpc, start_http  # noqa: E402
from sim import KEY, Sim, server_env, stop, stop_all  # noqa: E402

SECONDS = float(os.environ.get("BENCH_SECONDS", "5"))
CALL = {"name": "e2b_list_sandboxes", "arguments": {"limit": 1}}


class Client:
    """One HTTP client with its own session, on one keep-alive connection."""

    def __init__(self, port):
        self.port, self.sock = port, None
        r = self.post(rpc(1, "initialize", init_params("2025-06-18")), {})
        if r.status != 200:
            raise RuntimeError("initialize: %d" % r.status)
        self.sid = r.headers.get("mcp-session-id")
        self.post(rpc(None, "notifications/initialized"), self.hdr())
        self.n = 10

    def hdr(self):
        return {"Mcp-Session-Id": self.sid, "MCP-Protocol-Version": "2025-06-18"}

    def post(self, body, headers):
        if self.sock is None:
            self.sock = socket.create_connection(("127.0.0.1", self.port), timeout=30)
        try:
            r = request(self.port, "POST", body, headers, sock=self.sock)
        except Exception:
            self.close()
            raise
        if r.headers.get("connection", "").lower() == "close":
            self.close()
        return r

    def call(self):
        """(status, ok): ok when the answer is a tool result without isError."""
        self.n += 1
        r = self.post(rpc(self.n, "tools/call", CALL), self.hdr())
        if r.status != 200:
            return r.status, False, r.headers.get("retry-after")
        ev = [e for e in r.events() if e.get("id") == self.n]
        return 200, bool(ev) and "result" in ev[-1] and not ev[-1]["result"].get("isError"), None

    def close(self):
        if self.sock:
            self.sock.close()
        self.sock = None


def http_loop(port, clients, seconds):
    """Each client calls in a loop until the time is up. Returns calls/s, refused, errors, p99 ms."""
    lat, refused, errors = [], [0], [0]
    lock = threading.Lock()
    start = [None]
    ready = threading.Barrier(clients + 1, action=lambda: start.__setitem__(0, time.time()))

    def worker():
        try:
            c = Client(port)
        except Exception as e:   # a session refused with 503 counts as refused, anything else as an error
            with lock:
                if "503" in str(e):
                    refused[0] += 1
                else:
                    errors[0] += 1
            ready.wait()
            return
        ready.wait()
        while time.time() - start[0] < seconds:
            t = time.time()
            try:
                st, ok, _ = c.call()
            except Exception:
                st, ok = 0, False
            with lock:
                if ok:
                    lat.append(time.time() - t)
                elif st == 503:
                    refused[0] += 1
                else:
                    errors[0] += 1
            if st == 503:
                time.sleep(0.05)
        c.close()
    ts = [threading.Thread(target=worker) for _ in range(clients)]
    for t in ts:
        t.start()
    ready.wait()
    for t in ts:
        t.join(seconds + 60)
    took = time.time() - start[0]
    lat.sort()
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000 if lat else float("nan")
    return len(lat) / took, refused[0], errors[0], p99


def http_burst(port, clients):
    """clients at once, each: a session and one call. Returns (answered, unanswered)."""
    answered, unanswered = [0], [0]
    lock = threading.Lock()
    go = threading.Barrier(clients)

    def worker():
        go.wait()
        ok = False
        try:
            c = Client(port)
            st, good, retry = c.call()
            ok = good or (st == 503 and retry)
            c.close()
        except RuntimeError as e:   # initialize refused: a 503 with Retry-After counts as answered
            ok = "503" in str(e)
        except Exception:
            ok = False
        with lock:
            if ok:
                answered[0] += 1
            else:
                unanswered[0] += 1
    ts = [threading.Thread(target=worker) for _ in range(clients)]
    for t in ts:
        t.start()
    for t in ts:
        t.join(120)
    return answered[0], unanswered[0]


def stdio_pipelined(cmd, env, n):
    """n tools/call written at once after the handshake; seconds until every answer is in."""
    p = subprocess.Popen(cmd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def send(m):
        p.stdin.write((m + "\n").encode())
        p.stdin.flush()
    send(rpc(1, "initialize", init_params("2025-06-18")))
    while True:
        line = p.stdout.readline()
        if not line or json.loads(line).get("id") == 1:
            break
    send(rpc(None, "notifications/initialized"))
    t = time.time()
    p.stdin.write("".join(rpc(100 + i, "tools/call", CALL) + "\n" for i in range(n)).encode())
    p.stdin.flush()
    got = set()
    while len(got) < n:
        line = p.stdout.readline()
        if not line:
            break
        m = json.loads(line)
        if m.get("id") in range(100, 100 + n):
            got.add(m["id"])
    took = time.time() - t
    stop(p)
    return took if len(got) == n else float("inf")


def node_http(node_dir, env):
    p = subprocess.Popen(["node", os.path.join(node_dir, "node-connector.mjs"), "--http"], env=env,
                         stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    line = p.stdout.readline().decode()
    if not line.startswith("READY"):
        raise RuntimeError("node connector did not start")
    return int(line.split()[1]), p


def main():
    server, old, node_dir = sys.argv[1:4]
    nometrics = sys.argv[4] if len(sys.argv) > 4 else None
    rows = []
    sim = Sim.start()
    env = server_env(sim.port, KEY)
    names = ["build/e2b-mcp", "old build", "Node (TS SDK + fetch)"]

    def servers():
        out = []
        for kind, binary in (("c", server), ("c", old), ("node", None)):
            out.append(start_http(binary, env) if kind == "c" else node_http(node_dir, env))
        return out

    # answers after 200 ms: 32 clients in a loop, then 128 at once
    sim.config(delay_ms=200)
    res32, res128 = [], []
    for port, p in servers():
        res32.append(http_loop(port, 32, SECONDS))
        res128.append(http_burst(port, 128))
        stop(p)
    rows.append(("32 HTTP clients, own sessions, 200 ms answers: calls/s (ideal 160; >= 128 wanted)",
                 ["%.1f" % r[0] for r in res32]))
    rows.append(("... refused (503) / errors", ["%d / %d" % (r[1], r[2]) for r in res32]))
    rows.append(("... p99 latency (< 400 ms wanted)", ["%.0f ms" % r[3] for r in res32]))
    rows.append(("128 HTTP clients at once, one call each: answered (result or 503 + Retry-After) / not",
                 ["%d / %d" % r for r in res128]))
    # stdio: 8 pipelined calls, 500 ms answers
    sim.config(delay_ms=500)
    st = [stdio_pipelined([server], env, 8), stdio_pipelined([old], env, 8),
          stdio_pipelined(["node", os.path.join(node_dir, "node-connector.mjs"), "--stdio"], env, 8)]
    rows.append(("8 tools/call at once over stdio, 500 ms answers: all answered after (<= 0.75 s wanted)",
                 ["%.2f s" % x for x in st]))
    # CPU-bound: answers at once
    sim.config(delay_ms=0)
    cpu = []
    for port, p in servers():
        cpu.append(http_loop(port, 8, SECONDS)[0])
        stop(p)
    rows.append(("8 HTTP clients, answers at once (CPU-bound): calls/s", ["%.0f" % x for x in cpu]))
    if nometrics:   # the metrics' cost on the hot path: this build against itself without them, interleaved
        on, off = [], []
        for _ in range(2):
            for binary, into in ((server, on), (nometrics, off)):
                port, p = start_http(binary, env)
                into.append(http_loop(port, 8, SECONDS)[0])
                stop(p)
        rows.append(("... this build with metrics / built with E2B_MCP_METRICS 0 (twice each, interleaved): calls/s",
                     ["%.0f / %.0f" % (sum(on) / 2, sum(off) / 2), "-", "-"]))
    inflight = sim.control("GET", "/_sim/inflight")
    sim.stop()
    stop_all()
    print("| concurrency (simulator, %g s per loop) | %s |" % (SECONDS, " | ".join(names)))
    print("|---|%s" % ("---|" * len(names)))
    for label, vals in rows:
        print("| %s | %s |" % (label, " | ".join(vals)))
    print("\nmost E2B requests open at once at the simulator, over the whole run: %s" % inflight.get("max"))


if __name__ == "__main__":
    main()
