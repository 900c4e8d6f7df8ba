#include "metrics.h"
#include "config.h"
/* >>metrics: an observation ----------------------------------------------------- */
#if E2B_MCP_METRICS
static void e2b_mcp__met_observe(e2b_mcp__hist *h, unsigned long ms) {
  static const unsigned long bound[E2B_MCP__MET_BUCKETS] = E2B_MCP__MET_BOUNDS_MS;
  int i = 0;
  while (i < E2B_MCP__MET_BUCKETS && ms > bound[i]) i++;
  h->b[i]++;
  h->sum_ms += ms;
}
/* The row of an E2B status (E2B_MCP__MET_STATUSES, the last row for any other). */
static int e2b_mcp__met_status(int status) {
  static const int known[] = E2B_MCP__MET_STATUSES;
  int i;
  for (i = 0; i < (int)(sizeof known / sizeof known[0]); i++) if (known[i] == status) return i;
  return E2B_MCP__MET_NSTATUS - 1;
}
#endif
