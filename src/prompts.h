#include "config.h"
#include "mcp.h"
/* >>prompts: E2B's documented workflows as prompts, and prompts of your own --
   A prompt is a command a user picks in the client (a slash command): its
   arguments are strings, and prompts/get turns them into messages for the
   model that name the tools to call. E2B_MCP_WITH_PROMPTS 0 leaves it all out. */
#if E2B_MCP_WITH_PROMPTS
typedef struct e2b_mcp_prompt_arg {
  const char *name;
  const char *description;
  int required;
} e2b_mcp_prompt_arg;

typedef struct e2b_mcp_prompt {
  const char *name;           /* A-Z a-z 0-9 _ - . */
  const char *title;
  const char *description;
  const e2b_mcp_prompt_arg *args;   /* nargs of them */
  int nargs;
  /* Writes the messages (e2b_mcp_prompt_text, ...). Its call is a tool
     call's record: e2b_mcp_arg_str reads an argument (the core has checked
     that each is a string, that each is declared and that the required ones
     are there); e2b_mcp_result_error or e2b_mcp_fail refuse the arguments (a
     JSON-RPC error, -32602, with its text); from a 2026-07-28 client
     e2b_mcp_input_required asks the user first (c->modern). c->tool->user is
     user. */
  void (*fn)(e2b_mcp_call *c);
  void *user;
} e2b_mcp_prompt;

/* Adds a prompt of your own next to E2B's (after e2b_mcp_init): 0, or -1 when
   it is malformed, its name is taken or E2B_MCP_MAX_PROMPTS are in. */
E2B_MCP_DEF int  e2b_mcp_add_prompt(e2b_mcp_server *s, const e2b_mcp_prompt *p);
/* For a prompt's fn: one message each, role "user" or "assistant". */
E2B_MCP_DEF void e2b_mcp_prompt_text(e2b_mcp_call *c, const char *role, const char *text);
E2B_MCP_DEF void e2b_mcp_prompt_image(e2b_mcp_call *c, const char *role, const char *base64, const char *mime);
E2B_MCP_DEF void e2b_mcp_prompt_resource(e2b_mcp_call *c, const char *role, const char *uri, const char *mime, const char *text);

#define E2B_MCP__PROMPT_ROOM E2B_MCP__D(12, 8)   /* E2B's own prompts (9) with room to grow; a board builds none by default */
#endif
