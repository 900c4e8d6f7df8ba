"""Consent before billable or destructive calls, on stdio and on HTTP. A client that
declared elicitation is asked before e2b_create_sandbox, e2b_resume_sandbox,
e2b_set_sandbox_timeout and e2b_kill_sandbox: accept runs the call; decline and cancel
send nothing to E2B (the simulator's request log shows it) and the result says nothing
was done. Without the capability the tools run as before, without a question."""
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import report  # noqa: E402
from report import check  # noqa: E402
from sim import BUILD, Sim, server_env  # noqa: E402
from mcp import (HttpSession, McpClient, init_params,  # noqa: E402
                 read_until, request, rpc, start_http)

SIM = None   # the simulator (main)

# E2B_MCP_BIN / E2B_MCP_HTTP_BIN: another build under test (the Windows suite runs the .exe here)
E2B_MCP = os.environ.get("E2B_MCP_BIN") or os.path.join(BUILD, "e2b-mcp")
HTTP_BIN = os.environ.get("E2B_MCP_HTTP_BIN") or os.path.join(BUILD, "e2b-mcp-httptest")

ANSWERS = {
    "accept": {"action": "accept", "content": {"confirm": True}},
    "accept-unchecked": {"action": "accept", "content": {"confirm": False}},
    "decline": {"action": "decline"},
    "cancel": {"action": "cancel"},
    "accept-empty": {"action": "accept"},   # no "confirm" in the content: not a yes
}


def cancel_of(answer, n):
    """For the answers "cancel-call" (the client cancels the tool call while it is asked) and
    "cancel-other" (a cancel naming some other request, then accept): the notification."""
    if not answer.startswith("cancel-"):
        return None
    return {"jsonrpc": "2.0", "method": "notifications/cancelled",
            "params": {"requestId": n if answer == "cancel-call" else n + 1000, "reason": "test"}}


def e2b_calls(sim_port):
    return [(r["method"], r["path"]) for r in SIM.requests() if not r["path"].startswith("/_sim")]


def sandbox_id(sim_port):
    data = SIM.state()
    sbs = data.get("sandboxes", data) if isinstance(data, dict) else data
    for sb in sbs:
        if sb.get("state") == "running":
            return sb.get("sandboxID") or sb.get("sandbox_id") or sb.get("id")
    raise RuntimeError("no running sandbox in the simulator: %r" % data)


def cases(sim_port):
    sid = sandbox_id(sim_port)
    return [
        ("e2b_create_sandbox", {"template_id": "base", "timeout": 60}, ("POST", "/v2/sandboxes"), "billed"),
        ("e2b_set_sandbox_timeout", {"sandbox_id": sid, "timeout": 120}, ("POST", "/sandboxes/%s/timeout" % sid), "billed"),
        ("e2b_resume_sandbox", {"sandbox_id": sid, "timeout": 120}, ("POST", "/v2/sandboxes/%s/connect" % sid), "billed"),
        ("e2b_kill_sandbox", {"sandbox_id": sid}, ("DELETE", "/sandboxes/%s" % sid), "cannot be undone"),
    ]


class StdioClient:
    def __init__(self, sim_port, caps):
        self.s = McpClient([E2B_MCP], server_env(sim_port, extra={"E2B_MCP_ENABLE_KILL": "1"}))
        self.s.initialize(capabilities=caps)
        self.n = 100

    def call(self, tool, args, answer):
        """Returns (question or None, result)."""
        self.n += 1
        self.s.send({"jsonrpc": "2.0", "id": self.n, "method": "tools/call", "params": {"name": tool, "arguments": args}})
        question = None
        while True:
            m = self.s.recv()
            if m.get("method") == "elicitation/create":
                question = m
                cancel = cancel_of(answer, self.n)
                if cancel:
                    self.s.send(cancel)
                if answer == "cancel-call":   # no answer for the call: a ping shows what comes next
                    self.s.send({"jsonrpc": "2.0", "id": 99999, "method": "ping"})
                else:
                    self.s.send({"jsonrpc": "2.0", "id": m["id"], "result": ANSWERS["accept" if cancel else answer]})
            elif m.get("id") == self.n:
                return question, m.get("result", m)
            elif m.get("id") == 99999:
                return question, None

    def close(self):
        self.s.close()


class HttpClient:
    def __init__(self, sim_port, caps):
        self.port, _ = start_http(HTTP_BIN, server_env(sim_port, extra={"E2B_MCP_ENABLE_KILL": "1"}))
        self.s = HttpSession(self.port, caps=caps)
        self.n = 100

    def call(self, tool, args, answer):
        self.n += 1
        body = rpc(self.n, "tools/call", {"name": tool, "arguments": args})
        sock = self.s.stream(body)
        n = self.n
        raw, msgs = read_until(sock, b"", lambda m, r: any(x.get("method") == "elicitation/create" or x.get("id") == n for x in m))
        question = None
        if msgs and msgs[-1].get("method") == "elicitation/create":
            question = msgs[-1]
            cancel = cancel_of(answer, n)
            if cancel:
                r = self.s.post(json.dumps(cancel))
                check("http: the cancel POST is answered 202", r.status == 202, r.status)
            if answer == "cancel-call":   # the call's stream ends without an answer
                raw, msgs = read_until(sock, raw, lambda m, r: r.endswith(b"\r\n0\r\n\r\n"))
                sock.close()
                final = [x for x in msgs if x.get("id") == n]
                return question, (final[-1] if final else (None if raw.endswith(b"\r\n0\r\n\r\n") else {"open": raw[-200:]}))
            answer_msg = json.dumps({"jsonrpc": "2.0", "id": question["id"], "result": ANSWERS["accept" if cancel else answer]})
            r = self.s.post(answer_msg)
            if r.status == 503:   # this build has 4 connection slots: a client retries after Retry-After, as it is told
                time.sleep(float(r.headers.get("retry-after", "1")))
                r = self.s.post(answer_msg)
            check("http: the answer POST is answered 202", r.status == 202, r.status)
            raw, msgs = read_until(sock, raw, lambda m, r: any(x.get("id") == n for x in m))
        sock.close()
        final = [x for x in msgs if x.get("id") == n]
        return question, (final[-1].get("result", final[-1]) if final else {"missing": raw[-300:].decode("latin-1")})

    def close(self):
        pass


def run(label, make, sim_port):
    # a client that declared elicitation
    c = make(sim_port, {"elicitation": {}})
    for tool, args, endpoint, says in cases(sim_port):
        for answer in ("decline", "cancel", "accept-unchecked", "accept-empty"):
            SIM.clear()
            q, res = c.call(tool, args, answer)
            calls = e2b_calls(sim_port)
            check("%s: %s, %s: the user is asked (%s)" % (label, tool, answer, says),
                  q is not None and says in q["params"]["message"] and
                  q["params"]["requestedSchema"]["properties"]["confirm"]["type"] == "boolean", q)
            check("%s: %s, %s: nothing is sent to E2B" % (label, tool, answer), calls == [], calls)
            text = res.get("content", [{}])[0].get("text", "")
            check("%s: %s, %s: the result says nothing was done" % (label, tool, answer),
                  res.get("isError") is True and "nothing was done" in text, res)
        SIM.clear()
        q, res = c.call(tool, args, "accept")
        calls = e2b_calls(sim_port)
        check("%s: %s, accept: the call runs (%s %s)" % (label, tool, endpoint[0], endpoint[1]),
              q is not None and endpoint in calls and not res.get("isError"), (calls, res))
    # the client cancels the call while its user is asked: no answer, nothing sent to E2B
    tool, args, endpoint, _ = cases(sim_port)[0]
    SIM.clear()
    q, res = c.call(tool, args, "cancel-call")
    check("%s: a call cancelled while the user is asked gets no answer" % label, q is not None and res is None, res)
    check("%s: ... and nothing is sent to E2B" % label, e2b_calls(sim_port) == [], e2b_calls(sim_port))
    SIM.clear()
    q, res = c.call(tool, args, "cancel-other")
    check("%s: a cancel naming another request leaves the question open; accept then runs the call" % label,
          q is not None and res is not None and not res.get("isError") and endpoint in e2b_calls(sim_port), res)
    c.close()
    # a client that does form elicitation only through URL mode is not sent a form: the call runs as without
    c = make(sim_port, {"elicitation": {"url": {}}})
    SIM.clear()
    q, res = c.call("e2b_create_sandbox", {"template_id": "base", "timeout": 60}, "decline")
    check("%s: elicitation with URL mode only: no form question, the call runs" % label,
          q is None and ("POST", "/v2/sandboxes") in e2b_calls(sim_port) and not res.get("isError"), (q, res))
    c.close()
    c = make(sim_port, {"elicitation": {"form": {}, "url": {}}})
    SIM.clear()
    q, res = c.call("e2b_create_sandbox", {"template_id": "base", "timeout": 60}, "decline")
    check("%s: elicitation naming form mode: the user is asked" % label, q is not None and e2b_calls(sim_port) == [], (q, res))
    c.close()
    # a client without the capability: no question, the call runs
    c = make(sim_port, {})
    SIM.clear()
    q, res = c.call("e2b_create_sandbox", {"template_id": "base", "timeout": 60}, "decline")
    check("%s: without elicitation, e2b_create_sandbox runs without a question" % label,
          q is None and ("POST", "/v2/sandboxes") in e2b_calls(sim_port) and not res.get("isError"), res)
    c.close()


def main():
    global SIM
    SIM = Sim.start()
    sim_port = SIM.port
    run("stdio", StdioClient, sim_port)
    # no request reaches a client before its notifications/initialized: the call runs as without elicitation
    s = McpClient([E2B_MCP], server_env(sim_port))
    s.request("initialize", init_params(capabilities={"elicitation": {}}))
    SIM.clear()
    s.send({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
            "params": {"name": "e2b_create_sandbox", "arguments": {"template_id": "base", "timeout": 60}}})
    m = s.recv()
    check("stdio: before notifications/initialized the client is sent no question", m.get("id") == 7 and "result" in m
          and ("POST", "/v2/sandboxes") in e2b_calls(sim_port), m)
    s.close()
    run("http", HttpClient, sim_port)


if __name__ == "__main__":
    report.run(main)
