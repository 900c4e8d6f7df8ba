#!/usr/bin/env python3
"""The run-time tool selection of build/e2b-mcp (--tools / E2B_MCP_TOOLS, --read-only /
E2B_MCP_READ_ONLY=1), over stdio and Streamable HTTP, against the E2B simulator.

Each check asserts what a client sees (tools/list, tools/call of a tool left out) and what
the simulator received (a call to a tool that is off sends nothing to E2B). The groups:
read = every tool annotated readOnlyHint; write = the rest but kill; kill = e2b_kill_sandbox and
e2b_delete_snapshot; default = what a server offers without --tools; all = every tool.
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from report import check, contains, eq, run  # noqa: E402
from sim import ROOT, Sim, server_env, stop, track  # noqa: E402
from mcp import McpClient, request, rpc, result_json, start_http, HttpSession  # noqa: E402

BIN = os.environ.get("E2B_MCP_BIN") or os.path.join(ROOT, "build", "e2b-mcp")
# every tool, in the table's order; the default set (no --tools) leaves out EXTRA
ORDER = ["e2b_list_sandboxes", "e2b_get_sandbox", "e2b_create_sandbox", "e2b_get_sandbox_logs", "e2b_get_sandbox_metrics",
         "e2b_set_sandbox_timeout", "e2b_pause_sandbox", "e2b_resume_sandbox", "e2b_list_snapshots",
         "e2b_list_default_templates", "e2b_list_templates", "e2b_list_template_builds", "e2b_fork_sandbox",
         "e2b_create_snapshot", "e2b_delete_snapshot", "e2b_set_sandbox_network", "e2b_get_team_usage",
         "e2b_get_sandboxes_metrics", "e2b_list_events", "e2b_list_volumes", "e2b_get_volume", "e2b_list_secrets",
         "e2b_get_template_build", "e2b_kill_sandbox"]
EXTRA = {"e2b_delete_snapshot", "e2b_set_sandbox_network", "e2b_get_sandboxes_metrics", "e2b_list_volumes", "e2b_get_volume",
         "e2b_list_secrets", "e2b_get_template_build"}
DEFAULT = [n for n in ORDER if n not in EXTRA]
READ = [n for n in ORDER if n.startswith(("e2b_list", "e2b_get"))]
READ_DEFAULT = [n for n in READ if n not in EXTRA]
WRITE = ["e2b_create_sandbox", "e2b_set_sandbox_timeout", "e2b_pause_sandbox", "e2b_resume_sandbox", "e2b_fork_sandbox",
         "e2b_create_snapshot", "e2b_set_sandbox_network"]
KILL = ["e2b_delete_snapshot", "e2b_kill_sandbox"]
SIM = None


def stdio(args=(), extra=None):
    c = McpClient([BIN] + list(args), server_env(SIM.port, extra=extra))
    r = c.initialize()
    assert "result" in r, r
    return c


def names(tools):
    return [t["name"] for t in tools]


def off_error(label, r, *needles):
    """r is the JSON-RPC answer to a call of a tool that is off: -32602, its message says
    switched off and each needle; the simulator got nothing."""
    err = r.get("error", {})
    check("%s: a JSON-RPC error -32602 (an unknown tool)" % label, err.get("code") == -32602, r)
    contains("%s: the message says it is switched off and how to switch it on" % label, err.get("message", ""),
             "switched off", "switch it on", *needles)
    eq("%s: nothing was sent to E2B" % label, SIM.e2b_requests(), [])


def t_stdio():
    # the full set, as today: kill only with E2B_MCP_ENABLE_KILL=1
    c = stdio(extra={"E2B_MCP_ENABLE_KILL": "1"})
    tools = c.list_tools()
    eq("no selection: the default set, in the table's order", names(tools), DEFAULT)
    c.close()
    c = stdio(["--tools", "all"], {"E2B_MCP_ENABLE_KILL": "1"})
    tools = c.list_tools()
    eq("--tools all: every tool, in the table's order", names(tools), ORDER)
    eq("the read group is exactly the tools annotated readOnlyHint",
       [t["name"] for t in tools if t["annotations"].get("readOnlyHint")], READ)
    eq("the kill group is exactly the tools annotated destructiveHint",
       [t["name"] for t in tools if t["annotations"].get("destructiveHint")], KILL)
    c.close()

    # --read-only
    c = stdio(["--read-only"], {"E2B_MCP_ENABLE_KILL": "1"})
    tools = c.list_tools()
    eq("--read-only: only the default set's read tools are listed (kill too is hidden, even with E2B_MCP_ENABLE_KILL=1)",
       names(tools), READ_DEFAULT)
    SIM.clear()
    off_error("--read-only, e2b_create_sandbox", c.call("e2b_create_sandbox", {"timeout": 10}), "read-only", "--read-only")
    SIM.clear()
    off_error("--read-only, e2b_kill_sandbox", c.call("e2b_kill_sandbox", {"sandbox_id": "x1"}), "read-only")
    SIM.clear()
    res = c.call_tool("e2b_list_sandboxes", {})
    check("--read-only: a read tool still works (E2B asked, a list answered)",
          not res.get("isError") and isinstance((result_json(res) or {}).get("data"), list)
          and SIM.e2b_requests() and SIM.e2b_requests()[0][1] == "/v2/sandboxes", res)
    c.close()

    # E2B_MCP_READ_ONLY=1 is the same
    c = stdio(extra={"E2B_MCP_READ_ONLY": "1"})
    eq("E2B_MCP_READ_ONLY=1: the same list as --read-only", names(c.list_tools()), READ_DEFAULT)
    c.close()
    c = stdio(["--read-only", "--tools", "all"])
    eq("--read-only --tools all: the whole read group", names(c.list_tools()), READ)
    c.close()

    # an allow-list of a name and a group, in any order: the table's order
    c = stdio(["--tools", "write, e2b_get_sandbox"], {"E2B_MCP_ENABLE_KILL": "1"})
    eq("--tools 'write, e2b_get_sandbox': that tool and the write group, in the table's order",
       names(c.list_tools()), [n for n in ORDER if n in WRITE or n == "e2b_get_sandbox"])
    SIM.clear()
    off_error("--tools without read, e2b_list_sandboxes", c.call("e2b_list_sandboxes", {}), "--tools", "group, read")
    SIM.clear()
    off_error("--tools without kill, e2b_kill_sandbox", c.call("e2b_kill_sandbox", {"sandbox_id": "x1"}), "group, kill")
    SIM.clear()
    res = c.call_tool("e2b_get_sandbox", {"sandbox_id": "nosuch1"})
    check("--tools: a selected tool is called (E2B asked)", SIM.e2b_requests() == [("GET", "/sandboxes/nosuch1")],
          SIM.e2b_requests())
    c.close()

    # the kill group still needs its admin switch
    c = stdio(["--tools", "kill"])
    eq("--tools kill without E2B_MCP_ENABLE_KILL: nothing listed", names(c.list_tools()), [])
    SIM.clear()
    off_error("--tools kill without E2B_MCP_ENABLE_KILL", c.call("e2b_kill_sandbox", {"sandbox_id": "x1"}),
              "E2B_MCP_ENABLE_KILL=1")
    _, err, _ = c.close()
    contains("--tools kill without E2B_MCP_ENABLE_KILL: said at start", err.decode(), "E2B_MCP_ENABLE_KILL=1")
    c = stdio(["--tools", "kill"], {"E2B_MCP_ENABLE_KILL": "1"})
    eq("--tools kill with E2B_MCP_ENABLE_KILL=1: the kill group (kill, snapshot deletion)", names(c.list_tools()), KILL)
    c.close()

    # the flag wins over the environment
    c = stdio(["--tools", "read"], {"E2B_MCP_TOOLS": "write"})
    eq("--tools read with E2B_MCP_TOOLS=write: the flag wins", names(c.list_tools()), READ)
    c.close()
    c = stdio(extra={"E2B_MCP_TOOLS": "e2b_list_templates,e2b_list_sandboxes"})
    eq("E2B_MCP_TOOLS of two names: those two, in the table's order", names(c.list_tools()),
       ["e2b_list_sandboxes", "e2b_list_templates"])
    c.close()

    # --read-only and --tools together: the read part of the selection
    c = stdio(["--read-only", "--tools", "e2b_get_sandbox,e2b_create_sandbox"])
    eq("--read-only --tools get,create: get alone", names(c.list_tools()), ["e2b_get_sandbox"])
    SIM.clear()
    off_error("--read-only --tools with create, e2b_create_sandbox", c.call("e2b_create_sandbox", {}), "read-only")
    c.close()

    # a typo is refused at start, naming it and every valid name and group
    for label, args, extra in (("--tools", ["--tools", "read,e2b_list_sandboxs"], None),
                               ("E2B_MCP_TOOLS", [], {"E2B_MCP_TOOLS": "reads"}),
                               ("--tools with --http", ["--http", "127.0.0.1:0", "--tools", "e2b_kil_sandbox"], None)):
        p = subprocess.run([BIN] + args, env=server_env(SIM.port, extra=extra), input=b"", capture_output=True, timeout=10)
        bad = (args[-1].split(",")[-1] if args else extra["E2B_MCP_TOOLS"])
        err = p.stderr.decode()
        check("a typo in %s: the server stops at start with exit 2 and says nothing on stdout" % label,
              p.returncode == 2 and p.stdout == b"" and "listening" not in err, (p.returncode, p.stdout, err))
        contains("a typo in %s: the message names it and lists the valid names and groups" % label, err,
                 "'%s'" % bad, "read, write, kill, default, all", *ORDER)


def t_http():
    extra = {"E2B_MCP_TOOLS": "read,kill", "E2B_MCP_ENABLE_KILL": "1"}
    port, p = start_http(BIN, server_env(SIM.port, extra=extra))
    s = HttpSession(port)
    eq("HTTP, E2B_MCP_TOOLS=read,kill: the read and kill groups, in the table's order", names(s.list_tools()),
       [n for n in ORDER if n in READ or n in KILL])
    SIM.clear()
    off_error("HTTP, e2b_create_sandbox left out", s.call("tools/call", {"name": "e2b_create_sandbox", "arguments": {}}).events()[-1],
              "group, write")
    # a 2026-07-28 (stateless) client is told the same
    SIM.clear()
    h = {"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "e2b_pause_sandbox"}
    meta = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}
    r = request(port, "POST", rpc(3, "tools/call", {"name": "e2b_pause_sandbox", "arguments": {"sandbox_id": "x1"}, "_meta": meta}), h)
    off_error("HTTP 2026-07-28, e2b_pause_sandbox left out", r.json() if r.body.strip().startswith("{") else r.events()[-1],
              "group, write")
    stop(p)

    # the same configuration on two replicas (the groups in another order on the second): the same list
    lists = []
    for spec in ("read,kill", "kill , read"):
        port, p = start_http(BIN, server_env(SIM.port, extra={"E2B_MCP_TOOLS": spec, "E2B_MCP_ENABLE_KILL": "1"}))
        r = request(port, "POST", rpc(5, "tools/list", {"_meta": meta}), {"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/list"})
        lists.append(r.body)
        stop(p)
    check("two replicas with the same selection list the same tools, byte for byte (2026-07-28, cacheScope public)",
          lists[0] == lists[1] and '"name":"e2b_kill_sandbox"' in lists[0] and '"name":"e2b_create_sandbox"' not in lists[0], lists)

    # --read-only over HTTP
    port, p = start_http_args(["--read-only"], server_env(SIM.port))
    s = HttpSession(port)
    eq("HTTP --read-only: the default set's read tools", names(s.list_tools()), READ_DEFAULT)
    SIM.clear()
    off_error("HTTP --read-only, e2b_resume_sandbox", s.call("tools/call", {"name": "e2b_resume_sandbox", "arguments": {"sandbox_id": "x1"}}).events()[-1],
              "read-only")
    SIM.clear()
    r = s.call("tools/call", {"name": "e2b_list_templates", "arguments": {}}).events()[-1]
    check("HTTP --read-only: a read tool is called", "result" in r and not r["result"].get("isError")
          and SIM.e2b_requests() == [("GET", "/v2/templates")], (r, SIM.e2b_requests()))
    stop(p)


def start_http_args(args, env):
    """start_http with flags after --http (the binary takes them in any order)."""
    import subprocess as sp
    import threading
    import time
    p = track(sp.Popen([BIN, "--http", "127.0.0.1:0"] + args, stdin=sp.DEVNULL, stdout=sp.DEVNULL,
                           stderr=sp.PIPE, env=env))
    deadline = time.time() + 10
    while time.time() < deadline:
        line = p.stderr.readline().decode()
        if "listening on" in line:
            threading.Thread(target=lambda: [None for _ in iter(lambda: p.stderr.read(4096), b"")], daemon=True).start()
            return int(line.rsplit(":", 1)[1].split("/")[0]), p
        if not line and p.poll() is not None:
            break
    raise RuntimeError("--http %s did not start" % args)


def main():
    global SIM
    SIM = Sim.start()
    t_stdio()
    t_http()


if __name__ == "__main__":
    run(main)
