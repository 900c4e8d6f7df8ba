#include "stdio.h"
#include "config.h"
#include "derived.h"
#include "errors.h"
#include "util.h"
#include "json.h"
#include "port.h"
#include "mcp.h"
#include "resources.h"
#include "engine.h"
#include "ops.h"
/* >>transport: stdio ---------------------------------------------------------
   One JSON message per line on stdin and stdout. stdout carries nothing but
   MCP messages; both streams use buffers inside the server (no allocation).
   Requests a client sends without waiting run together: each tool call takes
   a call slot and is answered when E2B answers it, in any order (JSON-RPC
   allows it), while the next lines are read. When every slot is busy, the
   next tool call waits in the engine's queue, its line parked at the start
   of s->msg (where the engine starts it, in place), and the lines after it
   are read and served meanwhile in the rest of s->msg: a cancel for a call
   in a slot, a ping, an answer to a question; further calls queue behind it,
   in order. Only when the queue is full, or the next line does not fit
   beside the parked ones, is stdin left unread until a call starts (the
   pipe holds the rest, in order). A call that would wait while a call waits
   for its user's answer, which may be behind it, is told the server is
   busy. A question to
   the user (any tool's, a simple custom one's too) is a state of its call:
   the lines after it are read and served while it waits. With the POSIX
   port stdin is waited on with the calls' sockets, with the Windows port its
   relay (a thread copies stdin into a loopback socket); elsewhere a line is
   read (blocking) only when no call talks to E2B. */
#if E2B_MCP_WITH_STDIO
#include <stdio.h>   /* stdin and stdout; a build without this transport keeps <stdio.h> out */
/* The longest wait with nothing due: stdin or a call ends it sooner. */
#define E2B_MCP__STDIO_IDLE_MS 60000
#if defined(E2B_MCP_SOCK_POSIX)
#  include <unistd.h>
#  include <errno.h>
#elif defined(E2B_MCP_SOCK_WIN32)
#  include <io.h>
#  include <fcntl.h>
#endif
static int e2b_mcp__stdio_write(void *ctx, const char *p, size_t n) {
  (void)ctx;
  return fwrite(p, 1, n, stdout) == n ? 0 : -1;
}
static int e2b_mcp__stdio_end(void *ctx) {   /* one write(2) for a message that fits stdout's buffer */
  (void)ctx;
  return fputc('\n', stdout) == EOF || fflush(stdout) != 0 ? -1 : 0;
}
#if E2B_MCP__SUBS
/* Subscriptions (>>resources): the session is the server's own; its
   notifications go out as lines between messages (the engine's step sends
   them), and end with stdin. */
static const e2b_mcp_sink e2b_mcp__stdio_sink = { NULL, e2b_mcp__stdio_write, e2b_mcp__stdio_end };
static const e2b_mcp_sink *e2b_mcp__stdio_stream(e2b_mcp_server *s, const e2b_mcp_session *sess) {
  return sess == &s->session ? &e2b_mcp__stdio_sink : NULL;
}
#  define E2B_MCP__STDIO_SUBS(s, on) ((s)->sub_stream = (on) ? e2b_mcp__stdio_stream : NULL, (on) ? (void)0 : e2b_mcp__subs_drop((s), &(s)->session))
#else
#  define E2B_MCP__STDIO_SUBS(s, on) ((void)0)
#endif
/* More of stdin into stdin_buf: the count, 0 at its end, -1 on an error, -2
   when there was nothing after all (a non-blocking stdin). in: stdin as the
   port waits on it (h < 0: a plain blocking read). */
static long e2b_mcp__stdio_fill(e2b_mcp_server *s, e2b_mcp_sock *in) {
  long r = 0;
  int ch;
  (void)in;   /* a custom port has no stdin of its own to wait on */
#if defined(E2B_MCP_SOCK_POSIX)
  if (in->h >= 0) {
    ssize_t got;
    do { got = read(0, s->stdin_buf, sizeof s->stdin_buf); } while (got < 0 && errno == EINTR);
    if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return -2;   /* nothing after all */
    r = (long)got;
  } else
#elif defined(E2B_MCP_SOCK_WIN32)
  if (in->h >= 0) {   /* the port's relay of stdin */
    r = s->net->recv(s->net->user, in, (unsigned char *)s->stdin_buf, sizeof s->stdin_buf);
    if (r == E2B_MCP_ERR_AGAIN) return -2;
  } else
#endif
  while (r < (long)sizeof s->stdin_buf && (ch = getc(stdin)) != EOF) { s->stdin_buf[r++] = (char)ch; if (ch == '\n') break; }
  s->in_at = 0;
  s->in_len = r > 0 ? (size_t)r : 0;
  if (r <= 0) s->in_eof = 1;
  return r;
}
/* The next whole line from what stdin gave, into s->msg after the lines
   parked at its start (park bytes, below): its length, -1 when more is
   needed, -2 when it was longer than E2B_MCP_MSG_MAX (skipped), -3 when it
   does not fit beside the parked lines (it waits, and what stdin gave after
   it too, until they have started). At stdin's end a last line without its
   newline counts. */
static long e2b_mcp__stdio_take(e2b_mcp_server *s, size_t park) {
  char *line = s->msg + park;
  while (s->in_at < s->in_len || s->in_eof) {
    size_t n = s->line_n;
    int over;
    if (s->in_at < s->in_len) {
      char ch = s->stdin_buf[s->in_at];
      if (ch != '\n') {
        if (park && park + n >= E2B_MCP_MSG_MAX) return -3;
        s->in_at++;
        if (n < E2B_MCP_MSG_MAX) line[s->line_n++] = ch;
        else s->line_over = 1;
        continue;
      }
      s->in_at++;
    } else if (n == 0 && !s->line_over) return -1;   /* the end, and nothing left */
    over = s->line_over;
    s->line_n = 0;
    s->line_over = 0;
    line[n] = 0;
    if (over) return -2;
    if (n && line[n - 1] == '\r') line[--n] = 0;
    return (long)n;
  }
  return -1;
}
#if E2B_MCP_LIMITS
/* A tools/call beyond the limits (>>ops; stdin's one user is one principal):
   answered at once with an error whose data says when to call again
   (retryAfterMs), audited, nothing sent to E2B. 1: answered. */
static int e2b_mcp__stdio_limited(e2b_mcp_server *s, const char *line, const e2b_mcp_sink *k) {
  char text[400], out[800], id[E2B_MCP_RPC_ID_MAX];
  e2b_mcp_json w;
  int which, nm, idt;
  long wait;
  if (s->cfg.limit_burst <= 0 && s->cfg.limit_bill_burst <= 0) return 0;
  if ((wait = e2b_mcp__limit_call(s, line, 1, &which, &nm)) == 0) return 0;
  e2b_mcp__limit_text(s, wait, which, text, sizeof text);
#if E2B_MCP_AUDIT
  e2b_mcp__limit_audit(s, line, nm, NULL);
#endif
  idt = e2b_mcp__tok_get(line, s->mtok, 0, "id");
  if (idt < 0 || e2b_mcp__tok_json(line, &s->mtok[idt], id, sizeof id) < 0) strcpy(id, "null");
  e2b_mcp_json_init(&w, out, sizeof out);
  e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "jsonrpc"); e2b_mcp_json_str(&w, "2.0");
  e2b_mcp_json_key(&w, "id"); e2b_mcp_json_raw(&w, id, strlen(id));
  e2b_mcp_json_key(&w, "error"); e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "code"); e2b_mcp_json_int(&w, -32000);
  e2b_mcp_json_key(&w, "message"); e2b_mcp_json_str(&w, text);
  e2b_mcp_json_key(&w, "data"); e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "retryAfterMs"); e2b_mcp_json_int(&w, wait > 0 ? wait : 5000);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp_json_obj_end(&w);
  if (!w.err && k->write(k->ctx, out, w.len) == 0) k->end(k->ctx);
  return 1;
}
#endif
static void e2b_mcp__stdio_too_long(e2b_mcp_server *s, const e2b_mcp_sink *k) {
  e2b_mcp__msg m;
  char text[128];
  e2b_mcp__ctx cx;
  e2b_mcp__ctx_own(s, &cx);
  memset(&m, 0, sizeof m);
  m.sink = k;
  m.cx = &cx;
  e2b_mcp__fmt(text, sizeof text, E2B_MCP__MSG_MSG_TOO_LONG, (unsigned long)E2B_MCP_MSG_MAX);
  e2b_mcp__reply_error(s, &m, NULL, E2B_MCP__INVALID_REQUEST, text);
}
E2B_MCP_DEF int e2b_mcp_serve_stdio(e2b_mcp_server *s) {
  e2b_mcp_sink k;
  e2b_mcp_origin from;
  e2b_mcp_poll fds[1 + E2B_MCP_CALLS];
  e2b_mcp_sock in;   /* stdin as the port waits on it; h < 0: read blocking, when nothing else is due */
  size_t park = 0;   /* s->msg[0..park): tool calls waiting in the engine's queue, each line and its NUL */
  long held = -1;    /* the length of a whole line at s->msg + park that waits for room in the queue */
  in.port = s->net;
  in.h = -1;
#if defined(E2B_MCP_SOCK_POSIX)
  in.h = 0;
#elif defined(E2B_MCP_SOCK_WIN32)
  _setmode(_fileno(stdout), _O_BINARY);   /* "\n" ends a message, never "\r\n" */
  if (s->net != &e2b_mcp_sock_win32 || e2b_mcp_sock_win32_stdin(&in) != 0) in.h = -1;
#endif
  setvbuf(stdout, s->stdout_buf, _IOFBF, sizeof s->stdout_buf);   /* a message that fits is one write(2) */
  if (in.h < 0) setvbuf(stdin, s->stdin_buf, _IONBF, 0);   /* read through s->stdin_buf, by e2b_mcp__stdio_fill */
  s->in_at = s->in_len = s->line_n = 0;
  s->in_eof = s->line_over = 0;
  k.ctx = &k;
  k.write = e2b_mcp__stdio_write;
  k.end = e2b_mcp__stdio_end;
  memset(&from, 0, sizeof from);
#if E2B_MCP_WITH_2026
  from.caller = 1;   /* stdin's one client: its cancels reach its 2026-07-28 calls too */
#endif
  E2B_MCP__STDIO_SUBS(s, 1);
  for (;;) {
    int timeout = E2B_MCP__STDIO_IDLE_MS, talking, queued, stalled = 0;
    long len;
    if (s->stdio_stop && !s->in_eof) {   /* stopped: as at stdin's end, without the unread rest */
      s->in_eof = 1;
      s->in_at = s->in_len = s->line_n = 0;
      s->line_over = 0;
    }
    if (park && !e2b_mcp__queued_in_msg(s)) {   /* every parked line has started: the next one moves to the front */
      memmove(s->msg, s->msg + park, held >= 0 ? (size_t)held + 1 : s->line_n);
      park = 0;
    }
    /* the lines that are whole; a tool call that waits for a slot is parked */
    for (;;) {
      e2b_mcp_kind kind;
      char *line = s->msg + park;
      int r;
      if (held >= 0) len = held;
      else if ((len = e2b_mcp__stdio_take(s, park)) == -1) break;
      else if (len == -3) { stalled = 1; break; }
      else if (len == -2) { e2b_mcp__stdio_too_long(s, &k); continue; }
      else if (len == 0 || e2b_mcp__only_space(line, (size_t)len)) continue;
      e2b_mcp_peek(s, line, (size_t)len, NULL, &kind);   /* the one parse: submit uses it */
      if (kind.busy) { s->peek_n = 0; held = len; break; }   /* the queue is full: it waits, and stdin with it */
#if E2B_MCP_LIMITS
      if (kind.json && e2b_mcp__stdio_limited(s, line, &k)) { s->peek_n = 0; continue; }
#endif
      held = -1;
      from.keep = line;
      if ((r = e2b_mcp_submit(s, line, (size_t)len, &from, &k)) < 0) goto broken;
      if (r == E2B_MCP_QUEUED) park += (size_t)len + 1;   /* its text stays where it is, and is started there */
    }
    queued = e2b_mcp_queued(s, &k);
    talking = e2b_mcp_watch(s, fds + 1, E2B_MCP_CALLS, &timeout);   /* the calls' sockets, and their deadlines */
    if (s->in_eof && held < 0 && !queued && s->in_at >= s->in_len && !e2b_mcp_sink_busy(s, &k)) break;
    if (s->in_eof && held < 0 && !queued && !talking && e2b_mcp_sink_eof(s, &k)) {   /* questions nobody can answer any more: not a yes */
      e2b_mcp_step(s);   /* a call accepted before the end still runs to its answer, and a tool that asks again is ended again */
      continue;
    }
    /* wait: for stdin (not at its end, nothing of it waiting) and the calls */
    if (s->stdio_stop && !s->in_eof) continue;   /* a stop that came meanwhile is not left to wait out the idle minute */
    if (in.h >= 0) {
      fds[0].sock = !s->in_eof && held < 0 && !stalled && s->in_at >= s->in_len ? &in : NULL;
      fds[0].want = E2B_MCP_WANT_READ; fds[0].ready = 0;
      if (s->net->wait(s->net->user, fds, 1 + talking, timeout) > 0 && fds[0].sock && fds[0].ready && e2b_mcp__stdio_fill(s, &in) == -1) goto broken;
    } else {
      /* without a poll of stdin, a read blocks: only when no call is due now (an
         answered question, a call to start); a question's deadline then fires
         when the next line comes */
      if (!talking && timeout != 0 && !s->in_eof && held < 0 && !stalled) { if (e2b_mcp__stdio_fill(s, &in) == -1) goto broken; continue; }
      s->net->wait(s->net->user, fds + 1, talking, timeout);
    }
    e2b_mcp_step(s);
  }
  E2B_MCP__STDIO_SUBS(s, 0);
  e2b_mcp_close(s);
  return 0;
broken:   /* stdout or stdin failed: the calls in flight answer nobody (their sink dies with
             this frame); changes already sent to E2B are not undone */
  e2b_mcp_sink_gone(s, &k);
  E2B_MCP__STDIO_SUBS(s, 0);
  e2b_mcp_close(s);
  return 1;
}
#endif /* E2B_MCP_WITH_STDIO */


