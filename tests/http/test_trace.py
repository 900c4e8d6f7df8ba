"""Trace context (SEP-414) through build/e2b-mcp --http to the simulator: a tools/call whose
params._meta carries a W3C traceparent has it sent on to E2B as the traceparent header of the
request it causes, and written into its audit line (E2B_MCP_AUDIT_LOG). Checked on a 2026-07-28
call (no session) and on a 2025-11-25 session's; a call without one sends none and audits null;
malformed ones (upper case, a zero trace-id or parent-id, version ff, a wrong length, one with a
line break that would add a header of its own, a number) are neither sent nor audited, and the call
still runs."""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from report import at_exit, check, eq, run  # noqa: E402
from sim import BUILD, Sim, server_env, stop  # noqa: E402
from mcp import HttpSession, request, rpc, start_http  # noqa: E402

BIN = os.path.join(BUILD, "e2b-mcp")
MODERN = "2026-07-28"
SBX = "ialiceprod00000000001"
GOOD = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"


def modern_call(port, rid, name, args, meta_extra):
    meta = {"io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientCapabilities": {}}
    meta.update(meta_extra)
    h = {"MCP-Protocol-Version": MODERN, "Mcp-Method": "tools/call", "Mcp-Name": name}
    return request(port, "POST", rpc(rid, "tools/call", {"name": name, "arguments": args, "_meta": meta}), h)


def header(req, name):
    """The value of a header the simulator recorded (any case), or None."""
    vals = [v for k, v in req["headers"].items() if k.lower() == name]
    return vals[0] if vals else None


def e2b_only(sim):
    return [r for r in sim.requests() if not r["path"].startswith("/_sim")]


def audit_lines(path):
    with open(path) as f:
        return [json.loads(l) for l in f if l.strip()]


def main():
    sim = Sim.start()
    log = os.path.join(BUILD, "trace-audit-%d.log" % os.getpid())
    if os.path.exists(log):
        os.unlink(log)
    at_exit(lambda: os.path.exists(log) and os.unlink(log))
    port, p = start_http(BIN, server_env(sim.port, extra={"E2B_MCP_AUDIT_LOG": log, "E2B_MCP_AUDIT_READS": "1"}))
    at_exit(lambda: stop(p))

    # a 2026-07-28 call with a traceparent
    sim.clear()
    r = modern_call(port, 1, "e2b_get_sandbox", {"sandbox_id": SBX}, {"traceparent": GOOD, "tracestate": "vendor=x"})
    res = r.events()[-1].get("result", {})
    check("2026-07-28: the call with a traceparent is answered", r.status == 200 and not res.get("isError"), r.body[:300])
    reqs = e2b_only(sim)
    eq("2026-07-28: one request reached E2B", [(q["method"], q["path"]) for q in reqs], [("GET", "/sandboxes/" + SBX)])
    eq("2026-07-28: E2B got the call's traceparent header", reqs and header(reqs[0], "traceparent"), GOOD)
    lines = audit_lines(log)
    check("2026-07-28: the audit line carries the traceparent",
          lines and lines[-1].get("tool") == "e2b_get_sandbox" and lines[-1].get("traceparent") == GOOD, lines[-1:])

    # a change (a billable call without consent asked: no elicitation capability) keeps it too
    sim.clear()
    tp2 = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00"
    r = modern_call(port, 2, "e2b_set_sandbox_timeout", {"sandbox_id": SBX, "timeout": 600}, {"traceparent": tp2})
    reqs = e2b_only(sim)
    check("2026-07-28: a set-timeout sends its traceparent with the POST it causes",
          len(reqs) == 1 and reqs[0]["method"] == "POST" and header(reqs[0], "traceparent") == tp2, [(q["method"], q["path"], q["headers"]) for q in reqs])
    check("2026-07-28: its audit line carries it", audit_lines(log)[-1].get("traceparent") == tp2, audit_lines(log)[-1:])

    # none: no header, audited null
    sim.clear()
    modern_call(port, 3, "e2b_get_sandbox", {"sandbox_id": SBX}, {})
    reqs = e2b_only(sim)
    check("without a traceparent no traceparent header reaches E2B", len(reqs) == 1 and header(reqs[0], "traceparent") is None,
          reqs and reqs[0]["headers"])
    last = audit_lines(log)[-1]
    check("without a traceparent the audit line says null", "traceparent" in last and last["traceparent"] is None, last)

    # malformed ones are dropped, the call still runs
    bad = {
        "upper case": GOOD.upper(),
        "zero trace-id": "00-" + "0" * 32 + "-00f067aa0ba902b7-01",
        "zero parent-id": "00-4bf92f3577b34da6a3ce929d0e0e4736-" + "0" * 16 + "-01",
        "version ff": "ff" + GOOD[2:],
        "one character short": GOOD[:-1],
        "a line break and a header": GOOD[:20] + "\r\nX-Evil: 1" + GOOD[31:],
        "a number": 42,
    }
    for what, v in bad.items():
        sim.clear()
        r = modern_call(port, 10, "e2b_get_sandbox", {"sandbox_id": SBX}, {"traceparent": v})
        reqs = e2b_only(sim)
        last = audit_lines(log)[-1]
        check("a malformed traceparent (%s) is not sent on nor audited, and the call runs" % what,
              r.status == 200 and not r.events()[-1]["result"].get("isError") and len(reqs) == 1 and
              header(reqs[0], "traceparent") is None and header(reqs[0], "x-evil") is None and last.get("traceparent") is None,
              (r.status, reqs and reqs[0]["headers"], last))

    # a 2025-11-25 session's call carries it the same way
    s = HttpSession(port)
    sim.clear()
    tp3 = "00-11111111111111111111111111111111-2222222222222222-01"
    r = s.call("tools/call", {"name": "e2b_list_sandboxes", "arguments": {"limit": 3}, "_meta": {"traceparent": tp3}})
    reqs = e2b_only(sim)
    check("2025-11-25: a session's call sends its traceparent on too",
          r.status == 200 and len(reqs) == 1 and header(reqs[0], "traceparent") == tp3, reqs and reqs[0]["headers"])
    check("2025-11-25: and audits it", audit_lines(log)[-1].get("traceparent") == tp3, audit_lines(log)[-1:])
    stop(p)


run(main)
