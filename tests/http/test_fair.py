#!/usr/bin/env python3
"""No client can hold the server hostage with questions its user never answers. Runs
build/e2b-mcp-fair: 8 call slots, at most 2 questions waiting per client
(E2B_MCP_ASKS_PER_CLIENT) and, by default, 4 on the whole server (E2B_MCP_ASKING_MAX: half the
slots). Each case is shown by behaviour against the simulator:

  http      a 2025 client that declared elicitation sends 8 billable calls and never answers:
            2 are asked, the other 6 are answered at once that the user was not asked; another
            client's e2b_list_sandboxes is answered meanwhile; a third client gets its 2
            questions, a fourth none (the server's limit); E2B saw no create
  keys      the same with per-client keys (E2B_MCP_HTTP_CLIENT_KEYS=1), the hostile client with
            a made-up key: nothing of it reaches E2B, the honest client is served
  stdio     a stdio client that never answers sends 8 billable calls, then a read: 2 questions,
            6 answers that say why, and the read answered while the 2 wait
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from report import check, run  # noqa: E402
from sim import KEY, ROOT, Sim, server_env, stop  # noqa: E402
from mcp import HttpSession, McpClient, dechunk, read_until, rpc, start_http  # noqa: E402

BIN = os.environ.get("E2B_MCP_FAIR_BIN") or os.path.join(ROOT, "build", "e2b-mcp-fair")
CREATE = {"name": "e2b_create_sandbox", "arguments": {"template_id": "base", "timeout": 60}}
ELICIT = {"elicitation": {"form": {}}}


def creates(sim):
    return [r for r in sim.requests() if r["method"] == "POST" and r["path"].rstrip("/").endswith("/sandboxes")]


def open_call(port, sess, n, params, extra=None):
    """Sends tools/call n on a connection of its own; returns (socket, first message: the
    question, or the call's answer)."""
    body = rpc(n, "tools/call", params)
    sock = sess.stream(body, extra, timeout=10)
    def done(m, r):   # a question or the answer on an event stream, or a whole JSON answer
        head, _, body = r.partition(b"\r\n\r\n")
        if b"application/json" in head.lower():
            return r.endswith(b"\r\n0\r\n\r\n")
        return any(x.get("method") == "elicitation/create" or x.get("id") == n for x in m)
    raw, msgs = read_until(sock, b"", done)
    head, _, body = raw.partition(b"\r\n\r\n")
    if b"application/json" in head.lower() and raw.endswith(b"\r\n0\r\n\r\n"):
        return sock, json.loads(dechunk(body).decode())
    return sock, (msgs[-1] if msgs else None)


def asked(m):
    return bool(m) and m.get("method") == "elicitation/create"


def not_asked(m, why):
    r = (m or {}).get("result", {})
    text = r.get("content", [{}])[0].get("text", "")
    return r.get("isError") is True and "not asked" in text and why in text and "Nothing was done" in text


def http_case(label, sim, extra_env=None, bad_key=None, good_key=None):
    port, p = start_http(BIN, server_env(sim.port, extra=extra_env))
    hostile_h = {"X-E2B-API-Key": bad_key} if bad_key else None
    honest_h = {"X-E2B-API-Key": good_key} if good_key else None
    socks = []
    try:
        sim.clear()
        a = HttpSession(port, caps=ELICIT, headers=hostile_h)
        first = []
        for i in range(8):
            s, m = open_call(port, a, 100 + i, CREATE, hostile_h)
            socks.append(s)
            first.append(m)
        check("%s: a client that never answers: its first 2 billable calls ask its user" % label, all(asked(m) for m in first[:2]),
              [str(m)[:120] for m in first[:2]])
        check("%s: its other 6 are answered at once that the user was not asked (this client's limit)" % label,
              all(not_asked(m, "this client already has") for m in first[2:]), [str(m)[:160] for m in first[2:]])
        b = HttpSession(port, headers=honest_h)
        t = time.time()
        r = b.call("tools/call", {"name": "e2b_list_sandboxes", "arguments": {}})
        res = r.events()[-1].get("result", {}) if r.status == 200 else {}
        check("%s: meanwhile another client's e2b_list_sandboxes is answered (%.1f s)" % (label, time.time() - t),
              r.status == 200 and res.get("isError") is False and "sandboxID" in json.dumps(res), r.body[:200])
        if not bad_key:
            c = HttpSession(port, caps=ELICIT)
            third = []
            for i in range(2):
                s, m = open_call(port, c, 200 + i, CREATE)
                socks.append(s)
                third.append(m)
            check("%s: a third client gets its own 2 questions" % label, all(asked(m) for m in third), [str(m)[:120] for m in third])
            d = HttpSession(port, caps=ELICIT)
            s, m = open_call(port, d, 300, CREATE)
            socks.append(s)
            check("%s: a fourth client is told the server holds as many questions as it may" % label,
                  not_asked(m, "as many questions as this server holds"), str(m)[:200])
        check("%s: E2B saw no create" % label, creates(sim) == [], creates(sim))
    finally:
        for s in socks:
            s.close()
        stop(p)


def stdio_case(sim):
    c = McpClient([BIN], server_env(sim.port), elicit="never")
    c.initialize(capabilities=ELICIT)
    sim.clear()
    for i in range(8):
        c.send({"jsonrpc": "2.0", "id": 100 + i, "method": "tools/call", "params": CREATE})
    answers = [c.wait_for(100 + i) for i in range(2, 8)]
    check("stdio: a client that never answers: 6 of its 8 billable calls are answered at once that the user was not asked",
          all(not_asked(m, "this client already has") for m in answers), [str(m)[:160] for m in answers])
    check("stdio: 2 questions went out", len(c.elicitations) == 2, len(c.elicitations))
    r = c.request("tools/call", {"name": "e2b_list_sandboxes", "arguments": {}}, timeout=10)
    check("stdio: a read meanwhile is answered while the 2 questions wait", r.get("result", {}).get("isError") is False, str(r)[:200])
    check("stdio: E2B saw no create", creates(sim) == [], creates(sim))
    c.close()


def main():
    sim = Sim.start()
    http_case("http", sim)
    http_case("keys", sim, extra_env={"E2B_MCP_HTTP_CLIENT_KEYS": "1"}, bad_key="e2b_" + "0" * 40, good_key=KEY)
    stdio_case(sim)


if __name__ == "__main__":
    run(main)
