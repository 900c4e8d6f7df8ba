/* tests/tls/tls_client.c - drives a TLS port of e2b_mcp.h directly, without the rest of
   the library: e2b_mcp.h's declarations, the POSIX socket port, the TLS port selected with
   -DE2B_MCP_TLS_BEARSSL or -DE2B_MCP_TLS_MBEDTLS, and what the TLS port contract lets a
   port use of the library (e2b_mcp_file_stream, E2B_MCP_NOW_S), given here: the port
   is written against the contract only.

   tls_client trust CAFILE|-                  load anchors, print "anchors N used U dropped D"
   tls_client get HOST PORT CAFILE|- PATH [-n REQS] [-c CONNS] [-hold MS] [-t OFFSET_S]
       CONNS connections one after the other, REQS keep-alive GETs on each; prints
       "ok requests R handshakes H resumed X" or "error CODE NAME" (exit 1).
       -t shifts the clock E2B_MCP_NOW_S() reports (the certificate time hook).
       -hold sleeps between connections (the suite restarts the server meanwhile).
       With E2B_MCP_TLS_LEND (the minimal build): each handshake is lent memory at an odd
       address, which is overwritten once the handshake ends (the connection must not use
       it again); -nolend lends none. */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
/* The certificate time hook: the wall clock, shifted by -t. */
static unsigned long test_now_s(void);
#define E2B_MCP_NOW_S() test_now_s()
#include "e2b_mcp.h"
#ifdef TEST_ANCHORS_H
#  include TEST_ANCHORS_H   /* compiled-in anchors (tests/tls/anchors-suite.sh) */
#endif
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <poll.h>
#include <unistd.h>
#include <fcntl.h>
#include <errno.h>

/* A socket of its own (the library's socket port is tested elsewhere), connected
   blocking, then non-blocking under the TLS port, with poll() waits. */
static long clock_offset;
static int sock_open(e2b_mcp_sock *s, const char *host, const char *port) {
  struct sockaddr_in sa;
  int fd;
  /* Numeric IPv4 only, and localhost without the resolver: a run under valgrind then
     shows the TLS port's allocations alone (none for BearSSL). */
  if (strcmp(host, "localhost") == 0) host = "127.0.0.1";
  memset(&sa, 0, sizeof sa);
  sa.sin_family = AF_INET;
  sa.sin_port = htons((unsigned short)atoi(port));
  if (inet_pton(AF_INET, host, &sa.sin_addr) != 1) return E2B_MCP_ERR_DNS;
  fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return E2B_MCP_ERR_CONNECT;
  if (connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0) { close(fd); return E2B_MCP_ERR_CONNECT; }
  s->h = fd;
  return 0;
}
static void sock_close(e2b_mcp_sock *s) { if (s->h >= 0) close((int)s->h); s->h = -1; }
static int sock_wait(e2b_mcp_sock *s, short ev, int timeout_ms) {
  struct pollfd p;
  int r;
  p.fd = (int)s->h; p.events = ev; p.revents = 0;
  do { r = poll(&p, 1, timeout_ms); } while (r < 0 && errno == EINTR);
  return r == 0 ? E2B_MCP_ERR_TIMEOUT : r < 0 ? E2B_MCP_ERR_IO : 0;
}
/* Every byte the port writes is parsed as TLS records: app_records counts
   application_data records (content type 23), the proof that nothing of the request
   left before the handshake and its verification succeeded. */
static unsigned long app_records;
static e2b_mcp_tls tls;
static unsigned char rec_hdr[5];
static size_t rec_hdr_len, rec_left;
static void count_records(const unsigned char *p, size_t n) {
  while (n > 0) {
    if (rec_left == 0) {
      rec_hdr[rec_hdr_len++] = *p++; n--;
      if (rec_hdr_len == 5) {
        if (rec_hdr[0] == 23) app_records++;
        rec_left = (size_t)rec_hdr[3] << 8 | rec_hdr[4];
        rec_hdr_len = 0;
      }
    } else {
      size_t k = n < rec_left ? n : rec_left;
      rec_left -= k; p += k; n -= k;
    }
  }
}
/* The socket port the TLS port talks through: non-blocking send and recv, as the
   contract says (E2B_MCP_ERR_AGAIN when the socket would block). */
static int port_send(void *u, e2b_mcp_sock *s, const unsigned char *p, size_t n) {
  ssize_t r;
  (void)u;
  do { r = send((int)s->h, p, n, MSG_NOSIGNAL); } while (r < 0 && errno == EINTR);
  if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return E2B_MCP_ERR_AGAIN;
  if (r <= 0) return E2B_MCP_ERR_RESET;
  count_records(p, (size_t)r);
  return (int)r;
}
static int port_recv(void *u, e2b_mcp_sock *s, unsigned char *p, size_t n) {
  ssize_t r;
  (void)u;
  do { r = recv((int)s->h, p, n, 0); } while (r < 0 && errno == EINTR);
  if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return E2B_MCP_ERR_AGAIN;
  if (r < 0) return E2B_MCP_ERR_RESET;
  return (int)r;
}
static e2b_mcp_sock_port port;
/* Waits (5 s at most) for what the TLS port asked for after E2B_MCP_ERR_AGAIN. */
static int want_wait(e2b_mcp_sock *s, int want) { return sock_wait(s, want == E2B_MCP_WANT_WRITE ? POLLOUT : POLLIN, 5000); }
#define DRIVE(s, expr) do { for (;;) { r = (expr); if (r != E2B_MCP_ERR_AGAIN) break; if (want_wait(s, tls.want)) { r = E2B_MCP_ERR_TIMEOUT; break; } } } while (0)
static unsigned long test_now_s(void) { return (unsigned long)((long)time(NULL) + clock_offset); }
/* ... and the file reader of the contract (stdio here). */
int e2b_mcp_file_stream(const char *path, int (*push)(void *ctx, const unsigned char *p, size_t n), void *ctx) {
  unsigned char chunk[256];
  size_t r;
  int rc = 0;
  FILE *f = fopen(path, "rb");
  if (!f) return -1;
  while (rc == 0 && (r = fread(chunk, 1, sizeof chunk, f)) > 0) rc = push(ctx, chunk, r) ? -1 : 0;
  fclose(f);
  return rc;
}

/* e2b_mcp.h's declarations included the port's types; its functions come with
   E2B_MCP_IMPLEMENTATION, the port alone (the rest of the library is not here). */
#define E2B_MCP_IMPLEMENTATION
#if defined(E2B_MCP_TLS_BEARSSL)
#  include "ports/e2b_mcp_tls_bearssl.h"
#elif defined(E2B_MCP_TLS_MBEDTLS)
#  include "ports/e2b_mcp_tls_mbedtls.h"
#endif

static const char *err_name(int e) {
#define X(name, code, text) if (e == code) return #name;
  E2B_MCP__ERRORS(X)
#undef X
  return "?";
}

static e2b_mcp_tls_trust trust;
static unsigned char resp[1 << 17];

static int fail(int e) {
  printf("error %d %s, application records sent %lu\n", e, err_name(e), app_records);
  return 1;
}

/* One GET on an open TLS connection; reads the head and a Content-Length body. */
static int get(e2b_mcp_sock *s, const char *host, const char *path) {
  char req[512];
  size_t have = 0, head = 0, want = 0, sent = 0;
  int r, n = snprintf(req, sizeof req, "GET %s HTTP/1.1\r\nHost: %s\r\nConnection: keep-alive\r\n\r\n", path, host);
  while (sent < (size_t)n) {
    DRIVE(s, e2b_mcp_tls_send(&tls, s, (const unsigned char *)req + sent, (size_t)n - sent));
    if (r <= 0) return r < 0 ? r : E2B_MCP_ERR_IO;
    sent += (size_t)r;
  }
  DRIVE(s, e2b_mcp_tls_flush(&tls, s));
  if (r < 0) return r;
  for (;;) {
    if (have == sizeof resp) return E2B_MCP_ERR_TOO_LARGE;
    DRIVE(s, e2b_mcp_tls_recv(&tls, s, resp + have, sizeof resp - have));
    if (r < 0) return r;
    if (r == 0) return E2B_MCP_ERR_CLOSED;
    have += (size_t)r;
    if (!head) {
      size_t i;
      for (i = 3; i < have; i++)
        if (memcmp(resp + i - 3, "\r\n\r\n", 4) == 0) { head = i + 1; break; }
      if (head) {
        const char *cl;
        resp[head - 1] = 0;
        if (strncmp((char *)resp, "HTTP/1.1 200", 12) != 0) return E2B_MCP_ERR_PROTOCOL;
        cl = strstr((char *)resp, "Content-Length:");
        if (!cl) cl = strstr((char *)resp, "content-length:");
        if (!cl) return E2B_MCP_ERR_PROTOCOL;
        want = head + (size_t)strtoul(cl + 15, NULL, 10);
      }
    }
    if (head && have >= want) return have == want ? 0 : E2B_MCP_ERR_PROTOCOL;
  }
}

int main(int argc, char **argv) {
  (void)test_now_s;
#if E2B_MCP_AUTH
  /* the port's signature verifiers: tested with real keys through >>auth (make test-unit-auth) */
  (void)e2b_mcp_tls_rsa_verify; (void)e2b_mcp_tls_p256_verify;
#endif
#if E2B_MCP_KEYSTORE
  /* the port's AES-256-GCM: tested against a published vector through >>keys (make test-unit-keystore) */
  (void)e2b_mcp_tls_aes_gcm;
#endif
  const char *ca;
  int r, i, c, reqs = 1, conns = 1, hold = 0, done = 0, nolend = 0;
#if E2B_MCP_TLS_LEND
  static unsigned char lent[E2B_MCP__TLS_LEND_ROOM + 1];
#endif
  if (argc >= 3 && strcmp(argv[1], "trust") == 0) {
    r = e2b_mcp_tls_trust_init(&trust, strcmp(argv[2], "-") == 0 ? NULL : argv[2]);
    if (r < 0) return fail(r);
#ifdef E2B_MCP_TLS_BEARSSL
    printf("anchors %d used %lu dropped %lu\n", r, (unsigned long)trust.used, (unsigned long)trust.dropped);
#else
    printf("anchors %d\n", r);
#endif
    return 0;
  }
  if (argc < 6 || strcmp(argv[1], "get") != 0) {
    fprintf(stderr, "usage: tls_client trust CA | get HOST PORT CA PATH [-n N] [-c N] [-hold MS] [-t S]\n");
    return 2;
  }
  for (i = 6; i + 1 < argc; i += 2) {
    if (strcmp(argv[i], "-n") == 0) reqs = atoi(argv[i + 1]);
    else if (strcmp(argv[i], "-c") == 0) conns = atoi(argv[i + 1]);
    else if (strcmp(argv[i], "-hold") == 0) hold = atoi(argv[i + 1]);
    else if (strcmp(argv[i], "-t") == 0) clock_offset = atol(argv[i + 1]);
  }
  for (i = 6; i < argc; i++) if (strcmp(argv[i], "-nolend") == 0) nolend = 1;
  ca = strcmp(argv[4], "-") == 0 ? NULL : argv[4];
  r = e2b_mcp_tls_trust_init(&trust, ca);
  if (r < 0) return fail(r);
  port.send = port_send;
  port.recv = port_recv;
  for (c = 0; c < conns; c++) {
    e2b_mcp_sock s;
    s.h = -1; s.port = &port;
    if (c > 0 && hold > 0) {
      struct timespec ts;
      ts.tv_sec = hold / 1000; ts.tv_nsec = (long)(hold % 1000) * 1000000L;
      nanosleep(&ts, NULL);
    }
    rec_hdr_len = rec_left = 0;         /* a new record stream */
    r = sock_open(&s, argv[2], argv[3]);
    if (r < 0) return fail(r);
    fcntl((int)s.h, F_SETFL, fcntl((int)s.h, F_GETFL) | O_NONBLOCK);
#if E2B_MCP_TLS_LEND
    if (!nolend) e2b_mcp_tls_lend(&tls, lent + 1, E2B_MCP__TLS_LEND_ROOM);
#endif
    (void)nolend;
    r = e2b_mcp_tls_start(&tls, &trust, argv[2]);
    if (r == 0) DRIVE(&s, e2b_mcp_tls_handshake(&tls, &trust, &s));
#if E2B_MCP_TLS_LEND
    memset(lent, 0xA5, sizeof lent);    /* given back: what the connection still reads there is garbage */
#endif
    if (r < 0) { sock_close(&s); return fail(r); }
    for (i = 0; i < reqs; i++) {
      r = get(&s, argv[2], argv[5]);
      if (r < 0) { sock_close(&s); return fail(r); }
      done++;
    }
    e2b_mcp_tls_close(&tls, &s);
    sock_close(&s);
  }
  printf("ok requests %d handshakes %lu resumed %lu, application records sent %lu\n",
         done, trust.handshakes, trust.resumed, app_records);
  return 0;
}
