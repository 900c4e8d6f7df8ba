/* test_keystore.c - >>keys: the key store's format through the TLS port's AES-256-GCM.
   Built with BearSSL, with mbedTLS and as C++: the port's GCM against a published
   vector (the GCM specification's test case 16), a store sealed and opened again,
   every byte of a sealed file altered (each refused), a wrong master secret, a short
   file, entries that may not be, a full store, a small buffer, and no key or subject
   in clear in the file or left in the buffer it was opened from. */
#define E2B_MCP_IMPLEMENTATION
#include "e2b_mcp.h"
#include "check.h"

#if !E2B_MCP_KEYSTORE
#  error "test_keystore needs E2B_MCP_KEYSTORE"
#endif

static void unhex(const char *h, unsigned char *out) {
  size_t i;
  for (i = 0; h[2 * i]; i++) {
    unsigned v;
    sscanf(h + 2 * i, "%2x", &v);
    out[i] = (unsigned char)v;
  }
}
static int has(const unsigned char *p, size_t n, const char *s) {
  size_t k = strlen(s), i;
  for (i = 0; i + k <= n; i++) if (memcmp(p + i, s, k) == 0) return 1;
  return 0;
}

static void test_gcm_vector(void) {
  unsigned char k[32], iv[12], a[20], p[60], c[60], t[16], tag[16];
  unhex("feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308", k);
  unhex("cafebabefacedbaddecaf888", iv);
  unhex("feedfacedeadbeeffeedfacedeadbeefabaddad2", a);
  unhex("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39", p);
  unhex("522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662", c);
  unhex("76fc6ece0f4e1768cddf8853bb2d551b", t);
  {
    unsigned char buf[60];
    memcpy(buf, p, 60);
    CHECK(e2b_mcp_tls_aes_gcm(1, k, iv, a, 20, buf, 60, tag) == 0);
    CHECK(memcmp(buf, c, 60) == 0 && memcmp(tag, t, 16) == 0);
    CHECK(e2b_mcp_tls_aes_gcm(0, k, iv, a, 20, buf, 60, t) == 0 && memcmp(buf, p, 60) == 0);
    memcpy(buf, c, 60);
    tag[0] = t[0] ^ 1;
    CHECK(e2b_mcp_tls_aes_gcm(0, k, iv, a, 20, buf, 60, tag) == -1);
    memcpy(buf, c, 60);
    a[0] ^= 1;
    CHECK(e2b_mcp_tls_aes_gcm(0, k, iv, a, 20, buf, 60, t) == -1);   /* the associated data counts */
  }
}

static e2b_mcp_keystore ks, back;
static unsigned char file[E2B_MCP_KEYSTORE_FILE_MAX], copy[E2B_MCP_KEYSTORE_FILE_MAX];

static void test_round_trip(void) {
  static const char secret[] = "0123456789abcdef0123456789abcdef";
  unsigned char mk[32], other[32], nonce[12] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 };
  long n, n2;
  size_t i;
  int refused = 0;
  char fp1[9], fp2[9];
  CHECK(e2b_mcp_keystore_master(mk, "short", 5) == E2B_MCP_KS_SECRET);
  CHECK(e2b_mcp_keystore_master(mk, secret, sizeof secret - 1) == 0);
  CHECK(e2b_mcp_keystore_master(other, "0123456789abcdef0123456789abcdeF", 32) == 0 && memcmp(mk, other, 32) != 0);
  memset(&ks, 0, sizeof ks);
  CHECK(e2b_mcp_keystore_set(&ks, "alice", "e2b_aliceaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa") == 0);
  CHECK(e2b_mcp_keystore_set(&ks, "team:blue", "e2b_bluebbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb") == 0);
  CHECK(e2b_mcp_keystore_set(&ks, "alice", "e2b_alice2222222222222222222222222222222") == 1 && ks.n == 2);
  CHECK(strcmp(e2b_mcp_keystore_find(&ks, "alice", 5), "e2b_alice2222222222222222222222222222222") == 0);
  CHECK(e2b_mcp_keystore_find(&ks, "alic", 4) == NULL && e2b_mcp_keystore_find(&ks, "alice2", 6) == NULL);
  CHECK(e2b_mcp_keystore_set(&ks, "bob\tx", "e2b_x") == E2B_MCP_KS_ENTRY);
  CHECK(e2b_mcp_keystore_set(&ks, "bob\n", "e2b_x") == E2B_MCP_KS_ENTRY);
  CHECK(e2b_mcp_keystore_set(&ks, "bob", "e2b_x y") == E2B_MCP_KS_ENTRY);
  CHECK(e2b_mcp_keystore_set(&ks, "", "e2b_x") == E2B_MCP_KS_ENTRY);
  CHECK(e2b_mcp_keystore_set(&ks, "bob", "") == E2B_MCP_KS_ENTRY && ks.n == 2);
  n = e2b_mcp_keystore_seal(&ks, mk, nonce, file, sizeof file);
  CHECK(n == (long)(E2B_MCP_KEYSTORE_OVERHEAD + strlen("alice\te2b_alice2222222222222222222222222222222\nteam:blue\te2b_bluebbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\n")));
  CHECK(n > 0 && memcmp(file, "E2BKEYS2", 8) == 0);
  CHECK(!has(file, (size_t)n, "e2b_") && !has(file, (size_t)n, "alice") && !has(file, (size_t)n, "blue"));   /* nothing in clear */
  CHECK(e2b_mcp_keystore_seal(&ks, mk, nonce, copy, 40) == E2B_MCP_KS_ROOM);
  memcpy(copy, file, (size_t)n);
  CHECK(e2b_mcp_keystore_open(&back, mk, copy, (size_t)n) == 0 && back.n == 2);
  CHECK(strcmp(back.e[0].subject, "alice") == 0 && strcmp(back.e[1].key, "e2b_bluebbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb") == 0);
  CHECK(!has(copy, (size_t)n, "e2b_"));   /* the buffer it was opened from is wiped */
  /* every byte altered, one at a time: refused, and the store left empty */
  for (i = 0; i < (size_t)n; i++) {
    memcpy(copy, file, (size_t)n);
    copy[i] ^= 0x01;
    if (e2b_mcp_keystore_open(&back, mk, copy, (size_t)n) < 0 && back.n == 0) refused++;
  }
  CHECK(refused == (int)n);
  memcpy(copy, file, (size_t)n);
  CHECK(e2b_mcp_keystore_open(&back, other, copy, (size_t)n) == E2B_MCP_KS_MASTER && back.n == 0);
  CHECK(!has(copy, (size_t)n, "e2b_"));   /* what a wrong key decrypted is wiped too */
  memcpy(copy, file, (size_t)n);
  /* precise: a file cut short, or a byte of its text altered, with the right secret is not "another secret" */
  CHECK(e2b_mcp_keystore_open(&back, mk, copy, (size_t)n - 1) == E2B_MCP_KS_ALTERED);
  memcpy(copy, file, (size_t)n);
  copy[40] ^= 0x20;
  CHECK(e2b_mcp_keystore_open(&back, mk, copy, (size_t)n) == E2B_MCP_KS_ALTERED && back.n == 0);
  memcpy(copy, file, (size_t)n);
  CHECK(e2b_mcp_keystore_open(&back, mk, copy, 20) == E2B_MCP_KS_FORMAT);
  CHECK(e2b_mcp_keystore_open(&back, mk, (unsigned char *)memcpy(copy, "{\"not\": \"a key store at all, though long enough\"}", 50), 50) == E2B_MCP_KS_FORMAT);
  CHECK(strstr(e2b_mcp_keystore_strerror(E2B_MCP_KS_FORMAT), "not a key store") != NULL &&
        strstr(e2b_mcp_keystore_strerror(E2B_MCP_KS_ALTERED), "altered") != NULL &&
        strstr(e2b_mcp_keystore_strerror(E2B_MCP_KS_MASTER), "altered") == NULL);
  /* a fresh nonce: another file for the same entries */
  nonce[0] = 99;
  n2 = e2b_mcp_keystore_seal(&ks, mk, nonce, copy, sizeof copy);
  CHECK(n2 == n && memcmp(copy + 28, file + 28, (size_t)n - 28) != 0);
  /* remove */
  CHECK(e2b_mcp_keystore_remove(&ks, "alice") == 0 && ks.n == 1 && e2b_mcp_keystore_remove(&ks, "alice") == -1);
  CHECK(strcmp(ks.e[0].subject, "team:blue") == 0 && ks.e[1].key[0] == 0);
  /* an empty store is a valid file */
  memset(&ks, 0, sizeof ks);
  n = e2b_mcp_keystore_seal(&ks, mk, nonce, file, sizeof file);
  CHECK(n == E2B_MCP_KEYSTORE_OVERHEAD && e2b_mcp_keystore_open(&back, mk, file, (size_t)n) == 0 && back.n == 0);
  /* a plaintext sealed by hand that breaks the format: refused though authentic */
  {
    static const char *bad[] = { "alice\te2b_a\nalice\te2b_b\n", "alice e2b_a\n", "alice\te2b_a", "\te2b_a\n" };
    int b;
    for (b = 0; b < 4; b++) {
      size_t pn = strlen(bad[b]);
      memcpy(file, "E2BKEYS1", 8);
      memcpy(file + 8, nonce, 12);
      memcpy(file + 20, bad[b], pn);
      CHECK(e2b_mcp_tls_aes_gcm(1, mk, nonce, file, 8, file + 20, pn, file + 20 + pn) == 0);
      CHECKM(e2b_mcp_keystore_open(&back, mk, file, pn + 36) < 0 && back.n == 0, bad[b]);
    }
    /* a first version's file is still read */
    memcpy(file, "E2BKEYS1", 8);
    memcpy(file + 8, nonce, 12);
    memcpy(file + 20, "alice\te2b_a\n", 12);
    CHECK(e2b_mcp_tls_aes_gcm(1, mk, nonce, file, 8, file + 20, 12, file + 32) == 0);
    CHECK(e2b_mcp_keystore_open(&back, mk, file, 48) == 0 && back.n == 1 && strcmp(back.e[0].key, "e2b_a") == 0);
    memcpy(file + 20, "alice\te2b_a\n", 12);
    CHECK(e2b_mcp_tls_aes_gcm(1, mk, nonce, file, 8, file + 20, 12, file + 32) == 0);
    CHECK(e2b_mcp_keystore_open(&back, other, file, 48) == E2B_MCP_KS_MASTER);
  }
  /* full */
  memset(&ks, 0, sizeof ks);
  for (i = 0; i < E2B_MCP_KEYSTORE_ENTRIES; i++) {
    char sub[24];
    snprintf(sub, sizeof sub, "user%u", (unsigned)i);
    if (e2b_mcp_keystore_set(&ks, sub, "e2b_k") != 0) break;
  }
  CHECK(i == E2B_MCP_KEYSTORE_ENTRIES && e2b_mcp_keystore_set(&ks, "one-more", "e2b_k") == E2B_MCP_KS_FULL);
  n = e2b_mcp_keystore_seal(&ks, mk, nonce, file, sizeof file);
  CHECK(n > 0 && e2b_mcp_keystore_open(&back, mk, file, (size_t)n) == 0 && back.n == E2B_MCP_KEYSTORE_ENTRIES);
  /* the fingerprint: 8 hex digits, the same for the same key, not the key */
  e2b_mcp_keystore_fingerprint("e2b_aliceaaaa", fp1);
  e2b_mcp_keystore_fingerprint("e2b_aliceaaab", fp2);
  CHECK(strlen(fp1) == 8 && strspn(fp1, "0123456789abcdef") == 8 && strcmp(fp1, fp2) != 0);
  e2b_mcp_keystore_fingerprint("e2b_aliceaaaa", fp2);
  CHECK(strcmp(fp1, fp2) == 0);
  CHECK(strstr(e2b_mcp_keystore_strerror(E2B_MCP_KS_MASTER), "master secret") != NULL);
}

int main(void) {
  test_gcm_vector();
  test_round_trip();
  return CHECK_DONE();
}
