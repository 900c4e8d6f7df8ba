#include "port.h"
#include "config.h"
#include "derived.h"
#include "errors.h"
/* >>ports --------------------------------------------------------------------
   The socket port (its contract: e2b_mcp_sock_port) and what is built on it
   here: the port's clock, an idle connection's check, the chunked file reader a TLS port may load trust anchors with
   (e2b_mcp_file_stream), and what E2B_MCP_TLS_NONE has of a TLS port (the TLS port
   contract: >>ports in the declarations; a built-in port's functions came
   with its types). The POSIX port uses only the public part of this header. */
#if defined(E2B_MCP_SOCK_POSIX)
#  include "ports/e2b_mcp_sock_posix.h"
#elif defined(E2B_MCP_SOCK_WIN32)
#  include "ports/e2b_mcp_sock_win32.h"
#endif
static unsigned long e2b_mcp__port_now(const e2b_mcp_sock_port *p) { return p && p->now_ms ? p->now_ms(p->user) : 0; }

/* What is there to read now: > 0, 0 at the end, E2B_MCP_ERR_AGAIN or an error. */
static int e2b_mcp__sock_recv(e2b_mcp_sock *s, unsigned char *b, size_t n) { return s->port->recv(s->port->user, s, b, n); }
static void e2b_mcp__sock_close(e2b_mcp_sock *s) { if (s->port) s->port->close(s->port->user, s); s->h = -1; }
/* The port used when the config names none: POSIX's, Windows', or one with no network. */
#if defined(E2B_MCP_SOCK_POSIX)
#  define e2b_mcp__default_port e2b_mcp_sock_posix
#elif defined(E2B_MCP_SOCK_WIN32)
#  define e2b_mcp__default_port e2b_mcp_sock_win32
#else
static int e2b_mcp__none_resolve(void *u, const char *h, e2b_mcp_addr *a) { (void)u; (void)h; (void)a; return E2B_MCP_ERR_DNS; }
static int e2b_mcp__none_wait(void *u, e2b_mcp_poll *p, int n, int to) { (void)u; (void)p; (void)n; (void)to; return 0; }
static void e2b_mcp__none_close(void *u, e2b_mcp_sock *s) { (void)u; s->h = -1; }
static const e2b_mcp_sock_port e2b_mcp__default_port = {
  NULL, e2b_mcp__none_resolve, NULL, NULL, NULL, e2b_mcp__none_close, NULL, NULL, NULL, NULL, e2b_mcp__none_wait, NULL, NULL
};
#endif

/* Whether an idle keep-alive connection can still carry a request: nothing is
   pending on it. A server that closed it while idle has left an end of stream
   (or a TLS close_notify) to read, so it is reopened before sending rather
   than retried after. */
static int e2b_mcp__sock_idle_ok(e2b_mcp_sock *s) {
  e2b_mcp_poll q;
  q.sock = s; q.want = E2B_MCP_WANT_READ; q.ready = 0;
  return s->port->wait(s->port->user, &q, 1, 0) <= 0 || !q.ready;
}

#if !defined(E2B_MCP_TLS_NONE)
/* Streams a file (trust anchors) to push in 256-byte chunks, with no whole-file
   buffer; 0, or -1 when it cannot be read or push refuses. POSIX read(2) with
   the POSIX socket port, stdio otherwise; E2B_MCP_TLS_NO_FILE: no file system. */
#  if !defined(E2B_MCP_TLS_NO_FILE) && defined(E2B_MCP_SOCK_POSIX)
#    include <fcntl.h>
#    include <unistd.h>
#    include <errno.h>
E2B_MCP_DEF int e2b_mcp_file_stream(const char *path, int (*push)(void *ctx, const unsigned char *p, size_t n), void *ctx) {
  unsigned char chunk[256];
  int fd, rc = 0;
  ssize_t r;
  do { fd = open(path, O_RDONLY); } while (fd < 0 && errno == EINTR);
  if (fd < 0) return -1;
  for (;;) {
    r = read(fd, chunk, sizeof chunk);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) { rc = -1; break; }
    if (r == 0) break;
    if (push(ctx, chunk, (size_t)r) != 0) { rc = -1; break; }
  }
  close(fd);
  return rc;
}
#  elif !defined(E2B_MCP_TLS_NO_FILE)
#    include <stdio.h>
E2B_MCP_DEF int e2b_mcp_file_stream(const char *path, int (*push)(void *ctx, const unsigned char *p, size_t n), void *ctx) {
  unsigned char chunk[256];
  size_t r;
  int rc = 0;
  FILE *f = fopen(path, "rb");
  if (!f) return -1;
  while ((r = fread(chunk, 1, sizeof chunk, f)) > 0)
    if (push(ctx, chunk, r) != 0) { rc = -1; break; }
  if (ferror(f)) rc = -1;
  fclose(f);
  return rc;
}
#  else
E2B_MCP_DEF int e2b_mcp_file_stream(const char *path, int (*push)(void *ctx, const unsigned char *p, size_t n), void *ctx) {
  (void)path; (void)push; (void)ctx;
  return -1;
}
#  endif
#endif

/* E2B_MCP_TLS_NONE: no TLS stream at all (https:// is refused before a
   socket opens, E2B_MCP_ERR_NO_TLS); only init asks for anchors. */
#if defined(E2B_MCP_TLS_NONE)
static int e2b_mcp_tls_trust_init(e2b_mcp_tls_trust *tr, const char *ca_file) { (void)tr; (void)ca_file; return E2B_MCP_ERR_NO_TLS; }
#endif
/* E2B_MCP_AUTH forced on without a port that verifies: verifiers that refuse
   (e2b_mcp_auth_verify says E2B_MCP_AUTH_NO_VERIFIER before it asks them). */
#if E2B_MCP_AUTH && !E2B_MCP__AUTH_VERIFIER
static int e2b_mcp_tls_rsa_verify(const unsigned char *n, size_t nlen, const unsigned char *e, size_t elen,
                                  const unsigned char hash[32], const unsigned char *sig, size_t slen) {
  (void)n; (void)nlen; (void)e; (void)elen; (void)hash; (void)sig; (void)slen;
  return -1;
}
static int e2b_mcp_tls_p256_verify(const unsigned char q[65], const unsigned char hash[32], const unsigned char sig[64]) {
  (void)q; (void)hash; (void)sig;
  return -1;
}
#endif
