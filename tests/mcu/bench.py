#!/usr/bin/env python3
"""tests/mcu/bench.py - a board firmware's figures for `make bench` (rows of bench/run.sh's table).

    python3 tests/mcu/bench.py                (Cortex-M4, after `make mcu`)
    python3 tests/mcu/bench.py --board rv32   (RISC-V, after `make mcu-riscv`)

- flash and RAM by origin, from the link map (tests/mcu/memmap.py);
- the stack peak painted on the board over an MCP session of every read tool over HTTPS;
- the instructions of a TLS handshake on the board: QEMU -icount shift=0 (one instruction per
  virtual nanosecond), the board's busy time (awake, not asleep in WFI) of the first
  e2b_list_sandboxes over HTTPS (TCP connect + full handshake + the call) minus that of the
  same call again on the open connection.
Starts its own simulator and TLS front (tests/lib), on loopback.
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__))))
import test_mcu as t  # noqa: E402  the Board, the kit  (run() is not called on import)
from sim import Sim, TlsFront  # noqa: E402

KiB = 1024


def row(a, b, c="-", d=""):
    print("| %s | %s | %s | %s |" % (a, b, c, d))


def kb(n):
    return "%.1f KiB" % (n / KiB)


def main():
    mm = subprocess.run([sys.executable, os.path.join(t.ROOT, "tests/mcu/memmap.py"),
                         os.path.join(t.ROOT, t.BOARDS[t.BOARD]["dir"], "firmware.map")], capture_output=True, text=True, check=True).stdout
    parts = {l.split()[0]: dict(kv.split("=") for kv in l.split()[1:]) for l in mm.splitlines()}
    tot = parts.pop("total")
    t.sim = sim = Sim.start()
    t.tls = tls = TlsFront(sim.port, t.TLSDIR)
    try:
        b = t.Board(t.base_args(tls.url("good"), extra=["mode=api"]), icount=True)
        rc, _ = b.finish(60)
        calls = [int(m.group(1)) for m in (re.search(r"CALL e2b_list_sandboxes busy_us=(\d+)", l) for l in b.log()) if m]
        b = t.Board(t.base_args(tls.url("good")))
        t.mcp_init(b)
        for name, args in (("e2b_list_sandboxes", {"limit": 3}), ("e2b_get_sandbox", {"sandbox_id": "ialiceprod00000000001"}),
                           ("e2b_get_sandbox_logs", {"sandbox_id": "ialiceprod00000000001", "limit": 5}),
                           ("e2b_get_sandbox_metrics", {"sandbox_id": "ibobstaging0000000001"}),
                           ("e2b_list_snapshots", {"limit": 3}), ("e2b_list_default_templates", {}),
                           ("e2b_list_templates", {"limit": 3}),
                           ("e2b_list_template_builds", {"template_id": "dp7x2k9m4q8w1e5r3t6y", "limit": 2})):
            b.tool(name, args)
        rc2, st = b.finish()
    finally:
        tls.stop()
        sim.stop()
    fl, ram = int(tot["flash"]), int(tot["ram"])
    row("**%s board firmware** (tests/mcu: %s, lwIP 2.1.3, BearSSL minimal, test CA)" % (t.BOARDS[t.BOARD]["arch"], t.BOARDS[t.BOARD]["build"]), "", "", "")
    row("firmware flash / RAM (link map; RAM includes the %s stack)" % kb(int(parts["stack"]["ram"])),
        "%d B (%s) / %d B (%s)" % (fl, kb(fl), ram, kb(ram)), "<= 1 MiB / 256 KiB (the linker script)",
        "ok" if fl <= 1024 * KiB and ram <= 256 * KiB else "MISS")
    row("  flash by origin", ", ".join("%s %d" % (k, int(v["flash"])) for k, v in parts.items() if int(v["flash"])))
    row("  RAM by origin", ", ".join("%s %d" % (k, int(v["ram"])) for k, v in parts.items() if int(v["ram"])))
    row("stack peak painted on the board: an MCP session of every read tool over HTTPS",
        "%d B of %d" % (st.get("stack_peak", 0), st.get("stack_size", 0)) if rc2 == 0 else "run failed (exit %d)" % rc2)
    if rc == 0 and len(calls) == 2:
        hs = (calls[0] - calls[1]) * 1000
        row("TLS handshake on the board (-icount: first HTTPS call minus the same call kept alive)",
            "%.2f M instructions (the call itself %.2f M)" % (hs / 1e6, calls[1] * 1000 / 1e6),
            "-", "")
    else:
        row("TLS handshake on the board (-icount)", "run failed (exit %d, %r)" % (rc, calls))
    return 0


if __name__ == "__main__":
    sys.exit(main())
