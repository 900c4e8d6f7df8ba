#include "config.h"
#include "derived.h"
#include "keys.h"
#include "auth.h"
/* >>principal: who a request is, decided once --------------------------------
   Every request has one principal, decided once, when its transport admits
   it, and carried from there by the message's context to every call it
   makes (e2b_mcp_origin.principal -> the core's context -> the call's slot).
   Whatever depends on who calls reads it there and nowhere else: the tools
   a caller may list and call (the core's one scope check, which writes the
   "forbidden" audit record), the E2B key its calls use, the audit record's
   who, the 2025 session it may use (sessions are bound to id), and limits
   kept per caller.

   Contract, for code built on it (per-principal limits, say):
   - kind says how it was decided (E2B_MCP_PRINCIPAL_*). id identifies it:
     two requests with the same id are the same principal, two with
     different ids are not, for the server's lifetime. It is a 64-bit hash
     (FNV-1a, salted by kind) of the token's subject, of the client's own
     E2B key, or of the kind alone for the static token; never the secret
     itself. id is 0 only for E2B_MCP_PRINCIPAL_NONE (nobody said who:
     stdio, in-process, loopback with no auth): treat such requests as one
     anonymous principal, or tell them apart by peer.
   - peer is a hash of the client's address (for IPv6 its /64), 0 when the
     transport cannot tell; behind a proxy it is the proxy's.
   - who (who_len bytes, not NUL-terminated) and api_key (api_key_len)
     point into the request's own buffer, which the transport keeps while
     the request lives (queued calls included); a call copies them into
     its slot. api_key NULL: the server's own key (cfg.api_key).
   - scopes: E2B_MCP_SCOPED | 1 << E2B_MCP_GROUP_* as its token grants them;
     0: every tool (no access token).
   - no_key: the key store has no key for who: each tool call is told so
     and nothing reaches E2B.
   - exp: when its access token expires (Unix seconds), 0 without one.
   A principal is plain data: copying it copies the decision. */
/* The tool groups, each the scope of an OAuth access token that may call it:
   read (spends nothing, changes nothing: annotated E2B_MCP_READ_ONLY), write
   (starts, bills or changes: every other tool, a custom one too), kill
   (e2b_kill_sandbox). A principal's scopes: E2B_MCP_SCOPED | 1 << group for
   each group its token grants. */
enum { E2B_MCP_GROUP_READ = 0, E2B_MCP_GROUP_WRITE = 1, E2B_MCP_GROUP_KILL = 2, E2B_MCP_SCOPED = 8 };
enum {
  E2B_MCP_PRINCIPAL_NONE = 0,        /* nobody said who (loopback-none, stdio, in-process) */
  E2B_MCP_PRINCIPAL_BEARER = 1,      /* the server's one static token (E2B_MCP_HTTP_TOKEN): all its holders are one */
  E2B_MCP_PRINCIPAL_OAUTH = 2,       /* an OAuth access token (>>auth): its subject */
  E2B_MCP_PRINCIPAL_CLIENT_KEY = 3   /* the client's own E2B key (X-E2B-API-Key): that key */
};
typedef struct e2b_mcp_principal {
  int kind;
  unsigned long long id;
  unsigned long long peer;
  int scopes;
  const char *who;
  size_t who_len;
  const char *api_key;
  size_t api_key_len;
  int no_key;
  long long exp;
} e2b_mcp_principal;

/* FNV-1a over a kind byte and p[0..n), never 0: how a principal (or a
   client) is told apart without keeping what told it. */
E2B_MCP_DEF unsigned long long e2b_mcp_principal_hash(char kind, const void *p, size_t n);

#ifdef E2B_MCP__HTTP
/* ---- admission: a verdict, and no I/O ----
   e2b_mcp_admit reads what the transport parsed of a request (in), with the
   transport's settings (cfg), and its state (st: verified tokens and
   failures per peer), and returns a verdict: admitted (0, *p filled) or
   refused, with what the answer says. It does no I/O: a token whose key id
   the keys do not have yet is E2B_MCP_ADMIT_KEYS, and the transport decides
   whether to fetch the keys and ask again. Kinds, in order: an OAuth access
   token (cfg->auth), else the static token (cfg->token), else nobody
   (loopback, or open access); then, with cfg->client_keys, the client's own
   E2B key.

   Forged tokens are absorbed before they cost a signature check: a token
   verified once is remembered (a hash of the whole token, until its exp,
   E2B_MCP_AUTH_CACHE of them), so its next requests cost a hash and no
   public-key operation; a peer whose tokens failed more than
   E2B_MCP_AUTH_FAIL_BURST times (refilled at E2B_MCP_AUTH_FAIL_PER_S a
   second; E2B_MCP_AUTH_PEERS peers are followed) is answered 429 with
   Retry-After before any crypto, until its budget refills, while a
   remembered token from the same peer still passes (behind a proxy every
   client is the proxy's address: a flood through it slows the others'
   new tokens, never the ones already verified). The static token's
   wrong guesses are counted the same way. */
enum { E2B_MCP_ADMIT_OK = 0, E2B_MCP_ADMIT_KEYS = -1 };
typedef struct e2b_mcp_admit_in {
  const char *authz;          /* the Authorization header's value (NULL: none) */
  size_t authz_n;
  char *authz_w;              /* the same bytes, writable: once the token is taken, who and the
                                 store's key are kept there (the token is needed no more) */
  const char *ekey;           /* X-E2B-API-Key's value (NULL: none) */
  size_t ekey_n;
  const char *query;          /* the target's query string, after '?' (NULL: none) */
  size_t query_n;
  unsigned long long peer;    /* a hash of the client's address (e2b_mcp_principal.peer); 0: unknown */
  long long now_s;            /* wall clock, Unix seconds */
  unsigned long now_ms;       /* monotonic ms (0: unknown) */
} e2b_mcp_admit_in;
typedef struct e2b_mcp_admit_cfg {
  const char *token;          /* the static bearer token (NULL or "": none) */
  int client_keys;            /* each client brings its own E2B key */
  struct e2b_mcp_auth *auth;  /* OAuth access tokens (NULL: off; >>auth) */
  const struct e2b_mcp_keystore *keystore;   /* with auth: each caller's key (NULL: off; >>keys) */
  const char *keystore_claim; /* the claim the store is asked by (NULL: sub) */
  int fail_burst, fail_per_s; /* refused tokens a peer may send in a row, and how many a second
                                 after that (0: E2B_MCP_AUTH_FAIL_BURST, E2B_MCP_AUTH_FAIL_PER_S) */
} e2b_mcp_admit_cfg;
/* What a client of the static token is told (it offers no OAuth sign-in). */
#define E2B_MCP__TOKEN_HELP "this server takes a static bearer token that its admin sets (E2B_MCP_HTTP_TOKEN) and gives you; it offers no OAuth sign-in"
typedef struct e2b_mcp_verdict {
  int status;                 /* 0 admitted; 400, 401, 429: refused; E2B_MCP_ADMIT_KEYS: the token's key
                                 id is not known (the rest says the 401 to send if no fetch is made) */
  int challenge;              /* the WWW-Authenticate line: 0 none, 1 OAuth's (auth's metadata, error,
                                 why), 2 the static token's (error when the request carried one) */
  const char *error;          /* the challenge's error code (NULL: none) */
  char why[128];              /* its error_description: no part of the token */
  const char *text;           /* the answer's JSON-RPC error message */
  int retry_after;            /* seconds (429), 0: none */
  int token;                  /* an access token's verification (E2B_MCP_AUTH_*: 0 valid, else why not),
                                 1 when none was verified (no token, the static one, throttled) */
} e2b_mcp_verdict;
typedef struct e2b_mcp__admit_seen { unsigned char h[16]; long long exp; } e2b_mcp__admit_seen;
typedef struct e2b_mcp__admit_peer { unsigned long long peer; unsigned long at_ms; long left_milli; } e2b_mcp__admit_peer;
typedef struct e2b_mcp_admission {   /* zeroed: empty */
  e2b_mcp__admit_seen seen[E2B_MCP_AUTH_CACHE > 0 ? E2B_MCP_AUTH_CACHE : 1];
  e2b_mcp__admit_peer peers[E2B_MCP_AUTH_PEERS];
  unsigned long hits, verified, throttled;   /* counters: cache hits, signatures checked, 429s */
} e2b_mcp_admission;
E2B_MCP_DEF void e2b_mcp_admit(e2b_mcp_admission *st, const e2b_mcp_admit_cfg *cfg, const e2b_mcp_admit_in *in,
                               e2b_mcp_principal *p, e2b_mcp_verdict *v);
#endif
