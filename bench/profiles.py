#!/usr/bin/env python3
"""bench/profiles.py LINK.map - where a board profile's text goes (Cortex-M4 or RV32IMAC): code and
read-only data kept in a GNU ld link map (-ffunction-sections -fdata-sections), by the src/ layer
that defines each function (a string literal counts for the function that uses it), BearSSL and
libc/libgcc apart.
Prints one line, largest first: "mcp 8123, tools 7468, ..., libc+libgcc 4072 (B)"."""
import collections
import glob
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
defs = {}
for f in sorted(glob.glob(os.path.join(ROOT, "src", "*.c"))):
    layer = os.path.basename(f)[:-2]
    text = open(f).read()
    for m in re.finditer(r"^[A-Za-z_].*?\b(e2b_mcp_\w+|jsmn_\w+)\s*\(", text, re.M):
        defs.setdefault(m.group(1), layer)
    for m in re.finditer(r"^static const [^=(;]*?\b(e2b_mcp_\w+)\s*(?:\[[^]]*\])?\s*=", text, re.M):   # tables
        defs.setdefault(m.group(1), layer)

for f in sorted(glob.glob(os.path.join(ROOT, "ports", "*.h"))):   # a port's functions: its own line
    for m in re.finditer(r"^[A-Za-z_].*?\b(e2b_mcp_\w+)\s*\(", open(f).read(), re.M):
        defs.setdefault(m.group(1), "ports")
lines = open(sys.argv[1], errors="replace").read().split("\n")
tot = collections.Counter()
inside = False
for i, line in enumerate(lines):
    if line.startswith("Linker script and memory map"):
        inside = True
    if not inside:
        continue
    m = re.match(r"^ (\.(?:text|s?rodata)[^\s]*)\s*(?:0x[0-9a-f]+\s+0x([0-9a-f]+)\s+(\S+))?\s*$", line)
    if not m:
        continue
    sec = m.group(1)
    if m.group(2) is None:   # the name alone on its line: address, size and file on the next
        nxt = lines[i + 1].split() if i + 1 < len(lines) else []
        if len(nxt) < 3 or not nxt[0].startswith("0x"):
            continue
        size, obj = int(nxt[1], 16), nxt[2]
    else:
        size, obj = int(m.group(2), 16), m.group(3)
    if not size:
        continue
    if "libbearssl" in obj:
        tot["BearSSL"] += size
        continue
    if "/lib/" in obj or obj.endswith(".a") or "libc" in obj or "libgcc" in obj or "crt" in obj:
        tot["libc+libgcc"] += size
        continue
    parts = sec.split(".")
    name = parts[2] if len(parts) > 2 else ""
    if name.startswith("str"):   # .rodata.str1.1: literals not of one function (a table's texts)
        tot["shared string literals"] += size
    else:
        tot[defs.get(name, "the board's own")] += size
print(", ".join("%s %d" % kv for kv in tot.most_common()) + " (B)")
