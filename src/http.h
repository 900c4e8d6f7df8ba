#include "config.h"
#include "derived.h"
#include "json.h"
#include "port.h"
#include "client.h"
#include "keys.h"
#include "auth.h"
#include "principal.h"
#include "mcp.h"
#include "ops.h"
/* >>transport: streamable http ------------------------------------------------ */

/* The Streamable HTTP transport's state (>>transport: streamable http). It
   lives inside the server like every other buffer; the fields are private. */
#ifdef E2B_MCP__HTTP
#include <signal.h>   /* sig_atomic_t: the stop flag a signal handler sets */
#define E2B_MCP__POLL_MAX (1 + E2B_MCP_HTTP_CONNS + E2B_MCP_HTTP_LINGER + E2B_MCP_CALLS)
typedef struct e2b_mcp_http_config {
  const char *host;           /* default 127.0.0.1; "::1" and "localhost" too */
  unsigned port;              /* 0: any free port (see s->http.port) */
  const char *token;          /* bearer token every request must carry; required
                                 when host is not a loopback address */
  const char *allowed_hosts;  /* names accepted in Host and Origin, comma-separated, spaces
                                 around them ignored: on a loopback host besides the
                                 loopback names, elsewhere the only ones (NULL or naming
                                 nobody: any) */
  int client_keys;            /* each client sends its own E2B API key in the header
                                 X-E2B-API-Key, used for its calls only (and its own 429
                                 cool-downs); a request without one is refused (401) and
                                 the server's cfg.api_key is never used over HTTP */
  int request_timeout_ms;     /* 0: E2B_MCP_HTTP_REQUEST_TIMEOUT_MS */
  int head_timeout_ms;        /* 0: E2B_MCP_HTTP_HEAD_TIMEOUT_MS */
  int idle_timeout_ms;        /* 0: E2B_MCP_HTTP_IDLE_TIMEOUT_MS */
  int write_timeout_ms;       /* 0: E2B_MCP_HTTP_WRITE_TIMEOUT_MS
                                 (a question's wait is the server's cfg.ask_timeout_ms) */
  int proxy_names_sessions;   /* behind a load balancer that routes 2025 sessions by hashing
                                 Mcp-Session-Id: an initialize's X-Mcp-New-Session-Id (32
                                 lowercase hex digits, set by the balancer, e.g. nginx's
                                 $request_id) becomes the new session's id, so the hash that
                                 routed the initialize routes the session. Only behind a
                                 balancer that sets the header itself */
  int open_access;            /* 1: no token off loopback either: the caller has decided
                                 that whoever reaches the address may use the server's key
                                 (e2b-mcp's --auth none on a private address, or forced) */
  const char *public_url;     /* the MCP endpoint as clients reach it (https://host/mcp), named
                                 in the server card (GET /mcp/server-card and
                                 /.well-known/mcp/server-card, public); NULL: the auth
                                 resource if any, else the card names no remote. A setting,
                                 never the request's Host, so every replica serves one card */
  /* operations (>>ops): GET /healthz and /readyz are public (they say nothing
     but what is ready); GET /metrics is served as is on a loopback listener,
     and elsewhere only with metrics_token (a 404 without one: never public) */
  const char *metrics_token;  /* Authorization: Bearer <this> for /metrics (any listener); NULL: loopback only */
  int ready_e2b_ms;           /* /readyz: E2B answered within this (0: E2B_MCP_READY_E2B_MS), else a probe */
  int (*ready)(void *user, e2b_mcp_json *w);   /* your own readiness checks: write each as a member
                                 "name":"ok" or "name":"why not" into w (an open object), and
                                 return how many are not ok (NULL: none) */
  void *ready_user;
  const char *card_name;      /* the card's registry name; NULL: E2B_MCP_REGISTRY_NAME */
  const char *repository;     /* the card's source URL; NULL: E2B_MCP_REPOSITORY_URL */
#if E2B_MCP_AUTH
  e2b_mcp_auth *auth;         /* an OAuth 2.1 protected resource (>>auth; NULL: off): every
                                 request to /mcp carries a JWT access token from auth->issuer
                                 for auth->resource in Authorization (401 otherwise, with
                                 the RFC 9728 metadata's URL, served at
                                 /.well-known/oauth-protected-resource[/path]); it replaces
                                 token, and guards a non-loopback address as token does */
#endif
#if E2B_MCP_KEYSTORE
  const e2b_mcp_keystore *keystore;   /* with auth (>>keys; NULL: off): each caller's calls use the
                                 E2B key the store holds for its token's subject, or for
                                 keystore_claim; a caller it has none for is told to ask the
                                 admin, and nothing reaches E2B (cfg.api_key is never used).
                                 Cool-downs are per key, as with client_keys (not both) */
  const char *keystore_claim; /* the claim the store is asked by (NULL: sub); of an array claim
                                 (groups), the first value the store has a key for */
#endif
  int sessions_per_principal; /* 2025 sessions one principal may hold (0:
                                 E2B_MCP_HTTP_SESSIONS_PER_PRINCIPAL); its next initialize ends its
                                 own least recently used one. A session is bound to the principal
                                 that made it: another one naming it is told 404, as for a session
                                 that never existed, and cannot end it */
  int auth_fail_burst, auth_fail_per_s;   /* refused tokens one address may send in a row, then a
                                 second (0: E2B_MCP_AUTH_FAIL_BURST, _PER_S); beyond, 429 */
} e2b_mcp_http_config;

typedef struct e2b_mcp__http_keyslot {   /* per-client keys: one key's 429 cool-downs */
  unsigned long long hash;    /* FNV-1a of the key (the key itself is not kept); 0: free */
  unsigned long last_use;
  unsigned long until[E2B_MCP__BUILTIN_ROOM + E2B_MCP_MAX_TOOLS];
} e2b_mcp__http_keyslot;

typedef struct e2b_mcp__http_session {
  e2b_mcp_session mcp;
  char id[33];                /* 32 hex digits, random */
  int used;
  unsigned long long owner;   /* the principal that made it (e2b_mcp_principal.id; 0: nobody said) */
  int conns;                  /* open connections whose last request was in it: never replaced meanwhile */
  unsigned long last_use;     /* the transport's use counter when last used: LRU order */
  int next;                   /* 1 + the next session in its id's hash chain; 0: the last */
#if E2B_MCP__SUBS
  int stream;                 /* 1 + the connection slot of its GET stream; 0: none */
  int listen;                 /* a 2026-07-28 subscriptions/listen stream's own: it ends with its stream */
#endif
} e2b_mcp__http_session;

#define E2B_MCP__HS_BUF (E2B_MCP_HTTP_HEAD_MAX + E2B_MCP_MSG_MAX)
/* Buckets of the session ids' hash: a power of two, at least the sessions (a
   request finds its session in a step or two, not a pass over all of them). */
#define E2B_MCP__HS_HASH (E2B_MCP_HTTP_SESSIONS > 8192 ? 32768 : E2B_MCP_HTTP_SESSIONS > 2048 ? 8192 : \
                          E2B_MCP_HTTP_SESSIONS > 256 ? 2048 : E2B_MCP_HTTP_SESSIONS > 16 ? 256 : 16)

/* Connections whose answer ended that a step remembers by index (more: it
   looks at all of them); a step ends a few answers, seldom more. */
#define E2B_MCP__HS_ENDED (E2B_MCP_HTTP_CONNS < 64 ? E2B_MCP_HTTP_CONNS : 64)

typedef struct e2b_mcp__http_conn {
  /* first what the step's wait looks at for every connection (one cache line) */
  e2b_mcp_sock sock;
  int state;                  /* E2B_MCP__HC_* */
  int hold;                   /* its last answer has not all left: the next request waits, unread */
  int ended;                  /* CALL: a message of its answer ended since the step last looked */
  char *buf;                  /* its request buffer (E2B_MCP__HS_BUF bytes) from the pool, NULL: none */
  size_t qbase, qoff, qend;   /* the answer's bytes waiting for the socket: buf[qoff..qend), past the request's head (qbase) */
  e2b_mcp_server *srv;        /* its server: the connection is its answers' sink context */
  size_t have, head_len;      /* bytes in buf; the head's length once complete */
  long long body_len;
  unsigned long start_ms, last_ms;   /* the request's start (the first one's: the accept); the last answer's end */
  unsigned long tick;         /* the transport's tick when it last became idle (longest idle makes room) */
  int answered;               /* a request was answered (till then the request timeout applies, not the idle one) */
  int starved;                /* it waited for a request buffer while none was left; its timeouts wait too */
  unsigned long wspent;       /* ms the answer being sent has waited for the client to take it */
  unsigned long drain_ms;     /* DRAIN: when the answer was complete, its rest still queued */
  int sess;                   /* session being answered, -1 none */
  int tied;                   /* the session its last request was in (its conns counts it), -1 none */
  e2b_mcp_principal pr;       /* who sent the request being served, decided on arrival (>>principal) */
  int forbidden;              /* the core refused its lone tool call for its scopes: 1 + the group (403) */
  unsigned long long peer_hash, peer_net;   /* a hash of its peer's address, and of its network (IPv6: the
                                 /64), once asked (0: not yet) */
  e2b_mcp_wire *wire;         /* a 2026-07-28 request's headers while it is answered (wire_v), else NULL */
  e2b_mcp_wire wire_v;
  int send_sid;               /* the answer carries Mcp-Session-Id */
  int http10, close, dead;    /* answer framing, and whether the socket failed */
  int started, sse, in_msg, classified;   /* the answer being streamed */
  size_t cls_len;
  char cls[96];               /* a message's start, until it says what it is (a request to the
                                 client has a short number id; a longer start is an answer) */
} e2b_mcp__http_conn;

typedef struct e2b_mcp_http {
  e2b_mcp_http_config cfg;
  e2b_mcp_sock listener;
  unsigned port;              /* the port listened on */
  int loopback;               /* bound to a loopback address */
  volatile sig_atomic_t stop; /* set (from a signal handler, say) to end e2b_mcp_http_run */
  e2b_mcp_sock linger[E2B_MCP_HTTP_LINGER];
#if E2B_MCP_WITH_CLIENT_KEYS
  e2b_mcp__http_keyslot keys[E2B_MCP_HTTP_KEYS];
#endif
  unsigned long linger_until[E2B_MCP_HTTP_LINGER];
  unsigned long served;       /* requests taken in so far: a loop of your own may stop after some */
  unsigned long uses;         /* session uses so far */
  unsigned long ticks;        /* connection ticks so far */
  int hi;                     /* conns[hi..] are all free: a step passes over the slots in use,
                                 not over every slot (a slot is taken lowest free first) */
  int watched;                /* hi when the step's wait was set up: fds[1 .. 1 + watched) */
  int sess_hi;                /* sessions[sess_hi..] were never used (taken lowest first, cleared when taken) */
  int ended, notified, holding; /* since the step last looked: answers that ended on connections whose call ran
                                 (their indexes in ended_at, one past E2B_MCP__HS_ENDED: more); a notification
                                 went to a GET stream; a connection holds its next request back */
  int ended_at[E2B_MCP__HS_ENDED];
  int keys_wait;              /* a request waits for the issuer's keys (>>principal): the step looks once they came */
  unsigned long swept_ms;     /* when the step last passed over every connection */
  int free_lo;                /* no free connection slot below it: accept looks from there */
  int sess_hash[E2B_MCP__HS_HASH];   /* 1 + the first session whose id hashes here; 0: none */
#if E2B_MCP__SUBS
  e2b_mcp_sink stream_sink;   /* a GET stream's, for a notification being sent (>>resources' subscriptions) */
#endif
  e2b_mcp__probe probe;       /* /readyz's probe of E2B (>>ops) */
  e2b_mcp_admission adm;      /* tokens verified, refusals per address (>>principal) */
  int nfree, ntouched;        /* request buffers unused, their indexes in free_bufs (the last given back on top); touched so far */
  /* From here on nothing is cleared as a whole, so the pages of slots and
     buffers no client needed stay out of memory: a table sized for ten
     thousand clients costs an idle server nothing. Each is cleared when it
     is first taken (conns below hi, sessions below sess_hi, the first
     ntouched buffers). */
  int free_bufs[E2B_MCP_HTTP_BUFS];
  e2b_mcp__http_conn conns[E2B_MCP_HTTP_CONNS];
  e2b_mcp__http_session sessions[E2B_MCP_HTTP_SESSIONS > 0 ? E2B_MCP_HTTP_SESSIONS : 1];   /* 0: 2026-07-28 only */
  char bufs[E2B_MCP_HTTP_BUFS][E2B_MCP__HS_BUF];
} e2b_mcp_http;
#endif

#ifdef E2B_MCP__HTTP
/* MCP over Streamable HTTP on http://host:port/mcp. listen binds (0, or
   E2B_MCP_ERR_LISTEN / E2B_MCP_ERR_NEED_TOKEN); step serves what is ready,
   clients and tool calls alike, waiting at most timeout_ms (for your own
   loop: a call waiting for E2B or its user waits in its call slot, not in
   step; only a simple custom tool's own work, or a client slow to take an
   answer larger than its connection's queue, can hold it longer); run steps until
   s->http.stop is set, then lets the calls in flight end; serve is listen +
   run. One thread, no allocation. */
E2B_MCP_DEF int  e2b_mcp_http_listen(e2b_mcp_server *s, const e2b_mcp_http_config *cfg);
E2B_MCP_DEF int  e2b_mcp_http_step(e2b_mcp_server *s, int timeout_ms);
E2B_MCP_DEF int  e2b_mcp_http_run(e2b_mcp_server *s);
E2B_MCP_DEF int  e2b_mcp_serve_http(e2b_mcp_server *s, const e2b_mcp_http_config *cfg);
#ifdef E2B_MCP__FETCH
/* With access tokens whose keys are the issuer's (cfg.auth->discover): finds
   and fetches them now, waiting (after listen, before the first step): the
   count of keys loaded, or -1 with cfg.auth->why saying why not in words.
   Later, a token whose kid no key has makes step fetch them again (>>auth),
   and that request waits for the fetch, then is verified with what came. */
E2B_MCP_DEF int  e2b_mcp_http_auth_keys(e2b_mcp_server *s);
#endif
#endif
