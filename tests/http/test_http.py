"""The Streamable HTTP rules of e2b-mcp --http, each shown while other clients keep being
served. Runs build/e2b-mcp-httptest: the same server built with 4 connection slots,
3 session slots, 16 KiB messages, a 0.7 s head timeout, a 1.5 s request timeout and a 4 s idle timeout
(tests/http/http.mk), and build/fixture-server for progress, logging and elicitation."""
import json
import os
import socket
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import report  # noqa: E402
from report import check  # noqa: E402
from sim import BUILD, Sim, server_env, stop, track  # noqa: E402
from mcp import (ACCEPT, HttpSession, dechunk, read_response,  # noqa: E402
                 read_until, request, rpc, start_http)

SIM = None   # the simulator (main)

BIN = os.path.join(BUILD, "e2b-mcp-httptest")
FIXTURE = os.path.join(BUILD, "fixture-server")
TOKEN = "s3cret-token-for-tests"
INIT = rpc(1, "initialize", {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}})


def served(port, sess):
    """Another client is answered promptly."""
    t = time.time()
    r = sess.call("ping")
    return r.status == 200 and r.events()[-1].get("result") == {} and time.time() - t < 1.0


def test_basics(port):
    s = HttpSession(port)
    check("initialize answers 200 with an Mcp-Session-Id", s.sid and len(s.sid) == 32 and s.init["result"]["protocolVersion"] == "2025-11-25", s.sid)
    r = s.call("tools/list")
    names = [t["name"] for t in r.events()[-1]["result"]["tools"]]
    check("tools/list answers JSON (no notification precedes it)", r.status == 200 and r.headers["content-type"] == "application/json" and "e2b_list_sandboxes" in names, r.headers)
    r = s.post(rpc(None, "notifications/initialized"))
    check("a notification gets 202 and no body", r.status == 202 and r.body == "", r.status)
    r = s.post(json.dumps({"jsonrpc": "2.0", "id": 999, "result": {}}))
    check("a response nobody waits for gets 202", r.status == 202, r.status)
    r = request(port, "GET", headers={"Accept": "text/event-stream"})
    check("GET /mcp without a session is 405 with Allow (a session's GET stream: tests/integration/test_subscribe.py)",
          r.status == 405 and "POST" in r.headers.get("allow", ""), r.status)
    r = request(port, "POST", rpc(5, "ping"), {"Mcp-Session-Id": s.sid}, path="/other")
    check("another path is 404", r.status == 404, r.status)
    r = s.post("{not json")
    check("a body that is not JSON is 400 with a parse error", r.status == 400 and r.json()["error"]["code"] == -32700, r.body)
    r = request(port, "POST", rpc(5, "ping"), {"Mcp-Session-Id": s.sid, "Accept": "application/json"})
    check("Accept without text/event-stream is 406", r.status == 406, r.status)
    r = request(port, "POST", rpc(5, "ping"), {"Mcp-Session-Id": s.sid, "Content-Type": "text/plain"})
    check("a body that is not application/json is 415", r.status == 415, r.status)
    # keep-alive: several requests on one connection
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    ok = all(s.post(rpc(20 + i, "ping"), sock=sock).status == 200 for i in range(3))
    sock.close()
    check("three requests on one keep-alive connection", ok)
    # Expect: 100-continue (curl does this for bodies over 1 KiB)
    body = rpc(30, "tools/call", {"name": "e2b_get_sandbox", "arguments": {"sandbox_id": "x" * 1500}})
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    head = ("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\nAccept: %s\r\n"
            "Mcp-Session-Id: %s\r\nExpect: 100-continue\r\nContent-Length: %d\r\n\r\n" % (port, ACCEPT, s.sid, len(body)))
    sock.sendall(head.encode())
    first = sock.recv(100)
    sock.sendall(body.encode())
    r = read_response(sock)
    sock.close()
    check("Expect: 100-continue gets 100 Continue, then the answer", first.startswith(b"HTTP/1.1 100") and r.status == 200, first)
    return s


def test_sessions(port):
    s = HttpSession(port)
    r = request(port, "POST", rpc(3, "tools/list"))
    check("a request without Mcp-Session-Id after initialize is 400", r.status == 400, r.status)
    r = request(port, "POST", rpc(3, "tools/list"), {"Mcp-Session-Id": "0" * 32})
    check("an unknown Mcp-Session-Id is 404", r.status == 404, r.status)
    r = request(port, "DELETE", headers={"Mcp-Session-Id": s.sid})
    check("DELETE ends a session", r.status == 200, r.status)
    r = s.call("ping")
    check("an ended session is 404", r.status == 404, r.status)
    r = request(port, "DELETE", headers={"Mcp-Session-Id": s.sid})
    check("DELETE of an ended session is 404", r.status == 404, r.status)
    # per-session state: a 2025-03-26 session gets no outputSchema, a 2025-11-25 one does
    old = HttpSession(port, version="2025-03-26")
    new = HttpSession(port)
    t_old = old.call("tools/list").events()[-1]["result"]["tools"][0]
    t_new = new.call("tools/list").events()[-1]["result"]["tools"][0]
    check("each session keeps its own negotiated version", "outputSchema" not in t_old and "outputSchema" in t_new)
    # more sessions than slots (3): the least recently used makes room
    ss = [HttpSession(port) for _ in range(4)]
    check("a fourth session replaces the least recently used (404 for it, 200 for the others)",
          ss[0].call("ping").status == 404 and all(x.call("ping").status == 200 for x in ss[1:]))


def test_versions(port):
    s = HttpSession(port)
    r = s.post(rpc(4, "ping"), None) if False else request(port, "POST", rpc(4, "ping"), s.headers({"MCP-Protocol-Version": "1999-01-01"}))
    check("an unsupported MCP-Protocol-Version is 400", r.status == 400 and "protocol version" in r.body.lower(), r.body)
    r = request(port, "POST", rpc(4, "ping"), s.headers({"MCP-Protocol-Version": "2025-06-18"}))
    check("a supported MCP-Protocol-Version is accepted", r.status == 200, r.status)
    r = request(port, "POST", rpc(4, "ping"), s.headers({"MCP-Protocol-Version": None}))
    check("no MCP-Protocol-Version header is accepted", r.status == 200, r.status)


def test_origin(port, other):
    base = {"Mcp-Session-Id": other.sid}
    r = request(port, "POST", rpc(6, "ping"), dict(base, Origin="http://evil.example.com"))
    check("a foreign Origin is 403", r.status == 403, r.status)
    r = request(port, "POST", rpc(6, "ping"), dict(base, Host="evil.example.com", Origin="http://evil.example.com"))
    check("a foreign Host is 403 (DNS rebinding)", r.status == 403, r.status)
    r = request(port, "POST", rpc(6, "ping"), dict(base, Origin="null"))
    check("Origin: null is 403", r.status == 403, r.status)
    r = request(port, "POST", rpc(6, "ping"), dict(base, Origin="http://localhost:%d" % port, Host="localhost:%d" % port))
    check("a localhost Host and Origin are accepted", r.status == 200, r.status)
    r = request(port, "POST", rpc(6, "ping"), dict(base, Host="[::1]:%d" % port))
    check("Host [::1] is accepted", r.status == 200, r.status)
    r = request(port, "POST", rpc(6, "ping"), dict(base, Host="127.0.0.2:%d" % port))
    check("Host 127.0.0.2 is accepted", r.status == 200, r.status)
    for name in ["127.evil.io", "127.0.evil.io", "127.1.2.3.a.io"]:
        r = request(port, "POST", rpc(6, "ping"), dict(base, Host="%s:%d" % (name, port), Origin="http://%s:%d" % (name, port)))
        check("a name that starts with 127. is 403 (%s, DNS rebinding)" % name, r.status == 403, r.status)
    check("other clients are served meanwhile", served(port, other))


def test_allowed_hosts(sim_port):
    """E2B_MCP_HTTP_ALLOWED_HOSTS names more hosts for Host and Origin (a reverse proxy's name), comma
    separated, spaces around a name ignored; the loopback names stay accepted on a loopback bind."""
    port, p = start_http(BIN, server_env(sim_port, extra={"E2B_MCP_HTTP_ALLOWED_HOSTS": " proxy.example , Other.Test ,"}))
    for host, origin, want in (("proxy.example:8443", "https://proxy.example", 200), ("other.test", None, 200),
                               ("127.0.0.1:%d" % port, None, 200), ("evil.example", None, 403),
                               ("proxy.example.evil", None, 403), ("127.0.0.1:%d" % port, "https://evil.example", 403)):
        h = {"Host": host}
        if origin:
            h["Origin"] = origin
        r = request(port, "POST", INIT, h)
        check("allowed hosts: Host %s%s -> %d" % (host, ", Origin " + origin if origin else "", want), r.status == want, r.status)
    stop(p)
    port, p = start_http(BIN, server_env(sim_port, extra={"E2B_MCP_HTTP_ALLOWED_HOSTS": ""}))
    r = request(port, "POST", INIT)
    check("allowed hosts set but empty: as if unset (the loopback names)", r.status == 200, r.status)
    stop(p)


def test_cancel_while_connecting(sim_port):
    """A cancel while the call's GET is still connecting to E2B (a listener whose accept queue is
    full: the SYN is not answered) ends it at once, with no answer, not a connect error."""
    bh = socket.socket()
    bh.bind(("127.0.0.1", 0))
    bh.listen(0)
    fill = [socket.socket() for _ in range(3)]
    for f in fill:
        f.setblocking(False)
        try:
            f.connect(bh.getsockname())
        except BlockingIOError:
            pass
    time.sleep(0.2)
    port, p = start_http(BIN, server_env(sim_port, extra={"E2B_API_URL": "http://127.0.0.1:%d" % bh.getsockname()[1]}))
    a = HttpSession(port)
    got = {}

    def call():
        t = time.time()
        got["r"] = a.post(rpc(77, "tools/call", {"name": "e2b_list_sandboxes", "arguments": {"limit": 1}}))
        got["t"] = time.time() - t
    th = threading.Thread(target=call)
    th.start()
    time.sleep(0.5)
    c = a.post(rpc(None, "notifications/cancelled", {"requestId": 77, "reason": "stop"}))
    th.join(15)
    r = got.get("r")
    answers = [m for m in r.events() if m.get("id") == 77] if r is not None else None
    check("cancel while connecting to E2B: the call ends at once without an answer",
          c.status == 202 and answers == [] and got.get("t", 99) < 1.5, (c.status, got.get("t"), answers))
    stop(p)
    for f in fill + [bh]:
        f.close()


def test_stop_while_e2b_waits(sim_port):
    """SIGTERM while a call waits for a slow E2B: the server ends at once (exit 0), not after
    E2B's answer or the read timeout (a container runtime kills it after 10 s)."""
    port, p = start_http(BIN, server_env(sim_port))
    s = HttpSession(port)
    SIM.fault(**{"path": "^/v2/sandboxes$", "kind": "delay", "delay_ms": 6000, "count": 1})
    th = threading.Thread(target=lambda: _swallow(lambda: s.call("tools/call", {"name": "e2b_list_sandboxes", "arguments": {}})))
    th.start()
    time.sleep(0.4)
    t = time.time()
    p.terminate()
    try:
        rc = p.wait(5)
    except subprocess.TimeoutExpired:
        rc = None
    check("SIGTERM while a call waits for E2B: the server exits 0 at once", rc == 0 and time.time() - t < 1.5, (rc, time.time() - t))
    stop(p)
    th.join(10)
    # a call that changes something runs to its answer first: the user learns what was done
    port, p = start_http(BIN, server_env(sim_port))
    s = HttpSession(port)
    SIM.fault(**{"path": "/timeout$", "kind": "delay", "delay_ms": 1500, "count": 1})
    got = {}
    th = threading.Thread(target=lambda: got.setdefault("r", s.call("tools/call", {"name": "e2b_set_sandbox_timeout",
                                                                                   "arguments": {"sandbox_id": "ibobstaging0000000001", "timeout": 900}})))
    th.start()
    time.sleep(0.4)
    p.terminate()
    th.join(10)
    try:
        rc = p.wait(5)
    except subprocess.TimeoutExpired:
        rc = None
    r = got.get("r")
    res = [m for m in r.events() if "result" in m] if r is not None and r.status == 200 else []
    check("SIGTERM while a change waits for E2B: it gets its answer, then the server exits 0",
          rc == 0 and res and res[-1]["result"].get("isError") is False, (rc, str(res)[:200]))
    stop(p)


def test_stop_ends_chunked(sim_port):
    """SIGTERM while a read waits for E2B, its answer already streaming (a progress
    notification): the answer says the server is stopping and ends as chunked framing must,
    with its last chunk, before the connection closes."""
    port, p = start_http(BIN, server_env(sim_port))
    s = HttpSession(port)
    SIM.fault(**{"path": "^/v2/sandboxes$", "kind": "delay", "delay_ms": 6000, "count": 1})
    body = rpc(101, "tools/call", {"name": "e2b_list_sandboxes", "arguments": {}, "_meta": {"progressToken": "p1"}})
    sock = s.stream(body, timeout=5)
    raw, _ = read_until(sock, b"", lambda m, r: any(x.get("method") == "notifications/progress" for x in m))
    p.terminate()
    try:
        while True:
            b = sock.recv(65536)
            if not b:
                break
            raw += b
    except OSError:
        pass
    sock.close()
    check("SIGTERM mid-answer: the chunked answer ends with its last chunk, saying the server is stopping",
          raw.endswith(b"\r\n0\r\n\r\n") and b"server is stopping" in raw, raw[-160:])
    stop(p)


def _swallow(f):
    try:
        f()
    except Exception:
        pass


def test_accept_burst(sim_port):
    """Two clients connect at once while one slot is free and three hold half-sent requests: the
    first keeps the free slot (a connection accepted in the same burst is never taken for the
    next one: the clock moves while accepting), the second gets 503. Each accept takes 3 ms."""
    env = {"LD_PRELOAD": os.path.join(BUILD, "sndbuf-shim.so"), "SHIM_ACCEPT_MS": "3"}
    port, p = start_http(BIN, server_env(sim_port, extra=env))
    lost = []
    for rnd in range(3):
        busy = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(3)]
        for k in busy:
            k.sendall(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        time.sleep(0.3)
        x, y = socket.socket(), socket.socket()
        x.settimeout(3)
        y.settimeout(3)
        x.connect(("127.0.0.1", port))
        y.connect(("127.0.0.1", port))
        time.sleep(0.05)
        try:
            r = request(port, "POST", INIT, sock=x).status
        except Exception as e:
            r = repr(e)[:60]
        if r != 200:
            lost.append((rnd, r))
        for k in busy + [x, y]:
            k.close()
        time.sleep(1.8)   # the request timeout (1.5 s) frees the half-sent ones
    check("a connection accepted in a burst keeps its slot (the next one in the burst gets 503)", not lost, lost)
    stop(p)


def raw_request(port, pairs, body):
    """A POST to /mcp with the header lines pairs exactly as given (order, repeats)."""
    data = body.encode()
    head = "POST /mcp HTTP/1.1\r\n" + "".join("%s: %s\r\n" % kv for kv in pairs) + "Content-Length: %d\r\n\r\n" % len(data)
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(head.encode() + data)
        return read_response(sock)


def test_exact_headers(port, other):
    """Headers that decide access are read exactly: a port that is not digits, a media type
    that only starts like the right one, and a header sent twice (a gateway in front reads the
    first, the server would check the last) are refused."""
    base = {"Mcp-Session-Id": other.sid}
    r = request(port, "POST", rpc(6, "ping"), dict(base, Origin="http://127.0.0.1:80.evil.example"))
    check("an Origin whose port is not digits is 403", r.status == 403, r.status)
    r = request(port, "POST", rpc(6, "ping"), dict(base, Origin="http://127.0.0.1:%d" % port))
    check("an Origin with a port of digits is accepted", r.status == 200, r.status)
    r = request(port, "POST", rpc(6, "ping"), dict(base, Host="127.0.0.1:80.evil.example"))
    check("a Host whose port is not digits is 400", r.status == 400, r.status)
    for accept, want in (("application/jsonx, text/event-stream", 406), ("application/json, text/event-streams", 406),
                         ("application/json;q=0, text/event-stream", 406), ("*/*;q=0", 406),
                         ("Application/JSON; charset=utf-8 , text/event-stream;q=0.5", 200), ("application/*, text/*", 200),
                         ("*/*", 200)):
        r = request(port, "POST", rpc(6, "ping"), dict(base, Accept=accept))
        check("Accept: %s -> %d" % (accept, want), r.status == want, r.status)
    for ctype, want in (("application/jsonx", 415), ("application/json-seq", 415), ("application/json; charset=utf-8", 200)):
        r = request(port, "POST", rpc(6, "ping"), dict(base, **{"Content-Type": ctype}))
        check("Content-Type: %s -> %d" % (ctype, want), r.status == want, r.status)
    host = ("Host", "127.0.0.1:%d" % port)
    common = [("Content-Type", "application/json"), ("Accept", ACCEPT)]
    twice = {"Origin": "http://127.0.0.1:%d" % port, "Mcp-Session-Id": other.sid, "MCP-Protocol-Version": other.version,
             "Mcp-Method": "tools/call", "Mcp-Name": "e2b_list_sandboxes", "Content-Type": "application/json", "Host": host[1]}
    for name, value in twice.items():
        pairs = [kv for kv in [host, ("Mcp-Session-Id", other.sid)] + common if kv[0] != name] + [(name, value)] * 2
        r = raw_request(port, pairs, rpc(6, "ping"))
        check("%s sent twice (the same value) is 400" % name, r.status == 400, (r.status, r.body[:100]))
    r = raw_request(port, [host] + common + [("Mcp-Session-Id", other.sid)], rpc(6, "ping"))
    check("the same request with each header once is served", r.status == 200, r.status)
    check("other clients are served meanwhile", served(port, other))


def test_token(sim_port):
    port, p = start_http(BIN, server_env(sim_port, extra={"E2B_MCP_HTTP_TOKEN": TOKEN}))
    r = request(port, "POST", INIT)
    check("token: a request without Authorization is 401 with WWW-Authenticate: Bearer",
          r.status == 401 and r.headers.get("www-authenticate", "").lower().startswith("bearer"), r.status)
    for bad in ["Bearer wrong", "Bearer " + TOKEN + "x", "Bearer " + TOKEN[:-1], "Basic " + TOKEN, "Bearer "]:
        r = request(port, "POST", INIT, {"Authorization": bad})
        check("token: Authorization '%s' is 401" % bad[:20], r.status == 401, r.status)
    s = HttpSession(port, token=TOKEN)
    check("token: the right token opens a session", bool(s.sid))
    r = request(port, "POST", rpc(2, "ping"), {"Mcp-Session-Id": s.sid})
    check("token: every request needs it, not only initialize", r.status == 401, r.status)
    r = request(port, "POST", rpc(2, "ping"), {"Mcp-Session-Id": s.sid, "Authorization": "bearer " + TOKEN})
    check("token: the scheme is case-insensitive", r.status == 200, r.status)
    r = raw_request(port, [("Host", "127.0.0.1:%d" % port), ("Content-Type", "application/json"), ("Accept", ACCEPT),
                           ("Mcp-Session-Id", s.sid), ("Authorization", "Bearer " + TOKEN), ("Authorization", "Bearer " + TOKEN)],
                    rpc(2, "ping"))
    check("token: Authorization sent twice is 400, even with the right token", r.status == 400, r.status)
    r = request(port, "POST", INIT)
    www = r.headers.get("www-authenticate", "")
    check("token: the 401 says in error_description that the admin gives the token (no OAuth sign-in)",
          'error_description="' in www and "admin" in www and "OAuth" in www and "error=" not in www, www)
    r = request(port, "POST", INIT, {"Authorization": "Bearer wrong"})
    www = r.headers.get("www-authenticate", "")
    check("token: a wrong token's 401 says error=\"invalid_token\" and the same description",
          'error="invalid_token"' in www and "admin" in www and "wrong" not in www, www)
    r = request(port, "POST", rpc(2, "ping"), {"Mcp-Session-Id": s.sid, "Authorization": "Bearer  " + TOKEN})
    check("token: Bearer followed by two spaces is taken (RFC 6750: 1*SP)", r.status == 200, r.status)
    got = [request(port, "POST", INIT, {"Authorization": "Bearer guess%d" % i}) for i in range(30)]
    codes = [g.status for g in got]
    first = codes.index(429) if 429 in codes else -1
    check("token: guesses from one address: 401 until its budget (20) is spent, then 429 with Retry-After",
          first >= 10 and all(c == 401 for c in codes[:first]) and all(c == 429 for c in codes[first:]) and
          int(got[first].headers.get("retry-after", "0")) >= 1, codes)
    stop(p)
    # a non-loopback address without a token: refused before listening
    env = server_env(sim_port)
    q = subprocess.run([BIN, "--http", "0.0.0.0:0"], capture_output=True, env=env, timeout=10)
    check("a non-loopback address without a token is refused", q.returncode == 2 and b"E2B_MCP_HTTP_TOKEN" in q.stderr, q.stderr)
    q = subprocess.run([BIN, "--http", "nonsense"], capture_output=True, env=env, timeout=10)
    check("--http without HOST:PORT is a usage error", q.returncode == 2, q.stderr)
    for args in (["--http", "127.0.0.1:+0"], ["--http", "127.0.0.1: 0"], ["--http", "127.0.0.1:0x10"], ["--version", "extra"],
                 ["--help", "extra"]):
        q = subprocess.run([BIN] + args, capture_output=True, env=env, timeout=10)
        check("usage error: %s" % " ".join(args), q.returncode == 2 and not q.stdout, (q.returncode, q.stdout[:80]))


def test_partial_tokens(sim_port):
    """A body with more JSON values than E2B_MCP_MSG_TOKENS leaves partial tokens (a last
    key without its value): the transport must not walk them. The API prefix puts bytes
    after the token array (the last E2B request head) that read as a wild token."""
    port, p = start_http(BIN, server_env(sim_port, extra={"E2B_API_URL": "http://127.0.0.1:%d/AAAAAAA" % sim_port}))
    s = HttpSession(port)
    s.call("tools/call", {"name": "e2b_get_sandbox", "arguments": {"sandbox_id": "x"}})
    r = s.post("{" + '"a":1,' * 511 + '"id":1}')
    check("too many JSON values with a last key 'id': a JSON-RPC error, not a crash",
          r.status == 200 and "more JSON values" in r.body and p.poll() is None, (r.status, r.body[:200], p.poll()))
    stop(p)


def test_sizes(port, other):
    big = 16384 + 1
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    head = ("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\nAccept: %s\r\n"
            "Mcp-Session-Id: %s\r\nContent-Length: %d\r\n\r\n" % (port, ACCEPT, other.sid, big))
    sock.sendall(head.encode())
    try:
        sock.sendall(b"x" * big)   # the client sends it all anyway: it must still read the answer, not a reset
    except OSError:
        pass
    r = read_response(sock)
    sock.close()
    check("an oversize body is 413, readable by a client that sent it all", r.status == 413 and "16384" in r.body, r.status)
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.sendall(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: " + b"a" * 9000 + b"\r\n\r\n")
    r = read_response(sock)
    sock.close()
    check("an oversize head is 431", r.status == 431, r.status)
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.sendall(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
    r = read_response(sock)
    sock.close()
    check("a chunked request body is 411", r.status == 411, r.status)
    # framing a proxy in front may read otherwise (request smuggling): refused, not guessed
    ping = rpc(40, "ping").encode()
    for label, hdr in [("a space before the colon", "Content-Length : %d"), ("a signed Content-Length", "Content-Length: +%d"),
                       ("a folded Transfer-Encoding", "Content-Length: %d\r\nX-A: b\r\n Transfer-Encoding: chunked")]:
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        sock.sendall(("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nMcp-Session-Id: %s\r\nAccept: %s\r\n" % (other.sid, ACCEPT)
                      + hdr % len(ping) + "\r\n\r\n").encode() + ping)
        r = read_response(sock)
        sock.close()
        check("%s is 400" % label, r.status == 400, r.status)
    check("other clients are served meanwhile", served(port, other))


def test_slow(port, other):
    slow = socket.create_connection(("127.0.0.1", port), timeout=5)
    slow.sendall(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 40\r\n\r\n")   # and never the body
    time.sleep(0.2)
    check("a slow client does not hold up the others", served(port, other))
    t = time.time()
    r = read_response(slow)
    slow.close()
    check("the slow client gets 408 after the request timeout", r.status == 408 and 0.8 < time.time() - t + 0.2 < 3.5, (r.status, time.time() - t))
    idle = socket.create_connection(("127.0.0.1", port), timeout=8)
    r = other.post(rpc(8, "ping"), sock=idle)
    t = time.time()
    data = idle.recv(10)
    check("an idle keep-alive connection is closed after the idle timeout", data == b"" and 3.0 < time.time() - t < 6.5, time.time() - t)
    idle.close()


def status_and_time(k, t):
    """The status of the answer on k (or the error that ended it) and the seconds since t; closes k."""
    try:
        st = read_response(k).status
    except (ConnectionError, OSError) as e:
        st = e
    took = time.time() - t
    k.close()
    return st, took


def test_not_http(port):
    # bytes that cannot be an HTTP/1.1 request get 400 at once, not 408 after the request timeout
    for name, data in [("TLS bytes", b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03"),
                       ("bare LF line ends", b"POST /mcp HTTP/1.1\nHost: 127.0.0.1\n"),
                       ("a lower-case method", b"post /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n"),
                       ("a NUL in the head", b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX: a\x00b\r\n")]:
        k = socket.create_connection(("127.0.0.1", port), timeout=5)
        t = time.time()
        k.sendall(data)
        st, took = status_and_time(k, t)
        check("%s: 400 at once, not 408 after the request timeout" % name, st == 400 and took < 1.2, (st, took))
    # a head trickled in line by line gets 408 after the head timeout (0.7 s here), before the request timeout (1.5 s)
    k = socket.create_connection(("127.0.0.1", port), timeout=5)
    t = time.time()
    k.sendall(b"POST /mcp HTTP/1.1\r\n")
    for i in range(12):
        time.sleep(0.1)
        try:
            k.sendall(b"X-Slow-%d: 1\r\n" % i)
        except OSError:
            break
    st, took = status_and_time(k, t)
    check("a head trickled in line by line: 408 after the head timeout, before the request timeout", st == 408 and took < 1.45, (st, took))


def test_slow_e2b(port, sim_port):
    """A tool call waiting for a slow E2B answer does not hold up the other clients: they are
    answered meanwhile, and their own tool calls run after it, in order, instead of failing."""
    a, b = HttpSession(port), HttpSession(port)
    SIM.fault(**{"path": "^/v2/sandboxes$", "kind": "delay", "delay_ms": 1500, "count": 1})
    got = {}

    def call(name, sess, args):
        t = time.time()
        got[name] = (sess.call("tools/call", {"name": args[0], "arguments": args[1]}), time.time() - t)
    slow = threading.Thread(target=call, args=("slow", a, ("e2b_list_sandboxes", {"limit": 1})))
    slow.start()
    time.sleep(0.4)
    check("while a call waits 1.5 s for E2B, another client's ping is answered at once", served(port, b))
    t = time.time()
    c = HttpSession(port)
    check("... and a new client can initialize", c.sid and time.time() - t < 1.0, time.time() - t)
    second = threading.Thread(target=call, args=("second", b, ("e2b_get_sandbox", {"sandbox_id": "ibobstaging0000000001"})))
    second.start()
    slow.join(10)
    second.join(10)
    r1, t1 = got.get("slow", (None, 0))
    r2, t2 = got.get("second", (None, 0))
    ok1 = r1 is not None and r1.status == 200 and not r1.events()[-1]["result"]["isError"]
    ok2 = r2 is not None and r2.status == 200 and not r2.events()[-1]["result"]["isError"]
    check("the slow call completes", ok1 and t1 >= 1.4, (r1 and r1.status, t1))
    check("a tool call that came meanwhile waits its turn, then succeeds (no 503)", ok2, (r2 and r2.status, r2 and r2.body[:200]))


def test_batch_while_e2b_waits(port, sim_port):
    """A 2025-03-26 batch whose tool call waits for E2B: another client's request that comes
    meanwhile must not disturb the rest of the batch (its text and tokens are read between
    its calls); that client is answered after it."""
    a, b = HttpSession(port, version="2025-03-26"), HttpSession(port)
    SIM.fault(**{"path": "^/v2/sandboxes$", "kind": "delay", "delay_ms": 1000, "count": 1})
    got = {}

    def batch():
        got["a"] = a.post(json.dumps([json.loads(rpc(1, "tools/call", {"name": "e2b_list_sandboxes", "arguments": {"limit": 1}})),
                                      json.loads(rpc(2, "ping")), json.loads(rpc(3, "tools/list"))]))
    t = threading.Thread(target=batch)
    t.start()
    time.sleep(0.3)
    r = b.post(rpc("B-77", "logging/setLevel", {"level": "error", "x": list(range(10))}))
    t.join(10)
    ra = got.get("a")
    answers = ra.events()[-1] if ra is not None and ra.status == 200 else None
    ids = [m.get("id") for m in answers] if isinstance(answers, list) else answers
    check("a batch answered while another client came: exactly its three answers, in order", ids == [1, 2, 3], ids)
    check("... each of them right", isinstance(answers, list) and not answers[0]["result"]["isError"] and
          answers[1].get("result") == {} and len(answers[2]["result"]["tools"]) > 5, str(answers)[:300])
    check("the other client is answered too", r.status == 200 and r.events()[-1].get("id") == "B-77" and "result" in r.events()[-1],
          (r.status, r.body[:200]))


def test_session_kept_while_its_call_runs(port, sim_port):
    """A session whose call waits for E2B keeps its slot: ended by DELETE and crowded out by new
    sessions meanwhile, the call still answers under the version it negotiated (2024-11-05: no
    structuredContent), not under a newcomer's that took the slot."""
    a = HttpSession(port, version="2024-11-05")
    SIM.fault(**{"path": "^/v2/sandboxes$", "kind": "delay", "delay_ms": 1200, "count": 1})
    got = {}
    t = threading.Thread(target=lambda: got.setdefault("a", a.call("tools/call", {"name": "e2b_list_sandboxes", "arguments": {"limit": 1}})))
    t.start()
    time.sleep(0.3)
    d = request(port, "DELETE", None, a.headers())
    news = [HttpSession(port) for _ in range(3)]
    t.join(10)
    r = got.get("a")
    res = r.events()[-1].get("result", {}) if r is not None and r.status == 200 else {}
    check("the call of a session ended and crowded out meanwhile answers under its own version", d.status == 200 and
          res.get("content") and "structuredContent" not in res and all(n.sid for n in news), (d.status, str(res)[:200]))


def test_cancel_while_e2b_waits(port, sim_port):
    """notifications/cancelled for a call waiting for E2B: a read (GET) ends at once with no answer;
    a call that changes something (POST) still runs to its answer, so the user learns what was done."""
    a = HttpSession(port)
    for tool, args, path, ends in (("e2b_get_sandbox_logs", {"sandbox_id": "ibobstaging0000000001"}, "/logs$", True),
                                   ("e2b_set_sandbox_timeout", {"sandbox_id": "ibobstaging0000000001", "timeout": 600}, "/timeout$", False)):
        SIM.fault(**{"path": path, "kind": "delay", "delay_ms": 2500, "count": 1})
        a.next_id += 1
        n = a.next_id
        got = {}

        def call():
            t = time.time()
            got["r"] = a.post(rpc(n, "tools/call", {"name": tool, "arguments": args}))
            got["t"] = time.time() - t
        th = threading.Thread(target=call)
        th.start()
        time.sleep(0.4)
        c = a.post(rpc(None, "notifications/cancelled", {"requestId": n, "reason": "user stopped it"}))
        th.join(10)
        r, took = got.get("r"), got.get("t", 99)
        answers = [m for m in r.events() if m.get("id") == n] if r is not None else None
        if ends:
            check("cancel of a read waiting for E2B: 202, and its stream ends at once without an answer",
                  c.status == 202 and r is not None and r.status == 200 and answers == [] and took < 1.5, (c.status, took, answers))
        else:
            check("cancel of a change waiting for E2B: it runs to its answer (the user learns what was done)",
                  c.status == 202 and answers and "result" in answers[0] and not answers[0]["result"]["isError"] and took >= 2.4,
                  (c.status, took, answers))
    check("after a cancelled call, the session is served", served(port, a))


def test_slots(port, other_port):
    # 4 slots filled with requests that never end (a head without its end), oldest first:
    # a client that sends a whole request is served, and the slowest incomplete request
    # (the oldest) gets 408 to make room; the others keep their slots.
    time.sleep(0.3)   # the earlier tests' connections are closed by now
    busy = []
    for _ in range(4):
        busy.append(socket.create_connection(("127.0.0.1", port), timeout=5))
        busy[-1].sendall(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        time.sleep(0.05)
    time.sleep(0.3)
    r = request(port, "POST", INIT)
    check("more clients than slots, each with an incomplete request: a client with a whole request is served",
          r.status == 200, r.status)
    try:
        r0 = read_response(busy[0]).status
    except (ConnectionError, OSError) as e:
        r0 = e
    check("... and the slowest incomplete request (the oldest) got 408 to make room", r0 == 408, r0)

    def still_open(k):
        k.settimeout(0.1)
        try:
            return k.recv(10) != b""
        except socket.timeout:
            return True
        except OSError:
            return False
    check("... the three younger ones keep their slots", all(still_open(k) for k in busy[1:]))
    for s in busy:
        s.close()
    time.sleep(0.4)
    r = request(port, "POST", INIT)
    check("freed slots serve the next client", r.status == 200, r.status)
    time.sleep(0.3)
    # clients at once: 12 threads, 5 pings each, through 4 connection slots (503 answers
    # are retried) and 3 sessions (more would replace each other)
    results = []
    sessions = [HttpSession(port) for _ in range(3)]

    def worker(s):
        ok = 0
        for i in range(5):
            for attempt in range(50):
                try:
                    r = s.call("ping") if s else None
                except (ConnectionError, OSError):   # overload: a fresh connection may make room for another (retried like a 503)
                    r = None
                if r and r.status == 200:
                    ok += 1
                    break
                time.sleep(0.05)
        results.append(ok)
    ts = [threading.Thread(target=worker, args=(sessions[i % 3],)) for i in range(12)]
    for t in ts:
        t.start()
    for t in ts:
        t.join(60)
    check("12 clients at once through 4 slots all get their answers", sum(results) == 60, results)


def test_large_answer(port, how=""):
    """A large answer (a 2025-03-26 batch of 40 tools/list, ~400 KB) still arrives whole at a
    client with a small receive buffer that reads at a steady pace."""
    s = HttpSession(port, version="2025-03-26")
    body = json.dumps([{"jsonrpc": "2.0", "id": i, "method": "tools/list"} for i in range(40)])
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 8192)
    sock.settimeout(10)
    sock.connect(("127.0.0.1", port))
    head = ("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\nAccept: %s\r\n"
            "Mcp-Session-Id: %s\r\nMCP-Protocol-Version: 2025-03-26\r\nContent-Length: %d\r\n\r\n" % (port, ACCEPT, s.sid, len(body)))
    sock.sendall(head.encode() + body.encode())
    raw = b""
    while not raw.endswith(b"\r\n0\r\n\r\n"):
        b = sock.recv(8192)
        if not b:
            break
        raw += b
        time.sleep(0.002)   # about 4 MB/s
    sock.close()
    text = dechunk(raw.partition(b"\r\n\r\n")[2])
    try:
        answers = json.loads(text)
    except ValueError:
        answers = None
    ok = isinstance(answers, list) and [m.get("id") for m in answers] == list(range(40)) and \
        all(len(m["result"]["tools"]) > 5 for m in answers)
    check("a ~400 KB answer arrives whole at a client that reads at a steady pace" + how, ok and len(text) > 300000,
          (len(raw), len(text), raw[:100]))


def test_no_reader(sim_port, small_sndbuf=False):
    """A client that sends keep-alive requests and never reads its answers (a 4 KiB receive
    buffer; every 30 ms a batch of 4 tools/list, ~40 KB of answer, so the server's send
    buffer fills within seconds) must not hold up the single-threaded server: another
    client's pings stay prompt, and the non-reader's connection is dropped. With a 32 KiB
    send buffer (as on a slow link) the first answer already does not fit: the server
    waits at most the write timeout (1 s) for it."""
    how = " (a 32 KiB send buffer: its first answer does not fit)" if small_sndbuf else ""
    env = {"LD_PRELOAD": os.path.join(BUILD, "sndbuf-shim.so")} if small_sndbuf else None
    port, p = start_http(BIN, server_env(sim_port, extra=env))
    a, b = HttpSession(port, version="2025-03-26"), HttpSession(port)
    body = json.dumps([{"jsonrpc": "2.0", "id": i, "method": "tools/list"} for i in range(4)])
    one = ("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\nAccept: %s\r\n"
           "Mcp-Session-Id: %s\r\nMCP-Protocol-Version: 2025-03-26\r\nContent-Length: %d\r\n\r\n%s"
           % (port, ACCEPT, a.sid, len(body), body)).encode()
    nr = socket.socket()
    nr.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    nr.settimeout(2)
    nr.connect(("127.0.0.1", port))
    t0 = time.time()
    dropped = []

    def spam():
        while time.time() - t0 < 5 and not dropped:
            try:
                nr.sendall(one)
            except OSError:
                dropped.append(time.time() - t0)
            time.sleep(0.03)
    th = threading.Thread(target=spam, daemon=True)
    th.start()
    worst, n, bad = 0.0, 0, []
    while time.time() - t0 < 5:
        t = time.time()
        try:
            r = request(port, "POST", rpc(3, "ping"), b.headers(), timeout=15)
            if r.status != 200:
                bad.append(r.status)
        except OSError as e:
            bad.append(repr(e))
        worst = max(worst, time.time() - t)
        n += 1
        time.sleep(0.1)
    th.join(5)
    nr.close()
    check("a client that never reads its answers holds up another client's ping for at most ~1 s" + how,
          worst < 1.5 and not bad, "worst %.2fs over %d pings, errors %s" % (worst, n, bad[:3]))
    check("... and its connection is dropped within seconds" + how, dropped and dropped[0] < 5, dropped)
    check("... and the server still answers" + how, served(port, b))
    if small_sndbuf:
        test_large_answer(port, " (a 32 KiB send buffer)")
    stop(p)


def test_pending_order(sim_port):
    """Tool calls that came while another waited for E2B run in the order they came, not
    in the order of their connection slots: Q's call (slot 2) came before P's (slot 1)."""
    port, p = start_http(BIN, server_env(sim_port))
    a, b = HttpSession(port), HttpSession(port)
    SIM.fault(**{"path": "^/v2/sandboxes$", "kind": "delay", "delay_ms": 1000, "count": 1})
    SIM.clear()
    got = {}

    def call(name, sess, args, sock=None):
        got[name] = request(port, "POST", rpc(9, "tools/call", {"name": args[0], "arguments": args[1]}), sess.headers(), sock=sock)
    slow = threading.Thread(target=call, args=("slow", a, ("e2b_list_sandboxes", {"limit": 1})))
    slow.start()
    time.sleep(0.3)
    sp = socket.create_connection(("127.0.0.1", port), timeout=10)   # slot 1
    time.sleep(0.15)
    sq = socket.create_connection(("127.0.0.1", port), timeout=10)   # slot 2
    time.sleep(0.15)
    q = threading.Thread(target=call, args=("q", b, ("e2b_get_sandbox", {"sandbox_id": "ibobstaging0000000002"}), sq))
    q.start()
    time.sleep(0.15)
    pt = threading.Thread(target=call, args=("p", b, ("e2b_get_sandbox", {"sandbox_id": "ibobstaging0000000001"}), sp))
    pt.start()
    for th in (slow, q, pt):
        th.join(10)
    sp.close()
    sq.close()
    order = [r["path"].rsplit("/", 1)[1] for r in SIM.requests() if "/sandboxes/ibobstaging" in r["path"]]
    check("calls queued while another waited for E2B run in the order they came (not slot order)",
          order == ["ibobstaging0000000002", "ibobstaging0000000001"] and all(got.get(k) and got[k].status == 200 for k in ("slow", "q", "p")),
          (order, {k: v.status for k, v in got.items()}))
    stop(p)


def test_bare_connections(sim_port):
    """Connections that never send a byte: closed after the (short) request timeout, not the
    idle timeout; and when they fill every slot, a newcomer takes the longest-idle one's
    slot instead of getting 503."""
    port, p = start_http(BIN, server_env(sim_port))
    bare = socket.create_connection(("127.0.0.1", port), timeout=8)
    t = time.time()
    try:
        data = bare.recv(10)
    except OSError:
        data = None
    check("a connection that sends nothing is closed after the request timeout (1.5 s), not the idle timeout (4 s)",
          data == b"" and 1.0 < time.time() - t < 3.0, (data, time.time() - t))
    bare.close()
    # 4 fill the slots; 4 more, 0.2 s later, take theirs (a connection is not taken in its
    # first 100 ms: its request may be on the way)
    socks = [socket.create_connection(("127.0.0.1", port), timeout=3) for _ in range(4)]
    time.sleep(0.2)
    socks += [socket.create_connection(("127.0.0.1", port), timeout=3) for _ in range(4)]
    time.sleep(0.2)
    t = time.time()
    r = request(port, "POST", INIT, timeout=5)
    check("8 silent connections on 4 slots: a newcomer is served at once (the longest-idle makes room), not 503",
          r.status == 200 and time.time() - t < 1.0, (r.status, time.time() - t))

    def ended(k):   # before the request timeout closes the rest
        k.settimeout(0.1)
        try:
            return k.recv(10) == b""
        except socket.timeout:
            return False
        except OSError:
            return True
    gone = [ended(k) for k in socks]
    check("... the five oldest silent connections were closed to make room, the newer three kept",
          gone == [True] * 5 + [False] * 3, gone)
    for k in socks:
        k.close()
    stop(p)


def test_http10_close(port, other):
    """HTTP/1.0 answers say Connection: close, and the connection does close, also when the
    request asked for keep-alive."""
    for label, body in [("202 to a notification", rpc(None, "notifications/initialized")), ("200 to a ping", rpc(7, "ping"))]:
        sock = socket.create_connection(("127.0.0.1", port), timeout=2)
        sock.sendall(("POST /mcp HTTP/1.0\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\nAccept: %s\r\n"
                      "Mcp-Session-Id: %s\r\nConnection: keep-alive\r\nContent-Length: %d\r\n\r\n%s"
                      % (port, ACCEPT, other.sid, len(body), body)).encode())
        raw = b""
        try:
            while True:
                b = sock.recv(4096)
                if not b:
                    break
                raw += b
            closed = True
        except socket.timeout:
            closed = False
        sock.close()
        head = raw.partition(b"\r\n\r\n")[0].lower()
        check("HTTP/1.0 with Connection: keep-alive, %s: says Connection: close and closes" % label,
              raw.startswith(b"HTTP/1.0 2") and b"connection: close" in head and closed, (closed, raw[:200]))


def test_fixture_streams(sim_port):
    """Progress, logging and elicitation inside the SSE answer; the loop serves others
    while a call waits for the user's answer."""
    p = subprocess.Popen([FIXTURE, "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=server_env(sim_port))
    track(p)
    port = int(p.stdout.readline().decode().split()[1])
    s = HttpSession(port, caps={"elicitation": {}})
    r = s.call("tools/call", {"name": "test_tool_with_progress", "arguments": {}, "_meta": {"progressToken": "tok-1"}})
    ev = r.events()
    prog = [e["params"]["progress"] for e in ev if e.get("method") == "notifications/progress" and e["params"]["progressToken"] == "tok-1"]
    check("progress goes out inside the SSE answer, increasing, before the result",
          r.headers["content-type"].startswith("text/event-stream") and prog == [0, 50, 100] and "result" in ev[-1], ev)
    s.call("logging/setLevel", {"level": "info"})
    r = s.call("tools/call", {"name": "test_tool_with_logging", "arguments": {}})
    logs = [e for e in r.events() if e.get("method") == "notifications/message"]
    check("log messages go out inside the SSE answer", len(logs) == 3 and all(l["params"]["level"] == "info" for l in logs), r.body)
    s.call("logging/setLevel", {"level": "error"})
    r = s.call("tools/call", {"name": "test_tool_with_logging", "arguments": {}})
    check("logging/setLevel error: no info messages, a plain JSON answer",
          r.headers["content-type"] == "application/json" and not [e for e in r.events() if e.get("method")], r.body)
    other = HttpSession(port)
    r = other.call("tools/call", {"name": "test_tool_with_logging", "arguments": {}})
    check("the log level belongs to the session (another one still gets info)",
          len([e for e in r.events() if e.get("method") == "notifications/message"]) == 3)

    # elicitation: the call's answer stream waits; the loop goes on
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    body = rpc(77, "tools/call", {"name": "test_elicitation", "arguments": {"message": "who?"}})
    head = ("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\nAccept: %s\r\n"
            "Mcp-Session-Id: %s\r\nContent-Length: %d\r\n\r\n" % (port, ACCEPT, s.sid, len(body)))
    sock.sendall(head.encode() + body.encode())
    buf, ask = read_until(sock, b"", lambda m, raw: len(m) >= 1)
    check("the question goes out on the call's SSE stream", ask and ask[0]["method"] == "elicitation/create" and
          ask[0]["params"]["requestedSchema"]["required"] == ["username", "email"], buf[:300])
    check("while the call waits, other clients are served", served(port, other))
    r = other.call("tools/call", {"name": "test_simple_text", "arguments": {}})
    check("while the call waits, another tool call is served (the question is a state of its call)",
          r.status == 200 and "simple text response" in r.body, (r.status, r.body[:200]))
    r = HttpSession(port)
    check("while the call waits, new sessions start", bool(r.sid))
    r = s.post(json.dumps({"jsonrpc": "2.0", "id": ask[0]["id"], "result": {"action": "accept", "content": {"username": "ann", "email": "a@x.io"}}}))
    check("the answer is its own POST, answered 202", r.status == 202, r.status)
    buf, msgs = read_until(sock, buf, lambda m, raw: raw.endswith(b"0\r\n\r\n"))
    sock.close()
    text = msgs[-1]["result"]["content"][0]["text"] if msgs and "result" in msgs[-1] else ""
    check("the call completes with the user's answer", msgs[-1].get("id") == 77 and "ann" in text and "accept" in text, msgs[-1:])

    # bytes sent on the waiting call's connection are dropped: it must close after the answer
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(head.encode() + body.encode())
    buf, ask = read_until(sock, b"", lambda m, raw: len(m) >= 1)
    sock.sendall(head.encode() + body.encode())   # pipelined while the call waits
    time.sleep(0.5)
    s.post(json.dumps({"jsonrpc": "2.0", "id": ask[0]["id"], "result": {"action": "decline"}}))
    buf, msgs = read_until(sock, buf, lambda m, raw: raw.endswith(b"0\r\n\r\n"))
    sock.settimeout(3)
    try:
        rest = sock.recv(100)
    except socket.timeout:
        rest = None
    sock.close()
    check("a request pipelined on the waiting call's connection ends that connection after the answer", rest == b"", rest)
    r = other.call("tools/call", {"name": "test_simple_text", "arguments": {}})
    check("after it, tool calls run again", r.status == 200 and "simple text" in r.body, r.status)

    # the client hangs up while asked: the call ends, the server goes on
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(head.encode() + body.encode())
    read_until(sock, b"", lambda m, raw: len(m) >= 1)
    sock.close()
    time.sleep(0.5)
    r = other.call("tools/call", {"name": "test_simple_text", "arguments": {}})
    check("a client that hangs up while asked does not block the server", r.status == 200, r.status)
    stop(p)


def main():
    global SIM
    SIM = Sim.start()
    sim_port = SIM.port
    port, p = start_http(BIN, server_env(sim_port))
    s = test_basics(port)
    test_sessions(port)
    test_versions(port)
    other = HttpSession(port)
    test_origin(port, other)
    test_exact_headers(port, other)
    test_sizes(port, other)
    test_slow(port, HttpSession(port))
    test_not_http(port)
    test_slow_e2b(port, sim_port)
    test_batch_while_e2b_waits(port, sim_port)
    test_session_kept_while_its_call_runs(port, sim_port)
    test_cancel_while_e2b_waits(port, sim_port)
    test_slots(port, None)
    test_large_answer(port)
    test_http10_close(port, HttpSession(port))
    check("the server is still alive", p.poll() is None)
    stop(p)
    test_token(sim_port)
    test_allowed_hosts(sim_port)
    test_stop_while_e2b_waits(sim_port)
    test_stop_ends_chunked(sim_port)
    test_accept_burst(sim_port)
    test_cancel_while_connecting(sim_port)
    test_partial_tokens(sim_port)
    test_no_reader(sim_port)
    test_no_reader(sim_port, small_sndbuf=True)
    test_bare_connections(sim_port)
    test_pending_order(sim_port)
    test_fixture_streams(sim_port)


if __name__ == "__main__":
    report.run(main)
