#!/bin/sh
# The official MCP conformance suite against the HTTP transport of
# build/fixture-server (e2b_mcp.h plus the suite's fixture tools), twice:
#   2025 revisions:  @modelcontextprotocol/conformance 0.1.16, active suite
#   2026-07-28:      @modelcontextprotocol/conformance 0.2.0-alpha.12,
#                    --suite all --spec-version 2026-07-28
# each with its expected-failures file (scenarios a tools-only server cannot serve).
# Needs: build/fixture-server, Node 22 and both suites under build/npm (make rules).
# Prints one line per scenario and closes with "N passed, N failed" (scenarios).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
NODE_BIN=$ROOT/build/npm/node22/node_modules/node/bin
PATH=$NODE_BIN:$PATH; export PATH
# One directory per run (another `make test` may run in the same tree); the newest few stay.
mkdir -p "$ROOT/build/conformance"
(cd "$ROOT/build/conformance" && ls -1td run-* 2>/dev/null | tail -n +4 | xargs rm -rf)
OUT=$ROOT/build/conformance/run-$$
mkdir -p "$OUT"
# no E2B key: E2B's resources are listed only with one (and would be read from E2B)
env -u E2B_API_KEY "$ROOT/build/fixture-server" 0 >"$OUT/server.out" 2>"$OUT/server.err" &
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
. "$ROOT/tests/lib/check.sh"

# suite <label> <npm dir> <expected-failures file> [conformance arguments...]
suite() {
  label=$1; conf=$ROOT/build/npm/$2/node_modules/.bin/conformance; expected=$ROOT/tests/conformance/$3; shift 3
  log=$OUT/suite-$label
  timeout 600 "$conf" server --url "http://localhost:$port/mcp" "$@" --expected-failures "$expected" -o "$log.results" >"$log.log" 2>&1
  rc=$?
  sed 's/\x1b\[[0-9;]*m//g' "$log.log" > "$log.txt"
  # Per scenario: passed, an expected failure (listed, with its reason in the yml), or failed.
  sed -n -e 's/^✓ \([^:]*\):.*/P \1/p' -e 's/^✗ \([^:]*\):.*/F \1/p' "$log.txt" > "$log.scenarios"
  n=0; f0=$fail_n
  while read -r mark name; do
    n=$((n+1))
    listed=0; grep -qE "^  - $name\$" "$expected" && listed=1
    if [ "$mark" = P ] && [ $listed -eq 0 ]; then pass "[$label] $name"
    elif [ "$mark" = F ] && [ $listed -eq 1 ]; then echo "XFAIL [$label] $name (reason in tests/conformance/$(basename "$expected"))"
    elif [ "$mark" = P ] && [ $rc -eq 0 ]; then echo "XFAIL [$label] $name (its checks pass with warnings, which the suite counts; reason in tests/conformance/$(basename "$expected"))"
    elif [ "$mark" = P ]; then fail "[$label] $name: passes but is listed as an expected failure (stale)"
    else fail "[$label] $name: the scenario failed"; fi
  done < "$log.scenarios"
  total=$(grep -E '^Total:' "$log.txt")
  echo "[$label] suite: ${total:-no summary}, exit $rc (log: $log.txt)"
  if [ $n -eq 0 ]; then tail -n 20 "$log.txt"; fail "[$label] the suite reported scenarios: none"; fi
  if [ $rc -ne 0 ] && [ $fail_n -eq $f0 ]; then fail "[$label] the suite exits 0: it exited $rc"; fi
}

suite 2025 conformance expected-failures.yml
suite 2026-07-28 conformance2 expected-failures-2026.yml --suite all --spec-version 2026-07-28
closing
