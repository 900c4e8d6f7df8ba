#!/usr/bin/env python3
"""The tools against E2B's current API (the simulator's v2 endpoints), asserted on its request log:
create on POST /v2/sandboxes and resume/extend on POST /v2/sandboxes/{id}/connect with every new
option as E2B's JS SDK sends it (tests/sim/sdk/sdk_test.mjs proves the SDK's shapes against the same
simulator), list order, E2B's error_code in error results, a 24 h timeout reaching E2B and a plan's
lower limit coming back as E2B's message, and E2B_MCP_MAX_TIMEOUT_S lowering the limit.

Usage: test_api.py [BINARY [BINARY_1H]]   (defaults build/e2b-mcp, build/e2b-mcp-1h)
Last line: "N passed, N failed".
"""
import json
import os
import sys
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from report import check, run, run_groups  # noqa: E402
from sim import KEY as DEFAULT_KEY, BUILD, Sim, server_env  # noqa: E402
from mcp import McpClient, result_json, result_text  # noqa: E402
from seed import KEY2, ALICE_PROD, BOB_STG1, BOB_PAUSED  # noqa: E402

BIN = sys.argv[1] if len(sys.argv) > 1 else os.path.join(BUILD, "e2b-mcp")
BIN_1H = sys.argv[2] if len(sys.argv) > 2 else os.path.join(BUILD, "e2b-mcp-1h")


def client(sim, binary=BIN, key=DEFAULT_KEY):
    cli = McpClient([binary], env=server_env(sim.url, key=key))
    cli.initialize("2025-11-25")
    return cli


def e2b_calls(sim):
    return [r for r in sim.requests()]


def body_of(req):
    return json.loads(req["body"]) if req["body"] else None


def create_and_resume(sim, cli):
    sim.clear()
    res = cli.call_tool("e2b_create_sandbox", {
        "template_id": "base", "timeout": 60,
        "metadata": [{"key": "user", "value": "alice"}, {"key": "app", "value": "a&b"}],
        "env_vars": [{"key": "GREETING", "value": "hi \"there\"\n"}],
        "auto_pause": True, "auto_pause_memory": False,
        "allow_out": ["api.github.com", "*.pypi.org", "10.0.0.0/8"], "deny_out": ["0.0.0.0/0"], "https_ports": [3000, 8443],
        "volume_mounts": [{"name": "data", "path": "/mnt/data"}]})
    reqs = e2b_calls(sim)
    check("create: one POST /v2/sandboxes", [(r["method"], r["path"]) for r in reqs] == [("POST", "/v2/sandboxes")], reqs)
    want = {"templateID": "base", "timeout": 60, "autoPause": True, "autoPauseMemory": False,
            "metadata": {"user": "alice", "app": "a&b"}, "envVars": {"GREETING": "hi \"there\"\n"},
            "network": {"allowOut": ["api.github.com", "*.pypi.org", "10.0.0.0/8"], "denyOut": ["0.0.0.0/0"],
                        "httpsPorts": [3000, 8443]},
            "volumeMounts": [{"name": "data", "path": "/mnt/data"}]}
    got = body_of(reqs[0]) if reqs else None
    check("create: the body E2B gets is NewSandboxV2 as the SDK writes it (no secure, nothing unasked)", got == want,
          {"got": got, "want": want})
    out = result_json(res)
    sid = (out or {}).get("sandboxID", "")
    check("create: a result with the new sandbox's ID and timeout", not res.get("isError") and sid and out.get("timeout") == 60, res)
    check("create: no access token in the result", "envdAccessToken" not in json.dumps(res), res)
    detail = result_json(cli.call_tool("e2b_get_sandbox", {"sandbox_id": sid})) or {}
    net = detail.get("network") or {}
    check("create: E2B applied the egress rules", net.get("allowOut") == want["network"]["allowOut"] and
          net.get("denyOut") == ["0.0.0.0/0"] and net.get("httpsPorts") == [3000, 8443], detail)
    check("create: E2B mounted the volume", detail.get("volumeMounts") == [{"name": "data", "path": "/mnt/data"}], detail)
    check("create: lifecycle pause on timeout", detail.get("lifecycle") == {"autoResume": False, "onTimeout": "pause"}, detail)
    st = [s for s in sim.state()["sandboxes"] if s["sandboxID"] == sid]
    check("create: the auto-pause snapshot kind reached E2B (file system only)",
          st and st[0]["autoPauseMemory"] is False and st[0]["autoPause"] is True, st)

    sim.clock(61)   # the timeout: auto-paused
    sim.clear()
    res = cli.call_tool("e2b_resume_sandbox", {"sandbox_id": sid, "timeout": 120})
    reqs = e2b_calls(sim)
    check("resume: POST /v2/sandboxes/{id}/connect with {timeout}",
          [(r["method"], r["path"], body_of(r)) for r in reqs] == [("POST", "/v2/sandboxes/%s/connect" % sid, {"timeout": 120})], reqs)
    check("resume: resumed true (201)", (result_json(res) or {}).get("resumed") is True, res)
    sim.clear()
    res = cli.call_tool("e2b_resume_sandbox", {"sandbox_id": sid, "timeout": 30})
    check("extend: the same call on a running sandbox, resumed false (200)",
          (result_json(res) or {}).get("resumed") is False and e2b_calls(sim)[0]["path"] == "/v2/sandboxes/%s/connect" % sid, res)
    sim.clear()
    cli.call_tool("e2b_resume_sandbox", {"sandbox_id": BOB_PAUSED})
    check("resume: without a timeout, 300", [body_of(r) for r in e2b_calls(sim)] == [{"timeout": 300}], e2b_calls(sim))

    # auto-resume, and the pairs given as objects (still accepted)
    sim.clear()
    res = cli.call_tool("e2b_create_sandbox", {"auto_pause": True, "auto_resume": True, "metadata": {"user": "bob"},
                                               "allow_internet_access": False})
    got = body_of(e2b_calls(sim)[0])
    check("create: auto_resume -> autoResume {enabled: true}; an object of strings still accepted; "
          "allow_internet_access only when asked",
          got == {"templateID": "base", "timeout": 300, "autoPause": True, "autoResume": {"enabled": True},
                  "allow_internet_access": False, "metadata": {"user": "bob"}}, got)
    sid2 = (result_json(res) or {}).get("sandboxID", "")
    d2 = result_json(cli.call_tool("e2b_get_sandbox", {"sandbox_id": sid2})) or {}
    check("create: E2B shows auto-resume", d2.get("lifecycle") == {"autoResume": True, "onTimeout": "pause"}, d2)


def refusals(sim, cli):
    cases = [
        ({"auto_pause_memory": False}, "auto_pause_memory", "only with auto_pause"),
        ({"auto_resume": True}, "auto_resume", "only with auto_pause"),
        ({"auto_pause": True, "auto_pause_memory": False, "auto_resume": True}, "auto_resume", "cannot resume by itself"),
        ({"deny_out": "0.0.0.0/0"}, "deny_out", "array of destinations"),
        ({"allow_out": ["bad host"]}, "allow_out", "array of destinations"),
        ({"https_ports": [0]}, "https_ports", "1-65535"),
        ({"volume_mounts": [{"name": "data", "path": "relative"}]}, "volume_mounts", "absolute path"),
        ({"metadata": [{"key": "k"}]}, "metadata", "key"),
        ({"timeout_s": 60}, "timeout_s", "no such argument"),
        ({"timeout": 86401}, "timeout", "1 to 86400"),
    ]
    for args, key, words in cases:
        sim.clear()
        res = cli.call_tool("e2b_create_sandbox", args)
        text = result_text(res)
        check("create refuses %s locally: names '%s', nothing sent" % (json.dumps(args), key),
              res.get("isError") and "'%s'" % key in text and words in text and not e2b_calls(sim), text)


def timeouts(sim, cli):
    sim.clear()
    res = cli.call_tool("e2b_create_sandbox", {"timeout": 86400})
    reqs = e2b_calls(sim)
    check("a 24 h create reaches E2B", not res.get("isError") and body_of(reqs[0])["timeout"] == 86400, res)
    sid = (result_json(res) or {}).get("sandboxID", "")
    d = result_json(cli.call_tool("e2b_get_sandbox", {"sandbox_id": sid})) or {}
    check("and E2B runs it for 24 h", d.get("endAt") and d.get("startedAt") and
          _secs(d["endAt"]) - _secs(d["startedAt"]) == 86400, d)
    sim.config(max_timeout_hours=1)   # a plan that allows 1 h
    for tool, args in (("e2b_create_sandbox", {"timeout": 7200}), ("e2b_resume_sandbox", {"sandbox_id": BOB_STG1, "timeout": 7200})):
        sim.clear()
        res = cli.call_tool(tool, args)
        text = result_text(res)
        check("%s: a plan limit comes back as E2B's 400 and message" % tool,
              res.get("isError") and "E2B answered 400: Timeout cannot be greater than 1 hours" in text and len(e2b_calls(sim)) == 1, text)
    sim.config(max_timeout_hours=24)


def _secs(t):
    import datetime
    return int(datetime.datetime.fromisoformat(t.replace("Z", "+00:00")).timestamp())


def errors(sim, cli):
    sim.fault("^/v2/sandboxes$", method="POST", status=503, message="no capacity in the cluster",
              error_code="sandbox_capacity_unavailable")
    res = cli.call_tool("e2b_create_sandbox", {})
    text = result_text(res)
    check("an error result carries E2B's error_code and message",
          res.get("isError") and "E2B answered 503 (error_code sandbox_capacity_unavailable): no capacity in the cluster." in text, text)
    sim.fault("^/v2/sandboxes$", method="GET", status=429, retry_after=2, error_code="rate_limited")
    res = cli.call_tool("e2b_list_sandboxes", {})
    check("a 429's error_code too", "E2B answered 429 (error_code rate_limited)" in result_text(res), result_text(res))
    sim.fault("^/sandboxes/", method="GET", status=500, message="boom", error_code="bad code\" injected")
    res = cli.call_tool("e2b_get_sandbox", {"sandbox_id": ALICE_PROD})
    check("an error_code that is not a word is left out", "E2B answered 500: boom." in result_text(res), result_text(res))
    sim.clear_faults()


def lists(sim, cli):
    sim.clear()
    desc = result_json(cli.call_tool("e2b_list_sandboxes", {}))["data"]
    asc = result_json(cli.call_tool("e2b_list_sandboxes", {"order": "asc"}))["data"]
    reqs = e2b_calls(sim)
    check("list order asc: order=asc in the query, as the SDK sends it",
          urllib.parse.parse_qs(reqs[1]["query"]).get("order") == ["asc"] and "order" not in reqs[0]["query"], reqs)
    check("list order asc: oldest first", [s["sandboxID"] for s in asc] == [s["sandboxID"] for s in reversed(desc)], asc)
    res = cli.call_tool("e2b_list_sandboxes", {"order": "newest"})
    check("list order: not asc/desc is refused", res.get("isError") and "'order'" in result_text(res), res)
    sim.clear()
    res = cli.call_tool("e2b_list_sandboxes", {"metadata": [{"key": "team", "value": "data eng"}]})
    q = e2b_calls(sim)[0]["query"]
    check("list metadata as pairs: the SDK's double encoding", "metadata=team%3Ddata%252520eng" in q, q)
    check("list metadata as pairs: the match", [s["sandboxID"] for s in result_json(res)["data"]] == ["ibobstaging0000000002"], res)
    res = cli.call_tool("e2b_list_default_templates", {"template": "desktop"})
    data = (result_json(res) or {}).get("data")
    check("default templates: one by name", [t["templateID"] for t in data or []] == ["k0wmnzir0zuzye6dndlw"], res)
    res = cli.call_tool("e2b_list_default_templates", {"template": "e2b/code-interpreter-v1"})
    check("default templates: one by namespace/alias",
          [t["templateID"] for t in (result_json(res) or {}).get("data") or []] == ["nlhz8vlwyupq845jsdg9"], res)
    res = cli.call_tool("e2b_list_default_templates", {})
    check("default templates: all without a filter", len((result_json(res) or {}).get("data") or []) == 3, res)


def max_timeout_macro(sim):
    cli = client(sim, BIN_1H)
    try:
        tools = {t["name"]: t for t in cli.list_tools()}
        mx = tools["e2b_create_sandbox"]["inputSchema"]["properties"]["timeout"].get("maximum")
        check("E2B_MCP_MAX_TIMEOUT_S=3600 lowers the schema's maximum", mx == 3600, mx)
        sim.clear()
        res = cli.call_tool("e2b_create_sandbox", {"timeout": 3601})
        check("and the server refuses more, sending nothing", res.get("isError") and not e2b_calls(sim), res)
    finally:
        cli.close()
    cli = client(sim)
    try:
        tools = {t["name"]: t for t in cli.list_tools()}
        mx = tools["e2b_create_sandbox"]["inputSchema"]["properties"]["timeout"].get("maximum")
        check("the default maximum is 24 h", mx == 86400, mx)
    finally:
        cli.close()


def second_team(sim):
    """The server's key is one team's: the other team's sandboxes are not there."""
    cli = client(sim, key=KEY2)
    try:
        res = cli.call_tool("e2b_list_sandboxes", {})
        check("another key's team: its own (empty) list", (result_json(res) or {}).get("data") == [], res)
        res = cli.call_tool("e2b_get_sandbox", {"sandbox_id": ALICE_PROD})
        check("another key's team: the first team's sandbox is a 404", res.get("isError") and "E2B answered 404" in result_text(res),
              result_text(res))
    finally:
        cli.close()


def main():
    sim = Sim.start()
    try:
        cli = client(sim)
        try:
            # errors last: its 429 starts a cool-down
            run_groups((create_and_resume, refusals, timeouts, lists, errors), sim, cli, before=sim.reset)
        finally:
            out, err, rc = cli.close()
            check("the key never reaches the server's output", DEFAULT_KEY.encode() not in out + err, "")
        run_groups((max_timeout_macro, second_team), sim, before=sim.reset)
    finally:
        sim.stop()


if __name__ == "__main__":
    run(main)
