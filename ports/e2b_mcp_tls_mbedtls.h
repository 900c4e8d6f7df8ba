/* ports/e2b_mcp_tls_mbedtls.h - the mbedTLS 2.28 TLS port of e2b_mcp.h.

   Selected with E2B_MCP_TLS_MBEDTLS; link -lmbedtls -lmbedx509 -lmbedcrypto (Debian:
   libmbedtls-dev 2.28, Debian 12's version; TLS 1.2). e2b_mcp.h includes this
   file once, where its TLS port contract is (>>ports): the two types for every file,
   and in the file that defines E2B_MCP_IMPLEMENTATION the contract's functions
   (e2b_mcp_tls_trust_init, _start, _handshake, _send, _flush, _recv, _close; none
   waits). It uses only the header's public part. The port does not own the socket: mbedTLS's BIO callbacks
   call the socket port's non-blocking send and recv, and E2B_MCP_ERR_AGAIN becomes
   mbedTLS's WANT_WRITE / WANT_READ (e2b_mcp_tls.want tells the library which).

   HEAP, HONESTLY
      The contexts below live in the caller's e2b_mcp_server, but mbedTLS 2.28 itself
      allocates on the heap (calloc): its two 16 KB record buffers (mbedtls_ssl_setup), every parsed
      certificate (the trust store and the peer's chain), the handshake state and the
      saved session. ~50 KB per connection at the peak of a handshake, plus the trust
      store (~200 KB for Debian's 144 roots); each call slot that was used keeps its
      connection's contexts and record buffers (~33 KB) for the next call, so a server
      that ran E2B_MCP_CALLS calls at once holds about that many times 33 KB. Debian's build leaves MBEDTLS_MEMORY_BUFFER_ALLOC_C and
      MBEDTLS_PLATFORM_MEMORY off, so those allocations cannot be routed to a static
      pool there. With an mbedTLS that has MBEDTLS_MEMORY_BUFFER_ALLOC_C, define
      E2B_MCP_TLS_MBEDTLS_POOL (bytes) and e2b_mcp_tls_trust_init hands mbedTLS a pool
      inside e2b_mcp_tls_trust (untested here: Debian cannot build it). The BearSSL port
      is the zero-allocation one.

   WHAT IS CHECKED, ALWAYS (there is no switch that turns it off)
      MBEDTLS_SSL_VERIFY_REQUIRED: the chain up to a trust anchor, the host name (and
      SNI is sent, mbedtls_ssl_set_hostname), validity dates. The verify flags map to
      E2B_MCP_ERR_TLS_UNTRUSTED (NOT_TRUSTED), _TLS_EXPIRED (EXPIRED, FUTURE), _TLS_NAME
      (CN_MISMATCH), in that order of precedence; e2b_mcp_tls.last_error keeps mbedTLS's
      code. Certificate time is the system clock (mbedtls_time): Debian's build has no
      MBEDTLS_PLATFORM_TIME_ALT, so E2B_MCP_NOW_S() is not used by this port.

   TRUST ANCHORS (e2b_mcp_tls_trust_init)
      ca_file  a PEM file, read in 256-byte chunks; each certificate block is collected
               (at most E2B_MCP_TLS_PEM_MAX bytes, on the stack) and parsed on its own
      NULL     E2B_MCP_TLS_ANCHORS_PEM when defined (PEM text compiled in), else the
               system bundle E2B_MCP_TLS_SYSTEM_CA_FILE
      Certificates mbedTLS cannot parse are skipped; none at all is E2B_MCP_ERR_TLS_TRUST.

   SESSIONS
      The last session (ID or ticket), kept in e2b_mcp_tls_trust and shared by every
      connection, is offered again to the same host. handshakes
      counts full handshakes, resumed abbreviated ones (told apart by whether the
      handshake went through the server-certificate state).

   CONFIG MACROS (define before including e2b_mcp.h): E2B_MCP_TLS_PEM_MAX,
      _SYSTEM_CA_FILE, _ANCHORS_PEM, _NO_FILE and _MBEDTLS_POOL (see HEAP above), each
      documented once, with its default, in e2b_mcp.h's >>config (src/config.h). */

/* ------------------------------------------------------------------------------
   Types: included from e2b_mcp.h's declarations region. */
#ifndef E2B_MCP_TLS_MBEDTLS_TYPES
#define E2B_MCP_TLS_MBEDTLS_TYPES

#include <mbedtls/version.h>
#if MBEDTLS_VERSION_NUMBER >= 0x03000000
#  error "ports/e2b_mcp_tls_mbedtls.h targets mbedTLS 2.28 (Debian 12); 3.x moved the fields it reads and needs psa_crypto_init()"
#endif
#include <mbedtls/ssl.h>
#include <mbedtls/entropy.h>
#include <mbedtls/ctr_drbg.h>
#include <mbedtls/x509_crt.h>
#include <mbedtls/net_sockets.h>
#if defined(E2B_MCP_TLS_MBEDTLS_POOL) && defined(MBEDTLS_MEMORY_BUFFER_ALLOC_C)
#  include <mbedtls/memory_buffer_alloc.h>
#endif


/* Trust anchors, parsed once at start-up and shared by every connection. */
typedef struct e2b_mcp_tls_trust {
  mbedtls_x509_crt chain;
  int n;                                /* certificates parsed */
  int ready;                            /* chain initialised (it owns heap memory) */
  mbedtls_ssl_session sess;             /* the last session, offered again to sess_host */
  char sess_host[E2B_MCP_HOST_MAX];
  int have_sess;
  unsigned long handshakes;             /* full handshakes, all connections */
  unsigned long resumed;                /* abbreviated handshakes (session resumed) */
#if defined(E2B_MCP_TLS_MBEDTLS_POOL) && defined(MBEDTLS_MEMORY_BUFFER_ALLOC_C)
  unsigned char pool[E2B_MCP_TLS_MBEDTLS_POOL];
#endif
} e2b_mcp_tls_trust;

/* One TLS connection over one socket. All zero is a valid initial state. */
typedef struct e2b_mcp_tls {
  mbedtls_ssl_context ssl;
  mbedtls_ssl_config conf;
  mbedtls_entropy_context entropy;
  mbedtls_ctr_drbg_context drbg;
  char host[E2B_MCP_HOST_MAX];          /* the server's name, checked against its certificate */
  int ready;                            /* contexts initialised, conf and ssl set up */
  int open;                             /* a handshake succeeded; not yet closed */
  int full;                             /* this handshake went through the server's certificate */
  int want;                             /* after E2B_MCP_ERR_AGAIN: E2B_MCP_WANT_READ or _WRITE */
  int last_error;                       /* mbedTLS's code of the last failure */
  /* what the BIO callbacks use during one call */
  void *io_sock;
  int io_err;
} e2b_mcp_tls;

#endif /* E2B_MCP_TLS_MBEDTLS_TYPES */

/* ------------------------------------------------------------------------------
   Implementation: in the file that defines E2B_MCP_IMPLEMENTATION. */
#if defined(E2B_MCP_IMPLEMENTATION) && !defined(E2B_MCP_TLS_MBEDTLS_IMPL)
#define E2B_MCP_TLS_MBEDTLS_IMPL

#include <string.h>

/* ---- Trust anchors: PEM blocks, one certificate at a time ---------------------- */

typedef struct e2b_mcp__mb_loader {
  e2b_mcp_tls_trust *tr;
  char line[80];                        /* the current line outside a block (truncated) */
  size_t line_len;
  int in_block, too_long;
  size_t len, line_start;               /* the block collected so far in pem[] */
  char pem[E2B_MCP_TLS_PEM_MAX + 1];
} e2b_mcp__mb_loader;

static void e2b_mcp__mb_line(e2b_mcp__mb_loader *ld) {
  static const char begin[] = "-----BEGIN CERTIFICATE-----";
  static const char begin_x509[] = "-----BEGIN X509 CERTIFICATE-----";
  static const char end[] = "-----END ";
  if (!ld->in_block) {
    if ((ld->line_len >= sizeof begin - 1 && memcmp(ld->line, begin, sizeof begin - 1) == 0) ||
        (ld->line_len >= sizeof begin_x509 - 1 && memcmp(ld->line, begin_x509, sizeof begin_x509 - 1) == 0)) {
      memcpy(ld->pem, begin, sizeof begin - 1);     /* mbedTLS knows the plain label */
      ld->pem[sizeof begin - 1] = '\n';
      ld->len = sizeof begin;
      ld->in_block = 1;
      ld->too_long = 0;
    }
  } else if (ld->len - ld->line_start >= sizeof end - 1 &&
             memcmp(ld->pem + ld->line_start, end, sizeof end - 1) == 0) {
    /* "-----END X509 CERTIFICATE-----" becomes the label mbedTLS expects. */
    static const char end_cert[] = "-----END CERTIFICATE-----\n";
    ld->in_block = 0;
    if (ld->too_long || ld->line_start + sizeof end_cert > sizeof ld->pem) return;
    memcpy(ld->pem + ld->line_start, end_cert, sizeof end_cert);    /* with the NUL */
    if (mbedtls_x509_crt_parse(&ld->tr->chain, (const unsigned char *)ld->pem,
                               ld->line_start + sizeof end_cert) == 0)
      ld->tr->n++;                      /* certificates mbedTLS cannot parse are skipped */
  }
}

static void e2b_mcp__mb_push(e2b_mcp__mb_loader *ld, const unsigned char *p, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) {
    char c = (char)p[i];
    if (c == '\r') continue;
    if (ld->in_block) {
      if (ld->len < E2B_MCP_TLS_PEM_MAX) ld->pem[ld->len++] = c; else ld->too_long = 1;
      if (c == '\n') { e2b_mcp__mb_line(ld); ld->line_start = ld->len; }
    } else if (c == '\n') {
      e2b_mcp__mb_line(ld);
      ld->line_len = 0;
      ld->line_start = ld->len;
    } else if (ld->line_len < sizeof ld->line) {
      ld->line[ld->line_len++] = c;
    }
  }
}

/* A file through the PEM splitter, in e2b_mcp.h's small chunks; 0 or -1. */
static int e2b_mcp__mb_push_cb(void *ld, const unsigned char *p, size_t n) {
  e2b_mcp__mb_push((e2b_mcp__mb_loader *)ld, p, n);
  return 0;
}
static int e2b_mcp__mb_file(e2b_mcp__mb_loader *ld, const char *path) {
  return e2b_mcp_file_stream(path, e2b_mcp__mb_push_cb, ld);
}

static int e2b_mcp_tls_trust_init(e2b_mcp_tls_trust *tr, const char *ca_file) {
  e2b_mcp__mb_loader ld;
  int rc;
#if defined(E2B_MCP_TLS_MBEDTLS_POOL) && defined(MBEDTLS_MEMORY_BUFFER_ALLOC_C)
  if (!tr->ready) mbedtls_memory_buffer_alloc_init(tr->pool, sizeof tr->pool);
#endif
  if (tr->ready) { mbedtls_x509_crt_free(&tr->chain); mbedtls_ssl_session_free(&tr->sess); }
  mbedtls_x509_crt_init(&tr->chain);
  mbedtls_ssl_session_init(&tr->sess);
  tr->have_sess = 0;
  tr->ready = 1;
  tr->n = 0;
  memset(&ld, 0, sizeof ld);
  ld.tr = tr;
#ifdef E2B_MCP_TLS_ANCHORS_PEM
  if (!ca_file) {
    const char *pem = E2B_MCP_TLS_ANCHORS_PEM;
    e2b_mcp__mb_push(&ld, (const unsigned char *)pem, strlen(pem));
    rc = 0;
  } else
#endif
  rc = e2b_mcp__mb_file(&ld, ca_file ? ca_file : E2B_MCP_TLS_SYSTEM_CA_FILE);
  /* a last line without its newline still ends the block */
  if (rc == 0) e2b_mcp__mb_push(&ld, (const unsigned char *)"\n", 1);
  if (rc != 0 || tr->n == 0) return E2B_MCP_ERR_TLS_TRUST;
  return tr->n;
}

/* ---- BIO: the socket port under mbedTLS ------------------------------------------ */

static int e2b_mcp__mb_send(void *ctx, const unsigned char *p, size_t n) {
  e2b_mcp_tls *t = (e2b_mcp_tls *)ctx;
  e2b_mcp_sock *s = (e2b_mcp_sock *)t->io_sock;
  int r = s->port->send(s->port->user, s, p, n);
  if (r > 0) return r;
  if (r == E2B_MCP_ERR_AGAIN) { t->want = E2B_MCP_WANT_WRITE; return MBEDTLS_ERR_SSL_WANT_WRITE; }
  t->io_err = r < 0 ? r : E2B_MCP_ERR_RESET;
  return MBEDTLS_ERR_NET_SEND_FAILED;
}

static int e2b_mcp__mb_recv(void *ctx, unsigned char *p, size_t n) {
  e2b_mcp_tls *t = (e2b_mcp_tls *)ctx;
  e2b_mcp_sock *s = (e2b_mcp_sock *)t->io_sock;
  int r = s->port->recv(s->port->user, s, p, n);
  if (r >= 0) return r;                 /* 0: end of stream */
  if (r == E2B_MCP_ERR_AGAIN) { t->want = E2B_MCP_WANT_READ; return MBEDTLS_ERR_SSL_WANT_READ; }
  t->io_err = r;
  return MBEDTLS_ERR_NET_RECV_FAILED;
}

/* mbedTLS's code -> E2B_MCP_ERR_*. A socket failure keeps the socket port's reason. */
static int e2b_mcp__mb_map(e2b_mcp_tls *t, int r) {
  if (r == MBEDTLS_ERR_SSL_WANT_READ || r == MBEDTLS_ERR_SSL_WANT_WRITE) {
    if (!t->want) t->want = r == MBEDTLS_ERR_SSL_WANT_READ ? E2B_MCP_WANT_READ : E2B_MCP_WANT_WRITE;
    return E2B_MCP_ERR_AGAIN;
  }
  t->last_error = r;
  if (r == MBEDTLS_ERR_X509_CERT_VERIFY_FAILED) {
    uint32_t f = mbedtls_ssl_get_verify_result(&t->ssl);
    if (f & MBEDTLS_X509_BADCERT_NOT_TRUSTED) return E2B_MCP_ERR_TLS_UNTRUSTED;
    if (f & (MBEDTLS_X509_BADCERT_EXPIRED | MBEDTLS_X509_BADCERT_FUTURE)) return E2B_MCP_ERR_TLS_EXPIRED;
    if (f & MBEDTLS_X509_BADCERT_CN_MISMATCH) return E2B_MCP_ERR_TLS_NAME;
    return E2B_MCP_ERR_TLS_UNTRUSTED;
  }
  if ((r == MBEDTLS_ERR_NET_SEND_FAILED || r == MBEDTLS_ERR_NET_RECV_FAILED) && t->io_err < 0)
    return t->io_err;
  if (r == MBEDTLS_ERR_SSL_CONN_EOF || r == MBEDTLS_ERR_SSL_PEER_CLOSE_NOTIFY) return E2B_MCP_ERR_CLOSED;
  return E2B_MCP_ERR_TLS;
}

static void e2b_mcp__mb_io(e2b_mcp_tls *t, e2b_mcp_sock *s) {
  t->io_sock = s;
  t->io_err = 0;
  t->want = 0;
}

/* ---- The port functions -------------------------------------------------------- */

static int e2b_mcp_tls_start(e2b_mcp_tls *t, e2b_mcp_tls_trust *tr, const char *host) {
  static const char pers[] = "e2b_mcp.h";
  size_t hl = host ? strlen(host) : 0;
  int r;
  t->open = t->full = t->want = 0;
  t->last_error = 0;
  if (hl == 0 || hl >= sizeof t->host) return E2B_MCP_ERR_TLS_NAME;
  if (!tr || tr->n == 0) return E2B_MCP_ERR_TLS_TRUST;
  memcpy(t->host, host, hl + 1);
  if (!t->ready) {
    mbedtls_ssl_init(&t->ssl);
    mbedtls_ssl_config_init(&t->conf);
    mbedtls_entropy_init(&t->entropy);
    mbedtls_ctr_drbg_init(&t->drbg);
    r = mbedtls_ctr_drbg_seed(&t->drbg, mbedtls_entropy_func, &t->entropy,
                              (const unsigned char *)pers, sizeof pers - 1);
    if (r == 0)
      r = mbedtls_ssl_config_defaults(&t->conf, MBEDTLS_SSL_IS_CLIENT, MBEDTLS_SSL_TRANSPORT_STREAM,
                                      MBEDTLS_SSL_PRESET_DEFAULT);
    if (r == 0) {
      mbedtls_ssl_conf_authmode(&t->conf, MBEDTLS_SSL_VERIFY_REQUIRED);
      mbedtls_ssl_conf_min_version(&t->conf, MBEDTLS_SSL_MAJOR_VERSION_3, MBEDTLS_SSL_MINOR_VERSION_3);
      mbedtls_ssl_conf_rng(&t->conf, mbedtls_ctr_drbg_random, &t->drbg);
      r = mbedtls_ssl_setup(&t->ssl, &t->conf);
    }
    if (r != 0) {
      mbedtls_ssl_free(&t->ssl);
      mbedtls_ssl_config_free(&t->conf);
      mbedtls_ctr_drbg_free(&t->drbg);
      mbedtls_entropy_free(&t->entropy);
      t->last_error = r;
      return E2B_MCP_ERR_TLS;
    }
    t->ready = 1;
  } else if ((r = mbedtls_ssl_session_reset(&t->ssl)) != 0) {
    t->last_error = r;
    return E2B_MCP_ERR_TLS;
  }
  mbedtls_ssl_conf_ca_chain(&t->conf, &tr->chain, NULL);
  if ((r = mbedtls_ssl_set_hostname(&t->ssl, host)) != 0) return e2b_mcp__mb_map(t, r);
  mbedtls_ssl_set_bio(&t->ssl, t, e2b_mcp__mb_send, e2b_mcp__mb_recv, NULL);
  if (tr->have_sess && strcmp(tr->sess_host, host) == 0) (void)mbedtls_ssl_set_session(&t->ssl, &tr->sess);
  return 0;
}

static int e2b_mcp_tls_handshake(e2b_mcp_tls *t, e2b_mcp_tls_trust *tr, e2b_mcp_sock *s) {
  int r = 0;
  e2b_mcp__mb_io(t, s);
  /* Step by step, to see whether the server sent its certificate (a full handshake)
     or went straight to ChangeCipherSpec (the session was resumed). */
  while (t->ssl.state != MBEDTLS_SSL_HANDSHAKE_OVER) {
    if (t->ssl.state == MBEDTLS_SSL_SERVER_CERTIFICATE) t->full = 1;
    r = mbedtls_ssl_handshake_step(&t->ssl);
    if (r != 0) break;
  }
  if (r == MBEDTLS_ERR_SSL_WANT_READ || r == MBEDTLS_ERR_SSL_WANT_WRITE) return e2b_mcp__mb_map(t, r);
  if (r != 0) {
    if (tr->have_sess && strcmp(tr->sess_host, t->host) == 0) tr->have_sess = 0;   /* never resume after a failure */
    return e2b_mcp__mb_map(t, r);
  }
  if (t->full) tr->handshakes++; else tr->resumed++;
  mbedtls_ssl_session_free(&tr->sess);
  mbedtls_ssl_session_init(&tr->sess);
  tr->have_sess = mbedtls_ssl_get_session(&t->ssl, &tr->sess) == 0;
  memcpy(tr->sess_host, t->host, strlen(t->host) + 1);
  t->open = 1;
  return 0;
}

/* mbedTLS writes whole records at once: what it took is on its way, so flush
   has nothing left to push. A write that said WANT_WRITE is repeated with the
   same bytes, as mbedTLS asks. */
static int e2b_mcp_tls_send(e2b_mcp_tls *t, e2b_mcp_sock *s, const unsigned char *p, size_t n) {
  int r;
  if (!t->open) return E2B_MCP_ERR_CLOSED;
  if (n > 0x7fffffff) n = 0x7fffffff;
  e2b_mcp__mb_io(t, s);
  r = mbedtls_ssl_write(&t->ssl, p, n);
  if (r >= 0) return r;
  r = e2b_mcp__mb_map(t, r);
  if (r != E2B_MCP_ERR_AGAIN) t->open = 0;
  return r;
}

static int e2b_mcp_tls_flush(e2b_mcp_tls *t, e2b_mcp_sock *s) {
  (void)s;
  return t->open ? 0 : E2B_MCP_ERR_CLOSED;
}

static int e2b_mcp_tls_recv(e2b_mcp_tls *t, e2b_mcp_sock *s, unsigned char *p, size_t n) {
  int r;
  if (!t->open) return 0;
  if (n > 0x7fffffff) n = 0x7fffffff;
  e2b_mcp__mb_io(t, s);
  r = mbedtls_ssl_read(&t->ssl, p, n);
  if (r > 0) return r;
  if (r == MBEDTLS_ERR_SSL_WANT_READ || r == MBEDTLS_ERR_SSL_WANT_WRITE) return e2b_mcp__mb_map(t, r);
  t->open = 0;
  /* Only close_notify is a clean end (0). mbedtls_ssl_read's 0 is a TCP EOF without
     it, maybe a cut (RFC 9112 9.8: it must not complete a response whose end is the
     close): E2B_MCP_ERR_CLOSED, which e2b_mcp.h treats as the end of the stream
     everywhere else. */
  if (r == MBEDTLS_ERR_SSL_PEER_CLOSE_NOTIFY) return 0;
  if (r == 0 || r == MBEDTLS_ERR_SSL_CONN_EOF) return E2B_MCP_ERR_CLOSED;
  return e2b_mcp__mb_map(t, r);
}

static void e2b_mcp_tls_close(e2b_mcp_tls *t, e2b_mcp_sock *s) {
  if (t->open) {
    e2b_mcp__mb_io(t, s);               /* close_notify, best effort: no waiting */
    (void)mbedtls_ssl_close_notify(&t->ssl);
  }
  t->open = 0;
}

/* ---- Signatures of access tokens (E2B_MCP_AUTH): mbedTLS's RSA and ECDSA ---- */
#if E2B_MCP_AUTH
#include <mbedtls/rsa.h>
#include <mbedtls/ecdsa.h>
static int e2b_mcp_tls_rsa_verify(const unsigned char *n, size_t nlen, const unsigned char *e, size_t elen,
                                  const unsigned char hash[32], const unsigned char *sig, size_t slen) {
  mbedtls_rsa_context r;
  int rc;
  mbedtls_rsa_init(&r, MBEDTLS_RSA_PKCS_V15, 0);
  rc = mbedtls_rsa_import_raw(&r, n, nlen, NULL, 0, NULL, 0, NULL, 0, e, elen);
  if (rc == 0) rc = mbedtls_rsa_complete(&r);
  if (rc == 0) rc = mbedtls_rsa_check_pubkey(&r);
  if (rc == 0 && slen != mbedtls_rsa_get_len(&r)) rc = -1;
  if (rc == 0) rc = mbedtls_rsa_pkcs1_verify(&r, NULL, NULL, MBEDTLS_RSA_PUBLIC, MBEDTLS_MD_SHA256, 32, hash, sig);
  mbedtls_rsa_free(&r);
  return rc == 0 ? 0 : -1;
}
static int e2b_mcp_tls_p256_verify(const unsigned char q[65], const unsigned char hash[32], const unsigned char sig[64]) {
  mbedtls_ecp_group g;
  mbedtls_ecp_point pt;
  mbedtls_mpi r, s;
  int rc;
  mbedtls_ecp_group_init(&g); mbedtls_ecp_point_init(&pt); mbedtls_mpi_init(&r); mbedtls_mpi_init(&s);
  rc = mbedtls_ecp_group_load(&g, MBEDTLS_ECP_DP_SECP256R1);
  if (rc == 0) rc = mbedtls_ecp_point_read_binary(&g, &pt, q, 65);
  if (rc == 0) rc = mbedtls_ecp_check_pubkey(&g, &pt);
  if (rc == 0) rc = mbedtls_mpi_read_binary(&r, sig, 32);
  if (rc == 0) rc = mbedtls_mpi_read_binary(&s, sig + 32, 32);
  if (rc == 0) rc = mbedtls_ecdsa_verify(&g, hash, 32, &pt, &r, &s);
  mbedtls_mpi_free(&s); mbedtls_mpi_free(&r); mbedtls_ecp_point_free(&pt); mbedtls_ecp_group_free(&g);
  return rc == 0 ? 0 : -1;
}
#endif

/* ---- The key store's AES-256-GCM (E2B_MCP_KEYSTORE): mbedTLS's gcm ---- */
#if E2B_MCP_KEYSTORE
#include <mbedtls/gcm.h>
static int e2b_mcp_tls_aes_gcm(int enc, const unsigned char key[32], const unsigned char iv[12], const unsigned char *aad, size_t aadn,
                               unsigned char *p, size_t n, unsigned char tag[16]) {
  mbedtls_gcm_context g;
  int rc;
  mbedtls_gcm_init(&g);
  rc = mbedtls_gcm_setkey(&g, MBEDTLS_CIPHER_ID_AES, key, 256);
  if (rc == 0) rc = enc ? mbedtls_gcm_crypt_and_tag(&g, MBEDTLS_GCM_ENCRYPT, n, iv, 12, aad, aadn, p, p, 16, tag)
                        : mbedtls_gcm_auth_decrypt(&g, n, iv, 12, aad, aadn, tag, 16, p, p);
  mbedtls_gcm_free(&g);   /* zeroes the context */
  return rc == 0 ? 0 : -1;
}
#endif

#endif /* E2B_MCP_IMPLEMENTATION */
