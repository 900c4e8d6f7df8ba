"""Limits per user (issue 35, item 3): a token bucket per principal for tools/call
(E2B_MCP_LIMIT_CALLS) and another for the billable ones (E2B_MCP_LIMIT_BILLABLE).

Over HTTP a call beyond its user's bucket is answered 429 with Retry-After and reaches no
E2B; another user (another E2B key of its own, or another address when nothing else tells who calls) is not
held back; the billable bucket
refuses a second create while reads go on; the audit log notes each refusal
(outcome rate_limited) and /metrics counts them. Over stdio the error's data says when to
call again (retryAfterMs). The bucket fills again at its rate."""
import json
import os
import socket
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from report import check, eq, run  # noqa: E402
from sim import BUILD, KEY, Sim, server_env, stop  # noqa: E402
from seed import KEY2  # noqa: E402
from mcp import HttpSession, McpClient, request, rpc, start_http  # noqa: E402

BIN = os.path.join(BUILD, "e2b-mcp")


def lists(sim):
    return len([x for x in sim.requests() if x["method"] == "GET" and x["path"].startswith("/v2/sandboxes")])


def creates(sim):
    return len([x for x in sim.requests() if x["method"] == "POST" and x["path"].rstrip("/").endswith("/sandboxes")])


def metric(port, reason):
    for line in request(port, "GET", path="/metrics").body.splitlines():
        if line.startswith('e2b_mcp_calls_refused_total{reason="%s"}' % reason):
            return float(line.split()[-1])


def main():
    sim = Sim.start()
    log = tempfile.NamedTemporaryFile(prefix="ops-limits-", suffix=".log", dir=BUILD, delete=False).name
    try:
        # one user (a static setup: everyone alike), 6 calls a minute, 3 at once
        port, p = start_http(BIN, server_env(sim.port, extra={"E2B_MCP_LIMIT_CALLS": "6:3", "E2B_MCP_AUDIT_LOG": log,
                                                              "E2B_MCP_AUDIT_READS": "1"}))
        s = HttpSession(port)
        sim.clear()
        got = [s.call("tools/call", {"name": "e2b_list_sandboxes", "arguments": {}}).status for _ in range(3)]
        eq("three calls within the burst: answered", got, [200, 200, 200])
        r = s.call("tools/call", {"name": "e2b_list_sandboxes", "arguments": {}})
        ra = int(r.headers.get("retry-after", "0") or 0)
        check("the fourth: 429 with Retry-After (1 to 10 s at 6 a minute)", r.status == 429 and 1 <= ra <= 10,
              (r.status, r.headers, r.body[:200]))
        body = json.loads(r.body) if r.body else {}
        check("... its JSON-RPC error says the limit and that nothing was sent", "6 a minute" in body.get("error", {}).get("message", "")
              and "nothing was sent to E2B" in body["error"]["message"], body)
        eq("E2B saw three lists", lists(sim), 3)
        # no identity of its own (no token subject, no E2B key of its own): its address is who it is
        other = socket.socket()
        other.settimeout(10)
        other.bind(("127.0.0.2", 0))
        other.connect(("127.0.0.1", port))
        r = s.post(rpc(90, "tools/call", {"name": "e2b_list_sandboxes", "arguments": {}}), sock=other)
        other.close()
        check("another address (127.0.0.2) is not held back by the first one's bucket", r.status == 200, r.status)
        eq("... and its call reached E2B", lists(sim), 4)
        check("tools/list is not limited", s.call("tools/list").status == 200)
        eq("metrics: one refusal for the rate limit", metric(port, "rate_limit"), 1.0)
        time.sleep(10.2)
        r = s.call("tools/call", {"name": "e2b_list_sandboxes", "arguments": {}})
        eq("ten seconds later the bucket holds a call again", r.status, 200)
        stop(p)
        with open(log) as f:
            lines = [json.loads(l) for l in f if l.strip()]
        limited = [l for l in lines if l.get("outcome") == "rate_limited"]
        check("the audit log notes the refusal (outcome rate_limited, the tool, no E2B status)", len(limited) == 1
              and limited[0]["tool"] == "e2b_list_sandboxes" and limited[0]["e2b_status"] is None, lines[-3:])

        # per-client keys: each key is its own principal
        port, p = start_http(BIN, server_env(sim.port, key=None, extra={"E2B_MCP_HTTP_CLIENT_KEYS": "1", "E2B_MCP_LIMIT_CALLS": "6:2"}))
        a = HttpSession(port, headers={"X-E2B-API-Key": KEY})
        b = HttpSession(port, headers={"X-E2B-API-Key": KEY2})
        ga = [a.call("tools/call", {"name": "e2b_list_sandboxes", "arguments": {}}).status for _ in range(3)]
        gb = [b.call("tools/call", {"name": "e2b_list_sandboxes", "arguments": {}}).status for _ in range(2)]
        eq("user A (its own key): two, then 429", ga, [200, 200, 429])
        eq("user B (another key) is not held back by A", gb, [200, 200])
        stop(p)

        # billable calls: their own bucket
        port, p = start_http(BIN, server_env(sim.port, extra={"E2B_MCP_LIMIT_BILLABLE": "1:1"}))
        s = HttpSession(port)   # no elicitation: no question
        sim.clear()
        r1 = s.call("tools/call", {"name": "e2b_create_sandbox", "arguments": {"template_id": "base"}})
        r2 = s.call("tools/call", {"name": "e2b_create_sandbox", "arguments": {"template_id": "base"}})
        r3 = s.call("tools/call", {"name": "e2b_list_sandboxes", "arguments": {}})
        check("billable: one create, the second 429 (about a minute), a read still answered",
              r1.status == 200 and r2.status == 429 and 50 <= int(r2.headers.get("retry-after", "0")) <= 60 and r3.status == 200
              and "billable" in r2.body, (r1.status, r2.status, r2.headers.get("retry-after"), r3.status))
        eq("billable: E2B saw one create", creates(sim), 1)
        eq("metrics: one refusal for the billable limit", metric(port, "rate_limit_billable"), 1.0)
        stop(p)

        # stdio: one user; the error's data says when
        c = McpClient([BIN], env=server_env(sim.port, extra={"E2B_MCP_LIMIT_CALLS": "6:2"}))
        c.initialize()
        sim.clear()
        res = [c.call("e2b_list_sandboxes", {}) for _ in range(3)]
        err = res[2].get("error", {})
        check("stdio: the third call is a JSON-RPC error with data.retryAfterMs (up to 10 s)", "result" in res[0] and "result" in res[1]
              and err.get("code") == -32000 and 0 < err.get("data", {}).get("retryAfterMs", 0) <= 10001, res[2])
        eq("stdio: E2B saw two lists", lists(sim), 2)
        c.close()
        bad = __import__("subprocess").run([BIN, "--http", "127.0.0.1:0"], capture_output=True, timeout=10,
                                           env=server_env(sim.port, extra={"E2B_MCP_LIMIT_CALLS": "fast"}))
        check("a malformed limit stops the server at start", bad.returncode == 2 and b"E2B_MCP_LIMIT_CALLS" in bad.stderr, bad.stderr[-200:])
    finally:
        sim.stop()
        os.unlink(log)


if __name__ == "__main__":
    run(main)
