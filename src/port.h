/* >>ports ------------------------------------------------------------------
   The port contract: everything e2b_mcp.h needs of the platform for the
   network, the clock and randomness, as one struct of function pointers (as
   mongoose's mg_tcpip_driver). The library calls nothing else of the
   platform for these. ports/e2b_mcp_sock_posix.h implements it for POSIX
   (e2b_mcp_sock_posix, used when e2b_mcp_config.sock_port is NULL and
   E2B_MCP_SOCK_POSIX is selected); a board fills one of its own
   (E2B_MCP_SOCK_CUSTOM) and passes it in e2b_mcp_config.sock_port.

   Every member but wait returns at once, never waiting on the network.
   Return values: what each member says for success; E2B_MCP_ERR_AGAIN when
   it would have to wait (call it again once wait reports the socket ready:
   writable for connect and send, readable for recv); any other negative
   E2B_MCP_ERR_* when it failed (the socket is then only closed). The
   library keeps all timeouts itself, with now_ms and wait. */
enum { E2B_MCP_WANT_READ = 1, E2B_MCP_WANT_WRITE = 2 };

struct e2b_mcp_sock_port;
typedef struct e2b_mcp_sock {
  intptr_t h;                              /* the port's handle (fd, pcb, index); < 0: none */
  const struct e2b_mcp_sock_port *port;    /* set by the library */
} e2b_mcp_sock;

/* A resolved address: family 4 (ip[0..4)) or 6 (ip[0..16)), network order. */
typedef struct e2b_mcp_addr { int family; unsigned char ip[16]; } e2b_mcp_addr;

/* One socket for wait: what is asked (E2B_MCP_WANT_*), what the port found. */
typedef struct e2b_mcp_poll { const e2b_mcp_sock *sock; int want, ready; } e2b_mcp_poll;

typedef struct e2b_mcp_sock_port {
  void *user;   /* passed to every member */
  /* The address of host (a name, or a numeric IPv4 or IPv6 address) in *addr:
     0, or E2B_MCP_ERR_DNS. The one member that may block (a name resolver):
     the library asks once per host and keeps the answer for E2B_MCP_DNS_TTL_MS,
     or until a connection to it fails. */
  int  (*resolve)(void *user, const char *host, e2b_mcp_addr *addr);
  /* With s->h < 0, opens a TCP connection to addr:port and sets s->h. With
     s->h >= 0 (the last call gave E2B_MCP_ERR_AGAIN), tells how it went.
     0: connected; E2B_MCP_ERR_AGAIN: in progress (wait for writable, call
     again); E2B_MCP_ERR_CONNECT: refused or unreachable (s->h is closed, < 0). */
  int  (*connect)(void *user, e2b_mcp_sock *s, const e2b_mcp_addr *addr, unsigned port);
  /* Takes up to n bytes: the count taken (> 0), E2B_MCP_ERR_AGAIN (none fit
     now), E2B_MCP_ERR_CLOSED (the peer is gone) or E2B_MCP_ERR_RESET. */
  int  (*send)(void *user, e2b_mcp_sock *s, const unsigned char *p, size_t n);
  /* Reads up to n bytes: the count (> 0), 0 (the peer ended the stream),
     E2B_MCP_ERR_AGAIN (nothing yet) or E2B_MCP_ERR_RESET. */
  int  (*recv)(void *user, e2b_mcp_sock *s, unsigned char *p, size_t n);
  /* Closes s (any s->h; < 0 is a no-op) and sets s->h = -1. */
  void (*close)(void *user, e2b_mcp_sock *s);
  /* Server side, for the Streamable HTTP transport only (NULL without it).
     listen: binds host (numeric, or "localhost") and port (0: any free one,
     told in *bound), non-blocking: 0 or E2B_MCP_ERR_LISTEN. accept: takes
     one waiting connection into c (non-blocking): 1, or 0 when none waits.
     shutdown (may be NULL): ends our side of the stream, so the peer reads
     what was sent, then its end. unsent (may be NULL: never): 1 while bytes
     sent on s have not yet reached the peer. */
  int  (*listen)(void *user, e2b_mcp_sock *s, const char *host, unsigned port, unsigned *bound);
  int  (*accept)(void *user, e2b_mcp_sock *l, e2b_mcp_sock *c);
  void (*shutdown)(void *user, e2b_mcp_sock *s);
  int  (*unsent)(void *user, e2b_mcp_sock *s);
  /* Waits until at least one of p[0..n) is ready for what it wants, at most
     timeout_ms (0: only looks). Entries whose sock is NULL or closed are
     skipped. Sets each p[i].ready (to the E2B_MCP_WANT_* bits that hold; a
     hang-up or an error counts as readable). Returns how many are ready; 0
     when the time ran out or a signal came. */
  int  (*wait)(void *user, e2b_mcp_poll *p, int n, int timeout_ms);
  /* A monotonic clock in milliseconds (it may wrap); NULL or always 0: no clock
     (then no timeouts and no 429 cool-downs). */
  unsigned long (*now_ms)(void *user);
  /* n unpredictable bytes: 0, or -1 when there are none to give (the HTTP
     transport then opens no sessions). May be NULL without HTTP. */
  int  (*random)(void *user, unsigned char *p, size_t n);
} e2b_mcp_sock_port;

#ifdef __cplusplus
}
#endif

/* The TLS port's types (its state lives inside the server, so the caller owns it). */
#if defined(E2B_MCP_TLS_BEARSSL)
#  include "ports/e2b_mcp_tls_bearssl.h"
#elif defined(E2B_MCP_TLS_MBEDTLS)
#  include "ports/e2b_mcp_tls_mbedtls.h"
#else
typedef struct e2b_mcp_tls { int want; } e2b_mcp_tls;
typedef struct e2b_mcp_tls_trust { int unused; } e2b_mcp_tls_trust;
#endif

#ifdef __cplusplus
extern "C" {
#endif

