/* tests/mcu/board.h - board support for QEMU's mps2-an386 (Cortex-M4, 25 MHz): reset and
   vectors, a 1 ms SysTick clock, the CMSDK UART (the MCP client's line), ARM semihosting
   (exit code, log, wall clock, entropy, command line), the painted stack and the heap trap. */
#ifndef MCU_BOARD_H
#define MCU_BOARD_H
#include <stddef.h>

void board_init(void);
unsigned long board_ms(void);                 /* since reset, from SysTick */
unsigned long board_unix_s(void);             /* the host's wall clock (semihosting) */
int board_entropy(unsigned char *buf, unsigned n);   /* 0, or -1 when the host gave none */
unsigned long board_rand(void);               /* an entropy-seeded generator (lwIP's ports, ISNs) */
int board_uart_getc(void);                    /* a byte, or -1 when none is waiting */
void board_uart_write(const char *p, size_t n);
void board_log(const char *text);             /* one line on the semihosting log */
void board_logf(const char *fmt, ...);        /* %s %d %u %lu %x only */
const char *board_cmdline(void);              /* the -append text, without the kernel path */
void board_irq_enable(unsigned n);           /* an external interrupt: it wakes board_idle() */
void board_idle(void);                        /* sleep until the next interrupt (<= 1 ms) */
unsigned long long board_busy_ns(void);       /* time awake since reset; under QEMU -icount shift=0
                                                 one instruction is one nanosecond */
size_t board_stack_peak(void);                /* bytes of the stack ever used (painted at reset) */
size_t board_stack_size(void);
void board_exit(int code);                    /* ends QEMU with this exit code */
void board_fail(const char *why);             /* logs and exits 99 */
#endif
