#!/bin/sh
# Runs examples/embedded.c (built as $1) against the simulator and checks what it prints.
# Last line: "N passed, N failed".
set -u
BIN=${1:-build/unit/embedded}
B=build/unit
mkdir -p $B
pass=0; fail=0
check() { if eval "$1"; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL embedded: $2"; fi; }

# a stale READY line from an earlier run must not be read before the new one truncates the file
rm -f $B/embedded-sim.out
python3 tests/sim/e2b-sim --port 0 > $B/embedded-sim.out 2>$B/embedded-sim.err &
simpid=$!
i=0
while [ $i -lt 100 ] && ! grep -q '^READY' $B/embedded-sim.out 2>/dev/null; do sleep 0.1; i=$((i+1)); done
port=$(sed -n 's/^READY \([0-9]*\).*/\1/p' $B/embedded-sim.out | head -n 1)
if [ -z "$port" ]; then
  kill $simpid 2>/dev/null; echo "FAIL embedded: the simulator did not start"; echo "0 passed, 1 failed"; exit 1
fi
KEY=e2b_deadbeefdeadbeefdeadbeefdeadbeefdeadbeef

E2B_API_KEY=$KEY E2B_API_URL=http://127.0.0.1:$port E2B_DASHBOARD_API_URL=http://127.0.0.1:$port $BIN > $B/embedded.out 2>&1
rc=$?
cat $B/embedded.out
check "[ $rc -eq 0 ]" "exit status $rc"
check "grep -q '^< {\"sensor\":2,\"millicelsius\":22000}$' $B/embedded.out" "the custom tool's result"
check "grep -q '^< {\"data\":\[{' $B/embedded.out" "a list of sandboxes"
check "grep -q '\"state\":\"running\"' $B/embedded.out" "running sandboxes listed"
check "grep -q '\"next_token\":\"' $B/embedded.out" "a next page (limit 2)"
check "grep -q 'error: sensor must be an integer from 0 to 3' $B/embedded.out" "a refused argument"
check "! grep -q '$KEY' $B/embedded.out" "the key is never printed"
check "! grep -q 'envdAccessToken' $B/embedded.out" "secrets are redacted"
# what the simulator received: one GET /v2/sandboxes with the key and the query
log=$(curl -s "http://127.0.0.1:$port/_sim/requests" 2>/dev/null || python3 -c "import urllib.request;print(urllib.request.urlopen('http://127.0.0.1:$port/_sim/requests').read().decode())" 2>/dev/null)
check "echo '$log' | grep -q 'state=running'" "the simulator saw state=running"

# no key: a clear error naming the fix, exit 1
E2B_API_URL=http://127.0.0.1:$port $BIN > $B/embedded-nokey.out 2>&1
rc=$?
check "[ $rc -eq 1 ]" "without a key the list fails (exit $rc)"
check "grep -q 'E2B_API_KEY is not set' $B/embedded-nokey.out" "the missing-key message"
check "grep -q 'millicelsius' $B/embedded-nokey.out" "the custom tool works without a key"

kill $simpid 2>/dev/null
wait $simpid 2>/dev/null
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
