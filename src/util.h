#include "config.h"
#include "derived.h"
/* >>util: the helpers every layer of the implementation may call ------------
   Small string, number and message-formatting helpers that avoid the locale,
   the heap and printf (which a board would otherwise have to link); their
   bodies are >>util in the implementation. Declared here, inside the
   implementation only (they are static), so a layer names this header, not
   util.c, for what it uses. */
#ifdef E2B_MCP_IMPLEMENTATION
/* Copies src into dst[cap] cut to fit, always terminated (cap > 0); returns strlen(src). */
static size_t e2b_mcp__strlcpy(char *dst, const char *src, size_t cap);
/* ASCII case-insensitive compares (the locale must not change what matches):
   a[0..n) against b[0..n); a[0..an) against all of b. */
#if defined(E2B_MCP__HTTP) || E2B_MCP_WITH_2026 || E2B_MCP_AUDIT
static int e2b_mcp__ieqn(const char *a, const char *b, size_t n);
#endif
static int e2b_mcp__ieq(const char *a, size_t an, const char *b);
/* Whether two strings are equal (no libc strcmp on a board). */
static int e2b_mcp__streq(const char *a, const char *b);
/* Whether s starts with p. */
static int e2b_mcp__starts(const char *s, const char *p);
/* libc's strchr: the first c in s (its terminator when c is 0), or NULL. */
static char *e2b_mcp__strchr(const char *s, int c);
/* *u /= d, returning the remainder, with no 64-bit division routine linked. */
static unsigned long e2b_mcp__divmod(unsigned long long *u, unsigned long d);
/* v in decimal into buf (at least 21 bytes); returns its length. */
static int e2b_mcp__fmt_ll(char *buf, long long v);
/* A printf subset into buf[cap] (%s %.*s %c %d %i %u %x, the l and ll
   modifiers, %%; anything else prints '?'), always terminated; returns the
   length written. */
static size_t e2b_mcp__vfmt(char *buf, size_t cap, const char *fmt, va_list ap);
static size_t e2b_mcp__fmt(char *buf, size_t cap, const char *fmt, ...);
/* A decimal integer of exactly s[0..n) (an optional sign, at most 18 digits); 0 on success. */
static int e2b_mcp__parse_ll(const char *s, size_t n, long long *out);
#endif
