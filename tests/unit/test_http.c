/* test_http.c - the HTTP/1.1 client: its exchange fed bytes directly, and the
   client through a replaying socket port.

   Every canned response is fed at every split point (pieces of k bytes for
   each k from 1 to its length), twice: straight into the sans-I/O exchange
   (e2b_mcp__exchange_*: no server, no socket, the request taken out in
   pieces of k too), and through the client over a fake socket port. Covered:
   Content-Length, chunked (with extensions, trailers, many chunks) and
   close-delimited bodies, 204, the headers the tools use (case-insensitive),
   oversize answers (an error, and no byte past the buffer), malformed and
   truncated answers, the keep-alive decision, keep-alive reuse, a stale
   connection reopened once, deadlines, and the exact bytes of requests.
   Driven directly (the client alone, with a connection and a dial of its
   own: no server) and through the public API. */
#define E2B_MCP_SOCK_CUSTOM
#define E2B_MCP_WITH_STDIO 0
#define E2B_MCP_RESP_MAX 1024          /* small, so oversize answers are easy to make */
#define E2B_MCP_IMPLEMENTATION
#include "../../e2b_mcp.h"
#include "check.h"
#include "fake_port.h"

#include <stdlib.h>

#define KEY "e2b_0123456789abcdef0123456789abcdef01234567"
#define UA "User-Agent: e2b-mcp/" E2B_MCP_VERSION "\r\n"

static e2b_mcp_server srv;
static fake m;
static e2b_mcp_sock_port port;

/* The client alone: its connection, the API's URL (keeping its resolved
   address), the request's and the answer's buffers, with a canary after
   the answer's (E2B_MCP_RESP_MAX bytes and one for a NUL). */
static e2b_mcp_conn conn;
static e2b_mcp_url api;
static e2b_mcp__client cl;
static char reqbuf[E2B_MCP_REQ_MAX];
static struct { char resp[E2B_MCP_RESP_MAX + 1]; unsigned char canary[256]; } ans;

static void setup(const char *api_url) {
  e2b_mcp_config cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.api_key = KEY;
  cfg.api_url = api_url;
  cfg.dashboard_url = "http://dash.sim.test:8081";
  cfg.sock_port = &port;
  cfg.enable_kill = 1;
  fake_reset(&m);
  fake_port_init(&port, &m);
  CHECK(e2b_mcp_init(&srv, &cfg) == 0);
  CHECK(e2b_mcp__url_parse(&api, api_url) == 0);
  conn.sock.h = -1; conn.open = 0;
}
/* A fresh connection state and script, keeping the server. */
static void fresh(void) {
  e2b_mcp_close(&srv);
  e2b_mcp__conn_close(&conn);
  srv.api.addr.family = srv.dash.addr.family = api.addr.family = 0;   /* resolve again: the script records the host */
  fake_reset(&m);
}

/* One GET through the client alone (no server), run to its end over the fake
   port: connect 10 s, read 30 s. */
static int get(const char *path, e2b_mcp_response *r) {
  e2b_mcp__req rq;
  e2b_mcp__dial d;
  memset(&rq, 0, sizeof rq);
  rq.buf = reqbuf; rq.cap = sizeof reqbuf;
  e2b_mcp__req_begin(&rq, "GET", &api);
  e2b_mcp__req_lit(&rq, path);
  e2b_mcp__client_begin(&cl, &rq, KEY, ans.resp, E2B_MCP_RESP_MAX);
  d.url = &api; d.net = &port; d.trust = NULL; d.connect_ms = 10000; d.read_ms = 30000; d.dns_ttl_ms = E2B_MCP_DNS_TTL_MS;
  e2b_mcp__client_run(&cl, &conn, &d);
  *r = cl.x.r;
  return r->err;
}

/* The bytes right after the answer's buffer: a canary for overruns. */
static void canary_set(void) { memset(ans.canary, 0xa5, sizeof ans.canary); }
static int canary_ok(void) {
  size_t i;
  for (i = 0; i < sizeof ans.canary; i++) if (ans.canary[i] != 0xa5) return 0;
  return 1;
}

/* A response with a computed Content-Length, in one of a few static buffers. */
static const char *with_cl(const char *head, const char *body) {
  static char ring[8][2048];
  static int next;
  char *b = ring[next++ % 8];
  snprintf(b, sizeof ring[0], "%sContent-Length: %d\r\n\r\n%s", head, (int)strlen(body), body);
  return b;
}

/* ---- every split point ---- */

typedef struct expect {
  int err, status;
  const char *body;          /* NULL: not checked */
  size_t body_len;
  const char *next_token;    /* NULL: must be "" */
  long total_running, retry_after;
  int stays_open;            /* the connection is kept after it */
} expect;

/* ---- the exchange alone: bytes fed by hand, no server, no socket ---- */

#define XREQ_HEAD "POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 9\r\n\r\n"
#define XREQ_BODY "{\"a\":[1]}"

/* Runs one exchange: takes the request out in pieces of at most `piece`
   bytes, then feeds raw[0..n) in pieces of at most `piece` where
   e2b_mcp__exchange_in says, and at the end of raw tells that the peer
   closed (end_err 0) or fails with end_err (what a client does when its
   stream fails). Returns what the last step returned (1 whole, < 0 an
   error). *out_ok: the request came out whole and in order, and no byte was
   ever asked for past the buffer. */
static int xrun(e2b_mcp__exchange *x, const char *raw, size_t n, size_t piece, int end_err, int *out_ok) {
  static char out[256];
  size_t got = 0, pos = 0, room;
  const char *p;
  char *q;
  int r = 0;
  e2b_mcp__exchange_init(x, XREQ_HEAD, sizeof XREQ_HEAD - 1, XREQ_BODY, sizeof XREQ_BODY - 1, ans.resp, E2B_MCP_RESP_MAX, 1);
  e2b_mcp__exchange_start(x, 5000, 30000);
  *out_ok = 1;
  while ((room = e2b_mcp__exchange_out(x, &p)) > 0) {
    size_t take = room < piece ? room : piece;
    if (got + take > sizeof out) { *out_ok = 0; break; }
    memcpy(out + got, p, take);
    got += take;
    e2b_mcp__exchange_sent(x, take);
  }
  if (got != sizeof XREQ_HEAD - 1 + sizeof XREQ_BODY - 1 || memcmp(out, XREQ_HEAD XREQ_BODY, got) != 0 || x->state != E2B_MCP__X_READ) *out_ok = 0;
  while (r == 0) {
    size_t take;
    room = e2b_mcp__exchange_in(x, &q);
    if (!room) { r = x->r.err; if (!r) *out_ok = 0; break; }   /* takes nothing: only when it failed (too large) */
    if (q < ans.resp || q + room > ans.resp + E2B_MCP_RESP_MAX + 1) *out_ok = 0;
    if (pos == n) { r = end_err ? e2b_mcp__exchange_fail(x, end_err) : e2b_mcp__exchange_closed(x); break; }
    take = n - pos < piece ? n - pos : piece;
    if (take > room) take = room;
    memcpy(q, raw + pos, take);
    pos += take;
    r = e2b_mcp__exchange_received(x, take);
  }
  if (x->state != E2B_MCP__X_DONE) *out_ok = 0;
  return r;
}

/* The same expectation, met by the exchange fed directly at every split point:
   the result, and the keep-alive decision (the connection stays open). */
static void xsplit_case(const char *name, const char *raw, size_t n, int end_err, const expect *e) {
  size_t k;
  int bad = 0;
  char note[200];
  for (k = 1; k <= n; k++) {
    e2b_mcp__exchange x;
    int out_ok, r, ok;
    canary_set();
    r = xrun(&x, raw, n, k, end_err, &out_ok);
    ok = out_ok && canary_ok() && (e->err ? r == e->err : r == 1) && x.r.err == e->err && x.r.status == e->status;
    if (ok && e->err == 0)
      ok = x.r.body == ans.resp && x.r.body_len == e->body_len && (!e->body || memcmp(x.r.body, e->body, e->body_len) == 0) &&
           x.r.body[x.r.body_len] == 0 && strcmp(x.r.next_token, e->next_token ? e->next_token : "") == 0 &&
           x.r.total_running == e->total_running && x.r.retry_after == e->retry_after &&
           e2b_mcp__exchange_keep(&x) == e->stays_open;
    if (e->err) ok = ok && !e2b_mcp__exchange_keep(&x);
    if (!ok) {
      snprintf(note, sizeof note, "exchange: %s, piece %lu: r %d err %d status %d len %lu", name, (unsigned long)k, r, x.r.err, x.r.status,
               (unsigned long)x.r.body_len);
      CHECKM(ok, note);
      if (++bad > 3) return;
    }
  }
  snprintf(note, sizeof note, "exchange: %s at every split point", name);
  CHECKM(!bad, note);
}

static void split_case(const char *name, const char *raw, size_t n, int end_err, const expect *e) {
  size_t k;
  int bad = 0;
  char note[160];
  xsplit_case(name, raw, n, end_err, e);
  for (k = 1; k <= n; k++) {
    e2b_mcp_response r;
    int err, ok;
    fresh();
    fake_one(&m, raw, n, end_err);
    m.piece = k;
    canary_set();
    err = get("/x", &r);
    ok = err == e->err && r.err == e->err && r.status == e->status && canary_ok();
    if (ok && e->err == 0) {
      ok = r.body_len == e->body_len && (!e->body || memcmp(r.body, e->body, e->body_len) == 0) && r.body[r.body_len] == 0 &&
           strcmp(r.next_token, e->next_token ? e->next_token : "") == 0 &&
           r.total_running == e->total_running && r.retry_after == e->retry_after &&
           conn.open == e->stays_open;
    }
    if (e->err) ok = ok && !conn.open;   /* an error never leaves a half-read connection */
    ok = ok && m.opens == 1;
    if (!ok) {
      snprintf(note, sizeof note, "%s, piece %lu: err %d status %d len %lu", name, (unsigned long)k, err, r.status, (unsigned long)r.body_len);
      CHECKM(ok, note);
      if (++bad > 3) return;
    }
  }
  snprintf(note, sizeof note, "%s at every split point", name);
  CHECKM(!bad, note);
}
#define SPLIT_ERR(name, lit, end_err, err) SPLIT(name, lit, end_err, err, 0, NULL, 0, NULL, 0, 0, 0)
#define SPLIT(name, lit, end_err, ...) do { expect e_ = { __VA_ARGS__ }; split_case(name, lit, sizeof(lit) - 1, end_err, &e_); } while (0)

static void test_bodies(void) {
  static const char cl[] =
    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nx-next-token: tok_ABC/+=\r\nX-TOTAL-RUNNING: 3\r\n"
    "content-length: 24\r\n\r\n[{\"sandboxID\":\"sb1\"},{}]";
  static const char chunked[] =
    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX-Next-Token: n2\r\n\r\n"
    "4;ext=1\r\n[{\"a\r\n"
    "5\r\n\":1},\r\n"
    "A ; name=\"v\"\r\n{\"b\":\"xyz\"\r\n"
    "1\r\n}\r\n"
    "01\r\n]\r\n"
    "0;last\r\nX-Trailer: t\r\nOther: u\r\n\r\n";
  static const char chunked_plain[] =
    "HTTP/1.1 200 OK\r\ntransfer-encoding: CHUNKED\r\n\r\n7\r\n{\"x\":1}\r\n0\r\n\r\n";
  static const char close_delim[] = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n{\"x\":[1,2,3]}";
  static const char http10[] = "HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\n{}";
  static const char http10_ka[] = "HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 2\r\n\r\n{}";
  static const char conn_close[] = "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}";
  static const char no_content[] = "HTTP/1.1 204 No Content\r\nDate: Sat, 31 Jan 2026 12:00:00 GMT\r\n\r\n";
  static const char empty_cl[] = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n";
  static const char rate[] =
    "HTTP/1.1 429 Too Many Requests\r\nretry-AFTER: 7\r\nContent-Length: 36\r\n\r\n{\"code\":429,\"message\":\"slow down!!\"}";
  static const char rate_date[] =
    "HTTP/1.1 429 Too Many Requests\r\nRetry-After: Sat, 31 Jan 2026 12:00:00 GMT\r\nContent-Length: 0\r\n\r\n";
  static const char rate_huge[] = "HTTP/1.1 503 Busy\r\nRetry-After: 9999999\r\nContent-Length: 0\r\n\r\n";
  static const char spaces[] =
    "HTTP/1.1 200 OK\r\nX-Total-Running:5  \r\nX-Next-Token:\t  abc \t\r\nContent-Length:   2 \r\nX-Unknown: whatever\r\n\r\n[]";
  static const char no_reason[] = "HTTP/1.1 404 \r\nContent-Length: 2\r\n\r\n{}";
  static const char dup_cl[] = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}";
  static const char cont[] = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 17\r\n\r\n{\"sandboxID\":\"s\"}";
  static const char hints[] = "HTTP/1.1 103 Early Hints\r\nLink: </a>; rel=preload\r\n\r\nHTTP/1.1 103 Early Hints\r\n\r\n"
                              "HTTP/1.1 200 OK\r\nX-Next-Token: t1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\n[1]\r\n0\r\n\r\n";
  static char many[2048];
  static char exact[1200], exact_body[1024];
  size_t i, n;

  SPLIT("content-length", cl, 0, 0, 200, "[{\"sandboxID\":\"sb1\"},{}]", 24, "tok_ABC/+=", 3, -1, 1);
  SPLIT("chunked with extensions and trailers", chunked, 0, 0, 200, "[{\"a\":1},{\"b\":\"xyz\"}]", 21, "n2", -1, -1, 1);
  SPLIT("chunked, upper-case encoding name", chunked_plain, 0, 0, 200, "{\"x\":1}", 7, NULL, -1, -1, 1);
  SPLIT("close-delimited", close_delim, 0, 0, 200, "{\"x\":[1,2,3]}", 13, NULL, -1, -1, 0);
  SPLIT("HTTP/1.0 closes", http10, 0, 0, 200, "{}", 2, NULL, -1, -1, 0);
  SPLIT("HTTP/1.0 keep-alive", http10_ka, 0, 0, 200, "{}", 2, NULL, -1, -1, 1);
  SPLIT("Connection: close", conn_close, 0, 0, 200, "{}", 2, NULL, -1, -1, 0);
  SPLIT("204", no_content, 0, 0, 204, "", 0, NULL, -1, -1, 1);
  SPLIT("Content-Length: 0", empty_cl, 0, 0, 200, "", 0, NULL, -1, -1, 1);
  SPLIT("429 Retry-After", rate, 0, 0, 429, "{\"code\":429,\"message\":\"slow down!!\"}", 36, NULL, -1, 7, 1);
  SPLIT("Retry-After as a date", rate_date, 0, 0, 429, "", 0, NULL, -1, 60, 1);
  SPLIT("Retry-After capped", rate_huge, 0, 0, 503, "", 0, NULL, -1, 86400, 1);
  SPLIT("header white space", spaces, 0, 0, 200, "[]", 2, "abc", 5, -1, 1);
  SPLIT("no reason phrase", no_reason, 0, 0, 404, "{}", 2, NULL, -1, -1, 1);
  SPLIT("equal Content-Lengths", dup_cl, 0, 0, 200, "{}", 2, NULL, -1, -1, 1);
  /* interim 1xx heads (a proxy's 100 Continue, a CDN's 103 Early Hints) come before the answer */
  SPLIT("100 Continue, then the answer", cont, 0, 0, 201, "{\"sandboxID\":\"s\"}", 17, NULL, -1, -1, 1);
  SPLIT("two 103 Early Hints, then a chunked answer", hints, 0, 0, 200, "[1]", 3, "t1", -1, -1, 1);

  /* many one-byte chunks */
  n = (size_t)sprintf(many, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n");
  for (i = 0; i < 64; i++) n += (size_t)sprintf(many + n, "1\r\n%c\r\n", "0123456789abcdef"[i % 16]);
  n += (size_t)sprintf(many + n, "0\r\n\r\n");
  {
    char want[64];
    expect e;
    for (i = 0; i < 64; i++) want[i] = "0123456789abcdef"[i % 16];
    memset(&e, 0, sizeof e);
    e.status = 200; e.body = want; e.body_len = 64; e.total_running = -1; e.retry_after = -1; e.stays_open = 1;
    split_case("64 one-byte chunks", many, n, 0, &e);
  }
  /* a body of exactly E2B_MCP_RESP_MAX bytes fits */
  for (i = 0; i < sizeof exact_body; i++) exact_body[i] = (char)('a' + i % 26);
  n = (size_t)sprintf(exact, "HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n", (int)sizeof exact_body);
  memcpy(exact + n, exact_body, sizeof exact_body);
  n += sizeof exact_body;
  {
    expect e;
    memset(&e, 0, sizeof e);
    e.status = 200; e.body = exact_body; e.body_len = sizeof exact_body; e.total_running = -1; e.retry_after = -1; e.stays_open = 1;
    split_case("a body of exactly E2B_MCP_RESP_MAX", exact, n, 0, &e);
    /* the same body chunked (the last chunk arrives after the buffer is full) and close-delimited */
    n = (size_t)sprintf(exact, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n%x\r\n", (unsigned)sizeof exact_body);
    memcpy(exact + n, exact_body, sizeof exact_body);
    n += sizeof exact_body;
    n += (size_t)sprintf(exact + n, "\r\n0\r\n\r\n");
    split_case("a chunked body of exactly E2B_MCP_RESP_MAX", exact, n, 0, &e);
    n = (size_t)sprintf(exact, "HTTP/1.1 200 OK\r\n\r\n");
    memcpy(exact + n, exact_body, sizeof exact_body);
    n += sizeof exact_body;
    e.stays_open = 0;
    split_case("a close-delimited body of exactly E2B_MCP_RESP_MAX", exact, n, 0, &e);
    exact[n++] = '!';
    split_case("a close-delimited body one byte over", exact, n, 0, &(expect){ E2B_MCP_ERR_TOO_LARGE, 0, NULL, 0, NULL, 0, 0, 0 });
  }
}

static void test_errors(void) {
  static char big_cl[128], big_chunked[1400], big_close[1300], big_head[1300];
  size_t i, n;
  /* malformed */
  SPLIT_ERR("bad status code", "HTTP/1.1 2x0 OK\r\nContent-Length: 0\r\n\r\n", 0, E2B_MCP_ERR_PROTOCOL);
  SPLIT_ERR("status out of range", "HTTP/1.1 999 What\r\nContent-Length: 0\r\n\r\n", 0, E2B_MCP_ERR_PROTOCOL);
  SPLIT_ERR("not HTTP", "HTTX/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", 0, E2B_MCP_ERR_PROTOCOL);
  SPLIT_ERR("HTTP/2 status line", "HTTP/2 200\r\ncontent-length: 0\r\n\r\n", 0, E2B_MCP_ERR_PROTOCOL);
  SPLIT_ERR("a header without a colon", "HTTP/1.1 200 OK\r\nbad header line\r\n\r\n", 0, E2B_MCP_ERR_PROTOCOL);
  SPLIT_ERR("bad Content-Length", "HTTP/1.1 200 OK\r\nContent-Length: 1x\r\n\r\n1", 0, E2B_MCP_ERR_PROTOCOL);
  SPLIT_ERR("negative Content-Length", "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", 0, E2B_MCP_ERR_PROTOCOL);
  SPLIT_ERR("conflicting Content-Lengths", "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}", 0, E2B_MCP_ERR_PROTOCOL);
  SPLIT_ERR("gzip transfer coding", "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\nxx", 0, E2B_MCP_ERR_PROTOCOL);
  SPLIT_ERR("101 Switching Protocols (never asked for)", "HTTP/1.1 101 Switching Protocols\r\nUpgrade: h2c\r\n\r\n", 0, E2B_MCP_ERR_PROTOCOL);
  SPLIT_ERR("a bad head after an interim one", "HTTP/1.1 103 Early Hints\r\n\r\nHTTX/1.1 200 OK\r\n\r\n", 0, E2B_MCP_ERR_PROTOCOL);
  SPLIT_ERR("closed after an interim head", "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200", 0, E2B_MCP_ERR_CLOSED);
  SPLIT_ERR("bad chunk size", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nab\r\n0\r\n\r\n", 0, E2B_MCP_ERR_PROTOCOL);
  SPLIT_ERR("empty chunk size", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\r\n0\r\n\r\n", 0, E2B_MCP_ERR_PROTOCOL);
  SPLIT_ERR("chunk size too long", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n000000001\r\na\r\n0\r\n\r\n", 0, E2B_MCP_ERR_PROTOCOL);
  SPLIT_ERR("chunk size with bare LF", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\nab\r\n0\r\n\r\n", 0, E2B_MCP_ERR_PROTOCOL);
  SPLIT_ERR("chunk data too long", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n", 0, E2B_MCP_ERR_PROTOCOL);
  SPLIT_ERR("chunk extension with LF", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2;x\nab\r\n0\r\n\r\n", 0, E2B_MCP_ERR_PROTOCOL);
  SPLIT_ERR("bad trailer end", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\rX", 0, E2B_MCP_ERR_PROTOCOL);
  /* truncated */
  SPLIT_ERR("truncated head", "HTTP/1.1 200 OK\r\nContent-Le", 0, E2B_MCP_ERR_CLOSED);
  SPLIT_ERR("truncated Content-Length body", "HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\n{\"partial\":", 0, E2B_MCP_ERR_CLOSED);
  SPLIT_ERR("truncated chunk", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n{\"partial\"", 0, E2B_MCP_ERR_CLOSED);
  SPLIT_ERR("chunked without the last chunk", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n", 0, E2B_MCP_ERR_CLOSED);
  SPLIT_ERR("chunked without the final CRLF", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n", 0, E2B_MCP_ERR_CLOSED);
  /* the transport failing mid-answer */
  SPLIT_ERR("timeout mid-body", "HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\n{\"partial\":", E2B_MCP_ERR_TIMEOUT, E2B_MCP_ERR_TIMEOUT);
  SPLIT_ERR("reset mid-chunk", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n{\"p", E2B_MCP_ERR_RESET, E2B_MCP_ERR_RESET);
  SPLIT_ERR("timeout in the head", "HTTP/1.1 200 OK\r\n", E2B_MCP_ERR_TIMEOUT, E2B_MCP_ERR_TIMEOUT);
  /* oversize: an error, never an overflow (the canary after the buffer is checked) */
  n = (size_t)sprintf(big_cl, "HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n{\"a\":", E2B_MCP_RESP_MAX + 1);
  split_case("Content-Length over the buffer", big_cl, n, 0, &(expect){ E2B_MCP_ERR_TOO_LARGE, 0, NULL, 0, NULL, 0, 0, 0 });
  n = (size_t)sprintf(big_chunked, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n");
  for (i = 0; i < 11; i++) {
    n += (size_t)sprintf(big_chunked + n, "64\r\n");
    memset(big_chunked + n, 'x', 100); n += 100;
    n += (size_t)sprintf(big_chunked + n, "\r\n");
  }
  n += (size_t)sprintf(big_chunked + n, "0\r\n\r\n");
  split_case("chunked body over the buffer", big_chunked, n, 0, &(expect){ E2B_MCP_ERR_TOO_LARGE, 0, NULL, 0, NULL, 0, 0, 0 });
  n = (size_t)sprintf(big_close, "HTTP/1.1 200 OK\r\n\r\n");
  memset(big_close + n, 'y', 1100); n += 1100;
  split_case("close-delimited body over the buffer", big_close, n, 0, &(expect){ E2B_MCP_ERR_TOO_LARGE, 0, NULL, 0, NULL, 0, 0, 0 });
  n = (size_t)sprintf(big_head, "HTTP/1.1 200 OK\r\nX-Padding: ");
  memset(big_head + n, 'h', 1100); n += 1100;
  n += (size_t)sprintf(big_head + n, "\r\nContent-Length: 0\r\n\r\n");
  split_case("head over the buffer", big_head, n, 0, &(expect){ E2B_MCP_ERR_TOO_LARGE, 0, NULL, 0, NULL, 0, 0, 0 });
  n = (size_t)sprintf(big_head, "HTTP/1.1 200 OK\r\nX-Next-Token: ");
  memset(big_head + n, 'n', E2B_MCP_NEXT_MAX); n += E2B_MCP_NEXT_MAX;
  n += (size_t)sprintf(big_head + n, "\r\nContent-Length: 0\r\n\r\n");
  split_case("X-Next-Token over its buffer", big_head, n, 0, &(expect){ E2B_MCP_ERR_TOO_LARGE, 0, NULL, 0, NULL, 0, 0, 0 });

  /* nothing at all on a fresh connection: an error, and no second try */
  {
    e2b_mcp_response r;
    fresh();
    fake_conn(&m, 0);
    FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}");
    CHECK(get("/x", &r) == E2B_MCP_ERR_CLOSED);
    CHECK(m.opens == 1 && !conn.open);
    /* the open failing */
    fresh();
    m.open_err = E2B_MCP_ERR_CONNECT;
    CHECK(get("/x", &r) == E2B_MCP_ERR_CONNECT && r.err == E2B_MCP_ERR_CONNECT && r.status == 0);
    CHECK(m.sends == 0);
  }
}

/* ---- the exchange alone: request out, deadlines, what it takes once done ---- */

static void test_exchange(void) {
  static const char head[] = "GET /a HTTP/1.1\r\n\r\n";
  static const char ok[] = "HTTP/1.1 304 Not Modified\r\nConnection: keep-alive\r\n\r\n";
  e2b_mcp__exchange x;
  const char *p = NULL;
  char *q = NULL;
  size_t n;
  /* no body: the head alone goes out, the answer is read after it, not before */
  e2b_mcp__exchange_init(&x, head, sizeof head - 1, NULL, 5, ans.resp, E2B_MCP_RESP_MAX, 0);
  e2b_mcp__exchange_start(&x, 1000, 500);
  CHECK(e2b_mcp__exchange_in(&x, &q) == 0 && x.state == E2B_MCP__X_SEND);
  n = e2b_mcp__exchange_out(&x, &p);
  CHECK(n == sizeof head - 1 && p == head);
  e2b_mcp__exchange_sent(&x, 4);
  CHECK(e2b_mcp__exchange_out(&x, &p) == n - 4 && p == head + 4);
  e2b_mcp__exchange_sent(&x, n - 4);
  CHECK(e2b_mcp__exchange_out(&x, &p) == 0 && x.state == E2B_MCP__X_READ);
  /* the deadline runs from start: due at 1500, not before; a clock that wraps */
  CHECK(!e2b_mcp__exchange_expired(&x, 1499) && e2b_mcp__exchange_expired(&x, 1500) && e2b_mcp__exchange_expired(&x, 90000));
  CHECK(!e2b_mcp__exchange_expired(&x, 0));   /* no clock now: never late */
  /* a 304 has no body, whatever follows its head */
  n = e2b_mcp__exchange_in(&x, &q);
  CHECK(n == E2B_MCP_RESP_MAX && q == ans.resp);
  memcpy(q, ok, sizeof ok - 1);
  CHECK(e2b_mcp__exchange_received(&x, sizeof ok - 1) == 1 && x.r.status == 304 && x.r.body_len == 0 && e2b_mcp__exchange_keep(&x));
  /* done: it takes nothing more, and what it said stays */
  CHECK(e2b_mcp__exchange_in(&x, &q) == 0 && e2b_mcp__exchange_received(&x, 3) == 1 && e2b_mcp__exchange_closed(&x) == 1);
  CHECK(x.r.status == 304 && x.r.err == 0);
  /* no clock at start: no deadline */
  e2b_mcp__exchange_init(&x, head, sizeof head - 1, NULL, 0, ans.resp, E2B_MCP_RESP_MAX, 0);
  e2b_mcp__exchange_start(&x, 0, 500);
  CHECK(!e2b_mcp__exchange_expired(&x, 1) && !e2b_mcp__exchange_expired(&x, 999999));
  e2b_mcp__exchange_start(&x, (unsigned long)-100, 500);
  CHECK(!e2b_mcp__exchange_expired(&x, (unsigned long)-1) && !e2b_mcp__exchange_expired(&x, 399) && e2b_mcp__exchange_expired(&x, 400));
  /* the peer closing before the answer ends: an error, the connection is not kept */
  while ((n = e2b_mcp__exchange_out(&x, &p)) > 0) e2b_mcp__exchange_sent(&x, n);
  n = e2b_mcp__exchange_in(&x, &q);
  memcpy(q, "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nab", 40);
  CHECK(e2b_mcp__exchange_received(&x, 40) == 0 && x.got);
  CHECK(e2b_mcp__exchange_closed(&x) == E2B_MCP_ERR_CLOSED && x.r.err == E2B_MCP_ERR_CLOSED && x.r.status == 0 && !e2b_mcp__exchange_keep(&x));
  /* a request head that does not fit its buffer: the client fails it before any I/O */
  {
    e2b_mcp__req rq;
    char tiny[40];
    memset(&rq, 0, sizeof rq);
    rq.buf = tiny; rq.cap = sizeof tiny;
    e2b_mcp__req_begin(&rq, "GET", &api);
    e2b_mcp__req_lit(&rq, "/sandboxes");
    e2b_mcp__client_begin(&cl, &rq, KEY, ans.resp, E2B_MCP_RESP_MAX);
    CHECK(cl.io == E2B_MCP__IO_DONE && cl.x.r.err == E2B_MCP_ERR_TOO_LARGE && cl.x.state == E2B_MCP__X_DONE);
  }
}

/* ---- connections ---- */

/* read_timeout_ms (30 s here) bounds the whole answer: a server that trickles a
   byte a second is cut off, one that sends it in 8 s is read. */
static void test_whole_answer_timeout(void) {
  static const char slow[] = "HTTP/1.1 200 OK\r\nContent-Length: 40\r\n\r\n0123456789012345678901234567890123456789";
  e2b_mcp_response r;
  fresh();
  fake_one(&m, slow, sizeof slow - 1, 0);
  m.piece = 1; m.recv_ms = 1000; m.again = 1;   /* each byte waits 1 s for the socket */
  CHECK(get("/x", &r) == E2B_MCP_ERR_TIMEOUT && m.waits == 30 && m.last_timeout == 1000 && !conn.open);
  fresh();
  fake_one(&m, slow, sizeof slow - 1, 0);
  m.piece = 1; m.recv_ms = 100; m.again = 1;
  CHECK(get("/x", &r) == 0 && r.status == 200 && r.body_len == 40 && m.last_timeout < 30000 - 7000);
}

/* A host that never answers: the connect times out (connect_timeout_ms) and its
   socket is closed, every time (none is leaked to the next call). */
static void test_connect_timeout(void) {
  e2b_mcp_response r;
  int i;
  fresh();
  m.connect_hangs = 1; m.again = 1; m.recv_ms = 1000;
  for (i = 0; i < 3; i++) CHECK(get("/x", &r) == E2B_MCP_ERR_TIMEOUT);
  CHECK(m.opens == 3 && m.closes == 3 && conn.sock.h < 0);
  m.connect_hangs = 0; m.again = 0; m.recv_ms = 0;
}

/* E2B's host is resolved once and its address reused: by new connections, until
   E2B_MCP_DNS_TTL_MS has passed or a connection to it failed. */
static void test_dns_cache(void) {
  static const char ok[] = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}";
  e2b_mcp_response r;
  int i;
  fresh();
  for (i = 0; i < 3; i++) fake_one(&m, ok, sizeof ok - 1, 0);
  CHECK(get("/a", &r) == 0 && get("/b", &r) == 0 && m.opens == 2 && m.resolves == 1);
  m.now += E2B_MCP_DNS_TTL_MS;   /* the time to live is over: asked again */
  CHECK(get("/c", &r) == 0 && m.opens == 3 && m.resolves == 2);
  m.open_err = E2B_MCP_ERR_CONNECT;   /* a failed connection: the next one asks again */
  CHECK(get("/d", &r) == E2B_MCP_ERR_CONNECT && m.resolves == 2);
  m.open_err = 0;
  fake_one(&m, ok, sizeof ok - 1, 0);
  CHECK(get("/e", &r) == 0 && m.resolves == 3);
}

static void test_keepalive(void) {
  e2b_mcp_response r;
  fake_script *sc;
  unsigned long reqs;
  static const char a[] = "HTTP/1.1 200 OK\r\nContent-Length: 7\r\n\r\n{\"n\":1}";
  static const char b[] = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n7\r\n{\"n\":2}\r\n0\r\n\r\n";
  static const char c[] = "HTTP/1.1 200 OK\r\nContent-Length: 7\r\n\r\n{\"n\":3}";

  /* two requests, one connection */
  fresh();
  sc = fake_conn(&m, 0);
  fake_add(sc, a, sizeof a - 1);
  fake_add(sc, b, sizeof b - 1);
  fake_add(sc, c, sizeof c - 1);
  reqs = conn.requests;
  CHECK(get("/one", &r) == 0 && r.status == 200 && r.body_len == 7 && memcmp(r.body, "{\"n\":1}", 7) == 0);
  CHECK(get("/two", &r) == 0 && r.status == 200 && r.body_len == 7 && memcmp(r.body, "{\"n\":2}", 7) == 0);
  CHECK(get("/three", &r) == 0 && r.body_len == 7 && memcmp(r.body, "{\"n\":3}", 7) == 0);
  CHECK(m.opens == 1 && m.closes == 0 && conn.open);
  CHECK(conn.requests - reqs == 3);
  CHECK(CONTAINS(m.sent, "GET /one HTTP/1.1\r\n") && CONTAINS(m.sent, "GET /two HTTP/1.1\r\n") && CONTAINS(m.sent, "GET /three HTTP/1.1\r\n"));

  /* a stale connection (closed while idle) is reopened once, transparently */
  fresh();
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 200 OK\r\nContent-Length: 7\r\n\r\n{\"n\":1}");
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 200 OK\r\nContent-Length: 7\r\n\r\n{\"n\":2}");
  CHECK(get("/one", &r) == 0 && m.opens == 1);
  m.sent_len = 0;
  CHECK(get("/two", &r) == 0 && r.status == 200 && memcmp(r.body, "{\"n\":2}", 7) == 0);
  CHECK(m.opens == 2 && m.closes == 1);
  m.sent[m.sent_len] = 0;
  CHECK(strncmp(m.sent, "GET /two HTTP/1.1\r\n", 19) == 0 && strstr(m.sent + 19, "GET /two HTTP/1.1\r\n") != NULL);   /* sent twice */

  /* the same with a reset instead of an end of stream */
  fresh();
  FAKE_ADD(fake_conn(&m, E2B_MCP_ERR_RESET), "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}");
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n[]");
  CHECK(get("/one", &r) == 0);
  CHECK(get("/two", &r) == 0 && r.body_len == 2 && memcmp(r.body, "[]", 2) == 0 && m.opens == 2);

  /* but only once: a second stale connection is an error */
  fresh();
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}");
  fake_conn(&m, 0);
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n[]");
  CHECK(get("/one", &r) == 0);
  CHECK(get("/two", &r) == E2B_MCP_ERR_CLOSED && m.opens == 2);

  /* a timeout on a reused connection is not retried (the request may have run) */
  fresh();
  FAKE_ADD(fake_conn(&m, E2B_MCP_ERR_TIMEOUT), "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}");
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n[]");
  CHECK(get("/one", &r) == 0);
  CHECK(get("/two", &r) == E2B_MCP_ERR_TIMEOUT && m.opens == 1);

  /* part of an answer then the end: not retried (the server saw the request) */
  fresh();
  sc = fake_conn(&m, 0);
  FAKE_ADD(sc, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}");
  FAKE_ADD(sc, "HTTP/1.1 200 OK\r\nContent-Len");
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n[]");
  CHECK(get("/one", &r) == 0);
  CHECK(get("/two", &r) == E2B_MCP_ERR_CLOSED && m.opens == 1 && !conn.open);

  /* Connection: close means the next request opens a new connection */
  fresh();
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}");
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n[]");
  CHECK(get("/one", &r) == 0 && !conn.open && m.closes == 1);
  CHECK(get("/two", &r) == 0 && m.opens == 2 && conn.open);

  /* after an error the next call starts on a new connection */
  fresh();
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 200 OK\r\nContent-Length: x\r\n\r\n{}");
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n[]");
  CHECK(get("/one", &r) == E2B_MCP_ERR_PROTOCOL && !conn.open);
  CHECK(get("/two", &r) == 0 && m.opens == 2);
}

/* ---- requests: the bytes on the wire ---- */

/* strcmp that takes NULL (as different from everything): 0 when equal. */
static int streq0(const char *a, const char *b) { return a && b ? strcmp(a, b) : 1; }

static const char *sent(void) { m.sent[m.sent_len < sizeof m.sent ? m.sent_len : sizeof m.sent - 1] = 0; return m.sent; }

static void test_requests(void) {
  e2b_mcp_result res;
  const char *list_answer = with_cl("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Next-Token: page2\r\nX-Total-Running: 1\r\n",
    "[{\"sandboxID\":\"sb1\",\"templateID\":\"base\",\"state\":\"running\",\"envdAccessToken\":\"SECRET\",\"metadata\":{\"user\":\"demo\"}}]   \n");
  const char *created = with_cl("HTTP/1.1 201 Created\r\n",
    "{\"sandboxID\":\"sb9\",\"templateID\":\"base\",\"envdVersion\":\"0.2.0\",\"envdAccessToken\":\"SECRET\",\"alias\":\"base\"}");
  static const char want_list[] =
    "GET /v2/sandboxes?state=running,paused&template=code-interpreter-v1"
    "&metadata=user%3Ddemo%26a%252520b%3Dc%252526d%25252F%2525C3%2525A9"   /* each part twice, then the whole */
    "&startedAfter=2026-01-31T12%3A00%3A00%2B01%3A00&limit=5&nextToken=t%2F%2B%3D%20x HTTP/1.1\r\n"
    "Host: sim.test:8080\r\n" UA "Accept: application/json\r\nX-API-Key: " KEY "\r\n\r\n";
  static const char want_create_body[] =
    "{\"templateID\":\"base\",\"timeout\":60,\"autoPause\":true,\"allow_internet_access\":false,"
    "\"metadata\":{\"user\":\"demo\"},\"envVars\":{\"A\":\"1\"}}";
  char want[1024];

  setup("http://sim.test:8080");
  fake_add(fake_conn(&m, 0), list_answer, strlen(list_answer));
  CHECK(e2b_mcp_call_tool(&srv, "e2b_list_sandboxes",
        "{\"state\":[\"running\",\"paused\"],\"template\":\"code-interpreter-v1\",\"metadata\":{\"user\":\"demo\",\"a b\":\"c&d/\xc3\xa9\"},"
        "\"started_after\":\"2026-01-31T12:00:00+01:00\",\"limit\":5,\"next_token\":\"t/+= x\"}", &res) == 0);
  CHECKM(strcmp(sent(), want_list) == 0, sent());
  CHECK(strcmp(m.host, "sim.test") == 0 && m.port == 8080);
  CHECK(!res.is_error && res.json != NULL);
  CHECK(CONTAINS(res.json, "\"data\":[{\"sandboxID\":\"sb1\""));
  CHECK(CONTAINS(res.json, "\"next_token\":\"page2\"") && CONTAINS(res.json, "\"total_running\":1"));
  CHECK(!CONTAINS(res.json, "SECRET") && !CONTAINS(res.json, "envdAccessToken"));
  CHECK(res.json && res.json_len == strlen(res.json));

  /* one state, the metadata as a string */
  fresh();
  fake_add(fake_conn(&m, 0), list_answer, strlen(list_answer));
  CHECK(e2b_mcp_call_tool(&srv, "e2b_list_sandboxes", "{\"state\":[\"paused\"],\"metadata\":\"app=staging&user=a b\"}", &res) == 0);
  CHECKM(strncmp(sent(), "GET /v2/sandboxes?state=paused&metadata=app%3Dstaging%26user%3Da%252520b HTTP/1.1\r\n", 82) == 0, sent());

  /* a POST with a JSON body: Content-Type and the exact Content-Length */
  fresh();
  fake_add(fake_conn(&m, 0), created, strlen(created));
  CHECK(e2b_mcp_call_tool(&srv, "e2b_create_sandbox",
        "{\"template_id\":\"base\",\"timeout\":60,\"auto_pause\":true,\"allow_internet_access\":false,"
        "\"metadata\":{\"user\":\"demo\"},\"env_vars\":{\"A\":\"1\"}}", &res) == 0);
  snprintf(want, sizeof want, "POST /v2/sandboxes HTTP/1.1\r\nHost: sim.test:8080\r\n" UA "Accept: application/json\r\nX-API-Key: " KEY
           "\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", (int)(sizeof want_create_body - 1), want_create_body);
  CHECKM(strcmp(sent(), want) == 0, sent());
  CHECK(!res.is_error && CONTAINS(res.json, "\"sandboxID\":\"sb9\"") && CONTAINS(res.json, "\"timeout\":60") && !CONTAINS(res.json, "SECRET"));

  /* 204 answers: set timeout, pause, kill */
  fresh();
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 204 No Content\r\n\r\n");
  CHECK(e2b_mcp_call_tool(&srv, "e2b_set_sandbox_timeout", "{\"sandbox_id\":\"sb1\",\"timeout\":60}", &res) == 0);
  CHECKM(strcmp(sent(), "POST /sandboxes/sb1/timeout HTTP/1.1\r\nHost: sim.test:8080\r\n" UA "Accept: application/json\r\nX-API-Key: " KEY
                 "\r\nContent-Type: application/json\r\nContent-Length: 14\r\n\r\n{\"timeout\":60}") == 0, sent());
  CHECK(!res.is_error && res.json && streq0(res.json, "{\"sandboxID\":\"sb1\",\"timeout\":60}") == 0);
  fresh();
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 204 No Content\r\n\r\n");
  CHECK(e2b_mcp_call_tool(&srv, "e2b_pause_sandbox", "{\"sandbox_id\":\"sb1\"}", &res) == 0);
  CHECK(CONTAINS(sent(), "POST /sandboxes/sb1/pause HTTP/1.1\r\n") && CONTAINS(sent(), "\r\n\r\n{\"memory\":true}"));
  CHECK(!res.is_error && streq0(res.json, "{\"sandboxID\":\"sb1\",\"state\":\"paused\"}") == 0);
  fresh();
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 204 No Content\r\n\r\n");
  CHECK(e2b_mcp_call_tool(&srv, "e2b_kill_sandbox", "{\"sandbox_id\":\"sb1\"}", &res) == 0);
  CHECKM(strcmp(sent(), "DELETE /sandboxes/sb1 HTTP/1.1\r\nHost: sim.test:8080\r\n" UA "Accept: application/json\r\nX-API-Key: " KEY "\r\n\r\n") == 0, sent());
  CHECK(!res.is_error && streq0(res.json, "{\"sandboxID\":\"sb1\",\"state\":\"killed\"}") == 0);

  /* log and metrics queries */
  fresh();
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n{\"logs\":[]}");
  CHECK(e2b_mcp_call_tool(&srv, "e2b_get_sandbox_logs",
        "{\"sandbox_id\":\"sb1\",\"limit\":10,\"cursor\":1769860800000,\"direction\":\"forward\",\"level\":\"error\",\"search\":\"a&b c\"}", &res) == 0);
  CHECKM(strncmp(sent(), "GET /v2/sandboxes/sb1/logs?limit=10&cursor=1769860800000&direction=forward&level=error&search=a%26b%20c HTTP/1.1\r\n", 111) == 0, sent());
  CHECK(!res.is_error && streq0(res.json, "{\"data\":[]}") == 0);
  /* a full page: next_cursor is the last entry's time in ms, rounded up going backward (E2B's
     window includes the cursor's millisecond: an entry may repeat, none is skipped) */
  {
    const char *page = with_cl("HTTP/1.1 200 OK\r\n", "{\"logs\":[{\"timestamp\":\"2026-01-31T12:00:01.000Z\",\"level\":\"info\","
                               "\"message\":\"b\",\"fields\":{}},{\"timestamp\":\"2026-01-31T12:00:00.123456789Z\",\"level\":\"info\","
                               "\"message\":\"a\",\"fields\":{}}]}");
    fresh();
    fake_add(fake_conn(&m, 0), page, strlen(page));
    CHECK(e2b_mcp_call_tool(&srv, "e2b_get_sandbox_logs", "{\"sandbox_id\":\"sb1\",\"limit\":2}", &res) == 0);
    CHECKM(!res.is_error && CONTAINS(res.json, "\"next_cursor\":1769860800124"), res.json);
    fresh();
    fake_add(fake_conn(&m, 0), page, strlen(page));
    CHECK(e2b_mcp_call_tool(&srv, "e2b_get_sandbox_logs", "{\"sandbox_id\":\"sb1\",\"limit\":2,\"direction\":\"forward\"}", &res) == 0);
    CHECKM(!res.is_error && CONTAINS(res.json, "\"next_cursor\":1769860800123"), res.json);
  }
  fresh();
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n[]");
  CHECK(e2b_mcp_call_tool(&srv, "e2b_get_sandbox_metrics", "{\"sandbox_id\":\"sb1\",\"start\":100,\"end\":200}", &res) == 0);
  CHECKM(strncmp(sent(), "GET /sandboxes/sb1/metrics?start=100&end=200 HTTP/1.1\r\n", 55) == 0, sent());

  /* the Dashboard API is another host: its own connection */
  fresh();
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 200 OK\r\nContent-Length: 15\r\n\r\n{\"templates\":[]}");
  CHECK(e2b_mcp_call_tool(&srv, "e2b_list_default_templates", NULL, &res) == 0);
  CHECKM(strncmp(sent(), "GET /templates/defaults HTTP/1.1\r\nHost: dash.sim.test:8081\r\n", 60) == 0, sent());
  CHECK(strcmp(m.host, "dash.sim.test") == 0 && m.port == 8081);

  /* a path prefix and the default port (no :80 in Host) */
  setup("http://sim.test/api/");
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}");
  CHECK(e2b_mcp_call_tool(&srv, "e2b_get_sandbox", "{\"sandbox_id\":\"sb-1_X\"}", &res) == 0);
  CHECKM(strcmp(sent(), "GET /api/sandboxes/sb-1_X HTTP/1.1\r\nHost: sim.test\r\n" UA "Accept: application/json\r\nX-API-Key: " KEY "\r\n\r\n") == 0, sent());
  CHECK(m.port == 80);

  /* an IPv6 literal: brackets in Host, none in what the port opens */
  setup("http://[::1]:9000");
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}");
  CHECK(e2b_mcp_call_tool(&srv, "e2b_get_sandbox", "{\"sandbox_id\":\"sb1\"}", &res) == 0);
  CHECKM(CONTAINS(sent(), "\r\nHost: [::1]:9000\r\n"), sent());
  CHECK(strcmp(m.host, "::1") == 0 && m.port == 9000);
}

/* ---- through the public API at every split point ---- */

static void test_tool_splits(void) {
  static const char body[] =
    "{\"sandboxID\":\"sb1\",\"templateID\":\"base\",\"envdAccessToken\":\"SECRET\","
    "\"network\":{\"rules\":{\"h\":[{\"transform\":{\"headers\":{\"X-K\":\"SECRET2\"}}}]}},\"n\":1}";
  static char answer[1024];
  static const char want[] =
    "{\"sandboxID\":\"sb1\",\"templateID\":\"base\",\"network\":{\"rules\":{\"h\":[{\"transform\":{\"headers\":{\"X-K\":\"[redacted]\"}}}]}},\"n\":1}";
  size_t k, n;
  int bad = 0;
  /* three chunks of the body (cut mid-key), with an extension on the second */
  n = (size_t)sprintf(answer, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: keep-alive\r\n\r\n");
  n += (size_t)sprintf(answer + n, "%x\r\n%.40s\r\n", 40, body);
  n += (size_t)sprintf(answer + n, "%X;x=y\r\n%.50s\r\n", 50, body + 40);
  n += (size_t)sprintf(answer + n, "%x\r\n%s\r\n0\r\n\r\n", (unsigned)strlen(body + 90), body + 90);
  setup("http://sim.test:8080");
  for (k = 1; k <= n && bad < 3; k++) {
    e2b_mcp_result res;
    fresh();
    fake_one(&m, answer, n, 0);
    m.piece = k;
    if (e2b_mcp_call_tool(&srv, "e2b_get_sandbox", "{\"sandbox_id\":\"sb1\"}", &res) != 0 || res.is_error || !res.json ||
        streq0(res.json, want) != 0) {
      char note[64];
      snprintf(note, sizeof note, "get_sandbox, piece %lu", (unsigned long)k);
      CHECKM(0, note);
      printf("  got: %s%s\n", res.json ? res.json : "(none) ", res.message);
      bad++;
    }
  }
  CHECKM(!bad, "e2b_get_sandbox at every split point");
}

/* ---- failures as tool results ---- */

static void tool_error(const char *raw, int end_err, const char *must1, const char *must2) {
  e2b_mcp_result res;
  char note[600];
  fresh();
  if (raw) fake_one(&m, raw, strlen(raw), end_err);
  CHECK(e2b_mcp_call_tool(&srv, "e2b_get_sandbox", "{\"sandbox_id\":\"sb1\"}", &res) == 0);
  snprintf(note, sizeof note, "%s", res.message);
  CHECKM(res.is_error && res.json == NULL, note);
  CHECKM(CONTAINS(res.message, must1), note);
  if (must2) CHECKM(CONTAINS(res.message, must2), note);
  CHECKM(!CONTAINS(res.message, KEY), note);
  CHECK(res.content && CONTAINS(res.content, "\"type\":\"text\""));
}
#define TOOL_ERROR(lit, end_err, m1, m2) tool_error(lit, end_err, m1, m2)

static void test_tool_errors(void) {
  e2b_mcp_result res;
  setup("http://sim.test:8080");
  tool_error(with_cl("HTTP/1.1 404 Not Found\r\n", "{\"code\":404,\"message\":\"sandbox \\\"sb1\\\" not found\"}"), 0, "E2B answered 404: sandbox \"sb1\" not found", "e2b_list_sandboxes shows the live ones");
  tool_error(with_cl("HTTP/1.1 401 Unauthorized\r\n", "{\"code\":401,\"message\":\"Invalid API key\"}"), 0, "401: Invalid API key", "E2B_API_KEY");
  TOOL_ERROR("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n", 0, "403", "no access");
  TOOL_ERROR("HTTP/1.1 409 Conflict\r\nContent-Length: 0\r\n\r\n", 0, "409", "already paused");
  TOOL_ERROR("HTTP/1.1 500 Internal Server Error\r\nContent-Length: 9\r\n\r\nnot json!", 0, "E2B answered 500: (no message)", "E2B's side");
  TOOL_ERROR("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n", 0, "503", "E2B's side");
  TOOL_ERROR("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n{\"a\":", 0, "not valid JSON", NULL);
  TOOL_ERROR("HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\n{\"a\":tru}", 0, "not valid JSON", NULL);
  TOOL_ERROR("HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\n{\"a\"", 0, "closed the connection", "check with a list or get");
  TOOL_ERROR("HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\n{\"a\"", E2B_MCP_ERR_TIMEOUT, "did not answer in time", NULL);
  TOOL_ERROR("HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\n{\"a\"", E2B_MCP_ERR_RESET, "reset", NULL);
  TOOL_ERROR("HTTP/1.1 200 OK\r\nContent-Length: 99999\r\n\r\n{\"a\"", 0, "larger than this server's buffer", "E2B_MCP_RESP_MAX");
  TOOL_ERROR("garbage\r\n\r\n", 0, "not valid HTTP", NULL);
  fresh();
  m.open_err = E2B_MCP_ERR_CONNECT;
  CHECK(e2b_mcp_call_tool(&srv, "e2b_get_sandbox", "{\"sandbox_id\":\"sb1\"}", &res) == 0);
  CHECK(res.is_error && CONTAINS(res.message, "sim.test:8080") && CONTAINS(res.message, "refused") && CONTAINS(res.message, "E2B_API_URL"));
  fresh();
  m.open_err = E2B_MCP_ERR_DNS;
  CHECK(e2b_mcp_call_tool(&srv, "e2b_get_sandbox", "{\"sandbox_id\":\"sb1\"}", &res) == 0);
  CHECK(res.is_error && CONTAINS(res.message, "could not be resolved"));
  /* https:// in a build without a TLS port: says so, and nothing is opened */
  setup("https://sim.test");
  CHECK(e2b_mcp_call_tool(&srv, "e2b_get_sandbox", "{\"sandbox_id\":\"sb1\"}", &res) == 0);
  CHECK(res.is_error && CONTAINS(res.message, "needs a build with a TLS port") && CONTAINS(res.message, "Nothing was sent") && m.opens == 0);
  setup("http://sim.test:8080");

  /* 429: Retry-After is honoured, never retried in a loop, and the cool-down sends nothing */
  fresh();
  {
    const char *a = with_cl("HTTP/1.1 429 Too Many Requests\r\nRetry-After: 7\r\n", "{\"code\":429,\"message\":\"rate limit exceeded\"}");
    fake_add(fake_conn(&m, 0), a, strlen(a));
  }
  CHECK(e2b_mcp_call_tool(&srv, "e2b_get_sandbox", "{\"sandbox_id\":\"sb1\"}", &res) == 0);
  CHECK(res.is_error && CONTAINS(res.message, "E2B answered 429: rate limit exceeded") && CONTAINS(res.message, "Retry after 7 s"));
  CHECK(m.opens == 1 && m.sends == 1);
  m.sends = 0; m.recvs = 0;
  m.now += 3000;
  CHECK(e2b_mcp_call_tool(&srv, "e2b_get_sandbox", "{\"sandbox_id\":\"sb2\"}", &res) == 0);
  CHECK(res.is_error && CONTAINS(res.message, "Wait 4 s before calling e2b_get_sandbox") && CONTAINS(res.message, "no request was sent"));
  CHECK(m.sends == 0 && m.recvs == 0);
  /* the cool-down is the tool's (E2B limits per route): another tool still goes out */
  CHECK(e2b_mcp_call_tool(&srv, "e2b_list_sandboxes", NULL, &res) == 0);
  CHECK(m.sends == 1);   /* sent (the script has no answer: an error, but it was sent) */
  m.now += 4001;
  {
    const char *a = with_cl("HTTP/1.1 200 OK\r\n", "{\"sandboxID\":\"sb2\",\"templateID\":\"base\"}");
    fake_add(fake_conn(&m, 0), a, strlen(a));
  }
  CHECK(e2b_mcp_call_tool(&srv, "e2b_get_sandbox", "{\"sandbox_id\":\"sb2\"}", &res) == 0);
  CHECK(m.sends == 2 && !res.is_error);   /* allowed again */
  /* a Retry-After of a day is honoured for 10 minutes at most */
  fresh();
  {
    const char *a = with_cl("HTTP/1.1 429 Too Many Requests\r\nRetry-After: 100000\r\n", "{\"code\":429,\"message\":\"rate limit exceeded\"}");
    fake_add(fake_conn(&m, 0), a, strlen(a));
  }
  CHECK(e2b_mcp_call_tool(&srv, "e2b_resume_sandbox", "{\"sandbox_id\":\"sb1\"}", &res) == 0);
  CHECK(res.is_error && CONTAINS(res.message, "Retry after 600 s") && CONTAINS(res.message, "no e2b_resume_sandbox request"));
  m.sends = 0;
  m.now += 599000;
  CHECK(e2b_mcp_call_tool(&srv, "e2b_resume_sandbox", "{\"sandbox_id\":\"sb1\"}", &res) == 0 && m.sends == 0 && CONTAINS(res.message, "Wait 1 s"));
  m.now += 1001;
  {
    const char *a = with_cl("HTTP/1.1 200 OK\r\n", "{\"sandboxID\":\"sb1\"}");
    fake_add(fake_conn(&m, 0), a, strlen(a));
  }
  CHECK(e2b_mcp_call_tool(&srv, "e2b_resume_sandbox", "{\"sandbox_id\":\"sb1\"}", &res) == 0 && m.sends >= 1 && !res.is_error);
}

int main(void) {
  setup("http://sim.test:8080");
  test_exchange();
  test_bodies();
  test_errors();
  test_whole_answer_timeout();
  test_connect_timeout();
  test_dns_cache();
  test_keepalive();
  test_requests();
  test_tool_splits();
  test_tool_errors();
  e2b_mcp_close(&srv);
  return CHECK_DONE();
}
