#include "config.h"
#include "json.h"
#include "client.h"
#include "mcp.h"
/* >>e2b tools: the request a two-phase tool builds, the response it shapes ---- */

/* For two-phase tools (e2b_mcp_tool.build/shape): the request. It goes to the
   API (cfg.api_url) with the server's or the client's key. start writes
   "METHOD path" (path as given, e.g. "/v2/sandboxes": -1 when it holds
   a space, a control byte, '?' or '#'); segment adds "/" and a value,
   percent-encoded (-1 for "", "." or "..", or after the query began);
   query adds key=value, both percent-encoded; body opens a JSON object for
   build to fill and close; ask puts a question to the user first (a call
   that bills or destroys) when the client can be asked: a client without
   elicitation, and an in-process caller, are not asked (the tool's
   description should tell the model to ask). What shape needs of the
   arguments, build keeps in rq->id (a string), rq->num or rq->flag: the
   arguments are gone by then. Secret members of E2B's responses (access
   tokens) are the shape's to leave out; only the API key is redacted for it. */
E2B_MCP_DEF int  e2b_mcp_request_start(e2b_mcp_call *c, e2b_mcp_request *rq, const char *method, const char *path);
E2B_MCP_DEF int  e2b_mcp_request_segment(e2b_mcp_request *rq, const char *value);
E2B_MCP_DEF int  e2b_mcp_request_query(e2b_mcp_request *rq, const char *key, const char *value);
E2B_MCP_DEF e2b_mcp_json *e2b_mcp_request_body(e2b_mcp_request *rq);
E2B_MCP_DEF void e2b_mcp_request_ask(e2b_mcp_request *rq, const char *question);
/* In shape: E2B's response parsed, its tokens over r->body (valid during the
   phase), or NULL with the error result set (not JSON, too many values). */
E2B_MCP_DEF const jsmntok_t *e2b_mcp_response_json(e2b_mcp_call *c, const e2b_mcp_response *r);

