#include "auth.h"
#include "config.h"
#include "derived.h"
#include "errors.h"
#include "util.h"
#include "json.h"
#include "port.h"
#include "client.h"
#include "seal.h"
/* >>auth: verifying access tokens ------------------------------------------------
   A JWT is header.payload.signature, each base64url (no padding). The header
   is read first (alg, kid, typ, crit), the key chosen, the signature checked
   over the SHA-256 of "header.payload"; only then is the payload decoded and
   its claims read. Everything is on the stack, bounded by
   E2B_MCP_AUTH_TOKEN_MAX: a token longer than that, or a header longer than
   E2B_MCP__AUTH_HEAD_MAX, is refused before anything is decoded. */
#if E2B_MCP_AUTH
#define E2B_MCP__AUTH_HEAD_MAX 1024    /* a header's base64url text: kid, alg, typ fit many times over */
#define E2B_MCP__AUTH_HEAD_TOKENS 32
#define E2B_MCP__AUTH_CLAIM_TOKENS 128

E2B_MCP_DEF const char *e2b_mcp_auth_strerror(int err) {
  switch (err) {
#define E2B_MCP__AUTH_CASE(name, code, text) case code: return text;
    E2B_MCP__AUTH_ERRORS(E2B_MCP__AUTH_CASE)
#undef E2B_MCP__AUTH_CASE
    default: return "the token was refused";
  }
}

E2B_MCP_DEF void e2b_mcp_auth_init(e2b_mcp_auth *a, const char *issuer, const char *resource) {
  memset(a, 0, sizeof *a);
  a->issuer = issuer;
  a->resource = resource;
}

/* Decodes the base64url string value at token t into out (cap bytes); its
   length, or -1. */
static long e2b_mcp__auth_b64tok(const char *js, const jsmntok_t *t, unsigned char *out, size_t cap) {
  if (!t || t->type != JSMN_STRING) return -1;
  return e2b_mcp__b64url_dec(js + t->start, (size_t)(t->end - t->start), out, cap);
}
static const jsmntok_t *e2b_mcp__auth_member(const char *js, const jsmntok_t *t, int obj, const char *key) {
  int i = e2b_mcp__tok_get(js, t, obj, key);
  return i < 0 ? NULL : &t[i];
}

/* One JWK into slot k: 1 when it is a usable signing key, else 0. */
static int e2b_mcp__auth_jwk(const char *js, const jsmntok_t *t, int obj, e2b_mcp_auth_key *k) {
  const jsmntok_t *kty = e2b_mcp__auth_member(js, t, obj, "kty"), *use = e2b_mcp__auth_member(js, t, obj, "use");
  const jsmntok_t *alg = e2b_mcp__auth_member(js, t, obj, "alg"), *kid = e2b_mcp__auth_member(js, t, obj, "kid");
  long n;
  memset(k, 0, sizeof *k);
  if (use && !e2b_mcp__tok_eq(js, use, "sig")) return 0;
  if (kid && e2b_mcp__tok_str(js, kid, k->kid, sizeof k->kid) < 0) return 0;
  if (kty && e2b_mcp__tok_eq(js, kty, "RSA")) {
    unsigned char *p = k->k;
    size_t z = 0;
    if (alg && !e2b_mcp__tok_eq(js, alg, "RS256")) return 0;
    n = e2b_mcp__auth_b64tok(js, e2b_mcp__auth_member(js, t, obj, "n"), k->k, sizeof k->k);
    while (n > 0 && p[z] == 0) { z++; n--; }
    if (n < 256 || (n == 256 && !(p[z] & 0x80))) return 0;   /* under 2048 bits (or too long: -1) */
    memmove(k->k, k->k + z, (size_t)n);
    k->klen = (size_t)n;
    n = e2b_mcp__auth_b64tok(js, e2b_mcp__auth_member(js, t, obj, "e"), k->e, sizeof k->e);
    for (z = 0; n > 0 && k->e[z] == 0; z++) n--;
    if (n <= 0 || !(k->e[z + (size_t)n - 1] & 1)) return 0;   /* an RSA exponent is odd */
    memmove(k->e, k->e + z, (size_t)n);
    k->elen = (size_t)n;
    k->kty = E2B_MCP_AUTH_RSA;
    return 1;
  }
  if (kty && e2b_mcp__tok_eq(js, kty, "EC")) {
    const jsmntok_t *crv = e2b_mcp__auth_member(js, t, obj, "crv");
    if (!crv || !e2b_mcp__tok_eq(js, crv, "P-256") || (alg && !e2b_mcp__tok_eq(js, alg, "ES256"))) return 0;
    k->k[0] = 4;   /* the uncompressed point */
    if (e2b_mcp__auth_b64tok(js, e2b_mcp__auth_member(js, t, obj, "x"), k->k + 1, 32) != 32 ||
        e2b_mcp__auth_b64tok(js, e2b_mcp__auth_member(js, t, obj, "y"), k->k + 33, 32) != 32) return 0;
    k->klen = 65;
    k->kty = E2B_MCP_AUTH_EC_P256;
    return 1;
  }
  return 0;
}

/* The JWKS json[0..n) into a's keys (store 0: only counted, a unchanged):
   how many are usable, or E2B_MCP_AUTH_MALFORMED. */
static int e2b_mcp__auth_jwks_load(e2b_mcp_auth *a, const char *json, size_t n, int store) {
  jsmntok_t t[E2B_MCP_AUTH_JWKS_TOKENS];
  e2b_mcp_auth_key scratch;
  int dup, r = e2b_mcp__parse_strict(json, n, t, E2B_MCP_AUTH_JWKS_TOKENS, &dup), keys, i, k, got = 0;
  if (r <= 0 || t[0].type != JSMN_OBJECT) return E2B_MCP_AUTH_MALFORMED;
  keys = e2b_mcp__tok_get(json, t, 0, "keys");
  if (keys < 0 || t[keys].type != JSMN_ARRAY) return E2B_MCP_AUTH_MALFORMED;
  if (store) a->nkeys = 0;
  for (i = keys + 1, k = 0; k < t[keys].size; k++, i = e2b_mcp__tok_skip(t, i))
    if (got < E2B_MCP_AUTH_KEYS && t[i].type == JSMN_OBJECT && e2b_mcp__auth_jwk(json, t, i, store ? &a->keys[got] : &scratch)) got++;
  if (store) a->nkeys = got;
  return got;
}
E2B_MCP_DEF int e2b_mcp_auth_jwks(e2b_mcp_auth *a, const char *json, size_t n) {
  return e2b_mcp__auth_jwks_load(a, json, n, 1);
}

E2B_MCP_DEF int e2b_mcp_auth_has_scope(const e2b_mcp_auth_claims *c, const char *scope) {
  const char *p = c->scope;
  size_t n = strlen(scope);
  while (n && *p) {
    size_t w;
    while (*p == ' ') p++;
    w = strcspn(p, " ");
    if (w == n && memcmp(p, scope, n) == 0) return 1;
    p += w;
  }
  return 0;
}

/* The key a header's kid and alg name: its index, or E2B_MCP_AUTH_KID /
   E2B_MCP_AUTH_ALG. Without a kid, the issuer's only key of that type. */
static int e2b_mcp__auth_key_for(const e2b_mcp_auth *a, const char *kid, int has_kid, int kty) {
  int i, found = -1, same_type = 0;
  for (i = 0; i < a->nkeys; i++) {
    if (has_kid && strcmp(a->keys[i].kid, kid) == 0) return a->keys[i].kty == kty ? i : E2B_MCP_AUTH_ALG;
    if (!has_kid && a->keys[i].kty == kty) { found = i; same_type++; }
  }
  return !has_kid && same_type == 1 ? found : E2B_MCP_AUTH_KID;
}

/* A doubled name (the token t) into c->twice, when it is a plain word: it
   goes into a WWW-Authenticate parameter, where a quote would end it. */
static void e2b_mcp__auth_twice(const char *js, const jsmntok_t *t, e2b_mcp_auth_claims *c) {
  size_t n = (size_t)(t->end - t->start), i;
  if (!c) return;
  c->twice[0] = 0;
  if (n == 0 || n >= sizeof c->twice) return;
  for (i = 0; i < n; i++) {
    char ch = js[t->start + (long)i];
    if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' || ch == '.' || ch == ':' || ch == '-')) return;
  }
  memcpy(c->twice, js + t->start, n);
  c->twice[n] = 0;
}

/* The header: alg (pinned to the key), kid, typ; *key gets the key's index. */
static int e2b_mcp__auth_header(const e2b_mcp_auth *a, const char *tok, size_t hn, int *key, e2b_mcp_auth_claims *c) {
  char js[E2B_MCP__AUTH_HEAD_MAX / 4 * 3 + 3], alg[16], kid[E2B_MCP_ID_MAX + 1], typ[32];
  jsmntok_t t[E2B_MCP__AUTH_HEAD_TOKENS];
  long n;
  int r, i, kty;
  kid[0] = 0;
  if (hn > E2B_MCP__AUTH_HEAD_MAX) return E2B_MCP_AUTH_TOO_LARGE;
  n = e2b_mcp__b64url_dec(tok, hn, (unsigned char *)js, sizeof js);
  if (n <= 0) return E2B_MCP_AUTH_MALFORMED;
  r = e2b_mcp__parse_strict(js, (size_t)n, t, E2B_MCP__AUTH_HEAD_TOKENS, &i);
  if (r == JSMN_ERROR_NOMEM) return E2B_MCP_AUTH_TOO_LARGE;
  if (r == E2B_MCP__JSON_DUP) { e2b_mcp__auth_twice(js, &t[i], c); return E2B_MCP_AUTH_DUPLICATE; }
  if (r <= 0 || t[0].type != JSMN_OBJECT) return E2B_MCP_AUTH_MALFORMED;
  /* crit names extensions the token needs understood; none is, here (RFC 7515 4.1.11) */
  if (e2b_mcp__tok_get(js, t, 0, "crit") >= 0) return E2B_MCP_AUTH_MALFORMED;
  i = e2b_mcp__tok_get(js, t, 0, "alg");
  if (i < 0 || e2b_mcp__tok_str(js, &t[i], alg, sizeof alg) < 0) return E2B_MCP_AUTH_ALG;
  if (strcmp(alg, "RS256") == 0) kty = E2B_MCP_AUTH_RSA;
  else if (strcmp(alg, "ES256") == 0) kty = E2B_MCP_AUTH_EC_P256;
  else return E2B_MCP_AUTH_ALG;   /* none, HS*, and every algorithm not pinned to a key type here */
  /* RFC 9068 asks for typ at+jwt, so that no other JWT the issuer signs (an
     ID token, a logout token) passes for an access token; providers that
     still write JWT, or nothing, are taken only when a->typ_jwt says so (an
     ID token is then still refused by its aud). */
  i = e2b_mcp__tok_get(js, t, 0, "typ");
  if (i < 0 ? !a->typ_jwt :
      (e2b_mcp__tok_str(js, &t[i], typ, sizeof typ) < 0 ||
       !(e2b_mcp__ieq(typ, strlen(typ), "at+jwt") || e2b_mcp__ieq(typ, strlen(typ), "application/at+jwt") ||
         (a->typ_jwt && e2b_mcp__ieq(typ, strlen(typ), "JWT"))))) return E2B_MCP_AUTH_TYPE;
  i = e2b_mcp__tok_get(js, t, 0, "kid");
  if (i >= 0 && e2b_mcp__tok_str(js, &t[i], kid, sizeof kid) < 0) return E2B_MCP_AUTH_KID;
  *key = e2b_mcp__auth_key_for(a, kid, i >= 0, kty);
  return *key < 0 ? *key : E2B_MCP_AUTH_OK;
}

/* Whether the string at token i (unescaped) is exactly want. */
static int e2b_mcp__auth_str_is(const char *js, const jsmntok_t *t, int i, const char *want) {
  char v[E2B_MCP_AUTH_SCOPE_MAX];
  return i >= 0 && want && e2b_mcp__tok_str(js, &t[i], v, sizeof v) >= 0 && strcmp(v, want) == 0;
}

static int e2b_mcp__auth_claims(const e2b_mcp_auth *a, const char *js, size_t n, long long now_s, e2b_mcp_auth_claims *c) {
  jsmntok_t t[E2B_MCP__AUTH_CLAIM_TOKENS];
  long long exp, nbf;
  int r, i, k, aud_ok = 0;
  int skew = a->skew_s > 0 ? a->skew_s : E2B_MCP_AUTH_SKEW_S;
  r = e2b_mcp__parse_strict(js, n, t, E2B_MCP__AUTH_CLAIM_TOKENS, &i);
  if (r == JSMN_ERROR_NOMEM) return E2B_MCP_AUTH_TOO_LARGE;
  if (r == E2B_MCP__JSON_DUP) { e2b_mcp__auth_twice(js, &t[i], c); return E2B_MCP_AUTH_DUPLICATE; }
  if (r <= 0 || t[0].type != JSMN_OBJECT) return E2B_MCP_AUTH_MALFORMED;
  i = e2b_mcp__tok_get(js, t, 0, "exp");
  if (i < 0 || e2b_mcp__tok_int(js, &t[i], &exp) < 0) return E2B_MCP_AUTH_CLAIMS;
  if (now_s > exp + skew) return E2B_MCP_AUTH_EXPIRED;
  i = e2b_mcp__tok_get(js, t, 0, "nbf");
  if (i >= 0 && (e2b_mcp__tok_int(js, &t[i], &nbf) < 0 || nbf > now_s + skew)) return E2B_MCP_AUTH_EARLY;
  i = e2b_mcp__tok_get(js, t, 0, "iss");
  if (i < 0) return E2B_MCP_AUTH_CLAIMS;
  if (!e2b_mcp__auth_str_is(js, t, i, a->issuer)) return E2B_MCP_AUTH_ISSUER;
  i = e2b_mcp__tok_get(js, t, 0, "aud");
  if (i < 0) return E2B_MCP_AUTH_CLAIMS;
  if (t[i].type == JSMN_ARRAY) {
    int j = i + 1;
    for (k = 0; k < t[i].size; k++, j = e2b_mcp__tok_skip(t, j)) aud_ok |= e2b_mcp__auth_str_is(js, t, j, a->resource);
  } else aud_ok = e2b_mcp__auth_str_is(js, t, i, a->resource);
  if (!aud_ok) return E2B_MCP_AUTH_AUDIENCE;
  if (c) {
    c->exp = exp;
    c->sub[0] = c->scope[0] = 0;
    i = e2b_mcp__tok_get(js, t, 0, "sub");
    if (i >= 0 && e2b_mcp__tok_str(js, &t[i], c->sub, sizeof c->sub) < 0) return E2B_MCP_AUTH_TOO_LARGE;
    i = e2b_mcp__tok_get(js, t, 0, "scope");
    if (i >= 0 && e2b_mcp__tok_str(js, &t[i], c->scope, sizeof c->scope) < 0) return E2B_MCP_AUTH_TOO_LARGE;
  }
  return E2B_MCP_AUTH_OK;
}

/* known: the token's signature was checked before (the same bytes: the
   admission's memory of verified tokens, >>principal), so only its header
   (its key is still one of the issuer's) and its claims (not expired yet)
   are checked again. */
static int e2b_mcp__auth_verify_as(const e2b_mcp_auth *a, const char *tok, size_t n, long long now_s, e2b_mcp_auth_claims *c, int known) {
  unsigned char sig[E2B_MCP_AUTH_RSA_MAX], hash[32];
  char payload[E2B_MCP_AUTH_TOKEN_MAX / 4 * 3 + 3];
  const char *d1, *d2;
  const e2b_mcp_auth_key *k;
  e2b_mcp__sha256 h;
  long sn, pn;
  int key = -1, rc;
  if (!E2B_MCP__AUTH_VERIFIER) return E2B_MCP_AUTH_NO_VERIFIER;
  if (n > E2B_MCP_AUTH_TOKEN_MAX) return E2B_MCP_AUTH_TOO_LARGE;
  if (a->nkeys <= 0) return E2B_MCP_AUTH_NO_KEYS;
  d1 = (const char *)memchr(tok, '.', n);
  d2 = d1 ? (const char *)memchr(d1 + 1, '.', n - (size_t)(d1 + 1 - tok)) : NULL;
  if (!d2 || memchr(d2 + 1, '.', n - (size_t)(d2 + 1 - tok))) return E2B_MCP_AUTH_MALFORMED;
  rc = e2b_mcp__auth_header(a, tok, (size_t)(d1 - tok), &key, c);
  if (rc) return rc;
  k = &a->keys[key];
  if (!known) {
    sn = e2b_mcp__b64url_dec(d2 + 1, n - (size_t)(d2 + 1 - tok), sig, sizeof sig);
    if (sn != (long)(k->kty == E2B_MCP_AUTH_RSA ? k->klen : 64)) return E2B_MCP_AUTH_SIGNATURE;
    e2b_mcp__sha256_init(&h);
    e2b_mcp__sha256_add(&h, tok, (size_t)(d2 - tok));
    e2b_mcp__sha256_end(&h, hash);
    rc = k->kty == E2B_MCP_AUTH_RSA ? e2b_mcp_tls_rsa_verify(k->k, k->klen, k->e, k->elen, hash, sig, (size_t)sn)
                                    : e2b_mcp_tls_p256_verify(k->k, hash, sig);
    if (rc != 0) return E2B_MCP_AUTH_SIGNATURE;
  }
  pn = e2b_mcp__b64url_dec(d1 + 1, (size_t)(d2 - d1 - 1), (unsigned char *)payload, sizeof payload);
  if (pn <= 0) return E2B_MCP_AUTH_MALFORMED;
  return e2b_mcp__auth_claims(a, payload, (size_t)pn, now_s, c);
}
E2B_MCP_DEF int e2b_mcp_auth_verify(const e2b_mcp_auth *a, const char *tok, size_t n, long long now_s, e2b_mcp_auth_claims *c) {
  return e2b_mcp__auth_verify_as(a, tok, n, now_s, c, 0);
}

E2B_MCP_DEF int e2b_mcp_auth_claim(const char *tok, size_t n, const char *name, int i, char *out, size_t cap) {
  char payload[E2B_MCP_AUTH_TOKEN_MAX / 4 * 3 + 3];
  jsmntok_t t[E2B_MCP__AUTH_CLAIM_TOKENS];
  const char *d1, *d2;
  long pn;
  int k;
  if (n > E2B_MCP_AUTH_TOKEN_MAX || i < 0) return -1;
  d1 = (const char *)memchr(tok, '.', n);
  d2 = d1 ? (const char *)memchr(d1 + 1, '.', n - (size_t)(d1 + 1 - tok)) : NULL;
  if (!d2) return -1;
  pn = e2b_mcp__b64url_dec(d1 + 1, (size_t)(d2 - d1 - 1), (unsigned char *)payload, sizeof payload);
  if (pn <= 0 || e2b_mcp__parse_strict(payload, (size_t)pn, t, E2B_MCP__AUTH_CLAIM_TOKENS, &k) <= 0 || t[0].type != JSMN_OBJECT) return -1;
  k = e2b_mcp__tok_get(payload, t, 0, name && *name ? name : "sub");
  if (k < 0) return -1;
  if (t[k].type == JSMN_ARRAY) {
    int j = k + 1;
    if (i >= t[k].size) return -1;
    while (i--) j = e2b_mcp__tok_skip(t, j);
    k = j;
  } else if (i) return -1;
  return e2b_mcp__tok_str(payload, &t[k], out, cap);
}

/* ---- What a client is told: RFC 9728 metadata and the Bearer challenge ---- */

E2B_MCP_DEF const char *e2b_mcp_auth_scope_name(const e2b_mcp_auth *a, int g) {
  static const char *const def[3] = { "e2b:read", "e2b:write", "e2b:kill" };
  if (g < 0 || g > 2) return "";
  return a->scope_names[g] && *a->scope_names[g] ? a->scope_names[g] : def[g];
}

#ifdef E2B_MCP__FETCH
/* ---- The issuer's keys, found through its metadata (e2b_mcp_auth.discover) ----
   The documents, in order: the RFC 8414 metadata, then OpenID discovery
   (for an issuer with a path, inserted after the host, then appended, as
   the MCP authorization spec lists them); the first that answers 200 must
   name our issuer exactly (else a document from elsewhere could name keys
   for tokens it did not issue) and its jwks_uri, which is fetched last.
   Each is a GET on the E2B client (e2b_mcp__fetch: the engine runs it); this
   is its done. */
enum { E2B_MCP__AUTH_AT_AS, E2B_MCP__AUTH_AT_OIDC_IN, E2B_MCP__AUTH_AT_OIDC, E2B_MCP__AUTH_AT_JWKS };

static e2b_mcp_auth *e2b_mcp__auth_of(e2b_mcp__fetch *f) {
  return (e2b_mcp_auth *)(void *)((char *)f - offsetof(e2b_mcp_auth, fetch));
}
static int e2b_mcp__auth_loopback(const char *h) {
  return strcmp(h, "localhost") == 0 || strcmp(h, "::1") == 0 || strncmp(h, "127.", 4) == 0;
}
/* How much of v a message may show: up to its first control character (a
   line break in a document would start a log line of its own), at most 120. */
static int e2b_mcp__auth_shown(const char *v) {
  int i;
  for (i = 0; i < 120 && v[i] && (unsigned char)v[i] >= 0x20 && v[i] != 0x7f; i++) {}
  return i;
}
/* Points f at url (absolute; its path and query kept whole, a fragment
   dropped): 0, or -1 with a->why said. https only (but a loopback http://
   when a->http_loopback). */
static int e2b_mcp__auth_point(e2b_mcp_auth *a, const char *url, const char *what) {
  char origin[E2B_MCP_HOST_MAX + 16];
  const char *p = strstr(url, "://");
  size_t on, pn, i;
  p = p ? p + 3 : url;
  p += strcspn(p, "/?#");
  on = (size_t)(p - url);
  pn = strcspn(p, "#");
  for (i = 0; url[i]; i++) if ((unsigned char)url[i] <= 0x20 || url[i] == 0x7f) break;
  if (url[i] || on >= sizeof origin || pn + 2 > sizeof a->fetch.path) goto bad;
  memcpy(origin, url, on);
  origin[on] = 0;
  if (e2b_mcp__url_parse(&a->fetch.url, origin) != 0) goto bad;
  if (!a->fetch.url.https && !(a->http_loopback && e2b_mcp__auth_loopback(a->fetch.url.host))) {
    e2b_mcp__fmt(a->why, sizeof a->why, "%s %.*s is not https://: the keys are fetched over verified TLS only", what, e2b_mcp__auth_shown(url), url);
    return -1;
  }
  a->fetch.path[0] = '/';
  memcpy(a->fetch.path + (*p != '/'), p, pn);
  a->fetch.path[pn + (*p != '/')] = 0;
  return 0;
bad:
  e2b_mcp__fmt(a->why, sizeof a->why, "%s %.*s is not a URL the server can fetch", what, e2b_mcp__auth_shown(url), url);
  return -1;
}
/* f at the metadata document of phase at (the issuer parsed into f->url): 0,
   or -1 when there is no such document for this issuer. */
static int e2b_mcp__auth_meta_path(e2b_mcp_auth *a, int at) {
  const char *iss = a->issuer, *path = strstr(iss, "://");
  size_t pn;
  path = path ? path + 3 : iss;
  path += strcspn(path, "/");
  pn = strlen(path);
  if (pn && path[pn - 1] == '/') pn--;   /* https://issuer/ is https://issuer */
  if (at == E2B_MCP__AUTH_AT_OIDC_IN && !pn) return -1;   /* the same URL as the one appended */
  if (pn + 40 > sizeof a->fetch.path) return -1;
  if (at == E2B_MCP__AUTH_AT_AS) e2b_mcp__fmt(a->fetch.path, sizeof a->fetch.path, "/.well-known/oauth-authorization-server%.*s", (int)pn, path);
  else if (at == E2B_MCP__AUTH_AT_OIDC_IN) e2b_mcp__fmt(a->fetch.path, sizeof a->fetch.path, "/.well-known/openid-configuration%.*s", (int)pn, path);
  else e2b_mcp__fmt(a->fetch.path, sizeof a->fetch.path, "%.*s/.well-known/openid-configuration", (int)pn, path);
  a->phase = at;
  return 0;
}
static int e2b_mcp__auth_fetched(e2b_mcp__fetch *f, const e2b_mcp_response *r);
/* Readies a->fetch for the first document: 0, or -1 with a->why said (the
   issuer cannot be fetched from). */
static int e2b_mcp__auth_fetch_begin(e2b_mcp_auth *a) {
  a->fetch.done = e2b_mcp__auth_fetched;
  if (e2b_mcp__auth_point(a, a->issuer, "the issuer") != 0) return -1;
  return e2b_mcp__auth_meta_path(a, E2B_MCP__AUTH_AT_AS);
}
/* The issuer's metadata document js[0..n): f at its jwks_uri (1), or why not (0). */
static int e2b_mcp__auth_meta(e2b_mcp_auth *a, const char *js, size_t n) {
  jsmntok_t t[E2B_MCP_AUTH_META_TOKENS];
  char v[E2B_MCP_AUTH_SCOPE_MAX];
  int i, r = e2b_mcp__parse_strict(js, n, t, E2B_MCP_AUTH_META_TOKENS, &i);
  v[0] = 0;
  if (r == E2B_MCP__JSON_DUP) {   /* the name shown only when short and printable */
    int kn = t[i].end - t[i].start, shown = kn <= 40 && e2b_mcp__auth_shown(js + t[i].start) >= kn ? kn : 0;
    e2b_mcp__fmt(a->why, sizeof a->why, "the issuer's metadata (%s) names a member twice (\"%.*s\"), or with an escape: its keys are not taken",
                 a->fetch.path, shown, js + t[i].start);
    return 0;
  }
  if (r <= 0 || t[0].type != JSMN_OBJECT) {
    e2b_mcp__fmt(a->why, sizeof a->why, "the issuer's metadata (%s) is not a JSON object%s", a->fetch.path,
                 r == JSMN_ERROR_NOMEM ? " this server can read (E2B_MCP_AUTH_META_TOKENS)" : "");
    return 0;
  }
  i = e2b_mcp__tok_get(js, t, 0, "issuer");
  if (i < 0 || e2b_mcp__tok_str(js, &t[i], v, sizeof v) < 0 || strcmp(v, a->issuer) != 0) {
    e2b_mcp__fmt(a->why, sizeof a->why, "the issuer's metadata (%s) names the issuer \"%.*s\", not E2B_MCP_AUTH_ISSUER exactly: its keys are not taken",
                 a->fetch.path, i < 0 ? 0 : e2b_mcp__auth_shown(v), v);
    return 0;
  }
  i = e2b_mcp__tok_get(js, t, 0, "jwks_uri");
  if (i < 0 || e2b_mcp__tok_str(js, &t[i], v, sizeof v) < 0) {
    e2b_mcp__fmt(a->why, sizeof a->why, "the issuer's metadata (%s) has no jwks_uri", a->fetch.path);
    return 0;
  }
  if (e2b_mcp__auth_point(a, v, "the issuer's jwks_uri") != 0) return 0;
  a->phase = E2B_MCP__AUTH_AT_JWKS;
  return 1;
}
static int e2b_mcp__auth_fetched(e2b_mcp__fetch *f, const e2b_mcp_response *r) {
  e2b_mcp_auth *a = e2b_mcp__auth_of(f);
  int k;
  if (r->err) {
    e2b_mcp__fmt(a->why, sizeof a->why, "%s://%s:%u%s: %s", f->url.https ? "https" : "http", f->url.host, f->url.port, f->path,
                 e2b_mcp_strerror(r->err));
    return 0;
  }
  if (a->phase < E2B_MCP__AUTH_AT_JWKS) {
    if (r->status >= 400 && r->status < 500)   /* not this one: the next form of the metadata's URL */
      for (k = a->phase + 1; k < E2B_MCP__AUTH_AT_JWKS; k++) if (e2b_mcp__auth_meta_path(a, k) == 0) return 1;
    if (r->status != 200) {
      e2b_mcp__fmt(a->why, sizeof a->why, "the issuer's metadata: %s answered HTTP %d", f->path, r->status);
      return 0;
    }
    return e2b_mcp__auth_meta(a, r->body, r->body_len);
  }
  if (r->status != 200) {
    e2b_mcp__fmt(a->why, sizeof a->why, "the issuer's JWKS: %s answered HTTP %d", f->path, r->status);
    return 0;
  }
  k = e2b_mcp__auth_jwks_load(a, r->body, r->body_len, 0);
  if (k <= 0) {   /* the keys there were stay */
    e2b_mcp__fmt(a->why, sizeof a->why, "the issuer's JWKS (%s) %s", f->path, k < 0 ? "is not a JWKS document" :
                 "has no usable key (RSA of 2048 bits or more, or EC P-256, for signing)");
    return 0;
  }
  e2b_mcp__auth_jwks_load(a, r->body, r->body_len, 1);
  a->loads++;
  a->why[0] = 0;
  return 0;
}
#endif

#ifdef E2B_MCP__HTTP   /* the rest serves the Streamable HTTP transport */
/* Whether the configuration can be told to clients as it is: an http(s)
   resource URL and an issuer, neither with a quote, a space or a control
   character (they go into a quoted header parameter and JSON). */
static int e2b_mcp__auth_url_ok(const char *u) {
  size_t i;
  if (!u || !(strncmp(u, "https://", 8) == 0 || strncmp(u, "http://", 7) == 0)) return 0;
  for (i = 0; u[i]; i++) if ((unsigned char)u[i] <= 0x20 || u[i] == '"' || u[i] == '\\' || u[i] == 0x7f) return 0;
  return 1;
}
static int e2b_mcp__auth_config_ok(const e2b_mcp_auth *a) {
  int g;
  /* bounded so that a 401's head fits the transport's small answer */
  if (!e2b_mcp__auth_url_ok(a->resource) || strlen(a->resource) > 256 || !a->issuer || !*a->issuer || e2b_mcp__strchr(a->issuer, '"')) return 0;
  for (g = 0; g < 3; g++) {
    const char *n = e2b_mcp_auth_scope_name(a, g), *p;
    if (strlen(n) > 64) return 0;
    for (p = n; *p; p++) if ((unsigned char)*p <= 0x20 || *p == '"' || *p == '\\' || *p == 0x7f) return 0;
  }
  return 1;
}

/* The metadata's URL: the resource's origin, /.well-known/oauth-protected-resource,
   then the resource's path (RFC 9728 section 3.1). */
static void e2b_mcp__auth_meta_url(const e2b_mcp_auth *a, e2b_mcp_json *w) {
  const char *r = a->resource, *path = e2b_mcp__strchr(r + (strncmp(r, "https://", 8) == 0 ? 8 : 7), '/');
  size_t on = path ? (size_t)(path - r) : strlen(r);
  e2b_mcp__w_put(w, r, on);
  e2b_mcp__w_put(w, "/.well-known/oauth-protected-resource", 37);
  if (path && strcmp(path, "/") != 0) e2b_mcp__w_put(w, path, strlen(path));
}
/* Whether target[0..n) (query included) asks for the metadata: the plain
   well-known path, or with the resource's path after it. */
static int e2b_mcp__auth_is_meta(const e2b_mcp_auth *a, const char *target, size_t n) {
  static const char wk[] = "/.well-known/oauth-protected-resource";
  const char *r = a->resource, *path = e2b_mcp__strchr(r + (strncmp(r, "https://", 8) == 0 ? 8 : 7), '/');
  size_t k = strcspn(target, "?"), pn = path ? strlen(path) : 0;
  if (k > n) k = n;
  if (k < sizeof wk - 1 || memcmp(target, wk, sizeof wk - 1) != 0) return 0;
  return k == sizeof wk - 1 || (pn > 1 && k == sizeof wk - 1 + pn && memcmp(target + sizeof wk - 1, path, pn) == 0);
}
/* The metadata document (RFC 9728 section 2). */
static void e2b_mcp__auth_metadata(const e2b_mcp_auth *a, e2b_mcp_json *w) {
  const char *p = a->servers && *a->servers ? a->servers : a->issuer;
  int g;
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "resource"); e2b_mcp_json_str(w, a->resource);
  e2b_mcp_json_key(w, "authorization_servers"); e2b_mcp_json_arr(w);
  while (*p) {
    size_t k;
    while (*p == ' ') p++;
    k = strcspn(p, " ");
    if (k) e2b_mcp_json_strn(w, p, k);
    p += k;
  }
  e2b_mcp_json_arr_end(w);
  e2b_mcp_json_key(w, "scopes_supported"); e2b_mcp_json_arr(w);
  for (g = 0; g < 3; g++) e2b_mcp_json_str(w, e2b_mcp_auth_scope_name(a, g));
  e2b_mcp_json_arr_end(w);
  e2b_mcp_json_key(w, "bearer_methods_supported"); e2b_mcp_json_arr(w); e2b_mcp_json_str(w, "header"); e2b_mcp_json_arr_end(w);
  e2b_mcp_json_key(w, "resource_name"); e2b_mcp_json_str(w, "E2B sandboxes (e2b-mcp)");
  e2b_mcp_json_obj_end(w);
}
/* The WWW-Authenticate header line of a 401 or 403 (RFC 6750 section 3, RFC
   9728 section 5.1): where the metadata is, the scopes to ask for (scope:
   one, or NULL: all three), and with error (NULL: a request that carried no
   token) what was wrong, in words that hold no part of the token. */
static void e2b_mcp__auth_challenge(const e2b_mcp_auth *a, const char *error, const char *why, const char *scope, e2b_mcp_json *w) {
  int g;
  e2b_mcp__w_put(w, "WWW-Authenticate: Bearer resource_metadata=\"", 44);
  e2b_mcp__auth_meta_url(a, w);
  e2b_mcp__w_put(w, "\", scope=\"", 10);
  if (scope) e2b_mcp__w_put(w, scope, strlen(scope));
  else for (g = 0; g < 3; g++) {
    const char *n = e2b_mcp_auth_scope_name(a, g);
    if (g) e2b_mcp__w_put(w, " ", 1);
    e2b_mcp__w_put(w, n, strlen(n));
  }
  e2b_mcp__w_put(w, "\"", 1);
  if (error) {
    e2b_mcp__w_put(w, ", error=\"", 9);
    e2b_mcp__w_put(w, error, strlen(error));
    e2b_mcp__w_put(w, "\", error_description=\"", 22);
    e2b_mcp__w_put(w, why, strlen(why));
    e2b_mcp__w_put(w, "\"", 1);
  }
  e2b_mcp__w_put(w, "\r\n", 2);
}
#endif   /* E2B_MCP__HTTP */
#endif
