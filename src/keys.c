#include "keys.h"
#include "config.h"
#include "derived.h"
#include "seal.h"
/* >>keys: opening and writing the key store ------------------------------------ */
#if E2B_MCP_KEYSTORE
static const char e2b_mcp__ks_magic[8] = { 'E', '2', 'B', 'K', 'E', 'Y', 'S', '2' };
static const char e2b_mcp__ks_magic1[8] = { 'E', '2', 'B', 'K', 'E', 'Y', 'S', '1' };   /* read, never written */
/* The 8 bytes beside the magic that tell a wrong master secret from a file
   that was altered or cut short: HMAC-SHA256 of the file key over a label of
   its own (nothing about the key is learnt from them). */
static void e2b_mcp__ks_check(const unsigned char mk[32], unsigned char out[8]) {
  static const char label[] = "e2b-mcp key store check";
  unsigned char h[32];
  e2b_mcp__hmac_sha256(mk, 32, label, sizeof label - 1, h);
  memcpy(out, h, 8);
  memset(h, 0, sizeof h);
}

E2B_MCP_DEF const char *e2b_mcp_keystore_strerror(int err) {
  switch (err) {
#define E2B_MCP__KS_CASE(name, code, text) case code: return text;
    E2B_MCP__KS_ERRORS(E2B_MCP__KS_CASE)
#undef E2B_MCP__KS_CASE
    default: return "the key store was refused";
  }
}

E2B_MCP_DEF int e2b_mcp_keystore_master(unsigned char mk[32], const char *secret, size_t n) {
  static const char label[] = "e2b-mcp key store 1";
  if (n < 32) return E2B_MCP_KS_SECRET;
  e2b_mcp__hmac_sha256((const unsigned char *)secret, n, label, sizeof label - 1, mk);
  return 0;
}

/* Whether p[0..n) may be a subject (key 0) or a key (key 1): not empty, fits
   its slot with its NUL, no control character, no tab or line break (the
   file's separators); a key has no space either. */
static int e2b_mcp__ks_ok(const char *p, size_t n, int key) {
  size_t i;
  if (!n || n >= (key ? (size_t)E2B_MCP_KEY_MAX : (size_t)E2B_MCP_SUBJECT_MAX)) return 0;
  for (i = 0; i < n; i++) {
    unsigned char ch = (unsigned char)p[i];
    if (ch < 0x20 || ch == 0x7f || (key && (ch == ' ' || ch > 0x7e))) return 0;
  }
  return 1;
}

static int e2b_mcp__ks_index(const e2b_mcp_keystore *ks, const char *subject, size_t n) {
  int i;
  for (i = 0; i < ks->n; i++)
    if (strlen(ks->e[i].subject) == n && memcmp(ks->e[i].subject, subject, n) == 0) return i;
  return -1;
}

E2B_MCP_DEF const char *e2b_mcp_keystore_find(const e2b_mcp_keystore *ks, const char *subject, size_t n) {
  int i = ks && subject ? e2b_mcp__ks_index(ks, subject, n) : -1;
  return i < 0 ? NULL : ks->e[i].key;
}

E2B_MCP_DEF int e2b_mcp_keystore_set(e2b_mcp_keystore *ks, const char *subject, const char *key) {
  size_t sn = strlen(subject), kn = strlen(key);
  int i;
  if (!e2b_mcp__ks_ok(subject, sn, 0) || !e2b_mcp__ks_ok(key, kn, 1)) return E2B_MCP_KS_ENTRY;
  i = e2b_mcp__ks_index(ks, subject, sn);
  if (i >= 0) { memset(ks->e[i].key, 0, sizeof ks->e[i].key); memcpy(ks->e[i].key, key, kn); return 1; }
  if (ks->n == E2B_MCP_KEYSTORE_ENTRIES) return E2B_MCP_KS_FULL;
  memset(&ks->e[ks->n], 0, sizeof ks->e[ks->n]);
  memcpy(ks->e[ks->n].subject, subject, sn);
  memcpy(ks->e[ks->n].key, key, kn);
  ks->n++;
  return 0;
}

E2B_MCP_DEF int e2b_mcp_keystore_remove(e2b_mcp_keystore *ks, const char *subject) {
  int i = e2b_mcp__ks_index(ks, subject, strlen(subject));
  if (i < 0) return -1;
  memmove(&ks->e[i], &ks->e[i + 1], (size_t)(ks->n - i - 1) * sizeof ks->e[0]);
  ks->n--;
  memset(&ks->e[ks->n], 0, sizeof ks->e[0]);   /* the key moved down leaves no copy behind */
  return 0;
}

E2B_MCP_DEF int e2b_mcp_keystore_open(e2b_mcp_keystore *ks, const unsigned char mk[32], unsigned char *file, size_t n) {
  unsigned char *p, *end, chk[8];
  size_t pn, head;
  int rc = 0, v1;
  memset(ks, 0, sizeof *ks);
  v1 = n >= 8 && memcmp(file, e2b_mcp__ks_magic1, 8) == 0;
  head = v1 ? 20 : 28;   /* magic (and check), nonce */
  if (n < head + 16 || (!v1 && memcmp(file, e2b_mcp__ks_magic, 8) != 0)) return E2B_MCP_KS_FORMAT;
  if (!v1) {
    e2b_mcp__ks_check(mk, chk);
    if (memcmp(chk, file + 8, 8) != 0) return E2B_MCP_KS_MASTER;
  }
  p = file + head;
  pn = n - head - 16;
  if (e2b_mcp_tls_aes_gcm(0, mk, file + head - 12, file, head - 12, p, pn, file + n - 16) != 0) {
    memset(p, 0, pn);
    return v1 ? E2B_MCP_KS_MASTER : E2B_MCP_KS_ALTERED;   /* a first version's file cannot tell the two apart */
  }
  /* authentic: only now is a byte of it read */
  end = p + pn;
  while (p < end && rc == 0) {
    unsigned char *tab = (unsigned char *)memchr(p, '\t', (size_t)(end - p)), *lf;
    lf = tab ? (unsigned char *)memchr(tab, '\n', (size_t)(end - tab)) : NULL;
    if (!lf) { rc = E2B_MCP_KS_FORMAT; break; }
    *tab = 0; *lf = 0;
    if (!e2b_mcp__ks_ok((const char *)p, (size_t)(tab - p), 0) || !e2b_mcp__ks_ok((const char *)tab + 1, (size_t)(lf - tab - 1), 1)) rc = E2B_MCP_KS_ENTRY;
    else if (e2b_mcp__ks_index(ks, (const char *)p, (size_t)(tab - p)) >= 0) rc = E2B_MCP_KS_FORMAT;   /* one key per subject */
    else rc = e2b_mcp_keystore_set(ks, (const char *)p, (const char *)tab + 1);
    p = lf + 1;
  }
  memset(file + head, 0, pn);   /* the keys in clear stay in the store's slots only */
  if (rc < 0) { memset(ks, 0, sizeof *ks); return rc; }
  return 0;
}

E2B_MCP_DEF long e2b_mcp_keystore_seal(const e2b_mcp_keystore *ks, const unsigned char mk[32], const unsigned char nonce[12],
                                       unsigned char *out, size_t cap) {
  size_t at = 28;
  int i;
  if (cap < E2B_MCP_KEYSTORE_OVERHEAD) return E2B_MCP_KS_ROOM;
  memcpy(out, e2b_mcp__ks_magic, 8);
  e2b_mcp__ks_check(mk, out + 8);
  memcpy(out + 16, nonce, 12);
  for (i = 0; i < ks->n; i++) {
    size_t sn = strlen(ks->e[i].subject), kn = strlen(ks->e[i].key);
    if (at + sn + kn + 2 + 16 > cap) { memset(out + 28, 0, at - 28); return E2B_MCP_KS_ROOM; }
    memcpy(out + at, ks->e[i].subject, sn); at += sn;
    out[at++] = '\t';
    memcpy(out + at, ks->e[i].key, kn); at += kn;
    out[at++] = '\n';
  }
  if (e2b_mcp_tls_aes_gcm(1, mk, out + 16, out, 16, out + 28, at - 28, out + at) != 0) { memset(out, 0, at); return E2B_MCP_KS_MASTER; }
  return (long)(at + 16);
}

E2B_MCP_DEF void e2b_mcp_keystore_fingerprint(const char *key, char out[9]) {
  static const char hex[] = "0123456789abcdef";
  unsigned char h[32];
  e2b_mcp__sha256 c;
  int i;
  e2b_mcp__sha256_init(&c);
  e2b_mcp__sha256_add(&c, key, strlen(key));
  e2b_mcp__sha256_end(&c, h);
  for (i = 0; i < 4; i++) { out[2 * i] = hex[h[i] >> 4]; out[2 * i + 1] = hex[h[i] & 15]; }
  out[8] = 0;
}
#endif
