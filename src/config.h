/* >>config ---------------------------------------------------------------
   What a user sets: every option of the library, each documented once, next
   to its default (lwIP's opt.h is the model), and nothing else (what follows
   from them, and the checks of settings that cannot work together, are
   >>derived). Define one before the include to change it, in every file that
   includes the header: the sizes shape e2b_mcp_server, and e2b_mcp_init
   refuses a server built with other ones (E2B_MCP_ERR_CONFIG). Three
   profiles: the desktop one, E2B_MCP_SMALL (a microcontroller) and
   E2B_MCP_MINIMAL; E2B_MCP__D(desktop, small) and E2B_MCP__M(other, minimal)
   give a default in each. The timeouts are also fields of e2b_mcp_config and
   e2b_mcp_http_config, where 0 (or less) means the macro. One spelling per
   switch: E2B_MCP_WITH_<FEATURE> 0 or 1 (the old ones are the deprecated
   block below).

   docs/config.md's table is generated from this file (make config-docs):
   each option's text from its comment, its value in each profile from a
   probe compiled per profile that prints what the preprocessor made of it
   (tests/config/docs.py); make test fails when the two differ.

   A new option: a comment that starts with its name and a colon, then its
   #ifndef and default, in the group where it belongs; make config-docs.
   A switch that only adds or leaves out code is 0/1 and E2B_MCP_WITH_<NAME>.

   A new E2B tool: its switch in "Built-in tools" below (E2B_MCP_TOOL_<ID>,
   defaulting to its group's, as a bare 0 or 1: E2B_MCP__BUT_SMALL or
   E2B_MCP__BUT_MINIMAL rather than E2B_MCP__D or E2B_MCP__M) and its name in E2B_MCP__TOOLS_BUILT (>>derived: the
   server's lists are sized by it, below the tools' layer); one row in the
   table E2B_MCP__TOOLS (>>e2b tools' declarations, src/tools.h:
   IF(E2B_MCP_TOOL_<ID>)(X(<id>, ...))); its two functions
   e2b_mcp__build_<id> and e2b_mcp__shape_<id> in src/tools.c, inside an
   #if of its switch. A step left out stops the build, naming it. The
   rest is taken from the table (the names of the tools a build leaves out
   and what a call to one is told), and the helpers the tools share are
   built whatever uses them (E2B_MCP__UNUSED). */
#if defined(E2B_MCP_MINIMAL) && !defined(E2B_MCP_SMALL)
#  define E2B_MCP_SMALL
#endif
#ifdef E2B_MCP_SMALL
#  define E2B_MCP__D(desk, small) (small)
#else
#  define E2B_MCP__D(desk, small) (desk)
#endif
/* A default of the minimal profile where it differs from the small one's. */
#ifdef E2B_MCP_MINIMAL
#  define E2B_MCP__M(other, minimal) (minimal)
#else
#  define E2B_MCP__M(other, minimal) (other)
#endif
/* v, or 0 in the minimal profile, as a bare token: a tool's switch is pasted
   into a name (>>e2b tools' table), so its value must be a plain 0 or 1. */
#ifdef E2B_MCP_MINIMAL
#  define E2B_MCP__BUT_MINIMAL(v) 0
#else
#  define E2B_MCP__BUT_MINIMAL(v) v
#endif
#ifdef E2B_MCP_SMALL
#  define E2B_MCP__BUT_SMALL(v) 0
#else
#  define E2B_MCP__BUT_SMALL(v) v
#endif

/* ---- Profile ---- */

/* E2B_MCP_SMALL: the microcontroller profile: every default in its second
   column (one call slot, kilobytes instead of megabytes; see the firmware in
   tests/mcu/), E2B_MCP_WITH_DESCRIPTIONS 0, E2B_MCP_WITH_ADVICE 0 (each
   message a code and a few words), no jsmn parent links, the handshake
   revisions 2025-06-18 and 2025-11-25 only (no 2026-07-28, no batches: a
   device serves one era; E2B_MCP_WITH_2026 and E2B_MCP_WITH_BATCH add them
   back). */
/* E2B_MCP_MINIMAL: the smallest useful build, for a board that lists, reads
   and kills sandboxes over a UART or stdio message loop: E2B_MCP_SMALL with
   three tools (e2b_list_sandboxes, e2b_get_sandbox, e2b_kill_sandbox), one
   protocol revision (2025-11-25), no Streamable HTTP, no consent questions,
   no output checking, smaller buffers. Each of its choices is a default
   below: define a switch to 1 to add it back. */

/* ---- Deprecated spellings (each still taken) ---- */

/* E2B_MCP_NO_STDIO, E2B_MCP_NO_HTTP, E2B_MCP_TERSE, E2B_MCP_NO_TERSE: the old
   spellings of E2B_MCP_WITH_STDIO 0, E2B_MCP_WITH_HTTP 0,
   E2B_MCP_WITH_DESCRIPTIONS 0 and E2B_MCP_WITH_DESCRIPTIONS 1. Each is taken
   as the switch it names; one that contradicts the new spelling given beside
   it stops the build. */
#ifdef E2B_MCP_NO_STDIO
#  if !defined(E2B_MCP_WITH_STDIO)
#    define E2B_MCP_WITH_STDIO 0
#  elif E2B_MCP_WITH_STDIO
#    error "E2B_MCP_WITH_STDIO is 1 but E2B_MCP_NO_STDIO (deprecated) is defined: choose one"
#  endif
#endif
#ifdef E2B_MCP_NO_HTTP
#  if !defined(E2B_MCP_WITH_HTTP)
#    define E2B_MCP_WITH_HTTP 0
#  elif E2B_MCP_WITH_HTTP
#    error "E2B_MCP_WITH_HTTP is 1 but E2B_MCP_NO_HTTP (deprecated) is defined: choose one"
#  endif
#endif
#if defined(E2B_MCP_TERSE) && defined(E2B_MCP_NO_TERSE)
#  error "E2B_MCP_TERSE and E2B_MCP_NO_TERSE (both deprecated) are defined: choose E2B_MCP_WITH_DESCRIPTIONS 0 or 1"
#endif
#ifdef E2B_MCP_TERSE
#  if !defined(E2B_MCP_WITH_DESCRIPTIONS)
#    define E2B_MCP_WITH_DESCRIPTIONS 0
#  elif E2B_MCP_WITH_DESCRIPTIONS
#    error "E2B_MCP_WITH_DESCRIPTIONS is 1 but E2B_MCP_TERSE (deprecated) is defined: choose one"
#  endif
#endif
#ifdef E2B_MCP_NO_TERSE
#  if !defined(E2B_MCP_WITH_DESCRIPTIONS)
#    define E2B_MCP_WITH_DESCRIPTIONS 1
#  elif !E2B_MCP_WITH_DESCRIPTIONS
#    error "E2B_MCP_WITH_DESCRIPTIONS is 0 but E2B_MCP_NO_TERSE (deprecated) is defined: choose one"
#  endif
#endif

/* ---- Built-in tools (each 0 or 1) ---- */

/* E2B_MCP_TOOLS_READ: the read group, 1 or 0: the tools that only read
   (list and get sandboxes, logs, metrics, snapshots, templates); each tool's
   own switch below defaults to its group's. A tool built out is not listed,
   and a call to it is an unknown tool whose message says it is not built
   in. */
#ifndef E2B_MCP_TOOLS_READ
#define E2B_MCP_TOOLS_READ 1
#endif
/* E2B_MCP_TOOLS_WRITE: the write group, 1 or 0: the tools that start or
   change a sandbox (create, set timeout, pause, resume). */
#ifndef E2B_MCP_TOOLS_WRITE
#define E2B_MCP_TOOLS_WRITE E2B_MCP__BUT_MINIMAL(1)
#endif
/* E2B_MCP_TOOLS_KILL: the kill group, 1 or 0: e2b_kill_sandbox (at run
   time it also needs cfg.enable_kill). */
#ifndef E2B_MCP_TOOLS_KILL
#define E2B_MCP_TOOLS_KILL 1
#endif
/* E2B_MCP_TOOL_LIST_SANDBOXES: e2b_list_sandboxes (read). */
#ifndef E2B_MCP_TOOL_LIST_SANDBOXES
#define E2B_MCP_TOOL_LIST_SANDBOXES E2B_MCP_TOOLS_READ
#endif
/* E2B_MCP_TOOL_GET_SANDBOX: e2b_get_sandbox (read). */
#ifndef E2B_MCP_TOOL_GET_SANDBOX
#define E2B_MCP_TOOL_GET_SANDBOX E2B_MCP_TOOLS_READ
#endif
/* E2B_MCP_TOOL_CREATE_SANDBOX: e2b_create_sandbox (write). */
#ifndef E2B_MCP_TOOL_CREATE_SANDBOX
#define E2B_MCP_TOOL_CREATE_SANDBOX E2B_MCP_TOOLS_WRITE
#endif
/* E2B_MCP_TOOL_GET_SANDBOX_LOGS: e2b_get_sandbox_logs (read). */
#ifndef E2B_MCP_TOOL_GET_SANDBOX_LOGS
#define E2B_MCP_TOOL_GET_SANDBOX_LOGS E2B_MCP__BUT_MINIMAL(E2B_MCP_TOOLS_READ)
#endif
/* E2B_MCP_TOOL_GET_SANDBOX_METRICS: e2b_get_sandbox_metrics (read). */
#ifndef E2B_MCP_TOOL_GET_SANDBOX_METRICS
#define E2B_MCP_TOOL_GET_SANDBOX_METRICS E2B_MCP__BUT_MINIMAL(E2B_MCP_TOOLS_READ)
#endif
/* E2B_MCP_TOOL_SET_SANDBOX_TIMEOUT: e2b_set_sandbox_timeout (write). */
#ifndef E2B_MCP_TOOL_SET_SANDBOX_TIMEOUT
#define E2B_MCP_TOOL_SET_SANDBOX_TIMEOUT E2B_MCP_TOOLS_WRITE
#endif
/* E2B_MCP_TOOL_PAUSE_SANDBOX: e2b_pause_sandbox (write). */
#ifndef E2B_MCP_TOOL_PAUSE_SANDBOX
#define E2B_MCP_TOOL_PAUSE_SANDBOX E2B_MCP_TOOLS_WRITE
#endif
/* E2B_MCP_TOOL_RESUME_SANDBOX: e2b_resume_sandbox (write). */
#ifndef E2B_MCP_TOOL_RESUME_SANDBOX
#define E2B_MCP_TOOL_RESUME_SANDBOX E2B_MCP_TOOLS_WRITE
#endif
/* E2B_MCP_TOOL_LIST_SNAPSHOTS: e2b_list_snapshots (read). */
#ifndef E2B_MCP_TOOL_LIST_SNAPSHOTS
#define E2B_MCP_TOOL_LIST_SNAPSHOTS E2B_MCP__BUT_MINIMAL(E2B_MCP_TOOLS_READ)
#endif
/* E2B_MCP_TOOL_LIST_DEFAULT_TEMPLATES: e2b_list_default_templates (read). */
#ifndef E2B_MCP_TOOL_LIST_DEFAULT_TEMPLATES
#define E2B_MCP_TOOL_LIST_DEFAULT_TEMPLATES E2B_MCP__BUT_MINIMAL(E2B_MCP_TOOLS_READ)
#endif
/* E2B_MCP_TOOL_LIST_TEMPLATES: e2b_list_templates (read). */
#ifndef E2B_MCP_TOOL_LIST_TEMPLATES
#define E2B_MCP_TOOL_LIST_TEMPLATES E2B_MCP__BUT_MINIMAL(E2B_MCP_TOOLS_READ)
#endif
/* E2B_MCP_TOOL_LIST_TEMPLATE_BUILDS: e2b_list_template_builds (read). */
#ifndef E2B_MCP_TOOL_LIST_TEMPLATE_BUILDS
#define E2B_MCP_TOOL_LIST_TEMPLATE_BUILDS E2B_MCP__BUT_MINIMAL(E2B_MCP_TOOLS_READ)
#endif
/* E2B_MCP_TOOL_KILL_SANDBOX: e2b_kill_sandbox (kill). */
#ifndef E2B_MCP_TOOL_KILL_SANDBOX
#define E2B_MCP_TOOL_KILL_SANDBOX E2B_MCP_TOOLS_KILL
#endif
/* The tools beyond the 13 of the connectors this server replaces: E2B's
   newer control plane (fork, snapshots, network rules, usage, lifecycle
   events, volumes, secrets, template builds). Each defaults to its group's
   switch on the desktop and to 0 in the small profile (a board keeps its
   size unless its embedder switches one on). At run time the ones not in
   the default set (e2b_set_sandbox_network, e2b_delete_snapshot,
   e2b_get_sandboxes_metrics, the volumes, secrets and template build) are
   offered only when --tools names them, their group or all. */
/* E2B_MCP_TOOL_FORK_SANDBOX: e2b_fork_sandbox (write; bills each copy). */
#ifndef E2B_MCP_TOOL_FORK_SANDBOX
#define E2B_MCP_TOOL_FORK_SANDBOX E2B_MCP__BUT_SMALL(E2B_MCP_TOOLS_WRITE)
#endif
/* E2B_MCP_TOOL_CREATE_SNAPSHOT: e2b_create_snapshot (write). */
#ifndef E2B_MCP_TOOL_CREATE_SNAPSHOT
#define E2B_MCP_TOOL_CREATE_SNAPSHOT E2B_MCP__BUT_SMALL(E2B_MCP_TOOLS_WRITE)
#endif
/* E2B_MCP_TOOL_DELETE_SNAPSHOT: e2b_delete_snapshot (kill: at run time it
   also needs cfg.enable_kill). */
#ifndef E2B_MCP_TOOL_DELETE_SNAPSHOT
#define E2B_MCP_TOOL_DELETE_SNAPSHOT E2B_MCP__BUT_SMALL(E2B_MCP_TOOLS_KILL)
#endif
/* E2B_MCP_TOOL_SET_SANDBOX_NETWORK: e2b_set_sandbox_network (write). */
#ifndef E2B_MCP_TOOL_SET_SANDBOX_NETWORK
#define E2B_MCP_TOOL_SET_SANDBOX_NETWORK E2B_MCP__BUT_SMALL(E2B_MCP_TOOLS_WRITE)
#endif
/* E2B_MCP_TOOL_GET_TEAM_USAGE: e2b_get_team_usage (read). */
#ifndef E2B_MCP_TOOL_GET_TEAM_USAGE
#define E2B_MCP_TOOL_GET_TEAM_USAGE E2B_MCP__BUT_SMALL(E2B_MCP_TOOLS_READ)
#endif
/* E2B_MCP_TOOL_GET_SANDBOXES_METRICS: e2b_get_sandboxes_metrics (read). */
#ifndef E2B_MCP_TOOL_GET_SANDBOXES_METRICS
#define E2B_MCP_TOOL_GET_SANDBOXES_METRICS E2B_MCP__BUT_SMALL(E2B_MCP_TOOLS_READ)
#endif
/* E2B_MCP_TOOL_LIST_EVENTS: e2b_list_events (read). */
#ifndef E2B_MCP_TOOL_LIST_EVENTS
#define E2B_MCP_TOOL_LIST_EVENTS E2B_MCP__BUT_SMALL(E2B_MCP_TOOLS_READ)
#endif
/* E2B_MCP_TOOL_LIST_VOLUMES: e2b_list_volumes (read). */
#ifndef E2B_MCP_TOOL_LIST_VOLUMES
#define E2B_MCP_TOOL_LIST_VOLUMES E2B_MCP__BUT_SMALL(E2B_MCP_TOOLS_READ)
#endif
/* E2B_MCP_TOOL_GET_VOLUME: e2b_get_volume (read). */
#ifndef E2B_MCP_TOOL_GET_VOLUME
#define E2B_MCP_TOOL_GET_VOLUME E2B_MCP__BUT_SMALL(E2B_MCP_TOOLS_READ)
#endif
/* E2B_MCP_TOOL_LIST_SECRETS: e2b_list_secrets (read; names and metadata,
   never a value). */
#ifndef E2B_MCP_TOOL_LIST_SECRETS
#define E2B_MCP_TOOL_LIST_SECRETS E2B_MCP__BUT_SMALL(E2B_MCP_TOOLS_READ)
#endif
/* E2B_MCP_TOOL_GET_TEMPLATE_BUILD: e2b_get_template_build (read). */
#ifndef E2B_MCP_TOOL_GET_TEMPLATE_BUILD
#define E2B_MCP_TOOL_GET_TEMPLATE_BUILD E2B_MCP__BUT_SMALL(E2B_MCP_TOOLS_READ)
#endif

/* ---- Features (each 0 or 1) ---- */

/* E2B_MCP_WITH_STDIO: the stdio transport (e2b_mcp_serve_stdio); 0 leaves
   it out, and <stdio.h> with it. */
#ifndef E2B_MCP_WITH_STDIO
#define E2B_MCP_WITH_STDIO 1
#endif
/* E2B_MCP_WITH_HTTP: the Streamable HTTP transport (e2b_mcp_serve_http and
   its slots). */
#ifndef E2B_MCP_WITH_HTTP
#define E2B_MCP_WITH_HTTP E2B_MCP__M(1, 0)
#endif
/* E2B_MCP_WITH_2026: the stateless 2026-07-28 revision (server/discover,
   per-request _meta, consent within the result with a sealed requestState);
   0 answers such a request as the 2025 revisions, whose initialize then
   negotiates down. */
#ifndef E2B_MCP_WITH_2026
#define E2B_MCP_WITH_2026 E2B_MCP__D(1, 0)
#endif
/* E2B_MCP_WITH_BATCH: the 2024-11-05 and 2025-03-26 revisions and the
   JSON-RPC batches of 2025-03-26; 0 negotiates a client that asks for them
   up to the oldest revision built, and refuses a batch (-32600). */
#ifndef E2B_MCP_WITH_BATCH
#define E2B_MCP_WITH_BATCH E2B_MCP__D(1, 0)
#endif
/* E2B_MCP_WITH_2025_06: the 2025-06-18 revision beside 2025-11-25 (the one
   revision always built); 0 negotiates it up to 2025-11-25. */
#ifndef E2B_MCP_WITH_2025_06
#define E2B_MCP_WITH_2025_06 E2B_MCP__M(1, 0)
#endif
/* E2B_MCP_WITH_CONSENT: the user's consent before a bill or a kill
   (elicitation) and the custom tools' questions (e2b_mcp_elicit,
   e2b_mcp_confirm); 0 never asks: a call goes ahead as for a client that
   cannot be asked (the descriptions tell the model to ask the user), and
   e2b_mcp_elicit answers -1. */
#ifndef E2B_MCP_WITH_CONSENT
#define E2B_MCP_WITH_CONSENT E2B_MCP__M(1, 0)
#endif
/* E2B_MCP_WITH_CLIENT_KEYS: per-client keys of the Streamable HTTP
   transport (http.client_keys) and their slots; 0 refuses a server
   configured with them (E2B_MCP_ERR_CONFIG). */
#ifndef E2B_MCP_WITH_CLIENT_KEYS
#define E2B_MCP_WITH_CLIENT_KEYS 1
#endif
/* E2B_MCP_WITH_OUTPUT_CHECK: the structured result of a tool that calls E2B
   checked against the tool's output schema before it is returned (a changed
   E2B answer is an error, not a result that breaks the client); E2B's own
   tools have no output schema to check without E2B_MCP_WITH_DESCRIPTIONS. */
#ifndef E2B_MCP_WITH_OUTPUT_CHECK
#define E2B_MCP_WITH_OUTPUT_CHECK E2B_MCP__M(1, 0)
#endif
/* E2B_MCP_WITH_ADVICE: the messages a model or a user reads (tool errors,
   JSON-RPC errors, consent questions, the server's instructions) with their
   advice written out; 0 says each as a code and a few words a model still
   acts on ("E2B_RATE_LIMITED: retry after 30 s"): the same refusals, error
   numbers and results, about 4 KB less flash. */
#ifndef E2B_MCP_WITH_ADVICE
#define E2B_MCP_WITH_ADVICE E2B_MCP__D(1, 0)
#endif
/* E2B_MCP_WITH_DESCRIPTIONS: the long tool descriptions, property
   descriptions and output schemas; 0 keeps each description's first sentence
   and no output schemas (about 8 KB less flash). */
#ifndef E2B_MCP_WITH_DESCRIPTIONS
#define E2B_MCP_WITH_DESCRIPTIONS E2B_MCP__D(1, 0)
#endif

/* ---- Buffers and limits ---- */

/* E2B_MCP_MSG_MAX: the largest incoming MCP message (a line over stdio, a
   request body over HTTP). */
#ifndef E2B_MCP_MSG_MAX
#define E2B_MCP_MSG_MAX      E2B_MCP__D(65536, E2B_MCP__M(2048, 1024))
#endif
/* E2B_MCP_MSG_TOKENS: jsmn tokens for one MCP message. */
#ifndef E2B_MCP_MSG_TOKENS
#define E2B_MCP_MSG_TOKENS   E2B_MCP__D(1024, E2B_MCP__M(96, 48))
#endif
/* E2B_MCP_CALLS: tool calls in flight (call slots): each holds a call's own
   state (about 5 KB on the desktop) and its E2B connection, kept open from
   call to call; its buffers come from E2B_MCP_CALL_BUFS. The desktop's 1,024
   serve a thousand clients calling at once; a slot's pages are touched only
   once that many calls ran at once. */
#ifndef E2B_MCP_CALLS
#define E2B_MCP_CALLS        E2B_MCP__D(1024, 1)
#endif
/* E2B_MCP_ASKS_PER_CLIENT: questions one client (a session: a 2025 HTTP
   client, or stdio's) may have waiting for its user at once. A call that
   would ask one more is answered at once that the user was not asked, and
   nothing is sent to E2B, so one client that never answers cannot take the
   call slots of everyone else. */
#ifndef E2B_MCP_ASKS_PER_CLIENT
#define E2B_MCP_ASKS_PER_CLIENT E2B_MCP__D(4, 1)
#endif
/* E2B_MCP_ASKING_MAX: questions waiting for their users on the whole server
   at once: the call slots beyond them stay for calls that run. */
#ifndef E2B_MCP_ASKING_MAX
#define E2B_MCP_ASKING_MAX E2B_MCP__D((E2B_MCP_CALLS + 1) / 2, 1)
#endif
/* E2B_MCP_CALL_BUFS: the pool of E2B buffers (REQ_MAX + RESP_MAX each) the
   calls share: a call holds one from its start to its answer (while it asks
   its user too: its request is built in it), then gives it back. A call that
   finds no free slot or buffer waits in the engine's queue (E2B_MCP_QUEUE).
   The lowest free buffer is taken first, so a buffer's pages are touched
   only once that many calls ran at once, and only as far as its answers
   reached. */
#ifndef E2B_MCP_CALL_BUFS
#define E2B_MCP_CALL_BUFS    E2B_MCP_CALLS
#endif
/* E2B_MCP_QUEUE: calls waiting for a call slot or buffer, started in the
   order they came; one more is refused as busy (over HTTP: 503 with
   Retry-After). */
#ifndef E2B_MCP_QUEUE
#define E2B_MCP_QUEUE        E2B_MCP__D(1024, 1)
#endif
/* E2B_MCP_BATCHES: 2025-03-26 batches answered at once (with E2B_MCP_WITH_BATCH):
   each holds its batch's text and its answers until its last call ends, while
   its tool calls run in call slots like any others (or wait in the queue); a
   further batch's tool calls are answered that the server is busy. */
#ifndef E2B_MCP_BATCHES
#define E2B_MCP_BATCHES      4
#endif
/* E2B_MCP_BATCH_ROOM: the bytes each of those holds: the batch's text, then
   its answers (the array is written when the last one is in). An answer that
   does not fit is an error that says so (send that request alone); a batch
   too large to hold, text and a short answer per request, is read as if
   every batch room were in use. */
#ifndef E2B_MCP_BATCH_ROOM
#define E2B_MCP_BATCH_ROOM   1048576
#endif
/* E2B_MCP_REQ_MAX: one E2B request head (request line and headers), per call
   buffer. */
#ifndef E2B_MCP_REQ_MAX
#define E2B_MCP_REQ_MAX      E2B_MCP__D(4096, E2B_MCP__M(768, 512))
#endif
/* E2B_MCP_RESP_MAX: one E2B response (head and body), per call buffer; it
   also holds the request body before it is sent, and the consent question. */
#ifndef E2B_MCP_RESP_MAX
#define E2B_MCP_RESP_MAX     E2B_MCP__D(524288, E2B_MCP__M(5120, 2048))
#endif
/* E2B_MCP_RESP_TOKENS: jsmn tokens for one E2B response (desktop: 1000 log
   entries with their fields; small: a page of about 8 sandboxes, so pass a
   limit). */
#ifndef E2B_MCP_RESP_TOKENS
#define E2B_MCP_RESP_TOKENS  E2B_MCP__D(32768, E2B_MCP__M(256, 96))
#endif
/* E2B_MCP_RESULT_MAX: one tool's structured result. */
#ifndef E2B_MCP_RESULT_MAX
#define E2B_MCP_RESULT_MAX   E2B_MCP__D(524288, E2B_MCP__M(3584, 1280))
#endif
/* E2B_MCP_RESULT_BUDGET: the most characters of text a tool result gives a
   client (also e2b_mcp_config.result_budget; the binary's E2B_MCP_RESULT_BUDGET).
   A larger answer is cut at a whole item (a sandbox, a log entry, a template,
   a sample) and says how many it holds and how to read on (next_token,
   next_cursor, next_start). The default leaves a margin under Claude Code's
   25,000-token limit on a tool result; at most E2B_MCP_RESULT_MAX. */
#ifndef E2B_MCP_RESULT_BUDGET
#define E2B_MCP_RESULT_BUDGET E2B_MCP__D(80000, E2B_MCP__M(3072, 1280))
#endif
/* E2B_MCP_PAGE_LIMIT: the page a paged list (sandboxes, snapshots, templates,
   builds) asks E2B for when the call names no limit; 0 names none, so E2B's
   default (100) comes. Small: a page that fits E2B_MCP_RESP_MAX. */
#ifndef E2B_MCP_PAGE_LIMIT
#define E2B_MCP_PAGE_LIMIT   E2B_MCP__D(0, E2B_MCP__M(5, 1))
#endif
/* E2B_MCP_LOG_LIMIT: the log entries e2b_get_sandbox_logs asks for when the
   call names no limit. Small: what fits E2B_MCP_RESP_MAX. */
#ifndef E2B_MCP_LOG_LIMIT
#define E2B_MCP_LOG_LIMIT    E2B_MCP__D(100, 10)
#endif
/* E2B_MCP_CONTENT_MAX: one tool's extra content blocks. */
#ifndef E2B_MCP_CONTENT_MAX
#define E2B_MCP_CONTENT_MAX  E2B_MCP__D(65536, E2B_MCP__M(512, 128))
#endif
/* E2B_MCP_OUT_CHUNK: the staging buffer of outgoing messages. */
#ifndef E2B_MCP_OUT_CHUNK
#define E2B_MCP_OUT_CHUNK    E2B_MCP__D(4096, 256)
#endif
/* E2B_MCP_ARG_MAX: one free-text argument (a metadata pair, a search text),
   on the stack. */
#ifndef E2B_MCP_ARG_MAX
#define E2B_MCP_ARG_MAX      E2B_MCP__D(512, 128)
#endif
/* E2B_MCP_MAX_TOOLS: custom tools that can be added next to the built-in ones. */
#ifndef E2B_MCP_MAX_TOOLS
#define E2B_MCP_MAX_TOOLS    E2B_MCP__D(16, E2B_MCP__M(4, 2))
#endif
/* E2B_MCP_TOOLS_PAGE: tools per tools/list page. */
#ifndef E2B_MCP_TOOLS_PAGE
#define E2B_MCP_TOOLS_PAGE   E2B_MCP__D(64, 8)
#endif
/* E2B_MCP_RPC_ID_MAX: one JSON-RPC id or progress token as JSON text, quotes
   and NUL included (any 256-character id on the desktop); a longer id gets
   -32600 saying so. */
#ifndef E2B_MCP_RPC_ID_MAX
#define E2B_MCP_RPC_ID_MAX   E2B_MCP__D(1040, E2B_MCP__M(260, 72))
#endif
/* E2B_MCP_MAX_TIMEOUT_S: the longest sandbox timeout a tool accepts (24 h,
   E2B's longest plan); lower it to refuse more before E2B does, otherwise
   E2B's 400 for a shorter plan is passed on in E2B's words. */
#ifndef E2B_MCP_MAX_TIMEOUT_S
#define E2B_MCP_MAX_TIMEOUT_S 86400
#endif
/* E2B_MCP_NO_PARENT_LINKS: jsmn tokens without parent links, 4 bytes less a
   token, but an E2B answer that is a long array of objects then parses in
   quadratic time (an answer of 30,000 tokens: tens of milliseconds instead of
   under one on a desktop CPU). The small profile never
   has them (256 tokens: nothing to gain).

   jsmn finds the container a closing bracket belongs to by walking back over
   every token before it; with parent links the walk goes up the nesting
   instead. Every file that includes this header must agree, as on
   E2B_MCP_SMALL and the buffer sizes. */

/* ---- Timeouts (each also a runtime field: 0 there means the macro) ---- */

/* E2B_MCP_CONNECT_TIMEOUT_MS: connecting to E2B, TLS handshake included
   (cfg.connect_timeout_ms). */
#ifndef E2B_MCP_CONNECT_TIMEOUT_MS
#define E2B_MCP_CONNECT_TIMEOUT_MS 10000
#endif
/* E2B_MCP_READ_TIMEOUT_MS: a whole answer from E2B (cfg.read_timeout_ms). */
#ifndef E2B_MCP_READ_TIMEOUT_MS
#define E2B_MCP_READ_TIMEOUT_MS 30000
#endif
/* E2B_MCP_DNS_TTL_MS: how long a resolved E2B address is used before the
   port's resolve is asked again (cfg.dns_ttl_ms); a failed connection asks
   again at once. */
#ifndef E2B_MCP_DNS_TTL_MS
#define E2B_MCP_DNS_TTL_MS 300000
#endif
/* E2B_MCP_ASK_TIMEOUT_MS: how long a question to the user (elicitation:
   consent before billing, a custom tool's question) waits for its answer,
   over stdio and HTTP alike (cfg.ask_timeout_ms). */
#ifndef E2B_MCP_ASK_TIMEOUT_MS
#define E2B_MCP_ASK_TIMEOUT_MS 300000
#endif
/* E2B_MCP_STATE_TTL_S: how long a 2026-07-28 consent question's
   requestState stays answerable, in seconds (cfg.state_ttl_s): long enough
   for a person to read the question and answer it, and no longer, since the
   token is what a replay would reuse. */
#ifndef E2B_MCP_STATE_TTL_S
#define E2B_MCP_STATE_TTL_S 120
#endif
/* E2B_MCP_STATE_SPENT: requestState tokens remembered as used, each until it
   would expire, so each is good for one call. When all are in use a token
   that comes back is refused (the client asks again later) rather than one
   forgotten. 16 bytes each. */
#ifndef E2B_MCP_STATE_SPENT
#define E2B_MCP_STATE_SPENT E2B_MCP__D(1024, 4)
#endif
/* E2B_MCP_LIST_TTL_MS: ttlMs of 2026-07-28 tools/list and server/discover:
   how long a client may cache them (the list is fixed; cfg.list_ttl_ms). */
#ifndef E2B_MCP_LIST_TTL_MS
#define E2B_MCP_LIST_TTL_MS 3600000
#endif
/* E2B_MCP_HTTP_REQUEST_TIMEOUT_MS: a started request, and a new
   connection's first one, must arrive whole (else 408;
   http.request_timeout_ms). */
#ifndef E2B_MCP_HTTP_REQUEST_TIMEOUT_MS
#define E2B_MCP_HTTP_REQUEST_TIMEOUT_MS 10000
#endif
/* E2B_MCP_HTTP_HEAD_TIMEOUT_MS: a started request's line and headers must
   arrive (else 408; http.head_timeout_ms). */
#ifndef E2B_MCP_HTTP_HEAD_TIMEOUT_MS
#define E2B_MCP_HTTP_HEAD_TIMEOUT_MS 5000
#endif
/* E2B_MCP_HTTP_IDLE_TIMEOUT_MS: an idle keep-alive connection is closed
   (http.idle_timeout_ms). */
#ifndef E2B_MCP_HTTP_IDLE_TIMEOUT_MS
#define E2B_MCP_HTTP_IDLE_TIMEOUT_MS 60000
#endif
/* E2B_MCP_HTTP_WRITE_TIMEOUT_MS: a client must take each answer, which
   waits in its connection's buffer meanwhile; one that does not read is
   dropped (http.write_timeout_ms). */
#ifndef E2B_MCP_HTTP_WRITE_TIMEOUT_MS
#define E2B_MCP_HTTP_WRITE_TIMEOUT_MS 1000
#endif
/* E2B_MCP_REGISTRY_NAME: the server's name in the MCP registry
   ("namespace/name", reverse DNS), shown in the server card HTTP serves at
   /mcp/server-card and written into server.json by `make mcpb`
   (http.card_name overrides it). A fork that publishes under its own
   namespace sets its own. */
#ifndef E2B_MCP_REGISTRY_NAME
#define E2B_MCP_REGISTRY_NAME "io.github.e2b-mcp/e2b-mcp"
#endif
/* E2B_MCP_REPOSITORY_URL: where the source can be read, in the server card
   and server.json ("": none named; http.repository overrides it). */
#ifndef E2B_MCP_REPOSITORY_URL
#define E2B_MCP_REPOSITORY_URL ""
#endif

/* ---- Streamable HTTP ---- */

/* E2B_MCP_HTTP: keep the Streamable HTTP transport with E2B_MCP_SOCK_CUSTOM
   (a port that has listen, accept and random); the POSIX port always has it. */
/* E2B_MCP_HTTP_CONNS: connection slots, the clients connected at once
   (a few hundred bytes each: a request's bytes go to a buffer of
   E2B_MCP_HTTP_BUFS). One more takes the longest idle one's slot, else the
   slowest incomplete request's (408), else gets 503 with Retry-After. The
   desktop default is two per session slot: a 2025 client keeps its POST
   connection and its GET stream open. A slot is about 370 bytes, touched
   only once that many clients were connected at once (the process also
   needs a descriptor each: RLIMIT_NOFILE). */
#ifndef E2B_MCP_HTTP_CONNS
#define E2B_MCP_HTTP_CONNS    E2B_MCP__D(24576, 2)
#endif
/* E2B_MCP_HTTP_BUFS: request buffers (HTTP_HEAD_MAX + MSG_MAX each) the
   connections share: one is held from a request's first byte until its
   answer has left (a tool call's connection holds it while the call runs or
   waits in the queue); an idle connection holds none. A connection that
   finds none free is not read until one is (its request waits in the
   socket, its timeouts too). The desktop's are its calls and queue and 256
   more, so a call beyond the queue is read and gets its 503. 72 KiB each,
   touched only once that many requests were read at once, and only as far
   as their bytes reached. */
#ifndef E2B_MCP_HTTP_BUFS
#define E2B_MCP_HTTP_BUFS     E2B_MCP__D(2304, 2)
#endif
/* E2B_MCP_HTTP_SESSIONS: session slots (Mcp-Session-Id) of 2025 clients
   (about 90 bytes each, touched only once that many sessions were open); a
   new one replaces the least recently used one that no open connection last
   used and no call runs in (else 503 with Retry-After); 0 leaves them out
   (2026-07-28 clients only over HTTP: they hold none). */
#ifndef E2B_MCP_HTTP_SESSIONS
#define E2B_MCP_HTTP_SESSIONS E2B_MCP__D(12288, 2)
#endif
/* E2B_MCP_HTTP_SESSIONS_PER_PRINCIPAL: sessions one principal (an access
   token's subject, a client's own key: >>principal) may hold; its next
   initialize ends its own least recently used one, never another's. */
#ifndef E2B_MCP_HTTP_SESSIONS_PER_PRINCIPAL
#define E2B_MCP_HTTP_SESSIONS_PER_PRINCIPAL (E2B_MCP_HTTP_SESSIONS > 64 ? 64 : E2B_MCP_HTTP_SESSIONS)
#endif
/* E2B_MCP_HTTP_HEAD_MAX: one request's line and headers (a longer one gets
   431). */
#ifndef E2B_MCP_HTTP_HEAD_MAX
#define E2B_MCP_HTTP_HEAD_MAX E2B_MCP__D(8192, 1024)
#endif
/* E2B_MCP_HTTP_LINGER: refused or closing sockets drained meanwhile, so that
   a client reads its answer before the close. */
#ifndef E2B_MCP_HTTP_LINGER
#define E2B_MCP_HTTP_LINGER   E2B_MCP__D(8, 1)
#endif
/* E2B_MCP_HTTP_KEYS: with per-client keys (http.client_keys), the clients'
   keys whose 429 cool-downs are kept apart; one more reuses the least
   recently used slot (only a hash of each key is kept). */
#ifndef E2B_MCP_HTTP_KEYS
#define E2B_MCP_HTTP_KEYS     E2B_MCP__D(8, 2)
#endif

/* ---- The MCP surface beyond tools ---- */

/* E2B_MCP_WITH_PROMPTS: 1 offers prompts (prompts/list, prompts/get): E2B's
   documented workflows as one command each, and e2b_mcp_add_prompt; 0
   leaves them out. Default 1, 0 with E2B_MCP_SMALL and the minimal profile. */
#ifndef E2B_MCP_WITH_PROMPTS
#define E2B_MCP_WITH_PROMPTS E2B_MCP__M(E2B_MCP__D(1, 0), 0)
#endif
/* E2B_MCP_MAX_PROMPTS: prompts of your own (e2b_mcp_add_prompt) beside
   E2B's. */
#ifndef E2B_MCP_MAX_PROMPTS
#define E2B_MCP_MAX_PROMPTS 8
#endif
/* E2B_MCP_WITH_RESOURCES: 1 offers resources (resources/list, resources/read,
   resources/templates/list): the running sandboxes, each sandbox with its
   logs and metrics, the templates and snapshots, read through the tools' own
   E2B calls; and e2b_mcp_add_resource. 0 leaves them out. Default 1, 0 with
   E2B_MCP_SMALL and the minimal profile. */
#ifndef E2B_MCP_WITH_RESOURCES
#define E2B_MCP_WITH_RESOURCES E2B_MCP__M(E2B_MCP__D(1, 0), 0)
#endif
/* E2B_MCP_WITH_APP: 1 builds the MCP App (the io.modelcontextprotocol/ui
   extension, SEP-1865) for a client that declares it: ui://e2b/sandboxes, a
   page of the team's sandboxes (an overview with pause, resume, extend and
   kill, and one sandbox's metrics as charts and its logs) that the client
   renders in a sandboxed frame; the list, get, metrics and logs tools point
   at it. A client that does not declare the extension sees nothing of it.
   Needs E2B_MCP_WITH_RESOURCES, and follows it by default (1; 0 with
   E2B_MCP_SMALL and the minimal profile). */
#ifndef E2B_MCP_WITH_APP
#define E2B_MCP_WITH_APP E2B_MCP_WITH_RESOURCES
#endif
#if E2B_MCP_WITH_APP && !E2B_MCP_WITH_RESOURCES
#  error "E2B_MCP_WITH_APP needs E2B_MCP_WITH_RESOURCES (the App is a ui:// resource)"
#endif
#define E2B_MCP__APP_URI  "ui://e2b/sandboxes"
#define E2B_MCP__APP_MIME "text/html;profile=mcp-app"
/* E2B_MCP_MAX_RESOURCES: resources and resource templates of your own
   (e2b_mcp_add_resource) beside E2B's. */
#ifndef E2B_MCP_MAX_RESOURCES
#define E2B_MCP_MAX_RESOURCES 8
#endif
/* E2B_MCP_SUBSCRIPTIONS: resources/subscribe: how many subscriptions (one
   session, one URI) the server keeps at once, for all its clients together;
   one more is refused with an error that says so. A subscription to a
   sandbox (e2b://sandboxes/{sandboxID}) is told
   notifications/resources/updated when the sandbox is paused, resumed or
   ends; one to a resource of your own when you call
   e2b_mcp_resource_updated. 0 leaves subscriptions out (the capability says
   subscribe: false). About 350 bytes each. */
#ifndef E2B_MCP_SUBSCRIPTIONS
#define E2B_MCP_SUBSCRIPTIONS 32
#endif
/* E2B_MCP_SUBSCRIPTIONS_PER_SESSION: the most one session keeps at once (a
   quarter of the table by default), so one client cannot take every entry;
   one more is refused saying so. A sandbox no poll has seen, missing from
   the first whole list made after it was subscribed to, is told and dropped:
   made-up ids do not keep entries either. */
#ifndef E2B_MCP_SUBSCRIPTIONS_PER_SESSION
#define E2B_MCP_SUBSCRIPTIONS_PER_SESSION ((E2B_MCP_SUBSCRIPTIONS + 3) / 4)
#endif
/* E2B_MCP_TASKS: long calls as tasks (the io.modelcontextprotocol/tasks
   extension, SEP-2663: tasks/get, tasks/update, tasks/cancel) for a client
   that declares it: a create or a resume is answered at once with a task
   its principal polls, while the call runs on in its slot. This many tasks at
   once for the whole server, each keeping its answer (E2B_MCP_TASK_RESULT_MAX
   bytes); when none is free the call is answered as before. Needs
   E2B_MCP_WITH_2026 (where nobody said who, a task belongs to the 2026-07-28
   caller, the client's address). 0 leaves them out. */
#ifndef E2B_MCP_TASKS
#define E2B_MCP_TASKS E2B_MCP__D(16, 0)
#endif
/* E2B_MCP_TASK_RESULT_MAX: the bytes of a task's answer it keeps (a longer
   one fails the task, saying so). */
#ifndef E2B_MCP_TASK_RESULT_MAX
#define E2B_MCP_TASK_RESULT_MAX 8192
#endif
/* E2B_MCP_TASK_TTL_MS: how long a task is kept from its creation
   (cfg.task_ttl_ms); then tasks/get no longer finds it. */
#ifndef E2B_MCP_TASK_TTL_MS
#define E2B_MCP_TASK_TTL_MS 600000
#endif
/* E2B_MCP_SUBSCRIBE_POLL_MS: while a client is subscribed to a sandbox, the
   server asks E2B for its running and paused sandboxes at most this often
   (one list call, with its own key, however many clients subscribe), and
   tells the subscribers what changed (cfg.subscribe_poll_ms). */
#ifndef E2B_MCP_SUBSCRIBE_POLL_MS
#define E2B_MCP_SUBSCRIBE_POLL_MS 5000
#endif
/* E2B_MCP_WITH_COMPLETIONS: 1 offers completion/complete for the arguments of
   prompts and resource templates (sandbox IDs and metadata of the running
   sandboxes, template IDs and names, log levels); 0 leaves it out. Default
   1, 0 with E2B_MCP_SMALL and the minimal profile. */
#ifndef E2B_MCP_WITH_COMPLETIONS
#define E2B_MCP_WITH_COMPLETIONS E2B_MCP__M(E2B_MCP__D(1, 0), 0)
#endif
/* E2B_MCP_COMPLETE_TTL_MS: how long the values a completion read from E2B
   answer the next ones before E2B is asked again. */
#ifndef E2B_MCP_COMPLETE_TTL_MS
#define E2B_MCP_COMPLETE_TTL_MS 10000
#endif

/* ---- What is built ---- */

/* E2B_MCP_STATIC: every public function static (the implementation and its
   only user in one file). */
/* E2B_MCP_DEF: the linkage of every public function (default extern, static
   with E2B_MCP_STATIC). */
#ifndef E2B_MCP_DEF
#  ifndef E2B_MCP_STATIC
#    define E2B_MCP_DEF extern
#  else
#    define E2B_MCP_DEF static
#  endif
#endif
/* E2B_MCP_HINT_TRUST, E2B_MCP_HINT_TLS, E2B_MCP_HINT_NET: the advice added
   to an error for missing trust anchors, a refused certificate, a failed
   connection. By default in the words of the e2b-mcp binary's environment
   variables, or with E2B_MCP_TLS_NO_FILE (a device: no E2B_MCP_CA_FILE to
   set) of the device's own settings and build; define them to name your
   program's settings. They are said in both forms of the messages
   (E2B_MCP_WITH_ADVICE). */
#ifndef E2B_MCP_HINT_TRUST
#  ifndef E2B_MCP_TLS_NO_FILE
#    define E2B_MCP_HINT_TRUST "Set E2B_MCP_CA_FILE to a PEM file of CA certificates."
#  else
#    define E2B_MCP_HINT_TRUST "Build the trust anchors in (E2B_MCP_TLS_ANCHORS or E2B_MCP_TLS_ANCHORS_PEM), or set config.ca_file."
#  endif
#endif
#ifndef E2B_MCP_HINT_TLS
#  ifndef E2B_MCP_TLS_NO_FILE
#    define E2B_MCP_HINT_TLS "Check E2B_API_URL, or E2B_MCP_CA_FILE for a private CA."
#  else
#    define E2B_MCP_HINT_TLS "Check the API URL this device was given, and that its built-in trust anchors include the root of that host's certificate."
#  endif
#endif
#ifndef E2B_MCP_HINT_NET
#  ifndef E2B_MCP_TLS_NO_FILE
#    define E2B_MCP_HINT_NET "Check the network and E2B_API_URL / E2B_DOMAIN."
#  else
#    define E2B_MCP_HINT_NET "Check the device's network link and the API URL it was given."
#  endif
#endif

/* ---- Ports (see ports/ and >>ports) ---- */

/* E2B_MCP_SOCK_POSIX: the POSIX socket port, ports/e2b_mcp_sock_posix.h
   (the default). */
/* E2B_MCP_SOCK_WIN32: the Winsock port, ports/e2b_mcp_sock_win32.h (the
   default when _WIN32 is defined; -lws2_32 -lbcrypt). */
/* E2B_MCP_SOCK_CUSTOM: your own socket port, an e2b_mcp_sock_port in
   e2b_mcp_config.sock_port (ports/e2b_mcp_sock_lwip.h is one). */
#if !defined(E2B_MCP_SOCK_POSIX) && !defined(E2B_MCP_SOCK_CUSTOM) && !defined(E2B_MCP_SOCK_WIN32)
#  if defined(_WIN32)
#    define E2B_MCP_SOCK_WIN32
#  else
#    define E2B_MCP_SOCK_POSIX
#  endif
#endif
/* E2B_MCP_TLS_NONE: no TLS, http:// URLs only (a local simulator, a
   TLS-terminating proxy); the header's default. */
/* E2B_MCP_TLS_BEARSSL: BearSSL, ports/e2b_mcp_tls_bearssl.h, zero allocation
   (-lbearssl; what make builds). */
/* E2B_MCP_TLS_MBEDTLS: mbedTLS 2.28, ports/e2b_mcp_tls_mbedtls.h (-lmbedtls
   -lmbedx509 -lmbedcrypto). */
/* E2B_MCP_TLS_CUSTOM: your own TLS port: the types e2b_mcp_tls and
   e2b_mcp_tls_trust defined before e2b_mcp.h, the seven e2b_mcp_tls_*
   functions of the contract (>>ports) in a file of yours. */
/* E2B_MCP_TLS_VERIFY: a custom TLS port also has the two signature
   verifiers of the contract (e2b_mcp_tls_rsa_verify, e2b_mcp_tls_p256_verify),
   so access tokens can be verified (E2B_MCP_AUTH). */
#if !defined(E2B_MCP_TLS_NONE) && !defined(E2B_MCP_TLS_BEARSSL) && !defined(E2B_MCP_TLS_MBEDTLS) && !defined(E2B_MCP_TLS_CUSTOM)
#  define E2B_MCP_TLS_NONE
#endif
/* E2B_MCP_SOCK_POSIX_WAIT_MAX: the sockets one wait of the POSIX port may
   watch (the library watches at most its listener, HTTP slots, lingering
   sockets and calls, and stdin). */
#ifndef E2B_MCP_SOCK_POSIX_WAIT_MAX
#define E2B_MCP_SOCK_POSIX_WAIT_MAX (2 + E2B_MCP_HTTP_CONNS + E2B_MCP_HTTP_LINGER + E2B_MCP_CALLS)
#endif
/* E2B_MCP_SOCK_POSIX_NO_EPOLL: the POSIX port waits with poll(2) on Linux
   too (elsewhere it always does); by default it keeps the sockets
   registered with epoll(7) between waits, so a wait costs what changed and
   what is ready, not every socket open. */
/* E2B_MCP_SOCK_POSIX_FD_MAX: the descriptors the POSIX port's epoll wait
   keeps track of (an int each, touched only when used); a wait naming a
   higher one is a poll. */
#ifndef E2B_MCP_SOCK_POSIX_FD_MAX
#define E2B_MCP_SOCK_POSIX_FD_MAX 65536
#endif
/* E2B_MCP_SOCK_WIN32_WAIT_MAX: the sockets one wait of the Windows port may
   watch, as the POSIX port's (20 bytes of stack each, in the wait). */
#ifndef E2B_MCP_SOCK_WIN32_WAIT_MAX
#define E2B_MCP_SOCK_WIN32_WAIT_MAX (2 + E2B_MCP_HTTP_CONNS + E2B_MCP_HTTP_LINGER + E2B_MCP_CALLS)
#endif
/* E2B_MCP_NOW_S(): the wall clock in Unix seconds, for certificate dates (the
   BearSSL port's) and the expiry of a requestState (default time(NULL));
   SNTP or an RTC on a board. */
#if defined(E2B_MCP_TLS_BEARSSL) && !defined(E2B_MCP_NOW_S)
#  define E2B_MCP_NOW_S() ((unsigned long)time(NULL))
#endif
/* E2B_MCP_TLS_SYSTEM_CA_FILE: the trust anchors read when no CA file is
   given (cfg.ca_file NULL). On Windows the BearSSL port reads the system's
   ROOT certificate store instead. */
#ifndef E2B_MCP_TLS_SYSTEM_CA_FILE
#define E2B_MCP_TLS_SYSTEM_CA_FILE "/etc/ssl/certs/ca-certificates.crt"
#endif
/* E2B_MCP_TLS_NO_FILE: no file system: the trust anchors are compiled in
   and cfg.ca_file must be NULL. */
/* E2B_MCP_TLS_ANCHORS, E2B_MCP_TLS_ANCHORS_NUM: BearSSL trust anchors
   compiled in, a const br_x509_trust_anchor array and its length (what brssl
   ta prints as TAs and TAs_NUM); they stay in flash. */
/* E2B_MCP_TLS_ANCHORS_PEM: trust anchors compiled in as PEM text (a string),
   for BearSSL or mbedTLS. */
/* E2B_MCP_TLS_ENTROPY(buf, n): an expression filling n seed bytes for
   BearSSL, 0 on success, where the OS has no /dev/urandom (BearSSL is then
   built with BR_USE_URANDOM=0; a hardware RNG, never a constant). Without it
   BearSSL seeds itself from the OS. */
/* E2B_MCP_TLS_BEARSSL_MINIMAL: BearSSL with TLS 1.2, ECDHE and AES-128-GCM /
   ChaCha20-Poly1305 and the small i15/m15 maths only: about 25 KB less code
   than the full profile (br_ssl_client_init_full, the default). */
/* E2B_MCP_TLS_BUFSIZE: BearSSL's I/O buffer per connection (half-duplex,
   BR_SSL_BUFSIZE_MONO: 16709 bytes). A smaller one makes BearSSL offer
   max_fragment_length, which most servers ignore. */
#ifndef E2B_MCP_TLS_BUFSIZE
#define E2B_MCP_TLS_BUFSIZE BR_SSL_BUFSIZE_MONO
#endif
/* E2B_MCP_TLS_LEND: BearSSL's X.509 context (about 3 KiB, used only while
   the certificate chain is checked) is not kept in every connection: the call
   whose request opens the connection lends it the tail of its answer buffer,
   empty until the answer comes, and BearSSL is told to refuse renegotiation
   (which would check a chain again). A request body then has that much less
   room (E2B_MCP_RESP_MAX less the question and the context). rediss:// has no
   buffer to lend (E2B_MCP_REDIS needs 0), nor has the minimal profile's
   answer buffer room for it. Default 1 with E2B_MCP_SMALL, 0 otherwise; ports
   other than BearSSL's ignore it. */
#ifndef E2B_MCP_TLS_LEND
#define E2B_MCP_TLS_LEND E2B_MCP__D(0, E2B_MCP__M(1, 0))
#endif
/* E2B_MCP_TLS_MAX_ANCHORS: BearSSL's trust anchor slots, for a CA file
   (1 with E2B_MCP_TLS_ANCHORS: compiled-in anchors need none). */
#ifndef E2B_MCP_TLS_MAX_ANCHORS
#  ifndef E2B_MCP_TLS_ANCHORS
#    define E2B_MCP_TLS_MAX_ANCHORS E2B_MCP__D(160, 4)
#  else
#    define E2B_MCP_TLS_MAX_ANCHORS 1
#  endif
#endif
/* E2B_MCP_TLS_TRUST_ARENA: bytes for BearSSL's anchor names and keys from a
   CA file (Debian's 144-root bundle needs 61,917); 1 with
   E2B_MCP_TLS_ANCHORS (and a CA file then fails). */
#ifndef E2B_MCP_TLS_TRUST_ARENA
#  ifndef E2B_MCP_TLS_ANCHORS
#    define E2B_MCP_TLS_TRUST_ARENA E2B_MCP__D(81920, 2048)
#  else
#    define E2B_MCP_TLS_TRUST_ARENA 1
#  endif
#endif
/* E2B_MCP_TLS_PEM_MAX: the largest PEM certificate block mbedTLS's port
   reads from a CA file, on the stack. */
#ifndef E2B_MCP_TLS_PEM_MAX
#define E2B_MCP_TLS_PEM_MAX 8192
#endif
/* E2B_MCP_TLS_MBEDTLS_POOL: bytes of a static pool handed to mbedTLS for its
   allocations, where mbedTLS is built with MBEDTLS_MEMORY_BUFFER_ALLOC_C
   (Debian's is not: it then uses the C library's heap). */
/* E2B_MCP_LWIP_SOCKS: connections the lwIP port holds open at once (E2B uses
   one, one spare for a reconnect; a server adds its listener and clients). */
#ifndef E2B_MCP_LWIP_SOCKS
#define E2B_MCP_LWIP_SOCKS 2
#endif
/* E2B_MCP_LWIP_DNS_TIMEOUT_MS: the lwIP port's resolve, the contract's one
   blocking member, gives up after this. */
#ifndef E2B_MCP_LWIP_DNS_TIMEOUT_MS
#define E2B_MCP_LWIP_DNS_TIMEOUT_MS 10000
#endif


/* ---- Authorization: an OAuth 2.1 protected resource (>>auth) ---- */

/* E2B_MCP_AUTH: 1 builds the verification of OAuth 2.1 JWT access tokens
   (RFC 9068: RS256 and ES256 through the TLS port's crypto, keys from a JWKS
   document). On by default on the desktop with BearSSL or mbedTLS; 0 (left
   out) with E2B_MCP_SMALL, E2B_MCP_TLS_NONE, and E2B_MCP_TLS_CUSTOM unless
   the custom port defines E2B_MCP_TLS_VERIFY (it then brings
   e2b_mcp_tls_rsa_verify and e2b_mcp_tls_p256_verify). Set to 1 without a
   verifier, the layer is built but refuses every token and
   e2b_mcp_http_listen refuses an authorization config
   (E2B_MCP_ERR_NO_VERIFIER). */
#ifndef E2B_MCP_AUTH
#  if !defined(E2B_MCP_SMALL) && (defined(E2B_MCP_TLS_BEARSSL) || defined(E2B_MCP_TLS_MBEDTLS) || defined(E2B_MCP_TLS_VERIFY))
#    define E2B_MCP_AUTH 1
#  else
#    define E2B_MCP_AUTH 0
#  endif
#endif
/* E2B_MCP_AUTH_KEYS: key slots for the issuer's JWKS (each holds one RSA key
   of up to E2B_MCP_AUTH_RSA_MAX bytes, or one P-256 key). */
#ifndef E2B_MCP_AUTH_KEYS
#define E2B_MCP_AUTH_KEYS 8
#endif
/* E2B_MCP_AUTH_RSA_MAX: the largest RSA modulus a key slot holds, in bytes
   (512: 4096 bits, BearSSL's limit); keys under 2048 bits are never used. */
#ifndef E2B_MCP_AUTH_RSA_MAX
#define E2B_MCP_AUTH_RSA_MAX 512
#endif
/* E2B_MCP_AUTH_TOKEN_MAX: the longest access token verified (longer ones
   are refused unread); its decoded claims are held on the stack. */
#ifndef E2B_MCP_AUTH_TOKEN_MAX
#define E2B_MCP_AUTH_TOKEN_MAX 4096
#endif
/* E2B_MCP_AUTH_SCOPE_MAX: the longest scope claim kept (a longer one is
   refused, never cut: a cut could not grant more, but it could lose a scope
   silently). Also the longest subject. */
#ifndef E2B_MCP_AUTH_SCOPE_MAX
#define E2B_MCP_AUTH_SCOPE_MAX 512
#endif
/* E2B_MCP_AUTH_SKEW_S: the clock skew allowed on exp and nbf, in seconds. */
#ifndef E2B_MCP_AUTH_SKEW_S
#define E2B_MCP_AUTH_SKEW_S 60
#endif
/* E2B_MCP_AUTH_JWKS_TOKENS: jsmn tokens for one JWKS document (an RSA key
   takes about 16 with its usual members). */
#ifndef E2B_MCP_AUTH_JWKS_TOKENS
#define E2B_MCP_AUTH_JWKS_TOKENS 256
#endif

/* E2B_MCP_AUTH_META_TOKENS: jsmn tokens for the issuer's metadata document
   (OpenID discovery lists many algorithms and claims; on the stack while
   it is read). */
#ifndef E2B_MCP_AUTH_META_TOKENS
#define E2B_MCP_AUTH_META_TOKENS 1024
#endif
/* E2B_MCP_AUTH_REFRESH_MS: with keys from the issuer (e2b_mcp_auth.discover),
   a token whose kid no key has makes the server fetch the JWKS again, at
   most once per this many ms (a stream of made-up kids costs the issuer one
   request a minute). */
#ifndef E2B_MCP_AUTH_REFRESH_MS
#define E2B_MCP_AUTH_REFRESH_MS 60000
#endif
/* E2B_MCP_AUTH_CACHE: access tokens remembered as verified (a 16-byte hash
   of the whole token and its exp, each): a client's next requests with the
   same token cost a hash, not a signature check (>>principal). 0: none
   remembered (make bench's build without the protection). */
#ifndef E2B_MCP_AUTH_CACHE
#define E2B_MCP_AUTH_CACHE 256
#endif
/* E2B_MCP_AUTH_PEERS: client addresses whose refused tokens are counted. */
#ifndef E2B_MCP_AUTH_PEERS
#define E2B_MCP_AUTH_PEERS 64
#endif
/* E2B_MCP_AUTH_FAIL_BURST, E2B_MCP_AUTH_FAIL_PER_S: refused tokens (access
   tokens, or guesses of the static token) an address may send in a row,
   then a second; beyond, 429 with Retry-After before any signature check. */
#ifndef E2B_MCP_AUTH_FAIL_BURST
#define E2B_MCP_AUTH_FAIL_BURST 20
#endif
#ifndef E2B_MCP_AUTH_FAIL_PER_S
#define E2B_MCP_AUTH_FAIL_PER_S 2
#endif
/* E2B_MCP_AUTH_KEY_WAITERS: requests that may wait for one fetch of the
   issuer's keys (each holds a request buffer); beyond, 503 with Retry-After
   at once. */
#ifndef E2B_MCP_AUTH_KEY_WAITERS
#define E2B_MCP_AUTH_KEY_WAITERS 8
#endif
/* ---- Who calls: the key store and the audit log (>>keys) ---- */

/* E2B_MCP_TLS_GCM: a custom TLS port also has AES-256-GCM
   (e2b_mcp_tls_aes_gcm, >>ports), so a key store can be opened. */
/* E2B_MCP_KEYSTORE: 1 builds the key store: a file encrypted with
   AES-256-GCM (through the TLS port) that maps an access token's subject, or
   a claim of your choice, to the E2B team key that caller's calls use
   (http.keystore). On by default with E2B_MCP_AUTH, per-client keys and a
   port that has AES-GCM (BearSSL, mbedTLS, or a custom port defining
   E2B_MCP_TLS_GCM); 0 (left out) with E2B_MCP_SMALL. */
#ifndef E2B_MCP_KEYSTORE
#  if E2B_MCP_AUTH && E2B_MCP_WITH_CLIENT_KEYS && (defined(E2B_MCP_TLS_BEARSSL) || defined(E2B_MCP_TLS_MBEDTLS) || defined(E2B_MCP_TLS_GCM))
#    define E2B_MCP_KEYSTORE 1
#  else
#    define E2B_MCP_KEYSTORE 0
#  endif
#endif
/* E2B_MCP_KEYSTORE_ENTRIES: the subjects a key store holds (each entry
   E2B_MCP_SUBJECT_MAX + E2B_MCP_KEY_MAX bytes); a file with more is refused. */
#ifndef E2B_MCP_KEYSTORE_ENTRIES
#define E2B_MCP_KEYSTORE_ENTRIES 256
#endif
/* E2B_MCP_SUBJECT_MAX: the longest subject (or claim value) a key store
   entry and an audit record keep, with its NUL; a caller whose subject is
   longer has no key. */
#ifndef E2B_MCP_SUBJECT_MAX
#define E2B_MCP_SUBJECT_MAX 128
#endif
/* E2B_MCP_AUDIT: 1 builds the audit hook (cfg.audit): a record of every
   tool call when it ends (who, tool, sandbox, arguments without secrets,
   E2B's status, outcome, duration). Default 1, 0 with E2B_MCP_SMALL. */
#ifndef E2B_MCP_AUDIT
#define E2B_MCP_AUDIT E2B_MCP__D(1, 0)
#endif
/* E2B_MCP_AUDIT_ARGS_MAX: the bytes of a call's arguments an audit record
   keeps (a longer text is cut, and says so). */
#ifndef E2B_MCP_AUDIT_ARGS_MAX
#define E2B_MCP_AUDIT_ARGS_MAX 512
#endif
/* E2B_MCP_METRICS: 1 keeps the counters GET /metrics shows in Prometheus'
   text format (>>metrics, >>ops): MCP operations by method, tool and outcome
   with their durations, E2B's answers by tool and status, refusals, consent
   questions, cool-downs, token verifications, audit records. About 40 KB of
   the server's state, an increment on the hot path. Default 1, 0 with
   E2B_MCP_SMALL. */
#ifndef E2B_MCP_METRICS
#define E2B_MCP_METRICS E2B_MCP__D(1, 0)
#endif
/* E2B_MCP_READY_E2B_MS: GET /readyz counts E2B as reachable when it answered
   (any HTTP status: it is there) within this window; past it, a readiness
   check sends a light probe (GET /health, no key) and is ready once that is
   answered. */
#ifndef E2B_MCP_READY_E2B_MS
#define E2B_MCP_READY_E2B_MS 60000
#endif
/* E2B_MCP_REDIS: 1 builds the small RESP client (>>redis) that keeps what
   replicas share in Redis: the consent answers used once, the per-user
   limits (the binary's E2B_MCP_REDIS_URL). Default 1, 0 with E2B_MCP_SMALL. */
#ifndef E2B_MCP_REDIS
#define E2B_MCP_REDIS E2B_MCP__D(1, 0)
#endif
/* E2B_MCP_LIMITS: 1 builds the limits per user (>>ops): a token bucket per
   principal for tools/call, another for the calls that start, bill, change
   or destroy (cfg.limit_*); beyond them a call is refused before it reaches
   E2B (HTTP 429 with Retry-After). Default 1, 0 with E2B_MCP_SMALL. */
#ifndef E2B_MCP_LIMITS
#define E2B_MCP_LIMITS E2B_MCP__D(1, 0)
#endif
/* E2B_MCP_LIMIT_PRINCIPALS: the principals whose buckets are kept (32 bytes
   each); past it the least recently used of a principal's 8 neighbours is
   forgotten (it starts again with a full bucket). */
#ifndef E2B_MCP_LIMIT_PRINCIPALS
#define E2B_MCP_LIMIT_PRINCIPALS 4096
#endif


