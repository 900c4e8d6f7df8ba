#!/usr/bin/env python3
"""bench/test_loadgen.py - the load generator counts what happened (make test-bench-loadgen).

bench/loadgen.c makes the load table's figures, so its counting is tested here, against a scripted
loopback HTTP server that answers each kind of request as a scenario says: chunked SSE answers split
mid-word, 503 with Retry-After, a result with isError, 404, a reset, a keep-alive connection closed
after its answer, a GET stream held open. Then once against build/e2b-mcp and the simulator, and
build/e2b-mcp as built by default holding ten thousand sessions (issue 37: none evicted, each answers
its ping; it needs a hard RLIMIT_NOFILE of about 10,300 for the server and the generator each).
Usage: test_loadgen.py LOADGEN. Python standard library only."""
import json
import os
import resource
import re
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "lib"))
from report import check, run  # noqa: E402
from sim import BUILD, KEY, Listener, Sim, server_env, stop  # noqa: E402
from mcp import start_http  # noqa: E402

LOADGEN = sys.argv[1] if len(sys.argv) > 1 else os.path.join(BUILD, "bench", "loadgen")


def chunked(*parts):
    return b"".join(b"%x\r\n%s\r\n" % (len(p), p) for p in parts) + b"0\r\n\r\n"


def answer(status, body=b"", headers=(), chunks=None, close=False):
    head = "HTTP/1.1 %d X\r\n" % status + "".join("%s: %s\r\n" % h for h in headers)
    if chunks is not None:
        head += "Transfer-Encoding: chunked\r\n"
        body = chunked(*chunks)
    else:
        head += "Content-Length: %d\r\n" % len(body)
    if close:
        head += "Connection: close\r\n"
    return head.encode() + b"\r\n" + body, close


def result(id, res, sse=False):
    msg = json.dumps({"jsonrpc": "2.0", "id": id, "result": res}).encode()
    if not sse:
        return msg
    return b"event: message\ndata: " + msg + b"\n\n"


class Scripted:
    """A loopback HTTP/1.1 server: handle(method, msg, headers, counts) -> (bytes or None, close?);
    None closes the connection without an answer."""

    def __init__(self, handle):
        self.handle, self.counts, self.lock = handle, {}, threading.Lock()
        self.listener = Listener(self.serve, backlog=256)
        self.port = self.listener.port

    def count(self, what):
        with self.lock:
            self.counts[what] = self.counts.get(what, 0) + 1
            return self.counts[what]

    def serve(self, c):
        buf = b""
        try:
            while True:
                while b"\r\n\r\n" not in buf:
                    d = c.recv(65536)
                    if not d:
                        return
                    buf += d
                head, buf = buf.split(b"\r\n\r\n", 1)
                lines = head.decode().split("\r\n")
                method, path = lines[0].split()[:2]
                hdr = {k.lower(): v.strip() for k, v in (ln.split(":", 1) for ln in lines[1:])}
                n = int(hdr.get("content-length", "0"))
                while len(buf) < n:
                    buf += c.recv(65536)
                body, buf = buf[:n], buf[n:]
                msg = json.loads(body) if body else {}
                kind = msg.get("method", method + " " + path)
                out, close = self.handle(kind, msg, hdr, self.count(kind))
                if out is None:
                    return
                c.sendall(out)
                if close:
                    return
        except OSError:
            pass
        finally:
            c.close()


def normal(kind, msg, hdr, n, call=None, sse=True):
    """A well-behaved 2025 server offering no GET stream; call(msg, n) may answer tools/call instead."""
    if kind == "initialize":
        return answer(200, result(msg["id"], {"protocolVersion": "2025-06-18", "capabilities": {}, "serverInfo": {"name": "s", "version": "1"}}),
                      [("Content-Type", "application/json"), ("Mcp-Session-Id", "s%d" % n)])
    if kind == "notifications/initialized":
        return answer(202)
    if kind == "GET /mcp":
        return answer(405, b"{}", [("Allow", "POST")])
    if kind == "ping":
        return answer(200, result(msg["id"], {}), [("Content-Type", "application/json")])
    if kind == "tools/call":
        if call:
            return call(msg, n)
        ev = result(msg["id"], {"content": [{"type": "text", "text": "[]"}]}, sse=True)
        i = ev.index(b'"result"') + 4   # the split falls inside "result"
        return answer(200, headers=[("Content-Type", "text/event-stream")], chunks=[ev[:i], ev[i:i + 7], ev[i + 7:]])
    return answer(400, b"{}")


def loadgen(*args, env=None):
    r = subprocess.run([LOADGEN] + [str(a) for a in args], capture_output=True, text=True, timeout=90,
                       env=dict(os.environ, **(env or {})))
    out = dict(re.findall(r"(\w+)=(\S+)", r.stdout))
    out["rc"], out["stdout"] = r.returncode, r.stdout + r.stderr
    return out


def n(r, k):
    return int(float(r.get(k, "-1")))


def main():
    nog = {"LOADGEN_NO_GET": "1"}

    s = Scripted(normal)
    r = loadgen("mcp", s.port, 6, 3, 1)
    check("good calls are counted, the answer being chunked SSE split inside \"result\"",
          n(r, "ok") > 0 and n(r, "ok") == n(r, "calls") and n(r, "errors") == 0 and n(r, "refused") == 0, r["stdout"])
    check("every held session answers its final ping", n(r, "held_alive") == 6 and n(r, "held_evicted") == 0, r["stdout"])
    check("a GET answered 405 means no stream is offered", r.get("get") == "none" and n(r, "get_none") == 6, r["stdout"])
    check("the held sessions' keep-alive connections stay open", n(r, "idle_conns_at_end") == 6 and n(r, "ka_closed") == 0, r["stdout"])

    def busy_first(kind, msg, hdr, k):
        if kind == "initialize" and k <= 5:
            return answer(503, b"{}", [("Retry-After", "0")])
        return normal(kind, msg, hdr, k)
    s = Scripted(busy_first)
    r = loadgen("mcp", s.port, 4, 2, 1, env=nog)
    check("a 503 at initialize counts as refused, and the client tries again",
          n(r, "refused_init") == 5 and n(r, "held_alive") == 4 and n(r, "ok") > 0 and n(r, "errors") == 0, r["stdout"])

    s = Scripted(lambda kind, msg, hdr, k: normal(kind, msg, hdr, k, call=lambda m, _: answer(
        200, result(m["id"], {"content": [], "isError": True}), [("Content-Type", "application/json")])))
    r = loadgen("mcp", s.port, 0, 2, 1, env=nog)
    check("a result with isError counts as an error, not a call",
          n(r, "ok") == 0 and n(r, "bad_result") > 0 and n(r, "bad_result") == n(r, "errors"), r["stdout"])

    s = Scripted(lambda kind, msg, hdr, k: answer(404, b"{}") if kind == "tools/call" and k <= 2 else normal(kind, msg, hdr, k))
    r = loadgen("mcp", s.port, 0, 2, 1, env=nog)
    check("a 404 at a call counts as not_found and the client initializes again",
          n(r, "not_found") == 2 and s.counts.get("initialize", 0) == 4 and n(r, "ok") > 0, r["stdout"])

    s = Scripted(lambda kind, msg, hdr, k: (None, False) if kind == "tools/call" and k % 2 == 0 else normal(kind, msg, hdr, k))
    r = loadgen("mcp", s.port, 0, 2, 1, env=nog)
    check("a connection closed before the answer counts as a reset", n(r, "reset") > 0 and n(r, "ok") > 0, r["stdout"])

    def close_after_initialized(kind, msg, hdr, k):
        if kind == "notifications/initialized":
            return answer(202, close=True)
        return normal(kind, msg, hdr, k)
    s = Scripted(close_after_initialized)
    r = loadgen("mcp", s.port, 5, 1, 1, env=nog)
    check("keep-alive connections the server closed are counted, and the ping reconnects",
          n(r, "ka_closed") == 5 and n(r, "idle_conns_at_end") == 0 and n(r, "held_alive") == 5 and n(r, "errors") == 0, r["stdout"])

    def stream(kind, msg, hdr, k):
        if kind == "GET /mcp":
            return (b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
                    b"3\r\n:\n\n\r\n"), False
        return normal(kind, msg, hdr, k)
    s = Scripted(stream)
    r = loadgen("mcp", s.port, 4, 1, 1)
    check("a GET stream offered is held open to the end",
          r.get("get") == "stream" and n(r, "get_open") == 4 and n(r, "streams_at_end") == 4 and n(r, "held_alive") == 4, r["stdout"])

    s = Scripted(lambda kind, msg, hdr, k: answer(200, b'[{"sandboxID":"x"}]', [("Content-Type", "application/json")])
                 if hdr.get("x-api-key") == "k" else answer(401, b"{}"))
    r = loadgen("floor", s.port, 8, 1, "k")
    check("the floor counts the simulator's answers", n(r, "requests") > 0 and n(r, "errors") == 0, r["stdout"])

    s = Scripted(lambda kind, msg, hdr, k: answer(200, result(msg.get("id"), {}), [("Content-Type", "application/json")]))
    r = loadgen("sockets", s.port, 40, 0.5)
    check("idle sockets are held and counted", "HELD 40" in r["stdout"] and n(r, "open_after_idle") == 40, r["stdout"])

    # the real server and the simulator
    sim = Sim.start()
    port, p = start_http(os.path.join(BUILD, "e2b-mcp"), server_env(sim.port, KEY))
    try:
        r = loadgen("mcp", port, 20, 4, 1)
        check("against build/e2b-mcp: calls answered, sessions held, nothing refused or failed",
              n(r, "ok") > 0 and n(r, "held_alive") == 20 and n(r, "errors") == 0 and n(r, "refused") == 0, r["stdout"])
        held = 10000
        hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        if hard != resource.RLIM_INFINITY and hard < held + 300:
            print("# ten thousand sessions: not run, the hard RLIMIT_NOFILE is %d (raise it: ulimit -Hn)" % hard)
        else:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            r = loadgen("mcp", port, held, 0, 0.1, env={"LOADGEN_NO_GET": "1", "LOADGEN_OPEN": "256"})
            check("build/e2b-mcp as built by default holds %d sessions: each answers its ping at the end, none "
                  "evicted (404), none refused" % held,
                  n(r, "held_alive") == held and n(r, "held_evicted") == 0 and n(r, "refused") == 0 and n(r, "errors") == 0,
                  r["stdout"][-600:])
        r = loadgen("floor", sim.port, 4, 0.5, KEY)
        check("against the simulator: the floor's requests answered", n(r, "requests") > 0 and n(r, "errors") == 0, r["stdout"])
    finally:
        stop(p)
        sim.stop()


if __name__ == "__main__":
    run(main)
