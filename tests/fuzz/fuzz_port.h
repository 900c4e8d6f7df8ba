/* fuzz_port.h - a custom socket port (E2B_MCP_SOCK_CUSTOM) for the fuzz targets.

   The fake E2B: every request (a send that starts with an HTTP method) takes
   the next canned answer from a queue; recv hands it out in pieces whose
   sizes come from a seeded generator (the fuzz data picks the seed and the
   largest piece), and once the answer is used up returns end_err (0: end of
   stream). With no answer queued it calls answer_fn, when set, to pick one
   from the request line. Nothing leaves the process. */
#ifndef FUZZ_PORT_H
#define FUZZ_PORT_H

#include <string.h>

#if defined(__GNUC__)
#  define FP_UNUSED __attribute__((unused))
#else
#  define FP_UNUSED
#endif

#define FP_ANSWERS 8

typedef struct fport {
  const char *ans[FP_ANSWERS];
  size_t ans_len[FP_ANSWERS];
  int nans, next;
  /* the answer being read */
  const char *cur;
  size_t cur_len, pos;
  int end_err;
  unsigned rng, max_piece;    /* max_piece 0: as much as asked */
  char line[512];             /* the current request's first line */
  void (*answer_fn)(struct fport *f, const char *line, const char **ans, size_t *n);
  unsigned long now;
  int opens, requests;
} fport;

FP_UNUSED static void fp_reset(fport *f) {
  memset(f, 0, sizeof *f);
  f->now = 1000;
}
FP_UNUSED static void fp_add(fport *f, const char *p, size_t n) {
  if (f->nans < FP_ANSWERS) { f->ans[f->nans] = p; f->ans_len[f->nans++] = n; }
}
FP_UNUSED static int fp_is_request(const unsigned char *p, size_t n) {
  static const char *const m[] = { "GET ", "POST ", "DELETE ", "HEAD ", "PUT ", "PATCH " };
  size_t i;
  for (i = 0; i < sizeof m / sizeof m[0]; i++)
    if (n >= strlen(m[i]) && memcmp(p, m[i], strlen(m[i])) == 0) return 1;
  return 0;
}
FP_UNUSED static int fp_resolve(void *user, const char *host, e2b_mcp_addr *a) {
  (void)user; (void)host;
  memset(a, 0, sizeof *a);
  a->family = 4;
  return 0;
}
FP_UNUSED static int fp_open(void *user, e2b_mcp_sock *s, const e2b_mcp_addr *a, unsigned port) {
  fport *f = (fport *)user;
  (void)a; (void)port;
  f->opens++;
  s->h = 1;
  f->cur = NULL;
  return 0;
}
FP_UNUSED static int fp_send(void *user, e2b_mcp_sock *s, const unsigned char *p, size_t n) {
  fport *f = (fport *)user;
  (void)s;
  if (fp_is_request(p, n)) {
    size_t k = 0;
    while (k < n && k < sizeof f->line - 1 && p[k] != '\r') { f->line[k] = (char)p[k]; k++; }
    f->line[k] = 0;
    f->requests++;
    f->pos = 0;
    if (f->next < f->nans) { f->cur = f->ans[f->next]; f->cur_len = f->ans_len[f->next]; f->next++; }
    else if (f->answer_fn) f->answer_fn(f, f->line, &f->cur, &f->cur_len);
    else { f->cur = ""; f->cur_len = 0; }
  }
  return n > 0x7fffffff ? 0x7fffffff : (int)n;
}
FP_UNUSED static int fp_recv(void *user, e2b_mcp_sock *s, unsigned char *p, size_t n) {
  fport *f = (fport *)user;
  size_t left;
  (void)s;
  if (!f->cur) return E2B_MCP_ERR_IO;
  left = f->cur_len - f->pos;
  if (left == 0) return f->end_err;
  if (n > left) n = left;
  if (f->max_piece) {
    size_t piece;
    f->rng ^= f->rng << 13; f->rng ^= f->rng >> 17; f->rng ^= f->rng << 5;
    piece = 1 + f->rng % f->max_piece;
    if (n > piece) n = piece;
  }
  memcpy(p, f->cur + f->pos, n);
  f->pos += n;
  return (int)n;
}
FP_UNUSED static void fp_close(void *user, e2b_mcp_sock *s) {
  fport *f = (fport *)user;
  (void)s;
  f->cur = NULL;
}
/* The data is in memory: recv never blocks, and nothing is pending on an idle connection. */
FP_UNUSED static int fp_wait(void *user, e2b_mcp_poll *q, int n, int timeout_ms) {
  int i;
  (void)user; (void)timeout_ms;
  for (i = 0; i < n; i++) q[i].ready = 0;
  return 0;
}
FP_UNUSED static unsigned long fp_now(void *user) { return ++((fport *)user)->now; }

FP_UNUSED static void fp_port_init(e2b_mcp_sock_port *p, fport *f) {
  memset(p, 0, sizeof *p);
  p->user = f;
  p->resolve = fp_resolve;
  p->connect = fp_open;
  p->wait = fp_wait;
  p->send = fp_send;
  p->recv = fp_recv;
  p->close = fp_close;
  p->now_ms = fp_now;
}

#endif
