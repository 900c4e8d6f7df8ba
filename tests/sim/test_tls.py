#!/usr/bin/env python3
"""TLS proxy suite: nginx (tests/sim/tls-proxy.sh) in front of e2b-sim, checked with a verifying client.

Starts its own simulator and proxy (certificates under build/sim-tls-test/, or $E2B_SIM_TLS_DIR), stops both
at the end, and prints "N passed, N failed" last.
"""
import http.client
import json
import os
import signal
import ssl
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from report import Fail, check, expect as ok, expect_eq as eq, run, run_tests, test  # noqa: E402,F401
from sim import KEY, ROOT, Sim, TlsFront  # noqa: E402
DIR = os.environ.get("E2B_SIM_TLS_DIR") or os.path.join(ROOT, "build", "sim-tls-test")
SCRIPT = os.path.join(HERE, "tls-proxy.sh")
PORTS = {}
SIM = {}


def ctx(verify=True):
    c = ssl.create_default_context(cafile=os.path.join(DIR, "ca.pem"))
    if not verify:
        c.check_hostname = False
        c.verify_mode = ssl.CERT_NONE
    return c


def conn(name, verify=True, host="localhost"):
    return http.client.HTTPSConnection(host, PORTS[name], context=ctx(verify), timeout=10)


def get(c, path, key=KEY):
    c.request("GET", path, headers={"X-API-Key": key} if key else {})
    r = c.getresponse()
    return r.status, r.read()


def access_log():
    with open(os.path.join(DIR, "access.log")) as f:
        return [l.split() for l in f if l.strip()]


def logged(marker, n):
    """The access-log lines whose request carries marker, once n of them are there: nginx writes a line after
    the response has gone out, so the client can read its answer before the line exists."""
    deadline = time.time() + 5
    while True:
        lines = [l for l in access_log() if any(marker in w for w in l)]
        if len(lines) >= n or time.time() > deadline:
            return lines
        time.sleep(0.02)


def proxy(*args):
    out = subprocess.run([SCRIPT] + list(args) + [DIR], capture_output=True, text=True, timeout=30)
    if out.returncode != 0:
        raise Fail("tls-proxy.sh %s failed: %s" % (" ".join(args), out.stderr.strip()))
    return out.stdout


def parse_ports(line):
    eq(line.split()[0], "TLS", "ports line")
    return {k: int(v) for k, v in (w.split("=") for w in line.split()[1:])}


@test
def ports_line_and_files():
    eq(sorted(PORTS), ["expired", "good", "untrusted", "wrongname"], "servers")
    with open(os.path.join(DIR, "ports")) as f:
        eq(parse_ports(f.read()), PORTS, "ports file matches stdout")
    for n in ("ca.pem", "good.pem", "good.key", "expired.pem", "wrongname.pem", "untrusted.pem"):
        ok(os.path.exists(os.path.join(DIR, n)), n)
    cert = ssl._ssl._test_decode_cert(os.path.join(DIR, "good.pem"))
    eq(cert["subjectAltName"], (("DNS", "localhost"),), "good SAN")
    exp = ssl._ssl._test_decode_cert(os.path.join(DIR, "expired.pem"))
    ok(ssl.cert_time_to_seconds(exp["notAfter"]) < time.time(), "expired cert is expired")
    eq(ssl._ssl._test_decode_cert(os.path.join(DIR, "wrongname.pem"))["subjectAltName"], (("DNS", "wrong.example"),),
       "wrong name SAN")


@test
def good_cert_verifies_and_keeps_alive():
    c = conn("good")
    st, body = get(c, "/v2/sandboxes?limit=100")
    eq(st, 200, "status through TLS")
    eq(len(json.loads(body)), 7, "seeded list through TLS")
    st, body = get(c, "/templates/defaults?limit=100")
    eq(st, 200, "second request")
    st, body = get(c, "/sandboxes/ialiceprod00000000001?limit=100")
    eq(json.loads(body)["sandboxID"], "ialiceprod00000000001", "third request")
    c.close()
    last = logged("limit=100", 3)
    eq(len(last), 3, "three requests logged")
    conns = {l[1] for l in last}
    eq(len(conns), 1, "three requests, one TLS connection (%s)" % conns)
    eq([l[2] for l in last], ["req=1", "req=2", "req=3"], "connection_requests")
    ok(all(l[4].startswith("proto=TLSv1.") for l in last), "TLS protocol logged")
    eq(get(conn("good"), "/v2/sandboxes", key=None)[0], 401, "auth still enforced behind TLS")


@test
def handshakes_vs_requests_and_session_reuse():
    marker = "metadata=tls%%3D%d" % os.getpid()
    c1 = ctx()
    s1 = http.client.HTTPSConnection("localhost", PORTS["good"], context=c1, timeout=10)
    get(s1, "/sandboxes?" + marker)
    sess = s1.sock.session
    s1.close()
    s2 = http.client.HTTPSConnection("localhost", PORTS["good"], context=c1, timeout=10)
    s2.connect()
    s2.sock.close()
    # resume explicitly with the ticket from the first connection
    import socket
    raw = socket.create_connection(("127.0.0.1", PORTS["good"]), timeout=10)
    tls = c1.wrap_socket(raw, server_hostname="localhost", session=sess)
    tls.sendall(b"GET /sandboxes?" + marker.encode() + b" HTTP/1.1\r\nHost: localhost\r\nX-API-Key: " + KEY.encode() + b"\r\nConnection: close\r\n\r\n")
    data = b""
    while True:
        d = tls.recv(65536)
        if not d:
            break
        data += d
    reused = tls.session_reused
    tls.close()
    ok(data.startswith(b"HTTP/1.1 200"), "answer on the resumed session")
    new = logged(marker, 2)
    eq(len(new), 2, "two requests logged (a handshake-only connection logs nothing)")
    ok(new[0][1] != new[1][1], "two distinct connections")
    eq(new[1][3], "reused=r" if reused else "reused=.", "log shows whether the session was resumed")


@test
def expired_wrongname_untrusted_refused():
    expect = {"expired": "certificate has expired", "wrongname": "Hostname mismatch",
              "untrusted": "unable to get local issuer certificate"}
    for name, why in expect.items():
        try:
            get(conn(name), "/sandboxes")
            raise Fail("%s: verifying client accepted the certificate" % name)
        except ssl.SSLCertVerificationError as e:
            ok(why in str(e), "%s: %s" % (name, e))
        st, body = get(conn(name, verify=False), "/sandboxes")
        eq(st, 200, "%s works without verification (the server itself is fine)" % name)


@test
def curl_verifies_too():
    if subprocess.run(["sh", "-c", "command -v curl"], capture_output=True).returncode:
        return
    ca = os.path.join(DIR, "ca.pem")
    for name, rc in (("good", 0), ("expired", 60), ("wrongname", 60), ("untrusted", 60)):
        r = subprocess.run(["curl", "-s", "-o", "/dev/null", "--cacert", ca, "-H", "X-API-Key: " + KEY,
                            "https://localhost:%d/sandboxes" % PORTS[name]], timeout=20)
        eq(r.returncode, rc, "curl exit code for %s" % name)


@test
def reload_and_restart_between_calls():
    c = conn("good")
    eq(get(c, "/sandboxes")[0], 200, "before")
    line = proxy("reload").strip()
    eq(parse_ports(line), PORTS, "reload keeps ports")
    time.sleep(0.3)
    try:
        st, _ = get(c, "/sandboxes")
        reconnected = False
    except (http.client.RemoteDisconnected, ConnectionError, ssl.SSLError, BrokenPipeError):
        c.close()
        st, _ = get(c, "/sandboxes")  # http.client reconnects on the next request
        reconnected = True
    eq(st, 200, "answer after reload (reconnected=%s)" % reconnected)
    line = proxy("restart").strip()
    eq(parse_ports(line), PORTS, "restart keeps ports")
    try:
        get(c, "/sandboxes")
        raise Fail("old connection survived a restart")
    except (http.client.RemoteDisconnected, ConnectionError, ssl.SSLError, BrokenPipeError, OSError):
        c.close()
    eq(get(c, "/sandboxes")[0], 200, "new connection after restart")


@test
def simulator_features_pass_through():
    sim = SIM["port"]
    hc = http.client.HTTPConnection("127.0.0.1", sim, timeout=10)
    hc.request("POST", "/_sim/config", body=json.dumps({"chunked": True}))
    hc.getresponse().read()
    c = conn("good")
    c.request("GET", "/v2/sandboxes?limit=2", headers={"X-API-Key": KEY})
    r = c.getresponse()
    eq((r.status, len(json.loads(r.read()))), (200, 2), "chunked upstream body through nginx")
    ok(r.getheader("X-Next-Token"), "X-Next-Token passes through")
    eq(r.getheader("X-Total-Running"), "5", "X-Total-Running passes through")
    hc.request("POST", "/_sim/faults", body=json.dumps({"path": "^/sandboxes$", "kind": "huge", "size": 4 << 20}))
    hc.getresponse().read()
    c.request("GET", "/sandboxes", headers={"X-API-Key": KEY})
    r = c.getresponse()
    eq(len(r.read()), 4 << 20, "4 MiB body through TLS")
    hc.request("POST", "/_sim/reset")
    hc.getresponse().read()


def main():
    signal.alarm(120)
    sim = Sim.start()
    SIM["port"] = sim.port
    front = TlsFront(sim.port, DIR)
    PORTS.update(parse_ports(front.ports_line))
    run_tests()

if __name__ == "__main__":
    run(main)
