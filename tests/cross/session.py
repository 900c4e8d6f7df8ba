#!/usr/bin/env python3
"""A representative stdio MCP session against the E2B simulator, for the cross builds.

    E2B_MCP_BIN=build/cross/run-s390x python3 tests/cross/session.py [--sim-url URL]

E2B_MCP_BIN is a command (a qemu wrapper script for a cross binary). Every structured result
is compared with what the simulator's API itself answers for the same request, field by field,
so a byte-order or word-size fault in the JSON reader, the integer formatting, the HTTP
framing (Content-Length and chunked, with --chunked) or the paging shows up as a mismatch.
tools/list is compared with the host build's (build/e2b-mcp). Prints a PASS/FAIL line per
check and the closing line "N passed, N failed" (tests/lib/report.py). Stdlib only; every
read is bounded.
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from report import check, run as report_run  # noqa: E402
from sim import KEY, ROOT, Sim, server_env  # noqa: E402
from mcp import McpClient, init_params, result_json  # noqa: E402

SECRETS = ("envdAccessToken", "trafficAccessToken")
HOST_BIN = os.path.join(ROOT, "build", "e2b-mcp")
T = 30      # seconds for one answer under emulation


class Server(McpClient):
    """The server under test; call() gives (CallToolResult or None, JSON-RPC error or None)."""

    def request(self, method, params=None, timeout=T):
        return McpClient.request(self, method, params, timeout=timeout)

    def call(self, name, args=None):
        m = self.request("tools/call", {"name": name, "arguments": args or {}})
        return m.get("result"), m.get("error")


def structured(res):
    return result_json(res) if res else None


def strip(o):
    if isinstance(o, dict): return {k: strip(v) for k, v in o.items() if k not in SECRETS}
    if isinstance(o, list): return [strip(v) for v in o]
    return o


def main():
    sim_url = None
    extra = []
    a = sys.argv[1:]
    while a:
        if a[0] == "--sim-url":
            sim_url = a[1]
            a = a[2:]
        else:
            extra.append(a.pop(0))
    bin_cmd = os.environ.get("E2B_MCP_BIN", HOST_BIN)
    sim = Sim.attach(sim_url) if sim_url else Sim.start("--many", "12", *extra)
    srv = Server([bin_cmd], server_env(sim.url, KEY))
    try:
        run(srv, sim)
    except Exception as e:  # a crash or a hang is one failure, with the reason
        check("session completes", False, repr(e))
    _, _, rc = srv.close(10)
    check("server exits 0 at the end of input", rc == 0, "rc=%s" % rc)


def run(srv, sim):
    api = sim.api
    m = srv.request("initialize", init_params("2025-06-18"))
    r = m.get("result", {})
    check("initialize", r.get("protocolVersion") == "2025-06-18" and r.get("serverInfo", {}).get("name") == "e2b-mcp", m)
    srv.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    m = srv.request("ping")
    check("ping", m.get("result") == {}, m)

    m = srv.request("tools/list")
    tools = m.get("result", {}).get("tools", [])
    host = McpClient([HOST_BIN], server_env(sim.url, KEY))
    host.initialize("2025-06-18")
    want = host.request("tools/list").get("result", {}).get("tools")
    host.close()
    check("tools/list: the same tools, byte for byte, as the host build's (kill not enabled)",
          tools == want and "e2b_kill_sandbox" not in [t["name"] for t in tools], [t["name"] for t in tools])
    check("tools/list: every tool has an object inputSchema",
          all(t.get("inputSchema", {}).get("type") == "object" for t in tools))

    # paging: the server's pages, joined, equal the API's full list
    st, hd, full = api("/v2/sandboxes?limit=100")
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
    st, _, want_f = api("/v2/sandboxes?limit=100&state=running&metadata=user%3Dcarol")
    check("e2b_list_sandboxes: state and metadata filters", s and strip(s["data"]) == strip(want_f), s)

    sid = full[0]["sandboxID"]
    res, _ = srv.call("e2b_get_sandbox", {"sandbox_id": sid})
    st, _, want_sb = api("/sandboxes/" + sid)
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
        st, _, got = api("/sandboxes/" + new)
        check("e2b_create_sandbox: the API has it, with its metadata",
              st == 200 and got.get("metadata") == {"cross": "yes", "n": "4294967297"}, got)
        res, _ = srv.call("e2b_set_sandbox_timeout", {"sandbox_id": new, "timeout": 600})
        check("e2b_set_sandbox_timeout", res and not res.get("isError"), res)
        api("/_sim/clock", "POST", {"advance": 30}, auth=False)
        res, _ = srv.call("e2b_get_sandbox_logs", {"sandbox_id": new, "limit": 5})
        s = structured(res)
        st, _, want_l = api("/v2/sandboxes/%s/logs?limit=5" % new)
        check("e2b_get_sandbox_logs", s is not None and not res.get("isError"), res)
        now = int(time.time()) + 30
        res, _ = srv.call("e2b_get_sandbox_metrics", {"sandbox_id": new, "start": now - 3600, "end": now + 60})
        s = structured(res)
        st, _, want_m = api("/sandboxes/%s/metrics?start=%d&end=%d" % (new, now - 3600, now + 60))
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
    report_run(main)
