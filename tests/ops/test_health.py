"""Health, readiness and metrics of e2b-mcp --http (issue 35, items 1 and 2), against the
simulator and a real Prometheus (Debian's prometheus, promtool).

/healthz answers while the loop runs, with no token; /readyz is 503 with a JSON body naming
what is not ready (E2B not answered yet, then a probe that sends no key; no key; E2B gone;
an audit log that cannot be written) and 200 once all is; neither says anything secret.
/metrics is Prometheus text on loopback, a 404 elsewhere without E2B_MCP_METRICS_TOKEN, and
needs that token when set. A Prometheus scrapes a server through a load and its HTTP API is
asked for the counters the load must have made; promtool checks the exposition."""
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from report import check, eq, run  # noqa: E402
from sim import BUILD, KEY, Sim, closed_port, server_env, stop, track  # noqa: E402
from mcp import HttpSession, request, rpc, start_http  # noqa: E402

BIN = os.environ.get("E2B_MCP_BIN") or os.path.join(BUILD, "e2b-mcp")
PROMETHEUS = shutil.which("prometheus") or "/usr/bin/prometheus"
PROMTOOL = shutil.which("promtool") or "/usr/bin/promtool"
MODERN = "2026-07-28"


def modern(port, id, method, params=None, headers=None):
    params = dict(params or {})
    params["_meta"] = {"io.modelcontextprotocol/protocolVersion": MODERN,
                       "io.modelcontextprotocol/clientCapabilities": {"elicitation": {}}}
    h = {"MCP-Protocol-Version": MODERN, "Mcp-Method": method}
    if method == "tools/call":
        h["Mcp-Name"] = params["name"]
    h.update(headers or {})
    return request(port, "POST", rpc(id, method, params), h)


def ready(port, want=200, timeout=5):
    """/readyz until it answers want (or the time is up): (status, body as JSON)."""
    deadline = time.time() + timeout
    while True:
        r = request(port, "GET", path="/readyz")
        body = json.loads(r.body) if r.body else {}
        if r.status == want or time.time() > deadline:
            return r.status, body
        time.sleep(0.1)


def metrics(port, headers=None):
    r = request(port, "GET", path="/metrics", headers=headers)
    return r


def sample(text, name, **labels):
    """The value of one sample in exposition text (None when absent)."""
    for line in text.splitlines():
        if line.startswith("#") or not line.startswith(name):
            continue
        m = re.match(r"^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$", line)
        if not m or m.group(1) != name:
            continue
        got = dict(re.findall(r'(\w+)="((?:[^"\\]|\\.)*)"', m.group(3) or ""))
        if got == {k: str(v) for k, v in labels.items()}:
            return float(m.group(4))
    return None


def health_and_readiness(sim):
    token = "ops-test-token-" + os.urandom(6).hex()
    port, p = start_http(BIN, server_env(sim.port, extra={"E2B_MCP_HTTP_TOKEN": token}))
    sim.clear()
    r = request(port, "GET", path="/healthz")
    check("/healthz: 200 without the bearer token the server wants", r.status == 200 and json.loads(r.body) == {"status": "ok"},
          (r.status, r.body))
    check("/mcp still wants the token", request(port, "POST", rpc(1, "ping")).status == 401)
    r = request(port, "POST", "{}", path="/healthz")
    eq("/healthz: POST is 405", r.status, 405)
    st, body = ready(port, want=503, timeout=0)
    check("/readyz before E2B ever answered: 503, naming e2b", st == 503 and body.get("status") == "not ready"
          and body.get("checks", {}).get("e2b", "ok") != "ok" and body["checks"].get("api_key") == "ok", body)
    st, body = ready(port, 200)
    check("/readyz: 200 once the probe was answered", st == 200 and body == {"checks": {"api_key": "ok", "e2b": "ok"}, "status": "ready"},
          (st, body))
    probes = [x for x in sim.requests() if x["path"] == "/health"]
    check("the probe is GET /health, sent once, with no key", len(probes) == 1 and probes[0]["method"] == "GET"
          and not any(k.lower() == "x-api-key" for k in probes[0]["headers"]), probes)
    check("no other request reached E2B", [x["path"] for x in sim.requests() if not x["path"].startswith("/_sim")] == ["/health"],
          sim.requests())
    stop(p)

    # no key: not ready, and says which; nothing secret in either body
    port, p = start_http(BIN, server_env(sim.port, key=None))
    st, body = ready(port, want=503, timeout=0)
    st, body = ready(port, want=-1, timeout=1.5)   # the probe has come back by now
    check("/readyz without an E2B key: 503, api_key named, e2b ok", st == 503 and "key" in body["checks"]["api_key"]
          and body["checks"]["e2b"] == "ok", body)
    stop(p)

    # E2B gone: the probe gets no answer
    dead = closed_port()
    port, p = start_http(BIN, server_env(dead))
    ready(port, want=503, timeout=0)
    time.sleep(0.5)
    st, body = ready(port, want=503, timeout=0)
    check("/readyz with E2B unreachable: 503, the e2b check says the probe was not answered",
          st == 503 and "did not answer" in body["checks"]["e2b"], body)
    stop(p)

    # /readyz is open to anyone: a flood of it is not a flood of probes (one a second at most)
    lst = socket.socket()
    lst.bind(("127.0.0.1", 0))
    lst.listen(64)
    lst.settimeout(0.005)
    port, p = start_http(BIN, server_env(lst.getsockname()[1]))
    probes, asks, t0 = 0, 0, time.time()
    while time.time() - t0 < 1.5:   # each probe is accepted and closed unanswered
        request(port, "GET", path="/readyz")
        asks += 1
        try:
            c, _ = lst.accept()
            c.close()
            probes += 1
        except socket.timeout:
            pass
    check("a flood of /readyz for 1.5 s with E2B not answering: at most 3 probes reach it", 1 <= probes <= 3, (probes, asks))
    stop(p)
    lst.close()

    # an audit log that cannot be written (a full disk: /dev/full)
    port, p = start_http(BIN, server_env(sim.port, extra={"E2B_MCP_AUDIT_LOG": "/dev/full", "E2B_MCP_AUDIT_READS": "1"}))
    st, body = ready(port, 200)
    check("/readyz with an audit log not yet written to: ready", st == 200 and body["checks"].get("audit_log") == "ok", body)
    r = modern(port, 5, "tools/call", {"name": "e2b_list_sandboxes", "arguments": {}})
    check("a read call while the log is full is answered", r.status == 200, r.status)
    st, body = ready(port, want=503, timeout=2)
    check("/readyz after a record could not be written: 503, audit_log named", st == 503
          and "could not be written" in body["checks"].get("audit_log", ""), body)
    sim.clear()
    s = HttpSession(port)   # no elicitation: no question, the call would go straight to E2B
    r = s.call("tools/call", {"name": "e2b_create_sandbox", "arguments": {"template_id": "base"}})
    check("a create while the log is full is refused (the audit fails closed), nothing sent to E2B",
          "audit log is unavailable" in r.body and not [x for x in sim.requests() if x["method"] == "POST"], r.body[:300])
    m = metrics(port).body
    # records: the read's and the refused create's; failures: those two lines and the create's "started" line
    eq("metrics: audit records handed over, failures, the refusal", (sample(m, "e2b_mcp_audit_records_total"),
       sample(m, "e2b_mcp_audit_failures_total"), sample(m, "e2b_mcp_calls_refused_total", reason="audit_unavailable")), (2.0, 3.0, 1.0))
    everything = json.dumps(body) + m
    check("nothing secret in /readyz or /metrics (no key)", KEY not in everything and "e2b_" + KEY[4:] not in everything)
    stop(p)


def metrics_access(sim):
    # loopback: served as is
    port, p = start_http(BIN, server_env(sim.port))
    r = metrics(port)
    check("/metrics on loopback: 200, Prometheus text", r.status == 200 and r.headers.get("content-type", "").startswith("text/plain; version=0.0.4")
          and "# TYPE e2b_mcp_build_info gauge" in r.body, (r.status, r.headers, r.body[:200]))
    stop(p)
    # off loopback: not served without its token (bound to the wildcard, with a bearer token, asked on 127.0.0.1)
    mt = "metrics-" + os.urandom(6).hex()
    env = server_env(sim.port, extra={"E2B_MCP_HTTP_TOKEN": "mcp-" + os.urandom(6).hex()})
    port, p = start_http(BIN, env, addr="0.0.0.0:0")
    r = metrics(port)
    check("/metrics off loopback without E2B_MCP_METRICS_TOKEN: 404 (never public)", r.status == 404 and "# TYPE" not in r.body, r.status)
    r = metrics(port, {"Authorization": "Bearer " + env["E2B_MCP_HTTP_TOKEN"]})
    check("... and the MCP token does not open it", r.status == 404, r.status)
    check("/healthz off loopback: 200 without any token", request(port, "GET", path="/healthz").status == 200)
    stop(p)
    env["E2B_MCP_METRICS_TOKEN"] = mt
    port, p = start_http(BIN, env, addr="0.0.0.0:0")
    eq("/metrics with its token set, none sent: 401", metrics(port).status, 401)
    eq("... a wrong token: 401", metrics(port, {"Authorization": "Bearer " + mt + "x"}).status, 401)
    eq("... the MCP token: 401", metrics(port, {"Authorization": "Bearer " + env["E2B_MCP_HTTP_TOKEN"]}).status, 401)
    r = metrics(port, {"Authorization": "Bearer " + mt})
    check("... its token: 200 with the exposition", r.status == 200 and "e2b_mcp_build_info{" in r.body, r.status)
    stop(p)


def load(port, n_list, sim):
    """A load the counters must show: n_list list calls, creates asked and accepted, one
    declined, an unknown method, tools/list and a ping; over 2026-07-28 requests."""
    for i in range(n_list):
        r = modern(port, 100 + i, "tools/call", {"name": "e2b_list_sandboxes", "arguments": {}})
        assert r.status == 200, r.body
    args = {"template_id": "base", "timeout": 30}
    for i in range(2):
        r = modern(port, 300 + i, "tools/call", {"name": "e2b_create_sandbox", "arguments": args})
        st = r.events()[-1]["result"]["requestState"]
        r = modern(port, 310 + i, "tools/call", {"name": "e2b_create_sandbox", "arguments": args, "requestState": st,
                                                  "inputResponses": {"confirm": {"action": "accept", "content": {"confirm": True}}}})
        assert r.events()[-1]["result"].get("isError") is False, r.body
    r = modern(port, 320, "tools/call", {"name": "e2b_create_sandbox", "arguments": args})
    st = r.events()[-1]["result"]["requestState"]
    modern(port, 321, "tools/call", {"name": "e2b_create_sandbox", "arguments": args, "requestState": st,
                                     "inputResponses": {"confirm": {"action": "decline"}}})
    modern(port, 330, "tools/list")
    modern(port, 331, "no/such/method")
    s = HttpSession(port)
    s.call("ping")
    s.call("tools/call", {"name": "e2b_get_sandbox", "arguments": {"sandbox_id": "nosuchsandbox"}})


def prom_query(pport, q):
    url = "http://127.0.0.1:%d/api/v1/query?%s" % (pport, urllib.parse.urlencode({"query": q}))
    with urllib.request.urlopen(url, timeout=5) as f:
        data = json.load(f)
    res = data.get("data", {}).get("result", [])
    return float(res[0]["value"][1]) if res else None


def with_prometheus(sim):
    if not check("prometheus and promtool are installed (scripts/install-deps.sh ops)",
                 os.path.exists(PROMETHEUS) and os.path.exists(PROMTOOL), (PROMETHEUS, PROMTOOL)):
        return
    port, p = start_http(BIN, server_env(sim.port))
    d = tempfile.mkdtemp(prefix="ops-prom-", dir=BUILD)
    pport = closed_port()
    with open(os.path.join(d, "prometheus.yml"), "w") as f:
        f.write("global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\nscrape_configs:\n"
                "  - job_name: e2b-mcp\n    static_configs:\n      - targets: ['127.0.0.1:%d']\n" % port)
    prom = track(subprocess.Popen([PROMETHEUS, "--config.file=" + os.path.join(d, "prometheus.yml"),
                                   "--storage.tsdb.path=" + os.path.join(d, "data"), "--web.listen-address=127.0.0.1:%d" % pport],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    try:
        up = None
        deadline = time.time() + 30
        while time.time() < deadline and up != 1.0:
            time.sleep(0.5)
            try:
                up = prom_query(pport, 'up{job="e2b-mcp"}')
            except OSError:
                pass
        if not check("Prometheus scrapes the server (up == 1)", up == 1.0, up):
            return
        n = 40
        sim.clear()
        load(port, n, sim)
        lists = len([x for x in sim.requests() if x["method"] == "GET" and x["path"].startswith("/v2/sandboxes")])
        creates = len([x for x in sim.requests() if x["method"] == "POST" and x["path"].rstrip("/").endswith("/sandboxes")])
        want = {
            'sum(mcp_server_operation_duration_seconds_count{mcp_method_name="tools/call",gen_ai_tool_name="e2b_list_sandboxes",error_type=""})': n,
            # each tools/call request is an operation: the three that came back with the question, the two accepted
            'sum(mcp_server_operation_duration_seconds_count{gen_ai_tool_name="e2b_create_sandbox",error_type=""})': 5,
            'sum(mcp_server_operation_duration_seconds_count{gen_ai_tool_name="e2b_create_sandbox",error_type="declined"})': 1,
            'sum(mcp_server_operation_duration_seconds_count{gen_ai_tool_name="e2b_get_sandbox",error_type="tool_error"})': 1,
            'sum(mcp_server_operation_duration_seconds_count{mcp_method_name="other",error_type="method_not_found"})': 1,
            'sum(mcp_server_operation_duration_seconds_count{mcp_method_name="ping"})': 1,
            'sum(e2b_requests_total{tool="e2b_list_sandboxes",status="200"})': lists,
            'sum(e2b_requests_total{tool="e2b_create_sandbox",status="201"})': creates,
            'sum(e2b_requests_total{tool="e2b_get_sandbox",status="404"})': 1,
            'sum(e2b_request_duration_seconds_count{tool="e2b_list_sandboxes"})': lists,
            'sum(e2b_mcp_consent_questions_total{result="asked"})': 3,
            'sum(e2b_mcp_consent_questions_total{result="accepted"})': 2,
            'sum(e2b_mcp_consent_questions_total{result="declined"})': 1,
            'sum(e2b_mcp_sessions)': 1,
        }
        check("the load reached E2B (40 lists, 2 creates)", lists == n and creates == 2, (lists, creates))
        got = {}
        deadline = time.time() + 20
        while time.time() < deadline:
            time.sleep(1)
            got = {q: prom_query(pport, q) for q in want}
            if all(got[q] == v for q, v in want.items()):
                break
        for q, v in want.items():
            eq("Prometheus: %s" % q, got.get(q), float(v))
        bucket = prom_query(pport, 'sum(mcp_server_operation_duration_seconds_bucket{gen_ai_tool_name="e2b_list_sandboxes",le="+Inf"})')
        eq("Prometheus: the histogram's +Inf bucket equals its count", bucket, float(n))
        hr = prom_query(pport, 'sum(e2b_mcp_http_requests_total)')
        check("Prometheus: HTTP requests counted (the load's and the scrapes')", hr is not None and hr >= n + 10, hr)
        # the exposition itself, through promtool
        text = metrics(port).body
        pt = subprocess.run([PROMTOOL, "check", "metrics"], input=text.encode(), capture_output=True, timeout=30)
        check("promtool check metrics: clean", pt.returncode == 0 and not pt.stdout.strip() and not pt.stderr.strip(),
              (pt.returncode, pt.stdout[-400:], pt.stderr[-400:]))
        labels = set(re.findall(r'(\w+)="', text))
        check("labels are only the fixed ones", labels <= {"mcp_method_name", "gen_ai_tool_name", "error_type", "le", "tool", "status",
                                                          "reason", "result", "version", "tls"}, labels)
        check("no sandbox id is a label value", not any(sb in text for sb in ("nosuchsandbox",)) and "sandboxID" not in text)
    finally:
        stop(prom)
        stop(p)
        shutil.rmtree(d, ignore_errors=True)


def main():
    sim = Sim.start()
    try:
        health_and_readiness(sim)
        metrics_access(sim)
        with_prometheus(sim)
    finally:
        sim.stop()


if __name__ == "__main__":
    run(main)
