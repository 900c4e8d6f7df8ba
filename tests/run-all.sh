#!/bin/sh
# Runs each suite named on the command line as `make -s test-<suite>`, reads the closing
# "N passed, N failed" line each one prints, and prints the totals. Exit 1 if any suite failed
# or printed no closing line.
set -u
total_p=0; total_f=0; bad=""
mkdir -p build/test-logs
for s in "$@"; do
  log=build/test-logs/$s.log
  echo "== $s"
  make -s "test-$s" >"$log" 2>&1
  rc=$?
  tail -n 40 "$log" | grep -E 'FAIL|^[0-9]+ passed, [0-9]+ failed' | tail -n 20
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
  if [ -z "$line" ]; then
    echo "   (no closing line; rc=$rc; see $log)"; tail -n 15 "$log"; bad="$bad $s"; total_f=$((total_f+1)); continue
  fi
  p=$(echo "$line" | sed -E 's/^([0-9]+) passed.*/\1/'); f=$(echo "$line" | sed -E 's/^[0-9]+ passed, ([0-9]+) failed.*/\1/')
  total_p=$((total_p+p)); total_f=$((total_f+f))
  if [ "$rc" -ne 0 ] || [ "$f" -ne 0 ]; then bad="$bad $s"; [ "$f" -eq 0 ] && total_f=$((total_f+1)); tail -n 15 "$log"; fi
done
[ -n "$bad" ] && echo "failed suites:$bad"
echo "$total_p passed, $total_f failed"
[ -z "$bad" ]
