#include "prompts.h"
#include "front.h"
#include "config.h"
#include "derived.h"
#include "errors.h"
#include "util.h"
#include "json.h"
#include "mcp.h"
#include "tools.h"
/* >>prompts ------------------------------------------------------------------
   prompts/list and prompts/get, in both eras, over whatever transport brought
   them (they are answered at once: no E2B call, no slot). A get runs on a
   tool call's record (the arguments, the result buffers, the 2026-07-28
   question within the result), with a tool row of its own on the stack that
   carries the prompt's name, so a sealed requestState is bound to the prompt
   and its arguments as a tool call's is. The messages go into the content
   buffer, one array item each. */
/* ---- what the surface's layers share ---- */
#if E2B_MCP__SURFACE
/* The tool name[0..n) when this caller may use it: offered, and (with
   E2B_MCP_AUTH) in its access token's scopes; else NULL. A prompt, a
   resource or a completion that works through a tool is the caller's only
   while the tool is: a token without the read scope reads no resource. */
static const e2b_mcp_tool *e2b_mcp__tool_for(e2b_mcp_server *s, const e2b_mcp__ctx *cx, const char *name, size_t n) {
  const e2b_mcp_tool *t = e2b_mcp__find_tool(s, name, n);
#if E2B_MCP_AUTH
  if (t && cx->pr.scopes && !(cx->pr.scopes & (1 << e2b_mcp__tool_group(s, name, n)))) return NULL;
#else
  (void)cx;
#endif
  return t;
}
#endif

#if E2B_MCP_WITH_PROMPTS || E2B_MCP_WITH_RESOURCES
/* A 2026-07-28 result's resultType and cache fields: how long (ms) and for
   whom ("public": any client; "private": this caller's own) it may be kept. */
static void e2b_mcp__cache_fields(e2b_mcp_json *w, long long ttl_ms, const char *scope) {
  e2b_mcp_json_key(w, "resultType"); e2b_mcp_json_str(w, "complete");
  e2b_mcp_json_key(w, "ttlMs"); e2b_mcp_json_int(w, ttl_ms);
  e2b_mcp_json_key(w, "cacheScope"); e2b_mcp_json_str(w, scope);
}
/* A list's page start from params.cursor (the index of its first item, as
   tools/list's); -1 with the error answered when it is not one. */
static int e2b_mcp__list_cursor(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int params, const char *id, int n) {
  long long start = 0;
  int cur = e2b_mcp__tok_get(js, t, params, "cursor");
  if (cur < 0 || (t[cur].type == JSMN_PRIMITIVE && js[t[cur].start] == 'n')) return 0;
  if (t[cur].type != JSMN_STRING || e2b_mcp__parse_ll(js + t[cur].start, (size_t)(t[cur].end - t[cur].start), &start) != 0 ||
      start <= 0 || start >= n) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, E2B_MCP__MSG_BAD_CURSOR);
    return -1;
  }
  return (int)start;
}
#endif

#if E2B_MCP_WITH_PROMPTS

/* ---- messages ---- */
static void e2b_mcp__prompt_begin(e2b_mcp_call *c, const char *role, const char *type) {
  e2b_mcp_json *w = &c->content;
  if (w->len) e2b_mcp__w_c(w, ',');   /* messages are items of one array */
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "role"); e2b_mcp_json_str(w, role && strcmp(role, "assistant") == 0 ? "assistant" : "user");
  e2b_mcp_json_key(w, "content"); e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "type"); e2b_mcp_json_str(w, type);
}
static void e2b_mcp__prompt_end(e2b_mcp_call *c) {
  e2b_mcp_json_obj_end(&c->content);
  e2b_mcp_json_obj_end(&c->content);
}
E2B_MCP_DEF void e2b_mcp_prompt_text(e2b_mcp_call *c, const char *role, const char *text) {
  e2b_mcp__prompt_begin(c, role, "text");
  e2b_mcp_json_key(&c->content, "text"); e2b_mcp_json_str(&c->content, text);
  e2b_mcp__prompt_end(c);
}
E2B_MCP_DEF void e2b_mcp_prompt_image(e2b_mcp_call *c, const char *role, const char *base64, const char *mime) {
  e2b_mcp__prompt_begin(c, role, "image");
  e2b_mcp_json_key(&c->content, "data"); e2b_mcp_json_str(&c->content, base64);
  e2b_mcp_json_key(&c->content, "mimeType"); e2b_mcp_json_str(&c->content, mime);
  e2b_mcp__prompt_end(c);
}
E2B_MCP_DEF void e2b_mcp_prompt_resource(e2b_mcp_call *c, const char *role, const char *uri, const char *mime, const char *text) {
  e2b_mcp__prompt_begin(c, role, "resource");
  e2b_mcp_json_key(&c->content, "resource"); e2b_mcp_json_obj(&c->content);
  e2b_mcp_json_key(&c->content, "uri"); e2b_mcp_json_str(&c->content, uri);
  if (mime) { e2b_mcp_json_key(&c->content, "mimeType"); e2b_mcp_json_str(&c->content, mime); }
  e2b_mcp_json_key(&c->content, "text"); e2b_mcp_json_str(&c->content, text);
  e2b_mcp_json_obj_end(&c->content);
  e2b_mcp__prompt_end(c);
}

/* ---- E2B's prompts: each names the tools it expects ----
   A prompt is listed only while the tools it needs are (its row's user: the
   names, space-separated): a server built or started without one does not
   offer a workflow it cannot carry out. */
static int e2b_mcp__has_tool(e2b_mcp_call *c, const char *name) {
  return e2b_mcp__tool_for(c->srv, c->cx, name, strlen(name)) != NULL;
}
/* An argument's value, or "" when absent; -1 with the error result set when
   it is not usable (the core checked it is a string). */
static int e2b_mcp__prompt_arg(e2b_mcp_call *c, const char *key, char *buf, size_t cap, const char *extra, const char *want) {
  int r = e2b_mcp_arg_str(c, key, buf, cap);
  if (r < 0) { e2b_mcp_result_error(c, "Invalid argument '%s': too long (at most %d characters).", key, (int)cap - 1); return -1; }
  if (r == 0) buf[0] = 0;
  if (extra && buf[0] && !e2b_mcp__charset(buf, 1, extra)) { e2b_mcp_result_error(c, "Invalid argument '%s': %s.", key, want); return -1; }
  return 0;
}
#define E2B_MCP__ID_CHARS "-_"
#define E2B_MCP__ID_WANT "a sandbox ID has only letters, digits, '-' and '_' (copy it from e2b_list_sandboxes)"

static void e2b_mcp__prompt_audit(e2b_mcp_call *c) {
  e2b_mcp_server *s = c->srv;
  char keep[E2B_MCP_ARG_MAX], text[2048];
  size_t o;
  int kill = s->cfg.enable_kill && e2b_mcp__has_tool(c, "e2b_kill_sandbox"), pause = e2b_mcp__has_tool(c, "e2b_pause_sandbox");
  if (e2b_mcp__prompt_arg(c, "keep", keep, sizeof keep, NULL, NULL) != 0) return;
  o = e2b_mcp__fmt(text, sizeof text,
    "Audit my E2B sandboxes and clean up the stale ones.\n"
    "1. Call e2b_list_sandboxes with state [\"running\", \"paused\"] (follow next_token to the last page) and show each "
    "sandbox's ID, template, metadata, state, start time and end time.\n"
    "2. %s%s%s Every other sandbox is a candidate: mark it stale and say why (started long ago, unknown template, no "
    "metadata, paused for days).\n"
    "3. Show me the stale ones and wait until I name the ones to remove. Touch only the sandboxes I name, never others.\n",
    keep[0] ? "I still need these: " : "Ask me which sandboxes I still need (IDs, templates or metadata such as project=web).",
    keep, keep[0] ? "." : "");
  if (kill)
    o += e2b_mcp__fmt(text + o, sizeof text - o, "4. For each sandbox I name, call e2b_kill_sandbox with its sandbox_id: this "
                      "ends it for good and its files are lost.\n");
  else
    o += e2b_mcp__fmt(text + o, sizeof text - o, "4. Killing is switched off on this server. %s\n",
                      pause ? "For each sandbox I name, call e2b_pause_sandbox with its sandbox_id (it stops its compute billing "
                              "and can be resumed), or, if I prefer, leave it to expire at its end time."
                            : "Leave the ones I name to expire at their end time, and tell me when each one ends.");
  e2b_mcp__fmt(text + o, sizeof text - o, "5. Call e2b_list_sandboxes again and confirm what changed.");
  e2b_mcp_prompt_text(c, "user", text);
}

static void e2b_mcp__prompt_running(e2b_mcp_call *c) {
  char meta[E2B_MCP_ARG_MAX], tpl[E2B_MCP_ID_MAX * 2], filter[E2B_MCP_ARG_MAX + E2B_MCP_ID_MAX * 2 + 64], text[1536];
  size_t o = 0;
  if (e2b_mcp__prompt_arg(c, "metadata", meta, sizeof meta, NULL, NULL) != 0 ||
      e2b_mcp__prompt_arg(c, "template", tpl, sizeof tpl, "-_./:", "a template ID or name such as base or team/name:tag") != 0) return;
  if (meta[0] && (meta[0] == '=' || !e2b_mcp__strchr(meta, '='))) { e2b_mcp_result_error(c, "Invalid argument 'metadata': expected key=value, such as project=web."); return; }
  filter[0] = 0;
  if (meta[0]) o += e2b_mcp__fmt(filter + o, sizeof filter - o, ", metadata \"%s\"", meta);
  if (tpl[0]) e2b_mcp__fmt(filter + o, sizeof filter - o, ", template \"%s\"", tpl);
  e2b_mcp__fmt(text, sizeof text,
    "Which E2B sandboxes are running, and when does each one end?\n"
    "Call e2b_list_sandboxes with state [\"running\"]%s, following next_token to the last page. Show a table: sandbox ID, "
    "template, metadata, started at, ends at and the time left. Flag the ones that end within 10 minutes. "
    "e2b_set_sandbox_timeout extends one, but that costs money: ask me first.", filter);
  e2b_mcp_prompt_text(c, "user", text);
}

static void e2b_mcp__prompt_failed(e2b_mcp_call *c) {
  static const char *const levels[] = { "debug", "info", "warn", "error" };
  char id[E2B_MCP_ID_MAX], level[16], text[1536];
  int i;
  if (e2b_mcp__prompt_arg(c, "sandbox_id", id, sizeof id, E2B_MCP__ID_CHARS, E2B_MCP__ID_WANT) != 0 ||
      e2b_mcp__prompt_arg(c, "level", level, sizeof level, NULL, NULL) != 0) return;
  if (!level[0]) strcpy(level, "error");
  for (i = 0; i < 4 && strcmp(level, levels[i]) != 0; i++) {}
  if (i == 4) { e2b_mcp_result_error(c, "Invalid argument 'level': use debug, info, warn or error."); return; }
  e2b_mcp__fmt(text, sizeof text,
    "Find out why the E2B sandbox %s failed.\n"
    "1. Call e2b_get_sandbox with sandbox_id \"%s\" for its state, template and end time (a 404 means it has ended or "
    "was killed).\n"
    "2. Call e2b_get_sandbox_logs with sandbox_id \"%s\", level \"%s\", direction \"backward\" and limit 100 for its "
    "latest logs at that level and above; if there are none, call it again without level.\n"
    "3. Explain the most likely cause in plain words, quote the log lines that show it and suggest a fix. Change nothing.",
    id, id, id, level);
  e2b_mcp_prompt_text(c, "user", text);
}

static void e2b_mcp__prompt_usage(e2b_mcp_call *c) {
  char id[E2B_MCP_ID_MAX], mins[16], window[96], text[1536];
  long long n = 0;
  if (e2b_mcp__prompt_arg(c, "sandbox_id", id, sizeof id, E2B_MCP__ID_CHARS, E2B_MCP__ID_WANT) != 0 ||
      e2b_mcp__prompt_arg(c, "minutes", mins, sizeof mins, NULL, NULL) != 0) return;
  if (mins[0] && (e2b_mcp__parse_ll(mins, strlen(mins), &n) != 0 || n < 1 || n > 10080)) {
    e2b_mcp_result_error(c, "Invalid argument 'minutes': expected a whole number of minutes from 1 to 10080 (a week).");
    return;
  }
  if (n) e2b_mcp__fmt(window, sizeof window, " and start set to now minus %d minutes, in Unix seconds", (int)n);
  else window[0] = 0;
  e2b_mcp__fmt(text, sizeof text,
    "How much has the E2B sandbox %s used?\n"
    "Call e2b_get_sandbox_metrics with sandbox_id \"%s\"%s. Summarise CPU (average and peak %%), memory and disk (peak used "
    "against the total, in MB), and say whether the sandbox looks too big or too small for what it does; e2b_get_sandbox "
    "gives its CPU count and memory size.", id, id, window);
  e2b_mcp_prompt_text(c, "user", text);
}

static void e2b_mcp__prompt_pause(e2b_mcp_call *c) {
  char meta[E2B_MCP_ARG_MAX], text[1536];
  if (e2b_mcp__prompt_arg(c, "metadata", meta, sizeof meta, NULL, NULL) != 0) return;
  if (meta[0] == '=' || !e2b_mcp__strchr(meta, '=')) { e2b_mcp_result_error(c, "Invalid argument 'metadata': expected key=value, such as project=web."); return; }
  e2b_mcp__fmt(text, sizeof text,
    "Pause every running E2B sandbox whose metadata has %s.\n"
    "1. Call e2b_list_sandboxes with state [\"running\"] and metadata \"%s\" (follow next_token to the last page).\n"
    "2. Show me the list and ask me to confirm before pausing anything.\n"
    "3. On my yes, call e2b_pause_sandbox for each one; a 409 means it is already paused or changing state: report it and "
    "go on.\n"
    "4. Call e2b_list_sandboxes with state [\"paused\"] and the same metadata to confirm.", meta, meta);
  e2b_mcp_prompt_text(c, "user", text);
}

static void e2b_mcp__prompt_start(e2b_mcp_call *c) {
  char tpl[E2B_MCP_ID_MAX * 2], mins[16], text[1536];
  long long n = 5;
  if (e2b_mcp__prompt_arg(c, "template", tpl, sizeof tpl, "-_./:", "a template ID or name such as base or team/name:tag") != 0 ||
      e2b_mcp__prompt_arg(c, "minutes", mins, sizeof mins, NULL, NULL) != 0) return;
  if (mins[0] && (e2b_mcp__parse_ll(mins, strlen(mins), &n) != 0 || n < 1 || n > E2B_MCP_MAX_TIMEOUT_S / 60)) {
    e2b_mcp_result_error(c, "Invalid argument 'minutes': expected a whole number of minutes from 1 to %d.", (int)(E2B_MCP_MAX_TIMEOUT_S / 60));
    return;
  }
  e2b_mcp__fmt(text, sizeof text,
    "Start an E2B sandbox of template %s for %d minutes.\n"
    "It costs money while it runs: tell me what it will start and for how long, and ask me to confirm first. On my yes, "
    "call e2b_create_sandbox with template_id \"%s\" and timeout %d (seconds). Then show its sandbox ID and when it ends. "
    "Later, e2b_set_sandbox_timeout extends it and e2b_pause_sandbox stops its compute billing.", tpl, (int)n, tpl, (int)(n * 60));
  e2b_mcp_prompt_text(c, "user", text);
}

#if E2B_MCP_TOOL_FORK_SANDBOX
static void e2b_mcp__prompt_fork(e2b_mcp_call *c) {
  char id[E2B_MCP_ID_MAX], ways[E2B_MCP_ARG_MAX], mins[16], text[2048];
  long long n = 10;
  if (e2b_mcp__prompt_arg(c, "sandbox_id", id, sizeof id, E2B_MCP__ID_CHARS, E2B_MCP__ID_WANT) != 0 ||
      e2b_mcp__prompt_arg(c, "approaches", ways, sizeof ways, NULL, NULL) != 0 ||
      e2b_mcp__prompt_arg(c, "minutes", mins, sizeof mins, NULL, NULL) != 0) return;
  if (mins[0] && (e2b_mcp__parse_ll(mins, strlen(mins), &n) != 0 || n < 1 || n > E2B_MCP_MAX_TIMEOUT_S / 60)) {
    e2b_mcp_result_error(c, "Invalid argument 'minutes': expected a whole number of minutes from 1 to %d.", (int)(E2B_MCP_MAX_TIMEOUT_S / 60));
    return;
  }
  e2b_mcp__fmt(text, sizeof text,
    "Try several approaches at once from the state sandbox %s is in now.\n"
    "The approaches: %s\n"
    "1. Count the approaches (N, at most 100). Tell me that forking makes N new sandboxes, each billed like a sandbox for "
    "up to %d minutes, and ask me to confirm.\n"
    "2. On my yes, call e2b_fork_sandbox with sandbox_id \"%s\", count N and timeout %d (seconds). Each entry of forks is "
    "one copy with its own sandboxID (or the error that kept it from starting); the source goes on as it was.\n"
    "3. Give each copy one approach and report, per copy, which approach it ran and what came of it.\n"
    "4. When I have picked the winner, list the copies I do not need: %s",
    id, ways[0] ? ways : "(ask me for them, one per line)", (int)n, id, (int)(n * 60),
    e2b_mcp__has_tool(c, "e2b_kill_sandbox") && c->srv->cfg.enable_kill ? "on my word, call e2b_kill_sandbox for each of them."
    : "pause them with e2b_pause_sandbox, or let them end at their timeout.");
  e2b_mcp_prompt_text(c, "user", text);
}
#endif

#if E2B_MCP_TOOL_SET_SANDBOX_NETWORK
static void e2b_mcp__prompt_lock_down(e2b_mcp_call *c) {
  char id[E2B_MCP_ID_MAX], allow[E2B_MCP_ARG_MAX], text[2048];
  if (e2b_mcp__prompt_arg(c, "sandbox_id", id, sizeof id, E2B_MCP__ID_CHARS, E2B_MCP__ID_WANT) != 0 ||
      e2b_mcp__prompt_arg(c, "allow", allow, sizeof allow, "-_.*/:, ", "host names, IP addresses or CIDR blocks, comma-separated") != 0) return;
  e2b_mcp__fmt(text, sizeof text,
    "Lock down the network of E2B sandbox %s so that it can reach only what it needs.\n"
    "1. Call e2b_get_sandbox with sandbox_id \"%s\" and show me its network settings now.\n"
    "2. %s%s%s\n"
    "3. Call e2b_set_sandbox_network with sandbox_id \"%s\", allow_out set to those destinations and deny_out "
    "[\"0.0.0.0/0\"], so everything else is blocked. It replaces every egress rule the sandbox had.\n"
    "4. Show me the rules E2B now holds (the tool's result) and what they let through.",
    id, id, allow[0] ? "It may reach only: " : "Ask me which hosts it must still reach (such as api.github.com, *.pypi.org), and wait for my answer.",
    allow, allow[0] ? ". Tell me the plan before you change anything." : "", id);
  e2b_mcp_prompt_text(c, "user", text);
}
#endif

#if E2B_MCP_TOOL_GET_TEAM_USAGE
static void e2b_mcp__prompt_weekly(e2b_mcp_call *c) {
  char days[16], text[2048];
  long long n = 7;
  if (e2b_mcp__prompt_arg(c, "days", days, sizeof days, NULL, NULL) != 0) return;
  if (days[0] && (e2b_mcp__parse_ll(days, strlen(days), &n) != 0 || n < 1 || n > 31)) {
    e2b_mcp_result_error(c, "Invalid argument 'days': expected a whole number of days from 1 to 31.");
    return;
  }
  e2b_mcp__fmt(text, sizeof text,
    "Review my team's E2B usage over the last %d days: what ran, and what is still costing us.\n"
    "1. Call e2b_get_team_usage with start set to now minus %d days, in Unix seconds: report the peak number of concurrent "
    "sandboxes and when it was, the peak start rate, and how many run now.\n"
    "%s"
    "3. Call e2b_list_sandboxes with state [\"running\"] (follow next_token to the last page): for each, its template, "
    "metadata, how long it has run and when it ends. Flag the ones running for more than a day or with no metadata.\n"
    "4. Sum it up in a few lines with what to change (sandboxes to pause or end, timeouts to shorten). Change nothing yourself.",
    (int)n, (int)n,
    e2b_mcp__has_tool(c, "e2b_list_events") ? "2. Call e2b_list_events (follow next_token) and count created, paused, resumed "
    "and killed sandboxes over the period; name the templates and metadata that started the most.\n"
    : "2. (Lifecycle events are not offered on this server: skip the counts of starts and stops.)\n");
  e2b_mcp_prompt_text(c, "user", text);
}
#endif

static const e2b_mcp_prompt_arg e2b_mcp__pa_audit[] = {
  { "keep", "The sandboxes still needed: IDs, templates or metadata (such as project=web). Every other one is a candidate for clean-up.", 0 }
};
static const e2b_mcp_prompt_arg e2b_mcp__pa_running[] = {
  { "metadata", "Only sandboxes with this metadata, as key=value (such as project=web).", 0 },
  { "template", "Only sandboxes of this template (ID or name).", 0 }
};
static const e2b_mcp_prompt_arg e2b_mcp__pa_failed[] = {
  { "sandbox_id", "The sandbox ID (sandboxID in list results).", 1 },
  { "level", "The lowest log level to read: debug, info, warn or error (default error).", 0 }
};
static const e2b_mcp_prompt_arg e2b_mcp__pa_usage[] = {
  { "sandbox_id", "The sandbox ID (sandboxID in list results).", 1 },
  { "minutes", "Only the last this many minutes (default: its whole life).", 0 }
};
static const e2b_mcp_prompt_arg e2b_mcp__pa_pause[] = {
  { "metadata", "The metadata the sandboxes to pause have, as key=value (such as project=web).", 1 }
};
static const e2b_mcp_prompt_arg e2b_mcp__pa_start[] = {
  { "template", "The template to start, by ID or name (such as base).", 1 },
  { "minutes", "How long it runs before it ends by itself, in minutes (default 5).", 0 }
};
#if E2B_MCP_TOOL_FORK_SANDBOX
static const e2b_mcp_prompt_arg e2b_mcp__pa_fork[] = {
  { "sandbox_id", "The sandbox to fork (sandboxID in list results); it must be running.", 1 },
  { "approaches", "The approaches to try, one per copy (such as: upgrade numpy; pin numpy 1.26; drop numpy).", 0 },
  { "minutes", "How long each copy runs before it ends by itself, in minutes (default 10).", 0 }
};
#endif
#if E2B_MCP_TOOL_SET_SANDBOX_NETWORK
static const e2b_mcp_prompt_arg e2b_mcp__pa_lock[] = {
  { "sandbox_id", "The sandbox to lock down (sandboxID in list results).", 1 },
  { "allow", "What it may still reach, comma-separated: host names (api.github.com, *.pypi.org), IP addresses or CIDR blocks.", 0 }
};
#endif
#if E2B_MCP_TOOL_GET_TEAM_USAGE
static const e2b_mcp_prompt_arg e2b_mcp__pa_weekly[] = {
  { "days", "How many days back to look, 1 to 31 (default 7).", 0 }
};
#endif
#define E2B_MCP__PROMPT(name, title, desc, args, fn, needs) \
  { name, title, desc, args, (int)E2B_MCP__COUNT(args), fn, (void *)needs }
static const e2b_mcp_prompt e2b_mcp__builtin_prompts[] = {
  E2B_MCP__PROMPT("e2b_audit_sandboxes", "Audit and clean up sandboxes",
    "List the sandboxes, find the stale ones against what you still need, and remove only the ones you name, then list again.",
    e2b_mcp__pa_audit, e2b_mcp__prompt_audit, "e2b_list_sandboxes"),
  E2B_MCP__PROMPT("e2b_whats_running", "What is running, and when does it end",
    "The running sandboxes in a table, with when each one ends and the time left.",
    e2b_mcp__pa_running, e2b_mcp__prompt_running, "e2b_list_sandboxes"),
  E2B_MCP__PROMPT("e2b_why_failed", "Why did this sandbox fail",
    "Reads a sandbox's state and its latest error logs, and explains the most likely cause.",
    e2b_mcp__pa_failed, e2b_mcp__prompt_failed, "e2b_get_sandbox e2b_get_sandbox_logs"),
  E2B_MCP__PROMPT("e2b_sandbox_usage", "How much did this sandbox use",
    "A summary of a sandbox's CPU, memory and disk metrics, and whether it is sized right.",
    e2b_mcp__pa_usage, e2b_mcp__prompt_usage, "e2b_get_sandbox_metrics"),
  E2B_MCP__PROMPT("e2b_pause_by_metadata", "Pause everything with metadata K=V",
    "Lists the running sandboxes with a metadata key=value and, once you confirm, pauses them all.",
    e2b_mcp__pa_pause, e2b_mcp__prompt_pause, "e2b_list_sandboxes e2b_pause_sandbox"),
  E2B_MCP__PROMPT("e2b_start_sandbox", "Start a sandbox of template T for N minutes",
    "Starts one sandbox of a template for a few minutes, after you confirm (it costs money).",
    e2b_mcp__pa_start, e2b_mcp__prompt_start, "e2b_create_sandbox")
#if E2B_MCP_TOOL_FORK_SANDBOX
  , E2B_MCP__PROMPT("e2b_fork_and_try", "Fork a sandbox to try approaches in parallel",
    "Copies a running sandbox once per approach (after you confirm: each copy bills), runs one approach in each and compares.",
    e2b_mcp__pa_fork, e2b_mcp__prompt_fork, "e2b_fork_sandbox")
#endif
#if E2B_MCP_TOOL_SET_SANDBOX_NETWORK
  , E2B_MCP__PROMPT("e2b_lock_down_network", "Lock down a sandbox's network",
    "Shows a sandbox's network rules and replaces them so it reaches only the hosts you name.",
    e2b_mcp__pa_lock, e2b_mcp__prompt_lock_down, "e2b_get_sandbox e2b_set_sandbox_network")
#endif
#if E2B_MCP_TOOL_GET_TEAM_USAGE
  , E2B_MCP__PROMPT("e2b_weekly_usage_review", "Weekly usage review",
    "The team's peak and current usage over the last days, what started and stopped, and what still runs and costs.",
    e2b_mcp__pa_weekly, e2b_mcp__prompt_weekly, "e2b_get_team_usage e2b_list_sandboxes")
#endif
};
typedef char e2b_mcp__builtin_prompts_must_fit_their_room[E2B_MCP__COUNT(e2b_mcp__builtin_prompts) <= E2B_MCP__PROMPT_ROOM ? 1 : -1];

/* Whether a prompt is offered now: a custom one always, one of E2B's while
   every tool it names is. */
static int e2b_mcp__prompt_offered(e2b_mcp_server *s, const e2b_mcp__ctx *cx, const e2b_mcp_prompt *p) {
  const char *n;
  int i;
  for (i = 0; i < (int)E2B_MCP__COUNT(e2b_mcp__builtin_prompts) && p != &e2b_mcp__builtin_prompts[i]; i++) {}
  if (i == (int)E2B_MCP__COUNT(e2b_mcp__builtin_prompts)) return 1;
  for (n = (const char *)p->user; *n; ) {
    size_t k = strcspn(n, " ");
    if (!e2b_mcp__tool_for(s, cx, n, k)) return 0;
    n += k;
    while (*n == ' ') n++;
  }
  return 1;
}

E2B_MCP_DEF int e2b_mcp_add_prompt(e2b_mcp_server *s, const e2b_mcp_prompt *p) {
  int i;
  if (!p || !p->name || !*p->name || !p->fn || p->nargs < 0 || (p->nargs && !p->args)) return -1;
  for (i = 0; i < p->nargs; i++) if (!p->args[i].name) return -1;
  for (i = 0; i < s->nprompts; i++) if (strcmp(s->prompts[i]->name, p->name) == 0) return -1;
  if (s->nprompts_custom >= E2B_MCP_MAX_PROMPTS) return -1;
  s->prompts[s->nprompts++] = p;
  s->nprompts_custom++;
  return 0;
}
static const e2b_mcp_prompt *e2b_mcp__find_prompt(e2b_mcp_server *s, const e2b_mcp__ctx *cx, const char *js, const jsmntok_t *t) {
  int i;
  for (i = 0; i < s->nprompts; i++)
    if (e2b_mcp__tok_eq(js, t, s->prompts[i]->name) && e2b_mcp__prompt_offered(s, cx, s->prompts[i])) return s->prompts[i];
  return NULL;
}

/* ---- the methods ---- */


static void e2b_mcp__on_prompts_list(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int params, const char *id) {
  e2b_mcp_json w;
  int i, k, end, start = e2b_mcp__list_cursor(s, m, js, t, params, id, s->nprompts);
  if (start < 0) return;
  end = start + E2B_MCP_TOOLS_PAGE;
  if (end > s->nprompts) end = s->nprompts;
  e2b_mcp__reply_begin(s, m, &w, id);
  e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "prompts"); e2b_mcp_json_arr(&w);
  for (i = start; i < end; i++) {
    const e2b_mcp_prompt *p = s->prompts[i];
    if (!e2b_mcp__prompt_offered(s, m->cx, p)) continue;
    e2b_mcp_json_obj(&w);
    e2b_mcp_json_key(&w, "name"); e2b_mcp_json_str(&w, p->name);
    if (p->title && m->cx->sess->version >= E2B_MCP__V2025_06) { e2b_mcp_json_key(&w, "title"); e2b_mcp_json_str(&w, p->title); }
    e2b_mcp_json_key(&w, "description"); e2b_mcp_json_str(&w, p->description ? p->description : p->name);
    e2b_mcp_json_key(&w, "arguments"); e2b_mcp_json_arr(&w);
    for (k = 0; k < p->nargs; k++) {
      e2b_mcp_json_obj(&w);
      e2b_mcp_json_key(&w, "name"); e2b_mcp_json_str(&w, p->args[k].name);
      if (p->args[k].description) { e2b_mcp_json_key(&w, "description"); e2b_mcp_json_str(&w, p->args[k].description); }
      e2b_mcp_json_key(&w, "required"); e2b_mcp_json_bool(&w, p->args[k].required != 0);
      e2b_mcp_json_obj_end(&w);
    }
    e2b_mcp_json_arr_end(&w);
    e2b_mcp_json_obj_end(&w);
  }
  e2b_mcp_json_arr_end(&w);
  if (end < s->nprompts) { char b[24]; e2b_mcp__fmt_ll(b, end); e2b_mcp_json_key(&w, "nextCursor"); e2b_mcp_json_str(&w, b); }
  if (m->cx->sess->version == E2B_MCP__V2026_07) e2b_mcp__cache_fields(&w, s->cfg.list_ttl_ms, "public");   /* the same for every client */
  e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(m, &w);
}

/* A get's answer: the prompt's error result is the request's error (-32602:
   the arguments are the client's to fix), else its messages. */
static void e2b_mcp__prompt_reply(e2b_mcp_call *c, e2b_mcp_json *w) {
  e2b_mcp_server *s = c->srv;
  if (!w) {
    if (c->fail_code || c->input_required) return;
    if (c->content.err) e2b_mcp_result_error(c, "The prompt's messages do not fit in this server's buffer (%lu bytes).", (unsigned long)sizeof s->content);
    else if (!c->is_error && !c->content.len) e2b_mcp_result_error(c, "The prompt %s wrote no message.", c->tool->name);
    if (c->is_error) c->fail_code = E2B_MCP__INVALID_PARAMS;   /* its text is in s->errmsg already */
    return;
  }
  e2b_mcp_json_obj(w);
  if (c->tool->description) { e2b_mcp_json_key(w, "description"); e2b_mcp_json_str(w, c->tool->description); }
  e2b_mcp_json_key(w, "messages"); e2b_mcp_json_arr(w);
  e2b_mcp_json_raw(w, c->content.buf, c->content.len);
  e2b_mcp_json_arr_end(w);
  if (c->modern) { e2b_mcp_json_key(w, "resultType"); e2b_mcp_json_str(w, "complete"); }
  e2b_mcp_json_obj_end(w);
}

/* The arguments against the prompt's: an object of strings, every name
   declared, every required one there and not empty. 0, or -1 with the error
   result set. */
static int e2b_mcp__prompt_args(e2b_mcp_call *c, const e2b_mcp_prompt *p) {
  const char *js = c->js;
  const jsmntok_t *t = c->tok;
  int i, k, j;
  if (c->args >= 0) {
    for (i = c->args + 1, k = 0; k < t[c->args].size; k++, i = e2b_mcp__tok_skip(t, i + 1)) {
      int n = t[i].end - t[i].start;
      for (j = 0; j < p->nargs && !e2b_mcp__tok_eq(js, &t[i], p->args[j].name); j++) {}
      if (j == p->nargs) {
        char names[200];
        size_t o = 0;
        for (j = 0; j < p->nargs; j++) o += e2b_mcp__fmt(names + o, sizeof names - o, "%s%s", j ? ", " : "", p->args[j].name);
        e2b_mcp_result_error(c, "Invalid arguments for prompt %s: it has no argument '%.*s'; %s%s.", p->name, n > 60 ? 60 : n,
                             js + t[i].start, p->nargs ? "it takes " : "it takes none", names);
        return -1;
      }
      if (t[i + 1].type != JSMN_STRING) {
        e2b_mcp_result_error(c, "Invalid arguments for prompt %s: '%s' must be a string (prompt arguments are text).", p->name, p->args[j].name);
        return -1;
      }
    }
  }
  for (j = 0; j < p->nargs; j++) {
    int a;
    if (!p->args[j].required) continue;
    a = e2b_mcp__tok_get(js, t, c->args, p->args[j].name);
    if (a < 0 || t[a].end == t[a].start) {
      e2b_mcp_result_error(c, "Invalid arguments for prompt %s: the required argument '%s' is %s (%s).", p->name, p->args[j].name,
                           a < 0 ? "missing" : "empty", p->args[j].description ? p->args[j].description : "a string");
      return -1;
    }
  }
  return 0;
}

static void e2b_mcp__on_prompts_get(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int params, const char *id) {
  e2b_mcp_call c;
  e2b_mcp_tool row;
  const e2b_mcp_prompt *p;
  int name = e2b_mcp__tok_get(js, t, params, "name"), args = e2b_mcp__tok_get(js, t, params, "arguments");
  if (name < 0 || t[name].type != JSMN_STRING) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, "prompts/get needs params.name, the prompt's name (prompts/list names them)");
    return;
  }
  if (!(p = e2b_mcp__find_prompt(s, m->cx, js, &t[name]))) {
    char text[160];
    int n = t[name].end - t[name].start;
    e2b_mcp__fmt(text, sizeof text, "Unknown prompt: %.*s (prompts/list names the prompts)", n > 80 ? 80 : n, js + t[name].start);
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, text);
    return;
  }
  if (args >= 0 && t[args].type == JSMN_PRIMITIVE && js[t[args].start] == 'n') args = -1;
  if (args >= 0 && t[args].type != JSMN_OBJECT) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, "params.arguments must be a JSON object of strings");
    return;
  }
  memset(&row, 0, sizeof row);
  row.name = p->name;
  row.description = p->description;
  row.input_schema = "{\"type\":\"object\"}";
  row.user = p->user;
  memset(&c, 0, sizeof c);
  if (e2b_mcp__call_fill(s, m, &c, &row, js, t, args, params, id) != 0) return;
  c.reply = e2b_mcp__prompt_reply;
  e2b_mcp__result_reset(&c);
  if (e2b_mcp__prompt_args(&c, p) == 0) p->fn(&c);
  e2b_mcp__reply_call(s, m, &c, id);
}

static int e2b_mcp__prompts_handle(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int meth, int params, const char *id) {
  if (e2b_mcp__tok_eq(js, &t[meth], "prompts/list")) e2b_mcp__on_prompts_list(s, m, js, t, params, id);
  else if (e2b_mcp__tok_eq(js, &t[meth], "prompts/get")) e2b_mcp__on_prompts_get(s, m, js, t, params, id);
  else return 0;
  return 1;
}
static void e2b_mcp__prompts_caps(e2b_mcp_server *s, e2b_mcp_json *w, int modern) {
  (void)modern;
  (void)s;
  e2b_mcp_json_key(w, "prompts"); e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "listChanged"); e2b_mcp_json_bool(w, 0);
  e2b_mcp_json_obj_end(w);
}
static const e2b_mcp__surface e2b_mcp__prompts_surface = { e2b_mcp__prompts_handle, e2b_mcp__prompts_caps };

/* Set-up (e2b_mcp_init): E2B's prompts, and the methods. */
static void e2b_mcp__prompts_init(e2b_mcp_server *s) {
  int i;
  for (i = 0; i < (int)E2B_MCP__COUNT(e2b_mcp__builtin_prompts); i++) s->prompts[s->nprompts++] = &e2b_mcp__builtin_prompts[i];
  s->surface[s->nsurface++] = &e2b_mcp__prompts_surface;
}
#endif
