#!/bin/sh
# Runs examples/embedded.c (built as $1) against the simulator and checks what it prints.
# Run next to a simulator: python3 tests/lib/sim.py -- sh tests/unit/embedded.sh BIN
# Last line: "N passed, N failed".
set -u
. tests/lib/check.sh
BIN=${1:-build/unit/embedded}
B=build/unit
mkdir -p $B
port=${E2B_SIM_PORT:?run it under tests/lib/sim.py}
KEY=$E2B_TEST_API_KEY

E2B_API_KEY=$KEY E2B_API_URL=http://127.0.0.1:$port E2B_DASHBOARD_API_URL=http://127.0.0.1:$port $BIN > $B/embedded.out 2>&1
rc=$?
cat $B/embedded.out
check "[ $rc -eq 0 ]" "embedded: exit status 0" "exit status $rc"
check "grep -q '^< {\"sensor\":2,\"millicelsius\":22000}$' $B/embedded.out" "embedded: the custom tool's result"
check "grep -q '^< {\"data\":\[{' $B/embedded.out" "embedded: a list of sandboxes"
check "grep -q '\"state\":\"running\"' $B/embedded.out" "embedded: running sandboxes listed"
check "grep -q '\"next_token\":\"' $B/embedded.out" "embedded: a next page (limit 2)"
check "grep -q 'error: sensor must be an integer from 0 to 3' $B/embedded.out" "embedded: a refused argument"
check "! grep -q '$KEY' $B/embedded.out" "embedded: the key is never printed"
check "! grep -q 'envdAccessToken' $B/embedded.out" "embedded: secrets are redacted"
# what the simulator received: one GET /v2/sandboxes with the key and the query
log=$(python3 -c "import urllib.request;print(urllib.request.urlopen('$E2B_SIM_URL/_sim/requests').read().decode())" 2>/dev/null)
check "echo '$log' | grep -q 'state=running'" "embedded: the simulator saw state=running"

# no key: a clear error naming the fix, exit 1
E2B_API_URL=http://127.0.0.1:$port $BIN > $B/embedded-nokey.out 2>&1
rc=$?
check "[ $rc -eq 1 ]" "embedded: without a key the list fails" "exit $rc"
check "grep -q 'E2B_API_KEY is not set' $B/embedded-nokey.out" "embedded: the missing-key message"
check "grep -q 'millicelsius' $B/embedded-nokey.out" "embedded: the custom tool works without a key"
closing
