/* bench/drive.c - drives a server binary over stdio for the bench (bench/run.sh).

     drive cold N BIN            spawn -> initialize answered, N times: median/p10/p90 in us
     drive hop N                 the stdio hop alone: a 7.5 KB line through /bin/cat and back
                                 (what any stdio server adds: two pipe writes, two wake-ups)
     drive lat N URL BIN         one session: N tools/call e2b_list_sandboxes {"limit":10}
                                 interleaved in blocks of 20 with N raw HTTP requests for the
                                 same endpoint (GET /v2/sandboxes?limit=10, the same headers)
                                 on one keep-alive connection of our own: the floor. URL is
                                 http://127.0.0.1:P or https://localhost:P (CA from
                                 E2B_MCP_CA_FILE). The server reads its E2B_API_URL etc. from
                                 the environment, which the caller sets.
   Output: one line of key=value pairs. The raw client is e2b_mcp.h's own socket and TLS
   ports (the same BearSSL engine and build as the static server), with its own minimal HTTP
   framing, so the floor is the network + simulator (+ nginx + TLS) cost alone. */
#define E2B_MCP_IMPLEMENTATION
#define E2B_MCP_TLS_BEARSSL
#include "../e2b_mcp.h"
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <signal.h>
#include <sys/wait.h>
#include <pthread.h>

extern char **environ;
static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}
static int cmp_d(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}
static double pct(double *v, int n, double p) {   /* v sorted */
  int i = (int)(p * (n - 1) + 0.5);
  return v[i < 0 ? 0 : i >= n ? n - 1 : i];
}
static void die(const char *m) { fprintf(stderr, "drive: %s\n", m); exit(1); }

/* ---- a child server on pipes ------------------------------------------------ */
typedef struct { pid_t pid; int in, out; char buf[1 << 20]; size_t len; } child;
static void spawn(child *c, const char *bin) {
  int pin[2], pout[2];
  posix_spawn_file_actions_t fa;
  char *argv[2];
  if (pipe(pin) || pipe(pout)) die("pipe");
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, pin[0], 0);
  posix_spawn_file_actions_adddup2(&fa, pout[1], 1);
  posix_spawn_file_actions_addclose(&fa, pin[1]);
  posix_spawn_file_actions_addclose(&fa, pout[0]);
  argv[0] = (char *)bin; argv[1] = NULL;
  if (posix_spawn(&c->pid, bin, &fa, NULL, argv, environ) != 0) die("spawn");
  posix_spawn_file_actions_destroy(&fa);
  close(pin[0]); close(pout[1]);
  c->in = pin[1]; c->out = pout[0]; c->len = 0;
}
static void put(child *c, const char *s) {
  size_t n = strlen(s), o = 0;
  while (o < n) { ssize_t w = write(c->in, s + o, n - o); if (w <= 0) die("write"); o += (size_t)w; }
}
/* Reads one line (the answer); returns its length. */
static size_t line(child *c) {
  for (;;) {
    char *nl = memchr(c->buf, '\n', c->len);
    if (nl) {
      size_t n = (size_t)(nl - c->buf) + 1;
      memmove(c->buf, nl + 1, c->len - n);
      c->len -= n;
      return n;
    } else {
      ssize_t r;
      if (c->len == sizeof c->buf) die("line too long");
      r = read(c->out, c->buf + c->len, sizeof c->buf - c->len);
      if (r <= 0) die("server closed");
      c->len += (size_t)r;
    }
  }
}
/* Like line(), but keeps the text (for checking the answer). */
static size_t line_copy(child *c, char *dst, size_t cap) {
  for (;;) {
    char *nl = memchr(c->buf, '\n', c->len);
    if (nl) {
      size_t n = (size_t)(nl - c->buf) + 1, k = n < cap ? n : cap - 1;
      memcpy(dst, c->buf, k); dst[k] = 0;
      memmove(c->buf, nl + 1, c->len - n);
      c->len -= n;
      return n;
    } else {
      ssize_t r = read(c->out, c->buf + c->len, sizeof c->buf - c->len);
      if (r <= 0) die("server closed");
      c->len += (size_t)r;
    }
  }
}
static int finish(child *c) {
  int st = 0;
  close(c->in);
  while (read(c->out, c->buf, sizeof c->buf) > 0) {}
  close(c->out);
  waitpid(c->pid, &st, 0);
  return st;
}
static long hwm_kb(pid_t pid) {
  char p[64], l[256];
  long kb = -1;
  FILE *f;
  snprintf(p, sizeof p, "/proc/%d/status", (int)pid);
  if (!(f = fopen(p, "r"))) return -1;
  while (fgets(l, sizeof l, f)) if (strncmp(l, "VmHWM:", 6) == 0) kb = atol(l + 6);
  fclose(f);
  return kb;
}

static const char INIT[] = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                           "\"capabilities\":{},\"clientInfo\":{\"name\":\"bench\",\"version\":\"1\"}}}\n";

static child ch;

static int cold(int n, const char *bin) {
  double *t = (double *)calloc((size_t)n, sizeof *t);
  int i;
  for (i = 0; i < n; i++) {
    double t0 = now_us();
    spawn(&ch, bin);
    put(&ch, INIT);
    line(&ch);
    t[i] = now_us() - t0;
    if (finish(&ch) != 0) die("server exit status");
  }
  qsort(t, (size_t)n, sizeof *t, cmp_d);
  printf("cold_median_us=%.0f cold_p10_us=%.0f cold_p90_us=%.0f n=%d\n", pct(t, n, .5), pct(t, n, .1), pct(t, n, .9), n);
  return 0;
}

/* ---- the floor: raw HTTP on one keep-alive connection ------------------------ */
static e2b_mcp_url U;
static e2b_mcp_sock S;
static e2b_mcp_tls T;
static e2b_mcp_tls_trust TR;
static unsigned char rb[1 << 20];
static char req[1024];
/* The library's own non-blocking primitives (the POSIX port, the TLS port's contract),
   each repeated after E2B_MCP_ERR_AGAIN once the socket is ready. */
static void raw_wait(int want) {
  e2b_mcp_poll q;
  q.sock = &S; q.want = want; q.ready = 0;
  if (e2b_mcp_sock_posix.wait(NULL, &q, 1, 10000) <= 0) die("raw: timed out");
}
static void raw_open(void) {
  int r;
  static e2b_mcp_addr A;
  static int resolved;
  S.h = -1; S.port = &e2b_mcp_sock_posix;
  if (!resolved) {   /* resolved once, as the library does, so the floor holds no lookup */
    if ((r = e2b_mcp_sock_posix.resolve(NULL, U.host, &A)) < 0) die(e2b_mcp_strerror(r));
    resolved = 1;
  }
  while ((r = e2b_mcp_sock_posix.connect(NULL, &S, &A, U.port)) == E2B_MCP_ERR_AGAIN) raw_wait(E2B_MCP_WANT_WRITE);
  if (r < 0) die(e2b_mcp_strerror(r));
  if (!U.https) return;
  if ((r = e2b_mcp_tls_start(&T, &TR, U.host)) < 0) die(e2b_mcp_strerror(r));
  while ((r = e2b_mcp_tls_handshake(&T, &TR, &S)) == E2B_MCP_ERR_AGAIN) raw_wait(T.want);
  if (r < 0) die(e2b_mcp_strerror(r));
}
static int raw_send(const unsigned char *p, size_t n) {
  int r;
  for (;;) {
    r = U.https ? e2b_mcp_tls_send(&T, &S, p, n) : e2b_mcp_sock_posix.send(NULL, &S, p, n);
    if (r != E2B_MCP_ERR_AGAIN) break;
    raw_wait(U.https ? T.want : E2B_MCP_WANT_WRITE);
  }
  if (r > 0 && U.https) {
    int f;
    while ((f = e2b_mcp_tls_flush(&T, &S)) == E2B_MCP_ERR_AGAIN) raw_wait(T.want);
    if (f < 0) return f;
  }
  return r;
}
static int raw_recv(unsigned char *p, size_t n) {
  int r;
  for (;;) {
    r = U.https ? e2b_mcp_tls_recv(&T, &S, p, n) : e2b_mcp_sock_posix.recv(NULL, &S, p, n);
    if (r != E2B_MCP_ERR_AGAIN) return r;
    raw_wait(U.https ? T.want : E2B_MCP_WANT_READ);
  }
}
static int raw_reopen;   /* the last answer said Connection: close (nginx: keepalive_requests) */
static void raw_close(void) {
  if (U.https) e2b_mcp_tls_close(&T, &S);
  e2b_mcp_sock_posix.close(NULL, &S);
}
/* One request and its Content-Length answer; returns the body length. A connection the
   server announced it closes is reopened first, inside the timed request, as the server
   under test does. */
static size_t raw_get(void) {
  size_t len = 0, want = 0, hl = 0;
  size_t n = strlen(req), o = 0;
  if (raw_reopen) { raw_close(); raw_open(); raw_reopen = 0; }
  while (o < n) { int w = raw_send((const unsigned char *)req + o, n - o); if (w <= 0) die("raw send"); o += (size_t)w; }
  for (;;) {
    int r = raw_recv(rb + len, sizeof rb - len);
    if (r <= 0) die("raw recv");
    len += (size_t)r;
    if (!hl) {
      unsigned char *e = NULL; size_t i;
      for (i = 3; i < len; i++) if (rb[i] == '\n' && rb[i - 1] == '\r' && rb[i - 2] == '\n') { e = rb + i + 1; break; }
      if (e) {
        const char *cl;
        hl = (size_t)(e - rb);
        rb[hl - 1] = 0;
        cl = strstr((const char *)rb, "Content-Length:");
        if (!cl) cl = strstr((const char *)rb, "content-length:");
        if (!cl) die("raw answer without Content-Length");
        want = (size_t)atol(cl + 15);
        if (strncmp((const char *)rb, "HTTP/1.1 200", 12) != 0) die("raw answer not 200");
        if (strstr((const char *)rb, "Connection: close") || strstr((const char *)rb, "connection: close")) raw_reopen = 1;
      }
    }
    if (hl && len >= hl + want) return want;
  }
}

/* The first connection is opened on a thread whose stack was painted: the deepest byte
   touched is the stack a full TLS handshake takes (BearSSL, as linked here). */
static unsigned char hs_stk[256 * 1024] __attribute__((aligned(64)));
static void *hs_run(void *a) { (void)a; raw_open(); return NULL; }
static size_t raw_open_painted(void) {
  pthread_t t; pthread_attr_t at; size_t i;
  memset(hs_stk, 0xA5, sizeof hs_stk);
  pthread_attr_init(&at);
  pthread_attr_setstack(&at, hs_stk, sizeof hs_stk);
  if (pthread_create(&t, &at, hs_run, NULL) != 0) die("pthread");
  pthread_join(t, NULL);
  for (i = 0; i < sizeof hs_stk && hs_stk[i] == 0xA5; i++) {}
  return sizeof hs_stk - i;
}

static int lat(int n, const char *url, const char *bin) {
  const char *key = getenv("E2B_API_KEY");
  const char *ca = getenv("E2B_MCP_CA_FILE");
  double *tm = (double *)calloc((size_t)n, sizeof *tm), *tr = (double *)calloc((size_t)n, sizeof *tr);
  char call[256], ans[512];
  int i, b, im = 0, ir = 0, id = 10;
  long kb;
  size_t body = 0, ansn = 0, hs_stack;
  if (e2b_mcp__url_parse(&U, url) != 0) die("url");
  if (U.https && e2b_mcp_tls_trust_init(&TR, ca) <= 0) die("trust");
  snprintf(req, sizeof req, "GET %s/v2/sandboxes?limit=10 HTTP/1.1\r\nHost: %s:%u\r\nUser-Agent: e2b-mcp/" E2B_MCP_VERSION
           "\r\nAccept: application/json\r\nX-API-Key: %s\r\n\r\n", U.prefix, U.host, U.port, key ? key : "");
  spawn(&ch, bin);
  put(&ch, INIT); line(&ch);
  put(&ch, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n");
  hs_stack = raw_open_painted();
  /* warm-up: both connections open and hot; the answer is checked once */
  for (i = 0; i < 20; i++) {
    snprintf(call, sizeof call, "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_list_sandboxes\",\"arguments\":{\"limit\":10}}}\n", id++);
    put(&ch, call); ansn = line_copy(&ch, ans, sizeof ans);
    body = raw_get();
  }
  if (strstr(ans, "\"isError\":true") || !strstr(ans, "sandboxID")) { fprintf(stderr, "%s\n", ans); die("tool call failed"); }
  for (b = 0; im < n || ir < n; b++) {
    for (i = 0; i < 20 && im < n; i++) {
      double t0;
      snprintf(call, sizeof call, "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"tools/call\",\"params\":{\"name\":\"e2b_list_sandboxes\",\"arguments\":{\"limit\":10}}}\n", id++);
      t0 = now_us(); put(&ch, call); line(&ch); tm[im++] = now_us() - t0;
    }
    for (i = 0; i < 20 && ir < n; i++) { double t0 = now_us(); raw_get(); tr[ir++] = now_us() - t0; }
  }
  kb = hwm_kb(ch.pid);
  raw_close();
  if (finish(&ch) != 0) die("server exit status");
  qsort(tm, (size_t)n, sizeof *tm, cmp_d);
  qsort(tr, (size_t)n, sizeof *tr, cmp_d);
  printf("mcp_median_us=%.1f mcp_p99_us=%.1f raw_median_us=%.1f raw_p99_us=%.1f peak_rss_kb=%ld open_stack=%lu body_bytes=%lu answer_bytes=%lu n=%d\n",
         pct(tm, n, .5), pct(tm, n, .99), pct(tr, n, .5), pct(tr, n, .99), kb, (unsigned long)hs_stack, (unsigned long)body, (unsigned long)ansn, n);
  return 0;
}

static int hop(int n) {
  static char big[7600];
  double *t = (double *)calloc((size_t)n, sizeof *t);
  int i;
  memset(big, 'x', sizeof big - 2); big[sizeof big - 2] = '\n';
  spawn(&ch, "/bin/cat");
  for (i = 0; i < 20; i++) { put(&ch, big); line(&ch); }
  for (i = 0; i < n; i++) { double t0 = now_us(); put(&ch, big); line(&ch); t[i] = now_us() - t0; }
  finish(&ch);
  qsort(t, (size_t)n, sizeof *t, cmp_d);
  printf("hop_median_us=%.1f hop_p99_us=%.1f n=%d\n", pct(t, n, .5), pct(t, n, .99), n);
  return 0;
}

int main(int argc, char **argv) {
  signal(SIGPIPE, SIG_IGN);
  if (argc == 4 && strcmp(argv[1], "cold") == 0) return cold(atoi(argv[2]), argv[3]);
  if (argc == 3 && strcmp(argv[1], "hop") == 0) return hop(atoi(argv[2]));
  if (argc == 5 && strcmp(argv[1], "lat") == 0) return lat(atoi(argv[2]), argv[3], argv[4]);
  fprintf(stderr, "usage: drive cold N BIN | drive lat N URL BIN\n");
  return 2;
}
