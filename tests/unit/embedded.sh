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
running=$(sed -n 's/.*"total_running":\([0-9]*\).*/\1/p' $B/embedded.out | head -n 1)
check "[ -n '$running' ] && grep -qxF '< {\"running\":$running}' $B/embedded.out" "embedded: a two-phase custom tool (build, shape) counts the running sandboxes through E2B ($running, as E2B's X-Total-Running says)"
check "! grep -q '$KEY' $B/embedded.out" "embedded: the key is never printed"
check "! grep -q 'envdAccessToken' $B/embedded.out" "embedded: secrets are redacted"
# what the simulator received: one GET /v2/sandboxes with the key and the query
log=$(python3 -c "import urllib.request;print(urllib.request.urlopen('$E2B_SIM_URL/_sim/requests').read().decode())" 2>/dev/null)
check "echo '$log' | grep -q 'state=running'" "embedded: the simulator saw state=running"

# no key: a clear error naming the fix, exit 1
E2B_API_URL=http://127.0.0.1:$port $BIN > $B/embedded-nokey.out 2>&1
rc=$?
check "[ $rc -eq 1 ]" "embedded: without a key the list fails" "exit $rc"
check "grep -q 'NO_API_KEY: set E2B_API_KEY' $B/embedded-nokey.out" "embedded: the missing-key message (the small profile's short form, code and fix)"
check "grep -q 'millicelsius' $B/embedded-nokey.out" "embedded: the custom tool works without a key"

# the stepped style: the board's loop serves 3 requests over Streamable HTTP, then exits. The
# last run's output goes first: the loop below could read its stale port before the new
# process truncates the file.
rm -f $B/embedded-serve.out $B/embedded-r1.txt $B/embedded-r2.txt $B/embedded-r3.txt $B/embedded-r4.txt
E2B_API_KEY=$KEY E2B_API_URL=http://127.0.0.1:$port E2B_DASHBOARD_API_URL=http://127.0.0.1:$port $BIN --serve 5 > $B/embedded-serve.out 2>&1 &
spid=$!
i=0; hport=
while [ $i -lt 100 ] && [ -z "$hport" ]; do
  hport=$(sed -n 's|^serving MCP on http://127.0.0.1:\([0-9]*\)/mcp$|\1|p' $B/embedded-serve.out); sleep 0.05; i=$((i+1))
done
H="-s -m 10 -H Content-Type:application/json -H Accept:application/json,text/event-stream"
curl $H -D $B/embedded-h1.txt -d '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"sh","version":"1"}}}' \
  http://127.0.0.1:$hport/mcp > $B/embedded-r1.txt 2>&1
sid=$(sed -n 's/^[Mm]cp-[Ss]ession-[Ii]d: *\([0-9a-f]*\).*/\1/p' $B/embedded-h1.txt)
curl $H -H "Mcp-Session-Id: $sid" -d '{"jsonrpc":"2.0","method":"notifications/initialized"}' http://127.0.0.1:$hport/mcp > /dev/null 2>&1
curl $H -H "Mcp-Session-Id: $sid" -d '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"board_temperature","arguments":{"sensor":1}}}' \
  http://127.0.0.1:$hport/mcp > $B/embedded-r2.txt 2>&1
# the two-phase call holds the board's one call slot while E2B's answer is held: the simple
# tool, which needs no slot, is answered meanwhile
curl -s -m 5 -X POST -d '{"hold":true}' $E2B_SIM_URL/_sim/config > /dev/null
curl $H -H "Mcp-Session-Id: $sid" -d '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"board_running_sandboxes","arguments":{"template":"base"}}}' \
  http://127.0.0.1:$hport/mcp > $B/embedded-r3.txt 2>&1 &
cpid=$!
i=0; while [ $i -lt 50 ] && ! curl -s -m 2 $E2B_SIM_URL/_sim/held | grep -q '"n"'; do sleep 0.05; i=$((i+1)); done
curl $H -H "Mcp-Session-Id: $sid" -d '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"board_temperature","arguments":{"sensor":3}}}' \
  http://127.0.0.1:$hport/mcp > $B/embedded-r4.txt 2>&1
held_then=$(curl -s -m 2 $E2B_SIM_URL/_sim/held)
curl -s -m 5 -X POST -d '{"hold":false}' $E2B_SIM_URL/_sim/config > /dev/null
wait $cpid
i=0; while [ $i -lt 100 ] && kill -0 $spid 2>/dev/null; do sleep 0.05; i=$((i+1)); done
kill $spid 2>/dev/null; wait $spid; rc=$?
cat $B/embedded-serve.out
check "[ -n \"$hport\" ] && grep -q '\"serverInfo\"' $B/embedded-r1.txt" "embedded --serve: initialize answered over HTTP"
check "grep -q '\"millicelsius\":21750' $B/embedded-r2.txt" "embedded --serve: the board's tool called over HTTP"
check "grep -q '\"running\":[0-9]' $B/embedded-r3.txt && ! grep -q '\"isError\":true' $B/embedded-r3.txt" "embedded --serve: the two-phase tool over HTTP, in a call slot" "$(cat $B/embedded-r3.txt)"
check "grep -q '\"millicelsius\":22250' $B/embedded-r4.txt && echo '$held_then' | grep -q '\"n\"'" "embedded --serve: the simple tool is answered while the two-phase call holds the one slot (E2B's answer held)" "$(cat $B/embedded-r4.txt) / held: $held_then"
check "[ $rc -eq 0 ] && grep -q '^served 5 requests; the board.s loop turned [0-9]* times' $B/embedded-serve.out" "embedded --serve: the board's loop ran the steps and ended after 5 requests" "exit $rc"
closing
