#!/bin/sh
# The settings guard: every file that includes e2b_mcp.h must be built with the same
# settings as the implementation (E2B_MCP_SMALL, buffer sizes, jsmn's token layout all
# change e2b_mcp_server). e2b_mcp_init carries the caller's sizeof(e2b_mcp_server): a file
# built otherwise gets E2B_MCP_ERR_CONFIG (-21) and its server is left alone.
set -u
. tests/lib/check.sh
B=build/unit
CC=${CC:-cc}
F="-std=c99 -Wall -Wextra -pedantic -Werror -O2 -I."
$CC $F -c tests/unit/abi_impl.c -o $B/abi_impl.o || fail "abi: the implementation builds"
$CC $F tests/unit/abi_user.c $B/abi_impl.o -o $B/abi_same && \
  expect "abi: a file built like the implementation initializes (0)" "init 0 " $B/abi_same && \
  check '$B/abi_same | grep -q ", function 0 size 1"' "abi: e2b_mcp_init is a real function too (called through its address), and e2b_mcp_server_size() is the server's size"
$CC $F -DE2B_MCP_SMALL tests/unit/abi_user.c $B/abi_impl.o -o $B/abi_small && \
  expect "abi: a file built with E2B_MCP_SMALL against a desktop implementation: E2B_MCP_ERR_CONFIG, nothing written" "init -21 touched 0" $B/abi_small
$CC $F -DE2B_MCP_NO_PARENT_LINKS tests/unit/abi_user.c $B/abi_impl.o -o $B/abi_links && \
  expect "abi: a file built without jsmn's parent links: E2B_MCP_ERR_CONFIG, nothing written" "init -21 touched 0" $B/abi_links
$CC $F -DE2B_MCP_CALLS=4 tests/unit/abi_user.c $B/abi_impl.o -o $B/abi_calls && \
  expect "abi: a file built with another E2B_MCP_CALLS: E2B_MCP_ERR_CONFIG, nothing written" "init -21 touched 0" $B/abi_calls
closing
