/* fuzz_http_server.c - the Streamable HTTP transport's request side, in process.

   The request head parser (e2b_mcp__hs_parse_head) takes a buffer, so it is
   called on the raw input first. Then the whole path a request takes: the
   input, split into writes at "@@@@\n", goes into one end of an AF_UNIX
   socketpair whose other end sits in a connection slot, as if accepted, and
   e2b_mcp__hs_on_read reads, frames (431/400/411/413), checks (Host, Origin,
   token, method, version, Accept, session) and serves it through the core.
   A thread drains the answers. No listener, no network: nothing leaves the
   process. A closed connection is replaced by a fresh one for the next write.
   Session ids are replaced by fixed ones (0...0<slot>) so seeds can use them.

     byte 0  bit 0: a bearer token "tok" is required; bit 1: allowed_hosts
             "mcp.example"; bit 2: the server listens off loopback (token set)
   Checks: no crash, overflow or UB; parsed slices lie inside the buffer;
   every answer on the wire is well-framed HTTP/1.x (status line, headers,
   Content-Length or chunked body, or a close-delimited HTTP/1.0 body) whose
   JSON bodies and SSE events are valid JSON. */
#define E2B_MCP_TLS_NONE
#define E2B_MCP_WITH_STDIO 0
#define E2B_MCP_IMPLEMENTATION
#include "../../e2b_mcp.h"
#include "json_check.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <fcntl.h>
#include <unistd.h>

#define FZ_CHECK(cond) do { if (!(cond)) { fprintf(stderr, "fuzz_http_server: check failed: %s (line %d)\n", #cond, __LINE__); abort(); } } while (0)

/* Whether needle occurs in p[0..n): the server's own Content-Type line names its type. */
static int has(const char *p, size_t n, const char *needle) {
  size_t k = strlen(needle), i;
  for (i = 0; i + k <= n; i++) if (memcmp(p + i, needle, k) == 0) return 1;
  return 0;
}
static e2b_mcp_server srv;

/* ---- the client side: one drain thread, handed each connection in turn ---- */
typedef struct drain { int fd; size_t len; int overflow; } drain;
static char wire[16 << 20];
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static drain *job;          /* the connection to drain, NULL: none */
static int job_done;
static void *drain_main(void *arg) {
  (void)arg;
  for (;;) {
    drain *d;
    pthread_mutex_lock(&mu);
    while (!job || job_done) pthread_cond_wait(&cv, &mu);
    d = job;
    pthread_mutex_unlock(&mu);
    for (;;) {   /* until the server's side is closed or shut */
      char b[65536];
      ssize_t r = read(d->fd, b, sizeof b);
      if (r <= 0) break;
      if (d->len + (size_t)r > sizeof wire) d->overflow = 1;
      else { memcpy(wire + d->len, b, (size_t)r); d->len += (size_t)r; }
    }
    pthread_mutex_lock(&mu);
    job_done = 1;
    pthread_cond_broadcast(&cv);
    pthread_mutex_unlock(&mu);
  }
  return NULL;
}
static void drain_start(drain *d) {
  static int started;
  static pthread_t th;
  if (!started) { FZ_CHECK(pthread_create(&th, NULL, drain_main, NULL) == 0); started = 1; }
  pthread_mutex_lock(&mu);
  job = d;
  job_done = 0;
  pthread_cond_broadcast(&cv);
  pthread_mutex_unlock(&mu);
}
static void drain_wait(void) {
  pthread_mutex_lock(&mu);
  while (!job_done) pthread_cond_wait(&cv, &mu);
  job = NULL;
  pthread_mutex_unlock(&mu);
}

/* ---- checking what went over the wire ---- */
static size_t find_crlf2(const char *p, size_t from, size_t n) {
  size_t i;
  for (i = from; i + 3 < n; i++) if (p[i] == '\r' && p[i + 1] == '\n' && p[i + 2] == '\r' && p[i + 3] == '\n') return i;
  return (size_t)-1;
}
static int hdr_is(const char *line, size_t n, const char *name) {
  size_t k = strlen(name);
  return n > k && e2b_mcp__ieqn(line, name, k) && line[k] == ':';
}
static char body[16 << 20];
static void check_body(const char *b, size_t n, int json, int sse) {
  if (json && n) FZ_CHECK(jc_valid(b, n, 0, NULL, NULL) && (b[0] == '{' || b[0] == '['));
  if (sse) {   /* events: "event: message\ndata: <one JSON message>\n\n" */
    size_t i = 0;
    while (i < n) {
      size_t e = i, d;
      while (e + 1 < n && !(b[e] == '\n' && b[e + 1] == '\n')) e++;
      FZ_CHECK(e + 1 < n);
      FZ_CHECK(e - i > 21 && memcmp(b + i, "event: message\ndata: ", 21) == 0);
      d = i + 21;
      FZ_CHECK(memchr(b + d, '\n', e - d) == NULL);
      FZ_CHECK(jc_valid(b + d, e - d, '{', NULL, NULL));
      i = e + 2;
    }
  }
}
static void check_wire(const char *p, size_t n) {
  size_t pos = 0;
  while (pos < n) {
    size_t he, i, blen = 0;
    long long cl = -1;
    int chunked = 0, json = 0, sse = 0, status;
    FZ_CHECK(n - pos >= 13 && (memcmp(p + pos, "HTTP/1.1 ", 9) == 0 || memcmp(p + pos, "HTTP/1.0 ", 9) == 0));
    status = (p[pos + 9] - '0') * 100 + (p[pos + 10] - '0') * 10 + (p[pos + 11] - '0');
    FZ_CHECK(status >= 100 && status <= 599 && p[pos + 12] == ' ');
    he = find_crlf2(p, pos, n);
    FZ_CHECK(he != (size_t)-1);
    for (i = pos; i < he;) {   /* header lines */
      size_t le = i;
      while (le < he && p[le] != '\r') le++;
      if (hdr_is(p + i, le - i, "content-length")) { long long v; FZ_CHECK(e2b_mcp__parse_ll(p + i + 16, le - i - 16, &v) == 0 && v >= 0); cl = v; }
      if (hdr_is(p + i, le - i, "transfer-encoding")) chunked = 1;
      if (hdr_is(p + i, le - i, "content-type")) {
        json = has(p + i, le - i, "application/json");
        sse = has(p + i, le - i, "text/event-stream");
      }
      i = le + 2;
    }
    pos = he + 4;
    if (status == 100) continue;
    if (chunked) {
      for (;;) {
        size_t sz = 0, k = pos;
        int digits = 0;
        while (k < n && e2b_mcp__hexval(p[k]) >= 0) { sz = sz * 16 + (size_t)e2b_mcp__hexval(p[k]); k++; digits++; }
        FZ_CHECK(digits > 0 && digits <= 8 && k + 2 <= n && p[k] == '\r' && p[k + 1] == '\n');
        k += 2;
        if (sz == 0) { FZ_CHECK(k + 2 <= n && p[k] == '\r' && p[k + 1] == '\n'); pos = k + 2; break; }
        FZ_CHECK(k + sz + 2 <= n && p[k + sz] == '\r' && p[k + sz + 1] == '\n');
        if (blen + sz <= sizeof body) memcpy(body + blen, p + k, sz);
        blen += sz;
        pos = k + sz + 2;
      }
      if (blen <= sizeof body) check_body(body, blen, json, sse);
    } else if (cl >= 0) {
      FZ_CHECK((size_t)cl <= n - pos);
      check_body(p + pos, (size_t)cl, json, sse);
      pos += (size_t)cl;
    } else {   /* HTTP/1.0 streaming: the rest, then the close */
      check_body(p + pos, n - pos, json, sse);
      pos = n;
    }
  }
}

/* ---- the server side ---- */
static int conn_open(drain *d) {
  int sv[2], big = 4 << 20;
  e2b_mcp__http_conn *c = &srv.http.conns[0];
  FZ_CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
  fcntl(sv[0], F_SETFL, fcntl(sv[0], F_GETFL, 0) | O_NONBLOCK);   /* as accept leaves it */
  setsockopt(sv[0], SOL_SOCKET, SO_SNDBUF, &big, sizeof big);
  memset(c, 0, offsetof(e2b_mcp__http_conn, buf));
  c->sock.h = sv[0];
  c->sock.port = srv.net;
  c->state = E2B_MCP__HC_READ;
  c->sess = -1;
  c->last_ms = e2b_mcp__now_ms(&srv);
  memset(d, 0, sizeof *d);
  d->fd = sv[1];
  drain_start(d);
  return sv[1];
}
static void conn_end(drain *d) {
  int i;
  e2b_mcp__http_conn *c = &srv.http.conns[0];
  if (c->state != E2B_MCP__HC_FREE) e2b_mcp__hs_conn_free(&srv, c, 0);
  for (i = 0; i < E2B_MCP_HTTP_LINGER; i++) e2b_mcp__hs_close(&srv, &srv.http.linger[i]);
  shutdown(d->fd, SHUT_WR);
  drain_wait();
  close(d->fd);
  if (!d->overflow) check_wire(wire, d->len);
}
static void fixed_session_ids(void) {
  int i;
  for (i = 0; i < E2B_MCP_HTTP_SESSIONS; i++)
    if (srv.http.sessions[i].used) {
      memset(srv.http.sessions[i].id, '0', 32);
      srv.http.sessions[i].id[31] = "0123456789abcdef"[i & 15];
      srv.http.sessions[i].id[30] = "0123456789abcdef"[(i >> 4) & 15];
    }
}
/* Hands bytes to the server until they are taken or the connection is gone. */
static void feed(const char *p, size_t n, drain *d, int *peer) {
  e2b_mcp__http_conn *c = &srv.http.conns[0];
  for (;;) {
    int pending = 0;
    if (c->state == E2B_MCP__HC_FREE) {
      conn_end(d);
      *peer = conn_open(d);
    }
    while (n) {
      ssize_t w = send(*peer, p, n, MSG_DONTWAIT | MSG_NOSIGNAL);
      if (w <= 0) break;
      p += w; n -= (size_t)w;
    }
    for (;;) {
      size_t before = c->have;
      if (c->state != E2B_MCP__HC_READ || ioctl((int)c->sock.h, FIONREAD, &pending) != 0 || pending <= 0) break;
      e2b_mcp__hs_on_read(&srv, 0);
      fixed_session_ids();
      if (c->state == E2B_MCP__HC_READ && c->have == before) break;   /* the buffer is full: it waits */
    }
    if (!n) return;
    if (c->state == E2B_MCP__HC_READ && c->have == sizeof c->buf) return;   /* stuck until a timeout */
  }
}

static void check_head(const char *p, size_t n) {
  e2b_mcp__http_req q;
#define FZ_IN(f) FZ_CHECK(!q.f || (q.f >= p && q.f + q.f##_n <= p + n))
  if (e2b_mcp__hs_parse_head(p, n, &q) != 0) return;
  FZ_IN(target); FZ_IN(host); FZ_IN(origin); FZ_IN(auth); FZ_IN(sid); FZ_IN(pver); FZ_IN(accept); FZ_IN(ctype);
  FZ_CHECK(memchr(q.method, 0, sizeof q.method) != NULL);
#undef FZ_IN
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n) {
  e2b_mcp_config cfg;
  e2b_mcp_http *h = &srv.http;
  const char *p, *end;
  drain d;
  int i, flags, peer;
  if (n < 1) return 0;
  flags = data[0];
  check_head((const char *)data + 1, n - 1);
  memset(&cfg, 0, sizeof cfg);   /* no API key: a tool call answers without touching the network */
  cfg.api_url = "http://127.0.0.1:9";
  cfg.dashboard_url = "http://127.0.0.1:9";
  FZ_CHECK(e2b_mcp_init(&srv, &cfg) == 0);
  memset(h, 0, sizeof *h);
  h->cfg.host = flags & 4 ? "192.0.2.1" : "127.0.0.1";
  h->loopback = !(flags & 4);
  h->cfg.token = flags & 5 ? "tok" : NULL;
  h->cfg.allowed_hosts = flags & 2 ? "mcp.example, other.example" : NULL;
  for (i = 0; i < E2B_MCP_HTTP_CONNS; i++) { h->conns[i].state = E2B_MCP__HC_FREE; h->conns[i].sock.h = -1; }
  for (i = 0; i < E2B_MCP_HTTP_LINGER; i++) h->linger[i].h = -1;
  h->listener.h = -1;
  peer = conn_open(&d);
  p = (const char *)data + 1;
  end = (const char *)data + n;
  while (p <= end) {   /* writes split at "@@@@\n" */
    const char *q = p;
    while (q + 5 <= end && memcmp(q, "@@@@\n", 5) != 0) q++;
    if (q + 5 > end) q = end;
    feed(p, (size_t)(q - p), &d, &peer);
    p = q + 5;
  }
  conn_end(&d);
  e2b_mcp_close(&srv);
  return 0;
}
