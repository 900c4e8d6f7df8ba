/* test_state.c - SHA-256, HMAC-SHA256 and the sealed requestState of e2b_mcp.h.

   SHA-256 against the FIPS 180-4 examples ("abc", the 448-bit message, a
   million 'a's fed in odd pieces); HMAC-SHA256 against the seven RFC 4231
   test cases (case 5 compares the first 128 bits, as the RFC does); the
   state token: a round trip, then each way it must fail - another tool,
   other arguments, a flipped character, a cut or padded token, another
   key, an expired one - and the arguments' white space not mattering. */
#define E2B_MCP_SOCK_CUSTOM
#define E2B_MCP_WITH_STDIO 0
#define E2B_MCP_IMPLEMENTATION
#include "../../e2b_mcp.h"
#include "check.h"

static void hex(const unsigned char *p, size_t n, char *out) {
  static const char d[] = "0123456789abcdef";
  size_t i;
  for (i = 0; i < n; i++) { out[2 * i] = d[p[i] >> 4]; out[2 * i + 1] = d[p[i] & 15]; }
  out[2 * n] = 0;
}
static size_t unhex(const char *s, unsigned char *out) {
  size_t n = 0;
  for (; s[0] && s[1]; s += 2) {
    unsigned v;
    sscanf(s, "%2x", &v);
    out[n++] = (unsigned char)v;
  }
  return n;
}
static void sha_hex(const void *p, size_t n, char *out) {
  e2b_mcp__sha256 c;
  unsigned char h[32];
  e2b_mcp__sha256_init(&c);
  e2b_mcp__sha256_add(&c, p, n);
  e2b_mcp__sha256_end(&c, h);
  hex(h, 32, out);
}

static void test_sha256(void) {
  char h[65];
  unsigned char chunk[997];
  e2b_mcp__sha256 c;
  unsigned char d[32];
  size_t left = 1000000;
  sha_hex("abc", 3, h);
  CHECK(strcmp(h, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad") == 0);
  sha_hex("", 0, h);
  CHECK(strcmp(h, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855") == 0);
  sha_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 56, h);
  CHECK(strcmp(h, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1") == 0);
  memset(chunk, 'a', sizeof chunk);
  e2b_mcp__sha256_init(&c);
  while (left) { size_t k = left < sizeof chunk ? left : sizeof chunk; e2b_mcp__sha256_add(&c, chunk, k); left -= k; }
  e2b_mcp__sha256_end(&c, d);
  hex(d, 32, h);
  CHECK(strcmp(h, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0") == 0);
}

/* RFC 4231 section 4: key, data (hex), HMAC-SHA256 (hex; case 5 truncated to 128 bits). */
static const char *const rfc4231[][3] = {
  { "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "4869205468657265",
    "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7" },
  { "4a656665", "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
    "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843" },
  { "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
    "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe" },
  { "0102030405060708090a0b0c0d0e0f10111213141516171819",
    "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd",
    "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b" },
  { "0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c", "546573742057697468205472756e636174696f6e",
    "a3b6167473100ee06e0c796c2955552b" },
  { "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a65204b6579202d2048617368204b6579204669727374",
    "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54" },
  { "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    "5468697320697320612074657374207573696e672061206c6172676572207468616e20626c6f636b2d73697a65206b657920616e642061206c6172676572207468616e20626c6f636b2d73697a6520646174612e20546865206b6579206e6565647320746f20626520686173686564206265666f7265206265696e6720757365642062792074686520484d414320616c676f726974686d2e",
    "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2" },
};

static void test_hmac(void) {
  size_t i;
  for (i = 0; i < sizeof rfc4231 / sizeof rfc4231[0]; i++) {
    unsigned char key[200], data[200], mac[32];
    char h[65], note[32];
    size_t kn = unhex(rfc4231[i][0], key), dn = unhex(rfc4231[i][1], data);
    e2b_mcp__hmac_sha256(key, kn, data, dn, mac);
    hex(mac, 32, h);
    snprintf(note, sizeof note, "RFC 4231 case %u", (unsigned)i + 1);
    CHECKM(strncmp(h, rfc4231[i][2], strlen(rfc4231[i][2])) == 0, note);
  }
  {   /* the stepwise form equals the one-shot one, whatever the pieces */
    unsigned char k[] = "key", a[32], b[32];
    e2b_mcp__hmac m;
    e2b_mcp__hmac_sha256(k, 3, "The quick brown fox jumps over the lazy dog", 43, a);
    e2b_mcp__hmac_begin(&m, k, 3);
    e2b_mcp__hmac_add(&m, "The quick brown ", 16);
    e2b_mcp__hmac_add(&m, "fox jumps over the lazy dog", 27);
    e2b_mcp__hmac_end(&m, b);
    CHECK(memcmp(a, b, 32) == 0);
    {   /* the well-known value of this pair */
      char h[65];
      hex(a, 32, h);
      CHECK(strcmp(h, "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8") == 0);
    }
  }
}

static jsmntok_t tok_a[64], tok_b[64];
static int parse(const char *js, jsmntok_t *t) { return e2b_mcp__parse(js, strlen(js), t, 64) > 0 ? 0 : -1; }

static void test_state(void) {
  unsigned char key[32], key2[32], pay[E2B_MCP_STATE_MAX];
  char tok[E2B_MCP__STATE_TEXT], bad[E2B_MCP__STATE_TEXT + 8];
  const char *args = "{\"sandbox_id\":\"sbx1\",\"timeout\":300}";
  const char *spaced = "{ \"sandbox_id\" : \"sbx1\",\n \"timeout\": 300 }";
  const char *other = "{\"sandbox_id\":\"sbx2\",\"timeout\":300}";
  const char *longer = "{\"sandbox_id\":\"sbx1\",\"timeout\":3000}";
  unsigned char nonce[8] = { 1, 2, 3, 4, 5, 6, 7, 8 }, got[8];
  unsigned long long exp = 0;
  size_t n, i;
  int r;
  memset(key, 7, sizeof key);
  memset(key2, 8, sizeof key2);
  CHECK(parse(args, tok_a) == 0);
  n = e2b_mcp__state_seal(key, "e2b_set_sandbox_timeout", args, tok_a, 0, "ask", 3, 1000, 600, nonce, tok);
  CHECK(n > 0 && n == strlen(tok) && n < E2B_MCP__STATE_TEXT);
  for (i = 0; i < n; i++) CHECK(strchr("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", tok[i]) != NULL);
  r = e2b_mcp__state_open(key, "e2b_set_sandbox_timeout", args, tok_a, 0, tok, n, 1000, pay, got, &exp);
  CHECK(r == 3 && memcmp(pay, "ask", 3) == 0 && memcmp(got, nonce, 8) == 0 && exp == 1600);
  CHECK(e2b_mcp__state_open(key, "e2b_set_sandbox_timeout", args, tok_a, 0, tok, n, 1600, pay, got, &exp) == 3);   /* the last second */
  CHECK(e2b_mcp__state_open(key, "e2b_set_sandbox_timeout", args, tok_a, 0, tok, n, 1601, pay, got, &exp) == E2B_MCP__STATE_STALE);
  CHECK(e2b_mcp__state_open(key, "e2b_kill_sandbox", args, tok_a, 0, tok, n, 1000, pay, got, &exp) == E2B_MCP__STATE_BAD);
  CHECK(e2b_mcp__state_open(key2, "e2b_set_sandbox_timeout", args, tok_a, 0, tok, n, 1000, pay, got, &exp) == E2B_MCP__STATE_BAD);
  CHECK(e2b_mcp__state_open(key, "e2b_set_sandbox_timeout", args, tok_a, -1, tok, n, 1000, pay, got, &exp) == E2B_MCP__STATE_BAD);
  CHECK(parse(spaced, tok_b) == 0);
  CHECK(e2b_mcp__state_open(key, "e2b_set_sandbox_timeout", spaced, tok_b, 0, tok, n, 1000, pay, got, &exp) == 3);
  CHECK(parse(other, tok_b) == 0);
  CHECK(e2b_mcp__state_open(key, "e2b_set_sandbox_timeout", other, tok_b, 0, tok, n, 1000, pay, got, &exp) == E2B_MCP__STATE_BAD);
  CHECK(parse(longer, tok_b) == 0);
  CHECK(e2b_mcp__state_open(key, "e2b_set_sandbox_timeout", longer, tok_b, 0, tok, n, 1000, pay, got, &exp) == E2B_MCP__STATE_BAD);
  for (i = 0; i < n; i++) {   /* every single-character change is caught */
    char note[48];
    memcpy(bad, tok, n + 1);
    bad[i] = bad[i] == 'A' ? 'B' : 'A';
    snprintf(note, sizeof note, "flip at %u", (unsigned)i);
    CHECKM(e2b_mcp__state_open(key, "e2b_set_sandbox_timeout", args, tok_a, 0, bad, n, 1000, pay, got, &exp) < 0, note);
  }
  CHECK(e2b_mcp__state_open(key, "e2b_set_sandbox_timeout", args, tok_a, 0, tok, n - 1, 1000, pay, got, &exp) < 0);
  memcpy(bad, tok, n); memcpy(bad + n, "AAAA", 5);
  CHECK(e2b_mcp__state_open(key, "e2b_set_sandbox_timeout", args, tok_a, 0, bad, n + 4, 1000, pay, got, &exp) < 0);
  CHECK(e2b_mcp__state_open(key, "e2b_set_sandbox_timeout", args, tok_a, 0, "", 0, 1000, pay, got, &exp) == E2B_MCP__STATE_BAD);
  CHECK(e2b_mcp__state_open(key, "e2b_set_sandbox_timeout", args, tok_a, 0, "not base64!", 11, 1000, pay, got, &exp) == E2B_MCP__STATE_BAD);
  /* no arguments, an empty payload, the largest payload, one too many */
  n = e2b_mcp__state_seal(key, "t", NULL, NULL, -1, NULL, 0, 5, 1, nonce, tok);
  CHECK(n > 0 && e2b_mcp__state_open(key, "t", NULL, NULL, -1, tok, n, 6, pay, got, &exp) == 0);
  memset(pay, 'x', sizeof pay);
  n = e2b_mcp__state_seal(key, "t", NULL, NULL, -1, pay, E2B_MCP_STATE_MAX, 5, 1, nonce, tok);
  CHECK(n > 0 && n < E2B_MCP__STATE_TEXT && e2b_mcp__state_open(key, "t", NULL, NULL, -1, tok, n, 5, pay, got, &exp) == E2B_MCP_STATE_MAX);
  CHECK(e2b_mcp__state_seal(key, "t", NULL, NULL, -1, pay, E2B_MCP_STATE_MAX + 1, 5, 1, nonce, tok) == 0);
}

/* A token is good once: its nonce is kept until it expires; when every entry
   holds one that has not, the next is refused (never one forgotten). */
static void test_spend(void) {
  e2b_mcp__spent list[2];
  unsigned char a[8] = { 'a' }, b[8] = { 'b' }, c[8] = { 'c' };
  memset(list, 0, sizeof list);
  CHECK(e2b_mcp__state_spend(list, 2, a, 1100, 1000) == 0);
  CHECK(e2b_mcp__state_spend(list, 2, a, 1100, 1000) == E2B_MCP__STATE_SPENT);
  CHECK(e2b_mcp__state_spend(list, 2, a, 1100, 1100) == E2B_MCP__STATE_SPENT);   /* until its last second */
  CHECK(e2b_mcp__state_spend(list, 2, b, 1200, 1000) == 0);
  CHECK(e2b_mcp__state_spend(list, 2, c, 1300, 1000) == E2B_MCP__STATE_FULL);
  CHECK(e2b_mcp__state_spend(list, 2, a, 1100, 1050) == E2B_MCP__STATE_SPENT);   /* a full list still knows its own */
  CHECK(e2b_mcp__state_spend(list, 2, c, 1300, 1101) == 0);   /* a's token expired: its entry is free */
  CHECK(e2b_mcp__state_spend(list, 2, c, 1300, 1101) == E2B_MCP__STATE_SPENT);
  CHECK(e2b_mcp__state_spend(list, 2, b, 1200, 1101) == E2B_MCP__STATE_SPENT);
}

int main(void) {
  test_sha256();
  test_hmac();
  test_state();
  test_spend();
  return CHECK_DONE();
}
