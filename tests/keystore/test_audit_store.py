"""An audit log and a key store an operator can trust (issue 31): e2b-mcp against the simulator, no
authorization server. The audit log fails closed: on a full device (/dev/full) a create is refused
before anything reaches E2B, saying the audit log is unavailable, stderr says why once, reads go on,
and the log is written again once its path is writable (no restart, no signal); E2B_MCP_AUDIT_FAIL_OPEN=1
lets the calls run unrecorded; a reopen on SIGHUP that fails is tried again at the next record. SIGHUP
is a flag (sigaction, SA_RESTART): a storm of 10,000 signals during calls, over stdio and over HTTP,
loses no call and no record. `e2b-mcp keys add` from 4 writers at once x 40 rounds keeps every
acknowledged key; a planted temporary symlink is not followed, a store that is a symlink is refused,
the store's mode is kept, and a cut or foreign file is named as such, not as a wrong master secret."""
import json
import os
import signal
import stat
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import report  # noqa: E402
from report import check  # noqa: E402
from sim import BUILD, KEY, Sim, server_env, stop, track  # noqa: E402
from mcp import McpClient, HttpSession, init_params, rpc, start_http  # noqa: E402

BIN = os.path.join(BUILD, "e2b-mcp")
DIR = os.path.join(BUILD, "keystore", "audit-store")
MASTER = "5e1f" * 10
SEEN = []


def creates(sim):
    return [r for r in sim.e2b_requests() if r[0] == "POST" and r[1].endswith("/sandboxes")]


def records(path, started=True):
    try:
        text = open(path).read()
    except FileNotFoundError:
        return []
    SEEN.append(text)
    return [r for r in (json.loads(l) for l in text.splitlines() if l.strip()) if started or r.get("outcome") != "started"]


def stdio_server(sim, log, extra=None):
    env = server_env(sim.port, extra=dict({"E2B_MCP_AUDIT_LOG": log}, **(extra or {})))
    c = McpClient([BIN], env=env)
    c.send_raw(rpc(1, "initialize", init_params()))
    c.read_message()
    c.send_raw(rpc(None, "notifications/initialized"))
    return c


def call(c, name, args, i=[100]):
    i[0] += 1
    c.send_raw(rpc(i[0], "tools/call", {"name": name, "arguments": args}))
    return c.read_message(timeout=20).get("result", {})


def text(res):
    return " ".join(x.get("text", "") for x in res.get("content", []))


def err(c):
    return b"".join(c.raw_err).decode(errors="replace")


def test_full_device(sim):
    link = os.path.join(DIR, "audit.log")
    for f in (link,):
        if os.path.lexists(f):
            os.unlink(f)
    os.symlink("/dev/full", link)   # the log's path leads to a device that is always full
    c = stdio_server(sim, link)
    sim.clear()
    res = [call(c, "e2b_create_sandbox", {"template_id": "base"}) for _ in range(3)]
    lst = call(c, "e2b_list_sandboxes", {})
    check("audit on a full device: a create is refused, saying the audit log is unavailable, and nothing reaches E2B",
          all(r.get("isError") and "audit log is unavailable" in text(r) for r in res) and not creates(sim), (text(res[0]), creates(sim)))
    check("audit on a full device: a read (it bills nothing) is still served", not lst.get("isError"), text(lst))
    time.sleep(0.2)
    e = err(c)
    check("audit on a full device: stderr says why once, for three refused calls",
          e.count("a record cannot be written") == 1 and "No space left on device" in e and "refused until it can be" in e, e)
    os.unlink(link)   # writable again: the next record opens the path afresh
    ok = call(c, "e2b_create_sandbox", {"template_id": "base"})
    time.sleep(0.2)
    recs = records(link)
    check("audit recovered: once the path is writable the create runs and is recorded (started, then ok), stderr says so",
          not ok.get("isError") and len(creates(sim)) == 1 and [r.get("outcome") for r in recs if r.get("tool") == "e2b_create_sandbox"][-2:] ==
          ["started", "ok"] and "records are written again" in err(c), (text(ok), recs, err(c)[-300:]))
    c.proc.stdin.close()
    c.proc.wait(timeout=10)
    # fail-open, chosen
    if os.path.lexists(link):
        os.unlink(link)
    os.symlink("/dev/full", link)
    c = stdio_server(sim, link, {"E2B_MCP_AUDIT_FAIL_OPEN": "1"})
    sim.clear()
    r1 = call(c, "e2b_create_sandbox", {"template_id": "base"})
    r2 = call(c, "e2b_create_sandbox", {"template_id": "base"})
    time.sleep(0.2)
    e = err(c)
    check("E2B_MCP_AUDIT_FAIL_OPEN=1: on a full device the creates run, unrecorded, and stderr says so once",
          not r1.get("isError") and not r2.get("isError") and len(creates(sim)) == 2 and e.count("unrecorded") == 1, (text(r1), e))
    c.proc.stdin.close()
    c.proc.wait(timeout=10)
    os.unlink(link)


def test_reopen_retried(sim):
    d = os.path.join(DIR, "logs")
    d2 = d + ".moved"
    for x in (d, d2):
        if os.path.isdir(x):
            for f in os.listdir(x):
                os.unlink(os.path.join(x, f))
            os.rmdir(x)
    os.mkdir(d)
    log = os.path.join(d, "audit.log")
    c = stdio_server(sim, log)
    call(c, "e2b_create_sandbox", {"template_id": "base"})
    os.rename(d, d2)   # a rotation that went wrong: the directory is gone
    c.proc.send_signal(signal.SIGHUP)
    time.sleep(0.3)
    sim.clear()
    bad = call(c, "e2b_create_sandbox", {"template_id": "base"})
    os.mkdir(d)
    good = call(c, "e2b_create_sandbox", {"template_id": "base"})
    recs = records(log)
    check("a reopen on SIGHUP that fails: the next create is refused (nothing sent); once the path is back, the next "
          "record opens it and the create runs",
          bad.get("isError") and "audit log is unavailable" in text(bad) and not good.get("isError") and len(creates(sim)) == 1 and
          [r.get("outcome") for r in recs] == ["started", "ok"], (text(bad), recs))
    c.proc.stdin.close()
    c.proc.wait(timeout=10)


def storm(pid, n):
    """n SIGHUP, in bursts of 100 spread over about two seconds, so that calls are under way throughout."""
    sent = 0
    while sent < n:
        try:
            for _ in range(100):
                os.kill(pid, signal.SIGHUP)
                sent += 1
        except ProcessLookupError:
            break
        time.sleep(0.02)
    return sent


def test_sighup_storm(sim):
    log = os.path.join(DIR, "storm.log")
    if os.path.exists(log):
        os.unlink(log)
    # stdio: calls pipelined while 10,000 signals arrive
    c = stdio_server(sim, log)
    sid = call(c, "e2b_create_sandbox", {"template_id": "base"}).get("structuredContent", {}).get("sandboxID")
    ext = {"name": "e2b_set_sandbox_timeout", "arguments": {"sandbox_id": sid, "timeout": 600}}   # billable, and repeatable
    n_calls, sent = 0, [0]
    t = threading.Thread(target=lambda: sent.__setitem__(0, storm(c.proc.pid, 10000)))
    t.start()
    answered = 0
    while t.is_alive() or n_calls < 20:
        for _ in range(5):
            n_calls += 1
            c.send_raw(rpc(5000 + n_calls, "tools/call", ext))
        for _ in range(5):
            try:
                m = c.read_message(timeout=20)
                answered += "result" in m and not m["result"].get("isError")
            except Exception:
                break
        if c.proc.poll() is not None:
            break
    t.join()
    alive = c.proc.poll() is None
    c.proc.stdin.close()
    c.proc.wait(timeout=10)
    oks = [r for r in records(log) if r.get("outcome") == "ok" and r.get("tool") == "e2b_set_sandbox_timeout"]
    check("stdio: a storm of 10,000 SIGHUP during calls: the server lives, every call (%d) is answered and recorded" % n_calls,
          sent[0] == 10000 and alive and answered == n_calls and len(oks) == n_calls, (sent[0], alive, answered, n_calls, len(oks)))
    # HTTP: four clients calling while 10,000 signals arrive
    os.unlink(log)
    port, p = start_http(BIN, server_env(sim.port, extra={"E2B_MCP_AUDIT_LOG": log}))
    r = HttpSession(port).call("tools/call", {"name": "e2b_create_sandbox", "arguments": {"template_id": "base"}})
    ext["arguments"]["sandbox_id"] = r.events()[-1]["result"]["structuredContent"]["sandboxID"]
    sessions = [HttpSession(port) for _ in range(4)]
    done = {"calls": 0, "ok": 0}
    lock = threading.Lock()
    stop_flag = []

    def client(s):
        while not stop_flag:
            try:
                r = s.call("tools/call", ext)
                good = r.status == 200 and not r.events()[-1]["result"].get("isError")
            except Exception:
                good = False
            with lock:
                done["calls"] += 1
                done["ok"] += good
    ts = [threading.Thread(target=client, args=(s,)) for s in sessions]
    for x in ts:
        x.start()
    sent = storm(p.pid, 10000)
    time.sleep(0.3)
    stop_flag.append(1)
    for x in ts:
        x.join(30)
    alive = p.poll() is None
    stop(p)
    oks = [r for r in records(log) if r.get("outcome") == "ok" and r.get("tool") == "e2b_set_sandbox_timeout"]
    check("HTTP: a storm of 10,000 SIGHUP during calls from 4 clients: the server lives, every call (%d) is answered "
          "and recorded" % done["calls"],
          sent == 10000 and alive and done["calls"] > 0 and done["ok"] == done["calls"] and len(oks) == done["calls"],
          (sent, alive, done, len(oks)))


def keys(*args, stdin=None, env=None, store=None):
    e = dict(os.environ, E2B_MCP_KEYSTORE_FILE=store or os.path.join(DIR, "keys.store"), E2B_MCP_KEYSTORE_MASTER=MASTER)
    e.update(env or {})
    return subprocess.Popen([BIN, "keys"] + list(args), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=e)


def run_keys(*args, stdin="", **kw):
    p = keys(*args, **kw)
    out, er = p.communicate((stdin or "").encode(), timeout=20)
    SEEN.append(out.decode() + er.decode())
    return p.returncode, out.decode(), er.decode()


def test_keys_concurrent():
    store = os.path.join(DIR, "keys.store")
    for f in os.listdir(DIR):
        if f.startswith("keys.store"):
            os.unlink(os.path.join(DIR, f))
    acked, lost, bad_round = [], [], None
    for rnd in range(40):
        ps = []
        for w in range(4):
            subj = "user-%02d-%d" % (rnd, w)
            p = keys("add", subj)
            p.stdin.write(("e2b_%02d%d" % (rnd, w) + "ab" * 18 + "\n").encode())
            p.stdin.close()
            ps.append((subj, p))
        for subj, p in ps:
            p.wait(timeout=20)
            SEEN.append(p.stderr.read().decode())
            if p.returncode == 0:
                acked.append(subj)
        rc, out, er = run_keys("list")
        have = set(l.split("\t")[0] for l in out.splitlines())
        lost = [s for s in acked if s not in have]
        if rc != 0 or lost:
            bad_round = (rnd, rc, er.strip(), lost[:4])
            break
    check("keys add, 4 writers at once x 40 rounds: every add acknowledged, every acknowledged key readable after each round",
          bad_round is None and len(acked) == 160, (bad_round, len(acked)))
    check("keys add: no temporary file left behind", not [f for f in os.listdir(DIR) if ".tmp" in f], os.listdir(DIR))
    # the mode (and owner) of the store are kept
    os.chmod(store, 0o640)
    rc, _, er = run_keys("add", "mode-user", stdin="e2b_" + "cd" * 20)
    check("keys add keeps the store's mode (0640 stays 0640)", rc == 0 and stat.S_IMODE(os.stat(store).st_mode) == 0o640,
          (rc, er, oct(os.stat(store).st_mode)))
    # a symlink planted where a fixed temporary name used to be, and one at the store itself
    victim = os.path.join(DIR, "victim.txt")
    open(victim, "w").write("precious\n")
    for name in (store + ".tmp",):
        if os.path.lexists(name):
            os.unlink(name)
        os.symlink(victim, name)
    rc, _, er = run_keys("add", "plant-user", stdin="e2b_" + "ef" * 20)
    check("a symlink planted beside the store is not followed: the victim is untouched, the add works",
          rc == 0 and open(victim, "rb").read() == b"precious\n" and os.path.islink(store + ".tmp"), (rc, er))
    os.unlink(store + ".tmp")
    real = store + ".real"
    os.rename(store, real)
    os.symlink(real, store)
    rc, _, er = run_keys("add", "link-user", stdin="e2b_" + "ef" * 20)
    check("a store that is a symbolic link is refused by keys add, saying so, and left as it was",
          rc == 2 and "symbolic link" in er and os.path.islink(store), (rc, er))
    os.unlink(store)
    os.rename(real, store)
    # precise errors
    good = open(store, "rb").read()
    open(store, "wb").write(good[:len(good) // 2])
    rc1, _, er1 = run_keys("list")
    open(store, "wb").write(b"# a note someone saved here by mistake, long enough to be a store\n" * 2)
    rc2, _, er2 = run_keys("list")
    open(store, "wb").write(good)
    rc3, _, er3 = run_keys("list", env={"E2B_MCP_KEYSTORE_MASTER": "0" * 40})
    rc4, out4, _ = run_keys("list")
    check("a store cut in half says it was altered or cut short, not that the master secret is wrong",
          rc1 == 2 and "altered or cut short" in er1 and "with this master secret" not in er1, er1)
    check("a file that is not a store says so", rc2 == 2 and "not a key store" in er2, er2)
    check("another master secret says so", rc3 == 2 and "cannot be opened with this master secret" in er3, er3)
    check("the store put back is whole: every key still there", rc4 == 0 and len(out4.splitlines()) == 162, len(out4.splitlines()))


def test_stop_flush(sim):
    """Refusals counted but not yet written (the interval not over) are written when the server stops cleanly:
    SIGTERM, SIGINT or the end of stdin over stdio, SIGTERM or SIGINT over HTTP. The signal only sets a flag; the
    loop ends and the summary is written on the way out, and the server exits 0."""
    bad = {"name": "e2b_create_sandbox", "arguments": {"template_id": "base", "bogus": 1}}   # refused, nothing sent
    for how in ("SIGTERM", "SIGINT", "end of stdin"):
        log = os.path.join(DIR, "stop-stdio.log")
        if os.path.exists(log):
            os.unlink(log)
        c = stdio_server(sim, log, {"E2B_MCP_AUDIT_REFUSALS_S": "600"})
        sim.clear()
        res = [call(c, bad["name"], bad["arguments"]) for _ in range(3)]
        before = records(log)
        if how == "end of stdin":
            c.proc.stdin.close()
        else:
            c.proc.send_signal(signal.SIGTERM if how == "SIGTERM" else signal.SIGINT)
        try:
            rc = c.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            rc = None
        recs = records(log)
        summ = [r for r in recs if r.get("count") is not None]
        check("stdio, stopped by %s: the 2 refusals counted in the interval are written as a summary (count 2) on the way "
              "out, after the one written in full; it exits 0" % how,
              all(r.get("isError") for r in res) and not creates(sim) and len(before) == 1 and rc == 0 and len(recs) == 2 and
              len(summ) == 1 and summ[0].get("count") == 2 and summ[0].get("outcome") == "error", (rc, before, recs))
    for sig in (signal.SIGTERM, signal.SIGINT):
        log = os.path.join(DIR, "stop-http.log")
        if os.path.exists(log):
            os.unlink(log)
        port, p = start_http(BIN, server_env(sim.port, extra={"E2B_MCP_AUDIT_LOG": log, "E2B_MCP_AUDIT_REFUSALS_S": "600"}))
        h = HttpSession(port)
        st = [h.call("tools/call", bad).status for _ in range(3)]
        time.sleep(0.1)
        before = records(log)
        p.send_signal(sig)
        try:
            rc = p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            rc = None
        recs = records(log)
        summ = [r for r in recs if r.get("count") is not None]
        check("HTTP, stopped by %s: the counted refusals are written as a summary (count 2) on the way out; it exits 0" %
              signal.Signals(sig).name,
              st == [200] * 3 and len(before) == 1 and rc == 0 and len(recs) == 2 and len(summ) == 1 and summ[0].get("count") == 2,
              (st, rc, before, recs))


def test_second_interrupt(sim):
    """A stop waits for the calls in flight; a second SIGINT (Ctrl-C again) does not: the server ends at once,
    killed by it. A second SIGTERM stays a graceful stop."""
    for sig in (signal.SIGINT, signal.SIGTERM):
        c = stdio_server(sim, os.path.join(DIR, "interrupt.log"))
        sim.hold(True)
        try:
            c.send_raw(rpc(7, "tools/call", {"name": "e2b_list_sandboxes", "arguments": {}}))
            held = sim.wait_held(1)
            c.proc.send_signal(sig)
            time.sleep(0.5)
            alive = c.proc.poll() is None   # the call at E2B runs on: the first stop is graceful
            c.proc.send_signal(sig)
            try:
                rc = c.proc.wait(timeout=3 if sig == signal.SIGINT else 0.5)
            except subprocess.TimeoutExpired:
                rc = None
            alive = alive and (sig == signal.SIGINT or rc is None)   # the second SIGTERM waits on too
        finally:
            sim.hold(False)
            sim.release(match=".")
        if sig == signal.SIGINT:
            check("stdio: a SIGINT waits for the call at E2B, a second one ends the server at once (killed by SIGINT)",
                  held and alive and rc == -signal.SIGINT, (held, alive, rc))
        else:
            try:
                rc = c.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                rc = None
            check("stdio: a second SIGTERM is still a graceful stop: the held call is answered and it exits 0",
                  held and alive and rc == 0, (held, alive, rc))
        stop(c.proc)


def main():
    os.makedirs(DIR, exist_ok=True)
    test_keys_concurrent()
    sim = Sim.start()
    try:
        test_full_device(sim)
        test_reopen_retried(sim)
        test_sighup_storm(sim)
        test_stop_flush(sim)
        test_second_interrupt(sim)
    finally:
        sim.stop()
    bad = [s[:200] for s in SEEN if KEY in s or MASTER in s]
    check("no key or master secret in any log, stderr or output (%d texts)" % len(SEEN), not bad, bad[:2])


if __name__ == "__main__":
    report.run(main)
