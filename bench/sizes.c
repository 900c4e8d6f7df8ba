/* bench/sizes.c - sizeof the server state and of each buffer in it, as the product builds it
   (POSIX sockets, so with the Streamable HTTP transport's slots; BearSSL types). Built by
   bench/run.sh in the desktop and in the small profile (-DE2B_MCP_SMALL). */
#define E2B_MCP_IMPLEMENTATION
#define E2B_MCP_TLS_BEARSSL
#include "../e2b_mcp.h"
#include <stdio.h>
#include <string.h>

static e2b_mcp_server srv;
/* "slots[0].conn" -> "conn", "bufs[0].req" -> "req", "slots[0]" -> "slot": the names the table reads */
static const char *e2b_name(const char *f) { return strncmp(f, "slots[0].", 9) == 0 ? f + 9 : strncmp(f, "bufs[0].", 8) == 0 ? f + 8 : strcmp(f, "slots[0]") == 0 ? "slot" : f; }
#define SZ(f) printf("sizeof_%s=%lu\n", e2b_name(#f), (unsigned long)sizeof srv.f)
/* a call's request and answer buffers: the pool's, or the slot's own where there is no pool (the small profile) */
#ifdef E2B_MCP__POOL
#define BUFS_SZ() (SZ(bufs[0].req), SZ(bufs[0].resp))
#else
#define BUFS_SZ() (printf("sizeof_req=%lu\nsizeof_resp=%lu\n", (unsigned long)sizeof srv.slots[0].own.req, (unsigned long)sizeof srv.slots[0].own.resp))
#endif
int main(void) {
  printf("sizeof_server=%lu\n", (unsigned long)sizeof srv);
  SZ(msg); SZ(mtok); BUFS_SZ(); SZ(rtok); SZ(result); SZ(content); SZ(out); SZ(errmsg);
  SZ(slots[0].conn); SZ(slots[0]); printf("calls=%d\n", (int)E2B_MCP_CALLS); SZ(trust); SZ(session);
  printf("sizeof_conn_tls=%lu\n", (unsigned long)sizeof srv.slots[0].conn.tls);
#ifdef E2B_MCP__HTTP
  SZ(http);
#else
  printf("sizeof_http=0\n");
#endif
#if E2B_MCP_WITH_STDIO
  SZ(stdin_buf);
#endif
  return 0;
}
