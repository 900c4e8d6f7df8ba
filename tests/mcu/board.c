/* tests/mcu/board.c - board support for QEMU's mps2-an386 (see board.h).

   Polled everywhere: SysTick counts milliseconds; it, the UART's RX interrupt and the
   LAN9118's only wake board_idle(). Semihosting is the BKPT 0xAB call of the ARM semihosting specification,
   served by QEMU (-semihosting-config enable=on,target=native). */
#include "board.h"
#include <stdarg.h>
#include <stdint.h>
#include <string.h>

#define REG(a) (*(volatile uint32_t *)(a))

/* ---- semihosting ---- */
enum { SH_OPEN = 0x01, SH_WRITE0 = 0x04, SH_READ = 0x06, SH_TIME = 0x11, SH_CMDLINE = 0x15,
       SH_EXIT = 0x18, SH_EXIT_EXTENDED = 0x20 };
static int sh_call(int op, void *arg) {
  register int r0 __asm__("r0") = op;
  register void *r1 __asm__("r1") = arg;
  __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
  return r0;
}

void board_exit(int code) {
  uint32_t blk[2];
  blk[0] = 0x20026;                  /* ADP_Stopped_ApplicationExit */
  blk[1] = (uint32_t)code;
  sh_call(SH_EXIT_EXTENDED, blk);
  sh_call(SH_EXIT, (void *)0x20026); /* a host without the extension: exit 0 */
  for (;;) {}
}

void board_log(const char *text) {
  char line[160];
  size_t n = strlen(text);
  if (n > sizeof line - 2) n = sizeof line - 2;
  memcpy(line, text, n);
  line[n] = '\n'; line[n + 1] = 0;
  sh_call(SH_WRITE0, line);
}

static char *put_u(char *o, char *end, unsigned long v, unsigned base) {
  char t[12];
  int i = 0;
  do { t[i++] = "0123456789abcdef"[v % base]; v /= base; } while (v && i < 12);
  while (i && o < end) *o++ = t[--i];
  return o;
}
void board_logf(const char *fmt, ...) {
  char line[160], *o = line, *end = line + sizeof line - 1;
  va_list ap;
  va_start(ap, fmt);
  for (; *fmt && o < end; fmt++) {
    if (*fmt != '%') { *o++ = *fmt; continue; }
    fmt++;
    if (*fmt == 'l') fmt++;
    if (*fmt == 's') { const char *s = va_arg(ap, const char *); while (s && *s && o < end) *o++ = *s++; }
    else if (*fmt == 'd') { long v = fmt[-1] == 'l' ? va_arg(ap, long) : va_arg(ap, int);
      if (v < 0 && o < end) { *o++ = '-'; v = -v; } o = put_u(o, end, (unsigned long)v, 10); }
    else if (*fmt == 'u') o = put_u(o, end, fmt[-1] == 'l' ? va_arg(ap, unsigned long) : va_arg(ap, unsigned), 10);
    else if (*fmt == 'x') o = put_u(o, end, fmt[-1] == 'l' ? va_arg(ap, unsigned long) : va_arg(ap, unsigned), 16);
    else if (!*fmt) break;
    else *o++ = *fmt;
  }
  va_end(ap);
  *o = 0;
  board_log(line);
}

void board_fail(const char *why) {
  board_logf("FATAL %s", why ? why : "?");
  board_exit(99);
}

/* ---- the heap trap: nothing on this board may allocate. newlib's allocator and its
   system break are replaced by functions that end the run with a message, so a malloc
   anywhere in the library, lwIP, BearSSL or newlib (rand, stdio) fails the test. ---- */
struct _reent;
static void heap_trap(const char *who) {
  board_logf("HEAP TRAP: %s called (this firmware must not allocate)", who);
  board_exit(98);
}
void *malloc(size_t n) { (void)n; heap_trap("malloc"); return 0; }
void *calloc(size_t a, size_t b) { (void)a; (void)b; heap_trap("calloc"); return 0; }
void *realloc(void *p, size_t n) { (void)p; (void)n; heap_trap("realloc"); return 0; }
void free(void *p) { if (p) heap_trap("free"); }
void *_malloc_r(struct _reent *r, size_t n) { (void)r; (void)n; heap_trap("_malloc_r"); return 0; }
void *_calloc_r(struct _reent *r, size_t a, size_t b) { (void)r; (void)a; (void)b; heap_trap("_calloc_r"); return 0; }
void *_realloc_r(struct _reent *r, void *p, size_t n) { (void)r; (void)p; (void)n; heap_trap("_realloc_r"); return 0; }
void _free_r(struct _reent *r, void *p) { (void)r; if (p) heap_trap("_free_r"); }
void *_sbrk(ptrdiff_t n) { (void)n; heap_trap("_sbrk"); return (void *)-1; }

/* ---- clock ---- */
#define SYST_CSR REG(0xE000E010)
#define SYST_RVR REG(0xE000E014)
#define SYST_CVR REG(0xE000E018)
#define CPU_HZ   25000000UL
static volatile unsigned long ticks;
static unsigned long boot_unix;
static void systick_handler(void) { ticks++; }
unsigned long board_ms(void) { return ticks; }
unsigned long board_unix_s(void) { return boot_unix + ticks / 1000; }
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

/* ---- entropy: the host's /dev/urandom through semihosting, once, then a generator ---- */
static unsigned char pool[32];
static int pool_ok;
static uint32_t rng_state[4];
int board_entropy(unsigned char *buf, unsigned n) {
  unsigned i;
  if (!pool_ok) return -1;
  for (i = 0; i < n; i++) buf[i] = (unsigned char)(board_rand() >> 11);
  return 0;
}
unsigned long board_rand(void) {   /* xoshiro128** */
  uint32_t *s = rng_state, r = s[1] * 5, t = s[1] << 9;
  r = ((r << 7) | (r >> 25)) * 9;
  s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t;
  s[3] = (s[3] << 11) | (s[3] >> 21);
  return r;
}
static void entropy_init(void) {
  uint32_t open_blk[3], read_blk[3];
  int fd;
  open_blk[0] = (uint32_t)(uintptr_t)"/dev/urandom"; open_blk[1] = 1; open_blk[2] = 12;   /* "rb" */
  fd = sh_call(SH_OPEN, open_blk);
  if (fd < 0) return;
  read_blk[0] = (uint32_t)fd; read_blk[1] = (uint32_t)(uintptr_t)pool; read_blk[2] = sizeof pool;
  if (sh_call(SH_READ, read_blk) != 0) return;   /* returns the bytes NOT read */
  memcpy(rng_state, pool, sizeof rng_state);
  if (!(rng_state[0] | rng_state[1] | rng_state[2] | rng_state[3])) rng_state[0] = 1;
  pool_ok = 1;
}

/* ---- command line: "kernel-path args..." ---- */
static char cmdline[512];
const char *board_cmdline(void) {
  const char *p = cmdline;
  while (*p && *p != ' ') p++;
  while (*p == ' ') p++;
  return p;
}
static void cmdline_init(void) {
  uint32_t blk[2];
  blk[0] = (uint32_t)(uintptr_t)cmdline; blk[1] = sizeof cmdline - 1;
  if (sh_call(SH_CMDLINE, blk) != 0) cmdline[0] = 0;
}

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

/* ---- stack painting ---- */
extern uint32_t _stack_bottom[], _stack_top[];
#define PAINT 0xC0FFEE55u
size_t board_stack_size(void) { return (size_t)((char *)_stack_top - (char *)_stack_bottom); }
size_t board_stack_peak(void) {
  const uint32_t *p = _stack_bottom;
  while (p < _stack_top && *p == PAINT) p++;
  return (size_t)((const char *)_stack_top - (const char *)p);
}

void board_init(void) {
  UART_BAUD = 16;
  UART_CTRL = 3 | 8;   /* TX and RX enabled, RX interrupt */
  board_irq_enable(0);    /* the LAN9118's IRQ 13 once its driver set the line up */
  SYST_RVR = CPU_HZ / 1000 - 1;
  SYST_CVR = 0;
  SYST_CSR = 7;    /* processor clock, interrupt, enabled */
  cmdline_init();
  boot_unix = (unsigned long)sh_call(SH_TIME, 0);
  entropy_init();
}

/* ---- reset and vectors ---- */
extern uint32_t _data_start[], _data_end[], _data_load[], _bss_start[], _bss_end[];
int main(void);
static void fault_handler(void) { board_fail("hard fault"); }
void board_reset(void) {
  uint32_t *d = _data_start, *s = _data_load;
  volatile uint32_t *p;
  uint32_t sp;
  while (d < _data_end) *d++ = *s++;
  for (d = _bss_start; d < _bss_end; d++) *d = 0;
  __asm__ volatile("mov %0, sp" : "=r"(sp));
  for (p = _stack_bottom; (uintptr_t)p < sp - 64; p++) *p = PAINT;
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
