/* bench/malloc_count.c - LD_PRELOAD heap-allocation counter for the bench (bench/run.sh).

   Counts every malloc/calloc/realloc/memalign/posix_memalign/aligned_alloc/valloc call of
   the process and sorts them by caller: made by the program's own code (the return address
   lies in the executable's mappings: e2b_mcp.h, the ports, BearSSL linked statically into
   it...) or by a shared library on its behalf (libc's getaddrinfo, stdio, the dynamic
   loader...). At exit it writes "own=N libc=N" to the file named by $MALLOC_COUNT_OUT.
   Forwarding uses glibc's __libc_* entry points; only syscalls are used inside. */
#define _GNU_SOURCE
#include <stddef.h>
#include <fcntl.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static unsigned long own, other;
static unsigned long lo[16], hi[16];
static int nr;

static int hexval(char c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1; }
__attribute__((constructor)) static void mc_init(void) {
  static char maps[1 << 16], exe[512];
  ssize_t n, el = readlink("/proc/self/exe", exe, sizeof exe - 1);
  int fd = open("/proc/self/maps", O_RDONLY);
  size_t len = 0;
  char *p;
  if (el <= 0 || fd < 0) return;
  exe[el] = 0;
  while ((n = read(fd, maps + len, sizeof maps - 1 - len)) > 0) len += (size_t)n;
  close(fd);
  maps[len] = 0;
  for (p = maps; *p && nr < 16;) {
    char *e = strchr(p, '\n');
    unsigned long a = 0, b = 0;
    int v;
    if (e) *e = 0;
    if (strstr(p, exe)) {
      char *q = p;
      while ((v = hexval(*q)) >= 0) { a = a * 16 + (unsigned long)v; q++; }
      q++;
      while ((v = hexval(*q)) >= 0) { b = b * 16 + (unsigned long)v; q++; }
      lo[nr] = a; hi[nr] = b; nr++;
    }
    if (!e) break;
    p = e + 1;
  }
}
static void count(void *ra) {
  unsigned long a = (unsigned long)ra;
  int i;
  for (i = 0; i < nr; i++) if (a >= lo[i] && a < hi[i]) { own++; return; }
  other++;
}
static void put_num(char *b, size_t *k, unsigned long v) {
  char t[24]; int n = 0;
  do { t[n++] = (char)('0' + v % 10); v /= 10; } while (v);
  while (n) b[(*k)++] = t[--n];
}
__attribute__((destructor)) static void mc_fini(void) {
  const char *path = getenv("MALLOC_COUNT_OUT");
  char b[96]; size_t k = 0; int fd;
  if (!path) return;
  memcpy(b + k, "own=", 4); k += 4; put_num(b, &k, own);
  memcpy(b + k, " libc=", 6); k += 6; put_num(b, &k, other);
  b[k++] = '\n';
  fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd >= 0) { ssize_t w = write(fd, b, k); (void)w; close(fd); }
}

void *malloc(size_t n) { count(__builtin_return_address(0)); return __libc_malloc(n); }
void *calloc(size_t a, size_t b) { count(__builtin_return_address(0)); return __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { count(__builtin_return_address(0)); return __libc_realloc(p, n); }
void *memalign(size_t a, size_t n) { count(__builtin_return_address(0)); return __libc_memalign(a, n); }
void *aligned_alloc(size_t a, size_t n) { count(__builtin_return_address(0)); return __libc_memalign(a, n); }
void *valloc(size_t n) { count(__builtin_return_address(0)); return __libc_memalign(4096, n); }
int posix_memalign(void **r, size_t a, size_t n) {
  count(__builtin_return_address(0));
  *r = __libc_memalign(a, n);
  return *r ? 0 : 12;
}
