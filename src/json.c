#include "json.h"
#include "config.h"
#include "errors.h"
#include "util.h"
/* >>json writer ------------------------------------------------------------ */
static void e2b_mcp__w_put(e2b_mcp_json *w, const char *p, size_t n) {
  if (w->err) return;
  while (n) {
    size_t room = w->cap - w->len;
    if (room == 0) {
      if (!w->flush) { w->err = E2B_MCP_ERR_TOO_LARGE; return; }
      if (w->flush(w->ctx, w->buf, w->len) != 0) { w->err = E2B_MCP_ERR_IO; return; }
      w->flushed += w->len;
      w->len = 0;
      continue;
    }
    if (room > n) room = n;
    memcpy(w->buf + w->len, p, room);
    w->len += room; p += room; n -= room;
  }
}
static void e2b_mcp__w_c(e2b_mcp_json *w, char c) {
  if (!w->err && w->len < w->cap) w->buf[w->len++] = c;
  else e2b_mcp__w_put(w, &c, 1);
}
/* Comma before a member or element, unless it directly follows a key. */
static void e2b_mcp__w_sep(e2b_mcp_json *w) {
  if (w->after_key) { w->after_key = 0; return; }
  if (w->depth > 0 && (w->has_item >> w->depth & 1u)) e2b_mcp__w_c(w, ',');
  w->has_item |= (uint32_t)1u << w->depth;
}
E2B_MCP_DEF void e2b_mcp_json_init(e2b_mcp_json *w, char *buf, size_t cap) {
  memset(w, 0, sizeof *w);
  w->buf = buf; w->cap = cap;
}
static void e2b_mcp__w_open(e2b_mcp_json *w, char c) {
  e2b_mcp__w_sep(w);
  e2b_mcp__w_c(w, c);
  if (w->depth >= 31) { w->err = E2B_MCP_ERR_TOO_LARGE; return; }
  w->depth++;
  w->has_item &= ~((uint32_t)1u << w->depth);
}
static void e2b_mcp__w_close(e2b_mcp_json *w, char c) {
  if (w->depth > 0) w->depth--;
  e2b_mcp__w_c(w, c);
}
E2B_MCP_DEF void e2b_mcp_json_obj(e2b_mcp_json *w) { e2b_mcp__w_open(w, '{'); }
E2B_MCP_DEF void e2b_mcp_json_obj_end(e2b_mcp_json *w) { e2b_mcp__w_close(w, '}'); }
E2B_MCP_DEF void e2b_mcp_json_arr(e2b_mcp_json *w) { e2b_mcp__w_open(w, '['); }
E2B_MCP_DEF void e2b_mcp_json_arr_end(e2b_mcp_json *w) { e2b_mcp__w_close(w, ']'); }

/* Length of the valid UTF-8 sequence at s (1..4), or 0 when invalid. */
static int e2b_mcp__utf8_len(const unsigned char *s, size_t n) {
  unsigned c = s[0];
  int len, i;
  unsigned cp;
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) { len = 2; cp = c & 0x1F; }
  else if (c >= 0xE0 && c <= 0xEF) { len = 3; cp = c & 0x0F; }
  else if (c >= 0xF0 && c <= 0xF4) { len = 4; cp = c & 0x07; }
  else return 0;
  if ((size_t)len > n) return 0;
  for (i = 1; i < len; i++) {
    if ((s[i] & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (s[i] & 0x3F);
  }
  if ((len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
    return 0;
  return len;
}

/* One byte that needs more than itself: its escape into out (2 or 6 bytes). */
static size_t e2b_mcp__escape_byte(unsigned c, char *out) {
  static const char hex[] = "0123456789abcdef";
  const char *esc = NULL;
  switch (c) {
    case '"': esc = "\\\""; break;
    case '\\': esc = "\\\\"; break;
    case '\n': esc = "\\n"; break;
    case '\r': esc = "\\r"; break;
    case '\t': esc = "\\t"; break;
    case '\b': esc = "\\b"; break;
    case '\f': esc = "\\f"; break;
    default: break;
  }
  if (esc) { out[0] = esc[0]; out[1] = esc[1]; return 2; }
  if (c < 0x20) {
    out[0] = '\\'; out[1] = 'u'; out[2] = '0'; out[3] = '0'; out[4] = hex[c >> 4]; out[5] = hex[c & 15];
  } else memcpy(out, "\\ufffd", 6);   /* a byte that is not valid UTF-8 */
  return 6;
}

/* Escapes straight into the buffer while it has room for the worst case of one
   input byte (6); a nearly full fixed buffer takes the byte-exact slow path so
   that what fits is written and the overflow is reported. This is the hottest
   loop of a tool call: every result is also sent as escaped text. */
E2B_MCP_DEF void e2b_mcp_json_escape(e2b_mcp_json *w, const char *s, size_t n) {
  const unsigned char *p = (const unsigned char *)s;
  size_t i = 0;
  while (i < n && !w->err) {
    char *o = w->buf + w->len, *end = w->buf + w->cap;
    if (end - o < 6) {
      if (w->flush && w->len) {   /* a streaming writer: hand over what is staged */
        if (w->flush(w->ctx, w->buf, w->len) != 0) { w->err = E2B_MCP_ERR_IO; return; }
        w->flushed += w->len;
        w->len = 0;
        continue;
      }
      for (; i < n && !w->err; i++) {   /* the last few bytes of a fixed buffer */
        char e[6];
        unsigned c = p[i];
        int l;
        if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') e2b_mcp__w_put(w, (const char *)p + i, 1);
        else if (c >= 0x80 && (l = e2b_mcp__utf8_len(p + i, n - i)) > 0) { e2b_mcp__w_put(w, (const char *)p + i, (size_t)l); i += (size_t)l - 1; }
        else e2b_mcp__w_put(w, e, e2b_mcp__escape_byte(c, e));
      }
      return;
    }
    end -= 6;
    while (i < n && o <= end) {
      unsigned c = p[i];
      int l;
      if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') { *o++ = (char)c; i++; }
      else if (c >= 0x80 && (l = e2b_mcp__utf8_len(p + i, n - i)) > 0) { while (l--) *o++ = (char)p[i++]; }
      else { o += e2b_mcp__escape_byte(c, o); i++; }
    }
    w->len = (size_t)(o - w->buf);
  }
}
E2B_MCP_DEF void e2b_mcp_json_strn(e2b_mcp_json *w, const char *s, size_t n) {
  e2b_mcp__w_sep(w);
  e2b_mcp__w_c(w, '"');
  e2b_mcp_json_escape(w, s, n);
  e2b_mcp__w_c(w, '"');
}
E2B_MCP_DEF void e2b_mcp_json_str(e2b_mcp_json *w, const char *s) { e2b_mcp_json_strn(w, s, strlen(s)); }
E2B_MCP_DEF void e2b_mcp_json_key(e2b_mcp_json *w, const char *key) {
  e2b_mcp_json_str(w, key);
  e2b_mcp__w_c(w, ':');
  w->after_key = 1;
}
E2B_MCP_DEF void e2b_mcp_json_int(e2b_mcp_json *w, long long v) {
  char b[24];
  int n = e2b_mcp__fmt_ll(b, v);
  e2b_mcp__w_sep(w);
  e2b_mcp__w_put(w, b, (size_t)n);
}
E2B_MCP_DEF void e2b_mcp_json_bool(e2b_mcp_json *w, int v) { e2b_mcp_json_raw(w, v ? "true" : "false", v ? 4 : 5); }
E2B_MCP_DEF void e2b_mcp_json_null(e2b_mcp_json *w) { e2b_mcp_json_raw(w, "null", 4); }
E2B_MCP_DEF void e2b_mcp_json_raw(e2b_mcp_json *w, const char *json, size_t n) {
  e2b_mcp__w_sep(w);
  e2b_mcp__w_put(w, json, n);
}
E2B_MCP_DEF int e2b_mcp_json_end(e2b_mcp_json *w) {
  if (!w->err && w->flush && w->len) {
    if (w->flush(w->ctx, w->buf, w->len) != 0) w->err = E2B_MCP_ERR_IO;
    else { w->flushed += w->len; w->len = 0; }
  }
  return w->err;
}

/* >>json reader --------------------------------------------------------------
   jsmn tokens over caller text. Helpers: compare, skip a subtree, find a key,
   read a string (unescaped), an integer or a boolean. */
static int e2b_mcp__tok_eq(const char *js, const jsmntok_t *t, const char *s) {
  size_t n;
  if (t->type != JSMN_STRING || t->end == t->start || js[t->start] != s[0]) return t->type == JSMN_STRING && t->end == t->start && !s[0];
  n = strlen(s);   /* only when the first byte matches: the copy loop asks this for every key */
  return (size_t)(t->end - t->start) == n && memcmp(js + t->start, s, n) == 0;
}
/* Index of the token after the subtree rooted at i. */
static int e2b_mcp__tok_skip(const jsmntok_t *t, int i) {
  int pending = 1;
  while (pending > 0) {
    pending--;
    if (t[i].type == JSMN_OBJECT) pending += t[i].size * 2;
    else if (t[i].type == JSMN_ARRAY) pending += t[i].size;
    i++;
  }
  return i;
}
/* Value token of key in the object at obj, or -1. */
static int e2b_mcp__tok_get(const char *js, const jsmntok_t *t, int obj, const char *key) {
  int i, k;
  if (obj < 0 || t[obj].type != JSMN_OBJECT) return -1;
  for (i = obj + 1, k = 0; k < t[obj].size; k++) {
    if (e2b_mcp__tok_eq(js, &t[i], key)) return i + 1;
    i = e2b_mcp__tok_skip(t, i + 1);
  }
  return -1;
}
static int e2b_mcp__hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}
static int e2b_mcp__hex4(const char *s) {
  int i, v = 0;
  for (i = 0; i < 4; i++) { int h = e2b_mcp__hexval(s[i]); if (h < 0) return -1; v = v * 16 + h; }
  return v;
}
/* Unescapes a JSON string body into buf (NUL-terminated). Returns the length,
   or -1 when it does not fit or is malformed. */
static int e2b_mcp__unescape(const char *s, size_t n, char *buf, size_t cap) {
  size_t i = 0, o = 0;
  while (i < n) {
    unsigned long cp;
    char c = s[i++];
    if (c != '\\') { if (o + 1 >= cap) return -1; buf[o++] = c; continue; }
    if (i >= n) return -1;
    c = s[i++];
    switch (c) {
      case 'n': cp = '\n'; break; case 't': cp = '\t'; break; case 'r': cp = '\r'; break;
      case 'b': cp = '\b'; break; case 'f': cp = '\f'; break;
      case '/': case '\\': case '"': cp = (unsigned char)c; break;
      case 'u': {
        int h;
        if (i + 4 > n || (h = e2b_mcp__hex4(s + i)) < 0) return -1;
        i += 4; cp = (unsigned long)h;
        if (cp >= 0xD800 && cp <= 0xDBFF && i + 6 <= n && s[i] == '\\' && s[i + 1] == 'u') {
          int lo = e2b_mcp__hex4(s + i + 2);
          if (lo >= 0xDC00 && lo <= 0xDFFF) { cp = 0x10000 + ((cp - 0xD800) << 10) + ((unsigned long)lo - 0xDC00); i += 6; }
        }
        if (cp >= 0xD800 && cp <= 0xDFFF) cp = 0xFFFD;  /* lone surrogate */
        if (cp == 0) return -1;   /* a NUL would cut the C string short */
        break;
      }
      default: return -1;
    }
    if (o + 5 >= cap) return -1;
    if (cp < 0x80) buf[o++] = (char)cp;
    else if (cp < 0x800) { buf[o++] = (char)(0xC0 | (cp >> 6)); buf[o++] = (char)(0x80 | (cp & 0x3F)); }
    else if (cp < 0x10000) {
      buf[o++] = (char)(0xE0 | (cp >> 12)); buf[o++] = (char)(0x80 | ((cp >> 6) & 0x3F)); buf[o++] = (char)(0x80 | (cp & 0x3F));
    } else {
      buf[o++] = (char)(0xF0 | (cp >> 18)); buf[o++] = (char)(0x80 | ((cp >> 12) & 0x3F));
      buf[o++] = (char)(0x80 | ((cp >> 6) & 0x3F)); buf[o++] = (char)(0x80 | (cp & 0x3F));
    }
  }
  if (o >= cap) return -1;
  buf[o] = 0;
  return (int)o;
}
static int e2b_mcp__tok_str(const char *js, const jsmntok_t *t, char *buf, size_t cap) {
  if (t->type != JSMN_STRING) return -1;
  return e2b_mcp__unescape(js + t->start, (size_t)(t->end - t->start), buf, cap);
}
static int e2b_mcp__tok_int(const char *js, const jsmntok_t *t, long long *v) {
  size_t n = (size_t)(t->end - t->start), k;
  if (t->type != JSMN_PRIMITIVE) return -1;
  for (k = 0; k < n && js[t->start + k] != '.'; k++) {}
  if (k < n) {   /* 3.0 is an integer too (JSON Schema): only zeros after the point */
    size_t z = k + 1;
    while (z < n && js[t->start + z] == '0') z++;
    if (z == k + 1 || z != n) return -1;
    n = k;
  }
  return e2b_mcp__parse_ll(js + t->start, n, v);
}
static int e2b_mcp__tok_bool(const char *js, const jsmntok_t *t, int *v) {
  if (t->type != JSMN_PRIMITIVE) return -1;
  if (js[t->start] == 't') { *v = 1; return 0; }
  if (js[t->start] == 'f') { *v = 0; return 0; }
  return -1;
}
/* Copies a JSON value's text as JSON (an id or a token for an answer). */
static int e2b_mcp__tok_json(const char *js, const jsmntok_t *t, char *buf, size_t cap) {
  size_t s = (size_t)t->start - (t->type == JSMN_STRING ? 1u : 0u);
  size_t e = (size_t)t->end + (t->type == JSMN_STRING ? 1u : 0u), i;
  int l;
  if (e - s + 1 > cap) return -1;
  /* The text is echoed into answers, and jsmn passes raw control characters
     and invalid UTF-8 in strings: such a value is not JSON (found by fuzzing;
     over HTTP a raw newline in an id would even split an SSE event). */
  for (i = s; i < e; i += (size_t)l)
    if ((unsigned char)js[i] < 0x20 || (l = e2b_mcp__utf8_len((const unsigned char *)js + i, e - i)) == 0) return -1;
  memcpy(buf, js + s, e - s);
  buf[e - s] = 0;
  return (int)(e - s);
}
/* jsmn's strict mode checks only a primitive's first character ("tru", "1.2.3"
   and "-" pass), and primitives are copied verbatim into results, so each one
   is checked here: true, false, null or an RFC 8259 number. */
static int e2b_mcp__prim_ok(const char *p, size_t n) {
  size_t i = 0, d;
  if ((n == 4 && (memcmp(p, "true", 4) == 0 || memcmp(p, "null", 4) == 0)) || (n == 5 && memcmp(p, "false", 5) == 0)) return 1;
  if (i < n && p[i] == '-') i++;
  if (i < n && p[i] == '0') i++;
  else { for (d = i; i < n && p[i] >= '0' && p[i] <= '9'; i++) {} if (i == d) return 0; }
  if (i < n && p[i] == '.') { for (d = ++i; i < n && p[i] >= '0' && p[i] <= '9'; i++) {} if (i == d) return 0; }
  if (i < n && (p[i] == 'e' || p[i] == 'E')) {
    i++;
    if (i < n && (p[i] == '+' || p[i] == '-')) i++;
    for (d = i; i < n && p[i] >= '0' && p[i] <= '9'; i++) {}
    if (i == d) return 0;
  }
  return i == n;
}
/* Whether p[a..b) is white space only, with at most one sep (0: none) in it. */
static int e2b_mcp__gap_ok(const char *p, size_t a, size_t b, char sep) {
  if (a > b) return 0;
  while (a < b && (p[a] == ' ' || p[a] == '\t' || p[a] == '\r' || p[a] == '\n')) a++;
  if (sep) {
    if (a == b || p[a] != sep) return 0;
    for (a++; a < b && (p[a] == ' ' || p[a] == '\t' || p[a] == '\r' || p[a] == '\n'); a++) {}
  }
  return a == b;
}
/* Parses text into tokens; returns the count, or < 0: a jsmn error, or
   E2B_MCP__JSON_DEEP for valid-looking JSON nested deeper than E2B_MCP__JSON_DEPTH.
   jsmn, even in strict mode, is lenient about what lies between tokens
   ({"a":1,} and [1 2] pass, and {"a"}, {"a","b"} or ["a":1] parse into shapes
   every walker here would misread) and checks only a primitive's first
   character ("tru", "1.2.3"). So the tokens are walked once more, with a stack
   of the open containers: each primitive is true, false, null or an RFC 8259
   number; a string holds no raw control character; an object's children are
   key (a string with one value) and value in turn, an array's are values; the
   text between two tokens is white space around exactly the ',' or ':' that
   belongs there, and nothing else. What passes is RFC 8259 JSON (bytes that
   are not UTF-8 aside: they are replaced on output). */
#define E2B_MCP__JSON_DEEP (-4)
#define E2B_MCP__JSON_DEPTH E2B_MCP__D(64, 24)
static int e2b_mcp__parse(const char *js, size_t n, jsmntok_t *t, int cap) {
  struct { int tok, left; size_t last; } st[E2B_MCP__JSON_DEPTH];   /* last: where the previous child ended */
  jsmn_parser p;
  int r, i, sp = 0;
  size_t pos = 0;
  jsmn_init(&p);
  r = jsmn_parse(&p, js, n, t, (unsigned)cap);
  for (i = 0; i < r; i++) {
    const jsmntok_t *c = &t[i];
    int str = c->type == JSMN_STRING, cont = c->type == JSMN_OBJECT || c->type == JSMN_ARRAY;
    size_t from = (size_t)c->start - (str ? 1u : 0u), to = (size_t)c->end + (str ? 1u : 0u), k;
    if (c->start < 0 || c->end < c->start || (size_t)c->end > n) return JSMN_ERROR_INVAL;
    if (sp == 0) {   /* a top-level value: white space before it */
      if (!e2b_mcp__gap_ok(js, pos, from, 0)) return JSMN_ERROR_INVAL;
    } else {
      const jsmntok_t *pc = &t[st[sp - 1].tok];
      int obj = pc->type == JSMN_OBJECT, idx = (obj ? 2 * pc->size : pc->size) - st[sp - 1].left;
      int is_key = obj && !(idx & 1);
      if (to >= (size_t)pc->end) return JSMN_ERROR_INVAL;   /* inside its parent, before the closer */
      if (!e2b_mcp__gap_ok(js, st[sp - 1].last, from, idx == 0 ? 0 : obj && (idx & 1) ? ':' : ',')) return JSMN_ERROR_INVAL;
      if (is_key ? !str || c->size != 1 : str && c->size != 0) return JSMN_ERROR_INVAL;
      st[sp - 1].left--;
    }
    if (c->type == JSMN_PRIMITIVE && !e2b_mcp__prim_ok(js + c->start, (size_t)(c->end - c->start))) return JSMN_ERROR_INVAL;
    if (str) for (k = (size_t)c->start; k < (size_t)c->end; k++) if ((unsigned char)js[k] < 0x20) return JSMN_ERROR_INVAL;
    if (cont) {
      if (c->size < 0 || c->end < c->start + 2) return JSMN_ERROR_INVAL;
      if (sp == E2B_MCP__JSON_DEPTH) return E2B_MCP__JSON_DEEP;
      st[sp].tok = i;
      st[sp].left = c->type == JSMN_OBJECT ? 2 * c->size : c->size;
      st[sp].last = (size_t)c->start + 1;
      sp++;
      if (c->size > 0) continue;
      to = (size_t)c->start + 1;   /* an empty one closes at once, below */
    }
    /* a value is complete: close every container it completes */
    while (sp > 0) {
      const jsmntok_t *pc = &t[st[sp - 1].tok];
      if (st[sp - 1].left > 0) { st[sp - 1].last = to; break; }
      if (!e2b_mcp__gap_ok(js, to, (size_t)pc->end - 1, 0)) return JSMN_ERROR_INVAL;
      to = (size_t)pc->end;
      sp--;
    }
    if (sp == 0) pos = to;
  }
  if (r > 0 && sp != 0) return JSMN_ERROR_INVAL;   /* a container claims more children than follow */
  return r;
}
/* A security document (an access token's header and claims, a JWKS, an
   authorization server's metadata) is read strictly: RFC 8259 leaves a
   member name given twice to the reader, and RFC 7519 section 4 asks that a
   JWT holding one be refused (or read by its last value). A reader that
   takes the first while the issuer, a proxy or the next service takes the
   last would read another token than they do ({"sub":"alice",...,
   "sub":"mallory"}), so any object, at any depth, that names a member twice
   is refused, and so is a member name written with an escape (\u0065xp is
   exp), so that names compare byte for byte. What e2b_mcp__parse returns,
   or E2B_MCP__JSON_DUP with *dup the doubled name's token. */
#if E2B_MCP_AUTH
#define E2B_MCP__JSON_DUP (-5)
static int e2b_mcp__parse_strict(const char *js, size_t n, jsmntok_t *t, int cap, int *dup) {
  int r = e2b_mcp__parse(js, n, t, cap), i, j, k, l, m;
  *dup = -1;
  for (i = 0; i < r; i++) {
    if (t[i].type != JSMN_OBJECT) continue;
    for (j = i + 1, k = 0; k < t[i].size; k++, j = e2b_mcp__tok_skip(t, j + 1)) {
      size_t kn = (size_t)(t[j].end - t[j].start);
      if (memchr(js + t[j].start, '\\', kn)) { *dup = j; return E2B_MCP__JSON_DUP; }
      for (l = i + 1, m = 0; m < k; m++, l = e2b_mcp__tok_skip(t, l + 1))
        if ((size_t)(t[l].end - t[l].start) == kn && memcmp(js + t[l].start, js + t[j].start, kn) == 0) { *dup = j; return E2B_MCP__JSON_DUP; }
    }
  }
  return r;
}
#endif
/* Parses text this library or its caller wrote (a tool's schemas, a result
   the JSON writer made): jsmn alone. The walk above guards against what
   arrives from outside; a built-in schema parsed on every call would pay
   for it twice per call to prove what the unit tests already prove. */
static int e2b_mcp__parse_own(const char *js, size_t n, jsmntok_t *t, int cap) {
  jsmn_parser p;
  jsmn_init(&p);
  return jsmn_parse(&p, js, n, t, (unsigned)cap);
}

E2B_MCP_DEF int e2b_mcp_json_find(const char *js, const jsmntok_t *t, int obj, const char *key) {
  return e2b_mcp__tok_get(js, t, obj, key);
}

