#!/usr/bin/env python3
"""Results a client can take: build/e2b-mcp cuts an answer longer than its result budget
(E2B_MCP_RESULT_BUDGET, default 80,000 characters, under Claude Code's 25,000-token limit) at a
whole item, says so, and gives a continuation that, followed to the end, brings every item
exactly once. Over stdio and Streamable HTTP, against the E2B simulator seeded with 100
sandboxes whose metadata holds 1,500 characters of multi-byte text each, and its 1,000+ log lines.

Each check asserts what the client got (the text's length, the note, structuredContent against
the tool's outputSchema) and, where it matters, what the simulator was asked.
"""
import calendar
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from report import check, contains, eq, run  # noqa: E402
from sim import ROOT, Sim, server_env, stop  # noqa: E402
from mcp import HttpSession, McpClient, result_json, result_text, start_http  # noqa: E402
from seed import ALICE_PROD  # noqa: E402

BIN = os.environ.get("E2B_MCP_BIN") or os.path.join(ROOT, "build", "e2b-mcp")
SMALL_BIN = os.environ.get("E2B_MCP_SMALL_BIN") or os.path.join(ROOT, "build", "e2b-mcp-small")
BUDGET = 80000
SIM = None
SCHEMAS = {}
MANY = {"metadata": [{"key": "batch", "value": "many"}]}


def conforms(v, s, path="$"):
    """The schema subset the tools' output schemas use: type, enum, properties, required, items,
    anyOf. Returns "" or where and what is wrong."""
    if "anyOf" in s:
        return "" if any(not conforms(v, x, path) for x in s["anyOf"]) else "%s matches no anyOf" % path
    t = s.get("type")
    kinds = {"object": dict, "array": list, "string": str, "boolean": bool, "null": type(None)}
    if t in kinds and not isinstance(v, kinds[t]):
        return "%s is not %s" % (path, t)
    if t in ("integer", "number") and (isinstance(v, bool) or not isinstance(v, (int, float))
                                       or (t == "integer" and v != int(v))):
        return "%s is not %s" % (path, t)
    if "enum" in s and v not in s["enum"]:
        return "%s not in enum" % path
    if isinstance(v, dict):
        for k in s.get("required", []):
            if k not in v:
                return "%s has no %s" % (path, k)
        for k, sub in s.get("properties", {}).items():
            if k in v:
                why = conforms(v[k], sub, path + "." + k)
                if why:
                    return why
    if isinstance(v, list) and "items" in s:
        for i, x in enumerate(v):
            why = conforms(x, s["items"], "%s[%d]" % (path, i))
            if why:
                return why
    return ""


def taken(label, tool, res, budget=BUDGET):
    """The result is a success a client can take: its text within the budget, structuredContent
    the same JSON and valid against the tool's outputSchema. Returns the structured result."""
    text = result_text(res)
    d = result_json(res)
    check("%s: a success, its text %d characters, within the budget of %d" % (label, len(text), budget),
          not res.get("isError") and 0 < len(text) <= budget, text[:300])
    check("%s: structuredContent is the text's JSON and valid against the output schema" % label,
          d is not None and res.get("structuredContent") == d and not conforms(d, SCHEMAS[tool]),
          conforms(d, SCHEMAS[tool]) if d is not None else text[:200])
    return d or {}


def follow_list(label, call, first_args, want_ids, budget=BUDGET):
    """Calls e2b_list_sandboxes with first_args, then with each next_token until there is none;
    checks every page and that the IDs come once each, in the simulator's order."""
    ids, args, pages, cut = [], dict(first_args), 0, 0
    while pages < 60:
        d = taken("%s page %d" % (label, pages + 1), "e2b_list_sandboxes", call("e2b_list_sandboxes", args), budget)
        pages += 1
        ids += [x["sandboxID"] for x in d.get("data", [])]
        if "note" in d:
            cut += 1
            contains("%s page %d: the note says how many it holds and how to read on" % (label, pages), d["note"],
                     "holds %d of the" % len(d["data"]), "next_token", "%d characters" % budget)
        if not d.get("next_token"):
            break
        args = dict(first_args)
        args["next_token"] = d["next_token"]
    eq("%s: followed to the end, every sandbox exactly once, in E2B's order (%d pages, %d cut)" % (label, pages, cut),
       ids, want_ids)
    return pages, cut


def sim_ids(limit=100):
    """The seeded sandboxes' IDs in the API's order, read from the simulator page by page."""
    ids, token = [], None
    while True:
        q = "/v2/sandboxes?metadata=batch%%3Dmany&limit=%d" % limit + ("&nextToken=" + token if token else "")
        st, hd, body = SIM.api(q)
        assert st == 200, (st, body)
        ids += [x["sandboxID"] for x in body]
        token = {k.lower(): v for k, v in hd.items()}.get("x-next-token")
        if not token:
            return ids


def t_lists(c, label, call):
    want = sim_ids()
    eq("the simulator holds the 100 seeded sandboxes", len(want), 100)
    # one 100-sandbox page: cut, noted, continued
    SIM.clear()
    args = dict(MANY, limit=100)
    d = taken("%s: 100 sandboxes with long metadata" % label, "e2b_list_sandboxes", call("e2b_list_sandboxes", args))
    n = len(d.get("data", []))
    check("%s: the page is cut before the 100th sandbox, after at least one" % label, 0 < n < 100, n)
    contains("%s: the note says it holds %d of the 100 and to pass next_token" % (label, n), d.get("note", ""),
             "holds %d of the 100 items" % n, "call again with next_token")
    st = {s["sandboxID"]: s for s in SIM.state()["sandboxes"]}
    check("%s: every sandbox given is whole: its metadata note (multi-byte UTF-8) as the simulator holds it" % label,
          all(x["metadata"] == st[x["sandboxID"]]["metadata"] for x in d["data"]) and "🚀" in d["data"][0]["metadata"]["note"],
          [x["sandboxID"] for x in d["data"] if x["metadata"] != st[x["sandboxID"]]["metadata"]][:3])
    eq("%s: the first E2B request asked for the page of 100" % label, [q["query"] for q in SIM.requests()][:1],
       ["metadata=batch%3Dmany&limit=100"])
    follow_list("%s: limit 100" % label, call, args, want)
    # pages of 30 from E2B: this server's continuations and E2B's own next tokens, mixed
    follow_list("%s: limit 30" % label, call, dict(MANY, limit=30), want)
    # no limit: E2B's default page, continued without one
    SIM.clear()
    pages, cut = follow_list("%s: no limit" % label, call, dict(MANY), want)
    check("%s: without a limit no request names one (E2B's default page is asked again)" % label,
          cut > 0 and all("limit=" not in q["query"] for q in SIM.requests() if q["path"] == "/v2/sandboxes"),
          [q["query"] for q in SIM.requests()][:4])


def t_stdio():
    c = McpClient([BIN], server_env(SIM.port))
    c.initialize()
    for t in c.list_tools():
        SCHEMAS[t["name"]] = t["outputSchema"]
    t_lists(c, "stdio", c.call_tool)

    # a 1,000-line log read, newest first, then followed with its cursor to the beginning
    SIM.clear()
    d = taken("logs, limit 1000", "e2b_get_sandbox_logs", c.call_tool("e2b_get_sandbox_logs", {"sandbox_id": ALICE_PROD, "limit": 1000}))
    eq("logs: E2B was asked for 1000 entries", [q["query"] for q in SIM.requests()], ["limit=1000"])
    n = len(d.get("data", []))
    check("logs: cut after at least one entry and before the 1000th, with a next_cursor", 0 < n < 1000
          and isinstance(d.get("next_cursor"), int), (n, d.get("next_cursor")))
    contains("logs: the note says it holds %d of the 1000 and to pass cursor" % n, d.get("note", ""),
             "holds %d of the 1000 log entries" % n, "cursor", "next_cursor")
    seqs, pages = [int(x["fields"]["seq"]) for x in d["data"]], 1
    newest = seqs[0]
    while d.get("next_cursor") is not None and pages < 40:
        d = taken("logs page %d" % (pages + 1), "e2b_get_sandbox_logs",
                  c.call_tool("e2b_get_sandbox_logs", {"sandbox_id": ALICE_PROD, "limit": 1000, "cursor": d["next_cursor"]}))
        seqs += [int(x["fields"]["seq"]) for x in d.get("data", [])]
        pages += 1
    eq("logs: followed to the beginning (%d pages), every entry exactly once, newest first" % pages,
       seqs, list(range(newest, -1, -1)))
    check("logs: more than 1,000 lines were read", len(seqs) > 1000, len(seqs))

    # a bad continuation is refused, not guessed
    res = c.call_tool("e2b_list_sandboxes", {"next_token": "~x~1~abc"})
    check("a next_token this server did not give is refused, saying what to pass",
          res.get("isError") and "pass the next_token of the previous result" in result_text(res), result_text(res))
    c.close()

    # a budget of its own
    c = McpClient([BIN], server_env(SIM.port, extra={"E2B_MCP_RESULT_BUDGET": "20000"}))
    c.initialize()
    pages, cut = follow_list("E2B_MCP_RESULT_BUDGET=20000", c.call_tool, dict(MANY, limit=100), sim_ids(), 20000)
    check("E2B_MCP_RESULT_BUDGET=20000: more pages than the default budget needs", pages >= 8, pages)
    # metrics: 50 minutes of 5-second samples, cut, continued with next_start and the same end
    now = SIM.state()["now"]
    end = int(calendar.timegm(time.strptime(now[:19], "%Y-%m-%dT%H:%M:%S")))
    args = {"sandbox_id": ALICE_PROD, "start": end - 3000, "end": end}
    _, _, want = SIM.api("/sandboxes/%s/metrics?start=%d&end=%d" % (ALICE_PROD, end - 3000, end))
    got, pages, first = [], 0, None
    while pages < 30:
        d = taken("metrics page %d" % (pages + 1), "e2b_get_sandbox_metrics", c.call_tool("e2b_get_sandbox_metrics", args), 20000)
        first = first or d
        got += [x["timestampUnix"] for x in d.get("data", [])]
        pages += 1
        if "next_start" not in d:
            break
        args = dict(args, start=d["next_start"])
    contains("metrics: the first page is cut and says the summary covers every sample", first.get("note", ""),
             "of the %d samples" % len(want), "summary covers all")
    eq("metrics: the first page's summary counts every sample E2B sent", first.get("summary", {}).get("samples"), len(want))
    eq("metrics: followed with next_start to the end (%d pages), every sample exactly once" % pages, got,
       [x["timestampUnix"] for x in want])
    c.close()
    p = McpClient([BIN], server_env(SIM.port, extra={"E2B_MCP_RESULT_BUDGET": "12k"}))
    _, err, rc = p.close()
    check("E2B_MCP_RESULT_BUDGET that is not a number: refused at start", rc == 2 and b"E2B_MCP_RESULT_BUDGET" in err, (rc, err))


def t_http():
    port, p = start_http(BIN, server_env(SIM.port))
    s = HttpSession(port)

    def call(name, args):
        ev = s.call("tools/call", {"name": name, "arguments": args}).events()[-1]
        return ev["result"]
    t_lists(s, "HTTP", call)
    stop(p)


def t_small():
    """The small profile: a smaller budget (3,072), and calls without a limit ask for a page that
    fits its 5 KiB E2B answer buffer (E2B_MCP_PAGE_LIMIT 5, E2B_MCP_LOG_LIMIT 10)."""
    c = McpClient([SMALL_BIN], server_env(SIM.port))
    c.initialize()
    st, _, want = SIM.api("/snapshots?limit=100")
    names, args, pages = [], {}, 0
    SIM.clear()
    while pages < 20:
        d = taken("small: snapshots page %d" % (pages + 1), "e2b_list_snapshots", c.call_tool("e2b_list_snapshots", args), 3072)
        names += [x["snapshotID"] + str(x.get("names")) for x in d.get("data", [])]
        pages += 1
        if not d.get("next_token"):
            break
        args = {"next_token": d["next_token"]}
    eq("small: without a limit, E2B is asked for pages of 5", SIM.requests()[0]["query"], "limit=5")
    eq("small: snapshots followed to the end (%d pages), each once, in E2B's order" % pages, names,
       [x["snapshotID"] + str(x.get("names")) for x in want])
    SIM.clear()
    d = taken("small: logs without a limit", "e2b_get_sandbox_logs", c.call_tool("e2b_get_sandbox_logs", {"sandbox_id": ALICE_PROD}), 3072)
    check("small: logs without a limit: E2B asked for 10, a page and a cursor came",
          SIM.requests()[0]["query"] == "limit=10" and d.get("data") and isinstance(d.get("next_cursor"), int),
          (SIM.requests()[0]["query"], str(d)[:200]))
    d = taken("small: logs, limit 15", "e2b_get_sandbox_logs", c.call_tool("e2b_get_sandbox_logs", {"sandbox_id": ALICE_PROD, "limit": 15}), 3072)
    contains("small: 15 log entries are cut at the small profile's budget, and say so (its short note: a code and how to read on)",
             d.get("note", ""), "CUT: %d of 15 log entries (budget 3072 chars); pass cursor" % len(d.get("data", [])))
    c.close()


def main():
    global SIM
    SIM = Sim.start()
    SIM.seed(100, meta_len=1500)
    t_stdio()
    t_http()
    t_small()


if __name__ == "__main__":
    run(main)
