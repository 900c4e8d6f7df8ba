#!/usr/bin/env python3
"""Every command the documentation shows is run, or says why it is not.

    python3 tests/docs/commands.py        (make test-docs-commands)

The shell blocks (```sh, bash, shell, console) of README.md and docs/*.md are
run as a reader would run them from a checkout: one bash -e per block, in a
scratch directory that links every top-level entry of the checkout (so `make`,
`build/e2b-mcp` and `examples/` are where the text says) and keeps what a block
writes (`stage/`, `agent`, `e2b_roots.h`) out of the tree. E2B is the local
simulator (E2B_API_URL and E2B_DASHBOARD_API_URL point at it), and a block's
placeholders are filled in as a reader would fill them (PLACEHOLDERS below:
the key, paths under /etc and /var, the port, a user's subject). A block passes
when bash exits 0 within its time.

A comment on the line before a block says how else to take it, options
separated by ';':

    <!-- docs: not run: why -->           not run here (a real key, a cloud, a
                                          client not packaged for Debian); the
                                          reason (the rest of the marker) is
                                          required
    <!-- docs: run by make test-NAME -->  another suite runs it; NAME must be
                                          a suite of make test
    <!-- docs: serves -->                 the block ends in a server: it must
                                          answer HTTP on its port (a request
                                          to /mcp gets any HTTP answer) while
                                          it runs; then it is stopped
    <!-- docs: stdin: the key -->         the block's stdin is the key (as
                                          `keys add` reads it), else /dev/null
    <!-- docs: file NAME: DOC#anchor -->  the scratch directory gets NAME,
                                          the first C block of that section

A marker before anything but a shell block, or naming an unknown option, fails.
A self-test gives the checker blocks broken on purpose, each of which must fail.
"""
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from report import check, note, run  # noqa: E402
from sim import BUILD, KEY, ROOT, Sim, closed_port, server_env  # noqa: E402
from mcp import request  # noqa: E402
sys.path.insert(0, HERE)
from links import anchors, slug  # noqa: E402

SHELL = ("sh", "bash", "shell", "console")
MARKER = re.compile(r"^<!--\s*docs:\s*(.*?)\s*-->\s*$")
SCRATCH = os.path.join(BUILD, "docs-commands")
MASTER = "0123456789abcdef" * 4
# What a reader puts in place of the text's placeholders. Each is used by some block (checked).
PLACEHOLDERS = [
    ("e2b_...", KEY),                           # a team API key: the simulator's
    ("/etc/e2b-mcp/", "@SCRATCH@/etc/e2b-mcp/"),
    ("127.0.0.1:8765", "127.0.0.1:@PORT@"),     # a port that is free here
    ("6f1c...-user-sub", "6f1c-user-sub"),
]


def blocks(path, text):
    """(line, language, body, marker text or None) of each fenced block, and the problems of markers."""
    out, bad = [], []
    lines = text.split("\n")
    i = 0
    pending = None
    while i < len(lines):
        m = MARKER.match(lines[i])
        if m:
            if pending:
                bad.append("%s:%d: a docs marker with no block after it" % (path, pending[0]))
            pending = (i + 1, m.group(1))
            i += 1
            continue
        f = re.match(r"^```\s*([\w+-]*)", lines[i])
        if f:
            start, lang = i + 1, f.group(1)
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            body = "\n".join(lines[i + 1:j])
            marker = pending[1] if pending and pending[0] == i else None
            if pending and marker is None:
                bad.append("%s:%d: a docs marker with no block right after it" % (path, pending[0]))
            if marker is not None and lang not in SHELL:
                bad.append("%s:%d: a docs marker before a %s block, not a shell block" % (path, start, lang or "plain"))
            out.append((start, lang, body, marker))
            pending = None
            i = j + 1
            continue
        if pending and lines[i].strip():
            bad.append("%s:%d: a docs marker with no block right after it" % (path, pending[0]))
            pending = None
        i += 1
    if pending:
        bad.append("%s:%d: a docs marker with no block after it" % (path, pending[0]))
    return out, bad


def options(marker):
    """The marker's options as a dict, or raises ValueError naming what is wrong."""
    opts = {}
    marker, _, why = (marker or "").partition("not run:")     # a reason may hold ';'
    parts = [p.strip() for p in marker.split(";") if p.strip()] + (["not run:" + why] if _ else [])
    for part in parts:
        if part.startswith("not run:"):
            why = part[len("not run:"):].strip()
            if not why:
                raise ValueError("'not run' without a reason")
            opts["not run"] = why
        elif part.startswith("run by make test-"):
            opts["run by"] = part[len("run by make test-"):].strip()
        elif part == "serves":
            opts["serves"] = True
        elif part == "stdin: the key":
            opts["stdin"] = KEY + "\n"
        elif part.startswith("file "):
            name, _, where = part[5:].partition(":")
            opts.setdefault("files", []).append((name.strip(), where.strip()))
        else:
            raise ValueError("unknown option %r" % part)
    return opts


def suites():
    out = subprocess.run(["make", "-s", "-C", ROOT, "--no-print-directory", "print-test-suites"],
                         capture_output=True, text=True, timeout=60)
    return set(out.stdout.split())


def c_block(ref):
    """The first C block of the section DOC#anchor."""
    doc, _, anchor = ref.partition("#")
    text = open(os.path.join(ROOT, doc)).read()
    if anchor not in anchors(text):
        raise ValueError("%s has no section #%s" % (doc, anchor))
    lines = text.split("\n")
    at = None
    for i, line in enumerate(lines):
        h = re.match(r"^#{1,6}\s+(.*)", line)
        if h and slug(h.group(1)) == anchor:
            at = i
        elif at is not None and line.startswith("```c"):
            j = lines.index("```", i + 1)
            return "\n".join(lines[i + 1:j]) + "\n"
        elif at is not None and h:
            break
    raise ValueError("%s#%s has no C block" % (doc, anchor))


def scratch():
    shutil.rmtree(SCRATCH, ignore_errors=True)
    os.makedirs(os.path.join(SCRATCH, "etc", "e2b-mcp"))
    for name in os.listdir(ROOT):
        if not name.startswith("."):
            os.symlink(os.path.join(ROOT, name), os.path.join(SCRATCH, name))
    with open(os.path.join(SCRATCH, "etc", "e2b-mcp", "master"), "w") as f:
        f.write(MASTER + "\n")
    # trust anchors for brssl ta: the test CA, as a reader's roots.pem
    subprocess.run(["sh", os.path.join(ROOT, "tests", "tls", "mkcerts.sh"), os.path.join(BUILD, "tls-test")],
                   check=True, capture_output=True, timeout=120)
    shutil.copy(os.path.join(BUILD, "tls-test", "ca.pem"), os.path.join(SCRATCH, "roots.pem"))


def fill(body, port, used):
    for a, b in PLACEHOLDERS:
        if a in body:
            used.add(a)
            body = body.replace(a, b)
    return body.replace("@SCRATCH@", SCRATCH).replace("@PORT@", str(port))


def answers(port, p, deadline):
    """The status of an HTTP answer on port before deadline while p runs, or None."""
    while time.time() < deadline and p.poll() is None:
        try:
            r = request(port, "POST", '{"jsonrpc":"2.0","id":1,"method":"ping"}', timeout=3)
            return r.status
        except OSError:
            time.sleep(0.1)
    return None


def run_block(body, opts, env, timeout=300):
    """Runs one block; returns (ok, why)."""
    for name, ref in opts.get("files", []):
        with open(os.path.join(SCRATCH, name), "w") as f:
            f.write(c_block(ref))
    port = closed_port()
    used = set()
    script = "set -e\n" + fill(body, port, used)
    stdin = subprocess.PIPE if "stdin" in opts else subprocess.DEVNULL
    p = subprocess.Popen(["bash", "-c", script], cwd=SCRATCH, env=env, stdin=stdin, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, start_new_session=True)
    if "stdin" in opts:
        p.stdin.write(opts["stdin"].encode())
        p.stdin.close()
        p.stdin = None
    if opts.get("serves"):
        status = answers(port, p, time.time() + 60)
        alive = p.poll() is None
        try:
            os.killpg(p.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        out = p.communicate(timeout=30)[0].decode(errors="replace")
        return status is not None and alive, "HTTP %s on port %d, server %s; %s" % (
            status, port, "running" if alive else "gone", out[-600:])
    try:
        out = p.communicate(timeout=timeout)[0].decode(errors="replace")
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out = p.communicate()[0].decode(errors="replace")
        return False, "still running after %d s: %s" % (timeout, out[-600:])
    if KEY in out:
        return False, "the key appeared in the output"
    return p.returncode == 0, "exit %d: %s" % (p.returncode, out[-600:])


def docs():
    return ["README.md"] + sorted("docs/" + f for f in os.listdir(os.path.join(ROOT, "docs")) if f.endswith(".md"))


def self_test(env, known):
    cases = [
        ("a command that fails", "build/e2b-mcp --tools e2b_no_such_tool", None, "exit 2"),
        ("a file the text names that is not there", "cc -std=c99 -I. -o build/x examples/gone.c", None, "exit"),
        ("a server that never serves", "sleep 3", "serves", "HTTP None"),
        ("'not run' without a reason", "true", "not run:", "without a reason"),
        ("a suite that does not exist", "true", "run by make test-no-such-suite", "no-such-suite"),
        ("an unknown option", "true", "perhaps", "unknown option"),
    ]
    for name, body, marker, want in cases:
        try:
            opts = options(marker)
            if "run by" in opts and opts["run by"] not in known:
                ok, why = False, "make test-%s is not a suite" % opts["run by"]
            else:
                ok, why = run_block(body, opts, env, timeout=30)
        except ValueError as e:
            ok, why = False, str(e)
        check("self-test: %s is caught" % name, not ok and want in why, why)
    _, bad = blocks("x.md", "<!-- docs: serves -->\n\n```json\n{}\n```\n<!-- docs: serves -->\ntext\n")
    check("self-test: markers before a non-shell block or before no block are caught", len(bad) == 2, bad)


def main():
    sim = Sim.start()
    env = server_env(sim.port, key=None)
    env.pop("MAKEFLAGS", None)      # a block's make is a reader's make, not part of this one
    env.pop("MAKELEVEL", None)
    env.pop("E2B_MCP_DEPS", None)
    scratch()
    known = suites()
    note("%d suites in make test" % len(known))
    used = set()
    counts = {"run": 0, "not run": 0, "run by": 0}
    for doc in docs():
        text = open(os.path.join(ROOT, doc)).read()
        found, bad = blocks(doc, text)
        check("%s: its docs markers each stand before a shell block" % doc, not bad, bad)
        for line, lang, body, marker in found:
            if lang not in SHELL:
                continue
            where = "%s:%d" % (doc, line)
            first = body.strip().split("\n")[0][:60]
            try:
                opts = options(marker)
            except ValueError as e:
                check("%s: its marker reads" % where, False, e)
                continue
            if "not run" in opts:
                counts["not run"] += 1
                note("%s not run (%s): %s" % (where, opts["not run"], first))
                continue
            if "run by" in opts:
                counts["run by"] += 1
                check("%s is run by make test-%s, a suite of make test" % (where, opts["run by"]),
                      opts["run by"] in known, sorted(known))
                continue
            counts["run"] += 1
            fill(body, 0, used)
            t0 = time.time()
            ok, why = run_block(body, opts, env)
            check("%s runs%s (%.1f s): %s" % (where, ", serving" if opts.get("serves") else "", time.time() - t0, first),
                  ok, why)
    check("every placeholder rule is still used by some block", used == {a for a, _ in PLACEHOLDERS},
          sorted({a for a, _ in PLACEHOLDERS} - used))
    note("blocks: %d run, %d run by other suites, %d not run (each says why)" % (counts["run"], counts["run by"], counts["not run"]))
    self_test(env, known)
    sim.stop()


if __name__ == "__main__":
    run(main)
