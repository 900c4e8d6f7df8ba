/* fuzz_mcp.c - the MCP core, through the engine's seam (e2b_mcp_submit, _step), on any bytes.

   Input: 2 header bytes, then parts separated by "@@@@\n":
     part 1  a message, handled after an initialize
     part 2  the client's answer to a question (elicitation), if one is asked
     part 3  a second message, handled after the first
     byte 0  bits 0-1 protocol version of the initialize; bit 2 the client
             declares elicitation; bit 3 the sink fails after byte 1 * 64
             bytes; bit 4 kill enabled; bit 5 no API key
   E2B is a fake that answers every request with a fixed, valid answer for its
   path (tests/lib/fake_port.h). Checks: no crash, overflow or UB; every message written
   is one valid JSON value, an object (or a batch: an array), with no raw
   newline (stdio frames by lines); nothing is left half-written; what
   e2b_mcp_submit returns is answered or deferred (a message without an
   origin is never queued), and deferred only when a call is left. */
#define E2B_MCP_SOCK_CUSTOM
#define E2B_MCP_TLS_NONE
#define E2B_MCP_WITH_STDIO 0
#define E2B_MCP_IMPLEMENTATION
#include "../../e2b_mcp.h"
#include "json_check.h"
#include "sink.h"
#include "fake_port.h"

#include <stdio.h>
#include <stdlib.h>

#define FZ_CHECK(cond) do { if (!(cond)) { fprintf(stderr, "fuzz_mcp: check failed: %s (line %d)\n", #cond, __LINE__); abort(); } } while (0)

static e2b_mcp_server srv;
static fake fp;
static e2b_mcp_sock_port port;

/* ---- the fake E2B: one answer per path ---- */
#define FP_OK "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
enum { A_LIST, A_GET, A_LOGS, A_METRICS, A_CREATED, A_204, A_EMPTY, A_DEFAULTS, A_BUILDS, A_404, A_COUNT };
static const char *const heads[A_COUNT] = {
  FP_OK "X-Next-Token: nt1\r\nX-Total-Running: 1\r\n", FP_OK "Transfer-Encoding: chunked\r\n", FP_OK, FP_OK,
  "HTTP/1.1 201 Created\r\n", "HTTP/1.1 204 No Content\r\n", FP_OK, FP_OK "Connection: close\r\n", FP_OK,
  "HTTP/1.1 404 Not Found\r\n" };
static const char *const bodies[A_COUNT] = {
  "[{\"sandboxID\":\"i1\",\"templateID\":\"base\",\"envdAccessToken\":\"s\",\"state\":\"running\",\"metadata\":{\"k\":\"v\"}}]",
  ("1f\r\n{\"sandboxID\":\"i1\",\"state\":\"runn\r\n"
  "50\r\ning\",\"trafficAccessToken\":\"t\",\"network\":{\"rules\":{\"a\":[{\"headers\":{\"K\":\"v\"}}]}}}\r\n0\r\n\r\n"),
  "{\"logs\":[{\"timestamp\":\"2026-01-31T12:00:00.123Z\",\"level\":\"info\",\"message\":\"hello\"}]}",
  "[{\"cpuCount\":2,\"timestampUnix\":1769860800}]",
  "{\"sandboxID\":\"i2\",\"templateID\":\"base\",\"envdAccessToken\":\"x\"}",
  "",
  "[]",
  "{\"templates\":[{\"id\":\"base\",\"buildId\":\"b1\",\"vcpu\":2,\"aliases\":[{\"alias\":\"a\",\"namespace\":\"n\"}]}]}",
  "{\"templateID\":\"t1\",\"builds\":[{\"buildID\":\"b\"}]}",
  "{\"message\":\"not found\"}" };
static char answers[A_COUNT][1024];

static void build_answers(void) {
  int i;
  for (i = 0; i < A_COUNT; i++) {
    if (i == A_GET || i == A_DEFAULTS || i == A_204) snprintf(answers[i], sizeof answers[i], "%s\r\n%s", heads[i], bodies[i]);
    else snprintf(answers[i], sizeof answers[i], "%sContent-Length: %d\r\n\r\n%s", heads[i], (int)strlen(bodies[i]), bodies[i]);
  }
}
static int starts(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }
static void answer(fake *f, const char *line, const char **ans, size_t *n) {
  int a = A_404;
  (void)f;
#define FP_IS(prefix) starts(line, prefix)
  if (FP_IS("GET /v2/sandboxes?") || FP_IS("GET /v2/sandboxes ")) a = A_LIST;
  else if (FP_IS("GET /v2/sandboxes/")) a = A_LOGS;
  else if (FP_IS("GET /sandboxes/") && strstr(line, "/metrics")) a = A_METRICS;
  else if (FP_IS("GET /sandboxes/")) a = A_GET;
  else if (FP_IS("POST /v2/sandboxes/") && strstr(line, "/connect")) a = A_CREATED;
  else if (FP_IS("POST /v2/sandboxes ")) a = A_CREATED;
  else if (FP_IS("POST /sandboxes/") || FP_IS("DELETE /sandboxes/")) a = A_204;
  else if (FP_IS("GET /snapshots") || FP_IS("GET /v2/templates")) a = A_EMPTY;
  else if (FP_IS("GET /prefix/templates/defaults")) a = A_DEFAULTS;
  else if (FP_IS("GET /templates/")) a = A_BUILDS;
#undef FP_IS
  *ans = answers[a];
  *n = strlen(answers[a]);
}

/* ---- the sink: a message at a time, checked at its end (tests/lib/sink.h) ---- */
static char msgbuf[8 << 20];
static mem_sink out;
static const char *answer_part;
static size_t answer_len;

static int verbose = -1;   /* FUZZ_VERBOSE=1: print each message (for writing seeds) */
static int check_message(mem_sink *k, const char *msg, size_t len) {
  (void)k;
  if (verbose < 0) verbose = getenv("FUZZ_VERBOSE") != NULL;
  if (verbose) fprintf(stderr, "<< %.*s\n", (int)(len > 600 ? 600 : len), msg);
  FZ_CHECK(len > 0);
  FZ_CHECK(msg[0] == '{' || msg[0] == '[');
  FZ_CHECK(memchr(msg, '\n', len) == NULL);
  FZ_CHECK(jc_valid(msg, len, 0, NULL, NULL));
  return 0;
}
static int asking(void) {
  int i;
  for (i = 0; i < srv.nslots; i++) if (srv.slots[i].state == E2B_MCP__CS_ASKING) return 1;
  return 0;
}

/* One message through the engine's seam, as a transport of one's own hands it
   over; then the engine is stepped until no call is left: E2B (the fake)
   answers as it is read, a question gets part 2 as its client's answer (a
   message like any other), or none, and then its time runs out. */
static void handle(const char *p, size_t n, const e2b_mcp_sink *k) {
  int rc, i;
  if (n > E2B_MCP_MSG_MAX) n = E2B_MCP_MSG_MAX;
  memcpy(srv.msg, p, n);   /* as the stdio transport does: the text lives in s->msg */
  srv.msg[n] = 0;
  rc = e2b_mcp_submit(&srv, srv.msg, n, NULL, k);
  if (out.failed) return;   /* a pipe that broke: the sink dropped the half-written message */
  FZ_CHECK(rc == E2B_MCP_ANSWERED || rc == E2B_MCP_DEFERRED);
  FZ_CHECK(rc == E2B_MCP_ANSWERED || e2b_mcp_calls_in_flight(&srv) > 0);
  FZ_CHECK(out.len == 0);   /* nothing half-written */
  for (i = 0; i < 20000 && e2b_mcp_calls_in_flight(&srv); i++) {
    e2b_mcp_poll ps[E2B_MCP_CALLS];
    int timeout = -1;
    if (answer_part && asking()) {
      size_t an = answer_len > E2B_MCP_MSG_MAX ? E2B_MCP_MSG_MAX : answer_len;
      memcpy(srv.msg, answer_part, an);
      srv.msg[an] = 0;
      answer_part = NULL;
      FZ_CHECK(e2b_mcp_submit(&srv, srv.msg, an, NULL, k) >= 0 || out.failed);
    }
    if (e2b_mcp_watch(&srv, ps, E2B_MCP_CALLS, &timeout) == 0 && timeout > 0) fp.now += (unsigned long)timeout;   /* only the clock to wait for */
    e2b_mcp_step(&srv);
  }
  FZ_CHECK(out.len == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n) {
  static const char *const versions[] = { "2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25" };
  const char *parts[3] = { NULL, NULL, NULL }, *p, *end;
  size_t lens[3] = { 0, 0, 0 };
  int np = 0, flags;
  char init[256];
  e2b_mcp_config cfg;
  if (n < 2) return 0;
  flags = data[0];
  p = (const char *)data + 2;
  end = (const char *)data + n;
  while (p <= end && np < 3) {
    const char *q = p;
    while (q + 5 <= end && memcmp(q, "@@@@\n", 5) != 0) q++;
    if (q + 5 > end) q = end;
    parts[np] = p; lens[np++] = (size_t)(q - p);
    p = q + 5;
  }
  fake_reset(&fp);
  fake_port_init(&port, &fp);
  fp.one_script = 1;
  fp.answer_fn = answer;
  fp.piece = 1 + data[1] % 97;
  fp.rng = 12345u + data[1];
  memset(&cfg, 0, sizeof cfg);
  cfg.api_key = flags & 32 ? NULL : "e2b_0123456789abcdef0123456789abcdef01234567";
  cfg.api_url = "http://api.fuzz.test";
  cfg.dashboard_url = "http://dash.fuzz.test/prefix";
  cfg.sock_port = &port;
  cfg.enable_kill = (flags & 16) != 0;
  FZ_CHECK(e2b_mcp_init(&srv, &cfg) == 0);
  if (!answers[0][0]) build_answers();
  mem_sink_init(&out, msgbuf, sizeof msgbuf);
  out.each = 1;
  out.on_end = check_message;
  answer_part = np > 1 ? parts[1] : NULL;
  answer_len = np > 1 ? lens[1] : 0;
  snprintf(init, sizeof init, "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"%s\","
           "\"capabilities\":{%s},\"clientInfo\":{\"name\":\"fuzz\",\"version\":\"1\"}}}",
           versions[flags & 3], flags & 4 ? "\"elicitation\":{}" : "");
  handle(init, strlen(init), &out.sink);
  handle("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", 54, &out.sink);
  if (flags & 8) out.fail_after = out.total + (size_t)data[1] * 64;
  handle(parts[0], lens[0], &out.sink);
  if (np > 2) handle(parts[2], lens[2], &out.sink);
  e2b_mcp_close(&srv);
  return 0;
}
