"""A small stdio MCP client and an E2B-simulator fixture for the integration tests and the demo.

Python 3 standard library only.

    sim = Sim.start()                      # or Sim.attach("http://127.0.0.1:PORT")
    cli = McpClient(["build/e2b-mcp"], env={...})
    cli.initialize("2025-11-25")
    res = cli.call_tool("e2b_list_sandboxes", {"state": ["running"]})
    sim.requests(); sim.fault(path="^/sandboxes/", status=503); sim.reset()
    cli.close(); sim.stop()

Every process started here is bounded: reads have timeouts, close() terminates and then kills.
"""
import json
import os
import queue
import select
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SIM_BIN = os.path.join(ROOT, "tests", "sim", "e2b-sim")
sys.path.insert(0, os.path.join(ROOT, "tests", "sim"))
from seed import KEY as DEFAULT_KEY  # noqa: E402  (the simulator's default key)


class McpError(Exception):
    pass


# ----------------------------------------------------------------------------- the simulator

class Sim:
    """The E2B simulator: started here (on a free loopback port) or an already running one."""

    def __init__(self, url, proc=None):
        self.url = url.rstrip("/")
        self.proc = proc

    @classmethod
    def start(cls, *args, timeout=15):
        proc = subprocess.Popen(["python3", SIM_BIN, "--port", "0"] + list(args),
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        deadline = time.time() + timeout
        line = b""
        while time.time() < deadline:
            r, _, _ = select.select([proc.stdout], [], [], 0.2)
            if r:
                line = proc.stdout.readline()
                break
            if proc.poll() is not None:
                break
        if not line.startswith(b"READY "):
            proc.kill()
            err = proc.stderr.read().decode("utf-8", "replace")[-500:] if proc.poll() is not None else ""
            raise RuntimeError("e2b-sim did not print READY: %r %s" % (line, err))
        port = int(line.split()[1])
        # drain its pipes so it never blocks on a full pipe
        for f in (proc.stdout, proc.stderr):
            threading.Thread(target=lambda f=f: [None for _ in iter(lambda: f.read(4096), b"")], daemon=True).start()
        return cls("http://127.0.0.1:%d" % port, proc)

    @classmethod
    def attach(cls, url):
        return cls(url)

    @property
    def port(self):
        return int(self.url.rsplit(":", 1)[1].split("/")[0])

    def stop(self):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)

    def control(self, method, path, body=None, timeout=10):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"} if data else {})
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                return json.loads(r.read().decode("utf-8"))
        except urllib.error.HTTPError as e:
            raise RuntimeError("sim control %s %s: %d %s" % (method, path, e.code, e.read()[:300]))

    def requests(self):
        return self.control("GET", "/_sim/requests")

    def clear(self):
        return self.control("DELETE", "/_sim/requests")

    def fault(self, path, kind="status", **kw):
        kw.update(path=path, kind=kind)
        return self.control("POST", "/_sim/faults", kw)

    def clear_faults(self):
        return self.control("DELETE", "/_sim/faults")

    def clock(self, advance=None):
        if advance is None:
            return self.control("GET", "/_sim/clock")
        return self.control("POST", "/_sim/clock", {"advance": advance})

    def reset(self):
        return self.control("POST", "/_sim/reset", {})

    def config(self, **kw):
        if not kw:
            return self.control("GET", "/_sim/config")
        return self.control("POST", "/_sim/config", kw)

    def seed(self, many):
        return self.control("POST", "/_sim/seed", {"many": many})

    def state(self):
        return self.control("GET", "/_sim/state")


# ----------------------------------------------------------------------------- a TCP connection counter

class CountingProxy:
    """A transparent loopback TCP proxy that counts the connections it accepts (works for TLS too)."""

    def __init__(self, target_host, target_port):
        self.target = (target_host, target_port)
        self.lsock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.lsock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.lsock.bind(("127.0.0.1", 0))
        self.lsock.listen(16)
        self.port = self.lsock.getsockname()[1]
        self.connections = 0
        self.closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while not self.closed:
            try:
                c, _ = self.lsock.accept()
            except OSError:
                return
            self.connections += 1
            try:
                u = socket.create_connection(self.target, timeout=5)
            except OSError:
                c.close()
                continue
            for a, b in ((c, u), (u, c)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(a, b):
        try:
            while True:
                d = a.recv(65536)
                if not d:
                    break
                b.sendall(d)
        except OSError:
            pass
        for s in (a, b):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def close(self):
        self.closed = True
        try:
            self.lsock.close()
        except OSError:
            pass


def closed_port():
    """A loopback port nobody listens on (bound, then released)."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


# ----------------------------------------------------------------------------- the MCP client

class McpClient:
    """Spawns an MCP server over stdio; one JSON message per line.

    elicit: None (the client does not answer: only sent if the capability is declared), a dict (the
    result to send back for every elicitation/create) or a callable(params) -> result dict.
    """

    def __init__(self, cmd, env=None, elicit=None, cwd=ROOT):
        full_env = dict(os.environ)
        for k in ("E2B_API_KEY", "E2B_API_URL", "E2B_DASHBOARD_API_URL", "E2B_DOMAIN", "E2B_MCP_ENABLE_KILL"):
            full_env.pop(k, None)
        full_env.update(env or {})
        self.proc = subprocess.Popen(cmd, cwd=cwd, env=full_env, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
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
        for chunk in iter(lambda: self.proc.stderr.read1(4096) if hasattr(self.proc.stderr, "read1")
                          else self.proc.stderr.read(4096), b""):
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

    def read_message(self, timeout=10):
        """The next message that is not a notification nor an elicitation (those are handled here)."""
        deadline = time.time() + timeout
        while True:
            left = deadline - time.time()
            if left <= 0:
                raise McpError("no answer within %.1f s" % timeout)
            line = self.read_line(left)
            if line is None:
                raise McpError("the server closed its output (exit %r)" % self.proc.poll())
            msg = json.loads(line.decode("utf-8"))
            if isinstance(msg, dict) and "method" in msg:
                if "id" not in msg:
                    self.notifications.append(msg)
                    continue
                self._answer_request(msg)
                continue
            return msg

    def _answer_request(self, msg):
        if msg["method"] == "elicitation/create":
            self.elicitations.append(msg.get("params"))
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
            # an answer to something else (e.g. an error with id null): keep it for inspection
            self.notifications.append({"unmatched": msg})

    # -- JSON-RPC
    def request(self, method, params=None, id=None, timeout=10):
        if id is None:
            self.next_id += 1
            id = self.next_id
        msg = {"jsonrpc": "2.0", "id": id, "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)
        return self.wait_for(id, timeout)

    def notify(self, method, params=None):
        msg = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)

    def initialize(self, version="2025-11-25", capabilities=None, timeout=10):
        r = self.request("initialize", {"protocolVersion": version, "capabilities": capabilities or {},
                                        "clientInfo": {"name": "e2b-mcp-tests", "version": "1.0"}}, timeout=timeout)
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

    def list_tools(self):
        tools, cursor = [], None
        for _ in range(20):
            r = self.request("tools/list", {"cursor": cursor} if cursor else {})
            if "error" in r:
                raise McpError("tools/list: %s" % r["error"])
            tools += r["result"]["tools"]
            cursor = r["result"].get("nextCursor")
            if not cursor:
                break
        return tools

    def ping(self, timeout=10):
        return self.request("ping", timeout=timeout)

    # -- the end
    def close(self, timeout=5):
        """Closes stdin, waits for the exit; returns (all stdout bytes, all stderr bytes, exit code)."""
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.terminate()
            try:
                self.proc.wait(2)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(2)
        time.sleep(0.05)
        return b"".join(self.raw_out), b"".join(self.raw_err), self.proc.returncode


def result_json(res):
    """The structured result of a CallToolResult (structuredContent, else the text block parsed)."""
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
    return "\n".join(b.get("text", "") for b in res.get("content", []) if b.get("type") == "text")
