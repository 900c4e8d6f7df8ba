#include "resources.h"
#include "front.h"
#include "config.h"
#include "util.c"
#include "json.h"
#include "mcp.h"
#include "prompts.h"
/* >>resources ----------------------------------------------------------------
   resources/list, resources/templates/list and resources/read, in both eras
   and over whatever transport brought them. E2B's resources are rows that
   name the tool they are read through and its arguments: a read makes that
   tool's call in a call slot, like a tools/call (the same checks, E2B call,
   shaping, redaction, 429 cool-downs), and its answer is the tool's
   structured result as the resource's JSON text instead of a tool result
   (e2b_mcp_call.reply). A resource of your own is read at once on a call
   record of its own, as a prompt is got. Unknown URIs get what the revision
   says: -32002 with the URI in the 2025 revisions, -32602 with it in
   2026-07-28; so does E2B's 404 (the sandbox ended). Resources are listed
   only for a request with a key (reading them can only fail without one),
   and only while the tool they are read through is offered. */
#if E2B_MCP_WITH_RESOURCES
#define E2B_MCP__RESOURCE_NOT_FOUND (-32002)   /* the 2025 revisions' code; 2026-07-28 says -32602 */

/* E2B's resources: {sandboxID} and {templateID} stand for one ID (letters,
   digits, '-' and '_'), put into the tool's arguments at %s. */
typedef struct e2b_mcp__res {
  const char *uri, *name, *title, *description, *tool, *args;
} e2b_mcp__res;
static const e2b_mcp__res e2b_mcp__builtin_resources[] = {
  { "e2b://sandboxes", "sandboxes", "Running sandboxes",
    "The running sandboxes (the first 100): ID, template, metadata, start and end time (e2b_list_sandboxes).",
    "e2b_list_sandboxes", "{\"state\":[\"running\"]}" },
  { "e2b://templates", "templates", "Templates", "The team's templates: IDs, names, resources (e2b_list_templates).",
    "e2b_list_templates", "{}" },
  { "e2b://default-templates", "default-templates", "Default templates",
    "E2B's public templates (base, code-interpreter-v1, ...), with CPU, memory and disk (e2b_list_default_templates).",
    "e2b_list_default_templates", "{}" },
  { "e2b://snapshots", "snapshots", "Snapshots", "The team's sandbox snapshots (e2b_list_snapshots).", "e2b_list_snapshots", "{}" },
  /* the templates */
  { "e2b://sandboxes/{sandboxID}", "sandbox", "Sandbox",
    "One sandbox: state, template, metadata, CPU, memory, start and end time (e2b_get_sandbox).", "e2b_get_sandbox",
    "{\"sandbox_id\":\"%s\"}" },
  { "e2b://sandboxes/{sandboxID}/logs", "sandbox-logs", "Sandbox logs", "A sandbox's latest 100 log entries (e2b_get_sandbox_logs).",
    "e2b_get_sandbox_logs", "{\"sandbox_id\":\"%s\"}" },
  { "e2b://sandboxes/{sandboxID}/metrics", "sandbox-metrics", "Sandbox metrics",
    "A sandbox's CPU, memory and disk samples with their summary (e2b_get_sandbox_metrics).", "e2b_get_sandbox_metrics",
    "{\"sandbox_id\":\"%s\"}" },
  { "e2b://templates/{templateID}", "template-builds", "Template builds", "A template's builds and their status (e2b_list_template_builds).",
    "e2b_list_template_builds", "{\"template_id\":\"%s\"}" }
};
#define E2B_MCP__RES_N ((int)E2B_MCP__COUNT(e2b_mcp__builtin_resources))

/* Whether uri is what the template tpl stands for: each {name} is one or more
   bytes up to the template's next literal byte, never '/' (with ids: only an
   ID's characters). The value of var (NULL: the first variable) goes into
   buf; *got says 1 found, 0 no such variable, -1 too long for buf. */
static int e2b_mcp__uri_match(const char *tpl, const char *uri, int ids, const char *var, char *buf, size_t cap, int *got) {
  *got = 0;
  while (*tpl) {
    if (*tpl == '{') {
      const char *e = strchr(tpl, '}'), *name = tpl + 1;
      size_t n = 0;
      if (!e) return 0;
      tpl = e + 1;
      while (uri[n] && uri[n] != '/' && uri[n] != *tpl) {
        char ch = uri[n];
        if (ids && !((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '-' || ch == '_')) return 0;
        n++;
      }
      if (!n || (ids && n >= E2B_MCP_ID_MAX)) return 0;
      if (!*got && (!var || (strlen(var) == (size_t)(e - name) && memcmp(var, name, (size_t)(e - name)) == 0))) {
        if (n >= cap) *got = -1;
        else { memcpy(buf, uri, n); buf[n] = 0; *got = 1; }
      }
      uri += n;
    } else if (*tpl++ != *uri++) return 0;
  }
  return *uri == 0;
}
static int e2b_mcp__is_template(const char *uri) { return strchr(uri, '{') != NULL; }
static const e2b_mcp_tool *e2b_mcp__res_tool(e2b_mcp_server *s, const e2b_mcp__ctx *cx, const e2b_mcp__res *r) {
  return e2b_mcp__tool_for(s, cx, r->tool, strlen(r->tool));
}

/* ---- contents ---- */
static void e2b_mcp__content_begin(e2b_mcp_call *c, const char *mime) {
  e2b_mcp_json *w = &c->content;
  if (w->len) e2b_mcp__w_c(w, ',');   /* items of one array */
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "uri"); e2b_mcp_json_str(w, c->ref);
  if (mime) { e2b_mcp_json_key(w, "mimeType"); e2b_mcp_json_str(w, mime); }
}
E2B_MCP_DEF void e2b_mcp_resource_text(e2b_mcp_call *c, const char *mime, const char *text) {
  e2b_mcp__content_begin(c, mime);
  e2b_mcp_json_key(&c->content, "text"); e2b_mcp_json_str(&c->content, text);
  e2b_mcp_json_obj_end(&c->content);
}
E2B_MCP_DEF void e2b_mcp_resource_blob(e2b_mcp_call *c, const char *mime, const char *base64) {
  e2b_mcp__content_begin(c, mime);
  e2b_mcp_json_key(&c->content, "blob"); e2b_mcp_json_str(&c->content, base64);
  e2b_mcp_json_obj_end(&c->content);
}
/* The resource's own row carries its URI template in title (e2b_mcp__read_own). */
E2B_MCP_DEF int e2b_mcp_uri_var(e2b_mcp_call *c, const char *name, char *buf, size_t cap) {
  int got;
  if (!c->tool || !c->tool->title || !e2b_mcp__uri_match(c->tool->title, c->ref, 0, name, buf, cap, &got)) return 0;
  return got;
}

E2B_MCP_DEF int e2b_mcp_add_resource(e2b_mcp_server *s, const e2b_mcp_resource *r) {
  int i;
  if (!r || !r->uri || !*r->uri || !r->name || !r->fn || strlen(r->uri) >= E2B_MCP__REF_MAX) return -1;
  for (i = 0; i < E2B_MCP__RES_N; i++) if (strcmp(e2b_mcp__builtin_resources[i].uri, r->uri) == 0) return -1;
  for (i = 0; i < s->nresources; i++) if (strcmp(s->resources[i]->uri, r->uri) == 0) return -1;
  if (s->nresources >= E2B_MCP_MAX_RESOURCES) return -1;
  s->resources[s->nresources++] = r;
  return 0;
}

/* ---- the answer of a read ---- */
static void e2b_mcp__resource_reply(e2b_mcp_call *c, e2b_mcp_json *w) {
  e2b_mcp_server *s = c->srv;
  int e2b = c->tool->build != NULL;   /* read through an E2B tool: its structured result is the text */
  if (!w) {
    if (c->fail_code || c->input_required) return;
    if (!e2b && c->content.err) e2b_mcp_result_error(c, "The contents of %s do not fit in this server's buffer (%lu bytes).", c->ref, (unsigned long)sizeof s->content);
    else if (!c->is_error && (e2b ? !c->has_out : !c->content.len)) e2b_mcp_result_error(c, "The resource %s has no contents.", c->ref);
    if (c->is_error) {   /* its text is in s->errmsg; the URI goes in the error's data, written where no result is now */
      e2b_mcp_json d;
      int gone = e2b && strncmp(s->errmsg, "E2B answered 404", 16) == 0;
      c->fail_code = gone ? (c->modern ? E2B_MCP__INVALID_PARAMS : E2B_MCP__RESOURCE_NOT_FOUND) : E2B_MCP__INTERNAL_ERROR;
      e2b_mcp_json_init(&d, s->result, sizeof s->result - 1);
      e2b_mcp_json_obj(&d);
      e2b_mcp_json_key(&d, "uri"); e2b_mcp_json_str(&d, c->ref);
      e2b_mcp_json_obj_end(&d);
      s->result[d.err ? 0 : d.len] = 0;
      c->fail_data = d.err ? NULL : s->result;
    }
    return;
  }
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "contents"); e2b_mcp_json_arr(w);
  if (e2b) {
    e2b_mcp_json_obj(w);
    e2b_mcp_json_key(w, "uri"); e2b_mcp_json_str(w, c->ref);
    e2b_mcp_json_key(w, "mimeType"); e2b_mcp_json_str(w, "application/json");
    e2b_mcp_json_key(w, "text"); e2b_mcp_json_strn(w, c->out.buf, c->out.len);
    e2b_mcp_json_obj_end(w);
  } else e2b_mcp_json_raw(w, c->content.buf, c->content.len);
  e2b_mcp_json_arr_end(w);
  /* live data read with the caller's key: nobody else may reuse it, and it is stale at once */
  if (c->modern) e2b_mcp__cache_fields(w, 0, "private");
  e2b_mcp_json_obj_end(w);
}

/* An unknown URI, as the revision says. */
static void e2b_mcp__resource_unknown(e2b_mcp_server *s, e2b_mcp__msg *m, const char *id, const char *uri) {
  char data[E2B_MCP__REF_MAX + 16], text[E2B_MCP__REF_MAX + 96];
  e2b_mcp_json d;
  e2b_mcp_json_init(&d, data, sizeof data - 1);
  e2b_mcp_json_obj(&d);
  e2b_mcp_json_key(&d, "uri"); e2b_mcp_json_str(&d, uri);
  e2b_mcp_json_obj_end(&d);
  data[d.err ? 0 : d.len] = 0;
  e2b_mcp__fmt(text, sizeof text, "Resource not found: %s (resources/list and resources/templates/list name what can be read)", uri);
  e2b_mcp__reply_error_data(s, m, id, m->cx->sess->version == E2B_MCP__V2026_07 ? E2B_MCP__INVALID_PARAMS : E2B_MCP__RESOURCE_NOT_FOUND,
                            text, d.err ? NULL : data);
}

/* E2B's resource r at uri (var: its ID, or ""): its tool's call, in a call
   slot, over arguments written here (they live while the call starts). */
static void e2b_mcp__read_e2b(e2b_mcp_server *s, e2b_mcp__msg *m, const e2b_mcp__res *r, const char *var, const char *uri, const char *id) {
  char a[E2B_MCP_ID_MAX + 48];
  jsmntok_t at[8];
  e2b_mcp__fmt(a, sizeof a, r->args, var);
  if (e2b_mcp__parse(a, strlen(a), at, 8) <= 0) { e2b_mcp__reply_error(s, m, id, E2B_MCP__INTERNAL_ERROR, "Internal error: a resource's arguments"); return; }
  m->reply = e2b_mcp__resource_reply;
  m->ref = uri;
  s->run->two_phase(s, m, e2b_mcp__res_tool(s, m->cx, r), a, at, 0, -1, id);
  m->reply = NULL;
  m->ref = NULL;
}

/* A resource of your own: read now, on a call record of its own whose row
   carries its name, its URI template (title) and its user pointer. */
E2B_MCP__NOINLINE static void e2b_mcp__read_own(e2b_mcp_server *s, e2b_mcp__msg *m, const e2b_mcp_resource *r, const char *js,
                                               const jsmntok_t *t, int params, const char *uri, const char *id) {
  e2b_mcp_call c;
  e2b_mcp_tool row;
  memset(&row, 0, sizeof row);
  row.name = r->name;
  row.title = r->uri;
  row.description = r->description;
  row.input_schema = "{\"type\":\"object\"}";
  row.user = r->user;
  memset(&c, 0, sizeof c);
  if (e2b_mcp__call_fill(s, m, &c, &row, js, t, -1, params, id) != 0) return;
  c.reply = e2b_mcp__resource_reply;
  e2b_mcp__strlcpy(c.ref, uri, sizeof c.ref);
  e2b_mcp__result_reset(&c);
  r->fn(&c);
  e2b_mcp__reply_call(s, m, &c, id);
}

static void e2b_mcp__on_resources_read(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int params, const char *id) {
  char uri[E2B_MCP__REF_MAX], var[E2B_MCP_ID_MAX];
  int u = e2b_mcp__tok_get(js, t, params, "uri"), i, got;
  if (u < 0 || t[u].type != JSMN_STRING) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, "resources/read needs params.uri, the resource's URI (resources/list names them)");
    return;
  }
  if (e2b_mcp__tok_str(js, &t[u], uri, sizeof uri) < 0) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, "Invalid params: the URI is longer than any resource of this server's");
    return;
  }
  for (i = 0; i < E2B_MCP__RES_N; i++) {
    const e2b_mcp__res *r = &e2b_mcp__builtin_resources[i];
    var[0] = 0;
    if (!e2b_mcp__res_tool(s, m->cx, r)) continue;
    if (e2b_mcp__is_template(r->uri) ? e2b_mcp__uri_match(r->uri, uri, 1, NULL, var, sizeof var, &got) : strcmp(r->uri, uri) == 0) {
      e2b_mcp__read_e2b(s, m, r, var, uri, id);
      return;
    }
  }
  for (i = 0; i < s->nresources; i++) {
    const e2b_mcp_resource *r = s->resources[i];
    if (e2b_mcp__is_template(r->uri) ? e2b_mcp__uri_match(r->uri, uri, 0, NULL, var, sizeof var, &got) : strcmp(r->uri, uri) == 0) {
      e2b_mcp__read_own(s, m, r, js, t, params, uri, id);
      return;
    }
  }
  e2b_mcp__resource_unknown(s, m, id, uri);
}

/* resources/list (templates 0) or resources/templates/list (1): E2B's rows,
   then yours, one page; the 2026-07-28 cache fields say the list is the
   caller's own (it depends on its key). */
static void e2b_mcp__on_resources_list(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int params, const char *id, int templates) {
  e2b_mcp_json w;
  int n = E2B_MCP__RES_N + s->nresources, i, end, start = e2b_mcp__list_cursor(s, m, js, t, params, id, n), v = m->cx->sess->version;
  if (start < 0) return;
  end = start + E2B_MCP_TOOLS_PAGE;
  if (end > n) end = n;
  e2b_mcp__reply_begin(s, m, &w, id);
  e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, templates ? "resourceTemplates" : "resources"); e2b_mcp_json_arr(&w);
  for (i = start; i < end; i++) {
    const char *uri, *name, *title, *desc, *mime;
    if (i < E2B_MCP__RES_N) {
      const e2b_mcp__res *r = &e2b_mcp__builtin_resources[i];
      if (!m->cx->key_len || !e2b_mcp__res_tool(s, m->cx, r)) continue;
      uri = r->uri; name = r->name; title = r->title; desc = r->description; mime = "application/json";
    } else {
      const e2b_mcp_resource *r = s->resources[i - E2B_MCP__RES_N];
      uri = r->uri; name = r->name; title = r->title; desc = r->description; mime = r->mime_type;
    }
    if (e2b_mcp__is_template(uri) != templates) continue;
    e2b_mcp_json_obj(&w);
    e2b_mcp_json_key(&w, templates ? "uriTemplate" : "uri"); e2b_mcp_json_str(&w, uri);
    e2b_mcp_json_key(&w, "name"); e2b_mcp_json_str(&w, name);
    if (title && v >= E2B_MCP__V2025_06) { e2b_mcp_json_key(&w, "title"); e2b_mcp_json_str(&w, title); }
    if (desc) { e2b_mcp_json_key(&w, "description"); e2b_mcp_json_str(&w, desc); }
    if (mime) { e2b_mcp_json_key(&w, "mimeType"); e2b_mcp_json_str(&w, mime); }
    e2b_mcp_json_obj_end(&w);
  }
  e2b_mcp_json_arr_end(&w);
  if (end < n) { char b[24]; e2b_mcp__fmt_ll(b, end); e2b_mcp_json_key(&w, "nextCursor"); e2b_mcp_json_str(&w, b); }
  if (v == E2B_MCP__V2026_07) e2b_mcp__cache_fields(&w, s->cfg.list_ttl_ms, "private");
  e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(m, &w);
}

static int e2b_mcp__resources_handle(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int meth, int params, const char *id) {
  if (e2b_mcp__tok_eq(js, &t[meth], "resources/read")) e2b_mcp__on_resources_read(s, m, js, t, params, id);
  else if (e2b_mcp__tok_eq(js, &t[meth], "resources/list")) e2b_mcp__on_resources_list(s, m, js, t, params, id, 0);
  else if (e2b_mcp__tok_eq(js, &t[meth], "resources/templates/list")) e2b_mcp__on_resources_list(s, m, js, t, params, id, 1);
  else return 0;
  return 1;
}
static void e2b_mcp__resources_caps(e2b_mcp_server *s, e2b_mcp_json *w) {
  (void)s;
  e2b_mcp_json_key(w, "resources"); e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "subscribe"); e2b_mcp_json_bool(w, 0);
  e2b_mcp_json_key(w, "listChanged"); e2b_mcp_json_bool(w, 0);
  e2b_mcp_json_obj_end(w);
}
static const e2b_mcp__surface e2b_mcp__resources_surface = { e2b_mcp__resources_handle, e2b_mcp__resources_caps };
static void e2b_mcp__resources_init(e2b_mcp_server *s) { s->surface[s->nsurface++] = &e2b_mcp__resources_surface; }
#endif
