/* abi_impl.c - the implementation, built with the desktop settings, for abi.sh. */
#define E2B_MCP_SOCK_CUSTOM
#define E2B_MCP_WITH_STDIO 0
#define E2B_MCP_IMPLEMENTATION
#include "e2b_mcp.h"
