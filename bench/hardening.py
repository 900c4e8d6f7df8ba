#!/usr/bin/env python3
"""bench/hardening.py SERVER - the two service figures of the HTTP transport under hostile load.

  slowloris  30 sockets that each send one header line a second (reconnecting when dropped) while
             a well-behaved client sends BENCH_REQUESTS (default 50) pings, one connection each:
             the share answered with 200 (target: at least 95 %)
  big        one client calls e2b_list_sandboxes in a loop and gets answers of about 30,000 JSON
             values (a canned 200 from the simulator), while another client pings: the slowest
             ping in ms (target: at most 50 ms)

Prints Markdown table rows. Python stdlib only; the simulator and server come from tests/lib."""
import json
import multiprocessing
import os
import socket
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "lib"))
from mcp import HttpSession, request, rpc, start_http  # noqa: E402
from sim import Sim, server_env, stop, stop_all  # noqa: E402

REQUESTS = int(os.environ.get("BENCH_REQUESTS", "50"))


def slowloris(port, stop_at):
    """One trickling socket: a request line, then a header line a second, reconnecting when dropped."""
    while time.time() < stop_at:
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=3)
            s.sendall(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            i = 0
            while time.time() < stop_at:
                time.sleep(1)
                s.sendall(b"X-Slow-%d: 1\r\n" % i)
                i += 1
        except OSError:
            pass
        finally:
            try:
                s.close()
            except Exception:
                pass


def served_share(port):
    stop_at = time.time() + 3600
    threads = [threading.Thread(target=slowloris, args=(port, stop_at), daemon=True) for _ in range(30)]
    for t in threads:
        t.start()
    time.sleep(2.5)   # let them take the slots and trickle
    sess, ok = None, 0
    for i in range(REQUESTS):
        try:
            if sess is None:   # a refused initialize counts as a request not served
                sess = HttpSession(port)
                ok += 1
            else:
                ok += request(port, "POST", rpc(100 + i, "ping"), sess.headers(), timeout=15).status == 200
        except (OSError, AssertionError):
            pass
        time.sleep(0.1)
    return ok


def big_answer(n_objects):
    items = [{"sandboxID": "i%019d" % i, "templateID": "base", "alias": "base", "clientID": "c",
              "state": "running", "cpuCount": 2, "memoryMB": 512, "diskSizeMB": 1024,
              "startedAt": "2026-12-01T10:00:00Z", "endAt": "2026-12-01T11:00:00Z"} for i in range(n_objects)]
    return json.dumps(items, separators=(",", ":"))


def big_calls(port, done, calls, ok):
    a = HttpSession(port)
    while not done.is_set():
        r = a.call("tools/call", {"name": "e2b_list_sandboxes", "arguments": {}})
        try:
            ok.value += not r.events()[-1]["result"]["isError"]
        except Exception:
            pass
        calls.value += 1


def ping_during_big(port, sim):
    body = big_answer(1450)   # 1,450 objects x 10 members: ~30,000 JSON values with their keys
    sim.fault("^/v2/sandboxes$", kind="status", status=200, body=body, content_type="application/json", count=100000)
    # the big answers' client runs in a process of its own, so that its JSON decoding does not
    # hold up the pinging thread (one interpreter lock) and count as the server's delay
    done, calls, ok = multiprocessing.Event(), multiprocessing.Value("i", 0), multiprocessing.Value("i", 0)
    loop = multiprocessing.Process(target=big_calls, args=(port, done, calls, ok), daemon=True)
    loop.start()
    b = HttpSession(port)
    while calls.value == 0 and loop.is_alive():
        time.sleep(0.05)
    worst, lat = 0.0, []
    for i in range(REQUESTS):
        t0 = time.time()
        b.call("ping", {})
        worst = max(worst, time.time() - t0)
        lat.append(time.time() - t0)
        time.sleep(0.05)
    done.set()
    loop.join(30)
    sim.clear_faults()
    calls = {"n": calls.value, "ok": ok.value}
    lat.sort()
    return [x * 1000 for x in lat], calls, len(body)


def main():
    server = sys.argv[1]
    sim = Sim.start()
    try:
        port, p = start_http(server, server_env(sim.port))
        ok = served_share(port)
        stop(p)
        port, p = start_http(server, server_env(sim.port))
        lat, calls, size = ping_during_big(port, sim)
        stop(p)
        print("| 30 slowloris sockets: a client's pings answered 200 (target >= 95 %%) | %d of %d (%.0f %%) |"
              % (ok, REQUESTS, 100.0 * ok / REQUESTS))
        print("| a ping while another client gets ~30,000-value answers (%d KB; %d calls, %d ok): median / p90 / slowest "
              "(target: slowest <= 50 ms) | %.1f / %.1f / %.1f ms |"
              % (size // 1024, calls["n"], calls["ok"], lat[len(lat) // 2], lat[int(len(lat) * 0.9)], lat[-1]))
    finally:
        stop_all()


if __name__ == "__main__":
    main()
