#!/usr/bin/env python3
"""Integration tests: build/e2b-mcp over stdio against the E2B simulator (tests/sim/e2b-sim).

Each check prints "PASS name" or "FAIL name: why"; the last line is "N passed, N failed" (tests/lib/report.py).
Every check asserts the tool result and, where a request is expected, what the simulator received.

Environment:
  E2B_MCP_BIN                 the binary (default build/e2b-mcp)
  E2B_SIM_URL                 an already running simulator's control base URL (else one is started)
  E2B_API_URL                 the URL the binary uses (default: the simulator's URL; e.g. a TLS proxy)
  E2B_MCP_CA_FILE             passed through to the binary
  E2B_MCP_SHORT_TIMEOUT_BIN   a build with a short E2B_MCP_READ_TIMEOUT_MS (default
                              build/e2b-mcp-short-timeout; compiled here for plain http when absent)
  E2B_TEST_API_KEY            the simulator's key (default e2b_deadbeef...)
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from report import check, contains, eq, note, run, run_groups, time_limit  # noqa: E402
from sim import KEY as DEFAULT_KEY, ROOT, CountingProxy, Sim, closed_port, server_env  # noqa: E402
from mcp import McpClient, McpError, result_json, result_text  # noqa: E402

BIN = os.environ.get("E2B_MCP_BIN") or os.path.join(ROOT, "build", "e2b-mcp")
KEY = os.environ.get("E2B_TEST_API_KEY") or DEFAULT_KEY
CA_FILE = os.environ.get("E2B_MCP_CA_FILE")
VERSIONS = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]
# The tools this suite exercises by name; the full tool set comes from tools/list.
READ_TOOLS = {"e2b_list_sandboxes", "e2b_get_sandbox", "e2b_get_sandbox_logs", "e2b_get_sandbox_metrics",
              "e2b_list_snapshots", "e2b_list_default_templates", "e2b_list_templates", "e2b_list_template_builds"}
WRITE_TOOLS = {"e2b_create_sandbox", "e2b_set_sandbox_timeout", "e2b_pause_sandbox", "e2b_resume_sandbox",
               "e2b_kill_sandbox"}

# seed IDs (tests/sim/README.md, tests/sim/seed.py)
from seed import ALICE_PROD, BOB_STG1, BOB_STG2, ALICE_STG, NOMETA, ALICE_PAUSED, BOB_PAUSED  # noqa: E402
HEADER_SECRET = "Bearer ghp_SIMSECRET0000000000000000000000000001"
DATA_PIPELINE = "dp7x2k9m4q8w1e5r3t6y"

ALL_OUTPUT = []     # (label, stdout bytes, stderr bytes) of every server run
SECRETS_SEEN = []   # key strings that must never appear in any output
CLIENTS = []
TOOLS = {}          # "kill": the names tools/list gives with E2B_MCP_ENABLE_KILL=1, "default": without


# ----------------------------------------------------------------------------- fixtures

SIM = None
API_URL = None
PROXIED = False   # True when E2B_API_URL points at something in front of the simulator (TLS proxy)


def server(key=KEY, api_url=None, enable_kill=False, binary=None, extra_env=None, elicit=None, label=""):
    env = server_env(api_url or API_URL, key, extra_env)
    if enable_kill:
        env["E2B_MCP_ENABLE_KILL"] = "1"
    if CA_FILE:
        env["E2B_MCP_CA_FILE"] = CA_FILE
    c = McpClient([binary or BIN], env=env, elicit=elicit, label=label)
    CLIENTS.append(c)
    return c


def list_with_key(key, label):
    """A server started with this key (never to be printed) lists sandboxes, the simulator's
    log cleared first: (the client, the CallToolResult)."""
    SECRETS_SEEN.append(key)
    c = server(key=key, label=label)
    c.initialize()
    SIM.clear()
    return c, c.call_tool("e2b_list_sandboxes", {})


def finish(c):
    out, err, rc = c.close()
    ALL_OUTPUT.append((getattr(c, "label", ""), out, err))
    if c in CLIENTS:
        CLIENTS.remove(c)
    return out, err, rc


def call_raw(c, name, args=None, timeout=15):
    """(CallToolResult, every stdout line the call produced as text)."""
    n = len(c.raw_out)
    r = c.call(name, args, timeout=timeout)
    time.sleep(0.01)
    raw = b"".join(c.raw_out[n:]).decode("utf-8", "replace")
    if "error" in r:
        raise McpError("%s: JSON-RPC error %s" % (name, r["error"]))
    return r["result"], raw


def qs(req):
    return urllib.parse.parse_qs(req["query"], keep_blank_values=True)


def only_request(name, reqs, method, path):
    """Checks the sim received exactly one request with that method and path; returns it."""
    got = [(r["method"], r["path"]) for r in reqs]
    if check(name, got == [(method, path)], "requests %r, want [(%r, %r)]" % (got, method, path)):
        return reqs[0]
    return reqs[0] if reqs else {"query": "", "headers": {}, "body": "", "method": "", "path": ""}


def is_err(res):
    return res.get("isError") is True


def sim_sandbox(sbid):
    for s in SIM.state()["sandboxes"]:
        if s["sandboxID"] == sbid:
            return s
    return None


def check_headers(name, req, body=False):
    h = req.get("headers", {})
    problems = []
    if h.get("x-api-key") != KEY:
        problems.append("x-api-key %r" % ("present but wrong" if "x-api-key" in h else "missing"))
    if "host" not in h:
        problems.append("no host")
    if "application/json" not in h.get("accept", ""):
        problems.append("accept %r" % h.get("accept"))
    if body and "application/json" not in h.get("content-type", ""):
        problems.append("content-type %r" % h.get("content-type"))
    if body and "content-length" not in h and "chunked" not in h.get("transfer-encoding", ""):
        problems.append("no content-length")
    check(name, not problems, "; ".join(problems))


def body_of(req):
    try:
        return json.loads(req.get("body") or "null")
    except ValueError:
        return None


# ----------------------------------------------------------------------------- 1. handshake

def t_handshake():
    # the whole tool set, as the server lists it with every tool enabled
    c = server(enable_kill=True, label="kill listed")
    c.initialize("2025-06-18")
    TOOLS["kill_list"] = c.list_tools()
    TOOLS["kill"] = {t["name"] for t in TOOLS["kill_list"]}
    finish(c)

    # server/discover with a string id before initialize: without its _meta an
    # error that echoes the id; with it, the 2026-07-28 answer; neither opens a session
    c = server(label="handshake")
    r = c.request("server/discover", {}, id="disc-1")
    check("server/discover without _meta -> -32602 with the string id",
          r.get("id") == "disc-1" and r.get("error", {}).get("code") == -32602, r)
    r = c.request("server/discover", {"_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
                                                "io.modelcontextprotocol/clientCapabilities": {}}}, id="disc-2")
    res = r.get("result", {})
    check("server/discover with _meta -> supportedVersions, tools, resultType",
          r.get("id") == "disc-2" and res.get("resultType") == "complete" and "2026-07-28" in res.get("supportedVersions", [])
          and "2025-11-25" in res.get("supportedVersions", []) and "tools" in res.get("capabilities", {}), r)
    r = c.request("nothing/here", {}, id="nf-1")
    check("an unknown method before initialize -> -32601 with the string id",
          r.get("id") == "nf-1" and r.get("error", {}).get("code") == -32601, r)
    r = c.request("ping")
    check("ping before initialize answered {}", r.get("result") == {}, r)
    finish(c)

    for v in VERSIONS:
        c = server(label="init " + v)
        r = c.initialize(v)
        res = r.get("result", {})
        eq("initialize %s echoed" % v, res.get("protocolVersion"), v)
        if v == "2025-11-25":
            si = res.get("serverInfo", {})
            check("serverInfo has name and version", si.get("name") == "e2b-mcp" and si.get("version"), si)
            check("instructions present and mention billing and 429",
                  "billed" in res.get("instructions", "") and "429" in res.get("instructions", ""), res.get("instructions"))
            caps = res.get("capabilities", {})
            check("capabilities: tools and logging", "tools" in caps and "logging" in caps, caps)
            eq("ping after initialize", c.ping().get("result"), {})
            tools = c.list_tools()
            names = {t["name"] for t in tools}
            TOOLS["default"] = names
            eq("tools/list without E2B_MCP_ENABLE_KILL: one tool fewer than with it",
               len(tools), len(TOOLS["kill"]) - 1)
            eq("tools/list without E2B_MCP_ENABLE_KILL: every tool but e2b_kill_sandbox",
               names, TOOLS["kill"] - {"e2b_kill_sandbox"})
            bad = []
            for t in tools:
                for k in ("title", "description", "inputSchema", "outputSchema", "annotations"):
                    if k not in t:
                        bad.append("%s lacks %s" % (t["name"], k))
                if t.get("inputSchema", {}).get("type") != "object":
                    bad.append("%s inputSchema not an object" % t["name"])
                ro = t.get("annotations", {}).get("readOnlyHint")
                if ro not in (True, False) or (t["name"] in READ_TOOLS and ro is not True) \
                        or (t["name"] in WRITE_TOOLS and ro is not False):
                    bad.append("%s readOnlyHint %r" % (t["name"], ro))
            check("every tool has title/description/inputSchema/outputSchema/annotations, readOnlyHint on reads",
                  not bad, bad)
            for t in tools:
                if t["name"] in ("e2b_create_sandbox", "e2b_resume_sandbox", "e2b_set_sandbox_timeout"):
                    contains("%s description says it costs money" % t["name"], t["description"], "bill")
            r = c.call("e2b_kill_sandbox", {"sandbox_id": ALICE_PROD})
            check("kill without E2B_MCP_ENABLE_KILL: unknown tool -32602",
                  r.get("error", {}).get("code") == -32602, r)
            r = c.request("logging/setLevel", {"level": "debug"})
            eq("logging/setLevel debug -> {}", r.get("result"), {})
            r = c.request("logging/setLevel", {"level": "loud"})
            check("logging/setLevel invalid -> -32602", r.get("error", {}).get("code") == -32602, r)
            c.send([{"jsonrpc": "2.0", "id": 1, "method": "ping"}])
            m = c.read_message()
            check("batch rejected under 2025-11-25 with -32600",
                  isinstance(m, dict) and m.get("error", {}).get("code") == -32600, m)
        if v == "2024-11-05":
            tools = c.list_tools()
            check("2024-11-05: no outputSchema in tools/list", all("outputSchema" not in t for t in tools),
                  [t["name"] for t in tools if "outputSchema" in t])
            res, raw = call_raw(c, "e2b_get_sandbox", {"sandbox_id": BOB_STG1})
            check("2024-11-05: no structuredContent, JSON in the text block",
                  "structuredContent" not in res and (result_json(res) or {}).get("sandboxID") == BOB_STG1, res)
            c.send([{"jsonrpc": "2.0", "id": 1, "method": "ping"}])
            m = c.read_message()
            check("batch rejected under 2024-11-05 with -32600",
                  isinstance(m, dict) and m.get("error", {}).get("code") == -32600, m)
        if v == "2025-03-26":
            c.send([{"jsonrpc": "2.0", "id": 1, "method": "ping"},
                    {"jsonrpc": "2.0", "method": "notifications/initialized"},
                    {"jsonrpc": "2.0", "id": "two", "method": "tools/list"}])
            m = c.read_message()
            check("batch under 2025-03-26 answered with an array of 2",
                  isinstance(m, list) and [x.get("id") for x in m] == [1, "two"] and "tools" in m[1].get("result", {}),
                  str(m)[:300])
        finish(c)

    c = server(label="init unknown")
    r = c.initialize("1999-01-01")
    eq("unknown protocol version answered with 2025-11-25", r.get("result", {}).get("protocolVersion"), "2025-11-25")
    finish(c)

    kill = [t for t in TOOLS["kill_list"] if t["name"] == "e2b_kill_sandbox"]
    check("tools/list with E2B_MCP_ENABLE_KILL=1: the tools this suite calls are all listed",
          READ_TOOLS | WRITE_TOOLS <= TOOLS["kill"], sorted(READ_TOOLS | WRITE_TOOLS - TOOLS["kill"]))
    check("kill is destructiveHint, not readOnlyHint",
          kill and kill[0]["annotations"].get("destructiveHint") is True
          and kill[0]["annotations"].get("readOnlyHint") is False, kill)


# ----------------------------------------------------------------------------- 2. every tool

def t_tools():
    SIM.reset()
    st = SIM.state()
    c = server(enable_kill=True, label="tools")
    c.initialize("2025-11-25")

    # --- list
    SIM.clear()
    res, raw = call_raw(c, "e2b_list_sandboxes", {"state": ["running"]})
    req = only_request("list running: one GET /v2/sandboxes", SIM.requests(), "GET", "/v2/sandboxes")
    eq("list running: query state=running", req["query"], "state=running")
    check_headers("list: X-API-Key, Host, Accept sent", req)
    d = result_json(res)
    check("list running: 5 running, total_running 5",
          not is_err(res) and len(d["data"]) == 5 and all(x["state"] == "running" for x in d["data"])
          and d.get("total_running") == 5 and "next_token" not in d, d)
    check("list: structuredContent equals the text block",
          res.get("structuredContent") == json.loads(res["content"][0]["text"]), res)

    SIM.clear()
    res = c.call_tool("e2b_list_sandboxes", {"state": ["running", "paused"]})
    req = SIM.requests()[0]
    eq("list running+paused: raw query state=running,paused", req["query"], "state=running,paused")
    eq("list running+paused: 7 sandboxes", len(result_json(res)["data"]), 7)

    SIM.clear()
    res = c.call_tool("e2b_list_sandboxes", {"state": ["paused"]})
    eq("list paused: raw query", SIM.requests()[0]["query"], "state=paused")
    eq("list paused: the two paused IDs", sorted(x["sandboxID"] for x in result_json(res)["data"]),
       sorted([ALICE_PAUSED, BOB_PAUSED]))

    SIM.clear()
    res = c.call_tool("e2b_list_sandboxes", {"template": "code-interpreter-v1"})
    eq("list template: query", SIM.requests()[0]["query"], "template=code-interpreter-v1")
    eq("list template: the code-interpreter ones", sorted(x["sandboxID"] for x in result_json(res)["data"]),
       sorted([BOB_STG1, BOB_PAUSED]))

    SIM.clear()
    res = c.call_tool("e2b_list_sandboxes", {"metadata": {"app": "staging"}})
    eq("list metadata object: double-encoded query", SIM.requests()[0]["query"], "metadata=app%3Dstaging")
    eq("list metadata object: the three staging ones", sorted(x["sandboxID"] for x in result_json(res)["data"]),
       sorted([BOB_STG1, BOB_STG2, ALICE_STG]))

    SIM.clear()
    res = c.call_tool("e2b_list_sandboxes", {"metadata": {"app": "staging", "team": "data eng"}})
    eq("list metadata with a space: each part encoded, then the whole", SIM.requests()[0]["query"],
       "metadata=app%3Dstaging%26team%3Ddata%252520eng")
    eq("list metadata with a space: matches", [x["sandboxID"] for x in result_json(res)["data"]], [BOB_STG2])

    SIM.clear()
    res = c.call_tool("e2b_list_sandboxes", {"metadata": "app=staging&user=bob"})
    eq("list metadata string k=v&k2=v2: query", SIM.requests()[0]["query"], "metadata=app%3Dstaging%26user%3Dbob")
    eq("list metadata string: matches", sorted(x["sandboxID"] for x in result_json(res)["data"]),
       sorted([BOB_STG1, BOB_STG2]))

    # started_after: 15 minutes before the seed's start
    now = st["now"]
    t_now = time.mktime(time.strptime(now[:19], "%Y-%m-%dT%H:%M:%S")) - time.timezone
    after = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t_now - 900))
    SIM.clear()
    res = c.call_tool("e2b_list_sandboxes", {"started_after": after})
    eq("list started_after: startedAfter in the query", qs(SIM.requests()[0]).get("startedAfter"), [after])
    eq("list started_after: the two recent ones", sorted(x["sandboxID"] for x in result_json(res)["data"]),
       sorted([BOB_STG2, NOMETA]))

    # paging through every page
    SIM.clear()
    seen, pages, token, queries = [], 0, None, []
    while pages < 10:
        args = {"limit": 2}
        if token:
            args["next_token"] = token
        d = result_json(c.call_tool("e2b_list_sandboxes", args))
        pages += 1
        seen += [x["sandboxID"] for x in d["data"]]
        token = d.get("next_token")
        if not token:
            break
    queries = [r["query"] for r in SIM.requests()]
    all_ids = sorted(s["sandboxID"] for s in st["sandboxes"])
    check("list paging limit 2: 4 pages, every sandbox once, no token on the last",
          pages == 4 and sorted(seen) == all_ids and len(seen) == len(set(seen)), (pages, seen))
    check("list paging: limit=2 and nextToken (percent-encoded) in the queries",
          queries[0] == "limit=2" and all(q.startswith("limit=2&nextToken=") for q in queries[1:])
          and all(urllib.parse.parse_qs(q)["nextToken"][0] for q in queries[1:]), queries)

    # --- get + redaction
    SIM.clear()
    envd = sim_sandbox(ALICE_PROD)["envdAccessToken"]
    res, raw = call_raw(c, "e2b_get_sandbox", {"sandbox_id": ALICE_PROD})
    only_request("get: GET /sandboxes/{id}", SIM.requests(), "GET", "/sandboxes/" + ALICE_PROD)
    d = result_json(res)
    check("get: fields", not is_err(res) and d.get("sandboxID") == ALICE_PROD and d.get("templateID") == "rki5dems9wqfm4r03t7g"
          and d.get("metadata") == {"user": "alice", "app": "prod"} and d.get("state") == "running", d)
    check("get: envdAccessToken absent from structuredContent and text (whole line)",
          envd and envd not in raw and "envdAccessToken" not in raw, "token leaked")
    check("get: network.rules header value absent everywhere", "ghp_SIMSECRET" not in raw, "header value leaked")
    hdrs = (((d.get("network") or {}).get("rules") or {}).get("api.github.com") or [{}])[0].get("transform", {}).get("headers", {})
    check("get: network.rules kept, header value redacted", hdrs.get("Authorization") in ("[redacted]", None) and
          d["network"].get("allowOut") == ["api.github.com"], d.get("network"))

    # a paused secure sandbox: a fresh token per detail call (take it from a second call through the sim)
    res, raw = call_raw(c, "e2b_get_sandbox", {"sandbox_id": ALICE_PAUSED})
    check("get paused secure: no envdAccessToken", "envdAccessToken" not in raw and result_json(res)["state"] == "paused", raw[:300])

    # egressProxy username/password, injected through a custom answer
    egress = {"sandboxID": "iegress0000000000001", "templateID": "rki5dems9wqfm4r03t7g", "state": "running",
              "envdAccessToken": "envd-SECRET-111", "trafficAccessToken": "traffic-SECRET-222",
              "network": {"egressProxy": {"url": "http://proxy.example:3128", "username": "proxyuser-SECRET-333",
                                          "password": "proxypass-SECRET-444"},
                          "rules": {"example.com": [{"transform": {"headers": {"X-Token": "hdr-SECRET-555"}}}]}}}
    SIM.fault(path="^/sandboxes/iegress", status=200, body=json.dumps(egress), content_type="application/json")
    res, raw = call_raw(c, "e2b_get_sandbox", {"sandbox_id": "iegress0000000000001"})
    leaked = [s for s in ("SECRET-111", "SECRET-222", "SECRET-333", "SECRET-444", "SECRET-555") if s in raw]
    check("get: egressProxy username/password, both tokens and header values absent", not leaked and not is_err(res),
          "leaked %r: %s" % (leaked, raw[:400]))
    ep = ((result_json(res) or {}).get("network") or {}).get("egressProxy") or {}
    check("get: egressProxy url kept", ep.get("url") == "http://proxy.example:3128", ep)

    # --- create
    SIM.clear()
    res, raw = call_raw(c, "e2b_create_sandbox", {})
    req = only_request("create defaults: POST /v2/sandboxes", SIM.requests(), "POST", "/v2/sandboxes")
    b = body_of(req)
    check("create defaults: body templateID base, timeout 300 and nothing else (v2 is always secured)",
          b == {"templateID": "base", "timeout": 300}, b)
    check_headers("create: headers incl. Content-Type and Content-Length", req, body=True)
    d = result_json(res)
    new_id = (d or {}).get("sandboxID")
    check("create defaults: 201 -> sandboxID, templateID, timeout 300", not is_err(res) and new_id
          and d.get("templateID") == "rki5dems9wqfm4r03t7g" and d.get("timeout") == 300, d)
    sb = sim_sandbox(new_id) or {}
    check("create: envdAccessToken not in the result", sb.get("envdAccessToken") and sb["envdAccessToken"] not in raw
          and "envdAccessToken" not in raw, raw[:300])

    SIM.clear()
    res, raw = call_raw(c, "e2b_create_sandbox", {
        "template_id": "code-interpreter-v1", "timeout": 600, "metadata": {"user": "demo", "app": "it"},
        "env_vars": {"DB_PASSWORD": "envvar-SECRET-777"}, "auto_pause": True, "allow_internet_access": False})
    req = SIM.requests()[0]
    b = body_of(req)
    check("create full: body fields templateID/timeout/metadata/envVars/allow_internet_access/autoPause",
          b == {"templateID": "code-interpreter-v1", "timeout": 600, "metadata": {"user": "demo", "app": "it"},
                "envVars": {"DB_PASSWORD": "envvar-SECRET-777"}, "allow_internet_access": False,
                "autoPause": True}, b)
    d = result_json(res)
    check("create full: env_vars never echoed", "envvar-SECRET-777" not in raw and "DB_PASSWORD" not in raw, raw[:300])
    sb = sim_sandbox((d or {}).get("sandboxID")) or {}
    check("create full: the sim has it with metadata, autoPause and no internet",
          sb.get("metadata") == {"user": "demo", "app": "it"} and sb.get("autoPause") is True
          and sb.get("allowInternetAccess") is False and sb.get("envVars") == {"DB_PASSWORD": "envvar-SECRET-777"}, sb)

    SIM.clear()
    res = c.call_tool("e2b_create_sandbox", {"template_id": "e2b/code-interpreter-v1", "timeout": 30})
    check("create with namespace/alias template", not is_err(res) and body_of(SIM.requests()[0]).get("templateID")
          == "e2b/code-interpreter-v1", result_text(res))

    SIM.clear()
    res = c.call_tool("e2b_create_sandbox", {"template_id": "no-such-template"})
    check("create unknown template: isError with 404 and E2B's message",
          is_err(res) and "404" in result_text(res) and "not found" in result_text(res), result_text(res))

    # --- logs
    SIM.clear()
    res = c.call_tool("e2b_get_sandbox_logs", {"sandbox_id": ALICE_PROD})
    req = only_request("logs: GET /v2/sandboxes/{id}/logs", SIM.requests(), "GET", "/v2/sandboxes/%s/logs" % ALICE_PROD)
    eq("logs default: query limit=100", req["query"], "limit=100")
    d = result_json(res)
    check("logs default: 100 entries newest first, next_cursor", len(d["data"]) == 100 and isinstance(d.get("next_cursor"), int)
          and d["data"][0]["timestamp"] >= d["data"][-1]["timestamp"]
          and all(set(("timestamp", "level", "message")) <= set(x) for x in d["data"]), str(d)[:300])

    SIM.clear()
    d = result_json(c.call_tool("e2b_get_sandbox_logs", {"sandbox_id": ALICE_PROD, "level": "error", "limit": 7}))
    eq("logs level: query", SIM.requests()[0]["query"], "limit=7&level=error")
    check("logs level error: 7 entries, all error", len(d["data"]) == 7 and all(x["level"] == "error" for x in d["data"]),
          [x["level"] for x in d["data"]])

    SIM.clear()
    d = result_json(c.call_tool("e2b_get_sandbox_logs", {"sandbox_id": ALICE_PROD, "search": "failed to connect", "limit": 5}))
    eq("logs search: percent-encoded query", SIM.requests()[0]["query"], "limit=5&search=failed%20to%20connect")
    check("logs search: only matching messages", d["data"] and all("failed to connect" in x["message"] for x in d["data"]),
          [x["message"] for x in d["data"]])

    # cursor paging backward: the next page starts at or before the previous page's last entry
    d1 = result_json(c.call_tool("e2b_get_sandbox_logs", {"sandbox_id": ALICE_PROD, "limit": 5, "direction": "backward"}))
    cur = d1.get("next_cursor")
    SIM.clear()
    d2 = result_json(c.call_tool("e2b_get_sandbox_logs", {"sandbox_id": ALICE_PROD, "limit": 5, "direction": "backward",
                                                           "cursor": cur}))
    eq("logs cursor: query limit, cursor, direction", SIM.requests()[0]["query"],
       "limit=5&cursor=%s&direction=backward" % cur)
    check("logs cursor paging backward: page 2 is older, overlapping at most the boundary",
          cur and d2["data"] and d2["data"][0]["timestamp"] <= d1["data"][-1]["timestamp"]
          and d2["data"][-1]["timestamp"] < d1["data"][-1]["timestamp"], (d1["data"][-1], d2["data"][:1]))
    # forward from a cursor 10 minutes ago
    cur_f = int((t_now - 600) * 1000)
    d3 = result_json(c.call_tool("e2b_get_sandbox_logs", {"sandbox_id": ALICE_PROD, "limit": 4, "direction": "forward",
                                                           "cursor": cur_f}))
    ts = [x["timestamp"] for x in d3["data"]]
    after_f = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t_now - 600))
    check("logs forward from cursor: oldest first, at or after the cursor",
          len(ts) == 4 and ts == sorted(ts) and ts[0][:19] >= after_f and isinstance(d3.get("next_cursor"), int), ts)
    d4 = result_json(c.call_tool("e2b_get_sandbox_logs", {"sandbox_id": NOMETA, "limit": 1000}))
    check("logs short page: no next_cursor", "next_cursor" not in d4 and len(d4["data"]) < 1000, str(d4)[:200])

    # --- metrics
    SIM.clear()
    res = c.call_tool("e2b_get_sandbox_metrics", {"sandbox_id": ALICE_PROD})
    req = only_request("metrics: GET /sandboxes/{id}/metrics", SIM.requests(), "GET", "/sandboxes/%s/metrics" % ALICE_PROD)
    d = result_json(res)
    check("metrics: a series with cpuUsedPct, memUsed, memTotal", not is_err(res) and len(d["data"]) > 10 and all(
        "cpuUsedPct" in x and "memUsed" in x and "memTotal" in x and "timestampUnix" in x for x in d["data"]), str(d)[:300])
    xs, sm = d["data"], d.get("summary", {})
    check("metrics summary: samples, time range, peak and average CPU, peak memory and disk, from the series",
          sm.get("samples") == len(xs) and sm.get("from") == min(x["timestampUnix"] for x in xs)
          and sm.get("to") == max(x["timestampUnix"] for x in xs)
          and abs(sm.get("cpuUsedPctMax", -1) - max(x["cpuUsedPct"] for x in xs)) <= 0.01
          and abs(sm.get("cpuUsedPctAvg", -1) - sum(x["cpuUsedPct"] for x in xs) / len(xs)) <= 0.02
          and sm.get("memUsedMax") == max(x["memUsed"] for x in xs) and sm.get("memTotal") == max(x["memTotal"] for x in xs)
          and sm.get("diskUsedMax") == max(x["diskUsed"] for x in xs), sm)
    SIM.clear()
    s0, e0 = int(t_now - 600), int(t_now)
    d = result_json(c.call_tool("e2b_get_sandbox_metrics", {"sandbox_id": ALICE_PROD, "start": s0, "end": e0}))
    eq("metrics start/end: query", SIM.requests()[0]["query"], "start=%d&end=%d" % (s0, e0))
    check("metrics start/end: samples inside the range",
          d["data"] and all(s0 <= x["timestampUnix"] <= e0 for x in d["data"]), [x["timestampUnix"] for x in d["data"]][:5])
    SIM.clear()
    res = c.call_tool("e2b_get_sandbox_metrics", {"sandbox_id": ALICE_PROD, "start": e0, "end": s0})
    check("metrics start > end: refused locally, no request", is_err(res) and SIM.requests() == [], result_text(res))

    # --- set timeout
    SIM.clear()
    res = c.call_tool("e2b_set_sandbox_timeout", {"sandbox_id": BOB_STG1, "timeout": 120})
    req = only_request("set_timeout: POST /sandboxes/{id}/timeout", SIM.requests(), "POST", "/sandboxes/%s/timeout" % BOB_STG1)
    eq("set_timeout: body", body_of(req), {"timeout": 120})
    check_headers("set_timeout: headers", req, body=True)
    eq("set_timeout: 204 -> result", result_json(res), {"sandboxID": BOB_STG1, "timeout": 120})
    end = sim_sandbox(BOB_STG1)["endAt"]
    end_t = time.mktime(time.strptime(end[:19], "%Y-%m-%dT%H:%M:%S")) - time.timezone
    check("set_timeout: the sim's endAt is about now + 120 s", abs(end_t - (time.time() + 120)) < 10, end)
    res = c.call_tool("e2b_set_sandbox_timeout", {"sandbox_id": ALICE_PAUSED, "timeout": 60})
    check("set_timeout on a paused sandbox: isError 404 with advice", is_err(res) and "404" in result_text(res)
          and "e2b_list_sandboxes" in result_text(res), result_text(res))

    # --- pause
    SIM.clear()
    res = c.call_tool("e2b_pause_sandbox", {"sandbox_id": NOMETA})
    req = only_request("pause: POST /sandboxes/{id}/pause", SIM.requests(), "POST", "/sandboxes/%s/pause" % NOMETA)
    eq("pause: body memory true", body_of(req), {"memory": True})
    eq("pause: 204 -> result", result_json(res), {"sandboxID": NOMETA, "state": "paused"})
    eq("pause: the sim has it paused", sim_sandbox(NOMETA)["state"], "paused")
    res = c.call_tool("e2b_pause_sandbox", {"sandbox_id": NOMETA})
    check("pause twice: 409 isError with E2B's message and advice", is_err(res) and "409" in result_text(res)
          and "already paused" in result_text(res) and "e2b_get_sandbox" in result_text(res), result_text(res))
    SIM.clear()
    c.call_tool("e2b_pause_sandbox", {"sandbox_id": BOB_STG1, "memory": False})
    eq("pause memory false: body", body_of(SIM.requests()[0]), {"memory": False})

    # --- resume
    SIM.clear()
    res = c.call_tool("e2b_resume_sandbox", {"sandbox_id": BOB_PAUSED})
    req = only_request("resume: POST /v2/sandboxes/{id}/connect", SIM.requests(), "POST", "/v2/sandboxes/%s/connect" % BOB_PAUSED)
    eq("resume: body timeout 300 (default)", body_of(req), {"timeout": 300})
    d = result_json(res)
    check("resume paused: resumed true (201)", not is_err(res) and d.get("resumed") is True and d.get("sandboxID") == BOB_PAUSED, d)
    eq("resume paused: the sim has it running", sim_sandbox(BOB_PAUSED)["state"], "running")
    traffic = sim_sandbox(ALICE_STG)["trafficAccessToken"]
    envd2 = sim_sandbox(ALICE_STG)["envdAccessToken"]
    SIM.clear()
    res, raw = call_raw(c, "e2b_resume_sandbox", {"sandbox_id": ALICE_STG, "timeout": 60})
    d = result_json(res)
    check("resume running: resumed false (200)", not is_err(res) and d.get("resumed") is False, d)
    eq("resume running: body timeout 60", body_of(SIM.requests()[0]), {"timeout": 60})
    check("resume: trafficAccessToken and envdAccessToken absent from the whole answer",
          traffic and traffic not in raw and envd2 not in raw and "AccessToken" not in raw, raw[:300])

    # --- snapshots
    SIM.clear()
    d = result_json(c.call_tool("e2b_list_snapshots", {}))
    only_request("snapshots: GET /snapshots", SIM.requests(), "GET", "/snapshots")
    check("snapshots: all 7, newest first", len(d["data"]) == 7 and d["data"][0]["snapshotID"] == "acme/release-1:default",
          [x["snapshotID"] for x in d["data"]])
    SIM.clear()
    d = result_json(c.call_tool("e2b_list_snapshots", {"sandbox_id": ALICE_PAUSED}))
    eq("snapshots sandbox_id: query sandboxID", SIM.requests()[0]["query"], "sandboxID=" + ALICE_PAUSED)
    eq("snapshots sandbox_id: 2 checkpoints", sorted(x["snapshotID"] for x in d["data"]),
       ["acme/alice-checkpoint:default", "acme/alice-checkpoint:v2"])
    SIM.clear()
    d = result_json(c.call_tool("e2b_list_snapshots", {"name": "acme/nightly"}))
    eq("snapshots name: query encoded", SIM.requests()[0]["query"], "name=acme%2Fnightly")
    eq("snapshots name: 2", len(d["data"]), 2)
    seen, token, pages = [], None, 0
    while pages < 6:
        d = result_json(c.call_tool("e2b_list_snapshots", dict({"limit": 3}, **({"next_token": token} if token else {}))))
        pages += 1
        seen += [x["snapshotID"] for x in d["data"]]
        token = d.get("next_token")
        if not token:
            break
    check("snapshots paging limit 3: 3 pages, 7 distinct", pages == 3 and len(set(seen)) == 7 == len(seen), (pages, seen))

    # --- default templates
    SIM.clear()
    res, raw = call_raw(c, "e2b_list_default_templates", {})
    only_request("default templates: GET /templates/defaults (Dashboard API)", SIM.requests(), "GET", "/templates/defaults")
    d = result_json(res)
    problems = []
    for t in d.get("data", []):
        for k in ("templateID", "cpuCount", "memoryMB", "diskSizeMB", "buildID", "names"):
            if k not in t:
                problems.append("%s lacks %s" % (t.get("templateID"), k))
        for k in ("ramMb", "vcpu", "buildId", "totalDiskSizeMb", "id", "aliases"):
            if k in t:
                problems.append("%s keeps %s" % (t.get("templateID"), k))
    check("default templates normalised (cpuCount, memoryMB, diskSizeMB, buildID, templateID, names)",
          len(d.get("data", [])) == 3 and not problems, problems or d)
    ci = [t for t in d.get("data", []) if t.get("templateID") == "nlhz8vlwyupq845jsdg9"]
    check("default templates: values mapped (code-interpreter 2 vCPU, 1024 MB, names)",
          ci and ci[0]["cpuCount"] == 2 and ci[0]["memoryMB"] == 1024 and "code-interpreter-v1" in ci[0]["names"], ci)

    # --- team templates, paging
    SIM.clear()
    d1 = result_json(c.call_tool("e2b_list_templates", {"limit": 3}))
    d2 = result_json(c.call_tool("e2b_list_templates", {"limit": 3, "next_token": d1.get("next_token", "")}))
    reqs = SIM.requests()
    check("templates: GET /v2/templates limit=3 then nextToken",
          [r["path"] for r in reqs] == ["/v2/templates"] * 2 and reqs[0]["query"] == "limit=3"
          and qs(reqs[1]).get("nextToken") == [d1.get("next_token")], [(r["path"], r["query"]) for r in reqs])
    check("templates paging: 3 + 1, next_token only on the first page",
          len(d1["data"]) == 3 and d1.get("next_token") and len(d2["data"]) == 1 and "next_token" not in d2,
          (len(d1["data"]), len(d2["data"]), d2.get("next_token")))

    # --- template builds, paging
    SIM.clear()
    d1 = result_json(c.call_tool("e2b_list_template_builds", {"template_id": DATA_PIPELINE}))
    d2 = result_json(c.call_tool("e2b_list_template_builds", {"template_id": DATA_PIPELINE, "next_token": d1.get("next_token", "")}))
    reqs = SIM.requests()
    check("builds: GET /templates/{id}", [r["path"] for r in reqs] == ["/templates/" + DATA_PIPELINE] * 2,
          [r["path"] for r in reqs])
    check("builds paging: 100 + 30 builds, templateID and names kept, no 'builds' key",
          len(d1["data"]) == 100 and d1.get("next_token") and len(d2["data"]) == 30 and "next_token" not in d2
          and d1.get("templateID") == DATA_PIPELINE and d1.get("names") == ["acme/data-pipeline"] and "builds" not in d1,
          (len(d1.get("data", [])), len(d2.get("data", [])), sorted(d1)))
    res = c.call_tool("e2b_list_template_builds", {"template_id": "rki5dems9wqfm4r03t7g"})
    check("builds of a default template: 403 isError", is_err(res) and "403" in result_text(res), result_text(res))

    # --- kill
    SIM.clear()
    res = c.call_tool("e2b_kill_sandbox", {"sandbox_id": BOB_STG2})
    only_request("kill: DELETE /sandboxes/{id}", SIM.requests(), "DELETE", "/sandboxes/" + BOB_STG2)
    check("kill running: 204 -> killed, gone from the sim", not is_err(res) and result_json(res).get("state") == "killed"
          and sim_sandbox(BOB_STG2) is None, result_text(res))
    res = c.call_tool("e2b_kill_sandbox", {"sandbox_id": ALICE_PAUSED})
    check("kill paused: killed, gone", not is_err(res) and sim_sandbox(ALICE_PAUSED) is None, result_text(res))
    res = c.call_tool("e2b_kill_sandbox", {"sandbox_id": ALICE_PAUSED})
    check("kill again: 404 isError", is_err(res) and "404" in result_text(res), result_text(res))
    finish(c)


# ----------------------------------------------------------------------------- 3. bad input

def t_metadata_filters():
    """Metadata values with & = % + and non-ASCII survive E2B's three decodings (its HTTP layer, then
    the whole filter, then each part): a sandbox created with them is found by each of them."""
    SIM.reset()
    c = server(label="metadata filters")
    c.initialize("2025-11-25")
    meta = {"q": "a&b=c", "p": "50%", "s": "x+y z", "u": "\u00e9t\u00e9", "k&=": "v"}
    res = c.call_tool("e2b_create_sandbox", {"metadata": meta, "timeout": 60})
    sbid = result_json(res).get("sandboxID") if not is_err(res) else None
    check("metadata filters: a sandbox created with awkward metadata", sbid, result_text(res))
    for k, v in meta.items():
        SIM.clear()
        res = c.call_tool("e2b_list_sandboxes", {"metadata": {k: v}})
        got = [x["sandboxID"] for x in result_json(res).get("data", [])] if not is_err(res) else result_text(res)
        eq("metadata filter %r=%r finds it" % (k, v), got, [sbid])
    SIM.clear()
    res = c.call_tool("e2b_list_sandboxes", {"metadata": {"q": "a&b=c", "p": "50%"}})
    eq("metadata filter: each part encoded twice, then the whole once", SIM.requests()[0]["query"],
       "metadata=q%3Da%252526b%25253Dc%26p%3D50%252525")
    eq("metadata filter: two awkward pairs find it", [x["sandboxID"] for x in result_json(res).get("data", [])], [sbid])
    res = c.call_tool("e2b_list_sandboxes", {"metadata": {"q": "a&b"}})
    eq("metadata filter: a&b is not a&b=c", result_json(res).get("data"), [])


def t_bad_input():
    SIM.reset()
    c = server(enable_kill=True, label="bad input")
    c.initialize("2025-11-25")

    def raw_then_ping(name, line, want_code, want_id=None):
        c.send_raw(line)
        m = c.read_message()
        good = isinstance(m, dict) and m.get("error", {}).get("code") == want_code and m.get("id") == want_id
        check(name, good, "got %s" % str(m)[:300])
        r = c.ping()
        check(name + ": still serving (ping)", r.get("result") == {}, r)

    raw_then_ping("invalid JSON -> -32700", '{"jsonrpc":"2.0","id":1,"method":', -32700)
    raw_then_ping("a JSON array (no batches) -> -32600", '[1,2,3]', -32600)
    c.send_raw('42')
    m = c.read_message()
    check("a JSON number -> -32600 (or -32700)", isinstance(m, dict) and m.get("id") is None
          and m.get("error", {}).get("code") in (-32600, -32700), m)
    eq("a JSON number: still serving (ping)", c.ping().get("result"), {})
    raw_then_ping("a JSON string -> -32600", '"hello"', -32600)
    raw_then_ping("missing jsonrpc -> -32600 with the id", '{"id":5,"method":"ping"}', -32600, 5)
    raw_then_ping("id null -> -32600", '{"jsonrpc":"2.0","id":null,"method":"ping"}', -32600)
    raw_then_ping("id object -> -32600", '{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}', -32600)
    raw_then_ping("trailing garbage -> error", '{"jsonrpc":"2.0","id":6,"method":"ping"} x', -32700)
    long_line = '{"jsonrpc":"2.0","id":7,"method":"ping","params":{"pad":"%s"}}' % ("x" * 70000)
    raw_then_ping("over-long line (>64 KiB) -> -32600", long_line, -32600)
    c.send_raw('{"jsonrpc":"2.0","id":8,"method":"ping"}')
    eq("the line after an over-long one is served", c.wait_for(8).get("result"), {})

    r = c.request("no/such/method")
    check("unknown method -> -32601", r.get("error", {}).get("code") == -32601, r)
    r = c.call("e2b_no_such_tool", {})
    check("unknown tool -> -32602", r.get("error", {}).get("code") == -32602, r)
    r = c.call("e2b_get_sandbox", "not-an-object")
    check("arguments not an object -> -32602", r.get("error", {}).get("code") == -32602, r)
    r = c.request("tools/call", {"arguments": {}})
    check("tools/call without a name -> -32602", r.get("error", {}).get("code") == -32602, r)

    SIM.clear()
    cases = [
        ("missing sandbox_id", "e2b_get_sandbox", {}, "sandbox_id"),
        ("sandbox_id a number", "e2b_get_sandbox", {"sandbox_id": 123}, "sandbox_id"),
        ("state a string", "e2b_list_sandboxes", {"state": "running"}, "state"),
        ("state unknown value", "e2b_list_sandboxes", {"state": ["dead"]}, "state"),
        ("limit a string", "e2b_list_sandboxes", {"limit": "5"}, "limit"),
        ("limit 0", "e2b_list_sandboxes", {"limit": 0}, "limit"),
        ("limit 101", "e2b_list_sandboxes", {"limit": 101}, "limit"),
        ("limit 1.5", "e2b_list_templates", {"limit": 1.5}, "limit"),
        ("limit 2.5e0", "e2b_list_templates", {"limit": 2.5e0}, "limit"),
        ("logs limit 0", "e2b_get_sandbox_logs", {"sandbox_id": ALICE_PROD, "limit": 0}, "limit"),
        ("logs limit 1001", "e2b_get_sandbox_logs", {"sandbox_id": ALICE_PROD, "limit": 1001}, "limit"),
        ("logs level unknown", "e2b_get_sandbox_logs", {"sandbox_id": ALICE_PROD, "level": "fatal"}, "level"),
        ("logs direction unknown", "e2b_get_sandbox_logs", {"sandbox_id": ALICE_PROD, "direction": "up"}, "direction"),
        ("logs negative cursor", "e2b_get_sandbox_logs", {"sandbox_id": ALICE_PROD, "cursor": -1}, "cursor"),
        ("metadata a number", "e2b_list_sandboxes", {"metadata": 5}, "metadata"),
        ("metadata value not a string", "e2b_list_sandboxes", {"metadata": {"a": 1}}, "metadata"),
        ("metadata string without =", "e2b_list_sandboxes", {"metadata": "app"}, "metadata"),
        ("started_after not a time", "e2b_list_sandboxes", {"started_after": "yesterday"}, "started_after"),
        ("auto_pause a string", "e2b_create_sandbox", {"auto_pause": "yes"}, "auto_pause"),
        ("env_vars value not a string", "e2b_create_sandbox", {"env_vars": {"A": 1}}, "env_vars"),
        ("timeout a string", "e2b_create_sandbox", {"timeout": "10"}, "timeout"),
        ("create timeout negative", "e2b_create_sandbox", {"timeout": -5}, "timeout"),
        ("create timeout zero", "e2b_create_sandbox", {"timeout": 0}, "timeout"),
        ("create timeout 86401", "e2b_create_sandbox", {"timeout": 86401}, "timeout"),
        ("set_timeout missing timeout", "e2b_set_sandbox_timeout", {"sandbox_id": ALICE_PROD}, "timeout"),
        ("set_timeout negative", "e2b_set_sandbox_timeout", {"sandbox_id": ALICE_PROD, "timeout": -1}, "timeout"),
        ("set_timeout zero", "e2b_set_sandbox_timeout", {"sandbox_id": ALICE_PROD, "timeout": 0}, "timeout"),
        ("set_timeout 86401", "e2b_set_sandbox_timeout", {"sandbox_id": ALICE_PROD, "timeout": 86401}, "timeout"),
        ("resume timeout 0", "e2b_resume_sandbox", {"sandbox_id": ALICE_PROD, "timeout": 0}, "timeout"),
        ("resume timeout 99999", "e2b_resume_sandbox", {"sandbox_id": ALICE_PROD, "timeout": 99999}, "timeout"),
        ("pause memory a string", "e2b_pause_sandbox", {"sandbox_id": ALICE_PROD, "memory": "no"}, "memory"),
        ("builds missing template_id", "e2b_list_template_builds", {}, "template_id"),
        ("a misspelt argument on a billed call", "e2b_create_sandbox", {"template_id": "desktop", "timeout_s": 30}, "timeout_s"),
        ("an argument the tool does not have", "e2b_list_sandboxes", {"states": ["paused"]}, "states"),
        ("an unknown argument with an escaped name", "e2b_get_sandbox", {"sandbox_id": ALICE_PROD, "sandbox_id\u00e9": 1}, "sandbox_id"),
        ("a very long unknown argument name", "e2b_get_sandbox", {"sandbox_id": ALICE_PROD, "x" * 300: 1}, "xxxxxxxx..."),
    ]
    for name, tool, args, word in cases:
        res = c.call_tool(tool, args)
        check("bad argument (%s): isError naming '%s'" % (name, word), is_err(res) and word in result_text(res)
              and "structuredContent" not in res, result_text(res))
    res = c.call_tool("e2b_create_sandbox", {"timeout_s": 30})
    contains("an unknown argument: the error names the ones the tool takes", result_text(res),
             "'timeout_s'", "template_id", "timeout", "metadata", "Nothing was sent")
    eq("bad arguments: the sim received no request", SIM.requests(), [])
    eq("bad arguments: still serving (ping)", c.ping().get("result"), {})
    res = c.call_tool("e2b_list_sandboxes", {"limit": 2.0})
    reqs = SIM.requests()
    check("an integer written 2.0 is an integer (JSON Schema): limit=2 is sent", not is_err(res) and len(reqs) == 1
          and qs(reqs[0]).get("limit") == ["2"], (result_text(res)[:200], reqs[:1]))
    SIM.clear()

    bad_ids = ["a/b", "..", "../templates", "ab%2e", "a b", "a\rb", "a\nb", "i1?x=1", "a#b", ""]
    id_tools = [("e2b_get_sandbox", "sandbox_id", {}), ("e2b_get_sandbox_logs", "sandbox_id", {}),
                ("e2b_get_sandbox_metrics", "sandbox_id", {}), ("e2b_set_sandbox_timeout", "sandbox_id", {"timeout": 60}),
                ("e2b_pause_sandbox", "sandbox_id", {}), ("e2b_resume_sandbox", "sandbox_id", {}),
                ("e2b_kill_sandbox", "sandbox_id", {}), ("e2b_list_snapshots", "sandbox_id", {}),
                ("e2b_list_template_builds", "template_id", {})]
    SIM.clear()
    for tool, field, extra in id_tools:
        wrong = []
        for v in bad_ids:
            args = dict(extra)
            args[field] = v
            res = c.call_tool(tool, args)
            if not is_err(res) or field not in result_text(res):
                wrong.append((v, result_text(res)[:80]))
        check("%s: %s with / .. %% space CR LF ? # or empty refused" % (tool, field), not wrong, wrong)
    for v in ["..", "a/../b", "a%2fb", "a b", "a\rb", "a\nb", ""]:
        res = c.call_tool("e2b_create_sandbox", {"template_id": v})
        check("create: template_id %r refused" % v, is_err(res) and "template_id" in result_text(res), result_text(res))
    eq("bad IDs: the sim received NO request", [(r["method"], r["path"]) for r in SIM.requests()], [])
    eq("bad IDs: still serving (ping)", c.ping().get("result"), {})
    # free-text query values are percent-encoded: no header or parameter injection
    SIM.clear()
    evil = "x\r\nX-Evil: 1&limit=1#"
    for tool, args, field, qname in [("e2b_list_sandboxes", {"template": evil}, "template", "template"),
                                      ("e2b_list_sandboxes", {"next_token": evil}, "next_token", "nextToken"),
                                      ("e2b_list_snapshots", {"name": evil}, "name", "name"),
                                      ("e2b_get_sandbox_logs", {"sandbox_id": ALICE_PROD, "search": evil}, "search", "search")]:
        SIM.clear()
        c.call_tool(tool, args)
        reqs = SIM.requests()
        check("%s: %s with CR LF & # is percent-encoded into one query value, no injected header" % (tool, field),
              len(reqs) == 1 and "x-evil" not in reqs[0]["headers"] and qs(reqs[0]).get(qname) == [evil]
              and "\r" not in reqs[0]["query"] and " " not in reqs[0]["query"], reqs[:1])
    SIM.clear()
    out, err, rc = finish(c)
    eq("bad input: the server exits 0 at end of input", rc, 0)


# ----------------------------------------------------------------------------- 4. failures

def short_timeout_bin():
    b = os.environ.get("E2B_MCP_SHORT_TIMEOUT_BIN") or os.path.join(ROOT, "build", "e2b-mcp-short-timeout")
    if os.path.exists(b):
        return b
    if not API_URL.startswith("http://"):
        return None
    cc = shutil.which(os.environ.get("CC", "cc")) or shutil.which("cc")
    if not cc:
        return None
    out = os.path.join(tempfile.gettempdir(), "e2b-mcp-short-timeout-%d" % os.getpid())
    r = subprocess.run([cc, "-std=c99", "-O1", "-DE2B_MCP_TLS_NONE", "-DE2B_MCP_READ_TIMEOUT_MS=1500", "-I", ROOT,
                        "-o", out, os.path.join(ROOT, "examples", "e2b-mcp.c")], capture_output=True, timeout=120)
    return out if r.returncode == 0 else None


def t_failures():
    SIM.reset()
    c = server(label="failures")
    c.initialize("2025-11-25")

    def fault_call(name, fault, tool, args, needles, expect_requests=1):
        SIM.clear()
        SIM.clear_faults()
        SIM.fault(**fault)
        res = c.call_tool(tool, args)
        text = result_text(res)
        contains(name, text if is_err(res) else "(not an error) " + text, *needles)
        check(name + ": isError, no structuredContent", is_err(res) and "structuredContent" not in res, res)
        n = len(SIM.requests())
        if expect_requests is not None:
            eq(name + ": requests the sim received", n, expect_requests)
        SIM.clear_faults()
        res = c.call_tool("e2b_get_sandbox", {"sandbox_id": BOB_STG1})
        check(name + ": the next call works", not is_err(res), result_text(res))
        return text

    fault_call("403", dict(path="^/sandboxes/", status=403, message="Forbidden for this team"), "e2b_get_sandbox",
               {"sandbox_id": BOB_STG1}, ["403", "Forbidden for this team", "no access"])
    res = c.call_tool("e2b_get_sandbox", {"sandbox_id": "izzzzzzzzzzzzzzzzzzzz"})
    contains("404 (an unknown sandbox): E2B's message and advice", result_text(res), "404", "doesn't exist", "e2b_list_sandboxes")
    fault_call("409", dict(path="/pause$", status=409, message="sandbox is changing state"), "e2b_pause_sandbox",
               {"sandbox_id": BOB_STG1}, ["409", "sandbox is changing state", "already paused or changing state"])
    fault_call("500", dict(path="^/v2/sandboxes$", status=500, message="internal error"), "e2b_list_sandboxes", {},
               ["500", "internal error", "E2B's side"])
    fault_call("503 with an HTML body", dict(path="^/v2/sandboxes$", status=503, body="<html>503 Service Unavailable</html>"),
               "e2b_list_sandboxes", {}, ["503", "E2B's side"])
    fault_call("400 from E2B", dict(path="^/v2/sandboxes$", status=400, message="Invalid next token"),
               "e2b_list_sandboxes", {}, ["400", "Invalid next token"])

    # A hostile or broken E2B (or a proxy) echoing the key: it never leaves (the leak check at the end reads
    # every byte of stdout and stderr), whether in an error message or a field of a 200 answer.
    text = fault_call("401 echoing the key", dict(path="^/sandboxes/", status=401, message="Invalid API key " + KEY),
                      "e2b_get_sandbox", {"sandbox_id": BOB_STG1}, ["401", "Invalid API key [redacted]"])
    check("401 echoing the key: not in the result", KEY not in text, text)
    fault_call("500 echoing the key", dict(path="^/v2/sandboxes$", status=500, message="proxy sent X-API-Key: %s upstream" % KEY),
               "e2b_list_sandboxes", {}, ["500", "X-API-Key: [redacted] upstream"])
    SIM.clear_faults()
    hostile = {"sandboxID": BOB_STG1, "templateID": "base", "alias": "x%sy" % KEY,
               "EnvdAccessToken": "SECRET-1", "TRAFFIC_ACCESS_TOKEN": "SECRET-2",
               "envVars": {"OPENAI_API_KEY": "SECRET-3"}, "metadata": {"note": "a\ud800b"}}
    body = json.dumps(hostile)   # the lone surrogate goes as the escape \ud800, as a broken server would send it
    SIM.fault(path="^/sandboxes/", status=200, body=body, content_type="application/json")
    res, raw = call_raw(c, "e2b_get_sandbox", {"sandbox_id": BOB_STG1})
    d = res.get("structuredContent") or {}
    check("200 with the key in a field: [redacted]", not is_err(res) and d.get("alias") == "x[redacted]y" and KEY not in raw, raw[:300])
    check("200: secret names in any casing are dropped, env var values hidden (names shown)",
          "SECRET-" not in raw and "EnvdAccessToken" not in d and d.get("envVars") == {"OPENAI_API_KEY": "[redacted]"}, raw[:400])
    check("200: a lone surrogate goes out as U+FFFD", d.get("metadata", {}).get("note") == "a\ufffdb" and "\\ud800" not in raw, raw[:400])
    SIM.clear_faults()
    # A broken answer is an error that says so, never a success: a list of {} would say nothing runs while
    # sandboxes bill; a get of {}, a create without an ID, a count that is a string break the output schema.
    fault_call("list answered {}", dict(path="^/v2/sandboxes$", status=200, body="{}", content_type="application/json"),
               "e2b_list_sandboxes", {}, ["not the JSON array"])
    fault_call("get answered {}", dict(path="^/sandboxes/", status=200, body="{}", content_type="application/json"),
               "e2b_get_sandbox", {"sandbox_id": BOB_STG1}, ["has no sandboxID"])
    fault_call("get answered a count as a string", dict(path="^/sandboxes/", status=200, content_type="application/json",
               body=json.dumps({"sandboxID": BOB_STG1, "templateID": "base", "cpuCount": "two"})),
               "e2b_get_sandbox", {"sandbox_id": BOB_STG1}, ["cpuCount is a string, not of type integer"])
    fault_call("create answered without a sandboxID", dict(path="^/v2/sandboxes$", method="POST", status=201,
               body=json.dumps({"templateID": "base", "envdVersion": "0.2.0"}), content_type="application/json"),
               "e2b_create_sandbox", {"timeout": 30}, ["has no sandboxID", "may still have been carried out"])
    SIM.clear_faults()
    SIM.clear()
    res = c.call_tool("e2b_list_sandboxes", {"metadata": {"k": "\ud800"}})
    check("a lone surrogate in the arguments: refused, nothing sent", is_err(res) and "surrogate" in result_text(res) and not SIM.requests(),
          result_text(res))

    # 429: the wait is reported, the next call is refused locally, and it clears after Retry-After
    SIM.clear()
    SIM.fault(path="^/v2/sandboxes$", status=429, retry_after=1)
    res = c.call_tool("e2b_list_sandboxes", {})
    contains("429 with Retry-After 1: says wait 1 s", result_text(res), "429", "1 s", "Rate limit exceeded")
    res2 = c.call_tool("e2b_list_sandboxes", {"limit": 5})
    contains("429: an immediate second call of that tool is refused locally", result_text(res2), "wait", "no request was sent")
    check("429: the second call is an error", is_err(res2), res2)
    eq("429: only one request reached the sim (never retried)", len(SIM.requests()), 1)
    res4 = c.call_tool("e2b_get_sandbox", {"sandbox_id": BOB_STG1})
    check("429: E2B limits per route: another tool's call still goes out", not is_err(res4) and len(SIM.requests()) == 2,
          result_text(res4))
    time.sleep(1.15)
    res3 = c.call_tool("e2b_list_sandboxes", {"limit": 5})
    check("429: after Retry-After, calls go through again", not is_err(res3) and len(SIM.requests()) == 3, result_text(res3))
    SIM.clear()
    SIM.fault(path="^/v2/sandboxes$", method="POST", status=429, message="you have reached the maximum number of concurrent E2B sandboxes (20)")
    res = c.call_tool("e2b_create_sandbox", {})
    contains("429 without Retry-After: E2B's message, a wait", result_text(res), "429", "concurrent", "Retry after")
    time.sleep(1.1)

    # transport faults
    direct = not PROXIED
    if direct:
        fault_call("reset (twice: not hidden by the one stale-connection retry)", dict(path="^/sandboxes/", kind="reset", count=2),
                   "e2b_get_sandbox", {"sandbox_id": BOB_STG1}, ["reset", "may or may not"], expect_requests=None)
        SIM.clear()
        SIM.fault(path="^/sandboxes/", kind="reset", count=1)
        res = c.call_tool("e2b_get_sandbox", {"sandbox_id": BOB_STG1})
        check("reset once on an idle keep-alive connection: retried once transparently",
              not is_err(res) and len(SIM.requests()) == 2, (result_text(res)[:200], len(SIM.requests())))
        # A create is never sent twice: a reset on a reused connection is reported, not retried,
        # since E2B may already have started (and be billing) the sandbox.
        c.call_tool("e2b_get_sandbox", {"sandbox_id": BOB_STG1})   # the connection is now reused
        SIM.clear()
        SIM.fault(path="^/v2/sandboxes$", method="POST", kind="reset", count=1)
        res = c.call_tool("e2b_create_sandbox", {"timeout": 60})
        posts = [r for r in SIM.requests() if r["method"] == "POST"]
        check("reset on a create over a reused connection: one POST only, reported as uncertain",
              is_err(res) and len(posts) == 1 and "may or may not" in result_text(res), (result_text(res)[:200], len(posts)))
        SIM.clear_faults()
        fault_call("truncated body", dict(path="^/sandboxes/", kind="truncate"), "e2b_get_sandbox",
                   {"sandbox_id": BOB_STG1}, ["closed the connection before answering in full"])
        fault_call("bad chunked framing", dict(path="^/sandboxes/", kind="bad_chunked"), "e2b_get_sandbox",
                   {"sandbox_id": BOB_STG1}, ["not valid HTTP"])
    else:
        for kind in ("reset", "truncate", "bad_chunked"):
            fault_call("%s through the proxy" % kind, dict(path="^/sandboxes/", kind=kind, count=2), "e2b_get_sandbox",
                       {"sandbox_id": BOB_STG1}, ["E2B"], expect_requests=None)
    fault_call("huge body (8 MiB)", dict(path="^/v2/sandboxes$", kind="huge", size=8 * 1024 * 1024), "e2b_list_sandboxes", {},
               ["larger than this server's buffer", "limit"], expect_requests=None)
    fault_call("huge body (600 KiB, just over the 512 KiB buffer)", dict(path="^/v2/sandboxes$", kind="huge", size=600 * 1024),
               "e2b_list_sandboxes", {}, ["larger than this server's buffer"], expect_requests=None)

    # chunked answers
    plain = result_json(c.call_tool("e2b_list_sandboxes", {"limit": 3}))
    SIM.fault(path="^/v2/sandboxes$", kind="chunked")
    one = result_json(c.call_tool("e2b_list_sandboxes", {"limit": 3}))
    eq("a chunked answer (one fault) reads the same", one, plain)
    SIM.config(chunked=True)
    try:
        ch = result_json(c.call_tool("e2b_list_sandboxes", {"limit": 3}))
        eq("chunked list (sim config chunked) reads the same", ch, plain)
        res = c.call_tool("e2b_get_sandbox_logs", {"sandbox_id": ALICE_PROD, "limit": 500})
        d = result_json(res) or {}
        # the whole body is read; the result holds what fits the result budget and says of how many
        check("chunked: a large body (500 log lines, > 100 KiB) decoded",
              d.get("data") and "holds %d of the 500 log entries" % len(d["data"]) in d.get("note", ""), result_text(res)[:200])
        res = c.call_tool("e2b_list_default_templates", {})
        check("chunked: default templates", not is_err(res) and len(result_json(res)["data"]) == 3, result_text(res)[:200])
        res = c.call_tool("e2b_pause_sandbox", {"sandbox_id": NOMETA})
        check("chunked: a 204 answer", not is_err(res), result_text(res))
        res = c.call_tool("e2b_pause_sandbox", {"sandbox_id": NOMETA})
        check("chunked: an error answer (409)", is_err(res) and "409" in result_text(res), result_text(res))
    finally:
        SIM.config(chunked=False)

    # read timeout: a delay longer than the binary's read timeout
    finish(c)
    sb = short_timeout_bin()
    if sb is None:
        check("read timeout # SKIP no short-timeout build for %s (set E2B_MCP_SHORT_TIMEOUT_BIN)" % API_URL, True)
    else:
        c = server(binary=sb, label="short timeout")
        c.initialize()
        c.call_tool("e2b_get_sandbox", {"sandbox_id": BOB_STG1})
        SIM.fault(path="^/sandboxes/", kind="delay", delay_ms=4000)
        t0 = time.time()
        res = c.call_tool("e2b_get_sandbox", {"sandbox_id": BOB_STG1}, timeout=20)
        dt = time.time() - t0
        contains("read timeout (delay 4 s > 1.5 s): says it did not answer in time", result_text(res),
                 "did not answer in time")
        check("read timeout: isError after about the read timeout, not the delay", is_err(res) and dt < 3.5, "%.1f s" % dt)
        res = c.call_tool("e2b_get_sandbox", {"sandbox_id": BOB_STG1})
        check("read timeout: the next call works (fresh connection)", not is_err(res), result_text(res))
        finish(c)
        if sb == os.path.join(tempfile.gettempdir(), "e2b-mcp-short-timeout-%d" % os.getpid()):
            os.unlink(sb)   # compiled here; build/'s own stays for the HTTPS runs, wherever the checkout lives

    # 401: a well-formed but unknown key
    bad_key = "e2b_" + "0123456789abcdef" * 2 + "01234567"
    c, res = list_with_key(bad_key, "401")
    contains("401 (unknown key): E2B's message and 'check E2B_API_KEY'", result_text(res), "401", "Invalid API key", "E2B_API_KEY")
    check("401: the sim received the bad key as X-API-Key", SIM.requests() and SIM.requests()[0]["headers"].get("x-api-key") == bad_key,
          SIM.requests()[:1])
    finish(c)

    # connection refused
    c = server(api_url="http://127.0.0.1:%d" % closed_port(), label="refused")
    c.initialize()
    t0 = time.time()
    res = c.call_tool("e2b_list_sandboxes", {})
    contains("connection refused: says so and names E2B_API_URL", result_text(res), "refused", "E2B_API_URL")
    check("connection refused: isError quickly", is_err(res) and time.time() - t0 < 5, time.time() - t0)
    eq("connection refused: still serving", c.ping().get("result"), {})
    finish(c)

    # keep-alive: many calls, one connection (a transparent TCP proxy counts them)
    u = urllib.parse.urlsplit(API_URL)
    proxy = CountingProxy(u.hostname, u.port or (443 if u.scheme == "https" else 80))
    try:
        purl = "%s://%s:%d" % (u.scheme, u.hostname, proxy.port)
        c = server(api_url=purl, label="keep-alive")
        c.initialize()
        SIM.clear()
        errs = 0
        for i in range(10):
            errs += is_err(c.call_tool("e2b_get_sandbox", {"sandbox_id": BOB_STG1}))
            errs += is_err(c.call_tool("e2b_list_sandboxes", {"limit": 2}))
        errs += is_err(c.call_tool("e2b_list_default_templates", {}))
        n = len(SIM.requests())
        check("keep-alive: 21 calls over ONE connection", errs == 0 and n == 21 and proxy.connections == 1,
              "errors %d, requests %d, connections %d" % (errs, n, proxy.connections))
        SIM.fault(path="^/sandboxes/", kind="close")
        c.call_tool("e2b_get_sandbox", {"sandbox_id": BOB_STG1})
        res = c.call_tool("e2b_get_sandbox", {"sandbox_id": BOB_STG1})
        if PROXIED:   # a TLS proxy keeps its client connection when the simulator closes its own
            check("keep-alive: after the upstream closes, calls still work", not is_err(res), result_text(res))
        else:
            check("keep-alive: after Connection: close, a new connection is opened",
                  not is_err(res) and proxy.connections == 2, "connections %d" % proxy.connections)
        finish(c)
    finally:
        proxy.close()


# ----------------------------------------------------------------------------- 5. keys and secrets

def t_secrets():
    SIM.reset()
    personal = "sk_e2b_" + "ab12" * 10
    c, res = list_with_key(personal, "personal token")
    contains("personal token sk_e2b_: a clear error naming the fix", result_text(res), "personal", "E2B_API_KEY", "e2b_")
    check("personal token: isError", is_err(res), res)
    res = c.call_tool("e2b_get_sandbox", {"sandbox_id": BOB_STG1})
    check("personal token: every call refused", is_err(res) and "E2B_API_KEY" in result_text(res), result_text(res))
    eq("personal token: no request sent", SIM.requests(), [])
    finish(c)

    c = server(key=None, label="no key")
    r = c.initialize()
    check("missing key: the server starts and initializes", "result" in r, r)
    eq("missing key: tools are listed", {t["name"] for t in c.list_tools()}, TOOLS["default"])
    SIM.clear()
    res = c.call_tool("e2b_list_sandboxes", {})
    contains("missing key: calls say to set E2B_API_KEY", result_text(res), "E2B_API_KEY", "not set")
    eq("missing key: no request sent", SIM.requests(), [])
    finish(c)

    c = server(key="e2b_has space", label="malformed key")
    c.initialize()
    res = c.call_tool("e2b_list_sandboxes", {})
    contains("malformed key: refused with the fix", result_text(res), "E2B_API_KEY")
    finish(c)

    # elicitation: the server asks before a billable call; a decline sends nothing
    answers = [{"action": "decline"}, {"action": "accept", "content": {"confirm": True}},
               {"action": "accept", "content": {"confirm": False}}]
    c = server(elicit=lambda p: answers.pop(0) if answers else {"action": "cancel"}, label="elicitation")
    c.initialize("2025-06-18", capabilities={"elicitation": {}})
    SIM.clear()
    res = c.call_tool("e2b_create_sandbox", {"template_id": "base", "timeout": 60})
    check("elicitation: asked before create, the message names template and billing",
          len(c.elicitations) == 1 and "base" in c.elicitations[0].get("message", "")
          and "billed" in c.elicitations[0].get("message", "") and "requestedSchema" in c.elicitations[0], c.elicitations)
    check("elicitation declined: isError, nothing sent", is_err(res) and "declined" in result_text(res)
          and SIM.requests() == [], (result_text(res), SIM.requests()))
    res = c.call_tool("e2b_create_sandbox", {"template_id": "base", "timeout": 60})
    check("elicitation accepted: created", not is_err(res) and len(SIM.requests()) == 1
          and body_of(SIM.requests()[0]).get("timeout") == 60, result_text(res))
    res = c.call_tool("e2b_set_sandbox_timeout", {"sandbox_id": BOB_STG1, "timeout": 30})
    check("elicitation confirm=false: not done", is_err(res) and len(SIM.requests()) == 1, result_text(res))
    res = c.call_tool("e2b_list_sandboxes", {})
    check("elicitation: reads are never asked about", not is_err(res) and len(c.elicitations) == 3, len(c.elicitations))
    finish(c)

    c = server(elicit={"action": "accept", "content": {"confirm": True}}, label="elicitation 2025-11-25")
    c.initialize("2025-11-25", capabilities={"elicitation": {"form": {}}})
    res = c.call_tool("e2b_resume_sandbox", {"sandbox_id": BOB_PAUSED, "timeout": 60})
    check("elicitation 2025-11-25: mode form, then resumed", c.elicitations and c.elicitations[0].get("mode") == "form"
          and not is_err(res) and result_json(res).get("resumed") is True, (c.elicitations, result_text(res)))
    finish(c)


def t_progress_and_logs():
    """E2B tools report progress to a client that asked for it, and log each E2B call at the set level."""
    SIM.reset()
    c = server(label="progress")
    c.initialize("2025-11-25")
    c.notifications.clear()
    r = c.request("tools/call", {"name": "e2b_get_sandbox", "arguments": {"sandbox_id": BOB_STG1},
                                 "_meta": {"progressToken": "tok-7"}})
    prog = [n["params"] for n in c.notifications if n.get("method") == "notifications/progress"]
    check("progress: notifications carry the request's token and increase",
          len(prog) == 2 and all(p["progressToken"] == "tok-7" for p in prog) and prog[0]["progress"] < prog[1]["progress"], prog)
    check("progress: the answer follows the notifications", "result" in r and not r["result"]["isError"], r)
    logs = [n for n in c.notifications if n.get("method") == "notifications/message"]
    check("logs: a successful call logs nothing at the default level (info)", not logs, logs)
    c.notifications.clear()
    c.call_tool("e2b_list_sandboxes", {"limit": 1})
    check("progress: none without a progress token",
          not [n for n in c.notifications if n.get("method") == "notifications/progress"], c.notifications)
    eq("logging/setLevel debug", c.request("logging/setLevel", {"level": "debug"}).get("result"), {})
    c.notifications.clear()
    c.call_tool("e2b_get_sandbox", {"sandbox_id": BOB_STG1})
    logs = [n["params"] for n in c.notifications if n.get("method") == "notifications/message"]
    check("logs at debug: one line naming the E2B call and its status, no key",
          len(logs) == 1 and logs[0]["level"] == "debug" and "GET /sandboxes/" + BOB_STG1 in logs[0]["data"]
          and " 200 " in logs[0]["data"] and KEY not in json.dumps(logs), logs)
    eq("logging/setLevel error", c.request("logging/setLevel", {"level": "error"}).get("result"), {})
    c.notifications.clear()
    SIM.fault(path="^/sandboxes/", status=500, message="boom")
    c.call_tool("e2b_get_sandbox", {"sandbox_id": BOB_STG1})
    check("logs at error: an E2B failure (a warning) is not sent",
          not [n for n in c.notifications if n.get("method") == "notifications/message"], c.notifications)
    SIM.clear_faults()


def t_key_never_printed():
    leaks = []
    for label, out, err in ALL_OUTPUT:
        for k in [KEY] + SECRETS_SEEN:
            kb = k.encode()
            if kb in out:
                leaks.append("%s: stdout has %s..." % (label, k[:8]))
            if kb in err:
                leaks.append("%s: stderr has %s..." % (label, k[:8]))
    check("the API key never appears in stdout or stderr (%d runs)" % len(ALL_OUTPUT), not leaks and ALL_OUTPUT, leaks)
    stray = [(label, line[:120]) for label, out, err in ALL_OUTPUT for line in out.splitlines()
             if line.strip() and not line.lstrip().startswith((b"{", b"["))]
    check("stdout carries nothing but JSON-RPC messages", not stray, stray[:3])


# ----------------------------------------------------------------------------- main

def fresh_sim():
    """Ahead of each group: no faults, plain (not chunked) answers."""
    SIM.clear_faults()
    SIM.config(chunked=False)


def finish_clients():
    """After each group: every client it started is closed and checked."""
    while CLIENTS:
        finish(CLIENTS[0])


def main():
    global SIM, API_URL, PROXIED
    time_limit(240)
    if not os.path.exists(BIN):
        check("binary exists", False, "%s not found (run make)" % BIN)
        return
    try:
        SIM = Sim.from_env() or Sim.start()
        API_URL = os.environ.get("E2B_API_URL") or SIM.url
        PROXIED = API_URL.rstrip("/") != SIM.url
        note("binary %s, simulator %s, API URL %s" % (BIN, SIM.url, API_URL))
        run_groups((t_handshake, t_tools, t_metadata_filters, t_bad_input, t_failures, t_secrets, t_progress_and_logs),
                   before=fresh_sim, after=finish_clients)
        t_key_never_printed()
    finally:
        while CLIENTS:
            try:
                finish(CLIENTS[0])
            except Exception:
                CLIENTS.pop(0)
        if SIM is not None:
            try:
                SIM.reset()
            except Exception:
                pass
            SIM.stop()


if __name__ == "__main__":
    run(main)
