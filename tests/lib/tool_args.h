/* tool_args.h - arguments for any tool, made from its input schema, so a table
   of tool calls (fuzz targets, bench) is the server's own tool table, whatever
   tools it has.

   tool_args(schema, all, out, cap): writes a JSON object to out with every
   property of the schema (all != 0) or only the required ones, each given a
   value its schema accepts: an enum's first value, an integer's minimum (else
   1), true, an object with every property its schema names (else {"k":"v"}), a
   one-item array, the first alternative of an anyOf, and for a string
   TOOL_ARGS_ID (a valid ID), TOOL_ARGS_TIME (an ISO 8601 time) when the
   property's name ends in _after, _before or _at, or TOOL_ARGS_PATH when it is
   "path".
   Returns the length, or -1 when the schema does not parse or out is too
   small. tool_calls_of(c, server) makes a whole table of calls from a server's
   tools. Include after e2b_mcp.h (it uses jsmn). No heap. */
#ifndef TOOL_ARGS_H
#define TOOL_ARGS_H

#include <string.h>

#define TOOL_ARGS_ID "sb1"
#define TOOL_ARGS_TIME "2026-01-01T00:00:00Z"
#define TOOL_ARGS_PATH "/mnt/" TOOL_ARGS_ID
#define TOOL_ARGS_TOKENS 512

typedef struct tool_args_out {
  const char *js;
  const jsmntok_t *t;
  char *p;
  size_t len, cap;
  int err;
} tool_args_out;

static void tool_args__put(tool_args_out *o, const char *s, size_t n) {
  if (o->len + n + 1 > o->cap) { o->err = 1; return; }
  memcpy(o->p + o->len, s, n);
  o->len += n;
  o->p[o->len] = 0;
}
#define TOOL_ARGS__LIT(o, lit) tool_args__put((o), (lit), sizeof(lit) - 1)

/* The index just past token i and everything inside it. */
static int tool_args__skip(const jsmntok_t *t, int i) {
  int n = t[i].size, j = i + 1;
  if (t[i].type == JSMN_OBJECT) while (n-- > 0) j = tool_args__skip(t, tool_args__skip(t, j));
  else if (t[i].type == JSMN_ARRAY) while (n-- > 0) j = tool_args__skip(t, j);
  return j;
}
/* The value of key in the object at index obj, or -1. */
static int tool_args__key(const tool_args_out *o, int obj, const char *key) {
  int n, j;
  size_t kl = strlen(key);
  if (obj < 0 || o->t[obj].type != JSMN_OBJECT) return -1;
  for (n = o->t[obj].size, j = obj + 1; n > 0; n--) {
    if ((size_t)(o->t[j].end - o->t[j].start) == kl && memcmp(o->js + o->t[j].start, key, kl) == 0) return j + 1;
    j = tool_args__skip(o->t, j + 1);
  }
  return -1;
}
static int tool_args__is(const tool_args_out *o, int i, const char *s) {
  return i >= 0 && (size_t)(o->t[i].end - o->t[i].start) == strlen(s) && memcmp(o->js + o->t[i].start, s, strlen(s)) == 0;
}
static void tool_args__raw(tool_args_out *o, int i) {
  if (o->t[i].type == JSMN_STRING) TOOL_ARGS__LIT(o, "\"");
  tool_args__put(o, o->js + o->t[i].start, (size_t)(o->t[i].end - o->t[i].start));
  if (o->t[i].type == JSMN_STRING) TOOL_ARGS__LIT(o, "\"");
}
static int tool_args__ends(const tool_args_out *o, int i, const char *s) {
  size_t n = (size_t)(o->t[i].end - o->t[i].start), l = strlen(s);
  return n >= l && memcmp(o->js + o->t[i].end - l, s, l) == 0;
}
static void tool_args__members(tool_args_out *o, int p, int all, int depth);
enum { TOOL_ARGS__ID, TOOL_ARGS__TIME, TOOL_ARGS__PATH };
/* A value the schema at index p accepts; kind: what a string is. */
static void tool_args__value(tool_args_out *o, int p, int kind, int depth) {
  int en = tool_args__key(o, p, "enum"), any = tool_args__key(o, p, "anyOf"), ty = tool_args__key(o, p, "type");
  if (depth > 8) { o->err = 1; return; }
  if (en >= 0 && o->t[en].size > 0) tool_args__raw(o, en + 1);
  else if (any >= 0 && o->t[any].size > 0) tool_args__value(o, any + 1, kind, depth + 1);
  else if (tool_args__is(o, ty, "integer") || tool_args__is(o, ty, "number")) {
    int min = tool_args__key(o, p, "minimum");
    if (min >= 0) tool_args__raw(o, min);
    else TOOL_ARGS__LIT(o, "1");
  } else if (tool_args__is(o, ty, "boolean")) TOOL_ARGS__LIT(o, "true");
  else if (tool_args__is(o, ty, "object")) {
    if (tool_args__key(o, p, "properties") >= 0) tool_args__members(o, p, 1, depth + 1);
    else TOOL_ARGS__LIT(o, "{\"k\":\"v\"}");
  } else if (tool_args__is(o, ty, "array")) {
    int it = tool_args__key(o, p, "items");
    TOOL_ARGS__LIT(o, "[");
    if (it >= 0) tool_args__value(o, it, kind, depth + 1);
    else TOOL_ARGS__LIT(o, "\"" TOOL_ARGS_ID "\"");
    TOOL_ARGS__LIT(o, "]");
  } else if (kind == TOOL_ARGS__TIME) TOOL_ARGS__LIT(o, "\"" TOOL_ARGS_TIME "\"");
  else if (kind == TOOL_ARGS__PATH) TOOL_ARGS__LIT(o, "\"" TOOL_ARGS_PATH "\"");
  else TOOL_ARGS__LIT(o, "\"" TOOL_ARGS_ID "\"");
}

/* The object schema at p as a value: every property (all), or the required ones. */
static void tool_args__members(tool_args_out *o, int p, int all, int depth) {
  const jsmntok_t *t = o->t;
  int props = tool_args__key(o, p, "properties"), req = tool_args__key(o, p, "required"), n, j, first = 1;
  TOOL_ARGS__LIT(o, "{");
  for (n = props >= 0 ? t[props].size : 0, j = props + 1; n > 0; n--, j = tool_args__skip(t, j + 1)) {
    int k, is_req = 0, kind = TOOL_ARGS__ID;
    if (req >= 0 && t[req].type == JSMN_ARRAY)
      for (k = req + 1; k < tool_args__skip(t, req); k++)
        if (t[k].end - t[k].start == t[j].end - t[j].start && memcmp(o->js + t[k].start, o->js + t[j].start, (size_t)(t[j].end - t[j].start)) == 0) is_req = 1;
    if (!all && !is_req) continue;
    if (!first) TOOL_ARGS__LIT(o, ",");
    first = 0;
    tool_args__raw(o, j);
    TOOL_ARGS__LIT(o, ":");
    if (tool_args__ends(o, j, "_after") || tool_args__ends(o, j, "_before") || tool_args__ends(o, j, "_at")) kind = TOOL_ARGS__TIME;
    else if (t[j].end - t[j].start == 4 && memcmp(o->js + t[j].start, "path", 4) == 0) kind = TOOL_ARGS__PATH;
    tool_args__value(o, j + 1, kind, depth);
  }
  TOOL_ARGS__LIT(o, "}");
}

static int tool_args(const char *schema, int all, char *out, size_t cap) {
  static jsmntok_t t[TOOL_ARGS_TOKENS];
  jsmn_parser jp;
  tool_args_out o;
  jsmn_init(&jp);
  if (cap == 0 || jsmn_parse(&jp, schema, strlen(schema), t, TOOL_ARGS_TOKENS) < 1 || t[0].type != JSMN_OBJECT) return -1;
  o.js = schema; o.t = t; o.p = out; o.len = 0; o.cap = cap; o.err = 0;
  out[0] = 0;
  tool_args__members(&o, 0, all, 0);
  return o.err ? -1 : (int)o.len;
}

/* The calls of a fuzz target or a bench: every tool of a server's table, twice,
   with its required arguments (even index) and with all of them (odd index). */
#define TOOL_CALLS_MAX (2 * (E2B_MCP__BUILTIN_ROOM + E2B_MCP_MAX_TOOLS))
typedef struct tool_calls {
  const char *name[TOOL_CALLS_MAX];
  char args[TOOL_CALLS_MAX][1024];
  int n;
} tool_calls;

/* Fills c from s's tools; returns how many calls, or -1 when a schema does not parse. */
static int tool_calls_of(tool_calls *c, const e2b_mcp_server *s) {
  int i, all;
  for (c->n = 0, i = 0; i < s->ntools && c->n + 2 <= TOOL_CALLS_MAX; i++)
    for (all = 0; all < 2; all++, c->n++) {
      c->name[c->n] = s->tools[i]->name;
      if (tool_args(s->tools[i]->input_schema, all, c->args[c->n], sizeof c->args[0]) < 0) return -1;
    }
  return c->n;
}

#endif
