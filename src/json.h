#include "config.h"
/* >>json: the writer, and reading with jsmn ----------------------------------
   An escaping JSON writer over a caller buffer. With a flush function the
   buffer is a staging area that is flushed when full (for streaming a message
   to a transport); without one, overflow sets the sticky error and later
   writes are dropped. Commas between members and elements are automatic. */
typedef int (*e2b_mcp_flush_fn)(void *ctx, const char *p, size_t n);
typedef struct e2b_mcp_json {
  char *buf;
  size_t cap, len;
  e2b_mcp_flush_fn flush;   /* NULL: fixed buffer */
  void *ctx;
  size_t flushed;           /* bytes handed to flush so far */
  int err;                  /* sticky: E2B_MCP_ERR_TOO_LARGE or a flush failure */
  int depth;                /* nesting depth, at most 31 */
  uint32_t has_item;        /* bit d: the container at depth d already has a member */
  int after_key;            /* a key was written; the value follows without a comma */
} e2b_mcp_json;

E2B_MCP_DEF void e2b_mcp_json_init(e2b_mcp_json *w, char *buf, size_t cap);
E2B_MCP_DEF void e2b_mcp_json_obj(e2b_mcp_json *w);
E2B_MCP_DEF void e2b_mcp_json_obj_end(e2b_mcp_json *w);
E2B_MCP_DEF void e2b_mcp_json_arr(e2b_mcp_json *w);
E2B_MCP_DEF void e2b_mcp_json_arr_end(e2b_mcp_json *w);
E2B_MCP_DEF void e2b_mcp_json_key(e2b_mcp_json *w, const char *key);
E2B_MCP_DEF void e2b_mcp_json_str(e2b_mcp_json *w, const char *s);
E2B_MCP_DEF void e2b_mcp_json_strn(e2b_mcp_json *w, const char *s, size_t n);
E2B_MCP_DEF void e2b_mcp_json_int(e2b_mcp_json *w, long long v);
E2B_MCP_DEF void e2b_mcp_json_bool(e2b_mcp_json *w, int v);
E2B_MCP_DEF void e2b_mcp_json_null(e2b_mcp_json *w);
/* A value that is already JSON text (validated by the caller). */
E2B_MCP_DEF void e2b_mcp_json_raw(e2b_mcp_json *w, const char *json, size_t n);
/* Escapes s into the writer without quotes: for building one string in pieces. */
E2B_MCP_DEF void e2b_mcp_json_escape(e2b_mcp_json *w, const char *s, size_t n);
/* Finishes: flushes a streaming writer. Returns 0 or the sticky error. */
E2B_MCP_DEF int  e2b_mcp_json_end(e2b_mcp_json *w);
/* The token index of key's value in the object at token obj of parsed text
   (-1 when absent): e.g. an elicitation answer, e2b_mcp_json_find(c->js,
   c->tok, r, "action") with r from e2b_mcp_elicit. */
E2B_MCP_DEF int  e2b_mcp_json_find(const char *js, const jsmntok_t *t, int obj, const char *key);

