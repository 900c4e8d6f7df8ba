/* test_mcp.c - the MCP core in-process, through e2b_mcp_handle and a memory sink.

   Built with -DE2B_MCP_TOOLS_PAGE=5 so tools/list spans several pages. Covered:
   version negotiation per revision, ping, unknown methods (also before
   initialize), parse errors, invalid requests, batches (only under 2025-03-26),
   tools/list paging and bad cursors, tools/call errors, custom tools, the
   in-process API, content blocks, logging, progress, elicitation, the E2B
   tools refusing bad arguments before any socket call, and the key messages. */
#define E2B_MCP_SOCK_CUSTOM
#define E2B_MCP_WITH_STDIO 0
#define E2B_MCP_IMPLEMENTATION
#include "../../e2b_mcp.h"
#include "check.h"
#include "fake_port.h"
#include "sink.h"
#include "jsonpath.h"

#include <stdlib.h>
#include <time.h>

#if E2B_MCP_TOOLS_PAGE != 5
#error "build with -DE2B_MCP_TOOLS_PAGE=5"
#endif

#define KEY "e2b_0123456789abcdef0123456789abcdef01234567"

static e2b_mcp_server srv;
static fake m;
static e2b_mcp_sock_port port;

/* ---- the server's messages, kept in a memory sink (tests/lib/sink.h) ---- */
static char outbuf[1 << 20];
static mem_sink out;   /* out.secret: the API key, counted in out.leaks */
/* The user's side of an elicitation: the answer (NULL: none, "cancel-call": a cancel
   instead), the confirm it carries (-1: none), and how many questions came. */
static struct { const char *action; int confirm; int asked; } elicit;

/* Handles one message; returns how many messages the sink got (answers and
   notifications), or -1 when e2b_mcp_handle failed. */
static int rpc(const char *msg) {
  int r;
  mem_sink_clear(&out);
  r = e2b_mcp_handle(&srv, msg, strlen(msg), &out.sink);
  return r < 0 ? -1 : out.n;
}
static const char *msg(int i) { return mem_msg(&out, i); }
/* The same, as an HTTP transport submits a 2026-07-28 request: with its headers. */
static int wrpc(const char *text, e2b_mcp_wire *w) {
  e2b_mcp_origin from;
  memset(&from, 0, sizeof from);
  from.wire = w;
  mem_sink_clear(&out);
  return e2b_mcp_submit(&srv, text, strlen(text), &from, &out.sink) < 0 ? -1 : out.n;
}

/* As a transport that steps the engine: the message goes in through
   e2b_mcp_submit; when the server asks (elicitation/create), the client's
   answer (elicit.action, elicit.confirm) comes back as a message of its own, and
   the engine is stepped until no call is left. Returns how many messages the
   sink got in all. */
static char reply[1024];
static int seen_asks;
static void answer_asks(void) {   /* answers each new question as elicit.action says */
  int id;
  while (out.n > seen_asks) {
    id = jp_is(msg(seen_asks), "method", "elicitation/create") ? (int)jp_int(msg(seen_asks), "id") : -1;   /* its own id */
    seen_asks++;
    if (id < 0) continue;
    elicit.asked++;
    if (!elicit.action) continue;   /* no answer: the question times out */
    if (strcmp(elicit.action, "cancel-call") == 0) snprintf(reply, sizeof reply, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":1}}");
    else snprintf(reply, sizeof reply, "{\"jsonrpc\":\"2.0\",\"id\":%d,\"result\":{\"action\":\"%s\",\"content\":{%s}}}",
                  id, elicit.action, elicit.confirm < 0 ? "" : elicit.confirm ? "\"confirm\":true" : "\"confirm\":false");
    CHECK(e2b_mcp_submit(&srv, reply, strlen(reply), NULL, &out.sink) == 0);
  }
}
static int arpc(const char *text) {
  int i;
  mem_sink_clear(&out); seen_asks = 0;
  if (e2b_mcp_submit(&srv, text, strlen(text), NULL, &out.sink) < 0) return -1;
  for (i = 0; i < 100000 && e2b_mcp_calls_in_flight(&srv); i++) {
    e2b_mcp_poll ps[E2B_MCP_CALLS];
    int timeout = -1;
    answer_asks();
    if (e2b_mcp_watch(&srv, ps, E2B_MCP_CALLS, &timeout) == 0 && timeout > 0) m.now += (unsigned long)timeout;   /* nothing to wait for but the clock */
    e2b_mcp_step(&srv);
  }
  answer_asks();
  return out.n;
}

/* ---- reading answers: message i's value at a path, "result.tools.0.name" (tests/lib/jsonpath.h) ---- */
#define J(i, path) jp_get(msg(i), (path))
#define jis(i, path, want) jp_is(msg(i), (path), (want))
#define jhas(i, path) jp_has(msg(i), (path))
#define jint(i, path) jp_int(msg(i), (path))
#define jlen(i, path) jp_len(msg(i), (path))

static void setup(const char *key, int enable_kill) {
  e2b_mcp_config cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.api_key = key;
  cfg.api_url = "http://sim.test:8080";
  cfg.sock_port = &port;
  cfg.enable_kill = enable_kill;
  fake_reset(&m);
  fake_port_init(&port, &m);
  CHECK(e2b_mcp_init(&srv, &cfg) == 0);
  if (!out.buf) {   /* once: the leak count covers the whole run */
    mem_sink_init(&out, outbuf, sizeof outbuf);
    out.secret = KEY;
  }
}
static void init_version(const char *v) {
  char b[256];
  snprintf(b, sizeof b, "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"%s\","
           "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}", v);
  CHECK(rpc(b) == 1);
}
static int err_code(int i) { return (int)jint(i, "error.code"); }

/* ---- custom tools ---- */
static void t_board(e2b_mcp_call *c) {
  e2b_mcp_json *w = e2b_mcp_result_json(c);
  long long unit = 0;
  e2b_mcp_arg_int(c, "sensor", &unit);
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "celsius"); e2b_mcp_json_int(w, 21);
  e2b_mcp_json_key(w, "sensor"); e2b_mcp_json_int(w, unit);
  e2b_mcp_json_obj_end(w);
}
static void t_blocks(e2b_mcp_call *c) {
  e2b_mcp_result_text(c, "hello \"world\"\n");
  e2b_mcp_result_image(c, "iVBORw0KGgo=", "image/png");
  e2b_mcp_result_audio(c, "UklGRg==", "audio/wav");
  e2b_mcp_result_resource(c, "file:///etc/motd", "text/plain", "welcome");
  e2b_mcp_result_link(c, "https://e2b.dev/docs", "docs", "text/html");
}
static void t_fail(e2b_mcp_call *c) {
  e2b_mcp_json *w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w); e2b_mcp_json_obj_end(w);   /* replaced by the error */
  e2b_mcp_result_error(c, "sensor %d is offline", 3);
}
static void t_log(e2b_mcp_call *c) {
  e2b_mcp_log(c, "debug", "d%d", 1);
  e2b_mcp_log(c, "info", "i%d", 2);
  e2b_mcp_log(c, "warning", "w \"%s\"", "q");
  e2b_mcp_log(c, "error", "e%d", 4);
  e2b_mcp_log(c, "bogus", "never");
  e2b_mcp_result_text(c, "logged");
}
static void t_progress(e2b_mcp_call *c) {
  e2b_mcp_progress(c, 1, 3, "one");
  e2b_mcp_progress(c, 2, 3, "two");
  e2b_mcp_progress(c, 1, 3, "back");   /* a step back is never sent as such */
  e2b_mcp_progress(c, 3, 3, NULL);
  e2b_mcp_result_text(c, "done");
}
static void t_args(e2b_mcp_call *c) {
  char s[8];
  long long i = 0;
  int b = 0;
  e2b_mcp_json *w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "s"); e2b_mcp_json_int(w, e2b_mcp_arg_str(c, "s", s, sizeof s));
  e2b_mcp_json_key(w, "i"); e2b_mcp_json_int(w, e2b_mcp_arg_int(c, "i", &i));
  e2b_mcp_json_key(w, "b"); e2b_mcp_json_int(w, e2b_mcp_arg_bool(c, "b", &b));
  e2b_mcp_json_key(w, "sv"); e2b_mcp_json_str(w, e2b_mcp_arg_str(c, "s", s, sizeof s) == 1 ? s : "");
  e2b_mcp_json_key(w, "iv"); e2b_mcp_json_int(w, i);
  e2b_mcp_json_key(w, "bv"); e2b_mcp_json_int(w, b);
  e2b_mcp_json_obj_end(w);
}
static void t_big(e2b_mcp_call *c) {
  e2b_mcp_json *w = e2b_mcp_result_json(c);
  int i;
  e2b_mcp_json_arr(w);
  for (i = 0; i < E2B_MCP_RESULT_MAX / 8; i++) e2b_mcp_json_str(w, "0123456789");
  e2b_mcp_json_arr_end(w);
}
static const e2b_mcp_tool tool_board = { "board_temperature", "Board temperature", "Reads the board's temperature sensor.",
  "{\"type\":\"object\",\"properties\":{\"sensor\":{\"type\":\"integer\"}}}",
  "{\"type\":\"object\",\"properties\":{\"celsius\":{\"type\":\"integer\"}}}", E2B_MCP_READ_ONLY | E2B_MCP_CLOSED_WORLD, t_board, NULL, NULL, NULL };
static const e2b_mcp_tool tool_strict = { "strict", NULL, "Strict arguments.",
  "{\"type\":\"object\",\"properties\":{\"sensor\":{\"type\":\"integer\"},\"mode\":{\"type\":\"string\"}},\"additionalProperties\":false}",
  NULL, 0, t_board, NULL, NULL, NULL };
static const e2b_mcp_tool tool_strict_none = { "strict_none", NULL, "No arguments.", "{\"type\":\"object\",\"additionalProperties\":false}",
  NULL, 0, t_board, NULL, NULL, NULL };
static const e2b_mcp_tool tool_blocks = { "blocks", NULL, "Every kind of content block.", "{\"type\":\"object\"}", NULL, 0, t_blocks, NULL, NULL, NULL };
static const e2b_mcp_tool tool_fail = { "fail", NULL, NULL, "{\"type\":\"object\"}", NULL, 0, t_fail, NULL, NULL, NULL };
static const e2b_mcp_tool tool_log = { "log", NULL, "Logs.", "{\"type\":\"object\"}", NULL, 0, t_log, NULL, NULL, NULL };
static const e2b_mcp_tool tool_progress = { "progress", NULL, "Progress.", "{\"type\":\"object\"}", NULL, 0, t_progress, NULL, NULL, NULL };
static const e2b_mcp_tool tool_args = { "args", NULL, "Arguments.", "{\"type\":\"object\"}", NULL, 0, t_args, NULL, NULL, NULL };
static const e2b_mcp_tool tool_big = { "big", NULL, "Too big.", "{\"type\":\"object\"}", NULL, 0, t_big, NULL, NULL, NULL };
static char exact_pad[E2B_MCP_RESULT_MAX];
static void t_exact(e2b_mcp_call *c) {   /* {"a":"xx…x"}: exactly E2B_MCP_RESULT_MAX bytes */
  e2b_mcp_json *w = e2b_mcp_result_json(c);
  memset(exact_pad, 'x', sizeof exact_pad);
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "a"); e2b_mcp_json_strn(w, exact_pad, E2B_MCP_RESULT_MAX - 8);
  e2b_mcp_json_obj_end(w);
}
static const e2b_mcp_tool tool_exact = { "exact", NULL, "Fills the result buffer.", "{\"type\":\"object\"}", NULL, 0, t_exact, NULL, NULL, NULL };
/* A custom tool that calls a tool from its own handler (issue 30, item 5):
   the inner call is refused (E2B_MCP_CALL_REENTRANT, with words), and the
   outer call's own argument and answer stay whole. */
static int reenter_rc = 99;
static char reenter_msg[256];
static void t_reenter(e2b_mcp_call *c) {
  e2b_mcp_result r;
  char x[32] = "";
  e2b_mcp_json *w;
  reenter_rc = e2b_mcp_call_tool(c->srv, "board_temperature", "{\"sensor\":\"inner-argument-value\"}", &r);
  snprintf(reenter_msg, sizeof reenter_msg, "%s", r.message ? r.message : "");
  e2b_mcp_arg_str(c, "x", x, sizeof x);
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "x"); e2b_mcp_json_str(w, x);
  e2b_mcp_json_obj_end(w);
}
static const e2b_mcp_tool tool_reenter = { "reenter", NULL, "Calls a tool from inside.", "{\"type\":\"object\"}", NULL, 0, t_reenter, NULL, NULL, NULL };
static void test_reentrant(void) {
  e2b_mcp_result r;
  setup(KEY, 0);
  CHECK(e2b_mcp_add_tool(&srv, &tool_board) == 0 && e2b_mcp_add_tool(&srv, &tool_reenter) == 0);
  init_version("2025-11-25");
  /* over JSON-RPC: the answer is one valid JSON object with the outer argument */
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"reenter\",\"arguments\":{\"x\":\"outer\"}}}") == 1);
  CHECKM(jis(0, "id", "3") && jis(0, "result.structuredContent.x", "outer") && !jhas(0, "error"), msg(0));
  CHECKM(reenter_rc == E2B_MCP_CALL_REENTRANT && strstr(reenter_msg, "inside a tool's handler") != NULL, reenter_msg);
  /* in process: the same */
  reenter_rc = 99;
  CHECK(e2b_mcp_call_tool(&srv, "reenter", "{\"x\":\"outer2\"}", &r) == 0 && !r.is_error && r.json &&
        strcmp(r.json, "{\"x\":\"outer2\"}") == 0);
  CHECK(reenter_rc == E2B_MCP_CALL_REENTRANT);
  /* and after it, a call from outside any handler runs again */
  CHECK(e2b_mcp_call_tool(&srv, "board_temperature", "{\"sensor\":4}", &r) == 0 && !r.is_error);
}

static void add_tools(void) {
  CHECK(e2b_mcp_add_tool(&srv, &tool_board) == 0);
  CHECK(e2b_mcp_add_tool(&srv, &tool_blocks) == 0);
  CHECK(e2b_mcp_add_tool(&srv, &tool_fail) == 0);
  CHECK(e2b_mcp_add_tool(&srv, &tool_log) == 0);
  CHECK(e2b_mcp_add_tool(&srv, &tool_progress) == 0);
  CHECK(e2b_mcp_add_tool(&srv, &tool_args) == 0);
  CHECK(e2b_mcp_add_tool(&srv, &tool_big) == 0);
}

/* ---- the protocol ---- */

static void test_before_initialize(void) {
  setup(KEY, 0);
  /* a 2026-07-28 probe without its _meta: an error with the id, and no session */
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":\"abc\",\"method\":\"server/discover\"}") == 1);
  CHECK(err_code(0) == -32602 && jis(0, "id", "abc") && CONTAINS(msg(0), "\"id\":\"abc\"") && !srv.session.initialized);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":\"abc\",\"method\":\"nothing/here\"}") == 1 && err_code(0) == -32601 && jis(0, "id", "abc"));
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}") == 1);
  CHECK(strcmp(msg(0), "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}") == 0);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":-3,\"method\":\"tasks/list\",\"params\":{}}") == 1 && err_code(0) == -32601 && jis(0, "id", "-3"));
}

static void test_errors(void) {
  static char many[8192];
  size_t n;
  int i;
  setup(KEY, 0);
  /* parse errors: id null */
  CHECK(rpc("{\"jsonrpc\":") == 1 && err_code(0) == -32700 && jis(0, "id", "null"));
  CHECK(rpc("not json") == 1 && err_code(0) == -32700);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":tru}}") == 1 && err_code(0) == -32700);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"} {\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}") == 1 && err_code(0) == -32700 &&
        CONTAINS(msg(0), "Parse error: text after the JSON value"));
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\r\n  ") == 1 && jhas(0, "result"));   /* trailing space is fine */
  /* invalid requests */
  CHECK(rpc("\"just a string\"") == 1 && err_code(0) == -32600 && jis(0, "id", "null"));
  CHECK(rpc("42") == 1 && err_code(0) == -32600);
  CHECK(rpc("{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"ping\"}") == 1 && err_code(0) == -32600 && jis(0, "id", "1"));
  CHECK(rpc("{\"id\":1,\"method\":\"ping\"}") == 1 && err_code(0) == -32600);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":7}") == 1 && err_code(0) == -32600);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":{\"x\":1},\"method\":\"ping\"}") == 1 && err_code(0) == -32600 && jis(0, "id", "null"));
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"ping\"}") == 1 && err_code(0) == -32600);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}") == 1 && err_code(0) == -32600);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":[1]}") == 1 && err_code(0) == -32602);
  CHECK(rpc("[]") == 1 && err_code(0) == -32600);
  /* ids: a 256-character string id is echoed exactly; past E2B_MCP_RPC_ID_MAX the error says so */
  {
    static char idmsg[4096];
    char id[E2B_MCP_RPC_ID_MAX + 8];
    memset(id, 'x', sizeof id - 1);
    id[0] = 'A'; id[255] = 'Z'; id[256] = 0;
    snprintf(idmsg, sizeof idmsg, "{\"jsonrpc\":\"2.0\",\"id\":\"%s\",\"method\":\"ping\"}", id);
    CHECK(rpc(idmsg) == 1 && jis(0, "id", id) && jhas(0, "result"));
    snprintf(idmsg, sizeof idmsg, "{\"jsonrpc\":\"2.0\",\"id\":\"%s\",\"method\":\"nope\"}", id);
    CHECK(rpc(idmsg) == 1 && jis(0, "id", id) && err_code(0) == -32601);
    memset(id, 'x', sizeof id - 1);
    id[E2B_MCP_RPC_ID_MAX - 3] = 0;   /* the longest that fits: quotes and NUL */
    snprintf(idmsg, sizeof idmsg, "{\"jsonrpc\":\"2.0\",\"id\":\"%s\",\"method\":\"ping\"}", id);
    CHECK(rpc(idmsg) == 1 && jis(0, "id", id) && jhas(0, "result"));
    id[E2B_MCP_RPC_ID_MAX - 3] = 'x'; id[E2B_MCP_RPC_ID_MAX - 2] = 0;   /* one more */
    snprintf(idmsg, sizeof idmsg, "{\"jsonrpc\":\"2.0\",\"id\":\"%s\",\"method\":\"ping\"}", id);
    CHECK(rpc(idmsg) == 1 && err_code(0) == -32600 && jis(0, "id", "null") && CONTAINS(msg(0), "E2B_MCP_RPC_ID_MAX"));
  }
  /* strict JSON: what jsmn alone lets through is a parse error */
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\",}") == 1 && err_code(0) == -32700 && jis(0, "id", "null"));
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\",\"params\":{\"a\":[1 2]}}") == 1 && err_code(0) == -32700);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\",\"params\":{\"a\":[1,]}}") == 1 && err_code(0) == -32700);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":5 \"method\":\"ping\"}") == 1 && err_code(0) == -32700);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\",\"params\":{\"a\"}}") == 1 && err_code(0) == -32700);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\",\"params\":{\"a\":\"tab\there\"}}") == 1 && err_code(0) == -32700);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\",\"params\":{\"a\":[1,2],\"b\":{}}}") == 1 && jhas(0, "result"));
  /* nested deeper than the server reads: said, not taken for invalid JSON */
  {
    static char deep[1024];
    int d, o = sprintf(deep, "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\",\"params\":{\"a\":");
    for (d = 0; d < E2B_MCP__JSON_DEPTH; d++) deep[o++] = '[';
    for (d = 0; d < E2B_MCP__JSON_DEPTH; d++) deep[o++] = ']';
    strcpy(deep + o, "}}");
    CHECK(rpc(deep) == 1 && err_code(0) == -32600 && CONTAINS(msg(0), "deeper"));
  }
  /* valid JSON that is neither a request, a notification nor a response: -32600, id null */
  CHECK(rpc("{\"a\":1}") == 1 && err_code(0) == -32600 && jis(0, "id", "null"));
  CHECK(rpc("{}") == 1 && err_code(0) == -32600 && jis(0, "id", "null"));
  CHECK(rpc("{\"jsonrpc\":\"2.0\"}") == 1 && err_code(0) == -32600 && jis(0, "id", "null"));
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"method\":7}") == 1 && err_code(0) == -32600 && jis(0, "id", "null"));
  CHECK(rpc("{\"id\":5,\"result\":{}}") == 0);   /* a response, even a malformed one, is never answered */
  /* more tokens than E2B_MCP_MSG_TOKENS */
  n = (size_t)sprintf(many, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"a\":[");
  for (i = 0; i < E2B_MCP_MSG_TOKENS + 10; i++) n += (size_t)sprintf(many + n, "%s1", i ? "," : "");
  sprintf(many + n, "]}}");
  CHECK(rpc(many) == 1 && err_code(0) == -32600 && CONTAINS(msg(0), "E2B_MCP_MSG_TOKENS"));
  /* no answers to responses and notifications */
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{}}") == 0 && out.n == 0);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":6,\"error\":{\"code\":1,\"message\":\"x\"}}") == 0 && out.n == 0);
  /* neither a request nor a response */
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":8}") == 1 && err_code(0) == -32600 && jis(0, "id", "8"));
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/whatever\"}") == 0 && out.n == 0);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":1}}") == 0);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}") == 0);
  /* and the server keeps serving */
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\"}") == 1 && jis(0, "id", "9") && jhas(0, "result"));
}

static void test_versions(void) {
  static const char *const vs[] = { "2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25" };
  int i;
  for (i = 0; i < 4; i++) {
    setup(KEY, 0);
    init_version(vs[i]);
    CHECKM(jis(0, "result.protocolVersion", vs[i]), vs[i]);
    CHECK(jis(0, "id", "0"));
    CHECK(jhas(0, "result.capabilities.tools") && jhas(0, "result.capabilities.logging"));
    CHECK(jis(0, "result.serverInfo.name", "e2b-mcp") && jis(0, "result.serverInfo.version", E2B_MCP_VERSION));
    CHECK(jhas(0, "result.serverInfo.title") == (i >= 2));
    CHECK(jhas(0, "result.instructions") && CONTAINS(J(0, "result.instructions"), "e2b_list_sandboxes"));
    CHECK(rpc("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}") == 0);
    CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}") == 1);
    CHECK(jis(0, "result.tools.0.name", "e2b_list_sandboxes"));
    CHECK(jhas(0, "result.tools.0.inputSchema"));
    CHECKM(jhas(0, "result.tools.0.title") == (i >= 2), vs[i]);
    CHECKM(jhas(0, "result.tools.0.outputSchema") == (i >= 2), vs[i]);
    CHECKM(jhas(0, "result.tools.0.annotations") == (i >= 1), vs[i]);
    if (i >= 1) CHECK(jis(0, "result.tools.0.annotations.readOnlyHint", "true"));
  }
  /* an unknown or missing version: the latest */
  setup(KEY, 0);
  init_version("1999-01-01");
  CHECK(jis(0, "result.protocolVersion", "2025-11-25"));
  setup(KEY, 0);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}") == 1 && jis(0, "result.protocolVersion", "2025-11-25"));
  setup(KEY, 0);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}") == 1 && jis(0, "result.protocolVersion", "2025-11-25"));
  /* a custom name and instructions */
  {
    e2b_mcp_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.api_url = "http://sim.test:8080";
    cfg.sock_port = &port;
    cfg.server_name = "board-agent";
    cfg.instructions = "Be brief.";
    CHECK(e2b_mcp_init(&srv, &cfg) == 0);
    init_version("2025-06-18");
    CHECK(jis(0, "result.serverInfo.name", "board-agent") && jis(0, "result.instructions", "Be brief."));
  }
}

static void test_batches(void) {
  static const char batch[] =
    "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"},{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"},"
    "{\"jsonrpc\":\"2.0\",\"id\":\"two\",\"method\":\"nope\"},7,"
    "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"progress\",\"_meta\":{\"progressToken\":\"p\"}}}]";
  setup(KEY, 0);
  add_tools();
  init_version("2025-03-26");
  CHECK(rpc(batch) == 1 && out.n == 1);
  CHECK(msg(0)[0] == '[');
  CHECK(jis(0, "0.id", "1") && jhas(0, "0.result"));
  CHECK(jis(0, "1.id", "two") && jis(0, "1.error.code", "-32601"));
  CHECK(jis(0, "2.id", "null") && jis(0, "2.error.code", "-32600"));
  CHECK(jis(0, "3.id", "3") && jis(0, "3.result.content.0.text", "done"));
  CHECK(!CONTAINS(msg(0), "notifications/progress"));   /* no notifications inside a batch answer */
  CHECK(!jhas(0, "4"));
  /* only notifications: nothing to answer */
  CHECK(rpc("[{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}]") == 0 && out.n == 0);
  CHECK(rpc("[]") == 1 && err_code(0) == -32600);
  /* initialize must not be batched; the rest of the batch is answered */
  CHECK(rpc("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-03-26\"}},"
            "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}]") == 1);
  CHECK(jis(0, "0.id", "1") && jis(0, "0.error.code", "-32600") && jis(0, "1.id", "2") && jhas(0, "1.result"));
  /* other revisions refuse batches */
  init_version("2025-06-18");
  CHECK(rpc("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]") == 1 && err_code(0) == -32600 && CONTAINS(msg(0), "2025-03-26"));
  init_version("2024-11-05");
  CHECK(rpc("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]") == 1 && err_code(0) == -32600);
}

/* ---- tools ---- */

/* tools/list at a cursor (the index of the page's first tool), the answer in slot 0. */
static int list_at(int cursor) {
  char req[128];
  snprintf(req, sizeof req, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"cursor\":\"%d\"}}", cursor);
  return rpc(req);
}

static void test_tools_list(void) {
  char req[160], cursor[32], names[64][64];
  int pages = 0, total = 0, i, j, dup = 0, saw_board = 0, saw_kill = 0, builtin, kill = -1;
  setup(KEY, 0);
  builtin = srv.ntools;       /* the header's table, kill left out */
  add_tools();
  init_version("2025-06-18");
  cursor[0] = 0;
  for (;;) {
    int n;
    if (cursor[0]) snprintf(req, sizeof req, "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"tools/list\",\"params\":{\"cursor\":\"%s\"}}", pages + 10, cursor);
    else snprintf(req, sizeof req, "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"tools/list\",\"params\":{}}", pages + 10);
    CHECK(rpc(req) == 1 && jhas(0, "result.tools"));
    n = jlen(0, "result.tools");
    CHECK(n >= 1 && n <= 5);
    for (i = 0; i < n && total < 64; i++) {
      char path[32];
      snprintf(path, sizeof path, "result.tools.%d.name", i);
      snprintf(names[total++], sizeof names[0], "%.60s", J(0, path) ? jp_val : "?");
    }
    pages++;
    if (!jhas(0, "result.nextCursor")) { CHECK(n <= 5); break; }
    CHECK(n == 5);
    snprintf(cursor, sizeof cursor, "%s", J(0, "result.nextCursor"));
    if (pages > 10) break;
  }
  CHECK(total == builtin + 7);     /* the E2B tools (kill is off) and 7 of ours */
  CHECK(pages == (total + 4) / 5);
  for (i = 0; i < total; i++) {
    for (j = i + 1; j < total; j++) if (strcmp(names[i], names[j]) == 0) dup++;
    if (strcmp(names[i], "board_temperature") == 0) saw_board = 1;
    if (strcmp(names[i], "e2b_kill_sandbox") == 0) saw_kill = 1;
  }
  CHECK(dup == 0 && saw_board && !saw_kill);
  /* bad cursors */
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"cursor\":\"abc\"}}") == 1 && err_code(0) == -32602);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"cursor\":\"0\"}}") == 1 && err_code(0) == -32602);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"cursor\":\"-5\"}}") == 1 && err_code(0) == -32602);
  CHECK(list_at(total) == 1 && err_code(0) == -32602);   /* one past the last tool */
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"cursor\":\"99999999999999999999\"}}") == 1 && err_code(0) == -32602);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"cursor\":5}}") == 1 && err_code(0) == -32602);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"cursor\":null}}") == 1 && jis(0, "result.tools.0.name", "e2b_list_sandboxes"));
  /* our tools as listed (after the E2B tools, in the order added): title, schemas, hints */
  CHECK(list_at(builtin - 2) == 1);
  CHECK(jis(0, "result.tools.2.name", "board_temperature") && jis(0, "result.tools.2.title", "Board temperature"));
  CHECK(jis(0, "result.tools.2.annotations.readOnlyHint", "true") && jis(0, "result.tools.2.annotations.openWorldHint", "false"));
  CHECK(jis(0, "result.tools.2.outputSchema.type", "object"));
  CHECK(jis(0, "result.tools.3.description", "Every kind of content block."));
  CHECK(jis(0, "result.tools.4.description", "fail"));   /* no description: the name */

  /* with E2B_MCP_ENABLE_KILL: one E2B tool more, kill, annotated destructive */
  setup(KEY, 1);
  init_version("2025-06-18");
  for (i = 0; i < srv.ntools; i++) if (strcmp(srv.tools[i]->name, "e2b_kill_sandbox") == 0) kill = i;
  CHECK(srv.ntools == builtin + 1 && kill >= 0 && list_at(kill) == 1);
  CHECK(jlen(0, "result.tools") == (srv.ntools - kill < 5 ? srv.ntools - kill : 5) && jhas(0, "result.nextCursor") == (srv.ntools - kill > 5));
  CHECK(jis(0, "result.tools.0.name", "e2b_kill_sandbox") && jis(0, "result.tools.0.annotations.destructiveHint", "true"));
  CHECK(jis(0, "result.tools.0.annotations.readOnlyHint", "false"));

  /* registration rules */
  CHECK(e2b_mcp_add_tool(&srv, &tool_board) == 0);
  CHECK(e2b_mcp_add_tool(&srv, &tool_board) == -1);   /* a duplicate name */
  {
    static e2b_mcp_tool bad, extra[E2B_MCP_MAX_TOOLS + 2];
    static char names2[E2B_MCP_MAX_TOOLS + 2][24];
    int added = 0;
    bad = tool_board; bad.name = "other"; bad.fn = NULL;
    CHECK(e2b_mcp_add_tool(&srv, &bad) == -1);
    bad.fn = t_board; bad.input_schema = NULL;
    CHECK(e2b_mcp_add_tool(&srv, &bad) == -1);
    CHECK(e2b_mcp_add_tool(&srv, NULL) == -1);
    bad.input_schema = "{}"; bad.name = NULL;
    CHECK(e2b_mcp_add_tool(&srv, &bad) == -1);
    CHECK(e2b_mcp_add_tool(&srv, &tool_blocks) == 0);
    for (i = 0; i < E2B_MCP_MAX_TOOLS + 2; i++) {
      extra[i] = tool_board;
      snprintf(names2[i], sizeof names2[i], "extra_%d", i);
      extra[i].name = names2[i];
      if (e2b_mcp_add_tool(&srv, &extra[i]) == 0) added++;
    }
    /* E2B_MCP_MAX_TOOLS custom slots in all; kill took none of them */
    CHECK(added == E2B_MCP_MAX_TOOLS - 2);
  }
}

static void test_tools_call(void) {
  e2b_mcp_result r;
  setup(KEY, 0);
  add_tools();
  init_version("2025-06-18");
  /* protocol faults are JSON-RPC errors */
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"nope\"}}") == 1 && err_code(0) == -32602 &&
        CONTAINS(msg(0), "nope"));
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_kill_sandbox\",\"arguments\":{\"sandbox_id\":\"x\"}}}") == 1 &&
        err_code(0) == -32602);   /* not exposed without E2B_MCP_ENABLE_KILL */
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{}}") == 1 && err_code(0) == -32602);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\"}") == 1 && err_code(0) == -32602);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":5}}") == 1 && err_code(0) == -32602);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"board_temperature\",\"arguments\":[1]}}") == 1 &&
        err_code(0) == -32602);

  /* a custom tool over JSON-RPC: structuredContent and the same JSON as text */
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":\"c1\",\"method\":\"tools/call\",\"params\":{\"name\":\"board_temperature\",\"arguments\":{\"sensor\":2}}}") == 1);
  CHECK(jis(0, "id", "c1") && jis(0, "result.isError", "false"));
  CHECK(jis(0, "result.structuredContent.celsius", "21") && jis(0, "result.structuredContent.sensor", "2"));
  CHECK(jis(0, "result.content.0.type", "text") && jis(0, "result.content.0.text", "{\\\"celsius\\\":21,\\\"sensor\\\":2}"));
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"board_temperature\",\"arguments\":null}}") == 1 &&
        jis(0, "result.structuredContent.sensor", "0"));
  /* before 2025-06-18: no structuredContent, the text only */
  init_version("2025-03-26");
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"board_temperature\"}}") == 1);
  CHECK(!jhas(0, "result.structuredContent") && jis(0, "result.content.0.text", "{\\\"celsius\\\":21,\\\"sensor\\\":0}"));
  init_version("2025-11-25");

  /* a tool error is a result with isError, not a JSON-RPC error */
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"fail\"}}") == 1);
  CHECK(!jhas(0, "error") && jis(0, "result.isError", "true") && jis(0, "result.content.0.text", "sensor 3 is offline"));
  CHECK(!jhas(0, "result.structuredContent"));

  /* every kind of content block */
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":\"blocks\"}}") == 1);
  CHECK(jlen(0, "result.content") == 5);
  CHECK(jis(0, "result.content.0.type", "text") && jis(0, "result.content.0.text", "hello \\\"world\\\"\\n"));
  CHECK(jis(0, "result.content.1.type", "image") && jis(0, "result.content.1.data", "iVBORw0KGgo=") && jis(0, "result.content.1.mimeType", "image/png"));
  CHECK(jis(0, "result.content.2.type", "audio") && jis(0, "result.content.2.data", "UklGRg==") && jis(0, "result.content.2.mimeType", "audio/wav"));
  CHECK(jis(0, "result.content.3.type", "resource") && jis(0, "result.content.3.resource.uri", "file:///etc/motd") &&
        jis(0, "result.content.3.resource.mimeType", "text/plain") && jis(0, "result.content.3.resource.text", "welcome"));
  CHECK(jis(0, "result.content.4.type", "resource_link") && jis(0, "result.content.4.uri", "https://e2b.dev/docs") &&
        jis(0, "result.content.4.name", "docs") && jis(0, "result.content.4.mimeType", "text/html"));
  CHECK(jis(0, "result.isError", "false") && !jhas(0, "result.structuredContent"));

  /* a result larger than the buffer is a clear error, never a cut JSON */
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/call\",\"params\":{\"name\":\"big\"}}") == 1);
  CHECK(jis(0, "result.isError", "true") && CONTAINS(J(0, "result.content.0.text"), "does not fit"));

  /* arguments as a handler sees them */
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"args\",\"arguments\":{\"s\":\"h\\u00e9\",\"i\":-12,\"b\":true}}}") == 1);
  CHECK(jis(0, "result.structuredContent.s", "1") && jis(0, "result.structuredContent.i", "1") && jis(0, "result.structuredContent.b", "1"));
  CHECK(jis(0, "result.structuredContent.sv", "h\xc3\xa9") && jis(0, "result.structuredContent.iv", "-12") && jis(0, "result.structuredContent.bv", "1"));
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/call\",\"params\":{\"name\":\"args\",\"arguments\":{\"s\":5,\"i\":\"5\",\"b\":\"yes\"}}}") == 1);
  CHECK(jis(0, "result.structuredContent.s", "-1") && jis(0, "result.structuredContent.i", "-1") && jis(0, "result.structuredContent.b", "-1"));
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\",\"params\":{\"name\":\"args\",\"arguments\":{\"s\":\"toolongvalue\",\"i\":1.5,\"b\":null}}}") == 1);
  CHECK(jis(0, "result.structuredContent.s", "-1") && jis(0, "result.structuredContent.i", "-1") && jis(0, "result.structuredContent.b", "0"));
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"tools/call\",\"params\":{\"name\":\"args\",\"arguments\":{}}}") == 1);
  CHECK(jis(0, "result.structuredContent.s", "0") && jis(0, "result.structuredContent.i", "0") && jis(0, "result.structuredContent.b", "0"));

  /* in-process */
  CHECK(e2b_mcp_call_tool(&srv, "board_temperature", "{\"sensor\":4}", &r) == 0);
  CHECK(!r.is_error && r.json && strcmp(r.json, "{\"celsius\":21,\"sensor\":4}") == 0 && r.json_len == strlen(r.json));
  CHECK(r.content == NULL && r.content_len == 0 && r.message && r.message[0] == 0);
  CHECK(e2b_mcp_call_tool(&srv, "board_temperature", NULL, &r) == 0 && !r.is_error && CONTAINS(r.json, "\"sensor\":0"));
  CHECK(e2b_mcp_call_tool(&srv, "board_temperature", "", &r) == 0 && !r.is_error);
  CHECK(e2b_mcp_call_tool(&srv, "board_temperature", "  {}  ", &r) == 0 && !r.is_error);
  /* unknown argument names: free unless the schema says additionalProperties: false */
  CHECK(e2b_mcp_add_tool(&srv, &tool_strict) == 0 && e2b_mcp_add_tool(&srv, &tool_strict_none) == 0);
  CHECK(e2b_mcp_call_tool(&srv, "board_temperature", "{\"sensor\":4,\"unit\":\"F\"}", &r) == 0 && !r.is_error);
  CHECK(e2b_mcp_call_tool(&srv, "strict", "{\"sensor\":4}", &r) == 0 && !r.is_error);
  CHECK(e2b_mcp_call_tool(&srv, "strict", "{\"sensor\":4,\"unit\":\"F\"}", &r) == 0 && r.is_error &&
        strcmp(r.message, "Invalid argument 'unit': this tool has no such argument; it takes sensor, mode. Nothing was sent to E2B.") == 0);
  CHECK(e2b_mcp_call_tool(&srv, "strict_none", "{}", &r) == 0 && !r.is_error);
  CHECK(e2b_mcp_call_tool(&srv, "strict_none", "{\"a\":1}", &r) == 0 && r.is_error && CONTAINS(r.message, "'a': this tool takes no arguments"));
  CHECK(e2b_mcp_call_tool(&srv, "fail", "{}", &r) == 0);
  CHECK(r.is_error && r.json == NULL && strcmp(r.message, "sensor 3 is offline") == 0);
  CHECK(r.content && CONTAINS(r.content, "\"type\":\"text\"") && CONTAINS(r.content, "sensor 3 is offline"));
  CHECK(e2b_mcp_call_tool(&srv, "blocks", NULL, &r) == 0 && !r.is_error && r.json == NULL && r.content &&
        r.content_len == strlen(r.content) && CONTAINS(r.content, "\"type\":\"resource_link\""));
  CHECK(e2b_mcp_call_tool(&srv, "log", NULL, &r) == 0 && !r.is_error);          /* no sink: logs go nowhere */
  CHECK(e2b_mcp_call_tool(&srv, "progress", NULL, &r) == 0 && !r.is_error);
  CHECK(e2b_mcp_call_tool(&srv, "big", NULL, &r) == 0 && r.is_error && CONTAINS(r.message, "does not fit"));
  /* a result that fills the buffer to the last byte: an error, or whole JSON - never its last byte cut for a NUL */
  CHECK(e2b_mcp_add_tool(&srv, &tool_exact) == 0);
  CHECK(e2b_mcp_call_tool(&srv, "exact", NULL, &r) == 0);
  CHECK(r.is_error ? CONTAINS(r.message, "does not fit") : (r.json_len > 0 && r.json[r.json_len - 1] == '}' && strlen(r.json) == r.json_len));
  CHECK(e2b_mcp_call_tool(&srv, "nope", NULL, &r) == -1);
  CHECK(e2b_mcp_call_tool(&srv, "board_temperature", "[1]", &r) == -1);
  CHECK(e2b_mcp_call_tool(&srv, "board_temperature", "{bad", &r) == -1);
  CHECK(e2b_mcp_call_tool(&srv, "board_temperature", "{} {}", &r) == -1);
  CHECK(e2b_mcp_call_tool(&srv, "board_temperature", "{\"a\":tru}", &r) == -1);
  CHECK(out.leaks == 0);
}

static void test_logging(void) {
  int i;
  setup(KEY, 0);
  add_tools();
  init_version("2025-06-18");
  /* default level info: info, warning, error */
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"log\"}}") == 4);
  for (i = 0; i < 3; i++) CHECK(jis(i, "method", "notifications/message") && !jhas(i, "id") && jis(i, "params.logger", "log"));
  CHECK(jis(0, "params.level", "info") && jis(0, "params.data", "i2"));
  CHECK(jis(1, "params.level", "warning") && jis(1, "params.data", "w \\\"q\\\""));
  CHECK(jis(2, "params.level", "error") && jis(2, "params.data", "e4"));
  CHECK(jis(3, "id", "1") && jis(3, "result.content.0.text", "logged"));
  /* logging/setLevel */
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"error\"}}") == 1 && jhas(0, "result"));
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"log\"}}") == 2 && jis(0, "params.level", "error"));
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"debug\"}}") == 1);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":\"log\"}}") == 5 && jis(0, "params.level", "debug") &&
        jis(0, "params.data", "d1"));
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"emergency\"}}") == 1);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"log\"}}") == 1);
  /* bad levels */
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"loud\"}}") == 1 && err_code(0) == -32602);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"logging/setLevel\",\"params\":{}}") == 1 && err_code(0) == -32602);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"logging/setLevel\"}") == 1 && err_code(0) == -32602);
}

static void test_progress(void) {
  setup(KEY, 0);
  add_tools();
  init_version("2025-11-25");
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"progress\",\"_meta\":{\"progressToken\":\"tok-1\"}}}") == 4);
  CHECK(jis(0, "method", "notifications/progress") && jis(0, "params.progressToken", "tok-1") && CONTAINS(msg(0), "\"progressToken\":\"tok-1\""));
  CHECK(jis(0, "params.progress", "1") && jis(0, "params.total", "3") && jis(0, "params.message", "one"));
  CHECK(jis(1, "params.progress", "2") && jis(1, "params.message", "two"));
  CHECK(jis(2, "params.progress", "3") && !jhas(2, "params.message"));   /* the step back was not sent */
  CHECK(jis(3, "id", "1") && jis(3, "result.content.0.text", "done"));
  /* a numeric token */
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"progress\",\"_meta\":{\"progressToken\":42}}}") == 4);
  CHECK(CONTAINS(msg(0), "\"progressToken\":42,"));
  /* no token, no notifications */
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"progress\"}}") == 1);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"progress\",\"_meta\":{}}}") == 1);
  /* 2024-11-05 has no progress message */
  init_version("2024-11-05");
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":\"progress\",\"_meta\":{\"progressToken\":\"t\"}}}") == 4);
  CHECK(jis(0, "params.progress", "1") && !jhas(0, "params.message"));
}

/* ---- the E2B tools: arguments refused before any request ---- */

static void refused(const char *tool, const char *args, const char *arg_name) {
  e2b_mcp_result r;
  char note[512], want[64];
  m.opens = m.sends = 0;
  snprintf(note, sizeof note, "%s %s", tool, args);
  CHECKM(e2b_mcp_call_tool(&srv, tool, args, &r) == 0, note);
  snprintf(want, sizeof want, strncmp(arg_name, "name '", 6) == 0 ? "Invalid argument %s'" : "Invalid argument '%s'", arg_name);
  CHECKM(r.is_error && CONTAINS(r.message, want) && CONTAINS(r.message, "Nothing was sent"), note);
  CHECKM(m.opens == 0 && m.sends == 0, note);
}

static void test_bad_arguments(void) {
  static const char *const id_tools[] = { "e2b_get_sandbox", "e2b_get_sandbox_logs", "e2b_get_sandbox_metrics", "e2b_set_sandbox_timeout",
                                          "e2b_pause_sandbox", "e2b_resume_sandbox", "e2b_kill_sandbox", "e2b_list_snapshots" };
  static const char *const bad_ids[] = { "\"a/b\"", "\"../etc\"", "\"..\"", "\"a%2fb\"", "\"a b\"", "\"a\\r\\nX-Evil: 1\"", "\"a\\nb\"", "\"\"",
                                         "\"a?b\"", "\"a#b\"", "\"sb\\u0000x\"", "\"a.b\"", "\"\\u00e9\"", "5", "true", "[\"sb1\"]", "{}",
                                         "\"0123456789012345678901234567890123456789012345678901234567890123456789\"" };
  char args[512];
  size_t i, j;
  e2b_mcp_result r;
  setup(KEY, 1);
  for (i = 0; i < sizeof id_tools / sizeof id_tools[0]; i++)
    for (j = 0; j < sizeof bad_ids / sizeof bad_ids[0]; j++) {
      int timed = strstr(id_tools[i], "timeout") || strstr(id_tools[i], "resume");   /* the tools that take one */
      snprintf(args, sizeof args, "{\"sandbox_id\":%s%s}", bad_ids[j], timed ? ",\"timeout\":60" : "");
      refused(id_tools[i], args, "sandbox_id");
    }
  for (j = 0; j < sizeof bad_ids / sizeof bad_ids[0]; j++) {
    snprintf(args, sizeof args, "{\"template_id\":%s}", bad_ids[j]);
    refused("e2b_list_template_builds", args, "template_id");
  }
  /* required */
  refused("e2b_get_sandbox", "{}", "sandbox_id");
  refused("e2b_get_sandbox", NULL, "sandbox_id");
  refused("e2b_list_template_builds", "{}", "template_id");
  refused("e2b_set_sandbox_timeout", "{\"sandbox_id\":\"sb1\"}", "timeout");
  /* template references for create: names with / and :tag are fine, paths are not */
  refused("e2b_create_sandbox", "{\"template_id\":\"../base\"}", "template_id");
  refused("e2b_create_sandbox", "{\"template_id\":\"a b\"}", "template_id");
  refused("e2b_create_sandbox", "{\"template_id\":\"a%20b\"}", "template_id");
  refused("e2b_create_sandbox", "{\"template_id\":\"a\\r\\nb\"}", "template_id");
  refused("e2b_create_sandbox", "{\"template_id\":\"\"}", "template_id");
  refused("e2b_create_sandbox", "{\"template_id\":7}", "template_id");
  /* out of range and wrong types */
  refused("e2b_list_sandboxes", "{\"limit\":0}", "limit");
  refused("e2b_list_sandboxes", "{\"limit\":101}", "limit");
  refused("e2b_list_sandboxes", "{\"limit\":\"5\"}", "limit");
  refused("e2b_list_sandboxes", "{\"limit\":2.5}", "limit");
  refused("e2b_list_sandboxes", "{\"state\":\"running\"}", "state");
  refused("e2b_list_sandboxes", "{\"state\":[\"stopped\"]}", "state");
  refused("e2b_list_sandboxes", "{\"metadata\":5}", "metadata");
  refused("e2b_list_sandboxes", "{\"metadata\":{\"a\":1}}", "metadata");
  refused("e2b_list_sandboxes", "{\"metadata\":\"novalue\"}", "metadata");
  refused("e2b_list_sandboxes", "{\"started_after\":\"yesterday\"}", "started_after");
  refused("e2b_list_sandboxes", "{\"next_token\":5}", "next_token");
  refused("e2b_list_templates", "{\"limit\":-1}", "limit");
  refused("e2b_list_snapshots", "{\"limit\":1000}", "limit");
  refused("e2b_create_sandbox", "{\"timeout\":-1}", "timeout");
  refused("e2b_create_sandbox", "{\"timeout\":0}", "timeout");
  refused("e2b_create_sandbox", "{\"timeout\":86401}", "timeout");
  refused("e2b_create_sandbox", "{\"timeout\":\"60\"}", "timeout");
  refused("e2b_create_sandbox", "{\"auto_pause\":\"yes\"}", "auto_pause");
  refused("e2b_create_sandbox", "{\"allow_internet_access\":1}", "allow_internet_access");
  refused("e2b_create_sandbox", "{\"metadata\":{\"a\":1}}", "metadata");
  refused("e2b_create_sandbox", "{\"env_vars\":[\"A=1\"]}", "env_vars");
  refused("e2b_set_sandbox_timeout", "{\"sandbox_id\":\"sb1\",\"timeout\":0}", "timeout");
  refused("e2b_set_sandbox_timeout", "{\"sandbox_id\":\"sb1\",\"timeout\":99999}", "timeout");
  refused("e2b_resume_sandbox", "{\"sandbox_id\":\"sb1\",\"timeout\":-5}", "timeout");
  refused("e2b_pause_sandbox", "{\"sandbox_id\":\"sb1\",\"memory\":\"no\"}", "memory");
  refused("e2b_get_sandbox_logs", "{\"sandbox_id\":\"sb1\",\"limit\":0}", "limit");
  refused("e2b_get_sandbox_logs", "{\"sandbox_id\":\"sb1\",\"limit\":1001}", "limit");
  refused("e2b_get_sandbox_logs", "{\"sandbox_id\":\"sb1\",\"cursor\":-1}", "cursor");
  refused("e2b_get_sandbox_logs", "{\"sandbox_id\":\"sb1\",\"direction\":\"up\"}", "direction");
  refused("e2b_get_sandbox_logs", "{\"sandbox_id\":\"sb1\",\"level\":\"fatal\"}", "level");
  refused("e2b_get_sandbox_metrics", "{\"sandbox_id\":\"sb1\",\"start\":200,\"end\":100}", "start");
  refused("e2b_get_sandbox_metrics", "{\"sandbox_id\":\"sb1\",\"start\":-1}", "start");
  /* an argument name written with escapes: the check decoded it and the tool, comparing it as written, ignored it
     (a create without its env vars); refused for every tool, with a clear error, nothing sent (issue 31) */
  refused("e2b_create_sandbox", "{\"template_id\":\"base\",\"e\\u006ev_vars\":{\"A\":\"1\"}}", "name 'e\\u006ev_vars");
  refused("e2b_get_sandbox", "{\"s\\u0061ndbox_id\":\"sb1\"}", "name 's\\u0061ndbox_id");
  refused("e2b_list_sandboxes", "{\"lim\\u0069t\":5}", "name 'lim\\u0069t");
  {
    char big[400];
    memset(big, 'a', 300); big[300] = 0;
    snprintf(args, sizeof args, "{\"sandbox_id\":\"sb1\",\"search\":\"%s\"}", big);
    refused("e2b_get_sandbox_logs", args, "search");
  }
  /* over JSON-RPC: a result with isError, and the session goes on */
  init_version("2025-06-18");
  m.opens = m.sends = 0;
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_get_sandbox\",\"arguments\":{\"sandbox_id\":\"../x\"}}}") == 1);
  CHECK(jis(0, "result.isError", "true") && CONTAINS(J(0, "result.content.0.text"), "sandbox_id") && m.opens == 0);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}") == 1 && jhas(0, "result"));
  /* valid IDs do go out */
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 200 OK\r\nContent-Length: 47\r\n\r\n{\"sandboxID\":\"i1a2b3c4-d5_e6\",\"templateID\":\"b\"}");
  CHECK(e2b_mcp_call_tool(&srv, "e2b_get_sandbox", "{\"sandbox_id\":\"i1a2b3c4-d5_e6\"}", &r) == 0 && !r.is_error && m.opens == 1);
  CHECK(out.leaks == 0);
}

static void test_keys(void) {
  e2b_mcp_result r;
  setup(NULL, 0);
  CHECK(e2b_mcp_call_tool(&srv, "e2b_list_sandboxes", NULL, &r) == 0);
  CHECK(r.is_error && CONTAINS(r.message, "E2B_API_KEY is not set") && CONTAINS(r.message, "e2b_") && m.opens == 0);
  /* tools are still listed */
  init_version("2025-06-18");
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}") == 1 && jis(0, "result.tools.0.name", "e2b_list_sandboxes"));
  setup("", 0);
  CHECK(e2b_mcp_call_tool(&srv, "e2b_get_sandbox", "{\"sandbox_id\":\"sb1\"}", &r) == 0 && r.is_error && CONTAINS(r.message, "E2B_API_KEY is not set"));
  setup("sk_e2b_0123456789abcdef0123456789abcdef", 0);
  CHECK(e2b_mcp_call_tool(&srv, "e2b_list_sandboxes", NULL, &r) == 0);
  CHECK(r.is_error && CONTAINS(r.message, "personal access token") && CONTAINS(r.message, "team API key") && m.opens == 0);
  CHECK(!CONTAINS(r.message, "0123456789abcdef"));
  init_version("2025-06-18");
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_create_sandbox\"}}") == 1);
  CHECK(jis(0, "result.isError", "true") && CONTAINS(msg(0), "personal access token") && !CONTAINS(msg(0), "sk_e2b_0123"));
  setup("e2b_has space", 0);
  CHECK(e2b_mcp_call_tool(&srv, "e2b_list_sandboxes", NULL, &r) == 0 && r.is_error && CONTAINS(r.message, "not a team API key") && m.opens == 0);
  CHECK(!CONTAINS(r.message, "has space"));
  setup("e2b_a\r\nX-Evil: 1", 0);
  CHECK(e2b_mcp_call_tool(&srv, "e2b_list_sandboxes", NULL, &r) == 0 && r.is_error && m.opens == 0);
  setup("abc", 0);
  CHECK(e2b_mcp_call_tool(&srv, "e2b_list_sandboxes", NULL, &r) == 0 && r.is_error && CONTAINS(r.message, "not a team API key"));
  /* bad URLs fail at init */
  {
    e2b_mcp_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.api_key = KEY;
    cfg.sock_port = &port;
    cfg.api_url = "ftp://x"; CHECK(e2b_mcp_init(&srv, &cfg) == E2B_MCP_ERR_URL);
    cfg.api_url = "http://"; CHECK(e2b_mcp_init(&srv, &cfg) == E2B_MCP_ERR_URL);
    cfg.api_url = "http://h:0"; CHECK(e2b_mcp_init(&srv, &cfg) == E2B_MCP_ERR_URL);
    cfg.api_url = "http://h:65536"; CHECK(e2b_mcp_init(&srv, &cfg) == E2B_MCP_ERR_URL);
    cfg.api_url = "http://user@h"; CHECK(e2b_mcp_init(&srv, &cfg) == E2B_MCP_ERR_URL);
    cfg.api_url = "http://h/a b"; CHECK(e2b_mcp_init(&srv, &cfg) == E2B_MCP_ERR_URL);
    cfg.api_url = "http://h/p?q=1"; CHECK(e2b_mcp_init(&srv, &cfg) == E2B_MCP_ERR_URL);
    cfg.api_url = "http://h:8080/p/"; CHECK(e2b_mcp_init(&srv, &cfg) == 0 && strcmp(srv.api.prefix, "/p") == 0 && srv.api.port == 8080);
  }
}

/* ---- elicitation: the server asks the user before billing ---- */

static void test_elicitation(void) {
  static const char init[] =
    "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
    "\"capabilities\":{\"elicitation\":{}},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
  static const char create[] =
    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_create_sandbox\",\"arguments\":{\"template_id\":\"base\",\"timeout\":60}}}";
  e2b_mcp_result r;
  setup(KEY, 0);
  CHECK(rpc(init) == 1);
  /* no request reaches the client before its notifications/initialized */
  elicit.action = "decline"; elicit.asked = 0;
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 201 Created\r\nContent-Length: 39\r\n\r\n{\"sandboxID\":\"sb6\",\"templateID\":\"base\"}");
  CHECK(arpc(create) == 1 && elicit.asked == 0 && jis(0, "result.isError", "false") && m.opens == 1);
  e2b_mcp_close(&srv);
  fake_reset(&m);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}") == 0);
  /* a blocking e2b_mcp_handle cannot take the answer: the client is not asked */
  elicit.asked = 0;
  e2b_mcp_close(&srv);
  fake_reset(&m);
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 201 Created\r\nContent-Length: 39\r\n\r\n{\"sandboxID\":\"sb5\",\"templateID\":\"base\"}");
  CHECK(rpc(create) == 1 && !CONTAINS(msg(0), "elicitation/create") && jis(0, "result.isError", "false") && m.opens == 1);
  e2b_mcp_close(&srv);
  fake_reset(&m);
  /* declined: nothing is sent */
  elicit.action = "decline";
  CHECK(arpc(create) == 2);
  CHECK(elicit.asked == 1 && jis(0, "method", "elicitation/create") && jhas(0, "id") && jis(0, "params.mode", "form"));
  CHECK(CONTAINS(J(0, "params.message"), "base") && jis(0, "params.requestedSchema.type", "object"));
  CHECK(jis(1, "id", "1") && jis(1, "result.isError", "true") && CONTAINS(J(1, "result.content.0.text"), "declined"));
  CHECK(m.opens == 0 && m.sends == 0);
  /* accepted but unchecked, or without the field */
  elicit.action = "accept"; elicit.confirm = 0;
  CHECK(arpc(create) == 2 && jis(1, "result.isError", "true") && m.opens == 0);
  elicit.confirm = -1;
  CHECK(arpc(create) == 2 && jis(1, "result.isError", "true") && m.opens == 0);
  /* the call cancelled while asked: no answer at all */
  elicit.action = "cancel-call";
  CHECK(arpc(create) == 1 && jis(0, "method", "elicitation/create") && m.opens == 0);
  /* dismissed (cancel): said so, not "declined" */
  elicit.action = "cancel";
  CHECK(arpc(create) == 2 && jis(1, "result.isError", "true") && m.opens == 0);
  CHECKM(CONTAINS(J(1, "result.content.0.text"), "dismissed") && !CONTAINS(J(1, "result.content.0.text"), "declined"), msg(1));
  /* no answer in time: not a yes, and said so */
  elicit.action = NULL;
  CHECK(arpc(create) == 2 && jis(1, "result.isError", "true") && m.opens == 0);
  CHECKM(CONTAINS(J(1, "result.content.0.text"), "did not answer") && !CONTAINS(J(1, "result.content.0.text"), "declined"), msg(1));
  /* accepted: the request goes out */
  elicit.action = "accept"; elicit.confirm = 1;
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 201 Created\r\nContent-Length: 39\r\n\r\n{\"sandboxID\":\"sb7\",\"templateID\":\"base\"}");
  CHECK(arpc(create) == 2 && jis(1, "result.isError", "false") && jis(1, "result.structuredContent.sandboxID", "sb7") && m.opens == 1);
  CHECK(jis(1, "result.structuredContent.timeout", "60"));
  /* 2025-06-18 has no mode field */
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{\"elicitation\":{}}}}") == 1);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}") == 0);
  elicit.action = "decline";
  CHECK(arpc(create) == 2 && jis(0, "method", "elicitation/create") && !jhas(0, "params.mode"));
  /* a client without the capability is not asked; in-process calls are never asked */
  init_version("2025-11-25");
  elicit.asked = 0;
  e2b_mcp_close(&srv);   /* a create is never retried on a stale connection: start on a fresh one */
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 201 Created\r\nContent-Length: 39\r\n\r\n{\"sandboxID\":\"sb8\",\"templateID\":\"base\"}");
  CHECKM(arpc(create) == 1 && elicit.asked == 0 && jis(0, "result.isError", "false"), msg(0));
  e2b_mcp_close(&srv);
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 201 Created\r\nContent-Length: 39\r\n\r\n{\"sandboxID\":\"sb9\",\"templateID\":\"base\"}");
  CHECK(e2b_mcp_call_tool(&srv, "e2b_create_sandbox", NULL, &r) == 0 && !r.is_error && CONTAINS(r.json, "sb9"));
  /* the sink failing: e2b_mcp_handle says so */
  {
    out.fail_write = out.writes + 1;   /* the next write fails, and all after it */
    CHECK(e2b_mcp_handle(&srv, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", 40, &out.sink) < 0);
    out.fail_write = out.failed = 0;
    mem_sink_clear(&out);
  }
}

/* ---- a simple custom tool asks its user ---- */
static int custom_runs;
static void t_ask_two(e2b_mcp_call *c) {   /* two questions, then the arguments and both answers */
  char who[32];
  int a, b, n;
  e2b_mcp_json *w;
  custom_runs++;
  if (e2b_mcp_arg_str(c, "who", who, sizeof who) != 1) { e2b_mcp_result_error(c, "who is required"); return; }
  a = e2b_mcp_confirm(c, "First?");
  if (a == 2 || c->cancelled) return;
  b = e2b_mcp_elicit(c, "Second?", "{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\"}}}");
  if (b == E2B_MCP_ASKED) return;
  if (b == -3) return;   /* cancelled: no answer is sent */
  n = b >= 0 ? e2b_mcp_json_find(c->js, c->tok, e2b_mcp_json_find(c->js, c->tok, b, "content"), "n") : -1;
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "who"); e2b_mcp_json_str(w, who);
  e2b_mcp_json_key(w, "first"); e2b_mcp_json_int(w, a);
  e2b_mcp_json_key(w, "second"); e2b_mcp_json_int(w, b < 0 ? b : n >= 0 ? atoi(c->js + c->tok[n].start) : -9);
  e2b_mcp_json_obj_end(w);
}
static const e2b_mcp_tool tool_ask_two = { "ask_two", NULL, "Asks twice.", "{\"type\":\"object\",\"properties\":{\"who\":{\"type\":\"string\"}}}",
  NULL, 0, t_ask_two, NULL, NULL, NULL };

static void test_custom_ask(void) {
  static const char call[] = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"ask_two\",\"arguments\":{\"who\":\"ada\"}}}";
  char q1[256], q2[256];
  int busy;
  setup(KEY, 0);
  CHECK(e2b_mcp_add_tool(&srv, &tool_ask_two) == 0);
  CHECK(e2b_mcp_add_tool(&srv, &tool_board) == 0);
  init_version("2025-11-25");   /* no elicitation: cannot be asked (-1), and the tool runs once */
  custom_runs = 0;
  CHECK(arpc(call) == 1 && jis(0, "result.structuredContent.first", "-1") && jis(0, "result.structuredContent.second", "-1") && custom_runs == 1);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"elicitation\":{}}}}") == 1);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}") == 0);
  /* asked, answered, asked again, answered: three runs, the arguments read on each */
  custom_runs = 0;
  mem_sink_clear(&out); seen_asks = 0;
  CHECK(e2b_mcp_submit(&srv, call, strlen(call), NULL, &out.sink) == E2B_MCP_DEFERRED && out.n == 1 && jis(0, "method", "elicitation/create"));
  CHECK(e2b_mcp_calls_in_flight(&srv) == 1 && custom_runs == 1);
  snprintf(q1, sizeof q1, "{\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{\"action\":\"accept\",\"content\":{\"confirm\":true}}}", J(0, "id"));
  /* while it waits, another tool is served at once, and a ping */
  {
    static const char board[] = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"board_temperature\",\"arguments\":{}}}";
    CHECK(e2b_mcp_submit(&srv, board, sizeof board - 1, NULL, &out.sink) == E2B_MCP_ANSWERED && out.n == 2);
  }
  CHECK(jis(1, "id", "7") && jis(1, "result.structuredContent.celsius", "21"));
  CHECK(e2b_mcp_submit(&srv, q1, strlen(q1), NULL, &out.sink) == E2B_MCP_ANSWERED && out.n == 2);   /* taken; acted on at the next step */
  e2b_mcp_step(&srv);
  CHECK(custom_runs == 2 && out.n == 3 && jis(2, "method", "elicitation/create") && jis(2, "params.message", "Second?"));
  snprintf(q2, sizeof q2, "{\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{\"action\":\"accept\",\"content\":{\"n\":42}}}", J(2, "id"));
  CHECK(e2b_mcp_submit(&srv, q1, strlen(q1), NULL, &out.sink) == 0);   /* the old question's id: nobody's answer any more */
  e2b_mcp_step(&srv);
  CHECK(custom_runs == 2 && e2b_mcp_calls_in_flight(&srv) == 1);
  CHECK(e2b_mcp_submit(&srv, q2, strlen(q2), NULL, &out.sink) == 0);
  e2b_mcp_step(&srv);
  CHECKM(custom_runs == 3 && out.n == 4 && jis(3, "id", "1") && jis(3, "result.structuredContent.who", "ada") &&
         jis(3, "result.structuredContent.first", "1") && jis(3, "result.structuredContent.second", "42"), msg(3));
  CHECK(e2b_mcp_calls_in_flight(&srv) == 0);
  /* answered, then cancelled before the next step: the answer stands against the end of
     input, the tool reads the cancel (no second question), and nothing is sent for it */
  custom_runs = 0;
  mem_sink_clear(&out);
  CHECK(e2b_mcp_submit(&srv, call, strlen(call), NULL, &out.sink) == E2B_MCP_DEFERRED && out.n == 1);
  snprintf(q1, sizeof q1, "{\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{\"action\":\"accept\",\"content\":{\"confirm\":true}}}", J(0, "id"));
  CHECK(e2b_mcp_submit(&srv, q1, strlen(q1), NULL, &out.sink) >= 0);
  CHECK(e2b_mcp_sink_eof(&srv, out.sink.ctx) == 0);
  {
    static const char cancel[] = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":1}}";
    CHECK(e2b_mcp_submit(&srv, cancel, sizeof cancel - 1, NULL, &out.sink) >= 0);
  }
  e2b_mcp_step(&srv);
  CHECKM(custom_runs == 2 && out.n == 1 && e2b_mcp_calls_in_flight(&srv) == 0, msg(0));
  /* its text held the answer and no second value (which could run past the buffer's end);
     the call gave its buffer back (the first of the pool, or the slot's own) */
  {
#ifdef E2B_MCP__POOL
    const char *said = srv.bufs[0].resp;
#else
    const char *said = srv.slots[0].own.resp;
#endif
    CHECK(srv.slots[0].rq.body_buf == NULL && srv.slots[0].said > 6 && said[srv.slots[0].said - 1] == '}' &&
          memcmp(said + srv.slots[0].said - 6, ",false", 6) != 0);
  }
  /* declined, then no answer in time: 0 and -2 */
  elicit.action = "decline"; elicit.confirm = 0; custom_runs = 0;
  CHECK(arpc(call) == 3 && jis(2, "result.structuredContent.first", "0") && jis(2, "result.structuredContent.second", "-9"));
  elicit.action = NULL;
  CHECK(arpc(call) == 3 && jis(2, "result.structuredContent.first", "0") && jis(2, "result.structuredContent.second", "-2"));
  /* cancelled while asked: -3 in its last run, and no answer */
  elicit.action = "cancel-call";
  CHECKM(arpc(call) == 1 && jis(0, "method", "elicitation/create") && e2b_mcp_calls_in_flight(&srv) == 0, msg(1));
  /* the question holds a slot: with every slot taken, a question gets no answer (0: not a yes) */
  for (busy = 0; busy < E2B_MCP_CALLS; busy++) srv.slots[busy].state = E2B_MCP__CS_ASKING, srv.slots[busy].call.tool = &tool_ask_two;
  srv.nslots = E2B_MCP_CALLS;
  elicit.action = "accept"; elicit.confirm = 1;
  mem_sink_clear(&out);
  CHECK(e2b_mcp_submit(&srv, call, strlen(call), NULL, &out.sink) == E2B_MCP_ANSWERED && out.n == 1 && jis(0, "result.structuredContent.first", "0"));
  for (busy = 0; busy < E2B_MCP_CALLS; busy++) srv.slots[busy].state = E2B_MCP__CS_FREE;
  /* in-process: never asked */
  {
    e2b_mcp_result r;
    CHECK(e2b_mcp_call_tool(&srv, "ask_two", "{\"who\":\"bo\"}", &r) == 0 && CONTAINS(r.json, "\"first\":-1"));
  }
}

/* ---- the engine's queue: calls waiting for a slot ---- */
static void test_queue(void) {
  static const char get[] = "{\"jsonrpc\":\"2.0\",\"id\":41,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_get_sandbox\",\"arguments\":{\"sandbox_id\":\"sbq\"}}}";
  static char kept[sizeof get];
  e2b_mcp_origin from;
  e2b_mcp_sink other;
  e2b_mcp_poll ps[E2B_MCP_CALLS];
  int i, timeout;
  setup(KEY, 0);
  init_version("2025-11-25");
  for (i = 0; i < E2B_MCP_CALLS; i++) { srv.slots[i].state = E2B_MCP__CS_E2B; srv.slots[i].cl.io = E2B_MCP__IO_IDLE; }   /* every slot taken */
  srv.nslots = E2B_MCP_CALLS;
  memset(&from, 0, sizeof from);
  /* without a place for its text, a call is told the server is busy */
  mem_sink_clear(&out);
  CHECK(e2b_mcp_submit(&srv, get, sizeof get - 1, NULL, &out.sink) == E2B_MCP_ANSWERED && out.n == 1 && CONTAINS(J(0, "error.message"), "busy"));
  /* with one it waits in the queue: nothing written, its sink busy, counted in flight */
  memcpy(kept, get, sizeof get);
  from.keep = kept;
  mem_sink_clear(&out);
  CHECK(e2b_mcp_submit(&srv, kept, sizeof get - 1, &from, &out.sink) == E2B_MCP_QUEUED && out.n == 0);
  CHECK(e2b_mcp_queued(&srv, &out) == 1 && e2b_mcp_sink_busy(&srv, &out) && e2b_mcp_calls_in_flight(&srv) == E2B_MCP_CALLS + 1);
  /* a ping is still answered at once, and a client gone takes its queued calls with it */
  other = out.sink;
  other.ctx = &m;   /* any other client */
  CHECK(e2b_mcp_submit(&srv, get, sizeof get - 1, &from, &other) == E2B_MCP_QUEUED && e2b_mcp_queued(&srv, &m) == 1);
  e2b_mcp_sink_gone(&srv, &m);
  CHECK(e2b_mcp_queued(&srv, &m) == 0 && e2b_mcp_queued(&srv, &out) == 1);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}") == 1 && jis(0, "id", "7"));
  /* a slot frees: the wait says something is due, and the step starts the queued call from its kept text */
  srv.slots[0].state = E2B_MCP__CS_FREE;
  for (i = 1; i < E2B_MCP_CALLS; i++) srv.slots[i].state = E2B_MCP__CS_FREE;   /* (the others end too: the fake E2B serves one) */
  timeout = -1;
  e2b_mcp_watch(&srv, ps, E2B_MCP_CALLS, &timeout);
  CHECK(timeout == 0);
  memcpy(srv.msg, "garbage that is not the call", 28);   /* s->msg is the transport's between messages */
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 200 OK\r\nContent-Length: 39\r\n\r\n{\"sandboxID\":\"sbq\",\"templateID\":\"base\"}");
  mem_sink_clear(&out);
  for (i = 0; i < 1000 && e2b_mcp_calls_in_flight(&srv); i++) e2b_mcp_step(&srv);
  CHECKM(e2b_mcp_queued(&srv, &out) == 0 && out.n == 1 && jis(0, "id", "41") && jis(0, "result.structuredContent.sandboxID", "sbq"), msg(0));
  /* a call of the same client waiting for its user: the next call is not queued behind its answer */
  for (i = 0; i < E2B_MCP_CALLS; i++) { srv.slots[i].state = E2B_MCP__CS_ASKING; srv.slots[i].has_sink = 1; srv.slots[i].sink = out.sink; srv.slots[i].call.tool = srv.tools[0]; srv.slots[i].until = 0; }
  mem_sink_clear(&out);
  CHECK(e2b_mcp_submit(&srv, kept, sizeof get - 1, &from, &out.sink) == E2B_MCP_ANSWERED && out.n == 1 && CONTAINS(J(0, "error.message"), "busy"));
  for (i = 0; i < E2B_MCP_CALLS; i++) { srv.slots[i].state = E2B_MCP__CS_FREE; srv.slots[i].has_sink = 0; }
}

/* ---- the stateless revision (2026-07-28) ---- */
#define META "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"," \
             "\"io.modelcontextprotocol/clientCapabilities\":{\"elicitation\":{}}}"
static char mbuf[4096];
/* A modern tools/call of tool with args, and extra params (text after a comma, or ""). */
static const char *mcall(const char *tool, const char *args, const char *extra) {
  snprintf(mbuf, sizeof mbuf, "{\"jsonrpc\":\"2.0\",\"id\":\"c1\",\"method\":\"tools/call\",\"params\":{\"name\":\"%s\","
           "\"arguments\":%s,%s" META "}}", tool, args, extra);
  return mbuf;
}
static char state[512];
/* A fresh consent question for the arguments args: its requestState into state. */
#define FRESH_STATE() (rpc(mcall("e2b_set_sandbox_timeout", args, "")) == 1 && J(0, "result.requestState") != NULL \
                       && snprintf(state, sizeof state, "%s", jp_val) > 40)
/* The record of used tokens replicas share (cfg.state_once), as a test keeps it. */
#define SHARED_MAX 8
static char shared[SHARED_MAX][17];
static int shared_n;
static int test_random(void *user, unsigned char *p, size_t n) {
  static unsigned long x = 2463534242UL;
  (void)user;
  while (n--) { x ^= x << 13; x ^= x >> 17; x ^= x << 5; *p++ = (unsigned char)(x >> 3); }
  return 0;
}
static int shared_once(void *user, const char *id, unsigned long long expires_s) {
  int i, *n = (int *)user;
  (void)expires_s;
  for (i = 0; i < *n && i < SHARED_MAX; i++) if (strcmp(shared[i], id) == 0) return 0;
  if (*n >= SHARED_MAX) return -1;
  snprintf(shared[*n], sizeof shared[0], "%s", id);
  (*n)++;
  return 1;
}

static void test_modern(void) {
  e2b_mcp_config cfg;
  char extra[1024], keep;
  int i;
  const char *args = "{\"sandbox_id\":\"sbx1\",\"timeout\":60}";
  setup(KEY, 1);
  add_tools();
  /* no key: the modern client cannot be asked, like a 2025 client without elicitation */
  CHECK(!srv.state_key_set);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"server/discover\",\"params\":{" META "}}") == 1);
  CHECK(jis(0, "id", "1") && jis(0, "result.resultType", "complete") && jis(0, "result.supportedVersions.0", "2026-07-28"));
  CHECK(jis(0, "result.supportedVersions.1", "2025-11-25") && jhas(0, "result.capabilities.tools") && jhas(0, "result.instructions"));
  CHECK(jint(0, "result.ttlMs") > 0 && jis(0, "result.cacheScope", "public"));
  CHECK(jis(0, "result._meta.io.modelcontextprotocol/serverInfo.name", "e2b-mcp") || jhas(0, "result._meta"));
  /* no session was made: a legacy request after it is still before initialize */
  CHECK(srv.session.initialized == 0);
  /* tools/list: resultType, ttlMs, cacheScope; the same paging */
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\",\"params\":{" META "}}") == 1);
  CHECK(jis(0, "result.resultType", "complete") && jint(0, "result.ttlMs") > 0 && jis(0, "result.cacheScope", "public"));
  CHECK(jlen(0, "result.tools") == 5 && jhas(0, "result.nextCursor"));
  /* removed and unknown methods: -32601, the id echoed */
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"ping\",\"params\":{" META "}}") == 1 && err_code(0) == -32601 && jis(0, "id", "p"));
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\"," META "}}") == 1 && err_code(0) == -32601);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"debug\"," META "}}") == 1 && err_code(0) == -32601);
  CHECK(srv.session.initialized == 0);
  /* the envelope: _meta missing or incomplete, an unsupported version */
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"server/discover\",\"params\":{}}") == 1 && err_code(0) == -32602 && jis(0, "id", "5"));
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/list\",\"params\":{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}}") == 1 && err_code(0) == -32602);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"server/discover\",\"params\":{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2099-01-01\","
            "\"io.modelcontextprotocol/clientCapabilities\":{}}}}") == 1);
  CHECK(err_code(0) == -32022 && jis(0, "id", "7") && jis(0, "error.data.requested", "2099-01-01") && jis(0, "error.data.supported.0", "2026-07-28"));
  /* logs only at the level a request asks for */
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/call\",\"params\":{\"name\":\"log\"," META "}}") == 1 && jis(0, "result.resultType", "complete"));
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/call\",\"params\":{\"name\":\"log\",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            "\"io.modelcontextprotocol/clientCapabilities\":{},\"io.modelcontextprotocol/logLevel\":\"warning\"}}}") == 3);
  CHECK(jis(0, "params.level", "warning") && jis(1, "params.level", "error") && jis(2, "result.isError", "false"));
  /* consent without a key to seal the question: the tool runs as for a client that cannot be asked */
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 204 No Content\r\n\r\n");
  CHECK(rpc(mcall("e2b_set_sandbox_timeout", args, "")) == 1 && jis(0, "result.isError", "false") && m.opens == 1);

  /* with a key: the question comes within the result */
  memset(&cfg, 0, sizeof cfg);
  cfg.api_key = KEY; cfg.api_url = "http://sim.test:8080"; cfg.sock_port = &port; cfg.enable_kill = 1;
  cfg.state_key = "a secret the replicas share";
  fake_reset(&m);
  CHECK(e2b_mcp_init(&srv, &cfg) == 0 && srv.state_key_set);
  CHECK(rpc(mcall("e2b_set_sandbox_timeout", args, "")) == 1);
  CHECK(jis(0, "id", "c1") && jis(0, "result.resultType", "input_required") && !jhas(0, "result.content"));
  CHECK(jis(0, "result.inputRequests.confirm.method", "elicitation/create") && jis(0, "result.inputRequests.confirm.params.mode", "form"));
  CHECK(CONTAINS(J(0, "result.inputRequests.confirm.params.message"), "sbx1") && jhas(0, "result.inputRequests.confirm.params.requestedSchema.properties.confirm"));
  CHECK(J(0, "result.requestState") != NULL && strlen(jp_val) > 40);
  snprintf(state, sizeof state, "%s", J(0, "result.requestState"));
  CHECK(m.opens == 0 && m.sends == 0);
  /* the same state on another tool, other arguments, altered, or with its answer missing or a decline */
  snprintf(extra, sizeof extra, "\"inputResponses\":{\"confirm\":{\"action\":\"accept\",\"content\":{\"confirm\":true}}},\"requestState\":\"%s\",", state);
  CHECK(rpc(mcall("e2b_kill_sandbox", "{\"sandbox_id\":\"sbx1\"}", extra)) == 1 && err_code(0) == -32602 && jis(0, "id", "c1"));
  CHECK(CONTAINS(J(0, "error.message"), "integrity"));
  CHECK(rpc(mcall("e2b_set_sandbox_timeout", "{\"sandbox_id\":\"sbx1\",\"timeout\":3600}", extra)) == 1 && err_code(0) == -32602);
  CHECK(rpc(mcall("e2b_set_sandbox_timeout", "{\"sandbox_id\":\"sbx2\",\"timeout\":60}", extra)) == 1 && err_code(0) == -32602);
  keep = state[10];
  state[10] = keep == 'A' ? 'B' : 'A';
  snprintf(extra, sizeof extra, "\"inputResponses\":{\"confirm\":{\"action\":\"accept\",\"content\":{\"confirm\":true}}},\"requestState\":\"%s\",", state);
  CHECK(rpc(mcall("e2b_set_sandbox_timeout", args, extra)) == 1 && err_code(0) == -32602);
  state[10] = keep;
  CHECK(m.opens == 0 && m.sends == 0);
  /* a "yes" without the state asks again */
  CHECK(rpc(mcall("e2b_set_sandbox_timeout", args, "\"inputResponses\":{\"confirm\":{\"action\":\"accept\",\"content\":{\"confirm\":true}}},")) == 1);
  CHECK(jis(0, "result.resultType", "input_required") && m.opens == 0);
  /* answers that are not objects are refused */
  CHECK(rpc(mcall("e2b_set_sandbox_timeout", args, "\"inputResponses\":{\"confirm\":true},")) == 1 && err_code(0) == -32602);
  CHECK(rpc(mcall("e2b_set_sandbox_timeout", args, "\"inputResponses\":null,")) == 1 && err_code(0) == -32602);
  /* declined, accepted unchecked, dismissed: nothing is sent (each answer to a question of its own:
     a requestState is good for one call, whatever the answer) */
  CHECK(FRESH_STATE());
  snprintf(extra, sizeof extra, "\"inputResponses\":{\"confirm\":{\"action\":\"decline\"}},\"requestState\":\"%s\",", state);
  CHECKM(rpc(mcall("e2b_set_sandbox_timeout", args, extra)) == 1 && jis(0, "result.isError", "true") && CONTAINS(J(0, "result.content.0.text"), "declined"), msg(0));
  CHECK(FRESH_STATE());
  snprintf(extra, sizeof extra, "\"inputResponses\":{\"confirm\":{\"action\":\"accept\",\"content\":{\"confirm\":false}}},\"requestState\":\"%s\",", state);
  CHECK(rpc(mcall("e2b_set_sandbox_timeout", args, extra)) == 1 && jis(0, "result.isError", "true"));
  CHECK(FRESH_STATE());
  snprintf(extra, sizeof extra, "\"inputResponses\":{\"confirm\":{\"action\":\"cancel\"}},\"requestState\":\"%s\",", state);
  CHECKM(rpc(mcall("e2b_set_sandbox_timeout", args, extra)) == 1 && jis(0, "result.isError", "true") && CONTAINS(J(0, "result.content.0.text"), "dismissed"), msg(0));
  CHECK(m.opens == 0 && m.sends == 0);
  /* a state that was answered once is spent, even by a "no": a "yes" with it now is refused */
  snprintf(extra, sizeof extra, "\"inputResponses\":{\"confirm\":{\"action\":\"accept\",\"content\":{\"confirm\":true}}},\"requestState\":\"%s\",", state);
  CHECKM(rpc(mcall("e2b_set_sandbox_timeout", args, extra)) == 1 && err_code(0) == -32602 && CONTAINS(J(0, "error.message"), "used already"), msg(0));
  CHECK(m.opens == 0 && m.sends == 0);
  /* yes, with the state, the same arguments written differently: the request goes out */
  CHECK(FRESH_STATE());
  snprintf(extra, sizeof extra, "\"inputResponses\":{\"confirm\":{\"action\":\"accept\",\"content\":{\"confirm\":true}}},\"requestState\":\"%s\",", state);
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 204 No Content\r\n\r\n");
  CHECK(rpc(mcall("e2b_set_sandbox_timeout", "{ \"sandbox_id\": \"sbx1\", \"timeout\": 60 }", extra)) == 1);
  CHECK(jis(0, "result.isError", "false") && jis(0, "result.resultType", "complete") && m.opens == 1 && CONTAINS(m.sent, "/sandboxes/sbx1/timeout"));
  /* the same yes again (a replay, three times): refused, nothing more sent to E2B */
  for (i = 0; i < 3; i++)
    CHECKM(rpc(mcall("e2b_set_sandbox_timeout", args, extra)) == 1 && err_code(0) == -32602 && CONTAINS(J(0, "error.message"), "used already") && m.opens == 1, msg(0));
  /* a replica with another key does not take it; one with the same key and no shared record
     takes it once (it has not seen it: once per replica), then refuses it too */
  cfg.state_key = "another secret";
  fake_reset(&m);
  CHECK(e2b_mcp_init(&srv, &cfg) == 0);
  CHECK(rpc(mcall("e2b_set_sandbox_timeout", args, extra)) == 1 && err_code(0) == -32602 && m.opens == 0);
  cfg.state_key = "a secret the replicas share";
  CHECK(e2b_mcp_init(&srv, &cfg) == 0);
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 204 No Content\r\n\r\n");
  CHECK(rpc(mcall("e2b_set_sandbox_timeout", args, extra)) == 1 && jis(0, "result.isError", "false") && m.opens == 1);
  CHECK(rpc(mcall("e2b_set_sandbox_timeout", args, extra)) == 1 && err_code(0) == -32602 && m.opens == 1);
  /* replicas that share a record (cfg.state_once): a yes taken by one is refused by the next */
  shared_n = 0;
  cfg.state_once = shared_once; cfg.state_once_user = &shared_n;
  CHECK(e2b_mcp_init(&srv, &cfg) == E2B_MCP_ERR_CONFIG);   /* a shared record needs nonces from a random source */
  port.random = test_random;
  CHECK(e2b_mcp_init(&srv, &cfg) == 0);
  CHECK(FRESH_STATE());
  snprintf(extra, sizeof extra, "\"inputResponses\":{\"confirm\":{\"action\":\"accept\",\"content\":{\"confirm\":true}}},\"requestState\":\"%s\",", state);
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 204 No Content\r\n\r\n");
  CHECK(rpc(mcall("e2b_set_sandbox_timeout", args, extra)) == 1 && jis(0, "result.isError", "false") && m.opens == 2 && shared_n == 1);
  CHECK(strlen(shared[0]) == 16);
  CHECK(e2b_mcp_init(&srv, &cfg) == 0);   /* the next replica: its own list is empty, the shared record is not */
  CHECKM(rpc(mcall("e2b_set_sandbox_timeout", args, extra)) == 1 && err_code(0) == -32602 && CONTAINS(J(0, "error.message"), "used already") && m.opens == 2, msg(0));
  /* a record that cannot take one more: refused, not forgotten */
  CHECK(FRESH_STATE());
  snprintf(extra, sizeof extra, "\"inputResponses\":{\"confirm\":{\"action\":\"accept\",\"content\":{\"confirm\":true}}},\"requestState\":\"%s\",", state);
  shared_n = SHARED_MAX;
  CHECKM(rpc(mcall("e2b_set_sandbox_timeout", args, extra)) == 1 && err_code(0) == -32603 && CONTAINS(J(0, "error.message"), "cannot record") && m.opens == 2, msg(0));
  cfg.state_once = NULL; cfg.state_once_user = NULL;
  port.random = NULL;
  CHECK(e2b_mcp_init(&srv, &cfg) == 0);
  /* a client without elicitation is not asked */
  e2b_mcp_close(&srv);
  fake_reset(&m);
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 204 No Content\r\n\r\n");
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_set_sandbox_timeout\",\"arguments\":{\"sandbox_id\":\"sbx1\",\"timeout\":60},"
            "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{}}}}") == 1);
  CHECK(jis(0, "result.isError", "false") && m.opens == 1);
  /* over HTTP: the headers against the body (the transport fills a wire) */
  {
    static const e2b_mcp_tool hdr = { "hdr", NULL, "Mirrors region into a header.",
      "{\"type\":\"object\",\"properties\":{\"region\":{\"type\":\"string\",\"x-mcp-header\":\"Region\"}}}", NULL, 0, t_board, NULL, NULL, NULL };
    static const char *const heads[][2] = {   /* the Mcp-Param-Region header line, and whether it is accepted */
      { "Mcp-Param-Region: eu-1\r\n", "ok" },
      { "mcp-param-region:   eu-1  \r\n", "ok" },
      { "Mcp-Param-Region: =?base64?ZXUtMQ==?=\r\n", "ok" },
      { "Mcp-Param-Region: =?base64?ZXUtMQ?=\r\n", "bad" },       /* no padding */
      { "Mcp-Param-Region: =?base64?ZX!tMQ==?=\r\n", "bad" },     /* not the alphabet */
      { "Mcp-Param-Region: eu-2\r\n", "bad" },
      { "", "bad" },                                               /* missing, the argument in the body */
    };
    e2b_mcp_wire w;
    char head[256];
    size_t i;
    const char *call = "{\"jsonrpc\":\"2.0\",\"id\":12,\"method\":\"tools/call\",\"params\":{\"name\":\"hdr\",\"arguments\":{\"region\":\"eu-1\"}," META "}}";
    CHECK(e2b_mcp_add_tool(&srv, &hdr) == 0);
    for (i = 0; i < sizeof heads / sizeof heads[0]; i++) {
      memset(&w, 0, sizeof w);
      w.pver = "2026-07-28"; w.pver_n = 10; w.method = "tools/call"; w.method_n = 10; w.name = "hdr"; w.name_n = 3;
      snprintf(head, sizeof head, "POST /mcp HTTP/1.1\r\nHost: x\r\n%s\r\n", heads[i][0]);
      w.head = head; w.head_n = strlen(head);
      CHECKM(wrpc(call, &w) == 1, heads[i][0]);
      if (strcmp(heads[i][1], "ok") == 0) CHECKM(jis(0, "result.isError", "false") && w.status == 0, heads[i][0]);
      else CHECKM(err_code(0) == -32020 && w.status == 400 && jis(0, "id", "12"), heads[i][0]);
    }
    /* Mcp-Method and Mcp-Name must say what the body says; the version header must be there and match */
    w.head_n = 0; w.status = 0;
    w.method = "tools/list"; w.method_n = 10;
    CHECK(wrpc(call, &w) == 1 && err_code(0) == -32020 && w.status == 400);
    w.method = "tools/call"; w.name = "HDR"; w.status = 0;
    CHECK(wrpc(call, &w) == 1 && err_code(0) == -32020 && w.status == 400);
    w.name = NULL; w.status = 0;
    CHECK(wrpc(call, &w) == 1 && err_code(0) == -32020);
    w.name = "hdr"; w.pver = NULL; w.status = 0;
    CHECK(wrpc(call, &w) == 1 && err_code(0) == -32020 && w.status == 400);
    w.pver = "2025-11-25"; w.pver_n = 10; w.status = 0;
    CHECK(wrpc(call, &w) == 1 && err_code(0) == -32020 && w.status == 400);
    w.pver = "2026-07-28"; w.status = 0;
    CHECK(wrpc("{\"jsonrpc\":\"2.0\",\"id\":13,\"method\":\"ping\",\"params\":{" META "}}", &w) == 1 && err_code(0) == -32020);
    w.method = "ping"; w.method_n = 4; w.status = 0;
    CHECK(wrpc("{\"jsonrpc\":\"2.0\",\"id\":13,\"method\":\"ping\",\"params\":{" META "}}", &w) == 1 && err_code(0) == -32601 && w.status == 404);
  }
  /* the 2025 era is untouched beside it */
  init_version("2025-11-25");
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"tools/list\"}") == 1 && !jhas(0, "result.resultType") && !jhas(0, "result.ttlMs"));
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"ping\"}") == 1 && jhas(0, "result"));
}

/* ---- what E2B says never carries the key, a secret or a lone surrogate out ---- */

/* One E2B answer per call, on a fresh connection. */
static char ans[3][16384];
static void answer(int slot, int status, const char *body) {
  snprintf(ans[slot], sizeof ans[slot], "HTTP/1.1 %d X\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s",
           status, (int)strlen(body), body);
  fake_add(fake_conn(&m, 0), ans[slot], strlen(ans[slot]));
}
static void fresh(void) {
  setup(KEY, 0);
  init_version("2025-06-18");
  CHECK(e2b_mcp__url_parse(&srv.dash, "http://sim.test:8080") == 0);   /* the Dashboard API on the fake too */
}
static int count(const char *h, const char *needle) {
  int n = 0;
  for (; (h = strstr(h, needle)) != NULL; h++) n++;
  return n;
}
/* The call's answer: the last message (log notifications may come first). */
static int call(const char *req) { return rpc(req) < 1 ? -1 : out.n - 1; }
static const char *call_get = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_get_sandbox\",\"arguments\":{\"sandbox_id\":\"sb1\"}}}";

static void test_hostile_answers(void) {
  static char body[12000];
  e2b_mcp_result r;
  int pad, ok, a;
  /* E2B (or a proxy) echoes the key: in a 401 message, a 500, a field of a 200 */
  setup(KEY, 0);
  init_version("2025-06-18");
  answer(0, 401, "{\"code\":401,\"message\":\"Invalid API key " KEY "\"}");
  CHECK((a = call(call_get)) >= 0 && jis(a, "result.isError", "true") && !CONTAINS(msg(a), KEY) && CONTAINS(msg(a), "Invalid API key [redacted]"));
  answer(0, 500, "{\"code\":500,\"message\":\"upstream sent X-API-Key: " KEY "; e2b_0123 is not it\"}");
  CHECK((a = call(call_get)) >= 0 && !CONTAINS(msg(a), KEY) && CONTAINS(msg(a), "X-API-Key: [redacted];") && CONTAINS(msg(a), "e2b_0123 is not it"));
  answer(0, 200, "{\"sandboxID\":\"sb1\",\"templateID\":\"base\",\"alias\":\"" KEY "\",\"note\":\"e2b_\\u0030123456789abcdef0123456789abcdef01234567\"}");
  CHECK((a = call(call_get)) >= 0 && jis(a, "result.isError", "false") && !CONTAINS(msg(a), KEY) &&
        count(msg(a), "[redacted]") == 4 && jis(a, "result.structuredContent.alias", "[redacted]"));
  CHECK(out.leaks == 0);
  /* the key split across the writer's flushes, at every offset around a chunk boundary */
  ok = 1;
  for (pad = E2B_MCP_OUT_CHUNK - 200; pad < E2B_MCP_OUT_CHUNK; pad++) {
    int o = snprintf(body, sizeof body, "{\"sandboxID\":\"sb1\",\"templateID\":\"base\",\"alias\":\"");
    memset(body + o, 'e', (size_t)pad);   /* 'e' starts the key: the matcher is kept busy */
    snprintf(body + o + pad, sizeof body - (size_t)(o + pad), "e2b_" KEY "e2\"}");
    setup(KEY, 0);
    init_version("2025-06-18");
    answer(0, 200, body);
    if ((a = call(call_get)) < 0 || CONTAINS(msg(a), KEY) || count(msg(a), "[redacted]") != 2 || !jhas(a, "result.structuredContent")) ok = 0;
  }
  CHECKM(ok, "a key split across flushes");
  /* in-process: the result, the content and the message */
  fresh();
  answer(0, 200, "{\"sandboxID\":\"sb1\",\"templateID\":\"base\",\"alias\":\"x" KEY "y\"}");
  CHECK(e2b_mcp_call_tool(&srv, "e2b_get_sandbox", "{\"sandbox_id\":\"sb1\"}", &r) == 0 && !r.is_error && !CONTAINS(r.json, KEY) &&
        CONTAINS(r.json, "\"alias\":\"x[redacted]y\"") && r.json_len == strlen(r.json));
  fresh();
  answer(0, 403, "{\"code\":403,\"message\":\"key " KEY " has no access\"}");
  CHECK(e2b_mcp_call_tool(&srv, "e2b_get_sandbox", "{\"sandbox_id\":\"sb1\"}", &r) == 0 && r.is_error &&
        !CONTAINS(r.message, KEY) && CONTAINS(r.message, "key [redacted] has no access"));
  CHECK(r.content && r.content_len < sizeof body && (memcpy(body, r.content, r.content_len), body[r.content_len] = 0, 1) &&
        !CONTAINS(body, KEY) && CONTAINS(body, "key [redacted] has no access"));
  /* secret names in any casing, and environment variables by name only */
  fresh();
  answer(0, 200, "{\"sandboxID\":\"sb1\",\"templateID\":\"base\",\"EnvdAccessToken\":\"SECRET1\",\"envd_access_token\":\"SECRET2\","
                 "\"TOKEN\":\"SECRET3\",\"Api-Key\":\"SECRET4\",\"envVars\":{\"MY_KEY\":\"SECRET5\",\"N\":7},"
                 "\"metadata\":{\"env_vars\":{\"OTHER\":\"SECRET6\"},\"user\":\"demo\"}}");
  CHECK((a = call(call_get)) >= 0 && jis(a, "result.isError", "false") && !CONTAINS(msg(a), "SECRET") &&
        jis(a, "result.structuredContent.envVars.MY_KEY", "[redacted]") && jis(a, "result.structuredContent.envVars.N", "[redacted]") &&
        jis(a, "result.structuredContent.metadata.env_vars.OTHER", "[redacted]") && jis(a, "result.structuredContent.metadata.user", "demo"));
  /* a lone surrogate in an answer goes out as U+FFFD; a pair as its character */
  fresh();
  answer(0, 200, "{\"sandboxID\":\"sb1\",\"templateID\":\"base\",\"alias\":\"a\\ud800b\\udc00c\\ud83d\\ude00\\u0041\\/\"}");
  CHECK((a = call(call_get)) >= 0 && jis(a, "result.structuredContent.alias", "a\xef\xbf\xbd" "b\xef\xbf\xbd" "c\xf0\x9f\x98\x80" "A/") &&
        !CONTAINS(msg(a), "\\ud8") && !CONTAINS(msg(a), "\\udc"));
  /* a lone surrogate in the arguments is refused before anything is sent */
  m.opens = m.sends = 0;
  CHECK((a = call("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_list_sandboxes\",\"arguments\":"
            "{\"metadata\":{\"k\":\"\\ud800\"}}}}")) >= 0 && jis(a, "result.isError", "true") &&
        CONTAINS(msg(a), "Invalid argument 'metadata'") && CONTAINS(msg(a), "surrogate") && m.opens == 0);
  CHECK((a = call("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_create_sandbox\",\"arguments\":"
            "{\"env_vars\":{\"A\\udc00\":\"v\"}}}}")) >= 0 && jis(a, "result.isError", "true") && CONTAINS(msg(a), "surrogate") && m.opens == 0);
  CHECK(e2b_mcp_call_tool(&srv, "e2b_list_sandboxes", "{\"template\":\"x\\ud83dy\"}", &r) == 0 && r.is_error && CONTAINS(r.message, "surrogate") && m.opens == 0);
}

/* ---- a broken answer is an error that says so, never a success ---- */
static void broken(const char *tool, const char *args, int status, const char *body, const char *needle) {
  e2b_mcp_result r;
  fresh();
  answer(0, status, body);
  CHECKM(e2b_mcp_call_tool(&srv, tool, args, &r) == 0 && r.is_error && r.json == NULL && CONTAINS(r.message, needle) && m.opens == 1, body);
  if (!CONTAINS(r.message, needle)) printf("  got: %s\n", r.message);
}
static void test_broken_answers(void) {
  static const char *const sb = "{\"sandbox_id\":\"sb1\"}";
  e2b_mcp_result r;
  int a;
  /* the wrong kind of value: a list is an array, a sandbox an object */
  broken("e2b_list_sandboxes", NULL, 200, "{}", "not the JSON array");
  broken("e2b_list_sandboxes", NULL, 200, "{\"data\":[]}", "not the JSON array");
  broken("e2b_list_templates", NULL, 200, "{}", "not the JSON array");
  broken("e2b_list_snapshots", NULL, 200, "\"x\"", "not the JSON array");
  broken("e2b_get_sandbox_metrics", sb, 200, "{}", "not the JSON array");
  broken("e2b_get_sandbox", sb, 200, "[]", "not the JSON object");
  broken("e2b_create_sandbox", NULL, 201, "[]", "not the JSON object");
  /* a list the answer must hold */
  broken("e2b_get_sandbox_logs", sb, 200, "{}", "no list 'logs'");
  broken("e2b_get_sandbox_logs", sb, 200, "{\"logs\":{}}", "no list 'logs'");
  broken("e2b_list_template_builds", "{\"template_id\":\"t1\"}", 200, "{\"templateID\":\"t1\"}", "no list 'builds'");
  broken("e2b_list_default_templates", NULL, 200, "{\"templates\":null}", "no list 'templates'");
#if E2B_MCP_WITH_DESCRIPTIONS
  /* against the tool's own output schema: required members, types, enums, at any depth */
  broken("e2b_get_sandbox", sb, 200, "{}", "the result has no sandboxID");
  broken("e2b_get_sandbox", sb, 200, "{\"sandboxID\":\"sb1\",\"templateID\":\"b\",\"cpuCount\":\"two\"}", "cpuCount is a string, not of type integer");
  broken("e2b_get_sandbox", sb, 200, "{\"sandboxID\":\"sb1\",\"templateID\":\"b\",\"memoryMB\":512.5}", "memoryMB is a number, not of type integer");
  broken("e2b_get_sandbox", sb, 200, "{\"sandboxID\":7,\"templateID\":\"b\"}", "sandboxID is a number, not of type string");
  broken("e2b_get_sandbox", sb, 200, "{\"sandboxID\":\"sb1\",\"templateID\":\"b\",\"state\":\"exploded\"}", "state is \"exploded\", not one of the allowed values");
  broken("e2b_list_sandboxes", NULL, 200, "[{\"sandboxID\":\"a\",\"templateID\":\"b\"},{\"templateID\":\"b\"}]", "data[1] has no sandboxID");
  broken("e2b_list_sandboxes", NULL, 200, "[{\"sandboxID\":\"a\",\"templateID\":\"b\",\"metadata\":[]}]", "data[0].metadata is an array, not of type object");
  broken("e2b_create_sandbox", NULL, 201, "{\"templateID\":\"base\"}", "may still have been carried out");
  broken("e2b_create_sandbox", NULL, 201, "{}", "has no sandboxID");
  broken("e2b_get_sandbox_metrics", sb, 200, "[{\"timestampUnix\":\"now\"}]", "data[0].timestampUnix is a string");
  broken("e2b_get_sandbox_logs", sb, 200, "{\"logs\":[{\"timestamp\":1}]}", "data[0].timestamp is a number, not of type string");
  broken("e2b_list_default_templates", NULL, 200, "{\"templates\":[{\"id\":\"base\",\"vcpu\":\"2\"}]}", "data[0].cpuCount is a string");
  broken("e2b_resume_sandbox", sb, 201, "{\"sandboxID\":null}", "sandboxID is null");
#endif
  /* every built-in output schema fits the tokens the check reads it into (else the check would be skipped) */
  fresh();
  for (a = 0; a < srv.ntools; a++)
    if (srv.tools[a]->output_schema)
      CHECKM(e2b_mcp__parse(srv.tools[a]->output_schema, strlen(srv.tools[a]->output_schema), jp_tok, E2B_MCP__SCHEMA_TOKENS) > 0, srv.tools[a]->name);
  /* what the API documents still passes: empty lists, nulls where allowed, members the schema does not name */
  fresh();
  answer(0, 200, "[]");
  CHECK(e2b_mcp_call_tool(&srv, "e2b_list_sandboxes", NULL, &r) == 0 && !r.is_error && CONTAINS(r.json, "\"data\":[]"));
  fresh();
  answer(0, 200, "{\"templates\":[{\"id\":\"base\",\"totalDiskSizeMb\":null,\"extra\":{\"x\":[1]}}]}");
  CHECK(e2b_mcp_call_tool(&srv, "e2b_list_default_templates", NULL, &r) == 0 && !r.is_error);
  fresh();
  answer(0, 200, "{\"sandboxID\":\"sb1\",\"templateID\":\"b\",\"cpuCount\":2,\"memoryMB\":512.0,\"state\":\"paused\",\"new\":\"field\"}");
  CHECK((a = call(call_get)) >= 0 && jis(a, "result.isError", "false") && jis(a, "result.structuredContent.state", "paused"));
}

/* Custom tools in the two-phase form: the registration rules, a build that
   writes nothing (or fails without a word) is an error and sends nothing, a
   path segment cannot step up, and a good one goes to E2B and is shaped. */
static int two_silent(e2b_mcp_call *c, e2b_mcp_request *rq) { (void)c; (void)rq; return -1; }
static int two_empty(e2b_mcp_call *c, e2b_mcp_request *rq) { (void)c; (void)rq; return 0; }
static int two_dots(e2b_mcp_call *c, e2b_mcp_request *rq) {
  if (e2b_mcp_request_start(c, rq, "GET", "/templates") != 0) return -1;
  CHECK(e2b_mcp_request_segment(rq, "..") == -1 && e2b_mcp_request_segment(rq, ".") == -1 && e2b_mcp_request_segment(rq, "") == -1);
  CHECK(e2b_mcp_request_start(c, rq, "GET", "/a b") == -1 && e2b_mcp_request_start(c, rq, "get", "/a") == -1);
  return e2b_mcp_request_segment(rq, "a b/c") == 0 && e2b_mcp_request_query(rq, "k&", "v=1") == 0 ? 0 : -1;
}
static void two_shape(e2b_mcp_call *c, const e2b_mcp_request *rq, const e2b_mcp_response *r) {
  const jsmntok_t *t = e2b_mcp_response_json(c, r);
  e2b_mcp_json *w;
  (void)rq;
  if (!t) return;
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "n"); e2b_mcp_json_int(w, t[0].size);
  e2b_mcp_json_obj_end(w);
}
static void test_two_phase(void) {
  static const e2b_mcp_tool silent = { "two_silent", NULL, "Fails quietly.", "{\"type\":\"object\"}", NULL, 0, NULL, NULL, two_silent, two_shape };
  static const e2b_mcp_tool empty = { "two_empty", NULL, "Writes nothing.", "{\"type\":\"object\"}", NULL, 0, NULL, NULL, two_empty, two_shape };
  static const e2b_mcp_tool dots = { "two_dots", NULL, "A path.", "{\"type\":\"object\"}", NULL, 0, NULL, NULL, two_dots, two_shape };
  e2b_mcp_tool half = silent;
  e2b_mcp_result r;
  setup(KEY, 0);
  half.name = "half"; half.shape = NULL;
  CHECK(e2b_mcp_add_tool(&srv, &half) == -1);   /* build without shape */
  half.fn = t_board;
  CHECK(e2b_mcp_add_tool(&srv, &half) == -1);   /* ... even with fn */
  CHECK(e2b_mcp_add_tool(&srv, &silent) == 0 && e2b_mcp_add_tool(&srv, &empty) == 0 && e2b_mcp_add_tool(&srv, &dots) == 0);
  CHECK(e2b_mcp_call_tool(&srv, "two_silent", NULL, &r) == 0 && r.is_error && CONTAINS(r.message, "could not write its request") && m.sends == 0);
  CHECK(e2b_mcp_call_tool(&srv, "two_empty", NULL, &r) == 0 && r.is_error && CONTAINS(r.message, "nothing was sent") && m.sends == 0);
  fake_add(fake_conn(&m, 0), "HTTP/1.1 200 OK\r\nContent-Length: 7\r\n\r\n[1,2,3]", 45);
  CHECK(e2b_mcp_call_tool(&srv, "two_dots", NULL, &r) == 0 && !r.is_error && r.json && strcmp(r.json, "{\"n\":3}") == 0);
  m.line[sizeof m.line - 1] = 0;
  CHECK(strcmp(m.line, "GET /templates/a%20b%2Fc?k%26=v%3D1 HTTP/1.1") == 0);
}

/* The runtime fields of e2b_mcp_config over their macros (0 there means the macro):
   ttlMs of the stateless lists, how long a sealed consent question stays good, how
   long a question waits for its user, and how long E2B's resolved address is reused. */
static void test_runtime_config(void) {
  static const char ok[] = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\n[]";
  const char *args = "{\"sandbox_id\":\"sbx1\",\"timeout\":60}";
  e2b_mcp_config cfg;
  e2b_mcp_result r;
  jsmntok_t t[16];
  unsigned char pay[E2B_MCP_STATE_MAX], nonce[8];
  unsigned long long now, exp;
  int i;
  memset(&cfg, 0, sizeof cfg);
  cfg.api_key = KEY; cfg.api_url = "http://sim.test:8080"; cfg.sock_port = &port;
  cfg.state_key = "a secret the replicas share";
  setup(KEY, 0);   /* the sink */
  CHECK(e2b_mcp_init(&srv, &cfg) == 0);
  CHECK(srv.cfg.list_ttl_ms == E2B_MCP_LIST_TTL_MS && srv.cfg.state_ttl_s == E2B_MCP_STATE_TTL_S);
  CHECK(srv.cfg.dns_ttl_ms == E2B_MCP_DNS_TTL_MS && srv.cfg.ask_timeout_ms == E2B_MCP_ASK_TIMEOUT_MS);
  /* a negative time is the default too, not a question that expired before it was asked */
  cfg.ask_timeout_ms = -1; cfg.read_timeout_ms = -5; cfg.list_ttl_ms = -1;
  CHECK(e2b_mcp_init(&srv, &cfg) == 0 && srv.cfg.ask_timeout_ms == E2B_MCP_ASK_TIMEOUT_MS
        && srv.cfg.read_timeout_ms == E2B_MCP_READ_TIMEOUT_MS && srv.cfg.list_ttl_ms == E2B_MCP_LIST_TTL_MS);
  cfg.read_timeout_ms = 0;
  cfg.list_ttl_ms = 1234; cfg.state_ttl_s = 100; cfg.dns_ttl_ms = 1000; cfg.ask_timeout_ms = 2500;
  CHECK(e2b_mcp_init(&srv, &cfg) == 0 && srv.cfg.ask_timeout_ms == 2500);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"server/discover\",\"params\":{" META "}}") == 1 && jint(0, "result.ttlMs") == 1234);
  CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\",\"params\":{" META "}}") == 1 && jint(0, "result.ttlMs") == 1234);
  /* the question's requestState: good for 100 s, not the default's 120 */
  CHECK(rpc(mcall("e2b_set_sandbox_timeout", args, "")) == 1 && jis(0, "result.resultType", "input_required"));
  CHECK(J(0, "result.requestState") != NULL);
  snprintf(state, sizeof state, "%s", J(0, "result.requestState"));
  now = (unsigned long long)time(NULL);
  CHECK(e2b_mcp__parse(args, strlen(args), t, E2B_MCP__COUNT(t)) > 0);
  CHECK(e2b_mcp__state_open(srv.state_key, "e2b_set_sandbox_timeout", args, t, 0, state, strlen(state), now + 50, pay, nonce, &exp) >= 0);
  CHECK(e2b_mcp__state_open(srv.state_key, "e2b_set_sandbox_timeout", args, t, 0, state, strlen(state), now + 110, pay, nonce, &exp) == E2B_MCP__STATE_STALE);
  /* a question to the user waits 2.5 s, not the default's 5 minutes */
  {
    static const char call[] = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"ask_two\",\"arguments\":{\"who\":\"ada\"}}}";
    e2b_mcp_poll ps[E2B_MCP_CALLS];
    int timeout = -1;
    CHECK(e2b_mcp_add_tool(&srv, &tool_ask_two) == 0);
    CHECK(rpc("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"elicitation\":{}}}}") == 1);
    CHECK(rpc("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}") == 0);
    custom_runs = 0;
    mem_sink_clear(&out);
    CHECK(e2b_mcp_submit(&srv, call, strlen(call), NULL, &out.sink) == E2B_MCP_DEFERRED && jis(0, "method", "elicitation/create") && custom_runs == 1);
    e2b_mcp_watch(&srv, ps, E2B_MCP_CALLS, &timeout);
    CHECKM(timeout > 0 && timeout <= 2500, "the watch's deadline");
    m.now += 2400;
    e2b_mcp_step(&srv);
    CHECK(custom_runs == 1 && e2b_mcp_calls_in_flight(&srv) == 1);
    m.now += 200;   /* past 2.5 s: no answer in time, and the tool runs on (its next question) */
    e2b_mcp_step(&srv);
    CHECK(custom_runs == 2 && out.n == 2 && jis(1, "method", "elicitation/create") && jis(1, "params.message", "Second?"));
    m.now += 2600;
    e2b_mcp_step(&srv);
    CHECKM(custom_runs == 3 && e2b_mcp_calls_in_flight(&srv) == 0 && jis(2, "result.structuredContent.second", "-2"), msg(2));
  }
  /* E2B's address: reused for 1 s, then asked again */
  for (i = 0; i < 3; i++) fake_one(&m, ok, sizeof ok - 1, 0);
  CHECK(e2b_mcp_call_tool(&srv, "e2b_list_sandboxes", NULL, &r) == 0 && !r.is_error && m.resolves == 1);
  m.now += 500;
  CHECK(e2b_mcp_call_tool(&srv, "e2b_list_sandboxes", NULL, &r) == 0 && !r.is_error && m.opens == 2 && m.resolves == 1);
  m.now += 600;
  CHECKM(e2b_mcp_call_tool(&srv, "e2b_list_sandboxes", NULL, &r) == 0 && !r.is_error && m.opens == 3 && m.resolves == 2, r.message);
}

/* The run-time selection through e2b_mcp_config: a typo fails e2b_mcp_init
   with E2B_MCP_ERR_TOOLS and a message naming it; a tool left out is not
   listed and an in-process call to it says it is switched off; a read-only
   server refuses a custom tool that is not annotated read-only. */
static void test_tool_selection(void) {
  e2b_mcp_config cfg;
  e2b_mcp_result r;
  static const e2b_mcp_tool writer = { "board_reset", NULL, "Resets the board.", "{\"type\":\"object\"}", NULL, 0, t_board, NULL, NULL, NULL };
  memset(&cfg, 0, sizeof cfg);
  cfg.api_key = KEY;
  cfg.api_url = "http://sim.test:8080";
  cfg.sock_port = &port;
  cfg.tools = "read,e2b_get_sandboxx";
  CHECK(e2b_mcp_init(&srv, &cfg) == E2B_MCP_ERR_TOOLS && CONTAINS(srv.errmsg, "'e2b_get_sandboxx'") &&
        CONTAINS(srv.errmsg, "read, write, kill") && CONTAINS(srv.errmsg, "e2b_list_template_builds"));
  cfg.tools = " e2b_get_sandbox , write ";
  CHECK(e2b_mcp_init(&srv, &cfg) == 0 && srv.ntools == 8 && strcmp(srv.tools[0]->name, "e2b_get_sandbox") == 0 &&
        strcmp(srv.tools[1]->name, "e2b_create_sandbox") == 0 && strcmp(srv.tools[7]->name, "e2b_set_sandbox_network") == 0);
  CHECK(e2b_mcp_call_tool(&srv, "e2b_list_sandboxes", "{}", &r) == -1 && CONTAINS(r.message, "switched off") &&
        CONTAINS(r.message, "group, read"));
  CHECK(e2b_mcp_call_tool(&srv, "nope", "{}", &r) == -1 && CONTAINS(r.message, "Unknown tool: nope"));
  CHECK(e2b_mcp_add_tool(&srv, &writer) == 0);   /* not read-only: custom tools are the program's own choice */
  cfg.tools = NULL;
  cfg.read_only = 1;
  cfg.enable_kill = 1;
  CHECK(e2b_mcp_init(&srv, &cfg) == 0 && srv.ntools == 10);   /* the default set's reads: 8, usage and events */
  CHECK(e2b_mcp_call_tool(&srv, "e2b_kill_sandbox", "{\"sandbox_id\":\"x1\"}", &r) == -1 && CONTAINS(r.message, "read-only"));
  CHECK(e2b_mcp_add_tool(&srv, &writer) == -1 && e2b_mcp_add_tool(&srv, &tool_board) == 0);
}

#if E2B_MCP_AUTH   /* built so by make test-unit-auth (test_mcp-auth) */
/* An access token's scopes (e2b_mcp_origin.principal's scopes, as the HTTP transport sets
   them): tools/list pages hold only the tools of the granted groups, a call
   to another is refused before E2B is asked, custom tools are read or write
   by their annotation, 0 leaves everything as it was. */
static int scoped_rpc(const char *text, int scopes) {
  e2b_mcp_origin from;
  e2b_mcp_principal who;
  memset(&from, 0, sizeof from);
  memset(&who, 0, sizeof who);
  who.scopes = scopes;
  from.principal = &who;
  mem_sink_clear(&out);
  return e2b_mcp_submit(&srv, text, strlen(text), &from, &out.sink) < 0 ? -1 : out.n;
}
static int scoped_list(int scopes, char names[][64], int cap) {   /* every page; the count */
  char req[160], cursor[32] = "";
  int n = 0, pages, i, k;
  for (pages = 0; pages < 20; pages++) {
    if (cursor[0]) snprintf(req, sizeof req, "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/list\",\"params\":{\"cursor\":\"%s\"}}", cursor);
    else snprintf(req, sizeof req, "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/list\",\"params\":{}}");
    if (scoped_rpc(req, scopes) != 1 || !jhas(0, "result.tools")) return -1;
    k = jlen(0, "result.tools");
    if (k > 5) return -1;   /* E2B_MCP_TOOLS_PAGE */
    for (i = 0; i < k && n < cap; i++) {
      char path[32];
      snprintf(path, sizeof path, "result.tools.%d.name", i);
      snprintf(names[n++], 64, "%.60s", J(0, path) ? jp_val : "?");
    }
    if (!jhas(0, "result.nextCursor")) return n;
    if (k == 0) return -1;   /* a page with nothing on it, yet more to come */
    snprintf(cursor, sizeof cursor, "%s", J(0, "result.nextCursor"));
  }
  return -1;
}
#if E2B_MCP_AUDIT
/* The one scope check writes the forbidden record on every path (issue 30, item 3): here a
   2025-03-26 batch through the engine's seam, and a lone call, whose transport is told. */
static int forbidden_n, error_n;
static char forbidden_tools[256];
static unsigned long forbidden_batch[4], error_batch;   /* each record's batch number */
static void forbidden_hook(void *user, const e2b_mcp_audit_record *r) {
  (void)user;
  if (strcmp(r->outcome, "error") == 0 && r->e2b_status == 0) { error_n++; error_batch = r->batch; return; }
  if (strcmp(r->outcome, "forbidden") != 0 || r->e2b_status != 0) return;
  if (forbidden_n < 4) forbidden_batch[forbidden_n] = r->batch;
  forbidden_n++;
  strncat(forbidden_tools, r->tool, sizeof forbidden_tools - strlen(forbidden_tools) - 2);
  strcat(forbidden_tools, ",");
}
static void test_scope_audit(void) {
  e2b_mcp_origin from;
  e2b_mcp_principal who;
  int told = 0;
  const char *batch = "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_create_sandbox\",\"arguments\":{}}},"
                      "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"},"
                      "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_kill_sandbox\",\"arguments\":{\"sandbox_id\":\"sb1\"}}}]";
  const char *lone = "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_kill_sandbox\",\"arguments\":{\"sandbox_id\":\"sb1\"}}}";
  setup(KEY, 1);
  srv.cfg.audit = forbidden_hook;
  init_version("2025-03-26");
  memset(&from, 0, sizeof from);
  memset(&who, 0, sizeof who);
  who.kind = E2B_MCP_PRINCIPAL_OAUTH;
  who.id = 42;
  who.scopes = E2B_MCP_SCOPED | 1 << E2B_MCP_GROUP_READ;
  who.who = "bob"; who.who_len = 3;
  from.principal = &who;
  from.forbidden = &told;
  mem_sink_clear(&out);
  CHECK(e2b_mcp_submit(&srv, batch, strlen(batch), &from, &out.sink) >= 0);
  while (e2b_mcp_calls_in_flight(&srv)) e2b_mcp_step(&srv);
  CHECKM(forbidden_n == 2 && strcmp(forbidden_tools, "e2b_create_sandbox,e2b_kill_sandbox,") == 0, forbidden_tools);
  CHECK(told == 0 && m.requests == 0);   /* a batch member's refusal is the batch answer's, not the transport's 403 */
  CHECKM(CONTAINS(msg(0), "insufficient_scope") && CONTAINS(msg(0), "\"id\":3"), msg(0));
  mem_sink_clear(&out);
  CHECK(e2b_mcp_submit(&srv, lone, strlen(lone), &from, &out.sink) >= 0);
  CHECK(forbidden_n == 3 && told == 1 + E2B_MCP_GROUP_KILL && m.requests == 0);
  CHECKM(CONTAINS(msg(0), "\"id\":4") && CONTAINS(msg(0), "e2b_kill_sandbox is a kill tool"), msg(0));
  /* the records say which batch a call came in (a log's refusal fold goes by batch, not by member):
     the batch's two members share a number, the lone call has none */
  CHECK(forbidden_batch[0] != 0 && forbidden_batch[1] == forbidden_batch[0] && forbidden_batch[2] == 0);
  {   /* a member refused in its call slot (an unknown argument) carries its own batch's number, another one */
    const char *bad = "[{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_create_sandbox\",\"arguments\":{\"bogus\":1}}},"
                      "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"ping\"}]";
    who.scopes = 0;   /* not scoped: every group */
    mem_sink_clear(&out);
    CHECK(e2b_mcp_submit(&srv, bad, strlen(bad), &from, &out.sink) >= 0);
    while (e2b_mcp_calls_in_flight(&srv)) e2b_mcp_step(&srv);
    CHECKM(error_n == 1 && error_batch != 0 && error_batch != forbidden_batch[0] && m.requests == 0, msg(0));
  }
}
#endif
static void test_scopes(void) {
  static const e2b_mcp_tool writer = { "board_reset", NULL, "Resets the board.", "{\"type\":\"object\"}", NULL, 0, t_board, NULL, NULL, NULL };
  char names[64][64];
  int i, n, reads = 0, all, found_board = 0, found_reset = 0, found_kill = 0;
  setup(KEY, 1);
  CHECK(e2b_mcp_add_tool(&srv, &tool_board) == 0 && e2b_mcp_add_tool(&srv, &writer) == 0);
  init_version("2025-06-18");
  for (i = 0; i < srv.ntools; i++) reads += srv.group[i] == E2B_MCP_GROUP_READ;
  CHECK(srv.group[srv.ntools - 2] == E2B_MCP_GROUP_READ && srv.group[srv.ntools - 1] == E2B_MCP_GROUP_WRITE);
  all = scoped_list(0, names, 64);
  CHECK(all == srv.ntools);
  n = scoped_list(E2B_MCP_SCOPED | 1 << E2B_MCP_GROUP_READ, names, 64);
  CHECK(n == reads && reads >= 6);
  for (i = 0; i < n; i++) {
    int j;
    for (j = 0; j < srv.ntools; j++) if (strcmp(srv.tools[j]->name, names[i]) == 0) CHECKM(srv.group[j] == E2B_MCP_GROUP_READ, names[i]);
    found_board |= strcmp(names[i], "board_temperature") == 0;
    found_reset |= strcmp(names[i], "board_reset") == 0;
  }
  CHECK(found_board && !found_reset);
  n = scoped_list(E2B_MCP_SCOPED | 1 << E2B_MCP_GROUP_READ | 1 << E2B_MCP_GROUP_WRITE, names, 64);
  for (i = 0; i < n; i++) found_kill |= strcmp(names[i], "e2b_kill_sandbox") == 0;
  CHECK(n == all - 1 && !found_kill);
  CHECK(scoped_list(E2B_MCP_SCOPED, names, 64) == 0);
  m.opens = m.sends = 0;
  CHECK(scoped_rpc("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_kill_sandbox\","
                   "\"arguments\":{\"sandbox_id\":\"x1\"}}}", E2B_MCP_SCOPED | 3) == 1 &&
        CONTAINS(msg(0), "insufficient_scope") && jhas(0, "error"));
  CHECK(scoped_rpc("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"board_reset\"}}",
                   E2B_MCP_SCOPED | 1) == 1 && CONTAINS(msg(0), "insufficient_scope"));
  CHECK(m.opens == 0 && m.sends == 0);   /* nothing went to E2B */
  CHECK(scoped_rpc("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/call\",\"params\":{\"name\":\"board_temperature\"}}",
                   E2B_MCP_SCOPED | 1) == 1 && !CONTAINS(msg(0), "insufficient_scope") && jhas(0, "result"));
}
#endif

/* the path reader the checks read answers with (tests/lib/jsonpath.h): a path that names nothing
   is NULL, never another value */
static void test_jsonpath(void) {
  const char *js = "{\"a\":[{\"b\":1},{\"b\":2}],\"s\":\"x\"}";
  CHECK(jp_int(js, "a.1.b") == 2 && jp_len(js, "a") == 2 && jp_is(js, "s", "x"));
  CHECK(!jp_has(js, "a.b") && !jp_has(js, "a.x.b") && !jp_has(js, "a.-1.b") && !jp_has(js, "a.2") && !jp_has(js, "s.t"));
}

int main(void) {
  test_jsonpath();
  test_two_phase();
  test_before_initialize();
  test_errors();
  test_versions();
  test_batches();
  test_tools_list();
  test_tools_call();
  test_logging();
  test_progress();
  test_bad_arguments();
  test_keys();
  test_elicitation();
  test_custom_ask();
  test_queue();
  test_modern();
  test_hostile_answers();
  test_broken_answers();
  test_runtime_config();
  test_tool_selection();
  test_reentrant();
#if E2B_MCP_AUTH
  test_scopes();
#if E2B_MCP_AUDIT
  test_scope_audit();
#endif
#endif
  return CHECK_DONE();
}
