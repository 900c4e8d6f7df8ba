#!/usr/bin/env python3
"""make demo: a scripted MCP session with build/e2b-mcp against the local E2B simulator.

It starts tests/sim/e2b-sim on a free loopback port, runs the server over stdio as an MCP client
would, asks what a user would ask, prints each tool call and a readable answer, and stops both.
Python 3 standard library only.  Usage: scripts/demo.py [--bin build/e2b-mcp]
"""
import argparse
import calendar
import json
import os
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
from sim import KEY as DEFAULT_KEY, Sim, server_env  # noqa: E402
from mcp import McpClient, result_json, result_text  # noqa: E402

COLOR = sys.stdout.isatty() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"
UTF8 = (sys.stdout.encoding or "").lower().replace("-", "") == "utf8"
ARROW = "→" if UTF8 else "->"
DOT = "•" if UTF8 else "*"
CHECK = "✓" if UTF8 else "ok"


def sgr(code, s):
    return "\033[%sm%s\033[0m" % (code, s) if COLOR else s


def bold(s): return sgr("1", s)
def dim(s): return sgr("2", s)
def cyan(s): return sgr("36", s)
def green(s): return sgr("32", s)
def yellow(s): return sgr("33", s)
def red(s): return sgr("31", s)


def out(s=""):
    print(s, flush=True)


def parse_time(s):
    """RFC 3339 (UTC, as the API gives it) -> Unix seconds."""
    return calendar.timegm(time.strptime(s[:19], "%Y-%m-%dT%H:%M:%S"))


def clock(ts):
    return time.strftime("%H:%M:%S", time.gmtime(ts))


def span(seconds):
    seconds = int(round(seconds))
    past = seconds < 0
    seconds = abs(seconds)
    if seconds < 90:
        text = "%d s" % seconds
    elif seconds < 90 * 60:
        text = "%d min" % round(seconds / 60.0)
    elif seconds < 48 * 3600:
        h, m = divmod(round(seconds / 60.0), 60)
        text = "%d h %02d min" % (h, m)
    else:
        text = "%d days" % round(seconds / 86400.0)
    return ("%s ago" % text) if past else ("in %s" % text)


def table(headers, rows, indent="   "):
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows)] if rows else [len(h) for h in headers]
    out(indent + dim("  ".join(h.ljust(w) for h, w in zip(headers, widths)).rstrip()))
    for r in rows:
        out(indent + "  ".join(str(x).ljust(w) for x, w in zip(r, widths)).rstrip())


class Demo:
    def __init__(self, cli):
        self.cli = cli
        self.step = 0

    def ask(self, question):
        self.step += 1
        out()
        out(bold("%d. " % self.step) + bold(yellow('"%s"' % question)))

    def call(self, name, args):
        shown = json.dumps(args, ensure_ascii=False) if args else "{}"
        out("   %s %s %s" % (cyan(ARROW), cyan(bold(name)), dim(shown)))
        asked = len(self.cli.elicitations)
        res = self.cli.call_tool(name, args, timeout=30)
        for e in self.cli.elicitations[asked:]:
            out("   %s %s" % (dim("? the server asks the user:"), dim(e.get("message", ""))))
            out("     %s" % green(CHECK + " approved (scripted answer)"))
        if res.get("isError"):
            out("   " + red("error: ") + result_text(res))
            return None
        return result_json(res)


def template_name(sb):
    return sb.get("alias") or sb.get("templateID", "?")


def run(binary, sim):
    env = server_env(sim.url, DEFAULT_KEY)
    cli = McpClient([binary], env=env, elicit={"action": "accept", "content": {"confirm": True}})
    try:
        init = cli.initialize("2025-11-25", capabilities={"elicitation": {"form": {}}})["result"]
        tools = cli.list_tools()
        si = init["serverInfo"]
        out("%s %s %s, MCP %s, %d tools; E2B API: the simulator at %s" % (
            green(CHECK), bold(si["name"]), si["version"], init["protocolVersion"], len(tools), sim.url))
        d = Demo(cli)
        now = time.time()

        # 1. what is running
        d.ask("Which sandboxes are running, with which template, and when do they end?")
        r = d.call("e2b_list_sandboxes", {"state": ["running"]})
        if r is not None:
            rows = sorted(r["data"], key=lambda s: s["endAt"])
            table(["SANDBOX", "TEMPLATE", "ENDS (UTC)", "", "METADATA"],
                  [[s["sandboxID"], template_name(s), clock(parse_time(s["endAt"])), span(parse_time(s["endAt"]) - now),
                    ", ".join("%s=%s" % kv for kv in sorted((s.get("metadata") or {}).items())) or "-"] for s in rows])
            out("   %d running (E2B counts %s)." % (len(rows), r.get("total_running", "?")))

        # 2. start one
        d.ask("Start a code-interpreter-v1 sandbox for 10 minutes with metadata user=demo.")
        r = d.call("e2b_create_sandbox", {"template_id": "code-interpreter-v1", "timeout": 600, "metadata": {"user": "demo"}})
        if r is not None:
            out("   Started %s from code-interpreter-v1 (template %s, envd %s). It ends at %s UTC, %s, "
                "unless paused or extended." % (bold(r["sandboxID"]), r.get("templateID"), r.get("envdVersion", "?"),
                                                clock(time.time() + r.get("timeout", 600)), span(r.get("timeout", 600))))

        # 3. why did it fail: the user picks one of the server's prompts (a slash command in the client), the
        # client gets its messages and the model carries out the tools they name
        target = "ialiceprod00000000001"
        prompts = cli.request("prompts/list").get("result", {}).get("prompts", [])
        d.ask("/e2b_why_failed sandbox_id=%s" % target)
        out("   %s %s %s" % (dim("the user picked a prompt (one of %d: %s):" % (len(prompts), ", ".join(p["name"] for p in prompts))),
                             cyan(bold("prompts/get e2b_why_failed")), dim(json.dumps({"sandbox_id": target}))))
        got = cli.request("prompts/get", {"name": "e2b_why_failed", "arguments": {"sandbox_id": target}})
        for m in got.get("result", {}).get("messages", []):
            for line in m.get("content", {}).get("text", "").splitlines():
                out("   " + dim("| " + line))
        if "error" in got:
            out("   " + red("error: ") + got["error"].get("message", ""))
        r = d.call("e2b_get_sandbox_logs", {"sandbox_id": target, "level": "error", "direction": "backward", "limit": 6})
        if r is not None:
            if not r["data"]:
                out("   No errors logged.")
            for e in r["data"]:
                out("   %s  %s  %s" % (dim(clock(parse_time(e["timestamp"]))), red(e["level"].upper().ljust(5)), e["message"]))
            if r.get("next_cursor"):
                out(dim("   (newest first; older entries: pass cursor=%d)" % r["next_cursor"]))

        # 4. CPU and memory
        d.ask("How much CPU and memory did it use?")
        r = d.call("e2b_get_sandbox_metrics", {"sandbox_id": target})
        if r is not None and r.get("summary"):
            sm = r["summary"]   # the server sums the series up; the model need not
            mib = 1024.0 * 1024.0
            step = (r["data"][1]["timestampUnix"] - r["data"][0]["timestampUnix"]) if len(r["data"]) > 1 else 0
            out("   %d samples from %s to %s UTC (every %d s), %d vCPU:" % (sm["samples"], clock(sm["from"]), clock(sm["to"]), step, sm["cpuCount"]))
            out("   %s CPU     peak %s, average %.1f %%" % (DOT, bold("%.1f %%" % sm["cpuUsedPctMax"]), sm["cpuUsedPctAvg"]))
            out("   %s memory  peak %s of %.0f MiB (%.0f %%)" % (
                DOT, bold("%.0f MiB" % (sm["memUsedMax"] / mib)), sm["memTotal"] / mib, 100.0 * sm["memUsedMax"] / sm["memTotal"]))
            out("   %s disk    peak %.1f GiB of %.1f GiB" % (DOT, sm["diskUsedMax"] / mib / 1024, sm["diskTotal"] / mib / 1024))
        elif r is not None:
            out("   No samples yet.")

        # 5. pause the staging ones
        d.ask("Pause every running sandbox with metadata app=staging.")
        r = d.call("e2b_list_sandboxes", {"state": ["running"], "metadata": {"app": "staging"}})
        paused = 0
        if r is not None:
            out("   %d match: %s" % (len(r["data"]), ", ".join("%s (%s)" % (s["sandboxID"], template_name(s)) for s in r["data"])))
            for s in r["data"]:
                p = d.call("e2b_pause_sandbox", {"sandbox_id": s["sandboxID"]})
                if p is not None:
                    paused += 1
                    out("   %s %s is paused: compute billing stopped, resume it with e2b_resume_sandbox." % (
                        green(CHECK), s["sandboxID"]))
        r = d.call("e2b_list_sandboxes", {"state": ["running"]})
        if r is not None:
            out("   Done: %d paused; %d sandboxes still running: %s." % (
                paused, len(r["data"]), ", ".join(s["sandboxID"] for s in r["data"])))
    finally:
        _, err, rc = cli.close()
    reqs = sim.requests()
    keyed = sum(1 for q in reqs if q["headers"].get("x-api-key") == DEFAULT_KEY)
    leaked = DEFAULT_KEY.encode() in b"".join(cli.raw_out) + err
    out()
    out(dim("The simulator received %d API requests (%d with the X-API-Key header); the key appears %s in the "
            "server's output." % (len(reqs), keyed, "ONCE OR MORE" if leaked else "nowhere")))
    return 1 if leaked or keyed != len(reqs) else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "e2b-mcp"))
    a = ap.parse_args()
    if not os.path.exists(a.bin):
        sys.stderr.write("demo: %s not found; run make first\n" % a.bin)
        return 2
    out(bold("e2b-mcp demo") + dim(" - an MCP client talking to build/e2b-mcp over stdio; the E2B API is the "
                                 "local simulator (tests/sim/e2b-sim), nothing leaves this machine."))
    sim = Sim.start()
    try:
        return run(a.bin, sim)
    finally:
        sim.stop()


if __name__ == "__main__":
    sys.exit(main())
