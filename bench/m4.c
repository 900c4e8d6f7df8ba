/* bench/m4.c - e2b_mcp.h as a Cortex-M4 application links it (bench/run.sh):
   arm-none-eabi-gcc -Os -mcpu=cortex-m4 -mthumb, newlib-nano (+ nosys stubs), the small
   profile, no stdio transport, a stub socket port (a board's network stack goes there).
   With -DM4_TLS: BearSSL's minimal client profile (E2B_MCP_TLS_BEARSSL_MINIMAL), trust anchors
   compiled in as `brssl ta` prints them (m4_ta.h: ISRG Root X1 and X2), entropy and time
   from board hooks. main() is what an in-process agent does: init, then MCP messages and
   in-process calls, so every tool and the whole MCP core are linked. bench/run.sh builds it for
   RV32IMAC too (riscv64-unknown-elf-gcc, picolibc), and with -DM4_SIZES the sizes of the parts
   of the server's state it reports. */
#ifdef M4_TLS
#  include <bearssl.h>
#  include "m4_ta.h"
#  define E2B_MCP_TLS_BEARSSL
#  define E2B_MCP_TLS_BEARSSL_MINIMAL
#  define E2B_MCP_TLS_NO_FILE
#  define E2B_MCP_TLS_ANCHORS TAs
#  define E2B_MCP_TLS_ANCHORS_NUM TAs_NUM
int board_entropy(unsigned char *buf, unsigned n);
unsigned long board_time(void);
#  define E2B_MCP_TLS_ENTROPY(buf, n) board_entropy(buf, n)
#  define E2B_MCP_NOW_S() board_time()
#endif
#define E2B_MCP_SMALL
#define E2B_MCP_SOCK_CUSTOM
#define E2B_MCP_WITH_STDIO 0
#define E2B_MCP_IMPLEMENTATION
#include "e2b_mcp.h"

/* the board: a network stack, a clock, an entropy source (stubs: sizes only) */
volatile unsigned char board_rx[64];
static int b_resolve(void *u, const char *h, e2b_mcp_addr *a) { (void)u; (void)h; a->family = 4; a->ip[0] = board_rx[6]; return 0; }
static int b_connect(void *u, e2b_mcp_sock *s, const e2b_mcp_addr *a, unsigned p) { (void)u; (void)a; (void)p; s->h = 1; return 0; }
static int b_send(void *u, e2b_mcp_sock *s, const unsigned char *p, size_t n) { (void)u; (void)s; board_rx[0] = p[0]; return (int)n; }
static int b_recv(void *u, e2b_mcp_sock *s, unsigned char *p, size_t n) { (void)u; (void)s; if (!n) return 0; p[0] = board_rx[1]; return 1; }
static void b_close(void *u, e2b_mcp_sock *s) { (void)u; s->h = -1; }
static int b_wait(void *u, e2b_mcp_poll *q, int n, int to) { (void)u; (void)to; if (n) q[0].ready = board_rx[7]; return board_rx[7] != 0; }
static unsigned long b_now(void *u) { (void)u; return board_rx[2]; }
#ifdef M4_TLS
int board_entropy(unsigned char *buf, unsigned n) { while (n--) buf[n] = board_rx[3]; return 0; }
unsigned long board_time(void) { return 1764460800UL + board_rx[4]; }
#endif
static const e2b_mcp_sock_port board = { NULL, b_resolve, b_connect, b_send, b_recv, b_close, NULL, NULL, NULL, NULL, b_wait, b_now, NULL };

static int out_write(void *c, const char *p, size_t n) { (void)c; board_rx[5] = (unsigned char)p[n - 1]; return 0; }
static int out_end(void *c) { (void)c; return 0; }
static e2b_mcp_server srv;
volatile char board_msg[256];

int main(void) {
  e2b_mcp_config cfg;
  e2b_mcp_sink k;
  e2b_mcp_result r;
  memset(&cfg, 0, sizeof cfg);
  cfg.api_key = "e2b_deadbeefdeadbeefdeadbeefdeadbeefdeadbeef";
#ifdef M4_TLS
  cfg.api_url = "https://api.e2b.app";
#else
  cfg.api_url = "http://192.168.1.2:3000";
  cfg.dashboard_url = "http://192.168.1.2:3000";
#endif
  cfg.sock_port = &board;
  e2b_mcp_init(&srv, &cfg);
  k.ctx = NULL; k.write = out_write; k.end = out_end;
  for (;;) {   /* messages from the agent's transport */
    e2b_mcp_handle(&srv, (const char *)board_msg, sizeof board_msg, &k);
    e2b_mcp_call_tool(&srv, (const char *)board_msg, (const char *)board_msg + 64, &r);
    if (r.is_error) break;
  }
  e2b_mcp_close(&srv);
  return 0;
}

#ifdef M4_SIZES   /* compiled, never linked: bench/run.sh reads these arrays' sizes with nm */
char m4_sizeof_server[sizeof srv];
#  ifdef M4_TLS
char m4_sizeof_tls_conn[sizeof srv.slots[0].conn.tls];     /* one connection: BearSSL's contexts and I/O buffer */
char m4_sizeof_tls_iobuf[sizeof srv.slots[0].conn.tls.buf];
char m4_sizeof_trust[sizeof srv.trust];                    /* the anchors in use, the session kept for resumption */
#  endif
#endif
