/* tests/mcu/mps2-an386/lan9118.c - the board's network driver (board.h's board_net_*): a polled
   lwIP netif driver for the SMSC LAN9118 at 0x40200000.

   Polled, no DMA: the interrupt only wakes the CPU (board.c); lan9118_poll() moves every waiting frame from the RX FIFO
   into a pbuf from lwIP's pool and hands it to the stack; output writes one frame into
   the TX FIFO as a single buffer (command A, command B, data words). The TX status FIFO
   is left to overrun (TXSAO): the stack does not need per-frame status. */
#include "board.h"
#include "lwip/netif.h"
#include "lwip/etharp.h"
#include "lwip/pbuf.h"
#include <string.h>

#define LAN_BASE 0x40200000u
#define LAN(o) (*(volatile uint32_t *)(LAN_BASE + (o)))
#define RX_DATA     0x00
#define TX_DATA     0x20
#define RX_STATUS   0x40
#define IRQ_CFG     0x54
#define INT_EN      0x5c
#define BYTE_TEST   0x64
#define TX_CFG      0x70
#define HW_CFG      0x74
#define RX_FIFO_INF 0x7c
#define TX_FIFO_INF 0x80
#define PMT_CTRL    0x84
#define MAC_CSR_CMD 0xa4
#define MAC_CSR_DAT 0xa8
/* MAC registers, reached through MAC_CSR_CMD/DATA */
#define MAC_CR   1
#define MAC_ADDRH 2
#define MAC_ADDRL 3

#define FRAME_MAX 1536
static uint32_t frame[FRAME_MAX / 4];   /* one frame staged between the FIFO and a pbuf chain */
static uint16_t tx_tag;

static uint32_t mac_read(unsigned reg) {
  LAN(MAC_CSR_CMD) = 0x80000000u | 0x40000000u | reg;   /* busy | read */
  while (LAN(MAC_CSR_CMD) & 0x80000000u) {}
  return LAN(MAC_CSR_DAT);
}
static void mac_write(unsigned reg, uint32_t v) {
  LAN(MAC_CSR_DAT) = v;
  LAN(MAC_CSR_CMD) = 0x80000000u | reg;
  while (LAN(MAC_CSR_CMD) & 0x80000000u) {}
}

static err_t lan_output(struct netif *nif, struct pbuf *p) {
  uint32_t words, i, len = p->tot_len;
  (void)nif;
  if (len > FRAME_MAX) return ERR_BUF;
  pbuf_copy_partial(p, frame, (u16_t)len, 0);
  words = (len + 3) / 4;
  while ((LAN(TX_FIFO_INF) & 0xffffu) < words * 4 + 8) {}   /* room for the commands and data */
  tx_tag++;
  LAN(TX_DATA) = (1u << 13) | (1u << 12) | len;          /* A: first and last segment, size */
  LAN(TX_DATA) = ((uint32_t)tx_tag << 16) | len;          /* B: tag, packet length */
  for (i = 0; i < words; i++) LAN(TX_DATA) = frame[i];
  return ERR_OK;
}

int board_net_poll(struct netif *nif) {
  int n = 0;
  while ((LAN(RX_FIFO_INF) >> 16) & 0xffu) {
    uint32_t st = LAN(RX_STATUS), len = (st >> 16) & 0x3fffu, words = (len + 3) / 4, i;
    struct pbuf *p = NULL;
    int ok = !(st & (1u << 15)) && len > 4 && len <= FRAME_MAX;
    for (i = 0; i < words; i++) {
      uint32_t w = LAN(RX_DATA);
      if (ok) frame[i] = w;
    }
    if (!ok) continue;
    len -= 4;   /* the frame check sequence */
    p = pbuf_alloc(PBUF_RAW, (u16_t)len, PBUF_POOL);
    if (!p) continue;   /* pool empty: dropped, TCP retransmits */
    pbuf_take(p, frame, (u16_t)len);
    if (nif->input(p, nif) != ERR_OK) pbuf_free(p);
    n++;
  }
  return n;
}

err_t board_net_init(struct netif *nif) {
  uint32_t lo, hi;
  if (LAN(BYTE_TEST) != 0x87654321u) return ERR_IF;
  LAN(HW_CFG) = 1;                         /* soft reset */
  while (LAN(HW_CFG) & 1u) {}
  while (!(LAN(PMT_CTRL) & 1u)) {}         /* ready */
  lo = mac_read(MAC_ADDRL);
  hi = mac_read(MAC_ADDRH);
  nif->hwaddr_len = 6;
  nif->hwaddr[0] = (u8_t)lo; nif->hwaddr[1] = (u8_t)(lo >> 8);
  nif->hwaddr[2] = (u8_t)(lo >> 16); nif->hwaddr[3] = (u8_t)(lo >> 24);
  nif->hwaddr[4] = (u8_t)hi; nif->hwaddr[5] = (u8_t)(hi >> 8);
  LAN(TX_CFG) = (1u << 1) | (1u << 2);     /* TX on, status FIFO may overrun */
  /* a received frame raises the IRQ line (active high, push-pull); it only wakes the CPU */
  LAN(INT_EN) = 1u << 3;                   /* RX status FIFO level */
  LAN(IRQ_CFG) = (1u << 8) | (1u << 4) | 1u;
  board_irq_enable(13);                    /* only now: until IRQ_CFG is set the line idles high */
  mac_write(MAC_CR, (1u << 3) | (1u << 2) | (1u << 20));   /* TX, RX, full duplex */
  nif->name[0] = 'e'; nif->name[1] = 'n';
  nif->mtu = 1500;
  nif->flags = NETIF_FLAG_BROADCAST | NETIF_FLAG_ETHARP | NETIF_FLAG_ETHERNET | NETIF_FLAG_LINK_UP;
  nif->output = etharp_output;
  nif->linkoutput = lan_output;
  return ERR_OK;
}
