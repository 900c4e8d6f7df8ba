#!/bin/sh
# tests/keystore/unit.sh DIR BIN... - runs test_keystore built each way and adds up their
# "N passed, N failed" lines; then checks that the small profile and a build without TLS
# carry no key store code or text (the firmware must not grow).
dir=$1; shift
. tests/lib/check.sh
for bin in "$@"; do run_c "$bin"; done
# the small and minimal profiles: no key store, no audit; without TLS: no key store (no AES-GCM).
# The desktop build with BearSSL has both: the same check must find them there (it can fail).
printf '#define E2B_MCP_IMPLEMENTATION\n#include "e2b_mcp.h"\n' > "$dir/off.c"
for cfg in "-DE2B_MCP_TLS_BEARSSL" "-DE2B_MCP_SMALL -DE2B_MCP_TLS_BEARSSL" "-DE2B_MCP_MINIMAL -DE2B_MCP_TLS_BEARSSL" "-DE2B_MCP_TLS_NONE"; do
  syms='keystore\|aes_gcm\|audit'; text='E2BKEYS1\|master secret\|AUDIT_ARGS_MAX'
  case "$cfg" in *NONE*) syms='keystore\|aes_gcm'; text='E2BKEYS1\|master secret';; esac
  if ! ${CC:-cc} -std=c99 -Wall -Wextra -pedantic -Werror -O2 -I. $cfg -c -o "$dir/off.o" "$dir/off.c"; then
    fail "$cfg: does not build"; continue
  fi
  ns=$(nm "$dir/off.o" | grep -c "$syms"); nt=$(strings "$dir/off.o" | grep -c "$text")
  if [ "$cfg" = "-DE2B_MCP_TLS_BEARSSL" ]; then
    if [ "$ns" -gt 0 ] && [ "$nt" -ge 3 ]; then pass "$cfg: the key store and the audit are in ($ns symbols, $nt texts)"
    else fail "$cfg: the key store or the audit is missing ($ns symbols, $nt texts)"; fi
  elif [ "$ns" -eq 0 ] && [ "$nt" -eq 0 ]; then
    pass "$cfg: none of their code or text"
  else
    fail "$cfg: their code or text is in the build ($ns symbols, $nt texts)"
  fi
done
closing
