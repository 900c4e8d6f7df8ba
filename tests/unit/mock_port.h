/* mock_port.h - a custom socket port (E2B_MCP_SOCK_CUSTOM) for the unit tests.

   Each connection the library opens plays the next script: a list of canned
   responses, one per request sent on that connection (a request starts with a
   send that begins with an HTTP method). recv hands out the current response
   at most `piece` bytes at a time and never crosses into the next response;
   when the response is used up, or there is none for this request, recv
   returns the script's end_err (0: end of stream). Everything sent is
   recorded. No allocation anywhere. */
#ifndef MOCK_PORT_H
#define MOCK_PORT_H

#if defined(__GNUC__)
#  define MOCK_UNUSED __attribute__((unused))
#else
#  define MOCK_UNUSED
#endif

#include <string.h>

#define MOCK_CONNS 8
#define MOCK_SEGS 8
#define MOCK_SENT 16384

typedef struct mock_script {
  const char *segs[MOCK_SEGS];
  size_t lens[MOCK_SEGS];
  int nsegs;
  int end_err;          /* what recv returns once the response is used up */
} mock_script;

typedef struct mock {
  mock_script scripts[MOCK_CONNS];
  int nscripts;
  size_t piece;         /* bytes per recv at most; 0: as many as fit */
  int open_err;         /* nonzero: open fails with it */
  int opens, closes, recvs, sends;
  int cur;              /* script of the open connection, -1: none */
  int reqs, seg;        /* requests on this connection, the response being read */
  size_t pos;
  char sent[MOCK_SENT];
  size_t sent_len;
  int sent_overflow;
  char host[256];
  unsigned port;
  unsigned long now;    /* the clock, in ms */
  unsigned long recv_ms;  /* how far the clock moves in each recv */
  int last_timeout;     /* the timeout the last wait was given */
  int again;            /* every other recv would block (see mock_recv) */
  int waits;            /* waits asked for */
} mock;

MOCK_UNUSED static void mock_reset(mock *m) {
  memset(m, 0, sizeof *m);
  m->cur = -1;
  m->now = 1000000;
}
/* Adds a connection script; returns it for more responses. */
MOCK_UNUSED static mock_script *mock_conn(mock *m, int end_err) {
  mock_script *s = &m->scripts[m->nscripts++];
  s->nsegs = 0;
  s->end_err = end_err;
  return s;
}
MOCK_UNUSED static void mock_add(mock_script *s, const char *resp, size_t n) {
  s->segs[s->nsegs] = resp;
  s->lens[s->nsegs++] = n;
}
#define MOCK_ADD(s, lit) mock_add((s), (lit), sizeof(lit) - 1)
/* One connection with one response. */
MOCK_UNUSED static void mock_one(mock *m, const char *resp, size_t n, int end_err) {
  mock_add(mock_conn(m, end_err), resp, n);
}

static int mock_is_request(const unsigned char *p, size_t n) {
  static const char *const methods[] = { "GET ", "POST ", "DELETE ", "HEAD ", "PUT ", "PATCH " };
  size_t i;
  for (i = 0; i < sizeof methods / sizeof methods[0]; i++) {
    size_t l = strlen(methods[i]);
    if (n >= l && memcmp(p, methods[i], l) == 0) return 1;
  }
  return 0;
}

/* resolve records the host; connect the port and plays the next script. */
static int mock_resolve(void *user, const char *host, e2b_mcp_addr *addr) {
  mock *m = (mock *)user;
  size_t hl = strlen(host);
  if (hl >= sizeof m->host) hl = sizeof m->host - 1;
  memcpy(m->host, host, hl);
  m->host[hl] = 0;
  if (m->open_err == E2B_MCP_ERR_DNS) return m->open_err;
  memset(addr, 0, sizeof *addr);
  addr->family = 4;
  return 0;
}
static int mock_connect(void *user, e2b_mcp_sock *s, const e2b_mcp_addr *addr, unsigned port) {
  mock *m = (mock *)user;
  (void)addr;
  m->port = port;
  if (m->open_err) return m->open_err;
  if (m->opens >= m->nscripts) return E2B_MCP_ERR_CONNECT;
  m->cur = m->opens++;
  m->reqs = 0;
  m->seg = -1;
  m->pos = 0;
  s->h = m->cur;
  return 0;
}
static int mock_send(void *user, e2b_mcp_sock *s, const unsigned char *p, size_t n) {
  mock *m = (mock *)user;
  (void)s;
  m->sends++;
  if (mock_is_request(p, n)) { m->reqs++; m->seg = m->reqs - 1; m->pos = 0; }
  if (m->sent_len + n <= sizeof m->sent) { memcpy(m->sent + m->sent_len, p, n); m->sent_len += n; }
  else m->sent_overflow = 1;
  return n > 0x7fffffff ? 0x7fffffff : (int)n;
}
/* With m->again, every other recv would block: the library then waits, and
   the clock moves by recv_ms in that wait instead. */
static int mock_recv(void *user, e2b_mcp_sock *s, unsigned char *p, size_t n) {
  mock *m = (mock *)user;
  const mock_script *sc;
  size_t left;
  (void)s;
  m->recvs++;
  if (m->again && (m->recvs & 1)) return E2B_MCP_ERR_AGAIN;
  if (!m->again) m->now += m->recv_ms;
  if (m->cur < 0) return E2B_MCP_ERR_IO;
  sc = &m->scripts[m->cur];
  if (m->seg < 0 || m->seg >= sc->nsegs) return sc->end_err;
  left = sc->lens[m->seg] - m->pos;
  if (left == 0) return sc->end_err;
  if (n > left) n = left;
  if (m->piece && n > m->piece) n = m->piece;
  memcpy(p, sc->segs[m->seg] + m->pos, n);
  m->pos += n;
  return (int)n;
}
static void mock_close(void *user, e2b_mcp_sock *s) {
  mock *m = (mock *)user;
  s->h = -1;
  m->closes++;
  m->cur = -1;
}
/* Records the timeout. Nothing is ready but, with m->again, what recv would
   block on (so an idle keep-alive connection looks idle: nothing to read). */
static int mock_wait(void *user, e2b_mcp_poll *q, int n, int timeout_ms) {
  mock *m = (mock *)user;
  int i;
  m->waits++;
  m->last_timeout = timeout_ms;
  if (m->again) m->now += m->recv_ms;
  for (i = 0; i < n; i++) q[i].ready = q[i].sock && q[i].sock->h >= 0 && m->again ? q[i].want : 0;
  return m->again ? n : 0;
}
static unsigned long mock_now(void *user) { return ((mock *)user)->now; }

MOCK_UNUSED static void mock_port_init(e2b_mcp_sock_port *p, mock *m) {
  memset(p, 0, sizeof *p);
  p->user = m;
  p->resolve = mock_resolve;
  p->connect = mock_connect;
  p->send = mock_send;
  p->recv = mock_recv;
  p->close = mock_close;
  p->wait = mock_wait;
  p->now_ms = mock_now;
}

#endif
