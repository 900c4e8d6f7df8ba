/* alloc_count.c - an LD_PRELOAD heap counter for build/e2b-mcp (glibc).

   Wraps malloc, calloc, realloc, free and the aligned variants, forwarding to
   glibc's __libc_* functions. For each allocation it logs one line to the file
   named by ALLOC_COUNT_LOG (opened at start-up):
       <fn> <size> <obj>+0x<offset> [<obj>+0x<offset> ...]
   the first frames of the call stack, as object file and offset (for
   addr2line), so a test can tell who asked: the program itself, or the C
   library on its behalf. Test code only; not part of the library. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <execinfo.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);

static int log_fd = -1;
static __thread int busy;   /* no logging from inside the logger (backtrace, dladdr) */

static void put(char *b, size_t *n, size_t cap, const char *s) {
  while (*s && *n + 1 < cap) b[(*n)++] = *s++;
}
static void put_hex(char *b, size_t *n, size_t cap, unsigned long v) {
  char t[24];
  int k = 0;
  do { t[k++] = "0123456789abcdef"[v & 15]; v >>= 4; } while (v);
  while (k && *n + 1 < cap) b[(*n)++] = t[--k];
}
static void put_dec(char *b, size_t *n, size_t cap, unsigned long v) {
  char t[24];
  int k = 0;
  do { t[k++] = (char)('0' + v % 10); v /= 10; } while (v);
  while (k && *n + 1 < cap) b[(*n)++] = t[--k];
}

static void record(const char *fn, size_t size) {
  void *frames[12];
  char line[1024];
  size_t n = 0;
  int i, depth;
  if (log_fd < 0 || busy) return;
  busy = 1;
  depth = backtrace(frames, 12);
  put(line, &n, sizeof line, fn);
  put(line, &n, sizeof line, " ");
  put_dec(line, &n, sizeof line, (unsigned long)size);
  for (i = 1; i < depth; i++) {   /* frame 0 is record() itself */
    Dl_info di;
    const char *obj = "?", *slash;
    unsigned long off = (unsigned long)frames[i];
    if (dladdr(frames[i], &di) && di.dli_fname) {
      obj = di.dli_fname;
      off = (unsigned long)((char *)frames[i] - (char *)di.dli_fbase);
    }
    slash = strrchr(obj, '/');
    if (slash) obj = slash + 1;
    if (strcmp(obj, "alloc_count.so") == 0) continue;
    put(line, &n, sizeof line, " ");
    put(line, &n, sizeof line, obj);
    put(line, &n, sizeof line, "+0x");
    put_hex(line, &n, sizeof line, off);
  }
  line[n++] = '\n';
  if (write(log_fd, line, n) < 0) { /* nothing to do */ }
  busy = 0;
}

void *malloc(size_t n) { record("malloc", n); return __libc_malloc(n); }
void *calloc(size_t a, size_t b) { record("calloc", a * b); return __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { record("realloc", n); return __libc_realloc(p, n); }
void free(void *p) { __libc_free(p); }
void *memalign(size_t al, size_t n) { record("memalign", n); return __libc_memalign(al, n); }
void *aligned_alloc(size_t al, size_t n) { record("aligned_alloc", n); return __libc_memalign(al, n); }
int posix_memalign(void **out, size_t al, size_t n) {
  record("posix_memalign", n);
  *out = __libc_memalign(al, n);
  return *out ? 0 : 12;
}

__attribute__((constructor)) static void alloc_count_init(void) {
  const char *path = getenv("ALLOC_COUNT_LOG");
  void *warm[2];
  busy = 1;
  backtrace(warm, 2);   /* loads the unwinder now, not inside the program's first malloc */
  busy = 0;
  if (path) log_fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644);
}
