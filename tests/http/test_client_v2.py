"""The official v2 TypeScript client (@modelcontextprotocol/client 2.4.0, under
build/npm/client2) against build/e2b-mcp and the simulator, over stdio and over --http,
in three negotiation modes: pinned to 2026-07-28, auto (discovers 2026-07-28) and legacy
(the 2025 initialize). In each it reads the tool list from tools/list and calls every
tool, kill included (E2B_MCP_ENABLE_KILL=1); the four that bill or destroy ask first
(through an InputRequiredResult on 2026-07-28, through elicitation/create on 2025) and
the client's handler says yes. Checked: the negotiated era and version, every call's
result, the four questions, and the simulator's request log (each change reached E2B
once: the round that asked sent nothing). Last, a build without 2025 HTTP sessions
(E2B_MCP_HTTP_SESSIONS 0): the pinned client still calls every tool; a 2025 initialize
is refused with 400 and says why. And 2026-07-28 clients hold no session: on a server
with three session slots, three 2025 sessions outlive forty modern requests, whose
answers never carry Mcp-Session-Id."""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from report import check, run  # noqa: E402
from sim import BUILD, ROOT, Sim, server_env, stop  # noqa: E402
from mcp import HttpSession, McpClient, request, rpc, start_http  # noqa: E402

NODE_BIN = os.path.join(BUILD, "npm", "node22", "node_modules", "node", "bin")
CLIENT_DIR = os.path.join(BUILD, "npm", "client2")
SCRIPT = os.path.join(ROOT, "tests", "http", "client_v2.mjs")
E2B_MCP = os.path.join(BUILD, "e2b-mcp")
MODERN_ONLY = os.path.join(BUILD, "e2b-mcp-modern-only")
HTTPTEST = os.path.join(BUILD, "e2b-mcp-httptest")   # 3 session slots
SIM = None
TOOLS = []   # every tool, as the server lists it with kill enabled (main)
CHANGES = [("POST", "/sandboxes"), ("POST", "/timeout"), ("POST", "/connect"), ("DELETE", "/sandboxes/")]


def run_client(mode, kind, target, env_args):
    env = dict(os.environ)
    env["PATH"] = NODE_BIN + os.pathsep + env.get("PATH", "")
    # the script imports the client from build/npm/client2: run it from there
    script = os.path.join(CLIENT_DIR, "client_v2.mjs")
    with open(SCRIPT) as f, open(script, "w") as g:
        g.write(f.read())
    p = subprocess.run(["node", script, mode, kind, target] + env_args, capture_output=True, env=env, timeout=180,
                       cwd=CLIENT_DIR)
    text = p.stdout.decode() + p.stderr.decode()
    for line in reversed(p.stdout.decode().splitlines()):
        try:
            return json.loads(line), text
        except ValueError:
            continue
    return {}, text


def verify(out, text, label, want_era):
    check("%s: connects, era %s" % (label, want_era), out.get("era") == want_era and not out.get("error"), out.get("error") or text[-600:])
    want_version = "2026-07-28" if want_era == "modern" else "2025-11-25"
    check("%s: negotiated %s" % (label, want_version), out.get("version") == want_version, out.get("version"))
    tools = sorted(out.get("tools") or [])
    check("%s: tools/list names every tool, kill included" % label,
          tools == TOOLS and "e2b_kill_sandbox" in tools and not out.get("unknown"), (tools, out.get("unknown")))
    calls = out.get("calls") or []
    bad = [c for c in calls if c.get("isError")]
    check("%s: every tool was called and none failed" % label, sorted(c["name"] for c in calls) == TOOLS and not bad,
          bad or len(calls))
    asked = out.get("asked") or []
    check("%s: four consent questions (create, timeout, resume, kill), answered yes" % label,
          len(asked) == 4 and "billed" in asked[0], asked)
    reqs = SIM.requests()
    seen = [(r["method"], r["path"]) for r in reqs]
    for method, part in CHANGES:   # the API version in the path (/v2/...) does not matter here
        n = sum(1 for m, p in seen if m == method and (p.endswith(part) if part != "/sandboxes/"
                                                          else part in p and "/" not in p.split(part, 1)[1]))
        check("%s: %s ...%s reached E2B exactly once" % (label, method, part), n == 1, seen)
    SIM.clear()


def main():
    global SIM
    SIM = Sim.start()
    sim_port = SIM.port
    env = server_env(sim_port, extra={"E2B_MCP_ENABLE_KILL": "1"})
    c = McpClient([E2B_MCP], env)
    c.initialize()
    TOOLS[:] = sorted(t["name"] for t in c.list_tools())
    c.close()
    env_args = ["%s=%s" % (k, v) for k, v in env.items() if k.startswith("E2B_")]
    for mode, era in (("pin", "modern"), ("auto", "modern"), ("legacy", "legacy")):
        out, text = run_client(mode, "stdio", E2B_MCP, env_args)
        verify(out, text, "stdio %s" % mode, era)
    port, proc = start_http(E2B_MCP, env)
    url = "http://127.0.0.1:%d/mcp" % port
    for mode, era in (("pin", "modern"), ("auto", "modern"), ("legacy", "legacy")):
        out, text = run_client(mode, "http", url, [])
        verify(out, text, "http %s" % mode, era)
    stop(proc)

    port, proc = start_http(MODERN_ONLY, env)
    url = "http://127.0.0.1:%d/mcp" % port
    out, text = run_client("pin", "http", url, [])
    verify(out, text, "http pin, no 2025 sessions", "modern")
    r = request(port, "POST", rpc(1, "initialize", {"protocolVersion": "2025-11-25", "capabilities": {},
                                                               "clientInfo": {"name": "t", "version": "1"}}))
    check("no 2025 sessions: initialize over HTTP -> 400 that says 2026-07-28",
          r.status == 400 and "2026-07-28" in r.body and "mcp-session-id" not in r.headers, (r.status, r.body[:200]))
    out, text = run_client("legacy", "http", url, [])
    check("no 2025 sessions: a legacy-mode client cannot connect", out.get("error") and not out.get("calls"), out)
    stop(proc)

    port, proc = start_http(HTTPTEST, server_env(sim_port))
    legacy = [HttpSession(port) for _ in range(3)]
    meta = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}
    sids = set()
    ok = 0
    for i in range(40):
        method = ("server/discover", "tools/list")[i % 2]
        r = request(port, "POST", rpc(i, method, {"_meta": meta}),
                         {"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": method})
        ok += r.status == 200 and "result" in r.events()[-1]
        if "mcp-session-id" in r.headers:
            sids.add(r.headers["mcp-session-id"])
    check("no per-client state: forty 2026-07-28 requests answered, none given a session id", ok == 40 and not sids, (ok, sids))
    alive = [s.call("tools/list").status for s in legacy]
    check("no per-client state: the three 2025 sessions in the three slots are all still there", alive == [200, 200, 200], alive)
    stop(proc)


if __name__ == "__main__":
    run(main)
