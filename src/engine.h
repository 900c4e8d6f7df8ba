/* >>engine: calls in flight --------------------------------------------------- */

/* One tool call in flight (>>engine): everything a built-in tool's call needs
   while it waits for its user or for E2B. What one step uses and drops
   (parsing the answer, shaping the result, writing the message) is the
   server's shared scratch. The fields before conn are the call's and are
   cleared for each; conn stays open from call to call (keep-alive). */
typedef struct e2b_mcp__slot {
  int state;                  /* E2B_MCP__CS_*: free, asking the user, talking to E2B, done */
  int io;                     /* E2B_MCP__IO_*: how far the E2B exchange is */
  e2b_mcp_call call;
  e2b_mcp__req rq;
  e2b_mcp_session sess;       /* the caller's session as it was when the call came */
  const e2b_mcp_session *from;/* the session it came from, which its answers and cancels must too; NULL: none */
  e2b_mcp_sink sink;          /* where its answer and notifications go */
  unsigned char has_sink;     /* 0: nowhere (in-process, or its client is gone) */
  unsigned char decided;      /* asking: the user's answer came, to act on at the next step: 1 yes, 2 no */
  const char *drop;           /* the call is to end without an answer at the next step, and why (a cancel) */
  char id[E2B_MCP_RPC_ID_MAX];/* its JSON-RPC id, as JSON text */
  e2b_mcp_call *back;         /* in-process: the caller's call, which gets the result */
  long ask_id;                /* asking: the id of our elicitation/create */
  unsigned long until;        /* the user's answer, or E2B's, is due by then (ms; 0: no clock) */
  unsigned long t0;           /* when the request went out */
  e2b_mcp_http_resp r;
  e2b_mcp__head head;
  e2b_mcp__chunked ch;
  size_t sent, have, hlen, body;
  unsigned char piece, mode, want, attempt, reused, got;   /* small on purpose: the small profile's RAM */
  /* the key its requests carry and the redactor hides: the server's, or over
     HTTP with per-client keys its client's (copied from the request) */
  const char *key;
  const unsigned char *key_fail;
  unsigned key_len;
  unsigned long *cooldown;
  char client_key[E2B_MCP_KEY_MAX];
  unsigned char client_key_fail[E2B_MCP_KEY_MAX];
  e2b_mcp_conn conn;          /* kept open between calls */
  char req[E2B_MCP_REQ_MAX];
  char resp[E2B_MCP_RESP_MAX + 1];
} e2b_mcp__slot;

/* How many tool calls are not answered yet (waiting for E2B, their user or,
   over HTTP, a free slot), counting answers still leaving: a loop of your own
   that steps a transport can tell when all have been answered. */
E2B_MCP_DEF int  e2b_mcp_calls_in_flight(const e2b_mcp_server *s);

/* Closes the E2B connections kept open between calls. */
E2B_MCP_DEF void e2b_mcp_close(e2b_mcp_server *s);
