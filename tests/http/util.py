"""Shared helpers for the tests/http suites: start the simulator and the server, a raw
HTTP/1.1 client (sockets, so every byte is under the test's control), SSE parsing, a
small MCP-over-HTTP session and a stdio session, and the pass/fail tally.
Python standard library only."""
import json
import os
import socket
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.path.join(ROOT, "build")
SIM = os.path.join(ROOT, "tests", "sim", "e2b-sim")
KEY = "e2b_deadbeefdeadbeefdeadbeefdeadbeefdeadbeef"
ACCEPT = "application/json, text/event-stream"

_procs = []
passed = 0
failed = 0


def check(name, cond, detail=""):
    global passed, failed
    if cond:
        passed += 1
        print("PASS", name)
    else:
        failed += 1
        print("FAIL", name, ("-- " + str(detail)[:600]) if detail else "")
    sys.stdout.flush()


def finish():
    stop_all()
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


def _read_line(proc, what, timeout=10):
    deadline = time.time() + timeout
    while time.time() < deadline:
        line = proc.stdout.readline()
        if line:
            return line.decode().strip()
        if proc.poll() is not None:
            break
    raise RuntimeError("%s did not start" % what)


def start_sim():
    p = subprocess.Popen([sys.executable, SIM, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    _procs.append(p)
    line = _read_line(p, "e2b-sim")
    assert line.startswith("READY "), line
    return int(line.split()[1]), p


def server_env(sim_port, extra=None):
    env = dict(os.environ)
    for k in list(env):
        if k.startswith("E2B_"):
            del env[k]
    env["E2B_API_KEY"] = KEY
    env["E2B_API_URL"] = "http://127.0.0.1:%d" % sim_port
    env["E2B_DASHBOARD_API_URL"] = "http://127.0.0.1:%d" % sim_port
    if extra:
        env.update(extra)
    return env


def start_http(binary, sim_port, addr="127.0.0.1:0", extra_env=None):
    """Starts `binary --http addr`; returns (port, proc) once it listens."""
    p = subprocess.Popen([binary, "--http", addr], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, env=server_env(sim_port, extra_env))
    _procs.append(p)
    deadline = time.time() + 10
    while time.time() < deadline:
        line = p.stderr.readline().decode()
        if "listening on" in line:
            port = int(line.rsplit(":", 1)[1].split("/")[0])
            return port, p
        if not line and p.poll() is not None:
            break
    raise RuntimeError("%s --http did not start" % binary)


def stop(p):
    if p.poll() is None:
        p.terminate()
        try:
            p.wait(5)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


def stop_all():
    for p in _procs:
        stop(p)


def sim_requests(sim_port):
    return json.loads(raw_get(sim_port, "/_sim/requests"))


def sim_control(sim_port, method, path, obj=None):
    """A call to the simulator's /_sim/ control API; the answer is read and dropped."""
    body = json.dumps(obj).encode() if obj is not None else b""
    s = socket.create_connection(("127.0.0.1", sim_port), timeout=5)
    s.sendall(b"%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: %d\r\n"
              b"Connection: close\r\n\r\n%s" % (method.encode(), path.encode(), len(body), body))
    while s.recv(4096):
        pass
    s.close()


def sim_clear(sim_port):
    sim_control(sim_port, "DELETE", "/_sim/requests")


def sim_fault(sim_port, fault):
    sim_control(sim_port, "POST", "/_sim/faults", fault)


def raw_get(port, path):
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.sendall(("GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n" % path).encode())
    data = b""
    while True:
        b = s.recv(65536)
        if not b:
            break
        data += b
    s.close()
    head, _, body = data.partition(b"\r\n\r\n")
    if b"chunked" in head.lower():
        body = dechunk(body)
    return body.decode()


def dechunk(b):
    """The data of chunked framing; stops at an incomplete chunk (for partial reads)."""
    out = b""
    while b:
        line, sep, rest = b.partition(b"\r\n")
        if not sep:
            break
        n = int(line.split(b";")[0], 16)
        if n == 0 or len(rest) < n:
            out += rest[:n] if n else b""
            break
        out += rest[:n]
        b = rest[n + 2:]
    return out


def sse_messages(text):
    """The JSON messages of SSE text (complete events only)."""
    out = []
    for block in text.replace("\r\n", "\n").split("\n\n")[:-1]:
        data = [l[5:].lstrip() for l in block.split("\n") if l.startswith("data:")]
        if data and "".join(data).strip():
            out.append(json.loads("\n".join(data)))
    return out


def read_until(sock, raw, pred, timeout=10):
    """Reads a chunked SSE answer until pred(messages so far); returns (raw, messages)."""
    deadline = time.time() + timeout
    while True:
        body = raw.partition(b"\r\n\r\n")[2]
        msgs = sse_messages(dechunk(body).decode()) if body else []
        if pred(msgs, raw) or time.time() > deadline:
            return raw, msgs
        b = sock.recv(65536)
        if not b:
            return raw, msgs
        raw += b


class Resp:
    def __init__(self, status, headers, body):
        self.status, self.headers, self.body = status, headers, body

    def json(self):
        return json.loads(self.body)

    def events(self):
        """The JSON messages of an SSE body (or the one JSON body)."""
        if "text/event-stream" not in self.headers.get("content-type", ""):
            return [self.json()] if self.body.strip() else []
        out = []
        for block in self.body.replace("\r\n", "\n").split("\n\n"):
            data = [l[5:].lstrip() for l in block.split("\n") if l.startswith("data:")]
            if data and "".join(data).strip():
                out.append(json.loads("\n".join(data)))
        return out


def read_response(s):
    """Reads one HTTP response from socket s (Content-Length, chunked or close)."""
    buf = b""
    while b"\r\n\r\n" not in buf:
        b = s.recv(65536)
        if not b:
            raise ConnectionError("closed before the head: %r" % buf)
        buf += b
    head, _, rest = buf.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for l in lines[1:]:
        k, _, v = l.partition(":")
        headers[k.strip().lower()] = v.strip()
    if status == 100:
        return read_response_rest(s, rest)
    if "content-length" in headers:
        n = int(headers["content-length"])
        while len(rest) < n:
            b = s.recv(65536)
            if not b:
                break
            rest += b
        body = rest[:n]
    elif "chunked" in headers.get("transfer-encoding", ""):
        while not rest.endswith(b"0\r\n\r\n"):
            b = s.recv(65536)
            if not b:
                break
            rest += b
        body = dechunk(rest)
    else:
        while True:
            b = s.recv(65536)
            if not b:
                break
            rest += b
        body = rest
    return Resp(status, headers, body.decode())


def read_response_rest(s, rest):
    class Pre:
        def __init__(self, sock, pre):
            self.sock, self.pre = sock, pre

        def recv(self, n):
            if self.pre:
                b, self.pre = self.pre, b""
                return b
            return self.sock.recv(n)
    return read_response(Pre(s, rest))


def request(port, method, body=None, headers=None, path="/mcp", sock=None, timeout=10):
    """One request; on a given socket (keep-alive) or a new one. Returns Resp."""
    own = sock is None
    if own:
        sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    h = {"Host": "127.0.0.1:%d" % port}
    if body is not None:
        h["Content-Type"] = "application/json"
        h["Accept"] = ACCEPT
    h.update(headers or {})
    data = body.encode() if isinstance(body, str) else (body or b"")
    if body is not None:
        h["Content-Length"] = str(len(data))
    head = "%s %s HTTP/1.1\r\n" % (method, path) + "".join("%s: %s\r\n" % (k, v) for k, v in h.items() if v is not None)
    sock.sendall(head.encode() + b"\r\n" + data)
    r = read_response(sock)
    if own:
        sock.close()
    return r


def rpc(id, method, params=None):
    m = {"jsonrpc": "2.0", "method": method}
    if id is not None:
        m["id"] = id
    if params is not None:
        m["params"] = params
    return json.dumps(m)


class HttpSession:
    """An MCP session over HTTP: initialize, then calls with the session id."""

    def __init__(self, port, token=None, caps=None, version="2025-11-25"):
        self.port, self.token, self.version = port, token, version
        self.auth = {"Authorization": "Bearer " + token} if token else {}
        r = request(port, "POST", rpc(1, "initialize", {"protocolVersion": version, "capabilities": caps or {},
                                                        "clientInfo": {"name": "tests/http", "version": "1"}}),
                    self.auth)
        assert r.status == 200, (r.status, r.body)
        self.sid = r.headers.get("mcp-session-id")
        self.init = r.events()[-1]
        request(port, "POST", rpc(None, "notifications/initialized"), self.headers())
        self.next_id = 10

    def headers(self, extra=None):
        h = dict(self.auth)
        h["Mcp-Session-Id"] = self.sid
        h["MCP-Protocol-Version"] = self.version
        h.update(extra or {})
        return h

    def post(self, msg, sock=None):
        return request(self.port, "POST", msg, self.headers(), sock=sock)

    def call(self, method, params=None):
        self.next_id += 1
        return self.post(rpc(self.next_id, method, params))


class StdioSession:
    """An MCP session over stdio with build/e2b-mcp."""

    def __init__(self, binary, env, caps=None, initialized=True):
        self.p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
        _procs.append(self.p)
        self.send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                   "params": {"protocolVersion": "2025-11-25", "capabilities": caps or {}, "clientInfo": {"name": "t", "version": "1"}}})
        self.init = self.recv()
        if initialized:
            self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def send(self, m):
        self.p.stdin.write((json.dumps(m) + "\n").encode())
        self.p.stdin.flush()

    def recv(self):
        line = self.p.stdout.readline()
        if not line:
            raise EOFError("server closed stdout")
        return json.loads(line)

    def close(self):
        self.p.stdin.close()
        stop(self.p)
