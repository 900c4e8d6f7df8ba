/* tests/http/sndbuf_shim.c - LD_PRELOAD shim for the HTTP rules suite: every accepted
   socket gets a 16 KiB send buffer (the kernel doubles it), so an answer of ~40 KB to a
   client that does not read fills it at once, as on a slow link. Loopback buffers are
   megabytes otherwise. With SHIM_ACCEPT_MS=n each accept also takes n ms, as on a loaded
   machine (the clock moves while the server accepts a burst). Linux (glibc or musl) only;
   test builds only. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>

int accept(int fd, struct sockaddr *addr, socklen_t *len) {
  static int (*real)(int, struct sockaddr *, socklen_t *);
  int c, size = 16384;
  if (!real) *(void **)&real = dlsym(RTLD_NEXT, "accept");
  c = real(fd, addr, len);
  if (c >= 0) setsockopt(c, SOL_SOCKET, SO_SNDBUF, &size, sizeof size);
  if (c >= 0 && getenv("SHIM_ACCEPT_MS")) {
    struct timespec t;
    long ms = atol(getenv("SHIM_ACCEPT_MS"));
    t.tv_sec = ms / 1000; t.tv_nsec = (ms % 1000) * 1000000L;
    nanosleep(&t, NULL);
  }
  return c;
}
