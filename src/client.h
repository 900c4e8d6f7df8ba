#include "config.h"
#include "derived.h"
#include "json.h"
#include "port.h"
/* >>e2b client: the HTTP/1.1 exchange with E2B's API -----------------------
   A base URL, a request as a tool's build phase writes it, the exchange
   that sends it and reads the response (sans I/O: it pumps the caller's
   buffers), and the client that drives an exchange over a keep-alive
   connection (>>stream). */

/* A parsed base URL. */
typedef struct e2b_mcp_url {
  int https;
  unsigned port;
  char host[E2B_MCP_HOST_MAX];
  char prefix[E2B_MCP_PREFIX_MAX];
  e2b_mcp_addr addr;          /* host, resolved (family 0: not yet, or to be asked again) */
  unsigned long addr_ms;      /* when it was */
} e2b_mcp_url;

/* What an exchange read: its result. body points into the response buffer the
   exchange was given. */
typedef struct e2b_mcp_response {
  int status;                 /* HTTP status, or 0 when err != 0 */
  int err;                    /* E2B_MCP_ERR_* */
  const char *body;
  size_t body_len;
  long retry_after;           /* seconds, -1 when absent */
  long total_running;         /* X-Total-Running, -1 when absent */
  char next_token[E2B_MCP_NEXT_MAX];  /* X-Next-Token, "" when absent */
} e2b_mcp_response;

/* One E2B request (>>e2b client): written by a tool's build phase into its
   call slot's buffers, sent by the client, read again by the shape phase
   (what it kept for the response). */
typedef struct e2b_mcp__req {
  e2b_mcp_json w;       /* "METHOD prefix/path?query" in buf; the client adds the head */
  e2b_mcp_json body;    /* a JSON body (e2b_mcp__req_body) in body_buf, or none: body.buf is NULL */
  char *buf, *body_buf; /* the slot's request and response buffers (the body goes out before the response comes) */
  size_t cap, body_cap;
  const e2b_mcp_url *base;
  int has_query;
  int idempotent;       /* may be sent again after a stale connection */
  const char *ask;      /* the consent question of a call that bills or destroys (e2b_mcp__ask), or NULL */
#if E2B_MCP_WITH_2026
  const char *trace;    /* the W3C traceparent the call came with (SEP-414), sent on as a header; NULL: none */
#endif
  /* kept for the shape phase: the sandbox ID, a number (a timeout, a limit), a flag */
  char id[E2B_MCP_ID_MAX];
  long long num;
  int flag;
#if E2B_MCP__CHAIN
  /* a tool that makes more than one request: its shape phase writes the next
     request into rq and sets again; the engine sends it, and the shape phase
     sees its answer with step one higher. What it keeps between them: kept */
  int again, step;
  char kept[4][48];
#endif
} e2b_mcp__req;
typedef e2b_mcp__req e2b_mcp_request;   /* its public name: a two-phase tool's build writes one */

/* The exchange's reading of a response: its head, and a chunked body's decoder. */
typedef struct e2b_mcp__head {
  long long length;           /* Content-Length; -1: none */
  int status;
  unsigned char chunked, close;
} e2b_mcp__head;
typedef struct e2b_mcp__chunked {
  size_t left;                /* chunk data still to come */
  unsigned char state, digits, line_empty;
} e2b_mcp__chunked;

/* One HTTP/1.1 request and its response, sans I/O (BearSSL's engine is the
   model): the exchange owns no socket and never waits. The caller gives it
   its buffers (e2b_mcp__exchange_init: the request's head and body, the
   response's buffer of in_cap bytes and one more for a NUL) and pumps it:
     e2b_mcp__exchange_start(x, now, ms)   on a fresh or reused connection:
                                           from the first byte, the response
                                           is due within ms
     n = e2b_mcp__exchange_out(x, &p)      what to send next (0: all sent)
     e2b_mcp__exchange_sent(x, n)          n of them went out
     n = e2b_mcp__exchange_in(x, &p)       where the response's next bytes go
                                           (0: none are taken: it is done)
     e2b_mcp__exchange_received(x, n)      n bytes came: 1 the response is
                                           whole, 0 more to come, < 0 failed
     e2b_mcp__exchange_closed(x)           the peer ended the stream (the end
                                           of a close-delimited body), same
     e2b_mcp__exchange_expired(x, now)     whether the response is late
     e2b_mcp__exchange_keep(x)             whether the connection can carry
                                           the next request
   Framing: Content-Length, chunked (decoded in place), close-delimited, 204
   and 304, interim 1xx heads skipped. The response is bounded by in_cap (an
   error, never an overflow). x->r is the result once state is DONE. */
enum { E2B_MCP__X_SEND, E2B_MCP__X_READ, E2B_MCP__X_DONE };
typedef struct e2b_mcp__exchange {
  const char *head, *body;    /* the request: its head, then its body (none: NULL) */
  size_t head_len, body_len;
  char *in;                   /* the response's buffer: in_cap bytes and one for a NUL */
  size_t in_cap;
  unsigned long until;        /* the whole response is due by then (ms; 0: no clock) */
  e2b_mcp_response r;         /* the result */
  e2b_mcp__head h;
  e2b_mcp__chunked ch;
  size_t sent, have, hlen, got_body;   /* bytes of the piece sent; response bytes in; head scanned; body decoded */
  unsigned char state;        /* E2B_MCP__X_* */
  unsigned char piece;        /* 0: the head goes out, 1: the body */
  unsigned char mode;         /* how the response is read (E2B_MCP__RD_*) */
  unsigned char got;          /* a byte of the response came */
  unsigned char idempotent;   /* the request may be sent again after a stale connection */
} e2b_mcp__exchange;

/* What a client needs of its server to reach E2B: given by the caller at
   each step (the engine: its URL, socket port, trust anchors, timeouts). */
typedef struct e2b_mcp__dial {
  e2b_mcp_url *url;                 /* where (its resolved address is kept there) */
  const e2b_mcp_sock_port *net;
  e2b_mcp_tls_trust *trust;         /* NULL: no anchors loaded (https refused) */
  unsigned long connect_ms, read_ms, dns_ttl_ms;
} e2b_mcp__dial;

/* One request to E2B in flight: the exchange, and how far its connection
   (kept by the caller, from request to request) is. */
typedef struct e2b_mcp__client {
  e2b_mcp__exchange x;
  unsigned long until;        /* what the step waits for is due by then (connect, response) */
  unsigned char io;           /* E2B_MCP__IO_* */
  unsigned char want;         /* when the step returned waiting: what the socket must become */
  unsigned char attempt;      /* 1: a stale connection was reopened already */
  unsigned char reused;       /* the request went out on a kept connection */
  unsigned char trusted;      /* the caller's last wait watched the kept connection idle and found nothing
                                 on it (no close, no stray bytes): reused without asking the socket again */
} e2b_mcp__client;


/* A document fetched from somewhere other than E2B (an OAuth issuer's
   metadata and its JWKS, >>auth): GET url's origin + path, with no key and
   no body, over the same client, trust anchors and timeouts as E2B's calls.
   The engine runs it in a call slot (e2b_mcp__fetch_start): the socket waits
   in the transport's one wait like a call's, and done is called from the
   step that read the response (r->body NUL-terminated, in the slot's
   buffer, valid only during the call) or saw the exchange fail (r->err). done
   returns 1 when it pointed f at the next document to fetch (the same slot
   sends it), 0 when f is done. busy is 1 from the start to the end. */
#ifdef E2B_MCP__HTTP   /* its users: the keys of an HTTP server's access tokens, the readiness probe of E2B */
#define E2B_MCP__DOC 1
#if E2B_MCP_AUTH
#define E2B_MCP__FETCH 1   /* the issuer's keys are fetched (>>auth) */
#endif
#define E2B_MCP__FETCH_PATH 256
typedef struct e2b_mcp__fetch e2b_mcp__fetch;
struct e2b_mcp__fetch {
  e2b_mcp_url url;                  /* where (its prefix is not used: path is the whole path) */
  char path[E2B_MCP__FETCH_PATH];   /* "/..." with its query, if any */
  int (*done)(e2b_mcp__fetch *f, const e2b_mcp_response *r);
  int busy;
};
#endif
