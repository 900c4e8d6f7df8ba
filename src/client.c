#include "client.h"
#include "front.h"
#include "config.h"
#include "errors.h"
#include "util.h"
#include "json.h"
#include "port.h"
#include "stream.h"
/* >>e2b client -------------------------------------------------------------
   HTTP/1.1 to E2B, never waiting: URL parsing and the DNS cache, a request
   writer, the response head's parser (one header-line reader for both
   directions), a chunked decoder, the exchange (sans I/O: it pumps buffers,
   e2b_mcp__exchange_*), and the client that drives one exchange over a
   keep-alive connection's stream (e2b_mcp__client_step), with its blocking
   convenience (e2b_mcp__client_run). Nothing here knows the server or its
   call slots: the caller passes the connection, the buffers and a dial. A
   connection that went stale while idle is reopened once, transparently,
   when nothing of the response was read yet. */

/* Parses http[s]://host[:port][/prefix]. */
static int e2b_mcp__url_parse(e2b_mcp_url *u, const char *url) {
  const char *p, *h, *he, *pe;
  size_t hn;
  memset(u, 0, sizeof *u);
  if (e2b_mcp__starts(url, "https://")) { u->https = 1; u->port = 443; p = url + 8; }
  else if (e2b_mcp__starts(url, "http://")) { u->port = 80; p = url + 7; }
  else return E2B_MCP_ERR_URL;
  h = p;
  if (*p == '[') { h = ++p; while (*p && *p != ']') p++; if (*p != ']') return E2B_MCP_ERR_URL; he = p++; }
  else { while (*p && *p != ':' && *p != '/' && *p != '?' && *p != '#') p++; he = p; }
  hn = (size_t)(he - h);
  if (hn == 0 || hn >= sizeof u->host) return E2B_MCP_ERR_URL;
  memcpy(u->host, h, hn);
  for (pe = h; pe < he; pe++) if ((unsigned char)*pe <= ' ' || *pe == '@') return E2B_MCP_ERR_URL;
  if (*p == ':') {
    unsigned long port = 0;
    p++;
    if (*p < '0' || *p > '9') return E2B_MCP_ERR_URL;
    while (*p >= '0' && *p <= '9') { port = port * 10 + (unsigned long)(*p++ - '0'); if (port > 65535) return E2B_MCP_ERR_URL; }
    if (port == 0) return E2B_MCP_ERR_URL;
    u->port = (unsigned)port;
  }
  if (*p && *p != '/') return E2B_MCP_ERR_URL;
  if (strlen(p) >= sizeof u->prefix) return E2B_MCP_ERR_URL;
  for (pe = p; *pe; pe++) if ((unsigned char)*pe <= ' ' || *pe == '?' || *pe == '#' || *pe == '%') return E2B_MCP_ERR_URL;
  e2b_mcp__strlcpy(u->prefix, p, sizeof u->prefix);
  hn = strlen(u->prefix);
  if (hn && u->prefix[hn - 1] == '/') u->prefix[hn - 1] = 0;  /* paths start with '/' */
  return 0;
}

/* The address of u's host: resolved once, then reused for ttl_ms (the
   caller's cfg.dns_ttl_ms; the port's resolve may block, nothing else here does). */
static int e2b_mcp__resolve(const e2b_mcp_sock_port *net, e2b_mcp_url *u, unsigned long now, unsigned long ttl_ms) {
  if (u->addr.family && (!now || now - u->addr_ms < ttl_ms)) return 0;
  u->addr.family = 0;
  if (!net->resolve || net->resolve(net->user, u->host, &u->addr) != 0 || !u->addr.family) {
    u->addr.family = 0;
    return E2B_MCP_ERR_DNS;
  }
  u->addr_ms = now;
  return 0;
}

/* Starts "METHOD prefix" in rq->buf (the engine points it at the call slot's). */
static void e2b_mcp__req_begin(e2b_mcp__req *rq, const char *method, const e2b_mcp_url *base) {
  e2b_mcp_json_init(&rq->w, rq->buf, rq->cap);
  rq->base = base;
  rq->has_query = 0;
  rq->idempotent = !e2b_mcp__streq(method, "POST");   /* a handler may say so for its POST */
  e2b_mcp__w_put(&rq->w, method, strlen(method));
  e2b_mcp__w_c(&rq->w, ' ');
  e2b_mcp__w_put(&rq->w, base->prefix, strlen(base->prefix));
}
static void e2b_mcp__req_lit(e2b_mcp__req *rq, const char *s) { e2b_mcp__w_put(&rq->w, s, strlen(s)); }
/* Percent-encodes everything but RFC 3986 unreserved characters, once, or
   twice (what once would make of its own output: %XX becomes %25XX). */
static void e2b_mcp__pct_n(e2b_mcp_json *w, const char *s, size_t n, int twice) {
  static const char hex[] = "0123456789ABCDEF";
  size_t i;
  for (i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.' || c == '~')
      e2b_mcp__w_c(w, (char)c);
    else {
      char e[2];
      e[0] = hex[c >> 4]; e[1] = hex[c & 15];
      e2b_mcp__w_put(w, twice ? "%25" : "%", twice ? 3 : 1);
      e2b_mcp__w_put(w, e, 2);
    }
  }
}
static void e2b_mcp__pct(e2b_mcp_json *w, const char *s, size_t n) { e2b_mcp__pct_n(w, s, n, 0); }
static void e2b_mcp__req_seg(e2b_mcp__req *rq, const char *s) { e2b_mcp__pct(&rq->w, s, strlen(s)); }
/* Query strings: for the tools whose requests carry one (a build without them drops these). */
E2B_MCP__UNUSED static void e2b_mcp__req_qkey(e2b_mcp__req *rq, const char *key) {
  e2b_mcp__w_c(&rq->w, rq->has_query ? '&' : '?');
  rq->has_query = 1;
  e2b_mcp__req_lit(rq, key);
  e2b_mcp__w_c(&rq->w, '=');
}
E2B_MCP__UNUSED static void e2b_mcp__req_q(e2b_mcp__req *rq, const char *key, const char *val) {
  e2b_mcp__req_qkey(rq, key);
  e2b_mcp__pct(&rq->w, val, strlen(val));
}
E2B_MCP__UNUSED static void e2b_mcp__req_qint(e2b_mcp__req *rq, const char *key, long long v) {
  char b[24];
  e2b_mcp__fmt_ll(b, v);
  e2b_mcp__req_q(rq, key, b);
}

/* Chunked-body decoder, in place and incremental: raw bytes are consumed as
   they arrive and the decoded body is written at or before them. */
enum { E2B_MCP__CH_SIZE, E2B_MCP__CH_EXT, E2B_MCP__CH_SIZE_LF, E2B_MCP__CH_DATA, E2B_MCP__CH_DATA_CR,
       E2B_MCP__CH_DATA_LF, E2B_MCP__CH_TRAILER, E2B_MCP__CH_TRAILER_LF, E2B_MCP__CH_DONE };

/* Decodes raw[0..n) into out (out <= raw); returns decoded bytes, or -1 on bad framing. */
static long e2b_mcp__chunked_run(e2b_mcp__chunked *d, char *out, const char *raw, size_t n) {
  size_t i = 0, o = 0;
  while (i < n && d->state != E2B_MCP__CH_DONE) {
    char c = raw[i];
    switch (d->state) {
      case E2B_MCP__CH_SIZE: {
        int h = e2b_mcp__hexval(c);
        if (h >= 0) {
          if (++d->digits > 8) return -1;
          d->left = d->left * 16 + (size_t)h; i++;
        } else if (d->digits && (c == ';' || c == ' ' || c == '\t')) { d->state = E2B_MCP__CH_EXT; i++; }
        else if (d->digits && c == '\r') { d->state = E2B_MCP__CH_SIZE_LF; i++; }
        else return -1;
        break;
      }
      case E2B_MCP__CH_EXT:
        if (c == '\r') d->state = E2B_MCP__CH_SIZE_LF;
        else if (c == '\n') return -1;
        i++;
        break;
      case E2B_MCP__CH_SIZE_LF:
        if (c != '\n') return -1;
        i++;
        d->state = d->left ? E2B_MCP__CH_DATA : E2B_MCP__CH_TRAILER;
        d->line_empty = 1;
        break;
      case E2B_MCP__CH_DATA: {
        size_t k = n - i < d->left ? n - i : d->left;
        memmove(out + o, raw + i, k);
        o += k; i += k; d->left -= k;
        if (!d->left) d->state = E2B_MCP__CH_DATA_CR;
        break;
      }
      case E2B_MCP__CH_DATA_CR: if (c != '\r') return -1; i++; d->state = E2B_MCP__CH_DATA_LF; break;
      case E2B_MCP__CH_DATA_LF:
        if (c != '\n') return -1;
        i++; d->state = E2B_MCP__CH_SIZE; d->digits = 0; d->left = 0;
        break;
      case E2B_MCP__CH_TRAILER:
        if (c == '\r') d->state = E2B_MCP__CH_TRAILER_LF;
        else d->line_empty = 0;
        i++;
        break;
      case E2B_MCP__CH_TRAILER_LF:
        if (c != '\n') return -1;
        i++;
        if (d->line_empty) d->state = E2B_MCP__CH_DONE;
        else { d->state = E2B_MCP__CH_TRAILER; d->line_empty = 1; }
        break;
      default: return -1;
    }
  }
  return (long)o;
}

/* One header line of a head p[0..n), from *at (past the first line), for
   both directions (the client reads E2B's responses, the HTTP transport its
   clients' requests): 1 with the name p[ns..ne) and the value p[vs..ve),
   white space trimmed, and *at past the line; 0 at the empty line that ends
   the head; -1 for a line without a name and a colon, or (strict: a
   request, where a proxy might read it otherwise, RFC 9112 5.1) with white
   space before the colon. */
typedef struct e2b_mcp__hline { size_t ns, ne, vs, ve; } e2b_mcp__hline;
static int e2b_mcp__head_line(const char *p, size_t n, size_t *at, e2b_mcp__hline *h, int strict) {
  size_t i = *at, ls = i, ve;
  while (i < n && p[i] != '\n') i++;
  ve = i;
  if (ve > ls && p[ve - 1] == '\r') ve--;
  *at = i + 1;
  if (ve == ls || ls >= n) return 0;
  for (i = ls; i < ve && p[i] != ':'; i++)
    if (strict && (p[i] == ' ' || p[i] == '\t')) return -1;
  if (i == ve || i == ls) return -1;
  h->ns = ls; h->ne = i;
  for (i++; i < ve && (p[i] == ' ' || p[i] == '\t'); i++) {}
  while (ve > i && (p[ve - 1] == ' ' || p[ve - 1] == '\t')) ve--;
  h->vs = i; h->ve = ve;
  return 1;
}

/* Parses the status line and the headers we use from head[0..n). Returns 0 or
   E2B_MCP_ERR_PROTOCOL. */

static int e2b_mcp__head_parse(const char *p, size_t n, e2b_mcp__head *h, e2b_mcp_response *r) {
  size_t i = 0;
  long long v;
  e2b_mcp__hline l;
  int got;
  memset(h, 0, sizeof *h);
  h->length = -1;
  if (n < 12 || memcmp(p, "HTTP/1.", 7) != 0 || p[8] != ' ') return E2B_MCP_ERR_PROTOCOL;
  if (e2b_mcp__parse_ll(p + 9, 3, &v) != 0 || v < 100 || v > 599) return E2B_MCP_ERR_PROTOCOL;
  h->status = (int)v;
  if (p[7] == '0') h->close = 1;   /* HTTP/1.0: no keep-alive unless told */
  while (i < n && p[i] != '\n') i++;
  i++;
  while ((got = e2b_mcp__head_line(p, n, &i, &l, 0)) != 0) {
    size_t vs = l.vs, ve = l.ve;
    if (got < 0) return E2B_MCP_ERR_PROTOCOL;
#define E2B_MCP__HDR(name) e2b_mcp__ieq(p + l.ns, l.ne - l.ns, name)
    if (E2B_MCP__HDR("content-length")) {
      if (e2b_mcp__parse_ll(p + vs, ve - vs, &v) != 0 || v < 0) return E2B_MCP_ERR_PROTOCOL;
      if (h->length >= 0 && h->length != v) return E2B_MCP_ERR_PROTOCOL;
      h->length = v;
    } else if (E2B_MCP__HDR("transfer-encoding")) {
      if (ve - vs >= 7 && e2b_mcp__ieq(p + ve - 7, 7, "chunked")) h->chunked = 1;
      else return E2B_MCP_ERR_PROTOCOL;   /* gzip and friends are never asked for */
    } else if (E2B_MCP__HDR("connection")) {
      if (e2b_mcp__ieq(p + vs, ve - vs, "close")) h->close = 1;
      else if (e2b_mcp__ieq(p + vs, ve - vs, "keep-alive")) h->close = 0;
    } else if (E2B_MCP__HDR("x-next-token")) {
      if (ve - vs >= sizeof r->next_token) return E2B_MCP_ERR_TOO_LARGE;
      memcpy(r->next_token, p + vs, ve - vs);
      r->next_token[ve - vs] = 0;
    } else if (E2B_MCP__HDR("x-total-running")) {
      if (e2b_mcp__parse_ll(p + vs, ve - vs, &v) == 0) r->total_running = (long)v;
    } else if (E2B_MCP__HDR("retry-after")) {
      if (e2b_mcp__parse_ll(p + vs, ve - vs, &v) == 0 && v >= 0) r->retry_after = v > 86400 ? 86400 : (long)v;
      else r->retry_after = 60;   /* an HTTP date: wait a minute rather than parse it */
    }
#undef E2B_MCP__HDR
  }
  if (h->chunked) h->length = -1;
  return 0;
}


/* Finishes the request's head in rq->w (Host, the key unless NULL, the body's length):
   0, or E2B_MCP_ERR_TOO_LARGE when it does not fit. */
static int e2b_mcp__req_end(e2b_mcp__req *rq, const char *key) {
  const e2b_mcp_url *u = rq->base;
  char num[24];
  e2b_mcp__req_lit(rq, " HTTP/1.1\r\nHost: ");
  if (e2b_mcp__strchr(u->host, ':')) {   /* an IPv6 literal keeps its brackets in Host (RFC 9110 7.2) */
    e2b_mcp__w_c(&rq->w, '[');
    e2b_mcp__req_lit(rq, u->host);
    e2b_mcp__w_c(&rq->w, ']');
  } else e2b_mcp__req_lit(rq, u->host);
  if ((u->https && u->port != 443) || (!u->https && u->port != 80)) {
    e2b_mcp__fmt_ll(num, (long long)u->port);
    e2b_mcp__w_c(&rq->w, ':');
    e2b_mcp__req_lit(rq, num);
  }
  e2b_mcp__req_lit(rq, "\r\nUser-Agent: e2b-mcp/" E2B_MCP_VERSION "\r\nAccept: application/json");
#ifdef E2B_MCP__DOC
  if (key)   /* none for a document from elsewhere (e2b_mcp__fetch): E2B's key goes to E2B only */
#endif
  { e2b_mcp__req_lit(rq, "\r\nX-API-Key: "); e2b_mcp__req_lit(rq, key); }
#if E2B_MCP_WITH_2026
  if (rq->trace) { e2b_mcp__req_lit(rq, "\r\ntraceparent: "); e2b_mcp__req_lit(rq, rq->trace); }
#endif
  if (rq->body.buf) {
    e2b_mcp__req_lit(rq, "\r\nContent-Type: application/json\r\nContent-Length: ");
    e2b_mcp__fmt_ll(num, (long long)rq->body.len);
    e2b_mcp__req_lit(rq, num);
  }
  e2b_mcp__req_lit(rq, "\r\n\r\n");
  return rq->w.err ? E2B_MCP_ERR_TOO_LARGE : 0;
}

/* ---- the exchange: one request and its response, sans I/O ---- */
enum { E2B_MCP__RD_HEAD, E2B_MCP__RD_CHUNKED, E2B_MCP__RD_LENGTH, E2B_MCP__RD_CLOSE };   /* how the response is read */

/* Takes the caller's buffers: the request (head, then body; body NULL or
   body_len 0: none) and the response's (in_cap bytes, and one for a NUL). */
static void e2b_mcp__exchange_init(e2b_mcp__exchange *x, const char *head, size_t head_len, const char *body, size_t body_len,
                                   char *in, size_t in_cap, int idempotent) {
  memset(x, 0, sizeof *x);
  x->head = head; x->head_len = head_len;
  x->body = body_len ? body : NULL; x->body_len = body ? body_len : 0;
  x->in = in; x->in_cap = in_cap;
  x->idempotent = (unsigned char)(idempotent != 0);
  x->r.retry_after = -1;
  x->r.total_running = -1;
}

/* Ends the exchange with err (the result says so; no status). Returns err. */
static int e2b_mcp__exchange_fail(e2b_mcp__exchange *x, int err) {
  x->r.err = err;
  x->r.status = 0;
  x->state = E2B_MCP__X_DONE;
  return err;
}

/* From the first byte on a connection (a new one, or again after a stale
   one): the response is due within timeout_ms of now (now 0: no clock). */
static void e2b_mcp__exchange_start(e2b_mcp__exchange *x, unsigned long now, unsigned long timeout_ms) {
  x->sent = x->have = x->hlen = x->got_body = 0;
  x->piece = 0; x->got = 0;
  x->mode = E2B_MCP__RD_HEAD;
  x->r.err = 0; x->r.status = 0;
  x->state = E2B_MCP__X_SEND;
  x->until = now ? now + timeout_ms : 0;
}

static int e2b_mcp__exchange_expired(const e2b_mcp__exchange *x, unsigned long now) {
  return x->until && now && (long)(now - x->until) >= 0;
}

/* What to send next: *p and its length; 0 once all is sent (the response is read then). */
static size_t e2b_mcp__exchange_out(e2b_mcp__exchange *x, const char **p) {
  if (x->state != E2B_MCP__X_SEND) return 0;
  if (x->piece == 0 && x->sent == x->head_len && x->body) { x->piece = 1; x->sent = 0; }
  if (x->piece == 0 ? x->sent == x->head_len : x->sent == x->body_len) { x->state = E2B_MCP__X_READ; return 0; }
  *p = (x->piece ? x->body : x->head) + x->sent;
  return (x->piece ? x->body_len : x->head_len) - x->sent;
}
static void e2b_mcp__exchange_sent(e2b_mcp__exchange *x, size_t n) { x->sent += n; }

/* The response is whole: the result points at the body, NUL-terminated. */
static int e2b_mcp__exchange_whole(e2b_mcp__exchange *x) {
  if (x->mode == E2B_MCP__RD_CHUNKED && x->got_body > x->in_cap) return e2b_mcp__exchange_fail(x, E2B_MCP_ERR_TOO_LARGE);
  if (x->mode != E2B_MCP__RD_CHUNKED) x->got_body = x->have;
  x->in[x->got_body] = 0;
  x->r.status = x->h.status;
  x->r.body = x->in;
  x->r.body_len = x->got_body;
  x->state = E2B_MCP__X_DONE;
  return 1;
}

/* Whether what came so far is the whole response (its head is read). */
static int e2b_mcp__exchange_complete(const e2b_mcp__exchange *x) {
  if (x->mode == E2B_MCP__RD_CHUNKED) return x->ch.state == E2B_MCP__CH_DONE;
  return x->mode == E2B_MCP__RD_LENGTH && x->have == (size_t)x->h.length;
}

/* Looks for the end of the response's head in what came; once it is there,
   what follows it is read by its framing. 0, or an error. */
static int e2b_mcp__exchange_head(e2b_mcp__exchange *x) {
  char *b = x->in;
  int r;
  for (;;) {
    size_t i, from = x->hlen;
    x->hlen = 0;
    for (i = from; i + 3 < x->have; i++)
      if (b[i] == '\r' && b[i + 1] == '\n' && b[i + 2] == '\r' && b[i + 3] == '\n') { x->hlen = i + 4; break; }
    if (!x->hlen) { x->hlen = x->have > 3 ? x->have - 3 : 0; return x->have == x->in_cap ? E2B_MCP_ERR_TOO_LARGE : 0; }
    if ((r = e2b_mcp__head_parse(b, x->hlen, &x->h, &x->r)) != 0) return r;
    /* interim 1xx heads (100 Continue, 103 Early Hints from a proxy or CDN)
       are skipped: the final response follows them */
    if (x->h.status == 101) return E2B_MCP_ERR_PROTOCOL;   /* a protocol switch is never asked for */
    x->have -= x->hlen;
    memmove(b, b + x->hlen, x->have);
    x->hlen = 0;
    if (x->h.status >= 200) break;
  }
  x->got_body = 0;
  if (x->h.status == 204 || x->h.status == 304) {   /* no body (the client never sends HEAD) */
    x->h.length = 0; x->h.chunked = 0;
    x->mode = E2B_MCP__RD_LENGTH;
    x->have = 0;
  } else if (x->h.chunked) {
    long d;
    memset(&x->ch, 0, sizeof x->ch);
    x->mode = E2B_MCP__RD_CHUNKED;
    if ((d = e2b_mcp__chunked_run(&x->ch, b, b, x->have)) < 0) return E2B_MCP_ERR_PROTOCOL;
    x->got_body = (size_t)d;
  } else if (x->h.length >= 0) {
    if ((unsigned long long)x->h.length > x->in_cap) return E2B_MCP_ERR_TOO_LARGE;
    x->mode = E2B_MCP__RD_LENGTH;
    if (x->have > (size_t)x->h.length) x->have = (size_t)x->h.length;   /* a pipelined surplus is not expected; drop it */
  } else {
    x->mode = E2B_MCP__RD_CLOSE;
    x->h.close = 1;
  }
  return 0;
}

/* Where the response's next bytes go: *p and the room there; 0 when the
   exchange takes none (it is done: whole, or failed, e.g. too large). */
static size_t e2b_mcp__exchange_in(e2b_mcp__exchange *x, char **p) {
  const size_t cap = x->in_cap;   /* in has cap + 1 bytes: a body of exactly cap still fits */
  size_t at, end;
  if (x->state != E2B_MCP__X_READ) return 0;
  switch (x->mode) {
    case E2B_MCP__RD_HEAD:
      if (x->have == cap) { e2b_mcp__exchange_fail(x, E2B_MCP_ERR_TOO_LARGE); return 0; }
      at = x->have; end = cap;
      break;
    case E2B_MCP__RD_CHUNKED:   /* raw bytes land after the decoded body, which they are decoded onto */
      if (x->got_body > cap) { e2b_mcp__exchange_fail(x, E2B_MCP_ERR_TOO_LARGE); return 0; }
      at = x->got_body; end = cap + 1;
      break;
    case E2B_MCP__RD_LENGTH:
      at = x->have; end = (size_t)x->h.length;
      break;
    default:   /* close-delimited: one byte past cap tells a response too large */
      if (x->have > cap) { e2b_mcp__exchange_fail(x, E2B_MCP_ERR_TOO_LARGE); return 0; }
      at = x->have; end = cap + 1;
  }
  *p = x->in + at;
  return end - at;
}

/* n bytes came where e2b_mcp__exchange_in said: 1 the response is whole (the
   result is in x->r), 0 more to come, < 0 the exchange failed (x->r.err). */
static int e2b_mcp__exchange_received(e2b_mcp__exchange *x, size_t n) {
  int r;
  if (x->state != E2B_MCP__X_READ) return x->r.err ? x->r.err : 1;
  switch (x->mode) {
    case E2B_MCP__RD_HEAD:
      x->got = 1;
      x->have += n;
      if ((r = e2b_mcp__exchange_head(x)) != 0) return e2b_mcp__exchange_fail(x, r);
      if (x->mode == E2B_MCP__RD_HEAD) return 0;
      break;
    case E2B_MCP__RD_CHUNKED: {
      char *at = x->in + x->got_body;
      long d = e2b_mcp__chunked_run(&x->ch, at, at, n);
      if (d < 0) return e2b_mcp__exchange_fail(x, E2B_MCP_ERR_PROTOCOL);
      x->got_body += (size_t)d;
      break;
    }
    case E2B_MCP__RD_LENGTH: x->have += n; break;
    default: x->have += n; return 0;   /* close-delimited: the end of the stream ends it */
  }
  return e2b_mcp__exchange_complete(x) ? e2b_mcp__exchange_whole(x) : 0;
}

/* The peer ended the stream: the end of a close-delimited body, else the
   response was cut (E2B_MCP_ERR_CLOSED). Returns as _received does. */
static int e2b_mcp__exchange_closed(e2b_mcp__exchange *x) {
  if (x->state != E2B_MCP__X_READ) return x->r.err ? x->r.err : 1;
  if (x->mode != E2B_MCP__RD_CLOSE) return e2b_mcp__exchange_fail(x, E2B_MCP_ERR_CLOSED);
  if (x->have > x->in_cap) return e2b_mcp__exchange_fail(x, E2B_MCP_ERR_TOO_LARGE);
  return e2b_mcp__exchange_whole(x);
}

/* Whether the connection can carry the next request: the response is whole
   and neither side asked to close. */
static int e2b_mcp__exchange_keep(const e2b_mcp__exchange *x) {
  return x->state == E2B_MCP__X_DONE && !x->r.err && !x->h.close;
}

/* ---- the client: one exchange over a keep-alive connection, moved on without waiting ----
   A request goes out and its response comes in through these states;
   e2b_mcp__client_step moves them as far as the socket allows and leaves in
   k->want what the socket must become (E2B_MCP_WANT_*), in k->until when the
   step is due (the connect timeout for connecting and the handshake, the
   read timeout for the whole response: a server that trickles a byte at a time
   cannot hold a call longer). The connection (c) is the caller's and stays
   open from request to request; TLS or not is its stream's business. */
enum { E2B_MCP__IO_IDLE, E2B_MCP__IO_CONNECT, E2B_MCP__IO_CONNECTING, E2B_MCP__IO_HANDSHAKE, E2B_MCP__IO_SEND,
       E2B_MCP__IO_FLUSH, E2B_MCP__IO_READ, E2B_MCP__IO_DONE };

/* Starts the request rq (built into its buffers; the head is finished here
   with the key) with the response to come into in[0..in_cap] (one more for a NUL). */
static void e2b_mcp__client_begin(e2b_mcp__client *k, e2b_mcp__req *rq, const char *key, char *in, size_t in_cap) {
  int err = e2b_mcp__req_end(rq, key);
  e2b_mcp__exchange_init(&k->x, rq->w.buf, rq->w.len, rq->body.buf, rq->body.len, in, in_cap, rq->idempotent);
  k->attempt = 0; k->reused = 0; k->want = 0; k->until = 0; k->trusted = 0;
  k->io = E2B_MCP__IO_CONNECT;
  if (err) { e2b_mcp__exchange_fail(&k->x, err); k->io = E2B_MCP__IO_DONE; }
}

/* A failed request: the connection goes (the next call starts clean), and a
   reused one that died idle is tried once more. */
static void e2b_mcp__client_fail(e2b_mcp__client *k, e2b_mcp_conn *c, int err) {
  /* past the handshake, a TLS failure may come after E2B acted on the request */
  if (k->io >= E2B_MCP__IO_SEND && err <= E2B_MCP_ERR_TLS && err >= E2B_MCP_ERR_TLS_NAME) err = E2B_MCP_ERR_TLS_BROKEN;
  e2b_mcp__conn_close(c);
  /* Only a connection that sat idle may have died under us; retry it once,
     and only a request that is safe to repeat (never a create, which would
     start and bill a second sandbox). */
  if (k->reused && !k->x.got && k->x.idempotent && k->attempt == 0 && (err == E2B_MCP_ERR_CLOSED || err == E2B_MCP_ERR_RESET)) {
    k->attempt = 1;
    k->io = E2B_MCP__IO_CONNECT;
    return;
  }
  e2b_mcp__exchange_fail(&k->x, err);
  k->io = E2B_MCP__IO_DONE;
}

/* Whether what k waits for is late: the connect (or handshake), or the response. */
static int e2b_mcp__client_late(const e2b_mcp__client *k, unsigned long now) {
  if (k->io >= E2B_MCP__IO_SEND) return e2b_mcp__exchange_expired(&k->x, now);
  return k->until && now && (long)(now - k->until) >= 0;
}

/* Moves the request on as far as it goes without waiting, at time now. */
static void e2b_mcp__client_step(e2b_mcp__client *k, e2b_mcp_conn *c, const e2b_mcp__dial *d, unsigned long now) {
  e2b_mcp__exchange *x = &k->x;
  e2b_mcp_url *u = d->url;
  int r;
  /* The step waits (returns) only when its socket has nothing for it now,
     and then only until k->until: what came meanwhile is read first, so a
     request that stood still (its caller busy elsewhere) is not failed for that. */
#define E2B_MCP__WAIT_FOR(w) { \
    if (e2b_mcp__client_late(k, now)) { e2b_mcp__client_fail(k, c, E2B_MCP_ERR_TIMEOUT); continue; } \
    k->want = (unsigned char)(w); return; }   /* a block, not do-while: its continue is the loop's */
  for (;;) {
    switch (k->io) {
      case E2B_MCP__IO_CONNECT:
        k->reused = 0;
        if (c->open && c->https == u->https && c->port == u->port && e2b_mcp__streq(c->host, u->host)) {
          /* a close the peer sent while it was idle shows as readable; one in
             flight meanwhile fails the request, which is sent again when it is
             safe to (e2b_mcp__client_fail) */
          if ((k->trusted && !k->attempt) || e2b_mcp__sock_idle_ok(&c->sock)) { k->reused = 1; goto connected; }
          /* closed (or talking) while idle: start afresh */
        }
        e2b_mcp__conn_close(c);
#ifdef E2B_MCP_TLS_NONE
        if (u->https) { e2b_mcp__client_fail(k, c, E2B_MCP_ERR_NO_TLS); continue; }
#endif
        if (u->https && !d->trust) { e2b_mcp__client_fail(k, c, E2B_MCP_ERR_TLS_TRUST); continue; }
        if ((r = e2b_mcp__resolve(d->net, u, now, d->dns_ttl_ms)) != 0) { e2b_mcp__client_fail(k, c, r); continue; }
        c->sock.h = -1;
        c->sock.port = d->net;
        c->https = u->https;
#ifdef E2B_MCP_TLS_NONE
        c->st = &e2b_mcp__stream_plain;
#else
        c->st = u->https ? &e2b_mcp__stream_tls : &e2b_mcp__stream_plain;
#endif
        k->until = now ? now + d->connect_ms : 0;
        k->io = E2B_MCP__IO_CONNECTING;
        /* fall through */
      case E2B_MCP__IO_CONNECTING:
        r = d->net->connect(d->net->user, &c->sock, &u->addr, u->port);
        if (r == E2B_MCP_ERR_AGAIN) E2B_MCP__WAIT_FOR(E2B_MCP_WANT_WRITE);
        if (r != 0) {
          if (r == E2B_MCP_ERR_CONNECT) u->addr.family = 0;   /* the address may have moved: ask again next time */
          e2b_mcp__sock_close(&c->sock);
          e2b_mcp__client_fail(k, c, r);
          continue;
        }
#ifdef E2B_MCP__TLS_LEND_ROOM
        /* the answer buffer's tail is empty until the answer (the body and the
           question end before it: >>engine's body_cap) */
        c->lend = x->in_cap >= E2B_MCP__TLS_LEND_ROOM ? x->in + x->in_cap - E2B_MCP__TLS_LEND_ROOM : NULL;
        c->lend_n = E2B_MCP__TLS_LEND_ROOM;
#endif
        if ((r = c->st->start(c, d->trust, u->host)) != 0) { e2b_mcp__sock_close(&c->sock); e2b_mcp__client_fail(k, c, r); continue; }
        k->io = E2B_MCP__IO_HANDSHAKE;
        /* fall through */
      case E2B_MCP__IO_HANDSHAKE:
        r = c->st->handshake(c, d->trust);
        if (r == E2B_MCP_ERR_AGAIN) E2B_MCP__WAIT_FOR(c->st->want(c, E2B_MCP_WANT_READ));
        if (r != 0) { e2b_mcp__sock_close(&c->sock); e2b_mcp__client_fail(k, c, r); continue; }
        c->open = 1; c->port = u->port;
        e2b_mcp__strlcpy(c->host, u->host, sizeof c->host);
        c->connects++;
      connected:
        e2b_mcp__exchange_start(x, now, d->read_ms);
        k->until = x->until;
        k->io = E2B_MCP__IO_SEND;
        /* fall through */
      case E2B_MCP__IO_SEND: {
        const char *p = NULL;
        size_t n = e2b_mcp__exchange_out(x, &p);
        if (n) {
          r = c->st->send(c, (const unsigned char *)p, n);
          if (r == E2B_MCP_ERR_AGAIN) E2B_MCP__WAIT_FOR(c->st->want(c, E2B_MCP_WANT_WRITE));
          if (r <= 0) { e2b_mcp__client_fail(k, c, r < 0 ? r : E2B_MCP_ERR_CLOSED); continue; }
          e2b_mcp__exchange_sent(x, (size_t)r);
          continue;
        }
        k->io = E2B_MCP__IO_FLUSH;
      }
        /* fall through */
      case E2B_MCP__IO_FLUSH:
        if ((r = c->st->flush(c)) != 0) {
          if (r == E2B_MCP_ERR_AGAIN) E2B_MCP__WAIT_FOR(c->st->want(c, E2B_MCP_WANT_WRITE));
          e2b_mcp__client_fail(k, c, r);
          continue;
        }
        k->io = E2B_MCP__IO_READ;
        /* fall through */
      case E2B_MCP__IO_READ: {
        char *p = NULL;
        size_t n = e2b_mcp__exchange_in(x, &p);
        if (!n) { e2b_mcp__client_fail(k, c, x->r.err ? x->r.err : E2B_MCP_ERR_TOO_LARGE); continue; }
        r = c->st->recv(c, (unsigned char *)p, n);
        if (r == E2B_MCP_ERR_AGAIN) E2B_MCP__WAIT_FOR(c->st->want(c, E2B_MCP_WANT_READ));
        if (r > 0) r = e2b_mcp__exchange_received(x, (size_t)r);
        else if (r == 0) r = e2b_mcp__exchange_closed(x);
        if (r < 0) { e2b_mcp__client_fail(k, c, r); continue; }
        if (r == 0) continue;
        c->requests++;
        if (!e2b_mcp__exchange_keep(x)) e2b_mcp__conn_close(c);
        k->io = E2B_MCP__IO_DONE;
        return;
      }
      default: return;   /* idle, or done */
    }
  }
#undef E2B_MCP__WAIT_FOR
}

/* The blocking convenience: runs k's request to its end, waiting on its socket alone. */
static void e2b_mcp__client_run(e2b_mcp__client *k, e2b_mcp_conn *c, const e2b_mcp__dial *d) {
  for (;;) {
    e2b_mcp_poll q;
    unsigned long now = e2b_mcp__port_now(d->net);
    long left;
    e2b_mcp__client_step(k, c, d, now);
    if (k->io == E2B_MCP__IO_DONE) return;
    now = e2b_mcp__port_now(d->net);
    left = k->until && now ? (long)(k->until - now) : (long)d->read_ms;
    if (left < 1) left = 1;
    q.sock = &c->sock; q.want = k->want; q.ready = 0;
    if (d->net->wait(d->net->user, &q, 1, (int)left) <= 0 && !now) e2b_mcp__client_fail(k, c, E2B_MCP_ERR_TIMEOUT);   /* no clock: a silent wait is the timeout */
  }
}
