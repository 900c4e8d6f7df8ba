#include "resources.h"
#include "front.h"
#include "config.h"
#include "derived.h"
#include "util.h"
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
#if E2B_MCP_TOOL_LIST_EVENTS
  { "e2b://events", "events", "Lifecycle events",
    "The team's latest sandbox lifecycle events, newest first: created, updated, paused, resumed, checkpointed, killed "
    "(e2b_list_events).", "e2b_list_events", "{}" },
#endif
  /* the templates */
  { "e2b://sandboxes/{sandboxID}", "sandbox", "Sandbox",
    "One sandbox: state, template, metadata, CPU, memory, start and end time (e2b_get_sandbox).", "e2b_get_sandbox",
    "{\"sandbox_id\":\"%s\"}" },
  { "e2b://sandboxes/{sandboxID}/logs", "sandbox-logs", "Sandbox logs", "A sandbox's latest 100 log entries (e2b_get_sandbox_logs).",
    "e2b_get_sandbox_logs", "{\"sandbox_id\":\"%s\"}" },
  { "e2b://sandboxes/{sandboxID}/metrics", "sandbox-metrics", "Sandbox metrics",
    "A sandbox's CPU, memory and disk samples with their summary (e2b_get_sandbox_metrics).", "e2b_get_sandbox_metrics",
    "{\"sandbox_id\":\"%s\"}" },
#if E2B_MCP_TOOL_LIST_EVENTS
  { "e2b://sandboxes/{sandboxID}/events", "sandbox-events", "Sandbox lifecycle events",
    "One sandbox's latest lifecycle events, newest first (e2b_list_events).", "e2b_list_events", "{\"sandbox_id\":\"%s\"}" },
#endif
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
      const char *e = e2b_mcp__strchr(tpl, '}'), *name = tpl + 1;
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
static int e2b_mcp__is_template(const char *uri) { return e2b_mcp__strchr(uri, '{') != NULL; }
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

#if E2B_MCP_WITH_APP
/* ---- the MCP App (SEP-1865): ui://e2b/sandboxes ----
   The page is src/app/sandboxes.html, written into this header as lines of
   C text by `make header`. It is served to a client that declared the
   extension, as the extension's MIME type, with a content security policy
   that names no other origin: it loads nothing from outside, and reaches
   E2B only through the host's tools/call, so consent, scopes, the audit
   and the budgets apply to the user's clicks as to a model's calls. Where
   the page says @CONFIG@ it is told what this caller may do: the actions
   whose tools this caller may call (the tool selection, enable_kill, the
   access token's scopes), and the team's concurrency limit. */
static const char *const e2b_mcp__app_html[] = {
#include "app/sandboxes.html"
  NULL
};
static int e2b_mcp__app_on(const e2b_mcp__ctx *cx) { return cx->sess->client_ui; }
static void e2b_mcp__app_config(e2b_mcp_server *s, const e2b_mcp__ctx *cx, e2b_mcp_json *w) {
  static const char *const acts[][2] = { { "pause", "e2b_pause_sandbox" }, { "resume", "e2b_resume_sandbox" },
                                         { "extend", "e2b_set_sandbox_timeout" }, { "kill", "e2b_kill_sandbox" } };
  char cfg[256];
  e2b_mcp_json c;
  int i;
  e2b_mcp_json_init(&c, cfg, sizeof cfg - 1);
  e2b_mcp_json_obj(&c);
  e2b_mcp_json_key(&c, "actions"); e2b_mcp_json_arr(&c);
  for (i = 0; i < E2B_MCP__COUNT(acts); i++)
    if (e2b_mcp__tool_for(s, cx, acts[i][1], strlen(acts[i][1]))) e2b_mcp_json_str(&c, acts[i][0]);
  e2b_mcp_json_arr_end(&c);
  e2b_mcp_json_key(&c, "limit"); e2b_mcp_json_int(&c, s->cfg.team_concurrency > 0 ? s->cfg.team_concurrency : 0);
  e2b_mcp_json_obj_end(&c);
  e2b_mcp_json_escape(w, cfg, c.err ? 0 : c.len);
}
static void e2b_mcp__app_read(e2b_mcp_server *s, e2b_mcp__msg *m, const char *id) {
  e2b_mcp_json w;
  int i;
  e2b_mcp__reply_begin(s, m, &w, id);
  e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "contents"); e2b_mcp_json_arr(&w);
  e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "uri"); e2b_mcp_json_str(&w, E2B_MCP__APP_URI);
  e2b_mcp_json_key(&w, "mimeType"); e2b_mcp_json_str(&w, E2B_MCP__APP_MIME);
  e2b_mcp_json_key(&w, "text");
  e2b_mcp__w_sep(&w);
  e2b_mcp__w_c(&w, '"');
  for (i = 0; e2b_mcp__app_html[i]; i++) {
    if (strcmp(e2b_mcp__app_html[i], "@CONFIG@\n") == 0) e2b_mcp__app_config(s, m->cx, &w);
    else e2b_mcp_json_escape(&w, e2b_mcp__app_html[i], strlen(e2b_mcp__app_html[i]));
  }
  e2b_mcp__w_c(&w, '"');
  /* no origin beyond the page itself: nothing to fetch, connect to, frame or base on */
  e2b_mcp_json_key(&w, "_meta"); e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "ui"); e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "csp"); e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "connectDomains"); e2b_mcp_json_arr(&w); e2b_mcp_json_arr_end(&w);
  e2b_mcp_json_key(&w, "resourceDomains"); e2b_mcp_json_arr(&w); e2b_mcp_json_arr_end(&w);
  e2b_mcp_json_key(&w, "frameDomains"); e2b_mcp_json_arr(&w); e2b_mcp_json_arr_end(&w);
  e2b_mcp_json_key(&w, "baseUriDomains"); e2b_mcp_json_arr(&w); e2b_mcp_json_arr_end(&w);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp_json_key(&w, "prefersBorder"); e2b_mcp_json_bool(&w, 1);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp_json_arr_end(&w);
  if (m->cx->sess->version == E2B_MCP__V2026_07) e2b_mcp__cache_fields(&w, 0, "private");   /* its actions are this caller's */
  e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(m, &w);
}
#else
#  define e2b_mcp__app_on(cx) 0
#endif

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
#if E2B_MCP_WITH_APP
  if (e2b_mcp__app_on(m->cx) && strcmp(uri, E2B_MCP__APP_URI) == 0) { e2b_mcp__app_read(s, m, id); return; }
#endif
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
  int app = !templates && e2b_mcp__app_on(m->cx);   /* the App, listed last, to a client that declared its extension */
  int n = E2B_MCP__RES_N + s->nresources + app, i, end, start = e2b_mcp__list_cursor(s, m, js, t, params, id, n), v = m->cx->sess->version;
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
    } else if (i < E2B_MCP__RES_N + s->nresources) {
      const e2b_mcp_resource *r = s->resources[i - E2B_MCP__RES_N];
      uri = r->uri; name = r->name; title = r->title; desc = r->description; mime = r->mime_type;
    } else {
#if E2B_MCP_WITH_APP
      uri = E2B_MCP__APP_URI; name = "sandboxes-app"; title = "Sandboxes (an MCP App)";
      desc = "The team's sandboxes as a page the client renders: an overview with pause, resume, extend and kill, and one sandbox's "
             "CPU, memory and disk charts and its logs.";
      mime = E2B_MCP__APP_MIME;
#else
      break;
#endif
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

/* ---- subscriptions ----
   resources/subscribe and unsubscribe, in the 2025 revisions, over a
   transport that can reach a session outside a request (s->sub_stream: stdio,
   and HTTP's GET stream); 2026-07-28 has no sessions and no such stream, so
   there the method stays unknown and the capability says subscribe: false.
   A subscription is a session and a URI in a fixed table (E2B_MCP_SUBSCRIPTIONS
   for the whole server, a full table refused with an error that says so),
   dropped when its session ends (the transport calls e2b_mcp__subs_drop).
   A sandbox's (e2b://sandboxes/{sandboxID}) is watched by one poll for the
   whole server: while any exists, at most once per cfg.subscribe_poll_ms,
   one e2b_list_sandboxes call (running and paused, the server's own key and
   cool-downs) in a call slot like any other, however many clients subscribe;
   a sandbox whose state changed (paused, resumed), or that the complete list
   no longer holds (it ended), owes each of its subscribers
   notifications/resources/updated, sent at the engine's next step between
   messages, never inside one (a session without its stream now gets it once
   the stream is back). Its logs and metrics change every second and would
   need a call per sandbox: they are refused, as are the lists and templates.
   Over HTTP with per-client keys the server keeps no key past a call and
   uses none of its own, so sandboxes cannot be watched there either. A
   resource of your own is told when you call e2b_mcp_resource_updated. */
#if E2B_MCP__SUBS
enum { E2B_MCP__SS_UNKNOWN, E2B_MCP__SS_RUNNING, E2B_MCP__SS_PAUSED, E2B_MCP__SS_GONE };
#define E2B_MCP__SANDBOX_PREFIX "e2b://sandboxes/"

/* A sandbox's state in the poll's list (its item at token i). */
static int e2b_mcp__subs_state(const char *js, const jsmntok_t *t, int i) {
  int st = e2b_mcp__tok_get(js, t, i, "state");
  if (st >= 0 && e2b_mcp__tok_eq(js, &t[st], "paused")) return E2B_MCP__SS_PAUSED;
  if (st >= 0 && e2b_mcp__tok_eq(js, &t[st], "running")) return E2B_MCP__SS_RUNNING;
  return E2B_MCP__SS_UNKNOWN;   /* another state (pausing...): judged at the next poll */
}
/* nsubs down past the entries freed at the end. */
static void e2b_mcp__subs_trim(e2b_mcp_server *s) {
  while (s->nsubs > 0 && !s->subs[s->nsubs - 1].sess) s->nsubs--;
}
/* What the poll saw (its structured result, js[0..n)): each watched sandbox
   that changed owes its subscribers a notification. One not in the list is
   gone only when the list is whole (no next_token: a page, or a result cut
   to its budget, says nothing of the rest). The first sight only records. */
static void e2b_mcp__subs_seen(e2b_mcp_server *s, const char *js, size_t n) {
  const jsmntok_t *t = s->rtok;
  int nt = e2b_mcp__parse(js, n, s->rtok, E2B_MCP__COUNT(s->rtok)), d, i, k, u, whole;
  if (nt <= 0 || t[0].type != JSMN_OBJECT || (d = e2b_mcp__tok_get(js, t, 0, "data")) < 0 || t[d].type != JSMN_ARRAY) return;
  whole = e2b_mcp__tok_get(js, t, 0, "next_token") < 0;
  for (u = 0; u < s->nsubs; u++) {
    e2b_mcp__sub *b = &s->subs[u];
    const char *sid = b->uri + sizeof E2B_MCP__SANDBOX_PREFIX - 1;
    int now = whole ? E2B_MCP__SS_GONE : E2B_MCP__SS_UNKNOWN;
    if (!b->sess || b->sandbox != 1) continue;
    for (i = d + 1, k = 0; k < t[d].size; k++, i = e2b_mcp__tok_skip(t, i)) {
      int id = t[i].type == JSMN_OBJECT ? e2b_mcp__tok_get(js, t, i, "sandboxID") : -1;
      if (id >= 0 && e2b_mcp__tok_eq(js, &t[id], sid)) { now = e2b_mcp__subs_state(js, t, i); break; }
    }
    if (now == E2B_MCP__SS_UNKNOWN || now == b->state) continue;
    if (b->state == E2B_MCP__SS_UNKNOWN && now == E2B_MCP__SS_GONE) {
      /* never seen, and missing from a whole list made after it: a made-up
         id, or a sandbox that ended at once. Told, then dropped (at once
         when its session has no stream now), so that made-up ids do not
         keep the table's entries. */
      if (s->sub_polls == b->since) continue;
      b->owed = b->drop = 1;
      b->state = (unsigned char)now;
      if (!s->sub_stream || !s->sub_stream(s, b->sess)) b->sess = NULL;
      continue;
    }
    if (b->state != E2B_MCP__SS_UNKNOWN) b->owed = 1;
    b->state = (unsigned char)now;
  }
  e2b_mcp__subs_trim(s);
}
/* The poll's call answers here (e2b_mcp_call.reply): what it saw, then an
   answer to nobody (the poll's own sink, which only notes that it ended). */
static void e2b_mcp__subs_reply(e2b_mcp_call *c, e2b_mcp_json *w) {
  if (w) { e2b_mcp_json_obj(w); e2b_mcp_json_obj_end(w); return; }
  if (!c->is_error && !c->fail_code && c->has_out) e2b_mcp__subs_seen(c->srv, c->out.buf, c->out.len);
}
static int e2b_mcp__subs_sink_write(void *ctx, const char *p, size_t n) { (void)ctx; (void)p; (void)n; return 0; }
static int e2b_mcp__subs_sink_end(void *ctx) { ((e2b_mcp_server *)ctx)->sub_polling = 0; return 0; }

#if E2B_MCP_TOOL_LIST_EVENTS
/* What the events poll saw (e2b_list_events' structured result, newest
   first): the events newer than the newest one the poll before saw owe
   notifications to e2b://events and to their sandbox's
   e2b://sandboxes/{sandboxID}/events. The first poll only records; when the
   one seen before is no longer among them (more than a page came, or it
   aged out), every events subscription is told. */
static void e2b_mcp__subs_events_seen(e2b_mcp_server *s, const char *js, size_t n) {
  const jsmntok_t *t = s->rtok;
  int nt = e2b_mcp__parse(js, n, s->rtok, E2B_MCP__COUNT(s->rtok)), d, i, k, u, found = 0, first = 1;
  if (nt <= 0 || t[0].type != JSMN_OBJECT || (d = e2b_mcp__tok_get(js, t, 0, "data")) < 0 || t[d].type != JSMN_ARRAY) return;
  for (i = d + 1, k = 0; k < t[d].size; k++, i = e2b_mcp__tok_skip(t, i)) {
    int id = t[i].type == JSMN_OBJECT ? e2b_mcp__tok_get(js, t, i, "id") : -1, sb;
    char sid[E2B_MCP_ID_MAX];
    if (id < 0 || t[id].type != JSMN_STRING) continue;
    if (s->sub_ev_last[0] && e2b_mcp__tok_eq(js, &t[id], s->sub_ev_last)) { found = 1; break; }
    if (!s->sub_ev_seen) break;
    sb = e2b_mcp__tok_get(js, t, i, "sandboxId");
    if (sb < 0 || e2b_mcp__tok_str(js, &t[sb], sid, sizeof sid) <= 0) sid[0] = 0;
    for (u = 0; u < s->nsubs; u++) {   /* a new event: the team's subscribers, and its sandbox's */
      e2b_mcp__sub *b = &s->subs[u];
      const char *p = b->uri + sizeof E2B_MCP__SANDBOX_PREFIX - 1;
      size_t sl = strlen(sid);
      if (!b->sess || b->sandbox != 2) continue;
      if (strcmp(b->uri, "e2b://events") == 0 ||
          (sl && strncmp(b->uri, E2B_MCP__SANDBOX_PREFIX, sizeof E2B_MCP__SANDBOX_PREFIX - 1) == 0 && strncmp(p, sid, sl) == 0 &&
           strcmp(p + sl, "/events") == 0)) b->owed = 1;
    }
  }
  if (s->sub_ev_seen && s->sub_ev_last[0] && !found)
    for (u = 0; u < s->nsubs; u++) if (s->subs[u].sess && s->subs[u].sandbox == 2) s->subs[u].owed = 1;
  for (i = d + 1, k = 0; k < t[d].size && first; k++, i = e2b_mcp__tok_skip(t, i)) {   /* the newest is the mark */
    int id = t[i].type == JSMN_OBJECT ? e2b_mcp__tok_get(js, t, i, "id") : -1;
    if (id >= 0 && e2b_mcp__tok_str(js, &t[id], s->sub_ev_last, sizeof s->sub_ev_last) > 0) first = 0;
  }
  s->sub_ev_seen = 1;
}
static void e2b_mcp__subs_events_reply(e2b_mcp_call *c, e2b_mcp_json *w) {
  if (w) { e2b_mcp_json_obj(w); e2b_mcp_json_obj_end(w); return; }
  if (!c->is_error && !c->fail_code && c->has_out) e2b_mcp__subs_events_seen(c->srv, c->out.buf, c->out.len);
}
#endif

/* What is watched: 1 a sandbox, 2 lifecycle events, or both (3). */
static int e2b_mcp__subs_watching(const e2b_mcp_server *s) {
  int i, w = 0;
  for (i = 0; i < s->nsubs; i++) if (s->subs[i].sess && s->subs[i].sandbox) w |= s->subs[i].sandbox;
  return w;
}
/* The poll: e2b_list_sandboxes, running and paused, as the server's own
   client (its key and cool-downs; a session of its own, told no logs), in a
   call slot through the runner like a resource's read. No slot free: it is
   answered busy at once, and the next poll comes an interval later. */
static void e2b_mcp__subs_poll(e2b_mcp_server *s, unsigned long now) {
  static const char args_sbx[] = "{\"state\":[\"running\",\"paused\"]}";
  const char *args = args_sbx, *name = "e2b_list_sandboxes";
  size_t an = sizeof args_sbx - 1;
  jsmntok_t at[8];
  e2b_mcp__msg m;
  e2b_mcp__ctx cx;
  const e2b_mcp_tool *tool;
  void (*reply)(e2b_mcp_call *c, e2b_mcp_json *w) = e2b_mcp__subs_reply;
#if E2B_MCP_TOOL_LIST_EVENTS
  /* lifecycle events: one e2b_list_events of the team's newest 100; watched
     beside sandboxes, the two take turns, so E2B still gets one poll an interval */
  static const char args_ev[] = "{\"limit\":100}";
  int w = e2b_mcp__subs_watching(s);
  if (w == 2 || (w == 3 && s->sub_turn)) { args = args_ev; an = sizeof args_ev - 1; name = "e2b_list_events"; reply = e2b_mcp__subs_events_reply; }
  s->sub_turn = (unsigned char)(w == 3 && !s->sub_turn);
#endif
  e2b_mcp__ctx_own(s, &cx);
  cx.sess = &s->sub_sess;
  s->sub_polled = now ? now : 1;
  tool = s->key_len ? e2b_mcp__tool_for(s, &cx, name, strlen(name)) : NULL;
  if (!tool || e2b_mcp__parse(args, an, at, 8) <= 0) return;
  memset(&s->sub_sess, 0, sizeof s->sub_sess);
  s->sub_sess.initialized = 1;
  s->sub_sess.version = E2B_MCP__VLATEST;
  s->sub_sess.log_level = E2B_MCP__COUNT(e2b_mcp__levels);   /* above every level: no logs */
  s->sub_sink.ctx = s;
  s->sub_sink.write = e2b_mcp__subs_sink_write;
  s->sub_sink.end = e2b_mcp__subs_sink_end;
  memset(&m, 0, sizeof m);
  m.sink = &s->sub_sink;
  m.cx = &cx;
  m.async = 1;
  m.reply = reply;
  m.ref = "";
  s->sub_polling = 1;
  s->sub_polls += reply == e2b_mcp__subs_reply;   /* the sandbox polls: what judges a sandbox missing */
  s->run->two_phase(s, &m, tool, args, at, 0, -1, "0");
}
/* A session ended (NULL: every one, the server stops): its subscriptions go. */
static void e2b_mcp__subs_drop(e2b_mcp_server *s, const e2b_mcp_session *sess) {
  int i;
  for (i = 0; i < s->nsubs; i++) if (s->subs[i].sess && (!sess || s->subs[i].sess == sess)) s->subs[i].sess = NULL;
  e2b_mcp__subs_trim(s);
}

/* A listen stream's notifications say which stream they are on (2026-07-28). */
static void e2b_mcp__subs_meta(e2b_mcp_json *w, const e2b_mcp_session *sess) {
#if E2B_MCP_WITH_2026
  if (!sess->listen_id[0]) return;
  e2b_mcp_json_key(w, "_meta"); e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "io.modelcontextprotocol/subscriptionId"); e2b_mcp_json_raw(w, sess->listen_id, strlen(sess->listen_id));
  e2b_mcp_json_obj_end(w);
#else
  (void)w; (void)sess;
#endif
}
/* notifications/resources/updated for b, through its session's stream k. */
static void e2b_mcp__subs_send(e2b_mcp_server *s, e2b_mcp__sub *b, const e2b_mcp_sink *k) {
  e2b_mcp__msg m;
  e2b_mcp_json w;
  e2b_mcp__ctx cx;
  e2b_mcp__ctx_own(s, &cx);
  cx.sess = b->sess;
  e2b_mcp__send_begin(s, &m, &w, k, &cx, -1, "notifications/resources/updated");
  e2b_mcp__subs_meta(&w, b->sess);
  e2b_mcp_json_key(&w, "uri"); e2b_mcp_json_str(&w, b->uri);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(&m, &w);
  b->owed = 0;   /* sent, or its stream failed (the transport drops it) */
  if (b->drop) b->sess = NULL;
}
/* The engine's step (between messages): the notifications owed to sessions
   whose stream is there, then the poll when it is due. */
static void e2b_mcp__subs_tick(e2b_mcp_server *s) {
  unsigned long now = e2b_mcp__now_ms(s);
  int i;
  if (!s->sub_stream) { e2b_mcp__subs_drop(s, NULL); return; }   /* no transport reaches the sessions any more */
  for (i = 0; i < s->nsubs; i++) {
    e2b_mcp__sub *b = &s->subs[i];
    const e2b_mcp_sink *k;
    if (b->sess && b->owed && (k = s->sub_stream(s, b->sess)) != NULL) e2b_mcp__subs_send(s, b, k);
  }
  e2b_mcp__subs_trim(s);
  if (s->sub_polling || !e2b_mcp__subs_watching(s)) return;
  if (s->sub_polled && (!now || now - s->sub_polled < (unsigned long)s->cfg.subscribe_poll_ms)) return;   /* no clock: one poll */
  e2b_mcp__subs_poll(s, now);
}
/* For the engine's watch: lowers *timeout_ms to when the tick has something to do. */
static void e2b_mcp__subs_due(e2b_mcp_server *s, int *timeout_ms) {
  unsigned long now = e2b_mcp__now_ms(s);
  long left = -1;
  int i;
  if (!s->sub_stream) return;
  for (i = 0; i < s->nsubs && left != 0; i++)
    if (s->subs[i].sess && s->subs[i].owed && s->sub_stream(s, s->subs[i].sess)) left = 0;
  if (left != 0 && !s->sub_polling && e2b_mcp__subs_watching(s) && now) {
    left = s->sub_polled ? (long)(s->sub_polled + (unsigned long)s->cfg.subscribe_poll_ms - now) : 0;
    if (left < 0) left = 0;
  }
  if (left >= 0 && (*timeout_ms < 0 || left < *timeout_ms)) *timeout_ms = (int)left;
}
static void e2b_mcp__reply_empty(e2b_mcp_server *s, e2b_mcp__msg *m, const char *id) {
  e2b_mcp_json w;
  e2b_mcp__reply_begin(s, m, &w, id);
  e2b_mcp_json_obj(&w); e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(m, &w);
}
/* What a URI to watch names, for the caller of cx: 1 a sandbox (the poll
   watches it), 4 lifecycle events (e2b://events, e2b://sandboxes/{sandboxID}/events:
   the events poll), 2 a resource of your own (e2b_mcp_resource_updated), 0
   something of E2B's that cannot be watched (logs, metrics, the lists), 3 a
   sandbox this server cannot watch (no key of its own to poll with, or the
   list tool off), -1 nothing it has. */
static int e2b_mcp__subs_kind(e2b_mcp_server *s, const e2b_mcp__ctx *cx, const char *uri) {
  char var[E2B_MCP_ID_MAX];
  int i, got, kind = -1;
  for (i = 0; i < E2B_MCP__RES_N && kind < 0; i++) {
    const e2b_mcp__res *r = &e2b_mcp__builtin_resources[i];
    if (!e2b_mcp__res_tool(s, cx, r)) continue;
    if (e2b_mcp__is_template(r->uri) ? e2b_mcp__uri_match(r->uri, uri, 1, NULL, var, sizeof var, &got) : strcmp(r->uri, uri) == 0)
      kind = strcmp(r->uri, E2B_MCP__SANDBOX_PREFIX "{sandboxID}") == 0 ? 1 : strcmp(r->tool, "e2b_list_events") == 0 ? 4 : 0;
  }
  if (kind == 1 && (cx->key != s->key || !s->key_len || !e2b_mcp__tool_for(s, cx, "e2b_list_sandboxes", 18))) kind = 3;
  if (kind == 4 && (cx->key != s->key || !s->key_len)) kind = 3;   /* the events poll uses the server's own key, as the sandbox poll */
  for (i = 0; i < s->nresources && kind < 0; i++) {
    const e2b_mcp_resource *r = s->resources[i];
    if (e2b_mcp__is_template(r->uri) ? e2b_mcp__uri_match(r->uri, uri, 0, NULL, var, sizeof var, &got) : strcmp(r->uri, uri) == 0) kind = 2;
  }
  return kind;
}
/* A subscription of sess to uri (of kind 1 or 2) in the table's entry at. */
static void e2b_mcp__subs_put(e2b_mcp_server *s, int at, e2b_mcp_session *sess, int kind, const char *uri) {
  if (at == s->nsubs) s->nsubs++;
  s->subs[at].sess = sess;
  s->subs[at].sandbox = (unsigned char)(kind == 1 ? 1 : kind == 4 ? 2 : 0);
  s->subs[at].state = E2B_MCP__SS_UNKNOWN;
  s->subs[at].owed = s->subs[at].drop = 0;
  s->subs[at].since = s->sub_polls;
  e2b_mcp__strlcpy(s->subs[at].uri, uri, sizeof s->subs[at].uri);
}
/* resources/subscribe (on 1) or unsubscribe (on 0). 0: not served here (the
   core answers that the method is unknown). */
static int e2b_mcp__on_subscribe(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int params, const char *id, int on) {
  char uri[E2B_MCP__REF_MAX], text[E2B_MCP__REF_MAX + 256];
  int u = e2b_mcp__tok_get(js, t, params, "uri"), i, sandbox = -1, free_at = -1, mine;
  e2b_mcp_session *sess = m->cx->sess;
  if (!s->sub_stream || sess->version == E2B_MCP__V2026_07) return 0;
  if (u < 0 || t[u].type != JSMN_STRING || e2b_mcp__tok_str(js, &t[u], uri, sizeof uri) < 0) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, on ? "Invalid params: resources/subscribe needs params.uri, a resource's URI "
                         "(e2b://sandboxes/{sandboxID}: resources/templates/list names them)" :
                         "Invalid params: resources/unsubscribe needs params.uri, the URI subscribed to");
    return 1;
  }
  for (i = 0; i < s->nsubs; i++) {
    e2b_mcp__sub *b = &s->subs[i];
    if (!b->sess) { if (free_at < 0) free_at = i; continue; }
    if (b->sess != sess || strcmp(b->uri, uri) != 0) continue;
    if (!on) { b->sess = NULL; e2b_mcp__subs_trim(s); }
    e2b_mcp__reply_empty(s, m, id);   /* subscribed already, or no longer */
    return 1;
  }
  if (!on) { e2b_mcp__reply_empty(s, m, id); return 1; }   /* not subscribed: nothing to end */
  sandbox = e2b_mcp__subs_kind(s, m->cx, uri);
  if (sandbox == 0) {
    e2b_mcp__fmt(text, sizeof text, "Invalid params: %s cannot be subscribed to: only a sandbox's state (e2b://sandboxes/{sandboxID}) and "
                 "lifecycle events (e2b://events, e2b://sandboxes/{sandboxID}/events) are watched (a sandbox's logs and metrics change "
                 "every second and the lists at each call): read it again instead", uri);
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, text);
    return 1;
  }
  if (sandbox == 3) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, m->cx->key != s->key ?
                         "Invalid params: this server uses each client's own E2B key, which it keeps no longer than a call, so it cannot "
                         "watch sandboxes for you: read e2b://sandboxes/{sandboxID} again instead" :
                         "Invalid params: this server cannot watch sandboxes: it has no usable E2B API key of its own, or "
                         "e2b_list_sandboxes is switched off");
    return 1;
  }
  if (sandbox < 0) { e2b_mcp__resource_unknown(s, m, id, uri); return 1; }
  for (i = 0, mine = 0; i < s->nsubs; i++) mine += s->subs[i].sess == sess;
  if (mine >= E2B_MCP_SUBSCRIPTIONS_PER_SESSION) {   /* one client cannot take the table from the others */
    e2b_mcp__fmt(text, sizeof text, "Too many subscriptions for this session: a client keeps at most %d at once "
                 "(E2B_MCP_SUBSCRIPTIONS_PER_SESSION); nothing was subscribed: unsubscribe from another first, or read %s again instead",
                 (int)E2B_MCP_SUBSCRIPTIONS_PER_SESSION, uri);
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INTERNAL_ERROR, text);
    return 1;
  }
  if (free_at < 0 && s->nsubs < E2B_MCP_SUBSCRIPTIONS) free_at = s->nsubs;   /* one never used */
  if (free_at < 0) {
    e2b_mcp__fmt(text, sizeof text, "Too many subscriptions: this server keeps at most %d at once for all its clients (E2B_MCP_SUBSCRIPTIONS); "
                 "nothing was subscribed: unsubscribe from another first, or read %s again instead", (int)E2B_MCP_SUBSCRIPTIONS, uri);
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INTERNAL_ERROR, text);
    return 1;
  }
  e2b_mcp__subs_put(s, free_at, sess, sandbox, uri);
  e2b_mcp__reply_empty(s, m, id);
  return 1;
}

#if E2B_MCP_WITH_2026
/* subscriptions/listen (2026-07-28), which replaces resources/subscribe and
   the GET stream there: the request's answer becomes a stream (the
   transport's listen_open, with a session of its own that lives as long as
   the stream) carrying, first, notifications/subscriptions/acknowledged with
   what the server agreed to, then notifications/resources/updated for the
   resourceSubscriptions it could watch (a sandbox's state, by the same one
   poll as every subscription; a resource of your own), each carrying the
   listen request's id as its subscriptionId. The list-changed kinds are not
   acknowledged: this server's lists do not change while it runs. A stream is
   a client's session: it keeps its share (E2B_MCP_SUBSCRIPTIONS_PER_SESSION),
   the first URIs it can watch, which the acknowledgement names; they take
   entries of the one table every client's share (E2B_MCP_SUBSCRIPTIONS), and
   a listen that does not fit in what is free is refused whole, before any
   stream opens. A made-up sandbox is told and dropped after the next whole
   list, as a 2025 subscription's. Closing the stream ends it; a server that stops ends it with
   its result (the transport's). 0: not served here. */
static int e2b_mcp__on_listen(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int params, const char *id) {
  int nf = e2b_mcp__tok_get(js, t, params, "notifications"), rs, i, k, n = 0, room = 0, kinds[E2B_MCP_SUBSCRIPTIONS_PER_SESSION];
  char uri[E2B_MCP__REF_MAX], text[300];
  int at[E2B_MCP_SUBSCRIPTIONS_PER_SESSION];
  e2b_mcp_session *sess;
  e2b_mcp_json w;
  e2b_mcp__msg out;
  if (!s->listen_open || m->cx->sess->version != E2B_MCP__V2026_07 || m->batch) return 0;
  if (nf < 0 || t[nf].type != JSMN_OBJECT) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, "Invalid params: subscriptions/listen needs params.notifications, an object "
                         "(resourceSubscriptions: the URIs to be told of, e2b://sandboxes/{sandboxID})");
    return 1;
  }
  rs = e2b_mcp__tok_get(js, t, nf, "resourceSubscriptions");
  if (rs >= 0 && t[rs].type != JSMN_ARRAY) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, "Invalid params: notifications.resourceSubscriptions must be an array of URIs");
    return 1;
  }
  for (i = 0; i < s->nsubs; i++) room += !s->subs[i].sess;
  room += E2B_MCP_SUBSCRIPTIONS - s->nsubs;
  /* the ones it can watch: each a URI string, once */
  for (i = rs + 1, k = 0; rs >= 0 && k < t[rs].size; k++, i = e2b_mcp__tok_skip(t, i)) {
    int kind, j, dup = 0;
    if (t[i].type != JSMN_STRING || e2b_mcp__tok_str(js, &t[i], uri, sizeof uri) < 0) continue;
    kind = e2b_mcp__subs_kind(s, m->cx, uri);
    if (kind != 1 && kind != 2 && kind != 4) continue;
    for (j = 0; j < n; j++) dup |= e2b_mcp__tok_eq(js, &t[at[j]], uri);
    if (dup) continue;
    if (n == E2B_MCP_SUBSCRIPTIONS_PER_SESSION) break;   /* a stream is a client's session: its share, acknowledged */
    if (n == room) {
      e2b_mcp__fmt(text, sizeof text, "Too many subscriptions: this server keeps at most %d at once for all its clients (E2B_MCP_SUBSCRIPTIONS) "
                   "and %d are free now; nothing was subscribed: listen to fewer URIs, or read them again instead", (int)E2B_MCP_SUBSCRIPTIONS, room);
      e2b_mcp__reply_error(s, m, id, E2B_MCP__INTERNAL_ERROR, text);
      return 1;
    }
    kinds[n] = kind;
    at[n++] = i;
  }
  if ((sess = s->listen_open(s, m->sink, id)) == NULL) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INTERNAL_ERROR, "Server busy: no room for another notification stream now; try again later");
    return 1;
  }
  for (i = 0, k = 0; k < n && i < E2B_MCP_SUBSCRIPTIONS; i++) {
    if (i < s->nsubs && s->subs[i].sess) continue;
    (void)e2b_mcp__tok_str(js, &t[at[k]], uri, sizeof uri);
    e2b_mcp__subs_put(s, i, sess, kinds[k], uri);
    k++;
  }
  /* the acknowledgement, the stream's first message */
  e2b_mcp__send_begin(s, &out, &w, m->sink, m->cx, -1, "notifications/subscriptions/acknowledged");
  e2b_mcp__subs_meta(&w, sess);
  e2b_mcp_json_key(&w, "notifications"); e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "resourceSubscriptions"); e2b_mcp_json_arr(&w);
  for (k = 0; k < n; k++) { (void)e2b_mcp__tok_str(js, &t[at[k]], uri, sizeof uri); e2b_mcp_json_str(&w, uri); }
  e2b_mcp_json_arr_end(&w);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(&out, &w);
  return 1;
}
#endif
#endif

E2B_MCP_DEF int e2b_mcp_resource_updated(e2b_mcp_server *s, const char *uri) {
  int n = 0;
#if E2B_MCP__SUBS
  int i;
  for (i = 0; i < s->nsubs; i++)
    if (s->subs[i].sess && strcmp(s->subs[i].uri, uri) == 0) { s->subs[i].owed = 1; n++; }
#else
  (void)s; (void)uri;
#endif
  return n;
}

static int e2b_mcp__resources_handle(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int meth, int params, const char *id) {
  if (e2b_mcp__tok_eq(js, &t[meth], "resources/read")) e2b_mcp__on_resources_read(s, m, js, t, params, id);
  else if (e2b_mcp__tok_eq(js, &t[meth], "resources/list")) e2b_mcp__on_resources_list(s, m, js, t, params, id, 0);
  else if (e2b_mcp__tok_eq(js, &t[meth], "resources/templates/list")) e2b_mcp__on_resources_list(s, m, js, t, params, id, 1);
#if E2B_MCP__SUBS
  else if (e2b_mcp__tok_eq(js, &t[meth], "resources/subscribe")) return e2b_mcp__on_subscribe(s, m, js, t, params, id, 1);
  else if (e2b_mcp__tok_eq(js, &t[meth], "resources/unsubscribe")) return e2b_mcp__on_subscribe(s, m, js, t, params, id, 0);
#if E2B_MCP_WITH_2026
  else if (e2b_mcp__tok_eq(js, &t[meth], "subscriptions/listen")) return e2b_mcp__on_listen(s, m, js, t, params, id);
#endif
#endif
  else return 0;
  return 1;
}
/* subscribe: true where a subscription works: a 2025 session over a
   transport that reaches it outside a request. */
static void e2b_mcp__resources_caps(e2b_mcp_server *s, e2b_mcp_json *w, int modern) {
  int sub = 0;
#if E2B_MCP__SUBS
  sub = s->sub_stream != NULL;
#if E2B_MCP_WITH_2026
  if (modern) sub = s->listen_open != NULL;   /* it gates resourceSubscriptions of subscriptions/listen */
#else
  if (modern) sub = 0;
#endif
#else
  (void)s; (void)modern;
#endif
  e2b_mcp_json_key(w, "resources"); e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "subscribe"); e2b_mcp_json_bool(w, sub);
  e2b_mcp_json_key(w, "listChanged"); e2b_mcp_json_bool(w, 0);
  e2b_mcp_json_obj_end(w);
}
static const e2b_mcp__surface e2b_mcp__resources_surface = { e2b_mcp__resources_handle, e2b_mcp__resources_caps };
static void e2b_mcp__resources_init(e2b_mcp_server *s) { s->surface[s->nsurface++] = &e2b_mcp__resources_surface; }
#endif
