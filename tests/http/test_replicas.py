"""Three replicas of build/e2b-mcp --http behind nginx, configured from
examples/nginx-replicas.conf (the recipe in docs/operating.md), against one simulator.

2026-07-28 clients go round robin: their tools/list and tools/call spread over every
replica, and a consent question asked by one replica is answered on another (the
replicas share E2B_MCP_STATE_KEY). 2025 clients are routed by a consistent hash of
Mcp-Session-Id: every request of a session reaches the replica that answered its
initialize. Then one replica is stopped mid-run: 2026-07-28 calls carry on, a 2025
session that lived on the stopped replica gets 404, initializes again and carries on,
and a 2025 session on another replica never notices."""
import os
import shutil
import socket
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from report import check, run  # noqa: E402
from sim import BUILD, ROOT, Sim, closed_port, server_env, stop  # noqa: E402
from mcp import McpClient, request, rpc, start_http  # noqa: E402

E2B_MCP = os.path.join(BUILD, "e2b-mcp")
CONF = os.path.join(ROOT, "examples", "nginx-replicas.conf")
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
MODERN = "2026-07-28"
SPENT = [None]   # the directory the replicas share as E2B_MCP_STATE_DIR


def meta(caps=None):
    return {"io.modelcontextprotocol/protocolVersion": MODERN,
            "io.modelcontextprotocol/clientCapabilities": caps if caps is not None else {"elicitation": {}}}


def modern(port, id, method, params=None):
    params = dict(params or {})
    params["_meta"] = meta()
    h = {"MCP-Protocol-Version": MODERN, "Mcp-Method": method}
    if method == "tools/call":
        h["Mcp-Name"] = params["name"]
    return request(port, "POST", rpc(id, method, params), h)


class Nginx:
    def __init__(self, ports):
        self.dir = os.path.join(BUILD, "replicas-%d" % os.getpid())
        shutil.rmtree(self.dir, ignore_errors=True)
        for d in ("tmp", "logs"):
            os.makedirs(os.path.join(self.dir, d))
        self.port = closed_port()   # free now: the replica binds it
        with open(CONF) as f:
            site = f.read()
        for i, p in enumerate(ports):
            site = site.replace("@PORT%d@" % (i + 1), str(p))
        site = site.replace("@LISTEN@", str(self.port))
        d = self.dir
        conf = ("daemon off;\nmaster_process on;\nworker_processes 1;\npid %s/nginx.pid;\nerror_log %s/error.log info;\n"
                "events { worker_connections 256; }\nhttp {\n"
                "    client_body_temp_path %s/tmp/body;\n    proxy_temp_path %s/tmp/proxy;\n"
                "    fastcgi_temp_path %s/tmp/fastcgi;\n    uwsgi_temp_path %s/tmp/uwsgi;\n    scgi_temp_path %s/tmp/scgi;\n"
                "    log_format up '$upstream_addr $status \"$http_mcp_session_id\" \"$http_mcp_method\" $request_id';\n"
                "    access_log %s/access.log up;\n%s}\n") % (d, d, d, d, d, d, d, d, site)
        with open(os.path.join(d, "nginx.conf"), "w") as f:
            f.write(conf)
        self.p = subprocess.Popen([NGINX, "-p", d, "-c", os.path.join(d, "nginx.conf"), "-e", os.path.join(d, "error.log")],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                if self.p.poll() is not None:
                    break
                time.sleep(0.05)
        raise RuntimeError("nginx did not start: %s" % self.p.stderr.read().decode()[-400:])

    def log(self):
        """(upstream port that answered, status, session id, Mcp-Method) per request so far."""
        time.sleep(0.1)   # nginx writes the line after the answer
        out = []
        with open(os.path.join(self.dir, "access.log")) as f:
            for line in f:
                head, sid, meth = line.split('"')[0].split(), line.split('"')[1], line.split('"')[3]
                status, last = head[-1], head[-2].rstrip(",")   # after a retry: "A, B": B answered
                out.append((int(last.rsplit(":", 1)[1]) if ":" in last else 0, status, sid, meth))
        return out

    def stop(self):
        if self.p.poll() is None:
            self.p.send_signal(3)   # QUIT: a graceful stop
            try:
                self.p.wait(10)
            except subprocess.TimeoutExpired:
                self.p.kill()
                self.p.wait()


class Legacy:
    """A 2025-11-25 session through nginx."""

    def __init__(self, port):
        self.port = port
        self.initialize()

    def initialize(self):
        r = request(self.port, "POST", rpc(1, "initialize", {"protocolVersion": "2025-11-25", "capabilities": {},
                                                                   "clientInfo": {"name": "replicas", "version": "1"}}))
        assert r.status == 200, (r.status, r.body)
        self.sid = r.headers.get("mcp-session-id")
        request(self.port, "POST", rpc(None, "notifications/initialized"), self.headers())

    def headers(self):
        return {"Mcp-Session-Id": self.sid, "MCP-Protocol-Version": "2025-11-25"}

    def call(self, method, params=None):
        return request(self.port, "POST", rpc(7, method, params), self.headers())


TOOLS = []   # the tool names, as the server lists them to a stdio client (main)


def tools_ok(r):
    try:
        ev = r.events()[-1]
    except (ValueError, IndexError):
        return False
    return r.status == 200 and sorted(t["name"] for t in ev.get("result", {}).get("tools", [])) == TOOLS


def main():
    if not check("nginx is installed (scripts/install-deps.sh tls)", os.path.exists(NGINX), NGINX):
        return
    sim = Sim.start()
    c = McpClient([E2B_MCP], server_env(sim.port))
    c.initialize()
    TOOLS[:] = sorted(t["name"] for t in c.list_tools())
    c.close()
    spent = SPENT[0] = os.path.join(BUILD, "replicas-spent-%d" % os.getpid())
    shutil.rmtree(spent, ignore_errors=True)
    os.makedirs(spent)
    extra = {"E2B_MCP_STATE_KEY": "replicas-share-this-secret", "E2B_MCP_HTTP_PROXY_NAMES_SESSIONS": "1",
             "E2B_MCP_STATE_DIR": spent}
    reps = [start_http(E2B_MCP, server_env(sim.port, extra=extra)) for _ in range(3)]
    ngx = Nginx([p for p, _ in reps])
    try:
        drive(ngx, reps, sim)
    finally:
        ngx.stop()


def drive(ngx, reps, sim):
    ports = [p for p, _ in reps]
    port = ngx.port
    # 2026-07-28: round robin
    oks = [tools_ok(modern(port, i, "tools/list")) for i in range(6)]
    check("modern: tools/list through nginx, six times", all(oks), oks)
    served = [up for up, st, sid, m in ngx.log() if m == "tools/list"]
    check("modern: the six went round robin over the three replicas", sorted(set(served)) == sorted(ports)
          and all(served.count(p) == 2 for p in ports), served)
    # 2025: sessions hashed by Mcp-Session-Id; each stays on its replica
    sessions = [Legacy(port) for _ in range(8)]
    for s in sessions:
        for _ in range(3):
            check("legacy %s: tools/list" % s.sid[:8], tools_ok(s.call("tools/list")))
    log = ngx.log()
    home = {}
    for s in sessions:
        ups = set(up for up, st, sid, m in log if sid == s.sid)
        home[s.sid] = ups.pop() if len(ups) == 1 else None
        check("legacy %s: all of its requests reached one replica" % s.sid[:8], home[s.sid] is not None and not ups,
              [(up, m) for up, st, sid, m in log if sid == s.sid])
    check("legacy: the sessions spread over more than one replica", len(set(home.values())) >= 2, home)
    # consent across replicas: asked by one, answered on another
    sim.clear()
    args = {"template_id": "base", "timeout": 30}
    r = modern(port, 20, "tools/call", {"name": "e2b_create_sandbox", "arguments": args})
    res = r.events()[-1].get("result", {}) if r.status == 200 else {}
    check("modern consent: the question comes back within the result", res.get("resultType") == "input_required"
          and res.get("requestState"), r.body[:300])
    r2 = modern(port, 21, "tools/call", {"name": "e2b_create_sandbox", "arguments": args, "requestState": res.get("requestState"),
                                         "inputResponses": {"confirm": {"action": "accept", "content": {"confirm": True}}}})
    res2 = r2.events()[-1].get("result", {}) if r2.status == 200 else {}
    check("modern consent: the answer on the next call starts the sandbox", res2.get("isError") is False
          and res2.get("structuredContent", {}).get("sandboxID"), r2.body[:300])
    calls = [up for up, st, sid, m in ngx.log() if m == "tools/call"]
    check("modern consent: question and answer were served by different replicas", len(calls) >= 2 and calls[-1] != calls[-2], calls)
    creates = [x for x in sim.requests() if x["method"] == "POST" and x["path"].rstrip("/").endswith("/sandboxes")]
    check("modern consent: E2B saw one create", len(creates) == 1, creates)
    # the same accepted answer again, round robin: every replica refuses it (they share E2B_MCP_STATE_DIR)
    replays = []
    for i in range(3):
        r3 = modern(port, 22 + i, "tools/call", {"name": "e2b_create_sandbox", "arguments": args, "requestState": res.get("requestState"),
                                                 "inputResponses": {"confirm": {"action": "accept", "content": {"confirm": True}}}})
        try:
            err = r3.events()[-1].get("error", {})
        except (ValueError, IndexError):
            err = {}
        replays.append((r3.status, err.get("code"), "used already" in err.get("message", "")))
    calls = [up for up, st, sid, m in ngx.log() if m == "tools/call"]
    check("modern consent: the accepted answer replayed three times is refused by every replica",
          all(code == -32602 and said for _, code, said in replays) and len(set(calls[-3:])) == 3, (replays, calls[-4:]))
    creates = [x for x in sim.requests() if x["method"] == "POST" and x["path"].rstrip("/").endswith("/sandboxes")]
    check("modern consent: after the replays E2B still saw one create", len(creates) == 1, creates)
    check("modern consent: the shared record holds the one used answer", len(os.listdir(SPENT[0])) == 1,
          os.listdir(SPENT[0]))

    # stop the replica that holds the first session, mid-run
    victim_sid = sessions[0].sid
    victim = home[victim_sid]
    proc = [p for pt, p in reps if pt == victim][0]
    stop(proc)
    check("a replica stopped", proc.poll() is not None)
    oks = [tools_ok(modern(port, 30 + i, "tools/list")) for i in range(6)]
    check("modern after the stop: six tools/list all answered", all(oks), oks)
    r = modern(port, 40, "tools/call", {"name": "e2b_list_sandboxes", "arguments": {}})
    res = r.events()[-1].get("result", {}) if r.status == 200 else {}
    check("modern after the stop: a tools/call answered", res.get("isError") is False, r.body[:300])
    late = [up for up, st, sid, m in ngx.log()[-7:]]
    check("modern after the stop: only the live replicas answered", victim not in late and len(set(late)) == 2, late)
    gone = [s for s in sessions if home[s.sid] == victim]
    kept = [s for s in sessions if home[s.sid] != victim]
    # one check per rule, over every session it concerns (how many sessions the stopped
    # replica held varies from run to run; the number of checks does not)
    r404, renewed, goes_on, lives, unnoticed = [], [], [], [], []
    for s in gone:
        r = s.call("tools/list")
        r404.append((s.sid[:8], r.status))
        old = s.sid
        s.initialize()
        renewed.append(bool(s.sid) and s.sid != old)
        goes_on.append(tools_ok(s.call("tools/list")))
        ups = set(up for up, st, sid, m in ngx.log() if sid == s.sid)
        lives.append(len(ups) == 1 and victim not in ups)
    for s in kept:
        unnoticed.append(tools_ok(s.call("tools/list")))
    check("legacy: the stopped replica held some sessions, the live ones the rest", gone and kept, (len(gone), len(kept)))
    check("legacy on the stopped replica: every session got 404 (%d)" % len(gone), all(st == 404 for _, st in r404), r404)
    check("legacy on the stopped replica: each initialized again, with a new session", all(renewed), renewed)
    check("legacy on the stopped replica: each carries on after the new initialize", all(goes_on), goes_on)
    check("legacy on the stopped replica: each new session lives on one live replica", all(lives), lives)
    check("legacy on a live replica: none noticed (%d)" % len(kept), all(unnoticed), unnoticed)

if __name__ == "__main__":
    run(main)
