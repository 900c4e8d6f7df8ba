/* tests/mcu/mps2-an386/board.c - the Cortex-M4 board: QEMU's mps2-an386 (see ../board.h).

   Polled everywhere: SysTick counts milliseconds; it, the UART's RX interrupt and the
   LAN9118's only wake board_idle(). Semihosting is the BKPT 0xAB call of the ARM semihosting specification,
   served by QEMU (-semihosting-config enable=on,target=native). */
#include "board.h"
#include <stdint.h>

#define REG(a) (*(volatile uint32_t *)(a))

/* ---- semihosting: BKPT 0xAB (board_common.c has the operations) ---- */
int board_semihost(int op, void *arg) {
  register int r0 __asm__("r0") = op;
  register void *r1 __asm__("r1") = arg;
  __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
  return r0;
}

/* ---- clock ---- */
#define SYST_CSR REG(0xE000E010)
#define SYST_RVR REG(0xE000E014)
#define SYST_CVR REG(0xE000E018)
#define CPU_HZ   25000000UL
static volatile unsigned long ticks;
static void systick_handler(void) { ticks++; }
unsigned long board_ms(void) { return ticks; }
/* SysTick's count since reset at 25 MHz; the idle part of it (asleep in board_idle). */
static uint64_t cycles(void) {
  unsigned long t;
  uint32_t v;
  do { t = ticks; v = SYST_CVR; } while (t != ticks);
  return (uint64_t)t * (CPU_HZ / 1000) + (CPU_HZ / 1000 - 1 - v);
}
static uint64_t idle_cycles;
static void wake_arm(void);
void board_idle(void) {
  uint64_t t0 = cycles();
  wake_arm();   /* a handler masks its interrupt: it wakes us once, never storms */
  __asm__ volatile("wfi");
  idle_cycles += cycles() - t0;
}
unsigned long long board_busy_ns(void) { return (cycles() - idle_cycles) * (1000000000ULL / CPU_HZ); }

/* ---- UART0 (CMSDK APB UART): one-byte data register, polled ---- */
#define UART_DATA  REG(0x40004000)
#define UART_STATE REG(0x40004004)
#define UART_CTRL  REG(0x40004008)
#define UART_INT   REG(0x4000400C)
#define UART_BAUD  REG(0x40004010)
/* Interrupts only end board_idle()'s sleep: a byte on the UART (IRQ 0) or a frame at the
   LAN9118 (IRQ 13) wakes the CPU at once instead of at the next tick; the handlers clear
   the source and leave the data to the polling code. */
#define NVIC_ISER0 REG(0xE000E100)
#define LAN_INT_STS REG(0x40200058)
#define NVIC_ICER0 REG(0xE000E180)
static uint32_t wake_irqs;   /* the interrupts that may wake board_idle */
static void uart_rx_handler(void) { UART_INT = 2; NVIC_ICER0 = 1u << 0; }
static void lan_handler(void) { LAN_INT_STS = 0xffffffffu; NVIC_ICER0 = 1u << 13; }
void board_irq_enable(unsigned n) { wake_irqs |= 1u << n; NVIC_ISER0 = 1u << n; }
static void wake_arm(void) { NVIC_ISER0 = wake_irqs; }
int board_uart_getc(void) { return (UART_STATE & 2u) ? (int)(UART_DATA & 0xffu) : -1; }
void board_uart_write(const char *p, size_t n) {
  while (n--) {
    while (UART_STATE & 1u) {}
    UART_DATA = (unsigned char)*p++;
  }
}

void board_init(void) {
  UART_BAUD = 16;
  UART_CTRL = 3 | 8;   /* TX and RX enabled, RX interrupt */
  board_irq_enable(0);    /* the LAN9118's IRQ 13 once its driver set the line up */
  SYST_RVR = CPU_HZ / 1000 - 1;
  SYST_CVR = 0;
  SYST_CSR = 7;    /* processor clock, interrupt, enabled */
  board_common_init();
}

/* ---- reset and vectors ---- */
extern uint32_t _data_start[], _data_end[], _data_load[], _bss_start[], _bss_end[], _stack_bottom[], _stack_top[];
int main(void);
static void fault_handler(void) { board_fail("hard fault"); }
void board_reset(void) {
  uint32_t *d = _data_start, *s = _data_load;
  volatile uint32_t *p;
  uint32_t sp;
  while (d < _data_end) *d++ = *s++;
  for (d = _bss_start; d < _bss_end; d++) *d = 0;
  __asm__ volatile("mov %0, sp" : "=r"(sp));
  for (p = _stack_bottom; (uintptr_t)p < sp - 64; p++) *p = BOARD_STACK_PAINT;
  board_exit(main());
}
__attribute__((section(".vectors"), used))
static const uintptr_t vectors[16 + 14] = {
  (uintptr_t)_stack_top, (uintptr_t)board_reset,
  (uintptr_t)fault_handler, (uintptr_t)fault_handler, (uintptr_t)fault_handler,
  (uintptr_t)fault_handler, (uintptr_t)fault_handler, 0, 0, 0, 0,
  (uintptr_t)fault_handler, (uintptr_t)fault_handler, 0,
  (uintptr_t)fault_handler, (uintptr_t)systick_handler,
  /* external interrupts 0..13 */
  (uintptr_t)uart_rx_handler, (uintptr_t)fault_handler, (uintptr_t)fault_handler, (uintptr_t)fault_handler,
  (uintptr_t)fault_handler, (uintptr_t)fault_handler, (uintptr_t)fault_handler, (uintptr_t)fault_handler,
  (uintptr_t)fault_handler, (uintptr_t)fault_handler, (uintptr_t)fault_handler, (uintptr_t)fault_handler,
  (uintptr_t)fault_handler, (uintptr_t)lan_handler
};
