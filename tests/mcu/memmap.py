#!/usr/bin/env python3
"""tests/mcu/memmap.py build/mcu/firmware.map - a board firmware's flash and RAM by origin,
from the GNU ld link map (sections kept after --gc-sections); either board's map.

Flash = .vectors, .text*, .rodata* (.srodata), .ARM.exidx and the load image of .data; RAM =
.data (.sdata), .bss (.sbss) and the linker script's stack. Origins: e2b_mcp.h (the library and its BearSSL port,
in firmware.o: its functions and data by name; firmware.o's anonymous string literals are
counted here too, they are nearly all the library's tool texts and schemas), the lwIP port
(ports/e2b_mcp_sock_lwip.h, by name), the firmware's own glue (the rest of firmware.o),
the board (board_common.o and the board's own objects: board.o and its network driver,
lan9118.o or virtio_net.o), lwIP, BearSSL, libc+libgcc (newlib-nano or picolibc).

Prints one line per origin, "origin flash=N ram=N", then "total flash=N ram=N".
"""
import re
import sys

ORDER = ["e2b_mcp.h", "lwIP-port", "glue", "board", "lwIP", "BearSSL", "libc", "stack", "other"]


def origin(sec, src):
    if "liblwip" in src: return "lwIP"
    if "libbearssl" in src: return "BearSSL"
    if "libc" in src or "libgcc" in src or "libg_nano" in src: return "libc"
    if src.endswith(("board.o", "board_common.o", "lan9118.o", "virtio_net.o")): return "board"
    if src.endswith("firmware.o"):
        name = re.sub(r"^\.(text|s?rodata|s?data|s?bss)\.?", "", sec)
        if ("lwip" in name and name.startswith("e2b_mcp")) or name in ("net", "net_port"): return "lwIP-port"
        if name == "srv": return "e2b_mcp.h"   # the server struct: all the library's state
        if name.startswith(("e2b_mcp", "jsmn")) or name.startswith("str") or name == "": return "e2b_mcp.h"
        return "glue"
    return "other"


def main(path):
    flash = {k: 0 for k in ORDER}
    ram = {k: 0 for k in ORDER}
    out_sec = None
    pend = None
    started = False
    for line in open(path, errors="replace"):
        if line.startswith("Linker script and memory map"):
            started = True
            continue
        if not started:
            continue
        m = re.match(r"^(\.\S+)\s+0x[0-9a-f]+\s+0x([0-9a-f]+)", line) or re.match(r"^(\.\S+)\s*$", line)
        if m and not line.startswith(" "):
            out_sec = m.group(1)
            if out_sec == ".stack" and m.lastindex == 2:
                ram["stack"] += int(m.group(2), 16)
            continue
        if out_sec not in (".text", ".ARM.exidx", ".data", ".bss"):
            continue
        m = re.match(r"^ (\.\S+)\s*$", line)
        if m:
            pend = m.group(1)
            continue
        m = re.match(r"^ (\.\S+)?\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+)", line)
        if m and (m.group(1) or pend):
            sec, size, src = m.group(1) or pend, int(m.group(3), 16), m.group(4)
            pend = None
            o = origin(sec, src)
            if out_sec in (".text", ".ARM.exidx", ".data"): flash[o] += size
            if out_sec in (".data", ".bss"): ram[o] += size
        else:
            pend = None
    for k in ORDER:
        if flash[k] or ram[k]:
            print("%s flash=%d ram=%d" % (k.replace(" ", "_"), flash[k], ram[k]))
    print("total flash=%d ram=%d" % (sum(flash.values()), sum(ram.values())))


if __name__ == "__main__":
    main(sys.argv[1])
