"""The MCP bundles `make mcpb` built, used as Claude Desktop uses one: each .mcpb is unpacked
with the official @anthropic-ai/mcpb tool, its manifest read, and the server started exactly as
the manifest says (${__dirname} and ${user_config.*} filled in as a client fills them; the .exe
under wine), against the simulator; then one session per bundle: the tools the settings allow,
and a tool call. The only variable added to the manifest's is E2B_API_URL, which points the
server at the simulator instead of api.<domain>.

    python3 tests/packaging/test_mcpb.py MCPB_TOOL BUNDLE..."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import report  # noqa: E402
from report import check  # noqa: E402
from sim import ROOT, Sim  # noqa: E402
from mcp import McpClient  # noqa: E402

READ = {"e2b_list_sandboxes", "e2b_get_sandbox", "e2b_get_sandbox_logs", "e2b_get_sandbox_metrics", "e2b_list_snapshots",
        "e2b_list_default_templates", "e2b_list_templates", "e2b_list_template_builds", "e2b_get_team_usage",
        "e2b_list_events"}   # the default set's read tools


def client_command(manifest, where, settings):
    """The command and environment a client builds from the manifest and the user's settings."""
    cfg = manifest["server"]["mcp_config"]
    values = {k: settings.get(k, spec.get("default", "")) for k, spec in manifest["user_config"].items()}

    def fill(s):
        s = s.replace("${__dirname}", where)
        return re.sub(r"\$\{user_config\.([a-z0-9_]+)\}", lambda m: str(values[m.group(1)]).lower()
                      if isinstance(values[m.group(1)], bool) else str(values[m.group(1)]), s)
    cmd = [fill(cfg["command"])] + [fill(a) for a in cfg.get("args", [])]
    env = {k: v for k, v in os.environ.items() if not k.startswith("E2B_")}
    env.update({k: fill(v) for k, v in cfg.get("env", {}).items()})
    if cmd[0].endswith(".exe"):
        env["WINEPREFIX"] = os.path.join(ROOT, "build", "wine")
        env["WINEDEBUG"] = "-all"
        cmd = ["wine"] + cmd
    return cmd, env


def session(label, cmd, env, sim, key):
    c = McpClient(cmd, env)
    r = c.initialize()
    names = set(t["name"] for t in c.list_tools()) if "result" in r else set()
    res = c.call_tool("e2b_list_sandboxes", {}) if "result" in r else {}
    out, err, code = c.close()
    text = json.dumps(res)
    leaked = key.encode() in out or key.encode() in err
    return names, res, text, leaked


def wine_server(on):
    """A wineserver for the .exe's sessions, detached from every pipe (one a wine process
    started would hold the client's stderr open), and the prefix made once."""
    env = dict(os.environ, WINEPREFIX=os.path.join(ROOT, "build", "wine"), WINEDEBUG="-all")
    quiet = dict(stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, timeout=120)
    if not on:
        subprocess.run(["wineserver", "-k"], **quiet)
        return
    subprocess.run(["wineserver", "-p", "300"], **quiet)
    if not os.path.exists(os.path.join(env["WINEPREFIX"], "system.reg")):
        subprocess.run(["wineboot", "-i"], **quiet)


def main():
    tool, bundles = sys.argv[1], sys.argv[2:]
    wine_server(True)
    sim = Sim.start()
    key = sim.key
    for bundle in bundles:
        label = os.path.basename(bundle)
        where = tempfile.mkdtemp(prefix="mcpb-")
        try:
            u = subprocess.run([tool, "unpack", bundle, where], capture_output=True, text=True, timeout=120)
            check("%s: mcpb unpack" % label, u.returncode == 0 and os.path.exists(os.path.join(where, "manifest.json")),
                  u.stderr[-300:])
            if u.returncode != 0:
                continue
            v = subprocess.run([tool, "validate", os.path.join(where, "manifest.json")], capture_output=True, text=True, timeout=120)
            check("%s: the unpacked manifest validates" % label, v.returncode == 0, (v.stdout + v.stderr)[-300:])
            with open(os.path.join(where, "manifest.json")) as f:
                m = json.load(f)
            exe = os.path.join(where, m["server"]["entry_point"])
            check("%s: the entry point is in the bundle and executable" % label, os.access(exe, os.X_OK), exe)
            check("%s: the API key is a sensitive, required setting" % label,
                  m["user_config"]["e2b_api_key"].get("sensitive") is True and m["user_config"]["e2b_api_key"].get("required") is True)
            # as a user who turned killing on
            cmd, env = client_command(m, where, {"e2b_api_key": key, "enable_kill": True})
            env["E2B_API_URL"] = env["E2B_DASHBOARD_API_URL"] = sim.url
            names, res, text, leaked = session(label, cmd, env, sim, key)
            listed = set(t["name"] for t in m["tools"])
            check("%s: with killing on, the server offers every tool the manifest lists (%d)" % (label, len(listed)),
                  names == listed and "e2b_kill_sandbox" in names, sorted(names ^ listed))
            check("%s: e2b_list_sandboxes answers from E2B" % label,
                  res.get("isError") is False and "sandboxID" in text, text[:300])
            check("%s: the key never reaches stdout or stderr" % label, not leaked)
            # the defaults, then read-only
            cmd, env = client_command(m, where, {"e2b_api_key": key})
            env["E2B_API_URL"] = env["E2B_DASHBOARD_API_URL"] = sim.url
            names, res, text, leaked = session(label, cmd, env, sim, key)
            check("%s: with the default settings, no kill tool" % label, names and "e2b_kill_sandbox" not in names, sorted(names))
            cmd, env = client_command(m, where, {"e2b_api_key": key, "read_only": True})
            env["E2B_API_URL"] = env["E2B_DASHBOARD_API_URL"] = sim.url
            names, res, text, leaked = session(label, cmd, env, sim, key)
            check("%s: read only (the bundle's boolean as \"true\"): the read tools alone" % label, names == READ, sorted(names))
            cmd, env = client_command(m, where, {"e2b_api_key": key, "tools": "e2b_list_sandboxes,write"})
            env["E2B_API_URL"] = env["E2B_DASHBOARD_API_URL"] = sim.url
            names, res, text, leaked = session(label, cmd, env, sim, key)
            check("%s: the tools setting (a name and a group) offers those alone" % label,
                  names == {"e2b_list_sandboxes", "e2b_create_sandbox", "e2b_set_sandbox_timeout", "e2b_pause_sandbox",
                            "e2b_resume_sandbox", "e2b_fork_sandbox", "e2b_create_snapshot", "e2b_set_sandbox_network"},
                  sorted(names))
        finally:
            shutil.rmtree(where, ignore_errors=True)
    sim.stop()
    wine_server(False)


if __name__ == "__main__":
    report.run(main)
