#include "stream.h"
#include "config.h"
#include "port.h"
/* >>stream ---------------------------------------------------------------------
   The plain stream and the TLS stream (the TLS port's functions behind the
   same vtable), and closing a connection whatever its stream. */
static int e2b_mcp__st_plain_start(e2b_mcp_conn *c, e2b_mcp_tls_trust *tr, const char *host) { (void)c; (void)tr; (void)host; return 0; }
static int e2b_mcp__st_plain_handshake(e2b_mcp_conn *c, e2b_mcp_tls_trust *tr) { (void)c; (void)tr; return 0; }
static int e2b_mcp__st_plain_send(e2b_mcp_conn *c, const unsigned char *p, size_t n) { return c->sock.port->send(c->sock.port->user, &c->sock, p, n); }
static int e2b_mcp__st_plain_flush(e2b_mcp_conn *c) { (void)c; return 0; }
static int e2b_mcp__st_plain_recv(e2b_mcp_conn *c, unsigned char *p, size_t n) { return e2b_mcp__sock_recv(&c->sock, p, n); }
static void e2b_mcp__st_plain_close(e2b_mcp_conn *c) { (void)c; }
static int e2b_mcp__st_plain_want(const e2b_mcp_conn *c, int plain) { (void)c; return plain; }
static const e2b_mcp__stream e2b_mcp__stream_plain = {
  e2b_mcp__st_plain_start, e2b_mcp__st_plain_handshake, e2b_mcp__st_plain_send, e2b_mcp__st_plain_flush,
  e2b_mcp__st_plain_recv, e2b_mcp__st_plain_close, e2b_mcp__st_plain_want
};

#if !defined(E2B_MCP_TLS_NONE)   /* without a TLS port, https:// is refused before a stream is chosen */
static int e2b_mcp__st_tls_start(e2b_mcp_conn *c, e2b_mcp_tls_trust *tr, const char *host) {
#ifdef E2B_MCP__TLS_LEND_ROOM
  e2b_mcp_tls_lend(&c->tls, c->lend, c->lend_n);
  c->lend = NULL; c->lend_n = 0;
#endif
  return e2b_mcp_tls_start(&c->tls, tr, host);
}
static int e2b_mcp__st_tls_handshake(e2b_mcp_conn *c, e2b_mcp_tls_trust *tr) { return e2b_mcp_tls_handshake(&c->tls, tr, &c->sock); }
static int e2b_mcp__st_tls_send(e2b_mcp_conn *c, const unsigned char *p, size_t n) { return e2b_mcp_tls_send(&c->tls, &c->sock, p, n); }
static int e2b_mcp__st_tls_flush(e2b_mcp_conn *c) { return e2b_mcp_tls_flush(&c->tls, &c->sock); }
static int e2b_mcp__st_tls_recv(e2b_mcp_conn *c, unsigned char *p, size_t n) { return e2b_mcp_tls_recv(&c->tls, &c->sock, p, n); }
static void e2b_mcp__st_tls_close(e2b_mcp_conn *c) { e2b_mcp_tls_close(&c->tls, &c->sock); }
static int e2b_mcp__st_tls_want(const e2b_mcp_conn *c, int plain) { (void)plain; return c->tls.want; }
static const e2b_mcp__stream e2b_mcp__stream_tls = {
  e2b_mcp__st_tls_start, e2b_mcp__st_tls_handshake, e2b_mcp__st_tls_send, e2b_mcp__st_tls_flush,
  e2b_mcp__st_tls_recv, e2b_mcp__st_tls_close, e2b_mcp__st_tls_want
};
#endif

/* Closes the connection, or the socket of one still connecting or in its
   handshake (whose stream has nothing to end yet). */
static void e2b_mcp__conn_close(e2b_mcp_conn *c) {
  if (c->open && c->st) c->st->close(c);
  if (c->open || c->sock.h >= 0) e2b_mcp__sock_close(&c->sock);
  c->open = 0;
}
