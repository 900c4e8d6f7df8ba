#!/usr/bin/env python3
"""bench/identity.py PROTECTED UNPROTECTED - an honest client beside a forged-token flood, on the
server as built and on the same server built without the flood's absorption (no verified-token
memory, no per-address budget: -DE2B_MCP_AUTH_CACHE=0 -DE2B_MCP_AUTH_FAIL_BURST=1000000).

  flood  BENCH_FLOOD_PROCS (3) processes send access tokens signed with a key the issuer never
         had under a kid it publishes (ES256: a P-256 verification each) as fast as the server
         answers, while an honest client, whose token was verified once, pings BENCH_REQUESTS
         (200) times: its median / p99 / slowest in ms (target: p99 under 50 ms), and how many
         forged tokens the server answered per second and how (401: verified; 429: refused
         before any crypto).

Keys and tokens are made fresh by tests/unit/auth_tokens.mjs (node). Prints Markdown table rows.
Python stdlib only; the simulator and servers come from tests/lib."""
import multiprocessing
import os
import socket
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "lib"))
from mcp import init_params, request, rpc, start_http  # noqa: E402
from sim import BUILD, ROOT, Sim, server_env, stop, stop_all  # noqa: E402

REQUESTS = int(os.environ.get("BENCH_REQUESTS", "200"))
PROCS = int(os.environ.get("BENCH_FLOOD_PROCS", "3"))
DIR = os.path.join(BUILD, "bench", "identity")


def tokens():
    subprocess.run(["node", os.path.join(ROOT, "tests", "unit", "auth_tokens.mjs"), DIR], check=True, capture_output=True)
    iss, aud = open(os.path.join(DIR, "meta.txt")).read().split()
    toks = {}
    for line in open(os.path.join(DIR, "tokens.txt")):
        name, _, tok = line.split(" ", 2)
        toks[name] = tok.strip()
    return iss, aud, toks


def flooder(port, tok, stop_at, counts):
    """Forged tokens on one keep-alive connection (again when the server closes it)."""
    body = rpc(1, "initialize", init_params()).encode()
    req = (b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
           b"Accept: application/json, text/event-stream\r\nAuthorization: Bearer %s\r\nContent-Length: %d\r\n\r\n"
           % (port, tok.encode(), len(body))) + body
    s, buf = None, b""
    while time.time() < stop_at:
        try:
            if s is None:
                s = socket.create_connection(("127.0.0.1", port), timeout=5)
                buf = b""
            s.sendall(req)
            while b"\r\n\r\n" not in buf:
                got = s.recv(65536)
                if not got:
                    raise OSError("closed")
                buf += got
            head, buf = buf.split(b"\r\n\r\n", 1)
            n = 0
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    n = int(line.split(b":")[1])
            while len(buf) < n:
                got = s.recv(65536)
                if not got:
                    raise OSError("closed")
                buf += got
            buf = buf[n:]
            code = head.split(b" ", 2)[1]
            with counts.get_lock():
                counts[0 if code == b"401" else 1 if code == b"429" else 2] += 1
            if b"connection: close" in head.lower():
                s.close()
                s = None
        except OSError:
            if s:
                s.close()
            s = None


def run(server, sim_port, iss, aud, toks):
    env = server_env(sim_port, extra={"E2B_MCP_AUTH_ISSUER": iss, "E2B_MCP_AUTH_RESOURCE": aud,
                                      "E2B_MCP_AUTH_JWKS_FILE": os.path.join(DIR, "jwks.json")})
    port, p = start_http(server, env)
    h = {"Authorization": "Bearer " + toks["http_all"]}
    r = request(port, "POST", rpc(1, "initialize", init_params()), h)
    h.update({"Mcp-Session-Id": r.headers.get("mcp-session-id", ""), "MCP-Protocol-Version": "2025-11-25"})
    request(port, "POST", rpc(None, "notifications/initialized"), h)
    counts = multiprocessing.Array("l", 3)
    stop_at = time.time() + 3600
    procs = [multiprocessing.Process(target=flooder, args=(port, toks["forged_es256"], stop_at, counts), daemon=True)
             for _ in range(PROCS)]
    for q in procs:
        q.start()
    time.sleep(1.0)   # the flood is on (and, protected, its budget spent)
    c0, t0 = [counts[i] for i in range(3)], time.time()
    lat, bad = [], 0
    for i in range(REQUESTS):
        t = time.time()
        try:
            bad += request(port, "POST", rpc(100 + i, "ping"), h, timeout=30).status != 200
        except OSError:
            bad += 1
        lat.append((time.time() - t) * 1000)
        time.sleep(0.02)
    secs = time.time() - t0
    c1 = [counts[i] for i in range(3)]
    for q in procs:
        q.terminate()
    stop(p)
    lat.sort()
    return lat, bad, [(c1[i] - c0[i]) / secs for i in range(3)]


def main():
    protected, unprotected = sys.argv[1], sys.argv[2]
    iss, aud, toks = tokens()
    sim = Sim.start()
    try:
        for name, server in (("protected (as built)", protected), ("unprotected (no cache, no budget)", unprotected)):
            lat, bad, rate = run(server, sim.port, iss, aud, toks)
            print("| forged ES256 tokens from %d processes beside an honest client, %s: honest pings median / p99 / "
                  "slowest (target: p99 < 50 ms; %d pings, %d not 200); forged answered per second: 401 %.0f, 429 %.0f "
                  "| %.1f / %.1f / %.1f ms |"
                  % (PROCS, name, len(lat), bad, rate[0], rate[1], lat[len(lat) // 2], lat[int(len(lat) * 0.99)], lat[-1]))
    finally:
        stop_all()


if __name__ == "__main__":
    main()
