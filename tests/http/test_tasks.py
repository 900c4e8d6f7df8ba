"""Long calls as tasks (the io.modelcontextprotocol/tasks extension, SEP-2663: tasks/get, tasks/update,
tasks/cancel) over build/e2b-mcp --http, with the simulator holding E2B's answers (hold mode) and two
users' OAuth access tokens from oidc-provider (tests/keystore/oidc_clients.mjs), so a task has an owner.

For 2026-07-28 requests and a 2025-11-25 session that declare the extension: a create is answered at once
with a task (resultType task, 32 hex digits, working, ttlMs, pollIntervalMs) while E2B still holds its
request; polled, it is working, then completed with the tool's own result (the sandbox E2B made) once E2B
answers; another user's tasks/get and tasks/cancel are told there is no such task, and the task runs on;
tasks/cancel of a working one answers at once and the task says cancelled, whether the request had
reached E2B; a finished task is gone after its time (E2B_MCP_TASK_TTL_MS); a read is answered as before;
a client that does not declare the extension gets the result itself and has no tasks/get (-32601);
server/discover names the extension for a client that declares it."""
import json
import os
import re
import socket
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from report import at_exit, check, eq, run  # noqa: E402
from sim import BUILD, ROOT, Sim, server_env, stop, track  # noqa: E402
from issuer import start_client_issuer  # noqa: E402
from mcp import HttpSession, request, rpc, start_http  # noqa: E402

BIN = os.path.join(BUILD, "e2b-mcp")
NPM = os.path.join(BUILD, "npm")
NODE = os.path.join(NPM, "node22", "node_modules", "node", "bin", "node")
RESOURCE = "https://mcp.example.test/mcp"
MODERN = "2026-07-28"
TASKS = {"extensions": {"io.modelcontextprotocol/tasks": {}}}
TTL_MS = 3000
SIM = None


def start_issuer(workdir):
    return start_client_issuer(NODE, NPM, RESOURCE, ["alice-app", "bob-app"], os.path.join(workdir, "jwks.json"))

class Modern:
    """2026-07-28 requests of one user (its token; None: no Authorization), declaring caps, each on a new
    connection from src (a loopback address)."""

    def __init__(self, port, token, caps, src="127.0.0.1"):
        self.port, self.token, self.caps, self.n, self.src = port, token, caps, 100, src

    def __call__(self, method, params, name=None):
        self.n += 1
        p = dict(params)
        p["_meta"] = {"io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientCapabilities": self.caps}
        h = {"MCP-Protocol-Version": MODERN, "Mcp-Method": method, "Authorization": "Bearer " + self.token if self.token else None}
        if method == "tools/call":
            h["Mcp-Name"] = p["name"]
        elif method.startswith("tasks/"):
            h["Mcp-Name"] = p.get("taskId", "")
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.settimeout(20)
        sock.bind((self.src, 0))
        sock.connect(("127.0.0.1", self.port))
        try:
            r = request(self.port, "POST", rpc(self.n, method, p), h, sock=sock, timeout=20)
        finally:
            sock.close()
        return r.events()[-1] if r.status in (200, 400, 404) and r.body else {"status": r.status}


class Legacy:
    def __init__(self, port, token, caps):
        self.s = HttpSession(port, token=token, caps=caps)

    def __call__(self, method, params, name=None):
        return self.s.call(method, params).events()[-1]


def held_creates():
    return [h for h in SIM.held() if h["method"] == "POST" and h["path"] == "/v2/sandboxes"]


def wait(pred, timeout=10):
    deadline = time.time() + timeout
    while time.time() < deadline:
        v = pred()
        if v:
            return v
        time.sleep(0.1)
    return pred()


def poll(client, tid, want, timeout=10):
    last = {}

    def done():
        nonlocal last
        last = client("tasks/get", {"taskId": tid}).get("result", {})
        return last.get("status") == want
    wait(done, timeout)
    return last


def era(label, alice, bob, plain):
    """One era's checks: alice and bob declare the extension, plain does not."""
    SIM.reset()
    SIM.hold(True)
    r = alice("tools/call", {"name": "e2b_create_sandbox", "arguments": {"template_id": "base", "timeout": 120}})
    task = r.get("result", {})
    tid = task.get("taskId", "")
    check("%s: a create is answered at once with a task while E2B holds its request" % label,
          task.get("resultType") == "task" and re.fullmatch(r"[0-9a-f]{32}", tid) and task.get("status") == "working" and
          task.get("ttlMs") == TTL_MS and task.get("pollIntervalMs", 0) > 0 and wait(lambda: len(held_creates()) == 1, 5), (r, SIM.held()))
    check("%s: createdAt and lastUpdatedAt are RFC 3339 times" % label,
          all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", task.get(k, "")) for k in ("createdAt", "lastUpdatedAt")), task)
    g = alice("tasks/get", {"taskId": tid}).get("result", {})
    check("%s: tasks/get: working, resultType complete" % label, g.get("status") == "working" and g.get("resultType") == "complete", g)
    other = bob("tasks/get", {"taskId": tid})
    check("%s: another user's tasks/get: no such task (-32602), nothing told" % label,
          other.get("error", {}).get("code") == -32602 and tid not in json.dumps(other), other)
    other = bob("tasks/cancel", {"taskId": tid})
    check("%s: another user's tasks/cancel: no such task, and the task runs on" % label,
          other.get("error", {}).get("code") == -32602 and alice("tasks/get", {"taskId": tid}).get("result", {}).get("status") == "working", other)
    SIM.release(match="/v2/sandboxes")
    done = poll(alice, tid, "completed")
    made = [sb["sandboxID"] for sb in SIM.state()["sandboxes"] if sb.get("templateID") == "rki5dems9wqfm4r03t7g" and
            sb["sandboxID"].startswith("imwt2")]
    sc = done.get("result", {}).get("structuredContent", {})
    check("%s: polled to completion: the tool's own result, the sandbox E2B made" % label,
          done.get("status") == "completed" and sc.get("sandboxID") in made and done["result"].get("content"), (done, made))
    # cancelled while E2B holds it
    r = alice("tools/call", {"name": "e2b_create_sandbox", "arguments": {"template_id": "base", "timeout": 120}})
    tid2 = r.get("result", {}).get("taskId", "")
    wait(lambda: len(held_creates()) == 1, 5)
    c = alice("tasks/cancel", {"taskId": tid2})
    check("%s: tasks/cancel of a working task: acknowledged (resultType complete)" % label, c.get("result") == {"resultType": "complete"}, c)
    g = alice("tasks/get", {"taskId": tid2}).get("result", {})
    check("%s: ... it says cancelled, and that its request had reached E2B" % label,
          g.get("status") == "cancelled" and "reached E2B" in g.get("statusMessage", ""), g)
    SIM.release(match="/v2/sandboxes")
    time.sleep(0.5)
    g = alice("tasks/get", {"taskId": tid2}).get("result", {})
    check("%s: ... and stays cancelled (terminal) when E2B answers later" % label, g.get("status") == "cancelled" and "result" not in g, g)
    SIM.hold(False)
    # a read is not a task; a client without the extension gets today's answers
    r = alice("tools/call", {"name": "e2b_get_sandbox", "arguments": {"sandbox_id": "ialiceprod00000000001"}})
    check("%s: a read is answered as before (no task)" % label,
          r.get("result", {}).get("structuredContent", {}).get("sandboxID") == "ialiceprod00000000001" and
          r["result"].get("resultType") != "task", r)
    r = plain("tools/call", {"name": "e2b_create_sandbox", "arguments": {"template_id": "base", "timeout": 120}})
    check("%s: a client that does not declare the extension gets the create's result itself" % label,
          r.get("result", {}).get("structuredContent", {}).get("sandboxID") and r["result"].get("resultType") != "task", r)
    r = plain("tasks/get", {"taskId": tid})
    check("%s: ... and has no tasks/get (-32601)" % label, r.get("error", {}).get("code") == -32601, r)
    # expiry
    time.sleep(TTL_MS / 1000.0 + 0.3)
    g = alice("tasks/get", {"taskId": tid})
    check("%s: after its time (%d ms) the task is gone: no such task" % (label, TTL_MS), g.get("error", {}).get("code") == -32602, g)


def start_task(client):
    """A create answered with a task while E2B holds it: its id ("" when none came)."""
    r = client("tools/call", {"name": "e2b_create_sandbox", "arguments": {"template_id": "base", "timeout": 120}})
    wait(lambda: len(held_creates()) == 1, 5)
    return r.get("result", {}).get("taskId", "")


def status(client, tid):
    r = client("tasks/get", {"taskId": tid})
    return r.get("result", {}).get("status") or r.get("error", {}).get("code")


def owned_by_principal(port, alice, bob):
    """A task belongs to the principal admitted for its request (the identity sessions are bound to), not to the
    session or the connection it came over: its owner reaches it from a new session and from a 2026-07-28 request;
    another principal does from neither."""
    SIM.reset()
    SIM.hold(True)
    tid = start_task(Legacy(port, alice, TASKS))
    seen = {"alice, a new 2025 session": status(Legacy(port, alice, TASKS), tid),
            "alice, a 2026-07-28 request": status(Modern(port, alice, TASKS), tid),
            "bob, a new 2025 session": status(Legacy(port, bob, TASKS), tid),
            "bob, a 2026-07-28 request": status(Modern(port, bob, TASKS), tid)}
    SIM.release(match="/v2/sandboxes")
    check("a task made in alice's 2025 session: alice finds it from a new session and a 2026-07-28 request (working); bob "
          "from neither (no such task, -32602)",
          len(tid) == 32 and list(seen.values()) == ["working", "working", -32602, -32602], (tid, seen))
    SIM.hold(False)


def static_token_tasks():
    """The static token (E2B_MCP_HTTP_TOKEN) is one principal, whoever holds it: its task is reached from another
    address; with no authentication at all (loopback), nobody said who, and a task stays with the address it came from."""
    tok = "static-token-for-tasks-0123456789"
    for label, env, token, want in (("the static token", {"E2B_MCP_HTTP_TOKEN": tok}, tok, "working"),
                                    ("no authentication (loopback)", {}, None, -32602)):
        SIM.reset()
        SIM.hold(True)
        port, p = start_http(BIN, server_env(SIM.port, extra=dict({"E2B_MCP_TASK_TTL_MS": str(TTL_MS)}, **env)))
        tid = start_task(Modern(port, token, TASKS))
        here, there = status(Modern(port, token, TASKS), tid), status(Modern(port, token, TASKS, src="127.0.0.2"), tid)
        SIM.release(match="/v2/sandboxes")
        check("%s: a task made from 127.0.0.1 is %s from 127.0.0.2 (%r), and found from where it came" %
              (label, "found" if want == "working" else "not found", want),
              len(tid) == 32 and here == "working" and there == want, (tid, here, there))
        SIM.hold(False)
        stop(p)


def main():
    global SIM
    SIM = Sim.start()
    work = os.path.join(BUILD, "tasks-test")
    os.makedirs(work, exist_ok=True)
    op, issuer, jwks, token = start_issuer(work)
    at_exit(lambda: stop(op))
    port, p = start_http(BIN, server_env(SIM.port, extra={"E2B_MCP_AUTH_ISSUER": issuer, "E2B_MCP_AUTH_RESOURCE": RESOURCE,
                                                          "E2B_MCP_AUTH_JWKS_FILE": jwks, "E2B_MCP_TASK_TTL_MS": str(TTL_MS)}))
    at_exit(lambda: stop(p))
    alice, bob = token("alice-app"), token("bob-app")
    dc = Modern(port, alice, TASKS)("server/discover", {}).get("result", {})
    check("server/discover names the tasks extension for a client that declares it",
          "io.modelcontextprotocol/tasks" in dc.get("capabilities", {}).get("extensions", {}), dc.get("capabilities"))
    dc = Modern(port, alice, {})("server/discover", {}).get("result", {})
    check("... and not for one that does not", "extensions" not in dc.get("capabilities", {}), dc.get("capabilities"))
    era("2026-07-28", Modern(port, alice, TASKS), Modern(port, bob, TASKS), Modern(port, alice, {}))
    era("2025-11-25", Legacy(port, alice, TASKS), Legacy(port, bob, TASKS), Legacy(port, alice, {}))
    owned_by_principal(port, alice, bob)
    static_token_tasks()
    SIM.hold(False)
    stop(p)


run(main)
