#!/usr/bin/env python3
"""tests/mcu/test_mcu.py - e2b_mcp.h on a Cortex-M4 board (QEMU mps2-an386), end to end.

    python3 tests/mcu/test_mcu.py            (after `make mcu`; `make test-mcu` does both)

Boots build/mcu/firmware.elf under qemu-system-arm with QEMU's user network (the board
reaches the host's loopback as 10.0.2.2, and resolves "localhost" to it from its own host
list) against tests/sim/e2b-sim and its nginx TLS front (tests/sim/tls-proxy.sh, whose test
CA is compiled into the firmware). The board's UART is QEMU's stdio: this script is a real
MCP client on it, one JSON-RPC message per line. The semihosting log (stderr) gives the
board's exit code, its figures and any heap-trap or fault message.

Every boot fails the run if anything on the board calls malloc or _sbrk (exit 98).
Prints "ok"/"FAIL" per check and the closing line "N passed, N failed". Stdlib only; every
wait is bounded.
"""
import json, os, queue, re, select, subprocess, sys, threading, time, urllib.request

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FW = os.path.join(ROOT, "build/mcu/firmware.elf")
TLSDIR = os.path.join(ROOT, "build/mcu/tls")
KEY = "e2b_deadbeefdeadbeefdeadbeefdeadbeefdeadbeef"
SECRETS = ("24863d0f691d58f2bafdcd365e2b54f975a48ce0f0b2a3ff0c573ab3e3de99ef",
           "45bbbcb5ae72f52424591cad5833db2b278d1fbc6e10c0b4", "ghp_SIMSECRET", KEY)
passed = failed = 0
T0 = time.time()


def check(name, cond, detail=""):
    global passed, failed
    if cond:
        passed += 1; print("ok   " + name)
    else:
        failed += 1; print("FAIL " + name + (": " + str(detail)[:600] if detail else ""))
    sys.stdout.flush()
    return cond


# ---- the simulator and its TLS front ----
def start_sim():
    p = subprocess.Popen([sys.executable, os.path.join(ROOT, "tests/sim/e2b-sim"), "--port", "0"],
                         stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    r, _, _ = select.select([p.stdout], [], [], 15)
    line = p.stdout.readline() if r else b""
    if not line.startswith(b"READY "):
        p.kill(); raise SystemExit("FAIL e2b-sim did not start\n0 passed, 1 failed")
    threading.Thread(target=lambda: [None for _ in iter(lambda: p.stdout.read(4096), b"")], daemon=True).start()
    return p, int(line.split()[1])


def sim(path, method="GET", body=None, auth=False):
    req = urllib.request.Request(SIM + path, method=method, data=None if body is None else json.dumps(body).encode())
    if auth: req.add_header("X-API-Key", KEY)
    if body is not None: req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            raw = r.read()
            return r.status, json.loads(raw) if raw else None
    except urllib.error.HTTPError as e:
        return e.code, None


def tls(cmd):
    r = subprocess.run([os.path.join(ROOT, "tests/sim/tls-proxy.sh")] + cmd, cwd=ROOT, capture_output=True,
                       text=True, timeout=60)
    if r.returncode != 0: raise SystemExit("FAIL tls-proxy %s: %s\n0 passed, 1 failed" % (cmd, r.stderr))
    return dict(kv.split("=") for kv in r.stdout.split()[1:]) if r.stdout.startswith("TLS") else {}


def access_log():
    try:
        return open(os.path.join(TLSDIR, "access.log")).read().splitlines()
    except OSError:
        return []


# ---- the board ----
class Board:
    """One boot of the firmware; args is its command line (key=value words)."""

    def __init__(self, args, icount=False):
        cmd = ["qemu-system-arm", "-M", "mps2-an386", "-display", "none", "-monitor", "none", "-serial", "stdio",
               "-nic", "user,model=lan9118", "-semihosting-config", "enable=on,target=native",
               "-kernel", FW, "-append", " ".join(args)]
        if icount: cmd[1:1] = ["-icount", "shift=0"]
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.q = queue.Queue()
        self.log = []
        self.next_id = 100
        threading.Thread(target=self._out, daemon=True).start()
        threading.Thread(target=self._err, daemon=True).start()

    def _out(self):
        for line in iter(self.p.stdout.readline, b""):
            self.q.put(line.decode(errors="replace").rstrip("\n"))
        self.q.put(None)

    def _err(self):
        for line in iter(self.p.stderr.readline, b""):
            self.log.append(line.decode(errors="replace").rstrip("\n"))

    def send(self, obj):
        self.p.stdin.write((json.dumps(obj) + "\n").encode()); self.p.stdin.flush()

    def line(self, timeout=20):
        try:
            return self.q.get(timeout=timeout)
        except queue.Empty:
            return None

    def request(self, method, params=None, answer=None, timeout=20):
        """Sends a request and returns (response, [messages before it]). answer(req) answers the
        board's own requests (elicitation/create) on the way."""
        self.next_id += 1
        rid = self.next_id
        msg = {"jsonrpc": "2.0", "id": rid, "method": method}
        if params is not None: msg["params"] = params
        self.send(msg)
        seen, end = [], time.time() + timeout
        while time.time() < end:
            l = self.line(max(0.1, end - time.time()))
            if l is None: break
            m = json.loads(l)
            if m.get("id") == rid and "method" not in m: return m, seen
            seen.append(m)
            if "method" in m and "id" in m:   # the board asks us
                res = answer(m) if answer else None
                if res is None: self.send({"jsonrpc": "2.0", "id": m["id"], "error": {"code": -32601, "message": "no"}})
                else: self.send({"jsonrpc": "2.0", "id": m["id"], "result": res})
        return None, seen

    def exit(self, timeout=20):
        """Ends the run (board/exit in mcp mode) and returns (exit code, stats dict)."""
        try:
            self.send({"jsonrpc": "2.0", "method": "board/exit"})
        except OSError:
            pass
        return self.wait(timeout)

    def wait(self, timeout=20):
        try:
            rc = self.p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.p.kill(); rc = self.p.wait()
        time.sleep(0.05)
        stats = {}
        for l in self.log:
            if l.startswith("STATS "): stats = {k: int(v) for k, v in (kv.split("=") for kv in l.split()[1:])}
        return rc, stats

    def trapped(self):
        return [l for l in self.log if "HEAP TRAP" in l or "FATAL" in l]


def mcp_init(b, elicitation=True):
    r, _ = b.request("initialize", {"protocolVersion": "2025-06-18",
                                    "capabilities": {"elicitation": {}} if elicitation else {},
                                    "clientInfo": {"name": "test_mcu", "version": "1"}})
    b.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    return r


def call(b, name, args=None, answer=None, timeout=20):
    r, seen = b.request("tools/call", {"name": name, "arguments": args or {}}, answer=answer, timeout=timeout)
    if r is None or "result" not in r: return None, seen
    return r["result"], seen


def text_of(res):
    return " ".join(c.get("text", "") for c in (res or {}).get("content", []))


def accept(req):
    return {"action": "accept", "content": {"confirm": True}} if req["method"] == "elicitation/create" else None


def decline(req):
    return {"action": "decline"} if req["method"] == "elicitation/create" else None


def no_secrets(name, text):
    leaked = [s[:12] for s in SECRETS if s in text]
    check(name + ": no secret in anything the board wrote", not leaked, leaked)


def base_args(url, dash=None, extra=()):
    return ["url=" + url, "dash=" + (dash or url), "key=" + KEY, "host=localhost=10.0.2.2"] + list(extra)


# ---- the runs ----
def run_trap():
    b = Board(["mode=trap"])
    rc, _ = b.wait()
    check("heap trap: a malloc on the board ends the run (exit 98) and says so",
          rc == 98 and any("HEAP TRAP: malloc" in l for l in b.log), (rc, b.log[-3:]))


def run_api(url, label):
    b = Board(base_args(url, extra=["mode=api"]))
    lines = [b.line() for _ in range(4)]
    rc, st = b.wait()
    try:
        res = [json.loads(l) for l in lines]
    except (TypeError, ValueError):
        check(label + ": in-process calls answered", False, lines); return {}
    _, want = sim("/v2/sandboxes?state=running&limit=2", auth=True)
    check(label + ": in-process custom tool", res[0]["json"] == {"sensor": 2, "millicelsius": 22000}, res[0])
    check(label + ": in-process e2b_list_sandboxes = the simulator's first page",
          not res[1]["is_error"] and [s["sandboxID"] for s in res[1]["json"]["data"]] == [s["sandboxID"] for s in want],
          res[1])
    check(label + ": a bad argument is the tool's error, and the agent carries on",
          res[2]["is_error"] and "0 to 3" in res[2]["message"], res[2])
    check(label + ": an unknown tool is refused in-process", res[3]["rc"] != 0, res[3])
    check(label + ": board exits 0, no heap use, no fault", rc == 0 and not b.trapped(), (rc, b.trapped()))
    no_secrets(label, "\n".join(lines))
    return st


def run_session(url, dash, label, https):
    """The MCP session: initialize, tools/list, every read tool, create/pause/resume/kill with consent."""
    sim("/_sim/reset", "POST", {})
    sim("/_sim/requests", "DELETE")
    b = Board(base_args(url, dash, ["kill=1"]))
    out = []
    r = mcp_init(b)
    check(label + ": initialize", r and r["result"]["serverInfo"]["name"] == "e2b-mcp-board", r)
    tools, cursor = [], None
    for _ in range(5):
        r, _ = b.request("tools/list", {"cursor": cursor} if cursor else {})
        if not r: break
        tools += r["result"]["tools"]
        cursor = r["result"].get("nextCursor")
        if not cursor: break
    names = [t["name"] for t in tools]
    check(label + ": tools/list over pages gives every tool (kill enabled)",
          len(names) == len(set(names)) and "e2b_kill_sandbox" in names and "e2b_list_sandboxes" in names and len(names) >= 13,
          names)
    reads = [t["name"] for t in tools if t.get("annotations", {}).get("readOnlyHint")]
    args = {"e2b_list_sandboxes": {"state": ["running"], "limit": 3},
            "e2b_get_sandbox": {"sandbox_id": "ialiceprod00000000001"},
            "e2b_get_sandbox_logs": {"sandbox_id": "ialiceprod00000000001", "limit": 5},
            "e2b_get_sandbox_metrics": {"sandbox_id": "ibobstaging0000000001", "start": int(time.time()) - 60},
            "e2b_list_snapshots": {"limit": 3},
            "e2b_list_default_templates": {},
            "e2b_list_templates": {"limit": 3},
            "e2b_list_template_builds": {"template_id": "dp7x2k9m4q8w1e5r3t6y", "limit": 2}}
    check(label + ": every read tool has a case here", set(reads) <= set(args), sorted(set(reads) - set(args)))
    for name in reads:
        res, _ = call(b, name, args.get(name, {}))
        out.append(json.dumps(res))
        ok = res is not None and not res.get("isError") and isinstance(res.get("structuredContent"), dict)
        check("%s: %s" % (label, name), ok, res)
    # a few against the simulator's own answer
    res, _ = call(b, "e2b_get_sandbox", {"sandbox_id": "ialiceprod00000000001"})
    _, want = sim("/sandboxes/ialiceprod00000000001", auth=True)
    sc = (res or {}).get("structuredContent", {})
    check(label + ": e2b_get_sandbox matches the API", sc.get("sandboxID") == want["sandboxID"] and
          sc.get("metadata") == want.get("metadata") and "envdAccessToken" not in json.dumps(sc), sc)
    res, _ = call(b, "e2b_list_default_templates")
    _, want = sim("/templates/defaults", auth=True)
    got = json.dumps((res or {}).get("structuredContent", {}))
    check(label + ": e2b_list_default_templates (the Dashboard host) names every default template",
          all(t.get("templateID", t.get("id", "?")) in got for t in (want if isinstance(want, list) else want.get("templates", []))), got[:300])
    # changes, with consent
    res, seen = call(b, "e2b_create_sandbox", {"template_id": "base", "timeout": 120}, answer=accept)
    asked = [m for m in seen if m.get("method") == "elicitation/create"]
    sid = ((res or {}).get("structuredContent") or {}).get("sandboxID") or ((res or {}).get("structuredContent") or {}).get("sandbox_id")
    check(label + ": e2b_create_sandbox after consent", res and not res.get("isError") and sid, (res, asked))
    out.append(json.dumps(res))
    _, st = sim("/sandboxes/%s" % sid, auth=True) if sid else (0, None)
    check(label + ": the sandbox exists in the simulator, running", st and st.get("state") == "running", st)
    res, _ = call(b, "e2b_pause_sandbox", {"sandbox_id": sid}, answer=accept)
    _, st = sim("/sandboxes/%s" % sid, auth=True)
    check(label + ": e2b_pause_sandbox", res and not res.get("isError") and st and st.get("state") == "paused", (res, st))
    res, _ = call(b, "e2b_resume_sandbox", {"sandbox_id": sid, "timeout": 60}, answer=accept)
    _, st = sim("/sandboxes/%s" % sid, auth=True)
    check(label + ": e2b_resume_sandbox", res and not res.get("isError") and st and st.get("state") == "running", (res, st))
    sim("/_sim/requests", "DELETE")
    res, seen = call(b, "e2b_kill_sandbox", {"sandbox_id": sid}, answer=decline)
    _, reqs = sim("/_sim/requests")
    check(label + ": e2b_kill_sandbox declined: refused, nothing sent to E2B",
          res and res.get("isError") and "declined" in text_of(res) and
          any(m.get("method") == "elicitation/create" for m in seen) and not any(q["method"] == "DELETE" for q in reqs or []),
          (res, reqs))
    res, _ = call(b, "e2b_kill_sandbox", {"sandbox_id": sid}, answer=accept)
    code, _ = sim("/sandboxes/%s" % sid, auth=True)
    check(label + ": e2b_kill_sandbox after consent", res and not res.get("isError") and code == 404, (res, code))
    return b, out


def run_cases_http(url):
    """Chunked answers, a 429 with Retry-After, a stall past the read timeout, an answer larger
    than the small profile's buffer; each followed by a call that works."""
    sim("/_sim/reset", "POST", {})
    b = Board(base_args(url, extra=["rto=1500"]))
    mcp_init(b)
    _, want = sim("/v2/sandboxes?state=running&limit=4", auth=True)
    sim("/_sim/config", "POST", {"chunked": True})
    res, _ = call(b, "e2b_list_sandboxes", {"state": ["running"], "limit": 4})
    ids = [s["sandboxID"] for s in ((res or {}).get("structuredContent") or {}).get("data", [])]
    check("chunked: e2b_list_sandboxes decoded (chunks of 1, 13, 256, 4096 bytes)", ids == [s["sandboxID"] for s in want], res)
    res, _ = call(b, "e2b_get_sandbox_logs", {"sandbox_id": "ialiceprod00000000001", "limit": 8})
    logs = ((res or {}).get("structuredContent") or {}).get("data", [])
    check("chunked: e2b_get_sandbox_logs", res and not res.get("isError") and len(logs) == 8, res)
    sim("/_sim/config", "POST", {"chunked": False})

    sim("/_sim/faults", "POST", {"path": "^/v2/sandboxes$", "kind": "status", "status": 429, "retry_after": 7})
    res, _ = call(b, "e2b_list_sandboxes", {"limit": 1})
    t = text_of(res)
    check("429 with Retry-After: the tool says to wait, with E2B's seconds",
          res and res.get("isError") and "7" in t and re.search(r"(?i)retry|wait|rate", t), t)
    res, _ = call(b, "e2b_get_sandbox", {"sandbox_id": "ialiceprod00000000001"})
    check("429: another tool still works", res and not res.get("isError"), res)

    sim("/_sim/faults", "POST", {"path": "^/sandboxes/ibobstaging0000000001$", "kind": "delay", "delay_ms": 5000})
    t0 = time.time()
    res, _ = call(b, "e2b_get_sandbox", {"sandbox_id": "ibobstaging0000000001"})
    dt = time.time() - t0
    check("stall: an answer slower than the read timeout (1.5 s) ends the call in time",
          res and res.get("isError") and "in time" in text_of(res) and dt < 4.5, (dt, text_of(res)))
    res, _ = call(b, "e2b_get_sandbox", {"sandbox_id": "ialiceprod00000000001"})
    check("stall: the next call works (a fresh connection)", res and not res.get("isError"), res)

    res, _ = call(b, "e2b_get_sandbox_logs", {"sandbox_id": "ialiceprod00000000001", "limit": 300})
    t = text_of(res)
    check("too large: an answer beyond the small profile's buffer is a clear error",
          res and res.get("isError") and "larger than this server's buffer" in t and "E2B_MCP_RESP_MAX" in t, t)
    res, _ = call(b, "e2b_get_sandbox_logs", {"sandbox_id": "ialiceprod00000000001", "limit": 5})
    check("too large: the next call works", res and not res.get("isError"), res)
    rc, st = b.exit()
    check("cases over HTTP: board exits 0, no heap use, no fault", rc == 0 and not b.trapped(), (rc, b.trapped(), b.log[-3:]))
    return st


def run_bad_certs(ports):
    for kind, want in (("expired", "expired"), ("wrongname", "another host name"), ("untrusted", "not signed by a trusted")):
        before = len(access_log())
        sim("/_sim/requests", "DELETE")
        b = Board(base_args("https://localhost:%s" % ports[kind]))
        mcp_init(b)
        res, _ = call(b, "e2b_list_sandboxes", {"limit": 1})
        t = text_of(res)
        _, reqs = sim("/_sim/requests")
        check("TLS %s certificate refused with the reason" % kind, res and res.get("isError") and want in t, t)
        check("TLS %s: nothing sent (no request at nginx or E2B)" % kind, len(access_log()) == before and not reqs,
              (access_log()[before:], reqs))
        check("TLS %s: the advice fits a board (no CA file to set)" % kind,
              "E2B_MCP_CA_FILE" not in t and "before anything was sent" in t and "trust anchors" in t, t)
        rc, _ = b.exit()
        check("TLS %s: board exits 0, no heap use" % kind, rc == 0 and not b.trapped(), (rc, b.trapped()))


def run_tls_restart(url):
    b = Board(base_args(url))
    mcp_init(b)
    res1, _ = call(b, "e2b_get_sandbox", {"sandbox_id": "ialiceprod00000000001"})
    tls(["reload", TLSDIR])       # new workers: the idle keep-alive connection is closed, the session cache stays
    res2, _ = call(b, "e2b_get_sandbox", {"sandbox_id": "ialiceprod00000000001"})
    tls(["restart", TLSDIR])      # a new nginx: new session cache
    res3, _ = call(b, "e2b_get_sandbox", {"sandbox_id": "ialiceprod00000000001"})
    rc, st = b.exit()
    check("TLS front reloaded and restarted between calls: every call succeeds",
          all(r and not r.get("isError") for r in (res1, res2, res3)), (res1, res2, res3))
    check("TLS front reloaded: the board reconnects and resumes its session; restarted: a full handshake",
          st.get("connects") == 3 and st.get("resumed") == 1 and st.get("handshakes") == 2, st)
    check("TLS restart run: board exits 0, no heap use", rc == 0 and not b.trapped(), (rc, b.trapped()))


def main():
    global SIM
    if not os.path.exists(FW): raise SystemExit("FAIL %s missing (make mcu)\n0 passed, 1 failed" % FW)
    simp, port = start_sim()
    SIM = "http://127.0.0.1:%d" % port
    board_sim = "http://10.0.2.2:%d" % port
    try:
        ports = tls(["start", str(port), TLSDIR])
        good = "https://localhost:%s" % ports["good"]
        run_trap()
        run_api(board_sim, "api over HTTP")
        st = run_api(good, "api over HTTPS")
        check("api over HTTPS: one full handshake", st.get("handshakes") == 1, st)
        b, out = run_session(board_sim, board_sim, "HTTP", False)
        rc, st = b.exit()
        check("HTTP session: board exits 0, no heap use, no fault", rc == 0 and not b.trapped(), (rc, b.trapped()))
        no_secrets("HTTP session", "\n".join(out))
        n0 = len(access_log())
        b, out = run_session(good, good, "HTTPS", True)
        rc, st = b.exit()
        lines = access_log()[n0:]
        conns = {re.search(r"conn=(\d+)", l).group(1) for l in lines}
        check("HTTPS session: board exits 0, no heap use, no fault", rc == 0 and not b.trapped(), (rc, b.trapped()))
        check("HTTPS session: every call over one keep-alive TLS connection",
              len(lines) == st.get("requests") and len(lines) >= 14 and len(conns) == 1 and st.get("handshakes") == 1,
          (len(lines), conns, st))
        check("HTTPS session: the stack peak fits the linker script's stack",
              0 < st.get("stack_peak", 0) < st.get("stack_size", 0), st)
        print("figures: stack peak %d of %d bytes, %d ms on the board" % (st.get("stack_peak", 0), st.get("stack_size", 0), st.get("ms", 0)))
        no_secrets("HTTPS session", "\n".join(out))
        run_cases_http(board_sim)
        run_bad_certs(ports)
        run_tls_restart(good)
    finally:
        subprocess.run([os.path.join(ROOT, "tests/sim/tls-proxy.sh"), "stop", TLSDIR], cwd=ROOT, timeout=30)
        simp.kill(); simp.wait()
    print("test-mcu took %.1f s" % (time.time() - T0))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
