#!/usr/bin/env python3
"""One source of configuration: src/config.h documents every option once, and
docs/config.md's table of config macros is generated from it.

    python3 tests/config/docs.py           check (a suite of make test)
    python3 tests/config/docs.py --write   regenerate docs/config.md's table (make config-docs)

An option's documentation is a comment in src/config.h that starts with its name
(or several names, comma-separated) and a colon, right before its default:

    /* E2B_MCP_MSG_MAX: the largest incoming MCP message ...
       (a blank line, then details the table leaves out) */
    #ifndef E2B_MCP_MSG_MAX
    #define E2B_MCP_MSG_MAX      E2B_MCP__D(65536, 2048)
    #endif

A switch (defined or not: E2B_MCP_SMALL) or a hook (E2B_MCP_NOW_S()) has the
comment and no default. `/* ---- Name ---- */` starts a group (one table each).

Checked:
  documented  every E2B_MCP_ name src/ or ports/ tests in #if/#ifdef/#ifndef, that
              a user may set, has its comment in src/config.h
  defaults    every default (#ifndef E2B_MCP_X ... #define E2B_MCP_X) is in
              src/config.h, right after the comment that names it
  readme      docs/config.md's table is what --write makes of src/config.h: a macro
              added without its row, or a row naming no macro, fails
  self-test   the checks above fail on copies with such a mistake made on purpose
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from report import check, run, note  # noqa: E402

BEGIN = "<!-- generated from src/config.h by `make config-docs`: edit src/config.h, not this table -->"
END = "<!-- end of the table generated from src/config.h -->"

NAME = r"E2B_MCP_[A-Z0-9_]+"
DOC_HEAD = re.compile(r"^(%s(?:\([^)]*\))?(?:,\s*%s(?:\([^)]*\))?)*):\s*" % (NAME, NAME))
GROUP = re.compile(r"^/\*\s*----\s*(.*?)\s*----\s*\*/$")
COMMENT = re.compile(r"/\*(.*?)\*/", re.S)
# Include guards and the header's own switch: not options.
NOT_OPTIONS = re.compile(r"^(E2B_MCP_IMPLEMENTATION|E2B_MCP_H|.*_H|.*_IMPL|.*_TYPES|.*_DONE)$")


def read(path):
    with open(os.path.join(ROOT, path), newline="") as f:
        return f.read()


def parse(config):
    """The entries of config.h in order: dict(group, names, text, defaults); and the
    #ifndef names with the entry (names) that precedes each."""
    entries, ifndefs = [], []
    group = ""
    pos = 0
    last = None
    lines = config.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        g = GROUP.match(line)
        if g:
            group = g.group(1)
            i += 1
            continue
        if line.startswith("/*"):
            j = i
            while "*/" not in lines[j]:
                j += 1
            body = "\n".join(lines[i:j + 1])
            text = COMMENT.search(body).group(1)
            text = "\n".join(t.strip() for t in text.split("\n")).strip()
            h = DOC_HEAD.match(text)
            if h:
                names = re.findall(r"%s(?:\([^)]*\))?" % NAME, h.group(1))
                rest = text[h.end():]
                summary = " ".join(rest.split("\n\n")[0].split())
                last = {"group": group, "names": names, "text": summary, "defaults": None, "line": i + 1}
                entries.append(last)
            i = j + 1
            continue
        m = re.match(r"^#\s*ifndef\s+(%s)\b" % NAME, line)
        if m and not m.group(1).startswith("E2B_MCP__"):
            # a default: the first #define of that name inside the #ifndef
            depth, k, gives = 0, i, False
            while k < len(lines):
                d = lines[k].strip()
                if re.match(r"^#\s*if", d):
                    depth += 1
                elif re.match(r"^#\s*endif", d):
                    depth -= 1
                    if depth == 0:
                        break
                dm = re.match(r"^#\s*define\s+%s\b\s*(.*?)\s*(/\*.*)?$" % re.escape(m.group(1)), d)
                gives = gives or bool(dm)
                if dm and last is not None and len(last["names"]) == 1 and last["names"][0] == m.group(1) \
                        and last["defaults"] is None:
                    last["defaults"] = dm.group(1)
                k += 1
            if gives:
                ifndefs.append((m.group(1), last, i + 1))
        i += 1
    return entries, ifndefs


def base(name):
    return re.sub(r"\(.*\)$", "", name)


PROFILES = (("desktop", []), ("small", ["-DE2B_MCP_SMALL"]), ("minimal", ["-DE2B_MCP_MINIMAL"]))
# Every profile as `make` builds it: the POSIX port and BearSSL.
PROBE_FLAGS = ["-DE2B_MCP_TLS_BEARSSL"]
PROBE_DIR = os.path.join(ROOT, "build", "config-probe")
UNDEFINED = "\u2014"


def probe(names, flags, tag="probe"):
    """Every name's value as the preprocessor and the compiler see it after
    #include "e2b_mcp.h" with flags: {name: text}. A name that is not defined is
    UNDEFINED, one defined empty is "defined", an integer constant expression is
    its value as a compiled program prints it, anything else (a string, a
    keyword) the text it expands to."""
    os.makedirs(PROBE_DIR, exist_ok=True)
    head = "#include <bearssl.h>\n#include \"e2b_mcp.h\"\n"
    src = os.path.join(PROBE_DIR, tag + ".c")
    with open(src, "w") as f:
        f.write(head)
        for n in names:
            f.write("#ifdef %s\n@@probe \"%s\" = %s @@end\n#else\n@@probe \"%s\" undefined @@end\n#endif\n" % (n, n, n, n))
    import subprocess
    cc = os.environ.get("CC", "cc")
    pre = subprocess.run([cc, "-E", "-P", "-I" + ROOT] + flags + [src], capture_output=True, text=True)
    if pre.returncode != 0:
        raise RuntimeError("the probe does not preprocess with %s: %s" % (" ".join(flags), pre.stderr[-800:]))
    text = " ".join(pre.stdout.split("\n"))
    raw = {}
    for m in re.finditer(r'@@probe "(\S+)" (=|undefined)(.*?)@@end', text):
        raw[m.group(1)] = None if m.group(2) == "undefined" else " ".join(m.group(3).split())
    numeric = [n for n in names if raw.get(n) and re.match(r"^[\s\d()+\-*/%<>=!&|?:~xXa-fA-FuUlL]*$", raw[n])
               and re.search(r"\d", raw[n])]
    prog = os.path.join(PROBE_DIR, tag + "_values.c")
    with open(prog, "w") as f:
        f.write(head + "#include <stdio.h>\nint main(void) {\n")
        for n in numeric:
            f.write('  printf("%%s %%lld\\n", "%s", (long long)(%s));\n' % (n, n))
        f.write("  return 0;\n}\n")
    exe = os.path.join(PROBE_DIR, tag)
    cp = subprocess.run([cc, "-std=c99", "-I" + ROOT] + flags + ["-o", exe, prog], capture_output=True, text=True)
    if cp.returncode != 0:
        raise RuntimeError("the probe does not compile with %s: %s" % (" ".join(flags), cp.stderr[-800:]))
    out = subprocess.run([exe], capture_output=True, text=True, check=True).stdout
    values = dict(line.split(" ", 1) for line in out.split("\n") if line)
    got = {}
    for n in names:
        v = raw.get(n)
        got[n] = UNDEFINED if v is None else "defined" if v == "" else values.get(n, v)
    return got


def probes(entries, extra=()):
    """{profile: {name: value}} for every option's name (hooks aside)."""
    names = sorted({base(n) for e in entries for n in e["names"] if "(" not in n})
    return {p: probe(names, PROBE_FLAGS + flags + list(extra), "probe_" + p) for p, flags in PROFILES}


def fmt(name, v):
    if re.match(r"^-?\d+$", v):
        n = int(v)
        if re.search(r"_(MAX|CHUNK|ARENA)$", name) and "TIMEOUT" not in name and n >= 1024 and n % 512 == 0:
            k = n / 1024
            return ("%d KiB" % k) if k == int(k) else ("%.1f KiB" % k)
        return v
    if v in (UNDEFINED, "defined"):
        return v
    return "`%s`" % v


def columns(e, values):
    """desktop, small, minimal: the option's value in each profile (values: probes());
    an empty cell is the value to its left."""
    if any("(" in n for n in e["names"]):
        return "", "", ""                       # a hook: a macro with arguments, no value to show
    cells = []
    switch = e["defaults"] is None      # defined or not: a -D gives it 1, an #define nothing
    for p, _ in PROFILES:
        vs = [fmt(base(n), values[p].get(base(n), "?")) for n in e["names"]]
        vs = ["defined" if switch and v in ("1", "defined") else v for v in vs]
        if len(set(vs)) == 1:
            cells.append(vs[0])
        else:
            cells.append("; ".join("%s: %s" % (base(n), v) for n, v in zip(e["names"], vs)))
    out = [cells[0]]
    for i in (1, 2):
        out.append("" if cells[i] == cells[i - 1] else cells[i])
    return out


def cell(text):
    text = re.sub(r"(?<![`\w])(%s(?:\([^)]*\))?)" % NAME, r"`\1`", text)
    text = re.sub(r"(?<![`\w])((?:cfg|http|config)\.[a-z_]+)", r"`\1`", text)
    return text.replace("|", "\\|")


def generate(entries, values):
    out = [BEGIN]
    group = None
    for e in entries:
        if e["group"] != group:
            group = e["group"]
            out += ["", "**%s**" % group, "", "| macro | desktop | small | minimal | what |", "|---|---|---|---|---|"]
        desk, small, minimal = columns(e, values)
        names = ", ".join("`%s`" % n for n in e["names"])
        out.append("| %s | %s | %s | %s | %s |" % (names, desk, small, minimal, cell(e["text"])))
    out += ["", END]
    return "\n".join(out)


def readme_table(readme):
    a, b = readme.find(BEGIN), readme.find(END)
    if a < 0 or b < 0:
        return None
    return readme[a:b + len(END)]


def readme_names(table):
    names = set()
    for line in table.split("\n"):
        if line.startswith("| `"):
            first = line.split(" | ")[0]
            names.update(base(n) for n in re.findall(r"`(%s(?:\([^)]*\))?)`" % NAME, first))
    return names


def conditions(text):
    """E2B_MCP_ names a file tests in #if / #ifdef / #ifndef / #elif lines."""
    names = set()
    for line in text.split("\n"):
        if re.match(r"^\s*#\s*(if|ifdef|ifndef|elif)\b", line):
            names.update(re.findall(r"\b(%s)\b" % NAME, line))
    return {n for n in names if not n.startswith("E2B_MCP__") and not NOT_OPTIONS.match(n)}


def defaults_outside(text):
    """Names a file gives a default: #ifndef X followed by #define X (guards aside)."""
    found = set()
    for m in re.finditer(r"^\s*#\s*ifndef\s+(%s)\s*$((?:\n.*){0,6})" % NAME, text, re.M):
        n = m.group(1)
        if n.startswith("E2B_MCP__") or NOT_OPTIONS.match(n):
            continue
        if re.search(r"^\s*#\s*define\s+%s\b" % re.escape(n), m.group(2), re.M):
            found.add(n)
    return found


def problems(config, sources, readme, values):
    """Everything wrong, as a list of (check, message). sources: {path: text} of
    src/ and ports/ files other than src/config.h."""
    out = []
    entries, ifndefs = parse(config)
    documented = {base(n) for e in entries for n in e["names"]}
    for e in entries:
        if not e["text"]:
            out.append(("documented", "%s has an empty comment (src/config.h:%d)" % (e["names"][0], e["line"])))
    for n, doc, line in ifndefs:
        if NOT_OPTIONS.match(n):
            continue
        if doc is None or n not in {base(x) for x in doc["names"]}:
            out.append(("defaults", "the default of %s (src/config.h:%d) does not follow its comment "
                        "(/* %s: what it is */ right before its #ifndef)" % (n, line, n)))
    used = set(conditions(config))
    for path, text in sorted(sources.items()):
        used |= conditions(text)
        for n in sorted(defaults_outside(text)):
            out.append(("defaults", "%s gives %s a default: defaults live in src/config.h" % (path, n)))
    for n in sorted(used - documented):
        out.append(("documented", "%s is a config macro (tested in #if) with no comment in src/config.h" % n))
    table = readme_table(readme)
    if table is None:
        out.append(("readme", "docs/config.md has no generated config table (its markers are missing)"))
    else:
        rows = readme_names(table)
        for n in sorted(documented - rows):
            out.append(("readme", "%s is in src/config.h but has no row in docs/config.md (make config-docs)" % n))
        for n in sorted(rows - documented):
            out.append(("readme", "docs/config.md has a row for %s, which src/config.h does not have (make config-docs)" % n))
        if table != generate(entries, values) and not any(c == "readme" for c, _ in out):
            out.append(("readme", "docs/config.md's config table differs from src/config.h's comments (make config-docs)"))
    return out


def inputs():
    sources = {}
    for d in ("src", "ports"):
        for f in sorted(os.listdir(os.path.join(ROOT, d))):
            p = d + "/" + f
            if f.endswith((".h", ".c")) and p != "src/config.h":
                sources[p] = read(p)
    return read("src/config.h"), sources, read("docs/config.md")


def write():
    config, _, readme = inputs()
    entries, _ = parse(config)
    table = readme_table(readme)
    if table is None:
        sys.exit("docs/config.md: no markers for the config table (%s ... %s)" % (BEGIN, END))
    with open(os.path.join(ROOT, "docs", "config.md"), "w", newline="") as f:
        f.write(readme.replace(table, generate(entries, probes(entries))))
    print("docs/config.md: config table generated from src/config.h (%d entries)" % len(entries))


def main():
    config, sources, readme = inputs()
    entries, _ = parse(config)
    note("%d entries in src/config.h, %d macros" % (len(entries), sum(len(e["names"]) for e in entries)))
    values = probes(entries)
    found = problems(config, sources, readme, values)
    for name in ("documented", "defaults", "readme"):
        mine = [m for c, m in found if c == name]
        check(name, not mine, "; ".join(mine))
    # The same checks on copies with a mistake made on purpose: each must be caught.
    fresh = generate(entries, values)
    good_readme = readme.replace(readme_table(readme) or "", fresh) if readme_table(readme) else readme
    added = config.replace("/* ---- Timeouts", "/* E2B_MCP_SELFTEST_NEW: a new option. */\n"
                           "#ifndef E2B_MCP_SELFTEST_NEW\n#define E2B_MCP_SELFTEST_NEW 1\n#endif\n\n/* ---- Timeouts", 1)
    bogus = good_readme.replace("\n\n" + END, "\n| `E2B_MCP_SELFTEST_GONE` | 1 | | a row for nothing |\n\n" + END, 1)
    outside = dict(sources)
    outside["src/selftest.c"] = "#ifndef E2B_MCP_SELFTEST_KNOB\n#define E2B_MCP_SELFTEST_KNOB 4\n#endif\n"
    undocumented = dict(sources)
    undocumented["ports/selftest.h"] = "#ifdef E2B_MCP_SELFTEST_SWITCH\nint x;\n#endif\n"
    nodoc = config.replace("/* ---- Timeouts", "#ifndef E2B_MCP_SELFTEST_BARE\n#define E2B_MCP_SELFTEST_BARE 1\n#endif\n"
                           "/* ---- Timeouts", 1)
    changed = good_readme.replace("the largest incoming MCP message", "the largest message", 1)
    cases = [
        ("a macro added to src/config.h without a table row", added, sources, good_readme,
         "E2B_MCP_SELFTEST_NEW is in src/config.h but has no row"),
        ("a table row naming no macro", config, sources, bogus, "row for E2B_MCP_SELFTEST_GONE"),
        ("a default outside src/config.h", config, outside, good_readme, "src/selftest.c gives E2B_MCP_SELFTEST_KNOB"),
        ("a switch a port tests without a comment", config, undocumented, good_readme,
         "E2B_MCP_SELFTEST_SWITCH is a config macro"),
        ("a default without its comment", nodoc, sources, good_readme, "E2B_MCP_SELFTEST_BARE"),
        ("a table text edited by hand", config, sources, changed, "differs from src/config.h"),
    ]
    # the table's values are the preprocessor's: the old generator's reading of the source text (the first
    # #define inside an #ifndef, the deprecated spelling's branch) put 0 where the switch is 1
    row = [l for l in fresh.split("\n") if l.startswith("| `E2B_MCP_WITH_STDIO` |")]
    old = good_readme.replace(row[0], row[0].replace("| `E2B_MCP_WITH_STDIO` | 1 |", "| `E2B_MCP_WITH_STDIO` | 0 |", 1), 1) if row else ""
    cases.append(("a value the preprocessor does not give (WITH_STDIO 0 on the desktop, as the old table said)",
                  config, sources, old, "differs from src/config.h"))
    for name, c, s, r, want in cases:
        got = problems(c, s, r, values)
        check("self-test: " + name, any(want in m for _, m in got), "not caught: %s" % got)
    moved = probes(entries, ["-DE2B_MCP_MSG_MAX=1234"])
    got = problems(config, sources, good_readme, moved)
    check("self-test: a default the header gives differently is caught (the probe built with E2B_MCP_MSG_MAX 1234)",
          any("differs" in m for _, m in got) and "| `E2B_MCP_MSG_MAX` | 1234 |" in generate(entries, moved), got)
    for n, want in (("E2B_MCP_WITH_STDIO", "1"), ("E2B_MCP_WITH_HTTP", "1"), ("E2B_MCP_WITH_DESCRIPTIONS", "1")):
        line = [l for l in readme.split("\n") if l.startswith("| `%s` |" % n)]
        check("docs/config.md says %s is %s on the desktop, as the header has it" % (n, want),
              line and line[0].split(" | ")[1] == want and values["desktop"][n] == want, (line, values["desktop"].get(n)))
    check("self-test: the tree as it is passes", not problems(config, sources, good_readme, values),
          str(problems(config, sources, good_readme, values)))


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        write()
    else:
        run(main)
