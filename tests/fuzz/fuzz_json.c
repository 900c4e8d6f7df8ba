/* fuzz_json.c - the JSON writer and the redacting copy, on any bytes.

   1. e2b_mcp_json_strn: the output is one valid JSON string; decoded, it equals
      the input when the input is valid UTF-8 without NUL (the library's own
      unescape agrees); a streaming writer with a tiny staging buffer writes the
      same bytes; a fixed buffer that is too small keeps a prefix and reports
      the overflow, never a byte past its end.
   2. e2b_mcp__parse is strict: it agrees with an independent RFC 8259 validator.
   3. e2b_mcp__copy / e2b_mcp__copy_members of whatever jsmn accepts (as E2B's
      answers are read): valid JSON with no secret key left at any depth
      (keys compared decoded, so an escaped name counts), injected header
      values are "[redacted]", and the copy stays inside the value's tokens. */
#define E2B_MCP_SOCK_CUSTOM
#define E2B_MCP_TLS_NONE
#define E2B_MCP_WITH_STDIO 0
#define E2B_MCP_IMPLEMENTATION
#include "../../e2b_mcp.h"
#include "json_check.h"

#include <stdio.h>
#include <stdlib.h>

#define FZ_MAX 65536
#define FZ_CHECK(cond) do { if (!(cond)) { fprintf(stderr, "fuzz_json: check failed: %s (line %d)\n", #cond, __LINE__); abort(); } } while (0)

static char full[6 * FZ_MAX + 16], small[6 * FZ_MAX + 16], dec[FZ_MAX + 16], dec2[4 * FZ_MAX + 16];
static char streamed[6 * FZ_MAX + 16];
static size_t streamed_len;
static jsmntok_t tok[E2B_MCP_RESP_TOKENS];
static char result[E2B_MCP_RESULT_MAX];

static int stream_flush(void *ctx, const char *p, size_t n) {
  (void)ctx;
  FZ_CHECK(streamed_len + n <= sizeof streamed);
  memcpy(streamed + streamed_len, p, n);
  streamed_len += n;
  return 0;
}

static int plain_utf8(const unsigned char *p, size_t n) {
  size_t i = 0;
  while (i < n) {
    int l;
    if (p[i] == 0) return 0;
    if (!(l = jc_utf8(p + i, n - i))) return 0;
    i += (size_t)l;
  }
  return 1;
}

static void check_escape(const uint8_t *data, size_t n, unsigned pick) {
  e2b_mcp_json w;
  size_t cap;
  long dl;
  int dl2;
  /* the whole string, room for the worst case */
  e2b_mcp_json_init(&w, full, 6 * n + 2);
  e2b_mcp_json_strn(&w, (const char *)data, n);
  FZ_CHECK(w.err == 0);
  FZ_CHECK(w.len >= 2 && w.len <= 6 * n + 2);
  FZ_CHECK(jc_valid(full, w.len, '"', NULL, NULL));
  dl = jc_unescape(full + 1, w.len - 2, dec2, sizeof dec2);
  FZ_CHECK(dl >= 0);   /* never a lone surrogate or a bad escape */
  if (plain_utf8(data, n)) {
    FZ_CHECK((size_t)dl == n && memcmp(dec2, data, n) == 0);
    dl2 = e2b_mcp__unescape(full + 1, w.len - 2, dec, sizeof dec);
    FZ_CHECK(dl2 >= 0 && (size_t)dl2 == n && memcmp(dec, data, n) == 0);
  }
  /* streaming through a tiny staging buffer: the same bytes */
  {
    char stage[80];
    size_t sc = 1 + pick % sizeof stage;
    e2b_mcp_json s;
    e2b_mcp_json_init(&s, stage, sc);
    s.flush = stream_flush;
    streamed_len = 0;
    e2b_mcp_json_strn(&s, (const char *)data, n);
    FZ_CHECK(e2b_mcp_json_end(&s) == 0);
    FZ_CHECK(s.len == 0 && streamed_len == w.len && memcmp(streamed, full, w.len) == 0);
  }
  /* a fixed buffer that may be too small: a prefix, and the overflow said */
  cap = w.len > 0 ? (pick * 2654435761u) % (w.len + 8) : 0;
  {
    e2b_mcp_json f;
    e2b_mcp_json_init(&f, small, cap);
    memset(small + cap, 0x5a, 8);
    e2b_mcp_json_strn(&f, (const char *)data, n);
    FZ_CHECK(f.len <= cap);
    FZ_CHECK(memcmp(small, full, f.len) == 0);
    FZ_CHECK((f.err != 0) == (cap < w.len));
    FZ_CHECK(small[cap] == 0x5a && small[cap + 7] == 0x5a);
  }
}

static jsmntok_t otok[E2B_MCP_RESP_TOKENS];
static int key_named(const char *js, const jsmntok_t *k, const char *name) {
  char key[64];
  long n = jc_unescape(js + k->start, (size_t)(k->end - k->start), key, sizeof key);
  return n >= 0 && (size_t)n == strlen(name) && memcmp(key, name, (size_t)n) == 0;
}
/* Walks the copy's tokens: every string under rules -> ... -> headers and
   under envVars must be "[redacted]" (injected header values and environment
   variable values never leave). Returns the next token. */
static int check_headers(const char *js, int i, int in_rules, int in_headers) {
  int k, n = otok[i].size;
  if (otok[i].type == JSMN_OBJECT) {
    for (i++, k = 0; k < n; k++) {
      int r = in_rules || key_named(js, &otok[i], "rules");
      int h = in_headers || (in_rules && key_named(js, &otok[i], "headers")) || key_named(js, &otok[i], "envVars");
      i = check_headers(js, i + 1, r, h);
    }
    return i;
  }
  if (otok[i].type == JSMN_ARRAY) {
    for (i++, k = 0; k < n; k++) i = check_headers(js, i, in_rules, in_headers);
    return i;
  }
  if (in_headers && otok[i].type == JSMN_STRING)
    FZ_CHECK(otok[i].end - otok[i].start == 10 && memcmp(js + otok[i].start, "[redacted]", 10) == 0);
  return i + 1;
}
static void check_redacted(const char *out, size_t n) {
  int r = e2b_mcp__parse(out, n, otok, E2B_MCP__COUNT(otok));   /* a bare primitive is PART to jsmn */
  if (r > 0) check_headers(out, 0, 0, 0);
}

/* The strict reader agrees with the oracle: what e2b_mcp__parse takes as one
   value filling the text is JSON (for UTF-8 text: other bytes in strings are
   tolerated and replaced on output), and every JSON object or array is taken
   unless it has more values or nesting than the reader holds. */
static void check_strict(const char *js, size_t n) {
  int r = e2b_mcp__parse(js, n, tok, E2B_MCP__COUNT(tok)), utf8 = 1;
  size_t i = 0;
  while (i < n) { int l = jc_utf8((const unsigned char *)js + i, n - i); if (!l) { utf8 = 0; break; } i += (size_t)l; }
  if (r > 0) {
    size_t end = (size_t)tok[0].end + (tok[0].type == JSMN_STRING ? 1u : 0u);
    if (utf8 && e2b_mcp__only_space(js + end, n - end)) FZ_CHECK(jc_valid(js, n, 0, NULL, NULL));
  }
  for (i = 0; i < n && (js[i] == ' ' || js[i] == '\t' || js[i] == '\r' || js[i] == '\n'); i++) {}
  if (i < n && (js[i] == '{' || js[i] == '[') && jc_valid(js, n, 0, NULL, NULL))
    FZ_CHECK(r > 0 || r == JSMN_ERROR_NOMEM || r == E2B_MCP__JSON_DEEP);
}

static void check_copy(const uint8_t *data, size_t n, unsigned pick) {
  const char *js = (const char *)data;
  int ntok = e2b_mcp__parse(js, n, tok, E2B_MCP__COUNT(tok)), next, secrets = 0;
  e2b_mcp_json w;
  size_t cap;
  if (ntok <= 0) return;
  /* the whole value: as e2b_get_sandbox copies its answer */
  cap = pick & 1 ? sizeof result : 1 + (pick >> 1) % (sizeof result < 4096 ? sizeof result : 4096);
  e2b_mcp_json_init(&w, result, cap);
  next = e2b_mcp__copy(&w, js, tok, 0, 0, 0);
  /* Within the value's tokens. Not always all of them: jsmn's strict mode
     still lets some malformed texts through in a shape that the checks in
     e2b_mcp__parse cannot tell from a valid one without a stack (a container
     where a key belongs: [{"k","K":[1]},"a":2]); the copy then reads fewer
     tokens as keys, but never past the value, and writes valid JSON. */
  FZ_CHECK(next <= e2b_mcp__tok_skip(tok, 0));
  FZ_CHECK(next <= ntok);
  FZ_CHECK(w.len <= cap);
  if (!w.err) {
    FZ_CHECK(jc_valid(result, w.len, 0, jc_count_secrets, &secrets));
    FZ_CHECK(secrets == 0);
    check_redacted(result, w.len);
  }
  /* the members of an object into an open one: as create and resume do */
  if (tok[0].type == JSMN_OBJECT) {
    e2b_mcp_json_init(&w, result, sizeof result);
    e2b_mcp_json_obj(&w);
    e2b_mcp__copy_members(&w, js, tok, 0, pick & 2 ? "builds" : NULL);
    e2b_mcp_json_key(&w, "timeout"); e2b_mcp_json_int(&w, 60);
    e2b_mcp_json_obj_end(&w);
    if (!w.err) {
      secrets = 0;
      FZ_CHECK(jc_valid(result, w.len, '{', jc_count_secrets, &secrets));
      FZ_CHECK(secrets == 0);
    }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n) {
  unsigned pick = 0;
  size_t i;
  if (n > FZ_MAX) n = FZ_MAX;
  for (i = 0; i < n && i < 8; i++) pick = pick * 31u + data[i];
  check_escape(data, n, pick);
  check_strict((const char *)data, n);
  check_copy(data, n, pick);
  return 0;
}
