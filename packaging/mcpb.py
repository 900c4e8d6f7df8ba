#!/usr/bin/env python3
"""Writes the MCP bundle directories (.mcpb: a zip of manifest.json and the server binary) that
`make mcpb` packs with the official @anthropic-ai/mcpb tool, one per platform:

    packaging/mcpb.py OUT_DIR VERSION LINUX_BINARY WINDOWS_EXE

OUT_DIR/linux-x64/ and OUT_DIR/win32-x64/ each get manifest.json and server/ with the binary.
The manifest's tool list is the server's own: it is read from the Linux binary's tools/list
over stdio (with every tool switched on), so the bundle never names a tool the server lacks.
A macOS bundle is the same manifest with "darwin" and a binary built on a Mac (not done here)."""
import json
import os
import shutil
import subprocess
import sys

USER_CONFIG = {
    "e2b_api_key": {
        "type": "string", "title": "E2B API key", "sensitive": True, "required": True,
        "description": "Your team's API key (e2b_...), from https://e2b.dev/dashboard?tab=keys. "
                       "It is only ever sent to E2B's API.",
    },
    "read_only": {
        "type": "boolean", "title": "Read only", "default": False, "required": False,
        "description": "Offer only the tools that spend nothing and change nothing (list, get, logs, metrics, "
                       "templates, builds, snapshots, usage, events).",
    },
    "tools": {
        "type": "string", "title": "Tools", "default": "", "required": False,
        "description": "Which tools to offer, comma-separated names or groups: read, write (starts, bills or changes a "
                       "sandbox), kill, default, all. Empty: the default set (all but network rules, snapshot deletion, "
                       "batch metrics, volumes, secrets and template builds).",
    },
    "enable_kill": {
        "type": "boolean", "title": "Allow killing sandboxes", "default": False, "required": False,
        "description": "Offer e2b_kill_sandbox, which destroys a sandbox and its data, and e2b_delete_snapshot (the "
                       "server still asks before each one when the client can ask).",
    },
    "e2b_domain": {
        "type": "string", "title": "E2B domain", "default": "e2b.app", "required": False,
        "description": "Where E2B's API lives (api.<domain>); change it only for a self-hosted E2B.",
    },
}


def tools_of(binary):
    """[{name, description}] from the server's tools/list (the first sentence of each description)."""
    env = dict(os.environ, E2B_MCP_ENABLE_KILL="1", E2B_API_KEY="")
    msgs = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "mcpb.py", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
    ]
    out = subprocess.run([binary], input="".join(json.dumps(m) + "\n" for m in msgs), capture_output=True,
                         text=True, env=env, timeout=30).stdout
    for line in out.splitlines():
        m = json.loads(line)
        if m.get("id") == 2:
            return [{"name": t["name"], "description": t["description"].split(". ")[0].rstrip(".") + "."}
                    for t in m["result"]["tools"]]
    raise SystemExit("mcpb.py: %s gave no tools/list answer" % binary)


def manifest(version, platform, exe, tools):
    return {
        "manifest_version": "0.3",
        "name": "e2b-mcp",
        "display_name": "E2B sandboxes",
        "version": version,
        "description": "See and manage your E2B sandboxes: list, start, inspect, pause, resume and extend them, "
                       "read their logs and metrics, browse templates, builds and snapshots.",
        "long_description": "An MCP server for E2B's cloud sandboxes, in one small native binary with nothing to "
                            "install. It asks before anything that costs money or cannot be undone, never shows "
                            "your key or a sandbox's access token, waits when E2B says to slow down, and kills "
                            "sandboxes only when you switch that on. It does not run code inside sandboxes.",
        "author": {"name": "the e2b_mcp.h authors"},
        "license": "MIT",
        "keywords": ["e2b", "sandbox", "cloud", "agents", "microvm"],
        "server": {
            "type": "binary",
            "entry_point": "server/" + exe,
            "mcp_config": {
                "command": "${__dirname}/server/" + exe,
                "args": [],
                "env": {
                    "E2B_API_KEY": "${user_config.e2b_api_key}",
                    "E2B_MCP_READ_ONLY": "${user_config.read_only}",
                    "E2B_MCP_TOOLS": "${user_config.tools}",
                    "E2B_MCP_ENABLE_KILL": "${user_config.enable_kill}",
                    "E2B_DOMAIN": "${user_config.e2b_domain}",
                },
            },
        },
        "tools": tools,
        "compatibility": {"platforms": [platform]},
        "user_config": USER_CONFIG,
    }


def main():
    out, version, linux_bin, win_exe = sys.argv[1:5]
    tools = tools_of(linux_bin)
    for platform, src, exe in (("linux", linux_bin, "e2b-mcp"), ("win32", win_exe, "e2b-mcp.exe")):
        d = os.path.join(out, platform + "-x64")
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(os.path.join(d, "server"))
        shutil.copy2(src, os.path.join(d, "server", exe))
        os.chmod(os.path.join(d, "server", exe), 0o755)
        with open(os.path.join(d, "manifest.json"), "w") as f:
            json.dump(manifest(version, platform, exe, tools), f, indent=2)
            f.write("\n")
        print(d)


if __name__ == "__main__":
    main()
