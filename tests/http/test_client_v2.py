"""The official v2 TypeScript client (@modelcontextprotocol/client 2.4.0, under
build/npm/client2) against build/e2b-mcp and the simulator, over stdio and over --http,
in three negotiation modes: pinned to 2026-07-28, auto (discovers 2026-07-28) and legacy
(the 2025 initialize). In each it reads the tool list from tools/list and calls every
tool, kill included (E2B_MCP_ENABLE_KILL=1), lists every prompt and gets each (its text
names the tools it expects and carries the arguments; a missing required argument is
-32602), lists and reads every resource and resource template (each read is the tool's
JSON, without access tokens; an unknown URI is not found, with the URI), and completes every argument of every prompt and template; the four that bill or destroy ask first
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
# each change and how often it reaches E2B: the sandbox's and, killed after it, the fork's copy's DELETE
CHANGES = [("POST", "/sandboxes", 1), ("POST", "/timeout", 1), ("POST", "/fork", 1), ("POST", "/snapshots", 1),
           ("POST", "/connect", 1), ("DELETE", "/sandboxes/", 2)]


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


# Each E2B prompt and the tools its text must name.
PROMPT_TOOLS = {
    "e2b_audit_sandboxes": ["e2b_list_sandboxes", "e2b_kill_sandbox"],
    "e2b_whats_running": ["e2b_list_sandboxes"],
    "e2b_why_failed": ["e2b_get_sandbox", "e2b_get_sandbox_logs"],
    "e2b_sandbox_usage": ["e2b_get_sandbox_metrics"],
    "e2b_pause_by_metadata": ["e2b_list_sandboxes", "e2b_pause_sandbox"],
    "e2b_start_sandbox": ["e2b_create_sandbox"],
    "e2b_fork_and_try": ["e2b_fork_sandbox"],
    "e2b_weekly_usage_review": ["e2b_get_team_usage", "e2b_list_sandboxes"],
}


def verify_prompts(out, label):
    prompts = out.get("prompts") or []
    names = sorted(p["name"] for p in prompts)
    check("%s: prompts/list names every E2B prompt" % label, names == sorted(PROMPT_TOOLS), names)
    check("%s: every prompt and argument has a description" % label,
          all(p.get("description") and all(a.get("description") for a in p["args"]) for p in prompts), prompts)
    gets = out.get("gets") or []
    check("%s: prompts/get answered every prompt" % label, sorted(g["name"] for g in gets) == sorted(PROMPT_TOOLS), len(gets))
    for g in gets:
        msgs = g.get("messages") or []
        text = " ".join(m.get("content", {}).get("text", "") for m in msgs)
        want = PROMPT_TOOLS.get(g["name"], ["?"])
        vals = [v for v in g["args"].values() if v]
        check("%s: %s: user messages naming %s, with its arguments" % (label, g["name"], ", ".join(want)),
              msgs and all(m.get("role") == "user" for m in msgs) and all(w in text for w in want) and all(v in text for v in vals),
              (g, text[:300]))
    bad = out.get("bad_get") or {}
    check("%s: prompts/get without a required argument: -32602 naming it" % label,
          bad.get("code") == -32602 and "sandbox_id" in bad.get("message", ""), bad)


RESOURCES = ["e2b://sandboxes", "e2b://templates", "e2b://default-templates", "e2b://snapshots", "e2b://events"]
TEMPLATES = ["e2b://sandboxes/{sandboxID}", "e2b://sandboxes/{sandboxID}/logs", "e2b://sandboxes/{sandboxID}/metrics",
             "e2b://sandboxes/{sandboxID}/events", "e2b://templates/{templateID}"]
# arguments whose completions come from E2B (the running sandboxes, the team's templates) or are fixed
FROM_SANDBOXES = ("sandbox_id", "sandboxID", "keep")
FROM_TEMPLATES = ("template", "templateID")


def verify_resources(out, label):
    res = out.get("resources") or []
    tpl = out.get("templates") or []
    check("%s: resources/list names E2B's resources, each with a name and description" % label,
          [r["uri"] for r in res] == RESOURCES and all(r.get("name") and r.get("description") for r in res), res)
    check("%s: resources/templates/list names E2B's templates, each with a name and description" % label,
          [t["uri"] for t in tpl] == TEMPLATES and all(t.get("name") and t.get("description") for t in tpl), tpl)
    live = out.get("live") or {}
    reads = out.get("reads") or []
    want = RESOURCES + [t.replace("{sandboxID}", str(live.get("sandboxID"))).replace("{templateID}", str(live.get("templateID")))
                        for t in TEMPLATES]
    check("%s: every resource and template was read (a live sandbox %s, template %s)" % (label, live.get("sandboxID"), live.get("templateID")),
          [r["uri"] for r in reads] == want and live.get("sandboxID") and live.get("templateID"), ([r["uri"] for r in reads], live))
    for r in reads:
        c = (r.get("contents") or [{}])[0]
        try:
            body = json.loads(c.get("text") or "")
        except ValueError:
            body = None
        check("%s: read %s: its JSON, under its URI, no access token" % (label, r["uri"]),
              not r.get("error") and c.get("uri") == r["uri"] and c.get("mimeType") == "application/json" and
              isinstance(body, dict) and "AccessToken" not in (c.get("text") or ""), r.get("error") or str(c)[:300])
    bad = out.get("bad_read") or {}
    # the server answers -32002 to a 2025 client and -32602 to a 2026-07-28 one (unit-surface checks which); this
    # client takes either, with the URI in data, as its ResourceNotFoundError, whose code is -32602
    check("%s: an unknown URI: resource not found, with the URI in data" % label,
          bad.get("code") == -32602 and (bad.get("data") or {}).get("uri") == "e2b://nope", bad)
    comps = out.get("completions") or []
    args = [(p["name"], a["name"]) for p in out.get("prompts") or [] for a in p["args"]] + \
           [(t, v) for t in TEMPLATES for v in ("sandboxID", "templateID") if "{%s}" % v in t]
    check("%s: every argument of every prompt and template was completed" % label,
          [(c["ref"], c["arg"]) for c in comps] == args, [(c["ref"], c["arg"]) for c in comps])
    for c in comps:
        vals = c.get("values")
        if c["arg"] in FROM_SANDBOXES:
            ok, what = live.get("sandboxID") in (vals or []), "the running sandboxes' IDs"
        elif c["arg"] in FROM_TEMPLATES:
            ok, what = live.get("templateID") in (vals or []), "the team's template IDs"
        elif c["arg"] == "level":
            ok, what = vals == ["debug", "info", "warn", "error"], "the log levels"
        elif c["arg"] == "metadata":
            ok, what = bool(vals) and all("=" in v for v in vals), "metadata as key=value"
        else:
            ok, what = vals == [], "nothing"
        check("%s: complete %s of %s: %s" % (label, c["arg"], c["ref"], what), ok, vals)


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
    check("%s: six consent questions (create, timeout, fork, resume, kill, the fork's copy's kill), answered yes" % label,
          len(asked) == 6 and "billed" in asked[0] and "Fork" in asked[2], asked)
    check("%s: the fork made one copy, killed after" % label, out.get("copies_killed") == 1, out.get("copies_killed"))
    verify_prompts(out, label)
    verify_resources(out, label)
    # 2025: resources/subscribe; 2026-07-28 over HTTP: subscriptions/listen (server/discover says subscribe: true);
    # 2026-07-28 over stdio, or a server without session slots (the listen stream's), has none (subscribe: false)
    if want_era == "legacy" or (label.startswith("http") and "no 2025 sessions" not in label):
        check("%s: subscribes to the sandbox it created ({})" % label,
              out.get("subscribed") and out.get("subscribe") == {}, (out.get("subscribed"), out.get("subscribe")))
        check("%s: its pause, resume or kill is told: notifications/resources/updated %s" % (label, out.get("subscribed")),
              out.get("subscribed") in (out.get("updated") or []), out.get("updated"))
    else:
        check("%s: subscribes to nothing (the capability says no)" % label, not out.get("subscribed"), out.get("subscribed"))
    reqs = SIM.requests()
    seen = [(r["method"], r["path"]) for r in reqs]
    for method, part, times in CHANGES:   # the API version in the path (/v2/...) does not matter here
        n = sum(1 for m, p in seen if m == method and (p.endswith(part) if part != "/sandboxes/"
                                                          else part in p and "/" not in p.split(part, 1)[1]))
        check("%s: %s ...%s reached E2B %d time(s)" % (label, method, part, times), n == times, seen)
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
