#include "principal.h"
#include "config.h"
#include "derived.h"
#include "util.h"
#include "seal.h"
#include "keys.h"
#include "auth.h"
/* >>principal: admission ---------------------------------------------------- */
E2B_MCP_DEF unsigned long long e2b_mcp_principal_hash(char kind, const void *p, size_t n) {
  const unsigned char *b = (const unsigned char *)p;
  unsigned long long v = (1469598103934665603ULL ^ (unsigned char)kind) * 1099511628211ULL;
  for (; n; b++, n--) v = (v ^ *b) * 1099511628211ULL;
  return v ? v : 1;
}

enum { E2B_MCP__KEY_OK, E2B_MCP__KEY_MISSING, E2B_MCP__KEY_PERSONAL, E2B_MCP__KEY_MALFORMED };
/* What is wrong with a team API key k of n bytes (E2B_MCP__KEY_OK: nothing):
   e2b_, then letters, digits, '_' and '-', at least as long as "[redacted]", so
   redacting in place never grows a buffer (a real key has 44 characters). */
static int e2b_mcp__key_check(const char *k, size_t n) {
  size_t i;
  if (!k || !n) return E2B_MCP__KEY_MISSING;
  if (n >= 7 && memcmp(k, "sk_e2b_", 7) == 0) return E2B_MCP__KEY_PERSONAL;
  if (n < sizeof "[redacted]" - 1 || n >= E2B_MCP_KEY_MAX || memcmp(k, "e2b_", 4) != 0) return E2B_MCP__KEY_MALFORMED;
  for (i = 0; i < n; i++)
    if (!((k[i] >= 'a' && k[i] <= 'z') || (k[i] >= 'A' && k[i] <= 'Z') || (k[i] >= '0' && k[i] <= '9') || k[i] == '_' || k[i] == '-'))
      return E2B_MCP__KEY_MALFORMED;
  return E2B_MCP__KEY_OK;
}

#ifdef E2B_MCP__HTTP
/* The credentials of an Authorization value h[0..n): "Bearer", then one or
   more spaces (RFC 6750 section 2.1: 1*SP), case-insensitive; NULL when it
   is not a bearer token. */
static const char *e2b_mcp__admit_bearer(const char *h, size_t n, size_t *tn) {
  size_t i = 6;
  if (!h || n < 8 || !e2b_mcp__ieq(h, 6, "bearer") || h[6] != ' ') return NULL;
  while (i < n && h[i] == ' ') i++;
  *tn = n - i;
  return *tn ? h + i : NULL;
}
static void e2b_mcp__admit_refuse(e2b_mcp_verdict *v, int status, int challenge, const char *error, const char *why, const char *text) {
  v->status = status;
  v->challenge = challenge;
  v->error = error;
  e2b_mcp__strlcpy(v->why, why ? why : "", sizeof v->why);
  v->text = text;
}

/* ---- failures per peer: a budget of E2B_MCP_AUTH_FAIL_BURST, refilled at
   E2B_MCP_AUTH_FAIL_PER_S a second (in thousandths, so a slow refill adds up) ---- */
static long e2b_mcp__admit_full(const e2b_mcp_admit_cfg *cfg) { return (cfg->fail_burst > 0 ? cfg->fail_burst : E2B_MCP_AUTH_FAIL_BURST) * 1000L; }
static long e2b_mcp__admit_rate(const e2b_mcp_admit_cfg *cfg) { return cfg->fail_per_s > 0 ? cfg->fail_per_s : E2B_MCP_AUTH_FAIL_PER_S; }
static e2b_mcp__admit_peer *e2b_mcp__admit_peer_of(e2b_mcp_admission *st, const e2b_mcp_admit_cfg *cfg, unsigned long long peer, unsigned long now) {
  long full = e2b_mcp__admit_full(cfg);
  int i;
  for (i = 0; i < E2B_MCP_AUTH_PEERS; i++) {
    e2b_mcp__admit_peer *e = &st->peers[i];
    long left;
    if (e->peer != peer) continue;
    left = (long)e->left_milli + (long)((now - e->at_ms) > 600000UL ? 600000UL : now - e->at_ms) * e2b_mcp__admit_rate(cfg);
    e->left_milli = left > full ? full : left;
    e->at_ms = now;
    return e;
  }
  return NULL;
}
/* 0, or the seconds peer must wait before its next token is checked. */
static int e2b_mcp__admit_throttled(e2b_mcp_admission *st, const e2b_mcp_admit_cfg *cfg, unsigned long long peer, unsigned long now) {
  e2b_mcp__admit_peer *e;
  if (!peer || !now || !(e = e2b_mcp__admit_peer_of(st, cfg, peer, now)) || e->left_milli >= 1000) return 0;
  return (int)((1000 - e->left_milli + e2b_mcp__admit_rate(cfg) * 1000 - 1) / (e2b_mcp__admit_rate(cfg) * 1000));
}
/* A refused token costs its peer one from its budget; a peer not in the
   table takes the slot of the one that has been quiet longest. */
static void e2b_mcp__admit_failed(e2b_mcp_admission *st, const e2b_mcp_admit_cfg *cfg, unsigned long long peer, unsigned long now) {
  e2b_mcp__admit_peer *e;
  int i, pick = 0;
  if (!peer || !now) return;
  if (!(e = e2b_mcp__admit_peer_of(st, cfg, peer, now))) {
    for (i = 1; i < E2B_MCP_AUTH_PEERS; i++)
      if (now - st->peers[i].at_ms > now - st->peers[pick].at_ms || !st->peers[i].peer) { pick = i; if (!st->peers[i].peer) break; }
    e = &st->peers[pick];
    e->peer = peer;
    e->at_ms = now;
    e->left_milli = e2b_mcp__admit_full(cfg);
  }
  e->left_milli -= 1000;
}

#if E2B_MCP_AUTH
/* ---- verified tokens: the first 16 bytes of the SHA-256 of the whole
   token, until its exp (and the clock skew) ---- */
static void e2b_mcp__admit_digest(const char *tok, size_t n, unsigned char h[16]) {
  unsigned char d[32];
  e2b_mcp__sha256 c;
  e2b_mcp__sha256_init(&c);
  e2b_mcp__sha256_add(&c, tok, n);
  e2b_mcp__sha256_end(&c, d);
  memcpy(h, d, 16);
}
static e2b_mcp__admit_seen *e2b_mcp__admit_seen_of(e2b_mcp_admission *st, const unsigned char h[16]) {
  int i;
  for (i = 0; i < E2B_MCP_AUTH_CACHE; i++) if (st->seen[i].exp && memcmp(st->seen[i].h, h, 16) == 0) return &st->seen[i];
  return NULL;
}
/* Remembered in a free slot, else the one that expires first. */
static void e2b_mcp__admit_remember(e2b_mcp_admission *st, const unsigned char h[16], long long exp, long long now_s, int skew) {
  int i, pick = 0;
  for (i = 0; i < E2B_MCP_AUTH_CACHE; i++) {
    if (!st->seen[i].exp || st->seen[i].exp + skew < now_s) { pick = i; break; }
    if (st->seen[i].exp < st->seen[pick].exp) pick = i;
  }
  memcpy(st->seen[pick].h, h, 16);
  st->seen[pick].exp = exp ? exp : 1;
}

/* Who the token's caller is, for the audit (its sub) and, with a key store,
   its key: the store is asked by cfg->keystore_claim (NULL: sub), and of an
   array claim the first value it has a key for is taken. Both are written
   over the token's own bytes (tok, writable; the token, verified, is needed
   no more, and the request's buffer lives while its calls wait), so a
   reload of the store while a call waits changes nothing under it. */
static void e2b_mcp__admit_who(const e2b_mcp_admit_cfg *cfg, char *tok, size_t tn, e2b_mcp_principal *p) {
  char who[E2B_MCP_SUBJECT_MAX], first[E2B_MCP_SUBJECT_MAX];
  size_t wn = 0, kn = 0, j;
  const char *key = NULL, *claim = NULL;
  int i, n;
#if E2B_MCP_KEYSTORE
  const e2b_mcp_keystore *ks = cfg->keystore;
  if (ks) claim = cfg->keystore_claim;
#else
  (void)cfg;
#endif
  first[0] = 0;
  for (i = 0; (n = e2b_mcp_auth_claim(tok, tn, claim, i, who, sizeof who)) >= 0; i++) {
    if (!i) { memcpy(first, who, (size_t)n + 1); wn = (size_t)n; }
#if E2B_MCP_KEYSTORE
    if (ks && (key = e2b_mcp_keystore_find(ks, who, (size_t)n)) != NULL) { memcpy(first, who, (size_t)n + 1); wn = (size_t)n; break; }
#endif
    if (!claim) break;
  }
  for (j = 0; j < wn; j++) if ((unsigned char)first[j] < 0x20 || first[j] == 0x7f) first[j] = '?';   /* it goes into a log line */
  if (key) kn = strlen(key);
  if (wn + kn > tn) { key = NULL; kn = 0; wn = wn > tn ? tn : wn; }   /* a token shorter than what it names: no key */
  memcpy(tok, first, wn);
  if (key) memcpy(tok + wn, key, kn);
  memset(tok + wn + kn, ' ', tn - wn - kn);
  p->who = tok;
  p->who_len = wn;
#if E2B_MCP_KEYSTORE
  if (!ks) return;
  if (!key) { p->no_key = 1; return; }
  p->api_key = tok + wn;
  p->api_key_len = kn;
#endif
}

/* Whether the query string q[0..n) has an access_token parameter. */
static int e2b_mcp__admit_query_token(const char *q, size_t n) {
  size_t i = 0;
  while (q && i < n) {
    if (n - i >= 13 && e2b_mcp__ieqn(q + i, "access_token=", 13)) return 1;
    while (i < n && q[i] != '&') i++;
    i++;
  }
  return 0;
}

/* An OAuth access token: 0 admitted (*p filled), else refused in *v. */
static int e2b_mcp__admit_oauth(e2b_mcp_admission *st, const e2b_mcp_admit_cfg *cfg, const e2b_mcp_admit_in *in,
                                e2b_mcp_principal *p, e2b_mcp_verdict *v) {
  e2b_mcp_auth *a = cfg->auth;
  e2b_mcp_auth_claims cl;
  e2b_mcp__admit_seen *seen;
  unsigned char h[16];
  const char *tok;
  size_t tn;
  int r = -1, g, wait, skew = a->skew_s > 0 ? a->skew_s : E2B_MCP_AUTH_SKEW_S;
  if (e2b_mcp__admit_query_token(in->query, in->query_n)) {   /* it ends up in logs */
    e2b_mcp__admit_refuse(v, 400, 1, "invalid_request", "send the access token in the Authorization header, never in the URL",
                          "Bad Request: an access token goes in the Authorization header, never in the URL");
    return -1;
  }
  if (!(tok = e2b_mcp__admit_bearer(in->authz, in->authz_n, &tn))) {
    e2b_mcp__admit_refuse(v, 401, 1, NULL, NULL, "Unauthorized: this server needs an OAuth access token (see WWW-Authenticate)");
    return -1;
  }
  memset(&cl, 0, sizeof cl);
  e2b_mcp__admit_digest(tok, tn, h);
  if (E2B_MCP_AUTH_CACHE > 0 && (seen = e2b_mcp__admit_seen_of(st, h)) != NULL) {   /* verified before: its header and claims again, no signature */
    r = e2b_mcp__auth_verify_as(a, tok, tn, in->now_s, &cl, 1);
    if (r == E2B_MCP_AUTH_OK) { st->hits++; v->token = 0; }
    else seen->exp = 0;   /* expired, or its key is gone: forgotten, and checked in full below */
  }
  if (r != E2B_MCP_AUTH_OK) {
    if ((wait = e2b_mcp__admit_throttled(st, cfg, in->peer, in->now_ms)) > 0) {
      st->throttled++;
      e2b_mcp__admit_refuse(v, 429, 0, NULL, NULL, "Too Many Requests: too many refused access tokens from this address; "
                            "retry after the time Retry-After says");
      v->retry_after = wait;
      return -1;
    }
    st->verified++;
    r = e2b_mcp__auth_verify_as(a, tok, tn, in->now_s, &cl, 0);
    v->token = r;
    if (r == E2B_MCP_AUTH_OK && E2B_MCP_AUTH_CACHE > 0) e2b_mcp__admit_remember(st, h, cl.exp, in->now_s, skew);
  }
  if (r != E2B_MCP_AUTH_OK) {
    e2b_mcp__admit_failed(st, cfg, in->peer, in->now_ms);
    e2b_mcp__admit_refuse(v, r == E2B_MCP_AUTH_KID ? E2B_MCP_ADMIT_KEYS : 401, 1, "invalid_token", NULL,
                          "Unauthorized: the access token was refused (see WWW-Authenticate)");
    if (r == E2B_MCP_AUTH_DUPLICATE && cl.twice[0]) e2b_mcp__fmt(v->why, sizeof v->why, "the token names %s twice (RFC 7519 section 4)", cl.twice);
    else e2b_mcp__strlcpy(v->why, e2b_mcp_auth_strerror(r), sizeof v->why);
    return -1;
  }
  p->kind = E2B_MCP_PRINCIPAL_OAUTH;
  /* a token without a subject is a principal of its own */
  p->id = cl.sub[0] ? e2b_mcp_principal_hash('s', cl.sub, strlen(cl.sub)) : e2b_mcp_principal_hash('t', h, sizeof h);
  p->exp = cl.exp;
  p->scopes = E2B_MCP_SCOPED;
  for (g = 0; g < 3; g++) if (e2b_mcp_auth_has_scope(&cl, e2b_mcp_auth_scope_name(a, g))) p->scopes |= 1 << g;
  if (in->authz_w) e2b_mcp__admit_who(cfg, in->authz_w + (tok - in->authz), tn, p);
  return 0;
}
#endif

/* The static token, compared in constant time. */
static int e2b_mcp__admit_token_ok(const char *want, const char *got, size_t gn) {
  size_t tn = strlen(want), i;
  unsigned d = (unsigned)(gn != tn);
  for (i = 0; i < tn; i++) d |= (unsigned)((unsigned char)want[i] ^ (unsigned char)(i < gn ? got[i] : 0));
  return d == 0;
}

E2B_MCP_DEF void e2b_mcp_admit(e2b_mcp_admission *st, const e2b_mcp_admit_cfg *cfg, const e2b_mcp_admit_in *in,
                               e2b_mcp_principal *p, e2b_mcp_verdict *v) {
  memset(p, 0, sizeof *p);
  memset(v, 0, sizeof *v);
  v->token = 1;
  p->peer = in->peer;
#if E2B_MCP_AUTH
  if (cfg->auth) { if (e2b_mcp__admit_oauth(st, cfg, in, p, v)) return; } else
#endif
  if (cfg->token && *cfg->token) {
    size_t tn = 0;
    const char *tok = e2b_mcp__admit_bearer(in->authz, in->authz_n, &tn);
    int wait = tok ? e2b_mcp__admit_throttled(st, cfg, in->peer, in->now_ms) : 0;
    if (wait > 0) {   /* guessing the token: as with forged access tokens */
      st->throttled++;
      e2b_mcp__admit_refuse(v, 429, 0, NULL, NULL, "Too Many Requests: too many wrong tokens from this address; "
                            "retry after the time Retry-After says");
      v->retry_after = wait;
      return;
    }
    if (!tok || !e2b_mcp__admit_token_ok(cfg->token, tok, tn)) {
      if (tok) e2b_mcp__admit_failed(st, cfg, in->peer, in->now_ms);
      e2b_mcp__admit_refuse(v, 401, 2, in->authz ? "invalid_token" : NULL, E2B_MCP__TOKEN_HELP,
                            "Unauthorized: send Authorization: Bearer <token>; " E2B_MCP__TOKEN_HELP);
      return;
    }
    p->kind = E2B_MCP_PRINCIPAL_BEARER;
    p->id = e2b_mcp_principal_hash('b', "", 0);
  }
  if (cfg->client_keys) {   /* never the key itself in an answer or a log */
    int kp = e2b_mcp__key_check(in->ekey, in->ekey_n);
    if (kp != E2B_MCP__KEY_OK) {
      e2b_mcp__admit_refuse(v, 401, 0, NULL, NULL, kp == E2B_MCP__KEY_MISSING ?
                            "Unauthorized: this server uses each client's own E2B API key: send your team API key (e2b_..., "
                            "from https://e2b.dev/dashboard?tab=keys) in the X-E2B-API-Key header" : kp == E2B_MCP__KEY_PERSONAL ?
                            "Unauthorized: X-E2B-API-Key holds a personal access token (sk_e2b_...); send a team API key (e2b_...) "
                            "from https://e2b.dev/dashboard?tab=keys" :
                            "Unauthorized: X-E2B-API-Key is not an E2B team API key: it starts with e2b_ and has only letters, "
                            "digits, '_' and '-'");
      return;
    }
    p->api_key = in->ekey;
    p->api_key_len = in->ekey_n;
    if (p->kind != E2B_MCP_PRINCIPAL_OAUTH) {   /* the key is who it is */
      p->kind = E2B_MCP_PRINCIPAL_CLIENT_KEY;
      p->id = e2b_mcp_principal_hash('k', in->ekey, in->ekey_n);
    }
  }
}
#endif
