"""The MCP inspector CLI (@modelcontextprotocol/inspector, Node 22, under build/npm) lists
the tools of build/e2b-mcp and calls e2b_list_sandboxes against the simulator: over stdio,
over --http, and over --http with a bearer token; then with --protocol-era modern
(2026-07-28: server/discover and per-request _meta, no initialize) over stdio, where a
wrapper records what the inspector sent, and over --http. Over stdio, --http and --http
modern it also lists E2B's prompts and gets one, lists the resources and templates and
reads a list and a sandbox's logs."""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import report  # noqa: E402
from report import check  # noqa: E402
from sim import BUILD, KEY, Sim, server_env, stop  # noqa: E402
from mcp import McpClient, start_http  # noqa: E402

SIM = None   # the simulator (main)
TOOLS = []   # the tool names build/e2b-mcp lists (main)

NODE_BIN = os.path.join(BUILD, "npm", "node22", "node_modules", "node", "bin")
INSPECTOR = os.path.join(BUILD, "npm", "inspector", "node_modules", ".bin", "mcp-inspector")
E2B_MCP = os.path.join(BUILD, "e2b-mcp")
TOKEN = "insp-token-0123456789"


def inspector(args):
    env = dict(os.environ)
    env["PATH"] = NODE_BIN + os.pathsep + env.get("PATH", "")
    env["MCP_CATALOG_PATH"] = os.path.join(BUILD, "npm", "inspector", "catalog.json")
    p = subprocess.run([INSPECTOR, "--cli"] + args, capture_output=True, env=env, timeout=120,
                       cwd=os.path.join(BUILD, "npm", "inspector"))
    out = p.stdout.decode()
    try:
        data = json.loads(out)
    except ValueError:
        data = None
    return p.returncode, data, out + p.stderr.decode()


def tool_names(data):
    return sorted(t["name"] for t in (data or {}).get("tools", []))


def list_ok(rc, data, text, sim_port, label):
    names = tool_names(data)
    check("%s: tools/list exits 0 and lists the tools the server lists to our own client" % label,
          rc == 0 and names == TOOLS, text)
    check("%s: e2b_kill_sandbox is not listed without E2B_MCP_ENABLE_KILL" % label, "e2b_kill_sandbox" not in names, names)


def call_ok(rc, data, text, sim_port, label):
    sc = (data or {}).get("structuredContent") or {}
    check("%s: tools/call e2b_list_sandboxes exits 0 with sandboxes from the simulator" % label,
          rc == 0 and not data.get("isError") and isinstance(sc.get("data"), list) and len(sc["data"]) > 0, text)
    reqs = SIM.requests()
    check("%s: the simulator saw GET /v2/sandboxes with the key" % label,
          any(r["method"] == "GET" and r["path"] == "/v2/sandboxes" and r["headers"].get("x-api-key") == KEY for r in reqs),
          reqs[-3:])
    SIM.clear()


# the default tool set's (fork and team usage bring their prompts, events its resources)
PROMPTS = sorted(["e2b_audit_sandboxes", "e2b_whats_running", "e2b_why_failed", "e2b_sandbox_usage", "e2b_pause_by_metadata",
                  "e2b_start_sandbox", "e2b_fork_and_try", "e2b_weekly_usage_review"])
RESOURCES = ["e2b://sandboxes", "e2b://templates", "e2b://default-templates", "e2b://snapshots", "e2b://events"]
TEMPLATES = ["e2b://sandboxes/{sandboxID}", "e2b://sandboxes/{sandboxID}/logs", "e2b://sandboxes/{sandboxID}/metrics",
             "e2b://sandboxes/{sandboxID}/events", "e2b://templates/{templateID}"]


def surface_ok(target, label):
    """prompts/list and one get, resources/list, resources/templates/list and one read of each kind."""
    rc, data, text = inspector(target + ["--method", "prompts/list"])
    names = sorted(p["name"] for p in (data or {}).get("prompts", []))
    check("%s: prompts/list exits 0 and lists E2B's prompts" % label, rc == 0 and names == PROMPTS, text[-600:])
    rc, data, text = inspector(target + ["--method", "prompts/get", "--prompt-name", "e2b_why_failed", "--prompt-args",
                                         "sandbox_id=isbx0001"])
    msgs = (data or {}).get("messages") or [{}]
    said = (msgs[0].get("content") or {}).get("text", "")
    check("%s: prompts/get e2b_why_failed: a user message naming its tools and the sandbox" % label,
          rc == 0 and msgs[0].get("role") == "user" and "e2b_get_sandbox_logs" in said and "isbx0001" in said, text[-600:])
    rc, data, text = inspector(target + ["--method", "resources/list"])
    check("%s: resources/list exits 0 and lists E2B's resources" % label,
          rc == 0 and [r["uri"] for r in (data or {}).get("resources", [])] == RESOURCES, text[-600:])
    rc, data, text = inspector(target + ["--method", "resources/templates/list"])
    check("%s: resources/templates/list exits 0 and lists E2B's templates" % label,
          rc == 0 and [t["uriTemplate"] for t in (data or {}).get("resourceTemplates", [])] == TEMPLATES, text[-600:])
    rc, data, text = inspector(target + ["--method", "resources/read", "--uri", "e2b://sandboxes"])
    try:
        live = json.loads(((data or {}).get("contents") or [{}])[0].get("text", ""))["data"]
    except (ValueError, KeyError, TypeError):
        live = []
    check("%s: resources/read e2b://sandboxes: the running sandboxes from the simulator" % label, rc == 0 and len(live) > 0, text[-600:])
    if live:
        uri = "e2b://sandboxes/%s/logs" % live[0]["sandboxID"]
        rc, data, text = inspector(target + ["--method", "resources/read", "--uri", uri])
        c = ((data or {}).get("contents") or [{}])[0]
        check("%s: resources/read %s: its logs as JSON" % (label, uri),
              rc == 0 and c.get("uri") == uri and c.get("mimeType") == "application/json" and '"data"' in c.get("text", ""), text[-600:])
    SIM.clear()


def main():
    global SIM
    SIM = Sim.start()
    sim_port = SIM.port
    c = McpClient([E2B_MCP], server_env(sim_port))
    c.initialize()
    TOOLS[:] = sorted(t["name"] for t in c.list_tools())
    c.close()
    c = McpClient([E2B_MCP], server_env(sim_port, extra={"E2B_MCP_ENABLE_KILL": "1"}))
    c.initialize()
    all_tools = len(c.list_tools())   # every tool, kill included: what --strict must see
    c.close()
    env_args = []
    for k, v in server_env(sim_port).items():
        if k.startswith("E2B_"):
            env_args += ["-e", "%s=%s" % (k, v)]

    # stdio: the inspector starts build/e2b-mcp itself
    rc, data, text = inspector([E2B_MCP] + env_args + ["--method", "tools/list"])
    list_ok(rc, data, text, sim_port, "stdio")
    SIM.clear()
    rc, data, text = inspector([E2B_MCP] + env_args + ["--method", "tools/call", "--tool-name", "e2b_list_sandboxes"])
    call_ok(rc, data, text, sim_port, "stdio")
    surface_ok([E2B_MCP] + env_args, "stdio")
    # --strict: the inspector's schema portability lint, in full, over every tool (kill included)
    rc, data, text = inspector([E2B_MCP] + env_args + ["-e", "E2B_MCP_ENABLE_KILL=1", "--method", "tools/list", "--strict"])
    check("stdio --strict: tools/list of all %d tools has no schema portability finding" % all_tools,
          rc == 0 and len(tool_names(data)) == all_tools and all_tools > len(TOOLS) and "Warning" not in text and "Error:" not in text
          and "portability" not in text, text[-1500:])

    # --http on loopback, no token
    port, proc = start_http(E2B_MCP, server_env(sim_port))
    url = "http://127.0.0.1:%d/mcp" % port
    rc, data, text = inspector([url, "--transport", "http", "--method", "tools/list"])
    list_ok(rc, data, text, sim_port, "http")
    rc, data, text = inspector([url, "--transport", "http", "--method", "tools/call", "--tool-name", "e2b_list_sandboxes"])
    call_ok(rc, data, text, sim_port, "http")
    surface_ok([url, "--transport", "http"], "http")
    stop(proc)

    # --http with a bearer token: the inspector sends it as a header
    port, proc = start_http(E2B_MCP, server_env(sim_port, extra={"E2B_MCP_HTTP_TOKEN": TOKEN}))
    url = "http://127.0.0.1:%d/mcp" % port
    rc, data, text = inspector([url, "--transport", "http", "--header", "Authorization: Bearer " + TOKEN,
                                "--method", "tools/call", "--tool-name", "e2b_list_sandboxes"])
    call_ok(rc, data, text, sim_port, "http+token")
    rc, data, text = inspector([url, "--transport", "http", "--method", "tools/list"])
    check("http+token: without the token the inspector is refused", rc != 0 and not tool_names(data), text[-300:])
    stop(proc)

    # --protocol-era modern over stdio, through a wrapper that keeps a copy of stdin
    log = os.path.join(BUILD, "inspector-modern-%d.log" % os.getpid())
    wrapper = os.path.join(BUILD, "inspector-modern-%d.sh" % os.getpid())
    with open(wrapper, "w") as f:
        f.write('#!/bin/sh\ntee -a "%s" | exec "%s"\n' % (log, E2B_MCP))
    os.chmod(wrapper, 0o755)
    rc, data, text = inspector([wrapper] + env_args + ["--protocol-era", "modern", "--method", "tools/list"])
    list_ok(rc, data, text, sim_port, "stdio modern")
    SIM.clear()
    rc, data, text = inspector([wrapper] + env_args + ["--protocol-era", "modern", "--method", "tools/call",
                                                      "--tool-name", "e2b_list_sandboxes"])
    call_ok(rc, data, text, sim_port, "stdio modern")
    sent = []
    with open(log) as f:
        for line in f:
            try:
                sent.append(json.loads(line))
            except ValueError:
                pass
    os.unlink(wrapper)
    os.unlink(log)
    methods = [m.get("method") for m in sent]
    check("stdio modern: the inspector used server/discover and never initialize",
          "server/discover" in methods and "initialize" not in methods, methods)
    calls = [m for m in sent if m.get("method") in ("tools/list", "tools/call")]
    check("stdio modern: each request carried _meta with protocolVersion 2026-07-28",
          calls and all(m.get("params", {}).get("_meta", {}).get("io.modelcontextprotocol/protocolVersion") == "2026-07-28"
                        for m in calls), calls[:2])

    # --protocol-era modern over --http
    port, proc = start_http(E2B_MCP, server_env(sim_port))
    url = "http://127.0.0.1:%d/mcp" % port
    rc, data, text = inspector([url, "--transport", "http", "--protocol-era", "modern", "--method", "tools/list"])
    list_ok(rc, data, text, sim_port, "http modern")
    SIM.clear()
    rc, data, text = inspector([url, "--transport", "http", "--protocol-era", "modern", "--method", "tools/call",
                                "--tool-name", "e2b_list_sandboxes"])
    call_ok(rc, data, text, sim_port, "http modern")
    surface_ok([url, "--transport", "http", "--protocol-era", "modern"], "http modern")
    stop(proc)


if __name__ == "__main__":
    report.run(main)
