/* fake_port.h - the fake E2B of the unit tests and the fuzz targets: a custom
   socket port (E2B_MCP_SOCK_CUSTOM) that never leaves the process and never
   allocates.

   Answers are scripted per connection: fake_conn() starts the script of the
   next connection the library opens, fake_add() (FAKE_ADD for a literal)
   appends one answer to it. Each request (a send that begins with an HTTP
   method) takes the next answer of its connection's script; when there is
   none, answer_fn (when set) picks one from the request line. recv hands the
   answer out at most `piece` bytes at a time (with rng set: a seeded random
   size from 1 to piece), never crosses into the next answer, and once it is
   used up returns the script's end_err (0: end of stream).

   With one_script set, every connection continues the first script (the
   answers form one queue, whatever the connections), and opens never fail;
   otherwise opening more connections than there are scripts fails with
   E2B_MCP_ERR_CONNECT, and open_err (nonzero) makes every open fail.

   Everything sent is recorded (sent, up to FAKE_SENT bytes), with the host of
   the last resolve and the port of the last open, the current request line and
   counters. The clock (now_ms) moves recv_ms on each recv and now_step on each
   reading. With again set, every other recv would block (E2B_MCP_ERR_AGAIN):
   the library then waits, and the clock moves recv_ms in that wait instead;
   otherwise wait finds nothing ready (an idle keep-alive connection looks
   idle). open_err E2B_MCP_ERR_DNS fails the resolve, any other the connect. */
#ifndef FAKE_PORT_H
#define FAKE_PORT_H

#include <string.h>

#if defined(__GNUC__)
#  define FAKE_UNUSED __attribute__((unused))
#else
#  define FAKE_UNUSED
#endif

#define FAKE_CONNS 8
#define FAKE_ANSWERS 8
#define FAKE_SENT 16384

typedef struct fake_script {
  const char *ans[FAKE_ANSWERS];
  size_t lens[FAKE_ANSWERS];
  int nans;
  int end_err;          /* what recv returns once an answer is used up */
} fake_script;

typedef struct fake {
  fake_script scripts[FAKE_CONNS];
  int nscripts;
  int one_script;       /* every connection continues scripts[0] */
  void (*answer_fn)(struct fake *f, const char *line, const char **ans, size_t *n);
  size_t piece;         /* bytes per recv at most; 0: as many as fit */
  unsigned rng;         /* nonzero: each recv's size is random, 1..piece */
  int open_err;         /* nonzero: open fails with it */
  int connect_hangs;    /* every connect stays in progress (E2B_MCP_ERR_AGAIN): with again set, the clock runs */
  int opens, closes, recvs, sends, requests, resolves;
  int cur;              /* script of the open connection, -1: none */
  int next;             /* the script's next answer */
  const char *ans;      /* the answer being read */
  size_t ans_len, pos;
  char line[512];       /* the current request's first line */
  char sent[FAKE_SENT];
  size_t sent_len;
  int sent_overflow;
  char host[256];
  unsigned port;
  unsigned long now;    /* the clock, in ms */
  unsigned long recv_ms, now_step;
  int last_timeout;     /* the timeout the last wait was given */
  int again;            /* every other recv would block */
  int waits;            /* waits asked for */
} fake;

FAKE_UNUSED static void fake_reset(fake *f) {
  memset(f, 0, sizeof *f);
  f->cur = -1;
  f->now = 1000000;
}
/* Adds the script of the next connection; returns it for fake_add. */
FAKE_UNUSED static fake_script *fake_conn(fake *f, int end_err) {
  fake_script *s = &f->scripts[f->nscripts++];
  s->nans = 0;
  s->end_err = end_err;
  return s;
}
/* Appends an answer to a script; returns 0, or -1 when the script is full. */
FAKE_UNUSED static int fake_add(fake_script *s, const char *ans, size_t n) {
  if (s->nans >= FAKE_ANSWERS) return -1;
  s->ans[s->nans] = ans;
  s->lens[s->nans++] = n;
  return 0;
}
#define FAKE_ADD(s, lit) fake_add((s), (lit), sizeof(lit) - 1)
/* One connection with one answer. */
FAKE_UNUSED static void fake_one(fake *f, const char *ans, size_t n, int end_err) {
  fake_add(fake_conn(f, end_err), ans, n);
}

static int fake_is_request(const unsigned char *p, size_t n) {
  static const char *const methods[] = { "GET ", "POST ", "DELETE ", "HEAD ", "PUT ", "PATCH " };
  size_t i;
  for (i = 0; i < sizeof methods / sizeof methods[0]; i++) {
    size_t l = strlen(methods[i]);
    if (n >= l && memcmp(p, methods[i], l) == 0) return 1;
  }
  return 0;
}

static int fake_resolve(void *user, const char *host, e2b_mcp_addr *addr) {
  fake *f = (fake *)user;
  size_t hl = strlen(host);
  if (hl >= sizeof f->host) hl = sizeof f->host - 1;
  memcpy(f->host, host, hl);
  f->host[hl] = 0;
  f->resolves++;
  if (f->open_err == E2B_MCP_ERR_DNS) return f->open_err;
  memset(addr, 0, sizeof *addr);
  addr->family = 4;
  return 0;
}
static int fake_open(void *user, e2b_mcp_sock *s, const e2b_mcp_addr *addr, unsigned port) {
  fake *f = (fake *)user;
  (void)addr;
  f->port = port;
  if (f->open_err) return f->open_err;
  if (f->connect_hangs) {   /* a host that never answers the SYN: in progress, forever */
    if (s->h < 0) { s->h = 99; f->opens++; }
    return E2B_MCP_ERR_AGAIN;
  }
  if (f->one_script) {
    if (f->nscripts == 0) fake_conn(f, 0);
    f->cur = 0;
  } else {
    if (f->opens >= f->nscripts) return E2B_MCP_ERR_CONNECT;
    f->cur = f->opens;
    f->next = 0;
  }
  f->opens++;
  f->ans = NULL;
  s->h = f->cur;
  return 0;
}
static int fake_send(void *user, e2b_mcp_sock *s, const unsigned char *p, size_t n) {
  fake *f = (fake *)user;
  (void)s;
  f->sends++;
  if (f->cur >= 0 && fake_is_request(p, n)) {
    const fake_script *sc = &f->scripts[f->cur];
    size_t k = 0;
    while (k < n && k < sizeof f->line - 1 && p[k] != '\r') { f->line[k] = (char)p[k]; k++; }
    f->line[k] = 0;
    f->requests++;
    f->pos = 0;
    f->ans = "";
    f->ans_len = 0;
    if (f->next < sc->nans) { f->ans = sc->ans[f->next]; f->ans_len = sc->lens[f->next]; f->next++; }
    else if (f->answer_fn) f->answer_fn(f, f->line, &f->ans, &f->ans_len);
  }
  if (f->sent_len + n <= sizeof f->sent) { memcpy(f->sent + f->sent_len, p, n); f->sent_len += n; }
  else f->sent_overflow = 1;
  return n > 0x7fffffff ? 0x7fffffff : (int)n;
}
static int fake_recv(void *user, e2b_mcp_sock *s, unsigned char *p, size_t n) {
  fake *f = (fake *)user;
  size_t left;
  (void)s;
  f->recvs++;
  if (f->again && (f->recvs & 1)) return E2B_MCP_ERR_AGAIN;
  if (!f->again) f->now += f->recv_ms;
  if (f->cur < 0) return E2B_MCP_ERR_IO;
  left = f->ans ? f->ans_len - f->pos : 0;
  if (left == 0) return f->scripts[f->cur].end_err;
  if (n > left) n = left;
  if (f->piece) {
    size_t most = f->piece;
    if (f->rng) {
      f->rng ^= f->rng << 13; f->rng ^= f->rng >> 17; f->rng ^= f->rng << 5;
      most = 1 + f->rng % f->piece;
    }
    if (n > most) n = most;
  }
  memcpy(p, f->ans + f->pos, n);
  f->pos += n;
  return (int)n;
}
static void fake_close(void *user, e2b_mcp_sock *s) {
  fake *f = (fake *)user;
  s->h = -1;
  f->closes++;
  f->cur = -1;
  f->ans = NULL;
}
static int fake_wait(void *user, e2b_mcp_poll *q, int n, int timeout_ms) {
  fake *f = (fake *)user;
  int i;
  f->waits++;
  f->last_timeout = timeout_ms;
  if (f->again) f->now += f->recv_ms;
  for (i = 0; i < n; i++) q[i].ready = q[i].sock && q[i].sock->h >= 0 && f->again ? q[i].want : 0;
  return f->again ? n : 0;
}
static unsigned long fake_now(void *user) {
  fake *f = (fake *)user;
  f->now += f->now_step;
  return f->now;
}

FAKE_UNUSED static void fake_port_init(e2b_mcp_sock_port *p, fake *f) {
  memset(p, 0, sizeof *p);
  p->user = f;
  p->resolve = fake_resolve;
  p->connect = fake_open;
  p->send = fake_send;
  p->recv = fake_recv;
  p->close = fake_close;
  p->wait = fake_wait;
  p->now_ms = fake_now;
}

/* A server whose E2B is this fake: the API and Dashboard hosts the fuzz answers
   are written for, kill enabled so that every tool can be reached. */
FAKE_UNUSED static int fake_server_init(e2b_mcp_server *s, const e2b_mcp_sock_port *port, const char *key) {
  e2b_mcp_config cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.api_key = key;
  cfg.api_url = "http://api.fuzz.test";
  cfg.dashboard_url = "http://dash.fuzz.test:8081/prefix";
  cfg.sock_port = port;
  cfg.enable_kill = 1;
  return e2b_mcp_init(s, &cfg);
}

/* A fake E2B made from a fuzz input: byte 1 picks the largest read (and the
   reads' sizes are random below it, seeded by byte 2), byte 3 what recv returns
   once an answer is used up (end of stream, timeout, reset), and the bytes from
   4 on are the answers, split at "@@@@\n", one queue for every connection.
   Byte 0 is the target's own. The input must have 4 bytes at least. */
FAKE_UNUSED static void fake_from_input(fake *f, e2b_mcp_sock_port *port, const unsigned char *data, size_t n) {
  static const unsigned pieces[] = { 0, 1, 2, 3, 5, 7, 16, 64, 512, 4096 };
  static const int ends[] = { 0, 0, E2B_MCP_ERR_TIMEOUT, E2B_MCP_ERR_RESET };
  const char *p = (const char *)data + 4, *end = (const char *)data + n;
  fake_script *script;
  fake_reset(f);
  fake_port_init(port, f);
  f->one_script = 1;
  f->piece = pieces[data[1] % (sizeof pieces / sizeof pieces[0])];
  f->rng = 0x9e3779b9u ^ ((unsigned)data[2] * 2654435761u);
  script = fake_conn(f, ends[data[3] & 3]);
  while (p <= end && script->nans < FAKE_ANSWERS) {
    const char *q = p;
    while (q + 5 <= end && memcmp(q, "@@@@\n", 5) != 0) q++;
    if (q + 5 > end) q = end;
    fake_add(script, p, (size_t)(q - p));
    p = q + 5;
  }
}

#endif
