/* >>e2b client: the HTTP/1.1 exchange with E2B's API -----------------------
   A base URL, a keep-alive connection, an answer as read, and a request
   as a tool's build phase writes it. */

/* A parsed base URL. */
typedef struct e2b_mcp_url {
  int https;
  unsigned port;
  char host[E2B_MCP_HOST_MAX];
  char prefix[E2B_MCP_PREFIX_MAX];
  e2b_mcp_addr addr;          /* host, resolved (family 0: not yet, or to be asked again) */
  unsigned long addr_ms;      /* when it was */
} e2b_mcp_url;

/* One keep-alive connection to E2B (socket + TLS state). */
typedef struct e2b_mcp_conn {
  e2b_mcp_sock sock;
  int open, https;
  unsigned port;
  char host[E2B_MCP_HOST_MAX];
  e2b_mcp_tls tls;
  unsigned long requests, connects;   /* counters, for tests and benchmarks */
} e2b_mcp_conn;

/* What the HTTP client read. body points into the server's response buffer. */
typedef struct e2b_mcp_http_resp {
  int status;                 /* HTTP status, or 0 when err != 0 */
  int err;                    /* E2B_MCP_ERR_* */
  const char *body;
  size_t body_len;
  long retry_after;           /* seconds, -1 when absent */
  long total_running;         /* X-Total-Running, -1 when absent */
  char next_token[E2B_MCP_NEXT_MAX];  /* X-Next-Token, "" when absent */
} e2b_mcp_http_resp;

/* One E2B request (>>http client): written by a tool's build phase into its
   call slot's buffers, sent by the client, read again by the shape phase
   (what it kept for the answer). */
typedef struct e2b_mcp__req {
  e2b_mcp_json w;       /* "METHOD prefix/path?query" in buf; the client adds the head */
  e2b_mcp_json body;    /* a JSON body (e2b_mcp__req_body) in body_buf, or none: body.buf is NULL */
  char *buf, *body_buf; /* the slot's request and answer buffers (the body goes out before the answer comes) */
  size_t cap, body_cap;
  const e2b_mcp_url *base;
  int has_query;
  int idempotent;       /* may be sent again after a stale connection */
  const char *ask;      /* the consent question of a call that bills or destroys (e2b_mcp__ask), or NULL */
  /* kept for the shape phase: the sandbox ID, a number (a timeout, a limit), a flag */
  char id[E2B_MCP_ID_MAX];
  long long num;
  int flag;
} e2b_mcp__req;
typedef e2b_mcp__req e2b_mcp_request;   /* its public name: a two-phase tool's build writes one */

/* The client's reading of an answer: its head, and a chunked body's decoder. */
typedef struct e2b_mcp__head { int status, chunked, close; long long length; /* -1: none */ } e2b_mcp__head;
typedef struct e2b_mcp__chunked { int state, digits, line_empty; size_t left; /* chunk data still to come */ } e2b_mcp__chunked;

