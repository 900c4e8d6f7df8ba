/* json_check.h - the fuzz targets' oracle: a strict RFC 8259 validator written
   for these tests (not jsmn, so a jsmn quirk cannot hide a writer bug), and a
   string decoder for round trips and key checks.

   jc_valid(p, n, want, on_key, user): 1 when p[0..n) is exactly one JSON value
   (surrounded by optional white space) and, with want '{' or '[', of that kind.
   Strings must be valid UTF-8 with no raw control characters; numbers follow
   the grammar; nesting is bounded (JC_MAX_DEPTH). on_key, when not NULL, sees
   every object key decoded (keys longer than JC_KEY_MAX are passed truncated
   with their full length, so a short secret name cannot hide in them).
   jc_unescape(p, n, out, cap): decodes a string body (no quotes) to UTF-8;
   returns the length, or -1 when malformed, a lone surrogate or too long.
   Include it after e2b_mcp.h's implementation. */
#ifndef JSON_CHECK_H
#define JSON_CHECK_H

#include <stddef.h>
#include <string.h>

#if defined(__GNUC__)
#  define JC_UNUSED __attribute__((unused))
#else
#  define JC_UNUSED
#endif

#define JC_MAX_DEPTH 128
#define JC_KEY_MAX 256

typedef void (*jc_key_fn)(void *user, const char *key, size_t len, int depth);

typedef struct jc {
  const unsigned char *p;
  size_t n, i;
  int depth;
  jc_key_fn on_key;
  void *user;
} jc;

JC_UNUSED static void jc_ws(jc *c) {
  while (c->i < c->n && (c->p[c->i] == ' ' || c->p[c->i] == '\t' || c->p[c->i] == '\n' || c->p[c->i] == '\r')) c->i++;
}
JC_UNUSED static int jc_hex(int ch) {
  if (ch >= '0' && ch <= '9') return ch - '0';
  if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
  return -1;
}
/* Length of a valid UTF-8 sequence at s (n bytes left), 0 when invalid: the
   header's own check (e2b_mcp.h's implementation is included first). */
#define jc_utf8 e2b_mcp__utf8_len
JC_UNUSED static size_t jc_put_utf8(unsigned long cp, char *o) {
  if (cp < 0x80) { o[0] = (char)cp; return 1; }
  if (cp < 0x800) { o[0] = (char)(0xC0 | (cp >> 6)); o[1] = (char)(0x80 | (cp & 0x3F)); return 2; }
  if (cp < 0x10000) {
    o[0] = (char)(0xE0 | (cp >> 12)); o[1] = (char)(0x80 | ((cp >> 6) & 0x3F)); o[2] = (char)(0x80 | (cp & 0x3F)); return 3;
  }
  o[0] = (char)(0xF0 | (cp >> 18)); o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
  o[2] = (char)(0x80 | ((cp >> 6) & 0x3F)); o[3] = (char)(0x80 | (cp & 0x3F)); return 4;
}

JC_UNUSED static long jc_unescape(const char *s, size_t n, char *out, size_t cap) {
  const unsigned char *p = (const unsigned char *)s;
  size_t i = 0, o = 0;
  while (i < n) {
    unsigned long cp;
    char tmp[4];
    size_t k, l;
    if (p[i] < 0x20 || p[i] == '"') return -1;
    if (p[i] != '\\') {
      int u = jc_utf8(p + i, n - i);
      if (!u) return -1;
      if (o + (size_t)u > cap) return -1;
      memcpy(out + o, p + i, (size_t)u);
      o += (size_t)u; i += (size_t)u;
      continue;
    }
    if (i + 1 >= n) return -1;
    switch (p[i + 1]) {
      case '"': cp = '"'; break; case '\\': cp = '\\'; break; case '/': cp = '/'; break;
      case 'b': cp = '\b'; break; case 'f': cp = '\f'; break; case 'n': cp = '\n'; break;
      case 'r': cp = '\r'; break; case 't': cp = '\t'; break;
      case 'u': {
        int h;
        cp = 0;
        if (i + 6 > n) return -1;
        for (k = 2; k < 6; k++) { if ((h = jc_hex(p[i + k])) < 0) return -1; cp = cp * 16 + (unsigned long)h; }
        if (cp >= 0xDC00 && cp <= 0xDFFF) return -1;
        if (cp >= 0xD800 && cp <= 0xDBFF) {
          unsigned long lo = 0;
          if (i + 12 > n || p[i + 6] != '\\' || p[i + 7] != 'u') return -1;
          for (k = 8; k < 12; k++) { if ((h = jc_hex(p[i + k])) < 0) return -1; lo = lo * 16 + (unsigned long)h; }
          if (lo < 0xDC00 || lo > 0xDFFF) return -1;
          cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          i += 6;
        }
        i += 4;
        break;
      }
      default: return -1;
    }
    i += 2;
    l = jc_put_utf8(cp, tmp);
    if (o + l > cap) return -1;
    memcpy(out + o, tmp, l);
    o += l;
  }
  return (long)o;
}

/* A string at c->i (the opening quote); body start/length out. */
JC_UNUSED static int jc_string(jc *c, size_t *bs, size_t *bl) {
  if (c->i >= c->n || c->p[c->i] != '"') return 0;
  c->i++;
  *bs = c->i;
  while (c->i < c->n) {
    unsigned ch = c->p[c->i];
    if (ch == '"') { *bl = c->i - *bs; c->i++; return 1; }
    if (ch < 0x20) return 0;
    if (ch == '\\') {
      if (c->i + 1 >= c->n) return 0;
      ch = c->p[c->i + 1];
      if (ch == 'u') {
        int k;
        if (c->i + 6 > c->n) return 0;
        for (k = 2; k < 6; k++) if (jc_hex(c->p[c->i + k]) < 0) return 0;
        c->i += 6;
      } else if (ch == '"' || ch == '\\' || ch == '/' || ch == 'b' || ch == 'f' || ch == 'n' || ch == 'r' || ch == 't') c->i += 2;
      else return 0;
    } else {
      int u = jc_utf8(c->p + c->i, c->n - c->i);
      if (!u) return 0;
      c->i += (size_t)u;
    }
  }
  return 0;
}
JC_UNUSED static int jc_digits(jc *c) {
  size_t s = c->i;
  while (c->i < c->n && c->p[c->i] >= '0' && c->p[c->i] <= '9') c->i++;
  return c->i > s;
}
JC_UNUSED static int jc_number(jc *c) {
  if (c->i < c->n && c->p[c->i] == '-') c->i++;
  if (c->i < c->n && c->p[c->i] == '0') c->i++;
  else if (!(c->i < c->n && c->p[c->i] >= '1' && c->p[c->i] <= '9') || !jc_digits(c)) return 0;
  if (c->i < c->n && c->p[c->i] == '.') { c->i++; if (!jc_digits(c)) return 0; }
  if (c->i < c->n && (c->p[c->i] == 'e' || c->p[c->i] == 'E')) {
    c->i++;
    if (c->i < c->n && (c->p[c->i] == '+' || c->p[c->i] == '-')) c->i++;
    if (!jc_digits(c)) return 0;
  }
  return 1;
}
JC_UNUSED static int jc_lit(jc *c, const char *w) {
  size_t l = strlen(w);
  if (c->n - c->i < l || memcmp(c->p + c->i, w, l) != 0) return 0;
  c->i += l;
  return 1;
}
JC_UNUSED static int jc_value(jc *c) {
  size_t bs, bl;
  jc_ws(c);
  if (c->i >= c->n) return 0;
  switch (c->p[c->i]) {
    case '{': case '[': {
      unsigned char close = c->p[c->i] == '{' ? '}' : ']';
      int first = 1;
      if (++c->depth > JC_MAX_DEPTH) return 0;
      c->i++;
      jc_ws(c);
      if (c->i < c->n && c->p[c->i] == close) { c->i++; c->depth--; return 1; }
      for (;;) {
        if (!first) {
          jc_ws(c);
          if (c->i >= c->n) return 0;
          if (c->p[c->i] == close) { c->i++; c->depth--; return 1; }
          if (c->p[c->i] != ',') return 0;
          c->i++;
        }
        first = 0;
        if (close == '}') {
          jc_ws(c);
          if (!jc_string(c, &bs, &bl)) return 0;
          if (c->on_key) {
            char key[JC_KEY_MAX];
            long kl = jc_unescape((const char *)c->p + bs, bl, key, sizeof key);
            if (kl < 0) {   /* longer than the buffer (or a lone surrogate): its raw start */
              kl = bl < sizeof key ? (long)bl : (long)sizeof key;
              memcpy(key, c->p + bs, (size_t)kl);
            }
            c->on_key(c->user, key, (size_t)kl, c->depth);
          }
          jc_ws(c);
          if (c->i >= c->n || c->p[c->i] != ':') return 0;
          c->i++;
        }
        if (!jc_value(c)) return 0;
      }
    }
    case '"': return jc_string(c, &bs, &bl);
    case 't': return jc_lit(c, "true");
    case 'f': return jc_lit(c, "false");
    case 'n': return jc_lit(c, "null");
    default: return jc_number(c);
  }
}
JC_UNUSED static int jc_valid(const char *p, size_t n, int want, jc_key_fn on_key, void *user) {
  jc c;
  memset(&c, 0, sizeof c);
  c.p = (const unsigned char *)p; c.n = n; c.on_key = on_key; c.user = user;
  jc_ws(&c);
  if (want && (c.i >= n || c.p[c.i] != want)) return 0;
  if (!jc_value(&c)) return 0;
  jc_ws(&c);
  return c.i == n;
}

/* The key names e2b_mcp.h promises never to pass on from an E2B answer, in
   any casing and with any '_' or '-' in them (EnvdAccessToken, envd_access_token). */
JC_UNUSED static int jc_secret_name(const char *k, size_t n) {
  static const char *const names[] = { "envdaccesstoken", "trafficaccesstoken", "accesstoken", "password", "apikey", "token",
                                       "secret", "awssecretaccesskey", "serviceaccountjson" };
  char norm[JC_KEY_MAX];
  size_t i, m = 0;
  for (i = 0; i < n && m < sizeof norm - 1; i++) {
    char c = k[i];
    if (c == '_' || c == '-') continue;
    norm[m++] = c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
  }
  norm[m] = 0;
  for (i = 0; i < sizeof names / sizeof names[0]; i++) if (strcmp(names[i], norm) == 0 && strlen(norm) == m) return 1;
  return 0;
}
JC_UNUSED static void jc_count_secrets(void *user, const char *key, size_t len, int depth) {
  (void)depth;
  if (jc_secret_name(key, len)) ++*(int *)user;
}

#endif
