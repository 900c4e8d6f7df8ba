#!/usr/bin/env python3
"""TLS checks of the real server binaries, over stdio MCP, against e2b-sim behind nginx
(tests/sim/tls-proxy.sh, with its test CA). Every binary given on the command line
(build/e2b-mcp = BearSSL, build/e2b-mcp-mbedtls, build/e2b-mcp-static = musl+BearSSL) gets:

  - a session of 50 tool calls over HTTPS performs one full TLS handshake (counted in
    nginx's access log: distinct connections and $ssl_session_reused), all on one
    keep-alive connection;
  - nginx reloaded (idle keep-alive connections closed) between two calls: the call
    works and, for BearSSL (session IDs, kept in nginx's shared cache across a reload),
    the new connection resumes the TLS session (abbreviated handshake);
  - nginx restarted (session cache gone) between two calls: the call works;
  - an expired certificate, one for another name and one from an unknown CA are each
    refused, the tool result names the reason in words, and no request (so no API key)
    reached the server;
  - the system bundle (no E2B_MCP_CA_FILE) does not trust the test CA; a missing
    E2B_MCP_CA_FILE makes tools say that no trust anchors could be loaded, and the server
    says so on stderr at start-up (one line naming the file, no key), and still serves.

Against a fake E2B over TLS (tests/tls/fake_e2b.py, the PKI of tests/tls/mkcerts.sh), for
failures nginx cannot produce:
  - a record that cannot be decrypted after POST /sandboxes was sent: the tool result is
    an error saying the request may or may not have been carried out (not "before
    anything was sent");
  - a close-delimited answer (no Content-Length, not chunked) cut by a TCP FIN without
    close_notify is an error, not a complete answer (RFC 9112 9.8); the same answer
    ended by close_notify is complete.

And the --http transport bound to ::ffff:127.0.0.1 (not a loopback name to the server,
loopback to the kernel): E2B_MCP_HTTP_ALLOWED_HOSTS set but empty is no list at all
(any Host, behind the token); a list replaces the default, loopback names included.

tests/tls/test_binary.py BIN...   prints one line per check and "N passed, N failed".
"""
import http.client, json, os, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fake_e2b import FakeE2B

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
DIR = os.path.join(ROOT, "build", "tls-binary-test")
CERTS = os.path.join(ROOT, "build", "tls-test")        # tests/tls/mkcerts.sh
PROXY = os.path.join(ROOT, "tests", "sim", "tls-proxy.sh")
KEY = "e2b_deadbeefdeadbeefdeadbeefdeadbeefdeadbeef"
passed = failed = 0
PORTS = {}


def check(cond, what, detail=""):
    global passed, failed
    if cond:
        passed += 1
        print("ok   " + what)
    else:
        failed += 1
        print("FAIL " + what + (": " + detail if detail else ""))


def proxy(*args):
    r = subprocess.run([PROXY] + list(args) + [DIR], capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        raise RuntimeError("tls-proxy.sh %s: %s" % (args[0], r.stderr.strip()))
    return r.stdout


def _read_log():
    with open(os.path.join(DIR, "access.log")) as f:
        return [l for l in f.read().splitlines() if l.strip()]


MARK = [0]


def settle():
    """nginx writes a request's log line after the response has gone out: wait until
    the log has stopped growing for a moment before reading it."""
    last, stable, deadline = -1, 0, time.time() + 5
    while time.time() < deadline:
        n = len(_read_log())
        stable = stable + 1 if n == last else 0
        if stable >= 3:
            break
        last = n
        time.sleep(0.1)


def clear_log():
    """Starts a new phase: later access_lines() return only what is logged after this."""
    settle()
    MARK[0] = len(_read_log())


def access_lines():
    settle()
    return _read_log()[MARK[0]:]


def conns(lines, port):
    """{conn: reused flag of its first request} for requests on port."""
    out = {}
    for l in lines:
        f = dict(kv.split("=", 1) for kv in l.split() if "=" in kv and not kv.startswith('"'))
        if f.get("port") == str(port) and f.get("conn") not in out:
            out[f["conn"]] = f.get("reused")
    return out


class Mcp:
    """One e2b-mcp process over stdio."""
    def __init__(self, binary, port, ca=True, ca_file=None, url=None, errlog=None):
        env = dict(os.environ)
        for k in ("E2B_DOMAIN", "E2B_MCP_CA_FILE", "E2B_MCP_ENABLE_KILL"):
            env.pop(k, None)
        url = url or "https://localhost:%d" % port
        env.update(E2B_API_KEY=KEY, E2B_API_URL=url, E2B_DASHBOARD_API_URL=url)
        if ca_file:
            env["E2B_MCP_CA_FILE"] = ca_file
        elif ca:
            env["E2B_MCP_CA_FILE"] = os.path.join(DIR, "ca.pem")
        self.err = open(errlog, "w") if errlog else subprocess.DEVNULL
        self.p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=self.err, env=env, text=True, bufsize=1)
        self.id = 0
        r = self.rpc("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                    "clientInfo": {"name": "tls-test", "version": "1"}})
        assert "result" in r, r
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def send(self, msg):
        self.p.stdin.write(json.dumps(msg) + "\n")
        self.p.stdin.flush()

    def rpc(self, method, params):
        self.id += 1
        self.send({"jsonrpc": "2.0", "id": self.id, "method": method, "params": params})
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("e2b-mcp exited")
            m = json.loads(line)
            if m.get("id") == self.id:
                return m

    def call(self, tool, args=None):
        r = self.rpc("tools/call", {"name": tool, "arguments": args or {}})
        res = r.get("result", {})
        text = " ".join(c.get("text", "") for c in res.get("content", []) if c.get("type") == "text")
        return bool(res.get("isError")), text

    def close(self):
        try:
            self.p.stdin.close()
            self.p.wait(timeout=10)
        except Exception:
            self.p.kill()
            self.p.wait()
        if self.err is not subprocess.DEVNULL:
            self.err.close()


def elf_interp(path):
    """The ELF program interpreter (dynamic loader) of a binary, or None when static."""
    import struct
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 2:
        return "not a 64-bit ELF"
    phoff, = struct.unpack_from("<Q", data, 0x20)
    phentsize, phnum = struct.unpack_from("<HH", data, 0x36)
    for i in range(phnum):
        off = phoff + i * phentsize
        ptype, = struct.unpack_from("<I", data, off)
        if ptype == 3:  # PT_INTERP
            o, = struct.unpack_from("<Q", data, off + 8)
            sz, = struct.unpack_from("<Q", data, off + 32)
            return data[o:o + sz].rstrip(b"\0").decode()
    return None


def suite(binary):
    name = os.path.basename(binary)
    good = PORTS["good"]
    if "static" in name:
        interp = elf_interp(binary)
        check(interp is None, "%s: statically linked (no program interpreter)" % name, "interpreter %s" % interp)

    clear_log()
    m = Mcp(binary, good)
    errs = []
    for i in range(50):
        err, text = m.call("e2b_list_sandboxes" if i % 2 == 0 else "e2b_list_templates")
        if err:
            errs.append(text[:160])
    lines = access_lines()
    c = conns(lines, good)
    check(not errs, "%s: 50 tool calls over HTTPS succeed" % name, "; ".join(errs[:2]))
    check(len([l for l in lines if "port=%d" % good in l]) == 50 and len(c) == 1
          and list(c.values()) == ["."],
          "%s: 50 calls, one connection, one full handshake" % name,
          "%d requests, connections %r" % (len(lines), c))

    # reload: new workers, idle keep-alive closed, shared session cache kept
    clear_log()
    proxy("reload")
    time.sleep(0.3)
    err, text = m.call("e2b_list_sandboxes")
    c = conns(access_lines(), good)
    check(not err, "%s: call after nginx reload (idle connection closed) works" % name, text[:200])
    if "mbedtls" in name:
        # mbedTLS offers a session ticket (and a fresh random ID with it); nginx makes
        # new ticket keys on reload, so this handshake is full. The mbedTLS port's
        # resumption is checked in the tls-mbedtls port suite (session IDs).
        check(len(c) == 1, "%s: one new connection after the reload (ticket keys renewed: %s)"
              % (name, "resumed" if list(c.values()) == ["r"] else "full handshake"), "connections %r" % c)
    else:
        check(list(c.values()) == ["r"], "%s: the reconnect resumed the TLS session (abbreviated handshake)" % name,
              "connections %r" % c)

    # restart: a new nginx, the session cache is gone
    clear_log()
    proxy("restart")
    err, text = m.call("e2b_list_sandboxes")
    c = conns(access_lines(), good)
    check(not err, "%s: call after nginx restart works" % name, text[:200])
    check(len(c) == 1, "%s: one new connection after the restart" % name, "connections %r" % c)
    err, text = m.call("e2b_list_templates")
    check(not err and len(conns(access_lines(), good)) == 1,
          "%s: and it is kept alive for the next call" % name, text[:200])
    m.close()

    # refusals, each with its reason in words, and nothing sent
    clear_log()
    for case, words in (("expired", "expired"), ("wrongname", "another host name"),
                        ("untrusted", "not signed by a trusted authority")):
        m = Mcp(binary, PORTS[case])
        err, text = m.call("e2b_list_sandboxes")
        m.close()
        check(err and words in text, "%s: %s certificate refused: \"%s\"" % (name, case, text[:110]),
              "isError=%s text=%r" % (err, text[:300]))
    lines = access_lines()
    check(not lines, "%s: no request (and no API key) reached a refused server" % name, "%r" % lines[:3])

    m = Mcp(binary, good, ca=False)
    err, text = m.call("e2b_list_sandboxes")
    m.close()
    check(err and "trusted authority" in text, "%s: the system bundle does not trust the test CA" % name, text[:200])
    m = Mcp(binary, good, ca_file=os.path.join(DIR, "no-such-ca.pem"))
    err, text = m.call("e2b_list_sandboxes")
    m.close()
    check(err and "trust anchors" in text, "%s: a missing E2B_MCP_CA_FILE is reported" % name, text[:200])
    check(not access_lines(), "%s: nothing sent without trust" % name)


def startup_warning(binary, port):
    """A CA file that does not load is said on stderr at start-up; the server still starts."""
    name = os.path.basename(binary)
    errlog = os.path.join(DIR, "stderr.txt")
    missing = os.path.join(DIR, "no-such-ca.pem")

    def stderr_lines():
        with open(errlog) as f:
            return f.read().splitlines()

    m = Mcp(binary, port, ca_file=missing, errlog=errlog)   # initialize answered: it runs
    err, text = m.call("e2b_list_sandboxes")
    m.close()
    lines = stderr_lines()
    warn = [l for l in lines if "warning" in l]
    check(len(warn) == 1 and missing in warn[0] and "no trust anchors could be loaded" in warn[0],
          "%s: a CA file that does not load is one warning line at start-up" % name, "stderr %r" % lines)
    check(not any(KEY in l or KEY[4:] in l for l in lines), "%s: the warning shows no key" % name, "stderr %r" % lines)
    check(err and "trust anchors" in text, "%s: and the server still runs; tools say the same" % name, text[:200])
    m = Mcp(binary, port, ca_file=os.path.join(CERTS, "ca.pem"), errlog=errlog)
    m.close()
    check(not stderr_lines(), "%s: no warning when the CA file loads" % name, "stderr %r" % stderr_lines())
    m = Mcp(binary, port, ca_file=missing, url="http://127.0.0.1:%d" % port, errlog=errlog)
    m.close()
    check(not stderr_lines(), "%s: no warning when no URL is https" % name, "stderr %r" % stderr_lines())


def fake_suite(binary):
    """Failures after the handshake, against fake_e2b.py."""
    name = os.path.basename(binary)
    ca = os.path.join(CERTS, "ca.pem")
    srv = FakeE2B(CERTS, "badrecord")
    try:
        startup_warning(binary, srv.port)

        m = Mcp(binary, srv.port, ca_file=ca)
        err, text = m.call("e2b_create_sandbox", {})
        m.close()
        sent = [r for r in srv.requests if r.startswith("POST /sandboxes ")]
        check(len(sent) == 1 and err and "may or may not" in text and "before anything was sent" not in text,
              "%s: a bad record after POST /sandboxes was sent: \"%s\"" % (name, text[:120]),
              "requests %r isError=%s text=%r" % (srv.requests, err, text[:300]))

        srv.mode = "cut"
        m = Mcp(binary, srv.port, ca_file=ca)
        err, text = m.call("e2b_list_sandboxes")
        check(err and "before answering in full" in text,
              "%s: a close-delimited answer cut without close_notify is an error" % name,
              "isError=%s text=%r" % (err, text[:300]))
        srv.mode = "closedelim"
        err, text = m.call("e2b_list_sandboxes")
        m.close()
        check(not err, "%s: the same answer ended by close_notify is complete" % name, text[:300])
    finally:
        srv.close()


def allowed_hosts(binary):
    """--http off loopback: E2B_MCP_HTTP_ALLOWED_HOSTS empty is unset, a list replaces."""
    name = os.path.basename(binary)
    token = "t0k3n-" + os.urandom(8).hex()
    for value, host, want in (("", "127.0.0.1", 200), (" , ", "127.0.0.1", 200),
                              ("proxy.example", "proxy.example", 200), ("proxy.example", "127.0.0.1", 403)):
        env = dict(os.environ)
        env.update(E2B_API_KEY=KEY, E2B_API_URL="http://127.0.0.1:9", E2B_DASHBOARD_API_URL="http://127.0.0.1:9",
                   E2B_MCP_HTTP_TOKEN=token, E2B_MCP_HTTP_ALLOWED_HOSTS=value)
        p = subprocess.Popen([binary, "--http", "[::ffff:127.0.0.1]:0"], stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, text=True)
        status, line = None, ""
        try:
            line = p.stderr.readline()
            port = int(line.rsplit(":", 1)[1].split("/")[0]) if "listening on" in line else 0
            if port:
                c = http.client.HTTPConnection("::ffff:127.0.0.1", port, timeout=5)
                c.request("POST", "/mcp", json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                    "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}),
                    {"Host": "%s:%d" % (host, port), "Content-Type": "application/json",
                     "Accept": "application/json, text/event-stream", "Authorization": "Bearer " + token})
                r = c.getresponse()
                status = r.status
                r.read()
                c.close()
        except Exception as e:
            line += " " + repr(e)
        finally:
            p.terminate()
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        check(status == want, "%s: --http off loopback, ALLOWED_HOSTS=%r, Host %s: %s" % (name, value, host, want),
              "got %s (%s)" % (status, line.strip()))


def main():
    bins = sys.argv[1:]
    os.makedirs(DIR, exist_ok=True)
    subprocess.run([os.path.join(HERE, "mkcerts.sh"), CERTS], check=True, timeout=120)
    sim = subprocess.Popen([sys.executable, os.path.join(ROOT, "tests", "sim", "e2b-sim"), "--port", "0",
                            "--key", KEY], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = sim.stdout.readline().split()
        if len(line) < 2 or line[0] != "READY":
            raise RuntimeError("e2b-sim did not start")
        out = proxy("start", line[1])
        for kv in out.split()[1:]:
            k, v = kv.split("=")
            PORTS[k] = int(v)
        for b in bins:
            if not os.access(b, os.X_OK):
                check(False, "%s is built" % b)
                continue
            for part in (suite, fake_suite, allowed_hosts):
                try:
                    part(b)
                except Exception as e:      # a crash of one binary fails it, not the run
                    check(False, "%s: %s ran to the end" % (os.path.basename(b), part.__name__), repr(e))
    except Exception as e:
        check(False, "set-up (simulator + nginx)", repr(e))
    finally:
        try:
            proxy("stop")
        except Exception:
            pass
        sim.terminate()
        sim.wait(timeout=10)
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
