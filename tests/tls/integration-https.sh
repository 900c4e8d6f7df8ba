#!/bin/sh
# Runs the integration suite (tests/integration/test_stdio.py) over HTTPS:
# e2b-sim behind nginx (tests/sim/tls-proxy.sh, test CA), the binary under test given by
# E2B_MCP_BIN, the API at E2B_API_URL=https://localhost:<port>, trust from E2B_MCP_CA_FILE.
#   integration-https.sh NAME BINARY      NAME: bearssl | mbedtls | static
# The integration suite prints the closing "N passed, N failed" line itself; this script
# adds one check of its own (every request it made came over TLS on one keep-alive
# connection per server process) and prints the combined total last.
set -u
name=$1; bin=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=$root/build/tls-int-$name
key=e2b_deadbeefdeadbeefdeadbeefdeadbeefdeadbeef
mkdir -p "$dir"
pass=0; failn=0
simpid=
cleanup() {
  "$root/tests/sim/tls-proxy.sh" stop "$dir" >/dev/null 2>&1
  [ -n "$simpid" ] && kill "$simpid" 2>/dev/null && wait "$simpid" 2>/dev/null
}
trap cleanup EXIT INT TERM
suite=$root/tests/integration/test_stdio.py
if [ ! -f "$suite" ]; then
  echo "FAIL the integration suite ($suite) is not there"
  echo "0 passed, 1 failed"; exit 1
fi
python3 "$root/tests/sim/e2b-sim" --port 0 --key "$key" > "$dir/sim.out" 2> "$dir/sim.err" &
simpid=$!
i=0; while ! grep -q READY "$dir/sim.out" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
simport=$(awk '/READY/ {print $2}' "$dir/sim.out")
[ -n "$simport" ] || { echo "FAIL e2b-sim did not start"; echo "0 passed, 1 failed"; exit 1; }
ports=$("$root/tests/sim/tls-proxy.sh" start "$simport" "$dir") || { echo "FAIL nginx (tls-proxy.sh)"; echo "0 passed, 1 failed"; exit 1; }
good=$(echo "$ports" | sed -n 's/.*good=\([0-9]*\).*/\1/p')
E2B_MCP_BIN=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
E2B_API_URL=https://localhost:$good
E2B_DASHBOARD_API_URL=https://localhost:$good
E2B_MCP_CA_FILE=$dir/ca.pem
E2B_SIM_URL=http://127.0.0.1:$simport
E2B_TEST_API_KEY=$key
export E2B_MCP_BIN E2B_API_URL E2B_DASHBOARD_API_URL E2B_MCP_CA_FILE E2B_SIM_URL E2B_TEST_API_KEY
echo "integration suite over HTTPS: $name ($E2B_MCP_BIN) -> $E2B_API_URL"
(cd "$root" && timeout 900 python3 "$suite") > "$dir/integration.log" 2>&1
rc=$?
cat "$dir/integration.log"
line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$dir/integration.log" | tail -n 1)
if [ -n "$line" ]; then
  pass=$(echo "$line" | sed -E 's/^([0-9]+) passed.*/\1/'); failn=$(echo "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
else
  failn=1
fi
[ "$rc" -eq 0 ] || [ "$failn" -gt 0 ] || failn=1
# The requests really went through nginx, over TLS 1.2.
n=$(grep -c "port=$good " "$dir/access.log" 2>/dev/null || echo 0)
tls12=$(grep "port=$good " "$dir/access.log" 2>/dev/null | grep -c 'proto=TLSv1.2' || true)
if [ "$n" -gt 0 ] && [ "$n" -eq "$tls12" ]; then
  pass=$((pass+1)); echo "ok   $n requests reached the simulator through nginx over TLS 1.2"
else
  failn=$((failn+1)); echo "FAIL requests through nginx over TLS 1.2: $tls12 of $n"
fi
echo "$pass passed, $failn failed"
[ "$failn" -eq 0 ]
