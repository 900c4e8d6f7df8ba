#!/usr/bin/env python3
"""A representative stdio MCP session against the E2B simulator, for the cross builds (issue 6).

    E2B_MCP_BIN=build/cross/run-s390x python3 tests/cross/session.py [--sim-url URL]

E2B_MCP_BIN is a command (a qemu wrapper script for a cross binary). Every structured result
is compared with what the simulator's API itself answers for the same request, field by field,
so a byte-order or word-size fault in the JSON reader, the integer formatting, the HTTP
framing (Content-Length and chunked, with --chunked) or the paging shows up as a mismatch.
Prints "ok"/"FAIL" per check and the closing line "N passed, N failed". Stdlib only; every
read is bounded.
"""
import json, os, queue, select, subprocess, sys, threading, time, urllib.request

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
KEY = "e2b_deadbeefdeadbeefdeadbeefdeadbeefdeadbeef"
SECRETS = ("envdAccessToken", "trafficAccessToken")
passed = failed = 0


def check(name, cond, detail=""):
    global passed, failed
    if cond:
        passed += 1; print("ok   " + name)
    else:
        failed += 1; print("FAIL " + name + (": " + str(detail)[:400] if detail else ""))
    sys.stdout.flush()


def start_sim(args):
    p = subprocess.Popen([sys.executable, os.path.join(ROOT, "tests/sim/e2b-sim"), "--port", "0"] + args,
                         stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    r, _, _ = select.select([p.stdout], [], [], 15)
    line = p.stdout.readline() if r else b""
    if not line.startswith(b"READY "):
        p.kill(); raise SystemExit("FAIL e2b-sim did not start\n0 passed, 1 failed")
    threading.Thread(target=lambda: [None for _ in iter(lambda: p.stdout.read(4096), b"")], daemon=True).start()
    return p, "http://127.0.0.1:%d" % int(line.split()[1])


def api(url, path, method="GET", body=None, auth=True):
    req = urllib.request.Request(url + path, method=method,
                                 data=None if body is None else json.dumps(body).encode())
    if auth: req.add_header("X-API-Key", KEY)
    if body is not None: req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            raw = r.read()
            return r.status, dict(r.headers), json.loads(raw) if raw else None
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), None


class Server:
    def __init__(self, cmd, env):
        self.p = subprocess.Popen(cmd, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, env=env, cwd=ROOT)
        self.q = queue.Queue()
        threading.Thread(target=self._rd, daemon=True).start()
        threading.Thread(target=lambda: [None for _ in iter(lambda: self.p.stderr.read(4096), b"")], daemon=True).start()
        self.id = 0

    def _rd(self):
        for line in iter(self.p.stdout.readline, b""):
            self.q.put(line)
        self.q.put(None)

    def send(self, obj):
        self.p.stdin.write((json.dumps(obj) + "\n").encode()); self.p.stdin.flush()

    def request(self, method, params=None, timeout=30):
        self.id += 1
        msg = {"jsonrpc": "2.0", "id": self.id, "method": method}
        if params is not None: msg["params"] = params
        self.send(msg)
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                line = self.q.get(timeout=max(0.05, deadline - time.time()))
            except queue.Empty:
                break
            if line is None: raise RuntimeError("the server exited")
            m = json.loads(line)
            if m.get("id") == self.id and "method" not in m: return m
        raise RuntimeError("no answer to %s within %ss" % (method, timeout))

    def call(self, name, args=None):
        m = self.request("tools/call", {"name": name, "arguments": args or {}})
        return m.get("result"), m.get("error")

    def close(self):
        try:
            self.p.stdin.close(); self.p.wait(10)
        except Exception:
            self.p.kill(); self.p.wait()
        return self.p.returncode


def structured(res):
    if not res: return None
    sc = res.get("structuredContent")
    try:
        txt = json.loads(res["content"][0]["text"])
    except Exception:
        txt = None
    return sc if sc is not None else txt


def strip(o):
    if isinstance(o, dict): return {k: strip(v) for k, v in o.items() if k not in SECRETS}
    if isinstance(o, list): return [strip(v) for v in o]
    return o


def main():
    sim_url = None
    extra = []
    a = sys.argv[1:]
    while a:
        if a[0] == "--sim-url": sim_url = a[1]; a = a[2:]
        else: extra.append(a.pop(0))
    bin_cmd = os.environ.get("E2B_MCP_BIN", os.path.join(ROOT, "build/e2b-mcp"))
    sim = None
    if sim_url is None:
        sim, sim_url = start_sim(["--many", "12"] + extra)
    env = dict(os.environ, E2B_API_KEY=KEY, E2B_API_URL=sim_url, E2B_DASHBOARD_API_URL=sim_url)
    env.pop("E2B_MCP_ENABLE_KILL", None)
    srv = Server(bin_cmd, env)
    try:
        run(srv, sim_url)
    except Exception as e:  # a crash or a hang is one failure, with the reason
        check("session completes", False, repr(e))
    rc = srv.close()
    check("server exits 0 at the end of input", rc == 0, "rc=%s" % rc)
    if sim: sim.terminate(); sim.wait(5)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def run(srv, url):
    m = srv.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                   "clientInfo": {"name": "cross", "version": "1"}})
    r = m.get("result", {})
    check("initialize", r.get("protocolVersion") == "2025-06-18" and r.get("serverInfo", {}).get("name") == "e2b-mcp", m)
    srv.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    m = srv.request("ping")
    check("ping", m.get("result") == {}, m)

    m = srv.request("tools/list")
    tools = m.get("result", {}).get("tools", [])
    names = sorted(t["name"] for t in tools)
    want = sorted(["e2b_list_sandboxes", "e2b_get_sandbox", "e2b_create_sandbox", "e2b_get_sandbox_logs",
                   "e2b_get_sandbox_metrics", "e2b_set_sandbox_timeout", "e2b_pause_sandbox", "e2b_resume_sandbox",
                   "e2b_list_snapshots", "e2b_list_default_templates", "e2b_list_templates", "e2b_list_template_builds"])
    check("tools/list: the twelve tools (kill not enabled)", names == want, names)
    check("tools/list: every tool has an object inputSchema",
          all(t.get("inputSchema", {}).get("type") == "object" for t in tools))

    # paging: the server's pages, joined, equal the API's full list
    st, hd, full = api(url, "/v2/sandboxes?limit=100")
    ids, token, pages, total = [], None, 0, None
    while pages < 20:
        args = {"limit": 5}
        if token: args["next_token"] = token
        res, err = srv.call("e2b_list_sandboxes", args)
        s = structured(res)
        if err or not s or res.get("isError"):
            check("e2b_list_sandboxes page %d" % pages, False, err or res); break
        pages += 1
        ids += [x["sandboxID"] for x in s["data"]]
        total = s.get("total_running", total)
        token = s.get("next_token")
        if not token: break
    check("e2b_list_sandboxes: pages of 5 join to the API's list (%d sandboxes, %d pages)" % (len(full), pages),
          ids == [x["sandboxID"] for x in full] and pages == (len(full) + 4) // 5, (ids, [x["sandboxID"] for x in full]))
    check("e2b_list_sandboxes: total_running as X-Total-Running",
          str(total) == hd.get("X-Total-Running"), (total, hd.get("X-Total-Running")))
    res, _ = srv.call("e2b_list_sandboxes", {"limit": 100, "state": ["running"], "metadata": {"user": "carol"}})
    s = structured(res)
    st, _, want_f = api(url, "/v2/sandboxes?limit=100&state=running&metadata=user%3Dcarol")
    check("e2b_list_sandboxes: state and metadata filters", s and strip(s["data"]) == strip(want_f), s)

    sid = full[0]["sandboxID"]
    res, _ = srv.call("e2b_get_sandbox", {"sandbox_id": sid})
    st, _, want_sb = api(url, "/sandboxes/" + sid)
    s = structured(res)
    check("e2b_get_sandbox: equals the API's answer, secrets removed",
          s is not None and not res.get("isError") and strip(s) == strip(want_sb)
          and not any(k in json.dumps(s) for k in SECRETS), (s, want_sb))

    res, _ = srv.call("e2b_create_sandbox", {"template_id": "base", "timeout": 120,
                                             "metadata": {"cross": "yes", "n": "4294967297"}})
    s = structured(res)
    new = s and s.get("sandboxID")
    check("e2b_create_sandbox", bool(new) and not res.get("isError"), res)
    if new:
        st, _, got = api(url, "/sandboxes/" + new)
        check("e2b_create_sandbox: the API has it, with its metadata",
              st == 200 and got.get("metadata") == {"cross": "yes", "n": "4294967297"}, got)
        res, _ = srv.call("e2b_set_sandbox_timeout", {"sandbox_id": new, "timeout": 600})
        check("e2b_set_sandbox_timeout", res and not res.get("isError"), res)
        api(url, "/_sim/clock", "POST", {"advance": 30}, auth=False)
        res, _ = srv.call("e2b_get_sandbox_logs", {"sandbox_id": new, "limit": 5})
        s = structured(res)
        st, _, want_l = api(url, "/v2/sandboxes/%s/logs?limit=5" % new)
        check("e2b_get_sandbox_logs", s is not None and not res.get("isError"), res)
        now = int(time.time()) + 30
        res, _ = srv.call("e2b_get_sandbox_metrics", {"sandbox_id": new, "start": now - 3600, "end": now + 60})
        s = structured(res)
        st, _, want_m = api(url, "/sandboxes/%s/metrics?start=%d&end=%d" % (new, now - 3600, now + 60))
        check("e2b_get_sandbox_metrics: numbers equal the API's (%d points)" % len(want_m or []),
              s is not None and not res.get("isError") and s.get("data") == want_m, (s, want_m))
        res, _ = srv.call("e2b_pause_sandbox", {"sandbox_id": new})
        check("e2b_pause_sandbox", res and not res.get("isError"), res)
        res, _ = srv.call("e2b_pause_sandbox", {"sandbox_id": new})
        check("e2b_pause_sandbox again: 409 as a tool error", res and res.get("isError") and "409" in json.dumps(res), res)
        res, _ = srv.call("e2b_resume_sandbox", {"sandbox_id": new, "timeout": 60})
        check("e2b_resume_sandbox", res and not res.get("isError"), res)

    res, _ = srv.call("e2b_get_sandbox", {"sandbox_id": "nosuchsandbox0000000"})
    check("e2b_get_sandbox of a missing sandbox: 404 as a tool error", res and res.get("isError") and "404" in json.dumps(res), res)
    res, _ = srv.call("e2b_list_sandboxes", {"limit": 101})
    check("bad arguments: a tool error, not a crash", res and res.get("isError"), res)
    res, err = srv.call("e2b_no_such_tool", {})
    check("unknown tool: a JSON-RPC error", err is not None and res is None, (res, err))
    res, _ = srv.call("e2b_list_default_templates")
    s = structured(res)
    check("e2b_list_default_templates", s is not None and not res.get("isError") and len(s.get("data", [])) > 0, res)
    res, _ = srv.call("e2b_list_templates", {"limit": 2})
    check("e2b_list_templates", res and not res.get("isError"), res)
    m = srv.request("ping")
    check("the session is still alive", m.get("result") == {}, m)


if __name__ == "__main__":
    sys.exit(main())
