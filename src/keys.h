#include "config.h"
#include "derived.h"
/* >>keys: the key store -----------------------------------------------------------
   Which E2B team key a caller's calls use, when an access token says who the
   caller is (>>auth): a table from a subject (the token's sub, or the value of
   a claim you choose, e.g. a group or team) to a key, kept in a file encrypted
   at rest with AES-256-GCM through the TLS port (e2b_mcp_tls_aes_gcm, >>ports).
   The file is
     "E2BKEYS2" | check (8) | nonce (12 bytes, random at each write) | ciphertext | tag (16)
   with the magic and the check as associated data; the check (HMAC-SHA256
   of the file key over a label of its own) tells a wrong master secret
   (E2B_MCP_KS_MASTER) from a file altered or cut short (E2B_MCP_KS_ALTERED).
   A file of the first version ("E2BKEYS1" | nonce | ciphertext | tag, the
   magic as associated data) is still read; the plaintext is one
   "subject<TAB>key<LF>" line per entry. The file's key is HMAC-SHA256 of a
   master secret (at least 32 characters, from the environment or a file: the
   binary's E2B_MCP_KEYSTORE_MASTER[_FILE]) over a fixed label. A file altered
   anywhere, or opened with another master secret, is refused as a whole.
   The library holds the format, no file I/O: the caller reads the file into
   a buffer of its own (decrypted there in place, then wiped), entries go into
   the fixed slots of an e2b_mcp_keystore (E2B_MCP_KEYSTORE_ENTRIES, each a
   subject of E2B_MCP_SUBJECT_MAX and a key of E2B_MCP_KEY_MAX bytes), and a
   store is written back into a buffer the caller then writes out.
   Compiled in with E2B_MCP_KEYSTORE (>>config). */
#if E2B_MCP_KEYSTORE
typedef struct e2b_mcp_keystore_entry {
  char subject[E2B_MCP_SUBJECT_MAX];
  char key[E2B_MCP_KEY_MAX];
} e2b_mcp_keystore_entry;
typedef struct e2b_mcp_keystore {
  int n;                      /* entries in e[0..n) */
  e2b_mcp_keystore_entry e[E2B_MCP_KEYSTORE_ENTRIES];
} e2b_mcp_keystore;

#define E2B_MCP_KEYSTORE_OVERHEAD (8 + 8 + 12 + 16)   /* magic, check, nonce, tag */
/* The largest file a full store makes: a buffer this large reads any. */
#define E2B_MCP_KEYSTORE_FILE_MAX (E2B_MCP_KEYSTORE_OVERHEAD + (size_t)E2B_MCP_KEYSTORE_ENTRIES * (E2B_MCP_SUBJECT_MAX + E2B_MCP_KEY_MAX))

#define E2B_MCP__KS_ERRORS(X) \
  X(OK,      0, "ok") \
  X(FORMAT, -1, "not a key store file (it does not start with E2BKEYS2 or E2BKEYS1, or is too short to be one)") \
  X(MASTER, -2, "the key store cannot be opened with this master secret (it was sealed with another)") \
  X(FULL,   -3, "the key store has more entries than this build holds (E2B_MCP_KEYSTORE_ENTRIES)") \
  X(ENTRY,  -4, "a subject or key is empty, too long, or has a character it may not (a tab, a line break, a control character; a key: a space)") \
  X(ROOM,   -5, "the buffer is too small for the key store") \
  X(SECRET, -6, "the master secret is shorter than 32 characters (make one with: openssl rand -hex 32)") \
  X(ALTERED, -7, "the key store file was altered or cut short (the master secret is the right one): restore it from a copy")
enum e2b_mcp_keystore_err {
#define E2B_MCP__KS_ENUM(name, code, text) E2B_MCP_KS_##name = code,
  E2B_MCP__KS_ERRORS(E2B_MCP__KS_ENUM)
#undef E2B_MCP__KS_ENUM
  E2B_MCP_KS__LAST = -8
};

/* The file key from the master secret secret[0..n): 0, or E2B_MCP_KS_SECRET. */
E2B_MCP_DEF int  e2b_mcp_keystore_master(unsigned char mk[32], const char *secret, size_t n);
/* Opens the store file file[0..n) (decrypted in place, then wiped) into ks:
   0, or an E2B_MCP_KS_* error (ks is then empty). */
E2B_MCP_DEF int  e2b_mcp_keystore_open(e2b_mcp_keystore *ks, const unsigned char mk[32], unsigned char *file, size_t n);
/* Writes ks as a store file into out[0..cap), under nonce[12] (random, never
   used before with this master secret): its length, or an E2B_MCP_KS_* error. */
E2B_MCP_DEF long e2b_mcp_keystore_seal(const e2b_mcp_keystore *ks, const unsigned char mk[32], const unsigned char nonce[12],
                                       unsigned char *out, size_t cap);
/* Sets subject's key (1: replaced, 0: added) or removes it (0, or -1 when it
   had none); E2B_MCP_KS_ENTRY or E2B_MCP_KS_FULL when it cannot. */
E2B_MCP_DEF int  e2b_mcp_keystore_set(e2b_mcp_keystore *ks, const char *subject, const char *key);
E2B_MCP_DEF int  e2b_mcp_keystore_remove(e2b_mcp_keystore *ks, const char *subject);
/* The key of subject[0..n), or NULL. */
E2B_MCP_DEF const char *e2b_mcp_keystore_find(const e2b_mcp_keystore *ks, const char *subject, size_t n);
/* A short fingerprint of a key to show instead of it: 8 hex digits of its SHA-256. */
E2B_MCP_DEF void e2b_mcp_keystore_fingerprint(const char *key, char out[9]);
E2B_MCP_DEF const char *e2b_mcp_keystore_strerror(int err);
#endif
