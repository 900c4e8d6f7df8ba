/* bench/loadgen.c - a load generator that holds thousands of HTTP/1.1 connections from one
   thread (epoll, non-blocking sockets, one request at a time per connection), for
   bench/load.py. Linux only. Every connection is to 127.0.0.1.

     loadgen floor PORT CONNS SECONDS KEY
         CONNS keep-alive connections straight to the simulator, each sending
         GET /v2/sandboxes?limit=1 (X-API-Key: KEY) in a loop for SECONDS, from when each has
         had its first answer: requests/s, p50/p99.
     loadgen mcp PORT IDLE ACTIVE SECONDS
         IDLE Streamable HTTP sessions opened and held (initialize, notifications/initialized,
         the keep-alive POST connection kept; a GET stream opened beside it where the server
         offers one), at most LOADGEN_OPEN (64) in their handshake at once, for at most
         LOADGEN_OPEN_TIMEOUT (30) seconds; then ACTIVE more sessions calling
         e2b_list_sandboxes {"limit":1} in a loop. The window of SECONDS starts once every active
         client has had its first call answered (or after 5 s). At its end every idle session
         sends a ping on its connection (reconnecting if the server closed it): held, or 404.
         Half the clients speak 2025-06-18, half 2025-03-26.
     loadgen sockets PORT N SECONDS [ACTIVE]
         N connections, each sending one stateless request (2026-07-28 server/discover) and then idle;
         prints "HELD n" once all are answered, then holds them SECONDS and says how many the
         server still holds open. With ACTIVE, it then prints "CALLING", and ACTIVE sessions call
         e2b_list_sandboxes in a loop beside the idle sockets for SECONDS more ("DONE calls=N").

   A 503 counts as refused (the client waits its Retry-After, at most 1 s, and tries again);
   anything else that is not a good answer counts as an error, by kind. Output: key=value
   lines. The soft RLIMIT_NOFILE is raised to the hard limit; a hard limit too low for the
   connections asked for is an error (raise it with ulimit -Hn). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define MAXC 24576
#define RBUF 16384
#define MAXLAT 1000000
#define REQ_TIMEOUT 30.0

enum { R_FLOOR, R_IDLE, R_ACTIVE, R_GET, R_SOCK };
enum { S_OFF, S_WAIT, S_CONNECTING, S_BUSY, S_HELD, S_STREAM, S_DONE };
/* steps of an MCP client */
enum { P_INIT, P_INITED, P_CALL, P_PING };

struct conn {
  int fd, role, st, step, peer, v2025_06;
  int out;               /* EPOLLOUT armed */
  int reused;            /* the request went out on a connection that sat idle */
  int answers;           /* tools/call answered on this client so far */
  char sid[128];
  char w[1024];
  int wn, wo;
  char r[RBUF];
  int rn;
  double t0, wake;
  long long id;
};

static struct conn C[MAXC];
static int NC, ep, port;
static char key[256];
static float lat[MAXLAT];
static int nlat;
static double win_start = -1, win_end = -1;
static char scratch[RBUF];

/* counts */
static long long ok_calls, refused_init, refused_call, refused_other, calls_total;
static long long err_reset, err_timeout, err_connect, err_status, err_result, err_404, err_big;
static long long ka_closed;            /* idle keep-alive connections the server closed */
static long long ka_retried;           /* requests sent again after the server closed their idle connection as they went out */
static long long get_open, get_closed, get_refused, get_none, get_status;   /* get_none: 405 (no stream offered); get_status: any other answer */
static long long held_alive, held_evicted, held_err;
static int phase;                      /* mcp: 0 opening idle, 1 active, 2 end pings, 3 done */

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void arm(struct conn *c, int out) {
  struct epoll_event e;
  if (c->fd < 0 || c->out == out) return;
  memset(&e, 0, sizeof e);
  e.events = EPOLLIN | EPOLLRDHUP | (out ? EPOLLOUT : 0);
  e.data.u32 = (unsigned)(c - C);
  epoll_ctl(ep, EPOLL_CTL_MOD, c->fd, &e);
  c->out = out;
}

static void drop(struct conn *c) {
  if (c->fd >= 0) close(c->fd);
  c->fd = -1;
  c->rn = 0;
  c->out = 0;
}

static int dial(struct conn *c) {
  struct sockaddr_in a;
  struct epoll_event e;
  int one = 1;
  c->fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (c->fd < 0) { err_connect++; return -1; }
  setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  /* each from its own loopback address (127.1.x.y): with ten thousand connections from 127.0.0.1 to
     one port the kernel's search for a free source port costs more than the whole load, and other
     jobs on the machine use that range too */
  memset(&a, 0, sizeof a);
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(0x7f010000u | (unsigned)(((c - C) / 250 % 250) << 8) | (unsigned)(1 + (c - C) % 250));
#ifdef IP_BIND_ADDRESS_NO_PORT
  setsockopt(c->fd, IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, &one, sizeof one);   /* the port is chosen at connect, per destination */
#endif
  if (bind(c->fd, (struct sockaddr *)&a, sizeof a) != 0) { close(c->fd); c->fd = -1; err_connect++; return -1; }
  memset(&a, 0, sizeof a);
  a.sin_family = AF_INET;
  a.sin_port = htons((unsigned short)port);
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  memset(&e, 0, sizeof e);
  e.events = EPOLLIN | EPOLLRDHUP | EPOLLOUT;
  e.data.u32 = (unsigned)(c - C);
  c->out = 1;
  c->rn = 0;
  if (connect(c->fd, (struct sockaddr *)&a, sizeof a) < 0 && errno != EINPROGRESS) {
    close(c->fd); c->fd = -1; err_connect++; return -1;
  }
  epoll_ctl(ep, EPOLL_CTL_ADD, c->fd, &e);
  c->st = S_CONNECTING;
  return 0;
}

/* writes what is left of c->w; arms EPOLLOUT while something is */
static void flush(struct conn *c) {
  while (c->wo < c->wn) {
    ssize_t n = write(c->fd, c->w + c->wo, (size_t)(c->wn - c->wo));
    if (n > 0) { c->wo += (int)n; continue; }
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) { arm(c, 1); return; }
    return;   /* the error shows on the read side */
  }
  arm(c, 0);
}

static int mcp_post(struct conn *c, const char *body) {
  int n = 0, len = (int)strlen(body);
  n = snprintf(c->w, sizeof c->w,
               "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
               "Accept: application/json, text/event-stream\r\nContent-Length: %d\r\n", port, len);
  if (c->sid[0]) n += snprintf(c->w + n, sizeof c->w - (size_t)n, "Mcp-Session-Id: %s\r\n", c->sid);
  if (c->sid[0] && c->v2025_06) n += snprintf(c->w + n, sizeof c->w - (size_t)n, "MCP-Protocol-Version: 2025-06-18\r\n");
  n += snprintf(c->w + n, sizeof c->w - (size_t)n, "\r\n%s", body);
  return n;
}

/* the request for c's role and step, written into c->w */
static void build(struct conn *c) {
  char body[512];
  c->id++;
  switch (c->role) {
  case R_FLOOR:
    c->wn = snprintf(c->w, sizeof c->w, "GET /v2/sandboxes?limit=1 HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
                     "User-Agent: loadgen\r\nAccept: application/json\r\nX-API-Key: %s\r\n\r\n", port, key);
    break;
  case R_SOCK:
    snprintf(body, sizeof body, "{\"jsonrpc\":\"2.0\",\"id\":%lld,\"method\":\"server/discover\",\"params\":{\"_meta\":"
             "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{}}}}", c->id);
    c->wn = snprintf(c->w, sizeof c->w,
                     "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
                     "Accept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2026-07-28\r\n"
                     "Mcp-Method: server/discover\r\nContent-Length: %d\r\n\r\n%s", port, (int)strlen(body), body);
    break;
  case R_GET:
    c->wn = snprintf(c->w, sizeof c->w, "GET /mcp HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nAccept: text/event-stream\r\n"
                     "Mcp-Session-Id: %s\r\n%s\r\n", port, C[c->peer].sid,
                     C[c->peer].v2025_06 ? "MCP-Protocol-Version: 2025-06-18\r\n" : "");
    break;
  default:
    switch (c->step) {
    case P_INIT:
      c->sid[0] = 0;
      snprintf(body, sizeof body, "{\"jsonrpc\":\"2.0\",\"id\":%lld,\"method\":\"initialize\",\"params\":"
               "{\"protocolVersion\":\"%s\",\"capabilities\":{},\"clientInfo\":{\"name\":\"loadgen\",\"version\":\"1\"}}}",
               c->id, c->v2025_06 ? "2025-06-18" : "2025-03-26");
      break;
    case P_INITED:
      snprintf(body, sizeof body, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
      break;
    case P_CALL:
      snprintf(body, sizeof body, "{\"jsonrpc\":\"2.0\",\"id\":%lld,\"method\":\"tools/call\",\"params\":"
               "{\"name\":\"e2b_list_sandboxes\",\"arguments\":{\"limit\":1}}}", c->id);
      break;
    default:
      snprintf(body, sizeof body, "{\"jsonrpc\":\"2.0\",\"id\":%lld,\"method\":\"ping\"}", c->id);
    }
    c->wn = mcp_post(c, body);
  }
  c->wo = 0;
}

/* sends c's next request, on its connection or a new one */
static void go(struct conn *c) {
  c->reused = c->fd >= 0 && c->st == S_HELD;
  build(c);
  c->t0 = now();
  if (c->fd < 0) {
    if (dial(c) < 0) { c->st = S_WAIT; c->wake = now() + 1; }
    return;   /* written once connected */
  }
  c->st = S_BUSY;
  flush(c);
}

static void later(struct conn *c, double s) {
  c->st = S_WAIT;
  c->wake = now() + s;
}

/* ---- an HTTP/1.1 answer: 1 whole, 0 more to come, -1 malformed ---- */
struct answer {
  int status, close, stream, hlen;
  double retry;
  const char *body;
  int blen, used;
  char sid[128];
};

static int hdr_is(const char *l, int n, const char *name) {
  int k = (int)strlen(name);
  return n > k && strncasecmp(l, name, (size_t)k) == 0 && l[k] == ':';
}
static void hdr_val(const char *l, int n, const char *name, const char **v, int *vn) {
  int k = (int)strlen(name) + 1;
  while (k < n && (l[k] == ' ' || l[k] == '\t')) k++;
  *v = l + k;
  *vn = n - k;
  while (*vn > 0 && ((*v)[*vn - 1] == ' ' || (*v)[*vn - 1] == '\t')) (*vn)--;
}

static int parse(const char *p, int n, int eof, int head_only, struct answer *a) {
  const char *end = NULL, *l, *v;
  long long clen = -1;
  int chunked = 0, i, vn;
  for (i = 3; i < n; i++) if (p[i] == '\n' && p[i - 1] == '\r' && p[i - 2] == '\n' && p[i - 3] == '\r') { end = p + i + 1; break; }
  if (!end) return n >= RBUF ? -1 : 0;
  memset(a, 0, sizeof *a);
  a->hlen = (int)(end - p);
  if (n < 12 || strncmp(p, "HTTP/1.", 7) != 0) return -1;
  a->status = atoi(p + 9);
  for (l = (const char *)memmem(p, (size_t)a->hlen, "\r\n", 2) + 2; l < end - 2;) {
    const char *e = memmem(l, (size_t)(end - l), "\r\n", 2);
    int ln = (int)(e - l);
    if (hdr_is(l, ln, "content-length")) { hdr_val(l, ln, "content-length", &v, &vn); clen = atoll(v); }
    else if (hdr_is(l, ln, "transfer-encoding")) { hdr_val(l, ln, "transfer-encoding", &v, &vn); chunked = vn >= 7 && strncasecmp(v + vn - 7, "chunked", 7) == 0; }
    else if (hdr_is(l, ln, "connection")) { hdr_val(l, ln, "connection", &v, &vn); a->close = vn == 5 && strncasecmp(v, "close", 5) == 0; }
    else if (hdr_is(l, ln, "retry-after")) { hdr_val(l, ln, "retry-after", &v, &vn); a->retry = atof(v); }
    else if (hdr_is(l, ln, "content-type")) { hdr_val(l, ln, "content-type", &v, &vn); a->stream = vn >= 17 && strncasecmp(v, "text/event-stream", 17) == 0; }
    else if (hdr_is(l, ln, "mcp-session-id")) {
      hdr_val(l, ln, "mcp-session-id", &v, &vn);
      if (vn > 0 && vn < (int)sizeof a->sid) { memcpy(a->sid, v, (size_t)vn); a->sid[vn] = 0; }
    }
    l = e + 2;
  }
  if (head_only) { a->used = a->hlen; return 1; }
  if (chunked) {   /* decoded into scratch */
    const char *q = end;
    int out = 0;
    for (;;) {
      long sz;
      char *ep2;
      const char *crlf;
      if (q >= p + n) return 0;
      crlf = memchr(q, '\n', (size_t)(p + n - q));
      if (!crlf) return 0;
      sz = strtol(q, &ep2, 16);
      if (ep2 == q || sz < 0) return -1;
      q = crlf + 1;
      if (sz == 0) {   /* the last chunk, then an empty line (no trailers sent here) */
        if (p + n - q < 2) return 0;
        a->used = (int)(q + 2 - p);
        break;
      }
      if (p + n - q < sz + 2) return 0;
      if (out + sz > RBUF) return -1;
      memcpy(scratch + out, q, (size_t)sz);
      out += (int)sz;
      q += sz + 2;
    }
    a->body = scratch;
    a->blen = out;
    return 1;
  }
  if (clen >= 0) {
    if (a->hlen + clen > RBUF) return -1;
    if (n < a->hlen + clen) return 0;
    a->body = end;
    a->blen = (int)clen;
    a->used = a->hlen + (int)clen;
    return 1;
  }
  if (a->status == 204 || a->status == 304 || (a->status >= 100 && a->status < 200)) { a->used = a->hlen; a->body = end; return 1; }
  if (!eof) return 0;   /* to the end of the connection */
  a->body = end;
  a->blen = n - a->hlen;
  a->used = n;
  a->close = 1;
  return 1;
}

static int has(const char *b, int n, const char *s) {
  return memmem(b, (size_t)n, s, strlen(s)) != NULL;
}
/* whether a member named key ("\"key\"") has the value true; inside a JSON string a quote is
   escaped, so the name found is a member's */
static int is_true(const char *b, int n, const char *key) {
  const char *p = b, *e = b + n;
  size_t k = strlen(key);
  while ((p = memmem(p, (size_t)(e - p), key, k)) != NULL) {
    p += k;
    while (p < e && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')) p++;
    if (p >= e || *p != ':') continue;
    p++;
    while (p < e && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')) p++;
    if (e - p >= 4 && memcmp(p, "true", 4) == 0) return 1;
  }
  return 0;
}
/* a JSON-RPC answer with a result and no isError (JSON or one SSE event) */
static int good_result(const struct answer *a) {
  return has(a->body, a->blen, "\"result\"") && !is_true(a->body, a->blen, "\"isError\"");
}

static double retry_of(const struct answer *a) {
  double r = a->retry > 0 ? a->retry : 0.05;
  return r > 1 ? 1 : r;
}

static void start_get(struct conn *idle);

/* the answer to c's request is in; decides c's next step */
static void answered(struct conn *c, const struct answer *a) {
  double t = now();
  if (a->close) drop(c);
  if (a->status == 503 && c->role == R_SOCK) { refused_other++; c->st = S_DONE; drop(c); return; }
  if (a->status == 503) {
    if (c->role == R_ACTIVE && c->step == P_CALL) refused_call++;
    else if (c->step == P_INIT) refused_init++;
    else refused_other++;
    later(c, retry_of(a));
    return;
  }
  switch (c->role) {
  case R_FLOOR:
    if (a->status == 200 && a->blen > 0) {
      if (t >= win_start && t <= win_end && nlat < MAXLAT) { lat[nlat++] = (float)((t - c->t0) * 1000); ok_calls++; }
    } else err_status++;
    if (t > win_end) { c->st = S_DONE; drop(c); return; }
    go(c);
    return;
  case R_SOCK:
    c->st = c->fd >= 0 ? S_HELD : S_DONE;
    return;
  default: break;
  }
  switch (c->step) {
  case P_INIT:
    if (a->status == 200 && a->sid[0] && good_result(a)) {
      strcpy(c->sid, a->sid);
      c->step = P_INITED;
      go(c);
    } else if (a->status == 200 && good_result(a)) {   /* no session id: the server holds no session */
      c->step = P_INITED;
      go(c);
    } else { err_status++; later(c, 1); }
    return;
  case P_INITED:
    if (a->status != 202 && a->status != 200) {
      if (a->status == 404) err_404++; else err_status++;
      c->step = P_INIT;
      later(c, 0.1);
      return;
    }
    if (c->role == R_IDLE) {
      c->st = S_HELD;
      if (c->peer >= 0 && C[c->peer].st == S_OFF) start_get(c);
      if (c->fd < 0) ka_closed++;
      return;
    }
    c->step = P_CALL;
    go(c);
    return;
  case P_CALL:   /* good calls count inside the window, errors whenever they come */
    c->answers++;
    if (a->status == 200 && good_result(a)) {
      if (t >= win_start && t <= win_end) {
        calls_total++;
        ok_calls++;
        if (nlat < MAXLAT) lat[nlat++] = (float)((t - c->t0) * 1000);
      }
    } else {
      if (t >= win_start && t <= win_end) calls_total++;
      if (a->status == 404) err_404++;
      else if (a->status != 200) err_status++;
      else err_result++;
    }
    if (a->status == 404) { c->step = P_INIT; later(c, 0); return; }
    if (phase >= 2) { c->st = S_DONE; drop(c); return; }
    go(c);
    return;
  default:   /* P_PING at the end */
    if (a->status == 200 && good_result(a)) held_alive++;
    else if (a->status == 404) held_evicted++;
    else held_err++;
    c->st = S_DONE;
    drop(c);
    return;
  }
}

/* c's request ended without an answer (reset, closed, timed out, malformed) */
static void failed(struct conn *c, int why) {
  int busy = c->st == S_BUSY || c->st == S_CONNECTING;
  if (busy && c->reused && c->rn == 0 && why == 'r') {
    /* the server closed the idle connection as the request went out: sent again on a new one, once,
       as HTTP clients do (RFC 9112 9.3.1) */
    drop(c);
    ka_closed++;
    ka_retried++;
    c->reused = 0;
    go(c);
    return;
  }
  drop(c);
  if (!busy) {   /* an idle keep-alive connection the server closed */
    if (c->st == S_HELD && c->role != R_SOCK) ka_closed++;
    if (c->st == S_STREAM) { get_closed++; c->st = S_DONE; }
    if (c->st == S_HELD && c->role == R_SOCK) c->st = S_DONE;
    return;
  }
  if (c->role == R_GET) { get_refused++; c->st = S_DONE; return; }
  if (why == 't') err_timeout++;
  else if (why == 'b') err_big++;
  else if (why == 'c') err_connect++;
  else err_reset++;
  if (c->role == R_IDLE && c->step == P_PING) { held_err++; c->st = S_DONE; return; }
  if (c->role == R_SOCK) { c->st = S_DONE; return; }
  later(c, 0.1);
}

static void start_get(struct conn *idle) {
  struct conn *g = &C[idle->peer];
  go(g);
}

static void readable(struct conn *c) {
  for (;;) {
    ssize_t n;
    struct answer a;
    int r, eof = 0;
    if (c->st == S_STREAM) {   /* a GET stream: read and forget */
      char sink[4096];
      n = read(c->fd, sink, sizeof sink);
      if (n > 0) continue;
      if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;
      failed(c, 'r');
      return;
    }
    n = read(c->fd, c->r + c->rn, (size_t)(RBUF - c->rn));
    if (n > 0) c->rn += (int)n;
    else if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;
    else eof = 1;
    if (c->st != S_BUSY) {   /* bytes or an end where no answer is due */
      if (eof || n < 0) { failed(c, 'r'); return; }
      c->rn = 0;
      continue;
    }
    r = parse(c->r, c->rn, eof, c->role == R_GET, &a);
    if (r == 0 && !eof) { if (c->rn >= RBUF) { failed(c, 'b'); return; } continue; }
    if (r <= 0) { failed(c, r < 0 ? 'b' : 'r'); return; }
    if (c->role == R_GET) {
      if (a.status == 200 && a.stream && !a.close) { c->st = S_STREAM; get_open++; c->rn = 0; continue; }
      drop(c);
      if (a.status == 503) { refused_other++; later(c, retry_of(&a)); return; }
      if (a.status == 405) get_none++;   /* the server offers no stream */
      else get_status++;
      c->st = S_DONE;
      return;
    }
    if (a.used < c->rn) memmove(c->r, c->r + a.used, (size_t)(c->rn - a.used));
    c->rn -= a.used;
    if (eof) a.close = 1;
    answered(c, &a);
    if (c->fd < 0 || c->st != S_BUSY) return;
  }
}

static void event(struct conn *c, unsigned ev) {
  if (c->fd < 0) return;
  if (c->st == S_CONNECTING) {
    int e = 0;
    socklen_t el = sizeof e;
    if (!(ev & (EPOLLOUT | EPOLLERR | EPOLLHUP))) return;
    getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &e, &el);
    if (e) { failed(c, 'c'); return; }
    c->st = S_BUSY;
    flush(c);
    if (c->fd < 0) return;
  } else if ((ev & EPOLLOUT) && c->st == S_BUSY) flush(c);
  if (ev & (EPOLLIN | EPOLLRDHUP | EPOLLHUP | EPOLLERR)) readable(c);
}

static int cmpf(const void *x, const void *y) {
  float a = *(const float *)x, b = *(const float *)y;
  return a < b ? -1 : a > b;
}

static void raise_nofile(int want) {
  struct rlimit rl;
  getrlimit(RLIMIT_NOFILE, &rl);
  if (rl.rlim_cur < rl.rlim_max) { rl.rlim_cur = rl.rlim_max; setrlimit(RLIMIT_NOFILE, &rl); }
  printf("nofile_soft=%llu nofile_hard=%llu\n", (unsigned long long)rl.rlim_cur, (unsigned long long)rl.rlim_max);
  if (rl.rlim_cur != RLIM_INFINITY && (long long)rl.rlim_cur < want + 32) {
    fprintf(stderr, "loadgen: %d connections need %d descriptors; the hard RLIMIT_NOFILE is %llu (raise it: ulimit -Hn)\n",
            want, want + 32, (unsigned long long)rl.rlim_max);
    exit(2);
  }
}

static void loop_once(int ms) {
  struct epoll_event evs[512];
  int n = epoll_wait(ep, evs, 512, ms), i;
  double t;
  static double last_scan;
  for (i = 0; i < n; i++) event(&C[evs[i].data.u32], evs[i].events);
  t = now();
  if (t - last_scan < 0.005) return;
  last_scan = t;
  for (i = 0; i < NC; i++) {
    struct conn *c = &C[i];
    if (c->st == S_WAIT && c->wake <= t) go(c);
    else if ((c->st == S_BUSY || c->st == S_CONNECTING) && t - c->t0 > REQ_TIMEOUT) failed(c, 't');
  }
}

static void report_lat(void) {
  qsort(lat, (size_t)nlat, sizeof lat[0], cmpf);
  printf("p50_ms=%.1f p99_ms=%.1f\n", nlat ? lat[nlat / 2] : 0.0, nlat ? lat[(int)((nlat - 1) * 0.99)] : 0.0);
}

static void report_cpu(void) {   /* the generator's own CPU, to show it is not the bottleneck */
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  printf("gen_cpu_s=%.2f\n", ru.ru_utime.tv_sec + ru.ru_stime.tv_sec + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6);
}

static void report_errors(void) {
  printf("errors=%lld reset=%lld timeout=%lld connect=%lld status=%lld not_found=%lld bad_result=%lld malformed=%lld\n",
         err_reset + err_timeout + err_connect + err_status + err_404 + err_result + err_big,
         err_reset, err_timeout, err_connect, err_status, err_404, err_result, err_big);
}

static void init(int n) {
  int i;
  if (n > MAXC) { fprintf(stderr, "loadgen: at most %d connections\n", MAXC); exit(2); }
  raise_nofile(n);
  ep = epoll_create1(EPOLL_CLOEXEC);
  NC = n;
  for (i = 0; i < n; i++) { C[i].fd = -1; C[i].peer = -1; C[i].st = S_OFF; C[i].v2025_06 = i % 2 == 0; }
}

static int floor_run(int conns, double secs) {
  int i, live;
  double t0;
  init(conns);
  for (i = 0; i < conns; i++) C[i].role = R_FLOOR;
  /* the window starts once every connection has had its first answer (the simulator starts a
     thread per connection), or after 5 s */
  win_start = win_end = 1e18;
  for (i = 0; i < conns; i++) go(&C[i]);
  t0 = now();
  while (now() - t0 < 5) {
    for (live = 0, i = 0; i < conns; i++) live += C[i].id >= 2;
    if (live == conns) break;
    loop_once(10);
  }
  win_start = now();
  win_end = win_start + secs;
  do {
    loop_once(10);
    for (live = 0, i = 0; i < conns; i++) live += C[i].st != S_DONE;
  } while (live && now() < win_end + REQ_TIMEOUT);
  t0 = win_end - win_start;
  printf("conns=%d seconds=%.1f requests=%lld per_s=%.1f\n", conns, t0, ok_calls, ok_calls / t0);
  report_lat();
  printf("refused=%lld\n", refused_init + refused_call + refused_other);
  report_errors();
  report_cpu();
  return 0;
}

static int mcp_run(int idle, int active, double secs) {
  int open_at_once = getenv("LOADGEN_OPEN") ? atoi(getenv("LOADGEN_OPEN")) : 64;
  int use_get = !getenv("LOADGEN_NO_GET");
  double open_timeout = getenv("LOADGEN_OPEN_TIMEOUT") ? atof(getenv("LOADGEN_OPEN_TIMEOUT")) : 30;
  int i, k, n = idle * 2 + active, next = 0, held, inited;
  double t, open_start, open_took, wait_until;
  init(use_get ? n : idle + active);   /* the descriptors it needs: without streams, one per session */
  for (i = 0; i < idle; i++) { C[i].role = R_IDLE; C[i].peer = use_get ? idle + active + i : -1; }
  for (i = idle; i < idle + active; i++) C[i].role = R_ACTIVE;
  if (use_get) for (i = idle + active; i < n; i++) { C[i].role = R_GET; C[i].peer = i - idle - active; }
  else n = idle + active;
  /* phase 0: the idle sessions, at most open_at_once in their handshake */
  open_start = now();
  for (;;) {
    int opening = 0;
    for (held = 0, i = 0; i < idle; i++) {
      if (C[i].st == S_HELD || C[i].st == S_DONE) held++;
      else if (C[i].st != S_OFF) opening++;
    }
    if (held == idle) break;
    while (opening < open_at_once && next < idle) { go(&C[next++]); opening++; }
    if (now() - open_start > open_timeout) { fprintf(stderr, "loadgen: idle sessions not all open after %.0f s\n", open_timeout); break; }
    loop_once(10);
  }
  open_took = now() - open_start;
  /* the GET streams settle (a stream, or the server's answer that it offers none) */
  wait_until = now() + 5;
  while (use_get && now() < wait_until) {
    for (k = 0, i = idle + active; i < n; i++) k += C[i].st == S_STREAM || C[i].st == S_DONE;
    if (k == idle) break;
    loop_once(10);
  }
  /* phase 1: the active clients; the window starts once each has had its first call answered
     (as the floor's does: a first call also opens the server's connection to the simulator,
     whose listen backlog of 128 makes some of 256 connects wait for a SYN retry) */
  phase = 1;
  for (i = idle; i < idle + active; i++) go(&C[i]);
  t = now();
  win_start = win_end = 1e18;
  while (now() - t < 5) {
    for (inited = 0, i = idle; i < idle + active; i++) inited += C[i].answers > 0;
    if (inited == active) break;
    loop_once(10);
  }
  win_start = now();
  win_end = win_start + secs;
  printf("WINDOW\n");   /* a caller reads the server's CPU here and at WINDOW_END */
  fflush(stdout);
  {
    long long ka0 = ka_closed;
    int held_conns = 0, streams = 0;
    for (i = 0; i < idle; i++) held_conns += C[i].st == S_HELD && C[i].fd >= 0;
    for (i = idle + active; i < NC; i++) streams += C[i].st == S_STREAM;
    printf("idle_open_s=%.1f idle_conns_at_start=%d streams_at_start=%d ka_closed_before=%lld\n", open_took, held_conns, streams, ka0);
  }
  while (now() < win_end) loop_once(10);
  printf("WINDOW_END\n");
  fflush(stdout);
  phase = 2;
  {
    int held_conns = 0, streams = 0;
    for (i = 0; i < idle; i++) held_conns += C[i].st == S_HELD && C[i].fd >= 0;
    for (i = idle + active; i < NC; i++) streams += C[i].st == S_STREAM;
    printf("idle_conns_at_end=%d streams_at_end=%d\n", held_conns, streams);
  }
  /* the active clients stop (a call in flight is left); every idle session pings */
  for (i = idle; i < idle + active; i++) { drop(&C[i]); C[i].st = S_DONE; }
  for (i = 0; i < idle; i++) {
    if (C[i].st == S_HELD) { C[i].step = P_PING; go(&C[i]); }
  }
  t = now();
  for (;;) {
    for (k = 0, i = 0; i < idle; i++) k += C[i].st == S_DONE || C[i].st == S_HELD;
    if (k == idle || now() - t > REQ_TIMEOUT) break;
    loop_once(10);
  }
  phase = 3;
  printf("idle=%d active=%d seconds=%.1f calls=%lld ok=%lld per_s=%.1f\n", idle, active, secs, calls_total, ok_calls, ok_calls / secs);
  report_lat();
  printf("refused=%lld refused_init=%lld refused_call=%lld refused_other=%lld\n",
         refused_init + refused_call + refused_other, refused_init, refused_call, refused_other);
  report_errors();
  printf("held_alive=%lld held_evicted=%lld held_err=%lld ka_closed=%lld ka_retried=%lld\n", held_alive, held_evicted, held_err, ka_closed, ka_retried);
  report_cpu();
  printf("get=%s get_open=%lld get_closed=%lld get_none=%lld get_failed=%lld get_status=%lld\n",
         !use_get ? "off" : get_open ? "stream" : get_none ? "none" : "failed", get_open, get_closed, get_none, get_refused, get_status);
  return 0;
}

static int sockets_run(int n, double secs, int active) {
  int i, k;
  double t;
  init(n + active);
  for (i = 0; i < n; i++) C[i].role = R_SOCK;
  for (i = n; i < n + active; i++) C[i].role = R_ACTIVE;
  for (i = 0; i < n; i++) {   /* a few hundred at a time, as the listener's backlog takes them */
    go(&C[i]);
    if (i % 128 == 127) loop_once(1);
  }
  t = now();
  for (;;) {
    for (k = 0, i = 0; i < n; i++) k += C[i].st == S_HELD || C[i].st == S_DONE || C[i].st == S_WAIT;
    if (k == n || now() - t > 60) break;
    loop_once(10);
  }
  for (k = 0, i = 0; i < n; i++) k += C[i].st == S_HELD;
  printf("HELD %d\n", k);
  t = now() + secs;
  while (now() < t) loop_once(50);
  for (k = 0, i = 0; i < n; i++) k += C[i].st == S_HELD && C[i].fd >= 0;
  printf("sockets=%d open_after_idle=%d\n", n, k);
  if (active > 0) {   /* then the same sockets with a few clients calling beside them */
    printf("CALLING %d\n", active);
    win_start = now();
    win_end = win_start + secs;
    for (i = n; i < n + active; i++) go(&C[i]);
    while (now() < win_end) loop_once(10);
    for (k = 0, i = 0; i < n; i++) k += C[i].st == S_HELD && C[i].fd >= 0;
    printf("DONE calls=%lld open_at_end=%d\n", ok_calls, k);
  }
  printf("refused=%lld\n", refused_init + refused_call + refused_other);
  report_errors();
  return 0;
}

int main(int argc, char **argv) {
  signal(SIGPIPE, SIG_IGN);
  setvbuf(stdout, NULL, _IOLBF, 0);
  if (argc >= 6 && strcmp(argv[1], "floor") == 0) {
    port = atoi(argv[2]);
    snprintf(key, sizeof key, "%s", argv[5]);
    return floor_run(atoi(argv[3]), atof(argv[4]));
  }
  if (argc >= 6 && strcmp(argv[1], "mcp") == 0) {
    port = atoi(argv[2]);
    return mcp_run(atoi(argv[3]), atoi(argv[4]), atof(argv[5]));
  }
  if (argc >= 5 && strcmp(argv[1], "sockets") == 0) {
    port = atoi(argv[2]);
    return sockets_run(atoi(argv[3]), atof(argv[4]), argc >= 6 ? atoi(argv[5]) : 0);
  }
  fprintf(stderr, "usage: loadgen floor PORT CONNS SECONDS KEY | mcp PORT IDLE ACTIVE SECONDS | sockets PORT N SECONDS [ACTIVE]\n");
  return 2;
}
