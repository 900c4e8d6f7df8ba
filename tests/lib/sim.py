"""The E2B simulator (tests/sim/e2b-sim) for every suite: start it, put nginx's TLS front
(tests/sim/tls-proxy.sh) before it, talk to its /_sim/ control API, stop everything.

    sim = Sim.start()                      # free loopback port, the seed key; Sim.start("--chunked")
    sim = Sim.from_env() or Sim.start()    # E2B_SIM_URL: one that is already running
    sim.url, sim.port, sim.requests(), sim.clear(), sim.fault("^/sandboxes$", status=503), sim.reset()
    sim.hold(); sim.held(); sim.release(n=1) / sim.release(match="^/sandboxes/"); sim.inflight()
    tls = TlsFront(sim.port, "build/x")    # nginx: tls.ports["good"], tls.ca, tls.access_log, reload()
    env = server_env(sim.url)              # E2B_* for a server under test (the seed key)

Every process started here is stopped at exit (stop_all); every read is bounded.

As a command, it runs another one next to a simulator (for shell and Node suites):

    python3 tests/lib/sim.py [--tls DIR] [--key K] [SIM ARGS] -- CMD ARGS...

CMD sees E2B_SIM_URL, E2B_SIM_PORT, E2B_SIM_PID and E2B_TEST_API_KEY; with --tls also E2B_TLS_GOOD_PORT
(and _EXPIRED_, _WRONGNAME_, _UNTRUSTED_), E2B_TLS_DIR and E2B_TLS_CA. Exit status: CMD's.
Python standard library only.
"""
import atexit
import json
import os
import select
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
BUILD = os.path.join(ROOT, "build")
SIM_BIN = os.path.join(ROOT, "tests", "sim", "e2b-sim")
TLS_PROXY = os.path.join(ROOT, "tests", "sim", "tls-proxy.sh")
sys.path.insert(0, os.path.join(ROOT, "tests", "sim"))
from seed import KEY  # noqa: E402  the simulator's default key

_procs = []


def stop(p, timeout=5):
    """Terminates a process, then kills it if it does not go."""
    if p.poll() is None:
        p.terminate()
        try:
            p.wait(timeout)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait(timeout)


def track(p):
    """Stops p at exit (with every other tracked process)."""
    _procs.append(p)
    return p


@atexit.register
def stop_all():
    while _procs:
        stop(_procs.pop())


def drain(f):
    """Reads f to its end in a thread, so the writer never blocks on a full pipe."""
    threading.Thread(target=lambda: [None for _ in iter(lambda: f.read(4096), b"")], daemon=True).start()


def ready_line(p, what, timeout=15):
    """The first stdout line of p ("READY <port> ..."), within timeout; raises otherwise."""
    deadline = time.time() + timeout
    line = b""
    while time.time() < deadline:
        r, _, _ = select.select([p.stdout], [], [], 0.2)
        if r:
            line = p.stdout.readline()
            break
        if p.poll() is not None:
            break
    if not line.startswith(b"READY "):
        p.kill()
        raise RuntimeError("%s did not print READY: %r" % (what, line))
    return line.decode()


# ----------------------------------------------------------------------------- the simulator

class Sim:
    """The simulator: started here, or one already running (attach)."""

    def __init__(self, url, proc=None, key=KEY):
        self.url = url.rstrip("/")
        self.proc = proc
        self.key = key

    @classmethod
    def start(cls, *args, key=None, timeout=15):
        cmd = [sys.executable, SIM_BIN, "--port", "0"] + (["--key", key] if key else []) + list(args)
        p = track(subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE))
        port = int(ready_line(p, "e2b-sim", timeout).split()[1])
        drain(p.stdout)
        drain(p.stderr)
        return cls("http://127.0.0.1:%d" % port, p, key or KEY)

    @classmethod
    def attach(cls, url, key=None):
        return cls(url, None, key or KEY)

    @classmethod
    def from_env(cls):
        """The simulator named by E2B_SIM_URL (and E2B_TEST_API_KEY), or None."""
        url = os.environ.get("E2B_SIM_URL")
        return cls.attach(url, os.environ.get("E2B_TEST_API_KEY")) if url else None

    @property
    def port(self):
        return int(self.url.rsplit(":", 1)[1].split("/")[0])

    def stop(self):
        if self.proc is not None:
            stop(self.proc)

    def alive(self):
        return self.proc is None or self.proc.poll() is None

    # -- the /_sim/ control API (tests/sim/README.md)
    def control(self, method, path, body=None, timeout=10):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"} if data else {})
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                raw = r.read()
                return json.loads(raw.decode("utf-8")) if raw.strip() else None
        except urllib.error.HTTPError as e:
            raise RuntimeError("sim control %s %s: %d %s" % (method, path, e.code, e.read()[:300]))

    def requests(self):
        """What the simulator received since the last clear(), oldest first."""
        return self.control("GET", "/_sim/requests")

    def e2b_requests(self):
        """(method, path) of each request to the E2B API (the control API left out)."""
        return [(r["method"], r["path"]) for r in self.requests() if not r["path"].startswith("/_sim")]

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

    def inflight(self):
        """{"now": N, "max": M}: API requests open now (held ones included), and the most at once."""
        return self.control("GET", "/_sim/inflight")

    def hold(self, on=True):
        """Hold mode: from now on every API request waits unanswered until released (off: all go)."""
        return self.control("POST", "/_sim/config", {"hold": bool(on)})

    def held(self):
        """The held API requests, oldest first: [{"n", "method", "path", "query"}]."""
        return self.control("GET", "/_sim/held")["held"]

    def wait_held(self, n, timeout=5):
        """The held requests once there are n of them (or as they are at the timeout)."""
        deadline = time.time() + timeout
        while True:
            held = self.held()
            if len(held) >= n or time.time() > deadline:
                return held
            time.sleep(0.02)

    def wait_idle(self, timeout=5):
        """Until no API request is open (held ones included), at most timeout seconds."""
        deadline = time.time() + timeout
        while self.inflight()["now"] and time.time() < deadline:
            time.sleep(0.02)

    def release(self, n=None, match=None):
        """Lets held request n (or those whose path matches the regex) be answered; how many."""
        body = {"n": n} if n is not None else {"match": match}
        return self.control("POST", "/_sim/release", body)["released"]

    def seed(self, many, meta_len=0):
        """Adds many running sandboxes (meta_len: each with a metadata note that long)."""
        return self.control("POST", "/_sim/seed", {"many": many, "meta_len": meta_len})

    def state(self):
        return self.control("GET", "/_sim/state")

    def api(self, path, method="GET", body=None, auth=True, timeout=10):
        """One E2B API request as a client would make it: (status, headers, parsed JSON or None)."""
        req = urllib.request.Request(self.url + path, method=method,
                                     data=None if body is None else json.dumps(body).encode())
        if auth:
            req.add_header("X-API-Key", self.key)
        if body is not None:
            req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                raw = r.read()
                return r.status, dict(r.headers), json.loads(raw) if raw else None
        except urllib.error.HTTPError as e:
            return e.code, dict(e.headers), None


def server_env(api_url, key=KEY, extra=None):
    """The environment for a server under test: the caller's, without any E2B_* variable,
    then the key and both API URLs (api_url: a URL, or the port of a simulator on
    127.0.0.1; key None: no key), then extra."""
    if isinstance(api_url, int):
        api_url = "http://127.0.0.1:%d" % api_url
    env = {k: v for k, v in os.environ.items() if not k.startswith("E2B_")}
    if key is not None:
        env["E2B_API_KEY"] = key
    if api_url is not None:
        env["E2B_API_URL"] = env["E2B_DASHBOARD_API_URL"] = api_url.rstrip("/")
    env.update(extra or {})
    return env


def target_env(sim, extra=None):
    """server_env for a suite its own environment may point at something in front of the
    simulator (tests/tls/integration-https.sh, a TLS proxy): the API at E2B_API_URL (else the
    simulator's), the key E2B_TEST_API_KEY (else KEY), and E2B_MCP_CA_FILE passed on."""
    env = server_env(os.environ.get("E2B_API_URL") or sim.url, os.environ.get("E2B_TEST_API_KEY") or KEY, extra)
    if os.environ.get("E2B_MCP_CA_FILE"):
        env["E2B_MCP_CA_FILE"] = os.environ["E2B_MCP_CA_FILE"]
    return env


# ----------------------------------------------------------------------------- the TLS front

class TlsFront:
    """nginx with a test CA before the simulator (tests/sim/tls-proxy.sh), certificates and
    logs in dir. ports: good, expired, wrongname, untrusted (all https://localhost:PORT)."""

    def __init__(self, sim_port, dir):
        self.dir = os.path.abspath(dir)
        os.makedirs(self.dir, exist_ok=True)
        self.ca = os.path.join(self.dir, "ca.pem")
        self.access_log = os.path.join(self.dir, "access.log")
        self.ports = {}
        out = self.script("start", str(sim_port))
        self._stopped = False
        atexit.register(self.stop)
        self.ports.update(parse_ports(out.strip().splitlines()[-1]))
        self.ports_line = out.strip().splitlines()[-1]

    def script(self, cmd, *args):
        r = subprocess.run([TLS_PROXY, cmd] + list(args) + [self.dir], capture_output=True, text=True, timeout=60)
        if r.returncode != 0:
            raise RuntimeError("tls-proxy.sh %s: %s" % (cmd, r.stderr.strip()))
        return r.stdout

    def url(self, which="good"):
        return "https://localhost:%d" % self.ports[which]

    def reload(self):
        self.script("reload")

    def restart(self):
        self.script("restart")

    def stop(self):
        if not self._stopped:
            self._stopped = True
            subprocess.run([TLS_PROXY, "stop", self.dir], capture_output=True, timeout=30)


def parse_ports(line):
    """"TLS good=1 expired=2 ..." -> {"good": 1, "expired": 2, ...}."""
    if line.split()[:1] != ["TLS"]:
        raise RuntimeError("tls-proxy.sh printed %r, not a ports line" % line)
    return {k: int(v) for k, v in (w.split("=") for w in line.split()[1:])}


# ----------------------------------------------------------------------------- loopback sockets

class Listener:
    """A loopback TCP server: serve(conn) runs in a thread for each connection."""

    def __init__(self, serve, backlog=16):
        self.serve = serve
        self.lsock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.lsock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.lsock.bind(("127.0.0.1", 0))
        self.lsock.listen(backlog)
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
            threading.Thread(target=self.serve, args=(c,), daemon=True).start()

    def close(self):
        self.closed = True
        try:
            self.lsock.close()
        except OSError:
            pass


class CountingProxy(Listener):
    """A transparent loopback TCP proxy to target that counts connections (TLS passes too)."""

    def __init__(self, target_host, target_port):
        self.target = (target_host, target_port)
        Listener.__init__(self, self._relay)

    def _relay(self, c):
        try:
            u = socket.create_connection(self.target, timeout=5)
        except OSError:
            c.close()
            return
        threading.Thread(target=self._pipe, args=(u, c), daemon=True).start()
        self._pipe(c, u)

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


def closed_port():
    """A loopback port nobody listens on (bound, then released)."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


# ----------------------------------------------------------------------------- as a command

def main(argv):
    if "--" not in argv:
        sys.stderr.write(__doc__)
        return 2
    i = argv.index("--")
    opts, cmd = argv[:i], argv[i + 1:]
    tls_dir = key = None
    sim_args = []
    while opts:
        a = opts.pop(0)
        if a == "--tls":
            tls_dir = opts.pop(0)
        elif a == "--key":
            key = opts.pop(0)
        else:
            sim_args.append(a)
    sim = Sim.start(*sim_args, key=key)
    env = dict(os.environ, E2B_SIM_URL=sim.url, E2B_SIM_PORT=str(sim.port), E2B_SIM_PID=str(sim.proc.pid),
               E2B_TEST_API_KEY=sim.key)
    if tls_dir:
        tls = TlsFront(sim.port, tls_dir)
        env.update(E2B_TLS_DIR=tls.dir, E2B_TLS_CA=tls.ca)
        for k, v in tls.ports.items():
            env["E2B_TLS_%s_PORT" % k.upper()] = str(v)
    child = subprocess.Popen(cmd, env=env)
    signal.signal(signal.SIGTERM, lambda *a: sys.exit(128 + signal.SIGTERM))
    try:
        return child.wait()
    finally:
        stop(child)
        stop_all()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
