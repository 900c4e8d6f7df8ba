/* ports/e2b_mcp_sock_win32.h - the Windows socket port of e2b_mcp.h.

   The port contract (e2b_mcp_sock_port, documented in e2b_mcp.h) on Winsock 2:
   non-blocking sockets, WSAPoll for the readiness wait, GetTickCount64 for
   the clock and BCryptGenRandom for random bytes. It uses only the public part
   of e2b_mcp.h (types and E2B_MCP_ERR_* codes) and gives two things: the
   struct e2b_mcp_sock_win32, and e2b_mcp_sock_win32_stdin, stdin as a socket
   the wait can watch (WSAPoll takes sockets only, and a console or a pipe is
   neither: a thread copies stdin into a loopback connection).

   e2b_mcp.h's implementation includes it when E2B_MCP_SOCK_WIN32 is selected
   (the default when _WIN32 is defined) and uses it when
   e2b_mcp_config.sock_port is NULL. Link with -lws2_32 -lbcrypt. DNS is
   getaddrinfo (numeric addresses skip it), the one call here that may block.
   Winsock is started (WSAStartup) by the first call that needs it.

   WSAPoll before Windows 10 2004 did not report a connection that failed: such
   a connect then ends at the library's connect timeout instead of at once. */
#ifndef E2B_MCP_SOCK_WIN32_IMPL
#define E2B_MCP_SOCK_WIN32_IMPL

#if !defined(_WIN32_WINNT) || _WIN32_WINNT < 0x0600
#  undef _WIN32_WINNT
#  define _WIN32_WINNT 0x0600   /* Vista: WSAPoll, inet_pton, GetTickCount64 */
#endif
#include <winsock2.h>
#include <ws2tcpip.h>
#include <windows.h>
#include <bcrypt.h>
#include <string.h>

static int e2b_mcp__sock_win32_start(void) {
  static volatile LONG started;
  WSADATA wd;
  if (started) return 0;
  if (WSAStartup(MAKEWORD(2, 2), &wd) != 0) return -1;
  InterlockedExchange(&started, 1);
  return 0;
}

static unsigned long e2b_mcp__sock_win32_now(void *user) {
  (void)user;
  return (unsigned long)GetTickCount64();
}

static int e2b_mcp__sock_win32_resolve(void *user, const char *host, e2b_mcp_addr *a) {
  struct addrinfo hints, *res = NULL, *ai;
  (void)user;
  memset(a, 0, sizeof *a);
  if (e2b_mcp__sock_win32_start() != 0) return E2B_MCP_ERR_DNS;
  if (inet_pton(AF_INET, host, a->ip) == 1) { a->family = 4; return 0; }
  if (inet_pton(AF_INET6, host, a->ip) == 1) { a->family = 6; return 0; }
  memset(&hints, 0, sizeof hints);
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  if (getaddrinfo(host, NULL, &hints, &res) != 0 || !res) return E2B_MCP_ERR_DNS;
  /* IPv4 first where the name has both ("localhost" to a server on 127.0.0.1) */
  for (ai = res; ai && !a->family; ai = ai->ai_next)
    if (ai->ai_family == AF_INET) {
      memcpy(a->ip, &((const struct sockaddr_in *)(const void *)ai->ai_addr)->sin_addr, 4);
      a->family = 4;
    }
  for (ai = res; ai && !a->family; ai = ai->ai_next)
    if (ai->ai_family == AF_INET6) {
      memcpy(a->ip, &((const struct sockaddr_in6 *)(const void *)ai->ai_addr)->sin6_addr, 16);
      a->family = 6;
    }
  freeaddrinfo(res);
  return a->family ? 0 : E2B_MCP_ERR_DNS;
}

static void e2b_mcp__sock_win32_setup(SOCKET fd) {
  u_long on = 1;
  BOOL nodelay = TRUE;
  ioctlsocket(fd, FIONBIO, &on);
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, (const char *)&nodelay, sizeof nodelay);
}

static void e2b_mcp__sock_win32_close(void *user, e2b_mcp_sock *s) {
  (void)user;
  if (s->h >= 0) closesocket((SOCKET)s->h);
  s->h = -1;
}

/* A socket handle is an unsigned number below INVALID_SOCKET; the library keeps
   it in an intptr_t where < 0 means none. */
static int e2b_mcp__sock_win32_keep(e2b_mcp_sock *s, SOCKET fd) {
  if (fd == INVALID_SOCKET || (intptr_t)fd < 0) return -1;
  s->h = (intptr_t)fd;
  return 0;
}

static int e2b_mcp__sock_win32_connect(void *user, e2b_mcp_sock *s, const e2b_mcp_addr *a, unsigned port) {
  struct sockaddr_in a4;
  struct sockaddr_in6 a6;
  SOCKET fd;
  int r;
  if (s->h >= 0) {   /* in progress: how did it go? */
    WSAPOLLFD p;
    int soerr = 0, sl = sizeof soerr;
    p.fd = (SOCKET)s->h; p.events = POLLWRNORM; p.revents = 0;
    if (WSAPoll(&p, 1, 0) == 0) return E2B_MCP_ERR_AGAIN;
    if (getsockopt((SOCKET)s->h, SOL_SOCKET, SO_ERROR, (char *)&soerr, &sl) != 0 || soerr != 0 || (p.revents & (POLLERR | POLLHUP))) {
      e2b_mcp__sock_win32_close(user, s);
      return E2B_MCP_ERR_CONNECT;
    }
    return 0;
  }
  if (e2b_mcp__sock_win32_start() != 0) return E2B_MCP_ERR_CONNECT;
  memset(&a4, 0, sizeof a4);
  memset(&a6, 0, sizeof a6);
  fd = socket(a->family == 6 ? AF_INET6 : AF_INET, SOCK_STREAM, IPPROTO_TCP);
  if (e2b_mcp__sock_win32_keep(s, fd) != 0) return E2B_MCP_ERR_CONNECT;
  e2b_mcp__sock_win32_setup(fd);
  if (a->family == 6) {
    a6.sin6_family = AF_INET6; a6.sin6_port = htons((unsigned short)port);
    memcpy(&a6.sin6_addr, a->ip, 16);
    r = connect(fd, (const struct sockaddr *)&a6, sizeof a6);
  } else {
    a4.sin_family = AF_INET; a4.sin_port = htons((unsigned short)port);
    memcpy(&a4.sin_addr, a->ip, 4);
    r = connect(fd, (const struct sockaddr *)&a4, sizeof a4);
  }
  if (r == 0) return 0;
  if (WSAGetLastError() == WSAEWOULDBLOCK || WSAGetLastError() == WSAEINPROGRESS) return E2B_MCP_ERR_AGAIN;
  e2b_mcp__sock_win32_close(user, s);
  return E2B_MCP_ERR_CONNECT;
}

static int e2b_mcp__sock_win32_send(void *user, e2b_mcp_sock *s, const unsigned char *p, size_t n) {
  int r, e;
  (void)user;
  r = send((SOCKET)s->h, (const char *)p, n > 0x40000000 ? 0x40000000 : (int)n, 0);
  if (r > 0) return r;
  e = WSAGetLastError();
  if (r < 0 && e == WSAEWOULDBLOCK) return E2B_MCP_ERR_AGAIN;
  return e == WSAESHUTDOWN || e == WSAENOTCONN ? E2B_MCP_ERR_CLOSED : E2B_MCP_ERR_RESET;
}

static int e2b_mcp__sock_win32_recv(void *user, e2b_mcp_sock *s, unsigned char *p, size_t n) {
  int r;
  (void)user;
  r = recv((SOCKET)s->h, (char *)p, n > 0x40000000 ? 0x40000000 : (int)n, 0);
  if (r >= 0) return r;
  if (WSAGetLastError() == WSAEWOULDBLOCK) return E2B_MCP_ERR_AGAIN;
  return E2B_MCP_ERR_RESET;
}

/* WSAPoll takes only open sockets (an empty array is an error, not a wait):
   the entries with one are packed, and with none the wait is a sleep. */
static int e2b_mcp__sock_win32_wait(void *user, e2b_mcp_poll *q, int n, int timeout_ms) {
  WSAPOLLFD p[E2B_MCP_SOCK_WIN32_WAIT_MAX];
  int map[E2B_MCP_SOCK_WIN32_WAIT_MAX];
  int i, k = 0, r;
  (void)user;
  for (i = 0; i < n; i++) {
    q[i].ready = 0;
    if (!q[i].sock || q[i].sock->h < 0 || !q[i].want || k == E2B_MCP_SOCK_WIN32_WAIT_MAX) continue;
    p[k].fd = (SOCKET)q[i].sock->h;
    p[k].events = (SHORT)(((q[i].want & E2B_MCP_WANT_READ) ? POLLRDNORM : 0) | ((q[i].want & E2B_MCP_WANT_WRITE) ? POLLWRNORM : 0));
    p[k].revents = 0;
    map[k++] = i;
  }
  if (k == 0) { if (timeout_ms > 0) Sleep((DWORD)timeout_ms); return 0; }
  r = WSAPoll(p, (ULONG)k, timeout_ms < 0 ? -1 : timeout_ms);
  if (r <= 0) {   /* the time ran out; a failure is not taken for one: it is slept off */
    if (r < 0 && timeout_ms > 0) Sleep(timeout_ms < 50 ? (DWORD)timeout_ms : 50);
    return 0;
  }
  for (i = 0; i < k; i++) {
    e2b_mcp_poll *e = &q[map[i]];
    if (p[i].revents & (POLLRDNORM | POLLHUP | POLLERR | POLLNVAL)) e->ready |= E2B_MCP_WANT_READ;
    if (p[i].revents & (POLLWRNORM | POLLHUP | POLLERR)) e->ready |= e->want & E2B_MCP_WANT_WRITE;
  }
  return r;
}

/* ---- the server side, for the Streamable HTTP transport ---- */

static int e2b_mcp__sock_win32_listen(void *user, e2b_mcp_sock *s, const char *host, unsigned port, unsigned *bound) {
  struct sockaddr_in a4;
  struct sockaddr_in6 a6;
  struct sockaddr *sa;
  int len, family;
  BOOL excl = TRUE;
  SOCKET fd;
  u_long on = 1;
  (void)user;
  if (e2b_mcp__sock_win32_start() != 0) return E2B_MCP_ERR_LISTEN;
  memset(&a4, 0, sizeof a4);
  memset(&a6, 0, sizeof a6);
  if (strcmp(host, "localhost") == 0) host = "127.0.0.1";
  if (inet_pton(AF_INET, host, &a4.sin_addr) == 1) {
    a4.sin_family = AF_INET; a4.sin_port = htons((unsigned short)port);
    sa = (struct sockaddr *)&a4; len = sizeof a4; family = AF_INET;
  } else if (inet_pton(AF_INET6, host, &a6.sin6_addr) == 1) {
    a6.sin6_family = AF_INET6; a6.sin6_port = htons((unsigned short)port);
    sa = (struct sockaddr *)&a6; len = sizeof a6; family = AF_INET6;
  } else return E2B_MCP_ERR_LISTEN;
  fd = socket(family, SOCK_STREAM, IPPROTO_TCP);
  if (fd == INVALID_SOCKET) return E2B_MCP_ERR_LISTEN;
  /* Windows' SO_REUSEADDR lets another process take the port while we hold it:
     exclusive use instead */
  setsockopt(fd, SOL_SOCKET, SO_EXCLUSIVEADDRUSE, (const char *)&excl, sizeof excl);
  if (bind(fd, sa, len) != 0 || listen(fd, 128) != 0) { closesocket(fd); return E2B_MCP_ERR_LISTEN; }
  ioctlsocket(fd, FIONBIO, &on);
  if (getsockname(fd, sa, &len) == 0)
    *bound = ntohs(family == AF_INET ? a4.sin_port : a6.sin6_port);
  if (e2b_mcp__sock_win32_keep(s, fd) != 0) { closesocket(fd); return E2B_MCP_ERR_LISTEN; }
  return 0;
}

static int e2b_mcp__sock_win32_accept(void *user, e2b_mcp_sock *l, e2b_mcp_sock *c) {
  SOCKET fd;
  (void)user;
  fd = accept((SOCKET)l->h, NULL, NULL);
  if (fd == INVALID_SOCKET) return 0;   /* WSAEWOULDBLOCK, or an aborted connection: nothing to take */
  e2b_mcp__sock_win32_setup(fd);
  if (e2b_mcp__sock_win32_keep(c, fd) != 0) { closesocket(fd); return 0; }
  return 1;
}

static void e2b_mcp__sock_win32_shutdown(void *user, e2b_mcp_sock *s) {
  (void)user;
  if (s->h >= 0) shutdown((SOCKET)s->h, SD_SEND);
}

/* Whether bytes sent on s have yet to reach the peer. Winsock does not count
   them: whether the send buffer is full is the best it tells. */
static int e2b_mcp__sock_win32_unsent(void *user, e2b_mcp_sock *s) {
  WSAPOLLFD p;
  (void)user;
  p.fd = (SOCKET)s->h; p.events = POLLWRNORM; p.revents = 0;
  return WSAPoll(&p, 1, 0) == 0;
}

static int e2b_mcp__sock_win32_random(void *user, unsigned char *p, size_t n) {
  (void)user;
  return BCryptGenRandom(NULL, p, (ULONG)n, BCRYPT_USE_SYSTEM_PREFERRED_RNG) == 0 ? 0 : -1;
}

/* ---- stdin as a socket ---- */

typedef struct e2b_mcp__win32_stdin { HANDLE in; SOCKET out; } e2b_mcp__win32_stdin;

/* The copying thread: stdin's bytes into the loopback connection, then its end. */
static DWORD WINAPI e2b_mcp__sock_win32_stdin_pump(LPVOID arg) {
  e2b_mcp__win32_stdin *st = (e2b_mcp__win32_stdin *)arg;
  char buf[4096];
  DWORD got;
  while (ReadFile(st->in, buf, sizeof buf, &got, NULL) && got > 0) {
    DWORD at = 0;
    while (at < got) {
      int r = send(st->out, buf + at, (int)(got - at), 0);
      if (r <= 0) goto done;
      at += (DWORD)r;
    }
  }
done:
  shutdown(st->out, SD_SEND);
  closesocket(st->out);
  return 0;
}

/* Sets s to a non-blocking socket that yields what arrives on stdin (its end
   when stdin ends), for the stdio transport to wait on with the calls'
   sockets. 0, or -1 (then the transport reads stdin directly, blocking). One
   stdin: a second call gives -1. */
#if defined(__GNUC__)
__attribute__((unused))
#endif
static int e2b_mcp_sock_win32_stdin(e2b_mcp_sock *s) {
  static e2b_mcp__win32_stdin st;
  static int taken;
  struct sockaddr_in a;
  int len = sizeof a;
  SOCKET l, w, r;
  HANDLE t;
  if (taken || e2b_mcp__sock_win32_start() != 0) return -1;
  memset(&a, 0, sizeof a);
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  l = socket(AF_INET, SOCK_STREAM, IPPROTO_TCP);
  if (l == INVALID_SOCKET) return -1;
  if (bind(l, (struct sockaddr *)&a, sizeof a) != 0 || listen(l, 1) != 0 || getsockname(l, (struct sockaddr *)&a, &len) != 0) {
    closesocket(l);
    return -1;
  }
  w = socket(AF_INET, SOCK_STREAM, IPPROTO_TCP);
  if (w == INVALID_SOCKET || connect(w, (struct sockaddr *)&a, sizeof a) != 0) { closesocket(l); if (w != INVALID_SOCKET) closesocket(w); return -1; }
  r = accept(l, NULL, NULL);
  closesocket(l);
  if (r == INVALID_SOCKET) { closesocket(w); return -1; }
  st.in = GetStdHandle(STD_INPUT_HANDLE);
  st.out = w;
  t = CreateThread(NULL, 64 * 1024, e2b_mcp__sock_win32_stdin_pump, &st, 0, NULL);
  if (!t) { closesocket(w); closesocket(r); return -1; }
  CloseHandle(t);
  e2b_mcp__sock_win32_setup(r);
  if (e2b_mcp__sock_win32_keep(s, r) != 0) { closesocket(r); return -1; }
  taken = 1;
  return 0;
}

#if defined(__GNUC__)
__attribute__((unused))
#endif
static const e2b_mcp_sock_port e2b_mcp_sock_win32 = {
  NULL,
  e2b_mcp__sock_win32_resolve,
  e2b_mcp__sock_win32_connect,
  e2b_mcp__sock_win32_send,
  e2b_mcp__sock_win32_recv,
  e2b_mcp__sock_win32_close,
  e2b_mcp__sock_win32_listen,
  e2b_mcp__sock_win32_accept,
  e2b_mcp__sock_win32_shutdown,
  e2b_mcp__sock_win32_unsent,
  e2b_mcp__sock_win32_wait,
  e2b_mcp__sock_win32_now,
  e2b_mcp__sock_win32_random
};

#endif /* E2B_MCP_SOCK_WIN32_IMPL */
