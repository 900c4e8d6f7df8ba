#include "util.h"
#include "config.h"
#include "derived.h"
/* >>util -------------------------------------------------------------------
   Small string, number and message-formatting helpers that avoid the locale,
   the heap and printf (which a board would otherwise have to link); each is
   declared, with what it promises, in >>util's declarations (src/util.h). */
static size_t e2b_mcp__strlcpy(char *dst, const char *src, size_t cap) {
  size_t n = strlen(src);
  if (cap == 0) return n;
  if (n >= cap) { memcpy(dst, src, cap - 1); dst[cap - 1] = 0; }
  else memcpy(dst, src, n + 1);
  return n;
}
/* The one case-insensitive compare (ASCII only: header names, tokens and
   host names are ASCII, and the locale must not change what matches):
   ieqn, a[0..n) against b[0..n); ieq, a[0..an) against all of b. */
static char e2b_mcp__lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c; }
#if defined(E2B_MCP__HTTP) || E2B_MCP_WITH_2026 || E2B_MCP_AUDIT   /* the transport's headers, a 2026-07-28 request's, the audit's secret names */
static int e2b_mcp__ieqn(const char *a, const char *b, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) if (e2b_mcp__lower(a[i]) != e2b_mcp__lower(b[i])) return 0;
  return 1;
}
#endif
static int e2b_mcp__ieq(const char *a, size_t an, const char *b) {   /* one pass: a header line meets several names */
  size_t i;
  for (i = 0; i < an; i++) if (!b[i] || e2b_mcp__lower(a[i]) != e2b_mcp__lower(b[i])) return 0;
  return b[an] == 0;
}
/* Equality of two strings: what every compare in the library asks, without
   linking libc's strcmp (an unrolled 700 bytes in newlib-nano). */
static int e2b_mcp__streq(const char *a, const char *b) {
  while (*a && *a == *b) { a++; b++; }
  return *a == *b;
}
/* The same for strncmp's prefix test and strchr: newlib-nano's are 132 and
   208 bytes of word-at-a-time code, these a loop each. */
static int e2b_mcp__starts(const char *s, const char *p) {
  while (*p && *s == *p) { s++; p++; }
  return *p == 0;
}
static char *e2b_mcp__strchr(const char *s, int c) {
  for (;; s++) {
    if (*s == (char)c) return (char *)s;
    if (!*s) return NULL;
  }
}
/* *u /= d, returning the remainder, with 32-bit divisions only: a 32-bit board
   links no 64-bit division routine (700 bytes). A divisor up to 0xffff takes
   three hardware divisions of 16 bits each below the high word; a larger one
   (a huge average's count, never met with the buffers a board has) the bit
   by bit long division. */
static unsigned long e2b_mcp__divmod(unsigned long long *u, unsigned long d) {
  unsigned long hi = (unsigned long)(*u >> 32) & 0xffffffffUL, r, qm, ql;
  unsigned long long q;
  int i;
  if (d <= 0xffffUL) {
    q = (unsigned long long)(hi / d) << 32; r = hi % d;
    qm = ((r << 16) | ((unsigned long)(*u >> 16) & 0xffffUL)) / d; r = ((r << 16) | ((unsigned long)(*u >> 16) & 0xffffUL)) % d;
    ql = ((r << 16) | ((unsigned long)*u & 0xffffUL)) / d; r = ((r << 16) | ((unsigned long)*u & 0xffffUL)) % d;
    *u = q | ((unsigned long long)qm << 16) | ql;
    return r;
  }
  for (q = 0, r = 0, i = 63; i >= 0; i--) {   /* r < d <= 0xffffffff: r << 1 needs 33 bits */
    unsigned long long r2 = ((unsigned long long)r << 1) | ((*u >> i) & 1u);
    if (r2 >= d) { r2 -= d; q |= 1ULL << i; }
    r = (unsigned long)r2;
  }
  *u = q;
  return r;
}
static int e2b_mcp__fmt_ll(char *buf, long long v) {  /* returns length, buf >= 21 */
  char t[24];
  int n = 0, k = 0;
  unsigned long long u = v < 0 ? (unsigned long long)(-(v + 1)) + 1u : (unsigned long long)v;
  do { t[n++] = (char)('0' + (int)e2b_mcp__divmod(&u, 10u)); } while (u);
  if (v < 0) buf[k++] = '-';
  while (n) buf[k++] = t[--n];
  buf[k] = 0;
  return k;
}
/* A printf subset for messages, so no printf is linked on a board:
   %s %.*s %c %d %i %u %x with the l and ll modifiers, and %%. Anything else
   prints '?'. Always NUL-terminates within cap; returns the length written. */
static size_t e2b_mcp__vfmt(char *buf, size_t cap, const char *fmt, va_list ap) {
  size_t o = 0;
  if (!cap) return 0;
#define E2B_MCP__PUT(ch) do { if (o + 1 < cap) buf[o++] = (ch); } while (0)
  for (; *fmt; fmt++) {
    char num[24];
    const char *str = num;
    size_t len = (size_t)-1;
    int lng = 0;
    if (*fmt != '%') { E2B_MCP__PUT(*fmt); continue; }
    fmt++;
    if (fmt[0] == '.' && fmt[1] == '*') { len = (size_t)va_arg(ap, int); fmt += 2; }
    while (*fmt == 'l') { lng++; fmt++; }
    switch (*fmt) {
      case 's': str = va_arg(ap, const char *); if (!str) str = "(null)"; break;
      case 'c': num[0] = (char)va_arg(ap, int); num[1] = 0; break;
      case 'd': case 'i':
        e2b_mcp__fmt_ll(num, lng >= 2 ? va_arg(ap, long long) : lng ? (long long)va_arg(ap, long) : (long long)va_arg(ap, int));
        break;
      case 'u': case 'x': {
        unsigned long long u = lng >= 2 ? va_arg(ap, unsigned long long) : lng ? (unsigned long long)va_arg(ap, unsigned long)
                                                                              : (unsigned long long)va_arg(ap, unsigned);
        unsigned base = *fmt == 'x' ? 16u : 10u;
        int n = 0, k = 0;
        char t[24];
        do { t[n++] = "0123456789abcdef"[e2b_mcp__divmod(&u, base)]; } while (u);
        while (n) num[k++] = t[--n];
        num[k] = 0;
        break;
      }
      case '%': num[0] = '%'; num[1] = 0; break;
      case 0: fmt--; num[0] = 0; break;
      default: num[0] = '?'; num[1] = 0; break;
    }
    for (; len && *str; str++, len--) E2B_MCP__PUT(*str);   /* %.*s may name bytes with no NUL after them */
  }
#undef E2B_MCP__PUT
  buf[o] = 0;
  return o;
}
static size_t e2b_mcp__fmt(char *buf, size_t cap, const char *fmt, ...) {
  va_list ap;
  size_t n;
  va_start(ap, fmt);
  n = e2b_mcp__vfmt(buf, cap, fmt, ap);
  va_end(ap);
  return n;
}
/* Parses a decimal integer of exactly n bytes; 0 on success. */
static int e2b_mcp__parse_ll(const char *s, size_t n, long long *out) {
  size_t i = 0;
  int neg = 0;
  unsigned long long v = 0;
  if (n && (s[0] == '-' || s[0] == '+')) { neg = s[0] == '-'; i = 1; }
  if (i == n || n - i > 18) return -1;
  for (; i < n; i++) {
    if (s[i] < '0' || s[i] > '9') return -1;
    v = v * 10u + (unsigned)(s[i] - '0');
  }
  *out = neg ? -(long long)v : (long long)v;
  return 0;
}

