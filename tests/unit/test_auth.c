/* test_auth.c - >>auth: JWT access tokens verified through the TLS port's crypto.
     test_auth DIR
   DIR holds what tests/unit/auth_tokens.mjs made at this run with node's crypto:
   jwks.json (the issuer's keys, some of which must be skipped), tokens.txt ("name
   expected token" per line) and meta.txt (issuer, resource). Every token is verified
   and must get exactly its expected verdict; the valid ok_* ones' claims are read back.
   Built with BearSSL (also its minimal profile) and with mbedTLS; built with
   E2B_MCP_TLS_NONE and E2B_MCP_AUTH=1 (TEST_NO_VERIFIER), every token is refused
   with E2B_MCP_AUTH_NO_VERIFIER, the valid ones included. */
#define E2B_MCP_IMPLEMENTATION
#include "e2b_mcp.h"
#include "check.h"
#include <stdlib.h>
#include <time.h>

#if !E2B_MCP_AUTH
#  error "test_auth needs E2B_MCP_AUTH"
#endif

static char *slurp(const char *dir, const char *name, size_t *n) {
  static char bufs[4][262144];   /* meta, jwks, tokens, tokens again: each kept */
  static int next;
  char path[1024];
  char *b = bufs[next++ % 4];
  FILE *f;
  snprintf(path, sizeof path, "%s/%s", dir, name);
  f = fopen(path, "rb");
  if (!f) { printf("FAIL cannot read %s\n", path); exit(1); }
  *n = fread(b, 1, sizeof bufs[0] - 1, f);
  b[*n] = 0;
  fclose(f);
  return b;
}

static int code_of(const char *name) {
#define T(nm, code, text) if (strcmp(name, #nm) == 0) return code;
  E2B_MCP__AUTH_ERRORS(T)
#undef T
  printf("FAIL unknown verdict %s\n", name);
  exit(1);
}

static e2b_mcp_auth a;   /* 8 key slots of 4 KB: not on the stack */

int main(int argc, char **argv) {
  size_t n, jn;
  char *meta, *jwks, *tokens, *line, *iss, *aud;
  int cases = 0, ok_seen = 0;
  long long now = (long long)time(NULL);
  e2b_mcp_auth_claims c;
  if (argc != 2) { printf("usage: test_auth DIR\n"); return 2; }
  meta = slurp(argv[1], "meta.txt", &n);
  iss = strtok(meta, "\n");
  aud = strtok(NULL, "\n");
  jwks = slurp(argv[1], "jwks.json", &jn);
  tokens = slurp(argv[1], "tokens.txt", &n);

  /* Before any key: nothing verifies. */
  e2b_mcp_auth_init(&a, iss, aud);
  CHECK(e2b_mcp_auth_verify(&a, "a.b.c", 5, now, NULL) == (E2B_MCP__AUTH_VERIFIER ? E2B_MCP_AUTH_NO_KEYS : E2B_MCP_AUTH_NO_VERIFIER));

  /* The JWKS: not one, then the real one (three usable keys among eight). */
  CHECK(e2b_mcp_auth_jwks(&a, "[1]", 3) == E2B_MCP_AUTH_MALFORMED);
  CHECK(e2b_mcp_auth_jwks(&a, "{}", 2) == E2B_MCP_AUTH_MALFORMED);
  CHECK(e2b_mcp_auth_jwks(&a, "{\"keys\":{}}", 11) == E2B_MCP_AUTH_MALFORMED);
  CHECK(e2b_mcp_auth_jwks(&a, "{\"keys\":[", 9) == E2B_MCP_AUTH_MALFORMED);
  CHECK(e2b_mcp_auth_jwks(&a, "{\"keys\":[]}", 11) == 0);
  CHECK(e2b_mcp_auth_jwks(&a, jwks, jn) == 3);
  CHECK(a.nkeys == 3);
  CHECK(strcmp(a.keys[0].kid, "rsa-1") == 0 && a.keys[0].kty == E2B_MCP_AUTH_RSA && a.keys[0].klen == 256);
  CHECK(strcmp(a.keys[1].kid, "rsa-4096") == 0 && a.keys[1].kty == E2B_MCP_AUTH_RSA && a.keys[1].klen == 512);
  CHECK(strcmp(a.keys[2].kid, "ec-1") == 0 && a.keys[2].kty == E2B_MCP_AUTH_EC_P256 && a.keys[2].klen == 65);
  CHECK(a.keys[0].elen == 3 && a.keys[0].e[0] == 1 && a.keys[0].e[1] == 0 && a.keys[0].e[2] == 1);   /* 65537 */
  /* A JWKS that names a member twice, at any depth, is not one: which "keys", which "n"? */
  {
    static const char *const twice[] = {
      "{\"keys\":[],\"keys\":[]}",
      "{\"keys\":[{\"kty\":\"EC\",\"crv\":\"P-256\",\"kty\":\"RSA\"}]}",
      "{\"keys\":[{\"kid\":\"a\",\"\\u006bid\":\"b\"}]}",
    };
    e2b_mcp_auth b;
    size_t i;
    e2b_mcp_auth_init(&b, iss, aud);
    for (i = 0; i < sizeof twice / sizeof twice[0]; i++) CHECKM(e2b_mcp_auth_jwks(&b, twice[i], strlen(twice[i])) == E2B_MCP_AUTH_MALFORMED, twice[i]);
  }

  for (line = strtok(tokens, "\n"); line; line = strtok(NULL, "\n")) {
    char name[64], want[32], note[160];
    const char *tok;
    int got, expect;
    if (sscanf(line, "%63s %31s", name, want) != 2) continue;
    tok = line + strlen(name) + 1 + strlen(want) + 1;
    expect = E2B_MCP__AUTH_VERIFIER ? code_of(want) : E2B_MCP_AUTH_NO_VERIFIER;
    memset(&c, 0x55, sizeof c);
    got = e2b_mcp_auth_verify(&a, tok, strlen(tok), now, &c);
    snprintf(note, sizeof note, "%s: want %s, got %d (%s)", name, want, got, e2b_mcp_auth_strerror(got));
    CHECKM(got == expect, note);
    if (got == E2B_MCP_AUTH_DUPLICATE && strcmp(name, "dup_sub") == 0) CHECKM(strcmp(c.twice, "sub") == 0, c.twice);
    if (got == E2B_MCP_AUTH_DUPLICATE && strcmp(name, "dup_header_kid") == 0) CHECKM(strcmp(c.twice, "kid") == 0, c.twice);
    if (got == E2B_MCP_AUTH_DUPLICATE && strcmp(name, "dup_escaped_name") == 0) CHECKM(c.twice[0] == 0, c.twice);   /* not a plain word */
    if (strncmp(name, "dup_", 4) == 0 && e2b_mcp_auth_claim(tok, strlen(tok), NULL, 0, note, sizeof note) >= 0)
      CHECKM(strcmp(name, "dup_header_kid") == 0 || strcmp(name, "dup_header_alg") == 0, name);   /* nor read by a claim */
    if (strcmp(name, "typ_jwt") == 0 || strcmp(name, "typ_none") == 0) {   /* taken with typ_jwt, for providers that write JWT */
      a.typ_jwt = 1;
      CHECKM(e2b_mcp_auth_verify(&a, tok, strlen(tok), now, NULL) == (E2B_MCP__AUTH_VERIFIER ? E2B_MCP_AUTH_OK : E2B_MCP_AUTH_NO_VERIFIER), name);
      a.typ_jwt = 0;
    }
    if (got == E2B_MCP_AUTH_OK && strncmp(name, "ok_", 3) == 0) {   /* the http_* ones grant other scopes */
      ok_seen++;
      CHECKM(strcmp(c.sub, "user-1") == 0, name);
      CHECKM(strcmp(c.scope, "e2b:read e2b:write") == 0, name);
      CHECKM(c.exp > now - 60 && c.exp <= now + 300, name);
      CHECKM(e2b_mcp_auth_has_scope(&c, "e2b:read") && e2b_mcp_auth_has_scope(&c, "e2b:write"), name);
      CHECKM(!e2b_mcp_auth_has_scope(&c, "e2b:kill") && !e2b_mcp_auth_has_scope(&c, "e2b") &&
             !e2b_mcp_auth_has_scope(&c, "e2b:rea") && !e2b_mcp_auth_has_scope(&c, ""), name);
      /* the same token a second later than its skew allows is refused */
      CHECKM(e2b_mcp_auth_verify(&a, tok, strlen(tok), c.exp + E2B_MCP_AUTH_SKEW_S + 1, NULL) == E2B_MCP_AUTH_EXPIRED, name);
    }
    cases++;
  }
  CHECK(cases >= 30);
  CHECK(ok_seen == (E2B_MCP__AUTH_VERIFIER ? 6 : 0));

  /* The same keys under another resource or issuer: the valid token is refused. */
  {
    char *first = strstr(slurp(argv[1], "tokens.txt", &n), "ok_rs256 OK ");
    char *tok = first ? first + strlen("ok_rs256 OK ") : NULL;
    if (tok) tok[strcspn(tok, "\n")] = 0;
    CHECK(tok != NULL);
    if (tok && E2B_MCP__AUTH_VERIFIER) {
      a.resource = "https://mcp.example.test/mcp/";
      CHECK(e2b_mcp_auth_verify(&a, tok, strlen(tok), now, NULL) == E2B_MCP_AUTH_AUDIENCE);
      a.resource = aud; a.issuer = "https://auth.example.test";   /* no trailing slash: another issuer */
      CHECK(e2b_mcp_auth_verify(&a, tok, strlen(tok), now, NULL) == E2B_MCP_AUTH_ISSUER);
      a.issuer = iss;
      CHECK(e2b_mcp_auth_verify(&a, tok, strlen(tok), now, NULL) == E2B_MCP_AUTH_OK);
      /* a rotation that drops the key: refused by kid */
      CHECK(e2b_mcp_auth_jwks(&a, "{\"keys\":[]}", 11) == 0);
      CHECK(e2b_mcp_auth_verify(&a, tok, strlen(tok), now, NULL) == E2B_MCP_AUTH_NO_KEYS);
    }
  }
  CHECK(strcmp(e2b_mcp_strerror(E2B_MCP_ERR_NO_VERIFIER), "unknown error") != 0);
#ifdef E2B_MCP__FETCH
  /* The issuer's keys through its metadata (e2b_mcp_auth.discover): the documents the fetch is
     pointed at, in order, and what each answer does (the engine runs the GETs: test_jwks.py; here
     the answers are made up). */
  {
    static const char bad_keys[] = "{\"keys\":[{\"kty\":\"oct\",\"k\":\"c2VjcmV0\"}]}";
    static const char *const refused[][2] = {
      { "http://keys.example.test/certs", "not https://" },
      { "https://keys.example.test/certs\\r\\nX-Injected: 1", "not a URL" },
      { "https://keys.example.test/c erts", "not a URL" },
      { "keys.example.test/certs", "not a URL" },
    };
    e2b_mcp_response r;
    char doc[512];
    size_t i;
    e2b_mcp_auth_init(&a, "https://as.example.test/realms/e2b", aud);
    CHECK(e2b_mcp_auth_jwks(&a, jwks, jn) == 3);
    CHECK(e2b_mcp__auth_fetch_begin(&a) == 0);
    CHECK(strcmp(a.fetch.url.host, "as.example.test") == 0 && a.fetch.url.port == 443 && a.fetch.url.https);
    CHECK(strcmp(a.fetch.path, "/.well-known/oauth-authorization-server/realms/e2b") == 0);
    memset(&r, 0, sizeof r);
    r.status = 404; r.body = "{}"; r.body_len = 2;
    CHECK(a.fetch.done(&a.fetch, &r) == 1);   /* not there: OpenID discovery, path inserted */
    CHECK(strcmp(a.fetch.path, "/.well-known/openid-configuration/realms/e2b") == 0);
    CHECK(a.fetch.done(&a.fetch, &r) == 1);   /* then appended */
    CHECK(strcmp(a.fetch.path, "/realms/e2b/.well-known/openid-configuration") == 0);
    CHECK(a.fetch.done(&a.fetch, &r) == 0 && strstr(a.why, "HTTP 404") != NULL);   /* none left */
    CHECK(e2b_mcp__auth_fetch_begin(&a) == 0);
    r.status = 503;
    CHECK(a.fetch.done(&a.fetch, &r) == 0 && strstr(a.why, "HTTP 503") != NULL);   /* only a 4xx tries the next */
    /* a document that names another issuer (one slash more) is refused */
    CHECK(e2b_mcp__auth_fetch_begin(&a) == 0);
    snprintf(doc, sizeof doc, "{\"issuer\":\"https://as.example.test/realms/e2b/\",\"jwks_uri\":\"https://as.example.test/certs\"}");
    r.status = 200; r.body = doc; r.body_len = strlen(doc);
    CHECK(a.fetch.done(&a.fetch, &r) == 0 && strstr(a.why, "names the issuer") != NULL);
    snprintf(doc, sizeof doc, "{\"jwks_uri\":\"https://as.example.test/certs\"}");
    r.body_len = strlen(doc);
    CHECK(e2b_mcp__auth_fetch_begin(&a) == 0 && a.fetch.done(&a.fetch, &r) == 0 && strstr(a.why, "names the issuer") != NULL);
    snprintf(doc, sizeof doc, "{\"issuer\":\"https://as.example.test/realms/e2b\"}");
    r.body_len = strlen(doc);
    CHECK(e2b_mcp__auth_fetch_begin(&a) == 0 && a.fetch.done(&a.fetch, &r) == 0 && strstr(a.why, "no jwks_uri") != NULL);
    r.body = "[]"; r.body_len = 2;
    CHECK(e2b_mcp__auth_fetch_begin(&a) == 0 && a.fetch.done(&a.fetch, &r) == 0 && strstr(a.why, "not a JSON object") != NULL);
    /* a document that names its issuer, or its jwks_uri, twice: which one? Refused */
    snprintf(doc, sizeof doc, "{\"issuer\":\"https://as.example.test/realms/e2b\",\"jwks_uri\":\"https://as.example.test/certs\","
             "\"jwks_uri\":\"https://evil.example.test/certs\"}");
    r.body = doc; r.body_len = strlen(doc);
    CHECK(e2b_mcp__auth_fetch_begin(&a) == 0 && a.fetch.done(&a.fetch, &r) == 0 && strstr(a.why, "twice (\"jwks_uri\")") != NULL);
    snprintf(doc, sizeof doc, "{\"issuer\":\"https://evil.example.test\",\"issuer\":\"https://as.example.test/realms/e2b\",\"jwks_uri\":\"https://as.example.test/certs\"}");
    r.body_len = strlen(doc);
    CHECK(e2b_mcp__auth_fetch_begin(&a) == 0 && a.fetch.done(&a.fetch, &r) == 0 && strstr(a.why, "twice") != NULL);
    /* ours: on to its jwks_uri, on another host and port (path and query kept, the fragment dropped) */
    CHECK(e2b_mcp__auth_fetch_begin(&a) == 0);
    snprintf(doc, sizeof doc, "{\"issuer\":\"https://as.example.test/realms/e2b\",\"jwks_uri\":\"https://keys.example.test:8443/certs?v=2#x\"}");
    r.body = doc; r.body_len = strlen(doc);
    CHECK(a.fetch.done(&a.fetch, &r) == 1);
    CHECK(strcmp(a.fetch.url.host, "keys.example.test") == 0 && a.fetch.url.port == 8443 && strcmp(a.fetch.path, "/certs?v=2") == 0);
    /* the JWKS failing every way keeps the keys there were */
    r.status = 0; r.err = E2B_MCP_ERR_TLS_UNTRUSTED;
    CHECK(a.fetch.done(&a.fetch, &r) == 0 && strstr(a.why, "trusted authority") && strstr(a.why, "keys.example.test:8443/certs") && a.nkeys == 3);
    r.err = 0; r.status = 500;
    CHECK(a.fetch.done(&a.fetch, &r) == 0 && strstr(a.why, "HTTP 500") && a.nkeys == 3);
    r.status = 200; r.body = bad_keys; r.body_len = strlen(bad_keys);
    CHECK(a.fetch.done(&a.fetch, &r) == 0 && strstr(a.why, "no usable key") && a.nkeys == 3 && a.loads == 0);
    r.body = "{\"keys\":[]}"; r.body_len = 11;
    CHECK(a.fetch.done(&a.fetch, &r) == 0 && strstr(a.why, "no usable key") && a.nkeys == 3 && a.loads == 0);
    r.body = "<html>"; r.body_len = 6;
    CHECK(a.fetch.done(&a.fetch, &r) == 0 && strstr(a.why, "not a JWKS") && a.nkeys == 3 && a.loads == 0);
    r.body = "{\"keys\":[{\"kty\":\"EC\",\"crv\":\"P-256\",\"kid\":\"x\",\"x\":\"AA\",\"y\":\"AA\"}]}"; r.body_len = strlen(r.body);
    CHECK(a.fetch.done(&a.fetch, &r) == 0 && a.nkeys == 3);   /* a malformed point: no usable key */
    r.body = jwks; r.body_len = jn;
    CHECK(a.fetch.done(&a.fetch, &r) == 0 && a.why[0] == 0 && a.loads == 1 && a.nkeys == 3);
    /* a jwks_uri that is not https, or not one URL (a line break would write a header of its own) */
    for (i = 0; i < sizeof refused / sizeof refused[0]; i++) {
      CHECK(e2b_mcp__auth_fetch_begin(&a) == 0);
      snprintf(doc, sizeof doc, "{\"issuer\":\"https://as.example.test/realms/e2b\",\"jwks_uri\":\"%s\"}", refused[i][0]);
      r.body = doc; r.body_len = strlen(doc);
      CHECKM(a.fetch.done(&a.fetch, &r) == 0 && strstr(a.why, refused[i][1]) != NULL, refused[i][0]);
      CHECKM(strchr(a.why, '\r') == NULL && strchr(a.why, '\n') == NULL, refused[i][0]);
    }
    a.http_loopback = 1;   /* tests only: http:// on loopback, never elsewhere */
    CHECK(e2b_mcp__auth_fetch_begin(&a) == 0);
    snprintf(doc, sizeof doc, "{\"issuer\":\"https://as.example.test/realms/e2b\",\"jwks_uri\":\"http://127.0.0.1:9/certs\"}");
    r.body = doc; r.body_len = strlen(doc);
    CHECK(a.fetch.done(&a.fetch, &r) == 1 && !a.fetch.url.https && a.fetch.url.port == 9);
    CHECK(e2b_mcp__auth_fetch_begin(&a) == 0);
    snprintf(doc, sizeof doc, "{\"issuer\":\"https://as.example.test/realms/e2b\",\"jwks_uri\":\"http://keys.example.test/certs\"}");
    r.body_len = strlen(doc);
    CHECK(a.fetch.done(&a.fetch, &r) == 0 && strstr(a.why, "not https://") != NULL);
    /* an issuer without a path: RFC 8414's document, then OpenID discovery's once */
    e2b_mcp_auth_init(&a, "https://as.example.test", aud);
    CHECK(e2b_mcp__auth_fetch_begin(&a) == 0 && strcmp(a.fetch.path, "/.well-known/oauth-authorization-server") == 0);
    r.status = 404; r.body = "{}"; r.body_len = 2;
    CHECK(a.fetch.done(&a.fetch, &r) == 1 && strcmp(a.fetch.path, "/.well-known/openid-configuration") == 0);
    CHECK(a.fetch.done(&a.fetch, &r) == 0);
    e2b_mcp_auth_init(&a, "http://as.example.test", aud);   /* not https: never fetched */
    CHECK(e2b_mcp__auth_fetch_begin(&a) == -1 && strstr(a.why, "not https://") != NULL);
    e2b_mcp_auth_init(&a, "http://127.0.0.1:8080", aud);
    CHECK(e2b_mcp__auth_fetch_begin(&a) == -1);
    a.http_loopback = 1;
    CHECK(e2b_mcp__auth_fetch_begin(&a) == 0 && a.fetch.url.port == 8080);
  }
#endif
  return CHECK_DONE();
}
