#!/usr/bin/env python3
"""Per-client E2B keys over Streamable HTTP (E2B_MCP_HTTP_CLIENT_KEYS=1): each client's calls go
to E2B with the key it sent in X-E2B-API-Key and nobody else's; two clients with different keys
(two teams in the simulator) see only their own sandboxes; a 429 cools down only the key it came
for; a request without a key is a clear 401; the server's own E2B_API_KEY is never used; no key
ever appears in an answer or in the server's output.

Usage: test_client_keys.py [BINARY]   (default build/e2b-mcp). Last line: "N passed, N failed".
"""
import os
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from report import at_exit, check, run  # noqa: E402
from sim import KEY, BUILD, Sim, server_env, stop, track  # noqa: E402
from mcp import HttpSession, read_response, request, rpc, result_json, result_text  # noqa: E402
from seed import KEY2, ALICE_PROD, RUNNING, PAUSED  # noqa: E402

BIN = sys.argv[1] if len(sys.argv) > 1 else os.path.join(BUILD, "e2b-mcp")
SERVER_KEY = "e2b_" + "51" * 20   # the server's own: well-formed, and never to be sent
TEAM1, TEAM2 = "7f9c2b1e-4a3d-4c8b-9e2f-1a2b3c4d5e6f", "3b8e5c1a-9d2f-4e7b-8a6c-5f4e3d2c1b0a"
ANSWERS = []    # every answer body, checked for keys at the end


class KeyedSession(HttpSession):
    """An MCP session whose every request carries X-E2B-API-Key (key None: none)."""

    def __init__(self, port, key):
        self.port, self.token, self.version = port, None, "2025-11-25"
        self.auth = {"X-E2B-API-Key": key} if key else {}
        r = request(port, "POST", rpc(1, "initialize", {"protocolVersion": self.version, "capabilities": {},
                                                         "clientInfo": {"name": "keys", "version": "1"}}), self.auth)
        ANSWERS.append(r.body)
        assert r.status == 200, (r.status, r.body)
        self.sid = r.headers.get("mcp-session-id")
        request(port, "POST", rpc(None, "notifications/initialized"), self.headers())
        self.next_id = 10

    def tool(self, name, args=None):
        r = self.call("tools/call", {"name": name, "arguments": args or {}})
        ANSWERS.append(r.body)
        return r.events()[-1]["result"]


def start_http(env):
    """BIN --http 127.0.0.1:0 with its stderr kept in a file (checked for keys); (port, proc, path)."""
    fd, path = tempfile.mkstemp(prefix="e2b-keys-", suffix=".err")
    at_exit(lambda: os.path.exists(path) and os.unlink(path))
    p = track(subprocess.Popen([BIN, "--http", "127.0.0.1:0"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=fd, env=env))
    os.close(fd)
    for _ in range(100):
        text = open(path).read()
        if "listening on" in text:
            return int(text.split("listening on", 1)[1].split(":")[2].split("/")[0]), p, path
        time.sleep(0.1)
    stop(p)
    raise RuntimeError("%s --http did not start: %s" % (BIN, open(path).read()))


def fake_key(i):
    """A well-formed key E2B does not know (its calls get 401): a client, to fill a key slot."""
    return "e2b_%040x" % (0xc0ffee00 + i)


def cooldown_handover(sim, port):
    """A key's cool-down stays its own while other keys come and go (E2B_MCP_HTTP_KEYS: 8).
    1. B is cooling down from a 429; ten more keys each make a call: none takes B's slot, and
       B's next call still waits, sending nothing.
    2. Every slot's key has a call in flight (held by the simulator); a ninth key comes; then
       the first key's held call gets a 429: that key waits, and its next call sends nothing."""
    sim.clear()
    sim.clear_faults()
    b = KeyedSession(port, KEY2)
    sim.fault("^/v2/sandboxes$", method="GET", status=429, retry_after=60, key=KEY2)
    res = b.tool("e2b_list_sandboxes")
    check("handover: B gets a 429", res.get("isError") and "429" in result_text(res), result_text(res))
    for i in range(10):
        KeyedSession(port, fake_key(i)).tool("e2b_list_sandboxes")
    sim.clear()
    res = b.tool("e2b_list_sandboxes")
    check("handover: after ten other keys, B still waits out its 429 and sends nothing",
          res.get("isError") and "no request" in result_text(res) and
          not [r for r in sim.requests() if r["headers"].get("x-api-key") == KEY2], result_text(res))
    # 2: eight keys with a call in flight each; the first is KEY, whose held call gets a 429
    sim.clear()
    sim.fault("^/v2/sandboxes$", method="GET", status=429, retry_after=60, key=KEY)
    sim.hold(True)
    socks = []
    try:
        sessions = [KeyedSession(port, KEY)] + [KeyedSession(port, fake_key(20 + i)) for i in range(7)]
        for i, s in enumerate(sessions):
            body = rpc(70 + i, "tools/call", {"name": "e2b_list_sandboxes", "arguments": {}})
            h = dict(s.headers(), **{"Host": "127.0.0.1:%d" % port, "Content-Type": "application/json",
                                    "Accept": "application/json, text/event-stream", "Content-Length": str(len(body))})
            k = socket.create_connection(("127.0.0.1", port), timeout=10)
            k.sendall(("POST /mcp HTTP/1.1\r\n" + "".join("%s: %s\r\n" % kv for kv in h.items()) + "\r\n").encode() + body.encode())
            socks.append(k)
        deadline = time.time() + 10
        while len(sim.held()) < 8 and time.time() < deadline:
            time.sleep(0.05)
        check("handover: eight keys each have a call in flight", len(sim.held()) == 8, len(sim.held()))
        newcomer = KeyedSession(port, fake_key(40))
        r = newcomer.call("tools/list")
        check("handover: a ninth key is served meanwhile", r.status == 200, r.status)
        sim.hold(False)   # the held calls are answered: KEY's with its 429
        for k in socks:
            read_response(k)
    finally:
        sim.hold(False)
        for k in socks:
            k.close()
    sim.clear()
    res = sessions[0].tool("e2b_list_sandboxes")
    check("handover: the key whose in-flight call got the 429 waits, and its next call sends nothing",
          res.get("isError") and "no request" in result_text(res) and
          not [r for r in sim.requests() if r["headers"].get("x-api-key") == KEY], result_text(res))
    sim.clear_faults()


def ids(res):
    return sorted(s["sandboxID"] for s in (result_json(res) or {}).get("data", []))


def main():
    sim = Sim.start()
    at_exit(sim.stop)
    port, proc, errf = start_http(server_env(sim.url, key=SERVER_KEY, extra={"E2B_MCP_HTTP_CLIENT_KEYS": "1"}))
    init = rpc(1, "initialize", {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "x", "version": "1"}})

    r = request(port, "POST", init)
    ANSWERS.append(r.body)
    msg = ((r.json() or {}).get("error") or {}).get("message", "")
    check("no X-E2B-API-Key: 401 that says which header to send", r.status == 401 and "X-E2B-API-Key" in msg and
          "e2b_" in msg, (r.status, r.body))
    r = request(port, "POST", init, {"X-E2B-API-Key": "sk_e2b_" + "ab" * 20})
    ANSWERS.append(r.body)
    check("a personal token: 401 naming the kind of key wanted", r.status == 401 and "personal access token" in r.body, r.body)
    r = request(port, "POST", init, {"X-E2B-API-Key": "not a key"})
    ANSWERS.append(r.body)
    check("a malformed key: 401", r.status == 401 and "not an E2B team API key" in r.body and "not a key" not in r.body, r.body)
    check("nothing reached E2B", not sim.e2b_requests(), sim.e2b_requests())

    a = KeyedSession(port, KEY)     # the first team (the seed)
    b = KeyedSession(port, KEY2)    # the second team (empty, 1 h plan)
    sim.clear()
    res = b.tool("e2b_create_sandbox", {"timeout": 600, "metadata": [{"key": "owner", "value": "b"}]})
    mine = (result_json(res) or {}).get("sandboxID")
    check("client B creates a sandbox with its own key", mine and not res.get("isError"), res)
    la, lb = a.tool("e2b_list_sandboxes"), b.tool("e2b_list_sandboxes")
    check("client A sees its team's sandboxes only", ids(la) == sorted(RUNNING | PAUSED), ids(la))
    check("client B sees only its own sandbox", ids(lb) == [mine], ids(lb))
    res = b.tool("e2b_get_sandbox", {"sandbox_id": ALICE_PROD})
    check("client B cannot read A's sandbox (E2B's 404)", res.get("isError") and "404" in result_text(res), res)
    res = a.tool("e2b_get_sandbox", {"sandbox_id": mine})
    check("client A cannot read B's sandbox", res.get("isError") and "404" in result_text(res), res)
    res = b.tool("e2b_create_sandbox", {"timeout": 7200})
    check("B's plan limit comes back for B (E2B's 400)", res.get("isError") and "Timeout cannot be greater than 1 hours"
          in result_text(res), result_text(res))
    log = sim.requests()
    want = {KEY: TEAM1, KEY2: TEAM2}
    check("every request went with the key of the client that made it",
          len(log) == 6 and [r["headers"].get("x-api-key") for r in log] == [KEY2, KEY, KEY2, KEY2, KEY, KEY2]
          and all(want[r["headers"]["x-api-key"]] == r["team"] for r in log),
          [(r["method"], r["path"], r["team"]) for r in log])
    check("the server's own E2B_API_KEY was never sent", all(r["headers"].get("x-api-key") != SERVER_KEY for r in log), "")

    # a 429 for B's key cools down B, not A
    sim.clear()
    sim.fault("^/v2/sandboxes$", method="GET", status=429, retry_after=60, key=KEY2)
    res = b.tool("e2b_list_sandboxes")
    check("B gets E2B's 429", res.get("isError") and "E2B answered 429" in result_text(res), result_text(res))
    res = b.tool("e2b_list_sandboxes")
    check("B then waits: no request sent", res.get("isError") and "no request" in result_text(res), result_text(res))
    res = a.tool("e2b_list_sandboxes")
    check("A is not cooled down by B's 429", not res.get("isError") and ids(res) == sorted(RUNNING | PAUSED), result_text(res))
    log = sim.requests()
    check("E2B saw B once and A once", [r["headers"].get("x-api-key") for r in log] == [KEY2, KEY], log)

    # while A's call waits for E2B, B is served (a list of tools) and B's call waits its turn:
    # each goes with its own key
    import threading
    sim.clear()
    sim.fault("^/sandboxes/%s$" % ALICE_PROD, method="GET", kind="delay", delay_ms=1500)
    got = {}
    t = threading.Thread(target=lambda: got.update(a=a.tool("e2b_get_sandbox", {"sandbox_id": ALICE_PROD})))
    t.start()
    time.sleep(0.4)
    tl = b.call("tools/list")
    ANSWERS.append(tl.body)
    lb = b.tool("e2b_list_snapshots")   # (B's sandbox list is cooling down from its 429)
    t.join(10)
    check("while A waits for E2B, B's tools/list is answered", tl.status == 200 and "e2b_list_sandboxes" in tl.body, tl.status)
    check("A's delayed call got A's sandbox", (result_json(got.get("a") or {}) or {}).get("sandboxID") == ALICE_PROD, got)
    check("B's queued call got B's (empty) snapshot list", not lb.get("isError") and result_json(lb).get("data") == [], lb)
    log = sim.requests()
    check("each went with its own key, in order", [(r["path"], r["headers"].get("x-api-key")) for r in log] ==
          [("/sandboxes/" + ALICE_PROD, KEY), ("/snapshots", KEY2)], [(r["path"], r["team"]) for r in log])

    # E2B echoing a client's key: the redactor hides that client's key (s->call_key)
    sim.fault("^/snapshots$", method="GET", status=500, message="upstream saw key " + KEY2, key=KEY2)
    res = b.tool("e2b_list_snapshots")
    check("a key E2B echoes back reaches the client as [redacted]",
          "upstream saw key [redacted]" in result_text(res) and KEY2 not in result_text(res), result_text(res))

    # 2026-07-28 clients hold no session: each request carries its key the same way
    meta = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}
    sim.clear()
    hdr = {"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "e2b_list_templates"}
    r = request(port, "POST", rpc(60, "tools/call", {"name": "e2b_list_templates", "arguments": {}, "_meta": meta}),
                dict(hdr, **{"X-E2B-API-Key": KEY2}))
    ANSWERS.append(r.body)
    res = r.events()[-1].get("result", {}) if r.status == 200 else {}
    log = sim.requests()
    check("a 2026-07-28 call goes with its own key (B's team: no templates)", r.status == 200 and
          (result_json(res) or {}).get("data") == [] and [x["headers"].get("x-api-key") for x in log] == [KEY2], (r.status, r.body[:300]))
    r = request(port, "POST", rpc(61, "tools/call", {"name": "e2b_list_templates", "arguments": {}, "_meta": meta}), hdr)
    ANSWERS.append(r.body)
    check("a 2026-07-28 call without a key: 401", r.status == 401 and "X-E2B-API-Key" in r.body, (r.status, r.body[:200]))

    # the key is per request: the same session, another key
    r = request(port, "POST", rpc(50, "tools/call", {"name": "e2b_list_snapshots", "arguments": {}}),
                dict(a.headers(), **{"X-E2B-API-Key": KEY2}))
    ANSWERS.append(r.body)
    sim_log = sim.requests()
    check("a request's own key decides, not its session's first", sim_log and sim_log[-1]["headers"].get("x-api-key") == KEY2,
          sim_log[-1:] if sim_log else sim_log)
    r = request(port, "POST", rpc(51, "tools/list"), {"Mcp-Session-Id": a.sid, "MCP-Protocol-Version": "2025-11-25"})
    ANSWERS.append(r.body)
    check("a request of a session without the key: 401", r.status == 401, r.status)

    cooldown_handover(sim, port)

    stop(proc)
    err = open(errf).read()
    check("the server said it uses the clients' keys, and that E2B_API_KEY is not used",
          "X-E2B-API-Key" in err and "E2B_API_KEY is not used" in err, err)
    check("no key in any answer or in the server's output",
          all(k not in "".join(ANSWERS) + err for k in (KEY, KEY2, SERVER_KEY)), "")

    # without the mode, the header is ignored and the server's key is used
    port, proc, _ = start_http(server_env(sim.url, key=KEY))
    sim.clear()
    c = KeyedSession(port, KEY2)
    res = c.tool("e2b_list_sandboxes")
    log = sim.requests()
    check("without E2B_MCP_HTTP_CLIENT_KEYS the server's own key is used", log and
          log[-1]["headers"].get("x-api-key") == KEY and ids(res) == sorted(RUNNING | PAUSED), log[-1:])
    stop(proc)


if __name__ == "__main__":
    run(main)
