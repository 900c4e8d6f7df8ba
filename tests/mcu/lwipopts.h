/* tests/mcu/lwipopts.h - lwIP 2.1 configuration of the board firmware: NO_SYS=1 (a
   superloop, no RTOS), raw API only, every buffer in lwIP's static pools (no libc heap),
   IPv4 with DHCP, DNS with a local host list, one Ethernet interface.
   What ports/e2b_mcp_sock_lwip.h needs of it is listed in ports/README.md. */
#ifndef MCU_LWIPOPTS_H
#define MCU_LWIPOPTS_H

#define NO_SYS                      1
#define SYS_LIGHTWEIGHT_PROT        0     /* single context: no interrupt touches lwIP */
#define LWIP_SOCKET                 0
#define LWIP_NETCONN                0
#define LWIP_NETIF_API              0

/* memory: lwIP's own static heap and pools, never malloc */
#define MEM_LIBC_MALLOC             0
#define MEMP_MEM_MALLOC             0
#define MEM_ALIGNMENT               4
#define MEM_SIZE                    (10 * 1024)   /* PBUF_RAM: tcp_write copies, ARP queue */
#define MEMP_NUM_PBUF               8
#define MEMP_NUM_UDP_PCB            3             /* DHCP, DNS */
#define MEMP_NUM_TCP_PCB            6             /* E2B (+ a closing one), two HTTP clients (+ closing) */
#define MEMP_NUM_TCP_PCB_LISTEN     1
#define MEMP_NUM_TCP_SEG            24
#define MEMP_NUM_ARP_QUEUE          4
#define MEMP_NUM_SYS_TIMEOUT        (LWIP_NUM_SYS_TIMEOUT_INTERNAL + 1)
#define PBUF_POOL_SIZE              12
#define PBUF_POOL_BUFSIZE           1536

/* protocols */
#define LWIP_IPV4                   1
#define LWIP_IPV6                   0
#define LWIP_ARP                    1
#define LWIP_ETHERNET               1
#define LWIP_ICMP                   1
#define LWIP_RAW                    0
#define LWIP_UDP                    1
#define LWIP_TCP                    1
#define LWIP_DHCP                   1
#define DHCP_DOES_ARP_CHECK         0     /* no 1 s wait for a conflicting address */
#define LWIP_DNS                    1
#define DNS_LOCAL_HOSTLIST          1
#define DNS_LOCAL_HOSTLIST_IS_DYNAMIC 1
#define MEMP_NUM_LOCALHOSTLIST      2
#define LWIP_IGMP                   0
#define LWIP_AUTOIP                 0

/* TCP: one connection to E2B at a time, answers of a few KiB */
#define TCP_MSS                     1460
#define TCP_WND                     (4 * TCP_MSS)
#define TCP_SND_BUF                 (4 * TCP_MSS)
#define TCP_SND_QUEUELEN            (4 * TCP_SND_BUF / TCP_MSS)
#define LWIP_TCP_KEEPALIVE          0
#define TCP_LISTEN_BACKLOG          0

/* the board's entropy-seeded generator: newlib's rand() would malloc its state */
unsigned long board_rand(void);
#define LWIP_RAND()                 ((u32_t)board_rand())

#define LWIP_NETIF_STATUS_CALLBACK  0
#define LWIP_NETIF_LINK_CALLBACK    0
#define LWIP_STATS                  0
#define LWIP_CHECKSUM_ON_COPY       0
#define LWIP_DEBUG                  0
#endif
