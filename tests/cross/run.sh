#!/bin/bash
# tests/cross/run.sh ARCH... - runs the cross-built servers (build/cross/e2b-mcp-ARCH) under
# qemu-user against the simulator: tests/cross/session.py with Content-Length bodies and
# with chunked ones, then tests/integration/test_stdio.py when it exists, each with
# E2B_MCP_BIN set to a wrapper that execs qemu-ARCH. Two at a time. Prints every failing check
# and the closing line "N passed, N failed" (the sum over all runs).
set -u
cd "$(dirname "$0")/../.."
D=build/cross
mkdir -p "$D/log"; rm -f "$D"/log/*.log
qemu_of() { case "$1" in aarch64) echo qemu-aarch64;; armhf) echo qemu-arm;; s390x) echo qemu-s390x;; *) echo "qemu-$1";; esac; }
jobs=()
for a in "$@"; do
  q=$(qemu_of "$a")
  printf '#!/bin/sh\nexec %s %s/%s/e2b-mcp-%s "$@"\n' "$q" "$PWD" "$D" "$a" > "$D/run-$a"
  chmod +x "$D/run-$a"
  jobs+=("$a session" "$a session-chunked")
  [ -f tests/integration/test_stdio.py ] && jobs+=("$a integration")
done
one() {  # ARCH KIND -> build/cross/log/ARCH-KIND.log
  a=$1; k=$2; log=build/cross/log/$a-$k.log
  export E2B_MCP_BIN=$PWD/build/cross/run-$a
  attempt() {
    case "$k" in
      session)         timeout 300 python3 tests/cross/session.py > "$log" 2>&1 ;;
      session-chunked) timeout 300 python3 tests/cross/session.py --chunked > "$log" 2>&1 ;;
      integration)     timeout 600 python3 tests/integration/test_stdio.py > "$log" 2>&1 ;;
    esac
    echo "rc=$?" >> "$log"
  }
  attempt
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
  # Under emulation on a loaded 2-CPU machine a timing check can miss its window: a failed
  # run is repeated once, and the first attempt's failures stay visible (ARCH-KIND.first.log).
  if [ -z "$line" ] || [ "${line#* passed, 0 failed}" = "$line" ]; then
    mv "$log" "${log%.log}.first.log"
    echo "$a $k: first attempt: ${line:-no closing line}; $(grep '^FAIL' "${log%.log}.first.log" | head -n 3 | tr '\n' ' ')"
    attempt
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
  fi
  echo "$a $k: ${line:-no closing line}"
}
export -f one
printf '%s\n' "${jobs[@]}" | xargs -P 2 -I{} bash -c 'one {}'
tp=0; tf=0
for j in "${jobs[@]}"; do
  set -- $j; log=$D/log/$1-$2.log
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
  rc=$(sed -n 's/^rc=//p' "$log" | tail -n 1)
  if [ -z "$line" ]; then echo "FAIL $1 $2: no closing line (rc=$rc)"; tail -n 10 "$log"; tf=$((tf+1)); continue; fi
  p=${line%% passed*}; f=${line#*passed, }; f=${f%% failed*}
  tp=$((tp+p)); tf=$((tf+f))
  [ "$f" -ne 0 ] && grep '^FAIL' "$log" | sed "s/^FAIL/FAIL [$1 $2]/" | head -n 20
  [ "$f" -eq 0 ] && [ "$rc" != 0 ] && { echo "FAIL $1 $2: rc=$rc"; tf=$((tf+1)); }
done
echo "$tp passed, $tf failed"
[ "$tf" -eq 0 ]
