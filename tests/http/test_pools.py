#!/usr/bin/env python3
"""Memory by need, over real sockets against the simulator: the call buffers, the request buffers
and the session slots are fewer than the clients, and nothing is lost for it. Runs
build/e2b-mcp-pools: the server built with 4 call slots sharing 2 call buffers, a queue of 3 calls,
24 connection slots sharing 8 request buffers, and 8 session slots (tests/http/http.mk). What a
test shows it shows by behaviour (the simulator's hold mode tells which requests reached E2B),
not by time.

  order     5 clients, each on its own keep-alive connection, 4 tools/call each, one after the
            other, all at once: more clients than call buffers, every call answered with its own
            result, in the order each client sent them
  starved   2 calls hold both call buffers (their E2B answers held): a third reaches E2B only once
            one of them is answered, then completes
  queue     2 calls running and 3 waiting fill the queue: a sixth gets 503 with Retry-After at
            once and sends nothing to E2B; the five others all complete
  sessions  a client that keeps its connection open keeps its session while 24 more sessions are
            opened through 8 slots (idle ones make room: the oldest gets 404); with every slot's
            client connected, a new session gets 503 with Retry-After and the connected ones go on
  conns     16 idle keep-alive connections on 8 request buffers each get an answer; 8 incomplete
            requests hold every buffer: a whole one waits unread, then is answered once a buffer
            is given back
  clock     build/e2b-mcp-pools-clock (5 request buffers, 1 s request and idle timeouts): 5 calls
            (2 running, 3 queued, their E2B answers held) hold every request buffer; a new
            connection's request and a kept one's next request wait unread past both timeouts, and
            are answered once the calls end (a starved connection's clock waits with it)
  kept      against an E2B that closes each connection 0.2 s after answering on it: a list, a
            create, a list, a create, 0.6 s apart, are each answered, on four connections, each
            request sent once (the server's wait sees the idle kept connection's close)

Environment (as tests/integration/test_stdio.py): E2B_MCP_POOLS_BIN (default build/e2b-mcp-pools),
E2B_SIM_URL, E2B_TEST_API_KEY.
"""
import os
import socket
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from report import at_exit, check, eq, note, run, run_groups, time_limit  # noqa: E402
from sim import KEY as DEFAULT_KEY, ROOT, Listener, Sim, server_env, stop  # noqa: E402
from mcp import HttpSession, init_params, read_response, request, rpc, start_http  # noqa: E402
from seed import ALICE_PROD, ALICE_STG, ALICE_PAUSED, BOB_STG1, BOB_STG2, NOMETA  # noqa: E402

BIN = os.environ.get("E2B_MCP_POOLS_BIN") or os.path.join(ROOT, "build", "e2b-mcp-pools")
CLOCK_BIN = os.environ.get("E2B_MCP_POOLS_CLOCK_BIN") or os.path.join(ROOT, "build", "e2b-mcp-pools-clock")
KEY = os.environ.get("E2B_TEST_API_KEY") or DEFAULT_KEY
CALL_BUFS, QUEUE, HTTP_BUFS, SESSIONS = 2, 3, 8, 8   # as tests/http/http.mk builds it
SANDBOXES = [ALICE_PROD, BOB_STG1, BOB_STG2, ALICE_STG, NOMETA, ALICE_PAUSED]
SIM = None


def get_call(i, rid):
    return rpc(rid, "tools/call", {"name": "e2b_get_sandbox", "arguments": {"sandbox_id": SANDBOXES[i % len(SANDBOXES)]}})


def answers(r, i, rid):
    """r is a 200 whose last message is the result of call rid about SANDBOXES[i]."""
    if r is None or r.status != 200:
        return False
    ev = r.events()
    m = ev[-1] if ev else None
    return isinstance(m, dict) and m.get("id") == rid and "result" in m and not m["result"].get("isError") \
        and SANDBOXES[i % len(SANDBOXES)] in str(m["result"])


class Client:
    """A 2025 client on one keep-alive connection: initialize, then requests on the same socket."""

    def __init__(self, port):
        self.port = port
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=20)
        r = request(port, "POST", rpc(1, "initialize", init_params()), sock=self.sock)
        assert r.status == 200, (r.status, r.body)
        self.sid = r.headers.get("mcp-session-id")
        request(port, "POST", rpc(None, "notifications/initialized"), self.headers(), sock=self.sock)

    def headers(self):
        return {"Mcp-Session-Id": self.sid, "MCP-Protocol-Version": "2025-11-25"}

    def post(self, body, timeout=20):
        self.sock.settimeout(timeout)
        return request(self.port, "POST", body, self.headers(), sock=self.sock)

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


def in_threads(fns):
    """Runs each fn in its own thread; returns (threads, results list filled as they end)."""
    out = [None] * len(fns)

    def one(k):
        try:
            out[k] = fns[k]()
        except Exception as e:  # a refused or dropped connection is an outcome too
            out[k] = e
    ts = [threading.Thread(target=one, args=(k,), daemon=True) for k in range(len(fns))]
    for t in ts:
        t.start()
    return ts, out


def t_order(port):
    clients = [Client(port) for _ in range(5)]
    at_exit(lambda: [c.close() for c in clients])
    SIM.clear()

    def run_client(ci):
        got = []
        for j in range(4):
            rid = 100 * (ci + 1) + j
            r = clients[ci].post(get_call(ci + j, rid))
            got.append((rid, answers(r, ci + j, rid), r.status, r.headers.get("retry-after")))
        return got
    ts, out = in_threads([lambda ci=ci: run_client(ci) for ci in range(len(clients))])
    for t in ts:
        t.join(60)
    bad = [(ci, o) for ci, o in enumerate(out) if not isinstance(o, list) or not all(ok for _, ok, _, _ in o)]
    check("order: 5 clients, 4 calls each, through %d call buffers: every call is answered 200 with its own result"
          % CALL_BUFS, not bad, bad)
    check("order: each client's answers come in the order it sent its calls",
          all(isinstance(o, list) and [rid for rid, _, _, _ in o] == [100 * (ci + 1) + j for j in range(4)]
              for ci, o in enumerate(out)), out)
    sent = [p for m, p in SIM.e2b_requests() if "/sandboxes/" in p]
    eq("order: E2B got each call once", len(sent), 20)
    for c in clients:
        c.close()


def t_starved(port):
    a, b, c = Client(port), Client(port), Client(port)
    at_exit(lambda: [x.close() for x in (a, b, c)])
    SIM.reset()
    SIM.hold(True)
    ts, out = in_threads([lambda: a.post(get_call(0, 11)), lambda: b.post(get_call(1, 12))])
    held = SIM.wait_held(2)
    check("starved: 2 calls hold both call buffers (both reach E2B)", len(held) == 2, held)
    t3, out3 = in_threads([lambda: c.post(get_call(2, 13))])
    time.sleep(0.5)
    held = SIM.held()
    check("starved: a third call finds no buffer: it does not reach E2B and is not answered",
          len(held) == 2 and not any(h["path"].endswith(SANDBOXES[2]) for h in held) and out3[0] is None, (held, out3))
    SIM.release(n=held[0]["n"])
    held2 = SIM.wait_held(2)
    reached = any(h["path"].endswith(SANDBOXES[2]) for h in held2)
    check("starved: once a call is answered its buffer goes to the waiting call, which reaches E2B", reached, held2)
    SIM.hold(False)
    for t in ts + t3:
        t.join(20)
    check("starved: all three complete with their own results",
          answers(out[0], 0, 11) and answers(out[1], 1, 12) and answers(out3[0], 2, 13), (out, out3))
    for x in (a, b, c):
        x.close()


def t_queue(port):
    clients = [Client(port) for _ in range(CALL_BUFS + QUEUE + 1)]
    at_exit(lambda: [c.close() for c in clients])
    SIM.reset()
    SIM.hold(True)
    n = CALL_BUFS + QUEUE
    ts, out = in_threads([lambda k=k: clients[k].post(get_call(k, 20 + k), 30) for k in range(CALL_BUFS)])
    SIM.wait_held(CALL_BUFS)
    more_ts, more = [], []
    for k in range(CALL_BUFS, n):   # one at a time, so the queue's order is known
        t, o = in_threads([lambda k=k: clients[k].post(get_call(k, 20 + k), 30)])
        more_ts += t
        more.append(o)
        time.sleep(0.5)   # each read and queued before the next comes
    before = len(SIM.e2b_requests())
    t0 = time.time()
    r = clients[n].post(get_call(n, 20 + n), 10)
    took = time.time() - t0
    ra = r.headers.get("retry-after")
    check("queue: with %d calls running and %d waiting, one more gets 503 with Retry-After at once"
          % (CALL_BUFS, QUEUE), r.status == 503 and ra is not None and ra.isdigit() and took < 5,
          (r.status, r.headers, r.body[:200], took))
    check("queue: ... and nothing was sent to E2B for it", len(SIM.e2b_requests()) == before and
          not any(h["path"].endswith(SANDBOXES[n % len(SANDBOXES)]) for h in SIM.held()), SIM.held())
    SIM.hold(False)
    for t in ts + more_ts:
        t.join(30)
    results = out + [o[0] for o in more]
    check("queue: the %d other calls all complete with their own results" % n,
          all(answers(results[k], k, 20 + k) for k in range(n)),
          [(k, getattr(results[k], "status", results[k])) for k in range(n)])
    r = clients[n].post(get_call(n, 40), 20)
    check("queue: the refused client calls again and is answered", answers(r, n, 40), r.status)
    for c in clients:
        c.close()


def t_sessions(port):
    a = Client(port)
    at_exit(a.close)
    r = a.post(rpc(2, "ping"))
    check("sessions: a connected client's ping", r.status == 200, r.status)
    others = [HttpSession(port) for _ in range(3 * SESSIONS)]
    r = a.post(rpc(3, "ping"))
    check("sessions: the connected client keeps its session while %d more are opened through %d slots"
          % (len(others), SESSIONS), r.status == 200, (r.status, r.body[:200]))
    check("sessions: idle sessions make room, the oldest first (404 for it, 200 for the newest)",
          others[0].call("ping").status == 404 and others[-1].call("ping").status == 200)
    # a call in flight on the connected client: its session stays while more are opened
    SIM.reset()
    SIM.hold(True)
    ts, out = in_threads([lambda: a.post(get_call(0, 4), 30)])
    SIM.wait_held(1)
    others = [HttpSession(port) for _ in range(2 * SESSIONS)]
    SIM.hold(False)
    for t in ts:
        t.join(20)
    check("sessions: a call in flight keeps its session while more are opened; it is answered", answers(out[0], 0, 4),
          getattr(out[0], "status", out[0]))
    # every slot's client connected: a new session is refused, nobody is evicted
    rest = [Client(port) for _ in range(SESSIONS - 1)]
    at_exit(lambda: [c.close() for c in rest])
    r = request(port, "POST", rpc(1, "initialize", init_params()))
    check("sessions: with every session's client connected, a new session gets 503 with Retry-After",
          r.status == 503 and r.headers.get("retry-after"), (r.status, r.headers))
    check("sessions: ... and every connected client goes on",
          all(c.post(rpc(5, "ping")).status == 200 for c in [a] + rest))
    a.close()
    for c in rest:
        c.close()
    time.sleep(0.3)
    check("sessions: once a client disconnects, a new session is opened", HttpSession(port).call("ping").status == 200)


def t_conns(port):
    s = HttpSession(port)
    idle = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(2 * HTTP_BUFS)]
    at_exit(lambda: [k.close() for k in idle])
    first = [s.post(rpc(7, "ping"), sock=k).status for k in idle]
    again = [s.post(rpc(7, "ping"), sock=k).status for k in idle]
    check("conns: %d keep-alive connections on %d request buffers are each answered, and again on the same connection"
          % (len(idle), HTTP_BUFS), first + again == [200] * (4 * HTTP_BUFS), (first, again))
    for k in idle:
        k.close()
    time.sleep(0.3)
    partial = []
    for _ in range(HTTP_BUFS):
        k = socket.create_connection(("127.0.0.1", port), timeout=10)
        k.sendall(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        partial.append(k)
    at_exit(lambda: [k.close() for k in partial])
    time.sleep(0.3)
    k = socket.create_connection(("127.0.0.1", port), timeout=10)
    body = rpc(8, "ping").encode()
    k.sendall(("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
               "Accept: application/json, text/event-stream\r\nMcp-Session-Id: %s\r\nContent-Length: %d\r\n\r\n"
               % (port, s.sid, len(body))).encode() + body)
    k.settimeout(0.7)
    try:
        early = k.recv(100)
    except socket.timeout:
        early = None
    check("conns: with every request buffer held by an incomplete request, a whole one waits unread", early is None, early)
    partial[0].sendall(b"Content-Length: 0\r\n\r\n")   # one request completes (400: no body): its buffer comes back
    k.settimeout(10)
    r = read_response(k)
    check("conns: ... and is answered once a buffer is given back", r.status == 200, (r.status, r.body[:200]))
    for x in partial + [k]:
        x.close()


def raw_ping(port, sid, rid):
    body = rpc(rid, "ping").encode()
    return ("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
            "Accept: application/json, text/event-stream\r\nMcp-Session-Id: %s\r\nContent-Length: %d\r\n\r\n"
            % (port, sid, len(body))).encode() + body


def t_clock(_port):
    if not os.path.exists(CLOCK_BIN):
        check("clock: binary exists", False, "%s not found (make build/e2b-mcp-pools-clock)" % CLOCK_BIN)
        return
    port, p = start_http(CLOCK_BIN, server_env(SIM.url, KEY))
    at_exit(lambda: stop(p))
    s = HttpSession(port)
    SIM.reset()
    SIM.hold(True)
    clients, ts = [], []
    for k in range(CALL_BUFS + QUEUE):   # each made just before its call: an idle one would be closed after 1 s
        if k == CALL_BUFS + QUEUE - 1:   # the kept connection's first request, less than 1 s before the last buffer goes
            kept = socket.create_connection(("127.0.0.1", port), timeout=10)
            kept.sendall(raw_ping(port, s.sid, 1))
            first = read_response(kept).status
        c = Client(port)
        clients.append(c)
        t, o = in_threads([lambda c=c, k=k: c.post(get_call(k, 50 + k), 30)])
        ts += t
        clients[-1].out = o
        time.sleep(0.3)
    at_exit(lambda: [c.close() for c in clients])
    fresh = socket.create_connection(("127.0.0.1", port), timeout=10)
    fresh.sendall(raw_ping(port, s.sid, 2))
    kept.sendall(raw_ping(port, s.sid, 3))
    time.sleep(2.5)   # past the request timeout (the fresh one's) and the idle timeout (the kept one's)
    held = SIM.held()
    check("clock: 2 calls reach E2B and 3 wait, holding all 5 request buffers", len(held) == CALL_BUFS, held)
    SIM.hold(False)
    got = []
    for k in (fresh, kept):
        k.settimeout(10)
        try:
            got.append(read_response(k).status)
        except Exception as e:  # closed without an answer: the request was lost
            got.append(repr(e))
    check("clock: a new connection's request and a kept connection's next one, starved past their timeouts, "
          "are answered once buffers come back", first == 200 and got == [200, 200], (first, got))
    for t in ts:
        t.join(20)
    check("clock: ... and the 5 calls complete",
          all(answers(c.out[0], k, 50 + k) for k, c in enumerate(clients)), [getattr(c.out[0], "status", c.out[0]) for c in clients])
    for x in clients:
        x.close()
    fresh.close()
    kept.close()
    stop(p)


SANDBOX = (b'{"sandboxID":"sbx1","templateID":"base","clientID":"c","envdVersion":"0.1",'
           b'"startedAt":"2026-01-01T00:00:00Z","endAt":"2026-01-01T00:05:00Z","cpuCount":2,'
           b'"memoryMB":512,"diskSizeMB":1024,"state":"running","metadata":{}}')


class ClosingE2B:
    """E2B that closes each keep-alive connection 0.2 s after answering on it (as E2B's front does with
    idle ones): a list gets [], a create its sandbox (201). Counts connections and requests."""

    def __init__(self):
        self.requests = []
        self.listener = Listener(self.serve)
        self.port = self.listener.port

    def serve(self, c):
        f = c.makefile("rb")
        try:
            head = []
            while True:
                line = f.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                head.append(line.decode("latin-1").strip())
            n = next((int(h.split(":", 1)[1]) for h in head[1:] if h.lower().startswith("content-length:")), 0)
            f.read(n)
            self.requests.append(head[0])
            status, body = ("201 Created", SANDBOX) if head[0].startswith("POST ") else ("200 OK", b"[]")
            c.sendall(b"HTTP/1.1 %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s"
                      % (status.encode(), len(body), body))
            time.sleep(0.2)   # then it goes, idle, with a FIN the server has not asked for
        finally:
            c.close()


def t_kept(_port):
    """A kept E2B connection that E2B closes while it is idle: the server's wait sees the close (it
    watches kept connections between calls instead of asking each socket before reusing it), so the
    next call goes out on a new connection, a create too, which is never sent twice."""
    fake = ClosingE2B()
    at_exit(fake.listener.close)
    port, p = start_http(BIN, server_env("http://127.0.0.1:%d" % fake.port, KEY))
    at_exit(lambda: stop(p))
    s = HttpSession(port)
    got = []
    for i, (tool, args) in enumerate([("e2b_list_sandboxes", {}), ("e2b_create_sandbox", {"template_id": "base"}),
                                      ("e2b_list_sandboxes", {}), ("e2b_create_sandbox", {"template_id": "base"})]):
        if i:
            time.sleep(0.6)   # E2B has closed the one it answered on
        r = s.call("tools/call", {"name": tool, "arguments": args})
        ev = r.events()[-1] if r.status == 200 else {}
        got.append((tool, r.status, ev.get("result", {}).get("isError"), str(ev)[:200]))
    check("kept: each call after E2B closed the idle kept connection is answered, creates too (no reset)",
          [g[1:3] for g in got] == [(200, False)] * 4, got)
    eq("kept: E2B got each request once, each on a new connection",
       (len(fake.requests), fake.listener.connections, sum(r.startswith("POST ") for r in fake.requests)), (4, 4, 2))
    stop(p)


def main():
    global SIM
    time_limit(200)
    if not os.path.exists(BIN):
        check("binary exists", False, "%s not found (make build/e2b-mcp-pools)" % BIN)
        return
    SIM = Sim.from_env() or Sim.start()
    at_exit(lambda: SIM.reset())
    port, p = start_http(BIN, server_env(SIM.url, KEY))
    at_exit(lambda: stop(p))
    note("binary %s, simulator %s" % (BIN, SIM.url))
    run_groups((t_order, t_starved, t_queue, t_sessions, t_conns, t_clock, t_kept), port, after=SIM.reset)
    check("the server is still running", p.poll() is None, p.poll())


if __name__ == "__main__":
    run(main)
