#include "config.h"
#include "derived.h"
#include "client.h"
/* >>auth: OAuth 2.1 access tokens ----------------------------------------------
   What a protected resource (MCP authorization, RFC 9728) checks of a bearer
   token, locally and without the heap: a JWT access token (RFC 9068) signed
   by the configured issuer with RS256 or ES256, one of the keys of its JWKS
   (RFC 7517), for this resource (aud, RFC 8707), within its lifetime (exp,
   nbf, with E2B_MCP_AUTH_SKEW_S of clock skew), and the scopes it grants.
   The signature is checked by the TLS port's crypto (e2b_mcp_tls_rsa_verify,
   e2b_mcp_tls_p256_verify: >>ports), the SHA-256 of the signing input by the
   header's own. A key's algorithm is fixed by its type (RSA: RS256; EC P-256:
   ES256), whatever the token's header asks: `none`, HMAC (a token "signed"
   with the public key as an HMAC secret) and any other algorithm are refused.
   Compiled in with E2B_MCP_AUTH (>>config). */
#if E2B_MCP_AUTH
enum { E2B_MCP_AUTH_RSA = 1, E2B_MCP_AUTH_EC_P256 = 2 };

/* One verification key from the JWKS: its type (0: free slot), kid, and the
   public key (RSA: n in k[0..klen), e in e[0..elen); P-256: 0x04 | x | y in
   k[0..65)). */
typedef struct e2b_mcp_auth_key {
  int kty;
  char kid[E2B_MCP_ID_MAX + 1];
  size_t klen, elen;
  unsigned char k[E2B_MCP_AUTH_RSA_MAX];
  unsigned char e[8];
} e2b_mcp_auth_key;

/* What is checked: the issuer (iss, exactly), the resource (this server's
   canonical URL, one of aud), the keys. Fill with e2b_mcp_auth_init and
   e2b_mcp_auth_jwks; the strings stay the caller's. */
typedef struct e2b_mcp_auth {
  const char *issuer;
  const char *resource;         /* also where RFC 9728 metadata is found: its origin +
                                   /.well-known/oauth-protected-resource + its path */
  const char *servers;          /* the authorization servers the metadata names,
                                   space-separated (NULL: the issuer) */
  const char *scope_names[3];   /* the scopes of the read, write and kill tools
                                   (NULL: e2b:read, e2b:write, e2b:kill) */
  int skew_s;                   /* 0: E2B_MCP_AUTH_SKEW_S */
  int typ_jwt;                  /* 0 (the default): the token's typ must be at+jwt (or
                                   application/at+jwt), as RFC 9068 section 4 asks; 1: typ JWT,
                                   or none, is taken too (Keycloak and others that still write
                                   JWT; an ID token is then still refused by its aud) */
  int nkeys;
  e2b_mcp_auth_key keys[E2B_MCP_AUTH_KEYS];
#ifdef E2B_MCP__FETCH
  /* The issuer's own keys, over HTTP (set discover before e2b_mcp_http_listen):
     its metadata (RFC 8414 /.well-known/oauth-authorization-server, else
     OpenID discovery /.well-known/openid-configuration), whose issuer must be
     exactly ours, names its jwks_uri; that JWKS replaces the keys. Fetched
     with the E2B client over verified TLS (https only), in a call slot: at
     start (e2b_mcp_http_auth_keys, which waits), then again when a token
     names a kid no key has, at most once per E2B_MCP_AUTH_REFRESH_MS; a
     fetch that fails keeps the keys there were. */
  int discover;
  int http_loopback;            /* tests only: an http:// issuer and jwks_uri on a loopback address */
  int loads;                    /* JWKS documents loaded so far */
  char why[256];                /* why the last fetch failed ("" when it did not), in words: no secret */
  e2b_mcp__fetch fetch;         /* the fetch in flight (fetch.busy) */
  int phase;                    /* the document it fetches (E2B_MCP__AUTH_AT_*) */
  int refreshed;                /* a kid's refresh happened, at refresh_ms */
  unsigned long refresh_ms;
#endif
} e2b_mcp_auth;

/* What a valid token says: its subject and its scope claim (space-separated),
   and when it expires. Never logged: the subject is an identity, not a secret,
   but the token itself is never copied anywhere. */
typedef struct e2b_mcp_auth_claims {
  char sub[E2B_MCP_AUTH_SCOPE_MAX];
  char scope[E2B_MCP_AUTH_SCOPE_MAX];
  long long exp;
  char twice[32];               /* refused E2B_MCP_AUTH_DUPLICATE: the name given twice, when it is
                                   a plain word (letters, digits, _ . : -), else "" */
} e2b_mcp_auth_claims;

/* Why a token was refused (e2b_mcp_auth_verify); e2b_mcp_auth_strerror says it
   in words fit for a WWW-Authenticate error_description (no part of the token). */
#define E2B_MCP__AUTH_ERRORS(X) \
  X(OK,         0,  "valid") \
  X(MALFORMED, -1,  "the token is not a JWT (three base64url parts, JSON objects)") \
  X(TOO_LARGE, -2,  "the token, its header or a claim is too large") \
  X(ALG,       -3,  "the token's algorithm is not the one its key allows (RS256 or ES256)") \
  X(KID,       -4,  "the token's key is not one of the issuer's keys") \
  X(SIGNATURE, -5,  "the token's signature is not valid") \
  X(EXPIRED,   -6,  "the token has expired") \
  X(EARLY,     -7,  "the token is not valid yet") \
  X(ISSUER,    -8,  "the token is from another issuer") \
  X(AUDIENCE,  -9,  "the token is for another resource") \
  X(TYPE,      -10, "the token is not an access token (typ)") \
  X(CLAIMS,    -11, "the token lacks a claim every access token has (exp, iss, aud)") \
  X(NO_KEYS,   -12, "no verification key is loaded (the issuer's JWKS)") \
  X(NO_VERIFIER, -13, "this build has no signature verifier (a TLS port with RSA and ECDSA)") \
  X(DUPLICATE, -14, "the token names a member twice (RFC 7519 section 4)")
enum e2b_mcp_auth_err {
#define E2B_MCP__AUTH_ENUM(name, code, text) E2B_MCP_AUTH_##name = code,
  E2B_MCP__AUTH_ERRORS(E2B_MCP__AUTH_ENUM)
#undef E2B_MCP__AUTH_ENUM
  E2B_MCP_AUTH__LAST = -15
};

/* issuer and resource must stay valid while a is used. */
E2B_MCP_DEF void e2b_mcp_auth_init(e2b_mcp_auth *a, const char *issuer, const char *resource);
/* Replaces a's keys with those of the JWKS document json[0..n): RSA keys of
   2048 to E2B_MCP_AUTH_RSA_MAX*8 bits and EC P-256 keys, for signing (use
   "sig" or absent), whose alg, when given, is RS256 or ES256; others are
   skipped. Returns how many were loaded (0: none usable), or
   E2B_MCP_AUTH_MALFORMED when json is not a JWKS. */
E2B_MCP_DEF int e2b_mcp_auth_jwks(e2b_mcp_auth *a, const char *json, size_t n);
/* Verifies the access token tok[0..n) at wall-clock time now_s (Unix
   seconds): E2B_MCP_AUTH_OK with *c filled (c may be NULL), or why not
   (enum e2b_mcp_auth_err). The token's signature is checked before any claim
   is believed. */
E2B_MCP_DEF int e2b_mcp_auth_verify(const e2b_mcp_auth *a, const char *tok, size_t n, long long now_s, e2b_mcp_auth_claims *c);
/* The string claim name (NULL: sub) of the token tok[0..n), or with an
   array claim (a list of groups, say) its i-th string: unescaped into
   out[0..cap) with a NUL, its length; -1 when there is none (or i > 0 of a
   string claim, or it does not fit). It reads the payload only: for a token
   e2b_mcp_auth_verify has taken. */
E2B_MCP_DEF int e2b_mcp_auth_claim(const char *tok, size_t n, const char *name, int i, char *out, size_t cap);
/* 1 when the claims' scope list grants scope (a whole space-separated word). */
E2B_MCP_DEF int e2b_mcp_auth_has_scope(const e2b_mcp_auth_claims *c, const char *scope);
E2B_MCP_DEF const char *e2b_mcp_auth_strerror(int err);
/* The scope of tool group g (0 read, 1 write, 2 kill): a->scope_names[g] or its default. */
E2B_MCP_DEF const char *e2b_mcp_auth_scope_name(const e2b_mcp_auth *a, int g);
#endif
