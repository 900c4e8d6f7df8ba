/* tests/mcu/board.h - what the firmware asks of a board. Two boards implement it: QEMU's
   mps2-an386 (Cortex-M4, tests/mcu/mps2-an386/) and QEMU's virt (RV32IMAC,
   tests/mcu/riscv-virt/); what they share (semihosting services, the heap trap, the
   generator, the painted stack) is tests/mcu/board_common.c. A board provides its reset
   code and linker script, a millisecond clock, the UART (the MCP client's line), the wake-up
   interrupts, its semihosting trap and a polled lwIP network driver. */
#ifndef MCU_BOARD_H
#define MCU_BOARD_H
#include <stddef.h>
#include <stdint.h>

void board_init(void);
unsigned long board_ms(void);                 /* since reset, from the board's timer */
unsigned long board_unix_s(void);             /* the host's wall clock (semihosting) */
int board_entropy(unsigned char *buf, unsigned n);   /* 0, or -1 when the host gave none */
unsigned long board_rand(void);               /* an entropy-seeded generator (lwIP's ports, ISNs) */
int board_uart_getc(void);                    /* a byte, or -1 when none is waiting */
void board_uart_write(const char *p, size_t n);
void board_log(const char *text);             /* one line on the semihosting log */
void board_logf(const char *fmt, ...);        /* %s %d %u %lu %x only */
const char *board_cmdline(void);              /* the -append text, without the kernel path */
void board_idle(void);                        /* sleep until the next interrupt (<= 1 ms) */
unsigned long long board_busy_ns(void);       /* time awake since reset; under QEMU -icount shift=0
                                                 one instruction is one nanosecond */
size_t board_stack_peak(void);                /* bytes of the stack ever used (painted at reset) */
size_t board_stack_size(void);
void board_exit(int code);                    /* ends QEMU with this exit code */
void board_fail(const char *why);             /* logs and exits 99 */

/* The network driver (the board's own): an lwIP netif, polled from the superloop. */
struct netif;
int8_t board_net_init(struct netif *nif);     /* for netif_add(): an lwIP err_t */
int board_net_poll(struct netif *nif);        /* frames handed to lwIP (0: none waiting) */

/* Between a board and board_common.c */
int board_semihost(int op, void *arg);        /* the board's semihosting trap */
void board_common_init(void);                 /* command line, wall clock, entropy */
void board_irq_enable(unsigned n);            /* an interrupt that wakes board_idle() */
#define BOARD_STACK_PAINT 0xC0FFEE55u
#endif
