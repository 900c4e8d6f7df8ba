#!/usr/bin/env python3
"""bench/mapsum.py LINK.map - bytes of code and read-only data (.text*, .rodata*) kept in a
GNU ld link map, by origin: the program (e2b_mcp.h + main), BearSSL, libc, the rest.
Prints: program=N bearssl=N libc=N other=N."""
import re, sys
tot = {"program": 0, "bearssl": 0, "libc": 0, "other": 0}
pend = None
in_discard = False
for line in open(sys.argv[1], errors="replace"):
    if line.startswith("Discarded input sections"): in_discard = True; continue
    if line.startswith("Memory Configuration") or line.startswith("Linker script and memory map"): in_discard = False; continue
    if in_discard: continue
    m = re.match(r"^ (\.(?:text|rodata)[^\s]*)\s*$", line)
    if m: pend = m.group(1); continue
    m = re.match(r"^ (\.(?:text|rodata)[^\s]*)?\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+)", line)
    if m and (m.group(1) or pend):
        size, src = int(m.group(3), 16), m.group(4)
        pend = None
        if "libbearssl" in src: k = "bearssl"
        elif "libc.a" in src or "musl" in src or "crt" in src: k = "libc"
        elif src.endswith(".o") and "/tmp/" in src or "e2b-mcp" in src: k = "program"
        else: k = "other"
        tot[k] += size
    else:
        pend = None
if "--pretty" in sys.argv:
    print("e2b_mcp.h+main %d, BearSSL %d, musl %d" % (tot["program"], tot["bearssl"], tot["libc"]) + (", other %d" % tot["other"] if tot["other"] else ""))
else:
    print(" ".join("%s=%d" % kv for kv in tot.items()))
