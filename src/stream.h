#include "derived.h"
#include "port.h"
/* >>stream: the byte stream under the E2B exchange ---------------------------
   A connection to E2B is a socket (the socket port) and, for https, a TLS
   layer over it (the TLS port). The E2B client reaches both only through a
   stream, one vtable with two implementations, the way lwIP's altcp puts TLS
   under a TCP API: the plain stream hands bytes to the socket, the TLS stream
   to the TLS port (BearSSL, mbedTLS, or one's own with E2B_MCP_TLS_CUSTOM).
   Every member moves what the socket takes or gives now and never waits;
   after E2B_MCP_ERR_AGAIN, want says what the socket must become. */
struct e2b_mcp_conn;
typedef struct e2b_mcp__stream {
  /* after the TCP connect: readies the layer for host, no I/O: 0 or an error */
  int  (*start)(struct e2b_mcp_conn *c, e2b_mcp_tls_trust *tr, const char *host);
  /* 0 once the layer is up (TLS: the handshake done, the peer verified),
     E2B_MCP_ERR_AGAIN, or an error */
  int  (*handshake)(struct e2b_mcp_conn *c, e2b_mcp_tls_trust *tr);
  /* takes up to n bytes: the count (> 0), E2B_MCP_ERR_AGAIN, or an error */
  int  (*send)(struct e2b_mcp_conn *c, const unsigned char *p, size_t n);
  /* 0 once everything taken is on the wire, E2B_MCP_ERR_AGAIN, or an error */
  int  (*flush)(struct e2b_mcp_conn *c);
  /* the count (> 0); 0 at the peer's clean end of the stream;
     E2B_MCP_ERR_AGAIN; or an error (TLS: E2B_MCP_ERR_CLOSED for a cut stream) */
  int  (*recv)(struct e2b_mcp_conn *c, unsigned char *p, size_t n);
  /* ends the layer (TLS: close_notify, if the socket takes it now) */
  void (*close)(struct e2b_mcp_conn *c);
  /* after E2B_MCP_ERR_AGAIN: E2B_MCP_WANT_READ or _WRITE; plain is what
     the socket waits for when the layer has no say of its own */
  int  (*want)(const struct e2b_mcp_conn *c, int plain);
} e2b_mcp__stream;

/* One keep-alive connection to E2B: a socket, the stream over it, its TLS
   state (used by the TLS stream only). */
typedef struct e2b_mcp_conn {
  e2b_mcp_sock sock;
  const e2b_mcp__stream *st;  /* plain or TLS, set when the socket is opened */
  int open, https;
  unsigned port;
  char host[E2B_MCP_HOST_MAX];
  e2b_mcp_tls tls;
#ifdef E2B_MCP__TLS_LEND_ROOM
  /* memory the TLS port may use until the handshake ends (E2B_MCP_TLS_LEND):
     the tail of the answer buffer of the call that opens the connection */
  void *lend;
  size_t lend_n;
#endif
  unsigned long requests, connects;   /* counters, for tests and benchmarks */
} e2b_mcp_conn;

