#!/usr/bin/env python3
"""tests/mcu/test_mcu.py - e2b_mcp.h on a microcontroller board in QEMU, end to end.

    python3 tests/mcu/test_mcu.py                (Cortex-M4, after `make mcu`; `make test-mcu`)
    python3 tests/mcu/test_mcu.py --board rv32   (RISC-V, after `make mcu-riscv`; `make test-mcu-riscv`)

Boots the board's firmware (the same program, tests/mcu/firmware.c, on either board) under
QEMU with its user network (the board reaches the host's loopback as 10.0.2.2, and resolves
"localhost" to it from its own host list) against tests/sim/e2b-sim and its nginx TLS front
(tests/sim/tls-proxy.sh, whose test CA is compiled into the firmware). The board's UART is
QEMU's stdio: this script is a real MCP client on it, one JSON-RPC message per line. The
semihosting log (stderr) gives the board's exit code, its figures and any heap-trap or fault
message.

  m4    QEMU mps2-an386 (Cortex-M4 at 25 MHz, a LAN9118), arm-none-eabi-gcc, newlib-nano
  rv32  QEMU virt (one RV32IMAC hart, virtio-net over MMIO), riscv64-unknown-elf-gcc
        -march=rv32imac -mabi=ilp32, picolibc
Both boards run every check below (about 10 s each).

Every boot fails the run if anything on the board calls malloc or _sbrk (exit 98).
The second image, firmware-minimal.elf (the minimal profile), runs its own session.
Uses the test kit (tests/lib): PASS/FAIL per check and the closing line "N passed, N failed";
every wait is bounded.
"""
import json, os, re, subprocess, sys, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from report import check, note, run, at_exit  # noqa: E402
from sim import KEY, ROOT, Sim, TlsFront, closed_port, server_env  # noqa: E402
from mcp import HttpSession, McpClient, McpError, request, result_json, result_text, rpc, tool_args  # noqa: E402

# The boards: QEMU's machine, how its network card is attached, where its firmware is built.
BOARDS = {
    "m4": {"qemu": ["qemu-system-arm", "-M", "mps2-an386"], "dir": "build/mcu",
           "nic": lambda fwd: ["-nic", "user,model=lan9118" + fwd], "arch": "Cortex-M4",
           "build": "QEMU mps2-an386, arm-none-eabi-gcc -Os, newlib-nano"},
    "rv32": {"qemu": ["qemu-system-riscv32", "-M", "virt", "-bios", "none",
                      "-global", "virtio-mmio.force-legacy=false"], "dir": "build/mcu-rv32",
             "nic": lambda fwd: ["-netdev", "user,id=n0" + fwd, "-device", "virtio-net-device,netdev=n0"],
             "arch": "RISC-V RV32IMAC",
             "build": "QEMU virt, riscv64-unknown-elf-gcc -Os -march=rv32imac -mabi=ilp32 -msave-restore, picolibc"},
}
BOARD = sys.argv[sys.argv.index("--board") + 1] if "--board" in sys.argv else "m4"
FW = os.path.join(ROOT, BOARDS[BOARD]["dir"], "firmware.elf")
FW_MINIMAL = os.path.join(ROOT, BOARDS[BOARD]["dir"], "firmware-minimal.elf")   # the minimal profile (-DMCU_MINIMAL)
TLSDIR = os.path.join(ROOT, "build/mcu/tls")   # the CA compiled into both boards' firmware
SECRETS = ("24863d0f691d58f2bafdcd365e2b54f975a48ce0f0b2a3ff0c573ab3e3de99ef",
           "45bbbcb5ae72f52424591cad5833db2b278d1fbc6e10c0b4", "ghp_SIMSECRET", KEY)
T0 = time.time()
sim = tls = None
HOST_TOOLS = []     # what build/e2b-mcp-small lists with kill enabled (main)


def qemu_cmd(args, icount=False, fwd=None, fw=FW, board=None):
    """fwd: a host loopback port forwarded to the board's 8931 (its Streamable HTTP)."""
    b = BOARDS[board or BOARD]
    return (b["qemu"] + (["-icount", "shift=0"] if icount else []) +
            ["-display", "none", "-monitor", "none", "-serial", "stdio"] +
            b["nic"](",hostfwd=tcp:127.0.0.1:%d-:8931" % fwd if fwd else "") +
            ["-semihosting-config", "enable=on,target=native", "-kernel", fw, "-append", " ".join(args)])


class Board(McpClient):
    """One boot of the firmware, args its command line (key=value words). The UART is
    QEMU's stdio: the kit's stdio MCP client speaks to it unchanged; stderr is the
    semihosting log (figures, heap trap, faults)."""

    def __init__(self, args, icount=False, fwd=None, fw=None, board=None):
        fw = fw or os.path.join(ROOT, BOARDS[board or BOARD]["dir"], "firmware.elf")
        McpClient.__init__(self, qemu_cmd(args, icount, fwd, fw, board), env=dict(os.environ), label="board")

    def log(self):
        return self.stderr().splitlines()

    def finish(self, timeout=20):
        """Ends the run (board/exit in mcp mode; the other modes end by themselves) and
        returns (exit code, the STATS figures)."""
        try:
            self.notify("board/exit")
        except OSError:
            pass
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill(); self.proc.wait()
        time.sleep(0.05)
        stats = {}
        for l in self.log():
            if l.startswith("STATS "): stats = {k: int(v) for k, v in (kv.split("=") for kv in l.split()[1:])}
        return self.proc.returncode, stats

    def trapped(self):
        return [l for l in self.log() if "HEAP TRAP" in l or "FATAL" in l]

    def tool(self, name, args=None, elicit=None, timeout=20):
        """The CallToolResult (None on a JSON-RPC error), and the elicitations it made."""
        self.elicit, n = elicit, len(self.elicitations)
        r = self.call(name, args or {}, timeout=timeout)
        return r.get("result"), self.elicitations[n:]


def mcp_init(b):
    return b.initialize("2025-06-18", {"elicitation": {}})


ACCEPT = {"action": "accept", "content": {"confirm": True}}
DECLINE = {"action": "decline"}


def no_secrets(name, text):
    leaked = [s[:12] for s in SECRETS if s in text]
    check(name + ": no secret in anything the board wrote", not leaked, leaked)


def access_log():
    try:
        return open(tls.access_log).read().splitlines()
    except OSError:
        return []


def base_args(url, dash=None, extra=()):
    return ["url=" + url, "dash=" + (dash or url), "key=" + KEY, "host=localhost=10.0.2.2"] + list(extra)


# ---- the runs ----
def run_trap():
    b = Board(["mode=trap"])
    rc, _ = b.finish()
    check("heap trap: a malloc on the board ends the run (exit 98) and says so",
          rc == 98 and any("HEAP TRAP: malloc" in l for l in b.log()), (rc, b.log()[-3:]))


def run_api(url, label):
    b = Board(base_args(url, extra=["mode=api"]))
    lines = [(b.read_line(20) or b"").decode() for _ in range(5)]
    rc, st = b.finish()
    try:
        res = [json.loads(l) for l in lines]
    except (TypeError, ValueError):
        check(label + ": in-process calls answered", False, lines); return {}
    want = sim.api("/v2/sandboxes?state=running&limit=2")[2]
    check(label + ": in-process custom tool", res[0]["json"] == {"sensor": 2, "millicelsius": 22000}, res[0])
    check(label + ": in-process e2b_list_sandboxes = the simulator's first page",
          not res[1]["is_error"] and [s["sandboxID"] for s in res[1]["json"]["data"]] == [s["sandboxID"] for s in want],
          res[1])
    check(label + ": the same call again (on the kept-alive connection)", res[2]["json"] == res[1]["json"], res[2])
    check(label + ": a bad argument is the tool's error, and the agent carries on",
          res[3]["is_error"] and "0 to 3" in res[3]["message"], res[3])
    check(label + ": an unknown tool is refused in-process", res[4]["rc"] != 0, res[4])
    check(label + ": board exits 0, no heap use, no fault", rc == 0 and not b.trapped(), (rc, b.trapped()))
    no_secrets(label, "\n".join(lines))
    return st


def run_session(url, dash, label):
    """The MCP session: initialize, tools/list, every read tool, create/pause/resume/kill with consent."""
    sim.reset()
    sim.clear()
    b = Board(base_args(url, dash, ["kill=1"]))
    out = []
    r = mcp_init(b)
    check(label + ": initialize", r and r["result"]["serverInfo"]["name"] == "e2b-mcp-board", r)
    tools = b.list_tools()
    names = [t["name"] for t in tools]
    check(label + ": tools/list over pages gives every tool (kill enabled): the host build's and the board's",
          len(names) == len(set(names)) and set(HOST_TOOLS) <= set(names), sorted(set(HOST_TOOLS) - set(names)))
    reads = [t["name"] for t in tools if t.get("annotations", {}).get("readOnlyHint")]
    args = {"e2b_list_sandboxes": {"state": ["running"], "limit": 3},
            "e2b_get_sandbox": {"sandbox_id": "ialiceprod00000000001"},
            "e2b_get_sandbox_logs": {"sandbox_id": "ialiceprod00000000001", "limit": 5},
            "e2b_get_sandbox_metrics": {"sandbox_id": "ibobstaging0000000001", "start": int(time.time()) - 60},
            "e2b_list_snapshots": {"limit": 3},
            "e2b_list_default_templates": {},
            "e2b_list_templates": {"limit": 3},
            "e2b_list_template_builds": {"template_id": "dp7x2k9m4q8w1e5r3t6y", "limit": 2}}
    schemas = {t["name"]: t.get("inputSchema", {}) for t in tools}
    for name in set(reads) - set(args):   # a tool without a case here: its required arguments, seed IDs
        args[name] = tool_args(schemas[name], known={"sandbox_id": "ialiceprod00000000001",
                                                     "template_id": "dp7x2k9m4q8w1e5r3t6y"})
    check(label + ": every read tool has arguments (a case here, or made from its schema)",
          set(reads) <= set(args), sorted(set(reads) - set(args)))
    for name in reads:
        res, _ = b.tool(name, args.get(name, {}))
        out.append(json.dumps(res))
        ok = res is not None and not res.get("isError") and isinstance(res.get("structuredContent"), dict)
        check("%s: %s" % (label, name), ok, res)
    # a few against the simulator's own answer
    res, _ = b.tool("e2b_get_sandbox", {"sandbox_id": "ialiceprod00000000001"})
    want = sim.api("/sandboxes/ialiceprod00000000001")[2]
    sc = (res or {}).get("structuredContent", {})
    check(label + ": e2b_get_sandbox matches the API", sc.get("sandboxID") == want["sandboxID"] and
          sc.get("metadata") == want.get("metadata") and "envdAccessToken" not in json.dumps(sc), sc)
    res, _ = b.tool("e2b_list_default_templates")
    want = sim.api("/templates/defaults")[2]
    got = json.dumps((res or {}).get("structuredContent", {}))
    check(label + ": e2b_list_default_templates (the Dashboard host) names every default template",
          all(t.get("templateID", t.get("id", "?")) in got for t in (want if isinstance(want, list) else want.get("templates", []))), got[:300])
    # changes, with consent
    res, seen = b.tool("e2b_create_sandbox", {"template_id": "base", "timeout": 120}, elicit=ACCEPT)
    sid = (result_json(res) or {}).get("sandboxID")
    check(label + ": e2b_create_sandbox after the user's consent", res and not res.get("isError") and sid and len(seen) == 1,
          (res, seen))
    out.append(json.dumps(res))
    st = sim.api("/sandboxes/%s" % sid)[2] if sid else None
    check(label + ": the sandbox exists in the simulator, running", st and st.get("state") == "running", st)
    res, _ = b.tool("e2b_pause_sandbox", {"sandbox_id": sid}, elicit=ACCEPT)
    st = sim.api("/sandboxes/%s" % sid)[2]
    check(label + ": e2b_pause_sandbox", res and not res.get("isError") and st and st.get("state") == "paused", (res, st))
    res, _ = b.tool("e2b_resume_sandbox", {"sandbox_id": sid, "timeout": 60}, elicit=ACCEPT)
    st = sim.api("/sandboxes/%s" % sid)[2]
    check(label + ": e2b_resume_sandbox", res and not res.get("isError") and st and st.get("state") == "running", (res, st))
    sim.clear()
    res, seen = b.tool("e2b_kill_sandbox", {"sandbox_id": sid}, elicit=DECLINE)
    reqs = sim.e2b_requests()
    check(label + ": e2b_kill_sandbox declined: refused, nothing sent to E2B",
          res and res.get("isError") and ("declined" in result_text(res) or result_text(res).startswith("DECLINED: ")) and
          len(seen) == 1 and not any(m == "DELETE" for m, _ in reqs),
          (res, reqs))
    res, _ = b.tool("e2b_kill_sandbox", {"sandbox_id": sid}, elicit=ACCEPT)
    code = sim.api("/sandboxes/%s" % sid)[0]
    check(label + ": e2b_kill_sandbox after consent", res and not res.get("isError") and code == 404, (res, code))
    return b, out


def run_cases_http(url):
    """Chunked answers, a 429 with Retry-After, a stall past the read timeout, an answer larger
    than the small profile's buffer, a reset, a cut answer; each followed by a call that works.
    Then a connection refused."""
    sim.reset()
    b = Board(base_args(url, extra=["rto=1500"]))
    mcp_init(b)
    want = sim.api("/v2/sandboxes?state=running&limit=4")[2]
    sim.config(chunked=True)
    res, _ = b.tool("e2b_list_sandboxes", {"state": ["running"], "limit": 4})
    ids = [s["sandboxID"] for s in ((res or {}).get("structuredContent") or {}).get("data", [])]
    check("chunked: e2b_list_sandboxes decoded (chunks of 1, 13, 256, 4096 bytes)", ids == [s["sandboxID"] for s in want], res)
    res, _ = b.tool("e2b_get_sandbox_logs", {"sandbox_id": "ialiceprod00000000001", "limit": 8})
    logs = ((res or {}).get("structuredContent") or {}).get("data", [])
    check("chunked: e2b_get_sandbox_logs", res and not res.get("isError") and len(logs) == 8, res)
    sim.config(chunked=False)

    sim.fault("^/v2/sandboxes$", status=429, retry_after=7)
    res, _ = b.tool("e2b_list_sandboxes", {"limit": 1})
    t = result_text(res)
    check("429 with Retry-After: the tool says to wait, with E2B's seconds",
          res and res.get("isError") and "7" in t and re.search(r"(?i)retry|wait|rate", t), t)
    res, _ = b.tool("e2b_get_sandbox", {"sandbox_id": "ialiceprod00000000001"})
    check("429: another tool still works", res and not res.get("isError"), res)

    sim.fault("^/sandboxes/ibobstaging0000000001$", kind="delay", delay_ms=5000)
    t0 = time.time()
    res, _ = b.tool("e2b_get_sandbox", {"sandbox_id": "ibobstaging0000000001"})
    dt = time.time() - t0
    check("stall: an answer slower than the read timeout (1.5 s) ends the call in time",
          res and res.get("isError") and "in time" in result_text(res) and dt < 4.5, (dt, result_text(res)))
    res, _ = b.tool("e2b_get_sandbox", {"sandbox_id": "ialiceprod00000000001"})
    check("stall: the next call works (a fresh connection)", res and not res.get("isError"), res)

    res, _ = b.tool("e2b_get_sandbox_logs", {"sandbox_id": "ialiceprod00000000001", "limit": 300})
    t = result_text(res)
    check("too large: an answer beyond the small profile's buffer is a clear error",
          res and res.get("isError") and ("larger than this server's buffer" in t or t.startswith("E2B_TOO_LARGE: ")) and "E2B_MCP_RESP_MAX" in t, t)
    res, _ = b.tool("e2b_get_sandbox_logs", {"sandbox_id": "ialiceprod00000000001", "limit": 5})
    check("too large: the next call works", res and not res.get("isError"), res)

    # the lwIP port's error paths: a reset, an answer cut short, then a port nobody listens on
    sim.clear()
    sim.fault("^/sandboxes/ibobstaging0000000001$", kind="reset")
    res, _ = b.tool("e2b_get_sandbox", {"sandbox_id": "ibobstaging0000000001"})
    check("reset once: a GET on the kept-alive connection is sent again on a new one, and succeeds",
          res and not res.get("isError") and len(sim.e2b_requests()) == 2, (res, sim.e2b_requests()))
    sim.fault("^/sandboxes/ibobstaging0000000001$", kind="reset", count=2)
    res, _ = b.tool("e2b_get_sandbox", {"sandbox_id": "ibobstaging0000000001"})
    check("reset twice: the reset is named", res and res.get("isError") and "reset" in result_text(res),
          result_text(res))
    sim.fault("^/sandboxes/ibobstaging0000000001$", kind="truncate")
    res, _ = b.tool("e2b_get_sandbox", {"sandbox_id": "ibobstaging0000000001"})
    check("truncate: an answer cut short is an error, not half a result",
          res and res.get("isError") and "closed the connection" in result_text(res), result_text(res))
    res, _ = b.tool("e2b_get_sandbox", {"sandbox_id": "ialiceprod00000000001"})
    check("reset, truncate: the next call works", res and not res.get("isError"), res)
    rc, st = b.finish()
    check("cases over HTTP: board exits 0, no heap use, no fault", rc == 0 and not b.trapped(), (rc, b.trapped(), b.log()[-3:]))

    b = Board(base_args("http://10.0.2.2:%d" % closed_port()))
    mcp_init(b)
    t0 = time.time()
    res, _ = b.tool("e2b_list_sandboxes", {"limit": 1})
    check("refused: a port nobody listens on is a clear error, at once",
          res and res.get("isError") and "refused" in result_text(res) and time.time() - t0 < 5, result_text(res))
    rc, _ = b.finish()
    check("refused: board exits 0, no heap use", rc == 0 and not b.trapped(), (rc, b.trapped()))
    return st


def run_bad_certs(ports):
    for kind, want in (("expired", "expired"), ("wrongname", "another host name"), ("untrusted", "not signed by a trusted")):
        before = len(access_log())
        sim.clear()
        b = Board(base_args("https://localhost:%s" % ports[kind]))
        mcp_init(b)
        res, _ = b.tool("e2b_list_sandboxes", {"limit": 1})
        t = result_text(res)
        reqs = sim.e2b_requests()
        check("TLS %s certificate refused with the reason" % kind, res and res.get("isError") and want in t, t)
        check("TLS %s: nothing sent (no request at nginx or E2B)" % kind, len(access_log()) == before and not reqs,
              (access_log()[before:], reqs))
        check("TLS %s: the advice fits a board (no CA file to set)" % kind,
              "E2B_MCP_CA_FILE" not in t and ("before anything was sent" in t or "Nothing sent." in t) and "trust anchors" in t, t)
        rc, _ = b.finish()
        check("TLS %s: board exits 0, no heap use" % kind, rc == 0 and not b.trapped(), (rc, b.trapped()))


def run_tls_restart(url):
    b = Board(base_args(url))
    mcp_init(b)
    res1, _ = b.tool("e2b_get_sandbox", {"sandbox_id": "ialiceprod00000000001"})
    tls.reload()       # new workers: the idle keep-alive connection is closed, the session cache stays
    res2, _ = b.tool("e2b_get_sandbox", {"sandbox_id": "ialiceprod00000000001"})
    tls.restart()      # a new nginx: new session cache
    res3, _ = b.tool("e2b_get_sandbox", {"sandbox_id": "ialiceprod00000000001"})
    rc, st = b.finish()
    check("TLS front reloaded and restarted between calls: every call succeeds",
          all(r and not r.get("isError") for r in (res1, res2, res3)), (res1, res2, res3))
    check("TLS front reloaded: the board reconnects and resumes its session; restarted: a full handshake",
          st.get("connects") == 3 and st.get("resumed") == 1 and st.get("handshakes") == 2, st)
    check("TLS restart run: board exits 0, no heap use", rc == 0 and not b.trapped(), (rc, b.trapped()))


def run_http(url):
    """Streamable HTTP served by the board on its network (the lwIP port's listen/accept), reached
    through QEMU's forward of a host loopback port; the UART only ends the run."""
    port, token = closed_port(), "board-token-%d" % os.getpid()
    b = Board(base_args(url, extra=["mode=http", "token=" + token]), fwd=port)
    deadline = time.time() + 10
    while time.time() < deadline and not any("http: listening" in l for l in b.log()): time.sleep(0.05)
    r = request(port, "POST", rpc(1, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                                     "clientInfo": {"name": "test_mcu", "version": "1"}}))
    check("HTTP on the board: a request without the bearer token is refused (401)", r.status == 401, r.status)
    try:
        s = HttpSession(port, token=token, version="2025-06-18")
        ok = s.init.get("result", {}).get("serverInfo", {}).get("name") == "e2b-mcp-board"
    except (AssertionError, OSError) as e:
        s, ok = None, False
        check("HTTP on the board: initialize", False, e)
    if s and check("HTTP on the board: initialize with a session", ok and bool(s.sid), s.init):
        names = [t["name"] for t in s.list_tools()]
        check("HTTP on the board: tools/list over pages (kill not enabled)",
              set(HOST_TOOLS) - {"e2b_kill_sandbox"} <= set(names) and "e2b_kill_sandbox" not in names, names)
        want = sim.api("/v2/sandboxes?state=running&limit=3")[2]
        for i in range(3):   # one client connection after another: slots are freed and reused
            ev = s.call("tools/call", {"name": "e2b_list_sandboxes", "arguments": {"state": ["running"], "limit": 3}}).events()
            got = result_json((ev[-1] if ev else {}).get("result"))
            check("HTTP on the board: e2b_list_sandboxes #%d equals the API's page" % (i + 1),
                  got and [x["sandboxID"] for x in got.get("data", [])] == [x["sandboxID"] for x in want], ev[-1:] )
    rc, st = b.finish()
    check("HTTP on the board: exits 0, no heap use, no fault", rc == 0 and not b.trapped(), (rc, b.trapped(), b.log()[-3:]))


def run_minimal(url):
    """The second image, the minimal profile: its three tools over the UART, the rest refused."""
    if not check("minimal: the image is built (make mcu, make mcu-riscv)", os.path.exists(FW_MINIMAL), FW_MINIMAL): return
    sim.reset()
    sim.clear()
    b = Board(base_args(url, extra=["kill=1"]), fw=FW_MINIMAL)
    out = []
    r = b.initialize("2025-06-18", {"elicitation": {}})
    check("minimal: initialize, negotiated to its one revision (2025-11-25)",
          r and r["result"]["protocolVersion"] == "2025-11-25" and r["result"]["serverInfo"]["name"] == "e2b-mcp-board", r)
    names = [t["name"] for t in b.list_tools()]
    check("minimal: tools/list names its three tools, no other",
          sorted(names) == ["e2b_get_sandbox", "e2b_kill_sandbox", "e2b_list_sandboxes"], names)
    res, _ = b.tool("e2b_list_sandboxes", {"state": ["running"]})   # its default page: one sandbox (1,280 characters)
    out.append(json.dumps(res))
    want = sim.api("/v2/sandboxes?state=running&limit=1")[2]
    sc = (res or {}).get("structuredContent") or {}
    got = [x.get("sandboxID") for x in sc.get("data", [])]
    check("minimal: e2b_list_sandboxes = the simulator's first page (its default page of one), with next_token",
          res and not res.get("isError") and got == [x["sandboxID"] for x in want] and sc.get("next_token"), (got, res))
    sid = got[0] if got else "ialiceprod00000000001"
    res, _ = b.tool("e2b_get_sandbox", {"sandbox_id": sid})
    out.append(json.dumps(res))
    sc = (res or {}).get("structuredContent") or {}
    check("minimal: e2b_get_sandbox matches the API", sc.get("sandboxID") == sid and
          sc.get("templateID") == sim.api("/sandboxes/%s" % sid)[2].get("templateID"), res)
    r = b.call("e2b_create_sandbox", {"template_id": "base"})
    out.append(json.dumps(r))
    err = (r or {}).get("error") or {}
    check("minimal: e2b_create_sandbox is an unknown tool that is not built in (the small profiles' short message)",
          err.get("code") == -32602 and err.get("message") == "NOT_BUILT_IN: e2b_create_sandbox", r)
    res, seen = b.tool("e2b_kill_sandbox", {"sandbox_id": sid}, elicit=ACCEPT)
    out.append(json.dumps(res))
    code = sim.api("/sandboxes/%s" % sid)[0]
    check("minimal: e2b_kill_sandbox, no question (no consent built in), the sandbox is gone",
          res and not res.get("isError") and not seen and code == 404, (res, seen, code))
    rc, st = b.finish()
    check("minimal: board exits 0, no heap use, no fault", rc == 0 and not b.trapped(), (rc, b.trapped(), b.log()[-3:]))
    check("minimal: the stack peak fits the linker script's stack", 0 < st.get("stack_peak", 0) < st.get("stack_size", 0), st)
    note("minimal image: stack peak %d bytes" % st.get("stack_peak", 0))
    no_secrets("minimal", "\n".join(out))


def run_ask_wait(url):
    """While a consent question waits for its user, the board goes on serving its UART: a ping
    and tools/list are answered, and a call to E2B, which needs the one call
    slot the question holds (the small profile's RAM has room for one), is answered at once that
    the slot waits for the user's answer, never left hanging; then the answer comes and the change
    is made, and a read runs again."""
    sim.reset()
    b = Board(base_args(url, url, ["kill=1"]))
    b.elicit = "never"   # the question stays open until answered below
    mcp_init(b)
    cid = b.send_request("tools/call", {"name": "e2b_create_sandbox", "arguments": {"template_id": "base", "timeout": 60}})
    try:
        q = b.recv(20)
    except McpError as e:
        q = {"missing": str(e)}
    if not check("ask wait: the create's consent question goes out", q.get("method") == "elicitation/create", q):
        b.finish(); return
    got = {}

    def answer(rid, timeout=20):
        try:
            while rid not in got:
                m = b.read_message(timeout); got[m.get("id")] = m
        except McpError:
            pass
        return got.get(rid, {})
    r = answer(b.send_request("ping"))
    check("ask wait: a ping is answered while the question waits", r.get("result") == {}, r)
    r = answer(b.send_request("tools/list"))
    check("ask wait: tools/list is answered while the question waits", len((r.get("result") or {}).get("tools", [])) > 3, str(r)[:200])
    r = answer(b.send_request("tools/call", {"name": "e2b_get_sandbox", "arguments": {"sandbox_id": "ialiceprod00000000001"}}))
    msg = (r.get("error") or {}).get("message", "")
    check("ask wait: a call to E2B is answered at once that the one slot waits for the user's answer (nothing sent)",
          (("busy" in msg and "user's answer" in msg) or (msg.startswith("BUSY: ") and "waits for its question" in msg)) and cid not in got and
          not [x for x in sim.requests() if "ialiceprod" in x.get("path", "")], str(r)[:300])
    b.send({"jsonrpc": "2.0", "id": q["id"], "result": ACCEPT})
    res = answer(cid).get("result") or {}
    check("ask wait: the question's answer then comes, and the sandbox is created",
          not res.get("isError") and (res.get("structuredContent") or {}).get("sandboxID"), str(got.get(cid))[:300])
    res, _ = b.tool("e2b_get_sandbox", {"sandbox_id": "ialiceprod00000000001"})
    check("ask wait: once answered, the slot serves reads again", res and not res.get("isError"), str(res)[:200])
    rc, _ = b.finish()
    check("ask wait: board exits 0, no heap use, no fault", rc == 0 and not b.trapped(), (rc, b.trapped()))


def host_tools():
    """The tools the host build of the board's profile (small) lists with kill enabled: the board must list them
    too. The desktop build offers more by default (fork, snapshots, usage, events), which the small profile
    leaves to an embedder to switch on."""
    c = McpClient([os.path.join(ROOT, "build", "e2b-mcp-small")], server_env(sim.url, KEY, {"E2B_MCP_ENABLE_KILL": "1"}))
    c.initialize()
    names = [t["name"] for t in c.list_tools()]
    c.close()
    return names


def main():
    global sim, tls, HOST_TOOLS
    if not check("the firmware is built (make mcu, make mcu-riscv)", os.path.exists(FW), FW): return
    sim = Sim.start()
    tls = TlsFront(sim.port, TLSDIR)
    at_exit(tls.stop)
    HOST_TOOLS = host_tools()
    board_sim = "http://10.0.2.2:%d" % sim.port   # the host's loopback, as the board sees it
    good = tls.url("good")                       # https://localhost:PORT; the board maps localhost itself
    note("board: %s (%s), %s" % (BOARDS[BOARD]["arch"], BOARDS[BOARD]["build"], os.path.relpath(FW, ROOT)))
    run_trap()
    run_api(board_sim, "api over HTTP")
    st = run_api(good, "api over HTTPS")
    check("api over HTTPS: one full handshake", st.get("handshakes") == 1, st)
    b, out = run_session(board_sim, board_sim, "HTTP")
    rc, st = b.finish()
    check("HTTP session: board exits 0, no heap use, no fault", rc == 0 and not b.trapped(), (rc, b.trapped()))
    no_secrets("HTTP session", "\n".join(out))
    n0 = len(access_log())
    b, out = run_session(good, good, "HTTPS")
    rc, st = b.finish()
    lines = access_log()[n0:]
    conns = {re.search(r"conn=(\d+)", l).group(1) for l in lines}
    check("HTTPS session: board exits 0, no heap use, no fault", rc == 0 and not b.trapped(), (rc, b.trapped()))
    check("HTTPS session: every call over one keep-alive TLS connection",
          len(lines) == st.get("requests") and len(lines) >= 14 and len(conns) == 1 and st.get("handshakes") == 1,
          (len(lines), conns, st))
    check("HTTPS session: the stack peak fits the linker script's stack",
          0 < st.get("stack_peak", 0) < st.get("stack_size", 0), st)
    note("stack peak %d of %d bytes, %d ms on the board" % (st.get("stack_peak", 0), st.get("stack_size", 0), st.get("ms", 0)))
    no_secrets("HTTPS session", "\n".join(out))
    run_cases_http(board_sim)
    run_ask_wait(board_sim)
    run_bad_certs(tls.ports)
    run_tls_restart(good)
    run_http(board_sim)
    run_minimal(board_sim)
    note("test-mcu (%s) took %.1f s" % (BOARD, time.time() - T0))


if __name__ == "__main__":
    run(main)
