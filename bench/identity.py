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

  slow   the issuer's JWKS endpoint answers only after BENCH_JWKS_SLOW_S (4) seconds while
         BENCH_PILE (3000) connections from as many loopback addresses (127.1.x.y) each present a
         token with a kid nobody published (each would wait for a fetch of the keys; more than
         the 2,304 request buffers), and the honest client, whose token's key is known, pings
         throughout the fetch and a second after: its median / p99 / slowest, and how the pile
         was answered (503 with Retry-After beyond the 8 waiters of E2B_MCP_AUTH_KEY_WAITERS, and
         the slowest of them from its send; 401 once the keys came without the kid; 429 past an
         address's budget).
         The issuer is a loopback server of this file's behind the test CA's TLS front (nginx,
         tests/sim/tls-proxy.sh), since the keys are fetched over verified TLS only.

Keys and tokens are made fresh by tests/unit/auth_tokens.mjs (node). Prints Markdown table rows.
Python stdlib only; the simulator, the TLS front and the servers come from tests/lib."""
import base64
import http.server
import json
import multiprocessing
import os
import queue
import resource
import selectors
import socket
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "lib"))
from mcp import init_params, request, rpc, start_http  # noqa: E402
from sim import BUILD, ROOT, Sim, TlsFront, server_env, stop, stop_all  # noqa: E402

REQUESTS = int(os.environ.get("BENCH_REQUESTS", "200"))
PROCS = int(os.environ.get("BENCH_FLOOD_PROCS", "3"))
PILE = int(os.environ.get("BENCH_PILE", "3000"))
SLOW_S = float(os.environ.get("BENCH_JWKS_SLOW_S", "4"))
DIR = os.path.join(BUILD, "bench", "identity")


def tokens(d=DIR, iss=None):
    env = dict(os.environ, AUTH_TOKENS_ISS=iss) if iss else None
    subprocess.run(["node", os.path.join(ROOT, "tests", "unit", "auth_tokens.mjs"), d], check=True, capture_output=True, env=env)
    iss, aud = open(os.path.join(d, "meta.txt")).read().split()
    toks = {}
    for line in open(os.path.join(d, "tokens.txt")):
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


class Issuer(http.server.ThreadingHTTPServer):
    """The issuer's metadata and JWKS on loopback (plain HTTP: the TLS front is before it); the JWKS
    answers SLOW_S late while slow is set. Counts the JWKS requests."""
    daemon_threads = True

    def __init__(self, jwks):
        self.jwks, self.slow, self.jwks_gets, self.url = jwks, False, 0, ""
        super().__init__(("127.0.0.1", 0), IssuerHandler)


class IssuerHandler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        srv = self.server
        if self.path == "/jwks":
            srv.jwks_gets += 1
            if srv.slow:
                time.sleep(SLOW_S)
            body = srv.jwks
        elif self.path.startswith("/.well-known/"):
            body = json.dumps({"issuer": srv.url, "jwks_uri": srv.url + "/jwks", "token_endpoint": srv.url + "/token",
                               "response_types_supported": ["code"]}).encode()
        else:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *a):
        pass


def with_kid(tok, kid):
    """The token with another kid in its header (the kid is looked up before the signature)."""
    head = json.loads(base64.urlsafe_b64decode(tok.split(".")[0] + "=="))
    head["kid"] = kid
    return base64.urlsafe_b64encode(json.dumps(head, separators=(",", ":")).encode()).decode().rstrip("=") + tok[tok.index("."):]


def pile_reader(fresh, total, out, done):
    """Reads each pile connection's answer as the connections come (fresh: a queue of (socket, sent at)):
    out gets (status, ms from its send to its answer's first line)."""
    sel = selectors.DefaultSelector()
    bufs, seen = {}, 0
    while (seen < total or bufs) and not done.is_set():
        while True:
            try:
                s, at = fresh.get_nowait()
            except queue.Empty:
                break
            seen += 1
            if s is None:
                continue   # its connect failed
            sel.register(s, selectors.EVENT_READ, at)
            bufs[s] = b""
        if not bufs:
            time.sleep(0.005)
            continue
        for key, _ in sel.select(0.05):
            s = key.fileobj
            try:
                got = s.recv(4096)
            except OSError:
                got = b""
            bufs[s] += got
            if b"\r\n" in bufs[s] or not got:
                line = bufs[s].split(b"\r\n", 1)[0].split(b" ")
                out.append((int(line[1]) if len(line) > 1 and line[1].isdigit() else 0, (time.time() - key.data) * 1000))
                sel.unregister(s)
                del bufs[s]
                s.close()
    for s in bufs:
        s.close()


def run_slow(server, sim_port, iss, aud, toks, ca, issuer):
    """The honest client beside a pile of unknown kids during one slow fetch of the issuer's keys."""
    issuer.slow = False
    env = server_env(sim_port, extra={"E2B_MCP_AUTH_ISSUER": iss, "E2B_MCP_AUTH_RESOURCE": aud, "E2B_MCP_CA_FILE": ca})
    port, p = start_http(server, env)
    h = {"Authorization": "Bearer " + toks["http_all"]}
    r = request(port, "POST", rpc(1, "initialize", init_params()), h)
    h.update({"Mcp-Session-Id": r.headers.get("mcp-session-id", ""), "MCP-Protocol-Version": "2025-11-25"})
    request(port, "POST", rpc(None, "notifications/initialized"), h)
    for _ in range(3):   # verified (and, protected, remembered)
        request(port, "POST", rpc(2, "ping"), h)
    gets0 = issuer.jwks_gets
    issuer.slow = True
    body = rpc(1, "initialize", init_params()).encode()
    fresh, out, done = queue.Queue(), [], threading.Event()
    th = threading.Thread(target=pile_reader, args=(fresh, PILE, out, done), daemon=True)
    th.start()
    t0 = time.time()
    for i in range(PILE):
        tok = with_kid(toks["http_all"], "pile-%d" % i)
        req = (b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
               b"Accept: application/json, text/event-stream\r\nAuthorization: Bearer %s\r\nContent-Length: %d\r\n\r\n"
               % (port, tok.encode(), len(body))) + body
        try:   # from many addresses (127.1.x.y), as a pile from many clients comes: past any one address's budget
            s = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=("127.1.%d.%d" % (i // 250, i % 250 + 1), 0))
            s.sendall(req)
        except OSError:
            fresh.put((None, 0))
            continue
        s.setblocking(False)
        fresh.put((s, time.time()))
    piled = time.time() - t0
    lat, bad, end = [], 0, time.time() + SLOW_S + 1.0
    while time.time() < end:
        t = time.time()
        try:
            bad += request(port, "POST", rpc(100 + len(lat), "ping"), h, timeout=30).status != 200
        except OSError:
            bad += 1
        lat.append((time.time() - t) * 1000)
        time.sleep(0.02)
    th.join(SLOW_S + 20)
    done.set()
    stop(p)
    issuer.slow = False
    lat.sort()
    return lat, bad, out, piled, issuer.jwks_gets - gets0


def slow_rows(protected, unprotected, sim):
    resource.setrlimit(resource.RLIMIT_NOFILE, (resource.getrlimit(resource.RLIMIT_NOFILE)[1],) * 2)
    d = os.path.join(DIR, "slow")
    os.makedirs(d, exist_ok=True)
    issuer = Issuer(b"")
    threading.Thread(target=issuer.serve_forever, daemon=True).start()
    front = TlsFront(issuer.server_address[1], os.path.join(d, "tls"))
    try:
        issuer.url = front.url("good")
        iss, aud, toks = tokens(d, issuer.url)   # the tokens name the issuer's URL, which serves their keys
        issuer.jwks = open(os.path.join(d, "jwks.json"), "rb").read()
        for name, server in (("protected (as built)", protected), ("unprotected (no cap on waiters)", unprotected)):
            lat, bad, out, piled, fetches = run_slow(server, sim.port, iss, aud, toks, front.ca, issuer)
            by = {}
            for st, ms in out:
                by.setdefault(st, []).append(ms)
            q = by.get(503, [])
            print("| slow issuer (JWKS answered %.0f s late, %d fetch) and %d requests with unknown kids (sent in %.1f s) beside "
                  "an honest client, %s: honest pings median / p99 / slowest (target: p99 < 50 ms; %d pings, %d not 200); "
                  "the pile answered 503 %d (slowest %.0f ms from its send), 401 %d, 429 %d, other %d, unanswered %d "
                  "| %.1f / %.1f / %.1f ms |"
                  % (SLOW_S, fetches, PILE, piled, name, len(lat), bad, len(q), max(q) if q else 0, len(by.get(401, [])),
                     len(by.get(429, [])), sum(len(v) for k, v in by.items() if k not in (503, 401, 429)), PILE - len(out),
                     lat[len(lat) // 2], lat[int(len(lat) * 0.99)], lat[-1]))
    finally:
        front.stop()
        issuer.shutdown()


def main():
    protected, unprotected = sys.argv[1], sys.argv[2]
    iss, aud, toks = tokens()
    sim = Sim.start()
    try:
        if os.environ.get("BENCH_IDENTITY", "flood,slow").find("flood") >= 0:
            for name, server in (("protected (as built)", protected), ("unprotected (no cache, no budget)", unprotected)):
                lat, bad, rate = run(server, sim.port, iss, aud, toks)
                print("| forged ES256 tokens from %d processes beside an honest client, %s: honest pings median / p99 / "
                      "slowest (target: p99 < 50 ms; %d pings, %d not 200); forged answered per second: 401 %.0f, 429 %.0f "
                      "| %.1f / %.1f / %.1f ms |"
                      % (PROCS, name, len(lat), bad, rate[0], rate[1], lat[len(lat) // 2], lat[int(len(lat) * 0.99)], lat[-1]))
        if os.environ.get("BENCH_IDENTITY", "flood,slow").find("slow") >= 0:
            slow_rows(protected, unprotected, sim)
    finally:
        stop_all()


if __name__ == "__main__":
    main()
