#!/bin/sh
# tests/keystore/unit.sh DIR BIN... - runs test_keystore built each way and adds up their
# "N passed, N failed" lines; then checks that the small profile and a build without TLS
# carry no key store code or text (the firmware must not grow).
dir=$1; shift
passed=0; failed=0
for bin in "$@"; do
  out=$("$bin"); rc=$?
  printf '%s\n' "$out" | grep '^FAIL' | sed "s|^|$(basename "$bin"): |"
  last=$(printf '%s\n' "$out" | tail -n 1)
  p=$(echo "$last" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
  f=$(echo "$last" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
  if [ -z "$p" ]; then echo "FAIL $(basename "$bin") ended without its count (exit $rc)"; failed=$((failed + 1)); continue; fi
  [ "$f" -eq 0 ] && echo "PASS $(basename "$bin"): $p checks"
  passed=$((passed + p)); failed=$((failed + f))
  [ "$rc" -eq 0 ] || [ "$f" -gt 0 ] || { echo "FAIL $(basename "$bin") exit $rc"; failed=$((failed + 1)); }
done
# the small and minimal profiles: no key store, no audit; without TLS: no key store (no AES-GCM)
for cfg in "-DE2B_MCP_SMALL -DE2B_MCP_TLS_BEARSSL" "-DE2B_MCP_MINIMAL -DE2B_MCP_TLS_BEARSSL" "-DE2B_MCP_TLS_NONE"; do
  syms='keystore\|aes_gcm\|e2b_mcp__audit'; text='E2BKEYS1\|master secret\|e2b-mcp keys\|"outcome"'
  case "$cfg" in *NONE*) syms='keystore\|aes_gcm'; text='E2BKEYS1\|master secret\|e2b-mcp keys';; esac
  printf '#define E2B_MCP_IMPLEMENTATION\n#include "e2b_mcp.h"\n' > "$dir/off.c"
  if ${CC:-cc} -std=c99 -Wall -Wextra -pedantic -Werror -O2 -I. $cfg -c -o "$dir/off.o" "$dir/off.c" &&
     ! nm "$dir/off.o" | grep -q "$syms" && ! strings "$dir/off.o" | grep -q "$text"; then
    echo "PASS $cfg: none of its code or text"; passed=$((passed + 1))
  else
    echo "FAIL $cfg: its code or text is in the build"; failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
