#include "ops.h"
#include "front.h"
#include "config.h"
#include "derived.h"
#include "util.h"
#include "json.h"
#include "metrics.h"
#include "client.h"
#include "auth.h"
#include "principal.h"
#include "mcp.h"
#include "engine.h"
/* >>ops: health, readiness and metrics, written from the server's state -------- */
#if E2B_MCP_AUDIT
E2B_MCP_DEF void e2b_mcp_audit_failed(e2b_mcp_server *s) {
#if E2B_MCP_METRICS
  s->metrics.audit_failures++;
#else
  (void)s;
#endif
}
#endif
#ifdef E2B_MCP__HTTP

/* What the transport knows that the checks and gauges need (>>transport: streamable http). */
typedef struct e2b_mcp__ops_view {
  int conns, sessions, streams;   /* connections open, 2025 sessions, their GET streams */
  int server_key;                 /* calls use the server's own key (not each client's, not the key store's) */
  int auth, auth_keys;            /* access tokens are verified; the issuer's keys loaded */
  int keystore;                   /* a key store is in use */
  int ready_e2b_ms;               /* the window E2B must have answered in */
  int (*ready)(void *user, e2b_mcp_json *w);   /* the embedder's own checks (cfg.ready) */
  void *ready_user;
} e2b_mcp__ops_view;

static int e2b_mcp__probe_done(e2b_mcp__fetch *f, const e2b_mcp_response *r) {
  e2b_mcp__probe *p = (e2b_mcp__probe *)f;
  p->failed = r->status == 0;
  if (r->status) *p->answered = p->now ? p->now : 1;   /* answered: E2B is there */
  return 0;
}

/* One check into the "checks" object: ok, or why not (counted in *bad). */
static void e2b_mcp__ops_check(e2b_mcp_json *w, const char *name, const char *why, int *bad) {
  e2b_mcp_json_key(w, name);
  e2b_mcp_json_str(w, why ? why : "ok");
  *bad += why != NULL;
}

/* GET /readyz's body into w: {"status":"ready"|"not ready","checks":{name:"ok"|why}};
   200 when every check is ok, else 503. A check E2B has not passed in the
   window starts a probe (when none is out and a slot is free): the next ask
   knows. */
static int e2b_mcp__ops_ready(e2b_mcp_server *s, const e2b_mcp__ops_view *v, e2b_mcp__probe *p, e2b_mcp_json *w) {
  unsigned long now = e2b_mcp__now_ms(s), win = (unsigned long)(v->ready_e2b_ms > 0 ? v->ready_e2b_ms : E2B_MCP_READY_E2B_MS);
  int bad = 0, slotless = 0, e2b_ok = s->e2b_answered_ms && (!now || now - s->e2b_answered_ms <= win);
  char why[160];
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "checks"); e2b_mcp_json_obj(w);
  if (v->server_key) e2b_mcp__ops_check(w, "api_key", s->key_problem ? "the server's E2B API key is missing or not a team key" : NULL, &bad);
  if (v->auth) e2b_mcp__ops_check(w, "issuer_keys", v->auth_keys ? NULL : "the issuer's signing keys are not loaded yet", &bad);
  if (v->keystore) e2b_mcp__ops_check(w, "keystore", NULL, &bad);
  if (v->ready) bad += v->ready(v->ready_user, w);
  if (!e2b_ok && !p->f.busy && (!p->now || !now || now - p->now >= E2B_MCP__PROBE_GAP_MS)) {   /* ask E2B itself, once a second at most */
    p->answered = &s->e2b_answered_ms;
    p->now = now;
    p->f.url = s->api;
    strcpy(p->f.path, "/health");
    p->f.done = e2b_mcp__probe_done;
    slotless = e2b_mcp__fetch_start(s, &p->f) == NULL;
  }
  if (e2b_ok) why[0] = 0;
  else if (slotless) e2b_mcp__fmt(why, sizeof why, "E2B has not answered in the last %lu s, and every call slot is busy: no probe could be sent", win / 1000);
  else if (p->failed) e2b_mcp__fmt(why, sizeof why, "E2B did not answer the last probe (GET /health); another goes within a second");
  else e2b_mcp__fmt(why, sizeof why, "E2B has not answered in the last %lu s; a probe (GET /health) is on its way", win / 1000);
  e2b_mcp__ops_check(w, "e2b", why[0] ? why : NULL, &bad);
  e2b_mcp_json_obj_end(w);
  e2b_mcp_json_key(w, "status"); e2b_mcp_json_str(w, bad ? "not ready" : "ready");
  e2b_mcp_json_obj_end(w);
  return bad ? 503 : 200;
}

#if E2B_MCP_METRICS
/* ---- GET /metrics: the Prometheus text exposition format (version 0.0.4) ---- */
static void e2b_mcp__om_put(e2b_mcp_json *w, const char *t) { e2b_mcp__w_put(w, t, strlen(t)); }
static void e2b_mcp__om_num(e2b_mcp_json *w, unsigned long long v) {
  char num[24];
  e2b_mcp__fmt_ll(num, (long long)v);
  e2b_mcp__om_put(w, num);
}
static void e2b_mcp__om_secs(e2b_mcp_json *w, unsigned long long ms) {   /* ms as seconds, three decimals */
  char frac[5];
  e2b_mcp__om_num(w, ms / 1000);
  frac[0] = '.'; frac[1] = (char)('0' + ms / 100 % 10); frac[2] = (char)('0' + ms / 10 % 10); frac[3] = (char)('0' + ms % 10); frac[4] = 0;
  e2b_mcp__om_put(w, frac);
}
/* A label value: a name from a fixed table, escaped as the format says anyway. */
static void e2b_mcp__om_label(e2b_mcp_json *w, const char *name, const char *v, int first) {
  if (!first) e2b_mcp__w_c(w, ',');
  e2b_mcp__om_put(w, name);
  e2b_mcp__w_put(w, "=\"", 2);
  for (; *v; v++) {
    if (*v == '"' || *v == '\\') e2b_mcp__w_c(w, '\\');
    if (*v == '\n') { e2b_mcp__w_put(w, "\\n", 2); continue; }
    e2b_mcp__w_c(w, *v);
  }
  e2b_mcp__w_c(w, '"');
}
static void e2b_mcp__om_head(e2b_mcp_json *w, const char *name, const char *type, const char *help) {
  e2b_mcp__om_put(w, "# HELP "); e2b_mcp__om_put(w, name); e2b_mcp__w_c(w, ' '); e2b_mcp__om_put(w, help);
  e2b_mcp__om_put(w, "\n# TYPE "); e2b_mcp__om_put(w, name); e2b_mcp__w_c(w, ' '); e2b_mcp__om_put(w, type); e2b_mcp__w_c(w, '\n');
}
/* One sample: name{labels} value, labels given as pairs up to a NULL name. */
static void e2b_mcp__om_sample(e2b_mcp_json *w, const char *name, const char *const *labels, unsigned long long v) {
  int i;
  e2b_mcp__om_put(w, name);
  if (labels && labels[0]) {
    e2b_mcp__w_c(w, '{');
    for (i = 0; labels[i]; i += 2) e2b_mcp__om_label(w, labels[i], labels[i + 1], i == 0);
    e2b_mcp__w_c(w, '}');
  }
  e2b_mcp__w_c(w, ' ');
  e2b_mcp__om_num(w, v);
  e2b_mcp__w_c(w, '\n');
}
/* A histogram's series for one set of labels (pairs, at most 3, NULL-ended). */
static void e2b_mcp__om_hist(e2b_mcp_json *w, const char *name, const char *const *labels, const e2b_mcp__hist *h) {
  static const char *const le[E2B_MCP__MET_BUCKETS] = E2B_MCP__MET_BOUNDS_TEXT;
  unsigned long long sum = 0;
  int i, j;
  for (i = 0; i <= E2B_MCP__MET_BUCKETS; i++) {
    sum += h->b[i];
    e2b_mcp__om_put(w, name); e2b_mcp__om_put(w, "_bucket{");
    for (j = 0; labels[j]; j += 2) e2b_mcp__om_label(w, labels[j], labels[j + 1], j == 0);
    e2b_mcp__om_label(w, "le", i < E2B_MCP__MET_BUCKETS ? le[i] : "+Inf", labels[0] == NULL);
    e2b_mcp__om_put(w, "} ");
    e2b_mcp__om_num(w, sum);
    e2b_mcp__w_c(w, '\n');
  }
  for (j = 0; j < 2; j++) {
    e2b_mcp__om_put(w, name); e2b_mcp__om_put(w, j ? "_count" : "_sum");
    if (labels[0]) {
      int k;
      e2b_mcp__w_c(w, '{');
      for (k = 0; labels[k]; k += 2) e2b_mcp__om_label(w, labels[k], labels[k + 1], k == 0);
      e2b_mcp__w_c(w, '}');
    }
    e2b_mcp__w_c(w, ' ');
    if (j) e2b_mcp__om_num(w, sum); else e2b_mcp__om_secs(w, h->sum_ms);
    e2b_mcp__w_c(w, '\n');
  }
}
static unsigned long long e2b_mcp__om_count(const e2b_mcp__hist *h) {
  unsigned long long n = 0;
  int i;
  for (i = 0; i <= E2B_MCP__MET_BUCKETS; i++) n += h->b[i];
  return n;
}

/* GET /metrics's body into w (a streaming writer: it flushes as it fills).
   Histograms and E2B's answers show the series that were observed; the
   fixed sets (refusals, questions, verifications) show every value. */
static void e2b_mcp__ops_metrics(e2b_mcp_server *s, const e2b_mcp__ops_view *v, e2b_mcp_json *w) {
  static const char *const oc[E2B_MCP__OC_N] = E2B_MCP__OC_NAMES;
  static const char *const methods[E2B_MCP__MET_NMETHODS] = E2B_MCP__MET_METHODS;
  static const char *const rf[E2B_MCP__RF_N] = E2B_MCP__RF_NAMES;
  static const char *const cq[E2B_MCP__CQ_N] = E2B_MCP__CQ_NAMES;
  static const int st[] = E2B_MCP__MET_STATUSES;
  const e2b_mcp__metrics *m = &s->metrics;
  const char *lab[9];
  char code[24];
  int i, j, subs = 0;
  e2b_mcp__om_head(w, "mcp_server_operation_duration_seconds", "histogram",
                   "MCP requests the server answered, by method, tool (tools/call) and error type (OpenTelemetry mcp.server.operation.duration)");
  for (i = 0; i < s->ntools && i < E2B_MCP__MET_TOOLS; i++)
    for (j = 0; j < E2B_MCP__OC_N; j++) {
      if (!e2b_mcp__om_count(&m->tool[i][j])) continue;
      lab[0] = "mcp_method_name"; lab[1] = "tools/call"; lab[2] = "gen_ai_tool_name"; lab[3] = s->tools[i]->name;
      lab[4] = j ? "error_type" : NULL; lab[5] = j == E2B_MCP__OC_ERROR ? "tool_error" : oc[j]; lab[6] = NULL;
      e2b_mcp__om_hist(w, "mcp_server_operation_duration_seconds", lab, &m->tool[i][j]);
    }
  for (i = 0; i < E2B_MCP__MET_NMETHODS; i++)
    for (j = 0; j < 2; j++) {
      if (!e2b_mcp__om_count(&m->method[i][j])) continue;
      lab[0] = "mcp_method_name"; lab[1] = methods[i];
      lab[2] = j ? "error_type" : NULL; lab[3] = "method_not_found"; lab[4] = NULL;
      e2b_mcp__om_hist(w, "mcp_server_operation_duration_seconds", lab, &m->method[i][j]);
    }
  e2b_mcp__om_head(w, "e2b_requests_total", "counter", "Requests to the E2B API, by the tool that made them and E2B's HTTP status (0: no answer)");
  for (i = 0; i < s->ntools && i < E2B_MCP__MET_TOOLS; i++)
    for (j = 0; j < E2B_MCP__MET_NSTATUS; j++) {
      if (!m->e2b[i][j]) continue;
      if (j < (int)(sizeof st / sizeof st[0])) e2b_mcp__fmt_ll(code, st[j]); else strcpy(code, "other");
      lab[0] = "tool"; lab[1] = s->tools[i]->name; lab[2] = "status"; lab[3] = code; lab[4] = NULL;
      e2b_mcp__om_sample(w, "e2b_requests_total", lab, m->e2b[i][j]);
    }
  e2b_mcp__om_head(w, "e2b_request_duration_seconds", "histogram", "Time E2B took to answer, by the tool that asked");
  for (i = 0; i < s->ntools && i < E2B_MCP__MET_TOOLS; i++) {
    if (!e2b_mcp__om_count(&m->e2b_time[i])) continue;
    lab[0] = "tool"; lab[1] = s->tools[i]->name; lab[2] = NULL;
    e2b_mcp__om_hist(w, "e2b_request_duration_seconds", lab, &m->e2b_time[i]);
  }
  e2b_mcp__om_head(w, "e2b_mcp_calls_in_flight", "gauge", "Tool calls in a call slot (talking to E2B or waiting for their user), queued, or being sent");
  e2b_mcp__om_sample(w, "e2b_mcp_calls_in_flight", NULL, (unsigned long long)e2b_mcp_calls_in_flight(s));
  e2b_mcp__om_head(w, "e2b_mcp_calls_queued", "gauge", "Tool calls waiting for a free call slot");
  e2b_mcp__om_sample(w, "e2b_mcp_calls_queued", NULL, (unsigned long long)s->nqueue);
  e2b_mcp__om_head(w, "e2b_mcp_calls_refused_total", "counter", "Tool calls refused before they started, by reason; nothing was sent to E2B");
  for (i = 0; i < E2B_MCP__RF_N; i++) { lab[0] = "reason"; lab[1] = rf[i]; lab[2] = NULL; e2b_mcp__om_sample(w, "e2b_mcp_calls_refused_total", lab, m->refused[i]); }
  e2b_mcp__om_head(w, "e2b_mcp_sessions", "gauge", "2025 MCP sessions open over HTTP");
  e2b_mcp__om_sample(w, "e2b_mcp_sessions", NULL, (unsigned long long)v->sessions);
  e2b_mcp__om_head(w, "e2b_mcp_connections", "gauge", "HTTP connections open");
  e2b_mcp__om_sample(w, "e2b_mcp_connections", NULL, (unsigned long long)v->conns);
  e2b_mcp__om_head(w, "e2b_mcp_streams", "gauge", "Sessions' GET streams open (notifications of subscriptions)");
  e2b_mcp__om_sample(w, "e2b_mcp_streams", NULL, (unsigned long long)v->streams);
#if E2B_MCP__SUBS
  for (i = 0; i < s->nsubs; i++) subs += s->subs[i].sess != NULL;
#endif
  e2b_mcp__om_head(w, "e2b_mcp_subscriptions", "gauge", "Resource subscriptions held");
  e2b_mcp__om_sample(w, "e2b_mcp_subscriptions", NULL, (unsigned long long)subs);
  e2b_mcp__om_head(w, "e2b_mcp_consent_questions_total", "counter", "Consent questions before a bill or a kill: asked, and how they were answered");
  for (i = 0; i < E2B_MCP__CQ_N; i++) { lab[0] = "result"; lab[1] = cq[i]; lab[2] = NULL; e2b_mcp__om_sample(w, "e2b_mcp_consent_questions_total", lab, m->consent[i]); }
  e2b_mcp__om_head(w, "e2b_mcp_cooldowns_total", "counter", "E2B's 429 answers that started a cool-down (no request of that tool until it ends)");
  e2b_mcp__om_sample(w, "e2b_mcp_cooldowns_total", NULL, m->cooldowns);
#if E2B_MCP_AUTH
  if (v->auth) {
    static const struct { int code; const char *name; } res[] = {
#define E2B_MCP__OM_RES(name, code, text) { code, #name },
      E2B_MCP__AUTH_ERRORS(E2B_MCP__OM_RES)
#undef E2B_MCP__OM_RES
    };
    char low[24];
    e2b_mcp__om_head(w, "e2b_mcp_token_verifications_total", "counter", "Access tokens verified, by result (ok, or why refused)");
    for (i = 0; i < (int)(sizeof res / sizeof res[0]); i++) {
      int code = -res[i].code;
      size_t k;
      if (code < 0 || code >= E2B_MCP__MET_TOKENS) continue;
      for (k = 0; res[i].name[k] && k + 1 < sizeof low; k++) low[k] = e2b_mcp__lower(res[i].name[k]);
      low[k] = 0;
      lab[0] = "result"; lab[1] = low; lab[2] = NULL;
      e2b_mcp__om_sample(w, "e2b_mcp_token_verifications_total", lab, m->tokens[code]);
    }
  }
#endif
  e2b_mcp__om_head(w, "e2b_mcp_audit_records_total", "counter", "Audit records handed to the audit hook");
  e2b_mcp__om_sample(w, "e2b_mcp_audit_records_total", NULL, m->audit_records);
  e2b_mcp__om_head(w, "e2b_mcp_audit_failures_total", "counter", "Audit records that could not be written (e2b_mcp_audit_failed)");
  e2b_mcp__om_sample(w, "e2b_mcp_audit_failures_total", NULL, m->audit_failures);
  e2b_mcp__om_head(w, "e2b_mcp_http_requests_total", "counter", "HTTP requests read");
  e2b_mcp__om_sample(w, "e2b_mcp_http_requests_total", NULL, m->http_requests);
  e2b_mcp__om_head(w, "e2b_mcp_build_info", "gauge", "The build: version, TLS port");
  lab[0] = "version"; lab[1] = E2B_MCP_VERSION; lab[2] = "tls";
#if defined(E2B_MCP_TLS_BEARSSL)
  lab[3] = "bearssl";
#elif defined(E2B_MCP_TLS_MBEDTLS)
  lab[3] = "mbedtls";
#elif defined(E2B_MCP_TLS_CUSTOM)
  lab[3] = "custom";
#else
  lab[3] = "none";
#endif
  lab[4] = NULL;
  e2b_mcp__om_sample(w, "e2b_mcp_build_info", lab, 1);
}
#endif
#endif

#if E2B_MCP_LIMITS && (E2B_MCP_WITH_STDIO || defined(E2B_MCP__HTTP))   /* a transport that takes calls */
/* ---- limits per user: a token bucket per principal ----
   Two buckets a principal: every tools/call, and the billable ones (a tool
   that is not read-only). A bucket holds at most burst calls and fills at
   per_min a minute; a call takes one. The table is fixed: a principal's
   place is its hash, and it may live in any of the 8 places from there; a
   new one takes a free place among them, else the least recently used one's
   (forgotten: it starts again full). */
#define E2B_MCP__LIM_WAYS 8
static long e2b_mcp__bucket_take(long *tok, unsigned long dt, int per_min, int burst, int take) {
  long cap = (long)burst * 1000L, add;
  if (per_min <= 0 || burst <= 0) return 0;
  add = dt >= 60000UL * 1000UL ? cap : (long)(((unsigned long long)dt * (unsigned long long)per_min) / 60UL);
  if (add > cap) add = cap;
  *tok = *tok + add > cap ? cap : *tok + add;
  if (*tok >= 1000) { if (take) *tok -= 1000; return 0; }
  return (long)(((unsigned long long)(1000 - *tok) * 60UL + (unsigned long long)per_min - 1) / (unsigned long long)per_min);
}
static e2b_mcp__bucket *e2b_mcp__limit_find(e2b_mcp_server *s, unsigned long long who, unsigned long now) {
  e2b_mcp__limits *L = &s->limits;
  unsigned long at = (unsigned long)(who % (unsigned long long)E2B_MCP_LIMIT_PRINCIPALS);
  e2b_mcp__bucket *pick = NULL;
  int i;
  for (i = 0; i < E2B_MCP__LIM_WAYS; i++) {
    e2b_mcp__bucket *b = &L->b[(at + (unsigned long)i) % E2B_MCP_LIMIT_PRINCIPALS];
    if (b->who == who) { pick = b; break; }
    if (!pick || (pick->who && (!b->who || b->used < pick->used))) pick = b;
  }
  if (pick->who != who) {   /* new, or forgotten: a full bucket */
    pick->who = who;
    pick->tok[0] = (long)s->cfg.limit_burst * 1000L;
    pick->tok[1] = (long)s->cfg.limit_bill_burst * 1000L;
    pick->at = now;
  }
  pick->used = ++L->uses;
  return pick;
}
/* Whether principal who may make a call now (bill: a billable one): 0 yes
   (taken), > 0 the ms until it may, < 0 the shared store cannot say; *which
   says which bucket refused (E2B_MCP__RF_*). */
static long e2b_mcp__limit_take(e2b_mcp_server *s, unsigned long long who, int bill, int *which) {
  const e2b_mcp_config *cf = &s->cfg;
  long w;
  int on = cf->limit_per_min > 0 && cf->limit_burst > 0, on_bill = bill && cf->limit_bill_per_min > 0 && cf->limit_bill_burst > 0;
  *which = E2B_MCP__RF_RATE;
  if (!on && !on_bill) return 0;
  if (!who) who = 1;
  if (cf->limit_take) {   /* shared: the billable bucket first, so a refused bill costs no call */
    if (on_bill) {
      *which = E2B_MCP__RF_RATE_BILL;
      if ((w = cf->limit_take(cf->limit_user, who, 1, cf->limit_bill_per_min, cf->limit_bill_burst)) != 0) { if (w < 0) *which = E2B_MCP__RF_LIMITS_DOWN; return w; }
    }
    *which = E2B_MCP__RF_RATE;
    w = on ? cf->limit_take(cf->limit_user, who, 0, cf->limit_per_min, cf->limit_burst) : 0;
    if (w < 0) *which = E2B_MCP__RF_LIMITS_DOWN;
    return w;
  } else {
    unsigned long now = e2b_mcp__now_ms(s);
    e2b_mcp__bucket *b = e2b_mcp__limit_find(s, who, now);
    unsigned long dt = now - b->at;
    long w0, w1 = 0;
    b->at = now;
    w0 = on ? e2b_mcp__bucket_take(&b->tok[0], dt, cf->limit_per_min, cf->limit_burst, 0) : 0;
    if (on_bill) w1 = e2b_mcp__bucket_take(&b->tok[1], dt, cf->limit_bill_per_min, cf->limit_bill_burst, 0);
    if (w1) { *which = E2B_MCP__RF_RATE_BILL; return w1; }
    if (w0) return w0;
    if (on) b->tok[0] -= 1000;
    if (on_bill) b->tok[1] -= 1000;
    return 0;
  }
}
static int e2b_mcp__limit_bills(const e2b_mcp_server *s, const char *name, size_t n);
/* A tools/call just peeked (js, its tokens in s->mtok) from principal who:
   0, it may go on; else the ms until it may (< 0: the store the replicas
   share cannot say), *which the bucket that refused (E2B_MCP__RF_*), *nm the
   tool name's token. Refusals are counted in the metrics. */
static long e2b_mcp__limit_call(e2b_mcp_server *s, const char *js, unsigned long long who, int *which, int *nm) {
  const jsmntok_t *t = s->mtok;
  int m, p;
  long w;
  *nm = -1;
  if (s->peek_ntok <= 0 || t[0].type != JSMN_OBJECT) return 0;   /* a batch is not limited here */
  m = e2b_mcp__tok_get(js, t, 0, "method");
  if (m < 0 || !e2b_mcp__tok_eq(js, &t[m], "tools/call") || e2b_mcp__tok_get(js, t, 0, "id") < 0) return 0;
  p = e2b_mcp__tok_get(js, t, 0, "params");
  *nm = p >= 0 ? e2b_mcp__tok_get(js, t, p, "name") : -1;
  if (*nm < 0 || t[*nm].type != JSMN_STRING) return 0;   /* invalid: the core says why */
  w = e2b_mcp__limit_take(s, who, e2b_mcp__limit_bills(s, js + t[*nm].start, (size_t)(t[*nm].end - t[*nm].start)), which);
#if E2B_MCP_METRICS
  if (w) s->metrics.refused[*which]++;
#endif
  return w;
}
/* What the caller is told. */
static void e2b_mcp__limit_text(const e2b_mcp_server *s, long w, int which, char *out, size_t cap) {
  if (w < 0) e2b_mcp__fmt(out, cap, "Too Many Requests: the limits per user cannot be checked right now (the store the server's replicas "
                          "share does not answer), so calls are refused; nothing was sent to E2B. Call again in a little while.");
  else e2b_mcp__fmt(out, cap, "Too Many Requests: you have made as many %scalls as this server allows one user (%d a minute, %d at once); "
                    "nothing was sent to E2B. Call again in %ld s.", which == E2B_MCP__RF_RATE_BILL ? "billable " : "",
                    which == E2B_MCP__RF_RATE_BILL ? s->cfg.limit_bill_per_min : s->cfg.limit_per_min,
                    which == E2B_MCP__RF_RATE_BILL ? s->cfg.limit_bill_burst : s->cfg.limit_burst, (w + 999) / 1000);
}
#if E2B_MCP_AUDIT
/* The audit hears of a call refused for its user's limit: outcome "rate_limited", nothing sent to E2B. */
static void e2b_mcp__limit_audit(e2b_mcp_server *s, const char *js, int nm, const char *who) {
  const jsmntok_t *t = s->mtok;
  char tool[E2B_MCP_ID_MAX + 1], sbx[E2B_MCP_ID_MAX + 1], argv[E2B_MCP_AUDIT_ARGS_MAX];
  e2b_mcp_audit_record r;
  int p = e2b_mcp__tok_get(js, t, 0, "params"), i;
  if (!s->cfg.audit || nm < 0) return;
  if (e2b_mcp__tok_str(js, &t[nm], tool, sizeof tool) < 0) e2b_mcp__strlcpy(tool, "(a name too long)", sizeof tool);
  e2b_mcp__audit_args(js, t, p >= 0 ? e2b_mcp__tok_get(js, t, p, "arguments") : -1, argv, sbx);
  memset(&r, 0, sizeof r);
  r.tool = tool;
  r.group = E2B_MCP_GROUP_WRITE;
  for (i = 0; i < s->ntools; i++)
    if (strcmp(s->tools[i]->name, tool) == 0)
      r.group = (s->tools[i]->annotations & E2B_MCP_DESTRUCTIVE) ? E2B_MCP_GROUP_KILL : (s->tools[i]->annotations & E2B_MCP_READ_ONLY) ? E2B_MCP_GROUP_READ : E2B_MCP_GROUP_WRITE;
  r.who = who;
  r.sandbox_id = sbx;
  r.args = argv;
  r.outcome = "rate_limited";
  s->cfg.audit(s->cfg.audit_user, &r);
  E2B_MCP__MET_INC(s, audit_records);
}
#endif
/* Whether the tool named name[0..n) bills (starts, changes or destroys): every tool not read-only. */
static int e2b_mcp__limit_bills(const e2b_mcp_server *s, const char *name, size_t n) {
  int i;
  for (i = 0; i < s->ntools; i++)
    if (strlen(s->tools[i]->name) == n && memcmp(s->tools[i]->name, name, n) == 0) return !(s->tools[i]->annotations & E2B_MCP_READ_ONLY);
  return 0;
}
#endif
