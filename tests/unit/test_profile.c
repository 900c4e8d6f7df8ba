/* test_profile.c - a build with parts left out (src/config.h's 0/1 switches), in-process
   through e2b_mcp_handle and a memory sink, against a scripted socket port.

   Built twice (unit.mk): with E2B_MCP_MINIMAL (three tools, the minimal profile's
   features), and as the desktop profile with single switches turned off
   (E2B_MCP_TOOL_CREATE_SANDBOX=0 and each feature named in UNIT_EXTRA_profile_off).
   What it checks is what a client of such a build meets: tools/list names only the tools
   built; a call to one left out is an unknown tool whose message says it is not built in
   (over JSON-RPC and in-process); the tools built work; the messages a model reads are
   the minimal profile's short form (a code and a few words, E2B_MCP_WITH_ADVICE 0) and the
   desktop's long one, word for word, with the same errors either way. */
#define E2B_MCP_SOCK_CUSTOM
#define E2B_MCP_WITH_STDIO 0
#define E2B_MCP_IMPLEMENTATION
#include "../../e2b_mcp.h"
#include "check.h"
#include "fake_port.h"
#include "sink.h"

#define KEY "e2b_0123456789abcdef0123456789abcdef01234567"

static e2b_mcp_server srv;
static fake m;
static e2b_mcp_sock_port port;

/* the server's messages as one text, a line each (tests/lib/sink.h) */
static char outbuf[1 << 16];
static mem_sink out;

/* One message in, the answer's text out (all of it, NUL-terminated). */
static const char *rpc(const char *msg) {
  mem_sink_clear(&out);
  CHECK(e2b_mcp_handle(&srv, msg, strlen(msg), &out.sink) >= 0);
  return out.buf;
}
static const char *call(const char *tool, const char *args) {
  static char b[512];
  snprintf(b, sizeof b, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"%s\",\"arguments\":%s}}", tool, args);
  return rpc(b);
}
#if !E2B_MCP_WITH_CONSENT
/* a simple custom tool that asks its user: says what e2b_mcp_elicit answered */
static void asker_fn(e2b_mcp_call *c) {
  char t[32];
  snprintf(t, sizeof t, "elicit %d", e2b_mcp_elicit(c, "Go ahead?", "{\"type\":\"object\",\"properties\":{}}"));
  e2b_mcp_result_text(c, t);
}
static const e2b_mcp_tool asker = { "asker", "Asker", "Asks its user.", "{\"type\":\"object\"}", NULL, 0, asker_fn, NULL, NULL, NULL };
#endif
/* What a call to a tool left out is told, in each form (src/errors.h) */
#if E2B_MCP_WITH_ADVICE
#  define NOT_BUILT(tool) "Unknown tool: " tool " is not built into this server (its E2B_MCP_TOOL_ switch was 0 at build time): " \
  "tools/list names the tools it offers."
#else
#  define NOT_BUILT(tool) "NOT_BUILT_IN: " tool
#endif
static int count(const char *s, const char *sub) {
  int n = 0;
  for (; (s = strstr(s, sub)) != NULL; s++) n++;
  return n;
}

int main(void) {
  e2b_mcp_config cfg;
  e2b_mcp_result r;
  const char *a;
  memset(&cfg, 0, sizeof cfg);
  cfg.api_key = KEY;
  cfg.api_url = "http://sim.test:8080";
  cfg.sock_port = &port;
  cfg.enable_kill = 1;
  fake_reset(&m);
  fake_port_init(&port, &m);
  CHECK(e2b_mcp_init(&srv, &cfg) == 0);
  mem_sink_init(&out, outbuf, sizeof outbuf);
  out.sep = '\n';
  out.secret = KEY;   /* every message the run sends is searched for it (out.leaks) */

  a = rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
          "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
  CHECK(CONTAINS(a, "\"protocolVersion\":\"2025-11-25\""));
  rpc("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");

  /* the list names the tools built, and only those */
  a = rpc("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
  CHECK(CONTAINS(a, "\"e2b_list_sandboxes\"") && CONTAINS(a, "\"e2b_get_sandbox\"") && CONTAINS(a, "\"e2b_kill_sandbox\""));
  CHECK(!CONTAINS(a, "\"e2b_create_sandbox\""));
#ifdef E2B_MCP_MINIMAL
  CHECK(count(a, "\"name\":\"e2b_") == 3);
  CHECK(!CONTAINS(a, "\"e2b_get_sandbox_logs\"") && !CONTAINS(a, "\"e2b_pause_sandbox\""));
#else
  CHECK(count(a, "\"name\":\"e2b_") == 16);   /* the default set (17) without create */
#endif

  /* a tool left out: unknown, and the message says why */
  a = call("e2b_create_sandbox", "{}");
  CHECK(CONTAINS(a, "-32602") && CONTAINS(a, "\"message\":\"" NOT_BUILT("e2b_create_sandbox") "\""));
  CHECK(m.opens == 0);
  /* a name that never was a tool: unknown, and not said to be left out */
  a = call("e2b_create_sandboxes", "{}");
  CHECK(CONTAINS(a, "-32602") && CONTAINS(a, "Unknown tool: e2b_create_sandboxes") && !CONTAINS(a, "not built") && !CONTAINS(a, "NOT_BUILT"));
  a = call("e2b_create", "{}");
  CHECK(CONTAINS(a, "Unknown tool: e2b_create") && !CONTAINS(a, "not built") && !CONTAINS(a, "NOT_BUILT"));
  /* in-process: refused, with the reason */
  CHECK(e2b_mcp_call_tool(&srv, "e2b_create_sandbox", "{}", &r) == -1 && strcmp(r.message, NOT_BUILT("e2b_create_sandbox")) == 0);
  CHECK(e2b_mcp_call_tool(&srv, "e2b_no_such_tool", "{}", &r) == -1 && !CONTAINS(r.message, "not built") && !CONTAINS(r.message, "NOT_BUILT"));

  /* the tools built work */
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 200 OK\r\nContent-Length: 39\r\n\r\n{\"sandboxID\":\"sb1\",\"templateID\":\"base\"}");
  CHECK(e2b_mcp_call_tool(&srv, "e2b_get_sandbox", "{\"sandbox_id\":\"sb1\"}", &r) == 0 && !r.is_error && CONTAINS(r.json, "\"sb1\""));
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 200 OK\r\nContent-Length: 41\r\n\r\n[{\"sandboxID\":\"sb2\",\"templateID\":\"base\"}]");
  a = call("e2b_list_sandboxes", "{\"limit\":5}");
  CHECK(CONTAINS(a, "\"isError\":false") && CONTAINS(a, "sb2"));
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 204 No Content\r\n\r\n");
  a = call("e2b_kill_sandbox", "{\"sandbox_id\":\"sb2\"}");
  CHECK(CONTAINS(a, "\"isError\":false") && CONTAINS(a, "killed"));
  CHECK(out.leaks == 0);   /* in no message so far, not only the last answer */

  /* the messages a model reads: E2B's 429, then the call during its wait, then an argument
     refused; each an error result either way (isError), only the prose differs: the short
     form's code and few words, or the advice written out as it always was */
  m.now = 5000;   /* a clock, so the 429's wait is kept */
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 429 Too Many Requests\r\nRetry-After: 7\r\nContent-Length: 23\r\n\r\n{\"message\":\"slow down\"}");
  CHECK(e2b_mcp_call_tool(&srv, "e2b_get_sandbox", "{\"sandbox_id\":\"sb1\"}", &r) == 0 && r.is_error);
#if E2B_MCP_WITH_ADVICE
  CHECK(strcmp(r.message, "E2B answered 429: slow down. Retry after 7 s; until then this server sends no e2b_get_sandbox request to "
                          "E2B. E2B is rate limiting or the team reached its limit of concurrent sandboxes. Wait before trying again, "
                          "do not retry in a loop; pausing or killing sandboxes frees capacity.") == 0);
#else
  CHECK(strcmp(r.message, "E2B_RATE_LIMITED: slow down; retry after 7 s") == 0);
#endif
  CHECK(e2b_mcp_call_tool(&srv, "e2b_get_sandbox", "{\"sandbox_id\":\"sb1\"}", &r) == 0 && r.is_error);
#if E2B_MCP_WITH_ADVICE
  CHECK(strcmp(r.message, "E2B asked this server to slow down (429). Wait 7 s before calling e2b_get_sandbox again; no request was sent.") == 0);
#else
  CHECK(strcmp(r.message, "E2B_RATE_LIMITED: retry after 7 s") == 0);
#endif
  a = call("e2b_list_sandboxes", "{\"limit\":5,\"colour\":\"red\"}");
  CHECK(CONTAINS(a, "\"isError\":true"));
#if E2B_MCP_WITH_ADVICE
  CHECK(CONTAINS(a, "Invalid argument 'colour': this tool has no such argument; it takes state, template, metadata, order, "
                    "started_after, limit, next_token. Nothing was sent to E2B."));
#else
  CHECK(CONTAINS(a, "\"text\":\"BAD_ARG: 'colour': use state, template, metadata, order, started_after, limit, next_token\""));
#endif

  /* the revisions left out are negotiated to the latest built; what they alone had is refused */
#if !E2B_MCP_WITH_BATCH
  a = rpc("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-03-26\","
          "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
  CHECK(CONTAINS(a, "\"protocolVersion\":\"2025-11-25\""));
  a = rpc("[{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}]");
#if E2B_MCP_WITH_ADVICE
  CHECK(CONTAINS(a, "-32600") && CONTAINS(a, "batches are not built into this server") && !CONTAINS(a, "\"id\":5"));
#else
  CHECK(CONTAINS(a, "-32600") && CONTAINS(a, "\"Invalid Request: no batches here\"") && !CONTAINS(a, "\"id\":5"));
#endif
#endif
#if !E2B_MCP_WITH_2025_06
  a = rpc("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
          "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
  CHECK(CONTAINS(a, "\"protocolVersion\":\"2025-11-25\""));
#endif
#if !E2B_MCP_WITH_2026
  /* a 2026-07-28 request is one of the 2025 revisions: server/discover is an unknown method */
  a = rpc("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"server/discover\",\"params\":{\"_meta\":{"
          "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{}}}}");
  CHECK(CONTAINS(a, "-32601") && !CONTAINS(a, "supportedVersions"));
#endif
#if !E2B_MCP_WITH_CONSENT
  /* no question is ever asked: a client that could answer one still gets none, and the call goes
     ahead as for a client that cannot be asked (the description told the model to ask) */
  rpc("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
      "\"capabilities\":{\"elicitation\":{\"form\":{}}},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
  rpc("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 204 No Content\r\n\r\n");
  mem_sink_clear(&out);
  {
    const char *k = "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_kill_sandbox\",\"arguments\":{\"sandbox_id\":\"sb3\"}}}";
    int i;
    CHECK(e2b_mcp_submit(&srv, k, strlen(k), NULL, &out.sink) >= 0);
    for (i = 0; i < 1000 && e2b_mcp_calls_in_flight(&srv); i++) e2b_mcp_step(&srv);
  }
  CHECK(!CONTAINS(out.buf, "elicitation/create") && CONTAINS(out.buf, "\"id\":9") && CONTAINS(out.buf, "\"isError\":false"));
  /* nor does a custom tool's question: e2b_mcp_elicit answers as for a client that cannot be asked */
  CHECK(e2b_mcp_add_tool(&srv, &asker) == 0);
  mem_sink_clear(&out);
  {
    const char *k = "{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"tools/call\",\"params\":{\"name\":\"asker\",\"arguments\":{}}}";
    int i;
    CHECK(e2b_mcp_submit(&srv, k, strlen(k), NULL, &out.sink) >= 0);
    for (i = 0; i < 1000 && e2b_mcp_calls_in_flight(&srv); i++) e2b_mcp_step(&srv);
  }
  CHECK(!CONTAINS(out.buf, "elicitation/create") && CONTAINS(out.buf, "\"id\":10") && CONTAINS(out.buf, "elicit -1"));
  /* and a response from the client answers no question: nothing is said back, the server goes on */
  a = rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"action\":\"accept\",\"content\":{\"confirm\":true}}}");
  CHECK(a[0] == 0);
  a = rpc("{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"ping\"}");
  CHECK(CONTAINS(a, "\"id\":11") && CONTAINS(a, "\"result\":{}"));
#endif
  CHECK(out.leaks == 0);
  e2b_mcp_close(&srv);

  /* a run-time selection (cfg.tools) naming a tool that is not built: refused at start, saying so */
  cfg.tools = "read, e2b_create_sandbox";
  CHECK(e2b_mcp_init(&srv, &cfg) == E2B_MCP_ERR_TOOLS && CONTAINS(srv.errmsg, "'e2b_create_sandbox' is not built into this server"));
  cfg.tools = "read, e2b_create_sandboxes";
  CHECK(e2b_mcp_init(&srv, &cfg) == E2B_MCP_ERR_TOOLS && CONTAINS(srv.errmsg, "neither a tool nor a group"));
  return CHECK_DONE();
}
