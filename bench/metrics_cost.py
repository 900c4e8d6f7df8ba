#!/usr/bin/env python3
"""bench/metrics_cost.py SERVER NO_METRICS - what the metrics' counters cost on the hot path, as
instructions (valgrind's callgrind), which the machine's load does not move: each server serves
200 then 600 HTTP tools/call (e2b_list_sandboxes, answered at once by the simulator) on one
keep-alive session; the difference over the 400 extra calls is the instructions per call. Prints
"on=N off=N" (instructions per call). Python stdlib, valgrind."""
import os
import re
import subprocess
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "lib"))
import concurrency  # noqa: E402
from sim import KEY, Sim, server_env, stop, track  # noqa: E402


def instructions(binary, env, calls, out):
    p = track(subprocess.Popen(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, binary, "--http", "127.0.0.1:0"],
                               env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE))
    while True:
        line = p.stderr.readline().decode()
        if "listening on" in line:
            port = int(line.rsplit(":", 1)[1].split("/")[0])
            break
        if not line and p.poll() is not None:
            raise RuntimeError("%s did not start under valgrind" % binary)
    threading.Thread(target=lambda: [None for _ in iter(lambda: p.stderr.read(4096), b"")], daemon=True).start()
    c = concurrency.Client(port)
    for _ in range(calls):
        c.call()
    stop(p, timeout=60)
    with open(out) as f:
        return int(re.search(r"^(?:totals|summary): (\d+)", f.read(), re.M).group(1))


def main():
    server, nometrics = sys.argv[1:3]
    sim = Sim.start()
    env = server_env(sim.port, KEY)
    sim.config(delay_ms=0)
    d = os.environ.get("BENCH_DIR", "build/bench")
    per = {}
    for name, binary in (("on", server), ("off", nometrics)):
        a = instructions(binary, env, 200, os.path.join(d, "cg.%s.200" % name))
        b = instructions(binary, env, 600, os.path.join(d, "cg.%s.600" % name))
        per[name] = (b - a) / 400.0
    sim.stop()
    print("on=%.0f off=%.0f" % (per["on"], per["off"]))


if __name__ == "__main__":
    main()
