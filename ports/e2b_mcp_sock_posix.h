/* ports/e2b_mcp_sock_posix.h - the POSIX socket port of e2b_mcp.h.

   The port contract (e2b_mcp_sock_port, documented in e2b_mcp.h) for POSIX
   systems: non-blocking BSD sockets, epoll(7) for the readiness wait on Linux
   (poll(2) elsewhere, or with E2B_MCP_SOCK_POSIX_NO_EPOLL),
   CLOCK_MONOTONIC for the clock and /dev/urandom for random bytes. It uses
   only the public part of e2b_mcp.h (types and E2B_MCP_ERR_* codes) and gives
   one thing: the struct e2b_mcp_sock_posix.

   e2b_mcp.h's implementation includes it when E2B_MCP_SOCK_POSIX is selected
   (the default) and uses it when e2b_mcp_config.sock_port is NULL. DNS is
   getaddrinfo (numeric addresses skip it), the one call here that may block.
   SIGPIPE is avoided with MSG_NOSIGNAL or SO_NOSIGPIPE. */
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
#include <string.h>
#include <time.h>
#if defined(__linux__)
#include <sys/ioctl.h>
#endif
#if defined(__linux__) && !defined(E2B_MCP_SOCK_POSIX_NO_EPOLL)
#include <sys/epoll.h>
#define E2B_MCP__SOCK_EPOLL 1
#endif
/* <time.h> read before e2b_mcp.h in a strict ISO build (-std=c99) keeps the
   clock hidden even once _POSIX_C_SOURCE is set (e2b_mcp.h says how it is):
   on Linux it is declared here (glibc and musl: clockid_t and struct timespec
   come from the POSIX headers above, CLOCK_MONOTONIC is 1 in the kernel's
   ABI), except where a 64-bit time_t renames the function on a 32-bit CPU. */
#if !defined(CLOCK_MONOTONIC) && defined(__linux__) && !defined(__cplusplus)
#  if (defined(__GLIBC__) && defined(__USE_TIME_BITS64)) || (defined(_REDIR_TIME64) && _REDIR_TIME64)
#    error "e2b_mcp_sock_posix.h: <time.h> came first without _POSIX_C_SOURCE; define it before the first system header"
#  endif
#  include <sys/stat.h>
#  define CLOCK_MONOTONIC 1
extern int clock_gettime(clockid_t clock_id, struct timespec *tp);
#endif

#ifndef MSG_NOSIGNAL
#define MSG_NOSIGNAL 0
#endif

static unsigned long e2b_mcp__sock_posix_now(void *user) {
  struct timespec ts;
  (void)user;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (unsigned long)ts.tv_sec * 1000UL + (unsigned long)(ts.tv_nsec / 1000000L);
}

static int e2b_mcp__sock_posix_resolve(void *user, const char *host, e2b_mcp_addr *a) {
  struct addrinfo hints, *res = NULL, *ai;
  (void)user;
  memset(a, 0, sizeof *a);
  /* numeric addresses need no resolver (and no allocation inside libc) */
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

static void e2b_mcp__sock_posix_setup(int fd) {
  int one = 1;
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK);
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
#ifdef SO_NOSIGPIPE
  setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof one);
#endif
}

#ifdef E2B_MCP__SOCK_EPOLL
/* The epoll wait's memory of what it registered: the sockets of the last
   wait, each with what it waits for. A wait registers what changed since
   (epoll_ctl for a socket new, changed or gone), then the kernel reports
   only what is ready: a wait costs the sockets that are ready and changed,
   plus one pass over the array in user space, not a kernel scan of every
   socket open. One per process, as the port is. */
typedef struct e2b_mcp__sock_posix_reg {
  int ep;                     /* the epoll descriptor: 0 not made yet, -1 none (every wait polls) */
  int n;                      /* sockets registered: fd[0..n) */
  unsigned gen;               /* the wait now running */
  int fd[E2B_MCP_SOCK_POSIX_WAIT_MAX];
  int at[E2B_MCP_SOCK_POSIX_WAIT_MAX];          /* its entry in this wait's array */
  unsigned seen[E2B_MCP_SOCK_POSIX_WAIT_MAX];   /* the last wait that named it */
  unsigned char want[E2B_MCP_SOCK_POSIX_WAIT_MAX];
  int pos[E2B_MCP_SOCK_POSIX_FD_MAX];           /* fd -> 1 + its index in fd[] (0: not registered) */
} e2b_mcp__sock_posix_reg;
static e2b_mcp__sock_posix_reg *e2b_mcp__sock_posix_regs(void) {
  static e2b_mcp__sock_posix_reg r;   /* zero: no epoll descriptor yet, nothing registered */
  return &r;
}
/* fd is no longer registered (gone from the wait, or closed: its number may
   come back as another socket). */
static void e2b_mcp__ep_drop(int fd) {
  e2b_mcp__sock_posix_reg *reg = e2b_mcp__sock_posix_regs();
  int i, last;
  if (fd < 0 || fd >= E2B_MCP_SOCK_POSIX_FD_MAX || !reg->pos[fd]) return;
  i = reg->pos[fd] - 1;
  epoll_ctl(reg->ep, EPOLL_CTL_DEL, fd, NULL);
  reg->pos[fd] = 0;
  last = --reg->n;
  if (i != last) {
    reg->fd[i] = reg->fd[last]; reg->at[i] = reg->at[last];
    reg->seen[i] = reg->seen[last]; reg->want[i] = reg->want[last];
    reg->pos[reg->fd[i]] = i + 1;
  }
}
#endif

static void e2b_mcp__sock_posix_close(void *user, e2b_mcp_sock *s) {
  (void)user;
#ifdef E2B_MCP__SOCK_EPOLL
  if (s->h >= 0) e2b_mcp__ep_drop((int)s->h);
#endif
  if (s->h >= 0) close((int)s->h);
  s->h = -1;
}

static int e2b_mcp__sock_posix_connect(void *user, e2b_mcp_sock *s, const e2b_mcp_addr *a, unsigned port) {
  struct sockaddr_in a4;
  struct sockaddr_in6 a6;
  int fd, soerr = 0, r;
  socklen_t sl = sizeof soerr;
  if (s->h >= 0) {   /* in progress: how did it go? */
    struct pollfd p;
    p.fd = (int)s->h; p.events = POLLOUT; p.revents = 0;
    if (poll(&p, 1, 0) == 0) return E2B_MCP_ERR_AGAIN;
    if (getsockopt((int)s->h, SOL_SOCKET, SO_ERROR, &soerr, &sl) != 0 || soerr != 0) {
      e2b_mcp__sock_posix_close(user, s);
      return E2B_MCP_ERR_CONNECT;
    }
    return 0;
  }
  memset(&a4, 0, sizeof a4);
  memset(&a6, 0, sizeof a6);
  fd = socket(a->family == 6 ? AF_INET6 : AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return E2B_MCP_ERR_CONNECT;
  e2b_mcp__sock_posix_setup(fd);
  if (a->family == 6) {
    a6.sin6_family = AF_INET6; a6.sin6_port = htons((unsigned short)port);
    memcpy(&a6.sin6_addr, a->ip, 16);
    r = connect(fd, (const struct sockaddr *)&a6, sizeof a6);
  } else {
    a4.sin_family = AF_INET; a4.sin_port = htons((unsigned short)port);
    memcpy(&a4.sin_addr, a->ip, 4);
    r = connect(fd, (const struct sockaddr *)&a4, sizeof a4);
  }
  s->h = fd;
  if (r == 0) return 0;
  if (errno == EINPROGRESS || errno == EINTR) return E2B_MCP_ERR_AGAIN;
  e2b_mcp__sock_posix_close(user, s);
  return E2B_MCP_ERR_CONNECT;
}

static int e2b_mcp__sock_posix_send(void *user, e2b_mcp_sock *s, const unsigned char *p, size_t n) {
  (void)user;
  for (;;) {
    ssize_t r = send((int)s->h, p, n, MSG_NOSIGNAL);
    if (r > 0) return (int)r;
    if (r < 0 && errno == EINTR) continue;
    if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return E2B_MCP_ERR_AGAIN;
    return (r < 0 && errno == EPIPE) ? E2B_MCP_ERR_CLOSED : E2B_MCP_ERR_RESET;
  }
}

static int e2b_mcp__sock_posix_recv(void *user, e2b_mcp_sock *s, unsigned char *p, size_t n) {
  (void)user;
  for (;;) {
    ssize_t r = recv((int)s->h, p, n, 0);
    if (r >= 0) return (int)r;
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) return E2B_MCP_ERR_AGAIN;
    return E2B_MCP_ERR_RESET;
  }
}

static int e2b_mcp__sock_posix_poll(e2b_mcp_poll *q, int n, int timeout_ms) {
  struct pollfd p[E2B_MCP_SOCK_POSIX_WAIT_MAX];
  int map[E2B_MCP_SOCK_POSIX_WAIT_MAX];
  int i, k = 0, r;
  if (n > E2B_MCP_SOCK_POSIX_WAIT_MAX) n = E2B_MCP_SOCK_POSIX_WAIT_MAX;
  /* only the open sockets asked about: poll refuses more entries than the
     descriptor limit (EINVAL), however many of them are -1 */
  for (i = 0; i < n; i++) {
    q[i].ready = 0;
    if (!q[i].sock || q[i].sock->h < 0 || !q[i].want) continue;
    p[k].fd = (int)q[i].sock->h;
    p[k].events = (short)(((q[i].want & E2B_MCP_WANT_READ) ? POLLIN : 0) | ((q[i].want & E2B_MCP_WANT_WRITE) ? POLLOUT : 0));
    p[k].revents = 0;
    map[k++] = i;
  }
  r = poll(p, (nfds_t)k, timeout_ms);
  if (r < 0 && errno != EINTR && timeout_ms != 0)   /* a failed wait is not a timeout: it must not come back at once, */
    poll(NULL, 0, timeout_ms < 0 || timeout_ms > 100 ? 100 : timeout_ms);   /* or the loop would spin on it */
  if (r <= 0) return 0;   /* the time ran out, or a signal came */
  for (i = 0; i < k; i++) {
    e2b_mcp_poll *e = &q[map[i]];
    if (p[i].revents & (POLLIN | POLLHUP | POLLERR | POLLNVAL)) e->ready |= E2B_MCP_WANT_READ;
    if (p[i].revents & (POLLOUT | POLLHUP | POLLERR)) e->ready |= e->want & E2B_MCP_WANT_WRITE;
  }
  return r;
}

/* The wait: epoll where there is one, for the library's loops (many sockets,
   mostly the same from one wait to the next); poll for a wait on one socket
   (a blocking helper's: the registered set stays as it is), and where epoll
   cannot take a descriptor (a regular file as stdin, one past
   E2B_MCP_SOCK_POSIX_FD_MAX, the same one twice). */
static int e2b_mcp__sock_posix_wait(void *user, e2b_mcp_poll *q, int n, int timeout_ms) {
#ifdef E2B_MCP__SOCK_EPOLL
  e2b_mcp__sock_posix_reg *reg = e2b_mcp__sock_posix_regs();
  struct epoll_event ev[256];
  unsigned g;
  int i, r, k, named;
  (void)user;
  if (n > E2B_MCP_SOCK_POSIX_WAIT_MAX) n = E2B_MCP_SOCK_POSIX_WAIT_MAX;
  if (n <= 1 || reg->ep < 0) return e2b_mcp__sock_posix_poll(q, n, timeout_ms);
  if (reg->ep == 0 && (reg->ep = epoll_create1(EPOLL_CLOEXEC)) <= 0) {
    reg->ep = -1;
    return e2b_mcp__sock_posix_poll(q, n, timeout_ms);
  }
  g = ++reg->gen;
  named = 0;
  /* one pass over the array: what it names that is registered is marked (and
     changed when it waits for something else now), what is new is added */
  for (i = 0; i < n; i++) {
    int fd = q[i].sock && q[i].sock->h >= 0 ? (int)q[i].sock->h : -1, j;
    unsigned char want = (unsigned char)(q[i].want & (E2B_MCP_WANT_READ | E2B_MCP_WANT_WRITE));
    struct epoll_event e;
    q[i].ready = 0;
    if (fd < 0 || !want) continue;
    if (fd >= E2B_MCP_SOCK_POSIX_FD_MAX) return e2b_mcp__sock_posix_poll(q, n, timeout_ms);
    memset(&e, 0, sizeof e);
    e.events = ((want & E2B_MCP_WANT_READ) ? (unsigned)EPOLLIN : 0u) | ((want & E2B_MCP_WANT_WRITE) ? (unsigned)EPOLLOUT : 0u);
    e.data.fd = fd;
    if (reg->pos[fd]) {
      j = reg->pos[fd] - 1;
      if (reg->seen[j] == g) return e2b_mcp__sock_posix_poll(q, n, timeout_ms);   /* named twice */
      reg->seen[j] = g;
      reg->at[j] = i;
      named++;
      if (reg->want[j] != want) {
        if (epoll_ctl(reg->ep, EPOLL_CTL_MOD, fd, &e) != 0) return e2b_mcp__sock_posix_poll(q, n, timeout_ms);
        reg->want[j] = want;
      }
      continue;
    }
    if (reg->n >= E2B_MCP_SOCK_POSIX_WAIT_MAX)   /* room first: those not named so far go (the rest come back below) */
      for (k = 0; k < reg->n;) {
        if (reg->seen[k] != g) e2b_mcp__ep_drop(reg->fd[k]);
        else k++;
      }
    if (reg->n >= E2B_MCP_SOCK_POSIX_WAIT_MAX || epoll_ctl(reg->ep, EPOLL_CTL_ADD, fd, &e) != 0)
      return e2b_mcp__sock_posix_poll(q, n, timeout_ms);   /* EPERM: a regular file, always ready to poll */
    j = reg->n++;
    reg->fd[j] = fd; reg->at[j] = i; reg->seen[j] = g; reg->want[j] = want;
    reg->pos[fd] = j + 1;
    named++;
  }
  /* the ones it no longer names go (none when it named every one) */
  for (k = 0; named < reg->n && k < reg->n;) {
    if (reg->seen[k] != g) e2b_mcp__ep_drop(reg->fd[k]);
    else k++;
  }
  r = epoll_wait(reg->ep, ev, (int)(sizeof ev / sizeof ev[0]), timeout_ms);
  if (r <= 0) return 0;   /* the time ran out, or a signal came */
  for (k = 0; k < r; k++) {
    int fd = ev[k].data.fd;
    e2b_mcp_poll *p;
    if (fd < 0 || fd >= E2B_MCP_SOCK_POSIX_FD_MAX || !reg->pos[fd]) continue;
    p = &q[reg->at[reg->pos[fd] - 1]];
    if (ev[k].events & (EPOLLIN | EPOLLHUP | EPOLLERR)) p->ready |= E2B_MCP_WANT_READ;
    if (ev[k].events & (EPOLLOUT | EPOLLHUP | EPOLLERR)) p->ready |= p->want & E2B_MCP_WANT_WRITE;
  }
  return r;
#else
  (void)user;
  return e2b_mcp__sock_posix_poll(q, n, timeout_ms);
#endif
}

/* ---- the server side, for the Streamable HTTP transport ---- */

static int e2b_mcp__sock_posix_listen(void *user, e2b_mcp_sock *s, const char *host, unsigned port, unsigned *bound) {
  struct sockaddr_in a4;
  struct sockaddr_in6 a6;
  struct sockaddr *sa;
  socklen_t len;
  int fd, one = 1, family;
  (void)user;
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
  if (bind(fd, sa, len) != 0 || listen(fd, 128) != 0) { close(fd); return E2B_MCP_ERR_LISTEN; }
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK);
  if (getsockname(fd, sa, &len) == 0)
    *bound = ntohs(family == AF_INET ? a4.sin_port : a6.sin6_port);
  s->h = fd;
  return 0;
}

static int e2b_mcp__sock_posix_accept(void *user, e2b_mcp_sock *l, e2b_mcp_sock *c) {
  int fd;
  (void)user;
  do { fd = accept((int)l->h, NULL, NULL); } while (fd < 0 && errno == EINTR);
  if (fd < 0) return 0;   /* EAGAIN, or an aborted connection: nothing to take */
  e2b_mcp__sock_posix_setup(fd);
  c->h = fd;
  return 1;
}

static void e2b_mcp__sock_posix_shutdown(void *user, e2b_mcp_sock *s) {
  (void)user;
  if (s->h >= 0) shutdown((int)s->h, SHUT_WR);
}

/* Whether bytes sent on s have yet to reach the peer (still queued, or sent and
   not acknowledged). Linux counts them (SIOCOUTQ, which is TIOCOUTQ), Apple's
   systems too (SO_NWRITE); elsewhere it tells whether the send buffer is full. */
#if defined(__APPLE__) && !defined(SO_NWRITE)
#  define SO_NWRITE 0x1024   /* hidden by _POSIX_C_SOURCE, which e2b_mcp.h defines */
#endif
static int e2b_mcp__sock_posix_unsent(void *user, e2b_mcp_sock *s) {
  struct pollfd p;
  (void)user;
#if defined(__linux__) && defined(TIOCOUTQ)
  {
    int n = 0;
    if (ioctl((int)s->h, TIOCOUTQ, &n) == 0) return n > 0;
  }
#elif defined(SO_NWRITE)
  {
    int n = 0;
    socklen_t len = sizeof n;
    if (getsockopt((int)s->h, SOL_SOCKET, SO_NWRITE, &n, &len) == 0) return n > 0;
  }
#endif
  p.fd = (int)s->h; p.events = POLLOUT; p.revents = 0;
  return poll(&p, 1, 0) == 0;
}

/* The address of an accepted connection's peer (not part of the port
   contract: the HTTP transport asks this port, and tells a 2026-07-28
   client's cancel from another's by it when the client brings no key or
   token of its own, and counts refused tokens per address by it). 0, or -1
   when not known. */
#if defined(E2B_MCP__HTTP)
static int e2b_mcp__sock_posix_peer(const e2b_mcp_sock *s, e2b_mcp_addr *addr) {
  struct sockaddr_storage ss;
  socklen_t n = sizeof ss;
  memset(addr, 0, sizeof *addr);
  if (s->h < 0 || getpeername((int)s->h, (struct sockaddr *)&ss, &n) != 0) return -1;
  if (ss.ss_family == AF_INET) { addr->family = 4; memcpy(addr->ip, &((struct sockaddr_in *)&ss)->sin_addr, 4); return 0; }
  if (ss.ss_family == AF_INET6) { addr->family = 6; memcpy(addr->ip, &((struct sockaddr_in6 *)&ss)->sin6_addr, 16); return 0; }
  return -1;
}
#endif
/* Random bytes from the kernel; -1 when it has none to give (then no session
   is opened: a guessable id would let another local client take over a
   session or answer its consent question). */
static int e2b_mcp__sock_posix_random(void *user, unsigned char *p, size_t n) {
  size_t got = 0;
  int fd = open("/dev/urandom", O_RDONLY);
  (void)user;
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

#if defined(__GNUC__)
__attribute__((unused))
#endif
static const e2b_mcp_sock_port e2b_mcp_sock_posix = {
  NULL,
  e2b_mcp__sock_posix_resolve,
  e2b_mcp__sock_posix_connect,
  e2b_mcp__sock_posix_send,
  e2b_mcp__sock_posix_recv,
  e2b_mcp__sock_posix_close,
  e2b_mcp__sock_posix_listen,
  e2b_mcp__sock_posix_accept,
  e2b_mcp__sock_posix_shutdown,
  e2b_mcp__sock_posix_unsent,
  e2b_mcp__sock_posix_wait,
  e2b_mcp__sock_posix_now,
  e2b_mcp__sock_posix_random
};

#endif /* E2B_MCP_SOCK_POSIX_IMPL */
