#include "complete.h"
#include "front.h"
#include "config.h"
#include "derived.h"
#include "json.h"
#include "mcp.h"
#include "prompts.h"
#include "resources.h"
/* >>completions --------------------------------------------------------------
   completion/complete for the arguments of prompts (E2B's and yours) and of
   resource templates, by the argument's name: sandbox IDs (sandbox_id,
   sandboxID, keep) and metadata (metadata, as key=value) from the running
   sandboxes, template IDs and names (template, templateID, template_id) from
   the team's templates, log levels (level). Anything else has no values. A
   value E2B must give comes from a call of the list tool in a call slot, as
   a resource's read does, its answer written as the completion
   (e2b_mcp_call.reply); the values are kept briefly for the next keystroke. */
#if E2B_MCP_WITH_COMPLETIONS
enum { E2B_MCP__CK_NONE, E2B_MCP__CK_SANDBOX, E2B_MCP__CK_META, E2B_MCP__CK_TEMPLATE, E2B_MCP__CK_LEVEL };
#define E2B_MCP__COMPLETE_MAX 100   /* values in one answer (MCP's limit) */

static int e2b_mcp__complete_kind(const char *js, const jsmntok_t *name) {
  if (e2b_mcp__tok_eq(js, name, "sandbox_id") || e2b_mcp__tok_eq(js, name, "sandboxID") || e2b_mcp__tok_eq(js, name, "keep")) return E2B_MCP__CK_SANDBOX;
  if (e2b_mcp__tok_eq(js, name, "metadata")) return E2B_MCP__CK_META;
  if (e2b_mcp__tok_eq(js, name, "template") || e2b_mcp__tok_eq(js, name, "templateID") || e2b_mcp__tok_eq(js, name, "template_id")) return E2B_MCP__CK_TEMPLATE;
  if (e2b_mcp__tok_eq(js, name, "level")) return E2B_MCP__CK_LEVEL;
  return E2B_MCP__CK_NONE;
}

/* {"completion":{"values":[...],"total":n,"hasMore":b}}: the items (n of
   them, stride bytes apart) that begin with prefix, at most 100. */
static void e2b_mcp__complete_write(e2b_mcp_json *w, const char *items, size_t stride, int n, const char *prefix, int modern) {
  size_t pl = strlen(prefix);
  int i, total = 0;
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "completion"); e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "values"); e2b_mcp_json_arr(w);
  for (i = 0; i < n; i++) {
    const char *v = items + (size_t)i * stride;
    if (strncmp(v, prefix, pl) != 0) continue;
    if (total++ < E2B_MCP__COMPLETE_MAX) e2b_mcp_json_str(w, v);
  }
  e2b_mcp_json_arr_end(w);
  e2b_mcp_json_key(w, "total"); e2b_mcp_json_int(w, total);
  e2b_mcp_json_key(w, "hasMore"); e2b_mcp_json_bool(w, total > E2B_MCP__COMPLETE_MAX);
  e2b_mcp_json_obj_end(w);
  if (modern) { e2b_mcp_json_key(w, "resultType"); e2b_mcp_json_str(w, "complete"); }
  e2b_mcp_json_obj_end(w);
}
static const char e2b_mcp__log_levels[4][8] = { "debug", "info", "warn", "error" };
static e2b_mcp__complete_cache *e2b_mcp__complete_cache_of(e2b_mcp_server *s, int kind) {
  return &s->complete[kind == E2B_MCP__CK_TEMPLATE ? E2B_MCP__CC_TEMPLATES : kind == E2B_MCP__CK_META ? E2B_MCP__CC_METADATA : E2B_MCP__CC_SANDBOXES];
}
/* The answer for kind from what is known now (the cache, the levels). */
static void e2b_mcp__complete_known(e2b_mcp_server *s, e2b_mcp_json *w, int kind, const char *prefix, int modern) {
  const e2b_mcp__complete_cache *cc = e2b_mcp__complete_cache_of(s, kind);
  if (kind == E2B_MCP__CK_LEVEL) e2b_mcp__complete_write(w, e2b_mcp__log_levels[0], sizeof e2b_mcp__log_levels[0], 4, prefix, modern);
  else if (kind == E2B_MCP__CK_NONE) e2b_mcp__complete_write(w, "", 1, 0, prefix, modern);
  else e2b_mcp__complete_write(w, cc->item[0], sizeof cc->item[0], cc->n, prefix, modern);
}

/* Adds a value (a token's text) to a cache, once. */
static void e2b_mcp__cache_add(e2b_mcp__complete_cache *cc, const char *js, const jsmntok_t *t, const char *pre, const jsmntok_t *pt) {
  char v[sizeof cc->item[0]];
  size_t o = 0;
  int i;
  if (cc->n >= E2B_MCP__COMPLETE_ITEMS) return;
  if (pre) {   /* key=value */
    if (e2b_mcp__tok_str(pre, pt, v, sizeof v - 2) < 0) return;
    o = strlen(v);
    v[o++] = '=';
  }
  if (t->type != JSMN_STRING || e2b_mcp__tok_str(js, t, v + o, sizeof v - o) < 0 || !v[0]) return;
  for (i = 0; i < cc->n; i++) if (strcmp(cc->item[i], v) == 0) return;
  strcpy(cc->item[cc->n++], v);
}
/* Fills the caches from a list tool's structured result (the sandboxes:
   IDs and metadata; the templates: IDs and names). */
static void e2b_mcp__complete_fill(e2b_mcp_call *c, int kind) {
  e2b_mcp_server *s = c->srv;
  const char *js = c->out.buf;
  const jsmntok_t *t = s->rtok;
  int n = e2b_mcp__parse(js, c->out.len, s->rtok, E2B_MCP__COUNT(s->rtok)), d, i, k, j, q, first, last;
  unsigned long now = e2b_mcp__now_ms(s);
  if (n <= 0 || (d = e2b_mcp__tok_get(js, t, 0, "data")) < 0 || t[d].type != JSMN_ARRAY) return;
  first = kind == E2B_MCP__CK_TEMPLATE ? E2B_MCP__CC_TEMPLATES : E2B_MCP__CC_SANDBOXES;
  last = kind == E2B_MCP__CK_TEMPLATE ? E2B_MCP__CC_TEMPLATES : E2B_MCP__CC_METADATA;
  for (q = first; q <= last; q++) {
    s->complete[q].n = 0;
    s->complete[q].at = now ? now : 1;
    s->complete[q].own = c->cx->key == s->key;
  }
  for (i = d + 1, k = 0; k < t[d].size; k++, i = e2b_mcp__tok_skip(t, i)) {
    if (kind == E2B_MCP__CK_TEMPLATE) {
      int id = e2b_mcp__tok_get(js, t, i, "templateID"), nm = e2b_mcp__tok_get(js, t, i, "names");
      if (id >= 0) e2b_mcp__cache_add(&s->complete[E2B_MCP__CC_TEMPLATES], js, &t[id], NULL, NULL);
      if (nm >= 0 && t[nm].type == JSMN_ARRAY)
        for (j = nm + 1, q = 0; q < t[nm].size; q++, j = e2b_mcp__tok_skip(t, j)) e2b_mcp__cache_add(&s->complete[E2B_MCP__CC_TEMPLATES], js, &t[j], NULL, NULL);
    } else {
      int id = e2b_mcp__tok_get(js, t, i, "sandboxID"), md = e2b_mcp__tok_get(js, t, i, "metadata");
      if (id >= 0) e2b_mcp__cache_add(&s->complete[E2B_MCP__CC_SANDBOXES], js, &t[id], NULL, NULL);
      if (md >= 0 && t[md].type == JSMN_OBJECT)
        for (j = md + 1, q = 0; q < t[md].size; q++, j = e2b_mcp__tok_skip(t, j + 1))
          e2b_mcp__cache_add(&s->complete[E2B_MCP__CC_METADATA], js, &t[j + 1], js, &t[j]);
    }
  }
}

/* The answer of a completion that asked E2B: its kind and prefix in ref
   ("<kind digit><prefix>"). E2B's error is no values (a completion is a
   convenience; the tool itself says what is wrong). */
static void e2b_mcp__complete_reply(e2b_mcp_call *c, e2b_mcp_json *w) {
  int kind = c->ref[0] - '0';
  if (!w) {
    if (!c->is_error && c->has_out) e2b_mcp__complete_fill(c, kind);
    return;
  }
  if (c->is_error) e2b_mcp__complete_write(w, "", 1, 0, "", c->modern);
  else e2b_mcp__complete_known(c->srv, w, kind, c->ref + 1, c->modern);
}

/* Whether ref (a prompt's or a resource template's) is one of this server's,
   and whether it has the argument at an. */
static int e2b_mcp__complete_ref(e2b_mcp_server *s, const e2b_mcp__ctx *cx, const char *js, const jsmntok_t *t, int ref, int an, int *has_arg) {
  int ty = e2b_mcp__tok_get(js, t, ref, "type"), i;
  *has_arg = 0;
  if (ty < 0) return 0;
#if E2B_MCP_WITH_PROMPTS
  if (e2b_mcp__tok_eq(js, &t[ty], "ref/prompt")) {
    int nm = e2b_mcp__tok_get(js, t, ref, "name");
    const e2b_mcp_prompt *p = nm >= 0 && t[nm].type == JSMN_STRING ? e2b_mcp__find_prompt(s, cx, js, &t[nm]) : NULL;
    if (!p) return 0;
    for (i = 0; i < p->nargs; i++) if (e2b_mcp__tok_eq(js, &t[an], p->args[i].name)) *has_arg = 1;
    return 1;
  }
#endif
#if E2B_MCP_WITH_RESOURCES
  if (e2b_mcp__tok_eq(js, &t[ty], "ref/resource")) {
    int u = e2b_mcp__tok_get(js, t, ref, "uri");
    const char *tpl = NULL;
    char var[80];
    if (u < 0 || t[u].type != JSMN_STRING) return 0;
    for (i = 0; i < E2B_MCP__RES_N && !tpl; i++)
      if (e2b_mcp__is_template(e2b_mcp__builtin_resources[i].uri) && e2b_mcp__res_tool(s, cx, &e2b_mcp__builtin_resources[i]) &&
          e2b_mcp__tok_eq(js, &t[u], e2b_mcp__builtin_resources[i].uri)) tpl = e2b_mcp__builtin_resources[i].uri;
    for (i = 0; i < s->nresources && !tpl; i++)
      if (e2b_mcp__is_template(s->resources[i]->uri) && e2b_mcp__tok_eq(js, &t[u], s->resources[i]->uri)) tpl = s->resources[i]->uri;
    if (!tpl) return 0;
    if (t[an].end - t[an].start < (int)sizeof var - 2) {   /* "{name}" in the template */
      var[0] = '{';
      memcpy(var + 1, js + t[an].start, (size_t)(t[an].end - t[an].start));
      strcpy(var + 1 + (t[an].end - t[an].start), "}");
      *has_arg = strstr(tpl, var) != NULL;
    }
    return 1;
  }
#endif
  (void)s; (void)cx; (void)an; (void)i;
  return 0;
}

static void e2b_mcp__on_complete(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int params, const char *id) {
  char ref[E2B_MCP__REF_MAX];
  e2b_mcp__complete_cache *cc;
  const e2b_mcp_tool *tool;
  e2b_mcp_json w;
  int rf = e2b_mcp__tok_get(js, t, params, "ref"), arg = e2b_mcp__tok_get(js, t, params, "argument");
  int an = e2b_mcp__tok_get(js, t, arg, "name"), av = e2b_mcp__tok_get(js, t, arg, "value"), has, kind, modern = m->cx->sess->version == E2B_MCP__V2026_07;
  unsigned long now = e2b_mcp__now_ms(s);
  if (rf < 0 || t[rf].type != JSMN_OBJECT || an < 0 || t[an].type != JSMN_STRING || (av >= 0 && t[av].type != JSMN_STRING)) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, "completion/complete needs params.ref ({type, name} or {type, uri}) and "
                         "params.argument ({name, value}, strings)");
    return;
  }
  if (!e2b_mcp__complete_ref(s, m->cx, js, t, rf, an, &has)) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, "Invalid params: ref names no prompt or resource template of this server's "
                         "(prompts/list and resources/templates/list name them)");
    return;
  }
  ref[0] = (char)('0' + (kind = has ? e2b_mcp__complete_kind(js, &t[an]) : E2B_MCP__CK_NONE));
  if (av < 0) ref[1] = 0;
  else if (e2b_mcp__tok_str(js, &t[av], ref + 1, sizeof ref - 1) < 0) {   /* longer than any value: none match */
    kind = E2B_MCP__CK_NONE;
    ref[1] = 0;   /* the decoder stopped without a terminator */
  }
  cc = e2b_mcp__complete_cache_of(s, kind);
  tool = kind == E2B_MCP__CK_TEMPLATE ? e2b_mcp__tool_for(s, m->cx, "e2b_list_templates", 18)
       : kind == E2B_MCP__CK_SANDBOX || kind == E2B_MCP__CK_META ? e2b_mcp__tool_for(s, m->cx, "e2b_list_sandboxes", 18) : NULL;
  if (tool && m->cx->key_len && !(cc->at && cc->own && m->cx->key == s->key && now - cc->at < (unsigned long)E2B_MCP_COMPLETE_TTL_MS)) {
    static const char sandboxes[] = "{\"state\":[\"running\"]}";
    jsmntok_t at[6];
    const char *a = kind == E2B_MCP__CK_TEMPLATE ? "{}" : sandboxes;
    e2b_mcp__parse(a, strlen(a), at, 6);
    m->reply = e2b_mcp__complete_reply;
    m->ref = ref;
    s->run->two_phase(s, m, tool, a, at, 0, -1, id);
    m->reply = NULL;
    m->ref = NULL;
    return;
  }
  if (!tool && kind != E2B_MCP__CK_LEVEL) kind = E2B_MCP__CK_NONE;   /* nothing to read them from */
  else if (tool && !(cc->at && cc->own && m->cx->key == s->key)) kind = E2B_MCP__CK_NONE;   /* no key: none known */
  e2b_mcp__reply_begin(s, m, &w, id);
  e2b_mcp__complete_known(s, &w, kind, ref + 1, modern);
  e2b_mcp__out_end(m, &w);
}

static int e2b_mcp__complete_handle(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int meth, int params, const char *id) {
  if (!e2b_mcp__tok_eq(js, &t[meth], "completion/complete")) return 0;
  e2b_mcp__on_complete(s, m, js, t, params, id);
  return 1;
}
static void e2b_mcp__complete_caps(e2b_mcp_server *s, e2b_mcp_json *w, int modern) {
  (void)modern;
  (void)s;
  e2b_mcp_json_key(w, "completions"); e2b_mcp_json_obj(w); e2b_mcp_json_obj_end(w);
}
static const e2b_mcp__surface e2b_mcp__complete_surface = { e2b_mcp__complete_handle, e2b_mcp__complete_caps };
static void e2b_mcp__complete_init(e2b_mcp_server *s) { s->surface[s->nsurface++] = &e2b_mcp__complete_surface; }
#endif
