#include "config.h"
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
     timeout_ms (0: only looks). Entries whose sock is NULL or closed, or whose
     want is 0, are skipped. Sets each p[i].ready (to the E2B_MCP_WANT_* bits
     that hold; a hang-up or an error counts as readable). Returns how many
     are ready; 0 when the time ran out or a signal came.
     The array is the whole set to watch, each socket at most once: a socket
     it no longer names is no longer watched. The library's loops pass nearly
     the same set from one wait to the next, so a port may keep it registered
     between waits (the POSIX port's epoll does: a wait then costs the sockets
     that changed and those that are ready, not a scan of every one open);
     such a port forgets a socket at its close, whose handle may come back as
     another socket's. A wait on one socket (a blocking helper's) may leave
     the registered set as it is. */
  int  (*wait)(void *user, e2b_mcp_poll *p, int n, int timeout_ms);
  /* A monotonic clock in milliseconds (it may wrap); NULL or always 0: no clock
     (then no timeouts and no 429 cool-downs). */
  unsigned long (*now_ms)(void *user);
  /* n unpredictable bytes: 0, or -1 when there are none to give (the HTTP
     transport then opens no sessions). May be NULL without HTTP. */
  int  (*random)(void *user, unsigned char *p, size_t n);
} e2b_mcp_sock_port;

/* What a TLS port may use of the library besides the socket port: a file
   read in chunks (trust anchors; E2B_MCP_TLS_NO_FILE, or no file system:
   always -1), so that no port needs a whole-file buffer. 0, or -1 when the
   file cannot be read or push refused a chunk (push returns nonzero). */
#if !defined(E2B_MCP_TLS_NONE)
E2B_MCP_DEF int e2b_mcp_file_stream(const char *path, int (*push)(void *ctx, const unsigned char *p, size_t n), void *ctx);
#endif

/* THE TLS PORT CONTRACT. A TLS port defines the types e2b_mcp_tls (one
   connection's state, with an int `want`) and e2b_mcp_tls_trust (the trust
   anchors, and the session every connection to the same host resumes), both
   kept inside the caller's e2b_mcp_server, and the functions below. None
   waits: each moves what the socket takes or gives now, through the socket
   port's send and recv (s->port); after E2B_MCP_ERR_AGAIN, t->want says what
   the socket must become (E2B_MCP_WANT_READ or _WRITE) before the same call
   is made again with the same arguments. The library reaches them only
   through its TLS stream (>>stream), the layer under the E2B exchange.
     e2b_mcp_tls_trust_init(tr, ca_file)
                              loads the anchors (ca_file; NULL: the built-in or
                              the system's): their count, or E2B_MCP_ERR_TLS_TRUST
     e2b_mcp_tls_start(t, tr, host)
                              readies t for a new connection to host (SNI, and
                              the name the certificate must carry), offering
                              tr's session when it is host's; no I/O: 0 or an error
     e2b_mcp_tls_handshake(t, tr, s)
                              0 once the handshake is done and the chain, the
                              name and the dates are verified (the session goes
                              to tr); E2B_MCP_ERR_AGAIN; or an error
                              (E2B_MCP_ERR_TLS_*; host's session is then dropped).
                              No application byte may go out before it returns 0.
     e2b_mcp_tls_send(t, s, p, n)
                              takes up to n bytes: the count (> 0),
                              E2B_MCP_ERR_AGAIN, or an error; what it took may
                              wait in t until flush
     e2b_mcp_tls_flush(t, s)  0 once every byte taken is on the wire,
                              E2B_MCP_ERR_AGAIN, or an error
     e2b_mcp_tls_recv(t, s, p, n)
                              the count (> 0); 0 at the peer's close_notify;
                              E2B_MCP_ERR_CLOSED when the stream ended without
                              it (maybe cut); E2B_MCP_ERR_AGAIN; or an error
     e2b_mcp_tls_close(t, s)  sends close_notify if the socket takes it now;
                              the socket stays the caller's to close
   With E2B_MCP_AUTH (access tokens, >>auth), two signature verifiers, pure
   computation on public data (no socket, no state):
     e2b_mcp_tls_rsa_verify(n, nlen, e, elen, hash, sig, slen)
                              0 when sig (slen == nlen bytes) is an RSASSA-PKCS1-v1_5
                              signature of the SHA-256 digest hash[32] under the
                              RSA key n, e (big-endian, no leading zeros); else -1
     e2b_mcp_tls_p256_verify(q, hash, sig)
                              0 when sig[64] (r | s, 32 bytes each: a JWS ES256
                              signature) is an ECDSA P-256 signature of hash[32]
                              under the point q[65] (0x04 | x | y); else -1
   A custom port that has them defines E2B_MCP_TLS_VERIFY; without them
   E2B_MCP_AUTH is off by default, and forced on it refuses every token
   (E2B_MCP_ERR_NO_VERIFIER at e2b_mcp_http_listen).
   With E2B_MCP_KEYSTORE (the key store, >>keys), AES-256-GCM:
     e2b_mcp_tls_aes_gcm(enc, key, iv, aad, aadn, p, n, tag)
                              enc 1: encrypts p[0..n) in place under key[32] and
                              iv[12], authenticating aad[0..aadn) too, and writes
                              tag[16]; enc 0: decrypts in place and checks tag.
                              0, or -1 (a wrong tag: p then holds garbage, which
                              the caller wipes)
   A custom port that has it defines E2B_MCP_TLS_GCM.
   A port may use the public part of this header (the socket port, the
   E2B_MCP_ERR_* codes, the E2B_MCP_* sizes) and e2b_mcp_file_stream, nothing
   private.

   Which port: E2B_MCP_TLS_BEARSSL (ports/e2b_mcp_tls_bearssl.h) or
   E2B_MCP_TLS_MBEDTLS (ports/e2b_mcp_tls_mbedtls.h), each included here once:
   its types for every file, its functions (static) in the implementation
   file; E2B_MCP_TLS_NONE (http:// only: no TLS stream, https:// is refused
   with E2B_MCP_ERR_NO_TLS); or E2B_MCP_TLS_CUSTOM, one's own: the program defines
   the two types before it includes e2b_mcp.h (in every file, the same), and
   the seven functions, with these names and external linkage, in a file of
   its own (declared here, with C linkage). */
#if defined(E2B_MCP_TLS_CUSTOM)
int  e2b_mcp_tls_trust_init(e2b_mcp_tls_trust *tr, const char *ca_file);
int  e2b_mcp_tls_start(e2b_mcp_tls *t, e2b_mcp_tls_trust *tr, const char *host);
int  e2b_mcp_tls_handshake(e2b_mcp_tls *t, e2b_mcp_tls_trust *tr, e2b_mcp_sock *s);
int  e2b_mcp_tls_send(e2b_mcp_tls *t, e2b_mcp_sock *s, const unsigned char *p, size_t n);
int  e2b_mcp_tls_flush(e2b_mcp_tls *t, e2b_mcp_sock *s);
int  e2b_mcp_tls_recv(e2b_mcp_tls *t, e2b_mcp_sock *s, unsigned char *p, size_t n);
void e2b_mcp_tls_close(e2b_mcp_tls *t, e2b_mcp_sock *s);
#  if E2B_MCP_AUTH && defined(E2B_MCP_TLS_VERIFY)
int  e2b_mcp_tls_rsa_verify(const unsigned char *n, size_t nlen, const unsigned char *e, size_t elen,
                            const unsigned char hash[32], const unsigned char *sig, size_t slen);
int  e2b_mcp_tls_p256_verify(const unsigned char q[65], const unsigned char hash[32], const unsigned char sig[64]);
#  endif
#  if E2B_MCP_KEYSTORE
int  e2b_mcp_tls_aes_gcm(int enc, const unsigned char key[32], const unsigned char iv[12], const unsigned char *aad, size_t aadn,
                         unsigned char *p, size_t n, unsigned char tag[16]);
#  endif
#endif

#ifdef __cplusplus
}
#endif
#if defined(E2B_MCP_TLS_BEARSSL)
#  include "ports/e2b_mcp_tls_bearssl.h"
#elif defined(E2B_MCP_TLS_MBEDTLS)
#  include "ports/e2b_mcp_tls_mbedtls.h"
#elif defined(E2B_MCP_TLS_NONE)
typedef struct e2b_mcp_tls { int want; } e2b_mcp_tls;
typedef struct e2b_mcp_tls_trust { int unused; } e2b_mcp_tls_trust;
#endif
#ifdef __cplusplus
extern "C" {
#endif
