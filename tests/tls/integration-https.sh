#!/bin/sh
# Runs the integration suite (tests/integration/test_stdio.py) over HTTPS: e2b-sim behind
# nginx, the binary under test as E2B_MCP_BIN, the API at https://localhost:<port>, trust
# from E2B_MCP_CA_FILE. Run next to a simulator with its TLS front:
#   python3 tests/lib/sim.py --tls DIR -- sh tests/tls/integration-https.sh NAME BINARY
# (NAME: bearssl | mbedtls | static). The integration suite's checks count here, plus one
# of this script's own: every request it made came through nginx over TLS 1.2.
set -u
. tests/lib/check.sh
name=$1; bin=$2
dir=${E2B_TLS_DIR:?run it under tests/lib/sim.py --tls DIR}
good=$E2B_TLS_GOOD_PORT
E2B_MCP_BIN=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
E2B_API_URL=https://localhost:$good
E2B_MCP_CA_FILE=$E2B_TLS_CA
export E2B_MCP_BIN E2B_API_URL E2B_MCP_CA_FILE
echo "# integration suite over HTTPS: $name ($E2B_MCP_BIN) -> $E2B_API_URL"
timeout 900 python3 tests/integration/test_stdio.py > "$dir/integration.log" 2>&1
rc=$?
grep -v -E '^[0-9]+ passed, [0-9]+ failed' "$dir/integration.log"
include "$dir/integration.log"
[ "$rc" -eq 0 ] || [ "$fail_n" -gt 0 ] || fail "the integration suite exits 0: it exited $rc"
n=$(grep -c "port=$good " "$dir/access.log" 2>/dev/null || echo 0)
tls12=$(grep "port=$good " "$dir/access.log" 2>/dev/null | grep -c 'proto=TLSv1.2' || true)
check "[ $n -gt 0 ] && [ $n -eq $tls12 ]" "$n requests reached the simulator through nginx over TLS 1.2" "$tls12 of $n"
closing
