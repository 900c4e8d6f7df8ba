#include "config.h"
#include "derived.h"
/* >>completions: values for the arguments of prompts and resource templates -- */
#if E2B_MCP_WITH_COMPLETIONS
#define E2B_MCP__COMPLETE_ITEMS E2B_MCP__D(64, 8)   /* values kept per kind (a board that opts in keeps fewer) */
/* Values E2B gave a moment ago (the running sandboxes' IDs and metadata, the
   team's template IDs and names), kept E2B_MCP_COMPLETE_TTL_MS so that typing
   an argument does not call E2B at each key. Only values read with the
   server's own key are reused: over HTTP with per-client keys another
   client's would be another team's. */
typedef struct e2b_mcp__complete_cache {
  unsigned long at;           /* when it was filled (ms; 0: never) */
  int own;                    /* filled with the server's own key */
  int n;
  char item[E2B_MCP__COMPLETE_ITEMS][E2B_MCP_ID_MAX * 2];
} e2b_mcp__complete_cache;
enum { E2B_MCP__CC_SANDBOXES, E2B_MCP__CC_METADATA, E2B_MCP__CC_TEMPLATES, E2B_MCP__CC_N };
#endif
