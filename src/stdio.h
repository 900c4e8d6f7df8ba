#include "config.h"
#include "mcp.h"
/* >>transport: stdio --------------------------------------------------------- */

#if E2B_MCP_WITH_STDIO
/* MCP over stdin/stdout, one JSON message per line, until end of input (and
   the calls in flight are answered). Requests sent without waiting run
   concurrently, each answered when it is done; with every call slot busy,
   a tool call waits (its line parked in s->msg, see the engine's seam)
   while the lines after it are read and served. */
E2B_MCP_DEF int  e2b_mcp_serve_stdio(e2b_mcp_server *s);
#endif

