#!/bin/sh
# tests/unit/surface.sh BIN: make test-unit-surface. BIN (sanitized), then the part that reads a
# completion value longer than any the server keeps, alone under valgrind memcheck on BIN.plain:
# ASan sees a read past a buffer only when no zero byte happens to follow it, memcheck sees the read
# of bytes never written every time. One closing line for both.
bin=$1
out=$("$bin"); rc=$?
printf '%s\n' "$out" | sed '$d'
p=$(printf '%s\n' "$out" | tail -n 1 | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
f=$(printf '%s\n' "$out" | tail -n 1 | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
[ -n "$p" ] || { p=0; f=1; echo "FAIL test_surface did not finish (exit $rc)"; }
if valgrind -q --error-exitcode=9 "$bin.plain" completion-long >/dev/null 2>"$bin.vg"; then
  echo "PASS a completion value longer than E2B_MCP__REF_MAX: no read of bytes never written (valgrind memcheck)"; p=$((p + 1))
else
  echo "FAIL a completion value longer than E2B_MCP__REF_MAX: valgrind memcheck (see $bin.vg)"; f=$((f + 1))
fi
echo "$p passed, $f failed"
[ "$f" -eq 0 ]
