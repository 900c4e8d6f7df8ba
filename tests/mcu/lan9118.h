/* tests/mcu/lan9118.h - a polled lwIP netif driver for the SMSC LAN9118 (mps2-an386: 0x40200000). */
#ifndef MCU_LAN9118_H
#define MCU_LAN9118_H
#include "lwip/netif.h"
err_t lan9118_netif_init(struct netif *nif);   /* for netif_add() */
int lan9118_poll(struct netif *nif);           /* frames handed to lwIP (0: none waiting) */
#endif
