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
  - a record that cannot be decrypted after POST /v2/sandboxes was sent: the tool result is
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
import http.client
import json
import os
import struct
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from report import check, run  # noqa: E402
from sim import KEY, ROOT, Sim, TlsFront, server_env, stop  # noqa: E402
from mcp import ACCEPT, McpClient, init_params, result_text, rpc, start_http  # noqa: E402
from fake_e2b import FakeE2B  # noqa: E402

DIR = os.path.join(ROOT, "build", "tls-binary-test")
CERTS = os.path.join(ROOT, "build", "tls-test")        # tests/tls/mkcerts.sh
FRONT = []      # the TlsFront (main)
PORTS = {}
MARK = [0]


def _read_log():
    with open(FRONT[0].access_log) as f:
        return [l for l in f.read().splitlines() if l.strip()]


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


class Mcp(McpClient):
    """One e2b-mcp process over stdio, initialized, trusting the test CA (ca), or ca_file."""

    def __init__(self, binary, port, ca=True, ca_file=None, url=None):
        env = server_env(url or "https://localhost:%d" % port, KEY)
        if ca_file:
            env["E2B_MCP_CA_FILE"] = ca_file
        elif ca:
            env["E2B_MCP_CA_FILE"] = FRONT[0].ca
        McpClient.__init__(self, [binary], env)
        r = self.request("initialize", init_params("2025-06-18"), timeout=30)
        assert "result" in r, r
        self.notify("notifications/initialized")

    def use(self, tool, args=None):
        """(isError, the text blocks) of one tool call."""
        res = self.call(tool, args or {}, timeout=60).get("result", {})
        return bool(res.get("isError")), result_text(res).replace("\n", " ")

    def stderr_lines(self):
        """Everything it wrote to stderr, by line (after close)."""
        return self.stderr().splitlines()


def elf_interp(path):
    """The ELF program interpreter (dynamic loader) of a binary, or None when static."""
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
        check("%s: statically linked (no program interpreter)" % name, interp is None, "interpreter %s" % interp)

    clear_log()
    m = Mcp(binary, good)
    errs = []
    for i in range(50):
        err, text = m.use("e2b_list_sandboxes" if i % 2 == 0 else "e2b_list_templates")
        if err:
            errs.append(text[:160])
    lines = access_lines()
    c = conns(lines, good)
    check("%s: 50 tool calls over HTTPS succeed" % name, not errs, "; ".join(errs[:2]))
    check("%s: 50 calls, one connection, one full handshake" % name,
          len([l for l in lines if "port=%d" % good in l]) == 50 and len(c) == 1
          and list(c.values()) == ["."],
          "%d requests, connections %r" % (len(lines), c))

    # reload: new workers, idle keep-alive closed, shared session cache kept
    clear_log()
    FRONT[0].reload()
    time.sleep(0.3)
    err, text = m.use("e2b_list_sandboxes")
    c = conns(access_lines(), good)
    check("%s: call after nginx reload (idle connection closed) works" % name, not err, text[:200])
    if "mbedtls" in name:
        # mbedTLS offers a session ticket (and a fresh random ID with it); nginx makes
        # new ticket keys on reload, so this handshake is full. The mbedTLS port's
        # resumption is checked in the tls-mbedtls port suite (session IDs).
        check("%s: one new connection after the reload (ticket keys renewed: %s)"
              % (name, "resumed" if list(c.values()) == ["r"] else "full handshake"), len(c) == 1, "connections %r" % c)
    else:
        check("%s: the reconnect resumed the TLS session (abbreviated handshake)" % name, list(c.values()) == ["r"],
              "connections %r" % c)

    # restart: a new nginx, the session cache is gone
    clear_log()
    FRONT[0].restart()
    err, text = m.use("e2b_list_sandboxes")
    c = conns(access_lines(), good)
    check("%s: call after nginx restart works" % name, not err, text[:200])
    check("%s: one new connection after the restart" % name, len(c) == 1, "connections %r" % c)
    err, text = m.use("e2b_list_templates")
    check("%s: and it is kept alive for the next call" % name,
          not err and len(conns(access_lines(), good)) == 1, text[:200])
    m.close()

    # refusals, each with its reason in words, and nothing sent
    clear_log()
    for case, words in (("expired", "expired"), ("wrongname", "another host name"),
                        ("untrusted", "not signed by a trusted authority")):
        m = Mcp(binary, PORTS[case])
        err, text = m.use("e2b_list_sandboxes")
        m.close()
        check("%s: %s certificate refused: \"%s\"" % (name, case, text[:110]), err and words in text,
              "isError=%s text=%r" % (err, text[:300]))
    lines = access_lines()
    check("%s: no request (and no API key) reached a refused server" % name, not lines, "%r" % lines[:3])

    m = Mcp(binary, good, ca=False)
    err, text = m.use("e2b_list_sandboxes")
    m.close()
    check("%s: the system bundle does not trust the test CA" % name, err and "trusted authority" in text, text[:200])
    m = Mcp(binary, good, ca_file=os.path.join(DIR, "no-such-ca.pem"))
    err, text = m.use("e2b_list_sandboxes")
    m.close()
    check("%s: a missing E2B_MCP_CA_FILE is reported" % name, err and "trust anchors" in text, text[:200])
    check("%s: nothing sent without trust" % name, not access_lines())


def startup_warning(binary, port):
    """A CA file that does not load is said on stderr at start-up; the server still starts."""
    name = os.path.basename(binary)
    missing = os.path.join(DIR, "no-such-ca.pem")

    m = Mcp(binary, port, ca_file=missing)   # initialize answered: it runs
    err, text = m.use("e2b_list_sandboxes")
    m.close()
    lines = m.stderr_lines()
    warn = [l for l in lines if "warning" in l]
    check("%s: a CA file that does not load is one warning line at start-up" % name,
          len(warn) == 1 and missing in warn[0] and "no trust anchors could be loaded" in warn[0], "stderr %r" % lines)
    check("%s: the warning shows no key" % name, not any(KEY in l or KEY[4:] in l for l in lines), "stderr %r" % lines)
    check("%s: and the server still runs; tools say the same" % name, err and "trust anchors" in text, text[:200])
    m = Mcp(binary, port, ca_file=os.path.join(CERTS, "ca.pem"))
    m.close()
    check("%s: no warning when the CA file loads" % name, not m.stderr_lines(), "stderr %r" % m.stderr_lines())
    m = Mcp(binary, port, ca_file=missing, url="http://127.0.0.1:%d" % port)
    m.close()
    check("%s: no warning when no URL is https" % name, not m.stderr_lines(), "stderr %r" % m.stderr_lines())


def fake_suite(binary):
    """Failures after the handshake, against fake_e2b.py."""
    name = os.path.basename(binary)
    ca = os.path.join(CERTS, "ca.pem")
    srv = FakeE2B(CERTS, "badrecord")
    try:
        startup_warning(binary, srv.port)

        m = Mcp(binary, srv.port, ca_file=ca)
        err, text = m.use("e2b_create_sandbox", {})
        m.close()
        sent = [r for r in srv.requests if r.startswith("POST /v2/sandboxes ")]
        check("%s: a bad record after POST /v2/sandboxes was sent: \"%s\"" % (name, text[:120]),
              len(sent) == 1 and err and "may or may not" in text and "before anything was sent" not in text,
              "requests %r isError=%s text=%r" % (srv.requests, err, text[:300]))

        srv.mode = "cut"
        m = Mcp(binary, srv.port, ca_file=ca)
        err, text = m.use("e2b_list_sandboxes")
        check("%s: a close-delimited answer cut without close_notify is an error" % name,
              err and "before answering in full" in text,
              "isError=%s text=%r" % (err, text[:300]))
        srv.mode = "closedelim"
        err, text = m.use("e2b_list_sandboxes")
        m.close()
        check("%s: the same answer ended by close_notify is complete" % name, not err, text[:300])
    finally:
        srv.close()


def allowed_hosts(binary):
    """--http off loopback: E2B_MCP_HTTP_ALLOWED_HOSTS empty is unset, a list replaces."""
    name = os.path.basename(binary)
    token = "t0k3n-" + os.urandom(8).hex()
    for value, host, want in (("", "127.0.0.1", 200), (" , ", "127.0.0.1", 200),
                              ("proxy.example", "proxy.example", 200), ("proxy.example", "127.0.0.1", 403)):
        env = server_env("http://127.0.0.1:9", KEY, {"E2B_MCP_HTTP_TOKEN": token, "E2B_MCP_HTTP_ALLOWED_HOSTS": value})
        status, why, p = None, "", None
        try:
            port, p = start_http(binary, env, "[::ffff:127.0.0.1]:0")
            c = http.client.HTTPConnection("::ffff:127.0.0.1", port, timeout=5)
            c.request("POST", "/mcp", rpc(1, "initialize", init_params("2025-06-18")),
                      {"Host": "%s:%d" % (host, port), "Content-Type": "application/json",
                       "Accept": ACCEPT, "Authorization": "Bearer " + token})
            r = c.getresponse()
            status = r.status
            r.read()
            c.close()
        except Exception as e:
            why = repr(e)
        finally:
            if p is not None:
                stop(p)
        check("%s: --http off loopback, ALLOWED_HOSTS=%r, Host %s: %s" % (name, value, host, want), status == want,
              "got %s %s" % (status, why))


def main():
    bins = sys.argv[1:]
    os.makedirs(DIR, exist_ok=True)
    subprocess.run([os.path.join(HERE, "mkcerts.sh"), CERTS], check=True, timeout=120)
    sim = Sim.start(key=KEY)
    FRONT.append(TlsFront(sim.port, DIR))
    PORTS.update(FRONT[0].ports)
    for b in bins:
        if not os.access(b, os.X_OK):
            check("%s is built" % b, False)
            continue
        for part in (suite, fake_suite, allowed_hosts):
            try:
                part(b)
            except Exception as e:      # a crash of one binary fails it, not the run
                check("%s: %s ran to the end" % (os.path.basename(b), part.__name__), False, repr(e))


if __name__ == "__main__":
    run(main)
