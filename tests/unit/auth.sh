#!/bin/sh
# tests/unit/auth.sh DIR BIN... - runs test_auth, built each way, over the same fresh
# tokens in DIR, and adds up their "N passed, N failed" lines into one.
dir=$1; shift
passed=0; failed=0
for bin in "$@"; do
  out=$("$bin" "$dir"); rc=$?
  printf '%s\n' "$out" | grep '^FAIL' | sed "s|^|$(basename "$bin"): |"
  last=$(printf '%s\n' "$out" | tail -n 1)
  p=$(echo "$last" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
  f=$(echo "$last" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
  if [ -z "$p" ]; then echo "FAIL $(basename "$bin") ended without its count (exit $rc)"; failed=$((failed + 1)); continue; fi
  [ "$f" -eq 0 ] && echo "PASS $(basename "$bin"): $p checks"
  passed=$((passed + p)); failed=$((failed + f))
  [ "$rc" -eq 0 ] || [ "$f" -gt 0 ] || { echo "FAIL $(basename "$bin") exit $rc"; failed=$((failed + 1)); }
done
# Left out where it is off: the small profile and a build without TLS carry no
# symbol and no text of it (the firmware must not grow).
for cfg in "-DE2B_MCP_SMALL -DE2B_MCP_TLS_BEARSSL" "-DE2B_MCP_TLS_NONE"; do
  printf '#define E2B_MCP_IMPLEMENTATION\n#include "e2b_mcp.h"\n' > "$dir/off.c"
  if ${CC:-cc} -std=c99 -Wall -Wextra -pedantic -Werror -O2 -I. $cfg -c -o "$dir/off.o" "$dir/off.c" &&
     ! nm "$dir/off.o" | grep -q 'e2b_mcp_auth\|tls_rsa_verify\|tls_p256_verify' &&
     ! strings "$dir/off.o" | grep -q 'at+jwt\|RS256\|verifying access tokens\|jwks_uri\|issuer.s metadata'; then
    echo "PASS $cfg: no access-token code or text"; passed=$((passed + 1))
  else
    echo "FAIL $cfg: access-token code or text is in the build"; failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
