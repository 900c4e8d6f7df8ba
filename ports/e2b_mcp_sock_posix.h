/* ports/e2b_mcp_sock_posix.h - the POSIX socket port of e2b_mcp.h.

   Included by e2b_mcp.h's implementation when E2B_MCP_SOCK_POSIX is selected
   (the default). DNS lives here (getaddrinfo; numeric addresses skip it), and
   so do the timeouts (poll) and the monotonic clock. Every function returns a
   byte count, 0 for end of stream (recv), or a negative E2B_MCP_ERR_* code.
   SIGPIPE is avoided with MSG_NOSIGNAL where it exists. */
#ifndef E2B_MCP_SOCK_POSIX_IMPL
#define E2B_MCP_SOCK_POSIX_IMPL

#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <netdb.h>
#include <poll.h>
#include <fcntl.h>
#include <unistd.h>
#include <errno.h>
#include <time.h>
#if defined(__linux__)
#include <sys/ioctl.h>
#endif

#ifndef MSG_NOSIGNAL
#define MSG_NOSIGNAL 0
#endif

static unsigned long e2b_mcp__sock_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (unsigned long)ts.tv_sec * 1000UL + (unsigned long)(ts.tv_nsec / 1000000L);
}

/* Waits until fd is readable (events = POLLIN) or writable; 0 ready, else an error. */
static int e2b_mcp__sock_wait(int fd, short events, int timeout_ms) {
  struct pollfd p;
  int r;
  p.fd = fd; p.events = events; p.revents = 0;
  do { r = poll(&p, 1, timeout_ms); } while (r < 0 && errno == EINTR);
  if (r == 0) return E2B_MCP_ERR_TIMEOUT;
  if (r < 0) return E2B_MCP_ERR_IO;
  return 0;
}

/* Waits like e2b_mcp__sock_wait, but for a socket with an on_wait hook (the E2B
   connection while the HTTP transport serves) calls the hook every 20 ms of
   waiting, so other clients are served while E2B takes its time; a hook that
   answers nonzero (the call was cancelled) ends the wait. */
static int e2b_mcp__sock_wait_busy(e2b_mcp_sock *s, short events, int timeout_ms) {
  unsigned long end;
  if (!s->on_wait) return e2b_mcp__sock_wait((int)s->h, events, timeout_ms);
  end = e2b_mcp__sock_now_ms() + (unsigned long)timeout_ms;
  for (;;) {
    long left = (long)(end - e2b_mcp__sock_now_ms());
    int r;
    if (left <= 0) return E2B_MCP_ERR_TIMEOUT;
    r = e2b_mcp__sock_wait((int)s->h, events, left < 20 ? (int)left : 20);
    if (r != E2B_MCP_ERR_TIMEOUT) return r;
    if (s->on_wait(s->wait_ctx)) return E2B_MCP_ERR_CANCELLED;
  }
}

/* Non-blocking connect to one address, bounded by timeout_ms (s: for its on_wait
   hook). Returns the fd, -1, or E2B_MCP_ERR_CANCELLED when the hook ended the wait. */
static int e2b_mcp__sock_try(e2b_mcp_sock *s, const struct sockaddr *sa, socklen_t len, int family, int timeout_ms) {
  int fd, r, w, soerr = 0, one = 1;
  socklen_t sl = sizeof soerr;
  fd = socket(family, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK);
  r = connect(fd, sa, len);
  if (r < 0 && errno != EINPROGRESS) { close(fd); return -1; }
  if (r < 0) {
    e2b_mcp_sock ws = *s;
    ws.h = fd;
    if ((w = e2b_mcp__sock_wait_busy(&ws, POLLOUT, timeout_ms)) != 0 ||
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &soerr, &sl) != 0 || soerr != 0) {
      close(fd);
      return w == E2B_MCP_ERR_CANCELLED ? w : -1;
    }
  }
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
#ifdef SO_NOSIGPIPE
  setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof one);
#endif
  return fd;
}

static int e2b_mcp__sock_posix_open(e2b_mcp_sock *s, const char *host, unsigned port, int timeout_ms) {
  struct sockaddr_in a4;
  struct sockaddr_in6 a6;
  struct addrinfo hints, *res = NULL, *ai;
  char ports[24];
  int fd = -1;
  /* Numeric addresses need no resolver (and no allocation inside libc). */
  memset(&a4, 0, sizeof a4);
  memset(&a6, 0, sizeof a6);
  if (inet_pton(AF_INET, host, &a4.sin_addr) == 1) {
    a4.sin_family = AF_INET; a4.sin_port = htons((unsigned short)port);
    fd = e2b_mcp__sock_try(s, (const struct sockaddr *)&a4, sizeof a4, AF_INET, timeout_ms);
  } else if (inet_pton(AF_INET6, host, &a6.sin6_addr) == 1) {
    a6.sin6_family = AF_INET6; a6.sin6_port = htons((unsigned short)port);
    fd = e2b_mcp__sock_try(s, (const struct sockaddr *)&a6, sizeof a6, AF_INET6, timeout_ms);
  } else {
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    e2b_mcp__fmt_ll(ports, (long long)port);
    if (getaddrinfo(host, ports, &hints, &res) != 0 || !res) return E2B_MCP_ERR_DNS;
    for (ai = res; ai && fd == -1; ai = ai->ai_next)
      fd = e2b_mcp__sock_try(s, ai->ai_addr, ai->ai_addrlen, ai->ai_family, timeout_ms);
    freeaddrinfo(res);
  }
  if (fd == E2B_MCP_ERR_CANCELLED) return fd;
  if (fd < 0) return E2B_MCP_ERR_CONNECT;
  s->h = fd;
  return 0;
}

static int e2b_mcp__sock_posix_send(e2b_mcp_sock *s, const unsigned char *p, size_t n, int timeout_ms) {
  for (;;) {
    ssize_t r = send((int)s->h, p, n, MSG_NOSIGNAL);
    if (r > 0) return (int)r;
    if (r < 0 && errno == EINTR) continue;
    if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      int w = e2b_mcp__sock_wait_busy(s, POLLOUT, timeout_ms);
      if (w) return w;
      continue;
    }
    return (r < 0 && errno == EPIPE) ? E2B_MCP_ERR_CLOSED : E2B_MCP_ERR_RESET;
  }
}

static int e2b_mcp__sock_posix_recv(e2b_mcp_sock *s, unsigned char *p, size_t n, int timeout_ms) {
  for (;;) {
    ssize_t r = recv((int)s->h, p, n, 0);
    if (r >= 0) return (int)r;
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) {
      int w = e2b_mcp__sock_wait_busy(s, POLLIN, timeout_ms);
      if (w) return w;
      continue;
    }
    return E2B_MCP_ERR_RESET;
  }
}

static void e2b_mcp__sock_posix_close(e2b_mcp_sock *s) {
  if (s->h >= 0) close((int)s->h);
  s->h = -1;
}

/* ---- the server side, for the Streamable HTTP transport ----
   listen/accept/poll, a half-close for lingering answers, whether an answer
   has left, and random bytes for session ids. Sockets are non-blocking;
   send/recv above wait with poll. */
#ifdef E2B_MCP__HTTP

/* Binds host:port (numeric IPv4/IPv6 or "localhost"; port 0 picks a free one)
   and listens. *bound gets the port. 0, or E2B_MCP_ERR_LISTEN. */
static int e2b_mcp__sock_posix_listen(e2b_mcp_sock *s, const char *host, unsigned port, unsigned *bound) {
  struct sockaddr_in a4;
  struct sockaddr_in6 a6;
  struct sockaddr *sa;
  socklen_t len;
  int fd, one = 1, family;
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
  fd = socket(family, SOCK_STREAM, 0);
  if (fd < 0) return E2B_MCP_ERR_LISTEN;
  setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  if (bind(fd, sa, len) != 0 || listen(fd, 64) != 0) { close(fd); return E2B_MCP_ERR_LISTEN; }
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK);
  if (getsockname(fd, sa, &len) == 0)
    *bound = ntohs(family == AF_INET ? a4.sin_port : a6.sin6_port);
  s->h = fd;
  return 0;
}

/* Takes one pending connection: 1 (in *c, non-blocking), 0 none waiting. */
static int e2b_mcp__sock_posix_accept(e2b_mcp_sock *l, e2b_mcp_sock *c) {
  int fd, one = 1;
  do { fd = accept((int)l->h, NULL, NULL); } while (fd < 0 && errno == EINTR);
  if (fd < 0) return 0;   /* EAGAIN, or an aborted connection: nothing to take */
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK);
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
#ifdef SO_NOSIGPIPE
  setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof one);
#endif
  c->h = fd;
  return 1;
}

/* Waits up to timeout_ms for any of n (<= E2B_MCP__POLL_MAX) sockets to be
   readable; got[i] is set to 1 for those that are (or hung up). Returns the
   number ready, 0 on timeout or a signal. */
static int e2b_mcp__sock_posix_poll(const intptr_t *h, int n, unsigned char *got, int timeout_ms) {
  struct pollfd p[E2B_MCP__POLL_MAX];
  int i, r;
  if (n > E2B_MCP__POLL_MAX) n = E2B_MCP__POLL_MAX;
  for (i = 0; i < n; i++) { p[i].fd = h[i] < 0 ? -1 : (int)h[i]; p[i].events = POLLIN; p[i].revents = 0; }
  r = poll(p, (nfds_t)n, timeout_ms);
  if (r <= 0) { memset(got, 0, (size_t)n); return 0; }
  for (i = 0; i < n; i++) got[i] = (p[i].revents & (POLLIN | POLLHUP | POLLERR)) != 0;
  return r;
}

/* Whether bytes sent on s have yet to reach the peer (still queued, or sent and
   not acknowledged): 1 yes, 0 no. Linux counts them (SIOCOUTQ, which is
   TIOCOUTQ), Apple's systems too (SO_NWRITE); elsewhere it tells whether the
   send buffer is full. */
#if defined(__APPLE__) && !defined(SO_NWRITE)
#  define SO_NWRITE 0x1024   /* hidden by _POSIX_C_SOURCE, which e2b_mcp.h defines */
#endif
static int e2b_mcp__sock_posix_unsent(e2b_mcp_sock *s) {
  struct pollfd p;
#if defined(__linux__) && defined(TIOCOUTQ)
  int n = 0;
  if (ioctl((int)s->h, TIOCOUTQ, &n) == 0) return n > 0;
#elif defined(SO_NWRITE)
  int n = 0;
  socklen_t len = sizeof n;
  if (getsockopt((int)s->h, SOL_SOCKET, SO_NWRITE, &n, &len) == 0) return n > 0;
#endif
  p.fd = (int)s->h; p.events = POLLOUT; p.revents = 0;
  return poll(&p, 1, 0) == 0;
}

/* No more data from us: the peer reads our answer, then an end of stream. */
static void e2b_mcp__sock_posix_shutdown(e2b_mcp_sock *s) { if (s->h >= 0) shutdown((int)s->h, SHUT_WR); }

/* n random bytes for session ids, from the kernel; -1 when it has none to give
   (then no session is opened: a guessable id would let another local client
   take over a session or answer its consent question). */
static int e2b_mcp__sock_posix_random(unsigned char *p, size_t n) {
  size_t got = 0;
  int fd = open("/dev/urandom", O_RDONLY);
  if (fd < 0) return -1;
  while (got < n) {
    ssize_t r = read(fd, p + got, n - got);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    got += (size_t)r;
  }
  close(fd);
  return got == n ? 0 : -1;
}
#endif /* E2B_MCP__HTTP */

/* Whether an idle keep-alive connection can still carry a request: 1 when
   nothing is pending. A server that closed it while idle has left an end of
   stream (or a TLS close_notify) to read, so it is reopened before sending
   rather than retried after. */
static int e2b_mcp__sock_posix_idle_ok(e2b_mcp_sock *s) {
  struct pollfd p;
  p.fd = (int)s->h; p.events = POLLIN; p.revents = 0;
  return poll(&p, 1, 0) == 0;
}

#endif /* E2B_MCP_SOCK_POSIX_IMPL */
