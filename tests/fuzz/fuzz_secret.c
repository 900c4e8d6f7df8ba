/* fuzz_secret.c - the API key never leaves, whatever E2B answers.

   Input (the format of fuzz_http): 4 header bytes, then up to 8 answers
   separated by "@@@@\n".
     byte 0  which tool call (bits 0-3 and 7, modulo the calls: each tool of the
             server's table with its required arguments, then with all of them,
             tests/lib/tool_args.h); bit 4: log level debug (every log line goes
             out too); bit 5: the in-process API instead of JSON-RPC
     byte 1  largest recv piece (0: as much as asked)
     byte 2  seed of the piece sizes
     byte 3  what recv returns after an answer: end of stream, timeout, reset
   Each request E2B gets takes the next answer; the dictionary (fuzz_secret.dict)
   holds the key, its pieces and escaped spellings, so answers echo it the ways
   a server or proxy would (a 401 message, a 500 page, a header, a field).
   Property: nothing the server writes contains the key, in any spelling a
   reader would decode: every message's bytes, and every JSON string in them
   decoded, and a text block's text (the result as JSON) walked the same way.
   The same for the in-process result, content and message. E2B's own strings
   are the last layer decoded: text in them that spells the key in escapes of
   its own (JSON inside a string, \u0030 for a digit) is out of scope - no
   encoder writes letters and digits that way, and a hostile E2B could as well
   send the key in base64. And what is written is valid JSON. The _small build's
   256-byte staging buffer splits the key across the writer's flushes often. */
#define E2B_MCP_SOCK_CUSTOM
#define E2B_MCP_TLS_NONE
#define E2B_MCP_WITH_STDIO 0
#define E2B_MCP_IMPLEMENTATION
#include "../../e2b_mcp.h"
#include "json_check.h"
#include "sink.h"
#include "fake_port.h"
#include "tool_args.h"

#include <stdio.h>
#include <stdlib.h>

#define FZ_CHECK(cond) do { if (!(cond)) { fprintf(stderr, "fuzz_secret: check failed: %s (line %d)\n", #cond, __LINE__); abort(); } } while (0)
#define KEY "e2b_0123456789abcdef0123456789abcdef01234567"

static e2b_mcp_server srv;
static fake fp;
static e2b_mcp_sock_port port;

/* The calls: every tool of the server's table (kill enabled), with its
   required arguments and with all of them (tests/lib/tool_args.h). */
static tool_calls calls;

/* ---- the check: the key in the bytes, or in any string decoded, at any depth ---- */
static int has_key(const char *p, size_t n) {
  static const size_t kl = sizeof KEY - 1;
  size_t i;
  for (i = 0; i + kl <= n; i++) if (p[i] == 'e' && memcmp(p + i, KEY, kl) == 0) return 1;
  return 0;
}
static char dec[2][E2B_MCP_RESULT_MAX + E2B_MCP_CONTENT_MAX + 64];
static jsmntok_t tk[2][2 * E2B_MCP_RESP_TOKENS + 64];
/* Checks p[0..n): its bytes, and every JSON string in it decoded; a text
   block's text (the result as JSON) is walked the same way once more. */
static void check_text(const char *p, size_t n, int depth) {
  int r, i;
  FZ_CHECK(!has_key(p, n));
  if (depth >= 2) return;
  r = e2b_mcp__parse(p, n, tk[depth], E2B_MCP__COUNT(tk[depth]));
  for (i = 0; i < r; i++) {
    const jsmntok_t *t = &tk[depth][i];
    long dl;
    if (t->type != JSMN_STRING) continue;
    dl = jc_unescape(p + t->start, (size_t)(t->end - t->start), dec[depth], sizeof dec[depth]);
    if (dl < 0) continue;
    FZ_CHECK(!has_key(dec[depth], (size_t)dl));
    if (i > 0 && tk[depth][i - 1].type == JSMN_STRING && tk[depth][i - 1].size == 1 &&
        e2b_mcp__tok_eq(p, &tk[depth][i - 1], "text") && dl > 0 && dec[depth][0] == '{')
      check_text(dec[depth], (size_t)dl, depth + 1);
  }
}

/* ---- the sink: each message checked as it ends (tests/lib/sink.h, one at a time) ---- */
static char outbuf[1 << 21];
static mem_sink out;
static int check_message(mem_sink *k, const char *msg, size_t len) {
  (void)k;
  FZ_CHECK(jc_valid(msg, len, 0, NULL, NULL));
  check_text(msg, len, 0);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n) {
  static char req[2048];
  const char *name;
  int which;
  if (n < 4) return 0;
  fake_from_input(&fp, &port, data, n);
  FZ_CHECK(fake_server_init(&srv, &port, KEY) == 0);
  if (!calls.n) FZ_CHECK(tool_calls_of(&calls, &srv) > 0);
  which = ((data[0] & 0x0f) | ((data[0] & 0x80) >> 3)) % calls.n;
  name = calls.name[which];
  if (data[0] & 0x20) {
    e2b_mcp_result r;
    FZ_CHECK(e2b_mcp_call_tool(&srv, name, calls.args[which], &r) == 0);
    if (r.json) check_text(r.json, r.json_len, 0);
    if (r.content) check_text(r.content, r.content_len, 0);
    check_text(r.message, strlen(r.message), 0);
  } else {
    mem_sink_init(&out, outbuf, sizeof outbuf);
    out.each = 1;
    out.on_end = check_message;
    snprintf(req, sizeof req, "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
             "\"capabilities\":{},\"clientInfo\":{\"name\":\"f\",\"version\":\"1\"}}}");
    FZ_CHECK(e2b_mcp_handle(&srv, req, strlen(req), &out.sink) == 1);
    if (data[0] & 0x10) {
      snprintf(req, sizeof req, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"debug\"}}");
      FZ_CHECK(e2b_mcp_handle(&srv, req, strlen(req), &out.sink) == 1);
    }
    snprintf(req, sizeof req, "{\"jsonrpc\":\"2.0\",\"id\":\"c\",\"method\":\"tools/call\",\"params\":{\"name\":\"%s\",\"arguments\":%s,"
             "\"_meta\":{\"progressToken\":7}}}", name, calls.args[which]);
    FZ_CHECK(e2b_mcp_handle(&srv, req, strlen(req), &out.sink) == 1);
    FZ_CHECK(!out.failed && out.len == 0);   /* every message fit; nothing left half-written */
  }
  e2b_mcp_close(&srv);
  return 0;
}
