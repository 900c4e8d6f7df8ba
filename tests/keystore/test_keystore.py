"""Identity decides the E2B key (issue 19): e2b-mcp --http as an OAuth protected resource with a key
store (E2B_MCP_KEYSTORE_FILE). Access tokens for several subjects come from a real authorization
server (oidc-provider from npm, client_credentials: a token's sub is its client's id); the simulator's
request log shows which E2B key each request carried. Checked: `e2b-mcp keys add|remove|list` (the key
from stdin only, refused in argv; list shows no key; the file holds no key in clear, mode 0600, written
whole), each subject's calls carry its own key and never another's, two teams see their own sandboxes,
a 429 cools down one key only, a subject without a key is told what to ask the admin and nothing reaches
E2B, `keys add` then SIGHUP makes a new user work (and a removal, a broken file), a group claim
(E2B_MCP_KEYSTORE_CLAIM), a wrong or missing master secret at start, and no key or token in any answer,
stderr or output. The audit log (E2B_MCP_AUDIT_LOG): one JSON line per call checked field by field
(time, subject, client, tool, group, sandbox, arguments with secrets redacted, E2B's status, outcome,
duration), the "started" line written before a write or kill goes to E2B, reads only with
E2B_MCP_AUDIT_READS=1, opened again on SIGHUP after a rotation moved it, over stdio to stderr too, and
never a key, a token or a secret argument in it; forged input (deep nesting with line breaks, invalid
UTF-8, an escaped secret name, a key/value pair) through the 403 path and a call refused for its
arguments is one valid JSON line each with no secret, and a read-only user's flood of refusals is one
summary line with its count (issue 31)."""
import base64
import json
import os
import re
import signal
import stat
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import report  # noqa: E402
from report import check  # noqa: E402
from sim import BUILD, KEY, ROOT, Sim, server_env, stop, track  # noqa: E402
from issuer import ALL_SCOPES, start_client_issuer  # noqa: E402
from mcp import init_params, request, rpc  # noqa: E402
from seed import KEY2  # noqa: E402

BIN = os.path.join(BUILD, "e2b-mcp")
DIR = os.path.join(BUILD, "keystore", "http")
NPM = os.path.join(BUILD, "npm")
NODE22 = os.path.join(NPM, "node22", "node_modules", "node", "bin", "node")
RESOURCE = "https://mcp.example.test/mcp"
MASTER = "b3f1c0ffee" * 4
STORE = os.path.join(DIR, "keys.store")
KEY3 = "e2b_" + "ab" * 20   # well-formed, of no team: never to be sent
SEEN = []   # every answer body and every output, checked for secrets at the end
TOKENS = []


def leaks(text):
    """Whether a key, or 16 characters of a token's claims or signature, appear in text."""
    if any(k in text for k in (KEY, KEY2, KEY3, MASTER)):
        return True
    for tok in TOKENS:
        for p in tok.split(".")[1:]:
            if any(p[i:i + 16] in text for i in range(0, len(p) - 15, 8)):
                return True
    return False


def keys(*args, stdin=None, env=None):
    e = dict(os.environ, E2B_MCP_KEYSTORE_FILE=STORE, E2B_MCP_KEYSTORE_MASTER=MASTER)
    e.update(env or {})
    q = subprocess.run([BIN, "keys"] + list(args), input=(stdin or "").encode(), capture_output=True, env=e, timeout=10)
    SEEN.append(q.stdout.decode() + q.stderr.decode())
    return q


class Server:
    def __init__(self, sim, issuer, jwks, extra=None, key=KEY3):
        env = server_env(sim.port, key=key, extra={
            "E2B_MCP_AUTH_ISSUER": issuer, "E2B_MCP_AUTH_RESOURCE": RESOURCE, "E2B_MCP_AUTH_JWKS_FILE": jwks,
            "E2B_MCP_KEYSTORE_FILE": STORE, "E2B_MCP_KEYSTORE_MASTER": MASTER})
        env.update(extra or {})
        self.p = track(subprocess.Popen([BIN, "--http", "127.0.0.1:0"], stdin=subprocess.DEVNULL,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env))
        self.err = []
        line = self.p.stderr.readline().decode()
        while line and "listening on" not in line:
            self.err.append(line)
            line = self.p.stderr.readline().decode()
        self.err.append(line)
        if "listening on" not in line:
            raise RuntimeError("e2b-mcp did not start: %s" % "".join(self.err))
        self.port = int(line.rsplit(":", 1)[1].split("/")[0].split()[0])
        threading.Thread(target=lambda: [self.err.append(b.decode(errors="replace"))
                                         for b in iter(self.p.stderr.readline, b"")], daemon=True).start()

    def hup(self, want):
        """SIGHUP, then waits for a stderr line that says want."""
        before = len(self.err)
        self.p.send_signal(signal.SIGHUP)
        deadline = time.time() + 10
        while time.time() < deadline:
            if any(want in l for l in self.err[before:]):
                return "".join(self.err[before:])
            time.sleep(0.05)
        return None

    def stop(self):
        stop(self.p)
        SEEN.append("".join(self.err))


class Client:
    """A 2025 session opened with one access token."""

    def __init__(self, port, tok, version="2025-11-25"):
        self.port, self.h = port, {"Authorization": "Bearer " + tok}
        r = request(port, "POST", rpc(1, "initialize", init_params(version)), self.h)
        SEEN.append(r.body)
        assert r.status == 200, (r.status, r.body[:200])
        self.h.update({"Mcp-Session-Id": r.headers.get("mcp-session-id"), "MCP-Protocol-Version": version})
        request(port, "POST", rpc(None, "notifications/initialized"), self.h)

    def post(self, body):
        r = request(self.port, "POST", body, self.h)
        SEEN.append(r.body + str(r.headers))
        return r

    def call(self, name, args=None):
        r = self.post(rpc(7, "tools/call", {"name": name, "arguments": args or {}}))
        ev = r.events()[-1] if r.status == 200 else {}
        return ev.get("result", {"isError": True, "content": [{"type": "text", "text": r.body}]})


def text(res):
    return " ".join(c.get("text", "") for c in res.get("content", []))


def sent_keys(sim):
    return [q["headers"].get("x-api-key") for q in sim.requests()]


def start_issuer():
    node = NODE22 if os.path.exists(NODE22) else "node"
    op, issuer, jwks, mint = start_client_issuer(node, NPM, RESOURCE, ["alice-app", "bob-app", "carol-app", "team-app", "lone-app"],
                                                 os.path.join(DIR, "jwks.json"),
                                                 ["--groups", "team-app=red,blue", "--groups", "lone-app=red"])

    def token(client, scope=ALL_SCOPES):
        tok = mint(client, scope)
        TOKENS.append(tok)   # so no output may hold it
        return tok
    return op, issuer, jwks, token

def claims(tok):
    p = tok.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(p + "=" * (-len(p) % 4)))


def test_keys_command():
    for f in (STORE, STORE + ".tmp"):
        if os.path.exists(f):
            os.unlink(f)
    q = keys("list")
    check("keys list: no store yet is an empty list", q.returncode == 0 and q.stdout == b"" and b"0 subject" in q.stderr, q.stderr)
    q = keys("add", "alice-app", stdin=KEY + "\n")
    check("keys add: the key from stdin", q.returncode == 0 and b"added" in q.stderr, q.stderr)
    q = keys("add", "bob-app", stdin=KEY2)
    check("keys add: a second subject (no line break needed)", q.returncode == 0, q.stderr)
    q = keys("add", "carol-app", KEY2)
    check("keys add: a key in argv is refused, saying it is read from stdin",
          q.returncode == 2 and b"stdin" in q.stderr and b"never from the command line" in q.stderr, q.stderr)
    q = keys("add", KEY2, stdin=KEY2)
    check("keys add: a key given as the subject is refused", q.returncode == 2 and b"looks like an E2B key" in q.stderr, q.stderr)
    q = keys("add", "carol-app", stdin="")
    check("keys add: nothing on stdin is refused", q.returncode == 2 and b"no key on stdin" in q.stderr, q.stderr)
    q = keys("add", "carol-app", stdin="sk_e2b_" + "0" * 40)
    check("keys add: a personal token (not a team key) is refused", q.returncode == 2 and b"not an E2B team API key" in q.stderr, q.stderr)
    q = keys("list")
    lines = q.stdout.decode().splitlines()
    check("keys list: the two subjects, each with an 8-hex fingerprint, carol-app not added",
          q.returncode == 0 and [l.split("\t")[0] for l in lines] == ["alice-app", "bob-app"] and
          all(re.fullmatch(r"[0-9a-f]{8}", l.split("\t")[1]) for l in lines), lines)
    check("keys list: never a key", not leaks(q.stdout.decode() + q.stderr.decode()), q.stdout)
    raw = open(STORE, "rb").read()
    check("the store file holds no key, no part of one, and no subject in clear",
          raw[:8] == b"E2BKEYS2" and not any(k[i:i + 8].encode() in raw for k in (KEY, KEY2) for i in range(0, 40, 4)) and
          b"alice" not in raw, raw[:16])
    check("the store file is mode 0600, and no temporary file is left",
          stat.S_IMODE(os.stat(STORE).st_mode) == 0o600 and not [f for f in os.listdir(DIR) if ".tmp" in f], oct(os.stat(STORE).st_mode))
    q = keys("list", env={"E2B_MCP_KEYSTORE_MASTER": MASTER[:-1] + "x"})
    check("keys list with another master secret: a clear error, nothing listed",
          q.returncode == 2 and q.stdout == b"" and b"master secret" in q.stderr, q.stderr)
    q = keys("remove", "nobody")
    check("keys remove of an unknown subject says so", q.returncode == 1 and b"no key for 'nobody'" in q.stderr, q.stderr)
    mf = os.path.join(DIR, "master.txt")
    open(mf, "w").write(MASTER + "\n")
    q = keys("list", env={"E2B_MCP_KEYSTORE_MASTER": "", "E2B_MCP_KEYSTORE_MASTER_FILE": mf})
    check("the master secret from a file (E2B_MCP_KEYSTORE_MASTER_FILE) opens the same store",
          q.returncode == 0 and len(q.stdout.decode().splitlines()) == 2, q.stderr)
    q = keys("list", env={"E2B_MCP_KEYSTORE_MASTER": "short"})
    check("a master secret under 32 characters is refused", q.returncode == 2 and b"shorter than 32" in q.stderr, q.stderr)


def test_two_users(sim, issuer, jwks, token):
    srv = Server(sim, issuer, jwks)
    check("the server says it takes each caller's key from the store", "key store" in "".join(srv.err), srv.err)
    ta, tb, tc = token("alice-app"), token("bob-app"), token("carol-app")
    check("oidc-provider's tokens name the three subjects", [claims(t).get("sub") for t in (ta, tb, tc)] ==
          ["alice-app", "bob-app", "carol-app"], [claims(t).get("sub") for t in (ta, tb, tc)])
    a, b, c = Client(srv.port, ta), Client(srv.port, tb), Client(srv.port, tc)
    bad = []
    for i in range(4):   # interleaved: each call's requests carry its caller's key, never the other's
        for who, cl, k in (("alice", a, KEY), ("bob", b, KEY2)):
            sim.clear()
            res = cl.call("e2b_list_sandboxes")
            got = sent_keys(sim)
            if res.get("isError") or not got or any(x != k for x in got):
                bad.append((i, who, got, text(res)[:100]))
    check("alice's calls carry alice's key and bob's bob's, interleaved 4 times each, never the other's", not bad, bad)
    sim.clear()
    res = a.call("e2b_create_sandbox", {"template_id": "base", "metadata": {"who": "alice"}})
    sid = (res.get("structuredContent") or {}).get("sandboxID", "")
    check("alice creates a sandbox with her key", not res.get("isError") and sid and sent_keys(sim) == [KEY], text(res)[:200])
    la, lb = text(a.call("e2b_list_sandboxes")), text(b.call("e2b_list_sandboxes"))
    check("two teams: alice lists her sandbox, bob (another team, his own key) does not", sid in la and sid not in lb, (sid, lb[:200]))
    # a 429 cools down alice's key only
    sim.clear()
    sim.fault("^/v2/sandboxes$", method="GET", status=429, retry_after=60, key=KEY)
    r1 = a.call("e2b_list_sandboxes")
    sim.clear()
    r2, r3 = a.call("e2b_list_sandboxes"), b.call("e2b_list_sandboxes")
    check("cool-downs per key: after alice's 429 her next call sends nothing, bob's goes on with his key",
          "429" in text(r1) and r2.get("isError") and "no request" in text(r2) and not r3.get("isError") and sent_keys(sim) == [KEY2],
          (text(r2)[:120], sent_keys(sim)))
    sim.clear_faults()
    # a subject without a key
    names = [t["name"] for t in c.post(rpc(3, "tools/list")).events()[-1]["result"]["tools"]]
    sim.clear()
    res = c.call("e2b_list_sandboxes")
    check("no key: carol still lists the tools", "e2b_list_sandboxes" in names, names)
    check("no key: carol's call is an error naming her subject and what to ask the admin",
          res.get("isError") and "carol-app" in text(res) and "admin" in text(res) and "e2b-mcp keys add" in text(res), text(res))
    res2 = c.call("e2b_create_sandbox", {"template_id": "base"})
    check("no key: nothing reached E2B (neither call), not the server's E2B_API_KEY either",
          sim.requests() == [] and res2.get("isError"), sim.requests()[:1])
    # keys add, then SIGHUP: carol works, with her key
    q = keys("add", "carol-app", stdin=KEY2 + "\n")
    said = srv.hup("read again")
    check("keys add, then SIGHUP: the server reads the store again", q.returncode == 0 and said and "3 subject" in said, said)
    sim.clear()
    res = c.call("e2b_list_sandboxes")
    check("after SIGHUP carol's call goes through, with her key (the same session)",
          not res.get("isError") and sent_keys(sim) == [KEY2], (text(res)[:150], sent_keys(sim)))
    # remove bob, SIGHUP: bob is told, nothing reaches E2B
    keys("remove", "bob-app")
    srv.hup("read again")
    sim.clear()
    res = b.call("e2b_list_sandboxes")
    check("keys remove, then SIGHUP: bob's call is refused and sends nothing",
          res.get("isError") and "bob-app" in text(res) and sim.requests() == [], (text(res)[:150], sim.requests()[:1]))
    # a store that cannot be opened: the one in use stays
    good = open(STORE, "rb").read()
    broken = bytearray(good)
    broken[30] ^= 1
    open(STORE, "wb").write(bytes(broken))
    said = srv.hup("unchanged")
    sim.clear()
    res = c.call("e2b_list_sandboxes")   # carol: alice's key still waits out its 429
    check("an altered store file at SIGHUP: refused, said precisely (altered, not another master secret), and the store in use stays",
          said and "altered or cut short (the master secret is the right one)" in said and not res.get("isError") and sent_keys(sim) == [KEY2], (said, sent_keys(sim)))
    open(STORE, "wb").write(good)
    check("the server is still alive", srv.p.poll() is None)
    srv.stop()


def test_group_claim(sim, issuer, jwks, token):
    keys("add", "blue", stdin=KEY2)
    srv = Server(sim, issuer, jwks, extra={"E2B_MCP_KEYSTORE_CLAIM": "groups"})
    tt, tl = token("team-app"), token("lone-app")
    check("oidc-provider adds the groups claim", claims(tt).get("groups") == ["red", "blue"], claims(tt))
    sim.clear()
    res = Client(srv.port, tt).call("e2b_list_sandboxes")
    check("E2B_MCP_KEYSTORE_CLAIM=groups: the first group with a key (blue) decides the key",
          not res.get("isError") and sent_keys(sim) == [KEY2], (text(res)[:150], sent_keys(sim)))
    sim.clear()
    res = Client(srv.port, tl).call("e2b_list_sandboxes")
    check("groups with no key: the error names the group, nothing reaches E2B",
          res.get("isError") and "red" in text(res) and sim.requests() == [], text(res)[:200])
    sim.clear()
    res = Client(srv.port, token("alice-app")).call("e2b_list_sandboxes")
    check("groups: a token without the claim has no key (its sub is not asked)", res.get("isError") and sim.requests() == [], text(res)[:200])
    srv.stop()


SECRET_ENV = "hunter2-" + "9f" * 8   # an env var's value: a secret the log must not keep


def read_log(path, started=False):
    """The records of an audit log; the "started" lines (written before a write or kill goes to E2B)
    only when asked for."""
    try:
        text = open(path).read()
    except FileNotFoundError:
        return []
    SEEN.append(text)
    return [r for r in (json.loads(l) for l in text.splitlines() if l.strip()) if started or r.get("outcome") != "started"]


def test_audit(sim, issuer, jwks, token):
    log = os.path.join(DIR, "audit.log")
    for f in (log, log + ".1"):
        if os.path.exists(f):
            os.unlink(f)
    srv = Server(sim, issuer, jwks, extra={"E2B_MCP_AUDIT_LOG": log, "E2B_MCP_ENABLE_KILL": "1"})
    ta = token("alice-app")
    a = Client(srv.port, ta)
    t0 = time.time()
    a.call("e2b_list_sandboxes")
    res = a.call("e2b_create_sandbox", {"template_id": "base", "metadata": {"team": "blue"},
                                        "env_vars": {"DB_PASSWORD": SECRET_ENV}, "timeout": 120})
    sid = (res.get("structuredContent") or {}).get("sandboxID", "")
    k = a.call("e2b_kill_sandbox", {"sandbox_id": sid})
    bad = a.call("e2b_kill_sandbox", {"sandbox_id": "inosuchsandbox0000001"})
    nk = Client(srv.port, token("lone-app")).call("e2b_create_sandbox", {"template_id": "base"})
    before = len(sim.e2b_requests())
    ro = Client(srv.port, token("bob-app", "e2b:read")).post(
        rpc(8, "tools/call", {"name": "e2b_kill_sandbox", "arguments": {"sandbox_id": sid, "api_key": SECRET_ENV}}))
    lines = read_log(log)
    check("audit: reads are not logged by default; create, kill, a failed kill, a refused create and a kill beyond "
          "the token's scope are (5 lines)",
          [l.get("tool") for l in lines] == ["e2b_create_sandbox", "e2b_kill_sandbox", "e2b_kill_sandbox", "e2b_create_sandbox",
                                             "e2b_kill_sandbox"], [l.get("tool") for l in lines])
    fl = lines[4] if len(lines) > 4 else {}
    check("audit: a kill beyond the token's scope: 403, outcome forbidden, its subject, group kill, its sandbox, "
          "a secret-named argument redacted, nothing sent to E2B",
          ro.status == 403 and fl.get("outcome") == "forbidden" and fl.get("subject") == "bob-app" and fl.get("group") == "kill" and
          fl.get("sandbox_id") == sid and fl.get("e2b_status") is None and
          fl.get("arguments") == {"sandbox_id": sid, "api_key": "[redacted]"} and len(sim.e2b_requests()) == before,
          (ro.status, fl))
    every = read_log(log, started=True)
    check("audit: a write or a kill has its started line before it goes to E2B (its tool, subject, sandbox argument, "
          "no status), then its record; a refusal has none",
          [(l.get("tool"), l.get("outcome")) for l in every] ==
          [("e2b_create_sandbox", "started"), ("e2b_create_sandbox", "ok"), ("e2b_kill_sandbox", "started"), ("e2b_kill_sandbox", "ok"),
           ("e2b_kill_sandbox", "started"), ("e2b_kill_sandbox", "error"), ("e2b_create_sandbox", "no_key"), ("e2b_kill_sandbox", "forbidden")]
          and every[2].get("sandbox_id") == sid and every[2].get("e2b_status") is None and every[0].get("subject") == "alice-app",
          [(l.get("tool"), l.get("outcome")) for l in every])
    check("audit: the 403's JSON-RPC error answers the request's id (8), not null",
          ro.status == 403 and json.loads(ro.body or "{}").get("id") == 8, ro.body[:200])
    c = lines[0] if lines else {}
    ts = c.get("time", "")
    check("audit: time is UTC ISO 8601 of the call", re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", ts) is not None and
          abs(time.mktime(time.strptime(ts, "%Y-%m-%dT%H:%M:%SZ")) - time.timezone - t0) < 30, ts)
    check("audit: subject, client and group of the create",
          c.get("subject") == "alice-app" and c.get("client") == "http" and c.get("group") == "write", c)
    check("audit: the create's sandbox is the one it made", sid and c.get("sandbox_id") == sid, (sid, c.get("sandbox_id")))
    args = c.get("arguments", {})
    check("audit: the arguments as given, the env var's value redacted, its name kept",
          args.get("template_id") == "base" and args.get("metadata") == {"team": "blue"} and args.get("timeout") == 120 and
          args.get("env_vars") == {"DB_PASSWORD": "[redacted]"}, args)
    check("audit: E2B's status, the outcome and the duration of the create",
          c.get("e2b_status") in (200, 201) and c.get("outcome") == "ok" and isinstance(c.get("duration_ms"), int) and
          0 <= c["duration_ms"] < 30000, c)
    kl = lines[1] if len(lines) > 1 else {}
    check("audit: the kill: group kill, its sandbox, E2B's 204, ok",
          not k.get("isError") and kl.get("group") == "kill" and kl.get("sandbox_id") == sid and kl.get("e2b_status") == 204 and
          kl.get("outcome") == "ok" and kl.get("arguments") == {"sandbox_id": sid}, kl)
    bl = lines[2] if len(lines) > 2 else {}
    check("audit: a kill E2B refused: its 404 and outcome error",
          bad.get("isError") and bl.get("e2b_status") == 404 and bl.get("outcome") == "error" and bl.get("sandbox_id") == "inosuchsandbox0000001", bl)
    nl = lines[3] if len(lines) > 3 else {}
    check("audit: a caller without a key: outcome no_key, no E2B status, its subject",
          nk.get("isError") and nl.get("outcome") == "no_key" and nl.get("e2b_status") is None and nl.get("subject") == "lone-app", nl)
    # rotation: the file moved, SIGHUP, the next line goes to a new file at the same path
    os.rename(log, log + ".1")
    said = srv.hup("")   # the signal only; nothing is said
    time.sleep(0.5)
    a.call("e2b_create_sandbox", {"template_id": "base"})
    old, new = read_log(log + ".1"), read_log(log)
    check("audit: after the file was moved and SIGHUP, the next line is in a new file, the moved one unchanged",
          len(old) == 5 and [l.get("tool") for l in new] == ["e2b_create_sandbox"] and new[0].get("subject") == "alice-app", (len(old), new))
    srv.stop()
    check("audit: nothing secret in the log: no key, token, or env var value",
          not any(leaks(open(f).read()) or SECRET_ENV in open(f).read() for f in (log, log + ".1")))
    # reads by option
    srv = Server(sim, issuer, jwks, extra={"E2B_MCP_AUDIT_LOG": log, "E2B_MCP_AUDIT_READS": "1"})
    Client(srv.port, ta).call("e2b_list_sandboxes", {"limit": 5})
    srv.stop()
    rl = read_log(log)[-1:]
    check("audit: with E2B_MCP_AUDIT_READS=1 a read is logged too (group read, E2B's 200, its arguments)",
          rl and rl[0].get("tool") == "e2b_list_sandboxes" and rl[0].get("group") == "read" and rl[0].get("e2b_status") == 200 and
          rl[0].get("arguments") == {"limit": 5} and rl[0].get("sandbox_id") is None, rl)
    # stdio, to stderr: no subject, client stdio
    env = server_env(sim.port, extra={"E2B_MCP_AUDIT_LOG": "-"})
    msgs = [rpc(1, "initialize", init_params()), rpc(None, "notifications/initialized"),
            rpc(2, "tools/call", {"name": "e2b_create_sandbox", "arguments": {"template_id": "base", "env_vars": {"TOKEN": SECRET_ENV}}})]
    q = subprocess.run([BIN], input=("\n".join(msgs) + "\n").encode(), capture_output=True, env=env, timeout=20)
    err = q.stderr.decode()
    SEEN.append(err)
    got = [r for r in (json.loads(l) for l in err.splitlines() if l.startswith("{")) if r.get("outcome") != "started"]
    check("audit over stdio to stderr: subject null, client stdio, the create with its env var redacted",
          len(got) == 1 and got[0].get("subject") is None and got[0].get("client") == "stdio" and got[0].get("outcome") == "ok" and
          got[0].get("arguments", {}).get("env_vars") == {"TOKEN": "[redacted]"} and SECRET_ENV not in err, got)


FORGED = (b'{"sandbox_id":"sbxforged0000000000001","api_key":"tok-ak","metadata":{"a":{"b":{"c":{"d":{"e":{"f":{"g":{"h":[\n'
          b'{"time":"2026-01-01T00:00:00Z","subject":"admin","client":"http","tool":"e2b_kill_sandbox","outcome":"ok"}\n,'
          b'{"password":"tok-deep"}\r\n]}}}}}}}},"note":"bl\xffue \xc3","pass\\u0077ord":"tok-esc",'
          b'"pairs":[{"key":"api_token","value":"tok-kv"},{"name":"team","value":"blue"}]}')


def test_audit_forged(sim, issuer, jwks, token):
    """Issue 31, items 1 and 2: forged records through the 403 path and through a call refused for its arguments,
    and a read-only user's flood of refusals summarised."""
    log = os.path.join(DIR, "audit-forged.log")
    if os.path.exists(log):
        os.unlink(log)
    srv = Server(sim, issuer, jwks, extra={"E2B_MCP_AUDIT_LOG": log, "E2B_MCP_ENABLE_KILL": "1", "E2B_MCP_AUDIT_REFUSALS_S": "2"})
    before = len(sim.e2b_requests())
    bob = Client(srv.port, token("bob-app", "e2b:read"))
    body = b'{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"e2b_kill_sandbox","arguments":' + FORGED + b'}}'
    r403 = bob.post(body)
    alice = Client(srv.port, token("alice-app"))
    rbad = alice.post(body.replace(b"e2b_kill_sandbox", b"e2b_create_sandbox"))
    time.sleep(0.3)
    text = open(log, "rb").read()
    SEEN.append(text.decode(errors="replace"))
    lines = text.split(b"\n")[:-1]
    ok = []
    for l in lines:
        try:
            ok.append(json.loads(l.decode("utf-8")))
        except (UnicodeDecodeError, ValueError):
            pass
    check("audit, forged input (deep nesting with line breaks and a record on its own line, invalid UTF-8, an escaped "
          "secret name, a key/value pair) through the 403 path and a call refused for its arguments: exactly one line "
          "each, valid UTF-8 JSON, no secret, nothing sent to E2B",
          r403.status == 403 and len(lines) == 2 and len(ok) == 2 and [l.get("outcome") for l in ok] == ["forbidden", "error"] and
          [l.get("subject") for l in ok] == ["bob-app", "alice-app"] and b"tok-" not in text and b"admin" not in text and
          len(sim.e2b_requests()) == before, (r403.status, rbad.status, text[:600]))
    a = ok[0].get("arguments", {}) if ok else {}
    check("audit, forged input: the arguments as decoded: cut at depth with a marker, U+FFFD for the bad bytes, the escaped "
          "password and the pair's value redacted, the pair's name kept",
          a.get("api_key") == "[redacted]" and a.get("password") == "[redacted]" and a.get("note") == "bl\ufffdue \ufffd" and
          a.get("pairs") == [{"key": "api_token", "value": "[redacted]"}, {"name": "team", "value": "blue"}] and
          json.dumps(a.get("metadata")).count("[too deep]") == 1, a)
    # a read-only user refused again and again: one record per interval, the rest counted
    t0 = time.time()
    refused = 0
    for i in range(300):
        refused += bob.post(rpc(9, "tools/call", {"name": "e2b_kill_sandbox", "arguments": {"sandbox_id": "sbx%05d" % i}})).status == 403
    time.sleep(max(0, 2.6 - (time.time() - t0)))
    deadline = time.time() + 5
    while time.time() < deadline and b'"count"' not in open(log, "rb").read():
        time.sleep(0.1)
    recs = read_log(log)
    summ = [l for l in recs if l.get("count") is not None]
    check("audit: 300 more refusals of one read-only subject within the interval are one summary record with their count "
          "(not 300 lines), once the interval is over",
          refused == 300 and len(recs) == 3 and len(summ) == 1 and summ[0].get("count") == 300 and summ[0].get("subject") == "bob-app" and
          summ[0].get("outcome") == "forbidden" and summ[0].get("last_tool") == "e2b_kill_sandbox", (refused, len(recs), summ))
    bob.post(rpc(9, "tools/call", {"name": "e2b_kill_sandbox", "arguments": {"sandbox_id": "sbxnext"}}))
    time.sleep(0.3)
    recs = read_log(log)
    check("audit: the next interval's first refusal is written in full again",
          len(recs) == 4 and recs[-1].get("arguments") == {"sandbox_id": "sbxnext"} and recs[-1].get("outcome") == "forbidden", recs[-1:])
    srv.stop()


def test_audit_batch(sim, issuer, jwks, token):
    """The refusal fold goes by request: every member of the 2025-03-26 batch whose refusal is written in full has
    its own forbidden line; lone refusals and a later batch in the same interval are counted, and the count is
    written when the server stops (SIGTERM)."""
    log = os.path.join(DIR, "audit-batch.log")
    if os.path.exists(log):
        os.unlink(log)
    srv = Server(sim, issuer, jwks, extra={"E2B_MCP_AUDIT_LOG": log, "E2B_MCP_ENABLE_KILL": "1", "E2B_MCP_AUDIT_REFUSALS_S": "600"})
    before = len(sim.e2b_requests())
    tok = token("bob-app", "e2b:read")
    bob = Client(srv.port, tok, "2025-03-26")

    def batch(first, kills):
        return bob.post("[" + ",".join([rpc(first, "tools/call", {"name": "e2b_create_sandbox", "arguments": {"template_id": "base"}}),
                                        rpc(first + 1, "tools/call", {"name": "e2b_list_sandboxes", "arguments": {}})] +
                                       [rpc(first + 2 + i, "tools/call", {"name": "e2b_kill_sandbox", "arguments": {"sandbox_id": k}})
                                        for i, k in enumerate(kills)]) + "]")
    b1 = batch(21, ["sbxbatch1", "sbxbatch2", "sbxbatch3"])
    time.sleep(0.2)
    recs = read_log(log)
    check("audit: a 2025-03-26 batch with four calls beyond a read-only token's scope (a create, three kills): one forbidden "
          "line each, its own sandbox on each kill, the allowed read unlogged, nothing sent to E2B",
          b1.status == 200 and [(l.get("tool"), l.get("outcome"), l.get("subject"), l.get("sandbox_id")) for l in recs] ==
          [("e2b_create_sandbox", "forbidden", "bob-app", None)] +
          [("e2b_kill_sandbox", "forbidden", "bob-app", "sbxbatch%d" % i) for i in (1, 2, 3)] and
          all(m == "GET" for m, _ in sim.e2b_requests()[before:]), (b1.status, recs))
    lone = [bob.post(rpc(40 + i, "tools/call", {"name": "e2b_kill_sandbox", "arguments": {"sandbox_id": "sbxlone%d" % i}})).status
            for i in range(5)]
    b2 = batch(50, ["sbxlater1", "sbxlater2"])
    time.sleep(0.2)
    recs = read_log(log)
    check("audit: in the same interval, 5 lone refusals and a later batch of 3 refused members are counted, not written "
          "(a flood of requests or of batches still folds)",
          b2.status == 200 and len(recs) == 4 and all(r.get("count") is None for r in recs), (lone, b2.status, recs[4:]))
    srv.stop()
    recs = read_log(log)
    summ = [r for r in recs if r.get("count") is not None]
    check("audit: the server stopped by SIGTERM writes the interval's summary first: 8 refusals of bob-app counted",
          len(recs) == 5 and len(summ) == 1 and summ[0].get("count") == 8 and summ[0].get("subject") == "bob-app" and
          summ[0].get("outcome") == "forbidden", recs[4:])


def test_setup(sim, issuer, jwks):
    def run(env):
        e = server_env(sim.port, key=KEY3, extra=dict({"E2B_MCP_AUTH_ISSUER": issuer, "E2B_MCP_AUTH_RESOURCE": RESOURCE,
                                                       "E2B_MCP_AUTH_JWKS_FILE": jwks, "E2B_MCP_KEYSTORE_FILE": STORE,
                                                       "E2B_MCP_KEYSTORE_MASTER": MASTER}, **env))
        e = {k: v for k, v in e.items() if v is not None}
        q = subprocess.run([BIN, "--http", "127.0.0.1:0"], capture_output=True, env=e, timeout=10)
        SEEN.append(q.stderr.decode())
        return q
    q = run({"E2B_MCP_KEYSTORE_MASTER": MASTER[::-1]})
    check("a wrong master secret: a clear error at start", q.returncode == 2 and b"cannot be opened with this master secret" in q.stderr
          and b"E2B_MCP_KEYSTORE_MASTER" in q.stderr, q.stderr)
    q = run({"E2B_MCP_KEYSTORE_MASTER": None})
    check("no master secret: a clear error at start", q.returncode == 2 and b"master secret" in q.stderr, q.stderr)
    q = run({"E2B_MCP_AUTH_ISSUER": None})
    check("a key store without an issuer is refused at start", q.returncode == 2 and b"E2B_MCP_AUTH_ISSUER" in q.stderr, q.stderr)
    q = run({"E2B_MCP_HTTP_CLIENT_KEYS": "1"})
    check("a key store with per-client keys is refused at start", q.returncode == 2 and b"E2B_MCP_HTTP_CLIENT_KEYS" in q.stderr, q.stderr)
    q = run({"E2B_MCP_AUDIT_LOG": os.path.join(DIR, "no", "such", "dir", "audit.log")})
    check("an audit log that cannot be opened is refused at start", q.returncode == 2 and b"E2B_MCP_AUDIT_LOG" in q.stderr, q.stderr)


def test_audit_forbidden_key(sim, issuer, jwks, token):
    """A caller's own key typed into an argument whose name is not a secret's is masked in the forbidden record too
    (the core's scope check records from the request's context, where the store's key is not NUL-terminated)."""
    log = os.path.join(DIR, "audit-key.log")
    if os.path.exists(log):
        os.unlink(log)
    srv = Server(sim, issuer, jwks, extra={"E2B_MCP_AUDIT_LOG": log, "E2B_MCP_ENABLE_KILL": "1"})
    before = len(sim.e2b_requests())
    r = Client(srv.port, token("carol-app", "e2b:read")).post(
        rpc(7, "tools/call", {"name": "e2b_kill_sandbox", "arguments": {"sandbox_id": "sbxmask", "note": "key " + KEY2 + " here"}}))
    time.sleep(0.2)
    text = open(log).read() if os.path.exists(log) else ""
    SEEN.append(text)
    recs = read_log(log)
    note = (recs[0].get("arguments") or {}).get("note") if recs else None
    check("audit: a read-only caller's kill with its own store key in a plain argument: 403, one forbidden record, "
          "the key masked there, nothing sent to E2B",
          r.status == 403 and [l.get("outcome") for l in recs] == ["forbidden"] and KEY2 not in text and
          note == "key " + "*" * len(KEY2) + " here" and len(sim.e2b_requests()) == before, (r.status, text[:300]))
    srv.stop()


def main():
    os.makedirs(DIR, exist_ok=True)
    test_keys_command()
    sim = Sim.start()
    op, issuer, jwks, token = start_issuer()
    try:
        test_two_users(sim, issuer, jwks, token)
        test_group_claim(sim, issuer, jwks, token)
        test_audit(sim, issuer, jwks, token)
        test_audit_forged(sim, issuer, jwks, token)
        test_audit_batch(sim, issuer, jwks, token)
        test_audit_forbidden_key(sim, issuer, jwks, token)
        test_setup(sim, issuer, jwks)
    finally:
        stop(op)
        sim.stop()
    bad = [s[:200] for s in SEEN if leaks(s)]
    check("no key, master secret or token in any answer, stderr or output (%d texts)" % len(SEEN), not bad, bad[:2])


if __name__ == "__main__":
    report.run(main)
