/* bench/core.c - the MCP core alone, in-process (bench/run.sh builds it in the desktop and
   the small profile, with the BearSSL port's types so the sizes are the product's).

   - RAM: sizeof e2b_mcp_server and of each buffer inside it.
   - Stack: every tool is called once through e2b_mcp_handle on a thread whose stack was
     painted with a pattern; the deepest byte touched is the worst stack depth (this counts
     libc's frames too: snprintf, memcpy ...). No network: a custom socket port answers each
     request with a canned HTTP response (a 10-sandbox list, or one sandbox object).
   - Speed: messages per second for tools/list and for tools/call e2b_list_sandboxes
     {"limit":10} answered from the canned response (the whole path: JSON-RPC parse,
     argument checks, the HTTP request written, the response read and parsed, the result
     written twice - structuredContent and text - and handed to a null sink).
   Output: key=value lines. */
#define _POSIX_C_SOURCE 200809L   /* custom socket port: the header does not set it */
#define E2B_MCP_IMPLEMENTATION
#define E2B_MCP_SOCK_CUSTOM
#define E2B_MCP_TLS_BEARSSL
#include "../e2b_mcp.h"
#include "../tests/lib/tool_args.h"
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <stdlib.h>

static char list_resp[8192], obj_resp[2048];
static size_t list_len, obj_len;
static const char *cur; static size_t cur_len, cur_off;
static unsigned long sent_bytes;

static int p_resolve(void *u, const char *h, e2b_mcp_addr *a) { (void)u; (void)h; memset(a, 0, sizeof *a); a->family = 4; return 0; }
static int p_open(void *u, e2b_mcp_sock *s, const e2b_mcp_addr *a, unsigned port) { (void)u; (void)a; (void)port; s->h = 3; return 0; }
static int p_wait(void *u, e2b_mcp_poll *q, int n, int to) { (void)u; (void)q; (void)n; (void)to; return 0; }
static int p_send(void *u, e2b_mcp_sock *s, const unsigned char *p, size_t n) {
  (void)u; (void)s;
  if (n >= 5 && memcmp(p, "GET ", 4) == 0) {   /* a request head: choose the answer */
    int is_list = memcmp(p, "GET /v2/sandboxes", 17) == 0 || memcmp(p, "GET /v2/templates", 17) == 0 ||
                  memcmp(p, "GET /snapshots", 14) == 0 || memcmp(p, "GET /templates/defaults", 23) == 0 ||
                  (memcmp(p, "GET /sandboxes/", 15) == 0 && memchr(p, '\r', n) && strstr((const char *)p, "/metrics") &&
                   (const unsigned char *)strstr((const char *)p, "/metrics") < (const unsigned char *)memchr(p, '\r', n));
    cur = is_list ? list_resp : obj_resp; cur_len = is_list ? list_len : obj_len; cur_off = 0;
  } else if (n >= 5 && (memcmp(p, "POST ", 5) == 0 || memcmp(p, "DELETE ", 7) == 0)) {
    cur = obj_resp; cur_len = obj_len; cur_off = 0;
  }
  sent_bytes += n;
  return (int)n;
}
static int p_recv(void *u, e2b_mcp_sock *s, unsigned char *p, size_t n) {
  size_t k = cur_len - cur_off;
  (void)u; (void)s;
  if (k == 0) return E2B_MCP_ERR_TIMEOUT;
  if (k > n) k = n;
  memcpy(p, cur + cur_off, k); cur_off += k;
  return (int)k;
}
static void p_close(void *u, e2b_mcp_sock *s) { (void)u; s->h = -1; }
static unsigned long p_now(void *u) { (void)u; return 1000; }
static const e2b_mcp_sock_port port = { NULL, p_resolve, p_open, p_send, p_recv, p_close, NULL, NULL, NULL, NULL, p_wait, p_now, NULL };

static size_t sink_bytes;
static int s_write(void *c, const char *p, size_t n) { (void)c; (void)p; sink_bytes += n; return 0; }
static int s_end(void *c) { (void)c; sink_bytes++; return 0; }
static const e2b_mcp_sink sink = { NULL, s_write, s_end };

static e2b_mcp_server srv;
/* "slots[0].conn" -> "conn", "bufs[0].req" -> "req", "slots[0]" -> "slot": the names the table reads */
static const char *e2b_name(const char *f) { return strncmp(f, "slots[0].", 9) == 0 ? f + 9 : strncmp(f, "bufs[0].", 8) == 0 ? f + 8 : strcmp(f, "slots[0]") == 0 ? "slot" : f; }
static const char SB[] = "{\"alias\":\"base\",\"clientID\":\"a3f1c2d4\",\"cpuCount\":2,\"diskSizeMB\":22912,"
  "\"endAt\":\"2026-11-30T06:58:08.537275Z\",\"envdVersion\":\"0.5.4\",\"memoryMB\":512,"
  "\"metadata\":{\"batch\":\"many\",\"idx\":\"%d\",\"user\":\"carol\"},\"sandboxID\":\"innkju1p7b924knes8bp%c\","
  "\"startedAt\":\"2026-11-30T05:58:08.537275Z\",\"state\":\"running\",\"templateID\":\"rki5dems9wqfm4r03t7g\"}";
static void canned(void) {
  char body[6144], one[512];
  size_t bl = 0; int i;
  body[bl++] = '[';
  for (i = 0; i < 10; i++) {
    int k = snprintf(one, sizeof one, SB, i, 'a' + i);
    if (i) body[bl++] = ',';
    memcpy(body + bl, one, (size_t)k); bl += (size_t)k;
  }
  body[bl++] = ']';
  list_len = (size_t)snprintf(list_resp, sizeof list_resp, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
    "X-Total-Running: 10\r\nContent-Length: %lu\r\n\r\n%.*s", (unsigned long)bl, (int)bl, body);
  bl = (size_t)snprintf(one, sizeof one, SB, 0, 'a');
  obj_len = (size_t)snprintf(obj_resp, sizeof obj_resp, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
    "Content-Length: %lu\r\n\r\n%s", (unsigned long)bl, one);
}

static double now_s(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return (double)t.tv_sec + (double)t.tv_nsec / 1e9; }
static int handle(const char *m) { return e2b_mcp_handle(&srv, m, strlen(m), &sink); }

#define CALL(name, args) "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"" name "\",\"arguments\":" args "}}"
/* The messages measured: initialize, tools/list, then every tool of the server's table with
   every argument it takes (tests/lib/tool_args.h makes them from the input schemas). */
#define NCALLS (2 + E2B_MCP__BUILTIN_ROOM + E2B_MCP_MAX_TOOLS)
static const char *calls[NCALLS][2];
static char call_msg[NCALLS][1200];
static int ncalls;
static void build_calls(void) {
  char args[1024];
  int i;
  calls[0][0] = "initialize";
  calls[0][1] = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"b\",\"version\":\"1\"}}}";
  calls[1][0] = "tools/list";
  calls[1][1] = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}";
  for (ncalls = 2, i = 0; i < srv.ntools && ncalls < NCALLS; i++, ncalls++) {
    if (tool_args(srv.tools[i]->input_schema, 1, args, sizeof args) < 0) args[0] = 0;
    snprintf(call_msg[ncalls], sizeof call_msg[0], "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\","
             "\"params\":{\"name\":\"%s\",\"arguments\":%s}}", srv.tools[i]->name, args[0] ? args : "{}");
    calls[ncalls][0] = srv.tools[i]->name;
    calls[ncalls][1] = call_msg[ncalls];
  }
}

/* ---- stack painting ---------------------------------------------------------- */
#define STK (512 * 1024)
static unsigned char stk[STK] __attribute__((aligned(64)));
static const char *stk_msg;
static void *stk_run(void *a) { (void)a; handle(stk_msg); return NULL; }
static size_t stack_of(const char *m) {
  pthread_t t; pthread_attr_t at; size_t i;
  memset(stk, 0xA5, sizeof stk);
  stk_msg = m;
  pthread_attr_init(&at);
  pthread_attr_setstack(&at, stk, sizeof stk);
  pthread_create(&t, &at, stk_run, NULL);
  pthread_join(t, NULL);
  for (i = 0; i < sizeof stk && stk[i] == 0xA5; i++) {}
  return sizeof stk - i;    /* the stack grows down from stk + STK */
}

static int cmp_d(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }
static double rate(const char *m) {
  double r[5], t0, dt; int w, n;
  for (w = 0; w < 5; w++) {
    for (n = 0, t0 = now_s(); (dt = now_s() - t0) < 0.2; n++) handle(m);
    r[w] = n / dt;
  }
  qsort(r, 5, sizeof r[0], cmp_d);
  return r[2];
}

int main(void) {
  e2b_mcp_config cfg;
  size_t base, worst = 0; const char *worst_name = ""; int i;
  canned();
  memset(&cfg, 0, sizeof cfg);
  cfg.api_key = "e2b_deadbeefdeadbeefdeadbeefdeadbeefdeadbeef";
  cfg.api_url = "http://127.0.0.1:9"; cfg.dashboard_url = "http://127.0.0.1:9";
  cfg.sock_port = &port; cfg.enable_kill = 1;
  e2b_mcp_init(&srv, &cfg);
  build_calls();
#define SZ(f) printf("sizeof_%s=%lu\n", e2b_name(#f), (unsigned long)sizeof srv.f)
/* a call's request and answer buffers: the pool's, or the slot's own where there is no pool (the small profile) */
#ifdef E2B_MCP__POOL
#define BUFS_SZ() (SZ(bufs[0].req), SZ(bufs[0].resp))
#else
#define BUFS_SZ() (printf("sizeof_req=%lu\nsizeof_resp=%lu\n", (unsigned long)sizeof srv.slots[0].own.req, (unsigned long)sizeof srv.slots[0].own.resp))
#endif
  printf("sizeof_server=%lu\n", (unsigned long)sizeof srv);
  SZ(msg); SZ(mtok); BUFS_SZ(); SZ(rtok); SZ(result); SZ(content); SZ(out); SZ(errmsg); SZ(slots[0].conn); SZ(slots[0]); printf("calls=%d\n", (int)E2B_MCP_CALLS); SZ(trust); SZ(api);
  printf("sizeof_conn_tls=%lu\n", (unsigned long)sizeof srv.slots[0].conn.tls);
  /* stack: an empty handle first (the thread's own frames), then every method and tool */
  base = stack_of("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}");
  for (i = 0; i < ncalls; i++) {
    size_t s = stack_of(calls[i][1]);
    { char k[64]; size_t j; snprintf(k, sizeof k, "%s", calls[i][0]); for (j = 0; k[j]; j++) if (k[j] == '/') k[j] = '_'; printf("stack_%s=%lu\n", k, (unsigned long)s); }
    if (i >= 2 && s > worst) { worst = s; worst_name = calls[i][0]; }
  }
  printf("stack_ping=%lu\nstack_worst_tool=%lu\nstack_worst_tool_name=%s\n", (unsigned long)base, (unsigned long)worst, worst_name);
  /* check that the canned list call really produced a result */
  sink_bytes = 0; handle(CALL("e2b_list_sandboxes", "{\"limit\":10}"));
  printf("list_answer_bytes=%lu\n", (unsigned long)sink_bytes);
  /* speed: five windows of 0.2 s each, the median window */
  printf("tools_list_per_s=%.0f\n", rate(calls[1][1]));
  printf("tools_call_per_s=%.0f\n", rate(CALL("e2b_list_sandboxes", "{\"limit\":10}")));
  return 0;
}
