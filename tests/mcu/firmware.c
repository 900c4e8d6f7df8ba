/* tests/mcu/firmware.c - e2b_mcp.h on a microcontroller board: an MCP server on the board's
   UART, E2B over lwIP (DHCP) and BearSSL. The same program for every board (board.h): QEMU's
   mps2-an386 (Cortex-M4, a LAN9118) and QEMU's virt (RV32IMAC, virtio-net over MMIO).

   The small profile, no stdio transport, no heap (board_common.c traps malloc), the lwIP socket
   port (ports/e2b_mcp_sock_lwip.h) in a NO_SYS superloop, BearSSL's minimal client
   profile with the test CA compiled in (ca_pem.h, generated at build time), entropy and
   the wall clock from the host through semihosting.

   The command line (QEMU -append) sets it up, space-separated key=value:
     url=<E2B API URL>  dash=<Dashboard API URL>  key=<E2B API key>  kill=1
     host=<name>=<a.b.c.d>   a DNS_LOCAL_HOSTLIST entry (the TLS front is "localhost",
                              which the board reaches as QEMU's host, 10.0.2.2)
     rto=<ms>                the read timeout (default: the library's)
     mode=mcp                JSON-RPC, one message per line on the UART (default)
     mode=api                the in-process calls of examples/embedded.c, results on the UART;
                             the log has each call's busy time (under -icount shift=0: its
                             instruction count in thousands)
     mode=http token=<t>     Streamable HTTP on port 8931 of the board's network (bearer token t)
     mode=trap               calls malloc once: the heap trap must end the run (exit 98)
   In mcp mode the line {"method":"board/exit"} ends the run; the board then logs its
   figures (stack peak, handshakes) on the semihosting log and exits 0.

   Built with -DMCU_MINIMAL (build/mcu/firmware-minimal.elf) it is the minimal profile
   (E2B_MCP_MINIMAL): e2b_list_sandboxes, e2b_get_sandbox and e2b_kill_sandbox over the UART,
   one protocol revision, plain HTTP to E2B (no TLS), no Streamable HTTP (mode=http is
   refused). */
#include "board.h"
#include "lwip/init.h"
#include "lwip/netif.h"
#include "lwip/dhcp.h"
#include "lwip/dns.h"
#include "lwip/timeouts.h"
#include "netif/ethernet.h"

#ifndef MCU_MINIMAL
#include <bearssl.h>
#include "ca_pem.h"
#define E2B_MCP_TLS_BEARSSL
#define E2B_MCP_TLS_BEARSSL_MINIMAL
#define E2B_MCP_TLS_NO_FILE
#define E2B_MCP_TLS_ANCHORS_PEM mcu_ca_pem
#define E2B_MCP_TLS_ENTROPY(buf, n) board_entropy(buf, n)
#define E2B_MCP_NOW_S() board_unix_s()
#define E2B_MCP_SMALL
#define E2B_MCP_HTTP                 /* Streamable HTTP over the lwIP port too (mode=http) */
#define E2B_MCP_LWIP_SOCKS 5         /* E2B, a reconnect, the listener, two HTTP clients */
#else
#define E2B_MCP_MINIMAL              /* list, get, kill; no TLS (E2B_MCP_TLS_NONE), no HTTP server */
#define E2B_MCP_LWIP_SOCKS 2         /* E2B and a reconnect */
#endif
#define E2B_MCP_SOCK_CUSTOM
#define E2B_MCP_WITH_STDIO 0
#define E2B_MCP_IMPLEMENTATION
#include "e2b_mcp.h"
#include "ports/e2b_mcp_sock_lwip.h"

#include <stdlib.h>
#include <string.h>

static e2b_mcp_server srv;
static e2b_mcp_lwip net;
static e2b_mcp_sock_port net_port;
static struct netif nif;

u32_t sys_now(void) { return (u32_t)board_ms(); }

/* The superloop's network step: frames in, timers; sleep to the next tick when idle. */
static void net_poll(void *ctx) {
  (void)ctx;
  if (board_net_poll(&nif) == 0) board_idle();
  sys_check_timeouts();
}

/* ---- command line ---- */
static char args[512];
static const char *arg(const char *name) {   /* value of name=..., or NULL */
  size_t n = strlen(name);
  char *p = args;
  while (*p) {
    if (strncmp(p, name, n) == 0 && p[n] == '=') return p + n + 1;
    p += strlen(p) + 1;
  }
  return NULL;
}
static void args_split(void) {   /* "a=1 b=2" -> "a=1\0b=2\0\0" */
  size_t n = strlen(board_cmdline()), i;
  if (n > sizeof args - 2) n = sizeof args - 2;
  memcpy(args, board_cmdline(), n);
  args[n] = args[n + 1] = 0;
  for (i = 0; i < n; i++) if (args[i] == ' ') args[i] = 0;
}

static int net_up(void) {
  unsigned long t0;
  const char *h;
  ip4_addr_t any;
  lwip_init();
  ip4_addr_set_any(&any);
  if (!netif_add(&nif, &any, &any, &any, NULL, board_net_init, ethernet_input)) return -1;
  netif_set_default(&nif);
  netif_set_up(&nif);
  /* host=name=a.b.c.d: names the board resolves itself, before asking the DNS server */
  for (h = args; *h; h += strlen(h) + 1) {
    const char *eq;
    ip_addr_t a;
    char name[64];
    if (strncmp(h, "host=", 5) != 0 || !(eq = strchr(h + 5, '=')) || (size_t)(eq - h - 5) >= sizeof name) continue;
    memcpy(name, h + 5, (size_t)(eq - h - 5)); name[eq - h - 5] = 0;
    if (ipaddr_aton(eq + 1, &a)) dns_local_addhost(name, &a);
  }
  if (dhcp_start(&nif) != ERR_OK) return -1;
  t0 = board_ms();
  while (!dhcp_supplied_address(&nif)) {
    if (board_ms() - t0 > 10000) return -1;
    net_poll(NULL);
  }
  board_logf("net: %s up, DHCP in %lu ms", ip4addr_ntoa(netif_ip4_addr(&nif)), board_ms() - t0);
  return 0;
}

/* ---- the UART transport: one JSON-RPC message per line ---- */
static int uart_write(void *ctx, const char *p, size_t n) { (void)ctx; board_uart_write(p, n); return 0; }
static int uart_end(void *ctx) { (void)ctx; board_uart_write("\n", 1); return 0; }

static void report(void) {
#ifndef MCU_MINIMAL
  unsigned long handshakes = srv.trust.handshakes, resumed = srv.trust.resumed;
#else
  unsigned long handshakes = 0, resumed = 0;   /* no TLS */
#endif
  board_logf("STATS stack_peak=%lu stack_size=%lu handshakes=%lu resumed=%lu connects=%lu requests=%lu ms=%lu",
             (unsigned long)board_stack_peak(), (unsigned long)board_stack_size(),
             handshakes, resumed, srv.slots[0].conn.connects, srv.slots[0].conn.requests, board_ms());
}

/* The UART transport lives here, outside the library, on the engine's seam: each line goes
   in with e2b_mcp_submit; the superloop moves frames (net_poll) and the calls
   (e2b_mcp_step). A call waiting for E2B or for its user's answer (a question is a message
   out, its answer a line in, like any other) waits in its call slot, so lines keep being
   read meanwhile. The line is gathered in srv.msg, which the engine reads only while
   submit runs. */
static int serve_uart(void) {
  static const char too_long[] = "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,"
                                 "\"message\":\"Invalid Request: the message is longer than this board accepts\"}}\n";
  e2b_mcp_sink k;
  e2b_mcp_poll due[E2B_MCP_CALLS];
  size_t n = 0;
  int over = 0;
  k.ctx = NULL; k.write = uart_write; k.end = uart_end;
  for (;;) {
    int ch, timeout = -1;
    while ((ch = board_uart_getc()) >= 0) {
      if (ch != '\n') { if (n < sizeof srv.msg - 1) srv.msg[n++] = (char)ch; else over = 1; continue; }
      if (n && srv.msg[n - 1] == '\r') n--;
      srv.msg[n] = 0;
      if (over) board_uart_write(too_long, sizeof too_long - 1);
      else if (strstr(srv.msg, "\"board/exit\"")) { e2b_mcp_close(&srv); report(); return 0; }
      else if (n) e2b_mcp_submit(&srv, srv.msg, n, NULL, &k);
      n = 0; over = 0;
    }
    e2b_mcp_watch(&srv, due, E2B_MCP_CALLS, &timeout);
    if (timeout != 0) net_poll(NULL);   /* frames in and out; sleeps till the next interrupt when idle */
    else sys_check_timeouts();          /* a call is due now: no sleep */
    e2b_mcp_step(&srv);
  }
}

/* ---- Streamable HTTP on the board's network (mode=http): the engine's step in the superloop;
   the UART line {"method":"board/exit"} ends it ---- */
#ifndef MCU_MINIMAL
static int serve_http(void) {
  e2b_mcp_http_config hc;
  char cmd[64];
  size_t n = 0;
  int err;
  memset(&hc, 0, sizeof hc);
  hc.host = "0.0.0.0";
  hc.port = 8931;
  hc.token = arg("token");
  if ((err = e2b_mcp_http_listen(&srv, &hc)) != 0) { board_logf("http: %s", e2b_mcp_strerror(err)); return 4; }
  board_log("http: listening on port 8931");
  for (;;) {
    int ch;
    e2b_mcp_http_step(&srv, 20);
    while ((ch = board_uart_getc()) >= 0) {
      if (ch != '\n') { if (n < sizeof cmd - 1) cmd[n++] = (char)ch; continue; }
      cmd[n] = 0; n = 0;
      if (strstr(cmd, "\"board/exit\"")) { e2b_mcp_close(&srv); report(); return 0; }
    }
  }
}
#else
static int serve_http(void) { board_log("http: not built into this image (the minimal profile)"); return 4; }
#endif

/* ---- in-process calls, as examples/embedded.c makes them ---- */
static void board_temperature(e2b_mcp_call *c) {
  long long sensor = 0;
  e2b_mcp_json *w;
  if (e2b_mcp_arg_int(c, "sensor", &sensor) < 0 || sensor < 0 || sensor > 3) {
    e2b_mcp_result_error(c, "sensor must be an integer from 0 to 3");
    return;
  }
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "sensor"); e2b_mcp_json_int(w, sensor);
  e2b_mcp_json_key(w, "millicelsius"); e2b_mcp_json_int(w, 21500 + sensor * 250);
  e2b_mcp_json_obj_end(w);
}
static const e2b_mcp_tool board_tool = {
  "board_temperature", "Board temperature", "Read one of the board's sensors (0-3), in millidegrees Celsius.",
  "{\"type\":\"object\",\"properties\":{\"sensor\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":3}}}", NULL,
  E2B_MCP_READ_ONLY | E2B_MCP_CLOSED_WORLD, board_temperature, NULL, NULL, NULL
};
/* One line per call on the UART: {"tool":..,"rc":..,"is_error":..,"json":..,"message":..} */
static void api_call(const char *tool, const char *a) {
  e2b_mcp_result r;
  e2b_mcp_json w;
  static char out[E2B_MCP_RESULT_MAX + 256];
  unsigned long long i0 = board_busy_ns();
  int rc = e2b_mcp_call_tool(&srv, tool, a, &r);
  unsigned long long busy = board_busy_ns() - i0;
  e2b_mcp_json_init(&w, out, sizeof out);
  e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "tool"); e2b_mcp_json_str(&w, tool);
  e2b_mcp_json_key(&w, "rc"); e2b_mcp_json_int(&w, rc);
  e2b_mcp_json_key(&w, "is_error"); e2b_mcp_json_bool(&w, rc == 0 && r.is_error);
  e2b_mcp_json_key(&w, "json");
  if (rc == 0 && r.json) e2b_mcp_json_raw(&w, r.json, r.json_len); else e2b_mcp_json_null(&w);
  e2b_mcp_json_key(&w, "message"); e2b_mcp_json_str(&w, rc == 0 && r.message ? r.message : "");
  e2b_mcp_json_obj_end(&w);
  if (e2b_mcp_json_end(&w) != 0) { board_uart_write("{\"overflow\":true}\n", 18); return; }
  board_uart_write(out, w.len);
  board_uart_write("\n", 1);
  board_logf("CALL %s busy_us=%lu", tool, (unsigned long)(busy / 1000));
}
static int run_api(void) {
  if (e2b_mcp_add_tool(&srv, &board_tool) != 0) return 3;
  api_call("board_temperature", "{\"sensor\":2}");
  api_call("e2b_list_sandboxes", "{\"state\":[\"running\"],\"limit\":2}");
  api_call("e2b_list_sandboxes", "{\"state\":[\"running\"],\"limit\":2}");   /* on the open connection */
  api_call("board_temperature", "{\"sensor\":9}");
  api_call("no_such_tool", "{}");
  e2b_mcp_close(&srv);
  report();
  return 0;
}

int main(void) {
  e2b_mcp_config cfg;
  const char *mode, *v;
  int err;
  board_init();
  args_split();
  mode = arg("mode") ? arg("mode") : "mcp";
  if (strcmp(mode, "trap") == 0) {
    void *(*volatile alloc)(size_t) = malloc;   /* a call the compiler cannot drop */
    void *volatile p = alloc(16);               /* must never return */
    (void)p;
    return 0;
  }
  if (net_up() != 0) { board_log("net: no DHCP lease"); return 2; }
  e2b_mcp_lwip_init(&net, net_poll, NULL);
  e2b_mcp_lwip_port(&net, &net_port);
  memset(&cfg, 0, sizeof cfg);
  cfg.api_key = arg("key");
  cfg.api_url = arg("url");
  cfg.dashboard_url = arg("dash");
  cfg.enable_kill = arg("kill") != NULL;
  cfg.sock_port = &net_port;
  cfg.server_name = "e2b-mcp-board";
  if ((v = arg("rto")) != NULL) cfg.read_timeout_ms = (int)strtol(v, NULL, 10);
  if ((err = e2b_mcp_init(&srv, &cfg)) != 0) { board_logf("init: %s", e2b_mcp_strerror(err)); return 2; }
  board_logf("ready: server %lu bytes, boot %lu ms", (unsigned long)sizeof srv, board_ms());
  if (strcmp(mode, "http") == 0) return serve_http();
  return strcmp(mode, "api") == 0 ? run_api() : serve_uart();
}
