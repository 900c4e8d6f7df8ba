/* jsonpath.h - a value in a JSON text found by a path of keys and array indexes,
   "result.tools.0.name", for the C suites to read the server's answers. It parses with the
   library's own reader (e2b_mcp__parse, strict), so include it after e2b_mcp.h built with
   E2B_MCP_IMPLEMENTATION.

   jp_get(js, path) is the raw text of the value (a string without its quotes, its escapes as
   they stand), NUL-terminated in jp_val until the next call; NULL when js does not parse, the
   path names nothing (a missing key, an index past the end or not digits, a key inside a
   scalar) or the value is longer than JP_VALUE_MAX. An empty path is the whole text. jp_tok holds the tokens of the
   last parse and jp_last the value's token. The rest are shorthands: jp_is (equal to want),
   jp_has, jp_int (-999999 when missing), jp_len (an object's members or an array's elements,
   -1 when missing), jp_contains (the value holds sub). No heap; define JP_TOKENS or
   JP_VALUE_MAX before including for other sizes. */
#ifndef JSONPATH_H
#define JSONPATH_H

#include <stdlib.h>
#include <string.h>

#ifndef JP_TOKENS
#define JP_TOKENS 16384
#endif
#ifndef JP_VALUE_MAX
#define JP_VALUE_MAX 65536
#endif

#if defined(__GNUC__)
#  define JP_UNUSED __attribute__((unused))
#else
#  define JP_UNUSED
#endif

static jsmntok_t jp_tok[JP_TOKENS];
static char jp_val[JP_VALUE_MAX];
static int jp_last;

static JP_UNUSED const char *jp_get(const char *js, const char *path) {
  const char *p = path;
  int n = e2b_mcp__parse(js, strlen(js), jp_tok, JP_TOKENS), t = 0;
  size_t l;
  if (n <= 0) return NULL;
  while (*p) {
    char key[64];
    l = strcspn(p, ".");
    if (l >= sizeof key) return NULL;
    memcpy(key, p, l);
    key[l] = 0;
    p += l;
    if (*p == '.') p++;
    if (jp_tok[t].type == JSMN_ARRAY) {
      int idx = atoi(key), k, j = t + 1;
      /* an index is digits only: a key where an array stands ("content.text") names nothing,
         rather than element 0 */
      if (!l || strspn(key, "0123456789") != l || idx >= jp_tok[t].size) return NULL;
      for (k = 0; k < idx; k++) j = e2b_mcp__tok_skip(jp_tok, j);
      t = j;
    } else if ((t = e2b_mcp__tok_get(js, jp_tok, t, key)) < 0) return NULL;
  }
  jp_last = t;
  l = (size_t)(jp_tok[t].end - jp_tok[t].start);
  if (l >= sizeof jp_val) return NULL;
  memcpy(jp_val, js + jp_tok[t].start, l);
  jp_val[l] = 0;
  return jp_val;
}
static JP_UNUSED int jp_is(const char *js, const char *path, const char *want) {
  const char *v = jp_get(js, path);
  return v && strcmp(v, want) == 0;
}
static JP_UNUSED int jp_has(const char *js, const char *path) { return jp_get(js, path) != NULL; }
static JP_UNUSED long jp_int(const char *js, const char *path) {
  const char *v = jp_get(js, path);
  return v ? atol(v) : -999999;
}
static JP_UNUSED int jp_len(const char *js, const char *path) { return jp_get(js, path) ? jp_tok[jp_last].size : -1; }
static JP_UNUSED int jp_contains(const char *js, const char *path, const char *sub) {
  const char *v = jp_get(js, path);
  return v && strstr(v, sub) != NULL;
}

#endif
