/* >>ports --------------------------------------------------------------------
   The socket port (its contract: e2b_mcp_sock_port) and what is built on it
   here: a bounded wait for the HTTP transport's writes (e2b_mcp__sock_wait),
   the chunked file reader the TLS ports load trust anchors with, and
   the TLS port. The POSIX port uses only the public part of this header.

   THE TLS PORT CONTRACT. A TLS port (ports/e2b_mcp_tls_*.h) defines the types
   e2b_mcp_tls (one connection's state, with an int `want`) and
   e2b_mcp_tls_trust (the trust anchors, and the session every connection to
   the same host resumes), and the functions below, named e2b_mcp__tls_<name>.
   None waits: each moves what the socket takes or gives now, through the
   socket port's send and recv; after E2B_MCP_ERR_AGAIN, t->want says what the
   socket must become (E2B_MCP_WANT_READ or _WRITE) before the same call is
   made again with the same arguments.
     trust_init(tr, ca_file)  loads the anchors (ca_file; NULL: the built-in or
                              the system's): their count, or E2B_MCP_ERR_TLS_TRUST
     start(t, tr, host)       readies t for a new connection to host (SNI, and
                              the name the certificate must carry), offering
                              tr's session when it is host's; no I/O: 0 or an error
     handshake(t, tr, s)      0 once the handshake is done and the chain, the
                              name and the dates are verified (the session goes
                              to tr); E2B_MCP_ERR_AGAIN; or an error
                              (E2B_MCP_ERR_TLS_*; host's session is then dropped)
     send(t, s, p, n)         takes up to n bytes: the count (> 0),
                              E2B_MCP_ERR_AGAIN, or an error; what it took may
                              wait in t until flush
     flush(t, s)              0 once every byte taken is on the wire,
                              E2B_MCP_ERR_AGAIN, or an error
     recv(t, s, p, n)         the count (> 0); 0 at the peer's close_notify;
                              E2B_MCP_ERR_CLOSED when the stream ended without
                              it (maybe cut); E2B_MCP_ERR_AGAIN; or an error
     close(t, s)              sends close_notify if the socket takes it now;
                              the socket stays the caller's to close */
#if defined(E2B_MCP_SOCK_POSIX)
#  include "ports/e2b_mcp_sock_posix.h"
#endif
#if defined(E2B_MCP_TLS_BEARSSL) && !defined(E2B_MCP_NOW_S)
#  include <time.h>
#  define E2B_MCP_NOW_S() ((unsigned long)time(NULL))
#endif
#ifdef E2B_MCP_TLS_BEARSSL   /* the mbedTLS port takes time from its own platform layer */
static unsigned long e2b_mcp__now_s(void) { return E2B_MCP_NOW_S(); }   /* certificate time */
#endif

static unsigned long e2b_mcp__port_now(const e2b_mcp_sock_port *p) { return p && p->now_ms ? p->now_ms(p->user) : 0; }
static unsigned long e2b_mcp__now_ms(const e2b_mcp_server *srv) { return e2b_mcp__port_now(srv->net); }

#ifdef E2B_MCP__HTTP
/* Waits until s is ready for want, at most timeout_ms: 0 or E2B_MCP_ERR_TIMEOUT.
   Only the HTTP transport waits so: for a client slow to take an answer that
   outgrew its queue (bounded by the write timeout). */
static int e2b_mcp__sock_wait(e2b_mcp_sock *s, int want, int timeout_ms) {
  const e2b_mcp_sock_port *p = s->port;
  unsigned long start = e2b_mcp__port_now(p);
  long left = timeout_ms;
  e2b_mcp_poll q;
  for (;;) {
    q.sock = s; q.want = want; q.ready = 0;
    if (p->wait(p->user, &q, 1, (int)left) > 0 && q.ready) return 0;
    /* a signal may end a wait early: the clock says what is left */
    left = start ? timeout_ms - (long)(e2b_mcp__port_now(p) - start) : 0;
    if (left <= 0) return E2B_MCP_ERR_TIMEOUT;
  }
}
#endif
/* What is there to read now: > 0, 0 at the end, E2B_MCP_ERR_AGAIN or an error. */
static int e2b_mcp__sock_recv(e2b_mcp_sock *s, unsigned char *b, size_t n) { return s->port->recv(s->port->user, s, b, n); }
static void e2b_mcp__sock_close(e2b_mcp_sock *s) { if (s->port) s->port->close(s->port->user, s); s->h = -1; }
/* The port used when the config names none: POSIX's, or one with no network. */
#if defined(E2B_MCP_SOCK_POSIX)
#  define e2b_mcp__default_port e2b_mcp_sock_posix
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
static int e2b_mcp__file_stream(const char *path, int (*push)(void *ctx, const unsigned char *p, size_t n), void *ctx) {
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
#  elif !defined(E2B_MCP_TLS_NO_FILE) && !defined(E2B_MCP_NO_STDIO)
static int e2b_mcp__file_stream(const char *path, int (*push)(void *ctx, const unsigned char *p, size_t n), void *ctx) {
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
static int e2b_mcp__file_stream(const char *path, int (*push)(void *ctx, const unsigned char *p, size_t n), void *ctx) {
  (void)path; (void)push; (void)ctx;
  return -1;
}
#  endif
#endif

#define E2B_MCP__PORT_IMPL
#if defined(E2B_MCP_TLS_BEARSSL)
#  include "ports/e2b_mcp_tls_bearssl.h"
#elif defined(E2B_MCP_TLS_MBEDTLS)
#  include "ports/e2b_mcp_tls_mbedtls.h"
#else
static int e2b_mcp__tls_trust_init(e2b_mcp_tls_trust *tr, const char *ca_file) { (void)tr; (void)ca_file; return E2B_MCP_ERR_NO_TLS; }
static int e2b_mcp__tls_start(e2b_mcp_tls *t, e2b_mcp_tls_trust *tr, const char *host) { (void)t; (void)tr; (void)host; return E2B_MCP_ERR_NO_TLS; }
static int e2b_mcp__tls_handshake(e2b_mcp_tls *t, e2b_mcp_tls_trust *tr, e2b_mcp_sock *s) { (void)t; (void)tr; (void)s; return E2B_MCP_ERR_NO_TLS; }
static int e2b_mcp__tls_send(e2b_mcp_tls *t, e2b_mcp_sock *s, const unsigned char *p, size_t n) { (void)t; (void)s; (void)p; (void)n; return E2B_MCP_ERR_NO_TLS; }
static int e2b_mcp__tls_flush(e2b_mcp_tls *t, e2b_mcp_sock *s) { (void)t; (void)s; return E2B_MCP_ERR_NO_TLS; }
static int e2b_mcp__tls_recv(e2b_mcp_tls *t, e2b_mcp_sock *s, unsigned char *p, size_t n) { (void)t; (void)s; (void)p; (void)n; return E2B_MCP_ERR_NO_TLS; }
static void e2b_mcp__tls_close(e2b_mcp_tls *t, e2b_mcp_sock *s) { (void)t; (void)s; }
#endif

