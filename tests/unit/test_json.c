/* test_json.c - the JSON writer (escaping, UTF-8, nesting, overflow, streaming)
   and the reader helpers (unescape, tokens, integers, redaction, times), called
   in-process: the implementation is included, so its static helpers are reachable. */
#define E2B_MCP_SOCK_CUSTOM
#define E2B_MCP_WITH_STDIO 0
#define E2B_MCP_IMPLEMENTATION
#include "../../e2b_mcp.h"
#include "check.h"

#include <limits.h>

/* ---- helpers ---- */

/* Writes one string value with a fresh fixed writer; returns the text. */
static const char *esc(const char *s, size_t n) {
  static char buf[4096];
  e2b_mcp_json w;
  e2b_mcp_json_init(&w, buf, sizeof buf - 1);
  e2b_mcp_json_strn(&w, s, n);
  buf[w.err ? 0 : w.len] = 0;
  return buf;
}
#define ESC_IS(lit, want) CHECKM(strcmp(esc(lit, sizeof(lit) - 1), want) == 0, esc(lit, sizeof(lit) - 1))

/* A streaming sink that collects every flush. */
typedef struct sink {
  char data[8192];
  size_t len;
  int flushes, fail_after;   /* fail_after > 0: the n-th flush fails */
} sink;
static int sink_flush(void *ctx, const char *p, size_t n) {
  sink *k = (sink *)ctx;
  k->flushes++;
  if (k->fail_after && k->flushes >= k->fail_after) return -1;
  if (k->len + n > sizeof k->data) return -1;
  memcpy(k->data + k->len, p, n);
  k->len += n;
  return 0;
}

/* The same document for the fixed and the streaming writers. */
static void write_doc(e2b_mcp_json *w) {
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "a"); e2b_mcp_json_int(w, 1);
  e2b_mcp_json_key(w, "b"); e2b_mcp_json_arr(w);
    e2b_mcp_json_int(w, -2);
    e2b_mcp_json_str(w, "x\"y");
    e2b_mcp_json_obj(w); e2b_mcp_json_key(w, "c"); e2b_mcp_json_null(w); e2b_mcp_json_obj_end(w);
    e2b_mcp_json_arr(w); e2b_mcp_json_arr_end(w);
    e2b_mcp_json_obj(w); e2b_mcp_json_obj_end(w);
    e2b_mcp_json_bool(w, 1);
  e2b_mcp_json_arr_end(w);
  e2b_mcp_json_key(w, "d"); e2b_mcp_json_bool(w, 0);
  e2b_mcp_json_key(w, "e"); e2b_mcp_json_raw(w, "{\"r\":[1,2]}", 11);
  e2b_mcp_json_key(w, "f"); e2b_mcp_json_str(w, "");
  e2b_mcp_json_key(w, "g"); e2b_mcp_json_obj(w); e2b_mcp_json_obj_end(w);
  e2b_mcp_json_obj_end(w);
}
static const char doc_text[] =
  "{\"a\":1,\"b\":[-2,\"x\\\"y\",{\"c\":null},[],{},true],\"d\":false,\"e\":{\"r\":[1,2]},\"f\":\"\",\"g\":{}}";

/* ---- the writer ---- */

static void test_escaping(void) {
  char in[2], want[16];
  int c;
  ESC_IS("plain", "\"plain\"");
  ESC_IS("", "\"\"");
  ESC_IS("a\"b", "\"a\\\"b\"");
  ESC_IS("a\\b", "\"a\\\\b\"");
  ESC_IS("\\\"", "\"\\\\\\\"\"");
  ESC_IS("/", "\"/\"");
  ESC_IS("\x7f", "\"\x7f\"");   /* DEL is valid JSON as is */
  /* every control character */
  for (c = 0; c < 0x20; c++) {
    in[0] = (char)c;
    switch (c) {
      case '\n': strcpy(want, "\"\\n\""); break;
      case '\r': strcpy(want, "\"\\r\""); break;
      case '\t': strcpy(want, "\"\\t\""); break;
      case '\b': strcpy(want, "\"\\b\""); break;
      case '\f': strcpy(want, "\"\\f\""); break;
      default: snprintf(want, sizeof want, "\"\\u%04x\"", c);
    }
    CHECKM(strcmp(esc(in, 1), want) == 0, want);
  }
  /* a NUL inside a counted string is escaped, not a terminator */
  ESC_IS("a\0b", "\"a\\u0000b\"");
  ESC_IS("line1\nline2\ttab", "\"line1\\nline2\\ttab\"");
}

static void test_utf8(void) {
  /* valid multi-byte sequences pass unchanged */
  ESC_IS("\xc3\xa9", "\"\xc3\xa9\"");                     /* é, 2 bytes */
  ESC_IS("\xe2\x82\xac", "\"\xe2\x82\xac\"");             /* €, 3 bytes */
  ESC_IS("\xf0\x9f\x98\x80", "\"\xf0\x9f\x98\x80\"");     /* emoji, 4 bytes */
  ESC_IS("\xc2\x80", "\"\xc2\x80\"");                     /* lowest 2-byte */
  ESC_IS("\xef\xbf\xbf", "\"\xef\xbf\xbf\"");             /* U+FFFF */
  ESC_IS("\xf4\x8f\xbf\xbf", "\"\xf4\x8f\xbf\xbf\"");     /* U+10FFFF */
  ESC_IS("a\xc3\xa9z", "\"a\xc3\xa9z\"");
  /* invalid bytes become \ufffd, one per bad byte, and the rest survives */
  ESC_IS("\x80", "\"\\ufffd\"");                          /* lone continuation */
  ESC_IS("\xbf", "\"\\ufffd\"");
  ESC_IS("\xff", "\"\\ufffd\"");
  ESC_IS("\xfe", "\"\\ufffd\"");
  ESC_IS("\xc0\x80", "\"\\ufffd\\ufffd\"");               /* overlong NUL */
  ESC_IS("\xc1\xbf", "\"\\ufffd\\ufffd\"");               /* overlong */
  ESC_IS("\xe0\x80\xaf", "\"\\ufffd\\ufffd\\ufffd\"");    /* overlong 3-byte */
  ESC_IS("\xf0\x80\x80\xaf", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");  /* overlong 4-byte */
  ESC_IS("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"");    /* UTF-16 surrogate D800 */
  ESC_IS("\xed\xbf\xbf", "\"\\ufffd\\ufffd\\ufffd\"");    /* surrogate DFFF */
  ESC_IS("\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");  /* above U+10FFFF */
  ESC_IS("\xf5\x80\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");
  ESC_IS("\xe2\x82", "\"\\ufffd\\ufffd\"");               /* truncated at the end */
  ESC_IS("\xe2\x82z", "\"\\ufffd\\ufffdz\"");             /* truncated mid-string */
  ESC_IS("\xf0\x9f\x98", "\"\\ufffd\\ufffd\\ufffd\"");
  ESC_IS("a\xc3(b", "\"a\\ufffd(b\"");                    /* bad continuation */
  ESC_IS("\xc3\xa9\x80\xc3\xa9", "\"\xc3\xa9\\ufffd\xc3\xa9\"");
}

static void test_nesting(void) {
  char buf[512];
  e2b_mcp_json w;
  int i;
  e2b_mcp_json_init(&w, buf, sizeof buf);
  write_doc(&w);
  CHECK(e2b_mcp_json_end(&w) == 0);
  CHECK(w.len == sizeof doc_text - 1 && memcmp(buf, doc_text, w.len) == 0);
  CHECK(w.depth == 0);

  /* top-level array of scalars */
  e2b_mcp_json_init(&w, buf, sizeof buf);
  e2b_mcp_json_arr(&w);
  e2b_mcp_json_int(&w, 0); e2b_mcp_json_int(&w, LLONG_MAX); e2b_mcp_json_int(&w, LLONG_MIN); e2b_mcp_json_int(&w, -1);
  e2b_mcp_json_arr_end(&w);
  buf[w.len] = 0;
  CHECK(strcmp(buf, "[0,9223372036854775807,-9223372036854775808,-1]") == 0);

  /* escape() builds one string in pieces */
  e2b_mcp_json_init(&w, buf, sizeof buf);
  e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "k\"ey");
  e2b_mcp__w_c(&w, '"'); e2b_mcp_json_escape(&w, "a\n", 2); e2b_mcp_json_escape(&w, "\"b", 2); e2b_mcp__w_c(&w, '"');
  e2b_mcp_json_obj_end(&w);
  buf[w.len] = 0;
  CHECK(strcmp(buf, "{\"k\\\"ey\":\"a\\n\\\"b\"}") == 0);

  /* 31 levels are fine, the 32nd is an error */
  e2b_mcp_json_init(&w, buf, sizeof buf);
  for (i = 0; i < 31; i++) e2b_mcp_json_arr(&w);
  CHECK(w.err == 0);
  for (i = 0; i < 31; i++) e2b_mcp_json_arr_end(&w);
  CHECK(w.err == 0 && w.len == 62);
  e2b_mcp_json_init(&w, buf, sizeof buf);
  for (i = 0; i < 32; i++) e2b_mcp_json_arr(&w);
  CHECK(w.err == E2B_MCP_ERR_TOO_LARGE);
  CHECK(e2b_mcp_json_end(&w) == E2B_MCP_ERR_TOO_LARGE);
}

/* A fixed buffer that is too small: sticky error, no byte past cap. */
static void test_overflow(void) {
  struct { char buf[32]; char canary[32]; } m;
  e2b_mcp_json w;
  size_t cap, i;
  int ok;
  for (cap = 0; cap <= sizeof m.buf; cap++) {
    memset(&m, 0x5a, sizeof m);
    e2b_mcp_json_init(&w, m.buf, cap);
    e2b_mcp_json_obj(&w);
    e2b_mcp_json_key(&w, "key");
    e2b_mcp_json_str(&w, "a long value \x01 with \"escapes\" \xc3\xa9 \xff");
    e2b_mcp_json_obj_end(&w);
    ok = 1;
    for (i = cap; i < sizeof m; i++) if (((unsigned char *)&m)[i] != 0x5a) ok = 0;
    CHECKM(ok, "a byte was written past the buffer");
    CHECK(w.err == E2B_MCP_ERR_TOO_LARGE);
    CHECK(w.len <= cap);
    CHECK(e2b_mcp_json_end(&w) == E2B_MCP_ERR_TOO_LARGE);
  }
  /* sticky: later writes change nothing, even small ones that would fit */
  memset(&m, 0x5a, sizeof m);
  e2b_mcp_json_init(&w, m.buf, 8);
  e2b_mcp_json_str(&w, "0123456789");
  CHECK(w.err == E2B_MCP_ERR_TOO_LARGE);
  i = w.len;
  w.len = 0;    /* even with room made, the error sticks */
  e2b_mcp_json_int(&w, 1);
  e2b_mcp_json_raw(&w, "x", 1);
  e2b_mcp_json_escape(&w, "y", 1);
  CHECK(w.len == 0);
  (void)i;
  /* exactly fitting is not an error */
  e2b_mcp_json_init(&w, m.buf, 4);
  e2b_mcp_json_str(&w, "ab");
  CHECK(w.err == 0 && w.len == 4 && memcmp(m.buf, "\"ab\"", 4) == 0);
  e2b_mcp_json_raw(&w, "", 0);   /* nothing to add: still fine */
  CHECK(w.err == 0);
  e2b_mcp_json_int(&w, 7);
  CHECK(w.err == E2B_MCP_ERR_TOO_LARGE);
}

/* Streaming: any staging size gives the same bytes as the fixed writer. */
static void test_streaming(void) {
  char stage[64];
  sink k;
  e2b_mcp_json w;
  size_t cap;
  for (cap = 1; cap <= sizeof stage; cap++) {
    memset(&k, 0, sizeof k);
    e2b_mcp_json_init(&w, stage, cap);
    w.flush = sink_flush; w.ctx = &k;
    write_doc(&w);
    CHECK(e2b_mcp_json_end(&w) == 0);
    CHECKM(k.len == sizeof doc_text - 1 && memcmp(k.data, doc_text, k.len) == 0, "streamed text differs");
    CHECK(w.flushed == sizeof doc_text - 1 && w.len == 0);
  }
  /* a long escaped string through a 3-byte stage */
  memset(&k, 0, sizeof k);
  e2b_mcp_json_init(&w, stage, 3);
  w.flush = sink_flush; w.ctx = &k;
  e2b_mcp_json_str(&w, "\x01\xff\xc3\xa9\"\\");
  CHECK(e2b_mcp_json_end(&w) == 0);
  CHECK(k.len == 20 && memcmp(k.data, "\"\\u0001\\ufffd\xc3\xa9\\\"\\\\\"", 20) == 0);
  /* a flush failure is sticky */
  memset(&k, 0, sizeof k);
  k.fail_after = 2;
  e2b_mcp_json_init(&w, stage, 4);
  w.flush = sink_flush; w.ctx = &k;
  write_doc(&w);
  CHECK(w.err == E2B_MCP_ERR_IO);
  CHECK(k.flushes == 2);
  CHECK(e2b_mcp_json_end(&w) == E2B_MCP_ERR_IO);
  CHECK(k.flushes == 2);   /* nothing more was flushed after the failure */
  /* end() flushes the tail, and a failure there is reported */
  memset(&k, 0, sizeof k);
  k.fail_after = 1;
  e2b_mcp_json_init(&w, stage, sizeof stage);
  w.flush = sink_flush; w.ctx = &k;
  e2b_mcp_json_str(&w, "x");
  CHECK(w.err == 0);
  CHECK(e2b_mcp_json_end(&w) == E2B_MCP_ERR_IO);
}

/* ---- the reader ---- */

static int unesc(const char *s, char *out, size_t cap) { return e2b_mcp__unescape(s, strlen(s), out, cap); }

static void test_unescape(void) {
  char b[64];
  CHECK(unesc("plain", b, sizeof b) == 5 && strcmp(b, "plain") == 0);
  CHECK(unesc("", b, sizeof b) == 0 && b[0] == 0);
  CHECK(unesc("a\\nb\\tc\\rd\\be\\ff\\/g\\\\h\\\"i", b, sizeof b) == 17 && strcmp(b, "a\nb\tc\rd\be\ff/g\\h\"i") == 0);
  CHECK(unesc("\\u0041\\u00e9\\u20AC", b, sizeof b) == 6 && strcmp(b, "A\xc3\xa9\xe2\x82\xac") == 0);
  CHECK(unesc("\\u0000", b, sizeof b) == -1);   /* a NUL would cut a C string short: refused */
  CHECK(unesc("\\u07ff\\u0800\\uffff", b, sizeof b) == 8 && memcmp(b, "\xdf\xbf\xe0\xa0\x80\xef\xbf\xbf", 8) == 0);
  /* surrogate pairs */
  CHECK(unesc("\\ud83d\\ude00", b, sizeof b) == 4 && memcmp(b, "\xf0\x9f\x98\x80", 4) == 0);
  CHECK(unesc("\\uD834\\uDD1E!", b, sizeof b) == 5 && memcmp(b, "\xf0\x9d\x84\x9e!", 5) == 0);
  CHECK(unesc("\\udbff\\udfff", b, sizeof b) == 4 && memcmp(b, "\xf4\x8f\xbf\xbf", 4) == 0);
  CHECK(unesc("\\ud800\\udc00", b, sizeof b) == 4 && memcmp(b, "\xf0\x90\x80\x80", 4) == 0);
  /* lone or mismatched surrogates become U+FFFD, never invalid UTF-8 */
  CHECK(unesc("\\ud83d", b, sizeof b) == 3 && memcmp(b, "\xef\xbf\xbd", 3) == 0);
  CHECK(unesc("\\ude00", b, sizeof b) == 3 && memcmp(b, "\xef\xbf\xbd", 3) == 0);
  CHECK(unesc("\\ud83dx", b, sizeof b) == 4 && memcmp(b, "\xef\xbf\xbdx", 4) == 0);
  CHECK(unesc("\\ud83d\\u0041", b, sizeof b) == 4 && memcmp(b, "\xef\xbf\xbd" "A", 4) == 0);
  CHECK(unesc("\\ud83d\\ud83d\\ude00", b, sizeof b) == 7 && memcmp(b, "\xef\xbf\xbd\xf0\x9f\x98\x80", 7) == 0);
  /* malformed escapes */
  CHECK(unesc("\\x", b, sizeof b) == -1);
  CHECK(unesc("abc\\", b, sizeof b) == -1);
  CHECK(unesc("\\u12", b, sizeof b) == -1);
  CHECK(unesc("\\u12G4", b, sizeof b) == -1);
  CHECK(unesc("\\U0041", b, sizeof b) == -1);
  /* capacity: the text and its NUL must fit */
  CHECK(unesc("abcd", b, 5) == 4);
  CHECK(unesc("abcde", b, 5) == -1);
  CHECK(unesc("abc", b, 0) == -1);
  CHECK(unesc("\\ud83d\\ude00", b, 4) == -1);
  {
    struct { char b[8]; char canary[8]; } m;
    int i, ok = 1;
    memset(&m, 0x5a, sizeof m);
    CHECK(unesc("\\u20ac\\u20ac\\u20ac", m.b, sizeof m.b) == -1);
    for (i = 0; i < 8; i++) if ((unsigned char)m.canary[i] != 0x5a) ok = 0;
    CHECK(ok);
  }
}

static void test_tokens(void) {
  static const char js[] = "{\"a\":{\"x\":[1,{\"y\":2}],\"z\":\"q\"},\"b\":-42,\"c\":true,\"d\":false,\"e\":null,"
                           "\"f\":\"s\\u00e9\\n\",\"g\":\"\",\"h\":1.5,\"i\":\"id-1\"}";
  jsmntok_t t[64];
  char b[32];
  long long v;
  int n = e2b_mcp__parse(js, sizeof js - 1, t, 64), a, bb, bv;
  CHECK(n > 0 && t[0].type == JSMN_OBJECT && t[0].size == 9);
  a = e2b_mcp__tok_get(js, t, 0, "a");
  CHECK(a == 2 && t[a].type == JSMN_OBJECT);
  CHECK(e2b_mcp__tok_skip(t, a) == e2b_mcp__tok_get(js, t, 0, "b") - 1);
  CHECK(e2b_mcp__tok_get(js, t, a, "z") >= 0 && e2b_mcp__tok_eq(js, &t[e2b_mcp__tok_get(js, t, a, "z")], "q"));
  CHECK(e2b_mcp__tok_get(js, t, 0, "x") == -1);         /* only direct members */
  CHECK(e2b_mcp__tok_get(js, t, 0, "nope") == -1);
  CHECK(e2b_mcp__tok_get(js, t, -1, "a") == -1);
  CHECK(e2b_mcp__tok_get(js, t, e2b_mcp__tok_get(js, t, 0, "b"), "a") == -1);  /* not an object */
  bb = e2b_mcp__tok_get(js, t, 0, "b");
  CHECK(e2b_mcp__tok_int(js, &t[bb], &v) == 0 && v == -42);
  CHECK(e2b_mcp__tok_int(js, &t[e2b_mcp__tok_get(js, t, 0, "h")], &v) == -1);   /* not an integer */
  CHECK(e2b_mcp__tok_int(js, &t[e2b_mcp__tok_get(js, t, 0, "i")], &v) == -1);   /* a string */
  CHECK(e2b_mcp__tok_bool(js, &t[e2b_mcp__tok_get(js, t, 0, "c")], &bv) == 0 && bv == 1);
  CHECK(e2b_mcp__tok_bool(js, &t[e2b_mcp__tok_get(js, t, 0, "d")], &bv) == 0 && bv == 0);
  CHECK(e2b_mcp__tok_bool(js, &t[e2b_mcp__tok_get(js, t, 0, "e")], &bv) == -1);
  CHECK(e2b_mcp__tok_str(js, &t[e2b_mcp__tok_get(js, t, 0, "f")], b, sizeof b) == 4 && strcmp(b, "s\xc3\xa9\n") == 0);
  CHECK(e2b_mcp__tok_str(js, &t[e2b_mcp__tok_get(js, t, 0, "g")], b, sizeof b) == 0);
  CHECK(e2b_mcp__tok_str(js, &t[bb], b, sizeof b) == -1);
  CHECK(e2b_mcp__tok_json(js, &t[e2b_mcp__tok_get(js, t, 0, "i")], b, sizeof b) == 6 && strcmp(b, "\"id-1\"") == 0);
  CHECK(e2b_mcp__tok_json(js, &t[bb], b, sizeof b) == 3 && strcmp(b, "-42") == 0);
  CHECK(e2b_mcp__tok_json(js, &t[e2b_mcp__tok_get(js, t, 0, "i")], b, 6) == -1);   /* no room for the NUL */
  /* strict parsing, errors and the token limit */
  CHECK(e2b_mcp__parse("{\"a\":tru}", 9, t, 64) < 0);
  /* every primitive is checked (jsmn alone checks only its first character) */
  {
    static const char *const bad[] = { "[tru]", "[truex]", "[nul]", "[f]", "[-]", "[01]", "[1.]", "[.5]", "[1.2.3]",
                                       "[1e]", "[1e+]", "[--1]", "[0x10]", "[1-2]", "[NaN]" };
    static const char *const good[] = { "[true,false,null]", "[0]", "[-0]", "[10]", "[-1.5]", "[0.25e-3]", "[1E+10]", "[12e3]" };
    int i;
    for (i = 0; i < (int)(sizeof bad / sizeof bad[0]); i++) CHECKM(e2b_mcp__parse(bad[i], strlen(bad[i]), t, 64) < 0, bad[i]);
    for (i = 0; i < (int)(sizeof good / sizeof good[0]); i++) CHECKM(e2b_mcp__parse(good[i], strlen(good[i]), t, 64) > 0, good[i]);
  }
  CHECK(e2b_mcp__parse("{a:1}", 5, t, 64) < 0);
  CHECK(e2b_mcp__parse("{\"a\":1", 6, t, 64) == JSMN_ERROR_PART);
  CHECK(e2b_mcp__parse("[1,2,3,4]", 9, t, 3) == JSMN_ERROR_NOMEM);
  CHECK(e2b_mcp__parse("\"\\q\"", 4, t, 64) < 0);
}

static void test_numbers(void) {
  char b[32];
  long long v;
  {   /* %.*s reads only the bytes it is given: no NUL after them (ASan sees a read past p) */
    const char p[4] = { 'a', 'b', 'c', 'd' };
    CHECK(e2b_mcp__fmt(b, sizeof b, "[%.*s]", 4, p) == 6 && strcmp(b, "[abcd]") == 0);
    CHECK(e2b_mcp__fmt(b, sizeof b, "[%.*s]", 2, p) == 4 && strcmp(b, "[ab]") == 0);
  }
  CHECK(e2b_mcp__fmt_ll(b, 0) == 1 && strcmp(b, "0") == 0);
  CHECK(e2b_mcp__fmt_ll(b, -7) == 2 && strcmp(b, "-7") == 0);
  CHECK(e2b_mcp__fmt_ll(b, LLONG_MIN) == 20 && strcmp(b, "-9223372036854775808") == 0);
  CHECK(e2b_mcp__fmt_ll(b, LLONG_MAX) == 19 && strcmp(b, "9223372036854775807") == 0);
  {
    char wide[48];
    CHECK(e2b_mcp__fmt(wide, sizeof wide, "%llx %llu", 0xfedcba9876543210ULL, 18446744073709551615ULL) == 37 &&
          strcmp(wide, "fedcba9876543210 18446744073709551615") == 0);
  }
  {   /* the 32-bit division the formatting uses: against the compiler's 64-bit one, both paths */
    static const unsigned long long vals[] = { 0, 1, 9, 10, 65535, 65536, 4294967295ULL, 4294967296ULL,
                                               123456789012345678ULL, 18446744073709551615ULL, 0x8000000000000000ULL };
    static const unsigned long divs[] = { 1, 3, 10, 16, 100, 0xffff, 0x10000, 0x10001, 1000000007UL, 0xffffffffUL };
    size_t i, k;
    int bad = 0;
    for (i = 0; i < sizeof vals / sizeof vals[0]; i++)
      for (k = 0; k < sizeof divs / sizeof divs[0]; k++) {
        unsigned long long u = vals[i];
        unsigned long r = e2b_mcp__divmod(&u, divs[k]);
        bad += u != vals[i] / divs[k] || r != vals[i] % divs[k];
      }
    CHECK(bad == 0);
  }
  CHECK(e2b_mcp__parse_ll("123", 3, &v) == 0 && v == 123);
  CHECK(e2b_mcp__parse_ll("-5", 2, &v) == 0 && v == -5);
  CHECK(e2b_mcp__parse_ll("+5", 2, &v) == 0 && v == 5);
  CHECK(e2b_mcp__parse_ll("999999999999999999", 18, &v) == 0 && v == 999999999999999999LL);
  CHECK(e2b_mcp__parse_ll("9999999999999999999", 19, &v) == -1);   /* would overflow: refused */
  CHECK(e2b_mcp__parse_ll("", 0, &v) == -1);
  CHECK(e2b_mcp__parse_ll("-", 1, &v) == -1);
  CHECK(e2b_mcp__parse_ll("1e3", 3, &v) == -1);
  CHECK(e2b_mcp__parse_ll("12 ", 3, &v) == -1);
  CHECK(e2b_mcp__parse_ll("123", 2, &v) == 0 && v == 12);   /* exactly n bytes */
}

static void test_rfc3339(void) {
  long long ms;
  CHECK(e2b_mcp__rfc3339_ms("1970-01-01T00:00:00Z", 20, &ms, 0) == 0 && ms == 0);
  CHECK(e2b_mcp__rfc3339_ms("2026-01-31T12:00:00Z", 20, &ms, 0) == 0 && ms == 1769860800000LL);
  CHECK(e2b_mcp__rfc3339_ms("2026-01-31T12:00:00.123456789Z", 30, &ms, 0) == 0 && ms == 1769860800123LL);
  CHECK(e2b_mcp__rfc3339_ms("2026-01-31T12:00:00.5Z", 22, &ms, 0) == 0 && ms == 1769860800500LL);
  CHECK(e2b_mcp__rfc3339_ms("2026-01-31T13:30:00+01:30", 25, &ms, 0) == 0 && ms == 1769860800000LL);
  CHECK(e2b_mcp__rfc3339_ms("2026-01-31T10:00:00-02:00", 25, &ms, 0) == 0 && ms == 1769860800000LL);
  CHECK(e2b_mcp__rfc3339_ms("2024-02-29T00:00:00Z", 20, &ms, 0) == 0 && ms == 1709164800000LL);
  CHECK(e2b_mcp__rfc3339_ms("2026-01-31", 10, &ms, 0) == -1);
  CHECK(e2b_mcp__rfc3339_ms("2026-01-31T12:00:00", 19, &ms, 0) == -1);
  CHECK(e2b_mcp__rfc3339_ms("2026/01/31T12:00:00Z", 20, &ms, 0) == -1);
  /* rounded up (the next backward page of logs): only when something is below the millisecond */
  CHECK(e2b_mcp__rfc3339_ms("2026-01-31T12:00:00.123456789Z", 30, &ms, 1) == 0 && ms == 1769860800124LL);
  CHECK(e2b_mcp__rfc3339_ms("2026-01-31T12:00:00.123000Z", 27, &ms, 1) == 0 && ms == 1769860800123LL);
  CHECK(e2b_mcp__rfc3339_ms("2026-01-31T12:00:00.5Z", 22, &ms, 1) == 0 && ms == 1769860800500LL);
}

/* Redaction while copying an E2B answer. */
static void test_redaction(void) {
  static const char js[] =
    "{\"sandboxID\":\"sb1\",\"envdAccessToken\":\"SECRET1\",\"trafficAccessToken\":\"SECRET2\","
    "\"network\":{\"rules\":{\"api.example.com\":[{\"transform\":{\"headers\":{\"Authorization\":\"SECRET3\"}}}]},"
    "\"egressProxy\":{\"username\":\"SECRET4\",\"host\":\"proxy\"}},"
    "\"metadata\":{\"user\":\"demo\",\"note\":\"a\\\"b\\u00e9\"},\"list\":[{\"token\":\"SECRET5\",\"ok\":1}],\"n\":null}";
  jsmntok_t t[128];
  char buf[1024];
  e2b_mcp_json w;
  int n = e2b_mcp__parse(js, sizeof js - 1, t, 128);
  CHECK(n > 0);
  e2b_mcp_json_init(&w, buf, sizeof buf - 1);
  CHECK(e2b_mcp__copy(&w, js, t, 0, 0, 0) == n);
  CHECK(w.err == 0);
  buf[w.len] = 0;
  CHECK(!CONTAINS(buf, "SECRET"));
  CHECK(!CONTAINS(buf, "envdAccessToken") && !CONTAINS(buf, "trafficAccessToken"));
  CHECK(CONTAINS(buf, "\"Authorization\":\"[redacted]\""));
  CHECK(CONTAINS(buf, "\"username\":\"[redacted]\""));
  CHECK(CONTAINS(buf, "\"host\":\"proxy\""));
  CHECK(CONTAINS(buf, "\"note\":\"a\\\"b\xc3\xa9\""));   /* escapes decoded, and escaped again only where JSON needs it */
  CHECK(CONTAINS(buf, "\"list\":[{\"ok\":1}]"));
  CHECK(CONTAINS(buf, "\"n\":null"));
  /* the copy is valid JSON */
  CHECK(e2b_mcp__parse(buf, w.len, t, 128) > 0);
}

/* Metrics summaries: decimal numbers in hundredths, and back, with no floating point. */
static void test_centi(void) {
  long long v;
  char buf[64];
  e2b_mcp_json w;
  CHECK(e2b_mcp__parse_centi("12.345", 6, &v) == 0 && v == 1234);
  CHECK(e2b_mcp__parse_centi("5", 1, &v) == 0 && v == 500);
  CHECK(e2b_mcp__parse_centi("5.1", 3, &v) == 0 && v == 510);
  CHECK(e2b_mcp__parse_centi("-0.07", 5, &v) == 0 && v == -7);
  CHECK(e2b_mcp__parse_centi("0", 1, &v) == 0 && v == 0);
  CHECK(e2b_mcp__parse_centi("1e3", 3, &v) != 0);
  CHECK(e2b_mcp__parse_centi("-", 1, &v) != 0);
  CHECK(e2b_mcp__parse_centi("1.2.3", 5, &v) != 0);
  CHECK(e2b_mcp__parse_centi("99999999999999999999", 20, &v) != 0);
  e2b_mcp_json_init(&w, buf, sizeof buf);
  e2b_mcp_json_arr(&w);
  e2b_mcp__json_centi(&w, 1234);
  e2b_mcp__json_centi(&w, 5);
  e2b_mcp__json_centi(&w, -7);
  e2b_mcp__json_centi(&w, 0);
  e2b_mcp_json_arr_end(&w);
  CHECK(w.len == strlen("[12.34,0.05,-0.07,0.00]") && memcmp(buf, "[12.34,0.05,-0.07,0.00]", w.len) == 0);
}

/* The output redactor: every occurrence of the key is replaced, wherever the
   stream is split (each split of a text into three writes), and the rest
   passes unchanged; compared with a plain left-to-right replacement. */
static e2b_mcp_server rsrv;
static e2b_mcp__ctx rcx;
static char rout[4096];
static size_t rlen;
static int rwrite(void *ctx, const char *p, size_t n) {
  (void)ctx;
  if (rlen + n > sizeof rout) return -1;
  memcpy(rout + rlen, p, n);
  rlen += n;
  return 0;
}
static size_t naive(const char *key, const char *in, size_t n, char *o) {
  size_t i = 0, k = 0, kl = strlen(key);
  while (i < n) {
    if (i + kl <= n && memcmp(in + i, key, kl) == 0) { memcpy(o + k, "[redacted]", 10); k += 10; i += kl; }
    else o[k++] = in[i++];
  }
  return k;
}
static void test_redact_stream(void) {
  static const char *const keys[] = { "e2b_0123456789abcdef0123456789abcdef01234567", "e2b_e2b_e2b_e2", "e2b_aaaaaaaaab", "e2b_ab_e2b_ab_e2b_x" };
  static const char *const texts[] = {
    "no key here, e2b_0123 almost",
    "KEYKEY back to back, then KEY.",
    "eee2b_e2b_e2b_e2b_e2b_e2 e2b_e2b_e2b_e2b_e2b_e2b_e2",
    "e2b_aaaaaaaaaaaaaaab e2b_aaaaaaaaab e2b_aaaaaaaaa",
    "e2b_ab_e2b_ab_e2b_ab_e2b_x e2b_ab_e2b_ab_e2b_ab_e2b_ab_e2b_x!",
    "ends with a partial key e2b_0123456789",
  };
  e2b_mcp_config cfg;
  size_t ki, ti, a, b;
  for (ki = 0; ki < sizeof keys / sizeof keys[0]; ki++) {
    memset(&cfg, 0, sizeof cfg);
    cfg.api_key = keys[ki];
    cfg.api_url = "http://x";
    CHECK(e2b_mcp_init(&rsrv, &cfg) == 0 && rsrv.key_len == strlen(keys[ki]));
    e2b_mcp__ctx_own(&rsrv, &rcx);   /* the server's own key, as a message without one of its own carries it */
    for (ti = 0; ti < sizeof texts / sizeof texts[0]; ti++) {
      char in[512], want[1024], inplace[512];
      size_t n = 0, wl, il;
      const char *t;
      int ok = 1;
      for (t = texts[ti]; *t; t++) {   /* KEY stands for the key */
        if (strncmp(t, "KEY", 3) == 0) { memcpy(in + n, keys[ki], strlen(keys[ki])); n += strlen(keys[ki]); t += 2; }
        else in[n++] = *t;
      }
      wl = naive(keys[ki], in, n, want);
      for (a = 0; a <= n && ok; a++)
        for (b = a; b <= n && ok; b++) {
          e2b_mcp__redact r;
          e2b_mcp__redact_init(&r, &rcx);
          rlen = 0;
          if (e2b_mcp__redact_write(&r, rwrite, NULL, in, a) || e2b_mcp__redact_write(&r, rwrite, NULL, in + a, b - a) ||
              e2b_mcp__redact_write(&r, rwrite, NULL, in + b, n - b) || e2b_mcp__redact_end(&r, rwrite, NULL) ||
              rlen != wl || memcmp(rout, want, wl) != 0) ok = 0;
        }
      CHECKM(ok, texts[ti]);
      memcpy(inplace, in, n);
      il = e2b_mcp__redact_buf(&rcx, inplace, n);
      CHECKM(il == wl && memcmp(inplace, want, wl) == 0, texts[ti]);
    }
  }
  /* without a key, nothing is touched */
  memset(&cfg, 0, sizeof cfg);
  cfg.api_url = "http://x";
  CHECK(e2b_mcp_init(&rsrv, &cfg) == 0 && rsrv.key_len == 0);
  {
    e2b_mcp__redact r;
    e2b_mcp__ctx_own(&rsrv, &rcx);
    e2b_mcp__redact_init(&r, &rcx);
    rlen = 0;
    CHECK(e2b_mcp__redact_write(&r, rwrite, NULL, "e2b_x", 5) == 0 && e2b_mcp__redact_end(&r, rwrite, NULL) == 0 && rlen == 5);
  }
}

/* Strict parsing: jsmn alone lets these through. */
static void test_strict(void) {
  static const char *const bad[] = { "{\"a\":1,}", "[1,]", "[1 2]", "{\"a\":1 \"b\":2}", "{\"a\" 1}", "[,1]", "[,]", "{,}",
    "[1,,2]", "{\"a\":1,,\"b\":2}", "{\"a\"}", "{\"a\",\"b\"}", "[\"a\":1]", "{\"k\",\"K\":[1]}", "[{\"k\",\"K\":[1]},\"a\":2]",
    "{\"a\"::1}", "{\"a\":1:2}", "[1:2]", "[\"tab\there\"]", "[\"nl\nhere\"]", "{\"a\":[1,2,]}", "[[1],]", "[1]]" };
  static const char *const good[] = { "{}", "[]", " { } ", "[[],{},[{}]]", "{\"a\":[1,2],\"b\":{\"c\":null}}", "[\"\\t\"]",
    "{ \"a\" : 1 , \"b\" : [ true , false ] }", "\"s\"", "[\"\\ud800\"]" };
  jsmntok_t t[160];
  char deep[256];
  int i;
  for (i = 0; i < (int)(sizeof bad / sizeof bad[0]); i++) CHECKM(e2b_mcp__parse(bad[i], strlen(bad[i]), t, 64) < 0, bad[i]);
  for (i = 0; i < (int)(sizeof good / sizeof good[0]); i++) CHECKM(e2b_mcp__parse(good[i], strlen(good[i]), t, 64) > 0, good[i]);
  for (i = 0; i < E2B_MCP__JSON_DEPTH; i++) { deep[i] = '['; deep[E2B_MCP__JSON_DEPTH + i] = ']'; }
  CHECK(e2b_mcp__parse(deep, 2 * E2B_MCP__JSON_DEPTH, t, 64) == E2B_MCP__JSON_DEPTH);
  deep[0] = '{';
  CHECK(e2b_mcp__parse(deep, 2 * E2B_MCP__JSON_DEPTH, t, 64) < 0);
  for (i = 0; i <= E2B_MCP__JSON_DEPTH; i++) { deep[i] = '['; deep[E2B_MCP__JSON_DEPTH + 1 + i] = ']'; }
  CHECK(e2b_mcp__parse(deep, 2 * E2B_MCP__JSON_DEPTH + 2, t, 128) == E2B_MCP__JSON_DEEP);
}

int main(void) {
  test_centi();
  test_escaping();
  test_utf8();
  test_nesting();
  test_overflow();
  test_streaming();
  test_unescape();
  test_tokens();
  test_numbers();
  test_rfc3339();
  test_redaction();
  test_redact_stream();
  test_strict();
  return CHECK_DONE();
}
