/* tests/matrix/tu.c - one translation unit of the compile matrix (tests/matrix/matrix.mk).
   Valid C99, C11 and C++11. With E2B_MCP_SOCK_CUSTOM it brings a stub socket port
   (no OS at all: the Cortex-M4 build links it against newlib-nano's nosys stubs). */
#if defined(E2B_MCP_TLS_BEARSSL) && defined(E2B_MCP_TLS_NO_FILE) && defined(MATRIX_TA)
/* no file system: one trust anchor compiled in as `brssl ta` prints it (C only: a union member
   is initialized by name) */
#include <bearssl.h>
static const unsigned char matrix_dn[] = { 0x30, 0x00 };
static const unsigned char matrix_q[] = { 0x04, 0x01, 0x02 };
static const br_x509_trust_anchor matrix_tas[1] = {
  { { (unsigned char *)matrix_dn, sizeof matrix_dn }, BR_X509_TA_CA,
    { BR_KEYTYPE_EC, { .ec = { BR_EC_secp256r1, (unsigned char *)matrix_q, sizeof matrix_q } } } }
};
#define E2B_MCP_TLS_ANCHORS matrix_tas
#define E2B_MCP_TLS_ANCHORS_NUM 1
#elif defined(E2B_MCP_TLS_BEARSSL) && defined(E2B_MCP_TLS_NO_FILE)
/* no file system: a trust anchor compiled in as PEM (any valid certificate will do to compile) */
#define E2B_MCP_TLS_ANCHORS_PEM matrix_pem
static const char matrix_pem[] = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n";
#endif
#define E2B_MCP_IMPLEMENTATION
#include "e2b_mcp.h"

#ifdef E2B_MCP_SOCK_CUSTOM
static int stub_resolve(void *u, const char *host, e2b_mcp_addr *a) {
  (void)u; (void)host; memset(a, 0, sizeof *a); a->family = 4; return 0;
}
static int stub_open(void *u, e2b_mcp_sock *s, const e2b_mcp_addr *a, unsigned port) {
  (void)u; (void)a; (void)port; s->h = 1; return 0;
}
static int stub_send(void *u, e2b_mcp_sock *s, const unsigned char *p, size_t n) {
  (void)u; (void)s; (void)p; return (int)n;
}
static int stub_recv(void *u, e2b_mcp_sock *s, unsigned char *p, size_t n) {
  static const char canned[] = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n[]";
  size_t k = sizeof canned - 1 < n ? sizeof canned - 1 : n;
  (void)u; (void)s; memcpy(p, canned, k); return (int)k;
}
static int stub_wait(void *u, e2b_mcp_poll *q, int n, int to) { (void)u; (void)q; (void)n; (void)to; return 0; }
static void stub_close(void *u, e2b_mcp_sock *s) { (void)u; s->h = -1; }
static unsigned long stub_now(void *u) { (void)u; return 0; }
static const e2b_mcp_sock_port stub_port = { NULL, stub_resolve, stub_open, stub_send, stub_recv, stub_close, NULL, NULL, NULL, NULL, stub_wait, stub_now, NULL };
#endif

static e2b_mcp_server srv;

static int sink_write(void *ctx, const char *p, size_t n) { (void)ctx; (void)p; (void)n; return 0; }
static int sink_end(void *ctx) { (void)ctx; return 0; }

int main(void) {
  e2b_mcp_config cfg;
  e2b_mcp_sink k;
  e2b_mcp_result r;
  static const char init[] = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"m\",\"version\":\"1\"}}}";
  memset(&cfg, 0, sizeof cfg);
  cfg.api_key = "e2b_deadbeefdeadbeefdeadbeefdeadbeefdeadbeef";
  cfg.api_url = "http://127.0.0.1:1";
  cfg.dashboard_url = "http://127.0.0.1:1";
#ifdef E2B_MCP_SOCK_CUSTOM
  cfg.sock_port = &stub_port;
#endif
  if (e2b_mcp_init(&srv, &cfg) != 0) return 1;
  k.ctx = NULL; k.write = sink_write; k.end = sink_end;
  e2b_mcp_handle(&srv, init, sizeof init - 1, &k);
  e2b_mcp_call_tool(&srv, "e2b_list_sandboxes", "{\"limit\":1}", &r);
  e2b_mcp_close(&srv);
  return r.is_error;
}
