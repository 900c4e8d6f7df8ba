/* ports/e2b_mcp_sock_lwip.h - the socket port of e2b_mcp.h for lwIP's raw API.

   For any board that runs lwIP (STM32, NXP, RP2040, ESP32 without its sockets layer):
   lwIP NO_SYS=1 in a superloop, or with an RTOS when every call below is made from the
   thread that owns lwIP's core (or under LOCK_TCPIP_CORE). No heap: connections are
   lwIP's static TCP PCBs and pbufs, the port's own state is one struct you declare.

   It is non-blocking: e2b_mcp_lwip_send/recv return E2B_MCP_LWIP_AGAIN when lwIP has
   nothing to give yet, and e2b_mcp_lwip_wait() runs the board's poll function (move frames
   between the NIC and lwIP, run sys_check_timeouts) until something happens.
   e2b_mcp_lwip_port() fills the port contract the server takes (e2b_mcp_sock_port,
   documented in e2b_mcp.h; config.sock_port, E2B_MCP_SOCK_CUSTOM): its wait member runs the
   board's poll, so the network keeps going while the server waits. resolve, the one member
   the contract lets block, waits for lwIP's DNS answer (E2B_MCP_LWIP_DNS_TIMEOUT_MS).

       static e2b_mcp_lwip net;
       static e2b_mcp_sock_port port;
       static void board_poll(void *ctx) { my_nic_poll(&netif); sys_check_timeouts(); }
       e2b_mcp_lwip_init(&net, board_poll, NULL);
       e2b_mcp_lwip_port(&net, &port);
       cfg.sock_port = &port;

   Host names go through lwIP's DNS (dns_gethostbyname: IP literals, DNS_LOCAL_HOSTLIST,
   then the DNS server the board was given); without LWIP_DNS only IP literals work.
   lwipopts.h needs LWIP_TCP, LWIP_CALLBACK_API (the default) and, for names, LWIP_DNS;
   see ports/README.md for sizes. Include this header after lwIP's and before e2b_mcp.h's
   implementation, or anywhere after e2b_mcp.h. */
#ifndef E2B_MCP_SOCK_LWIP_H
#define E2B_MCP_SOCK_LWIP_H

#include "lwip/tcp.h"
#include "lwip/dns.h"
#include "lwip/pbuf.h"
#include "lwip/sys.h"
#include <string.h>

#define E2B_MCP_LWIP_AGAIN (-100)   /* would block: nothing yet, call again after e2b_mcp_lwip_wait() */

/* One connection slot. The fields are the port's; e2b_mcp_sock.h is the slot's index. */
typedef struct e2b_mcp_lwip_conn {
  struct tcp_pcb *pcb;
  struct pbuf *rx;          /* received and not yet read, oldest first */
  u16_t rx_off;             /* bytes of rx's first pbuf already read */
  u16_t port;
  ip_addr_t addr;
  int state;                /* E2B_MCP_LWIP_* below */
  int err;                  /* the E2B_MCP_ERR_* that ended it */
  unsigned events;          /* bumped by every lwIP callback: e2b_mcp_lwip_wait ends on a change */
  int from;                 /* accepted by lwIP on listening slot from - 1, not yet taken by accept */
  int full;                 /* tcp_write found lwIP's memory full: not writable until data is acked */
  struct e2b_mcp_lwip *owner;
} e2b_mcp_lwip_conn;

enum { E2B_MCP_LWIP_FREE, E2B_MCP_LWIP_RESOLVING, E2B_MCP_LWIP_CONNECTING, E2B_MCP_LWIP_OPEN,
       E2B_MCP_LWIP_EOF, E2B_MCP_LWIP_FAILED, E2B_MCP_LWIP_LISTEN };

typedef struct e2b_mcp_lwip {
  void (*poll)(void *ctx);  /* the board: NIC frames in and out, sys_check_timeouts(); may sleep
                               until the next interrupt when nothing happened */
  void *poll_ctx;
  e2b_mcp_lwip_conn c[E2B_MCP_LWIP_SOCKS];
  unsigned events;          /* bumped by the name resolver's callback */
  ip_addr_t dns_addr;       /* its answer */
  int dns_state;            /* 0 waiting, 1 resolved, -1 failed */
} e2b_mcp_lwip;

static void e2b_mcp_lwip_init(e2b_mcp_lwip *l, void (*poll)(void *ctx), void *poll_ctx) {
  memset(l, 0, sizeof *l);
  l->poll = poll;
  l->poll_ctx = poll_ctx;
}

/* ---- lwIP callbacks: they only record what happened ---- */
static void e2b_mcp__lwip_drop(e2b_mcp_lwip_conn *c) {   /* detaches and closes the PCB */
  if (c->pcb && c->state == E2B_MCP_LWIP_LISTEN) {   /* a listening PCB has no data callbacks */
    tcp_arg(c->pcb, NULL); tcp_accept(c->pcb, NULL);
    tcp_close(c->pcb);
    c->pcb = NULL;
  }
  if (c->pcb) {
    tcp_arg(c->pcb, NULL); tcp_recv(c->pcb, NULL); tcp_sent(c->pcb, NULL); tcp_err(c->pcb, NULL);
    if (tcp_close(c->pcb) != ERR_OK) tcp_abort(c->pcb);
    c->pcb = NULL;
  }
  if (c->rx) { pbuf_free(c->rx); c->rx = NULL; }
  c->rx_off = 0;
}
static err_t e2b_mcp__lwip_on_recv(void *arg, struct tcp_pcb *pcb, struct pbuf *p, err_t err) {
  e2b_mcp_lwip_conn *c = (e2b_mcp_lwip_conn *)arg;
  (void)pcb;
  if (!c) { if (p) pbuf_free(p); return ERR_OK; }
  c->events++;
  if (!p) { if (c->state == E2B_MCP_LWIP_OPEN) c->state = E2B_MCP_LWIP_EOF; return ERR_OK; }
  if (err != ERR_OK) { pbuf_free(p); return err; }
  if (c->rx) pbuf_cat(c->rx, p); else c->rx = p;   /* acknowledged to lwIP as it is read */
  return ERR_OK;
}
static err_t e2b_mcp__lwip_on_sent(void *arg, struct tcp_pcb *pcb, u16_t len) {
  e2b_mcp_lwip_conn *c = (e2b_mcp_lwip_conn *)arg;
  (void)pcb; (void)len;
  if (c) { c->events++; c->full = 0; }
  return ERR_OK;
}
static void e2b_mcp__lwip_on_err(void *arg, err_t err) {   /* the PCB is already freed */
  e2b_mcp_lwip_conn *c = (e2b_mcp_lwip_conn *)arg;
  if (!c) return;
  c->pcb = NULL;
  c->events++;
  if (c->state == E2B_MCP_LWIP_CONNECTING) c->err = E2B_MCP_ERR_CONNECT;
  else c->err = err == ERR_RST ? E2B_MCP_ERR_RESET : err == ERR_ABRT ? E2B_MCP_ERR_IO : E2B_MCP_ERR_CLOSED;
  c->state = E2B_MCP_LWIP_FAILED;
}
static err_t e2b_mcp__lwip_on_connected(void *arg, struct tcp_pcb *pcb, err_t err) {
  e2b_mcp_lwip_conn *c = (e2b_mcp_lwip_conn *)arg;
  (void)pcb;
  if (!c) return ERR_ABRT;
  c->events++;
  if (err != ERR_OK) { c->err = E2B_MCP_ERR_CONNECT; c->state = E2B_MCP_LWIP_FAILED; return err; }
  c->state = E2B_MCP_LWIP_OPEN;
  return ERR_OK;
}
static void e2b_mcp__lwip_attach(e2b_mcp_lwip_conn *c) {
  tcp_arg(c->pcb, c);
  tcp_recv(c->pcb, e2b_mcp__lwip_on_recv);
  tcp_sent(c->pcb, e2b_mcp__lwip_on_sent);
  tcp_err(c->pcb, e2b_mcp__lwip_on_err);
  tcp_nagle_disable(c->pcb);   /* a message is written whole; its tail must not wait for an ACK */
}
static void e2b_mcp__lwip_start(e2b_mcp_lwip_conn *c) {   /* the address is known: SYN */
  err_t e;
  c->pcb = tcp_new_ip_type(IP_GET_TYPE(&c->addr));
  if (!c->pcb) { c->err = E2B_MCP_ERR_CONNECT; c->state = E2B_MCP_LWIP_FAILED; return; }
  e2b_mcp__lwip_attach(c);
  c->state = E2B_MCP_LWIP_CONNECTING;
  e = tcp_connect(c->pcb, &c->addr, c->port, e2b_mcp__lwip_on_connected);
  if (e != ERR_OK) { e2b_mcp__lwip_drop(c); c->err = E2B_MCP_ERR_CONNECT; c->state = E2B_MCP_LWIP_FAILED; }
}
/* ---- the non-blocking calls (a connection starts in the port below, from a resolved address) ---- */

/* 0 once connected, E2B_MCP_LWIP_AGAIN while resolving or connecting, or the error. */
static int e2b_mcp_lwip_connected(e2b_mcp_lwip *l, int h) {
  e2b_mcp_lwip_conn *c = &l->c[h];
  if (c->state == E2B_MCP_LWIP_OPEN || c->state == E2B_MCP_LWIP_EOF) return 0;
  if (c->state == E2B_MCP_LWIP_FAILED) return c->err;
  return E2B_MCP_LWIP_AGAIN;
}

/* Whether send can take a byte now: the same test for send and for the readiness wait, so
   a wait that says writable is never followed by a send that says again. */
static int e2b_mcp__lwip_writable(const e2b_mcp_lwip_conn *c) {
  return c->state == E2B_MCP_LWIP_OPEN && c->pcb && !c->full && tcp_sndbuf(c->pcb) > 0 &&
         tcp_sndqueuelen(c->pcb) < TCP_SND_QUEUELEN;
}

/* Queues up to n bytes (copied into lwIP's buffers) and pushes them out; returns the
   count (> 0), E2B_MCP_LWIP_AGAIN when lwIP's send buffer is full, or an error. */
static int e2b_mcp_lwip_send(e2b_mcp_lwip *l, int h, const unsigned char *p, size_t n) {
  e2b_mcp_lwip_conn *c = &l->c[h];
  u16_t room;
  if (c->state == E2B_MCP_LWIP_FAILED) return c->err;
  if (!c->pcb || c->state != E2B_MCP_LWIP_OPEN) return E2B_MCP_ERR_CLOSED;
  if (!e2b_mcp__lwip_writable(c)) return E2B_MCP_LWIP_AGAIN;
  room = tcp_sndbuf(c->pcb);
  if (n > room) n = room;
  if (n > 0xffffu) n = 0xffffu;
  switch (tcp_write(c->pcb, p, (u16_t)n, TCP_WRITE_FLAG_COPY)) {
    case ERR_OK: break;
    case ERR_MEM: c->full = 1; tcp_output(c->pcb); return E2B_MCP_LWIP_AGAIN;   /* segments or lwIP's heap: once acked */
    default: return E2B_MCP_ERR_IO;
  }
  tcp_output(c->pcb);
  return (int)n;
}

/* Copies up to n received bytes; returns the count (> 0), 0 at the end of the stream,
   E2B_MCP_LWIP_AGAIN when nothing is waiting, or an error. */
static int e2b_mcp_lwip_recv(e2b_mcp_lwip *l, int h, unsigned char *p, size_t n) {
  e2b_mcp_lwip_conn *c = &l->c[h];
  size_t got = 0;
  while (c->rx && got < n) {
    struct pbuf *q = c->rx;
    size_t k = (size_t)(q->len - c->rx_off);
    if (k > n - got) k = n - got;
    memcpy(p + got, (const unsigned char *)q->payload + c->rx_off, k);
    got += k;
    c->rx_off = (u16_t)(c->rx_off + k);
    if (c->rx_off == q->len) {   /* this pbuf is read: unlink it alone */
      c->rx = q->next;
      if (c->rx) pbuf_ref(c->rx);
      pbuf_free(q);   /* frees q; its successor keeps the reference taken above */
      c->rx_off = 0;
    }
  }
  if (got) {
    if (c->pcb) tcp_recved(c->pcb, (u16_t)got);   /* open the window again */
    return (int)got;
  }
  if (c->state == E2B_MCP_LWIP_EOF) return 0;
  if (c->state == E2B_MCP_LWIP_FAILED) return c->err;
  return E2B_MCP_LWIP_AGAIN;
}

/* Closes and frees the slot; unread data is dropped. */
static void e2b_mcp_lwip_close(e2b_mcp_lwip *l, int h) {
  int i;
  if (h < 0 || h >= E2B_MCP_LWIP_SOCKS) return;
  if (l->c[h].state == E2B_MCP_LWIP_LISTEN)   /* clients it accepted that nobody took */
    for (i = 0; i < E2B_MCP_LWIP_SOCKS; i++)
      if (l->c[i].from == h + 1) { e2b_mcp__lwip_drop(&l->c[i]); l->c[i].state = E2B_MCP_LWIP_FREE; l->c[i].from = 0; }
  e2b_mcp__lwip_drop(&l->c[h]);
  l->c[h].state = E2B_MCP_LWIP_FREE;
  l->c[h].from = 0;
}

/* Runs the board's poll until an lwIP callback fires or timeout_ms pass (0: poll once). */
static void e2b_mcp_lwip_wait(e2b_mcp_lwip *l, int timeout_ms) {
  u32_t start = sys_now();
  unsigned before = l->events;
  int i;
  for (i = 0; i < E2B_MCP_LWIP_SOCKS; i++) before += l->c[i].events;
  for (;;) {
    unsigned now;
    l->poll(l->poll_ctx);
    now = l->events;
    for (i = 0; i < E2B_MCP_LWIP_SOCKS; i++) now += l->c[i].events;
    if (now != before || (s32_t)(sys_now() - start) >= timeout_ms) return;
  }
}

/* ---- the e2b_mcp_sock_port contract over them ---- */
#if LWIP_DNS
static void e2b_mcp__lwip_on_name(const char *name, const ip_addr_t *addr, void *arg) {
  e2b_mcp_lwip *l = (e2b_mcp_lwip *)arg;
  (void)name;
  if (addr) ip_addr_copy(l->dns_addr, *addr);
  l->dns_state = addr ? 1 : -1;
  l->events++;
}
#endif
static int e2b_mcp__lwip_p_resolve(void *u, const char *host, e2b_mcp_addr *a) {
  e2b_mcp_lwip *l = (e2b_mcp_lwip *)u;
  ip_addr_t ip;
  memset(a, 0, sizeof *a);
#if LWIP_DNS
  {
    u32_t start = sys_now();
    l->dns_state = 0;
    switch (dns_gethostbyname(host, &ip, e2b_mcp__lwip_on_name, l)) {
      case ERR_OK: break;
      case ERR_INPROGRESS:
        while (l->dns_state == 0 && (s32_t)(sys_now() - start) < E2B_MCP_LWIP_DNS_TIMEOUT_MS)
          e2b_mcp_lwip_wait(l, E2B_MCP_LWIP_DNS_TIMEOUT_MS - (int)(sys_now() - start));
        if (l->dns_state != 1) return E2B_MCP_ERR_DNS;
        ip_addr_copy(ip, l->dns_addr);
        break;
      default: return E2B_MCP_ERR_DNS;
    }
  }
#else
  (void)l;
  if (!ipaddr_aton(host, &ip)) return E2B_MCP_ERR_DNS;
#endif
#if LWIP_IPV6
  if (IP_IS_V6(&ip)) { a->family = 6; memcpy(a->ip, ip_2_ip6(&ip)->addr, 16); return 0; }
#endif
  a->family = 4;
  memcpy(a->ip, &ip_2_ip4(&ip)->addr, 4);
  return 0;
}
/* With s->h < 0 takes a slot and sends the SYN; then reports how it goes. */
static int e2b_mcp__lwip_p_connect(void *u, e2b_mcp_sock *s, const e2b_mcp_addr *a, unsigned port) {
  e2b_mcp_lwip *l = (e2b_mcp_lwip *)u;
  e2b_mcp_lwip_conn *c;
  int h, r;
  if (s->h < 0) {
    for (h = 0; h < E2B_MCP_LWIP_SOCKS && l->c[h].state != E2B_MCP_LWIP_FREE; h++) {}
    if (h == E2B_MCP_LWIP_SOCKS) return E2B_MCP_ERR_CONNECT;   /* every slot busy */
    c = &l->c[h];
    memset(c, 0, sizeof *c);
    c->port = (u16_t)port;
#if LWIP_IPV6
    if (a->family == 6) { IP_SET_TYPE_VAL(c->addr, IPADDR_TYPE_V6); memcpy(ip_2_ip6(&c->addr)->addr, a->ip, 16); }
    else
#endif
    { IP_SET_TYPE_VAL(c->addr, IPADDR_TYPE_V4); memcpy(&ip_2_ip4(&c->addr)->addr, a->ip, 4); }
    e2b_mcp__lwip_start(c);
    s->h = h;
  }
  r = e2b_mcp_lwip_connected(l, (int)s->h);
  if (r == E2B_MCP_LWIP_AGAIN) return E2B_MCP_ERR_AGAIN;
  if (r != 0) { e2b_mcp_lwip_close(l, (int)s->h); s->h = -1; return E2B_MCP_ERR_CONNECT; }
  return 0;
}
static int e2b_mcp__lwip_p_send(void *u, e2b_mcp_sock *s, const unsigned char *p, size_t n) {
  int r = e2b_mcp_lwip_send((e2b_mcp_lwip *)u, (int)s->h, p, n);
  return r == E2B_MCP_LWIP_AGAIN ? E2B_MCP_ERR_AGAIN : r;
}
static int e2b_mcp__lwip_p_recv(void *u, e2b_mcp_sock *s, unsigned char *p, size_t n) {
  int r = e2b_mcp_lwip_recv((e2b_mcp_lwip *)u, (int)s->h, p, n);
  return r == E2B_MCP_LWIP_AGAIN ? E2B_MCP_ERR_AGAIN : r;
}
static void e2b_mcp__lwip_p_close(void *u, e2b_mcp_sock *s) {
  e2b_mcp_lwip_close((e2b_mcp_lwip *)u, (int)s->h);
  s->h = -1;
}
/* What a slot is ready for now (E2B_MCP_WANT_* bits; a failure or an end counts as readable). */
static int e2b_mcp__lwip_ready(e2b_mcp_lwip *l, intptr_t h) {
  const e2b_mcp_lwip_conn *c;
  if (h < 0 || h >= E2B_MCP_LWIP_SOCKS) return 0;
  c = &l->c[h];
  if (c->state == E2B_MCP_LWIP_LISTEN) {   /* readable: a client waits to be accepted */
    int i;
    for (i = 0; i < E2B_MCP_LWIP_SOCKS; i++) if (l->c[i].from == (int)h + 1) return E2B_MCP_WANT_READ;
    return 0;
  }
  if (c->state == E2B_MCP_LWIP_FAILED) return E2B_MCP_WANT_READ | E2B_MCP_WANT_WRITE;
  return (c->rx || c->state == E2B_MCP_LWIP_EOF ? E2B_MCP_WANT_READ : 0) |
         (e2b_mcp__lwip_writable(c) ? E2B_MCP_WANT_WRITE : 0);
}
/* Runs the board's poll until one of p is ready or timeout_ms pass. */
static int e2b_mcp__lwip_p_wait(void *u, e2b_mcp_poll *p, int n, int timeout_ms) {
  e2b_mcp_lwip *l = (e2b_mcp_lwip *)u;
  u32_t start = sys_now();
  for (;;) {
    int i, k = 0;
    s32_t left;
    for (i = 0; i < n; i++) {
      p[i].ready = p[i].sock ? e2b_mcp__lwip_ready(l, p[i].sock->h) & p[i].want : 0;
      if (p[i].ready) k++;
    }
    left = (s32_t)timeout_ms - (s32_t)(sys_now() - start);
    if (k || left <= 0) return k;
    e2b_mcp_lwip_wait(l, (int)left);
  }
}
static unsigned long e2b_mcp__lwip_p_now(void *u) { (void)u; return (unsigned long)sys_now(); }

/* ---- the server side: Streamable HTTP on the board ---- */
static int e2b_mcp__lwip_slot(e2b_mcp_lwip *l) {   /* a free slot, or -1 */
  int h;
  for (h = 0; h < E2B_MCP_LWIP_SOCKS; h++)
    if (l->c[h].state == E2B_MCP_LWIP_FREE) { memset(&l->c[h], 0, sizeof l->c[h]); l->c[h].owner = l; return h; }
  return -1;
}
/* lwIP accepted a client on a listening slot: it waits in a slot of its own until accept()
   takes it (data that comes first is kept); no free slot: refused (RST). */
static err_t e2b_mcp__lwip_on_accept(void *arg, struct tcp_pcb *pcb, err_t err) {
  e2b_mcp_lwip_conn *ls = (e2b_mcp_lwip_conn *)arg;
  e2b_mcp_lwip *l;
  int h;
  if (!ls || err != ERR_OK || !pcb) return ERR_VAL;
  l = ls->owner;
  if ((h = e2b_mcp__lwip_slot(l)) < 0) { tcp_abort(pcb); return ERR_ABRT; }
  l->c[h].pcb = pcb;
  l->c[h].state = E2B_MCP_LWIP_OPEN;
  l->c[h].from = (int)(ls - l->c) + 1;
  e2b_mcp__lwip_attach(&l->c[h]);
  ls->events++;
  return ERR_OK;
}
static int e2b_mcp__lwip_p_listen(void *u, e2b_mcp_sock *s, const char *host, unsigned port, unsigned *bound) {
  e2b_mcp_lwip *l = (e2b_mcp_lwip *)u;
  ip_addr_t a;
  struct tcp_pcb *pcb, *lp;
  int h;
  if (!host || !*host || strcmp(host, "0.0.0.0") == 0) ip_addr_set_any(0, &a);
  else if (strcmp(host, "localhost") == 0) ip_addr_set_loopback(0, &a);
  else if (!ipaddr_aton(host, &a)) return E2B_MCP_ERR_LISTEN;
  if ((h = e2b_mcp__lwip_slot(l)) < 0) return E2B_MCP_ERR_LISTEN;
  if (!(pcb = tcp_new_ip_type(IP_GET_TYPE(&a)))) return E2B_MCP_ERR_LISTEN;
  if (tcp_bind(pcb, &a, (u16_t)port) != ERR_OK) { tcp_close(pcb); return E2B_MCP_ERR_LISTEN; }
  if (!(lp = tcp_listen(pcb))) { tcp_close(pcb); return E2B_MCP_ERR_LISTEN; }   /* frees pcb when it works */
  l->c[h].pcb = lp;
  l->c[h].state = E2B_MCP_LWIP_LISTEN;
  tcp_arg(lp, &l->c[h]);
  tcp_accept(lp, e2b_mcp__lwip_on_accept);
  if (bound) *bound = lp->local_port;
  s->h = h;
  return 0;
}
static int e2b_mcp__lwip_p_accept(void *u, e2b_mcp_sock *ls, e2b_mcp_sock *c) {
  e2b_mcp_lwip *l = (e2b_mcp_lwip *)u;
  int h;
  for (h = 0; h < E2B_MCP_LWIP_SOCKS; h++)
    if (l->c[h].from == (int)ls->h + 1) { l->c[h].from = 0; c->h = h; return 1; }
  return 0;
}
static void e2b_mcp__lwip_p_shutdown(void *u, e2b_mcp_sock *s) {
  e2b_mcp_lwip_conn *c = &((e2b_mcp_lwip *)u)->c[s->h];
  if (c->pcb && c->state != E2B_MCP_LWIP_LISTEN) { tcp_shutdown(c->pcb, 0, 1); tcp_output(c->pcb); }
}
static int e2b_mcp__lwip_p_unsent(void *u, e2b_mcp_sock *s) {
  const e2b_mcp_lwip_conn *c = &((e2b_mcp_lwip *)u)->c[s->h];
  return c->pcb && c->state != E2B_MCP_LWIP_LISTEN && (c->pcb->unsent || c->pcb->unacked);
}
/* lwIP's own generator (LWIP_RAND: it must be unpredictable, e.g. a hardware RNG) */
static int e2b_mcp__lwip_p_random(void *u, unsigned char *p, size_t n) {
  (void)u;
  while (n--) p[n] = (unsigned char)(LWIP_RAND() >> 7);
  return 0;
}

/* Fills port with the contract over l, for e2b_mcp_config.sock_port: the client side, and the
   server side for Streamable HTTP on the board (E2B_MCP_HTTP). */
static void e2b_mcp_lwip_port(e2b_mcp_lwip *l, e2b_mcp_sock_port *port) {
  memset(port, 0, sizeof *port);
  port->user = l;
  port->resolve = e2b_mcp__lwip_p_resolve;
  port->connect = e2b_mcp__lwip_p_connect;
  port->send = e2b_mcp__lwip_p_send;
  port->recv = e2b_mcp__lwip_p_recv;
  port->close = e2b_mcp__lwip_p_close;
  port->wait = e2b_mcp__lwip_p_wait;
  port->now_ms = e2b_mcp__lwip_p_now;
  port->listen = e2b_mcp__lwip_p_listen;
  port->accept = e2b_mcp__lwip_p_accept;
  port->shutdown = e2b_mcp__lwip_p_shutdown;
  port->unsent = e2b_mcp__lwip_p_unsent;
  port->random = e2b_mcp__lwip_p_random;
}
#endif
