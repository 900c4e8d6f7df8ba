#!/usr/bin/env python3
"""Calls in flight at once, shown by behaviour rather than by time: the simulator holds every E2B
answer open (tests/sim/README.md, hold mode), so it sees how many requests the server has open at
once, then answers them in an order the test chooses; each call must be answered when, and only
when, its E2B answer came.

  stdio   N tools/call pipelined on stdin without waiting: N held at once, answers in release order
  http    N sessions over Streamable HTTP, one call each at once: the same
  cancel  over stdio, notifications/cancelled for a call whose E2B answer is held: a ping is
          answered at once and the cancelled call never is
  small   the small profile's one call slot over stdio: pipelined calls wait their turn (one E2B
          request open at a time), none is lost; a call sent while the slot's call waits for the
          user's answer (which may be behind it) is told the server is busy, and the first goes on
  ask     a simple custom tool (build/fixture-server's test_elicitation) asks its user and the
          answer is held back: meanwhile 8 E2B calls over the same transport complete (held open
          at once by the simulator, then answered) and a new tools/call is served; then the
          answer comes and the asking call is answered with it. Over stdio and over Streamable HTTP
  ask-small  the small profile's one slot over stdio (build/fixture-server-small): a simple custom
          tool's question holds it; meanwhile a call that needs a slot is told the server is busy and
          sends nothing, a simple tool is still answered, and the asking call ends with its answer

Every wait is bounded: a server that runs one call at a time fails in seconds with the number of
requests it had open, and the order checks are skipped rather than waited for.

Environment (as tests/integration/test_stdio.py): E2B_MCP_BIN (default build/e2b-mcp), E2B_SIM_URL,
E2B_API_URL, E2B_MCP_CA_FILE, E2B_TEST_API_KEY.
"""
import json
import os
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from report import at_exit, check, eq, note, run, run_groups, time_limit  # noqa: E402
from sim import KEY as DEFAULT_KEY, ROOT, Sim, stop, target_env  # noqa: E402
from mcp import HttpSession, McpClient, McpError, read_until, request, rpc, start_fixture, start_http  # noqa: E402
from seed import ALICE_PROD, ALICE_STG, ALICE_PAUSED, BOB_STG1, BOB_STG2, NOMETA  # noqa: E402

BIN = os.environ.get("E2B_MCP_BIN") or os.path.join(ROOT, "build", "e2b-mcp")
SMALL_BIN = os.environ.get("E2B_MCP_SMALL_BIN") or os.path.join(ROOT, "build", "e2b-mcp-small")
FIXTURE_BIN = os.environ.get("E2B_MCP_FIXTURE_BIN") or os.path.join(ROOT, "build", "fixture-server")
FIXTURE_SMALL_BIN = os.environ.get("E2B_MCP_FIXTURE_SMALL_BIN") or os.path.join(ROOT, "build", "fixture-server-small")
KEY = os.environ.get("E2B_TEST_API_KEY") or DEFAULT_KEY

# One e2b_get_sandbox per seed sandbox: each call is one GET /sandboxes/<id>, told apart by its path.
SANDBOXES = [ALICE_PROD, BOB_STG1, BOB_STG2, ALICE_STG, NOMETA, ALICE_PAUSED]
N = len(SANDBOXES)
ORDER = [2, 0, 5, 1, 4, 3]   # the order E2B answers them in: neither arrival order nor its reverse
ANSWER_WAIT_S = 5            # for one answer after its release
PROMPT_S = 2                 # "at once"

SIM = None
API_URL = None


def env():
    return target_env(SIM)


def held_by_sandbox(held):
    """{index in SANDBOXES: held request n}."""
    out = {}
    for h in held:
        for i, sb in enumerate(SANDBOXES):
            if h["path"].endswith("/" + sb):
                out[i] = h["n"]
    return out


def all_in_flight(name, held):
    """Checks all N calls reached the simulator at once; returns {index: n} when they did."""
    got = held_by_sandbox(held)
    ok = check(name, len(held) == N and len(got) == N,
               "the simulator saw %d request(s) open at once, want %d: %s (max open %d)"
               % (len(held), N, [h["path"] for h in held], SIM.inflight()["max"]))
    return got if ok else None


def answers_sandbox(msg, i):
    """The JSON-RPC answer is a result (not an error) about SANDBOXES[i]."""
    return isinstance(msg, dict) and "result" in msg and SANDBOXES[i] in str(msg["result"])


def release_all():
    SIM.hold(False)
    SIM.wait_idle()


# ----------------------------------------------------------------------------- stdio

def t_stdio():
    c = McpClient([BIN], env=env(), label="stdio")
    at_exit(lambda: c.close(2))
    c.initialize()
    SIM.reset()
    SIM.hold(True)
    ids = [c.send_request("tools/call", {"name": "e2b_get_sandbox", "arguments": {"sandbox_id": sb}})
           for sb in SANDBOXES]
    ns = all_in_flight("stdio: %d pipelined calls are in flight at once (the simulator holds %d open)" % (N, N),
                       SIM.wait_held(N))
    if ns is None:
        note("stdio: the order checks are skipped (not all calls were in flight)")
        release_all()
        return
    check("stdio: no answer while every E2B answer is held", c.lines.empty(), b"".join(c.raw_out[-3:]))
    got, bad = [], []
    for i in ORDER:
        SIM.release(n=ns[i])
        try:
            msg = c.read_message(ANSWER_WAIT_S)
        except McpError as e:
            bad.append("no answer %.0f s after E2B answered %s: %s" % (ANSWER_WAIT_S, SANDBOXES[i], e))
            break
        got.append(msg.get("id"))
        if not answers_sandbox(msg, i) and msg.get("id") == ids[i]:
            bad.append("the answer to %s is not its sandbox: %.200s" % (SANDBOXES[i], msg))
    want = [ids[i] for i in ORDER]
    eq("stdio: each call is answered when its E2B answer comes (ids in release order)", got, want)
    check("stdio: every answer carries its own sandbox", not bad, "; ".join(bad))
    check("stdio: all %d answered, none twice" % N, sorted(got) == sorted(ids), "answered ids %r of %r" % (got, ids))
    release_all()
    c.close(2)


# ----------------------------------------------------------------------------- Streamable HTTP

def t_http():
    port, p = start_http(BIN, env())
    at_exit(lambda: stop(p))
    sessions = [HttpSession(port) for _ in range(N)]
    SIM.reset()
    SIM.hold(True)
    lock = threading.Lock()
    done = []      # (index, status, last message) in the order the responses completed

    def one(i):
        body = rpc(100 + i, "tools/call", {"name": "e2b_get_sandbox", "arguments": {"sandbox_id": SANDBOXES[i]}})
        try:
            r = request(port, "POST", body, sessions[i].headers(), timeout=40)
            ev = r.events()
            res = (i, r.status, ev[-1] if ev else None)
        except Exception as e:  # a refused or dropped connection is an answer too
            res = (i, repr(e), None)
        with lock:
            done.append(res)

    threads = [threading.Thread(target=one, args=(i,), daemon=True) for i in range(N)]
    for t in threads:
        t.start()
    held = SIM.wait_held(N)
    with lock:
        early = list(done)
    ns = all_in_flight("http: %d calls from %d sessions are in flight at once (the simulator holds %d open)"
                       % (N, N, N), held)
    if ns is None:
        note("http: the order checks are skipped (answered before E2B did: %s)"
             % ["%s %s" % (SANDBOXES[i], st) for i, st, _ in early])
        release_all()
        for t in threads:
            t.join(5)
        stop(p)
        return
    check("http: no response while every E2B answer is held", not early, early)
    got, bad = [], []
    for i in ORDER:
        SIM.release(n=ns[i])
        deadline = time.time() + ANSWER_WAIT_S
        while time.time() < deadline:
            with lock:
                if len(done) > len(got):
                    break
            time.sleep(0.01)
        with lock:
            now = list(done)
        if len(now) <= len(got):
            bad.append("no response %.0f s after E2B answered %s" % (ANSWER_WAIT_S, SANDBOXES[i]))
            break
        j, status, msg = now[len(got)]
        got.append(j)
        if j == i and (status != 200 or not answers_sandbox(msg, i) or msg.get("id") != 100 + i):
            bad.append("the response for %s: %s %.200s" % (SANDBOXES[i], status, msg))
    eq("http: each response completes when its E2B answer comes (in release order)",
       [SANDBOXES[j] for j in got], [SANDBOXES[i] for i in ORDER])
    check("http: every response is 200 with its own call's result", not bad, "; ".join(bad))
    release_all()
    for t in threads:
        t.join(5)
    with lock:
        check("http: all %d answered, none twice" % N, sorted(j for j, _, _ in done) == list(range(N)),
              [j for j, _, _ in done])
    check("http: the server is still running", p.poll() is None, p.poll())
    stop(p)


# ----------------------------------------------------------------------------- cancel

def t_cancel():
    c = McpClient([BIN], env=env(), label="cancel")
    at_exit(lambda: c.close(2))
    c.initialize()
    SIM.reset()
    SIM.hold(True)
    cid = c.send_request("tools/call", {"name": "e2b_get_sandbox", "arguments": {"sandbox_id": ALICE_PROD}})
    if not check("cancel: the call's E2B request is held", len(SIM.wait_held(1)) == 1, SIM.held()):
        release_all()
        return
    c.cancel(cid)
    t0 = time.time()
    pid = c.send_request("ping")
    seen = []
    try:
        while True:
            msg = c.read_message(max(0.01, PROMPT_S - (time.time() - t0)))
            seen.append(msg.get("id"))
            if msg.get("id") == pid:
                break
    except McpError:
        pass
    check("cancel: a ping sent after notifications/cancelled is answered within %d s, E2B's answer still held"
          % PROMPT_S, pid in seen, "answers seen %r in %.1f s; held %r" % (seen, time.time() - t0, SIM.held()))
    # E2B answers now: the cancelled call must still get no answer.
    release_all()
    time.sleep(0.3)
    pid2 = c.send_request("ping")
    try:
        while pid2 not in seen:
            seen.append(c.read_message(ANSWER_WAIT_S).get("id"))
    except McpError:
        pass
    check("cancel: the cancelled call is never answered", cid not in seen and pid2 in seen,
          "answers seen %r (cancelled %r, pings %r, %r)" % (seen, cid, pid, pid2))
    c.close(2)


def t_small():
    if not os.path.exists(SMALL_BIN):
        check("small: binary exists", False, "%s not found (make build/e2b-mcp-small)" % SMALL_BIN)
        return
    c = McpClient([SMALL_BIN], env=env(), label="small")
    at_exit(lambda: c.close(2))
    c.initialize()
    SIM.reset()
    SIM.hold(True)
    ids = [c.send_request("tools/call", {"name": "e2b_get_sandbox", "arguments": {"sandbox_id": sb}})
           for sb in SANDBOXES[:3]]
    pid = c.send_request("ping")
    most, answers = 0, {}
    for _ in ids:   # each held request in turn: no second one may be open beside it
        held = SIM.wait_held(1, 2)
        time.sleep(0.2)
        held = SIM.held()
        most = max(most, len(held))
        if not held:
            break
        SIM.release(n=held[0]["n"])
        try:
            while True:
                msg = c.read_message(ANSWER_WAIT_S)
                answers.setdefault(msg.get("id"), []).append(msg)
                if msg.get("id") in ids and msg.get("id") not in list(answers)[:-1]:
                    break
        except McpError:
            break
    try:
        while pid not in answers:
            msg = c.read_message(ANSWER_WAIT_S)
            answers.setdefault(msg.get("id"), []).append(msg)
    except McpError:
        pass
    release_all()
    check("small: one call slot: never more than one E2B request open", most == 1, "most open at once: %d" % most)
    check("small: every pipelined call answered once, with its sandbox, and the ping",
          all(len(answers.get(i, [])) == 1 and answers_sandbox(answers[i][0], k) for k, i in enumerate(ids)) and pid in answers,
          {k: [str(m)[:120] for m in v] for k, v in answers.items()})
    c.close(2)
    # a question holds the one slot: a call behind it is told the server is busy (its answer to
    # the question may be behind that call in the pipe), and the asking call carries on
    late = {}

    def ask(params):
        late["id"] = c2.send_request("tools/call", {"name": "e2b_get_sandbox", "arguments": {"sandbox_id": ALICE_PROD}})
        return {"action": "accept", "content": {"confirm": True}}
    c2 = McpClient([SMALL_BIN], env=env(), label="small-ask", elicit=ask)
    at_exit(lambda: c2.close(2))
    c2.initialize(capabilities={"elicitation": {}})
    SIM.reset()
    res = c2.call("e2b_set_sandbox_timeout", {"sandbox_id": BOB_STG1, "timeout": 60})
    # the busy answer came while the call was awaited: kept among the unmatched messages
    busy = ([m["unmatched"] for m in c2.notifications if isinstance(m.get("unmatched"), dict) and m["unmatched"].get("id") == late.get("id")]
            or [{}])[0]
    check("small: the consent question went out", len(c2.elicitations) == 1, c2.elicitations)
    sent = [r["path"] for r in SIM.requests() if not r["path"].startswith("/_sim")]
    check("small: a call behind the question is told the server is busy, and nothing is sent for it",
          "error" in busy and busy["error"].get("message", "").startswith("BUSY: ") and not [p for p in sent if p.endswith("/" + ALICE_PROD)],
          (busy, sent))
    check("small: the asking call carries on once answered", "result" in res and res["result"].get("isError") is False,
          str(res)[:300])
    c2.close(2)


def small_slot_held(where):
    """The small profile over stdio, its one call slot held by a first call whose E2B answer is
    held, and a second call sent behind it: (client, first id, second id), or None (checked)."""
    if not os.path.exists(SMALL_BIN):
        check("%s: binary exists" % where, False, "%s not found (make build/e2b-mcp-small)" % SMALL_BIN)
        return None
    c = McpClient([SMALL_BIN], env=env(), label=where.replace(" ", "-"))
    at_exit(lambda: c.close(2))
    c.initialize()
    SIM.reset()
    SIM.hold(True)
    first = c.send_request("tools/call", {"name": "e2b_get_sandbox", "arguments": {"sandbox_id": SANDBOXES[0]}})
    if not check("%s: the first call holds the one slot" % where, len(SIM.wait_held(1)) == 1, SIM.held()):
        release_all()
        return None
    second = c.send_request("tools/call", {"name": "e2b_get_sandbox", "arguments": {"sandbox_id": SANDBOXES[1]}})
    return c, first, second


def t_small_hol():
    """stdio with every call slot busy (the small profile's one) and a call waiting for it: the lines
    behind that call are still read. A cancel for the call in the slot ends it (its slot goes to the
    waiting call, whose E2B request then opens), and a ping is answered at once; nothing is lost."""
    held = small_slot_held("small hol")
    if not held:
        return
    c, first, second = held
    c.cancel(first)
    pid = c.send_request("ping")
    got = read_or_missing(c, PROMPT_S)
    check("small hol: a ping behind a call that waits for the slot is answered at once",
          isinstance(got, dict) and got.get("id") == pid, str(got)[:300])
    deadline = time.time() + PROMPT_S
    while time.time() < deadline and not any(h["path"].endswith("/" + SANDBOXES[1]) for h in SIM.held()):
        time.sleep(0.02)
    check("small hol: the cancel was read and acted on: the waiting call took the slot",
          any(h["path"].endswith("/" + SANDBOXES[1]) for h in SIM.held()), [h["path"] for h in SIM.held()])
    release_all()
    seen = {}
    try:
        while second not in seen:
            m = c.read_message(ANSWER_WAIT_S)
            seen[m.get("id")] = m
    except McpError:
        pass
    check("small hol: the waiting call is answered with its sandbox, the cancelled one never",
          answers_sandbox(seen.get(second), 1) and first not in seen, {k: str(v)[:100] for k, v in seen.items()})
    c.close(2)


def t_small_cancel_queued():
    """A cancel for a call that still waits for the slot (the small profile's one, held by another
    call) takes it out of the queue: it never starts, E2B never sees it, it is never answered."""
    held = small_slot_held("small cancel queued")
    if not held:
        return
    c, first, second = held
    c.cancel(second)
    pid = c.send_request("ping")
    got = read_or_missing(c, PROMPT_S)
    check("small cancel queued: a ping after the cancel is answered at once", isinstance(got, dict) and got.get("id") == pid, got)
    release_all()
    seen = {}
    try:
        while True:
            m = c.read_message(1.5)
            seen[m.get("id")] = m
    except McpError:
        pass
    sent = [r["path"] for r in SIM.requests() if r["path"].endswith("/" + SANDBOXES[1])]
    check("small cancel queued: the slot's call is answered; the cancelled one never starts nor is answered",
          answers_sandbox(seen.get(first), 0) and second not in seen and not sent,
          ({k: str(v)[:100] for k, v in seen.items()}, sent))
    c.close(2)


# ----------------------------------------------------------------------------- a custom tool asks

ASK_N = 8
ASK_ANSWER = {"action": "accept", "content": {"username": "ada", "email": "ada@example.com"}}


def ask_calls():
    """The 8 E2B calls made while the question waits: one e2b_get_sandbox per seed sandbox, then lists."""
    calls = [{"name": "e2b_get_sandbox", "arguments": {"sandbox_id": sb}} for sb in SANDBOXES]
    while len(calls) < ASK_N:
        calls.append({"name": "e2b_list_sandboxes", "arguments": {}})
    return calls


def ask_checks(where, results, served, final):
    """results: the 8 E2B calls' answers; served: the new tools/call's; final: the asking call's."""
    ok = [r for r in results if isinstance(r, dict) and "result" in r and r["result"].get("isError") is False]
    check("%s: while a custom tool waits for its user, %d E2B calls complete" % (where, ASK_N), len(ok) == ASK_N,
          [str(r)[:160] for r in results])
    check("%s: while it waits, a new tools/call is served" % where,
          isinstance(served, dict) and "simple text response" in str(served.get("result")), str(served)[:300])
    check("%s: the asking call is answered with the user's answer once it comes" % where,
          isinstance(final, dict) and "ada@example.com" in str(final.get("result")) and final["result"].get("isError") is False,
          str(final)[:300])


def read_or_missing(c, timeout):
    """The next answer, or {"missing": why} when none comes in time."""
    try:
        return c.read_message(timeout)
    except McpError as e:
        return {"missing": str(e)}


def wait_or_missing(c, rid, timeout):
    """The answer to rid, or {"missing": why} when it does not come in time."""
    try:
        return c.wait_for(rid, timeout)
    except McpError as e:
        return {"missing": str(e)}


def t_ask_stdio():
    c = McpClient([FIXTURE_BIN, "--stdio"], env=env(), label="ask-stdio")
    at_exit(lambda: c.close(2))
    c.initialize(capabilities={"elicitation": {}})
    SIM.reset()
    aid = c.send_request("tools/call", {"name": "test_elicitation", "arguments": {"message": "Who are you?"}})
    q = c.recv(PROMPT_S)
    if not check("ask stdio: the custom tool's question goes out", q.get("method") == "elicitation/create"
                 and q["params"].get("message") == "Who are you?", q):
        return
    SIM.hold(True)
    ids = [c.send_request("tools/call", call) for call in ask_calls()]
    held = SIM.wait_held(ASK_N)
    check("ask stdio: the %d E2B calls are in flight at once while the question waits" % ASK_N, len(held) == ASK_N,
          "held %d: %s" % (len(held), [h["path"] for h in held]))
    SIM.hold(False)
    got = {}
    try:
        while len(got) < ASK_N:
            m = c.read_message(ANSWER_WAIT_S)
            got[m.get("id")] = m
    except McpError:
        pass
    sid = c.send_request("tools/call", {"name": "test_simple_text", "arguments": {}})
    served = wait_or_missing(c, sid, PROMPT_S)
    c.send({"jsonrpc": "2.0", "id": q["id"], "result": ASK_ANSWER})
    final = wait_or_missing(c, aid, PROMPT_S)
    ask_checks("ask stdio", [got.get(i) for i in ids], served, final)
    c.close(2)


def t_ask_small():
    if not os.path.exists(FIXTURE_SMALL_BIN):
        check("ask small: binary exists", False, "%s not found (make build/fixture-server-small)" % FIXTURE_SMALL_BIN)
        return
    c = McpClient([FIXTURE_SMALL_BIN, "--stdio"], env=env(), label="ask-small")
    at_exit(lambda: c.close(2))
    c.initialize(capabilities={"elicitation": {}})
    SIM.reset()
    aid = c.send_request("tools/call", {"name": "test_elicitation", "arguments": {"message": "Who are you?"}})
    q = c.recv(PROMPT_S)
    if not check("ask small: the custom tool's question goes out", q.get("method") == "elicitation/create", q):
        return
    bid = c.send_request("tools/call", {"name": "e2b_get_sandbox", "arguments": {"sandbox_id": ALICE_PROD}})
    busy = wait_or_missing(c, bid, PROMPT_S)
    sent = [r["path"] for r in SIM.requests() if not r["path"].startswith("/_sim")]
    check("ask small: the question holds the one slot: a call that needs one is told the server is busy, nothing sent",
          "error" in busy and busy["error"].get("message", "").startswith("BUSY: ") and not sent, (busy, sent))
    sid = c.send_request("tools/call", {"name": "test_simple_text", "arguments": {}})
    served = wait_or_missing(c, sid, PROMPT_S)
    check("ask small: a simple tool is still answered", "simple text response" in str(served.get("result")), str(served)[:300])
    c.send({"jsonrpc": "2.0", "id": q["id"], "result": ASK_ANSWER})
    final = wait_or_missing(c, aid, PROMPT_S)
    check("ask small: the asking call ends with its answer, and the slot is free again",
          "ada@example.com" in str(final.get("result")) and "result" in c.call("e2b_get_sandbox", {"sandbox_id": ALICE_PROD}),
          str(final)[:300])
    c.close(2)


# ----------------------------------------------------------------------------- a 2025-03-26 batch

def batch_body():
    """A batch of one e2b_get_sandbox per seed sandbox (ids 1..N), then a ping (id N+1)."""
    return [{"jsonrpc": "2.0", "id": i + 1, "method": "tools/call",
             "params": {"name": "e2b_get_sandbox", "arguments": {"sandbox_id": sb}}} for i, sb in enumerate(SANDBOXES)] + \
        [{"jsonrpc": "2.0", "id": N + 1, "method": "ping"}]


def batch_checks(where, answer):
    """The batch's one answer: an array of its N+1 answers, in its order, each call with its sandbox."""
    ids = [m.get("id") for m in answer] if isinstance(answer, list) else answer
    eq("%s: the batch is answered as one array of its %d answers, in its order" % (where, N + 1), ids, list(range(1, N + 2)))
    check("%s: each call's answer carries its own sandbox, and the ping its empty result" % where,
          isinstance(answer, list) and len(answer) == N + 1 and all(answers_sandbox(answer[i], i) for i in range(N))
          and answer[N].get("result") == {}, str(answer)[:400])


def t_batch_stdio():
    """A batch's calls run in call slots like any others: all N held at once, and the line after
    the batch (a ping) is read and answered while they wait; the array comes when the last ends."""
    c = McpClient([BIN], env=env(), label="batch-stdio")
    at_exit(lambda: c.close(2))
    c.initialize(version="2025-03-26")
    SIM.reset()
    SIM.hold(True)
    c.send(batch_body())
    pid = c.send_request("ping")
    first = read_or_missing(c, PROMPT_S)
    check("stdio batch: a ping sent after the batch is answered while its calls wait for E2B",
          isinstance(first, dict) and first.get("id") == pid, str(first)[:300])
    ns = all_in_flight("stdio batch: its %d calls are in flight at once (the simulator holds %d open)" % (N, N), SIM.wait_held(N))
    for i in ORDER if ns else []:
        SIM.release(n=ns[i])
    release_all()
    answer = read_or_missing(c, ANSWER_WAIT_S)
    batch_checks("stdio batch", answer)
    c.close(2)


def t_batch_cancel():
    """notifications/cancelled for one of a batch's calls while E2B holds its answer: the array
    comes without it (a cancelled request is never answered), with the other call's answer."""
    c = McpClient([BIN], env=env(), label="batch-cancel")
    at_exit(lambda: c.close(2))
    c.initialize(version="2025-03-26")
    SIM.reset()
    SIM.hold(True)
    c.send(batch_body()[:2])
    if not check("batch cancel: both calls are held", len(SIM.wait_held(2)) == 2, SIM.held()):
        release_all()
        return
    c.cancel(1)
    pid = c.send_request("ping")
    first = read_or_missing(c, PROMPT_S)
    check("batch cancel: a ping after the cancel is answered at once", isinstance(first, dict) and first.get("id") == pid, first)
    release_all()
    answer = read_or_missing(c, ANSWER_WAIT_S)
    check("batch cancel: the array holds the other call's answer only",
          isinstance(answer, list) and [m.get("id") for m in answer] == [2] and answers_sandbox(answer[0], 1), str(answer)[:300])
    c.close(2)


def t_batch_http():
    """Over HTTP, whose loop is one thread: while a batch's calls wait for E2B, another client is
    answered at once; the batch's POST gets one array when its last call ends."""
    port, p = start_http(BIN, env())
    at_exit(lambda: stop(p))
    a, b = HttpSession(port, version="2025-03-26"), HttpSession(port)
    SIM.reset()
    SIM.hold(True)
    got = {}

    def batch():
        try:
            r = a.post(json.dumps(batch_body()))
            ev = r.events()
            got["a"] = ev[-1] if r.status == 200 and ev else {"status": r.status, "body": r.body[:200]}
        except Exception as e:  # a refused or dropped connection is an answer too
            got["a"] = {"error": repr(e)}
    t = threading.Thread(target=batch, daemon=True)
    t.start()
    held = SIM.wait_held(N)
    t0 = time.time()
    try:
        r = request(port, "POST", rpc(77, "ping"), b.headers(), timeout=PROMPT_S + 1)
        other = r.events()[-1] if r.status == 200 and r.events() else {"status": r.status}
    except Exception as e:
        other = {"error": repr(e)}
    took = time.time() - t0
    check("http batch: another client's ping is answered at once while the batch's calls wait for E2B",
          other.get("id") == 77 and other.get("result") == {} and took < PROMPT_S, "%.200s after %.1f s" % (other, took))
    ns = all_in_flight("http batch: its %d calls are in flight at once (the simulator holds %d open)" % (N, N), held)
    check("http batch: no answer while a call of the batch still waits", "a" not in got, str(got.get("a"))[:200])
    for i in ORDER if ns else []:
        SIM.release(n=ns[i])
    release_all()
    t.join(ANSWER_WAIT_S)
    batch_checks("http batch", got.get("a", {"missing": "no answer"}))
    check("http batch: the server is still running", p.poll() is None, p.poll())
    stop(p)


# ----------------------------------------------------------------------------- a 2026-07-28 cancel over HTTP

MODERN = "2026-07-28"
MODERN_META = {"io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientCapabilities": {}}


def modern_headers(method, name=None, extra=None):
    h = {"MCP-Protocol-Version": MODERN, "Mcp-Method": method}
    if name:
        h["Mcp-Name"] = name
    h.update(extra or {})
    return h


def modern_cancel(port, rid, extra=None):
    body = json.dumps({"jsonrpc": "2.0", "method": "notifications/cancelled",
                       "params": {"requestId": rid, "reason": "test", "_meta": MODERN_META}})
    return request(port, "POST", body, modern_headers("notifications/cancelled", extra=extra), timeout=PROMPT_S + 1)


def modern_held_call(port, rid, sb, extra=None):
    """Starts a 2026-07-28 e2b_get_sandbox (no session) in a thread; returns (thread, result dict)."""
    got = {}
    body = json.dumps({"jsonrpc": "2.0", "id": rid, "method": "tools/call",
                       "params": {"name": "e2b_get_sandbox", "arguments": {"sandbox_id": sb}, "_meta": MODERN_META}})

    def go():
        try:
            r = request(port, "POST", body, modern_headers("tools/call", "e2b_get_sandbox", extra), timeout=20)
            got["r"] = (r.status, r.events())
        except Exception as e:  # a dropped connection is an answer too
            got["r"] = ("error", repr(e))
        got["t"] = time.time()
    t = threading.Thread(target=go, daemon=True)
    t.start()
    return t, got


def modern_case(where, extra_env, mine, other):
    """A 2026-07-28 call whose E2B answer is held: a cancel with its id from another client leaves
    it running; the same cancel from its own client ends it at once, unanswered, E2B still holding."""
    port, p = start_http(BIN, dict(env(), **extra_env))
    at_exit(lambda: stop(p))
    SIM.reset()
    SIM.hold(True)
    t, got = modern_held_call(port, 41, SANDBOXES[0], mine)
    if not check("%s: the 2026-07-28 call's E2B request is held" % where, len(SIM.wait_held(1)) == 1, SIM.held()):
        release_all()
        stop(p)
        return
    if other is not None:
        r = modern_cancel(port, 41, other)
        check("%s: another client's cancel is accepted (202)" % where, r.status == 202, r.status)
        t.join(1)
        check("%s: another client's cancel naming the same id leaves the call running" % where, "r" not in got, got.get("r"))
    t0 = time.time()
    r = modern_cancel(port, 41, mine)
    check("%s: the call's own client's cancel is accepted (202)" % where, r.status == 202, r.status)
    t.join(PROMPT_S)
    res = got.get("r")
    check("%s: its own client's cancel ends the call at once, without an answer, E2B's still held" % where,
          res is not None and got.get("t", 1e9) - t0 < PROMPT_S and not any(
              isinstance(m, dict) and m.get("id") == 41 for m in (res[1] if isinstance(res[1], list) else [])),
          "%r after %.1f s" % (res, got.get("t", time.time()) - t0))
    release_all()
    stop(p)


def t_modern_cancel():
    other_key = "e2b_" + "1" * 40
    modern_case("modern cancel (keys)", {"E2B_MCP_HTTP_CLIENT_KEYS": "1"}, {"X-E2B-API-Key": KEY}, {"X-E2B-API-Key": other_key})
    modern_case("modern cancel (peer)", {}, None, None)


def t_ask_http():
    port, p = start_fixture(FIXTURE_BIN, env())
    at_exit(lambda: stop(p))
    SIM.reset()
    asker = HttpSession(port, caps={"elicitation": {}})
    sock = asker.stream(rpc(500, "tools/call", {"name": "test_elicitation", "arguments": {"message": "Who are you?"}}))
    at_exit(sock.close)
    raw, msgs = read_until(sock, b"", lambda m, r: any(x.get("method") == "elicitation/create" for x in m), PROMPT_S)
    qs = [x for x in msgs if x.get("method") == "elicitation/create"]
    if not check("ask http: the custom tool's question goes out on its call's stream", len(qs) == 1, raw[-300:]):
        return
    SIM.hold(True)
    others = [HttpSession(port) for _ in range(ASK_N)]
    lock = threading.Lock()
    results = [None] * ASK_N

    def one(i, call):
        try:
            r = request(port, "POST", rpc(600 + i, "tools/call", call), others[i].headers(), timeout=20)
            ev = r.events()
            res = ev[-1] if r.status == 200 and ev else {"status": r.status, "body": r.body[:200]}
        except Exception as e:  # a refused or dropped connection is an answer too
            res = {"error": repr(e)}
        with lock:
            results[i] = res

    threads = [threading.Thread(target=one, args=(i, call), daemon=True) for i, call in enumerate(ask_calls())]
    for t in threads:
        t.start()
    held = SIM.wait_held(ASK_N)
    check("ask http: the %d E2B calls are in flight at once while the question waits" % ASK_N, len(held) == ASK_N,
          "held %d: %s" % (len(held), [h["path"] for h in held]))
    SIM.hold(False)
    for t in threads:
        t.join(ANSWER_WAIT_S)
    try:
        r = others[0].call("tools/call", {"name": "test_simple_text", "arguments": {}})
        served = r.events()[-1] if r.status == 200 and r.events() else {"status": r.status, "body": r.body[:200]}
    except Exception as e:
        served = {"error": repr(e)}
    r = asker.post(json.dumps({"jsonrpc": "2.0", "id": qs[0]["id"], "result": ASK_ANSWER}))
    check("ask http: the answer POST is answered 202", r.status == 202, r.status)
    raw, msgs = read_until(sock, raw, lambda m, r: any(x.get("id") == 500 for x in m), PROMPT_S)
    finals = [x for x in msgs if x.get("id") == 500]
    with lock:
        ask_checks("ask http", list(results), served, finals[-1] if finals else {"missing": raw[-300:].decode("latin-1")})
    sock.close()
    stop(p)


def main():
    global SIM, API_URL
    time_limit(150)
    if not os.path.exists(BIN):
        check("binary exists", False, "%s not found (run make)" % BIN)
        return
    SIM = Sim.from_env() or Sim.start()
    API_URL = os.environ.get("E2B_API_URL") or SIM.url
    at_exit(lambda: SIM.reset())
    note("binary %s, simulator %s, API URL %s, %d calls" % (BIN, SIM.url, API_URL, N))
    run_groups((t_stdio, t_http, t_cancel, t_small, t_small_hol, t_small_cancel_queued, t_ask_stdio, t_ask_http, t_ask_small,
                t_batch_stdio, t_batch_cancel, t_batch_http, t_modern_cancel), after=SIM.reset)


if __name__ == "__main__":
    run(main)
