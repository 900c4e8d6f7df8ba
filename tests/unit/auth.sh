#!/bin/sh
# tests/unit/auth.sh DIR BIN... - runs test_auth, built each way, over the same fresh
# tokens in DIR, and adds up their "N passed, N failed" lines into one.
dir=$1; shift
. tests/lib/check.sh
for bin in "$@"; do run_c "$bin" "$dir"; done
# Left out where it is off: the small profile and a build without TLS carry no
# symbol and no text of it (the firmware must not grow).
for cfg in "-DE2B_MCP_SMALL -DE2B_MCP_TLS_BEARSSL" "-DE2B_MCP_TLS_NONE"; do
  printf '#define E2B_MCP_IMPLEMENTATION\n#include "e2b_mcp.h"\n' > "$dir/off.c"
  if ${CC:-cc} -std=c99 -Wall -Wextra -pedantic -Werror -O2 -I. $cfg -c -o "$dir/off.o" "$dir/off.c" &&
     ! nm "$dir/off.o" | grep -q 'e2b_mcp_auth\|tls_rsa_verify\|tls_p256_verify' &&
     ! strings "$dir/off.o" | grep -q 'at+jwt\|RS256\|verifying access tokens\|jwks_uri\|issuer.s metadata'; then
    pass "$cfg: no access-token code or text"
  else
    fail "$cfg: access-token code or text is in the build"
  fi
done
closing
