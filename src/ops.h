#include "config.h"
#include "derived.h"
#include "client.h"
#include "mcp.h"
/* >>ops: what an operator's tools ask of a server -----------------------------
   GET /healthz (the loop runs), GET /readyz (ready to take calls, or what is
   not and why) and GET /metrics (Prometheus' text format) are written here
   from the server's state; the HTTP transport serves them (its operations
   section) and hands in what only it knows (a view). Nothing written here
   names a key, a token, a subject, a team or a sandbox. */
#ifdef E2B_MCP__HTTP
/* E2B's readiness probe: GET /health on the API's host, with no key (any
   answer, a 401 too, says E2B is there), run in a call slot like an issuer's
   keys (e2b_mcp__fetch). */
/* /readyz is open to anyone: a flood of it must not become a flood of probes
   while E2B is down (each one a call slot's connection). */
#define E2B_MCP__PROBE_GAP_MS 1000UL
typedef struct e2b_mcp__probe {
  e2b_mcp__fetch f;           /* first: done() gets &f */
  unsigned long *answered;    /* the server's e2b_answered_ms, set when E2B answers */
  unsigned long now;          /* when it went out: the next goes out E2B_MCP__PROBE_GAP_MS later at the earliest */
  int failed;                 /* the last one that ended got no answer at all */
} e2b_mcp__probe;
#endif

/* The embedder's audit hook could not write a record (a full disk, a closed
   pipe): counted in e2b_mcp_audit_failures_total (with E2B_MCP_AUDIT). */
#if E2B_MCP_AUDIT
E2B_MCP_DEF void e2b_mcp_audit_failed(e2b_mcp_server *s);
#endif

#if E2B_MCP_LIMITS
/* One principal's buckets (>>ops' limits): call tokens in thousandths. */
typedef struct e2b_mcp__bucket {
  unsigned long long who;     /* the principal's hash; 0: free */
  long tok[2];                /* calls, billable calls (thousandths of a call) */
  unsigned long at;           /* when they were last filled (ms) */
  unsigned long used;         /* the table's use counter then: least recently used goes first */
} e2b_mcp__bucket;
typedef struct e2b_mcp__limits {
  unsigned long uses;
  e2b_mcp__bucket b[E2B_MCP_LIMIT_PRINCIPALS];
} e2b_mcp__limits;
#endif
