#include "config.h"
#include "derived.h"
/* >>metrics: the counters an operator scrapes ----------------------------------
   Fixed arrays inside the server, bumped where things happen (a call ends, E2B
   answers, a question is answered, a token is verified, a request is refused)
   and read by GET /metrics (>>ops). Every label they are shown under comes from
   a fixed list (a method, a tool of the table, an outcome, an HTTP status from
   a short list): never a key, a token, a subject or a sandbox id. An update is
   an increment or a bucket found in a loop of 14; nothing is allocated. */
#if E2B_MCP_METRICS
/* Durations: OpenTelemetry's advice for mcp.server.operation.duration, in seconds. */
#define E2B_MCP__MET_BUCKETS 14
#define E2B_MCP__MET_BOUNDS_MS {10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 30000, 60000, 120000, 300000}
#define E2B_MCP__MET_BOUNDS_TEXT {"0.01", "0.02", "0.05", "0.1", "0.2", "0.5", "1", "2", "5", "10", "30", "60", "120", "300"}
typedef struct e2b_mcp__hist {
  unsigned long b[E2B_MCP__MET_BUCKETS + 1];   /* observations per bucket (not summed; the last: beyond every bound) */
  unsigned long long sum_ms;
} e2b_mcp__hist;

/* How a tool call ended (the audit's outcomes). */
enum { E2B_MCP__OC_OK, E2B_MCP__OC_ERROR, E2B_MCP__OC_DECLINED, E2B_MCP__OC_CANCELLED, E2B_MCP__OC_NO_KEY, E2B_MCP__OC_N };
#define E2B_MCP__OC_NAMES {"ok", "error", "declined", "cancelled", "no_key"}
/* The MCP methods counted apart from tools/call (which is counted per tool); anything else is "other". */
#define E2B_MCP__MET_METHODS {"initialize", "ping", "tools/list", "logging/setLevel", "server/discover", "resources/list", \
  "resources/read", "resources/templates/list", "resources/subscribe", "resources/unsubscribe", "prompts/list", "prompts/get", \
  "completion/complete", "other"}
#define E2B_MCP__MET_NMETHODS 14
/* Why a call was refused before it started. */
enum { E2B_MCP__RF_BUSY, E2B_MCP__RF_QUEUE_FULL, E2B_MCP__RF_SCOPE, E2B_MCP__RF_AUDIT, E2B_MCP__RF_RATE, E2B_MCP__RF_RATE_BILL,
       E2B_MCP__RF_LIMITS_DOWN, E2B_MCP__RF_N };
#define E2B_MCP__RF_NAMES {"busy", "queue_full", "scope", "audit_unavailable", "rate_limit", "rate_limit_billable", "limits_unavailable"}
/* E2B's answers by status: these, else "other"; 0 is no answer at all. */
#define E2B_MCP__MET_STATUSES {0, 200, 201, 202, 204, 400, 401, 403, 404, 409, 429, 500, 502, 503, 504}
#define E2B_MCP__MET_NSTATUS 16
enum { E2B_MCP__CQ_ASKED, E2B_MCP__CQ_ACCEPTED, E2B_MCP__CQ_DECLINED, E2B_MCP__CQ_EXPIRED, E2B_MCP__CQ_N };
#define E2B_MCP__CQ_NAMES {"asked", "accepted", "declined", "expired"}
#define E2B_MCP__MET_TOOLS (E2B_MCP__BUILTIN_ROOM + E2B_MCP_MAX_TOOLS)
#define E2B_MCP__MET_TOKENS 16   /* token verifications: index -result of e2b_mcp_auth_verify (0: ok) */

typedef struct e2b_mcp__metrics {
  e2b_mcp__hist tool[E2B_MCP__MET_TOOLS][E2B_MCP__OC_N];   /* tools/call, by the tool's place in the table */
  e2b_mcp__hist method[E2B_MCP__MET_NMETHODS][2];          /* other requests: answered, or method not found */
  e2b_mcp__hist e2b_time[E2B_MCP__MET_TOOLS];              /* E2B's exchanges, by the tool that made them */
  unsigned long e2b[E2B_MCP__MET_TOOLS][E2B_MCP__MET_NSTATUS];
  unsigned long refused[E2B_MCP__RF_N];
  unsigned long consent[E2B_MCP__CQ_N];
  unsigned long cooldowns;                                  /* 429s that started a cool-down */
  unsigned long tokens[E2B_MCP__MET_TOKENS];
  unsigned long audit_records, audit_failures;
  unsigned long http_requests;                              /* requests read by the HTTP transport */
} e2b_mcp__metrics;
#  define E2B_MCP__MET_INC(s, field) ((void)((s)->metrics.field++))
#else
#  define E2B_MCP__MET_INC(s, field) ((void)0)
#endif
