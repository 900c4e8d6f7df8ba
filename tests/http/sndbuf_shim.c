/* tests/http/sndbuf_shim.c - LD_PRELOAD shim for the HTTP rules suite: every accepted
   socket gets a 16 KiB send buffer (the kernel doubles it), so an answer of ~40 KB to a
   client that does not read fills it at once, as on a slow link. Loopback buffers are
   megabytes otherwise. Linux (glibc or musl) only; test builds only. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sys/socket.h>

int accept(int fd, struct sockaddr *addr, socklen_t *len) {
  static int (*real)(int, struct sockaddr *, socklen_t *);
  int c, size = 16384;
  if (!real) *(void **)&real = dlsym(RTLD_NEXT, "accept");
  c = real(fd, addr, len);
  if (c >= 0) setsockopt(c, SOL_SOCKET, SO_SNDBUF, &size, sizeof size);
  return c;
}
