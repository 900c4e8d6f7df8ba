/* >>http client -------------------------------------------------------------
   HTTP/1.1 to E2B, one exchange per call slot, never waiting: URL parsing and
   the DNS cache, a request writer, the response head's parser (one header-line
   reader for both directions), a chunked decoder, and the exchange's state
   machine (e2b_mcp__client_step) over the slot's keep-alive connection, with
   its blocking convenience (e2b_mcp__client_run). Answers are bounded by
   E2B_MCP_RESP_MAX; a connection that went stale while idle is reopened once,
   transparently, when nothing of the answer was read yet. */

/* Parses http[s]://host[:port][/prefix]. */
static int e2b_mcp__url_parse(e2b_mcp_url *u, const char *url) {
  const char *p, *h, *he, *pe;
  size_t hn;
  memset(u, 0, sizeof *u);
  if (strncmp(url, "https://", 8) == 0) { u->https = 1; u->port = 443; p = url + 8; }
  else if (strncmp(url, "http://", 7) == 0) { u->port = 80; p = url + 7; }
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

/* Closes the connection, or the socket of one still connecting or in its handshake. */
static void e2b_mcp__conn_close(e2b_mcp_conn *c) {
  if (c->open && c->https) e2b_mcp__tls_close(&c->tls, &c->sock);
  if (c->open || c->sock.h >= 0) e2b_mcp__sock_close(&c->sock);
  c->open = 0;
}

/* The address of u's host: resolved once, then reused for cfg.dns_ttl_ms
   (the port's resolve may block; nothing else here does). */
static int e2b_mcp__resolve(e2b_mcp_server *s, e2b_mcp_url *u) {
  unsigned long now = e2b_mcp__now_ms(s);
  if (u->addr.family && (!now || now - u->addr_ms < (unsigned long)s->cfg.dns_ttl_ms)) return 0;
  u->addr.family = 0;
  if (!s->net->resolve || s->net->resolve(s->net->user, u->host, &u->addr) != 0 || !u->addr.family) {
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
  rq->idempotent = strcmp(method, "POST") != 0;   /* a handler may say so for its POST */
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
static void e2b_mcp__req_qkey(e2b_mcp__req *rq, const char *key) {
  e2b_mcp__w_c(&rq->w, rq->has_query ? '&' : '?');
  rq->has_query = 1;
  e2b_mcp__req_lit(rq, key);
  e2b_mcp__w_c(&rq->w, '=');
}
static void e2b_mcp__req_q(e2b_mcp__req *rq, const char *key, const char *val) {
  e2b_mcp__req_qkey(rq, key);
  e2b_mcp__pct(&rq->w, val, strlen(val));
}
static void e2b_mcp__req_qint(e2b_mcp__req *rq, const char *key, long long v) {
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
   both directions (the client reads E2B's answers, the HTTP transport its
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

static int e2b_mcp__head_parse(const char *p, size_t n, e2b_mcp__head *h, e2b_mcp_http_resp *r) {
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

/* ---- one exchange, moved on without waiting ----
   A call slot's request goes out and its answer comes in through these
   states; e2b_mcp__client_step moves them as far as the sockets allow and
   leaves in k->want what the socket must become (E2B_MCP_WANT_*), in
   k->until when the step is due (the connect timeout for connecting and the
   handshake, the read timeout for the whole answer: a server that trickles a
   byte at a time cannot hold a call longer). The answer lands in k->resp,
   bounded by E2B_MCP_RESP_MAX; k->r says what came. A connection that went
   stale while idle is reopened once, transparently, when nothing of the
   answer was read yet and the request is safe to repeat. */
enum { E2B_MCP__IO_IDLE, E2B_MCP__IO_CONNECT, E2B_MCP__IO_CONNECTING, E2B_MCP__IO_HANDSHAKE, E2B_MCP__IO_SEND,
       E2B_MCP__IO_FLUSH, E2B_MCP__IO_READ, E2B_MCP__IO_DONE };
enum { E2B_MCP__RD_HEAD, E2B_MCP__RD_CHUNKED, E2B_MCP__RD_LENGTH, E2B_MCP__RD_CLOSE };   /* what is being read */

/* The server's own URL the request goes to (it keeps the resolved address). */
static e2b_mcp_url *e2b_mcp__client_url(e2b_mcp_server *s, const e2b_mcp__slot *k) { return k->rq.base == &s->dash ? &s->dash : &s->api; }

/* Finishes the request's head (Host, the key, the body's length) and starts the exchange. */
static void e2b_mcp__client_begin(e2b_mcp__slot *k) {
  e2b_mcp__req *rq = &k->rq;
  const e2b_mcp_url *u = rq->base;
  char num[24];
  memset(&k->r, 0, sizeof k->r);
  k->r.retry_after = -1;
  k->r.total_running = -1;
  e2b_mcp__req_lit(rq, " HTTP/1.1\r\nHost: ");
  if (strchr(u->host, ':')) {   /* an IPv6 literal keeps its brackets in Host (RFC 9110 7.2) */
    e2b_mcp__w_c(&rq->w, '[');
    e2b_mcp__req_lit(rq, u->host);
    e2b_mcp__w_c(&rq->w, ']');
  } else e2b_mcp__req_lit(rq, u->host);
  if ((u->https && u->port != 443) || (!u->https && u->port != 80)) {
    e2b_mcp__fmt_ll(num, (long long)u->port);
    e2b_mcp__w_c(&rq->w, ':');
    e2b_mcp__req_lit(rq, num);
  }
  e2b_mcp__req_lit(rq, "\r\nUser-Agent: e2b-mcp/" E2B_MCP_VERSION "\r\nAccept: application/json\r\nX-API-Key: ");
  e2b_mcp__req_lit(rq, k->key);
  if (rq->body.buf) {
    e2b_mcp__req_lit(rq, "\r\nContent-Type: application/json\r\nContent-Length: ");
    e2b_mcp__fmt_ll(num, (long long)rq->body.len);
    e2b_mcp__req_lit(rq, num);
  }
  e2b_mcp__req_lit(rq, "\r\n\r\n");
  k->attempt = 0;
  k->io = E2B_MCP__IO_CONNECT;
  if (rq->w.err) { k->r.err = E2B_MCP_ERR_TOO_LARGE; k->io = E2B_MCP__IO_DONE; }
}

/* A failed exchange: the connection goes (the next call starts clean), and a
   reused one that died idle is tried once more. */
static void e2b_mcp__client_fail(e2b_mcp__slot *k, int err) {
  /* past the handshake, a TLS failure may come after E2B acted on the request */
  if (k->io >= E2B_MCP__IO_SEND && err <= E2B_MCP_ERR_TLS && err >= E2B_MCP_ERR_TLS_NAME) err = E2B_MCP_ERR_TLS_BROKEN;
  e2b_mcp__conn_close(&k->conn);
  /* Only a connection that sat idle may have died under us; retry it once,
     and only a request that is safe to repeat (never a create, which would
     start and bill a second sandbox). */
  if (k->reused && !k->got && k->rq.idempotent && k->attempt == 0 && (err == E2B_MCP_ERR_CLOSED || err == E2B_MCP_ERR_RESET)) {
    k->attempt = 1;
    k->io = E2B_MCP__IO_CONNECT;
    return;
  }
  k->r.err = err;
  k->r.status = 0;
  k->io = E2B_MCP__IO_DONE;
}

static int e2b_mcp__client_send(e2b_mcp_conn *c, const char *p, size_t n) {
  if (c->https) return e2b_mcp__tls_send(&c->tls, &c->sock, (const unsigned char *)p, n);
  return c->sock.port->send(c->sock.port->user, &c->sock, (const unsigned char *)p, n);
}
static int e2b_mcp__client_recv(e2b_mcp_conn *c, char *p, size_t n) {
  if (c->https) return e2b_mcp__tls_recv(&c->tls, &c->sock, (unsigned char *)p, n);
  return e2b_mcp__sock_recv(&c->sock, (unsigned char *)p, n);
}
static int e2b_mcp__client_want(const e2b_mcp_conn *c, int plain) { return c->https ? c->tls.want : plain; }

/* The answer's head is in; what follows it is read by its framing. 0, or an error. */
static int e2b_mcp__client_head(e2b_mcp__slot *k) {
  char *b = k->resp;
  int r;
  for (;;) {
    size_t i, from = k->hlen;
    k->hlen = 0;
    for (i = from; i + 3 < k->have; i++)
      if (b[i] == '\r' && b[i + 1] == '\n' && b[i + 2] == '\r' && b[i + 3] == '\n') { k->hlen = i + 4; break; }
    if (!k->hlen) { k->hlen = k->have > 3 ? k->have - 3 : 0; return k->have == E2B_MCP_RESP_MAX ? E2B_MCP_ERR_TOO_LARGE : 0; }
    if ((r = e2b_mcp__head_parse(b, k->hlen, &k->head, &k->r)) != 0) return r;
    /* interim 1xx heads (100 Continue, 103 Early Hints from a proxy or CDN)
       are skipped: the final answer follows them */
    if (k->head.status == 101) return E2B_MCP_ERR_PROTOCOL;   /* a protocol switch is never asked for */
    k->have -= k->hlen;
    memmove(b, b + k->hlen, k->have);
    k->hlen = 0;
    if (k->head.status >= 200) break;
  }
  k->r.status = k->head.status;
  k->body = 0;
  if (k->head.status == 204 || k->head.status == 304) {   /* no body (the client never sends HEAD) */
    k->head.length = 0; k->head.chunked = 0;
    k->mode = E2B_MCP__RD_LENGTH;
    k->have = 0;
  } else if (k->head.chunked) {
    long d;
    memset(&k->ch, 0, sizeof k->ch);
    k->mode = E2B_MCP__RD_CHUNKED;
    if ((d = e2b_mcp__chunked_run(&k->ch, b, b, k->have)) < 0) return E2B_MCP_ERR_PROTOCOL;
    k->body = (size_t)d;
  } else if (k->head.length >= 0) {
    if ((unsigned long long)k->head.length > E2B_MCP_RESP_MAX) return E2B_MCP_ERR_TOO_LARGE;
    k->mode = E2B_MCP__RD_LENGTH;
    if (k->have > (size_t)k->head.length) k->have = (size_t)k->head.length;   /* a pipelined surplus is not expected; drop it */
  } else {
    k->mode = E2B_MCP__RD_CLOSE;
    k->head.close = 1;
  }
  return 0;
}

/* Whether the answer is complete. */
static int e2b_mcp__client_whole(const e2b_mcp__slot *k) {
  if (k->mode == E2B_MCP__RD_CHUNKED) return k->ch.state == E2B_MCP__CH_DONE;
  return k->mode == E2B_MCP__RD_LENGTH && k->have == (size_t)k->head.length;
}

/* Reads what is there. 1: the answer is whole; 0: more to come; < 0 an error. */
static int e2b_mcp__client_read(e2b_mcp__slot *k) {
  char *b = k->resp;
  const size_t cap = E2B_MCP_RESP_MAX;   /* resp has cap + 1 bytes: a body of exactly cap still fits */
  int n;
  switch (k->mode) {
    case E2B_MCP__RD_HEAD:
      if (k->have == cap) return E2B_MCP_ERR_TOO_LARGE;
      n = e2b_mcp__client_recv(&k->conn, b + k->have, cap - k->have);
      if (n <= 0) return n == 0 ? E2B_MCP_ERR_CLOSED : n;
      k->got = 1;
      k->have += (size_t)n;
      if ((n = e2b_mcp__client_head(k)) != 0) return n;
      break;
    case E2B_MCP__RD_CHUNKED: {
      long d;
      if (k->body > cap) return E2B_MCP_ERR_TOO_LARGE;
      n = e2b_mcp__client_recv(&k->conn, b + k->body, cap + 1 - k->body);
      if (n <= 0) return n == 0 ? E2B_MCP_ERR_CLOSED : n;
      if ((d = e2b_mcp__chunked_run(&k->ch, b + k->body, b + k->body, (size_t)n)) < 0) return E2B_MCP_ERR_PROTOCOL;
      k->body += (size_t)d;
      break;
    }
    case E2B_MCP__RD_LENGTH:
      n = e2b_mcp__client_recv(&k->conn, b + k->have, (size_t)k->head.length - k->have);
      if (n <= 0) return n == 0 ? E2B_MCP_ERR_CLOSED : n;
      k->have += (size_t)n;
      break;
    default:   /* close-delimited */
      if (k->have > cap) return E2B_MCP_ERR_TOO_LARGE;
      n = e2b_mcp__client_recv(&k->conn, b + k->have, cap + 1 - k->have);
      if (n < 0) return n;
      if (n == 0) { k->body = k->have; return k->have > cap ? E2B_MCP_ERR_TOO_LARGE : 1; }
      k->have += (size_t)n;
      return 0;
  }
  if (k->mode == E2B_MCP__RD_HEAD || !e2b_mcp__client_whole(k)) return 0;
  if (k->mode == E2B_MCP__RD_CHUNKED && k->body > cap) return E2B_MCP_ERR_TOO_LARGE;
  if (k->mode == E2B_MCP__RD_LENGTH) k->body = k->have;
  return 1;
}

/* Moves the exchange on as far as it goes without waiting. */
static void e2b_mcp__client_step(e2b_mcp_server *s, e2b_mcp__slot *k) {
  e2b_mcp_conn *c = &k->conn;
  e2b_mcp_url *u = e2b_mcp__client_url(s, k);
  unsigned long now = e2b_mcp__now_ms(s);
  int r;
  /* The step waits (returns) only when its socket has nothing for it now,
     and then only until k->until: what came meanwhile is read first, so a
     call that stood still (its engine busy elsewhere) is not failed for that. */
#define E2B_MCP__WAIT_FOR(w) { \
    if (k->until && now && (long)(now - k->until) >= 0) { e2b_mcp__client_fail(k, E2B_MCP_ERR_TIMEOUT); continue; } \
    k->want = (w); return; }   /* a block, not do-while: its continue is the loop's */
  for (;;) {
    if (k->io == E2B_MCP__IO_DONE || k->io == E2B_MCP__IO_IDLE) return;
    switch (k->io) {
      case E2B_MCP__IO_CONNECT:
        k->reused = k->got = 0;
        if (c->open && c->https == u->https && c->port == u->port && strcmp(c->host, u->host) == 0) {
          if (e2b_mcp__sock_idle_ok(&c->sock)) { k->reused = 1; goto connected; }
          /* closed (or talking) while idle: start afresh */
        }
        e2b_mcp__conn_close(c);
#ifdef E2B_MCP_TLS_NONE
        if (u->https) { e2b_mcp__client_fail(k, E2B_MCP_ERR_NO_TLS); continue; }
#endif
        if (u->https && !s->trust_loaded) { e2b_mcp__client_fail(k, E2B_MCP_ERR_TLS_TRUST); continue; }
        if ((r = e2b_mcp__resolve(s, u)) != 0) { e2b_mcp__client_fail(k, r); continue; }
        c->sock.h = -1;
        c->sock.port = s->net;
        c->https = u->https;
        k->until = now ? now + (unsigned long)s->cfg.connect_timeout_ms : 0;
        k->io = E2B_MCP__IO_CONNECTING;
        /* fall through */
      case E2B_MCP__IO_CONNECTING:
        r = s->net->connect(s->net->user, &c->sock, &u->addr, u->port);
        if (r == E2B_MCP_ERR_AGAIN) E2B_MCP__WAIT_FOR(E2B_MCP_WANT_WRITE);
        if (r != 0) {
          if (r == E2B_MCP_ERR_CONNECT) u->addr.family = 0;   /* the address may have moved: ask again next time */
          e2b_mcp__sock_close(&c->sock);
          e2b_mcp__client_fail(k, r);
          continue;
        }
        if (!u->https) goto opened;
        if ((r = e2b_mcp__tls_start(&c->tls, &s->trust, u->host)) != 0) { e2b_mcp__sock_close(&c->sock); e2b_mcp__client_fail(k, r); continue; }
        k->io = E2B_MCP__IO_HANDSHAKE;
        /* fall through */
      case E2B_MCP__IO_HANDSHAKE:
        r = e2b_mcp__tls_handshake(&c->tls, &s->trust, &c->sock);
        if (r == E2B_MCP_ERR_AGAIN) E2B_MCP__WAIT_FOR(c->tls.want);
        if (r != 0) { e2b_mcp__sock_close(&c->sock); e2b_mcp__client_fail(k, r); continue; }
      opened:
        c->open = 1; c->https = u->https; c->port = u->port;
        e2b_mcp__strlcpy(c->host, u->host, sizeof c->host);
        c->connects++;
      connected:
        k->sent = 0; k->piece = 0;
        k->have = k->hlen = k->body = 0;
        k->mode = E2B_MCP__RD_HEAD;
        k->until = now ? now + (unsigned long)s->cfg.read_timeout_ms : 0;
        k->io = E2B_MCP__IO_SEND;
        /* fall through */
      case E2B_MCP__IO_SEND: {
        const char *p = k->piece ? k->rq.body.buf : k->req;
        size_t n = k->piece ? k->rq.body.len : k->rq.w.len;
        if (k->sent < n) {
          r = e2b_mcp__client_send(c, p + k->sent, n - k->sent);
          if (r == E2B_MCP_ERR_AGAIN) E2B_MCP__WAIT_FOR(e2b_mcp__client_want(c, E2B_MCP_WANT_WRITE));
          if (r <= 0) { e2b_mcp__client_fail(k, r < 0 ? r : E2B_MCP_ERR_CLOSED); continue; }
          k->sent += (size_t)r;
          continue;
        }
        if (!k->piece && k->rq.body.buf && k->rq.body.len) { k->piece = 1; k->sent = 0; continue; }
        k->io = E2B_MCP__IO_FLUSH;
      }
        /* fall through */
      case E2B_MCP__IO_FLUSH:
        if (c->https && (r = e2b_mcp__tls_flush(&c->tls, &c->sock)) != 0) {
          if (r == E2B_MCP_ERR_AGAIN) E2B_MCP__WAIT_FOR(c->tls.want);
          e2b_mcp__client_fail(k, r);
          continue;
        }
        k->io = E2B_MCP__IO_READ;
        /* fall through */
      case E2B_MCP__IO_READ:
        r = e2b_mcp__client_read(k);
        if (r == E2B_MCP_ERR_AGAIN) E2B_MCP__WAIT_FOR(e2b_mcp__client_want(c, E2B_MCP_WANT_READ));
        if (r < 0) { e2b_mcp__client_fail(k, r); continue; }
        if (r == 0) continue;
        k->resp[k->body] = 0;
        k->r.body = k->resp;
        k->r.body_len = k->body;
        c->requests++;
        if (k->head.close) e2b_mcp__conn_close(c);
        k->io = E2B_MCP__IO_DONE;
        return;
      default: return;
    }
  }
#undef E2B_MCP__WAIT_FOR
}

/* The blocking convenience: runs k's exchange to its end, waiting on its socket alone. */
static void e2b_mcp__client_run(e2b_mcp_server *s, e2b_mcp__slot *k) {
  for (;;) {
    e2b_mcp_poll q;
    unsigned long now;
    long left;
    e2b_mcp__client_step(s, k);
    if (k->io == E2B_MCP__IO_DONE) return;
    now = e2b_mcp__now_ms(s);
    left = k->until && now ? (long)(k->until - now) : (long)s->cfg.read_timeout_ms;
    if (left < 1) left = 1;
    q.sock = &k->conn.sock; q.want = k->want; q.ready = 0;
    if (s->net->wait(s->net->user, &q, 1, (int)left) <= 0 && !now) e2b_mcp__client_fail(k, E2B_MCP_ERR_TIMEOUT);   /* no clock: a silent wait is the timeout */
  }
}

