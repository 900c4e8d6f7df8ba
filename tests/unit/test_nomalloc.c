/* test_nomalloc.c - proof that the library never touches the heap.

   This program brings its own malloc, calloc, realloc, free (and the aligned
   and strdup variants). Until the session starts they hand out memory from a
   static arena (the C library may want some at start-up); once armed, every
   call is counted. The session runs in-process over a custom socket port that
   serves canned E2B answers: initialize, tools/list (every page), many
   tools/call (success, redaction, paging headers, 204, 201, 404, 429, bad
   arguments), logging, pings, errors, a custom tool, in-process calls. Nothing
   is printed while armed. Then: zero heap calls. */
#define E2B_MCP_SOCK_CUSTOM
#define E2B_MCP_WITH_STDIO 0
#define E2B_MCP_IMPLEMENTATION
#include "../../e2b_mcp.h"
#include "check.h"
#include "fake_port.h"
#include "sink.h"

#include <stdlib.h>

/* ---- the allocator ---- */
static int armed;
static unsigned long heap_calls;
static const char *first_call;     /* which function was called first while armed */
static unsigned char arena[1 << 20];
static size_t arena_used;

static void note(const char *fn) { if (armed) { if (!heap_calls) first_call = fn; heap_calls++; } }
static void *arena_get(size_t n) {
  size_t *p;
  n = (n + 15u) & ~(size_t)15u;
  if (arena_used + n + 16 > sizeof arena) return NULL;
  p = (size_t *)(arena + arena_used + 16 - sizeof(size_t));
  *p = n;
  arena_used += n + 16;
  return p + 1;
}
void *malloc(size_t n) { note("malloc"); return arena_get(n); }
void *calloc(size_t a, size_t b) {
  void *p;
  note("calloc");
  if (b && a > (size_t)-1 / b) return NULL;
  p = arena_get(a * b);
  if (p) memset(p, 0, a * b);
  return p;
}
void *realloc(void *old, size_t n) {
  void *p;
  note("realloc");
  p = arena_get(n);
  if (p && old) { size_t was = ((size_t *)old)[-1]; memcpy(p, old, was < n ? was : n); }
  return p;
}
void free(void *p) { if (p) note("free"); }
int posix_memalign(void **out, size_t align, size_t n) {
  note("posix_memalign");
  (void)align;
  *out = arena_get(n);     /* 16-byte aligned, enough for start-up */
  return *out ? 0 : 12;
}
void *aligned_alloc(size_t align, size_t n) { note("aligned_alloc"); (void)align; return arena_get(n); }
void *memalign(size_t align, size_t n) { note("memalign"); (void)align; return arena_get(n); }
void *valloc(size_t n) { note("valloc"); return arena_get(n); }
char *strdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *p;
  note("strdup");
  p = (char *)arena_get(n);
  if (p) memcpy(p, s, n);
  return p;
}
char *strndup(const char *s, size_t max) {
  size_t n = 0;
  char *p;
  note("strndup");
  while (n < max && s[n]) n++;
  p = (char *)arena_get(n + 1);
  if (p) { memcpy(p, s, n); p[n] = 0; }
  return p;
}

/* ---- the session ---- */
#define KEY "e2b_deadbeefdeadbeefdeadbeefdeadbeefdeadbeef"

static e2b_mcp_server srv;
static fake m;
static e2b_mcp_sock_port port;

/* The session's messages, one at a time, each tallied as it ends (tests/lib/sink.h). */
static char outbuf[1 << 20];
static mem_sink out;
static int results, tool_errors, rpc_errors;
static int tally(mem_sink *k, const char *msg, size_t len) {
  (void)k; (void)len;
  if (strstr(msg, "\"error\":{\"code\"")) rpc_errors++;   /* not a schema's "error" property (e2b_fork_sandbox's) */
  else if (strstr(msg, "\"isError\":true")) { tool_errors++; if (getenv("NOMALLOC_DEBUG")) fprintf(stderr, "%s\n", msg); }
  else if (strstr(msg, "\"result\":")) results++;
  return 0;
}

static void t_board(e2b_mcp_call *c) {
  e2b_mcp_json *w = e2b_mcp_result_json(c);
  e2b_mcp_log(c, "info", "reading sensor %d", 1);
  e2b_mcp_progress(c, 1, 2, "half");
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "celsius"); e2b_mcp_json_int(w, 21);
  e2b_mcp_json_obj_end(w);
  e2b_mcp_progress(c, 2, 2, "done");
}
static const e2b_mcp_tool tool_board = { "board_temperature", "Board temperature", "Reads the board's sensor.",
  "{\"type\":\"object\"}", NULL, E2B_MCP_READ_ONLY, t_board, NULL, NULL, NULL };

#define ANSWER(s, head, body) do { static char b_[4096]; int n_ = snprintf(b_, sizeof b_, "%sContent-Length: %d\r\n\r\n%s", head, (int)strlen(body), body); \
    fake_add((s), b_, (size_t)n_); } while (0)

static const char *const session[] = {
  "{\"jsonrpc\":\"2.0\",\"id\":\"discover\",\"method\":\"server/discover\"}",
  "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
    "\"clientInfo\":{\"name\":\"nomalloc\",\"version\":\"1\"}}}",
  "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
  "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}",
  "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"debug\"}}",
  "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_list_sandboxes\",\"arguments\":{\"state\":[\"running\"],"
    "\"metadata\":{\"app\":\"staging\"},\"limit\":2},\"_meta\":{\"progressToken\":\"p1\"}}}",
  "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_get_sandbox\",\"arguments\":{\"sandbox_id\":\"sb1\"}}}",
  "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_create_sandbox\",\"arguments\":{\"template_id\":\"code-interpreter-v1\","
    "\"timeout\":600,\"metadata\":{\"user\":\"demo\"}}}}",
  "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_get_sandbox_logs\",\"arguments\":{\"sandbox_id\":\"sb1\",\"level\":\"error\",\"limit\":2}}}",
  "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_get_sandbox_metrics\",\"arguments\":{\"sandbox_id\":\"sb1\"}}}",
  "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_pause_sandbox\",\"arguments\":{\"sandbox_id\":\"sb1\"}}}",
  "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_resume_sandbox\",\"arguments\":{\"sandbox_id\":\"sb1\",\"timeout\":60}}}",
  "{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_list_default_templates\"}}",
  "{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_get_sandbox\",\"arguments\":{\"sandbox_id\":\"gone\"}}}",
  "{\"jsonrpc\":\"2.0\",\"id\":12,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_list_templates\"}}",
  "{\"jsonrpc\":\"2.0\",\"id\":13,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_list_templates\"}}",
  "{\"jsonrpc\":\"2.0\",\"id\":14,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_get_sandbox\",\"arguments\":{\"sandbox_id\":\"../etc\"}}}",
  "{\"jsonrpc\":\"2.0\",\"id\":15,\"method\":\"tools/call\",\"params\":{\"name\":\"board_temperature\",\"_meta\":{\"progressToken\":7}}}",
  "{\"jsonrpc\":\"2.0\",\"id\":16,\"method\":\"tools/call\",\"params\":{\"name\":\"nope\"}}",
  "{\"jsonrpc\":\"2.0\",\"id\":17,\"method\":\"ping\"}",
  "{\"jsonrpc\":\"2.0\",\"id\":18,\"method\":\"unknown/method\"}",
  "{\"jsonrpc\":\"2.0\",\"id\":19,",
  "[{\"jsonrpc\":\"2.0\",\"id\":20,\"method\":\"ping\"}]",
  "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":3}}",
};

int main(void) {
  e2b_mcp_config cfg;
  e2b_mcp_result r;
  fake_script *api, *dash, *api2;
  int i, handled = 0, inproc = 0;
  char cursor_req[160];

  /* everything the session needs is set up before arming */
  fake_reset(&m);
  fake_port_init(&port, &m);
  api = fake_conn(&m, 0);
  ANSWER(api, "HTTP/1.1 200 OK\r\nX-Next-Token: page2\r\nX-Total-Running: 2\r\n",
         "[{\"sandboxID\":\"sb1\",\"templateID\":\"base\",\"state\":\"running\",\"metadata\":{\"app\":\"staging\"},\"envdAccessToken\":\"x\"},"
         "{\"sandboxID\":\"sb2\",\"templateID\":\"base\",\"state\":\"running\",\"metadata\":{\"app\":\"staging\"}}]");
  {
    static char chunked[256];
    static const char part2[] = "1\",\"templateID\":\"base\",\"envdAccessToken\":\"x\",\"n\":1}";
    int n = snprintf(chunked, sizeof chunked, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n{\"sandboxID\":\"sb\r\n"
                     "%x;ext\r\n%s\r\n0\r\n\r\n", (unsigned)(sizeof part2 - 1), part2);
    fake_add(api, chunked, (size_t)n);
  }
  ANSWER(api, "HTTP/1.1 201 Created\r\n", "{\"sandboxID\":\"sb3\",\"templateID\":\"code-interpreter-v1\",\"envdVersion\":\"0.2.0\",\"trafficAccessToken\":\"y\"}");
  ANSWER(api, "HTTP/1.1 200 OK\r\n", "{\"logs\":[{\"timestamp\":\"2026-01-31T12:00:00.5Z\",\"level\":\"error\",\"message\":\"boom\",\"fields\":{}},"
                                    "{\"timestamp\":\"2026-01-31T11:00:00Z\",\"level\":\"error\",\"message\":\"bang\",\"fields\":{}}]}");
  ANSWER(api, "HTTP/1.1 200 OK\r\n", "[{\"timestampUnix\":1769860800,\"cpuCount\":2,\"cpuUsedPct\":12.5,\"memUsed\":1024,\"memTotal\":4096}]");
  fake_add(api, "HTTP/1.1 204 No Content\r\n\r\n", 27);
  ANSWER(api, "HTTP/1.1 201 Created\r\n", "{\"sandboxID\":\"sb1\",\"templateID\":\"base\"}");
  dash = fake_conn(&m, 0);
  ANSWER(dash, "HTTP/1.1 200 OK\r\n", "{\"templates\":[{\"id\":\"rki5dems9wqfm4r03t7g\",\"buildId\":\"b1\",\"vcpu\":2,\"ramMb\":512,"
                                     "\"totalDiskSizeMb\":1024,\"aliases\":[{\"alias\":\"base\",\"namespace\":\"e2b\"}]}]}");
  api2 = fake_conn(&m, 0);
  ANSWER(api2, "HTTP/1.1 404 Not Found\r\n", "{\"code\":404,\"message\":\"sandbox not found\"}");
  ANSWER(api2, "HTTP/1.1 429 Too Many Requests\r\nRetry-After: 5\r\n", "{\"code\":429,\"message\":\"slow down\"}");
  memset(&cfg, 0, sizeof cfg);
  cfg.api_key = KEY;
  cfg.api_url = "http://127.0.0.1:3000";
  cfg.dashboard_url = "http://127.0.0.1:3001";
  cfg.sock_port = &port;
  mem_sink_init(&out, outbuf, sizeof outbuf);
  out.each = 1;
  out.on_end = tally;
  snprintf(cursor_req, sizeof cursor_req, "{\"jsonrpc\":\"2.0\",\"id\":30,\"method\":\"tools/list\",\"params\":{\"cursor\":\"%d\"}}", 8);

  /* the interposition works: a heap call while armed is seen */
  {
    void *(*volatile get)(size_t) = malloc;
    void (*volatile put)(void *) = free;
    armed = 1;
    put(get(8));
    armed = 0;
    CHECK(heap_calls == 2);
    heap_calls = 0;
    first_call = NULL;
  }

  armed = 1;
  /* ---- nothing below may allocate ---- */
  e2b_mcp_init(&srv, &cfg);
  e2b_mcp_add_tool(&srv, &tool_board);
  for (i = 0; i < (int)(sizeof session / sizeof session[0]); i++)
    if (e2b_mcp_handle(&srv, session[i], strlen(session[i]), &out.sink) >= 0) handled++;
  if (e2b_mcp_handle(&srv, cursor_req, strlen(cursor_req), &out.sink) >= 0) handled++;
  /* in-process */
  if (e2b_mcp_call_tool(&srv, "board_temperature", NULL, &r) == 0 && !r.is_error) inproc++;
  if (e2b_mcp_call_tool(&srv, "e2b_list_sandboxes", "{\"limit\":0}", &r) == 0 && r.is_error) inproc++;
  if (e2b_mcp_call_tool(&srv, "e2b_list_sandboxes", NULL, &r) == 0 && r.is_error) inproc++;   /* in the 429 cool-down */
  e2b_mcp_close(&srv);
  armed = 0;
  /* ---- */

  CHECK(handled == (int)(sizeof session / sizeof session[0]) + 1);
  CHECK(inproc == 3);
  CHECK(m.opens == 3 && m.nscripts == 3);                 /* every canned answer was asked for */
  printf("session: %d messages (%d results, %d tool errors, %d JSON-RPC errors), %d connections\n",
         out.n, results, tool_errors, rpc_errors, m.opens);
  /* + 3 notifications from the board tool, + 12 around the E2B calls (progress, debug logs) */
  CHECK(results == 14 && tool_errors == 4 && rpc_errors == 5 && out.n == 14 + 4 + 5 + 3 + 12);
  CHECKM(heap_calls == 0, first_call ? first_call : "");
  printf("heap calls during the session: %lu%s%s\n", heap_calls, first_call ? ", first: " : "", first_call ? first_call : "");
  return CHECK_DONE();
}
