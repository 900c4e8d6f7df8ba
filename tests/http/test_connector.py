"""The recipe "Claude and ChatGPT connectors" (docs/operating.md), followed end to end on loopback: an
authorization server (oidc-provider from npm, tests/http/oidc_connector.mjs: dynamic client
registration, authorization code with PKCE, resource indicators, RS256 JWT access tokens, its own
sign-in and consent pages) and build/e2b-mcp --http with E2B_MCP_AUTH_*, both behind nginx with
the test CA (the MCP server's block is examples/nginx-connector.conf), the simulator as E2B.

A connector's whole flow, twice: the official TypeScript SDK client's OAuth support
(connector_sdk.mjs) and mcp-remote (a stdio bridge) - the 401 with resource_metadata, the protected
resource metadata, the authorization server's metadata, registration, the PKCE authorization done by
a user in headless Chromium (puppeteer-core: sign in, consent), the token exchange, then tool calls
that reach the simulator with the user's own E2B key from the key store (alice's and bob's differ,
and the server has no E2B_API_KEY). A user who grants only e2b:read sees only the read tools, and a call
beyond is 403 insufficient_scope (the SDK then asks the user again for the scope: step-up). No
access token reaches E2B, the server's stderr or the bridge's output."""
import base64
import json
import re
import os
import shutil
import socket
import ssl
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import report  # noqa: E402
from report import check  # noqa: E402
from sim import BUILD, KEY, ROOT, Sim, closed_port, drain, server_env, stop, track  # noqa: E402
from seed import KEY2  # noqa: E402
from mcp import McpClient, McpError  # noqa: E402

BIN = os.path.join(BUILD, "e2b-mcp")
NPM = os.path.join(BUILD, "npm")
NODE = os.path.join(NPM, "node22", "node_modules", "node", "bin", "node")
CLIENT_DIR = os.path.join(NPM, "client2")
PPTR = os.path.join(NPM, "puppeteer", "node_modules")
REMOTE = os.path.join(NPM, "mcp-remote", "node_modules", "mcp-remote", "dist", "proxy.js")
CONF = os.path.join(ROOT, "examples", "nginx-connector.conf")
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
CHROMIUM = "/usr/lib/chromium/chromium" if os.path.exists("/usr/lib/chromium/chromium") else shutil.which("chromium")
DIR = os.path.join(BUILD, "http-connector")
META = "/.well-known/oauth-protected-resource"
MASTER = "c0nnect0r-master-" + "5eed" * 6
STORE = os.path.join(DIR, "keys.store")


def sh(*cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, **kw).stdout


def spki_pin(cert):
    """base64 SHA-256 of a certificate's SubjectPublicKeyInfo: what Chromium's
    --ignore-certificate-errors-spki-list trusts, for that key only."""
    pub = sh("openssl", "x509", "-in", cert, "-noout", "-pubkey")
    der = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "der"], input=pub, check=True, capture_output=True).stdout
    dig = subprocess.run(["openssl", "dgst", "-sha256", "-binary"], input=der, check=True, capture_output=True).stdout
    return base64.b64encode(dig).decode()


class Front:
    """nginx with the test CA's localhost certificate: the MCP server's block from
    examples/nginx-connector.conf, and the authorization server's (the same shape, its whole path)."""

    def __init__(self, mcp_tls, mcp_up, as_tls, as_up):
        d = self.dir = os.path.join(DIR, "nginx")
        os.makedirs(os.path.join(d, "tmp"), exist_ok=True)
        site = open(CONF).read()
        for k, v in (("@NAME@", "localhost"), ("@LISTEN@", "127.0.0.1:%d" % mcp_tls), ("@CERT@", os.path.join(DIR, "good.pem")),
                     ("@KEY@", os.path.join(DIR, "good.key")), ("@UPSTREAM@", "127.0.0.1:%d" % mcp_up)):
            site = site.replace(k, v)
        auth = ("server {\n    listen 127.0.0.1:%d ssl;\n    server_name localhost;\n    ssl_certificate %s;\n"
                "    ssl_certificate_key %s;\n    location / {\n        proxy_pass http://127.0.0.1:%d;\n"
                "        proxy_http_version 1.1;\n        proxy_set_header Host $http_host;\n"
                "        proxy_set_header X-Forwarded-Proto https;\n    }\n}\n") % (
            as_tls, os.path.join(DIR, "good.pem"), os.path.join(DIR, "good.key"), as_up)
        conf = ("daemon off;\nmaster_process on;\nworker_processes 1;\npid %s/nginx.pid;\nerror_log %s/error.log info;\n"
                "events { worker_connections 256; }\nhttp {\n    client_body_temp_path %s/tmp/body;\n"
                "    proxy_temp_path %s/tmp/proxy;\n    fastcgi_temp_path %s/tmp/fastcgi;\n    uwsgi_temp_path %s/tmp/uwsgi;\n"
                "    scgi_temp_path %s/tmp/scgi;\n    log_format front '$server_port $request_method $uri $status';\n"
                "    access_log %s/access.log front;\n%s%s}\n") % (d, d, d, d, d, d, d, d, site, auth)
        open(os.path.join(d, "nginx.conf"), "w").write(conf)
        self.p = track(subprocess.Popen([NGINX, "-p", d, "-c", os.path.join(d, "nginx.conf"), "-e", os.path.join(d, "error.log")],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE))
        self.ports = {mcp_tls: "MCP", as_tls: "AS"}
        for port in (mcp_tls, as_tls):
            deadline = time.time() + 10
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    if self.p.poll() is not None or time.time() > deadline:
                        raise RuntimeError("nginx did not start: %s" % self.p.stderr.read().decode()[-400:])
                    time.sleep(0.05)


def front_log(front, since=0):
    """(who, method, path, status) of each request through the front after line since, and the line count."""
    time.sleep(0.2)   # nginx writes the line after the answer
    lines = open(os.path.join(front.dir, "access.log")).read().splitlines()
    out = []
    for line in lines[since:]:
        port, method, path, status = line.split(" ")
        out.append((front.ports.get(int(port), port), method, path, int(status)))
    return out, len(lines)


def fetch(url, method="GET", body=None, headers=None):
    """(status, headers, body) over https, trusting the test CA only."""
    ctx = ssl.create_default_context(cafile=os.path.join(DIR, "ca.pem"))
    req = urllib.request.Request(url, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(req, context=ctx, timeout=10) as r:
            return r.status, r.headers, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read().decode()


def node_env(extra=None):
    env = {k: v for k, v in os.environ.items() if not k.startswith("E2B_")}
    env["PATH"] = os.path.dirname(NODE) + os.pathsep + env.get("PATH", "")
    env["NODE_EXTRA_CA_CERTS"] = os.path.join(DIR, "ca.pem")
    env.update(extra or {})
    return env


def browser_env(user, grant, log):
    return {"CONNECTOR_PPTR": PPTR, "CONNECTOR_CHROMIUM": CHROMIUM, "CONNECTOR_SPKI": spki_pin(os.path.join(DIR, "good.pem")),
            "CONNECTOR_USER": user, "CONNECTOR_PASSWORD": "pw", "CONNECTOR_GRANT": grant, "CONNECTOR_LOG": log}


def leaks(text, tok):
    """Whether 16 characters of the token's claims or signature appear in text."""
    parts = tok.split(".")
    return any(len(p) >= 16 and any(p[i:i + 16] in text for i in range(0, len(p) - 15, 8)) for p in parts[1:])


def test_discovery(resource, issuer):
    """What a connector reads before any user is involved: every answer it gets, checked as the spec has it."""
    meta_url = resource.replace("/mcp", META + "/mcp")
    init = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "probe", "version": "1"}}}).encode()
    st, h, _ = fetch(resource, "POST", init, {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"})
    check("discovery: the first request through the TLS front is 401 with a Bearer challenge naming the metadata and the scopes",
          st == 401 and h.get("WWW-Authenticate") == 'Bearer resource_metadata="%s", scope="e2b:read e2b:write e2b:kill"' % meta_url,
          (st, h.get("WWW-Authenticate")))
    st, h, body = fetch(meta_url)
    doc = json.loads(body) if st == 200 else {}
    want = {"resource": resource, "authorization_servers": [issuer], "scopes_supported": ["e2b:read", "e2b:write", "e2b:kill"],
            "bearer_methods_supported": ["header"], "resource_name": "E2B sandboxes (e2b-mcp)"}
    check("discovery: the protected resource metadata (RFC 9728) over TLS, exactly the recipe's JSON",
          st == 200 and list(doc.items()) == list(want.items()) and h.get("Content-Type") == "application/json", (doc, h.get("Content-Type")))
    st, _, body = fetch(resource.replace("/mcp", META))
    check("discovery: the root metadata says the same", st == 200 and json.loads(body).get("resource") == resource, body[:200])
    st, _, body = fetch(issuer + "/.well-known/openid-configuration")
    asm = json.loads(body) if st == 200 else {}
    check("discovery: the authorization server's metadata names its issuer exactly (RFC 8414 3.3)", asm.get("issuer") == issuer, asm.get("issuer"))
    check("discovery: it offers registration, the code flow with S256 PKCE, public clients, resource indicators",
          asm.get("registration_endpoint", "").startswith(issuer) and "code" in asm.get("response_types_supported", []) and
          "S256" in asm.get("code_challenge_methods_supported", []) and
          "none" in asm.get("token_endpoint_auth_methods_supported", []) and
          all(s in asm.get("scopes_supported", []) for s in want["scopes_supported"]),
          {k: asm.get(k) for k in ("registration_endpoint", "code_challenge_methods_supported", "token_endpoint_auth_methods_supported", "scopes_supported")})
    st, _, body = fetch(resource.replace("/mcp", "/"))
    check("discovery: the front passes on only /mcp and the metadata (404 elsewhere)", st == 404, st)
    return asm


def run_sdk(resource, user, grant, calls):
    shutil.copy(os.path.join(ROOT, "tests", "http", "connector_sdk.mjs"), CLIENT_DIR)
    shutil.copy(os.path.join(ROOT, "tests", "http", "connector_browser.mjs"), CLIENT_DIR)
    log = os.path.join(DIR, "browser-%s.log" % user)
    p = subprocess.run([NODE, os.path.join(CLIENT_DIR, "connector_sdk.mjs"), resource, ",".join(calls)],
                       capture_output=True, timeout=90, env=node_env(browser_env(user, grant, log)))
    try:
        return json.loads(p.stdout.decode().strip().splitlines()[-1]), p.stdout.decode() + p.stderr.decode()
    except (ValueError, IndexError):
        return {"ok": False, "error": p.stderr.decode()[-800:]}, p.stdout.decode() + p.stderr.decode()


def test_sdk_full(resource, issuer, sim):
    """alice, who grants everything asked: every tool, and calls that reach E2B with the server's key."""
    sim.clear()
    calls = ["e2b_list_sandboxes", "e2b_create_sandbox", "e2b_get_sandbox", "e2b_kill_sandbox"]
    out, text = run_sdk(resource, "alice", "*", calls)
    check("SDK: the flow completes (401, discovery, registration, browser, token, calls)", out.get("ok"), out.get("error") or out)
    ex = [(e["method"], e["url"].replace(issuer, "AS").replace(resource.replace("/mcp", ""), "MCP"), e["status"]) for e in out.get("exchanges", [])]
    first = ex[:4]
    check("SDK: its first exchanges are POST /mcp 401, the resource metadata, the AS metadata, registration 201",
          len(first) == 4 and first[0] == ("POST", "MCP/mcp", 401) and first[1][1].startswith("MCP" + META) and first[1][2] == 200 and
          first[2][1].startswith("AS/.well-known/") and first[2][2] == 200 and first[3][0] == "POST" and first[3][2] == 201, ex[:6])
    tok_ex = [e for e in ex if e[1].startswith("AS/token")]
    check("SDK: one token exchange for the code, one more for the refresh below, each 200",
          len(tok_ex) == 2 and all(e[2] == 200 for e in tok_ex), tok_ex)
    a = out.get("authorization", {})
    check("SDK: the authorization request is code + S256 PKCE + state, with the resource (RFC 8707) and the scopes of the challenge",
          a.get("response_type") == "code" and a.get("code_challenge_method") == "S256" and a.get("code_challenge") and a.get("state") and
          a.get("resource") == resource and (a.get("scope") or "").split()[:3] == ["e2b:read", "e2b:write", "e2b:kill"] and
          a.get("endpoint", "").startswith(issuer), a)
    check("SDK: the callback carried its state back, and the issuer (RFC 9207)", out.get("state_echoed") and out.get("iss_echoed") == issuer,
          (out.get("state_echoed"), out.get("iss_echoed")))
    check("SDK: it registered itself as a public client (no secret, auth method none)",
          out.get("registered") == {"client_id": True, "token_endpoint_auth_method": "none", "has_secret": False}, out.get("registered"))
    b = (out.get("browser") or [{}])[0]
    check("browser: Chromium showed the sign-in page, then the consent page, over TLS on the issuer",
          [p.get("title") for p in b.get("pages", [])][:3] == ["Sign in", "Authorize", "Connected"] and
          all(p["origin"] == issuer for p in b.get("pages", [])[:2]), b.get("pages"))
    check("browser: the consent page named the client and the MCP server's resource, and asked for the three scopes",
          b.get("client") == "SDK connector" and b.get("resource") == resource and b.get("asked") == ["e2b:read", "e2b:write", "e2b:kill"], b)
    check("browser: it came back to the client's redirect_uri with a code", b.get("ok") and b.get("code") and b.get("status") == 200, b)
    t = out.get("token", {})
    check("token: an RS256 at+jwt for the resource (aud), from the issuer, for alice, with the three scopes and a refresh token",
          t.get("alg") == "RS256" and t.get("typ") == "at+jwt" and t.get("aud") == resource and t.get("iss") == issuer and
          t.get("sub") == "alice" and sorted((t.get("scope") or "").split()) == ["e2b:kill", "e2b:read", "e2b:write"] and t.get("refresh"), t)
    tools = out.get("tools", [])
    check("SDK: alice's tools/list has every tool, kill among them", "e2b_kill_sandbox" in tools and "e2b_create_sandbox" in tools and
          len(tools) >= 12, tools)
    got = {c["name"]: c for c in out.get("calls", [])}
    check("SDK: list, create, get and kill succeed", [n for n in calls if got.get(n, {}).get("isError") is False] == calls, out.get("calls"))
    seen = [q for q in sim.requests() if not q["path"].startswith("/_sim")]
    sid = (out.get("created") or ["?"])[0] or "?"
    paths = [(q["method"], q["path"].split("?")[0].replace(sid, "ID")) for q in seen]
    check("E2B (the simulator) got the calls, in order: list, create, get and kill of the sandbox created, list after the refresh",
          [x for x in paths if x[1] != "/sandboxes/ID/timeout"] == [("GET", "/v2/sandboxes"), ("POST", "/v2/sandboxes"), ("GET", "/sandboxes/ID"),
                                                                 ("DELETE", "/sandboxes/ID"), ("GET", "/v2/sandboxes")],
          [(q["method"], q["path"]) for q in seen])
    check("E2B got alice's own team key from the key store (not the server's E2B_API_KEY), never a bearer token",
          seen and all(q["headers"].get("x-api-key") == KEY2 and "authorization" not in q["headers"] for q in seen),
          [q["headers"].get("x-api-key", "")[:8] for q in seen])
    rf = out.get("refresh", {})
    ex = [tuple(e[:3]) for e in rf.get("exchanges", []) if e[2] != 202]   # a notification may go out first
    check("SDK: a refused access token (as an expired one is) is 401 invalid_token; the SDK refreshes it and the call goes on",
          rf.get("isError") is False and rf.get("new_token") and ex[:3] == [("POST", "/mcp", 401), ("POST", "/token", 200), ("POST", "/mcp", 200)] and
          'error="invalid_token"' in [e[3] for e in rf["exchanges"] if e[2] == 401][0], rf)
    check("SDK: the output holds no access token", "eyJ" not in text)
    return out


def test_sdk_read_only(resource, sim):
    """bob, who unticks e2b:write and e2b:kill on the consent page."""
    sim.clear()
    out, _ = run_sdk(resource, "bob", "e2b:read", ["e2b_list_sandboxes"])
    check("SDK (read only): the flow completes", out.get("ok"), out.get("error") or out)
    b = (out.get("browser") or [{}])[0]
    check("browser: bob left only e2b:read ticked", b.get("granted") == ["e2b:read"], b)
    check("token: bob's token has e2b:read only", (out.get("token") or {}).get("scope") == "e2b:read", out.get("token"))
    tools = out.get("tools", [])
    check("SDK (read only): tools/list shows the read tools only", tools and "e2b_list_sandboxes" in tools and
          not any(n in tools for n in ("e2b_create_sandbox", "e2b_kill_sandbox", "e2b_pause_sandbox")), tools)
    check("SDK (read only): a read call succeeds", [c.get("isError") for c in out.get("calls", [])] == [False], out.get("calls"))
    bey = out.get("beyond", {})
    check("a call beyond bob's scope (kill) is 403 insufficient_scope naming e2b:kill and the metadata, as the recipe shows it",
          bey.get("status") == 403 and bey.get("challenge") == 'Bearer resource_metadata="%s", scope="e2b:kill", error="insufficient_scope", '
          'error_description="this tool needs a scope the access token does not grant"' % resource.replace("/mcp", META + "/mcp"), bey)
    su = out.get("stepup", {})
    check("SDK (read only): a write call is refused, and the SDK asks the user again with e2b:write added (step-up)",
          su.get("threw") and "e2b:write" in ((su.get("authorization") or {}).get("scope") or "").split() and
          (su.get("authorization") or {}).get("resource") == resource, su)
    seen = [q for q in sim.requests() if not q["path"].startswith("/_sim")]
    check("E2B got bob's own key for his read call, never alice's", seen and all(q["headers"].get("x-api-key") == KEY for q in seen),
          [q["headers"].get("x-api-key", "")[:8] for q in seen])
    check("nothing beyond bob's scope reached E2B",
          not any(q["method"] in ("POST", "DELETE") and not q["path"].startswith("/_sim") for q in sim.requests()), sim.requests()[:3])


def test_sdk_wrong_user(resource, issuer):
    """A user the authorization server does not know: the sign-in page says so, no code, no token."""
    out, _ = run_sdk(resource, "mallory", "*", [])
    b = (out.get("browser") or [{}])[0]
    check("browser: an unknown user stays on the sign-in page, told why, and no code comes back",
          not out.get("ok") and b.get("error") == "Wrong user name or password." and not b.get("code") and
          all(p.get("title") == "Sign in" for p in b.get("pages", [])), b)
    check("SDK: no token was asked for", not any(e["url"].startswith(issuer + "/token") for e in out.get("exchanges", [])),
          out.get("exchanges"))


def answer_or_none(ask, *args, **kw):
    """The JSON-RPC answer ask(*args) waits for, or None when it does not come in time."""
    try:
        return ask(*args, **kw)
    except McpError:
        return None


def test_mcp_remote(resource, issuer, sim, front):
    """mcp-remote as Claude Desktop runs it (npx mcp-remote URL): its browser opening goes through
    $BROWSER (the bundled xdg-open honours it) to Chromium, signing in as alice."""
    cfg = os.path.join(DIR, "mcp-auth")
    shutil.rmtree(cfg, ignore_errors=True)
    log = os.path.join(DIR, "browser-remote.log")
    env = node_env(dict(browser_env("alice", "e2b:read e2b:write", log), MCP_REMOTE_CONFIG_DIR=cfg,
                        BROWSER="%s %s" % (NODE, os.path.join(ROOT, "tests", "http", "connector_browser.mjs"))))
    for k in ("DISPLAY", "WAYLAND_DISPLAY", "XDG_CURRENT_DESKTOP", "DESKTOP_SESSION", "KDE_FULL_SESSION", "GNOME_DESKTOP_SESSION_ID"):
        env.pop(k, None)
    _, mark = front_log(front)
    io = McpClient([NODE, REMOTE, resource, str(closed_port())], env=env, label="mcp-remote")
    sim.clear()
    r = answer_or_none(io.initialize, "2025-06-18", timeout=75)
    check("mcp-remote: initialize answers after the browser sign-in", r is not None and "result" in r, (r, io.stderr()[-1500:]))
    r = answer_or_none(io.request, "tools/list", timeout=60) if r else None
    names = [t["name"] for t in (r or {}).get("result", {}).get("tools", [])]
    check("mcp-remote: tools/list shows what alice granted (read and write, no kill)",
          "e2b_create_sandbox" in names and "e2b_list_sandboxes" in names and "e2b_kill_sandbox" not in names, names)
    r = answer_or_none(io.call, "e2b_list_sandboxes", {}, timeout=60) if names else None
    calls = [q for q in sim.requests() if q["path"].startswith("/v2/sandboxes")]
    check("mcp-remote: a tool call through the bridge reaches E2B with alice's key",
          r and not r.get("result", {}).get("isError") and calls and all(q["headers"].get("x-api-key") == KEY2 for q in calls), r)
    deadline = time.time() + 15   # the browser writes its line once closed, after the bridge went on
    while not os.path.exists(log) and time.time() < deadline:
        time.sleep(0.2)
    seen = [json.loads(line) for line in open(log)] if os.path.exists(log) else []
    text = io.stderr()
    check("mcp-remote: it opened the authorization URL through $BROWSER, and the browser signed in and consented",
          len(seen) == 1 and seen[0].get("ok") and [x["title"] for x in seen[0]["pages"]][:2] == ["Sign in", "Authorize"], seen)
    check("mcp-remote: it also printed the URL to visit (for a machine without a browser)", "Please authorize this client by visiting" in text, text[-600:])
    stop(io.proc)
    seen, _ = front_log(front, mark)
    flow = [(w, m, re.sub(r"/interaction/[^/]+", "/interaction/UID", path), st) for w, m, path, st in seen]
    def index(item, start=0):
        for i in range(start, len(flow)):
            if all(x is None or x == y for x, y in zip(item, flow[i])):
                return i
        return -1
    steps = [("MCP", "POST", "/mcp", 401), ("MCP", "GET", META + "/mcp", 200), ("AS", "GET", None, 200), ("AS", "POST", "/reg", 201),
             ("AS", "GET", "/auth", 303), ("AS", "GET", "/interaction/UID", 200), ("AS", "POST", "/interaction/UID/login", 303),
             ("AS", "POST", "/interaction/UID/consent", 303), ("AS", "POST", "/token", 200), ("MCP", "POST", "/mcp", 200)]
    at, order = 0, []
    for st in steps:
        at = index(st, at)
        order.append(at)
        if at < 0:
            break
    check("mcp-remote: through the front, in order: POST /mcp 401, the resource metadata, the AS metadata, registration, "
          "the authorization (sign-in, consent), the token, then POST /mcp 200", all(i >= 0 for i in order) and len(order) == len(steps),
          flow[:30])
    toks = []
    for root, _, files in os.walk(cfg):
        for f in files:
            if f.endswith("tokens.json"):
                toks.append(json.load(open(os.path.join(root, f))).get("access_token", ""))
    check("mcp-remote: it kept the tokens in its config dir", toks and toks[0].count(".") == 2, [len(t) for t in toks])
    check("mcp-remote: no access token in its stderr", toks and not leaks(text, toks[0]))
    return toks


def test_auth_none(sim):
    """--auth none, for a loopback or private deployment (no authorization server at all): refused on a
    public address, a name or a wildcard unless --force-public says something in front guards it."""
    env = server_env(sim.port, extra={"E2B_MCP_AUTH_ISSUER": "https://auth.example.test"})

    def run(*args):
        return subprocess.run([BIN] + list(args), capture_output=True, env=env, timeout=10)
    for addr in ("0.0.0.0:0", "[::]:0", "8.8.8.8:0", "172.32.0.1:0", "192.169.0.1:0", "[2001:db8::1]:0", "mcp.example.com:0"):
        q = run("--http", addr, "--auth", "none")
        check("--auth none on %s (public, a wildcard or a name) is refused, saying how to go on" % addr,
              q.returncode == 2 and b"refusing --auth none" in q.stderr and b"--force-public" in q.stderr and
              b"without a token" in q.stderr, q.stderr[-300:])
    for addr in ("10.255.255.254:0", "172.16.99.1:0", "172.31.255.253:0", "192.168.255.253:0", "169.254.9.9:0", "[fd12:3456::1]:0", "[fe80::1]:0"):
        p = track(subprocess.Popen([BIN, "--http", addr, "--auth", "none"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, env=env))
        got = ""
        for _ in range(5):   # the warnings, then the bind's failure (not an address here) or, where it is one, listening
            line = p.stderr.readline().decode()
            got += line
            if not line or "listening on" in line:
                break
        stop(p)
        check("--auth none on %s (private) is taken, with a warning" % addr,
              "refusing" not in got and "warning: --auth none on" in got and
              ("listening on" in got or "could not be listened on" in got), got[-300:])
    q = run("--http", "127.0.0.1:0", "--force-public")
    check("--force-public without --auth none is an error", q.returncode == 2 and b"only goes with --auth none" in q.stderr, q.stderr)
    q = run("--help")
    check("--help documents --auth none's addresses and --force-public",
          b"--force-public" in q.stdout and b"private address" in q.stdout, q.stdout[:200])
    p = track(subprocess.Popen([BIN, "--http", "0.0.0.0:0", "--auth", "none", "--force-public"], stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env))
    lines = []
    for _ in range(5):   # its warnings (a descriptor limit below the socket tables may add one), then listening
        lines.append(p.stderr.readline().decode())
        if not lines[-1] or "listening on" in lines[-1]:
            break
    drain(p.stderr)
    port = int(lines[-1].rsplit(":", 1)[1].split("/")[0]) if "listening on" in lines[-1] else 0
    check("--auth none --force-public on 0.0.0.0 starts, warns and says so",
          any("warning: --auth none on 0.0.0.0" in l for l in lines[:-1]) and "(no authentication)" in lines[-1], lines)
    if port:
        body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "probe", "version": "1"}}}).encode()
        req = urllib.request.Request("http://127.0.0.1:%d/mcp" % port, data=body, method="POST",
                                     headers={"Content-Type": "application/json", "Accept": "application/json, text/event-stream"})
        with urllib.request.urlopen(req, timeout=10) as r:
            st, www = r.status, r.headers.get("WWW-Authenticate")
        check("... and answers without any token, the issuer in the environment ignored", st == 200 and www is None, (st, www))
    stop(p)


def readme_recipe():
    """The settings of the recipe in docs/operating.md (section "Claude and ChatGPT connectors", step 1): the
    suite runs the server with the same ones, and the front from the same nginx file."""
    text = open(os.path.join(ROOT, "docs", "operating.md")).read()
    sec = re.split(r"(?m)^#+ Claude and ChatGPT connectors$", text, 1)[1]
    sec = re.split(r"(?m)^## ", sec, 1)[0]
    block = sec.split("```sh", 1)[1].split("```", 1)[0]
    block = "\n".join(line.split("#", 1)[0] for line in block.splitlines())   # comments aside
    names = sorted(set(re.findall(r"\b(E2B_[A-Z_]+)=", block)))
    check("the recipe exists, with its server settings and the nginx file the suite uses",
          names and "examples/nginx-connector.conf" in sec and "make test-http-connector" in sec, names)
    # README.md's quick start shows the same recipe, and says this suite runs it (tests/docs/commands.py)
    text = open(os.path.join(ROOT, "README.md")).read()
    sec = re.split(r"(?m)^#+ A team's remote connector$", text, 1)[-1]
    block = sec.split("<!-- docs: run by make test-http-connector -->\n```sh", 1)[-1].split("```", 1)[0]
    block = "\n".join(line.split("#", 1)[0] for line in block.splitlines())
    quick = sorted(set(re.findall(r"\b(E2B_[A-Z_]+)=", block)))
    check("README.md's quick start has the recipe's settings", quick == names, (quick, names))
    return names


def main():
    shutil.rmtree(DIR, ignore_errors=True)
    os.makedirs(DIR)
    sh(os.path.join(ROOT, "tests", "tls", "mkcerts.sh"), os.path.join(BUILD, "tls-test"))
    for f in ("ca.pem", "good.pem", "good.key"):
        shutil.copy(os.path.join(BUILD, "tls-test", f), DIR)
    mcp_tls, mcp_up, as_tls, as_up = (closed_port() for _ in range(4))
    resource = "https://localhost:%d/mcp" % mcp_tls
    issuer = "https://localhost:%d" % as_tls
    sim = Sim.start()
    op = track(subprocess.Popen([NODE, os.path.join(ROOT, "tests", "http", "oidc_connector.mjs"), os.path.join(NPM, "oidc", "node_modules"),
                                 issuer, resource, str(as_up)], stdout=subprocess.PIPE, stderr=subprocess.PIPE))
    line = op.stdout.readline().decode()
    check("oidc-provider starts", line.startswith("oidc-ready"), line + op.stderr.read(2000).decode() if not line else line)
    drain(op.stdout)
    drain(op.stderr)
    front = Front(mcp_tls, mcp_up, as_tls, as_up)
    # the issuer's keys: the server finds them through its metadata, over the front's TLS (the test CA)
    # each user's E2B team key in the key store: alice the second team's, bob the first's
    open(os.path.join(DIR, "master"), "w").write(MASTER + "\n")
    kenv = dict(os.environ, E2B_MCP_KEYSTORE_FILE=STORE, E2B_MCP_KEYSTORE_MASTER_FILE=os.path.join(DIR, "master"))
    for user, key in (("alice", KEY2), ("bob", KEY)):
        q = subprocess.run([BIN, "keys", "add", user], input=key.encode(), capture_output=True, env=kenv, timeout=10)
        check("key store: keys add %s" % user, q.returncode == 0, q.stderr)
    env = server_env(sim.port, extra={"E2B_MCP_AUTH_ISSUER": issuer, "E2B_MCP_AUTH_RESOURCE": resource,
                                      "E2B_MCP_CA_FILE": os.path.join(DIR, "ca.pem"), "E2B_MCP_HTTP_ALLOWED_HOSTS": "localhost",
                                      "E2B_MCP_ENABLE_KILL": "1", "E2B_MCP_KEYSTORE_FILE": STORE,
                                      "E2B_MCP_KEYSTORE_MASTER_FILE": os.path.join(DIR, "master")})
    del env["E2B_API_KEY"]   # every caller's key comes from the store
    p = track(subprocess.Popen([BIN, "--http", "127.0.0.1:%d" % mcp_up], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, env=env))
    errs = []
    first = ""
    while "listening on" not in first:
        line = p.stderr.readline().decode()
        if not line:
            break
        first += line
    threading.Thread(target=lambda: [errs.append(b.decode(errors="replace")) for b in iter(p.stderr.readline, b"")], daemon=True).start()
    check("e2b-mcp starts behind the front, asking for access tokens", "OAuth access tokens required" in first, first)
    used = sorted(k for k in env if k.startswith("E2B_") and k not in ("E2B_API_URL", "E2B_DASHBOARD_API_URL", "E2B_MCP_ENABLE_KILL", "E2B_MCP_CA_FILE"))
    check("the suite runs the server with the recipe's settings (the simulator's URLs, kill and the test CA aside)", used == readme_recipe(), used)
    test_discovery(resource, issuer)
    test_sdk_full(resource, issuer, sim)
    test_sdk_read_only(resource, sim)
    test_sdk_wrong_user(resource, issuer)
    toks = test_mcp_remote(resource, issuer, sim, front)
    test_auth_none(sim)
    check("the server is still alive", p.poll() is None)
    stop(p)
    time.sleep(0.2)
    err = first + "".join(errs)
    check("no access token, E2B key or master secret in the server's stderr",
          not any(leaks(err, t) for t in toks) and "eyJ" not in err and KEY not in err and KEY2 not in err and MASTER not in err, err[-400:])
    stop(op)
    sim.stop()


if __name__ == "__main__":
    report.run(main)
