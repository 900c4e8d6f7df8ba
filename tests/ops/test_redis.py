"""Replicas sharing state in Redis (issue 35, item 4): three e2b-mcp --http replicas behind
nginx (examples/nginx-replicas.conf) with E2B_MCP_REDIS_URL, a real redis-server started
here (a password, database 2), one simulator.

An accepted consent answer (2026-07-28's requestState) is taken once: replayed to each
replica it is refused by every one, and E2B saw one create; the record is a key with a
TTL in Redis. Redis stopped mid-test: /readyz names it on every replica, a fresh answer is
refused (never taken: it cannot be proved unused) and nothing reaches E2B; Redis started
again: the replicas take fresh answers again. A user's limit (E2B_MCP_LIMIT_CALLS) holds across
the replicas (one bucket in Redis), and is refused while Redis is down. A wrong password and a bad URL are refused
without the password ever being printed."""
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
sys.path.insert(0, os.path.join(HERE, "..", "http"))
from report import check, eq, run  # noqa: E402
from sim import BUILD, Sim, closed_port, server_env, stop, track  # noqa: E402
from mcp import request, start_http  # noqa: E402
from test_replicas import Nginx, modern  # noqa: E402

BIN = os.path.join(BUILD, "e2b-mcp")
REDIS = shutil.which("redis-server") or "/usr/bin/redis-server"
PASSWORD = "pw-" + os.urandom(8).hex()
ACCEPT = {"confirm": {"action": "accept", "content": {"confirm": True}}}
ARGS = {"template_id": "base", "timeout": 30}


class Redis:
    def __init__(self, port=None):
        self.dir = tempfile.mkdtemp(prefix="ops-redis-", dir=BUILD)
        self.port = port or closed_port()
        self.p = None

    def start(self):
        self.p = track(subprocess.Popen([REDIS, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                                         "--requirepass", PASSWORD, "--dir", self.dir, "--daemonize", "no"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                if self.cmd("PING") == "PONG":
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self):
        stop(self.p)

    def cmd(self, *args, db=2):
        """One command (after AUTH and SELECT db), its reply decoded: str, int, None or a list."""
        s = socket.create_connection(("127.0.0.1", self.port), timeout=3)
        f = s.makefile("rb")

        def send(*a):
            s.sendall(("*%d\r\n" % len(a) + "".join("$%d\r\n%s\r\n" % (len(x.encode()), x) for x in a)).encode())
            return read()

        def read():
            line = f.readline().decode().rstrip("\r\n")
            t, rest = line[0], line[1:]
            if t in "+-":
                return rest if t == "+" else "ERR:" + rest
            if t == ":":
                return int(rest)
            if t == "$":
                n = int(rest)
                return None if n < 0 else f.read(n + 2)[:-2].decode()
            if t == "*":
                return [read() for _ in range(int(rest))]
            raise ValueError(line)
        try:
            send("AUTH", PASSWORD)
            send("SELECT", str(db))
            return send(*args)
        finally:
            s.close()


def ask(port, id):
    r = modern(port, id, "tools/call", {"name": "e2b_create_sandbox", "arguments": ARGS})
    return r.events()[-1].get("result", {}).get("requestState") if r.status == 200 else None


def answer(port, id, state):
    r = modern(port, id, "tools/call", {"name": "e2b_create_sandbox", "arguments": ARGS, "requestState": state, "inputResponses": ACCEPT})
    try:
        ev = r.events()[-1]
    except (ValueError, IndexError):
        ev = {}
    return r.status, ev


def creates(sim):
    return [x for x in sim.requests() if x["method"] == "POST" and x["path"].rstrip("/").endswith("/sandboxes")]


def readyz(port):
    r = request(port, "GET", path="/readyz")
    return r.status, (json.loads(r.body) if r.body else {})


def wait_ready(ports, want, timeout=8):
    deadline = time.time() + timeout
    while True:
        got = [readyz(p) for p in ports]
        if all(st == want for st, _ in got) or time.time() > deadline:
            return got
        time.sleep(0.2)


def main():
    if not check("redis-server and nginx are installed (scripts/install-deps.sh ops)",
                 os.path.exists(REDIS) and os.path.exists(Nginx.__init__.__globals__["NGINX"]), REDIS):
        return
    sim = Sim.start()
    red = Redis()
    red.start()
    url = "redis://:%s@127.0.0.1:%d/2" % (PASSWORD, red.port)
    extra = {"E2B_MCP_STATE_KEY": "replicas-share-this-secret", "E2B_MCP_HTTP_PROXY_NAMES_SESSIONS": "1", "E2B_MCP_REDIS_URL": url}
    reps = [start_http(BIN, server_env(sim.port, extra=extra)) for _ in range(3)]
    ports = [p for p, _ in reps]
    ngx = Nginx(ports)
    try:
        got = wait_ready(ports, 200)
        check("every replica: /readyz 200 with redis ok", all(st == 200 and b["checks"].get("redis") == "ok" for st, b in got), got)
        sim.clear()
        st = ask(ngx.port, 20)
        check("a consent question through nginx", bool(st))
        code, ev = answer(ngx.port, 21, st)
        check("the accepted answer starts the sandbox", ev.get("result", {}).get("isError") is False, ev)
        eq("E2B saw one create", len(creates(sim)), 1)
        replays = []
        for i in range(3):
            code, ev = answer(ngx.port, 22 + i, st)
            replays.append((code, ev.get("error", {}).get("code"), "used already" in ev.get("error", {}).get("message", "")))
        served = [up for up, s_, sid, m in ngx.log() if m == "tools/call"][-3:]
        check("the accepted answer replayed three times (round robin) is refused by every replica",
              all(c == -32602 and said for _, c, said in replays) and sorted(served) == sorted(ports), (replays, served))
        eq("after the replays E2B still saw one create", len(creates(sim)), 1)
        keys = red.cmd("KEYS", "e2b-mcp:state:*")
        ttl = red.cmd("PTTL", keys[0]) if keys else -2
        check("Redis holds the used answer as one key with a TTL (database 2)", len(keys) == 1 and 0 < ttl <= 16 * 60 * 1000, (keys, ttl))
        eq("database 0 holds nothing of it", red.cmd("KEYS", "e2b-mcp:*", db=0), [])

        # Redis stopped mid-test
        red.stop()
        got = wait_ready(ports, 503)
        check("Redis stopped: every replica's /readyz is 503 naming redis", all(st == 503 and "Redis at 127.0.0.1:%d" % red.port in b["checks"].get("redis", "")
                                                                                 for st, b in got), got)
        check("... and says no password", PASSWORD not in json.dumps(got))
        sim.clear()
        st2 = ask(ngx.port, 30)
        refused = []
        for i in range(3):   # asked on one replica, answered on each: none may take it
            code, ev = answer(ngx.port, 31 + i, st2)
            refused.append((code, ev.get("error", {}).get("code"), "cannot record" in ev.get("error", {}).get("message", "")))
        check("Redis down: a fresh accepted answer is refused by every replica (it cannot be proved unused)",
              bool(st2) and all(said for _, _, said in refused), refused)
        eq("Redis down: nothing reached E2B", len(creates(sim)), 0)
        r = modern(ngx.port, 35, "tools/call", {"name": "e2b_list_sandboxes", "arguments": {}})
        check("Redis down: a read that needs no record still works", r.status == 200 and r.events()[-1]["result"].get("isError") is False,
              r.body[:200])

        # Redis back on the same port
        red.start()
        time.sleep(0.3)   # past the client's short back-off
        got = wait_ready(ports, 200)
        check("Redis restarted: every replica is ready again", all(st == 200 for st, _ in got), got)
        st3 = ask(ngx.port, 40)
        code, ev = answer(ngx.port, 41, st3)
        check("Redis restarted: a fresh accepted answer is taken", ev.get("result", {}).get("isError") is False, ev)
        code, ev = answer(ngx.port, 42, st3)
        check("... and refused the next time, on another replica", ev.get("error", {}).get("code") == -32602, ev)
        code, ev = answer(ngx.port, 43, st2)
        check("the answer refused while Redis was down stays refused (the user is asked again)", ev.get("error", {}).get("code") == -32602, ev)
        eq("E2B saw exactly one create after the restart", len(creates(sim)), 1)
    finally:
        ngx.stop()
        for _, p in reps:
            stop(p)

    # the limits per user, shared: three replicas that each would allow 4 calls at once
    limits = dict(extra, E2B_MCP_LIMIT_CALLS="6:4")
    reps = [start_http(BIN, server_env(sim.port, extra=limits)) for _ in range(3)]
    ports = [p for p, _ in reps]
    ngx = Nginx(ports)
    try:
        sim.clear()
        got = [modern(ngx.port, 50 + i, "tools/call", {"name": "e2b_list_sandboxes", "arguments": {}}).status for i in range(6)]
        served = [up for up, s_, sid, m in ngx.log() if m == "tools/call"][-6:]
        check("limits across replicas: 6 calls round robin, the user's 4 at once answered, then 429 (on every replica alike)",
              got == [200, 200, 200, 200, 429, 429] and len(set(served)) == 3, (got, served))
        lists = [x for x in sim.requests() if x["path"].startswith("/v2/sandboxes")]
        eq("limits across replicas: E2B saw 4 lists", len(lists), 4)
        keys = red.cmd("KEYS", "e2b-mcp:limit:*")
        check("the bucket lives in Redis (one key for the user's calls, with a TTL)", len(keys) == 1 and keys[0].startswith("e2b-mcp:limit:calls:")
              and red.cmd("PTTL", keys[0]) > 0, keys)
        red.stop()
        sim.clear()
        r = modern(ngx.port, 60, "tools/call", {"name": "e2b_list_sandboxes", "arguments": {}})
        check("Redis down: a limited call is refused (429: the limits cannot be checked), nothing sent to E2B",
              r.status == 429 and "cannot be checked" in r.body and not sim.requests(), (r.status, r.body[:200]))
        red.start()
    finally:
        ngx.stop()
        for _, p in reps:
            stop(p)

    # a wrong password, a bad URL
    bad = dict(extra, E2B_MCP_REDIS_URL="redis://:wrong-%s@127.0.0.1:%d/2" % (PASSWORD, red.port))
    port, p = start_http(BIN, server_env(sim.port, extra=bad))
    st_, body = readyz(port)
    check("a wrong password: /readyz 503, AUTH refused, no password shown", st_ == 503 and "AUTH refused" in body["checks"].get("redis", "")
          and PASSWORD not in json.dumps(body), body)
    stop(p)
    q = subprocess.run([BIN, "--http", "127.0.0.1:0"], capture_output=True, timeout=10,
                       env=server_env(sim.port, extra=dict(extra, E2B_MCP_REDIS_URL="redis://:%s@127.0.0.1:notaport" % PASSWORD)))
    check("a bad Redis URL stops the server at start, without echoing it", q.returncode == 2 and b"E2B_MCP_REDIS_URL" in q.stderr
          and PASSWORD.encode() not in q.stderr, q.stderr[-300:])
    red.stop()
    sim.stop()
    shutil.rmtree(red.dir, ignore_errors=True)


if __name__ == "__main__":
    run(main)
