#include "http.h"
#include "front.h"
#include "config.h"
#include "derived.h"
#include "errors.h"
#include "util.h"
#include "json.h"
#include "metrics.h"
#include "port.h"
#include "client.h"
#include "seal.h"
#include "auth.h"
#include "principal.h"
#include "mcp.h"
#include "resources.h"
#include "engine.h"
#include "ops.h"
/* >>transport: streamable http ------------------------------------------------
   MCP over HTTP/1.1 on one endpoint, /mcp (Streamable HTTP, 2025-03-26 on),
   and beside it the public documents a client reads before it connects: the
   server card, and with access tokens (>>auth) the OAuth metadata.
   One thread and a poll loop over fixed slots inside the server: a listener,
   E2B_MCP_HTTP_CONNS connections (each buffers one request, bounded: 431 for
   a long head, 413 for a long body, 408 when it does not arrive in time),
   E2B_MCP_HTTP_SESSIONS sessions (each an e2b_mcp_session, handed to the
   engine with each message of its client) and a few lingering sockets. A connection beyond the slots
   takes the slot of the longest idle one (no request in progress); when every
   slot has one, it gets 503, then is drained and closed so it reads the answer.
   A connection that has sent no request yet has the request timeout, not the
   idle one, so silent connections cannot keep the slots.

   A request is checked in this order: a public document (answered as it
   is), /healthz and /readyz (>>ops, open to all), path (404), Host and
   Origin against DNS rebinding (403), /metrics (its own rules), then who
   sent it, decided once by >>principal (the access token, the static token,
   the client's own E2B key; 401, 429 for an address whose tokens keep
   failing, 503 while too many wait for the issuer's keys; a token whose key
   is not known yet waits, KEYS, for one fetch), the method (GET opens a
   session's stream, else 405; DELETE ends a session),
   MCP-Protocol-Version (400), Accept (406), the session (400 missing, 404
   unknown, ended or another principal's), the user's rate limit (429), then
   the core handles the body; the core's one scope check refuses a tool
   beyond the principal's scopes, answered 403 here. Notifications and
   responses get 202. A request's answer streams with chunked framing: as
   JSON when the response is the first message, as SSE when a notification
   (progress, log) or a question (elicitation) comes first.

   Concurrency: a tools/call takes a call slot (>>engine) and its connection
   waits (CALL) while its request is with E2B or its question with the user;
   the loop waits on the E2B sockets with the clients' and answers each call
   as E2B answers it. The user's answer to a question arrives as its own POST
   (answered 202). When every call slot is busy, a tools/call waits in the
   engine's queue, its body kept in its connection, and calls start in the
   order they came; when every connection slot is busy too, a newcomer gets
   503 with Retry-After. A client that goes away mid-call frees its
   connection; its call runs to its end.

   A 2025 session's GET /mcp opens its stream (>>resources' subscriptions:
   notifications/resources/updated, outside any request): one per session,
   a connection slot that holds no request buffer while idle. */
#ifdef E2B_MCP__HTTP
/* Waits until s is ready for want, at most timeout_ms: 0 or E2B_MCP_ERR_TIMEOUT.
   Only the HTTP transport waits so: for a client slow to take an answer that
   outgrew its queue (bounded by the write timeout). */
static int e2b_mcp__sock_wait(e2b_mcp_sock *s, int want, int timeout_ms) {
  const e2b_mcp_sock_port *p = s->port;
  unsigned long start = e2b_mcp__port_now(p);
  long left = timeout_ms;
  e2b_mcp_poll q;
  for (;;) {
    q.sock = s; q.want = want; q.ready = 0;
    if (p->wait(p->user, &q, 1, (int)left) > 0 && q.ready) return 0;
    /* a signal may end a wait early: the clock says what is left */
    left = start ? timeout_ms - (long)(e2b_mcp__port_now(p) - start) : 0;
    if (left <= 0) return E2B_MCP_ERR_TIMEOUT;
  }
}

/* CALL: its call is in a slot or the engine's queue, its answer to come.
   DRAIN: the answer is complete, its rest leaves as the client reads it.
   STREAM: a session's GET stream (notifications of its subscriptions); it
   holds a request buffer only while a notification is on its way.
   KEYS: its token names a key the issuer may have just published: it is
   served again, from the start, once the issuer's keys are fetched. */
enum { E2B_MCP__HC_FREE, E2B_MCP__HC_READ, E2B_MCP__HC_BUSY, E2B_MCP__HC_CALL, E2B_MCP__HC_DRAIN, E2B_MCP__HC_STREAM, E2B_MCP__HC_KEYS };
/* Whether GET streams are built (subscriptions, 2025 sessions), and c is one: 0 at compile time when not. */
#define E2B_MCP__HS_STREAMS (E2B_MCP__SUBS && E2B_MCP_HTTP_SESSIONS > 0)
#define E2B_MCP__HS_STREAMING(c) (E2B_MCP__HS_STREAMS && (c)->state == E2B_MCP__HC_STREAM)

/* The transport's own timing. */
enum {
  E2B_MCP__HS_FRESH_MS = 100,    /* a connection this young is never taken for a newcomer: its request may be on its way */
  E2B_MCP__HS_LINGER_MS = 2000,  /* a closing socket is drained this long, so its client reads the answer */
  E2B_MCP__HS_HOLD_MS = 10,      /* a connection whose answer has not all left is looked at this often */
  E2B_MCP__HS_ACCEPT_BURST = 16, /* connections taken in one step */
  E2B_MCP__HS_RUN_MS = 250,      /* e2b_mcp_http_run looks at s->http.stop this often */
  E2B_MCP__HS_SWEEP_MS = 50      /* the step's passes over every connection (timeouts) at least this often */
};

/* The parts of a request head we use, as slices of the connection buffer. */
typedef struct e2b_mcp__http_req {
  char method[8];
  const char *target, *host, *origin, *auth, *sid, *pver, *accept, *ctype, *mmethod, *mname, *newsid, *ekey;
  size_t target_n, host_n, origin_n, auth_n, sid_n, pver_n, accept_n, ctype_n, mmethod_n, mname_n, newsid_n, ekey_n;
  long long length;           /* Content-Length, -1 when absent */
  int chunked, close, http10, expect;
} e2b_mcp__http_req;

static unsigned long e2b_mcp__hs_ms(int v, int def) { return (unsigned long)(v > 0 ? v : def); }
static void e2b_mcp__hs_lit(e2b_mcp_json *w, const char *t) { e2b_mcp__w_put(w, t, strlen(t)); }
/* ---- the socket side: an answer leaves through the connection's queue ----
   Bytes go to the socket as it takes them; what it does not take now waits in
   the connection's buffer past the request's head (the request's body was
   copied out), and leaves as the client reads, while everyone else is
   served (DRAIN once the answer is complete). Only an answer larger than that
   queue and the socket's own buffer makes the loop wait for its client, at
   most E2B_MCP_HTTP_WRITE_TIMEOUT_MS over the whole answer (c->wspent), as
   does a queue that does not drain in that time; then the connection is
   dropped. And a keep-alive connection's next request is read only once the
   previous answer has all left (DRAIN, then c->hold in e2b_mcp_http_step): a
   client that does not read gets no more answers piled up behind the ones it
   leaves unread. */
/* ---- request buffers: a pool the connections share ----
   A connection takes one when its request's first bytes are read and gives
   it back once the answer has all left: an idle one holds none. The last
   one given back is taken first, and one never used only when none is free
   (so the pages of buffers no request needed stay out of memory). */
static int e2b_mcp__hs_buf_free(const e2b_mcp_http *h) { return h->nfree > 0 || h->ntouched < E2B_MCP_HTTP_BUFS; }
static int e2b_mcp__hs_buf_take(e2b_mcp_http *h, e2b_mcp__http_conn *c) {
  if (c->buf) return 0;
  if (h->nfree > 0) c->buf = h->bufs[h->free_bufs[--h->nfree]];
  else if (h->ntouched < E2B_MCP_HTTP_BUFS) c->buf = h->bufs[h->ntouched++];
  return c->buf ? 0 : -1;
}
static void e2b_mcp__hs_buf_give(e2b_mcp_http *h, e2b_mcp__http_conn *c) {
  if (!c->buf) return;
  h->free_bufs[h->nfree++] = (int)((c->buf - h->bufs[0]) / E2B_MCP__HS_BUF);
  c->buf = NULL;
}

static void e2b_mcp__hs_push(e2b_mcp__http_conn *c) {   /* what the socket takes now */
  while (!c->dead && c->qoff < c->qend) {
    int r = c->sock.port->send(c->sock.port->user, &c->sock, (const unsigned char *)c->buf + c->qoff, c->qend - c->qoff);
    if (r == E2B_MCP_ERR_AGAIN) return;
    if (r <= 0) { c->dead = 1; break; }
    c->qoff += (size_t)r;
  }
  c->qoff = c->qend = c->qbase;   /* all out (or dropped): the queue starts over */
}
static int e2b_mcp__hs_queue(e2b_mcp_server *s, e2b_mcp__http_conn *c, const char *p, size_t n) {
  unsigned long to = e2b_mcp__hs_ms(s->http.cfg.write_timeout_ms, E2B_MCP_HTTP_WRITE_TIMEOUT_MS);
  if (!c->buf && e2b_mcp__hs_buf_take(&s->http, c)) c->dead = 1;   /* an answer without a request: none is */
  while (n && !c->dead) {
    size_t room = E2B_MCP__HS_BUF - c->qend, k;
    if (room < n && c->qoff > c->qbase) {   /* close the gap the socket left */
      memmove(c->buf + c->qbase, c->buf + c->qoff, c->qend - c->qoff);
      c->qend -= c->qoff - c->qbase;
      c->qoff = c->qbase;
      room = E2B_MCP__HS_BUF - c->qend;
    }
    if (room == 0) {   /* the client does not keep up with a long answer: wait for it, within the write timeout */
      unsigned long start = e2b_mcp__now_ms(s);
      int r = c->wspent >= to ? E2B_MCP_ERR_TIMEOUT : e2b_mcp__sock_wait(&c->sock, E2B_MCP_WANT_WRITE, (int)(to - c->wspent));
      c->wspent += e2b_mcp__now_ms(s) - start;
      if (r) { c->dead = 1; break; }
      e2b_mcp__hs_push(c);
      continue;
    }
    k = room < n ? room : n;
    memcpy(c->buf + c->qend, p, k);
    c->qend += k; p += k; n -= k;
  }
  return c->dead ? -1 : 0;
}
static int e2b_mcp__hs_send(e2b_mcp_server *s, e2b_mcp__http_conn *c, const char *p, size_t n) {
  if (e2b_mcp__hs_queue(s, c, p, n)) return -1;
  e2b_mcp__hs_push(c);
  return c->dead ? -1 : 0;
}

/* Hands a socket to a linger slot: shut our side, read and drop what the peer
   still sends (so it gets our answer, not a reset), close at EOF or in 2 s. */
static void e2b_mcp__hs_close(e2b_mcp_server *s, e2b_mcp_sock *k) { s->net->close(s->net->user, k); k->h = -1; }
static void e2b_mcp__hs_linger(e2b_mcp_server *s, e2b_mcp_sock *k) {
  int i;
  if (s->net->shutdown) s->net->shutdown(s->net->user, k);
  for (i = 0; i < E2B_MCP_HTTP_LINGER; i++)
    if (s->http.linger[i].h < 0) {
      s->http.linger[i] = *k;
      s->http.linger_until[i] = e2b_mcp__now_ms(s) + E2B_MCP__HS_LINGER_MS;
      k->h = -1;
      return;
    }
  e2b_mcp__hs_close(s, k);
}

/* The session c's last request was in (its conns count: it is not replaced
   while a connection that used it is open). */
static void e2b_mcp__hs_tie(e2b_mcp_server *s, e2b_mcp__http_conn *c, int si) {
  if (c->tied == si) return;
  if (c->tied >= 0) s->http.sessions[c->tied].conns--;
  if (si >= 0) s->http.sessions[si].conns++;
  c->tied = si;
}

/* c is no longer its session's GET stream (if it was). */
#if E2B_MCP__HS_STREAMS
static void e2b_mcp__hs_stream_unlink(e2b_mcp_server *s, e2b_mcp__http_conn *c) {
  e2b_mcp__http_session *x = c->sess >= 0 ? &s->http.sessions[c->sess] : NULL;
  if (!x || x->stream != 1 + (int)(c - s->http.conns)) return;
  x->stream = 0;
  if (x->listen) {   /* a listen stream's session ends with it, and its subscriptions */
    e2b_mcp__subs_drop(s, &x->mcp);
    x->used = x->listen = 0;
  }
}
#  define E2B_MCP__HS_UNLINK(s, c) e2b_mcp__hs_stream_unlink(s, c)
#else
#  define E2B_MCP__HS_UNLINK(s, c) ((void)0)
#endif

static void e2b_mcp__hs_conn_free(e2b_mcp_server *s, e2b_mcp__http_conn *c, int linger) {
  E2B_MCP__HS_UNLINK(s, c);
  e2b_mcp_sink_gone(s, c);   /* its call runs on, answering nobody */
  e2b_mcp__hs_push(c);           /* what the socket still takes of a last answer */
  if (linger && !c->dead) e2b_mcp__hs_linger(s, &c->sock);
  else e2b_mcp__hs_close(s, &c->sock);
  c->sock.h = -1;
  c->state = E2B_MCP__HC_FREE;
  if ((int)(c - s->http.conns) < s->http.free_lo) s->http.free_lo = (int)(c - s->http.conns);
  e2b_mcp__hs_tie(s, c, -1);
  e2b_mcp__hs_buf_give(&s->http, c);
  while (s->http.hi > 0 && s->http.conns[s->http.hi - 1].state == E2B_MCP__HC_FREE) s->http.hi--;
}

static const char *e2b_mcp__hs_reason(int status) {
  switch (status) {
    case 200: return "OK"; case 202: return "Accepted"; case 400: return "Bad Request";
    case 401: return "Unauthorized"; case 403: return "Forbidden"; case 404: return "Not Found";
    case 405: return "Method Not Allowed"; case 406: return "Not Acceptable"; case 408: return "Request Timeout";
    case 411: return "Length Required"; case 413: return "Content Too Large"; case 415: return "Unsupported Media Type";
    case 429: return "Too Many Requests"; case 431: return "Request Header Fields Too Large"; case 503: return "Service Unavailable";
    default: return "Error";
  }
}

/* A complete small answer: status, extra header lines, and (when text is not
   NULL) a JSON-RPC error body {"jsonrpc":"2.0","id":null,"error":{code,text}}. */
static void e2b_mcp__hs_simple(e2b_mcp_server *s, e2b_mcp__http_conn *c, int status, const char *headers, int code, const char *text) {
  char out[1024], body[512], num[24];
  e2b_mcp_json w, b;
  e2b_mcp_json_init(&b, body, sizeof body);
  if (text) {
    e2b_mcp_json_obj(&b);
    e2b_mcp_json_key(&b, "jsonrpc"); e2b_mcp_json_str(&b, "2.0");
    e2b_mcp_json_key(&b, "id"); e2b_mcp_json_null(&b);
    e2b_mcp_json_key(&b, "error"); e2b_mcp_json_obj(&b);
    e2b_mcp_json_key(&b, "code"); e2b_mcp_json_int(&b, code);
    e2b_mcp_json_key(&b, "message"); e2b_mcp_json_str(&b, text);
    e2b_mcp_json_obj_end(&b);
    e2b_mcp_json_obj_end(&b);
  }
  e2b_mcp_json_init(&w, out, sizeof out);
  e2b_mcp__w_put(&w, c->http10 ? "HTTP/1.0 " : "HTTP/1.1 ", 9);
  e2b_mcp__fmt_ll(num, status);
  e2b_mcp__w_put(&w, num, strlen(num));
  e2b_mcp__w_c(&w, ' ');
  e2b_mcp__w_put(&w, e2b_mcp__hs_reason(status), strlen(e2b_mcp__hs_reason(status)));
  e2b_mcp__w_put(&w, "\r\n", 2);
  if (headers) e2b_mcp__w_put(&w, headers, strlen(headers));
  if (text) e2b_mcp__w_put(&w, "Content-Type: application/json\r\n", 32);
  e2b_mcp__w_put(&w, "Content-Length: ", 16);
  e2b_mcp__fmt_ll(num, (long long)(text ? b.len : 0));
  e2b_mcp__w_put(&w, num, strlen(num));
  e2b_mcp__w_put(&w, c->close || c->http10 ? "\r\nConnection: close\r\n\r\n" : "\r\n\r\n", c->close || c->http10 ? 23 : 4);
  if (text) e2b_mcp__w_put(&w, body, b.len);
  e2b_mcp__hs_send(s, c, out, w.len);
}

/* ---- the answer to a request, streamed from the core through a sink ---- */

/* What the message starting with p[0..n) is: 0 the response (or a batch), 1
   a notification or a request of ours, -1 not known yet. The core writes
   {"jsonrpc":"2.0", then "method" or "id":<id>, then "method"|"result"|"error". */
static int e2b_mcp__hs_classify(const char *p, size_t n) {
  static const char pre[] = "{\"jsonrpc\":\"2.0\",";
  size_t i = sizeof pre - 1;
  if (n && p[0] == '[') return 0;
  if (n < i + 3) return -1;
  if (memcmp(p, pre, i) != 0) return 0;
  if (memcmp(p + i, "\"me", 3) == 0) return 1;
  if (n < i + 5) return -1;
  i += 5;   /* "id": */
  if (p[i - 1] != ':') return 0;
  if (i < n && p[i] == '"') {
    for (i++; i < n && p[i] != '"'; i++) if (p[i] == '\\') i++;
    i++;
  } else while (i < n && p[i] != ',') i++;
  if (i + 4 > n) return -1;
  return memcmp(p + i, ",\"me", 4) == 0 ? 1 : 0;
}

/* One chunk of the answer body (chunked framing; plain for HTTP/1.0). */
static int e2b_mcp__hs_chunk(e2b_mcp_server *s, e2b_mcp__http_conn *c, const char *p, size_t n) {
  static const char hex[] = "0123456789abcdef";
  char h[20];
  int k = 0, sh;
  if (n == 0) return 0;
  if (c->http10) return e2b_mcp__hs_queue(s, c, p, n);
  for (sh = 28; sh >= 0; sh -= 4) if (k || ((n >> sh) & 15u) || sh == 0) h[k++] = hex[(n >> sh) & 15u];
  h[k++] = '\r'; h[k++] = '\n';
  /* queued: it leaves with the rest of its message (e2b_mcp__hs_sink_end), or
     of the answer (e2b_mcp__hs_answered), in one write */
  if (e2b_mcp__hs_queue(s, c, h, (size_t)k) || e2b_mcp__hs_queue(s, c, p, n) || e2b_mcp__hs_queue(s, c, "\r\n", 2)) return -1;
  return 0;
}

static int e2b_mcp__hs_start(e2b_mcp_server *s, e2b_mcp__http_conn *c, int sse) {
  char head[1024];
  e2b_mcp_json w;
  if (c->started) return 0;
  c->started = 1;
  c->sse = sse;
  e2b_mcp_json_init(&w, head, sizeof head);
#if E2B_MCP_AUTH
  if (c->forbidden && s->http.cfg.auth) {   /* the core refused its tool call for its token's scopes (RFC 6750 3.1) */
    e2b_mcp__hs_lit(&w, c->http10 ? "HTTP/1.0 403 Forbidden\r\n" : "HTTP/1.1 403 Forbidden\r\n");
    e2b_mcp__auth_challenge(s->http.cfg.auth, "insufficient_scope", "this tool needs a scope the access token does not grant",
                            e2b_mcp_auth_scope_name(s->http.cfg.auth, c->forbidden - 1), &w);
  } else
#endif
  if (c->wire && c->wire->status) {   /* a 2026-07-28 error answer: 400 or 404, with its JSON-RPC error */
    e2b_mcp__hs_lit(&w, c->http10 ? "HTTP/1.0 " : "HTTP/1.1 ");
    e2b_mcp__hs_lit(&w, c->wire->status == 404 ? "404 Not Found\r\n" : "400 Bad Request\r\n");
  } else e2b_mcp__w_put(&w, c->http10 ? "HTTP/1.0 200 OK\r\n" : "HTTP/1.1 200 OK\r\n", 17);
  if (sse) e2b_mcp__hs_lit(&w, "Content-Type: text/event-stream\r\nCache-Control: no-cache\r\n");
  else e2b_mcp__hs_lit(&w, "Content-Type: application/json\r\n");
  if (c->send_sid && c->sess >= 0) {
    e2b_mcp__hs_lit(&w, "Mcp-Session-Id: ");
    e2b_mcp__hs_lit(&w, s->http.sessions[c->sess].id);
    e2b_mcp__w_put(&w, "\r\n", 2);
  }
  if (c->http10) c->close = 1;
  else e2b_mcp__hs_lit(&w, "Transfer-Encoding: chunked\r\n");
  e2b_mcp__hs_lit(&w, c->close ? "Connection: close\r\n\r\n" : "\r\n");
  return e2b_mcp__hs_queue(s, c, head, w.len);   /* with the first message */
}

/* Decides the framing from the first message's start, then passes bytes on. */
static int e2b_mcp__hs_decide(e2b_mcp_server *s, e2b_mcp__http_conn *c, int kind) {
  if (!c->started && e2b_mcp__hs_start(s, c, kind == 1)) return -1;
  c->classified = 1;
  if (c->sse && e2b_mcp__hs_chunk(s, c, "event: message\ndata: ", 21)) return -1;
  return e2b_mcp__hs_chunk(s, c, c->cls, c->cls_len);
}
static int e2b_mcp__hs_sink_write(void *ctx, const char *p, size_t n) {
  e2b_mcp__http_conn *c = (e2b_mcp__http_conn *)ctx;
  if (c->dead) return -1;
  if (!c->in_msg) { c->in_msg = 1; c->classified = 0; c->cls_len = 0; }
  if (!c->classified) {
    size_t k = sizeof c->cls - c->cls_len;
    int kind;
    if (k > n) k = n;
    memcpy(c->cls + c->cls_len, p, k);
    c->cls_len += k; p += k; n -= k;
    kind = e2b_mcp__hs_classify(c->cls, c->cls_len);
    if (kind < 0 && c->cls_len == sizeof c->cls) kind = 0;
    if (kind < 0) return 0;
    if (e2b_mcp__hs_decide(c->srv, c, kind)) return -1;
  }
  return e2b_mcp__hs_chunk(c->srv, c, p, n);
}
static int e2b_mcp__hs_sink_end(void *ctx) {
  e2b_mcp__http_conn *c = (e2b_mcp__http_conn *)ctx;
  int kind;
  if (c->dead) return -1;
  if (!c->in_msg) return 0;
  if (!c->classified) {
    kind = e2b_mcp__hs_classify(c->cls, c->cls_len);
    if (e2b_mcp__hs_decide(c->srv, c, kind < 0 ? 0 : kind)) return -1;
  }
  c->in_msg = 0;
  if (c->state == E2B_MCP__HC_CALL) {   /* its call may be over: the step looks at it */
    e2b_mcp_http *h = &c->srv->http;
    c->ended = 1;
    if (h->ended < E2B_MCP__HS_ENDED) h->ended_at[h->ended] = (int)(c - h->conns);
    if (h->ended <= E2B_MCP__HS_ENDED) h->ended++;   /* one past: more than the list holds, look at all */
  }
  if (!c->sse) return 0;   /* the response: it leaves with the answer's end */
  if (e2b_mcp__hs_chunk(c->srv, c, "\n\n", 2)) return -1;
  e2b_mcp__hs_push(c);     /* an event (a notification, a question, a stream's): it goes now */
  return c->dead ? -1 : 0;
}

/* ---- sessions ----
   A session is found by its id through a hash of chained slots (ids are 32
   hex digits, random or named by the balancer), so a request costs the same
   with ten sessions or ten thousand. */
static unsigned e2b_mcp__hs_bucket(const char *id) {
  unsigned v = 2166136261u;
  int i;
  for (i = 0; i < 32; i++) v = (v ^ (unsigned char)id[i]) * 16777619u;
  return v & (E2B_MCP__HS_HASH - 1);
}
static int e2b_mcp__hs_find_session(e2b_mcp_server *s, const char *id, size_t n) {
  int i;
  if (n != 32) return -1;
  for (i = s->http.sess_hash[e2b_mcp__hs_bucket(id)] - 1; i >= 0; i = s->http.sessions[i].next - 1)
    if (s->http.sessions[i].used && memcmp(s->http.sessions[i].id, id, 32) == 0) return i;
  return -1;
}
/* Session si leaves its id's chain (its slot is about to hold another). */
static void e2b_mcp__hs_unhash(e2b_mcp_http *h, int si) {
  int *at = &h->sess_hash[e2b_mcp__hs_bucket(h->sessions[si].id)];
  while (*at && *at != si + 1) at = &h->sessions[*at - 1].next;
  if (*at) *at = h->sessions[si].next;
}
/* The session id[0..n) names, when it is c's principal's: a session is
   bound to the principal that made it (the MCP security guidance: a
   session id is not an identity), so another one naming it is told what an
   unknown id is told, and can neither use it (its subscriptions, its
   questions, its cancels) nor end it. -1: none of c's. */
static int e2b_mcp__hs_own_session(e2b_mcp_server *s, const e2b_mcp__http_conn *c, const char *id, size_t n) {
  int si = e2b_mcp__hs_find_session(s, id, n);
  return si >= 0 && s->http.sessions[si].owner == c->pr.id ? si : -1;
}
/* A new session of c's principal in a slot never used, else a free one,
   else in the least recently used one that no open connection last used
   (its client is idle: it gets 404 and starts over); never one whose client
   is connected, so never one whose call waits for an answer. A principal
   that is one person or key (an access token's subject, a client's own
   key) holds at most sessions_per_principal: past that, its own least
   recently used one is taken, never another's, so opening thousands pushes
   out nobody else's (counting them is a pass over the slots used, made
   only for such a principal's initialize). Its id is random, or the one
   the balancer named (32 lowercase hex digits, not in use). -1: every
   session it could take has its client connected. */
static int e2b_mcp__hs_new_session(e2b_mcp_server *s, const e2b_mcp__http_conn *c, const char *named, size_t named_n) {
  static const char hex[] = "0123456789abcdef";
  unsigned char rnd[16];
  int i, pick = -1, own = -1, mine = 0, cap = s->http.cfg.sessions_per_principal > 0 ? s->http.cfg.sessions_per_principal
                                                                                     : E2B_MCP_HTTP_SESSIONS_PER_PRINCIPAL;
  int capped = c->pr.kind == E2B_MCP_PRINCIPAL_OAUTH || c->pr.kind == E2B_MCP_PRINCIPAL_CLIENT_KEY;
  unsigned b;
  e2b_mcp__http_session *x;
  if (named && (named_n != 32 || strspn(named, hex) < 32 || e2b_mcp__hs_find_session(s, named, 32) >= 0)) named = NULL;
  if (capped)
    for (i = 0; i < s->http.sess_hi; i++) {
      x = &s->http.sessions[i];
      if (!x->used || x->owner != c->pr.id) continue;
      mine++;
      if (!x->conns && (own < 0 || x->last_use < s->http.sessions[own].last_use)) own = i;
    }
  if (capped && mine >= cap) pick = own;   /* its own oldest, or none */
  else if (s->http.sess_hi < E2B_MCP_HTTP_SESSIONS) pick = s->http.sess_hi;   /* untouched till now */
  else for (i = 0; i < E2B_MCP_HTTP_SESSIONS; i++) {
    x = &s->http.sessions[i];
    /* a session whose client is connected keeps its slot; so does one whose
       call is running (it waits for E2B or its user), even if ended by
       DELETE meanwhile: the call answers with its state */
    if (x->conns) continue;
    if (!x->used) { pick = i; break; }
    if (pick < 0 || x->last_use < s->http.sessions[pick].last_use) pick = i;
  }
  if (pick < 0 || (!named && (!s->net->random || s->net->random(s->net->user, rnd, sizeof rnd) != 0))) return -1;
  x = &s->http.sessions[pick];
  if (pick < s->http.sess_hi) {
#if E2B_MCP__SUBS
    if (x->used) e2b_mcp__subs_drop(s, &x->mcp);   /* evicted: its client gets 404, its subscriptions go */
#endif
    e2b_mcp__hs_unhash(&s->http, pick);
  } else s->http.sess_hi = pick + 1;
  memset(x, 0, sizeof *x);   /* conns is 0: it was picked so */
  x->owner = c->pr.id;
  if (named) memcpy(x->id, named, 32);
  else for (i = 0; i < 16; i++) { x->id[2 * i] = hex[rnd[i] >> 4]; x->id[2 * i + 1] = hex[rnd[i] & 15]; }
  x->id[32] = 0;
  b = e2b_mcp__hs_bucket(x->id);
  x->next = s->http.sess_hash[b];
  s->http.sess_hash[b] = pick + 1;
  x->used = 1;
  x->mcp.version = E2B_MCP__VLATEST;
  x->mcp.log_level = 1;
  x->last_use = ++s->http.uses;
  return pick;
}

/* ---- request heads ---- */
static int e2b_mcp__hs_parse_head(const char *p, size_t n, e2b_mcp__http_req *q) {
  size_t i = 0, ms, le;
  long long v;
  e2b_mcp__hline l;
  int got;
  memset(q, 0, sizeof *q);
  q->length = -1;
  while (i < n && p[i] != '\n') i++;
  le = i;
  if (le > 0 && p[le - 1] == '\r') le--;
  for (ms = 0; ms < le && p[ms] != ' '; ms++) {}
  if (ms == 0 || ms >= sizeof q->method || ms + 1 >= le) return -1;
  memcpy(q->method, p, ms); q->method[ms] = 0;
  q->target = p + ms + 1;
  while (q->target + q->target_n < p + le && q->target[q->target_n] != ' ') q->target_n++;
  if (q->target + q->target_n + 9 != p + le || memcmp(q->target + q->target_n, " HTTP/1.", 8) != 0) return -1;
  q->http10 = p[le - 1] == '0';
  q->close = q->http10;
  i++;
  while ((got = e2b_mcp__head_line(p, n, &i, &l, 1)) != 0) {   /* strict: "Content-Length : 5" or a folded line */
    size_t vs = l.vs, ve = l.ve;
    if (got < 0) return -1;
#define E2B_MCP__H(name) e2b_mcp__ieq(p + l.ns, l.ne - l.ns, name)
#define E2B_MCP__KEEP(f) (q->f = p + vs, q->f##_n = ve - vs)
    /* A header that decides access or routing, sent twice, is refused: a
       gateway in front usually acts on the first and this server would check
       the last, so a second one could smuggle a request past the gateway. */
#define E2B_MCP__ONE(f) { if (q->f) return -1; E2B_MCP__KEEP(f); }
    if (E2B_MCP__H("content-length")) {   /* digits only: no sign */
      if (vs == ve || p[vs] < '0' || p[vs] > '9' || e2b_mcp__parse_ll(p + vs, ve - vs, &v) != 0 || (q->length >= 0 && q->length != v)) return -1;
      q->length = v;
    } else if (E2B_MCP__H("transfer-encoding")) q->chunked = 1;
    else if (E2B_MCP__H("connection")) {
      if (e2b_mcp__ieq(p + vs, ve - vs, "close")) q->close = 1;
      else if (e2b_mcp__ieq(p + vs, ve - vs, "keep-alive")) q->close = 0;
    } else if (E2B_MCP__H("expect")) q->expect = e2b_mcp__ieq(p + vs, ve - vs, "100-continue");
    else if (E2B_MCP__H("host")) E2B_MCP__ONE(host)
    else if (E2B_MCP__H("origin")) E2B_MCP__ONE(origin)
    else if (E2B_MCP__H("authorization")) E2B_MCP__ONE(auth)
    else if (E2B_MCP__H("mcp-session-id")) E2B_MCP__ONE(sid)
    else if (E2B_MCP__H("mcp-protocol-version")) E2B_MCP__ONE(pver)
    else if (E2B_MCP__H("accept")) E2B_MCP__KEEP(accept);
    else if (E2B_MCP__H("content-type")) E2B_MCP__ONE(ctype)
    else if (E2B_MCP__H("mcp-method")) E2B_MCP__ONE(mmethod)
    else if (E2B_MCP__H("mcp-name")) E2B_MCP__ONE(mname)
    else if (E2B_MCP__H("x-mcp-new-session-id")) E2B_MCP__ONE(newsid)
    else if (E2B_MCP__H("x-e2b-api-key")) E2B_MCP__ONE(ekey)
#undef E2B_MCP__H
#undef E2B_MCP__KEEP
#undef E2B_MCP__ONE
  }
  return 0;
}

/* The media type of one item "type/sub; params", spaces trimmed: its length. */
static size_t e2b_mcp__hs_mtype(const char *p, size_t n, const char **t) {
  size_t e = 0;
  while (n && (*p == ' ' || *p == '\t')) { p++; n--; }
  while (e < n && p[e] != ';') e++;
  while (e && (p[e - 1] == ' ' || p[e - 1] == '\t')) e--;
  *t = p;
  return e;
}
/* Whether an item's parameters say q=0 (not acceptable at all). */
static int e2b_mcp__hs_q0(const char *p, size_t n) {
  size_t i = 0, v;
  while (i < n) {
    if (p[i++] != ';') continue;
    while (i < n && p[i] == ' ') i++;
    if (i + 1 < n && (p[i] | 0x20) == 'q' && p[i + 1] == '=') {
      i += 2;
      for (v = i; i < n && (p[i] == '0' || p[i] == '.'); i++) {}
      return i > v && (i == n || p[i] == ';' || p[i] == ' ' || p[i] == '\t');
    }
  }
  return 0;
}
/* Whether a Content-Type is application/json (any parameters). */
static int e2b_mcp__hs_ctype_json(const char *p, size_t n) {
  const char *t;
  size_t k = e2b_mcp__hs_mtype(p, n, &t);
  return k == 16 && e2b_mcp__ieqn(t, "application/json", 16);
}
/* Whether an Accept list takes the media type want ("a/b"): an item that is
   the type itself, the wildcard of its kind ("a/" then a star) or the full
   wildcard, not at q=0. Items are compared whole, so "application/jsonx" is
   not application/json. */
static int e2b_mcp__hs_accepts(const char *p, size_t n, const char *want) {
  size_t wn = strlen(want), major = (size_t)(e2b_mcp__strchr(want, '/') - want);
  while (n) {
    size_t e = 0, k;
    const char *t;
    while (e < n && p[e] != ',') e++;
    k = e2b_mcp__hs_mtype(p, e, &t);
    if (!e2b_mcp__hs_q0(p, e) &&
        ((k == wn && e2b_mcp__ieqn(t, want, wn)) || (k == 3 && memcmp(t, "*/*", 3) == 0) ||
         (k == major + 2 && e2b_mcp__ieqn(t, want, major + 1) && t[major + 1] == '*'))) return 1;
    p += e < n ? e + 1 : e; n -= e < n ? e + 1 : e;
  }
  return 0;
}
static int e2b_mcp__hs_loopback_name(const char *h, size_t n) {
  size_t i;
  if (e2b_mcp__ieq(h, n, "localhost") || e2b_mcp__ieq(h, n, "[::1]") || e2b_mcp__ieq(h, n, "::1")) return 1;
  if (n < 5 || n > 15 || memcmp(h, "127.", 4) != 0) return 0;
  /* a dotted address only: "127.evil.io" is a name anyone can point at us (DNS rebinding) */
  for (i = 4; i < n; i++) if (!((h[i] >= '0' && h[i] <= '9') || h[i] == '.')) return 0;
  return 1;
}
/* Whether the host name h (no port) may reach this server. */
/* Whether an allowed-hosts list names anyone (spaces and commas alone do not:
   such a list is unset, not a list that refuses every Host off loopback). */
static int e2b_mcp__hs_names_any(const char *a) { return a && a[strspn(a, " ,")]; }
static int e2b_mcp__hs_host_ok(e2b_mcp_server *s, const char *h, size_t n) {
  const char *a = s->http.cfg.allowed_hosts;
  if (n == 0) return 0;
  if (s->http.loopback && e2b_mcp__hs_loopback_name(h, n)) return 1;
  while (a && *a) {
    const char *e = a, *z;
    while (*e && *e != ',') e++;
    while (a < e && *a == ' ') a++;
    for (z = e; z > a && z[-1] == ' '; z--) {}
    if ((size_t)(z - a) == n && e2b_mcp__ieqn(h, a, n)) return 1;
    a = *e ? e + 1 : e;
  }
  return 0;
}
/* The length of the host part of "name[:port]" or "[v6][:port]", or
   (size_t)-1 when what follows it is not ":" and 1 to 5 digits: in
   "127.0.0.1:80.evil.example" the name a resolver sees is not 127.0.0.1. */
static size_t e2b_mcp__hs_hostpart(const char *h, size_t n) {
  size_t i, k;
  if (n && h[0] == '[') { for (i = 0; i < n && h[i] != ']'; i++) {} if (i == n) return (size_t)-1; i++; }
  else for (i = 0; i < n && h[i] != ':'; i++) {}
  if (i == n) return i;
  for (k = i + 1; k < n && h[k] >= '0' && h[k] <= '9'; k++) {}
  return h[i] == ':' && k == n && n - i - 1 >= 1 && n - i - 1 <= 5 ? i : (size_t)-1;
}
static int e2b_mcp__hs_origin_ok(e2b_mcp_server *s, const e2b_mcp__http_req *q) {
  const char *o = q->origin;
  size_t n = q->origin_n, k;
  if (!o) return 1;
  if (n > 7 && memcmp(o, "http://", 7) == 0) { o += 7; n -= 7; }
  else if (n > 8 && memcmp(o, "https://", 8) == 0) { o += 8; n -= 8; }
  else return 0;   /* "null", a file: page, anything odd */
  k = e2b_mcp__hs_hostpart(o, n);
  if (k == (size_t)-1) return 0;
  if (e2b_mcp__hs_host_ok(s, o, k)) return 1;
  /* Not bound to loopback (so behind a token): the page's own origin is fine. */
  return !s->http.loopback && q->host && k == e2b_mcp__hs_hostpart(q->host, q->host_n) && e2b_mcp__ieqn(o, q->host, k);
}
/* ---- public documents: what a client reads before it connects ---- */

#define E2B_MCP__HS_DOC_MAX 2048   /* the largest public document: the card, ~1 KB */
#define E2B_MCP__HS_CARD_HEADERS "Cache-Control: public, max-age=3600\r\nAccess-Control-Allow-Origin: *\r\n" \
  "Access-Control-Allow-Methods: GET\r\nAccess-Control-Allow-Headers: Content-Type\r\n"
/* At most 100 characters: the registry's limit for server.json, which says the same. */
#define E2B_MCP__CARD_DESCRIPTION "See and manage E2B cloud sandboxes: list, start, pause, resume, extend, logs, metrics"

/* A GET's whole answer: status, the given header lines, then the document. */
static void e2b_mcp__hs_doc(e2b_mcp_server *s, e2b_mcp__http_conn *c, int status, const char *headers, const char *body, size_t n) {
  char out[E2B_MCP__HS_DOC_MAX + 512], num[24];
  e2b_mcp_json w;
  e2b_mcp_json_init(&w, out, sizeof out);
  e2b_mcp__hs_lit(&w, c->http10 ? "HTTP/1.0 " : "HTTP/1.1 ");
  e2b_mcp__fmt_ll(num, status);
  e2b_mcp__hs_lit(&w, num);
  e2b_mcp__w_c(&w, ' ');
  e2b_mcp__hs_lit(&w, e2b_mcp__hs_reason(status));
  e2b_mcp__hs_lit(&w, "\r\n");
  e2b_mcp__hs_lit(&w, headers);
  e2b_mcp__hs_lit(&w, "Content-Length: ");
  e2b_mcp__fmt_ll(num, (long long)n);
  e2b_mcp__hs_lit(&w, num);
  e2b_mcp__hs_lit(&w, c->close || c->http10 ? "\r\nConnection: close\r\n\r\n" : "\r\n\r\n");
  e2b_mcp__w_put(&w, body, n);
  e2b_mcp__hs_send(s, c, out, w.len);
}

/* The server card (SEP-2127): who the server is and where to reach it,
   before any session, for discovery tools and registries. Built from
   settings and the build only (never from the request), so every replica
   behind one address serves the same card; public, as it holds nothing
   secret, and open to pages of any origin (CORS), as the proposal asks. It
   is served at <endpoint>/server-card (application/mcp-server-card+json) and
   at the well-known path (application/json). 1: the target is the card. */
static int e2b_mcp__hs_card_path(const char *t, size_t n, int *wk) {
  const char *qm = (const char *)memchr(t, '?', n);
  if (qm) n = (size_t)(qm - t);
  *wk = !e2b_mcp__ieq(t, n, "/mcp/server-card");
  return !*wk || e2b_mcp__ieq(t, n, "/.well-known/mcp/server-card") || e2b_mcp__ieq(t, n, "/.well-known/mcp/server-card.json");
}
static void e2b_mcp__hs_card(e2b_mcp_server *s, e2b_mcp_json *w) {
  const e2b_mcp_http_config *cfg = &s->http.cfg;
  const char *url = cfg->public_url, *repo = cfg->repository ? cfg->repository : E2B_MCP_REPOSITORY_URL;
  int oauth = 0;
#if E2B_MCP_AUTH
  oauth = cfg->auth != NULL;
  if ((!url || !*url) && cfg->auth) url = cfg->auth->resource;
#endif
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "$schema"); e2b_mcp_json_str(w, "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json");
  e2b_mcp_json_key(w, "name"); e2b_mcp_json_str(w, cfg->card_name && *cfg->card_name ? cfg->card_name : E2B_MCP_REGISTRY_NAME);
  e2b_mcp_json_key(w, "version"); e2b_mcp_json_str(w, E2B_MCP_VERSION);
  e2b_mcp_json_key(w, "title"); e2b_mcp_json_str(w, "E2B sandboxes");
  e2b_mcp_json_key(w, "description"); e2b_mcp_json_str(w, E2B_MCP__CARD_DESCRIPTION);
  if (*repo) {
    e2b_mcp_json_key(w, "repository"); e2b_mcp_json_obj(w);
    e2b_mcp_json_key(w, "url"); e2b_mcp_json_str(w, repo);
    e2b_mcp_json_key(w, "source");
    e2b_mcp_json_str(w, strstr(repo, "://github.com/") ? "github" : strstr(repo, "://gitlab.com/") ? "gitlab" : "git");
    e2b_mcp_json_obj_end(w);
  }
  if (url && *url) {
    e2b_mcp_json_key(w, "remotes"); e2b_mcp_json_arr(w); e2b_mcp_json_obj(w);
    e2b_mcp_json_key(w, "type"); e2b_mcp_json_str(w, "streamable-http");
    e2b_mcp_json_key(w, "url"); e2b_mcp_json_str(w, url);
    e2b_mcp_json_key(w, "supportedProtocolVersions"); e2b_mcp__supported_versions(w, E2B_MCP_HTTP_SESSIONS > 0);
    if (E2B_MCP_WITH_CLIENT_KEYS && cfg->client_keys) {
      e2b_mcp_json_key(w, "headers"); e2b_mcp_json_arr(w); e2b_mcp_json_obj(w);
      e2b_mcp_json_key(w, "name"); e2b_mcp_json_str(w, "X-E2B-API-Key");
      e2b_mcp_json_key(w, "description"); e2b_mcp_json_str(w, "Your E2B team API key (e2b_...), used for your calls only");
      e2b_mcp_json_key(w, "isRequired"); e2b_mcp_json_bool(w, 1);
      e2b_mcp_json_key(w, "isSecret"); e2b_mcp_json_bool(w, 1);
      e2b_mcp_json_obj_end(w); e2b_mcp_json_arr_end(w);
    }
    if (oauth || (cfg->token && *cfg->token)) {
      e2b_mcp_json_key(w, "authentication"); e2b_mcp_json_obj(w);
      e2b_mcp_json_key(w, "required"); e2b_mcp_json_bool(w, 1);
      e2b_mcp_json_key(w, "schemes"); e2b_mcp_json_arr(w); e2b_mcp_json_str(w, oauth ? "oauth2" : "bearer"); e2b_mcp_json_arr_end(w);
      e2b_mcp_json_obj_end(w);
    }
    e2b_mcp_json_obj_end(w); e2b_mcp_json_arr_end(w);
  }
  e2b_mcp__write_caps(s, w, NULL);
  e2b_mcp_json_obj_end(w);
}
/* A GET of a public document (the card here; the OAuth metadata in the
   auth step): -1 answered, 0 not one. */
static int e2b_mcp__hs_public(e2b_mcp_server *s, e2b_mcp__http_conn *c, const e2b_mcp__http_req *q) {
  char body[E2B_MCP__HS_DOC_MAX];
  e2b_mcp_json b;
  int wk;
  if (strcmp(q->method, "GET") != 0 || !e2b_mcp__hs_card_path(q->target, q->target_n, &wk)) return 0;
  e2b_mcp_json_init(&b, body, sizeof body);
  e2b_mcp__hs_card(s, &b);
  e2b_mcp__hs_doc(s, c, 200, wk ? "Content-Type: application/json\r\n" E2B_MCP__HS_CARD_HEADERS
                           : "Content-Type: application/mcp-server-card+json\r\n" E2B_MCP__HS_CARD_HEADERS, body, b.len);
  return -1;
}

/* ---- operations: GET /healthz, /readyz, /metrics (>>ops) ----
   For the probes and the scrapes of whoever runs the server. /healthz and
   /readyz come before the Host and token checks: a kubelet probes the pod's
   address with no token, and they tell nothing but readiness (no key, no
   team, no subject). /metrics is usage: served as is only on a loopback
   listener (after the Host check there, against DNS rebinding); with
   cfg.metrics_token it needs that token, wherever the listener is; bound
   elsewhere without one it is not served at all (404). */
static int e2b_mcp__hs_ops_path(const e2b_mcp__http_req *q, const char *path) {
  size_t n = strlen(path);
  return q->target_n >= n && memcmp(q->target, path, n) == 0 && (q->target_n == n || q->target[n] == '?');
}
static void e2b_mcp__hs_ops_view(e2b_mcp_server *s, e2b_mcp__ops_view *v) {
  e2b_mcp_http *h = &s->http;
  int i;
  memset(v, 0, sizeof *v);
  for (i = 0; i < h->hi; i++) {
    v->conns += h->conns[i].state != E2B_MCP__HC_FREE;
#if E2B_MCP__HS_STREAMS
    v->streams += h->conns[i].state == E2B_MCP__HC_STREAM;
#endif
  }
  for (i = 0; i < h->sess_hi; i++) v->sessions += h->sessions[i].used;   /* the slots above were never used, nor cleared */
  v->server_key = !h->cfg.client_keys;
#if E2B_MCP_AUTH
  v->auth = h->cfg.auth != NULL;
  v->auth_keys = h->cfg.auth && h->cfg.auth->nkeys > 0;
#endif
#if E2B_MCP_KEYSTORE
  v->keystore = h->cfg.keystore != NULL;
  if (v->keystore) v->server_key = 0;
#endif
  v->ready_e2b_ms = h->cfg.ready_e2b_ms;
  v->ready = h->cfg.ready;
  v->ready_user = h->cfg.ready_user;
}
#if E2B_MCP_METRICS
#define E2B_MCP__HS_OM_TYPE "Content-Type: text/plain; version=0.0.4; charset=utf-8\r\nCache-Control: no-store\r\n"
static int e2b_mcp__hs_ops_flush(void *ctx, const char *p, size_t n) {
  e2b_mcp__http_conn *c = (e2b_mcp__http_conn *)ctx;
  return e2b_mcp__hs_chunk(c->srv, c, p, n);
}
/* Whether the request may read /metrics (see above). */
static int e2b_mcp__hs_metrics_ok(e2b_mcp_server *s, const e2b_mcp__http_req *q) {
  const char *tok = s->http.cfg.metrics_token;
  size_t i, an, tn;
  unsigned d;
  if (!tok || !*tok) return s->http.loopback ? 1 : 0;
  if (!q->auth || q->auth_n < 7 || !e2b_mcp__ieqn(q->auth, "bearer ", 7)) return -1;
  an = q->auth_n - 7; tn = strlen(tok);
  d = (unsigned)(an != tn);
  for (i = 0; i < tn; i++) d |= (unsigned)((unsigned char)tok[i] ^ (unsigned char)(i < an ? q->auth[7 + i] : 0));
  return d == 0 ? 1 : -1;
}
#endif
/* -1: answered; 0: not one of them. */
static int e2b_mcp__hs_ops(e2b_mcp_server *s, e2b_mcp__http_conn *c, const e2b_mcp__http_req *q) {
  e2b_mcp__ops_view v;
  int health = e2b_mcp__hs_ops_path(q, "/healthz"), ready = e2b_mcp__hs_ops_path(q, "/readyz"), metrics = e2b_mcp__hs_ops_path(q, "/metrics");
  if (!health && !ready && !metrics) return 0;
  if (strcmp(q->method, "GET") != 0) { e2b_mcp__hs_simple(s, c, 405, "Allow: GET\r\n", -32000, "Method Not Allowed"); return -1; }
  if (health) {   /* answered by the loop: it runs */
    static const char ok[] = "{\"status\":\"ok\"}";
    e2b_mcp__hs_doc(s, c, 200, "Content-Type: application/json\r\nCache-Control: no-store\r\n", ok, sizeof ok - 1);
    return -1;
  }
  e2b_mcp__hs_ops_view(s, &v);
  if (ready) {
    char body[1024];
    e2b_mcp_json b;
    int status;
    e2b_mcp_json_init(&b, body, sizeof body);
    status = e2b_mcp__ops_ready(s, &v, &s->http.probe, &b);
    if (b.err) { static const char over[] = "{\"status\":\"not ready\",\"checks\":{\"readyz\":\"too many checks to list\"}}"; memcpy(body, over, sizeof over - 1); b.len = sizeof over - 1; status = 503; }
    e2b_mcp__hs_doc(s, c, status, "Content-Type: application/json\r\nCache-Control: no-store\r\n", body, b.len);
    return -1;
  }
#if E2B_MCP_METRICS
  {
    char stage[2048];
    e2b_mcp_json w;
    int ok = e2b_mcp__hs_metrics_ok(s, q);
    if (ok == 0) { e2b_mcp__hs_simple(s, c, 404, NULL, -32000, "Not Found: /metrics is served on a loopback listener, or with E2B_MCP_METRICS_TOKEN (cfg.metrics_token)"); return -1; }
    if (ok < 0) { e2b_mcp__hs_simple(s, c, 401, "WWW-Authenticate: Bearer realm=\"e2b-mcp-metrics\"\r\n", -32001, "Unauthorized: /metrics needs its own bearer token"); return -1; }
    c->started = 1;   /* 200, chunked (plain for HTTP/1.0, which closes), then the text */
    if (c->http10) c->close = 1;
    {
      const char *head = c->http10 ? "HTTP/1.0 200 OK\r\n" E2B_MCP__HS_OM_TYPE "Connection: close\r\n\r\n" :
                         c->close ? "HTTP/1.1 200 OK\r\n" E2B_MCP__HS_OM_TYPE "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n" :
                                    "HTTP/1.1 200 OK\r\n" E2B_MCP__HS_OM_TYPE "Transfer-Encoding: chunked\r\n\r\n";
      if (e2b_mcp__hs_send(s, c, head, strlen(head))) return -1;
    }
    e2b_mcp_json_init(&w, stage, sizeof stage);
    w.flush = e2b_mcp__hs_ops_flush;
    w.ctx = c;
    c->srv = s;
    e2b_mcp__ops_metrics(s, &v, &w);
    if (e2b_mcp_json_end(&w) == 0 && !c->http10) e2b_mcp__hs_send(s, c, "0\r\n\r\n", 5);
    return -1;
  }
#else
  e2b_mcp__hs_simple(s, c, 404, NULL, -32000, "Not Found: this server was built without metrics (E2B_MCP_METRICS 0)");
  return -1;
#endif
}

#if E2B_MCP_LIMITS
/* ---- limits per user (>>ops): the principal, and the 429 ----
   A request's principal is the one admission decided (>>principal: its
   access token's subject, else its client's own E2B key), else everyone
   alike (a static token, or none: one user). */
static unsigned long long e2b_mcp__hs_peer(e2b_mcp_server *s, e2b_mcp__http_conn *c, int prefix);
/* Whose bucket a call takes: a person or key when the principal is one (an
   access token's subject, the client's own E2B key), else the client's
   address (an IPv6 /64), else everyone alike (another port knows none). */
static unsigned long long e2b_mcp__hs_principal(e2b_mcp_server *s, e2b_mcp__http_conn *c, char *who, size_t cap) {
  size_t n = c->pr.who && c->pr.who_len < cap ? c->pr.who_len : 0;   /* decided on arrival (>>principal) */
  unsigned long long peer;
  if (n) memcpy(who, c->pr.who, n);
  who[n] = 0;
  if ((c->pr.kind == E2B_MCP_PRINCIPAL_OAUTH || c->pr.kind == E2B_MCP_PRINCIPAL_CLIENT_KEY) && c->pr.id) return c->pr.id;
  peer = e2b_mcp__hs_peer(s, c, 1);
  return peer ? peer : e2b_mcp_principal_hash('a', "", 0);
}
/* A tools/call beyond its user's limit: 429 with Retry-After, audited,
   nothing sent to E2B. 1: answered. */
static int e2b_mcp__hs_limited(e2b_mcp_server *s, e2b_mcp__http_conn *c, const e2b_mcp__http_req *q) {
  char who[E2B_MCP_SUBJECT_MAX], text[400], head[48];
  int which, nm;
  long w;
  if (s->cfg.limit_burst <= 0 && s->cfg.limit_bill_burst <= 0) return 0;
  (void)q;
  w = e2b_mcp__limit_call(s, s->msg, e2b_mcp__hs_principal(s, c, who, sizeof who), &which, &nm);
  if (!w) return 0;
  e2b_mcp__limit_text(s, w, which, text, sizeof text);
#if E2B_MCP_AUDIT
  e2b_mcp__limit_audit(s, s->msg, nm, who[0] ? who : NULL);
#endif
  e2b_mcp__fmt(head, sizeof head, "Retry-After: %ld\r\n", w > 0 ? (w + 999) / 1000 : 5L);
  e2b_mcp__hs_simple(s, c, 429, head, -32000, text);
  return 1;
}
#endif

/* ---- one complete request ---- */

#if E2B_MCP_AUTH
/* The RFC 9728 metadata of an OAuth 2.1 protected resource (cfg.auth,
   >>auth): public, it tells a client where to get a token. 1: answered. */
static int e2b_mcp__hs_oauth_meta(e2b_mcp_server *s, e2b_mcp__http_conn *c, const e2b_mcp__http_req *q) {
  char body[1536];
  e2b_mcp_json b;
  if (!e2b_mcp__auth_is_meta(s->http.cfg.auth, q->target, q->target_n)) return 0;
  e2b_mcp_json_init(&b, body, sizeof body);
  e2b_mcp__auth_metadata(s->http.cfg.auth, &b);
  e2b_mcp__hs_doc(s, c, 200, "Content-Type: application/json\r\nCache-Control: max-age=3600\r\n", body, b.len);
  return 1;
}
#ifdef E2B_MCP__FETCH
/* A token whose kid no key has: the issuer may have rotated its keys since
   they were fetched. They are fetched again (in a call slot, at most once
   per E2B_MCP_AUTH_REFRESH_MS) and the request waits for them (KEYS), as a
   call waits for a slot, then is verified with what came: a connector that
   met a 401 instead would send its user through the whole sign-in again
   after every rotation. The JWKS alone is fetched again while the last
   fetch worked; after a failure, the metadata first. 1 when it waits; 0: it
   is refused now (no fetch allowed yet, or no slot free for one); -1: too
   many wait already (E2B_MCP_AUTH_KEY_WAITERS). */
static int e2b_mcp__hs_keys_wait(e2b_mcp_server *s, e2b_mcp__http_conn *c) {
  e2b_mcp_auth *a = s->http.cfg.auth;
  unsigned long now = e2b_mcp__now_ms(s);
  int i, waiting = 0;
  if (!a->discover) return 0;
  /* each waiter holds a request buffer: a pile of made-up key ids must not
     take them all from requests whose keys are known (503 at once instead) */
  for (i = 0; i < s->http.hi; i++) waiting += s->http.conns[i].state == E2B_MCP__HC_KEYS;
  if (waiting >= E2B_MCP_AUTH_KEY_WAITERS) return -1;
  if (!a->fetch.busy) {
    if (a->refreshed && (!now || now - a->refresh_ms < (unsigned long)E2B_MCP_AUTH_REFRESH_MS)) return 0;
    /* the jwks_uri the last fetch loaded (fetch stays pointed at it), else the metadata first */
    if (!(a->loads && !a->why[0] && a->phase == E2B_MCP__AUTH_AT_JWKS) && e2b_mcp__auth_fetch_begin(a) != 0) return 0;
    if (!e2b_mcp__fetch_start(s, &a->fetch)) return 0;
    a->refreshed = 1;
    a->refresh_ms = now;
  }
  c->state = E2B_MCP__HC_KEYS;
  s->http.keys_wait = 1;   /* the step looks at every connection once the fetch ends */
  return 1;
}
#endif
#endif

#if E2B_MCP_WITH_CLIENT_KEYS
/* Per-client keys: the cool-down slot of a key (its hash, not the key, is
   kept): the same key's slot, else the least recently used free one (below).
   When no slot is free the key gets none
   of its own: NULL, the server's one cool-down, which such keys then share
   (a 429 to one makes the others wait too: longer than needed, never less).
   Handing over a slot whose calls still point to it would move their 429 to
   the newcomer and let the key that got it call E2B again at once. */
/* Whether a key slot may go to another key: no call points to it and none of
   its cool-downs still runs (its key was told to wait: forgetting that would
   let it call E2B at once). */
static int e2b_mcp__hs_key_free(e2b_mcp_server *s, const e2b_mcp__http_keyslot *ks, unsigned long now) {
  size_t t;
  if (e2b_mcp_cooldown_in_use(s, ks->until)) return 0;
  for (t = 0; t < sizeof ks->until / sizeof ks->until[0]; t++)
    if (ks->until[t] && now && (long)(ks->until[t] - now) > 0) return 0;
  return 1;
}
static unsigned long *e2b_mcp__hs_key_cooldown(e2b_mcp_server *s, const char *k, size_t n) {
  e2b_mcp_http *h = &s->http;
  unsigned long long v = 1469598103934665603ULL;
  unsigned long now = e2b_mcp__now_ms(s);
  int i, pick = -1;
  for (; n; k++, n--) v = (v ^ (unsigned char)*k) * 1099511628211ULL;
  if (!v) v = 1;
  for (i = 0; i < E2B_MCP_HTTP_KEYS; i++) {
    if (h->keys[i].hash == v) { pick = i; break; }
    if ((pick < 0 || h->keys[i].last_use < h->keys[pick].last_use) && e2b_mcp__hs_key_free(s, &h->keys[i], now)) pick = i;
  }
  if (pick < 0) return NULL;
  if (h->keys[pick].hash != v) { memset(&h->keys[pick], 0, sizeof h->keys[pick]); h->keys[pick].hash = v; }
  h->keys[pick].last_use = ++h->uses;
  return h->keys[pick].until;
}
#endif

/* A hash of the client's address as the POSIX port tells it (0: another
   port, or not known); with prefix, an IPv6 address's /64 (one host may hold
   a whole /64: its addresses are one peer to a budget). */
static unsigned long long e2b_mcp__hs_peer(e2b_mcp_server *s, e2b_mcp__http_conn *c, int prefix) {
#if defined(E2B_MCP_SOCK_POSIX)
  e2b_mcp_addr a;
  if (!c->peer_hash && s->net == &e2b_mcp_sock_posix && e2b_mcp__sock_posix_peer(&c->sock, &a) == 0) {   /* once a connection */
    c->peer_hash = e2b_mcp_principal_hash((char)('0' + a.family), a.ip, a.family == 6 ? 16 : 4);
    c->peer_net = a.family == 6 ? e2b_mcp_principal_hash('6', a.ip, 8) : c->peer_hash;
  }
  return prefix ? c->peer_net : c->peer_hash;
#else
  (void)s; (void)c; (void)prefix;
#endif
  return 0;
}
#if E2B_MCP_WITH_2026
/* Who sent the request, for a 2026-07-28 cancel, which no session ties to
   its call: its principal when it is one person or key (an access token's
   subject, the client's own E2B key), else its address (0: not known, as
   with another port: its calls cannot be cancelled). */
static unsigned long long e2b_mcp__hs_caller(e2b_mcp_server *s, e2b_mcp__http_conn *c) {
  if (c->pr.kind == E2B_MCP_PRINCIPAL_OAUTH || c->pr.kind == E2B_MCP_PRINCIPAL_CLIENT_KEY) return c->pr.id;
  return e2b_mcp__hs_peer(s, c, 0);
}
#endif

/* The end of a request's answer: its last chunk, or 202 when nothing was written. */
static void e2b_mcp__hs_answered(e2b_mcp_server *s, e2b_mcp__http_conn *c) {
  if (!c->started) e2b_mcp__hs_simple(s, c, 202, NULL, 0, NULL);
  else if (!c->http10 && !c->dead) e2b_mcp__hs_send(s, c, "0\r\n\r\n", 5);
}

/* Hands the request's body (copied into s->msg and peeked: the connection
   buffer becomes the answer's staging) to the engine, for session si (-1: a
   2026-07-28 request, which has none; its headers in c->wire), with the
   client's own key when clients bring theirs, and streams its answer; a tool
   call's answer may come later, and a call may wait for a slot in the
   engine's queue, its body kept in the connection buffer (the connection
   then waits, CALL). */
#if E2B_MCP__HS_STREAMS
static void e2b_mcp__hs_stream_idle(e2b_mcp_server *s, e2b_mcp__http_conn *c);
#endif
static void e2b_mcp__hs_run_core(e2b_mcp_server *s, e2b_mcp__http_conn *c, int si, size_t n) {
  e2b_mcp_sink k;
  e2b_mcp_origin from;
  int r;
  memset(&from, 0, sizeof from);
  from.principal = &c->pr;   /* decided on arrival (e2b_mcp__hs_admit); what it points to stays in the head */
  c->forbidden = 0;
  from.forbidden = &c->forbidden;
#if E2B_MCP_WITH_CLIENT_KEYS
  if (c->pr.api_key) from.cooldown = e2b_mcp__hs_key_cooldown(s, c->pr.api_key, c->pr.api_key_len);   /* a key's own 429s */
#endif
  from.session = si >= 0 ? &s->http.sessions[si].mcp : NULL;
  from.wire = c->wire;
#if E2B_MCP_WITH_2026
  from.caller = e2b_mcp__hs_caller(s, c);
#endif
  from.keep = c->buf + c->head_len;
  c->srv = s;
  k.ctx = c;
  k.write = e2b_mcp__hs_sink_write;
  k.end = e2b_mcp__hs_sink_end;
  c->sess = si;
  if (si >= 0) e2b_mcp__hs_tie(s, c, si);
  c->started = c->sse = c->in_msg = c->classified = 0;
  r = e2b_mcp_submit(s, s->msg, n, &from, &k);
#if E2B_MCP__HS_STREAMS && E2B_MCP_WITH_2026
  if (c->state == E2B_MCP__HC_STREAM) { e2b_mcp__hs_stream_idle(s, c); return; }   /* a subscriptions/listen: it stays open */
#endif
  if (r == E2B_MCP_DEFERRED || r == E2B_MCP_QUEUED || e2b_mcp_sink_busy(s, c)) { c->state = E2B_MCP__HC_CALL; return; }
  e2b_mcp__hs_answered(s, c);
}

static int e2b_mcp__hs_version_ok(const char *p, size_t n) {
  int i;
  for (i = 0; i < E2B_MCP__COUNT(e2b_mcp__versions); i++) if (E2B_MCP__VERSION_BUILT(i) && e2b_mcp__ieq(p, n, e2b_mcp__versions[i])) return 1;
  return 0;
}

/* The request's head against the rules, in order: a public document (the
   server card, the OAuth metadata: answered as they are), path (404), Host (400),
   Host and Origin against DNS rebinding (403), then who sent it, decided
   once (>>principal: the access token, the static token, the client's own
   E2B key) into c->pr, or refused as the verdict says (400, 401, 429; 503
   when too many requests already wait for the issuer's keys). A token whose
   key id is not known yet may wait for one fetch of the issuer's keys
   (KEYS). 0: it may go on; -1: answered. */
static int e2b_mcp__hs_admit(e2b_mcp_server *s, e2b_mcp__http_conn *c, const e2b_mcp__http_req *q) {
  e2b_mcp_http *h = &s->http;
  e2b_mcp_admit_cfg ac;
  e2b_mcp_admit_in in;
  e2b_mcp_verdict v;
  char head[1024], num[24];
  e2b_mcp_json w;
  const char *query;
  if (e2b_mcp__hs_public(s, c, q)) return -1;
  if (!e2b_mcp__hs_ops_path(q, "/metrics") && e2b_mcp__hs_ops(s, c, q)) return -1;   /* /healthz, /readyz: before Host and token */
#if E2B_MCP_AUTH
  if (h->cfg.auth && strcmp(q->method, "GET") == 0 && e2b_mcp__hs_oauth_meta(s, c, q)) return -1;
#endif
  if (!(q->target_n >= 4 && memcmp(q->target, "/mcp", 4) == 0 && (q->target_n == 4 || q->target[4] == '?')) && !e2b_mcp__hs_ops_path(q, "/metrics")) {
    e2b_mcp__hs_simple(s, c, 404, NULL, -32000, "Not Found: the MCP endpoint is /mcp");
    return -1;
  }
  if (!q->http10 && !q->host) { e2b_mcp__hs_simple(s, c, 400, NULL, -32000, "Bad Request: no Host header"); return -1; }
  if (q->host && e2b_mcp__hs_hostpart(q->host, q->host_n) == (size_t)-1) {
    e2b_mcp__hs_simple(s, c, 400, NULL, -32000, "Bad Request: the Host header's port is not a number");
    return -1;
  }
  if ((q->host && (h->loopback || e2b_mcp__hs_names_any(h->cfg.allowed_hosts)) && !e2b_mcp__hs_host_ok(s, q->host, e2b_mcp__hs_hostpart(q->host, q->host_n))) ||
      !e2b_mcp__hs_origin_ok(s, q)) {
    e2b_mcp__hs_simple(s, c, 403, NULL, -32000, "Forbidden: this Host or Origin may not use the server (DNS rebinding protection)");
    return -1;
  }
  if (e2b_mcp__hs_ops(s, c, q)) return -1;   /* /metrics: past the Host check, with its own token */
  memset(&ac, 0, sizeof ac);
  ac.token = h->cfg.token;
  ac.client_keys = E2B_MCP_WITH_CLIENT_KEYS && h->cfg.client_keys;
  ac.fail_burst = h->cfg.auth_fail_burst;
  ac.fail_per_s = h->cfg.auth_fail_per_s;
#if E2B_MCP_AUTH
  ac.auth = h->cfg.auth;
#endif
#if E2B_MCP_KEYSTORE
  ac.keystore = h->cfg.keystore;
  ac.keystore_claim = h->cfg.keystore_claim;
#endif
  memset(&in, 0, sizeof in);
  in.authz = q->auth;
  in.authz_n = q->auth_n;
  in.authz_w = q->auth ? c->buf + (q->auth - c->buf) : NULL;   /* the head was parsed from the connection's own buffer */
  in.ekey = q->ekey;
  in.ekey_n = q->ekey_n;
  query = (const char *)memchr(q->target, '?', q->target_n);
  if (query) { in.query = query + 1; in.query_n = q->target_n - (size_t)(query + 1 - q->target); }
  in.peer = e2b_mcp__hs_peer(s, c, 1);
#if E2B_MCP_AUTH
  in.now_s = (long long)e2b_mcp__state_now();
#endif
  in.now_ms = e2b_mcp__now_ms(s);
  e2b_mcp_admit(&h->adm, &ac, &in, &c->pr, &v);
  if (v.token <= 0) E2B_MCP__MET_INC(s, tokens[-v.token < E2B_MCP__MET_TOKENS ? -v.token : E2B_MCP__MET_TOKENS - 1]);
  if (v.status == E2B_MCP_ADMIT_OK) return 0;
#ifdef E2B_MCP__FETCH
  if (v.status == E2B_MCP_ADMIT_KEYS) {
    int r = e2b_mcp__hs_keys_wait(s, c);
    if (r > 0) return -1;
    if (r < 0) {   /* too many wait already: told at once, its buffer freed */
      e2b_mcp__hs_simple(s, c, 503, "Retry-After: 2\r\n", -32000, "Service Unavailable: too many requests wait for the "
                         "issuer's new keys; retry in a moment");
      return -1;
    }
  }
#endif
  if (v.status == E2B_MCP_ADMIT_KEYS) v.status = 401;
  e2b_mcp_json_init(&w, head, sizeof head - 1);   /* room for the NUL: hs_simple reads the lines as a C string */
#if E2B_MCP_AUTH
  if (v.challenge == 1) e2b_mcp__auth_challenge(h->cfg.auth, v.error, v.why, NULL, &w);
#endif
  if (v.challenge == 2) {
    /* The description is what a client shows: a connector that meets a 401
       tries OAuth sign-up, and "registration rejected" alone would send the
       user looking in the wrong place. */
    e2b_mcp__hs_lit(&w, "WWW-Authenticate: Bearer realm=\"e2b-mcp\", ");
    if (v.error) { e2b_mcp__hs_lit(&w, "error=\""); e2b_mcp__hs_lit(&w, v.error); e2b_mcp__hs_lit(&w, "\", "); }
    e2b_mcp__hs_lit(&w, "error_description=\"");
    e2b_mcp__hs_lit(&w, v.why);
    e2b_mcp__hs_lit(&w, "\"\r\n");
  }
  if (v.retry_after > 0) {
    e2b_mcp__fmt_ll(num, v.retry_after);
    e2b_mcp__hs_lit(&w, "Retry-After: ");
    e2b_mcp__hs_lit(&w, num);
    e2b_mcp__hs_lit(&w, "\r\n");
  }
  head[w.len] = 0;
  e2b_mcp__hs_simple(s, c, v.status, w.len ? head : NULL, -32001, v.text);
  return -1;
}

#if E2B_MCP__HS_STREAMS
/* ---- a session's GET stream: the notifications of its subscriptions ----
   GET /mcp with Mcp-Session-Id and Accept: text/event-stream opens it: 200,
   text/event-stream, chunked, open until the session ends (DELETE), the
   server stops or the client goes. One per session: a second one replaces
   the first (which ends), as a client that opens another has most likely
   lost the first (a network change, a proxy's timeout) while the server
   cannot tell yet; refusing it would leave the session deaf until then.
   Idle, it holds a connection slot but no request buffer; a notification
   takes one until it has left, and a client that does not read it within
   the write timeout is dropped, as for any answer. */
static void e2b_mcp__hs_done(e2b_mcp_server *s, e2b_mcp__http_conn *c);
static void e2b_mcp__hs_stream_end(e2b_mcp_server *s, e2b_mcp__http_conn *c) {
  e2b_mcp__hs_stream_unlink(s, c);
  if (!c->http10 && !c->dead) e2b_mcp__hs_send(s, c, "0\r\n\r\n", 5);
  c->close = 1;
  c->state = E2B_MCP__HC_BUSY;
  e2b_mcp__hs_done(s, c);
}
/* After a notification: its buffer back once it has all left; a stream whose socket failed ends. */
static void e2b_mcp__hs_stream_idle(e2b_mcp_server *s, e2b_mcp__http_conn *c) {
  if (c->dead) { e2b_mcp__hs_conn_free(s, c, 0); return; }
  if (!c->buf) return;
  if (c->qoff >= c->qend) {
    c->qbase = c->qoff = c->qend = 0;
    c->drain_ms = 0;
    e2b_mcp__hs_buf_give(&s->http, c);
  } else if (!c->drain_ms) c->drain_ms = e2b_mcp__now_ms(s) | 1;   /* the write timeout runs from now */
}
static void e2b_mcp__hs_stream_open(e2b_mcp_server *s, e2b_mcp__http_conn *c, const e2b_mcp__http_req *q) {
  static const char head[] = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\nTransfer-Encoding: chunked\r\n\r\n";
  static const char head10[] = "HTTP/1.0 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n";
  e2b_mcp_http *h = &s->http;
  int si;
  if (q->pver && !e2b_mcp__hs_version_ok(q->pver, q->pver_n)) {
    e2b_mcp__hs_simple(s, c, 400, NULL, -32000, "Bad Request: Unsupported protocol version (MCP-Protocol-Version)");
    return;
  }
  if ((si = e2b_mcp__hs_own_session(s, c, q->sid, q->sid_n)) < 0) {
    e2b_mcp__hs_simple(s, c, 404, NULL, -32001, "Session not found: it ended or never existed; initialize again");
    return;
  }
  if (!q->accept || !e2b_mcp__hs_accepts(q->accept, q->accept_n, "text/event-stream")) {
    e2b_mcp__hs_simple(s, c, 406, NULL, -32000, "Not Acceptable: the GET stream is text/event-stream: send Accept: text/event-stream");
    return;
  }
  if (h->sessions[si].stream) e2b_mcp__hs_stream_end(s, &h->conns[h->sessions[si].stream - 1]);   /* replaced */
  h->sessions[si].last_use = ++h->uses;
  e2b_mcp__hs_tie(s, c, si);
  h->sessions[si].stream = 1 + (int)(c - h->conns);
  c->state = E2B_MCP__HC_STREAM;
  c->srv = s;
  c->sess = si;
  c->started = c->sse = 1;
  c->in_msg = c->classified = 0;
  c->have = c->head_len = 0;
  c->drain_ms = 0;
  if (c->http10) c->close = 1;
  e2b_mcp__hs_send(s, c, c->http10 ? head10 : head, c->http10 ? sizeof head10 - 1 : sizeof head - 1);
  e2b_mcp__hs_stream_idle(s, c);
}
#if E2B_MCP_WITH_2026
/* subscriptions/listen (s->listen_open): the request's answer, on connection
   k->ctx, becomes a stream like a session's GET stream, for a session of its
   own (never named to a client: it ends when the stream does); its first
   message (the acknowledgement, which the core writes next) starts the SSE
   answer. NULL: not an HTTP answer, or no session slot is free. */
static e2b_mcp_session *e2b_mcp__hs_listen_open(e2b_mcp_server *s, const e2b_mcp_sink *k, const char *id) {
  e2b_mcp_http *h = &s->http;
  e2b_mcp__http_conn *c;
  int si;
  if (!k || k->write != e2b_mcp__hs_sink_write) return NULL;
  c = (e2b_mcp__http_conn *)k->ctx;
  if ((si = e2b_mcp__hs_new_session(s, c, NULL, 0)) < 0) return NULL;   /* its principal's, like any */
  h->sessions[si].listen = 1;
  h->sessions[si].mcp.version = E2B_MCP__V2026_07;
  e2b_mcp__strlcpy(h->sessions[si].mcp.listen_id, id, sizeof h->sessions[si].mcp.listen_id);
  e2b_mcp__hs_tie(s, c, si);
  h->sessions[si].stream = 1 + (int)(c - h->conns);
  c->sess = si;
  c->state = E2B_MCP__HC_STREAM;
  if (c->http10) c->close = 1;
  return &h->sessions[si].mcp;
}
/* A listen stream the server ends (it stops): its request's result first, the
   graceful end the revision asks for, so its client knows it was not a drop. */
static void e2b_mcp__hs_listen_close(e2b_mcp_server *s, e2b_mcp__http_conn *c) {
  const e2b_mcp_session *x = c->sess >= 0 && s->http.sessions[c->sess].listen ? &s->http.sessions[c->sess].mcp : NULL;
  char out[E2B_MCP_RPC_ID_MAX * 2 + 160];
  e2b_mcp_json w;
  if (!x || c->dead || (!c->buf && !e2b_mcp__hs_buf_free(&s->http))) return;
  e2b_mcp_json_init(&w, out, sizeof out);
  e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "jsonrpc"); e2b_mcp_json_str(&w, "2.0");
  e2b_mcp_json_key(&w, "id"); e2b_mcp_json_raw(&w, x->listen_id, strlen(x->listen_id));
  e2b_mcp_json_key(&w, "result"); e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "resultType"); e2b_mcp_json_str(&w, "complete");
  e2b_mcp_json_key(&w, "_meta"); e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "io.modelcontextprotocol/subscriptionId"); e2b_mcp_json_raw(&w, x->listen_id, strlen(x->listen_id));
  e2b_mcp_json_obj_end(&w); e2b_mcp_json_obj_end(&w); e2b_mcp_json_obj_end(&w);
  if (w.err || e2b_mcp__hs_sink_write(c, out, w.len) != 0) return;
  (void)e2b_mcp__hs_sink_end(c);
}
#endif
/* The subscriptions' way to a session (s->sub_stream): its GET stream's
   sink, or NULL when it has none now, or no request buffer is free for the
   notification (it waits). */
static const e2b_mcp_sink *e2b_mcp__hs_stream(e2b_mcp_server *s, const e2b_mcp_session *sess) {
  e2b_mcp_http *h = &s->http;
  int i;
  for (i = 0; i < h->sess_hi; i++) {
    e2b_mcp__http_conn *c;
    if (&h->sessions[i].mcp != sess) continue;
    if (!h->sessions[i].used || !h->sessions[i].stream) return NULL;
    c = &h->conns[h->sessions[i].stream - 1];
    if (c->dead || (!c->buf && !e2b_mcp__hs_buf_free(h))) return NULL;
    h->notified = 1;   /* the step gives its buffer back once it has left */
    h->stream_sink.ctx = c;
    h->stream_sink.write = e2b_mcp__hs_sink_write;
    h->stream_sink.end = e2b_mcp__hs_sink_end;
    return &h->stream_sink;
  }
  return NULL;
}
#endif

/* The method: GET (a session's stream, with subscriptions; else 405),
   DELETE (ends a session, its stream and its subscriptions), anything but
   POST (405); then what a POST must accept and carry (406, 415). 0: a POST
   to serve; -1: answered. */
static int e2b_mcp__hs_method(e2b_mcp_server *s, e2b_mcp__http_conn *c, const e2b_mcp__http_req *q) {
  e2b_mcp_http *h = &s->http;
  if (strcmp(q->method, "GET") == 0) {
#if E2B_MCP__HS_STREAMS
    /* a session's stream; 2026-07-28 has no sessions and no GET stream */
    if (q->sid && !(q->pver && e2b_mcp__ieq(q->pver, q->pver_n, e2b_mcp__modern_version))) { e2b_mcp__hs_stream_open(s, c, q); return -1; }
#endif
    e2b_mcp__hs_simple(s, c, 405, "Allow: POST, DELETE\r\n", -32000, "Method Not Allowed: this server sends no stream outside a request");
    return -1;
  }
  if (strcmp(q->method, "DELETE") == 0) {
    int si;
    if (!q->sid) { e2b_mcp__hs_simple(s, c, 400, NULL, -32000, "Bad Request: Mcp-Session-Id header is required"); return -1; }
    si = e2b_mcp__hs_own_session(s, c, q->sid, q->sid_n);
    if (si < 0) { e2b_mcp__hs_simple(s, c, 404, NULL, -32001, "Session not found"); return -1; }
    h->sessions[si].used = 0;
#if E2B_MCP__HS_STREAMS
    e2b_mcp__subs_drop(s, &h->sessions[si].mcp);
    if (h->sessions[si].stream) e2b_mcp__hs_stream_end(s, &h->conns[h->sessions[si].stream - 1]);
#endif
    e2b_mcp__hs_simple(s, c, 200, NULL, 0, NULL);
    return -1;
  }
  if (strcmp(q->method, "POST") != 0) {
    e2b_mcp__hs_simple(s, c, 405, "Allow: POST, DELETE\r\n", -32000, "Method Not Allowed");
    return -1;
  }
  if (q->accept && !(e2b_mcp__hs_accepts(q->accept, q->accept_n, "application/json") &&
                     e2b_mcp__hs_accepts(q->accept, q->accept_n, "text/event-stream"))) {
    e2b_mcp__hs_simple(s, c, 406, NULL, -32000, "Not Acceptable: Client must accept both application/json and text/event-stream");
    return -1;
  }
  if (q->ctype && !e2b_mcp__hs_ctype_json(q->ctype, q->ctype_n)) {
    e2b_mcp__hs_simple(s, c, 415, NULL, -32000, "Unsupported Media Type: Content-Type must be application/json");
    return -1;
  }
  return 0;
}

/* A 2025 request's session: the one Mcp-Session-Id names (404 when it ended),
   or a new one for an initialize (503 when none is free), with the protocol
   version header checked (400). The session slot, or -1: answered. */
static int e2b_mcp__hs_session(e2b_mcp_server *s, e2b_mcp__http_conn *c, const e2b_mcp__http_req *q, int is_init) {
  e2b_mcp_http *h = &s->http;
  int si;
  if (q->pver && !e2b_mcp__hs_version_ok(q->pver, q->pver_n)) {
    e2b_mcp__hs_simple(s, c, 400, NULL, -32000, "Bad Request: Unsupported protocol version (MCP-Protocol-Version)");
    return -1;
  }
  if (E2B_MCP_HTTP_SESSIONS == 0) {   /* the 2025 revisions' sessions are compiled out */
    e2b_mcp__hs_simple(s, c, 400, NULL, -32000, "Bad Request: this server speaks MCP 2026-07-28 over HTTP (server/discover, "
                       "no sessions); it was built without 2025 sessions (E2B_MCP_HTTP_SESSIONS 0)");
    return -1;
  }
  if (q->sid) {
    si = e2b_mcp__hs_own_session(s, c, q->sid, q->sid_n);
    if (si < 0) { e2b_mcp__hs_simple(s, c, 404, NULL, -32001, "Session not found: it ended or never existed; initialize again"); return -1; }
  } else if (is_init) {
    if ((si = e2b_mcp__hs_new_session(s, c, s->http.cfg.proxy_names_sessions ? q->newsid : NULL, q->newsid_n)) < 0) {
      e2b_mcp__hs_simple(s, c, 503, "Retry-After: 1\r\n", -32000, "Service Unavailable: no free session slot");
      return -1;
    }
    c->send_sid = 1;
  } else {
    e2b_mcp__hs_simple(s, c, 400, NULL, -32000, "Bad Request: Mcp-Session-Id header is required");
    return -1;
  }
  h->sessions[si].last_use = ++h->uses;
  return si;
}

/* One complete request on connection ci: admitted, its method, its body
   (peeked: an initialize makes a session, a 2026-07-28 request has none),
   its session, then the engine. */
static void e2b_mcp__hs_serve(e2b_mcp_server *s, int ci) {
  e2b_mcp__http_conn *c = &s->http.conns[ci];
  e2b_mcp__http_req q;
  e2b_mcp_kind kind;
  size_t n = (size_t)c->body_len;
  int si = -1;
  c->state = E2B_MCP__HC_BUSY;
  c->send_sid = 0;
  c->sess = -1;
  c->wire = NULL;
  s->http.served++;
  E2B_MCP__MET_INC(s, http_requests);
  if (c->have > c->head_len + n) c->close = 1;   /* pipelined bytes: not supported, end after this one */
  e2b_mcp__hs_parse_head(c->buf, c->head_len, &q);
  /* HTTP/1.0 always closes, keep-alive asked or not: every answer to it says Connection: close */
  c->close = c->close || q.close || q.http10;
  c->http10 = q.http10;
  if (e2b_mcp__hs_admit(s, c, &q) || e2b_mcp__hs_method(s, c, &q)) return;
  memset(&c->wire_v, 0, sizeof c->wire_v);   /* the headers of the stateless revision, kept while the request is answered */
  c->wire_v.pver = q.pver; c->wire_v.pver_n = q.pver_n;
  c->wire_v.method = q.mmethod; c->wire_v.method_n = q.mmethod_n;
  c->wire_v.name = q.mname; c->wire_v.name_n = q.mname_n;
  c->wire_v.head = c->buf; c->wire_v.head_n = c->head_len;
  memcpy(s->msg, c->buf + c->head_len, n);
  s->msg[n] = 0;
  e2b_mcp_peek(s, s->msg, n, &c->wire_v, &kind);   /* the one parse: submit uses it */
  if (kind.json && kind.modern) c->wire = &c->wire_v;
#if E2B_MCP_LIMITS
  if (kind.json && e2b_mcp__hs_limited(s, c, &q)) { s->peek_n = 0; return; }
#endif
  if (!kind.json || (!kind.modern && (si = e2b_mcp__hs_session(s, c, &q, kind.initialize)) < 0)) {
    s->peek_n = 0;   /* answered here: the next body copied into s->msg must not meet this one's parse */
    if (!kind.json) e2b_mcp__hs_simple(s, c, 400, NULL, -32700, "Parse error: the body is not one JSON value");
    return;
  }
  if (kind.busy) {   /* a tool call beyond the engine's queue: nothing is sent to E2B, nothing else is lost */
    s->peek_n = 0;
    E2B_MCP__MET_INC(s, refused[E2B_MCP__RF_QUEUE_FULL]);
    e2b_mcp__hs_simple(s, c, 503, "Retry-After: 1\r\n", -32000, "Service Unavailable: every call slot is busy and the queue "
                       "of calls waiting for one is full; nothing was sent to E2B, call again");
    return;
  }
  e2b_mcp__hs_run_core(s, c, si, n);
}

/* Whether an answer sent on k has yet to reach the client (a port that cannot tell: no). */
static int e2b_mcp__hs_unsent(e2b_mcp_server *s, e2b_mcp_sock *k) { return s->net->unsent ? s->net->unsent(s->net->user, k) : 0; }

/* After an answer: ready for the next request, or closed. */
static void e2b_mcp__hs_done(e2b_mcp_server *s, e2b_mcp__http_conn *c) {
  e2b_mcp__hs_push(c);   /* what is queued of the answer (an HTTP/1.0 one has no last chunk to send it) */
  if (!c->dead && c->qoff < c->qend) {   /* the rest leaves as the client reads it */
    if (c->state != E2B_MCP__HC_DRAIN) c->drain_ms = e2b_mcp__now_ms(s);
    c->state = E2B_MCP__HC_DRAIN;
    return;
  }
  c->wire = NULL;
  if (c->dead || c->close) { e2b_mcp__hs_conn_free(s, c, !c->dead); return; }
  c->state = E2B_MCP__HC_READ;
  c->have = c->head_len = 0;
  c->body_len = 0;
  c->last_ms = e2b_mcp__now_ms(s);
  c->tick = ++s->http.ticks;
  c->answered = 1;
  c->wspent = 0;
  c->qbase = c->qoff = c->qend = 0;
  e2b_mcp__hs_buf_give(&s->http, c);   /* idle: no buffer until its next request */
}

/* Whether p[0..n) cannot be the start of an HTTP/1.1 request head: a method
   that is not capital letters followed by a space, a control byte, or a line
   end other than CRLF (TLS bytes, a bare LF). Lines are checked from `from`
   on (what came before was checked when it came). */
static int e2b_mcp__hs_not_http(const char *p, size_t from, size_t n) {
  size_t i;
  for (i = 0; i < n && p[i] != ' '; i++) if (p[i] < 'A' || p[i] > 'Z' || i == 7) return 1;
  if (i == 0 && n > 0) return 1;
  for (i = from ? from - 1 : 0; i < n; i++) {
    unsigned char ch = (unsigned char)p[i];
    if (ch == '\n' && (i == 0 || p[i - 1] != '\r')) return 1;
    if (ch == '\r' && i + 1 < n && p[i + 1] != '\n') return 1;
    if ((ch < 0x20 && ch != '\r' && ch != '\n' && ch != '\t') || ch == 0x7f) return 1;
  }
  return 0;
}

/* New bytes on a reading connection; serves the request once complete. */
static void e2b_mcp__hs_on_read(e2b_mcp_server *s, int ci) {
  e2b_mcp__http_conn *c = &s->http.conns[ci];
  size_t from;
  int r;
  if (e2b_mcp__hs_buf_take(&s->http, c)) return;   /* none free: the request waits in the socket (not watched meanwhile) */
  if (c->have == E2B_MCP__HS_BUF) return;
  r = e2b_mcp__sock_recv(&c->sock, (unsigned char *)c->buf + c->have, E2B_MCP__HS_BUF - c->have);
  if (r == E2B_MCP_ERR_AGAIN) {   /* nothing after all */
    if (!c->have) e2b_mcp__hs_buf_give(&s->http, c);
    return;
  }
  if (r <= 0) { c->dead = 1; e2b_mcp__hs_conn_free(s, c, 0); return; }
  if (c->have == 0 && (c->answered || c->starved)) c->start_ms = e2b_mcp__now_ms(s);   /* the first request's clock runs from the accept, or from its buffer */
  from = c->have > 3 ? c->have - 3 : 0;
  c->have += (size_t)r;
  if (c->head_len == 0) {
    e2b_mcp__http_req q;
    size_t k, lim = c->have < E2B_MCP_HTTP_HEAD_MAX ? c->have : E2B_MCP_HTTP_HEAD_MAX;
    for (k = from; k + 3 < lim; k++)
      if (c->buf[k] == '\r' && c->buf[k + 1] == '\n' && c->buf[k + 2] == '\r' && c->buf[k + 3] == '\n') { c->head_len = k + 4; break; }
    c->qbase = c->qoff = c->qend = c->head_len;   /* the answer's queue: past the head, which the core may still read */
    if (e2b_mcp__hs_not_http(c->buf, from, c->head_len ? c->head_len : lim)) {   /* at once, not after a timeout */
      c->close = 1;
      e2b_mcp__hs_simple(s, c, 400, NULL, -32000, "Bad Request: this is not an HTTP/1.1 request (methods are capital letters; lines end with CRLF)");
      e2b_mcp__hs_conn_free(s, c, 1);
      return;
    }
    if (c->head_len == 0) {
      if (c->have >= E2B_MCP_HTTP_HEAD_MAX) {
        c->close = 1;
        e2b_mcp__hs_simple(s, c, 431, NULL, -32000, "Request Header Fields Too Large");
        e2b_mcp__hs_conn_free(s, c, 1);
      }
      return;
    }
    c->close = 0;
    if (e2b_mcp__hs_parse_head(c->buf, c->head_len, &q) != 0) {
      c->close = 1;
      e2b_mcp__hs_simple(s, c, 400, NULL, -32000, "Bad Request: malformed request head");
      e2b_mcp__hs_conn_free(s, c, 1);
      return;
    }
    c->http10 = q.http10;
    if (q.chunked) {
      c->close = 1;
      e2b_mcp__hs_simple(s, c, 411, NULL, -32000, "Length Required: send the body with Content-Length");
      e2b_mcp__hs_conn_free(s, c, 1);
      return;
    }
    if (q.length > E2B_MCP_MSG_MAX) {
      char text[128];
      e2b_mcp__fmt(text, sizeof text, "Content Too Large: this server accepts messages of up to %lu bytes", (unsigned long)E2B_MCP_MSG_MAX);
      c->close = 1;
      e2b_mcp__hs_simple(s, c, 413, NULL, -32000, text);
      e2b_mcp__hs_conn_free(s, c, 1);
      return;
    }
    c->body_len = q.length < 0 ? 0 : q.length;
    if (q.expect && c->have < c->head_len + (size_t)c->body_len)   /* straight to the socket: the queue's room is the body's until it is read */
      (void)c->sock.port->send(c->sock.port->user, &c->sock, (const unsigned char *)"HTTP/1.1 100 Continue\r\n\r\n", 25);
  }
  if (c->have < c->head_len + (size_t)c->body_len) return;
  e2b_mcp__hs_serve(s, ci);
  if (c->state == E2B_MCP__HC_BUSY) e2b_mcp__hs_done(s, c);
}

/* A slot for a newcomer when none is free, or -1. First the longest idle
   connection with no request in progress (no byte read, none waiting, and not
   in its first E2B_MCP__HS_FRESH_MS, when its request may be on its way): it
   closes like an idle keep-alive one. Then the slowest incomplete request (the
   oldest start): it gets 408, so clients that send whole requests are served
   while others trickle theirs in. got: what the last wait found readable. */
static int e2b_mcp__hs_make_room(e2b_mcp_server *s, const unsigned char *got, unsigned long now) {
  e2b_mcp_http *h = &s->http;
  int i, slot = -1;
  for (i = 0; i < h->hi; i++) {
    e2b_mcp__http_conn *c = &h->conns[i];
    if (c->state == E2B_MCP__HC_READ && !c->have && !(i < h->watched && got[1 + i]) && (long)(now - c->last_ms) >= E2B_MCP__HS_FRESH_MS &&
        (slot < 0 || c->tick < h->conns[slot].tick) &&
        e2b_mcp__sock_idle_ok(&c->sock))   /* nothing arrived since the wait */
      slot = i;
  }
  if (slot >= 0) { e2b_mcp__hs_conn_free(s, &h->conns[slot], 0); return slot; }
  for (i = 0; i < h->hi; i++) {
    e2b_mcp__http_conn *c = &h->conns[i];
    if (c->state == E2B_MCP__HC_READ && c->have && (long)(now - c->start_ms) >= E2B_MCP__HS_FRESH_MS &&
        (slot < 0 || (long)(h->conns[slot].start_ms - c->start_ms) > 0))
      slot = i;
  }
  if (slot >= 0) {
    e2b_mcp__http_conn *c = &h->conns[slot];
    c->close = 1;
    e2b_mcp__hs_simple(s, c, 408, NULL, -32000, "Request Timeout: the request did not arrive whole while other clients waited for a slot");
    e2b_mcp__hs_conn_free(s, c, 1);
  }
  return slot;
}

/* Takes the connections waiting on the listener: each gets a slot (a free one,
   or one made free), or 503 with Retry-After and a linger when every slot
   serves a whole request. */
static void e2b_mcp__hs_accept(e2b_mcp_server *s, const unsigned char *got, unsigned long now) {
  static const char busy[] = "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nContent-Type: application/json\r\n"
    "Content-Length: 98\r\nConnection: close\r\n\r\n"
    "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32000,\"message\":\"Service Unavailable: all slots busy\"}}";
  e2b_mcp_http *h = &s->http;
  int i, k;
  for (k = 0; k < E2B_MCP__HS_ACCEPT_BURST; k++) {
    e2b_mcp_sock a;
    int slot = -1;
    a.h = -1; a.port = s->net;
    if (s->net->accept(s->net->user, &h->listener, &a) != 1) break;
    for (i = h->free_lo; i < h->hi; i++) if (h->conns[i].state == E2B_MCP__HC_FREE) { slot = i; break; }
    if (slot < 0 && h->hi < E2B_MCP_HTTP_CONNS) slot = h->hi;   /* conns[hi..] are free, some never touched */
    h->free_lo = slot < 0 ? h->hi : slot + 1;   /* none is free below it now (a slot freed later lowers it) */
    if (slot < 0) slot = e2b_mcp__hs_make_room(s, got, now);
    if (slot < 0) {
      (void)s->net->send(s->net->user, &a, (const unsigned char *)busy, sizeof busy - 1);   /* what a fresh socket takes at once */
      e2b_mcp__hs_linger(s, &a);
      continue;
    }
    memset(&h->conns[slot], 0, sizeof h->conns[slot]);   /* no buffer, no session */
    if (slot >= h->hi) h->hi = slot + 1;
    h->conns[slot].sock = a;
    h->conns[slot].state = E2B_MCP__HC_READ;
    h->conns[slot].sess = h->conns[slot].tied = -1;
    h->conns[slot].last_ms = h->conns[slot].start_ms = e2b_mcp__now_ms(s);
    h->conns[slot].tick = ++h->ticks;
  }
}

/* Slow and idle clients. A request whose head is not whole after the head
   timeout, or not whole at all after the request timeout, gets 408; a
   connection that has not sent its first request yet gets the request
   timeout, not the idle one (it closes without a word); an idle keep-alive
   connection closes after the idle timeout. */
static void e2b_mcp__hs_timeouts(e2b_mcp_server *s, unsigned long now) {
  e2b_mcp_http *h = &s->http;
  int i, bufs = e2b_mcp__hs_buf_free(h);
  h->holding = 0;
  for (i = 0; i < h->hi; i++) {
    e2b_mcp__http_conn *c = &h->conns[i];
    if (c->state == E2B_MCP__HC_DRAIN && now - c->drain_ms >= e2b_mcp__hs_ms(h->cfg.write_timeout_ms, E2B_MCP_HTTP_WRITE_TIMEOUT_MS)) {
      c->dead = 1;   /* it does not read: dropped */
      e2b_mcp__hs_conn_free(s, c, 0);
      continue;
    }
    if (E2B_MCP__HS_STREAMING(c) && c->drain_ms &&
        now - c->drain_ms >= e2b_mcp__hs_ms(h->cfg.write_timeout_ms, E2B_MCP_HTTP_WRITE_TIMEOUT_MS)) {
      c->dead = 1;   /* a GET stream whose client does not read: dropped */
      e2b_mcp__hs_conn_free(s, c, 0);
      continue;
    }
    if (c->state != E2B_MCP__HC_READ) continue;
    if (!c->buf && !bufs) {   /* its request may wait unread for a buffer: its clock runs once there is one */
      c->starved = 1;
      continue;
    }
    if (c->starved) {   /* there is one now: it is read at the next wait */
      c->starved = 0;
      c->start_ms = c->last_ms = now;
      continue;
    }
    if (c->hold) {   /* a request waits behind an answer still on its way: read it once that has left */
      h->holding = 1;
      if (!e2b_mcp__hs_unsent(s, &c->sock)) c->hold = 0;
      else if (now - c->last_ms >= e2b_mcp__hs_ms(h->cfg.write_timeout_ms, E2B_MCP_HTTP_WRITE_TIMEOUT_MS)) {
        c->dead = 1;   /* it does not read: dropped */
        e2b_mcp__hs_conn_free(s, c, 0);
      }
      continue;
    }
    if ((c->have || !c->answered) &&
        (now - c->start_ms >= e2b_mcp__hs_ms(h->cfg.request_timeout_ms, E2B_MCP_HTTP_REQUEST_TIMEOUT_MS) ||
         (c->have && !c->head_len && now - c->start_ms >= e2b_mcp__hs_ms(h->cfg.head_timeout_ms, E2B_MCP_HTTP_HEAD_TIMEOUT_MS)))) {
      if (c->have) {
        c->close = 1;
        e2b_mcp__hs_simple(s, c, 408, NULL, -32000, "Request Timeout: the request did not arrive in time");
      }
      e2b_mcp__hs_conn_free(s, c, c->have != 0);
    } else if (!c->have && c->answered && now - c->last_ms >= e2b_mcp__hs_ms(h->cfg.idle_timeout_ms, E2B_MCP_HTTP_IDLE_TIMEOUT_MS))
      e2b_mcp__hs_conn_free(s, c, 0);
  }
}

/* ---- the loop ---- */
/* What the loop waits on: the listener (fds[0]), each connection slot in
   use (fds[1 + i], i < hi), each lingering socket, then the calls' E2B sockets. A
   connection whose call is with E2B or its user, or waits for a slot, is
   watched for its client hanging up; one with an answer queued, for room to
   send it. A busy one is being answered (only the one whose custom tool
   waits for its user is watched). One on hold is looked at again every
   10 ms. Stopping: no newcomers, no new requests. Returns the count; the
   first E2B socket is at *first_call. */
static int e2b_mcp__hs_watch(e2b_mcp_server *s, e2b_mcp_poll *fds, int *timeout_ms, int *first_call) {
  e2b_mcp_http *h = &s->http;
  int i, n = 0, bufs = e2b_mcp__hs_buf_free(h);   /* without a free buffer, a connection with none is not read */
#define E2B_MCP__WATCH(k) (fds[n].sock = (k), fds[n].want = E2B_MCP_WANT_READ, fds[n++].ready = 0)
  E2B_MCP__WATCH(h->stop ? NULL : &h->listener);
  h->watched = h->hi;
  for (i = 0; i < h->watched; i++) {
    e2b_mcp__http_conn *c = &h->conns[i];
    E2B_MCP__WATCH((c->state == E2B_MCP__HC_READ && !c->hold && !h->stop && (c->buf || bufs)) || c->state == E2B_MCP__HC_CALL ||
                   c->state == E2B_MCP__HC_DRAIN || E2B_MCP__HS_STREAMING(c) || c->state == E2B_MCP__HC_KEYS ? &c->sock : NULL);
    if (c->qoff < c->qend) fds[n - 1].want = c->state == E2B_MCP__HC_DRAIN ? E2B_MCP_WANT_WRITE : E2B_MCP_WANT_READ | E2B_MCP_WANT_WRITE;
    if (c->state == E2B_MCP__HC_READ && c->hold && *timeout_ms > E2B_MCP__HS_HOLD_MS) *timeout_ms = E2B_MCP__HS_HOLD_MS;
  }
  for (i = 0; i < E2B_MCP_HTTP_LINGER; i++) E2B_MCP__WATCH(&h->linger[i]);
#undef E2B_MCP__WATCH
  *first_call = n;
  return n + e2b_mcp_watch(s, fds + n, E2B_MCP__POLL_MAX - n, timeout_ms);
}

/* A connection the wait found readable: the next request's bytes, or from a
   connection waiting for its call, its client gone (or bytes it should not
   have sent). */
static void e2b_mcp__hs_readable(e2b_mcp_server *s, int i) {
  e2b_mcp__http_conn *c = &s->http.conns[i];
  if (c->state == E2B_MCP__HC_READ && !c->have && c->answered && e2b_mcp__hs_unsent(s, &c->sock)) c->hold = s->http.holding = 1;
  else if (c->state == E2B_MCP__HC_READ) e2b_mcp__hs_on_read(s, i);
  else if (c->state == E2B_MCP__HC_BUSY || c->state == E2B_MCP__HC_CALL || E2B_MCP__HS_STREAMING(c) || c->state == E2B_MCP__HC_KEYS) {
    char drop[64];
    int r = e2b_mcp__sock_recv(&c->sock, (unsigned char *)drop, sizeof drop);
    if (r == 0 || (r < 0 && r != E2B_MCP_ERR_AGAIN)) {
      c->dead = 1;   /* a call in flight runs on, answering nobody; one that waited for a slot never starts */
      if (c->state != E2B_MCP__HC_BUSY) e2b_mcp__hs_conn_free(s, c, 0);
    } else if (r > 0) c->close = 1;   /* a pipelined request, dropped: the stream is out of step, end it after the answer */
  }
}

/* Lingering sockets: drained until the peer closes, or their time is up. */
static void e2b_mcp__hs_lingering(e2b_mcp_server *s, const unsigned char *got) {
  e2b_mcp_http *h = &s->http;
  unsigned long now = e2b_mcp__now_ms(s);
  int i;
  for (i = 0; i < E2B_MCP_HTTP_LINGER; i++) {
    e2b_mcp_sock *k = &h->linger[i];
    if (k->h < 0) continue;
    if (got[i]) {
      char drop[512];
      int r = e2b_mcp__sock_recv(k, (unsigned char *)drop, sizeof drop);
      if (r == 0 || (r < 0 && r != E2B_MCP_ERR_AGAIN)) { e2b_mcp__hs_close(s, k); continue; }
    }
    if ((long)(now - h->linger_until[i]) >= 0) e2b_mcp__hs_close(s, k);
  }
}

/* Connection i after the calls moved on: a request that waited for the
   issuer's keys is served again; one whose call's answer ended (or any in a
   call, on a sweep) ends its answer once no call answers through it. */
static void e2b_mcp__hs_look(e2b_mcp_server *s, int i, int sweep) {
  e2b_mcp_http *h = &s->http;
  e2b_mcp__http_conn *c = &h->conns[i];
#ifdef E2B_MCP__FETCH
  if (c->state == E2B_MCP__HC_KEYS && !h->cfg.auth->fetch.busy) {   /* the keys came (or did not): its request again */
    h->served--;   /* the same request, counted once */
    e2b_mcp__hs_serve(s, i);
    if (c->state == E2B_MCP__HC_BUSY) e2b_mcp__hs_done(s, c);
    return;
  }
#endif
  if (c->state != E2B_MCP__HC_CALL || !(sweep || c->ended)) return;
  c->ended = 0;
  if (e2b_mcp_sink_busy(s, c)) return;
  e2b_mcp__hs_answered(s, c);
  c->state = E2B_MCP__HC_BUSY;
  e2b_mcp__hs_done(s, c);
}

E2B_MCP_DEF int e2b_mcp_http_step(e2b_mcp_server *s, int timeout_ms) {
  e2b_mcp_http *h = &s->http;
  e2b_mcp_poll fds[E2B_MCP__POLL_MAX];
  unsigned char got[E2B_MCP__POLL_MAX];
  int i, n, first_call, sweep, full;
  unsigned long now;
  n = e2b_mcp__hs_watch(s, fds, &timeout_ms, &first_call);
  if (s->net->wait(s->net->user, fds, n, timeout_ms) <= 0) for (i = 0; i < n; i++) fds[i].ready = 0;
  s->wready = fds + first_call;   /* the engine learns what came on its sockets from here, not by asking each */
  /* ready first: a socket is looked at (a cache miss each, at ten thousand) only when the wait named it */
  for (i = 0; i < first_call; i++) got[i] = (fds[i].ready & E2B_MCP_WANT_READ) && fds[i].sock && fds[i].sock->h >= 0;
  for (i = 0; i < h->watched; i++) {   /* answers on their way: more of them leaves */
    e2b_mcp__http_conn *c = &h->conns[i];
    if (!(fds[1 + i].ready & E2B_MCP_WANT_WRITE) || c->qoff >= c->qend) continue;
    e2b_mcp__hs_push(c);
    if (c->state == E2B_MCP__HC_DRAIN && (c->dead || c->qoff == c->qend)) e2b_mcp__hs_done(s, c);
  }
  for (i = 0; i < h->watched; i++) {
    if (got[1 + i]) e2b_mcp__hs_readable(s, i);
  }
  if (got[0]) e2b_mcp__hs_accept(s, got, e2b_mcp__now_ms(s));   /* newcomers, once the connections that ended made room */
  e2b_mcp_step(s);   /* the calls moved on; the connections whose call was answered end their answer */
  /* The passes over every connection slot run when something calls for them
     (a notification sent, an answer held back, more ended answers than the
     step remembers, the issuer's keys come), else every E2B_MCP__HS_SWEEP_MS:
     at ten thousand connections a pass costs more than the requests a step
     serves, and the timeouts they look for are seconds. An answer's end is
     looked at where it happened (ended_at). */
  now = e2b_mcp__now_ms(s);
  sweep = h->holding || (unsigned long)(now - h->swept_ms) >= E2B_MCP__HS_SWEEP_MS || h->stop;
  if (sweep) h->swept_ms = now;
  /* the connections whose answer ended: those the sinks named, or all of them
     (a sweep, more than the list holds, requests waiting for the keys) */
  full = sweep || h->ended > E2B_MCP__HS_ENDED;
#ifdef E2B_MCP__FETCH
  if (h->keys_wait && !h->cfg.auth->fetch.busy) {
    full = 1;
    h->keys_wait = 0;
  }
#endif
  if (full)
    for (i = 0; i < h->hi; i++) e2b_mcp__hs_look(s, i, sweep);
  else
    for (i = 0; i < h->ended; i++) e2b_mcp__hs_look(s, h->ended_at[i], 0);
  h->ended = 0;
#if E2B_MCP__HS_STREAMS
  for (i = 0; (sweep || h->notified) && i < h->hi; i++)
    if (h->conns[i].state == E2B_MCP__HC_STREAM) e2b_mcp__hs_stream_idle(s, &h->conns[i]);   /* notifications sent */
  h->notified = 0;
#endif
  e2b_mcp__hs_lingering(s, got + 1 + h->watched);
  if (sweep) e2b_mcp__hs_timeouts(s, e2b_mcp__now_ms(s));
  return 0;
}

static int e2b_mcp__hs_is_loopback(const char *host) {
  return strcmp(host, "localhost") == 0 || strcmp(host, "::1") == 0 || strncmp(host, "127.", 4) == 0;
}

/* Answers still leaving (DRAIN): e2b_mcp_calls_in_flight counts them. */
static int e2b_mcp__hs_held(const e2b_mcp_server *s) {
  int i, n = 0;
  for (i = 0; i < s->http.hi; i++) n += s->http.conns[i].state == E2B_MCP__HC_DRAIN;
  return n;
}

E2B_MCP_DEF int e2b_mcp_http_listen(e2b_mcp_server *s, const e2b_mcp_http_config *cfg) {
  e2b_mcp_http *h = &s->http;
  int i, r;
  memset(h, 0, offsetof(e2b_mcp_http, free_bufs));   /* the slots and buffers are cleared as they are taken */
  if (cfg) h->cfg = *cfg;
  if (!h->cfg.host || !*h->cfg.host) h->cfg.host = "127.0.0.1";
  h->loopback = e2b_mcp__hs_is_loopback(h->cfg.host);
  /* off loopback a token guards the server's own key; with per-client keys
     every client spends only its own */
  if (h->cfg.client_keys && !E2B_MCP_WITH_CLIENT_KEYS) return E2B_MCP_ERR_CONFIG;   /* built without them (>>config) */
#if E2B_MCP_KEYSTORE
  if (h->cfg.keystore && (!h->cfg.auth || h->cfg.client_keys)) return E2B_MCP_ERR_CONFIG;   /* it goes by the token's subject */
#endif
#if E2B_MCP_AUTH
  if (h->cfg.auth) {   /* access tokens guard it, as a token would */
    if (!E2B_MCP__AUTH_VERIFIER) return E2B_MCP_ERR_NO_VERIFIER;
    if (!e2b_mcp__auth_config_ok(h->cfg.auth)) return E2B_MCP_ERR_AUTH_CONFIG;
#ifdef E2B_MCP__FETCH
    if (h->cfg.auth->discover && !s->trust_loaded)   /* the issuer's keys come over TLS, E2B's calls or not */
      s->trust_loaded = e2b_mcp_tls_trust_init(&s->trust, s->cfg.ca_file) > 0;
#endif
  } else
#endif
  if (!h->loopback && !h->cfg.client_keys && !h->cfg.open_access && (!h->cfg.token || !*h->cfg.token)) return E2B_MCP_ERR_NEED_TOKEN;
  { unsigned char probe[4];   /* session ids need the kernel's randomness */
    if (!s->net->random || !s->net->listen || s->net->random(s->net->user, probe, sizeof probe) != 0) return E2B_MCP_ERR_IO; }
  for (i = 0; i < E2B_MCP_HTTP_LINGER; i++) h->linger[i].h = -1;
  h->listener.h = -1;
  h->port = h->cfg.port;
  h->listener.port = s->net;
  r = s->net->listen(s->net->user, &h->listener, h->cfg.host, h->cfg.port, &h->port);
  s->held = e2b_mcp__hs_held;
  s->watch_idle = 1;   /* the step hands the engine its wait's findings (s->wready) */
#if E2B_MCP__HS_STREAMS
  s->sub_stream = e2b_mcp__hs_stream;
#if E2B_MCP_WITH_2026
  s->listen_open = e2b_mcp__hs_listen_open;
#endif
#endif
  return r;
}

/* A call that waited for a slot, when the server stops: 503, never started. */
static void e2b_mcp__hs_stopped(e2b_mcp_server *s, const void *ctx) {
  e2b_mcp__http_conn *c = (e2b_mcp__http_conn *)ctx;
  if (c->state != E2B_MCP__HC_CALL) return;
  c->state = E2B_MCP__HC_BUSY;
  c->close = 1;
  e2b_mcp__hs_simple(s, c, 503, "Retry-After: 5\r\n", -32000, "Service Unavailable: the server is stopping; nothing was sent to E2B");
  e2b_mcp__hs_done(s, c);
}

E2B_MCP_DEF int e2b_mcp_http_run(e2b_mcp_server *s) {
  e2b_mcp_http *h = &s->http;
  int i;
  while (!h->stop) e2b_mcp_http_step(s, E2B_MCP__HS_RUN_MS);
#if E2B_MCP__HS_STREAMS
  for (i = 0; i < h->hi; i++)
    if (h->conns[i].state == E2B_MCP__HC_STREAM) {   /* the streams end (a listen's with its result) */
#if E2B_MCP_WITH_2026
      e2b_mcp__hs_listen_close(s, &h->conns[i]);
#endif
      e2b_mcp__hs_stream_end(s, &h->conns[i]);
    }
  e2b_mcp__subs_drop(s, NULL);   /* and nothing is polled for them any more */
#endif
  /* stopping: calls that waited for a slot never start (503); reads and
     questions end now, with an answer that says so; a change runs to its
     answer, so its client learns what was done */
  while (e2b_mcp_stop(s, e2b_mcp__hs_stopped)) e2b_mcp_http_step(s, E2B_MCP__HS_RUN_MS);
  /* the answers the stop wrote get their end (a chunked one its last chunk, in
     the next step), and what is queued leaves, for at most the write timeout */
  {
    unsigned long t0 = e2b_mcp__now_ms(s), to = e2b_mcp__hs_ms(h->cfg.write_timeout_ms, E2B_MCP_HTTP_WRITE_TIMEOUT_MS);
    unsigned long rounds = to / 20 + 2;   /* the bound when the port has no clock */
    int queued;
    do {
      e2b_mcp_http_step(s, 0);
      for (queued = 0, i = 0; i < h->hi; i++) {
        const e2b_mcp__http_conn *c = &h->conns[i];
        queued |= c->state != E2B_MCP__HC_FREE && !c->dead && (c->qoff < c->qend || c->state == E2B_MCP__HC_CALL);
      }
      if (queued) e2b_mcp_http_step(s, 20);
    } while (queued && --rounds && (unsigned long)(e2b_mcp__now_ms(s) - t0) < to);
  }
  for (i = h->hi - 1; i >= 0; i--) if (h->conns[i].state != E2B_MCP__HC_FREE) e2b_mcp__hs_conn_free(s, &h->conns[i], 0);
  for (i = 0; i < E2B_MCP_HTTP_LINGER; i++) e2b_mcp__hs_close(s, &h->linger[i]);
  e2b_mcp__hs_close(s, &h->listener);
  e2b_mcp_close(s);
  return 0;
}

#ifdef E2B_MCP__FETCH
E2B_MCP_DEF int e2b_mcp_http_auth_keys(e2b_mcp_server *s) {
  e2b_mcp_auth *a = s->http.cfg.auth;
  int loads;
  if (!a || !a->discover || a->fetch.busy) return a ? a->nkeys : 0;
  a->why[0] = 0;
  loads = a->loads;
  if (e2b_mcp__auth_fetch_begin(a) != 0) return -1;
  if (e2b_mcp__fetch_run(s, &a->fetch) != 0) {
    e2b_mcp__fmt(a->why, sizeof a->why, "no call slot is free to fetch the issuer's keys");
    return -1;
  }
  return a->loads > loads ? a->nkeys : -1;
}
#endif

E2B_MCP_DEF int e2b_mcp_serve_http(e2b_mcp_server *s, const e2b_mcp_http_config *cfg) {
  int r = e2b_mcp_http_listen(s, cfg);
  return r ? r : e2b_mcp_http_run(s);
}
#endif /* E2B_MCP__HTTP */


