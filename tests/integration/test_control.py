#!/usr/bin/env python3
"""E2B's newer control plane as tools (issue 33), over stdio and Streamable HTTP against the
simulator: e2b_fork_sandbox, e2b_create_snapshot, e2b_delete_snapshot, e2b_set_sandbox_network,
e2b_get_team_usage, e2b_get_sandboxes_metrics, e2b_list_events, e2b_list_volumes, e2b_get_volume,
e2b_list_secrets and e2b_get_template_build.

Each check asserts what a client sees and what the simulator received or now holds: the happy
path of each tool, E2B's error cases passed on with what to do, consent before a billable or
destructive call (2025 elicitation over stdio, the 2026-07-28 sealed state over HTTP), the tool
selection (the default set, --tools all, --read-only), the access token's scopes, the result
budget and paging, the 429 cool-down of one tool, the audit log, and redaction: no access token,
volume token or secret value in any output.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from report import check, contains, eq, run  # noqa: E402
from sim import BUILD, KEY, ROOT, Sim, server_env, stop  # noqa: E402
from mcp import McpClient, HttpSession, init_params, request, result_json, result_text, rpc, start_http  # noqa: E402
sys.path.insert(0, os.path.join(ROOT, "tests", "sim"))
from seed import ALICE_PROD, BOB_STG1, BOB_STG2, ALICE_PAUSED  # noqa: E402

BIN = os.environ.get("E2B_MCP_BIN") or os.path.join(BUILD, "e2b-mcp")
POLL_BIN = os.environ.get("E2B_MCP_POLL_BIN") or os.path.join(BUILD, "e2b-mcp-poll")   # polls subscriptions every 300 ms
TEAM = "7f9c2b1e-4a3d-4c8b-9e2f-1a2b3c4d5e6f"
KEY2 = "e2b_c0ffeec0ffeec0ffeec0ffeec0ffeec0ffeec0ff"
ERROR_TPL = "zz9y8x7w6v5u4t3s2r1q"   # a team template whose one build failed
OLD = ["e2b_list_sandboxes", "e2b_get_sandbox", "e2b_create_sandbox", "e2b_get_sandbox_logs", "e2b_get_sandbox_metrics",
       "e2b_set_sandbox_timeout", "e2b_pause_sandbox", "e2b_resume_sandbox", "e2b_list_snapshots",
       "e2b_list_default_templates", "e2b_list_templates", "e2b_list_template_builds"]
DEFAULT_NEW = ["e2b_fork_sandbox", "e2b_create_snapshot", "e2b_get_team_usage", "e2b_list_events"]
EXTRA = ["e2b_delete_snapshot", "e2b_set_sandbox_network", "e2b_get_sandboxes_metrics", "e2b_list_volumes",
         "e2b_get_volume", "e2b_list_secrets", "e2b_get_template_build"]
ACCEPT = {"action": "accept", "content": {"confirm": True}}
SIM = None
OUTPUT = []   # every text a client or log received, checked for secrets at the end
MODERN = "2026-07-28"


def env(extra=None, key=KEY):
    e = {"E2B_MCP_ENABLE_KILL": "1", "E2B_MCP_TOOLS": "all"}
    e.update(extra or {})
    return server_env(SIM.port, key=key, extra=e)


class Stdio:
    """A 2025-11-25 client over stdio that answers consent questions with elicit."""
    label = "stdio"

    def __init__(self, extra=None, elicit=ACCEPT, key=KEY, args=()):
        self.c = McpClient([BIN] + list(args), env(extra, key), elicit=elicit)
        r = self.c.initialize(capabilities={"elicitation": {}})
        assert "result" in r, r

    def call(self, name, args=None):
        r = self.c.call(name, args or {})
        OUTPUT.append(json.dumps(r))
        return r

    def tools(self):
        return [t["name"] for t in self.c.list_tools()]

    def close(self):
        out, err, _ = self.c.close()
        OUTPUT.append(out.decode("utf-8", "replace") + err.decode("utf-8", "replace"))


class Http:
    """A 2025-11-25 session over Streamable HTTP (no elicitation: a billable call is not asked)."""
    label = "HTTP"

    def __init__(self, extra=None, key=KEY):
        self.port, self.p = start_http(BIN, env(extra, key))
        self.s = HttpSession(self.port)

    def call(self, name, args=None):
        r = self.s.call("tools/call", {"name": name, "arguments": args or {}})
        OUTPUT.append(r.body)
        return r.events()[-1]

    def tools(self):
        return [t["name"] for t in self.s.list_tools()]

    def close(self):
        stop(self.p)


def ok(label, r):
    """The structured result of a successful call (checked), or {}."""
    res = r.get("result", {})
    good = "result" in r and not res.get("isError")
    check("%s: succeeds" % label, good, json.dumps(r)[:600])
    return (result_json(res) or {}) if good else {}


def err(label, r, *needles):
    """A tool error (isError) whose text holds each needle."""
    res = r.get("result", {})
    check("%s: a tool error" % label, res.get("isError") is True, json.dumps(r)[:400])
    contains("%s: the message says what happened and what to do" % label, result_text(res), *needles)


def sent(label, want):
    got = SIM.e2b_requests()
    check("%s: E2B received %s" % (label, want if want else "nothing"), got == want, got)


def bodies():
    return [json.loads(r["body"]) if r["body"] else None for r in SIM.requests() if not r["path"].startswith("/_sim")]


def queries():
    return [r["query"] for r in SIM.requests() if not r["path"].startswith("/_sim")]


def state_ids():
    return {s["sandboxID"]: s for s in SIM.state()["sandboxes"]}


# ----------------------------------------------------------------------------- selection

def t_selection():
    c = Stdio(extra={"E2B_MCP_TOOLS": ""})
    got = c.tools()
    eq("no --tools: the default set is today's 13 plus fork, snapshot, usage and events", sorted(got),
       sorted(OLD + DEFAULT_NEW + ["e2b_kill_sandbox"]))
    SIM.clear()
    r = c.call("e2b_list_volumes", {})
    e = r.get("error", {})
    check("no --tools: a tool outside the default set is an unknown tool (-32602)", e.get("code") == -32602, r)
    contains("no --tools: its message says it is outside the default set and how to switch it on", e.get("message", ""),
             "default set", "--tools", "all")
    sent("no --tools, e2b_list_volumes", [])
    c.close()
    c = Stdio(extra={"E2B_MCP_TOOLS": ""})
    prompts = [p["name"] for p in c.c.request("prompts/list")["result"]["prompts"]]
    check("no --tools: the fork and weekly review workflows are offered, the network lock-down (its tool is off) is not",
          "e2b_fork_and_try" in prompts and "e2b_weekly_usage_review" in prompts and "e2b_lock_down_network" not in prompts, prompts)
    c.close()
    c = Stdio(extra={"E2B_MCP_TOOLS": "all"})
    eq("--tools all: every tool, the extra ones too (24)", len(c.tools()), 24)
    for name, args, needles in (
            ("e2b_fork_and_try", {"sandbox_id": ALICE_PROD, "approaches": "a; b; c", "minutes": "15"},
             ("e2b_fork_sandbox", ALICE_PROD, "timeout 900", "billed", "confirm")),
            ("e2b_lock_down_network", {"sandbox_id": BOB_STG1, "allow": "api.github.com, *.pypi.org"},
             ("e2b_set_sandbox_network", "api.github.com, *.pypi.org", "0.0.0.0/0", "replaces every egress rule")),
            ("e2b_weekly_usage_review", {}, ("e2b_get_team_usage", "7 days", "e2b_list_events", "e2b_list_sandboxes"))):
        r = c.c.request("prompts/get", {"name": name, "arguments": args})
        text = " ".join(m["content"].get("text", "") for m in r.get("result", {}).get("messages", []))
        contains("prompt %s: the workflow with its tools" % name, text, *needles)
    SIM.clear()
    r = c.c.request("resources/read", {"uri": "e2b://sandboxes/%s/events" % ALICE_PROD})
    ev = json.loads(r.get("result", {}).get("contents", [{}])[0].get("text", "{}"))
    check("resource e2b://sandboxes/{id}/events: that sandbox's events, read through e2b_list_events",
          ev.get("data") and all(e["sandboxId"] == ALICE_PROD for e in ev["data"])
          and SIM.e2b_requests() == [("GET", "/events/sandboxes/%s" % ALICE_PROD)], r)
    r = c.c.request("resources/read", {"uri": "e2b://events"})
    ev = json.loads(r.get("result", {}).get("contents", [{}])[0].get("text", "{}"))
    want = [e["id"] for e in SIM.api("/events/sandboxes?limit=20")[2]]
    check("resource e2b://events: the team's newest events, as E2B gives them", [e["id"] for e in ev.get("data", [])] == want
          and len(want) > 5, r)
    r = c.c.request("prompts/get", {"name": "e2b_weekly_usage_review", "arguments": {"days": "90"}})
    check("prompt e2b_weekly_usage_review: 90 days is refused", "31" in json.dumps(r), r)
    c.close()
    c = Stdio(extra={"E2B_MCP_TOOLS": "default,e2b_list_secrets"})
    got = c.tools()
    check("--tools default,e2b_list_secrets: the default set and that one", sorted(got) ==
          sorted(OLD + DEFAULT_NEW + ["e2b_kill_sandbox", "e2b_list_secrets"]), got)
    c.close()
    c = Stdio(extra={"E2B_MCP_TOOLS": "all", "E2B_MCP_READ_ONLY": "1"})
    got = c.tools()
    check("--read-only with all: the read tools only (no fork, snapshot, network or deletion)",
          not set(got) & {"e2b_fork_sandbox", "e2b_create_snapshot", "e2b_set_sandbox_network", "e2b_delete_snapshot"}
          and {"e2b_get_team_usage", "e2b_list_events", "e2b_list_secrets", "e2b_get_volume"} <= set(got), got)
    SIM.clear()
    r = c.call("e2b_fork_sandbox", {"sandbox_id": ALICE_PROD})
    contains("--read-only: a fork is refused as read-only", r.get("error", {}).get("message", ""), "read-only")
    sent("--read-only fork", [])
    c.close()
    c = Stdio(extra={"E2B_MCP_TOOLS": "all", "E2B_MCP_ENABLE_KILL": ""})
    check("without E2B_MCP_ENABLE_KILL: e2b_delete_snapshot is not listed", "e2b_delete_snapshot" not in c.tools())
    r = c.call("e2b_delete_snapshot", {"snapshot_id": "acme/bob-snap:default"})
    contains("without E2B_MCP_ENABLE_KILL: a deletion says which switch it needs", r.get("error", {}).get("message", ""),
             "E2B_MCP_ENABLE_KILL=1", "deleting snapshots")
    c.close()
    c = Stdio()
    tools = {t["name"]: t for t in c.c.list_tools()}
    ann = {n: tools[n].get("annotations", {}) for n in DEFAULT_NEW + EXTRA}
    check("annotations: fork and snapshot are neither read-only nor destructive; deletion is destructive; the reads read-only",
          not ann["e2b_fork_sandbox"].get("readOnlyHint") and not ann["e2b_fork_sandbox"].get("destructiveHint")
          and ann["e2b_delete_snapshot"].get("destructiveHint") is True
          and all(ann[n].get("readOnlyHint") for n in ("e2b_get_team_usage", "e2b_list_events", "e2b_list_volumes",
                                                        "e2b_get_volume", "e2b_list_secrets", "e2b_get_template_build",
                                                        "e2b_get_sandboxes_metrics")), ann)
    contains("fork's description says each copy bills and to ask the user", tools["e2b_fork_sandbox"]["description"],
             "billed", "ask the user")
    check("every new tool has an output schema", all(tools[n].get("outputSchema") for n in DEFAULT_NEW + EXTRA))
    c.close()


# ----------------------------------------------------------------------------- happy paths, both transports

def happy(t):
    L = t.label
    # fork
    SIM.clear()
    before = set(state_ids())
    d = ok("%s fork of 3" % L, t.call("e2b_fork_sandbox", {"sandbox_id": ALICE_PROD, "count": 3, "timeout": 60}))
    ids = [f.get("sandboxID") for f in d.get("forks", [])]
    sent("%s fork" % L, [("POST", "/sandboxes/%s/fork" % ALICE_PROD)])
    eq("%s fork: E2B was asked for 3 copies of 60 s" % L, bodies(), [{"count": 3, "timeout": 60}])
    now = state_ids()
    check("%s fork: three new sandboxes with their own IDs, running, in E2B's list" % L,
          len(set(ids)) == 3 and all(i in now and i not in before and now[i]["state"] == "running" for i in ids), ids)
    check("%s fork: started 3, failed 0, the source named" % L,
          d.get("started") == 3 and d.get("failed") == 0 and d.get("sandboxID") == ALICE_PROD, d)
    check("%s fork: no access token in the result" % L, "envdAccessToken" not in json.dumps(d)
          and all(now[i]["envdAccessToken"] not in json.dumps(d) for i in ids if now[i].get("envdAccessToken")))
    # events: the source checkpointed, the copies resumed
    SIM.clear()
    ev = ok("%s events of a copy" % L, t.call("e2b_list_events", {"sandbox_id": ids[0] if ids else "x1"}))
    sent("%s events of one sandbox" % L, [("GET", "/events/sandboxes/%s" % (ids[0] if ids else "x1"))])
    check("%s events: a fork's copy starts with a resumed event" % L,
          [e.get("type") for e in ev.get("data", [])] == ["sandbox.lifecycle.resumed"], ev)
    ev = ok("%s events, checkpointed only" % L, t.call("e2b_list_events", {"sandbox_id": ALICE_PROD, "types": ["checkpointed"]}))
    check("%s events: types asks E2B for sandbox.lifecycle.checkpointed" % L,
          "types=sandbox.lifecycle.checkpointed" in queries()[-1], queries())
    check("%s events: the source's fork is a checkpointed event" % L,
          ev.get("data") and all(e["type"] == "sandbox.lifecycle.checkpointed" for e in ev["data"]), ev)
    # snapshot
    SIM.clear()
    name = "before-upgrade-%s" % L.lower()
    d = ok("%s snapshot" % L, t.call("e2b_create_snapshot", {"sandbox_id": BOB_STG1, "name": name}))
    check("%s snapshot: the snapshot's ID and names, and the sandbox" % L,
          d.get("snapshotID") == "acme/%s:default" % name and d.get("sandboxID") == BOB_STG1, d)
    sent("%s snapshot" % L, [("POST", "/sandboxes/%s/snapshots" % BOB_STG1)])
    d = ok("%s snapshot listed" % L, t.call("e2b_list_snapshots", {"name": name}))
    check("%s snapshot: e2b_list_snapshots finds it" % L, [s["snapshotID"] for s in d.get("data", [])] == ["acme/%s:default" % name], d)
    # delete it
    SIM.clear()
    d = ok("%s delete snapshot" % L, t.call("e2b_delete_snapshot", {"snapshot_id": "acme/%s:default" % name}))
    sent("%s delete snapshot: its ID as one encoded segment" % L, [("DELETE", "/templates/acme%%2F%s%%3Adefault" % name)])
    check("%s delete snapshot: the result says so" % L, d == {"snapshotID": "acme/%s:default" % name, "state": "deleted"}, d)
    d = ok("%s snapshot gone" % L, t.call("e2b_list_snapshots", {"name": name}))
    eq("%s snapshot: no longer listed" % L, d.get("data"), [])
    # network
    fork = ids[1] if len(ids) > 1 else ALICE_PROD
    SIM.clear()
    d = ok("%s network" % L, t.call("e2b_set_sandbox_network", {"sandbox_id": fork, "allow_out": ["api.github.com", "*.pypi.org"],
                                                               "deny_out": ["0.0.0.0/0"]}))
    sent("%s network: PUT, then the sandbox read back" % L, [("PUT", "/sandboxes/%s/network" % fork), ("GET", "/sandboxes/%s" % fork)])
    eq("%s network: the body E2B got" % L, bodies()[0], {"allowOut": ["api.github.com", "*.pypi.org"], "denyOut": ["0.0.0.0/0"]})
    net = d.get("network", {})
    check("%s network: the result is E2B's view: allowOut and denyOut as set" % L,
          net.get("allowOut") == ["api.github.com", "*.pypi.org"] and net.get("denyOut") == ["0.0.0.0/0"], d)
    check("%s network: the simulator holds them" % L, state_ids()[fork]["network"].get("denyOut") == ["0.0.0.0/0"])
    # usage
    SIM.clear()
    d = ok("%s usage" % L, t.call("e2b_get_team_usage", {}))
    got = SIM.e2b_requests()
    check("%s usage: the team from the newest event, then both maxima, then the series" % L,
          got == [("GET", "/events/sandboxes"), ("GET", "/teams/%s/metrics/max" % TEAM), ("GET", "/teams/%s/metrics/max" % TEAM),
                  ("GET", "/teams/%s/metrics" % TEAM)], got)
    check("%s usage: the maxima asked for are E2B's two metrics" % L,
          "metric=concurrent_sandboxes" in queries()[1] and "metric=sandbox_start_rate" in queries()[2], queries())
    st, _, mx = SIM.api("/teams/%s/metrics/max?metric=concurrent_sandboxes" % TEAM)
    sm = d.get("summary", {})
    check("%s usage: teamID from events, the maxima E2B gives, a summary of every sample and no samples unasked" % L,
          d.get("teamID") == TEAM and d.get("teamIDFrom") == "events" and "data" not in d and sm.get("samples", 0) > 100
          and sm.get("concurrentSandboxesMax", {}).get("value") == mx["value"] and "sandboxStartRateMax" in sm, sm)
    d = ok("%s usage with series" % L, t.call("e2b_get_team_usage", {"series": True}))
    check("%s usage with series: every sample" % L, len(d.get("data", [])) == d.get("summary", {}).get("samples"), len(d.get("data", [])))
    check("%s usage: the latest count is what runs now" % L,
          sm.get("concurrentSandboxesLatest") == SIM.state()["running"], (sm, SIM.state()["running"]))
    # batch metrics
    SIM.clear()
    d = ok("%s batch metrics" % L, t.call("e2b_get_sandboxes_metrics", {}))
    got = SIM.e2b_requests()
    check("%s batch metrics: the running sandboxes, then their metrics in one request" % L,
          got == [("GET", "/v2/sandboxes"), ("GET", "/sandboxes/metrics")] and "state=running" in queries()[0]
          and queries()[1].count(",") >= 3, (got, queries()))
    running = {s["sandboxID"]: s for s in SIM.state()["sandboxes"] if s["state"] == "running" and s["team"] == TEAM}
    asked = queries()[1].split("=", 1)[1].split(",") if len(queries()) > 1 else []
    check("%s batch metrics: every running sandbox asked for" % L, sorted(asked) == sorted(running), (asked, list(running)))
    rows = d.get("data", [])
    seeded = {ALICE_PROD, BOB_STG1, BOB_STG2}   # running for minutes: E2B has samples of them (a copy seconds old may not)
    got = set(r["sandboxID"] for r in rows)
    check("%s batch metrics: a row per running sandbox E2B has a sample of, totals over them" % L,
          seeded <= got <= set(running) and d.get("totals", {}).get("sandboxes") == len(rows)
          and d["totals"].get("cpuCount") == sum(running[r["sandboxID"]]["cpuCount"] for r in rows), d.get("totals"))
    SIM.clear()
    d = ok("%s batch metrics of two" % L, t.call("e2b_get_sandboxes_metrics", {"sandbox_ids": [BOB_STG1, BOB_STG2]}))
    check("%s batch metrics of named ones: one request" % L, SIM.e2b_requests() == [("GET", "/sandboxes/metrics")]
          and queries()[0] == "sandbox_ids=%s,%s" % (BOB_STG1, BOB_STG2), queries())
    # volumes
    SIM.clear()
    d = ok("%s volumes" % L, t.call("e2b_list_volumes", {}))
    vols = {v["name"]: v["volumeID"] for v in d.get("data", [])}
    check("%s volumes: the team's two" % L, sorted(vols) == ["data", "models"], d)
    d = ok("%s volume" % L, t.call("e2b_get_volume", {"volume_id": vols.get("data", "x")}))
    check("%s volume: ID and name, no token" % L, d.get("name") == "data" and "token" not in d, d)
    # secrets
    SIM.clear()
    d = ok("%s secrets" % L, t.call("e2b_list_secrets", {}))
    check("%s secrets: names, versions and metadata, newest first" % L,
          [x["name"] for x in d.get("data", [])] == ["db-password", "github-token", "openai-key"]
          and d["data"][2].get("metadata") == {"owner": "alice", "purpose": "llm"}, d)
    # template build
    SIM.clear()
    b = ok("%s builds" % L, t.call("e2b_list_template_builds", {"template_id": ERROR_TPL}))
    bid = (b.get("data") or [{}])[0].get("buildID", "x")
    SIM.clear()
    d = ok("%s template build" % L, t.call("e2b_get_template_build", {"template_id": ERROR_TPL, "build_id": bid, "limit": 10}))
    check("%s template build: status error, why, and the first 10 log entries" % L,
          d.get("status") == "error" and "exit status 1" in d.get("reason", {}).get("message", "")
          and len(d.get("logEntries", [])) == 10 and d.get("next_logs_offset") == 10 and "logs" not in d, d)
    d = ok("%s template build, read on" % L, t.call("e2b_get_template_build", {"template_id": ERROR_TPL, "build_id": bid,
                                                                               "logs_offset": 30, "limit": 100}))
    check("%s template build: from logs_offset to the end, none past it" % L,
          len(d.get("logEntries", [])) == 10 and "next_logs_offset" not in d
          and d["logEntries"][-1]["message"] == "run install.sh: exit status 1", d)
    return ids


# ----------------------------------------------------------------------------- E2B's errors, bad arguments

def t_errors():
    c = Stdio()
    for label, tool, args, needles in (
            ("fork of 101", "e2b_fork_sandbox", {"sandbox_id": ALICE_PROD, "count": 101}, ("count", "1 to 100")),
            ("fork of a bad ID", "e2b_fork_sandbox", {"sandbox_id": "../x"}, ("sandbox_id",)),
            ("snapshot with a bad name", "e2b_create_snapshot", {"sandbox_id": ALICE_PROD, "name": "a b"}, ("name",)),
            ("network with nothing to set", "e2b_set_sandbox_network", {"sandbox_id": ALICE_PROD}, ("allow_out", "open")),
            ("network with a bad destination", "e2b_set_sandbox_network", {"sandbox_id": ALICE_PROD, "deny_out": ["a b"]},
             ("deny_out",)),
            ("events of an unknown type", "e2b_list_events", {"types": ["started"]}, ("types", "created")),
            ("batch metrics with a duplicate", "e2b_get_sandboxes_metrics", {"sandbox_ids": ["a1", "a1"]}, ("sandbox_ids",)),
            ("usage with start after end", "e2b_get_team_usage", {"start": 10, "end": 5}, ("start",)),
            ("events with a bad next_token", "e2b_list_events", {"next_token": "~x"}, ("next_token",)),
            ("delete with a path in the ID", "e2b_delete_snapshot", {"snapshot_id": "a/../b"}, ("snapshot_id",))):
        SIM.clear()
        err("bad arguments: %s" % label, c.call(tool, args), "Nothing was sent to E2B", *needles)
        sent("bad arguments: %s" % label, [])
    SIM.clear()
    err("fork of a paused sandbox", c.call("e2b_fork_sandbox", {"sandbox_id": ALICE_PAUSED}), "409", "resume it first")
    err("fork of an unknown sandbox", c.call("e2b_fork_sandbox", {"sandbox_id": "inosuch000000000000001"}), "404", "doesn't exist")
    err("network of an old envd", c.call("e2b_set_sandbox_network", {"sandbox_id": BOB_STG2, "deny_out": ["10.0.0.0/8"]}),
        "400", "envd 0.5.13")
    check("network refused: no read-back after E2B's error", SIM.e2b_requests()[-1][0] == "PUT", SIM.e2b_requests())
    err("network of a paused sandbox", c.call("e2b_set_sandbox_network", {"sandbox_id": ALICE_PAUSED, "allow_internet_access": False}),
        "409")
    err("delete of an unknown snapshot", c.call("e2b_delete_snapshot", {"snapshot_id": "acme/nosuch:default"}), "404")
    err("a volume that is not there", c.call("e2b_get_volume", {"volume_id": "nosuch"}), "404")
    err("a build that is not there", c.call("e2b_get_template_build", {"template_id": ERROR_TPL, "build_id": "nosuch"}), "404")
    # the fork's copies each succeed or fail: the concurrency limit
    SIM.config(concurrency_limit=SIM.state()["running"] + 1)
    d = ok("fork of 3 at the team's limit", c.call("e2b_fork_sandbox", {"sandbox_id": ALICE_PROD, "count": 3}))
    check("fork at the limit: one copy started, two failed with E2B's 429 each", d.get("started") == 1 and d.get("failed") == 2
          and all(f.get("error", {}).get("code") == 429 for f in d["forks"][1:]), d)
    SIM.config(concurrency_limit=20)
    c.close()
    # usage: a team with no event, and the team from configuration
    c = Stdio(key=KEY2)
    SIM.clear()
    err("usage of a team with no event and no E2B_TEAM_ID", c.call("e2b_get_team_usage", {}), "E2B_TEAM_ID")
    sent("usage without a team", [("GET", "/events/sandboxes")])
    c.close()
    c = Stdio(extra={"E2B_TEAM_ID": TEAM})
    SIM.clear()
    now = int(__import__("time").time())
    d = ok("usage with E2B_TEAM_ID", c.call("e2b_get_team_usage", {"start": now - 3600, "end": now}))
    check("usage with E2B_TEAM_ID: no events asked, the team said to come from configuration, the window sent each time",
          SIM.e2b_requests()[0] == ("GET", "/teams/%s/metrics/max" % TEAM) and d.get("teamIDFrom") == "configuration"
          and all("start=%d&end=%d" % (now - 3600, now) in q for q in queries()), (SIM.e2b_requests(), queries()))
    c.close()
    c = Stdio(extra={"E2B_TEAM_ID": "3b8e5c1a-9d2f-4e7b-8a6c-5f4e3d2c1b0a"})
    err("usage with another team's ID", c.call("e2b_get_team_usage", {}), "403")
    c.close()
    # one tool's 429 leaves the others alone
    c = Stdio()
    SIM.fault("^/events/sandboxes$", status=429, retry_after=30, message="Rate limit exceeded")
    err("events answered 429", c.call("e2b_list_events", {}), "429", "Retry after 30 s")
    SIM.clear()
    err("events again within the wait", c.call("e2b_list_events", {}), "Wait", "no request was sent")
    sent("events within the 429 wait", [])
    ok("another tool during the wait", c.call("e2b_list_volumes", {}))
    SIM.clear_faults()
    c.close()


# ----------------------------------------------------------------------------- consent

def t_consent():
    asked = []

    def decline(params):
        asked.append(params.get("message", ""))
        return {"action": "decline"}
    c = Stdio(elicit=decline)
    SIM.clear()
    err("fork declined", c.call("e2b_fork_sandbox", {"sandbox_id": ALICE_PROD, "count": 4, "timeout": 120}), "declined")
    sent("fork declined", [])
    check("the fork's question names the count, each copy's time and that each bills", asked and
          "into 4 new sandboxes" in asked[0] and "120 seconds" in asked[0] and "4 copies bill 4 times" in asked[0], asked)
    err("snapshot deletion declined", c.call("e2b_delete_snapshot", {"snapshot_id": "acme/bob-snap:default"}), "declined")
    sent("deletion declined", [])
    check("the deletion's question names the snapshot and that it is for good",
          len(asked) == 2 and "acme/bob-snap:default" in asked[1] and "cannot be undone" in asked[1], asked)
    before = len(asked)
    ok("a read is not asked", c.call("e2b_list_events", {}))
    ok("a snapshot is not asked", c.call("e2b_create_snapshot", {"sandbox_id": BOB_STG1}))
    eq("no question for reads and snapshots", len(asked), before)
    c.close()
    # 2026-07-28: the question within the result, the answer with the sealed state
    port, p = start_http(BIN, env())
    meta = {"io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientCapabilities": {"elicitation": {}}}

    def modern(id, params):
        params = dict(params, _meta=meta)
        r = request(port, "POST", rpc(id, "tools/call", params),
                    {"MCP-Protocol-Version": MODERN, "Mcp-Method": "tools/call", "Mcp-Name": params["name"]})
        OUTPUT.append(r.body)
        m = r.events()[-1] if r.status == 200 else {"status": r.status, "body": r.body}
        return m.get("result", m)
    SIM.clear()
    args = {"sandbox_id": ALICE_PROD, "count": 2}
    res = modern(1, {"name": "e2b_fork_sandbox", "arguments": args})
    check("2026-07-28 fork: the question comes back within the result, sealed", res.get("resultType") == "input_required"
          and res.get("requestState"), res)
    contains("2026-07-28 fork: the question names the count", json.dumps(res.get("inputRequests", {})), "2 new sandboxes")
    sent("2026-07-28 fork before the answer", [])
    res2 = modern(2, {"name": "e2b_fork_sandbox", "arguments": args, "requestState": res.get("requestState"),
                      "inputResponses": {"confirm": ACCEPT}})
    check("2026-07-28 fork: the answer with the state forks", res2.get("isError") is False
          and res2.get("structuredContent", {}).get("started") == 2, res2)
    sent("2026-07-28 fork after the answer", [("POST", "/sandboxes/%s/fork" % ALICE_PROD)])
    res3 = modern(3, {"name": "e2b_fork_sandbox", "arguments": dict(args, count=3), "requestState": res.get("requestState"),
                      "inputResponses": {"confirm": ACCEPT}})
    check("2026-07-28 fork: the state of a 2-copy question does not fork 3 (refused, nothing sent)",
          "integrity" in res3.get("error", {}).get("message", "") and len(SIM.e2b_requests()) == 1, res3)
    stop(p)


# ----------------------------------------------------------------------------- budget and paging, redaction

def t_budget():
    c = Stdio(extra={"E2B_MCP_RESULT_BUDGET": "1500"})
    SIM.clear()
    seen, token, pages = [], None, 0
    while pages < 40:
        d = ok("events page %d under a 1,500-character budget" % pages, c.call("e2b_list_events", dict({"limit": 100},
                                                                                 **({"next_token": token} if token else {}))))
        pages += 1
        seen += [e["id"] for e in d.get("data", [])]
        check("events page %d: fits the budget" % pages, len(json.dumps(d)) <= 1500, len(json.dumps(d)))
        token = d.get("next_token")
        if not token:
            break
    all_ev = [e for e in SIM.api("/events/sandboxes?limit=100")[2]]
    check("events followed by next_token: every event once, newest first", seen == [e["id"] for e in all_ev],
          (len(seen), len(all_ev)))
    check("events: a cut page said why", pages > 2)
    d = ok("usage under a 1,500-character budget", c.call("e2b_get_team_usage", {"series": True}))
    check("usage cut: a note, next_start, and a summary of every sample", "note" in d and d.get("next_start")
          and d["summary"]["samples"] > len(d["data"]), {k: d.get(k) for k in ("note", "next_start")})
    c.close()


def t_redaction():
    c = Stdio()
    SIM.fault("^/secrets$", status=200, body=json.dumps([{"secretID": "sec_1", "name": "leaky", "currentVersion": 1,
                                                          "metadata": {"value": "fine"}, "value": "SIMLEAKEDSECRETVALUE",
                                                          "createdAt": "2026-01-01T00:00:00Z", "updatedAt": "2026-01-01T00:00:00Z"}]))
    d = ok("secrets, E2B echoing a value", c.call("e2b_list_secrets", {}))
    check("a secret's value E2B echoed is left out; its metadata stays", "SIMLEAKEDSECRETVALUE" not in json.dumps(d)
          and d["data"][0].get("metadata") == {"value": "fine"} and "value" not in d["data"][0], d)
    SIM.clear_faults()
    c.close()
    text = "\n".join(OUTPUT)
    st = SIM.state()
    tokens = [s["envdAccessToken"] for s in st["sandboxes"] if s.get("envdAccessToken")]
    check("no sandbox access token in any output (%d tokens)" % len(tokens), not any(t in text for t in tokens))
    check("no volume token in any output", "SIMVOLTOKEN-" not in text)
    check("no secret value in any output", "SIMSECRETVALUE-" not in text and "SIMLEAKEDSECRETVALUE" not in text)
    check("no API key in any output", KEY not in text and KEY2 not in text)


# ----------------------------------------------------------------------------- audit and scopes

def t_audit():
    log = os.path.join(tempfile.mkdtemp(prefix="control-audit-"), "audit.log")
    c = Stdio(extra={"E2B_MCP_AUDIT_LOG": log})
    c.call("e2b_fork_sandbox", {"sandbox_id": BOB_STG1, "count": 1})
    c.call("e2b_delete_snapshot", {"snapshot_id": "acme/release-1:default"})
    c.call("e2b_set_sandbox_network", {"sandbox_id": BOB_STG2, "deny_out": ["10.0.0.0/8"]})
    c.call("e2b_list_events", {})
    c.close()
    recs = [r for r in (json.loads(l) for l in open(log)) if r.get("outcome") != "started"]   # each call's end
    got = [(r.get("tool"), r.get("group"), r.get("outcome"), r.get("e2b_status")) for r in recs]
    check("audit: fork (write), deletion (kill) and the refused network change (write) recorded; reads not",
          got == [("e2b_fork_sandbox", "write", "ok", 201), ("e2b_delete_snapshot", "kill", "ok", 204),
                  ("e2b_set_sandbox_network", "write", "error", 400)], got)
    check("audit: the records name the sandbox", recs and recs[0].get("sandbox_id") == BOB_STG1, recs[:1])


def t_scopes():
    d = os.path.join(BUILD, "control-scopes")
    subprocess.run(["node", os.path.join(ROOT, "tests", "unit", "auth_tokens.mjs"), d], check=True, capture_output=True)
    iss, aud = open(os.path.join(d, "meta.txt")).read().split()
    toks = {}
    for line in open(os.path.join(d, "tokens.txt")):
        name, _, tok = line.split(" ", 2)
        toks[name] = tok.strip()
    port, p = start_http(BIN, env({"E2B_MCP_AUTH_ISSUER": iss, "E2B_MCP_AUTH_RESOURCE": aud,
                                   "E2B_MCP_AUTH_JWKS_FILE": os.path.join(d, "jwks.json")}))

    def call(tok, name, args):
        h = {"Authorization": "Bearer " + tok}
        r = request(port, "POST", rpc(1, "initialize", init_params()), h)
        h["Mcp-Session-Id"] = r.headers.get("mcp-session-id")
        h["MCP-Protocol-Version"] = "2025-11-25"
        request(port, "POST", rpc(None, "notifications/initialized"), h)
        return request(port, "POST", rpc(2, "tools/call", {"name": name, "arguments": args}), h)
    SIM.clear()
    for tool, args, scope in (("e2b_fork_sandbox", {"sandbox_id": ALICE_PROD}, "e2b:write"),
                              ("e2b_set_sandbox_network", {"sandbox_id": ALICE_PROD, "deny_out": ["10.0.0.0/8"]}, "e2b:write"),
                              ("e2b_delete_snapshot", {"snapshot_id": "acme/bob-snap:default"}, "e2b:kill")):
        r = call(toks["http_read"], tool, args)
        check("scopes: %s with e2b:read is 403 naming %s" % (tool, scope), r.status == 403 and
              'scope="%s"' % scope in r.headers.get("www-authenticate", ""), (r.status, r.headers.get("www-authenticate")))
    sent("scopes: refused calls", [])
    r = call(toks["http_read"], "e2b_get_team_usage", {})
    check("scopes: usage with e2b:read runs", r.status == 200 and not r.events()[-1]["result"].get("isError"), r.body[:300])
    r = call(toks["ok_rs256"], "e2b_delete_snapshot", {"snapshot_id": "acme/bob-snap:default"})
    check("scopes: a deletion with read and write but not kill is 403 e2b:kill", r.status == 403, r.status)
    stop(p)


def t_subscribe():
    """Lifecycle events as a subscribable resource: one events poll (e2b_list_events, 100 newest)
    tells e2b://events of any new event and e2b://sandboxes/{id}/events of that sandbox's."""
    c = McpClient([POLL_BIN], env({"E2B_MCP_TOOLS": ""}), elicit=ACCEPT)
    c.initialize(capabilities={})
    for uri in ("e2b://events", "e2b://sandboxes/%s/events" % BOB_STG1):
        r = c.request("resources/subscribe", {"uri": uri})
        check("subscribe %s: accepted" % uri, r.get("result") == {}, r)
    r = c.request("resources/subscribe", {"uri": "e2b://sandboxes/%s/logs" % BOB_STG1})
    contains("a sandbox's logs still cannot be subscribed to, and the message names what can",
             r.get("error", {}).get("message", ""), "e2b://events")

    def told(secs):
        end, got = time.time() + secs, set(m["params"]["uri"] for m in c.notifications
                                              if m.get("method") == "notifications/resources/updated")
        c.notifications[:] = []
        while time.time() < end:
            try:
                m = c.recv(timeout=max(0.05, end - time.time()))
            except Exception:
                break
            if m and m.get("method") == "notifications/resources/updated":
                got.add(m["params"]["uri"])
        return got
    told(1.0)   # the first poll only records
    SIM.clear()
    st, _, _ = SIM.api("/sandboxes/%s/pause" % BOB_STG1, method="POST", body={})
    got = told(2.5)
    check("a pause of the watched sandbox: both the team's and its own events resource are told",
          st == 204 and got == {"e2b://events", "e2b://sandboxes/%s/events" % BOB_STG1}, (st, got))
    st, _, _ = SIM.api("/sandboxes/%s/pause" % ALICE_PROD, method="POST", body={})
    got = told(2.5)
    check("another sandbox's event: only the team's resource is told", got == {"e2b://events"}, got)
    polls = [p for p in SIM.e2b_requests() if p[1].startswith("/events")]
    check("the events poll: GET /events/sandboxes, at most one an interval", polls and
          all(p == ("GET", "/events/sandboxes") for p in polls) and len(polls) <= 5 / 0.3 + 2, polls)
    c.request("resources/unsubscribe", {"uri": "e2b://events"})
    c.request("resources/unsubscribe", {"uri": "e2b://sandboxes/%s/events" % BOB_STG1})
    told(0.7)
    SIM.clear()
    told(1.0)
    eq("no events subscription left: no events poll", [p for p in SIM.e2b_requests() if p[1].startswith("/events")], [])
    c.close()


def main():
    global SIM
    SIM = Sim.start()
    try:
        t_selection()
        for T in (Stdio, Http):
            SIM.reset()
            t = T()
            happy(t)
            t.close()
        SIM.reset()
        t_errors()
        SIM.reset()
        t_consent()
        SIM.reset()
        t_budget()
        SIM.reset()
        t_audit()
        SIM.reset()
        t_scopes()
        SIM.reset()
        t_subscribe()
        t_redaction()
    finally:
        SIM.stop()


if __name__ == "__main__":
    run(main)
