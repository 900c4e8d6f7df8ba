#!/usr/bin/env python3
"""tests/unit/messages.py - the table of the messages a model reads (src/errors.h,
E2B_MCP__SAY(short, long)): each short form takes the long form's e2b_mcp__fmt arguments in
the same order (it may stop before the last ones, which are then ignored), is shorter than
the long one and short (64 characters; the server's instructions 160), a whole message's
code is UPPER_CASE before ": ", each message is used in src/, and no other file picks a
form itself. A short form that took another argument than the long one would print
garbage or crash in a small build only, where few tests run: this is where it is caught.
Prints one line per failure and "N passed, M failed"."""
import glob
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
src = open(os.path.join(ROOT, "src", "errors.h")).read()
passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL " + what)


LIT = r'"(?:[^"\\]|\\.)*"'
PART = r'(?:%s|[A-Za-z_]\w*)' % LIT
rows = re.findall(r'^#define E2B_MCP__MSG_(\w+)(?:\((\w+)\))? E2B_MCP__SAY\(((?:%s\s*)+),\s*\\\n\s*((?:%s\s*)+)\)$' % (PART, PART), src, re.M)


def text(expr, param):
    """The literal text of a form: its string pieces, a macro parameter or another macro as '<X>'."""
    out = ""
    for tok in re.findall(PART, expr):
        out += bytes(tok[1:-1], "utf-8").decode("unicode_escape") if tok.startswith('"') else "<%s>" % tok
    return out


def args(fmt):
    """The arguments a format takes, in order (e2b_mcp__vfmt: %s %.*s %c %d %i %u %x, l and ll)."""
    out = []
    for m in re.finditer(r"%(\.\*)?(l{0,2})([a-z%])", fmt):
        if m.group(3) == "%":
            continue
        if m.group(1):
            out.append("int")
        out.append({"s": "str", "c": "int", "d": "int" + m.group(2), "i": "int" + m.group(2),
                    "u": "uint" + m.group(2), "x": "uint" + m.group(2)}.get(m.group(3), "?" + m.group(3)))
    return out


check(len(rows) >= 60, "the table has its messages (%d rows read from src/errors.h)" % len(rows))
names = set()
for name, param, short_expr, long_expr in rows:
    names.add(name)
    s, l = text(short_expr, param), text(long_expr, param)
    sa, la = args(s), args(l)
    check(sa == la[:len(sa)], "%s: the short form's arguments %s are not the first of the long form's %s" % (name, sa, la))
    check(not any(a.startswith("?") for a in la), "%s: a conversion e2b_mcp__fmt does not know: %s" % (name, l))
    check(len(s) < len(l), "%s: the short form is not shorter (%d >= %d)" % (name, len(s), len(l)))
    check(len(s) <= (160 if name == "INSTRUCTIONS" else 64), "%s: the short form is long (%d characters): %s" % (name, len(s), s))
    code = re.match(r"([A-Z][A-Z0-9_]*[A-Z0-9])(%s)?: " % re.escape("%s"), s)
    if re.match(r"[A-Z]{2,}", s) and not s.startswith("E2B sandboxes"):
        check(code is not None, "%s: a code is UPPER_CASE and then ': ' (%s)" % (name, s))

files = {f: open(f).read() for f in glob.glob(os.path.join(ROOT, "src", "*.[ch]"))}
for name in sorted(names):
    used = sum(len(re.findall(r"\bE2B_MCP__MSG_%s\b" % name, t)) for f, t in files.items() if not f.endswith("errors.h"))
    check(used > 0, "E2B_MCP__MSG_%s is not used in src/" % name)
for f, t in files.items():
    if not f.endswith("errors.h"):
        check("E2B_MCP__SAY(" not in t, "%s picks a form itself (E2B_MCP__SAY outside src/errors.h)" % os.path.basename(f))
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
