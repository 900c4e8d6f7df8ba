/* tests/mcu/board_common.c - what every board of the firmware shares (see board.h): the
   semihosting services (exit code, log, wall clock, the host's /dev/urandom, the -append
   command line; QEMU serves them for Arm and RISC-V alike, target=native), the heap trap,
   the entropy-seeded generator and the painted stack. A board (tests/mcu/<board>/board.c)
   brings only its semihosting trap instruction (board_semihost), its clock, UART, interrupt
   wiring, reset code and network driver. */
#include "board.h"
#include <stdarg.h>
#include <stdint.h>
#include <string.h>

/* ---- semihosting (the ARM semihosting specification's operations) ---- */
enum { SH_OPEN = 0x01, SH_WRITE0 = 0x04, SH_READ = 0x06, SH_TIME = 0x11, SH_CMDLINE = 0x15,
       SH_EXIT = 0x18, SH_EXIT_EXTENDED = 0x20 };

void board_exit(int code) {
  uintptr_t blk[2];
  blk[0] = 0x20026;                  /* ADP_Stopped_ApplicationExit */
  blk[1] = (uintptr_t)code;
  board_semihost(SH_EXIT_EXTENDED, blk);
  board_semihost(SH_EXIT, (void *)0x20026); /* a host without the extension: exit 0 */
  for (;;) {}
}

void board_log(const char *text) {
  char line[160];
  size_t n = strlen(text);
  if (n > sizeof line - 2) n = sizeof line - 2;
  memcpy(line, text, n);
  line[n] = '\n'; line[n + 1] = 0;
  board_semihost(SH_WRITE0, line);
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

/* ---- the heap trap: nothing on a board may allocate. The C library's allocator and its
   system break are replaced by functions that end the run with a message, so a malloc
   anywhere in the library, lwIP, BearSSL or the C library (rand, stdio) fails the test.
   Both C libraries' names: newlib's reentrant _r forms and _sbrk, picolibc's sbrk. ---- */
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
void *sbrk(ptrdiff_t n) { (void)n; heap_trap("sbrk"); return (void *)-1; }

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
  uintptr_t open_blk[3], read_blk[3];
  int fd;
  open_blk[0] = (uintptr_t)"/dev/urandom"; open_blk[1] = 1; open_blk[2] = 12;   /* "rb" */
  fd = board_semihost(SH_OPEN, open_blk);
  if (fd < 0) return;
  read_blk[0] = (uintptr_t)fd; read_blk[1] = (uintptr_t)pool; read_blk[2] = sizeof pool;
  if (board_semihost(SH_READ, read_blk) != 0) return;   /* returns the bytes NOT read */
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

/* ---- the wall clock: the host's at boot, then the board's own milliseconds ---- */
static unsigned long boot_unix;
unsigned long board_unix_s(void) { return boot_unix + board_ms() / 1000; }

/* ---- stack painting: the linker script's stack region, painted at reset ---- */
extern uint32_t _stack_bottom[], _stack_top[];
size_t board_stack_size(void) { return (size_t)((char *)_stack_top - (char *)_stack_bottom); }
size_t board_stack_peak(void) {
  const uint32_t *p = _stack_bottom;
  while (p < _stack_top && *p == BOARD_STACK_PAINT) p++;
  return (size_t)((const char *)_stack_top - (const char *)p);
}

void board_common_init(void) {
  uintptr_t blk[2];
  blk[0] = (uintptr_t)cmdline; blk[1] = sizeof cmdline - 1;
  if (board_semihost(SH_CMDLINE, blk) != 0) cmdline[0] = 0;
  boot_unix = (unsigned long)board_semihost(SH_TIME, 0);
  entropy_init();
}
