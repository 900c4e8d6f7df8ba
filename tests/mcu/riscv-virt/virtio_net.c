/* tests/mcu/riscv-virt/virtio_net.c - the board's network driver (board.h's board_net_*): a
   polled lwIP netif driver for a virtio network device over MMIO (virtio 1.x, the "modern"
   register layout: QEMU's -global virtio-mmio.force-legacy=false), written from the virtio
   specification (OASIS virtio v1.1, sections 2.6 split virtqueues, 4.2 MMIO, 5.1 network).

   virt has eight virtio-mmio transports at 0x10001000 + 0x1000 * i (PLIC source 1 + i); the
   driver takes the first whose device is a network card. Two split virtqueues of RING
   entries each, every descriptor a whole frame in a static buffer (no chains, no offloads,
   no merged receive buffers: the features taken are VERSION_1 and MAC only). Receive
   buffers are all posted at start and posted again once lwIP has a copy; a frame to send is
   copied into a free transmit buffer, whose descriptor returns when the device has sent it.
   The interrupt only wakes the CPU (board.c); board_net_poll() acknowledges it and empties
   the used ring. */
#include "board.h"
#include "lwip/etharp.h"
#include "lwip/netif.h"
#include "lwip/pbuf.h"
#include <string.h>

#define MMIO_BASE 0x10001000u
#define MMIO_SLOTS 8
#define R(o) (*(volatile uint32_t *)(dev + (o)))
#define MAGIC            0x000
#define VERSION          0x004
#define DEVICE_ID        0x008
#define DEVICE_FEATURES  0x010
#define DEVICE_FEAT_SEL  0x014
#define DRIVER_FEATURES  0x020
#define DRIVER_FEAT_SEL  0x024
#define QUEUE_SEL        0x030
#define QUEUE_NUM_MAX    0x034
#define QUEUE_NUM        0x038
#define QUEUE_READY      0x044
#define QUEUE_NOTIFY     0x050
#define INT_STATUS       0x060
#define INT_ACK          0x064
#define STATUS           0x070
#define QUEUE_DESC_LO    0x080
#define QUEUE_DESC_HI    0x084
#define QUEUE_DRIVER_LO  0x090
#define QUEUE_DRIVER_HI  0x094
#define QUEUE_DEVICE_LO  0x0a0
#define QUEUE_DEVICE_HI  0x0a4
#define CONFIG           0x100   /* virtio_net_config: mac[6] first */
enum { ST_ACK = 1, ST_DRIVER = 2, ST_DRIVER_OK = 4, ST_FEATURES_OK = 8 };
#define F_MAC        (1u << 5)       /* feature word 0 */
#define F_VERSION_1  (1u << 0)       /* feature word 1: bit 32 */
#define DESC_WRITE 2u                /* the device writes into this buffer */

#define RING 8
#define HDR 12                       /* struct virtio_net_hdr with num_buffers (VERSION_1) */
#define FRAME_MAX 1514
struct desc { uint64_t addr; uint32_t len; uint16_t flags, next; };
struct avail { uint16_t flags, idx, ring[RING], used_event; };
struct used_elem { uint32_t id, len; };
struct used { uint16_t flags, idx; struct used_elem ring[RING]; uint16_t avail_event; };
struct vq {
  struct desc desc[RING] __attribute__((aligned(16)));
  struct avail avail __attribute__((aligned(2)));
  struct used used __attribute__((aligned(4)));
  uint16_t seen;                     /* used entries consumed */
  uint16_t sent;                     /* transmit: descriptors handed to the device */
};
static struct vq rxq, txq;
static uint8_t rx_buf[RING][HDR + FRAME_MAX] __attribute__((aligned(4)));
static uint8_t tx_buf[RING][HDR + FRAME_MAX] __attribute__((aligned(4)));
static uintptr_t dev;

#define BARRIER() __asm__ volatile("fence rw, rw" ::: "memory")

static void rx_post(uint16_t id) {
  rxq.avail.ring[rxq.avail.idx % RING] = id;
  BARRIER();
  rxq.avail.idx++;
  BARRIER();
}

static int queue_setup(unsigned q, struct vq *v) {
  R(QUEUE_SEL) = q;
  if (R(QUEUE_READY) || R(QUEUE_NUM_MAX) < RING) return -1;
  R(QUEUE_NUM) = RING;
  R(QUEUE_DESC_LO) = (uint32_t)(uintptr_t)v->desc;       R(QUEUE_DESC_HI) = 0;
  R(QUEUE_DRIVER_LO) = (uint32_t)(uintptr_t)&v->avail;   R(QUEUE_DRIVER_HI) = 0;
  R(QUEUE_DEVICE_LO) = (uint32_t)(uintptr_t)&v->used;    R(QUEUE_DEVICE_HI) = 0;
  R(QUEUE_READY) = 1;
  return 0;
}

static err_t vnet_output(struct netif *nif, struct pbuf *p) {
  uint16_t id;
  (void)nif;
  if (p->tot_len > FRAME_MAX) return ERR_BUF;
  while ((uint16_t)(txq.sent - txq.used.idx) >= RING) BARRIER();   /* every buffer in flight */
  id = txq.sent % RING;
  memset(tx_buf[id], 0, HDR);        /* no checksum offload, no segmentation */
  pbuf_copy_partial(p, tx_buf[id] + HDR, p->tot_len, 0);
  txq.desc[id].addr = (uint32_t)(uintptr_t)tx_buf[id];
  txq.desc[id].len = HDR + p->tot_len;
  txq.desc[id].flags = 0;
  txq.avail.ring[txq.avail.idx % RING] = id;
  BARRIER();
  txq.avail.idx++;
  txq.sent++;
  BARRIER();
  R(QUEUE_NOTIFY) = 1;
  return ERR_OK;
}

int board_net_poll(struct netif *nif) {
  int n = 0;
  uint32_t st = R(INT_STATUS);
  if (st) R(INT_ACK) = st;
  BARRIER();
  while (rxq.seen != rxq.used.idx) {
    const struct used_elem *e;
    uint16_t id;
    uint32_t len;
    struct pbuf *p;
    BARRIER();                       /* the entry is read after the index that published it */
    e = &rxq.used.ring[rxq.seen % RING];
    id = (uint16_t)e->id;
    len = e->len;
    rxq.seen++;
    if (id < RING && len > HDR && len <= HDR + FRAME_MAX &&
        (p = pbuf_alloc(PBUF_RAW, (u16_t)(len - HDR), PBUF_POOL)) != NULL) {   /* pool empty: dropped */
      pbuf_take(p, rx_buf[id] + HDR, (u16_t)(len - HDR));
      if (nif->input(p, nif) != ERR_OK) pbuf_free(p);
      n++;
    }
    if (id < RING) rx_post(id);
  }
  if (n) R(QUEUE_NOTIFY) = 0;
  return n;
}

err_t board_net_init(struct netif *nif) {
  unsigned i, slot;
  for (slot = 0; slot < MMIO_SLOTS; slot++) {
    dev = MMIO_BASE + 0x1000u * slot;
    if (R(MAGIC) == 0x74726976u && R(VERSION) == 2 && R(DEVICE_ID) == 1) break;
  }
  if (slot == MMIO_SLOTS) return ERR_IF;   /* none, or only a legacy transport */
  R(STATUS) = 0;                            /* reset */
  R(STATUS) = ST_ACK;
  R(STATUS) = ST_ACK | ST_DRIVER;
  R(DEVICE_FEAT_SEL) = 1;
  if (!(R(DEVICE_FEATURES) & F_VERSION_1)) return ERR_IF;
  R(DEVICE_FEAT_SEL) = 0;
  R(DRIVER_FEAT_SEL) = 0; R(DRIVER_FEATURES) = R(DEVICE_FEATURES) & F_MAC;
  R(DRIVER_FEAT_SEL) = 1; R(DRIVER_FEATURES) = F_VERSION_1;
  R(STATUS) = ST_ACK | ST_DRIVER | ST_FEATURES_OK;
  if (!(R(STATUS) & ST_FEATURES_OK)) return ERR_IF;
  for (i = 0; i < RING; i++) {
    rxq.desc[i].addr = (uint32_t)(uintptr_t)rx_buf[i];
    rxq.desc[i].len = sizeof rx_buf[i];
    rxq.desc[i].flags = DESC_WRITE;
    rx_post((uint16_t)i);
  }
  if (queue_setup(0, &rxq) != 0 || queue_setup(1, &txq) != 0) return ERR_IF;
  R(STATUS) = ST_ACK | ST_DRIVER | ST_FEATURES_OK | ST_DRIVER_OK;
  R(QUEUE_NOTIFY) = 0;                      /* the receive buffers are there */
  nif->hwaddr_len = 6;
  for (i = 0; i < 6; i++) nif->hwaddr[i] = *(volatile uint8_t *)(dev + CONFIG + i);
  board_irq_enable(1 + slot);
  nif->name[0] = 'v'; nif->name[1] = 'n';
  nif->mtu = 1500;
  nif->flags = NETIF_FLAG_BROADCAST | NETIF_FLAG_ETHARP | NETIF_FLAG_ETHERNET | NETIF_FLAG_LINK_UP;
  nif->output = etharp_output;
  nif->linkoutput = vnet_output;
  return ERR_OK;
}
