"""e2b-mcp --http as an OAuth 2.1 protected resource (E2B_MCP_AUTH_*): the RFC 9728 metadata,
the 401 and its WWW-Authenticate, every refused token, a token in the URL, the token never
passed on to E2B nor printed, scopes deciding the tools (403 insufficient_scope), tokens from a
real authorization server (oidc-provider from npm: make http-npm-oidc), and the set-up errors. The issuer's keys and the tokens are
made fresh by tests/unit/auth_tokens.mjs (node's crypto) at every run."""
import json
import os
import re
import subprocess
import sys
import base64
import threading
import time
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import report  # noqa: E402
from report import check  # noqa: E402
from sim import BUILD, KEY, ROOT, Sim, server_env, stop, track  # noqa: E402
from mcp import init_params, request, rpc, start_http  # noqa: E402

BIN = os.path.join(BUILD, "e2b-mcp")
PLAIN = os.path.join(BUILD, "e2b-mcp-plain")
SMALL = os.path.join(BUILD, "e2b-mcp-sessions")   # 3 session slots
DIR = os.path.join(BUILD, "http-oauth")
META = "/.well-known/oauth-protected-resource"
INIT = rpc(1, "initialize", init_params())


def make_tokens():
    subprocess.run(["node", os.path.join(ROOT, "tests", "unit", "auth_tokens.mjs"), DIR], check=True, capture_output=True)
    iss, aud = open(os.path.join(DIR, "meta.txt")).read().split()
    toks = {}
    for line in open(os.path.join(DIR, "tokens.txt")):
        name, want, tok = line.split(" ", 2)
        toks[name] = (want, tok.strip())
    return iss, aud, toks


def auth_env(sim_port, iss, aud, extra=None):
    env = {"E2B_MCP_AUTH_ISSUER": iss, "E2B_MCP_AUTH_RESOURCE": aud, "E2B_MCP_AUTH_JWKS_FILE": os.path.join(DIR, "jwks.json")}
    env.update(extra or {})
    return server_env(sim_port, extra=env)


def start_logged(env, addr="127.0.0.1:0", binary=BIN):
    """start_http, keeping what the server writes to stderr (in the returned list)."""
    p = track(subprocess.Popen([binary, "--http", addr], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, env=env))
    got = []
    line = ""
    for _ in range(5):   # a warning (the descriptor limit, say) may come first
        line = p.stderr.readline().decode()
        got.append(line)
        if "listening on" in line or not line:
            break
    threading.Thread(target=lambda: [got.append(b.decode(errors="replace")) for b in iter(lambda: p.stderr.read(1), b"")],
                     daemon=True).start()
    if "listening on" not in line:
        time.sleep(0.5)
        raise RuntimeError("e2b-mcp did not start: %s" % "".join(got))
    return int(line.rsplit(":", 1)[1].split("/")[0]), p, got


def challenge(r):
    """The WWW-Authenticate parameters of a Bearer challenge, as a dict (None: not one)."""
    h = r.headers.get("www-authenticate", "")
    if not h.startswith("Bearer "):
        return None
    return dict(re.findall(r'(\w+)="([^"]*)"', h))


def leaks(text, tok):
    """Whether any 16 characters of the token's signature or claims appear in text."""
    parts = tok.split(".")
    return any(len(p) >= 16 and any(p[i:i + 16] in text for i in range(0, len(p) - 15, 8)) for p in parts[1:])


def test_metadata(port, iss, aud):
    want_url = "https://mcp.example.test" + META + "/mcp"
    for path in (META, META + "/mcp"):
        r = request(port, "GET", path=path)
        doc = r.json() if r.status == 200 else {}
        check("metadata: GET %s is 200 JSON" % path, r.status == 200 and r.headers.get("content-type") == "application/json", r.status)
        check("metadata at %s names the resource, the issuer, the three scopes, header tokens only" % path,
              doc.get("resource") == aud and doc.get("authorization_servers") == [iss] and
              doc.get("scopes_supported") == ["e2b:read", "e2b:write", "e2b:kill"] and
              doc.get("bearer_methods_supported") == ["header"], doc)
    r = request(port, "GET", path=META + "/other")
    check("metadata: another path under it is 404", r.status == 404, r.status)
    r = request(port, "POST", INIT)
    c = challenge(r)
    check("no token: 401 with a Bearer challenge", r.status == 401 and c is not None, (r.status, r.headers))
    check("no token: the challenge points at the path-suffixed metadata and asks for the scopes, no error (RFC 6750 3.1)",
          c and c.get("resource_metadata") == want_url and c.get("scope") == "e2b:read e2b:write e2b:kill" and "error" not in c, c)
    r = request(port, "POST", INIT, {"Authorization": "Basic dXNlcjpwYXNz"})
    check("another scheme: 401", r.status == 401 and challenge(r) is not None, r.status)


def test_refusals(port, toks):
    for name, (want, tok) in sorted(toks.items()):
        if want == "OK":
            continue
        r = request(port, "POST", INIT, {"Authorization": "Bearer " + tok})
        c = challenge(r) or {}
        check("refused (%s): 401 invalid_token with a description" % name,
              r.status == 401 and c.get("error") == "invalid_token" and c.get("error_description"), (r.status, c))
        check("refused (%s): nothing of the token in the answer" % name, not leaks(r.body + str(r.headers), tok))
    r = request(port, "POST", INIT, {"Authorization": "Bearer " + toks["dup_sub"][1]})
    c = challenge(r) or {}
    check("a token naming sub twice (alice, then mallory) is 401, the reason naming the claim (RFC 7519 section 4)",
          r.status == 401 and "names sub twice" in c.get("error_description", ""), (r.status, c))
    r = request(port, "POST", INIT, {"Authorization": "Bearer " + toks["typ_jwt"][1]})
    check("typ JWT is refused by default (RFC 9068: at+jwt)", r.status == 401 and "typ" in (challenge(r) or {}).get("error_description", ""),
          (r.status, r.headers.get("www-authenticate")))
    _, good = toks["ok_rs256"]
    r = request(port, "POST", INIT, {"Authorization": "Bearer " + good}, path="/mcp?access_token=" + good)
    c = challenge(r) or {}
    check("a token in the query string: 400 invalid_request, even beside a good header",
          r.status == 400 and c.get("error") == "invalid_request", (r.status, c))
    r = request(port, "POST", INIT, path="/mcp?x=1&access_token=" + good)
    check("a token in the query string alone: 400", r.status == 400, r.status)


def test_valid(port, sim, toks, p_err):
    _, good = toks["ok_rs256"]
    h = {"Authorization": "Bearer " + good}
    r = request(port, "POST", INIT, h)
    sid = r.headers.get("mcp-session-id")
    check("a valid token: initialize is 200 with a session", r.status == 200 and sid, (r.status, r.body[:200]))
    h2 = dict(h, **{"Mcp-Session-Id": sid, "MCP-Protocol-Version": "2025-11-25"})
    request(port, "POST", rpc(None, "notifications/initialized"), h2)
    r = request(port, "POST", rpc(2, "ping"), {"Mcp-Session-Id": sid, "MCP-Protocol-Version": "2025-11-25"})
    check("every request needs the token, not only initialize", r.status == 401, r.status)
    r = request(port, "POST", rpc(31, "ping"), dict(h2, Authorization="Bearer   " + good))
    check("Bearer followed by several spaces is taken (RFC 6750: 1*SP)", r.status == 200, r.status)
    _, es = toks["ok_es256"]
    r = request(port, "POST", rpc(3, "ping"), dict(h2, Authorization="bearer " + es))
    check("an ES256 token (scheme in lower case) is taken on the same session", r.status == 200, r.status)
    sim.clear()
    r = request(port, "POST", rpc(4, "tools/call", {"name": "e2b_list_sandboxes", "arguments": {}}), h2)
    ev = r.events()[-1] if r.status == 200 else {}
    check("a tool call with a valid token reaches E2B", r.status == 200 and "result" in ev and not ev["result"].get("isError"), r.body[:300])
    seen = sim.requests()
    check("E2B gets the server's key, never the access token",
          seen and all(q["headers"].get("x-api-key") == KEY for q in seen) and
          not any(leaks(json.dumps(q), good) for q in seen) and not any("authorization" in q["headers"] for q in seen), seen[:1])


class Client:
    """A 2025 session opened with one token."""

    def __init__(self, port, tok, version="2025-11-25"):
        self.port, self.h = port, {"Authorization": "Bearer " + tok}
        r = request(port, "POST", rpc(1, "initialize", init_params(version)), self.h)
        assert r.status == 200, (r.status, r.body[:200])
        self.h.update({"Mcp-Session-Id": r.headers.get("mcp-session-id"), "MCP-Protocol-Version": version})
        request(port, "POST", rpc(None, "notifications/initialized"), self.h)

    def post(self, body):
        return request(self.port, "POST", body, self.h)

    def tools(self, full=False):
        names, cursor = [], None
        for i in range(20):
            r = self.post(rpc(100 + i, "tools/list", {"cursor": cursor} if cursor else {})).events()[-1]["result"]
            names += r["tools"] if full else [t["name"] for t in r["tools"]]
            cursor = r.get("nextCursor")
            if not cursor:
                return names
        return names

    def call(self, name, args=None):
        return self.post(rpc(7, "tools/call", {"name": name, "arguments": args or {}}))


def test_scopes(sim, iss, aud, toks):
    port, p = start_http(BIN, auth_env(sim.port, iss, aud, {"E2B_MCP_ENABLE_KILL": "1"}))
    full = Client(port, toks["http_all"][1]).tools(full=True)
    every = [t["name"] for t in full]
    read = [t["name"] for t in full if t.get("annotations", {}).get("readOnlyHint")]   # the read group, by what each tool says
    reads = Client(port, toks["http_read"][1]).tools()
    rw = Client(port, toks["ok_rs256"][1]).tools()
    none = Client(port, toks["http_none"][1]).tools()
    check("scopes: read, write and kill list every tool, kill among them", "e2b_kill_sandbox" in every and len(every) >= 12, every)
    check("scopes: e2b:read lists only the read tools, in the same order",
          reads == read and "e2b_list_sandboxes" in reads and "e2b_create_sandbox" not in reads, reads)
    check("scopes: e2b:read e2b:write lists all but kill", rw == [n for n in every if n != "e2b_kill_sandbox"], rw)
    check("scopes: a token with no scope lists no tool", none == [], none)
    c = Client(port, toks["http_read"][1])
    sim.clear()
    r = c.call("e2b_create_sandbox", {"template": "base"})
    ch = challenge(r) or {}
    check("scopes: a write tool with e2b:read only is 403 insufficient_scope naming e2b:write",
          r.status == 403 and ch.get("error") == "insufficient_scope" and ch.get("scope") == "e2b:write" and
          ch.get("resource_metadata", "").endswith(META + "/mcp"), (r.status, ch))
    body = json.loads(r.body) if r.status == 403 else {}
    check("scopes: the 403's body is the JSON-RPC error of that request (its id), naming the tool and its group",
          body.get("id") is not None and "e2b_create_sandbox" in r.body and "write tool" in r.body and "insufficient_scope" in r.body, r.body)
    check("scopes: nothing reached E2B", sim.requests() == [], sim.requests())
    r = c.call("e2b_list_sandboxes")
    check("scopes: a read tool with e2b:read runs", r.status == 200 and not r.events()[-1]["result"].get("isError"), r.body[:200])
    r = Client(port, toks["ok_rs256"][1]).call("e2b_kill_sandbox", {"sandbox_id": "abc"})
    check("scopes: kill without e2b:kill is 403 naming e2b:kill", r.status == 403 and (challenge(r) or {}).get("scope") == "e2b:kill",
          (r.status, r.headers.get("www-authenticate")))
    r = Client(port, toks["http_none"][1]).call("e2b_list_sandboxes")
    check("scopes: no scope, no call (403 e2b:read)", r.status == 403 and (challenge(r) or {}).get("scope") == "e2b:read", r.status)
    r = Client(port, toks["http_read"][1]).call("no_such_tool")
    check("scopes: an unknown tool is still the core's unknown tool, not 403", r.status == 200 and "error" in r.events()[-1], r.body[:200])
    # a 2025-03-26 batch: the core holds each member to the same scopes
    b = Client(port, toks["http_read"][1], version="2025-03-26")
    sim.clear()
    r = b.post(json.dumps([json.loads(rpc(1, "tools/call", {"name": "e2b_create_sandbox", "arguments": {"template": "base"}})),
                           json.loads(rpc(2, "tools/list"))]))
    ev = r.events()[-1] if r.status == 200 else []
    by = {m.get("id"): m for m in ev} if isinstance(ev, list) else {}
    check("scopes: in a batch a call beyond the scopes is an error saying insufficient_scope, the list is filtered",
          1 in by and "insufficient_scope" in json.dumps(by[1].get("error", {})) and
          [t["name"] for t in by.get(2, {}).get("result", {}).get("tools", [])] == reads, r.body[:400])
    check("scopes: the batch's refused call sent nothing to E2B", sim.requests() == [], sim.requests())
    stop(p)
    env = auth_env(sim.port, iss, aud, {"E2B_MCP_AUTH_SCOPE_READ": "sandbox.read", "E2B_MCP_AUTH_SCOPE_WRITE": "sandbox.write"})
    port, p = start_http(BIN, env)
    doc = request(port, "GET", path=META).json()
    check("scopes: configured names are in the metadata", doc.get("scopes_supported") == ["sandbox.read", "sandbox.write", "e2b:kill"], doc)
    names = Client(port, toks["http_custom"][1]).tools()
    check("scopes: configured names decide the tools (sandbox.read sandbox.write: all but kill)",
          len(names) > len(reads) and "e2b_create_sandbox" in names, names)
    check("scopes: the default names mean nothing then", Client(port, toks["ok_rs256"][1]).tools() == [])
    stop(p)


NPM = os.path.join(BUILD, "npm")
NODE22 = os.path.join(NPM, "node22", "node_modules", "node", "bin", "node")


def test_typ_jwt(sim, iss, aud, toks):
    """E2B_MCP_AUTH_TYP_JWT=1: tokens typed JWT, or not typed, are taken (providers that write JWT)."""
    port, p, _ = start_logged(auth_env(sim.port, iss, aud, {"E2B_MCP_AUTH_TYP_JWT": "1"}))
    for name in ("typ_jwt", "typ_none", "ok_rs256"):
        r = request(port, "POST", INIT, {"Authorization": "Bearer " + toks[name][1]})
        check("E2B_MCP_AUTH_TYP_JWT=1: %s is taken" % name, r.status == 200, r.status)
    r = request(port, "POST", INIT, {"Authorization": "Bearer " + toks["typ_dpop"][1]})
    check("E2B_MCP_AUTH_TYP_JWT=1: another typ (dpop+jwt) is still refused", r.status == 401, r.status)
    stop(p)


def test_sessions(sim, iss, aud, toks):
    """A 2025 session is its maker's (the token's subject): another user's valid token naming it is
    told 404, as for an unknown session, and cannot end it; one user opening more sessions than
    E2B_MCP_HTTP_SESSIONS_PER_PRINCIPAL ends its own oldest, never another user's (the server has
    3 session slots here)."""
    port, p, _ = start_logged(auth_env(sim.port, iss, aud, {"E2B_MCP_HTTP_SESSIONS_PER_PRINCIPAL": "2"}), binary=SMALL)
    alice = {"Authorization": "Bearer " + toks["http_all"][1]}   # user-1
    bob = {"Authorization": "Bearer " + toks["http_bob"][1]}     # user-2
    v = {"MCP-Protocol-Version": "2025-11-25"}

    def new_session(h):
        r = request(port, "POST", INIT, h)
        sid = r.headers.get("mcp-session-id")
        request(port, "POST", rpc(None, "notifications/initialized"), dict(h, **v, **{"Mcp-Session-Id": sid or ""}))
        return sid

    def ping(h, sid):
        return request(port, "POST", rpc(7, "ping"), dict(h, **v, **{"Mcp-Session-Id": sid})).status

    sa = new_session(alice)
    check("sessions: alice's session works for alice", sa and ping(alice, sa) == 200)
    check("sessions: bob's valid token naming alice's session is 404, as an unknown one", ping(bob, sa) == 404)
    r = request(port, "GET", headers=dict(bob, **v, **{"Mcp-Session-Id": sa, "Accept": "text/event-stream"}))
    check("sessions: bob cannot open alice's GET stream (404)", r.status == 404, r.status)
    r = request(port, "DELETE", headers=dict(bob, **v, **{"Mcp-Session-Id": sa}))
    check("sessions: bob cannot end alice's session (DELETE 404)", r.status == 404, r.status)
    check("sessions: and alice's session still works", ping(alice, sa) == 200)
    bobs = [new_session(bob) for _ in range(4)]
    check("sessions: bob opens 4 sessions", all(bobs) and len(set(bobs)) == 4, bobs)
    check("sessions: past his cap of 2 each new one ended his own oldest",
          [ping(bob, x) for x in bobs] == [404, 404, 200, 200], [ping(bob, x) for x in bobs])
    check("sessions: alice's session outlived bob's four in a server of 3 slots", ping(alice, sa) == 200)
    r = request(port, "DELETE", headers=dict(alice, **v, **{"Mcp-Session-Id": sa}))
    check("sessions: alice ends her own (200), then it is gone", r.status == 200 and ping(alice, sa) == 404, r.status)
    stop(p)


def test_flood(sim, iss, aud, toks):
    """Forged tokens from one address: 401 until its budget (E2B_MCP_AUTH_FAIL_BURST, 20 by default) is
    spent, then 429 with Retry-After before any signature check; a token verified before goes on
    being served from the same address meanwhile."""
    port, p, _ = start_logged(auth_env(sim.port, iss, aud))
    good = {"Authorization": "Bearer " + toks["ok_rs256"][1]}
    check("flood: an honest token is taken first", request(port, "POST", INIT, good).status == 200)
    forged = {"Authorization": "Bearer " + toks["forged_rs256"][1]}
    got = [request(port, "POST", INIT, forged) for _ in range(30)]
    codes = [g.status for g in got]
    first = codes.index(429) if 429 in codes else -1
    check("flood: forged tokens are 401 until the budget is spent, then 429 with Retry-After",
          first >= 15 and all(c == 401 for c in codes[:first]) and all(c == 429 for c in codes[first:]) and
          int(got[first].headers.get("retry-after", "0")) >= 1, codes)
    check("flood: the honest token, verified before, is still served from the same address",
          request(port, "POST", INIT, good).status == 200)
    r = request(port, "POST", INIT, {"Authorization": "Bearer " + toks["ok_es256"][1]})
    check("flood: a token not seen before waits for the budget too (429: its check would cost a signature)", r.status == 429, r.status)
    time.sleep(1.2)
    r = request(port, "POST", INIT, {"Authorization": "Bearer " + toks["ok_es256"][1]})
    check("flood: the budget refills (2 a second): that token is taken a second later", r.status == 200, r.status)
    stop(p)


def test_real_issuer(sim):
    """oidc-provider (a certified OpenID provider from npm) issues JWT access tokens for the resource
    through client_credentials; the server, given the JWKS the provider's discovery names, takes them
    over real HTTP and holds them to their scopes; a token for another resource is refused."""
    resource = "https://mcp.example.test/mcp"
    node = NODE22 if os.path.exists(NODE22) else "node"
    op = track(subprocess.Popen([node, os.path.join(ROOT, "tests", "http", "oidc_server.mjs"), os.path.join(NPM, "oidc", "node_modules"),
                                 resource, "connector", "connector-secret"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL))
    line = op.stdout.readline().decode()
    if not line.startswith("oidc-ready "):
        check("oidc-provider starts", False, line)
        stop(op)
        return
    issuer = line.split()[1]
    disc = json.loads(urllib.request.urlopen(issuer + "/.well-known/openid-configuration", timeout=10).read())
    jwks = urllib.request.urlopen(disc["jwks_uri"], timeout=10).read()
    path = os.path.join(DIR, "oidc-jwks.json")
    open(path, "wb").write(jwks)

    def token(scope, res=resource):
        data = urllib.parse.urlencode({"grant_type": "client_credentials", "scope": scope, "resource": res}).encode()
        req = urllib.request.Request(disc["token_endpoint"], data=data, headers={
            "Authorization": "Basic " + base64.b64encode(b"connector:connector-secret").decode()})
        try:
            return json.loads(urllib.request.urlopen(req, timeout=10).read())
        except urllib.error.HTTPError as e:
            return {"error": e.read().decode()}

    env = server_env(sim.port, extra={"E2B_MCP_AUTH_ISSUER": issuer, "E2B_MCP_AUTH_RESOURCE": resource,
                                      "E2B_MCP_AUTH_JWKS_FILE": path, "E2B_MCP_ENABLE_KILL": "1"})
    port, p = start_http(BIN, env)
    doc = request(port, "GET", path=META + "/mcp").json()
    check("real issuer: the metadata names it", doc.get("authorization_servers") == [issuer], doc)
    read = token("e2b:read")
    head = json.loads(base64.urlsafe_b64decode(read.get("access_token", "e30.").split(".")[0] + "=="))
    check("real issuer: oidc-provider issues an RS256 at+jwt access token for e2b:read",
          head.get("alg") == "RS256" and head.get("typ") == "at+jwt" and read.get("scope") == "e2b:read", (head, read.get("scope")))
    c = Client(port, read["access_token"])
    names = c.tools()
    check("real issuer: its e2b:read token lists the read tools only", "e2b_list_sandboxes" in names and "e2b_create_sandbox" not in names, names)
    r = c.call("e2b_list_sandboxes")
    check("real issuer: and calls one over HTTP", r.status == 200 and not r.events()[-1]["result"].get("isError"), r.body[:200])
    r = c.call("e2b_create_sandbox", {"template": "base"})
    check("real issuer: a write is 403 insufficient_scope", r.status == 403 and (challenge(r) or {}).get("scope") == "e2b:write", r.status)
    full = token("e2b:read e2b:write e2b:kill")
    names = Client(port, full["access_token"]).tools()
    check("real issuer: a token with all three scopes lists kill too", "e2b_kill_sandbox" in names and "e2b_create_sandbox" in names, names)
    other = token("e2b:read", res="https://other.example.test/mcp")
    check("real issuer: a token for another resource is not even issued, or is refused",
          "access_token" not in other or request(port, "POST", INIT, {"Authorization": "Bearer " + other["access_token"]}).status == 401,
          other)
    stop(p)
    stop(op)


def test_setup(sim_port, iss, aud):
    def run(args, env):
        return subprocess.run([BIN] + args, capture_output=True, env=env, timeout=10)
    q = run(["--http", "127.0.0.1:0"], server_env(sim_port, extra={"E2B_MCP_AUTH_ISSUER": iss}))
    check("set-up: an issuer without a resource and keys stops at start, saying what is missing",
          q.returncode == 2 and b"E2B_MCP_AUTH_RESOURCE" in q.stderr and b"E2B_MCP_AUTH_JWKS_FILE" in q.stderr, q.stderr)
    bad = os.path.join(DIR, "bad.json")
    open(bad, "w").write('{"keys":[{"kty":"oct","k":"c2VjcmV0"}]}')
    q = run(["--http", "127.0.0.1:0"], auth_env(sim_port, iss, aud, {"E2B_MCP_AUTH_JWKS_FILE": bad}))
    check("set-up: a JWKS with no usable key stops at start", q.returncode == 2 and b"no usable key" in q.stderr, q.stderr)
    q = run(["--http", "127.0.0.1:0"], auth_env(sim_port, iss, aud, {"E2B_MCP_AUTH_JWKS_FILE": DIR + "/missing.json"}))
    check("set-up: a JWKS file that cannot be read stops at start", q.returncode == 2 and b"cannot be read" in q.stderr, q.stderr)
    q = run(["--http", "127.0.0.1:0"], auth_env(sim_port, iss, "mcp.example.test/mcp"))
    check("set-up: a resource that is not an http(s) URL stops at start", q.returncode == 2 and b"E2B_MCP_AUTH_RESOURCE" in q.stderr, q.stderr)
    if os.path.exists(PLAIN):
        q = subprocess.run([PLAIN, "--http", "127.0.0.1:0"], capture_output=True, env=auth_env(sim_port, iss, aud), timeout=10)
        check("set-up: a build without TLS (no verifier) refuses an issuer", q.returncode == 2 and b"cannot verify" in q.stderr, q.stderr)
    q = run(["--http", "0.0.0.0:0", "--auth", "none"], auth_env(sim_port, iss, aud))
    check("--auth none on a public address is refused", q.returncode == 2 and b"without a token" in q.stderr, q.stderr)
    # off loopback the access tokens guard the server, as a static token does
    try:
        port, p = start_http(BIN, auth_env(sim_port, iss, aud), addr="0.0.0.0:0")
        r = request(port, "POST", INIT)
        check("a public address with access tokens starts, and asks for a token", r.status == 401, r.status)
        stop(p)
    except RuntimeError as e:
        check("a public address with access tokens starts", False, str(e))
    p = subprocess.Popen([BIN, "--http", "127.0.0.1:0", "--auth", "none"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, env=auth_env(sim_port, iss, aud, {"E2B_MCP_HTTP_TOKEN": "tok"}))
    for _ in range(5):   # warnings come before it
        line = p.stderr.readline().decode()
        if "listening on" in line or not line:
            break
    port = int(line.rsplit(":", 1)[1].split("/")[0]) if "listening on" in line else 0
    r = request(port, "POST", INIT) if port else None
    check("--auth none on loopback: no token asked, whatever the environment says", r is not None and r.status == 200,
          (line, r and r.status))
    stop(p)


def main():
    iss, aud, toks = make_tokens()
    sim = Sim.start()
    port, p, errs = start_logged(auth_env(sim.port, iss, aud, {"E2B_MCP_AUTH_FAIL_BURST": "1000"}))   # every refusal below is 401
    test_metadata(port, iss, aud)
    test_refusals(port, toks)
    test_valid(port, sim, toks, errs)
    check("the server is still alive", p.poll() is None)
    stop(p)
    err = "".join(errs)
    check("the server said it wants access tokens", "OAuth access tokens required" in err, err[:300])
    check("no token in the server's stderr", not any(leaks(err, t) for _, t in toks.values()))
    test_scopes(sim, iss, aud, toks)
    test_typ_jwt(sim, iss, aud, toks)
    test_sessions(sim, iss, aud, toks)
    test_flood(sim, iss, aud, toks)
    test_real_issuer(sim)
    test_setup(sim.port, iss, aud)
    sim.stop()


if __name__ == "__main__":
    report.run(main)
