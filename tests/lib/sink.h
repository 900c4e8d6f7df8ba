/* sink.h - a memory sink for the C suites: an e2b_mcp_sink whose messages go into a buffer
   the test owns, to be read back. Include it after e2b_mcp.h.

     static char buf[1 << 20];
     static mem_sink out;
     mem_sink_init(&out, buf, sizeof buf);
     e2b_mcp_handle(&srv, text, len, &out.sink);   (the sink's ctx is &out)
     mem_msg(&out, 0) ... mem_msg(&out, out.n - 1); mem_sink_clear(&out) before the next

   Kept (the default): every message stays in the buffer followed by `sep`: 0 makes each one a
   C string of its own (mem_msg), '\n' makes the buffer one text of them all, as stdio would
   carry it. The buffer is NUL-terminated after every write. At most MEM_SINK_MSGS messages
   are kept (define it larger before including).

   One at a time (`each` = 1): the buffer holds the message being written; at its end `on_end`
   sees it (NUL-terminated) and the buffer is emptied.

   `on_end(k, msg, len)`, when set, sees each message as it ends (in both modes); what it
   returns is what the sink's end returns to the server. `secret`, when set: each message that
   contains it is counted in `leaks`.

   A pipe that breaks: a write fails (-1) once the message would not fit (with its separator
   and a NUL), once `fail_after` bytes (0: never) would be passed over the sink's life
   (`total` counts them), or at the `fail_write`-th write (0: never; `writes` counts them,
   the failing ones too). Then `failed` is set, the half-written message is dropped, and
   every later write and end fails too. The sink's write also serves as an e2b_mcp_json
   flush (w.flush = mem_sink_write, w.ctx = &k). No heap. */
#ifndef MEM_SINK_H
#define MEM_SINK_H

#include <string.h>

#ifndef MEM_SINK_MSGS
#define MEM_SINK_MSGS 512
#endif

#if defined(__GNUC__)
#  define MEM_SINK_UNUSED __attribute__((unused))
#else
#  define MEM_SINK_UNUSED
#endif

typedef struct mem_sink mem_sink;
struct mem_sink {
  e2b_mcp_sink sink;   /* what the server is given; its ctx is this mem_sink */
  char *buf;           /* the caller's buffer */
  size_t cap, len;
  int n;               /* messages ended */
  int start[MEM_SINK_MSGS + 1];   /* kept: where message i starts */
  int each;            /* 1: one message at a time */
  char sep;            /* kept: the byte after each message */
  const char *secret;
  int leaks;
  size_t total, fail_after;
  int writes, fail_write, failed;
  int (*on_end)(mem_sink *k, const char *msg, size_t len);
  void *user;          /* the test's own, for on_end */
};

/* The start of the message being written. */
static MEM_SINK_UNUSED size_t mem_sink__head(const mem_sink *k) { return k->each ? 0 : (size_t)k->start[k->n]; }

static MEM_SINK_UNUSED int mem_sink_write(void *ctx, const char *p, size_t n) {
  mem_sink *k = (mem_sink *)ctx;
  k->writes++;
  if (k->failed || (k->fail_write && k->writes >= k->fail_write) ||
      (k->fail_after && k->total + n > k->fail_after) || k->len + n + 2 > k->cap) {
    k->failed = 1;
    k->len = mem_sink__head(k);
    if (k->cap) k->buf[k->len] = 0;
    return -1;
  }
  k->total += n;
  memcpy(k->buf + k->len, p, n);
  k->len += n;
  k->buf[k->len] = 0;
  return 0;
}

static MEM_SINK_UNUSED int mem_sink_end(void *ctx) {
  mem_sink *k = (mem_sink *)ctx;
  size_t at = mem_sink__head(k);
  int rc = 0;
  if (k->failed) return -1;
  if (!k->each && k->n >= MEM_SINK_MSGS) { k->failed = 1; return -1; }
  if (k->secret && strstr(k->buf + at, k->secret)) k->leaks++;
  if (k->on_end) rc = k->on_end(k, k->buf + at, k->len - at);
  k->n++;
  if (k->each) k->len = 0;
  else {
    k->buf[k->len++] = k->sep;   /* room for it and a NUL was kept by every write */
    k->start[k->n] = (int)k->len;
  }
  k->buf[k->len] = 0;
  return rc;
}

/* Forgets the messages (leaks, total and failed stay). */
static MEM_SINK_UNUSED void mem_sink_clear(mem_sink *k) {
  k->len = 0;
  k->n = 0;
  k->start[0] = 0;
  if (k->cap) k->buf[0] = 0;
}

/* An empty sink over buf[cap], kept, NUL-separated, that never fails on purpose. */
static MEM_SINK_UNUSED void mem_sink_init(mem_sink *k, char *buf, size_t cap) {
  memset(k, 0, sizeof *k);
  k->buf = buf;
  k->cap = cap;
  k->sink.ctx = k;
  k->sink.write = mem_sink_write;
  k->sink.end = mem_sink_end;
  mem_sink_clear(k);
}

/* Kept, sep 0: message i as a C string ("" when there is none). */
static MEM_SINK_UNUSED const char *mem_msg(const mem_sink *k, int i) {
  return i >= 0 && i < k->n && !k->each ? k->buf + k->start[i] : "";
}

#endif
