#!/usr/bin/env python3
"""The shape of the library, checked: src/ runs only downward, e2b_mcp.h is fresh.

    python3 tests/layers/layers.py [--graph] [--fix-includes]

Reads the layer order from src/src.mk (E2B_MCP_SRC; a file's layer is its name
without .h/.c, so src/mcp.h and src/mcp.c are one layer) and checks:

  fresh      e2b_mcp.h is byte for byte what `make header` makes of src/
  lines      `make header LINES=1`'s #line markers each name the src file and line that
             follow them (and without them it is the plain header)
  includes   each src file's `#include "x"` lines name exactly the lower layers it uses
             (a .c also its own .h), so reading them shows the layering; the generator
             drops them. --fix-includes rewrites them from what each file uses
  symbols    every e2b_mcp / E2B_MCP name a src file uses is defined in its own layer
             or a lower one: a forward declaration of a higher layer's function, a
             type or macro from above, is an arrow back up
  ports      ports/*.h use no private name (e2b_mcp__*) they do not define themselves:
             a port is written against the documented contract only
  exports    the implementation's global symbols (nm) all carry the e2b_mcp_ prefix,
             and none is private (e2b_mcp__)

--graph prints which layer uses which (the picture a newcomer wants).
Python standard library and nm (binutils) only.
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.environ.get("LAYERS_ROOT") or os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from report import check, run, note  # noqa: E402

NAME = re.compile(r"\b(e2b_mcp_\w+|E2B_MCP_\w+)\b")


def mk_list(var):
    mk = open(os.path.join(ROOT, "src", "src.mk")).read()
    m = re.search(r"^" + var + r"\s*:=\s*((?:.*\\\n)*.*)$", mk, re.M)
    return m.group(1).replace("\\\n", " ").split()


def layer_of(f):
    return os.path.splitext(f)[0]


def generate(files):
    out = []
    for f in files:
        for line in open(os.path.join(ROOT, "src", f), newline="").read().split("\n")[:-1]:
            if re.match(r'^#include "[^"/]*"$', line):
                continue
            page = re.match(r'^#include "(app/[^"/]*\.html)"$', line)
            if page:   # the App's page: each line a C string, \ " and ? escaped
                for p in open(os.path.join(ROOT, "src", page.group(1)), newline="").read().split("\n")[:-1]:
                    out.append('  "%s\\n",\n' % re.sub(r'([\\"?])', r'\\\1', p))
                continue
            out.append(line + "\n")
    return "".join(out)


def strip(text):
    """Comments, string and character literals blanked (newlines kept)."""
    def blank(m):
        return re.sub(r"[^\n]", " ", m.group(0))
    text = re.sub(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', blank, text, flags=re.S)
    # C++ linkage braces (extern "C" { ... }) are not a nesting level
    return re.sub(r"^#ifdef __cplusplus\n(?:[^#\n][^\n]*\n)*#endif", blank, text, flags=re.M)


def definitions(code):
    """Names a text defines: functions with a body, macros, types, enum constants, tables."""
    names = set()
    names.update(re.findall(r"^[ \t]*#[ \t]*define[ \t]+(\w+)", code, re.M))
    # X-macro rows of the error list make E2B_MCP_ERR_<NAME>
    if "E2B_MCP__ERRORS" in names:
        names.update("E2B_MCP_ERR_" + n for n in re.findall(r"X\((\w+),", code))
    names.update(re.findall(r"\bstruct[ \t\n]+(\w+)[ \t\n]*\{", code))
    names.update(re.findall(r"\benum[ \t\n]+(\w+)[ \t\n]*\{", code))
    # typedef ... name;  (at brace depth 0)
    depth = 0
    cur = []
    for ch in code:   # the text at brace depth 0, with the outermost braces kept
        if ch == "{":
            cur.append("{" if depth == 0 else " ")
            depth += 1
        elif ch == "}":
            depth -= 1
            cur.append("}" if depth == 0 else " ")
        else:
            cur.append(ch if depth == 0 or ch == "\n" else " ")
    top = "".join(cur)
    for m in re.finditer(r"\btypedef\b[^;]*?(\w+)\s*(?:\[[^\]]*\])?\s*;", top):
        names.add(m.group(1))
    for m in re.finditer(r"\btypedef\b[^;]*?\(\s*\*\s*(\w+)\s*\)", top):
        names.add(m.group(1))
    # functions with a body, tables and variables with an initializer or size, at depth 0
    for m in re.finditer(r"(\w+)\s*\((?:[^;{}()]|\([^;{}()]*\))*\)\s*\{\s*\}", top):
        names.add(m.group(1))
    for m in re.finditer(r"(\w+)\s*(?:\[[^\]]*\]\s*)*=(?!=)", top):
        names.add(m.group(1))
    # enum constants: inside enum { ... }
    for m in re.finditer(r"\benum\b[^{;]*\{([^}]*)\}", code):
        names.update(re.findall(r"\b([A-Z_][A-Z0-9_]*)\s*(?:=[^,}]*)?(?:,|$)", m.group(1)))
    return {n for n in names if NAME.fullmatch(n)}


def main():
    files = [f[len("src/"):] for f in mk_list("E2B_MCP_SRC")]
    layers = mk_list("E2B_MCP_LAYERS")
    missing = [f for f in files if layer_of(f) not in layers]
    check("every src file belongs to a layer of E2B_MCP_LAYERS", not missing, " ".join(missing))
    pages = set(re.findall(r'^#include "(app/[^"/]*\.html)"$', "".join(open(os.path.join(ROOT, "src", f)).read() for f in files), re.M))
    stray = sorted(set(os.listdir(os.path.join(ROOT, "src"))) - set(files) - {"src.mk", "app"})
    stray += sorted(set("app/" + f for f in os.listdir(os.path.join(ROOT, "src", "app"))) - pages)
    check("every file in src/ is in E2B_MCP_SRC (the App's pages: included by one)", not stray, " ".join(stray))
    rank = {l: i for i, l in enumerate(layers)}

    # fresh
    gen = generate(files)
    have = open(os.path.join(ROOT, "e2b_mcp.h"), newline="").read()
    check("fresh: e2b_mcp.h is what `make header` makes of src/", gen == have,
          "e2b_mcp.h differs from src/: run `make header` and commit both")

    texts = {f: open(os.path.join(ROOT, "src", f)).read() for f in files}
    code = {f: strip(t) for f, t in texts.items()}

    # lines: `make header LINES=1` puts a #line marker before every run of lines, and each
    # marker names the src file and line the lines after it come from; without the markers
    # it is the plain header
    if True:
        makefile = os.path.abspath(os.path.join(HERE, "..", "..", "Makefile"))   # with ROOT's src/src.mk
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "lined.h")
            subprocess.run(["make", "-s", "--no-print-directory", "-C", ROOT, "-f", makefile, "header", "LINES=1",
                            "HEADER_OUT=" + out], capture_output=True, check=False)
            lined = open(out).read().split("\n") if os.path.exists(out) else []
        src_lines = {f: texts[f].split("\n") for f in files}
        for page in pages:   # the App's page: its lines as the C strings the header holds
            src_lines[page] = ['  "%s\\n",' % re.sub(r'([\\"?])', r'\\\1', l)
                               for l in open(os.path.join(ROOT, "src", page), newline="").read().split("\n")]
        where, wrong, plain, marks = None, [], [], 0
        for line in lined[:-1]:
            m = re.match(r'^#line (\d+) "src/([^"]+)"$', line)
            if m:
                where, marks = [m.group(2), int(m.group(1))], marks + 1
                continue
            plain.append(line)
            if where is None or where[0] not in src_lines or src_lines[where[0]][where[1] - 1] != line:
                wrong.append("%s:%s" % tuple(where) if where else "before any marker")
            if where:
                where[1] += 1
        check("lines: make header LINES=1 maps every line to its src file and line (%d markers)" % marks,
              lined and not wrong and "\n".join(plain) + "\n" == gen, " ".join(wrong[:5]) or "no header written")

    # symbols: who defines what, who uses whom
    home = {}
    for f in files:
        for n in definitions(code[f]):
            l = layer_of(f)
            if n not in home or rank[l] < rank[home[n]]:
                home[n] = l
    ups = {}
    uses = {}       # layer -> layers it uses
    file_uses = {}  # file -> layers it uses (its own excluded)
    for f in files:
        l = layer_of(f)
        file_uses[f] = set()
        for n in set(NAME.findall(code[f])):
            h = home.get(n)
            if h is None:
                continue   # a macro the user sets, or a pasted name
            if h != l:
                uses.setdefault(l, set()).add(h)
                file_uses[f].add(h)
            if rank[h] > rank[l]:
                ups.setdefault((f, h), []).append(n)

    # includes: a file names exactly the layers it uses (a .c also its own .h), each lower
    def layer_file(l):
        return l + ".h" if l + ".h" in texts else l + ".c"

    def wanted(f):
        want = [layer_file(l) for l in sorted(file_uses[f], key=lambda x: rank[x]) if rank[l] < rank[layer_of(f)]]
        own = layer_of(f) + ".h"
        if f.endswith(".c") and own in texts:
            want.insert(0, own)
        return want

    if "--fix-includes" in sys.argv:
        for f in files:
            t = re.sub(r'^#include "[^"/]*"\n', "", texts[f], flags=re.M)
            t = "".join('#include "%s"\n' % w for w in wanted(f)) + t
            if t != texts[f]:
                open(os.path.join(ROOT, "src", f), "w").write(t)
                texts[f] = t
                note("includes of src/%s rewritten" % f)
    bad = []
    for f in files:
        have = re.findall(r'^#include "([^"/]*)"$', texts[f], re.M)
        for inc in have:
            if inc not in texts:
                bad.append("%s includes %s, which is not in src/src.mk" % (f, inc))
            elif rank[layer_of(inc)] > rank[layer_of(f)]:
                bad.append("%s includes %s (a higher layer)" % (f, inc))
        want = wanted(f)
        if sorted(have) != sorted(want):
            bad.append("%s includes %s but uses %s" % (f, " ".join(have) or "nothing", " ".join(want) or "nothing"))
    check("includes: each src file includes exactly the lower layers it uses, none higher", not bad,
          "; ".join(bad) + " (python3 tests/layers/layers.py --fix-includes writes them)")

    lines = ["%s uses %s's %s" % (f, h, ", ".join(sorted(ns))) for (f, h), ns in sorted(ups.items())]
    check("symbols: no src file uses a name of a higher layer (%d layers)" % len(layers), not lines,
          "\n  " + "\n  ".join(lines))
    if "--graph" in sys.argv:
        for l in layers:
            note("%-8s uses %s" % (l, " ".join(sorted(uses.get(l, ()), key=lambda x: rank[x])) or "-"))

    # ports
    bad = []
    pdir = os.path.join(ROOT, "ports")
    for p in sorted(os.listdir(pdir)):
        if not p.endswith(".h"):
            continue
        c = strip(open(os.path.join(pdir, p)).read())
        own = definitions(c)
        for n in sorted(set(re.findall(r"\be2b_mcp__\w+", c))):
            if n not in own:   # the TLS port contract's names are public (e2b_mcp_tls_*)
                bad.append("%s uses %s" % (p, n))
    check("ports: no port uses a private name of the library", not bad, "; ".join(bad))

    # exports
    with tempfile.TemporaryDirectory() as d:
        c = os.path.join(d, "impl.c")
        o = os.path.join(d, "impl.o")
        open(c, "w").write('#define E2B_MCP_IMPLEMENTATION\n#include "e2b_mcp.h"\n')
        cc = os.environ.get("CC", "cc")
        r = subprocess.run([cc, "-std=c99", "-c", "-O1", "-I" + ROOT, "-o", o, c], capture_output=True, text=True)
        if check("exports: the implementation compiles", r.returncode == 0, r.stderr[-400:]):
            out = subprocess.run(["nm", "-g", "--defined-only", o], capture_output=True, text=True).stdout
            syms = [l.split()[-1] for l in out.splitlines() if l.strip()]
            wrong = [s for s in syms if not s.startswith("e2b_mcp_") or s.startswith("e2b_mcp__")]
            check("exports: %d global symbols, each e2b_mcp_ and none private" % len(syms), syms and not wrong,
                  " ".join(wrong))


    if not os.environ.get("LAYERS_ROOT"):
        can_fail()


def _edit(path, old, new):
    text = open(path).read()
    open(path, "w").write(text.replace(old, new))


def can_fail():
    """Each check fails on a copy of the tree with its mistake made on purpose."""
    import shutil
    mistakes = {
        "fresh": lambda d: open(os.path.join(d, "e2b_mcp.h"), "a").write("/* edited by hand */\n"),
        "lines": lambda d: _edit(os.path.join(d, "src", "src.mk"), 'print "#line " FNR', 'print "#line " FNR + 1'),
        "includes": lambda d: _prepend(os.path.join(d, "src", "util.c"), '#include "http.h"\n'),
        "symbols": lambda d: open(os.path.join(d, "src", "json.c"), "a").write(
            "static void e2b_mcp__probe(void) { (void)e2b_mcp_step; }\n"),
        "ports": lambda d: open(os.path.join(d, "ports", "e2b_mcp_sock_posix.h"), "a").write(
            "static void e2b_mcp__probe(void) { (void)e2b_mcp__ieqn; }\n"),
    }
    for kind, make in mistakes.items():
        with tempfile.TemporaryDirectory() as d:
            for x in ("src", "ports"):
                shutil.copytree(os.path.join(ROOT, x), os.path.join(d, x))
            shutil.copy(os.path.join(ROOT, "e2b_mcp.h"), d)
            make(d)
            env = dict(os.environ, LAYERS_ROOT=d)
            out = subprocess.run([sys.executable, os.path.abspath(__file__)], env=env,
                                 capture_output=True, text=True).stdout
            failed = [l for l in out.splitlines() if l.startswith("FAIL " + kind + ":")]
            check("can fail: the %s check catches its mistake made on purpose" % kind, failed, out[-600:])


def _prepend(path, text):
    t = open(path).read()
    open(path, "w").write(text + t)


if __name__ == "__main__":
    run(main)
