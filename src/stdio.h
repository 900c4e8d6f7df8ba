#include "config.h"
#include "mcp.h"
/* >>transport: stdio --------------------------------------------------------- */

#if E2B_MCP_WITH_STDIO
#include <signal.h>   /* sig_atomic_t: the stop flag a signal handler sets */
/* MCP over stdin/stdout, one JSON message per line, until end of input (and
   the calls in flight are answered). Requests sent without waiting run
   concurrently, each answered when it is done; with every call slot busy,
   a tool call waits (its line parked in s->msg, see the engine's seam)
   while the lines after it are read and served. Setting s->stdio_stop
   (from a SIGTERM handler, say) ends it as the end of input does: stdin is
   read no more (what was read of it and not yet taken is dropped), the
   calls already taken on run to their answers, a question to the user ends
   unanswered (not a yes), and it returns 0, so the program's own end (an
   audit log's last lines) runs in its main thread, not in the handler. */
E2B_MCP_DEF int  e2b_mcp_serve_stdio(e2b_mcp_server *s);
#endif

