"""e2b-mcp --http given only its issuer (E2B_MCP_AUTH_ISSUER, no JWKS file): it finds the issuer's
keys through its metadata (RFC 8414, then OpenID discovery) and fetches them with its own HTTP client
over verified TLS, before it serves; a token naming a key it does not have makes it fetch the JWKS
again (at most once a minute) while that request waits, and the rest of its clients are served
meanwhile. The issuer is a real oidc-provider (npm, make http-npm-oidc) behind the project's TLS
front (nginx with the test CA, tests/sim/tls-proxy.sh), restarted with new signing keys to rotate
them; its own log counts the requests it got (and whether any carried a key or a token)."""
import base64
import json
import os
import socket
import ssl
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import report  # noqa: E402
from report import check  # noqa: E402
from sim import BUILD, ROOT, Sim, TlsFront, server_env, stop, track  # noqa: E402
from mcp import init_params, request, rpc, start_http  # noqa: E402

BIN = os.path.join(BUILD, "e2b-mcp")
DIR = os.path.join(BUILD, "http-jwks")
NPM = os.path.join(BUILD, "npm")
NODE22 = os.path.join(NPM, "node22", "node_modules", "node", "bin", "node")
RESOURCE = "https://mcp.example.test/mcp"
INIT = rpc(1, "initialize", init_params())
LOG = os.path.join(DIR, "oidc.log")


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


class Issuer:
    """oidc-provider on a fixed loopback port behind the TLS front: issuer https://localhost:GOOD."""

    def __init__(self):
        self.port = free_port()
        self.tls = TlsFront(self.port, os.path.join(DIR, "tls"))
        self.url = "https://localhost:%d" % self.tls.ports["good"]
        self.ctx = ssl.create_default_context(cafile=self.tls.ca)
        self.proc = None

    def start(self, keys, delay_ms=0, no_as_metadata=False):
        """Runs the provider with these signing keys (names of key files in DIR, the first signs)."""
        self.stop()
        env = dict(os.environ, OIDC_PORT=str(self.port), OIDC_ISSUER=self.url, OIDC_LOG=LOG,
                   OIDC_KEYS=" ".join(os.path.join(DIR, k + ".json") for k in keys), OIDC_JWKS_DELAY_MS=str(delay_ms))
        if no_as_metadata:
            env["OIDC_NO_AS_METADATA"] = "1"
        node = NODE22 if os.path.exists(NODE22) else "node"
        self.proc = track(subprocess.Popen([node, os.path.join(ROOT, "tests", "http", "oidc_server.mjs"),
                                            os.path.join(NPM, "oidc", "node_modules"), RESOURCE, "connector", "connector-secret"],
                                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env))
        line = self.proc.stdout.readline().decode()
        if not line.startswith("oidc-ready "):
            raise RuntimeError("oidc-provider did not start: %r" % line)
        self.disc = json.loads(self.get("/.well-known/openid-configuration"))

    def stop(self):
        if self.proc:
            stop(self.proc)
            self.proc = None

    def get(self, path):
        return urllib.request.urlopen(self.url + path, context=self.ctx, timeout=10).read()

    def token(self, scope="e2b:read e2b:write"):
        data = urllib.parse.urlencode({"grant_type": "client_credentials", "scope": scope, "resource": RESOURCE}).encode()
        req = urllib.request.Request(self.disc["token_endpoint"], data=data, headers={
            "Authorization": "Basic " + base64.b64encode(b"connector:connector-secret").decode()})
        return json.loads(urllib.request.urlopen(req, context=self.ctx, timeout=10).read())["access_token"]


def requests_seen():
    """The provider's log so far: [(method, path, carried x-api-key, carried authorization)]."""
    if not os.path.exists(LOG):
        return []
    out = []
    for line in open(LOG):
        m, path, key, auth = line.split()
        out.append((m, path, key.endswith("true"), auth.endswith("true")))
    return out


def jwks_gets():
    return sum(1 for m, p, _, _ in requests_seen() if m == "GET" and p.startswith("/jwks"))


def kid_of(tok):
    return json.loads(base64.urlsafe_b64decode(tok.split(".")[0] + "=="))["kid"]


def with_kid(tok, kid):
    """The token with another kid in its header (its signature no longer matters: the kid is looked up first)."""
    head = json.loads(base64.urlsafe_b64decode(tok.split(".")[0] + "=="))
    head["kid"] = kid
    h = base64.urlsafe_b64encode(json.dumps(head, separators=(",", ":")).encode()).decode().rstrip("=")
    return h + tok[tok.index("."):]


def bearer(tok):
    return {"Authorization": "Bearer " + tok}


def env_for(sim, issuer_url, extra=None):
    env = {"E2B_MCP_AUTH_ISSUER": issuer_url, "E2B_MCP_AUTH_RESOURCE": RESOURCE, "E2B_MCP_CA_FILE": ISS.tls.ca}
    env.update(extra or {})
    return server_env(sim.port, extra=env)


def challenge_error(r):
    h = r.headers.get("www-authenticate", "")
    return h.split('error_description="', 1)[1].split('"', 1)[0] if 'error_description="' in h else ""


def test_discovery(sim):
    """Started with only the issuer: the metadata, then the JWKS, over TLS; tokens verified with them."""
    before = len(requests_seen())
    nginx_before = len(open(ISS.tls.access_log).read().splitlines()) if os.path.exists(ISS.tls.access_log) else 0
    port, p = start_http(BIN, env_for(sim, ISS.url))
    seen = requests_seen()[before:]
    paths = [(m, path) for m, path, _, _ in seen]
    check("discovery: the server read the RFC 8414 metadata (oidc-provider serves it), then its jwks_uri, before it served",
          paths == [("GET", "/.well-known/oauth-authorization-server"), ("GET", urllib.parse.urlparse(ISS.disc["jwks_uri"]).path)], paths)
    check("discovery: no request to the issuer carried an E2B key or an Authorization header",
          seen and not any(k or a for _, _, k, a in seen), seen)
    front = [line for line in open(ISS.tls.access_log).read().splitlines()[nginx_before:]
             if '"GET /.well-known/oauth-authorization-server ' in line or '"GET /jwks ' in line]
    check("discovery: every one came through the TLS front (TLS 1.2 or 1.3, certificate verified against the test CA)",
          len(front) == 2 and all("proto=TLSv1." in line and "port=%d" % ISS.tls.ports["good"] in line for line in front), front)
    tok = ISS.token()
    r = request(port, "POST", INIT, bearer(tok))
    check("discovery: a token of the issuer's key (%s) is taken" % kid_of(tok), r.status == 200, (r.status, r.headers))
    sid = r.headers.get("mcp-session-id")
    h = dict(bearer(tok), **{"Mcp-Session-Id": sid, "MCP-Protocol-Version": "2025-11-25"})
    request(port, "POST", rpc(None, "notifications/initialized"), h)
    sim.clear()
    r = request(port, "POST", rpc(2, "tools/call", {"name": "e2b_list_sandboxes", "arguments": {}}), h)
    check("discovery: and calls E2B with the server's key", r.status == 200 and "result" in r.events()[-1] and
          sim.requests() and not any("authorization" in q["headers"] for q in sim.requests()), r.body[:200])
    return port, p


def test_unknown_kid(port):
    """A kid the issuer never publishes: one JWKS fetch, then 401s without fetching for a minute."""
    tok = ISS.token()
    n0 = jwks_gets()
    t0 = time.time()
    r = request(port, "POST", INIT, bearer(with_kid(tok, "no-such-key")))
    check("unknown kid: 401 invalid_token, once the JWKS was fetched again and still lacks it",
          r.status == 401 and "invalid_token" in r.headers.get("www-authenticate", "") and "not one of the issuer's keys" in challenge_error(r),
          (r.status, r.headers.get("www-authenticate")))
    check("unknown kid: the first one made exactly one JWKS fetch (not the metadata again)", jwks_gets() == n0 + 1 and
          requests_seen()[-1][1].startswith("/jwks"), (n0, jwks_gets()))
    codes = [request(port, "POST", INIT, bearer(with_kid(tok, "other-key-%d" % i))).status for i in range(10)]
    check("unknown kid: 10 more unknown kids in the same minute are 401 at once", codes == [401] * 10, codes)
    check("unknown kid: and cost the issuer no request (at most one JWKS fetch a minute)", jwks_gets() == n0 + 1,
          (n0, jwks_gets(), time.time() - t0))
    r = request(port, "POST", INIT, bearer(tok))
    check("unknown kid: the known key's tokens still work", r.status == 200, r.status)


# "at once" beside a fetch that takes 3 s: with room for a loaded machine, and still far from 3 s
FAST = 2.0


def test_rotation(sim, port_slow, port_down):
    """The issuer restarted with a new signing key (the old one still published), answering its JWKS 3 s late."""
    old = ISS.token()
    ISS.start(["key-b", "key-a"], delay_ms=3000)
    new = ISS.token()
    check("rotation: the issuer now signs with its new key", kid_of(new) == "key-b" and kid_of(old) == "key-a", (kid_of(old), kid_of(new)))
    n0 = jwks_gets()
    got = {}

    def slow_client():
        t = time.time()
        got["r"] = request(port_slow, "POST", INIT, bearer(new), timeout=30)
        got["t"] = time.time() - t
    th = threading.Thread(target=slow_client)
    th.start()
    time.sleep(0.5)   # its request is in, and the fetch on its way
    pile = []   # made-up kids while the fetch is slow: at most 8 wait (E2B_MCP_AUTH_KEY_WAITERS), the rest 503 at once

    def pile_client(i):
        t = time.time()
        r = request(port_slow, "POST", INIT, bearer(with_kid(old, "pile-%d" % i)), timeout=30)
        pile.append((r.status, time.time() - t, r.headers.get("retry-after")))
    piles = [threading.Thread(target=pile_client, args=(i,)) for i in range(14)]
    for t in piles:
        t.start()
    time.sleep(0.3)
    times, codes = [], []
    for i in range(5):
        t = time.time()
        codes.append(request(port_slow, "POST", INIT, bearer(old)).status)
        times.append(time.time() - t)
    still_waiting = th.is_alive()
    th.join(30)
    for t in piles:
        t.join(30)
    busy = [p for p in pile if p[0] == 503]
    check("rotation: of 14 requests with made-up kids during the slow fetch, those past the 7 that join the new key's "
          "(8 waiters) are 503 at once with Retry-After; the waiters are 401 once the keys came",
          len(pile) == 14 and len(busy) >= 7 and all(t < FAST and ra for _, t, ra in busy) and
          all(st == 401 for st, _, _ in pile if st != 503), sorted((st, round(t, 2)) for st, t, _ in pile))
    r = got.get("r")
    check("rotation: while the JWKS fetch is slow, other clients are served (5 initializes with the old key, each well under the fetch's 3 s)",
          codes == [200] * 5 and max(times) < FAST and still_waiting, (codes, times, still_waiting))
    check("rotation: the token of the new key waited for the fetch (about 3 s) and was taken, not answered 401",
          r is not None and r.status == 200 and got["t"] >= 2.5, (r and r.status, got.get("t")))
    check("rotation: after exactly one JWKS fetch", jwks_gets() == n0 + 1, (n0, jwks_gets()))
    c = request(port_slow, "POST", INIT, bearer(old))
    check("rotation: the old key's tokens keep working while the issuer still publishes it", c.status == 200, c.status)
    c = request(port_slow, "POST", INIT, bearer(ISS.token()))
    check("rotation: the next token of the new key is taken at once, no fetch", c.status == 200 and jwks_gets() == n0 + 1, c.status)
    # a refresh that fails keeps the keys there were: the issuer down (the front answers 502)
    ISS.stop()
    r = request(port_down, "POST", INIT, bearer(new), timeout=30)
    check("issuer down: a new key's token is 401 after the fetch failed", r.status == 401, r.status)
    r = request(port_down, "POST", INIT, bearer(old))
    check("issuer down: the keys fetched before are kept (the old key's token is taken)", r.status == 200, r.status)
    ISS.start(["key-b", "key-a"])


def test_openid_only(sim):
    """A provider with OpenID discovery alone: RFC 8414's document is 404, the next one is read."""
    ISS.start(["key-b", "key-a"], no_as_metadata=True)
    before = len(requests_seen())
    port, p = start_http(BIN, env_for(sim, ISS.url))
    paths = [path for _, path, _, _ in requests_seen()[before:]]
    check("openid only: RFC 8414 metadata (404), then /.well-known/openid-configuration, then the jwks_uri",
          paths == ["/.well-known/oauth-authorization-server", "/.well-known/openid-configuration",
                    urllib.parse.urlparse(ISS.disc["jwks_uri"]).path], paths)
    r = request(port, "POST", INIT, bearer(ISS.token()))
    check("openid only: its tokens are taken", r.status == 200, r.status)
    stop(p)
    ISS.start(["key-b", "key-a"])


def test_refused(sim):
    """Set-ups the server refuses at start, saying why."""
    def run(issuer_url, extra=None):
        q = subprocess.run([BIN, "--http", "127.0.0.1:0"], capture_output=True, env=env_for(sim, issuer_url, extra), timeout=30)
        return q.returncode, q.stderr.decode(errors="replace")
    rc, err = run(ISS.url + "/")
    check("refused: metadata whose issuer is not exactly the configured one (a trailing slash) stops the server",
          rc == 2 and "names the issuer" in err and ISS.url in err and "listening" not in err, (rc, err))
    for which, words in (("untrusted", "not signed by a trusted authority"), ("expired", "expired"), ("wrongname", "another host name")):
        rc, err = run("https://localhost:%d" % ISS.tls.ports[which])
        check("refused: an issuer whose certificate is %s (%s)" % (which, words), rc == 2 and words in err and "listening" not in err, (rc, err))
    rc, err = run("http://127.0.0.1:%d" % ISS.port)
    check("refused: an http:// issuer (keys over verified TLS only)", rc == 2 and "not https://" in err, (rc, err))
    rc, err = run(ISS.url, {"E2B_MCP_CA_FILE": os.path.join(ISS.tls.dir, "untrusted-ca.pem")})
    check("refused: the issuer's certificate against other trust anchors", rc == 2 and "not signed by a trusted authority" in err, (rc, err))


ISS = None


def main():
    global ISS
    os.makedirs(DIR, exist_ok=True)
    for f in os.listdir(DIR):
        if f.endswith(".json") or f == "oidc.log":
            os.remove(os.path.join(DIR, f))
    sim = Sim.start()
    ISS = Issuer()
    ISS.start(["key-a"])
    port, p = test_discovery(sim)
    test_unknown_kid(port)
    stop(p)
    port_slow, p1 = start_http(BIN, env_for(sim, ISS.url, {"E2B_MCP_AUTH_FAIL_BURST": "100"}))
    port_down, p2 = start_http(BIN, env_for(sim, ISS.url))
    test_rotation(sim, port_slow, port_down)
    check("the servers are still alive", p1.poll() is None and p2.poll() is None)
    stop(p1)
    stop(p2)
    test_openid_only(sim)
    test_refused(sim)
    ISS.stop()
    ISS.tls.stop()
    sim.stop()


if __name__ == "__main__":
    report.run(main)
