/* bench/e2b-stub.c - an E2B stand-in for the load table: one thread, epoll, every answer after a fixed delay.
   Linux only; loopback only.

     e2b-stub PORT DELAY_MS      (PORT 0: any free one) prints "READY <port>" once it listens

   It answers GET /v2/sandboxes (any query) with one running sandbox, as E2B's list does, and any other GET
   with an empty list; anything else gets 404. Each answer leaves DELAY_MS after its request came whole (a
   FIFO of due times: the delay is the same for all, so the first due is the head, and the wait's timeout is
   the timer). Keep-alive, one request at a time per connection (a pipelined one waits its turn).
   GET /_stub/stats is answered at once: {"requests":N,"max_inflight":M,"conns":C} (and resets
   max_inflight). The stand-in must not be the ceiling's bottleneck: the simulator of the test suites
   (tests/sim/e2b-sim, Python, a thread a connection) tops out near 1,300 requests/s on this machine; this
   one does tens of thousands a second on one core. */
#define _GNU_SOURCE
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define FDS 65536
#define RBUF 8192
#define QMAX (1 << 17)

struct conn {
  unsigned gen;        /* bumped at each accept on this fd, so a due answer for a closed one is dropped */
  int open, waiting;   /* a request is queued (its answer is due) */
  int list;            /* the waiting request's answer: 1 the sandbox list, 0 an empty list, -1 404 */
  int close;           /* Connection: close asked */
  int rn;
  char r[RBUF];
  char *w;             /* what the socket did not take at once */
  int wn, wo;
};
struct due { int fd; unsigned gen; long long at_us; };

static struct conn *C;
static struct due Q[QMAX];
static unsigned qh, qt;   /* Q[qh..qt) in order of due time */
static int ep, lfd, delay_ms, nconns;
static long long requests, inflight, max_inflight;

static const char list_body[] =
  "[{\"alias\":\"base\",\"clientID\":\"a3f1c2d4\",\"cpuCount\":2,\"diskSizeMB\":22912,\"endAt\":\"2026-12-03T11:22:04.987726Z\","
  "\"envdVersion\":\"0.5.4\",\"memoryMB\":512,\"metadata\":{\"batch\":\"many\",\"idx\":\"1\",\"user\":\"carol\"},"
  "\"sandboxID\":\"innkju1p7b924knes8bpg\",\"startedAt\":\"2026-12-03T10:22:04.987726Z\",\"state\":\"running\","
  "\"templateID\":\"rki5dems9wqfm4r03t7g\"}]";

static long long now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static void drop(int fd) {
  struct conn *c = &C[fd];
  if (!c->open) return;
  if (c->waiting) inflight--;
  close(fd);
  free(c->w);
  c->w = NULL;
  c->open = c->waiting = 0;
  c->rn = c->wn = c->wo = 0;
  nconns--;
}

static void arm(int fd, int out) {
  struct epoll_event e;
  memset(&e, 0, sizeof e);
  e.events = EPOLLIN | EPOLLRDHUP | (out ? EPOLLOUT : 0);
  e.data.fd = fd;
  epoll_ctl(ep, EPOLL_CTL_MOD, fd, &e);
}

/* sends p[0..n) now, keeping what the socket does not take (rare: answers are small) */
static void put(int fd, const char *p, int n) {
  struct conn *c = &C[fd];
  int k = 0;
  if (!c->wn) {
    while (k < n) {
      ssize_t r = send(fd, p + k, (size_t)(n - k), MSG_NOSIGNAL);
      if (r > 0) { k += (int)r; continue; }
      if (r < 0 && errno == EINTR) continue;
      if (r < 0 && errno == EAGAIN) break;
      drop(fd);
      return;
    }
    if (k == n) return;
  }
  c->w = realloc(c->w, (size_t)(c->wn + n - k));
  if (!c->w) { drop(fd); return; }
  memcpy(c->w + c->wn, p + k, (size_t)(n - k));
  c->wn += n - k;
  arm(fd, 1);
}

static void answer(int fd, int kind, int close_after) {
  char head[256];
  const char *body = kind > 0 ? list_body : kind == 0 ? "[]" : "{\"code\":404,\"message\":\"not found\"}";
  int bn = (int)strlen(body);
  int hn = snprintf(head, sizeof head, "HTTP/1.1 %s\r\nContent-Type: application/json; charset=utf-8\r\n%s"
                    "Content-Length: %d\r\n%s\r\n", kind >= 0 ? "200 OK" : "404 Not Found",
                    kind > 0 ? "X-Total-Running: 1\r\n" : "", bn, close_after ? "Connection: close\r\n" : "");
  char out[sizeof head + sizeof list_body];
  memcpy(out, head, (size_t)hn);
  memcpy(out + hn, body, (size_t)bn);
  put(fd, out, hn + bn);
}

static void serve(int fd);

/* the requests whose time has come */
static void due(void) {
  long long t = now_us();
  while (qh != qt && Q[qh % QMAX].at_us <= t) {
    struct due d = Q[qh++ % QMAX];
    struct conn *c = &C[d.fd];
    if (!c->open || c->gen != d.gen || !c->waiting) continue;
    c->waiting = 0;
    inflight--;
    answer(d.fd, c->list, c->close);
    if (!C[d.fd].open || C[d.fd].gen != d.gen) continue;
    if (c->close) { shutdown(d.fd, SHUT_WR); continue; }
    serve(d.fd);   /* a pipelined request may be waiting */
  }
}

/* takes the first whole request in c->r, if any: queued, or answered at once */
static void serve(int fd) {
  struct conn *c = &C[fd];
  char *end;
  long long clen = 0;
  int hlen, used;
  if (c->waiting || !c->open) return;
  c->r[c->rn < RBUF ? c->rn : RBUF - 1] = 0;
  end = memmem(c->r, (size_t)c->rn, "\r\n\r\n", 4);
  if (!end) { if (c->rn >= RBUF - 1) drop(fd); return; }
  hlen = (int)(end - c->r) + 4;
  {
    const char *cl = memmem(c->r, (size_t)hlen, "\r\nContent-Length:", 17);
    if (!cl) cl = memmem(c->r, (size_t)hlen, "\r\ncontent-length:", 17);
    if (cl) clen = atoll(cl + 17);
  }
  if (clen < 0 || hlen + clen > RBUF - 1) { drop(fd); return; }
  if (c->rn < hlen + clen) return;
  used = hlen + (int)clen;
  c->close = memmem(c->r, (size_t)hlen, "Connection: close", 17) != NULL;
  if (strncmp(c->r, "GET /_stub/stats ", 17) == 0) {
    char b[160];
    int n = snprintf(b, sizeof b, "{\"requests\":%lld,\"max_inflight\":%lld,\"conns\":%d}", requests, max_inflight, nconns);
    char out[320];
    int k = snprintf(out, sizeof out, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", n, b);
    max_inflight = inflight;
    memmove(c->r, c->r + used, (size_t)(c->rn - used));
    c->rn -= used;
    put(fd, out, k);
    return;
  }
  requests++;
  c->list = strncmp(c->r, "GET /v2/sandboxes", 17) == 0 && (c->r[17] == ' ' || c->r[17] == '?') ? 1
          : strncmp(c->r, "GET ", 4) == 0 ? 0 : -1;
  memmove(c->r, c->r + used, (size_t)(c->rn - used));
  c->rn -= used;
  if (qt - qh >= QMAX) { drop(fd); return; }
  Q[qt++ % QMAX] = (struct due){ fd, c->gen, now_us() + (long long)delay_ms * 1000 };
  c->waiting = 1;
  if (++inflight > max_inflight) max_inflight = inflight;
}

static void readable(int fd) {
  struct conn *c = &C[fd];
  for (;;) {
    ssize_t n;
    if (c->rn >= RBUF - 1) { drop(fd); return; }
    n = recv(fd, c->r + c->rn, (size_t)(RBUF - 1 - c->rn), 0);
    if (n > 0) { c->rn += (int)n; continue; }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) break;
    drop(fd);
    return;
  }
  serve(fd);
}

static void writable(int fd) {
  struct conn *c = &C[fd];
  while (c->wo < c->wn) {
    ssize_t r = send(fd, c->w + c->wo, (size_t)(c->wn - c->wo), MSG_NOSIGNAL);
    if (r > 0) { c->wo += (int)r; continue; }
    if (r < 0 && errno == EINTR) continue;
    if (r < 0 && errno == EAGAIN) return;
    drop(fd);
    return;
  }
  c->wn = c->wo = 0;
  arm(fd, 0);
}

static void accept_all(void) {
  for (;;) {
    int one = 1, fd = accept4(lfd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
    struct epoll_event e;
    if (fd < 0) return;
    if (fd >= FDS) { close(fd); continue; }
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    C[fd].gen++;
    C[fd].open = 1;
    C[fd].rn = C[fd].wn = C[fd].wo = 0;
    C[fd].waiting = 0;
    nconns++;
    memset(&e, 0, sizeof e);
    e.events = EPOLLIN | EPOLLRDHUP;
    e.data.fd = fd;
    epoll_ctl(ep, EPOLL_CTL_ADD, fd, &e);
  }
}

int main(int argc, char **argv) {
  struct sockaddr_in a;
  socklen_t al = sizeof a;
  struct rlimit rl;
  struct epoll_event e, evs[1024];
  int one = 1;
  if (argc != 3) { fprintf(stderr, "usage: e2b-stub PORT DELAY_MS\n"); return 2; }
  delay_ms = atoi(argv[2]);
  signal(SIGPIPE, SIG_IGN);
  getrlimit(RLIMIT_NOFILE, &rl);
  rl.rlim_cur = rl.rlim_max;
  setrlimit(RLIMIT_NOFILE, &rl);
  C = calloc(FDS, sizeof *C);   /* pages touched only by the descriptors used */
  lfd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  memset(&a, 0, sizeof a);
  a.sin_family = AF_INET;
  a.sin_port = htons((unsigned short)atoi(argv[1]));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (!C || bind(lfd, (struct sockaddr *)&a, sizeof a) != 0 || listen(lfd, 4096) != 0) { perror("e2b-stub"); return 1; }
  getsockname(lfd, (struct sockaddr *)&a, &al);
  ep = epoll_create1(EPOLL_CLOEXEC);
  memset(&e, 0, sizeof e);
  e.events = EPOLLIN;
  e.data.fd = lfd;
  epoll_ctl(ep, EPOLL_CTL_ADD, lfd, &e);
  printf("READY %d\n", ntohs(a.sin_port));
  fflush(stdout);
  for (;;) {
    int timeout = -1, n, i;
    if (qh != qt) {   /* the timer: the first answer due */
      long long left = Q[qh % QMAX].at_us - now_us();
      timeout = left <= 0 ? 0 : (int)((left + 999) / 1000);
    }
    n = epoll_wait(ep, evs, 1024, timeout);
    for (i = 0; i < n; i++) {
      int fd = evs[i].data.fd;
      if (fd == lfd) { accept_all(); continue; }
      if (!C[fd].open) continue;
      if (evs[i].events & EPOLLOUT) writable(fd);
      if (C[fd].open && (evs[i].events & (EPOLLIN | EPOLLRDHUP | EPOLLHUP | EPOLLERR))) readable(fd);
    }
    due();
  }
}
