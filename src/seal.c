#include "seal.h"
#include "config.h"
#include "derived.h"
#include "util.h"
#include "json.h"
/* >>sealed state ---------------------------------------------------------------
   SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104), then the requestState of
   the stateless revision: what a call needs to resume, given to the client
   and checked when it comes back. The token is base64url of
     2 | expiry (8 bytes, big endian, seconds) | nonce (8) | n | payload (n bytes) | MAC (32)
   where the MAC covers a label, the tool's name, the call's arguments (their
   JSON values, white space left out) and everything before it, under a key
   only the server holds. A token is therefore good for one tool, the exact
   arguments it was given for, and until it expires; any replica holding the
   same key accepts it. It is also good once: the nonce of a token that came
   back is remembered until the token would expire (the spent list, below),
   so a user's "yes" cannot be sent again to create a second sandbox. */
#if E2B_MCP_WITH_2026 || E2B_MCP_AUTH   /* the 2026-07-28 revision seals; access tokens are hashed and base64url */
typedef struct e2b_mcp__sha256 {
  uint32_t h[8];
  unsigned char blk[64];
  size_t n;                    /* bytes in blk */
  unsigned long long len;      /* bytes hashed so far */
} e2b_mcp__sha256;

static const uint32_t e2b_mcp__sha_k[64] = {
  0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u, 0x3956c25bu, 0x59f111f1u, 0x923f82a4u, 0xab1c5ed5u,
  0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u, 0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u, 0xc19bf174u,
  0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu, 0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau,
  0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u, 0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u,
  0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu, 0x53380d13u, 0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u,
  0xa2bfe8a1u, 0xa81a664bu, 0xc24b8b70u, 0xc76c51a3u, 0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u,
  0x19a4c116u, 0x1e376c08u, 0x2748774cu, 0x34b0bcb5u, 0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
  0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u, 0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u
};
#define E2B_MCP__ROR(x, r) (((x) >> (r)) | ((x) << (32 - (r))))
static void e2b_mcp__sha256_block(e2b_mcp__sha256 *c, const unsigned char *p) {
  uint32_t w[64], a, b, d, e, f, g, h, cc, t1, t2;
  int i;
  for (i = 0; i < 16; i++)
    w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 | (uint32_t)p[4 * i + 2] << 8 | (uint32_t)p[4 * i + 3];
  for (i = 16; i < 64; i++) {
    uint32_t s0 = E2B_MCP__ROR(w[i - 15], 7) ^ E2B_MCP__ROR(w[i - 15], 18) ^ (w[i - 15] >> 3);
    uint32_t s1 = E2B_MCP__ROR(w[i - 2], 17) ^ E2B_MCP__ROR(w[i - 2], 19) ^ (w[i - 2] >> 10);
    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
  }
  a = c->h[0]; b = c->h[1]; cc = c->h[2]; d = c->h[3]; e = c->h[4]; f = c->h[5]; g = c->h[6]; h = c->h[7];
  for (i = 0; i < 64; i++) {
    t1 = h + (E2B_MCP__ROR(e, 6) ^ E2B_MCP__ROR(e, 11) ^ E2B_MCP__ROR(e, 25)) + ((e & f) ^ (~e & g)) + e2b_mcp__sha_k[i] + w[i];
    t2 = (E2B_MCP__ROR(a, 2) ^ E2B_MCP__ROR(a, 13) ^ E2B_MCP__ROR(a, 22)) + ((a & b) ^ (a & cc) ^ (b & cc));
    h = g; g = f; f = e; e = d + t1; d = cc; cc = b; b = a; a = t1 + t2;
  }
  c->h[0] += a; c->h[1] += b; c->h[2] += cc; c->h[3] += d; c->h[4] += e; c->h[5] += f; c->h[6] += g; c->h[7] += h;
}
#undef E2B_MCP__ROR
static void e2b_mcp__sha256_init(e2b_mcp__sha256 *c) {
  static const uint32_t iv[8] = { 0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au, 0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u };
  memcpy(c->h, iv, sizeof iv);
  c->n = 0;
  c->len = 0;
}
static void e2b_mcp__sha256_add(e2b_mcp__sha256 *c, const void *data, size_t n) {
  const unsigned char *p = (const unsigned char *)data;
  c->len += n;
  while (n) {
    size_t k = 64 - c->n;
    if (k > n) k = n;
    memcpy(c->blk + c->n, p, k);
    c->n += k; p += k; n -= k;
    if (c->n == 64) { e2b_mcp__sha256_block(c, c->blk); c->n = 0; }
  }
}
static void e2b_mcp__sha256_end(e2b_mcp__sha256 *c, unsigned char out[32]) {
  unsigned long long bits = c->len * 8;
  int i;
  c->blk[c->n++] = 0x80;
  if (c->n > 56) { memset(c->blk + c->n, 0, 64 - c->n); e2b_mcp__sha256_block(c, c->blk); c->n = 0; }
  memset(c->blk + c->n, 0, 56 - c->n);
  for (i = 0; i < 8; i++) c->blk[56 + i] = (unsigned char)(bits >> (56 - 8 * i));
  e2b_mcp__sha256_block(c, c->blk);
  for (i = 0; i < 32; i++) out[i] = (unsigned char)(c->h[i / 4] >> (24 - 8 * (i % 4)));
}

/* HMAC-SHA256 in steps: begin with the key, add the message, end. */
#if E2B_MCP_WITH_2026 || E2B_MCP_KEYSTORE   /* the key store derives its file key with HMAC */
typedef struct e2b_mcp__hmac { e2b_mcp__sha256 in; unsigned char okey[64]; } e2b_mcp__hmac;
static void e2b_mcp__hmac_begin(e2b_mcp__hmac *m, const unsigned char *key, size_t kn) {
  unsigned char k[64], ik[64];
  int i;
  memset(k, 0, sizeof k);
  if (kn > 64) { e2b_mcp__sha256 t; e2b_mcp__sha256_init(&t); e2b_mcp__sha256_add(&t, key, kn); e2b_mcp__sha256_end(&t, k); }
  else if (kn) memcpy(k, key, kn);
  for (i = 0; i < 64; i++) { ik[i] = (unsigned char)(k[i] ^ 0x36); m->okey[i] = (unsigned char)(k[i] ^ 0x5c); }
  e2b_mcp__sha256_init(&m->in);
  e2b_mcp__sha256_add(&m->in, ik, sizeof ik);
}
static void e2b_mcp__hmac_add(e2b_mcp__hmac *m, const void *p, size_t n) { e2b_mcp__sha256_add(&m->in, p, n); }
static void e2b_mcp__hmac_end(e2b_mcp__hmac *m, unsigned char out[32]) {
  unsigned char ih[32];
  e2b_mcp__sha256 o;
  e2b_mcp__sha256_end(&m->in, ih);
  e2b_mcp__sha256_init(&o);
  e2b_mcp__sha256_add(&o, m->okey, sizeof m->okey);
  e2b_mcp__sha256_add(&o, ih, sizeof ih);
  e2b_mcp__sha256_end(&o, out);
}
#endif
#if E2B_MCP_WITH_2026 || E2B_MCP_KEYSTORE
static void e2b_mcp__hmac_sha256(const unsigned char *key, size_t kn, const void *msg, size_t n, unsigned char out[32]) {
  e2b_mcp__hmac m;
  e2b_mcp__hmac_begin(&m, key, kn);
  e2b_mcp__hmac_add(&m, msg, n);
  e2b_mcp__hmac_end(&m, out);
}
#endif

/* A JSON value as the MAC sees it: tokens with their own text, separators
   between them, white space left out (a client that re-serialises the same
   arguments keeps its "yes"; one that changes a value or a key does not).
   Returns the index after the value. */
#if E2B_MCP_WITH_2026
static int e2b_mcp__mac_json(e2b_mcp__hmac *m, const char *js, const jsmntok_t *t, int i, int depth) {
  int k, n = t[i].size, j = i + 1;
  if (t[i].type == JSMN_STRING || t[i].type == JSMN_PRIMITIVE) {
    e2b_mcp__hmac_add(m, t[i].type == JSMN_STRING ? "s" : "p", 1);
    e2b_mcp__hmac_add(m, js + t[i].start, (size_t)(t[i].end - t[i].start));
    e2b_mcp__hmac_add(m, "", 1);
    return i + 1;
  }
  if (depth > 32) { e2b_mcp__hmac_add(m, js + t[i].start, (size_t)(t[i].end - t[i].start)); return e2b_mcp__tok_skip(t, i); }
  e2b_mcp__hmac_add(m, t[i].type == JSMN_OBJECT ? "{" : "[", 1);
  for (k = 0; k < n; k++) {
    if (t[i].type == JSMN_OBJECT) j = e2b_mcp__mac_json(m, js, t, j, depth + 1);   /* the key */
    j = e2b_mcp__mac_json(m, js, t, j, depth + 1);
  }
  e2b_mcp__hmac_add(m, t[i].type == JSMN_OBJECT ? "}" : "]", 1);
  return j;
}
#endif

/* The MAC of a state token's head and payload, for this tool and arguments (args < 0: none). */
#if E2B_MCP_WITH_2026
static void e2b_mcp__state_mac(const unsigned char *key, const char *tool, const char *js, const jsmntok_t *t, int args,
                               const unsigned char *head, size_t hn, unsigned char mac[32]) {
  static const char label[] = "e2b-mcp requestState 1";
  e2b_mcp__hmac m;
  e2b_mcp__hmac_begin(&m, key, 32);
  e2b_mcp__hmac_add(&m, label, sizeof label);
  e2b_mcp__hmac_add(&m, tool, strlen(tool) + 1);
  if (args >= 0) e2b_mcp__mac_json(&m, js, t, args, 0);
  else e2b_mcp__hmac_add(&m, "{}", 2);
  e2b_mcp__hmac_add(&m, head, hn);
  e2b_mcp__hmac_end(&m, mac);
}
#endif

static const char e2b_mcp__b64url[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
#if E2B_MCP_WITH_2026
static size_t e2b_mcp__b64url_enc(const unsigned char *p, size_t n, char *out) {
  size_t i, o = 0;
  for (i = 0; i < n; i += 3) {
    unsigned v = (unsigned)p[i] << 16 | (i + 1 < n ? (unsigned)p[i + 1] << 8 : 0u) | (i + 2 < n ? p[i + 2] : 0u);
    out[o++] = e2b_mcp__b64url[v >> 18 & 63];
    out[o++] = e2b_mcp__b64url[v >> 12 & 63];
    if (i + 1 < n) out[o++] = e2b_mcp__b64url[v >> 6 & 63];
    if (i + 2 < n) out[o++] = e2b_mcp__b64url[v & 63];
  }
  out[o] = 0;
  return o;
}
#endif
/* Returns the byte count, or -1 for a character outside the alphabet, a bad length or too much. */
static long e2b_mcp__b64url_dec(const char *s, size_t n, unsigned char *out, size_t cap) {
  size_t i, o = 0;
  unsigned v = 0;
  int bits = 0;
  if (n % 4 == 1) return -1;
  for (i = 0; i < n; i++) {
    const char *q = s[i] ? e2b_mcp__strchr(e2b_mcp__b64url, s[i]) : NULL;
    if (!q) return -1;
    v = (v << 6) | (unsigned)(q - e2b_mcp__b64url);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      if (o == cap) return -1;
      out[o++] = (unsigned char)(v >> bits);
      v &= (1u << bits) - 1;
    }
  }
  if (v) return -1;   /* the unused low bits of the last character are zero in a token we wrote */
  return (long)o;
}


/* Seals payload[0..pn) for a call of tool with the arguments at token args of
   js/t (-1: none), good until now_s + ttl_s, once (nonce). Writes the token
   to out (at least E2B_MCP__STATE_TEXT bytes); returns its length, or 0 when
   the payload is too long. */
#if E2B_MCP_WITH_2026
static size_t e2b_mcp__state_seal(const unsigned char key[32], const char *tool, const char *js, const jsmntok_t *t, int args,
                                  const void *payload, size_t pn, unsigned long long now_s, unsigned long ttl_s,
                                  const unsigned char nonce[8], char *out) {
  unsigned char b[E2B_MCP__STATE_BYTES];
  unsigned long long exp = now_s + ttl_s;
  int i;
  if (pn > E2B_MCP_STATE_MAX) return 0;
  b[0] = 2;
  for (i = 0; i < 8; i++) b[1 + i] = (unsigned char)(exp >> (56 - 8 * i));
  memcpy(b + 9, nonce, 8);
  b[17] = (unsigned char)pn;
  if (pn) memcpy(b + 18, payload, pn);
  e2b_mcp__state_mac(key, tool, js, t, args, b, 18 + pn, b + 18 + pn);
  return e2b_mcp__b64url_enc(b, 18 + pn + 32, out);
}
#endif

/* Wall-clock seconds, for expiry: replicas behind one balancer compare them. */
#ifdef E2B_MCP_NOW_S
static unsigned long long e2b_mcp__state_now(void) { return (unsigned long long)E2B_MCP_NOW_S(); }
#else
static unsigned long long e2b_mcp__state_now(void) { return (unsigned long long)time(NULL); }
#endif

enum { E2B_MCP__STATE_BAD = -1, E2B_MCP__STATE_STALE = -2, E2B_MCP__STATE_SPENT = -3, E2B_MCP__STATE_FULL = -4 };
/* Opens a token: the payload's length (payload gets it, cap >= E2B_MCP_STATE_MAX;
   nonce and *exp_s its nonce and expiry), E2B_MCP__STATE_BAD when it was not
   sealed here for this tool and these arguments (forged, altered, another
   call's), E2B_MCP__STATE_STALE when it expired. The MAC is compared in
   constant time. */
#if E2B_MCP_WITH_2026
static int e2b_mcp__state_open(const unsigned char key[32], const char *tool, const char *js, const jsmntok_t *t, int args,
                               const char *tok, size_t tn, unsigned long long now_s, unsigned char *payload,
                               unsigned char nonce[8], unsigned long long *exp_s) {
  unsigned char b[E2B_MCP__STATE_BYTES], mac[32], diff = 0;
  unsigned long long exp = 0;
  long n = tn < E2B_MCP__STATE_TEXT ? e2b_mcp__b64url_dec(tok, tn, b, sizeof b) : -1;
  int i;
  if (n < 18 + 32 || b[0] != 2 || (long)b[17] != n - 50) return E2B_MCP__STATE_BAD;
  e2b_mcp__state_mac(key, tool, js, t, args, b, (size_t)n - 32, mac);
  for (i = 0; i < 32; i++) diff |= (unsigned char)(mac[i] ^ b[n - 32 + i]);
  if (diff) return E2B_MCP__STATE_BAD;
  for (i = 0; i < 8; i++) exp = exp << 8 | b[1 + i];
  if (now_s > exp) return E2B_MCP__STATE_STALE;
  memcpy(nonce, b + 9, 8);
  *exp_s = exp;
  if (b[17]) memcpy(payload, b + 18, b[17]);
  return b[17];
}
#endif

/* Marks a token's nonce spent in the list (n entries), remembered until exp_s:
   0 the first time, E2B_MCP__STATE_SPENT when it was spent before,
   E2B_MCP__STATE_FULL when every entry holds a nonce that has not expired
   (refusing is safe; forgetting one would let its token be used again). */
#if E2B_MCP_WITH_2026
static int e2b_mcp__state_spend(e2b_mcp__spent *list, int n, const unsigned char nonce[8], unsigned long long exp_s,
                                unsigned long long now_s) {
  int i, room = -1;
  for (i = 0; i < n; i++) {
    if (list[i].exp_s && list[i].exp_s >= now_s && memcmp(list[i].nonce, nonce, 8) == 0) return E2B_MCP__STATE_SPENT;
    if (room < 0 && (!list[i].exp_s || list[i].exp_s < now_s)) room = i;
  }
  if (room < 0) return E2B_MCP__STATE_FULL;
  memcpy(list[room].nonce, nonce, 8);
  list[room].exp_s = exp_s ? exp_s : 1;
  return 0;
}
#endif
#endif /* E2B_MCP_WITH_2026 */
