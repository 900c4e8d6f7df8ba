#include "tools.h"
#include "front.h"
#include "config.h"
#include "derived.h"
#include "errors.h"
#include "util.h"
#include "json.h"
#include "metrics.h"
#include "client.h"
#include "principal.h"
#include "mcp.h"
/* >>e2b tools ----------------------------------------------------------------
   E2B's tools. Each is one row of the table E2B_MCP__TOOLS (>>e2b tools'
   declarations, src/tools.h), its switch E2B_MCP_TOOL_<ID> (>>config) and two
   functions named after the row's id:

     IF(E2B_MCP_TOOL_<ID>)(X(id, "name", "Title", annotations, gate, "description", "input schema", output schema))
       annotations  E2B_MCP_READ_ONLY | E2B_MCP_DESTRUCTIVE | E2B_MCP_IDEMPOTENT, or 0
       gate         0, or E2B_MCP__GATE_KILL: listed and callable only with enable_kill,
                    | E2B_MCP__GATE_EXTRA: not in the default set (the selection must name it)
       output schema  E2B_MCP__OUT("...") (dropped by E2B_MCP_WITH_DESCRIPTIONS 0)

     static int e2b_mcp__build_<id>(e2b_mcp_call *c, e2b_mcp__req *rq);
       Validates the arguments (e2b_mcp__want_*: each sets the error result and
       returns -1), then writes the request: e2b_mcp__req_on / e2b_mcp__req_sandbox
       for "METHOD /path", e2b_mcp__req_seg / _q / _qint for path segments and
       query, e2b_mcp__req_body for a JSON body (closed by the phase). A call that
       bills or destroys writes its consent question with e2b_mcp__ask. What the
       answer's shaping needs from the arguments goes in rq->id, rq->num and
       rq->flag (the arguments are gone by then). Returns 0 to send, -1 when the
       error result is set; it does no I/O and nothing is sent after -1.

     static void e2b_mcp__shape_<id>(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r);
       Turns E2B's 2xx response into the result (e2b_mcp_result_json): redacted
       (e2b_mcp__copy), normalised, lists under "data". e2b_mcp__response_json(c, r, kind)
       parses the body and gives its tokens, or NULL with the error result set
       (also when it is not the object or array the API documents). The engine
       then checks the result against the row's output schema
       (e2b_mcp__check_output): a broken answer is an error, never a success.
       It never sees a transport error, a non-2xx answer or a 429: the engine
       (e2b_mcp__call_checked) turns those into results a model can act on.

   Between the phases the engine (>>engine) checks the key and the tool's 429
   cool-down, asks the user (rq->ask) and sends. A custom tool takes the same
   two phases through the public e2b_mcp_tool.build/shape and e2b_mcp_request_*. One more tool is
   its switch (>>config, and its name in >>derived's E2B_MCP__TOOLS_BUILT), one row of the table and
   two functions here (and the simulator's route in tests/sim/). Nothing from the arguments reaches
   a request path or header unvalidated. */

/* 1 when every byte of s is a letter or digit (if alnum) or one of extra. */
static int e2b_mcp__charset(const char *s, int alnum, const char *extra) {
  for (; *s; s++)
    if (!((alnum && ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9'))) || e2b_mcp__strchr(extra, *s)))
      return 0;
  return 1;
}

/* The redactor's table for a key (what output never carries); its length. */
static unsigned e2b_mcp__key_table(const char *k, unsigned n, unsigned char *fail) {
  unsigned i, b = 0;
  fail[0] = 0;
  for (i = 1; i < n; i++) {
    while (b > 0 && k[i] != k[b]) b = fail[b - 1];
    if (k[i] == k[b]) b++;
    fail[i] = (unsigned char)b;
  }
  return n;
}
/* The server's own key (cfg.api_key), checked, with its KMP table. */
static void e2b_mcp__load_key(e2b_mcp_server *s) {
  const char *k = s->cfg.api_key;
  s->key[0] = 0;
  s->key_len = 0;
  s->key_problem = e2b_mcp__key_check(k, k ? strlen(k) : 0);
  if (s->key_problem == E2B_MCP__KEY_OK) {
    e2b_mcp__strlcpy(s->key, k, sizeof s->key);
    s->key_len = e2b_mcp__key_table(s->key, (unsigned)strlen(s->key), s->key_fail);
  }
}

/* ---- argument validation: each sets an error result and returns -1 ---- */
/* Helpers shared by the tools' functions, built whatever uses them: a build
   that leaves those tools out drops them (E2B_MCP__UNUSED). */
E2B_MCP__UNUSED static int e2b_mcp__bad(e2b_mcp_call *c, const char *key, const char *what) {
  e2b_mcp_result_error(c, E2B_MCP__MSG_BAD_ARG, key, what);
  return -1;
}
E2B_MCP__UNUSED static int e2b_mcp__want_str(e2b_mcp_call *c, const char *key, char *buf, size_t cap, int required) {
  int r = e2b_mcp_arg_str(c, key, buf, cap);
  buf[0] = r == 1 ? buf[0] : 0;
  if (r < 0) return e2b_mcp__bad(c, key, "expected a string of reasonable length");
  if (r == 0 && required) return e2b_mcp__bad(c, key, "it is required");
  return r;
}
E2B_MCP__UNUSED static int e2b_mcp__want_int(e2b_mcp_call *c, const char *key, long long *v, long long def, long long lo, long long hi) {
  char what[96];
  int r = e2b_mcp_arg_int(c, key, v);
  if (r == 0) { *v = def; return 0; }
  if (r < 0 || *v < lo || *v > hi) {
    e2b_mcp__fmt(what, sizeof what, "expected an integer from %lld to %lld", lo, hi);
    return e2b_mcp__bad(c, key, what);
  }
  return 1;
}
E2B_MCP__UNUSED static int e2b_mcp__want_bool(e2b_mcp_call *c, const char *key, int *v, int def) {
  int r = e2b_mcp_arg_bool(c, key, v);
  if (r == 0) { *v = def; return 0; }
  if (r < 0) return e2b_mcp__bad(c, key, "expected true or false");
  return 1;
}
E2B_MCP__UNUSED static int e2b_mcp__want_enum(e2b_mcp_call *c, const char *key, char *buf, size_t cap, const char *const *allowed, int n) {
  int i, r = e2b_mcp__want_str(c, key, buf, cap, 0);
  if (r <= 0) return r;
  for (i = 0; i < n; i++) if (e2b_mcp__streq(buf, allowed[i])) return 1;
  return e2b_mcp__bad(c, key, E2B_MCP__MSG_BAD_ENUM);
}
/* An ID that goes into a request path: letters, digits, '-' and '_' only. */
E2B_MCP__UNUSED static int e2b_mcp__want_id(e2b_mcp_call *c, const char *key, char *buf, size_t cap, int required) {
  int r = e2b_mcp__want_str(c, key, buf, cap, required);
  if (r <= 0) return r;
  if (!buf[0]) return e2b_mcp__bad(c, key, "it is empty");
  if (!e2b_mcp__charset(buf, 1, "-_"))
    return e2b_mcp__bad(c, key, E2B_MCP__MSG_BAD_ID);
  return 1;
}
/* A template reference for the create body: alias, namespace/alias, :tag. */
E2B_MCP__UNUSED static int e2b_mcp__want_template_ref(e2b_mcp_call *c, const char *key, char *buf, size_t cap) {
  const char *p;
  int r = e2b_mcp__want_str(c, key, buf, cap, 0);
  if (r <= 0) return r;
  for (p = buf; *p && !(p[0] == '.' && p[1] == '.'); p++) {}   /* no ".." (and no strstr on a board) */
  if (!buf[0] || *p || !e2b_mcp__charset(buf, 1, "-_./:"))
    return e2b_mcp__bad(c, key, E2B_MCP__MSG_BAD_TEMPLATE);
  return 1;
}
/* A time stamp for a query: RFC 3339 characters only. */
#if E2B_MCP_TOOL_LIST_SANDBOXES
static int e2b_mcp__want_time(e2b_mcp_call *c, const char *key, char *buf, size_t cap) {
  int r = e2b_mcp__want_str(c, key, buf, cap, 0);
  if (r <= 0) return r;
  if (!e2b_mcp__charset(buf, 0, "0123456789-:TZtz.+") || strlen(buf) < 10 || buf[4] != '-' || buf[7] != '-')
    return e2b_mcp__bad(c, key, E2B_MCP__MSG_BAD_TIME);
  return 1;
}
#endif
static void e2b_mcp__w_jstr(e2b_mcp_json *w, const char *s, size_t n);          /* below, with the answers */
static void e2b_mcp__w_tokkey(e2b_mcp_json *w, const char *js, const jsmntok_t *t);
/* String pairs (metadata, env_vars) come as an array of {"key","value"}
   objects, the form every model provider's schema dialect can describe; an
   object of strings is accepted too. The next pair of the argument at token i
   (cursor *j, count *n): its key and value tokens in *kt and *vt. 1: a pair,
   0: no more, -1: not a pair of strings. */
E2B_MCP__UNUSED static int e2b_mcp__next_pair(e2b_mcp_call *c, int i, int *j, int *n, int *kt, int *vt) {
  const jsmntok_t *t = c->tok;
  if (*n >= t[i].size) return 0;
  if (t[i].type == JSMN_OBJECT) { *kt = *j; *vt = *j + 1; *j = e2b_mcp__tok_skip(t, *j + 1); }
  else {
    if (t[*j].type != JSMN_OBJECT) return -1;
    *kt = e2b_mcp__tok_get(c->js, t, *j, "key");
    *vt = e2b_mcp__tok_get(c->js, t, *j, "value");
    *j = e2b_mcp__tok_skip(t, *j);
  }
  (*n)++;
  return *kt >= 0 && *vt >= 0 && t[*kt].type == JSMN_STRING && t[*kt].end > t[*kt].start && t[*vt].type == JSMN_STRING ? 1 : -1;
}
/* Writes a metadata filter value "k=v&k2=v2" with each part URL-encoded twice,
   as E2B's SDK does: E2B's HTTP layer decodes the query value, then its filter
   decodes the whole, splits on & and =, and decodes each part (the caller adds
   the outer encoding). The argument is string pairs, or that string in plain text. */
#if E2B_MCP_TOOL_LIST_SANDBOXES
static int e2b_mcp__want_metadata_query(e2b_mcp_call *c, e2b_mcp_json *q) {
  char k[E2B_MCP_ARG_MAX / 2], v[E2B_MCP_ARG_MAX];
  int i = e2b_mcp_arg_token(c, "metadata"), j, n = 0, kt, vt, r;
  const jsmntok_t *t = c->tok;
  if (i < 0) return 0;
  if (t[i].type == JSMN_OBJECT || t[i].type == JSMN_ARRAY) {
    if (t[i].size == 0) return 0;
    for (j = i + 1; (r = e2b_mcp__next_pair(c, i, &j, &n, &kt, &vt)) != 0;) {
      if (r < 0 || e2b_mcp__tok_str(c->js, &t[kt], k, sizeof k) <= 0 || e2b_mcp__tok_str(c->js, &t[vt], v, sizeof v) < 0)
        return e2b_mcp__bad(c, "metadata", E2B_MCP__MSG_WANT_PAIRS " (or the string k=v&k2=v2)");
      if (n > 1) e2b_mcp__w_c(q, '&');
      e2b_mcp__pct_n(q, k, strlen(k), 1); e2b_mcp__w_c(q, '='); e2b_mcp__pct_n(q, v, strlen(v), 1);
    }
  } else if (t[i].type == JSMN_STRING) {
    char all[E2B_MCP_ARG_MAX * 2];
    char *p, *amp;
    if (e2b_mcp__tok_str(c->js, &t[i], all, sizeof all) < 0) return e2b_mcp__bad(c, "metadata", "too long");
    if (!all[0]) return 0;
    for (p = all, n = 0; p; p = amp ? amp + 1 : NULL, n++) {
      char *eq;
      amp = e2b_mcp__strchr(p, '&');
      if (amp) *amp = 0;
      eq = e2b_mcp__strchr(p, '=');
      if (!eq || eq == p) return e2b_mcp__bad(c, "metadata", "expected key=value pairs joined by '&'");
      *eq = 0;
      if (n) e2b_mcp__w_c(q, '&');
      e2b_mcp__pct_n(q, p, strlen(p), 1); e2b_mcp__w_c(q, '='); e2b_mcp__pct_n(q, eq + 1, strlen(eq + 1), 1);
    }
  } else return e2b_mcp__bad(c, "metadata", E2B_MCP__MSG_WANT_PAIRS " (or the string k=v&k2=v2)");
  if (q->err) return e2b_mcp__bad(c, "metadata", "too long");
  return 1;
}
#endif
/* Copies a string-pairs argument into a request body as an object of strings
   (the strings as they came, escapes and all: an env var may be long). */
#if E2B_MCP_TOOL_CREATE_SANDBOX
static int e2b_mcp__want_str_map(e2b_mcp_call *c, const char *key, e2b_mcp_json *w, const char *api_key) {
  int i = e2b_mcp_arg_token(c, key), j, n = 0, kt, vt, r;
  const jsmntok_t *t = c->tok;
  if (i < 0) return 0;
  if (t[i].type != JSMN_OBJECT && t[i].type != JSMN_ARRAY) return e2b_mcp__bad(c, key, E2B_MCP__MSG_WANT_PAIRS);
  for (j = i + 1; (r = e2b_mcp__next_pair(c, i, &j, &n, &kt, &vt)) != 0;) if (r < 0) return e2b_mcp__bad(c, key, E2B_MCP__MSG_WANT_PAIRS);
  e2b_mcp_json_key(w, api_key);
  e2b_mcp_json_obj(w);
  for (j = i + 1, n = 0; e2b_mcp__next_pair(c, i, &j, &n, &kt, &vt) > 0;) {
    e2b_mcp__w_tokkey(w, c->js, &t[kt]);
    e2b_mcp__w_jstr(w, c->js + t[vt].start, (size_t)(t[vt].end - t[vt].start));
  }
  e2b_mcp_json_obj_end(w);
  return 1;
}
#endif
/* An array of strings that go into a body as they are (egress destinations):
   each non-empty, without spaces or control characters, at most 253 bytes. */
#if E2B_MCP_TOOL_CREATE_SANDBOX || E2B_MCP_TOOL_SET_SANDBOX_NETWORK
static int e2b_mcp__want_str_list(e2b_mcp_call *c, const char *key, e2b_mcp_json *w, const char *api_key, const char *what) {
  int i = e2b_mcp_arg_token(c, key), j, n, b;
  const jsmntok_t *t = c->tok;
  if (i < 0) return 0;
  if (t[i].type != JSMN_ARRAY) return e2b_mcp__bad(c, key, what);
  for (j = i + 1, n = 0; n < t[i].size; n++, j = e2b_mcp__tok_skip(t, j)) {
    if (t[j].type != JSMN_STRING || t[j].end == t[j].start || t[j].end - t[j].start > 253) return e2b_mcp__bad(c, key, what);
    for (b = t[j].start; b < t[j].end; b++)
      if ((unsigned char)c->js[b] <= ' ' || c->js[b] == '\\' || c->js[b] == 0x7f) return e2b_mcp__bad(c, key, what);
  }
  e2b_mcp_json_key(w, api_key);
  e2b_mcp_json_raw(w, c->js + t[i].start, (size_t)(t[i].end - t[i].start));
  return 1;
}
#endif
/* An array of TCP ports (1-65535). */
#if E2B_MCP_TOOL_CREATE_SANDBOX
static int e2b_mcp__want_port_list(e2b_mcp_call *c, const char *key, e2b_mcp_json *w, const char *api_key) {
  int i = e2b_mcp_arg_token(c, key), j, n;
  const jsmntok_t *t = c->tok;
  long long port;
  if (i < 0) return 0;
  if (t[i].type != JSMN_ARRAY) return e2b_mcp__bad(c, key, "expected an array of port numbers (1-65535)");
  for (j = i + 1, n = 0; n < t[i].size; n++, j++)
    if (e2b_mcp__tok_int(c->js, &t[j], &port) != 0 || port < 1 || port > 65535)
      return e2b_mcp__bad(c, key, "expected an array of port numbers (1-65535)");
  e2b_mcp_json_key(w, api_key);
  e2b_mcp_json_arr(w);
  for (j = i + 1, n = 0; n < t[i].size; n++, j++) { e2b_mcp__tok_int(c->js, &t[j], &port); e2b_mcp_json_int(w, port); }
  e2b_mcp_json_arr_end(w);
  return 1;
}
#endif
/* Volume mounts: [{"name": volume name, "path": absolute path}]. */
#if E2B_MCP_TOOL_CREATE_SANDBOX
static int e2b_mcp__want_mounts(e2b_mcp_call *c, e2b_mcp_json *w) {
  static const char want[] = E2B_MCP__MSG_WANT_MOUNTS;
  int i = e2b_mcp_arg_token(c, "volume_mounts"), j, n, nt, pt;
  const jsmntok_t *t = c->tok;
  char name[E2B_MCP_ARG_MAX / 2], path[E2B_MCP_ARG_MAX];
  if (i < 0) return 0;
  if (t[i].type != JSMN_ARRAY) return e2b_mcp__bad(c, "volume_mounts", want);
  for (j = i + 1, n = 0; n < t[i].size; n++, j = e2b_mcp__tok_skip(t, j)) {
    if (t[j].type != JSMN_OBJECT) return e2b_mcp__bad(c, "volume_mounts", want);
    nt = e2b_mcp__tok_get(c->js, t, j, "name");
    pt = e2b_mcp__tok_get(c->js, t, j, "path");
    if (nt < 0 || pt < 0 || t[nt].type != JSMN_STRING || t[pt].type != JSMN_STRING ||
        e2b_mcp__tok_str(c->js, &t[nt], name, sizeof name) <= 0 || e2b_mcp__tok_str(c->js, &t[pt], path, sizeof path) <= 0 ||
        !e2b_mcp__charset(name, 1, "-_.") || path[0] != '/' || !e2b_mcp__charset(path, 1, "-_./"))
      return e2b_mcp__bad(c, "volume_mounts", want);
  }
  e2b_mcp_json_key(w, "volumeMounts");
  e2b_mcp_json_arr(w);
  for (j = i + 1, n = 0; n < t[i].size; n++, j = e2b_mcp__tok_skip(t, j)) {
    nt = e2b_mcp__tok_get(c->js, t, j, "name");
    pt = e2b_mcp__tok_get(c->js, t, j, "path");
    e2b_mcp_json_obj(w);
    e2b_mcp_json_key(w, "name"); e2b_mcp__w_jstr(w, c->js + t[nt].start, (size_t)(t[nt].end - t[nt].start));
    e2b_mcp_json_key(w, "path"); e2b_mcp__w_jstr(w, c->js + t[pt].start, (size_t)(t[pt].end - t[pt].start));
    e2b_mcp_json_obj_end(w);
  }
  e2b_mcp_json_arr_end(w);
  return 1;
}
#endif

/* ---- talking to E2B ---- */
/* The cool-down slot of the call's tool, for the call's key. */
static unsigned long *e2b_mcp__cooldown(e2b_mcp_server *s, const e2b_mcp_call *c) {
  int i;
  for (i = 0; i < s->ntools - 1 && s->tools[i] != c->tool; i++) {}
  return &c->cx->cooldown[i];
}

static int e2b_mcp__ready(e2b_mcp_call *c) {
  e2b_mcp_server *s = c->srv;
  unsigned long now, until;
#if E2B_MCP_KEYSTORE
  if (c->cx->pr.no_key) {   /* never the server's own key instead: this caller has none here */
    const char *who = c->cx->pr.who ? c->cx->pr.who : "";
    int wn = c->cx->pr.who ? (int)c->cx->pr.who_len : 0;
    e2b_mcp_result_error(c, "This server has no E2B API key for you (your identity: \"%.*s\"), so nothing was sent to E2B. "
                            "Ask the server's admin to add your team's key: e2b-mcp keys add '%.*s' (the key is read from "
                            "stdin), then to reload the server (SIGHUP).", wn, who, wn, who);
    return -1;
  }
#endif
  switch (c->cx->key == s->key ? s->key_problem : E2B_MCP__KEY_OK) {   /* a client's key was checked on arrival */
    case E2B_MCP__KEY_MISSING:
      e2b_mcp_result_error(c, E2B_MCP__MSG_KEY_MISSING);
      return -1;
    case E2B_MCP__KEY_PERSONAL:
      e2b_mcp_result_error(c, E2B_MCP__MSG_KEY_PERSONAL);
      return -1;
    case E2B_MCP__KEY_MALFORMED:
      e2b_mcp_result_error(c, E2B_MCP__MSG_KEY_MALFORMED);
      return -1;
    default: break;
  }
  now = e2b_mcp__now_ms(s);
  until = *e2b_mcp__cooldown(s, c);
  if (until && now && (long)(until - now) > 0) {
    e2b_mcp_result_error(c, E2B_MCP__MSG_COOLDOWN, (until - now + 999) / 1000, c->tool->name);
    return -1;
  }
  return 0;
}

static const char *e2b_mcp__advice(int status) {
  switch (status) {
    case 400: return E2B_MCP__MSG_ADVICE_400;
    case 401: return E2B_MCP__MSG_ADVICE_401;
    case 403: return "This API key's team has no access to it.";
    case 404: return E2B_MCP__MSG_ADVICE_404;
    case 409: return E2B_MCP__MSG_ADVICE_409;
    case 410: return "It is gone.";
    case 429: return E2B_MCP__MSG_ADVICE_429;
    default: return status >= 500 ? E2B_MCP__MSG_ADVICE_5XX : "";
  }
}

/* "METHOD /path" of a request (no query, no head: the key is in it), for logs. */
static void e2b_mcp__what_req(const e2b_mcp__req *rq, char *out, size_t cap) {
  size_t n, sp = 0;
  for (n = 0; n < rq->w.len && n < cap - 1 && rq->w.buf[n] != '?' && !(rq->w.buf[n] == ' ' && sp++); n++) out[n] = rq->w.buf[n];
  out[n] = 0;
}

/* Checks the exchange the engine ran (request rq, sent at t0 ms, answer r):
   logs it, then on failure sets the error result (what happened and what to
   do) and returns -1. */
static int e2b_mcp__call_checked(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r, unsigned long t0) {
  e2b_mcp_server *s = c->srv;
  const e2b_mcp_url *u = rq->base;
  char msg[E2B_MCP_ERRMSG_MAX / 2], code[48], what_req[E2B_MCP__D(160, 96)];
  int err = r->err;
  e2b_mcp__what_req(rq, what_req, sizeof what_req);
  if (err) e2b_mcp_log(c, "warning", "%s on %s: %s", what_req, u->host, e2b_mcp_strerror(err));
  else {
    e2b_mcp_log(c, r->status < 400 ? "debug" : "warning", "%s on %s: %d in %lu ms", what_req, u->host, r->status,
                e2b_mcp__now_ms(s) - t0);
    e2b_mcp_progress(c, 1, 1, "E2B answered");
  }
  if (err) {
    const char *what = e2b_mcp_strerror(err), *hint = "";
    if (err == E2B_MCP_ERR_TOO_LARGE) {
      e2b_mcp_result_error(c, E2B_MCP__MSG_RESP_TOO_LARGE, (unsigned long)E2B_MCP_RESP_MAX);
      return -1;
    }
    if (err == E2B_MCP_ERR_TLS_TRUST) hint = E2B_MCP__MSG_HINT_UNTRUSTED;
    else if (err <= E2B_MCP_ERR_TLS && err >= E2B_MCP_ERR_TLS_NAME) hint = E2B_MCP__MSG_HINT_TLS;
    else if (err == E2B_MCP_ERR_DNS || err == E2B_MCP_ERR_CONNECT) hint = " " E2B_MCP_HINT_NET;
    else if (err == E2B_MCP_ERR_NO_TLS || err == E2B_MCP_ERR_URL) hint = " Nothing was sent.";
    else if (err == E2B_MCP_ERR_TIMEOUT) hint = E2B_MCP__MSG_HINT_TIMEOUT;
    else hint = E2B_MCP__MSG_HINT_UNSURE;
    e2b_mcp_result_error(c, "Could not complete the call to E2B at %s:%u: %s.%s", u->host, u->port, what, hint);
    return -1;
  }
  if (r->status >= 200 && r->status < 300) return 0;
  /* An API error: its own message and machine-readable error_code (e.g.
     sandbox_capacity_unavailable), then what to do. */
  msg[0] = 0;
  code[0] = 0;
  {
    int nt = e2b_mcp__parse(r->body, r->body_len, s->rtok, E2B_MCP__COUNT(s->rtok));
    int mi = nt > 0 ? e2b_mcp__tok_get(r->body, s->rtok, 0, "message") : -1;
    int ci = nt > 0 ? e2b_mcp__tok_get(r->body, s->rtok, 0, "error_code") : -1;
    if (mi < 0 || e2b_mcp__tok_str(r->body, &s->rtok[mi], msg, sizeof msg) < 0) msg[0] = 0;
    /* a code is a word; anything else is left out rather than passed on */
    if (ci < 0 || e2b_mcp__tok_str(r->body, &s->rtok[ci], code + 13, sizeof code - 14) <= 0 ||
        !e2b_mcp__charset(code + 13, 1, "_-.")) code[0] = 0;
    else { size_t n = strlen(code + 13); memcpy(code, " (error_code ", 13); memcpy(code + 13 + n, ")", 2); }
  }
  if (r->status == 429) {   /* Retry-After is honoured up to 10 minutes, so a wrong header cannot lock a tool for a day */
    long wait = r->retry_after > 0 ? (r->retry_after < 600 ? r->retry_after : 600) : 1;
    unsigned long now = e2b_mcp__now_ms(s);   /* 0: a custom port without a clock, no cool-down */
    *e2b_mcp__cooldown(s, c) = now ? now + (unsigned long)wait * 1000UL : 0;
    E2B_MCP__MET_INC(s, cooldowns);
    e2b_mcp_result_error(c, E2B_MCP__MSG_E2B_429,
                         code, msg[0] ? msg : "Too many requests", wait, c->tool->name, e2b_mcp__advice(429));
    return -1;
  }
  e2b_mcp_result_error(c, "E2B answered %d%s: %s. %s", r->status, code, msg[0] ? msg : "(no message)", e2b_mcp__advice(r->status));
  return -1;
}

/* Parses the answer's body into s->rtok; sets an error result on failure. */
static int e2b_mcp__parse_response(e2b_mcp_call *c, const e2b_mcp_response *r) {
  int n = e2b_mcp__parse(r->body, r->body_len, c->srv->rtok, E2B_MCP__COUNT(c->srv->rtok));
  size_t end = 0;
  if (n == JSMN_ERROR_NOMEM) {
    e2b_mcp_result_error(c, E2B_MCP__MSG_RESP_TOKENS, (int)E2B_MCP_RESP_TOKENS);
    return -1;
  }
  if (n == E2B_MCP__JSON_DEEP) {
    e2b_mcp_result_error(c, E2B_MCP__MSG_RESP_DEEP, (int)E2B_MCP__JSON_DEPTH);
    return -1;
  }
  if (n > 0) end = (size_t)c->srv->rtok[0].end + (c->srv->rtok[0].type == JSMN_STRING ? 1u : 0u);   /* past a string's quote */
  if (n <= 0 || !e2b_mcp__only_space(r->body + end, r->body_len - end)) {
    e2b_mcp_result_error(c, E2B_MCP__MSG_RESP_NOT_JSON, (unsigned long)r->body_len);
    return -1;
  }
  return 0;
}

/* ---- turning answers into results ---- */
/* Writes a JSON string token's body as a string, decoded and escaped again by
   this writer: what E2B escaped (\u0041, \/) comes out plainly, a surrogate
   pair as its UTF-8, a lone surrogate (\ud800, not text) as U+FFFD, control
   characters and invalid UTF-8 escaped. So every string that leaves is valid
   Unicode, and the API key has one spelling in the output (the redactor's). */
static void e2b_mcp__w_jstr(e2b_mcp_json *w, const char *s, size_t n) {
  size_t i = 0, from = 0;
  e2b_mcp__w_sep(w);
  e2b_mcp__w_c(w, '"');
  while (i < n) {
    char u[4];
    unsigned long cp;
    int h, lo;
    if (s[i] != '\\' || i + 1 >= n) { i++; continue; }
    e2b_mcp_json_escape(w, s + from, i - from);
    if (s[i + 1] == 'u' && i + 6 <= n && (h = e2b_mcp__hex4(s + i + 2)) >= 0) {
      cp = (unsigned long)h;
      i += 6;
      if (cp >= 0xD800 && cp <= 0xDBFF && i + 6 <= n && s[i] == '\\' && s[i + 1] == 'u' &&
          (lo = e2b_mcp__hex4(s + i + 2)) >= 0xDC00 && lo <= 0xDFFF) {
        cp = 0x10000 + ((cp - 0xD800) << 10) + ((unsigned long)lo - 0xDC00);
        i += 6;
      } else if (cp >= 0xD800 && cp <= 0xDFFF) cp = 0xFFFD;
    } else {
      switch (s[i + 1]) {
        case 'n': cp = '\n'; break; case 't': cp = '\t'; break; case 'r': cp = '\r'; break;
        case 'b': cp = '\b'; break; case 'f': cp = '\f'; break;
        default: cp = (unsigned char)s[i + 1]; break;   /* " \ / (the parser let no other through) */
      }
      i += 2;
    }
    from = i;
    if (cp < 0x80) { u[0] = (char)cp; e2b_mcp_json_escape(w, u, 1); continue; }
    if (cp < 0x800) { u[0] = (char)(0xC0 | (cp >> 6)); u[1] = (char)(0x80 | (cp & 0x3F)); h = 2; }
    else if (cp < 0x10000) { u[0] = (char)(0xE0 | (cp >> 12)); u[1] = (char)(0x80 | ((cp >> 6) & 0x3F)); u[2] = (char)(0x80 | (cp & 0x3F)); h = 3; }
    else {
      u[0] = (char)(0xF0 | (cp >> 18)); u[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
      u[2] = (char)(0x80 | ((cp >> 6) & 0x3F)); u[3] = (char)(0x80 | (cp & 0x3F)); h = 4;
    }
    e2b_mcp__w_put(w, u, (size_t)h);
  }
  e2b_mcp_json_escape(w, s + from, n - from);
  e2b_mcp__w_c(w, '"');
}
static void e2b_mcp__w_tokkey(e2b_mcp_json *w, const char *js, const jsmntok_t *t) {
  e2b_mcp__w_jstr(w, js + t->start, (size_t)(t->end - t->start));
  e2b_mcp__w_c(w, ':');
  w->after_key = 1;
}

/* Redaction: which keys never leave, and where values are replaced. */
enum { E2B_MCP__IN_RULES = 1, E2B_MCP__IN_VALUES = 2, E2B_MCP__IN_PROXY = 4, E2B_MCP__IN_SECRETS = 8 };
/* A key names name: compared decoded when it has an escape ("envd\u0041ccessToken"
   is the same key to a JSON reader), ignoring case, '_' and '-' (EnvdAccessToken,
   envd_access_token and ENVD-ACCESS-TOKEN are all the token to a reader). */
static int e2b_mcp__key_is(const char *js, const jsmntok_t *k, const char *name) {
  const char *p = js + k->start, *e = js + k->end;
  if (k->type != JSMN_STRING) return 0;
  while (p < e) {
    int a = (unsigned char)*p++, b;
    if (a == '\\') {   /* decoded on the way: only ASCII letters can match, anything else ends it */
      if (p >= e) return 0;
      if (*p == 'u') { if (e - p < 5 || (a = e2b_mcp__hex4(p + 1)) < 0) return 0; p += 5; }
      else a = *p++ == '/' ? '/' : 1;
    }
    if (a == '_' || a == '-') continue;
    while (*name == '_' || *name == '-') name++;
    b = (unsigned char)*name++;
    if (a >= 'A' && a <= 'Z') a += 'a' - 'A';
    if (b >= 'A' && b <= 'Z') b += 'a' - 'A';
    if (!b || a != b) return 0;
  }
  while (*name == '_' || *name == '-') name++;
  return *name == 0;
}
/* Members that never leave (their value would be the secret). */
static int e2b_mcp__secret_key(const char *js, const jsmntok_t *k) {
  static const char *const names[] = { "envdAccessToken", "trafficAccessToken", "accessToken", "password", "apiKey",
                                       "token", "secret", "awsSecretAccessKey", "serviceAccountJson" };
  int i;
  for (i = 0; i < E2B_MCP__COUNT(names); i++) if (e2b_mcp__key_is(js, k, names[i])) return 1;
  return 0;
}
/* Members whose names may be shown but none of whose values: environment
   variables (a key the user put into env_vars must not come back into a
   model's context), the MCP gateway's configuration. */
static int e2b_mcp__names_only_key(const char *js, const jsmntok_t *k) {
  return e2b_mcp__key_is(js, k, "envVars") || e2b_mcp__key_is(js, k, "envs") || e2b_mcp__key_is(js, k, "mcp");
}
static int e2b_mcp__copy(e2b_mcp_json *w, const char *js, const jsmntok_t *t, int i, int flags, int depth);
/* Copies one member (key at token i) of an object under flags, redacting as it
   goes, and returns the token after it. Secret members are left out. */
static int e2b_mcp__copy_member(e2b_mcp_json *w, const char *js, const jsmntok_t *t, int i, int flags, int depth) {
  const jsmntok_t *key = &t[i];
  int f = flags;
  if (e2b_mcp__secret_key(js, key)) return e2b_mcp__tok_skip(t, i + 1);
#if E2B_MCP_TOOL_LIST_SECRETS   /* a secret's record: E2B never sends its value, and were it to, it would not leave */
  if ((flags & E2B_MCP__IN_SECRETS) && depth <= 1 && (e2b_mcp__key_is(js, key, "value") || e2b_mcp__key_is(js, key, "values")))
    return e2b_mcp__tok_skip(t, i + 1);
#endif
  if (e2b_mcp__key_is(js, key, "rules")) f |= E2B_MCP__IN_RULES;
  if (((flags & E2B_MCP__IN_RULES) && e2b_mcp__key_is(js, key, "headers")) || e2b_mcp__names_only_key(js, key)) f |= E2B_MCP__IN_VALUES;
  if (e2b_mcp__key_is(js, key, "egressProxy")) f |= E2B_MCP__IN_PROXY;
  e2b_mcp__w_tokkey(w, js, key);
  if ((flags & E2B_MCP__IN_PROXY) && e2b_mcp__key_is(js, key, "username") && t[i + 1].type == JSMN_STRING) {
    e2b_mcp_json_str(w, "[redacted]");
    return i + 2;
  }
  return e2b_mcp__copy(w, js, t, i + 1, f, depth + 1);
}
/* Copies the value at token i (redacted) and returns the next token index. */
static int e2b_mcp__copy(e2b_mcp_json *w, const char *js, const jsmntok_t *t, int i, int flags, int depth) {
  int k, n = t[i].size;
  if (depth > 24) { w->err = E2B_MCP_ERR_TOO_LARGE; return e2b_mcp__tok_skip(t, i); }
  switch (t[i].type) {
    case JSMN_OBJECT:
      e2b_mcp_json_obj(w);
      for (i++, k = 0; k < n; k++) i = e2b_mcp__copy_member(w, js, t, i, flags, depth);
      e2b_mcp_json_obj_end(w);
      return i;
    case JSMN_ARRAY:
      e2b_mcp_json_arr(w);
      for (i++, k = 0; k < n; k++) i = e2b_mcp__copy(w, js, t, i, flags, depth + 1);
      e2b_mcp_json_arr_end(w);
      return i;
    case JSMN_STRING:
      if (flags & E2B_MCP__IN_VALUES) e2b_mcp_json_str(w, "[redacted]");
      else e2b_mcp__w_jstr(w, js + t[i].start, (size_t)(t[i].end - t[i].start));
      return i + 1;
    default:   /* null is no value to hide */
      if ((flags & E2B_MCP__IN_VALUES) && js[t[i].start] != 'n') e2b_mcp_json_str(w, "[redacted]");
      else e2b_mcp_json_raw(w, js + t[i].start, (size_t)(t[i].end - t[i].start));
      return i + 1;
  }
}
/* Copies the members of the object at obj (redacted), but skip, into the open object in w. */
E2B_MCP__UNUSED static void e2b_mcp__copy_members(e2b_mcp_json *w, const char *js, const jsmntok_t *t, int obj, const char *skip) {
  int i, k;
  if (obj < 0 || t[obj].type != JSMN_OBJECT) return;
  for (i = obj + 1, k = 0; k < t[obj].size; k++)
    i = skip && e2b_mcp__tok_eq(js, &t[i], skip) ? e2b_mcp__tok_skip(t, i + 1) : e2b_mcp__copy_member(w, js, t, i, 0, 0);
}
/* ---- the result budget: an answer a client can take ----
   A list is written item by item (a sandbox, a log entry, a template, a
   sample); the item that would take the result past cfg.result_budget, less
   the room its trailer needs (the continuation, the note, the counts), is left
   out with every one after it. So a result is never cut inside an item, nor
   inside a UTF-8 sequence (which lives inside one), and the JSON stays whole
   and valid against the tool's output schema (the note is one more member).
   At least one item is written, so following the continuation always moves
   on. The result is sent as structuredContent and as the same text, so its
   length in bytes bounds the text's characters. */
#define E2B_MCP__TRAILER_ROOM (E2B_MCP_NEXT_MAX + 480)
/* Writes items [skip, size) of the array at arr into w as a JSON array, as
   many as fit; returns how many, and in *left the token of the first one left
   out (-1: none was). */
E2B_MCP__UNUSED static int e2b_mcp__copy_page(e2b_mcp_call *c, e2b_mcp_json *w, const char *js, const jsmntok_t *t, int arr, int skip, int *left, int flags) {
  long room = c->srv->cfg.result_budget - (long)E2B_MCP__TRAILER_ROOM;
  int i, k, n = 0;
  *left = -1;
  e2b_mcp_json_arr(w);
  for (i = arr + 1, k = 0; k < t[arr].size; k++, i = e2b_mcp__tok_skip(t, i)) {
    e2b_mcp_json before = *w;
    if (k < skip) continue;
    e2b_mcp__copy(w, js, t, i, flags, 1);
    if (n > 0 && ((long)w->len > room || w->err)) { *w = before; *left = i; break; }
    n++;
  }
  e2b_mcp_json_arr_end(w);
  return n;
}
/* The note a cut result carries, in words a model can act on: how many items
   it holds of how many E2B sent, and how to read on. */
E2B_MCP__UNUSED static void e2b_mcp__cut_note(e2b_mcp_call *c, e2b_mcp_json *w, int shown, int of, const char *items, const char *how) {
  char note[400];
  e2b_mcp__fmt(note, sizeof note, E2B_MCP__MSG_CUT, shown, of, items, c->srv->cfg.result_budget, how);
  e2b_mcp_json_key(w, "note");
  e2b_mcp_json_str(w, note);
}
/* The nextToken value the request at rq sent ("" when none), decoded. */
E2B_MCP__UNUSED static void e2b_mcp__sent_token(const e2b_mcp__req *rq, char *out, size_t cap) {
  const char *p = rq->w.buf, *end = rq->w.buf + rq->w.len;
  size_t n = 0;
  while (p < end && *p != ' ') p++;   /* past the method; the target ends at the next space (the head, key and all, follows) */
  for (p++; p < end && *p != ' '; p++)
    if ((p[-1] == '?' || p[-1] == '&') && end - p > 10 && memcmp(p, "nextToken=", 10) == 0) break;
  if (p >= end || *p == ' ') p = end;   /* none was sent */
  else p += 10;
  for (; p < end && *p != ' ' && *p != '&' && n + 1 < cap; p++) {
    int h = -1;
    if (*p == '%' && end - p > 2) {
      char x[5];
      x[0] = '0'; x[1] = '0'; x[2] = p[1]; x[3] = p[2]; x[4] = 0;
      h = e2b_mcp__hex4(x);
    }
    if (h >= 0) { out[n++] = (char)h; p += 2; }
    else out[n++] = *p;
  }
  out[n < cap ? n : 0] = 0;
}
/* A paged list's continuation within one of E2B's pages, as its next_token:
   "~skip~limit~token" asks for E2B's page (token: the one that page was asked
   with, "" for the first) again with the same limit and leaves out the skip
   items already given (e2b_mcp__paging reads it back). E2B's tokens are
   base64url, without '~'. */
#define E2B_MCP__SKIP_MARK '~'
/* A paged list's members, into the open object w: "data" (the array at arr),
   "next_token", "total_running", and the note when the page was cut. */
E2B_MCP__UNUSED static void e2b_mcp__list_parts(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r, int arr, e2b_mcp_json *w, int flags) {
  const jsmntok_t *t = c->srv->rtok;
  int shown = 0, left = -1, skip = (int)rq->num;
  e2b_mcp_json_key(w, "data");
  if (arr >= 0 && t[arr].type == JSMN_ARRAY) shown = e2b_mcp__copy_page(c, w, r->body, t, arr, skip, &left, flags);
  else { e2b_mcp_json_arr(w); e2b_mcp_json_arr_end(w); }
  if (left >= 0) {
    char head[32], sent[E2B_MCP_NEXT_MAX];
    size_t hn = e2b_mcp__fmt(head, sizeof head, "%c%d%c%d%c", E2B_MCP__SKIP_MARK, skip + shown, E2B_MCP__SKIP_MARK, rq->flag,
                             E2B_MCP__SKIP_MARK);
    e2b_mcp__sent_token(rq, sent, sizeof sent);
    if (hn + strlen(sent) < E2B_MCP_NEXT_MAX - 1) {
      e2b_mcp_json_key(w, "next_token");
      e2b_mcp__w_sep(w);
      e2b_mcp__w_c(w, '"');
      e2b_mcp_json_escape(w, head, hn);
      e2b_mcp_json_escape(w, sent, strlen(sent));
      e2b_mcp__w_c(w, '"');
    } else left = -1;   /* no token this server could read back: the page goes whole */
  }
  if (left < 0 && r->next_token[0]) { e2b_mcp_json_key(w, "next_token"); e2b_mcp_json_str(w, r->next_token); }
  if (r->total_running >= 0) { e2b_mcp_json_key(w, "total_running"); e2b_mcp_json_int(w, r->total_running); }
  if (left >= 0)
    e2b_mcp__cut_note(c, w, shown, t[arr].size - skip, "items",
                      E2B_MCP__MSG_READ_ON_TOKEN);
}
/* A list result, {"data": <array at arr>, "next_token": …, "total_running": …}. */
E2B_MCP__UNUSED static void e2b_mcp__list_result(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r, int arr) {
  e2b_mcp_json *w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp__list_parts(c, rq, r, arr, w, 0);
  e2b_mcp_json_obj_end(w);
}

/* A JSON number in hundredths (12.345 -> 1234), without floating point. 0 on success. */
#if E2B_MCP_TOOL_GET_SANDBOX_METRICS || E2B_MCP_TOOL_GET_SANDBOXES_METRICS
static int e2b_mcp__parse_centi(const char *s, size_t n, long long *v) {
  size_t i = 0;
  long long x = 0;
  int neg = 0, frac = -1;
  if (i < n && s[i] == '-') { neg = 1; i++; }
  if (i == n) return -1;
  for (; i < n; i++) {
    if (s[i] == '.' && frac < 0) { frac = 0; continue; }
    if (s[i] < '0' || s[i] > '9' || x > 1000000000000LL) return -1;   /* exponents and the absurd are skipped */
    if (frac < 0) x = x * 10 + (s[i] - '0');
    else if (frac < 2) { x = x * 10 + (s[i] - '0'); frac++; }
  }
  if (frac < 0) frac = 0;
  while (frac++ < 2) x *= 10;
  *v = neg ? -x : x;
  return 0;
}
static void e2b_mcp__json_centi(e2b_mcp_json *w, long long v) {
  char b[40];
  unsigned long long a = v < 0 ? (unsigned long long)(-(v + 1)) + 1u : (unsigned long long)v;
  unsigned long d2 = e2b_mcp__divmod(&a, 10u), d1 = e2b_mcp__divmod(&a, 10u);
  e2b_mcp__fmt(b, sizeof b, "%s%llu.%lu%lu", v < 0 ? "-" : "", a, d1, d2);
  e2b_mcp_json_raw(w, b, strlen(b));
}
#endif

/* The metrics series, summed up so a model need not add up hundreds of samples:
   peak and average CPU (percent of the sandbox's vCPUs), peak memory and disk. */
#if E2B_MCP_TOOL_GET_SANDBOX_METRICS
static void e2b_mcp__metrics_summary(e2b_mcp_json *w, const char *js, const jsmntok_t *t, int arr) {
  static const char *const peaks[] = { "memUsed", "memTotal", "diskUsed", "diskTotal", "cpuCount" };
  long long cpu_max = 0, cpu_sum = 0, peak[5] = { 0, 0, 0, 0, 0 }, v, first = 0, last = 0;
  int i, k, f, n = 0;
  if (arr < 0 || t[arr].type != JSMN_ARRAY) return;
  for (i = arr + 1, k = 0; k < t[arr].size; k++, i = e2b_mcp__tok_skip(t, i)) {
    int cpu = e2b_mcp__tok_get(js, t, i, "cpuUsedPct"), ts = e2b_mcp__tok_get(js, t, i, "timestampUnix");
    if (cpu < 0 || t[cpu].type != JSMN_PRIMITIVE ||
        e2b_mcp__parse_centi(js + t[cpu].start, (size_t)(t[cpu].end - t[cpu].start), &v) != 0) continue;
    n++;
    cpu_sum += v;
    if (v > cpu_max) cpu_max = v;
    for (f = 0; f < 5; f++) {
      int m = e2b_mcp__tok_get(js, t, i, peaks[f]);
      long long x;
      if (m >= 0 && e2b_mcp__tok_int(js, &t[m], &x) == 0 && x > peak[f]) peak[f] = x;
    }
    if (ts >= 0 && e2b_mcp__tok_int(js, &t[ts], &v) == 0) { if (!first || v < first) first = v; if (v > last) last = v; }
  }
  if (!n) return;
  e2b_mcp_json_key(w, "summary");
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "samples"); e2b_mcp_json_int(w, n);
  if (first) { e2b_mcp_json_key(w, "from"); e2b_mcp_json_int(w, first); e2b_mcp_json_key(w, "to"); e2b_mcp_json_int(w, last); }
  e2b_mcp_json_key(w, "cpuUsedPctMax"); e2b_mcp__json_centi(w, cpu_max);
  {   /* cpu_sum / n, truncated toward zero, without a 64-bit division */
    unsigned long long a = cpu_sum < 0 ? 0u - (unsigned long long)cpu_sum : (unsigned long long)cpu_sum;
    e2b_mcp__divmod(&a, (unsigned long)n);
    e2b_mcp_json_key(w, "cpuUsedPctAvg"); e2b_mcp__json_centi(w, cpu_sum < 0 ? -(long long)a : (long long)a);
  }
  for (f = 0; f < 5; f++) {
    static const char *const names[] = { "memUsedMax", "memTotal", "diskUsedMax", "diskTotal", "cpuCount" };
    e2b_mcp_json_key(w, names[f]); e2b_mcp_json_int(w, peak[f]);
  }
  e2b_mcp_json_obj_end(w);
}
#endif

/* RFC 3339 time -> Unix milliseconds (for log cursors). 0 on success. */
#if E2B_MCP_TOOL_GET_SANDBOX_LOGS
static int e2b_mcp__rfc3339_ms(const char *s, size_t n, long long *ms, int round_up) {
  long long y, mo, d, h, mi, sec, frac = 0, off = 0, days;
  size_t i = 19;
  int digits = 0, finer = 0;   /* finer: a nonzero digit below the millisecond */
  if (n < 20 || s[4] != '-' || s[7] != '-' || (s[10] != 'T' && s[10] != 't' && s[10] != ' ') || s[13] != ':' || s[16] != ':') return -1;
  if (e2b_mcp__parse_ll(s, 4, &y) || e2b_mcp__parse_ll(s + 5, 2, &mo) || e2b_mcp__parse_ll(s + 8, 2, &d) ||
      e2b_mcp__parse_ll(s + 11, 2, &h) || e2b_mcp__parse_ll(s + 14, 2, &mi) || e2b_mcp__parse_ll(s + 17, 2, &sec)) return -1;
  if (s[i] == '.') {
    for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++)
      if (digits < 3) { frac = frac * 10 + (s[i] - '0'); digits++; }
      else finer |= s[i] != '0';
    while (digits < 3) { frac *= 10; digits++; }
  }
  if (i < n && (s[i] == '+' || s[i] == '-') && i + 6 <= n) {
    long long oh, om;
    if (e2b_mcp__parse_ll(s + i + 1, 2, &oh) || e2b_mcp__parse_ll(s + i + 4, 2, &om)) return -1;
    off = (oh * 60 + om) * 60 * (s[i] == '-' ? -1 : 1);
  } else if (i >= n || (s[i] != 'Z' && s[i] != 'z')) return -1;
  /* days from civil (proleptic Gregorian), 1970-01-01 = 0 */
  y -= mo <= 2;
  {
    /* four digits of year: long is wide enough, and no 64-bit division is linked */
    long yl = (long)y, ml = (long)mo, era = (yl >= 0 ? yl : yl - 399) / 400, yoe = yl - era * 400;
    long doy = (153 * (ml + (ml > 2 ? -3 : 9)) + 2) / 5 + (long)d - 1;
    long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    days = (long long)era * 146097 + doe - 719468;
  }
  *ms = ((days * 86400 + h * 3600 + mi * 60 + sec) - off) * 1000 + frac + (round_up && finer);
  return 0;
}
#endif

/* The request helpers the build phases share. A request on the API or the
   Dashboard API: "METHOD prefix/path". */
static void e2b_mcp__req_on(e2b_mcp__req *rq, const char *method, const e2b_mcp_url *base) {
  e2b_mcp__req_begin(rq, method, base);
}
/* A request on one sandbox: METHOD /sandboxes/{id}[action]. */
E2B_MCP__UNUSED static void e2b_mcp__req_sandbox(e2b_mcp_call *c, e2b_mcp__req *rq, const char *method, const char *id, const char *action) {
  e2b_mcp__req_on(rq, method, &c->srv->api);
  e2b_mcp__req_lit(rq, "/sandboxes/");
  e2b_mcp__req_seg(rq, id);
  if (action) e2b_mcp__req_lit(rq, action);
}
/* Starts the request's JSON body (an open object; the build phase closes it)
   in the slot's answer buffer, which is free until the answer. */
static e2b_mcp_json *e2b_mcp__req_body(e2b_mcp__req *rq) {
  e2b_mcp_json_init(&rq->body, rq->body_buf, rq->body_cap);
  e2b_mcp_json_obj(&rq->body);
  return &rq->body;
}

/* The consent question: at the end of the slot's answer buffer, past the
   request body's room, where it waits for the user's answer untouched. */
#if E2B_MCP_WITH_CONSENT
static void e2b_mcp__ask(e2b_mcp__req *rq, const char *fmt, ...) {
  va_list ap;
  char *q = rq->body_buf + rq->body_cap;
  va_start(ap, fmt);
  e2b_mcp__vfmt(q, E2B_MCP__ASK_MAX, fmt, ap);
  va_end(ap);
  rq->ask = q;
}
#else   /* E2B_MCP_WITH_CONSENT 0: no question, so none is written (nor its text built in) */
#  define e2b_mcp__ask(...) ((void)0)
#endif

/* ---- the same, public: a custom tool's two phases ---- */
E2B_MCP_DEF int e2b_mcp_request_start(e2b_mcp_call *c, e2b_mcp_request *rq, const char *method, const char *path) {
  const char *p;
  if (!method || !*method || strlen(method) > 7 || !path || path[0] != '/') return -1;
  for (p = method; *p; p++) if (*p < 'A' || *p > 'Z') return -1;
  for (p = path; *p; p++) if ((unsigned char)*p <= ' ' || *p == 0x7f || *p == '?' || *p == '#') return -1;
  e2b_mcp__req_on(rq, method, &c->srv->api);
  e2b_mcp__req_lit(rq, path);
  return 0;
}
/* A segment is a value, never a step up or aside: "", "." and ".." are
   refused, as is a segment after the query began; -1 leaves the request as it was. */
E2B_MCP_DEF int e2b_mcp_request_segment(e2b_mcp_request *rq, const char *value) {
  if (!value || !*value || e2b_mcp__streq(value, ".") || e2b_mcp__streq(value, "..") || rq->has_query || !rq->w.len) return -1;
  e2b_mcp__w_c(&rq->w, '/');
  e2b_mcp__req_seg(rq, value);
  return 0;
}
E2B_MCP_DEF int e2b_mcp_request_query(e2b_mcp_request *rq, const char *key, const char *value) {
  if (!key || !*key || !value || !rq->w.len) return -1;
  e2b_mcp__w_c(&rq->w, rq->has_query ? '&' : '?');
  rq->has_query = 1;
  e2b_mcp__pct(&rq->w, key, strlen(key));
  e2b_mcp__w_c(&rq->w, '=');
  e2b_mcp__pct(&rq->w, value, strlen(value));
  return 0;
}
E2B_MCP_DEF e2b_mcp_json *e2b_mcp_request_body(e2b_mcp_request *rq) { return e2b_mcp__req_body(rq); }
E2B_MCP_DEF void e2b_mcp_request_ask(e2b_mcp_request *rq, const char *question) { e2b_mcp__ask(rq, "%s", question); (void)rq; (void)question; }
E2B_MCP_DEF const jsmntok_t *e2b_mcp_response_json(e2b_mcp_call *c, const e2b_mcp_response *r) {
  return e2b_mcp__parse_response(c, r) == 0 ? c->srv->rtok : NULL;
}

/* Limit and next_token, shared by the paged lists. A next_token of this server's own (a page cut by the result budget, see
   e2b_mcp__list_parts) asks for the same E2B page with the same limit,
   leaving out what was given (rq->num items); rq->flag is the page's limit. */
E2B_MCP__UNUSED static int e2b_mcp__paging(e2b_mcp_call *c, e2b_mcp__req *rq, long long lo_limit, long long def_limit) {
  long long limit, skip = 0;
  char next[E2B_MCP_NEXT_MAX], *tok = next;
  int r = e2b_mcp__want_int(c, "limit", &limit, def_limit, lo_limit, 100);
  if (r < 0 || e2b_mcp__want_str(c, "next_token", next, sizeof next, 0) < 0) return -1;
  if (r == 0 && def_limit > 0) { limit = def_limit; r = 1; }   /* a page that fits (E2B_MCP_PAGE_LIMIT) */
  if (next[0] == E2B_MCP__SKIP_MARK) {
    char *a = next + 1, *b = e2b_mcp__strchr(a, E2B_MCP__SKIP_MARK), *e = b ? e2b_mcp__strchr(b + 1, E2B_MCP__SKIP_MARK) : NULL;
    if (!e || e2b_mcp__parse_ll(a, (size_t)(b - a), &skip) || e2b_mcp__parse_ll(b + 1, (size_t)(e - b - 1), &limit) ||
        skip < 1 || skip > 100 || limit < 0 || limit > 100)
      return e2b_mcp__bad(c, "next_token", E2B_MCP__MSG_BAD_NEXT_TOKEN);
    tok = e + 1;
    r = limit > 0;   /* 0: the page was asked without a limit (E2B's default) */
  }
  if (r > 0) e2b_mcp__req_qint(rq, "limit", limit);
  if (tok[0]) e2b_mcp__req_q(rq, "nextToken", tok);
  rq->num = skip;
  rq->flag = r > 0 ? (int)limit : 0;
  return 0;
}

/* The parsed answer's tokens (s->rtok over r->body), or NULL with the error
   result set: also when the answer is not the kind of value the API documents
   for the call (want: JSMN_OBJECT or JSMN_ARRAY). An answer this server cannot
   read is an error that says so, never an empty result: "{}" read as an empty
   list would tell a model that nothing runs while sandboxes bill. */
E2B_MCP__UNUSED static const jsmntok_t *e2b_mcp__response_json(e2b_mcp_call *c, const e2b_mcp_response *r, int want) {
  const jsmntok_t *t;
  if (e2b_mcp__parse_response(c, r)) return NULL;
  t = c->srv->rtok;
  if (t[0].type != (jsmntype_t)want) {
    e2b_mcp_result_error(c, E2B_MCP__MSG_RESP_KIND,
                         want == JSMN_ARRAY ? "array" : "object");
    return NULL;
  }
  return t;
}
/* The array member key of the answer's top object, or -1 with the error result set. */
E2B_MCP__UNUSED static int e2b_mcp__response_list(e2b_mcp_call *c, const e2b_mcp_response *r, const jsmntok_t *t, const char *key) {
  int i = e2b_mcp__tok_get(r->body, t, 0, key);
  if (i < 0 || t[i].type != JSMN_ARRAY) {
    e2b_mcp_result_error(c, E2B_MCP__MSG_RESP_NO_LIST, key);
    return -1;
  }
  return i;
}

/* A 204 answer's result: {"sandboxID": id, <key>: <value>}. */
E2B_MCP__UNUSED static void e2b_mcp__done(e2b_mcp_call *c, const char *id, const char *key, const char *str, long long num) {
  e2b_mcp_json *w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "sandboxID"); e2b_mcp_json_str(w, id);
  e2b_mcp_json_key(w, key);
  if (str) e2b_mcp_json_str(w, str); else e2b_mcp_json_int(w, num);
  e2b_mcp_json_obj_end(w);
}

/* ---- the two phases of each tool, in the table's order ---- */

#if E2B_MCP_TOOL_LIST_SANDBOXES
static int e2b_mcp__build_list_sandboxes(e2b_mcp_call *c, e2b_mcp__req *rq) {
  static const char *const orders[] = { "desc", "asc" };
  e2b_mcp_json q;
  char tmpl[E2B_MCP_ARG_MAX / 2], after[64], meta[E2B_MCP_ARG_MAX * 3], order[8];
  int st = e2b_mcp_arg_token(c, "state"), i, k, mr;
  int want_running = 0, want_paused = 0;
  if (st >= 0) {
    if (c->tok[st].type != JSMN_ARRAY) return e2b_mcp__bad(c, "state", "expected an array of \"running\" and/or \"paused\"");
    for (i = st + 1, k = 0; k < c->tok[st].size; k++, i = e2b_mcp__tok_skip(c->tok, i)) {
      if (e2b_mcp__tok_eq(c->js, &c->tok[i], "running")) want_running = 1;
      else if (e2b_mcp__tok_eq(c->js, &c->tok[i], "paused")) want_paused = 1;
      else return e2b_mcp__bad(c, "state", "expected an array of \"running\" and/or \"paused\"");
    }
  }
  if (e2b_mcp__want_str(c, "template", tmpl, sizeof tmpl, 0) < 0 || e2b_mcp__want_time(c, "started_after", after, sizeof after) < 0 ||
      e2b_mcp__want_enum(c, "order", order, sizeof order, orders, 2) < 0) return -1;
  e2b_mcp_json_init(&q, meta, sizeof meta);
  if ((mr = e2b_mcp__want_metadata_query(c, &q)) < 0) return -1;
  e2b_mcp__req_on(rq, "GET", &c->srv->api);
  e2b_mcp__req_lit(rq, "/v2/sandboxes");
  if (want_running || want_paused) {   /* form style, explode=false, as E2B's SDKs send it: the comma stays literal */
    e2b_mcp__req_qkey(rq, "state");
    e2b_mcp__req_lit(rq, want_running && want_paused ? "running,paused" : want_running ? "running" : "paused");
  }
  if (tmpl[0]) e2b_mcp__req_q(rq, "template", tmpl);
  if (mr > 0) { e2b_mcp__req_qkey(rq, "metadata"); e2b_mcp__pct(&rq->w, meta, q.len); }
  if (after[0]) e2b_mcp__req_q(rq, "startedAfter", after);
  if (order[0]) e2b_mcp__req_q(rq, "order", order);
  return e2b_mcp__paging(c, rq, 1, E2B_MCP_PAGE_LIMIT);
}
static void e2b_mcp__shape_list_sandboxes(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  if (e2b_mcp__response_json(c, r, JSMN_ARRAY)) e2b_mcp__list_result(c, rq, r, 0);
}
#endif

#if E2B_MCP_TOOL_GET_SANDBOX
static int e2b_mcp__build_get_sandbox(e2b_mcp_call *c, e2b_mcp__req *rq) {
  if (e2b_mcp__want_id(c, "sandbox_id", rq->id, sizeof rq->id, 1) < 0) return -1;
  e2b_mcp__req_sandbox(c, rq, "GET", rq->id, NULL);
  return 0;
}
static void e2b_mcp__shape_get_sandbox(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  const jsmntok_t *t = e2b_mcp__response_json(c, r, JSMN_OBJECT);   /* structuredContent must be an object (found by fuzzing) */
  (void)rq;
  if (!t) return;
  e2b_mcp__copy(e2b_mcp_result_json(c), r->body, t, 0, 0, 0);
}
#endif

/* POST /v2/sandboxes (NewSandboxV2), the body as E2B's SDK writes it: every
   v2 sandbox is secured, and what was not asked for is left to E2B's defaults. */
#if E2B_MCP_TOOL_CREATE_SANDBOX
static int e2b_mcp__build_create_sandbox(e2b_mcp_call *c, e2b_mcp__req *rq) {
  static const char dest[] = E2B_MCP__MSG_BAD_DEST;
  e2b_mcp_json *b;
  char tmpl[128];
  long long timeout;
  int auto_pause, apm, resume, net, has_ap, has_apm, has_resume, has_net, has_egress;
  if (e2b_mcp__want_template_ref(c, "template_id", tmpl, sizeof tmpl) < 0 ||
      e2b_mcp__want_int(c, "timeout", &timeout, 300, 1, E2B_MCP_MAX_TIMEOUT_S) < 0 ||
      (has_ap = e2b_mcp__want_bool(c, "auto_pause", &auto_pause, 0)) < 0 ||
      (has_apm = e2b_mcp__want_bool(c, "auto_pause_memory", &apm, 1)) < 0 ||
      (has_resume = e2b_mcp__want_bool(c, "auto_resume", &resume, 0)) < 0 ||
      (has_net = e2b_mcp__want_bool(c, "allow_internet_access", &net, 1)) < 0) return -1;
  /* the SDK's own rules, so the user is not asked to pay for a call E2B refuses */
  if (has_apm > 0 && !auto_pause) return e2b_mcp__bad(c, "auto_pause_memory", "it applies only with auto_pause: true");
  if (resume && !auto_pause) return e2b_mcp__bad(c, "auto_resume", "it applies only with auto_pause: true");
  if (resume && !apm) return e2b_mcp__bad(c, "auto_resume", E2B_MCP__MSG_NO_RESUME);
  if (!tmpl[0]) memcpy(tmpl, "base", 5);
  b = e2b_mcp__req_body(rq);
  e2b_mcp_json_key(b, "templateID"); e2b_mcp_json_str(b, tmpl);
  e2b_mcp_json_key(b, "timeout"); e2b_mcp_json_int(b, timeout);
  if (has_ap > 0) { e2b_mcp_json_key(b, "autoPause"); e2b_mcp_json_bool(b, auto_pause); }
  if (has_apm > 0) { e2b_mcp_json_key(b, "autoPauseMemory"); e2b_mcp_json_bool(b, apm); }
  if (has_resume > 0) {
    e2b_mcp_json_key(b, "autoResume"); e2b_mcp_json_obj(b);
    e2b_mcp_json_key(b, "enabled"); e2b_mcp_json_bool(b, resume); e2b_mcp_json_obj_end(b);
  }
  if (has_net > 0) { e2b_mcp_json_key(b, "allow_internet_access"); e2b_mcp_json_bool(b, net); }
  if (e2b_mcp__want_str_map(c, "metadata", b, "metadata") < 0 || e2b_mcp__want_str_map(c, "env_vars", b, "envVars") < 0) return -1;
  has_egress = e2b_mcp_arg_token(c, "allow_out") >= 0 || e2b_mcp_arg_token(c, "deny_out") >= 0 ||
               e2b_mcp_arg_token(c, "https_ports") >= 0;
  if (has_egress) {
    e2b_mcp_json_key(b, "network");
    e2b_mcp_json_obj(b);
    if (e2b_mcp__want_str_list(c, "allow_out", b, "allowOut", dest) < 0 || e2b_mcp__want_str_list(c, "deny_out", b, "denyOut", dest) < 0 ||
        e2b_mcp__want_port_list(c, "https_ports", b, "httpsPorts") < 0) return -1;
    e2b_mcp_json_obj_end(b);
  }
  if (e2b_mcp__want_mounts(c, b) < 0) return -1;
  e2b_mcp_json_obj_end(b);
  e2b_mcp__req_on(rq, "POST", &c->srv->api);
  e2b_mcp__req_lit(rq, "/v2/sandboxes");
  rq->num = timeout;
  e2b_mcp__ask(rq, E2B_MCP__MSG_ASK_CREATE, tmpl, timeout, auto_pause ? " (then paused)" : "");
  return 0;
}
static void e2b_mcp__shape_create_sandbox(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  const jsmntok_t *t = e2b_mcp__response_json(c, r, JSMN_OBJECT);
  e2b_mcp_json *w;
  if (!t) return;
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp__copy_members(w, r->body, t, 0, NULL);
  e2b_mcp_json_key(w, "timeout"); e2b_mcp_json_int(w, rq->num);
  e2b_mcp_json_obj_end(w);
}
#endif

#if E2B_MCP_TOOL_GET_SANDBOX_LOGS
static int e2b_mcp__build_get_sandbox_logs(e2b_mcp_call *c, e2b_mcp__req *rq) {
  static const char *const dirs[] = { "forward", "backward" };
  static const char *const levels[] = { "debug", "info", "warn", "error" };
  char dir[16], level[16], search[E2B_MCP_ARG_MAX + 1];
  long long limit, cursor;
  int has_cursor;
  if (e2b_mcp__want_id(c, "sandbox_id", rq->id, sizeof rq->id, 1) < 0 ||
      e2b_mcp__want_int(c, "limit", &limit, E2B_MCP_LOG_LIMIT, 1, 1000) < 0 ||
      (has_cursor = e2b_mcp__want_int(c, "cursor", &cursor, 0, 0, 4102444800000LL)) < 0 ||
      e2b_mcp__want_enum(c, "direction", dir, sizeof dir, dirs, 2) < 0 ||
      e2b_mcp__want_enum(c, "level", level, sizeof level, levels, 4) < 0 ||
      e2b_mcp__want_str(c, "search", search, sizeof search, 0) < 0) return -1;
  if (strlen(search) > 256) return e2b_mcp__bad(c, "search", "at most 256 characters");
  e2b_mcp__req_on(rq, "GET", &c->srv->api);
  e2b_mcp__req_lit(rq, "/v2/sandboxes/"); e2b_mcp__req_seg(rq, rq->id); e2b_mcp__req_lit(rq, "/logs");
  e2b_mcp__req_qint(rq, "limit", limit);
  if (has_cursor > 0) e2b_mcp__req_qint(rq, "cursor", cursor);
  if (dir[0]) e2b_mcp__req_q(rq, "direction", dir);
  if (level[0]) e2b_mcp__req_q(rq, "level", level);
  if (search[0]) e2b_mcp__req_q(rq, "search", search);
  rq->num = limit;
  rq->flag = e2b_mcp__streq(dir, "forward");
  return 0;
}
static void e2b_mcp__shape_get_sandbox_logs(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  const jsmntok_t *t = e2b_mcp__response_json(c, r, JSMN_OBJECT);
  e2b_mcp_json *w;
  long long ms;
  int logs, n, shown, left;
  if (!t || (logs = e2b_mcp__response_list(c, r, t, "logs")) < 0) return;
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "data");
  shown = e2b_mcp__copy_page(c, w, r->body, t, logs, 0, &left, 0);
  n = t[logs].size;
  if (left >= 0 || (n > 0 && n >= rq->num)) {   /* cut, or a full page: where the next one starts */
    int i = left, k, ts;
    /* cut: at the first entry left out, so none is given twice unless entries
       share its millisecond; a full page: at the last entry. E2B's window
       includes the cursor's millisecond; log times go below it, so going
       backward the next page starts at the millisecond after (an entry may
       repeat, none is skipped) */
    if (i < 0) for (i = logs + 1, k = 0; k < n - 1; k++) i = e2b_mcp__tok_skip(t, i);
    ts = e2b_mcp__tok_get(r->body, t, i, "timestamp");
    if (ts >= 0 && t[ts].type == JSMN_STRING &&
        e2b_mcp__rfc3339_ms(r->body + t[ts].start, (size_t)(t[ts].end - t[ts].start), &ms, !rq->flag) == 0) {
      e2b_mcp_json_key(w, "next_cursor"); e2b_mcp_json_int(w, ms);
    } else left = -1;
  }
  if (left >= 0)
    e2b_mcp__cut_note(c, w, shown, n, "log entries", E2B_MCP__MSG_READ_ON_CURSOR);
  e2b_mcp_json_obj_end(w);
}
#endif

#if E2B_MCP_TOOL_GET_SANDBOX_METRICS
static int e2b_mcp__build_get_sandbox_metrics(e2b_mcp_call *c, e2b_mcp__req *rq) {
  long long start, end;
  int hs, he;
  if (e2b_mcp__want_id(c, "sandbox_id", rq->id, sizeof rq->id, 1) < 0 ||
      (hs = e2b_mcp__want_int(c, "start", &start, 0, 0, 4102444800LL)) < 0 ||
      (he = e2b_mcp__want_int(c, "end", &end, 0, 0, 4102444800LL)) < 0) return -1;
  if (hs > 0 && he > 0 && start > end) return e2b_mcp__bad(c, "start", "start must not be after end");
  e2b_mcp__req_sandbox(c, rq, "GET", rq->id, "/metrics");
  if (hs > 0) e2b_mcp__req_qint(rq, "start", start);
  if (he > 0) e2b_mcp__req_qint(rq, "end", end);
  return 0;
}
static void e2b_mcp__shape_get_sandbox_metrics(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  const jsmntok_t *t = e2b_mcp__response_json(c, r, JSMN_ARRAY);
  e2b_mcp_json *w;
  int shown, left, ts;
  long long next;
  (void)rq;
  if (!t) return;
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "data");
  shown = e2b_mcp__copy_page(c, w, r->body, t, 0, 0, &left, 0);
  /* cut: the next range starts at the first sample left out */
  ts = left >= 0 ? e2b_mcp__tok_get(r->body, t, left, "timestampUnix") : -1;
  if (ts >= 0 && e2b_mcp__tok_int(r->body, &t[ts], &next) == 0) { e2b_mcp_json_key(w, "next_start"); e2b_mcp_json_int(w, next); }
  else left = -1;
  e2b_mcp__metrics_summary(w, r->body, t, 0);
  if (left >= 0)
    e2b_mcp__cut_note(c, w, shown, t[0].size, "samples", E2B_MCP__MSG_READ_ON_START);
  e2b_mcp_json_obj_end(w);
}
#endif

#if E2B_MCP_TOOL_SET_SANDBOX_TIMEOUT
static int e2b_mcp__build_set_sandbox_timeout(e2b_mcp_call *c, e2b_mcp__req *rq) {
  e2b_mcp_json *b;
  long long timeout;
  int ht;
  if (e2b_mcp__want_id(c, "sandbox_id", rq->id, sizeof rq->id, 1) < 0 ||
      (ht = e2b_mcp__want_int(c, "timeout", &timeout, 0, 1, E2B_MCP_MAX_TIMEOUT_S)) < 0) return -1;
  if (ht == 0) return e2b_mcp__bad(c, "timeout", "it is required (seconds from now)");
  e2b_mcp__req_sandbox(c, rq, "POST", rq->id, "/timeout");
  rq->idempotent = 1;   /* sets the end time; repeating it changes nothing */
  b = e2b_mcp__req_body(rq);
  e2b_mcp_json_key(b, "timeout"); e2b_mcp_json_int(b, timeout); e2b_mcp_json_obj_end(b);
  rq->num = timeout;
  e2b_mcp__ask(rq, E2B_MCP__MSG_ASK_TIMEOUT, rq->id, timeout);
  return 0;
}
static void e2b_mcp__shape_set_sandbox_timeout(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  (void)r;
  e2b_mcp__done(c, rq->id, "timeout", NULL, rq->num);
}
#endif

#if E2B_MCP_TOOL_PAUSE_SANDBOX
static int e2b_mcp__build_pause_sandbox(e2b_mcp_call *c, e2b_mcp__req *rq) {
  e2b_mcp_json *b;
  int memory;
  if (e2b_mcp__want_id(c, "sandbox_id", rq->id, sizeof rq->id, 1) < 0 || e2b_mcp__want_bool(c, "memory", &memory, 1) < 0) return -1;
  e2b_mcp__req_sandbox(c, rq, "POST", rq->id, "/pause");
  b = e2b_mcp__req_body(rq);
  e2b_mcp_json_key(b, "memory"); e2b_mcp_json_bool(b, memory); e2b_mcp_json_obj_end(b);
  return 0;
}
static void e2b_mcp__shape_pause_sandbox(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  (void)r;
  e2b_mcp__done(c, rq->id, "state", "paused", 0);
}
#endif

#if E2B_MCP_TOOL_RESUME_SANDBOX
static int e2b_mcp__build_resume_sandbox(e2b_mcp_call *c, e2b_mcp__req *rq) {
  e2b_mcp_json *b;
  long long timeout;
  if (e2b_mcp__want_id(c, "sandbox_id", rq->id, sizeof rq->id, 1) < 0 ||
      e2b_mcp__want_int(c, "timeout", &timeout, 300, 1, E2B_MCP_MAX_TIMEOUT_S) < 0) return -1;
  e2b_mcp__req_on(rq, "POST", &c->srv->api);   /* POST /v2/sandboxes/{id}/connect (ConnectSandboxV2) */
  e2b_mcp__req_lit(rq, "/v2/sandboxes/"); e2b_mcp__req_seg(rq, rq->id); e2b_mcp__req_lit(rq, "/connect");
  rq->idempotent = 1;   /* resumes or extends; never shortens */
  b = e2b_mcp__req_body(rq);
  e2b_mcp_json_key(b, "timeout"); e2b_mcp_json_int(b, timeout); e2b_mcp_json_obj_end(b);
  e2b_mcp__ask(rq, E2B_MCP__MSG_ASK_RESUME, rq->id, timeout);
  return 0;
}
static void e2b_mcp__shape_resume_sandbox(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  const jsmntok_t *t = e2b_mcp__response_json(c, r, JSMN_OBJECT);
  e2b_mcp_json *w;
  (void)rq;
  if (!t) return;
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp__copy_members(w, r->body, t, 0, NULL);
  e2b_mcp_json_key(w, "resumed"); e2b_mcp_json_bool(w, r->status == 201);
  e2b_mcp_json_obj_end(w);
}
#endif

#if E2B_MCP_TOOL_LIST_SNAPSHOTS
static int e2b_mcp__build_list_snapshots(e2b_mcp_call *c, e2b_mcp__req *rq) {
  char name[E2B_MCP_ARG_MAX / 2];
  int hid;
  if ((hid = e2b_mcp__want_id(c, "sandbox_id", rq->id, sizeof rq->id, 0)) < 0 || e2b_mcp__want_str(c, "name", name, sizeof name, 0) < 0) return -1;
  e2b_mcp__req_on(rq, "GET", &c->srv->api);
  e2b_mcp__req_lit(rq, "/snapshots");
  if (hid > 0) e2b_mcp__req_q(rq, "sandboxID", rq->id);
  if (name[0]) e2b_mcp__req_q(rq, "name", name);
  return e2b_mcp__paging(c, rq, 1, E2B_MCP_PAGE_LIMIT);
}
static void e2b_mcp__shape_list_snapshots(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  if (e2b_mcp__response_json(c, r, JSMN_ARRAY)) e2b_mcp__list_result(c, rq, r, 0);
}
#endif

#if E2B_MCP_TOOL_LIST_DEFAULT_TEMPLATES
static int e2b_mcp__build_list_default_templates(e2b_mcp_call *c, e2b_mcp__req *rq) {
  if (e2b_mcp__want_template_ref(c, "template", rq->id, sizeof rq->id) < 0) return -1;   /* kept for the shape */
  e2b_mcp__req_on(rq, "GET", &c->srv->dash);
  e2b_mcp__req_lit(rq, "/templates/defaults");
  return 0;
}
/* 1 when the default template at obj is want (before any ":tag"): its ID, an
   alias, or namespace/alias. */
static int e2b_mcp__default_template_is(const char *js, const jsmntok_t *t, int obj, const char *want) {
  size_t wn = strcspn(want, ":");
  int id = e2b_mcp__tok_get(js, t, obj, "id"), al = e2b_mcp__tok_get(js, t, obj, "aliases"), a, n;
  if (id >= 0 && t[id].type == JSMN_STRING && (size_t)(t[id].end - t[id].start) == wn && memcmp(js + t[id].start, want, wn) == 0) return 1;
  for (a = al + 1, n = 0; al >= 0 && t[al].type == JSMN_ARRAY && n < t[al].size; n++, a = e2b_mcp__tok_skip(t, a)) {
    int an = t[a].type == JSMN_STRING ? a : e2b_mcp__tok_get(js, t, a, "alias"), ns = e2b_mcp__tok_get(js, t, a, "namespace");
    size_t l1, l2;
    if (an < 0 || t[an].type != JSMN_STRING) continue;
    l2 = (size_t)(t[an].end - t[an].start);
    if (l2 == wn && memcmp(js + t[an].start, want, wn) == 0) return 1;
    if (ns < 0 || t[ns].type != JSMN_STRING) continue;
    l1 = (size_t)(t[ns].end - t[ns].start);
    if (l1 + 1 + l2 == wn && memcmp(js + t[ns].start, want, l1) == 0 && want[l1] == '/' &&
        memcmp(js + t[an].start, want + l1 + 1, l2) == 0) return 1;
  }
  return 0;
}
/* The Dashboard API's default templates, renamed to the public API's fields;
   only the one asked for when the call names a template. */
static void e2b_mcp__shape_list_default_templates(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  static const char *const from[] = { "id", "buildId", "vcpu", "ramMb", "totalDiskSizeMb" };
  static const char *const to[] = { "templateID", "buildID", "cpuCount", "memoryMB", "diskSizeMB" };
  const jsmntok_t *t = e2b_mcp__response_json(c, r, JSMN_OBJECT);
  const char *js = r->body;
  e2b_mcp_json *w;
  int arr, i, k, m, j;
  if (!t || (arr = e2b_mcp__response_list(c, r, t, "templates")) < 0) return;
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "data");
  e2b_mcp_json_arr(w);
  for (i = arr + 1, k = 0; k < t[arr].size; k++, i = e2b_mcp__tok_skip(t, i)) {
    int obj = i, al = e2b_mcp__tok_get(js, t, obj, "aliases");
    if (t[obj].type != JSMN_OBJECT || (rq->id[0] && !e2b_mcp__default_template_is(js, t, obj, rq->id))) continue;
    e2b_mcp_json_obj(w);
    for (j = obj + 1, m = 0; m < t[obj].size; m++, j = e2b_mcp__tok_skip(t, j + 1)) {
      int f, renamed = 0;
      if (e2b_mcp__secret_key(js, &t[j]) || e2b_mcp__tok_eq(js, &t[j], "aliases")) continue;
      for (f = 0; f < E2B_MCP__COUNT(from); f++)
        if (e2b_mcp__tok_eq(js, &t[j], from[f])) { e2b_mcp_json_key(w, to[f]); renamed = 1; }
      if (!renamed) e2b_mcp__w_tokkey(w, js, &t[j]);
      e2b_mcp__copy(w, js, t, j + 1, 0, 1);
    }
    if (al >= 0 && t[al].type == JSMN_ARRAY) {   /* [{alias, namespace}] -> names, as namespace/alias */
      int a, n;
      e2b_mcp_json_key(w, "names");
      e2b_mcp_json_arr(w);
      for (a = al + 1, n = 0; n < t[al].size; n++, a = e2b_mcp__tok_skip(t, a)) {
        int an = e2b_mcp__tok_get(js, t, a, "alias"), ns = e2b_mcp__tok_get(js, t, a, "namespace");
        if (t[a].type == JSMN_STRING) an = a;
        if (an < 0 || t[an].type != JSMN_STRING) continue;
        if (ns >= 0 && t[ns].type == JSMN_STRING && t[ns].end > t[ns].start) {
          char full[256];
          int l1 = t[ns].end - t[ns].start, l2 = t[an].end - t[an].start;
          if (l1 + l2 + 1 < (int)sizeof full) {
            memcpy(full, js + t[ns].start, (size_t)l1); full[l1] = '/';
            memcpy(full + l1 + 1, js + t[an].start, (size_t)l2);
            e2b_mcp__w_jstr(w, full, (size_t)(l1 + l2 + 1));
          }
        } else e2b_mcp__w_jstr(w, js + t[an].start, (size_t)(t[an].end - t[an].start));
      }
      e2b_mcp_json_arr_end(w);
    }
    e2b_mcp_json_obj_end(w);
  }
  e2b_mcp_json_arr_end(w);
  e2b_mcp_json_obj_end(w);
}
#endif

#if E2B_MCP_TOOL_LIST_TEMPLATES
static int e2b_mcp__build_list_templates(e2b_mcp_call *c, e2b_mcp__req *rq) {
  e2b_mcp__req_on(rq, "GET", &c->srv->api);
  e2b_mcp__req_lit(rq, "/v2/templates");
  return e2b_mcp__paging(c, rq, 1, E2B_MCP_PAGE_LIMIT);
}
static void e2b_mcp__shape_list_templates(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  if (e2b_mcp__response_json(c, r, JSMN_ARRAY)) e2b_mcp__list_result(c, rq, r, 0);
}
#endif

#if E2B_MCP_TOOL_LIST_TEMPLATE_BUILDS
static int e2b_mcp__build_list_template_builds(e2b_mcp_call *c, e2b_mcp__req *rq) {
  if (e2b_mcp__want_id(c, "template_id", rq->id, sizeof rq->id, 1) < 0) return -1;
  e2b_mcp__req_on(rq, "GET", &c->srv->api);
  e2b_mcp__req_lit(rq, "/templates/"); e2b_mcp__req_seg(rq, rq->id);
  return e2b_mcp__paging(c, rq, 1, E2B_MCP_PAGE_LIMIT);
}
static void e2b_mcp__shape_list_template_builds(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  const jsmntok_t *t = e2b_mcp__response_json(c, r, JSMN_OBJECT);
  e2b_mcp_json *w;
  int builds;
  if (!t || (builds = e2b_mcp__response_list(c, r, t, "builds")) < 0) return;
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp__copy_members(w, r->body, t, 0, "builds");
  e2b_mcp__list_parts(c, rq, r, builds, w, 0);
  e2b_mcp_json_obj_end(w);
}
#endif

#if E2B_MCP_TOOL_KILL_SANDBOX
static int e2b_mcp__build_kill_sandbox(e2b_mcp_call *c, e2b_mcp__req *rq) {
  if (e2b_mcp__want_id(c, "sandbox_id", rq->id, sizeof rq->id, 1) < 0) return -1;
  e2b_mcp__req_sandbox(c, rq, "DELETE", rq->id, NULL);
  e2b_mcp__ask(rq, E2B_MCP__MSG_ASK_KILL, rq->id);
  return 0;
}
static void e2b_mcp__shape_kill_sandbox(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  (void)r;
  e2b_mcp__done(c, rq->id, "state", "killed", 0);
}
#endif

/* ---- E2B's newer control plane: fork, snapshots, network, usage, events,
   volumes, secrets, template builds ---- */

/* A list E2B sends whole (no paging of its own), as {"data": [...]}: cut at
   a whole item by the result budget, the rest asked for with offset (the
   items already given, rq->num, are left out). */
#if E2B_MCP_TOOL_LIST_VOLUMES || E2B_MCP_TOOL_LIST_EVENTS
static void e2b_mcp__offset_list(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r, int arr, long long page,
                                 const char *items) {
  e2b_mcp_json *w = e2b_mcp_result_json(c);
  const jsmntok_t *t = c->srv->rtok;
  int shown, left, skip = page ? 0 : (int)rq->num;   /* page: E2B paged it (offset sent); else this server skips */
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "data");
  shown = e2b_mcp__copy_page(c, w, r->body, t, arr, skip, &left, 0);
  if (left >= 0 || (page && t[arr].size >= page)) {   /* cut, or a full page of E2B's: more may come */
    char next[24];
    e2b_mcp__fmt(next, sizeof next, "%lld", rq->num + shown);
    e2b_mcp_json_key(w, "next_token"); e2b_mcp_json_str(w, next);
  }
  if (left >= 0)
    e2b_mcp__cut_note(c, w, shown, t[arr].size - skip, items,
                      E2B_MCP__MSG_READ_ON_TOKEN);
  e2b_mcp_json_obj_end(w);
}
/* next_token of an offset-paged list: the items to skip (a decimal count). */
static int e2b_mcp__want_offset(e2b_mcp_call *c, e2b_mcp__req *rq) {
  char next[24];
  long long n = 0;
  if (e2b_mcp__want_str(c, "next_token", next, sizeof next, 0) < 0) return -1;
  if (next[0] && (e2b_mcp__parse_ll(next, strlen(next), &n) || n < 0 || n > 100000))
    return e2b_mcp__bad(c, "next_token", E2B_MCP__MSG_BAD_NEXT_TOKEN);
  rq->num = n;
  return 0;
}
#endif

#if E2B_MCP_TOOL_FORK_SANDBOX
static int e2b_mcp__build_fork_sandbox(e2b_mcp_call *c, e2b_mcp__req *rq) {
  e2b_mcp_json *b;
  long long count, timeout;
  if (e2b_mcp__want_id(c, "sandbox_id", rq->id, sizeof rq->id, 1) < 0 ||
      e2b_mcp__want_int(c, "count", &count, 1, 1, 100) < 0 ||
      e2b_mcp__want_int(c, "timeout", &timeout, 300, 1, E2B_MCP_MAX_TIMEOUT_S) < 0) return -1;
  e2b_mcp__req_sandbox(c, rq, "POST", rq->id, "/fork");
  b = e2b_mcp__req_body(rq);
  e2b_mcp_json_key(b, "count"); e2b_mcp_json_int(b, count);
  e2b_mcp_json_key(b, "timeout"); e2b_mcp_json_int(b, timeout);
  e2b_mcp_json_obj_end(b);
  rq->num = timeout;
  rq->flag = (int)count;
  e2b_mcp__ask(rq, "Fork sandbox %s into %lld new sandbox%s, each running for up to %lld seconds? Each copy is a sandbox of "
           "its own, billed per second like one until it times out, is paused or is killed (%lld copies bill %lld times "
           "what one does).", rq->id, count, count == 1 ? "" : "es", timeout, count, count);
  return 0;
}
/* [{sandbox} | {error}] -> {"sandboxID": source, "forks": [...], "started", "failed", "timeout"}: every
   copy's ID is given (each one bills), its access tokens never. */
static void e2b_mcp__shape_fork_sandbox(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  const jsmntok_t *t = e2b_mcp__response_json(c, r, JSMN_ARRAY);
  e2b_mcp_json *w;
  int i, k, ok = 0, bad = 0;
  if (!t) return;
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "sandboxID"); e2b_mcp_json_str(w, rq->id);
  e2b_mcp_json_key(w, "forks");
  e2b_mcp_json_arr(w);
  for (i = 1, k = 0; k < t[0].size; k++, i = e2b_mcp__tok_skip(t, i)) {
    int sb = t[i].type == JSMN_OBJECT ? e2b_mcp__tok_get(r->body, t, i, "sandbox") : -1;
    int er = t[i].type == JSMN_OBJECT ? e2b_mcp__tok_get(r->body, t, i, "error") : -1;
    e2b_mcp_json_obj(w);
    if (sb >= 0 && t[sb].type == JSMN_OBJECT) { e2b_mcp__copy_members(w, r->body, t, sb, NULL); ok++; }
    else {
      e2b_mcp_json_key(w, "error");
      if (er >= 0) e2b_mcp__copy(w, r->body, t, er, 0, 2); else e2b_mcp_json_str(w, "E2B gave neither the copy nor why it failed");
      bad++;
    }
    e2b_mcp_json_obj_end(w);
  }
  e2b_mcp_json_arr_end(w);
  e2b_mcp_json_key(w, "started"); e2b_mcp_json_int(w, ok);
  e2b_mcp_json_key(w, "failed"); e2b_mcp_json_int(w, bad);
  e2b_mcp_json_key(w, "timeout"); e2b_mcp_json_int(w, rq->num);
  e2b_mcp_json_obj_end(w);
}
#endif

#if E2B_MCP_TOOL_CREATE_SNAPSHOT
static int e2b_mcp__build_create_snapshot(e2b_mcp_call *c, e2b_mcp__req *rq) {
  e2b_mcp_json *b;
  char name[E2B_MCP_ID_MAX];
  int hn;
  if (e2b_mcp__want_id(c, "sandbox_id", rq->id, sizeof rq->id, 1) < 0 ||
      (hn = e2b_mcp__want_str(c, "name", name, sizeof name, 0)) < 0) return -1;
  if (hn > 0 && (!name[0] || !e2b_mcp__charset(name, 1, "-_.") || name[0] == '.'))
    return e2b_mcp__bad(c, "name", "a snapshot name has only letters, digits, '-', '_' and '.', such as before-upgrade");
  e2b_mcp__req_sandbox(c, rq, "POST", rq->id, "/snapshots");
  b = e2b_mcp__req_body(rq);
  if (name[0]) { e2b_mcp_json_key(b, "name"); e2b_mcp_json_str(b, name); }
  e2b_mcp_json_obj_end(b);
  return 0;
}
static void e2b_mcp__shape_create_snapshot(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  const jsmntok_t *t = e2b_mcp__response_json(c, r, JSMN_OBJECT);
  e2b_mcp_json *w;
  if (!t) return;
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp__copy_members(w, r->body, t, 0, "sandboxID");
  e2b_mcp_json_key(w, "sandboxID"); e2b_mcp_json_str(w, rq->id);
  e2b_mcp_json_obj_end(w);
}
#endif

#if E2B_MCP_TOOL_DELETE_SNAPSHOT
/* DELETE /templates/{snapshotID}: a snapshot is a template of E2B's; its ID
   (team/name:tag, or templateID:tag) goes as one path segment, '/' and ':'
   encoded, as E2B's SDK sends it. */
static int e2b_mcp__build_delete_snapshot(e2b_mcp_call *c, e2b_mcp__req *rq) {
  int r = e2b_mcp__want_template_ref(c, "snapshot_id", rq->id, sizeof rq->id);
  if (r < 0) return -1;
  if (r == 0) return e2b_mcp__bad(c, "snapshot_id", "it is required (snapshotID in e2b_list_snapshots)");
  e2b_mcp__req_on(rq, "DELETE", &c->srv->api);
  e2b_mcp__req_lit(rq, "/templates/");
  e2b_mcp__req_seg(rq, rq->id);
  e2b_mcp__ask(rq, "Delete snapshot %s? This cannot be undone: no sandbox can be started from it again.", rq->id);
  return 0;
}
static void e2b_mcp__shape_delete_snapshot(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  e2b_mcp_json *w = e2b_mcp_result_json(c);
  (void)r;
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "snapshotID"); e2b_mcp_json_str(w, rq->id);
  e2b_mcp_json_key(w, "state"); e2b_mcp_json_str(w, "deleted");
  e2b_mcp_json_obj_end(w);
}
#endif

#if E2B_MCP_TOOL_SET_SANDBOX_NETWORK
/* PUT /sandboxes/{id}/network replaces the egress rules (what is not given is
   cleared); then GET /sandboxes/{id} reads back what E2B now holds, so the
   result is E2B's own view, not an echo of the arguments. */
static int e2b_mcp__build_set_sandbox_network(e2b_mcp_call *c, e2b_mcp__req *rq) {
  static const char dest[] = E2B_MCP__MSG_BAD_DEST;
  e2b_mcp_json *b;
  int net, has_net;
  if (e2b_mcp__want_id(c, "sandbox_id", rq->id, sizeof rq->id, 1) < 0 ||
      (has_net = e2b_mcp__want_bool(c, "allow_internet_access", &net, 1)) < 0) return -1;
  if (!has_net && e2b_mcp_arg_token(c, "allow_out") < 0 && e2b_mcp_arg_token(c, "deny_out") < 0)
    return e2b_mcp__bad(c, "allow_out", "give allow_out, deny_out or allow_internet_access: the call replaces every egress rule, "
                        "so an empty one would open the sandbox's egress entirely (pass allow_internet_access: true for that)");
  b = e2b_mcp__req_body(rq);
  if (e2b_mcp__want_str_list(c, "allow_out", b, "allowOut", dest) < 0 || e2b_mcp__want_str_list(c, "deny_out", b, "denyOut", dest) < 0) return -1;
  if (has_net > 0) { e2b_mcp_json_key(b, "allow_internet_access"); e2b_mcp_json_bool(b, net); }
  e2b_mcp_json_obj_end(b);
  e2b_mcp__req_sandbox(c, rq, "PUT", rq->id, "/network");
  return 0;
}
static void e2b_mcp__shape_set_sandbox_network(e2b_mcp_call *c, const e2b_mcp__req *crq, const e2b_mcp_response *r) {
  e2b_mcp__req *rq = (e2b_mcp__req *)(void *)crq;   /* the slot's own: its next request is written here */
  const jsmntok_t *t;
  e2b_mcp_json *w;
  int net, ai;
  if (rq->step == 0) {   /* 204: now read it back */
    e2b_mcp__req_sandbox(c, rq, "GET", rq->id, NULL);
    rq->again = 1;
    return;
  }
  if (!(t = e2b_mcp__response_json(c, r, JSMN_OBJECT))) return;
  net = e2b_mcp__tok_get(r->body, t, 0, "network");
  ai = e2b_mcp__tok_get(r->body, t, 0, "allowInternetAccess");
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "sandboxID"); e2b_mcp_json_str(w, rq->id);
  e2b_mcp_json_key(w, "network");
  if (net >= 0 && t[net].type == JSMN_OBJECT) e2b_mcp__copy(w, r->body, t, net, 0, 1);
  else { e2b_mcp_json_obj(w); e2b_mcp_json_obj_end(w); }
  if (ai >= 0) { e2b_mcp_json_key(w, "allowInternetAccess"); e2b_mcp__copy(w, r->body, t, ai, 0, 1); }
  e2b_mcp_json_obj_end(w);
}
#endif

#if E2B_MCP_TOOL_GET_TEAM_USAGE
/* The team's usage: GET /teams/{teamID}/metrics/max for each of the two
   metrics, then the series GET /teams/{teamID}/metrics, in one call. The
   team ID is the configuration's (cfg.team_id, for the server's own key), or
   the newest lifecycle event's sandboxTeamId: GET /teams takes no API key,
   and the events are the one API-key endpoint that names the team. Kept
   between the requests: [0] the team ID, [1] the window's query, [2] and [3]
   the maxima as "value timestampUnix". Steps: 0 events, 1 and 2 the maxima,
   3 the series. */
static void e2b_mcp__usage_req(e2b_mcp_call *c, e2b_mcp__req *rq, const char *metric) {
  e2b_mcp__req_on(rq, "GET", &c->srv->api);
  e2b_mcp__req_lit(rq, "/teams/"); e2b_mcp__req_seg(rq, rq->kept[0]);
  e2b_mcp__req_lit(rq, metric ? "/metrics/max" : "/metrics");
  if (metric) e2b_mcp__req_q(rq, "metric", metric);
  if (rq->kept[1][0]) { e2b_mcp__w_c(&rq->w, rq->has_query ? '&' : '?'); e2b_mcp__req_lit(rq, rq->kept[1]); rq->has_query = 1; }
}
static int e2b_mcp__build_get_team_usage(e2b_mcp_call *c, e2b_mcp__req *rq) {
  const char *team = c->srv->cfg.team_id;
  long long start, end;
  int hs, he, series;
  size_t n = 0;
  if ((hs = e2b_mcp__want_int(c, "start", &start, 0, 0, 4102444800LL)) < 0 ||
      (he = e2b_mcp__want_int(c, "end", &end, 0, 0, 4102444800LL)) < 0 || e2b_mcp__want_bool(c, "series", &series, 0) < 0) return -1;
  rq->num = series;
  if (hs > 0 && he > 0 && start > end) return e2b_mcp__bad(c, "start", "start must not be after end");
  if (hs > 0) n += e2b_mcp__fmt(rq->kept[1] + n, sizeof rq->kept[1] - n, "start=%lld", start);
  if (he > 0) e2b_mcp__fmt(rq->kept[1] + n, sizeof rq->kept[1] - n, "%send=%lld", n ? "&" : "", end);
  if (team && *team && c->cx->key == c->srv->key) {   /* the configured team is the server's key's, no other's */
    if (strlen(team) >= sizeof rq->kept[0] || !e2b_mcp__charset(team, 1, "-")) {
      e2b_mcp_result_error(c, "This server's E2B_TEAM_ID is not a team ID (a UUID such as 7f9c2b1e-4a3d-4c8b-9e2f-1a2b3c4d5e6f); "
                              "its operator must correct it. Nothing was sent to E2B.");
      return -1;
    }
    memcpy(rq->kept[0], team, strlen(team) + 1);
    rq->flag = 1;
    rq->step = 1;
    e2b_mcp__usage_req(c, rq, "concurrent_sandboxes");
    return 0;
  }
  e2b_mcp__req_on(rq, "GET", &c->srv->api);
  e2b_mcp__req_lit(rq, "/events/sandboxes");
  e2b_mcp__req_q(rq, "limit", "1");
  return 0;
}
/* A maximum's answer {value, timestampUnix} kept as "value timestampUnix". */
static int e2b_mcp__usage_keep_max(e2b_mcp_call *c, const e2b_mcp_response *r, char *kept, size_t cap) {
  const jsmntok_t *t = e2b_mcp__response_json(c, r, JSMN_OBJECT);
  int v, ts;
  if (!t) return -1;
  v = e2b_mcp__tok_get(r->body, t, 0, "value");
  ts = e2b_mcp__tok_get(r->body, t, 0, "timestampUnix");
  if (v < 0 || t[v].type != JSMN_PRIMITIVE || t[v].end - t[v].start > 20 || !e2b_mcp__strchr("-0123456789", r->body[t[v].start])) {
    e2b_mcp_result_error(c, "E2B's answer for the team's maximum has no numeric value; nothing could be read from it.");
    return -1;
  }
  e2b_mcp__fmt(kept, cap, "%.*s %.*s", t[v].end - t[v].start, r->body + t[v].start,
               ts >= 0 && t[ts].type == JSMN_PRIMITIVE && t[ts].end - t[ts].start <= 20 ? t[ts].end - t[ts].start : 1,
               ts >= 0 && t[ts].type == JSMN_PRIMITIVE && t[ts].end - t[ts].start <= 20 ? r->body + t[ts].start : "0");
  return 0;
}
static void e2b_mcp__usage_max(e2b_mcp_json *w, const char *name, const char *kept) {
  const char *sp = e2b_mcp__strchr(kept, ' ');
  e2b_mcp_json_key(w, name);
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "value"); e2b_mcp_json_raw(w, kept, sp ? (size_t)(sp - kept) : strlen(kept));
  if (sp && sp[1] != '0') { e2b_mcp_json_key(w, "timestampUnix"); e2b_mcp_json_raw(w, sp + 1, strlen(sp + 1)); }
  e2b_mcp_json_obj_end(w);
}
static void e2b_mcp__shape_get_team_usage(e2b_mcp_call *c, const e2b_mcp__req *crq, const e2b_mcp_response *r) {
  e2b_mcp__req *rq = (e2b_mcp__req *)(void *)crq;   /* the slot's own: its next request is written here */
  const jsmntok_t *t;
  e2b_mcp_json *w;
  int shown, left, i, k, last = -1;
  long long first = 0, lastts = 0, v;
  if (rq->step == 0) {   /* the newest event names the team */
    int ev, tm;
    if (!(t = e2b_mcp__response_json(c, r, JSMN_ARRAY))) return;
    ev = t[0].size > 0 ? 1 : -1;
    tm = ev > 0 && t[ev].type == JSMN_OBJECT ? e2b_mcp__tok_get(r->body, t, ev, "sandboxTeamId") : -1;
    if (tm < 0 || e2b_mcp__tok_str(r->body, &t[tm], rq->kept[0], sizeof rq->kept[0]) <= 0 || !e2b_mcp__charset(rq->kept[0], 1, "-")) {
      e2b_mcp_result_error(c, "E2B's usage metrics need the team's ID, which no API-key endpoint gives but the lifecycle events "
                              "(kept 7 days), and this key's team has none now. Set E2B_TEAM_ID on this server to the team's "
                              "ID (E2B's dashboard shows it), or start a sandbox so an event names the team.");
      return;
    }
    rq->flag = 2;
    e2b_mcp__usage_req(c, rq, "concurrent_sandboxes");
    rq->again = 1;
    return;
  }
  if (rq->step == 1 || rq->step == 2) {
    if (e2b_mcp__usage_keep_max(c, r, rq->kept[rq->step + 1], sizeof rq->kept[0]) != 0) return;
    e2b_mcp__usage_req(c, rq, rq->step == 1 ? "sandbox_start_rate" : NULL);
    rq->again = 1;
    return;
  }
  if (!(t = e2b_mcp__response_json(c, r, JSMN_ARRAY))) return;
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "teamID"); e2b_mcp_json_str(w, rq->kept[0]);
  e2b_mcp_json_key(w, "teamIDFrom"); e2b_mcp_json_str(w, rq->flag == 1 ? "configuration" : "events");
  shown = left = -1;
  if (rq->num) { e2b_mcp_json_key(w, "data"); shown = e2b_mcp__copy_page(c, w, r->body, t, 0, 0, &left, 0); }
  for (i = 1, k = 0; k < t[0].size; k++, i = e2b_mcp__tok_skip(t, i)) {
    int ts = e2b_mcp__tok_get(r->body, t, i, "timestampUnix");
    if (ts < 0 || e2b_mcp__tok_int(r->body, &t[ts], &v) != 0) continue;
    if (!first || v < first) first = v;
    if (v >= lastts) { lastts = v; last = i; }
  }
  e2b_mcp_json_key(w, "summary");
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "samples"); e2b_mcp_json_int(w, t[0].size);
  if (first) { e2b_mcp_json_key(w, "from"); e2b_mcp_json_int(w, first); e2b_mcp_json_key(w, "to"); e2b_mcp_json_int(w, lastts); }
  if (last >= 0) {
    int cs = e2b_mcp__tok_get(r->body, t, last, "concurrentSandboxes");
    if (cs >= 0 && e2b_mcp__tok_int(r->body, &t[cs], &v) == 0) { e2b_mcp_json_key(w, "concurrentSandboxesLatest"); e2b_mcp_json_int(w, v); }
  }
  e2b_mcp__usage_max(w, "concurrentSandboxesMax", rq->kept[2]);
  e2b_mcp__usage_max(w, "sandboxStartRateMax", rq->kept[3]);
  e2b_mcp_json_obj_end(w);
  if (left >= 0) {
    int ts = e2b_mcp__tok_get(r->body, t, left, "timestampUnix");
    if (ts >= 0 && e2b_mcp__tok_int(r->body, &t[ts], &v) == 0) { e2b_mcp_json_key(w, "next_start"); e2b_mcp_json_int(w, v); }
    e2b_mcp__cut_note(c, w, shown, t[0].size, "samples", E2B_MCP__MSG_READ_ON_START);
  }
  e2b_mcp_json_obj_end(w);
}
#endif

#if E2B_MCP_TOOL_GET_SANDBOXES_METRICS
/* The latest metrics of many sandboxes in one call: of those named, or of
   every running one (GET /v2/sandboxes?state=running first, its IDs then
   into GET /sandboxes/metrics?sandbox_ids=...), with totals, so "what runs
   and what does it use" is one answer. */
static void e2b_mcp__batch_metrics_req(e2b_mcp_call *c, e2b_mcp__req *rq) {
  e2b_mcp__req_on(rq, "GET", &c->srv->api);
  e2b_mcp__req_lit(rq, "/sandboxes/metrics?sandbox_ids=");   /* form style, explode=false: commas stay literal */
  rq->has_query = 1;
}
static int e2b_mcp__build_get_sandboxes_metrics(e2b_mcp_call *c, e2b_mcp__req *rq) {
  static const char want[] = "expected an array of 1 to 100 different sandbox IDs (sandboxID in e2b_list_sandboxes)";
  int i = e2b_mcp_arg_token(c, "sandbox_ids"), j, k, m, n;
  const jsmntok_t *t = c->tok;
  char id[E2B_MCP_ID_MAX];
  if (i < 0) {   /* every running one */
    e2b_mcp__req_on(rq, "GET", &c->srv->api);
    e2b_mcp__req_lit(rq, "/v2/sandboxes?state=running&limit=100");
    rq->has_query = 1;
    return 0;
  }
  if (t[i].type != JSMN_ARRAY || t[i].size < 1 || t[i].size > 100) return e2b_mcp__bad(c, "sandbox_ids", want);
  for (j = i + 1, n = 0; n < t[i].size; n++, j++) {
    if (t[j].type != JSMN_STRING || e2b_mcp__tok_str(c->js, &t[j], id, sizeof id) <= 0 || !e2b_mcp__charset(id, 1, "-_"))
      return e2b_mcp__bad(c, "sandbox_ids", want);
    for (k = i + 1, m = 0; m < n; m++, k++)
      if (t[j].end - t[j].start == t[k].end - t[k].start && memcmp(c->js + t[j].start, c->js + t[k].start, (size_t)(t[j].end - t[j].start)) == 0)
        return e2b_mcp__bad(c, "sandbox_ids", want);
  }
  e2b_mcp__batch_metrics_req(c, rq);
  for (j = i + 1, n = 0; n < t[i].size; n++, j++) {
    e2b_mcp__tok_str(c->js, &t[j], id, sizeof id);
    if (n) e2b_mcp__w_c(&rq->w, ',');
    e2b_mcp__req_seg(rq, id);
  }
  rq->step = 1;
  return 0;
}
static void e2b_mcp__shape_get_sandboxes_metrics(e2b_mcp_call *c, const e2b_mcp__req *crq, const e2b_mcp_response *r) {
  e2b_mcp__req *rq = (e2b_mcp__req *)(void *)crq;   /* the slot's own: its next request is written here */
  static const char *const sums[] = { "cpuCount", "memUsed", "memTotal", "diskUsed", "diskTotal" };
  long long total[5] = { 0, 0, 0, 0, 0 }, cpu = 0, v;
  long room = c->srv->cfg.result_budget - (long)E2B_MCP__TRAILER_ROOM;
  const jsmntok_t *t = e2b_mcp__response_json(c, r, rq->step == 0 ? JSMN_ARRAY : JSMN_OBJECT);
  e2b_mcp_json *w;
  int sb, i, k, f, shown = 0, n = 0;
  if (!t) return;
  if (rq->step == 0) {   /* the running sandboxes: their IDs into the next request */
    int any = 0;
    e2b_mcp__batch_metrics_req(c, rq);
    for (i = 1, k = 0; k < t[0].size; k++, i = e2b_mcp__tok_skip(t, i)) {
      char id[E2B_MCP_ID_MAX];
      int s = t[i].type == JSMN_OBJECT ? e2b_mcp__tok_get(r->body, t, i, "sandboxID") : -1;
      if (s < 0 || e2b_mcp__tok_str(r->body, &t[s], id, sizeof id) <= 0 || !e2b_mcp__charset(id, 1, "-_")) continue;
      if (any++) e2b_mcp__w_c(&rq->w, ',');
      e2b_mcp__req_seg(rq, id);
    }
    rq->flag = r->next_token[0] != 0;   /* more than 100 run: these are the newest 100 */
    if (any) { rq->again = 1; return; }
    w = e2b_mcp_result_json(c);   /* nothing runs: nothing to ask */
    e2b_mcp_json_obj(w);
    e2b_mcp_json_key(w, "data"); e2b_mcp_json_arr(w); e2b_mcp_json_arr_end(w);
    e2b_mcp_json_key(w, "totals"); e2b_mcp_json_obj(w); e2b_mcp_json_key(w, "sandboxes"); e2b_mcp_json_int(w, 0); e2b_mcp_json_obj_end(w);
    e2b_mcp_json_obj_end(w);
    return;
  }
  sb = e2b_mcp__tok_get(r->body, t, 0, "sandboxes");
  if (sb < 0 || t[sb].type != JSMN_OBJECT) {
    e2b_mcp_result_error(c, "E2B's answer has no object 'sandboxes'; nothing could be read from it.");
    return;
  }
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "data");
  e2b_mcp_json_arr(w);
  for (i = sb + 1, k = 0; k < t[sb].size; k++, i = e2b_mcp__tok_skip(t, i + 1)) {
    e2b_mcp_json before;
    int m = i + 1, cp;
    if (t[m].type != JSMN_OBJECT) continue;
    n++;
    for (f = 0; f < 5; f++) {
      int x = e2b_mcp__tok_get(r->body, t, m, sums[f]);
      if (x >= 0 && e2b_mcp__tok_int(r->body, &t[x], &v) == 0) total[f] += v;
    }
    cp = e2b_mcp__tok_get(r->body, t, m, "cpuUsedPct");
    if (cp >= 0 && t[cp].type == JSMN_PRIMITIVE && e2b_mcp__parse_centi(r->body + t[cp].start, (size_t)(t[cp].end - t[cp].start), &v) == 0) {
      int cc = e2b_mcp__tok_get(r->body, t, m, "cpuCount");
      long long cores = 1;
      if (cc >= 0) e2b_mcp__tok_int(r->body, &t[cc], &cores);
      cpu += v * cores;   /* percent of each one's vCPUs, weighed by them: vCPUs busy, in hundredths of a percent */
    }
    if (shown < n - 1) continue;   /* past the budget: counted, not shown */
    before = *w;
    e2b_mcp_json_obj(w);
    e2b_mcp_json_key(w, "sandboxID"); e2b_mcp__w_jstr(w, r->body + t[i].start, (size_t)(t[i].end - t[i].start));
    { int j, q; for (j = m + 1, q = 0; q < t[m].size; q++) j = e2b_mcp__copy_member(w, r->body, t, j, 0, 2); }
    e2b_mcp_json_obj_end(w);
    if (shown > 0 && ((long)w->len > room || w->err)) { *w = before; continue; }
    shown++;
  }
  e2b_mcp_json_arr_end(w);
  e2b_mcp_json_key(w, "totals");
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "sandboxes"); e2b_mcp_json_int(w, n);
  for (f = 0; f < 5; f++) { e2b_mcp_json_key(w, sums[f]); e2b_mcp_json_int(w, total[f]); }
  e2b_mcp_json_key(w, "cpuBusy"); e2b_mcp__json_centi(w, cpu / 100);   /* vCPUs busy now, summed */
  e2b_mcp_json_obj_end(w);
  if (rq->flag) {
    e2b_mcp_json_key(w, "note");
    e2b_mcp_json_str(w, "More than 100 sandboxes run: these are the newest 100. Name others with sandbox_ids.");
  } else if (shown < n)
    e2b_mcp__cut_note(c, w, shown, n, "sandboxes", "The totals cover all of them. To see the others, call again with "
                      "sandbox_ids set to those not shown.");
  e2b_mcp_json_obj_end(w);
}
#endif

#if E2B_MCP_TOOL_LIST_EVENTS
/* GET /events/sandboxes[/{id}]: E2B's lifecycle events (kept 7 days), newest
   first, paged with offset and limit; types are E2B's names without their
   "sandbox.lifecycle." prefix. */
static int e2b_mcp__build_list_events(e2b_mcp_call *c, e2b_mcp__req *rq) {
  static const char *const types[] = { "created", "updated", "paused", "resumed", "checkpointed", "killed" };
  static const char want[] = "expected an array of event types: created, updated, paused, resumed, checkpointed, killed";
  int ty = e2b_mcp_arg_token(c, "types"), hid, i, k, m, seen = 0;
  long long limit;
  if ((hid = e2b_mcp__want_id(c, "sandbox_id", rq->id, sizeof rq->id, 0)) < 0 ||
      e2b_mcp__want_int(c, "limit", &limit, 20, 1, 100) < 0 || e2b_mcp__want_offset(c, rq) < 0) return -1;
  if (ty >= 0) {
    if (c->tok[ty].type != JSMN_ARRAY) return e2b_mcp__bad(c, "types", want);
    for (i = ty + 1, k = 0; k < c->tok[ty].size; k++, i++) {
      for (m = 0; m < 6 && !e2b_mcp__tok_eq(c->js, &c->tok[i], types[m]); m++) {}
      if (m == 6 || c->tok[i].type != JSMN_STRING) return e2b_mcp__bad(c, "types", want);
      seen |= 1 << m;
    }
  }
  e2b_mcp__req_on(rq, "GET", &c->srv->api);
  e2b_mcp__req_lit(rq, "/events/sandboxes");
  if (hid > 0) { e2b_mcp__req_lit(rq, "/"); e2b_mcp__req_seg(rq, rq->id); }
  e2b_mcp__req_qint(rq, "limit", limit);
  if (rq->num) e2b_mcp__req_qint(rq, "offset", rq->num);
  for (m = 0; m < 6; m++)   /* form style, explode=true: types=a&types=b */
    if (seen & (1 << m)) { e2b_mcp__req_qkey(rq, "types"); e2b_mcp__req_lit(rq, "sandbox.lifecycle."); e2b_mcp__req_lit(rq, types[m]); }
  rq->flag = (int)limit;
  return 0;
}
static void e2b_mcp__shape_list_events(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  if (e2b_mcp__response_json(c, r, JSMN_ARRAY)) e2b_mcp__offset_list(c, rq, r, 0, rq->flag, "events");
}
#endif

#if E2B_MCP_TOOL_LIST_VOLUMES
static int e2b_mcp__build_list_volumes(e2b_mcp_call *c, e2b_mcp__req *rq) {
  if (e2b_mcp__want_offset(c, rq) < 0) return -1;
  e2b_mcp__req_on(rq, "GET", &c->srv->api);
  e2b_mcp__req_lit(rq, "/volumes");
  return 0;
}
static void e2b_mcp__shape_list_volumes(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  if (e2b_mcp__response_json(c, r, JSMN_ARRAY)) e2b_mcp__offset_list(c, rq, r, 0, 0, "volumes");
}
#endif

#if E2B_MCP_TOOL_GET_VOLUME
static int e2b_mcp__build_get_volume(e2b_mcp_call *c, e2b_mcp__req *rq) {
  if (e2b_mcp__want_id(c, "volume_id", rq->id, sizeof rq->id, 1) < 0) return -1;
  e2b_mcp__req_on(rq, "GET", &c->srv->api);
  e2b_mcp__req_lit(rq, "/volumes/"); e2b_mcp__req_seg(rq, rq->id);
  return 0;
}
/* VolumeAndToken: its token (what reads and writes the volume's files) never leaves (e2b_mcp__secret_key). */
static void e2b_mcp__shape_get_volume(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  const jsmntok_t *t = e2b_mcp__response_json(c, r, JSMN_OBJECT);
  (void)rq;
  if (t) e2b_mcp__copy(e2b_mcp_result_json(c), r->body, t, 0, 0, 0);
}
#endif

#if E2B_MCP_TOOL_LIST_SECRETS
static int e2b_mcp__build_list_secrets(e2b_mcp_call *c, e2b_mcp__req *rq) {
  e2b_mcp__req_on(rq, "GET", &c->srv->api);
  e2b_mcp__req_lit(rq, "/secrets");
  return e2b_mcp__paging(c, rq, 1, E2B_MCP_PAGE_LIMIT);
}
static void e2b_mcp__shape_list_secrets(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  e2b_mcp_json *w;
  if (!e2b_mcp__response_json(c, r, JSMN_ARRAY)) return;
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp__list_parts(c, rq, r, 0, w, E2B_MCP__IN_SECRETS);
  e2b_mcp_json_obj_end(w);
}
#endif

#if E2B_MCP_TOOL_GET_TEMPLATE_BUILD
/* GET /templates/{t}/builds/{b}/status: the build's status, why it failed,
   and its structured log entries from logs_offset (E2B's plain "logs" lines
   repeat them and are left out). */
static int e2b_mcp__build_get_template_build(e2b_mcp_call *c, e2b_mcp__req *rq) {
  static const char *const levels[] = { "debug", "info", "warn", "error" };
  char build[E2B_MCP_ID_MAX], level[16];
  long long limit, offset;
  if (e2b_mcp__want_id(c, "template_id", rq->id, sizeof rq->id, 1) < 0 || e2b_mcp__want_id(c, "build_id", build, sizeof build, 1) < 0 ||
      e2b_mcp__want_int(c, "limit", &limit, 100, 0, 100) < 0 || e2b_mcp__want_int(c, "logs_offset", &offset, 0, 0, 1000000) < 0 ||
      e2b_mcp__want_enum(c, "level", level, sizeof level, levels, 4) < 0) return -1;
  e2b_mcp__req_on(rq, "GET", &c->srv->api);
  e2b_mcp__req_lit(rq, "/templates/"); e2b_mcp__req_seg(rq, rq->id);
  e2b_mcp__req_lit(rq, "/builds/"); e2b_mcp__req_seg(rq, build); e2b_mcp__req_lit(rq, "/status");
  e2b_mcp__req_qint(rq, "logsOffset", offset);
  e2b_mcp__req_qint(rq, "limit", limit);
  if (level[0]) e2b_mcp__req_q(rq, "level", level);
  rq->num = offset;
  rq->flag = (int)limit;
  return 0;
}
static void e2b_mcp__shape_get_template_build(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  const jsmntok_t *t = e2b_mcp__response_json(c, r, JSMN_OBJECT);
  e2b_mcp_json *w;
  int le, shown, left, i, k;
  if (!t || (le = e2b_mcp__response_list(c, r, t, "logEntries")) < 0) return;
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  for (i = 1, k = 0; k < t[0].size; k++, i = e2b_mcp__tok_skip(t, i + 1))
    if (!e2b_mcp__tok_eq(r->body, &t[i], "logs") && !e2b_mcp__tok_eq(r->body, &t[i], "logEntries")) e2b_mcp__copy_member(w, r->body, t, i, 0, 0);
  e2b_mcp_json_key(w, "logEntries");
  shown = e2b_mcp__copy_page(c, w, r->body, t, le, 0, &left, 0);
  if (left >= 0 || (rq->flag > 0 && t[le].size >= rq->flag)) {
    e2b_mcp_json_key(w, "next_logs_offset"); e2b_mcp_json_int(w, rq->num + shown);
  }
  if (left >= 0)
    e2b_mcp__cut_note(c, w, shown, t[le].size, "log entries", "To read on, call again with logs_offset set to this result's "
                      "next_logs_offset.");
  e2b_mcp_json_obj_end(w);
}
#endif

/* ---- a row's gate (its e2b_mcp_tool.user) ---- */
/* (macros, not an enum: E2B_MCP__EXTRA_BUILT reads the rows' gates in #if) */
#define E2B_MCP__GATE_KILL 1     /* listed and callable only with e2b_mcp_config.enable_kill */
#define E2B_MCP__GATE_EXTRA 2    /* not in the default set: offered only when the selection names it */

#if E2B_MCP_WITH_OUTPUT_CHECK
/* ---- the result against the tool's own output schema ----
   The subset the rows' schemas use: type (a name or a list of names), enum,
   required, properties, items. What E2B answered, shaped, must be what the
   tool declares (and what a client will validate structuredContent against):
   a create without a sandboxID, a get of {}, a count that is a string are
   errors, said with the place, not a success. Extra members are fine. */
static int e2b_mcp__tok_same(const char *a, const jsmntok_t *ta, const char *b, const jsmntok_t *tb) {
  return ta->end - ta->start == tb->end - tb->start && memcmp(a + ta->start, b + tb->start, (size_t)(ta->end - ta->start)) == 0;
}
static int e2b_mcp__is_type(const char *js, const jsmntok_t *v, const char *sch, const jsmntok_t *ty) {
  const char *p = js + v->start;
  size_t n = (size_t)(v->end - v->start), i;
  if (e2b_mcp__tok_eq(sch, ty, "string")) return v->type == JSMN_STRING;
  if (e2b_mcp__tok_eq(sch, ty, "object")) return v->type == JSMN_OBJECT;
  if (e2b_mcp__tok_eq(sch, ty, "array")) return v->type == JSMN_ARRAY;
  if (v->type != JSMN_PRIMITIVE) return 0;
  if (e2b_mcp__tok_eq(sch, ty, "boolean")) return *p == 't' || *p == 'f';
  if (e2b_mcp__tok_eq(sch, ty, "null")) return *p == 'n';
  if (*p != '-' && (*p < '0' || *p > '9')) return 0;   /* a number (the parser checked its grammar) */
  if (e2b_mcp__tok_eq(sch, ty, "number")) return 1;
  for (i = 0; i < n && p[i] != '.' && p[i] != 'e' && p[i] != 'E'; i++) {}   /* integer: no exponent, a fraction of zeros (512.0) */
  if (i < n && p[i] == '.') for (i++; i < n && p[i] == '0'; i++) {}
  return e2b_mcp__tok_eq(sch, ty, "integer") && i == n;
}
/* Checks the value at token v against the schema at token sc; on a mismatch
   writes where and what into why and returns -1. */
static int e2b_mcp__conforms(const char *js, const jsmntok_t *t, int v, const char *sch, const jsmntok_t *st, int sc,
                             char *why, size_t cap, size_t at, int depth) {
  int ty = e2b_mcp__tok_get(sch, st, sc, "type"), en = e2b_mcp__tok_get(sch, st, sc, "enum");
  int pr = e2b_mcp__tok_get(sch, st, sc, "properties"), rq = e2b_mcp__tok_get(sch, st, sc, "required");
  int it = e2b_mcp__tok_get(sch, st, sc, "items"), i, k, ok;
  if (depth > 8 || st[sc].type != JSMN_OBJECT) return 0;
  if (ty >= 0) {
    ok = st[ty].type == JSMN_STRING && e2b_mcp__is_type(js, &t[v], sch, &st[ty]);
    for (i = ty + 1, k = 0; st[ty].type == JSMN_ARRAY && k < st[ty].size && !ok; k++, i++) ok = e2b_mcp__is_type(js, &t[v], sch, &st[i]);
    if (!ok) {
      e2b_mcp__fmt(why + at, cap - at, " is %s, not of type %.*s", t[v].type == JSMN_OBJECT ? "an object" : t[v].type == JSMN_ARRAY ? "an array" :
                   t[v].type == JSMN_STRING ? "a string" : js[t[v].start] == 'n' ? "null" : js[t[v].start] == 't' || js[t[v].start] == 'f' ? "a boolean" : "a number",
                   st[ty].end - st[ty].start, sch + st[ty].start);
      return -1;
    }
  }
  if (en >= 0 && st[en].type == JSMN_ARRAY) {
    for (ok = 0, i = en + 1, k = 0; k < st[en].size && !ok; k++, i = e2b_mcp__tok_skip(st, i))
      ok = st[i].type == t[v].type && e2b_mcp__tok_same(js, &t[v], sch, &st[i]);
    if (!ok) {
      const char *q = t[v].type == JSMN_STRING ? "\"" : "";
      e2b_mcp__fmt(why + at, cap - at, " is %s%.*s%s, not one of the allowed values", q, t[v].end - t[v].start > 40 ? 40 : t[v].end - t[v].start, js + t[v].start, q);
      return -1;
    }
  }
  if (t[v].type == JSMN_OBJECT) {
    for (i = rq + 1, k = 0; rq >= 0 && st[rq].type == JSMN_ARRAY && k < st[rq].size; k++, i++) {
      int m, j, found = 0;
      for (j = v + 1, m = 0; m < t[v].size && !found; m++, j = e2b_mcp__tok_skip(t, j + 1)) found = e2b_mcp__tok_same(js, &t[j], sch, &st[i]);
      if (!found) { e2b_mcp__fmt(why + at, cap - at, " has no %.*s", st[i].end - st[i].start, sch + st[i].start); return -1; }
    }
    for (i = pr + 1, k = 0; pr >= 0 && st[pr].type == JSMN_OBJECT && k < st[pr].size; k++, i = e2b_mcp__tok_skip(st, i + 1)) {
      int m, j;
      for (j = v + 1, m = 0; m < t[v].size; m++, j = e2b_mcp__tok_skip(t, j + 1))
        if (e2b_mcp__tok_same(js, &t[j], sch, &st[i])) {
          size_t a = at + e2b_mcp__fmt(why + at, cap - at, "%s%.*s", at ? "." : "", st[i].end - st[i].start, sch + st[i].start);
          if (e2b_mcp__conforms(js, t, j + 1, sch, st, i + 1, why, cap, a, depth + 1)) return -1;
          why[at] = 0;
          break;
        }
    }
  }
  if (t[v].type == JSMN_ARRAY && it >= 0) {
    for (i = v + 1, k = 0; k < t[v].size; k++, i = e2b_mcp__tok_skip(t, i)) {
      size_t a = at + e2b_mcp__fmt(why + at, cap - at, "[%d]", k);
      if (e2b_mcp__conforms(js, t, i, sch, st, it, why, cap, a, depth + 1)) return -1;
      why[at] = 0;
    }
  }
  return 0;
}
/* Checks a successful result against the tool's output schema; turns it into
   an error that says what is wrong when it does not conform. The schema is
   read into the last tokens of rtok, the result into the rest (E2B's answer
   has been shaped by then). A result too big to check that way is passed. */
#define E2B_MCP__SCHEMA_TOKENS 192
static void e2b_mcp__check_output(e2b_mcp_call *c, const e2b_mcp__req *rq) {
  e2b_mcp_server *s = c->srv;
  const char *sch = c->tool->output_schema;
  jsmntok_t *st = s->rtok + E2B_MCP__COUNT(s->rtok) - E2B_MCP__SCHEMA_TOKENS;
  char why[160];
  if (!sch || c->is_error || !c->has_out || c->out.err || E2B_MCP__COUNT(s->rtok) < 2 * E2B_MCP__SCHEMA_TOKENS) return;
  if (e2b_mcp__parse_own(sch, strlen(sch), st, E2B_MCP__SCHEMA_TOKENS) <= 0 ||
      e2b_mcp__parse_own(c->out.buf, c->out.len, s->rtok, E2B_MCP__COUNT(s->rtok) - E2B_MCP__SCHEMA_TOKENS) <= 0) return;
  why[0] = 0;
  if (e2b_mcp__conforms(c->out.buf, s->rtok, 0, sch, st, 0, why, sizeof why, 0, 0) == 0) return;
  e2b_mcp_result_error(c, "E2B's answer is not what this tool returns: the result%s%s. %s", why[0] == '.' || why[0] == '[' || why[0] == ' ' ? "" : " ", why,
                       memcmp(rq->w.buf, "GET ", 4) == 0 ? "Nothing reliable could be read from it; try again, and if it persists E2B's API has changed."
                       : "The call may still have been carried out: check with e2b_list_sandboxes or e2b_get_sandbox before repeating it.");
}
#else   /* E2B_MCP_WITH_OUTPUT_CHECK 0: results go out unchecked */
static void e2b_mcp__check_output(e2b_mcp_call *c, const e2b_mcp__req *rq) { (void)c; (void)rq; }
#endif

/* ---- the tool table: names, descriptions, schemas, annotations ---- */
/* E2B_MCP_WITH_DESCRIPTIONS 0 (>>config) keeps each description's first sentence and every
   billing or destruction warning, and drops the property descriptions and
   output schemas. */
#if !E2B_MCP_WITH_DESCRIPTIONS
#  define E2B_MCP__MORE(text) ""
#  define E2B_MCP__OUT(schema) NULL
#else
#  define E2B_MCP__MORE(text) text
#  define E2B_MCP__OUT(schema) schema
#endif
#define E2B_MCP__S_ID "\"sandbox_id\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"The sandbox ID (sandboxID in list results), e.g. i1a2b3c4d5e6f7g8h9i0j.\"") "}"
/* the defaults the descriptions name (E2B_MCP_PAGE_LIMIT, E2B_MCP_LOG_LIMIT) */
#if E2B_MCP_PAGE_LIMIT == 0
#  define E2B_MCP__PAGE_DEF "100"
#else
#  define E2B_MCP__PAGE_DEF "a page that fits this server's buffer"
#endif
#if E2B_MCP_LOG_LIMIT == 100
#  define E2B_MCP__LOG_DEF "100"
#else
#  define E2B_MCP__LOG_DEF "as many as fit this server's buffer"
#endif
#define E2B_MCP__S_PAGE "\"limit\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":100" E2B_MCP__MORE(",\"description\":\"Page size, 1-100 (default " E2B_MCP__PAGE_DEF ").\"") "}," \
  "\"next_token\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"The next_token of the previous page, to get the next one.\"") "}"
/* String pairs (metadata, env vars) as an array of {key, value}: a map (an object
   with additionalProperties) is not portable to every model provider's dialect. */
#define E2B_MCP__S_PAIRS(desc) "{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{\"key\":{\"type\":\"string\"}," \
  "\"value\":{\"type\":\"string\"}},\"required\":[\"key\",\"value\"]}" E2B_MCP__MORE(",\"description\":\"" desc "\"") "}"
#define E2B_MCP__S_TIMEOUT(def) "\"timeout\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":" E2B_MCP__STR(E2B_MCP_MAX_TIMEOUT_S) \
  ",\"description\":\"Seconds from now until the sandbox ends" def ". Keep it short: it is billed per second.\"}"
#define E2B_MCP__STR2(x) #x
#define E2B_MCP__STR(x) E2B_MCP__STR2(x)
#define E2B_MCP__O_LIST(item) "{\"type\":\"object\",\"properties\":{\"data\":{\"type\":\"array\",\"items\":" item "}," \
  "\"next_token\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"Present when another page exists.\"") "}},\"required\":[\"data\"]}"
#define E2B_MCP__O_SANDBOX "{\"type\":\"object\",\"properties\":{\"sandboxID\":{\"type\":\"string\"},\"templateID\":{\"type\":\"string\"}," \
  "\"alias\":{\"type\":\"string\"},\"state\":{\"type\":\"string\",\"enum\":[\"running\",\"paused\"]},\"startedAt\":{\"type\":\"string\"}," \
  "\"endAt\":{\"type\":\"string\"},\"cpuCount\":{\"type\":\"integer\"},\"memoryMB\":{\"type\":\"integer\"},\"diskSizeMB\":{\"type\":\"integer\"}," \
  "\"metadata\":{\"type\":\"object\"}},\"required\":[\"sandboxID\",\"templateID\"]}"
#define E2B_MCP__O_DONE(key, type) "{\"type\":\"object\",\"properties\":{\"sandboxID\":{\"type\":\"string\"},\"" key "\":{\"type\":\"" type "\"}}," \
  "\"required\":[\"sandboxID\",\"" key "\"]}"
#define E2B_MCP__BILLED " This starts billing: ask the user before calling it, and keep the timeout short."

/* E2B's tools this build leaves out, and what a call to one is told
   (s->built_out: the core answers it), only when there are some. */
/* >>derived sized the server for as many (s->built_out is there only then) */
typedef char e2b_mcp__built_out_agrees_with_E2B_MCP__TOOLS_OUT[E2B_MCP__BUILT_OUT_N == E2B_MCP__TOOLS_OUT ? 1 : -1];
#if E2B_MCP__BUILT_OUT_N
static const char *const e2b_mcp__built_out[2] = { E2B_MCP__BUILT_OUT,
  E2B_MCP__MSG_NOT_BUILT_IN };
#endif
/* The row's id names its enum constant and its two phases (the rows:
   E2B_MCP__TOOLS, >>e2b tools' declarations). */
#if E2B_MCP__TOOLS_ROWS
#define E2B_MCP__TOOL_ENUM(id, name, title, ann, gate, desc, in, out) E2B_MCP__T_##id,
enum { E2B_MCP__TOOLS(E2B_MCP__TOOL_ENUM, E2B_MCP__IF) E2B_MCP__T_COUNT };
#undef E2B_MCP__TOOL_ENUM
/* A tool's switch missing from E2B_MCP__TOOLS_BUILT (>>derived) stops the build here. */
typedef char e2b_mcp__every_tool_switch_is_in_E2B_MCP__TOOLS_BUILT[E2B_MCP__T_COUNT == E2B_MCP__TOOLS_BUILT ? 1 : -1];

#define E2B_MCP__TOOL_GATE(id, name, title, ann, gate, desc, in, out) gate,
static const int e2b_mcp__gate[E2B_MCP__T_COUNT] = { E2B_MCP__TOOLS(E2B_MCP__TOOL_GATE, E2B_MCP__IF) };
#undef E2B_MCP__TOOL_GATE
#define E2B_MCP__TOOL_ROW(id, name, title, ann, gate, desc, in, out) \
  { name, title, desc, in, out, (ann) | E2B_MCP__STRICT_ARGS, NULL, (void *)&e2b_mcp__gate[E2B_MCP__T_##id], e2b_mcp__build_##id, e2b_mcp__shape_##id },
static const e2b_mcp_tool e2b_mcp__builtin[E2B_MCP__T_COUNT] = { E2B_MCP__TOOLS(E2B_MCP__TOOL_ROW, E2B_MCP__IF) };
#undef E2B_MCP__TOOL_ROW
static int e2b_mcp__is_builtin(const e2b_mcp_tool *t) {
  int i;
  for (i = 0; i < E2B_MCP__T_COUNT; i++) if (t == &e2b_mcp__builtin[i]) return 1;
  return 0;
}

/* ---- the run-time selection: which of the rows this server offers ----
   Each row is in one group, read from what the row already says: kill (its
   gate: it destroys, and stays behind enable_kill too), read (annotated
   E2B_MCP_READ_ONLY: it spends nothing and changes nothing), write (the rest:
   it starts, bills or changes a sandbox and destroys nothing). cfg.tools names
   rows and groups; cfg.read_only keeps only the read group. The tool list is
   built here once, in the table's order, so the same configuration lists the
   same tools on every replica; a row left out goes to s->off with why, which
   a call to it is told (>>mcp core's unknown tool). */
enum { E2B_MCP__G_READ = E2B_MCP_GROUP_READ, E2B_MCP__G_WRITE = E2B_MCP_GROUP_WRITE, E2B_MCP__G_KILL = E2B_MCP_GROUP_KILL };
/* the three groups, then two selections that are not groups: default (what a
   server offers when cfg.tools names nothing: every row not marked
   E2B_MCP__GATE_EXTRA) and all (every row) */
static const char *const e2b_mcp__group_name[] = { "read", "write", "kill", "default", "all" };
/* Whether a row outside the default set (E2B_MCP__GATE_EXTRA) is built:
   without one (the small profile) the default set is every row. Read from
   the rows' gates, so a row marked extra needs no second list here. */
#define E2B_MCP__T_EXTRA(id, name, title, ann, gate, desc, in, out) || ((gate) & E2B_MCP__GATE_EXTRA)
#define E2B_MCP__EXTRA_BUILT (0 E2B_MCP__TOOLS(E2B_MCP__T_EXTRA, E2B_MCP__IF))
#if E2B_MCP_TOOL_DELETE_SNAPSHOT
#  define E2B_MCP__AND_DELETING " and deleting snapshots"
#else
#  define E2B_MCP__AND_DELETING ""
#endif
static int e2b_mcp__group_of(int i) {
  if (e2b_mcp__gate[i] & E2B_MCP__GATE_KILL) return E2B_MCP__G_KILL;
  return (e2b_mcp__builtin[i].annotations & E2B_MCP_READ_ONLY) ? E2B_MCP__G_READ : E2B_MCP__G_WRITE;
}
/* Whether the selection spec names row i (by its name or group); -1 (with
   the unknown part in s->errmsg) when a part names neither. */
static int e2b_mcp__spec_names(e2b_mcp_server *s, const char *spec, int row) {
#if !E2B_MCP__BUILT_OUT_N
#  define e2b_mcp__is_built_out(s, p, n) 0     /* none left out: nor the words for one */
#endif
  const char *p = spec, *e;
  int i, g, hit = 0, known;
  while (*p) {
    size_t n;
    while (*p == ' ' || *p == ',') p++;
    for (e = p; *e && *e != ','; e++) {}
    for (n = (size_t)(e - p); n && p[n - 1] == ' '; n--) {}
    if (!n) { p = e; continue; }
    known = 0;
    for (g = 0; g < 5 && !known; g++)
      if (strlen(e2b_mcp__group_name[g]) == n && memcmp(e2b_mcp__group_name[g], p, n) == 0) {
        known = 1;
#if E2B_MCP__EXTRA_BUILT
        hit |= g == 4 || (g == 3 ? !(e2b_mcp__gate[row] & E2B_MCP__GATE_EXTRA) : e2b_mcp__group_of(row) == g);
#else   /* the default set is every row */
        hit |= g >= 3 || e2b_mcp__group_of(row) == g;
#endif
      }
    for (i = 0; i < E2B_MCP__T_COUNT && !known; i++)
      if (strlen(e2b_mcp__builtin[i].name) == n && memcmp(e2b_mcp__builtin[i].name, p, n) == 0) { known = 1; hit |= i == row; }
    if (!known) {
      size_t at = e2b_mcp__fmt(s->errmsg, sizeof s->errmsg, "'%.*s' is %s; valid: read, write, kill, default, all", (int)(n > 64 ? 64 : n), p,
                               e2b_mcp__is_built_out(s, p, n) ? "not built into this server (its E2B_MCP_TOOL_ switch was 0 at build time)"
                                                              : "neither a tool nor a group");
      for (i = 0; i < E2B_MCP__T_COUNT && at < sizeof s->errmsg; i++)
        at += e2b_mcp__fmt(s->errmsg + at, sizeof s->errmsg - at, ", %s", e2b_mcp__builtin[i].name);
      return -1;
    }
    p = e;
  }
  return hit;
#undef e2b_mcp__is_built_out
}
static int e2b_mcp__builtin_tools(e2b_mcp_server *s) {
  static const char *const not_selected[] = { E2B_MCP__MSG_NOT_SELECTED("read"), E2B_MCP__MSG_NOT_SELECTED("write"), E2B_MCP__MSG_NOT_SELECTED("kill") };
  const char *spec = s->cfg.tools && *s->cfg.tools ? s->cfg.tools : NULL;
  int i, on = 1;
#if E2B_MCP__BUILT_OUT_N
  s->built_out = e2b_mcp__built_out;
#endif
  for (i = 0; i < E2B_MCP__T_COUNT; i++) {
    const char *why = NULL;
    if (spec && (on = e2b_mcp__spec_names(s, spec, i)) < 0) return E2B_MCP_ERR_TOOLS;
#if E2B_MCP__EXTRA_BUILT
    if (!spec) on = !(e2b_mcp__gate[i] & E2B_MCP__GATE_EXTRA);   /* no selection: the default set */
#endif
    if (s->cfg.read_only && e2b_mcp__group_of(i) != E2B_MCP__G_READ)
      why = E2B_MCP__MSG_READ_ONLY;
#if E2B_MCP__EXTRA_BUILT
    else if (!spec && !on)
      why = E2B_MCP__MSG_NOT_DEFAULT;
#endif
    else if (spec && !on) why = not_selected[e2b_mcp__group_of(i)];
    else if ((e2b_mcp__gate[i] & E2B_MCP__GATE_KILL) && !s->cfg.enable_kill)
      why = E2B_MCP__MSG_NEEDS_KILL("killing sandboxes" E2B_MCP__AND_DELETING);
    if (why) { s->off[s->noff] = &e2b_mcp__builtin[i]; s->off_why[s->noff++] = why; }
#if E2B_MCP_AUTH
    else { s->group[s->ntools] = (unsigned char)e2b_mcp__group_of(i); s->tools[s->ntools++] = &e2b_mcp__builtin[i]; }
#else
    else s->tools[s->ntools++] = &e2b_mcp__builtin[i];
#endif
  }
  return 0;
}
#else   /* no built-in tool: custom ones only */
static int e2b_mcp__is_builtin(const e2b_mcp_tool *t) { (void)t; return 0; }
static int e2b_mcp__builtin_tools(e2b_mcp_server *s) {   /* a selection can name none of them */
  s->built_out = e2b_mcp__built_out;
  if (!s->cfg.tools || !*s->cfg.tools) return 0;
  e2b_mcp__fmt(s->errmsg, sizeof s->errmsg, "no E2B tool is built into this server, so none can be selected");
  return E2B_MCP_ERR_TOOLS;
}
#endif

