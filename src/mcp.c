#include "mcp.h"
#include "front.h"
#include "config.h"
#include "derived.h"
#include "errors.h"
#include "util.h"
#include "json.h"
#include "metrics.h"
#include "port.h"
#include "seal.h"
#include "principal.h"
/* >>mcp core ----------------------------------------------------------------
   JSON-RPC 2.0 and the MCP lifecycle for the handshake-era revisions:
   initialize (version negotiation), ping, tools/list (paged), tools/call,
   logging/setLevel, notifications; batches only under 2025-03-26. Beside
   them the stateless 2026-07-28 (server/discover, per-request _meta, no
   session), told apart per request. Outgoing messages stream through s->out
   to the sink. */
static const char *const e2b_mcp__versions[] = { "2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25" };
enum { E2B_MCP__V2024_11 = 0, E2B_MCP__V2025_03, E2B_MCP__V2025_06, E2B_MCP__V2025_11, E2B_MCP__VLATEST = E2B_MCP__V2025_11 };
/* Whether revision v is built (>>config: E2B_MCP_WITH_BATCH, E2B_MCP_WITH_2025_06):
   one that is not is negotiated up to the latest, as any unknown one. */
#define E2B_MCP__VERSION_BUILT(v) ((v) >= E2B_MCP__V2025_11 || ((v) == E2B_MCP__V2025_06 ? E2B_MCP_WITH_2025_06 : E2B_MCP_WITH_BATCH))
static const char *const e2b_mcp__levels[] = { "debug", "info", "notice", "warning", "error", "critical", "alert", "emergency" };

/* The server's clock: its socket port's (0: none). */
static unsigned long e2b_mcp__now_ms(const e2b_mcp_server *srv) { return e2b_mcp__port_now(srv->net); }

enum { E2B_MCP__PARSE_ERROR = -32700, E2B_MCP__INVALID_REQUEST = -32600, E2B_MCP__METHOD_NOT_FOUND = -32601,
       E2B_MCP__INVALID_PARAMS = -32602, E2B_MCP__INTERNAL_ERROR = -32603,
       E2B_MCP__HEADER_MISMATCH = -32020, E2B_MCP__MISSING_CAPABILITY = -32021, E2B_MCP__UNSUPPORTED_VERSION = -32022 };

/* The stateless revision: no initialize, no session. Each request carries its
   version, the client's capabilities and info and a log level in params._meta
   under these keys; every result says its resultType. Its session (version,
   log level) lives on the stack for one request: a modern client leaves
   nothing behind. */
static const char e2b_mcp__modern_version[] = "2026-07-28";
enum { E2B_MCP__V2026_07 = E2B_MCP__VLATEST + 1 };
#define E2B_MCP__META_PV    "io.modelcontextprotocol/protocolVersion"
#define E2B_MCP__META_CAPS  "io.modelcontextprotocol/clientCapabilities"
#define E2B_MCP__META_LEVEL "io.modelcontextprotocol/logLevel"
#if E2B_MCP_WITH_2026 || defined(E2B_MCP__HTTP)
/* The revisions served, newest first (legacy 0: 2026-07-28 alone, as over an
   HTTP transport without 2025 sessions): server/discover, a wrong version's
   error, and the server card (>>transport: streamable http). */
static void e2b_mcp__supported_versions(e2b_mcp_json *w, int legacy) {
  int i;
  e2b_mcp_json_arr(w);
  if (E2B_MCP_WITH_2026) e2b_mcp_json_str(w, e2b_mcp__modern_version);
  if (legacy)
    for (i = E2B_MCP__COUNT(e2b_mcp__versions) - 1; i >= 0; i--) if (E2B_MCP__VERSION_BUILT(i)) e2b_mcp_json_str(w, e2b_mcp__versions[i]);
  e2b_mcp_json_arr_end(w);
}
#endif


/* ---- the redactor: the one way out ----
   Every byte of every outgoing message passes here on its way to the sink,
   and every occurrence of the API key in use is replaced by "[redacted]",
   whatever put it there (E2B echoing the key in a 401 message, a proxy in a
   500 page, a field of a 200 answer, a custom tool). The key may be split
   across the writer's flushes, so the redactor is a stream matcher (KMP): it
   holds back the bytes at the end of a flush that begin the key, and passes
   them on once they turn out not to be it. What it holds is always a prefix
   of the key, so it needs no buffer of its own. The key starts with e2b_ and
   has only letters, digits, '_' and '-', which the JSON writer never escapes
   (and E2B's escapes are decoded before output, e2b_mcp__w_jstr), so the key
   can leave in no other spelling; the '_' keeps it out of numbers, so the
   replacement lands inside a string and the JSON stays valid. The in-process
   API gets the same treatment over its result buffers (e2b_mcp_call_tool). */
typedef struct e2b_mcp__redact {
  const char *key;            /* NULL or "": nothing to hide */
  const unsigned char *fail;  /* KMP: fail[j] = longest proper border of key[0..j] */
  unsigned len, q;            /* key length; bytes of it matched at the end of the stream so far, held back */
} e2b_mcp__redact;
static const char e2b_mcp__redacted[] = "[redacted]";   /* no longer than a usable key (e2b_mcp__load_key) */

static int e2b_mcp__redact_write(e2b_mcp__redact *r, int (*out)(void *, const char *, size_t), void *ctx, const char *p, size_t n) {
  size_t i = 0, from = 0, carry = r->q, cw = 0;   /* carry: key bytes held from earlier; cw of them passed on */
  unsigned q = r->q;
  if (!r->len) return n ? out(ctx, p, n) : 0;
  while (i < n) {
    unsigned char c;
    if (q == 0) {   /* the usual case: skip to the next byte that can start the key */
      const char *hit = (const char *)memchr(p + i, r->key[0], n - i);
      if (!hit) break;
      i = (size_t)(hit - p) + 1;
      q = 1;
      continue;
    }
    c = (unsigned char)p[i++];
    while (q > 0 && (unsigned char)r->key[q] != c) q = r->fail[q - 1];
    if ((unsigned char)r->key[q] == c) q++;
    if (q == r->len) {   /* the key ends at i: what came before it goes on, then the replacement */
      if (i < r->len) { if (carry - (r->len - i) > cw && out(ctx, r->key + cw, carry - (r->len - i) - cw)) return -1; }
      else if ((carry > cw && out(ctx, r->key + cw, carry - cw)) || (i - r->len > from && out(ctx, p + from, i - r->len - from))) return -1;
      if (out(ctx, e2b_mcp__redacted, sizeof e2b_mcp__redacted - 1)) return -1;
      cw = carry; from = i; q = 0;
    }
  }
  r->q = q;
  if (q > n - from) {   /* still holding some of the carried bytes: the ones before them go on */
    return carry - (q - (n - from)) > cw ? out(ctx, r->key + cw, carry - (q - (n - from)) - cw) : 0;
  }
  if (carry > cw && out(ctx, r->key + cw, carry - cw)) return -1;
  return n - q > from ? out(ctx, p + from, n - q - from) : 0;
}
/* The end of a message: what is held back was not the key. */
static int e2b_mcp__redact_end(e2b_mcp__redact *r, int (*out)(void *, const char *, size_t), void *ctx) {
  unsigned q = r->q;
  r->q = 0;
  return q ? out(ctx, r->key, q) : 0;
}
static void e2b_mcp__redact_init(e2b_mcp__redact *r, const e2b_mcp__ctx *cx) {
  r->key = cx->key; r->fail = cx->key_fail; r->len = cx->key_len; r->q = 0;
}
/* The context of a message or call with nothing of its own: the server's
   session (stdio, in-process) and its own key and cool-downs. */
static void e2b_mcp__ctx_own(e2b_mcp_server *s, e2b_mcp__ctx *cx) {
  cx->sess = &s->session;
  cx->key = s->key; cx->key_fail = s->key_fail; cx->key_len = s->key_len;
  cx->cooldown = s->cooldown_until;
  cx->wire = NULL;
  memset(&cx->pr, 0, sizeof cx->pr);   /* nobody said: every tool its server offers */
  cx->forbidden = NULL;
#if E2B_MCP_WITH_2026
  cx->caller = 0;
#endif
}

/* The state of one incoming message being answered. */
typedef struct e2b_mcp__msg {
  const e2b_mcp_sink *sink;
  const e2b_mcp__ctx *cx;  /* its context: session, key, cool-downs, headers */
  int async;             /* a transport that moves calls on itself: a tool call's answer may come later */
  e2b_mcp__redact red;   /* the message being written, on its way to the sink */
  int batch;             /* inside a batch: answers are array elements */
  int batch_items;       /* answers written to the batch so far */
  int written;           /* messages written */
  int failed;            /* the sink failed */
#if E2B_MCP__SURFACE
  void (*reply)(e2b_mcp_call *c, e2b_mcp_json *w);   /* the call made for it answers so (e2b_mcp_call.reply) */
  const char *ref;
#endif
} e2b_mcp__msg;

static int e2b_mcp__sink_write(void *ctx, const char *p, size_t n) {
  const e2b_mcp_sink *k = (const e2b_mcp_sink *)ctx;
  return k->write(k->ctx, p, n);
}
static int e2b_mcp__sink_flush(void *ctx, const char *p, size_t n) {
  e2b_mcp__msg *m = (e2b_mcp__msg *)ctx;
  return e2b_mcp__redact_write(&m->red, e2b_mcp__sink_write, (void *)m->sink, p, n);
}
/* Starts an outgoing message: a writer streaming through the redactor to the sink. */
static void e2b_mcp__out_begin(e2b_mcp_server *s, e2b_mcp__msg *m, e2b_mcp_json *w) {
  e2b_mcp_json_init(w, s->out, sizeof s->out);
  w->flush = e2b_mcp__sink_flush;
  w->ctx = (void *)m;
  e2b_mcp__redact_init(&m->red, m->cx);
  if (m->batch) e2b_mcp__w_c(w, m->batch_items++ ? ',' : '[');
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "jsonrpc");
  e2b_mcp_json_str(w, "2.0");
}
/* Starts a message of the server's own to the client of cx through k (a
   request when id >= 0, else a notification), up to its open "params"
   object: the caller writes the params, closes them, and ends with out_end. */
static void e2b_mcp__send_begin(e2b_mcp_server *s, e2b_mcp__msg *m, e2b_mcp_json *w, const e2b_mcp_sink *k,
                                const e2b_mcp__ctx *cx, long id, const char *method) {
  memset(m, 0, sizeof *m);
  m->sink = k;
  m->cx = cx;
  e2b_mcp__out_begin(s, m, w);
  if (id >= 0) { e2b_mcp_json_key(w, "id"); e2b_mcp_json_int(w, id); }
  e2b_mcp_json_key(w, "method"); e2b_mcp_json_str(w, method);
  e2b_mcp_json_key(w, "params"); e2b_mcp_json_obj(w);
}
static void e2b_mcp__out_end(e2b_mcp__msg *m, e2b_mcp_json *w) {
  e2b_mcp_json_obj_end(w);
  if (e2b_mcp_json_end(w) != 0 || e2b_mcp__redact_end(&m->red, e2b_mcp__sink_write, (void *)m->sink) != 0) { m->failed = 1; return; }
  if (!m->batch && m->sink->end && m->sink->end(m->sink->ctx) != 0) { m->failed = 1; return; }
  m->written++;
}
static void e2b_mcp__reply_error_data(e2b_mcp_server *s, e2b_mcp__msg *m, const char *id, int code, const char *text, const char *data) {
  e2b_mcp_json w;
  e2b_mcp__out_begin(s, m, &w);
  e2b_mcp_json_key(&w, "id");
  if (id && *id) e2b_mcp_json_raw(&w, id, strlen(id)); else e2b_mcp_json_null(&w);
  e2b_mcp_json_key(&w, "error");
  e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "code"); e2b_mcp_json_int(&w, code);
  e2b_mcp_json_key(&w, "message"); e2b_mcp_json_str(&w, text);
  if (data) { e2b_mcp_json_key(&w, "data"); e2b_mcp_json_raw(&w, data, strlen(data)); }
  e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(m, &w);
}
static void e2b_mcp__reply_error(e2b_mcp_server *s, e2b_mcp__msg *m, const char *id, int code, const char *text) {
  e2b_mcp__reply_error_data(s, m, id, code, text, NULL);
}
/* Starts {"jsonrpc":"2.0","id":…,"result": and leaves the writer before the value. */
static void e2b_mcp__reply_begin(e2b_mcp_server *s, e2b_mcp__msg *m, e2b_mcp_json *w, const char *id) {
  e2b_mcp__out_begin(s, m, w);
  e2b_mcp_json_key(w, "id");
  e2b_mcp_json_raw(w, id, strlen(id));
  e2b_mcp_json_key(w, "result");
}

/* ---- notifications during a call ---- */

static int e2b_mcp__level_index(const char *js, const jsmntok_t *t) {
  int i;
  for (i = 0; i < E2B_MCP__COUNT(e2b_mcp__levels); i++) if (e2b_mcp__tok_eq(js, t, e2b_mcp__levels[i])) return i;
  return -1;
}

E2B_MCP_DEF void e2b_mcp_log(e2b_mcp_call *c, const char *level, const char *fmt, ...) {
  e2b_mcp__msg m;
  e2b_mcp_json w;
  char text[E2B_MCP_ERRMSG_MAX / 2];
  va_list ap;
  int li;
  const e2b_mcp_sink *k = c->sink;
  if (!k) return;
  for (li = 0; li < E2B_MCP__COUNT(e2b_mcp__levels); li++) if (e2b_mcp__streq(level, e2b_mcp__levels[li])) break;
  if (li == E2B_MCP__COUNT(e2b_mcp__levels) || li < c->cx->sess->log_level) return;
  va_start(ap, fmt);
  e2b_mcp__vfmt(text, sizeof text, fmt, ap);
  va_end(ap);
  e2b_mcp__send_begin(c->srv, &m, &w, k, c->cx, -1, "notifications/message");
  e2b_mcp_json_key(&w, "level"); e2b_mcp_json_str(&w, e2b_mcp__levels[li]);
  e2b_mcp_json_key(&w, "logger"); e2b_mcp_json_str(&w, c->tool ? c->tool->name : "e2b-mcp");
  e2b_mcp_json_key(&w, "data"); e2b_mcp_json_str(&w, text);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(&m, &w);
}

E2B_MCP_DEF void e2b_mcp_progress(e2b_mcp_call *c, unsigned long progress, unsigned long total, const char *message) {
  e2b_mcp__msg m;
  e2b_mcp_json w;
  const e2b_mcp_sink *k = c->sink;
  if (!k || !c->progress_token[0]) return;
  /* MCP: the value must increase with each notification, so a repeat or a
     step back is not sent. c->progress is the least value the next may carry. */
  if (c->progress && progress < c->progress) return;
  c->progress = progress + 1;
  e2b_mcp__send_begin(c->srv, &m, &w, k, c->cx, -1, "notifications/progress");
  e2b_mcp_json_key(&w, "progressToken"); e2b_mcp_json_raw(&w, c->progress_token, strlen(c->progress_token));
  e2b_mcp_json_key(&w, "progress"); e2b_mcp_json_int(&w, (long long)progress);
  if (total) { e2b_mcp_json_key(&w, "total"); e2b_mcp_json_int(&w, (long long)total); }
  if (message && c->cx->sess->version >= E2B_MCP__V2025_03) { e2b_mcp_json_key(&w, "message"); e2b_mcp_json_str(&w, message); }
  e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(&m, &w);
}

/* Writes elicitation/create with this id to the sink; 0, or -1 when the sink failed. */
static int e2b_mcp__ask_send(e2b_mcp_server *s, const e2b_mcp__ctx *cx, const e2b_mcp_sink *k, long id, const char *message, const char *schema, size_t schema_n) {
  e2b_mcp__msg m;
  e2b_mcp_json w;
  e2b_mcp__send_begin(s, &m, &w, k, cx, id, "elicitation/create");
  if (cx->sess->version >= E2B_MCP__V2025_11) { e2b_mcp_json_key(&w, "mode"); e2b_mcp_json_str(&w, "form"); }
  e2b_mcp_json_key(&w, "message"); e2b_mcp_json_str(&w, message);
  e2b_mcp_json_key(&w, "requestedSchema"); e2b_mcp_json_raw(&w, schema, schema_n);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(&m, &w);
  return m.failed ? -1 : 0;
}

/* Whether this call's client can be asked now: a session that declared
   form-mode elicitation and is ready, over a transport that steps the
   engine (the answer comes later, as its own message), outside a batch. */
#if E2B_MCP_WITH_CONSENT
static int e2b_mcp__can_ask(const e2b_mcp_call *c) {
  const e2b_mcp_session *ss = c->cx->sess;
  return c->sink && c->msg && c->msg->async && !c->msg->batch && !E2B_MCP__MODERN(c) &&
         ss->client_elicitation && ss->client_ready && ss->version >= E2B_MCP__V2025_06;
}
#endif


/* The n-th question of this run: its answer when an earlier run asked it (the
   call's text holds the answers after the params, e2b_mcp__custom_ask), else
   asked now. */
E2B_MCP_DEF int e2b_mcp_elicit(e2b_mcp_call *c, const char *message, const char *schema_json) {
#if !E2B_MCP_WITH_CONSENT
  (void)c; (void)message; (void)schema_json;
  return -1;   /* built without questions: as for a client that cannot be asked */
#else
  if (c->tool && c->tool->build) return -1;   /* a two-phase tool asks through its request (rq->ask) */
  if (c->cancelled) return -3;
  if (c->asks < c->answered) {
    int i, t = c->params;
    for (i = 0; i <= c->asks; i++) t = e2b_mcp__tok_skip(c->tok, t);
    c->asks++;
    if (c->tok[t].type == JSMN_OBJECT) return t;
    if (c->js[c->tok[t].start] == 'f') { c->cancelled = 1; return -3; }   /* false: the call was cancelled */
    return -2;   /* null: no answer */
  }
  if (!e2b_mcp__can_ask(c)) return -1;
  return c->srv->run->ask(c, message, schema_json);
#endif
}

static const char e2b_mcp__confirm_schema[] =
  "{\"type\":\"object\",\"properties\":{\"confirm\":{\"type\":\"boolean\",\"title\":\"Go ahead?\","
  "\"description\":\"Check to allow this action.\",\"default\":false}},\"required\":[\"confirm\"]}";

/* An answer {action, content:{confirm}} at token r: 1 only for an accept
   with the box checked, else why not (E2B_MCP_NO_*): a dismissed question is
   not a "no", and the model should not tell the user they said one. */
static int e2b_mcp__consent_answer(const char *js, const jsmntok_t *t, int r) {
  int a, cf, v = 0;
  if (r < 0 || t[r].type != JSMN_OBJECT) return E2B_MCP_NO_ANSWER;
  a = e2b_mcp__tok_get(js, t, r, "action");
  cf = e2b_mcp__tok_get(js, t, e2b_mcp__tok_get(js, t, r, "content"), "confirm");
  if (a >= 0 && e2b_mcp__tok_eq(js, &t[a], "cancel")) return E2B_MCP_NO_CANCELLED;
  if (a < 0 || !e2b_mcp__tok_eq(js, &t[a], "accept")) return E2B_MCP_NO_DECLINED;
  return cf >= 0 && e2b_mcp__tok_bool(js, &t[cf], &v) == 0 && v ? 1 : E2B_MCP_NO_DECLINED;   /* no "confirm": not a yes */
}
/* e2b_mcp_confirm's answer from the kind of answer, the reason kept. */
static int e2b_mcp__consent_said(e2b_mcp_call *c, int kind) {
  c->refused = kind == 1 ? 0 : kind;
  E2B_MCP__MET_INC(c->srv, consent[kind == 1 ? E2B_MCP__CQ_ACCEPTED : kind == E2B_MCP_NO_ANSWER ? E2B_MCP__CQ_EXPIRED : E2B_MCP__CQ_DECLINED]);
  return kind == 1;
}
/* What the model is told when consent was not given (refused: E2B_MCP_NO_*). */
static const char *e2b_mcp__refusal_text(int refused) {
  switch (refused) {
    case E2B_MCP_NO_CANCELLED: return E2B_MCP__MSG_DISMISSED;
    case E2B_MCP_NO_ANSWER: return E2B_MCP__MSG_NO_ANSWER;
    case E2B_MCP_NO_UNSENT: return E2B_MCP__MSG_NOT_ASKED;
    case E2B_MCP_NO_TOO_MANY: return E2B_MCP__MSG_ASKS_PER_CLIENT;
    case E2B_MCP_NO_CROWDED: return E2B_MCP__MSG_ASKS_FULL;
    default: return E2B_MCP__MSG_DECLINED;
  }
}

#if E2B_MCP_WITH_2026
static int e2b_mcp__ask_within(e2b_mcp_call *c, const char *state);   /* in asking within the result */

/* The stateless revision's consent: the first call answers input_required
   with the question and a sealed state; the call that comes back with that
   state (so: this tool, these arguments, in time) and an answer decides.
   An answer without the state asks again. */
static int e2b_mcp__confirm_modern(e2b_mcp_call *c, const char *message) {
  e2b_mcp_json *w = &c->out;
  int r = e2b_mcp_input_response(c, "confirm");
  if (r >= 0 && c->state_len == 7 && memcmp(c->state, "consent", 7) == 0) return e2b_mcp__consent_said(c, e2b_mcp__consent_answer(c->js, c->tok, r));
  if (!e2b_mcp_client_has(c, "elicitation") || e2b_mcp__ask_within(c, "consent") != 0) return -1;
  e2b_mcp_json_obj(w);   /* straight into the result buffer: nothing big on the stack */
  e2b_mcp_json_key(w, "confirm"); e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "method"); e2b_mcp_json_str(w, "elicitation/create");
  e2b_mcp_json_key(w, "params"); e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "mode"); e2b_mcp_json_str(w, "form");
  e2b_mcp_json_key(w, "message"); e2b_mcp_json_str(w, message);
  e2b_mcp_json_key(w, "requestedSchema"); e2b_mcp_json_raw(w, e2b_mcp__confirm_schema, sizeof e2b_mcp__confirm_schema - 1);
  e2b_mcp_json_obj_end(w);
  e2b_mcp_json_obj_end(w);
  e2b_mcp_json_obj_end(w);
  if (w->err) { c->input_required = 0; return -1; }
  E2B_MCP__MET_INC(c->srv, consent[E2B_MCP__CQ_ASKED]);
  return 2;
}
#endif

E2B_MCP_DEF int e2b_mcp_confirm(e2b_mcp_call *c, const char *message) {
  int r;
  if (!E2B_MCP_WITH_CONSENT) return -1;   /* built without questions */
#if E2B_MCP_WITH_2026
  if (E2B_MCP__MODERN(c)) return e2b_mcp__confirm_modern(c, message);
#endif
  r = e2b_mcp_elicit(c, message, e2b_mcp__confirm_schema);
  if (r == E2B_MCP_ASKED) return 2;
  if (r == -1) return -1;
  if (r == -3) return e2b_mcp__consent_said(c, E2B_MCP_NO_CANCELLED);   /* the call itself was cancelled */
  if (r < 0) return e2b_mcp__consent_said(c, E2B_MCP_NO_ANSWER);
  return e2b_mcp__consent_said(c, e2b_mcp__consent_answer(c->js, c->tok, r));
}

/* ---- tool arguments and results ---- */
E2B_MCP_DEF int e2b_mcp_arg_token(e2b_mcp_call *c, const char *key) {
  int i = e2b_mcp__tok_get(c->js, c->tok, c->args, key);
  if (i >= 0 && c->tok[i].type == JSMN_PRIMITIVE && c->js[c->tok[i].start] == 'n') return -1;  /* null = absent */
  return i;
}
E2B_MCP_DEF int e2b_mcp_arg_str(e2b_mcp_call *c, const char *key, char *buf, size_t cap) {
  int i = e2b_mcp_arg_token(c, key);
  if (i < 0) return 0;
  return e2b_mcp__tok_str(c->js, &c->tok[i], buf, cap) < 0 ? -1 : 1;
}
E2B_MCP_DEF int e2b_mcp_arg_int(e2b_mcp_call *c, const char *key, long long *v) {
  int i = e2b_mcp_arg_token(c, key);
  if (i < 0) return 0;
  return e2b_mcp__tok_int(c->js, &c->tok[i], v) < 0 ? -1 : 1;
}
E2B_MCP_DEF int e2b_mcp_arg_bool(e2b_mcp_call *c, const char *key, int *v) {
  int i = e2b_mcp_arg_token(c, key);
  if (i < 0) return 0;
  return e2b_mcp__tok_bool(c->js, &c->tok[i], v) < 0 ? -1 : 1;
}

E2B_MCP_DEF e2b_mcp_json *e2b_mcp_result_json(e2b_mcp_call *c) { c->has_out = 1; return &c->out; }
static void e2b_mcp__block_begin(e2b_mcp_call *c, const char *type) {
  if (c->content.len) e2b_mcp__w_c(&c->content, ',');   /* blocks are items of one array */
  e2b_mcp_json_obj(&c->content);
  e2b_mcp_json_key(&c->content, "type");
  e2b_mcp_json_str(&c->content, type);
}
E2B_MCP_DEF void e2b_mcp_result_text(e2b_mcp_call *c, const char *text) {
  e2b_mcp__block_begin(c, "text");
  e2b_mcp_json_key(&c->content, "text"); e2b_mcp_json_str(&c->content, text);
  e2b_mcp_json_obj_end(&c->content);
}
static void e2b_mcp__result_media(e2b_mcp_call *c, const char *type, const char *b64, const char *mime) {
  e2b_mcp__block_begin(c, type);
  e2b_mcp_json_key(&c->content, "data"); e2b_mcp_json_str(&c->content, b64);
  e2b_mcp_json_key(&c->content, "mimeType"); e2b_mcp_json_str(&c->content, mime);
  e2b_mcp_json_obj_end(&c->content);
}
E2B_MCP_DEF void e2b_mcp_result_image(e2b_mcp_call *c, const char *b64, const char *mime) { e2b_mcp__result_media(c, "image", b64, mime); }
E2B_MCP_DEF void e2b_mcp_result_audio(e2b_mcp_call *c, const char *b64, const char *mime) { e2b_mcp__result_media(c, "audio", b64, mime); }
E2B_MCP_DEF void e2b_mcp_result_resource(e2b_mcp_call *c, const char *uri, const char *mime, const char *text) {
  e2b_mcp__block_begin(c, "resource");
  e2b_mcp_json_key(&c->content, "resource"); e2b_mcp_json_obj(&c->content);
  e2b_mcp_json_key(&c->content, "uri"); e2b_mcp_json_str(&c->content, uri);
  if (mime) { e2b_mcp_json_key(&c->content, "mimeType"); e2b_mcp_json_str(&c->content, mime); }
  e2b_mcp_json_key(&c->content, "text"); e2b_mcp_json_str(&c->content, text);
  e2b_mcp_json_obj_end(&c->content);
  e2b_mcp_json_obj_end(&c->content);
}
E2B_MCP_DEF void e2b_mcp_result_link(e2b_mcp_call *c, const char *uri, const char *name, const char *mime) {
  e2b_mcp__block_begin(c, "resource_link");
  e2b_mcp_json_key(&c->content, "uri"); e2b_mcp_json_str(&c->content, uri);
  e2b_mcp_json_key(&c->content, "name"); e2b_mcp_json_str(&c->content, name);
  if (mime) { e2b_mcp_json_key(&c->content, "mimeType"); e2b_mcp_json_str(&c->content, mime); }
  e2b_mcp_json_obj_end(&c->content);
}
static void e2b_mcp__result_reset(e2b_mcp_call *c) {
  e2b_mcp_json_init(&c->out, c->srv->result, sizeof c->srv->result - 1);   /* room for the NUL e2b_mcp_call_tool adds */
  e2b_mcp_json_init(&c->content, c->srv->content, sizeof c->srv->content);
  c->has_out = 0;
  c->is_error = 0;
  c->srv->errmsg[0] = 0;
}
/* An error result replaces whatever the tool had written. */
static void e2b_mcp__result_verror(e2b_mcp_call *c, const char *fmt, va_list ap) {
  e2b_mcp__result_reset(c);
  e2b_mcp__vfmt(c->srv->errmsg, sizeof c->srv->errmsg, fmt, ap);
  c->is_error = 1;
  e2b_mcp_result_text(c, c->srv->errmsg);
}
E2B_MCP_DEF void e2b_mcp_result_error(e2b_mcp_call *c, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  e2b_mcp__result_verror(c, fmt, ap);
  va_end(ap);
}

/* ---- asking within the result (2026-07-28) ---- */
/* Makes the result an InputRequiredResult whose inputRequests the caller
   writes into c->out (the result buffer), with state sealed (NULL: none). */
static int e2b_mcp__ask_within(e2b_mcp_call *c, const char *state) {
#if !E2B_MCP_WITH_2026
  (void)c; (void)state;
  return -1;   /* no 2026-07-28 client to ask */
#else
  e2b_mcp_server *s = c->srv;
  if (!E2B_MCP__MODERN(c) || (state && !s->state_key_set)) return -1;
  c->new_state[0] = 0;
  if (state) {
    unsigned char nonce[8];
    unsigned long long now = e2b_mcp__state_now();
    if (!s->net->random || s->net->random(s->net->user, nonce, sizeof nonce) != 0) {   /* unique in this process: its list is what checks it */
      unsigned long long v = now << 20 ^ ++s->state_seq;
      int i;
      for (i = 0; i < 8; i++) nonce[i] = (unsigned char)(v >> (56 - 8 * i));
    }
    if (!e2b_mcp__state_seal(s->state_key, c->tool->name, c->js, c->tok, c->args, state, strlen(state),
                             now, (unsigned long)s->cfg.state_ttl_s, nonce, c->new_state)) return -1;
  }
  e2b_mcp__result_reset(c);
  c->input_required = 1;
  return 0;
#endif
}
E2B_MCP_DEF int e2b_mcp_input_required(e2b_mcp_call *c, const char *input_requests_json, const char *state) {
  if (e2b_mcp__ask_within(c, state) != 0) return -1;
  e2b_mcp_json_raw(&c->out, input_requests_json, strlen(input_requests_json));
  if (c->out.err) { c->input_required = 0; return -1; }
  return 0;
}
E2B_MCP_DEF int e2b_mcp_input_response(e2b_mcp_call *c, const char *key) {
  return c->responses >= 0 ? e2b_mcp__tok_get(c->js, c->tok, c->responses, key) : -1;
}
E2B_MCP_DEF int e2b_mcp_request_state(e2b_mcp_call *c, char *buf, size_t cap) {
  if (c->state_len < 0 || (size_t)c->state_len >= cap) return -1;
  memcpy(buf, c->state, (size_t)c->state_len);
  buf[c->state_len] = 0;
  return c->state_len;
}
E2B_MCP_DEF int e2b_mcp_client_has(e2b_mcp_call *c, const char *capability) {
  const e2b_mcp_session *ss = c->cx->sess;
  if (E2B_MCP__MODERN(c)) return e2b_mcp__tok_get(c->js, c->tok, c->caps, capability) >= 0;
  return e2b_mcp__streq(capability, "elicitation") && ss->client_elicitation;
}
E2B_MCP_DEF void e2b_mcp_fail(e2b_mcp_call *c, int code, const char *message, const char *data_json) {
  e2b_mcp__strlcpy(c->srv->errmsg, message, sizeof c->srv->errmsg);
  c->fail_code = code;
  c->fail_data = data_json;
}

/* ---- the tool registry ---- */

E2B_MCP_DEF int e2b_mcp_add_tool(e2b_mcp_server *s, const e2b_mcp_tool *t) {
  int i;
  if (!t || !t->name || !t->input_schema || (t->build || t->shape ? !(t->build && t->shape) : !t->fn)) return -1;
  if (s->cfg.read_only && !(t->annotations & E2B_MCP_READ_ONLY)) return -1;   /* a read-only server offers only reads */
  for (i = 0; i < s->ntools; i++) if (e2b_mcp__streq(s->tools[i]->name, t->name)) return -1;
  if (s->ncustom >= E2B_MCP_MAX_TOOLS || s->ntools >= E2B_MCP__COUNT(s->tools)) return -1;
#if E2B_MCP_AUTH
  s->group[s->ntools] = (unsigned char)((t->annotations & E2B_MCP_READ_ONLY) ? E2B_MCP_GROUP_READ : E2B_MCP_GROUP_WRITE);
#endif
  s->tools[s->ntools++] = t;
  s->ncustom++;
  return 0;
}
#if E2B_MCP_AUTH   /* an access token's scopes (E2B_MCP_AUTH): tools per caller */
/* Whether the client of cx may not call tool i: its access token does not
   grant the tool's group. */
static int e2b_mcp__tool_denied(const e2b_mcp_server *s, const e2b_mcp__ctx *cx, int i) {
  return cx->pr.scopes && !(cx->pr.scopes & (1 << s->group[i]));
}
/* The group of the tool named name[0..n), or -1 when there is none. */
static int e2b_mcp__tool_group(const e2b_mcp_server *s, const char *name, size_t n) {
  int i;
  for (i = 0; i < s->ntools; i++)
    if (strlen(s->tools[i]->name) == n && memcmp(s->tools[i]->name, name, n) == 0) return s->group[i];
  return -1;
}
/* The one scope check of a tool call, whatever brought it (a lone call over
   any transport, a 2025-03-26 batch's member, a 2026-07-28 request, the
   engine's seam): a tool beyond what the caller's token grants is refused,
   nothing reaches E2B, and the refusal is audited (outcome forbidden) before
   it is answered, as a call's record is: an attempt beyond what one was
   granted is what an audit log is read for. A lone call's transport is told
   (cx->forbidden: HTTP answers it 403 insufficient_scope). 1: refused. */
static int e2b_mcp__scope_refused(e2b_mcp_server *s, e2b_mcp__msg *m, const e2b_mcp_tool *tool, const char *js, const jsmntok_t *t,
                                  int params, int args, const char *id) {
  static const char *const groups[3] = { "read", "write", "kill" };
  char text[256];
  int g = e2b_mcp__tool_group(s, tool->name, strlen(tool->name));
  if (g < 0 || (m->cx->pr.scopes & (1 << g))) return 0;
  E2B_MCP__MET_INC(s, refused[E2B_MCP__RF_SCOPE]);
  if (s->run->forbidden) s->run->forbidden(s, m->cx, tool, g, js, t, params, args);
  if (m->cx->forbidden && !m->batch) *m->cx->forbidden = 1 + g;
  e2b_mcp__fmt(text, sizeof text, "Forbidden: %s is a %s tool, and the access token's scopes do not grant %s tools "
               "(insufficient_scope); tools/list names the tools it may call. Nothing was sent to E2B.", tool->name, groups[g], groups[g]);
  e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, text);
  return 1;
}
#endif
/* Whether name[0..n) is one of E2B's tools this build leaves out
   (E2B_MCP_TOOL_<ID> 0, >>config): s->built_out[0], the names from >>e2b
   tools' table, each after a space; s->built_out[1] is what a call to one is
   told. A build that leaves none out has neither (nor the words). */
#if E2B_MCP__TOOLS_OUT
static int e2b_mcp__is_built_out(const e2b_mcp_server *s, const char *name, size_t n) {
  const char *p, *sp;
  if (!s->built_out) return 0;
  for (p = s->built_out[0] + 1; (sp = e2b_mcp__strchr(p, ' ')) != NULL; p = sp + 1)
    if ((size_t)(sp - p) == n && memcmp(p, name, n) == 0) return 1;
  return 0;
}
#endif
static const e2b_mcp_tool *e2b_mcp__find_tool(e2b_mcp_server *s, const char *name, size_t n) {
  int i;
  for (i = 0; i < s->ntools; i++)
    if (strlen(s->tools[i]->name) == n && memcmp(s->tools[i]->name, name, n) == 0) return s->tools[i];
  return NULL;
}
/* What a call to a tool this server does not offer is told: why it is off and
   how to switch it on, for one of E2B's tools the run-time selection left out
   (s->off, from >>e2b tools), else that no such tool exists. */
static void e2b_mcp__unknown_tool(const e2b_mcp_server *s, const char *name, size_t n, char *text, size_t cap) {
  int i, shown = n > 80 ? 80 : (int)n;
  for (i = 0; i < s->noff; i++)
    if (strlen(s->off[i]->name) == n && memcmp(s->off[i]->name, name, n) == 0) {
      e2b_mcp__fmt(text, cap, E2B_MCP__MSG_TOOL_OFF,
                   shown, name, s->off_why[i]);
      return;
    }
#if E2B_MCP__TOOLS_OUT
  if (e2b_mcp__is_built_out(s, name, n)) {
    e2b_mcp__fmt(text, cap, s->built_out[1], shown, name);
    return;
  }
#endif
  e2b_mcp__fmt(text, cap, "Unknown tool: %.*s (tools/list names the tools)", shown, name);
}

/* Refuses an argument that the tool's input schema does not name, for the
   built-in tools (E2B_MCP__STRICT_ARGS) and for a tool whose schema says
   "additionalProperties": false: a misspelt "timeout_s" must not start a
   sandbox with the default timeout. The schema is read into rtok, free until
   the tool calls E2B. Returns 0, or -1 with the error result set. */
static int e2b_mcp__check_arg_names(e2b_mcp_server *s, e2b_mcp_call *c) {
  const char *sc = c->tool->input_schema;
  int i, k, v, ap, props;
  /* An argument name written with escapes ("e\u006ev_vars") is refused: the
     tools find their arguments by comparing the names as written, so such a
     name would pass a check that decodes and then be ignored by the tool (a
     create run without its env vars). Names are plain words; one place, here,
     decides, for every tool. */
  for (i = c->args + 1, k = 0; c->args >= 0 && c->tok[c->args].type == JSMN_OBJECT && k < c->tok[c->args].size; k++, i = e2b_mcp__tok_skip(c->tok, i + 1))
    if (memchr(c->js + c->tok[i].start, '\\', (size_t)(c->tok[i].end - c->tok[i].start))) {
      int kn = c->tok[i].end - c->tok[i].start;
      e2b_mcp_result_error(c, E2B_MCP__MSG_ARG_ESCAPED, kn < 40 ? kn : 40, c->js + c->tok[i].start);
      return -1;
    }
  if (c->args < 0 || !c->tok[c->args].size || e2b_mcp__parse_own(sc, strlen(sc), s->rtok, E2B_MCP__COUNT(s->rtok)) <= 0) return 0;
  ap = e2b_mcp__tok_get(sc, s->rtok, 0, "additionalProperties");
  if (!(c->tool->annotations & E2B_MCP__STRICT_ARGS) && (ap < 0 || e2b_mcp__tok_bool(sc, &s->rtok[ap], &v) != 0 || v)) return 0;
  props = e2b_mcp__tok_get(sc, s->rtok, 0, "properties");
  for (i = c->args + 1, k = 0; k < c->tok[c->args].size; k++, i = e2b_mcp__tok_skip(c->tok, i + 1)) {
    char key[48], names[160];
    size_t o = 0;
    int j, q;
    if (e2b_mcp__tok_str(c->js, &c->tok[i], key, sizeof key) >= 0) { if (e2b_mcp__tok_get(sc, s->rtok, props, key) >= 0) continue; }
    else {   /* too long to be a name: its start */
      int kn = c->tok[i].end - c->tok[i].start;
      e2b_mcp__fmt(key, sizeof key, "%.*s...", kn < 40 ? kn : 40, c->js + c->tok[i].start);
    }
    if (props < 0 || s->rtok[props].type != JSMN_OBJECT || !s->rtok[props].size) {
      e2b_mcp_result_error(c, E2B_MCP__MSG_ARG_NONE, key);
      return -1;
    }
    for (j = props + 1, q = 0; q < s->rtok[props].size; q++, j = e2b_mcp__tok_skip(s->rtok, j + 1))
      o += e2b_mcp__fmt(names + o, sizeof names - o, "%s%.*s", q ? ", " : "", s->rtok[j].end - s->rtok[j].start, sc + s->rtok[j].start);
    e2b_mcp_result_error(c, E2B_MCP__MSG_ARG_UNKNOWN, key, names);
    return -1;
  }
  return 0;
}

/* Whether a JSON string body escapes a lone UTF-16 surrogate ("\ud800"): no
   character, so no text a tool may pass on (E2B would get it verbatim). */
static int e2b_mcp__lone_surrogate(const char *p, size_t n) {
  size_t i;
  for (i = 0; i + 1 < n; i++) {
    int h, lo;
    if (p[i] != '\\') continue;
    if (p[i + 1] != 'u' || i + 6 > n || (h = e2b_mcp__hex4(p + i + 2)) < 0xD800 || h > 0xDFFF) { i++; continue; }
    if (h >= 0xDC00 || i + 12 > n || p[i + 6] != '\\' || p[i + 7] != 'u' || (lo = e2b_mcp__hex4(p + i + 8)) < 0xDC00 || lo > 0xDFFF) return 1;
    i += 11;
  }
  return 0;
}
/* Refuses arguments with a lone surrogate in any name or string. Returns 0, or
   -1 with the error result set. */
static int e2b_mcp__check_arg_text(e2b_mcp_call *c) {
  const jsmntok_t *t = c->tok;
  int i, k, j, end;
  if (c->args < 0) return 0;
  for (i = c->args + 1, k = 0; k < t[c->args].size; k++, i = end) {
    end = e2b_mcp__tok_skip(t, i + 1);
    for (j = i; j < end; j++) {
      if (t[j].type == JSMN_STRING && e2b_mcp__lone_surrogate(c->js + t[j].start, (size_t)(t[j].end - t[j].start))) {
        char key[48];
        if (e2b_mcp__tok_str(c->js, &t[i], key, sizeof key) < 0) e2b_mcp__strlcpy(key, "?", sizeof key);
        e2b_mcp_result_error(c, E2B_MCP__MSG_ARG_SURROGATE, key);
        return -1;
      }
    }
  }
  return 0;
}

/* A result as it goes out: one that overflowed is an error that says so; an
   empty one is an empty text. */
static void e2b_mcp__result_done(e2b_mcp_server *s, e2b_mcp_call *c) {
  if (c->out.err || c->content.err) {
    size_t cap = c->out.err ? sizeof s->result : sizeof s->content;
    e2b_mcp_result_error(c, E2B_MCP__MSG_RESULT_TOO_LARGE, (unsigned long)cap);
  }
  if (!c->has_out && c->content.len == 0) e2b_mcp_result_text(c, "");
}
/* A custom tool's handler, marked as running: a tool's arguments and result
   live in the server's one set of message and result buffers while it runs,
   so e2b_mcp_call_tool from inside it is refused (E2B_MCP_CALL_REENTRANT)
   rather than let an inner call write over the outer one's. */
static void e2b_mcp__tool_fn(e2b_mcp_server *s, e2b_mcp_call *c) {
  s->in_tool++;
  c->tool->fn(c);
  s->in_tool--;
}
/* In-process (e2b_mcp_call_tool): any tool, run to its end. */
static void e2b_mcp__run_tool(e2b_mcp_server *s, e2b_mcp_call *c) {
  e2b_mcp__result_reset(c);
  if (c->tool->build) s->run->in_process(c);   /* its slot checks the arguments */
  else if (e2b_mcp__check_arg_text(c) == 0 && e2b_mcp__check_arg_names(s, c) == 0) e2b_mcp__tool_fn(s, c);
  e2b_mcp__result_done(s, c);
}

/* Writes a CallToolResult value. */
static void e2b_mcp__write_result(e2b_mcp_call *c, e2b_mcp_json *w) {
  int structured = c->has_out && !c->is_error && c->cx->sess->version >= E2B_MCP__V2025_06;
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "content");
  e2b_mcp_json_arr(w);
  if (c->content.len) e2b_mcp_json_raw(w, c->content.buf, c->content.len);
  else if (c->has_out) {   /* the same JSON as text */
    e2b_mcp_json_obj(w);
    e2b_mcp_json_key(w, "type"); e2b_mcp_json_str(w, "text");
    e2b_mcp_json_key(w, "text");
    e2b_mcp_json_strn(w, c->out.buf, c->out.len);
    e2b_mcp_json_obj_end(w);
  }
  e2b_mcp_json_arr_end(w);
  if (structured) { e2b_mcp_json_key(w, "structuredContent"); e2b_mcp_json_raw(w, c->out.buf, c->out.len); }
  e2b_mcp_json_key(w, "isError"); e2b_mcp_json_bool(w, c->is_error);
#if E2B_MCP_WITH_2026
  if (E2B_MCP__MODERN(c)) { e2b_mcp_json_key(w, "resultType"); e2b_mcp_json_str(w, "complete"); }
#endif
  e2b_mcp_json_obj_end(w);
}

#if E2B_MCP__TASKS
/* Whether a client's capabilities declare the tasks extension (SEP-2663). */
static int e2b_mcp__tasks_declared(const char *js, const jsmntok_t *t, int caps) {
  return e2b_mcp__tok_get(js, t, e2b_mcp__tok_get(js, t, caps, "extensions"), "io.modelcontextprotocol/tasks") >= 0;
}
#endif
#if E2B_MCP_WITH_APP
/* The MCP App (SEP-1865) as the core sees it: whether a client's
   capabilities (initialize's, or a 2026-07-28 request's _meta) declare the
   extension with the App's MIME type; the tools whose results it shows
   (their tools/list entry points at it, _meta.ui.resourceUri); the
   extension said back among the server's capabilities. */
static int e2b_mcp__ui_declared(const char *js, const jsmntok_t *t, int caps) {
  int ext = e2b_mcp__tok_get(js, t, caps, "extensions");
  int ui = e2b_mcp__tok_get(js, t, ext, "io.modelcontextprotocol/ui");
  int mt = e2b_mcp__tok_get(js, t, ui, "mimeTypes"), i, k;
  if (mt < 0 || t[mt].type != JSMN_ARRAY) return 0;
  for (i = mt + 1, k = 0; k < t[mt].size; k++, i = e2b_mcp__tok_skip(t, i))
    if (t[i].type == JSMN_STRING && e2b_mcp__tok_eq(js, &t[i], E2B_MCP__APP_MIME)) return 1;
  return 0;
}
static int e2b_mcp__app_shows(const e2b_mcp_tool *t) {
  static const char *const shown[] = { "e2b_list_sandboxes", "e2b_get_sandbox", "e2b_get_sandbox_metrics", "e2b_get_sandbox_logs" };
  int i;
  for (i = 0; i < E2B_MCP__COUNT(shown); i++) if (strcmp(t->name, shown[i]) == 0) return 1;
  return 0;
}
#endif
/* The extensions this client declared and the server has, said back among the server's capabilities. */
static void e2b_mcp__app_caps(const e2b_mcp_session *ss, e2b_mcp_json *w) {
  int ui = 0, tasks = 0;
#if E2B_MCP_WITH_APP
  ui = ss && ss->client_ui;
#endif
#if E2B_MCP__TASKS
  tasks = ss && ss->client_tasks;
#endif
  if (!ui && !tasks) { (void)ss; return; }
  e2b_mcp_json_key(w, "extensions"); e2b_mcp_json_obj(w);
  if (tasks) { e2b_mcp_json_key(w, "io.modelcontextprotocol/tasks"); e2b_mcp_json_obj(w); e2b_mcp_json_obj_end(w); }
  if (ui) { e2b_mcp_json_key(w, "io.modelcontextprotocol/ui"); e2b_mcp_json_obj(w); e2b_mcp_json_obj_end(w); }
  e2b_mcp_json_obj_end(w);
}

static void e2b_mcp__write_tool(const e2b_mcp_session *ss, e2b_mcp_json *w, const e2b_mcp_tool *t) {
  unsigned a = t->annotations;
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "name"); e2b_mcp_json_str(w, t->name);
  if (t->title && ss->version >= E2B_MCP__V2025_06) { e2b_mcp_json_key(w, "title"); e2b_mcp_json_str(w, t->title); }
  e2b_mcp_json_key(w, "description"); e2b_mcp_json_str(w, t->description ? t->description : t->name);
  e2b_mcp_json_key(w, "inputSchema"); e2b_mcp_json_raw(w, t->input_schema, strlen(t->input_schema));
  if (t->output_schema && ss->version >= E2B_MCP__V2025_06) { e2b_mcp_json_key(w, "outputSchema"); e2b_mcp_json_raw(w, t->output_schema, strlen(t->output_schema)); }
  if (ss->version >= E2B_MCP__V2025_03) {
    e2b_mcp_json_key(w, "annotations"); e2b_mcp_json_obj(w);
    if (t->title) { e2b_mcp_json_key(w, "title"); e2b_mcp_json_str(w, t->title); }
    e2b_mcp_json_key(w, "readOnlyHint"); e2b_mcp_json_bool(w, (a & E2B_MCP_READ_ONLY) != 0);
    if (!(a & E2B_MCP_READ_ONLY)) {
      e2b_mcp_json_key(w, "destructiveHint"); e2b_mcp_json_bool(w, (a & E2B_MCP_DESTRUCTIVE) != 0);
      e2b_mcp_json_key(w, "idempotentHint"); e2b_mcp_json_bool(w, (a & E2B_MCP_IDEMPOTENT) != 0);
    }
    e2b_mcp_json_key(w, "openWorldHint"); e2b_mcp_json_bool(w, (a & E2B_MCP_CLOSED_WORLD) == 0);
    e2b_mcp_json_obj_end(w);
  }
#if E2B_MCP_WITH_APP
  if (ss->client_ui && e2b_mcp__app_shows(t)) {
    e2b_mcp_json_key(w, "_meta"); e2b_mcp_json_obj(w);
    e2b_mcp_json_key(w, "ui"); e2b_mcp_json_obj(w);
    e2b_mcp_json_key(w, "resourceUri"); e2b_mcp_json_str(w, E2B_MCP__APP_URI);
    e2b_mcp_json_obj_end(w);
    e2b_mcp_json_obj_end(w);
  }
#endif
  e2b_mcp_json_obj_end(w);
}

static const char e2b_mcp__default_instructions[] =
  E2B_MCP__MSG_INSTRUCTIONS;

/* The surface beyond tools (prompts, resources, completions): its layers'
   capabilities, and a method the core does not know offered to each. */
#if E2B_MCP__SURFACE
static void e2b_mcp__surface_caps(e2b_mcp_server *s, e2b_mcp_json *w, int modern) {
  int i;
  for (i = 0; i < s->nsurface; i++) s->surface[i]->caps(s, w, modern);
}
static int e2b_mcp__surface_handle(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int meth, int params, const char *id) {
  int i;
  for (i = 0; i < s->nsurface; i++) if (s->surface[i]->handle(s, m, js, t, meth, params, id)) return 1;
  return 0;
}
#  define E2B_MCP__SURFACE_CAPS(s, w, modern) e2b_mcp__surface_caps(s, w, modern)
#  define E2B_MCP__SURFACE_HANDLE(s, m, js, t, meth, params, id) e2b_mcp__surface_handle(s, m, js, t, meth, params, id)
#else
#  define E2B_MCP__SURFACE_CAPS(s, w, modern) ((void)0)
#  define E2B_MCP__SURFACE_HANDLE(s, m, js, t, meth, params, id) 0
#endif
#if E2B_MCP__TASKS   /* tasks/get, tasks/update, tasks/cancel: the engine's, which runs the calls they follow */
#  define E2B_MCP__TASKS_HANDLE(s, m, js, t, meth, params, id) ((s)->run->tasks && (s)->run->tasks(s, m, js, t, meth, params, id))
#else
#  define E2B_MCP__TASKS_HANDLE(s, m, js, t, meth, params, id) 0
#endif

/* The capabilities initialize answers, also what the server card shows
   (>>transport: streamable http): one writer, so the two never differ. */
static void e2b_mcp__write_caps(e2b_mcp_server *s, e2b_mcp_json *w, const e2b_mcp_session *ss) {
  (void)s;   /* read only by the surface's capabilities, which a build may leave out */
  e2b_mcp_json_key(w, "capabilities"); e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "tools"); e2b_mcp_json_obj(w); e2b_mcp_json_key(w, "listChanged"); e2b_mcp_json_bool(w, 0); e2b_mcp_json_obj_end(w);
  e2b_mcp_json_key(w, "logging"); e2b_mcp_json_obj(w); e2b_mcp_json_obj_end(w);
  E2B_MCP__SURFACE_CAPS(s, w, 0);
  e2b_mcp__app_caps(ss, w);
  e2b_mcp_json_obj_end(w);
}

/* ---- method handlers ---- */
static void e2b_mcp__on_initialize(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int params, const char *id) {
  e2b_mcp_json w;
  int i, v = E2B_MCP__VLATEST, pv = e2b_mcp__tok_get(js, t, params, "protocolVersion");
  int caps = e2b_mcp__tok_get(js, t, params, "capabilities");
  if (pv >= 0)
    for (i = 0; i < E2B_MCP__COUNT(e2b_mcp__versions); i++) if (E2B_MCP__VERSION_BUILT(i) && e2b_mcp__tok_eq(js, &t[pv], e2b_mcp__versions[i])) v = i;
  m->cx->sess->version = v;
  {   /* form mode: "elicitation": {} or, from 2025-11-25, an object naming "form" ({"url": {}} alone is URL mode only) */
    int el = e2b_mcp__tok_get(js, t, caps, "elicitation");
    m->cx->sess->client_elicitation = el >= 0 && t[el].type == JSMN_OBJECT &&
                                  (t[el].size == 0 || v < E2B_MCP__V2025_11 || e2b_mcp__tok_get(js, t, el, "form") >= 0);
    m->cx->sess->client_ready = 0;
  }
#if E2B_MCP_WITH_APP
  m->cx->sess->client_ui = e2b_mcp__ui_declared(js, t, caps);
#endif
#if E2B_MCP__TASKS
  m->cx->sess->client_tasks = e2b_mcp__tasks_declared(js, t, caps);
#endif
  m->cx->sess->initialized = 1;
  e2b_mcp__reply_begin(s, m, &w, id);
  e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "protocolVersion"); e2b_mcp_json_str(&w, e2b_mcp__versions[v]);
  e2b_mcp__write_caps(s, &w, m->cx->sess);
  e2b_mcp_json_key(&w, "serverInfo"); e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "name"); e2b_mcp_json_str(&w, s->cfg.server_name ? s->cfg.server_name : "e2b-mcp");
  if (v >= E2B_MCP__V2025_06) { e2b_mcp_json_key(&w, "title"); e2b_mcp_json_str(&w, "E2B sandboxes"); }
  e2b_mcp_json_key(&w, "version"); e2b_mcp_json_str(&w, E2B_MCP_VERSION);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp_json_key(&w, "instructions");
  e2b_mcp_json_str(&w, s->cfg.instructions ? s->cfg.instructions : e2b_mcp__default_instructions);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(m, &w);
}

static void e2b_mcp__on_tools_list(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int params, const char *id) {
  e2b_mcp_json w;
  long long start = 0;
  int i, end, cur = e2b_mcp__tok_get(js, t, params, "cursor");
#if E2B_MCP_AUTH
  int k;
#endif
  if (cur >= 0 && !(t[cur].type == JSMN_PRIMITIVE && js[t[cur].start] == 'n')) {
    if (t[cur].type != JSMN_STRING || e2b_mcp__parse_ll(js + t[cur].start, (size_t)(t[cur].end - t[cur].start), &start) != 0 ||
        start <= 0 || start >= s->ntools) {
      e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, E2B_MCP__MSG_BAD_CURSOR);
      return;
    }
  }
#if !E2B_MCP_AUTH
  end = (int)start + E2B_MCP_TOOLS_PAGE;
  if (end > s->ntools) end = s->ntools;
#endif
  e2b_mcp__reply_begin(s, m, &w, id);
  e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "tools"); e2b_mcp_json_arr(&w);
#if E2B_MCP_AUTH
  /* a page is E2B_MCP_TOOLS_PAGE tools the client may call (its token's
     scopes); the cursor is where the next page's search starts */
  for (i = (int)start, k = 0; i < s->ntools && k < E2B_MCP_TOOLS_PAGE; i++)
    if (!e2b_mcp__tool_denied(s, m->cx, i)) { e2b_mcp__write_tool(m->cx->sess, &w, s->tools[i]); k++; }
  e2b_mcp_json_arr_end(&w);
  for (end = i; end < s->ntools && e2b_mcp__tool_denied(s, m->cx, end); end++) {}
  if (end < s->ntools) { char b[24]; e2b_mcp__fmt_ll(b, i); e2b_mcp_json_key(&w, "nextCursor"); e2b_mcp_json_str(&w, b); }
#else
  for (i = (int)start; i < end; i++) e2b_mcp__write_tool(m->cx->sess, &w, s->tools[i]);
  e2b_mcp_json_arr_end(&w);
  if (end < s->ntools) { char b[24]; e2b_mcp__fmt_ll(b, end); e2b_mcp_json_key(&w, "nextCursor"); e2b_mcp_json_str(&w, b); }
#endif
#if E2B_MCP_WITH_2026
  if (m->cx->sess->version == E2B_MCP__V2026_07) {   /* the list is fixed at start-up: the same for every client of a scope */
    e2b_mcp_json_key(&w, "resultType"); e2b_mcp_json_str(&w, "complete");
    e2b_mcp_json_key(&w, "ttlMs"); e2b_mcp_json_int(&w, s->cfg.list_ttl_ms);
    {
      int own = 0;   /* the list differs for this caller: its token's scopes, its App */
#if E2B_MCP_AUTH
      own |= m->cx->pr.scopes != 0;
#endif
#if E2B_MCP_WITH_APP
      own |= m->cx->sess->client_ui;
#endif
      e2b_mcp_json_key(&w, "cacheScope"); e2b_mcp_json_str(&w, own ? "private" : "public");
    }
  }
#endif
  e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(m, &w);
}

#if E2B_MCP_WITH_2026
/* A requestState that came back with c: opened (sealed here for this tool
   and these arguments, not expired) and spent (good once: in this server's
   list, then in the replicas' shared record). Its payload's length (into
   c->state), or E2B_MCP__STATE_* for why it is refused. */
static int e2b_mcp__state_take(e2b_mcp_server *s, e2b_mcp_call *c, const char *tok, size_t tn) {
  unsigned char nonce[8];
  unsigned long long exp = 0, now = e2b_mcp__state_now();
  int r, sp;
  if (!s->state_key_set) return E2B_MCP__STATE_BAD;
  r = e2b_mcp__state_open(s->state_key, c->tool->name, c->js, c->tok, c->args, tok, tn, now, c->state, nonce, &exp);
  if (r < 0) return r;
  sp = e2b_mcp__state_spend(s->spent, E2B_MCP_STATE_SPENT, nonce, exp, now);
  if (sp == 0 && s->cfg.state_once) {
    char hex[17];
    int i, o;
    for (i = 0; i < 8; i++) { hex[2 * i] = "0123456789abcdef"[nonce[i] >> 4]; hex[2 * i + 1] = "0123456789abcdef"[nonce[i] & 15]; }
    hex[16] = 0;
    o = s->cfg.state_once(s->cfg.state_once_user, hex, exp);
    sp = o > 0 ? 0 : o == 0 ? E2B_MCP__STATE_SPENT : E2B_MCP__STATE_FULL;
  }
  return sp < 0 ? sp : r;
}
/* What a client is told of a refused requestState (E2B_MCP__STATE_*). */
static const char *e2b_mcp__state_refusal(int why) {
  switch (why) {
    case E2B_MCP__STATE_STALE:
      return "Invalid params: requestState has expired. Call again without requestState and inputResponses to be asked again; "
             "nothing was done or sent to E2B.";
    case E2B_MCP__STATE_SPENT:
      return "Invalid params: this requestState was used already, and a user's answer is good for one call. Call again without "
             "requestState and inputResponses to ask the user again; nothing was done or sent to E2B.";
    case E2B_MCP__STATE_FULL:
      return "The server cannot record right now that this answer was used (its record of answered questions is full, or the "
             "store its replicas share does not answer), and an answer it cannot prove unused is not taken; call again without "
             "requestState and inputResponses in a minute. Nothing was done or sent to E2B.";
    default:
      return "Invalid params: requestState failed its integrity check (altered, or issued for another tool or other arguments). "
             "Call again without requestState and inputResponses; nothing was done or sent to E2B.";
  }
}

/* A modern tools/call's own parts: the client's capabilities, the answers
   (inputResponses: an object of objects) and the requestState, which must
   have been sealed here for this tool and these arguments and not have
   expired. 0, or -1 with the error answered (the tool does not run). */
static int e2b_mcp__modern_call(e2b_mcp_server *s, e2b_mcp__msg *m, e2b_mcp_call *c, int params, int meta, const char *id) {
  const char *js = c->js;
  const jsmntok_t *t = c->tok;
  int ir = e2b_mcp__tok_get(js, t, params, "inputResponses"), rs = e2b_mcp__tok_get(js, t, params, "requestState");
  c->modern = 1;
  c->caps = e2b_mcp__tok_get(js, t, meta, E2B_MCP__META_CAPS);
  if (ir >= 0) {
    int i, k, ok = t[ir].type == JSMN_OBJECT;
    for (i = ir + 1, k = 0; ok && k < t[ir].size; k++, i = e2b_mcp__tok_skip(t, i + 1)) ok = t[i + 1].type == JSMN_OBJECT;
    if (!ok) {
      e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, "Invalid params: inputResponses must be an object whose answers are objects");
      return -1;
    }
    c->responses = ir;
  }
  if (rs >= 0) {
    int r = t[rs].type == JSMN_STRING ? e2b_mcp__state_take(s, c, js + t[rs].start, (size_t)(t[rs].end - t[rs].start))
                                      : E2B_MCP__STATE_BAD;
    if (r < 0) {
      e2b_mcp__reply_error(s, m, id, r == E2B_MCP__STATE_FULL ? E2B_MCP__INTERNAL_ERROR : E2B_MCP__INVALID_PARAMS,
                           e2b_mcp__state_refusal(r));
      return -1;
    }
    c->state_len = r;
  }
  return 0;
}

/* The answer to a finished call (its result, or its JSON-RPC error), to m;
   nothing for a cancelled one (MCP: it gets no response). */
#endif

static void e2b_mcp__reply_call(e2b_mcp_server *s, e2b_mcp__msg *m, e2b_mcp_call *c, const char *id) {
  e2b_mcp_json w;
  if (c->cancelled) return;
#if E2B_MCP__SURFACE
  if (c->reply) c->reply(c, NULL);
#endif
  if (c->fail_code) {
    if (m->cx->wire && c->fail_code == E2B_MCP__MISSING_CAPABILITY) m->cx->wire->status = 400;
    e2b_mcp__reply_error_data(s, m, id, c->fail_code, s->errmsg, c->fail_data);
    return;
  }
  e2b_mcp__reply_begin(s, m, &w, id);
  if (c->input_required) {
    e2b_mcp_json_obj(&w);
    e2b_mcp_json_key(&w, "resultType"); e2b_mcp_json_str(&w, "input_required");
    e2b_mcp_json_key(&w, "inputRequests"); e2b_mcp_json_raw(&w, c->out.buf, c->out.len);
    if (c->new_state[0]) { e2b_mcp_json_key(&w, "requestState"); e2b_mcp_json_str(&w, c->new_state); }
    e2b_mcp_json_obj_end(&w);
  }
#if E2B_MCP__SURFACE
  else if (c->reply) c->reply(c, &w);
#endif
  else e2b_mcp__write_result(c, &w);
  e2b_mcp__out_end(m, &w);
}

#if E2B_MCP_WITH_2026
/* A W3C traceparent (SEP-414: params._meta.traceparent) into out[56]: version
   00 exactly, "00-" 32 hex "-" 16 hex "-" 2 hex, lowercase, neither id all
   zeros (W3C Trace Context 3.2). Anything else leaves out "": a malformed
   context is dropped, never passed on, and never fails the call. */
static void e2b_mcp__trace_take(const char *js, const jsmntok_t *t, int at, char *out) {
  const char *p;
  int i, zt = 1, zp = 1;
  out[0] = 0;
  if (at < 0 || t[at].type != JSMN_STRING || t[at].end - t[at].start != 55) return;
  p = js + t[at].start;
  if (p[0] != '0' || p[1] != '0') return;
  for (i = 2; i < 55; i++) {
    if (i == 2 || i == 35 || i == 52) { if (p[i] != '-') return; continue; }
    if (!((p[i] >= '0' && p[i] <= '9') || (p[i] >= 'a' && p[i] <= 'f'))) return;
    if (p[i] != '0' && i < 35) zt = 0;
    if (p[i] != '0' && i > 35 && i < 52) zp = 0;
  }
  if (zt || zp) return;
  memcpy(out, p, 55);
  out[55] = 0;
}
#endif

/* A call's record from its request: tool, arguments, sink, progress token and,
   from a 2026-07-28 client, its answers and sealed state. -1 when the request
   was answered with an error instead. */
static int e2b_mcp__call_fill(e2b_mcp_server *s, e2b_mcp__msg *m, e2b_mcp_call *c, const e2b_mcp_tool *tool,
                              const char *js, const jsmntok_t *t, int args, int params, const char *id) {
  int meta = e2b_mcp__tok_get(js, t, params, "_meta");
  int pt = e2b_mcp__tok_get(js, t, meta, "progressToken");
  c->tool = tool;
  c->srv = s; c->js = js; c->tok = t; c->args = args;
  c->sink = m->batch ? NULL : m->sink;   /* no notifications inside a batch answer */
  c->caps = c->responses = c->state_len = -1;
  c->cx = m->cx;
#if E2B_MCP__SURFACE
  c->reply = m->reply;
  if (m->ref) e2b_mcp__strlcpy(c->ref, m->ref, sizeof c->ref);
#endif
#if E2B_MCP_WITH_2026
  e2b_mcp__trace_take(js, t, e2b_mcp__tok_get(js, t, meta, "traceparent"), c->trace);
  if (m->cx->sess->version == E2B_MCP__V2026_07 && e2b_mcp__modern_call(s, m, c, params, meta, id) != 0) return -1;
#else
  (void)id;
#endif
  if (pt >= 0 && (t[pt].type == JSMN_STRING || t[pt].type == JSMN_PRIMITIVE))
    e2b_mcp__tok_json(js, &t[pt], c->progress_token, sizeof c->progress_token);
  return 0;
}

/* A simple custom tool's call (e2b_mcp_tool.fn): run now, synchronously, and
   answered at once, unless it asked its user: then its call waits in the
   slot the question took (>>engine, e2b_mcp__custom_ask) and is answered
   when the tool runs again with the answer. A frame of its own: the
   two-phase calls' path carries no call record of its own. (Not
   e2b_mcp__run_tool, which may run a two-phase tool in-process: this frame
   never needs that.) */
E2B_MCP__NOINLINE static void e2b_mcp__custom_call(e2b_mcp_server *s, e2b_mcp__msg *m, const e2b_mcp_tool *tool,
                                                  const char *js, const jsmntok_t *t, int args, int params, const char *id) {
  e2b_mcp_call c;
  memset(&c, 0, sizeof c);
  if (e2b_mcp__call_fill(s, m, &c, tool, js, t, args, params, id) != 0) return;
  c.msg = m;
  c.params = params;
  e2b_mcp__result_reset(&c);
  if (e2b_mcp__check_arg_text(&c) == 0 && e2b_mcp__check_arg_names(s, &c) == 0) e2b_mcp__tool_fn(s, &c);
  if (E2B_MCP__ASKS && c.slot) { s->run->asked(s, &c, id); return; }   /* its answer comes with the user's */
  e2b_mcp__result_done(s, &c);
  e2b_mcp__reply_call(s, m, &c, id);
}

static void e2b_mcp__on_tools_call(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int params, const char *id) {
  const e2b_mcp_tool *tool;
  int name = e2b_mcp__tok_get(js, t, params, "name");
  int args = e2b_mcp__tok_get(js, t, params, "arguments");
  if (name < 0 || t[name].type != JSMN_STRING) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, "tools/call needs params.name, the tool's name");
    return;
  }
  tool = e2b_mcp__find_tool(s, js + t[name].start, (size_t)(t[name].end - t[name].start));
  if (!tool) {
    char text[384];
    e2b_mcp__unknown_tool(s, js + t[name].start, (size_t)(t[name].end - t[name].start), text, sizeof text);
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, text);
    return;
  }
#if E2B_MCP_AUTH
  if (m->cx->pr.scopes && e2b_mcp__scope_refused(s, m, tool, js, t, params, args, id)) return;
#endif
  if (args >= 0 && t[args].type == JSMN_PRIMITIVE && js[t[args].start] == 'n') args = -1;
  if (args >= 0 && t[args].type != JSMN_OBJECT) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, "params.arguments must be a JSON object");
    return;
  }
  /* a two-phase tool's call (E2B's own, or a custom one's) is made in its call
     slot (>>engine); a simple custom one's on its own frame */
  if (!tool->build) { e2b_mcp__custom_call(s, m, tool, js, t, args, params, id); return; }
  s->run->two_phase(s, m, tool, js, t, args, params, id);
}

#if E2B_MCP_METRICS
/* A request other than tools/call (counted per tool by the engine) was
   answered: by its method (a fixed list, the rest "other"), whether the
   method was known, and the time it took (>>metrics). */
static void e2b_mcp__met_method(e2b_mcp_server *s, const char *js, const jsmntok_t *meth, int unknown, unsigned long t0) {
  static const char *const names[E2B_MCP__MET_NMETHODS] = E2B_MCP__MET_METHODS;
  unsigned long now = e2b_mcp__now_ms(s);
  int i;
  if (e2b_mcp__tok_eq(js, meth, "tools/call")) return;
  for (i = 0; i < E2B_MCP__MET_NMETHODS - 1; i++) if (e2b_mcp__tok_eq(js, meth, names[i])) break;
  e2b_mcp__met_observe(&s->metrics.method[i][unknown != 0], now && t0 ? now - t0 : 0);
}
#  define E2B_MCP__MET_METHOD(s, js, meth, unknown, t0) e2b_mcp__met_method(s, js, meth, unknown, t0)
#  define E2B_MCP__MET_T0(s) e2b_mcp__now_ms(s)
#else
#  define E2B_MCP__MET_METHOD(s, js, meth, unknown, t0) ((void)(t0), (void)(unknown))
#  define E2B_MCP__MET_T0(s) 0UL
#endif

#if E2B_MCP_WITH_2026
/* ---- the stateless revision (2026-07-28) ---- */

/* Whether the request at root is of the stateless revision: server/discover
   (the probe a dual-era client starts with), a params._meta carrying the
   revision's keys, or an HTTP request whose MCP-Protocol-Version names it.
   Everything else is answered as the 2025 revisions are. */
static int e2b_mcp__is_modern(const char *js, const jsmntok_t *t, int root, const e2b_mcp_wire *wire) {
  int meth = e2b_mcp__tok_get(js, t, root, "method");
  int meta = e2b_mcp__tok_get(js, t, e2b_mcp__tok_get(js, t, root, "params"), "_meta");
  if (meth >= 0 && e2b_mcp__tok_eq(js, &t[meth], "server/discover")) return 1;
  if (e2b_mcp__tok_get(js, t, meta, E2B_MCP__META_PV) >= 0 || e2b_mcp__tok_get(js, t, meta, E2B_MCP__META_CAPS) >= 0) return 1;
  return wire && wire->pver && e2b_mcp__ieq(wire->pver, wire->pver_n, e2b_mcp__modern_version);
}

/* An error of the revision's envelope, with the HTTP status it wants. */
static void e2b_mcp__modern_error(e2b_mcp_server *s, e2b_mcp__msg *m, const char *id, int status, int code, const char *text, const char *data) {
  if (m->cx->wire && !m->cx->wire->status) m->cx->wire->status = status;
  e2b_mcp__reply_error_data(s, m, id, code, text, data);
}

/* A header's value against a token's text: exact, case and all. */
static int e2b_mcp__wire_eq(const char *h, size_t hn, const char *js, const jsmntok_t *t) {
  return t->type == JSMN_STRING && (size_t)(t->end - t->start) == hn && memcmp(js + t->start, h, hn) == 0;
}


static void e2b_mcp__on_discover(e2b_mcp_server *s, e2b_mcp__msg *m, const char *id) {
  e2b_mcp_json w;
  e2b_mcp__reply_begin(s, m, &w, id);
  e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "resultType"); e2b_mcp_json_str(&w, "complete");
  e2b_mcp_json_key(&w, "supportedVersions"); e2b_mcp__supported_versions(&w, 1);
  e2b_mcp_json_key(&w, "capabilities"); e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "tools"); e2b_mcp_json_obj(&w); e2b_mcp_json_obj_end(&w);
  e2b_mcp_json_key(&w, "logging"); e2b_mcp_json_obj(&w); e2b_mcp_json_obj_end(&w);
  E2B_MCP__SURFACE_CAPS(s, &w, 1);
  e2b_mcp__app_caps(m->cx->sess, &w);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp_json_key(&w, "instructions");
  e2b_mcp_json_str(&w, s->cfg.instructions ? s->cfg.instructions : e2b_mcp__default_instructions);
  e2b_mcp_json_key(&w, "ttlMs"); e2b_mcp_json_int(&w, s->cfg.list_ttl_ms);
#if E2B_MCP_WITH_APP   /* what it says depends on whether this client declared the App's extension */
  e2b_mcp_json_key(&w, "cacheScope"); e2b_mcp_json_str(&w, m->cx->sess->client_ui ? "private" : "public");
#else
  e2b_mcp_json_key(&w, "cacheScope"); e2b_mcp_json_str(&w, "public");
#endif
  e2b_mcp_json_key(&w, "_meta"); e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "io.modelcontextprotocol/serverInfo"); e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "name"); e2b_mcp_json_str(&w, s->cfg.server_name ? s->cfg.server_name : "e2b-mcp");
  e2b_mcp_json_key(&w, "title"); e2b_mcp_json_str(&w, "E2B sandboxes");
  e2b_mcp_json_key(&w, "version"); e2b_mcp_json_str(&w, E2B_MCP_VERSION);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(m, &w);
}

/* Mcp-Param-<Name> headers (SEP-2243): a tool's argument whose schema says
   "x-mcp-header": "<Name>" is mirrored into that header, so a router can read
   it; when the body has the argument, the header must be there and say the
   same (its text, or =?base64?<standard Base64, padded>?= of it). Returns 0,
   or -1 with the message for the HeaderMismatch error in msg. */
static int e2b_mcp__b64_std(const char *v, size_t n, char *out, size_t cap) {
  static const char a[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  size_t i, o = 0;
  unsigned acc = 0;
  int bits = 0, pad = 0;
  if (n % 4) return -1;
  for (i = 0; i < n; i++) {
    const char *q = v[i] ? e2b_mcp__strchr(a, v[i]) : NULL;
    if (v[i] == '=' && i + 2 >= n) { pad++; continue; }
    if (!q || pad) return -1;
    acc = (acc << 6) | (unsigned)(q - a);
    bits += 6;
    if (bits >= 8) { bits -= 8; if (o == cap) return -1; out[o++] = (char)(acc >> bits); acc &= (1u << bits) - 1; }
  }
  return (int)o;
}
static const char *e2b_mcp__wire_header(const e2b_mcp_wire *w, const char *prefix, const char *name, size_t nn, size_t *vn) {
  size_t i = 0, pl = strlen(prefix);
  while (i < w->head_n) {
    size_t ls = i, ve, vs, colon;
    while (i < w->head_n && w->head[i] != '\n') i++;
    ve = i++;
    if (ve > ls && w->head[ve - 1] == '\r') ve--;
    for (colon = ls; colon < ve && w->head[colon] != ':'; colon++) {}
    if (colon == ve || colon - ls != pl + nn) continue;
    if (!e2b_mcp__ieqn(w->head + ls, prefix, pl) || !e2b_mcp__ieqn(w->head + ls + pl, name, nn)) continue;
    for (vs = colon + 1; vs < ve && (w->head[vs] == ' ' || w->head[vs] == '\t'); vs++) {}
    while (ve > vs && (w->head[ve - 1] == ' ' || w->head[ve - 1] == '\t')) ve--;
    *vn = ve - vs;
    return w->head + vs;
  }
  return NULL;
}
static int e2b_mcp__check_param_headers(e2b_mcp_server *s, const e2b_mcp_wire *w, const char *js, const jsmntok_t *t, int params, char *msg, size_t cap) {
  int name = e2b_mcp__tok_get(js, t, params, "name"), args = e2b_mcp__tok_get(js, t, params, "arguments");
  const e2b_mcp_tool *tool = name >= 0 ? e2b_mcp__find_tool(s, js + t[name].start, (size_t)(t[name].end - t[name].start)) : NULL;
  const char *sc;
  int props, i, k;
  if (!w || !w->head || !tool || args < 0 || t[args].type != JSMN_OBJECT) return 0;
  sc = tool->input_schema;
  if (!strstr(sc, "\"x-mcp-header\"") || e2b_mcp__parse(sc, strlen(sc), s->rtok, E2B_MCP__COUNT(s->rtok)) <= 0) return 0;
  props = e2b_mcp__tok_get(sc, s->rtok, 0, "properties");
  if (props < 0 || s->rtok[props].type != JSMN_OBJECT) return 0;
  for (i = props + 1, k = 0; k < s->rtok[props].size; k++, i = e2b_mcp__tok_skip(s->rtok, i + 1)) {
    int hx = e2b_mcp__tok_get(sc, s->rtok, i + 1, "x-mcp-header"), a, bn;
    char key[64], want[E2B_MCP_ARG_MAX], got[E2B_MCP_ARG_MAX];
    const char *hv;
    size_t hn, hxn;
    if (hx < 0 || s->rtok[hx].type != JSMN_STRING || e2b_mcp__tok_str(sc, &s->rtok[i], key, sizeof key) < 0) continue;
    if ((a = e2b_mcp__tok_get(js, t, args, key)) < 0) continue;
    if (t[a].type == JSMN_STRING) { if (e2b_mcp__tok_str(js, &t[a], want, sizeof want) < 0) continue; }
    else if (t[a].type == JSMN_PRIMITIVE && (size_t)(t[a].end - t[a].start) < sizeof want) e2b_mcp__tok_json(js, &t[a], want, sizeof want);
    else continue;
    hxn = (size_t)(s->rtok[hx].end - s->rtok[hx].start);
    hv = e2b_mcp__wire_header(w, "mcp-param-", sc + s->rtok[hx].start, hxn, &hn);
    if (!hv) {
      e2b_mcp__fmt(msg, cap, "Header mismatch: argument %s is in the body but its header Mcp-Param-%.*s is missing", key, (int)hxn, sc + s->rtok[hx].start);
      return -1;
    }
    if (hn >= 12 && memcmp(hv, "=?base64?", 9) == 0 && memcmp(hv + hn - 2, "?=", 2) == 0) {
      if ((bn = e2b_mcp__b64_std(hv + 9, hn - 11, got, sizeof got - 1)) < 0) {
        e2b_mcp__fmt(msg, cap, "Header mismatch: Mcp-Param-%.*s is not valid padded Base64", (int)hxn, sc + s->rtok[hx].start);
        return -1;
      }
    } else {
      if (hn >= sizeof got) hn = sizeof got - 1;
      memcpy(got, hv, hn);
      bn = (int)hn;
    }
    got[bn] = 0;
    if ((size_t)bn != strlen(want) || memcmp(got, want, (size_t)bn) != 0) {
      e2b_mcp__fmt(msg, cap, "Header mismatch: Mcp-Param-%.*s differs from argument %s", (int)hxn, sc + s->rtok[hx].start, key);
      return -1;
    }
  }
  return 0;
}

/* A request of the stateless revision: the envelope is checked in the order
   the revision's reference server checks it (the version header, the _meta
   keys, the header against _meta, the version, then Mcp-Method / Mcp-Name),
   then the method runs with a session that lives only for this request. */
static void e2b_mcp__handle_modern(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int meth, int params, const char *id) {
  const e2b_mcp_wire *wire = m->cx->wire;
  int meta = e2b_mcp__tok_get(js, t, params, "_meta");
  int pv = e2b_mcp__tok_get(js, t, meta, E2B_MCP__META_PV), caps = e2b_mcp__tok_get(js, t, meta, E2B_MCP__META_CAPS);
  int lv = e2b_mcp__tok_get(js, t, meta, E2B_MCP__META_LEVEL);
  e2b_mcp_session one;
  e2b_mcp__ctx ocx;
  const e2b_mcp__ctx *saved = m->cx;
  unsigned long t0 = E2B_MCP__MET_T0(s);
  int unknown = 0;
  if (wire && !wire->pver) {
    e2b_mcp__modern_error(s, m, id, 400, E2B_MCP__HEADER_MISMATCH, "Header mismatch: the MCP-Protocol-Version header is required", NULL);
    return;
  }
  if (pv < 0 || t[pv].type != JSMN_STRING || caps < 0 || t[caps].type != JSMN_OBJECT) {
    e2b_mcp__modern_error(s, m, id, 400, E2B_MCP__INVALID_PARAMS,
                          "Invalid params: params._meta must carry " E2B_MCP__META_PV " (a string) and " E2B_MCP__META_CAPS " (an object)", NULL);
    return;
  }
  if (wire && !e2b_mcp__wire_eq(wire->pver, wire->pver_n, js, &t[pv])) {
    e2b_mcp__modern_error(s, m, id, 400, E2B_MCP__HEADER_MISMATCH, "Header mismatch: MCP-Protocol-Version differs from params._meta's protocolVersion", NULL);
    return;
  }
  if (!e2b_mcp__tok_eq(js, &t[pv], e2b_mcp__modern_version)) {
    char data[256], req[64];
    e2b_mcp_json w;
    e2b_mcp_json_init(&w, data, sizeof data);
    e2b_mcp_json_obj(&w);
    e2b_mcp_json_key(&w, "supported"); e2b_mcp__supported_versions(&w, 1);
    e2b_mcp_json_key(&w, "requested");
    if (e2b_mcp__tok_str(js, &t[pv], req, sizeof req) < 0) memcpy(req, "?", 2);
    e2b_mcp_json_str(&w, req);
    e2b_mcp_json_obj_end(&w);
    data[w.err ? 0 : w.len] = 0;
    e2b_mcp__modern_error(s, m, id, 400, E2B_MCP__UNSUPPORTED_VERSION,
                          "Unsupported protocol version: use 2026-07-28 here, or initialize for the 2025 revisions", w.err ? NULL : data);
    return;
  }
  if (wire) {
    int name = e2b_mcp__tok_get(js, t, params, "name");
    int named = e2b_mcp__tok_eq(js, &t[meth], "tools/call") || e2b_mcp__tok_eq(js, &t[meth], "prompts/get");
    if (!wire->method || !e2b_mcp__wire_eq(wire->method, wire->method_n, js, &t[meth])) {
      e2b_mcp__modern_error(s, m, id, 400, E2B_MCP__HEADER_MISMATCH,
                            wire->method ? "Header mismatch: Mcp-Method differs from the body's method" : "Header mismatch: the Mcp-Method header is required", NULL);
      return;
    }
    if (named && name >= 0 && (!wire->name || !e2b_mcp__wire_eq(wire->name, wire->name_n, js, &t[name]))) {
      e2b_mcp__modern_error(s, m, id, 400, E2B_MCP__HEADER_MISMATCH,
                            wire->name ? "Header mismatch: Mcp-Name differs from params.name" : "Header mismatch: the Mcp-Name header is required", NULL);
      return;
    }
    if (e2b_mcp__tok_eq(js, &t[meth], "tools/call")) {
      char msg[160];
      if (e2b_mcp__check_param_headers(s, wire, js, t, params, msg, sizeof msg) != 0) {
        e2b_mcp__modern_error(s, m, id, 400, E2B_MCP__HEADER_MISMATCH, msg, NULL);
        return;
      }
    }
  }
  memset(&one, 0, sizeof one);
  one.initialized = 1;
  one.version = E2B_MCP__V2026_07;
  one.log_level = E2B_MCP__COUNT(e2b_mcp__levels);   /* none: logs only when a level is asked for */
  if (lv >= 0) { int li = e2b_mcp__level_index(js, &t[lv]); if (li >= 0) one.log_level = li; }
#if E2B_MCP_WITH_APP
  one.client_ui = e2b_mcp__ui_declared(js, t, caps);
#endif
#if E2B_MCP__TASKS
  one.client_tasks = e2b_mcp__tasks_declared(js, t, caps);
#endif
  ocx = *m->cx;   /* this request's context, with its own session */
  ocx.sess = &one;
  m->cx = &ocx;
#define E2B_MCP__IS(name) e2b_mcp__tok_eq(js, &t[meth], name)
  if (E2B_MCP__IS("server/discover")) e2b_mcp__on_discover(s, m, id);
  else if (E2B_MCP__IS("tools/list")) e2b_mcp__on_tools_list(s, m, js, t, params, id);
  else if (E2B_MCP__IS("tools/call")) e2b_mcp__on_tools_call(s, m, js, t, params, id);
  else if (E2B_MCP__TASKS_HANDLE(s, m, js, t, meth, params, id)) {}
  else if (E2B_MCP__SURFACE_HANDLE(s, m, js, t, meth, params, id)) {}
  else { unknown = 1; e2b_mcp__modern_error(s, m, id, 404, E2B_MCP__METHOD_NOT_FOUND, "Method not found", NULL); }   /* initialize, ping, logging/setLevel: removed */
#undef E2B_MCP__IS
  E2B_MCP__MET_METHOD(s, js, &t[meth], unknown, t0);
  m->cx = saved;
}
#else   /* E2B_MCP_WITH_2026 0: every request is of the 2025 revisions */
static int e2b_mcp__is_modern(const char *js, const jsmntok_t *t, int root, const e2b_mcp_wire *wire) {
  (void)js; (void)t; (void)root; (void)wire;
  return 0;
}
#endif

/* One JSON-RPC object at token root. */
static void e2b_mcp__handle_one(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int root) {
  char id[E2B_MCP_RPC_ID_MAX];
  int ver = e2b_mcp__tok_get(js, t, root, "jsonrpc");
  int meth = e2b_mcp__tok_get(js, t, root, "method");
  int idt = e2b_mcp__tok_get(js, t, root, "id");
  int params = e2b_mcp__tok_get(js, t, root, "params"), is_response, unknown = 0;
  unsigned long t0;
  id[0] = 0;
  if (t[root].type != JSMN_OBJECT) { e2b_mcp__reply_error(s, m, NULL, E2B_MCP__INVALID_REQUEST, "Invalid Request: not a JSON-RPC object"); return; }
  if (idt >= 0) {
    const jsmntok_t *it = &t[idt];
    int ok = it->type == JSMN_STRING || (it->type == JSMN_PRIMITIVE && (js[it->start] == '-' || (js[it->start] >= '0' && js[it->start] <= '9')));
    if (ok && (size_t)(it->end - it->start) + 3 > sizeof id) {
      char text[128];
      e2b_mcp__fmt(text, sizeof text, E2B_MCP__MSG_ID_TOO_LONG, (int)sizeof id - 1);
      e2b_mcp__reply_error(s, m, NULL, E2B_MCP__INVALID_REQUEST, text);
      return;
    }
    if (!ok || e2b_mcp__tok_json(js, it, id, sizeof id) < 0) {
      e2b_mcp__reply_error(s, m, NULL, E2B_MCP__INVALID_REQUEST, "Invalid Request: id must be a string or a number");
      return;
    }
  }
  /* A response from the client that nobody waits for is ignored (a response
     is never answered); anything else that is not a request or notification
     is an Invalid Request, with id null when it has none. */
  is_response = meth < 0 && idt >= 0 && (e2b_mcp__tok_get(js, t, root, "result") >= 0 || e2b_mcp__tok_get(js, t, root, "error") >= 0);
  if (ver < 0 || !e2b_mcp__tok_eq(js, &t[ver], "2.0")) {
    if (!is_response) e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_REQUEST, "Invalid Request: jsonrpc must be \"2.0\"");
    return;
  }
  if (meth < 0) {
    if (!is_response) e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_REQUEST, "Invalid Request: method is required");
    else if (E2B_MCP__ASKS) s->run->user_answer(s, m->cx, js, t, root);   /* the user's answer to a call's question, or nobody's */
    return;
  }
  if (t[meth].type != JSMN_STRING) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_REQUEST, "Invalid Request: method must be a string");
    return;
  }
  if (params >= 0 && t[params].type != JSMN_OBJECT) {
    if (idt >= 0) e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, "params must be an object");
    return;
  }
#if E2B_MCP_WITH_2026
  if (idt >= 0 && !m->batch && e2b_mcp__is_modern(js, t, root, m->cx->wire)) {
    e2b_mcp__handle_modern(s, m, js, t, meth, params, id);
    return;
  }
#endif
  if (m->batch && e2b_mcp__tok_eq(js, &t[meth], "initialize")) {   /* 2025-03-26: it MUST NOT be batched */
    if (idt >= 0) e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_REQUEST, "Invalid Request: initialize must not be part of a batch");
    return;
  }
  if (idt < 0) {   /* notifications: no answer, ever */
    if (e2b_mcp__tok_eq(js, &t[meth], "notifications/initialized")) m->cx->sess->initialized = m->cx->sess->client_ready = 1;
    else if (e2b_mcp__tok_eq(js, &t[meth], "notifications/cancelled")) s->run->cancel(s, m->cx, js, t, params);
    return;
  }
#define E2B_MCP__IS(name) e2b_mcp__tok_eq(js, &t[meth], name)
  t0 = E2B_MCP__MET_T0(s);
  if (E2B_MCP__IS("initialize")) e2b_mcp__on_initialize(s, m, js, t, params, id);
  else if (E2B_MCP__IS("ping")) { e2b_mcp_json w; e2b_mcp__reply_begin(s, m, &w, id); e2b_mcp_json_obj(&w); e2b_mcp_json_obj_end(&w); e2b_mcp__out_end(m, &w); }
  else if (E2B_MCP__IS("tools/list")) e2b_mcp__on_tools_list(s, m, js, t, params, id);
  else if (E2B_MCP__IS("tools/call")) e2b_mcp__on_tools_call(s, m, js, t, params, id);
  else if (E2B_MCP__IS("logging/setLevel")) {
    int lv = e2b_mcp__tok_get(js, t, params, "level"), li = lv >= 0 ? e2b_mcp__level_index(js, &t[lv]) : -1;
    if (li < 0) e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, E2B_MCP__MSG_BAD_LEVEL);
    else { e2b_mcp_json w; m->cx->sess->log_level = li; e2b_mcp__reply_begin(s, m, &w, id); e2b_mcp_json_obj(&w); e2b_mcp_json_obj_end(&w); e2b_mcp__out_end(m, &w); }
  } else if (E2B_MCP__TASKS_HANDLE(s, m, js, t, meth, params, id)) {
  } else if (E2B_MCP__SURFACE_HANDLE(s, m, js, t, meth, params, id)) {}
  else { unknown = 1; e2b_mcp__reply_error(s, m, id, E2B_MCP__METHOD_NOT_FOUND, "Method not found"); }
#undef E2B_MCP__IS
  E2B_MCP__MET_METHOD(s, js, &t[meth], unknown, t0);
}

/* Whether the text after the first JSON value is only white space. */
static int e2b_mcp__only_space(const char *p, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) if (p[i] != ' ' && p[i] != '\t' && p[i] != '\r' && p[i] != '\n') return 0;
  return 1;
}

/* Handles one message, parsed into s->mtok (ntok: what e2b_mcp__parse
   said); with async (a transport that moves calls on with e2b_mcp_step) a
   tool call may be answered later, through out. */
static int e2b_mcp__handle(e2b_mcp_server *s, const char *msg, size_t n, const e2b_mcp_sink *out, const e2b_mcp__ctx *cx, int async, int ntok) {
  e2b_mcp__msg m;
  int i, k;
  memset(&m, 0, sizeof m);
  m.sink = out;
  m.cx = cx;
  m.async = async;
  if (ntok == JSMN_ERROR_NOMEM) {
    e2b_mcp__reply_error(s, &m, NULL, E2B_MCP__INVALID_REQUEST, E2B_MCP__MSG_MSG_TOKENS);
    return m.failed ? -1 : m.written;
  }
  if (ntok == E2B_MCP__JSON_DEEP) {
    char text[96];
    e2b_mcp__fmt(text, sizeof text, E2B_MCP__MSG_MSG_DEEP, (int)E2B_MCP__JSON_DEPTH);
    e2b_mcp__reply_error(s, &m, NULL, E2B_MCP__INVALID_REQUEST, text);
    return m.failed ? -1 : m.written;
  }
  if (ntok == JSMN_ERROR_INVAL || ntok == JSMN_ERROR_PART) {   /* a bare number or literal is valid JSON, just not a message */
    size_t i = 0;
    while (i < n && (msg[i] == ' ' || msg[i] == '\t' || msg[i] == '\r' || msg[i] == '\n')) i++;
    size_t j = i;
    while (j < n && msg[j] && e2b_mcp__strchr("0123456789+-.eE \t\r\n", msg[j])) j++;
    if (i < n && j == n && (msg[i] == '-' || (msg[i] >= '0' && msg[i] <= '9'))) {
      e2b_mcp__reply_error(s, &m, NULL, E2B_MCP__INVALID_REQUEST, "Invalid Request: expected one JSON-RPC object");
      return m.failed ? -1 : m.written;
    }
  }
  if (ntok <= 0 || !e2b_mcp__only_space(msg + s->mtok[0].end, n - (size_t)s->mtok[0].end) ||
      (s->mtok[0].type != JSMN_OBJECT && s->mtok[0].type != JSMN_ARRAY)) {
    e2b_mcp__reply_error(s, &m, NULL, ntok <= 0 || s->mtok[0].type == JSMN_OBJECT || s->mtok[0].type == JSMN_ARRAY
                         ? E2B_MCP__PARSE_ERROR : E2B_MCP__INVALID_REQUEST,
                         ntok <= 0 ? "Parse error: the message is not valid JSON"
                         : s->mtok[0].type == JSMN_OBJECT || s->mtok[0].type == JSMN_ARRAY ? "Parse error: text after the JSON value"
                         : "Invalid Request: expected one JSON-RPC object");
    return m.failed ? -1 : m.written;
  }
  if (s->mtok[0].type == JSMN_ARRAY) {
#if !E2B_MCP_WITH_BATCH
    e2b_mcp__reply_error(s, &m, NULL, E2B_MCP__INVALID_REQUEST, E2B_MCP__MSG_NO_BATCHES);
    (void)i; (void)k;
    return m.failed ? -1 : m.written;
#else
    if (cx->sess->version != E2B_MCP__V2025_03 || s->mtok[0].size == 0) {
      e2b_mcp__reply_error(s, &m, NULL, E2B_MCP__INVALID_REQUEST, s->mtok[0].size == 0 ? "Invalid Request: empty batch"
                           : "Invalid Request: batches are accepted only under protocol version 2025-03-26");
      return m.failed ? -1 : m.written;
    }
    m.batch = 1;
    if (async && (k = s->run->batch(s, &m, msg, n)) != -2) return k;   /* its calls in call slots */
    for (i = 1, k = 0; k < s->mtok[0].size && !m.failed; k++) {
      e2b_mcp__handle_one(s, &m, msg, s->mtok, i);
      i = e2b_mcp__tok_skip(s->mtok, i);
    }
    if (m.batch_items && !m.failed) {   /* the array's end, through the redactor like every byte */
      e2b_mcp__redact_init(&m.red, cx);
      if (e2b_mcp__redact_write(&m.red, e2b_mcp__sink_write, (void *)out, "]", 1) != 0 ||
          e2b_mcp__redact_end(&m.red, e2b_mcp__sink_write, (void *)out) != 0 || (out->end && out->end(out->ctx) != 0)) m.failed = 1;
      else m.written = 1;
    }
    return m.failed ? -1 : m.written;
#endif
  }
  e2b_mcp__handle_one(s, &m, msg, s->mtok, 0);
  return m.failed ? -1 : m.written;
}
E2B_MCP_DEF int e2b_mcp_handle(e2b_mcp_server *s, const char *msg, size_t n, const e2b_mcp_sink *out) {
  e2b_mcp__ctx cx;
  e2b_mcp__ctx_own(s, &cx);
  return e2b_mcp__handle(s, msg, n, out, &cx, 0, e2b_mcp__parse(msg, n, s->mtok, E2B_MCP__COUNT(s->mtok)));
}

/* Redacts buf[0..n) in place (the output never runs ahead of the input: the
   replacement is no longer than the key); returns the new length. */
typedef struct e2b_mcp__inplace { char *buf; size_t len; } e2b_mcp__inplace;
static int e2b_mcp__inplace_write(void *ctx, const char *p, size_t n) {
  e2b_mcp__inplace *x = (e2b_mcp__inplace *)ctx;
  memmove(x->buf + x->len, p, n);
  x->len += n;
  return 0;
}
static size_t e2b_mcp__redact_buf(const e2b_mcp__ctx *cx, char *buf, size_t n) {
  e2b_mcp__redact r;
  e2b_mcp__inplace x;
  x.buf = buf; x.len = 0;
  e2b_mcp__redact_init(&r, cx);
  if (!r.len) return n;
  e2b_mcp__redact_write(&r, e2b_mcp__inplace_write, &x, buf, n);
  e2b_mcp__redact_end(&r, e2b_mcp__inplace_write, &x);
  return x.len;
}

E2B_MCP_DEF int e2b_mcp_call_tool(e2b_mcp_server *s, const char *name, const char *args_json, e2b_mcp_result *r) {
  e2b_mcp_call c;
  e2b_mcp__ctx cx;
  int ntok = 0;
  memset(&c, 0, sizeof c);
  memset(r, 0, sizeof *r);
  r->message = "";
  if (s->in_tool) {
    r->message = E2B_MCP__MSG_REENTRANT;
    return E2B_MCP_CALL_REENTRANT;
  }
  c.tool = e2b_mcp__find_tool(s, name, strlen(name));
  if (!c.tool) {   /* the message says why, for a tool that is switched off */
    e2b_mcp__unknown_tool(s, name, strlen(name), s->errmsg, sizeof s->errmsg);
    r->message = s->errmsg;
    return -1;
  }
  e2b_mcp__ctx_own(s, &cx);
  c.srv = s; c.args = -1; c.cx = &cx;
  if (args_json && *args_json) {
    size_t n = strlen(args_json);
    if (n > E2B_MCP_MSG_MAX) return -1;
    memcpy(s->msg, args_json, n + 1);
    ntok = e2b_mcp__parse(s->msg, n, s->mtok, E2B_MCP__COUNT(s->mtok));
    if (ntok <= 0 || s->mtok[0].type != JSMN_OBJECT || !e2b_mcp__only_space(s->msg + s->mtok[0].end, n - (size_t)s->mtok[0].end)) return -1;
    c.js = s->msg; c.tok = s->mtok; c.args = 0;
  }
  e2b_mcp__run_tool(s, &c);
  /* what an embedding program hands to its model leaves the server too */
  c.out.len = e2b_mcp__redact_buf(&cx, s->result, c.out.len);
  c.content.len = e2b_mcp__redact_buf(&cx, s->content, c.content.len);
  s->errmsg[e2b_mcp__redact_buf(&cx, s->errmsg, strlen(s->errmsg))] = 0;
  r->is_error = c.is_error;
  if (c.has_out && !c.is_error) { s->result[c.out.len] = 0; r->json = s->result; r->json_len = c.out.len; }
  if (c.content.len) { r->content = s->content; r->content_len = c.content.len; }
  r->message = s->errmsg;
  return 0;
}

