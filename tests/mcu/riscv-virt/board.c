/* tests/mcu/riscv-virt/board.c - the RISC-V board: QEMU's virt machine with an RV32IMAC hart
   (see ../board.h; board_common.c has what both boards share).

   Machine mode only, no trap taken in normal running: the interrupts that end board_idle()'s
   WFI (the CLINT's timer, 1 ms ahead; the PLIC's external line for the UART and the virtio
   transports) are enabled in mie while mstatus.MIE stays 0, so they wake the hart without
   a handler, and the polling code finds the data. mtvec catches the exceptions (a fault
   logs FATAL and exits 99). Semihosting is the RISC-V semihosting sequence (slli; ebreak;
   srai), served by QEMU (-semihosting-config enable=on,target=native). */
#include "board.h"
#include <stdint.h>

/* CSR instructions: the Zicsr extension, which -march=rv32imac (the C library's multilib)
   leaves out of the assembler's instruction set since binutils 2.38 */
#define CSR(insn) ".option push\n.option arch, +zicsr\n" insn "\n.option pop"
#define REG32(a) (*(volatile uint32_t *)(a))
#define REG8(a)  (*(volatile uint8_t *)(a))

/* ---- semihosting: the three uncompressed instructions in one page (aligned(16) keeps
   them from straddling one), a0 the operation, a1 its argument, a0 the result ---- */
__attribute__((naked, aligned(16))) int board_semihost(int op __attribute__((unused)), void *arg __attribute__((unused))) {
  __asm__ volatile(".option push\n.option norvc\n"
                   "slli zero, zero, 0x1f\n"
                   "ebreak\n"
                   "srai zero, zero, 7\n"
                   ".option pop\n"
                   "ret\n");
}

/* ---- clock: the CLINT's mtime, 10 MHz on virt ---- */
#define MTIME_LO    REG32(0x0200BFF8u)
#define MTIME_HI    REG32(0x0200BFFCu)
#define MTIMECMP_LO REG32(0x02004000u)   /* hart 0 */
#define MTIMECMP_HI REG32(0x02004004u)
#define TICKS_PER_MS 10000u
static uint64_t mtime(void) {
  uint32_t hi, lo;
  do { hi = MTIME_HI; lo = MTIME_LO; } while (hi != MTIME_HI);
  return ((uint64_t)hi << 32) | lo;
}
unsigned long board_ms(void) { return (unsigned long)(mtime() / TICKS_PER_MS); }

/* ---- the PLIC: context 0 is hart 0's machine mode ---- */
#define PLIC_PRIORITY(n) REG32(0x0C000000u + 4u * (n))
#define PLIC_ENABLE      REG32(0x0C002000u)
#define PLIC_THRESHOLD   REG32(0x0C200000u)
#define PLIC_CLAIM       REG32(0x0C200004u)
#define MIE_MTIE (1u << 7)
#define MIE_MEIE (1u << 11)
void board_irq_enable(unsigned n) {
  PLIC_PRIORITY(n) = 1;
  PLIC_ENABLE |= 1u << n;
}

static uint64_t idle_ticks;
void board_idle(void) {
  uint64_t t0 = mtime(), due = t0 + TICKS_PER_MS;
  uint32_t id;
  MTIMECMP_HI = 0xffffffffu;            /* no spurious match while the halves change */
  MTIMECMP_LO = (uint32_t)due;
  MTIMECMP_HI = (uint32_t)(due >> 32);
  /* claimed and completed: a source still asserted (a byte waiting, a frame not yet taken)
     is pending again at once, so the WFI below does not sleep past it */
  while ((id = PLIC_CLAIM) != 0) PLIC_CLAIM = id;
  __asm__ volatile("wfi");
  idle_ticks += mtime() - t0;
}
unsigned long long board_busy_ns(void) { return (mtime() - idle_ticks) * (1000000000ULL / (TICKS_PER_MS * 1000ULL)); }

/* ---- UART0: the NS16550A at 0x10000000 (PLIC source 10) ---- */
#define UART_RBR REG8(0x10000000u)
#define UART_THR REG8(0x10000000u)
#define UART_IER REG8(0x10000001u)
#define UART_LSR REG8(0x10000005u)
#define UART_IRQ 10
int board_uart_getc(void) { return (UART_LSR & 1u) ? (int)UART_RBR : -1; }
void board_uart_write(const char *p, size_t n) {
  while (n--) {
    while (!(UART_LSR & 0x20u)) {}
    UART_THR = (uint8_t)*p++;
  }
}

void board_init(void) {
  /* The FIFOs stay off: switching them on clears them (16550), which would lose what the
     client sent while QEMU started; QEMU hands over the next byte once this one is read. */
  UART_IER = 0x01;     /* received data available: wakes board_idle */
  board_irq_enable(UART_IRQ);
  PLIC_THRESHOLD = 0;
  __asm__ volatile(CSR("csrs mie, %0") :: "r"(MIE_MTIE | MIE_MEIE));
  board_common_init();
}

/* ---- reset and exceptions ---- */
extern uint32_t _data_start[], _data_end[], _data_load[], _bss_start[], _bss_end[], _stack_bottom[];
int main(void);
__attribute__((interrupt("machine"), aligned(4))) static void board_trap(void) {
  uint32_t cause, epc, tval;
  __asm__ volatile(CSR("csrr %0, mcause") : "=r"(cause));
  __asm__ volatile(CSR("csrr %0, mepc") : "=r"(epc));
  __asm__ volatile(CSR("csrr %0, mtval") : "=r"(tval));
  board_logf("FATAL trap mcause=%x mepc=%x mtval=%x", (unsigned)cause, (unsigned)epc, (unsigned)tval);
  board_exit(99);
}
void board_reset(void) {
  uint32_t *d = _data_start, *s = _data_load;
  volatile uint32_t *p;
  uintptr_t sp;
  while (d < _data_end) *d++ = *s++;
  for (d = _bss_start; d < _bss_end; d++) *d = 0;
  __asm__ volatile("mv %0, sp" : "=r"(sp));
  for (p = _stack_bottom; (uintptr_t)p < sp - 64; p++) *p = BOARD_STACK_PAINT;
  __asm__ volatile(CSR("csrw mtvec, %0") :: "r"(board_trap));
  board_exit(main());
}
/* The entry: QEMU (-bios none) jumps to the start of DRAM, where virt.ld puts this. */
__attribute__((naked, section(".text.start"))) void board_start(void) {
  __asm__ volatile(".option push\n.option norelax\n"
                   "la gp, __global_pointer$\n"
                   ".option pop\n"
                   "la sp, _stack_top\n"
                   "j board_reset\n");
}
