#include "redis.h"
#include "config.h"
#include "errors.h"
#include "util.h"
#include "port.h"
#include "stream.h"
/* >>redis: connecting, a command, its reply ------------------------------------- */
#if E2B_MCP_REDIS
#define E2B_MCP__RD_RETRY_MS 250   /* after a failure, commands fail at once for this long */

static int e2b_mcp__rd_hex(char c) {
  return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}
/* p[0..n) percent-decoded into out (cap with its NUL): 0, or -1 when it does not fit or is malformed. */
static int e2b_mcp__rd_decode(const char *p, size_t n, char *out, size_t cap) {
  size_t i, k = 0;
  for (i = 0; i < n; i++) {
    char c = p[i];
    if (c == '%') {
      int hi = n - i >= 3 ? e2b_mcp__rd_hex(p[i + 1]) : -1, lo = n - i >= 3 ? e2b_mcp__rd_hex(p[i + 2]) : -1;
      if (hi < 0 || lo < 0) return -1;
      c = (char)(hi * 16 + lo);
      i += 2;
    }
    if (k + 1 >= cap || c == 0) return -1;
    out[k++] = c;
  }
  out[k] = 0;
  return 0;
}

static int e2b_mcp__rd_bad(e2b_mcp_redis *r, const char *why) {
  e2b_mcp__strlcpy(r->why, why, sizeof r->why);
  return E2B_MCP_ERR_URL;
}

E2B_MCP_DEF int e2b_mcp_redis_init(e2b_mcp_redis *r, const char *url, const e2b_mcp_sock_port *net, e2b_mcp_tls_trust *trust) {
  const char *p, *at, *end, *hs, *he, *slash;
  size_t n;
  memset(r, 0, sizeof *r);
  r->net = net ? net : &e2b_mcp__default_port;
  r->trust = trust;
  r->timeout_ms = 500;
  r->conn.sock.h = -1;
  if (!url) return e2b_mcp__rd_bad(r, "no Redis URL");
  if (strncmp(url, "redis://", 8) == 0) p = url + 8;
  else if (strncmp(url, "rediss://", 9) == 0) { p = url + 9; r->tls = 1; }
  else return e2b_mcp__rd_bad(r, "the Redis URL must start with redis:// or rediss://");
  end = p + strcspn(p, "/?#");
  slash = *end == '/' ? end : NULL;
  at = NULL;
  for (hs = p; hs < end; hs++) if (*hs == '@') at = hs;   /* the last '@' before the path: a password may hold one encoded */
  if (at) {
    const char *colon = (const char *)memchr(p, ':', (size_t)(at - p));
    if (!colon) {   /* redis://password@host, as some hosts write it */
      if (e2b_mcp__rd_decode(p, (size_t)(at - p), r->pass, sizeof r->pass)) return e2b_mcp__rd_bad(r, "the Redis URL's password is too long or malformed");
    } else {
      if (e2b_mcp__rd_decode(p, (size_t)(colon - p), r->user, sizeof r->user) ||
          e2b_mcp__rd_decode(colon + 1, (size_t)(at - colon - 1), r->pass, sizeof r->pass))
        return e2b_mcp__rd_bad(r, "the Redis URL's user or password is too long or malformed");
    }
    p = at + 1;
  }
  hs = p;
  if (*hs == '[') {   /* [v6] */
    he = (const char *)memchr(hs, ']', (size_t)(end - hs));
    if (!he) return e2b_mcp__rd_bad(r, "the Redis URL's IPv6 address has no ]");
    n = (size_t)(he - hs - 1);
    if (n == 0 || n >= sizeof r->host) return e2b_mcp__rd_bad(r, "the Redis URL's host is empty or too long");
    memcpy(r->host, hs + 1, n);
    he++;
  } else {
    he = hs + strcspn(hs, ":/?#");
    if (he > end) he = end;
    n = (size_t)(he - hs);
    if (n == 0 || n >= sizeof r->host) return e2b_mcp__rd_bad(r, "the Redis URL's host is empty or too long");
    memcpy(r->host, hs, n);
  }
  r->host[n] = 0;
  r->port = 6379;
  if (he < end && *he == ':') {
    unsigned long v = 0;
    const char *q = he + 1;
    if (q == end) return e2b_mcp__rd_bad(r, "the Redis URL's port is empty");
    for (; q < end; q++) {
      if (*q < '0' || *q > '9' || (v = v * 10 + (unsigned long)(*q - '0')) > 65535) return e2b_mcp__rd_bad(r, "the Redis URL's port is not a number up to 65535");
    }
    r->port = (unsigned)v;
  } else if (he != end) return e2b_mcp__rd_bad(r, "the Redis URL's host is followed by something else than :port");
  if (slash && slash[1]) {
    const char *q = slash + 1;
    int v = 0;
    for (; *q && *q != '?' && *q != '#'; q++) {
      if (*q < '0' || *q > '9' || (v = v * 10 + (*q - '0')) > 100000) return e2b_mcp__rd_bad(r, "the Redis URL's database is not a number");
    }
    r->db = v;
  }
  return 0;
}

E2B_MCP_DEF void e2b_mcp_redis_close(e2b_mcp_redis *r) {
  e2b_mcp__conn_close(&r->conn);
  r->in_len = 0;
}

static unsigned long e2b_mcp__rd_now(const e2b_mcp_redis *r) { return r->net->now_ms ? r->net->now_ms(r->net->user) : 0; }

/* Waits for the connection to become want, until the deadline: 0 or E2B_MCP_ERR_TIMEOUT. */
static int e2b_mcp__rd_wait(e2b_mcp_redis *r, int want, unsigned long until) {
  e2b_mcp_poll p;
  unsigned long now = e2b_mcp__rd_now(r);
  if (now && (long)(until - now) <= 0) return E2B_MCP_ERR_TIMEOUT;
  p.sock = &r->conn.sock; p.want = want; p.ready = 0;
  if (r->net->wait(r->net->user, &p, 1, now ? (int)(until - now) : r->timeout_ms) <= 0 && !p.ready) {
    now = e2b_mcp__rd_now(r);
    if (!now || (long)(until - now) <= 0) return E2B_MCP_ERR_TIMEOUT;
  }
  return 0;
}

static int e2b_mcp__rd_fail(e2b_mcp_redis *r, int err, const char *what) {
  char why[sizeof r->why];
  e2b_mcp__fmt(why, sizeof why, "Redis at %s:%u: %s (%s)", r->host, r->port, what, e2b_mcp_strerror(err));
  e2b_mcp__strlcpy(r->why, why, sizeof r->why);
  e2b_mcp_redis_close(r);
  r->up = 0;
  r->retry_at = e2b_mcp__rd_now(r) + E2B_MCP__RD_RETRY_MS;
  if (!r->retry_at) r->retry_at = 1;
  return err < 0 ? err : E2B_MCP_ERR_PROTOCOL;
}

/* Sends p[0..n) whole, then flushes. */
static int e2b_mcp__rd_send(e2b_mcp_redis *r, const char *p, size_t n, unsigned long until) {
  e2b_mcp_conn *c = &r->conn;
  int x;
  while (n) {
    x = c->st->send(c, (const unsigned char *)p, n);
    if (x == E2B_MCP_ERR_AGAIN) { if ((x = e2b_mcp__rd_wait(r, c->st->want(c, E2B_MCP_WANT_WRITE), until)) != 0) return x; continue; }
    if (x <= 0) return x < 0 ? x : E2B_MCP_ERR_CLOSED;
    p += x; n -= (size_t)x;
  }
  while ((x = c->st->flush(c)) != 0) {
    if (x != E2B_MCP_ERR_AGAIN) return x;
    if ((x = e2b_mcp__rd_wait(r, c->st->want(c, E2B_MCP_WANT_WRITE), until)) != 0) return x;
  }
  return 0;
}

/* Length of one whole reply at in[0..have) (a single, non-array value), 0
   when more is to come, -1 when it is not one this client reads. */
static long e2b_mcp__rd_whole(const char *in, size_t have, e2b_mcp_redis_reply *out) {
  const char *nl = have ? (const char *)memchr(in, '\n', have) : NULL;
  size_t line;
  long long v = 0;
  int neg = 0;
  const char *q;
  if (!nl) return have >= E2B_MCP__RD_IN ? -1 : 0;
  if (nl == in || nl[-1] != '\r') return -1;
  line = (size_t)(nl - in) + 1;
  out->type = in[0];
  out->str = in + 1; out->len = line - 3; out->num = 0;
  if (in[0] == '+' || in[0] == '-') return (long)line;
  if (in[0] != ':' && in[0] != '$') return -1;
  q = in + 1;
  if (*q == '-') { neg = 1; q++; }
  if (q == nl - 1) return -1;
  for (; q < nl - 1; q++) { if (*q < '0' || *q > '9' || v > 1000000000000LL) return -1; v = v * 10 + (*q - '0'); }
  out->num = neg ? -v : v;
  if (in[0] == ':') return (long)line;
  if (neg) { if (v != 1) return -1; out->type = 0; out->str = NULL; out->len = 0; return (long)line; }   /* $-1: nil */
  if ((size_t)v + 2 > E2B_MCP__RD_IN - line) return -1;
  if (have < line + (size_t)v + 2) return 0;
  if (in[line + (size_t)v] != '\r' || in[line + (size_t)v + 1] != '\n') return -1;
  out->str = in + line; out->len = (size_t)v;
  return (long)(line + (size_t)v + 2);
}

/* Reads one reply into r->in. */
static int e2b_mcp__rd_read(e2b_mcp_redis *r, e2b_mcp_redis_reply *out, unsigned long until) {
  e2b_mcp_conn *c = &r->conn;
  long whole;
  r->in_len = 0;
  for (;;) {
    int x;
    if ((whole = e2b_mcp__rd_whole(r->in, r->in_len, out)) != 0) return whole < 0 ? E2B_MCP_ERR_PROTOCOL : 0;
    x = c->st->recv(c, (unsigned char *)r->in + r->in_len, sizeof r->in - r->in_len);
    if (x == E2B_MCP_ERR_AGAIN) { if ((x = e2b_mcp__rd_wait(r, c->st->want(c, E2B_MCP_WANT_READ), until)) != 0) return x; continue; }
    if (x <= 0) return x < 0 ? x : E2B_MCP_ERR_CLOSED;
    r->in_len += (size_t)x;
  }
}

/* Appends p[0..n) to the command gathered in r->in (free while a command is
   written: the reply is read only after), sending each full buffer. */
static int e2b_mcp__rd_put(e2b_mcp_redis *r, size_t *k, const char *p, size_t n, unsigned long until) {
  while (n) {
    size_t room = sizeof r->in - *k, m = n < room ? n : room;
    int x;
    memcpy(r->in + *k, p, m);
    *k += m; p += m; n -= m;
    if (*k == sizeof r->in) { if ((x = e2b_mcp__rd_send(r, r->in, *k, until)) != 0) return x; *k = 0; }
  }
  return 0;
}

/* One command written as RESP (an array of bulk strings), gathered so it
   leaves in one write and one flush (one TLS record), then answered. */
static int e2b_mcp__rd_exchange(e2b_mcp_redis *r, int argc, const char *const *argv, const size_t *lens, e2b_mcp_redis_reply *out, unsigned long until) {
  char head[32];
  size_t k = 0;
  int i, x;
  head[0] = '*'; x = e2b_mcp__fmt_ll(head + 1, argc); head[1 + x] = '\r'; head[2 + x] = '\n';
  if ((x = e2b_mcp__rd_put(r, &k, head, (size_t)x + 3, until)) != 0) return x;
  for (i = 0; i < argc; i++) {
    size_t n = lens ? lens[i] : strlen(argv[i]);
    int h;
    head[0] = '$'; h = e2b_mcp__fmt_ll(head + 1, (long long)n); head[1 + h] = '\r'; head[2 + h] = '\n';
    if ((x = e2b_mcp__rd_put(r, &k, head, (size_t)h + 3, until)) != 0 || (x = e2b_mcp__rd_put(r, &k, argv[i], n, until)) != 0 ||
        (x = e2b_mcp__rd_put(r, &k, "\r\n", 2, until)) != 0) return x;
  }
  if (k && (x = e2b_mcp__rd_send(r, r->in, k, until)) != 0) return x;
  return e2b_mcp__rd_read(r, out, until);
}

/* Connects (TCP, TLS for rediss://), then AUTH and SELECT when the URL says so. */
static int e2b_mcp__rd_connect(e2b_mcp_redis *r, unsigned long until) {
  e2b_mcp_conn *c = &r->conn;
  e2b_mcp_redis_reply rep;
  int x;
  if (r->tls) {
#ifdef E2B_MCP_TLS_NONE
    return e2b_mcp__rd_fail(r, E2B_MCP_ERR_NO_TLS, "rediss:// needs a TLS build");
#else
    if (!r->trust) return e2b_mcp__rd_fail(r, E2B_MCP_ERR_TLS_TRUST, "no trust anchors for rediss://");
#endif
  }
  if ((x = r->net->resolve(r->net->user, r->host, &r->addr)) != 0) return e2b_mcp__rd_fail(r, x, "cannot resolve the host");
  c->sock.h = -1;
  c->sock.port = r->net;
  c->https = r->tls;
#ifdef E2B_MCP_TLS_NONE
  c->st = &e2b_mcp__stream_plain;
#else
  c->st = r->tls ? &e2b_mcp__stream_tls : &e2b_mcp__stream_plain;
#endif
  while ((x = r->net->connect(r->net->user, &c->sock, &r->addr, r->port)) == E2B_MCP_ERR_AGAIN)
    if ((x = e2b_mcp__rd_wait(r, E2B_MCP_WANT_WRITE, until)) != 0) break;
  if (x != 0) { e2b_mcp__sock_close(&c->sock); return e2b_mcp__rd_fail(r, x, "cannot connect"); }
  if ((x = c->st->start(c, r->trust, r->host)) != 0) { e2b_mcp__sock_close(&c->sock); return e2b_mcp__rd_fail(r, x, "TLS"); }
  while ((x = c->st->handshake(c, r->trust)) == E2B_MCP_ERR_AGAIN)
    if ((x = e2b_mcp__rd_wait(r, c->st->want(c, E2B_MCP_WANT_READ), until)) != 0) break;
  if (x != 0) { e2b_mcp__sock_close(&c->sock); return e2b_mcp__rd_fail(r, x, "TLS handshake"); }
  c->open = 1;
  if (r->pass[0]) {
    const char *argv[3];
    int argc = 0;
    argv[argc++] = "AUTH";
    if (r->user[0]) argv[argc++] = r->user;
    argv[argc++] = r->pass;
    if ((x = e2b_mcp__rd_exchange(r, argc, argv, NULL, &rep, until)) != 0) return e2b_mcp__rd_fail(r, x, "AUTH went unanswered");
    if (rep.type != '+') return e2b_mcp__rd_fail(r, E2B_MCP_ERR_PROTOCOL, "AUTH refused: check the user and password in E2B_MCP_REDIS_URL");
  }
  if (r->db) {
    char num[24];
    const char *argv[2];
    e2b_mcp__fmt_ll(num, r->db);
    argv[0] = "SELECT"; argv[1] = num;
    if ((x = e2b_mcp__rd_exchange(r, 2, argv, NULL, &rep, until)) != 0) return e2b_mcp__rd_fail(r, x, "SELECT went unanswered");
    if (rep.type != '+') return e2b_mcp__rd_fail(r, E2B_MCP_ERR_PROTOCOL, "SELECT refused: no such database");
  }
  return 0;
}

E2B_MCP_DEF int e2b_mcp_redis_command(e2b_mcp_redis *r, int argc, const char *const *argv, const size_t *lens, e2b_mcp_redis_reply *out) {
  unsigned long now = e2b_mcp__rd_now(r), until = now + (unsigned long)(r->timeout_ms > 0 ? r->timeout_ms : 500);
  int x, tries;
  if (r->retry_at && now && (long)(r->retry_at - now) > 0) return E2B_MCP_ERR_CONNECT;   /* it failed a moment ago: r->why says why */
  for (tries = 0; tries < 2; tries++) {   /* a kept connection Redis closed meanwhile: once more on a new one */
    int kept = r->conn.open;
    if (!kept && (x = e2b_mcp__rd_connect(r, until)) != 0) return x;
    x = e2b_mcp__rd_exchange(r, argc, argv, lens, out, until);
    if (x == 0) { r->up = 1; r->retry_at = 0; r->why[0] = 0; return 0; }
    if (!kept || x == E2B_MCP_ERR_TIMEOUT || x == E2B_MCP_ERR_PROTOCOL) break;
    e2b_mcp_redis_close(r);
  }
  return e2b_mcp__rd_fail(r, x, x == E2B_MCP_ERR_TIMEOUT ? "no answer in time" : x == E2B_MCP_ERR_PROTOCOL ? "an answer this client does not read" : "the connection failed");
}

E2B_MCP_DEF int e2b_mcp_redis_set_once(e2b_mcp_redis *r, const char *key, unsigned long ttl_ms) {
  char ttl[24];
  const char *argv[6];
  e2b_mcp_redis_reply rep;
  e2b_mcp__fmt_ll(ttl, (long long)(ttl_ms ? ttl_ms : 1));
  argv[0] = "SET"; argv[1] = key; argv[2] = "1"; argv[3] = "NX"; argv[4] = "PX"; argv[5] = ttl;
  if (e2b_mcp_redis_command(r, 6, argv, NULL, &rep) != 0) return -1;
  if (rep.type == '+' && rep.len == 2 && memcmp(rep.str, "OK", 2) == 0) return 1;
  if (rep.type == 0) return 0;   /* nil: the key was there */
  e2b_mcp__fmt(r->why, sizeof r->why, "Redis at %s:%u refused SET (%.*s)", r->host, r->port, (int)(rep.len > 60 ? 60 : rep.len), rep.str ? rep.str : "");
  return -1;
}

E2B_MCP_DEF int e2b_mcp_redis_ping(e2b_mcp_redis *r) {
  const char *argv[1];
  e2b_mcp_redis_reply rep;
  argv[0] = "PING";
  if (e2b_mcp_redis_command(r, 1, argv, NULL, &rep) != 0) return -1;
  if (rep.type != '+') {
    e2b_mcp__fmt(r->why, sizeof r->why, "Redis at %s:%u answered PING with an error (%.*s)", r->host, r->port, (int)(rep.len > 60 ? 60 : rep.len), rep.str ? rep.str : "");
    return -1;
  }
  return 0;
}
#endif
