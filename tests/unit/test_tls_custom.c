/* test_tls_custom.c - E2B_MCP_TLS_CUSTOM: a TLS port of the program's own, under
   the E2B exchange as its TLS stream (make test-tls-custom).

   The "TLS" here is a toy that proves the seam carries the bytes: it scrambles
   every byte it sends and unscrambles every byte it receives (XOR 0x5a). The
   socket under it is the fake E2B of the unit tests behind a wire that undoes
   the scrambling, so a request reaches the fake E2B, and its answer comes back,
   only through the port's own send and recv. It also takes two steps for its
   handshake and refuses its first send (E2B_MCP_ERR_AGAIN with want), so the
   client's waits on what the port says are covered. Checked: the tools' calls
   over https:// (the port's start got the host, the handshake came before any
   byte of the request, keep-alive reuses the connection, close_notify goes out
   with Connection: close), a refused handshake (a tool error naming it, nothing
   of the request sent), a cut stream (recv's E2B_MCP_ERR_CLOSED ends a
   close-delimited answer in an error) and a clean one (its 0 completes it). */
#define E2B_MCP_SOCK_CUSTOM
#define E2B_MCP_WITH_STDIO 0
#define E2B_MCP_TLS_CUSTOM

/* The port's types come before e2b_mcp.h (the contract: >>ports). */
typedef struct e2b_mcp_tls {
  int want;                   /* the contract's: what the socket must become after E2B_MCP_ERR_AGAIN */
  int step;                   /* handshake steps taken */
  int open;
  int refused_send;           /* the first send of a connection was refused once */
  char host[64];
} e2b_mcp_tls;
typedef struct e2b_mcp_tls_trust {
  int loaded;
  const char *ca_file;
} e2b_mcp_tls_trust;

#define E2B_MCP_IMPLEMENTATION
#include "../../e2b_mcp.h"
#include "check.h"
#include "fake_port.h"

#define KEY "e2b_0123456789abcdef0123456789abcdef01234567"
#define SCRAMBLE 0x5a

/* What the port saw. */
static struct {
  int trust_inits, starts, handshakes, sends, recvs, flushes, closes;
  int refuse;                 /* the next handshake fails with this */
  int cut;                    /* recv at the end of an answer: E2B_MCP_ERR_CLOSED (a cut) instead of 0 */
  int sent_before_handshake;  /* bytes the port was asked to send before its handshake was done */
  char host[64];
} tp;

/* ---- the port: the contract's seven functions, external linkage ---- */

int e2b_mcp_tls_trust_init(e2b_mcp_tls_trust *tr, const char *ca_file) {
  tp.trust_inits++;
  tr->loaded = 1;
  tr->ca_file = ca_file;
  return 1;
}
int e2b_mcp_tls_start(e2b_mcp_tls *t, e2b_mcp_tls_trust *tr, const char *host) {
  if (!tr || !tr->loaded) return E2B_MCP_ERR_TLS_TRUST;
  memset(t, 0, sizeof *t);
  strncpy(t->host, host, sizeof t->host - 1);
  strncpy(tp.host, host, sizeof tp.host - 1);
  tp.starts++;
  return 0;
}
int e2b_mcp_tls_handshake(e2b_mcp_tls *t, e2b_mcp_tls_trust *tr, e2b_mcp_sock *s) {
  (void)tr; (void)s;
  if (t->step++ == 0) { t->want = E2B_MCP_WANT_READ; return E2B_MCP_ERR_AGAIN; }   /* the server's hello is not there yet */
  if (tp.refuse) { int r = tp.refuse; tp.refuse = 0; return r; }
  tp.handshakes++;
  t->open = 1;
  return 0;
}
int e2b_mcp_tls_send(e2b_mcp_tls *t, e2b_mcp_sock *s, const unsigned char *p, size_t n) {
  unsigned char b[512];
  size_t i;
  if (!t->open) { tp.sent_before_handshake += (int)n; return E2B_MCP_ERR_CLOSED; }
  if (!t->refused_send) { t->refused_send = 1; t->want = E2B_MCP_WANT_WRITE; return E2B_MCP_ERR_AGAIN; }
  if (n > sizeof b) n = sizeof b;
  for (i = 0; i < n; i++) b[i] = (unsigned char)(p[i] ^ SCRAMBLE);
  tp.sends++;
  return s->port->send(s->port->user, s, b, n);
}
int e2b_mcp_tls_flush(e2b_mcp_tls *t, e2b_mcp_sock *s) {
  (void)s;
  tp.flushes++;
  return t->open ? 0 : E2B_MCP_ERR_CLOSED;
}
int e2b_mcp_tls_recv(e2b_mcp_tls *t, e2b_mcp_sock *s, unsigned char *p, size_t n) {
  int r, i;
  if (!t->open) return 0;
  r = s->port->recv(s->port->user, s, p, n);
  if (r == 0 && tp.cut) return E2B_MCP_ERR_CLOSED;   /* the stream ended without close_notify */
  if (r == E2B_MCP_ERR_AGAIN) t->want = E2B_MCP_WANT_READ;
  for (i = 0; i < r; i++) p[i] = (unsigned char)(p[i] ^ SCRAMBLE);
  tp.recvs++;
  return r;
}
void e2b_mcp_tls_close(e2b_mcp_tls *t, e2b_mcp_sock *s) {
  (void)s;
  if (t->open) tp.closes++;
  t->open = 0;
}

/* ---- the wire: the fake E2B speaks plain HTTP; the wire undoes the scrambling ---- */

static fake m;
static e2b_mcp_sock_port wire;
static int wire_send(void *u, e2b_mcp_sock *s, const unsigned char *p, size_t n) {
  unsigned char b[512];
  size_t i;
  if (n > sizeof b) n = sizeof b;
  for (i = 0; i < n; i++) b[i] = (unsigned char)(p[i] ^ SCRAMBLE);
  return fake_send(u, s, b, n);
}
static int wire_recv(void *u, e2b_mcp_sock *s, unsigned char *p, size_t n) {
  int r = fake_recv(u, s, p, n), i;
  for (i = 0; i < r; i++) p[i] = (unsigned char)(p[i] ^ SCRAMBLE);
  return r;
}

static e2b_mcp_server srv;

static void setup(void) {
  e2b_mcp_config cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.api_key = KEY;
  cfg.api_url = "https://api.tls.test";
  cfg.dashboard_url = "https://dash.tls.test";
  cfg.ca_file = "my-anchors.pem";
  cfg.sock_port = &wire;
  fake_reset(&m);
  fake_port_init(&wire, &m);
  wire.send = wire_send;
  wire.recv = wire_recv;
  memset(&tp, 0, sizeof tp);
  CHECK(e2b_mcp_init(&srv, &cfg) == 0);
}

static const char *sent(void) { m.sent[m.sent_len < sizeof m.sent ? m.sent_len : sizeof m.sent - 1] = 0; return m.sent; }

int main(void) {
  e2b_mcp_result res;
  static const char sandbox[] = "HTTP/1.1 200 OK\r\nContent-Length: 36\r\n\r\n{\"sandboxID\":\"sb1\",\"templateID\":\"b\"}";
  static const char closing[] = "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 36\r\n\r\n{\"sandboxID\":\"sb2\",\"templateID\":\"b\"}";
  static const char close_delim[] = "HTTP/1.1 200 OK\r\n\r\n{\"sandboxID\":\"sb3\",\"templateID\":\"b\"}";
  fake_script *sc;

  /* the anchors: loaded once at init, through the port, with the configured file */
  setup();
  CHECK(tp.trust_inits == 1 && srv.trust_loaded && srv.trust.loaded && strcmp(srv.trust.ca_file, "my-anchors.pem") == 0);

  /* two calls, one connection: the request and the answer pass through the port both ways */
  sc = fake_conn(&m, 0);
  FAKE_ADD(sc, sandbox);
  FAKE_ADD(sc, closing);
  m.piece = 7;   /* the answer in pieces: each one through the port's recv */
  CHECK(e2b_mcp_call_tool(&srv, "e2b_get_sandbox", "{\"sandbox_id\":\"sb1\"}", &res) == 0);
  CHECKM(!res.is_error && CONTAINS(res.json, "\"sandboxID\":\"sb1\""), res.is_error ? res.message : res.json);
  CHECK(strncmp(sent(), "GET /sandboxes/sb1 HTTP/1.1\r\nHost: api.tls.test\r\n", 49) == 0);   /* https: no :443 in Host */
  CHECK(CONTAINS(sent(), "X-API-Key: " KEY "\r\n"));
  CHECK(m.port == 443 && strcmp(m.host, "api.tls.test") == 0);
  CHECK(tp.starts == 1 && strcmp(tp.host, "api.tls.test") == 0 && tp.handshakes == 1);
  CHECK(tp.sent_before_handshake == 0 && tp.sends >= 1 && tp.flushes >= 1 && tp.recvs >= 36 / 7);
  CHECK(m.waits >= 1);   /* the handshake's and the send's E2B_MCP_ERR_AGAIN: the call was stepped again (and waited on the socket) */
  m.sent_len = 0;
  CHECK(e2b_mcp_call_tool(&srv, "e2b_get_sandbox", "{\"sandbox_id\":\"sb2\"}", &res) == 0);
  CHECK(!res.is_error && CONTAINS(res.json, "\"sandboxID\":\"sb2\""));
  CHECK(strncmp(sent(), "GET /sandboxes/sb2 HTTP/1.1\r\n", 29) == 0);
  CHECK(m.opens == 1 && tp.starts == 1 && tp.handshakes == 1);   /* kept alive: no second handshake */
  CHECK(tp.closes == 1 && m.closes == 1);                        /* Connection: close: close_notify, then the socket */

  /* a refused handshake: the tool says why, and nothing of the request went out */
  e2b_mcp_close(&srv);
  setup();
  fake_one(&m, sandbox, sizeof sandbox - 1, 0);
  tp.refuse = E2B_MCP_ERR_TLS_UNTRUSTED;
  CHECK(e2b_mcp_call_tool(&srv, "e2b_get_sandbox", "{\"sandbox_id\":\"sb1\"}", &res) == 0);
  CHECKM(res.is_error && CONTAINS(res.message, "not signed by a trusted authority"), res.message);
  CHECK(m.requests == 0 && m.sent_len == 0 && tp.sends == 0 && tp.sent_before_handshake == 0 && m.closes == 1);

  /* a close-delimited answer: complete at the port's clean end (0), an error when cut */
  e2b_mcp_close(&srv);
  setup();
  fake_one(&m, close_delim, sizeof close_delim - 1, 0);
  CHECK(e2b_mcp_call_tool(&srv, "e2b_get_sandbox", "{\"sandbox_id\":\"sb3\"}", &res) == 0);
  CHECK(!res.is_error && CONTAINS(res.json, "\"sandboxID\":\"sb3\""));
  e2b_mcp_close(&srv);
  setup();
  fake_one(&m, close_delim, sizeof close_delim - 1, 0);
  tp.cut = 1;
  CHECK(e2b_mcp_call_tool(&srv, "e2b_get_sandbox", "{\"sandbox_id\":\"sb3\"}", &res) == 0);
  CHECKM(res.is_error && res.json == NULL, res.message);
  CHECK(m.requests == 1);

  /* the Dashboard API's host: its own connection, its own start with its name */
  e2b_mcp_close(&srv);
  setup();
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 200 OK\r\nContent-Length: 16\r\n\r\n{\"templates\":[]}");
  CHECK(e2b_mcp_call_tool(&srv, "e2b_list_default_templates", NULL, &res) == 0);
  CHECK(!res.is_error && tp.starts == 1 && strcmp(tp.host, "dash.tls.test") == 0);
  e2b_mcp_close(&srv);
  return CHECK_DONE();
}
