#include "engine.h"
#include "front.h"
#include "config.h"
#include "derived.h"
#include "errors.h"
#include "util.h"
#include "json.h"
#include "metrics.h"
#include "port.h"
#include "stream.h"
#include "client.h"
#include "seal.h"
#include "principal.h"
#include "mcp.h"
#include "tools.h"
#include "resources.h"
/* >>engine: calls in flight, and the seam a transport uses --------------------
   A two-phase tool's call (E2B's own, or a custom one with build/shape) runs
   in one of E2B_MCP_CALLS call slots, as a state machine: ASKING (its consent
   question went to the user; the answer comes as a message like any other
   and is acted on at the call's next step, as is a cancel), E2B (its request
   is on the wire and moves with e2b_mcp__slot_io), then it is answered
   through the sink it came with and the slot is free again. Nothing here
   waits: a transport adds the calls' sockets to its own wait
   (e2b_mcp_watch) and moves them after it (e2b_mcp_step), so
   answers go out as E2B gives them, in any order.
   A 2025-03-26 batch's calls run in slots too, their answers kept in its
   batch record until the last (e2b_mcp__bat_*).
   The blocking paths (e2b_mcp_handle, e2b_mcp_call_tool)
   run their one slot to its end with e2b_mcp__call_run. The server's scratch
   (rtok, result, content, out, errmsg) is used within one step only: while a
   call starts, and while its answer is shaped and written. */
enum { E2B_MCP__CS_FREE, E2B_MCP__CS_ASKING, E2B_MCP__CS_E2B, E2B_MCP__CS_RUN };
/* Without questions (E2B_MCP__ASKS 0) no slot ever asks: the test is a
   constant, and the compiler drops every path behind it. */
#define E2B_MCP__IS_ASKING(k) (E2B_MCP__ASKS && (k)->state == E2B_MCP__CS_ASKING)

/* A free slot with a buffer from the pool (NULL when either is missing):
   the slot one used before (its connection may be open), else the next one
   never used; the lowest free buffer (so slots and buffers a server never
   needs stay out of memory). */
static e2b_mcp__slot *e2b_mcp__slot_claim(e2b_mcp_server *s) {
  e2b_mcp__slot *k;
  int i;
#ifdef E2B_MCP__POOL
  int b;
  if (s->bufs_used == E2B_MCP_CALL_BUFS) return NULL;
#endif
  for (i = 0; i < s->nslots && s->slots[i].state != E2B_MCP__CS_FREE; i++) {}
  if (i == E2B_MCP_CALLS) return NULL;
#ifdef E2B_MCP__POOL
  for (b = 0; b < s->nbufs && s->bufs_held[b]; b++) {}
  if (b == s->nbufs) s->nbufs++;
  s->bufs_held[b] = 1;
  s->bufs_used++;
#endif
  if (i == s->nslots) {
    s->slots[i].conn.open = 0;
    s->slots[i].conn.sock.h = -1;
    s->nslots++;
  }
  k = &s->slots[i];
  memset(k, 0, offsetof(e2b_mcp__slot, conn));   /* the call's fields; the connection stays */
#ifdef E2B_MCP__POOL
  k->rq.buf = s->bufs[b].req;
  k->rq.body_buf = s->bufs[b].resp;
#else
  k->rq.buf = k->own.req;
  k->rq.body_buf = k->own.resp;
#endif
  return k;
}
/* How many slots hold a call; *asking, *talking (when not NULL): whether one
   waits for its user, one for E2B. */
static int e2b_mcp__calls_busy(const e2b_mcp_server *s, int *asking, int *talking) {
  int i, n = 0, a = 0, t = 0;
  for (i = 0; i < s->nslots; i++) {
    n += s->slots[i].state != E2B_MCP__CS_FREE;
    a |= E2B_MCP__IS_ASKING(&s->slots[i]);
    t |= s->slots[i].state == E2B_MCP__CS_E2B;
  }
  if (asking) *asking = a;
  if (talking) *talking = t;
  return n;
}
/* Whether a call could take a slot and a buffer now. */
static int e2b_mcp__can_claim(const e2b_mcp_server *s) {
#ifdef E2B_MCP__POOL
  if (s->bufs_used == E2B_MCP_CALL_BUFS) return 0;
#endif
  return e2b_mcp__calls_busy(s, NULL, NULL) < E2B_MCP_CALLS;
}
/* k's call ended: the slot is free, its buffer back in the pool. */
#if E2B_MCP__TASKS
static void e2b_mcp__task_orphan(e2b_mcp_server *s, e2b_mcp__slot *k);
#endif
/* The one place a slot's sink changes (NULL: it answers nobody), so
   s->slot_sink, which e2b_mcp_sink_busy reads instead of every slot, always
   says the same as the slot. */
static void e2b_mcp__slot_sink(e2b_mcp_server *s, e2b_mcp__slot *k, const e2b_mcp_sink *sink) {
  k->has_sink = sink != NULL;
  if (sink) k->sink = *sink;
  s->slot_sink[k - s->slots] = sink ? sink->ctx : NULL;
}
static void e2b_mcp__slot_free(e2b_mcp_server *s, e2b_mcp__slot *k) {
#if E2B_MCP__TASKS
  if (k->task) e2b_mcp__task_orphan(s, k);
#endif
  k->state = E2B_MCP__CS_FREE;
  k->cl.io = E2B_MCP__IO_IDLE;
  if (k->has_sink && k->sink_no > s->sinks_floor) s->sinks_done++;
  e2b_mcp__slot_sink(s, k, NULL);
  if (k->client_key[0]) {   /* a client's key stays no longer than its call: nor does the request that carried it */
    memset(k->client_key, 0, sizeof k->client_key);
    memset(k->rq.buf, 0, k->rq.w.len < E2B_MCP_REQ_MAX ? k->rq.w.len : E2B_MCP_REQ_MAX);
  }
  if (k->rq.buf) {
#ifdef E2B_MCP__POOL
    s->bufs_held[((e2b_mcp__buf *)(void *)k->rq.buf) - s->bufs] = 0;   /* req is a buffer's first member */
    s->bufs_used--;
#else
    (void)s;
#endif
    k->rq.buf = k->rq.body_buf = NULL;
  }
}

#if E2B_MCP_WITH_BATCH
/* ---- a 2025-03-26 batch's answers, kept in its record until the last ----
   Each answer in b->buf: a header (which request, how many bytes), then the
   bytes the core wrote (through the redactor, "," first). */
#define E2B_MCP__BAT_HEAD (2 * sizeof(size_t))
#define E2B_MCP__BAT_ERR 256   /* an error in place of an answer, header and frame and text, but its id */
static int e2b_mcp__bat_write(void *ctx, const char *p, size_t n) {
  e2b_mcp__batch *b = (e2b_mcp__batch *)ctx;
  if (b->over || n > b->limit - b->len) { b->over = 1; return -1; }
  memcpy(b->buf + b->len, p, n);
  b->len += n;
  return 0;
}
/* The room kept for an error in place of the answer to the request at token
   root (its id's JSON text, at most E2B_MCP_RPC_ID_MAX, or null). */
static unsigned e2b_mcp__bat_share(const char *js, const jsmntok_t *t, int root) {
  int idt = t[root].type == JSMN_OBJECT ? e2b_mcp__tok_get(js, t, root, "id") : -1;
  size_t n = idt >= 0 ? (size_t)(t[idt].end - t[idt].start) + 2 : 4;
  return (unsigned)(E2B_MCP__BAT_ERR + (n < E2B_MCP_RPC_ID_MAX ? n : E2B_MCP_RPC_ID_MAX));
}
/* A message whose answers go into b. */
static void e2b_mcp__bat_msg(e2b_mcp__batch *b, e2b_mcp__msg *m, const e2b_mcp__ctx *cx) {
  memset(m, 0, sizeof *m);
  m->sink = &b->mem;
  m->cx = cx;
  m->async = 1;
  m->batch = 1;
  m->batch_items = 1;   /* each answer starts with ",": the array's "[" is written at its end */
}
/* An answer begins (returned: where): it may use the room but what is kept
   for the answers still to come. */
static size_t e2b_mcp__bat_begin(e2b_mcp__batch *b, unsigned share) {
  size_t at = b->len;
  b->len += E2B_MCP__BAT_HEAD;
  b->over = 0;
  b->limit = sizeof b->buf - (b->reserve - share);
  return at;
}
/* The answer to request `at` that began at pos ended: kept with its header;
   one that did not fit (or why, when not NULL) is an error in its place
   (its room was kept); nothing written is no answer (a notification, a
   cancelled call). Its kept room is free again. */
static void e2b_mcp__bat_end(e2b_mcp_server *s, e2b_mcp__batch *b, size_t pos, int at, unsigned share, int failed, const char *why, const char *id) {
  size_t h[2];
  if (failed || b->over || why) {
    e2b_mcp__msg m;
    e2b_mcp__ctx cx;
    b->len = pos + E2B_MCP__BAT_HEAD;
    b->over = 0;
    b->limit = sizeof b->buf - (b->reserve - share);
    e2b_mcp__ctx_own(s, &cx);
    e2b_mcp__bat_msg(b, &m, &cx);
    e2b_mcp__reply_error(s, &m, id, E2B_MCP__INTERNAL_ERROR, why ? why :
                         "The answer does not fit in the room this server keeps for a batch's answers (E2B_MCP_BATCH_ROOM); send this request on its own.");
  }
  h[0] = (size_t)at;
  h[1] = b->len - pos - E2B_MCP__BAT_HEAD;
  if (!h[1]) b->len = pos;
  else memcpy(b->buf + pos, h, sizeof h);
  b->reserve -= share;
}
/* The batch is answered: its answers, in its order, as one array (none: no
   answer, a batch of notifications), then the record is free. 1 when
   written, 0 when nothing was, -1 when the sink failed. */
static int e2b_mcp__bat_emit(e2b_mcp_server *s, e2b_mcp__batch *b) {
  const e2b_mcp_sink *k = &b->sink;
  int i, items = 0, bad = 0;
  for (i = 0; b->has_sink && i < b->count && !bad; i++) {
    size_t p, h[2];
    for (p = b->text; p < b->len; p += E2B_MCP__BAT_HEAD + h[1]) {
      memcpy(h, b->buf + p, sizeof h);
      if (h[0] != (size_t)i) continue;
      bad = (!items && k->write(k->ctx, "[", 1) != 0) ||
            k->write(k->ctx, b->buf + p + E2B_MCP__BAT_HEAD + !items, h[1] - !items) != 0;   /* the first without its "," */
      items++;
      break;
    }
  }
  if (items && !bad) bad = k->write(k->ctx, "]", 1) != 0 || (k->end && k->end(k->ctx) != 0);
  if (b->has_sink && b->sink_no > s->sinks_floor) s->sinks_done++;
  s->bat_used[b - s->batches] = 0;
  return bad ? -1 : items > 0;
}
/* One of b's calls left it (answered into it, or not at all): the array goes
   when it was the last and every request has been read. */
static void e2b_mcp__bat_out(e2b_mcp_server *s, e2b_mcp__batch *b) {
  if (--b->out == 0 && !b->open) e2b_mcp__bat_emit(s, b);
}
static void e2b_mcp__bat_stopped(e2b_mcp_server *s, const e2b_mcp__queued *q);
#endif

#if E2B_MCP_AUDIT
/* ---- the audit record ----
   A call's arguments are copied when it starts (its message text goes with
   that step) and the record is made when the call is written, its result
   complete. The copy is built from DECODED values and written again by the
   JSON writer, never copied as request text: whatever came in (line breaks
   between tokens, invalid UTF-8, escapes, nesting), the record is one line of
   valid UTF-8 JSON. Names are compared with secret words after decoding (so
   "pass\u0077ord" is a password, as E2B would read it); a value under such a
   name is "[redacted]"; in a key/value pair ({"key"|"name": N, "value": V},
   the tools' own form for metadata) V is redacted when N is secret-named;
   below E2B_MCP__AUDIT_DEPTH levels a value is the marker "[too deep]". */
#define E2B_MCP__AUDIT_DEPTH 8
/* Whether a decoded name (n bytes; -1: too long or malformed to decode)
   holds a secret word. A name that cannot be decoded is taken as secret. */
static int e2b_mcp__audit_secret_name(const char *p, int n) {
  static const char *const words[] = { "env", "key", "token", "secret", "password", "passwd", "credential", "auth" };
  size_t i, k, w;
  if (n < 0) return 1;
  for (w = 0; w < sizeof words / sizeof words[0]; w++) {
    k = strlen(words[w]);
    for (i = 0; i + k <= (size_t)n; i++) if (e2b_mcp__ieqn(p + i, words[w], k)) return 1;
  }
  return 0;
}
/* The string token t decoded into buf (cap): its length, or -1. */
static int e2b_mcp__audit_name(const char *js, const jsmntok_t *t, char *buf, size_t cap) {
  return t->type == JSMN_STRING ? e2b_mcp__unescape(js + t->start, (size_t)(t->end - t->start), buf, cap) : -1;
}
/* A string token written as a JSON string from its decoded value, a piece at
   a time (no buffer: a run of plain bytes, or one escape's character), the
   writer escaping each piece and replacing bytes that are not UTF-8. */
static void e2b_mcp__audit_str(e2b_mcp_json *w, const char *js, const jsmntok_t *t) {
  const char *s = js + t->start;
  size_t n = (size_t)(t->end - t->start), i = 0, run;
  e2b_mcp__w_sep(w);
  e2b_mcp__w_c(w, '"');
  while (i < n) {
    char out[16];
    int l;
    for (run = i; run < n && s[run] != '\\'; run++) {}
    if (run > i) { e2b_mcp_json_escape(w, s + i, run - i); i = run; continue; }
    /* one escape: \uXXXX (a surrogate pair with its partner) or \c */
    run = i + 2;
    if (i + 1 < n && s[i + 1] == 'u') {
      run = i + 6;
      if (run + 6 <= n && s[run] == '\\' && s[run + 1] == 'u' && e2b_mcp__hex4(s + i + 2) >= 0xD800 &&
          e2b_mcp__hex4(s + i + 2) <= 0xDBFF && e2b_mcp__hex4(s + run + 2) >= 0xDC00) run += 6;
    }
    if (run > n || (l = e2b_mcp__unescape(s + i, run - i, out, sizeof out)) < 0) {
      e2b_mcp_json_escape(w, "\xef\xbf\xbd", 3);   /* malformed, or \u0000: U+FFFD */
      i = run > n ? n : run;
      continue;
    }
    e2b_mcp_json_escape(w, out, (size_t)l);
    i = run;
  }
  e2b_mcp__w_c(w, '"');
}
/* Writes the value at token i (redact: every scalar in it as "[redacted]",
   its object keys kept); the next token's index. */
static int e2b_mcp__audit_value(e2b_mcp_json *w, const char *js, const jsmntok_t *t, int i, int redact, int depth) {
  int j = i + 1, k;
  if ((t[i].type == JSMN_OBJECT || t[i].type == JSMN_ARRAY) && depth >= E2B_MCP__AUDIT_DEPTH) {
    e2b_mcp_json_str(w, "[too deep]");   /* never copied: what lies below is neither checked for secrets nor kept */
    return e2b_mcp__tok_skip(t, i);
  }
  if (t[i].type == JSMN_OBJECT) {
    char name[128];
    int pair_secret = 0, n;
    /* a key/value pair: its "key" or "name" member names what "value" holds */
    if (e2b_mcp__tok_skip(t, i) > i + 1) {
      int has_value = 0, named = 0, secret = 0;
      for (k = 0, j = i + 1; k < t[i].size; k++) {
        n = e2b_mcp__audit_name(js, &t[j], name, sizeof name);
        if (n == 5 && !memcmp(name, "value", 5)) has_value = 1;
        if (((n == 3 && !memcmp(name, "key", 3)) || (n == 4 && !memcmp(name, "name", 4))) && t[j + 1].type == JSMN_STRING) {
          char v[128];
          named = 1;
          secret |= e2b_mcp__audit_secret_name(v, e2b_mcp__audit_name(js, &t[j + 1], v, sizeof v));
        }
        j = e2b_mcp__tok_skip(t, j + 1);
      }
      if (has_value && named) pair_secret = 1 + secret;   /* 1: a pair, its name kept; 2: its value redacted */
    }
    e2b_mcp_json_obj(w);
    for (k = 0, j = i + 1; k < t[i].size; k++) {
      int sec;
      n = e2b_mcp__audit_name(js, &t[j], name, sizeof name);
      e2b_mcp__audit_str(w, js, &t[j]);   /* the name, decoded and written again */
      e2b_mcp__w_put(w, ":", 1);
      w->after_key = 1;
      if (pair_secret && ((n == 3 && !memcmp(name, "key", 3)) || (n == 4 && !memcmp(name, "name", 4))) && t[j + 1].type == JSMN_STRING)
        sec = 0;   /* a pair's name is a name, as an object's keys are */
      else if (pair_secret == 2 && n == 5 && !memcmp(name, "value", 5)) sec = 1;
      else sec = e2b_mcp__audit_secret_name(name, n);
      j = e2b_mcp__audit_value(w, js, t, j + 1, redact || sec, depth + 1);
    }
    e2b_mcp_json_obj_end(w);
    return j;
  }
  if (t[i].type == JSMN_ARRAY) {
    e2b_mcp_json_arr(w);
    for (k = 0; k < t[i].size; k++) j = e2b_mcp__audit_value(w, js, t, j, redact, depth + 1);
    e2b_mcp_json_arr_end(w);
    return j;
  }
  if (redact) e2b_mcp_json_str(w, "[redacted]");
  else if (t[i].type == JSMN_STRING) e2b_mcp__audit_str(w, js, &t[i]);
  else if (e2b_mcp__prim_ok(js + t[i].start, (size_t)(t[i].end - t[i].start)))
    e2b_mcp_json_raw(w, js + t[i].start, (size_t)(t[i].end - t[i].start));   /* true, false, null or a number: checked */
  else e2b_mcp_json_str(w, "[not JSON]");
  return j;
}
/* A call's arguments (the object at token args, or -1) as the record keeps
   them, into argv (E2B_MCP_AUDIT_ARGS_MAX), and its sandbox_id into sbx
   (E2B_MCP_ID_MAX + 1; "" without one): for a call that starts, and for one
   refused before it could (its access token's scope: >>transport: streamable
   http today). Contract for every record maker: argv is the only form of a
   call's arguments a record may carry (one line of valid UTF-8 JSON, secrets
   redacted); never put request text into a record field, and hand string
   fields (tool, who) to the hook as decoded text, which the writer escapes. */
static void e2b_mcp__audit_args(const char *js, const jsmntok_t *t, int args, char *argv, char *sbx) {
  e2b_mcp_json w;
  int sb;
  e2b_mcp_json_init(&w, argv, E2B_MCP_AUDIT_ARGS_MAX - 1);
  if (args >= 0 && t[args].type == JSMN_OBJECT) e2b_mcp__audit_value(&w, js, t, args, 0, 0);
  else e2b_mcp_json_raw(&w, "{}", 2);
  if (w.err) { w.err = 0; w.len = 0; e2b_mcp_json_raw(&w, "{\"_omitted\":\"longer than E2B_MCP_AUDIT_ARGS_MAX\"}", 49); }
  argv[w.len] = 0;
  sb = args >= 0 ? e2b_mcp__tok_get(js, t, args, "sandbox_id") : -1;
  if (sb < 0 || e2b_mcp__tok_str(js, &t[sb], sbx, E2B_MCP_ID_MAX + 1) < 0) sbx[0] = 0;
}
/* Masks the caller's own key wherever it was typed into the arguments. The
   key is key_len bytes and need not end there: a principal's points into its
   request (a header's value, the token's room), where more text follows. */
static void e2b_mcp__audit_mask(const e2b_mcp__ctx *cx, char *argv) {
  char *p;
  if (!cx->key_len) return;
  for (p = argv; *p; p++) if (strncmp(p, cx->key, cx->key_len) == 0) memset(p, '*', cx->key_len);
}
/* A tool call refused for its caller's scopes (the core's one scope check):
   its record, written before the refusal is answered; nothing reached E2B. */
static void e2b_mcp__audit_forbidden(e2b_mcp_server *s, const e2b_mcp__ctx *cx, const e2b_mcp_tool *tool, int group,
                                     const char *js, const jsmntok_t *t, int params, int args) {
  char who[E2B_MCP_SUBJECT_MAX], sbx[E2B_MCP_ID_MAX + 1], argv[E2B_MCP_AUDIT_ARGS_MAX];
  e2b_mcp_audit_record r;
  size_t wn = cx->pr.who_len < sizeof who - 1 ? cx->pr.who_len : sizeof who - 1;
#if E2B_MCP_WITH_2026
  char trace[56];
#endif
  if (!s->cfg.audit) return;
  e2b_mcp__audit_args(js, t, args, argv, sbx);
  e2b_mcp__audit_mask(cx, argv);
  if (cx->pr.who) memcpy(who, cx->pr.who, wn);
  who[cx->pr.who ? wn : 0] = 0;
  r.tool = tool->name;
  r.group = group;
  r.who = cx->pr.who ? who : NULL;
  r.sandbox_id = sbx;
  r.args = argv;
  r.e2b_status = 0;
  r.outcome = "forbidden";
  r.duration_ms = 0;
  r.traceparent = NULL;
  r.batch = 0;
#if E2B_MCP_WITH_BATCH
  if (s->bat) r.batch = s->bat->sink_no;   /* the batch whose member is being read now */
#endif
#if E2B_MCP_WITH_2026
  e2b_mcp__trace_take(js, t, e2b_mcp__tok_get(js, t, e2b_mcp__tok_get(js, t, params, "_meta"), "traceparent"), trace);
  if (trace[0]) r.traceparent = trace;
#else
  (void)params;
#endif
  s->cfg.audit(s->cfg.audit_user, &r);
  E2B_MCP__MET_INC(s, audit_records);
}
static void e2b_mcp__audit_begin(e2b_mcp_server *s, e2b_mcp__slot *k) {
  const e2b_mcp_call *c = &k->call;
  k->audit_on = 1;
  k->audit_refused = 0;
  k->audit_t0 = e2b_mcp__now_ms(s);
  k->audit_batch = 0;
#if E2B_MCP_WITH_BATCH
  if (s->bat) k->audit_batch = s->bat->sink_no;   /* it is begun while its batch is read (or its queued turn comes) */
#endif
  e2b_mcp__audit_args(c->js, c->tok, c->args, k->audit_args, k->audit_sbx);
  e2b_mcp__audit_mask(&k->cx, k->audit_args);   /* a caller's key typed into an argument: masked, whatever its name */
}
/* The record of k as it stands (sbx: E2B_MCP_ID_MAX + 1 for its sandbox). */
static void e2b_mcp__audit_record(e2b_mcp_server *s, e2b_mcp__slot *k, e2b_mcp_audit_record *r, char *sbx) {
  const e2b_mcp_call *c = &k->call;
  unsigned long now = e2b_mcp__now_ms(s);
  unsigned ann = c->tool->annotations;
  size_t i, n;
  e2b_mcp__strlcpy(sbx, k->audit_sbx, E2B_MCP_ID_MAX + 1);
  if (!sbx[0] && !(ann & E2B_MCP_READ_ONLY) && c->has_out && c->out.buf)   /* the one it created (a list's are not its) */
    for (i = 0; i + 13 < c->out.len; i++) {
      if (memcmp(c->out.buf + i, "\"sandboxID\":\"", 13) != 0) continue;
      for (n = 0; i + 13 + n < c->out.len && c->out.buf[i + 13 + n] != '"'; n++) {}
      if (n < E2B_MCP_ID_MAX + 1) { memcpy(sbx, c->out.buf + i + 13, n); sbx[n] = 0; }
      break;
    }
  r->tool = c->tool->name;
  r->group = (ann & E2B_MCP_DESTRUCTIVE) ? E2B_MCP_GROUP_KILL : (ann & E2B_MCP_READ_ONLY) ? E2B_MCP_GROUP_READ : E2B_MCP_GROUP_WRITE;
  r->who = k->cx.pr.who ? k->who : NULL;
  r->sandbox_id = sbx;
  r->args = k->audit_args;
  r->e2b_status = k->audit_status;
  r->outcome = k->audit_refused ? "audit_unavailable" : c->cancelled ? "cancelled" :
#if E2B_MCP_KEYSTORE
              k->cx.pr.no_key ? "no_key" :
#endif
              c->refused ? "declined" : c->is_error || c->fail_code ? "error" : "ok";
  r->duration_ms = now && k->audit_t0 ? now - k->audit_t0 : 0;
  r->traceparent = c->trace[0] ? c->trace : NULL;
  r->batch = k->audit_batch;
}
static void e2b_mcp__audit_end(e2b_mcp_server *s, e2b_mcp__slot *k) {
  e2b_mcp_audit_record r;
  char sbx[E2B_MCP_ID_MAX + 1];
  e2b_mcp__audit_record(s, k, &r, sbx);
  if (s->cfg.audit) { s->cfg.audit(s->cfg.audit_user, &r); E2B_MCP__MET_INC(s, audit_records); }
  k->audit_on = 0;
}
/* Fail closed: just before k's request goes to E2B, cfg.audit_start is
   told (outcome "started") and may refuse (its log cannot be written): then
   nothing is sent and the call is answered that the audit log is
   unavailable. 0: go on. */
static int e2b_mcp__audit_gate(e2b_mcp_server *s, e2b_mcp__slot *k) {
  e2b_mcp_audit_record r;
  char sbx[E2B_MCP_ID_MAX + 1];
  if (!s->cfg.audit_start || !k->audit_on) return 0;
  e2b_mcp__audit_record(s, k, &r, sbx);
  r.outcome = "started";
  if (s->cfg.audit_start(s->cfg.audit_user, &r) == 0) return 0;
  k->audit_refused = 1;
  E2B_MCP__MET_INC(s, refused[E2B_MCP__RF_AUDIT]);
  e2b_mcp__result_reset(&k->call);
  e2b_mcp_result_error(&k->call, "The audit log is unavailable, so this server refuses calls that start, bill, change or "
                       "destroy a sandbox until it can record them; nothing was sent to E2B. Tell the server's operator.");
  return -1;
}
#endif

#if E2B_MCP_METRICS
/* ---- the call's metrics (>>metrics): its tool's place in the table, its outcome ---- */
static int e2b_mcp__met_tool(const e2b_mcp_server *s, const e2b_mcp_tool *tool) {
  int i;
  for (i = 0; i < s->ntools && i < E2B_MCP__MET_TOOLS; i++) if (s->tools[i] == tool) return i;
  return -1;   /* a tool switched off, called by a custom caller: not counted */
}
static void e2b_mcp__met_call(e2b_mcp_server *s, const e2b_mcp__slot *k) {
  const e2b_mcp_call *c = &k->call;
  int i = e2b_mcp__met_tool(s, c->tool), oc;
  unsigned long now = e2b_mcp__now_ms(s);
  if (i < 0) return;
  oc = c->cancelled ? E2B_MCP__OC_CANCELLED :
#if E2B_MCP_KEYSTORE
       k->cx.pr.no_key ? E2B_MCP__OC_NO_KEY :
#endif
       c->refused ? E2B_MCP__OC_DECLINED : c->is_error || c->fail_code ? E2B_MCP__OC_ERROR : E2B_MCP__OC_OK;
  e2b_mcp__met_observe(&s->metrics.tool[i][oc], now && k->met_t0 ? now - k->met_t0 : 0);
}
/* E2B answered k's request (status 0: the exchange failed). */
static void e2b_mcp__met_e2b(e2b_mcp_server *s, const e2b_mcp__slot *k, int status) {
  int i = e2b_mcp__met_tool(s, k->call.tool);
  unsigned long now = e2b_mcp__now_ms(s);
  if (i < 0) return;
  s->metrics.e2b[i][e2b_mcp__met_status(status)]++;
  e2b_mcp__met_observe(&s->metrics.e2b_time[i], now && k->t0 ? now - k->t0 : 0);
}
#endif

/* A finished call's result, completed (e2b_mcp__result_done) and handed to an
   in-process caller, then written to m (nothing for a cancelled call). */
static void e2b_mcp__call_write(e2b_mcp_server *s, e2b_mcp__slot *k, e2b_mcp__msg *m) {
  e2b_mcp_call *c = &k->call;
  e2b_mcp__result_done(s, c);
#if E2B_MCP_AUDIT
  if (k->audit_on) e2b_mcp__audit_end(s, k);
#endif
#if E2B_MCP_METRICS
  if (k->call.tool) e2b_mcp__met_call(s, k);
#endif
  if (k->back) {   /* in-process: the result (in the scratch buffers) is the caller's */
    k->back->out = c->out; k->back->content = c->content;
    k->back->is_error = c->is_error; k->back->has_out = c->has_out;
  }
  if (m) e2b_mcp__reply_call(s, m, c, k->id);
}

/* Answers k through its own sink (a call that went on from an earlier
   message), or m when the caller waits for it, and frees it. */
static void e2b_mcp__call_done(e2b_mcp_server *s, e2b_mcp__slot *k, e2b_mcp__msg *m) {
  e2b_mcp__msg own;
#if E2B_MCP_WITH_BATCH
  if (!m && k->batch) {   /* into its batch, which is answered with its last call */
    e2b_mcp__batch *b = k->batch;
    size_t pos = e2b_mcp__bat_begin(b, k->bat_share);
    e2b_mcp__bat_msg(b, &own, &k->cx);
    e2b_mcp__call_write(s, k, &own);
    e2b_mcp__bat_end(s, b, pos, k->bat_at, k->bat_share, own.failed, NULL, k->id);
    e2b_mcp__slot_free(s, k);
    e2b_mcp__bat_out(s, b);
    return;
  }
#endif
  if (!m && k->has_sink) {
    memset(&own, 0, sizeof own);
    own.sink = &k->sink;
    own.cx = &k->cx;
    m = &own;
  }
  e2b_mcp__call_write(s, k, m);
  e2b_mcp__slot_free(s, k);
}

/* What k's E2B client is given of the server: the URL its request goes to
   (the server's own, which keeps the resolved address), the socket port,
   the trust anchors, the timeouts and how long an address is reused. */
static void e2b_mcp__slot_dial(e2b_mcp_server *s, const e2b_mcp__slot *k, e2b_mcp__dial *d) {
  d->url = k->rq.base == &s->dash ? &s->dash : &s->api;
#ifdef E2B_MCP__DOC
  if (k->fetch) d->url = &k->fetch->url;
#endif
  d->net = s->net;
  d->trust = s->trust_loaded ? &s->trust : NULL;
  d->connect_ms = (unsigned long)s->cfg.connect_timeout_ms;
  d->read_ms = (unsigned long)s->cfg.read_timeout_ms;
  d->dns_ttl_ms = (unsigned long)s->cfg.dns_ttl_ms;
}
/* Moves k's E2B request on as far as its socket allows now. */
/* What the transport's last wait found on k's socket: 1 ready, 0 nothing,
   -1 not known (not watched then, or the transport does not say). */
static int e2b_mcp__slot_ready(const e2b_mcp_server *s, const e2b_mcp__slot *k) {
  if (!s->wready || k->wgen != s->wgen) return -1;
  return s->wready[k->widx].ready != 0;
}
static void e2b_mcp__slot_io(e2b_mcp_server *s, e2b_mcp__slot *k) {
  e2b_mcp__dial d;
  e2b_mcp__slot_dial(s, k, &d);
  e2b_mcp__client_step(&k->cl, &k->conn, &d, e2b_mcp__now_ms(s));
  k->until = k->cl.until;
}

#if E2B_MCP__TASKS
static void e2b_mcp__task_start(e2b_mcp_server *s, e2b_mcp__slot *k);
#endif
/* The request goes out: its state machine takes its first steps now. */
static void e2b_mcp__call_send(e2b_mcp_server *s, e2b_mcp__slot *k) {
#if E2B_MCP__TASKS
  e2b_mcp__task_start(s, k);   /* a long call of a client that takes tasks: answered with one now */
#endif
  e2b_mcp_progress(&k->call, 0, 1, "Calling E2B");
  k->state = E2B_MCP__CS_E2B;
  k->t0 = e2b_mcp__now_ms(s);
#if E2B_MCP_WITH_2026
  k->rq.trace = k->call.trace[0] ? k->call.trace : NULL;
#endif
  e2b_mcp__client_begin(&k->cl, &k->rq, k->cx.key, k->rq.body_buf, E2B_MCP_RESP_MAX);
  k->cl.trusted = e2b_mcp__slot_ready(s, k) == 0;   /* its kept connection was watched idle: nothing came on it */
  e2b_mcp__slot_io(s, k);
}

/* Whether the client of sess may have one more question waiting for its
   user: 0, or why not (E2B_MCP_NO_TOO_MANY, E2B_MCP_NO_CROWDED). */
static int e2b_mcp__ask_room(const e2b_mcp_server *s, const e2b_mcp_session *sess) {
  int i, mine = 0, all = 0;
  for (i = 0; i < s->nslots; i++)
    if (E2B_MCP__IS_ASKING(&s->slots[i])) { all++; mine += s->slots[i].from == sess; }
  if (mine >= E2B_MCP_ASKS_PER_CLIENT) return E2B_MCP_NO_TOO_MANY;
  return all >= E2B_MCP_ASKING_MAX ? E2B_MCP_NO_CROWDED : 0;
}

/* Asks the user the consent question with elicitation/create: 1 when asked
   (the call waits, ASKING), 0 when the question could not be sent (no
   answer: declined), -1 when this client cannot be asked. */
static int e2b_mcp__call_ask(e2b_mcp_server *s, e2b_mcp__slot *k, const e2b_mcp__msg *m) {
  e2b_mcp_call *c = &k->call;
  const e2b_mcp_session *ss = c->cx->sess;
  unsigned long now = e2b_mcp__now_ms(s);
  if (!c->sink || !ss->client_elicitation || !ss->client_ready || ss->version < E2B_MCP__V2025_06 || !k->from || !m->async) return -1;
  if ((c->refused = e2b_mcp__ask_room(s, k->from)) != 0) return 0;   /* not asked: never run without the answer either */
  k->ask_id = ++s->next_ask_id;
  c->refused = E2B_MCP_NO_UNSENT;
  if (e2b_mcp__ask_send(s, c->cx, c->sink, k->ask_id, k->rq.ask, e2b_mcp__confirm_schema, sizeof e2b_mcp__confirm_schema - 1) != 0) return 0;
  c->refused = 0;
  E2B_MCP__MET_INC(s, consent[E2B_MCP__CQ_ASKED]);
  k->state = E2B_MCP__CS_ASKING;
  k->until = now ? now + (unsigned long)s->cfg.ask_timeout_ms : 0;
  return 1;
}

/* The user's answer to k's question (1: yes, else E2B_MCP_NO_*): on with
   the call, or why not as the answer. */
static void e2b_mcp__call_decided(e2b_mcp_server *s, e2b_mcp__slot *k, int answer, e2b_mcp__msg *m) {
  k->decided = 0;   /* acted on: no longer due (a transport's wait would spin on it) */
  E2B_MCP__MET_INC(s, consent[answer == 1 ? E2B_MCP__CQ_ACCEPTED : answer == E2B_MCP_NO_ANSWER ? E2B_MCP__CQ_EXPIRED : E2B_MCP__CQ_DECLINED]);
  e2b_mcp__result_reset(&k->call);
  if (answer == 1 && e2b_mcp__ready(&k->call) != 0) e2b_mcp__call_done(s, k, m);   /* a 429 cool-down began while the user thought */
#if E2B_MCP_AUDIT
  else if (answer == 1 && e2b_mcp__audit_gate(s, k) != 0) e2b_mcp__call_done(s, k, m);
#endif
  else if (answer == 1) e2b_mcp__call_send(s, k);
  else {
    e2b_mcp__result_reset(&k->call);
    e2b_mcp_result_error(&k->call, "%s", e2b_mcp__refusal_text(answer));
    e2b_mcp__call_done(s, k, m);
  }
}

/* E2B answered, or the exchange failed: the result, then the answer. */
static void e2b_mcp__call_end(e2b_mcp_server *s, e2b_mcp__slot *k, e2b_mcp__msg *m) {
  e2b_mcp_call *c = &k->call;
  e2b_mcp__result_reset(c);
#if E2B_MCP_AUDIT
  k->audit_status = k->cl.x.r.status;
#endif
#if E2B_MCP_METRICS
  e2b_mcp__met_e2b(s, k, k->cl.x.r.status);
#endif
  if (k->cl.x.r.status) s->e2b_answered_ms = e2b_mcp__now_ms(s);   /* E2B is there (>>ops' readiness) */
  if (e2b_mcp__call_checked(c, &k->rq, &k->cl.x.r, k->t0) == 0) {
    c->tool->shape(c, &k->rq, &k->cl.x.r);
#if E2B_MCP__CHAIN
    if (k->rq.again && !c->is_error) {   /* its next request (written by the shape) goes out; no answer yet */
      k->rq.again = 0;
      k->rq.step++;
      k->rq.body.buf = NULL;   /* a chained request is a GET: the answer's buffer is the next answer's */
      e2b_mcp__result_reset(c);
      e2b_mcp__call_send(s, k);
      return;
    }
#endif
    e2b_mcp__check_output(c, &k->rq);
  }
  e2b_mcp__call_done(s, k, m);
}

/* The slot takes what its call needs from the message it came in: the
   session as it was (and, but for a 2026-07-28 call, the session its answers
   and cancels must come from), the key and its cool-downs (a client's own key
   is copied: the request text it came in goes with this step), the JSON-RPC
   id and the sink (none inside a batch: its answer is the array's). */
static void e2b_mcp__slot_bind(e2b_mcp_server *s, e2b_mcp__slot *k, const e2b_mcp__ctx *cx, const e2b_mcp__msg *m, const char *id, int modern) {
  k->sess = *cx->sess;
  k->from = modern ? NULL : cx->sess;
  k->cx = *cx;
  k->cx.sess = &k->sess;
  k->cx.wire = NULL;   /* the request's headers are the transport's: checked, and answered from, while it is submitted */
  if (cx->key != s->key) {   /* as long as the transport checked it; its text may end where the key does */
    memcpy(k->client_key, cx->key, cx->key_len);
    k->client_key[cx->key_len] = 0;
    memcpy(k->client_key_fail, cx->key_fail, cx->key_len);
    k->cx.key = k->client_key; k->cx.key_fail = k->client_key_fail;
  }
  k->cx.pr.api_key = NULL;   /* copied above, as cx.key */
  k->cx.pr.api_key_len = 0;
#if E2B_MCP__WHO
  if (cx->pr.who) {   /* the transport's text it points to goes with this step too */
    k->cx.pr.who_len = cx->pr.who_len < sizeof k->who - 1 ? cx->pr.who_len : sizeof k->who - 1;
    memcpy(k->who, cx->pr.who, k->cx.pr.who_len);
    k->who[k->cx.pr.who_len] = 0;
    k->cx.pr.who = k->who;
  }
#else
  k->cx.pr.who = NULL;
  k->cx.pr.who_len = 0;
#endif
  k->cx.forbidden = NULL;
  e2b_mcp__strlcpy(k->id, id ? id : "", sizeof k->id);
  if (m && m->sink && !m->batch) {
    e2b_mcp__slot_sink(s, k, m->sink);
    k->sink_no = ++s->sinks_bound;
  }
}

/* Starts a built-in tool's call in its slot k (claimed, k->call filled from
   the request). The arguments are checked and
   the request is built now, while the message text they live in is there;
   then the user is asked (a bill or a kill), and the request goes out.
   Returns the slot while the call goes on; NULL when it was answered (m) or,
   m NULL (in-process), when its result is in the scratch buffers already. */
static e2b_mcp__slot *e2b_mcp__call_start(e2b_mcp_server *s, e2b_mcp__msg *m, e2b_mcp__slot *k, const char *id, e2b_mcp_call *back) {
  e2b_mcp_call *c = &k->call;
  int r;
  c->slot = k;
  e2b_mcp__slot_bind(s, k, c->cx, m, id, E2B_MCP__MODERN(c));
  c->cx = &k->cx;
#if E2B_MCP_AUDIT
  if (s->cfg.audit || s->cfg.audit_start) e2b_mcp__audit_begin(s, k);
#endif
#if E2B_MCP_METRICS
  k->met_t0 = e2b_mcp__now_ms(s);
#endif
  k->back = back;
  c->sink = k->has_sink ? &k->sink : NULL;   /* no notifications inside a batch answer */
  k->rq.cap = E2B_MCP_REQ_MAX;   /* rq.buf and rq.body_buf: the slot's buffer */
  k->rq.body_cap = E2B_MCP__BODY_MAX;   /* the question waits past the body, the TLS port's loan past both */
  k->state = E2B_MCP__CS_E2B;
  e2b_mcp__result_reset(c);
  if (e2b_mcp__check_arg_text(c) != 0 || e2b_mcp__check_arg_names(s, c) != 0) goto answered;
  if (e2b_mcp__is_builtin(c->tool) && (*(const int *)c->tool->user & E2B_MCP__GATE_KILL) && !s->cfg.enable_kill) {
    e2b_mcp_result_error(c, E2B_MCP__MSG_KILL_OFF);
    goto answered;
  }
  if (c->tool->build(c, &k->rq) != 0 || !k->rq.base || !k->rq.w.len) {   /* a build that failed, or wrote nothing to send */
    if (!c->is_error && !c->input_required && !c->fail_code)
      e2b_mcp_result_error(c, E2B_MCP__MSG_BUILD_FAILED, c->tool->name);
    goto answered;
  }
  if (k->rq.body.err) {
    e2b_mcp_result_error(c, E2B_MCP__MSG_BODY_TOO_LARGE);
    goto answered;
  }
  if (e2b_mcp__ready(c) != 0) goto answered;
  if (E2B_MCP_WITH_CONSENT && k->rq.ask) {
    r = E2B_MCP__MODERN(c) ? e2b_mcp_confirm(c, k->rq.ask) : m ? e2b_mcp__call_ask(s, k, m) : -1;
    if (E2B_MCP__MODERN(c) && r == 2) goto answered;   /* asked within the result: the client calls again with the answer */
    if (r == 0) {
      e2b_mcp__result_reset(c);
      e2b_mcp_result_error(c, "%s", e2b_mcp__refusal_text(c->refused ? c->refused : E2B_MCP_NO_UNSENT));
      goto answered;
    }
    if (r == 1 && !E2B_MCP__MODERN(c)) {   /* asked: the answer comes later */
      c->js = NULL; c->tok = NULL; c->args = -1;
      return k;
    }
    /* accepted, or the client cannot be asked (the description told the model to ask) */
  }
#if E2B_MCP_AUDIT
  if (e2b_mcp__audit_gate(s, k) != 0) goto answered;
#endif
  c->js = NULL; c->tok = NULL; c->args = c->responses = c->caps = -1;   /* the message text goes with this step */
  e2b_mcp__call_send(s, k);
  return k;
answered:
  e2b_mcp__call_write(s, k, m);
  e2b_mcp__slot_free(s, k);
  return NULL;
}

/* The blocking convenience: runs k to its end, waiting on its socket alone
   (a blocking caller's call is never asking: nobody could answer). The
   answer goes to m (NULL: only the result, into the scratch buffers). */
static void e2b_mcp__call_run(e2b_mcp_server *s, e2b_mcp__slot *k, e2b_mcp__msg *m) {
  while (k->state == E2B_MCP__CS_E2B) {   /* more than once for a tool whose answer leads to another request */
    e2b_mcp__dial d;
    e2b_mcp__slot_dial(s, k, &d);
    e2b_mcp__client_run(&k->cl, &k->conn, &d);
    e2b_mcp__call_end(s, k, m);
  }
}

#ifdef E2B_MCP__DOC
/* ---- a document from elsewhere (e2b_mcp__fetch: an issuer's metadata, its JWKS) ----
   It takes a call slot and its buffer like a call to E2B, so it shares the
   transport's one wait and never holds up the server: the calls and clients
   go on while it waits; it sends no key, and its slot answers nobody. */
static void e2b_mcp__fetch_send(e2b_mcp_server *s, e2b_mcp__slot *k) {
  e2b_mcp__req *rq = &k->rq;
  e2b_mcp_json_init(&rq->w, rq->buf, rq->cap);
  rq->base = &k->fetch->url;
  rq->idempotent = 1;
  e2b_mcp__w_put(&rq->w, "GET ", 4);
  e2b_mcp__w_put(&rq->w, k->fetch->path, strlen(k->fetch->path));
  k->state = E2B_MCP__CS_E2B;
  k->t0 = e2b_mcp__now_ms(s);
  e2b_mcp__client_begin(&k->cl, rq, NULL, rq->body_buf, E2B_MCP_RESP_MAX);
  e2b_mcp__slot_io(s, k);
}
/* f goes out in a free slot: the slot, or NULL when none is free (f is not busy then). */
static e2b_mcp__slot *e2b_mcp__fetch_start(e2b_mcp_server *s, e2b_mcp__fetch *f) {
  e2b_mcp__slot *k = e2b_mcp__slot_claim(s);
  if (!k) return NULL;
  k->fetch = f;
  k->rq.cap = E2B_MCP_REQ_MAX;
  f->busy = 1;
  e2b_mcp__fetch_send(s, k);
  return k;
}
/* Its response came (or the exchange failed): the next document, or the end. */
static void e2b_mcp__fetch_end(e2b_mcp_server *s, e2b_mcp__slot *k) {
  e2b_mcp__fetch *f = k->fetch;
  if (f->done(f, &k->cl.x.r)) { e2b_mcp__fetch_send(s, k); return; }
  f->busy = 0;
  e2b_mcp__slot_free(s, k);
}
#ifdef E2B_MCP__FETCH
/* The blocking convenience (a server that has not started serving): f and
   the documents it leads to, to their end. -1 when no slot is free. */
static int e2b_mcp__fetch_run(e2b_mcp_server *s, e2b_mcp__fetch *f) {
  e2b_mcp__slot *k = e2b_mcp__fetch_start(s, f);
  if (!k) return -1;
  while (k->state == E2B_MCP__CS_E2B) {
    e2b_mcp__dial d;
    e2b_mcp__slot_dial(s, k, &d);
    e2b_mcp__client_run(&k->cl, &k->conn, &d);
    e2b_mcp__fetch_end(s, k);
  }
  return 0;
}
#endif
#endif

/* ---- a simple custom tool asks its user ----
   Its call takes a slot only when it asks: the slot keeps the request's
   params and, after them, each answer, as the text "[params,answer,...";
   the question goes out, the tool returns (E2B_MCP_ASKED), and the call
   waits, ASKING, like a built-in one. When the answer comes (null: none in
   time; false: the call was cancelled) its tool runs again, RUN, over that
   text, and the same questions return their answers. */
static void e2b_mcp__custom_add(e2b_mcp__slot *k, const char *p, size_t n) {
  if (k->said + 1 + n + 2 > E2B_MCP_RESP_MAX) { p = "null"; n = 4; }   /* an answer too long to keep: none */
  if (k->said + 1 + n + 2 > E2B_MCP_RESP_MAX) return;   /* not even that: a question is asked only with room for it */
  k->rq.body_buf[k->said++] = ',';
  memcpy(k->rq.body_buf + k->said, p, n);
  k->said += n;
  k->call.answered++;
}
/* e2b_mcp_elicit's question, from a simple custom tool that may ask (>>mcp core). */
static int e2b_mcp__custom_ask(e2b_mcp_call *c, const char *message, const char *schema) {
  e2b_mcp_server *s = c->srv;
  e2b_mcp__slot *k = (e2b_mcp__slot *)c->slot;
  unsigned long now = e2b_mcp__now_ms(s);
  long id;
  if (k && (E2B_MCP__IS_ASKING(k) || k->said + 16 > E2B_MCP_RESP_MAX)) return -2;   /* one question per run; room for its answer */
  if ((c->refused = e2b_mcp__ask_room(s, c->cx->sess)) != 0) return -2;   /* as a question nobody answered */
  if (!k) {   /* its first question: a slot to wait in, with the params for its next run */
    size_t pn = (size_t)(c->tok[c->params].end - c->tok[c->params].start);
    if (pn + 16 > E2B_MCP_RESP_MAX || (k = e2b_mcp__slot_claim(s)) == NULL) return -2;
    k->rq.body_buf[0] = '[';
    memcpy(k->rq.body_buf + 1, c->js + c->tok[c->params].start, pn);
    k->said = 1 + pn;
    k->state = E2B_MCP__CS_RUN;
  }
  id = ++s->next_ask_id;
  if (e2b_mcp__ask_send(s, c->cx, c->sink, id, message, schema, strlen(schema)) != 0) {
    if (!c->slot) e2b_mcp__slot_free(s, k);
    return -2;
  }
  c->slot = k;
  k->ask_id = id;
  k->until = now ? now + (unsigned long)s->cfg.ask_timeout_ms : 0;
  k->state = E2B_MCP__CS_ASKING;
  return E2B_MCP_ASKED;
}
/* The first run asked: the call moves into its slot (its answer comes later). */
static void e2b_mcp__custom_asked(e2b_mcp_server *s, e2b_mcp_call *c, const char *id) {
  e2b_mcp__slot *k = (e2b_mcp__slot *)c->slot;
  e2b_mcp__slot_bind(s, k, c->cx, c->msg, id, 0);
  k->call = *c;
  k->call.cx = &k->cx;
  k->call.sink = k->has_sink ? &k->sink : NULL;
  k->call.js = NULL; k->call.tok = NULL; k->call.msg = NULL;
}
/* A response from the client: the answer to the question of the call that
   asked it, from the same session; the call acts on it at its next step
   (e2b_mcp_step), never in the middle of someone else's message or
   result. 1 when it was one. */
static int e2b_mcp__call_user_answer(e2b_mcp_server *s, const e2b_mcp__ctx *cx, const char *js, const jsmntok_t *t, int root) {
  int idt = e2b_mcp__tok_get(js, t, root, "id"), res = e2b_mcp__tok_get(js, t, root, "result"), i;
  long long id;
  if (idt < 0 || e2b_mcp__tok_int(js, &t[idt], &id) != 0) return 0;
  for (i = 0; i < s->nslots; i++) {
    e2b_mcp__slot *k = &s->slots[i];
    if (!E2B_MCP__IS_ASKING(k) || k->decided || k->ask_id != id || k->from != cx->sess) continue;
    if (!k->call.tool->build) {   /* a simple custom tool: the answer is kept for its next run */
      int obj = res >= 0 && t[res].type == JSMN_OBJECT;
      e2b_mcp__custom_add(k, obj ? js + t[res].start : "null", obj ? (size_t)(t[res].end - t[res].start) : 4);
      k->decided = 1;
      return 1;
    }
    k->decided = (unsigned char)e2b_mcp__consent_answer(js, t, res);
    return 1;
  }
  return 0;
}

/* Ends k now without an answer: a question dropped, or a read cut off (its
   log line says so). */
static void e2b_mcp__call_drop(e2b_mcp_server *s, e2b_mcp__slot *k, const char *why) {
  if (k->state == E2B_MCP__CS_E2B) {
    char what_req[E2B_MCP__D(160, 96)];
    e2b_mcp__conn_close(&k->conn);   /* the read ends */
    e2b_mcp__what_req(&k->rq, what_req, sizeof what_req);
    e2b_mcp_log(&k->call, "info", "%s on %s: %s", what_req, k->rq.base->host, why);
  }
  k->call.cancelled = 1;
  e2b_mcp__slot_free(s, k);
#if E2B_MCP_WITH_BATCH
  if (k->batch) {   /* no answer in its batch */
    k->batch->reserve -= k->bat_share;
    e2b_mcp__bat_out(s, k->batch);
  }
#endif
}

/* The server stops: a question or a read ends now, answered so. */
static void e2b_mcp__call_stop(e2b_mcp_server *s, e2b_mcp__slot *k) {
  int asking = E2B_MCP__IS_ASKING(k);
  e2b_mcp__conn_close(&k->conn);
  e2b_mcp__result_reset(&k->call);
  e2b_mcp_result_error(&k->call, asking ? "The server is stopping: nothing was done and nothing was sent to E2B. Call again once it is back."
                       : "The server is stopping: E2B's answer was not read (nothing was changed). Call again once it is back.");
  e2b_mcp__call_done(s, k, NULL);
}

/* Whether the call only reads (its tool says so): such a call waiting for
   E2B can end without its answer; anything else may change something. */
static int e2b_mcp__call_reads(const e2b_mcp__slot *k) {
  return (k->call.tool->annotations & E2B_MCP_READ_ONLY) != 0;
}
/* notifications/cancelled from the session of a call (a 2026-07-28 call,
   which has none: from the same client, its origin's caller): a call waiting
   for its user, or for E2B on a read, ends now without an answer, and one
   waiting in the queue never starts; a request that changes something and
   went to E2B always runs to its answer, so the user learns what was done (a
   new sandbox's ID). */
static void e2b_mcp__call_cancel(e2b_mcp_server *s, const e2b_mcp__ctx *cx, const char *js, const jsmntok_t *t, int params) {
  char rid[E2B_MCP_RPC_ID_MAX];
  int rq = e2b_mcp__tok_get(js, t, params, "requestId"), i, j;
  if (rq < 0 || e2b_mcp__tok_json(js, &t[rq], rid, sizeof rid) < 0) return;
  for (i = 0; i < s->nslots; i++) {
    e2b_mcp__slot *k = &s->slots[i];
    if (k->state == E2B_MCP__CS_FREE || k->drop || !e2b_mcp__streq(k->id, rid)) continue;
#if E2B_MCP_WITH_2026
    if (!k->from && (!k->cx.caller || k->cx.caller != cx->caller)) continue;   /* 2026-07-28: another client's, or nobody known */
    if (k->from && k->from != cx->sess) continue;
#else
    if (!k->from || k->from != cx->sess) continue;
#endif
    if (k->state == E2B_MCP__CS_E2B && !e2b_mcp__call_reads(k)) continue;
    k->drop = "cancelled by the client";   /* at its next step, which comes at once */
  }
  for (i = j = 0; i < s->nqueue; i++) {   /* a call still waiting for a slot never starts: nothing was sent */
    const e2b_mcp__queued *q = &s->queue[i];
    char qid[E2B_MCP_RPC_ID_MAX];
    int mine, ntok, idt;
#if E2B_MCP_WITH_2026
    mine = q->from.session ? q->from.session == cx->sess : q->from.caller && q->from.caller == cx->caller;
#else
    mine = (q->from.session ? q->from.session : &s->session) == cx->sess;
#endif
#if E2B_MCP_WITH_BATCH
    mine = mine && !q->batch;   /* a batch's: its array keeps a place for it */
#endif
    ntok = mine ? e2b_mcp__parse(q->msg, q->n, s->rtok, E2B_MCP__COUNT(s->rtok)) : 0;   /* rtok: mtok holds the cancel */
    idt = ntok > 0 && s->rtok[0].type == JSMN_OBJECT ? e2b_mcp__tok_get(q->msg, s->rtok, 0, "id") : -1;
    if (idt >= 0 && e2b_mcp__tok_json(q->msg, &s->rtok[idt], qid, sizeof qid) >= 0 && e2b_mcp__streq(qid, rid)) continue;
    s->queue[j++] = s->queue[i];
  }
  s->nqueue = j;
}


/* A transport's client went away: its calls run on (a change it asked for
   still runs to its end), answering nobody; a question it was asked ends. */
E2B_MCP_DEF void e2b_mcp_sink_gone(e2b_mcp_server *s, const void *ctx) {
  int i, j;
#if E2B_MCP_WITH_BATCH
  for (i = 0; i < E2B_MCP_BATCHES; i++)
    if (s->bat_used[i] && s->batches[i].sink.ctx == ctx) s->batches[i].has_sink = 0;   /* its calls run on; no array */
#endif
  for (i = j = 0; i < s->nqueue; i++) {
    if (s->queue[i].sink.ctx != ctx) { s->queue[j++] = s->queue[i]; continue; }
#if E2B_MCP_WITH_BATCH
    if (s->queue[i].batch) {   /* never started: no answer in its batch */
      s->queue[i].batch->reserve -= s->queue[i].bat_share;
      e2b_mcp__bat_out(s, s->queue[i].batch);
    }
#endif
  }
  s->nqueue = j;
  for (i = 0; i < s->nslots; i++) {
    e2b_mcp__slot *k = &s->slots[i];
    if (k->state == E2B_MCP__CS_FREE || !k->has_sink || k->sink.ctx != ctx) continue;
    e2b_mcp__slot_sink(s, k, NULL);
    k->call.sink = NULL;
    if (E2B_MCP__IS_ASKING(k)) e2b_mcp__slot_free(s, k);
  }
}

E2B_MCP_DEF int e2b_mcp_stop(e2b_mcp_server *s, void (*gone)(e2b_mcp_server *s, const void *ctx)) {
  int i, left = 0;
  while (s->nqueue) {   /* never started: their transport answers them */
    const void *ctx = s->queue[s->nqueue - 1].sink.ctx;
    s->nqueue--;
#if E2B_MCP_WITH_BATCH
    if (s->queue[s->nqueue].batch) { e2b_mcp__bat_stopped(s, &s->queue[s->nqueue]); continue; }   /* its batch says so */
#endif
    if (gone) gone(s, ctx);
  }
  for (i = 0; i < s->nslots; i++) {
    e2b_mcp__slot *k = &s->slots[i];
#ifdef E2B_MCP__DOC
    if (k->state != E2B_MCP__CS_FREE && k->fetch) { k->fetch->busy = 0; e2b_mcp__slot_free(s, k); }   /* nobody waits for it now */
#endif
    if (E2B_MCP__IS_ASKING(k) || (k->state == E2B_MCP__CS_E2B && e2b_mcp__call_reads(k))) e2b_mcp__call_stop(s, k);
    left += k->state != E2B_MCP__CS_FREE;
  }
  return left;
}

E2B_MCP_DEF int e2b_mcp_cooldown_in_use(const e2b_mcp_server *s, const unsigned long *cooldown) {
  int i;
  for (i = 0; i < s->nslots; i++) if (s->slots[i].state != E2B_MCP__CS_FREE && s->slots[i].cx.cooldown == cooldown) return 1;
  for (i = 0; i < s->nqueue; i++) if (s->queue[i].from.cooldown == cooldown) return 1;
  return 0;
}

E2B_MCP_DEF int e2b_mcp_sink_eof(e2b_mcp_server *s, const void *ctx) {
  int i, n = 0;
  for (i = 0; i < s->nslots; i++) {
    e2b_mcp__slot *k = &s->slots[i];
    if (E2B_MCP__IS_ASKING(k) && !k->decided && !k->drop && k->has_sink && k->sink.ctx == ctx) {
      k->decided = 2;   /* a simple custom tool reads "no answer" (null) */
      n++;
    }
  }
  return n;
}

/* Whether a call answers through a sink with this ctx. */
E2B_MCP_DEF int e2b_mcp_sink_busy(const e2b_mcp_server *s, const void *ctx) {
  int i;
  if (e2b_mcp_queued(s, ctx)) return 1;
#if E2B_MCP_WITH_BATCH
  for (i = 0; i < E2B_MCP_BATCHES; i++) if (s->bat_used[i] && s->batches[i].has_sink && s->batches[i].sink.ctx == ctx) return 1;
#endif
  for (i = 0; i < s->nslots; i++)   /* a NULL ctx is a sink's too: only a slot in use has it */
    if (s->slot_sink[i] == ctx && (ctx || (s->slots[i].state != E2B_MCP__CS_FREE && s->slots[i].has_sink))) return 1;
  return 0;
}

E2B_MCP_DEF int e2b_mcp_watch(e2b_mcp_server *s, e2b_mcp_poll *p, int cap, int *timeout_ms) {
  unsigned long now = e2b_mcp__now_ms(s);
  int i, n = 0;
  if (s->nqueue && e2b_mcp__can_claim(s)) *timeout_ms = 0;   /* a queued call can start */
  s->wgen++;
  s->wready = NULL;
  for (i = 0; i < s->nslots; i++) {
    e2b_mcp__slot *k = &s->slots[i];
    if (k->state == E2B_MCP__CS_FREE) {
      if (s->watch_idle && k->conn.open && k->conn.sock.h >= 0 && n < cap) {   /* kept, idle: anything on it is its close */
        k->wgen = s->wgen; k->widx = n;
        p[n].sock = &k->conn.sock; p[n].want = E2B_MCP_WANT_READ; p[n++].ready = 0;
      }
      continue;
    }
    if ((k->state == E2B_MCP__CS_E2B && k->cl.io == E2B_MCP__IO_DONE) || k->decided || k->drop) *timeout_ms = 0;   /* due now */
    else if (k->state == E2B_MCP__CS_E2B && n < cap) {
      k->wgen = s->wgen; k->widx = n;
      p[n].sock = &k->conn.sock; p[n].want = k->cl.want; p[n++].ready = 0;
    }
    if (k->until && now) {
      long left = (long)(k->until - now);
      if (left < 0) left = 0;
      if (*timeout_ms < 0 || left < *timeout_ms) *timeout_ms = (int)left;
    }
  }
#if E2B_MCP__SUBS
  e2b_mcp__subs_due(s, timeout_ms);   /* the next poll of subscribed sandboxes, or a notification owed */
#endif
  return n;
}

/* The answer came (add: NULL, it is in the text already), none came in time
   ("null"), or the call was cancelled ("false"): its tool runs again. */
static void e2b_mcp__custom_resume(e2b_mcp_server *s, e2b_mcp__slot *k, const char *add) {
  e2b_mcp_call *c = &k->call;
  e2b_mcp__msg m;
  if (add) e2b_mcp__custom_add(k, add, strlen(add));
  k->rq.body_buf[k->said] = ']';
  memset(&m, 0, sizeof m);
  m.sink = k->has_sink ? &k->sink : NULL;
  m.cx = &k->cx;
  m.async = 1;
  k->state = E2B_MCP__CS_RUN;
  k->decided = 0; k->drop = NULL; k->until = 0;
  e2b_mcp__result_reset(c);
  if (e2b_mcp__parse(k->rq.body_buf, k->said + 1, s->rtok, E2B_MCP__COUNT(s->rtok)) <= 0) {   /* cannot be: it was JSON when it came */
    e2b_mcp_result_error(c, "The answer to the question could not be read back.");
  } else {
    c->js = k->rq.body_buf; c->tok = s->rtok; c->params = 1;
    c->args = e2b_mcp__tok_get(c->js, c->tok, 1, "arguments");
    if (c->args >= 0 && c->tok[c->args].type != JSMN_OBJECT) c->args = -1;
    c->sink = m.sink; c->msg = &m; c->asks = 0;
    e2b_mcp__tool_fn(s, c);
    c->js = NULL; c->tok = NULL; c->msg = NULL;
  }
  if (!E2B_MCP__IS_ASKING(k)) e2b_mcp__call_done(s, k, NULL);   /* else: it asked again */
}


/* ---- the seam: messages in ---- */

/* Whether the message parsed in s->mtok is one tools/call (not in a batch)
   that needs a call slot: a two-phase tool's. */
static int e2b_mcp__needs_slot(e2b_mcp_server *s, const char *js, int ntok) {
  const jsmntok_t *t = s->mtok;
  int meth, name;
  const e2b_mcp_tool *tool;
  if (ntok <= 0 || t[0].type != JSMN_OBJECT || (meth = e2b_mcp__tok_get(js, t, 0, "method")) < 0 ||
      !e2b_mcp__tok_eq(js, &t[meth], "tools/call") || e2b_mcp__tok_get(js, t, 0, "id") < 0) return 0;
  name = e2b_mcp__tok_get(js, t, e2b_mcp__tok_get(js, t, 0, "params"), "name");
  tool = name >= 0 && t[name].type == JSMN_STRING ? e2b_mcp__find_tool(s, js + t[name].start, (size_t)(t[name].end - t[name].start)) : NULL;
  return tool && tool->build;
}

/* A call that needs a slot when none is left, or others wait before it:
   into the queue, if the transport keeps its text, there is room, and no
   call of the same sink waits for its user (whose answer may be behind it
   in the same stream: it would never come). 1 when queued. */
static int e2b_mcp__queue_add(e2b_mcp_server *s, size_t n, const e2b_mcp_origin *from, const e2b_mcp_sink *out) {
  int i;
  if (!from || !from->keep || s->nqueue >= E2B_MCP_QUEUE) return 0;
  for (i = 0; i < s->nslots; i++)
    if (E2B_MCP__IS_ASKING(&s->slots[i]) && s->slots[i].has_sink && s->slots[i].sink.ctx == out->ctx) return 0;
  s->queue[s->nqueue].msg = from->keep;
  s->queue[s->nqueue].n = n;
  s->queue[s->nqueue].from = *from;
  s->queue[s->nqueue].sink = *out;
  s->nqueue++;
  return 1;
}

/* The context of a message from `from` (NULL: the server's own); fail[E2B_MCP_KEY_MAX]
   holds a client's key's table, which lives while the message is handled (a call copies both). */
static void e2b_mcp__origin_ctx(e2b_mcp_server *s, const e2b_mcp_origin *from, e2b_mcp__ctx *cx, unsigned char *fail) {
  e2b_mcp__ctx_own(s, cx);
  if (!from) return;
  if (from->session) cx->sess = from->session;
  cx->wire = from->wire;
  if (from->principal) cx->pr = *from->principal;
  cx->forbidden = from->forbidden;
  if (cx->pr.api_key || from->api_key) {   /* the principal's (the key store's, a client's own), else the origin's */
    const char *ak = cx->pr.api_key ? cx->pr.api_key : from->api_key;
    size_t kn = cx->pr.api_key ? cx->pr.api_key_len : from->api_key_len ? from->api_key_len : strlen(from->api_key);
    if (kn >= E2B_MCP_KEY_MAX) kn = 0;
    cx->key = ak;
    cx->key_len = e2b_mcp__key_table(cx->key, (unsigned)kn, fail);
    cx->key_fail = fail;
  }
  if (from->cooldown) cx->cooldown = from->cooldown;
#if E2B_MCP_WITH_2026
  cx->caller = from->caller;
#endif
}

/* Hands a parsed message (ntok: e2b_mcp__parse's result, in s->mtok) to the
   core, in its context. */
static int e2b_mcp__submit_parsed(e2b_mcp_server *s, const char *msg, size_t n, const e2b_mcp_origin *from, const e2b_mcp_sink *out, int ntok) {
  e2b_mcp__ctx cx;
  unsigned char fail[E2B_MCP_KEY_MAX];
  unsigned long before = s->sinks_bound, done = s->sinks_done;   /* a call (or batch) that answers later through out takes it on */
  s->sinks_floor = before;   /* only those taken on in this submit count as ended in it */
  int r;
  e2b_mcp__origin_ctx(s, from, &cx, fail);
#if E2B_MCP_WITH_BATCH
  s->bat_from = from;   /* a batch's requests that wait for a slot keep it */
#endif
  r = e2b_mcp__handle(s, msg, n, out, &cx, 1, ntok);
  memset(fail, 0, sizeof fail);
  if (r < 0) return r;
  /* one that took it on and already ended (E2B answered within the submit) has answered */
  return out && s->sinks_bound - before > s->sinks_done - done ? E2B_MCP_DEFERRED : E2B_MCP_ANSWERED;
}

E2B_MCP_DEF int e2b_mcp_submit(e2b_mcp_server *s, const char *msg, size_t n, const e2b_mcp_origin *from, const e2b_mcp_sink *out) {
  int ntok;
  if (s->peek_n == n + 1 && s->peek_msg == msg) ntok = s->peek_ntok;   /* e2b_mcp_peek parsed it just now */
  else ntok = e2b_mcp__parse(msg, n, s->mtok, E2B_MCP__COUNT(s->mtok));
  s->peek_n = 0;
  if ((s->nqueue || !e2b_mcp__can_claim(s)) && e2b_mcp__needs_slot(s, msg, ntok) &&
      e2b_mcp__queue_add(s, n, from, out)) return E2B_MCP_QUEUED;
  return e2b_mcp__submit_parsed(s, msg, n, from, out, ntok);
}

E2B_MCP_DEF void e2b_mcp_peek(e2b_mcp_server *s, const char *msg, size_t n, const e2b_mcp_wire *wire, e2b_mcp_kind *k) {
  int ntok = e2b_mcp__parse(msg, n, s->mtok, E2B_MCP__COUNT(s->mtok)), i, c;
  memset(k, 0, sizeof *k);
  s->peek_n = n + 1;
  s->peek_msg = msg;
  s->peek_ntok = ntok;
  if (ntok == JSMN_ERROR_NOMEM) { k->json = 1; return; }   /* the core says what is wrong */
  if (ntok <= 0 || !e2b_mcp__only_space(msg + s->mtok[0].end, n - (size_t)s->mtok[0].end)) return;
  k->json = 1;
  k->modern = s->mtok[0].type == JSMN_OBJECT && e2b_mcp__is_modern(msg, s->mtok, 0, wire);
  k->busy = s->nqueue >= E2B_MCP_QUEUE && !e2b_mcp__can_claim(s) && e2b_mcp__needs_slot(s, msg, ntok);
  c = s->mtok[0].type == JSMN_ARRAY ? s->mtok[0].size : 1;
  for (i = s->mtok[0].type == JSMN_ARRAY ? 1 : 0; c-- > 0; i = e2b_mcp__tok_skip(s->mtok, i)) {
    int m = s->mtok[i].type == JSMN_OBJECT ? e2b_mcp__tok_get(msg, s->mtok, i, "method") : -1;
    if (m >= 0 && e2b_mcp__tok_get(msg, s->mtok, i, "id") >= 0 && e2b_mcp__tok_eq(msg, &s->mtok[m], "initialize")) k->initialize = 1;
  }
}

/* Whether p lies in s->msg (a transport that keeps the texts that wait there, stdio). */
static int e2b_mcp__in_msg(const e2b_mcp_server *s, const char *p) {
  return (uintptr_t)p >= (uintptr_t)s->msg && (uintptr_t)p < (uintptr_t)(s->msg + sizeof s->msg);
}
#if E2B_MCP_WITH_STDIO
/* Whether a message waiting in the queue has its text in s->msg (parked there by stdio). */
static int e2b_mcp__queued_in_msg(const e2b_mcp_server *s) {
  int i;
  for (i = 0; i < s->nqueue; i++) if (e2b_mcp__in_msg(s, s->queue[i].msg)) return 1;
  return 0;
}
#endif

E2B_MCP_DEF int e2b_mcp_queued(const e2b_mcp_server *s, const void *ctx) {
  int i, n = 0;
  for (i = 0; i < s->nqueue; i++) n += s->queue[i].sink.ctx == ctx;
  return n;
}

#if E2B_MCP_WITH_BATCH
/* The id of the request at token root of js, as JSON text (NULL: none, or not one to echo). */
static const char *e2b_mcp__bat_id(const char *js, const jsmntok_t *t, int root, char *id, size_t cap) {
  int idt = t[root].type == JSMN_OBJECT ? e2b_mcp__tok_get(js, t, root, "id") : -1;
  if (idt < 0 || (t[idt].type != JSMN_STRING && t[idt].type != JSMN_PRIMITIVE) || e2b_mcp__tok_json(js, &t[idt], id, cap) < 0) return NULL;
  return id;
}
/* Request `at` of batch b (its object: token root of s->mtok over js, which
   is b's text) is read now: answered into b at once, or it goes on in a call
   slot or waits in the queue (queued: it comes from there), answered later. */
static void e2b_mcp__bat_one(e2b_mcp_server *s, e2b_mcp__batch *b, const e2b_mcp__ctx *cx, const char *js, int root, int at, unsigned share, int queued) {
  e2b_mcp__msg m;
  char id[E2B_MCP_RPC_ID_MAX];
  size_t pos = e2b_mcp__bat_begin(b, share);
  e2b_mcp__bat_msg(b, &m, cx);
  s->bat = b; s->bat_at = at; s->bat_root = root; s->bat_share = share;
  s->bat_later = 0; s->bat_queued = queued;
  e2b_mcp__handle_one(s, &m, js, s->mtok, root);
  s->bat = NULL;
  if (s->bat_later) { b->len = pos; return; }   /* its room stays kept until its answer */
  e2b_mcp__bat_end(s, b, pos, at, share, m.failed, NULL, e2b_mcp__bat_id(js, s->mtok, root, id, sizeof id));
}
/* A 2025-03-26 batch (parsed in s->mtok, m: its message) in a batch record:
   its requests are read in order, each answered into the record or, a tool
   call, in a call slot (or the queue) like any other; the array is written
   when the last one is in (now, when none went on). -2: no record is free,
   or the batch is too large for one: the core answers it at once, its tool
   calls that the server is busy. */
static int e2b_mcp__bat_run(e2b_mcp_server *s, e2b_mcp__msg *m, const char *msg, size_t n) {
  e2b_mcp__batch *b = NULL;
  size_t reserve = 0;
  int i, j, count = s->mtok[0].size;
  for (j = 0; j < E2B_MCP_BATCHES && !b; j++) if (!s->bat_used[j]) b = &s->batches[j];
  if (!b || !m->sink) return -2;
  for (i = 1, j = 0; j < count; j++, i = e2b_mcp__tok_skip(s->mtok, i)) reserve += e2b_mcp__bat_share(msg, s->mtok, i);
  if (n + reserve > sizeof b->buf) return -2;
  memcpy(b->buf, msg, n);   /* a request that waits for a slot is read from here */
  s->bat_used[b - s->batches] = 1;
  b->open = 1;
  b->out = 0;
  b->count = count;
  b->has_sink = 1;
  b->sink_no = ++s->sinks_bound;
  b->over = 0;
  b->sink = *m->sink;
  b->mem.ctx = b; b->mem.write = e2b_mcp__bat_write; b->mem.end = NULL;
  b->text = b->len = n;
  b->reserve = reserve;
  for (i = 1, j = 0; j < count; j++, i = e2b_mcp__tok_skip(s->mtok, i))
    e2b_mcp__bat_one(s, b, m->cx, b->buf, i, j, e2b_mcp__bat_share(b->buf, s->mtok, i), 0);
  b->open = 0;
  return b->out ? 0 : e2b_mcp__bat_emit(s, b);
}
/* A batch's tool call that waited in the queue starts (a slot is free). */
static void e2b_mcp__bat_start(e2b_mcp_server *s, const e2b_mcp__queued *q) {
  e2b_mcp__ctx cx;
  unsigned char fail[E2B_MCP_KEY_MAX];
  e2b_mcp__batch *b = q->batch;
  int ntok = e2b_mcp__parse(q->msg, q->n, s->mtok, E2B_MCP__COUNT(s->mtok));
  e2b_mcp__origin_ctx(s, &q->from, &cx, fail);
  if (ntok > 0) e2b_mcp__bat_one(s, b, &cx, q->msg, 0, q->bat_at, q->bat_share, 1);
  else e2b_mcp__bat_end(s, b, e2b_mcp__bat_begin(b, q->bat_share), q->bat_at, q->bat_share, 1, NULL, NULL);   /* cannot be: it was read once */
  memset(fail, 0, sizeof fail);
  e2b_mcp__bat_out(s, b);   /* it left the queue (counted again if it went on in a slot) */
}
/* The server stops: a batch's call that waited in the queue never starts, and its batch says so. */
static void e2b_mcp__bat_stopped(e2b_mcp_server *s, const e2b_mcp__queued *q) {
  char id[E2B_MCP_RPC_ID_MAX];
  const char *idp = e2b_mcp__parse(q->msg, q->n, s->mtok, E2B_MCP__COUNT(s->mtok)) > 0 ? e2b_mcp__bat_id(q->msg, s->mtok, 0, id, sizeof id) : NULL;
  e2b_mcp__bat_end(s, q->batch, e2b_mcp__bat_begin(q->batch, q->bat_share), q->bat_at, q->bat_share, 0,
                   "The server is stopping: this call never started and nothing was sent to E2B. Call again once it is back.", idp);
  e2b_mcp__bat_out(s, q->batch);
}
#endif

/* Calls that waited for a slot start, in the order they came, while slots are free. */
static void e2b_mcp__queue_start(e2b_mcp_server *s) {
  while (s->nqueue && e2b_mcp__can_claim(s)) {
    e2b_mcp__queued q = s->queue[0];
    int ntok;
    memmove(s->queue, s->queue + 1, (size_t)(s->nqueue - 1) * sizeof s->queue[0]);
    s->nqueue--;
#if E2B_MCP_WITH_BATCH
    if (q.batch) { e2b_mcp__bat_start(s, &q); continue; }   /* its text is its batch's */
#endif
    if (!e2b_mcp__in_msg(s, q.msg)) {   /* the transport's text; the answer may be written where it was (HTTP) */
      memmove(s->msg, q.msg, q.n);
      s->msg[q.n] = 0;
      q.msg = s->msg;
    }   /* else parked in s->msg (stdio): started where it is, the text beside it untouched */
    ntok = e2b_mcp__parse(q.msg, q.n, s->mtok, E2B_MCP__COUNT(s->mtok));   /* its tokens went with the messages since */
    e2b_mcp__submit_parsed(s, q.msg, q.n, &q.from, &q.sink, ntok);
  }
}

E2B_MCP_DEF int e2b_mcp_calls_in_flight(const e2b_mcp_server *s) {
  return e2b_mcp__calls_busy(s, NULL, NULL) + s->nqueue + (s->held ? s->held(s) : 0);
}

/* Moves every call on as far as it goes now; answers the ones E2B has
   answered, and the questions nobody answered in time (declined). */
E2B_MCP_DEF void e2b_mcp_step(e2b_mcp_server *s) {
  unsigned long now = e2b_mcp__now_ms(s);
  int i;
  for (i = 0; i < s->nslots; i++) {
    e2b_mcp__slot *k = &s->slots[i];
    if (k->state == E2B_MCP__CS_FREE) {
      if (e2b_mcp__slot_ready(s, k) > 0) e2b_mcp__conn_close(&k->conn);   /* closed by E2B while idle (or stray bytes) */
      continue;
    }
    if (k->drop && E2B_MCP__IS_ASKING(k) && !k->call.tool->build) {
      if (!k->decided) { e2b_mcp__custom_resume(s, k, "false"); continue; }
      k->call.cancelled = 1;   /* its answer came first: the tool reads the cancel, and its result goes nowhere */
      k->drop = NULL;
    }
    if (k->drop) { e2b_mcp__call_drop(s, k, k->drop); continue; }
    if (E2B_MCP__IS_ASKING(k) && (k->decided || (k->until && now && (long)(now - k->until) >= 0))) {
      if (!k->call.tool->build) e2b_mcp__custom_resume(s, k, k->decided == 1 ? NULL : "null");
      else e2b_mcp__call_decided(s, k, k->decided ? k->decided : E2B_MCP_NO_ANSWER, NULL);   /* no answer in time: not a yes */
      continue;
    }
    if (k->state != E2B_MCP__CS_E2B) continue;
    /* the wait found nothing on its socket and nothing is late: no syscall to learn that again */
    if (e2b_mcp__slot_ready(s, k) == 0 && k->cl.io != E2B_MCP__IO_DONE && !(k->until && now && (long)(now - k->until) >= 0)) continue;
    e2b_mcp__slot_io(s, k);
#ifdef E2B_MCP__DOC
    if (k->cl.io == E2B_MCP__IO_DONE && k->fetch) { e2b_mcp__fetch_end(s, k); continue; }
#endif
    if (k->cl.io == E2B_MCP__IO_DONE) e2b_mcp__call_end(s, k, NULL);
  }
  e2b_mcp__queue_start(s);   /* calls that waited for a slot, into the slots freed now */
#if E2B_MCP__SUBS
  e2b_mcp__subs_tick(s);     /* subscriptions: notifications owed, between messages; the poll when due */
#endif
  s->wready = NULL;          /* what the wait found is spent */
}

/* A two-phase tool's call for a caller that waits (e2b_mcp_call_tool; the
   transports start the call in a slot instead, e2b_mcp__call_start): it runs
   to its end in a slot, nobody is asked, and the result is c's. */
static void e2b_mcp__run_two_phase(e2b_mcp_call *c) {
  e2b_mcp__slot *k = e2b_mcp__slot_claim(c->srv);
  if (!k) {
    e2b_mcp_result_error(c, E2B_MCP__MSG_BUSY_BLOCKING,
                         (int)E2B_MCP_CALLS, (int)E2B_MCP_CALL_BUFS);
    return;
  }
  k->call = *c;
  if (e2b_mcp__call_start(c->srv, NULL, k, "", c) != NULL) e2b_mcp__call_run(c->srv, k, NULL);
}

/* A two-phase tool's tools/call (the core's dispatch, through the runner):
   made in a call slot; a batch's, or a blocking caller's, is run to its end
   there (a batch is answered as one array). */
static void e2b_mcp__two_phase_call(e2b_mcp_server *s, e2b_mcp__msg *m, const e2b_mcp_tool *tool, const char *js, const jsmntok_t *t,
                                    int args, int params, const char *id) {
  e2b_mcp__slot *k;
#if E2B_MCP_WITH_BATCH
  e2b_mcp__batch *b = m->batch && m->async ? s->bat : NULL;
  int wait = b && !s->bat_queued && (s->nqueue || !e2b_mcp__can_claim(s));   /* others wait before it, or no slot is free */
  if (wait && s->nqueue < E2B_MCP_QUEUE) {
    e2b_mcp__queued *q = &s->queue[s->nqueue++];   /* waits for a slot, its text in the batch's */
    memset(q, 0, sizeof *q);
    q->msg = js + t[s->bat_root].start;
    q->n = (size_t)(t[s->bat_root].end - t[s->bat_root].start);
    if (s->bat_from) q->from = *s->bat_from;
    q->sink = b->sink;
    q->batch = b; q->bat_at = s->bat_at; q->bat_share = s->bat_share;
    b->out++;
    s->bat_later = 1;
    return;
  }
  k = (m->batch && m->async && !b) || wait ? NULL : e2b_mcp__slot_claim(s);   /* busy: no batch record, or the queue is full */
#else
  k = e2b_mcp__slot_claim(s);
#endif
  if (!k) {   /* a call held by its user's question says so: the answer to it frees the slot */
    char text[300];
    int asking;
    E2B_MCP__MET_INC(s, refused[E2B_MCP__RF_BUSY]);
    e2b_mcp__calls_busy(s, &asking, NULL);
    e2b_mcp__fmt(text, sizeof text, E2B_MCP__MSG_BUSY, (int)E2B_MCP_CALLS, (int)E2B_MCP_CALL_BUFS,
                 asking ? E2B_MCP__MSG_BUSY_ASKING : "");
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INTERNAL_ERROR, text);
    return;
  }
  if (e2b_mcp__call_fill(s, m, &k->call, tool, js, t, args, params, id) != 0) { e2b_mcp__slot_free(s, k); return; }
  if (!e2b_mcp__call_start(s, m, k, id, NULL)) return;   /* answered */
#if E2B_MCP_WITH_BATCH
  if (b) {   /* runs on in its slot; its answer goes into its batch */
    k->batch = b; k->bat_at = s->bat_at; k->bat_share = s->bat_share;
    b->out++;
    s->bat_later = 1;
    return;
  }
#endif
  if (!m->async) e2b_mcp__call_run(s, k, m);   /* a blocking caller's (e2b_mcp_handle), a batch's too */
}

#if E2B_MCP__TASKS
/* ---- long calls as tasks (the io.modelcontextprotocol/tasks extension, SEP-2663) ----
   A call that can take long (a create, which waits for the sandbox to boot; a
   resume; a snapshot) from a client that declared the extension, on its way
   to E2B (past its consent question, answered in the request as always), is
   answered at once with a task (resultType "task") when a task slot is free
   (else as before: the answer comes when E2B answers). The call runs on in
   its slot; its answer is kept in the task, whose caller polls it with
   tasks/get (working, then completed with the tool's result, or failed with
   the JSON-RPC error). The task belongs to its principal (e2b_mcp__task_owner):
   another principal's tasks/get, update or cancel is told the task is unknown, as for one that
   expired (E2B_MCP_TASK_TTL_MS after its creation) or never was. tasks/cancel
   of a working task ends its call now, as notifications/cancelled ends a
   read: its E2B connection is closed (E2B's server sees its request's context
   cancelled, the only way to reach it: E2B has no cancel of its own), no
   answer is kept, and the task says cancelled, and whether its request had
   reached E2B (which may then have acted). Its client going away does not
   end it: it is polled again later. tasks/update has nothing to take: these
   tasks never ask for input mid-flight (consent is asked before the task). */
enum { E2B_MCP__TS_FREE, E2B_MCP__TS_WORKING, E2B_MCP__TS_COMPLETED, E2B_MCP__TS_FAILED, E2B_MCP__TS_CANCELLED };
static const char *const e2b_mcp__task_states[] = { "", "working", "completed", "failed", "cancelled" };
#define E2B_MCP__TASK_POLL_MS 1000

static unsigned long e2b_mcp__task_ttl(const e2b_mcp_server *s) {
  return s->cfg.task_ttl_ms > 0 ? (unsigned long)s->cfg.task_ttl_ms : (unsigned long)E2B_MCP_TASK_TTL_MS;
}
/* Whether t has outlived its time (one still running keeps its slot until its call ends). */
static int e2b_mcp__task_expired(const e2b_mcp_server *s, const e2b_mcp__task *t) {
  unsigned long now = e2b_mcp__now_ms(s);
  return t->state != E2B_MCP__TS_WORKING && t->created_ms && now && now - t->created_ms >= e2b_mcp__task_ttl(s);
}
static int e2b_mcp__task_long(const e2b_mcp_tool *tool) {
  static const char *const long_ones[] = { "e2b_create_sandbox", "e2b_resume_sandbox", "e2b_create_snapshot", "e2b_fork_sandbox" };
  int i;
  for (i = 0; i < E2B_MCP__COUNT(long_ones); i++) if (strcmp(tool->name, long_ones[i]) == 0) return 1;
  return 0;
}
/* The task's sink: its call's answer, kept (one message: the answer; a notification has no place here). */
static int e2b_mcp__task_write(void *ctx, const char *p, size_t n) {
  e2b_mcp__task *t = (e2b_mcp__task *)ctx;
  if (t->len + n > sizeof t->answer) { t->over = 1; return 0; }
  memcpy(t->answer + t->len, p, n);
  t->len += n;
  return 0;
}
static int e2b_mcp__task_end(void *ctx) {
  e2b_mcp__task *t = (e2b_mcp__task *)ctx;
  int error;
  if (t->state != E2B_MCP__TS_WORKING) return 0;
  /* the core writes {"jsonrpc":"2.0","id":ID, then "result" or "error" */
  error = t->len > t->head + 8 && memcmp(t->answer + t->head, "\"error\":", 8) == 0;
  t->state = t->over || error ? E2B_MCP__TS_FAILED : E2B_MCP__TS_COMPLETED;
  if (t->over) t->note = "the call's answer did not fit in the task (E2B_MCP_TASK_RESULT_MAX): call it again without tasks";
  t->updated_s = e2b_mcp__state_now();
  return 0;
}
/* k's call leaves its slot: a task still working got no answer (cancelled, or dropped). */
static void e2b_mcp__task_orphan(e2b_mcp_server *s, e2b_mcp__slot *k) {
  e2b_mcp__task *t = k->task;
  (void)s;
  k->task = NULL;
  if (t->slot != k) return;
  t->slot = NULL;
  if (t->state == E2B_MCP__TS_WORKING) {
    t->state = E2B_MCP__TS_FAILED;
    t->note = "the call ended without an answer";
    t->updated_s = e2b_mcp__state_now();
  }
}
/* Unix seconds as RFC 3339 UTC (YYYY-MM-DDTHH:MM:SSZ) into out[21+]: days to a civil date, no libc time. */
static void e2b_mcp__iso8601(unsigned long long secs, char *out) {
  long long z = (long long)(secs / 86400) + 719468, era, doe, yoe, y, doy, mp, d, m;
  unsigned long long r = secs % 86400;
  era = z / 146097;
  doe = z - era * 146097;
  yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  y = yoe + era * 400;
  doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  mp = (5 * doy + 2) / 153;
  d = doy - (153 * mp + 2) / 5 + 1;
  m = mp < 10 ? mp + 3 : mp - 9;
  y += m <= 2;
  {
    const int v[6] = { (int)y, (int)m, (int)d, (int)(r / 3600), (int)(r / 60 % 60), (int)(r % 60) };
    static const char sep[6] = { '-', '-', 'T', ':', ':', 'Z' };
    int i, o = 0;
    for (i = 0; i < 6; i++) {
      if (i == 0) { out[o++] = (char)('0' + v[0] / 1000 % 10); out[o++] = (char)('0' + v[0] / 100 % 10); }
      out[o++] = (char)('0' + v[i] / 10 % 10);
      out[o++] = (char)('0' + v[i] % 10);
      out[o++] = sep[i];
    }
    out[o] = 0;
  }
}
static void e2b_mcp__task_fields(const e2b_mcp_server *s, const e2b_mcp__task *t, e2b_mcp_json *w) {
  char ts[32];
  e2b_mcp_json_key(w, "taskId"); e2b_mcp_json_str(w, t->id);
  e2b_mcp_json_key(w, "status"); e2b_mcp_json_str(w, e2b_mcp__task_states[t->state]);
  if (t->note) { e2b_mcp_json_key(w, "statusMessage"); e2b_mcp_json_str(w, t->note); }
  e2b_mcp__iso8601(t->created_s, ts);
  e2b_mcp_json_key(w, "createdAt"); e2b_mcp_json_str(w, ts);
  e2b_mcp__iso8601(t->updated_s, ts);
  e2b_mcp_json_key(w, "lastUpdatedAt"); e2b_mcp_json_str(w, ts);
  e2b_mcp_json_key(w, "ttlMs"); e2b_mcp_json_int(w, (long long)e2b_mcp__task_ttl(s));
  e2b_mcp_json_key(w, "pollIntervalMs"); e2b_mcp_json_int(w, E2B_MCP__TASK_POLL_MS);
}
/* Who owns the tasks of a request with context cx: its admitted principal,
   the same identity a session is bound to (an access token's subject, a
   client's own E2B key, the static token: all its holders are one), so a
   principal reaches its task from a new session, a 2026-07-28 request or
   another connection, and no other principal does, whatever its session or
   address. Nobody said who (no principal): the transport's caller, on HTTP
   the client's address, so an open loopback server's tasks are at least
   held to where they came from. 0: nobody to own one (no task is made). */
static unsigned long long e2b_mcp__task_owner(const e2b_mcp__ctx *cx) {
  return cx->pr.id ? cx->pr.id : cx->caller;
}
/* k's call is about to go to E2B: a task for it when it is long, its client
   takes tasks, it has an answer to give and someone to own it. */
static void e2b_mcp__task_start(e2b_mcp_server *s, e2b_mcp__slot *k) {
  static const char hex[] = "0123456789abcdef";
  unsigned char rnd[16];
  e2b_mcp__task *t = NULL;
  e2b_mcp__msg own;
  e2b_mcp_json w;
  int i;
  if (k->task || !k->sess.client_tasks || !k->has_sink || k->back || !e2b_mcp__task_owner(&k->cx) || !e2b_mcp__task_long(k->call.tool)) return;
#if E2B_MCP_WITH_BATCH
  if (k->batch) return;
#endif
  for (i = 0; i < E2B_MCP_TASKS && !t; i++)
    if (s->tasks[i].state == E2B_MCP__TS_FREE || e2b_mcp__task_expired(s, &s->tasks[i])) t = &s->tasks[i];
  if (!t || !s->net->random || s->net->random(s->net->user, rnd, sizeof rnd) != 0) return;   /* none free: answered as before */
  memset(t, 0, offsetof(e2b_mcp__task, answer));
  for (i = 0; i < 16; i++) { t->id[2 * i] = hex[rnd[i] >> 4]; t->id[2 * i + 1] = hex[rnd[i] & 15]; }
  t->state = E2B_MCP__TS_WORKING;
  t->owner = e2b_mcp__task_owner(&k->cx);
  t->created_s = t->updated_s = e2b_mcp__state_now();
  t->created_ms = e2b_mcp__now_ms(s);
  t->slot = k;
  t->note = "calling E2B";
  t->head = sizeof "{\"jsonrpc\":\"2.0\",\"id\":" - 1 + strlen(k->id) + 1;
  /* the request's answer: the task (durable before it is sent: tasks/get finds it) */
  memset(&own, 0, sizeof own);
  own.sink = &k->sink;
  own.cx = &k->cx;
  e2b_mcp__reply_begin(s, &own, &w, k->id);
  e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "resultType"); e2b_mcp_json_str(&w, "task");
  e2b_mcp__task_fields(s, t, &w);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(&own, &w);
  /* from now on its answer is the task's; no notification goes anywhere */
  t->sink.ctx = t;
  t->sink.write = e2b_mcp__task_write;
  t->sink.end = e2b_mcp__task_end;
  e2b_mcp__slot_sink(s, k, &t->sink);   /* its connection's answer is over: the sink it waits on is the task's */
  k->call.sink = NULL;
  k->task = t;
}
/* The task named by params.taskId when it is cx's principal's own (and not expired), or NULL. */
static e2b_mcp__task *e2b_mcp__task_find(e2b_mcp_server *s, const e2b_mcp__ctx *cx, const char *js, const jsmntok_t *t, int params) {
  int id = e2b_mcp__tok_get(js, t, params, "taskId"), i;
  if (id < 0 || t[id].type != JSMN_STRING || !e2b_mcp__task_owner(cx)) return NULL;
  for (i = 0; i < E2B_MCP_TASKS; i++) {
    e2b_mcp__task *k = &s->tasks[i];
    if (k->state == E2B_MCP__TS_FREE || !e2b_mcp__tok_eq(js, &t[id], k->id)) continue;
    if (e2b_mcp__task_expired(s, k)) { k->state = E2B_MCP__TS_FREE; return NULL; }
    return k->owner == e2b_mcp__task_owner(cx) ? k : NULL;
  }
  return NULL;
}
/* tasks/get, tasks/update and tasks/cancel. 1: answered; 0: another method. */
static int e2b_mcp__tasks_method(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int meth, int params, const char *id) {
  int get = e2b_mcp__tok_eq(js, &t[meth], "tasks/get"), cancel = e2b_mcp__tok_eq(js, &t[meth], "tasks/cancel");
  int update = e2b_mcp__tok_eq(js, &t[meth], "tasks/update");
  e2b_mcp__task *k;
  e2b_mcp_json w;
  if (!get && !cancel && !update) return 0;
  if (!m->cx->sess->client_tasks) return 0;   /* a client that did not declare the extension: no such methods */
  if ((k = e2b_mcp__task_find(s, m->cx, js, t, params)) == NULL) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, "Invalid params: no such task: params.taskId names none of yours "
                         "(it may have expired; a task is kept E2B_MCP_TASK_TTL_MS after its creation)");
    return 1;
  }
  if (cancel && k->state == E2B_MCP__TS_WORKING) {
    e2b_mcp__slot *c = k->slot;
    int sent = c && c->state == E2B_MCP__CS_E2B && c->cl.io >= E2B_MCP__IO_SEND;
    k->state = E2B_MCP__TS_CANCELLED;
    k->note = sent ? "cancelled: its request had reached E2B, which may have acted on it before the connection closed "
                     "(e2b_list_sandboxes shows what is there)" : "cancelled before its request reached E2B";
    k->updated_s = e2b_mcp__state_now();
    if (c) c->drop = "cancelled by tasks/cancel";   /* at its next step: its E2B connection closed, no answer */
  }
  e2b_mcp__reply_begin(s, m, &w, id);
  e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "resultType"); e2b_mcp_json_str(&w, "complete");
  if (get) {
    e2b_mcp__task_fields(s, k, &w);
    if (k->state == E2B_MCP__TS_COMPLETED || (k->state == E2B_MCP__TS_FAILED && k->len && !k->over)) {
      /* the call's answer as it would have come: its result, or its error */
      int n = e2b_mcp__parse(k->answer, k->len, s->rtok, E2B_MCP__COUNT(s->rtok));
      int v = n > 0 ? e2b_mcp__tok_get(k->answer, s->rtok, 0, k->state == E2B_MCP__TS_COMPLETED ? "result" : "error") : -1;
      if (v >= 0) {
        e2b_mcp_json_key(&w, k->state == E2B_MCP__TS_COMPLETED ? "result" : "error");
        e2b_mcp_json_raw(&w, k->answer + s->rtok[v].start, (size_t)(s->rtok[v].end - s->rtok[v].start));
      }
    }
    if (k->state == E2B_MCP__TS_FAILED && (!k->len || k->over)) {
      e2b_mcp_json_key(&w, "error"); e2b_mcp_json_obj(&w);
      e2b_mcp_json_key(&w, "code"); e2b_mcp_json_int(&w, E2B_MCP__INTERNAL_ERROR);
      e2b_mcp_json_key(&w, "message"); e2b_mcp_json_str(&w, k->note ? k->note : "the call failed");
      e2b_mcp_json_obj_end(&w);
    }
  }
  e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(m, &w);
  return 1;
}
#endif

/* What the core reaches calls through (e2b_mcp_server.run, set at e2b_mcp_init). */
static const e2b_mcp__runner e2b_mcp__engine_runner = {
  e2b_mcp__two_phase_call, e2b_mcp__run_two_phase,
  E2B_MCP__ASKS ? e2b_mcp__call_user_answer : NULL,   /* nobody is asked: no answer is waited for */
  e2b_mcp__call_cancel,
  E2B_MCP__ASKS ? e2b_mcp__custom_ask : NULL, E2B_MCP__ASKS ? e2b_mcp__custom_asked : NULL,
#if E2B_MCP_AUDIT
  e2b_mcp__audit_forbidden
#else
  NULL   /* nothing to record */
#endif
#if E2B_MCP_WITH_BATCH
  , e2b_mcp__bat_run
#endif
#if E2B_MCP__TASKS
  , e2b_mcp__tasks_method
#endif
};

/* The call slots' E2B connections, kept open between calls, closed. */
E2B_MCP_DEF void e2b_mcp_close(e2b_mcp_server *s) {
  int i;
  for (i = 0; i < s->nslots; i++) e2b_mcp__conn_close(&s->slots[i].conn);
}
