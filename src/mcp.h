#include "config.h"
#include "derived.h"
#include "json.h"
#include "port.h"
#include "client.h"
#include "principal.h"
/* >>mcp core: what a tool, a transport and an in-process caller see -------
   The tool table, the sink a transport gives the core, the call a tool
   handler works on, and the functions a handler calls. */

/* Tool annotations (MCP ToolAnnotations hints). */
enum {
  E2B_MCP_READ_ONLY   = 1,
  E2B_MCP_DESTRUCTIVE = 2,
  E2B_MCP_IDEMPOTENT  = 4,
  E2B_MCP_CLOSED_WORLD = 8,  /* openWorldHint false */
  /* not a hint, and never written out: the core refuses an argument the input
     schema does not name, as if it said "additionalProperties": false (the
     built-in tools' schemas leave the keyword out, as some model providers
     reject it) */
  E2B_MCP__STRICT_ARGS = 0x100
};


typedef struct e2b_mcp_server e2b_mcp_server;
typedef struct e2b_mcp_call e2b_mcp_call;
typedef void (*e2b_mcp_tool_fn)(e2b_mcp_call *c);

typedef struct e2b_mcp_tool {
  const char *name;           /* A-Z a-z 0-9 _ - . */
  const char *title;
  const char *description;
  const char *input_schema;   /* JSON Schema text, an object schema */
  const char *output_schema;  /* JSON Schema text, or NULL */
  unsigned annotations;       /* E2B_MCP_READ_ONLY | ... */
  e2b_mcp_tool_fn fn;         /* the simple form: runs at once, synchronously */
  void *user;
  /* Or a tool that calls E2B, in two phases, like E2B's own (fn NULL): it runs
     in a call slot, concurrently, with consent and E2B's errors and 429s
     handled for it. build writes the request from the arguments
     (e2b_mcp_request_..., no I/O) and returns 0, or sets the error result and
     returns -1; shape turns E2B's 2xx response (r->body, r->body_len;
     e2b_mcp_response_json parses it) into the result. */
  int  (*build)(e2b_mcp_call *c, e2b_mcp_request *rq);
  void (*shape)(e2b_mcp_call *c, const e2b_mcp_request *rq, const e2b_mcp_response *r);
} e2b_mcp_tool;

/* Where outgoing messages go. write() may be called several times for one
   message; end() marks the message complete (stdio adds the newline). */
typedef struct e2b_mcp_sink {
  void *ctx;
  int (*write)(void *ctx, const char *p, size_t n);
  int (*end)(void *ctx);
} e2b_mcp_sink;

#if E2B_MCP_AUDIT
/* What the audit hook (e2b_mcp_config.audit) is told when a tool call ends:
   one record, on the stack, valid during the call only. Billable and
   destructive calls are group write and kill; reads are group read. Never a
   key or a token: a caller's E2B key found in the arguments is masked too. */
typedef struct e2b_mcp_audit_record {
  const char *tool;           /* the tool's name */
  int group;                  /* E2B_MCP_GROUP_READ (changes nothing), _WRITE (starts, bills or changes),
                                 _KILL (destroys), by the tool's annotations */
  const char *who;            /* who called: an access token's subject, or the claim the key store
                                 went by; NULL: nobody said (stdio, a static token) */
  const char *sandbox_id;     /* the sandbox it was about (its sandbox_id, or the one it created); "" */
  const char *args;           /* its arguments as one line of valid UTF-8 JSON, built from the decoded
                                 values and written again (never request text): each value under a
                                 name that holds secrets once decoded (env_vars, and any name with
                                 key, token, secret, password, credential or auth in it) replaced
                                 by "[redacted]", as is the "value" of a {"key"|"name": N, "value"}
                                 pair whose N does; bytes that are not UTF-8 as U+FFFD; a container
                                 nested 8 levels down as "[too deep]"; {"_omitted":"..."} when
                                 longer than E2B_MCP_AUDIT_ARGS_MAX */
  int e2b_status;             /* E2B's HTTP status; 0: nothing reached E2B, or no answer came */
  const char *outcome;        /* "ok", "error", "declined" (the user said no, or could not be asked),
                                 "cancelled", "no_key" (the key store has none for who),
                                 "forbidden" (the access token lacks the tool's scope: 403),
                                 "audit_unavailable" (cfg.audit_start refused it: nothing sent);
                                 "started" in cfg.audit_start's record */
  unsigned long duration_ms;  /* from the call's arrival to its end (0: the port has no clock) */
  const char *traceparent;    /* the W3C traceparent its request carried in params._meta (SEP-414), as
                                 sent on to E2B; NULL: none, or not well formed */
  unsigned long batch;        /* a member of a 2025-03-26 batch: a number the records of its members share
                                 and no other batch of this server has; 0: a call of its own */
} e2b_mcp_audit_record;
#endif

typedef struct e2b_mcp_config {
  const char *api_key;        /* team key e2b_...; NULL: tools answer with a clear error */
  const char *api_url;        /* default https://api.e2b.app (or from domain) */
  const char *dashboard_url;  /* default https://dashboard-api.e2b.app */
  const char *domain;         /* default e2b.app */
  const char *ca_file;        /* PEM trust anchors; NULL: the system bundle */
  int enable_kill;            /* expose e2b_kill_sandbox */
  int connect_timeout_ms;     /* 0 (or less): E2B_MCP_CONNECT_TIMEOUT_MS */
  int read_timeout_ms;        /* 0 (or less): E2B_MCP_READ_TIMEOUT_MS */
  int dns_ttl_ms;             /* 0 (or less): E2B_MCP_DNS_TTL_MS */
  int ask_timeout_ms;         /* 0 (or less): E2B_MCP_ASK_TIMEOUT_MS (stdio and HTTP alike) */
  int state_ttl_s;            /* 0 (or less): E2B_MCP_STATE_TTL_S */
  int list_ttl_ms;            /* 0 (or less): E2B_MCP_LIST_TTL_MS */
  const e2b_mcp_sock_port *sock_port;  /* the platform (see >>ports); NULL: e2b_mcp_sock_posix */
  const char *server_name;    /* serverInfo.name; default "e2b-mcp" */
  const char *instructions;   /* default: a short guide for the model */
  const char *state_key;      /* secret that seals requestState tokens (2026-07-28): replicas
                                 behind one load balancer share it; NULL: a random key per
                                 process (POSIX), or no sealed state (a custom port) */
  /* Which of E2B's tools this server offers (the run-time selection; the same
     configuration gives the same tools/list, in the table's order, on every
     replica). A tool left out is not listed, and a call to it is an unknown
     tool whose message says it is switched off and how to switch it on. */
  const char *tools;          /* comma-separated tool names and groups: read (spends nothing, changes
                                 nothing), write (starts, bills or changes a sandbox, destroys
                                 nothing), kill (destroys; still needs enable_kill). NULL or "": all.
                                 A name that is neither: e2b_mcp_init fails with E2B_MCP_ERR_TOOLS */
  int read_only;              /* only the read group, whatever tools says; e2b_mcp_add_tool then
                                 refuses a tool without E2B_MCP_READ_ONLY */
  /* A record of used requestState tokens that replicas share, so a token is
     good once across them (each process also keeps its own list): called with
     a token's id (16 hex digits) and expiry (Unix seconds) when the token
     comes back; returns 1 the first time anywhere, 0 when it was used before,
     -1 when it cannot record it (the token is refused). NULL: each process
     remembers its own, so behind N replicas a token is good at most once on
     each. The binary's E2B_MCP_STATE_DIR is one (a directory they share).
     Needs the port's random source (e2b_mcp_init: E2B_MCP_ERR_CONFIG without). */
  int (*state_once)(void *user, const char *id, unsigned long long expires_s);
  void *state_once_user;
#if E2B_MCP_AUDIT
  /* The audit hook: called once for each tool call that ran in a call slot
     (E2B's tools and custom ones with build/shape), when it ends, answered
     or not, and for one refused over HTTP for its access token's scope;
     every group, the caller chooses what to keep. NULL: none. */
  void (*audit)(void *user, const e2b_mcp_audit_record *r);
  /* Fail closed: called just before a tool call's request goes to E2B (its
     arguments checked, any question answered), with its record so far
     (outcome "started", no E2B status, no duration), every group. A
     non-zero return refuses the call: nothing is sent, the client is told
     the audit log is unavailable, and the call's record (cfg.audit) has
     outcome "audit_unavailable". Write the record here and return whether
     it was written, for the groups that must not run unrecorded. NULL: none. */
  int (*audit_start)(void *user, const e2b_mcp_audit_record *r);
  void *audit_user;   /* both hooks' */
#endif
#if E2B_MCP_LIMITS
  /* Limits per user (>>ops): tools/call per principal (an access token's
     subject, a client's own E2B key, else everyone alike), a token bucket
     refilled at per_min a minute holding at most burst (0: no limit); the
     billable ones (every tool not read-only: starts, bills, changes,
     destroys) have their own. Beyond them HTTP answers 429 with Retry-After,
     stdio a JSON-RPC error whose data says when; nothing reaches E2B. */
  int limit_per_min, limit_burst;
  int limit_bill_per_min, limit_bill_burst;
  /* Buckets shared by replicas (the binary's Redis): take one call from the
     bucket (bill: the billable one) of principal: 0 taken, > 0 refused and
     how many ms until one is there, < 0 the store cannot say (refused).
     NULL: the server's own table (E2B_MCP_LIMIT_PRINCIPALS). */
  long (*limit_take)(void *user, unsigned long long principal, int bill, int per_min, int burst);
  void *limit_user;
#endif
  long result_budget;         /* the most characters of text in a result; a longer list is cut at a
                                 whole item with a note and a continuation. 0 (or less):
                                 E2B_MCP_RESULT_BUDGET; at most E2B_MCP_RESULT_MAX */
#if E2B_MCP__SUBS
  int subscribe_poll_ms;      /* while a client is subscribed to a sandbox, E2B is asked for the
                                 sandboxes at most this often; 0 (or less): E2B_MCP_SUBSCRIBE_POLL_MS
                                 (only with subscriptions built: E2B_MCP_SUBSCRIPTIONS) */
#endif
#if E2B_MCP__TASKS
  int task_ttl_ms;            /* how long a task is kept (0 or less: E2B_MCP_TASK_TTL_MS) */
#endif
#if E2B_MCP_WITH_APP
  int team_concurrency;       /* the team's limit of running sandboxes, which the App shows the running
                                 count against (E2B's API does not say it); 0: not shown */
#endif
  const char *team_id;        /* the team of api_key (a UUID), for e2b_get_team_usage, whose E2B
                                 endpoint takes it in its path and which no API-key endpoint names
                                 but the lifecycle events; NULL: read from the newest event */
} e2b_mcp_config;

struct e2b_mcp_call {
  e2b_mcp_server *srv;
  void *slot;                 /* the call slot it runs in (>>engine's), or NULL: a simple custom tool's that has not asked */
  const e2b_mcp_tool *tool;
  const char *js;             /* the message text the arguments live in */
  const jsmntok_t *tok;
  int args;                   /* token index of "arguments", or -1 */
  e2b_mcp_json out;           /* structuredContent, over the result buffer */
  e2b_mcp_json content;       /* extra content blocks, over the content buffer */
  int is_error, has_out;
  const e2b_mcp_sink *sink;   /* notifications during the call; NULL in-process */
  char progress_token[E2B_MCP_RPC_ID_MAX];  /* JSON text, "" when none */
  unsigned long progress;      /* 1 + the last progress value sent; 0 before any */
  int cancelled;              /* the client cancelled the call: it gets no answer */
  int refused;                /* why e2b_mcp_confirm said 0: E2B_MCP_NO_* */
  /* the stateless revision (2026-07-28) */
  int modern;                 /* the call came from a 2026-07-28 client */
  int caps;                   /* token index of its client capabilities (modern), or -1 */
  int responses;              /* token index of params.inputResponses, or -1 */
  int state_len;              /* the verified requestState payload's length, -1 when none came */
  unsigned char state[E2B_MCP_WITH_2026 ? E2B_MCP_STATE_MAX : 1];   /* its payload (none without the revision) */
  int input_required;         /* the result is an InputRequiredResult: inputRequests in out */
  char new_state[E2B_MCP_WITH_2026 ? E2B_MCP__STATE_TEXT : 1];      /* its sealed requestState, "" when none */
  char trace[E2B_MCP_WITH_2026 ? 56 : 1];   /* params._meta.traceparent (W3C, SEP-414) when well formed, else "":
                                               sent to E2B with the requests the call causes, and audited */
  int fail_code;              /* nonzero: answer with this JSON-RPC error (e2b_mcp_fail) */
  const char *fail_data;      /* its data, JSON text, or NULL */
  /* asking the user (private): the message being answered; the token of the
     request's params, after which its answers follow in js (a run again);
     how many answers there are, and how many questions this run asked */
  const struct e2b_mcp__msg *msg;
  int params, answered, asks;
  const struct e2b_mcp__ctx *cx;   /* its context (private): session, key, cool-downs, headers */
#if E2B_MCP__SURFACE
  /* a call that answers another method than tools/call (private: a
     prompts/get, a resources/read, a completion): reply(c, NULL) readies the
     answer (an error result may become its JSON-RPC error), reply(c, w)
     writes its result value; ref is what it answers for (a URI) */
  void (*reply)(e2b_mcp_call *c, e2b_mcp_json *w);
  char ref[E2B_MCP__REF_MAX];
#endif
};
/* Whether c came from a 2026-07-28 client: never without that revision
   built (E2B_MCP_WITH_2026 0: a constant, and the paths behind it go). */
#define E2B_MCP__MODERN(c) (E2B_MCP_WITH_2026 && (c)->modern)

/* An in-process call's outcome; pointers into the server's buffers, valid
   until the next call. */
typedef struct e2b_mcp_result {
  int is_error;
  const char *json;           /* structured result (JSON object), or NULL */
  size_t json_len;
  const char *content;        /* content blocks as JSON array items, or NULL */
  size_t content_len;
  const char *message;        /* plain text of an error, "" otherwise */
} e2b_mcp_result;

/* What an HTTP transport knows about the request beyond its body, for the
   checks of the stateless revision (2026-07-28); the core fills the outputs. */
typedef struct e2b_mcp_wire {
  const char *pver, *method, *name;   /* MCP-Protocol-Version, Mcp-Method, Mcp-Name (NULL: absent) */
  size_t pver_n, method_n, name_n;
  const char *head;                   /* the whole request head, for Mcp-Param-* headers */
  size_t head_n;
  int status;                         /* out: 0, or the HTTP status (400, 404) of an error answer */
} e2b_mcp_wire;

/* What one client negotiated. The core reads and writes the one of the
   message it serves (its context's sess). */
typedef struct e2b_mcp_session {
  int initialized;            /* initialize answered */
  int version;                /* index of the negotiated protocol version */
  int log_level;              /* index of the minimum level sent */
  int client_elicitation;     /* the client declared elicitation in form mode */
  int client_ready;           /* notifications/initialized came: requests to it may be sent */
#if E2B_MCP__SUBS && E2B_MCP_WITH_2026
  char listen_id[E2B_MCP_RPC_ID_MAX];   /* a 2026-07-28 subscriptions/listen stream's: the listen request's id (JSON
                                           text), which its notifications carry as their subscriptionId; "" else */
#endif
#if E2B_MCP__TASKS
  int client_tasks;           /* the client declared the tasks extension (io.modelcontextprotocol/tasks) */
#endif
#if E2B_MCP_WITH_APP
  int client_ui;              /* the client declared the MCP Apps extension (io.modelcontextprotocol/ui)
                                 with text/html;profile=mcp-app: it is shown the App */
#endif
} e2b_mcp_session;

/* What runs calls (private): the layer above the core (>>engine) fills
   this table at set-up, and the core reaches calls in slots only through it:
   a two-phase tool's call (tools/call, or in-process), the user's answer to
   a question and a cancel (the session's: cx), and a simple custom tool's
   question (ask: E2B_MCP_ASKED or < 0) and its call moving into the slot
   the question took (asked). */
struct e2b_mcp__msg;
struct e2b_mcp__ctx;
typedef struct e2b_mcp__runner {
  void (*two_phase)(e2b_mcp_server *s, struct e2b_mcp__msg *m, const e2b_mcp_tool *tool, const char *js, const jsmntok_t *t,
                    int args, int params, const char *id);
  void (*in_process)(e2b_mcp_call *c);
  int  (*user_answer)(e2b_mcp_server *s, const struct e2b_mcp__ctx *cx, const char *js, const jsmntok_t *t, int root);
  void (*cancel)(e2b_mcp_server *s, const struct e2b_mcp__ctx *cx, const char *js, const jsmntok_t *t, int params);
  int  (*ask)(e2b_mcp_call *c, const char *message, const char *schema);
  void (*asked)(e2b_mcp_server *s, e2b_mcp_call *c, const char *id);
  /* a tool call refused for its caller's scopes: its audit record (outcome forbidden; NULL: no audit) */
  void (*forbidden)(e2b_mcp_server *s, const struct e2b_mcp__ctx *cx, const e2b_mcp_tool *tool, int group,
                    const char *js, const jsmntok_t *t, int params, int args);
#if E2B_MCP_WITH_BATCH
  /* a 2025-03-26 batch over a transport that steps the engine: answered as
     one array once its calls end; -2 when it is the core's to answer now */
  int  (*batch)(e2b_mcp_server *s, struct e2b_mcp__msg *m, const char *msg, size_t n);
#endif
#if E2B_MCP__TASKS
  /* tasks/get, tasks/update, tasks/cancel: 1 answered, 0 not one */
  int  (*tasks)(e2b_mcp_server *s, struct e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int meth, int params, const char *id);
#endif
} e2b_mcp__runner;

#if E2B_MCP__SURFACE
/* The MCP surface beyond tools (private): each layer above the core that
   serves more methods (prompts, resources, completions) has one of these in
   the server (e2b_mcp_init puts it there); the core hands it a request whose
   method it does not know (handle: 1 when it answered, 0 when the method is
   not its own) and lets it declare its capability (caps: a key and its
   object, in the capabilities object being written; modern: for
   2026-07-28's server/discover). */
typedef struct e2b_mcp__surface {
  int  (*handle)(e2b_mcp_server *s, struct e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int meth, int params, const char *id);
  void (*caps)(e2b_mcp_server *s, e2b_mcp_json *w, int modern);
} e2b_mcp__surface;
#endif

/* A message's context, and each call's (private): what it carries from its
   transport to E2B and back, never server-wide. The session it belongs to;
   the E2B key its calls use, with the KMP table the redactor finds it with
   in every byte that leaves; that key's 429 cool-downs (one per tool); over
   HTTP the request's headers. The engine fills it from the transport's
   e2b_mcp_origin when a message is submitted; a call that waits keeps its
   own copy in its slot (its session as it was, its client's key copied). */
typedef struct e2b_mcp__ctx {
  e2b_mcp_session *sess;
  const char *key;
  const unsigned char *key_fail;
  unsigned key_len;
  unsigned long *cooldown;
  e2b_mcp_wire *wire;
  e2b_mcp_principal pr;   /* who sends it (e2b_mcp_origin.principal, copied; zeroed: nobody said) */
  int *forbidden;         /* e2b_mcp_origin.forbidden */
#if E2B_MCP_WITH_2026
  unsigned long long caller;   /* who sent it (e2b_mcp_origin.caller); 0: not known */
#endif
} e2b_mcp__ctx;

/* Adds a tool of your own next to E2B's (after e2b_mcp_init): 0, or -1 when
   it is malformed, its name is taken or E2B_MCP_MAX_TOOLS are in. */
E2B_MCP_DEF int  e2b_mcp_add_tool(e2b_mcp_server *s, const e2b_mcp_tool *t);

/* Handles one incoming message (a JSON-RPC object, or a batch under
   2025-03-26) and writes every answer and notification to out, before it
   returns: the blocking convenience for a transport of your own (a tool call
   runs in a call slot to its end; nobody is asked: a client that must be
   asked needs a transport that steps the engine). The text may be s->msg itself. Returns the number of
   answers written (notifications sent on the way are not counted), or < 0 on
   a sink failure. */
E2B_MCP_DEF int  e2b_mcp_handle(e2b_mcp_server *s, const char *msg, size_t n, const e2b_mcp_sink *out);


/* Calls a tool in-process; args_json may be NULL for no arguments. Returns 0
   when the tool ran (see r->is_error), -1 when it does not exist or the
   arguments are not a JSON object, E2B_MCP_CALL_REENTRANT (r->message says
   so) when called from inside a tool's own handler: not supported, since
   the running call's arguments and result live in the server's one set of
   message and result buffers that an inner call would write over; a tool
   that needs another's work calls that code directly. */
enum { E2B_MCP_CALL_REENTRANT = -2 };
E2B_MCP_DEF int  e2b_mcp_call_tool(e2b_mcp_server *s, const char *name, const char *args_json, e2b_mcp_result *r);

/* For tool handlers: arguments. Each returns 1 when present and valid, 0 when
   absent, -1 when of the wrong type or too long for buf. */
E2B_MCP_DEF int e2b_mcp_arg_str(e2b_mcp_call *c, const char *key, char *buf, size_t cap);
E2B_MCP_DEF int e2b_mcp_arg_int(e2b_mcp_call *c, const char *key, long long *v);
E2B_MCP_DEF int e2b_mcp_arg_bool(e2b_mcp_call *c, const char *key, int *v);
E2B_MCP_DEF int e2b_mcp_arg_token(e2b_mcp_call *c, const char *key);  /* token index or -1 */

/* For tool handlers: the result. */
E2B_MCP_DEF e2b_mcp_json *e2b_mcp_result_json(e2b_mcp_call *c);  /* write one object */
E2B_MCP_DEF void e2b_mcp_result_text(e2b_mcp_call *c, const char *text);
E2B_MCP_DEF void e2b_mcp_result_image(e2b_mcp_call *c, const char *base64, const char *mime);
E2B_MCP_DEF void e2b_mcp_result_audio(e2b_mcp_call *c, const char *base64, const char *mime);
E2B_MCP_DEF void e2b_mcp_result_resource(e2b_mcp_call *c, const char *uri, const char *mime, const char *text);
E2B_MCP_DEF void e2b_mcp_result_link(e2b_mcp_call *c, const char *uri, const char *name, const char *mime);
/* fmt: a printf subset (%s %.*s %c %d %i %u %x, l/ll; no floating point). */
E2B_MCP_DEF void e2b_mcp_result_error(e2b_mcp_call *c, const char *fmt, ...);

/* For tool handlers: talking to the client during a call. */
E2B_MCP_DEF void e2b_mcp_progress(e2b_mcp_call *c, unsigned long progress, unsigned long total, const char *message);
E2B_MCP_DEF void e2b_mcp_log(e2b_mcp_call *c, const char *level, const char *fmt, ...);
/* Asking the user (elicitation/create) is a state of the call, never a wait:
   the tool asks and returns at once; the call waits in a call slot for the
   answer (a message like any other) while everything else is served; then
   the tool's function runs again, from its start, with the same arguments,
   and this time the same question returns the answer. A tool that asks
   several questions gets, on each run, the answers to those it asked on the
   runs before, in the order it asks them. Write nothing to the result before
   asking: a run that asked is not answered. One slot is taken while the
   question waits (the small profile has one: meanwhile a tools/call that
   needs a slot is told the server is busy).
   E2B_MCP_ASKED: asked, return now (nothing is sent for this run). */
#define E2B_MCP_ASKED (-4)
/* Why a question got no yes (c->refused after e2b_mcp_confirm returned 0):
   the user declined (or left the box unchecked), dismissed the question,
   gave no answer in time (or the client answered nothing), it could not be
   sent, or it was not asked because this client (or the server) has as many
   questions waiting as it may. */
#define E2B_MCP_NO_DECLINED  2
#define E2B_MCP_NO_CANCELLED 3
#define E2B_MCP_NO_ANSWER    4
#define E2B_MCP_NO_UNSENT    5
#define E2B_MCP_NO_TOO_MANY  6   /* this client has E2B_MCP_ASKS_PER_CLIENT questions waiting already */
#define E2B_MCP_NO_CROWDED   7   /* E2B_MCP_ASKING_MAX questions wait on the server already */
/* Asks the user a yes/no question. 1: accepted with the box checked; 0:
   anything else, the reason in c->refused (declined, dismissed, no answer in
   time, no slot free to wait in; when the client cancelled the call itself,
   c->cancelled is set: return, no result is sent); -1: the client cannot be asked (a blocking
   e2b_mcp_handle, a batch, an in-process call, a client without form-mode
   elicitation); 2: asked, return now (a 2026-07-28 client is asked within the
   result and calls again with the answer; a 2025 client's answer runs the
   tool again). */
E2B_MCP_DEF int  e2b_mcp_confirm(e2b_mcp_call *c, const char *message);
/* Asks the user to fill a form (elicitation/create, form mode). Returns the
   token index of the answer's result ({action, content}) in c->tok over
   c->js (next to the arguments, which stay readable), E2B_MCP_ASKED (return
   now: the tool runs again once the answer is in), -1 when the client cannot
   be asked (see e2b_mcp_confirm; a two-phase tool asks through its request's
   question instead), -2 when it did not answer (an error answer, no answer in
   time, no slot free to wait in), -3 when the client cancelled the call
   (stop: no answer is sent for it). */
E2B_MCP_DEF int  e2b_mcp_elicit(e2b_mcp_call *c, const char *message, const char *schema_json);
/* The stateless revision (2026-07-28) asks within the result instead: the
   call answers with an InputRequiredResult and the client calls again with
   the answers. For a call from such a client (c->modern):
   e2b_mcp_input_required makes the result an InputRequiredResult with these
   inputRequests (a JSON object, {"key": {"method": ..., "params": ...}}) and,
   when state is not NULL, a requestState sealing state (at most 64 bytes)
   to this tool and these exact arguments for E2B_MCP_STATE_TTL_S; -1 when
   the client is not modern or no key can seal. On the call that comes back,
   e2b_mcp_input_response gives the token index (in c->js/c->tok) of one
   answer, -1 when absent, and e2b_mcp_request_state copies the state's
   payload (NUL added) and returns its length, -1 when none came. A state that
   was altered, forged, sealed for another call or expired never reaches the
   tool: the client gets a JSON-RPC error. */
E2B_MCP_DEF int  e2b_mcp_input_required(e2b_mcp_call *c, const char *input_requests_json, const char *state);
E2B_MCP_DEF int  e2b_mcp_input_response(e2b_mcp_call *c, const char *key);
E2B_MCP_DEF int  e2b_mcp_request_state(e2b_mcp_call *c, char *buf, size_t cap);
/* Whether the client declared a capability ("elicitation", "sampling", "roots"). */
E2B_MCP_DEF int  e2b_mcp_client_has(e2b_mcp_call *c, const char *capability);
/* Answers the call with a JSON-RPC error instead of a result (data: JSON text
   or NULL), e.g. -32021 when a capability the client did not declare is needed. */
E2B_MCP_DEF void e2b_mcp_fail(e2b_mcp_call *c, int code, const char *message, const char *data_json);

