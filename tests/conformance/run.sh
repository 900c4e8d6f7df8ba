#!/bin/sh
# The official MCP conformance suite against the HTTP transport of
# build/fixture-server (e2b_mcp.h plus the suite's fixture tools).
# Needs: build/fixture-server, Node 22 and the suite under build/npm (make rules).
# Prints one line per scenario and closes with "N passed, N failed" (scenarios).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
NODE_BIN=$ROOT/build/npm/node22/node_modules/node/bin
CONF=$ROOT/build/npm/conformance/node_modules/.bin/conformance
EXPECTED=$ROOT/tests/conformance/expected-failures.yml
PATH=$NODE_BIN:$PATH; export PATH
# One directory per run (another `make test` may run in the same tree); the newest few stay.
mkdir -p "$ROOT/build/conformance"
(cd "$ROOT/build/conformance" && ls -1td run-* 2>/dev/null | tail -n +4 | xargs rm -rf)
OUT=$ROOT/build/conformance/run-$$
mkdir -p "$OUT"
"$ROOT/build/fixture-server" 0 >"$OUT/server.out" 2>"$OUT/server.err" &
spid=$!
trap 'kill $spid 2>/dev/null; wait $spid 2>/dev/null' EXIT INT TERM
port=""
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
  port=$(sed -n 's/^READY \([0-9]*\)$/\1/p' "$OUT/server.out" 2>/dev/null)
  [ -n "$port" ] && break
  sleep 0.25
done
if [ -z "$port" ]; then echo "FAIL fixture-server did not start"; cat "$OUT/server.err"; echo "0 passed, 1 failed"; exit 1; fi
echo "fixture-server on 127.0.0.1:$port, node $(node --version)"
timeout 600 "$CONF" server --url "http://localhost:$port/mcp" --expected-failures "$EXPECTED" -o "$OUT/results" >"$OUT/suite.log" 2>&1
rc=$?
sed 's/\x1b\[[0-9;]*m//g' "$OUT/suite.log" > "$OUT/suite.txt"
# Per scenario: passed, an expected failure (listed, with its reason in the yml), or failed.
. "$ROOT/tests/lib/check.sh"
sed -n -e 's/^✓ \([^:]*\):.*/P \1/p' -e 's/^✗ \([^:]*\):.*/F \1/p' "$OUT/suite.txt" > "$OUT/scenarios.txt"
while read -r mark name; do
  listed=0; grep -qE "^  - $name\$" "$EXPECTED" && listed=1
  if [ "$mark" = P ] && [ $listed -eq 0 ]; then pass "$name"
  elif [ "$mark" = F ] && [ $listed -eq 1 ]; then echo "XFAIL $name (reason in tests/conformance/expected-failures.yml)"
  elif [ "$mark" = P ]; then fail "$name: passes but is listed as an expected failure (stale)"
  else fail "$name: the scenario failed"; fi
done < "$OUT/scenarios.txt"
total=$(grep -E '^Total:' "$OUT/suite.txt")
echo "suite: ${total:-no summary}, exit $rc (log: $OUT/suite.txt)"
if [ $((pass_n+fail_n)) -eq 0 ]; then tail -n 20 "$OUT/suite.txt"; fail "the suite reported scenarios: none"; fi
if [ $rc -ne 0 ] && [ $fail_n -eq 0 ]; then fail "the suite exits 0: it exited $rc"; fi
closing
