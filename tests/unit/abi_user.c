/* abi_user.c - a file that includes e2b_mcp.h with its own settings (abi.sh builds it
   with and without E2B_MCP_SMALL) and calls e2b_mcp_init against abi_impl.c: prints
   the result. A file built otherwise than the implementation must get
   E2B_MCP_ERR_CONFIG, and not one byte of its server may be written. */
#define E2B_MCP_SOCK_CUSTOM
#define E2B_MCP_WITH_STDIO 0
#include "e2b_mcp.h"
#include <stdio.h>
#include <string.h>

static union { e2b_mcp_server s; unsigned char b[sizeof(e2b_mcp_server)]; } u;

int main(void) {
  e2b_mcp_config cfg;
  size_t i, touched = 0;
  int r;
  memset(&cfg, 0, sizeof cfg);
  memset(u.b, 0xa5, sizeof u.b);
  r = e2b_mcp_init(&u.s, &cfg);
  for (i = 0; i < sizeof u.b; i++) touched += u.b[i] != 0xa5;
  printf("init %d touched %lu", r, (unsigned long)touched);
  if (r == 0) {   /* the real function, through its address, as a binding calls it */
    int (*init)(e2b_mcp_server *, const e2b_mcp_config *) = e2b_mcp_init;
    e2b_mcp_close(&u.s);
    memset(u.b, 0xa5, sizeof u.b);
    r = init(&u.s, &cfg);
    printf(", function %d size %d", r, e2b_mcp_server_size() == sizeof(e2b_mcp_server));
    e2b_mcp_close(&u.s);
  }
  printf("\n");
  return 0;
}
