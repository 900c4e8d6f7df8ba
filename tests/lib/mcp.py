"""An MCP client for the suites, over stdio and over Streamable HTTP.

stdio (one JSON message per line):
    c = McpClient([BIN], env=server_env(sim.url), elicit={"action": "accept", ...})
    c.initialize("2025-11-25"); c.list_tools(); c.call_tool("e2b_list_sandboxes", {...})
    c.request("ping"); c.send({...}); c.recv(); c.cancel(id); out, err, rc = c.close()
    i = c.send_request("tools/call", {...}); c.read_message(5)  # pipelined: answers as they come

Streamable HTTP (raw sockets, so every byte is the test's):
    port, proc = start_http(BIN, env)                      # BIN --http 127.0.0.1:0
    port, proc = start_fixture(FIXTURE_BIN, env)           # build/fixture-server 0
    s = HttpSession(port, token=None, caps={}); r = s.call("tools/list"); r.status, r.events()
    r = request(port, "POST", rpc(1, "ping"), {"Mcp-Session-Id": s.sid})
    sock = s.stream(rpc(7, "tools/call", {...}))                 # a POST whose answer is read as it comes:
    raw, msgs = read_until(sock, b"", lambda msgs, raw: ...)      # its SSE messages so far

Helpers: result_json(res), result_text(res), tool_names(tools), tool_args(schema, all, known). Every read has a timeout;
every process started here is stopped at exit. Python standard library only.
"""
import json
import os
import queue
import socket
import subprocess
import threading
import time

from sim import ROOT, ready_line, server_env, stop, track  # noqa: F401  (server_env: for the suites)

ACCEPT = "application/json, text/event-stream"
CLIENT_INFO = {"name": "e2b-mcp-tests", "version": "1.0"}


class McpError(Exception):
    pass


def rpc(id, method, params=None):
    """A JSON-RPC message as text; id None: a notification."""
    m = {"jsonrpc": "2.0", "method": method}
    if id is not None:
        m["id"] = id
    if params is not None:
        m["params"] = params
    return json.dumps(m)


def init_params(version="2025-11-25", capabilities=None):
    return {"protocolVersion": version, "capabilities": capabilities or {}, "clientInfo": CLIENT_INFO}


# ----------------------------------------------------------------------------- stdio

class McpClient:
    """A server over stdio. env is its whole environment (see sim.server_env); None: the
    caller's without E2B_*. elicit answers elicitation/create: None (cancel), "never" (no answer), a result dict,
    or a callable(params) -> result. Requests from the server are answered inside
    read_message(); notifications are kept in .notifications."""

    def __init__(self, cmd, env=None, elicit=None, cwd=ROOT, label=""):
        self.proc = track(subprocess.Popen(cmd, cwd=cwd, env=env if env is not None else server_env(None, None),
                                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE))
        self.label = label
        self.lines = queue.Queue()
        self.raw_out = []       # every stdout line, as bytes
        self.raw_err = []       # every stderr chunk
        self.notifications = []
        self.elicitations = []  # the params of each elicitation/create received
        self.elicit = elicit
        self.next_id = 1000
        threading.Thread(target=self._read_out, daemon=True).start()
        threading.Thread(target=self._read_err, daemon=True).start()

    def _read_out(self):
        for line in iter(self.proc.stdout.readline, b""):
            self.raw_out.append(line)
            self.lines.put(line)
        self.lines.put(None)

    def _read_err(self):
        for chunk in iter(lambda: self.proc.stderr.read1(4096), b""):
            self.raw_err.append(chunk)

    # -- raw I/O
    def send_raw(self, data):
        if isinstance(data, str):
            data = data.encode("utf-8")
        if not data.endswith(b"\n"):
            data += b"\n"
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, obj):
        self.send_raw(json.dumps(obj, separators=(",", ":")))

    def read_line(self, timeout=10):
        """The next stdout line (bytes), or None at end of output; raises McpError on timeout."""
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise McpError("no line from the server within %.1f s" % timeout)
        if line is None:
            self.lines.put(None)
        return line

    def recv(self, timeout=10):
        """The next message of any kind, parsed; raises McpError at end of output."""
        line = self.read_line(timeout)
        if line is None:
            raise McpError("the server closed its output (exit %r)" % self.proc.poll())
        return json.loads(line.decode("utf-8"))

    def read_message(self, timeout=10):
        """The next message that is not a notification nor a request (those are handled here)."""
        deadline = time.time() + timeout
        while True:
            left = deadline - time.time()
            if left <= 0:
                raise McpError("no answer within %.1f s" % timeout)
            msg = self.recv(left)
            if isinstance(msg, dict) and "method" in msg:
                if "id" not in msg:
                    self.notifications.append(msg)
                else:
                    self._answer_request(msg)
                continue
            return msg

    def _answer_request(self, msg):
        if msg["method"] == "elicitation/create":
            self.elicitations.append(msg.get("params"))
            if self.elicit == "never":   # a user who never answers: the question stays open
                return
            if self.elicit is None:
                result = {"action": "cancel"}
            elif callable(self.elicit):
                result = self.elicit(msg.get("params"))
            else:
                result = self.elicit
            self.send({"jsonrpc": "2.0", "id": msg["id"], "result": result})
        elif msg["method"] == "ping":
            self.send({"jsonrpc": "2.0", "id": msg["id"], "result": {}})
        else:
            self.send({"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32601, "message": "Method not found"}})

    def wait_for(self, want_id, timeout=10):
        deadline = time.time() + timeout
        while True:
            msg = self.read_message(max(0.01, deadline - time.time()))
            if isinstance(msg, dict) and msg.get("id") == want_id:
                return msg
            # an answer to something else (e.g. an error with id null): kept for inspection
            self.notifications.append({"unmatched": msg})

    # -- JSON-RPC
    def send_request(self, method, params=None, id=None):
        """Sends a request without waiting for its answer (requests pipelined on stdin); returns
        its id. Read the answers as they come with read_message(timeout)."""
        if id is None:
            self.next_id += 1
            id = self.next_id
        msg = {"jsonrpc": "2.0", "id": id, "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)
        return id

    def request(self, method, params=None, id=None, timeout=10):
        return self.wait_for(self.send_request(method, params, id), timeout)

    def notify(self, method, params=None):
        msg = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)

    def cancel(self, request_id, reason="test"):
        self.notify("notifications/cancelled", {"requestId": request_id, "reason": reason})

    def initialize(self, version="2025-11-25", capabilities=None, timeout=10):
        r = self.request("initialize", init_params(version, capabilities), timeout=timeout)
        if "result" in r:
            self.notify("notifications/initialized")
        return r

    def call(self, name, arguments=None, timeout=15, id=None):
        """The full JSON-RPC response to tools/call."""
        params = {"name": name}
        if arguments is not None:
            params["arguments"] = arguments
        return self.request("tools/call", params, id=id, timeout=timeout)

    def call_tool(self, name, arguments=None, timeout=15):
        """The CallToolResult; raises McpError on a JSON-RPC error."""
        r = self.call(name, arguments, timeout)
        if "error" in r:
            raise McpError("%s: JSON-RPC error %s" % (name, r["error"]))
        return r["result"]

    def list_tools(self, timeout=10):
        """Every tool, following nextCursor."""
        tools, cursor = [], None
        for _ in range(50):
            r = self.request("tools/list", {"cursor": cursor} if cursor else {}, timeout=timeout)
            if "error" in r:
                raise McpError("tools/list: %s" % r["error"])
            tools += r["result"]["tools"]
            cursor = r["result"].get("nextCursor")
            if not cursor:
                break
        return tools

    def ping(self, timeout=10):
        return self.request("ping", timeout=timeout)

    def stderr(self):
        return b"".join(self.raw_err).decode("utf-8", "replace")

    def close(self, timeout=5):
        """Closes stdin, waits for the exit; returns (all stdout bytes, all stderr bytes, exit code)."""
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            stop(self.proc, 2)
        time.sleep(0.05)
        return b"".join(self.raw_out), b"".join(self.raw_err), self.proc.returncode


def result_json(res):
    """The structured result of a CallToolResult (structuredContent, else the text block parsed)."""
    if not res:
        return None
    if "structuredContent" in res:
        return res["structuredContent"]
    for b in res.get("content", []):
        if b.get("type") == "text":
            try:
                return json.loads(b["text"])
            except ValueError:
                return None
    return None


def result_text(res):
    return "\n".join(b.get("text", "") for b in (res or {}).get("content", []) if b.get("type") == "text")


def tool_names(tools):
    return sorted(t["name"] for t in tools)


# ----------------------------------------------------------------------------- Streamable HTTP

def start_http(binary, env, addr="127.0.0.1:0", timeout=10):
    """Starts `binary --http addr` with env; returns (port, proc) once it says it listens."""
    p = track(subprocess.Popen([binary, "--http", addr], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, env=env))
    deadline = time.time() + timeout
    while time.time() < deadline:
        line = p.stderr.readline().decode()
        if "listening on" in line:
            port = int(line.rsplit(":", 1)[1].split("/")[0])
            threading.Thread(target=lambda: [None for _ in iter(lambda: p.stderr.read(4096), b"")],
                             daemon=True).start()
            return port, p
        if not line and p.poll() is not None:
            break
    stop(p)
    raise RuntimeError("%s --http did not start" % binary)


def start_fixture(binary, env, timeout=15):
    """Starts build/fixture-server (or its small build) over HTTP on a free loopback port;
    returns (port, proc) once it printed READY."""
    p = track(subprocess.Popen([binary, "0"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, env=env))
    return int(ready_line(p, os.path.basename(binary), timeout).split()[1]), p


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


def sse_messages(text, complete_only=True):
    """The JSON messages of SSE text (with complete_only, the events a blank line has ended)."""
    blocks = text.replace("\r\n", "\n").split("\n\n")
    out = []
    for block in blocks[:-1] if complete_only else blocks:
        data = [l[5:].lstrip() for l in block.split("\n") if l.startswith("data:")]
        if data and "".join(data).strip():
            out.append(json.loads("\n".join(data)))
    return out


def read_until(sock, raw, pred, timeout=10):
    """Reads a chunked SSE answer until pred(messages so far, raw); returns (raw, messages)."""
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
        return sse_messages(self.body, complete_only=False)


class _Prefixed:
    """A socket whose first recv returns bytes already read."""

    def __init__(self, sock, pre):
        self.sock, self.pre = sock, pre

    def recv(self, n):
        if self.pre:
            b, self.pre = self.pre, b""
            return b
        return self.sock.recv(n)


def read_response(s):
    """Reads one HTTP response from socket s (Content-Length, chunked or close); a 100 is skipped."""
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
        return read_response(_Prefixed(s, rest))
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


def send_http(sock, port, method, body=None, headers=None, path="/mcp"):
    """Sends one HTTP request to 127.0.0.1:port on sock; the answer is the caller's to read.
    A body gets Content-Type, Accept and Content-Length; a header given as None is not sent."""
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


def request(port, method, body=None, headers=None, path="/mcp", sock=None, timeout=10):
    """One HTTP request to 127.0.0.1:port, on sock (keep-alive) or a new connection (see
    send_http). Returns Resp."""
    own = sock is None
    if own:
        sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    send_http(sock, port, method, body, headers, path)
    r = read_response(sock)
    if own:
        sock.close()
    return r


def http_get(port, path):
    """The body of GET path on 127.0.0.1:port (connection closed after), as text."""
    return request(port, "GET", path=path, headers={"Connection": "close"}).body


class HttpSession:
    """An MCP session over Streamable HTTP: initialize (and notifications/initialized), then
    requests carrying Mcp-Session-Id and MCP-Protocol-Version."""

    def __init__(self, port, token=None, caps=None, version="2025-11-25", headers=None):
        self.port, self.token, self.version = port, token, version
        self.auth = {"Authorization": "Bearer " + token} if token else {}
        self.auth.update(headers or {})   # sent with every request (a client's own E2B key)
        r = request(port, "POST", rpc(1, "initialize", init_params(version, caps)), self.auth)
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

    def stream(self, msg, extra=None, timeout=15):
        """POSTs msg on a connection of its own and returns the socket with the answer unread:
        its SSE messages are read as they come with read_until(sock, b"", pred)."""
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=timeout)
        send_http(sock, self.port, "POST", msg, self.headers(extra))
        return sock

    def list_tools(self):
        """Every tool, following nextCursor."""
        tools, cursor = [], None
        for _ in range(50):
            r = self.call("tools/list", {"cursor": cursor} if cursor else {}).events()[-1]["result"]
            tools += r["tools"]
            cursor = r.get("nextCursor")
            if not cursor:
                break
        return tools


def tool_args(schema, all=False, known=None):
    """Arguments for a tool, made from its inputSchema: the required properties (all: every
    one), each given known[name] when there, else the first value its schema allows (an enum's
    first, the minimum or 1, true, an object with every property its schema names (else
    {"k": "v"}), a one-item array, anyOf's first, "x1").
    tests/lib/tool_args.h does the same in C."""
    def value(s, name):
        if known and name in known:
            return known[name]
        if "enum" in s:
            return s["enum"][0]
        if "anyOf" in s:
            return value(s["anyOf"][0], name)
        t = s.get("type")
        if t in ("integer", "number"):
            return s.get("minimum", 1)
        if t == "boolean":
            return True
        if t == "object":
            props = s.get("properties")
            return {k: value(v, k) for k, v in props.items()} if props else {"k": "v"}
        if t == "array":
            return [value(s.get("items", {}), name)]
        return "x1"
    req = set(schema.get("required", []))
    return {k: value(v, k) for k, v in schema.get("properties", {}).items() if all or k in req}
