#!/usr/bin/env python3
"""resources/subscribe on a sandbox, against the E2B simulator, with a server built to poll every
POLL_S (build/e2b-mcp-poll: E2B_MCP_SUBSCRIBE_POLL_MS=300, 2 request buffers and 8 session slots). The sandboxes change state through the
simulator's own E2B API (pause, connect, kill), as another client of E2B would change them.

  stdio   the capability says subscribe: true; URIs that cannot be watched are refused (logs, lists,
          unknown, no uri); a subscribed sandbox paused, resumed, then killed: one
          notifications/resources/updated line each, within a few intervals, every line a whole
          message; unsubscribed: no notification for its next change; E2B is asked at most once per
          interval while a subscription exists, and no more once none does
  http    two sessions, each with its GET stream (text/event-stream, chunked), subscribed to the
          same sandbox: both told of its pause, while the simulator saw one list call per interval;
          GET without a session, with an unknown one, or of 2026-07-28 keeps its answer (405, 404,
          405); a second GET stream replaces the first (which ends); DELETE of a session ends its
          stream and drops its subscription (its resume is told to the other session only, and once
          the last subscriber unsubscribes E2B is not asked any more); 2026-07-28's server/discover
          says subscribe: false
  bufs    6 sessions' GET streams on 2 request buffers: idle, a stream holds none (every session's
          POST is answered); all 6 are told of a change, the buffers taken and given back in turn
  evict   a session evicted to make room for newer ones (8 slots) takes its subscriptions with it
  own     build/fixture-server's test://watched-resource: subscribed, told when the application calls
          e2b_mcp_resource_updated, not after unsubscribe; a sandbox refused without a key of its own
  noreader  a GET stream whose client does not read (small socket buffers): dropped by the write
          timeout while another session stays prompt; the subscription stays with its session
  client-keys  with per-client keys a sandbox cannot be subscribed to (-32602), nothing is polled
  share   one session keeps at most 8 of the 32 entries (the 9th refused saying so, another session still
          subscribes); made-up sandbox ids are told and dropped after the next whole list, freeing the share
  listen  2026-07-28 subscriptions/listen over HTTP: the POST's answer is the stream (text/event-stream),
          acknowledged first with the request's id as subscriptionId and the URIs it can watch (once
          each; not logs, lists or list-changed kinds); a pause told on each stream listening to that
          sandbox with its own subscriptionId, one list call per interval for both; closing a stream
          drops its subscriptions (none left: E2B not asked); no notifications: -32602; a stream's share
          (8 URIs) acknowledged of 10; a fifth stream when four fill the table: refused whole; none for a
          2025 session (-32601); a server that
          stops answers the listen (resultType complete) and ends the stream

Every wait is bounded. Environment as tests/integration/test_stdio.py (E2B_MCP_POLL_BIN: the binary;
SUBSCRIBE_ONLY=t_listen runs that group alone).
"""
import json
import os
import signal
import socket
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from report import at_exit, check, note, run, run_groups, time_limit  # noqa: E402
from sim import KEY as DEFAULT_KEY, ROOT, Sim, ready_line, stop, target_env, track  # noqa: E402
from mcp import HttpSession, McpClient, McpError, dechunk, request, rpc, sse_messages, start_http  # noqa: E402
from seed import ALICE_PROD, ALICE_STG, BOB_STG1, BOB_STG2, NOMETA  # noqa: E402

BIN = os.environ.get("E2B_MCP_POLL_BIN") or os.path.join(ROOT, "build", "e2b-mcp-poll")
FIXTURE_BIN = os.environ.get("E2B_MCP_FIXTURE_BIN") or os.path.join(ROOT, "build", "fixture-server")
KEY = os.environ.get("E2B_TEST_API_KEY") or DEFAULT_KEY
POLL_S = 0.3        # the binary's E2B_MCP_SUBSCRIBE_POLL_MS
NOTE_WAIT_S = 5 * POLL_S + 1.0   # "within a few intervals"
UPDATED = "notifications/resources/updated"

SIM = None
API_URL = None


def env():
    return target_env(SIM)


def uri(sb):
    return "e2b://sandboxes/" + sb


def list_calls():
    """The simulator's list calls since its last clear (GET /v2/sandboxes)."""
    return [r for r in SIM.requests() if r["method"] == "GET" and r["path"] == "/v2/sandboxes"]


def wait_list_calls(n, timeout=5):
    deadline = time.time() + timeout
    while len(list_calls()) < n and time.time() < deadline:
        time.sleep(0.05)
    return len(list_calls())


def e2b(path, method="POST", body=None):
    status, _, _ = SIM.api(path, method, body)
    return status


def pause(sb):
    return e2b("/sandboxes/%s/pause" % sb)


def resume(sb):
    return e2b("/sandboxes/%s/connect" % sb, body={"timeout": 300})


def kill(sb):
    return e2b("/sandboxes/%s" % sb, method="DELETE")


def per_interval(name, calls, seconds):
    """At most one list call per interval over the window (and one more for its edges)."""
    most = int(seconds / POLL_S) + 2
    check(name, 1 <= calls <= most, "%d list call(s) in %.1f s (interval %.1f s: at most %d)" % (calls, seconds, POLL_S, most))


# ----------------------------------------------------------------------------- stdio

def stdio_updates(c, timeout):
    """The resources/updated notifications that arrive within timeout (every line read must parse)."""
    got = []
    deadline = time.time() + timeout
    while True:
        left = deadline - time.time()
        if left <= 0:
            return got
        try:
            msg = c.recv(left)
        except McpError:
            return got
        if msg.get("method") == UPDATED:
            got.append(msg["params"]["uri"])
        else:
            c.notifications.append({"other": msg})


def stdio_wait_update(c, want, timeout=NOTE_WAIT_S):
    """Reads until the notification for want arrives: (arrived, seconds, the notifications read)."""
    t0, got = time.time(), []
    deadline = t0 + timeout
    while time.time() < deadline:
        got += stdio_updates(c, min(0.1, deadline - time.time()))
        if want in got:
            return True, time.time() - t0, got
    return False, time.time() - t0, got


def t_stdio():
    c = McpClient([BIN], env=env(), label="stdio")
    at_exit(lambda: c.close(2))
    init = c.initialize()
    check("stdio: the capability says resources.subscribe: true",
          init["result"]["capabilities"]["resources"].get("subscribe") is True, init["result"]["capabilities"])
    SIM.clear()
    for bad, code, why in ((uri(ALICE_PROD) + "/logs", -32602, "a sandbox's logs"),
                           (uri(ALICE_PROD) + "/metrics", -32602, "a sandbox's metrics"),
                           ("e2b://templates", -32602, "the templates"),
                           ("e2b://nope", -32002, "an unknown URI")):
        r = c.request("resources/subscribe", {"uri": bad})
        check("stdio: subscribing to %s is refused (%d, with a reason)" % (why, code),
              r.get("error", {}).get("code") == code and len(r["error"].get("message", "")) > 30, r)
    r = c.request("resources/subscribe", {})
    check("stdio: a subscribe without params.uri is -32602", r.get("error", {}).get("code") == -32602, r)
    check("stdio: refused subscriptions ask E2B nothing", list_calls() == [], list_calls())

    r = c.request("resources/subscribe", {"uri": uri(ALICE_PROD)})
    check("stdio: subscribing to a running sandbox answers {}", r.get("result") == {}, r)
    r = c.request("resources/subscribe", {"uri": uri(ALICE_STG)})
    check("stdio: a second one answers {}", r.get("result") == {}, r)
    t0 = time.time()
    check("stdio: the first poll comes at once", wait_list_calls(1, 2) >= 1, "no list call within 2 s")
    time.sleep(2 * POLL_S)   # the first poll recorded the states

    check("stdio: the sandbox pauses (simulator)", pause(ALICE_PROD) == 204)
    ok, took, got = stdio_wait_update(c, uri(ALICE_PROD))
    check("stdio: paused -> notifications/resources/updated {uri} within %.1f s" % NOTE_WAIT_S, ok, "%s after %.1f s" % (got, took))
    check("stdio: only the changed sandbox's subscribers are told", uri(ALICE_STG) not in got, got)
    check("stdio: the sandbox resumes (simulator)", resume(ALICE_PROD) in (200, 201))
    ok, took, got = stdio_wait_update(c, uri(ALICE_PROD))
    check("stdio: resumed -> another notification", ok, "%s after %.1f s" % (got, took))
    r = c.request("ping")
    check("stdio: requests are answered between notifications", r.get("result") == {}, r)
    check("stdio: the sandbox is killed (simulator)", kill(ALICE_PROD) == 204)
    ok, took, got = stdio_wait_update(c, uri(ALICE_PROD))
    check("stdio: killed (gone from the list) -> another notification", ok, "%s after %.1f s" % (got, took))
    got = stdio_updates(c, 3 * POLL_S)
    check("stdio: one notification per change, none repeated", got == [], got)

    r = c.request("resources/unsubscribe", {"uri": uri(ALICE_STG)})
    check("stdio: unsubscribe answers {}", r.get("result") == {}, r)
    check("stdio: the unsubscribed sandbox pauses (simulator)", pause(ALICE_STG) == 204)
    got = stdio_updates(c, 4 * POLL_S)
    check("stdio: after unsubscribe, no notification for it", uri(ALICE_STG) not in got, got)
    r = c.request("resources/unsubscribe", {"uri": uri(ALICE_STG)})
    check("stdio: unsubscribing again answers {} too", r.get("result") == {}, r)
    calls, seconds = len(list_calls()), time.time() - t0
    per_interval("stdio: E2B was asked at most once per interval while subscribed", calls, seconds)
    r = c.request("resources/unsubscribe", {"uri": uri(ALICE_PROD)})
    time.sleep(POLL_S)
    SIM.clear()
    time.sleep(4 * POLL_S)
    check("stdio: with no subscription left, E2B is not asked any more", list_calls() == [], list_calls())
    c.close(5)
    check("stdio: the server exits at the end of its input", c.proc.poll() == 0, c.proc.poll())
    resume(ALICE_STG)


# ----------------------------------------------------------------------------- http

class Stream:
    """A session's GET stream: the raw bytes, and the SSE messages read so far."""

    def __init__(self, port, sess, headers=None):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        h = {"Host": "127.0.0.1:%d" % port, "Accept": "text/event-stream", "Mcp-Session-Id": sess.sid,
             "MCP-Protocol-Version": sess.version}
        h.update(headers or {})
        self.sock.sendall(("GET /mcp HTTP/1.1\r\n" + "".join("%s: %s\r\n" % kv for kv in h.items()) + "\r\n").encode())
        self.raw, self.closed = b"", False
        self.pump(lambda: b"\r\n\r\n" in self.raw, 3)
        head = self.raw.partition(b"\r\n\r\n")[0].decode("latin-1").lower()
        self.status = int(head.split(" ", 2)[1]) if head.startswith("http/") else 0
        self.head = head

    def pump(self, until, timeout):
        deadline = time.time() + timeout
        while not until() and not self.closed and time.time() < deadline:
            self.sock.settimeout(max(0.01, min(0.1, deadline - time.time())))
            try:
                b = self.sock.recv(65536)
            except socket.timeout:
                continue
            except OSError:
                b = b""
            if not b:
                self.closed = True
            self.raw += b
        return until()

    def messages(self):
        return sse_messages(dechunk(self.raw.partition(b"\r\n\r\n")[2]).decode())

    def updates(self):
        return [m["params"]["uri"] for m in self.messages() if m.get("method") == UPDATED]

    def wait_update(self, want, n=1, timeout=NOTE_WAIT_S):
        return self.pump(lambda: self.updates().count(want) >= n, timeout)

    def ended(self, timeout=3):
        """The server ended the stream: the last chunk, then the connection closes."""
        self.pump(lambda: self.closed, timeout)
        return self.closed and self.raw.endswith(b"0\r\n\r\n")

    def close(self):
        self.sock.close()


def t_http():
    port, p = start_http(BIN, env())
    at_exit(lambda: stop(p))
    a, b = HttpSession(port), HttpSession(port)
    check("http: the capability says resources.subscribe: true",
          a.init["result"]["capabilities"]["resources"].get("subscribe") is True, a.init["result"]["capabilities"])
    r = request(port, "GET", headers={"Accept": "text/event-stream"})
    check("http: GET /mcp without a session is still 405", r.status == 405 and "POST" in r.headers.get("allow", ""), r.status)
    r = request(port, "GET", headers={"Accept": "text/event-stream", "Mcp-Session-Id": "0" * 32})
    check("http: GET /mcp of an unknown session is 404", r.status == 404, r.status)
    r = request(port, "GET", headers={"Accept": "text/event-stream", "Mcp-Session-Id": a.sid, "MCP-Protocol-Version": "2026-07-28"})
    check("http: a 2026-07-28 GET /mcp is still 405 (no sessions, no GET stream)", r.status == 405, r.status)
    r = request(port, "GET", headers={"Accept": "application/json", "Mcp-Session-Id": a.sid})
    check("http: a GET stream not accepting text/event-stream is 406", r.status == 406, r.status)
    r = request(port, "POST", json.dumps({"jsonrpc": "2.0", "id": 1, "method": "server/discover", "params": {"_meta": {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}}}),
        {"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "server/discover"})
    caps = r.events()[-1].get("result", {}).get("capabilities", {}) if r.status == 200 else {}
    check("http: 2026-07-28's server/discover says resources.subscribe: true (subscriptions/listen's resourceSubscriptions)",
          caps.get("resources", {}).get("subscribe") is True, (r.status, r.body[:300]))

    sa, sb = Stream(port, a), Stream(port, b)
    at_exit(lambda: (sa.close(), sb.close()))
    check("http: GET /mcp with a session opens its stream (200, text/event-stream, chunked)",
          sa.status == 200 and "content-type: text/event-stream" in sa.head and "transfer-encoding: chunked" in sa.head, sa.head)
    for s, name in ((a, "A"), (b, "B")):
        r = s.call("resources/subscribe", {"uri": uri(BOB_STG1)})
        check("http: session %s subscribes to the sandbox ({})" % name, r.status == 200 and r.events()[-1].get("result") == {}, r.body[:300])
    r = a.call("resources/subscribe", {"uri": uri(BOB_STG1) + "/logs"})
    check("http: a sandbox's logs are refused (-32602)", r.events()[-1].get("error", {}).get("code") == -32602, r.body[:300])
    SIM.clear()
    t0 = time.time()
    time.sleep(2 * POLL_S)
    check("http: the sandbox pauses (simulator)", pause(BOB_STG1) == 204)
    ok_a = sa.wait_update(uri(BOB_STG1))
    ok_b = sb.wait_update(uri(BOB_STG1))
    seconds, calls = time.time() - t0, len(list_calls())
    check("http: paused -> session A's GET stream gets notifications/resources/updated", ok_a, sa.raw[-300:])
    check("http: paused -> session B's GET stream gets it too", ok_b, sb.raw[-300:])
    check("http: each as one SSE message event", b"event: message\ndata: " in dechunk(sa.raw.partition(b"\r\n\r\n")[2]), sa.raw[-200:])
    per_interval("http: two sessions subscribed, one list call per interval", calls, seconds)
    check("http: the list calls use the server's key", all(r["team"] for r in list_calls()), list_calls()[:1])
    r = a.call("ping")
    check("http: a POST is answered while the stream is open", r.status == 200, r.status)

    # a second GET stream on A replaces the first, which ends
    sa2 = Stream(port, a)
    at_exit(sa2.close)
    check("http: a second GET stream of a session is opened (200)", sa2.status == 200, sa2.head)
    check("http: ... and the first one ends (the last chunk, closed)", sa.ended(), sa.raw[-100:])

    # DELETE B: its stream ends and its subscription goes
    r = request(port, "DELETE", headers={"Mcp-Session-Id": b.sid})
    check("http: DELETE of session B answers 200", r.status == 200, r.status)
    check("http: ... and ends B's GET stream", sb.ended(), sb.raw[-100:])
    check("http: the sandbox resumes (simulator)", resume(BOB_STG1) in (200, 201))
    check("http: resumed -> A's new stream is told", sa2.wait_update(uri(BOB_STG1)), sa2.raw[-300:])
    r = a.call("resources/unsubscribe", {"uri": uri(BOB_STG1)})
    check("http: A unsubscribes ({})", r.events()[-1].get("result") == {}, r.body[:200])
    time.sleep(POLL_S)
    SIM.clear()
    time.sleep(4 * POLL_S)
    check("http: no subscription left (B's dropped with its session): E2B is not asked any more",
          list_calls() == [], list_calls())
    # the first subscriber of a new session after the others: still works, and stop ends the stream
    r = a.call("resources/subscribe", {"uri": uri(BOB_STG2)})
    time.sleep(2 * POLL_S)
    check("http: another sandbox is killed (simulator)", kill(BOB_STG2) == 204)
    check("http: killed -> A is told", sa2.wait_update(uri(BOB_STG2)), sa2.raw[-300:])
    p.send_signal(signal.SIGTERM)
    check("http: the server stopping ends the GET stream", sa2.ended(5), sa2.raw[-100:])
    try:
        p.wait(10)
    except Exception:
        pass
    check("http: the server exits", p.poll() is not None, p.poll())


MODERN = "2026-07-28"
LISTEN_META = {"io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientCapabilities": {}}
SUB_ID = "io.modelcontextprotocol/subscriptionId"


class Listen(Stream):
    """A 2026-07-28 subscriptions/listen: a POST whose answer is the stream."""

    def __init__(self, port, rid, notifications):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        body = json.dumps({"jsonrpc": "2.0", "id": rid, "method": "subscriptions/listen",
                           "params": {"_meta": LISTEN_META, "notifications": notifications}}).encode()
        h = {"Host": "127.0.0.1:%d" % port, "Accept": "application/json, text/event-stream", "Content-Type": "application/json",
             "MCP-Protocol-Version": MODERN, "Mcp-Method": "subscriptions/listen", "Content-Length": str(len(body))}
        self.sock.sendall(("POST /mcp HTTP/1.1\r\n" + "".join("%s: %s\r\n" % kv for kv in h.items()) + "\r\n").encode() + body)
        self.raw, self.closed = b"", False
        self.pump(lambda: len(self.messages()) >= 1, 3)
        head = self.raw.partition(b"\r\n\r\n")[0].decode("latin-1").lower()
        self.status = int(head.split(" ", 2)[1]) if head.startswith("http/") else 0
        self.head = head

    def messages(self):
        body = self.raw.partition(b"\r\n\r\n")[2]
        if "text/event-stream" not in self.raw.partition(b"\r\n\r\n")[0].decode("latin-1").lower():
            try:
                return [json.loads(dechunk(body).decode() or "null")] if body else []
            except ValueError:
                return []
        return sse_messages(dechunk(body).decode())

    def told(self):
        return [(m["params"]["uri"], m["params"].get("_meta", {}).get(SUB_ID)) for m in self.messages() if m.get("method") == UPDATED]

    def wait_told(self, want, timeout=NOTE_WAIT_S):
        return self.pump(lambda: want in self.told(), timeout)


def t_listen():
    """2026-07-28 subscriptions/listen over HTTP: the answer is the stream."""
    port, p = start_http(BIN, env())
    at_exit(lambda: stop(p))
    SIM.clear()
    a = Listen(port, "listen-1", {"resourceSubscriptions": [uri(BOB_STG1), uri(ALICE_PROD), uri(BOB_STG1) + "/logs",
                                                               "e2b://templates", uri(BOB_STG1)], "toolsListChanged": True})
    at_exit(a.close)
    check("listen: 200, text/event-stream, kept open", a.status == 200 and "content-type: text/event-stream" in a.head and not a.closed, a.head)
    first = (a.messages() or [{}])[0]
    check("listen: its first message acknowledges it, with the listen request's id as subscriptionId",
          first.get("method") == "notifications/subscriptions/acknowledged" and first["params"]["_meta"] == {SUB_ID: "listen-1"}, first)
    check("listen: what it agreed to: the two sandboxes once each (not the logs, a list, the duplicate, nor toolsListChanged: "
          "this server's lists do not change)",
          first.get("params", {}).get("notifications") == {"resourceSubscriptions": [uri(BOB_STG1), uri(ALICE_PROD)]}, first)
    b = Listen(port, 7, {"resourceSubscriptions": [uri(ALICE_PROD)]})
    at_exit(b.close)
    check("listen: a second stream, its id a number", (b.messages() or [{}])[0].get("params", {}).get("_meta") == {SUB_ID: 7}, b.messages()[:1])
    time.sleep(2 * POLL_S)
    SIM.clear()
    t0 = time.time()
    check("listen: a sandbox pauses (simulator)", pause(BOB_STG1) == 204)
    check("listen: paused -> notifications/resources/updated on the stream, with its subscriptionId",
          a.wait_told((uri(BOB_STG1), "listen-1")), a.raw[-300:])
    check("listen: the other stream (not listening to it) is not told", (uri(BOB_STG1), 7) not in b.told(), b.told())
    check("listen: another sandbox pauses (simulator)", pause(ALICE_PROD) == 204)
    ok_a, ok_b = a.wait_told((uri(ALICE_PROD), "listen-1")), b.wait_told((uri(ALICE_PROD), 7))
    check("listen: both streams listening to it are told, each with its own subscriptionId", ok_a and ok_b, (a.told(), b.told()))
    per_interval("listen: two streams, one list call per interval", len(list_calls()), time.time() - t0)
    r = request(port, "POST", json.dumps({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {
        "name": "e2b_get_sandbox", "arguments": {"sandbox_id": BOB_STG1}, "_meta": LISTEN_META}}),
        {"MCP-Protocol-Version": MODERN, "Mcp-Method": "tools/call", "Mcp-Name": "e2b_get_sandbox"})
    check("listen: a request is answered while the streams are open", r.status == 200 and r.events()[-1].get("result"), r.status)
    # the client ends a stream by closing it: its subscriptions go
    a.close()
    time.sleep(2 * POLL_S)
    check("listen: the first sandbox resumes (simulator)", resume(BOB_STG1) in (200, 201))
    check("listen: the second sandbox resumes (simulator)", resume(ALICE_PROD) in (200, 201))
    check("listen: the open stream is told of its sandbox's resume too",
          b.pump(lambda: b.told().count((uri(ALICE_PROD), 7)) >= 2, NOTE_WAIT_S), b.told())
    b.close()
    time.sleep(2 * POLL_S)
    SIM.clear()
    time.sleep(4 * POLL_S)
    check("listen: both streams closed: their subscriptions went, E2B is not asked any more", list_calls() == [], list_calls())
    # refused: no notifications object; more URIs than the table has room for; a 2025 session
    r = Listen(port, 9, None)
    m = (r.messages() or [{}])[0]
    check("listen: without notifications: -32602, no stream", m.get("error", {}).get("code") == -32602 and "text/event-stream" not in r.head,
          (r.head[:80], m))
    # the shares: a stream is a client's session, 8 of the table's 32 entries at most; a full table refuses
    SIM.seed(40)
    ids = [sb["sandboxID"] for sb in SIM.state()["sandboxes"] if sb.get("state") == "running"][:40]
    streams = [Listen(port, 20 + k, {"resourceSubscriptions": [uri(x) for x in ids[10 * k:10 * k + 10]]}) for k in range(4)]
    for st in streams:
        at_exit(st.close)
    acks = [(st.messages() or [{}])[0].get("params", {}).get("notifications", {}).get("resourceSubscriptions") for st in streams]
    check("listen: 10 URIs on one stream: its share, the first 8, acknowledged (the ack names them)",
          all(a == [uri(x) for x in ids[10 * k:10 * k + 8]] for k, a in enumerate(acks)), acks)
    full = Listen(port, 30, {"resourceSubscriptions": [uri(ids[0])]})
    m = (full.messages() or [{}])[0]
    check("listen: four streams hold the table's 32 entries: a fifth is refused whole (Too many subscriptions), no stream",
          "Too many subscriptions" in m.get("error", {}).get("message", "") and "text/event-stream" not in full.head, m)
    for st in streams:
        st.close()
    s25 = HttpSession(port)
    r = s25.call("subscriptions/listen", {"notifications": {"resourceSubscriptions": [uri(BOB_STG1)]}})
    check("listen: a 2025-11-25 session has no subscriptions/listen (-32601: it subscribes)",
          r.events()[-1].get("error", {}).get("code") == -32601, r.body[:200])
    # a server that stops ends a listen with its result
    c = Listen(port, "listen-2", {"resourceSubscriptions": [uri(BOB_STG2)]})
    at_exit(c.close)
    p.send_signal(signal.SIGTERM)
    c.pump(lambda: c.closed, 5)
    last = (c.messages() or [{}])[-1]
    check("listen: the server stopping answers the listen (resultType complete, its subscriptionId) and ends the stream",
          last.get("id") == "listen-2" and last.get("result") == {"resultType": "complete", "_meta": {SUB_ID: "listen-2"}} and
          c.raw.endswith(b"0\r\n\r\n"), (last, c.raw[-80:]))
    try:
        p.wait(10)
    except Exception:
        pass


def t_http_bufs():
    """More GET streams than request buffers (the binary has E2B_MCP_HTTP_BUFS=2): idle, a stream
    holds none, so every session is still served, and a notification to each takes one in turn."""
    n = 6
    port, p = start_http(BIN, env())
    at_exit(lambda: stop(p))
    sessions = [HttpSession(port) for _ in range(n)]
    streams = [Stream(port, s) for s in sessions]
    at_exit(lambda: [st.close() for st in streams])
    check("bufs: %d GET streams open on 2 request buffers" % n, all(st.status == 200 for st in streams), [st.status for st in streams])
    answered = 0
    for s in sessions:
        r = s.call("resources/subscribe", {"uri": uri(NOMETA)})
        answered += r.status == 200 and r.events()[-1].get("result") == {}
    check("bufs: with %d idle streams open, every session's POST is answered (idle streams hold no buffer)" % n, answered == n, answered)
    time.sleep(2 * POLL_S)
    check("bufs: the sandbox pauses (simulator)", pause(NOMETA) == 204)
    told = sum(st.wait_update(uri(NOMETA)) for st in streams)
    check("bufs: all %d streams are told, through 2 request buffers" % n, told == n, "%d of %d" % (told, n))
    r = sessions[0].call("ping")
    check("bufs: the buffers came back (a POST is answered after)", r.status == 200, r.status)
    stop(p)


def t_own():
    """A resource of the application's own (build/fixture-server's test://watched-resource): subscribed
    over HTTP, told when the application calls e2b_mcp_resource_updated (its tool test_touch_watched)."""
    p = subprocess.Popen([FIXTURE_BIN, "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env={"PATH": os.environ.get("PATH", "")})
    track(p)
    port = int(ready_line(p, "fixture-server").split()[1])
    a = HttpSession(port)
    st = Stream(port, a)
    at_exit(st.close)
    r = a.call("resources/subscribe", {"uri": "test://watched-resource"})
    check("own: subscribing to a resource of the application's answers {}", r.events()[-1].get("result") == {}, r.body[:300])
    r = a.call("resources/subscribe", {"uri": uri(ALICE_PROD)})
    err = r.events()[-1].get("error", {})
    check("own: without an E2B key of the server's own, a sandbox is refused (-32602, says why)",
          err.get("code") == -32602 and "key" in err.get("message", ""), err)
    r = a.call("tools/call", {"name": "test_touch_watched", "arguments": {}})
    text = r.events()[-1].get("result", {}).get("content", [{}])[0].get("text")
    check("own: e2b_mcp_resource_updated says one subscription was told", text == "1 subscription(s) told", text)
    check("own: ... and the session's GET stream gets notifications/resources/updated", st.wait_update("test://watched-resource", 1, 3), st.raw[-300:])
    r = a.call("resources/unsubscribe", {"uri": "test://watched-resource"})
    r = a.call("tools/call", {"name": "test_touch_watched", "arguments": {}})
    text = r.events()[-1].get("result", {}).get("content", [{}])[0].get("text")
    check("own: unsubscribed, nobody is told", text == "0 subscription(s) told" and not st.wait_update("test://watched-resource", 2, 1), text)
    stop(p)


def t_noreader():
    """A GET stream whose client never reads: its notifications pile up (a 32 KiB send buffer through
    build/sndbuf-shim.so, a 4 KiB receive buffer) until the write timeout (1 s) drops it, as any answer
    a client does not take; another session's requests stay prompt meanwhile."""
    shim = os.path.join(ROOT, "build", "sndbuf-shim.so")
    p = subprocess.Popen([FIXTURE_BIN, "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         env={"PATH": os.environ.get("PATH", ""), "LD_PRELOAD": shim})
    track(p)
    port = int(ready_line(p, "fixture-server").split()[1])
    a, b = HttpSession(port), HttpSession(port)
    nr = socket.socket()
    nr.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    nr.connect(("127.0.0.1", port))
    nr.sendall(("GET /mcp HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nAccept: text/event-stream\r\nMcp-Session-Id: %s\r\n"
                "MCP-Protocol-Version: %s\r\n\r\n" % (port, a.sid, a.version)).encode())
    at_exit(nr.close)
    r = a.call("resources/subscribe", {"uri": "test://watched-resource"})
    check("noreader: subscribed ({})", r.events()[-1].get("result") == {}, r.body[:200])
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    t0, worst, told, n = time.time(), 0.0, [], 0
    while time.time() - t0 < 3:   # about 150 bytes a notification: the buffers fill within the first second
        n += 1
        if n % 20 == 0:   # the other session, on its keep-alive connection
            t1 = time.time()
            b.post(rpc(1, "ping"), sock=sock)
            worst = max(worst, time.time() - t1)
            continue
        r = a.post(rpc(1, "tools/call", {"name": "test_touch_watched", "arguments": {}}))
        told.append((r.events() or [{}])[-1].get("result", {}).get("content", [{}])[0].get("text"))
    sock.close()
    check("noreader: another session stays prompt while the stream's notifications pile up", worst < 1.5, "worst %.2f s" % worst)
    nr.settimeout(3)
    raw, closed = b"", False
    deadline = time.time() + 5
    while time.time() < deadline:
        try:
            got = nr.recv(65536)
        except socket.timeout:
            break
        except OSError:
            closed = True
            break
        if not got:
            closed = True
            break
        raw += got
    note("noreader: %d notifications read after the drop, worst ping %.2f s" % (raw.count(b"resources/updated"), worst))
    check("noreader: the stream that is not read is dropped (closed, without the last chunk)",
          closed and not raw.endswith(b"0\r\n\r\n") and raw.count(b"resources/updated") > 50,
          "closed %s, %d notifications read after, ends %r" % (closed, raw.count(b"resources/updated"), raw[-20:]))
    check("noreader: the subscription outlives its stream (its session lives on)", told and told[-1] == "1 subscription(s) told", told[-1:])
    stop(p)


def t_evict():
    """A session evicted to make room (8 session slots, its client not connected) takes its
    subscriptions with it."""
    port, p = start_http(BIN, env())
    at_exit(lambda: stop(p))
    a = HttpSession(port)
    SIM.clear()
    r = a.call("resources/subscribe", {"uri": uri(ALICE_STG)})
    check("evict: session A subscribes ({})", r.events()[-1].get("result") == {}, r.body[:200])
    check("evict: the poll runs", wait_list_calls(1, 2) >= 1, "no list call")
    others = [HttpSession(port) for _ in range(8)]   # the eighth new one takes the slot of the least recently used: A
    r = a.call("ping")
    check("evict: 8 newer sessions on 8 slots: A's ended (404)", r.status == 404 and len(others) == 8, r.status)
    time.sleep(POLL_S)
    SIM.clear()
    time.sleep(4 * POLL_S)
    check("evict: its subscription went with it: E2B is not asked any more", list_calls() == [], list_calls())
    stop(p)


def t_client_keys():
    """Per-client keys: the server keeps no client's key past its call, so it cannot watch a sandbox."""
    port, p = start_http(BIN, dict(env(), E2B_MCP_HTTP_CLIENT_KEYS="1"))
    at_exit(lambda: stop(p))
    a = HttpSession(port, headers={"X-E2B-API-Key": KEY})
    r = a.call("resources/subscribe", {"uri": uri(ALICE_PROD)})
    err = r.events()[-1].get("error", {})
    check("client keys: subscribing to a sandbox is refused (-32602, says why)",
          err.get("code") == -32602 and "own E2B key" in err.get("message", ""), err)
    SIM.clear()
    time.sleep(3 * POLL_S)
    check("client keys: nothing is polled", list_calls() == [], list_calls())
    stop(p)


def t_share():
    """Issue 31: one session cannot take the whole table (32 entries, 8 each), and made-up sandbox ids do not
    keep entries: a sandbox that the first whole list made after the subscription does not hold is told and dropped."""
    real = [SIM.api("/sandboxes", "POST", {"templateID": "base", "timeout": 300})[2]["sandboxID"] for _ in range(9)]
    port, p = start_http(BIN, env())
    at_exit(lambda: stop(p))
    a, b = HttpSession(port), HttpSession(port)
    res = [a.call("resources/subscribe", {"uri": uri(sb)}).events()[-1] for sb in real]
    check("share: a session subscribes to 8 sandboxes, the 9th is refused saying so (E2B_MCP_SUBSCRIPTIONS_PER_SESSION)",
          all(r.get("result") == {} for r in res[:8]) and "Too many subscriptions for this session" in res[8].get("error", {}).get("message", ""),
          res[8])
    r = b.call("resources/subscribe", {"uri": uri(real[8])})
    check("share: another session still subscribes", r.status == 200 and r.events()[-1].get("result") == {}, r.body[:300])
    res = [b.call("resources/subscribe", {"uri": uri("madeup%014d" % i)}).events()[-1] for i in range(7)]
    time.sleep(4 * POLL_S + 0.5)   # a poll made after them: the made-up ones are not in the whole list
    res += [b.call("resources/subscribe", {"uri": uri("other%015d" % i)}).events()[-1] for i in range(7)]
    check("share: made-up sandboxes are dropped after the next poll, so the session's share is free again (7 + 7 made-up, "
          "beside a real one, all taken)", all(r.get("result") == {} for r in res), [r for r in res if "error" in r][:1])
    r = a.call("resources/subscribe", {"uri": uri(real[8])}).events()[-1]
    check("share: real sandboxes stay subscribed after the polls (the 9th still refused)",
          "Too many subscriptions for this session" in r.get("error", {}).get("message", ""), r)
    stop(p)
    c = McpClient([BIN], env=env(), label="stdio-share")
    at_exit(lambda: c.close(2))
    c.initialize()
    c.send_raw(rpc(70, "resources/subscribe", {"uri": uri("nosuchsandbox00000001")}))
    got = c.read_message(timeout=5)
    arrived, secs, _ = stdio_wait_update(c, uri("nosuchsandbox00000001"))
    check("share over stdio: a made-up sandbox is subscribed, then told (resources/updated) after the next poll and dropped",
          got.get("result") == {} and arrived, (got, arrived, secs))
    c.close(2)


def main():
    global SIM, API_URL
    time_limit(120)
    if not os.path.exists(BIN):
        check("binary exists", False, "%s not found (make %s)" % (BIN, os.path.relpath(BIN, ROOT)))
        return
    SIM = Sim.from_env() or Sim.start()
    API_URL = os.environ.get("E2B_API_URL") or SIM.url
    at_exit(lambda: SIM.reset())
    note("binary %s, simulator %s, poll interval %.1f s" % (BIN, SIM.url, POLL_S))
    run_groups([g for g in (t_stdio, t_http, t_listen, t_http_bufs, t_evict, t_own, t_noreader, t_client_keys, t_share)
                if not os.environ.get("SUBSCRIBE_ONLY") or g.__name__ == os.environ["SUBSCRIBE_ONLY"]], after=SIM.reset)


if __name__ == "__main__":
    run(main)
