/* ports/e2b_mcp_tls_bearssl.h - the BearSSL TLS port of e2b_mcp.h (the default TLS port).

   Selected with E2B_MCP_TLS_BEARSSL; link -lbearssl (Debian: libbearssl-dev, 0.6).
   e2b_mcp.h includes this file once, where its TLS port contract is (>>ports): the two
   types below for every file (their storage lives inside the caller's e2b_mcp_server:
   no malloc, ever), and in the file that defines E2B_MCP_IMPLEMENTATION the contract's
   functions (e2b_mcp_tls_trust_init, _start, _handshake, _send, _flush, _recv,
   _close; none waits). It uses only the header's public part. The port does not own
   the socket: it pumps the BearSSL engine's record buffers through the socket port's
   non-blocking send and recv, and tells after E2B_MCP_ERR_AGAIN what the socket must
   become (e2b_mcp_tls.want); it takes certificate time from E2B_MCP_NOW_S().

   WHAT IS CHECKED, ALWAYS (there is no switch that turns it off)
      the chain up to a trust anchor, the host name (and SNI is sent), validity dates.
      Failures map to E2B_MCP_ERR_TLS_UNTRUSTED / _TLS_EXPIRED / _TLS_NAME, anything
      else in the handshake to E2B_MCP_ERR_TLS; BearSSL's own code is kept in
      e2b_mcp_tls.last_error. No application byte is written before the handshake,
      and with it the verification, has succeeded.

   TRUST ANCHORS (e2b_mcp_tls_trust_init)
      ca_file           a PEM file (one or many certificates), read in 256-byte chunks
                        and decoded into the arena inside e2b_mcp_tls_trust
      NULL              E2B_MCP_TLS_ANCHORS (+ _NUM) when defined: a const
                        br_x509_trust_anchor array as `brssl ta` prints it (TAs /
                        TAs_NUM) - it stays in flash, the arena is not used;
                        else E2B_MCP_TLS_ANCHORS_PEM when defined: PEM text compiled in;
                        else the system bundle E2B_MCP_TLS_SYSTEM_CA_FILE.
      The arrays these macros name must be declared before e2b_mcp.h's implementation
      is included. An arena or slot table too small for the file is an error at start-up
      (E2B_MCP_ERR_TLS_TRUST, with e2b_mcp_tls_trust.dropped > 0), never a silently
      shortened trust store.

   SESSIONS
      One e2b_mcp_tls is one connection. The parameters of the last session are kept in
      e2b_mcp_tls_trust, shared by all connections, and every new connection to the same
      host offers them (an abbreviated handshake when the server still knows the
      session). e2b_mcp_tls_trust.handshakes counts full handshakes, .resumed
      abbreviated ones.

   CONFIG MACROS (define before including e2b_mcp.h): E2B_MCP_TLS_BUFSIZE,
      _MAX_ANCHORS, _TRUST_ARENA, _BEARSSL_MINIMAL, _SYSTEM_CA_FILE, _ANCHORS and
      _ANCHORS_NUM, _ANCHORS_PEM, _NO_FILE, _ENTROPY(buf, n) and E2B_MCP_NOW_S(), each
      documented once, with its default, in e2b_mcp.h's >>config (src/config.h).
      Time: E2B_MCP_NOW_S() (Unix seconds; time(NULL) unless defined) is given to the
      X.509 engine before every handshake; when it is 0 BearSSL falls back to time()
      (BR_USE_UNIX_TIME), and a board without either fails with E2B_MCP_ERR_TLS
      (BR_ERR_X509_TIME_UNKNOWN).

   TLS 1.2 only (BearSSL has no 1.3; 1.0/1.1 are refused, RFC 8996).

   RAM (x86-64): e2b_mcp_tls ~24 KB per connection (16,709 buffer + 3,720 client +
   3,168 X.509); e2b_mcp_tls_trust 10 KB of slots + the arena + one session; ~7.5 KB of stack at the peak
   of a handshake (valgrind massif, with the test harness); no heap. */

/* ------------------------------------------------------------------------------
   Types: included from e2b_mcp.h's declarations region. */
#ifndef E2B_MCP_TLS_BEARSSL_TYPES
#define E2B_MCP_TLS_BEARSSL_TYPES

#include <bearssl.h>

#if defined(E2B_MCP_TLS_ANCHORS) && !defined(E2B_MCP_TLS_ANCHORS_NUM)
#  error "E2B_MCP_TLS_ANCHORS needs E2B_MCP_TLS_ANCHORS_NUM (brssl ta prints TAs and TAs_NUM)"
#endif

/* Trust anchors, decoded once at start-up and shared by every connection. */
typedef struct e2b_mcp_tls_trust {
  const br_x509_trust_anchor *ta;       /* the anchors in use: slot[] or compiled in */
  size_t nta;
  size_t dropped;                       /* certificates that did not fit (an error) */
  size_t used;                          /* bytes of arena[] in use */
  br_x509_trust_anchor slot[E2B_MCP_TLS_MAX_ANCHORS];
  unsigned char arena[E2B_MCP_TLS_TRUST_ARENA];   /* names and keys slot[] points to */
  /* The last session, offered again by every connection to sess_host. */
  br_ssl_session_parameters sess;
  char sess_host[E2B_MCP_HOST_MAX];
  int have_sess;
  unsigned long handshakes;             /* full handshakes, all connections */
  unsigned long resumed;                /* abbreviated handshakes (session resumed) */
} e2b_mcp_tls_trust;

/* E2B_MCP_TLS_LEND: the X.509 context lives in memory the connection's
   caller lends for the handshake (e2b_mcp_tls_lend): this much, for the
   context aligned within it. */
#if E2B_MCP_TLS_LEND
#  if E2B_MCP_REDIS
#    error "E2B_MCP_TLS_LEND: rediss:// has no buffer to lend the X.509 context; define E2B_MCP_TLS_LEND 0"
#  endif
#  define E2B_MCP__TLS_LEND_ROOM (sizeof(br_x509_minimal_context) + 8)
#endif

/* One TLS connection over one socket. All zero is a valid initial state. */
typedef struct e2b_mcp_tls {
  br_ssl_client_context sc;
  br_x509_minimal_context *xc;          /* during a handshake: own_xc, or in the lent memory */
#if E2B_MCP_TLS_LEND
  unsigned char *lent;                  /* what the next handshake may use (e2b_mcp_tls_lend) */
  size_t lent_n;
#else
  br_x509_minimal_context own_xc;
#endif
  char host[E2B_MCP_HOST_MAX];          /* the server's name, checked against its certificate */
  unsigned char offered[32];            /* the session ID offered for resumption */
  size_t offered_len;
  int open;                             /* a handshake succeeded; not yet closed */
  int want;                             /* after E2B_MCP_ERR_AGAIN: E2B_MCP_WANT_READ or _WRITE */
  int last_error;                       /* BearSSL's code of the last failure (BR_ERR_*) */
  unsigned char buf[E2B_MCP_TLS_BUFSIZE];
} e2b_mcp_tls;

#endif /* E2B_MCP_TLS_BEARSSL_TYPES */

/* ------------------------------------------------------------------------------
   Implementation: in the file that defines E2B_MCP_IMPLEMENTATION. */
#if defined(E2B_MCP_IMPLEMENTATION) && !defined(E2B_MCP_TLS_BEARSSL_IMPL)
#define E2B_MCP_TLS_BEARSSL_IMPL

#include <string.h>
#include <time.h>   /* E2B_MCP_NOW_S()'s default */

/* ---- Trust anchors: PEM -> br_x509_trust_anchor, in the caller's arena -------- */

typedef struct e2b_mcp__br_loader {
  e2b_mcp_tls_trust *tr;
  br_pem_decoder_context pem;
  br_x509_decoder_context x509;
  size_t mark;                          /* arena use when the current certificate began */
  int in_cert, full;
} e2b_mcp__br_loader;

static unsigned char *e2b_mcp__br_alloc(e2b_mcp__br_loader *ld, size_t n) {
  e2b_mcp_tls_trust *tr = ld->tr;
  unsigned char *p;
  if (n > sizeof tr->arena - tr->used) { ld->full = 1; return NULL; }
  p = tr->arena + tr->used;
  tr->used += n;
  return p;
}

/* The X.509 decoder hands over the subject DN in pieces: it goes straight to the arena. */
static void e2b_mcp__br_dn(void *ctx, const void *buf, size_t len) {
  e2b_mcp__br_loader *ld = (e2b_mcp__br_loader *)ctx;
  unsigned char *p = e2b_mcp__br_alloc(ld, len);
  if (p) memcpy(p, buf, len);
}

static void e2b_mcp__br_der(void *ctx, const void *buf, size_t len) {
  br_x509_decoder_push((br_x509_decoder_context *)ctx, buf, len);
}

/* A certificate ended: keep it as an anchor, or give its arena bytes back. */
static void e2b_mcp__br_add(e2b_mcp__br_loader *ld) {
  e2b_mcp_tls_trust *tr = ld->tr;
  br_x509_pkey *pk = br_x509_decoder_get_pkey(&ld->x509);
  br_x509_trust_anchor *ta;
  unsigned char *a, *b;
  if (!pk || ld->full || tr->nta >= E2B_MCP_TLS_MAX_ANCHORS) {
    if (pk) tr->dropped++;              /* a good certificate that did not fit */
    tr->used = ld->mark;                /* undecodable ones (e.g. unknown key types) are skipped */
    ld->full = 0;
    return;
  }
  ta = &tr->slot[tr->nta];
  memset(ta, 0, sizeof *ta);
  ta->dn.data = tr->arena + ld->mark;
  ta->dn.len = tr->used - ld->mark;
  ta->flags = br_x509_decoder_isCA(&ld->x509) ? BR_X509_TA_CA : 0;
  ta->pkey.key_type = pk->key_type;
  if (pk->key_type == BR_KEYTYPE_RSA) {
    a = e2b_mcp__br_alloc(ld, pk->key.rsa.nlen);
    b = e2b_mcp__br_alloc(ld, pk->key.rsa.elen);
    if (a && b) {
      memcpy(a, pk->key.rsa.n, pk->key.rsa.nlen);
      memcpy(b, pk->key.rsa.e, pk->key.rsa.elen);
      ta->pkey.key.rsa.n = a; ta->pkey.key.rsa.nlen = pk->key.rsa.nlen;
      ta->pkey.key.rsa.e = b; ta->pkey.key.rsa.elen = pk->key.rsa.elen;
    }
  } else {
    a = e2b_mcp__br_alloc(ld, pk->key.ec.qlen);
    if (a) {
      memcpy(a, pk->key.ec.q, pk->key.ec.qlen);
      ta->pkey.key.ec.curve = pk->key.ec.curve;
      ta->pkey.key.ec.q = a; ta->pkey.key.ec.qlen = pk->key.ec.qlen;
    }
  }
  if (ld->full) { tr->dropped++; tr->used = ld->mark; ld->full = 0; return; }
  tr->nta++;
}

/* Whether a PEM object's name is a certificate's. BearSSL 0.6 keeps the dashes of a
   BEGIN line that ends in CRLF ("CERTIFICATE-----"): what follows the label is ignored. */
static int e2b_mcp__br_is_cert(const char *name) {
  static const char *const labels[] = { "CERTIFICATE", "X509 CERTIFICATE" };
  size_t i, n;
  for (i = 0; i < sizeof labels / sizeof labels[0]; i++) {
    n = strlen(labels[i]);
    if (strncmp(name, labels[i], n) == 0 && (name[n] == 0 || name[n] == '-')) return 1;
  }
  return 0;
}

/* Feeds PEM text to the decoder; 0, or -1 when the text is not PEM. */
static int e2b_mcp__br_push(e2b_mcp__br_loader *ld, const unsigned char *p, size_t n) {
  while (n > 0) {
    size_t k = br_pem_decoder_push(&ld->pem, p, n);
    const char *name;
    p += k; n -= k;
    switch (br_pem_decoder_event(&ld->pem)) {
    case BR_PEM_BEGIN_OBJ:
      name = br_pem_decoder_name(&ld->pem);
      ld->in_cert = e2b_mcp__br_is_cert(name);
      if (ld->in_cert) {
        ld->mark = ld->tr->used;
        ld->full = 0;
        br_x509_decoder_init(&ld->x509, e2b_mcp__br_dn, ld);
        br_pem_decoder_setdest(&ld->pem, e2b_mcp__br_der, &ld->x509);
      } else {
        br_pem_decoder_setdest(&ld->pem, NULL, NULL);   /* keys, CRLs...: skipped */
      }
      break;
    case BR_PEM_END_OBJ:
      if (ld->in_cert) e2b_mcp__br_add(ld);
      ld->in_cert = 0;
      break;
    case BR_PEM_ERROR:
      return -1;
    default:
      break;
    }
  }
  return 0;
}

/* A file through the PEM decoder, in e2b_mcp.h's small chunks; 0 or -1. */
static int e2b_mcp__br_push_cb(void *ld, const unsigned char *p, size_t n) {
  return e2b_mcp__br_push((e2b_mcp__br_loader *)ld, p, n);
}
static int e2b_mcp__br_file(e2b_mcp__br_loader *ld, const char *path) {
  return e2b_mcp_file_stream(path, e2b_mcp__br_push_cb, ld);
}

#if defined(_WIN32) && !defined(E2B_MCP_TLS_NO_FILE)
#  include <windows.h>
#  include <wincrypt.h>
/* Windows keeps its trust anchors in the ROOT certificate store, not in a
   file: each certificate there, as DER, through the same decoder (-lcrypt32).
   Windows adds some roots only when a chain first needs them, so the store
   may lack one a server chains to; a CA file (E2B_MCP_CA_FILE) is then the
   fix, and the bundle built by `make mcpb` carries one. */
static int e2b_mcp__br_winstore(e2b_mcp__br_loader *ld) {
  HCERTSTORE st = CertOpenSystemStoreA(0, "ROOT");
  PCCERT_CONTEXT c = NULL;
  if (!st) return -1;
  while ((c = CertEnumCertificatesInStore(st, c)) != NULL) {
    ld->mark = ld->tr->used;
    ld->full = 0;
    br_x509_decoder_init(&ld->x509, e2b_mcp__br_dn, ld);
    br_x509_decoder_push(&ld->x509, c->pbCertEncoded, c->cbCertEncoded);
    e2b_mcp__br_add(ld);
  }
  CertCloseStore(st, 0);
  return 0;
}
#endif

static int e2b_mcp_tls_trust_init(e2b_mcp_tls_trust *tr, const char *ca_file) {
  e2b_mcp__br_loader ld;
  int rc;
  tr->ta = tr->slot;
  tr->nta = tr->dropped = tr->used = 0;
  tr->have_sess = 0;
#ifdef E2B_MCP_TLS_ANCHORS
  if (!ca_file) {
    tr->ta = E2B_MCP_TLS_ANCHORS;
    tr->nta = (size_t)(E2B_MCP_TLS_ANCHORS_NUM);
    return tr->nta > 0 ? (int)tr->nta : E2B_MCP_ERR_TLS_TRUST;
  }
#endif
  memset(&ld, 0, sizeof ld);
  ld.tr = tr;
  br_pem_decoder_init(&ld.pem);
#ifdef E2B_MCP_TLS_ANCHORS_PEM
  if (!ca_file) {
    const char *pem = E2B_MCP_TLS_ANCHORS_PEM;
    rc = e2b_mcp__br_push(&ld, (const unsigned char *)pem, strlen(pem));
  } else
#endif
#if defined(_WIN32) && !defined(E2B_MCP_TLS_NO_FILE)
  if (!ca_file) rc = e2b_mcp__br_winstore(&ld);
  else
#endif
  rc = e2b_mcp__br_file(&ld, ca_file ? ca_file : E2B_MCP_TLS_SYSTEM_CA_FILE);
  /* a last line without its newline still ends the object */
  if (rc == 0) rc = e2b_mcp__br_push(&ld, (const unsigned char *)"\n", 1);
  if (rc != 0 || tr->dropped > 0 || tr->nta == 0) {
    tr->nta = 0;
    return E2B_MCP_ERR_TLS_TRUST;
  }
  return (int)tr->nta;
}

/* ---- The engine pump --------------------------------------------------------- */

static int e2b_mcp__br_map(int err) {
  switch (err) {
  case BR_ERR_OK:                   return E2B_MCP_ERR_CLOSED;
  case BR_ERR_X509_NOT_TRUSTED:     return E2B_MCP_ERR_TLS_UNTRUSTED;
  case BR_ERR_X509_EXPIRED:         return E2B_MCP_ERR_TLS_EXPIRED;
  case BR_ERR_X509_BAD_SERVER_NAME: return E2B_MCP_ERR_TLS_NAME;
  case BR_ERR_IO:                   return E2B_MCP_ERR_RESET;
  default:                          return E2B_MCP_ERR_TLS;
  }
}

/* A failure: BearSSL's own reason wins over the socket's (a refused certificate is
   followed by an alert the peer may not wait for). */
static int e2b_mcp__br_fail(e2b_mcp_tls *t, int sock_err) {
  int e = br_ssl_engine_last_error(&t->sc.eng);
  t->open = 0;
  if (e != BR_ERR_OK) { t->last_error = e; return e2b_mcp__br_map(e); }
  return sock_err;
}

#define E2B_MCP__BR_EOF 1   /* the peer ended the stream with close_notify */
#define E2B_MCP__BR_CUT 2   /* the stream ended without close_notify (TCP EOF only) */

/* Moves records, without waiting, until the engine offers one of the states in
   `want` (BR_SSL_SENDAPP, BR_SSL_RECVAPP; 0: until every pending record is on
   the wire). Returns 0, E2B_MCP__BR_EOF, E2B_MCP__BR_CUT, E2B_MCP_ERR_AGAIN
   (t->want says what the socket must become), or a negative E2B_MCP_ERR_*. */
static int e2b_mcp__br_pump(e2b_mcp_tls *t, e2b_mcp_sock *s, unsigned want) {
  br_ssl_engine_context *eng = &t->sc.eng;
  int flushed = 0;
  for (;;) {
    unsigned st = br_ssl_engine_current_state(eng);
    unsigned char *buf;
    size_t len;
    int r;
    if (st & BR_SSL_CLOSED) {
      int e = br_ssl_engine_last_error(eng);
      t->open = 0;
      if (e == BR_ERR_OK) return E2B_MCP__BR_EOF;
      t->last_error = e;
      return e2b_mcp__br_map(e);
    }
    if (st & BR_SSL_SENDREC) {
      buf = br_ssl_engine_sendrec_buf(eng, &len);
      r = s->port->send(s->port->user, s, buf, len);
      if (r == E2B_MCP_ERR_AGAIN) { t->want = E2B_MCP_WANT_WRITE; return r; }
      if (r <= 0) return e2b_mcp__br_fail(t, r < 0 ? r : E2B_MCP_ERR_RESET);
      br_ssl_engine_sendrec_ack(eng, (size_t)r);
      flushed = 0;
      continue;
    }
    if (want == 0 || (st & want)) return 0;
    /* Half-duplex: unread plaintext blocks the engine; a request/response client
       never gets here unless the server talks out of turn. */
    if (st & BR_SSL_RECVAPP) { t->open = 0; return E2B_MCP_ERR_PROTOCOL; }
    if (st & BR_SSL_RECVREC) {
      buf = br_ssl_engine_recvrec_buf(eng, &len);
      r = s->port->recv(s->port->user, s, buf, len);
      if (r == E2B_MCP_ERR_AGAIN) { t->want = E2B_MCP_WANT_READ; return r; }
      if (r == 0) { t->open = 0; return E2B_MCP__BR_CUT; }
      if (r < 0) return e2b_mcp__br_fail(t, r);
      br_ssl_engine_recvrec_ack(eng, (size_t)r);
      continue;
    }
    /* Nothing to move: buffered plaintext must become a record first. */
    if (flushed) { t->open = 0; return E2B_MCP_ERR_TLS; }
    br_ssl_engine_flush(eng, 0);
    flushed = 1;
  }
}

/* ---- The port functions -------------------------------------------------------- */

static void e2b_mcp__br_profile(e2b_mcp_tls *t, const e2b_mcp_tls_trust *tr) {
#ifdef E2B_MCP_TLS_BEARSSL_MINIMAL
  /* What api.e2b.app and nginx need, in the smallest maths: TLS 1.2, ECDHE with
     ECDSA or RSA certificates, AES-128-GCM or ChaCha20-Poly1305. RSA verification stays
     (public chains often end in RSA roots); SHA-384 is for P-384 CAs. */
  static const uint16_t suites[] = {
    BR_TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256,
    BR_TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256,
    BR_TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256,
    BR_TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256
  };
  br_ssl_engine_context *eng = &t->sc.eng;
  br_ssl_client_zero(&t->sc);
  br_ssl_engine_set_versions(eng, BR_TLS12, BR_TLS12);
  br_ssl_engine_set_suites(eng, suites, sizeof suites / sizeof suites[0]);
  br_x509_minimal_init(t->xc, &br_sha256_vtable, tr->ta, tr->nta);
  br_x509_minimal_set_hash(t->xc, br_sha256_ID, &br_sha256_vtable);
  br_x509_minimal_set_hash(t->xc, br_sha384_ID, &br_sha384_vtable);
  br_x509_minimal_set_rsa(t->xc, br_rsa_i15_pkcs1_vrfy);
  br_x509_minimal_set_ecdsa(t->xc, &br_ec_prime_i15, br_ecdsa_i15_vrfy_asn1);
  br_ssl_engine_set_x509(eng, &t->xc->vtable);
  br_ssl_engine_set_hash(eng, br_sha256_ID, &br_sha256_vtable);
  br_ssl_engine_set_hash(eng, br_sha384_ID, &br_sha384_vtable);
  br_ssl_engine_set_prf_sha256(eng, &br_tls12_sha256_prf);
  br_ssl_engine_set_ec(eng, &br_ec_all_m15);
  br_ssl_engine_set_ecdsa(eng, &br_ecdsa_i15_vrfy_asn1);
  br_ssl_engine_set_rsavrfy(eng, &br_rsa_i15_pkcs1_vrfy);
  br_ssl_engine_set_gcm(eng, &br_sslrec_in_gcm_vtable, &br_sslrec_out_gcm_vtable);
  br_ssl_engine_set_aes_ctr(eng, &br_aes_ct_ctr_vtable);
  br_ssl_engine_set_ghash(eng, &br_ghash_ctmul32);
  br_ssl_engine_set_chapol(eng, &br_sslrec_in_chapol_vtable, &br_sslrec_out_chapol_vtable);
  br_ssl_engine_set_chacha20(eng, &br_chacha20_ct_run);
  br_ssl_engine_set_poly1305(eng, &br_poly1305_ctmul32_run);
#else
  br_ssl_client_init_full(&t->sc, t->xc, tr->ta, tr->nta);
  br_ssl_engine_set_versions(&t->sc.eng, BR_TLS12, BR_TLS12);   /* no TLS 1.0/1.1 (RFC 8996) */
#endif
}

static int e2b_mcp_tls_start(e2b_mcp_tls *t, e2b_mcp_tls_trust *tr, const char *host) {
  br_ssl_engine_context *eng = &t->sc.eng;
  unsigned long now = (unsigned long)(E2B_MCP_NOW_S());
  size_t hl;
  int resume;
  t->open = 0;
  t->last_error = 0;
  t->want = 0;
  t->offered_len = 0;
  hl = host ? strlen(host) : 0;
  /* No host, no name check: refused, as is a trust store that never loaded. */
  if (hl == 0 || hl >= sizeof t->host) return E2B_MCP_ERR_TLS_NAME;
  if (!tr || tr->nta == 0) return E2B_MCP_ERR_TLS_TRUST;
#if E2B_MCP_TLS_LEND
  {
    /* the lent memory, aligned for the context; none (or too little) fails closed */
    size_t pad = (size_t)(0u - (size_t)((uintptr_t)t->lent & 7u)) & 7u;
    if (!t->lent || t->lent_n < pad + sizeof *t->xc) return E2B_MCP_ERR_TLS;
    t->xc = (br_x509_minimal_context *)(void *)(t->lent + pad);
    t->lent = NULL; t->lent_n = 0;
  }
#else
  t->xc = &t->own_xc;
#endif
  memcpy(t->host, host, hl + 1);
  e2b_mcp__br_profile(t, tr);
#if E2B_MCP_TLS_LEND
  /* a renegotiation would check a chain again, in memory given back by then */
  br_ssl_engine_add_flags(eng, BR_OPT_NO_RENEGOTIATION);
#endif
  if (now > 0)
    br_x509_minimal_set_time(t->xc, (uint32_t)(now / 86400UL + 719528UL), (uint32_t)(now % 86400UL));
  br_ssl_engine_set_buffer(eng, t->buf, sizeof t->buf, 0);
#ifdef E2B_MCP_TLS_ENTROPY
  {
    unsigned char seed[32];
    if ((E2B_MCP_TLS_ENTROPY(seed, sizeof seed)) != 0) return E2B_MCP_ERR_TLS;
    br_ssl_engine_inject_entropy(eng, seed, sizeof seed);
    memset(seed, 0, sizeof seed);
  }
#endif
  resume = tr->have_sess && strcmp(tr->sess_host, host) == 0;
  if (resume) {
    br_ssl_engine_set_session_parameters(eng, &tr->sess);
    t->offered_len = tr->sess.session_id_len;
    memcpy(t->offered, tr->sess.session_id, t->offered_len);
  }
  if (!br_ssl_client_reset(&t->sc, host, resume)) return e2b_mcp__br_fail(t, E2B_MCP_ERR_TLS);
  return 0;
}

static int e2b_mcp_tls_handshake(e2b_mcp_tls *t, e2b_mcp_tls_trust *tr, e2b_mcp_sock *s) {
  br_ssl_engine_context *eng = &t->sc.eng;
  /* The handshake is over (and the chain verified) when the engine accepts
     application data; nothing of ours is written before that. */
  int r = e2b_mcp__br_pump(t, s, BR_SSL_SENDAPP);
  if (r == E2B_MCP_ERR_AGAIN) return r;
  t->xc = NULL;                         /* the chain is checked (or refused): its context is done with */
  if (r != 0) {
    if (tr->have_sess && strcmp(tr->sess_host, t->host) == 0) tr->have_sess = 0;   /* never resume after a failure */
    t->open = 0;
    return r > 0 ? E2B_MCP_ERR_CLOSED : r;
  }
  br_ssl_engine_get_session_parameters(eng, &tr->sess);
  if (t->offered_len > 0 && tr->sess.session_id_len == t->offered_len &&
      memcmp(tr->sess.session_id, t->offered, t->offered_len) == 0)
    tr->resumed++;                      /* the server echoed our session: abbreviated */
  else
    tr->handshakes++;
  memcpy(tr->sess_host, t->host, strlen(t->host) + 1);
  tr->have_sess = tr->sess.session_id_len > 0;
  t->open = 1;
  return 0;
}

static int e2b_mcp_tls_send(e2b_mcp_tls *t, e2b_mcp_sock *s, const unsigned char *p, size_t n) {
  br_ssl_engine_context *eng = &t->sc.eng;
  unsigned char *buf;
  size_t len;
  int r;
  if (!t->open) return E2B_MCP_ERR_CLOSED;
  r = e2b_mcp__br_pump(t, s, BR_SSL_SENDAPP);
  if (r != 0) return r > 0 ? E2B_MCP_ERR_CLOSED : r;
  buf = br_ssl_engine_sendapp_buf(eng, &len);
  if (len > n) len = n;
  if (len > (size_t)0x7fffffff) len = 0x7fffffff;
  memcpy(buf, p, len);
  br_ssl_engine_sendapp_ack(eng, len);
  return (int)len;
}

static int e2b_mcp_tls_flush(e2b_mcp_tls *t, e2b_mcp_sock *s) {
  int r;
  if (!t->open) return E2B_MCP_ERR_CLOSED;
  br_ssl_engine_flush(&t->sc.eng, 0);
  r = e2b_mcp__br_pump(t, s, 0);
  return r > 0 ? E2B_MCP_ERR_CLOSED : r;
}

static int e2b_mcp_tls_recv(e2b_mcp_tls *t, e2b_mcp_sock *s, unsigned char *p, size_t n) {
  br_ssl_engine_context *eng = &t->sc.eng;
  unsigned char *buf;
  size_t len;
  int r;
  if (!t->open) return 0;
  if (n == 0) return E2B_MCP_ERR_IO;
  r = e2b_mcp__br_pump(t, s, BR_SSL_RECVAPP);
  /* Only close_notify is a clean end (0). A bare TCP EOF may be a cut (RFC 9112 9.8:
     it must not complete a response whose end is the close): E2B_MCP_ERR_CLOSED,
     which e2b_mcp.h treats as the end of the stream everywhere else. */
  if (r == E2B_MCP__BR_EOF) return 0;
  if (r == E2B_MCP__BR_CUT) return E2B_MCP_ERR_CLOSED;
  if (r != 0) return r;
  buf = br_ssl_engine_recvapp_buf(eng, &len);
  if (len > n) len = n;
  if (len > (size_t)0x7fffffff) len = 0x7fffffff;
  memcpy(p, buf, len);
  br_ssl_engine_recvapp_ack(eng, len);
  return (int)len;
}

#if E2B_MCP_TLS_LEND
/* Lends the next handshake n bytes at p for its X.509 context
   (E2B_MCP__TLS_LEND_ROOM); they must stay untouched until the handshake ends. */
static void e2b_mcp_tls_lend(e2b_mcp_tls *t, void *p, size_t n) { t->lent = (unsigned char *)p; t->lent_n = p ? n : 0; }
#endif

static void e2b_mcp_tls_close(e2b_mcp_tls *t, e2b_mcp_sock *s) {
  if (t->open) {
    /* close_notify, best effort: what the socket takes now, no waiting */
    br_ssl_engine_close(&t->sc.eng);
    (void)e2b_mcp__br_pump(t, s, 0);
  }
  t->open = 0;
}

/* ---- Signatures of access tokens (E2B_MCP_AUTH): BearSSL's verifiers -------- */
#if E2B_MCP_AUTH
static int e2b_mcp_tls_rsa_verify(const unsigned char *n, size_t nlen, const unsigned char *e, size_t elen,
                                  const unsigned char hash[32], const unsigned char *sig, size_t slen) {
#ifdef E2B_MCP_TLS_BEARSSL_MINIMAL
  br_rsa_pkcs1_vrfy vrfy = &br_rsa_i15_pkcs1_vrfy;   /* the small maths the minimal profile keeps */
#else
  br_rsa_pkcs1_vrfy vrfy = br_rsa_pkcs1_vrfy_get_default();
#endif
  br_rsa_public_key pk;
  unsigned char got[32];
  pk.n = (unsigned char *)n; pk.nlen = nlen;   /* BearSSL only reads them */
  pk.e = (unsigned char *)e; pk.elen = elen;
  if (slen != nlen || !vrfy(sig, slen, BR_HASH_OID_SHA256, sizeof got, &pk, got)) return -1;
  return memcmp(got, hash, sizeof got) == 0 ? 0 : -1;
}
static int e2b_mcp_tls_p256_verify(const unsigned char q[65], const unsigned char hash[32], const unsigned char sig[64]) {
#ifdef E2B_MCP_TLS_BEARSSL_MINIMAL
  const br_ec_impl *ec = &br_ec_p256_m15;
  br_ecdsa_vrfy vrfy = &br_ecdsa_i15_vrfy_raw;
#else
  const br_ec_impl *ec = br_ec_get_default();
  br_ecdsa_vrfy vrfy = br_ecdsa_vrfy_raw_get_default();
#endif
  br_ec_public_key pk;
  pk.curve = BR_EC_secp256r1;
  pk.q = (unsigned char *)q; pk.qlen = 65;
  return vrfy(ec, hash, 32, &pk, sig, 64) ? 0 : -1;
}
#endif

/* ---- The key store's AES-256-GCM (E2B_MCP_KEYSTORE): BearSSL's gcm over aes_ct ---- */
#if E2B_MCP_KEYSTORE
static int e2b_mcp_tls_aes_gcm(int enc, const unsigned char key[32], const unsigned char iv[12], const unsigned char *aad, size_t aadn,
                               unsigned char *p, size_t n, unsigned char tag[16]) {
  br_aes_ct_ctr_keys ac;   /* the constant-time AES: no table lookups that depend on the key */
  br_gcm_context gc;
  int ok = 1;
  br_aes_ct_ctr_init(&ac, key, 32);
  br_gcm_init(&gc, &ac.vtable, br_ghash_ctmul);
  br_gcm_reset(&gc, iv, 12);
  br_gcm_aad_inject(&gc, aad, aadn);
  br_gcm_flip(&gc);
  br_gcm_run(&gc, enc, p, n);
  if (enc) br_gcm_get_tag(&gc, tag);
  else ok = (int)br_gcm_check_tag(&gc, tag);
  memset(&ac, 0, sizeof ac);   /* the expanded key */
  memset(&gc, 0, sizeof gc);
  return ok ? 0 : -1;
}
#endif

#endif /* E2B_MCP_IMPLEMENTATION */
