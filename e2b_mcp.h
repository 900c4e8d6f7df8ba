/* e2b_mcp.h - an MCP server for managing E2B sandboxes, in one C99 header.
   (Generated from the layers in src/ by `make header`: change the library there.)

   Do this:
      #define E2B_MCP_IMPLEMENTATION
   before you include this file in *one* C or C++ file to create the implementation
   (after any ISO C header, even with -std=c99; see "The POSIX port needs" below).

   // i.e. it should look like this:
   #define E2B_MCP_IMPLEMENTATION
   #include "e2b_mcp.h"

   Link: -lbearssl with E2B_MCP_TLS_BEARSSL (what `make` builds; E2B is HTTPS
   only), -lmbedtls -lmbedx509 -lmbedcrypto with E2B_MCP_TLS_MBEDTLS, nothing with
   E2B_MCP_TLS_NONE (http:// URLs only, e.g. a local simulator; the header's default
   when no TLS port is named). JSON is read with jsmn (Debian: libjsmn-dev, <jsmn.h>).

   WHAT IT IS
      The E2B sandbox-management tool set (list, create, inspect, pause, resume,
      extend, logs, metrics, templates, builds, snapshots and, only when enabled,
      kill) as a Model Context Protocol server, over stdio or Streamable HTTP, or
      called in-process; MCP 2024-11-05 to 2025-11-25 and the stateless
      2026-07-28 side by side. It never allocates: every buffer lives inside the
      e2b_mcp_server you declare (static or on a big stack), sized by the config
      macros below.

   QUICK START (stdio server, see examples/e2b-mcp.c)
      static e2b_mcp_server srv;               // ~23 MB of bss with desktop defaults (32 call
                                               // slots); pages are touched only when used
      e2b_mcp_config cfg = {0};
      cfg.api_key = getenv("E2B_API_KEY");
      e2b_mcp_init(&srv, &cfg);
      return e2b_mcp_serve_stdio(&srv);

   IN-PROCESS (an agent on a board needs no JSON-RPC framing)
      e2b_mcp_result r;
      e2b_mcp_call_tool(&srv, "e2b_list_sandboxes", "{\"state\":[\"running\"]}", &r);
      // r.is_error, r.json / r.json_len (the structured result), r.message

   STREAMABLE HTTP (one endpoint, /mcp; see examples/e2b-mcp.c --http)
      e2b_mcp_http_config http = {0};          // host 127.0.0.1 by default
      http.port = 8931;
      http.token = getenv("E2B_MCP_HTTP_TOKEN"); // needed off loopback
      return e2b_mcp_serve_http(&srv, &http);
      // 2025 clients get a session (Mcp-Session-Id); 2026-07-28 clients
      // (server/discover, per-request _meta) get none, so replicas can share
      // the load (see docs/operating.md: several replicas behind a load balancer).
      // Or e2b_mcp_http_listen once, then e2b_mcp_http_step(&srv, ms) from
      // your own loop. One thread; up to E2B_MCP_CALLS tool calls in flight,
      // each answered when E2B answers it (>>engine).

   YOUR OWN TOOLS next to E2B's
      static void hello(e2b_mcp_call *c) { e2b_mcp_result_text(c, "hi"); }
      static const e2b_mcp_tool t = { "hello", "Hello", "Says hi.",
                                      "{\"type\":\"object\"}", NULL,
                                      E2B_MCP_READ_ONLY, hello, NULL, NULL, NULL };
      e2b_mcp_add_tool(&srv, &t);
      // or two phases (build the E2B request, shape its answer: e2b_mcp_tool.build
      // and .shape), which run concurrently in call slots like E2B's own tools

   CONFIG MACROS
      Every option is documented once, next to its default, in >>config below
      (src/config.h): buffer sizes and limits with a desktop default and an
      E2B_MCP_SMALL one (a microcontroller profile), timeouts (each also a field
      of e2b_mcp_config or e2b_mcp_http_config, where 0 means the macro), the
      Streamable HTTP slots, what is built (E2B_MCP_WITH_DESCRIPTIONS,
      E2B_MCP_WITH_STDIO, E2B_MCP_WITH_HTTP, E2B_MCP_STATIC...) and the ports' own. Define one before
      every include of this file. docs/config.md's table is generated from it.

   PORTS (see ports/)
      sockets: E2B_MCP_SOCK_POSIX (default: ports/e2b_mcp_sock_posix.h, the
               struct e2b_mcp_sock_posix) | E2B_MCP_SOCK_CUSTOM (your own
               e2b_mcp_sock_port in e2b_mcp_config.sock_port)
      TLS:     E2B_MCP_TLS_NONE (default: http:// URLs only) | E2B_MCP_TLS_BEARSSL
               | E2B_MCP_TLS_MBEDTLS | E2B_MCP_TLS_CUSTOM (your own: >>ports)
      The socket port is one documented struct (>>ports below): connect, send,
      recv and close that never wait (E2B_MCP_ERR_AGAIN), resolve, listen,
      accept, a readiness wait, a monotonic clock and random bytes. A TLS port
      is a documented set of non-blocking functions over it (>>ports:
      e2b_mcp_tls_start, _handshake, _send, _flush, _recv, _close), under the
      E2B exchange as one of its streams (>>stream).

   SECRETS
      The API key is sent only as X-API-Key to the configured E2B hosts. It is
      the server's own, or over HTTP with http.client_keys each client's (kept in
      its call slot only while that call runs, then wiped with the request text
      that carried it); each message and call carries its key in its own context
      (e2b_mcp__ctx, >>mcp core). It never appears in a log, a
      notification or a tool result: every outgoing byte passes one redactor
      (e2b_mcp__redact_write) that replaces that key with "[redacted]",
      whatever E2B echoes. envdAccessToken, trafficAccessToken and
      other secret names (in any casing) are removed from every answer E2B's own
      tools shape; injected header values and environment variable values are
      shown as "[redacted]". A custom two-phase tool's shape leaves them out itself.

   LICENSE: MIT, at the end of this file.
*/
#ifndef E2B_MCP_H
#define E2B_MCP_H
#ifndef E2B_MCP_IMPLEMENTATION
#  define E2B_MCP__DECLARED_FIRST   /* this file's first include was declarations only */
#endif

#define E2B_MCP_VERSION "0.1.0"

/* The POSIX port needs POSIX declarations (getaddrinfo, clock_gettime), which
   a strict ISO build (-std=c99) hides unless _POSIX_C_SOURCE is defined before
   the first system header. The header may come after any ISO C header, so it
   defines it here and makes the C library see it late:
   - musl, the BSDs and macOS test the feature macros in each header, so the
     POSIX headers the port includes next (netdb.h, poll.h...) see it;
   - glibc works the feature macros out once, in <features.h>, at the first
     system header: it is read again here (its guard lifted; it starts by
     clearing what it set) so that the headers included next see POSIX too.
   A header already read without POSIX keeps its ISO contents: for <time.h>
   the POSIX port declares the clock itself (ports/e2b_mcp_sock_posix.h). A
   POSIX header included before this one under -std=c99 hides what it hid:
   define _POSIX_C_SOURCE (or use -std=gnu99) then. C++ compilers define
   _GNU_SOURCE themselves. */
#if defined(E2B_MCP_IMPLEMENTATION) && !defined(E2B_MCP_SOCK_CUSTOM) && !defined(_POSIX_C_SOURCE) && !defined(_WIN32)
#  define _POSIX_C_SOURCE 200809L
#  if defined(__GLIBC__) && defined(_FEATURES_H) && !defined(__USE_POSIX199309)
#    undef _FEATURES_H
#    include <features.h>
#  endif
#endif

#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>

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


/* >>derived --------------------------------------------------------------
   What follows from the configuration (>>config): nothing here is an option
   to set. The checks of settings that cannot work together (each an #error
   with the reason), what is built from the switches (E2B_MCP__HTTP, the
   buffer pool, the token verifier), fixed sizes, and jsmn's setup. */

/* The ports: exactly one of each. */
#if (defined(E2B_MCP_SOCK_POSIX) + defined(E2B_MCP_SOCK_WIN32) + defined(E2B_MCP_SOCK_CUSTOM)) != 1
#  error "Select one socket port: E2B_MCP_SOCK_POSIX, E2B_MCP_SOCK_WIN32 or E2B_MCP_SOCK_CUSTOM"
#endif
#if defined(E2B_MCP_SOCK_WIN32) && defined(E2B_MCP_IMPLEMENTATION)
#  include <winsock2.h>   /* before the <windows.h> a TLS port may bring: Windows wants that order */
#endif
#if (defined(E2B_MCP_TLS_NONE) + defined(E2B_MCP_TLS_BEARSSL) + defined(E2B_MCP_TLS_MBEDTLS) + defined(E2B_MCP_TLS_CUSTOM)) != 1
#  error "Select one TLS port: E2B_MCP_TLS_NONE, E2B_MCP_TLS_BEARSSL, E2B_MCP_TLS_MBEDTLS or E2B_MCP_TLS_CUSTOM"
#endif

/* The Streamable HTTP transport is built with the POSIX or Windows port, or
   with a custom port when E2B_MCP_HTTP says it has listen, accept and random. */
#if E2B_MCP_WITH_HTTP && (defined(E2B_MCP_SOCK_POSIX) || defined(E2B_MCP_SOCK_WIN32) || defined(E2B_MCP_HTTP))
#  define E2B_MCP__HTTP 1
#endif

/* Settings that cannot work together, refused here with the reason. */
/* every E2B_MCP_WITH_ switch, or'ed: 0 or 1 when each is */
#define E2B_MCP__WITH_ANY (E2B_MCP_WITH_STDIO | E2B_MCP_WITH_HTTP | E2B_MCP_WITH_2026 | E2B_MCP_WITH_BATCH | E2B_MCP_WITH_2025_06 | \
  E2B_MCP_WITH_CONSENT | E2B_MCP_WITH_CLIENT_KEYS | E2B_MCP_WITH_OUTPUT_CHECK | E2B_MCP_WITH_DESCRIPTIONS | E2B_MCP_WITH_ADVICE | \
  E2B_MCP_WITH_PROMPTS | E2B_MCP_WITH_RESOURCES | E2B_MCP_WITH_APP | E2B_MCP_WITH_COMPLETIONS)
#if E2B_MCP__WITH_ANY > 1 || E2B_MCP__WITH_ANY < 0
#  error "an E2B_MCP_WITH_ switch is 0 or 1"
#endif
#undef E2B_MCP__WITH_ANY
#if defined(E2B_MCP__HTTP) && E2B_MCP_HTTP_SESSIONS == 0 && !E2B_MCP_WITH_2026
#  error "E2B_MCP_HTTP_SESSIONS 0 serves only 2026-07-28 clients over HTTP, and E2B_MCP_WITH_2026 0 leaves that revision out: no client could use the server"
#endif
#if E2B_MCP_KEYSTORE && !(defined(E2B_MCP_TLS_BEARSSL) || defined(E2B_MCP_TLS_MBEDTLS) || defined(E2B_MCP_TLS_GCM))
#  error "E2B_MCP_KEYSTORE needs a TLS port with AES-GCM (E2B_MCP_TLS_BEARSSL, E2B_MCP_TLS_MBEDTLS, or a custom port defining E2B_MCP_TLS_GCM)"
#endif
#if E2B_MCP_KEYSTORE && !(E2B_MCP_AUTH && E2B_MCP_WITH_CLIENT_KEYS)
#  error "E2B_MCP_KEYSTORE needs E2B_MCP_AUTH (it goes by an access token's subject) and E2B_MCP_WITH_CLIENT_KEYS (its keys' cool-down slots)"
#endif

/* The desktop's slots share a pool of buffers; the small profile's slot
   owns its buffer (one slot, one buffer: nothing to keep track of, and not
   a byte more RAM), unless it is given fewer buffers than slots. */
#if !defined(E2B_MCP_SMALL) || E2B_MCP_CALL_BUFS < E2B_MCP_CALLS
#  define E2B_MCP__POOL 1
#endif

/* jsmn's parent links (see E2B_MCP_NO_PARENT_LINKS). */
#if !defined(E2B_MCP_SMALL) && !defined(E2B_MCP_NO_PARENT_LINKS) && !defined(JSMN_PARENT_LINKS)
#  define JSMN_PARENT_LINKS
#endif

/* How many of E2B's tools are built: every tool's switch (>>config) once.
   A tool added to the table in >>e2b tools is added here too (its build
   stops, naming this macro, until it is). It sizes the server's lists of
   tools, here below every layer that keeps one. */
#define E2B_MCP__TOOLS_BUILT (E2B_MCP_TOOL_LIST_SANDBOXES + E2B_MCP_TOOL_GET_SANDBOX + E2B_MCP_TOOL_CREATE_SANDBOX + \
  E2B_MCP_TOOL_GET_SANDBOX_LOGS + E2B_MCP_TOOL_GET_SANDBOX_METRICS + E2B_MCP_TOOL_SET_SANDBOX_TIMEOUT + \
  E2B_MCP_TOOL_PAUSE_SANDBOX + E2B_MCP_TOOL_RESUME_SANDBOX + E2B_MCP_TOOL_LIST_SNAPSHOTS + \
  E2B_MCP_TOOL_LIST_DEFAULT_TEMPLATES + E2B_MCP_TOOL_LIST_TEMPLATES + E2B_MCP_TOOL_LIST_TEMPLATE_BUILDS + \
  E2B_MCP_TOOL_KILL_SANDBOX + E2B_MCP_TOOL_FORK_SANDBOX + E2B_MCP_TOOL_CREATE_SNAPSHOT + E2B_MCP_TOOL_DELETE_SNAPSHOT + \
  E2B_MCP_TOOL_SET_SANDBOX_NETWORK + E2B_MCP_TOOL_GET_TEAM_USAGE + E2B_MCP_TOOL_GET_SANDBOXES_METRICS + \
  E2B_MCP_TOOL_LIST_EVENTS + E2B_MCP_TOOL_LIST_VOLUMES + E2B_MCP_TOOL_GET_VOLUME + E2B_MCP_TOOL_LIST_SECRETS + \
  E2B_MCP_TOOL_GET_TEMPLATE_BUILD)
/* How many of E2B's tools a build names as left out (a call to one is told
   that it is not built in; >>e2b tools counts the same from its table and
   checks that they agree): every tool switched off on the desktop; in the
   small profile only the 13 of the connectors this server replaces, since
   it builds the newer control plane only when its embedder asks for a tool. */
#ifdef E2B_MCP_SMALL
#  define E2B_MCP__TOOLS_OUT (13 - (E2B_MCP_TOOL_LIST_SANDBOXES + E2B_MCP_TOOL_GET_SANDBOX + E2B_MCP_TOOL_CREATE_SANDBOX + \
  E2B_MCP_TOOL_GET_SANDBOX_LOGS + E2B_MCP_TOOL_GET_SANDBOX_METRICS + E2B_MCP_TOOL_SET_SANDBOX_TIMEOUT + \
  E2B_MCP_TOOL_PAUSE_SANDBOX + E2B_MCP_TOOL_RESUME_SANDBOX + E2B_MCP_TOOL_LIST_SNAPSHOTS + \
  E2B_MCP_TOOL_LIST_DEFAULT_TEMPLATES + E2B_MCP_TOOL_LIST_TEMPLATES + E2B_MCP_TOOL_LIST_TEMPLATE_BUILDS + E2B_MCP_TOOL_KILL_SANDBOX))
#else
#  define E2B_MCP__TOOLS_OUT (24 - E2B_MCP__TOOLS_BUILT)
#endif
/* The tools that make more than one request per call (>>engine's chain). */
#define E2B_MCP__CHAIN (E2B_MCP_TOOL_GET_TEAM_USAGE || E2B_MCP_TOOL_GET_SANDBOXES_METRICS || E2B_MCP_TOOL_SET_SANDBOX_NETWORK)
/* The room the server's tool lists keep for E2B's tools (at least one). */
#define E2B_MCP__BUILTIN_ROOM (E2B_MCP__TOOLS_BUILT + !E2B_MCP__TOOLS_BUILT)

/* Whether the TLS port verifies signatures (the two e2b_mcp_tls_*_verify). */
#if E2B_MCP_AUTH && (defined(E2B_MCP_TLS_BEARSSL) || defined(E2B_MCP_TLS_MBEDTLS) || (defined(E2B_MCP_TLS_CUSTOM) && defined(E2B_MCP_TLS_VERIFY)))
#  define E2B_MCP__AUTH_VERIFIER 1
#else
#  define E2B_MCP__AUTH_VERIFIER 0
#endif
/* Whether a call carries who made it (the key store's subject, the audit's). */
#define E2B_MCP__WHO (E2B_MCP_KEYSTORE || E2B_MCP_AUDIT)

/* Fixed sizes (not options). */
#define E2B_MCP_HOST_MAX   E2B_MCP__D(256, 96)    /* a host name from a URL */
#define E2B_MCP_PREFIX_MAX E2B_MCP__D(128, 48)    /* a path prefix from a URL */
#define E2B_MCP_KEY_MAX    E2B_MCP__D(128, 64)    /* the API key */
#define E2B_MCP_ID_MAX     64                     /* a sandbox or template ID */
#define E2B_MCP_NEXT_MAX   E2B_MCP__D(512, 160)   /* an X-Next-Token value */
#define E2B_MCP_ERRMSG_MAX E2B_MCP__D(1024, 320)  /* the plain text of a tool error */
#define E2B_MCP__ASK_MAX   (E2B_MCP_WITH_CONSENT ? E2B_MCP__D(512, 256) : 0)   /* a consent question (none without consent) */
/* Whether a call can ask its user anything: the consent question, a custom
   tool's e2b_mcp_elicit (which answers -1 without it). */
#define E2B_MCP__ASKS E2B_MCP_WITH_CONSENT
#define E2B_MCP_STATE_MAX  64                     /* a requestState payload's bytes */
#define E2B_MCP__STATE_BYTES (18 + E2B_MCP_STATE_MAX + 32)
#define E2B_MCP__STATE_TEXT ((E2B_MCP__STATE_BYTES + 2) / 3 * 4 + 1)   /* a sealed token as text, with its NUL */

/* Whether anything beyond tools is built: the core then hands the methods it
   does not know to the layers that serve them (e2b_mcp__surface). */
#define E2B_MCP__SURFACE (E2B_MCP_WITH_PROMPTS || E2B_MCP_WITH_RESOURCES || E2B_MCP_WITH_COMPLETIONS)
#define E2B_MCP__SURFACES 3        /* prompts, resources, completions */
#define E2B_MCP__REF_MAX E2B_MCP__D(320, 160)   /* a URI a call answers for */
#define E2B_MCP__SUBS (E2B_MCP_WITH_RESOURCES && E2B_MCP_SUBSCRIPTIONS > 0)   /* resources/subscribe is built */
#define E2B_MCP__TASKS (E2B_MCP_TASKS > 0 && E2B_MCP_WITH_2026)              /* the tasks extension is built */

/* jsmn: static inside the implementation file, declarations elsewhere. */
#ifdef E2B_MCP_IMPLEMENTATION
#  ifndef JSMN_STATIC
#    define JSMN_STATIC
#  endif
#  ifndef JSMN_STRICT
#    define JSMN_STRICT
#  endif
#else
#  ifndef JSMN_HEADER
#    define JSMN_HEADER
#  endif
#endif
#include <jsmn.h>

#ifdef __cplusplus
extern "C" {
#endif
/* >>errors: the messages a model reads ---------------------------------
   Every message with advice in it that a tool result, a JSON-RPC error, a
   consent question or the server's instructions carry is written here once,
   in both its forms: E2B_MCP__SAY(short, long). E2B_MCP_WITH_ADVICE 1 (the
   desktop, >>config) says the long form, the advice written out;
   0 (the small and minimal profiles) says the short one: a code and a few
   words a model still acts on ("E2B_RATE_LIMITED: retry after 30 s"). Only
   the prose differs: the same refusals, JSON-RPC error numbers and isError
   results. A message on its own starts its short form with a code
   (UPPER_CASE then ": ", or JSON-RPC's own "Invalid Request:"); a part that
   goes into another message (an argument's complaint, a hint, why a tool is
   off) is a few words. The short form takes the same e2b_mcp__fmt
   arguments in the same order and may stop before the last ones (those are
   then ignored); tests/unit/messages.py checks both rules and that each is
   used; e2b_mcp_strerror's words below have both forms too. */
#if E2B_MCP_WITH_ADVICE
#  define E2B_MCP__SAY(short_form, long_form) long_form
#else
#  define E2B_MCP__SAY(short_form, long_form) short_form
#endif
/* >>errors ---------------------------------------------------------------
   Negative codes from the E2B client, the ports and set-up; e2b_mcp_strerror() says them
   in words a user understands. */
#define E2B_MCP__ERRORS(X) \
  X(OK,            0,  "ok") \
  X(DNS,          -1,  "the host name could not be resolved") \
  X(CONNECT,      -2,  E2B_MCP__SAY("the connection was refused or failed", "the connection was refused or could not be opened")) \
  X(TIMEOUT,      -3,  "the server did not answer in time") \
  X(RESET,        -4,  "the connection was reset") \
  X(CLOSED,       -5,  E2B_MCP__SAY("the server closed the connection early", "the server closed the connection before answering in full")) \
  X(TOO_LARGE,    -6,  E2B_MCP__SAY("the answer is larger than the buffer", "the answer is larger than this server's buffer")) \
  X(PROTOCOL,     -7,  "the answer is not valid HTTP") \
  X(TLS,          -8,  "the TLS handshake failed") \
  X(TLS_UNTRUSTED,-9,  E2B_MCP__SAY("the certificate is not signed by a trusted authority", "the server's certificate is not signed by a trusted authority")) \
  X(TLS_EXPIRED,  -10, E2B_MCP__SAY("the certificate has expired or is not yet valid", "the server's certificate has expired or is not yet valid")) \
  X(TLS_NAME,     -11, "the server's certificate is for another host name") \
  X(NO_TLS,       -12, E2B_MCP__SAY("https:// needs a build with a TLS port", "https:// needs a build with a TLS port (E2B_MCP_TLS_BEARSSL or E2B_MCP_TLS_MBEDTLS)")) \
  X(URL,          -13, "the URL is not a valid http:// or https:// URL") \
  X(IO,           -14, "the transport failed") \
  X(TLS_TRUST,    -15, "no trust anchors could be loaded") \
  X(LISTEN,       -16, E2B_MCP__SAY("the address could not be listened on", "the address could not be listened on (in use, or not an address of this machine)")) \
  X(NEED_TOKEN,   -17, E2B_MCP__SAY("a non-loopback address needs E2B_MCP_HTTP_TOKEN", "a non-loopback address needs a bearer token (E2B_MCP_HTTP_TOKEN)")) \
  X(CANCELLED,    -18, E2B_MCP__SAY("the call was cancelled", "the call was cancelled (by the client, or the server is stopping)")) \
  X(TLS_BROKEN,   -19, E2B_MCP__SAY("TLS failed after the request was sent", "the TLS connection failed after the request was sent")) \
  X(AGAIN,        -20, E2B_MCP__SAY("would block: try again when ready", "the operation would block (a port's answer: try again when the socket is ready)")) \
  X(CONFIG,       -21, E2B_MCP__SAY("E2B_MCP_ settings differ between files: build all alike", "this file was built with other e2b_mcp.h settings than the implementation (E2B_MCP_SMALL, a buffer size, jsmn's token layout): every file must agree")) \
  X(TOOLS,        -22, E2B_MCP__SAY("unknown tool or group in the selection", "the tool selection names a tool or group this server does not have")) \
  E2B_MCP__ERRORS_AUTH(X)
/* Only a build with access tokens (E2B_MCP_AUTH) can meet these: the others
   carry none of their text. */
#if E2B_MCP_AUTH
#  define E2B_MCP__ERRORS_AUTH(X) \
  X(NO_VERIFIER,  -23, "verifying access tokens needs a TLS port with RSA and ECDSA verification (E2B_MCP_TLS_BEARSSL or E2B_MCP_TLS_MBEDTLS; a custom port defines E2B_MCP_TLS_VERIFY)") \
  X(AUTH_CONFIG,  -24, "access tokens need an issuer and this server's resource URL (http:// or https://, no quote or space): E2B_MCP_AUTH_ISSUER and E2B_MCP_AUTH_RESOURCE")
#else
#  define E2B_MCP__ERRORS_AUTH(X)
#endif

enum e2b_mcp_err {
#define E2B_MCP__ENUM(name, code, text) E2B_MCP_ERR_##name = code,
  E2B_MCP__ERRORS(E2B_MCP__ENUM)
#undef E2B_MCP__ENUM
  E2B_MCP_ERR__LAST = -25
};
E2B_MCP_DEF const char *e2b_mcp_strerror(int err);

#define E2B_MCP__MSG_DISMISSED E2B_MCP__SAY("DISMISSED: the user closed the question; nothing was done", \
  "The user dismissed the question without answering, so nothing was done and nothing was sent to E2B.")
#define E2B_MCP__MSG_NO_ANSWER E2B_MCP__SAY("NO_ANSWER: the user did not answer in time; nothing was done", \
  "The user did not answer the question in time, so nothing was done and nothing was sent to E2B.")
#define E2B_MCP__MSG_NOT_ASKED E2B_MCP__SAY("NOT_ASKED: the question could not be sent; nothing was done", \
  "The question could not be sent to the user, so nothing was done and nothing was sent to E2B.")
#define E2B_MCP__MSG_ASKS_PER_CLIENT E2B_MCP__SAY("TOO_MANY_QUESTIONS: answer the waiting ones, then retry", \
  "The user was not asked: this client already has as many questions waiting for its user as one client may have. Answer or cancel those, then call again. Nothing was done or sent to E2B.")
#define E2B_MCP__MSG_ASKS_FULL E2B_MCP__SAY("TOO_MANY_QUESTIONS: retry once some are answered", \
  "The user was not asked: as many questions as this server holds are waiting for their users. Call again once some are answered. Nothing was done or sent to E2B.")
#define E2B_MCP__MSG_DECLINED E2B_MCP__SAY("DECLINED: the user said no; nothing was done", \
  "The user declined, so nothing was done and nothing was sent to E2B.")
#define E2B_MCP__MSG_TOOL_OFF E2B_MCP__SAY("TOOL_OFF: %.*s: %s", \
  "Unknown tool: %.*s is switched off on this server: %s tools/list names the tools it offers.")
#define E2B_MCP__MSG_ARG_ESCAPED E2B_MCP__SAY("BAD_ARG_NAME: '%.*s' has escapes", \
  "Invalid argument name '%.*s': argument names are written plainly, without escapes (\\u...). Nothing was sent to E2B.")
#define E2B_MCP__MSG_ARG_NONE E2B_MCP__SAY("BAD_ARG: '%s': this tool takes none", \
  "Invalid argument '%s': this tool takes no arguments. Nothing was sent to E2B.")
#define E2B_MCP__MSG_ARG_UNKNOWN E2B_MCP__SAY("BAD_ARG: '%s': use %s", \
  "Invalid argument '%s': this tool has no such argument; it takes %s. Nothing was sent to E2B.")
#define E2B_MCP__MSG_ARG_SURROGATE E2B_MCP__SAY("BAD_ARG: '%s': lone UTF-16 surrogate", \
  "Invalid argument '%s': it holds a lone UTF-16 surrogate (such as \\ud800), which is not text. Nothing was sent to E2B.")
#define E2B_MCP__MSG_RESULT_TOO_LARGE E2B_MCP__SAY("TOO_LARGE: result over %lu B; ask for less", \
  "The result does not fit in this server's buffer (%lu bytes). Ask for less: a smaller limit, a narrower filter or a shorter time range.")
#define E2B_MCP__MSG_INSTRUCTIONS E2B_MCP__SAY("E2B sandboxes bill per second: ask the user before creating, resuming or extending one; keep timeouts short; after a 429 wait the time it names.", \
  "Manage E2B cloud sandboxes (microVMs billed per second). Start with e2b_list_sandboxes to see what is running and when each one ends. Creating, resuming or extending a sandbox costs money: ask the user first, keep timeouts short, and never put secrets in env_vars unless the user gave them for that purpose. Pausing stops the billing of compute; a paused sandbox can be resumed. This server does not run code inside sandboxes. When a call answers 429, wait the time it names before calling E2B again.")
#define E2B_MCP__MSG_BAD_CURSOR E2B_MCP__SAY("Invalid cursor: use nextCursor", \
  "Invalid cursor: pass the nextCursor of the previous page, or none")
#define E2B_MCP__MSG_ID_TOO_LONG E2B_MCP__SAY("Invalid Request: id over %d B", \
  "Invalid Request: the id is longer than this server echoes (E2B_MCP_RPC_ID_MAX: %d bytes of JSON)")
#define E2B_MCP__MSG_BAD_LEVEL E2B_MCP__SAY("Invalid log level: use an RFC 5424 level name", \
  "Invalid log level: use debug, info, notice, warning, error, critical, alert or emergency")
#define E2B_MCP__MSG_MSG_TOKENS E2B_MCP__SAY("Invalid Request: too many JSON values", \
  "Invalid Request: the message has more JSON values than this server accepts (E2B_MCP_MSG_TOKENS)")
#define E2B_MCP__MSG_MSG_DEEP E2B_MCP__SAY("Invalid Request: nested over %d levels", \
  "Invalid Request: the message nests deeper than this server reads (%d levels)")
#define E2B_MCP__MSG_NO_BATCHES E2B_MCP__SAY("Invalid Request: no batches here", \
  "Invalid Request: batches are not built into this server (protocol version 2025-03-26 is not offered)")
#define E2B_MCP__MSG_REENTRANT E2B_MCP__SAY("REENTRANT: e2b_mcp_call_tool inside a tool; nothing ran", \
  "e2b_mcp_call_tool was called from inside a tool's handler: refused, nothing ran (the outer call's arguments and result are in the buffers the inner call would use); call the other tool's code directly")
#define E2B_MCP__MSG_MSG_TOO_LONG E2B_MCP__SAY("Invalid Request: message over %lu B", \
  "Invalid Request: the message is longer than this server accepts (%lu bytes)")
#define E2B_MCP__MSG_KILL_OFF E2B_MCP__SAY("KILL_OFF: set E2B_MCP_ENABLE_KILL=1", \
  "Killing sandboxes is switched off on this server (E2B_MCP_ENABLE_KILL=1 enables it).")
#define E2B_MCP__MSG_BUILD_FAILED E2B_MCP__SAY("BUILD_FAILED: %s wrote no request; nothing sent", \
  "The tool %s could not write its request to E2B (its build phase failed without saying why); nothing was sent.")
#define E2B_MCP__MSG_BODY_TOO_LARGE E2B_MCP__SAY("TOO_LARGE: request body; use less metadata or env_vars", \
  "The request body does not fit in this server's buffer; use less metadata or fewer env_vars.")
#define E2B_MCP__MSG_BUSY_BLOCKING E2B_MCP__SAY("BUSY: %d slots / %d buffers in use; retry later", \
  "Server busy: all %d call slots or all %d call buffers are in use. Try again when a call has been answered.")
#define E2B_MCP__MSG_BUSY E2B_MCP__SAY("BUSY: %d slots / %d buffers in use%s; retry later", \
  "Server busy: all %d call slots or all %d call buffers are in use%s. Wait for an answer, then call again (no request was sent to E2B).")
#define E2B_MCP__MSG_BUSY_ASKING E2B_MCP__SAY(" (one waits for its question)", \
  ", one by a call waiting for the user's answer to its question (answer it, or cancel that call)")
#define E2B_MCP__MSG_BAD_ARG E2B_MCP__SAY("BAD_ARG: '%s': %s", \
  "Invalid argument '%s': %s. Nothing was sent to E2B.")
#define E2B_MCP__MSG_BAD_ID E2B_MCP__SAY("letters, digits, - and _ only", \
  "an ID has only letters, digits, '-' and '_' (copy it from a list result)")
#define E2B_MCP__MSG_BAD_TEMPLATE E2B_MCP__SAY("not a template ID or name", \
  "expected a template ID or name such as base or team/name:tag")
#define E2B_MCP__MSG_BAD_TIME E2B_MCP__SAY("not an ISO 8601 time", \
  "expected an ISO 8601 time such as 2026-01-31T12:00:00Z")
#define E2B_MCP__MSG_BAD_ENUM E2B_MCP__SAY("not an allowed value", \
  "not one of the allowed values (see the tool's schema)")
#define E2B_MCP__MSG_KEY_MISSING E2B_MCP__SAY("NO_API_KEY: set E2B_API_KEY to a team key (e2b_...)", \
  "E2B_API_KEY is not set. Create a team API key (it starts with e2b_) at https://e2b.dev/dashboard?tab=keys and start this server with E2B_API_KEY set to it.")
#define E2B_MCP__MSG_KEY_PERSONAL E2B_MCP__SAY("BAD_API_KEY: sk_e2b_ is personal; use a team key (e2b_...)", \
  "E2B_API_KEY holds a personal access token (sk_e2b_...), which the sandbox API does not accept. Set E2B_API_KEY to a team API key (it starts with e2b_) from https://e2b.dev/dashboard?tab=keys.")
#define E2B_MCP__MSG_KEY_MALFORMED E2B_MCP__SAY("BAD_API_KEY: not a team key (e2b_...)", \
  "E2B_API_KEY is not a team API key: it must start with e2b_ and contain only letters, digits, '_' and '-'. Copy it again from https://e2b.dev/dashboard?tab=keys.")
#define E2B_MCP__MSG_COOLDOWN E2B_MCP__SAY("E2B_RATE_LIMITED: retry after %lu s", \
  "E2B asked this server to slow down (429). Wait %lu s before calling %s again; no request was sent.")
#define E2B_MCP__MSG_ADVICE_400 E2B_MCP__SAY("check the arguments", \
  "Check the arguments against the tool's input schema; a limit of the team's E2B plan (such as the longest timeout) is in E2B's message.")
#define E2B_MCP__MSG_ADVICE_401 E2B_MCP__SAY("check E2B_API_KEY", \
  "Check E2B_API_KEY: it must be a valid team API key (e2b_...) from https://e2b.dev/dashboard?tab=keys.")
#define E2B_MCP__MSG_ADVICE_404 E2B_MCP__SAY("not found (see e2b_list_sandboxes)", \
  "It does not exist: the sandbox has ended or been killed, or the ID is wrong. e2b_list_sandboxes shows the live ones.")
#define E2B_MCP__MSG_ADVICE_409 E2B_MCP__SAY("busy or paused; retry later", \
  "It is already paused or changing state. Check it with e2b_get_sandbox and try again later.")
#define E2B_MCP__MSG_ADVICE_429 E2B_MCP__SAY("wait, do not loop; free capacity", \
  "E2B is rate limiting or the team reached its limit of concurrent sandboxes. Wait before trying again, do not retry in a loop; pausing or killing sandboxes frees capacity.")
#define E2B_MCP__MSG_ADVICE_5XX E2B_MCP__SAY("retry in a minute", \
  "This is a problem on E2B's side; try again in a minute.")
#define E2B_MCP__MSG_RESP_TOO_LARGE E2B_MCP__SAY("E2B_TOO_LARGE: over E2B_MCP_RESP_MAX (%lu B); ask for fewer", \
  "E2B's answer is larger than this server's buffer (E2B_MCP_RESP_MAX = %lu bytes). Ask for fewer items (a smaller limit or a narrower filter), or rebuild with a larger E2B_MCP_RESP_MAX.")
#define E2B_MCP__MSG_HINT_UNTRUSTED E2B_MCP__SAY(" " E2B_MCP_HINT_TRUST, \
  " No trust anchors were loaded. " E2B_MCP_HINT_TRUST)
#define E2B_MCP__MSG_HINT_TLS E2B_MCP__SAY(" Nothing sent. " E2B_MCP_HINT_TLS, \
  " The connection was refused before anything was sent. " E2B_MCP_HINT_TLS)
#define E2B_MCP__MSG_HINT_TIMEOUT E2B_MCP__SAY(" Retry in a minute.", \
  " E2B may be slow or unreachable; try again in a minute.")
#define E2B_MCP__MSG_HINT_UNSURE E2B_MCP__SAY(" It may have run: check before repeating.", \
  " The request may or may not have been carried out; check with a list or get call before repeating it.")
#define E2B_MCP__MSG_E2B_429 E2B_MCP__SAY("E2B_RATE_LIMITED%s: %s; retry after %ld s", \
  "E2B answered 429%s: %s. Retry after %ld s; until then this server sends no %s request to E2B. %s")
#define E2B_MCP__MSG_RESP_TOKENS E2B_MCP__SAY("E2B_TOO_LARGE: over %d JSON values; ask for fewer", \
  "E2B's answer has more JSON values than this server can hold (E2B_MCP_RESP_TOKENS = %d). Ask for fewer items.")
#define E2B_MCP__MSG_RESP_DEEP E2B_MCP__SAY("E2B_BAD_ANSWER: nested over %d levels", \
  "E2B's answer nests deeper than this server reads (%d levels); nothing could be read from it.")
#define E2B_MCP__MSG_RESP_NOT_JSON E2B_MCP__SAY("E2B_BAD_ANSWER: not JSON (%lu B)", \
  "E2B's answer is not valid JSON (%lu bytes); nothing could be read from it.")
#define E2B_MCP__MSG_RESP_KIND E2B_MCP__SAY("E2B_BAD_ANSWER: not a JSON %s", \
  "E2B's answer is not the JSON %s this call returns; nothing could be read from it.")
#define E2B_MCP__MSG_RESP_NO_LIST E2B_MCP__SAY("E2B_BAD_ANSWER: no list '%s'", \
  "E2B's answer has no list '%s' (a JSON array); nothing could be read from it.")
#define E2B_MCP__MSG_CUT E2B_MCP__SAY("CUT: %d of %d %s (budget %ld chars); %s", \
  "This result holds %d of the %d %s E2B sent: more would pass this server's result budget (%ld characters). %s")
#define E2B_MCP__MSG_READ_ON_TOKEN E2B_MCP__SAY("pass next_token", \
  "To read on, call again with next_token set to this result's next_token and the same filters.")
#define E2B_MCP__MSG_READ_ON_CURSOR E2B_MCP__SAY("pass cursor = next_cursor", \
  "To read on, call again with cursor set to this result's next_cursor and the same direction, level and search.")
#define E2B_MCP__MSG_READ_ON_START E2B_MCP__SAY("the summary covers all; pass start = next_start", \
  "The summary covers all of them. To read on, call again with start set to this result's next_start and the same end.")
#define E2B_MCP__MSG_BAD_NEXT_TOKEN E2B_MCP__SAY("not a next_token from this server", \
  "not a next_token this server gave: pass the next_token of the previous result as it is")
#define E2B_MCP__MSG_BAD_DEST E2B_MCP__SAY("expected IPs, CIDRs or (allow_out) domains", \
  "expected an array of destinations: IP addresses, CIDR blocks such as 10.0.0.0/8 or (allow_out only) domain names such as api.example.com or *.example.com")
#define E2B_MCP__MSG_NO_RESUME E2B_MCP__SAY("needs auto_pause_memory: true", \
  "a sandbox paused without its memory (auto_pause_memory: false) cannot resume by itself")
#define E2B_MCP__MSG_ASK_CREATE E2B_MCP__SAY("Start a sandbox from '%s' for %lld s%s? Billed per second.", \
  "Start a new E2B sandbox from template '%s' for up to %lld seconds%s? It is billed per second until it times out, is paused or is killed.")
#define E2B_MCP__MSG_ASK_TIMEOUT E2B_MCP__SAY("Make sandbox %s end in %lld s? Billed per second.", \
  "Set sandbox %s to end %lld seconds from now? It is billed per second until then; a shorter time ends it sooner.")
#define E2B_MCP__MSG_ASK_RESUME E2B_MCP__SAY("Run sandbox %s for %lld s more? Billed per second.", \
  "Resume (or keep running) sandbox %s for at least %lld more seconds? It is billed per second while it runs.")
#define E2B_MCP__MSG_ASK_KILL E2B_MCP__SAY("Kill sandbox %s? Its files and memory are lost for good.", \
  "Kill sandbox %s? This cannot be undone: its files, memory and any paused snapshot are destroyed.")
#define E2B_MCP__MSG_READ_ONLY E2B_MCP__SAY("read-only server", \
  "this server is read-only (--read-only / E2B_MCP_READ_ONLY=1): it offers only tools that spend nothing and change nothing. Its operator can switch it on by starting it without read-only.")
#define E2B_MCP__MSG_NEEDS_KILL(what) E2B_MCP__SAY("needs E2B_MCP_ENABLE_KILL=1", \
  "this server was started without E2B_MCP_ENABLE_KILL=1, which " what " need; its operator can switch it on by setting it.")
#define E2B_MCP__MSG_NOT_BUILT_IN E2B_MCP__SAY("NOT_BUILT_IN: %.*s", \
  "Unknown tool: %.*s is not built into this server (its E2B_MCP_TOOL_ switch was 0 at build time): tools/list names the tools it offers.")
#define E2B_MCP__MSG_NOT_DEFAULT E2B_MCP__SAY("not in the default set (--tools)", \
  "it is not in this server's default set of tools, which keeps the list short for clients that cap how many tools they offer. Its operator can switch it on with --tools (E2B_MCP_TOOLS) naming it, or default plus its name, or all.")
#define E2B_MCP__MSG_NOT_SELECTED(group) E2B_MCP__SAY("not in --tools (" group ")", \
  "it is not in this server's tool selection (--tools / E2B_MCP_TOOLS). Its operator can switch it on by adding its name or its group, " group ", there.")
#define E2B_MCP__MSG_WANT_PAIRS E2B_MCP__SAY("expected [{\"key\":..., \"value\":...}]", \
  "expected an array of {\"key\": ..., \"value\": ...} objects with string values")
#define E2B_MCP__MSG_WANT_MOUNTS E2B_MCP__SAY("expected [{\"name\":..., \"path\":...}]", \
  "expected an array of {\"name\": a volume name, \"path\": an absolute path} objects")
/* >>util: the helpers every layer of the implementation may call ------------
   Small string, number and message-formatting helpers that avoid the locale,
   the heap and printf (which a board would otherwise have to link); their
   bodies are >>util in the implementation. Declared here, inside the
   implementation only (they are static), so a layer names this header, not
   util.c, for what it uses. */
#ifdef E2B_MCP_IMPLEMENTATION
/* Copies src into dst[cap] cut to fit, always terminated (cap > 0); returns strlen(src). */
static size_t e2b_mcp__strlcpy(char *dst, const char *src, size_t cap);
/* ASCII case-insensitive compares (the locale must not change what matches):
   a[0..n) against b[0..n); a[0..an) against all of b. */
#if defined(E2B_MCP__HTTP) || E2B_MCP_WITH_2026 || E2B_MCP_AUDIT
static int e2b_mcp__ieqn(const char *a, const char *b, size_t n);
#endif
static int e2b_mcp__ieq(const char *a, size_t an, const char *b);
/* Whether two strings are equal (no libc strcmp on a board). */
static int e2b_mcp__streq(const char *a, const char *b);
/* Whether s starts with p. */
static int e2b_mcp__starts(const char *s, const char *p);
/* libc's strchr: the first c in s (its terminator when c is 0), or NULL. */
static char *e2b_mcp__strchr(const char *s, int c);
/* *u /= d, returning the remainder, with no 64-bit division routine linked. */
static unsigned long e2b_mcp__divmod(unsigned long long *u, unsigned long d);
/* v in decimal into buf (at least 21 bytes); returns its length. */
static int e2b_mcp__fmt_ll(char *buf, long long v);
/* A printf subset into buf[cap] (%s %.*s %c %d %i %u %x, the l and ll
   modifiers, %%; anything else prints '?'), always terminated; returns the
   length written. */
static size_t e2b_mcp__vfmt(char *buf, size_t cap, const char *fmt, va_list ap);
static size_t e2b_mcp__fmt(char *buf, size_t cap, const char *fmt, ...);
/* A decimal integer of exactly s[0..n) (an optional sign, at most 18 digits); 0 on success. */
static int e2b_mcp__parse_ll(const char *s, size_t n, long long *out);
#endif
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
/* >>ports ------------------------------------------------------------------
   The port contract: everything e2b_mcp.h needs of the platform for the
   network, the clock and randomness, as one struct of function pointers (as
   mongoose's mg_tcpip_driver). The library calls nothing else of the
   platform for these. ports/e2b_mcp_sock_posix.h implements it for POSIX
   (e2b_mcp_sock_posix, used when e2b_mcp_config.sock_port is NULL and
   E2B_MCP_SOCK_POSIX is selected); a board fills one of its own
   (E2B_MCP_SOCK_CUSTOM) and passes it in e2b_mcp_config.sock_port.

   Every member but wait returns at once, never waiting on the network.
   Return values: what each member says for success; E2B_MCP_ERR_AGAIN when
   it would have to wait (call it again once wait reports the socket ready:
   writable for connect and send, readable for recv); any other negative
   E2B_MCP_ERR_* when it failed (the socket is then only closed). The
   library keeps all timeouts itself, with now_ms and wait. */
enum { E2B_MCP_WANT_READ = 1, E2B_MCP_WANT_WRITE = 2 };

struct e2b_mcp_sock_port;
typedef struct e2b_mcp_sock {
  intptr_t h;                              /* the port's handle (fd, pcb, index); < 0: none */
  const struct e2b_mcp_sock_port *port;    /* set by the library */
} e2b_mcp_sock;

/* A resolved address: family 4 (ip[0..4)) or 6 (ip[0..16)), network order. */
typedef struct e2b_mcp_addr { int family; unsigned char ip[16]; } e2b_mcp_addr;

/* One socket for wait: what is asked (E2B_MCP_WANT_*), what the port found. */
typedef struct e2b_mcp_poll { const e2b_mcp_sock *sock; int want, ready; } e2b_mcp_poll;

typedef struct e2b_mcp_sock_port {
  void *user;   /* passed to every member */
  /* The address of host (a name, or a numeric IPv4 or IPv6 address) in *addr:
     0, or E2B_MCP_ERR_DNS. The one member that may block (a name resolver):
     the library asks once per host and keeps the answer for E2B_MCP_DNS_TTL_MS,
     or until a connection to it fails. */
  int  (*resolve)(void *user, const char *host, e2b_mcp_addr *addr);
  /* With s->h < 0, opens a TCP connection to addr:port and sets s->h. With
     s->h >= 0 (the last call gave E2B_MCP_ERR_AGAIN), tells how it went.
     0: connected; E2B_MCP_ERR_AGAIN: in progress (wait for writable, call
     again); E2B_MCP_ERR_CONNECT: refused or unreachable (s->h is closed, < 0). */
  int  (*connect)(void *user, e2b_mcp_sock *s, const e2b_mcp_addr *addr, unsigned port);
  /* Takes up to n bytes: the count taken (> 0), E2B_MCP_ERR_AGAIN (none fit
     now), E2B_MCP_ERR_CLOSED (the peer is gone) or E2B_MCP_ERR_RESET. */
  int  (*send)(void *user, e2b_mcp_sock *s, const unsigned char *p, size_t n);
  /* Reads up to n bytes: the count (> 0), 0 (the peer ended the stream),
     E2B_MCP_ERR_AGAIN (nothing yet) or E2B_MCP_ERR_RESET. */
  int  (*recv)(void *user, e2b_mcp_sock *s, unsigned char *p, size_t n);
  /* Closes s (any s->h; < 0 is a no-op) and sets s->h = -1. */
  void (*close)(void *user, e2b_mcp_sock *s);
  /* Server side, for the Streamable HTTP transport only (NULL without it).
     listen: binds host (numeric, or "localhost") and port (0: any free one,
     told in *bound), non-blocking: 0 or E2B_MCP_ERR_LISTEN. accept: takes
     one waiting connection into c (non-blocking): 1, or 0 when none waits.
     shutdown (may be NULL): ends our side of the stream, so the peer reads
     what was sent, then its end. unsent (may be NULL: never): 1 while bytes
     sent on s have not yet reached the peer. */
  int  (*listen)(void *user, e2b_mcp_sock *s, const char *host, unsigned port, unsigned *bound);
  int  (*accept)(void *user, e2b_mcp_sock *l, e2b_mcp_sock *c);
  void (*shutdown)(void *user, e2b_mcp_sock *s);
  int  (*unsent)(void *user, e2b_mcp_sock *s);
  /* Waits until at least one of p[0..n) is ready for what it wants, at most
     timeout_ms (0: only looks). Entries whose sock is NULL or closed, or whose
     want is 0, are skipped. Sets each p[i].ready (to the E2B_MCP_WANT_* bits
     that hold; a hang-up or an error counts as readable). Returns how many
     are ready; 0 when the time ran out or a signal came.
     The array is the whole set to watch, each socket at most once: a socket
     it no longer names is no longer watched. The library's loops pass nearly
     the same set from one wait to the next, so a port may keep it registered
     between waits (the POSIX port's epoll does: a wait then costs the sockets
     that changed and those that are ready, not a scan of every one open);
     such a port forgets a socket at its close, whose handle may come back as
     another socket's. A wait on one socket (a blocking helper's) may leave
     the registered set as it is. */
  int  (*wait)(void *user, e2b_mcp_poll *p, int n, int timeout_ms);
  /* A monotonic clock in milliseconds (it may wrap); NULL or always 0: no clock
     (then no timeouts and no 429 cool-downs). */
  unsigned long (*now_ms)(void *user);
  /* n unpredictable bytes: 0, or -1 when there are none to give (the HTTP
     transport then opens no sessions). May be NULL without HTTP. */
  int  (*random)(void *user, unsigned char *p, size_t n);
} e2b_mcp_sock_port;

/* What a TLS port may use of the library besides the socket port: a file
   read in chunks (trust anchors; E2B_MCP_TLS_NO_FILE, or no file system:
   always -1), so that no port needs a whole-file buffer. 0, or -1 when the
   file cannot be read or push refused a chunk (push returns nonzero). */
#if !defined(E2B_MCP_TLS_NONE)
E2B_MCP_DEF int e2b_mcp_file_stream(const char *path, int (*push)(void *ctx, const unsigned char *p, size_t n), void *ctx);
#endif

/* THE TLS PORT CONTRACT. A TLS port defines the types e2b_mcp_tls (one
   connection's state, with an int `want`) and e2b_mcp_tls_trust (the trust
   anchors, and the session every connection to the same host resumes), both
   kept inside the caller's e2b_mcp_server, and the functions below. None
   waits: each moves what the socket takes or gives now, through the socket
   port's send and recv (s->port); after E2B_MCP_ERR_AGAIN, t->want says what
   the socket must become (E2B_MCP_WANT_READ or _WRITE) before the same call
   is made again with the same arguments. The library reaches them only
   through its TLS stream (>>stream), the layer under the E2B exchange.
     e2b_mcp_tls_trust_init(tr, ca_file)
                              loads the anchors (ca_file; NULL: the built-in or
                              the system's): their count, or E2B_MCP_ERR_TLS_TRUST
     e2b_mcp_tls_start(t, tr, host)
                              readies t for a new connection to host (SNI, and
                              the name the certificate must carry), offering
                              tr's session when it is host's; no I/O: 0 or an error
     e2b_mcp_tls_handshake(t, tr, s)
                              0 once the handshake is done and the chain, the
                              name and the dates are verified (the session goes
                              to tr); E2B_MCP_ERR_AGAIN; or an error
                              (E2B_MCP_ERR_TLS_*; host's session is then dropped).
                              No application byte may go out before it returns 0.
     e2b_mcp_tls_send(t, s, p, n)
                              takes up to n bytes: the count (> 0),
                              E2B_MCP_ERR_AGAIN, or an error; what it took may
                              wait in t until flush
     e2b_mcp_tls_flush(t, s)  0 once every byte taken is on the wire,
                              E2B_MCP_ERR_AGAIN, or an error
     e2b_mcp_tls_recv(t, s, p, n)
                              the count (> 0); 0 at the peer's close_notify;
                              E2B_MCP_ERR_CLOSED when the stream ended without
                              it (maybe cut); E2B_MCP_ERR_AGAIN; or an error
     e2b_mcp_tls_close(t, s)  sends close_notify if the socket takes it now;
                              the socket stays the caller's to close
   With E2B_MCP_AUTH (access tokens, >>auth), two signature verifiers, pure
   computation on public data (no socket, no state):
     e2b_mcp_tls_rsa_verify(n, nlen, e, elen, hash, sig, slen)
                              0 when sig (slen == nlen bytes) is an RSASSA-PKCS1-v1_5
                              signature of the SHA-256 digest hash[32] under the
                              RSA key n, e (big-endian, no leading zeros); else -1
     e2b_mcp_tls_p256_verify(q, hash, sig)
                              0 when sig[64] (r | s, 32 bytes each: a JWS ES256
                              signature) is an ECDSA P-256 signature of hash[32]
                              under the point q[65] (0x04 | x | y); else -1
   A custom port that has them defines E2B_MCP_TLS_VERIFY; without them
   E2B_MCP_AUTH is off by default, and forced on it refuses every token
   (E2B_MCP_ERR_NO_VERIFIER at e2b_mcp_http_listen).
   With E2B_MCP_KEYSTORE (the key store, >>keys), AES-256-GCM:
     e2b_mcp_tls_aes_gcm(enc, key, iv, aad, aadn, p, n, tag)
                              enc 1: encrypts p[0..n) in place under key[32] and
                              iv[12], authenticating aad[0..aadn) too, and writes
                              tag[16]; enc 0: decrypts in place and checks tag.
                              0, or -1 (a wrong tag: p then holds garbage, which
                              the caller wipes)
   A custom port that has it defines E2B_MCP_TLS_GCM.
   A port may use the public part of this header (the socket port, the
   E2B_MCP_ERR_* codes, the E2B_MCP_* sizes) and e2b_mcp_file_stream, nothing
   private.

   Which port: E2B_MCP_TLS_BEARSSL (ports/e2b_mcp_tls_bearssl.h) or
   E2B_MCP_TLS_MBEDTLS (ports/e2b_mcp_tls_mbedtls.h), each included here once:
   its types for every file, its functions (static) in the implementation
   file; E2B_MCP_TLS_NONE (http:// only: no TLS stream, https:// is refused
   with E2B_MCP_ERR_NO_TLS); or E2B_MCP_TLS_CUSTOM, one's own: the program defines
   the two types before it includes e2b_mcp.h (in every file, the same), and
   the seven functions, with these names and external linkage, in a file of
   its own (declared here, with C linkage). */
#if defined(E2B_MCP_TLS_CUSTOM)
int  e2b_mcp_tls_trust_init(e2b_mcp_tls_trust *tr, const char *ca_file);
int  e2b_mcp_tls_start(e2b_mcp_tls *t, e2b_mcp_tls_trust *tr, const char *host);
int  e2b_mcp_tls_handshake(e2b_mcp_tls *t, e2b_mcp_tls_trust *tr, e2b_mcp_sock *s);
int  e2b_mcp_tls_send(e2b_mcp_tls *t, e2b_mcp_sock *s, const unsigned char *p, size_t n);
int  e2b_mcp_tls_flush(e2b_mcp_tls *t, e2b_mcp_sock *s);
int  e2b_mcp_tls_recv(e2b_mcp_tls *t, e2b_mcp_sock *s, unsigned char *p, size_t n);
void e2b_mcp_tls_close(e2b_mcp_tls *t, e2b_mcp_sock *s);
#  if E2B_MCP_AUTH && defined(E2B_MCP_TLS_VERIFY)
int  e2b_mcp_tls_rsa_verify(const unsigned char *n, size_t nlen, const unsigned char *e, size_t elen,
                            const unsigned char hash[32], const unsigned char *sig, size_t slen);
int  e2b_mcp_tls_p256_verify(const unsigned char q[65], const unsigned char hash[32], const unsigned char sig[64]);
#  endif
#  if E2B_MCP_KEYSTORE
int  e2b_mcp_tls_aes_gcm(int enc, const unsigned char key[32], const unsigned char iv[12], const unsigned char *aad, size_t aadn,
                         unsigned char *p, size_t n, unsigned char tag[16]);
#  endif
#endif

#ifdef __cplusplus
}
#endif
#if defined(E2B_MCP_TLS_BEARSSL)
#  include "ports/e2b_mcp_tls_bearssl.h"
#elif defined(E2B_MCP_TLS_MBEDTLS)
#  include "ports/e2b_mcp_tls_mbedtls.h"
#elif defined(E2B_MCP_TLS_NONE)
typedef struct e2b_mcp_tls { int want; } e2b_mcp_tls;
typedef struct e2b_mcp_tls_trust { int unused; } e2b_mcp_tls_trust;
#endif
#ifdef __cplusplus
extern "C" {
#endif
/* >>stream: the byte stream under the E2B exchange ---------------------------
   A connection to E2B is a socket (the socket port) and, for https, a TLS
   layer over it (the TLS port). The E2B client reaches both only through a
   stream, one vtable with two implementations, the way lwIP's altcp puts TLS
   under a TCP API: the plain stream hands bytes to the socket, the TLS stream
   to the TLS port (BearSSL, mbedTLS, or one's own with E2B_MCP_TLS_CUSTOM).
   Every member moves what the socket takes or gives now and never waits;
   after E2B_MCP_ERR_AGAIN, want says what the socket must become. */
struct e2b_mcp_conn;
typedef struct e2b_mcp__stream {
  /* after the TCP connect: readies the layer for host, no I/O: 0 or an error */
  int  (*start)(struct e2b_mcp_conn *c, e2b_mcp_tls_trust *tr, const char *host);
  /* 0 once the layer is up (TLS: the handshake done, the peer verified),
     E2B_MCP_ERR_AGAIN, or an error */
  int  (*handshake)(struct e2b_mcp_conn *c, e2b_mcp_tls_trust *tr);
  /* takes up to n bytes: the count (> 0), E2B_MCP_ERR_AGAIN, or an error */
  int  (*send)(struct e2b_mcp_conn *c, const unsigned char *p, size_t n);
  /* 0 once everything taken is on the wire, E2B_MCP_ERR_AGAIN, or an error */
  int  (*flush)(struct e2b_mcp_conn *c);
  /* the count (> 0); 0 at the peer's clean end of the stream;
     E2B_MCP_ERR_AGAIN; or an error (TLS: E2B_MCP_ERR_CLOSED for a cut stream) */
  int  (*recv)(struct e2b_mcp_conn *c, unsigned char *p, size_t n);
  /* ends the layer (TLS: close_notify, if the socket takes it now) */
  void (*close)(struct e2b_mcp_conn *c);
  /* after E2B_MCP_ERR_AGAIN: E2B_MCP_WANT_READ or _WRITE; plain is what
     the socket waits for when the layer has no say of its own */
  int  (*want)(const struct e2b_mcp_conn *c, int plain);
} e2b_mcp__stream;

/* One keep-alive connection to E2B: a socket, the stream over it, its TLS
   state (used by the TLS stream only). */
typedef struct e2b_mcp_conn {
  e2b_mcp_sock sock;
  const e2b_mcp__stream *st;  /* plain or TLS, set when the socket is opened */
  int open, https;
  unsigned port;
  char host[E2B_MCP_HOST_MAX];
  e2b_mcp_tls tls;
#ifdef E2B_MCP__TLS_LEND_ROOM
  /* memory the TLS port may use until the handshake ends (E2B_MCP_TLS_LEND):
     the tail of the answer buffer of the call that opens the connection */
  void *lend;
  size_t lend_n;
#endif
  unsigned long requests, connects;   /* counters, for tests and benchmarks */
} e2b_mcp_conn;

/* >>redis: a small RESP client, for what replicas share -------------------------
   What several replicas of one server must agree on lives in Redis (7.x, or
   anything that speaks RESP2): the record of consent answers used once
   (SET key 1 NX PX ttl) and the per-user limits (one script). The client
   speaks RESP over the header's own socket port, and over its TLS port for
   rediss:// (a managed Redis), through the same stream as E2B's calls. It is
   synchronous, one command at a time, each bounded by a timeout: Redis
   answers in well under a millisecond on a local network, and an answer the
   server waits for (is this consent unused?) decides what it does next. When
   Redis cannot be reached, every command fails at once for a short while
   (no retry storm) and the caller refuses what needs it. Nothing is
   allocated; the password never reaches a message. */
#if E2B_MCP_REDIS
#define E2B_MCP__RD_IN 512   /* the longest reply kept: an integer, OK, an error line */
typedef struct e2b_mcp_redis {
  e2b_mcp_conn conn;
  const e2b_mcp_sock_port *net;
  e2b_mcp_tls_trust *trust;   /* for rediss:// (NULL: refused) */
  e2b_mcp_addr addr;          /* resolved once per connection */
  int tls, db;
  unsigned port;
  char host[E2B_MCP_HOST_MAX];
  char user[64], pass[128];   /* AUTH [user] pass when pass is set */
  int timeout_ms;             /* each command's, connecting included (default 500) */
  unsigned long retry_at;     /* after a failure, commands fail at once until then */
  int up;                     /* the last command was answered */
  char why[128];              /* why the last one failed, in words (no secret) */
  size_t in_len;
  char in[E2B_MCP__RD_IN];
} e2b_mcp_redis;

/* A reply: its type (+ - : $ or 0 for a nil bulk), the integer of ':', the
   text of + - $ (in r->in, valid until the next command). */
typedef struct e2b_mcp_redis_reply {
  char type;
  long long num;
  const char *str;
  size_t len;
} e2b_mcp_redis_reply;

/* Parses url (redis://[[user]:password@]host[:port][/db], rediss:// for TLS;
   the password may be percent-encoded) into r; net NULL: the default port.
   0, or E2B_MCP_ERR_URL (with r->why). Connects only at the first command. */
E2B_MCP_DEF int  e2b_mcp_redis_init(e2b_mcp_redis *r, const char *url, const e2b_mcp_sock_port *net, e2b_mcp_tls_trust *trust);
/* One command: argv[0..argc) (lens NULL: strlen) sent, one reply read.
   0 (a reply of any type, an error reply too), or a negative E2B_MCP_ERR_*
   with r->why (and the connection closed). The reply (out->str) lives in r
   until the next command, which writes over it: copy what must outlive it,
   and never pass it back as an argument. */
E2B_MCP_DEF int  e2b_mcp_redis_command(e2b_mcp_redis *r, int argc, const char *const *argv, const size_t *lens, e2b_mcp_redis_reply *out);
/* SET key 1 NX PX ttl_ms: 1 set now, 0 it was there, -1 Redis could not say. */
E2B_MCP_DEF int  e2b_mcp_redis_set_once(e2b_mcp_redis *r, const char *key, unsigned long ttl_ms);
/* PING: 0 answered, -1 not (r->why). */
E2B_MCP_DEF int  e2b_mcp_redis_ping(e2b_mcp_redis *r);
E2B_MCP_DEF void e2b_mcp_redis_close(e2b_mcp_redis *r);
#endif
/* >>e2b client: the HTTP/1.1 exchange with E2B's API -----------------------
   A base URL, a request as a tool's build phase writes it, the exchange
   that sends it and reads the response (sans I/O: it pumps the caller's
   buffers), and the client that drives an exchange over a keep-alive
   connection (>>stream). */

/* A parsed base URL. */
typedef struct e2b_mcp_url {
  int https;
  unsigned port;
  char host[E2B_MCP_HOST_MAX];
  char prefix[E2B_MCP_PREFIX_MAX];
  e2b_mcp_addr addr;          /* host, resolved (family 0: not yet, or to be asked again) */
  unsigned long addr_ms;      /* when it was */
} e2b_mcp_url;

/* What an exchange read: its result. body points into the response buffer the
   exchange was given. */
typedef struct e2b_mcp_response {
  int status;                 /* HTTP status, or 0 when err != 0 */
  int err;                    /* E2B_MCP_ERR_* */
  const char *body;
  size_t body_len;
  long retry_after;           /* seconds, -1 when absent */
  long total_running;         /* X-Total-Running, -1 when absent */
  char next_token[E2B_MCP_NEXT_MAX];  /* X-Next-Token, "" when absent */
} e2b_mcp_response;

/* One E2B request (>>e2b client): written by a tool's build phase into its
   call slot's buffers, sent by the client, read again by the shape phase
   (what it kept for the response). */
typedef struct e2b_mcp__req {
  e2b_mcp_json w;       /* "METHOD prefix/path?query" in buf; the client adds the head */
  e2b_mcp_json body;    /* a JSON body (e2b_mcp__req_body) in body_buf, or none: body.buf is NULL */
  char *buf, *body_buf; /* the slot's request and response buffers (the body goes out before the response comes) */
  size_t cap, body_cap;
  const e2b_mcp_url *base;
  int has_query;
  int idempotent;       /* may be sent again after a stale connection */
  const char *ask;      /* the consent question of a call that bills or destroys (e2b_mcp__ask), or NULL */
#if E2B_MCP_WITH_2026
  const char *trace;    /* the W3C traceparent the call came with (SEP-414), sent on as a header; NULL: none */
#endif
  /* kept for the shape phase: the sandbox ID, a number (a timeout, a limit), a flag */
  char id[E2B_MCP_ID_MAX];
  long long num;
  int flag;
#if E2B_MCP__CHAIN
  /* a tool that makes more than one request: its shape phase writes the next
     request into rq and sets again; the engine sends it, and the shape phase
     sees its answer with step one higher. What it keeps between them: kept */
  int again, step;
  char kept[4][48];
#endif
} e2b_mcp__req;
typedef e2b_mcp__req e2b_mcp_request;   /* its public name: a two-phase tool's build writes one */

/* The exchange's reading of a response: its head, and a chunked body's decoder. */
typedef struct e2b_mcp__head {
  long long length;           /* Content-Length; -1: none */
  int status;
  unsigned char chunked, close;
} e2b_mcp__head;
typedef struct e2b_mcp__chunked {
  size_t left;                /* chunk data still to come */
  unsigned char state, digits, line_empty;
} e2b_mcp__chunked;

/* One HTTP/1.1 request and its response, sans I/O (BearSSL's engine is the
   model): the exchange owns no socket and never waits. The caller gives it
   its buffers (e2b_mcp__exchange_init: the request's head and body, the
   response's buffer of in_cap bytes and one more for a NUL) and pumps it:
     e2b_mcp__exchange_start(x, now, ms)   on a fresh or reused connection:
                                           from the first byte, the response
                                           is due within ms
     n = e2b_mcp__exchange_out(x, &p)      what to send next (0: all sent)
     e2b_mcp__exchange_sent(x, n)          n of them went out
     n = e2b_mcp__exchange_in(x, &p)       where the response's next bytes go
                                           (0: none are taken: it is done)
     e2b_mcp__exchange_received(x, n)      n bytes came: 1 the response is
                                           whole, 0 more to come, < 0 failed
     e2b_mcp__exchange_closed(x)           the peer ended the stream (the end
                                           of a close-delimited body), same
     e2b_mcp__exchange_expired(x, now)     whether the response is late
     e2b_mcp__exchange_keep(x)             whether the connection can carry
                                           the next request
   Framing: Content-Length, chunked (decoded in place), close-delimited, 204
   and 304, interim 1xx heads skipped. The response is bounded by in_cap (an
   error, never an overflow). x->r is the result once state is DONE. */
enum { E2B_MCP__X_SEND, E2B_MCP__X_READ, E2B_MCP__X_DONE };
typedef struct e2b_mcp__exchange {
  const char *head, *body;    /* the request: its head, then its body (none: NULL) */
  size_t head_len, body_len;
  char *in;                   /* the response's buffer: in_cap bytes and one for a NUL */
  size_t in_cap;
  unsigned long until;        /* the whole response is due by then (ms; 0: no clock) */
  e2b_mcp_response r;         /* the result */
  e2b_mcp__head h;
  e2b_mcp__chunked ch;
  size_t sent, have, hlen, got_body;   /* bytes of the piece sent; response bytes in; head scanned; body decoded */
  unsigned char state;        /* E2B_MCP__X_* */
  unsigned char piece;        /* 0: the head goes out, 1: the body */
  unsigned char mode;         /* how the response is read (E2B_MCP__RD_*) */
  unsigned char got;          /* a byte of the response came */
  unsigned char idempotent;   /* the request may be sent again after a stale connection */
} e2b_mcp__exchange;

/* What a client needs of its server to reach E2B: given by the caller at
   each step (the engine: its URL, socket port, trust anchors, timeouts). */
typedef struct e2b_mcp__dial {
  e2b_mcp_url *url;                 /* where (its resolved address is kept there) */
  const e2b_mcp_sock_port *net;
  e2b_mcp_tls_trust *trust;         /* NULL: no anchors loaded (https refused) */
  unsigned long connect_ms, read_ms, dns_ttl_ms;
} e2b_mcp__dial;

/* One request to E2B in flight: the exchange, and how far its connection
   (kept by the caller, from request to request) is. */
typedef struct e2b_mcp__client {
  e2b_mcp__exchange x;
  unsigned long until;        /* what the step waits for is due by then (connect, response) */
  unsigned char io;           /* E2B_MCP__IO_* */
  unsigned char want;         /* when the step returned waiting: what the socket must become */
  unsigned char attempt;      /* 1: a stale connection was reopened already */
  unsigned char reused;       /* the request went out on a kept connection */
  unsigned char trusted;      /* the caller's last wait watched the kept connection idle and found nothing
                                 on it (no close, no stray bytes): reused without asking the socket again */
} e2b_mcp__client;


/* A document fetched from somewhere other than E2B (an OAuth issuer's
   metadata and its JWKS, >>auth): GET url's origin + path, with no key and
   no body, over the same client, trust anchors and timeouts as E2B's calls.
   The engine runs it in a call slot (e2b_mcp__fetch_start): the socket waits
   in the transport's one wait like a call's, and done is called from the
   step that read the response (r->body NUL-terminated, in the slot's
   buffer, valid only during the call) or saw the exchange fail (r->err). done
   returns 1 when it pointed f at the next document to fetch (the same slot
   sends it), 0 when f is done. busy is 1 from the start to the end. */
#ifdef E2B_MCP__HTTP   /* its users: the keys of an HTTP server's access tokens, the readiness probe of E2B */
#define E2B_MCP__DOC 1
#if E2B_MCP_AUTH
#define E2B_MCP__FETCH 1   /* the issuer's keys are fetched (>>auth) */
#endif
#define E2B_MCP__FETCH_PATH 256
typedef struct e2b_mcp__fetch e2b_mcp__fetch;
struct e2b_mcp__fetch {
  e2b_mcp_url url;                  /* where (its prefix is not used: path is the whole path) */
  char path[E2B_MCP__FETCH_PATH];   /* "/..." with its query, if any */
  int (*done)(e2b_mcp__fetch *f, const e2b_mcp_response *r);
  int busy;
};
#endif
/* >>sealed state: what the server keeps of the tokens it sealed -------------
   A requestState token is good once: the nonce of each one that came back is
   kept, with the token's expiry, until then (E2B_MCP_STATE_SPENT of them). */
typedef struct e2b_mcp__spent {
  unsigned char nonce[8];
  unsigned long long exp_s;   /* 0: a free entry */
} e2b_mcp__spent;
/* >>keys: the key store -----------------------------------------------------------
   Which E2B team key a caller's calls use, when an access token says who the
   caller is (>>auth): a table from a subject (the token's sub, or the value of
   a claim you choose, e.g. a group or team) to a key, kept in a file encrypted
   at rest with AES-256-GCM through the TLS port (e2b_mcp_tls_aes_gcm, >>ports).
   The file is
     "E2BKEYS2" | check (8) | nonce (12 bytes, random at each write) | ciphertext | tag (16)
   with the magic and the check as associated data; the check (HMAC-SHA256
   of the file key over a label of its own) tells a wrong master secret
   (E2B_MCP_KS_MASTER) from a file altered or cut short (E2B_MCP_KS_ALTERED).
   A file of the first version ("E2BKEYS1" | nonce | ciphertext | tag, the
   magic as associated data) is still read; the plaintext is one
   "subject<TAB>key<LF>" line per entry. The file's key is HMAC-SHA256 of a
   master secret (at least 32 characters, from the environment or a file: the
   binary's E2B_MCP_KEYSTORE_MASTER[_FILE]) over a fixed label. A file altered
   anywhere, or opened with another master secret, is refused as a whole.
   The library holds the format, no file I/O: the caller reads the file into
   a buffer of its own (decrypted there in place, then wiped), entries go into
   the fixed slots of an e2b_mcp_keystore (E2B_MCP_KEYSTORE_ENTRIES, each a
   subject of E2B_MCP_SUBJECT_MAX and a key of E2B_MCP_KEY_MAX bytes), and a
   store is written back into a buffer the caller then writes out.
   Compiled in with E2B_MCP_KEYSTORE (>>config). */
#if E2B_MCP_KEYSTORE
typedef struct e2b_mcp_keystore_entry {
  char subject[E2B_MCP_SUBJECT_MAX];
  char key[E2B_MCP_KEY_MAX];
} e2b_mcp_keystore_entry;
typedef struct e2b_mcp_keystore {
  int n;                      /* entries in e[0..n) */
  e2b_mcp_keystore_entry e[E2B_MCP_KEYSTORE_ENTRIES];
} e2b_mcp_keystore;

#define E2B_MCP_KEYSTORE_OVERHEAD (8 + 8 + 12 + 16)   /* magic, check, nonce, tag */
/* The largest file a full store makes: a buffer this large reads any. */
#define E2B_MCP_KEYSTORE_FILE_MAX (E2B_MCP_KEYSTORE_OVERHEAD + (size_t)E2B_MCP_KEYSTORE_ENTRIES * (E2B_MCP_SUBJECT_MAX + E2B_MCP_KEY_MAX))

#define E2B_MCP__KS_ERRORS(X) \
  X(OK,      0, "ok") \
  X(FORMAT, -1, "not a key store file (it does not start with E2BKEYS2 or E2BKEYS1, or is too short to be one)") \
  X(MASTER, -2, "the key store cannot be opened with this master secret (it was sealed with another)") \
  X(FULL,   -3, "the key store has more entries than this build holds (E2B_MCP_KEYSTORE_ENTRIES)") \
  X(ENTRY,  -4, "a subject or key is empty, too long, or has a character it may not (a tab, a line break, a control character; a key: a space)") \
  X(ROOM,   -5, "the buffer is too small for the key store") \
  X(SECRET, -6, "the master secret is shorter than 32 characters (make one with: openssl rand -hex 32)") \
  X(ALTERED, -7, "the key store file was altered or cut short (the master secret is the right one): restore it from a copy")
enum e2b_mcp_keystore_err {
#define E2B_MCP__KS_ENUM(name, code, text) E2B_MCP_KS_##name = code,
  E2B_MCP__KS_ERRORS(E2B_MCP__KS_ENUM)
#undef E2B_MCP__KS_ENUM
  E2B_MCP_KS__LAST = -8
};

/* The file key from the master secret secret[0..n): 0, or E2B_MCP_KS_SECRET. */
E2B_MCP_DEF int  e2b_mcp_keystore_master(unsigned char mk[32], const char *secret, size_t n);
/* Opens the store file file[0..n) (decrypted in place, then wiped) into ks:
   0, or an E2B_MCP_KS_* error (ks is then empty). */
E2B_MCP_DEF int  e2b_mcp_keystore_open(e2b_mcp_keystore *ks, const unsigned char mk[32], unsigned char *file, size_t n);
/* Writes ks as a store file into out[0..cap), under nonce[12] (random, never
   used before with this master secret): its length, or an E2B_MCP_KS_* error. */
E2B_MCP_DEF long e2b_mcp_keystore_seal(const e2b_mcp_keystore *ks, const unsigned char mk[32], const unsigned char nonce[12],
                                       unsigned char *out, size_t cap);
/* Sets subject's key (1: replaced, 0: added) or removes it (0, or -1 when it
   had none); E2B_MCP_KS_ENTRY or E2B_MCP_KS_FULL when it cannot. */
E2B_MCP_DEF int  e2b_mcp_keystore_set(e2b_mcp_keystore *ks, const char *subject, const char *key);
E2B_MCP_DEF int  e2b_mcp_keystore_remove(e2b_mcp_keystore *ks, const char *subject);
/* The key of subject[0..n), or NULL. */
E2B_MCP_DEF const char *e2b_mcp_keystore_find(const e2b_mcp_keystore *ks, const char *subject, size_t n);
/* A short fingerprint of a key to show instead of it: 8 hex digits of its SHA-256. */
E2B_MCP_DEF void e2b_mcp_keystore_fingerprint(const char *key, char out[9]);
E2B_MCP_DEF const char *e2b_mcp_keystore_strerror(int err);
#endif
/* >>auth: OAuth 2.1 access tokens ----------------------------------------------
   What a protected resource (MCP authorization, RFC 9728) checks of a bearer
   token, locally and without the heap: a JWT access token (RFC 9068) signed
   by the configured issuer with RS256 or ES256, one of the keys of its JWKS
   (RFC 7517), for this resource (aud, RFC 8707), within its lifetime (exp,
   nbf, with E2B_MCP_AUTH_SKEW_S of clock skew), and the scopes it grants.
   The signature is checked by the TLS port's crypto (e2b_mcp_tls_rsa_verify,
   e2b_mcp_tls_p256_verify: >>ports), the SHA-256 of the signing input by the
   header's own. A key's algorithm is fixed by its type (RSA: RS256; EC P-256:
   ES256), whatever the token's header asks: `none`, HMAC (a token "signed"
   with the public key as an HMAC secret) and any other algorithm are refused.
   Compiled in with E2B_MCP_AUTH (>>config). */
#if E2B_MCP_AUTH
enum { E2B_MCP_AUTH_RSA = 1, E2B_MCP_AUTH_EC_P256 = 2 };

/* One verification key from the JWKS: its type (0: free slot), kid, and the
   public key (RSA: n in k[0..klen), e in e[0..elen); P-256: 0x04 | x | y in
   k[0..65)). */
typedef struct e2b_mcp_auth_key {
  int kty;
  char kid[E2B_MCP_ID_MAX + 1];
  size_t klen, elen;
  unsigned char k[E2B_MCP_AUTH_RSA_MAX];
  unsigned char e[8];
} e2b_mcp_auth_key;

/* What is checked: the issuer (iss, exactly), the resource (this server's
   canonical URL, one of aud), the keys. Fill with e2b_mcp_auth_init and
   e2b_mcp_auth_jwks; the strings stay the caller's. */
typedef struct e2b_mcp_auth {
  const char *issuer;
  const char *resource;         /* also where RFC 9728 metadata is found: its origin +
                                   /.well-known/oauth-protected-resource + its path */
  const char *servers;          /* the authorization servers the metadata names,
                                   space-separated (NULL: the issuer) */
  const char *scope_names[3];   /* the scopes of the read, write and kill tools
                                   (NULL: e2b:read, e2b:write, e2b:kill) */
  int skew_s;                   /* 0: E2B_MCP_AUTH_SKEW_S */
  int typ_jwt;                  /* 0 (the default): the token's typ must be at+jwt (or
                                   application/at+jwt), as RFC 9068 section 4 asks; 1: typ JWT,
                                   or none, is taken too (Keycloak and others that still write
                                   JWT; an ID token is then still refused by its aud) */
  int nkeys;
  e2b_mcp_auth_key keys[E2B_MCP_AUTH_KEYS];
#ifdef E2B_MCP__FETCH
  /* The issuer's own keys, over HTTP (set discover before e2b_mcp_http_listen):
     its metadata (RFC 8414 /.well-known/oauth-authorization-server, else
     OpenID discovery /.well-known/openid-configuration), whose issuer must be
     exactly ours, names its jwks_uri; that JWKS replaces the keys. Fetched
     with the E2B client over verified TLS (https only), in a call slot: at
     start (e2b_mcp_http_auth_keys, which waits), then again when a token
     names a kid no key has, at most once per E2B_MCP_AUTH_REFRESH_MS; a
     fetch that fails keeps the keys there were. */
  int discover;
  int http_loopback;            /* tests only: an http:// issuer and jwks_uri on a loopback address */
  int loads;                    /* JWKS documents loaded so far */
  char why[256];                /* why the last fetch failed ("" when it did not), in words: no secret */
  e2b_mcp__fetch fetch;         /* the fetch in flight (fetch.busy) */
  int phase;                    /* the document it fetches (E2B_MCP__AUTH_AT_*) */
  int refreshed;                /* a kid's refresh happened, at refresh_ms */
  unsigned long refresh_ms;
#endif
} e2b_mcp_auth;

/* What a valid token says: its subject and its scope claim (space-separated),
   and when it expires. Never logged: the subject is an identity, not a secret,
   but the token itself is never copied anywhere. */
typedef struct e2b_mcp_auth_claims {
  char sub[E2B_MCP_AUTH_SCOPE_MAX];
  char scope[E2B_MCP_AUTH_SCOPE_MAX];
  long long exp;
  char twice[32];               /* refused E2B_MCP_AUTH_DUPLICATE: the name given twice, when it is
                                   a plain word (letters, digits, _ . : -), else "" */
} e2b_mcp_auth_claims;

/* Why a token was refused (e2b_mcp_auth_verify); e2b_mcp_auth_strerror says it
   in words fit for a WWW-Authenticate error_description (no part of the token). */
#define E2B_MCP__AUTH_ERRORS(X) \
  X(OK,         0,  "valid") \
  X(MALFORMED, -1,  "the token is not a JWT (three base64url parts, JSON objects)") \
  X(TOO_LARGE, -2,  "the token, its header or a claim is too large") \
  X(ALG,       -3,  "the token's algorithm is not the one its key allows (RS256 or ES256)") \
  X(KID,       -4,  "the token's key is not one of the issuer's keys") \
  X(SIGNATURE, -5,  "the token's signature is not valid") \
  X(EXPIRED,   -6,  "the token has expired") \
  X(EARLY,     -7,  "the token is not valid yet") \
  X(ISSUER,    -8,  "the token is from another issuer") \
  X(AUDIENCE,  -9,  "the token is for another resource") \
  X(TYPE,      -10, "the token is not an access token (typ)") \
  X(CLAIMS,    -11, "the token lacks a claim every access token has (exp, iss, aud)") \
  X(NO_KEYS,   -12, "no verification key is loaded (the issuer's JWKS)") \
  X(NO_VERIFIER, -13, "this build has no signature verifier (a TLS port with RSA and ECDSA)") \
  X(DUPLICATE, -14, "the token names a member twice (RFC 7519 section 4)")
enum e2b_mcp_auth_err {
#define E2B_MCP__AUTH_ENUM(name, code, text) E2B_MCP_AUTH_##name = code,
  E2B_MCP__AUTH_ERRORS(E2B_MCP__AUTH_ENUM)
#undef E2B_MCP__AUTH_ENUM
  E2B_MCP_AUTH__LAST = -15
};

/* issuer and resource must stay valid while a is used. */
E2B_MCP_DEF void e2b_mcp_auth_init(e2b_mcp_auth *a, const char *issuer, const char *resource);
/* Replaces a's keys with those of the JWKS document json[0..n): RSA keys of
   2048 to E2B_MCP_AUTH_RSA_MAX*8 bits and EC P-256 keys, for signing (use
   "sig" or absent), whose alg, when given, is RS256 or ES256; others are
   skipped. Returns how many were loaded (0: none usable), or
   E2B_MCP_AUTH_MALFORMED when json is not a JWKS. */
E2B_MCP_DEF int e2b_mcp_auth_jwks(e2b_mcp_auth *a, const char *json, size_t n);
/* Verifies the access token tok[0..n) at wall-clock time now_s (Unix
   seconds): E2B_MCP_AUTH_OK with *c filled (c may be NULL), or why not
   (enum e2b_mcp_auth_err). The token's signature is checked before any claim
   is believed. */
E2B_MCP_DEF int e2b_mcp_auth_verify(const e2b_mcp_auth *a, const char *tok, size_t n, long long now_s, e2b_mcp_auth_claims *c);
/* The string claim name (NULL: sub) of the token tok[0..n), or with an
   array claim (a list of groups, say) its i-th string: unescaped into
   out[0..cap) with a NUL, its length; -1 when there is none (or i > 0 of a
   string claim, or it does not fit). It reads the payload only: for a token
   e2b_mcp_auth_verify has taken. */
E2B_MCP_DEF int e2b_mcp_auth_claim(const char *tok, size_t n, const char *name, int i, char *out, size_t cap);
/* 1 when the claims' scope list grants scope (a whole space-separated word). */
E2B_MCP_DEF int e2b_mcp_auth_has_scope(const e2b_mcp_auth_claims *c, const char *scope);
E2B_MCP_DEF const char *e2b_mcp_auth_strerror(int err);
/* The scope of tool group g (0 read, 1 write, 2 kill): a->scope_names[g] or its default. */
E2B_MCP_DEF const char *e2b_mcp_auth_scope_name(const e2b_mcp_auth *a, int g);
#endif
/* >>principal: who a request is, decided once --------------------------------
   Every request has one principal, decided once, when its transport admits
   it, and carried from there by the message's context to every call it
   makes (e2b_mcp_origin.principal -> the core's context -> the call's slot).
   Whatever depends on who calls reads it there and nowhere else: the tools
   a caller may list and call (the core's one scope check, which writes the
   "forbidden" audit record), the E2B key its calls use, the audit record's
   who, the 2025 session it may use (sessions are bound to id), and limits
   kept per caller.

   Contract, for code built on it (per-principal limits, say):
   - kind says how it was decided (E2B_MCP_PRINCIPAL_*). id identifies it:
     two requests with the same id are the same principal, two with
     different ids are not, for the server's lifetime. It is a 64-bit hash
     (FNV-1a, salted by kind) of the token's subject, of the client's own
     E2B key, or of the kind alone for the static token; never the secret
     itself. id is 0 only for E2B_MCP_PRINCIPAL_NONE (nobody said who:
     stdio, in-process, loopback with no auth): treat such requests as one
     anonymous principal, or tell them apart by peer.
   - peer is a hash of the client's address (for IPv6 its /64), 0 when the
     transport cannot tell; behind a proxy it is the proxy's.
   - who (who_len bytes, not NUL-terminated) and api_key (api_key_len)
     point into the request's own buffer, which the transport keeps while
     the request lives (queued calls included); a call copies them into
     its slot. api_key NULL: the server's own key (cfg.api_key).
   - scopes: E2B_MCP_SCOPED | 1 << E2B_MCP_GROUP_* as its token grants them;
     0: every tool (no access token).
   - no_key: the key store has no key for who: each tool call is told so
     and nothing reaches E2B.
   - exp: when its access token expires (Unix seconds), 0 without one.
   A principal is plain data: copying it copies the decision. */
/* The tool groups, each the scope of an OAuth access token that may call it:
   read (spends nothing, changes nothing: annotated E2B_MCP_READ_ONLY), write
   (starts, bills or changes: every other tool, a custom one too), kill
   (e2b_kill_sandbox). A principal's scopes: E2B_MCP_SCOPED | 1 << group for
   each group its token grants. */
enum { E2B_MCP_GROUP_READ = 0, E2B_MCP_GROUP_WRITE = 1, E2B_MCP_GROUP_KILL = 2, E2B_MCP_SCOPED = 8 };
enum {
  E2B_MCP_PRINCIPAL_NONE = 0,        /* nobody said who (loopback-none, stdio, in-process) */
  E2B_MCP_PRINCIPAL_BEARER = 1,      /* the server's one static token (E2B_MCP_HTTP_TOKEN): all its holders are one */
  E2B_MCP_PRINCIPAL_OAUTH = 2,       /* an OAuth access token (>>auth): its subject */
  E2B_MCP_PRINCIPAL_CLIENT_KEY = 3   /* the client's own E2B key (X-E2B-API-Key): that key */
};
typedef struct e2b_mcp_principal {
  int kind;
  unsigned long long id;
  unsigned long long peer;
  int scopes;
  const char *who;
  size_t who_len;
  const char *api_key;
  size_t api_key_len;
  int no_key;
  long long exp;
} e2b_mcp_principal;

/* FNV-1a over a kind byte and p[0..n), never 0: how a principal (or a
   client) is told apart without keeping what told it. */
E2B_MCP_DEF unsigned long long e2b_mcp_principal_hash(char kind, const void *p, size_t n);

#ifdef E2B_MCP__HTTP
/* ---- admission: a verdict, and no I/O ----
   e2b_mcp_admit reads what the transport parsed of a request (in), with the
   transport's settings (cfg), and its state (st: verified tokens and
   failures per peer), and returns a verdict: admitted (0, *p filled) or
   refused, with what the answer says. It does no I/O: a token whose key id
   the keys do not have yet is E2B_MCP_ADMIT_KEYS, and the transport decides
   whether to fetch the keys and ask again. Kinds, in order: an OAuth access
   token (cfg->auth), else the static token (cfg->token), else nobody
   (loopback, or open access); then, with cfg->client_keys, the client's own
   E2B key.

   Forged tokens are absorbed before they cost a signature check: a token
   verified once is remembered (a hash of the whole token, until its exp,
   E2B_MCP_AUTH_CACHE of them), so its next requests cost a hash and no
   public-key operation; a peer whose tokens failed more than
   E2B_MCP_AUTH_FAIL_BURST times (refilled at E2B_MCP_AUTH_FAIL_PER_S a
   second; E2B_MCP_AUTH_PEERS peers are followed) is answered 429 with
   Retry-After before any crypto, until its budget refills, while a
   remembered token from the same peer still passes (behind a proxy every
   client is the proxy's address: a flood through it slows the others'
   new tokens, never the ones already verified). The static token's
   wrong guesses are counted the same way. */
enum { E2B_MCP_ADMIT_OK = 0, E2B_MCP_ADMIT_KEYS = -1 };
typedef struct e2b_mcp_admit_in {
  const char *authz;          /* the Authorization header's value (NULL: none) */
  size_t authz_n;
  char *authz_w;              /* the same bytes, writable: once the token is taken, who and the
                                 store's key are kept there (the token is needed no more) */
  const char *ekey;           /* X-E2B-API-Key's value (NULL: none) */
  size_t ekey_n;
  const char *query;          /* the target's query string, after '?' (NULL: none) */
  size_t query_n;
  unsigned long long peer;    /* a hash of the client's address (e2b_mcp_principal.peer); 0: unknown */
  long long now_s;            /* wall clock, Unix seconds */
  unsigned long now_ms;       /* monotonic ms (0: unknown) */
} e2b_mcp_admit_in;
typedef struct e2b_mcp_admit_cfg {
  const char *token;          /* the static bearer token (NULL or "": none) */
  int client_keys;            /* each client brings its own E2B key */
  struct e2b_mcp_auth *auth;  /* OAuth access tokens (NULL: off; >>auth) */
  const struct e2b_mcp_keystore *keystore;   /* with auth: each caller's key (NULL: off; >>keys) */
  const char *keystore_claim; /* the claim the store is asked by (NULL: sub) */
  int fail_burst, fail_per_s; /* refused tokens a peer may send in a row, and how many a second
                                 after that (0: E2B_MCP_AUTH_FAIL_BURST, E2B_MCP_AUTH_FAIL_PER_S) */
} e2b_mcp_admit_cfg;
/* What a client of the static token is told (it offers no OAuth sign-in). */
#define E2B_MCP__TOKEN_HELP "this server takes a static bearer token that its admin sets (E2B_MCP_HTTP_TOKEN) and gives you; it offers no OAuth sign-in"
typedef struct e2b_mcp_verdict {
  int status;                 /* 0 admitted; 400, 401, 429: refused; E2B_MCP_ADMIT_KEYS: the token's key
                                 id is not known (the rest says the 401 to send if no fetch is made) */
  int challenge;              /* the WWW-Authenticate line: 0 none, 1 OAuth's (auth's metadata, error,
                                 why), 2 the static token's (error when the request carried one) */
  const char *error;          /* the challenge's error code (NULL: none) */
  char why[128];              /* its error_description: no part of the token */
  const char *text;           /* the answer's JSON-RPC error message */
  int retry_after;            /* seconds (429), 0: none */
  int token;                  /* an access token's verification (E2B_MCP_AUTH_*: 0 valid, else why not),
                                 1 when none was verified (no token, the static one, throttled) */
} e2b_mcp_verdict;
typedef struct e2b_mcp__admit_seen { unsigned char h[16]; long long exp; } e2b_mcp__admit_seen;
typedef struct e2b_mcp__admit_peer { unsigned long long peer; unsigned long at_ms; long left_milli; } e2b_mcp__admit_peer;
typedef struct e2b_mcp_admission {   /* zeroed: empty */
  e2b_mcp__admit_seen seen[E2B_MCP_AUTH_CACHE > 0 ? E2B_MCP_AUTH_CACHE : 1];
  e2b_mcp__admit_peer peers[E2B_MCP_AUTH_PEERS];
  unsigned long hits, verified, throttled;   /* counters: cache hits, signatures checked, 429s */
} e2b_mcp_admission;
E2B_MCP_DEF void e2b_mcp_admit(e2b_mcp_admission *st, const e2b_mcp_admit_cfg *cfg, const e2b_mcp_admit_in *in,
                               e2b_mcp_principal *p, e2b_mcp_verdict *v);
#endif
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

/* >>e2b tools: the request a two-phase tool builds, the response it shapes ---- */

/* For two-phase tools (e2b_mcp_tool.build/shape): the request. It goes to the
   API (cfg.api_url) with the server's or the client's key. start writes
   "METHOD path" (path as given, e.g. "/v2/sandboxes": -1 when it holds
   a space, a control byte, '?' or '#'); segment adds "/" and a value,
   percent-encoded (-1 for "", "." or "..", or after the query began);
   query adds key=value, both percent-encoded; body opens a JSON object for
   build to fill and close; ask puts a question to the user first (a call
   that bills or destroys) when the client can be asked: a client without
   elicitation, and an in-process caller, are not asked (the tool's
   description should tell the model to ask). What shape needs of the
   arguments, build keeps in rq->id (a string), rq->num or rq->flag: the
   arguments are gone by then. Secret members of E2B's responses (access
   tokens) are the shape's to leave out; only the API key is redacted for it. */
E2B_MCP_DEF int  e2b_mcp_request_start(e2b_mcp_call *c, e2b_mcp_request *rq, const char *method, const char *path);
E2B_MCP_DEF int  e2b_mcp_request_segment(e2b_mcp_request *rq, const char *value);
E2B_MCP_DEF int  e2b_mcp_request_query(e2b_mcp_request *rq, const char *key, const char *value);
E2B_MCP_DEF e2b_mcp_json *e2b_mcp_request_body(e2b_mcp_request *rq);
E2B_MCP_DEF void e2b_mcp_request_ask(e2b_mcp_request *rq, const char *question);
/* In shape: E2B's response parsed, its tokens over r->body (valid during the
   phase), or NULL with the error result set (not JSON, too many values). */
E2B_MCP_DEF const jsmntok_t *e2b_mcp_response_json(e2b_mcp_call *c, const e2b_mcp_response *r);

/* >>e2b tools: the table of E2B's tools ----------------------------------------
   One row each: X(id, "name", "Title", annotations, gate, "description",
   "input schema", output schema), wrapped in IF(E2B_MCP_TOOL_<ID>) so that the
   row is there only when its switch (>>config) is 1. The row's id names its
   enum constant and its two functions in >>e2b tools (the implementation,
   where the table is expanded and where its string helpers, E2B_MCP__MORE,
   E2B_MCP__S_* and E2B_MCP__O_*, are defined). Everything else about the
   tools is counted from this table (how many exist, the names of those left
   out) but for how many are built, which >>derived sums from the switches
   because the server's lists are sized below this layer. */
#define E2B_MCP__IF(on) E2B_MCP__IF_(on)          /* on: a switch's value, 0 or 1 */
#define E2B_MCP__IF_(on) E2B_MCP__IF_##on
#define E2B_MCP__IF_1(row) row
#define E2B_MCP__IF_0(row)
#define E2B_MCP__IF_NOT(on) E2B_MCP__IF_NOT_(on)
#define E2B_MCP__IF_NOT_(on) E2B_MCP__IF_NOT_##on
#define E2B_MCP__IF_NOT_1(row)
#define E2B_MCP__IF_NOT_0(row) row
/* in three parts (the 12 tools of the connectors this server replaces,
   E2B's newer control plane, kill), listed in this order */
#define E2B_MCP__TOOLS(X, IF) E2B_MCP__TOOLS_FIRST(X, IF) E2B_MCP__TOOLS_NEWER(X, IF) E2B_MCP__TOOLS_LAST(X, IF)
#define E2B_MCP__TOOLS_FIRST(X, IF) \
  IF(E2B_MCP_TOOL_LIST_SANDBOXES)(X(list_sandboxes, "e2b_list_sandboxes", "List sandboxes", E2B_MCP_READ_ONLY, 0, \
    "List the team's E2B sandboxes, running and paused, newest first" E2B_MCP__MORE(": ID, template, state, metadata, start and end " \
    "time (endAt: when it will be killed or paused), CPU, memory and disk. Filter by state, template, metadata or " \
    "start time; oldest first with order asc. Results are paged: pass next_token to get the next page. total_running counts the running ones " \
    "matching the filters") ".", \
    "{\"type\":\"object\",\"properties\":{" \
    "\"state\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"enum\":[\"running\",\"paused\"]}" E2B_MCP__MORE(",\"description\":\"Which states to list (default both).\"") "}," \
    "\"template\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"Only sandboxes of this template ID or alias (no :tag).\"") "}," \
    "\"metadata\":" E2B_MCP__S_PAIRS("Only sandboxes whose metadata has all these pairs, e.g. [{\\\"key\\\":\\\"user\\\",\\\"value\\\":\\\"alice\\\"}].") "," \
    "\"order\":{\"type\":\"string\",\"enum\":[\"desc\",\"asc\"]" E2B_MCP__MORE(",\"description\":\"By start time: desc (default) newest first, asc oldest first.\"") "}," \
    "\"started_after\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"ISO 8601 time: only sandboxes started at or after it.\"") "}," \
    E2B_MCP__S_PAGE "}}", \
    E2B_MCP__OUT("{\"type\":\"object\",\"properties\":{\"data\":{\"type\":\"array\",\"items\":" E2B_MCP__O_SANDBOX "}," \
    "\"next_token\":{\"type\":\"string\"},\"total_running\":{\"type\":\"integer\"}},\"required\":[\"data\"]}"))) \
  IF(E2B_MCP_TOOL_GET_SANDBOX)(X(get_sandbox, "e2b_get_sandbox", "Get a sandbox", E2B_MCP_READ_ONLY, 0, \
    "Show one sandbox in detail" E2B_MCP__MORE(": state, template, start and end time, resources, metadata, lifecycle (what happens " \
    "at timeout) and network settings. Access tokens and injected header values are never shown") ".", \
    "{\"type\":\"object\",\"properties\":{" E2B_MCP__S_ID "},\"required\":[\"sandbox_id\"]}", \
    E2B_MCP__OUT(E2B_MCP__O_SANDBOX))) \
  IF(E2B_MCP_TOOL_CREATE_SANDBOX)(X(create_sandbox, "e2b_create_sandbox", "Create a sandbox", 0, 0, \
    "Start a new E2B sandbox from a template (default base" E2B_MCP__MORE("; see e2b_list_default_templates and e2b_list_templates") ")." \
    E2B_MCP__MORE(" It runs until the timeout (default 300 s), then is killed, or paused with auto_pause (auto_resume: it wakes " \
    "on traffic). allow_out/deny_out limit where it may connect; volume_mounts attach the team's volumes.") E2B_MCP__BILLED \
    " Put no secrets in env_vars unless the user gave them for this sandbox." E2B_MCP__MORE(" Metadata (e.g. user, app) helps find it later."), \
    "{\"type\":\"object\",\"properties\":{" \
    "\"template_id\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"Template ID or name, e.g. base, code-interpreter-v1, team/name:tag (default base).\"") "}," \
    E2B_MCP__S_TIMEOUT(" (default 300)") "," \
    "\"metadata\":" E2B_MCP__S_PAIRS("Labels to find it by later, e.g. [{\\\"key\\\":\\\"user\\\",\\\"value\\\":\\\"alice\\\"}].") "," \
    "\"env_vars\":" E2B_MCP__S_PAIRS("Environment variables for the sandbox's processes, as key/value pairs.") "," \
    "\"auto_pause\":{\"type\":\"boolean\"" E2B_MCP__MORE(",\"description\":\"Pause instead of kill at the timeout (default false): the work can be resumed later and a paused sandbox is not billed for compute.\"") "}," \
    "\"auto_pause_memory\":{\"type\":\"boolean\"" E2B_MCP__MORE(",\"description\":\"With auto_pause, what the pause keeps: true (default) memory and files, so a resume continues where it stopped; false only the files, so a resume boots it fresh (running processes are lost) and auto_resume is not possible.\"") "}," \
    "\"auto_resume\":{\"type\":\"boolean\"" E2B_MCP__MORE(",\"description\":\"With auto_pause: a paused sandbox resumes by itself when a request reaches it, and billing starts again (default false).\"") "}," \
    "\"allow_internet_access\":{\"type\":\"boolean\"" E2B_MCP__MORE(",\"description\":\"false: no outbound internet at all, the same as deny_out [\\\"0.0.0.0/0\\\"] (default: allowed).\"") "}," \
    "\"allow_out\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}" E2B_MCP__MORE(",\"description\":\"Destinations the sandbox may always reach, even when deny_out blocks them: domain names (api.github.com, *.pypi.org), IP addresses or CIDR blocks. To allow only these, also pass deny_out [\\\"0.0.0.0/0\\\"].\"") "}," \
    "\"deny_out\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}" E2B_MCP__MORE(",\"description\":\"Destinations the sandbox may not reach: IP addresses or CIDR blocks, not domain names; \\\"0.0.0.0/0\\\" blocks all but allow_out.\"") "}," \
    "\"https_ports\":{\"type\":\"array\",\"items\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":65535}" E2B_MCP__MORE(",\"description\":\"Ports where a service in the sandbox serves HTTPS rather than plain HTTP, so E2B's proxy connects to it with TLS (its public URL is HTTPS either way).\"") "}," \
    "\"volume_mounts\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"},\"path\":{\"type\":\"string\"}}," \
    "\"required\":[\"name\",\"path\"]}" E2B_MCP__MORE(",\"description\":\"The team's persistent volumes to mount: name, and an absolute path in the sandbox, e.g. [{\\\"name\\\":\\\"data\\\",\\\"path\\\":\\\"/mnt/data\\\"}].\"") "}" \
    "}}", \
    E2B_MCP__OUT("{\"type\":\"object\",\"properties\":{\"sandboxID\":{\"type\":\"string\"},\"templateID\":{\"type\":\"string\"}," \
    "\"envdVersion\":{\"type\":\"string\"},\"timeout\":{\"type\":\"integer\"}},\"required\":[\"sandboxID\",\"templateID\"]}"))) \
  IF(E2B_MCP_TOOL_GET_SANDBOX_LOGS)(X(get_sandbox_logs, "e2b_get_sandbox_logs", "Get sandbox logs", E2B_MCP_READ_ONLY, 0, \
    "Read a sandbox's logs, newest first by default." E2B_MCP__MORE(" Each has time, level, message and fields. Filter by minimum level " \
    "(debug, info, warn, error) and a case-sensitive search string. To page, pass next_cursor (Unix ms) as cursor " \
    "with the same direction; entries at the boundary may repeat."), \
    "{\"type\":\"object\",\"properties\":{" E2B_MCP__S_ID "," \
    "\"limit\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":1000" E2B_MCP__MORE(",\"description\":\"Entries to return (default " E2B_MCP__LOG_DEF ").\"") "}," \
    "\"cursor\":{\"type\":\"integer\",\"minimum\":0" E2B_MCP__MORE(",\"description\":\"Start here, in Unix milliseconds.\"") "}," \
    "\"direction\":{\"type\":\"string\",\"enum\":[\"forward\",\"backward\"]" E2B_MCP__MORE(",\"description\":\"forward: oldest first from cursor; backward (default): newest first.\"") "}," \
    "\"level\":{\"type\":\"string\",\"enum\":[\"debug\",\"info\",\"warn\",\"error\"]" E2B_MCP__MORE(",\"description\":\"Minimum level.\"") "}," \
    "\"search\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"Only messages containing this text (case-sensitive, at most 256 characters).\"") "}" \
    "},\"required\":[\"sandbox_id\"]}", \
    E2B_MCP__OUT("{\"type\":\"object\",\"properties\":{\"data\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{" \
    "\"timestamp\":{\"type\":\"string\"},\"level\":{\"type\":\"string\"},\"message\":{\"type\":\"string\"},\"fields\":{\"type\":\"object\"}}}}," \
    "\"next_cursor\":{\"type\":\"integer\"}},\"required\":[\"data\"]}"))) \
  IF(E2B_MCP_TOOL_GET_SANDBOX_METRICS)(X(get_sandbox_metrics, "e2b_get_sandbox_metrics", "Get sandbox metrics", E2B_MCP_READ_ONLY, 0, \
    "Read a sandbox's CPU, memory and disk use over time" E2B_MCP__MORE(": cpuUsedPct (percent of cpuCount), memUsed/memTotal and " \
    "diskUsed/diskTotal in bytes, one sample per step, and a summary with peak and average CPU and peak memory and " \
    "disk. Default range: the sandbox's whole life") ".", \
    "{\"type\":\"object\",\"properties\":{" E2B_MCP__S_ID "," \
    "\"start\":{\"type\":\"integer\",\"minimum\":0" E2B_MCP__MORE(",\"description\":\"Range start, Unix seconds.\"") "}," \
    "\"end\":{\"type\":\"integer\",\"minimum\":0" E2B_MCP__MORE(",\"description\":\"Range end, Unix seconds.\"") "}" \
    "},\"required\":[\"sandbox_id\"]}", \
    E2B_MCP__OUT("{\"type\":\"object\",\"properties\":{\"data\":{\"type\":\"array\",\"items\":" \
    "{\"type\":\"object\",\"properties\":{\"timestampUnix\":{\"type\":\"integer\"},\"cpuCount\":{\"type\":\"integer\"}," \
    "\"cpuUsedPct\":{\"type\":\"number\"},\"memUsed\":{\"type\":\"integer\"},\"memTotal\":{\"type\":\"integer\"}," \
    "\"diskUsed\":{\"type\":\"integer\"},\"diskTotal\":{\"type\":\"integer\"}}}}," \
    "\"summary\":{\"type\":\"object\",\"properties\":{\"samples\":{\"type\":\"integer\"},\"from\":{\"type\":\"integer\"}," \
    "\"to\":{\"type\":\"integer\"},\"cpuUsedPctMax\":{\"type\":\"number\"},\"cpuUsedPctAvg\":{\"type\":\"number\"}," \
    "\"memUsedMax\":{\"type\":\"integer\"},\"memTotal\":{\"type\":\"integer\"},\"diskUsedMax\":{\"type\":\"integer\"}," \
    "\"diskTotal\":{\"type\":\"integer\"},\"cpuCount\":{\"type\":\"integer\"}}}},\"required\":[\"data\"]}"))) \
  IF(E2B_MCP_TOOL_SET_SANDBOX_TIMEOUT)(X(set_sandbox_timeout, "e2b_set_sandbox_timeout", "Set sandbox timeout", E2B_MCP_IDEMPOTENT, 0, \
    "Set when a running sandbox ends: timeout seconds from now." E2B_MCP__MORE(" It can shorten or extend; a paused sandbox cannot " \
    "be changed (resume it instead).") E2B_MCP__BILLED, \
    "{\"type\":\"object\",\"properties\":{" E2B_MCP__S_ID "," E2B_MCP__S_TIMEOUT("") "}," \
    "\"required\":[\"sandbox_id\",\"timeout\"]}", \
    E2B_MCP__OUT(E2B_MCP__O_DONE("timeout", "integer")))) \
  IF(E2B_MCP_TOOL_PAUSE_SANDBOX)(X(pause_sandbox, "e2b_pause_sandbox", "Pause a sandbox", E2B_MCP_IDEMPOTENT, 0, \
    "Pause a running sandbox: its state is saved and compute billing stops" E2B_MCP__MORE("; resume it later with " \
    "e2b_resume_sandbox. memory=false saves only the file system (resume then boots fresh)") ".", \
    "{\"type\":\"object\",\"properties\":{" E2B_MCP__S_ID "," \
    "\"memory\":{\"type\":\"boolean\"" E2B_MCP__MORE(",\"description\":\"Keep the memory too (default true).\"") "}" \
    "},\"required\":[\"sandbox_id\"]}", \
    E2B_MCP__OUT(E2B_MCP__O_DONE("state", "string")))) \
  IF(E2B_MCP_TOOL_RESUME_SANDBOX)(X(resume_sandbox, "e2b_resume_sandbox", "Resume a sandbox", E2B_MCP_IDEMPOTENT, 0, \
    "Resume a paused sandbox, or extend a running one, so that it runs for at least timeout more seconds" E2B_MCP__MORE(" " \
    "(default 300; a running one is never shortened). resumed tells whether it was paused") "." E2B_MCP__BILLED, \
    "{\"type\":\"object\",\"properties\":{" E2B_MCP__S_ID "," E2B_MCP__S_TIMEOUT(" (default 300)") "}," \
    "\"required\":[\"sandbox_id\"]}", \
    E2B_MCP__OUT("{\"type\":\"object\",\"properties\":{\"sandboxID\":{\"type\":\"string\"},\"templateID\":{\"type\":\"string\"}," \
    "\"resumed\":{\"type\":\"boolean\"}},\"required\":[\"sandboxID\",\"resumed\"]}"))) \
  IF(E2B_MCP_TOOL_LIST_SNAPSHOTS)(X(list_snapshots, "e2b_list_snapshots", "List snapshots", E2B_MCP_READ_ONLY, 0, \
    "List the team's sandbox snapshots" E2B_MCP__MORE(" (newest first), optionally only those of one sandbox or with a name " \
    "(name, team/name or name:tag). Paged with next_token") ".", \
    "{\"type\":\"object\",\"properties\":{" \
    "\"sandbox_id\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"Only snapshots taken from this sandbox.\"") "}," \
    "\"name\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"Snapshot name or ID, optionally with :tag.\"") "}," E2B_MCP__S_PAGE \
    "}}", \
    E2B_MCP__OUT(E2B_MCP__O_LIST("{\"type\":\"object\",\"properties\":{\"snapshotID\":{\"type\":\"string\"},\"names\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}}}}")))) \
  IF(E2B_MCP_TOOL_LIST_DEFAULT_TEMPLATES)(X(list_default_templates, "e2b_list_default_templates", "List default templates", E2B_MCP_READ_ONLY, 0, \
    "List E2B's public default templates (such as base, code-interpreter-v1 and desktop)" E2B_MCP__MORE(" that any team can start: " \
    "ID, names, CPU, memory (MB), disk (MB) and build") ".", \
    "{\"type\":\"object\",\"properties\":{\"template\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"Only this template: its ID or a name such as desktop (default: all of them).\"") "}}}", \
    E2B_MCP__OUT(E2B_MCP__O_LIST("{\"type\":\"object\",\"properties\":{\"templateID\":{\"type\":\"string\"},\"names\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}}," \
    "\"cpuCount\":{\"type\":\"integer\"},\"memoryMB\":{\"type\":\"integer\"},\"diskSizeMB\":{\"anyOf\":[{\"type\":\"integer\"},{\"type\":\"null\"}]},\"buildID\":{\"type\":\"string\"}}}")))) \
  IF(E2B_MCP_TOOL_LIST_TEMPLATES)(X(list_templates, "e2b_list_templates", "List team templates", E2B_MCP_READ_ONLY, 0, \
    "List the team's own templates (not E2B's defaults)" E2B_MCP__MORE(": ID, names, resources, build status and usage. Paged with next_token") ".", \
    "{\"type\":\"object\",\"properties\":{" E2B_MCP__S_PAGE "}}", \
    E2B_MCP__OUT(E2B_MCP__O_LIST("{\"type\":\"object\",\"properties\":{\"templateID\":{\"type\":\"string\"},\"names\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}}," \
    "\"buildStatus\":{\"type\":\"string\"}}}")))) \
  IF(E2B_MCP_TOOL_LIST_TEMPLATE_BUILDS)(X(list_template_builds, "e2b_list_template_builds", "List template builds", E2B_MCP_READ_ONLY, 0, \
    "Show one of the team's templates and its builds, newest first" E2B_MCP__MORE(" (status, times, resources). template_id is " \
    "the ID (not an alias). Paged with next_token") ".", \
    "{\"type\":\"object\",\"properties\":{\"template_id\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"The template ID (templateID in e2b_list_templates).\"") "}," \
    E2B_MCP__S_PAGE "},\"required\":[\"template_id\"]}", \
    E2B_MCP__OUT(E2B_MCP__O_LIST("{\"type\":\"object\",\"properties\":{\"buildID\":{\"type\":\"string\"},\"status\":{\"type\":\"string\"},\"createdAt\":{\"type\":\"string\"}}}"))))
/* E2B's newer control plane (issue 33's tools): none of them is in the small
   profile unless its embedder switches it on, so a small build does not name
   them as left out (E2B_MCP__BUILT_OUT): to a client there they are tools
   like any other it does not have. */
#define E2B_MCP__TOOLS_NEWER(X, IF) \
  IF(E2B_MCP_TOOL_FORK_SANDBOX)(X(fork_sandbox, "e2b_fork_sandbox", "Fork a sandbox", 0, 0, \
    "Copy a running sandbox into count new sandboxes (1-100) that go on from its exact state, memory and files" E2B_MCP__MORE(": " \
    "to try several approaches at once from one point. The source is paused for a moment and keeps running with its ID and " \
    "end time; each copy gets its own sandboxID and runs for timeout seconds (default 300). A paused source cannot be " \
    "forked (resume it first)") "." \
    " Each copy is billed like a sandbox of its own: ask the user first, naming the count, and keep the timeout short.", \
    "{\"type\":\"object\",\"properties\":{" E2B_MCP__S_ID "," \
    "\"count\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":100" E2B_MCP__MORE(",\"description\":\"How many copies (default 1); each bills.\"") "}," \
    E2B_MCP__S_TIMEOUT(" for each copy (default 300)") "},\"required\":[\"sandbox_id\"]}", \
    E2B_MCP__OUT("{\"type\":\"object\",\"properties\":{\"sandboxID\":{\"type\":\"string\"},\"forks\":{\"type\":\"array\",\"items\":" \
    "{\"type\":\"object\",\"properties\":{\"sandboxID\":{\"type\":\"string\"},\"templateID\":{\"type\":\"string\"},\"error\":{\"type\":\"object\"}}}}," \
    "\"started\":{\"type\":\"integer\"},\"failed\":{\"type\":\"integer\"},\"timeout\":{\"type\":\"integer\"}}," \
    "\"required\":[\"sandboxID\",\"forks\",\"started\",\"failed\"]}"))) \
  IF(E2B_MCP_TOOL_CREATE_SNAPSHOT)(X(create_snapshot, "e2b_create_snapshot", "Create a snapshot", 0, 0, \
    "Save a sandbox's current state (memory and files) as a persistent snapshot that new sandboxes can start from" E2B_MCP__MORE(" " \
    "(pass its snapshotID or name as e2b_create_sandbox's template_id); it outlives the sandbox. The sandbox is paused for " \
    "a moment while it is taken. A name that exists gets a new version") ".", \
    "{\"type\":\"object\",\"properties\":{" E2B_MCP__S_ID "," \
    "\"name\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"A name to start sandboxes from later, e.g. before-upgrade (letters, digits, -, _ and .; default: none, the snapshot ID only).\"") "}" \
    "},\"required\":[\"sandbox_id\"]}", \
    E2B_MCP__OUT("{\"type\":\"object\",\"properties\":{\"snapshotID\":{\"type\":\"string\"},\"names\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}}," \
    "\"sandboxID\":{\"type\":\"string\"}},\"required\":[\"snapshotID\",\"sandboxID\"]}"))) \
  IF(E2B_MCP_TOOL_DELETE_SNAPSHOT)(X(delete_snapshot, "e2b_delete_snapshot", "Delete a snapshot", E2B_MCP_DESTRUCTIVE | E2B_MCP_IDEMPOTENT, \
    E2B_MCP__GATE_KILL | E2B_MCP__GATE_EXTRA, \
    "Delete a snapshot for good. This cannot be undone: no sandbox can start from it again. Ask the user first.", \
    "{\"type\":\"object\",\"properties\":{\"snapshot_id\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"The snapshotID from e2b_list_snapshots, e.g. team/name:default.\"") "}}," \
    "\"required\":[\"snapshot_id\"]}", \
    E2B_MCP__OUT("{\"type\":\"object\",\"properties\":{\"snapshotID\":{\"type\":\"string\"},\"state\":{\"type\":\"string\"}},\"required\":[\"snapshotID\",\"state\"]}"))) \
  IF(E2B_MCP_TOOL_SET_SANDBOX_NETWORK)(X(set_sandbox_network, "e2b_set_sandbox_network", "Set sandbox network rules", E2B_MCP_IDEMPOTENT, E2B_MCP__GATE_EXTRA, \
    "Replace a running sandbox's outbound network rules" E2B_MCP__MORE(": allow_out and deny_out as e2b_create_sandbox takes them; " \
    "what is not given is cleared. To lock it down to a few hosts: allow_out [those hosts], deny_out [\\\"0.0.0.0/0\\\"]. " \
    "The result is the rules E2B now holds") ".", \
    "{\"type\":\"object\",\"properties\":{" E2B_MCP__S_ID "," \
    "\"allow_out\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}" E2B_MCP__MORE(",\"description\":\"Destinations it may always reach, even when deny_out blocks them: domain names (api.github.com, *.pypi.org), IP addresses or CIDR blocks.\"") "}," \
    "\"deny_out\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}" E2B_MCP__MORE(",\"description\":\"Destinations it may not reach: IP addresses or CIDR blocks; \\\"0.0.0.0/0\\\" blocks all but allow_out.\"") "}," \
    "\"allow_internet_access\":{\"type\":\"boolean\"" E2B_MCP__MORE(",\"description\":\"false: no outbound internet at all; true with no lists: open egress.\"") "}" \
    "},\"required\":[\"sandbox_id\"]}", \
    E2B_MCP__OUT("{\"type\":\"object\",\"properties\":{\"sandboxID\":{\"type\":\"string\"},\"network\":{\"type\":\"object\",\"properties\":{" \
    "\"allowOut\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}},\"denyOut\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}}}}}," \
    "\"required\":[\"sandboxID\",\"network\"]}"))) \
  IF(E2B_MCP_TOOL_GET_TEAM_USAGE)(X(get_team_usage, "e2b_get_team_usage", "Get team usage", E2B_MCP_READ_ONLY, 0, \
    "Read the team's usage over a time window" E2B_MCP__MORE(": concurrent sandboxes and sandbox starts per second over time, their " \
    "maxima in the window with when they happened, and the latest count; the samples themselves with series. Default " \
    "window: E2B's. For a weekly review pass start = now minus 7 days (Unix seconds)") ".", \
    "{\"type\":\"object\",\"properties\":{" \
    "\"start\":{\"type\":\"integer\",\"minimum\":0" E2B_MCP__MORE(",\"description\":\"Window start, Unix seconds.\"") "}," \
    "\"end\":{\"type\":\"integer\",\"minimum\":0" E2B_MCP__MORE(",\"description\":\"Window end, Unix seconds (default now).\"") "}," \
    "\"series\":{\"type\":\"boolean\"" E2B_MCP__MORE(",\"description\":\"Also return every sample of the window as data (default false: the summary only, which covers them all).\"") "}}}", \
    E2B_MCP__OUT("{\"type\":\"object\",\"properties\":{\"teamID\":{\"type\":\"string\"},\"teamIDFrom\":{\"type\":\"string\",\"enum\":[\"configuration\",\"events\"]}," \
    "\"data\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{\"timestampUnix\":{\"type\":\"integer\"}," \
    "\"concurrentSandboxes\":{\"type\":\"integer\"},\"sandboxStartRate\":{\"type\":\"number\"}}}}," \
    "\"summary\":{\"type\":\"object\",\"properties\":{\"samples\":{\"type\":\"integer\"},\"concurrentSandboxesLatest\":{\"type\":\"integer\"}," \
    "\"concurrentSandboxesMax\":{\"type\":\"object\",\"properties\":{\"value\":{\"type\":\"number\"},\"timestampUnix\":{\"type\":\"integer\"}}}," \
    "\"sandboxStartRateMax\":{\"type\":\"object\",\"properties\":{\"value\":{\"type\":\"number\"},\"timestampUnix\":{\"type\":\"integer\"}}}}}," \
    "\"next_start\":{\"type\":\"integer\"}},\"required\":[\"teamID\",\"summary\"]}"))) \
  IF(E2B_MCP_TOOL_GET_SANDBOXES_METRICS)(X(get_sandboxes_metrics, "e2b_get_sandboxes_metrics", "Get many sandboxes' metrics", E2B_MCP_READ_ONLY, E2B_MCP__GATE_EXTRA, \
    "Read the latest CPU, memory and disk use of many sandboxes at once, with totals" E2B_MCP__MORE(": of every running " \
    "sandbox (the newest 100), or of the ones named. Answers what runs now and what it uses in one call") ".", \
    "{\"type\":\"object\",\"properties\":{\"sandbox_ids\":{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"minItems\":1,\"maxItems\":100" \
    E2B_MCP__MORE(",\"description\":\"Sandbox IDs (default: every running sandbox).\"") "}}}", \
    E2B_MCP__OUT("{\"type\":\"object\",\"properties\":{\"data\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{" \
    "\"sandboxID\":{\"type\":\"string\"},\"cpuCount\":{\"type\":\"integer\"},\"cpuUsedPct\":{\"type\":\"number\"},\"memUsed\":{\"type\":\"integer\"}," \
    "\"memTotal\":{\"type\":\"integer\"}},\"required\":[\"sandboxID\"]}},\"totals\":{\"type\":\"object\",\"properties\":{\"sandboxes\":{\"type\":\"integer\"}," \
    "\"cpuCount\":{\"type\":\"integer\"},\"memTotal\":{\"type\":\"integer\"},\"cpuBusy\":{\"type\":\"number\"}}}},\"required\":[\"data\",\"totals\"]}"))) \
  IF(E2B_MCP_TOOL_LIST_EVENTS)(X(list_events, "e2b_list_events", "List lifecycle events", E2B_MCP_READ_ONLY, 0, \
    "List sandbox lifecycle events of the team or of one sandbox, newest first" E2B_MCP__MORE(": created, updated, paused, " \
    "resumed, checkpointed (snapshot or fork) and killed, with time, sandbox, template and build; E2B keeps them 7 days. " \
    "Filter by types; paged with next_token") ".", \
    "{\"type\":\"object\",\"properties\":{" \
    "\"sandbox_id\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"Only this sandbox's events (default: the whole team's).\"") "}," \
    "\"types\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"enum\":[\"created\",\"updated\",\"paused\",\"resumed\",\"checkpointed\",\"killed\"]}" \
    E2B_MCP__MORE(",\"description\":\"Only events of these types (default: all).\"") "}," \
    "\"limit\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":100" E2B_MCP__MORE(",\"description\":\"Page size, 1-100 (default 20).\"") "}," \
    "\"next_token\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"The next_token of the previous page, to get the next one.\"") "}}}", \
    E2B_MCP__OUT(E2B_MCP__O_LIST("{\"type\":\"object\",\"properties\":{\"id\":{\"type\":\"string\"},\"type\":{\"type\":\"string\"}," \
    "\"timestamp\":{\"type\":\"string\"},\"sandboxId\":{\"type\":\"string\"},\"sandboxTemplateId\":{\"type\":\"string\"}},\"required\":[\"type\",\"timestamp\"]}")))) \
  IF(E2B_MCP_TOOL_LIST_VOLUMES)(X(list_volumes, "e2b_list_volumes", "List volumes", E2B_MCP_READ_ONLY, E2B_MCP__GATE_EXTRA, \
    "List the team's persistent volumes" E2B_MCP__MORE(" (ID and name), which e2b_create_sandbox can mount with volume_mounts") ".", \
    "{\"type\":\"object\",\"properties\":{\"next_token\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"The next_token of the previous result, to read on.\"") "}}}", \
    E2B_MCP__OUT(E2B_MCP__O_LIST("{\"type\":\"object\",\"properties\":{\"volumeID\":{\"type\":\"string\"},\"name\":{\"type\":\"string\"}},\"required\":[\"volumeID\",\"name\"]}")))) \
  IF(E2B_MCP_TOOL_GET_VOLUME)(X(get_volume, "e2b_get_volume", "Get a volume", E2B_MCP_READ_ONLY, E2B_MCP__GATE_EXTRA, \
    "Show one of the team's volumes" E2B_MCP__MORE(": ID, name and, on a team's own cluster, its domain. Its access token is never shown") ".", \
    "{\"type\":\"object\",\"properties\":{\"volume_id\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"The volumeID from e2b_list_volumes.\"") "}},\"required\":[\"volume_id\"]}", \
    E2B_MCP__OUT("{\"type\":\"object\",\"properties\":{\"volumeID\":{\"type\":\"string\"},\"name\":{\"type\":\"string\"},\"domain\":{\"type\":\"string\"}},\"required\":[\"volumeID\",\"name\"]}"))) \
  IF(E2B_MCP_TOOL_LIST_SECRETS)(X(list_secrets, "e2b_list_secrets", "List secrets", E2B_MCP_READ_ONLY, E2B_MCP__GATE_EXTRA, \
    "List the team's secrets by name, with their metadata, version and times" E2B_MCP__MORE(". A secret's value is never shown " \
    "(E2B never returns it). Paged with next_token") ".", \
    "{\"type\":\"object\",\"properties\":{" E2B_MCP__S_PAGE "}}", \
    E2B_MCP__OUT(E2B_MCP__O_LIST("{\"type\":\"object\",\"properties\":{\"secretID\":{\"type\":\"string\"},\"name\":{\"type\":\"string\"}," \
    "\"currentVersion\":{\"type\":\"integer\"},\"metadata\":{\"type\":\"object\"}},\"required\":[\"secretID\",\"name\"]}")))) \
  IF(E2B_MCP_TOOL_GET_TEMPLATE_BUILD)(X(get_template_build, "e2b_get_template_build", "Get a template build", E2B_MCP_READ_ONLY, E2B_MCP__GATE_EXTRA, \
    "Show one build of a team template: its status (building, waiting, ready, error), why it failed, and its log entries" \
    E2B_MCP__MORE(" from logs_offset (build IDs are in e2b_list_template_builds)") ".", \
    "{\"type\":\"object\",\"properties\":{\"template_id\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"The template ID.\"") "}," \
    "\"build_id\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"The build ID (buildID in e2b_list_template_builds).\"") "}," \
    "\"logs_offset\":{\"type\":\"integer\",\"minimum\":0" E2B_MCP__MORE(",\"description\":\"The first log entry to return (default 0; next_logs_offset to read on).\"") "}," \
    "\"limit\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":100" E2B_MCP__MORE(",\"description\":\"Log entries to return, 0-100 (default 100).\"") "}," \
    "\"level\":{\"type\":\"string\",\"enum\":[\"debug\",\"info\",\"warn\",\"error\"]" E2B_MCP__MORE(",\"description\":\"Minimum level.\"") "}" \
    "},\"required\":[\"template_id\",\"build_id\"]}", \
    E2B_MCP__OUT("{\"type\":\"object\",\"properties\":{\"templateID\":{\"type\":\"string\"},\"buildID\":{\"type\":\"string\"}," \
    "\"status\":{\"type\":\"string\",\"enum\":[\"building\",\"waiting\",\"ready\",\"error\"]},\"reason\":{\"type\":\"object\"}," \
    "\"logEntries\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{\"timestamp\":{\"type\":\"string\"},\"level\":{\"type\":\"string\"}," \
    "\"message\":{\"type\":\"string\"}}}},\"next_logs_offset\":{\"type\":\"integer\"}},\"required\":[\"templateID\",\"buildID\",\"status\",\"logEntries\"]}")))
#define E2B_MCP__TOOLS_LAST(X, IF) \
  IF(E2B_MCP_TOOL_KILL_SANDBOX)(X(kill_sandbox, "e2b_kill_sandbox", "Kill a sandbox", E2B_MCP_DESTRUCTIVE | E2B_MCP_IDEMPOTENT, E2B_MCP__GATE_KILL, \
    "Kill a sandbox now, running or paused. This cannot be undone: its files, memory and snapshot are destroyed. " \
    "Ask the user first" E2B_MCP__MORE("; prefer e2b_pause_sandbox when the work may be needed again") ".", \
    "{\"type\":\"object\",\"properties\":{" E2B_MCP__S_ID "},\"required\":[\"sandbox_id\"]}", \
    E2B_MCP__OUT(E2B_MCP__O_DONE("state", "string"))))

#define E2B_MCP__T_ONE(id, name, title, ann, gate, desc, in, out) + 1
#define E2B_MCP__T_NAME(id, name, title, ann, gate, desc, in, out) name " "
/* How many rows are built (usable in #if; it must be >>derived's
   E2B_MCP__TOOLS_BUILT, which sizes the server's lists below this layer:
   >>e2b tools checks that they agree). */
#define E2B_MCP__TOOLS_ROWS (0 E2B_MCP__TOOLS(E2B_MCP__T_ONE, E2B_MCP__IF))
/* The names of E2B's tools this build leaves out, each followed by a space: a
   call to one is told that it is not built in (s->built_out); the small
   profile's leaves out the newer control plane, which it never builds unless
   asked to. E2B_MCP__BUILT_OUT_N: how many (usable in #if). */
#ifdef E2B_MCP_SMALL
#  define E2B_MCP__OUT_ROWS(X, IF) E2B_MCP__TOOLS_FIRST(X, IF) E2B_MCP__TOOLS_LAST(X, IF)
#else
#  define E2B_MCP__OUT_ROWS(X, IF) E2B_MCP__TOOLS(X, IF)
#endif
#define E2B_MCP__BUILT_OUT " " E2B_MCP__OUT_ROWS(E2B_MCP__T_NAME, E2B_MCP__IF_NOT)
#define E2B_MCP__BUILT_OUT_N (0 E2B_MCP__OUT_ROWS(E2B_MCP__T_ONE, E2B_MCP__IF_NOT))
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
/* >>resources: sandboxes, templates and snapshots as resources, and resources of your own
   A resource is context a user attaches in the client: resources/list names
   the fixed ones, resources/templates/list the families a URI template
   stands for (e2b://sandboxes/{sandboxID}), resources/read reads one. E2B's
   are read through the tools' own E2B calls, shaping and redaction: the
   contents are the tool's structured result. E2B_MCP_WITH_RESOURCES 0 leaves it
   all out. */
#if E2B_MCP_WITH_RESOURCES
typedef struct e2b_mcp_resource {
  const char *uri;            /* a URI, or a URI template: {name} stands for one path segment */
  const char *name;
  const char *title;
  const char *description;
  const char *mime_type;      /* NULL: none said */
  /* Writes the contents (e2b_mcp_resource_text, e2b_mcp_resource_blob) of
     the URI read, c->ref; e2b_mcp_uri_var reads a template's variable from
     it. e2b_mcp_result_error refuses it (a JSON-RPC error, -32603, with its
     text, and the URI in its data). c->tool->user is user. */
  void (*fn)(e2b_mcp_call *c);
  void *user;
} e2b_mcp_resource;

/* Adds a resource, or a resource template when uri holds a '{', of your own
   next to E2B's (after e2b_mcp_init): 0, or -1 when it is malformed, its URI
   is taken or E2B_MCP_MAX_RESOURCES are in. */
E2B_MCP_DEF int  e2b_mcp_add_resource(e2b_mcp_server *s, const e2b_mcp_resource *r);
/* For a resource's fn: one content item of the URI read, text or Base64 bytes. */
E2B_MCP_DEF void e2b_mcp_resource_text(e2b_mcp_call *c, const char *mime, const char *text);
E2B_MCP_DEF void e2b_mcp_resource_blob(e2b_mcp_call *c, const char *mime, const char *base64);
/* The value of the template's variable name in the URI read: 1, 0 when the
   template has no such variable, -1 when it does not fit in buf. */
E2B_MCP_DEF int  e2b_mcp_uri_var(e2b_mcp_call *c, const char *name, char *buf, size_t cap);
/* Your resource at uri (as a client reads it) changed: each client
   subscribed to it (resources/subscribe) is sent
   notifications/resources/updated at the transport's next step. Returns how
   many subscriptions were told (0: none, or subscriptions left out). */
E2B_MCP_DEF int  e2b_mcp_resource_updated(e2b_mcp_server *s, const char *uri);
#endif

#if E2B_MCP__SUBS
/* One subscription (private): a session's interest in one URI. A sandbox's
   (e2b://sandboxes/{sandboxID}) keeps the state the server's poll last saw;
   a resource of your own's changes when e2b_mcp_resource_updated says so. */
typedef struct e2b_mcp__sub {
  e2b_mcp_session *sess;      /* whose: NULL, a free entry */
  unsigned char sandbox;      /* 1: a sandbox, watched by the poll; 2: lifecycle events (the team's or
                                 one sandbox's), watched by the events poll; 0: a resource of yours */
  unsigned char state;        /* a sandbox's, as last seen: E2B_MCP__SS_* */
  unsigned char owed;         /* notifications/resources/updated is due */
  unsigned char drop;         /* ends once that is sent: a sandbox no poll ever saw */
  unsigned since;             /* the poll under way when it was made (s->sub_polls): a sandbox is
                                 judged missing only by a poll that started after it */
  char uri[E2B_MCP__REF_MAX];
} e2b_mcp__sub;
/* How a transport reaches a session outside any request (private): the sink
   of its stream (stdout; over HTTP the session's GET stream), or NULL when
   it has none now (the notification waits for one). */
typedef const e2b_mcp_sink *(*e2b_mcp__sub_stream)(e2b_mcp_server *s, const e2b_mcp_session *sess);
#endif
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
/* >>engine: calls in flight, and the seam a transport uses -------------------- */

/* A call's buffers: from the server's pool (E2B_MCP_CALL_BUFS), held from
   the call's start to its end (its slot's rq.buf is req, rq.body_buf resp);
   without a pool, the slot's own. */
typedef struct e2b_mcp__buf {
  char req[E2B_MCP_REQ_MAX];  /* the request the exchange sends (and the body, in resp, before the answer) */
  char resp[E2B_MCP_RESP_MAX + 1];   /* the answer the exchange reads */
} e2b_mcp__buf;
/* Until the answer, resp holds the request's body, then the consent question
   (E2B_MCP__ASK_MAX), then what the TLS port borrows for its handshake
   (E2B_MCP_TLS_LEND), at its very end (>>client). */
#ifdef E2B_MCP__TLS_LEND_ROOM
#  define E2B_MCP__BODY_MAX (E2B_MCP_RESP_MAX - E2B_MCP__ASK_MAX - E2B_MCP__TLS_LEND_ROOM)
#else
#  define E2B_MCP__BODY_MAX (E2B_MCP_RESP_MAX - E2B_MCP__ASK_MAX)
#endif
typedef char e2b_mcp__answer_buffer_too_small_for_body_question_and_tls_loan[E2B_MCP_RESP_MAX >= E2B_MCP__BODY_MAX && E2B_MCP__BODY_MAX > 0 ? 1 : -1];

#if E2B_MCP__TASKS
/* A long call as a task (>>engine, the tasks extension): answered at once
   with its handle, while the call runs on in its slot and writes its answer
   here (the slot's sink becomes the task's); its owner polls it with
   tasks/get. Its owner is the principal admitted for the request
   (e2b_mcp_origin.principal's id: the identity 2025 sessions are bound to),
   so only that principal finds it, from any session or connection; where
   nobody said who (no principal: loopback with no auth), the transport's
   caller (e2b_mcp_origin.caller: HTTP's, the client's address). */
typedef struct e2b_mcp__task {
  int state;                  /* E2B_MCP__TS_*: free, working, completed, failed, cancelled */
  char id[33];                /* 32 hex digits, random */
  unsigned long long owner;   /* its principal's id (e2b_mcp__task_owner), never 0 */
  unsigned long long created_s, updated_s;   /* Unix seconds */
  unsigned long created_ms;   /* the port's clock, for its expiry (0: no clock) */
  struct e2b_mcp__slot *slot; /* its call's, while it runs */
  const char *note;           /* its statusMessage, or NULL */
  size_t len;                 /* answer[0..len): the call's JSON-RPC answer, as written */
  size_t head;                /* where its "result" or "error" member begins in it */
  int over;                   /* the answer did not fit */
  e2b_mcp_sink sink;          /* where its call's answer goes: here */
  char answer[E2B_MCP_TASK_RESULT_MAX];
} e2b_mcp__task;
#endif

/* One tool call in flight (>>engine): everything a call needs while it waits
   for its user or for E2B (a two-phase tool's, or a simple custom tool's
   that asked). What one step uses and drops
   (parsing the answer, shaping the result, writing the message) is the
   server's shared scratch. The fields before conn are the call's and are
   cleared for each; conn stays open from call to call (keep-alive). */
typedef struct e2b_mcp__slot {
  int state;                  /* E2B_MCP__CS_*: free, asking the user, talking to E2B, done */
  e2b_mcp_call call;
  e2b_mcp__req rq;
  e2b_mcp__ctx cx;            /* its context: its session below, its key (a client's: copied below), cool-downs */
  e2b_mcp_session sess;       /* the caller's session as it was when the call came */
  const e2b_mcp_session *from;/* the session it came from, which its answers and cancels must too; NULL: none */
  e2b_mcp_sink sink;          /* where its answer and notifications go */
  unsigned char has_sink;     /* 0: nowhere (in-process, or its client is gone) */
  unsigned long sink_no;      /* s->sinks_bound when it took its sink on */
  unsigned char decided;      /* asking: the user's answer came, to act on at the next step: 1 yes, else
                                 E2B_MCP_NO_* (a simple custom tool's: 1 an answer, 2 none) */
  const char *drop;           /* the call is to end without an answer at the next step, and why (a cancel) */
  char id[E2B_MCP_RPC_ID_MAX];/* its JSON-RPC id, as JSON text */
  e2b_mcp_call *back;         /* in-process: the caller's call, which gets the result */
  long ask_id;                /* asking: the id of our elicitation/create */
  unsigned long until;        /* the user's answer, or E2B's, is due by then (ms; 0: no clock) */
  size_t said;                /* a simple custom tool's: resp[0..said) is "[params,answer,..." (its text for the next run) */
  unsigned long t0;           /* when the request went out */
  e2b_mcp__client cl;         /* its E2B request: the exchange (its result: cl.x.r) and how far it is */
#if E2B_MCP_WITH_BATCH
  struct e2b_mcp__batch *batch; /* a 2025-03-26 batch's call: the batch its answer goes into (NULL: none) */
  int bat_at;                 /* which of its requests it is */
  unsigned bat_share;         /* the room kept in the batch for an error in its place */
#endif
#ifdef E2B_MCP__DOC
  e2b_mcp__fetch *fetch;      /* not a call: a document from elsewhere (e2b_mcp__fetch_start) */
#endif
#if E2B_MCP__TASKS
  struct e2b_mcp__task *task; /* the task it answers (its sink is the task's), or NULL */
#endif
  /* over HTTP with per-client keys, its client's key (copied from the request) and its KMP table */
  char client_key[E2B_MCP_KEY_MAX];
  unsigned char client_key_fail[E2B_MCP_KEY_MAX];
#if E2B_MCP__WHO
  char who[E2B_MCP_SUBJECT_MAX];   /* who calls (its context's who, copied) */
#endif
#if E2B_MCP_AUDIT
  unsigned char audit_on;     /* the audit hook hears of its end (it went through e2b_mcp__call_start) */
  unsigned char audit_refused;  /* cfg.audit_start refused it: nothing was sent */
  int audit_status;           /* E2B's HTTP status, once answered */
  unsigned long audit_t0;     /* when it came */
  unsigned long audit_batch;  /* the record's batch (the 2025-03-26 batch it came in: its sink_no), or 0 */
  char audit_sbx[E2B_MCP_ID_MAX + 1];         /* its sandbox_id argument */
  char audit_args[E2B_MCP_AUDIT_ARGS_MAX];    /* its arguments, secrets redacted */
#endif
#if E2B_MCP_METRICS
  unsigned long met_t0;       /* when it took its slot (>>metrics: its duration) */
#endif
  e2b_mcp_conn conn;          /* kept open between calls */
  int wgen, widx;             /* e2b_mcp_watch number wgen put conn's socket at widx of its array (kept, as conn is,
                                 when the slot is taken: a kept connection is watched while the slot is free) */
#ifndef E2B_MCP__POOL
  e2b_mcp__buf own;           /* its buffer (no pool) */
#endif
} e2b_mcp__slot;

/* ---- the engine seam: what a transport of your own uses ----
   A transport reads messages its own way (a line on a UART, a frame on a CAN
   bus, a WebSocket message) and hands each whole one to the engine:

     e2b_mcp_submit(s, text, n, &origin, &sink)   one message in
     n = e2b_mcp_watch(s, polls, cap, &timeout)   the sockets its calls wait on
     ... wait on them with your own (the port's wait, or your superloop) ...
     e2b_mcp_step(s)                               moves every call on

   submit parses the message once and answers what it can at once, through
   the sink, before it returns (initialize, tools/list, a simple custom
   tool): E2B_MCP_ANSWERED. A tool call that talks to E2B or asks its user is
   deferred (E2B_MCP_DEFERRED): it waits in a call slot, with a buffer from
   the pool, and is answered
   later, through a copy of the sink, from inside e2b_mcp_step; so is any
   tool's question to the user, which goes out as elicitation/create and
   whose answer comes back as a message like any other (submit it). When
   no call slot or no buffer is free, a tools/call that needs one is queued
   (E2B_MCP_QUEUED) in the engine's one queue of calls waiting for a slot,
   if the transport keeps its text (origin.keep): calls start from
   there in the order they came, from e2b_mcp_step, as slots free. A queued
   text is copied into s->msg when it starts (HTTP writes its answer where
   the text was), but one kept inside s->msg is started in place, and the
   engine writes nothing into s->msg while texts wait there: a transport may
   park waiting texts at the start of s->msg and go on reading messages into
   the rest of it (stdio does; it submits them from there too). Else, or
   when the queue is full (E2B_MCP_QUEUE), or when a call of the same sink
   waits for its user's answer (which may be behind this message in the
   same stream), it is answered that the server is busy (a transport that
   says busy its own way, as HTTP's 503, learns it from e2b_mcp_peek first). Nothing in the engine waits (a
   2025-03-26 batch's tool calls take slots, or wait in the queue, like any
   others, and the batch is answered as one array, through a copy of the
   sink, when its last call ends): keep calling watch/step until
   e2b_mcp_calls_in_flight is 0. The text needs to
   live only while submit runs (queued: until e2b_mcp_queued(s, ctx) is 0);
   the sink's ctx until the calls it was given are answered
   (e2b_mcp_sink_busy), or until e2b_mcp_sink_gone(s, ctx) (its client went
   away: its calls run on, answering nobody; its queued ones never start). */

/* Where a message came from: the transport fills it for each message. */
typedef struct e2b_mcp_origin {
  e2b_mcp_session *session;   /* the client's session (NULL: the server's own, s->session) */
  const char *api_key;        /* the E2B API key its calls use, checked by the transport
                                 (NULL: the server's own, cfg.api_key); copied into the call */
  size_t api_key_len;         /* its length (0: up to its NUL) */
  unsigned long *cooldown;    /* that key's 429 cool-downs, one per tool (NULL: the server's own) */
  e2b_mcp_wire *wire;         /* HTTP: the request's headers, for 2026-07-28 (NULL: none) */
  const e2b_mcp_principal *principal;   /* who sent it, decided once by the transport (>>principal):
                                 the tools it may list and call (its scopes: a call to another is
                                 refused, and audited as forbidden), the audit's who, the key
                                 store's key (its api_key replaces api_key) or none (no_key);
                                 copied. NULL: nobody said (every tool, api_key) */
  int *forbidden;             /* out, for a transport that answers such a refusal its own way
                                 (HTTP: 403 insufficient_scope): a lone tools/call refused for
                                 its principal's scopes sets it to 1 + the tool's group. NULL: not told */
#if E2B_MCP_WITH_2026
  unsigned long long caller;  /* who sent it, for a 2026-07-28 request, which no session ties to
                                 the cancel that may follow: the transport's hash of the client's
                                 identity (HTTP: its own E2B key, else its access token's subject,
                                 else its address); a notifications/cancelled reaches only the
                                 calls of the same caller. 0: not known (its calls cannot be cancelled) */
#endif
  const char *keep;           /* where the transport keeps this text (msg itself, or a copy)
                                 unchanged, with what this origin points to, while it waits
                                 in the queue; NULL: it may not wait (busy when no slot is free) */
} e2b_mcp_origin;

enum { E2B_MCP_ANSWERED = 0, E2B_MCP_DEFERRED = 1, E2B_MCP_QUEUED = 2 };
/* One message (a JSON-RPC object, or a batch under 2025-03-26): E2B_MCP_ANSWERED,
   _DEFERRED or _QUEUED (above), or < 0 when the sink failed. from may be NULL
   (the server's own session and key; never queued). */
E2B_MCP_DEF int  e2b_mcp_submit(e2b_mcp_server *s, const char *msg, size_t n, const e2b_mcp_origin *from, const e2b_mcp_sink *out);
/* How many messages of this sink ctx wait in the queue (their text is still the engine's). */
E2B_MCP_DEF int  e2b_mcp_queued(const e2b_mcp_server *s, const void *ctx);
/* What a message is, for a transport that must know before it submits it
   (HTTP: a new session for an initialize, none for a 2026-07-28 request):
   json (one JSON value, or one too big to read: the core answers it),
   initialize (a request in it is one), modern (of the stateless revision,
   wire: its headers), busy (a tools/call that needs a call slot, when none
   is free and the queue is full: submitted, it is answered that the server
   is busy). It parses the text; an e2b_mcp_submit of the same
   text (the same pointer and length) that comes next uses that parse: peek
   only what you then submit, or answer yourself and peek again before the
   next submit of other text in the same place. */
typedef struct e2b_mcp_kind { int json, initialize, modern, busy; } e2b_mcp_kind;
E2B_MCP_DEF void e2b_mcp_peek(e2b_mcp_server *s, const char *msg, size_t n, const e2b_mcp_wire *wire, e2b_mcp_kind *k);
/* The sockets the calls wait on, into p[0..cap) (cap >= E2B_MCP_CALLS), each
   with what it waits for; lowers *timeout_ms (-1: no limit) to the next
   deadline (0: something is due now). Returns the count. */
E2B_MCP_DEF int  e2b_mcp_watch(e2b_mcp_server *s, e2b_mcp_poll *p, int cap, int *timeout_ms);
/* Moves every call on as far as it goes without waiting; answers the ones
   that are done, through their sinks. */
E2B_MCP_DEF void e2b_mcp_step(e2b_mcp_server *s);
/* Whether a call still owes an answer to this sink ctx; and: its client went
   away (its calls run on, answering nobody; a question it was asked ends). */
E2B_MCP_DEF int  e2b_mcp_sink_busy(const e2b_mcp_server *s, const void *ctx);
E2B_MCP_DEF void e2b_mcp_sink_gone(e2b_mcp_server *s, const void *ctx);
/* The server stops: a question to the user or a read from E2B ends now,
   answered so; a call that changes something runs to its answer (its client
   learns what was done); calls waiting for a slot never start: each one's
   sink ctx is passed to gone, which answers it (gone NULL: they end
   unanswered). Returns how many calls are left: keep stepping until 0. */
E2B_MCP_DEF int  e2b_mcp_stop(e2b_mcp_server *s, void (*gone)(e2b_mcp_server *s, const void *ctx));
/* Whether a call, running or queued, uses these 429 cool-downs (a transport
   that keeps them per client key reuses an array only when none does). */
E2B_MCP_DEF int  e2b_mcp_cooldown_in_use(const e2b_mcp_server *s, const unsigned long *cooldown);
/* Its client will send nothing more (the end of its input): the questions
   its calls asked and that no answer reached end unanswered (not a yes) at
   the next step; an answer that came first stands. Returns how many it ended
   (a custom tool may ask again when it runs on: call it until 0). */
E2B_MCP_DEF int  e2b_mcp_sink_eof(e2b_mcp_server *s, const void *ctx);

/* How many tool calls are not answered yet (waiting for E2B, their user or a
   free slot), and answers a transport still holds (s->held, which a
   transport may set: over HTTP, answers still leaving): a loop of your own
   that steps a transport can tell when all have been answered. */
E2B_MCP_DEF int  e2b_mcp_calls_in_flight(const e2b_mcp_server *s);

/* A message waiting for a call slot (the engine's queue): the transport's
   text and origin, a copy of its sink. */
typedef struct e2b_mcp__queued {
  const char *msg;
  size_t n;
  e2b_mcp_origin from;
  e2b_mcp_sink sink;
#if E2B_MCP_WITH_BATCH
  struct e2b_mcp__batch *batch; /* one request of this batch (its text is the batch's); NULL: a message */
  int bat_at;
  unsigned bat_share;
#endif
} e2b_mcp__queued;

#if E2B_MCP_WITH_BATCH
/* A 2025-03-26 batch being answered (>>engine): its tool calls run in call
   slots, or wait in the queue, like any others, and the batch is answered as
   one array when its last call ends. buf holds the batch's text (a request
   that waits for a slot is read from there) and, after it, each answer as it
   comes: a header (which request, how long) and the answer as the core wrote
   it, "," first; the array puts them back in the batch's order. Room for a
   short error in place of each answer still to come is kept (reserve), so an
   answer that does not fit is always answered so. */
typedef struct e2b_mcp__batch {
  int open;                   /* its requests are still being read (inside submit) */
  int out;                    /* its calls not answered yet: in a slot, or in the queue */
  int count;                  /* its requests */
  unsigned char has_sink;     /* 0: its client went away (its calls run on, answering nobody) */
  unsigned long sink_no;      /* s->sinks_bound when it took its sink on */
  unsigned char over;         /* the answer being written did not fit */
  e2b_mcp_sink sink;          /* where the array goes */
  e2b_mcp_sink mem;           /* where answers go meanwhile: into buf */
  size_t text;                /* buf[0..text): the batch's text */
  size_t len;                 /* buf[0..len) used */
  size_t limit;               /* the answer being written may reach this far */
  size_t reserve;             /* kept for an error in place of each answer to come */
  char buf[E2B_MCP_BATCH_ROOM];
} e2b_mcp__batch;
#endif

/* Closes the E2B connections kept open between calls. */
E2B_MCP_DEF void e2b_mcp_close(e2b_mcp_server *s);
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
/* >>transport: stdio --------------------------------------------------------- */

#if E2B_MCP_WITH_STDIO
#include <signal.h>   /* sig_atomic_t: the stop flag a signal handler sets */
/* MCP over stdin/stdout, one JSON message per line, until end of input (and
   the calls in flight are answered). Requests sent without waiting run
   concurrently, each answered when it is done; with every call slot busy,
   a tool call waits (its line parked in s->msg, see the engine's seam)
   while the lines after it are read and served. Setting s->stdio_stop
   (from a SIGTERM handler, say) ends it as the end of input does: stdin is
   read no more (what was read of it and not yet taken is dropped), the
   calls already taken on run to their answers, a question to the user ends
   unanswered (not a yes), and it returns 0, so the program's own end (an
   audit log's last lines) runs in its main thread, not in the handler. */
E2B_MCP_DEF int  e2b_mcp_serve_stdio(e2b_mcp_server *s);
#endif

/* >>transport: streamable http ------------------------------------------------ */

/* The Streamable HTTP transport's state (>>transport: streamable http). It
   lives inside the server like every other buffer; the fields are private. */
#ifdef E2B_MCP__HTTP
#include <signal.h>   /* sig_atomic_t: the stop flag a signal handler sets */
#define E2B_MCP__POLL_MAX (1 + E2B_MCP_HTTP_CONNS + E2B_MCP_HTTP_LINGER + E2B_MCP_CALLS)
typedef struct e2b_mcp_http_config {
  const char *host;           /* default 127.0.0.1; "::1" and "localhost" too */
  unsigned port;              /* 0: any free port (see s->http.port) */
  const char *token;          /* bearer token every request must carry; required
                                 when host is not a loopback address */
  const char *allowed_hosts;  /* names accepted in Host and Origin, comma-separated, spaces
                                 around them ignored: on a loopback host besides the
                                 loopback names, elsewhere the only ones (NULL or naming
                                 nobody: any) */
  int client_keys;            /* each client sends its own E2B API key in the header
                                 X-E2B-API-Key, used for its calls only (and its own 429
                                 cool-downs); a request without one is refused (401) and
                                 the server's cfg.api_key is never used over HTTP */
  int request_timeout_ms;     /* 0: E2B_MCP_HTTP_REQUEST_TIMEOUT_MS */
  int head_timeout_ms;        /* 0: E2B_MCP_HTTP_HEAD_TIMEOUT_MS */
  int idle_timeout_ms;        /* 0: E2B_MCP_HTTP_IDLE_TIMEOUT_MS */
  int write_timeout_ms;       /* 0: E2B_MCP_HTTP_WRITE_TIMEOUT_MS
                                 (a question's wait is the server's cfg.ask_timeout_ms) */
  int proxy_names_sessions;   /* behind a load balancer that routes 2025 sessions by hashing
                                 Mcp-Session-Id: an initialize's X-Mcp-New-Session-Id (32
                                 lowercase hex digits, set by the balancer, e.g. nginx's
                                 $request_id) becomes the new session's id, so the hash that
                                 routed the initialize routes the session. Only behind a
                                 balancer that sets the header itself */
  int open_access;            /* 1: no token off loopback either: the caller has decided
                                 that whoever reaches the address may use the server's key
                                 (e2b-mcp's --auth none on a private address, or forced) */
  const char *public_url;     /* the MCP endpoint as clients reach it (https://host/mcp), named
                                 in the server card (GET /mcp/server-card and
                                 /.well-known/mcp/server-card, public); NULL: the auth
                                 resource if any, else the card names no remote. A setting,
                                 never the request's Host, so every replica serves one card */
  /* operations (>>ops): GET /healthz and /readyz are public (they say nothing
     but what is ready); GET /metrics is served as is on a loopback listener,
     and elsewhere only with metrics_token (a 404 without one: never public) */
  const char *metrics_token;  /* Authorization: Bearer <this> for /metrics (any listener); NULL: loopback only */
  int ready_e2b_ms;           /* /readyz: E2B answered within this (0: E2B_MCP_READY_E2B_MS), else a probe */
  int (*ready)(void *user, e2b_mcp_json *w);   /* your own readiness checks: write each as a member
                                 "name":"ok" or "name":"why not" into w (an open object), and
                                 return how many are not ok (NULL: none) */
  void *ready_user;
  const char *card_name;      /* the card's registry name; NULL: E2B_MCP_REGISTRY_NAME */
  const char *repository;     /* the card's source URL; NULL: E2B_MCP_REPOSITORY_URL */
#if E2B_MCP_AUTH
  e2b_mcp_auth *auth;         /* an OAuth 2.1 protected resource (>>auth; NULL: off): every
                                 request to /mcp carries a JWT access token from auth->issuer
                                 for auth->resource in Authorization (401 otherwise, with
                                 the RFC 9728 metadata's URL, served at
                                 /.well-known/oauth-protected-resource[/path]); it replaces
                                 token, and guards a non-loopback address as token does */
#endif
#if E2B_MCP_KEYSTORE
  const e2b_mcp_keystore *keystore;   /* with auth (>>keys; NULL: off): each caller's calls use the
                                 E2B key the store holds for its token's subject, or for
                                 keystore_claim; a caller it has none for is told to ask the
                                 admin, and nothing reaches E2B (cfg.api_key is never used).
                                 Cool-downs are per key, as with client_keys (not both) */
  const char *keystore_claim; /* the claim the store is asked by (NULL: sub); of an array claim
                                 (groups), the first value the store has a key for */
#endif
  int sessions_per_principal; /* 2025 sessions one principal may hold (0:
                                 E2B_MCP_HTTP_SESSIONS_PER_PRINCIPAL); its next initialize ends its
                                 own least recently used one. A session is bound to the principal
                                 that made it: another one naming it is told 404, as for a session
                                 that never existed, and cannot end it */
  int auth_fail_burst, auth_fail_per_s;   /* refused tokens one address may send in a row, then a
                                 second (0: E2B_MCP_AUTH_FAIL_BURST, _PER_S); beyond, 429 */
} e2b_mcp_http_config;

typedef struct e2b_mcp__http_keyslot {   /* per-client keys: one key's 429 cool-downs */
  unsigned long long hash;    /* FNV-1a of the key (the key itself is not kept); 0: free */
  unsigned long last_use;
  unsigned long until[E2B_MCP__BUILTIN_ROOM + E2B_MCP_MAX_TOOLS];
} e2b_mcp__http_keyslot;

typedef struct e2b_mcp__http_session {
  e2b_mcp_session mcp;
  char id[33];                /* 32 hex digits, random */
  int used;
  unsigned long long owner;   /* the principal that made it (e2b_mcp_principal.id; 0: nobody said) */
  int conns;                  /* open connections whose last request was in it: never replaced meanwhile */
  unsigned long last_use;     /* the transport's use counter when last used: LRU order */
  int next;                   /* 1 + the next session in its id's hash chain; 0: the last */
#if E2B_MCP__SUBS
  int stream;                 /* 1 + the connection slot of its GET stream; 0: none */
  int listen;                 /* a 2026-07-28 subscriptions/listen stream's own: it ends with its stream */
#endif
} e2b_mcp__http_session;

#define E2B_MCP__HS_BUF (E2B_MCP_HTTP_HEAD_MAX + E2B_MCP_MSG_MAX)
/* Buckets of the session ids' hash: a power of two, at least the sessions (a
   request finds its session in a step or two, not a pass over all of them). */
#define E2B_MCP__HS_HASH (E2B_MCP_HTTP_SESSIONS > 8192 ? 32768 : E2B_MCP_HTTP_SESSIONS > 2048 ? 8192 : \
                          E2B_MCP_HTTP_SESSIONS > 256 ? 2048 : E2B_MCP_HTTP_SESSIONS > 16 ? 256 : 16)

/* Connections whose answer ended that a step remembers by index (more: it
   looks at all of them); a step ends a few answers, seldom more. */
#define E2B_MCP__HS_ENDED (E2B_MCP_HTTP_CONNS < 64 ? E2B_MCP_HTTP_CONNS : 64)

typedef struct e2b_mcp__http_conn {
  /* first what the step's wait looks at for every connection (one cache line) */
  e2b_mcp_sock sock;
  int state;                  /* E2B_MCP__HC_* */
  int hold;                   /* its last answer has not all left: the next request waits, unread */
  int ended;                  /* CALL: a message of its answer ended since the step last looked */
  char *buf;                  /* its request buffer (E2B_MCP__HS_BUF bytes) from the pool, NULL: none */
  size_t qbase, qoff, qend;   /* the answer's bytes waiting for the socket: buf[qoff..qend), past the request's head (qbase) */
  e2b_mcp_server *srv;        /* its server: the connection is its answers' sink context */
  size_t have, head_len;      /* bytes in buf; the head's length once complete */
  long long body_len;
  unsigned long start_ms, last_ms;   /* the request's start (the first one's: the accept); the last answer's end */
  unsigned long tick;         /* the transport's tick when it last became idle (longest idle makes room) */
  int answered;               /* a request was answered (till then the request timeout applies, not the idle one) */
  int starved;                /* it waited for a request buffer while none was left; its timeouts wait too */
  unsigned long wspent;       /* ms the answer being sent has waited for the client to take it */
  unsigned long drain_ms;     /* DRAIN: when the answer was complete, its rest still queued */
  int sess;                   /* session being answered, -1 none */
  int tied;                   /* the session its last request was in (its conns counts it), -1 none */
  e2b_mcp_principal pr;       /* who sent the request being served, decided on arrival (>>principal) */
  int forbidden;              /* the core refused its lone tool call for its scopes: 1 + the group (403) */
  unsigned long long peer_hash, peer_net;   /* a hash of its peer's address, and of its network (IPv6: the
                                 /64), once asked (0: not yet) */
  e2b_mcp_wire *wire;         /* a 2026-07-28 request's headers while it is answered (wire_v), else NULL */
  e2b_mcp_wire wire_v;
  int send_sid;               /* the answer carries Mcp-Session-Id */
  int http10, close, dead;    /* answer framing, and whether the socket failed */
  int started, sse, in_msg, classified;   /* the answer being streamed */
  size_t cls_len;
  char cls[96];               /* a message's start, until it says what it is (a request to the
                                 client has a short number id; a longer start is an answer) */
} e2b_mcp__http_conn;

typedef struct e2b_mcp_http {
  e2b_mcp_http_config cfg;
  e2b_mcp_sock listener;
  unsigned port;              /* the port listened on */
  int loopback;               /* bound to a loopback address */
  volatile sig_atomic_t stop; /* set (from a signal handler, say) to end e2b_mcp_http_run */
  e2b_mcp_sock linger[E2B_MCP_HTTP_LINGER];
#if E2B_MCP_WITH_CLIENT_KEYS
  e2b_mcp__http_keyslot keys[E2B_MCP_HTTP_KEYS];
#endif
  unsigned long linger_until[E2B_MCP_HTTP_LINGER];
  unsigned long served;       /* requests taken in so far: a loop of your own may stop after some */
  unsigned long uses;         /* session uses so far */
  unsigned long ticks;        /* connection ticks so far */
  int hi;                     /* conns[hi..] are all free: a step passes over the slots in use,
                                 not over every slot (a slot is taken lowest free first) */
  int watched;                /* hi when the step's wait was set up: fds[1 .. 1 + watched) */
  int sess_hi;                /* sessions[sess_hi..] were never used (taken lowest first, cleared when taken) */
  int ended, notified, holding; /* since the step last looked: answers that ended on connections whose call ran
                                 (their indexes in ended_at, one past E2B_MCP__HS_ENDED: more); a notification
                                 went to a GET stream; a connection holds its next request back */
  int ended_at[E2B_MCP__HS_ENDED];
  int keys_wait;              /* a request waits for the issuer's keys (>>principal): the step looks once they came */
  unsigned long swept_ms;     /* when the step last passed over every connection */
  int free_lo;                /* no free connection slot below it: accept looks from there */
  int sess_hash[E2B_MCP__HS_HASH];   /* 1 + the first session whose id hashes here; 0: none */
#if E2B_MCP__SUBS
  e2b_mcp_sink stream_sink;   /* a GET stream's, for a notification being sent (>>resources' subscriptions) */
#endif
  e2b_mcp__probe probe;       /* /readyz's probe of E2B (>>ops) */
  e2b_mcp_admission adm;      /* tokens verified, refusals per address (>>principal) */
  int nfree, ntouched;        /* request buffers unused, their indexes in free_bufs (the last given back on top); touched so far */
  /* From here on nothing is cleared as a whole, so the pages of slots and
     buffers no client needed stay out of memory: a table sized for ten
     thousand clients costs an idle server nothing. Each is cleared when it
     is first taken (conns below hi, sessions below sess_hi, the first
     ntouched buffers). */
  int free_bufs[E2B_MCP_HTTP_BUFS];
  e2b_mcp__http_conn conns[E2B_MCP_HTTP_CONNS];
  e2b_mcp__http_session sessions[E2B_MCP_HTTP_SESSIONS > 0 ? E2B_MCP_HTTP_SESSIONS : 1];   /* 0: 2026-07-28 only */
  char bufs[E2B_MCP_HTTP_BUFS][E2B_MCP__HS_BUF];
} e2b_mcp_http;
#endif

#ifdef E2B_MCP__HTTP
/* MCP over Streamable HTTP on http://host:port/mcp. listen binds (0, or
   E2B_MCP_ERR_LISTEN / E2B_MCP_ERR_NEED_TOKEN); step serves what is ready,
   clients and tool calls alike, waiting at most timeout_ms (for your own
   loop: a call waiting for E2B or its user waits in its call slot, not in
   step; only a simple custom tool's own work, or a client slow to take an
   answer larger than its connection's queue, can hold it longer); run steps until
   s->http.stop is set, then lets the calls in flight end; serve is listen +
   run. One thread, no allocation. */
E2B_MCP_DEF int  e2b_mcp_http_listen(e2b_mcp_server *s, const e2b_mcp_http_config *cfg);
E2B_MCP_DEF int  e2b_mcp_http_step(e2b_mcp_server *s, int timeout_ms);
E2B_MCP_DEF int  e2b_mcp_http_run(e2b_mcp_server *s);
E2B_MCP_DEF int  e2b_mcp_serve_http(e2b_mcp_server *s, const e2b_mcp_http_config *cfg);
#ifdef E2B_MCP__FETCH
/* With access tokens whose keys are the issuer's (cfg.auth->discover): finds
   and fetches them now, waiting (after listen, before the first step): the
   count of keys loaded, or -1 with cfg.auth->why saying why not in words.
   Later, a token whose kid no key has makes step fetch them again (>>auth),
   and that request waits for the fetch, then is verified with what came. */
E2B_MCP_DEF int  e2b_mcp_http_auth_keys(e2b_mcp_server *s);
#endif
#endif
/* >>server: the one struct that holds every layer's state ---------------------
   Declared after the layers whose state it holds; the caller owns it (static
   or on a big stack) and nothing in it is allocated. */

struct e2b_mcp_server {
  e2b_mcp_config cfg;
  const e2b_mcp_sock_port *net;   /* cfg.sock_port, or the POSIX port */
  /* the MCP session of stdio and in-process calls (a message submitted
     without one of its own: HTTP brings each client's) */
  e2b_mcp_session session;
  long next_ask_id;
#if E2B_MCP_WITH_2026
  unsigned char state_key[32];  /* seals requestState tokens */
  int state_key_set;
  unsigned long state_seq;      /* mixed into nonces when the port has no random source */
  e2b_mcp__spent spent[E2B_MCP_STATE_SPENT];   /* used requestState tokens, until they expire */
#endif
  /* the tool set */
  const e2b_mcp_tool *tools[E2B_MCP__BUILTIN_ROOM + E2B_MCP_MAX_TOOLS];
  int ntools, ncustom;        /* in tools; of them added with e2b_mcp_add_tool (at most E2B_MCP_MAX_TOOLS) */
#if E2B_MCP_AUTH
  unsigned char group[E2B_MCP__BUILTIN_ROOM + E2B_MCP_MAX_TOOLS];   /* each tool's group, E2B_MCP_GROUP_* (the scope it needs) */
#endif
  const e2b_mcp_tool *off[E2B_MCP__BUILTIN_ROOM];   /* E2B's tools switched off (cfg.tools, read_only, enable_kill), */
  const char *off_why[E2B_MCP__BUILTIN_ROOM];       /* why, and how to switch each on (a call to one says it) */
  int noff;
#if E2B_MCP__TOOLS_OUT
  const char *const *built_out;   /* E2B's tools this build leaves out and what a call to one is told (>>e2b tools), or NULL */
#endif
#if E2B_MCP__SURFACE
  const e2b_mcp__surface *surface[E2B_MCP__SURFACES];   /* the layers that serve methods beyond tools */
  int nsurface;
#endif
#if E2B_MCP_WITH_PROMPTS
  const e2b_mcp_prompt *prompts[E2B_MCP__PROMPT_ROOM + E2B_MCP_MAX_PROMPTS];   /* E2B's workflows, then yours */
  int nprompts, nprompts_custom;
#endif
#if E2B_MCP_WITH_RESOURCES
  const e2b_mcp_resource *resources[E2B_MCP_MAX_RESOURCES];   /* yours (E2B's are a fixed table) */
  int nresources;
#endif
#if E2B_MCP_WITH_COMPLETIONS
  e2b_mcp__complete_cache complete[E2B_MCP__CC_N];   /* values E2B gave a moment ago */
#endif
  /* E2B */
  char key[E2B_MCP_KEY_MAX];  /* the server's own key (cfg.api_key, checked) */
  int key_problem;            /* 0 ok, else why the key cannot be used */
  int in_tool;                /* a tool's handler runs: e2b_mcp_call_tool from inside it is refused */
  unsigned key_len;           /* its length ("" and 0 when none) */
  unsigned char key_fail[E2B_MCP_KEY_MAX];   /* its KMP table, for finding it in a stream */
  e2b_mcp_url api, dash;
  e2b_mcp_tls_trust trust;
  int trust_loaded;
  /* after a 429, per tool (E2B limits per route: a full concurrency on create
     must not stop the kill or pause that frees it): no request with the
     server's own key before this (ms); a client's key has its own (HTTP) */
  unsigned long cooldown_until[E2B_MCP__BUILTIN_ROOM + E2B_MCP_MAX_TOOLS];
  int nslots;                 /* call slots used so far (the rest were never touched) */
  /* slots[i].sink.ctx while slot i answers through a sink, else NULL: asking
     whether a connection still has a call in flight reads this one array, not
     every slot (a thousand cache misses a call under load) */
  const void *slot_sink[E2B_MCP_CALLS];
  /* A transport that hands the engine its wait's findings (HTTP): e2b_mcp_watch
     number wgen put each watched socket in the array that, after the wait,
     is at wready (NULL: not known, every call's socket is tried); with
     watch_idle, a free slot's kept connection is watched too, so it stays in
     the wait from call to call and a close while idle is seen there. */
  int wgen;
  const e2b_mcp_poll *wready;
  unsigned long sinks_bound;  /* calls and batches given a sink so far: a message whose handling gave one is answered later */
  unsigned long sinks_done;   /* of those taken on since sinks_floor (a submit's start), the ones already ended */
  unsigned long sinks_floor;
  unsigned char watch_idle;
  const e2b_mcp__runner *run; /* how the core reaches the calls (>>engine's table) */
  e2b_mcp__queued queue[E2B_MCP_QUEUE];    /* calls waiting for a slot, oldest first (>>engine) */
  int nqueue;
#if E2B_MCP_WITH_BATCH
  e2b_mcp__batch *bat;        /* the batch whose request is being read now (>>engine), */
  int bat_at, bat_root;       /* which request, its object's token, */
  unsigned bat_share;         /* the room kept for its error, */
  int bat_later, bat_queued;  /* it went on in a slot or into the queue; it came from the queue */
  const e2b_mcp_origin *bat_from;   /* where the batch came from */
  unsigned char bat_used[E2B_MCP_BATCHES];   /* batches[i] is being answered (kept here, which
                                                e2b_mcp_init clears, so a record's pages stay untouched till used) */
#endif
#ifdef E2B_MCP__POOL
  int nbufs;                  /* call buffers touched so far (the rest never were) */
  int bufs_used;              /* of them held by a call */
#endif
  int (*held)(const e2b_mcp_server *s);   /* a transport's answers still leaving (e2b_mcp_calls_in_flight) */
#if E2B_MCP__SUBS
  /* resources/subscribe (>>resources): the transport's way to a session (NULL:
     none, and no subscriptions), the poll's session, sink and times */
  e2b_mcp__sub_stream sub_stream;
#if E2B_MCP_WITH_2026
  /* subscriptions/listen: the transport turns the request's answer (its sink
     k) into a stream of its own, for a session of its own that lives as long
     as the stream (whose listen_id it sets); NULL: it cannot (no room now) */
  e2b_mcp_session *(*listen_open)(e2b_mcp_server *s, const e2b_mcp_sink *k, const char *id);
#endif
  e2b_mcp_session sub_sess;
  e2b_mcp_sink sub_sink;
  unsigned long sub_polled;   /* when the last poll started (ms) */
  int sub_polling;            /* one is in flight */
  unsigned sub_polls;         /* how many polls have started */
  int nsubs;                  /* subs[0..nsubs) were used (the rest never were) */
#if E2B_MCP_TOOL_LIST_EVENTS
  char sub_ev_last[48];       /* the newest lifecycle event the events poll saw ("": none yet) */
  unsigned char sub_ev_seen;  /* the events poll has run once (what it saw then is only recorded) */
  unsigned char sub_turn;     /* which poll is next when sandboxes and events are both watched */
#endif
#endif
  unsigned long e2b_answered_ms;   /* when E2B last answered anything (>>ops' readiness; 0: never) */
#if E2B_MCP_LIMITS
  e2b_mcp__limits limits;     /* the principals' buckets (>>ops) */
#endif
#if E2B_MCP_METRICS
  e2b_mcp__metrics metrics;   /* what GET /metrics shows (>>metrics) */
#endif
  size_t peek_n;              /* e2b_mcp_peek: 1 + the length of the text parsed in mtok (0: none), */
  const char *peek_msg;       /* and where it is */
  int peek_ntok;
  /* Buffers, in the order a call uses them. Everything from msg on is never
     cleared as a whole, so pages a session does not use stay out of memory. */
  char msg[E2B_MCP_MSG_MAX + 1];
  jsmntok_t mtok[E2B_MCP_MSG_TOKENS];
  jsmntok_t rtok[E2B_MCP_RESP_TOKENS];
  char result[E2B_MCP_RESULT_MAX];
  char content[E2B_MCP_CONTENT_MAX];
  char out[E2B_MCP_OUT_CHUNK];
  char errmsg[E2B_MCP_ERRMSG_MAX];
  e2b_mcp__slot slots[E2B_MCP_CALLS];   /* the tool calls in flight (>>engine); the first nslots were used */
#ifdef E2B_MCP__POOL
  e2b_mcp__buf bufs[E2B_MCP_CALL_BUFS]; /* their buffers (>>engine), shared */
  unsigned char bufs_held[E2B_MCP_CALL_BUFS];   /* bufs[i] is a call's (valid for the first nbufs) */
#endif
#if E2B_MCP_WITH_BATCH
  e2b_mcp__batch batches[E2B_MCP_BATCHES];   /* 2025-03-26 batches being answered (>>engine) */
#endif
#if E2B_MCP__SUBS
  e2b_mcp__sub subs[E2B_MCP_SUBSCRIPTIONS];   /* the subscriptions, of every session (>>resources) */
#endif
#if E2B_MCP__TASKS
  e2b_mcp__task tasks[E2B_MCP_TASKS];   /* long calls as tasks (>>engine) */
#endif
#ifdef E2B_MCP__HTTP
  e2b_mcp_http http;          /* the Streamable HTTP transport's slots */
#endif
#if E2B_MCP_WITH_STDIO
  char stdin_buf[E2B_MCP__D(4096, 256)];    /* stdin's bytes, read by the stdio transport */
  size_t in_at, in_len, line_n;             /* stdin_buf[in_at..in_len) unread; line_n bytes of the next line in msg */
  int in_eof, line_over;
  volatile sig_atomic_t stdio_stop;         /* set (from a signal handler, say) to end e2b_mcp_serve_stdio */
  char stdout_buf[E2B_MCP__D(32768, 256)];  /* stdout's: one write(2) per message up to this size */
#endif
};

/* Set-up. The config is copied; its strings must outlive the server. Returns 0,
   or a negative E2B_MCP_ERR_* when a URL is invalid (or E2B_MCP_ERR_CONFIG, below). A missing or wrong key is
   not an error here: the server starts and each tool says what to fix. */
/* int e2b_mcp_init(e2b_mcp_server *s, const e2b_mcp_config *cfg): the
   caller's idea of the server's size goes along, so a file built with other
   settings than the implementation (another profile, buffer size or token
   layout: another e2b_mcp_server) gets E2B_MCP_ERR_CONFIG instead of a
   server written past its end. */
#define e2b_mcp_init(s, cfg) e2b_mcp_init_sized((s), (cfg), sizeof(e2b_mcp_server))
/* The function behind it, for a caller that cannot use the macro (a binding
   from another language passes the size it reserved for the server). */
E2B_MCP_DEF int  e2b_mcp_init_sized(e2b_mcp_server *s, const e2b_mcp_config *cfg, size_t size);
/* The same as a real function, for taking its address or a foreign-function
   binding that calls by name: (e2b_mcp_init)(s, cfg), or e2b_mcp_init without
   a call after it. It has no size of the caller's to check, so it trusts s to
   be as large as e2b_mcp_server_size() says; reserve that much (aligned for
   any type), or call e2b_mcp_init_sized with what you reserved. */
E2B_MCP_DEF int  (e2b_mcp_init)(e2b_mcp_server *s, const e2b_mcp_config *cfg);
E2B_MCP_DEF size_t e2b_mcp_server_size(void);

#ifdef __cplusplus
}
#endif
#endif /* E2B_MCP_H */

/* ===========================================================================
   IMPLEMENTATION
   Generated from src/ (see src/src.mk): one section a layer, in the order of
   the layers, bottom up. A section calls only the sections above it.
   =========================================================================== */
#ifdef E2B_MCP_IMPLEMENTATION
#ifndef E2B_MCP_IMPLEMENTATION_DONE
#define E2B_MCP_IMPLEMENTATION_DONE
/* What the implementation needs is set up at the first include (jsmn's
   functions, the TLS port's, the POSIX feature macros), so that include must
   already have E2B_MCP_IMPLEMENTATION: one clear word instead of a link error. */
#ifdef E2B_MCP__DECLARED_FIRST
#  error "e2b_mcp.h: define E2B_MCP_IMPLEMENTATION before the first #include of e2b_mcp.h in the implementation file"
#endif

#include <string.h>
#include <stdlib.h>
#include <time.h>     /* wall-clock seconds: requestState expiry */

#define E2B_MCP__COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))
/* Keeps a function's frame off its caller's (the deepest stack path is what a board pays). */
#if defined(__GNUC__)
#  define E2B_MCP__NOINLINE __attribute__((noinline))
#else
#  define E2B_MCP__NOINLINE
#endif
/* A static function some builds do not call (a helper of tools a build leaves
   out): no warning, and the compiler drops it where it is not called. */
#if defined(__GNUC__)
#  define E2B_MCP__UNUSED __attribute__((unused))
#else
#  define E2B_MCP__UNUSED
#endif

/* >>errors: in words ---------------------------------------------------------- */
E2B_MCP_DEF const char *e2b_mcp_strerror(int err) {
  switch (err) {
#define E2B_MCP__CASE(name, code, text) case code: return text;
    E2B_MCP__ERRORS(E2B_MCP__CASE)
#undef E2B_MCP__CASE
    default: return "unknown error";
  }
}

/* >>util -------------------------------------------------------------------
   Small string, number and message-formatting helpers that avoid the locale,
   the heap and printf (which a board would otherwise have to link); each is
   declared, with what it promises, in >>util's declarations (src/util.h). */
static size_t e2b_mcp__strlcpy(char *dst, const char *src, size_t cap) {
  size_t n = strlen(src);
  if (cap == 0) return n;
  if (n >= cap) { memcpy(dst, src, cap - 1); dst[cap - 1] = 0; }
  else memcpy(dst, src, n + 1);
  return n;
}
/* The one case-insensitive compare (ASCII only: header names, tokens and
   host names are ASCII, and the locale must not change what matches):
   ieqn, a[0..n) against b[0..n); ieq, a[0..an) against all of b. */
static char e2b_mcp__lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c; }
#if defined(E2B_MCP__HTTP) || E2B_MCP_WITH_2026 || E2B_MCP_AUDIT   /* the transport's headers, a 2026-07-28 request's, the audit's secret names */
static int e2b_mcp__ieqn(const char *a, const char *b, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) if (e2b_mcp__lower(a[i]) != e2b_mcp__lower(b[i])) return 0;
  return 1;
}
#endif
static int e2b_mcp__ieq(const char *a, size_t an, const char *b) {   /* one pass: a header line meets several names */
  size_t i;
  for (i = 0; i < an; i++) if (!b[i] || e2b_mcp__lower(a[i]) != e2b_mcp__lower(b[i])) return 0;
  return b[an] == 0;
}
/* Equality of two strings: what every compare in the library asks, without
   linking libc's strcmp (an unrolled 700 bytes in newlib-nano). */
static int e2b_mcp__streq(const char *a, const char *b) {
  while (*a && *a == *b) { a++; b++; }
  return *a == *b;
}
/* The same for strncmp's prefix test and strchr: newlib-nano's are 132 and
   208 bytes of word-at-a-time code, these a loop each. */
static int e2b_mcp__starts(const char *s, const char *p) {
  while (*p && *s == *p) { s++; p++; }
  return *p == 0;
}
static char *e2b_mcp__strchr(const char *s, int c) {
  for (;; s++) {
    if (*s == (char)c) return (char *)s;
    if (!*s) return NULL;
  }
}
/* *u /= d, returning the remainder, with 32-bit divisions only: a 32-bit board
   links no 64-bit division routine (700 bytes). A divisor up to 0xffff takes
   three hardware divisions of 16 bits each below the high word; a larger one
   (a huge average's count, never met with the buffers a board has) the bit
   by bit long division. */
static unsigned long e2b_mcp__divmod(unsigned long long *u, unsigned long d) {
  unsigned long hi = (unsigned long)(*u >> 32) & 0xffffffffUL, r, qm, ql;
  unsigned long long q;
  int i;
  if (d <= 0xffffUL) {
    q = (unsigned long long)(hi / d) << 32; r = hi % d;
    qm = ((r << 16) | ((unsigned long)(*u >> 16) & 0xffffUL)) / d; r = ((r << 16) | ((unsigned long)(*u >> 16) & 0xffffUL)) % d;
    ql = ((r << 16) | ((unsigned long)*u & 0xffffUL)) / d; r = ((r << 16) | ((unsigned long)*u & 0xffffUL)) % d;
    *u = q | ((unsigned long long)qm << 16) | ql;
    return r;
  }
  for (q = 0, r = 0, i = 63; i >= 0; i--) {   /* r < d <= 0xffffffff: r << 1 needs 33 bits */
    unsigned long long r2 = ((unsigned long long)r << 1) | ((*u >> i) & 1u);
    if (r2 >= d) { r2 -= d; q |= 1ULL << i; }
    r = (unsigned long)r2;
  }
  *u = q;
  return r;
}
static int e2b_mcp__fmt_ll(char *buf, long long v) {  /* returns length, buf >= 21 */
  char t[24];
  int n = 0, k = 0;
  unsigned long long u = v < 0 ? (unsigned long long)(-(v + 1)) + 1u : (unsigned long long)v;
  do { t[n++] = (char)('0' + (int)e2b_mcp__divmod(&u, 10u)); } while (u);
  if (v < 0) buf[k++] = '-';
  while (n) buf[k++] = t[--n];
  buf[k] = 0;
  return k;
}
/* A printf subset for messages, so no printf is linked on a board:
   %s %.*s %c %d %i %u %x with the l and ll modifiers, and %%. Anything else
   prints '?'. Always NUL-terminates within cap; returns the length written. */
static size_t e2b_mcp__vfmt(char *buf, size_t cap, const char *fmt, va_list ap) {
  size_t o = 0;
  if (!cap) return 0;
#define E2B_MCP__PUT(ch) do { if (o + 1 < cap) buf[o++] = (ch); } while (0)
  for (; *fmt; fmt++) {
    char num[24];
    const char *str = num;
    size_t len = (size_t)-1;
    int lng = 0;
    if (*fmt != '%') { E2B_MCP__PUT(*fmt); continue; }
    fmt++;
    if (fmt[0] == '.' && fmt[1] == '*') { len = (size_t)va_arg(ap, int); fmt += 2; }
    while (*fmt == 'l') { lng++; fmt++; }
    switch (*fmt) {
      case 's': str = va_arg(ap, const char *); if (!str) str = "(null)"; break;
      case 'c': num[0] = (char)va_arg(ap, int); num[1] = 0; break;
      case 'd': case 'i':
        e2b_mcp__fmt_ll(num, lng >= 2 ? va_arg(ap, long long) : lng ? (long long)va_arg(ap, long) : (long long)va_arg(ap, int));
        break;
      case 'u': case 'x': {
        unsigned long long u = lng >= 2 ? va_arg(ap, unsigned long long) : lng ? (unsigned long long)va_arg(ap, unsigned long)
                                                                              : (unsigned long long)va_arg(ap, unsigned);
        unsigned base = *fmt == 'x' ? 16u : 10u;
        int n = 0, k = 0;
        char t[24];
        do { t[n++] = "0123456789abcdef"[e2b_mcp__divmod(&u, base)]; } while (u);
        while (n) num[k++] = t[--n];
        num[k] = 0;
        break;
      }
      case '%': num[0] = '%'; num[1] = 0; break;
      case 0: fmt--; num[0] = 0; break;
      default: num[0] = '?'; num[1] = 0; break;
    }
    for (; len && *str; str++, len--) E2B_MCP__PUT(*str);   /* %.*s may name bytes with no NUL after them */
  }
#undef E2B_MCP__PUT
  buf[o] = 0;
  return o;
}
static size_t e2b_mcp__fmt(char *buf, size_t cap, const char *fmt, ...) {
  va_list ap;
  size_t n;
  va_start(ap, fmt);
  n = e2b_mcp__vfmt(buf, cap, fmt, ap);
  va_end(ap);
  return n;
}
/* Parses a decimal integer of exactly n bytes; 0 on success. */
static int e2b_mcp__parse_ll(const char *s, size_t n, long long *out) {
  size_t i = 0;
  int neg = 0;
  unsigned long long v = 0;
  if (n && (s[0] == '-' || s[0] == '+')) { neg = s[0] == '-'; i = 1; }
  if (i == n || n - i > 18) return -1;
  for (; i < n; i++) {
    if (s[i] < '0' || s[i] > '9') return -1;
    v = v * 10u + (unsigned)(s[i] - '0');
  }
  *out = neg ? -(long long)v : (long long)v;
  return 0;
}

/* >>json writer ------------------------------------------------------------ */
static void e2b_mcp__w_put(e2b_mcp_json *w, const char *p, size_t n) {
  if (w->err) return;
  while (n) {
    size_t room = w->cap - w->len;
    if (room == 0) {
      if (!w->flush) { w->err = E2B_MCP_ERR_TOO_LARGE; return; }
      if (w->flush(w->ctx, w->buf, w->len) != 0) { w->err = E2B_MCP_ERR_IO; return; }
      w->flushed += w->len;
      w->len = 0;
      continue;
    }
    if (room > n) room = n;
    memcpy(w->buf + w->len, p, room);
    w->len += room; p += room; n -= room;
  }
}
static void e2b_mcp__w_c(e2b_mcp_json *w, char c) {
  if (!w->err && w->len < w->cap) w->buf[w->len++] = c;
  else e2b_mcp__w_put(w, &c, 1);
}
/* Comma before a member or element, unless it directly follows a key. */
static void e2b_mcp__w_sep(e2b_mcp_json *w) {
  if (w->after_key) { w->after_key = 0; return; }
  if (w->depth > 0 && (w->has_item >> w->depth & 1u)) e2b_mcp__w_c(w, ',');
  w->has_item |= (uint32_t)1u << w->depth;
}
E2B_MCP_DEF void e2b_mcp_json_init(e2b_mcp_json *w, char *buf, size_t cap) {
  memset(w, 0, sizeof *w);
  w->buf = buf; w->cap = cap;
}
static void e2b_mcp__w_open(e2b_mcp_json *w, char c) {
  e2b_mcp__w_sep(w);
  e2b_mcp__w_c(w, c);
  if (w->depth >= 31) { w->err = E2B_MCP_ERR_TOO_LARGE; return; }
  w->depth++;
  w->has_item &= ~((uint32_t)1u << w->depth);
}
static void e2b_mcp__w_close(e2b_mcp_json *w, char c) {
  if (w->depth > 0) w->depth--;
  e2b_mcp__w_c(w, c);
}
E2B_MCP_DEF void e2b_mcp_json_obj(e2b_mcp_json *w) { e2b_mcp__w_open(w, '{'); }
E2B_MCP_DEF void e2b_mcp_json_obj_end(e2b_mcp_json *w) { e2b_mcp__w_close(w, '}'); }
E2B_MCP_DEF void e2b_mcp_json_arr(e2b_mcp_json *w) { e2b_mcp__w_open(w, '['); }
E2B_MCP_DEF void e2b_mcp_json_arr_end(e2b_mcp_json *w) { e2b_mcp__w_close(w, ']'); }

/* Length of the valid UTF-8 sequence at s (1..4), or 0 when invalid. */
static int e2b_mcp__utf8_len(const unsigned char *s, size_t n) {
  unsigned c = s[0];
  int len, i;
  unsigned cp;
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) { len = 2; cp = c & 0x1F; }
  else if (c >= 0xE0 && c <= 0xEF) { len = 3; cp = c & 0x0F; }
  else if (c >= 0xF0 && c <= 0xF4) { len = 4; cp = c & 0x07; }
  else return 0;
  if ((size_t)len > n) return 0;
  for (i = 1; i < len; i++) {
    if ((s[i] & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (s[i] & 0x3F);
  }
  if ((len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
    return 0;
  return len;
}

/* One byte that needs more than itself: its escape into out (2 or 6 bytes). */
static size_t e2b_mcp__escape_byte(unsigned c, char *out) {
  static const char hex[] = "0123456789abcdef";
  const char *esc = NULL;
  switch (c) {
    case '"': esc = "\\\""; break;
    case '\\': esc = "\\\\"; break;
    case '\n': esc = "\\n"; break;
    case '\r': esc = "\\r"; break;
    case '\t': esc = "\\t"; break;
    case '\b': esc = "\\b"; break;
    case '\f': esc = "\\f"; break;
    default: break;
  }
  if (esc) { out[0] = esc[0]; out[1] = esc[1]; return 2; }
  if (c < 0x20) {
    out[0] = '\\'; out[1] = 'u'; out[2] = '0'; out[3] = '0'; out[4] = hex[c >> 4]; out[5] = hex[c & 15];
  } else memcpy(out, "\\ufffd", 6);   /* a byte that is not valid UTF-8 */
  return 6;
}

/* Escapes straight into the buffer while it has room for the worst case of one
   input byte (6); a nearly full fixed buffer takes the byte-exact slow path so
   that what fits is written and the overflow is reported. This is the hottest
   loop of a tool call: every result is also sent as escaped text. */
E2B_MCP_DEF void e2b_mcp_json_escape(e2b_mcp_json *w, const char *s, size_t n) {
  const unsigned char *p = (const unsigned char *)s;
  size_t i = 0;
  while (i < n && !w->err) {
    char *o = w->buf + w->len, *end = w->buf + w->cap;
    if (end - o < 6) {
      if (w->flush && w->len) {   /* a streaming writer: hand over what is staged */
        if (w->flush(w->ctx, w->buf, w->len) != 0) { w->err = E2B_MCP_ERR_IO; return; }
        w->flushed += w->len;
        w->len = 0;
        continue;
      }
      for (; i < n && !w->err; i++) {   /* the last few bytes of a fixed buffer */
        char e[6];
        unsigned c = p[i];
        int l;
        if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') e2b_mcp__w_put(w, (const char *)p + i, 1);
        else if (c >= 0x80 && (l = e2b_mcp__utf8_len(p + i, n - i)) > 0) { e2b_mcp__w_put(w, (const char *)p + i, (size_t)l); i += (size_t)l - 1; }
        else e2b_mcp__w_put(w, e, e2b_mcp__escape_byte(c, e));
      }
      return;
    }
    end -= 6;
    while (i < n && o <= end) {
      unsigned c = p[i];
      int l;
      if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') { *o++ = (char)c; i++; }
      else if (c >= 0x80 && (l = e2b_mcp__utf8_len(p + i, n - i)) > 0) { while (l--) *o++ = (char)p[i++]; }
      else { o += e2b_mcp__escape_byte(c, o); i++; }
    }
    w->len = (size_t)(o - w->buf);
  }
}
E2B_MCP_DEF void e2b_mcp_json_strn(e2b_mcp_json *w, const char *s, size_t n) {
  e2b_mcp__w_sep(w);
  e2b_mcp__w_c(w, '"');
  e2b_mcp_json_escape(w, s, n);
  e2b_mcp__w_c(w, '"');
}
E2B_MCP_DEF void e2b_mcp_json_str(e2b_mcp_json *w, const char *s) { e2b_mcp_json_strn(w, s, strlen(s)); }
E2B_MCP_DEF void e2b_mcp_json_key(e2b_mcp_json *w, const char *key) {
  e2b_mcp_json_str(w, key);
  e2b_mcp__w_c(w, ':');
  w->after_key = 1;
}
E2B_MCP_DEF void e2b_mcp_json_int(e2b_mcp_json *w, long long v) {
  char b[24];
  int n = e2b_mcp__fmt_ll(b, v);
  e2b_mcp__w_sep(w);
  e2b_mcp__w_put(w, b, (size_t)n);
}
E2B_MCP_DEF void e2b_mcp_json_bool(e2b_mcp_json *w, int v) { e2b_mcp_json_raw(w, v ? "true" : "false", v ? 4 : 5); }
E2B_MCP_DEF void e2b_mcp_json_null(e2b_mcp_json *w) { e2b_mcp_json_raw(w, "null", 4); }
E2B_MCP_DEF void e2b_mcp_json_raw(e2b_mcp_json *w, const char *json, size_t n) {
  e2b_mcp__w_sep(w);
  e2b_mcp__w_put(w, json, n);
}
E2B_MCP_DEF int e2b_mcp_json_end(e2b_mcp_json *w) {
  if (!w->err && w->flush && w->len) {
    if (w->flush(w->ctx, w->buf, w->len) != 0) w->err = E2B_MCP_ERR_IO;
    else { w->flushed += w->len; w->len = 0; }
  }
  return w->err;
}

/* >>json reader --------------------------------------------------------------
   jsmn tokens over caller text. Helpers: compare, skip a subtree, find a key,
   read a string (unescaped), an integer or a boolean. */
static int e2b_mcp__tok_eq(const char *js, const jsmntok_t *t, const char *s) {
  size_t n;
  if (t->type != JSMN_STRING || t->end == t->start || js[t->start] != s[0]) return t->type == JSMN_STRING && t->end == t->start && !s[0];
  n = strlen(s);   /* only when the first byte matches: the copy loop asks this for every key */
  return (size_t)(t->end - t->start) == n && memcmp(js + t->start, s, n) == 0;
}
/* Index of the token after the subtree rooted at i. */
static int e2b_mcp__tok_skip(const jsmntok_t *t, int i) {
  int pending = 1;
  while (pending > 0) {
    pending--;
    if (t[i].type == JSMN_OBJECT) pending += t[i].size * 2;
    else if (t[i].type == JSMN_ARRAY) pending += t[i].size;
    i++;
  }
  return i;
}
/* Value token of key in the object at obj, or -1. */
static int e2b_mcp__tok_get(const char *js, const jsmntok_t *t, int obj, const char *key) {
  int i, k;
  if (obj < 0 || t[obj].type != JSMN_OBJECT) return -1;
  for (i = obj + 1, k = 0; k < t[obj].size; k++) {
    if (e2b_mcp__tok_eq(js, &t[i], key)) return i + 1;
    i = e2b_mcp__tok_skip(t, i + 1);
  }
  return -1;
}
static int e2b_mcp__hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}
static int e2b_mcp__hex4(const char *s) {
  int i, v = 0;
  for (i = 0; i < 4; i++) { int h = e2b_mcp__hexval(s[i]); if (h < 0) return -1; v = v * 16 + h; }
  return v;
}
/* Unescapes a JSON string body into buf (NUL-terminated). Returns the length,
   or -1 when it does not fit or is malformed. */
static int e2b_mcp__unescape(const char *s, size_t n, char *buf, size_t cap) {
  size_t i = 0, o = 0;
  while (i < n) {
    unsigned long cp;
    char c = s[i++];
    if (c != '\\') { if (o + 1 >= cap) return -1; buf[o++] = c; continue; }
    if (i >= n) return -1;
    c = s[i++];
    switch (c) {
      case 'n': cp = '\n'; break; case 't': cp = '\t'; break; case 'r': cp = '\r'; break;
      case 'b': cp = '\b'; break; case 'f': cp = '\f'; break;
      case '/': case '\\': case '"': cp = (unsigned char)c; break;
      case 'u': {
        int h;
        if (i + 4 > n || (h = e2b_mcp__hex4(s + i)) < 0) return -1;
        i += 4; cp = (unsigned long)h;
        if (cp >= 0xD800 && cp <= 0xDBFF && i + 6 <= n && s[i] == '\\' && s[i + 1] == 'u') {
          int lo = e2b_mcp__hex4(s + i + 2);
          if (lo >= 0xDC00 && lo <= 0xDFFF) { cp = 0x10000 + ((cp - 0xD800) << 10) + ((unsigned long)lo - 0xDC00); i += 6; }
        }
        if (cp >= 0xD800 && cp <= 0xDFFF) cp = 0xFFFD;  /* lone surrogate */
        if (cp == 0) return -1;   /* a NUL would cut the C string short */
        break;
      }
      default: return -1;
    }
    if (o + 5 >= cap) return -1;
    if (cp < 0x80) buf[o++] = (char)cp;
    else if (cp < 0x800) { buf[o++] = (char)(0xC0 | (cp >> 6)); buf[o++] = (char)(0x80 | (cp & 0x3F)); }
    else if (cp < 0x10000) {
      buf[o++] = (char)(0xE0 | (cp >> 12)); buf[o++] = (char)(0x80 | ((cp >> 6) & 0x3F)); buf[o++] = (char)(0x80 | (cp & 0x3F));
    } else {
      buf[o++] = (char)(0xF0 | (cp >> 18)); buf[o++] = (char)(0x80 | ((cp >> 12) & 0x3F));
      buf[o++] = (char)(0x80 | ((cp >> 6) & 0x3F)); buf[o++] = (char)(0x80 | (cp & 0x3F));
    }
  }
  if (o >= cap) return -1;
  buf[o] = 0;
  return (int)o;
}
static int e2b_mcp__tok_str(const char *js, const jsmntok_t *t, char *buf, size_t cap) {
  if (t->type != JSMN_STRING) return -1;
  return e2b_mcp__unescape(js + t->start, (size_t)(t->end - t->start), buf, cap);
}
static int e2b_mcp__tok_int(const char *js, const jsmntok_t *t, long long *v) {
  size_t n = (size_t)(t->end - t->start), k;
  if (t->type != JSMN_PRIMITIVE) return -1;
  for (k = 0; k < n && js[t->start + k] != '.'; k++) {}
  if (k < n) {   /* 3.0 is an integer too (JSON Schema): only zeros after the point */
    size_t z = k + 1;
    while (z < n && js[t->start + z] == '0') z++;
    if (z == k + 1 || z != n) return -1;
    n = k;
  }
  return e2b_mcp__parse_ll(js + t->start, n, v);
}
static int e2b_mcp__tok_bool(const char *js, const jsmntok_t *t, int *v) {
  if (t->type != JSMN_PRIMITIVE) return -1;
  if (js[t->start] == 't') { *v = 1; return 0; }
  if (js[t->start] == 'f') { *v = 0; return 0; }
  return -1;
}
/* Copies a JSON value's text as JSON (an id or a token for an answer). */
static int e2b_mcp__tok_json(const char *js, const jsmntok_t *t, char *buf, size_t cap) {
  size_t s = (size_t)t->start - (t->type == JSMN_STRING ? 1u : 0u);
  size_t e = (size_t)t->end + (t->type == JSMN_STRING ? 1u : 0u), i;
  int l;
  if (e - s + 1 > cap) return -1;
  /* The text is echoed into answers, and jsmn passes raw control characters
     and invalid UTF-8 in strings: such a value is not JSON (found by fuzzing;
     over HTTP a raw newline in an id would even split an SSE event). */
  for (i = s; i < e; i += (size_t)l)
    if ((unsigned char)js[i] < 0x20 || (l = e2b_mcp__utf8_len((const unsigned char *)js + i, e - i)) == 0) return -1;
  memcpy(buf, js + s, e - s);
  buf[e - s] = 0;
  return (int)(e - s);
}
/* jsmn's strict mode checks only a primitive's first character ("tru", "1.2.3"
   and "-" pass), and primitives are copied verbatim into results, so each one
   is checked here: true, false, null or an RFC 8259 number. */
static int e2b_mcp__prim_ok(const char *p, size_t n) {
  size_t i = 0, d;
  if ((n == 4 && (memcmp(p, "true", 4) == 0 || memcmp(p, "null", 4) == 0)) || (n == 5 && memcmp(p, "false", 5) == 0)) return 1;
  if (i < n && p[i] == '-') i++;
  if (i < n && p[i] == '0') i++;
  else { for (d = i; i < n && p[i] >= '0' && p[i] <= '9'; i++) {} if (i == d) return 0; }
  if (i < n && p[i] == '.') { for (d = ++i; i < n && p[i] >= '0' && p[i] <= '9'; i++) {} if (i == d) return 0; }
  if (i < n && (p[i] == 'e' || p[i] == 'E')) {
    i++;
    if (i < n && (p[i] == '+' || p[i] == '-')) i++;
    for (d = i; i < n && p[i] >= '0' && p[i] <= '9'; i++) {}
    if (i == d) return 0;
  }
  return i == n;
}
/* Whether p[a..b) is white space only, with at most one sep (0: none) in it. */
static int e2b_mcp__gap_ok(const char *p, size_t a, size_t b, char sep) {
  if (a > b) return 0;
  while (a < b && (p[a] == ' ' || p[a] == '\t' || p[a] == '\r' || p[a] == '\n')) a++;
  if (sep) {
    if (a == b || p[a] != sep) return 0;
    for (a++; a < b && (p[a] == ' ' || p[a] == '\t' || p[a] == '\r' || p[a] == '\n'); a++) {}
  }
  return a == b;
}
/* Parses text into tokens; returns the count, or < 0: a jsmn error, or
   E2B_MCP__JSON_DEEP for valid-looking JSON nested deeper than E2B_MCP__JSON_DEPTH.
   jsmn, even in strict mode, is lenient about what lies between tokens
   ({"a":1,} and [1 2] pass, and {"a"}, {"a","b"} or ["a":1] parse into shapes
   every walker here would misread) and checks only a primitive's first
   character ("tru", "1.2.3"). So the tokens are walked once more, with a stack
   of the open containers: each primitive is true, false, null or an RFC 8259
   number; a string holds no raw control character; an object's children are
   key (a string with one value) and value in turn, an array's are values; the
   text between two tokens is white space around exactly the ',' or ':' that
   belongs there, and nothing else. What passes is RFC 8259 JSON (bytes that
   are not UTF-8 aside: they are replaced on output). */
#define E2B_MCP__JSON_DEEP (-4)
#define E2B_MCP__JSON_DEPTH E2B_MCP__D(64, 24)
static int e2b_mcp__parse(const char *js, size_t n, jsmntok_t *t, int cap) {
  struct { int tok, left; size_t last; } st[E2B_MCP__JSON_DEPTH];   /* last: where the previous child ended */
  jsmn_parser p;
  int r, i, sp = 0;
  size_t pos = 0;
  jsmn_init(&p);
  r = jsmn_parse(&p, js, n, t, (unsigned)cap);
  for (i = 0; i < r; i++) {
    const jsmntok_t *c = &t[i];
    int str = c->type == JSMN_STRING, cont = c->type == JSMN_OBJECT || c->type == JSMN_ARRAY;
    size_t from = (size_t)c->start - (str ? 1u : 0u), to = (size_t)c->end + (str ? 1u : 0u), k;
    if (c->start < 0 || c->end < c->start || (size_t)c->end > n) return JSMN_ERROR_INVAL;
    if (sp == 0) {   /* a top-level value: white space before it */
      if (!e2b_mcp__gap_ok(js, pos, from, 0)) return JSMN_ERROR_INVAL;
    } else {
      const jsmntok_t *pc = &t[st[sp - 1].tok];
      int obj = pc->type == JSMN_OBJECT, idx = (obj ? 2 * pc->size : pc->size) - st[sp - 1].left;
      int is_key = obj && !(idx & 1);
      if (to >= (size_t)pc->end) return JSMN_ERROR_INVAL;   /* inside its parent, before the closer */
      if (!e2b_mcp__gap_ok(js, st[sp - 1].last, from, idx == 0 ? 0 : obj && (idx & 1) ? ':' : ',')) return JSMN_ERROR_INVAL;
      if (is_key ? !str || c->size != 1 : str && c->size != 0) return JSMN_ERROR_INVAL;
      st[sp - 1].left--;
    }
    if (c->type == JSMN_PRIMITIVE && !e2b_mcp__prim_ok(js + c->start, (size_t)(c->end - c->start))) return JSMN_ERROR_INVAL;
    if (str) for (k = (size_t)c->start; k < (size_t)c->end; k++) if ((unsigned char)js[k] < 0x20) return JSMN_ERROR_INVAL;
    if (cont) {
      if (c->size < 0 || c->end < c->start + 2) return JSMN_ERROR_INVAL;
      if (sp == E2B_MCP__JSON_DEPTH) return E2B_MCP__JSON_DEEP;
      st[sp].tok = i;
      st[sp].left = c->type == JSMN_OBJECT ? 2 * c->size : c->size;
      st[sp].last = (size_t)c->start + 1;
      sp++;
      if (c->size > 0) continue;
      to = (size_t)c->start + 1;   /* an empty one closes at once, below */
    }
    /* a value is complete: close every container it completes */
    while (sp > 0) {
      const jsmntok_t *pc = &t[st[sp - 1].tok];
      if (st[sp - 1].left > 0) { st[sp - 1].last = to; break; }
      if (!e2b_mcp__gap_ok(js, to, (size_t)pc->end - 1, 0)) return JSMN_ERROR_INVAL;
      to = (size_t)pc->end;
      sp--;
    }
    if (sp == 0) pos = to;
  }
  if (r > 0 && sp != 0) return JSMN_ERROR_INVAL;   /* a container claims more children than follow */
  return r;
}
/* A security document (an access token's header and claims, a JWKS, an
   authorization server's metadata) is read strictly: RFC 8259 leaves a
   member name given twice to the reader, and RFC 7519 section 4 asks that a
   JWT holding one be refused (or read by its last value). A reader that
   takes the first while the issuer, a proxy or the next service takes the
   last would read another token than they do ({"sub":"alice",...,
   "sub":"mallory"}), so any object, at any depth, that names a member twice
   is refused, and so is a member name written with an escape (\u0065xp is
   exp), so that names compare byte for byte. What e2b_mcp__parse returns,
   or E2B_MCP__JSON_DUP with *dup the doubled name's token. */
#if E2B_MCP_AUTH
#define E2B_MCP__JSON_DUP (-5)
static int e2b_mcp__parse_strict(const char *js, size_t n, jsmntok_t *t, int cap, int *dup) {
  int r = e2b_mcp__parse(js, n, t, cap), i, j, k, l, m;
  *dup = -1;
  for (i = 0; i < r; i++) {
    if (t[i].type != JSMN_OBJECT) continue;
    for (j = i + 1, k = 0; k < t[i].size; k++, j = e2b_mcp__tok_skip(t, j + 1)) {
      size_t kn = (size_t)(t[j].end - t[j].start);
      if (memchr(js + t[j].start, '\\', kn)) { *dup = j; return E2B_MCP__JSON_DUP; }
      for (l = i + 1, m = 0; m < k; m++, l = e2b_mcp__tok_skip(t, l + 1))
        if ((size_t)(t[l].end - t[l].start) == kn && memcmp(js + t[l].start, js + t[j].start, kn) == 0) { *dup = j; return E2B_MCP__JSON_DUP; }
    }
  }
  return r;
}
#endif
/* Parses text this library or its caller wrote (a tool's schemas, a result
   the JSON writer made): jsmn alone. The walk above guards against what
   arrives from outside; a built-in schema parsed on every call would pay
   for it twice per call to prove what the unit tests already prove. */
static int e2b_mcp__parse_own(const char *js, size_t n, jsmntok_t *t, int cap) {
  jsmn_parser p;
  jsmn_init(&p);
  return jsmn_parse(&p, js, n, t, (unsigned)cap);
}

E2B_MCP_DEF int e2b_mcp_json_find(const char *js, const jsmntok_t *t, int obj, const char *key) {
  return e2b_mcp__tok_get(js, t, obj, key);
}

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
/* >>ports --------------------------------------------------------------------
   The socket port (its contract: e2b_mcp_sock_port) and what is built on it
   here: the port's clock, an idle connection's check, the chunked file reader a TLS port may load trust anchors with
   (e2b_mcp_file_stream), and what E2B_MCP_TLS_NONE has of a TLS port (the TLS port
   contract: >>ports in the declarations; a built-in port's functions came
   with its types). The POSIX port uses only the public part of this header. */
#if defined(E2B_MCP_SOCK_POSIX)
#  include "ports/e2b_mcp_sock_posix.h"
#elif defined(E2B_MCP_SOCK_WIN32)
#  include "ports/e2b_mcp_sock_win32.h"
#endif
static unsigned long e2b_mcp__port_now(const e2b_mcp_sock_port *p) { return p && p->now_ms ? p->now_ms(p->user) : 0; }

/* What is there to read now: > 0, 0 at the end, E2B_MCP_ERR_AGAIN or an error. */
static int e2b_mcp__sock_recv(e2b_mcp_sock *s, unsigned char *b, size_t n) { return s->port->recv(s->port->user, s, b, n); }
static void e2b_mcp__sock_close(e2b_mcp_sock *s) { if (s->port) s->port->close(s->port->user, s); s->h = -1; }
/* The port used when the config names none: POSIX's, Windows', or one with no network. */
#if defined(E2B_MCP_SOCK_POSIX)
#  define e2b_mcp__default_port e2b_mcp_sock_posix
#elif defined(E2B_MCP_SOCK_WIN32)
#  define e2b_mcp__default_port e2b_mcp_sock_win32
#else
static int e2b_mcp__none_resolve(void *u, const char *h, e2b_mcp_addr *a) { (void)u; (void)h; (void)a; return E2B_MCP_ERR_DNS; }
static int e2b_mcp__none_wait(void *u, e2b_mcp_poll *p, int n, int to) { (void)u; (void)p; (void)n; (void)to; return 0; }
static void e2b_mcp__none_close(void *u, e2b_mcp_sock *s) { (void)u; s->h = -1; }
static const e2b_mcp_sock_port e2b_mcp__default_port = {
  NULL, e2b_mcp__none_resolve, NULL, NULL, NULL, e2b_mcp__none_close, NULL, NULL, NULL, NULL, e2b_mcp__none_wait, NULL, NULL
};
#endif

/* Whether an idle keep-alive connection can still carry a request: nothing is
   pending on it. A server that closed it while idle has left an end of stream
   (or a TLS close_notify) to read, so it is reopened before sending rather
   than retried after. */
static int e2b_mcp__sock_idle_ok(e2b_mcp_sock *s) {
  e2b_mcp_poll q;
  q.sock = s; q.want = E2B_MCP_WANT_READ; q.ready = 0;
  return s->port->wait(s->port->user, &q, 1, 0) <= 0 || !q.ready;
}

#if !defined(E2B_MCP_TLS_NONE)
/* Streams a file (trust anchors) to push in 256-byte chunks, with no whole-file
   buffer; 0, or -1 when it cannot be read or push refuses. POSIX read(2) with
   the POSIX socket port, stdio otherwise; E2B_MCP_TLS_NO_FILE: no file system. */
#  if !defined(E2B_MCP_TLS_NO_FILE) && defined(E2B_MCP_SOCK_POSIX)
#    include <fcntl.h>
#    include <unistd.h>
#    include <errno.h>
E2B_MCP_DEF int e2b_mcp_file_stream(const char *path, int (*push)(void *ctx, const unsigned char *p, size_t n), void *ctx) {
  unsigned char chunk[256];
  int fd, rc = 0;
  ssize_t r;
  do { fd = open(path, O_RDONLY); } while (fd < 0 && errno == EINTR);
  if (fd < 0) return -1;
  for (;;) {
    r = read(fd, chunk, sizeof chunk);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) { rc = -1; break; }
    if (r == 0) break;
    if (push(ctx, chunk, (size_t)r) != 0) { rc = -1; break; }
  }
  close(fd);
  return rc;
}
#  elif !defined(E2B_MCP_TLS_NO_FILE)
#    include <stdio.h>
E2B_MCP_DEF int e2b_mcp_file_stream(const char *path, int (*push)(void *ctx, const unsigned char *p, size_t n), void *ctx) {
  unsigned char chunk[256];
  size_t r;
  int rc = 0;
  FILE *f = fopen(path, "rb");
  if (!f) return -1;
  while ((r = fread(chunk, 1, sizeof chunk, f)) > 0)
    if (push(ctx, chunk, r) != 0) { rc = -1; break; }
  if (ferror(f)) rc = -1;
  fclose(f);
  return rc;
}
#  else
E2B_MCP_DEF int e2b_mcp_file_stream(const char *path, int (*push)(void *ctx, const unsigned char *p, size_t n), void *ctx) {
  (void)path; (void)push; (void)ctx;
  return -1;
}
#  endif
#endif

/* E2B_MCP_TLS_NONE: no TLS stream at all (https:// is refused before a
   socket opens, E2B_MCP_ERR_NO_TLS); only init asks for anchors. */
#if defined(E2B_MCP_TLS_NONE)
static int e2b_mcp_tls_trust_init(e2b_mcp_tls_trust *tr, const char *ca_file) { (void)tr; (void)ca_file; return E2B_MCP_ERR_NO_TLS; }
#endif
/* E2B_MCP_AUTH forced on without a port that verifies: verifiers that refuse
   (e2b_mcp_auth_verify says E2B_MCP_AUTH_NO_VERIFIER before it asks them). */
#if E2B_MCP_AUTH && !E2B_MCP__AUTH_VERIFIER
static int e2b_mcp_tls_rsa_verify(const unsigned char *n, size_t nlen, const unsigned char *e, size_t elen,
                                  const unsigned char hash[32], const unsigned char *sig, size_t slen) {
  (void)n; (void)nlen; (void)e; (void)elen; (void)hash; (void)sig; (void)slen;
  return -1;
}
static int e2b_mcp_tls_p256_verify(const unsigned char q[65], const unsigned char hash[32], const unsigned char sig[64]) {
  (void)q; (void)hash; (void)sig;
  return -1;
}
#endif
/* >>stream ---------------------------------------------------------------------
   The plain stream and the TLS stream (the TLS port's functions behind the
   same vtable), and closing a connection whatever its stream. */
static int e2b_mcp__st_plain_start(e2b_mcp_conn *c, e2b_mcp_tls_trust *tr, const char *host) { (void)c; (void)tr; (void)host; return 0; }
static int e2b_mcp__st_plain_handshake(e2b_mcp_conn *c, e2b_mcp_tls_trust *tr) { (void)c; (void)tr; return 0; }
static int e2b_mcp__st_plain_send(e2b_mcp_conn *c, const unsigned char *p, size_t n) { return c->sock.port->send(c->sock.port->user, &c->sock, p, n); }
static int e2b_mcp__st_plain_flush(e2b_mcp_conn *c) { (void)c; return 0; }
static int e2b_mcp__st_plain_recv(e2b_mcp_conn *c, unsigned char *p, size_t n) { return e2b_mcp__sock_recv(&c->sock, p, n); }
static void e2b_mcp__st_plain_close(e2b_mcp_conn *c) { (void)c; }
static int e2b_mcp__st_plain_want(const e2b_mcp_conn *c, int plain) { (void)c; return plain; }
static const e2b_mcp__stream e2b_mcp__stream_plain = {
  e2b_mcp__st_plain_start, e2b_mcp__st_plain_handshake, e2b_mcp__st_plain_send, e2b_mcp__st_plain_flush,
  e2b_mcp__st_plain_recv, e2b_mcp__st_plain_close, e2b_mcp__st_plain_want
};

#if !defined(E2B_MCP_TLS_NONE)   /* without a TLS port, https:// is refused before a stream is chosen */
static int e2b_mcp__st_tls_start(e2b_mcp_conn *c, e2b_mcp_tls_trust *tr, const char *host) {
#ifdef E2B_MCP__TLS_LEND_ROOM
  e2b_mcp_tls_lend(&c->tls, c->lend, c->lend_n);
  c->lend = NULL; c->lend_n = 0;
#endif
  return e2b_mcp_tls_start(&c->tls, tr, host);
}
static int e2b_mcp__st_tls_handshake(e2b_mcp_conn *c, e2b_mcp_tls_trust *tr) { return e2b_mcp_tls_handshake(&c->tls, tr, &c->sock); }
static int e2b_mcp__st_tls_send(e2b_mcp_conn *c, const unsigned char *p, size_t n) { return e2b_mcp_tls_send(&c->tls, &c->sock, p, n); }
static int e2b_mcp__st_tls_flush(e2b_mcp_conn *c) { return e2b_mcp_tls_flush(&c->tls, &c->sock); }
static int e2b_mcp__st_tls_recv(e2b_mcp_conn *c, unsigned char *p, size_t n) { return e2b_mcp_tls_recv(&c->tls, &c->sock, p, n); }
static void e2b_mcp__st_tls_close(e2b_mcp_conn *c) { e2b_mcp_tls_close(&c->tls, &c->sock); }
static int e2b_mcp__st_tls_want(const e2b_mcp_conn *c, int plain) { (void)plain; return c->tls.want; }
static const e2b_mcp__stream e2b_mcp__stream_tls = {
  e2b_mcp__st_tls_start, e2b_mcp__st_tls_handshake, e2b_mcp__st_tls_send, e2b_mcp__st_tls_flush,
  e2b_mcp__st_tls_recv, e2b_mcp__st_tls_close, e2b_mcp__st_tls_want
};
#endif

/* Closes the connection, or the socket of one still connecting or in its
   handshake (whose stream has nothing to end yet). */
static void e2b_mcp__conn_close(e2b_mcp_conn *c) {
  if (c->open && c->st) c->st->close(c);
  if (c->open || c->sock.h >= 0) e2b_mcp__sock_close(&c->sock);
  c->open = 0;
}
/* >>redis: connecting, a command, its reply ------------------------------------- */
#if E2B_MCP_REDIS
#define E2B_MCP__RD_RETRY_MS 250   /* after a failure, commands fail at once for this long */

static int e2b_mcp__rd_hex(char c) {
  return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}
/* p[0..n) percent-decoded into out (cap with its NUL): 0, or -1 when it does not fit or is malformed. */
static int e2b_mcp__rd_decode(const char *p, size_t n, char *out, size_t cap) {
  size_t i, k = 0;
  for (i = 0; i < n; i++) {
    char c = p[i];
    if (c == '%') {
      int hi = n - i >= 3 ? e2b_mcp__rd_hex(p[i + 1]) : -1, lo = n - i >= 3 ? e2b_mcp__rd_hex(p[i + 2]) : -1;
      if (hi < 0 || lo < 0) return -1;
      c = (char)(hi * 16 + lo);
      i += 2;
    }
    if (k + 1 >= cap || c == 0) return -1;
    out[k++] = c;
  }
  out[k] = 0;
  return 0;
}

static int e2b_mcp__rd_bad(e2b_mcp_redis *r, const char *why) {
  e2b_mcp__strlcpy(r->why, why, sizeof r->why);
  return E2B_MCP_ERR_URL;
}

E2B_MCP_DEF int e2b_mcp_redis_init(e2b_mcp_redis *r, const char *url, const e2b_mcp_sock_port *net, e2b_mcp_tls_trust *trust) {
  const char *p, *at, *end, *hs, *he, *slash;
  size_t n;
  memset(r, 0, sizeof *r);
  r->net = net ? net : &e2b_mcp__default_port;
  r->trust = trust;
  r->timeout_ms = 500;
  r->conn.sock.h = -1;
  if (!url) return e2b_mcp__rd_bad(r, "no Redis URL");
  if (strncmp(url, "redis://", 8) == 0) p = url + 8;
  else if (strncmp(url, "rediss://", 9) == 0) { p = url + 9; r->tls = 1; }
  else return e2b_mcp__rd_bad(r, "the Redis URL must start with redis:// or rediss://");
  end = p + strcspn(p, "/?#");
  slash = *end == '/' ? end : NULL;
  at = NULL;
  for (hs = p; hs < end; hs++) if (*hs == '@') at = hs;   /* the last '@' before the path: a password may hold one encoded */
  if (at) {
    const char *colon = (const char *)memchr(p, ':', (size_t)(at - p));
    if (!colon) {   /* redis://password@host, as some hosts write it */
      if (e2b_mcp__rd_decode(p, (size_t)(at - p), r->pass, sizeof r->pass)) return e2b_mcp__rd_bad(r, "the Redis URL's password is too long or malformed");
    } else {
      if (e2b_mcp__rd_decode(p, (size_t)(colon - p), r->user, sizeof r->user) ||
          e2b_mcp__rd_decode(colon + 1, (size_t)(at - colon - 1), r->pass, sizeof r->pass))
        return e2b_mcp__rd_bad(r, "the Redis URL's user or password is too long or malformed");
    }
    p = at + 1;
  }
  hs = p;
  if (*hs == '[') {   /* [v6] */
    he = (const char *)memchr(hs, ']', (size_t)(end - hs));
    if (!he) return e2b_mcp__rd_bad(r, "the Redis URL's IPv6 address has no ]");
    n = (size_t)(he - hs - 1);
    if (n == 0 || n >= sizeof r->host) return e2b_mcp__rd_bad(r, "the Redis URL's host is empty or too long");
    memcpy(r->host, hs + 1, n);
    he++;
  } else {
    he = hs + strcspn(hs, ":/?#");
    if (he > end) he = end;
    n = (size_t)(he - hs);
    if (n == 0 || n >= sizeof r->host) return e2b_mcp__rd_bad(r, "the Redis URL's host is empty or too long");
    memcpy(r->host, hs, n);
  }
  r->host[n] = 0;
  r->port = 6379;
  if (he < end && *he == ':') {
    unsigned long v = 0;
    const char *q = he + 1;
    if (q == end) return e2b_mcp__rd_bad(r, "the Redis URL's port is empty");
    for (; q < end; q++) {
      if (*q < '0' || *q > '9' || (v = v * 10 + (unsigned long)(*q - '0')) > 65535) return e2b_mcp__rd_bad(r, "the Redis URL's port is not a number up to 65535");
    }
    r->port = (unsigned)v;
  } else if (he != end) return e2b_mcp__rd_bad(r, "the Redis URL's host is followed by something else than :port");
  if (slash && slash[1]) {
    const char *q = slash + 1;
    int v = 0;
    for (; *q && *q != '?' && *q != '#'; q++) {
      if (*q < '0' || *q > '9' || (v = v * 10 + (*q - '0')) > 100000) return e2b_mcp__rd_bad(r, "the Redis URL's database is not a number");
    }
    r->db = v;
  }
  return 0;
}

E2B_MCP_DEF void e2b_mcp_redis_close(e2b_mcp_redis *r) {
  e2b_mcp__conn_close(&r->conn);
  r->in_len = 0;
}

static unsigned long e2b_mcp__rd_now(const e2b_mcp_redis *r) { return r->net->now_ms ? r->net->now_ms(r->net->user) : 0; }

/* Waits for the connection to become want, until the deadline: 0 or E2B_MCP_ERR_TIMEOUT. */
static int e2b_mcp__rd_wait(e2b_mcp_redis *r, int want, unsigned long until) {
  e2b_mcp_poll p;
  unsigned long now = e2b_mcp__rd_now(r);
  if (now && (long)(until - now) <= 0) return E2B_MCP_ERR_TIMEOUT;
  p.sock = &r->conn.sock; p.want = want; p.ready = 0;
  if (r->net->wait(r->net->user, &p, 1, now ? (int)(until - now) : r->timeout_ms) <= 0 && !p.ready) {
    now = e2b_mcp__rd_now(r);
    if (!now || (long)(until - now) <= 0) return E2B_MCP_ERR_TIMEOUT;
  }
  return 0;
}

static int e2b_mcp__rd_fail(e2b_mcp_redis *r, int err, const char *what) {
  char why[sizeof r->why];
  e2b_mcp__fmt(why, sizeof why, "Redis at %s:%u: %s (%s)", r->host, r->port, what, e2b_mcp_strerror(err));
  e2b_mcp__strlcpy(r->why, why, sizeof r->why);
  e2b_mcp_redis_close(r);
  r->up = 0;
  r->retry_at = e2b_mcp__rd_now(r) + E2B_MCP__RD_RETRY_MS;
  if (!r->retry_at) r->retry_at = 1;
  return err < 0 ? err : E2B_MCP_ERR_PROTOCOL;
}

/* Sends p[0..n) whole, then flushes. */
static int e2b_mcp__rd_send(e2b_mcp_redis *r, const char *p, size_t n, unsigned long until) {
  e2b_mcp_conn *c = &r->conn;
  int x;
  while (n) {
    x = c->st->send(c, (const unsigned char *)p, n);
    if (x == E2B_MCP_ERR_AGAIN) { if ((x = e2b_mcp__rd_wait(r, c->st->want(c, E2B_MCP_WANT_WRITE), until)) != 0) return x; continue; }
    if (x <= 0) return x < 0 ? x : E2B_MCP_ERR_CLOSED;
    p += x; n -= (size_t)x;
  }
  while ((x = c->st->flush(c)) != 0) {
    if (x != E2B_MCP_ERR_AGAIN) return x;
    if ((x = e2b_mcp__rd_wait(r, c->st->want(c, E2B_MCP_WANT_WRITE), until)) != 0) return x;
  }
  return 0;
}

/* Length of one whole reply at in[0..have) (a single, non-array value), 0
   when more is to come, -1 when it is not one this client reads. */
static long e2b_mcp__rd_whole(const char *in, size_t have, e2b_mcp_redis_reply *out) {
  const char *nl = have ? (const char *)memchr(in, '\n', have) : NULL;
  size_t line;
  long long v = 0;
  int neg = 0;
  const char *q;
  if (!nl) return have >= E2B_MCP__RD_IN ? -1 : 0;
  if (nl == in || nl[-1] != '\r') return -1;
  line = (size_t)(nl - in) + 1;
  out->type = in[0];
  out->str = in + 1; out->len = line - 3; out->num = 0;
  if (in[0] == '+' || in[0] == '-') return (long)line;
  if (in[0] != ':' && in[0] != '$') return -1;
  q = in + 1;
  if (*q == '-') { neg = 1; q++; }
  if (q == nl - 1) return -1;
  for (; q < nl - 1; q++) { if (*q < '0' || *q > '9' || v > 1000000000000LL) return -1; v = v * 10 + (*q - '0'); }
  out->num = neg ? -v : v;
  if (in[0] == ':') return (long)line;
  if (neg) { if (v != 1) return -1; out->type = 0; out->str = NULL; out->len = 0; return (long)line; }   /* $-1: nil */
  if ((size_t)v + 2 > E2B_MCP__RD_IN - line) return -1;
  if (have < line + (size_t)v + 2) return 0;
  if (in[line + (size_t)v] != '\r' || in[line + (size_t)v + 1] != '\n') return -1;
  out->str = in + line; out->len = (size_t)v;
  return (long)(line + (size_t)v + 2);
}

/* Reads one reply into r->in. */
static int e2b_mcp__rd_read(e2b_mcp_redis *r, e2b_mcp_redis_reply *out, unsigned long until) {
  e2b_mcp_conn *c = &r->conn;
  long whole;
  r->in_len = 0;
  for (;;) {
    int x;
    if ((whole = e2b_mcp__rd_whole(r->in, r->in_len, out)) != 0) return whole < 0 ? E2B_MCP_ERR_PROTOCOL : 0;
    x = c->st->recv(c, (unsigned char *)r->in + r->in_len, sizeof r->in - r->in_len);
    if (x == E2B_MCP_ERR_AGAIN) { if ((x = e2b_mcp__rd_wait(r, c->st->want(c, E2B_MCP_WANT_READ), until)) != 0) return x; continue; }
    if (x <= 0) return x < 0 ? x : E2B_MCP_ERR_CLOSED;
    r->in_len += (size_t)x;
  }
}

/* Appends p[0..n) to the command gathered in r->in (free while a command is
   written: the reply is read only after), sending each full buffer. */
static int e2b_mcp__rd_put(e2b_mcp_redis *r, size_t *k, const char *p, size_t n, unsigned long until) {
  while (n) {
    size_t room = sizeof r->in - *k, m = n < room ? n : room;
    int x;
    memcpy(r->in + *k, p, m);
    *k += m; p += m; n -= m;
    if (*k == sizeof r->in) { if ((x = e2b_mcp__rd_send(r, r->in, *k, until)) != 0) return x; *k = 0; }
  }
  return 0;
}

/* One command written as RESP (an array of bulk strings), gathered so it
   leaves in one write and one flush (one TLS record), then answered. */
static int e2b_mcp__rd_exchange(e2b_mcp_redis *r, int argc, const char *const *argv, const size_t *lens, e2b_mcp_redis_reply *out, unsigned long until) {
  char head[32];
  size_t k = 0;
  int i, x;
  head[0] = '*'; x = e2b_mcp__fmt_ll(head + 1, argc); head[1 + x] = '\r'; head[2 + x] = '\n';
  if ((x = e2b_mcp__rd_put(r, &k, head, (size_t)x + 3, until)) != 0) return x;
  for (i = 0; i < argc; i++) {
    size_t n = lens ? lens[i] : strlen(argv[i]);
    int h;
    head[0] = '$'; h = e2b_mcp__fmt_ll(head + 1, (long long)n); head[1 + h] = '\r'; head[2 + h] = '\n';
    if ((x = e2b_mcp__rd_put(r, &k, head, (size_t)h + 3, until)) != 0 || (x = e2b_mcp__rd_put(r, &k, argv[i], n, until)) != 0 ||
        (x = e2b_mcp__rd_put(r, &k, "\r\n", 2, until)) != 0) return x;
  }
  if (k && (x = e2b_mcp__rd_send(r, r->in, k, until)) != 0) return x;
  return e2b_mcp__rd_read(r, out, until);
}

/* Connects (TCP, TLS for rediss://), then AUTH and SELECT when the URL says so. */
static int e2b_mcp__rd_connect(e2b_mcp_redis *r, unsigned long until) {
  e2b_mcp_conn *c = &r->conn;
  e2b_mcp_redis_reply rep;
  int x;
  if (r->tls) {
#ifdef E2B_MCP_TLS_NONE
    return e2b_mcp__rd_fail(r, E2B_MCP_ERR_NO_TLS, "rediss:// needs a TLS build");
#else
    if (!r->trust) return e2b_mcp__rd_fail(r, E2B_MCP_ERR_TLS_TRUST, "no trust anchors for rediss://");
#endif
  }
  if ((x = r->net->resolve(r->net->user, r->host, &r->addr)) != 0) return e2b_mcp__rd_fail(r, x, "cannot resolve the host");
  c->sock.h = -1;
  c->sock.port = r->net;
  c->https = r->tls;
#ifdef E2B_MCP_TLS_NONE
  c->st = &e2b_mcp__stream_plain;
#else
  c->st = r->tls ? &e2b_mcp__stream_tls : &e2b_mcp__stream_plain;
#endif
  while ((x = r->net->connect(r->net->user, &c->sock, &r->addr, r->port)) == E2B_MCP_ERR_AGAIN)
    if ((x = e2b_mcp__rd_wait(r, E2B_MCP_WANT_WRITE, until)) != 0) break;
  if (x != 0) { e2b_mcp__sock_close(&c->sock); return e2b_mcp__rd_fail(r, x, "cannot connect"); }
  if ((x = c->st->start(c, r->trust, r->host)) != 0) { e2b_mcp__sock_close(&c->sock); return e2b_mcp__rd_fail(r, x, "TLS"); }
  while ((x = c->st->handshake(c, r->trust)) == E2B_MCP_ERR_AGAIN)
    if ((x = e2b_mcp__rd_wait(r, c->st->want(c, E2B_MCP_WANT_READ), until)) != 0) break;
  if (x != 0) { e2b_mcp__sock_close(&c->sock); return e2b_mcp__rd_fail(r, x, "TLS handshake"); }
  c->open = 1;
  if (r->pass[0]) {
    const char *argv[3];
    int argc = 0;
    argv[argc++] = "AUTH";
    if (r->user[0]) argv[argc++] = r->user;
    argv[argc++] = r->pass;
    if ((x = e2b_mcp__rd_exchange(r, argc, argv, NULL, &rep, until)) != 0) return e2b_mcp__rd_fail(r, x, "AUTH went unanswered");
    if (rep.type != '+') return e2b_mcp__rd_fail(r, E2B_MCP_ERR_PROTOCOL, "AUTH refused: check the user and password in E2B_MCP_REDIS_URL");
  }
  if (r->db) {
    char num[24];
    const char *argv[2];
    e2b_mcp__fmt_ll(num, r->db);
    argv[0] = "SELECT"; argv[1] = num;
    if ((x = e2b_mcp__rd_exchange(r, 2, argv, NULL, &rep, until)) != 0) return e2b_mcp__rd_fail(r, x, "SELECT went unanswered");
    if (rep.type != '+') return e2b_mcp__rd_fail(r, E2B_MCP_ERR_PROTOCOL, "SELECT refused: no such database");
  }
  return 0;
}

E2B_MCP_DEF int e2b_mcp_redis_command(e2b_mcp_redis *r, int argc, const char *const *argv, const size_t *lens, e2b_mcp_redis_reply *out) {
  unsigned long now = e2b_mcp__rd_now(r), until = now + (unsigned long)(r->timeout_ms > 0 ? r->timeout_ms : 500);
  int x, tries;
  if (r->retry_at && now && (long)(r->retry_at - now) > 0) return E2B_MCP_ERR_CONNECT;   /* it failed a moment ago: r->why says why */
  for (tries = 0; tries < 2; tries++) {   /* a kept connection Redis closed meanwhile: once more on a new one */
    int kept = r->conn.open;
    if (!kept && (x = e2b_mcp__rd_connect(r, until)) != 0) return x;
    x = e2b_mcp__rd_exchange(r, argc, argv, lens, out, until);
    if (x == 0) { r->up = 1; r->retry_at = 0; r->why[0] = 0; return 0; }
    if (!kept || x == E2B_MCP_ERR_TIMEOUT || x == E2B_MCP_ERR_PROTOCOL) break;
    e2b_mcp_redis_close(r);
  }
  return e2b_mcp__rd_fail(r, x, x == E2B_MCP_ERR_TIMEOUT ? "no answer in time" : x == E2B_MCP_ERR_PROTOCOL ? "an answer this client does not read" : "the connection failed");
}

E2B_MCP_DEF int e2b_mcp_redis_set_once(e2b_mcp_redis *r, const char *key, unsigned long ttl_ms) {
  char ttl[24];
  const char *argv[6];
  e2b_mcp_redis_reply rep;
  e2b_mcp__fmt_ll(ttl, (long long)(ttl_ms ? ttl_ms : 1));
  argv[0] = "SET"; argv[1] = key; argv[2] = "1"; argv[3] = "NX"; argv[4] = "PX"; argv[5] = ttl;
  if (e2b_mcp_redis_command(r, 6, argv, NULL, &rep) != 0) return -1;
  if (rep.type == '+' && rep.len == 2 && memcmp(rep.str, "OK", 2) == 0) return 1;
  if (rep.type == 0) return 0;   /* nil: the key was there */
  e2b_mcp__fmt(r->why, sizeof r->why, "Redis at %s:%u refused SET (%.*s)", r->host, r->port, (int)(rep.len > 60 ? 60 : rep.len), rep.str ? rep.str : "");
  return -1;
}

E2B_MCP_DEF int e2b_mcp_redis_ping(e2b_mcp_redis *r) {
  const char *argv[1];
  e2b_mcp_redis_reply rep;
  argv[0] = "PING";
  if (e2b_mcp_redis_command(r, 1, argv, NULL, &rep) != 0) return -1;
  if (rep.type != '+') {
    e2b_mcp__fmt(r->why, sizeof r->why, "Redis at %s:%u answered PING with an error (%.*s)", r->host, r->port, (int)(rep.len > 60 ? 60 : rep.len), rep.str ? rep.str : "");
    return -1;
  }
  return 0;
}
#endif
/* >>e2b client -------------------------------------------------------------
   HTTP/1.1 to E2B, never waiting: URL parsing and the DNS cache, a request
   writer, the response head's parser (one header-line reader for both
   directions), a chunked decoder, the exchange (sans I/O: it pumps buffers,
   e2b_mcp__exchange_*), and the client that drives one exchange over a
   keep-alive connection's stream (e2b_mcp__client_step), with its blocking
   convenience (e2b_mcp__client_run). Nothing here knows the server or its
   call slots: the caller passes the connection, the buffers and a dial. A
   connection that went stale while idle is reopened once, transparently,
   when nothing of the response was read yet. */

/* Parses http[s]://host[:port][/prefix]. */
static int e2b_mcp__url_parse(e2b_mcp_url *u, const char *url) {
  const char *p, *h, *he, *pe;
  size_t hn;
  memset(u, 0, sizeof *u);
  if (e2b_mcp__starts(url, "https://")) { u->https = 1; u->port = 443; p = url + 8; }
  else if (e2b_mcp__starts(url, "http://")) { u->port = 80; p = url + 7; }
  else return E2B_MCP_ERR_URL;
  h = p;
  if (*p == '[') { h = ++p; while (*p && *p != ']') p++; if (*p != ']') return E2B_MCP_ERR_URL; he = p++; }
  else { while (*p && *p != ':' && *p != '/' && *p != '?' && *p != '#') p++; he = p; }
  hn = (size_t)(he - h);
  if (hn == 0 || hn >= sizeof u->host) return E2B_MCP_ERR_URL;
  memcpy(u->host, h, hn);
  for (pe = h; pe < he; pe++) if ((unsigned char)*pe <= ' ' || *pe == '@') return E2B_MCP_ERR_URL;
  if (*p == ':') {
    unsigned long port = 0;
    p++;
    if (*p < '0' || *p > '9') return E2B_MCP_ERR_URL;
    while (*p >= '0' && *p <= '9') { port = port * 10 + (unsigned long)(*p++ - '0'); if (port > 65535) return E2B_MCP_ERR_URL; }
    if (port == 0) return E2B_MCP_ERR_URL;
    u->port = (unsigned)port;
  }
  if (*p && *p != '/') return E2B_MCP_ERR_URL;
  if (strlen(p) >= sizeof u->prefix) return E2B_MCP_ERR_URL;
  for (pe = p; *pe; pe++) if ((unsigned char)*pe <= ' ' || *pe == '?' || *pe == '#' || *pe == '%') return E2B_MCP_ERR_URL;
  e2b_mcp__strlcpy(u->prefix, p, sizeof u->prefix);
  hn = strlen(u->prefix);
  if (hn && u->prefix[hn - 1] == '/') u->prefix[hn - 1] = 0;  /* paths start with '/' */
  return 0;
}

/* The address of u's host: resolved once, then reused for ttl_ms (the
   caller's cfg.dns_ttl_ms; the port's resolve may block, nothing else here does). */
static int e2b_mcp__resolve(const e2b_mcp_sock_port *net, e2b_mcp_url *u, unsigned long now, unsigned long ttl_ms) {
  if (u->addr.family && (!now || now - u->addr_ms < ttl_ms)) return 0;
  u->addr.family = 0;
  if (!net->resolve || net->resolve(net->user, u->host, &u->addr) != 0 || !u->addr.family) {
    u->addr.family = 0;
    return E2B_MCP_ERR_DNS;
  }
  u->addr_ms = now;
  return 0;
}

/* Starts "METHOD prefix" in rq->buf (the engine points it at the call slot's). */
static void e2b_mcp__req_begin(e2b_mcp__req *rq, const char *method, const e2b_mcp_url *base) {
  e2b_mcp_json_init(&rq->w, rq->buf, rq->cap);
  rq->base = base;
  rq->has_query = 0;
  rq->idempotent = !e2b_mcp__streq(method, "POST");   /* a handler may say so for its POST */
  e2b_mcp__w_put(&rq->w, method, strlen(method));
  e2b_mcp__w_c(&rq->w, ' ');
  e2b_mcp__w_put(&rq->w, base->prefix, strlen(base->prefix));
}
static void e2b_mcp__req_lit(e2b_mcp__req *rq, const char *s) { e2b_mcp__w_put(&rq->w, s, strlen(s)); }
/* Percent-encodes everything but RFC 3986 unreserved characters, once, or
   twice (what once would make of its own output: %XX becomes %25XX). */
static void e2b_mcp__pct_n(e2b_mcp_json *w, const char *s, size_t n, int twice) {
  static const char hex[] = "0123456789ABCDEF";
  size_t i;
  for (i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.' || c == '~')
      e2b_mcp__w_c(w, (char)c);
    else {
      char e[2];
      e[0] = hex[c >> 4]; e[1] = hex[c & 15];
      e2b_mcp__w_put(w, twice ? "%25" : "%", twice ? 3 : 1);
      e2b_mcp__w_put(w, e, 2);
    }
  }
}
static void e2b_mcp__pct(e2b_mcp_json *w, const char *s, size_t n) { e2b_mcp__pct_n(w, s, n, 0); }
static void e2b_mcp__req_seg(e2b_mcp__req *rq, const char *s) { e2b_mcp__pct(&rq->w, s, strlen(s)); }
/* Query strings: for the tools whose requests carry one (a build without them drops these). */
E2B_MCP__UNUSED static void e2b_mcp__req_qkey(e2b_mcp__req *rq, const char *key) {
  e2b_mcp__w_c(&rq->w, rq->has_query ? '&' : '?');
  rq->has_query = 1;
  e2b_mcp__req_lit(rq, key);
  e2b_mcp__w_c(&rq->w, '=');
}
E2B_MCP__UNUSED static void e2b_mcp__req_q(e2b_mcp__req *rq, const char *key, const char *val) {
  e2b_mcp__req_qkey(rq, key);
  e2b_mcp__pct(&rq->w, val, strlen(val));
}
E2B_MCP__UNUSED static void e2b_mcp__req_qint(e2b_mcp__req *rq, const char *key, long long v) {
  char b[24];
  e2b_mcp__fmt_ll(b, v);
  e2b_mcp__req_q(rq, key, b);
}

/* Chunked-body decoder, in place and incremental: raw bytes are consumed as
   they arrive and the decoded body is written at or before them. */
enum { E2B_MCP__CH_SIZE, E2B_MCP__CH_EXT, E2B_MCP__CH_SIZE_LF, E2B_MCP__CH_DATA, E2B_MCP__CH_DATA_CR,
       E2B_MCP__CH_DATA_LF, E2B_MCP__CH_TRAILER, E2B_MCP__CH_TRAILER_LF, E2B_MCP__CH_DONE };

/* Decodes raw[0..n) into out (out <= raw); returns decoded bytes, or -1 on bad framing. */
static long e2b_mcp__chunked_run(e2b_mcp__chunked *d, char *out, const char *raw, size_t n) {
  size_t i = 0, o = 0;
  while (i < n && d->state != E2B_MCP__CH_DONE) {
    char c = raw[i];
    switch (d->state) {
      case E2B_MCP__CH_SIZE: {
        int h = e2b_mcp__hexval(c);
        if (h >= 0) {
          if (++d->digits > 8) return -1;
          d->left = d->left * 16 + (size_t)h; i++;
        } else if (d->digits && (c == ';' || c == ' ' || c == '\t')) { d->state = E2B_MCP__CH_EXT; i++; }
        else if (d->digits && c == '\r') { d->state = E2B_MCP__CH_SIZE_LF; i++; }
        else return -1;
        break;
      }
      case E2B_MCP__CH_EXT:
        if (c == '\r') d->state = E2B_MCP__CH_SIZE_LF;
        else if (c == '\n') return -1;
        i++;
        break;
      case E2B_MCP__CH_SIZE_LF:
        if (c != '\n') return -1;
        i++;
        d->state = d->left ? E2B_MCP__CH_DATA : E2B_MCP__CH_TRAILER;
        d->line_empty = 1;
        break;
      case E2B_MCP__CH_DATA: {
        size_t k = n - i < d->left ? n - i : d->left;
        memmove(out + o, raw + i, k);
        o += k; i += k; d->left -= k;
        if (!d->left) d->state = E2B_MCP__CH_DATA_CR;
        break;
      }
      case E2B_MCP__CH_DATA_CR: if (c != '\r') return -1; i++; d->state = E2B_MCP__CH_DATA_LF; break;
      case E2B_MCP__CH_DATA_LF:
        if (c != '\n') return -1;
        i++; d->state = E2B_MCP__CH_SIZE; d->digits = 0; d->left = 0;
        break;
      case E2B_MCP__CH_TRAILER:
        if (c == '\r') d->state = E2B_MCP__CH_TRAILER_LF;
        else d->line_empty = 0;
        i++;
        break;
      case E2B_MCP__CH_TRAILER_LF:
        if (c != '\n') return -1;
        i++;
        if (d->line_empty) d->state = E2B_MCP__CH_DONE;
        else { d->state = E2B_MCP__CH_TRAILER; d->line_empty = 1; }
        break;
      default: return -1;
    }
  }
  return (long)o;
}

/* One header line of a head p[0..n), from *at (past the first line), for
   both directions (the client reads E2B's responses, the HTTP transport its
   clients' requests): 1 with the name p[ns..ne) and the value p[vs..ve),
   white space trimmed, and *at past the line; 0 at the empty line that ends
   the head; -1 for a line without a name and a colon, or (strict: a
   request, where a proxy might read it otherwise, RFC 9112 5.1) with white
   space before the colon. */
typedef struct e2b_mcp__hline { size_t ns, ne, vs, ve; } e2b_mcp__hline;
static int e2b_mcp__head_line(const char *p, size_t n, size_t *at, e2b_mcp__hline *h, int strict) {
  size_t i = *at, ls = i, ve;
  while (i < n && p[i] != '\n') i++;
  ve = i;
  if (ve > ls && p[ve - 1] == '\r') ve--;
  *at = i + 1;
  if (ve == ls || ls >= n) return 0;
  for (i = ls; i < ve && p[i] != ':'; i++)
    if (strict && (p[i] == ' ' || p[i] == '\t')) return -1;
  if (i == ve || i == ls) return -1;
  h->ns = ls; h->ne = i;
  for (i++; i < ve && (p[i] == ' ' || p[i] == '\t'); i++) {}
  while (ve > i && (p[ve - 1] == ' ' || p[ve - 1] == '\t')) ve--;
  h->vs = i; h->ve = ve;
  return 1;
}

/* Parses the status line and the headers we use from head[0..n). Returns 0 or
   E2B_MCP_ERR_PROTOCOL. */

static int e2b_mcp__head_parse(const char *p, size_t n, e2b_mcp__head *h, e2b_mcp_response *r) {
  size_t i = 0;
  long long v;
  e2b_mcp__hline l;
  int got;
  memset(h, 0, sizeof *h);
  h->length = -1;
  if (n < 12 || memcmp(p, "HTTP/1.", 7) != 0 || p[8] != ' ') return E2B_MCP_ERR_PROTOCOL;
  if (e2b_mcp__parse_ll(p + 9, 3, &v) != 0 || v < 100 || v > 599) return E2B_MCP_ERR_PROTOCOL;
  h->status = (int)v;
  if (p[7] == '0') h->close = 1;   /* HTTP/1.0: no keep-alive unless told */
  while (i < n && p[i] != '\n') i++;
  i++;
  while ((got = e2b_mcp__head_line(p, n, &i, &l, 0)) != 0) {
    size_t vs = l.vs, ve = l.ve;
    if (got < 0) return E2B_MCP_ERR_PROTOCOL;
#define E2B_MCP__HDR(name) e2b_mcp__ieq(p + l.ns, l.ne - l.ns, name)
    if (E2B_MCP__HDR("content-length")) {
      if (e2b_mcp__parse_ll(p + vs, ve - vs, &v) != 0 || v < 0) return E2B_MCP_ERR_PROTOCOL;
      if (h->length >= 0 && h->length != v) return E2B_MCP_ERR_PROTOCOL;
      h->length = v;
    } else if (E2B_MCP__HDR("transfer-encoding")) {
      if (ve - vs >= 7 && e2b_mcp__ieq(p + ve - 7, 7, "chunked")) h->chunked = 1;
      else return E2B_MCP_ERR_PROTOCOL;   /* gzip and friends are never asked for */
    } else if (E2B_MCP__HDR("connection")) {
      if (e2b_mcp__ieq(p + vs, ve - vs, "close")) h->close = 1;
      else if (e2b_mcp__ieq(p + vs, ve - vs, "keep-alive")) h->close = 0;
    } else if (E2B_MCP__HDR("x-next-token")) {
      if (ve - vs >= sizeof r->next_token) return E2B_MCP_ERR_TOO_LARGE;
      memcpy(r->next_token, p + vs, ve - vs);
      r->next_token[ve - vs] = 0;
    } else if (E2B_MCP__HDR("x-total-running")) {
      if (e2b_mcp__parse_ll(p + vs, ve - vs, &v) == 0) r->total_running = (long)v;
    } else if (E2B_MCP__HDR("retry-after")) {
      if (e2b_mcp__parse_ll(p + vs, ve - vs, &v) == 0 && v >= 0) r->retry_after = v > 86400 ? 86400 : (long)v;
      else r->retry_after = 60;   /* an HTTP date: wait a minute rather than parse it */
    }
#undef E2B_MCP__HDR
  }
  if (h->chunked) h->length = -1;
  return 0;
}


/* Finishes the request's head in rq->w (Host, the key unless NULL, the body's length):
   0, or E2B_MCP_ERR_TOO_LARGE when it does not fit. */
static int e2b_mcp__req_end(e2b_mcp__req *rq, const char *key) {
  const e2b_mcp_url *u = rq->base;
  char num[24];
  e2b_mcp__req_lit(rq, " HTTP/1.1\r\nHost: ");
  if (e2b_mcp__strchr(u->host, ':')) {   /* an IPv6 literal keeps its brackets in Host (RFC 9110 7.2) */
    e2b_mcp__w_c(&rq->w, '[');
    e2b_mcp__req_lit(rq, u->host);
    e2b_mcp__w_c(&rq->w, ']');
  } else e2b_mcp__req_lit(rq, u->host);
  if ((u->https && u->port != 443) || (!u->https && u->port != 80)) {
    e2b_mcp__fmt_ll(num, (long long)u->port);
    e2b_mcp__w_c(&rq->w, ':');
    e2b_mcp__req_lit(rq, num);
  }
  e2b_mcp__req_lit(rq, "\r\nUser-Agent: e2b-mcp/" E2B_MCP_VERSION "\r\nAccept: application/json");
#ifdef E2B_MCP__DOC
  if (key)   /* none for a document from elsewhere (e2b_mcp__fetch): E2B's key goes to E2B only */
#endif
  { e2b_mcp__req_lit(rq, "\r\nX-API-Key: "); e2b_mcp__req_lit(rq, key); }
#if E2B_MCP_WITH_2026
  if (rq->trace) { e2b_mcp__req_lit(rq, "\r\ntraceparent: "); e2b_mcp__req_lit(rq, rq->trace); }
#endif
  if (rq->body.buf) {
    e2b_mcp__req_lit(rq, "\r\nContent-Type: application/json\r\nContent-Length: ");
    e2b_mcp__fmt_ll(num, (long long)rq->body.len);
    e2b_mcp__req_lit(rq, num);
  }
  e2b_mcp__req_lit(rq, "\r\n\r\n");
  return rq->w.err ? E2B_MCP_ERR_TOO_LARGE : 0;
}

/* ---- the exchange: one request and its response, sans I/O ---- */
enum { E2B_MCP__RD_HEAD, E2B_MCP__RD_CHUNKED, E2B_MCP__RD_LENGTH, E2B_MCP__RD_CLOSE };   /* how the response is read */

/* Takes the caller's buffers: the request (head, then body; body NULL or
   body_len 0: none) and the response's (in_cap bytes, and one for a NUL). */
static void e2b_mcp__exchange_init(e2b_mcp__exchange *x, const char *head, size_t head_len, const char *body, size_t body_len,
                                   char *in, size_t in_cap, int idempotent) {
  memset(x, 0, sizeof *x);
  x->head = head; x->head_len = head_len;
  x->body = body_len ? body : NULL; x->body_len = body ? body_len : 0;
  x->in = in; x->in_cap = in_cap;
  x->idempotent = (unsigned char)(idempotent != 0);
  x->r.retry_after = -1;
  x->r.total_running = -1;
}

/* Ends the exchange with err (the result says so; no status). Returns err. */
static int e2b_mcp__exchange_fail(e2b_mcp__exchange *x, int err) {
  x->r.err = err;
  x->r.status = 0;
  x->state = E2B_MCP__X_DONE;
  return err;
}

/* From the first byte on a connection (a new one, or again after a stale
   one): the response is due within timeout_ms of now (now 0: no clock). */
static void e2b_mcp__exchange_start(e2b_mcp__exchange *x, unsigned long now, unsigned long timeout_ms) {
  x->sent = x->have = x->hlen = x->got_body = 0;
  x->piece = 0; x->got = 0;
  x->mode = E2B_MCP__RD_HEAD;
  x->r.err = 0; x->r.status = 0;
  x->state = E2B_MCP__X_SEND;
  x->until = now ? now + timeout_ms : 0;
}

static int e2b_mcp__exchange_expired(const e2b_mcp__exchange *x, unsigned long now) {
  return x->until && now && (long)(now - x->until) >= 0;
}

/* What to send next: *p and its length; 0 once all is sent (the response is read then). */
static size_t e2b_mcp__exchange_out(e2b_mcp__exchange *x, const char **p) {
  if (x->state != E2B_MCP__X_SEND) return 0;
  if (x->piece == 0 && x->sent == x->head_len && x->body) { x->piece = 1; x->sent = 0; }
  if (x->piece == 0 ? x->sent == x->head_len : x->sent == x->body_len) { x->state = E2B_MCP__X_READ; return 0; }
  *p = (x->piece ? x->body : x->head) + x->sent;
  return (x->piece ? x->body_len : x->head_len) - x->sent;
}
static void e2b_mcp__exchange_sent(e2b_mcp__exchange *x, size_t n) { x->sent += n; }

/* The response is whole: the result points at the body, NUL-terminated. */
static int e2b_mcp__exchange_whole(e2b_mcp__exchange *x) {
  if (x->mode == E2B_MCP__RD_CHUNKED && x->got_body > x->in_cap) return e2b_mcp__exchange_fail(x, E2B_MCP_ERR_TOO_LARGE);
  if (x->mode != E2B_MCP__RD_CHUNKED) x->got_body = x->have;
  x->in[x->got_body] = 0;
  x->r.status = x->h.status;
  x->r.body = x->in;
  x->r.body_len = x->got_body;
  x->state = E2B_MCP__X_DONE;
  return 1;
}

/* Whether what came so far is the whole response (its head is read). */
static int e2b_mcp__exchange_complete(const e2b_mcp__exchange *x) {
  if (x->mode == E2B_MCP__RD_CHUNKED) return x->ch.state == E2B_MCP__CH_DONE;
  return x->mode == E2B_MCP__RD_LENGTH && x->have == (size_t)x->h.length;
}

/* Looks for the end of the response's head in what came; once it is there,
   what follows it is read by its framing. 0, or an error. */
static int e2b_mcp__exchange_head(e2b_mcp__exchange *x) {
  char *b = x->in;
  int r;
  for (;;) {
    size_t i, from = x->hlen;
    x->hlen = 0;
    for (i = from; i + 3 < x->have; i++)
      if (b[i] == '\r' && b[i + 1] == '\n' && b[i + 2] == '\r' && b[i + 3] == '\n') { x->hlen = i + 4; break; }
    if (!x->hlen) { x->hlen = x->have > 3 ? x->have - 3 : 0; return x->have == x->in_cap ? E2B_MCP_ERR_TOO_LARGE : 0; }
    if ((r = e2b_mcp__head_parse(b, x->hlen, &x->h, &x->r)) != 0) return r;
    /* interim 1xx heads (100 Continue, 103 Early Hints from a proxy or CDN)
       are skipped: the final response follows them */
    if (x->h.status == 101) return E2B_MCP_ERR_PROTOCOL;   /* a protocol switch is never asked for */
    x->have -= x->hlen;
    memmove(b, b + x->hlen, x->have);
    x->hlen = 0;
    if (x->h.status >= 200) break;
  }
  x->got_body = 0;
  if (x->h.status == 204 || x->h.status == 304) {   /* no body (the client never sends HEAD) */
    x->h.length = 0; x->h.chunked = 0;
    x->mode = E2B_MCP__RD_LENGTH;
    x->have = 0;
  } else if (x->h.chunked) {
    long d;
    memset(&x->ch, 0, sizeof x->ch);
    x->mode = E2B_MCP__RD_CHUNKED;
    if ((d = e2b_mcp__chunked_run(&x->ch, b, b, x->have)) < 0) return E2B_MCP_ERR_PROTOCOL;
    x->got_body = (size_t)d;
  } else if (x->h.length >= 0) {
    if ((unsigned long long)x->h.length > x->in_cap) return E2B_MCP_ERR_TOO_LARGE;
    x->mode = E2B_MCP__RD_LENGTH;
    if (x->have > (size_t)x->h.length) x->have = (size_t)x->h.length;   /* a pipelined surplus is not expected; drop it */
  } else {
    x->mode = E2B_MCP__RD_CLOSE;
    x->h.close = 1;
  }
  return 0;
}

/* Where the response's next bytes go: *p and the room there; 0 when the
   exchange takes none (it is done: whole, or failed, e.g. too large). */
static size_t e2b_mcp__exchange_in(e2b_mcp__exchange *x, char **p) {
  const size_t cap = x->in_cap;   /* in has cap + 1 bytes: a body of exactly cap still fits */
  size_t at, end;
  if (x->state != E2B_MCP__X_READ) return 0;
  switch (x->mode) {
    case E2B_MCP__RD_HEAD:
      if (x->have == cap) { e2b_mcp__exchange_fail(x, E2B_MCP_ERR_TOO_LARGE); return 0; }
      at = x->have; end = cap;
      break;
    case E2B_MCP__RD_CHUNKED:   /* raw bytes land after the decoded body, which they are decoded onto */
      if (x->got_body > cap) { e2b_mcp__exchange_fail(x, E2B_MCP_ERR_TOO_LARGE); return 0; }
      at = x->got_body; end = cap + 1;
      break;
    case E2B_MCP__RD_LENGTH:
      at = x->have; end = (size_t)x->h.length;
      break;
    default:   /* close-delimited: one byte past cap tells a response too large */
      if (x->have > cap) { e2b_mcp__exchange_fail(x, E2B_MCP_ERR_TOO_LARGE); return 0; }
      at = x->have; end = cap + 1;
  }
  *p = x->in + at;
  return end - at;
}

/* n bytes came where e2b_mcp__exchange_in said: 1 the response is whole (the
   result is in x->r), 0 more to come, < 0 the exchange failed (x->r.err). */
static int e2b_mcp__exchange_received(e2b_mcp__exchange *x, size_t n) {
  int r;
  if (x->state != E2B_MCP__X_READ) return x->r.err ? x->r.err : 1;
  switch (x->mode) {
    case E2B_MCP__RD_HEAD:
      x->got = 1;
      x->have += n;
      if ((r = e2b_mcp__exchange_head(x)) != 0) return e2b_mcp__exchange_fail(x, r);
      if (x->mode == E2B_MCP__RD_HEAD) return 0;
      break;
    case E2B_MCP__RD_CHUNKED: {
      char *at = x->in + x->got_body;
      long d = e2b_mcp__chunked_run(&x->ch, at, at, n);
      if (d < 0) return e2b_mcp__exchange_fail(x, E2B_MCP_ERR_PROTOCOL);
      x->got_body += (size_t)d;
      break;
    }
    case E2B_MCP__RD_LENGTH: x->have += n; break;
    default: x->have += n; return 0;   /* close-delimited: the end of the stream ends it */
  }
  return e2b_mcp__exchange_complete(x) ? e2b_mcp__exchange_whole(x) : 0;
}

/* The peer ended the stream: the end of a close-delimited body, else the
   response was cut (E2B_MCP_ERR_CLOSED). Returns as _received does. */
static int e2b_mcp__exchange_closed(e2b_mcp__exchange *x) {
  if (x->state != E2B_MCP__X_READ) return x->r.err ? x->r.err : 1;
  if (x->mode != E2B_MCP__RD_CLOSE) return e2b_mcp__exchange_fail(x, E2B_MCP_ERR_CLOSED);
  if (x->have > x->in_cap) return e2b_mcp__exchange_fail(x, E2B_MCP_ERR_TOO_LARGE);
  return e2b_mcp__exchange_whole(x);
}

/* Whether the connection can carry the next request: the response is whole
   and neither side asked to close. */
static int e2b_mcp__exchange_keep(const e2b_mcp__exchange *x) {
  return x->state == E2B_MCP__X_DONE && !x->r.err && !x->h.close;
}

/* ---- the client: one exchange over a keep-alive connection, moved on without waiting ----
   A request goes out and its response comes in through these states;
   e2b_mcp__client_step moves them as far as the socket allows and leaves in
   k->want what the socket must become (E2B_MCP_WANT_*), in k->until when the
   step is due (the connect timeout for connecting and the handshake, the
   read timeout for the whole response: a server that trickles a byte at a time
   cannot hold a call longer). The connection (c) is the caller's and stays
   open from request to request; TLS or not is its stream's business. */
enum { E2B_MCP__IO_IDLE, E2B_MCP__IO_CONNECT, E2B_MCP__IO_CONNECTING, E2B_MCP__IO_HANDSHAKE, E2B_MCP__IO_SEND,
       E2B_MCP__IO_FLUSH, E2B_MCP__IO_READ, E2B_MCP__IO_DONE };

/* Starts the request rq (built into its buffers; the head is finished here
   with the key) with the response to come into in[0..in_cap] (one more for a NUL). */
static void e2b_mcp__client_begin(e2b_mcp__client *k, e2b_mcp__req *rq, const char *key, char *in, size_t in_cap) {
  int err = e2b_mcp__req_end(rq, key);
  e2b_mcp__exchange_init(&k->x, rq->w.buf, rq->w.len, rq->body.buf, rq->body.len, in, in_cap, rq->idempotent);
  k->attempt = 0; k->reused = 0; k->want = 0; k->until = 0; k->trusted = 0;
  k->io = E2B_MCP__IO_CONNECT;
  if (err) { e2b_mcp__exchange_fail(&k->x, err); k->io = E2B_MCP__IO_DONE; }
}

/* A failed request: the connection goes (the next call starts clean), and a
   reused one that died idle is tried once more. */
static void e2b_mcp__client_fail(e2b_mcp__client *k, e2b_mcp_conn *c, int err) {
  /* past the handshake, a TLS failure may come after E2B acted on the request */
  if (k->io >= E2B_MCP__IO_SEND && err <= E2B_MCP_ERR_TLS && err >= E2B_MCP_ERR_TLS_NAME) err = E2B_MCP_ERR_TLS_BROKEN;
  e2b_mcp__conn_close(c);
  /* Only a connection that sat idle may have died under us; retry it once,
     and only a request that is safe to repeat (never a create, which would
     start and bill a second sandbox). */
  if (k->reused && !k->x.got && k->x.idempotent && k->attempt == 0 && (err == E2B_MCP_ERR_CLOSED || err == E2B_MCP_ERR_RESET)) {
    k->attempt = 1;
    k->io = E2B_MCP__IO_CONNECT;
    return;
  }
  e2b_mcp__exchange_fail(&k->x, err);
  k->io = E2B_MCP__IO_DONE;
}

/* Whether what k waits for is late: the connect (or handshake), or the response. */
static int e2b_mcp__client_late(const e2b_mcp__client *k, unsigned long now) {
  if (k->io >= E2B_MCP__IO_SEND) return e2b_mcp__exchange_expired(&k->x, now);
  return k->until && now && (long)(now - k->until) >= 0;
}

/* Moves the request on as far as it goes without waiting, at time now. */
static void e2b_mcp__client_step(e2b_mcp__client *k, e2b_mcp_conn *c, const e2b_mcp__dial *d, unsigned long now) {
  e2b_mcp__exchange *x = &k->x;
  e2b_mcp_url *u = d->url;
  int r;
  /* The step waits (returns) only when its socket has nothing for it now,
     and then only until k->until: what came meanwhile is read first, so a
     request that stood still (its caller busy elsewhere) is not failed for that. */
#define E2B_MCP__WAIT_FOR(w) { \
    if (e2b_mcp__client_late(k, now)) { e2b_mcp__client_fail(k, c, E2B_MCP_ERR_TIMEOUT); continue; } \
    k->want = (unsigned char)(w); return; }   /* a block, not do-while: its continue is the loop's */
  for (;;) {
    switch (k->io) {
      case E2B_MCP__IO_CONNECT:
        k->reused = 0;
        if (c->open && c->https == u->https && c->port == u->port && e2b_mcp__streq(c->host, u->host)) {
          /* a close the peer sent while it was idle shows as readable; one in
             flight meanwhile fails the request, which is sent again when it is
             safe to (e2b_mcp__client_fail) */
          if ((k->trusted && !k->attempt) || e2b_mcp__sock_idle_ok(&c->sock)) { k->reused = 1; goto connected; }
          /* closed (or talking) while idle: start afresh */
        }
        e2b_mcp__conn_close(c);
#ifdef E2B_MCP_TLS_NONE
        if (u->https) { e2b_mcp__client_fail(k, c, E2B_MCP_ERR_NO_TLS); continue; }
#endif
        if (u->https && !d->trust) { e2b_mcp__client_fail(k, c, E2B_MCP_ERR_TLS_TRUST); continue; }
        if ((r = e2b_mcp__resolve(d->net, u, now, d->dns_ttl_ms)) != 0) { e2b_mcp__client_fail(k, c, r); continue; }
        c->sock.h = -1;
        c->sock.port = d->net;
        c->https = u->https;
#ifdef E2B_MCP_TLS_NONE
        c->st = &e2b_mcp__stream_plain;
#else
        c->st = u->https ? &e2b_mcp__stream_tls : &e2b_mcp__stream_plain;
#endif
        k->until = now ? now + d->connect_ms : 0;
        k->io = E2B_MCP__IO_CONNECTING;
        /* fall through */
      case E2B_MCP__IO_CONNECTING:
        r = d->net->connect(d->net->user, &c->sock, &u->addr, u->port);
        if (r == E2B_MCP_ERR_AGAIN) E2B_MCP__WAIT_FOR(E2B_MCP_WANT_WRITE);
        if (r != 0) {
          if (r == E2B_MCP_ERR_CONNECT) u->addr.family = 0;   /* the address may have moved: ask again next time */
          e2b_mcp__sock_close(&c->sock);
          e2b_mcp__client_fail(k, c, r);
          continue;
        }
#ifdef E2B_MCP__TLS_LEND_ROOM
        /* the answer buffer's tail is empty until the answer (the body and the
           question end before it: >>engine's body_cap) */
        c->lend = x->in_cap >= E2B_MCP__TLS_LEND_ROOM ? x->in + x->in_cap - E2B_MCP__TLS_LEND_ROOM : NULL;
        c->lend_n = E2B_MCP__TLS_LEND_ROOM;
#endif
        if ((r = c->st->start(c, d->trust, u->host)) != 0) { e2b_mcp__sock_close(&c->sock); e2b_mcp__client_fail(k, c, r); continue; }
        k->io = E2B_MCP__IO_HANDSHAKE;
        /* fall through */
      case E2B_MCP__IO_HANDSHAKE:
        r = c->st->handshake(c, d->trust);
        if (r == E2B_MCP_ERR_AGAIN) E2B_MCP__WAIT_FOR(c->st->want(c, E2B_MCP_WANT_READ));
        if (r != 0) { e2b_mcp__sock_close(&c->sock); e2b_mcp__client_fail(k, c, r); continue; }
        c->open = 1; c->port = u->port;
        e2b_mcp__strlcpy(c->host, u->host, sizeof c->host);
        c->connects++;
      connected:
        e2b_mcp__exchange_start(x, now, d->read_ms);
        k->until = x->until;
        k->io = E2B_MCP__IO_SEND;
        /* fall through */
      case E2B_MCP__IO_SEND: {
        const char *p = NULL;
        size_t n = e2b_mcp__exchange_out(x, &p);
        if (n) {
          r = c->st->send(c, (const unsigned char *)p, n);
          if (r == E2B_MCP_ERR_AGAIN) E2B_MCP__WAIT_FOR(c->st->want(c, E2B_MCP_WANT_WRITE));
          if (r <= 0) { e2b_mcp__client_fail(k, c, r < 0 ? r : E2B_MCP_ERR_CLOSED); continue; }
          e2b_mcp__exchange_sent(x, (size_t)r);
          continue;
        }
        k->io = E2B_MCP__IO_FLUSH;
      }
        /* fall through */
      case E2B_MCP__IO_FLUSH:
        if ((r = c->st->flush(c)) != 0) {
          if (r == E2B_MCP_ERR_AGAIN) E2B_MCP__WAIT_FOR(c->st->want(c, E2B_MCP_WANT_WRITE));
          e2b_mcp__client_fail(k, c, r);
          continue;
        }
        k->io = E2B_MCP__IO_READ;
        /* fall through */
      case E2B_MCP__IO_READ: {
        char *p = NULL;
        size_t n = e2b_mcp__exchange_in(x, &p);
        if (!n) { e2b_mcp__client_fail(k, c, x->r.err ? x->r.err : E2B_MCP_ERR_TOO_LARGE); continue; }
        r = c->st->recv(c, (unsigned char *)p, n);
        if (r == E2B_MCP_ERR_AGAIN) E2B_MCP__WAIT_FOR(c->st->want(c, E2B_MCP_WANT_READ));
        if (r > 0) r = e2b_mcp__exchange_received(x, (size_t)r);
        else if (r == 0) r = e2b_mcp__exchange_closed(x);
        if (r < 0) { e2b_mcp__client_fail(k, c, r); continue; }
        if (r == 0) continue;
        c->requests++;
        if (!e2b_mcp__exchange_keep(x)) e2b_mcp__conn_close(c);
        k->io = E2B_MCP__IO_DONE;
        return;
      }
      default: return;   /* idle, or done */
    }
  }
#undef E2B_MCP__WAIT_FOR
}

/* The blocking convenience: runs k's request to its end, waiting on its socket alone. */
static void e2b_mcp__client_run(e2b_mcp__client *k, e2b_mcp_conn *c, const e2b_mcp__dial *d) {
  for (;;) {
    e2b_mcp_poll q;
    unsigned long now = e2b_mcp__port_now(d->net);
    long left;
    e2b_mcp__client_step(k, c, d, now);
    if (k->io == E2B_MCP__IO_DONE) return;
    now = e2b_mcp__port_now(d->net);
    left = k->until && now ? (long)(k->until - now) : (long)d->read_ms;
    if (left < 1) left = 1;
    q.sock = &c->sock; q.want = k->want; q.ready = 0;
    if (d->net->wait(d->net->user, &q, 1, (int)left) <= 0 && !now) e2b_mcp__client_fail(k, c, E2B_MCP_ERR_TIMEOUT);   /* no clock: a silent wait is the timeout */
  }
}
/* >>sealed state ---------------------------------------------------------------
   SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104), then the requestState of
   the stateless revision: what a call needs to resume, given to the client
   and checked when it comes back. The token is base64url of
     2 | expiry (8 bytes, big endian, seconds) | nonce (8) | n | payload (n bytes) | MAC (32)
   where the MAC covers a label, the tool's name, the call's arguments (their
   JSON values, white space left out) and everything before it, under a key
   only the server holds. A token is therefore good for one tool, the exact
   arguments it was given for, and until it expires; any replica holding the
   same key accepts it. It is also good once: the nonce of a token that came
   back is remembered until the token would expire (the spent list, below),
   so a user's "yes" cannot be sent again to create a second sandbox. */
#if E2B_MCP_WITH_2026 || E2B_MCP_AUTH   /* the 2026-07-28 revision seals; access tokens are hashed and base64url */
typedef struct e2b_mcp__sha256 {
  uint32_t h[8];
  unsigned char blk[64];
  size_t n;                    /* bytes in blk */
  unsigned long long len;      /* bytes hashed so far */
} e2b_mcp__sha256;

static const uint32_t e2b_mcp__sha_k[64] = {
  0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u, 0x3956c25bu, 0x59f111f1u, 0x923f82a4u, 0xab1c5ed5u,
  0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u, 0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u, 0xc19bf174u,
  0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu, 0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau,
  0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u, 0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u,
  0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu, 0x53380d13u, 0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u,
  0xa2bfe8a1u, 0xa81a664bu, 0xc24b8b70u, 0xc76c51a3u, 0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u,
  0x19a4c116u, 0x1e376c08u, 0x2748774cu, 0x34b0bcb5u, 0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
  0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u, 0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u
};
#define E2B_MCP__ROR(x, r) (((x) >> (r)) | ((x) << (32 - (r))))
static void e2b_mcp__sha256_block(e2b_mcp__sha256 *c, const unsigned char *p) {
  uint32_t w[64], a, b, d, e, f, g, h, cc, t1, t2;
  int i;
  for (i = 0; i < 16; i++)
    w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 | (uint32_t)p[4 * i + 2] << 8 | (uint32_t)p[4 * i + 3];
  for (i = 16; i < 64; i++) {
    uint32_t s0 = E2B_MCP__ROR(w[i - 15], 7) ^ E2B_MCP__ROR(w[i - 15], 18) ^ (w[i - 15] >> 3);
    uint32_t s1 = E2B_MCP__ROR(w[i - 2], 17) ^ E2B_MCP__ROR(w[i - 2], 19) ^ (w[i - 2] >> 10);
    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
  }
  a = c->h[0]; b = c->h[1]; cc = c->h[2]; d = c->h[3]; e = c->h[4]; f = c->h[5]; g = c->h[6]; h = c->h[7];
  for (i = 0; i < 64; i++) {
    t1 = h + (E2B_MCP__ROR(e, 6) ^ E2B_MCP__ROR(e, 11) ^ E2B_MCP__ROR(e, 25)) + ((e & f) ^ (~e & g)) + e2b_mcp__sha_k[i] + w[i];
    t2 = (E2B_MCP__ROR(a, 2) ^ E2B_MCP__ROR(a, 13) ^ E2B_MCP__ROR(a, 22)) + ((a & b) ^ (a & cc) ^ (b & cc));
    h = g; g = f; f = e; e = d + t1; d = cc; cc = b; b = a; a = t1 + t2;
  }
  c->h[0] += a; c->h[1] += b; c->h[2] += cc; c->h[3] += d; c->h[4] += e; c->h[5] += f; c->h[6] += g; c->h[7] += h;
}
#undef E2B_MCP__ROR
static void e2b_mcp__sha256_init(e2b_mcp__sha256 *c) {
  static const uint32_t iv[8] = { 0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au, 0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u };
  memcpy(c->h, iv, sizeof iv);
  c->n = 0;
  c->len = 0;
}
static void e2b_mcp__sha256_add(e2b_mcp__sha256 *c, const void *data, size_t n) {
  const unsigned char *p = (const unsigned char *)data;
  c->len += n;
  while (n) {
    size_t k = 64 - c->n;
    if (k > n) k = n;
    memcpy(c->blk + c->n, p, k);
    c->n += k; p += k; n -= k;
    if (c->n == 64) { e2b_mcp__sha256_block(c, c->blk); c->n = 0; }
  }
}
static void e2b_mcp__sha256_end(e2b_mcp__sha256 *c, unsigned char out[32]) {
  unsigned long long bits = c->len * 8;
  int i;
  c->blk[c->n++] = 0x80;
  if (c->n > 56) { memset(c->blk + c->n, 0, 64 - c->n); e2b_mcp__sha256_block(c, c->blk); c->n = 0; }
  memset(c->blk + c->n, 0, 56 - c->n);
  for (i = 0; i < 8; i++) c->blk[56 + i] = (unsigned char)(bits >> (56 - 8 * i));
  e2b_mcp__sha256_block(c, c->blk);
  for (i = 0; i < 32; i++) out[i] = (unsigned char)(c->h[i / 4] >> (24 - 8 * (i % 4)));
}

/* HMAC-SHA256 in steps: begin with the key, add the message, end. */
#if E2B_MCP_WITH_2026 || E2B_MCP_KEYSTORE   /* the key store derives its file key with HMAC */
typedef struct e2b_mcp__hmac { e2b_mcp__sha256 in; unsigned char okey[64]; } e2b_mcp__hmac;
static void e2b_mcp__hmac_begin(e2b_mcp__hmac *m, const unsigned char *key, size_t kn) {
  unsigned char k[64], ik[64];
  int i;
  memset(k, 0, sizeof k);
  if (kn > 64) { e2b_mcp__sha256 t; e2b_mcp__sha256_init(&t); e2b_mcp__sha256_add(&t, key, kn); e2b_mcp__sha256_end(&t, k); }
  else if (kn) memcpy(k, key, kn);
  for (i = 0; i < 64; i++) { ik[i] = (unsigned char)(k[i] ^ 0x36); m->okey[i] = (unsigned char)(k[i] ^ 0x5c); }
  e2b_mcp__sha256_init(&m->in);
  e2b_mcp__sha256_add(&m->in, ik, sizeof ik);
}
static void e2b_mcp__hmac_add(e2b_mcp__hmac *m, const void *p, size_t n) { e2b_mcp__sha256_add(&m->in, p, n); }
static void e2b_mcp__hmac_end(e2b_mcp__hmac *m, unsigned char out[32]) {
  unsigned char ih[32];
  e2b_mcp__sha256 o;
  e2b_mcp__sha256_end(&m->in, ih);
  e2b_mcp__sha256_init(&o);
  e2b_mcp__sha256_add(&o, m->okey, sizeof m->okey);
  e2b_mcp__sha256_add(&o, ih, sizeof ih);
  e2b_mcp__sha256_end(&o, out);
}
#endif
#if E2B_MCP_WITH_2026 || E2B_MCP_KEYSTORE
static void e2b_mcp__hmac_sha256(const unsigned char *key, size_t kn, const void *msg, size_t n, unsigned char out[32]) {
  e2b_mcp__hmac m;
  e2b_mcp__hmac_begin(&m, key, kn);
  e2b_mcp__hmac_add(&m, msg, n);
  e2b_mcp__hmac_end(&m, out);
}
#endif

/* A JSON value as the MAC sees it: tokens with their own text, separators
   between them, white space left out (a client that re-serialises the same
   arguments keeps its "yes"; one that changes a value or a key does not).
   Returns the index after the value. */
#if E2B_MCP_WITH_2026
static int e2b_mcp__mac_json(e2b_mcp__hmac *m, const char *js, const jsmntok_t *t, int i, int depth) {
  int k, n = t[i].size, j = i + 1;
  if (t[i].type == JSMN_STRING || t[i].type == JSMN_PRIMITIVE) {
    e2b_mcp__hmac_add(m, t[i].type == JSMN_STRING ? "s" : "p", 1);
    e2b_mcp__hmac_add(m, js + t[i].start, (size_t)(t[i].end - t[i].start));
    e2b_mcp__hmac_add(m, "", 1);
    return i + 1;
  }
  if (depth > 32) { e2b_mcp__hmac_add(m, js + t[i].start, (size_t)(t[i].end - t[i].start)); return e2b_mcp__tok_skip(t, i); }
  e2b_mcp__hmac_add(m, t[i].type == JSMN_OBJECT ? "{" : "[", 1);
  for (k = 0; k < n; k++) {
    if (t[i].type == JSMN_OBJECT) j = e2b_mcp__mac_json(m, js, t, j, depth + 1);   /* the key */
    j = e2b_mcp__mac_json(m, js, t, j, depth + 1);
  }
  e2b_mcp__hmac_add(m, t[i].type == JSMN_OBJECT ? "}" : "]", 1);
  return j;
}
#endif

/* The MAC of a state token's head and payload, for this tool and arguments (args < 0: none). */
#if E2B_MCP_WITH_2026
static void e2b_mcp__state_mac(const unsigned char *key, const char *tool, const char *js, const jsmntok_t *t, int args,
                               const unsigned char *head, size_t hn, unsigned char mac[32]) {
  static const char label[] = "e2b-mcp requestState 1";
  e2b_mcp__hmac m;
  e2b_mcp__hmac_begin(&m, key, 32);
  e2b_mcp__hmac_add(&m, label, sizeof label);
  e2b_mcp__hmac_add(&m, tool, strlen(tool) + 1);
  if (args >= 0) e2b_mcp__mac_json(&m, js, t, args, 0);
  else e2b_mcp__hmac_add(&m, "{}", 2);
  e2b_mcp__hmac_add(&m, head, hn);
  e2b_mcp__hmac_end(&m, mac);
}
#endif

static const char e2b_mcp__b64url[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
#if E2B_MCP_WITH_2026
static size_t e2b_mcp__b64url_enc(const unsigned char *p, size_t n, char *out) {
  size_t i, o = 0;
  for (i = 0; i < n; i += 3) {
    unsigned v = (unsigned)p[i] << 16 | (i + 1 < n ? (unsigned)p[i + 1] << 8 : 0u) | (i + 2 < n ? p[i + 2] : 0u);
    out[o++] = e2b_mcp__b64url[v >> 18 & 63];
    out[o++] = e2b_mcp__b64url[v >> 12 & 63];
    if (i + 1 < n) out[o++] = e2b_mcp__b64url[v >> 6 & 63];
    if (i + 2 < n) out[o++] = e2b_mcp__b64url[v & 63];
  }
  out[o] = 0;
  return o;
}
#endif
/* Returns the byte count, or -1 for a character outside the alphabet, a bad length or too much. */
static long e2b_mcp__b64url_dec(const char *s, size_t n, unsigned char *out, size_t cap) {
  size_t i, o = 0;
  unsigned v = 0;
  int bits = 0;
  if (n % 4 == 1) return -1;
  for (i = 0; i < n; i++) {
    const char *q = s[i] ? e2b_mcp__strchr(e2b_mcp__b64url, s[i]) : NULL;
    if (!q) return -1;
    v = (v << 6) | (unsigned)(q - e2b_mcp__b64url);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      if (o == cap) return -1;
      out[o++] = (unsigned char)(v >> bits);
      v &= (1u << bits) - 1;
    }
  }
  if (v) return -1;   /* the unused low bits of the last character are zero in a token we wrote */
  return (long)o;
}


/* Seals payload[0..pn) for a call of tool with the arguments at token args of
   js/t (-1: none), good until now_s + ttl_s, once (nonce). Writes the token
   to out (at least E2B_MCP__STATE_TEXT bytes); returns its length, or 0 when
   the payload is too long. */
#if E2B_MCP_WITH_2026
static size_t e2b_mcp__state_seal(const unsigned char key[32], const char *tool, const char *js, const jsmntok_t *t, int args,
                                  const void *payload, size_t pn, unsigned long long now_s, unsigned long ttl_s,
                                  const unsigned char nonce[8], char *out) {
  unsigned char b[E2B_MCP__STATE_BYTES];
  unsigned long long exp = now_s + ttl_s;
  int i;
  if (pn > E2B_MCP_STATE_MAX) return 0;
  b[0] = 2;
  for (i = 0; i < 8; i++) b[1 + i] = (unsigned char)(exp >> (56 - 8 * i));
  memcpy(b + 9, nonce, 8);
  b[17] = (unsigned char)pn;
  if (pn) memcpy(b + 18, payload, pn);
  e2b_mcp__state_mac(key, tool, js, t, args, b, 18 + pn, b + 18 + pn);
  return e2b_mcp__b64url_enc(b, 18 + pn + 32, out);
}
#endif

/* Wall-clock seconds, for expiry: replicas behind one balancer compare them. */
#ifdef E2B_MCP_NOW_S
static unsigned long long e2b_mcp__state_now(void) { return (unsigned long long)E2B_MCP_NOW_S(); }
#else
static unsigned long long e2b_mcp__state_now(void) { return (unsigned long long)time(NULL); }
#endif

enum { E2B_MCP__STATE_BAD = -1, E2B_MCP__STATE_STALE = -2, E2B_MCP__STATE_SPENT = -3, E2B_MCP__STATE_FULL = -4 };
/* Opens a token: the payload's length (payload gets it, cap >= E2B_MCP_STATE_MAX;
   nonce and *exp_s its nonce and expiry), E2B_MCP__STATE_BAD when it was not
   sealed here for this tool and these arguments (forged, altered, another
   call's), E2B_MCP__STATE_STALE when it expired. The MAC is compared in
   constant time. */
#if E2B_MCP_WITH_2026
static int e2b_mcp__state_open(const unsigned char key[32], const char *tool, const char *js, const jsmntok_t *t, int args,
                               const char *tok, size_t tn, unsigned long long now_s, unsigned char *payload,
                               unsigned char nonce[8], unsigned long long *exp_s) {
  unsigned char b[E2B_MCP__STATE_BYTES], mac[32], diff = 0;
  unsigned long long exp = 0;
  long n = tn < E2B_MCP__STATE_TEXT ? e2b_mcp__b64url_dec(tok, tn, b, sizeof b) : -1;
  int i;
  if (n < 18 + 32 || b[0] != 2 || (long)b[17] != n - 50) return E2B_MCP__STATE_BAD;
  e2b_mcp__state_mac(key, tool, js, t, args, b, (size_t)n - 32, mac);
  for (i = 0; i < 32; i++) diff |= (unsigned char)(mac[i] ^ b[n - 32 + i]);
  if (diff) return E2B_MCP__STATE_BAD;
  for (i = 0; i < 8; i++) exp = exp << 8 | b[1 + i];
  if (now_s > exp) return E2B_MCP__STATE_STALE;
  memcpy(nonce, b + 9, 8);
  *exp_s = exp;
  if (b[17]) memcpy(payload, b + 18, b[17]);
  return b[17];
}
#endif

/* Marks a token's nonce spent in the list (n entries), remembered until exp_s:
   0 the first time, E2B_MCP__STATE_SPENT when it was spent before,
   E2B_MCP__STATE_FULL when every entry holds a nonce that has not expired
   (refusing is safe; forgetting one would let its token be used again). */
#if E2B_MCP_WITH_2026
static int e2b_mcp__state_spend(e2b_mcp__spent *list, int n, const unsigned char nonce[8], unsigned long long exp_s,
                                unsigned long long now_s) {
  int i, room = -1;
  for (i = 0; i < n; i++) {
    if (list[i].exp_s && list[i].exp_s >= now_s && memcmp(list[i].nonce, nonce, 8) == 0) return E2B_MCP__STATE_SPENT;
    if (room < 0 && (!list[i].exp_s || list[i].exp_s < now_s)) room = i;
  }
  if (room < 0) return E2B_MCP__STATE_FULL;
  memcpy(list[room].nonce, nonce, 8);
  list[room].exp_s = exp_s ? exp_s : 1;
  return 0;
}
#endif
#endif /* E2B_MCP_WITH_2026 */
/* >>keys: opening and writing the key store ------------------------------------ */
#if E2B_MCP_KEYSTORE
static const char e2b_mcp__ks_magic[8] = { 'E', '2', 'B', 'K', 'E', 'Y', 'S', '2' };
static const char e2b_mcp__ks_magic1[8] = { 'E', '2', 'B', 'K', 'E', 'Y', 'S', '1' };   /* read, never written */
/* The 8 bytes beside the magic that tell a wrong master secret from a file
   that was altered or cut short: HMAC-SHA256 of the file key over a label of
   its own (nothing about the key is learnt from them). */
static void e2b_mcp__ks_check(const unsigned char mk[32], unsigned char out[8]) {
  static const char label[] = "e2b-mcp key store check";
  unsigned char h[32];
  e2b_mcp__hmac_sha256(mk, 32, label, sizeof label - 1, h);
  memcpy(out, h, 8);
  memset(h, 0, sizeof h);
}

E2B_MCP_DEF const char *e2b_mcp_keystore_strerror(int err) {
  switch (err) {
#define E2B_MCP__KS_CASE(name, code, text) case code: return text;
    E2B_MCP__KS_ERRORS(E2B_MCP__KS_CASE)
#undef E2B_MCP__KS_CASE
    default: return "the key store was refused";
  }
}

E2B_MCP_DEF int e2b_mcp_keystore_master(unsigned char mk[32], const char *secret, size_t n) {
  static const char label[] = "e2b-mcp key store 1";
  if (n < 32) return E2B_MCP_KS_SECRET;
  e2b_mcp__hmac_sha256((const unsigned char *)secret, n, label, sizeof label - 1, mk);
  return 0;
}

/* Whether p[0..n) may be a subject (key 0) or a key (key 1): not empty, fits
   its slot with its NUL, no control character, no tab or line break (the
   file's separators); a key has no space either. */
static int e2b_mcp__ks_ok(const char *p, size_t n, int key) {
  size_t i;
  if (!n || n >= (key ? (size_t)E2B_MCP_KEY_MAX : (size_t)E2B_MCP_SUBJECT_MAX)) return 0;
  for (i = 0; i < n; i++) {
    unsigned char ch = (unsigned char)p[i];
    if (ch < 0x20 || ch == 0x7f || (key && (ch == ' ' || ch > 0x7e))) return 0;
  }
  return 1;
}

static int e2b_mcp__ks_index(const e2b_mcp_keystore *ks, const char *subject, size_t n) {
  int i;
  for (i = 0; i < ks->n; i++)
    if (strlen(ks->e[i].subject) == n && memcmp(ks->e[i].subject, subject, n) == 0) return i;
  return -1;
}

E2B_MCP_DEF const char *e2b_mcp_keystore_find(const e2b_mcp_keystore *ks, const char *subject, size_t n) {
  int i = ks && subject ? e2b_mcp__ks_index(ks, subject, n) : -1;
  return i < 0 ? NULL : ks->e[i].key;
}

E2B_MCP_DEF int e2b_mcp_keystore_set(e2b_mcp_keystore *ks, const char *subject, const char *key) {
  size_t sn = strlen(subject), kn = strlen(key);
  int i;
  if (!e2b_mcp__ks_ok(subject, sn, 0) || !e2b_mcp__ks_ok(key, kn, 1)) return E2B_MCP_KS_ENTRY;
  i = e2b_mcp__ks_index(ks, subject, sn);
  if (i >= 0) { memset(ks->e[i].key, 0, sizeof ks->e[i].key); memcpy(ks->e[i].key, key, kn); return 1; }
  if (ks->n == E2B_MCP_KEYSTORE_ENTRIES) return E2B_MCP_KS_FULL;
  memset(&ks->e[ks->n], 0, sizeof ks->e[ks->n]);
  memcpy(ks->e[ks->n].subject, subject, sn);
  memcpy(ks->e[ks->n].key, key, kn);
  ks->n++;
  return 0;
}

E2B_MCP_DEF int e2b_mcp_keystore_remove(e2b_mcp_keystore *ks, const char *subject) {
  int i = e2b_mcp__ks_index(ks, subject, strlen(subject));
  if (i < 0) return -1;
  memmove(&ks->e[i], &ks->e[i + 1], (size_t)(ks->n - i - 1) * sizeof ks->e[0]);
  ks->n--;
  memset(&ks->e[ks->n], 0, sizeof ks->e[0]);   /* the key moved down leaves no copy behind */
  return 0;
}

E2B_MCP_DEF int e2b_mcp_keystore_open(e2b_mcp_keystore *ks, const unsigned char mk[32], unsigned char *file, size_t n) {
  unsigned char *p, *end, chk[8];
  size_t pn, head;
  int rc = 0, v1;
  memset(ks, 0, sizeof *ks);
  v1 = n >= 8 && memcmp(file, e2b_mcp__ks_magic1, 8) == 0;
  head = v1 ? 20 : 28;   /* magic (and check), nonce */
  if (n < head + 16 || (!v1 && memcmp(file, e2b_mcp__ks_magic, 8) != 0)) return E2B_MCP_KS_FORMAT;
  if (!v1) {
    e2b_mcp__ks_check(mk, chk);
    if (memcmp(chk, file + 8, 8) != 0) return E2B_MCP_KS_MASTER;
  }
  p = file + head;
  pn = n - head - 16;
  if (e2b_mcp_tls_aes_gcm(0, mk, file + head - 12, file, head - 12, p, pn, file + n - 16) != 0) {
    memset(p, 0, pn);
    return v1 ? E2B_MCP_KS_MASTER : E2B_MCP_KS_ALTERED;   /* a first version's file cannot tell the two apart */
  }
  /* authentic: only now is a byte of it read */
  end = p + pn;
  while (p < end && rc == 0) {
    unsigned char *tab = (unsigned char *)memchr(p, '\t', (size_t)(end - p)), *lf;
    lf = tab ? (unsigned char *)memchr(tab, '\n', (size_t)(end - tab)) : NULL;
    if (!lf) { rc = E2B_MCP_KS_FORMAT; break; }
    *tab = 0; *lf = 0;
    if (!e2b_mcp__ks_ok((const char *)p, (size_t)(tab - p), 0) || !e2b_mcp__ks_ok((const char *)tab + 1, (size_t)(lf - tab - 1), 1)) rc = E2B_MCP_KS_ENTRY;
    else if (e2b_mcp__ks_index(ks, (const char *)p, (size_t)(tab - p)) >= 0) rc = E2B_MCP_KS_FORMAT;   /* one key per subject */
    else rc = e2b_mcp_keystore_set(ks, (const char *)p, (const char *)tab + 1);
    p = lf + 1;
  }
  memset(file + head, 0, pn);   /* the keys in clear stay in the store's slots only */
  if (rc < 0) { memset(ks, 0, sizeof *ks); return rc; }
  return 0;
}

E2B_MCP_DEF long e2b_mcp_keystore_seal(const e2b_mcp_keystore *ks, const unsigned char mk[32], const unsigned char nonce[12],
                                       unsigned char *out, size_t cap) {
  size_t at = 28;
  int i;
  if (cap < E2B_MCP_KEYSTORE_OVERHEAD) return E2B_MCP_KS_ROOM;
  memcpy(out, e2b_mcp__ks_magic, 8);
  e2b_mcp__ks_check(mk, out + 8);
  memcpy(out + 16, nonce, 12);
  for (i = 0; i < ks->n; i++) {
    size_t sn = strlen(ks->e[i].subject), kn = strlen(ks->e[i].key);
    if (at + sn + kn + 2 + 16 > cap) { memset(out + 28, 0, at - 28); return E2B_MCP_KS_ROOM; }
    memcpy(out + at, ks->e[i].subject, sn); at += sn;
    out[at++] = '\t';
    memcpy(out + at, ks->e[i].key, kn); at += kn;
    out[at++] = '\n';
  }
  if (e2b_mcp_tls_aes_gcm(1, mk, out + 16, out, 16, out + 28, at - 28, out + at) != 0) { memset(out, 0, at); return E2B_MCP_KS_MASTER; }
  return (long)(at + 16);
}

E2B_MCP_DEF void e2b_mcp_keystore_fingerprint(const char *key, char out[9]) {
  static const char hex[] = "0123456789abcdef";
  unsigned char h[32];
  e2b_mcp__sha256 c;
  int i;
  e2b_mcp__sha256_init(&c);
  e2b_mcp__sha256_add(&c, key, strlen(key));
  e2b_mcp__sha256_end(&c, h);
  for (i = 0; i < 4; i++) { out[2 * i] = hex[h[i] >> 4]; out[2 * i + 1] = hex[h[i] & 15]; }
  out[8] = 0;
}
#endif
/* >>auth: verifying access tokens ------------------------------------------------
   A JWT is header.payload.signature, each base64url (no padding). The header
   is read first (alg, kid, typ, crit), the key chosen, the signature checked
   over the SHA-256 of "header.payload"; only then is the payload decoded and
   its claims read. Everything is on the stack, bounded by
   E2B_MCP_AUTH_TOKEN_MAX: a token longer than that, or a header longer than
   E2B_MCP__AUTH_HEAD_MAX, is refused before anything is decoded. */
#if E2B_MCP_AUTH
#define E2B_MCP__AUTH_HEAD_MAX 1024    /* a header's base64url text: kid, alg, typ fit many times over */
#define E2B_MCP__AUTH_HEAD_TOKENS 32
#define E2B_MCP__AUTH_CLAIM_TOKENS 128

E2B_MCP_DEF const char *e2b_mcp_auth_strerror(int err) {
  switch (err) {
#define E2B_MCP__AUTH_CASE(name, code, text) case code: return text;
    E2B_MCP__AUTH_ERRORS(E2B_MCP__AUTH_CASE)
#undef E2B_MCP__AUTH_CASE
    default: return "the token was refused";
  }
}

E2B_MCP_DEF void e2b_mcp_auth_init(e2b_mcp_auth *a, const char *issuer, const char *resource) {
  memset(a, 0, sizeof *a);
  a->issuer = issuer;
  a->resource = resource;
}

/* Decodes the base64url string value at token t into out (cap bytes); its
   length, or -1. */
static long e2b_mcp__auth_b64tok(const char *js, const jsmntok_t *t, unsigned char *out, size_t cap) {
  if (!t || t->type != JSMN_STRING) return -1;
  return e2b_mcp__b64url_dec(js + t->start, (size_t)(t->end - t->start), out, cap);
}
static const jsmntok_t *e2b_mcp__auth_member(const char *js, const jsmntok_t *t, int obj, const char *key) {
  int i = e2b_mcp__tok_get(js, t, obj, key);
  return i < 0 ? NULL : &t[i];
}

/* One JWK into slot k: 1 when it is a usable signing key, else 0. */
static int e2b_mcp__auth_jwk(const char *js, const jsmntok_t *t, int obj, e2b_mcp_auth_key *k) {
  const jsmntok_t *kty = e2b_mcp__auth_member(js, t, obj, "kty"), *use = e2b_mcp__auth_member(js, t, obj, "use");
  const jsmntok_t *alg = e2b_mcp__auth_member(js, t, obj, "alg"), *kid = e2b_mcp__auth_member(js, t, obj, "kid");
  long n;
  memset(k, 0, sizeof *k);
  if (use && !e2b_mcp__tok_eq(js, use, "sig")) return 0;
  if (kid && e2b_mcp__tok_str(js, kid, k->kid, sizeof k->kid) < 0) return 0;
  if (kty && e2b_mcp__tok_eq(js, kty, "RSA")) {
    unsigned char *p = k->k;
    size_t z = 0;
    if (alg && !e2b_mcp__tok_eq(js, alg, "RS256")) return 0;
    n = e2b_mcp__auth_b64tok(js, e2b_mcp__auth_member(js, t, obj, "n"), k->k, sizeof k->k);
    while (n > 0 && p[z] == 0) { z++; n--; }
    if (n < 256 || (n == 256 && !(p[z] & 0x80))) return 0;   /* under 2048 bits (or too long: -1) */
    memmove(k->k, k->k + z, (size_t)n);
    k->klen = (size_t)n;
    n = e2b_mcp__auth_b64tok(js, e2b_mcp__auth_member(js, t, obj, "e"), k->e, sizeof k->e);
    for (z = 0; n > 0 && k->e[z] == 0; z++) n--;
    if (n <= 0 || !(k->e[z + (size_t)n - 1] & 1)) return 0;   /* an RSA exponent is odd */
    memmove(k->e, k->e + z, (size_t)n);
    k->elen = (size_t)n;
    k->kty = E2B_MCP_AUTH_RSA;
    return 1;
  }
  if (kty && e2b_mcp__tok_eq(js, kty, "EC")) {
    const jsmntok_t *crv = e2b_mcp__auth_member(js, t, obj, "crv");
    if (!crv || !e2b_mcp__tok_eq(js, crv, "P-256") || (alg && !e2b_mcp__tok_eq(js, alg, "ES256"))) return 0;
    k->k[0] = 4;   /* the uncompressed point */
    if (e2b_mcp__auth_b64tok(js, e2b_mcp__auth_member(js, t, obj, "x"), k->k + 1, 32) != 32 ||
        e2b_mcp__auth_b64tok(js, e2b_mcp__auth_member(js, t, obj, "y"), k->k + 33, 32) != 32) return 0;
    k->klen = 65;
    k->kty = E2B_MCP_AUTH_EC_P256;
    return 1;
  }
  return 0;
}

/* The JWKS json[0..n) into a's keys (store 0: only counted, a unchanged):
   how many are usable, or E2B_MCP_AUTH_MALFORMED. */
static int e2b_mcp__auth_jwks_load(e2b_mcp_auth *a, const char *json, size_t n, int store) {
  jsmntok_t t[E2B_MCP_AUTH_JWKS_TOKENS];
  e2b_mcp_auth_key scratch;
  int dup, r = e2b_mcp__parse_strict(json, n, t, E2B_MCP_AUTH_JWKS_TOKENS, &dup), keys, i, k, got = 0;
  if (r <= 0 || t[0].type != JSMN_OBJECT) return E2B_MCP_AUTH_MALFORMED;
  keys = e2b_mcp__tok_get(json, t, 0, "keys");
  if (keys < 0 || t[keys].type != JSMN_ARRAY) return E2B_MCP_AUTH_MALFORMED;
  if (store) a->nkeys = 0;
  for (i = keys + 1, k = 0; k < t[keys].size; k++, i = e2b_mcp__tok_skip(t, i))
    if (got < E2B_MCP_AUTH_KEYS && t[i].type == JSMN_OBJECT && e2b_mcp__auth_jwk(json, t, i, store ? &a->keys[got] : &scratch)) got++;
  if (store) a->nkeys = got;
  return got;
}
E2B_MCP_DEF int e2b_mcp_auth_jwks(e2b_mcp_auth *a, const char *json, size_t n) {
  return e2b_mcp__auth_jwks_load(a, json, n, 1);
}

E2B_MCP_DEF int e2b_mcp_auth_has_scope(const e2b_mcp_auth_claims *c, const char *scope) {
  const char *p = c->scope;
  size_t n = strlen(scope);
  while (n && *p) {
    size_t w;
    while (*p == ' ') p++;
    w = strcspn(p, " ");
    if (w == n && memcmp(p, scope, n) == 0) return 1;
    p += w;
  }
  return 0;
}

/* The key a header's kid and alg name: its index, or E2B_MCP_AUTH_KID /
   E2B_MCP_AUTH_ALG. Without a kid, the issuer's only key of that type. */
static int e2b_mcp__auth_key_for(const e2b_mcp_auth *a, const char *kid, int has_kid, int kty) {
  int i, found = -1, same_type = 0;
  for (i = 0; i < a->nkeys; i++) {
    if (has_kid && strcmp(a->keys[i].kid, kid) == 0) return a->keys[i].kty == kty ? i : E2B_MCP_AUTH_ALG;
    if (!has_kid && a->keys[i].kty == kty) { found = i; same_type++; }
  }
  return !has_kid && same_type == 1 ? found : E2B_MCP_AUTH_KID;
}

/* A doubled name (the token t) into c->twice, when it is a plain word: it
   goes into a WWW-Authenticate parameter, where a quote would end it. */
static void e2b_mcp__auth_twice(const char *js, const jsmntok_t *t, e2b_mcp_auth_claims *c) {
  size_t n = (size_t)(t->end - t->start), i;
  if (!c) return;
  c->twice[0] = 0;
  if (n == 0 || n >= sizeof c->twice) return;
  for (i = 0; i < n; i++) {
    char ch = js[t->start + (long)i];
    if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' || ch == '.' || ch == ':' || ch == '-')) return;
  }
  memcpy(c->twice, js + t->start, n);
  c->twice[n] = 0;
}

/* The header: alg (pinned to the key), kid, typ; *key gets the key's index. */
static int e2b_mcp__auth_header(const e2b_mcp_auth *a, const char *tok, size_t hn, int *key, e2b_mcp_auth_claims *c) {
  char js[E2B_MCP__AUTH_HEAD_MAX / 4 * 3 + 3], alg[16], kid[E2B_MCP_ID_MAX + 1], typ[32];
  jsmntok_t t[E2B_MCP__AUTH_HEAD_TOKENS];
  long n;
  int r, i, kty;
  kid[0] = 0;
  if (hn > E2B_MCP__AUTH_HEAD_MAX) return E2B_MCP_AUTH_TOO_LARGE;
  n = e2b_mcp__b64url_dec(tok, hn, (unsigned char *)js, sizeof js);
  if (n <= 0) return E2B_MCP_AUTH_MALFORMED;
  r = e2b_mcp__parse_strict(js, (size_t)n, t, E2B_MCP__AUTH_HEAD_TOKENS, &i);
  if (r == JSMN_ERROR_NOMEM) return E2B_MCP_AUTH_TOO_LARGE;
  if (r == E2B_MCP__JSON_DUP) { e2b_mcp__auth_twice(js, &t[i], c); return E2B_MCP_AUTH_DUPLICATE; }
  if (r <= 0 || t[0].type != JSMN_OBJECT) return E2B_MCP_AUTH_MALFORMED;
  /* crit names extensions the token needs understood; none is, here (RFC 7515 4.1.11) */
  if (e2b_mcp__tok_get(js, t, 0, "crit") >= 0) return E2B_MCP_AUTH_MALFORMED;
  i = e2b_mcp__tok_get(js, t, 0, "alg");
  if (i < 0 || e2b_mcp__tok_str(js, &t[i], alg, sizeof alg) < 0) return E2B_MCP_AUTH_ALG;
  if (strcmp(alg, "RS256") == 0) kty = E2B_MCP_AUTH_RSA;
  else if (strcmp(alg, "ES256") == 0) kty = E2B_MCP_AUTH_EC_P256;
  else return E2B_MCP_AUTH_ALG;   /* none, HS*, and every algorithm not pinned to a key type here */
  /* RFC 9068 asks for typ at+jwt, so that no other JWT the issuer signs (an
     ID token, a logout token) passes for an access token; providers that
     still write JWT, or nothing, are taken only when a->typ_jwt says so (an
     ID token is then still refused by its aud). */
  i = e2b_mcp__tok_get(js, t, 0, "typ");
  if (i < 0 ? !a->typ_jwt :
      (e2b_mcp__tok_str(js, &t[i], typ, sizeof typ) < 0 ||
       !(e2b_mcp__ieq(typ, strlen(typ), "at+jwt") || e2b_mcp__ieq(typ, strlen(typ), "application/at+jwt") ||
         (a->typ_jwt && e2b_mcp__ieq(typ, strlen(typ), "JWT"))))) return E2B_MCP_AUTH_TYPE;
  i = e2b_mcp__tok_get(js, t, 0, "kid");
  if (i >= 0 && e2b_mcp__tok_str(js, &t[i], kid, sizeof kid) < 0) return E2B_MCP_AUTH_KID;
  *key = e2b_mcp__auth_key_for(a, kid, i >= 0, kty);
  return *key < 0 ? *key : E2B_MCP_AUTH_OK;
}

/* Whether the string at token i (unescaped) is exactly want. */
static int e2b_mcp__auth_str_is(const char *js, const jsmntok_t *t, int i, const char *want) {
  char v[E2B_MCP_AUTH_SCOPE_MAX];
  return i >= 0 && want && e2b_mcp__tok_str(js, &t[i], v, sizeof v) >= 0 && strcmp(v, want) == 0;
}

static int e2b_mcp__auth_claims(const e2b_mcp_auth *a, const char *js, size_t n, long long now_s, e2b_mcp_auth_claims *c) {
  jsmntok_t t[E2B_MCP__AUTH_CLAIM_TOKENS];
  long long exp, nbf;
  int r, i, k, aud_ok = 0;
  int skew = a->skew_s > 0 ? a->skew_s : E2B_MCP_AUTH_SKEW_S;
  r = e2b_mcp__parse_strict(js, n, t, E2B_MCP__AUTH_CLAIM_TOKENS, &i);
  if (r == JSMN_ERROR_NOMEM) return E2B_MCP_AUTH_TOO_LARGE;
  if (r == E2B_MCP__JSON_DUP) { e2b_mcp__auth_twice(js, &t[i], c); return E2B_MCP_AUTH_DUPLICATE; }
  if (r <= 0 || t[0].type != JSMN_OBJECT) return E2B_MCP_AUTH_MALFORMED;
  i = e2b_mcp__tok_get(js, t, 0, "exp");
  if (i < 0 || e2b_mcp__tok_int(js, &t[i], &exp) < 0) return E2B_MCP_AUTH_CLAIMS;
  if (now_s > exp + skew) return E2B_MCP_AUTH_EXPIRED;
  i = e2b_mcp__tok_get(js, t, 0, "nbf");
  if (i >= 0 && (e2b_mcp__tok_int(js, &t[i], &nbf) < 0 || nbf > now_s + skew)) return E2B_MCP_AUTH_EARLY;
  i = e2b_mcp__tok_get(js, t, 0, "iss");
  if (i < 0) return E2B_MCP_AUTH_CLAIMS;
  if (!e2b_mcp__auth_str_is(js, t, i, a->issuer)) return E2B_MCP_AUTH_ISSUER;
  i = e2b_mcp__tok_get(js, t, 0, "aud");
  if (i < 0) return E2B_MCP_AUTH_CLAIMS;
  if (t[i].type == JSMN_ARRAY) {
    int j = i + 1;
    for (k = 0; k < t[i].size; k++, j = e2b_mcp__tok_skip(t, j)) aud_ok |= e2b_mcp__auth_str_is(js, t, j, a->resource);
  } else aud_ok = e2b_mcp__auth_str_is(js, t, i, a->resource);
  if (!aud_ok) return E2B_MCP_AUTH_AUDIENCE;
  if (c) {
    c->exp = exp;
    c->sub[0] = c->scope[0] = 0;
    i = e2b_mcp__tok_get(js, t, 0, "sub");
    if (i >= 0 && e2b_mcp__tok_str(js, &t[i], c->sub, sizeof c->sub) < 0) return E2B_MCP_AUTH_TOO_LARGE;
    i = e2b_mcp__tok_get(js, t, 0, "scope");
    if (i >= 0 && e2b_mcp__tok_str(js, &t[i], c->scope, sizeof c->scope) < 0) return E2B_MCP_AUTH_TOO_LARGE;
  }
  return E2B_MCP_AUTH_OK;
}

/* known: the token's signature was checked before (the same bytes: the
   admission's memory of verified tokens, >>principal), so only its header
   (its key is still one of the issuer's) and its claims (not expired yet)
   are checked again. */
static int e2b_mcp__auth_verify_as(const e2b_mcp_auth *a, const char *tok, size_t n, long long now_s, e2b_mcp_auth_claims *c, int known) {
  unsigned char sig[E2B_MCP_AUTH_RSA_MAX], hash[32];
  char payload[E2B_MCP_AUTH_TOKEN_MAX / 4 * 3 + 3];
  const char *d1, *d2;
  const e2b_mcp_auth_key *k;
  e2b_mcp__sha256 h;
  long sn, pn;
  int key = -1, rc;
  if (!E2B_MCP__AUTH_VERIFIER) return E2B_MCP_AUTH_NO_VERIFIER;
  if (n > E2B_MCP_AUTH_TOKEN_MAX) return E2B_MCP_AUTH_TOO_LARGE;
  if (a->nkeys <= 0) return E2B_MCP_AUTH_NO_KEYS;
  d1 = (const char *)memchr(tok, '.', n);
  d2 = d1 ? (const char *)memchr(d1 + 1, '.', n - (size_t)(d1 + 1 - tok)) : NULL;
  if (!d2 || memchr(d2 + 1, '.', n - (size_t)(d2 + 1 - tok))) return E2B_MCP_AUTH_MALFORMED;
  rc = e2b_mcp__auth_header(a, tok, (size_t)(d1 - tok), &key, c);
  if (rc) return rc;
  k = &a->keys[key];
  if (!known) {
    sn = e2b_mcp__b64url_dec(d2 + 1, n - (size_t)(d2 + 1 - tok), sig, sizeof sig);
    if (sn != (long)(k->kty == E2B_MCP_AUTH_RSA ? k->klen : 64)) return E2B_MCP_AUTH_SIGNATURE;
    e2b_mcp__sha256_init(&h);
    e2b_mcp__sha256_add(&h, tok, (size_t)(d2 - tok));
    e2b_mcp__sha256_end(&h, hash);
    rc = k->kty == E2B_MCP_AUTH_RSA ? e2b_mcp_tls_rsa_verify(k->k, k->klen, k->e, k->elen, hash, sig, (size_t)sn)
                                    : e2b_mcp_tls_p256_verify(k->k, hash, sig);
    if (rc != 0) return E2B_MCP_AUTH_SIGNATURE;
  }
  pn = e2b_mcp__b64url_dec(d1 + 1, (size_t)(d2 - d1 - 1), (unsigned char *)payload, sizeof payload);
  if (pn <= 0) return E2B_MCP_AUTH_MALFORMED;
  return e2b_mcp__auth_claims(a, payload, (size_t)pn, now_s, c);
}
E2B_MCP_DEF int e2b_mcp_auth_verify(const e2b_mcp_auth *a, const char *tok, size_t n, long long now_s, e2b_mcp_auth_claims *c) {
  return e2b_mcp__auth_verify_as(a, tok, n, now_s, c, 0);
}

E2B_MCP_DEF int e2b_mcp_auth_claim(const char *tok, size_t n, const char *name, int i, char *out, size_t cap) {
  char payload[E2B_MCP_AUTH_TOKEN_MAX / 4 * 3 + 3];
  jsmntok_t t[E2B_MCP__AUTH_CLAIM_TOKENS];
  const char *d1, *d2;
  long pn;
  int k;
  if (n > E2B_MCP_AUTH_TOKEN_MAX || i < 0) return -1;
  d1 = (const char *)memchr(tok, '.', n);
  d2 = d1 ? (const char *)memchr(d1 + 1, '.', n - (size_t)(d1 + 1 - tok)) : NULL;
  if (!d2) return -1;
  pn = e2b_mcp__b64url_dec(d1 + 1, (size_t)(d2 - d1 - 1), (unsigned char *)payload, sizeof payload);
  if (pn <= 0 || e2b_mcp__parse_strict(payload, (size_t)pn, t, E2B_MCP__AUTH_CLAIM_TOKENS, &k) <= 0 || t[0].type != JSMN_OBJECT) return -1;
  k = e2b_mcp__tok_get(payload, t, 0, name && *name ? name : "sub");
  if (k < 0) return -1;
  if (t[k].type == JSMN_ARRAY) {
    int j = k + 1;
    if (i >= t[k].size) return -1;
    while (i--) j = e2b_mcp__tok_skip(t, j);
    k = j;
  } else if (i) return -1;
  return e2b_mcp__tok_str(payload, &t[k], out, cap);
}

/* ---- What a client is told: RFC 9728 metadata and the Bearer challenge ---- */

E2B_MCP_DEF const char *e2b_mcp_auth_scope_name(const e2b_mcp_auth *a, int g) {
  static const char *const def[3] = { "e2b:read", "e2b:write", "e2b:kill" };
  if (g < 0 || g > 2) return "";
  return a->scope_names[g] && *a->scope_names[g] ? a->scope_names[g] : def[g];
}

#ifdef E2B_MCP__FETCH
/* ---- The issuer's keys, found through its metadata (e2b_mcp_auth.discover) ----
   The documents, in order: the RFC 8414 metadata, then OpenID discovery
   (for an issuer with a path, inserted after the host, then appended, as
   the MCP authorization spec lists them); the first that answers 200 must
   name our issuer exactly (else a document from elsewhere could name keys
   for tokens it did not issue) and its jwks_uri, which is fetched last.
   Each is a GET on the E2B client (e2b_mcp__fetch: the engine runs it); this
   is its done. */
enum { E2B_MCP__AUTH_AT_AS, E2B_MCP__AUTH_AT_OIDC_IN, E2B_MCP__AUTH_AT_OIDC, E2B_MCP__AUTH_AT_JWKS };

static e2b_mcp_auth *e2b_mcp__auth_of(e2b_mcp__fetch *f) {
  return (e2b_mcp_auth *)(void *)((char *)f - offsetof(e2b_mcp_auth, fetch));
}
static int e2b_mcp__auth_loopback(const char *h) {
  return strcmp(h, "localhost") == 0 || strcmp(h, "::1") == 0 || strncmp(h, "127.", 4) == 0;
}
/* How much of v a message may show: up to its first control character (a
   line break in a document would start a log line of its own), at most 120. */
static int e2b_mcp__auth_shown(const char *v) {
  int i;
  for (i = 0; i < 120 && v[i] && (unsigned char)v[i] >= 0x20 && v[i] != 0x7f; i++) {}
  return i;
}
/* Points f at url (absolute; its path and query kept whole, a fragment
   dropped): 0, or -1 with a->why said. https only (but a loopback http://
   when a->http_loopback). */
static int e2b_mcp__auth_point(e2b_mcp_auth *a, const char *url, const char *what) {
  char origin[E2B_MCP_HOST_MAX + 16];
  const char *p = strstr(url, "://");
  size_t on, pn, i;
  p = p ? p + 3 : url;
  p += strcspn(p, "/?#");
  on = (size_t)(p - url);
  pn = strcspn(p, "#");
  for (i = 0; url[i]; i++) if ((unsigned char)url[i] <= 0x20 || url[i] == 0x7f) break;
  if (url[i] || on >= sizeof origin || pn + 2 > sizeof a->fetch.path) goto bad;
  memcpy(origin, url, on);
  origin[on] = 0;
  if (e2b_mcp__url_parse(&a->fetch.url, origin) != 0) goto bad;
  if (!a->fetch.url.https && !(a->http_loopback && e2b_mcp__auth_loopback(a->fetch.url.host))) {
    e2b_mcp__fmt(a->why, sizeof a->why, "%s %.*s is not https://: the keys are fetched over verified TLS only", what, e2b_mcp__auth_shown(url), url);
    return -1;
  }
  a->fetch.path[0] = '/';
  memcpy(a->fetch.path + (*p != '/'), p, pn);
  a->fetch.path[pn + (*p != '/')] = 0;
  return 0;
bad:
  e2b_mcp__fmt(a->why, sizeof a->why, "%s %.*s is not a URL the server can fetch", what, e2b_mcp__auth_shown(url), url);
  return -1;
}
/* f at the metadata document of phase at (the issuer parsed into f->url): 0,
   or -1 when there is no such document for this issuer. */
static int e2b_mcp__auth_meta_path(e2b_mcp_auth *a, int at) {
  const char *iss = a->issuer, *path = strstr(iss, "://");
  size_t pn;
  path = path ? path + 3 : iss;
  path += strcspn(path, "/");
  pn = strlen(path);
  if (pn && path[pn - 1] == '/') pn--;   /* https://issuer/ is https://issuer */
  if (at == E2B_MCP__AUTH_AT_OIDC_IN && !pn) return -1;   /* the same URL as the one appended */
  if (pn + 40 > sizeof a->fetch.path) return -1;
  if (at == E2B_MCP__AUTH_AT_AS) e2b_mcp__fmt(a->fetch.path, sizeof a->fetch.path, "/.well-known/oauth-authorization-server%.*s", (int)pn, path);
  else if (at == E2B_MCP__AUTH_AT_OIDC_IN) e2b_mcp__fmt(a->fetch.path, sizeof a->fetch.path, "/.well-known/openid-configuration%.*s", (int)pn, path);
  else e2b_mcp__fmt(a->fetch.path, sizeof a->fetch.path, "%.*s/.well-known/openid-configuration", (int)pn, path);
  a->phase = at;
  return 0;
}
static int e2b_mcp__auth_fetched(e2b_mcp__fetch *f, const e2b_mcp_response *r);
/* Readies a->fetch for the first document: 0, or -1 with a->why said (the
   issuer cannot be fetched from). */
static int e2b_mcp__auth_fetch_begin(e2b_mcp_auth *a) {
  a->fetch.done = e2b_mcp__auth_fetched;
  if (e2b_mcp__auth_point(a, a->issuer, "the issuer") != 0) return -1;
  return e2b_mcp__auth_meta_path(a, E2B_MCP__AUTH_AT_AS);
}
/* The issuer's metadata document js[0..n): f at its jwks_uri (1), or why not (0). */
static int e2b_mcp__auth_meta(e2b_mcp_auth *a, const char *js, size_t n) {
  jsmntok_t t[E2B_MCP_AUTH_META_TOKENS];
  char v[E2B_MCP_AUTH_SCOPE_MAX];
  int i, r = e2b_mcp__parse_strict(js, n, t, E2B_MCP_AUTH_META_TOKENS, &i);
  v[0] = 0;
  if (r == E2B_MCP__JSON_DUP) {   /* the name shown only when short and printable */
    int kn = t[i].end - t[i].start, shown = kn <= 40 && e2b_mcp__auth_shown(js + t[i].start) >= kn ? kn : 0;
    e2b_mcp__fmt(a->why, sizeof a->why, "the issuer's metadata (%s) names a member twice (\"%.*s\"), or with an escape: its keys are not taken",
                 a->fetch.path, shown, js + t[i].start);
    return 0;
  }
  if (r <= 0 || t[0].type != JSMN_OBJECT) {
    e2b_mcp__fmt(a->why, sizeof a->why, "the issuer's metadata (%s) is not a JSON object%s", a->fetch.path,
                 r == JSMN_ERROR_NOMEM ? " this server can read (E2B_MCP_AUTH_META_TOKENS)" : "");
    return 0;
  }
  i = e2b_mcp__tok_get(js, t, 0, "issuer");
  if (i < 0 || e2b_mcp__tok_str(js, &t[i], v, sizeof v) < 0 || strcmp(v, a->issuer) != 0) {
    e2b_mcp__fmt(a->why, sizeof a->why, "the issuer's metadata (%s) names the issuer \"%.*s\", not E2B_MCP_AUTH_ISSUER exactly: its keys are not taken",
                 a->fetch.path, i < 0 ? 0 : e2b_mcp__auth_shown(v), v);
    return 0;
  }
  i = e2b_mcp__tok_get(js, t, 0, "jwks_uri");
  if (i < 0 || e2b_mcp__tok_str(js, &t[i], v, sizeof v) < 0) {
    e2b_mcp__fmt(a->why, sizeof a->why, "the issuer's metadata (%s) has no jwks_uri", a->fetch.path);
    return 0;
  }
  if (e2b_mcp__auth_point(a, v, "the issuer's jwks_uri") != 0) return 0;
  a->phase = E2B_MCP__AUTH_AT_JWKS;
  return 1;
}
static int e2b_mcp__auth_fetched(e2b_mcp__fetch *f, const e2b_mcp_response *r) {
  e2b_mcp_auth *a = e2b_mcp__auth_of(f);
  int k;
  if (r->err) {
    e2b_mcp__fmt(a->why, sizeof a->why, "%s://%s:%u%s: %s", f->url.https ? "https" : "http", f->url.host, f->url.port, f->path,
                 e2b_mcp_strerror(r->err));
    return 0;
  }
  if (a->phase < E2B_MCP__AUTH_AT_JWKS) {
    if (r->status >= 400 && r->status < 500)   /* not this one: the next form of the metadata's URL */
      for (k = a->phase + 1; k < E2B_MCP__AUTH_AT_JWKS; k++) if (e2b_mcp__auth_meta_path(a, k) == 0) return 1;
    if (r->status != 200) {
      e2b_mcp__fmt(a->why, sizeof a->why, "the issuer's metadata: %s answered HTTP %d", f->path, r->status);
      return 0;
    }
    return e2b_mcp__auth_meta(a, r->body, r->body_len);
  }
  if (r->status != 200) {
    e2b_mcp__fmt(a->why, sizeof a->why, "the issuer's JWKS: %s answered HTTP %d", f->path, r->status);
    return 0;
  }
  k = e2b_mcp__auth_jwks_load(a, r->body, r->body_len, 0);
  if (k <= 0) {   /* the keys there were stay */
    e2b_mcp__fmt(a->why, sizeof a->why, "the issuer's JWKS (%s) %s", f->path, k < 0 ? "is not a JWKS document" :
                 "has no usable key (RSA of 2048 bits or more, or EC P-256, for signing)");
    return 0;
  }
  e2b_mcp__auth_jwks_load(a, r->body, r->body_len, 1);
  a->loads++;
  a->why[0] = 0;
  return 0;
}
#endif

#ifdef E2B_MCP__HTTP   /* the rest serves the Streamable HTTP transport */
/* Whether the configuration can be told to clients as it is: an http(s)
   resource URL and an issuer, neither with a quote, a space or a control
   character (they go into a quoted header parameter and JSON). */
static int e2b_mcp__auth_url_ok(const char *u) {
  size_t i;
  if (!u || !(strncmp(u, "https://", 8) == 0 || strncmp(u, "http://", 7) == 0)) return 0;
  for (i = 0; u[i]; i++) if ((unsigned char)u[i] <= 0x20 || u[i] == '"' || u[i] == '\\' || u[i] == 0x7f) return 0;
  return 1;
}
static int e2b_mcp__auth_config_ok(const e2b_mcp_auth *a) {
  int g;
  /* bounded so that a 401's head fits the transport's small answer */
  if (!e2b_mcp__auth_url_ok(a->resource) || strlen(a->resource) > 256 || !a->issuer || !*a->issuer || e2b_mcp__strchr(a->issuer, '"')) return 0;
  for (g = 0; g < 3; g++) {
    const char *n = e2b_mcp_auth_scope_name(a, g), *p;
    if (strlen(n) > 64) return 0;
    for (p = n; *p; p++) if ((unsigned char)*p <= 0x20 || *p == '"' || *p == '\\' || *p == 0x7f) return 0;
  }
  return 1;
}

/* The metadata's URL: the resource's origin, /.well-known/oauth-protected-resource,
   then the resource's path (RFC 9728 section 3.1). */
static void e2b_mcp__auth_meta_url(const e2b_mcp_auth *a, e2b_mcp_json *w) {
  const char *r = a->resource, *path = e2b_mcp__strchr(r + (strncmp(r, "https://", 8) == 0 ? 8 : 7), '/');
  size_t on = path ? (size_t)(path - r) : strlen(r);
  e2b_mcp__w_put(w, r, on);
  e2b_mcp__w_put(w, "/.well-known/oauth-protected-resource", 37);
  if (path && strcmp(path, "/") != 0) e2b_mcp__w_put(w, path, strlen(path));
}
/* Whether target[0..n) (query included) asks for the metadata: the plain
   well-known path, or with the resource's path after it. */
static int e2b_mcp__auth_is_meta(const e2b_mcp_auth *a, const char *target, size_t n) {
  static const char wk[] = "/.well-known/oauth-protected-resource";
  const char *r = a->resource, *path = e2b_mcp__strchr(r + (strncmp(r, "https://", 8) == 0 ? 8 : 7), '/');
  size_t k = strcspn(target, "?"), pn = path ? strlen(path) : 0;
  if (k > n) k = n;
  if (k < sizeof wk - 1 || memcmp(target, wk, sizeof wk - 1) != 0) return 0;
  return k == sizeof wk - 1 || (pn > 1 && k == sizeof wk - 1 + pn && memcmp(target + sizeof wk - 1, path, pn) == 0);
}
/* The metadata document (RFC 9728 section 2). */
static void e2b_mcp__auth_metadata(const e2b_mcp_auth *a, e2b_mcp_json *w) {
  const char *p = a->servers && *a->servers ? a->servers : a->issuer;
  int g;
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "resource"); e2b_mcp_json_str(w, a->resource);
  e2b_mcp_json_key(w, "authorization_servers"); e2b_mcp_json_arr(w);
  while (*p) {
    size_t k;
    while (*p == ' ') p++;
    k = strcspn(p, " ");
    if (k) e2b_mcp_json_strn(w, p, k);
    p += k;
  }
  e2b_mcp_json_arr_end(w);
  e2b_mcp_json_key(w, "scopes_supported"); e2b_mcp_json_arr(w);
  for (g = 0; g < 3; g++) e2b_mcp_json_str(w, e2b_mcp_auth_scope_name(a, g));
  e2b_mcp_json_arr_end(w);
  e2b_mcp_json_key(w, "bearer_methods_supported"); e2b_mcp_json_arr(w); e2b_mcp_json_str(w, "header"); e2b_mcp_json_arr_end(w);
  e2b_mcp_json_key(w, "resource_name"); e2b_mcp_json_str(w, "E2B sandboxes (e2b-mcp)");
  e2b_mcp_json_obj_end(w);
}
/* The WWW-Authenticate header line of a 401 or 403 (RFC 6750 section 3, RFC
   9728 section 5.1): where the metadata is, the scopes to ask for (scope:
   one, or NULL: all three), and with error (NULL: a request that carried no
   token) what was wrong, in words that hold no part of the token. */
static void e2b_mcp__auth_challenge(const e2b_mcp_auth *a, const char *error, const char *why, const char *scope, e2b_mcp_json *w) {
  int g;
  e2b_mcp__w_put(w, "WWW-Authenticate: Bearer resource_metadata=\"", 44);
  e2b_mcp__auth_meta_url(a, w);
  e2b_mcp__w_put(w, "\", scope=\"", 10);
  if (scope) e2b_mcp__w_put(w, scope, strlen(scope));
  else for (g = 0; g < 3; g++) {
    const char *n = e2b_mcp_auth_scope_name(a, g);
    if (g) e2b_mcp__w_put(w, " ", 1);
    e2b_mcp__w_put(w, n, strlen(n));
  }
  e2b_mcp__w_put(w, "\"", 1);
  if (error) {
    e2b_mcp__w_put(w, ", error=\"", 9);
    e2b_mcp__w_put(w, error, strlen(error));
    e2b_mcp__w_put(w, "\", error_description=\"", 22);
    e2b_mcp__w_put(w, why, strlen(why));
    e2b_mcp__w_put(w, "\"", 1);
  }
  e2b_mcp__w_put(w, "\r\n", 2);
}
#endif   /* E2B_MCP__HTTP */
#endif
/* >>principal: admission ---------------------------------------------------- */
E2B_MCP_DEF unsigned long long e2b_mcp_principal_hash(char kind, const void *p, size_t n) {
  const unsigned char *b = (const unsigned char *)p;
  unsigned long long v = (1469598103934665603ULL ^ (unsigned char)kind) * 1099511628211ULL;
  for (; n; b++, n--) v = (v ^ *b) * 1099511628211ULL;
  return v ? v : 1;
}

enum { E2B_MCP__KEY_OK, E2B_MCP__KEY_MISSING, E2B_MCP__KEY_PERSONAL, E2B_MCP__KEY_MALFORMED };
/* What is wrong with a team API key k of n bytes (E2B_MCP__KEY_OK: nothing):
   e2b_, then letters, digits, '_' and '-', at least as long as "[redacted]", so
   redacting in place never grows a buffer (a real key has 44 characters). */
static int e2b_mcp__key_check(const char *k, size_t n) {
  size_t i;
  if (!k || !n) return E2B_MCP__KEY_MISSING;
  if (n >= 7 && memcmp(k, "sk_e2b_", 7) == 0) return E2B_MCP__KEY_PERSONAL;
  if (n < sizeof "[redacted]" - 1 || n >= E2B_MCP_KEY_MAX || memcmp(k, "e2b_", 4) != 0) return E2B_MCP__KEY_MALFORMED;
  for (i = 0; i < n; i++)
    if (!((k[i] >= 'a' && k[i] <= 'z') || (k[i] >= 'A' && k[i] <= 'Z') || (k[i] >= '0' && k[i] <= '9') || k[i] == '_' || k[i] == '-'))
      return E2B_MCP__KEY_MALFORMED;
  return E2B_MCP__KEY_OK;
}

#ifdef E2B_MCP__HTTP
/* The credentials of an Authorization value h[0..n): "Bearer", then one or
   more spaces (RFC 6750 section 2.1: 1*SP), case-insensitive; NULL when it
   is not a bearer token. */
static const char *e2b_mcp__admit_bearer(const char *h, size_t n, size_t *tn) {
  size_t i = 6;
  if (!h || n < 8 || !e2b_mcp__ieq(h, 6, "bearer") || h[6] != ' ') return NULL;
  while (i < n && h[i] == ' ') i++;
  *tn = n - i;
  return *tn ? h + i : NULL;
}
static void e2b_mcp__admit_refuse(e2b_mcp_verdict *v, int status, int challenge, const char *error, const char *why, const char *text) {
  v->status = status;
  v->challenge = challenge;
  v->error = error;
  e2b_mcp__strlcpy(v->why, why ? why : "", sizeof v->why);
  v->text = text;
}

/* ---- failures per peer: a budget of E2B_MCP_AUTH_FAIL_BURST, refilled at
   E2B_MCP_AUTH_FAIL_PER_S a second (in thousandths, so a slow refill adds up) ---- */
static long e2b_mcp__admit_full(const e2b_mcp_admit_cfg *cfg) { return (cfg->fail_burst > 0 ? cfg->fail_burst : E2B_MCP_AUTH_FAIL_BURST) * 1000L; }
static long e2b_mcp__admit_rate(const e2b_mcp_admit_cfg *cfg) { return cfg->fail_per_s > 0 ? cfg->fail_per_s : E2B_MCP_AUTH_FAIL_PER_S; }
static e2b_mcp__admit_peer *e2b_mcp__admit_peer_of(e2b_mcp_admission *st, const e2b_mcp_admit_cfg *cfg, unsigned long long peer, unsigned long now) {
  long full = e2b_mcp__admit_full(cfg);
  int i;
  for (i = 0; i < E2B_MCP_AUTH_PEERS; i++) {
    e2b_mcp__admit_peer *e = &st->peers[i];
    long left;
    if (e->peer != peer) continue;
    left = (long)e->left_milli + (long)((now - e->at_ms) > 600000UL ? 600000UL : now - e->at_ms) * e2b_mcp__admit_rate(cfg);
    e->left_milli = left > full ? full : left;
    e->at_ms = now;
    return e;
  }
  return NULL;
}
/* 0, or the seconds peer must wait before its next token is checked. */
static int e2b_mcp__admit_throttled(e2b_mcp_admission *st, const e2b_mcp_admit_cfg *cfg, unsigned long long peer, unsigned long now) {
  e2b_mcp__admit_peer *e;
  if (!peer || !now || !(e = e2b_mcp__admit_peer_of(st, cfg, peer, now)) || e->left_milli >= 1000) return 0;
  return (int)((1000 - e->left_milli + e2b_mcp__admit_rate(cfg) * 1000 - 1) / (e2b_mcp__admit_rate(cfg) * 1000));
}
/* A refused token costs its peer one from its budget; a peer not in the
   table takes the slot of the one that has been quiet longest. */
static void e2b_mcp__admit_failed(e2b_mcp_admission *st, const e2b_mcp_admit_cfg *cfg, unsigned long long peer, unsigned long now) {
  e2b_mcp__admit_peer *e;
  int i, pick = 0;
  if (!peer || !now) return;
  if (!(e = e2b_mcp__admit_peer_of(st, cfg, peer, now))) {
    for (i = 1; i < E2B_MCP_AUTH_PEERS; i++)
      if (now - st->peers[i].at_ms > now - st->peers[pick].at_ms || !st->peers[i].peer) { pick = i; if (!st->peers[i].peer) break; }
    e = &st->peers[pick];
    e->peer = peer;
    e->at_ms = now;
    e->left_milli = e2b_mcp__admit_full(cfg);
  }
  e->left_milli -= 1000;
}

#if E2B_MCP_AUTH
/* ---- verified tokens: the first 16 bytes of the SHA-256 of the whole
   token, until its exp (and the clock skew) ---- */
static void e2b_mcp__admit_digest(const char *tok, size_t n, unsigned char h[16]) {
  unsigned char d[32];
  e2b_mcp__sha256 c;
  e2b_mcp__sha256_init(&c);
  e2b_mcp__sha256_add(&c, tok, n);
  e2b_mcp__sha256_end(&c, d);
  memcpy(h, d, 16);
}
static e2b_mcp__admit_seen *e2b_mcp__admit_seen_of(e2b_mcp_admission *st, const unsigned char h[16]) {
  int i;
  for (i = 0; i < E2B_MCP_AUTH_CACHE; i++) if (st->seen[i].exp && memcmp(st->seen[i].h, h, 16) == 0) return &st->seen[i];
  return NULL;
}
/* Remembered in a free slot, else the one that expires first. */
static void e2b_mcp__admit_remember(e2b_mcp_admission *st, const unsigned char h[16], long long exp, long long now_s, int skew) {
  int i, pick = 0;
  for (i = 0; i < E2B_MCP_AUTH_CACHE; i++) {
    if (!st->seen[i].exp || st->seen[i].exp + skew < now_s) { pick = i; break; }
    if (st->seen[i].exp < st->seen[pick].exp) pick = i;
  }
  memcpy(st->seen[pick].h, h, 16);
  st->seen[pick].exp = exp ? exp : 1;
}

/* Who the token's caller is, for the audit (its sub) and, with a key store,
   its key: the store is asked by cfg->keystore_claim (NULL: sub), and of an
   array claim the first value it has a key for is taken. Both are written
   over the token's own bytes (tok, writable; the token, verified, is needed
   no more, and the request's buffer lives while its calls wait), so a
   reload of the store while a call waits changes nothing under it. */
static void e2b_mcp__admit_who(const e2b_mcp_admit_cfg *cfg, char *tok, size_t tn, e2b_mcp_principal *p) {
  char who[E2B_MCP_SUBJECT_MAX], first[E2B_MCP_SUBJECT_MAX];
  size_t wn = 0, kn = 0, j;
  const char *key = NULL, *claim = NULL;
  int i, n;
#if E2B_MCP_KEYSTORE
  const e2b_mcp_keystore *ks = cfg->keystore;
  if (ks) claim = cfg->keystore_claim;
#else
  (void)cfg;
#endif
  first[0] = 0;
  for (i = 0; (n = e2b_mcp_auth_claim(tok, tn, claim, i, who, sizeof who)) >= 0; i++) {
    if (!i) { memcpy(first, who, (size_t)n + 1); wn = (size_t)n; }
#if E2B_MCP_KEYSTORE
    if (ks && (key = e2b_mcp_keystore_find(ks, who, (size_t)n)) != NULL) { memcpy(first, who, (size_t)n + 1); wn = (size_t)n; break; }
#endif
    if (!claim) break;
  }
  for (j = 0; j < wn; j++) if ((unsigned char)first[j] < 0x20 || first[j] == 0x7f) first[j] = '?';   /* it goes into a log line */
  if (key) kn = strlen(key);
  if (wn + kn > tn) { key = NULL; kn = 0; wn = wn > tn ? tn : wn; }   /* a token shorter than what it names: no key */
  memcpy(tok, first, wn);
  if (key) memcpy(tok + wn, key, kn);
  memset(tok + wn + kn, ' ', tn - wn - kn);
  p->who = tok;
  p->who_len = wn;
#if E2B_MCP_KEYSTORE
  if (!ks) return;
  if (!key) { p->no_key = 1; return; }
  p->api_key = tok + wn;
  p->api_key_len = kn;
#endif
}

/* Whether the query string q[0..n) has an access_token parameter. */
static int e2b_mcp__admit_query_token(const char *q, size_t n) {
  size_t i = 0;
  while (q && i < n) {
    if (n - i >= 13 && e2b_mcp__ieqn(q + i, "access_token=", 13)) return 1;
    while (i < n && q[i] != '&') i++;
    i++;
  }
  return 0;
}

/* An OAuth access token: 0 admitted (*p filled), else refused in *v. */
static int e2b_mcp__admit_oauth(e2b_mcp_admission *st, const e2b_mcp_admit_cfg *cfg, const e2b_mcp_admit_in *in,
                                e2b_mcp_principal *p, e2b_mcp_verdict *v) {
  e2b_mcp_auth *a = cfg->auth;
  e2b_mcp_auth_claims cl;
  e2b_mcp__admit_seen *seen;
  unsigned char h[16];
  const char *tok;
  size_t tn;
  int r = -1, g, wait, skew = a->skew_s > 0 ? a->skew_s : E2B_MCP_AUTH_SKEW_S;
  if (e2b_mcp__admit_query_token(in->query, in->query_n)) {   /* it ends up in logs */
    e2b_mcp__admit_refuse(v, 400, 1, "invalid_request", "send the access token in the Authorization header, never in the URL",
                          "Bad Request: an access token goes in the Authorization header, never in the URL");
    return -1;
  }
  if (!(tok = e2b_mcp__admit_bearer(in->authz, in->authz_n, &tn))) {
    e2b_mcp__admit_refuse(v, 401, 1, NULL, NULL, "Unauthorized: this server needs an OAuth access token (see WWW-Authenticate)");
    return -1;
  }
  memset(&cl, 0, sizeof cl);
  e2b_mcp__admit_digest(tok, tn, h);
  if (E2B_MCP_AUTH_CACHE > 0 && (seen = e2b_mcp__admit_seen_of(st, h)) != NULL) {   /* verified before: its header and claims again, no signature */
    r = e2b_mcp__auth_verify_as(a, tok, tn, in->now_s, &cl, 1);
    if (r == E2B_MCP_AUTH_OK) { st->hits++; v->token = 0; }
    else seen->exp = 0;   /* expired, or its key is gone: forgotten, and checked in full below */
  }
  if (r != E2B_MCP_AUTH_OK) {
    if ((wait = e2b_mcp__admit_throttled(st, cfg, in->peer, in->now_ms)) > 0) {
      st->throttled++;
      e2b_mcp__admit_refuse(v, 429, 0, NULL, NULL, "Too Many Requests: too many refused access tokens from this address; "
                            "retry after the time Retry-After says");
      v->retry_after = wait;
      return -1;
    }
    st->verified++;
    r = e2b_mcp__auth_verify_as(a, tok, tn, in->now_s, &cl, 0);
    v->token = r;
    if (r == E2B_MCP_AUTH_OK && E2B_MCP_AUTH_CACHE > 0) e2b_mcp__admit_remember(st, h, cl.exp, in->now_s, skew);
  }
  if (r != E2B_MCP_AUTH_OK) {
    e2b_mcp__admit_failed(st, cfg, in->peer, in->now_ms);
    e2b_mcp__admit_refuse(v, r == E2B_MCP_AUTH_KID ? E2B_MCP_ADMIT_KEYS : 401, 1, "invalid_token", NULL,
                          "Unauthorized: the access token was refused (see WWW-Authenticate)");
    if (r == E2B_MCP_AUTH_DUPLICATE && cl.twice[0]) e2b_mcp__fmt(v->why, sizeof v->why, "the token names %s twice (RFC 7519 section 4)", cl.twice);
    else e2b_mcp__strlcpy(v->why, e2b_mcp_auth_strerror(r), sizeof v->why);
    return -1;
  }
  p->kind = E2B_MCP_PRINCIPAL_OAUTH;
  /* a token without a subject is a principal of its own */
  p->id = cl.sub[0] ? e2b_mcp_principal_hash('s', cl.sub, strlen(cl.sub)) : e2b_mcp_principal_hash('t', h, sizeof h);
  p->exp = cl.exp;
  p->scopes = E2B_MCP_SCOPED;
  for (g = 0; g < 3; g++) if (e2b_mcp_auth_has_scope(&cl, e2b_mcp_auth_scope_name(a, g))) p->scopes |= 1 << g;
  if (in->authz_w) e2b_mcp__admit_who(cfg, in->authz_w + (tok - in->authz), tn, p);
  return 0;
}
#endif

/* The static token, compared in constant time. */
static int e2b_mcp__admit_token_ok(const char *want, const char *got, size_t gn) {
  size_t tn = strlen(want), i;
  unsigned d = (unsigned)(gn != tn);
  for (i = 0; i < tn; i++) d |= (unsigned)((unsigned char)want[i] ^ (unsigned char)(i < gn ? got[i] : 0));
  return d == 0;
}

E2B_MCP_DEF void e2b_mcp_admit(e2b_mcp_admission *st, const e2b_mcp_admit_cfg *cfg, const e2b_mcp_admit_in *in,
                               e2b_mcp_principal *p, e2b_mcp_verdict *v) {
  memset(p, 0, sizeof *p);
  memset(v, 0, sizeof *v);
  v->token = 1;
  p->peer = in->peer;
#if E2B_MCP_AUTH
  if (cfg->auth) { if (e2b_mcp__admit_oauth(st, cfg, in, p, v)) return; } else
#endif
  if (cfg->token && *cfg->token) {
    size_t tn = 0;
    const char *tok = e2b_mcp__admit_bearer(in->authz, in->authz_n, &tn);
    int wait = tok ? e2b_mcp__admit_throttled(st, cfg, in->peer, in->now_ms) : 0;
    if (wait > 0) {   /* guessing the token: as with forged access tokens */
      st->throttled++;
      e2b_mcp__admit_refuse(v, 429, 0, NULL, NULL, "Too Many Requests: too many wrong tokens from this address; "
                            "retry after the time Retry-After says");
      v->retry_after = wait;
      return;
    }
    if (!tok || !e2b_mcp__admit_token_ok(cfg->token, tok, tn)) {
      if (tok) e2b_mcp__admit_failed(st, cfg, in->peer, in->now_ms);
      e2b_mcp__admit_refuse(v, 401, 2, in->authz ? "invalid_token" : NULL, E2B_MCP__TOKEN_HELP,
                            "Unauthorized: send Authorization: Bearer <token>; " E2B_MCP__TOKEN_HELP);
      return;
    }
    p->kind = E2B_MCP_PRINCIPAL_BEARER;
    p->id = e2b_mcp_principal_hash('b', "", 0);
  }
  if (cfg->client_keys) {   /* never the key itself in an answer or a log */
    int kp = e2b_mcp__key_check(in->ekey, in->ekey_n);
    if (kp != E2B_MCP__KEY_OK) {
      e2b_mcp__admit_refuse(v, 401, 0, NULL, NULL, kp == E2B_MCP__KEY_MISSING ?
                            "Unauthorized: this server uses each client's own E2B API key: send your team API key (e2b_..., "
                            "from https://e2b.dev/dashboard?tab=keys) in the X-E2B-API-Key header" : kp == E2B_MCP__KEY_PERSONAL ?
                            "Unauthorized: X-E2B-API-Key holds a personal access token (sk_e2b_...); send a team API key (e2b_...) "
                            "from https://e2b.dev/dashboard?tab=keys" :
                            "Unauthorized: X-E2B-API-Key is not an E2B team API key: it starts with e2b_ and has only letters, "
                            "digits, '_' and '-'");
      return;
    }
    p->api_key = in->ekey;
    p->api_key_len = in->ekey_n;
    if (p->kind != E2B_MCP_PRINCIPAL_OAUTH) {   /* the key is who it is */
      p->kind = E2B_MCP_PRINCIPAL_CLIENT_KEY;
      p->id = e2b_mcp_principal_hash('k', in->ekey, in->ekey_n);
    }
  }
}
#endif
/* >>mcp core ----------------------------------------------------------------
   JSON-RPC 2.0 and the MCP lifecycle for the handshake-era revisions:
   initialize (version negotiation), ping, tools/list (paged), tools/call,
   logging/setLevel, notifications; batches only under 2025-03-26. Beside
   them the stateless 2026-07-28 (server/discover, per-request _meta, no
   session), told apart per request. Outgoing messages stream through s->out
   to the sink. */
static const char *const e2b_mcp__versions[] = { "2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25" };
enum { E2B_MCP__V2024_11 = 0, E2B_MCP__V2025_03, E2B_MCP__V2025_06, E2B_MCP__V2025_11, E2B_MCP__VLATEST = E2B_MCP__V2025_11 };
/* Whether revision v is built (>>config: E2B_MCP_WITH_BATCH, E2B_MCP_WITH_2025_06):
   one that is not is negotiated up to the latest, as any unknown one. */
#define E2B_MCP__VERSION_BUILT(v) ((v) >= E2B_MCP__V2025_11 || ((v) == E2B_MCP__V2025_06 ? E2B_MCP_WITH_2025_06 : E2B_MCP_WITH_BATCH))
static const char *const e2b_mcp__levels[] = { "debug", "info", "notice", "warning", "error", "critical", "alert", "emergency" };

/* The server's clock: its socket port's (0: none). */
static unsigned long e2b_mcp__now_ms(const e2b_mcp_server *srv) { return e2b_mcp__port_now(srv->net); }

enum { E2B_MCP__PARSE_ERROR = -32700, E2B_MCP__INVALID_REQUEST = -32600, E2B_MCP__METHOD_NOT_FOUND = -32601,
       E2B_MCP__INVALID_PARAMS = -32602, E2B_MCP__INTERNAL_ERROR = -32603,
       E2B_MCP__HEADER_MISMATCH = -32020, E2B_MCP__MISSING_CAPABILITY = -32021, E2B_MCP__UNSUPPORTED_VERSION = -32022 };

/* The stateless revision: no initialize, no session. Each request carries its
   version, the client's capabilities and info and a log level in params._meta
   under these keys; every result says its resultType. Its session (version,
   log level) lives on the stack for one request: a modern client leaves
   nothing behind. */
static const char e2b_mcp__modern_version[] = "2026-07-28";
enum { E2B_MCP__V2026_07 = E2B_MCP__VLATEST + 1 };
#define E2B_MCP__META_PV    "io.modelcontextprotocol/protocolVersion"
#define E2B_MCP__META_CAPS  "io.modelcontextprotocol/clientCapabilities"
#define E2B_MCP__META_LEVEL "io.modelcontextprotocol/logLevel"
#if E2B_MCP_WITH_2026 || defined(E2B_MCP__HTTP)
/* The revisions served, newest first (legacy 0: 2026-07-28 alone, as over an
   HTTP transport without 2025 sessions): server/discover, a wrong version's
   error, and the server card (>>transport: streamable http). */
static void e2b_mcp__supported_versions(e2b_mcp_json *w, int legacy) {
  int i;
  e2b_mcp_json_arr(w);
  if (E2B_MCP_WITH_2026) e2b_mcp_json_str(w, e2b_mcp__modern_version);
  if (legacy)
    for (i = E2B_MCP__COUNT(e2b_mcp__versions) - 1; i >= 0; i--) if (E2B_MCP__VERSION_BUILT(i)) e2b_mcp_json_str(w, e2b_mcp__versions[i]);
  e2b_mcp_json_arr_end(w);
}
#endif


/* ---- the redactor: the one way out ----
   Every byte of every outgoing message passes here on its way to the sink,
   and every occurrence of the API key in use is replaced by "[redacted]",
   whatever put it there (E2B echoing the key in a 401 message, a proxy in a
   500 page, a field of a 200 answer, a custom tool). The key may be split
   across the writer's flushes, so the redactor is a stream matcher (KMP): it
   holds back the bytes at the end of a flush that begin the key, and passes
   them on once they turn out not to be it. What it holds is always a prefix
   of the key, so it needs no buffer of its own. The key starts with e2b_ and
   has only letters, digits, '_' and '-', which the JSON writer never escapes
   (and E2B's escapes are decoded before output, e2b_mcp__w_jstr), so the key
   can leave in no other spelling; the '_' keeps it out of numbers, so the
   replacement lands inside a string and the JSON stays valid. The in-process
   API gets the same treatment over its result buffers (e2b_mcp_call_tool). */
typedef struct e2b_mcp__redact {
  const char *key;            /* NULL or "": nothing to hide */
  const unsigned char *fail;  /* KMP: fail[j] = longest proper border of key[0..j] */
  unsigned len, q;            /* key length; bytes of it matched at the end of the stream so far, held back */
} e2b_mcp__redact;
static const char e2b_mcp__redacted[] = "[redacted]";   /* no longer than a usable key (e2b_mcp__load_key) */

static int e2b_mcp__redact_write(e2b_mcp__redact *r, int (*out)(void *, const char *, size_t), void *ctx, const char *p, size_t n) {
  size_t i = 0, from = 0, carry = r->q, cw = 0;   /* carry: key bytes held from earlier; cw of them passed on */
  unsigned q = r->q;
  if (!r->len) return n ? out(ctx, p, n) : 0;
  while (i < n) {
    unsigned char c;
    if (q == 0) {   /* the usual case: skip to the next byte that can start the key */
      const char *hit = (const char *)memchr(p + i, r->key[0], n - i);
      if (!hit) break;
      i = (size_t)(hit - p) + 1;
      q = 1;
      continue;
    }
    c = (unsigned char)p[i++];
    while (q > 0 && (unsigned char)r->key[q] != c) q = r->fail[q - 1];
    if ((unsigned char)r->key[q] == c) q++;
    if (q == r->len) {   /* the key ends at i: what came before it goes on, then the replacement */
      if (i < r->len) { if (carry - (r->len - i) > cw && out(ctx, r->key + cw, carry - (r->len - i) - cw)) return -1; }
      else if ((carry > cw && out(ctx, r->key + cw, carry - cw)) || (i - r->len > from && out(ctx, p + from, i - r->len - from))) return -1;
      if (out(ctx, e2b_mcp__redacted, sizeof e2b_mcp__redacted - 1)) return -1;
      cw = carry; from = i; q = 0;
    }
  }
  r->q = q;
  if (q > n - from) {   /* still holding some of the carried bytes: the ones before them go on */
    return carry - (q - (n - from)) > cw ? out(ctx, r->key + cw, carry - (q - (n - from)) - cw) : 0;
  }
  if (carry > cw && out(ctx, r->key + cw, carry - cw)) return -1;
  return n - q > from ? out(ctx, p + from, n - q - from) : 0;
}
/* The end of a message: what is held back was not the key. */
static int e2b_mcp__redact_end(e2b_mcp__redact *r, int (*out)(void *, const char *, size_t), void *ctx) {
  unsigned q = r->q;
  r->q = 0;
  return q ? out(ctx, r->key, q) : 0;
}
static void e2b_mcp__redact_init(e2b_mcp__redact *r, const e2b_mcp__ctx *cx) {
  r->key = cx->key; r->fail = cx->key_fail; r->len = cx->key_len; r->q = 0;
}
/* The context of a message or call with nothing of its own: the server's
   session (stdio, in-process) and its own key and cool-downs. */
static void e2b_mcp__ctx_own(e2b_mcp_server *s, e2b_mcp__ctx *cx) {
  cx->sess = &s->session;
  cx->key = s->key; cx->key_fail = s->key_fail; cx->key_len = s->key_len;
  cx->cooldown = s->cooldown_until;
  cx->wire = NULL;
  memset(&cx->pr, 0, sizeof cx->pr);   /* nobody said: every tool its server offers */
  cx->forbidden = NULL;
#if E2B_MCP_WITH_2026
  cx->caller = 0;
#endif
}

/* The state of one incoming message being answered. */
typedef struct e2b_mcp__msg {
  const e2b_mcp_sink *sink;
  const e2b_mcp__ctx *cx;  /* its context: session, key, cool-downs, headers */
  int async;             /* a transport that moves calls on itself: a tool call's answer may come later */
  e2b_mcp__redact red;   /* the message being written, on its way to the sink */
  int batch;             /* inside a batch: answers are array elements */
  int batch_items;       /* answers written to the batch so far */
  int written;           /* messages written */
  int failed;            /* the sink failed */
#if E2B_MCP__SURFACE
  void (*reply)(e2b_mcp_call *c, e2b_mcp_json *w);   /* the call made for it answers so (e2b_mcp_call.reply) */
  const char *ref;
#endif
} e2b_mcp__msg;

static int e2b_mcp__sink_write(void *ctx, const char *p, size_t n) {
  const e2b_mcp_sink *k = (const e2b_mcp_sink *)ctx;
  return k->write(k->ctx, p, n);
}
static int e2b_mcp__sink_flush(void *ctx, const char *p, size_t n) {
  e2b_mcp__msg *m = (e2b_mcp__msg *)ctx;
  return e2b_mcp__redact_write(&m->red, e2b_mcp__sink_write, (void *)m->sink, p, n);
}
/* Starts an outgoing message: a writer streaming through the redactor to the sink. */
static void e2b_mcp__out_begin(e2b_mcp_server *s, e2b_mcp__msg *m, e2b_mcp_json *w) {
  e2b_mcp_json_init(w, s->out, sizeof s->out);
  w->flush = e2b_mcp__sink_flush;
  w->ctx = (void *)m;
  e2b_mcp__redact_init(&m->red, m->cx);
  if (m->batch) e2b_mcp__w_c(w, m->batch_items++ ? ',' : '[');
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "jsonrpc");
  e2b_mcp_json_str(w, "2.0");
}
/* Starts a message of the server's own to the client of cx through k (a
   request when id >= 0, else a notification), up to its open "params"
   object: the caller writes the params, closes them, and ends with out_end. */
static void e2b_mcp__send_begin(e2b_mcp_server *s, e2b_mcp__msg *m, e2b_mcp_json *w, const e2b_mcp_sink *k,
                                const e2b_mcp__ctx *cx, long id, const char *method) {
  memset(m, 0, sizeof *m);
  m->sink = k;
  m->cx = cx;
  e2b_mcp__out_begin(s, m, w);
  if (id >= 0) { e2b_mcp_json_key(w, "id"); e2b_mcp_json_int(w, id); }
  e2b_mcp_json_key(w, "method"); e2b_mcp_json_str(w, method);
  e2b_mcp_json_key(w, "params"); e2b_mcp_json_obj(w);
}
static void e2b_mcp__out_end(e2b_mcp__msg *m, e2b_mcp_json *w) {
  e2b_mcp_json_obj_end(w);
  if (e2b_mcp_json_end(w) != 0 || e2b_mcp__redact_end(&m->red, e2b_mcp__sink_write, (void *)m->sink) != 0) { m->failed = 1; return; }
  if (!m->batch && m->sink->end && m->sink->end(m->sink->ctx) != 0) { m->failed = 1; return; }
  m->written++;
}
static void e2b_mcp__reply_error_data(e2b_mcp_server *s, e2b_mcp__msg *m, const char *id, int code, const char *text, const char *data) {
  e2b_mcp_json w;
  e2b_mcp__out_begin(s, m, &w);
  e2b_mcp_json_key(&w, "id");
  if (id && *id) e2b_mcp_json_raw(&w, id, strlen(id)); else e2b_mcp_json_null(&w);
  e2b_mcp_json_key(&w, "error");
  e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "code"); e2b_mcp_json_int(&w, code);
  e2b_mcp_json_key(&w, "message"); e2b_mcp_json_str(&w, text);
  if (data) { e2b_mcp_json_key(&w, "data"); e2b_mcp_json_raw(&w, data, strlen(data)); }
  e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(m, &w);
}
static void e2b_mcp__reply_error(e2b_mcp_server *s, e2b_mcp__msg *m, const char *id, int code, const char *text) {
  e2b_mcp__reply_error_data(s, m, id, code, text, NULL);
}
/* Starts {"jsonrpc":"2.0","id":…,"result": and leaves the writer before the value. */
static void e2b_mcp__reply_begin(e2b_mcp_server *s, e2b_mcp__msg *m, e2b_mcp_json *w, const char *id) {
  e2b_mcp__out_begin(s, m, w);
  e2b_mcp_json_key(w, "id");
  e2b_mcp_json_raw(w, id, strlen(id));
  e2b_mcp_json_key(w, "result");
}

/* ---- notifications during a call ---- */

static int e2b_mcp__level_index(const char *js, const jsmntok_t *t) {
  int i;
  for (i = 0; i < E2B_MCP__COUNT(e2b_mcp__levels); i++) if (e2b_mcp__tok_eq(js, t, e2b_mcp__levels[i])) return i;
  return -1;
}

E2B_MCP_DEF void e2b_mcp_log(e2b_mcp_call *c, const char *level, const char *fmt, ...) {
  e2b_mcp__msg m;
  e2b_mcp_json w;
  char text[E2B_MCP_ERRMSG_MAX / 2];
  va_list ap;
  int li;
  const e2b_mcp_sink *k = c->sink;
  if (!k) return;
  for (li = 0; li < E2B_MCP__COUNT(e2b_mcp__levels); li++) if (e2b_mcp__streq(level, e2b_mcp__levels[li])) break;
  if (li == E2B_MCP__COUNT(e2b_mcp__levels) || li < c->cx->sess->log_level) return;
  va_start(ap, fmt);
  e2b_mcp__vfmt(text, sizeof text, fmt, ap);
  va_end(ap);
  e2b_mcp__send_begin(c->srv, &m, &w, k, c->cx, -1, "notifications/message");
  e2b_mcp_json_key(&w, "level"); e2b_mcp_json_str(&w, e2b_mcp__levels[li]);
  e2b_mcp_json_key(&w, "logger"); e2b_mcp_json_str(&w, c->tool ? c->tool->name : "e2b-mcp");
  e2b_mcp_json_key(&w, "data"); e2b_mcp_json_str(&w, text);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(&m, &w);
}

E2B_MCP_DEF void e2b_mcp_progress(e2b_mcp_call *c, unsigned long progress, unsigned long total, const char *message) {
  e2b_mcp__msg m;
  e2b_mcp_json w;
  const e2b_mcp_sink *k = c->sink;
  if (!k || !c->progress_token[0]) return;
  /* MCP: the value must increase with each notification, so a repeat or a
     step back is not sent. c->progress is the least value the next may carry. */
  if (c->progress && progress < c->progress) return;
  c->progress = progress + 1;
  e2b_mcp__send_begin(c->srv, &m, &w, k, c->cx, -1, "notifications/progress");
  e2b_mcp_json_key(&w, "progressToken"); e2b_mcp_json_raw(&w, c->progress_token, strlen(c->progress_token));
  e2b_mcp_json_key(&w, "progress"); e2b_mcp_json_int(&w, (long long)progress);
  if (total) { e2b_mcp_json_key(&w, "total"); e2b_mcp_json_int(&w, (long long)total); }
  if (message && c->cx->sess->version >= E2B_MCP__V2025_03) { e2b_mcp_json_key(&w, "message"); e2b_mcp_json_str(&w, message); }
  e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(&m, &w);
}

/* Writes elicitation/create with this id to the sink; 0, or -1 when the sink failed. */
static int e2b_mcp__ask_send(e2b_mcp_server *s, const e2b_mcp__ctx *cx, const e2b_mcp_sink *k, long id, const char *message, const char *schema, size_t schema_n) {
  e2b_mcp__msg m;
  e2b_mcp_json w;
  e2b_mcp__send_begin(s, &m, &w, k, cx, id, "elicitation/create");
  if (cx->sess->version >= E2B_MCP__V2025_11) { e2b_mcp_json_key(&w, "mode"); e2b_mcp_json_str(&w, "form"); }
  e2b_mcp_json_key(&w, "message"); e2b_mcp_json_str(&w, message);
  e2b_mcp_json_key(&w, "requestedSchema"); e2b_mcp_json_raw(&w, schema, schema_n);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(&m, &w);
  return m.failed ? -1 : 0;
}

/* Whether this call's client can be asked now: a session that declared
   form-mode elicitation and is ready, over a transport that steps the
   engine (the answer comes later, as its own message), outside a batch. */
#if E2B_MCP_WITH_CONSENT
static int e2b_mcp__can_ask(const e2b_mcp_call *c) {
  const e2b_mcp_session *ss = c->cx->sess;
  return c->sink && c->msg && c->msg->async && !c->msg->batch && !E2B_MCP__MODERN(c) &&
         ss->client_elicitation && ss->client_ready && ss->version >= E2B_MCP__V2025_06;
}
#endif


/* The n-th question of this run: its answer when an earlier run asked it (the
   call's text holds the answers after the params, e2b_mcp__custom_ask), else
   asked now. */
E2B_MCP_DEF int e2b_mcp_elicit(e2b_mcp_call *c, const char *message, const char *schema_json) {
#if !E2B_MCP_WITH_CONSENT
  (void)c; (void)message; (void)schema_json;
  return -1;   /* built without questions: as for a client that cannot be asked */
#else
  if (c->tool && c->tool->build) return -1;   /* a two-phase tool asks through its request (rq->ask) */
  if (c->cancelled) return -3;
  if (c->asks < c->answered) {
    int i, t = c->params;
    for (i = 0; i <= c->asks; i++) t = e2b_mcp__tok_skip(c->tok, t);
    c->asks++;
    if (c->tok[t].type == JSMN_OBJECT) return t;
    if (c->js[c->tok[t].start] == 'f') { c->cancelled = 1; return -3; }   /* false: the call was cancelled */
    return -2;   /* null: no answer */
  }
  if (!e2b_mcp__can_ask(c)) return -1;
  return c->srv->run->ask(c, message, schema_json);
#endif
}

static const char e2b_mcp__confirm_schema[] =
  "{\"type\":\"object\",\"properties\":{\"confirm\":{\"type\":\"boolean\",\"title\":\"Go ahead?\","
  "\"description\":\"Check to allow this action.\",\"default\":false}},\"required\":[\"confirm\"]}";

/* An answer {action, content:{confirm}} at token r: 1 only for an accept
   with the box checked, else why not (E2B_MCP_NO_*): a dismissed question is
   not a "no", and the model should not tell the user they said one. */
static int e2b_mcp__consent_answer(const char *js, const jsmntok_t *t, int r) {
  int a, cf, v = 0;
  if (r < 0 || t[r].type != JSMN_OBJECT) return E2B_MCP_NO_ANSWER;
  a = e2b_mcp__tok_get(js, t, r, "action");
  cf = e2b_mcp__tok_get(js, t, e2b_mcp__tok_get(js, t, r, "content"), "confirm");
  if (a >= 0 && e2b_mcp__tok_eq(js, &t[a], "cancel")) return E2B_MCP_NO_CANCELLED;
  if (a < 0 || !e2b_mcp__tok_eq(js, &t[a], "accept")) return E2B_MCP_NO_DECLINED;
  return cf >= 0 && e2b_mcp__tok_bool(js, &t[cf], &v) == 0 && v ? 1 : E2B_MCP_NO_DECLINED;   /* no "confirm": not a yes */
}
/* e2b_mcp_confirm's answer from the kind of answer, the reason kept. */
static int e2b_mcp__consent_said(e2b_mcp_call *c, int kind) {
  c->refused = kind == 1 ? 0 : kind;
  E2B_MCP__MET_INC(c->srv, consent[kind == 1 ? E2B_MCP__CQ_ACCEPTED : kind == E2B_MCP_NO_ANSWER ? E2B_MCP__CQ_EXPIRED : E2B_MCP__CQ_DECLINED]);
  return kind == 1;
}
/* What the model is told when consent was not given (refused: E2B_MCP_NO_*). */
static const char *e2b_mcp__refusal_text(int refused) {
  switch (refused) {
    case E2B_MCP_NO_CANCELLED: return E2B_MCP__MSG_DISMISSED;
    case E2B_MCP_NO_ANSWER: return E2B_MCP__MSG_NO_ANSWER;
    case E2B_MCP_NO_UNSENT: return E2B_MCP__MSG_NOT_ASKED;
    case E2B_MCP_NO_TOO_MANY: return E2B_MCP__MSG_ASKS_PER_CLIENT;
    case E2B_MCP_NO_CROWDED: return E2B_MCP__MSG_ASKS_FULL;
    default: return E2B_MCP__MSG_DECLINED;
  }
}

#if E2B_MCP_WITH_2026
static int e2b_mcp__ask_within(e2b_mcp_call *c, const char *state);   /* in asking within the result */

/* The stateless revision's consent: the first call answers input_required
   with the question and a sealed state; the call that comes back with that
   state (so: this tool, these arguments, in time) and an answer decides.
   An answer without the state asks again. */
static int e2b_mcp__confirm_modern(e2b_mcp_call *c, const char *message) {
  e2b_mcp_json *w = &c->out;
  int r = e2b_mcp_input_response(c, "confirm");
  if (r >= 0 && c->state_len == 7 && memcmp(c->state, "consent", 7) == 0) return e2b_mcp__consent_said(c, e2b_mcp__consent_answer(c->js, c->tok, r));
  if (!e2b_mcp_client_has(c, "elicitation") || e2b_mcp__ask_within(c, "consent") != 0) return -1;
  e2b_mcp_json_obj(w);   /* straight into the result buffer: nothing big on the stack */
  e2b_mcp_json_key(w, "confirm"); e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "method"); e2b_mcp_json_str(w, "elicitation/create");
  e2b_mcp_json_key(w, "params"); e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "mode"); e2b_mcp_json_str(w, "form");
  e2b_mcp_json_key(w, "message"); e2b_mcp_json_str(w, message);
  e2b_mcp_json_key(w, "requestedSchema"); e2b_mcp_json_raw(w, e2b_mcp__confirm_schema, sizeof e2b_mcp__confirm_schema - 1);
  e2b_mcp_json_obj_end(w);
  e2b_mcp_json_obj_end(w);
  e2b_mcp_json_obj_end(w);
  if (w->err) { c->input_required = 0; return -1; }
  E2B_MCP__MET_INC(c->srv, consent[E2B_MCP__CQ_ASKED]);
  return 2;
}
#endif

E2B_MCP_DEF int e2b_mcp_confirm(e2b_mcp_call *c, const char *message) {
  int r;
  if (!E2B_MCP_WITH_CONSENT) return -1;   /* built without questions */
#if E2B_MCP_WITH_2026
  if (E2B_MCP__MODERN(c)) return e2b_mcp__confirm_modern(c, message);
#endif
  r = e2b_mcp_elicit(c, message, e2b_mcp__confirm_schema);
  if (r == E2B_MCP_ASKED) return 2;
  if (r == -1) return -1;
  if (r == -3) return e2b_mcp__consent_said(c, E2B_MCP_NO_CANCELLED);   /* the call itself was cancelled */
  if (r < 0) return e2b_mcp__consent_said(c, E2B_MCP_NO_ANSWER);
  return e2b_mcp__consent_said(c, e2b_mcp__consent_answer(c->js, c->tok, r));
}

/* ---- tool arguments and results ---- */
E2B_MCP_DEF int e2b_mcp_arg_token(e2b_mcp_call *c, const char *key) {
  int i = e2b_mcp__tok_get(c->js, c->tok, c->args, key);
  if (i >= 0 && c->tok[i].type == JSMN_PRIMITIVE && c->js[c->tok[i].start] == 'n') return -1;  /* null = absent */
  return i;
}
E2B_MCP_DEF int e2b_mcp_arg_str(e2b_mcp_call *c, const char *key, char *buf, size_t cap) {
  int i = e2b_mcp_arg_token(c, key);
  if (i < 0) return 0;
  return e2b_mcp__tok_str(c->js, &c->tok[i], buf, cap) < 0 ? -1 : 1;
}
E2B_MCP_DEF int e2b_mcp_arg_int(e2b_mcp_call *c, const char *key, long long *v) {
  int i = e2b_mcp_arg_token(c, key);
  if (i < 0) return 0;
  return e2b_mcp__tok_int(c->js, &c->tok[i], v) < 0 ? -1 : 1;
}
E2B_MCP_DEF int e2b_mcp_arg_bool(e2b_mcp_call *c, const char *key, int *v) {
  int i = e2b_mcp_arg_token(c, key);
  if (i < 0) return 0;
  return e2b_mcp__tok_bool(c->js, &c->tok[i], v) < 0 ? -1 : 1;
}

E2B_MCP_DEF e2b_mcp_json *e2b_mcp_result_json(e2b_mcp_call *c) { c->has_out = 1; return &c->out; }
static void e2b_mcp__block_begin(e2b_mcp_call *c, const char *type) {
  if (c->content.len) e2b_mcp__w_c(&c->content, ',');   /* blocks are items of one array */
  e2b_mcp_json_obj(&c->content);
  e2b_mcp_json_key(&c->content, "type");
  e2b_mcp_json_str(&c->content, type);
}
E2B_MCP_DEF void e2b_mcp_result_text(e2b_mcp_call *c, const char *text) {
  e2b_mcp__block_begin(c, "text");
  e2b_mcp_json_key(&c->content, "text"); e2b_mcp_json_str(&c->content, text);
  e2b_mcp_json_obj_end(&c->content);
}
static void e2b_mcp__result_media(e2b_mcp_call *c, const char *type, const char *b64, const char *mime) {
  e2b_mcp__block_begin(c, type);
  e2b_mcp_json_key(&c->content, "data"); e2b_mcp_json_str(&c->content, b64);
  e2b_mcp_json_key(&c->content, "mimeType"); e2b_mcp_json_str(&c->content, mime);
  e2b_mcp_json_obj_end(&c->content);
}
E2B_MCP_DEF void e2b_mcp_result_image(e2b_mcp_call *c, const char *b64, const char *mime) { e2b_mcp__result_media(c, "image", b64, mime); }
E2B_MCP_DEF void e2b_mcp_result_audio(e2b_mcp_call *c, const char *b64, const char *mime) { e2b_mcp__result_media(c, "audio", b64, mime); }
E2B_MCP_DEF void e2b_mcp_result_resource(e2b_mcp_call *c, const char *uri, const char *mime, const char *text) {
  e2b_mcp__block_begin(c, "resource");
  e2b_mcp_json_key(&c->content, "resource"); e2b_mcp_json_obj(&c->content);
  e2b_mcp_json_key(&c->content, "uri"); e2b_mcp_json_str(&c->content, uri);
  if (mime) { e2b_mcp_json_key(&c->content, "mimeType"); e2b_mcp_json_str(&c->content, mime); }
  e2b_mcp_json_key(&c->content, "text"); e2b_mcp_json_str(&c->content, text);
  e2b_mcp_json_obj_end(&c->content);
  e2b_mcp_json_obj_end(&c->content);
}
E2B_MCP_DEF void e2b_mcp_result_link(e2b_mcp_call *c, const char *uri, const char *name, const char *mime) {
  e2b_mcp__block_begin(c, "resource_link");
  e2b_mcp_json_key(&c->content, "uri"); e2b_mcp_json_str(&c->content, uri);
  e2b_mcp_json_key(&c->content, "name"); e2b_mcp_json_str(&c->content, name);
  if (mime) { e2b_mcp_json_key(&c->content, "mimeType"); e2b_mcp_json_str(&c->content, mime); }
  e2b_mcp_json_obj_end(&c->content);
}
static void e2b_mcp__result_reset(e2b_mcp_call *c) {
  e2b_mcp_json_init(&c->out, c->srv->result, sizeof c->srv->result - 1);   /* room for the NUL e2b_mcp_call_tool adds */
  e2b_mcp_json_init(&c->content, c->srv->content, sizeof c->srv->content);
  c->has_out = 0;
  c->is_error = 0;
  c->srv->errmsg[0] = 0;
}
/* An error result replaces whatever the tool had written. */
static void e2b_mcp__result_verror(e2b_mcp_call *c, const char *fmt, va_list ap) {
  e2b_mcp__result_reset(c);
  e2b_mcp__vfmt(c->srv->errmsg, sizeof c->srv->errmsg, fmt, ap);
  c->is_error = 1;
  e2b_mcp_result_text(c, c->srv->errmsg);
}
E2B_MCP_DEF void e2b_mcp_result_error(e2b_mcp_call *c, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  e2b_mcp__result_verror(c, fmt, ap);
  va_end(ap);
}

/* ---- asking within the result (2026-07-28) ---- */
/* Makes the result an InputRequiredResult whose inputRequests the caller
   writes into c->out (the result buffer), with state sealed (NULL: none). */
static int e2b_mcp__ask_within(e2b_mcp_call *c, const char *state) {
#if !E2B_MCP_WITH_2026
  (void)c; (void)state;
  return -1;   /* no 2026-07-28 client to ask */
#else
  e2b_mcp_server *s = c->srv;
  if (!E2B_MCP__MODERN(c) || (state && !s->state_key_set)) return -1;
  c->new_state[0] = 0;
  if (state) {
    unsigned char nonce[8];
    unsigned long long now = e2b_mcp__state_now();
    if (!s->net->random || s->net->random(s->net->user, nonce, sizeof nonce) != 0) {   /* unique in this process: its list is what checks it */
      unsigned long long v = now << 20 ^ ++s->state_seq;
      int i;
      for (i = 0; i < 8; i++) nonce[i] = (unsigned char)(v >> (56 - 8 * i));
    }
    if (!e2b_mcp__state_seal(s->state_key, c->tool->name, c->js, c->tok, c->args, state, strlen(state),
                             now, (unsigned long)s->cfg.state_ttl_s, nonce, c->new_state)) return -1;
  }
  e2b_mcp__result_reset(c);
  c->input_required = 1;
  return 0;
#endif
}
E2B_MCP_DEF int e2b_mcp_input_required(e2b_mcp_call *c, const char *input_requests_json, const char *state) {
  if (e2b_mcp__ask_within(c, state) != 0) return -1;
  e2b_mcp_json_raw(&c->out, input_requests_json, strlen(input_requests_json));
  if (c->out.err) { c->input_required = 0; return -1; }
  return 0;
}
E2B_MCP_DEF int e2b_mcp_input_response(e2b_mcp_call *c, const char *key) {
  return c->responses >= 0 ? e2b_mcp__tok_get(c->js, c->tok, c->responses, key) : -1;
}
E2B_MCP_DEF int e2b_mcp_request_state(e2b_mcp_call *c, char *buf, size_t cap) {
  if (c->state_len < 0 || (size_t)c->state_len >= cap) return -1;
  memcpy(buf, c->state, (size_t)c->state_len);
  buf[c->state_len] = 0;
  return c->state_len;
}
E2B_MCP_DEF int e2b_mcp_client_has(e2b_mcp_call *c, const char *capability) {
  const e2b_mcp_session *ss = c->cx->sess;
  if (E2B_MCP__MODERN(c)) return e2b_mcp__tok_get(c->js, c->tok, c->caps, capability) >= 0;
  return e2b_mcp__streq(capability, "elicitation") && ss->client_elicitation;
}
E2B_MCP_DEF void e2b_mcp_fail(e2b_mcp_call *c, int code, const char *message, const char *data_json) {
  e2b_mcp__strlcpy(c->srv->errmsg, message, sizeof c->srv->errmsg);
  c->fail_code = code;
  c->fail_data = data_json;
}

/* ---- the tool registry ---- */

E2B_MCP_DEF int e2b_mcp_add_tool(e2b_mcp_server *s, const e2b_mcp_tool *t) {
  int i;
  if (!t || !t->name || !t->input_schema || (t->build || t->shape ? !(t->build && t->shape) : !t->fn)) return -1;
  if (s->cfg.read_only && !(t->annotations & E2B_MCP_READ_ONLY)) return -1;   /* a read-only server offers only reads */
  for (i = 0; i < s->ntools; i++) if (e2b_mcp__streq(s->tools[i]->name, t->name)) return -1;
  if (s->ncustom >= E2B_MCP_MAX_TOOLS || s->ntools >= E2B_MCP__COUNT(s->tools)) return -1;
#if E2B_MCP_AUTH
  s->group[s->ntools] = (unsigned char)((t->annotations & E2B_MCP_READ_ONLY) ? E2B_MCP_GROUP_READ : E2B_MCP_GROUP_WRITE);
#endif
  s->tools[s->ntools++] = t;
  s->ncustom++;
  return 0;
}
#if E2B_MCP_AUTH   /* an access token's scopes (E2B_MCP_AUTH): tools per caller */
/* Whether the client of cx may not call tool i: its access token does not
   grant the tool's group. */
static int e2b_mcp__tool_denied(const e2b_mcp_server *s, const e2b_mcp__ctx *cx, int i) {
  return cx->pr.scopes && !(cx->pr.scopes & (1 << s->group[i]));
}
/* The group of the tool named name[0..n), or -1 when there is none. */
static int e2b_mcp__tool_group(const e2b_mcp_server *s, const char *name, size_t n) {
  int i;
  for (i = 0; i < s->ntools; i++)
    if (strlen(s->tools[i]->name) == n && memcmp(s->tools[i]->name, name, n) == 0) return s->group[i];
  return -1;
}
/* The one scope check of a tool call, whatever brought it (a lone call over
   any transport, a 2025-03-26 batch's member, a 2026-07-28 request, the
   engine's seam): a tool beyond what the caller's token grants is refused,
   nothing reaches E2B, and the refusal is audited (outcome forbidden) before
   it is answered, as a call's record is: an attempt beyond what one was
   granted is what an audit log is read for. A lone call's transport is told
   (cx->forbidden: HTTP answers it 403 insufficient_scope). 1: refused. */
static int e2b_mcp__scope_refused(e2b_mcp_server *s, e2b_mcp__msg *m, const e2b_mcp_tool *tool, const char *js, const jsmntok_t *t,
                                  int params, int args, const char *id) {
  static const char *const groups[3] = { "read", "write", "kill" };
  char text[256];
  int g = e2b_mcp__tool_group(s, tool->name, strlen(tool->name));
  if (g < 0 || (m->cx->pr.scopes & (1 << g))) return 0;
  E2B_MCP__MET_INC(s, refused[E2B_MCP__RF_SCOPE]);
  if (s->run->forbidden) s->run->forbidden(s, m->cx, tool, g, js, t, params, args);
  if (m->cx->forbidden && !m->batch) *m->cx->forbidden = 1 + g;
  e2b_mcp__fmt(text, sizeof text, "Forbidden: %s is a %s tool, and the access token's scopes do not grant %s tools "
               "(insufficient_scope); tools/list names the tools it may call. Nothing was sent to E2B.", tool->name, groups[g], groups[g]);
  e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, text);
  return 1;
}
#endif
/* Whether name[0..n) is one of E2B's tools this build leaves out
   (E2B_MCP_TOOL_<ID> 0, >>config): s->built_out[0], the names from >>e2b
   tools' table, each after a space; s->built_out[1] is what a call to one is
   told. A build that leaves none out has neither (nor the words). */
#if E2B_MCP__TOOLS_OUT
static int e2b_mcp__is_built_out(const e2b_mcp_server *s, const char *name, size_t n) {
  const char *p, *sp;
  if (!s->built_out) return 0;
  for (p = s->built_out[0] + 1; (sp = e2b_mcp__strchr(p, ' ')) != NULL; p = sp + 1)
    if ((size_t)(sp - p) == n && memcmp(p, name, n) == 0) return 1;
  return 0;
}
#endif
static const e2b_mcp_tool *e2b_mcp__find_tool(e2b_mcp_server *s, const char *name, size_t n) {
  int i;
  for (i = 0; i < s->ntools; i++)
    if (strlen(s->tools[i]->name) == n && memcmp(s->tools[i]->name, name, n) == 0) return s->tools[i];
  return NULL;
}
/* What a call to a tool this server does not offer is told: why it is off and
   how to switch it on, for one of E2B's tools the run-time selection left out
   (s->off, from >>e2b tools), else that no such tool exists. */
static void e2b_mcp__unknown_tool(const e2b_mcp_server *s, const char *name, size_t n, char *text, size_t cap) {
  int i, shown = n > 80 ? 80 : (int)n;
  for (i = 0; i < s->noff; i++)
    if (strlen(s->off[i]->name) == n && memcmp(s->off[i]->name, name, n) == 0) {
      e2b_mcp__fmt(text, cap, E2B_MCP__MSG_TOOL_OFF,
                   shown, name, s->off_why[i]);
      return;
    }
#if E2B_MCP__TOOLS_OUT
  if (e2b_mcp__is_built_out(s, name, n)) {
    e2b_mcp__fmt(text, cap, s->built_out[1], shown, name);
    return;
  }
#endif
  e2b_mcp__fmt(text, cap, "Unknown tool: %.*s (tools/list names the tools)", shown, name);
}

/* Refuses an argument that the tool's input schema does not name, for the
   built-in tools (E2B_MCP__STRICT_ARGS) and for a tool whose schema says
   "additionalProperties": false: a misspelt "timeout_s" must not start a
   sandbox with the default timeout. The schema is read into rtok, free until
   the tool calls E2B. Returns 0, or -1 with the error result set. */
static int e2b_mcp__check_arg_names(e2b_mcp_server *s, e2b_mcp_call *c) {
  const char *sc = c->tool->input_schema;
  int i, k, v, ap, props;
  /* An argument name written with escapes ("e\u006ev_vars") is refused: the
     tools find their arguments by comparing the names as written, so such a
     name would pass a check that decodes and then be ignored by the tool (a
     create run without its env vars). Names are plain words; one place, here,
     decides, for every tool. */
  for (i = c->args + 1, k = 0; c->args >= 0 && c->tok[c->args].type == JSMN_OBJECT && k < c->tok[c->args].size; k++, i = e2b_mcp__tok_skip(c->tok, i + 1))
    if (memchr(c->js + c->tok[i].start, '\\', (size_t)(c->tok[i].end - c->tok[i].start))) {
      int kn = c->tok[i].end - c->tok[i].start;
      e2b_mcp_result_error(c, E2B_MCP__MSG_ARG_ESCAPED, kn < 40 ? kn : 40, c->js + c->tok[i].start);
      return -1;
    }
  if (c->args < 0 || !c->tok[c->args].size || e2b_mcp__parse_own(sc, strlen(sc), s->rtok, E2B_MCP__COUNT(s->rtok)) <= 0) return 0;
  ap = e2b_mcp__tok_get(sc, s->rtok, 0, "additionalProperties");
  if (!(c->tool->annotations & E2B_MCP__STRICT_ARGS) && (ap < 0 || e2b_mcp__tok_bool(sc, &s->rtok[ap], &v) != 0 || v)) return 0;
  props = e2b_mcp__tok_get(sc, s->rtok, 0, "properties");
  for (i = c->args + 1, k = 0; k < c->tok[c->args].size; k++, i = e2b_mcp__tok_skip(c->tok, i + 1)) {
    char key[48], names[160];
    size_t o = 0;
    int j, q;
    if (e2b_mcp__tok_str(c->js, &c->tok[i], key, sizeof key) >= 0) { if (e2b_mcp__tok_get(sc, s->rtok, props, key) >= 0) continue; }
    else {   /* too long to be a name: its start */
      int kn = c->tok[i].end - c->tok[i].start;
      e2b_mcp__fmt(key, sizeof key, "%.*s...", kn < 40 ? kn : 40, c->js + c->tok[i].start);
    }
    if (props < 0 || s->rtok[props].type != JSMN_OBJECT || !s->rtok[props].size) {
      e2b_mcp_result_error(c, E2B_MCP__MSG_ARG_NONE, key);
      return -1;
    }
    for (j = props + 1, q = 0; q < s->rtok[props].size; q++, j = e2b_mcp__tok_skip(s->rtok, j + 1))
      o += e2b_mcp__fmt(names + o, sizeof names - o, "%s%.*s", q ? ", " : "", s->rtok[j].end - s->rtok[j].start, sc + s->rtok[j].start);
    e2b_mcp_result_error(c, E2B_MCP__MSG_ARG_UNKNOWN, key, names);
    return -1;
  }
  return 0;
}

/* Whether a JSON string body escapes a lone UTF-16 surrogate ("\ud800"): no
   character, so no text a tool may pass on (E2B would get it verbatim). */
static int e2b_mcp__lone_surrogate(const char *p, size_t n) {
  size_t i;
  for (i = 0; i + 1 < n; i++) {
    int h, lo;
    if (p[i] != '\\') continue;
    if (p[i + 1] != 'u' || i + 6 > n || (h = e2b_mcp__hex4(p + i + 2)) < 0xD800 || h > 0xDFFF) { i++; continue; }
    if (h >= 0xDC00 || i + 12 > n || p[i + 6] != '\\' || p[i + 7] != 'u' || (lo = e2b_mcp__hex4(p + i + 8)) < 0xDC00 || lo > 0xDFFF) return 1;
    i += 11;
  }
  return 0;
}
/* Refuses arguments with a lone surrogate in any name or string. Returns 0, or
   -1 with the error result set. */
static int e2b_mcp__check_arg_text(e2b_mcp_call *c) {
  const jsmntok_t *t = c->tok;
  int i, k, j, end;
  if (c->args < 0) return 0;
  for (i = c->args + 1, k = 0; k < t[c->args].size; k++, i = end) {
    end = e2b_mcp__tok_skip(t, i + 1);
    for (j = i; j < end; j++) {
      if (t[j].type == JSMN_STRING && e2b_mcp__lone_surrogate(c->js + t[j].start, (size_t)(t[j].end - t[j].start))) {
        char key[48];
        if (e2b_mcp__tok_str(c->js, &t[i], key, sizeof key) < 0) e2b_mcp__strlcpy(key, "?", sizeof key);
        e2b_mcp_result_error(c, E2B_MCP__MSG_ARG_SURROGATE, key);
        return -1;
      }
    }
  }
  return 0;
}

/* A result as it goes out: one that overflowed is an error that says so; an
   empty one is an empty text. */
static void e2b_mcp__result_done(e2b_mcp_server *s, e2b_mcp_call *c) {
  if (c->out.err || c->content.err) {
    size_t cap = c->out.err ? sizeof s->result : sizeof s->content;
    e2b_mcp_result_error(c, E2B_MCP__MSG_RESULT_TOO_LARGE, (unsigned long)cap);
  }
  if (!c->has_out && c->content.len == 0) e2b_mcp_result_text(c, "");
}
/* A custom tool's handler, marked as running: a tool's arguments and result
   live in the server's one set of message and result buffers while it runs,
   so e2b_mcp_call_tool from inside it is refused (E2B_MCP_CALL_REENTRANT)
   rather than let an inner call write over the outer one's. */
static void e2b_mcp__tool_fn(e2b_mcp_server *s, e2b_mcp_call *c) {
  s->in_tool++;
  c->tool->fn(c);
  s->in_tool--;
}
/* In-process (e2b_mcp_call_tool): any tool, run to its end. */
static void e2b_mcp__run_tool(e2b_mcp_server *s, e2b_mcp_call *c) {
  e2b_mcp__result_reset(c);
  if (c->tool->build) s->run->in_process(c);   /* its slot checks the arguments */
  else if (e2b_mcp__check_arg_text(c) == 0 && e2b_mcp__check_arg_names(s, c) == 0) e2b_mcp__tool_fn(s, c);
  e2b_mcp__result_done(s, c);
}

/* Writes a CallToolResult value. */
static void e2b_mcp__write_result(e2b_mcp_call *c, e2b_mcp_json *w) {
  int structured = c->has_out && !c->is_error && c->cx->sess->version >= E2B_MCP__V2025_06;
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "content");
  e2b_mcp_json_arr(w);
  if (c->content.len) e2b_mcp_json_raw(w, c->content.buf, c->content.len);
  else if (c->has_out) {   /* the same JSON as text */
    e2b_mcp_json_obj(w);
    e2b_mcp_json_key(w, "type"); e2b_mcp_json_str(w, "text");
    e2b_mcp_json_key(w, "text");
    e2b_mcp_json_strn(w, c->out.buf, c->out.len);
    e2b_mcp_json_obj_end(w);
  }
  e2b_mcp_json_arr_end(w);
  if (structured) { e2b_mcp_json_key(w, "structuredContent"); e2b_mcp_json_raw(w, c->out.buf, c->out.len); }
  e2b_mcp_json_key(w, "isError"); e2b_mcp_json_bool(w, c->is_error);
#if E2B_MCP_WITH_2026
  if (E2B_MCP__MODERN(c)) { e2b_mcp_json_key(w, "resultType"); e2b_mcp_json_str(w, "complete"); }
#endif
  e2b_mcp_json_obj_end(w);
}

#if E2B_MCP__TASKS
/* Whether a client's capabilities declare the tasks extension (SEP-2663). */
static int e2b_mcp__tasks_declared(const char *js, const jsmntok_t *t, int caps) {
  return e2b_mcp__tok_get(js, t, e2b_mcp__tok_get(js, t, caps, "extensions"), "io.modelcontextprotocol/tasks") >= 0;
}
#endif
#if E2B_MCP_WITH_APP
/* The MCP App (SEP-1865) as the core sees it: whether a client's
   capabilities (initialize's, or a 2026-07-28 request's _meta) declare the
   extension with the App's MIME type; the tools whose results it shows
   (their tools/list entry points at it, _meta.ui.resourceUri); the
   extension said back among the server's capabilities. */
static int e2b_mcp__ui_declared(const char *js, const jsmntok_t *t, int caps) {
  int ext = e2b_mcp__tok_get(js, t, caps, "extensions");
  int ui = e2b_mcp__tok_get(js, t, ext, "io.modelcontextprotocol/ui");
  int mt = e2b_mcp__tok_get(js, t, ui, "mimeTypes"), i, k;
  if (mt < 0 || t[mt].type != JSMN_ARRAY) return 0;
  for (i = mt + 1, k = 0; k < t[mt].size; k++, i = e2b_mcp__tok_skip(t, i))
    if (t[i].type == JSMN_STRING && e2b_mcp__tok_eq(js, &t[i], E2B_MCP__APP_MIME)) return 1;
  return 0;
}
static int e2b_mcp__app_shows(const e2b_mcp_tool *t) {
  static const char *const shown[] = { "e2b_list_sandboxes", "e2b_get_sandbox", "e2b_get_sandbox_metrics", "e2b_get_sandbox_logs" };
  int i;
  for (i = 0; i < E2B_MCP__COUNT(shown); i++) if (strcmp(t->name, shown[i]) == 0) return 1;
  return 0;
}
#endif
/* The extensions this client declared and the server has, said back among the server's capabilities. */
static void e2b_mcp__app_caps(const e2b_mcp_session *ss, e2b_mcp_json *w) {
  int ui = 0, tasks = 0;
#if E2B_MCP_WITH_APP
  ui = ss && ss->client_ui;
#endif
#if E2B_MCP__TASKS
  tasks = ss && ss->client_tasks;
#endif
  if (!ui && !tasks) { (void)ss; return; }
  e2b_mcp_json_key(w, "extensions"); e2b_mcp_json_obj(w);
  if (tasks) { e2b_mcp_json_key(w, "io.modelcontextprotocol/tasks"); e2b_mcp_json_obj(w); e2b_mcp_json_obj_end(w); }
  if (ui) { e2b_mcp_json_key(w, "io.modelcontextprotocol/ui"); e2b_mcp_json_obj(w); e2b_mcp_json_obj_end(w); }
  e2b_mcp_json_obj_end(w);
}

static void e2b_mcp__write_tool(const e2b_mcp_session *ss, e2b_mcp_json *w, const e2b_mcp_tool *t) {
  unsigned a = t->annotations;
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "name"); e2b_mcp_json_str(w, t->name);
  if (t->title && ss->version >= E2B_MCP__V2025_06) { e2b_mcp_json_key(w, "title"); e2b_mcp_json_str(w, t->title); }
  e2b_mcp_json_key(w, "description"); e2b_mcp_json_str(w, t->description ? t->description : t->name);
  e2b_mcp_json_key(w, "inputSchema"); e2b_mcp_json_raw(w, t->input_schema, strlen(t->input_schema));
  if (t->output_schema && ss->version >= E2B_MCP__V2025_06) { e2b_mcp_json_key(w, "outputSchema"); e2b_mcp_json_raw(w, t->output_schema, strlen(t->output_schema)); }
  if (ss->version >= E2B_MCP__V2025_03) {
    e2b_mcp_json_key(w, "annotations"); e2b_mcp_json_obj(w);
    if (t->title) { e2b_mcp_json_key(w, "title"); e2b_mcp_json_str(w, t->title); }
    e2b_mcp_json_key(w, "readOnlyHint"); e2b_mcp_json_bool(w, (a & E2B_MCP_READ_ONLY) != 0);
    if (!(a & E2B_MCP_READ_ONLY)) {
      e2b_mcp_json_key(w, "destructiveHint"); e2b_mcp_json_bool(w, (a & E2B_MCP_DESTRUCTIVE) != 0);
      e2b_mcp_json_key(w, "idempotentHint"); e2b_mcp_json_bool(w, (a & E2B_MCP_IDEMPOTENT) != 0);
    }
    e2b_mcp_json_key(w, "openWorldHint"); e2b_mcp_json_bool(w, (a & E2B_MCP_CLOSED_WORLD) == 0);
    e2b_mcp_json_obj_end(w);
  }
#if E2B_MCP_WITH_APP
  if (ss->client_ui && e2b_mcp__app_shows(t)) {
    e2b_mcp_json_key(w, "_meta"); e2b_mcp_json_obj(w);
    e2b_mcp_json_key(w, "ui"); e2b_mcp_json_obj(w);
    e2b_mcp_json_key(w, "resourceUri"); e2b_mcp_json_str(w, E2B_MCP__APP_URI);
    e2b_mcp_json_obj_end(w);
    e2b_mcp_json_obj_end(w);
  }
#endif
  e2b_mcp_json_obj_end(w);
}

static const char e2b_mcp__default_instructions[] =
  E2B_MCP__MSG_INSTRUCTIONS;

/* The surface beyond tools (prompts, resources, completions): its layers'
   capabilities, and a method the core does not know offered to each. */
#if E2B_MCP__SURFACE
static void e2b_mcp__surface_caps(e2b_mcp_server *s, e2b_mcp_json *w, int modern) {
  int i;
  for (i = 0; i < s->nsurface; i++) s->surface[i]->caps(s, w, modern);
}
static int e2b_mcp__surface_handle(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int meth, int params, const char *id) {
  int i;
  for (i = 0; i < s->nsurface; i++) if (s->surface[i]->handle(s, m, js, t, meth, params, id)) return 1;
  return 0;
}
#  define E2B_MCP__SURFACE_CAPS(s, w, modern) e2b_mcp__surface_caps(s, w, modern)
#  define E2B_MCP__SURFACE_HANDLE(s, m, js, t, meth, params, id) e2b_mcp__surface_handle(s, m, js, t, meth, params, id)
#else
#  define E2B_MCP__SURFACE_CAPS(s, w, modern) ((void)0)
#  define E2B_MCP__SURFACE_HANDLE(s, m, js, t, meth, params, id) 0
#endif
#if E2B_MCP__TASKS   /* tasks/get, tasks/update, tasks/cancel: the engine's, which runs the calls they follow */
#  define E2B_MCP__TASKS_HANDLE(s, m, js, t, meth, params, id) ((s)->run->tasks && (s)->run->tasks(s, m, js, t, meth, params, id))
#else
#  define E2B_MCP__TASKS_HANDLE(s, m, js, t, meth, params, id) 0
#endif

/* The capabilities initialize answers, also what the server card shows
   (>>transport: streamable http): one writer, so the two never differ. */
static void e2b_mcp__write_caps(e2b_mcp_server *s, e2b_mcp_json *w, const e2b_mcp_session *ss) {
  (void)s;   /* read only by the surface's capabilities, which a build may leave out */
  e2b_mcp_json_key(w, "capabilities"); e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "tools"); e2b_mcp_json_obj(w); e2b_mcp_json_key(w, "listChanged"); e2b_mcp_json_bool(w, 0); e2b_mcp_json_obj_end(w);
  e2b_mcp_json_key(w, "logging"); e2b_mcp_json_obj(w); e2b_mcp_json_obj_end(w);
  E2B_MCP__SURFACE_CAPS(s, w, 0);
  e2b_mcp__app_caps(ss, w);
  e2b_mcp_json_obj_end(w);
}

/* ---- method handlers ---- */
static void e2b_mcp__on_initialize(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int params, const char *id) {
  e2b_mcp_json w;
  int i, v = E2B_MCP__VLATEST, pv = e2b_mcp__tok_get(js, t, params, "protocolVersion");
  int caps = e2b_mcp__tok_get(js, t, params, "capabilities");
  if (pv >= 0)
    for (i = 0; i < E2B_MCP__COUNT(e2b_mcp__versions); i++) if (E2B_MCP__VERSION_BUILT(i) && e2b_mcp__tok_eq(js, &t[pv], e2b_mcp__versions[i])) v = i;
  m->cx->sess->version = v;
  {   /* form mode: "elicitation": {} or, from 2025-11-25, an object naming "form" ({"url": {}} alone is URL mode only) */
    int el = e2b_mcp__tok_get(js, t, caps, "elicitation");
    m->cx->sess->client_elicitation = el >= 0 && t[el].type == JSMN_OBJECT &&
                                  (t[el].size == 0 || v < E2B_MCP__V2025_11 || e2b_mcp__tok_get(js, t, el, "form") >= 0);
    m->cx->sess->client_ready = 0;
  }
#if E2B_MCP_WITH_APP
  m->cx->sess->client_ui = e2b_mcp__ui_declared(js, t, caps);
#endif
#if E2B_MCP__TASKS
  m->cx->sess->client_tasks = e2b_mcp__tasks_declared(js, t, caps);
#endif
  m->cx->sess->initialized = 1;
  e2b_mcp__reply_begin(s, m, &w, id);
  e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "protocolVersion"); e2b_mcp_json_str(&w, e2b_mcp__versions[v]);
  e2b_mcp__write_caps(s, &w, m->cx->sess);
  e2b_mcp_json_key(&w, "serverInfo"); e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "name"); e2b_mcp_json_str(&w, s->cfg.server_name ? s->cfg.server_name : "e2b-mcp");
  if (v >= E2B_MCP__V2025_06) { e2b_mcp_json_key(&w, "title"); e2b_mcp_json_str(&w, "E2B sandboxes"); }
  e2b_mcp_json_key(&w, "version"); e2b_mcp_json_str(&w, E2B_MCP_VERSION);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp_json_key(&w, "instructions");
  e2b_mcp_json_str(&w, s->cfg.instructions ? s->cfg.instructions : e2b_mcp__default_instructions);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(m, &w);
}

static void e2b_mcp__on_tools_list(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int params, const char *id) {
  e2b_mcp_json w;
  long long start = 0;
  int i, end, cur = e2b_mcp__tok_get(js, t, params, "cursor");
#if E2B_MCP_AUTH
  int k;
#endif
  if (cur >= 0 && !(t[cur].type == JSMN_PRIMITIVE && js[t[cur].start] == 'n')) {
    if (t[cur].type != JSMN_STRING || e2b_mcp__parse_ll(js + t[cur].start, (size_t)(t[cur].end - t[cur].start), &start) != 0 ||
        start <= 0 || start >= s->ntools) {
      e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, E2B_MCP__MSG_BAD_CURSOR);
      return;
    }
  }
#if !E2B_MCP_AUTH
  end = (int)start + E2B_MCP_TOOLS_PAGE;
  if (end > s->ntools) end = s->ntools;
#endif
  e2b_mcp__reply_begin(s, m, &w, id);
  e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "tools"); e2b_mcp_json_arr(&w);
#if E2B_MCP_AUTH
  /* a page is E2B_MCP_TOOLS_PAGE tools the client may call (its token's
     scopes); the cursor is where the next page's search starts */
  for (i = (int)start, k = 0; i < s->ntools && k < E2B_MCP_TOOLS_PAGE; i++)
    if (!e2b_mcp__tool_denied(s, m->cx, i)) { e2b_mcp__write_tool(m->cx->sess, &w, s->tools[i]); k++; }
  e2b_mcp_json_arr_end(&w);
  for (end = i; end < s->ntools && e2b_mcp__tool_denied(s, m->cx, end); end++) {}
  if (end < s->ntools) { char b[24]; e2b_mcp__fmt_ll(b, i); e2b_mcp_json_key(&w, "nextCursor"); e2b_mcp_json_str(&w, b); }
#else
  for (i = (int)start; i < end; i++) e2b_mcp__write_tool(m->cx->sess, &w, s->tools[i]);
  e2b_mcp_json_arr_end(&w);
  if (end < s->ntools) { char b[24]; e2b_mcp__fmt_ll(b, end); e2b_mcp_json_key(&w, "nextCursor"); e2b_mcp_json_str(&w, b); }
#endif
#if E2B_MCP_WITH_2026
  if (m->cx->sess->version == E2B_MCP__V2026_07) {   /* the list is fixed at start-up: the same for every client of a scope */
    e2b_mcp_json_key(&w, "resultType"); e2b_mcp_json_str(&w, "complete");
    e2b_mcp_json_key(&w, "ttlMs"); e2b_mcp_json_int(&w, s->cfg.list_ttl_ms);
    {
      int own = 0;   /* the list differs for this caller: its token's scopes, its App */
#if E2B_MCP_AUTH
      own |= m->cx->pr.scopes != 0;
#endif
#if E2B_MCP_WITH_APP
      own |= m->cx->sess->client_ui;
#endif
      e2b_mcp_json_key(&w, "cacheScope"); e2b_mcp_json_str(&w, own ? "private" : "public");
    }
  }
#endif
  e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(m, &w);
}

#if E2B_MCP_WITH_2026
/* A requestState that came back with c: opened (sealed here for this tool
   and these arguments, not expired) and spent (good once: in this server's
   list, then in the replicas' shared record). Its payload's length (into
   c->state), or E2B_MCP__STATE_* for why it is refused. */
static int e2b_mcp__state_take(e2b_mcp_server *s, e2b_mcp_call *c, const char *tok, size_t tn) {
  unsigned char nonce[8];
  unsigned long long exp = 0, now = e2b_mcp__state_now();
  int r, sp;
  if (!s->state_key_set) return E2B_MCP__STATE_BAD;
  r = e2b_mcp__state_open(s->state_key, c->tool->name, c->js, c->tok, c->args, tok, tn, now, c->state, nonce, &exp);
  if (r < 0) return r;
  sp = e2b_mcp__state_spend(s->spent, E2B_MCP_STATE_SPENT, nonce, exp, now);
  if (sp == 0 && s->cfg.state_once) {
    char hex[17];
    int i, o;
    for (i = 0; i < 8; i++) { hex[2 * i] = "0123456789abcdef"[nonce[i] >> 4]; hex[2 * i + 1] = "0123456789abcdef"[nonce[i] & 15]; }
    hex[16] = 0;
    o = s->cfg.state_once(s->cfg.state_once_user, hex, exp);
    sp = o > 0 ? 0 : o == 0 ? E2B_MCP__STATE_SPENT : E2B_MCP__STATE_FULL;
  }
  return sp < 0 ? sp : r;
}
/* What a client is told of a refused requestState (E2B_MCP__STATE_*). */
static const char *e2b_mcp__state_refusal(int why) {
  switch (why) {
    case E2B_MCP__STATE_STALE:
      return "Invalid params: requestState has expired. Call again without requestState and inputResponses to be asked again; "
             "nothing was done or sent to E2B.";
    case E2B_MCP__STATE_SPENT:
      return "Invalid params: this requestState was used already, and a user's answer is good for one call. Call again without "
             "requestState and inputResponses to ask the user again; nothing was done or sent to E2B.";
    case E2B_MCP__STATE_FULL:
      return "The server cannot record right now that this answer was used (its record of answered questions is full, or the "
             "store its replicas share does not answer), and an answer it cannot prove unused is not taken; call again without "
             "requestState and inputResponses in a minute. Nothing was done or sent to E2B.";
    default:
      return "Invalid params: requestState failed its integrity check (altered, or issued for another tool or other arguments). "
             "Call again without requestState and inputResponses; nothing was done or sent to E2B.";
  }
}

/* A modern tools/call's own parts: the client's capabilities, the answers
   (inputResponses: an object of objects) and the requestState, which must
   have been sealed here for this tool and these arguments and not have
   expired. 0, or -1 with the error answered (the tool does not run). */
static int e2b_mcp__modern_call(e2b_mcp_server *s, e2b_mcp__msg *m, e2b_mcp_call *c, int params, int meta, const char *id) {
  const char *js = c->js;
  const jsmntok_t *t = c->tok;
  int ir = e2b_mcp__tok_get(js, t, params, "inputResponses"), rs = e2b_mcp__tok_get(js, t, params, "requestState");
  c->modern = 1;
  c->caps = e2b_mcp__tok_get(js, t, meta, E2B_MCP__META_CAPS);
  if (ir >= 0) {
    int i, k, ok = t[ir].type == JSMN_OBJECT;
    for (i = ir + 1, k = 0; ok && k < t[ir].size; k++, i = e2b_mcp__tok_skip(t, i + 1)) ok = t[i + 1].type == JSMN_OBJECT;
    if (!ok) {
      e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, "Invalid params: inputResponses must be an object whose answers are objects");
      return -1;
    }
    c->responses = ir;
  }
  if (rs >= 0) {
    int r = t[rs].type == JSMN_STRING ? e2b_mcp__state_take(s, c, js + t[rs].start, (size_t)(t[rs].end - t[rs].start))
                                      : E2B_MCP__STATE_BAD;
    if (r < 0) {
      e2b_mcp__reply_error(s, m, id, r == E2B_MCP__STATE_FULL ? E2B_MCP__INTERNAL_ERROR : E2B_MCP__INVALID_PARAMS,
                           e2b_mcp__state_refusal(r));
      return -1;
    }
    c->state_len = r;
  }
  return 0;
}

/* The answer to a finished call (its result, or its JSON-RPC error), to m;
   nothing for a cancelled one (MCP: it gets no response). */
#endif

static void e2b_mcp__reply_call(e2b_mcp_server *s, e2b_mcp__msg *m, e2b_mcp_call *c, const char *id) {
  e2b_mcp_json w;
  if (c->cancelled) return;
#if E2B_MCP__SURFACE
  if (c->reply) c->reply(c, NULL);
#endif
  if (c->fail_code) {
    if (m->cx->wire && c->fail_code == E2B_MCP__MISSING_CAPABILITY) m->cx->wire->status = 400;
    e2b_mcp__reply_error_data(s, m, id, c->fail_code, s->errmsg, c->fail_data);
    return;
  }
  e2b_mcp__reply_begin(s, m, &w, id);
  if (c->input_required) {
    e2b_mcp_json_obj(&w);
    e2b_mcp_json_key(&w, "resultType"); e2b_mcp_json_str(&w, "input_required");
    e2b_mcp_json_key(&w, "inputRequests"); e2b_mcp_json_raw(&w, c->out.buf, c->out.len);
    if (c->new_state[0]) { e2b_mcp_json_key(&w, "requestState"); e2b_mcp_json_str(&w, c->new_state); }
    e2b_mcp_json_obj_end(&w);
  }
#if E2B_MCP__SURFACE
  else if (c->reply) c->reply(c, &w);
#endif
  else e2b_mcp__write_result(c, &w);
  e2b_mcp__out_end(m, &w);
}

#if E2B_MCP_WITH_2026
/* A W3C traceparent (SEP-414: params._meta.traceparent) into out[56]: version
   00 exactly, "00-" 32 hex "-" 16 hex "-" 2 hex, lowercase, neither id all
   zeros (W3C Trace Context 3.2). Anything else leaves out "": a malformed
   context is dropped, never passed on, and never fails the call. */
static void e2b_mcp__trace_take(const char *js, const jsmntok_t *t, int at, char *out) {
  const char *p;
  int i, zt = 1, zp = 1;
  out[0] = 0;
  if (at < 0 || t[at].type != JSMN_STRING || t[at].end - t[at].start != 55) return;
  p = js + t[at].start;
  if (p[0] != '0' || p[1] != '0') return;
  for (i = 2; i < 55; i++) {
    if (i == 2 || i == 35 || i == 52) { if (p[i] != '-') return; continue; }
    if (!((p[i] >= '0' && p[i] <= '9') || (p[i] >= 'a' && p[i] <= 'f'))) return;
    if (p[i] != '0' && i < 35) zt = 0;
    if (p[i] != '0' && i > 35 && i < 52) zp = 0;
  }
  if (zt || zp) return;
  memcpy(out, p, 55);
  out[55] = 0;
}
#endif

/* A call's record from its request: tool, arguments, sink, progress token and,
   from a 2026-07-28 client, its answers and sealed state. -1 when the request
   was answered with an error instead. */
static int e2b_mcp__call_fill(e2b_mcp_server *s, e2b_mcp__msg *m, e2b_mcp_call *c, const e2b_mcp_tool *tool,
                              const char *js, const jsmntok_t *t, int args, int params, const char *id) {
  int meta = e2b_mcp__tok_get(js, t, params, "_meta");
  int pt = e2b_mcp__tok_get(js, t, meta, "progressToken");
  c->tool = tool;
  c->srv = s; c->js = js; c->tok = t; c->args = args;
  c->sink = m->batch ? NULL : m->sink;   /* no notifications inside a batch answer */
  c->caps = c->responses = c->state_len = -1;
  c->cx = m->cx;
#if E2B_MCP__SURFACE
  c->reply = m->reply;
  if (m->ref) e2b_mcp__strlcpy(c->ref, m->ref, sizeof c->ref);
#endif
#if E2B_MCP_WITH_2026
  e2b_mcp__trace_take(js, t, e2b_mcp__tok_get(js, t, meta, "traceparent"), c->trace);
  if (m->cx->sess->version == E2B_MCP__V2026_07 && e2b_mcp__modern_call(s, m, c, params, meta, id) != 0) return -1;
#else
  (void)id;
#endif
  if (pt >= 0 && (t[pt].type == JSMN_STRING || t[pt].type == JSMN_PRIMITIVE))
    e2b_mcp__tok_json(js, &t[pt], c->progress_token, sizeof c->progress_token);
  return 0;
}

/* A simple custom tool's call (e2b_mcp_tool.fn): run now, synchronously, and
   answered at once, unless it asked its user: then its call waits in the
   slot the question took (>>engine, e2b_mcp__custom_ask) and is answered
   when the tool runs again with the answer. A frame of its own: the
   two-phase calls' path carries no call record of its own. (Not
   e2b_mcp__run_tool, which may run a two-phase tool in-process: this frame
   never needs that.) */
E2B_MCP__NOINLINE static void e2b_mcp__custom_call(e2b_mcp_server *s, e2b_mcp__msg *m, const e2b_mcp_tool *tool,
                                                  const char *js, const jsmntok_t *t, int args, int params, const char *id) {
  e2b_mcp_call c;
  memset(&c, 0, sizeof c);
  if (e2b_mcp__call_fill(s, m, &c, tool, js, t, args, params, id) != 0) return;
  c.msg = m;
  c.params = params;
  e2b_mcp__result_reset(&c);
  if (e2b_mcp__check_arg_text(&c) == 0 && e2b_mcp__check_arg_names(s, &c) == 0) e2b_mcp__tool_fn(s, &c);
  if (E2B_MCP__ASKS && c.slot) { s->run->asked(s, &c, id); return; }   /* its answer comes with the user's */
  e2b_mcp__result_done(s, &c);
  e2b_mcp__reply_call(s, m, &c, id);
}

static void e2b_mcp__on_tools_call(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int params, const char *id) {
  const e2b_mcp_tool *tool;
  int name = e2b_mcp__tok_get(js, t, params, "name");
  int args = e2b_mcp__tok_get(js, t, params, "arguments");
  if (name < 0 || t[name].type != JSMN_STRING) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, "tools/call needs params.name, the tool's name");
    return;
  }
  tool = e2b_mcp__find_tool(s, js + t[name].start, (size_t)(t[name].end - t[name].start));
  if (!tool) {
    char text[384];
    e2b_mcp__unknown_tool(s, js + t[name].start, (size_t)(t[name].end - t[name].start), text, sizeof text);
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, text);
    return;
  }
#if E2B_MCP_AUTH
  if (m->cx->pr.scopes && e2b_mcp__scope_refused(s, m, tool, js, t, params, args, id)) return;
#endif
  if (args >= 0 && t[args].type == JSMN_PRIMITIVE && js[t[args].start] == 'n') args = -1;
  if (args >= 0 && t[args].type != JSMN_OBJECT) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, "params.arguments must be a JSON object");
    return;
  }
  /* a two-phase tool's call (E2B's own, or a custom one's) is made in its call
     slot (>>engine); a simple custom one's on its own frame */
  if (!tool->build) { e2b_mcp__custom_call(s, m, tool, js, t, args, params, id); return; }
  s->run->two_phase(s, m, tool, js, t, args, params, id);
}

#if E2B_MCP_METRICS
/* A request other than tools/call (counted per tool by the engine) was
   answered: by its method (a fixed list, the rest "other"), whether the
   method was known, and the time it took (>>metrics). */
static void e2b_mcp__met_method(e2b_mcp_server *s, const char *js, const jsmntok_t *meth, int unknown, unsigned long t0) {
  static const char *const names[E2B_MCP__MET_NMETHODS] = E2B_MCP__MET_METHODS;
  unsigned long now = e2b_mcp__now_ms(s);
  int i;
  if (e2b_mcp__tok_eq(js, meth, "tools/call")) return;
  for (i = 0; i < E2B_MCP__MET_NMETHODS - 1; i++) if (e2b_mcp__tok_eq(js, meth, names[i])) break;
  e2b_mcp__met_observe(&s->metrics.method[i][unknown != 0], now && t0 ? now - t0 : 0);
}
#  define E2B_MCP__MET_METHOD(s, js, meth, unknown, t0) e2b_mcp__met_method(s, js, meth, unknown, t0)
#  define E2B_MCP__MET_T0(s) e2b_mcp__now_ms(s)
#else
#  define E2B_MCP__MET_METHOD(s, js, meth, unknown, t0) ((void)(t0), (void)(unknown))
#  define E2B_MCP__MET_T0(s) 0UL
#endif

#if E2B_MCP_WITH_2026
/* ---- the stateless revision (2026-07-28) ---- */

/* Whether the request at root is of the stateless revision: server/discover
   (the probe a dual-era client starts with), a params._meta carrying the
   revision's keys, or an HTTP request whose MCP-Protocol-Version names it.
   Everything else is answered as the 2025 revisions are. */
static int e2b_mcp__is_modern(const char *js, const jsmntok_t *t, int root, const e2b_mcp_wire *wire) {
  int meth = e2b_mcp__tok_get(js, t, root, "method");
  int meta = e2b_mcp__tok_get(js, t, e2b_mcp__tok_get(js, t, root, "params"), "_meta");
  if (meth >= 0 && e2b_mcp__tok_eq(js, &t[meth], "server/discover")) return 1;
  if (e2b_mcp__tok_get(js, t, meta, E2B_MCP__META_PV) >= 0 || e2b_mcp__tok_get(js, t, meta, E2B_MCP__META_CAPS) >= 0) return 1;
  return wire && wire->pver && e2b_mcp__ieq(wire->pver, wire->pver_n, e2b_mcp__modern_version);
}

/* An error of the revision's envelope, with the HTTP status it wants. */
static void e2b_mcp__modern_error(e2b_mcp_server *s, e2b_mcp__msg *m, const char *id, int status, int code, const char *text, const char *data) {
  if (m->cx->wire && !m->cx->wire->status) m->cx->wire->status = status;
  e2b_mcp__reply_error_data(s, m, id, code, text, data);
}

/* A header's value against a token's text: exact, case and all. */
static int e2b_mcp__wire_eq(const char *h, size_t hn, const char *js, const jsmntok_t *t) {
  return t->type == JSMN_STRING && (size_t)(t->end - t->start) == hn && memcmp(js + t->start, h, hn) == 0;
}


static void e2b_mcp__on_discover(e2b_mcp_server *s, e2b_mcp__msg *m, const char *id) {
  e2b_mcp_json w;
  e2b_mcp__reply_begin(s, m, &w, id);
  e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "resultType"); e2b_mcp_json_str(&w, "complete");
  e2b_mcp_json_key(&w, "supportedVersions"); e2b_mcp__supported_versions(&w, 1);
  e2b_mcp_json_key(&w, "capabilities"); e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "tools"); e2b_mcp_json_obj(&w); e2b_mcp_json_obj_end(&w);
  e2b_mcp_json_key(&w, "logging"); e2b_mcp_json_obj(&w); e2b_mcp_json_obj_end(&w);
  E2B_MCP__SURFACE_CAPS(s, &w, 1);
  e2b_mcp__app_caps(m->cx->sess, &w);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp_json_key(&w, "instructions");
  e2b_mcp_json_str(&w, s->cfg.instructions ? s->cfg.instructions : e2b_mcp__default_instructions);
  e2b_mcp_json_key(&w, "ttlMs"); e2b_mcp_json_int(&w, s->cfg.list_ttl_ms);
#if E2B_MCP_WITH_APP   /* what it says depends on whether this client declared the App's extension */
  e2b_mcp_json_key(&w, "cacheScope"); e2b_mcp_json_str(&w, m->cx->sess->client_ui ? "private" : "public");
#else
  e2b_mcp_json_key(&w, "cacheScope"); e2b_mcp_json_str(&w, "public");
#endif
  e2b_mcp_json_key(&w, "_meta"); e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "io.modelcontextprotocol/serverInfo"); e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "name"); e2b_mcp_json_str(&w, s->cfg.server_name ? s->cfg.server_name : "e2b-mcp");
  e2b_mcp_json_key(&w, "title"); e2b_mcp_json_str(&w, "E2B sandboxes");
  e2b_mcp_json_key(&w, "version"); e2b_mcp_json_str(&w, E2B_MCP_VERSION);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(m, &w);
}

/* Mcp-Param-<Name> headers (SEP-2243): a tool's argument whose schema says
   "x-mcp-header": "<Name>" is mirrored into that header, so a router can read
   it; when the body has the argument, the header must be there and say the
   same (its text, or =?base64?<standard Base64, padded>?= of it). Returns 0,
   or -1 with the message for the HeaderMismatch error in msg. */
static int e2b_mcp__b64_std(const char *v, size_t n, char *out, size_t cap) {
  static const char a[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  size_t i, o = 0;
  unsigned acc = 0;
  int bits = 0, pad = 0;
  if (n % 4) return -1;
  for (i = 0; i < n; i++) {
    const char *q = v[i] ? e2b_mcp__strchr(a, v[i]) : NULL;
    if (v[i] == '=' && i + 2 >= n) { pad++; continue; }
    if (!q || pad) return -1;
    acc = (acc << 6) | (unsigned)(q - a);
    bits += 6;
    if (bits >= 8) { bits -= 8; if (o == cap) return -1; out[o++] = (char)(acc >> bits); acc &= (1u << bits) - 1; }
  }
  return (int)o;
}
static const char *e2b_mcp__wire_header(const e2b_mcp_wire *w, const char *prefix, const char *name, size_t nn, size_t *vn) {
  size_t i = 0, pl = strlen(prefix);
  while (i < w->head_n) {
    size_t ls = i, ve, vs, colon;
    while (i < w->head_n && w->head[i] != '\n') i++;
    ve = i++;
    if (ve > ls && w->head[ve - 1] == '\r') ve--;
    for (colon = ls; colon < ve && w->head[colon] != ':'; colon++) {}
    if (colon == ve || colon - ls != pl + nn) continue;
    if (!e2b_mcp__ieqn(w->head + ls, prefix, pl) || !e2b_mcp__ieqn(w->head + ls + pl, name, nn)) continue;
    for (vs = colon + 1; vs < ve && (w->head[vs] == ' ' || w->head[vs] == '\t'); vs++) {}
    while (ve > vs && (w->head[ve - 1] == ' ' || w->head[ve - 1] == '\t')) ve--;
    *vn = ve - vs;
    return w->head + vs;
  }
  return NULL;
}
static int e2b_mcp__check_param_headers(e2b_mcp_server *s, const e2b_mcp_wire *w, const char *js, const jsmntok_t *t, int params, char *msg, size_t cap) {
  int name = e2b_mcp__tok_get(js, t, params, "name"), args = e2b_mcp__tok_get(js, t, params, "arguments");
  const e2b_mcp_tool *tool = name >= 0 ? e2b_mcp__find_tool(s, js + t[name].start, (size_t)(t[name].end - t[name].start)) : NULL;
  const char *sc;
  int props, i, k;
  if (!w || !w->head || !tool || args < 0 || t[args].type != JSMN_OBJECT) return 0;
  sc = tool->input_schema;
  if (!strstr(sc, "\"x-mcp-header\"") || e2b_mcp__parse(sc, strlen(sc), s->rtok, E2B_MCP__COUNT(s->rtok)) <= 0) return 0;
  props = e2b_mcp__tok_get(sc, s->rtok, 0, "properties");
  if (props < 0 || s->rtok[props].type != JSMN_OBJECT) return 0;
  for (i = props + 1, k = 0; k < s->rtok[props].size; k++, i = e2b_mcp__tok_skip(s->rtok, i + 1)) {
    int hx = e2b_mcp__tok_get(sc, s->rtok, i + 1, "x-mcp-header"), a, bn;
    char key[64], want[E2B_MCP_ARG_MAX], got[E2B_MCP_ARG_MAX];
    const char *hv;
    size_t hn, hxn;
    if (hx < 0 || s->rtok[hx].type != JSMN_STRING || e2b_mcp__tok_str(sc, &s->rtok[i], key, sizeof key) < 0) continue;
    if ((a = e2b_mcp__tok_get(js, t, args, key)) < 0) continue;
    if (t[a].type == JSMN_STRING) { if (e2b_mcp__tok_str(js, &t[a], want, sizeof want) < 0) continue; }
    else if (t[a].type == JSMN_PRIMITIVE && (size_t)(t[a].end - t[a].start) < sizeof want) e2b_mcp__tok_json(js, &t[a], want, sizeof want);
    else continue;
    hxn = (size_t)(s->rtok[hx].end - s->rtok[hx].start);
    hv = e2b_mcp__wire_header(w, "mcp-param-", sc + s->rtok[hx].start, hxn, &hn);
    if (!hv) {
      e2b_mcp__fmt(msg, cap, "Header mismatch: argument %s is in the body but its header Mcp-Param-%.*s is missing", key, (int)hxn, sc + s->rtok[hx].start);
      return -1;
    }
    if (hn >= 12 && memcmp(hv, "=?base64?", 9) == 0 && memcmp(hv + hn - 2, "?=", 2) == 0) {
      if ((bn = e2b_mcp__b64_std(hv + 9, hn - 11, got, sizeof got - 1)) < 0) {
        e2b_mcp__fmt(msg, cap, "Header mismatch: Mcp-Param-%.*s is not valid padded Base64", (int)hxn, sc + s->rtok[hx].start);
        return -1;
      }
    } else {
      if (hn >= sizeof got) hn = sizeof got - 1;
      memcpy(got, hv, hn);
      bn = (int)hn;
    }
    got[bn] = 0;
    if ((size_t)bn != strlen(want) || memcmp(got, want, (size_t)bn) != 0) {
      e2b_mcp__fmt(msg, cap, "Header mismatch: Mcp-Param-%.*s differs from argument %s", (int)hxn, sc + s->rtok[hx].start, key);
      return -1;
    }
  }
  return 0;
}

/* A request of the stateless revision: the envelope is checked in the order
   the revision's reference server checks it (the version header, the _meta
   keys, the header against _meta, the version, then Mcp-Method / Mcp-Name),
   then the method runs with a session that lives only for this request. */
static void e2b_mcp__handle_modern(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int meth, int params, const char *id) {
  const e2b_mcp_wire *wire = m->cx->wire;
  int meta = e2b_mcp__tok_get(js, t, params, "_meta");
  int pv = e2b_mcp__tok_get(js, t, meta, E2B_MCP__META_PV), caps = e2b_mcp__tok_get(js, t, meta, E2B_MCP__META_CAPS);
  int lv = e2b_mcp__tok_get(js, t, meta, E2B_MCP__META_LEVEL);
  e2b_mcp_session one;
  e2b_mcp__ctx ocx;
  const e2b_mcp__ctx *saved = m->cx;
  unsigned long t0 = E2B_MCP__MET_T0(s);
  int unknown = 0;
  if (wire && !wire->pver) {
    e2b_mcp__modern_error(s, m, id, 400, E2B_MCP__HEADER_MISMATCH, "Header mismatch: the MCP-Protocol-Version header is required", NULL);
    return;
  }
  if (pv < 0 || t[pv].type != JSMN_STRING || caps < 0 || t[caps].type != JSMN_OBJECT) {
    e2b_mcp__modern_error(s, m, id, 400, E2B_MCP__INVALID_PARAMS,
                          "Invalid params: params._meta must carry " E2B_MCP__META_PV " (a string) and " E2B_MCP__META_CAPS " (an object)", NULL);
    return;
  }
  if (wire && !e2b_mcp__wire_eq(wire->pver, wire->pver_n, js, &t[pv])) {
    e2b_mcp__modern_error(s, m, id, 400, E2B_MCP__HEADER_MISMATCH, "Header mismatch: MCP-Protocol-Version differs from params._meta's protocolVersion", NULL);
    return;
  }
  if (!e2b_mcp__tok_eq(js, &t[pv], e2b_mcp__modern_version)) {
    char data[256], req[64];
    e2b_mcp_json w;
    e2b_mcp_json_init(&w, data, sizeof data);
    e2b_mcp_json_obj(&w);
    e2b_mcp_json_key(&w, "supported"); e2b_mcp__supported_versions(&w, 1);
    e2b_mcp_json_key(&w, "requested");
    if (e2b_mcp__tok_str(js, &t[pv], req, sizeof req) < 0) memcpy(req, "?", 2);
    e2b_mcp_json_str(&w, req);
    e2b_mcp_json_obj_end(&w);
    data[w.err ? 0 : w.len] = 0;
    e2b_mcp__modern_error(s, m, id, 400, E2B_MCP__UNSUPPORTED_VERSION,
                          "Unsupported protocol version: use 2026-07-28 here, or initialize for the 2025 revisions", w.err ? NULL : data);
    return;
  }
  if (wire) {
    int name = e2b_mcp__tok_get(js, t, params, "name");
    int named = e2b_mcp__tok_eq(js, &t[meth], "tools/call") || e2b_mcp__tok_eq(js, &t[meth], "prompts/get");
    if (!wire->method || !e2b_mcp__wire_eq(wire->method, wire->method_n, js, &t[meth])) {
      e2b_mcp__modern_error(s, m, id, 400, E2B_MCP__HEADER_MISMATCH,
                            wire->method ? "Header mismatch: Mcp-Method differs from the body's method" : "Header mismatch: the Mcp-Method header is required", NULL);
      return;
    }
    if (named && name >= 0 && (!wire->name || !e2b_mcp__wire_eq(wire->name, wire->name_n, js, &t[name]))) {
      e2b_mcp__modern_error(s, m, id, 400, E2B_MCP__HEADER_MISMATCH,
                            wire->name ? "Header mismatch: Mcp-Name differs from params.name" : "Header mismatch: the Mcp-Name header is required", NULL);
      return;
    }
    if (e2b_mcp__tok_eq(js, &t[meth], "tools/call")) {
      char msg[160];
      if (e2b_mcp__check_param_headers(s, wire, js, t, params, msg, sizeof msg) != 0) {
        e2b_mcp__modern_error(s, m, id, 400, E2B_MCP__HEADER_MISMATCH, msg, NULL);
        return;
      }
    }
  }
  memset(&one, 0, sizeof one);
  one.initialized = 1;
  one.version = E2B_MCP__V2026_07;
  one.log_level = E2B_MCP__COUNT(e2b_mcp__levels);   /* none: logs only when a level is asked for */
  if (lv >= 0) { int li = e2b_mcp__level_index(js, &t[lv]); if (li >= 0) one.log_level = li; }
#if E2B_MCP_WITH_APP
  one.client_ui = e2b_mcp__ui_declared(js, t, caps);
#endif
#if E2B_MCP__TASKS
  one.client_tasks = e2b_mcp__tasks_declared(js, t, caps);
#endif
  ocx = *m->cx;   /* this request's context, with its own session */
  ocx.sess = &one;
  m->cx = &ocx;
#define E2B_MCP__IS(name) e2b_mcp__tok_eq(js, &t[meth], name)
  if (E2B_MCP__IS("server/discover")) e2b_mcp__on_discover(s, m, id);
  else if (E2B_MCP__IS("tools/list")) e2b_mcp__on_tools_list(s, m, js, t, params, id);
  else if (E2B_MCP__IS("tools/call")) e2b_mcp__on_tools_call(s, m, js, t, params, id);
  else if (E2B_MCP__TASKS_HANDLE(s, m, js, t, meth, params, id)) {}
  else if (E2B_MCP__SURFACE_HANDLE(s, m, js, t, meth, params, id)) {}
  else { unknown = 1; e2b_mcp__modern_error(s, m, id, 404, E2B_MCP__METHOD_NOT_FOUND, "Method not found", NULL); }   /* initialize, ping, logging/setLevel: removed */
#undef E2B_MCP__IS
  E2B_MCP__MET_METHOD(s, js, &t[meth], unknown, t0);
  m->cx = saved;
}
#else   /* E2B_MCP_WITH_2026 0: every request is of the 2025 revisions */
static int e2b_mcp__is_modern(const char *js, const jsmntok_t *t, int root, const e2b_mcp_wire *wire) {
  (void)js; (void)t; (void)root; (void)wire;
  return 0;
}
#endif

/* One JSON-RPC object at token root. */
static void e2b_mcp__handle_one(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int root) {
  char id[E2B_MCP_RPC_ID_MAX];
  int ver = e2b_mcp__tok_get(js, t, root, "jsonrpc");
  int meth = e2b_mcp__tok_get(js, t, root, "method");
  int idt = e2b_mcp__tok_get(js, t, root, "id");
  int params = e2b_mcp__tok_get(js, t, root, "params"), is_response, unknown = 0;
  unsigned long t0;
  id[0] = 0;
  if (t[root].type != JSMN_OBJECT) { e2b_mcp__reply_error(s, m, NULL, E2B_MCP__INVALID_REQUEST, "Invalid Request: not a JSON-RPC object"); return; }
  if (idt >= 0) {
    const jsmntok_t *it = &t[idt];
    int ok = it->type == JSMN_STRING || (it->type == JSMN_PRIMITIVE && (js[it->start] == '-' || (js[it->start] >= '0' && js[it->start] <= '9')));
    if (ok && (size_t)(it->end - it->start) + 3 > sizeof id) {
      char text[128];
      e2b_mcp__fmt(text, sizeof text, E2B_MCP__MSG_ID_TOO_LONG, (int)sizeof id - 1);
      e2b_mcp__reply_error(s, m, NULL, E2B_MCP__INVALID_REQUEST, text);
      return;
    }
    if (!ok || e2b_mcp__tok_json(js, it, id, sizeof id) < 0) {
      e2b_mcp__reply_error(s, m, NULL, E2B_MCP__INVALID_REQUEST, "Invalid Request: id must be a string or a number");
      return;
    }
  }
  /* A response from the client that nobody waits for is ignored (a response
     is never answered); anything else that is not a request or notification
     is an Invalid Request, with id null when it has none. */
  is_response = meth < 0 && idt >= 0 && (e2b_mcp__tok_get(js, t, root, "result") >= 0 || e2b_mcp__tok_get(js, t, root, "error") >= 0);
  if (ver < 0 || !e2b_mcp__tok_eq(js, &t[ver], "2.0")) {
    if (!is_response) e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_REQUEST, "Invalid Request: jsonrpc must be \"2.0\"");
    return;
  }
  if (meth < 0) {
    if (!is_response) e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_REQUEST, "Invalid Request: method is required");
    else if (E2B_MCP__ASKS) s->run->user_answer(s, m->cx, js, t, root);   /* the user's answer to a call's question, or nobody's */
    return;
  }
  if (t[meth].type != JSMN_STRING) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_REQUEST, "Invalid Request: method must be a string");
    return;
  }
  if (params >= 0 && t[params].type != JSMN_OBJECT) {
    if (idt >= 0) e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, "params must be an object");
    return;
  }
#if E2B_MCP_WITH_2026
  if (idt >= 0 && !m->batch && e2b_mcp__is_modern(js, t, root, m->cx->wire)) {
    e2b_mcp__handle_modern(s, m, js, t, meth, params, id);
    return;
  }
#endif
  if (m->batch && e2b_mcp__tok_eq(js, &t[meth], "initialize")) {   /* 2025-03-26: it MUST NOT be batched */
    if (idt >= 0) e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_REQUEST, "Invalid Request: initialize must not be part of a batch");
    return;
  }
  if (idt < 0) {   /* notifications: no answer, ever */
    if (e2b_mcp__tok_eq(js, &t[meth], "notifications/initialized")) m->cx->sess->initialized = m->cx->sess->client_ready = 1;
    else if (e2b_mcp__tok_eq(js, &t[meth], "notifications/cancelled")) s->run->cancel(s, m->cx, js, t, params);
    return;
  }
#define E2B_MCP__IS(name) e2b_mcp__tok_eq(js, &t[meth], name)
  t0 = E2B_MCP__MET_T0(s);
  if (E2B_MCP__IS("initialize")) e2b_mcp__on_initialize(s, m, js, t, params, id);
  else if (E2B_MCP__IS("ping")) { e2b_mcp_json w; e2b_mcp__reply_begin(s, m, &w, id); e2b_mcp_json_obj(&w); e2b_mcp_json_obj_end(&w); e2b_mcp__out_end(m, &w); }
  else if (E2B_MCP__IS("tools/list")) e2b_mcp__on_tools_list(s, m, js, t, params, id);
  else if (E2B_MCP__IS("tools/call")) e2b_mcp__on_tools_call(s, m, js, t, params, id);
  else if (E2B_MCP__IS("logging/setLevel")) {
    int lv = e2b_mcp__tok_get(js, t, params, "level"), li = lv >= 0 ? e2b_mcp__level_index(js, &t[lv]) : -1;
    if (li < 0) e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, E2B_MCP__MSG_BAD_LEVEL);
    else { e2b_mcp_json w; m->cx->sess->log_level = li; e2b_mcp__reply_begin(s, m, &w, id); e2b_mcp_json_obj(&w); e2b_mcp_json_obj_end(&w); e2b_mcp__out_end(m, &w); }
  } else if (E2B_MCP__TASKS_HANDLE(s, m, js, t, meth, params, id)) {
  } else if (E2B_MCP__SURFACE_HANDLE(s, m, js, t, meth, params, id)) {}
  else { unknown = 1; e2b_mcp__reply_error(s, m, id, E2B_MCP__METHOD_NOT_FOUND, "Method not found"); }
#undef E2B_MCP__IS
  E2B_MCP__MET_METHOD(s, js, &t[meth], unknown, t0);
}

/* Whether the text after the first JSON value is only white space. */
static int e2b_mcp__only_space(const char *p, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) if (p[i] != ' ' && p[i] != '\t' && p[i] != '\r' && p[i] != '\n') return 0;
  return 1;
}

/* Handles one message, parsed into s->mtok (ntok: what e2b_mcp__parse
   said); with async (a transport that moves calls on with e2b_mcp_step) a
   tool call may be answered later, through out. */
static int e2b_mcp__handle(e2b_mcp_server *s, const char *msg, size_t n, const e2b_mcp_sink *out, const e2b_mcp__ctx *cx, int async, int ntok) {
  e2b_mcp__msg m;
  int i, k;
  memset(&m, 0, sizeof m);
  m.sink = out;
  m.cx = cx;
  m.async = async;
  if (ntok == JSMN_ERROR_NOMEM) {
    e2b_mcp__reply_error(s, &m, NULL, E2B_MCP__INVALID_REQUEST, E2B_MCP__MSG_MSG_TOKENS);
    return m.failed ? -1 : m.written;
  }
  if (ntok == E2B_MCP__JSON_DEEP) {
    char text[96];
    e2b_mcp__fmt(text, sizeof text, E2B_MCP__MSG_MSG_DEEP, (int)E2B_MCP__JSON_DEPTH);
    e2b_mcp__reply_error(s, &m, NULL, E2B_MCP__INVALID_REQUEST, text);
    return m.failed ? -1 : m.written;
  }
  if (ntok == JSMN_ERROR_INVAL || ntok == JSMN_ERROR_PART) {   /* a bare number or literal is valid JSON, just not a message */
    size_t i = 0;
    while (i < n && (msg[i] == ' ' || msg[i] == '\t' || msg[i] == '\r' || msg[i] == '\n')) i++;
    size_t j = i;
    while (j < n && msg[j] && e2b_mcp__strchr("0123456789+-.eE \t\r\n", msg[j])) j++;
    if (i < n && j == n && (msg[i] == '-' || (msg[i] >= '0' && msg[i] <= '9'))) {
      e2b_mcp__reply_error(s, &m, NULL, E2B_MCP__INVALID_REQUEST, "Invalid Request: expected one JSON-RPC object");
      return m.failed ? -1 : m.written;
    }
  }
  if (ntok <= 0 || !e2b_mcp__only_space(msg + s->mtok[0].end, n - (size_t)s->mtok[0].end) ||
      (s->mtok[0].type != JSMN_OBJECT && s->mtok[0].type != JSMN_ARRAY)) {
    e2b_mcp__reply_error(s, &m, NULL, ntok <= 0 || s->mtok[0].type == JSMN_OBJECT || s->mtok[0].type == JSMN_ARRAY
                         ? E2B_MCP__PARSE_ERROR : E2B_MCP__INVALID_REQUEST,
                         ntok <= 0 ? "Parse error: the message is not valid JSON"
                         : s->mtok[0].type == JSMN_OBJECT || s->mtok[0].type == JSMN_ARRAY ? "Parse error: text after the JSON value"
                         : "Invalid Request: expected one JSON-RPC object");
    return m.failed ? -1 : m.written;
  }
  if (s->mtok[0].type == JSMN_ARRAY) {
#if !E2B_MCP_WITH_BATCH
    e2b_mcp__reply_error(s, &m, NULL, E2B_MCP__INVALID_REQUEST, E2B_MCP__MSG_NO_BATCHES);
    (void)i; (void)k;
    return m.failed ? -1 : m.written;
#else
    if (cx->sess->version != E2B_MCP__V2025_03 || s->mtok[0].size == 0) {
      e2b_mcp__reply_error(s, &m, NULL, E2B_MCP__INVALID_REQUEST, s->mtok[0].size == 0 ? "Invalid Request: empty batch"
                           : "Invalid Request: batches are accepted only under protocol version 2025-03-26");
      return m.failed ? -1 : m.written;
    }
    m.batch = 1;
    if (async && (k = s->run->batch(s, &m, msg, n)) != -2) return k;   /* its calls in call slots */
    for (i = 1, k = 0; k < s->mtok[0].size && !m.failed; k++) {
      e2b_mcp__handle_one(s, &m, msg, s->mtok, i);
      i = e2b_mcp__tok_skip(s->mtok, i);
    }
    if (m.batch_items && !m.failed) {   /* the array's end, through the redactor like every byte */
      e2b_mcp__redact_init(&m.red, cx);
      if (e2b_mcp__redact_write(&m.red, e2b_mcp__sink_write, (void *)out, "]", 1) != 0 ||
          e2b_mcp__redact_end(&m.red, e2b_mcp__sink_write, (void *)out) != 0 || (out->end && out->end(out->ctx) != 0)) m.failed = 1;
      else m.written = 1;
    }
    return m.failed ? -1 : m.written;
#endif
  }
  e2b_mcp__handle_one(s, &m, msg, s->mtok, 0);
  return m.failed ? -1 : m.written;
}
E2B_MCP_DEF int e2b_mcp_handle(e2b_mcp_server *s, const char *msg, size_t n, const e2b_mcp_sink *out) {
  e2b_mcp__ctx cx;
  e2b_mcp__ctx_own(s, &cx);
  return e2b_mcp__handle(s, msg, n, out, &cx, 0, e2b_mcp__parse(msg, n, s->mtok, E2B_MCP__COUNT(s->mtok)));
}

/* Redacts buf[0..n) in place (the output never runs ahead of the input: the
   replacement is no longer than the key); returns the new length. */
typedef struct e2b_mcp__inplace { char *buf; size_t len; } e2b_mcp__inplace;
static int e2b_mcp__inplace_write(void *ctx, const char *p, size_t n) {
  e2b_mcp__inplace *x = (e2b_mcp__inplace *)ctx;
  memmove(x->buf + x->len, p, n);
  x->len += n;
  return 0;
}
static size_t e2b_mcp__redact_buf(const e2b_mcp__ctx *cx, char *buf, size_t n) {
  e2b_mcp__redact r;
  e2b_mcp__inplace x;
  x.buf = buf; x.len = 0;
  e2b_mcp__redact_init(&r, cx);
  if (!r.len) return n;
  e2b_mcp__redact_write(&r, e2b_mcp__inplace_write, &x, buf, n);
  e2b_mcp__redact_end(&r, e2b_mcp__inplace_write, &x);
  return x.len;
}

E2B_MCP_DEF int e2b_mcp_call_tool(e2b_mcp_server *s, const char *name, const char *args_json, e2b_mcp_result *r) {
  e2b_mcp_call c;
  e2b_mcp__ctx cx;
  int ntok = 0;
  memset(&c, 0, sizeof c);
  memset(r, 0, sizeof *r);
  r->message = "";
  if (s->in_tool) {
    r->message = E2B_MCP__MSG_REENTRANT;
    return E2B_MCP_CALL_REENTRANT;
  }
  c.tool = e2b_mcp__find_tool(s, name, strlen(name));
  if (!c.tool) {   /* the message says why, for a tool that is switched off */
    e2b_mcp__unknown_tool(s, name, strlen(name), s->errmsg, sizeof s->errmsg);
    r->message = s->errmsg;
    return -1;
  }
  e2b_mcp__ctx_own(s, &cx);
  c.srv = s; c.args = -1; c.cx = &cx;
  if (args_json && *args_json) {
    size_t n = strlen(args_json);
    if (n > E2B_MCP_MSG_MAX) return -1;
    memcpy(s->msg, args_json, n + 1);
    ntok = e2b_mcp__parse(s->msg, n, s->mtok, E2B_MCP__COUNT(s->mtok));
    if (ntok <= 0 || s->mtok[0].type != JSMN_OBJECT || !e2b_mcp__only_space(s->msg + s->mtok[0].end, n - (size_t)s->mtok[0].end)) return -1;
    c.js = s->msg; c.tok = s->mtok; c.args = 0;
  }
  e2b_mcp__run_tool(s, &c);
  /* what an embedding program hands to its model leaves the server too */
  c.out.len = e2b_mcp__redact_buf(&cx, s->result, c.out.len);
  c.content.len = e2b_mcp__redact_buf(&cx, s->content, c.content.len);
  s->errmsg[e2b_mcp__redact_buf(&cx, s->errmsg, strlen(s->errmsg))] = 0;
  r->is_error = c.is_error;
  if (c.has_out && !c.is_error) { s->result[c.out.len] = 0; r->json = s->result; r->json_len = c.out.len; }
  if (c.content.len) { r->content = s->content; r->content_len = c.content.len; }
  r->message = s->errmsg;
  return 0;
}

/* >>e2b tools ----------------------------------------------------------------
   E2B's tools. Each is one row of the table E2B_MCP__TOOLS (>>e2b tools'
   declarations, src/tools.h), its switch E2B_MCP_TOOL_<ID> (>>config) and two
   functions named after the row's id:

     IF(E2B_MCP_TOOL_<ID>)(X(id, "name", "Title", annotations, gate, "description", "input schema", output schema))
       annotations  E2B_MCP_READ_ONLY | E2B_MCP_DESTRUCTIVE | E2B_MCP_IDEMPOTENT, or 0
       gate         0, or E2B_MCP__GATE_KILL: listed and callable only with enable_kill,
                    | E2B_MCP__GATE_EXTRA: not in the default set (the selection must name it)
       output schema  E2B_MCP__OUT("...") (dropped by E2B_MCP_WITH_DESCRIPTIONS 0)

     static int e2b_mcp__build_<id>(e2b_mcp_call *c, e2b_mcp__req *rq);
       Validates the arguments (e2b_mcp__want_*: each sets the error result and
       returns -1), then writes the request: e2b_mcp__req_on / e2b_mcp__req_sandbox
       for "METHOD /path", e2b_mcp__req_seg / _q / _qint for path segments and
       query, e2b_mcp__req_body for a JSON body (closed by the phase). A call that
       bills or destroys writes its consent question with e2b_mcp__ask. What the
       answer's shaping needs from the arguments goes in rq->id, rq->num and
       rq->flag (the arguments are gone by then). Returns 0 to send, -1 when the
       error result is set; it does no I/O and nothing is sent after -1.

     static void e2b_mcp__shape_<id>(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r);
       Turns E2B's 2xx response into the result (e2b_mcp_result_json): redacted
       (e2b_mcp__copy), normalised, lists under "data". e2b_mcp__response_json(c, r, kind)
       parses the body and gives its tokens, or NULL with the error result set
       (also when it is not the object or array the API documents). The engine
       then checks the result against the row's output schema
       (e2b_mcp__check_output): a broken answer is an error, never a success.
       It never sees a transport error, a non-2xx answer or a 429: the engine
       (e2b_mcp__call_checked) turns those into results a model can act on.

   Between the phases the engine (>>engine) checks the key and the tool's 429
   cool-down, asks the user (rq->ask) and sends. A custom tool takes the same
   two phases through the public e2b_mcp_tool.build/shape and e2b_mcp_request_*. One more tool is
   its switch (>>config, and its name in >>derived's E2B_MCP__TOOLS_BUILT), one row of the table and
   two functions here (and the simulator's route in tests/sim/). Nothing from the arguments reaches
   a request path or header unvalidated. */

/* 1 when every byte of s is a letter or digit (if alnum) or one of extra. */
static int e2b_mcp__charset(const char *s, int alnum, const char *extra) {
  for (; *s; s++)
    if (!((alnum && ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9'))) || e2b_mcp__strchr(extra, *s)))
      return 0;
  return 1;
}

/* The redactor's table for a key (what output never carries); its length. */
static unsigned e2b_mcp__key_table(const char *k, unsigned n, unsigned char *fail) {
  unsigned i, b = 0;
  fail[0] = 0;
  for (i = 1; i < n; i++) {
    while (b > 0 && k[i] != k[b]) b = fail[b - 1];
    if (k[i] == k[b]) b++;
    fail[i] = (unsigned char)b;
  }
  return n;
}
/* The server's own key (cfg.api_key), checked, with its KMP table. */
static void e2b_mcp__load_key(e2b_mcp_server *s) {
  const char *k = s->cfg.api_key;
  s->key[0] = 0;
  s->key_len = 0;
  s->key_problem = e2b_mcp__key_check(k, k ? strlen(k) : 0);
  if (s->key_problem == E2B_MCP__KEY_OK) {
    e2b_mcp__strlcpy(s->key, k, sizeof s->key);
    s->key_len = e2b_mcp__key_table(s->key, (unsigned)strlen(s->key), s->key_fail);
  }
}

/* ---- argument validation: each sets an error result and returns -1 ---- */
/* Helpers shared by the tools' functions, built whatever uses them: a build
   that leaves those tools out drops them (E2B_MCP__UNUSED). */
E2B_MCP__UNUSED static int e2b_mcp__bad(e2b_mcp_call *c, const char *key, const char *what) {
  e2b_mcp_result_error(c, E2B_MCP__MSG_BAD_ARG, key, what);
  return -1;
}
E2B_MCP__UNUSED static int e2b_mcp__want_str(e2b_mcp_call *c, const char *key, char *buf, size_t cap, int required) {
  int r = e2b_mcp_arg_str(c, key, buf, cap);
  buf[0] = r == 1 ? buf[0] : 0;
  if (r < 0) return e2b_mcp__bad(c, key, "expected a string of reasonable length");
  if (r == 0 && required) return e2b_mcp__bad(c, key, "it is required");
  return r;
}
E2B_MCP__UNUSED static int e2b_mcp__want_int(e2b_mcp_call *c, const char *key, long long *v, long long def, long long lo, long long hi) {
  char what[96];
  int r = e2b_mcp_arg_int(c, key, v);
  if (r == 0) { *v = def; return 0; }
  if (r < 0 || *v < lo || *v > hi) {
    e2b_mcp__fmt(what, sizeof what, "expected an integer from %lld to %lld", lo, hi);
    return e2b_mcp__bad(c, key, what);
  }
  return 1;
}
E2B_MCP__UNUSED static int e2b_mcp__want_bool(e2b_mcp_call *c, const char *key, int *v, int def) {
  int r = e2b_mcp_arg_bool(c, key, v);
  if (r == 0) { *v = def; return 0; }
  if (r < 0) return e2b_mcp__bad(c, key, "expected true or false");
  return 1;
}
E2B_MCP__UNUSED static int e2b_mcp__want_enum(e2b_mcp_call *c, const char *key, char *buf, size_t cap, const char *const *allowed, int n) {
  int i, r = e2b_mcp__want_str(c, key, buf, cap, 0);
  if (r <= 0) return r;
  for (i = 0; i < n; i++) if (e2b_mcp__streq(buf, allowed[i])) return 1;
  return e2b_mcp__bad(c, key, E2B_MCP__MSG_BAD_ENUM);
}
/* An ID that goes into a request path: letters, digits, '-' and '_' only. */
E2B_MCP__UNUSED static int e2b_mcp__want_id(e2b_mcp_call *c, const char *key, char *buf, size_t cap, int required) {
  int r = e2b_mcp__want_str(c, key, buf, cap, required);
  if (r <= 0) return r;
  if (!buf[0]) return e2b_mcp__bad(c, key, "it is empty");
  if (!e2b_mcp__charset(buf, 1, "-_"))
    return e2b_mcp__bad(c, key, E2B_MCP__MSG_BAD_ID);
  return 1;
}
/* A template reference for the create body: alias, namespace/alias, :tag. */
E2B_MCP__UNUSED static int e2b_mcp__want_template_ref(e2b_mcp_call *c, const char *key, char *buf, size_t cap) {
  const char *p;
  int r = e2b_mcp__want_str(c, key, buf, cap, 0);
  if (r <= 0) return r;
  for (p = buf; *p && !(p[0] == '.' && p[1] == '.'); p++) {}   /* no ".." (and no strstr on a board) */
  if (!buf[0] || *p || !e2b_mcp__charset(buf, 1, "-_./:"))
    return e2b_mcp__bad(c, key, E2B_MCP__MSG_BAD_TEMPLATE);
  return 1;
}
/* A time stamp for a query: RFC 3339 characters only. */
#if E2B_MCP_TOOL_LIST_SANDBOXES
static int e2b_mcp__want_time(e2b_mcp_call *c, const char *key, char *buf, size_t cap) {
  int r = e2b_mcp__want_str(c, key, buf, cap, 0);
  if (r <= 0) return r;
  if (!e2b_mcp__charset(buf, 0, "0123456789-:TZtz.+") || strlen(buf) < 10 || buf[4] != '-' || buf[7] != '-')
    return e2b_mcp__bad(c, key, E2B_MCP__MSG_BAD_TIME);
  return 1;
}
#endif
static void e2b_mcp__w_jstr(e2b_mcp_json *w, const char *s, size_t n);          /* below, with the answers */
static void e2b_mcp__w_tokkey(e2b_mcp_json *w, const char *js, const jsmntok_t *t);
/* String pairs (metadata, env_vars) come as an array of {"key","value"}
   objects, the form every model provider's schema dialect can describe; an
   object of strings is accepted too. The next pair of the argument at token i
   (cursor *j, count *n): its key and value tokens in *kt and *vt. 1: a pair,
   0: no more, -1: not a pair of strings. */
E2B_MCP__UNUSED static int e2b_mcp__next_pair(e2b_mcp_call *c, int i, int *j, int *n, int *kt, int *vt) {
  const jsmntok_t *t = c->tok;
  if (*n >= t[i].size) return 0;
  if (t[i].type == JSMN_OBJECT) { *kt = *j; *vt = *j + 1; *j = e2b_mcp__tok_skip(t, *j + 1); }
  else {
    if (t[*j].type != JSMN_OBJECT) return -1;
    *kt = e2b_mcp__tok_get(c->js, t, *j, "key");
    *vt = e2b_mcp__tok_get(c->js, t, *j, "value");
    *j = e2b_mcp__tok_skip(t, *j);
  }
  (*n)++;
  return *kt >= 0 && *vt >= 0 && t[*kt].type == JSMN_STRING && t[*kt].end > t[*kt].start && t[*vt].type == JSMN_STRING ? 1 : -1;
}
/* Writes a metadata filter value "k=v&k2=v2" with each part URL-encoded twice,
   as E2B's SDK does: E2B's HTTP layer decodes the query value, then its filter
   decodes the whole, splits on & and =, and decodes each part (the caller adds
   the outer encoding). The argument is string pairs, or that string in plain text. */
#if E2B_MCP_TOOL_LIST_SANDBOXES
static int e2b_mcp__want_metadata_query(e2b_mcp_call *c, e2b_mcp_json *q) {
  char k[E2B_MCP_ARG_MAX / 2], v[E2B_MCP_ARG_MAX];
  int i = e2b_mcp_arg_token(c, "metadata"), j, n = 0, kt, vt, r;
  const jsmntok_t *t = c->tok;
  if (i < 0) return 0;
  if (t[i].type == JSMN_OBJECT || t[i].type == JSMN_ARRAY) {
    if (t[i].size == 0) return 0;
    for (j = i + 1; (r = e2b_mcp__next_pair(c, i, &j, &n, &kt, &vt)) != 0;) {
      if (r < 0 || e2b_mcp__tok_str(c->js, &t[kt], k, sizeof k) <= 0 || e2b_mcp__tok_str(c->js, &t[vt], v, sizeof v) < 0)
        return e2b_mcp__bad(c, "metadata", E2B_MCP__MSG_WANT_PAIRS " (or the string k=v&k2=v2)");
      if (n > 1) e2b_mcp__w_c(q, '&');
      e2b_mcp__pct_n(q, k, strlen(k), 1); e2b_mcp__w_c(q, '='); e2b_mcp__pct_n(q, v, strlen(v), 1);
    }
  } else if (t[i].type == JSMN_STRING) {
    char all[E2B_MCP_ARG_MAX * 2];
    char *p, *amp;
    if (e2b_mcp__tok_str(c->js, &t[i], all, sizeof all) < 0) return e2b_mcp__bad(c, "metadata", "too long");
    if (!all[0]) return 0;
    for (p = all, n = 0; p; p = amp ? amp + 1 : NULL, n++) {
      char *eq;
      amp = e2b_mcp__strchr(p, '&');
      if (amp) *amp = 0;
      eq = e2b_mcp__strchr(p, '=');
      if (!eq || eq == p) return e2b_mcp__bad(c, "metadata", "expected key=value pairs joined by '&'");
      *eq = 0;
      if (n) e2b_mcp__w_c(q, '&');
      e2b_mcp__pct_n(q, p, strlen(p), 1); e2b_mcp__w_c(q, '='); e2b_mcp__pct_n(q, eq + 1, strlen(eq + 1), 1);
    }
  } else return e2b_mcp__bad(c, "metadata", E2B_MCP__MSG_WANT_PAIRS " (or the string k=v&k2=v2)");
  if (q->err) return e2b_mcp__bad(c, "metadata", "too long");
  return 1;
}
#endif
/* Copies a string-pairs argument into a request body as an object of strings
   (the strings as they came, escapes and all: an env var may be long). */
#if E2B_MCP_TOOL_CREATE_SANDBOX
static int e2b_mcp__want_str_map(e2b_mcp_call *c, const char *key, e2b_mcp_json *w, const char *api_key) {
  int i = e2b_mcp_arg_token(c, key), j, n = 0, kt, vt, r;
  const jsmntok_t *t = c->tok;
  if (i < 0) return 0;
  if (t[i].type != JSMN_OBJECT && t[i].type != JSMN_ARRAY) return e2b_mcp__bad(c, key, E2B_MCP__MSG_WANT_PAIRS);
  for (j = i + 1; (r = e2b_mcp__next_pair(c, i, &j, &n, &kt, &vt)) != 0;) if (r < 0) return e2b_mcp__bad(c, key, E2B_MCP__MSG_WANT_PAIRS);
  e2b_mcp_json_key(w, api_key);
  e2b_mcp_json_obj(w);
  for (j = i + 1, n = 0; e2b_mcp__next_pair(c, i, &j, &n, &kt, &vt) > 0;) {
    e2b_mcp__w_tokkey(w, c->js, &t[kt]);
    e2b_mcp__w_jstr(w, c->js + t[vt].start, (size_t)(t[vt].end - t[vt].start));
  }
  e2b_mcp_json_obj_end(w);
  return 1;
}
#endif
/* An array of strings that go into a body as they are (egress destinations):
   each non-empty, without spaces or control characters, at most 253 bytes. */
#if E2B_MCP_TOOL_CREATE_SANDBOX || E2B_MCP_TOOL_SET_SANDBOX_NETWORK
static int e2b_mcp__want_str_list(e2b_mcp_call *c, const char *key, e2b_mcp_json *w, const char *api_key, const char *what) {
  int i = e2b_mcp_arg_token(c, key), j, n, b;
  const jsmntok_t *t = c->tok;
  if (i < 0) return 0;
  if (t[i].type != JSMN_ARRAY) return e2b_mcp__bad(c, key, what);
  for (j = i + 1, n = 0; n < t[i].size; n++, j = e2b_mcp__tok_skip(t, j)) {
    if (t[j].type != JSMN_STRING || t[j].end == t[j].start || t[j].end - t[j].start > 253) return e2b_mcp__bad(c, key, what);
    for (b = t[j].start; b < t[j].end; b++)
      if ((unsigned char)c->js[b] <= ' ' || c->js[b] == '\\' || c->js[b] == 0x7f) return e2b_mcp__bad(c, key, what);
  }
  e2b_mcp_json_key(w, api_key);
  e2b_mcp_json_raw(w, c->js + t[i].start, (size_t)(t[i].end - t[i].start));
  return 1;
}
#endif
/* An array of TCP ports (1-65535). */
#if E2B_MCP_TOOL_CREATE_SANDBOX
static int e2b_mcp__want_port_list(e2b_mcp_call *c, const char *key, e2b_mcp_json *w, const char *api_key) {
  int i = e2b_mcp_arg_token(c, key), j, n;
  const jsmntok_t *t = c->tok;
  long long port;
  if (i < 0) return 0;
  if (t[i].type != JSMN_ARRAY) return e2b_mcp__bad(c, key, "expected an array of port numbers (1-65535)");
  for (j = i + 1, n = 0; n < t[i].size; n++, j++)
    if (e2b_mcp__tok_int(c->js, &t[j], &port) != 0 || port < 1 || port > 65535)
      return e2b_mcp__bad(c, key, "expected an array of port numbers (1-65535)");
  e2b_mcp_json_key(w, api_key);
  e2b_mcp_json_arr(w);
  for (j = i + 1, n = 0; n < t[i].size; n++, j++) { e2b_mcp__tok_int(c->js, &t[j], &port); e2b_mcp_json_int(w, port); }
  e2b_mcp_json_arr_end(w);
  return 1;
}
#endif
/* Volume mounts: [{"name": volume name, "path": absolute path}]. */
#if E2B_MCP_TOOL_CREATE_SANDBOX
static int e2b_mcp__want_mounts(e2b_mcp_call *c, e2b_mcp_json *w) {
  static const char want[] = E2B_MCP__MSG_WANT_MOUNTS;
  int i = e2b_mcp_arg_token(c, "volume_mounts"), j, n, nt, pt;
  const jsmntok_t *t = c->tok;
  char name[E2B_MCP_ARG_MAX / 2], path[E2B_MCP_ARG_MAX];
  if (i < 0) return 0;
  if (t[i].type != JSMN_ARRAY) return e2b_mcp__bad(c, "volume_mounts", want);
  for (j = i + 1, n = 0; n < t[i].size; n++, j = e2b_mcp__tok_skip(t, j)) {
    if (t[j].type != JSMN_OBJECT) return e2b_mcp__bad(c, "volume_mounts", want);
    nt = e2b_mcp__tok_get(c->js, t, j, "name");
    pt = e2b_mcp__tok_get(c->js, t, j, "path");
    if (nt < 0 || pt < 0 || t[nt].type != JSMN_STRING || t[pt].type != JSMN_STRING ||
        e2b_mcp__tok_str(c->js, &t[nt], name, sizeof name) <= 0 || e2b_mcp__tok_str(c->js, &t[pt], path, sizeof path) <= 0 ||
        !e2b_mcp__charset(name, 1, "-_.") || path[0] != '/' || !e2b_mcp__charset(path, 1, "-_./"))
      return e2b_mcp__bad(c, "volume_mounts", want);
  }
  e2b_mcp_json_key(w, "volumeMounts");
  e2b_mcp_json_arr(w);
  for (j = i + 1, n = 0; n < t[i].size; n++, j = e2b_mcp__tok_skip(t, j)) {
    nt = e2b_mcp__tok_get(c->js, t, j, "name");
    pt = e2b_mcp__tok_get(c->js, t, j, "path");
    e2b_mcp_json_obj(w);
    e2b_mcp_json_key(w, "name"); e2b_mcp__w_jstr(w, c->js + t[nt].start, (size_t)(t[nt].end - t[nt].start));
    e2b_mcp_json_key(w, "path"); e2b_mcp__w_jstr(w, c->js + t[pt].start, (size_t)(t[pt].end - t[pt].start));
    e2b_mcp_json_obj_end(w);
  }
  e2b_mcp_json_arr_end(w);
  return 1;
}
#endif

/* ---- talking to E2B ---- */
/* The cool-down slot of the call's tool, for the call's key. */
static unsigned long *e2b_mcp__cooldown(e2b_mcp_server *s, const e2b_mcp_call *c) {
  int i;
  for (i = 0; i < s->ntools - 1 && s->tools[i] != c->tool; i++) {}
  return &c->cx->cooldown[i];
}

static int e2b_mcp__ready(e2b_mcp_call *c) {
  e2b_mcp_server *s = c->srv;
  unsigned long now, until;
#if E2B_MCP_KEYSTORE
  if (c->cx->pr.no_key) {   /* never the server's own key instead: this caller has none here */
    const char *who = c->cx->pr.who ? c->cx->pr.who : "";
    int wn = c->cx->pr.who ? (int)c->cx->pr.who_len : 0;
    e2b_mcp_result_error(c, "This server has no E2B API key for you (your identity: \"%.*s\"), so nothing was sent to E2B. "
                            "Ask the server's admin to add your team's key: e2b-mcp keys add '%.*s' (the key is read from "
                            "stdin), then to reload the server (SIGHUP).", wn, who, wn, who);
    return -1;
  }
#endif
  switch (c->cx->key == s->key ? s->key_problem : E2B_MCP__KEY_OK) {   /* a client's key was checked on arrival */
    case E2B_MCP__KEY_MISSING:
      e2b_mcp_result_error(c, E2B_MCP__MSG_KEY_MISSING);
      return -1;
    case E2B_MCP__KEY_PERSONAL:
      e2b_mcp_result_error(c, E2B_MCP__MSG_KEY_PERSONAL);
      return -1;
    case E2B_MCP__KEY_MALFORMED:
      e2b_mcp_result_error(c, E2B_MCP__MSG_KEY_MALFORMED);
      return -1;
    default: break;
  }
  now = e2b_mcp__now_ms(s);
  until = *e2b_mcp__cooldown(s, c);
  if (until && now && (long)(until - now) > 0) {
    e2b_mcp_result_error(c, E2B_MCP__MSG_COOLDOWN, (until - now + 999) / 1000, c->tool->name);
    return -1;
  }
  return 0;
}

static const char *e2b_mcp__advice(int status) {
  switch (status) {
    case 400: return E2B_MCP__MSG_ADVICE_400;
    case 401: return E2B_MCP__MSG_ADVICE_401;
    case 403: return "This API key's team has no access to it.";
    case 404: return E2B_MCP__MSG_ADVICE_404;
    case 409: return E2B_MCP__MSG_ADVICE_409;
    case 410: return "It is gone.";
    case 429: return E2B_MCP__MSG_ADVICE_429;
    default: return status >= 500 ? E2B_MCP__MSG_ADVICE_5XX : "";
  }
}

/* "METHOD /path" of a request (no query, no head: the key is in it), for logs. */
static void e2b_mcp__what_req(const e2b_mcp__req *rq, char *out, size_t cap) {
  size_t n, sp = 0;
  for (n = 0; n < rq->w.len && n < cap - 1 && rq->w.buf[n] != '?' && !(rq->w.buf[n] == ' ' && sp++); n++) out[n] = rq->w.buf[n];
  out[n] = 0;
}

/* Checks the exchange the engine ran (request rq, sent at t0 ms, answer r):
   logs it, then on failure sets the error result (what happened and what to
   do) and returns -1. */
static int e2b_mcp__call_checked(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r, unsigned long t0) {
  e2b_mcp_server *s = c->srv;
  const e2b_mcp_url *u = rq->base;
  char msg[E2B_MCP_ERRMSG_MAX / 2], code[48], what_req[E2B_MCP__D(160, 96)];
  int err = r->err;
  e2b_mcp__what_req(rq, what_req, sizeof what_req);
  if (err) e2b_mcp_log(c, "warning", "%s on %s: %s", what_req, u->host, e2b_mcp_strerror(err));
  else {
    e2b_mcp_log(c, r->status < 400 ? "debug" : "warning", "%s on %s: %d in %lu ms", what_req, u->host, r->status,
                e2b_mcp__now_ms(s) - t0);
    e2b_mcp_progress(c, 1, 1, "E2B answered");
  }
  if (err) {
    const char *what = e2b_mcp_strerror(err), *hint = "";
    if (err == E2B_MCP_ERR_TOO_LARGE) {
      e2b_mcp_result_error(c, E2B_MCP__MSG_RESP_TOO_LARGE, (unsigned long)E2B_MCP_RESP_MAX);
      return -1;
    }
    if (err == E2B_MCP_ERR_TLS_TRUST) hint = E2B_MCP__MSG_HINT_UNTRUSTED;
    else if (err <= E2B_MCP_ERR_TLS && err >= E2B_MCP_ERR_TLS_NAME) hint = E2B_MCP__MSG_HINT_TLS;
    else if (err == E2B_MCP_ERR_DNS || err == E2B_MCP_ERR_CONNECT) hint = " " E2B_MCP_HINT_NET;
    else if (err == E2B_MCP_ERR_NO_TLS || err == E2B_MCP_ERR_URL) hint = " Nothing was sent.";
    else if (err == E2B_MCP_ERR_TIMEOUT) hint = E2B_MCP__MSG_HINT_TIMEOUT;
    else hint = E2B_MCP__MSG_HINT_UNSURE;
    e2b_mcp_result_error(c, "Could not complete the call to E2B at %s:%u: %s.%s", u->host, u->port, what, hint);
    return -1;
  }
  if (r->status >= 200 && r->status < 300) return 0;
  /* An API error: its own message and machine-readable error_code (e.g.
     sandbox_capacity_unavailable), then what to do. */
  msg[0] = 0;
  code[0] = 0;
  {
    int nt = e2b_mcp__parse(r->body, r->body_len, s->rtok, E2B_MCP__COUNT(s->rtok));
    int mi = nt > 0 ? e2b_mcp__tok_get(r->body, s->rtok, 0, "message") : -1;
    int ci = nt > 0 ? e2b_mcp__tok_get(r->body, s->rtok, 0, "error_code") : -1;
    if (mi < 0 || e2b_mcp__tok_str(r->body, &s->rtok[mi], msg, sizeof msg) < 0) msg[0] = 0;
    /* a code is a word; anything else is left out rather than passed on */
    if (ci < 0 || e2b_mcp__tok_str(r->body, &s->rtok[ci], code + 13, sizeof code - 14) <= 0 ||
        !e2b_mcp__charset(code + 13, 1, "_-.")) code[0] = 0;
    else { size_t n = strlen(code + 13); memcpy(code, " (error_code ", 13); memcpy(code + 13 + n, ")", 2); }
  }
  if (r->status == 429) {   /* Retry-After is honoured up to 10 minutes, so a wrong header cannot lock a tool for a day */
    long wait = r->retry_after > 0 ? (r->retry_after < 600 ? r->retry_after : 600) : 1;
    unsigned long now = e2b_mcp__now_ms(s);   /* 0: a custom port without a clock, no cool-down */
    *e2b_mcp__cooldown(s, c) = now ? now + (unsigned long)wait * 1000UL : 0;
    E2B_MCP__MET_INC(s, cooldowns);
    e2b_mcp_result_error(c, E2B_MCP__MSG_E2B_429,
                         code, msg[0] ? msg : "Too many requests", wait, c->tool->name, e2b_mcp__advice(429));
    return -1;
  }
  e2b_mcp_result_error(c, "E2B answered %d%s: %s. %s", r->status, code, msg[0] ? msg : "(no message)", e2b_mcp__advice(r->status));
  return -1;
}

/* Parses the answer's body into s->rtok; sets an error result on failure. */
static int e2b_mcp__parse_response(e2b_mcp_call *c, const e2b_mcp_response *r) {
  int n = e2b_mcp__parse(r->body, r->body_len, c->srv->rtok, E2B_MCP__COUNT(c->srv->rtok));
  size_t end = 0;
  if (n == JSMN_ERROR_NOMEM) {
    e2b_mcp_result_error(c, E2B_MCP__MSG_RESP_TOKENS, (int)E2B_MCP_RESP_TOKENS);
    return -1;
  }
  if (n == E2B_MCP__JSON_DEEP) {
    e2b_mcp_result_error(c, E2B_MCP__MSG_RESP_DEEP, (int)E2B_MCP__JSON_DEPTH);
    return -1;
  }
  if (n > 0) end = (size_t)c->srv->rtok[0].end + (c->srv->rtok[0].type == JSMN_STRING ? 1u : 0u);   /* past a string's quote */
  if (n <= 0 || !e2b_mcp__only_space(r->body + end, r->body_len - end)) {
    e2b_mcp_result_error(c, E2B_MCP__MSG_RESP_NOT_JSON, (unsigned long)r->body_len);
    return -1;
  }
  return 0;
}

/* ---- turning answers into results ---- */
/* Writes a JSON string token's body as a string, decoded and escaped again by
   this writer: what E2B escaped (\u0041, \/) comes out plainly, a surrogate
   pair as its UTF-8, a lone surrogate (\ud800, not text) as U+FFFD, control
   characters and invalid UTF-8 escaped. So every string that leaves is valid
   Unicode, and the API key has one spelling in the output (the redactor's). */
static void e2b_mcp__w_jstr(e2b_mcp_json *w, const char *s, size_t n) {
  size_t i = 0, from = 0;
  e2b_mcp__w_sep(w);
  e2b_mcp__w_c(w, '"');
  while (i < n) {
    char u[4];
    unsigned long cp;
    int h, lo;
    if (s[i] != '\\' || i + 1 >= n) { i++; continue; }
    e2b_mcp_json_escape(w, s + from, i - from);
    if (s[i + 1] == 'u' && i + 6 <= n && (h = e2b_mcp__hex4(s + i + 2)) >= 0) {
      cp = (unsigned long)h;
      i += 6;
      if (cp >= 0xD800 && cp <= 0xDBFF && i + 6 <= n && s[i] == '\\' && s[i + 1] == 'u' &&
          (lo = e2b_mcp__hex4(s + i + 2)) >= 0xDC00 && lo <= 0xDFFF) {
        cp = 0x10000 + ((cp - 0xD800) << 10) + ((unsigned long)lo - 0xDC00);
        i += 6;
      } else if (cp >= 0xD800 && cp <= 0xDFFF) cp = 0xFFFD;
    } else {
      switch (s[i + 1]) {
        case 'n': cp = '\n'; break; case 't': cp = '\t'; break; case 'r': cp = '\r'; break;
        case 'b': cp = '\b'; break; case 'f': cp = '\f'; break;
        default: cp = (unsigned char)s[i + 1]; break;   /* " \ / (the parser let no other through) */
      }
      i += 2;
    }
    from = i;
    if (cp < 0x80) { u[0] = (char)cp; e2b_mcp_json_escape(w, u, 1); continue; }
    if (cp < 0x800) { u[0] = (char)(0xC0 | (cp >> 6)); u[1] = (char)(0x80 | (cp & 0x3F)); h = 2; }
    else if (cp < 0x10000) { u[0] = (char)(0xE0 | (cp >> 12)); u[1] = (char)(0x80 | ((cp >> 6) & 0x3F)); u[2] = (char)(0x80 | (cp & 0x3F)); h = 3; }
    else {
      u[0] = (char)(0xF0 | (cp >> 18)); u[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
      u[2] = (char)(0x80 | ((cp >> 6) & 0x3F)); u[3] = (char)(0x80 | (cp & 0x3F)); h = 4;
    }
    e2b_mcp__w_put(w, u, (size_t)h);
  }
  e2b_mcp_json_escape(w, s + from, n - from);
  e2b_mcp__w_c(w, '"');
}
static void e2b_mcp__w_tokkey(e2b_mcp_json *w, const char *js, const jsmntok_t *t) {
  e2b_mcp__w_jstr(w, js + t->start, (size_t)(t->end - t->start));
  e2b_mcp__w_c(w, ':');
  w->after_key = 1;
}

/* Redaction: which keys never leave, and where values are replaced. */
enum { E2B_MCP__IN_RULES = 1, E2B_MCP__IN_VALUES = 2, E2B_MCP__IN_PROXY = 4, E2B_MCP__IN_SECRETS = 8 };
/* A key names name: compared decoded when it has an escape ("envd\u0041ccessToken"
   is the same key to a JSON reader), ignoring case, '_' and '-' (EnvdAccessToken,
   envd_access_token and ENVD-ACCESS-TOKEN are all the token to a reader). */
static int e2b_mcp__key_is(const char *js, const jsmntok_t *k, const char *name) {
  const char *p = js + k->start, *e = js + k->end;
  if (k->type != JSMN_STRING) return 0;
  while (p < e) {
    int a = (unsigned char)*p++, b;
    if (a == '\\') {   /* decoded on the way: only ASCII letters can match, anything else ends it */
      if (p >= e) return 0;
      if (*p == 'u') { if (e - p < 5 || (a = e2b_mcp__hex4(p + 1)) < 0) return 0; p += 5; }
      else a = *p++ == '/' ? '/' : 1;
    }
    if (a == '_' || a == '-') continue;
    while (*name == '_' || *name == '-') name++;
    b = (unsigned char)*name++;
    if (a >= 'A' && a <= 'Z') a += 'a' - 'A';
    if (b >= 'A' && b <= 'Z') b += 'a' - 'A';
    if (!b || a != b) return 0;
  }
  while (*name == '_' || *name == '-') name++;
  return *name == 0;
}
/* Members that never leave (their value would be the secret). */
static int e2b_mcp__secret_key(const char *js, const jsmntok_t *k) {
  static const char *const names[] = { "envdAccessToken", "trafficAccessToken", "accessToken", "password", "apiKey",
                                       "token", "secret", "awsSecretAccessKey", "serviceAccountJson" };
  int i;
  for (i = 0; i < E2B_MCP__COUNT(names); i++) if (e2b_mcp__key_is(js, k, names[i])) return 1;
  return 0;
}
/* Members whose names may be shown but none of whose values: environment
   variables (a key the user put into env_vars must not come back into a
   model's context), the MCP gateway's configuration. */
static int e2b_mcp__names_only_key(const char *js, const jsmntok_t *k) {
  return e2b_mcp__key_is(js, k, "envVars") || e2b_mcp__key_is(js, k, "envs") || e2b_mcp__key_is(js, k, "mcp");
}
static int e2b_mcp__copy(e2b_mcp_json *w, const char *js, const jsmntok_t *t, int i, int flags, int depth);
/* Copies one member (key at token i) of an object under flags, redacting as it
   goes, and returns the token after it. Secret members are left out. */
static int e2b_mcp__copy_member(e2b_mcp_json *w, const char *js, const jsmntok_t *t, int i, int flags, int depth) {
  const jsmntok_t *key = &t[i];
  int f = flags;
  if (e2b_mcp__secret_key(js, key)) return e2b_mcp__tok_skip(t, i + 1);
#if E2B_MCP_TOOL_LIST_SECRETS   /* a secret's record: E2B never sends its value, and were it to, it would not leave */
  if ((flags & E2B_MCP__IN_SECRETS) && depth <= 1 && (e2b_mcp__key_is(js, key, "value") || e2b_mcp__key_is(js, key, "values")))
    return e2b_mcp__tok_skip(t, i + 1);
#endif
  if (e2b_mcp__key_is(js, key, "rules")) f |= E2B_MCP__IN_RULES;
  if (((flags & E2B_MCP__IN_RULES) && e2b_mcp__key_is(js, key, "headers")) || e2b_mcp__names_only_key(js, key)) f |= E2B_MCP__IN_VALUES;
  if (e2b_mcp__key_is(js, key, "egressProxy")) f |= E2B_MCP__IN_PROXY;
  e2b_mcp__w_tokkey(w, js, key);
  if ((flags & E2B_MCP__IN_PROXY) && e2b_mcp__key_is(js, key, "username") && t[i + 1].type == JSMN_STRING) {
    e2b_mcp_json_str(w, "[redacted]");
    return i + 2;
  }
  return e2b_mcp__copy(w, js, t, i + 1, f, depth + 1);
}
/* Copies the value at token i (redacted) and returns the next token index. */
static int e2b_mcp__copy(e2b_mcp_json *w, const char *js, const jsmntok_t *t, int i, int flags, int depth) {
  int k, n = t[i].size;
  if (depth > 24) { w->err = E2B_MCP_ERR_TOO_LARGE; return e2b_mcp__tok_skip(t, i); }
  switch (t[i].type) {
    case JSMN_OBJECT:
      e2b_mcp_json_obj(w);
      for (i++, k = 0; k < n; k++) i = e2b_mcp__copy_member(w, js, t, i, flags, depth);
      e2b_mcp_json_obj_end(w);
      return i;
    case JSMN_ARRAY:
      e2b_mcp_json_arr(w);
      for (i++, k = 0; k < n; k++) i = e2b_mcp__copy(w, js, t, i, flags, depth + 1);
      e2b_mcp_json_arr_end(w);
      return i;
    case JSMN_STRING:
      if (flags & E2B_MCP__IN_VALUES) e2b_mcp_json_str(w, "[redacted]");
      else e2b_mcp__w_jstr(w, js + t[i].start, (size_t)(t[i].end - t[i].start));
      return i + 1;
    default:   /* null is no value to hide */
      if ((flags & E2B_MCP__IN_VALUES) && js[t[i].start] != 'n') e2b_mcp_json_str(w, "[redacted]");
      else e2b_mcp_json_raw(w, js + t[i].start, (size_t)(t[i].end - t[i].start));
      return i + 1;
  }
}
/* Copies the members of the object at obj (redacted), but skip, into the open object in w. */
E2B_MCP__UNUSED static void e2b_mcp__copy_members(e2b_mcp_json *w, const char *js, const jsmntok_t *t, int obj, const char *skip) {
  int i, k;
  if (obj < 0 || t[obj].type != JSMN_OBJECT) return;
  for (i = obj + 1, k = 0; k < t[obj].size; k++)
    i = skip && e2b_mcp__tok_eq(js, &t[i], skip) ? e2b_mcp__tok_skip(t, i + 1) : e2b_mcp__copy_member(w, js, t, i, 0, 0);
}
/* ---- the result budget: an answer a client can take ----
   A list is written item by item (a sandbox, a log entry, a template, a
   sample); the item that would take the result past cfg.result_budget, less
   the room its trailer needs (the continuation, the note, the counts), is left
   out with every one after it. So a result is never cut inside an item, nor
   inside a UTF-8 sequence (which lives inside one), and the JSON stays whole
   and valid against the tool's output schema (the note is one more member).
   At least one item is written, so following the continuation always moves
   on. The result is sent as structuredContent and as the same text, so its
   length in bytes bounds the text's characters. */
#define E2B_MCP__TRAILER_ROOM (E2B_MCP_NEXT_MAX + 480)
/* Writes items [skip, size) of the array at arr into w as a JSON array, as
   many as fit; returns how many, and in *left the token of the first one left
   out (-1: none was). */
E2B_MCP__UNUSED static int e2b_mcp__copy_page(e2b_mcp_call *c, e2b_mcp_json *w, const char *js, const jsmntok_t *t, int arr, int skip, int *left, int flags) {
  long room = c->srv->cfg.result_budget - (long)E2B_MCP__TRAILER_ROOM;
  int i, k, n = 0;
  *left = -1;
  e2b_mcp_json_arr(w);
  for (i = arr + 1, k = 0; k < t[arr].size; k++, i = e2b_mcp__tok_skip(t, i)) {
    e2b_mcp_json before = *w;
    if (k < skip) continue;
    e2b_mcp__copy(w, js, t, i, flags, 1);
    if (n > 0 && ((long)w->len > room || w->err)) { *w = before; *left = i; break; }
    n++;
  }
  e2b_mcp_json_arr_end(w);
  return n;
}
/* The note a cut result carries, in words a model can act on: how many items
   it holds of how many E2B sent, and how to read on. */
E2B_MCP__UNUSED static void e2b_mcp__cut_note(e2b_mcp_call *c, e2b_mcp_json *w, int shown, int of, const char *items, const char *how) {
  char note[400];
  e2b_mcp__fmt(note, sizeof note, E2B_MCP__MSG_CUT, shown, of, items, c->srv->cfg.result_budget, how);
  e2b_mcp_json_key(w, "note");
  e2b_mcp_json_str(w, note);
}
/* The nextToken value the request at rq sent ("" when none), decoded. */
E2B_MCP__UNUSED static void e2b_mcp__sent_token(const e2b_mcp__req *rq, char *out, size_t cap) {
  const char *p = rq->w.buf, *end = rq->w.buf + rq->w.len;
  size_t n = 0;
  while (p < end && *p != ' ') p++;   /* past the method; the target ends at the next space (the head, key and all, follows) */
  for (p++; p < end && *p != ' '; p++)
    if ((p[-1] == '?' || p[-1] == '&') && end - p > 10 && memcmp(p, "nextToken=", 10) == 0) break;
  if (p >= end || *p == ' ') p = end;   /* none was sent */
  else p += 10;
  for (; p < end && *p != ' ' && *p != '&' && n + 1 < cap; p++) {
    int h = -1;
    if (*p == '%' && end - p > 2) {
      char x[5];
      x[0] = '0'; x[1] = '0'; x[2] = p[1]; x[3] = p[2]; x[4] = 0;
      h = e2b_mcp__hex4(x);
    }
    if (h >= 0) { out[n++] = (char)h; p += 2; }
    else out[n++] = *p;
  }
  out[n < cap ? n : 0] = 0;
}
/* A paged list's continuation within one of E2B's pages, as its next_token:
   "~skip~limit~token" asks for E2B's page (token: the one that page was asked
   with, "" for the first) again with the same limit and leaves out the skip
   items already given (e2b_mcp__paging reads it back). E2B's tokens are
   base64url, without '~'. */
#define E2B_MCP__SKIP_MARK '~'
/* A paged list's members, into the open object w: "data" (the array at arr),
   "next_token", "total_running", and the note when the page was cut. */
E2B_MCP__UNUSED static void e2b_mcp__list_parts(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r, int arr, e2b_mcp_json *w, int flags) {
  const jsmntok_t *t = c->srv->rtok;
  int shown = 0, left = -1, skip = (int)rq->num;
  e2b_mcp_json_key(w, "data");
  if (arr >= 0 && t[arr].type == JSMN_ARRAY) shown = e2b_mcp__copy_page(c, w, r->body, t, arr, skip, &left, flags);
  else { e2b_mcp_json_arr(w); e2b_mcp_json_arr_end(w); }
  if (left >= 0) {
    char head[32], sent[E2B_MCP_NEXT_MAX];
    size_t hn = e2b_mcp__fmt(head, sizeof head, "%c%d%c%d%c", E2B_MCP__SKIP_MARK, skip + shown, E2B_MCP__SKIP_MARK, rq->flag,
                             E2B_MCP__SKIP_MARK);
    e2b_mcp__sent_token(rq, sent, sizeof sent);
    if (hn + strlen(sent) < E2B_MCP_NEXT_MAX - 1) {
      e2b_mcp_json_key(w, "next_token");
      e2b_mcp__w_sep(w);
      e2b_mcp__w_c(w, '"');
      e2b_mcp_json_escape(w, head, hn);
      e2b_mcp_json_escape(w, sent, strlen(sent));
      e2b_mcp__w_c(w, '"');
    } else left = -1;   /* no token this server could read back: the page goes whole */
  }
  if (left < 0 && r->next_token[0]) { e2b_mcp_json_key(w, "next_token"); e2b_mcp_json_str(w, r->next_token); }
  if (r->total_running >= 0) { e2b_mcp_json_key(w, "total_running"); e2b_mcp_json_int(w, r->total_running); }
  if (left >= 0)
    e2b_mcp__cut_note(c, w, shown, t[arr].size - skip, "items",
                      E2B_MCP__MSG_READ_ON_TOKEN);
}
/* A list result, {"data": <array at arr>, "next_token": …, "total_running": …}. */
E2B_MCP__UNUSED static void e2b_mcp__list_result(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r, int arr) {
  e2b_mcp_json *w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp__list_parts(c, rq, r, arr, w, 0);
  e2b_mcp_json_obj_end(w);
}

/* A JSON number in hundredths (12.345 -> 1234), without floating point. 0 on success. */
#if E2B_MCP_TOOL_GET_SANDBOX_METRICS || E2B_MCP_TOOL_GET_SANDBOXES_METRICS
static int e2b_mcp__parse_centi(const char *s, size_t n, long long *v) {
  size_t i = 0;
  long long x = 0;
  int neg = 0, frac = -1;
  if (i < n && s[i] == '-') { neg = 1; i++; }
  if (i == n) return -1;
  for (; i < n; i++) {
    if (s[i] == '.' && frac < 0) { frac = 0; continue; }
    if (s[i] < '0' || s[i] > '9' || x > 1000000000000LL) return -1;   /* exponents and the absurd are skipped */
    if (frac < 0) x = x * 10 + (s[i] - '0');
    else if (frac < 2) { x = x * 10 + (s[i] - '0'); frac++; }
  }
  if (frac < 0) frac = 0;
  while (frac++ < 2) x *= 10;
  *v = neg ? -x : x;
  return 0;
}
static void e2b_mcp__json_centi(e2b_mcp_json *w, long long v) {
  char b[40];
  unsigned long long a = v < 0 ? (unsigned long long)(-(v + 1)) + 1u : (unsigned long long)v;
  unsigned long d2 = e2b_mcp__divmod(&a, 10u), d1 = e2b_mcp__divmod(&a, 10u);
  e2b_mcp__fmt(b, sizeof b, "%s%llu.%lu%lu", v < 0 ? "-" : "", a, d1, d2);
  e2b_mcp_json_raw(w, b, strlen(b));
}
#endif

/* The metrics series, summed up so a model need not add up hundreds of samples:
   peak and average CPU (percent of the sandbox's vCPUs), peak memory and disk. */
#if E2B_MCP_TOOL_GET_SANDBOX_METRICS
static void e2b_mcp__metrics_summary(e2b_mcp_json *w, const char *js, const jsmntok_t *t, int arr) {
  static const char *const peaks[] = { "memUsed", "memTotal", "diskUsed", "diskTotal", "cpuCount" };
  long long cpu_max = 0, cpu_sum = 0, peak[5] = { 0, 0, 0, 0, 0 }, v, first = 0, last = 0;
  int i, k, f, n = 0;
  if (arr < 0 || t[arr].type != JSMN_ARRAY) return;
  for (i = arr + 1, k = 0; k < t[arr].size; k++, i = e2b_mcp__tok_skip(t, i)) {
    int cpu = e2b_mcp__tok_get(js, t, i, "cpuUsedPct"), ts = e2b_mcp__tok_get(js, t, i, "timestampUnix");
    if (cpu < 0 || t[cpu].type != JSMN_PRIMITIVE ||
        e2b_mcp__parse_centi(js + t[cpu].start, (size_t)(t[cpu].end - t[cpu].start), &v) != 0) continue;
    n++;
    cpu_sum += v;
    if (v > cpu_max) cpu_max = v;
    for (f = 0; f < 5; f++) {
      int m = e2b_mcp__tok_get(js, t, i, peaks[f]);
      long long x;
      if (m >= 0 && e2b_mcp__tok_int(js, &t[m], &x) == 0 && x > peak[f]) peak[f] = x;
    }
    if (ts >= 0 && e2b_mcp__tok_int(js, &t[ts], &v) == 0) { if (!first || v < first) first = v; if (v > last) last = v; }
  }
  if (!n) return;
  e2b_mcp_json_key(w, "summary");
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "samples"); e2b_mcp_json_int(w, n);
  if (first) { e2b_mcp_json_key(w, "from"); e2b_mcp_json_int(w, first); e2b_mcp_json_key(w, "to"); e2b_mcp_json_int(w, last); }
  e2b_mcp_json_key(w, "cpuUsedPctMax"); e2b_mcp__json_centi(w, cpu_max);
  {   /* cpu_sum / n, truncated toward zero, without a 64-bit division */
    unsigned long long a = cpu_sum < 0 ? 0u - (unsigned long long)cpu_sum : (unsigned long long)cpu_sum;
    e2b_mcp__divmod(&a, (unsigned long)n);
    e2b_mcp_json_key(w, "cpuUsedPctAvg"); e2b_mcp__json_centi(w, cpu_sum < 0 ? -(long long)a : (long long)a);
  }
  for (f = 0; f < 5; f++) {
    static const char *const names[] = { "memUsedMax", "memTotal", "diskUsedMax", "diskTotal", "cpuCount" };
    e2b_mcp_json_key(w, names[f]); e2b_mcp_json_int(w, peak[f]);
  }
  e2b_mcp_json_obj_end(w);
}
#endif

/* RFC 3339 time -> Unix milliseconds (for log cursors). 0 on success. */
#if E2B_MCP_TOOL_GET_SANDBOX_LOGS
static int e2b_mcp__rfc3339_ms(const char *s, size_t n, long long *ms, int round_up) {
  long long y, mo, d, h, mi, sec, frac = 0, off = 0, days;
  size_t i = 19;
  int digits = 0, finer = 0;   /* finer: a nonzero digit below the millisecond */
  if (n < 20 || s[4] != '-' || s[7] != '-' || (s[10] != 'T' && s[10] != 't' && s[10] != ' ') || s[13] != ':' || s[16] != ':') return -1;
  if (e2b_mcp__parse_ll(s, 4, &y) || e2b_mcp__parse_ll(s + 5, 2, &mo) || e2b_mcp__parse_ll(s + 8, 2, &d) ||
      e2b_mcp__parse_ll(s + 11, 2, &h) || e2b_mcp__parse_ll(s + 14, 2, &mi) || e2b_mcp__parse_ll(s + 17, 2, &sec)) return -1;
  if (s[i] == '.') {
    for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++)
      if (digits < 3) { frac = frac * 10 + (s[i] - '0'); digits++; }
      else finer |= s[i] != '0';
    while (digits < 3) { frac *= 10; digits++; }
  }
  if (i < n && (s[i] == '+' || s[i] == '-') && i + 6 <= n) {
    long long oh, om;
    if (e2b_mcp__parse_ll(s + i + 1, 2, &oh) || e2b_mcp__parse_ll(s + i + 4, 2, &om)) return -1;
    off = (oh * 60 + om) * 60 * (s[i] == '-' ? -1 : 1);
  } else if (i >= n || (s[i] != 'Z' && s[i] != 'z')) return -1;
  /* days from civil (proleptic Gregorian), 1970-01-01 = 0 */
  y -= mo <= 2;
  {
    /* four digits of year: long is wide enough, and no 64-bit division is linked */
    long yl = (long)y, ml = (long)mo, era = (yl >= 0 ? yl : yl - 399) / 400, yoe = yl - era * 400;
    long doy = (153 * (ml + (ml > 2 ? -3 : 9)) + 2) / 5 + (long)d - 1;
    long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    days = (long long)era * 146097 + doe - 719468;
  }
  *ms = ((days * 86400 + h * 3600 + mi * 60 + sec) - off) * 1000 + frac + (round_up && finer);
  return 0;
}
#endif

/* The request helpers the build phases share. A request on the API or the
   Dashboard API: "METHOD prefix/path". */
static void e2b_mcp__req_on(e2b_mcp__req *rq, const char *method, const e2b_mcp_url *base) {
  e2b_mcp__req_begin(rq, method, base);
}
/* A request on one sandbox: METHOD /sandboxes/{id}[action]. */
E2B_MCP__UNUSED static void e2b_mcp__req_sandbox(e2b_mcp_call *c, e2b_mcp__req *rq, const char *method, const char *id, const char *action) {
  e2b_mcp__req_on(rq, method, &c->srv->api);
  e2b_mcp__req_lit(rq, "/sandboxes/");
  e2b_mcp__req_seg(rq, id);
  if (action) e2b_mcp__req_lit(rq, action);
}
/* Starts the request's JSON body (an open object; the build phase closes it)
   in the slot's answer buffer, which is free until the answer. */
static e2b_mcp_json *e2b_mcp__req_body(e2b_mcp__req *rq) {
  e2b_mcp_json_init(&rq->body, rq->body_buf, rq->body_cap);
  e2b_mcp_json_obj(&rq->body);
  return &rq->body;
}

/* The consent question: at the end of the slot's answer buffer, past the
   request body's room, where it waits for the user's answer untouched. */
#if E2B_MCP_WITH_CONSENT
static void e2b_mcp__ask(e2b_mcp__req *rq, const char *fmt, ...) {
  va_list ap;
  char *q = rq->body_buf + rq->body_cap;
  va_start(ap, fmt);
  e2b_mcp__vfmt(q, E2B_MCP__ASK_MAX, fmt, ap);
  va_end(ap);
  rq->ask = q;
}
#else   /* E2B_MCP_WITH_CONSENT 0: no question, so none is written (nor its text built in) */
#  define e2b_mcp__ask(...) ((void)0)
#endif

/* ---- the same, public: a custom tool's two phases ---- */
E2B_MCP_DEF int e2b_mcp_request_start(e2b_mcp_call *c, e2b_mcp_request *rq, const char *method, const char *path) {
  const char *p;
  if (!method || !*method || strlen(method) > 7 || !path || path[0] != '/') return -1;
  for (p = method; *p; p++) if (*p < 'A' || *p > 'Z') return -1;
  for (p = path; *p; p++) if ((unsigned char)*p <= ' ' || *p == 0x7f || *p == '?' || *p == '#') return -1;
  e2b_mcp__req_on(rq, method, &c->srv->api);
  e2b_mcp__req_lit(rq, path);
  return 0;
}
/* A segment is a value, never a step up or aside: "", "." and ".." are
   refused, as is a segment after the query began; -1 leaves the request as it was. */
E2B_MCP_DEF int e2b_mcp_request_segment(e2b_mcp_request *rq, const char *value) {
  if (!value || !*value || e2b_mcp__streq(value, ".") || e2b_mcp__streq(value, "..") || rq->has_query || !rq->w.len) return -1;
  e2b_mcp__w_c(&rq->w, '/');
  e2b_mcp__req_seg(rq, value);
  return 0;
}
E2B_MCP_DEF int e2b_mcp_request_query(e2b_mcp_request *rq, const char *key, const char *value) {
  if (!key || !*key || !value || !rq->w.len) return -1;
  e2b_mcp__w_c(&rq->w, rq->has_query ? '&' : '?');
  rq->has_query = 1;
  e2b_mcp__pct(&rq->w, key, strlen(key));
  e2b_mcp__w_c(&rq->w, '=');
  e2b_mcp__pct(&rq->w, value, strlen(value));
  return 0;
}
E2B_MCP_DEF e2b_mcp_json *e2b_mcp_request_body(e2b_mcp_request *rq) { return e2b_mcp__req_body(rq); }
E2B_MCP_DEF void e2b_mcp_request_ask(e2b_mcp_request *rq, const char *question) { e2b_mcp__ask(rq, "%s", question); (void)rq; (void)question; }
E2B_MCP_DEF const jsmntok_t *e2b_mcp_response_json(e2b_mcp_call *c, const e2b_mcp_response *r) {
  return e2b_mcp__parse_response(c, r) == 0 ? c->srv->rtok : NULL;
}

/* Limit and next_token, shared by the paged lists. A next_token of this server's own (a page cut by the result budget, see
   e2b_mcp__list_parts) asks for the same E2B page with the same limit,
   leaving out what was given (rq->num items); rq->flag is the page's limit. */
E2B_MCP__UNUSED static int e2b_mcp__paging(e2b_mcp_call *c, e2b_mcp__req *rq, long long lo_limit, long long def_limit) {
  long long limit, skip = 0;
  char next[E2B_MCP_NEXT_MAX], *tok = next;
  int r = e2b_mcp__want_int(c, "limit", &limit, def_limit, lo_limit, 100);
  if (r < 0 || e2b_mcp__want_str(c, "next_token", next, sizeof next, 0) < 0) return -1;
  if (r == 0 && def_limit > 0) { limit = def_limit; r = 1; }   /* a page that fits (E2B_MCP_PAGE_LIMIT) */
  if (next[0] == E2B_MCP__SKIP_MARK) {
    char *a = next + 1, *b = e2b_mcp__strchr(a, E2B_MCP__SKIP_MARK), *e = b ? e2b_mcp__strchr(b + 1, E2B_MCP__SKIP_MARK) : NULL;
    if (!e || e2b_mcp__parse_ll(a, (size_t)(b - a), &skip) || e2b_mcp__parse_ll(b + 1, (size_t)(e - b - 1), &limit) ||
        skip < 1 || skip > 100 || limit < 0 || limit > 100)
      return e2b_mcp__bad(c, "next_token", E2B_MCP__MSG_BAD_NEXT_TOKEN);
    tok = e + 1;
    r = limit > 0;   /* 0: the page was asked without a limit (E2B's default) */
  }
  if (r > 0) e2b_mcp__req_qint(rq, "limit", limit);
  if (tok[0]) e2b_mcp__req_q(rq, "nextToken", tok);
  rq->num = skip;
  rq->flag = r > 0 ? (int)limit : 0;
  return 0;
}

/* The parsed answer's tokens (s->rtok over r->body), or NULL with the error
   result set: also when the answer is not the kind of value the API documents
   for the call (want: JSMN_OBJECT or JSMN_ARRAY). An answer this server cannot
   read is an error that says so, never an empty result: "{}" read as an empty
   list would tell a model that nothing runs while sandboxes bill. */
E2B_MCP__UNUSED static const jsmntok_t *e2b_mcp__response_json(e2b_mcp_call *c, const e2b_mcp_response *r, int want) {
  const jsmntok_t *t;
  if (e2b_mcp__parse_response(c, r)) return NULL;
  t = c->srv->rtok;
  if (t[0].type != (jsmntype_t)want) {
    e2b_mcp_result_error(c, E2B_MCP__MSG_RESP_KIND,
                         want == JSMN_ARRAY ? "array" : "object");
    return NULL;
  }
  return t;
}
/* The array member key of the answer's top object, or -1 with the error result set. */
E2B_MCP__UNUSED static int e2b_mcp__response_list(e2b_mcp_call *c, const e2b_mcp_response *r, const jsmntok_t *t, const char *key) {
  int i = e2b_mcp__tok_get(r->body, t, 0, key);
  if (i < 0 || t[i].type != JSMN_ARRAY) {
    e2b_mcp_result_error(c, E2B_MCP__MSG_RESP_NO_LIST, key);
    return -1;
  }
  return i;
}

/* A 204 answer's result: {"sandboxID": id, <key>: <value>}. */
E2B_MCP__UNUSED static void e2b_mcp__done(e2b_mcp_call *c, const char *id, const char *key, const char *str, long long num) {
  e2b_mcp_json *w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "sandboxID"); e2b_mcp_json_str(w, id);
  e2b_mcp_json_key(w, key);
  if (str) e2b_mcp_json_str(w, str); else e2b_mcp_json_int(w, num);
  e2b_mcp_json_obj_end(w);
}

/* ---- the two phases of each tool, in the table's order ---- */

#if E2B_MCP_TOOL_LIST_SANDBOXES
static int e2b_mcp__build_list_sandboxes(e2b_mcp_call *c, e2b_mcp__req *rq) {
  static const char *const orders[] = { "desc", "asc" };
  e2b_mcp_json q;
  char tmpl[E2B_MCP_ARG_MAX / 2], after[64], meta[E2B_MCP_ARG_MAX * 3], order[8];
  int st = e2b_mcp_arg_token(c, "state"), i, k, mr;
  int want_running = 0, want_paused = 0;
  if (st >= 0) {
    if (c->tok[st].type != JSMN_ARRAY) return e2b_mcp__bad(c, "state", "expected an array of \"running\" and/or \"paused\"");
    for (i = st + 1, k = 0; k < c->tok[st].size; k++, i = e2b_mcp__tok_skip(c->tok, i)) {
      if (e2b_mcp__tok_eq(c->js, &c->tok[i], "running")) want_running = 1;
      else if (e2b_mcp__tok_eq(c->js, &c->tok[i], "paused")) want_paused = 1;
      else return e2b_mcp__bad(c, "state", "expected an array of \"running\" and/or \"paused\"");
    }
  }
  if (e2b_mcp__want_str(c, "template", tmpl, sizeof tmpl, 0) < 0 || e2b_mcp__want_time(c, "started_after", after, sizeof after) < 0 ||
      e2b_mcp__want_enum(c, "order", order, sizeof order, orders, 2) < 0) return -1;
  e2b_mcp_json_init(&q, meta, sizeof meta);
  if ((mr = e2b_mcp__want_metadata_query(c, &q)) < 0) return -1;
  e2b_mcp__req_on(rq, "GET", &c->srv->api);
  e2b_mcp__req_lit(rq, "/v2/sandboxes");
  if (want_running || want_paused) {   /* form style, explode=false, as E2B's SDKs send it: the comma stays literal */
    e2b_mcp__req_qkey(rq, "state");
    e2b_mcp__req_lit(rq, want_running && want_paused ? "running,paused" : want_running ? "running" : "paused");
  }
  if (tmpl[0]) e2b_mcp__req_q(rq, "template", tmpl);
  if (mr > 0) { e2b_mcp__req_qkey(rq, "metadata"); e2b_mcp__pct(&rq->w, meta, q.len); }
  if (after[0]) e2b_mcp__req_q(rq, "startedAfter", after);
  if (order[0]) e2b_mcp__req_q(rq, "order", order);
  return e2b_mcp__paging(c, rq, 1, E2B_MCP_PAGE_LIMIT);
}
static void e2b_mcp__shape_list_sandboxes(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  if (e2b_mcp__response_json(c, r, JSMN_ARRAY)) e2b_mcp__list_result(c, rq, r, 0);
}
#endif

#if E2B_MCP_TOOL_GET_SANDBOX
static int e2b_mcp__build_get_sandbox(e2b_mcp_call *c, e2b_mcp__req *rq) {
  if (e2b_mcp__want_id(c, "sandbox_id", rq->id, sizeof rq->id, 1) < 0) return -1;
  e2b_mcp__req_sandbox(c, rq, "GET", rq->id, NULL);
  return 0;
}
static void e2b_mcp__shape_get_sandbox(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  const jsmntok_t *t = e2b_mcp__response_json(c, r, JSMN_OBJECT);   /* structuredContent must be an object (found by fuzzing) */
  (void)rq;
  if (!t) return;
  e2b_mcp__copy(e2b_mcp_result_json(c), r->body, t, 0, 0, 0);
}
#endif

/* POST /v2/sandboxes (NewSandboxV2), the body as E2B's SDK writes it: every
   v2 sandbox is secured, and what was not asked for is left to E2B's defaults. */
#if E2B_MCP_TOOL_CREATE_SANDBOX
static int e2b_mcp__build_create_sandbox(e2b_mcp_call *c, e2b_mcp__req *rq) {
  static const char dest[] = E2B_MCP__MSG_BAD_DEST;
  e2b_mcp_json *b;
  char tmpl[128];
  long long timeout;
  int auto_pause, apm, resume, net, has_ap, has_apm, has_resume, has_net, has_egress;
  if (e2b_mcp__want_template_ref(c, "template_id", tmpl, sizeof tmpl) < 0 ||
      e2b_mcp__want_int(c, "timeout", &timeout, 300, 1, E2B_MCP_MAX_TIMEOUT_S) < 0 ||
      (has_ap = e2b_mcp__want_bool(c, "auto_pause", &auto_pause, 0)) < 0 ||
      (has_apm = e2b_mcp__want_bool(c, "auto_pause_memory", &apm, 1)) < 0 ||
      (has_resume = e2b_mcp__want_bool(c, "auto_resume", &resume, 0)) < 0 ||
      (has_net = e2b_mcp__want_bool(c, "allow_internet_access", &net, 1)) < 0) return -1;
  /* the SDK's own rules, so the user is not asked to pay for a call E2B refuses */
  if (has_apm > 0 && !auto_pause) return e2b_mcp__bad(c, "auto_pause_memory", "it applies only with auto_pause: true");
  if (resume && !auto_pause) return e2b_mcp__bad(c, "auto_resume", "it applies only with auto_pause: true");
  if (resume && !apm) return e2b_mcp__bad(c, "auto_resume", E2B_MCP__MSG_NO_RESUME);
  if (!tmpl[0]) memcpy(tmpl, "base", 5);
  b = e2b_mcp__req_body(rq);
  e2b_mcp_json_key(b, "templateID"); e2b_mcp_json_str(b, tmpl);
  e2b_mcp_json_key(b, "timeout"); e2b_mcp_json_int(b, timeout);
  if (has_ap > 0) { e2b_mcp_json_key(b, "autoPause"); e2b_mcp_json_bool(b, auto_pause); }
  if (has_apm > 0) { e2b_mcp_json_key(b, "autoPauseMemory"); e2b_mcp_json_bool(b, apm); }
  if (has_resume > 0) {
    e2b_mcp_json_key(b, "autoResume"); e2b_mcp_json_obj(b);
    e2b_mcp_json_key(b, "enabled"); e2b_mcp_json_bool(b, resume); e2b_mcp_json_obj_end(b);
  }
  if (has_net > 0) { e2b_mcp_json_key(b, "allow_internet_access"); e2b_mcp_json_bool(b, net); }
  if (e2b_mcp__want_str_map(c, "metadata", b, "metadata") < 0 || e2b_mcp__want_str_map(c, "env_vars", b, "envVars") < 0) return -1;
  has_egress = e2b_mcp_arg_token(c, "allow_out") >= 0 || e2b_mcp_arg_token(c, "deny_out") >= 0 ||
               e2b_mcp_arg_token(c, "https_ports") >= 0;
  if (has_egress) {
    e2b_mcp_json_key(b, "network");
    e2b_mcp_json_obj(b);
    if (e2b_mcp__want_str_list(c, "allow_out", b, "allowOut", dest) < 0 || e2b_mcp__want_str_list(c, "deny_out", b, "denyOut", dest) < 0 ||
        e2b_mcp__want_port_list(c, "https_ports", b, "httpsPorts") < 0) return -1;
    e2b_mcp_json_obj_end(b);
  }
  if (e2b_mcp__want_mounts(c, b) < 0) return -1;
  e2b_mcp_json_obj_end(b);
  e2b_mcp__req_on(rq, "POST", &c->srv->api);
  e2b_mcp__req_lit(rq, "/v2/sandboxes");
  rq->num = timeout;
  e2b_mcp__ask(rq, E2B_MCP__MSG_ASK_CREATE, tmpl, timeout, auto_pause ? " (then paused)" : "");
  return 0;
}
static void e2b_mcp__shape_create_sandbox(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  const jsmntok_t *t = e2b_mcp__response_json(c, r, JSMN_OBJECT);
  e2b_mcp_json *w;
  if (!t) return;
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp__copy_members(w, r->body, t, 0, NULL);
  e2b_mcp_json_key(w, "timeout"); e2b_mcp_json_int(w, rq->num);
  e2b_mcp_json_obj_end(w);
}
#endif

#if E2B_MCP_TOOL_GET_SANDBOX_LOGS
static int e2b_mcp__build_get_sandbox_logs(e2b_mcp_call *c, e2b_mcp__req *rq) {
  static const char *const dirs[] = { "forward", "backward" };
  static const char *const levels[] = { "debug", "info", "warn", "error" };
  char dir[16], level[16], search[E2B_MCP_ARG_MAX + 1];
  long long limit, cursor;
  int has_cursor;
  if (e2b_mcp__want_id(c, "sandbox_id", rq->id, sizeof rq->id, 1) < 0 ||
      e2b_mcp__want_int(c, "limit", &limit, E2B_MCP_LOG_LIMIT, 1, 1000) < 0 ||
      (has_cursor = e2b_mcp__want_int(c, "cursor", &cursor, 0, 0, 4102444800000LL)) < 0 ||
      e2b_mcp__want_enum(c, "direction", dir, sizeof dir, dirs, 2) < 0 ||
      e2b_mcp__want_enum(c, "level", level, sizeof level, levels, 4) < 0 ||
      e2b_mcp__want_str(c, "search", search, sizeof search, 0) < 0) return -1;
  if (strlen(search) > 256) return e2b_mcp__bad(c, "search", "at most 256 characters");
  e2b_mcp__req_on(rq, "GET", &c->srv->api);
  e2b_mcp__req_lit(rq, "/v2/sandboxes/"); e2b_mcp__req_seg(rq, rq->id); e2b_mcp__req_lit(rq, "/logs");
  e2b_mcp__req_qint(rq, "limit", limit);
  if (has_cursor > 0) e2b_mcp__req_qint(rq, "cursor", cursor);
  if (dir[0]) e2b_mcp__req_q(rq, "direction", dir);
  if (level[0]) e2b_mcp__req_q(rq, "level", level);
  if (search[0]) e2b_mcp__req_q(rq, "search", search);
  rq->num = limit;
  rq->flag = e2b_mcp__streq(dir, "forward");
  return 0;
}
static void e2b_mcp__shape_get_sandbox_logs(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  const jsmntok_t *t = e2b_mcp__response_json(c, r, JSMN_OBJECT);
  e2b_mcp_json *w;
  long long ms;
  int logs, n, shown, left;
  if (!t || (logs = e2b_mcp__response_list(c, r, t, "logs")) < 0) return;
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "data");
  shown = e2b_mcp__copy_page(c, w, r->body, t, logs, 0, &left, 0);
  n = t[logs].size;
  if (left >= 0 || (n > 0 && n >= rq->num)) {   /* cut, or a full page: where the next one starts */
    int i = left, k, ts;
    /* cut: at the first entry left out, so none is given twice unless entries
       share its millisecond; a full page: at the last entry. E2B's window
       includes the cursor's millisecond; log times go below it, so going
       backward the next page starts at the millisecond after (an entry may
       repeat, none is skipped) */
    if (i < 0) for (i = logs + 1, k = 0; k < n - 1; k++) i = e2b_mcp__tok_skip(t, i);
    ts = e2b_mcp__tok_get(r->body, t, i, "timestamp");
    if (ts >= 0 && t[ts].type == JSMN_STRING &&
        e2b_mcp__rfc3339_ms(r->body + t[ts].start, (size_t)(t[ts].end - t[ts].start), &ms, !rq->flag) == 0) {
      e2b_mcp_json_key(w, "next_cursor"); e2b_mcp_json_int(w, ms);
    } else left = -1;
  }
  if (left >= 0)
    e2b_mcp__cut_note(c, w, shown, n, "log entries", E2B_MCP__MSG_READ_ON_CURSOR);
  e2b_mcp_json_obj_end(w);
}
#endif

#if E2B_MCP_TOOL_GET_SANDBOX_METRICS
static int e2b_mcp__build_get_sandbox_metrics(e2b_mcp_call *c, e2b_mcp__req *rq) {
  long long start, end;
  int hs, he;
  if (e2b_mcp__want_id(c, "sandbox_id", rq->id, sizeof rq->id, 1) < 0 ||
      (hs = e2b_mcp__want_int(c, "start", &start, 0, 0, 4102444800LL)) < 0 ||
      (he = e2b_mcp__want_int(c, "end", &end, 0, 0, 4102444800LL)) < 0) return -1;
  if (hs > 0 && he > 0 && start > end) return e2b_mcp__bad(c, "start", "start must not be after end");
  e2b_mcp__req_sandbox(c, rq, "GET", rq->id, "/metrics");
  if (hs > 0) e2b_mcp__req_qint(rq, "start", start);
  if (he > 0) e2b_mcp__req_qint(rq, "end", end);
  return 0;
}
static void e2b_mcp__shape_get_sandbox_metrics(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  const jsmntok_t *t = e2b_mcp__response_json(c, r, JSMN_ARRAY);
  e2b_mcp_json *w;
  int shown, left, ts;
  long long next;
  (void)rq;
  if (!t) return;
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "data");
  shown = e2b_mcp__copy_page(c, w, r->body, t, 0, 0, &left, 0);
  /* cut: the next range starts at the first sample left out */
  ts = left >= 0 ? e2b_mcp__tok_get(r->body, t, left, "timestampUnix") : -1;
  if (ts >= 0 && e2b_mcp__tok_int(r->body, &t[ts], &next) == 0) { e2b_mcp_json_key(w, "next_start"); e2b_mcp_json_int(w, next); }
  else left = -1;
  e2b_mcp__metrics_summary(w, r->body, t, 0);
  if (left >= 0)
    e2b_mcp__cut_note(c, w, shown, t[0].size, "samples", E2B_MCP__MSG_READ_ON_START);
  e2b_mcp_json_obj_end(w);
}
#endif

#if E2B_MCP_TOOL_SET_SANDBOX_TIMEOUT
static int e2b_mcp__build_set_sandbox_timeout(e2b_mcp_call *c, e2b_mcp__req *rq) {
  e2b_mcp_json *b;
  long long timeout;
  int ht;
  if (e2b_mcp__want_id(c, "sandbox_id", rq->id, sizeof rq->id, 1) < 0 ||
      (ht = e2b_mcp__want_int(c, "timeout", &timeout, 0, 1, E2B_MCP_MAX_TIMEOUT_S)) < 0) return -1;
  if (ht == 0) return e2b_mcp__bad(c, "timeout", "it is required (seconds from now)");
  e2b_mcp__req_sandbox(c, rq, "POST", rq->id, "/timeout");
  rq->idempotent = 1;   /* sets the end time; repeating it changes nothing */
  b = e2b_mcp__req_body(rq);
  e2b_mcp_json_key(b, "timeout"); e2b_mcp_json_int(b, timeout); e2b_mcp_json_obj_end(b);
  rq->num = timeout;
  e2b_mcp__ask(rq, E2B_MCP__MSG_ASK_TIMEOUT, rq->id, timeout);
  return 0;
}
static void e2b_mcp__shape_set_sandbox_timeout(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  (void)r;
  e2b_mcp__done(c, rq->id, "timeout", NULL, rq->num);
}
#endif

#if E2B_MCP_TOOL_PAUSE_SANDBOX
static int e2b_mcp__build_pause_sandbox(e2b_mcp_call *c, e2b_mcp__req *rq) {
  e2b_mcp_json *b;
  int memory;
  if (e2b_mcp__want_id(c, "sandbox_id", rq->id, sizeof rq->id, 1) < 0 || e2b_mcp__want_bool(c, "memory", &memory, 1) < 0) return -1;
  e2b_mcp__req_sandbox(c, rq, "POST", rq->id, "/pause");
  b = e2b_mcp__req_body(rq);
  e2b_mcp_json_key(b, "memory"); e2b_mcp_json_bool(b, memory); e2b_mcp_json_obj_end(b);
  return 0;
}
static void e2b_mcp__shape_pause_sandbox(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  (void)r;
  e2b_mcp__done(c, rq->id, "state", "paused", 0);
}
#endif

#if E2B_MCP_TOOL_RESUME_SANDBOX
static int e2b_mcp__build_resume_sandbox(e2b_mcp_call *c, e2b_mcp__req *rq) {
  e2b_mcp_json *b;
  long long timeout;
  if (e2b_mcp__want_id(c, "sandbox_id", rq->id, sizeof rq->id, 1) < 0 ||
      e2b_mcp__want_int(c, "timeout", &timeout, 300, 1, E2B_MCP_MAX_TIMEOUT_S) < 0) return -1;
  e2b_mcp__req_on(rq, "POST", &c->srv->api);   /* POST /v2/sandboxes/{id}/connect (ConnectSandboxV2) */
  e2b_mcp__req_lit(rq, "/v2/sandboxes/"); e2b_mcp__req_seg(rq, rq->id); e2b_mcp__req_lit(rq, "/connect");
  rq->idempotent = 1;   /* resumes or extends; never shortens */
  b = e2b_mcp__req_body(rq);
  e2b_mcp_json_key(b, "timeout"); e2b_mcp_json_int(b, timeout); e2b_mcp_json_obj_end(b);
  e2b_mcp__ask(rq, E2B_MCP__MSG_ASK_RESUME, rq->id, timeout);
  return 0;
}
static void e2b_mcp__shape_resume_sandbox(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  const jsmntok_t *t = e2b_mcp__response_json(c, r, JSMN_OBJECT);
  e2b_mcp_json *w;
  (void)rq;
  if (!t) return;
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp__copy_members(w, r->body, t, 0, NULL);
  e2b_mcp_json_key(w, "resumed"); e2b_mcp_json_bool(w, r->status == 201);
  e2b_mcp_json_obj_end(w);
}
#endif

#if E2B_MCP_TOOL_LIST_SNAPSHOTS
static int e2b_mcp__build_list_snapshots(e2b_mcp_call *c, e2b_mcp__req *rq) {
  char name[E2B_MCP_ARG_MAX / 2];
  int hid;
  if ((hid = e2b_mcp__want_id(c, "sandbox_id", rq->id, sizeof rq->id, 0)) < 0 || e2b_mcp__want_str(c, "name", name, sizeof name, 0) < 0) return -1;
  e2b_mcp__req_on(rq, "GET", &c->srv->api);
  e2b_mcp__req_lit(rq, "/snapshots");
  if (hid > 0) e2b_mcp__req_q(rq, "sandboxID", rq->id);
  if (name[0]) e2b_mcp__req_q(rq, "name", name);
  return e2b_mcp__paging(c, rq, 1, E2B_MCP_PAGE_LIMIT);
}
static void e2b_mcp__shape_list_snapshots(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  if (e2b_mcp__response_json(c, r, JSMN_ARRAY)) e2b_mcp__list_result(c, rq, r, 0);
}
#endif

#if E2B_MCP_TOOL_LIST_DEFAULT_TEMPLATES
static int e2b_mcp__build_list_default_templates(e2b_mcp_call *c, e2b_mcp__req *rq) {
  if (e2b_mcp__want_template_ref(c, "template", rq->id, sizeof rq->id) < 0) return -1;   /* kept for the shape */
  e2b_mcp__req_on(rq, "GET", &c->srv->dash);
  e2b_mcp__req_lit(rq, "/templates/defaults");
  return 0;
}
/* 1 when the default template at obj is want (before any ":tag"): its ID, an
   alias, or namespace/alias. */
static int e2b_mcp__default_template_is(const char *js, const jsmntok_t *t, int obj, const char *want) {
  size_t wn = strcspn(want, ":");
  int id = e2b_mcp__tok_get(js, t, obj, "id"), al = e2b_mcp__tok_get(js, t, obj, "aliases"), a, n;
  if (id >= 0 && t[id].type == JSMN_STRING && (size_t)(t[id].end - t[id].start) == wn && memcmp(js + t[id].start, want, wn) == 0) return 1;
  for (a = al + 1, n = 0; al >= 0 && t[al].type == JSMN_ARRAY && n < t[al].size; n++, a = e2b_mcp__tok_skip(t, a)) {
    int an = t[a].type == JSMN_STRING ? a : e2b_mcp__tok_get(js, t, a, "alias"), ns = e2b_mcp__tok_get(js, t, a, "namespace");
    size_t l1, l2;
    if (an < 0 || t[an].type != JSMN_STRING) continue;
    l2 = (size_t)(t[an].end - t[an].start);
    if (l2 == wn && memcmp(js + t[an].start, want, wn) == 0) return 1;
    if (ns < 0 || t[ns].type != JSMN_STRING) continue;
    l1 = (size_t)(t[ns].end - t[ns].start);
    if (l1 + 1 + l2 == wn && memcmp(js + t[ns].start, want, l1) == 0 && want[l1] == '/' &&
        memcmp(js + t[an].start, want + l1 + 1, l2) == 0) return 1;
  }
  return 0;
}
/* The Dashboard API's default templates, renamed to the public API's fields;
   only the one asked for when the call names a template. */
static void e2b_mcp__shape_list_default_templates(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  static const char *const from[] = { "id", "buildId", "vcpu", "ramMb", "totalDiskSizeMb" };
  static const char *const to[] = { "templateID", "buildID", "cpuCount", "memoryMB", "diskSizeMB" };
  const jsmntok_t *t = e2b_mcp__response_json(c, r, JSMN_OBJECT);
  const char *js = r->body;
  e2b_mcp_json *w;
  int arr, i, k, m, j;
  if (!t || (arr = e2b_mcp__response_list(c, r, t, "templates")) < 0) return;
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "data");
  e2b_mcp_json_arr(w);
  for (i = arr + 1, k = 0; k < t[arr].size; k++, i = e2b_mcp__tok_skip(t, i)) {
    int obj = i, al = e2b_mcp__tok_get(js, t, obj, "aliases");
    if (t[obj].type != JSMN_OBJECT || (rq->id[0] && !e2b_mcp__default_template_is(js, t, obj, rq->id))) continue;
    e2b_mcp_json_obj(w);
    for (j = obj + 1, m = 0; m < t[obj].size; m++, j = e2b_mcp__tok_skip(t, j + 1)) {
      int f, renamed = 0;
      if (e2b_mcp__secret_key(js, &t[j]) || e2b_mcp__tok_eq(js, &t[j], "aliases")) continue;
      for (f = 0; f < E2B_MCP__COUNT(from); f++)
        if (e2b_mcp__tok_eq(js, &t[j], from[f])) { e2b_mcp_json_key(w, to[f]); renamed = 1; }
      if (!renamed) e2b_mcp__w_tokkey(w, js, &t[j]);
      e2b_mcp__copy(w, js, t, j + 1, 0, 1);
    }
    if (al >= 0 && t[al].type == JSMN_ARRAY) {   /* [{alias, namespace}] -> names, as namespace/alias */
      int a, n;
      e2b_mcp_json_key(w, "names");
      e2b_mcp_json_arr(w);
      for (a = al + 1, n = 0; n < t[al].size; n++, a = e2b_mcp__tok_skip(t, a)) {
        int an = e2b_mcp__tok_get(js, t, a, "alias"), ns = e2b_mcp__tok_get(js, t, a, "namespace");
        if (t[a].type == JSMN_STRING) an = a;
        if (an < 0 || t[an].type != JSMN_STRING) continue;
        if (ns >= 0 && t[ns].type == JSMN_STRING && t[ns].end > t[ns].start) {
          char full[256];
          int l1 = t[ns].end - t[ns].start, l2 = t[an].end - t[an].start;
          if (l1 + l2 + 1 < (int)sizeof full) {
            memcpy(full, js + t[ns].start, (size_t)l1); full[l1] = '/';
            memcpy(full + l1 + 1, js + t[an].start, (size_t)l2);
            e2b_mcp__w_jstr(w, full, (size_t)(l1 + l2 + 1));
          }
        } else e2b_mcp__w_jstr(w, js + t[an].start, (size_t)(t[an].end - t[an].start));
      }
      e2b_mcp_json_arr_end(w);
    }
    e2b_mcp_json_obj_end(w);
  }
  e2b_mcp_json_arr_end(w);
  e2b_mcp_json_obj_end(w);
}
#endif

#if E2B_MCP_TOOL_LIST_TEMPLATES
static int e2b_mcp__build_list_templates(e2b_mcp_call *c, e2b_mcp__req *rq) {
  e2b_mcp__req_on(rq, "GET", &c->srv->api);
  e2b_mcp__req_lit(rq, "/v2/templates");
  return e2b_mcp__paging(c, rq, 1, E2B_MCP_PAGE_LIMIT);
}
static void e2b_mcp__shape_list_templates(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  if (e2b_mcp__response_json(c, r, JSMN_ARRAY)) e2b_mcp__list_result(c, rq, r, 0);
}
#endif

#if E2B_MCP_TOOL_LIST_TEMPLATE_BUILDS
static int e2b_mcp__build_list_template_builds(e2b_mcp_call *c, e2b_mcp__req *rq) {
  if (e2b_mcp__want_id(c, "template_id", rq->id, sizeof rq->id, 1) < 0) return -1;
  e2b_mcp__req_on(rq, "GET", &c->srv->api);
  e2b_mcp__req_lit(rq, "/templates/"); e2b_mcp__req_seg(rq, rq->id);
  return e2b_mcp__paging(c, rq, 1, E2B_MCP_PAGE_LIMIT);
}
static void e2b_mcp__shape_list_template_builds(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  const jsmntok_t *t = e2b_mcp__response_json(c, r, JSMN_OBJECT);
  e2b_mcp_json *w;
  int builds;
  if (!t || (builds = e2b_mcp__response_list(c, r, t, "builds")) < 0) return;
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp__copy_members(w, r->body, t, 0, "builds");
  e2b_mcp__list_parts(c, rq, r, builds, w, 0);
  e2b_mcp_json_obj_end(w);
}
#endif

#if E2B_MCP_TOOL_KILL_SANDBOX
static int e2b_mcp__build_kill_sandbox(e2b_mcp_call *c, e2b_mcp__req *rq) {
  if (e2b_mcp__want_id(c, "sandbox_id", rq->id, sizeof rq->id, 1) < 0) return -1;
  e2b_mcp__req_sandbox(c, rq, "DELETE", rq->id, NULL);
  e2b_mcp__ask(rq, E2B_MCP__MSG_ASK_KILL, rq->id);
  return 0;
}
static void e2b_mcp__shape_kill_sandbox(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  (void)r;
  e2b_mcp__done(c, rq->id, "state", "killed", 0);
}
#endif

/* ---- E2B's newer control plane: fork, snapshots, network, usage, events,
   volumes, secrets, template builds ---- */

/* A list E2B sends whole (no paging of its own), as {"data": [...]}: cut at
   a whole item by the result budget, the rest asked for with offset (the
   items already given, rq->num, are left out). */
#if E2B_MCP_TOOL_LIST_VOLUMES || E2B_MCP_TOOL_LIST_EVENTS
static void e2b_mcp__offset_list(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r, int arr, long long page,
                                 const char *items) {
  e2b_mcp_json *w = e2b_mcp_result_json(c);
  const jsmntok_t *t = c->srv->rtok;
  int shown, left, skip = page ? 0 : (int)rq->num;   /* page: E2B paged it (offset sent); else this server skips */
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "data");
  shown = e2b_mcp__copy_page(c, w, r->body, t, arr, skip, &left, 0);
  if (left >= 0 || (page && t[arr].size >= page)) {   /* cut, or a full page of E2B's: more may come */
    char next[24];
    e2b_mcp__fmt(next, sizeof next, "%lld", rq->num + shown);
    e2b_mcp_json_key(w, "next_token"); e2b_mcp_json_str(w, next);
  }
  if (left >= 0)
    e2b_mcp__cut_note(c, w, shown, t[arr].size - skip, items,
                      E2B_MCP__MSG_READ_ON_TOKEN);
  e2b_mcp_json_obj_end(w);
}
/* next_token of an offset-paged list: the items to skip (a decimal count). */
static int e2b_mcp__want_offset(e2b_mcp_call *c, e2b_mcp__req *rq) {
  char next[24];
  long long n = 0;
  if (e2b_mcp__want_str(c, "next_token", next, sizeof next, 0) < 0) return -1;
  if (next[0] && (e2b_mcp__parse_ll(next, strlen(next), &n) || n < 0 || n > 100000))
    return e2b_mcp__bad(c, "next_token", E2B_MCP__MSG_BAD_NEXT_TOKEN);
  rq->num = n;
  return 0;
}
#endif

#if E2B_MCP_TOOL_FORK_SANDBOX
static int e2b_mcp__build_fork_sandbox(e2b_mcp_call *c, e2b_mcp__req *rq) {
  e2b_mcp_json *b;
  long long count, timeout;
  if (e2b_mcp__want_id(c, "sandbox_id", rq->id, sizeof rq->id, 1) < 0 ||
      e2b_mcp__want_int(c, "count", &count, 1, 1, 100) < 0 ||
      e2b_mcp__want_int(c, "timeout", &timeout, 300, 1, E2B_MCP_MAX_TIMEOUT_S) < 0) return -1;
  e2b_mcp__req_sandbox(c, rq, "POST", rq->id, "/fork");
  b = e2b_mcp__req_body(rq);
  e2b_mcp_json_key(b, "count"); e2b_mcp_json_int(b, count);
  e2b_mcp_json_key(b, "timeout"); e2b_mcp_json_int(b, timeout);
  e2b_mcp_json_obj_end(b);
  rq->num = timeout;
  rq->flag = (int)count;
  e2b_mcp__ask(rq, "Fork sandbox %s into %lld new sandbox%s, each running for up to %lld seconds? Each copy is a sandbox of "
           "its own, billed per second like one until it times out, is paused or is killed (%lld copies bill %lld times "
           "what one does).", rq->id, count, count == 1 ? "" : "es", timeout, count, count);
  return 0;
}
/* [{sandbox} | {error}] -> {"sandboxID": source, "forks": [...], "started", "failed", "timeout"}: every
   copy's ID is given (each one bills), its access tokens never. */
static void e2b_mcp__shape_fork_sandbox(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  const jsmntok_t *t = e2b_mcp__response_json(c, r, JSMN_ARRAY);
  e2b_mcp_json *w;
  int i, k, ok = 0, bad = 0;
  if (!t) return;
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "sandboxID"); e2b_mcp_json_str(w, rq->id);
  e2b_mcp_json_key(w, "forks");
  e2b_mcp_json_arr(w);
  for (i = 1, k = 0; k < t[0].size; k++, i = e2b_mcp__tok_skip(t, i)) {
    int sb = t[i].type == JSMN_OBJECT ? e2b_mcp__tok_get(r->body, t, i, "sandbox") : -1;
    int er = t[i].type == JSMN_OBJECT ? e2b_mcp__tok_get(r->body, t, i, "error") : -1;
    e2b_mcp_json_obj(w);
    if (sb >= 0 && t[sb].type == JSMN_OBJECT) { e2b_mcp__copy_members(w, r->body, t, sb, NULL); ok++; }
    else {
      e2b_mcp_json_key(w, "error");
      if (er >= 0) e2b_mcp__copy(w, r->body, t, er, 0, 2); else e2b_mcp_json_str(w, "E2B gave neither the copy nor why it failed");
      bad++;
    }
    e2b_mcp_json_obj_end(w);
  }
  e2b_mcp_json_arr_end(w);
  e2b_mcp_json_key(w, "started"); e2b_mcp_json_int(w, ok);
  e2b_mcp_json_key(w, "failed"); e2b_mcp_json_int(w, bad);
  e2b_mcp_json_key(w, "timeout"); e2b_mcp_json_int(w, rq->num);
  e2b_mcp_json_obj_end(w);
}
#endif

#if E2B_MCP_TOOL_CREATE_SNAPSHOT
static int e2b_mcp__build_create_snapshot(e2b_mcp_call *c, e2b_mcp__req *rq) {
  e2b_mcp_json *b;
  char name[E2B_MCP_ID_MAX];
  int hn;
  if (e2b_mcp__want_id(c, "sandbox_id", rq->id, sizeof rq->id, 1) < 0 ||
      (hn = e2b_mcp__want_str(c, "name", name, sizeof name, 0)) < 0) return -1;
  if (hn > 0 && (!name[0] || !e2b_mcp__charset(name, 1, "-_.") || name[0] == '.'))
    return e2b_mcp__bad(c, "name", "a snapshot name has only letters, digits, '-', '_' and '.', such as before-upgrade");
  e2b_mcp__req_sandbox(c, rq, "POST", rq->id, "/snapshots");
  b = e2b_mcp__req_body(rq);
  if (name[0]) { e2b_mcp_json_key(b, "name"); e2b_mcp_json_str(b, name); }
  e2b_mcp_json_obj_end(b);
  return 0;
}
static void e2b_mcp__shape_create_snapshot(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  const jsmntok_t *t = e2b_mcp__response_json(c, r, JSMN_OBJECT);
  e2b_mcp_json *w;
  if (!t) return;
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp__copy_members(w, r->body, t, 0, "sandboxID");
  e2b_mcp_json_key(w, "sandboxID"); e2b_mcp_json_str(w, rq->id);
  e2b_mcp_json_obj_end(w);
}
#endif

#if E2B_MCP_TOOL_DELETE_SNAPSHOT
/* DELETE /templates/{snapshotID}: a snapshot is a template of E2B's; its ID
   (team/name:tag, or templateID:tag) goes as one path segment, '/' and ':'
   encoded, as E2B's SDK sends it. */
static int e2b_mcp__build_delete_snapshot(e2b_mcp_call *c, e2b_mcp__req *rq) {
  int r = e2b_mcp__want_template_ref(c, "snapshot_id", rq->id, sizeof rq->id);
  if (r < 0) return -1;
  if (r == 0) return e2b_mcp__bad(c, "snapshot_id", "it is required (snapshotID in e2b_list_snapshots)");
  e2b_mcp__req_on(rq, "DELETE", &c->srv->api);
  e2b_mcp__req_lit(rq, "/templates/");
  e2b_mcp__req_seg(rq, rq->id);
  e2b_mcp__ask(rq, "Delete snapshot %s? This cannot be undone: no sandbox can be started from it again.", rq->id);
  return 0;
}
static void e2b_mcp__shape_delete_snapshot(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  e2b_mcp_json *w = e2b_mcp_result_json(c);
  (void)r;
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "snapshotID"); e2b_mcp_json_str(w, rq->id);
  e2b_mcp_json_key(w, "state"); e2b_mcp_json_str(w, "deleted");
  e2b_mcp_json_obj_end(w);
}
#endif

#if E2B_MCP_TOOL_SET_SANDBOX_NETWORK
/* PUT /sandboxes/{id}/network replaces the egress rules (what is not given is
   cleared); then GET /sandboxes/{id} reads back what E2B now holds, so the
   result is E2B's own view, not an echo of the arguments. */
static int e2b_mcp__build_set_sandbox_network(e2b_mcp_call *c, e2b_mcp__req *rq) {
  static const char dest[] = E2B_MCP__MSG_BAD_DEST;
  e2b_mcp_json *b;
  int net, has_net;
  if (e2b_mcp__want_id(c, "sandbox_id", rq->id, sizeof rq->id, 1) < 0 ||
      (has_net = e2b_mcp__want_bool(c, "allow_internet_access", &net, 1)) < 0) return -1;
  if (!has_net && e2b_mcp_arg_token(c, "allow_out") < 0 && e2b_mcp_arg_token(c, "deny_out") < 0)
    return e2b_mcp__bad(c, "allow_out", "give allow_out, deny_out or allow_internet_access: the call replaces every egress rule, "
                        "so an empty one would open the sandbox's egress entirely (pass allow_internet_access: true for that)");
  b = e2b_mcp__req_body(rq);
  if (e2b_mcp__want_str_list(c, "allow_out", b, "allowOut", dest) < 0 || e2b_mcp__want_str_list(c, "deny_out", b, "denyOut", dest) < 0) return -1;
  if (has_net > 0) { e2b_mcp_json_key(b, "allow_internet_access"); e2b_mcp_json_bool(b, net); }
  e2b_mcp_json_obj_end(b);
  e2b_mcp__req_sandbox(c, rq, "PUT", rq->id, "/network");
  return 0;
}
static void e2b_mcp__shape_set_sandbox_network(e2b_mcp_call *c, const e2b_mcp__req *crq, const e2b_mcp_response *r) {
  e2b_mcp__req *rq = (e2b_mcp__req *)(void *)crq;   /* the slot's own: its next request is written here */
  const jsmntok_t *t;
  e2b_mcp_json *w;
  int net, ai;
  if (rq->step == 0) {   /* 204: now read it back */
    e2b_mcp__req_sandbox(c, rq, "GET", rq->id, NULL);
    rq->again = 1;
    return;
  }
  if (!(t = e2b_mcp__response_json(c, r, JSMN_OBJECT))) return;
  net = e2b_mcp__tok_get(r->body, t, 0, "network");
  ai = e2b_mcp__tok_get(r->body, t, 0, "allowInternetAccess");
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "sandboxID"); e2b_mcp_json_str(w, rq->id);
  e2b_mcp_json_key(w, "network");
  if (net >= 0 && t[net].type == JSMN_OBJECT) e2b_mcp__copy(w, r->body, t, net, 0, 1);
  else { e2b_mcp_json_obj(w); e2b_mcp_json_obj_end(w); }
  if (ai >= 0) { e2b_mcp_json_key(w, "allowInternetAccess"); e2b_mcp__copy(w, r->body, t, ai, 0, 1); }
  e2b_mcp_json_obj_end(w);
}
#endif

#if E2B_MCP_TOOL_GET_TEAM_USAGE
/* The team's usage: GET /teams/{teamID}/metrics/max for each of the two
   metrics, then the series GET /teams/{teamID}/metrics, in one call. The
   team ID is the configuration's (cfg.team_id, for the server's own key), or
   the newest lifecycle event's sandboxTeamId: GET /teams takes no API key,
   and the events are the one API-key endpoint that names the team. Kept
   between the requests: [0] the team ID, [1] the window's query, [2] and [3]
   the maxima as "value timestampUnix". Steps: 0 events, 1 and 2 the maxima,
   3 the series. */
static void e2b_mcp__usage_req(e2b_mcp_call *c, e2b_mcp__req *rq, const char *metric) {
  e2b_mcp__req_on(rq, "GET", &c->srv->api);
  e2b_mcp__req_lit(rq, "/teams/"); e2b_mcp__req_seg(rq, rq->kept[0]);
  e2b_mcp__req_lit(rq, metric ? "/metrics/max" : "/metrics");
  if (metric) e2b_mcp__req_q(rq, "metric", metric);
  if (rq->kept[1][0]) { e2b_mcp__w_c(&rq->w, rq->has_query ? '&' : '?'); e2b_mcp__req_lit(rq, rq->kept[1]); rq->has_query = 1; }
}
static int e2b_mcp__build_get_team_usage(e2b_mcp_call *c, e2b_mcp__req *rq) {
  const char *team = c->srv->cfg.team_id;
  long long start, end;
  int hs, he, series;
  size_t n = 0;
  if ((hs = e2b_mcp__want_int(c, "start", &start, 0, 0, 4102444800LL)) < 0 ||
      (he = e2b_mcp__want_int(c, "end", &end, 0, 0, 4102444800LL)) < 0 || e2b_mcp__want_bool(c, "series", &series, 0) < 0) return -1;
  rq->num = series;
  if (hs > 0 && he > 0 && start > end) return e2b_mcp__bad(c, "start", "start must not be after end");
  if (hs > 0) n += e2b_mcp__fmt(rq->kept[1] + n, sizeof rq->kept[1] - n, "start=%lld", start);
  if (he > 0) e2b_mcp__fmt(rq->kept[1] + n, sizeof rq->kept[1] - n, "%send=%lld", n ? "&" : "", end);
  if (team && *team && c->cx->key == c->srv->key) {   /* the configured team is the server's key's, no other's */
    if (strlen(team) >= sizeof rq->kept[0] || !e2b_mcp__charset(team, 1, "-")) {
      e2b_mcp_result_error(c, "This server's E2B_TEAM_ID is not a team ID (a UUID such as 7f9c2b1e-4a3d-4c8b-9e2f-1a2b3c4d5e6f); "
                              "its operator must correct it. Nothing was sent to E2B.");
      return -1;
    }
    memcpy(rq->kept[0], team, strlen(team) + 1);
    rq->flag = 1;
    rq->step = 1;
    e2b_mcp__usage_req(c, rq, "concurrent_sandboxes");
    return 0;
  }
  e2b_mcp__req_on(rq, "GET", &c->srv->api);
  e2b_mcp__req_lit(rq, "/events/sandboxes");
  e2b_mcp__req_q(rq, "limit", "1");
  return 0;
}
/* A maximum's answer {value, timestampUnix} kept as "value timestampUnix". */
static int e2b_mcp__usage_keep_max(e2b_mcp_call *c, const e2b_mcp_response *r, char *kept, size_t cap) {
  const jsmntok_t *t = e2b_mcp__response_json(c, r, JSMN_OBJECT);
  int v, ts;
  if (!t) return -1;
  v = e2b_mcp__tok_get(r->body, t, 0, "value");
  ts = e2b_mcp__tok_get(r->body, t, 0, "timestampUnix");
  if (v < 0 || t[v].type != JSMN_PRIMITIVE || t[v].end - t[v].start > 20 || !e2b_mcp__strchr("-0123456789", r->body[t[v].start])) {
    e2b_mcp_result_error(c, "E2B's answer for the team's maximum has no numeric value; nothing could be read from it.");
    return -1;
  }
  e2b_mcp__fmt(kept, cap, "%.*s %.*s", t[v].end - t[v].start, r->body + t[v].start,
               ts >= 0 && t[ts].type == JSMN_PRIMITIVE && t[ts].end - t[ts].start <= 20 ? t[ts].end - t[ts].start : 1,
               ts >= 0 && t[ts].type == JSMN_PRIMITIVE && t[ts].end - t[ts].start <= 20 ? r->body + t[ts].start : "0");
  return 0;
}
static void e2b_mcp__usage_max(e2b_mcp_json *w, const char *name, const char *kept) {
  const char *sp = e2b_mcp__strchr(kept, ' ');
  e2b_mcp_json_key(w, name);
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "value"); e2b_mcp_json_raw(w, kept, sp ? (size_t)(sp - kept) : strlen(kept));
  if (sp && sp[1] != '0') { e2b_mcp_json_key(w, "timestampUnix"); e2b_mcp_json_raw(w, sp + 1, strlen(sp + 1)); }
  e2b_mcp_json_obj_end(w);
}
static void e2b_mcp__shape_get_team_usage(e2b_mcp_call *c, const e2b_mcp__req *crq, const e2b_mcp_response *r) {
  e2b_mcp__req *rq = (e2b_mcp__req *)(void *)crq;   /* the slot's own: its next request is written here */
  const jsmntok_t *t;
  e2b_mcp_json *w;
  int shown, left, i, k, last = -1;
  long long first = 0, lastts = 0, v;
  if (rq->step == 0) {   /* the newest event names the team */
    int ev, tm;
    if (!(t = e2b_mcp__response_json(c, r, JSMN_ARRAY))) return;
    ev = t[0].size > 0 ? 1 : -1;
    tm = ev > 0 && t[ev].type == JSMN_OBJECT ? e2b_mcp__tok_get(r->body, t, ev, "sandboxTeamId") : -1;
    if (tm < 0 || e2b_mcp__tok_str(r->body, &t[tm], rq->kept[0], sizeof rq->kept[0]) <= 0 || !e2b_mcp__charset(rq->kept[0], 1, "-")) {
      e2b_mcp_result_error(c, "E2B's usage metrics need the team's ID, which no API-key endpoint gives but the lifecycle events "
                              "(kept 7 days), and this key's team has none now. Set E2B_TEAM_ID on this server to the team's "
                              "ID (E2B's dashboard shows it), or start a sandbox so an event names the team.");
      return;
    }
    rq->flag = 2;
    e2b_mcp__usage_req(c, rq, "concurrent_sandboxes");
    rq->again = 1;
    return;
  }
  if (rq->step == 1 || rq->step == 2) {
    if (e2b_mcp__usage_keep_max(c, r, rq->kept[rq->step + 1], sizeof rq->kept[0]) != 0) return;
    e2b_mcp__usage_req(c, rq, rq->step == 1 ? "sandbox_start_rate" : NULL);
    rq->again = 1;
    return;
  }
  if (!(t = e2b_mcp__response_json(c, r, JSMN_ARRAY))) return;
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "teamID"); e2b_mcp_json_str(w, rq->kept[0]);
  e2b_mcp_json_key(w, "teamIDFrom"); e2b_mcp_json_str(w, rq->flag == 1 ? "configuration" : "events");
  shown = left = -1;
  if (rq->num) { e2b_mcp_json_key(w, "data"); shown = e2b_mcp__copy_page(c, w, r->body, t, 0, 0, &left, 0); }
  for (i = 1, k = 0; k < t[0].size; k++, i = e2b_mcp__tok_skip(t, i)) {
    int ts = e2b_mcp__tok_get(r->body, t, i, "timestampUnix");
    if (ts < 0 || e2b_mcp__tok_int(r->body, &t[ts], &v) != 0) continue;
    if (!first || v < first) first = v;
    if (v >= lastts) { lastts = v; last = i; }
  }
  e2b_mcp_json_key(w, "summary");
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "samples"); e2b_mcp_json_int(w, t[0].size);
  if (first) { e2b_mcp_json_key(w, "from"); e2b_mcp_json_int(w, first); e2b_mcp_json_key(w, "to"); e2b_mcp_json_int(w, lastts); }
  if (last >= 0) {
    int cs = e2b_mcp__tok_get(r->body, t, last, "concurrentSandboxes");
    if (cs >= 0 && e2b_mcp__tok_int(r->body, &t[cs], &v) == 0) { e2b_mcp_json_key(w, "concurrentSandboxesLatest"); e2b_mcp_json_int(w, v); }
  }
  e2b_mcp__usage_max(w, "concurrentSandboxesMax", rq->kept[2]);
  e2b_mcp__usage_max(w, "sandboxStartRateMax", rq->kept[3]);
  e2b_mcp_json_obj_end(w);
  if (left >= 0) {
    int ts = e2b_mcp__tok_get(r->body, t, left, "timestampUnix");
    if (ts >= 0 && e2b_mcp__tok_int(r->body, &t[ts], &v) == 0) { e2b_mcp_json_key(w, "next_start"); e2b_mcp_json_int(w, v); }
    e2b_mcp__cut_note(c, w, shown, t[0].size, "samples", E2B_MCP__MSG_READ_ON_START);
  }
  e2b_mcp_json_obj_end(w);
}
#endif

#if E2B_MCP_TOOL_GET_SANDBOXES_METRICS
/* The latest metrics of many sandboxes in one call: of those named, or of
   every running one (GET /v2/sandboxes?state=running first, its IDs then
   into GET /sandboxes/metrics?sandbox_ids=...), with totals, so "what runs
   and what does it use" is one answer. */
static void e2b_mcp__batch_metrics_req(e2b_mcp_call *c, e2b_mcp__req *rq) {
  e2b_mcp__req_on(rq, "GET", &c->srv->api);
  e2b_mcp__req_lit(rq, "/sandboxes/metrics?sandbox_ids=");   /* form style, explode=false: commas stay literal */
  rq->has_query = 1;
}
static int e2b_mcp__build_get_sandboxes_metrics(e2b_mcp_call *c, e2b_mcp__req *rq) {
  static const char want[] = "expected an array of 1 to 100 different sandbox IDs (sandboxID in e2b_list_sandboxes)";
  int i = e2b_mcp_arg_token(c, "sandbox_ids"), j, k, m, n;
  const jsmntok_t *t = c->tok;
  char id[E2B_MCP_ID_MAX];
  if (i < 0) {   /* every running one */
    e2b_mcp__req_on(rq, "GET", &c->srv->api);
    e2b_mcp__req_lit(rq, "/v2/sandboxes?state=running&limit=100");
    rq->has_query = 1;
    return 0;
  }
  if (t[i].type != JSMN_ARRAY || t[i].size < 1 || t[i].size > 100) return e2b_mcp__bad(c, "sandbox_ids", want);
  for (j = i + 1, n = 0; n < t[i].size; n++, j++) {
    if (t[j].type != JSMN_STRING || e2b_mcp__tok_str(c->js, &t[j], id, sizeof id) <= 0 || !e2b_mcp__charset(id, 1, "-_"))
      return e2b_mcp__bad(c, "sandbox_ids", want);
    for (k = i + 1, m = 0; m < n; m++, k++)
      if (t[j].end - t[j].start == t[k].end - t[k].start && memcmp(c->js + t[j].start, c->js + t[k].start, (size_t)(t[j].end - t[j].start)) == 0)
        return e2b_mcp__bad(c, "sandbox_ids", want);
  }
  e2b_mcp__batch_metrics_req(c, rq);
  for (j = i + 1, n = 0; n < t[i].size; n++, j++) {
    e2b_mcp__tok_str(c->js, &t[j], id, sizeof id);
    if (n) e2b_mcp__w_c(&rq->w, ',');
    e2b_mcp__req_seg(rq, id);
  }
  rq->step = 1;
  return 0;
}
static void e2b_mcp__shape_get_sandboxes_metrics(e2b_mcp_call *c, const e2b_mcp__req *crq, const e2b_mcp_response *r) {
  e2b_mcp__req *rq = (e2b_mcp__req *)(void *)crq;   /* the slot's own: its next request is written here */
  static const char *const sums[] = { "cpuCount", "memUsed", "memTotal", "diskUsed", "diskTotal" };
  long long total[5] = { 0, 0, 0, 0, 0 }, cpu = 0, v;
  long room = c->srv->cfg.result_budget - (long)E2B_MCP__TRAILER_ROOM;
  const jsmntok_t *t = e2b_mcp__response_json(c, r, rq->step == 0 ? JSMN_ARRAY : JSMN_OBJECT);
  e2b_mcp_json *w;
  int sb, i, k, f, shown = 0, n = 0;
  if (!t) return;
  if (rq->step == 0) {   /* the running sandboxes: their IDs into the next request */
    int any = 0;
    e2b_mcp__batch_metrics_req(c, rq);
    for (i = 1, k = 0; k < t[0].size; k++, i = e2b_mcp__tok_skip(t, i)) {
      char id[E2B_MCP_ID_MAX];
      int s = t[i].type == JSMN_OBJECT ? e2b_mcp__tok_get(r->body, t, i, "sandboxID") : -1;
      if (s < 0 || e2b_mcp__tok_str(r->body, &t[s], id, sizeof id) <= 0 || !e2b_mcp__charset(id, 1, "-_")) continue;
      if (any++) e2b_mcp__w_c(&rq->w, ',');
      e2b_mcp__req_seg(rq, id);
    }
    rq->flag = r->next_token[0] != 0;   /* more than 100 run: these are the newest 100 */
    if (any) { rq->again = 1; return; }
    w = e2b_mcp_result_json(c);   /* nothing runs: nothing to ask */
    e2b_mcp_json_obj(w);
    e2b_mcp_json_key(w, "data"); e2b_mcp_json_arr(w); e2b_mcp_json_arr_end(w);
    e2b_mcp_json_key(w, "totals"); e2b_mcp_json_obj(w); e2b_mcp_json_key(w, "sandboxes"); e2b_mcp_json_int(w, 0); e2b_mcp_json_obj_end(w);
    e2b_mcp_json_obj_end(w);
    return;
  }
  sb = e2b_mcp__tok_get(r->body, t, 0, "sandboxes");
  if (sb < 0 || t[sb].type != JSMN_OBJECT) {
    e2b_mcp_result_error(c, "E2B's answer has no object 'sandboxes'; nothing could be read from it.");
    return;
  }
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "data");
  e2b_mcp_json_arr(w);
  for (i = sb + 1, k = 0; k < t[sb].size; k++, i = e2b_mcp__tok_skip(t, i + 1)) {
    e2b_mcp_json before;
    int m = i + 1, cp;
    if (t[m].type != JSMN_OBJECT) continue;
    n++;
    for (f = 0; f < 5; f++) {
      int x = e2b_mcp__tok_get(r->body, t, m, sums[f]);
      if (x >= 0 && e2b_mcp__tok_int(r->body, &t[x], &v) == 0) total[f] += v;
    }
    cp = e2b_mcp__tok_get(r->body, t, m, "cpuUsedPct");
    if (cp >= 0 && t[cp].type == JSMN_PRIMITIVE && e2b_mcp__parse_centi(r->body + t[cp].start, (size_t)(t[cp].end - t[cp].start), &v) == 0) {
      int cc = e2b_mcp__tok_get(r->body, t, m, "cpuCount");
      long long cores = 1;
      if (cc >= 0) e2b_mcp__tok_int(r->body, &t[cc], &cores);
      cpu += v * cores;   /* percent of each one's vCPUs, weighed by them: vCPUs busy, in hundredths of a percent */
    }
    if (shown < n - 1) continue;   /* past the budget: counted, not shown */
    before = *w;
    e2b_mcp_json_obj(w);
    e2b_mcp_json_key(w, "sandboxID"); e2b_mcp__w_jstr(w, r->body + t[i].start, (size_t)(t[i].end - t[i].start));
    { int j, q; for (j = m + 1, q = 0; q < t[m].size; q++) j = e2b_mcp__copy_member(w, r->body, t, j, 0, 2); }
    e2b_mcp_json_obj_end(w);
    if (shown > 0 && ((long)w->len > room || w->err)) { *w = before; continue; }
    shown++;
  }
  e2b_mcp_json_arr_end(w);
  e2b_mcp_json_key(w, "totals");
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "sandboxes"); e2b_mcp_json_int(w, n);
  for (f = 0; f < 5; f++) { e2b_mcp_json_key(w, sums[f]); e2b_mcp_json_int(w, total[f]); }
  e2b_mcp_json_key(w, "cpuBusy"); e2b_mcp__json_centi(w, cpu / 100);   /* vCPUs busy now, summed */
  e2b_mcp_json_obj_end(w);
  if (rq->flag) {
    e2b_mcp_json_key(w, "note");
    e2b_mcp_json_str(w, "More than 100 sandboxes run: these are the newest 100. Name others with sandbox_ids.");
  } else if (shown < n)
    e2b_mcp__cut_note(c, w, shown, n, "sandboxes", "The totals cover all of them. To see the others, call again with "
                      "sandbox_ids set to those not shown.");
  e2b_mcp_json_obj_end(w);
}
#endif

#if E2B_MCP_TOOL_LIST_EVENTS
/* GET /events/sandboxes[/{id}]: E2B's lifecycle events (kept 7 days), newest
   first, paged with offset and limit; types are E2B's names without their
   "sandbox.lifecycle." prefix. */
static int e2b_mcp__build_list_events(e2b_mcp_call *c, e2b_mcp__req *rq) {
  static const char *const types[] = { "created", "updated", "paused", "resumed", "checkpointed", "killed" };
  static const char want[] = "expected an array of event types: created, updated, paused, resumed, checkpointed, killed";
  int ty = e2b_mcp_arg_token(c, "types"), hid, i, k, m, seen = 0;
  long long limit;
  if ((hid = e2b_mcp__want_id(c, "sandbox_id", rq->id, sizeof rq->id, 0)) < 0 ||
      e2b_mcp__want_int(c, "limit", &limit, 20, 1, 100) < 0 || e2b_mcp__want_offset(c, rq) < 0) return -1;
  if (ty >= 0) {
    if (c->tok[ty].type != JSMN_ARRAY) return e2b_mcp__bad(c, "types", want);
    for (i = ty + 1, k = 0; k < c->tok[ty].size; k++, i++) {
      for (m = 0; m < 6 && !e2b_mcp__tok_eq(c->js, &c->tok[i], types[m]); m++) {}
      if (m == 6 || c->tok[i].type != JSMN_STRING) return e2b_mcp__bad(c, "types", want);
      seen |= 1 << m;
    }
  }
  e2b_mcp__req_on(rq, "GET", &c->srv->api);
  e2b_mcp__req_lit(rq, "/events/sandboxes");
  if (hid > 0) { e2b_mcp__req_lit(rq, "/"); e2b_mcp__req_seg(rq, rq->id); }
  e2b_mcp__req_qint(rq, "limit", limit);
  if (rq->num) e2b_mcp__req_qint(rq, "offset", rq->num);
  for (m = 0; m < 6; m++)   /* form style, explode=true: types=a&types=b */
    if (seen & (1 << m)) { e2b_mcp__req_qkey(rq, "types"); e2b_mcp__req_lit(rq, "sandbox.lifecycle."); e2b_mcp__req_lit(rq, types[m]); }
  rq->flag = (int)limit;
  return 0;
}
static void e2b_mcp__shape_list_events(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  if (e2b_mcp__response_json(c, r, JSMN_ARRAY)) e2b_mcp__offset_list(c, rq, r, 0, rq->flag, "events");
}
#endif

#if E2B_MCP_TOOL_LIST_VOLUMES
static int e2b_mcp__build_list_volumes(e2b_mcp_call *c, e2b_mcp__req *rq) {
  if (e2b_mcp__want_offset(c, rq) < 0) return -1;
  e2b_mcp__req_on(rq, "GET", &c->srv->api);
  e2b_mcp__req_lit(rq, "/volumes");
  return 0;
}
static void e2b_mcp__shape_list_volumes(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  if (e2b_mcp__response_json(c, r, JSMN_ARRAY)) e2b_mcp__offset_list(c, rq, r, 0, 0, "volumes");
}
#endif

#if E2B_MCP_TOOL_GET_VOLUME
static int e2b_mcp__build_get_volume(e2b_mcp_call *c, e2b_mcp__req *rq) {
  if (e2b_mcp__want_id(c, "volume_id", rq->id, sizeof rq->id, 1) < 0) return -1;
  e2b_mcp__req_on(rq, "GET", &c->srv->api);
  e2b_mcp__req_lit(rq, "/volumes/"); e2b_mcp__req_seg(rq, rq->id);
  return 0;
}
/* VolumeAndToken: its token (what reads and writes the volume's files) never leaves (e2b_mcp__secret_key). */
static void e2b_mcp__shape_get_volume(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  const jsmntok_t *t = e2b_mcp__response_json(c, r, JSMN_OBJECT);
  (void)rq;
  if (t) e2b_mcp__copy(e2b_mcp_result_json(c), r->body, t, 0, 0, 0);
}
#endif

#if E2B_MCP_TOOL_LIST_SECRETS
static int e2b_mcp__build_list_secrets(e2b_mcp_call *c, e2b_mcp__req *rq) {
  e2b_mcp__req_on(rq, "GET", &c->srv->api);
  e2b_mcp__req_lit(rq, "/secrets");
  return e2b_mcp__paging(c, rq, 1, E2B_MCP_PAGE_LIMIT);
}
static void e2b_mcp__shape_list_secrets(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  e2b_mcp_json *w;
  if (!e2b_mcp__response_json(c, r, JSMN_ARRAY)) return;
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp__list_parts(c, rq, r, 0, w, E2B_MCP__IN_SECRETS);
  e2b_mcp_json_obj_end(w);
}
#endif

#if E2B_MCP_TOOL_GET_TEMPLATE_BUILD
/* GET /templates/{t}/builds/{b}/status: the build's status, why it failed,
   and its structured log entries from logs_offset (E2B's plain "logs" lines
   repeat them and are left out). */
static int e2b_mcp__build_get_template_build(e2b_mcp_call *c, e2b_mcp__req *rq) {
  static const char *const levels[] = { "debug", "info", "warn", "error" };
  char build[E2B_MCP_ID_MAX], level[16];
  long long limit, offset;
  if (e2b_mcp__want_id(c, "template_id", rq->id, sizeof rq->id, 1) < 0 || e2b_mcp__want_id(c, "build_id", build, sizeof build, 1) < 0 ||
      e2b_mcp__want_int(c, "limit", &limit, 100, 0, 100) < 0 || e2b_mcp__want_int(c, "logs_offset", &offset, 0, 0, 1000000) < 0 ||
      e2b_mcp__want_enum(c, "level", level, sizeof level, levels, 4) < 0) return -1;
  e2b_mcp__req_on(rq, "GET", &c->srv->api);
  e2b_mcp__req_lit(rq, "/templates/"); e2b_mcp__req_seg(rq, rq->id);
  e2b_mcp__req_lit(rq, "/builds/"); e2b_mcp__req_seg(rq, build); e2b_mcp__req_lit(rq, "/status");
  e2b_mcp__req_qint(rq, "logsOffset", offset);
  e2b_mcp__req_qint(rq, "limit", limit);
  if (level[0]) e2b_mcp__req_q(rq, "level", level);
  rq->num = offset;
  rq->flag = (int)limit;
  return 0;
}
static void e2b_mcp__shape_get_template_build(e2b_mcp_call *c, const e2b_mcp__req *rq, const e2b_mcp_response *r) {
  const jsmntok_t *t = e2b_mcp__response_json(c, r, JSMN_OBJECT);
  e2b_mcp_json *w;
  int le, shown, left, i, k;
  if (!t || (le = e2b_mcp__response_list(c, r, t, "logEntries")) < 0) return;
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  for (i = 1, k = 0; k < t[0].size; k++, i = e2b_mcp__tok_skip(t, i + 1))
    if (!e2b_mcp__tok_eq(r->body, &t[i], "logs") && !e2b_mcp__tok_eq(r->body, &t[i], "logEntries")) e2b_mcp__copy_member(w, r->body, t, i, 0, 0);
  e2b_mcp_json_key(w, "logEntries");
  shown = e2b_mcp__copy_page(c, w, r->body, t, le, 0, &left, 0);
  if (left >= 0 || (rq->flag > 0 && t[le].size >= rq->flag)) {
    e2b_mcp_json_key(w, "next_logs_offset"); e2b_mcp_json_int(w, rq->num + shown);
  }
  if (left >= 0)
    e2b_mcp__cut_note(c, w, shown, t[le].size, "log entries", "To read on, call again with logs_offset set to this result's "
                      "next_logs_offset.");
  e2b_mcp_json_obj_end(w);
}
#endif

/* ---- a row's gate (its e2b_mcp_tool.user) ---- */
/* (macros, not an enum: E2B_MCP__EXTRA_BUILT reads the rows' gates in #if) */
#define E2B_MCP__GATE_KILL 1     /* listed and callable only with e2b_mcp_config.enable_kill */
#define E2B_MCP__GATE_EXTRA 2    /* not in the default set: offered only when the selection names it */

#if E2B_MCP_WITH_OUTPUT_CHECK
/* ---- the result against the tool's own output schema ----
   The subset the rows' schemas use: type (a name or a list of names), enum,
   required, properties, items. What E2B answered, shaped, must be what the
   tool declares (and what a client will validate structuredContent against):
   a create without a sandboxID, a get of {}, a count that is a string are
   errors, said with the place, not a success. Extra members are fine. */
static int e2b_mcp__tok_same(const char *a, const jsmntok_t *ta, const char *b, const jsmntok_t *tb) {
  return ta->end - ta->start == tb->end - tb->start && memcmp(a + ta->start, b + tb->start, (size_t)(ta->end - ta->start)) == 0;
}
static int e2b_mcp__is_type(const char *js, const jsmntok_t *v, const char *sch, const jsmntok_t *ty) {
  const char *p = js + v->start;
  size_t n = (size_t)(v->end - v->start), i;
  if (e2b_mcp__tok_eq(sch, ty, "string")) return v->type == JSMN_STRING;
  if (e2b_mcp__tok_eq(sch, ty, "object")) return v->type == JSMN_OBJECT;
  if (e2b_mcp__tok_eq(sch, ty, "array")) return v->type == JSMN_ARRAY;
  if (v->type != JSMN_PRIMITIVE) return 0;
  if (e2b_mcp__tok_eq(sch, ty, "boolean")) return *p == 't' || *p == 'f';
  if (e2b_mcp__tok_eq(sch, ty, "null")) return *p == 'n';
  if (*p != '-' && (*p < '0' || *p > '9')) return 0;   /* a number (the parser checked its grammar) */
  if (e2b_mcp__tok_eq(sch, ty, "number")) return 1;
  for (i = 0; i < n && p[i] != '.' && p[i] != 'e' && p[i] != 'E'; i++) {}   /* integer: no exponent, a fraction of zeros (512.0) */
  if (i < n && p[i] == '.') for (i++; i < n && p[i] == '0'; i++) {}
  return e2b_mcp__tok_eq(sch, ty, "integer") && i == n;
}
/* Checks the value at token v against the schema at token sc; on a mismatch
   writes where and what into why and returns -1. */
static int e2b_mcp__conforms(const char *js, const jsmntok_t *t, int v, const char *sch, const jsmntok_t *st, int sc,
                             char *why, size_t cap, size_t at, int depth) {
  int ty = e2b_mcp__tok_get(sch, st, sc, "type"), en = e2b_mcp__tok_get(sch, st, sc, "enum");
  int pr = e2b_mcp__tok_get(sch, st, sc, "properties"), rq = e2b_mcp__tok_get(sch, st, sc, "required");
  int it = e2b_mcp__tok_get(sch, st, sc, "items"), i, k, ok;
  if (depth > 8 || st[sc].type != JSMN_OBJECT) return 0;
  if (ty >= 0) {
    ok = st[ty].type == JSMN_STRING && e2b_mcp__is_type(js, &t[v], sch, &st[ty]);
    for (i = ty + 1, k = 0; st[ty].type == JSMN_ARRAY && k < st[ty].size && !ok; k++, i++) ok = e2b_mcp__is_type(js, &t[v], sch, &st[i]);
    if (!ok) {
      e2b_mcp__fmt(why + at, cap - at, " is %s, not of type %.*s", t[v].type == JSMN_OBJECT ? "an object" : t[v].type == JSMN_ARRAY ? "an array" :
                   t[v].type == JSMN_STRING ? "a string" : js[t[v].start] == 'n' ? "null" : js[t[v].start] == 't' || js[t[v].start] == 'f' ? "a boolean" : "a number",
                   st[ty].end - st[ty].start, sch + st[ty].start);
      return -1;
    }
  }
  if (en >= 0 && st[en].type == JSMN_ARRAY) {
    for (ok = 0, i = en + 1, k = 0; k < st[en].size && !ok; k++, i = e2b_mcp__tok_skip(st, i))
      ok = st[i].type == t[v].type && e2b_mcp__tok_same(js, &t[v], sch, &st[i]);
    if (!ok) {
      const char *q = t[v].type == JSMN_STRING ? "\"" : "";
      e2b_mcp__fmt(why + at, cap - at, " is %s%.*s%s, not one of the allowed values", q, t[v].end - t[v].start > 40 ? 40 : t[v].end - t[v].start, js + t[v].start, q);
      return -1;
    }
  }
  if (t[v].type == JSMN_OBJECT) {
    for (i = rq + 1, k = 0; rq >= 0 && st[rq].type == JSMN_ARRAY && k < st[rq].size; k++, i++) {
      int m, j, found = 0;
      for (j = v + 1, m = 0; m < t[v].size && !found; m++, j = e2b_mcp__tok_skip(t, j + 1)) found = e2b_mcp__tok_same(js, &t[j], sch, &st[i]);
      if (!found) { e2b_mcp__fmt(why + at, cap - at, " has no %.*s", st[i].end - st[i].start, sch + st[i].start); return -1; }
    }
    for (i = pr + 1, k = 0; pr >= 0 && st[pr].type == JSMN_OBJECT && k < st[pr].size; k++, i = e2b_mcp__tok_skip(st, i + 1)) {
      int m, j;
      for (j = v + 1, m = 0; m < t[v].size; m++, j = e2b_mcp__tok_skip(t, j + 1))
        if (e2b_mcp__tok_same(js, &t[j], sch, &st[i])) {
          size_t a = at + e2b_mcp__fmt(why + at, cap - at, "%s%.*s", at ? "." : "", st[i].end - st[i].start, sch + st[i].start);
          if (e2b_mcp__conforms(js, t, j + 1, sch, st, i + 1, why, cap, a, depth + 1)) return -1;
          why[at] = 0;
          break;
        }
    }
  }
  if (t[v].type == JSMN_ARRAY && it >= 0) {
    for (i = v + 1, k = 0; k < t[v].size; k++, i = e2b_mcp__tok_skip(t, i)) {
      size_t a = at + e2b_mcp__fmt(why + at, cap - at, "[%d]", k);
      if (e2b_mcp__conforms(js, t, i, sch, st, it, why, cap, a, depth + 1)) return -1;
      why[at] = 0;
    }
  }
  return 0;
}
/* Checks a successful result against the tool's output schema; turns it into
   an error that says what is wrong when it does not conform. The schema is
   read into the last tokens of rtok, the result into the rest (E2B's answer
   has been shaped by then). A result too big to check that way is passed. */
#define E2B_MCP__SCHEMA_TOKENS 192
static void e2b_mcp__check_output(e2b_mcp_call *c, const e2b_mcp__req *rq) {
  e2b_mcp_server *s = c->srv;
  const char *sch = c->tool->output_schema;
  jsmntok_t *st = s->rtok + E2B_MCP__COUNT(s->rtok) - E2B_MCP__SCHEMA_TOKENS;
  char why[160];
  if (!sch || c->is_error || !c->has_out || c->out.err || E2B_MCP__COUNT(s->rtok) < 2 * E2B_MCP__SCHEMA_TOKENS) return;
  if (e2b_mcp__parse_own(sch, strlen(sch), st, E2B_MCP__SCHEMA_TOKENS) <= 0 ||
      e2b_mcp__parse_own(c->out.buf, c->out.len, s->rtok, E2B_MCP__COUNT(s->rtok) - E2B_MCP__SCHEMA_TOKENS) <= 0) return;
  why[0] = 0;
  if (e2b_mcp__conforms(c->out.buf, s->rtok, 0, sch, st, 0, why, sizeof why, 0, 0) == 0) return;
  e2b_mcp_result_error(c, "E2B's answer is not what this tool returns: the result%s%s. %s", why[0] == '.' || why[0] == '[' || why[0] == ' ' ? "" : " ", why,
                       memcmp(rq->w.buf, "GET ", 4) == 0 ? "Nothing reliable could be read from it; try again, and if it persists E2B's API has changed."
                       : "The call may still have been carried out: check with e2b_list_sandboxes or e2b_get_sandbox before repeating it.");
}
#else   /* E2B_MCP_WITH_OUTPUT_CHECK 0: results go out unchecked */
static void e2b_mcp__check_output(e2b_mcp_call *c, const e2b_mcp__req *rq) { (void)c; (void)rq; }
#endif

/* ---- the tool table: names, descriptions, schemas, annotations ---- */
/* E2B_MCP_WITH_DESCRIPTIONS 0 (>>config) keeps each description's first sentence and every
   billing or destruction warning, and drops the property descriptions and
   output schemas. */
#if !E2B_MCP_WITH_DESCRIPTIONS
#  define E2B_MCP__MORE(text) ""
#  define E2B_MCP__OUT(schema) NULL
#else
#  define E2B_MCP__MORE(text) text
#  define E2B_MCP__OUT(schema) schema
#endif
#define E2B_MCP__S_ID "\"sandbox_id\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"The sandbox ID (sandboxID in list results), e.g. i1a2b3c4d5e6f7g8h9i0j.\"") "}"
/* the defaults the descriptions name (E2B_MCP_PAGE_LIMIT, E2B_MCP_LOG_LIMIT) */
#if E2B_MCP_PAGE_LIMIT == 0
#  define E2B_MCP__PAGE_DEF "100"
#else
#  define E2B_MCP__PAGE_DEF "a page that fits this server's buffer"
#endif
#if E2B_MCP_LOG_LIMIT == 100
#  define E2B_MCP__LOG_DEF "100"
#else
#  define E2B_MCP__LOG_DEF "as many as fit this server's buffer"
#endif
#define E2B_MCP__S_PAGE "\"limit\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":100" E2B_MCP__MORE(",\"description\":\"Page size, 1-100 (default " E2B_MCP__PAGE_DEF ").\"") "}," \
  "\"next_token\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"The next_token of the previous page, to get the next one.\"") "}"
/* String pairs (metadata, env vars) as an array of {key, value}: a map (an object
   with additionalProperties) is not portable to every model provider's dialect. */
#define E2B_MCP__S_PAIRS(desc) "{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{\"key\":{\"type\":\"string\"}," \
  "\"value\":{\"type\":\"string\"}},\"required\":[\"key\",\"value\"]}" E2B_MCP__MORE(",\"description\":\"" desc "\"") "}"
#define E2B_MCP__S_TIMEOUT(def) "\"timeout\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":" E2B_MCP__STR(E2B_MCP_MAX_TIMEOUT_S) \
  ",\"description\":\"Seconds from now until the sandbox ends" def ". Keep it short: it is billed per second.\"}"
#define E2B_MCP__STR2(x) #x
#define E2B_MCP__STR(x) E2B_MCP__STR2(x)
#define E2B_MCP__O_LIST(item) "{\"type\":\"object\",\"properties\":{\"data\":{\"type\":\"array\",\"items\":" item "}," \
  "\"next_token\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"Present when another page exists.\"") "}},\"required\":[\"data\"]}"
#define E2B_MCP__O_SANDBOX "{\"type\":\"object\",\"properties\":{\"sandboxID\":{\"type\":\"string\"},\"templateID\":{\"type\":\"string\"}," \
  "\"alias\":{\"type\":\"string\"},\"state\":{\"type\":\"string\",\"enum\":[\"running\",\"paused\"]},\"startedAt\":{\"type\":\"string\"}," \
  "\"endAt\":{\"type\":\"string\"},\"cpuCount\":{\"type\":\"integer\"},\"memoryMB\":{\"type\":\"integer\"},\"diskSizeMB\":{\"type\":\"integer\"}," \
  "\"metadata\":{\"type\":\"object\"}},\"required\":[\"sandboxID\",\"templateID\"]}"
#define E2B_MCP__O_DONE(key, type) "{\"type\":\"object\",\"properties\":{\"sandboxID\":{\"type\":\"string\"},\"" key "\":{\"type\":\"" type "\"}}," \
  "\"required\":[\"sandboxID\",\"" key "\"]}"
#define E2B_MCP__BILLED " This starts billing: ask the user before calling it, and keep the timeout short."

/* E2B's tools this build leaves out, and what a call to one is told
   (s->built_out: the core answers it), only when there are some. */
/* >>derived sized the server for as many (s->built_out is there only then) */
typedef char e2b_mcp__built_out_agrees_with_E2B_MCP__TOOLS_OUT[E2B_MCP__BUILT_OUT_N == E2B_MCP__TOOLS_OUT ? 1 : -1];
#if E2B_MCP__BUILT_OUT_N
static const char *const e2b_mcp__built_out[2] = { E2B_MCP__BUILT_OUT,
  E2B_MCP__MSG_NOT_BUILT_IN };
#endif
/* The row's id names its enum constant and its two phases (the rows:
   E2B_MCP__TOOLS, >>e2b tools' declarations). */
#if E2B_MCP__TOOLS_ROWS
#define E2B_MCP__TOOL_ENUM(id, name, title, ann, gate, desc, in, out) E2B_MCP__T_##id,
enum { E2B_MCP__TOOLS(E2B_MCP__TOOL_ENUM, E2B_MCP__IF) E2B_MCP__T_COUNT };
#undef E2B_MCP__TOOL_ENUM
/* A tool's switch missing from E2B_MCP__TOOLS_BUILT (>>derived) stops the build here. */
typedef char e2b_mcp__every_tool_switch_is_in_E2B_MCP__TOOLS_BUILT[E2B_MCP__T_COUNT == E2B_MCP__TOOLS_BUILT ? 1 : -1];

#define E2B_MCP__TOOL_GATE(id, name, title, ann, gate, desc, in, out) gate,
static const int e2b_mcp__gate[E2B_MCP__T_COUNT] = { E2B_MCP__TOOLS(E2B_MCP__TOOL_GATE, E2B_MCP__IF) };
#undef E2B_MCP__TOOL_GATE
#define E2B_MCP__TOOL_ROW(id, name, title, ann, gate, desc, in, out) \
  { name, title, desc, in, out, (ann) | E2B_MCP__STRICT_ARGS, NULL, (void *)&e2b_mcp__gate[E2B_MCP__T_##id], e2b_mcp__build_##id, e2b_mcp__shape_##id },
static const e2b_mcp_tool e2b_mcp__builtin[E2B_MCP__T_COUNT] = { E2B_MCP__TOOLS(E2B_MCP__TOOL_ROW, E2B_MCP__IF) };
#undef E2B_MCP__TOOL_ROW
static int e2b_mcp__is_builtin(const e2b_mcp_tool *t) {
  int i;
  for (i = 0; i < E2B_MCP__T_COUNT; i++) if (t == &e2b_mcp__builtin[i]) return 1;
  return 0;
}

/* ---- the run-time selection: which of the rows this server offers ----
   Each row is in one group, read from what the row already says: kill (its
   gate: it destroys, and stays behind enable_kill too), read (annotated
   E2B_MCP_READ_ONLY: it spends nothing and changes nothing), write (the rest:
   it starts, bills or changes a sandbox and destroys nothing). cfg.tools names
   rows and groups; cfg.read_only keeps only the read group. The tool list is
   built here once, in the table's order, so the same configuration lists the
   same tools on every replica; a row left out goes to s->off with why, which
   a call to it is told (>>mcp core's unknown tool). */
enum { E2B_MCP__G_READ = E2B_MCP_GROUP_READ, E2B_MCP__G_WRITE = E2B_MCP_GROUP_WRITE, E2B_MCP__G_KILL = E2B_MCP_GROUP_KILL };
/* the three groups, then two selections that are not groups: default (what a
   server offers when cfg.tools names nothing: every row not marked
   E2B_MCP__GATE_EXTRA) and all (every row) */
static const char *const e2b_mcp__group_name[] = { "read", "write", "kill", "default", "all" };
/* Whether a row outside the default set (E2B_MCP__GATE_EXTRA) is built:
   without one (the small profile) the default set is every row. Read from
   the rows' gates, so a row marked extra needs no second list here. */
#define E2B_MCP__T_EXTRA(id, name, title, ann, gate, desc, in, out) || ((gate) & E2B_MCP__GATE_EXTRA)
#define E2B_MCP__EXTRA_BUILT (0 E2B_MCP__TOOLS(E2B_MCP__T_EXTRA, E2B_MCP__IF))
#if E2B_MCP_TOOL_DELETE_SNAPSHOT
#  define E2B_MCP__AND_DELETING " and deleting snapshots"
#else
#  define E2B_MCP__AND_DELETING ""
#endif
static int e2b_mcp__group_of(int i) {
  if (e2b_mcp__gate[i] & E2B_MCP__GATE_KILL) return E2B_MCP__G_KILL;
  return (e2b_mcp__builtin[i].annotations & E2B_MCP_READ_ONLY) ? E2B_MCP__G_READ : E2B_MCP__G_WRITE;
}
/* Whether the selection spec names row i (by its name or group); -1 (with
   the unknown part in s->errmsg) when a part names neither. */
static int e2b_mcp__spec_names(e2b_mcp_server *s, const char *spec, int row) {
#if !E2B_MCP__BUILT_OUT_N
#  define e2b_mcp__is_built_out(s, p, n) 0     /* none left out: nor the words for one */
#endif
  const char *p = spec, *e;
  int i, g, hit = 0, known;
  while (*p) {
    size_t n;
    while (*p == ' ' || *p == ',') p++;
    for (e = p; *e && *e != ','; e++) {}
    for (n = (size_t)(e - p); n && p[n - 1] == ' '; n--) {}
    if (!n) { p = e; continue; }
    known = 0;
    for (g = 0; g < 5 && !known; g++)
      if (strlen(e2b_mcp__group_name[g]) == n && memcmp(e2b_mcp__group_name[g], p, n) == 0) {
        known = 1;
#if E2B_MCP__EXTRA_BUILT
        hit |= g == 4 || (g == 3 ? !(e2b_mcp__gate[row] & E2B_MCP__GATE_EXTRA) : e2b_mcp__group_of(row) == g);
#else   /* the default set is every row */
        hit |= g >= 3 || e2b_mcp__group_of(row) == g;
#endif
      }
    for (i = 0; i < E2B_MCP__T_COUNT && !known; i++)
      if (strlen(e2b_mcp__builtin[i].name) == n && memcmp(e2b_mcp__builtin[i].name, p, n) == 0) { known = 1; hit |= i == row; }
    if (!known) {
      size_t at = e2b_mcp__fmt(s->errmsg, sizeof s->errmsg, "'%.*s' is %s; valid: read, write, kill, default, all", (int)(n > 64 ? 64 : n), p,
                               e2b_mcp__is_built_out(s, p, n) ? "not built into this server (its E2B_MCP_TOOL_ switch was 0 at build time)"
                                                              : "neither a tool nor a group");
      for (i = 0; i < E2B_MCP__T_COUNT && at < sizeof s->errmsg; i++)
        at += e2b_mcp__fmt(s->errmsg + at, sizeof s->errmsg - at, ", %s", e2b_mcp__builtin[i].name);
      return -1;
    }
    p = e;
  }
  return hit;
#undef e2b_mcp__is_built_out
}
static int e2b_mcp__builtin_tools(e2b_mcp_server *s) {
  static const char *const not_selected[] = { E2B_MCP__MSG_NOT_SELECTED("read"), E2B_MCP__MSG_NOT_SELECTED("write"), E2B_MCP__MSG_NOT_SELECTED("kill") };
  const char *spec = s->cfg.tools && *s->cfg.tools ? s->cfg.tools : NULL;
  int i, on = 1;
#if E2B_MCP__BUILT_OUT_N
  s->built_out = e2b_mcp__built_out;
#endif
  for (i = 0; i < E2B_MCP__T_COUNT; i++) {
    const char *why = NULL;
    if (spec && (on = e2b_mcp__spec_names(s, spec, i)) < 0) return E2B_MCP_ERR_TOOLS;
#if E2B_MCP__EXTRA_BUILT
    if (!spec) on = !(e2b_mcp__gate[i] & E2B_MCP__GATE_EXTRA);   /* no selection: the default set */
#endif
    if (s->cfg.read_only && e2b_mcp__group_of(i) != E2B_MCP__G_READ)
      why = E2B_MCP__MSG_READ_ONLY;
#if E2B_MCP__EXTRA_BUILT
    else if (!spec && !on)
      why = E2B_MCP__MSG_NOT_DEFAULT;
#endif
    else if (spec && !on) why = not_selected[e2b_mcp__group_of(i)];
    else if ((e2b_mcp__gate[i] & E2B_MCP__GATE_KILL) && !s->cfg.enable_kill)
      why = E2B_MCP__MSG_NEEDS_KILL("killing sandboxes" E2B_MCP__AND_DELETING);
    if (why) { s->off[s->noff] = &e2b_mcp__builtin[i]; s->off_why[s->noff++] = why; }
#if E2B_MCP_AUTH
    else { s->group[s->ntools] = (unsigned char)e2b_mcp__group_of(i); s->tools[s->ntools++] = &e2b_mcp__builtin[i]; }
#else
    else s->tools[s->ntools++] = &e2b_mcp__builtin[i];
#endif
  }
  return 0;
}
#else   /* no built-in tool: custom ones only */
static int e2b_mcp__is_builtin(const e2b_mcp_tool *t) { (void)t; return 0; }
static int e2b_mcp__builtin_tools(e2b_mcp_server *s) {   /* a selection can name none of them */
  s->built_out = e2b_mcp__built_out;
  if (!s->cfg.tools || !*s->cfg.tools) return 0;
  e2b_mcp__fmt(s->errmsg, sizeof s->errmsg, "no E2B tool is built into this server, so none can be selected");
  return E2B_MCP_ERR_TOOLS;
}
#endif

/* >>prompts ------------------------------------------------------------------
   prompts/list and prompts/get, in both eras, over whatever transport brought
   them (they are answered at once: no E2B call, no slot). A get runs on a
   tool call's record (the arguments, the result buffers, the 2026-07-28
   question within the result), with a tool row of its own on the stack that
   carries the prompt's name, so a sealed requestState is bound to the prompt
   and its arguments as a tool call's is. The messages go into the content
   buffer, one array item each. */
/* ---- what the surface's layers share ---- */
#if E2B_MCP__SURFACE
/* The tool name[0..n) when this caller may use it: offered, and (with
   E2B_MCP_AUTH) in its access token's scopes; else NULL. A prompt, a
   resource or a completion that works through a tool is the caller's only
   while the tool is: a token without the read scope reads no resource. */
static const e2b_mcp_tool *e2b_mcp__tool_for(e2b_mcp_server *s, const e2b_mcp__ctx *cx, const char *name, size_t n) {
  const e2b_mcp_tool *t = e2b_mcp__find_tool(s, name, n);
#if E2B_MCP_AUTH
  if (t && cx->pr.scopes && !(cx->pr.scopes & (1 << e2b_mcp__tool_group(s, name, n)))) return NULL;
#else
  (void)cx;
#endif
  return t;
}
#endif

#if E2B_MCP_WITH_PROMPTS || E2B_MCP_WITH_RESOURCES
/* A 2026-07-28 result's resultType and cache fields: how long (ms) and for
   whom ("public": any client; "private": this caller's own) it may be kept. */
static void e2b_mcp__cache_fields(e2b_mcp_json *w, long long ttl_ms, const char *scope) {
  e2b_mcp_json_key(w, "resultType"); e2b_mcp_json_str(w, "complete");
  e2b_mcp_json_key(w, "ttlMs"); e2b_mcp_json_int(w, ttl_ms);
  e2b_mcp_json_key(w, "cacheScope"); e2b_mcp_json_str(w, scope);
}
/* A list's page start from params.cursor (the index of its first item, as
   tools/list's); -1 with the error answered when it is not one. */
static int e2b_mcp__list_cursor(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int params, const char *id, int n) {
  long long start = 0;
  int cur = e2b_mcp__tok_get(js, t, params, "cursor");
  if (cur < 0 || (t[cur].type == JSMN_PRIMITIVE && js[t[cur].start] == 'n')) return 0;
  if (t[cur].type != JSMN_STRING || e2b_mcp__parse_ll(js + t[cur].start, (size_t)(t[cur].end - t[cur].start), &start) != 0 ||
      start <= 0 || start >= n) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, E2B_MCP__MSG_BAD_CURSOR);
    return -1;
  }
  return (int)start;
}
#endif

#if E2B_MCP_WITH_PROMPTS

/* ---- messages ---- */
static void e2b_mcp__prompt_begin(e2b_mcp_call *c, const char *role, const char *type) {
  e2b_mcp_json *w = &c->content;
  if (w->len) e2b_mcp__w_c(w, ',');   /* messages are items of one array */
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "role"); e2b_mcp_json_str(w, role && strcmp(role, "assistant") == 0 ? "assistant" : "user");
  e2b_mcp_json_key(w, "content"); e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "type"); e2b_mcp_json_str(w, type);
}
static void e2b_mcp__prompt_end(e2b_mcp_call *c) {
  e2b_mcp_json_obj_end(&c->content);
  e2b_mcp_json_obj_end(&c->content);
}
E2B_MCP_DEF void e2b_mcp_prompt_text(e2b_mcp_call *c, const char *role, const char *text) {
  e2b_mcp__prompt_begin(c, role, "text");
  e2b_mcp_json_key(&c->content, "text"); e2b_mcp_json_str(&c->content, text);
  e2b_mcp__prompt_end(c);
}
E2B_MCP_DEF void e2b_mcp_prompt_image(e2b_mcp_call *c, const char *role, const char *base64, const char *mime) {
  e2b_mcp__prompt_begin(c, role, "image");
  e2b_mcp_json_key(&c->content, "data"); e2b_mcp_json_str(&c->content, base64);
  e2b_mcp_json_key(&c->content, "mimeType"); e2b_mcp_json_str(&c->content, mime);
  e2b_mcp__prompt_end(c);
}
E2B_MCP_DEF void e2b_mcp_prompt_resource(e2b_mcp_call *c, const char *role, const char *uri, const char *mime, const char *text) {
  e2b_mcp__prompt_begin(c, role, "resource");
  e2b_mcp_json_key(&c->content, "resource"); e2b_mcp_json_obj(&c->content);
  e2b_mcp_json_key(&c->content, "uri"); e2b_mcp_json_str(&c->content, uri);
  if (mime) { e2b_mcp_json_key(&c->content, "mimeType"); e2b_mcp_json_str(&c->content, mime); }
  e2b_mcp_json_key(&c->content, "text"); e2b_mcp_json_str(&c->content, text);
  e2b_mcp_json_obj_end(&c->content);
  e2b_mcp__prompt_end(c);
}

/* ---- E2B's prompts: each names the tools it expects ----
   A prompt is listed only while the tools it needs are (its row's user: the
   names, space-separated): a server built or started without one does not
   offer a workflow it cannot carry out. */
static int e2b_mcp__has_tool(e2b_mcp_call *c, const char *name) {
  return e2b_mcp__tool_for(c->srv, c->cx, name, strlen(name)) != NULL;
}
/* An argument's value, or "" when absent; -1 with the error result set when
   it is not usable (the core checked it is a string). */
static int e2b_mcp__prompt_arg(e2b_mcp_call *c, const char *key, char *buf, size_t cap, const char *extra, const char *want) {
  int r = e2b_mcp_arg_str(c, key, buf, cap);
  if (r < 0) { e2b_mcp_result_error(c, "Invalid argument '%s': too long (at most %d characters).", key, (int)cap - 1); return -1; }
  if (r == 0) buf[0] = 0;
  if (extra && buf[0] && !e2b_mcp__charset(buf, 1, extra)) { e2b_mcp_result_error(c, "Invalid argument '%s': %s.", key, want); return -1; }
  return 0;
}
#define E2B_MCP__ID_CHARS "-_"
#define E2B_MCP__ID_WANT "a sandbox ID has only letters, digits, '-' and '_' (copy it from e2b_list_sandboxes)"

static void e2b_mcp__prompt_audit(e2b_mcp_call *c) {
  e2b_mcp_server *s = c->srv;
  char keep[E2B_MCP_ARG_MAX], text[2048];
  size_t o;
  int kill = s->cfg.enable_kill && e2b_mcp__has_tool(c, "e2b_kill_sandbox"), pause = e2b_mcp__has_tool(c, "e2b_pause_sandbox");
  if (e2b_mcp__prompt_arg(c, "keep", keep, sizeof keep, NULL, NULL) != 0) return;
  o = e2b_mcp__fmt(text, sizeof text,
    "Audit my E2B sandboxes and clean up the stale ones.\n"
    "1. Call e2b_list_sandboxes with state [\"running\", \"paused\"] (follow next_token to the last page) and show each "
    "sandbox's ID, template, metadata, state, start time and end time.\n"
    "2. %s%s%s Every other sandbox is a candidate: mark it stale and say why (started long ago, unknown template, no "
    "metadata, paused for days).\n"
    "3. Show me the stale ones and wait until I name the ones to remove. Touch only the sandboxes I name, never others.\n",
    keep[0] ? "I still need these: " : "Ask me which sandboxes I still need (IDs, templates or metadata such as project=web).",
    keep, keep[0] ? "." : "");
  if (kill)
    o += e2b_mcp__fmt(text + o, sizeof text - o, "4. For each sandbox I name, call e2b_kill_sandbox with its sandbox_id: this "
                      "ends it for good and its files are lost.\n");
  else
    o += e2b_mcp__fmt(text + o, sizeof text - o, "4. Killing is switched off on this server. %s\n",
                      pause ? "For each sandbox I name, call e2b_pause_sandbox with its sandbox_id (it stops its compute billing "
                              "and can be resumed), or, if I prefer, leave it to expire at its end time."
                            : "Leave the ones I name to expire at their end time, and tell me when each one ends.");
  e2b_mcp__fmt(text + o, sizeof text - o, "5. Call e2b_list_sandboxes again and confirm what changed.");
  e2b_mcp_prompt_text(c, "user", text);
}

static void e2b_mcp__prompt_running(e2b_mcp_call *c) {
  char meta[E2B_MCP_ARG_MAX], tpl[E2B_MCP_ID_MAX * 2], filter[E2B_MCP_ARG_MAX + E2B_MCP_ID_MAX * 2 + 64], text[1536];
  size_t o = 0;
  if (e2b_mcp__prompt_arg(c, "metadata", meta, sizeof meta, NULL, NULL) != 0 ||
      e2b_mcp__prompt_arg(c, "template", tpl, sizeof tpl, "-_./:", "a template ID or name such as base or team/name:tag") != 0) return;
  if (meta[0] && (meta[0] == '=' || !e2b_mcp__strchr(meta, '='))) { e2b_mcp_result_error(c, "Invalid argument 'metadata': expected key=value, such as project=web."); return; }
  filter[0] = 0;
  if (meta[0]) o += e2b_mcp__fmt(filter + o, sizeof filter - o, ", metadata \"%s\"", meta);
  if (tpl[0]) e2b_mcp__fmt(filter + o, sizeof filter - o, ", template \"%s\"", tpl);
  e2b_mcp__fmt(text, sizeof text,
    "Which E2B sandboxes are running, and when does each one end?\n"
    "Call e2b_list_sandboxes with state [\"running\"]%s, following next_token to the last page. Show a table: sandbox ID, "
    "template, metadata, started at, ends at and the time left. Flag the ones that end within 10 minutes. "
    "e2b_set_sandbox_timeout extends one, but that costs money: ask me first.", filter);
  e2b_mcp_prompt_text(c, "user", text);
}

static void e2b_mcp__prompt_failed(e2b_mcp_call *c) {
  static const char *const levels[] = { "debug", "info", "warn", "error" };
  char id[E2B_MCP_ID_MAX], level[16], text[1536];
  int i;
  if (e2b_mcp__prompt_arg(c, "sandbox_id", id, sizeof id, E2B_MCP__ID_CHARS, E2B_MCP__ID_WANT) != 0 ||
      e2b_mcp__prompt_arg(c, "level", level, sizeof level, NULL, NULL) != 0) return;
  if (!level[0]) strcpy(level, "error");
  for (i = 0; i < 4 && strcmp(level, levels[i]) != 0; i++) {}
  if (i == 4) { e2b_mcp_result_error(c, "Invalid argument 'level': use debug, info, warn or error."); return; }
  e2b_mcp__fmt(text, sizeof text,
    "Find out why the E2B sandbox %s failed.\n"
    "1. Call e2b_get_sandbox with sandbox_id \"%s\" for its state, template and end time (a 404 means it has ended or "
    "was killed).\n"
    "2. Call e2b_get_sandbox_logs with sandbox_id \"%s\", level \"%s\", direction \"backward\" and limit 100 for its "
    "latest logs at that level and above; if there are none, call it again without level.\n"
    "3. Explain the most likely cause in plain words, quote the log lines that show it and suggest a fix. Change nothing.",
    id, id, id, level);
  e2b_mcp_prompt_text(c, "user", text);
}

static void e2b_mcp__prompt_usage(e2b_mcp_call *c) {
  char id[E2B_MCP_ID_MAX], mins[16], window[96], text[1536];
  long long n = 0;
  if (e2b_mcp__prompt_arg(c, "sandbox_id", id, sizeof id, E2B_MCP__ID_CHARS, E2B_MCP__ID_WANT) != 0 ||
      e2b_mcp__prompt_arg(c, "minutes", mins, sizeof mins, NULL, NULL) != 0) return;
  if (mins[0] && (e2b_mcp__parse_ll(mins, strlen(mins), &n) != 0 || n < 1 || n > 10080)) {
    e2b_mcp_result_error(c, "Invalid argument 'minutes': expected a whole number of minutes from 1 to 10080 (a week).");
    return;
  }
  if (n) e2b_mcp__fmt(window, sizeof window, " and start set to now minus %d minutes, in Unix seconds", (int)n);
  else window[0] = 0;
  e2b_mcp__fmt(text, sizeof text,
    "How much has the E2B sandbox %s used?\n"
    "Call e2b_get_sandbox_metrics with sandbox_id \"%s\"%s. Summarise CPU (average and peak %%), memory and disk (peak used "
    "against the total, in MB), and say whether the sandbox looks too big or too small for what it does; e2b_get_sandbox "
    "gives its CPU count and memory size.", id, id, window);
  e2b_mcp_prompt_text(c, "user", text);
}

static void e2b_mcp__prompt_pause(e2b_mcp_call *c) {
  char meta[E2B_MCP_ARG_MAX], text[1536];
  if (e2b_mcp__prompt_arg(c, "metadata", meta, sizeof meta, NULL, NULL) != 0) return;
  if (meta[0] == '=' || !e2b_mcp__strchr(meta, '=')) { e2b_mcp_result_error(c, "Invalid argument 'metadata': expected key=value, such as project=web."); return; }
  e2b_mcp__fmt(text, sizeof text,
    "Pause every running E2B sandbox whose metadata has %s.\n"
    "1. Call e2b_list_sandboxes with state [\"running\"] and metadata \"%s\" (follow next_token to the last page).\n"
    "2. Show me the list and ask me to confirm before pausing anything.\n"
    "3. On my yes, call e2b_pause_sandbox for each one; a 409 means it is already paused or changing state: report it and "
    "go on.\n"
    "4. Call e2b_list_sandboxes with state [\"paused\"] and the same metadata to confirm.", meta, meta);
  e2b_mcp_prompt_text(c, "user", text);
}

static void e2b_mcp__prompt_start(e2b_mcp_call *c) {
  char tpl[E2B_MCP_ID_MAX * 2], mins[16], text[1536];
  long long n = 5;
  if (e2b_mcp__prompt_arg(c, "template", tpl, sizeof tpl, "-_./:", "a template ID or name such as base or team/name:tag") != 0 ||
      e2b_mcp__prompt_arg(c, "minutes", mins, sizeof mins, NULL, NULL) != 0) return;
  if (mins[0] && (e2b_mcp__parse_ll(mins, strlen(mins), &n) != 0 || n < 1 || n > E2B_MCP_MAX_TIMEOUT_S / 60)) {
    e2b_mcp_result_error(c, "Invalid argument 'minutes': expected a whole number of minutes from 1 to %d.", (int)(E2B_MCP_MAX_TIMEOUT_S / 60));
    return;
  }
  e2b_mcp__fmt(text, sizeof text,
    "Start an E2B sandbox of template %s for %d minutes.\n"
    "It costs money while it runs: tell me what it will start and for how long, and ask me to confirm first. On my yes, "
    "call e2b_create_sandbox with template_id \"%s\" and timeout %d (seconds). Then show its sandbox ID and when it ends. "
    "Later, e2b_set_sandbox_timeout extends it and e2b_pause_sandbox stops its compute billing.", tpl, (int)n, tpl, (int)(n * 60));
  e2b_mcp_prompt_text(c, "user", text);
}

#if E2B_MCP_TOOL_FORK_SANDBOX
static void e2b_mcp__prompt_fork(e2b_mcp_call *c) {
  char id[E2B_MCP_ID_MAX], ways[E2B_MCP_ARG_MAX], mins[16], text[2048];
  long long n = 10;
  if (e2b_mcp__prompt_arg(c, "sandbox_id", id, sizeof id, E2B_MCP__ID_CHARS, E2B_MCP__ID_WANT) != 0 ||
      e2b_mcp__prompt_arg(c, "approaches", ways, sizeof ways, NULL, NULL) != 0 ||
      e2b_mcp__prompt_arg(c, "minutes", mins, sizeof mins, NULL, NULL) != 0) return;
  if (mins[0] && (e2b_mcp__parse_ll(mins, strlen(mins), &n) != 0 || n < 1 || n > E2B_MCP_MAX_TIMEOUT_S / 60)) {
    e2b_mcp_result_error(c, "Invalid argument 'minutes': expected a whole number of minutes from 1 to %d.", (int)(E2B_MCP_MAX_TIMEOUT_S / 60));
    return;
  }
  e2b_mcp__fmt(text, sizeof text,
    "Try several approaches at once from the state sandbox %s is in now.\n"
    "The approaches: %s\n"
    "1. Count the approaches (N, at most 100). Tell me that forking makes N new sandboxes, each billed like a sandbox for "
    "up to %d minutes, and ask me to confirm.\n"
    "2. On my yes, call e2b_fork_sandbox with sandbox_id \"%s\", count N and timeout %d (seconds). Each entry of forks is "
    "one copy with its own sandboxID (or the error that kept it from starting); the source goes on as it was.\n"
    "3. Give each copy one approach and report, per copy, which approach it ran and what came of it.\n"
    "4. When I have picked the winner, list the copies I do not need: %s",
    id, ways[0] ? ways : "(ask me for them, one per line)", (int)n, id, (int)(n * 60),
    e2b_mcp__has_tool(c, "e2b_kill_sandbox") && c->srv->cfg.enable_kill ? "on my word, call e2b_kill_sandbox for each of them."
    : "pause them with e2b_pause_sandbox, or let them end at their timeout.");
  e2b_mcp_prompt_text(c, "user", text);
}
#endif

#if E2B_MCP_TOOL_SET_SANDBOX_NETWORK
static void e2b_mcp__prompt_lock_down(e2b_mcp_call *c) {
  char id[E2B_MCP_ID_MAX], allow[E2B_MCP_ARG_MAX], text[2048];
  if (e2b_mcp__prompt_arg(c, "sandbox_id", id, sizeof id, E2B_MCP__ID_CHARS, E2B_MCP__ID_WANT) != 0 ||
      e2b_mcp__prompt_arg(c, "allow", allow, sizeof allow, "-_.*/:, ", "host names, IP addresses or CIDR blocks, comma-separated") != 0) return;
  e2b_mcp__fmt(text, sizeof text,
    "Lock down the network of E2B sandbox %s so that it can reach only what it needs.\n"
    "1. Call e2b_get_sandbox with sandbox_id \"%s\" and show me its network settings now.\n"
    "2. %s%s%s\n"
    "3. Call e2b_set_sandbox_network with sandbox_id \"%s\", allow_out set to those destinations and deny_out "
    "[\"0.0.0.0/0\"], so everything else is blocked. It replaces every egress rule the sandbox had.\n"
    "4. Show me the rules E2B now holds (the tool's result) and what they let through.",
    id, id, allow[0] ? "It may reach only: " : "Ask me which hosts it must still reach (such as api.github.com, *.pypi.org), and wait for my answer.",
    allow, allow[0] ? ". Tell me the plan before you change anything." : "", id);
  e2b_mcp_prompt_text(c, "user", text);
}
#endif

#if E2B_MCP_TOOL_GET_TEAM_USAGE
static void e2b_mcp__prompt_weekly(e2b_mcp_call *c) {
  char days[16], text[2048];
  long long n = 7;
  if (e2b_mcp__prompt_arg(c, "days", days, sizeof days, NULL, NULL) != 0) return;
  if (days[0] && (e2b_mcp__parse_ll(days, strlen(days), &n) != 0 || n < 1 || n > 31)) {
    e2b_mcp_result_error(c, "Invalid argument 'days': expected a whole number of days from 1 to 31.");
    return;
  }
  e2b_mcp__fmt(text, sizeof text,
    "Review my team's E2B usage over the last %d days: what ran, and what is still costing us.\n"
    "1. Call e2b_get_team_usage with start set to now minus %d days, in Unix seconds: report the peak number of concurrent "
    "sandboxes and when it was, the peak start rate, and how many run now.\n"
    "%s"
    "3. Call e2b_list_sandboxes with state [\"running\"] (follow next_token to the last page): for each, its template, "
    "metadata, how long it has run and when it ends. Flag the ones running for more than a day or with no metadata.\n"
    "4. Sum it up in a few lines with what to change (sandboxes to pause or end, timeouts to shorten). Change nothing yourself.",
    (int)n, (int)n,
    e2b_mcp__has_tool(c, "e2b_list_events") ? "2. Call e2b_list_events (follow next_token) and count created, paused, resumed "
    "and killed sandboxes over the period; name the templates and metadata that started the most.\n"
    : "2. (Lifecycle events are not offered on this server: skip the counts of starts and stops.)\n");
  e2b_mcp_prompt_text(c, "user", text);
}
#endif

static const e2b_mcp_prompt_arg e2b_mcp__pa_audit[] = {
  { "keep", "The sandboxes still needed: IDs, templates or metadata (such as project=web). Every other one is a candidate for clean-up.", 0 }
};
static const e2b_mcp_prompt_arg e2b_mcp__pa_running[] = {
  { "metadata", "Only sandboxes with this metadata, as key=value (such as project=web).", 0 },
  { "template", "Only sandboxes of this template (ID or name).", 0 }
};
static const e2b_mcp_prompt_arg e2b_mcp__pa_failed[] = {
  { "sandbox_id", "The sandbox ID (sandboxID in list results).", 1 },
  { "level", "The lowest log level to read: debug, info, warn or error (default error).", 0 }
};
static const e2b_mcp_prompt_arg e2b_mcp__pa_usage[] = {
  { "sandbox_id", "The sandbox ID (sandboxID in list results).", 1 },
  { "minutes", "Only the last this many minutes (default: its whole life).", 0 }
};
static const e2b_mcp_prompt_arg e2b_mcp__pa_pause[] = {
  { "metadata", "The metadata the sandboxes to pause have, as key=value (such as project=web).", 1 }
};
static const e2b_mcp_prompt_arg e2b_mcp__pa_start[] = {
  { "template", "The template to start, by ID or name (such as base).", 1 },
  { "minutes", "How long it runs before it ends by itself, in minutes (default 5).", 0 }
};
#if E2B_MCP_TOOL_FORK_SANDBOX
static const e2b_mcp_prompt_arg e2b_mcp__pa_fork[] = {
  { "sandbox_id", "The sandbox to fork (sandboxID in list results); it must be running.", 1 },
  { "approaches", "The approaches to try, one per copy (such as: upgrade numpy; pin numpy 1.26; drop numpy).", 0 },
  { "minutes", "How long each copy runs before it ends by itself, in minutes (default 10).", 0 }
};
#endif
#if E2B_MCP_TOOL_SET_SANDBOX_NETWORK
static const e2b_mcp_prompt_arg e2b_mcp__pa_lock[] = {
  { "sandbox_id", "The sandbox to lock down (sandboxID in list results).", 1 },
  { "allow", "What it may still reach, comma-separated: host names (api.github.com, *.pypi.org), IP addresses or CIDR blocks.", 0 }
};
#endif
#if E2B_MCP_TOOL_GET_TEAM_USAGE
static const e2b_mcp_prompt_arg e2b_mcp__pa_weekly[] = {
  { "days", "How many days back to look, 1 to 31 (default 7).", 0 }
};
#endif
#define E2B_MCP__PROMPT(name, title, desc, args, fn, needs) \
  { name, title, desc, args, (int)E2B_MCP__COUNT(args), fn, (void *)needs }
static const e2b_mcp_prompt e2b_mcp__builtin_prompts[] = {
  E2B_MCP__PROMPT("e2b_audit_sandboxes", "Audit and clean up sandboxes",
    "List the sandboxes, find the stale ones against what you still need, and remove only the ones you name, then list again.",
    e2b_mcp__pa_audit, e2b_mcp__prompt_audit, "e2b_list_sandboxes"),
  E2B_MCP__PROMPT("e2b_whats_running", "What is running, and when does it end",
    "The running sandboxes in a table, with when each one ends and the time left.",
    e2b_mcp__pa_running, e2b_mcp__prompt_running, "e2b_list_sandboxes"),
  E2B_MCP__PROMPT("e2b_why_failed", "Why did this sandbox fail",
    "Reads a sandbox's state and its latest error logs, and explains the most likely cause.",
    e2b_mcp__pa_failed, e2b_mcp__prompt_failed, "e2b_get_sandbox e2b_get_sandbox_logs"),
  E2B_MCP__PROMPT("e2b_sandbox_usage", "How much did this sandbox use",
    "A summary of a sandbox's CPU, memory and disk metrics, and whether it is sized right.",
    e2b_mcp__pa_usage, e2b_mcp__prompt_usage, "e2b_get_sandbox_metrics"),
  E2B_MCP__PROMPT("e2b_pause_by_metadata", "Pause everything with metadata K=V",
    "Lists the running sandboxes with a metadata key=value and, once you confirm, pauses them all.",
    e2b_mcp__pa_pause, e2b_mcp__prompt_pause, "e2b_list_sandboxes e2b_pause_sandbox"),
  E2B_MCP__PROMPT("e2b_start_sandbox", "Start a sandbox of template T for N minutes",
    "Starts one sandbox of a template for a few minutes, after you confirm (it costs money).",
    e2b_mcp__pa_start, e2b_mcp__prompt_start, "e2b_create_sandbox")
#if E2B_MCP_TOOL_FORK_SANDBOX
  , E2B_MCP__PROMPT("e2b_fork_and_try", "Fork a sandbox to try approaches in parallel",
    "Copies a running sandbox once per approach (after you confirm: each copy bills), runs one approach in each and compares.",
    e2b_mcp__pa_fork, e2b_mcp__prompt_fork, "e2b_fork_sandbox")
#endif
#if E2B_MCP_TOOL_SET_SANDBOX_NETWORK
  , E2B_MCP__PROMPT("e2b_lock_down_network", "Lock down a sandbox's network",
    "Shows a sandbox's network rules and replaces them so it reaches only the hosts you name.",
    e2b_mcp__pa_lock, e2b_mcp__prompt_lock_down, "e2b_get_sandbox e2b_set_sandbox_network")
#endif
#if E2B_MCP_TOOL_GET_TEAM_USAGE
  , E2B_MCP__PROMPT("e2b_weekly_usage_review", "Weekly usage review",
    "The team's peak and current usage over the last days, what started and stopped, and what still runs and costs.",
    e2b_mcp__pa_weekly, e2b_mcp__prompt_weekly, "e2b_get_team_usage e2b_list_sandboxes")
#endif
};
typedef char e2b_mcp__builtin_prompts_must_fit_their_room[E2B_MCP__COUNT(e2b_mcp__builtin_prompts) <= E2B_MCP__PROMPT_ROOM ? 1 : -1];

/* Whether a prompt is offered now: a custom one always, one of E2B's while
   every tool it names is. */
static int e2b_mcp__prompt_offered(e2b_mcp_server *s, const e2b_mcp__ctx *cx, const e2b_mcp_prompt *p) {
  const char *n;
  int i;
  for (i = 0; i < (int)E2B_MCP__COUNT(e2b_mcp__builtin_prompts) && p != &e2b_mcp__builtin_prompts[i]; i++) {}
  if (i == (int)E2B_MCP__COUNT(e2b_mcp__builtin_prompts)) return 1;
  for (n = (const char *)p->user; *n; ) {
    size_t k = strcspn(n, " ");
    if (!e2b_mcp__tool_for(s, cx, n, k)) return 0;
    n += k;
    while (*n == ' ') n++;
  }
  return 1;
}

E2B_MCP_DEF int e2b_mcp_add_prompt(e2b_mcp_server *s, const e2b_mcp_prompt *p) {
  int i;
  if (!p || !p->name || !*p->name || !p->fn || p->nargs < 0 || (p->nargs && !p->args)) return -1;
  for (i = 0; i < p->nargs; i++) if (!p->args[i].name) return -1;
  for (i = 0; i < s->nprompts; i++) if (strcmp(s->prompts[i]->name, p->name) == 0) return -1;
  if (s->nprompts_custom >= E2B_MCP_MAX_PROMPTS) return -1;
  s->prompts[s->nprompts++] = p;
  s->nprompts_custom++;
  return 0;
}
static const e2b_mcp_prompt *e2b_mcp__find_prompt(e2b_mcp_server *s, const e2b_mcp__ctx *cx, const char *js, const jsmntok_t *t) {
  int i;
  for (i = 0; i < s->nprompts; i++)
    if (e2b_mcp__tok_eq(js, t, s->prompts[i]->name) && e2b_mcp__prompt_offered(s, cx, s->prompts[i])) return s->prompts[i];
  return NULL;
}

/* ---- the methods ---- */


static void e2b_mcp__on_prompts_list(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int params, const char *id) {
  e2b_mcp_json w;
  int i, k, end, start = e2b_mcp__list_cursor(s, m, js, t, params, id, s->nprompts);
  if (start < 0) return;
  end = start + E2B_MCP_TOOLS_PAGE;
  if (end > s->nprompts) end = s->nprompts;
  e2b_mcp__reply_begin(s, m, &w, id);
  e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "prompts"); e2b_mcp_json_arr(&w);
  for (i = start; i < end; i++) {
    const e2b_mcp_prompt *p = s->prompts[i];
    if (!e2b_mcp__prompt_offered(s, m->cx, p)) continue;
    e2b_mcp_json_obj(&w);
    e2b_mcp_json_key(&w, "name"); e2b_mcp_json_str(&w, p->name);
    if (p->title && m->cx->sess->version >= E2B_MCP__V2025_06) { e2b_mcp_json_key(&w, "title"); e2b_mcp_json_str(&w, p->title); }
    e2b_mcp_json_key(&w, "description"); e2b_mcp_json_str(&w, p->description ? p->description : p->name);
    e2b_mcp_json_key(&w, "arguments"); e2b_mcp_json_arr(&w);
    for (k = 0; k < p->nargs; k++) {
      e2b_mcp_json_obj(&w);
      e2b_mcp_json_key(&w, "name"); e2b_mcp_json_str(&w, p->args[k].name);
      if (p->args[k].description) { e2b_mcp_json_key(&w, "description"); e2b_mcp_json_str(&w, p->args[k].description); }
      e2b_mcp_json_key(&w, "required"); e2b_mcp_json_bool(&w, p->args[k].required != 0);
      e2b_mcp_json_obj_end(&w);
    }
    e2b_mcp_json_arr_end(&w);
    e2b_mcp_json_obj_end(&w);
  }
  e2b_mcp_json_arr_end(&w);
  if (end < s->nprompts) { char b[24]; e2b_mcp__fmt_ll(b, end); e2b_mcp_json_key(&w, "nextCursor"); e2b_mcp_json_str(&w, b); }
  if (m->cx->sess->version == E2B_MCP__V2026_07) e2b_mcp__cache_fields(&w, s->cfg.list_ttl_ms, "public");   /* the same for every client */
  e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(m, &w);
}

/* A get's answer: the prompt's error result is the request's error (-32602:
   the arguments are the client's to fix), else its messages. */
static void e2b_mcp__prompt_reply(e2b_mcp_call *c, e2b_mcp_json *w) {
  e2b_mcp_server *s = c->srv;
  if (!w) {
    if (c->fail_code || c->input_required) return;
    if (c->content.err) e2b_mcp_result_error(c, "The prompt's messages do not fit in this server's buffer (%lu bytes).", (unsigned long)sizeof s->content);
    else if (!c->is_error && !c->content.len) e2b_mcp_result_error(c, "The prompt %s wrote no message.", c->tool->name);
    if (c->is_error) c->fail_code = E2B_MCP__INVALID_PARAMS;   /* its text is in s->errmsg already */
    return;
  }
  e2b_mcp_json_obj(w);
  if (c->tool->description) { e2b_mcp_json_key(w, "description"); e2b_mcp_json_str(w, c->tool->description); }
  e2b_mcp_json_key(w, "messages"); e2b_mcp_json_arr(w);
  e2b_mcp_json_raw(w, c->content.buf, c->content.len);
  e2b_mcp_json_arr_end(w);
  if (c->modern) { e2b_mcp_json_key(w, "resultType"); e2b_mcp_json_str(w, "complete"); }
  e2b_mcp_json_obj_end(w);
}

/* The arguments against the prompt's: an object of strings, every name
   declared, every required one there and not empty. 0, or -1 with the error
   result set. */
static int e2b_mcp__prompt_args(e2b_mcp_call *c, const e2b_mcp_prompt *p) {
  const char *js = c->js;
  const jsmntok_t *t = c->tok;
  int i, k, j;
  if (c->args >= 0) {
    for (i = c->args + 1, k = 0; k < t[c->args].size; k++, i = e2b_mcp__tok_skip(t, i + 1)) {
      int n = t[i].end - t[i].start;
      for (j = 0; j < p->nargs && !e2b_mcp__tok_eq(js, &t[i], p->args[j].name); j++) {}
      if (j == p->nargs) {
        char names[200];
        size_t o = 0;
        for (j = 0; j < p->nargs; j++) o += e2b_mcp__fmt(names + o, sizeof names - o, "%s%s", j ? ", " : "", p->args[j].name);
        e2b_mcp_result_error(c, "Invalid arguments for prompt %s: it has no argument '%.*s'; %s%s.", p->name, n > 60 ? 60 : n,
                             js + t[i].start, p->nargs ? "it takes " : "it takes none", names);
        return -1;
      }
      if (t[i + 1].type != JSMN_STRING) {
        e2b_mcp_result_error(c, "Invalid arguments for prompt %s: '%s' must be a string (prompt arguments are text).", p->name, p->args[j].name);
        return -1;
      }
    }
  }
  for (j = 0; j < p->nargs; j++) {
    int a;
    if (!p->args[j].required) continue;
    a = e2b_mcp__tok_get(js, t, c->args, p->args[j].name);
    if (a < 0 || t[a].end == t[a].start) {
      e2b_mcp_result_error(c, "Invalid arguments for prompt %s: the required argument '%s' is %s (%s).", p->name, p->args[j].name,
                           a < 0 ? "missing" : "empty", p->args[j].description ? p->args[j].description : "a string");
      return -1;
    }
  }
  return 0;
}

static void e2b_mcp__on_prompts_get(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int params, const char *id) {
  e2b_mcp_call c;
  e2b_mcp_tool row;
  const e2b_mcp_prompt *p;
  int name = e2b_mcp__tok_get(js, t, params, "name"), args = e2b_mcp__tok_get(js, t, params, "arguments");
  if (name < 0 || t[name].type != JSMN_STRING) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, "prompts/get needs params.name, the prompt's name (prompts/list names them)");
    return;
  }
  if (!(p = e2b_mcp__find_prompt(s, m->cx, js, &t[name]))) {
    char text[160];
    int n = t[name].end - t[name].start;
    e2b_mcp__fmt(text, sizeof text, "Unknown prompt: %.*s (prompts/list names the prompts)", n > 80 ? 80 : n, js + t[name].start);
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, text);
    return;
  }
  if (args >= 0 && t[args].type == JSMN_PRIMITIVE && js[t[args].start] == 'n') args = -1;
  if (args >= 0 && t[args].type != JSMN_OBJECT) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, "params.arguments must be a JSON object of strings");
    return;
  }
  memset(&row, 0, sizeof row);
  row.name = p->name;
  row.description = p->description;
  row.input_schema = "{\"type\":\"object\"}";
  row.user = p->user;
  memset(&c, 0, sizeof c);
  if (e2b_mcp__call_fill(s, m, &c, &row, js, t, args, params, id) != 0) return;
  c.reply = e2b_mcp__prompt_reply;
  e2b_mcp__result_reset(&c);
  if (e2b_mcp__prompt_args(&c, p) == 0) p->fn(&c);
  e2b_mcp__reply_call(s, m, &c, id);
}

static int e2b_mcp__prompts_handle(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int meth, int params, const char *id) {
  if (e2b_mcp__tok_eq(js, &t[meth], "prompts/list")) e2b_mcp__on_prompts_list(s, m, js, t, params, id);
  else if (e2b_mcp__tok_eq(js, &t[meth], "prompts/get")) e2b_mcp__on_prompts_get(s, m, js, t, params, id);
  else return 0;
  return 1;
}
static void e2b_mcp__prompts_caps(e2b_mcp_server *s, e2b_mcp_json *w, int modern) {
  (void)modern;
  (void)s;
  e2b_mcp_json_key(w, "prompts"); e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "listChanged"); e2b_mcp_json_bool(w, 0);
  e2b_mcp_json_obj_end(w);
}
static const e2b_mcp__surface e2b_mcp__prompts_surface = { e2b_mcp__prompts_handle, e2b_mcp__prompts_caps };

/* Set-up (e2b_mcp_init): E2B's prompts, and the methods. */
static void e2b_mcp__prompts_init(e2b_mcp_server *s) {
  int i;
  for (i = 0; i < (int)E2B_MCP__COUNT(e2b_mcp__builtin_prompts); i++) s->prompts[s->nprompts++] = &e2b_mcp__builtin_prompts[i];
  s->surface[s->nsurface++] = &e2b_mcp__prompts_surface;
}
#endif
/* >>resources ----------------------------------------------------------------
   resources/list, resources/templates/list and resources/read, in both eras
   and over whatever transport brought them. E2B's resources are rows that
   name the tool they are read through and its arguments: a read makes that
   tool's call in a call slot, like a tools/call (the same checks, E2B call,
   shaping, redaction, 429 cool-downs), and its answer is the tool's
   structured result as the resource's JSON text instead of a tool result
   (e2b_mcp_call.reply). A resource of your own is read at once on a call
   record of its own, as a prompt is got. Unknown URIs get what the revision
   says: -32002 with the URI in the 2025 revisions, -32602 with it in
   2026-07-28; so does E2B's 404 (the sandbox ended). Resources are listed
   only for a request with a key (reading them can only fail without one),
   and only while the tool they are read through is offered. */
#if E2B_MCP_WITH_RESOURCES
#define E2B_MCP__RESOURCE_NOT_FOUND (-32002)   /* the 2025 revisions' code; 2026-07-28 says -32602 */

/* E2B's resources: {sandboxID} and {templateID} stand for one ID (letters,
   digits, '-' and '_'), put into the tool's arguments at %s. */
typedef struct e2b_mcp__res {
  const char *uri, *name, *title, *description, *tool, *args;
} e2b_mcp__res;
static const e2b_mcp__res e2b_mcp__builtin_resources[] = {
  { "e2b://sandboxes", "sandboxes", "Running sandboxes",
    "The running sandboxes (the first 100): ID, template, metadata, start and end time (e2b_list_sandboxes).",
    "e2b_list_sandboxes", "{\"state\":[\"running\"]}" },
  { "e2b://templates", "templates", "Templates", "The team's templates: IDs, names, resources (e2b_list_templates).",
    "e2b_list_templates", "{}" },
  { "e2b://default-templates", "default-templates", "Default templates",
    "E2B's public templates (base, code-interpreter-v1, ...), with CPU, memory and disk (e2b_list_default_templates).",
    "e2b_list_default_templates", "{}" },
  { "e2b://snapshots", "snapshots", "Snapshots", "The team's sandbox snapshots (e2b_list_snapshots).", "e2b_list_snapshots", "{}" },
#if E2B_MCP_TOOL_LIST_EVENTS
  { "e2b://events", "events", "Lifecycle events",
    "The team's latest sandbox lifecycle events, newest first: created, updated, paused, resumed, checkpointed, killed "
    "(e2b_list_events).", "e2b_list_events", "{}" },
#endif
  /* the templates */
  { "e2b://sandboxes/{sandboxID}", "sandbox", "Sandbox",
    "One sandbox: state, template, metadata, CPU, memory, start and end time (e2b_get_sandbox).", "e2b_get_sandbox",
    "{\"sandbox_id\":\"%s\"}" },
  { "e2b://sandboxes/{sandboxID}/logs", "sandbox-logs", "Sandbox logs", "A sandbox's latest 100 log entries (e2b_get_sandbox_logs).",
    "e2b_get_sandbox_logs", "{\"sandbox_id\":\"%s\"}" },
  { "e2b://sandboxes/{sandboxID}/metrics", "sandbox-metrics", "Sandbox metrics",
    "A sandbox's CPU, memory and disk samples with their summary (e2b_get_sandbox_metrics).", "e2b_get_sandbox_metrics",
    "{\"sandbox_id\":\"%s\"}" },
#if E2B_MCP_TOOL_LIST_EVENTS
  { "e2b://sandboxes/{sandboxID}/events", "sandbox-events", "Sandbox lifecycle events",
    "One sandbox's latest lifecycle events, newest first (e2b_list_events).", "e2b_list_events", "{\"sandbox_id\":\"%s\"}" },
#endif
  { "e2b://templates/{templateID}", "template-builds", "Template builds", "A template's builds and their status (e2b_list_template_builds).",
    "e2b_list_template_builds", "{\"template_id\":\"%s\"}" }
};
#define E2B_MCP__RES_N ((int)E2B_MCP__COUNT(e2b_mcp__builtin_resources))

/* Whether uri is what the template tpl stands for: each {name} is one or more
   bytes up to the template's next literal byte, never '/' (with ids: only an
   ID's characters). The value of var (NULL: the first variable) goes into
   buf; *got says 1 found, 0 no such variable, -1 too long for buf. */
static int e2b_mcp__uri_match(const char *tpl, const char *uri, int ids, const char *var, char *buf, size_t cap, int *got) {
  *got = 0;
  while (*tpl) {
    if (*tpl == '{') {
      const char *e = e2b_mcp__strchr(tpl, '}'), *name = tpl + 1;
      size_t n = 0;
      if (!e) return 0;
      tpl = e + 1;
      while (uri[n] && uri[n] != '/' && uri[n] != *tpl) {
        char ch = uri[n];
        if (ids && !((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '-' || ch == '_')) return 0;
        n++;
      }
      if (!n || (ids && n >= E2B_MCP_ID_MAX)) return 0;
      if (!*got && (!var || (strlen(var) == (size_t)(e - name) && memcmp(var, name, (size_t)(e - name)) == 0))) {
        if (n >= cap) *got = -1;
        else { memcpy(buf, uri, n); buf[n] = 0; *got = 1; }
      }
      uri += n;
    } else if (*tpl++ != *uri++) return 0;
  }
  return *uri == 0;
}
static int e2b_mcp__is_template(const char *uri) { return e2b_mcp__strchr(uri, '{') != NULL; }
static const e2b_mcp_tool *e2b_mcp__res_tool(e2b_mcp_server *s, const e2b_mcp__ctx *cx, const e2b_mcp__res *r) {
  return e2b_mcp__tool_for(s, cx, r->tool, strlen(r->tool));
}

/* ---- contents ---- */
static void e2b_mcp__content_begin(e2b_mcp_call *c, const char *mime) {
  e2b_mcp_json *w = &c->content;
  if (w->len) e2b_mcp__w_c(w, ',');   /* items of one array */
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "uri"); e2b_mcp_json_str(w, c->ref);
  if (mime) { e2b_mcp_json_key(w, "mimeType"); e2b_mcp_json_str(w, mime); }
}
E2B_MCP_DEF void e2b_mcp_resource_text(e2b_mcp_call *c, const char *mime, const char *text) {
  e2b_mcp__content_begin(c, mime);
  e2b_mcp_json_key(&c->content, "text"); e2b_mcp_json_str(&c->content, text);
  e2b_mcp_json_obj_end(&c->content);
}
E2B_MCP_DEF void e2b_mcp_resource_blob(e2b_mcp_call *c, const char *mime, const char *base64) {
  e2b_mcp__content_begin(c, mime);
  e2b_mcp_json_key(&c->content, "blob"); e2b_mcp_json_str(&c->content, base64);
  e2b_mcp_json_obj_end(&c->content);
}
/* The resource's own row carries its URI template in title (e2b_mcp__read_own). */
E2B_MCP_DEF int e2b_mcp_uri_var(e2b_mcp_call *c, const char *name, char *buf, size_t cap) {
  int got;
  if (!c->tool || !c->tool->title || !e2b_mcp__uri_match(c->tool->title, c->ref, 0, name, buf, cap, &got)) return 0;
  return got;
}

E2B_MCP_DEF int e2b_mcp_add_resource(e2b_mcp_server *s, const e2b_mcp_resource *r) {
  int i;
  if (!r || !r->uri || !*r->uri || !r->name || !r->fn || strlen(r->uri) >= E2B_MCP__REF_MAX) return -1;
  for (i = 0; i < E2B_MCP__RES_N; i++) if (strcmp(e2b_mcp__builtin_resources[i].uri, r->uri) == 0) return -1;
  for (i = 0; i < s->nresources; i++) if (strcmp(s->resources[i]->uri, r->uri) == 0) return -1;
  if (s->nresources >= E2B_MCP_MAX_RESOURCES) return -1;
  s->resources[s->nresources++] = r;
  return 0;
}

/* ---- the answer of a read ---- */
static void e2b_mcp__resource_reply(e2b_mcp_call *c, e2b_mcp_json *w) {
  e2b_mcp_server *s = c->srv;
  int e2b = c->tool->build != NULL;   /* read through an E2B tool: its structured result is the text */
  if (!w) {
    if (c->fail_code || c->input_required) return;
    if (!e2b && c->content.err) e2b_mcp_result_error(c, "The contents of %s do not fit in this server's buffer (%lu bytes).", c->ref, (unsigned long)sizeof s->content);
    else if (!c->is_error && (e2b ? !c->has_out : !c->content.len)) e2b_mcp_result_error(c, "The resource %s has no contents.", c->ref);
    if (c->is_error) {   /* its text is in s->errmsg; the URI goes in the error's data, written where no result is now */
      e2b_mcp_json d;
      int gone = e2b && strncmp(s->errmsg, "E2B answered 404", 16) == 0;
      c->fail_code = gone ? (c->modern ? E2B_MCP__INVALID_PARAMS : E2B_MCP__RESOURCE_NOT_FOUND) : E2B_MCP__INTERNAL_ERROR;
      e2b_mcp_json_init(&d, s->result, sizeof s->result - 1);
      e2b_mcp_json_obj(&d);
      e2b_mcp_json_key(&d, "uri"); e2b_mcp_json_str(&d, c->ref);
      e2b_mcp_json_obj_end(&d);
      s->result[d.err ? 0 : d.len] = 0;
      c->fail_data = d.err ? NULL : s->result;
    }
    return;
  }
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "contents"); e2b_mcp_json_arr(w);
  if (e2b) {
    e2b_mcp_json_obj(w);
    e2b_mcp_json_key(w, "uri"); e2b_mcp_json_str(w, c->ref);
    e2b_mcp_json_key(w, "mimeType"); e2b_mcp_json_str(w, "application/json");
    e2b_mcp_json_key(w, "text"); e2b_mcp_json_strn(w, c->out.buf, c->out.len);
    e2b_mcp_json_obj_end(w);
  } else e2b_mcp_json_raw(w, c->content.buf, c->content.len);
  e2b_mcp_json_arr_end(w);
  /* live data read with the caller's key: nobody else may reuse it, and it is stale at once */
  if (c->modern) e2b_mcp__cache_fields(w, 0, "private");
  e2b_mcp_json_obj_end(w);
}

#if E2B_MCP_WITH_APP
/* ---- the MCP App (SEP-1865): ui://e2b/sandboxes ----
   The page is src/app/sandboxes.html, written into this header as lines of
   C text by `make header`. It is served to a client that declared the
   extension, as the extension's MIME type, with a content security policy
   that names no other origin: it loads nothing from outside, and reaches
   E2B only through the host's tools/call, so consent, scopes, the audit
   and the budgets apply to the user's clicks as to a model's calls. Where
   the page says @CONFIG@ it is told what this caller may do: the actions
   whose tools this caller may call (the tool selection, enable_kill, the
   access token's scopes), and the team's concurrency limit. */
static const char *const e2b_mcp__app_html[] = {
  "<!DOCTYPE html>\n",
  "<!-- The MCP App of e2b_mcp.h (ui://e2b/sandboxes, the io.modelcontextprotocol/ui extension).\n",
  "     It talks to its host only: JSON-RPC over postMessage, ui/initialize, then tools/call for\n",
  "     every read and every action, so the server's consent, scopes, audit and budgets apply.\n",
  "     It loads nothing: no script, style, font or image from anywhere. -->\n",
  "<html lang=\"en\">\n",
  "<head>\n",
  "<meta charset=\"utf-8\">\n",
  "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n",
  "<title>E2B sandboxes</title>\n",
  "<style>\n",
  ":root {\n",
  "  color-scheme: light dark;\n",
  "  --bg: var(--color-background-primary, light-dark(#ffffff, #171717));\n",
  "  --bg2: var(--color-background-secondary, light-dark(#f4f4f5, #262626));\n",
  "  --fg: var(--color-text-primary, light-dark(#171717, #fafafa));\n",
  "  --fg2: var(--color-text-secondary, light-dark(#52525b, #a1a1aa));\n",
  "  --line: var(--color-border-primary, light-dark(#d4d4d8, #3f3f46));\n",
  "  --ok: var(--color-text-success, light-dark(#166534, #4ade80));\n",
  "  --warn: var(--color-text-warning, light-dark(#92400e, #fbbf24));\n",
  "  --bad: var(--color-text-danger, light-dark(#b91c1c, #f87171));\n",
  "  --ring: var(--color-ring-primary, light-dark(#1d4ed8, #93c5fd));\n",
  "  --radius: var(--border-radius-md, 6px);\n",
  "  font-family: var(--font-sans, system-ui, sans-serif);\n",
  "  font-size: var(--font-text-sm-size, 14px);\n",
  "}\n",
  "body { margin: 0; padding: 12px; background: var(--bg); color: var(--fg); }\n",
  "h1, h2, h3 { margin: 0 0 8px; font-size: 1.15em; }\n",
  "h3 { font-size: 1em; }\n",
  "button, select, input { font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--line);\n",
  "  border-radius: var(--radius); padding: 3px 8px; }\n",
  "button { cursor: pointer; }\n",
  "button.danger { color: var(--bad); border-color: var(--bad); }\n",
  "button.link { border: 0; padding: 0; background: none; text-decoration: underline; font-family: var(--font-mono, monospace); }\n",
  ":focus-visible { outline: 2px solid var(--ring); outline-offset: 2px; }\n",
  ".bar { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; margin-bottom: 10px; }\n",
  ".bar .grow { flex: 1; }\n",
  "table { border-collapse: collapse; width: 100%; }\n",
  "th, td { text-align: left; padding: 5px 8px; border-bottom: 1px solid var(--line); vertical-align: top; white-space: nowrap; }\n",
  "td.wrap, td.msg { white-space: normal; }\n",
  "th { color: var(--fg2); font-weight: 600; }\n",
  ".muted { color: var(--fg2); }\n",
  ".running { color: var(--ok); }\n",
  ".paused { color: var(--warn); }\n",
  ".tag { display: inline-block; background: var(--bg2); border-radius: var(--radius); padding: 0 6px; margin: 0 4px 2px 0; }\n",
  "#status:not(:empty) { margin: 8px 0; padding: 6px 8px; border-left: 3px solid var(--bad); background: var(--bg2); }\n",
  ".charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); gap: 12px; margin: 12px 0; }\n",
  "figure { margin: 0; padding: 8px; background: var(--bg2); border-radius: var(--radius); }\n",
  "figcaption { color: var(--fg2); margin-bottom: 4px; }\n",
  "svg { width: 100%; height: 110px; display: block; }\n",
  "svg .axis { stroke: var(--line); }\n",
  "svg .series { fill: none; stroke: var(--ring); stroke-width: 1.5; }\n",
  "svg circle { fill: var(--ring); }\n",
  "svg text { fill: var(--fg2); font-size: 10px; }\n",
  "dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0 0 8px; }\n",
  "dt { color: var(--fg2); }\n",
  "dd { margin: 0; }\n",
  ".level-warn { color: var(--warn); }\n",
  ".level-error { color: var(--bad); }\n",
  "td.msg { font-family: var(--font-mono, monospace); word-break: break-word; }\n",
  "[hidden] { display: none !important; }\n",
  "</style>\n",
  "</head>\n",
  "<body>\n",
  "<script type=\"application/json\" id=\"e2b-config\">\n",
  "@CONFIG@\n",
  "</script>\n",
  "<div id=\"status\" role=\"alert\"></div>\n",
  "\n",
  "<main id=\"overview\" aria-labelledby=\"ov-title\">\n",
  "  <div class=\"bar\">\n",
  "    <h1 id=\"ov-title\" class=\"grow\">Sandboxes</h1>\n",
  "    <span id=\"concurrency\"></span>\n",
  "    <button id=\"refresh\" type=\"button\">Refresh</button>\n",
  "  </div>\n",
  "  <div class=\"bar\">\n",
  "    <label>State\n",
  "      <select id=\"f-state\">\n",
  "        <option value=\"\">all</option><option value=\"running\">running</option><option value=\"paused\">paused</option>\n",
  "      </select>\n",
  "    </label>\n",
  "    <label>Metadata <input id=\"f-meta\" type=\"search\" placeholder=\"user=alice\" size=\"18\"></label>\n",
  "    <span id=\"shown\" class=\"muted\" aria-live=\"polite\"></span>\n",
  "  </div>\n",
  "  <table>\n",
  "    <caption class=\"muted\" id=\"ov-caption\" hidden></caption>\n",
  "    <thead><tr><th scope=\"col\">Sandbox</th><th scope=\"col\">State</th><th scope=\"col\">Template</th><th scope=\"col\">Age</th>\n",
  "      <th scope=\"col\">Time left</th><th scope=\"col\">Metadata</th><th scope=\"col\" id=\"actions-head\">Actions</th></tr></thead>\n",
  "    <tbody id=\"rows\"></tbody>\n",
  "  </table>\n",
  "</main>\n",
  "\n",
  "<main id=\"detail\" aria-labelledby=\"dt-title\" hidden>\n",
  "  <div class=\"bar\">\n",
  "    <button id=\"back\" type=\"button\">&larr; All sandboxes</button>\n",
  "    <h2 id=\"dt-title\" class=\"grow\"></h2>\n",
  "    <span id=\"dt-actions\"></span>\n",
  "  </div>\n",
  "  <dl id=\"facts\"></dl>\n",
  "  <section aria-labelledby=\"m-title\">\n",
  "    <h3 id=\"m-title\">Usage over time</h3>\n",
  "    <div class=\"charts\" id=\"charts\"></div>\n",
  "  </section>\n",
  "  <section aria-labelledby=\"l-title\">\n",
  "    <div class=\"bar\">\n",
  "      <h3 id=\"l-title\" class=\"grow\">Logs</h3>\n",
  "      <label>Level\n",
  "        <select id=\"l-level\">\n",
  "          <option value=\"\">all</option><option>debug</option><option>info</option><option>warn</option><option>error</option>\n",
  "        </select>\n",
  "      </label>\n",
  "      <button id=\"l-newest\" type=\"button\">Newest</button>\n",
  "      <button id=\"l-older\" type=\"button\">Older</button>\n",
  "    </div>\n",
  "    <table>\n",
  "      <thead><tr><th scope=\"col\">Time</th><th scope=\"col\">Level</th><th scope=\"col\">Message</th></tr></thead>\n",
  "      <tbody id=\"logs\"></tbody>\n",
  "    </table>\n",
  "  </section>\n",
  "</main>\n",
  "\n",
  "<script>\n",
  "'use strict';\n",
  "const config = JSON.parse(document.getElementById('e2b-config').textContent);\n",
  "const can = (action) => config.actions.includes(action);\n",
  "const $ = (id) => document.getElementById(id);\n",
  "\n",
  "/* ---- the host: JSON-RPC 2.0 over postMessage (SEP-1865) ---- */\n",
  "const pending = new Map();\n",
  "let nextId = 1;\n",
  "function post(msg) { window.parent.postMessage(msg, '*'); }\n",
  "function request(method, params) {\n",
  "  const id = nextId++;\n",
  "  post({ jsonrpc: '2.0', id, method, params });\n",
  "  return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));\n",
  "}\n",
  "window.addEventListener('message', (event) => {\n",
  "  const m = event.data;\n",
  "  if (event.source !== window.parent || !m || m.jsonrpc !== '2.0') return;\n",
  "  if (m.method === undefined && pending.has(m.id)) {\n",
  "    const p = pending.get(m.id);\n",
  "    pending.delete(m.id);\n",
  "    if (m.error) p.reject(new Error(m.error.message)); else p.resolve(m.result);\n",
  "  } else if (m.method === 'ui/notifications/host-context-changed') applyHost(m.params);\n",
  "  else if (m.method === 'ui/notifications/tool-input') toolInput(m.params.arguments || {});\n",
  "  else if (m.method === 'ui/notifications/tool-result') toolResult(m.params);\n",
  "  else if (m.method === 'ui/resource-teardown' || m.method === 'ping') post({ jsonrpc: '2.0', id: m.id, result: {} });\n",
  "});\n",
  "\n",
  "/* The host's theme and style variables (light or dark; colours, fonts, radii). */\n",
  "function applyHost(ctx) {\n",
  "  if (!ctx) return;\n",
  "  const root = document.documentElement;\n",
  "  if (ctx.theme) { root.style.colorScheme = ctx.theme; root.dataset.theme = ctx.theme; }\n",
  "  const vars = ctx.styles && ctx.styles.variables;\n",
  "  if (vars) for (const [k, v] of Object.entries(vars)) if (k.startsWith('--') && v) root.style.setProperty(k, v);\n",
  "}\n",
  "\n",
  "/* A tool of the server, through the host: its structured result, or an Error with its text. */\n",
  "async function callTool(name, args) {\n",
  "  const r = await request('tools/call', { name, arguments: args });\n",
  "  const text = (r.content || []).map((c) => c.text || '').join(' ');\n",
  "  if (r.isError) throw new Error(text || name + ' failed');\n",
  "  return r.structuredContent || JSON.parse(text);\n",
  "}\n",
  "function say(text) { $('status').textContent = text; }\n",
  "async function guarded(fn) {\n",
  "  say('');\n",
  "  try { await fn(); } catch (e) { say(e.message); }\n",
  "}\n",
  "\n",
  "/* ---- formatting ---- */\n",
  "function span(ms) {\n",
  "  const m = Math.max(0, Math.round(ms / 60000));\n",
  "  if (m < 60) return m + ' min';\n",
  "  const h = Math.floor(m / 60);\n",
  "  return h < 48 \? h + ' h ' + (m % 60) + ' min' : Math.floor(h / 24) + ' d ' + (h % 24) + ' h';\n",
  "}\n",
  "function el(tag, attrs, ...kids) {\n",
  "  const e = document.createElement(tag);\n",
  "  for (const [k, v] of Object.entries(attrs || {})) {\n",
  "    if (k === 'class') e.className = v; else if (k.startsWith('on')) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v);\n",
  "  }\n",
  "  for (const k of kids) if (k !== null && k !== undefined) e.append(k);\n",
  "  return e;\n",
  "}\n",
  "function bytes(n) { return n >= 1 << 30 \? (n / (1 << 30)).toFixed(1) + ' GiB' : Math.round(n / (1 << 20)) + ' MiB'; }\n",
  "\n",
  "/* ---- actions: each one tool call, so the server asks, checks and records as for a model ---- */\n",
  "const ACTIONS = {\n",
  "  pause: { label: 'Pause', when: 'running', run: (s) => callTool('e2b_pause_sandbox', { sandbox_id: s.sandboxID }) },\n",
  "  resume: { label: 'Resume', when: 'paused', run: (s) => callTool('e2b_resume_sandbox', { sandbox_id: s.sandboxID, timeout: 300 }) },\n",
  "  extend: { label: 'Extend 10 min', when: 'running', run: (s) => callTool('e2b_set_sandbox_timeout',\n",
  "    { sandbox_id: s.sandboxID, timeout: Math.round(Math.max(0, Date.parse(s.endAt) - Date.now()) / 1000) + 600 }) },\n",
  "  kill: { label: 'Kill', when: '', danger: true, run: (s) => callTool('e2b_kill_sandbox', { sandbox_id: s.sandboxID }) },\n",
  "};\n",
  "function actionButtons(s, after) {\n",
  "  const out = [];\n",
  "  for (const [name, a] of Object.entries(ACTIONS)) {\n",
  "    if (!can(name) || (a.when && a.when !== s.state)) continue;\n",
  "    const b = el('button', { type: 'button', class: a.danger \? 'danger' : '', 'data-action': name,\n",
  "      'aria-label': a.label + ' ' + s.sandboxID }, a.label);\n",
  "    b.addEventListener('click', () => {\n",
  "      if (a.danger && !b.dataset.armed) {   /* a kill takes a second, deliberate press */\n",
  "        b.dataset.armed = '1';\n",
  "        b.textContent = 'Confirm kill';\n",
  "        b.setAttribute('aria-label', 'Confirm: kill ' + s.sandboxID);\n",
  "        return;\n",
  "      }\n",
  "      b.disabled = true;\n",
  "      guarded(async () => { await a.run(s); await after(); }).finally(() => { b.disabled = false; });\n",
  "    });\n",
  "    out.push(b, ' ');\n",
  "  }\n",
  "  return out;\n",
  "}\n",
  "\n",
  "/* ---- the overview ---- */\n",
  "let sandboxes = [];\n",
  "async function loadOverview() {\n",
  "  const r = await callTool('e2b_list_sandboxes', { state: ['running', 'paused'], limit: 100 });\n",
  "  sandboxes = r.data || [];\n",
  "  const running = sandboxes.filter((s) => s.state === 'running').length;\n",
  "  const n = typeof r.total_running === 'number' \? r.total_running : running;\n",
  "  const c = $('concurrency');\n",
  "  c.replaceChildren(config.limit\n",
  "    \? el('label', {}, n + ' of ' + config.limit + ' running ',\n",
  "         el('meter', { min: '0', max: String(config.limit), value: String(n), high: String(config.limit * 0.8) }))\n",
  "    : n + ' running');\n",
  "  renderRows();\n",
  "}\n",
  "function matches(s) {\n",
  "  const state = $('f-state').value, meta = $('f-meta').value.trim();\n",
  "  if (state && s.state !== state) return false;\n",
  "  if (!meta) return true;\n",
  "  const [k, v] = meta.split('=');\n",
  "  const md = s.metadata || {};\n",
  "  return v === undefined \? Object.keys(md).some((x) => x.includes(k) || String(md[x]).includes(k)) : md[k.trim()] === v.trim();\n",
  "}\n",
  "function renderRows() {\n",
  "  const now = Date.now();\n",
  "  const shown = sandboxes.filter(matches);\n",
  "  $('actions-head').hidden = config.actions.length === 0;\n",
  "  $('rows').replaceChildren(...shown.map((s) => {\n",
  "    const left = s.state === 'running' \? span(Date.parse(s.endAt) - now) : '\\u2014';\n",
  "    const md = Object.entries(s.metadata || {}).map(([k, v]) => el('span', { class: 'tag' }, k + '=' + v));\n",
  "    return el('tr', { 'data-sandbox': s.sandboxID },\n",
  "      el('td', {}, el('button', { type: 'button', class: 'link', onclick: () => guarded(() => showDetail(s.sandboxID)),\n",
  "        'aria-label': 'Open ' + s.sandboxID }, s.sandboxID)),\n",
  "      el('td', { class: s.state }, s.state),\n",
  "      el('td', {}, s.alias || s.templateID),\n",
  "      el('td', {}, span(now - Date.parse(s.startedAt))),\n",
  "      el('td', {}, left),\n",
  "      el('td', { class: 'wrap' }, ...md),\n",
  "      config.actions.length \? el('td', {}, ...actionButtons(s, loadOverview)) : null);\n",
  "  }));\n",
  "  $('shown').textContent = shown.length + ' of ' + sandboxes.length + ' shown';\n",
  "}\n",
  "\n",
  "/* ---- one sandbox ---- */\n",
  "let current = null, logCursors = [], shownLogs = [];\n",
  "async function showDetail(id) {\n",
  "  const s = await callTool('e2b_get_sandbox', { sandbox_id: id });\n",
  "  current = s;\n",
  "  $('overview').hidden = true;\n",
  "  $('detail').hidden = false;\n",
  "  $('dt-title').textContent = id;\n",
  "  $('dt-actions').replaceChildren(...actionButtons(s, () => showDetail(id)));\n",
  "  const facts = [['State', s.state], ['Template', s.alias || s.templateID], ['Started', s.startedAt], ['Ends', s.endAt],\n",
  "                 ['CPU', s.cpuCount + ' vCPU'], ['Memory', s.memoryMB + ' MiB']];\n",
  "  for (const [k, v] of Object.entries(s.metadata || {})) facts.push([k, v]);\n",
  "  $('facts').replaceChildren(...facts.flatMap(([k, v]) => [el('dt', {}, k), el('dd', {}, String(v))]));\n",
  "  const end = s.state === 'running' \? Math.floor(Date.now() / 1000) : Math.floor(Date.parse(s.endAt) / 1000);\n",
  "  const m = await callTool('e2b_get_sandbox_metrics', { sandbox_id: id, start: Math.floor(Date.parse(s.startedAt) / 1000), end });\n",
  "  drawCharts(m.data || []);\n",
  "  logCursors = [];\n",
  "  await loadLogs();\n",
  "  $('back').focus();\n",
  "}\n",
  "function drawCharts(points) {\n",
  "  const charts = [\n",
  "    ['CPU use', '%', (p) => p.cpuUsedPct, () => 100],\n",
  "    ['Memory used', 'MiB', (p) => p.memUsed / (1 << 20), (p) => p.memTotal / (1 << 20)],\n",
  "    ['Disk used', 'GiB', (p) => p.diskUsed / (1 << 30), (p) => p.diskTotal / (1 << 30)],\n",
  "  ];\n",
  "  $('charts').replaceChildren(...charts.map(([name, unit, value, total]) => chart(name, unit, points, value, total)));\n",
  "}\n",
  "/* One series as an SVG line over time, 0 to its total; every sample a point. */\n",
  "function chart(name, unit, points, value, total) {\n",
  "  const W = 300, H = 100, ns = 'http://www.w3.org/2000/svg';\n",
  "  const svg = document.createElementNS(ns, 'svg');\n",
  "  const mk = (tag, attrs) => { const e = document.createElementNS(ns, tag); for (const k in attrs) e.setAttribute(k, attrs[k]); return e; };\n",
  "  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);\n",
  "  svg.setAttribute('preserveAspectRatio', 'none');\n",
  "  svg.setAttribute('role', 'img');\n",
  "  const last = points.length \? value(points[points.length - 1]) : 0;\n",
  "  const top = points.length \? Math.max(...points.map(total), ...points.map(value)) || 1 : 1;\n",
  "  svg.setAttribute('aria-label', points.length\n",
  "    \? `${name}: ${points.length} samples, latest ${last.toFixed(1)} ${unit} of ${top.toFixed(1)}` : `${name}: no samples`);\n",
  "  svg.append(mk('line', { class: 'axis', x1: 0, y1: H - 1, x2: W, y2: H - 1 }));\n",
  "  const t0 = points.length \? points[0].timestampUnix : 0, t1 = points.length \? points[points.length - 1].timestampUnix : 1;\n",
  "  const xy = points.map((p) => [((p.timestampUnix - t0) / Math.max(1, t1 - t0)) * (W - 4) + 2, H - 2 - (value(p) / top) * (H - 14)]);\n",
  "  svg.append(mk('polyline', { class: 'series', points: xy.map((q) => q.map((v) => v.toFixed(1)).join(',')).join(' ') }));\n",
  "  for (const [x, y] of xy) svg.append(mk('circle', { cx: x.toFixed(1), cy: y.toFixed(1), r: 1.6 }));\n",
  "  const label = mk('text', { x: 4, y: 10 });\n",
  "  label.textContent = `max ${top.toFixed(top < 10 \? 1 : 0)} ${unit}`;\n",
  "  svg.append(label);\n",
  "  return el('figure', { 'data-points': String(points.length) }, el('figcaption', {}, `${name} (${unit})`), svg);\n",
  "}\n",
  "async function loadLogs() {\n",
  "  const args = { sandbox_id: current.sandboxID, limit: 20, direction: 'backward' };\n",
  "  const level = $('l-level').value;\n",
  "  if (level) args.level = level;\n",
  "  if (logCursors.length) args.cursor = logCursors[logCursors.length - 1];\n",
  "  const r = await callTool('e2b_get_sandbox_logs', args);\n",
  "  /* a page starts at the millisecond the last one ended: the entries shown already go */\n",
  "  const key = (e) => e.timestamp + ' ' + e.message;\n",
  "  const before = new Set(logCursors.length \? shownLogs.map(key) : []);\n",
  "  shownLogs = (r.data || []).filter((e) => !before.has(key(e)));\n",
  "  const rows = shownLogs.map((e) => el('tr', {},\n",
  "    el('td', { class: 'muted' }, (e.timestamp || '').replace('T', ' ').replace('Z', '')),\n",
  "    el('td', { class: 'level-' + e.level }, e.level),\n",
  "    el('td', { class: 'msg' }, e.message)));\n",
  "  $('logs').replaceChildren(...(rows.length \? rows : [el('tr', {}, el('td', { colspan: '3', class: 'muted' }, 'No log entries'))]));\n",
  "  $('l-older').disabled = !r.next_cursor;\n",
  "  $('l-older').dataset.cursor = r.next_cursor || '';\n",
  "  $('l-newest').disabled = logCursors.length === 0;\n",
  "}\n",
  "\n",
  "/* ---- wiring ---- */\n",
  "$('refresh').addEventListener('click', () => guarded(loadOverview));\n",
  "$('f-state').addEventListener('change', renderRows);\n",
  "$('f-meta').addEventListener('input', renderRows);\n",
  "$('back').addEventListener('click', () => {\n",
  "  $('detail').hidden = true;\n",
  "  $('overview').hidden = false;\n",
  "  guarded(loadOverview).then(() => $('refresh').focus());\n",
  "});\n",
  "$('l-level').addEventListener('change', () => { logCursors = []; guarded(loadLogs); });\n",
  "$('l-older').addEventListener('click', () => { logCursors.push(Number($('l-older').dataset.cursor)); guarded(loadLogs); });\n",
  "$('l-newest').addEventListener('click', () => { logCursors = []; guarded(loadLogs); });\n",
  "\n",
  "/* The call that showed the App: a sandbox's get, metrics or logs opens that sandbox. */\n",
  "let opened = false;\n",
  "function toolInput(args) {\n",
  "  if (args.sandbox_id && !opened) { opened = true; guarded(() => showDetail(args.sandbox_id)); }\n",
  "}\n",
  "function toolResult(result) {\n",
  "  const d = result.structuredContent;\n",
  "  if (!opened && d && Array.isArray(d.data) && d.data.length && d.data[0].sandboxID) { sandboxes = d.data; renderRows(); }\n",
  "}\n",
  "\n",
  "new ResizeObserver(() => post({ jsonrpc: '2.0', method: 'ui/notifications/size-changed',\n",
  "  params: { width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight } }))\n",
  "  .observe(document.documentElement);\n",
  "\n",
  "request('ui/initialize', { appInfo: { name: 'e2b-sandboxes', version: '1.0.0' }, appCapabilities: {},\n",
  "  protocolVersion: '2026-01-26' })\n",
  "  .then((r) => {\n",
  "    applyHost(r.hostContext);\n",
  "    post({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });\n",
  "    return guarded(loadOverview);\n",
  "  })\n",
  "  .catch((e) => say('The host did not start the App: ' + e.message));\n",
  "</script>\n",
  "</body>\n",
  "</html>\n",
  NULL
};
static int e2b_mcp__app_on(const e2b_mcp__ctx *cx) { return cx->sess->client_ui; }
static void e2b_mcp__app_config(e2b_mcp_server *s, const e2b_mcp__ctx *cx, e2b_mcp_json *w) {
  static const char *const acts[][2] = { { "pause", "e2b_pause_sandbox" }, { "resume", "e2b_resume_sandbox" },
                                         { "extend", "e2b_set_sandbox_timeout" }, { "kill", "e2b_kill_sandbox" } };
  char cfg[256];
  e2b_mcp_json c;
  int i;
  e2b_mcp_json_init(&c, cfg, sizeof cfg - 1);
  e2b_mcp_json_obj(&c);
  e2b_mcp_json_key(&c, "actions"); e2b_mcp_json_arr(&c);
  for (i = 0; i < E2B_MCP__COUNT(acts); i++)
    if (e2b_mcp__tool_for(s, cx, acts[i][1], strlen(acts[i][1]))) e2b_mcp_json_str(&c, acts[i][0]);
  e2b_mcp_json_arr_end(&c);
  e2b_mcp_json_key(&c, "limit"); e2b_mcp_json_int(&c, s->cfg.team_concurrency > 0 ? s->cfg.team_concurrency : 0);
  e2b_mcp_json_obj_end(&c);
  e2b_mcp_json_escape(w, cfg, c.err ? 0 : c.len);
}
static void e2b_mcp__app_read(e2b_mcp_server *s, e2b_mcp__msg *m, const char *id) {
  e2b_mcp_json w;
  int i;
  e2b_mcp__reply_begin(s, m, &w, id);
  e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "contents"); e2b_mcp_json_arr(&w);
  e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "uri"); e2b_mcp_json_str(&w, E2B_MCP__APP_URI);
  e2b_mcp_json_key(&w, "mimeType"); e2b_mcp_json_str(&w, E2B_MCP__APP_MIME);
  e2b_mcp_json_key(&w, "text");
  e2b_mcp__w_sep(&w);
  e2b_mcp__w_c(&w, '"');
  for (i = 0; e2b_mcp__app_html[i]; i++) {
    if (strcmp(e2b_mcp__app_html[i], "@CONFIG@\n") == 0) e2b_mcp__app_config(s, m->cx, &w);
    else e2b_mcp_json_escape(&w, e2b_mcp__app_html[i], strlen(e2b_mcp__app_html[i]));
  }
  e2b_mcp__w_c(&w, '"');
  /* no origin beyond the page itself: nothing to fetch, connect to, frame or base on */
  e2b_mcp_json_key(&w, "_meta"); e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "ui"); e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "csp"); e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "connectDomains"); e2b_mcp_json_arr(&w); e2b_mcp_json_arr_end(&w);
  e2b_mcp_json_key(&w, "resourceDomains"); e2b_mcp_json_arr(&w); e2b_mcp_json_arr_end(&w);
  e2b_mcp_json_key(&w, "frameDomains"); e2b_mcp_json_arr(&w); e2b_mcp_json_arr_end(&w);
  e2b_mcp_json_key(&w, "baseUriDomains"); e2b_mcp_json_arr(&w); e2b_mcp_json_arr_end(&w);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp_json_key(&w, "prefersBorder"); e2b_mcp_json_bool(&w, 1);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp_json_arr_end(&w);
  if (m->cx->sess->version == E2B_MCP__V2026_07) e2b_mcp__cache_fields(&w, 0, "private");   /* its actions are this caller's */
  e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(m, &w);
}
#else
#  define e2b_mcp__app_on(cx) 0
#endif

/* An unknown URI, as the revision says. */
static void e2b_mcp__resource_unknown(e2b_mcp_server *s, e2b_mcp__msg *m, const char *id, const char *uri) {
  char data[E2B_MCP__REF_MAX + 16], text[E2B_MCP__REF_MAX + 96];
  e2b_mcp_json d;
  e2b_mcp_json_init(&d, data, sizeof data - 1);
  e2b_mcp_json_obj(&d);
  e2b_mcp_json_key(&d, "uri"); e2b_mcp_json_str(&d, uri);
  e2b_mcp_json_obj_end(&d);
  data[d.err ? 0 : d.len] = 0;
  e2b_mcp__fmt(text, sizeof text, "Resource not found: %s (resources/list and resources/templates/list name what can be read)", uri);
  e2b_mcp__reply_error_data(s, m, id, m->cx->sess->version == E2B_MCP__V2026_07 ? E2B_MCP__INVALID_PARAMS : E2B_MCP__RESOURCE_NOT_FOUND,
                            text, d.err ? NULL : data);
}

/* E2B's resource r at uri (var: its ID, or ""): its tool's call, in a call
   slot, over arguments written here (they live while the call starts). */
static void e2b_mcp__read_e2b(e2b_mcp_server *s, e2b_mcp__msg *m, const e2b_mcp__res *r, const char *var, const char *uri, const char *id) {
  char a[E2B_MCP_ID_MAX + 48];
  jsmntok_t at[8];
  e2b_mcp__fmt(a, sizeof a, r->args, var);
  if (e2b_mcp__parse(a, strlen(a), at, 8) <= 0) { e2b_mcp__reply_error(s, m, id, E2B_MCP__INTERNAL_ERROR, "Internal error: a resource's arguments"); return; }
  m->reply = e2b_mcp__resource_reply;
  m->ref = uri;
  s->run->two_phase(s, m, e2b_mcp__res_tool(s, m->cx, r), a, at, 0, -1, id);
  m->reply = NULL;
  m->ref = NULL;
}

/* A resource of your own: read now, on a call record of its own whose row
   carries its name, its URI template (title) and its user pointer. */
E2B_MCP__NOINLINE static void e2b_mcp__read_own(e2b_mcp_server *s, e2b_mcp__msg *m, const e2b_mcp_resource *r, const char *js,
                                               const jsmntok_t *t, int params, const char *uri, const char *id) {
  e2b_mcp_call c;
  e2b_mcp_tool row;
  memset(&row, 0, sizeof row);
  row.name = r->name;
  row.title = r->uri;
  row.description = r->description;
  row.input_schema = "{\"type\":\"object\"}";
  row.user = r->user;
  memset(&c, 0, sizeof c);
  if (e2b_mcp__call_fill(s, m, &c, &row, js, t, -1, params, id) != 0) return;
  c.reply = e2b_mcp__resource_reply;
  e2b_mcp__strlcpy(c.ref, uri, sizeof c.ref);
  e2b_mcp__result_reset(&c);
  r->fn(&c);
  e2b_mcp__reply_call(s, m, &c, id);
}

static void e2b_mcp__on_resources_read(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int params, const char *id) {
  char uri[E2B_MCP__REF_MAX], var[E2B_MCP_ID_MAX];
  int u = e2b_mcp__tok_get(js, t, params, "uri"), i, got;
  if (u < 0 || t[u].type != JSMN_STRING) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, "resources/read needs params.uri, the resource's URI (resources/list names them)");
    return;
  }
  if (e2b_mcp__tok_str(js, &t[u], uri, sizeof uri) < 0) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, "Invalid params: the URI is longer than any resource of this server's");
    return;
  }
#if E2B_MCP_WITH_APP
  if (e2b_mcp__app_on(m->cx) && strcmp(uri, E2B_MCP__APP_URI) == 0) { e2b_mcp__app_read(s, m, id); return; }
#endif
  for (i = 0; i < E2B_MCP__RES_N; i++) {
    const e2b_mcp__res *r = &e2b_mcp__builtin_resources[i];
    var[0] = 0;
    if (!e2b_mcp__res_tool(s, m->cx, r)) continue;
    if (e2b_mcp__is_template(r->uri) ? e2b_mcp__uri_match(r->uri, uri, 1, NULL, var, sizeof var, &got) : strcmp(r->uri, uri) == 0) {
      e2b_mcp__read_e2b(s, m, r, var, uri, id);
      return;
    }
  }
  for (i = 0; i < s->nresources; i++) {
    const e2b_mcp_resource *r = s->resources[i];
    if (e2b_mcp__is_template(r->uri) ? e2b_mcp__uri_match(r->uri, uri, 0, NULL, var, sizeof var, &got) : strcmp(r->uri, uri) == 0) {
      e2b_mcp__read_own(s, m, r, js, t, params, uri, id);
      return;
    }
  }
  e2b_mcp__resource_unknown(s, m, id, uri);
}

/* resources/list (templates 0) or resources/templates/list (1): E2B's rows,
   then yours, one page; the 2026-07-28 cache fields say the list is the
   caller's own (it depends on its key). */
static void e2b_mcp__on_resources_list(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int params, const char *id, int templates) {
  e2b_mcp_json w;
  int app = !templates && e2b_mcp__app_on(m->cx);   /* the App, listed last, to a client that declared its extension */
  int n = E2B_MCP__RES_N + s->nresources + app, i, end, start = e2b_mcp__list_cursor(s, m, js, t, params, id, n), v = m->cx->sess->version;
  if (start < 0) return;
  end = start + E2B_MCP_TOOLS_PAGE;
  if (end > n) end = n;
  e2b_mcp__reply_begin(s, m, &w, id);
  e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, templates ? "resourceTemplates" : "resources"); e2b_mcp_json_arr(&w);
  for (i = start; i < end; i++) {
    const char *uri, *name, *title, *desc, *mime;
    if (i < E2B_MCP__RES_N) {
      const e2b_mcp__res *r = &e2b_mcp__builtin_resources[i];
      if (!m->cx->key_len || !e2b_mcp__res_tool(s, m->cx, r)) continue;
      uri = r->uri; name = r->name; title = r->title; desc = r->description; mime = "application/json";
    } else if (i < E2B_MCP__RES_N + s->nresources) {
      const e2b_mcp_resource *r = s->resources[i - E2B_MCP__RES_N];
      uri = r->uri; name = r->name; title = r->title; desc = r->description; mime = r->mime_type;
    } else {
#if E2B_MCP_WITH_APP
      uri = E2B_MCP__APP_URI; name = "sandboxes-app"; title = "Sandboxes (an MCP App)";
      desc = "The team's sandboxes as a page the client renders: an overview with pause, resume, extend and kill, and one sandbox's "
             "CPU, memory and disk charts and its logs.";
      mime = E2B_MCP__APP_MIME;
#else
      break;
#endif
    }
    if (e2b_mcp__is_template(uri) != templates) continue;
    e2b_mcp_json_obj(&w);
    e2b_mcp_json_key(&w, templates ? "uriTemplate" : "uri"); e2b_mcp_json_str(&w, uri);
    e2b_mcp_json_key(&w, "name"); e2b_mcp_json_str(&w, name);
    if (title && v >= E2B_MCP__V2025_06) { e2b_mcp_json_key(&w, "title"); e2b_mcp_json_str(&w, title); }
    if (desc) { e2b_mcp_json_key(&w, "description"); e2b_mcp_json_str(&w, desc); }
    if (mime) { e2b_mcp_json_key(&w, "mimeType"); e2b_mcp_json_str(&w, mime); }
    e2b_mcp_json_obj_end(&w);
  }
  e2b_mcp_json_arr_end(&w);
  if (end < n) { char b[24]; e2b_mcp__fmt_ll(b, end); e2b_mcp_json_key(&w, "nextCursor"); e2b_mcp_json_str(&w, b); }
  if (v == E2B_MCP__V2026_07) e2b_mcp__cache_fields(&w, s->cfg.list_ttl_ms, "private");
  e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(m, &w);
}

/* ---- subscriptions ----
   resources/subscribe and unsubscribe, in the 2025 revisions, over a
   transport that can reach a session outside a request (s->sub_stream: stdio,
   and HTTP's GET stream); 2026-07-28 has no sessions and no such stream, so
   there the method stays unknown and the capability says subscribe: false.
   A subscription is a session and a URI in a fixed table (E2B_MCP_SUBSCRIPTIONS
   for the whole server, a full table refused with an error that says so),
   dropped when its session ends (the transport calls e2b_mcp__subs_drop).
   A sandbox's (e2b://sandboxes/{sandboxID}) is watched by one poll for the
   whole server: while any exists, at most once per cfg.subscribe_poll_ms,
   one e2b_list_sandboxes call (running and paused, the server's own key and
   cool-downs) in a call slot like any other, however many clients subscribe;
   a sandbox whose state changed (paused, resumed), or that the complete list
   no longer holds (it ended), owes each of its subscribers
   notifications/resources/updated, sent at the engine's next step between
   messages, never inside one (a session without its stream now gets it once
   the stream is back). Its logs and metrics change every second and would
   need a call per sandbox: they are refused, as are the lists and templates.
   Over HTTP with per-client keys the server keeps no key past a call and
   uses none of its own, so sandboxes cannot be watched there either. A
   resource of your own is told when you call e2b_mcp_resource_updated. */
#if E2B_MCP__SUBS
enum { E2B_MCP__SS_UNKNOWN, E2B_MCP__SS_RUNNING, E2B_MCP__SS_PAUSED, E2B_MCP__SS_GONE };
#define E2B_MCP__SANDBOX_PREFIX "e2b://sandboxes/"

/* A sandbox's state in the poll's list (its item at token i). */
static int e2b_mcp__subs_state(const char *js, const jsmntok_t *t, int i) {
  int st = e2b_mcp__tok_get(js, t, i, "state");
  if (st >= 0 && e2b_mcp__tok_eq(js, &t[st], "paused")) return E2B_MCP__SS_PAUSED;
  if (st >= 0 && e2b_mcp__tok_eq(js, &t[st], "running")) return E2B_MCP__SS_RUNNING;
  return E2B_MCP__SS_UNKNOWN;   /* another state (pausing...): judged at the next poll */
}
/* nsubs down past the entries freed at the end. */
static void e2b_mcp__subs_trim(e2b_mcp_server *s) {
  while (s->nsubs > 0 && !s->subs[s->nsubs - 1].sess) s->nsubs--;
}
/* What the poll saw (its structured result, js[0..n)): each watched sandbox
   that changed owes its subscribers a notification. One not in the list is
   gone only when the list is whole (no next_token: a page, or a result cut
   to its budget, says nothing of the rest). The first sight only records. */
static void e2b_mcp__subs_seen(e2b_mcp_server *s, const char *js, size_t n) {
  const jsmntok_t *t = s->rtok;
  int nt = e2b_mcp__parse(js, n, s->rtok, E2B_MCP__COUNT(s->rtok)), d, i, k, u, whole;
  if (nt <= 0 || t[0].type != JSMN_OBJECT || (d = e2b_mcp__tok_get(js, t, 0, "data")) < 0 || t[d].type != JSMN_ARRAY) return;
  whole = e2b_mcp__tok_get(js, t, 0, "next_token") < 0;
  for (u = 0; u < s->nsubs; u++) {
    e2b_mcp__sub *b = &s->subs[u];
    const char *sid = b->uri + sizeof E2B_MCP__SANDBOX_PREFIX - 1;
    int now = whole ? E2B_MCP__SS_GONE : E2B_MCP__SS_UNKNOWN;
    if (!b->sess || b->sandbox != 1) continue;
    for (i = d + 1, k = 0; k < t[d].size; k++, i = e2b_mcp__tok_skip(t, i)) {
      int id = t[i].type == JSMN_OBJECT ? e2b_mcp__tok_get(js, t, i, "sandboxID") : -1;
      if (id >= 0 && e2b_mcp__tok_eq(js, &t[id], sid)) { now = e2b_mcp__subs_state(js, t, i); break; }
    }
    if (now == E2B_MCP__SS_UNKNOWN || now == b->state) continue;
    if (b->state == E2B_MCP__SS_UNKNOWN && now == E2B_MCP__SS_GONE) {
      /* never seen, and missing from a whole list made after it: a made-up
         id, or a sandbox that ended at once. Told, then dropped (at once
         when its session has no stream now), so that made-up ids do not
         keep the table's entries. */
      if (s->sub_polls == b->since) continue;
      b->owed = b->drop = 1;
      b->state = (unsigned char)now;
      if (!s->sub_stream || !s->sub_stream(s, b->sess)) b->sess = NULL;
      continue;
    }
    if (b->state != E2B_MCP__SS_UNKNOWN) b->owed = 1;
    b->state = (unsigned char)now;
  }
  e2b_mcp__subs_trim(s);
}
/* The poll's call answers here (e2b_mcp_call.reply): what it saw, then an
   answer to nobody (the poll's own sink, which only notes that it ended). */
static void e2b_mcp__subs_reply(e2b_mcp_call *c, e2b_mcp_json *w) {
  if (w) { e2b_mcp_json_obj(w); e2b_mcp_json_obj_end(w); return; }
  if (!c->is_error && !c->fail_code && c->has_out) e2b_mcp__subs_seen(c->srv, c->out.buf, c->out.len);
}
static int e2b_mcp__subs_sink_write(void *ctx, const char *p, size_t n) { (void)ctx; (void)p; (void)n; return 0; }
static int e2b_mcp__subs_sink_end(void *ctx) { ((e2b_mcp_server *)ctx)->sub_polling = 0; return 0; }

#if E2B_MCP_TOOL_LIST_EVENTS
/* What the events poll saw (e2b_list_events' structured result, newest
   first): the events newer than the newest one the poll before saw owe
   notifications to e2b://events and to their sandbox's
   e2b://sandboxes/{sandboxID}/events. The first poll only records; when the
   one seen before is no longer among them (more than a page came, or it
   aged out), every events subscription is told. */
static void e2b_mcp__subs_events_seen(e2b_mcp_server *s, const char *js, size_t n) {
  const jsmntok_t *t = s->rtok;
  int nt = e2b_mcp__parse(js, n, s->rtok, E2B_MCP__COUNT(s->rtok)), d, i, k, u, found = 0, first = 1;
  if (nt <= 0 || t[0].type != JSMN_OBJECT || (d = e2b_mcp__tok_get(js, t, 0, "data")) < 0 || t[d].type != JSMN_ARRAY) return;
  for (i = d + 1, k = 0; k < t[d].size; k++, i = e2b_mcp__tok_skip(t, i)) {
    int id = t[i].type == JSMN_OBJECT ? e2b_mcp__tok_get(js, t, i, "id") : -1, sb;
    char sid[E2B_MCP_ID_MAX];
    if (id < 0 || t[id].type != JSMN_STRING) continue;
    if (s->sub_ev_last[0] && e2b_mcp__tok_eq(js, &t[id], s->sub_ev_last)) { found = 1; break; }
    if (!s->sub_ev_seen) break;
    sb = e2b_mcp__tok_get(js, t, i, "sandboxId");
    if (sb < 0 || e2b_mcp__tok_str(js, &t[sb], sid, sizeof sid) <= 0) sid[0] = 0;
    for (u = 0; u < s->nsubs; u++) {   /* a new event: the team's subscribers, and its sandbox's */
      e2b_mcp__sub *b = &s->subs[u];
      const char *p = b->uri + sizeof E2B_MCP__SANDBOX_PREFIX - 1;
      size_t sl = strlen(sid);
      if (!b->sess || b->sandbox != 2) continue;
      if (strcmp(b->uri, "e2b://events") == 0 ||
          (sl && strncmp(b->uri, E2B_MCP__SANDBOX_PREFIX, sizeof E2B_MCP__SANDBOX_PREFIX - 1) == 0 && strncmp(p, sid, sl) == 0 &&
           strcmp(p + sl, "/events") == 0)) b->owed = 1;
    }
  }
  if (s->sub_ev_seen && s->sub_ev_last[0] && !found)
    for (u = 0; u < s->nsubs; u++) if (s->subs[u].sess && s->subs[u].sandbox == 2) s->subs[u].owed = 1;
  for (i = d + 1, k = 0; k < t[d].size && first; k++, i = e2b_mcp__tok_skip(t, i)) {   /* the newest is the mark */
    int id = t[i].type == JSMN_OBJECT ? e2b_mcp__tok_get(js, t, i, "id") : -1;
    if (id >= 0 && e2b_mcp__tok_str(js, &t[id], s->sub_ev_last, sizeof s->sub_ev_last) > 0) first = 0;
  }
  s->sub_ev_seen = 1;
}
static void e2b_mcp__subs_events_reply(e2b_mcp_call *c, e2b_mcp_json *w) {
  if (w) { e2b_mcp_json_obj(w); e2b_mcp_json_obj_end(w); return; }
  if (!c->is_error && !c->fail_code && c->has_out) e2b_mcp__subs_events_seen(c->srv, c->out.buf, c->out.len);
}
#endif

/* What is watched: 1 a sandbox, 2 lifecycle events, or both (3). */
static int e2b_mcp__subs_watching(const e2b_mcp_server *s) {
  int i, w = 0;
  for (i = 0; i < s->nsubs; i++) if (s->subs[i].sess && s->subs[i].sandbox) w |= s->subs[i].sandbox;
  return w;
}
/* The poll: e2b_list_sandboxes, running and paused, as the server's own
   client (its key and cool-downs; a session of its own, told no logs), in a
   call slot through the runner like a resource's read. No slot free: it is
   answered busy at once, and the next poll comes an interval later. */
static void e2b_mcp__subs_poll(e2b_mcp_server *s, unsigned long now) {
  static const char args_sbx[] = "{\"state\":[\"running\",\"paused\"]}";
  const char *args = args_sbx, *name = "e2b_list_sandboxes";
  size_t an = sizeof args_sbx - 1;
  jsmntok_t at[8];
  e2b_mcp__msg m;
  e2b_mcp__ctx cx;
  const e2b_mcp_tool *tool;
  void (*reply)(e2b_mcp_call *c, e2b_mcp_json *w) = e2b_mcp__subs_reply;
#if E2B_MCP_TOOL_LIST_EVENTS
  /* lifecycle events: one e2b_list_events of the team's newest 100; watched
     beside sandboxes, the two take turns, so E2B still gets one poll an interval */
  static const char args_ev[] = "{\"limit\":100}";
  int w = e2b_mcp__subs_watching(s);
  if (w == 2 || (w == 3 && s->sub_turn)) { args = args_ev; an = sizeof args_ev - 1; name = "e2b_list_events"; reply = e2b_mcp__subs_events_reply; }
  s->sub_turn = (unsigned char)(w == 3 && !s->sub_turn);
#endif
  e2b_mcp__ctx_own(s, &cx);
  cx.sess = &s->sub_sess;
  s->sub_polled = now ? now : 1;
  tool = s->key_len ? e2b_mcp__tool_for(s, &cx, name, strlen(name)) : NULL;
  if (!tool || e2b_mcp__parse(args, an, at, 8) <= 0) return;
  memset(&s->sub_sess, 0, sizeof s->sub_sess);
  s->sub_sess.initialized = 1;
  s->sub_sess.version = E2B_MCP__VLATEST;
  s->sub_sess.log_level = E2B_MCP__COUNT(e2b_mcp__levels);   /* above every level: no logs */
  s->sub_sink.ctx = s;
  s->sub_sink.write = e2b_mcp__subs_sink_write;
  s->sub_sink.end = e2b_mcp__subs_sink_end;
  memset(&m, 0, sizeof m);
  m.sink = &s->sub_sink;
  m.cx = &cx;
  m.async = 1;
  m.reply = reply;
  m.ref = "";
  s->sub_polling = 1;
  s->sub_polls += reply == e2b_mcp__subs_reply;   /* the sandbox polls: what judges a sandbox missing */
  s->run->two_phase(s, &m, tool, args, at, 0, -1, "0");
}
/* A session ended (NULL: every one, the server stops): its subscriptions go. */
static void e2b_mcp__subs_drop(e2b_mcp_server *s, const e2b_mcp_session *sess) {
  int i;
  for (i = 0; i < s->nsubs; i++) if (s->subs[i].sess && (!sess || s->subs[i].sess == sess)) s->subs[i].sess = NULL;
  e2b_mcp__subs_trim(s);
}

/* A listen stream's notifications say which stream they are on (2026-07-28). */
static void e2b_mcp__subs_meta(e2b_mcp_json *w, const e2b_mcp_session *sess) {
#if E2B_MCP_WITH_2026
  if (!sess->listen_id[0]) return;
  e2b_mcp_json_key(w, "_meta"); e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "io.modelcontextprotocol/subscriptionId"); e2b_mcp_json_raw(w, sess->listen_id, strlen(sess->listen_id));
  e2b_mcp_json_obj_end(w);
#else
  (void)w; (void)sess;
#endif
}
/* notifications/resources/updated for b, through its session's stream k. */
static void e2b_mcp__subs_send(e2b_mcp_server *s, e2b_mcp__sub *b, const e2b_mcp_sink *k) {
  e2b_mcp__msg m;
  e2b_mcp_json w;
  e2b_mcp__ctx cx;
  e2b_mcp__ctx_own(s, &cx);
  cx.sess = b->sess;
  e2b_mcp__send_begin(s, &m, &w, k, &cx, -1, "notifications/resources/updated");
  e2b_mcp__subs_meta(&w, b->sess);
  e2b_mcp_json_key(&w, "uri"); e2b_mcp_json_str(&w, b->uri);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(&m, &w);
  b->owed = 0;   /* sent, or its stream failed (the transport drops it) */
  if (b->drop) b->sess = NULL;
}
/* The engine's step (between messages): the notifications owed to sessions
   whose stream is there, then the poll when it is due. */
static void e2b_mcp__subs_tick(e2b_mcp_server *s) {
  unsigned long now = e2b_mcp__now_ms(s);
  int i;
  if (!s->sub_stream) { e2b_mcp__subs_drop(s, NULL); return; }   /* no transport reaches the sessions any more */
  for (i = 0; i < s->nsubs; i++) {
    e2b_mcp__sub *b = &s->subs[i];
    const e2b_mcp_sink *k;
    if (b->sess && b->owed && (k = s->sub_stream(s, b->sess)) != NULL) e2b_mcp__subs_send(s, b, k);
  }
  e2b_mcp__subs_trim(s);
  if (s->sub_polling || !e2b_mcp__subs_watching(s)) return;
  if (s->sub_polled && (!now || now - s->sub_polled < (unsigned long)s->cfg.subscribe_poll_ms)) return;   /* no clock: one poll */
  e2b_mcp__subs_poll(s, now);
}
/* For the engine's watch: lowers *timeout_ms to when the tick has something to do. */
static void e2b_mcp__subs_due(e2b_mcp_server *s, int *timeout_ms) {
  unsigned long now = e2b_mcp__now_ms(s);
  long left = -1;
  int i;
  if (!s->sub_stream) return;
  for (i = 0; i < s->nsubs && left != 0; i++)
    if (s->subs[i].sess && s->subs[i].owed && s->sub_stream(s, s->subs[i].sess)) left = 0;
  if (left != 0 && !s->sub_polling && e2b_mcp__subs_watching(s) && now) {
    left = s->sub_polled ? (long)(s->sub_polled + (unsigned long)s->cfg.subscribe_poll_ms - now) : 0;
    if (left < 0) left = 0;
  }
  if (left >= 0 && (*timeout_ms < 0 || left < *timeout_ms)) *timeout_ms = (int)left;
}
static void e2b_mcp__reply_empty(e2b_mcp_server *s, e2b_mcp__msg *m, const char *id) {
  e2b_mcp_json w;
  e2b_mcp__reply_begin(s, m, &w, id);
  e2b_mcp_json_obj(&w); e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(m, &w);
}
/* What a URI to watch names, for the caller of cx: 1 a sandbox (the poll
   watches it), 4 lifecycle events (e2b://events, e2b://sandboxes/{sandboxID}/events:
   the events poll), 2 a resource of your own (e2b_mcp_resource_updated), 0
   something of E2B's that cannot be watched (logs, metrics, the lists), 3 a
   sandbox this server cannot watch (no key of its own to poll with, or the
   list tool off), -1 nothing it has. */
static int e2b_mcp__subs_kind(e2b_mcp_server *s, const e2b_mcp__ctx *cx, const char *uri) {
  char var[E2B_MCP_ID_MAX];
  int i, got, kind = -1;
  for (i = 0; i < E2B_MCP__RES_N && kind < 0; i++) {
    const e2b_mcp__res *r = &e2b_mcp__builtin_resources[i];
    if (!e2b_mcp__res_tool(s, cx, r)) continue;
    if (e2b_mcp__is_template(r->uri) ? e2b_mcp__uri_match(r->uri, uri, 1, NULL, var, sizeof var, &got) : strcmp(r->uri, uri) == 0)
      kind = strcmp(r->uri, E2B_MCP__SANDBOX_PREFIX "{sandboxID}") == 0 ? 1 : strcmp(r->tool, "e2b_list_events") == 0 ? 4 : 0;
  }
  if (kind == 1 && (cx->key != s->key || !s->key_len || !e2b_mcp__tool_for(s, cx, "e2b_list_sandboxes", 18))) kind = 3;
  if (kind == 4 && (cx->key != s->key || !s->key_len)) kind = 3;   /* the events poll uses the server's own key, as the sandbox poll */
  for (i = 0; i < s->nresources && kind < 0; i++) {
    const e2b_mcp_resource *r = s->resources[i];
    if (e2b_mcp__is_template(r->uri) ? e2b_mcp__uri_match(r->uri, uri, 0, NULL, var, sizeof var, &got) : strcmp(r->uri, uri) == 0) kind = 2;
  }
  return kind;
}
/* A subscription of sess to uri (of kind 1 or 2) in the table's entry at. */
static void e2b_mcp__subs_put(e2b_mcp_server *s, int at, e2b_mcp_session *sess, int kind, const char *uri) {
  if (at == s->nsubs) s->nsubs++;
  s->subs[at].sess = sess;
  s->subs[at].sandbox = (unsigned char)(kind == 1 ? 1 : kind == 4 ? 2 : 0);
  s->subs[at].state = E2B_MCP__SS_UNKNOWN;
  s->subs[at].owed = s->subs[at].drop = 0;
  s->subs[at].since = s->sub_polls;
  e2b_mcp__strlcpy(s->subs[at].uri, uri, sizeof s->subs[at].uri);
}
/* resources/subscribe (on 1) or unsubscribe (on 0). 0: not served here (the
   core answers that the method is unknown). */
static int e2b_mcp__on_subscribe(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int params, const char *id, int on) {
  char uri[E2B_MCP__REF_MAX], text[E2B_MCP__REF_MAX + 256];
  int u = e2b_mcp__tok_get(js, t, params, "uri"), i, sandbox = -1, free_at = -1, mine;
  e2b_mcp_session *sess = m->cx->sess;
  if (!s->sub_stream || sess->version == E2B_MCP__V2026_07) return 0;
  if (u < 0 || t[u].type != JSMN_STRING || e2b_mcp__tok_str(js, &t[u], uri, sizeof uri) < 0) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, on ? "Invalid params: resources/subscribe needs params.uri, a resource's URI "
                         "(e2b://sandboxes/{sandboxID}: resources/templates/list names them)" :
                         "Invalid params: resources/unsubscribe needs params.uri, the URI subscribed to");
    return 1;
  }
  for (i = 0; i < s->nsubs; i++) {
    e2b_mcp__sub *b = &s->subs[i];
    if (!b->sess) { if (free_at < 0) free_at = i; continue; }
    if (b->sess != sess || strcmp(b->uri, uri) != 0) continue;
    if (!on) { b->sess = NULL; e2b_mcp__subs_trim(s); }
    e2b_mcp__reply_empty(s, m, id);   /* subscribed already, or no longer */
    return 1;
  }
  if (!on) { e2b_mcp__reply_empty(s, m, id); return 1; }   /* not subscribed: nothing to end */
  sandbox = e2b_mcp__subs_kind(s, m->cx, uri);
  if (sandbox == 0) {
    e2b_mcp__fmt(text, sizeof text, "Invalid params: %s cannot be subscribed to: only a sandbox's state (e2b://sandboxes/{sandboxID}) and "
                 "lifecycle events (e2b://events, e2b://sandboxes/{sandboxID}/events) are watched (a sandbox's logs and metrics change "
                 "every second and the lists at each call): read it again instead", uri);
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, text);
    return 1;
  }
  if (sandbox == 3) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, m->cx->key != s->key ?
                         "Invalid params: this server uses each client's own E2B key, which it keeps no longer than a call, so it cannot "
                         "watch sandboxes for you: read e2b://sandboxes/{sandboxID} again instead" :
                         "Invalid params: this server cannot watch sandboxes: it has no usable E2B API key of its own, or "
                         "e2b_list_sandboxes is switched off");
    return 1;
  }
  if (sandbox < 0) { e2b_mcp__resource_unknown(s, m, id, uri); return 1; }
  for (i = 0, mine = 0; i < s->nsubs; i++) mine += s->subs[i].sess == sess;
  if (mine >= E2B_MCP_SUBSCRIPTIONS_PER_SESSION) {   /* one client cannot take the table from the others */
    e2b_mcp__fmt(text, sizeof text, "Too many subscriptions for this session: a client keeps at most %d at once "
                 "(E2B_MCP_SUBSCRIPTIONS_PER_SESSION); nothing was subscribed: unsubscribe from another first, or read %s again instead",
                 (int)E2B_MCP_SUBSCRIPTIONS_PER_SESSION, uri);
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INTERNAL_ERROR, text);
    return 1;
  }
  if (free_at < 0 && s->nsubs < E2B_MCP_SUBSCRIPTIONS) free_at = s->nsubs;   /* one never used */
  if (free_at < 0) {
    e2b_mcp__fmt(text, sizeof text, "Too many subscriptions: this server keeps at most %d at once for all its clients (E2B_MCP_SUBSCRIPTIONS); "
                 "nothing was subscribed: unsubscribe from another first, or read %s again instead", (int)E2B_MCP_SUBSCRIPTIONS, uri);
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INTERNAL_ERROR, text);
    return 1;
  }
  e2b_mcp__subs_put(s, free_at, sess, sandbox, uri);
  e2b_mcp__reply_empty(s, m, id);
  return 1;
}

#if E2B_MCP_WITH_2026
/* subscriptions/listen (2026-07-28), which replaces resources/subscribe and
   the GET stream there: the request's answer becomes a stream (the
   transport's listen_open, with a session of its own that lives as long as
   the stream) carrying, first, notifications/subscriptions/acknowledged with
   what the server agreed to, then notifications/resources/updated for the
   resourceSubscriptions it could watch (a sandbox's state, by the same one
   poll as every subscription; a resource of your own), each carrying the
   listen request's id as its subscriptionId. The list-changed kinds are not
   acknowledged: this server's lists do not change while it runs. A stream is
   a client's session: it keeps its share (E2B_MCP_SUBSCRIPTIONS_PER_SESSION),
   the first URIs it can watch, which the acknowledgement names; they take
   entries of the one table every client's share (E2B_MCP_SUBSCRIPTIONS), and
   a listen that does not fit in what is free is refused whole, before any
   stream opens. A made-up sandbox is told and dropped after the next whole
   list, as a 2025 subscription's. Closing the stream ends it; a server that stops ends it with
   its result (the transport's). 0: not served here. */
static int e2b_mcp__on_listen(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int params, const char *id) {
  int nf = e2b_mcp__tok_get(js, t, params, "notifications"), rs, i, k, n = 0, room = 0, kinds[E2B_MCP_SUBSCRIPTIONS_PER_SESSION];
  char uri[E2B_MCP__REF_MAX], text[300];
  int at[E2B_MCP_SUBSCRIPTIONS_PER_SESSION];
  e2b_mcp_session *sess;
  e2b_mcp_json w;
  e2b_mcp__msg out;
  if (!s->listen_open || m->cx->sess->version != E2B_MCP__V2026_07 || m->batch) return 0;
  if (nf < 0 || t[nf].type != JSMN_OBJECT) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, "Invalid params: subscriptions/listen needs params.notifications, an object "
                         "(resourceSubscriptions: the URIs to be told of, e2b://sandboxes/{sandboxID})");
    return 1;
  }
  rs = e2b_mcp__tok_get(js, t, nf, "resourceSubscriptions");
  if (rs >= 0 && t[rs].type != JSMN_ARRAY) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, "Invalid params: notifications.resourceSubscriptions must be an array of URIs");
    return 1;
  }
  for (i = 0; i < s->nsubs; i++) room += !s->subs[i].sess;
  room += E2B_MCP_SUBSCRIPTIONS - s->nsubs;
  /* the ones it can watch: each a URI string, once */
  for (i = rs + 1, k = 0; rs >= 0 && k < t[rs].size; k++, i = e2b_mcp__tok_skip(t, i)) {
    int kind, j, dup = 0;
    if (t[i].type != JSMN_STRING || e2b_mcp__tok_str(js, &t[i], uri, sizeof uri) < 0) continue;
    kind = e2b_mcp__subs_kind(s, m->cx, uri);
    if (kind != 1 && kind != 2 && kind != 4) continue;
    for (j = 0; j < n; j++) dup |= e2b_mcp__tok_eq(js, &t[at[j]], uri);
    if (dup) continue;
    if (n == E2B_MCP_SUBSCRIPTIONS_PER_SESSION) break;   /* a stream is a client's session: its share, acknowledged */
    if (n == room) {
      e2b_mcp__fmt(text, sizeof text, "Too many subscriptions: this server keeps at most %d at once for all its clients (E2B_MCP_SUBSCRIPTIONS) "
                   "and %d are free now; nothing was subscribed: listen to fewer URIs, or read them again instead", (int)E2B_MCP_SUBSCRIPTIONS, room);
      e2b_mcp__reply_error(s, m, id, E2B_MCP__INTERNAL_ERROR, text);
      return 1;
    }
    kinds[n] = kind;
    at[n++] = i;
  }
  if ((sess = s->listen_open(s, m->sink, id)) == NULL) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INTERNAL_ERROR, "Server busy: no room for another notification stream now; try again later");
    return 1;
  }
  for (i = 0, k = 0; k < n && i < E2B_MCP_SUBSCRIPTIONS; i++) {
    if (i < s->nsubs && s->subs[i].sess) continue;
    (void)e2b_mcp__tok_str(js, &t[at[k]], uri, sizeof uri);
    e2b_mcp__subs_put(s, i, sess, kinds[k], uri);
    k++;
  }
  /* the acknowledgement, the stream's first message */
  e2b_mcp__send_begin(s, &out, &w, m->sink, m->cx, -1, "notifications/subscriptions/acknowledged");
  e2b_mcp__subs_meta(&w, sess);
  e2b_mcp_json_key(&w, "notifications"); e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "resourceSubscriptions"); e2b_mcp_json_arr(&w);
  for (k = 0; k < n; k++) { (void)e2b_mcp__tok_str(js, &t[at[k]], uri, sizeof uri); e2b_mcp_json_str(&w, uri); }
  e2b_mcp_json_arr_end(&w);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(&out, &w);
  return 1;
}
#endif
#endif

E2B_MCP_DEF int e2b_mcp_resource_updated(e2b_mcp_server *s, const char *uri) {
  int n = 0;
#if E2B_MCP__SUBS
  int i;
  for (i = 0; i < s->nsubs; i++)
    if (s->subs[i].sess && strcmp(s->subs[i].uri, uri) == 0) { s->subs[i].owed = 1; n++; }
#else
  (void)s; (void)uri;
#endif
  return n;
}

static int e2b_mcp__resources_handle(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int meth, int params, const char *id) {
  if (e2b_mcp__tok_eq(js, &t[meth], "resources/read")) e2b_mcp__on_resources_read(s, m, js, t, params, id);
  else if (e2b_mcp__tok_eq(js, &t[meth], "resources/list")) e2b_mcp__on_resources_list(s, m, js, t, params, id, 0);
  else if (e2b_mcp__tok_eq(js, &t[meth], "resources/templates/list")) e2b_mcp__on_resources_list(s, m, js, t, params, id, 1);
#if E2B_MCP__SUBS
  else if (e2b_mcp__tok_eq(js, &t[meth], "resources/subscribe")) return e2b_mcp__on_subscribe(s, m, js, t, params, id, 1);
  else if (e2b_mcp__tok_eq(js, &t[meth], "resources/unsubscribe")) return e2b_mcp__on_subscribe(s, m, js, t, params, id, 0);
#if E2B_MCP_WITH_2026
  else if (e2b_mcp__tok_eq(js, &t[meth], "subscriptions/listen")) return e2b_mcp__on_listen(s, m, js, t, params, id);
#endif
#endif
  else return 0;
  return 1;
}
/* subscribe: true where a subscription works: a 2025 session over a
   transport that reaches it outside a request. */
static void e2b_mcp__resources_caps(e2b_mcp_server *s, e2b_mcp_json *w, int modern) {
  int sub = 0;
#if E2B_MCP__SUBS
  sub = s->sub_stream != NULL;
#if E2B_MCP_WITH_2026
  if (modern) sub = s->listen_open != NULL;   /* it gates resourceSubscriptions of subscriptions/listen */
#else
  if (modern) sub = 0;
#endif
#else
  (void)s; (void)modern;
#endif
  e2b_mcp_json_key(w, "resources"); e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "subscribe"); e2b_mcp_json_bool(w, sub);
  e2b_mcp_json_key(w, "listChanged"); e2b_mcp_json_bool(w, 0);
  e2b_mcp_json_obj_end(w);
}
static const e2b_mcp__surface e2b_mcp__resources_surface = { e2b_mcp__resources_handle, e2b_mcp__resources_caps };
static void e2b_mcp__resources_init(e2b_mcp_server *s) { s->surface[s->nsurface++] = &e2b_mcp__resources_surface; }
#endif
/* >>completions --------------------------------------------------------------
   completion/complete for the arguments of prompts (E2B's and yours) and of
   resource templates, by the argument's name: sandbox IDs (sandbox_id,
   sandboxID, keep) and metadata (metadata, as key=value) from the running
   sandboxes, template IDs and names (template, templateID, template_id) from
   the team's templates, log levels (level). Anything else has no values. A
   value E2B must give comes from a call of the list tool in a call slot, as
   a resource's read does, its answer written as the completion
   (e2b_mcp_call.reply); the values are kept briefly for the next keystroke. */
#if E2B_MCP_WITH_COMPLETIONS
enum { E2B_MCP__CK_NONE, E2B_MCP__CK_SANDBOX, E2B_MCP__CK_META, E2B_MCP__CK_TEMPLATE, E2B_MCP__CK_LEVEL };
#define E2B_MCP__COMPLETE_MAX 100   /* values in one answer (MCP's limit) */

static int e2b_mcp__complete_kind(const char *js, const jsmntok_t *name) {
  if (e2b_mcp__tok_eq(js, name, "sandbox_id") || e2b_mcp__tok_eq(js, name, "sandboxID") || e2b_mcp__tok_eq(js, name, "keep")) return E2B_MCP__CK_SANDBOX;
  if (e2b_mcp__tok_eq(js, name, "metadata")) return E2B_MCP__CK_META;
  if (e2b_mcp__tok_eq(js, name, "template") || e2b_mcp__tok_eq(js, name, "templateID") || e2b_mcp__tok_eq(js, name, "template_id")) return E2B_MCP__CK_TEMPLATE;
  if (e2b_mcp__tok_eq(js, name, "level")) return E2B_MCP__CK_LEVEL;
  return E2B_MCP__CK_NONE;
}

/* {"completion":{"values":[...],"total":n,"hasMore":b}}: the items (n of
   them, stride bytes apart) that begin with prefix, at most 100. */
static void e2b_mcp__complete_write(e2b_mcp_json *w, const char *items, size_t stride, int n, const char *prefix, int modern) {
  size_t pl = strlen(prefix);
  int i, total = 0;
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "completion"); e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "values"); e2b_mcp_json_arr(w);
  for (i = 0; i < n; i++) {
    const char *v = items + (size_t)i * stride;
    if (strncmp(v, prefix, pl) != 0) continue;
    if (total++ < E2B_MCP__COMPLETE_MAX) e2b_mcp_json_str(w, v);
  }
  e2b_mcp_json_arr_end(w);
  e2b_mcp_json_key(w, "total"); e2b_mcp_json_int(w, total);
  e2b_mcp_json_key(w, "hasMore"); e2b_mcp_json_bool(w, total > E2B_MCP__COMPLETE_MAX);
  e2b_mcp_json_obj_end(w);
  if (modern) { e2b_mcp_json_key(w, "resultType"); e2b_mcp_json_str(w, "complete"); }
  e2b_mcp_json_obj_end(w);
}
static const char e2b_mcp__log_levels[4][8] = { "debug", "info", "warn", "error" };
static e2b_mcp__complete_cache *e2b_mcp__complete_cache_of(e2b_mcp_server *s, int kind) {
  return &s->complete[kind == E2B_MCP__CK_TEMPLATE ? E2B_MCP__CC_TEMPLATES : kind == E2B_MCP__CK_META ? E2B_MCP__CC_METADATA : E2B_MCP__CC_SANDBOXES];
}
/* The answer for kind from what is known now (the cache, the levels). */
static void e2b_mcp__complete_known(e2b_mcp_server *s, e2b_mcp_json *w, int kind, const char *prefix, int modern) {
  const e2b_mcp__complete_cache *cc = e2b_mcp__complete_cache_of(s, kind);
  if (kind == E2B_MCP__CK_LEVEL) e2b_mcp__complete_write(w, e2b_mcp__log_levels[0], sizeof e2b_mcp__log_levels[0], 4, prefix, modern);
  else if (kind == E2B_MCP__CK_NONE) e2b_mcp__complete_write(w, "", 1, 0, prefix, modern);
  else e2b_mcp__complete_write(w, cc->item[0], sizeof cc->item[0], cc->n, prefix, modern);
}

/* Adds a value (a token's text) to a cache, once. */
static void e2b_mcp__cache_add(e2b_mcp__complete_cache *cc, const char *js, const jsmntok_t *t, const char *pre, const jsmntok_t *pt) {
  char v[sizeof cc->item[0]];
  size_t o = 0;
  int i;
  if (cc->n >= E2B_MCP__COMPLETE_ITEMS) return;
  if (pre) {   /* key=value */
    if (e2b_mcp__tok_str(pre, pt, v, sizeof v - 2) < 0) return;
    o = strlen(v);
    v[o++] = '=';
  }
  if (t->type != JSMN_STRING || e2b_mcp__tok_str(js, t, v + o, sizeof v - o) < 0 || !v[0]) return;
  for (i = 0; i < cc->n; i++) if (strcmp(cc->item[i], v) == 0) return;
  strcpy(cc->item[cc->n++], v);
}
/* Fills the caches from a list tool's structured result (the sandboxes:
   IDs and metadata; the templates: IDs and names). */
static void e2b_mcp__complete_fill(e2b_mcp_call *c, int kind) {
  e2b_mcp_server *s = c->srv;
  const char *js = c->out.buf;
  const jsmntok_t *t = s->rtok;
  int n = e2b_mcp__parse(js, c->out.len, s->rtok, E2B_MCP__COUNT(s->rtok)), d, i, k, j, q, first, last;
  unsigned long now = e2b_mcp__now_ms(s);
  if (n <= 0 || (d = e2b_mcp__tok_get(js, t, 0, "data")) < 0 || t[d].type != JSMN_ARRAY) return;
  first = kind == E2B_MCP__CK_TEMPLATE ? E2B_MCP__CC_TEMPLATES : E2B_MCP__CC_SANDBOXES;
  last = kind == E2B_MCP__CK_TEMPLATE ? E2B_MCP__CC_TEMPLATES : E2B_MCP__CC_METADATA;
  for (q = first; q <= last; q++) {
    s->complete[q].n = 0;
    s->complete[q].at = now ? now : 1;
    s->complete[q].own = c->cx->key == s->key;
  }
  for (i = d + 1, k = 0; k < t[d].size; k++, i = e2b_mcp__tok_skip(t, i)) {
    if (kind == E2B_MCP__CK_TEMPLATE) {
      int id = e2b_mcp__tok_get(js, t, i, "templateID"), nm = e2b_mcp__tok_get(js, t, i, "names");
      if (id >= 0) e2b_mcp__cache_add(&s->complete[E2B_MCP__CC_TEMPLATES], js, &t[id], NULL, NULL);
      if (nm >= 0 && t[nm].type == JSMN_ARRAY)
        for (j = nm + 1, q = 0; q < t[nm].size; q++, j = e2b_mcp__tok_skip(t, j)) e2b_mcp__cache_add(&s->complete[E2B_MCP__CC_TEMPLATES], js, &t[j], NULL, NULL);
    } else {
      int id = e2b_mcp__tok_get(js, t, i, "sandboxID"), md = e2b_mcp__tok_get(js, t, i, "metadata");
      if (id >= 0) e2b_mcp__cache_add(&s->complete[E2B_MCP__CC_SANDBOXES], js, &t[id], NULL, NULL);
      if (md >= 0 && t[md].type == JSMN_OBJECT)
        for (j = md + 1, q = 0; q < t[md].size; q++, j = e2b_mcp__tok_skip(t, j + 1))
          e2b_mcp__cache_add(&s->complete[E2B_MCP__CC_METADATA], js, &t[j + 1], js, &t[j]);
    }
  }
}

/* The answer of a completion that asked E2B: its kind and prefix in ref
   ("<kind digit><prefix>"). E2B's error is no values (a completion is a
   convenience; the tool itself says what is wrong). */
static void e2b_mcp__complete_reply(e2b_mcp_call *c, e2b_mcp_json *w) {
  int kind = c->ref[0] - '0';
  if (!w) {
    if (!c->is_error && c->has_out) e2b_mcp__complete_fill(c, kind);
    return;
  }
  if (c->is_error) e2b_mcp__complete_write(w, "", 1, 0, "", c->modern);
  else e2b_mcp__complete_known(c->srv, w, kind, c->ref + 1, c->modern);
}

/* Whether ref (a prompt's or a resource template's) is one of this server's,
   and whether it has the argument at an. */
static int e2b_mcp__complete_ref(e2b_mcp_server *s, const e2b_mcp__ctx *cx, const char *js, const jsmntok_t *t, int ref, int an, int *has_arg) {
  int ty = e2b_mcp__tok_get(js, t, ref, "type"), i;
  *has_arg = 0;
  if (ty < 0) return 0;
#if E2B_MCP_WITH_PROMPTS
  if (e2b_mcp__tok_eq(js, &t[ty], "ref/prompt")) {
    int nm = e2b_mcp__tok_get(js, t, ref, "name");
    const e2b_mcp_prompt *p = nm >= 0 && t[nm].type == JSMN_STRING ? e2b_mcp__find_prompt(s, cx, js, &t[nm]) : NULL;
    if (!p) return 0;
    for (i = 0; i < p->nargs; i++) if (e2b_mcp__tok_eq(js, &t[an], p->args[i].name)) *has_arg = 1;
    return 1;
  }
#endif
#if E2B_MCP_WITH_RESOURCES
  if (e2b_mcp__tok_eq(js, &t[ty], "ref/resource")) {
    int u = e2b_mcp__tok_get(js, t, ref, "uri");
    const char *tpl = NULL;
    char var[80];
    if (u < 0 || t[u].type != JSMN_STRING) return 0;
    for (i = 0; i < E2B_MCP__RES_N && !tpl; i++)
      if (e2b_mcp__is_template(e2b_mcp__builtin_resources[i].uri) && e2b_mcp__res_tool(s, cx, &e2b_mcp__builtin_resources[i]) &&
          e2b_mcp__tok_eq(js, &t[u], e2b_mcp__builtin_resources[i].uri)) tpl = e2b_mcp__builtin_resources[i].uri;
    for (i = 0; i < s->nresources && !tpl; i++)
      if (e2b_mcp__is_template(s->resources[i]->uri) && e2b_mcp__tok_eq(js, &t[u], s->resources[i]->uri)) tpl = s->resources[i]->uri;
    if (!tpl) return 0;
    if (t[an].end - t[an].start < (int)sizeof var - 2) {   /* "{name}" in the template */
      var[0] = '{';
      memcpy(var + 1, js + t[an].start, (size_t)(t[an].end - t[an].start));
      strcpy(var + 1 + (t[an].end - t[an].start), "}");
      *has_arg = strstr(tpl, var) != NULL;
    }
    return 1;
  }
#endif
  (void)s; (void)cx; (void)an; (void)i;
  return 0;
}

static void e2b_mcp__on_complete(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int params, const char *id) {
  char ref[E2B_MCP__REF_MAX];
  e2b_mcp__complete_cache *cc;
  const e2b_mcp_tool *tool;
  e2b_mcp_json w;
  int rf = e2b_mcp__tok_get(js, t, params, "ref"), arg = e2b_mcp__tok_get(js, t, params, "argument");
  int an = e2b_mcp__tok_get(js, t, arg, "name"), av = e2b_mcp__tok_get(js, t, arg, "value"), has, kind, modern = m->cx->sess->version == E2B_MCP__V2026_07;
  unsigned long now = e2b_mcp__now_ms(s);
  if (rf < 0 || t[rf].type != JSMN_OBJECT || an < 0 || t[an].type != JSMN_STRING || (av >= 0 && t[av].type != JSMN_STRING)) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, "completion/complete needs params.ref ({type, name} or {type, uri}) and "
                         "params.argument ({name, value}, strings)");
    return;
  }
  if (!e2b_mcp__complete_ref(s, m->cx, js, t, rf, an, &has)) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, "Invalid params: ref names no prompt or resource template of this server's "
                         "(prompts/list and resources/templates/list name them)");
    return;
  }
  ref[0] = (char)('0' + (kind = has ? e2b_mcp__complete_kind(js, &t[an]) : E2B_MCP__CK_NONE));
  if (av < 0) ref[1] = 0;
  else if (e2b_mcp__tok_str(js, &t[av], ref + 1, sizeof ref - 1) < 0) {   /* longer than any value: none match */
    kind = E2B_MCP__CK_NONE;
    ref[1] = 0;   /* the decoder stopped without a terminator */
  }
  cc = e2b_mcp__complete_cache_of(s, kind);
  tool = kind == E2B_MCP__CK_TEMPLATE ? e2b_mcp__tool_for(s, m->cx, "e2b_list_templates", 18)
       : kind == E2B_MCP__CK_SANDBOX || kind == E2B_MCP__CK_META ? e2b_mcp__tool_for(s, m->cx, "e2b_list_sandboxes", 18) : NULL;
  if (tool && m->cx->key_len && !(cc->at && cc->own && m->cx->key == s->key && now - cc->at < (unsigned long)E2B_MCP_COMPLETE_TTL_MS)) {
    static const char sandboxes[] = "{\"state\":[\"running\"]}";
    jsmntok_t at[6];
    const char *a = kind == E2B_MCP__CK_TEMPLATE ? "{}" : sandboxes;
    e2b_mcp__parse(a, strlen(a), at, 6);
    m->reply = e2b_mcp__complete_reply;
    m->ref = ref;
    s->run->two_phase(s, m, tool, a, at, 0, -1, id);
    m->reply = NULL;
    m->ref = NULL;
    return;
  }
  if (!tool && kind != E2B_MCP__CK_LEVEL) kind = E2B_MCP__CK_NONE;   /* nothing to read them from */
  else if (tool && !(cc->at && cc->own && m->cx->key == s->key)) kind = E2B_MCP__CK_NONE;   /* no key: none known */
  e2b_mcp__reply_begin(s, m, &w, id);
  e2b_mcp__complete_known(s, &w, kind, ref + 1, modern);
  e2b_mcp__out_end(m, &w);
}

static int e2b_mcp__complete_handle(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int meth, int params, const char *id) {
  if (!e2b_mcp__tok_eq(js, &t[meth], "completion/complete")) return 0;
  e2b_mcp__on_complete(s, m, js, t, params, id);
  return 1;
}
static void e2b_mcp__complete_caps(e2b_mcp_server *s, e2b_mcp_json *w, int modern) {
  (void)modern;
  (void)s;
  e2b_mcp_json_key(w, "completions"); e2b_mcp_json_obj(w); e2b_mcp_json_obj_end(w);
}
static const e2b_mcp__surface e2b_mcp__complete_surface = { e2b_mcp__complete_handle, e2b_mcp__complete_caps };
static void e2b_mcp__complete_init(e2b_mcp_server *s) { s->surface[s->nsurface++] = &e2b_mcp__complete_surface; }
#endif
/* >>engine: calls in flight, and the seam a transport uses --------------------
   A two-phase tool's call (E2B's own, or a custom one with build/shape) runs
   in one of E2B_MCP_CALLS call slots, as a state machine: ASKING (its consent
   question went to the user; the answer comes as a message like any other
   and is acted on at the call's next step, as is a cancel), E2B (its request
   is on the wire and moves with e2b_mcp__slot_io), then it is answered
   through the sink it came with and the slot is free again. Nothing here
   waits: a transport adds the calls' sockets to its own wait
   (e2b_mcp_watch) and moves them after it (e2b_mcp_step), so
   answers go out as E2B gives them, in any order.
   A 2025-03-26 batch's calls run in slots too, their answers kept in its
   batch record until the last (e2b_mcp__bat_*).
   The blocking paths (e2b_mcp_handle, e2b_mcp_call_tool)
   run their one slot to its end with e2b_mcp__call_run. The server's scratch
   (rtok, result, content, out, errmsg) is used within one step only: while a
   call starts, and while its answer is shaped and written. */
enum { E2B_MCP__CS_FREE, E2B_MCP__CS_ASKING, E2B_MCP__CS_E2B, E2B_MCP__CS_RUN };
/* Without questions (E2B_MCP__ASKS 0) no slot ever asks: the test is a
   constant, and the compiler drops every path behind it. */
#define E2B_MCP__IS_ASKING(k) (E2B_MCP__ASKS && (k)->state == E2B_MCP__CS_ASKING)

/* A free slot with a buffer from the pool (NULL when either is missing):
   the slot one used before (its connection may be open), else the next one
   never used; the lowest free buffer (so slots and buffers a server never
   needs stay out of memory). */
static e2b_mcp__slot *e2b_mcp__slot_claim(e2b_mcp_server *s) {
  e2b_mcp__slot *k;
  int i;
#ifdef E2B_MCP__POOL
  int b;
  if (s->bufs_used == E2B_MCP_CALL_BUFS) return NULL;
#endif
  for (i = 0; i < s->nslots && s->slots[i].state != E2B_MCP__CS_FREE; i++) {}
  if (i == E2B_MCP_CALLS) return NULL;
#ifdef E2B_MCP__POOL
  for (b = 0; b < s->nbufs && s->bufs_held[b]; b++) {}
  if (b == s->nbufs) s->nbufs++;
  s->bufs_held[b] = 1;
  s->bufs_used++;
#endif
  if (i == s->nslots) {
    s->slots[i].conn.open = 0;
    s->slots[i].conn.sock.h = -1;
    s->nslots++;
  }
  k = &s->slots[i];
  memset(k, 0, offsetof(e2b_mcp__slot, conn));   /* the call's fields; the connection stays */
#ifdef E2B_MCP__POOL
  k->rq.buf = s->bufs[b].req;
  k->rq.body_buf = s->bufs[b].resp;
#else
  k->rq.buf = k->own.req;
  k->rq.body_buf = k->own.resp;
#endif
  return k;
}
/* How many slots hold a call; *asking, *talking (when not NULL): whether one
   waits for its user, one for E2B. */
static int e2b_mcp__calls_busy(const e2b_mcp_server *s, int *asking, int *talking) {
  int i, n = 0, a = 0, t = 0;
  for (i = 0; i < s->nslots; i++) {
    n += s->slots[i].state != E2B_MCP__CS_FREE;
    a |= E2B_MCP__IS_ASKING(&s->slots[i]);
    t |= s->slots[i].state == E2B_MCP__CS_E2B;
  }
  if (asking) *asking = a;
  if (talking) *talking = t;
  return n;
}
/* Whether a call could take a slot and a buffer now. */
static int e2b_mcp__can_claim(const e2b_mcp_server *s) {
#ifdef E2B_MCP__POOL
  if (s->bufs_used == E2B_MCP_CALL_BUFS) return 0;
#endif
  return e2b_mcp__calls_busy(s, NULL, NULL) < E2B_MCP_CALLS;
}
/* k's call ended: the slot is free, its buffer back in the pool. */
#if E2B_MCP__TASKS
static void e2b_mcp__task_orphan(e2b_mcp_server *s, e2b_mcp__slot *k);
#endif
/* The one place a slot's sink changes (NULL: it answers nobody), so
   s->slot_sink, which e2b_mcp_sink_busy reads instead of every slot, always
   says the same as the slot. */
static void e2b_mcp__slot_sink(e2b_mcp_server *s, e2b_mcp__slot *k, const e2b_mcp_sink *sink) {
  k->has_sink = sink != NULL;
  if (sink) k->sink = *sink;
  s->slot_sink[k - s->slots] = sink ? sink->ctx : NULL;
}
static void e2b_mcp__slot_free(e2b_mcp_server *s, e2b_mcp__slot *k) {
#if E2B_MCP__TASKS
  if (k->task) e2b_mcp__task_orphan(s, k);
#endif
  k->state = E2B_MCP__CS_FREE;
  k->cl.io = E2B_MCP__IO_IDLE;
  if (k->has_sink && k->sink_no > s->sinks_floor) s->sinks_done++;
  e2b_mcp__slot_sink(s, k, NULL);
  if (k->client_key[0]) {   /* a client's key stays no longer than its call: nor does the request that carried it */
    memset(k->client_key, 0, sizeof k->client_key);
    memset(k->rq.buf, 0, k->rq.w.len < E2B_MCP_REQ_MAX ? k->rq.w.len : E2B_MCP_REQ_MAX);
  }
  if (k->rq.buf) {
#ifdef E2B_MCP__POOL
    s->bufs_held[((e2b_mcp__buf *)(void *)k->rq.buf) - s->bufs] = 0;   /* req is a buffer's first member */
    s->bufs_used--;
#else
    (void)s;
#endif
    k->rq.buf = k->rq.body_buf = NULL;
  }
}

#if E2B_MCP_WITH_BATCH
/* ---- a 2025-03-26 batch's answers, kept in its record until the last ----
   Each answer in b->buf: a header (which request, how many bytes), then the
   bytes the core wrote (through the redactor, "," first). */
#define E2B_MCP__BAT_HEAD (2 * sizeof(size_t))
#define E2B_MCP__BAT_ERR 256   /* an error in place of an answer, header and frame and text, but its id */
static int e2b_mcp__bat_write(void *ctx, const char *p, size_t n) {
  e2b_mcp__batch *b = (e2b_mcp__batch *)ctx;
  if (b->over || n > b->limit - b->len) { b->over = 1; return -1; }
  memcpy(b->buf + b->len, p, n);
  b->len += n;
  return 0;
}
/* The room kept for an error in place of the answer to the request at token
   root (its id's JSON text, at most E2B_MCP_RPC_ID_MAX, or null). */
static unsigned e2b_mcp__bat_share(const char *js, const jsmntok_t *t, int root) {
  int idt = t[root].type == JSMN_OBJECT ? e2b_mcp__tok_get(js, t, root, "id") : -1;
  size_t n = idt >= 0 ? (size_t)(t[idt].end - t[idt].start) + 2 : 4;
  return (unsigned)(E2B_MCP__BAT_ERR + (n < E2B_MCP_RPC_ID_MAX ? n : E2B_MCP_RPC_ID_MAX));
}
/* A message whose answers go into b. */
static void e2b_mcp__bat_msg(e2b_mcp__batch *b, e2b_mcp__msg *m, const e2b_mcp__ctx *cx) {
  memset(m, 0, sizeof *m);
  m->sink = &b->mem;
  m->cx = cx;
  m->async = 1;
  m->batch = 1;
  m->batch_items = 1;   /* each answer starts with ",": the array's "[" is written at its end */
}
/* An answer begins (returned: where): it may use the room but what is kept
   for the answers still to come. */
static size_t e2b_mcp__bat_begin(e2b_mcp__batch *b, unsigned share) {
  size_t at = b->len;
  b->len += E2B_MCP__BAT_HEAD;
  b->over = 0;
  b->limit = sizeof b->buf - (b->reserve - share);
  return at;
}
/* The answer to request `at` that began at pos ended: kept with its header;
   one that did not fit (or why, when not NULL) is an error in its place
   (its room was kept); nothing written is no answer (a notification, a
   cancelled call). Its kept room is free again. */
static void e2b_mcp__bat_end(e2b_mcp_server *s, e2b_mcp__batch *b, size_t pos, int at, unsigned share, int failed, const char *why, const char *id) {
  size_t h[2];
  if (failed || b->over || why) {
    e2b_mcp__msg m;
    e2b_mcp__ctx cx;
    b->len = pos + E2B_MCP__BAT_HEAD;
    b->over = 0;
    b->limit = sizeof b->buf - (b->reserve - share);
    e2b_mcp__ctx_own(s, &cx);
    e2b_mcp__bat_msg(b, &m, &cx);
    e2b_mcp__reply_error(s, &m, id, E2B_MCP__INTERNAL_ERROR, why ? why :
                         "The answer does not fit in the room this server keeps for a batch's answers (E2B_MCP_BATCH_ROOM); send this request on its own.");
  }
  h[0] = (size_t)at;
  h[1] = b->len - pos - E2B_MCP__BAT_HEAD;
  if (!h[1]) b->len = pos;
  else memcpy(b->buf + pos, h, sizeof h);
  b->reserve -= share;
}
/* The batch is answered: its answers, in its order, as one array (none: no
   answer, a batch of notifications), then the record is free. 1 when
   written, 0 when nothing was, -1 when the sink failed. */
static int e2b_mcp__bat_emit(e2b_mcp_server *s, e2b_mcp__batch *b) {
  const e2b_mcp_sink *k = &b->sink;
  int i, items = 0, bad = 0;
  for (i = 0; b->has_sink && i < b->count && !bad; i++) {
    size_t p, h[2];
    for (p = b->text; p < b->len; p += E2B_MCP__BAT_HEAD + h[1]) {
      memcpy(h, b->buf + p, sizeof h);
      if (h[0] != (size_t)i) continue;
      bad = (!items && k->write(k->ctx, "[", 1) != 0) ||
            k->write(k->ctx, b->buf + p + E2B_MCP__BAT_HEAD + !items, h[1] - !items) != 0;   /* the first without its "," */
      items++;
      break;
    }
  }
  if (items && !bad) bad = k->write(k->ctx, "]", 1) != 0 || (k->end && k->end(k->ctx) != 0);
  if (b->has_sink && b->sink_no > s->sinks_floor) s->sinks_done++;
  s->bat_used[b - s->batches] = 0;
  return bad ? -1 : items > 0;
}
/* One of b's calls left it (answered into it, or not at all): the array goes
   when it was the last and every request has been read. */
static void e2b_mcp__bat_out(e2b_mcp_server *s, e2b_mcp__batch *b) {
  if (--b->out == 0 && !b->open) e2b_mcp__bat_emit(s, b);
}
static void e2b_mcp__bat_stopped(e2b_mcp_server *s, const e2b_mcp__queued *q);
#endif

#if E2B_MCP_AUDIT
/* ---- the audit record ----
   A call's arguments are copied when it starts (its message text goes with
   that step) and the record is made when the call is written, its result
   complete. The copy is built from DECODED values and written again by the
   JSON writer, never copied as request text: whatever came in (line breaks
   between tokens, invalid UTF-8, escapes, nesting), the record is one line of
   valid UTF-8 JSON. Names are compared with secret words after decoding (so
   "pass\u0077ord" is a password, as E2B would read it); a value under such a
   name is "[redacted]"; in a key/value pair ({"key"|"name": N, "value": V},
   the tools' own form for metadata) V is redacted when N is secret-named;
   below E2B_MCP__AUDIT_DEPTH levels a value is the marker "[too deep]". */
#define E2B_MCP__AUDIT_DEPTH 8
/* Whether a decoded name (n bytes; -1: too long or malformed to decode)
   holds a secret word. A name that cannot be decoded is taken as secret. */
static int e2b_mcp__audit_secret_name(const char *p, int n) {
  static const char *const words[] = { "env", "key", "token", "secret", "password", "passwd", "credential", "auth" };
  size_t i, k, w;
  if (n < 0) return 1;
  for (w = 0; w < sizeof words / sizeof words[0]; w++) {
    k = strlen(words[w]);
    for (i = 0; i + k <= (size_t)n; i++) if (e2b_mcp__ieqn(p + i, words[w], k)) return 1;
  }
  return 0;
}
/* The string token t decoded into buf (cap): its length, or -1. */
static int e2b_mcp__audit_name(const char *js, const jsmntok_t *t, char *buf, size_t cap) {
  return t->type == JSMN_STRING ? e2b_mcp__unescape(js + t->start, (size_t)(t->end - t->start), buf, cap) : -1;
}
/* A string token written as a JSON string from its decoded value, a piece at
   a time (no buffer: a run of plain bytes, or one escape's character), the
   writer escaping each piece and replacing bytes that are not UTF-8. */
static void e2b_mcp__audit_str(e2b_mcp_json *w, const char *js, const jsmntok_t *t) {
  const char *s = js + t->start;
  size_t n = (size_t)(t->end - t->start), i = 0, run;
  e2b_mcp__w_sep(w);
  e2b_mcp__w_c(w, '"');
  while (i < n) {
    char out[16];
    int l;
    for (run = i; run < n && s[run] != '\\'; run++) {}
    if (run > i) { e2b_mcp_json_escape(w, s + i, run - i); i = run; continue; }
    /* one escape: \uXXXX (a surrogate pair with its partner) or \c */
    run = i + 2;
    if (i + 1 < n && s[i + 1] == 'u') {
      run = i + 6;
      if (run + 6 <= n && s[run] == '\\' && s[run + 1] == 'u' && e2b_mcp__hex4(s + i + 2) >= 0xD800 &&
          e2b_mcp__hex4(s + i + 2) <= 0xDBFF && e2b_mcp__hex4(s + run + 2) >= 0xDC00) run += 6;
    }
    if (run > n || (l = e2b_mcp__unescape(s + i, run - i, out, sizeof out)) < 0) {
      e2b_mcp_json_escape(w, "\xef\xbf\xbd", 3);   /* malformed, or \u0000: U+FFFD */
      i = run > n ? n : run;
      continue;
    }
    e2b_mcp_json_escape(w, out, (size_t)l);
    i = run;
  }
  e2b_mcp__w_c(w, '"');
}
/* Writes the value at token i (redact: every scalar in it as "[redacted]",
   its object keys kept); the next token's index. */
static int e2b_mcp__audit_value(e2b_mcp_json *w, const char *js, const jsmntok_t *t, int i, int redact, int depth) {
  int j = i + 1, k;
  if ((t[i].type == JSMN_OBJECT || t[i].type == JSMN_ARRAY) && depth >= E2B_MCP__AUDIT_DEPTH) {
    e2b_mcp_json_str(w, "[too deep]");   /* never copied: what lies below is neither checked for secrets nor kept */
    return e2b_mcp__tok_skip(t, i);
  }
  if (t[i].type == JSMN_OBJECT) {
    char name[128];
    int pair_secret = 0, n;
    /* a key/value pair: its "key" or "name" member names what "value" holds */
    if (e2b_mcp__tok_skip(t, i) > i + 1) {
      int has_value = 0, named = 0, secret = 0;
      for (k = 0, j = i + 1; k < t[i].size; k++) {
        n = e2b_mcp__audit_name(js, &t[j], name, sizeof name);
        if (n == 5 && !memcmp(name, "value", 5)) has_value = 1;
        if (((n == 3 && !memcmp(name, "key", 3)) || (n == 4 && !memcmp(name, "name", 4))) && t[j + 1].type == JSMN_STRING) {
          char v[128];
          named = 1;
          secret |= e2b_mcp__audit_secret_name(v, e2b_mcp__audit_name(js, &t[j + 1], v, sizeof v));
        }
        j = e2b_mcp__tok_skip(t, j + 1);
      }
      if (has_value && named) pair_secret = 1 + secret;   /* 1: a pair, its name kept; 2: its value redacted */
    }
    e2b_mcp_json_obj(w);
    for (k = 0, j = i + 1; k < t[i].size; k++) {
      int sec;
      n = e2b_mcp__audit_name(js, &t[j], name, sizeof name);
      e2b_mcp__audit_str(w, js, &t[j]);   /* the name, decoded and written again */
      e2b_mcp__w_put(w, ":", 1);
      w->after_key = 1;
      if (pair_secret && ((n == 3 && !memcmp(name, "key", 3)) || (n == 4 && !memcmp(name, "name", 4))) && t[j + 1].type == JSMN_STRING)
        sec = 0;   /* a pair's name is a name, as an object's keys are */
      else if (pair_secret == 2 && n == 5 && !memcmp(name, "value", 5)) sec = 1;
      else sec = e2b_mcp__audit_secret_name(name, n);
      j = e2b_mcp__audit_value(w, js, t, j + 1, redact || sec, depth + 1);
    }
    e2b_mcp_json_obj_end(w);
    return j;
  }
  if (t[i].type == JSMN_ARRAY) {
    e2b_mcp_json_arr(w);
    for (k = 0; k < t[i].size; k++) j = e2b_mcp__audit_value(w, js, t, j, redact, depth + 1);
    e2b_mcp_json_arr_end(w);
    return j;
  }
  if (redact) e2b_mcp_json_str(w, "[redacted]");
  else if (t[i].type == JSMN_STRING) e2b_mcp__audit_str(w, js, &t[i]);
  else if (e2b_mcp__prim_ok(js + t[i].start, (size_t)(t[i].end - t[i].start)))
    e2b_mcp_json_raw(w, js + t[i].start, (size_t)(t[i].end - t[i].start));   /* true, false, null or a number: checked */
  else e2b_mcp_json_str(w, "[not JSON]");
  return j;
}
/* A call's arguments (the object at token args, or -1) as the record keeps
   them, into argv (E2B_MCP_AUDIT_ARGS_MAX), and its sandbox_id into sbx
   (E2B_MCP_ID_MAX + 1; "" without one): for a call that starts, and for one
   refused before it could (its access token's scope: >>transport: streamable
   http today). Contract for every record maker: argv is the only form of a
   call's arguments a record may carry (one line of valid UTF-8 JSON, secrets
   redacted); never put request text into a record field, and hand string
   fields (tool, who) to the hook as decoded text, which the writer escapes. */
static void e2b_mcp__audit_args(const char *js, const jsmntok_t *t, int args, char *argv, char *sbx) {
  e2b_mcp_json w;
  int sb;
  e2b_mcp_json_init(&w, argv, E2B_MCP_AUDIT_ARGS_MAX - 1);
  if (args >= 0 && t[args].type == JSMN_OBJECT) e2b_mcp__audit_value(&w, js, t, args, 0, 0);
  else e2b_mcp_json_raw(&w, "{}", 2);
  if (w.err) { w.err = 0; w.len = 0; e2b_mcp_json_raw(&w, "{\"_omitted\":\"longer than E2B_MCP_AUDIT_ARGS_MAX\"}", 49); }
  argv[w.len] = 0;
  sb = args >= 0 ? e2b_mcp__tok_get(js, t, args, "sandbox_id") : -1;
  if (sb < 0 || e2b_mcp__tok_str(js, &t[sb], sbx, E2B_MCP_ID_MAX + 1) < 0) sbx[0] = 0;
}
/* Masks the caller's own key wherever it was typed into the arguments. The
   key is key_len bytes and need not end there: a principal's points into its
   request (a header's value, the token's room), where more text follows. */
static void e2b_mcp__audit_mask(const e2b_mcp__ctx *cx, char *argv) {
  char *p;
  if (!cx->key_len) return;
  for (p = argv; *p; p++) if (strncmp(p, cx->key, cx->key_len) == 0) memset(p, '*', cx->key_len);
}
/* A tool call refused for its caller's scopes (the core's one scope check):
   its record, written before the refusal is answered; nothing reached E2B. */
static void e2b_mcp__audit_forbidden(e2b_mcp_server *s, const e2b_mcp__ctx *cx, const e2b_mcp_tool *tool, int group,
                                     const char *js, const jsmntok_t *t, int params, int args) {
  char who[E2B_MCP_SUBJECT_MAX], sbx[E2B_MCP_ID_MAX + 1], argv[E2B_MCP_AUDIT_ARGS_MAX];
  e2b_mcp_audit_record r;
  size_t wn = cx->pr.who_len < sizeof who - 1 ? cx->pr.who_len : sizeof who - 1;
#if E2B_MCP_WITH_2026
  char trace[56];
#endif
  if (!s->cfg.audit) return;
  e2b_mcp__audit_args(js, t, args, argv, sbx);
  e2b_mcp__audit_mask(cx, argv);
  if (cx->pr.who) memcpy(who, cx->pr.who, wn);
  who[cx->pr.who ? wn : 0] = 0;
  r.tool = tool->name;
  r.group = group;
  r.who = cx->pr.who ? who : NULL;
  r.sandbox_id = sbx;
  r.args = argv;
  r.e2b_status = 0;
  r.outcome = "forbidden";
  r.duration_ms = 0;
  r.traceparent = NULL;
  r.batch = 0;
#if E2B_MCP_WITH_BATCH
  if (s->bat) r.batch = s->bat->sink_no;   /* the batch whose member is being read now */
#endif
#if E2B_MCP_WITH_2026
  e2b_mcp__trace_take(js, t, e2b_mcp__tok_get(js, t, e2b_mcp__tok_get(js, t, params, "_meta"), "traceparent"), trace);
  if (trace[0]) r.traceparent = trace;
#else
  (void)params;
#endif
  s->cfg.audit(s->cfg.audit_user, &r);
  E2B_MCP__MET_INC(s, audit_records);
}
static void e2b_mcp__audit_begin(e2b_mcp_server *s, e2b_mcp__slot *k) {
  const e2b_mcp_call *c = &k->call;
  k->audit_on = 1;
  k->audit_refused = 0;
  k->audit_t0 = e2b_mcp__now_ms(s);
  k->audit_batch = 0;
#if E2B_MCP_WITH_BATCH
  if (s->bat) k->audit_batch = s->bat->sink_no;   /* it is begun while its batch is read (or its queued turn comes) */
#endif
  e2b_mcp__audit_args(c->js, c->tok, c->args, k->audit_args, k->audit_sbx);
  e2b_mcp__audit_mask(&k->cx, k->audit_args);   /* a caller's key typed into an argument: masked, whatever its name */
}
/* The record of k as it stands (sbx: E2B_MCP_ID_MAX + 1 for its sandbox). */
static void e2b_mcp__audit_record(e2b_mcp_server *s, e2b_mcp__slot *k, e2b_mcp_audit_record *r, char *sbx) {
  const e2b_mcp_call *c = &k->call;
  unsigned long now = e2b_mcp__now_ms(s);
  unsigned ann = c->tool->annotations;
  size_t i, n;
  e2b_mcp__strlcpy(sbx, k->audit_sbx, E2B_MCP_ID_MAX + 1);
  if (!sbx[0] && !(ann & E2B_MCP_READ_ONLY) && c->has_out && c->out.buf)   /* the one it created (a list's are not its) */
    for (i = 0; i + 13 < c->out.len; i++) {
      if (memcmp(c->out.buf + i, "\"sandboxID\":\"", 13) != 0) continue;
      for (n = 0; i + 13 + n < c->out.len && c->out.buf[i + 13 + n] != '"'; n++) {}
      if (n < E2B_MCP_ID_MAX + 1) { memcpy(sbx, c->out.buf + i + 13, n); sbx[n] = 0; }
      break;
    }
  r->tool = c->tool->name;
  r->group = (ann & E2B_MCP_DESTRUCTIVE) ? E2B_MCP_GROUP_KILL : (ann & E2B_MCP_READ_ONLY) ? E2B_MCP_GROUP_READ : E2B_MCP_GROUP_WRITE;
  r->who = k->cx.pr.who ? k->who : NULL;
  r->sandbox_id = sbx;
  r->args = k->audit_args;
  r->e2b_status = k->audit_status;
  r->outcome = k->audit_refused ? "audit_unavailable" : c->cancelled ? "cancelled" :
#if E2B_MCP_KEYSTORE
              k->cx.pr.no_key ? "no_key" :
#endif
              c->refused ? "declined" : c->is_error || c->fail_code ? "error" : "ok";
  r->duration_ms = now && k->audit_t0 ? now - k->audit_t0 : 0;
  r->traceparent = c->trace[0] ? c->trace : NULL;
  r->batch = k->audit_batch;
}
static void e2b_mcp__audit_end(e2b_mcp_server *s, e2b_mcp__slot *k) {
  e2b_mcp_audit_record r;
  char sbx[E2B_MCP_ID_MAX + 1];
  e2b_mcp__audit_record(s, k, &r, sbx);
  if (s->cfg.audit) { s->cfg.audit(s->cfg.audit_user, &r); E2B_MCP__MET_INC(s, audit_records); }
  k->audit_on = 0;
}
/* Fail closed: just before k's request goes to E2B, cfg.audit_start is
   told (outcome "started") and may refuse (its log cannot be written): then
   nothing is sent and the call is answered that the audit log is
   unavailable. 0: go on. */
static int e2b_mcp__audit_gate(e2b_mcp_server *s, e2b_mcp__slot *k) {
  e2b_mcp_audit_record r;
  char sbx[E2B_MCP_ID_MAX + 1];
  if (!s->cfg.audit_start || !k->audit_on) return 0;
  e2b_mcp__audit_record(s, k, &r, sbx);
  r.outcome = "started";
  if (s->cfg.audit_start(s->cfg.audit_user, &r) == 0) return 0;
  k->audit_refused = 1;
  E2B_MCP__MET_INC(s, refused[E2B_MCP__RF_AUDIT]);
  e2b_mcp__result_reset(&k->call);
  e2b_mcp_result_error(&k->call, "The audit log is unavailable, so this server refuses calls that start, bill, change or "
                       "destroy a sandbox until it can record them; nothing was sent to E2B. Tell the server's operator.");
  return -1;
}
#endif

#if E2B_MCP_METRICS
/* ---- the call's metrics (>>metrics): its tool's place in the table, its outcome ---- */
static int e2b_mcp__met_tool(const e2b_mcp_server *s, const e2b_mcp_tool *tool) {
  int i;
  for (i = 0; i < s->ntools && i < E2B_MCP__MET_TOOLS; i++) if (s->tools[i] == tool) return i;
  return -1;   /* a tool switched off, called by a custom caller: not counted */
}
static void e2b_mcp__met_call(e2b_mcp_server *s, const e2b_mcp__slot *k) {
  const e2b_mcp_call *c = &k->call;
  int i = e2b_mcp__met_tool(s, c->tool), oc;
  unsigned long now = e2b_mcp__now_ms(s);
  if (i < 0) return;
  oc = c->cancelled ? E2B_MCP__OC_CANCELLED :
#if E2B_MCP_KEYSTORE
       k->cx.pr.no_key ? E2B_MCP__OC_NO_KEY :
#endif
       c->refused ? E2B_MCP__OC_DECLINED : c->is_error || c->fail_code ? E2B_MCP__OC_ERROR : E2B_MCP__OC_OK;
  e2b_mcp__met_observe(&s->metrics.tool[i][oc], now && k->met_t0 ? now - k->met_t0 : 0);
}
/* E2B answered k's request (status 0: the exchange failed). */
static void e2b_mcp__met_e2b(e2b_mcp_server *s, const e2b_mcp__slot *k, int status) {
  int i = e2b_mcp__met_tool(s, k->call.tool);
  unsigned long now = e2b_mcp__now_ms(s);
  if (i < 0) return;
  s->metrics.e2b[i][e2b_mcp__met_status(status)]++;
  e2b_mcp__met_observe(&s->metrics.e2b_time[i], now && k->t0 ? now - k->t0 : 0);
}
#endif

/* A finished call's result, completed (e2b_mcp__result_done) and handed to an
   in-process caller, then written to m (nothing for a cancelled call). */
static void e2b_mcp__call_write(e2b_mcp_server *s, e2b_mcp__slot *k, e2b_mcp__msg *m) {
  e2b_mcp_call *c = &k->call;
  e2b_mcp__result_done(s, c);
#if E2B_MCP_AUDIT
  if (k->audit_on) e2b_mcp__audit_end(s, k);
#endif
#if E2B_MCP_METRICS
  if (k->call.tool) e2b_mcp__met_call(s, k);
#endif
  if (k->back) {   /* in-process: the result (in the scratch buffers) is the caller's */
    k->back->out = c->out; k->back->content = c->content;
    k->back->is_error = c->is_error; k->back->has_out = c->has_out;
  }
  if (m) e2b_mcp__reply_call(s, m, c, k->id);
}

/* Answers k through its own sink (a call that went on from an earlier
   message), or m when the caller waits for it, and frees it. */
static void e2b_mcp__call_done(e2b_mcp_server *s, e2b_mcp__slot *k, e2b_mcp__msg *m) {
  e2b_mcp__msg own;
#if E2B_MCP_WITH_BATCH
  if (!m && k->batch) {   /* into its batch, which is answered with its last call */
    e2b_mcp__batch *b = k->batch;
    size_t pos = e2b_mcp__bat_begin(b, k->bat_share);
    e2b_mcp__bat_msg(b, &own, &k->cx);
    e2b_mcp__call_write(s, k, &own);
    e2b_mcp__bat_end(s, b, pos, k->bat_at, k->bat_share, own.failed, NULL, k->id);
    e2b_mcp__slot_free(s, k);
    e2b_mcp__bat_out(s, b);
    return;
  }
#endif
  if (!m && k->has_sink) {
    memset(&own, 0, sizeof own);
    own.sink = &k->sink;
    own.cx = &k->cx;
    m = &own;
  }
  e2b_mcp__call_write(s, k, m);
  e2b_mcp__slot_free(s, k);
}

/* What k's E2B client is given of the server: the URL its request goes to
   (the server's own, which keeps the resolved address), the socket port,
   the trust anchors, the timeouts and how long an address is reused. */
static void e2b_mcp__slot_dial(e2b_mcp_server *s, const e2b_mcp__slot *k, e2b_mcp__dial *d) {
  d->url = k->rq.base == &s->dash ? &s->dash : &s->api;
#ifdef E2B_MCP__DOC
  if (k->fetch) d->url = &k->fetch->url;
#endif
  d->net = s->net;
  d->trust = s->trust_loaded ? &s->trust : NULL;
  d->connect_ms = (unsigned long)s->cfg.connect_timeout_ms;
  d->read_ms = (unsigned long)s->cfg.read_timeout_ms;
  d->dns_ttl_ms = (unsigned long)s->cfg.dns_ttl_ms;
}
/* Moves k's E2B request on as far as its socket allows now. */
/* What the transport's last wait found on k's socket: 1 ready, 0 nothing,
   -1 not known (not watched then, or the transport does not say). */
static int e2b_mcp__slot_ready(const e2b_mcp_server *s, const e2b_mcp__slot *k) {
  if (!s->wready || k->wgen != s->wgen) return -1;
  return s->wready[k->widx].ready != 0;
}
static void e2b_mcp__slot_io(e2b_mcp_server *s, e2b_mcp__slot *k) {
  e2b_mcp__dial d;
  e2b_mcp__slot_dial(s, k, &d);
  e2b_mcp__client_step(&k->cl, &k->conn, &d, e2b_mcp__now_ms(s));
  k->until = k->cl.until;
}

#if E2B_MCP__TASKS
static void e2b_mcp__task_start(e2b_mcp_server *s, e2b_mcp__slot *k);
#endif
/* The request goes out: its state machine takes its first steps now. */
static void e2b_mcp__call_send(e2b_mcp_server *s, e2b_mcp__slot *k) {
#if E2B_MCP__TASKS
  e2b_mcp__task_start(s, k);   /* a long call of a client that takes tasks: answered with one now */
#endif
  e2b_mcp_progress(&k->call, 0, 1, "Calling E2B");
  k->state = E2B_MCP__CS_E2B;
  k->t0 = e2b_mcp__now_ms(s);
#if E2B_MCP_WITH_2026
  k->rq.trace = k->call.trace[0] ? k->call.trace : NULL;
#endif
  e2b_mcp__client_begin(&k->cl, &k->rq, k->cx.key, k->rq.body_buf, E2B_MCP_RESP_MAX);
  k->cl.trusted = e2b_mcp__slot_ready(s, k) == 0;   /* its kept connection was watched idle: nothing came on it */
  e2b_mcp__slot_io(s, k);
}

/* Whether the client of sess may have one more question waiting for its
   user: 0, or why not (E2B_MCP_NO_TOO_MANY, E2B_MCP_NO_CROWDED). */
static int e2b_mcp__ask_room(const e2b_mcp_server *s, const e2b_mcp_session *sess) {
  int i, mine = 0, all = 0;
  for (i = 0; i < s->nslots; i++)
    if (E2B_MCP__IS_ASKING(&s->slots[i])) { all++; mine += s->slots[i].from == sess; }
  if (mine >= E2B_MCP_ASKS_PER_CLIENT) return E2B_MCP_NO_TOO_MANY;
  return all >= E2B_MCP_ASKING_MAX ? E2B_MCP_NO_CROWDED : 0;
}

/* Asks the user the consent question with elicitation/create: 1 when asked
   (the call waits, ASKING), 0 when the question could not be sent (no
   answer: declined), -1 when this client cannot be asked. */
static int e2b_mcp__call_ask(e2b_mcp_server *s, e2b_mcp__slot *k, const e2b_mcp__msg *m) {
  e2b_mcp_call *c = &k->call;
  const e2b_mcp_session *ss = c->cx->sess;
  unsigned long now = e2b_mcp__now_ms(s);
  if (!c->sink || !ss->client_elicitation || !ss->client_ready || ss->version < E2B_MCP__V2025_06 || !k->from || !m->async) return -1;
  if ((c->refused = e2b_mcp__ask_room(s, k->from)) != 0) return 0;   /* not asked: never run without the answer either */
  k->ask_id = ++s->next_ask_id;
  c->refused = E2B_MCP_NO_UNSENT;
  if (e2b_mcp__ask_send(s, c->cx, c->sink, k->ask_id, k->rq.ask, e2b_mcp__confirm_schema, sizeof e2b_mcp__confirm_schema - 1) != 0) return 0;
  c->refused = 0;
  E2B_MCP__MET_INC(s, consent[E2B_MCP__CQ_ASKED]);
  k->state = E2B_MCP__CS_ASKING;
  k->until = now ? now + (unsigned long)s->cfg.ask_timeout_ms : 0;
  return 1;
}

/* The user's answer to k's question (1: yes, else E2B_MCP_NO_*): on with
   the call, or why not as the answer. */
static void e2b_mcp__call_decided(e2b_mcp_server *s, e2b_mcp__slot *k, int answer, e2b_mcp__msg *m) {
  k->decided = 0;   /* acted on: no longer due (a transport's wait would spin on it) */
  E2B_MCP__MET_INC(s, consent[answer == 1 ? E2B_MCP__CQ_ACCEPTED : answer == E2B_MCP_NO_ANSWER ? E2B_MCP__CQ_EXPIRED : E2B_MCP__CQ_DECLINED]);
  e2b_mcp__result_reset(&k->call);
  if (answer == 1 && e2b_mcp__ready(&k->call) != 0) e2b_mcp__call_done(s, k, m);   /* a 429 cool-down began while the user thought */
#if E2B_MCP_AUDIT
  else if (answer == 1 && e2b_mcp__audit_gate(s, k) != 0) e2b_mcp__call_done(s, k, m);
#endif
  else if (answer == 1) e2b_mcp__call_send(s, k);
  else {
    e2b_mcp__result_reset(&k->call);
    e2b_mcp_result_error(&k->call, "%s", e2b_mcp__refusal_text(answer));
    e2b_mcp__call_done(s, k, m);
  }
}

/* E2B answered, or the exchange failed: the result, then the answer. */
static void e2b_mcp__call_end(e2b_mcp_server *s, e2b_mcp__slot *k, e2b_mcp__msg *m) {
  e2b_mcp_call *c = &k->call;
  e2b_mcp__result_reset(c);
#if E2B_MCP_AUDIT
  k->audit_status = k->cl.x.r.status;
#endif
#if E2B_MCP_METRICS
  e2b_mcp__met_e2b(s, k, k->cl.x.r.status);
#endif
  if (k->cl.x.r.status) s->e2b_answered_ms = e2b_mcp__now_ms(s);   /* E2B is there (>>ops' readiness) */
  if (e2b_mcp__call_checked(c, &k->rq, &k->cl.x.r, k->t0) == 0) {
    c->tool->shape(c, &k->rq, &k->cl.x.r);
#if E2B_MCP__CHAIN
    if (k->rq.again && !c->is_error) {   /* its next request (written by the shape) goes out; no answer yet */
      k->rq.again = 0;
      k->rq.step++;
      k->rq.body.buf = NULL;   /* a chained request is a GET: the answer's buffer is the next answer's */
      e2b_mcp__result_reset(c);
      e2b_mcp__call_send(s, k);
      return;
    }
#endif
    e2b_mcp__check_output(c, &k->rq);
  }
  e2b_mcp__call_done(s, k, m);
}

/* The slot takes what its call needs from the message it came in: the
   session as it was (and, but for a 2026-07-28 call, the session its answers
   and cancels must come from), the key and its cool-downs (a client's own key
   is copied: the request text it came in goes with this step), the JSON-RPC
   id and the sink (none inside a batch: its answer is the array's). */
static void e2b_mcp__slot_bind(e2b_mcp_server *s, e2b_mcp__slot *k, const e2b_mcp__ctx *cx, const e2b_mcp__msg *m, const char *id, int modern) {
  k->sess = *cx->sess;
  k->from = modern ? NULL : cx->sess;
  k->cx = *cx;
  k->cx.sess = &k->sess;
  k->cx.wire = NULL;   /* the request's headers are the transport's: checked, and answered from, while it is submitted */
  if (cx->key != s->key) {   /* as long as the transport checked it; its text may end where the key does */
    memcpy(k->client_key, cx->key, cx->key_len);
    k->client_key[cx->key_len] = 0;
    memcpy(k->client_key_fail, cx->key_fail, cx->key_len);
    k->cx.key = k->client_key; k->cx.key_fail = k->client_key_fail;
  }
  k->cx.pr.api_key = NULL;   /* copied above, as cx.key */
  k->cx.pr.api_key_len = 0;
#if E2B_MCP__WHO
  if (cx->pr.who) {   /* the transport's text it points to goes with this step too */
    k->cx.pr.who_len = cx->pr.who_len < sizeof k->who - 1 ? cx->pr.who_len : sizeof k->who - 1;
    memcpy(k->who, cx->pr.who, k->cx.pr.who_len);
    k->who[k->cx.pr.who_len] = 0;
    k->cx.pr.who = k->who;
  }
#else
  k->cx.pr.who = NULL;
  k->cx.pr.who_len = 0;
#endif
  k->cx.forbidden = NULL;
  e2b_mcp__strlcpy(k->id, id ? id : "", sizeof k->id);
  if (m && m->sink && !m->batch) {
    e2b_mcp__slot_sink(s, k, m->sink);
    k->sink_no = ++s->sinks_bound;
  }
}

/* Starts a built-in tool's call in its slot k (claimed, k->call filled from
   the request). The arguments are checked and
   the request is built now, while the message text they live in is there;
   then the user is asked (a bill or a kill), and the request goes out.
   Returns the slot while the call goes on; NULL when it was answered (m) or,
   m NULL (in-process), when its result is in the scratch buffers already. */
static e2b_mcp__slot *e2b_mcp__call_start(e2b_mcp_server *s, e2b_mcp__msg *m, e2b_mcp__slot *k, const char *id, e2b_mcp_call *back) {
  e2b_mcp_call *c = &k->call;
  int r;
  c->slot = k;
  e2b_mcp__slot_bind(s, k, c->cx, m, id, E2B_MCP__MODERN(c));
  c->cx = &k->cx;
#if E2B_MCP_AUDIT
  if (s->cfg.audit || s->cfg.audit_start) e2b_mcp__audit_begin(s, k);
#endif
#if E2B_MCP_METRICS
  k->met_t0 = e2b_mcp__now_ms(s);
#endif
  k->back = back;
  c->sink = k->has_sink ? &k->sink : NULL;   /* no notifications inside a batch answer */
  k->rq.cap = E2B_MCP_REQ_MAX;   /* rq.buf and rq.body_buf: the slot's buffer */
  k->rq.body_cap = E2B_MCP__BODY_MAX;   /* the question waits past the body, the TLS port's loan past both */
  k->state = E2B_MCP__CS_E2B;
  e2b_mcp__result_reset(c);
  if (e2b_mcp__check_arg_text(c) != 0 || e2b_mcp__check_arg_names(s, c) != 0) goto answered;
  if (e2b_mcp__is_builtin(c->tool) && (*(const int *)c->tool->user & E2B_MCP__GATE_KILL) && !s->cfg.enable_kill) {
    e2b_mcp_result_error(c, E2B_MCP__MSG_KILL_OFF);
    goto answered;
  }
  if (c->tool->build(c, &k->rq) != 0 || !k->rq.base || !k->rq.w.len) {   /* a build that failed, or wrote nothing to send */
    if (!c->is_error && !c->input_required && !c->fail_code)
      e2b_mcp_result_error(c, E2B_MCP__MSG_BUILD_FAILED, c->tool->name);
    goto answered;
  }
  if (k->rq.body.err) {
    e2b_mcp_result_error(c, E2B_MCP__MSG_BODY_TOO_LARGE);
    goto answered;
  }
  if (e2b_mcp__ready(c) != 0) goto answered;
  if (E2B_MCP_WITH_CONSENT && k->rq.ask) {
    r = E2B_MCP__MODERN(c) ? e2b_mcp_confirm(c, k->rq.ask) : m ? e2b_mcp__call_ask(s, k, m) : -1;
    if (E2B_MCP__MODERN(c) && r == 2) goto answered;   /* asked within the result: the client calls again with the answer */
    if (r == 0) {
      e2b_mcp__result_reset(c);
      e2b_mcp_result_error(c, "%s", e2b_mcp__refusal_text(c->refused ? c->refused : E2B_MCP_NO_UNSENT));
      goto answered;
    }
    if (r == 1 && !E2B_MCP__MODERN(c)) {   /* asked: the answer comes later */
      c->js = NULL; c->tok = NULL; c->args = -1;
      return k;
    }
    /* accepted, or the client cannot be asked (the description told the model to ask) */
  }
#if E2B_MCP_AUDIT
  if (e2b_mcp__audit_gate(s, k) != 0) goto answered;
#endif
  c->js = NULL; c->tok = NULL; c->args = c->responses = c->caps = -1;   /* the message text goes with this step */
  e2b_mcp__call_send(s, k);
  return k;
answered:
  e2b_mcp__call_write(s, k, m);
  e2b_mcp__slot_free(s, k);
  return NULL;
}

/* The blocking convenience: runs k to its end, waiting on its socket alone
   (a blocking caller's call is never asking: nobody could answer). The
   answer goes to m (NULL: only the result, into the scratch buffers). */
static void e2b_mcp__call_run(e2b_mcp_server *s, e2b_mcp__slot *k, e2b_mcp__msg *m) {
  while (k->state == E2B_MCP__CS_E2B) {   /* more than once for a tool whose answer leads to another request */
    e2b_mcp__dial d;
    e2b_mcp__slot_dial(s, k, &d);
    e2b_mcp__client_run(&k->cl, &k->conn, &d);
    e2b_mcp__call_end(s, k, m);
  }
}

#ifdef E2B_MCP__DOC
/* ---- a document from elsewhere (e2b_mcp__fetch: an issuer's metadata, its JWKS) ----
   It takes a call slot and its buffer like a call to E2B, so it shares the
   transport's one wait and never holds up the server: the calls and clients
   go on while it waits; it sends no key, and its slot answers nobody. */
static void e2b_mcp__fetch_send(e2b_mcp_server *s, e2b_mcp__slot *k) {
  e2b_mcp__req *rq = &k->rq;
  e2b_mcp_json_init(&rq->w, rq->buf, rq->cap);
  rq->base = &k->fetch->url;
  rq->idempotent = 1;
  e2b_mcp__w_put(&rq->w, "GET ", 4);
  e2b_mcp__w_put(&rq->w, k->fetch->path, strlen(k->fetch->path));
  k->state = E2B_MCP__CS_E2B;
  k->t0 = e2b_mcp__now_ms(s);
  e2b_mcp__client_begin(&k->cl, rq, NULL, rq->body_buf, E2B_MCP_RESP_MAX);
  e2b_mcp__slot_io(s, k);
}
/* f goes out in a free slot: the slot, or NULL when none is free (f is not busy then). */
static e2b_mcp__slot *e2b_mcp__fetch_start(e2b_mcp_server *s, e2b_mcp__fetch *f) {
  e2b_mcp__slot *k = e2b_mcp__slot_claim(s);
  if (!k) return NULL;
  k->fetch = f;
  k->rq.cap = E2B_MCP_REQ_MAX;
  f->busy = 1;
  e2b_mcp__fetch_send(s, k);
  return k;
}
/* Its response came (or the exchange failed): the next document, or the end. */
static void e2b_mcp__fetch_end(e2b_mcp_server *s, e2b_mcp__slot *k) {
  e2b_mcp__fetch *f = k->fetch;
  if (f->done(f, &k->cl.x.r)) { e2b_mcp__fetch_send(s, k); return; }
  f->busy = 0;
  e2b_mcp__slot_free(s, k);
}
#ifdef E2B_MCP__FETCH
/* The blocking convenience (a server that has not started serving): f and
   the documents it leads to, to their end. -1 when no slot is free. */
static int e2b_mcp__fetch_run(e2b_mcp_server *s, e2b_mcp__fetch *f) {
  e2b_mcp__slot *k = e2b_mcp__fetch_start(s, f);
  if (!k) return -1;
  while (k->state == E2B_MCP__CS_E2B) {
    e2b_mcp__dial d;
    e2b_mcp__slot_dial(s, k, &d);
    e2b_mcp__client_run(&k->cl, &k->conn, &d);
    e2b_mcp__fetch_end(s, k);
  }
  return 0;
}
#endif
#endif

/* ---- a simple custom tool asks its user ----
   Its call takes a slot only when it asks: the slot keeps the request's
   params and, after them, each answer, as the text "[params,answer,...";
   the question goes out, the tool returns (E2B_MCP_ASKED), and the call
   waits, ASKING, like a built-in one. When the answer comes (null: none in
   time; false: the call was cancelled) its tool runs again, RUN, over that
   text, and the same questions return their answers. */
static void e2b_mcp__custom_add(e2b_mcp__slot *k, const char *p, size_t n) {
  if (k->said + 1 + n + 2 > E2B_MCP_RESP_MAX) { p = "null"; n = 4; }   /* an answer too long to keep: none */
  if (k->said + 1 + n + 2 > E2B_MCP_RESP_MAX) return;   /* not even that: a question is asked only with room for it */
  k->rq.body_buf[k->said++] = ',';
  memcpy(k->rq.body_buf + k->said, p, n);
  k->said += n;
  k->call.answered++;
}
/* e2b_mcp_elicit's question, from a simple custom tool that may ask (>>mcp core). */
static int e2b_mcp__custom_ask(e2b_mcp_call *c, const char *message, const char *schema) {
  e2b_mcp_server *s = c->srv;
  e2b_mcp__slot *k = (e2b_mcp__slot *)c->slot;
  unsigned long now = e2b_mcp__now_ms(s);
  long id;
  if (k && (E2B_MCP__IS_ASKING(k) || k->said + 16 > E2B_MCP_RESP_MAX)) return -2;   /* one question per run; room for its answer */
  if ((c->refused = e2b_mcp__ask_room(s, c->cx->sess)) != 0) return -2;   /* as a question nobody answered */
  if (!k) {   /* its first question: a slot to wait in, with the params for its next run */
    size_t pn = (size_t)(c->tok[c->params].end - c->tok[c->params].start);
    if (pn + 16 > E2B_MCP_RESP_MAX || (k = e2b_mcp__slot_claim(s)) == NULL) return -2;
    k->rq.body_buf[0] = '[';
    memcpy(k->rq.body_buf + 1, c->js + c->tok[c->params].start, pn);
    k->said = 1 + pn;
    k->state = E2B_MCP__CS_RUN;
  }
  id = ++s->next_ask_id;
  if (e2b_mcp__ask_send(s, c->cx, c->sink, id, message, schema, strlen(schema)) != 0) {
    if (!c->slot) e2b_mcp__slot_free(s, k);
    return -2;
  }
  c->slot = k;
  k->ask_id = id;
  k->until = now ? now + (unsigned long)s->cfg.ask_timeout_ms : 0;
  k->state = E2B_MCP__CS_ASKING;
  return E2B_MCP_ASKED;
}
/* The first run asked: the call moves into its slot (its answer comes later). */
static void e2b_mcp__custom_asked(e2b_mcp_server *s, e2b_mcp_call *c, const char *id) {
  e2b_mcp__slot *k = (e2b_mcp__slot *)c->slot;
  e2b_mcp__slot_bind(s, k, c->cx, c->msg, id, 0);
  k->call = *c;
  k->call.cx = &k->cx;
  k->call.sink = k->has_sink ? &k->sink : NULL;
  k->call.js = NULL; k->call.tok = NULL; k->call.msg = NULL;
}
/* A response from the client: the answer to the question of the call that
   asked it, from the same session; the call acts on it at its next step
   (e2b_mcp_step), never in the middle of someone else's message or
   result. 1 when it was one. */
static int e2b_mcp__call_user_answer(e2b_mcp_server *s, const e2b_mcp__ctx *cx, const char *js, const jsmntok_t *t, int root) {
  int idt = e2b_mcp__tok_get(js, t, root, "id"), res = e2b_mcp__tok_get(js, t, root, "result"), i;
  long long id;
  if (idt < 0 || e2b_mcp__tok_int(js, &t[idt], &id) != 0) return 0;
  for (i = 0; i < s->nslots; i++) {
    e2b_mcp__slot *k = &s->slots[i];
    if (!E2B_MCP__IS_ASKING(k) || k->decided || k->ask_id != id || k->from != cx->sess) continue;
    if (!k->call.tool->build) {   /* a simple custom tool: the answer is kept for its next run */
      int obj = res >= 0 && t[res].type == JSMN_OBJECT;
      e2b_mcp__custom_add(k, obj ? js + t[res].start : "null", obj ? (size_t)(t[res].end - t[res].start) : 4);
      k->decided = 1;
      return 1;
    }
    k->decided = (unsigned char)e2b_mcp__consent_answer(js, t, res);
    return 1;
  }
  return 0;
}

/* Ends k now without an answer: a question dropped, or a read cut off (its
   log line says so). */
static void e2b_mcp__call_drop(e2b_mcp_server *s, e2b_mcp__slot *k, const char *why) {
  if (k->state == E2B_MCP__CS_E2B) {
    char what_req[E2B_MCP__D(160, 96)];
    e2b_mcp__conn_close(&k->conn);   /* the read ends */
    e2b_mcp__what_req(&k->rq, what_req, sizeof what_req);
    e2b_mcp_log(&k->call, "info", "%s on %s: %s", what_req, k->rq.base->host, why);
  }
  k->call.cancelled = 1;
  e2b_mcp__slot_free(s, k);
#if E2B_MCP_WITH_BATCH
  if (k->batch) {   /* no answer in its batch */
    k->batch->reserve -= k->bat_share;
    e2b_mcp__bat_out(s, k->batch);
  }
#endif
}

/* The server stops: a question or a read ends now, answered so. */
static void e2b_mcp__call_stop(e2b_mcp_server *s, e2b_mcp__slot *k) {
  int asking = E2B_MCP__IS_ASKING(k);
  e2b_mcp__conn_close(&k->conn);
  e2b_mcp__result_reset(&k->call);
  e2b_mcp_result_error(&k->call, asking ? "The server is stopping: nothing was done and nothing was sent to E2B. Call again once it is back."
                       : "The server is stopping: E2B's answer was not read (nothing was changed). Call again once it is back.");
  e2b_mcp__call_done(s, k, NULL);
}

/* Whether the call only reads (its tool says so): such a call waiting for
   E2B can end without its answer; anything else may change something. */
static int e2b_mcp__call_reads(const e2b_mcp__slot *k) {
  return (k->call.tool->annotations & E2B_MCP_READ_ONLY) != 0;
}
/* notifications/cancelled from the session of a call (a 2026-07-28 call,
   which has none: from the same client, its origin's caller): a call waiting
   for its user, or for E2B on a read, ends now without an answer, and one
   waiting in the queue never starts; a request that changes something and
   went to E2B always runs to its answer, so the user learns what was done (a
   new sandbox's ID). */
static void e2b_mcp__call_cancel(e2b_mcp_server *s, const e2b_mcp__ctx *cx, const char *js, const jsmntok_t *t, int params) {
  char rid[E2B_MCP_RPC_ID_MAX];
  int rq = e2b_mcp__tok_get(js, t, params, "requestId"), i, j;
  if (rq < 0 || e2b_mcp__tok_json(js, &t[rq], rid, sizeof rid) < 0) return;
  for (i = 0; i < s->nslots; i++) {
    e2b_mcp__slot *k = &s->slots[i];
    if (k->state == E2B_MCP__CS_FREE || k->drop || !e2b_mcp__streq(k->id, rid)) continue;
#if E2B_MCP_WITH_2026
    if (!k->from && (!k->cx.caller || k->cx.caller != cx->caller)) continue;   /* 2026-07-28: another client's, or nobody known */
    if (k->from && k->from != cx->sess) continue;
#else
    if (!k->from || k->from != cx->sess) continue;
#endif
    if (k->state == E2B_MCP__CS_E2B && !e2b_mcp__call_reads(k)) continue;
    k->drop = "cancelled by the client";   /* at its next step, which comes at once */
  }
  for (i = j = 0; i < s->nqueue; i++) {   /* a call still waiting for a slot never starts: nothing was sent */
    const e2b_mcp__queued *q = &s->queue[i];
    char qid[E2B_MCP_RPC_ID_MAX];
    int mine, ntok, idt;
#if E2B_MCP_WITH_2026
    mine = q->from.session ? q->from.session == cx->sess : q->from.caller && q->from.caller == cx->caller;
#else
    mine = (q->from.session ? q->from.session : &s->session) == cx->sess;
#endif
#if E2B_MCP_WITH_BATCH
    mine = mine && !q->batch;   /* a batch's: its array keeps a place for it */
#endif
    ntok = mine ? e2b_mcp__parse(q->msg, q->n, s->rtok, E2B_MCP__COUNT(s->rtok)) : 0;   /* rtok: mtok holds the cancel */
    idt = ntok > 0 && s->rtok[0].type == JSMN_OBJECT ? e2b_mcp__tok_get(q->msg, s->rtok, 0, "id") : -1;
    if (idt >= 0 && e2b_mcp__tok_json(q->msg, &s->rtok[idt], qid, sizeof qid) >= 0 && e2b_mcp__streq(qid, rid)) continue;
    s->queue[j++] = s->queue[i];
  }
  s->nqueue = j;
}


/* A transport's client went away: its calls run on (a change it asked for
   still runs to its end), answering nobody; a question it was asked ends. */
E2B_MCP_DEF void e2b_mcp_sink_gone(e2b_mcp_server *s, const void *ctx) {
  int i, j;
#if E2B_MCP_WITH_BATCH
  for (i = 0; i < E2B_MCP_BATCHES; i++)
    if (s->bat_used[i] && s->batches[i].sink.ctx == ctx) s->batches[i].has_sink = 0;   /* its calls run on; no array */
#endif
  for (i = j = 0; i < s->nqueue; i++) {
    if (s->queue[i].sink.ctx != ctx) { s->queue[j++] = s->queue[i]; continue; }
#if E2B_MCP_WITH_BATCH
    if (s->queue[i].batch) {   /* never started: no answer in its batch */
      s->queue[i].batch->reserve -= s->queue[i].bat_share;
      e2b_mcp__bat_out(s, s->queue[i].batch);
    }
#endif
  }
  s->nqueue = j;
  for (i = 0; i < s->nslots; i++) {
    e2b_mcp__slot *k = &s->slots[i];
    if (k->state == E2B_MCP__CS_FREE || !k->has_sink || k->sink.ctx != ctx) continue;
    e2b_mcp__slot_sink(s, k, NULL);
    k->call.sink = NULL;
    if (E2B_MCP__IS_ASKING(k)) e2b_mcp__slot_free(s, k);
  }
}

E2B_MCP_DEF int e2b_mcp_stop(e2b_mcp_server *s, void (*gone)(e2b_mcp_server *s, const void *ctx)) {
  int i, left = 0;
  while (s->nqueue) {   /* never started: their transport answers them */
    const void *ctx = s->queue[s->nqueue - 1].sink.ctx;
    s->nqueue--;
#if E2B_MCP_WITH_BATCH
    if (s->queue[s->nqueue].batch) { e2b_mcp__bat_stopped(s, &s->queue[s->nqueue]); continue; }   /* its batch says so */
#endif
    if (gone) gone(s, ctx);
  }
  for (i = 0; i < s->nslots; i++) {
    e2b_mcp__slot *k = &s->slots[i];
#ifdef E2B_MCP__DOC
    if (k->state != E2B_MCP__CS_FREE && k->fetch) { k->fetch->busy = 0; e2b_mcp__slot_free(s, k); }   /* nobody waits for it now */
#endif
    if (E2B_MCP__IS_ASKING(k) || (k->state == E2B_MCP__CS_E2B && e2b_mcp__call_reads(k))) e2b_mcp__call_stop(s, k);
    left += k->state != E2B_MCP__CS_FREE;
  }
  return left;
}

E2B_MCP_DEF int e2b_mcp_cooldown_in_use(const e2b_mcp_server *s, const unsigned long *cooldown) {
  int i;
  for (i = 0; i < s->nslots; i++) if (s->slots[i].state != E2B_MCP__CS_FREE && s->slots[i].cx.cooldown == cooldown) return 1;
  for (i = 0; i < s->nqueue; i++) if (s->queue[i].from.cooldown == cooldown) return 1;
  return 0;
}

E2B_MCP_DEF int e2b_mcp_sink_eof(e2b_mcp_server *s, const void *ctx) {
  int i, n = 0;
  for (i = 0; i < s->nslots; i++) {
    e2b_mcp__slot *k = &s->slots[i];
    if (E2B_MCP__IS_ASKING(k) && !k->decided && !k->drop && k->has_sink && k->sink.ctx == ctx) {
      k->decided = 2;   /* a simple custom tool reads "no answer" (null) */
      n++;
    }
  }
  return n;
}

/* Whether a call answers through a sink with this ctx. */
E2B_MCP_DEF int e2b_mcp_sink_busy(const e2b_mcp_server *s, const void *ctx) {
  int i;
  if (e2b_mcp_queued(s, ctx)) return 1;
#if E2B_MCP_WITH_BATCH
  for (i = 0; i < E2B_MCP_BATCHES; i++) if (s->bat_used[i] && s->batches[i].has_sink && s->batches[i].sink.ctx == ctx) return 1;
#endif
  for (i = 0; i < s->nslots; i++)   /* a NULL ctx is a sink's too: only a slot in use has it */
    if (s->slot_sink[i] == ctx && (ctx || (s->slots[i].state != E2B_MCP__CS_FREE && s->slots[i].has_sink))) return 1;
  return 0;
}

E2B_MCP_DEF int e2b_mcp_watch(e2b_mcp_server *s, e2b_mcp_poll *p, int cap, int *timeout_ms) {
  unsigned long now = e2b_mcp__now_ms(s);
  int i, n = 0;
  if (s->nqueue && e2b_mcp__can_claim(s)) *timeout_ms = 0;   /* a queued call can start */
  s->wgen++;
  s->wready = NULL;
  for (i = 0; i < s->nslots; i++) {
    e2b_mcp__slot *k = &s->slots[i];
    if (k->state == E2B_MCP__CS_FREE) {
      if (s->watch_idle && k->conn.open && k->conn.sock.h >= 0 && n < cap) {   /* kept, idle: anything on it is its close */
        k->wgen = s->wgen; k->widx = n;
        p[n].sock = &k->conn.sock; p[n].want = E2B_MCP_WANT_READ; p[n++].ready = 0;
      }
      continue;
    }
    if ((k->state == E2B_MCP__CS_E2B && k->cl.io == E2B_MCP__IO_DONE) || k->decided || k->drop) *timeout_ms = 0;   /* due now */
    else if (k->state == E2B_MCP__CS_E2B && n < cap) {
      k->wgen = s->wgen; k->widx = n;
      p[n].sock = &k->conn.sock; p[n].want = k->cl.want; p[n++].ready = 0;
    }
    if (k->until && now) {
      long left = (long)(k->until - now);
      if (left < 0) left = 0;
      if (*timeout_ms < 0 || left < *timeout_ms) *timeout_ms = (int)left;
    }
  }
#if E2B_MCP__SUBS
  e2b_mcp__subs_due(s, timeout_ms);   /* the next poll of subscribed sandboxes, or a notification owed */
#endif
  return n;
}

/* The answer came (add: NULL, it is in the text already), none came in time
   ("null"), or the call was cancelled ("false"): its tool runs again. */
static void e2b_mcp__custom_resume(e2b_mcp_server *s, e2b_mcp__slot *k, const char *add) {
  e2b_mcp_call *c = &k->call;
  e2b_mcp__msg m;
  if (add) e2b_mcp__custom_add(k, add, strlen(add));
  k->rq.body_buf[k->said] = ']';
  memset(&m, 0, sizeof m);
  m.sink = k->has_sink ? &k->sink : NULL;
  m.cx = &k->cx;
  m.async = 1;
  k->state = E2B_MCP__CS_RUN;
  k->decided = 0; k->drop = NULL; k->until = 0;
  e2b_mcp__result_reset(c);
  if (e2b_mcp__parse(k->rq.body_buf, k->said + 1, s->rtok, E2B_MCP__COUNT(s->rtok)) <= 0) {   /* cannot be: it was JSON when it came */
    e2b_mcp_result_error(c, "The answer to the question could not be read back.");
  } else {
    c->js = k->rq.body_buf; c->tok = s->rtok; c->params = 1;
    c->args = e2b_mcp__tok_get(c->js, c->tok, 1, "arguments");
    if (c->args >= 0 && c->tok[c->args].type != JSMN_OBJECT) c->args = -1;
    c->sink = m.sink; c->msg = &m; c->asks = 0;
    e2b_mcp__tool_fn(s, c);
    c->js = NULL; c->tok = NULL; c->msg = NULL;
  }
  if (!E2B_MCP__IS_ASKING(k)) e2b_mcp__call_done(s, k, NULL);   /* else: it asked again */
}


/* ---- the seam: messages in ---- */

/* Whether the message parsed in s->mtok is one tools/call (not in a batch)
   that needs a call slot: a two-phase tool's. */
static int e2b_mcp__needs_slot(e2b_mcp_server *s, const char *js, int ntok) {
  const jsmntok_t *t = s->mtok;
  int meth, name;
  const e2b_mcp_tool *tool;
  if (ntok <= 0 || t[0].type != JSMN_OBJECT || (meth = e2b_mcp__tok_get(js, t, 0, "method")) < 0 ||
      !e2b_mcp__tok_eq(js, &t[meth], "tools/call") || e2b_mcp__tok_get(js, t, 0, "id") < 0) return 0;
  name = e2b_mcp__tok_get(js, t, e2b_mcp__tok_get(js, t, 0, "params"), "name");
  tool = name >= 0 && t[name].type == JSMN_STRING ? e2b_mcp__find_tool(s, js + t[name].start, (size_t)(t[name].end - t[name].start)) : NULL;
  return tool && tool->build;
}

/* A call that needs a slot when none is left, or others wait before it:
   into the queue, if the transport keeps its text, there is room, and no
   call of the same sink waits for its user (whose answer may be behind it
   in the same stream: it would never come). 1 when queued. */
static int e2b_mcp__queue_add(e2b_mcp_server *s, size_t n, const e2b_mcp_origin *from, const e2b_mcp_sink *out) {
  int i;
  if (!from || !from->keep || s->nqueue >= E2B_MCP_QUEUE) return 0;
  for (i = 0; i < s->nslots; i++)
    if (E2B_MCP__IS_ASKING(&s->slots[i]) && s->slots[i].has_sink && s->slots[i].sink.ctx == out->ctx) return 0;
  s->queue[s->nqueue].msg = from->keep;
  s->queue[s->nqueue].n = n;
  s->queue[s->nqueue].from = *from;
  s->queue[s->nqueue].sink = *out;
  s->nqueue++;
  return 1;
}

/* The context of a message from `from` (NULL: the server's own); fail[E2B_MCP_KEY_MAX]
   holds a client's key's table, which lives while the message is handled (a call copies both). */
static void e2b_mcp__origin_ctx(e2b_mcp_server *s, const e2b_mcp_origin *from, e2b_mcp__ctx *cx, unsigned char *fail) {
  e2b_mcp__ctx_own(s, cx);
  if (!from) return;
  if (from->session) cx->sess = from->session;
  cx->wire = from->wire;
  if (from->principal) cx->pr = *from->principal;
  cx->forbidden = from->forbidden;
  if (cx->pr.api_key || from->api_key) {   /* the principal's (the key store's, a client's own), else the origin's */
    const char *ak = cx->pr.api_key ? cx->pr.api_key : from->api_key;
    size_t kn = cx->pr.api_key ? cx->pr.api_key_len : from->api_key_len ? from->api_key_len : strlen(from->api_key);
    if (kn >= E2B_MCP_KEY_MAX) kn = 0;
    cx->key = ak;
    cx->key_len = e2b_mcp__key_table(cx->key, (unsigned)kn, fail);
    cx->key_fail = fail;
  }
  if (from->cooldown) cx->cooldown = from->cooldown;
#if E2B_MCP_WITH_2026
  cx->caller = from->caller;
#endif
}

/* Hands a parsed message (ntok: e2b_mcp__parse's result, in s->mtok) to the
   core, in its context. */
static int e2b_mcp__submit_parsed(e2b_mcp_server *s, const char *msg, size_t n, const e2b_mcp_origin *from, const e2b_mcp_sink *out, int ntok) {
  e2b_mcp__ctx cx;
  unsigned char fail[E2B_MCP_KEY_MAX];
  unsigned long before = s->sinks_bound, done = s->sinks_done;   /* a call (or batch) that answers later through out takes it on */
  s->sinks_floor = before;   /* only those taken on in this submit count as ended in it */
  int r;
  e2b_mcp__origin_ctx(s, from, &cx, fail);
#if E2B_MCP_WITH_BATCH
  s->bat_from = from;   /* a batch's requests that wait for a slot keep it */
#endif
  r = e2b_mcp__handle(s, msg, n, out, &cx, 1, ntok);
  memset(fail, 0, sizeof fail);
  if (r < 0) return r;
  /* one that took it on and already ended (E2B answered within the submit) has answered */
  return out && s->sinks_bound - before > s->sinks_done - done ? E2B_MCP_DEFERRED : E2B_MCP_ANSWERED;
}

E2B_MCP_DEF int e2b_mcp_submit(e2b_mcp_server *s, const char *msg, size_t n, const e2b_mcp_origin *from, const e2b_mcp_sink *out) {
  int ntok;
  if (s->peek_n == n + 1 && s->peek_msg == msg) ntok = s->peek_ntok;   /* e2b_mcp_peek parsed it just now */
  else ntok = e2b_mcp__parse(msg, n, s->mtok, E2B_MCP__COUNT(s->mtok));
  s->peek_n = 0;
  if ((s->nqueue || !e2b_mcp__can_claim(s)) && e2b_mcp__needs_slot(s, msg, ntok) &&
      e2b_mcp__queue_add(s, n, from, out)) return E2B_MCP_QUEUED;
  return e2b_mcp__submit_parsed(s, msg, n, from, out, ntok);
}

E2B_MCP_DEF void e2b_mcp_peek(e2b_mcp_server *s, const char *msg, size_t n, const e2b_mcp_wire *wire, e2b_mcp_kind *k) {
  int ntok = e2b_mcp__parse(msg, n, s->mtok, E2B_MCP__COUNT(s->mtok)), i, c;
  memset(k, 0, sizeof *k);
  s->peek_n = n + 1;
  s->peek_msg = msg;
  s->peek_ntok = ntok;
  if (ntok == JSMN_ERROR_NOMEM) { k->json = 1; return; }   /* the core says what is wrong */
  if (ntok <= 0 || !e2b_mcp__only_space(msg + s->mtok[0].end, n - (size_t)s->mtok[0].end)) return;
  k->json = 1;
  k->modern = s->mtok[0].type == JSMN_OBJECT && e2b_mcp__is_modern(msg, s->mtok, 0, wire);
  k->busy = s->nqueue >= E2B_MCP_QUEUE && !e2b_mcp__can_claim(s) && e2b_mcp__needs_slot(s, msg, ntok);
  c = s->mtok[0].type == JSMN_ARRAY ? s->mtok[0].size : 1;
  for (i = s->mtok[0].type == JSMN_ARRAY ? 1 : 0; c-- > 0; i = e2b_mcp__tok_skip(s->mtok, i)) {
    int m = s->mtok[i].type == JSMN_OBJECT ? e2b_mcp__tok_get(msg, s->mtok, i, "method") : -1;
    if (m >= 0 && e2b_mcp__tok_get(msg, s->mtok, i, "id") >= 0 && e2b_mcp__tok_eq(msg, &s->mtok[m], "initialize")) k->initialize = 1;
  }
}

/* Whether p lies in s->msg (a transport that keeps the texts that wait there, stdio). */
static int e2b_mcp__in_msg(const e2b_mcp_server *s, const char *p) {
  return (uintptr_t)p >= (uintptr_t)s->msg && (uintptr_t)p < (uintptr_t)(s->msg + sizeof s->msg);
}
#if E2B_MCP_WITH_STDIO
/* Whether a message waiting in the queue has its text in s->msg (parked there by stdio). */
static int e2b_mcp__queued_in_msg(const e2b_mcp_server *s) {
  int i;
  for (i = 0; i < s->nqueue; i++) if (e2b_mcp__in_msg(s, s->queue[i].msg)) return 1;
  return 0;
}
#endif

E2B_MCP_DEF int e2b_mcp_queued(const e2b_mcp_server *s, const void *ctx) {
  int i, n = 0;
  for (i = 0; i < s->nqueue; i++) n += s->queue[i].sink.ctx == ctx;
  return n;
}

#if E2B_MCP_WITH_BATCH
/* The id of the request at token root of js, as JSON text (NULL: none, or not one to echo). */
static const char *e2b_mcp__bat_id(const char *js, const jsmntok_t *t, int root, char *id, size_t cap) {
  int idt = t[root].type == JSMN_OBJECT ? e2b_mcp__tok_get(js, t, root, "id") : -1;
  if (idt < 0 || (t[idt].type != JSMN_STRING && t[idt].type != JSMN_PRIMITIVE) || e2b_mcp__tok_json(js, &t[idt], id, cap) < 0) return NULL;
  return id;
}
/* Request `at` of batch b (its object: token root of s->mtok over js, which
   is b's text) is read now: answered into b at once, or it goes on in a call
   slot or waits in the queue (queued: it comes from there), answered later. */
static void e2b_mcp__bat_one(e2b_mcp_server *s, e2b_mcp__batch *b, const e2b_mcp__ctx *cx, const char *js, int root, int at, unsigned share, int queued) {
  e2b_mcp__msg m;
  char id[E2B_MCP_RPC_ID_MAX];
  size_t pos = e2b_mcp__bat_begin(b, share);
  e2b_mcp__bat_msg(b, &m, cx);
  s->bat = b; s->bat_at = at; s->bat_root = root; s->bat_share = share;
  s->bat_later = 0; s->bat_queued = queued;
  e2b_mcp__handle_one(s, &m, js, s->mtok, root);
  s->bat = NULL;
  if (s->bat_later) { b->len = pos; return; }   /* its room stays kept until its answer */
  e2b_mcp__bat_end(s, b, pos, at, share, m.failed, NULL, e2b_mcp__bat_id(js, s->mtok, root, id, sizeof id));
}
/* A 2025-03-26 batch (parsed in s->mtok, m: its message) in a batch record:
   its requests are read in order, each answered into the record or, a tool
   call, in a call slot (or the queue) like any other; the array is written
   when the last one is in (now, when none went on). -2: no record is free,
   or the batch is too large for one: the core answers it at once, its tool
   calls that the server is busy. */
static int e2b_mcp__bat_run(e2b_mcp_server *s, e2b_mcp__msg *m, const char *msg, size_t n) {
  e2b_mcp__batch *b = NULL;
  size_t reserve = 0;
  int i, j, count = s->mtok[0].size;
  for (j = 0; j < E2B_MCP_BATCHES && !b; j++) if (!s->bat_used[j]) b = &s->batches[j];
  if (!b || !m->sink) return -2;
  for (i = 1, j = 0; j < count; j++, i = e2b_mcp__tok_skip(s->mtok, i)) reserve += e2b_mcp__bat_share(msg, s->mtok, i);
  if (n + reserve > sizeof b->buf) return -2;
  memcpy(b->buf, msg, n);   /* a request that waits for a slot is read from here */
  s->bat_used[b - s->batches] = 1;
  b->open = 1;
  b->out = 0;
  b->count = count;
  b->has_sink = 1;
  b->sink_no = ++s->sinks_bound;
  b->over = 0;
  b->sink = *m->sink;
  b->mem.ctx = b; b->mem.write = e2b_mcp__bat_write; b->mem.end = NULL;
  b->text = b->len = n;
  b->reserve = reserve;
  for (i = 1, j = 0; j < count; j++, i = e2b_mcp__tok_skip(s->mtok, i))
    e2b_mcp__bat_one(s, b, m->cx, b->buf, i, j, e2b_mcp__bat_share(b->buf, s->mtok, i), 0);
  b->open = 0;
  return b->out ? 0 : e2b_mcp__bat_emit(s, b);
}
/* A batch's tool call that waited in the queue starts (a slot is free). */
static void e2b_mcp__bat_start(e2b_mcp_server *s, const e2b_mcp__queued *q) {
  e2b_mcp__ctx cx;
  unsigned char fail[E2B_MCP_KEY_MAX];
  e2b_mcp__batch *b = q->batch;
  int ntok = e2b_mcp__parse(q->msg, q->n, s->mtok, E2B_MCP__COUNT(s->mtok));
  e2b_mcp__origin_ctx(s, &q->from, &cx, fail);
  if (ntok > 0) e2b_mcp__bat_one(s, b, &cx, q->msg, 0, q->bat_at, q->bat_share, 1);
  else e2b_mcp__bat_end(s, b, e2b_mcp__bat_begin(b, q->bat_share), q->bat_at, q->bat_share, 1, NULL, NULL);   /* cannot be: it was read once */
  memset(fail, 0, sizeof fail);
  e2b_mcp__bat_out(s, b);   /* it left the queue (counted again if it went on in a slot) */
}
/* The server stops: a batch's call that waited in the queue never starts, and its batch says so. */
static void e2b_mcp__bat_stopped(e2b_mcp_server *s, const e2b_mcp__queued *q) {
  char id[E2B_MCP_RPC_ID_MAX];
  const char *idp = e2b_mcp__parse(q->msg, q->n, s->mtok, E2B_MCP__COUNT(s->mtok)) > 0 ? e2b_mcp__bat_id(q->msg, s->mtok, 0, id, sizeof id) : NULL;
  e2b_mcp__bat_end(s, q->batch, e2b_mcp__bat_begin(q->batch, q->bat_share), q->bat_at, q->bat_share, 0,
                   "The server is stopping: this call never started and nothing was sent to E2B. Call again once it is back.", idp);
  e2b_mcp__bat_out(s, q->batch);
}
#endif

/* Calls that waited for a slot start, in the order they came, while slots are free. */
static void e2b_mcp__queue_start(e2b_mcp_server *s) {
  while (s->nqueue && e2b_mcp__can_claim(s)) {
    e2b_mcp__queued q = s->queue[0];
    int ntok;
    memmove(s->queue, s->queue + 1, (size_t)(s->nqueue - 1) * sizeof s->queue[0]);
    s->nqueue--;
#if E2B_MCP_WITH_BATCH
    if (q.batch) { e2b_mcp__bat_start(s, &q); continue; }   /* its text is its batch's */
#endif
    if (!e2b_mcp__in_msg(s, q.msg)) {   /* the transport's text; the answer may be written where it was (HTTP) */
      memmove(s->msg, q.msg, q.n);
      s->msg[q.n] = 0;
      q.msg = s->msg;
    }   /* else parked in s->msg (stdio): started where it is, the text beside it untouched */
    ntok = e2b_mcp__parse(q.msg, q.n, s->mtok, E2B_MCP__COUNT(s->mtok));   /* its tokens went with the messages since */
    e2b_mcp__submit_parsed(s, q.msg, q.n, &q.from, &q.sink, ntok);
  }
}

E2B_MCP_DEF int e2b_mcp_calls_in_flight(const e2b_mcp_server *s) {
  return e2b_mcp__calls_busy(s, NULL, NULL) + s->nqueue + (s->held ? s->held(s) : 0);
}

/* Moves every call on as far as it goes now; answers the ones E2B has
   answered, and the questions nobody answered in time (declined). */
E2B_MCP_DEF void e2b_mcp_step(e2b_mcp_server *s) {
  unsigned long now = e2b_mcp__now_ms(s);
  int i;
  for (i = 0; i < s->nslots; i++) {
    e2b_mcp__slot *k = &s->slots[i];
    if (k->state == E2B_MCP__CS_FREE) {
      if (e2b_mcp__slot_ready(s, k) > 0) e2b_mcp__conn_close(&k->conn);   /* closed by E2B while idle (or stray bytes) */
      continue;
    }
    if (k->drop && E2B_MCP__IS_ASKING(k) && !k->call.tool->build) {
      if (!k->decided) { e2b_mcp__custom_resume(s, k, "false"); continue; }
      k->call.cancelled = 1;   /* its answer came first: the tool reads the cancel, and its result goes nowhere */
      k->drop = NULL;
    }
    if (k->drop) { e2b_mcp__call_drop(s, k, k->drop); continue; }
    if (E2B_MCP__IS_ASKING(k) && (k->decided || (k->until && now && (long)(now - k->until) >= 0))) {
      if (!k->call.tool->build) e2b_mcp__custom_resume(s, k, k->decided == 1 ? NULL : "null");
      else e2b_mcp__call_decided(s, k, k->decided ? k->decided : E2B_MCP_NO_ANSWER, NULL);   /* no answer in time: not a yes */
      continue;
    }
    if (k->state != E2B_MCP__CS_E2B) continue;
    /* the wait found nothing on its socket and nothing is late: no syscall to learn that again */
    if (e2b_mcp__slot_ready(s, k) == 0 && k->cl.io != E2B_MCP__IO_DONE && !(k->until && now && (long)(now - k->until) >= 0)) continue;
    e2b_mcp__slot_io(s, k);
#ifdef E2B_MCP__DOC
    if (k->cl.io == E2B_MCP__IO_DONE && k->fetch) { e2b_mcp__fetch_end(s, k); continue; }
#endif
    if (k->cl.io == E2B_MCP__IO_DONE) e2b_mcp__call_end(s, k, NULL);
  }
  e2b_mcp__queue_start(s);   /* calls that waited for a slot, into the slots freed now */
#if E2B_MCP__SUBS
  e2b_mcp__subs_tick(s);     /* subscriptions: notifications owed, between messages; the poll when due */
#endif
  s->wready = NULL;          /* what the wait found is spent */
}

/* A two-phase tool's call for a caller that waits (e2b_mcp_call_tool; the
   transports start the call in a slot instead, e2b_mcp__call_start): it runs
   to its end in a slot, nobody is asked, and the result is c's. */
static void e2b_mcp__run_two_phase(e2b_mcp_call *c) {
  e2b_mcp__slot *k = e2b_mcp__slot_claim(c->srv);
  if (!k) {
    e2b_mcp_result_error(c, E2B_MCP__MSG_BUSY_BLOCKING,
                         (int)E2B_MCP_CALLS, (int)E2B_MCP_CALL_BUFS);
    return;
  }
  k->call = *c;
  if (e2b_mcp__call_start(c->srv, NULL, k, "", c) != NULL) e2b_mcp__call_run(c->srv, k, NULL);
}

/* A two-phase tool's tools/call (the core's dispatch, through the runner):
   made in a call slot; a batch's, or a blocking caller's, is run to its end
   there (a batch is answered as one array). */
static void e2b_mcp__two_phase_call(e2b_mcp_server *s, e2b_mcp__msg *m, const e2b_mcp_tool *tool, const char *js, const jsmntok_t *t,
                                    int args, int params, const char *id) {
  e2b_mcp__slot *k;
#if E2B_MCP_WITH_BATCH
  e2b_mcp__batch *b = m->batch && m->async ? s->bat : NULL;
  int wait = b && !s->bat_queued && (s->nqueue || !e2b_mcp__can_claim(s));   /* others wait before it, or no slot is free */
  if (wait && s->nqueue < E2B_MCP_QUEUE) {
    e2b_mcp__queued *q = &s->queue[s->nqueue++];   /* waits for a slot, its text in the batch's */
    memset(q, 0, sizeof *q);
    q->msg = js + t[s->bat_root].start;
    q->n = (size_t)(t[s->bat_root].end - t[s->bat_root].start);
    if (s->bat_from) q->from = *s->bat_from;
    q->sink = b->sink;
    q->batch = b; q->bat_at = s->bat_at; q->bat_share = s->bat_share;
    b->out++;
    s->bat_later = 1;
    return;
  }
  k = (m->batch && m->async && !b) || wait ? NULL : e2b_mcp__slot_claim(s);   /* busy: no batch record, or the queue is full */
#else
  k = e2b_mcp__slot_claim(s);
#endif
  if (!k) {   /* a call held by its user's question says so: the answer to it frees the slot */
    char text[300];
    int asking;
    E2B_MCP__MET_INC(s, refused[E2B_MCP__RF_BUSY]);
    e2b_mcp__calls_busy(s, &asking, NULL);
    e2b_mcp__fmt(text, sizeof text, E2B_MCP__MSG_BUSY, (int)E2B_MCP_CALLS, (int)E2B_MCP_CALL_BUFS,
                 asking ? E2B_MCP__MSG_BUSY_ASKING : "");
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INTERNAL_ERROR, text);
    return;
  }
  if (e2b_mcp__call_fill(s, m, &k->call, tool, js, t, args, params, id) != 0) { e2b_mcp__slot_free(s, k); return; }
  if (!e2b_mcp__call_start(s, m, k, id, NULL)) return;   /* answered */
#if E2B_MCP_WITH_BATCH
  if (b) {   /* runs on in its slot; its answer goes into its batch */
    k->batch = b; k->bat_at = s->bat_at; k->bat_share = s->bat_share;
    b->out++;
    s->bat_later = 1;
    return;
  }
#endif
  if (!m->async) e2b_mcp__call_run(s, k, m);   /* a blocking caller's (e2b_mcp_handle), a batch's too */
}

#if E2B_MCP__TASKS
/* ---- long calls as tasks (the io.modelcontextprotocol/tasks extension, SEP-2663) ----
   A call that can take long (a create, which waits for the sandbox to boot; a
   resume; a snapshot) from a client that declared the extension, on its way
   to E2B (past its consent question, answered in the request as always), is
   answered at once with a task (resultType "task") when a task slot is free
   (else as before: the answer comes when E2B answers). The call runs on in
   its slot; its answer is kept in the task, whose caller polls it with
   tasks/get (working, then completed with the tool's result, or failed with
   the JSON-RPC error). The task belongs to its principal (e2b_mcp__task_owner):
   another principal's tasks/get, update or cancel is told the task is unknown, as for one that
   expired (E2B_MCP_TASK_TTL_MS after its creation) or never was. tasks/cancel
   of a working task ends its call now, as notifications/cancelled ends a
   read: its E2B connection is closed (E2B's server sees its request's context
   cancelled, the only way to reach it: E2B has no cancel of its own), no
   answer is kept, and the task says cancelled, and whether its request had
   reached E2B (which may then have acted). Its client going away does not
   end it: it is polled again later. tasks/update has nothing to take: these
   tasks never ask for input mid-flight (consent is asked before the task). */
enum { E2B_MCP__TS_FREE, E2B_MCP__TS_WORKING, E2B_MCP__TS_COMPLETED, E2B_MCP__TS_FAILED, E2B_MCP__TS_CANCELLED };
static const char *const e2b_mcp__task_states[] = { "", "working", "completed", "failed", "cancelled" };
#define E2B_MCP__TASK_POLL_MS 1000

static unsigned long e2b_mcp__task_ttl(const e2b_mcp_server *s) {
  return s->cfg.task_ttl_ms > 0 ? (unsigned long)s->cfg.task_ttl_ms : (unsigned long)E2B_MCP_TASK_TTL_MS;
}
/* Whether t has outlived its time (one still running keeps its slot until its call ends). */
static int e2b_mcp__task_expired(const e2b_mcp_server *s, const e2b_mcp__task *t) {
  unsigned long now = e2b_mcp__now_ms(s);
  return t->state != E2B_MCP__TS_WORKING && t->created_ms && now && now - t->created_ms >= e2b_mcp__task_ttl(s);
}
static int e2b_mcp__task_long(const e2b_mcp_tool *tool) {
  static const char *const long_ones[] = { "e2b_create_sandbox", "e2b_resume_sandbox", "e2b_create_snapshot", "e2b_fork_sandbox" };
  int i;
  for (i = 0; i < E2B_MCP__COUNT(long_ones); i++) if (strcmp(tool->name, long_ones[i]) == 0) return 1;
  return 0;
}
/* The task's sink: its call's answer, kept (one message: the answer; a notification has no place here). */
static int e2b_mcp__task_write(void *ctx, const char *p, size_t n) {
  e2b_mcp__task *t = (e2b_mcp__task *)ctx;
  if (t->len + n > sizeof t->answer) { t->over = 1; return 0; }
  memcpy(t->answer + t->len, p, n);
  t->len += n;
  return 0;
}
static int e2b_mcp__task_end(void *ctx) {
  e2b_mcp__task *t = (e2b_mcp__task *)ctx;
  int error;
  if (t->state != E2B_MCP__TS_WORKING) return 0;
  /* the core writes {"jsonrpc":"2.0","id":ID, then "result" or "error" */
  error = t->len > t->head + 8 && memcmp(t->answer + t->head, "\"error\":", 8) == 0;
  t->state = t->over || error ? E2B_MCP__TS_FAILED : E2B_MCP__TS_COMPLETED;
  if (t->over) t->note = "the call's answer did not fit in the task (E2B_MCP_TASK_RESULT_MAX): call it again without tasks";
  t->updated_s = e2b_mcp__state_now();
  return 0;
}
/* k's call leaves its slot: a task still working got no answer (cancelled, or dropped). */
static void e2b_mcp__task_orphan(e2b_mcp_server *s, e2b_mcp__slot *k) {
  e2b_mcp__task *t = k->task;
  (void)s;
  k->task = NULL;
  if (t->slot != k) return;
  t->slot = NULL;
  if (t->state == E2B_MCP__TS_WORKING) {
    t->state = E2B_MCP__TS_FAILED;
    t->note = "the call ended without an answer";
    t->updated_s = e2b_mcp__state_now();
  }
}
/* Unix seconds as RFC 3339 UTC (YYYY-MM-DDTHH:MM:SSZ) into out[21+]: days to a civil date, no libc time. */
static void e2b_mcp__iso8601(unsigned long long secs, char *out) {
  long long z = (long long)(secs / 86400) + 719468, era, doe, yoe, y, doy, mp, d, m;
  unsigned long long r = secs % 86400;
  era = z / 146097;
  doe = z - era * 146097;
  yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  y = yoe + era * 400;
  doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  mp = (5 * doy + 2) / 153;
  d = doy - (153 * mp + 2) / 5 + 1;
  m = mp < 10 ? mp + 3 : mp - 9;
  y += m <= 2;
  {
    const int v[6] = { (int)y, (int)m, (int)d, (int)(r / 3600), (int)(r / 60 % 60), (int)(r % 60) };
    static const char sep[6] = { '-', '-', 'T', ':', ':', 'Z' };
    int i, o = 0;
    for (i = 0; i < 6; i++) {
      if (i == 0) { out[o++] = (char)('0' + v[0] / 1000 % 10); out[o++] = (char)('0' + v[0] / 100 % 10); }
      out[o++] = (char)('0' + v[i] / 10 % 10);
      out[o++] = (char)('0' + v[i] % 10);
      out[o++] = sep[i];
    }
    out[o] = 0;
  }
}
static void e2b_mcp__task_fields(const e2b_mcp_server *s, const e2b_mcp__task *t, e2b_mcp_json *w) {
  char ts[32];
  e2b_mcp_json_key(w, "taskId"); e2b_mcp_json_str(w, t->id);
  e2b_mcp_json_key(w, "status"); e2b_mcp_json_str(w, e2b_mcp__task_states[t->state]);
  if (t->note) { e2b_mcp_json_key(w, "statusMessage"); e2b_mcp_json_str(w, t->note); }
  e2b_mcp__iso8601(t->created_s, ts);
  e2b_mcp_json_key(w, "createdAt"); e2b_mcp_json_str(w, ts);
  e2b_mcp__iso8601(t->updated_s, ts);
  e2b_mcp_json_key(w, "lastUpdatedAt"); e2b_mcp_json_str(w, ts);
  e2b_mcp_json_key(w, "ttlMs"); e2b_mcp_json_int(w, (long long)e2b_mcp__task_ttl(s));
  e2b_mcp_json_key(w, "pollIntervalMs"); e2b_mcp_json_int(w, E2B_MCP__TASK_POLL_MS);
}
/* Who owns the tasks of a request with context cx: its admitted principal,
   the same identity a session is bound to (an access token's subject, a
   client's own E2B key, the static token: all its holders are one), so a
   principal reaches its task from a new session, a 2026-07-28 request or
   another connection, and no other principal does, whatever its session or
   address. Nobody said who (no principal): the transport's caller, on HTTP
   the client's address, so an open loopback server's tasks are at least
   held to where they came from. 0: nobody to own one (no task is made). */
static unsigned long long e2b_mcp__task_owner(const e2b_mcp__ctx *cx) {
  return cx->pr.id ? cx->pr.id : cx->caller;
}
/* k's call is about to go to E2B: a task for it when it is long, its client
   takes tasks, it has an answer to give and someone to own it. */
static void e2b_mcp__task_start(e2b_mcp_server *s, e2b_mcp__slot *k) {
  static const char hex[] = "0123456789abcdef";
  unsigned char rnd[16];
  e2b_mcp__task *t = NULL;
  e2b_mcp__msg own;
  e2b_mcp_json w;
  int i;
  if (k->task || !k->sess.client_tasks || !k->has_sink || k->back || !e2b_mcp__task_owner(&k->cx) || !e2b_mcp__task_long(k->call.tool)) return;
#if E2B_MCP_WITH_BATCH
  if (k->batch) return;
#endif
  for (i = 0; i < E2B_MCP_TASKS && !t; i++)
    if (s->tasks[i].state == E2B_MCP__TS_FREE || e2b_mcp__task_expired(s, &s->tasks[i])) t = &s->tasks[i];
  if (!t || !s->net->random || s->net->random(s->net->user, rnd, sizeof rnd) != 0) return;   /* none free: answered as before */
  memset(t, 0, offsetof(e2b_mcp__task, answer));
  for (i = 0; i < 16; i++) { t->id[2 * i] = hex[rnd[i] >> 4]; t->id[2 * i + 1] = hex[rnd[i] & 15]; }
  t->state = E2B_MCP__TS_WORKING;
  t->owner = e2b_mcp__task_owner(&k->cx);
  t->created_s = t->updated_s = e2b_mcp__state_now();
  t->created_ms = e2b_mcp__now_ms(s);
  t->slot = k;
  t->note = "calling E2B";
  t->head = sizeof "{\"jsonrpc\":\"2.0\",\"id\":" - 1 + strlen(k->id) + 1;
  /* the request's answer: the task (durable before it is sent: tasks/get finds it) */
  memset(&own, 0, sizeof own);
  own.sink = &k->sink;
  own.cx = &k->cx;
  e2b_mcp__reply_begin(s, &own, &w, k->id);
  e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "resultType"); e2b_mcp_json_str(&w, "task");
  e2b_mcp__task_fields(s, t, &w);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(&own, &w);
  /* from now on its answer is the task's; no notification goes anywhere */
  t->sink.ctx = t;
  t->sink.write = e2b_mcp__task_write;
  t->sink.end = e2b_mcp__task_end;
  e2b_mcp__slot_sink(s, k, &t->sink);   /* its connection's answer is over: the sink it waits on is the task's */
  k->call.sink = NULL;
  k->task = t;
}
/* The task named by params.taskId when it is cx's principal's own (and not expired), or NULL. */
static e2b_mcp__task *e2b_mcp__task_find(e2b_mcp_server *s, const e2b_mcp__ctx *cx, const char *js, const jsmntok_t *t, int params) {
  int id = e2b_mcp__tok_get(js, t, params, "taskId"), i;
  if (id < 0 || t[id].type != JSMN_STRING || !e2b_mcp__task_owner(cx)) return NULL;
  for (i = 0; i < E2B_MCP_TASKS; i++) {
    e2b_mcp__task *k = &s->tasks[i];
    if (k->state == E2B_MCP__TS_FREE || !e2b_mcp__tok_eq(js, &t[id], k->id)) continue;
    if (e2b_mcp__task_expired(s, k)) { k->state = E2B_MCP__TS_FREE; return NULL; }
    return k->owner == e2b_mcp__task_owner(cx) ? k : NULL;
  }
  return NULL;
}
/* tasks/get, tasks/update and tasks/cancel. 1: answered; 0: another method. */
static int e2b_mcp__tasks_method(e2b_mcp_server *s, e2b_mcp__msg *m, const char *js, const jsmntok_t *t, int meth, int params, const char *id) {
  int get = e2b_mcp__tok_eq(js, &t[meth], "tasks/get"), cancel = e2b_mcp__tok_eq(js, &t[meth], "tasks/cancel");
  int update = e2b_mcp__tok_eq(js, &t[meth], "tasks/update");
  e2b_mcp__task *k;
  e2b_mcp_json w;
  if (!get && !cancel && !update) return 0;
  if (!m->cx->sess->client_tasks) return 0;   /* a client that did not declare the extension: no such methods */
  if ((k = e2b_mcp__task_find(s, m->cx, js, t, params)) == NULL) {
    e2b_mcp__reply_error(s, m, id, E2B_MCP__INVALID_PARAMS, "Invalid params: no such task: params.taskId names none of yours "
                         "(it may have expired; a task is kept E2B_MCP_TASK_TTL_MS after its creation)");
    return 1;
  }
  if (cancel && k->state == E2B_MCP__TS_WORKING) {
    e2b_mcp__slot *c = k->slot;
    int sent = c && c->state == E2B_MCP__CS_E2B && c->cl.io >= E2B_MCP__IO_SEND;
    k->state = E2B_MCP__TS_CANCELLED;
    k->note = sent ? "cancelled: its request had reached E2B, which may have acted on it before the connection closed "
                     "(e2b_list_sandboxes shows what is there)" : "cancelled before its request reached E2B";
    k->updated_s = e2b_mcp__state_now();
    if (c) c->drop = "cancelled by tasks/cancel";   /* at its next step: its E2B connection closed, no answer */
  }
  e2b_mcp__reply_begin(s, m, &w, id);
  e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "resultType"); e2b_mcp_json_str(&w, "complete");
  if (get) {
    e2b_mcp__task_fields(s, k, &w);
    if (k->state == E2B_MCP__TS_COMPLETED || (k->state == E2B_MCP__TS_FAILED && k->len && !k->over)) {
      /* the call's answer as it would have come: its result, or its error */
      int n = e2b_mcp__parse(k->answer, k->len, s->rtok, E2B_MCP__COUNT(s->rtok));
      int v = n > 0 ? e2b_mcp__tok_get(k->answer, s->rtok, 0, k->state == E2B_MCP__TS_COMPLETED ? "result" : "error") : -1;
      if (v >= 0) {
        e2b_mcp_json_key(&w, k->state == E2B_MCP__TS_COMPLETED ? "result" : "error");
        e2b_mcp_json_raw(&w, k->answer + s->rtok[v].start, (size_t)(s->rtok[v].end - s->rtok[v].start));
      }
    }
    if (k->state == E2B_MCP__TS_FAILED && (!k->len || k->over)) {
      e2b_mcp_json_key(&w, "error"); e2b_mcp_json_obj(&w);
      e2b_mcp_json_key(&w, "code"); e2b_mcp_json_int(&w, E2B_MCP__INTERNAL_ERROR);
      e2b_mcp_json_key(&w, "message"); e2b_mcp_json_str(&w, k->note ? k->note : "the call failed");
      e2b_mcp_json_obj_end(&w);
    }
  }
  e2b_mcp_json_obj_end(&w);
  e2b_mcp__out_end(m, &w);
  return 1;
}
#endif

/* What the core reaches calls through (e2b_mcp_server.run, set at e2b_mcp_init). */
static const e2b_mcp__runner e2b_mcp__engine_runner = {
  e2b_mcp__two_phase_call, e2b_mcp__run_two_phase,
  E2B_MCP__ASKS ? e2b_mcp__call_user_answer : NULL,   /* nobody is asked: no answer is waited for */
  e2b_mcp__call_cancel,
  E2B_MCP__ASKS ? e2b_mcp__custom_ask : NULL, E2B_MCP__ASKS ? e2b_mcp__custom_asked : NULL,
#if E2B_MCP_AUDIT
  e2b_mcp__audit_forbidden
#else
  NULL   /* nothing to record */
#endif
#if E2B_MCP_WITH_BATCH
  , e2b_mcp__bat_run
#endif
#if E2B_MCP__TASKS
  , e2b_mcp__tasks_method
#endif
};

/* The call slots' E2B connections, kept open between calls, closed. */
E2B_MCP_DEF void e2b_mcp_close(e2b_mcp_server *s) {
  int i;
  for (i = 0; i < s->nslots; i++) e2b_mcp__conn_close(&s->slots[i].conn);
}
/* >>ops: health, readiness and metrics, written from the server's state -------- */
#if E2B_MCP_AUDIT
E2B_MCP_DEF void e2b_mcp_audit_failed(e2b_mcp_server *s) {
#if E2B_MCP_METRICS
  s->metrics.audit_failures++;
#else
  (void)s;
#endif
}
#endif
#ifdef E2B_MCP__HTTP

/* What the transport knows that the checks and gauges need (>>transport: streamable http). */
typedef struct e2b_mcp__ops_view {
  int conns, sessions, streams;   /* connections open, 2025 sessions, their GET streams */
  int server_key;                 /* calls use the server's own key (not each client's, not the key store's) */
  int auth, auth_keys;            /* access tokens are verified; the issuer's keys loaded */
  int keystore;                   /* a key store is in use */
  int ready_e2b_ms;               /* the window E2B must have answered in */
  int (*ready)(void *user, e2b_mcp_json *w);   /* the embedder's own checks (cfg.ready) */
  void *ready_user;
} e2b_mcp__ops_view;

static int e2b_mcp__probe_done(e2b_mcp__fetch *f, const e2b_mcp_response *r) {
  e2b_mcp__probe *p = (e2b_mcp__probe *)f;
  p->failed = r->status == 0;
  if (r->status) *p->answered = p->now ? p->now : 1;   /* answered: E2B is there */
  return 0;
}

/* One check into the "checks" object: ok, or why not (counted in *bad). */
static void e2b_mcp__ops_check(e2b_mcp_json *w, const char *name, const char *why, int *bad) {
  e2b_mcp_json_key(w, name);
  e2b_mcp_json_str(w, why ? why : "ok");
  *bad += why != NULL;
}

/* GET /readyz's body into w: {"status":"ready"|"not ready","checks":{name:"ok"|why}};
   200 when every check is ok, else 503. A check E2B has not passed in the
   window starts a probe (when none is out and a slot is free): the next ask
   knows. */
static int e2b_mcp__ops_ready(e2b_mcp_server *s, const e2b_mcp__ops_view *v, e2b_mcp__probe *p, e2b_mcp_json *w) {
  unsigned long now = e2b_mcp__now_ms(s), win = (unsigned long)(v->ready_e2b_ms > 0 ? v->ready_e2b_ms : E2B_MCP_READY_E2B_MS);
  int bad = 0, slotless = 0, e2b_ok = s->e2b_answered_ms && (!now || now - s->e2b_answered_ms <= win);
  char why[160];
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "checks"); e2b_mcp_json_obj(w);
  if (v->server_key) e2b_mcp__ops_check(w, "api_key", s->key_problem ? "the server's E2B API key is missing or not a team key" : NULL, &bad);
  if (v->auth) e2b_mcp__ops_check(w, "issuer_keys", v->auth_keys ? NULL : "the issuer's signing keys are not loaded yet", &bad);
  if (v->keystore) e2b_mcp__ops_check(w, "keystore", NULL, &bad);
  if (v->ready) bad += v->ready(v->ready_user, w);
  if (!e2b_ok && !p->f.busy && (!p->now || !now || now - p->now >= E2B_MCP__PROBE_GAP_MS)) {   /* ask E2B itself, once a second at most */
    p->answered = &s->e2b_answered_ms;
    p->now = now;
    p->f.url = s->api;
    strcpy(p->f.path, "/health");
    p->f.done = e2b_mcp__probe_done;
    slotless = e2b_mcp__fetch_start(s, &p->f) == NULL;
  }
  if (e2b_ok) why[0] = 0;
  else if (slotless) e2b_mcp__fmt(why, sizeof why, "E2B has not answered in the last %lu s, and every call slot is busy: no probe could be sent", win / 1000);
  else if (p->failed) e2b_mcp__fmt(why, sizeof why, "E2B did not answer the last probe (GET /health); another goes within a second");
  else e2b_mcp__fmt(why, sizeof why, "E2B has not answered in the last %lu s; a probe (GET /health) is on its way", win / 1000);
  e2b_mcp__ops_check(w, "e2b", why[0] ? why : NULL, &bad);
  e2b_mcp_json_obj_end(w);
  e2b_mcp_json_key(w, "status"); e2b_mcp_json_str(w, bad ? "not ready" : "ready");
  e2b_mcp_json_obj_end(w);
  return bad ? 503 : 200;
}

#if E2B_MCP_METRICS
/* ---- GET /metrics: the Prometheus text exposition format (version 0.0.4) ---- */
static void e2b_mcp__om_put(e2b_mcp_json *w, const char *t) { e2b_mcp__w_put(w, t, strlen(t)); }
static void e2b_mcp__om_num(e2b_mcp_json *w, unsigned long long v) {
  char num[24];
  e2b_mcp__fmt_ll(num, (long long)v);
  e2b_mcp__om_put(w, num);
}
static void e2b_mcp__om_secs(e2b_mcp_json *w, unsigned long long ms) {   /* ms as seconds, three decimals */
  char frac[5];
  e2b_mcp__om_num(w, ms / 1000);
  frac[0] = '.'; frac[1] = (char)('0' + ms / 100 % 10); frac[2] = (char)('0' + ms / 10 % 10); frac[3] = (char)('0' + ms % 10); frac[4] = 0;
  e2b_mcp__om_put(w, frac);
}
/* A label value: a name from a fixed table, escaped as the format says anyway. */
static void e2b_mcp__om_label(e2b_mcp_json *w, const char *name, const char *v, int first) {
  if (!first) e2b_mcp__w_c(w, ',');
  e2b_mcp__om_put(w, name);
  e2b_mcp__w_put(w, "=\"", 2);
  for (; *v; v++) {
    if (*v == '"' || *v == '\\') e2b_mcp__w_c(w, '\\');
    if (*v == '\n') { e2b_mcp__w_put(w, "\\n", 2); continue; }
    e2b_mcp__w_c(w, *v);
  }
  e2b_mcp__w_c(w, '"');
}
static void e2b_mcp__om_head(e2b_mcp_json *w, const char *name, const char *type, const char *help) {
  e2b_mcp__om_put(w, "# HELP "); e2b_mcp__om_put(w, name); e2b_mcp__w_c(w, ' '); e2b_mcp__om_put(w, help);
  e2b_mcp__om_put(w, "\n# TYPE "); e2b_mcp__om_put(w, name); e2b_mcp__w_c(w, ' '); e2b_mcp__om_put(w, type); e2b_mcp__w_c(w, '\n');
}
/* One sample: name{labels} value, labels given as pairs up to a NULL name. */
static void e2b_mcp__om_sample(e2b_mcp_json *w, const char *name, const char *const *labels, unsigned long long v) {
  int i;
  e2b_mcp__om_put(w, name);
  if (labels && labels[0]) {
    e2b_mcp__w_c(w, '{');
    for (i = 0; labels[i]; i += 2) e2b_mcp__om_label(w, labels[i], labels[i + 1], i == 0);
    e2b_mcp__w_c(w, '}');
  }
  e2b_mcp__w_c(w, ' ');
  e2b_mcp__om_num(w, v);
  e2b_mcp__w_c(w, '\n');
}
/* A histogram's series for one set of labels (pairs, at most 3, NULL-ended). */
static void e2b_mcp__om_hist(e2b_mcp_json *w, const char *name, const char *const *labels, const e2b_mcp__hist *h) {
  static const char *const le[E2B_MCP__MET_BUCKETS] = E2B_MCP__MET_BOUNDS_TEXT;
  unsigned long long sum = 0;
  int i, j;
  for (i = 0; i <= E2B_MCP__MET_BUCKETS; i++) {
    sum += h->b[i];
    e2b_mcp__om_put(w, name); e2b_mcp__om_put(w, "_bucket{");
    for (j = 0; labels[j]; j += 2) e2b_mcp__om_label(w, labels[j], labels[j + 1], j == 0);
    e2b_mcp__om_label(w, "le", i < E2B_MCP__MET_BUCKETS ? le[i] : "+Inf", labels[0] == NULL);
    e2b_mcp__om_put(w, "} ");
    e2b_mcp__om_num(w, sum);
    e2b_mcp__w_c(w, '\n');
  }
  for (j = 0; j < 2; j++) {
    e2b_mcp__om_put(w, name); e2b_mcp__om_put(w, j ? "_count" : "_sum");
    if (labels[0]) {
      int k;
      e2b_mcp__w_c(w, '{');
      for (k = 0; labels[k]; k += 2) e2b_mcp__om_label(w, labels[k], labels[k + 1], k == 0);
      e2b_mcp__w_c(w, '}');
    }
    e2b_mcp__w_c(w, ' ');
    if (j) e2b_mcp__om_num(w, sum); else e2b_mcp__om_secs(w, h->sum_ms);
    e2b_mcp__w_c(w, '\n');
  }
}
static unsigned long long e2b_mcp__om_count(const e2b_mcp__hist *h) {
  unsigned long long n = 0;
  int i;
  for (i = 0; i <= E2B_MCP__MET_BUCKETS; i++) n += h->b[i];
  return n;
}

/* GET /metrics's body into w (a streaming writer: it flushes as it fills).
   Histograms and E2B's answers show the series that were observed; the
   fixed sets (refusals, questions, verifications) show every value. */
static void e2b_mcp__ops_metrics(e2b_mcp_server *s, const e2b_mcp__ops_view *v, e2b_mcp_json *w) {
  static const char *const oc[E2B_MCP__OC_N] = E2B_MCP__OC_NAMES;
  static const char *const methods[E2B_MCP__MET_NMETHODS] = E2B_MCP__MET_METHODS;
  static const char *const rf[E2B_MCP__RF_N] = E2B_MCP__RF_NAMES;
  static const char *const cq[E2B_MCP__CQ_N] = E2B_MCP__CQ_NAMES;
  static const int st[] = E2B_MCP__MET_STATUSES;
  const e2b_mcp__metrics *m = &s->metrics;
  const char *lab[9];
  char code[24];
  int i, j, subs = 0;
  e2b_mcp__om_head(w, "mcp_server_operation_duration_seconds", "histogram",
                   "MCP requests the server answered, by method, tool (tools/call) and error type (OpenTelemetry mcp.server.operation.duration)");
  for (i = 0; i < s->ntools && i < E2B_MCP__MET_TOOLS; i++)
    for (j = 0; j < E2B_MCP__OC_N; j++) {
      if (!e2b_mcp__om_count(&m->tool[i][j])) continue;
      lab[0] = "mcp_method_name"; lab[1] = "tools/call"; lab[2] = "gen_ai_tool_name"; lab[3] = s->tools[i]->name;
      lab[4] = j ? "error_type" : NULL; lab[5] = j == E2B_MCP__OC_ERROR ? "tool_error" : oc[j]; lab[6] = NULL;
      e2b_mcp__om_hist(w, "mcp_server_operation_duration_seconds", lab, &m->tool[i][j]);
    }
  for (i = 0; i < E2B_MCP__MET_NMETHODS; i++)
    for (j = 0; j < 2; j++) {
      if (!e2b_mcp__om_count(&m->method[i][j])) continue;
      lab[0] = "mcp_method_name"; lab[1] = methods[i];
      lab[2] = j ? "error_type" : NULL; lab[3] = "method_not_found"; lab[4] = NULL;
      e2b_mcp__om_hist(w, "mcp_server_operation_duration_seconds", lab, &m->method[i][j]);
    }
  e2b_mcp__om_head(w, "e2b_requests_total", "counter", "Requests to the E2B API, by the tool that made them and E2B's HTTP status (0: no answer)");
  for (i = 0; i < s->ntools && i < E2B_MCP__MET_TOOLS; i++)
    for (j = 0; j < E2B_MCP__MET_NSTATUS; j++) {
      if (!m->e2b[i][j]) continue;
      if (j < (int)(sizeof st / sizeof st[0])) e2b_mcp__fmt_ll(code, st[j]); else strcpy(code, "other");
      lab[0] = "tool"; lab[1] = s->tools[i]->name; lab[2] = "status"; lab[3] = code; lab[4] = NULL;
      e2b_mcp__om_sample(w, "e2b_requests_total", lab, m->e2b[i][j]);
    }
  e2b_mcp__om_head(w, "e2b_request_duration_seconds", "histogram", "Time E2B took to answer, by the tool that asked");
  for (i = 0; i < s->ntools && i < E2B_MCP__MET_TOOLS; i++) {
    if (!e2b_mcp__om_count(&m->e2b_time[i])) continue;
    lab[0] = "tool"; lab[1] = s->tools[i]->name; lab[2] = NULL;
    e2b_mcp__om_hist(w, "e2b_request_duration_seconds", lab, &m->e2b_time[i]);
  }
  e2b_mcp__om_head(w, "e2b_mcp_calls_in_flight", "gauge", "Tool calls in a call slot (talking to E2B or waiting for their user), queued, or being sent");
  e2b_mcp__om_sample(w, "e2b_mcp_calls_in_flight", NULL, (unsigned long long)e2b_mcp_calls_in_flight(s));
  e2b_mcp__om_head(w, "e2b_mcp_calls_queued", "gauge", "Tool calls waiting for a free call slot");
  e2b_mcp__om_sample(w, "e2b_mcp_calls_queued", NULL, (unsigned long long)s->nqueue);
  e2b_mcp__om_head(w, "e2b_mcp_calls_refused_total", "counter", "Tool calls refused before they started, by reason; nothing was sent to E2B");
  for (i = 0; i < E2B_MCP__RF_N; i++) { lab[0] = "reason"; lab[1] = rf[i]; lab[2] = NULL; e2b_mcp__om_sample(w, "e2b_mcp_calls_refused_total", lab, m->refused[i]); }
  e2b_mcp__om_head(w, "e2b_mcp_sessions", "gauge", "2025 MCP sessions open over HTTP");
  e2b_mcp__om_sample(w, "e2b_mcp_sessions", NULL, (unsigned long long)v->sessions);
  e2b_mcp__om_head(w, "e2b_mcp_connections", "gauge", "HTTP connections open");
  e2b_mcp__om_sample(w, "e2b_mcp_connections", NULL, (unsigned long long)v->conns);
  e2b_mcp__om_head(w, "e2b_mcp_streams", "gauge", "Sessions' GET streams open (notifications of subscriptions)");
  e2b_mcp__om_sample(w, "e2b_mcp_streams", NULL, (unsigned long long)v->streams);
#if E2B_MCP__SUBS
  for (i = 0; i < s->nsubs; i++) subs += s->subs[i].sess != NULL;
#endif
  e2b_mcp__om_head(w, "e2b_mcp_subscriptions", "gauge", "Resource subscriptions held");
  e2b_mcp__om_sample(w, "e2b_mcp_subscriptions", NULL, (unsigned long long)subs);
  e2b_mcp__om_head(w, "e2b_mcp_consent_questions_total", "counter", "Consent questions before a bill or a kill: asked, and how they were answered");
  for (i = 0; i < E2B_MCP__CQ_N; i++) { lab[0] = "result"; lab[1] = cq[i]; lab[2] = NULL; e2b_mcp__om_sample(w, "e2b_mcp_consent_questions_total", lab, m->consent[i]); }
  e2b_mcp__om_head(w, "e2b_mcp_cooldowns_total", "counter", "E2B's 429 answers that started a cool-down (no request of that tool until it ends)");
  e2b_mcp__om_sample(w, "e2b_mcp_cooldowns_total", NULL, m->cooldowns);
#if E2B_MCP_AUTH
  if (v->auth) {
    static const struct { int code; const char *name; } res[] = {
#define E2B_MCP__OM_RES(name, code, text) { code, #name },
      E2B_MCP__AUTH_ERRORS(E2B_MCP__OM_RES)
#undef E2B_MCP__OM_RES
    };
    char low[24];
    e2b_mcp__om_head(w, "e2b_mcp_token_verifications_total", "counter", "Access tokens verified, by result (ok, or why refused)");
    for (i = 0; i < (int)(sizeof res / sizeof res[0]); i++) {
      int code = -res[i].code;
      size_t k;
      if (code < 0 || code >= E2B_MCP__MET_TOKENS) continue;
      for (k = 0; res[i].name[k] && k + 1 < sizeof low; k++) low[k] = e2b_mcp__lower(res[i].name[k]);
      low[k] = 0;
      lab[0] = "result"; lab[1] = low; lab[2] = NULL;
      e2b_mcp__om_sample(w, "e2b_mcp_token_verifications_total", lab, m->tokens[code]);
    }
  }
#endif
  e2b_mcp__om_head(w, "e2b_mcp_audit_records_total", "counter", "Audit records handed to the audit hook");
  e2b_mcp__om_sample(w, "e2b_mcp_audit_records_total", NULL, m->audit_records);
  e2b_mcp__om_head(w, "e2b_mcp_audit_failures_total", "counter", "Audit records that could not be written (e2b_mcp_audit_failed)");
  e2b_mcp__om_sample(w, "e2b_mcp_audit_failures_total", NULL, m->audit_failures);
  e2b_mcp__om_head(w, "e2b_mcp_http_requests_total", "counter", "HTTP requests read");
  e2b_mcp__om_sample(w, "e2b_mcp_http_requests_total", NULL, m->http_requests);
  e2b_mcp__om_head(w, "e2b_mcp_build_info", "gauge", "The build: version, TLS port");
  lab[0] = "version"; lab[1] = E2B_MCP_VERSION; lab[2] = "tls";
#if defined(E2B_MCP_TLS_BEARSSL)
  lab[3] = "bearssl";
#elif defined(E2B_MCP_TLS_MBEDTLS)
  lab[3] = "mbedtls";
#elif defined(E2B_MCP_TLS_CUSTOM)
  lab[3] = "custom";
#else
  lab[3] = "none";
#endif
  lab[4] = NULL;
  e2b_mcp__om_sample(w, "e2b_mcp_build_info", lab, 1);
}
#endif
#endif

#if E2B_MCP_LIMITS && (E2B_MCP_WITH_STDIO || defined(E2B_MCP__HTTP))   /* a transport that takes calls */
/* ---- limits per user: a token bucket per principal ----
   Two buckets a principal: every tools/call, and the billable ones (a tool
   that is not read-only). A bucket holds at most burst calls and fills at
   per_min a minute; a call takes one. The table is fixed: a principal's
   place is its hash, and it may live in any of the 8 places from there; a
   new one takes a free place among them, else the least recently used one's
   (forgotten: it starts again full). */
#define E2B_MCP__LIM_WAYS 8
static long e2b_mcp__bucket_take(long *tok, unsigned long dt, int per_min, int burst, int take) {
  long cap = (long)burst * 1000L, add;
  if (per_min <= 0 || burst <= 0) return 0;
  add = dt >= 60000UL * 1000UL ? cap : (long)(((unsigned long long)dt * (unsigned long long)per_min) / 60UL);
  if (add > cap) add = cap;
  *tok = *tok + add > cap ? cap : *tok + add;
  if (*tok >= 1000) { if (take) *tok -= 1000; return 0; }
  return (long)(((unsigned long long)(1000 - *tok) * 60UL + (unsigned long long)per_min - 1) / (unsigned long long)per_min);
}
static e2b_mcp__bucket *e2b_mcp__limit_find(e2b_mcp_server *s, unsigned long long who, unsigned long now) {
  e2b_mcp__limits *L = &s->limits;
  unsigned long at = (unsigned long)(who % (unsigned long long)E2B_MCP_LIMIT_PRINCIPALS);
  e2b_mcp__bucket *pick = NULL;
  int i;
  for (i = 0; i < E2B_MCP__LIM_WAYS; i++) {
    e2b_mcp__bucket *b = &L->b[(at + (unsigned long)i) % E2B_MCP_LIMIT_PRINCIPALS];
    if (b->who == who) { pick = b; break; }
    if (!pick || (pick->who && (!b->who || b->used < pick->used))) pick = b;
  }
  if (pick->who != who) {   /* new, or forgotten: a full bucket */
    pick->who = who;
    pick->tok[0] = (long)s->cfg.limit_burst * 1000L;
    pick->tok[1] = (long)s->cfg.limit_bill_burst * 1000L;
    pick->at = now;
  }
  pick->used = ++L->uses;
  return pick;
}
/* Whether principal who may make a call now (bill: a billable one): 0 yes
   (taken), > 0 the ms until it may, < 0 the shared store cannot say; *which
   says which bucket refused (E2B_MCP__RF_*). */
static long e2b_mcp__limit_take(e2b_mcp_server *s, unsigned long long who, int bill, int *which) {
  const e2b_mcp_config *cf = &s->cfg;
  long w;
  int on = cf->limit_per_min > 0 && cf->limit_burst > 0, on_bill = bill && cf->limit_bill_per_min > 0 && cf->limit_bill_burst > 0;
  *which = E2B_MCP__RF_RATE;
  if (!on && !on_bill) return 0;
  if (!who) who = 1;
  if (cf->limit_take) {   /* shared: the billable bucket first, so a refused bill costs no call */
    if (on_bill) {
      *which = E2B_MCP__RF_RATE_BILL;
      if ((w = cf->limit_take(cf->limit_user, who, 1, cf->limit_bill_per_min, cf->limit_bill_burst)) != 0) { if (w < 0) *which = E2B_MCP__RF_LIMITS_DOWN; return w; }
    }
    *which = E2B_MCP__RF_RATE;
    w = on ? cf->limit_take(cf->limit_user, who, 0, cf->limit_per_min, cf->limit_burst) : 0;
    if (w < 0) *which = E2B_MCP__RF_LIMITS_DOWN;
    return w;
  } else {
    unsigned long now = e2b_mcp__now_ms(s);
    e2b_mcp__bucket *b = e2b_mcp__limit_find(s, who, now);
    unsigned long dt = now - b->at;
    long w0, w1 = 0;
    b->at = now;
    w0 = on ? e2b_mcp__bucket_take(&b->tok[0], dt, cf->limit_per_min, cf->limit_burst, 0) : 0;
    if (on_bill) w1 = e2b_mcp__bucket_take(&b->tok[1], dt, cf->limit_bill_per_min, cf->limit_bill_burst, 0);
    if (w1) { *which = E2B_MCP__RF_RATE_BILL; return w1; }
    if (w0) return w0;
    if (on) b->tok[0] -= 1000;
    if (on_bill) b->tok[1] -= 1000;
    return 0;
  }
}
static int e2b_mcp__limit_bills(const e2b_mcp_server *s, const char *name, size_t n);
/* A tools/call just peeked (js, its tokens in s->mtok) from principal who:
   0, it may go on; else the ms until it may (< 0: the store the replicas
   share cannot say), *which the bucket that refused (E2B_MCP__RF_*), *nm the
   tool name's token. Refusals are counted in the metrics. */
static long e2b_mcp__limit_call(e2b_mcp_server *s, const char *js, unsigned long long who, int *which, int *nm) {
  const jsmntok_t *t = s->mtok;
  int m, p;
  long w;
  *nm = -1;
  if (s->peek_ntok <= 0 || t[0].type != JSMN_OBJECT) return 0;   /* a batch is not limited here */
  m = e2b_mcp__tok_get(js, t, 0, "method");
  if (m < 0 || !e2b_mcp__tok_eq(js, &t[m], "tools/call") || e2b_mcp__tok_get(js, t, 0, "id") < 0) return 0;
  p = e2b_mcp__tok_get(js, t, 0, "params");
  *nm = p >= 0 ? e2b_mcp__tok_get(js, t, p, "name") : -1;
  if (*nm < 0 || t[*nm].type != JSMN_STRING) return 0;   /* invalid: the core says why */
  w = e2b_mcp__limit_take(s, who, e2b_mcp__limit_bills(s, js + t[*nm].start, (size_t)(t[*nm].end - t[*nm].start)), which);
#if E2B_MCP_METRICS
  if (w) s->metrics.refused[*which]++;
#endif
  return w;
}
/* What the caller is told. */
static void e2b_mcp__limit_text(const e2b_mcp_server *s, long w, int which, char *out, size_t cap) {
  if (w < 0) e2b_mcp__fmt(out, cap, "Too Many Requests: the limits per user cannot be checked right now (the store the server's replicas "
                          "share does not answer), so calls are refused; nothing was sent to E2B. Call again in a little while.");
  else e2b_mcp__fmt(out, cap, "Too Many Requests: you have made as many %scalls as this server allows one user (%d a minute, %d at once); "
                    "nothing was sent to E2B. Call again in %ld s.", which == E2B_MCP__RF_RATE_BILL ? "billable " : "",
                    which == E2B_MCP__RF_RATE_BILL ? s->cfg.limit_bill_per_min : s->cfg.limit_per_min,
                    which == E2B_MCP__RF_RATE_BILL ? s->cfg.limit_bill_burst : s->cfg.limit_burst, (w + 999) / 1000);
}
#if E2B_MCP_AUDIT
/* The audit hears of a call refused for its user's limit: outcome "rate_limited", nothing sent to E2B. */
static void e2b_mcp__limit_audit(e2b_mcp_server *s, const char *js, int nm, const char *who) {
  const jsmntok_t *t = s->mtok;
  char tool[E2B_MCP_ID_MAX + 1], sbx[E2B_MCP_ID_MAX + 1], argv[E2B_MCP_AUDIT_ARGS_MAX];
  e2b_mcp_audit_record r;
  int p = e2b_mcp__tok_get(js, t, 0, "params"), i;
  if (!s->cfg.audit || nm < 0) return;
  if (e2b_mcp__tok_str(js, &t[nm], tool, sizeof tool) < 0) e2b_mcp__strlcpy(tool, "(a name too long)", sizeof tool);
  e2b_mcp__audit_args(js, t, p >= 0 ? e2b_mcp__tok_get(js, t, p, "arguments") : -1, argv, sbx);
  memset(&r, 0, sizeof r);
  r.tool = tool;
  r.group = E2B_MCP_GROUP_WRITE;
  for (i = 0; i < s->ntools; i++)
    if (strcmp(s->tools[i]->name, tool) == 0)
      r.group = (s->tools[i]->annotations & E2B_MCP_DESTRUCTIVE) ? E2B_MCP_GROUP_KILL : (s->tools[i]->annotations & E2B_MCP_READ_ONLY) ? E2B_MCP_GROUP_READ : E2B_MCP_GROUP_WRITE;
  r.who = who;
  r.sandbox_id = sbx;
  r.args = argv;
  r.outcome = "rate_limited";
  s->cfg.audit(s->cfg.audit_user, &r);
  E2B_MCP__MET_INC(s, audit_records);
}
#endif
/* Whether the tool named name[0..n) bills (starts, changes or destroys): every tool not read-only. */
static int e2b_mcp__limit_bills(const e2b_mcp_server *s, const char *name, size_t n) {
  int i;
  for (i = 0; i < s->ntools; i++)
    if (strlen(s->tools[i]->name) == n && memcmp(s->tools[i]->name, name, n) == 0) return !(s->tools[i]->annotations & E2B_MCP_READ_ONLY);
  return 0;
}
#endif
/* >>transport: stdio ---------------------------------------------------------
   One JSON message per line on stdin and stdout. stdout carries nothing but
   MCP messages; both streams use buffers inside the server (no allocation).
   Requests a client sends without waiting run together: each tool call takes
   a call slot and is answered when E2B answers it, in any order (JSON-RPC
   allows it), while the next lines are read. When every slot is busy, the
   next tool call waits in the engine's queue, its line parked at the start
   of s->msg (where the engine starts it, in place), and the lines after it
   are read and served meanwhile in the rest of s->msg: a cancel for a call
   in a slot, a ping, an answer to a question; further calls queue behind it,
   in order. Only when the queue is full, or the next line does not fit
   beside the parked ones, is stdin left unread until a call starts (the
   pipe holds the rest, in order). A call that would wait while a call waits
   for its user's answer, which may be behind it, is told the server is
   busy. A question to
   the user (any tool's, a simple custom one's too) is a state of its call:
   the lines after it are read and served while it waits. With the POSIX
   port stdin is waited on with the calls' sockets, with the Windows port its
   relay (a thread copies stdin into a loopback socket); elsewhere a line is
   read (blocking) only when no call talks to E2B. */
#if E2B_MCP_WITH_STDIO
#include <stdio.h>   /* stdin and stdout; a build without this transport keeps <stdio.h> out */
/* The longest wait with nothing due: stdin or a call ends it sooner. */
#define E2B_MCP__STDIO_IDLE_MS 60000
#if defined(E2B_MCP_SOCK_POSIX)
#  include <unistd.h>
#  include <errno.h>
#elif defined(E2B_MCP_SOCK_WIN32)
#  include <io.h>
#  include <fcntl.h>
#endif
static int e2b_mcp__stdio_write(void *ctx, const char *p, size_t n) {
  (void)ctx;
  return fwrite(p, 1, n, stdout) == n ? 0 : -1;
}
static int e2b_mcp__stdio_end(void *ctx) {   /* one write(2) for a message that fits stdout's buffer */
  (void)ctx;
  return fputc('\n', stdout) == EOF || fflush(stdout) != 0 ? -1 : 0;
}
#if E2B_MCP__SUBS
/* Subscriptions (>>resources): the session is the server's own; its
   notifications go out as lines between messages (the engine's step sends
   them), and end with stdin. */
static const e2b_mcp_sink e2b_mcp__stdio_sink = { NULL, e2b_mcp__stdio_write, e2b_mcp__stdio_end };
static const e2b_mcp_sink *e2b_mcp__stdio_stream(e2b_mcp_server *s, const e2b_mcp_session *sess) {
  return sess == &s->session ? &e2b_mcp__stdio_sink : NULL;
}
#  define E2B_MCP__STDIO_SUBS(s, on) ((s)->sub_stream = (on) ? e2b_mcp__stdio_stream : NULL, (on) ? (void)0 : e2b_mcp__subs_drop((s), &(s)->session))
#else
#  define E2B_MCP__STDIO_SUBS(s, on) ((void)0)
#endif
/* More of stdin into stdin_buf: the count, 0 at its end, -1 on an error, -2
   when there was nothing after all (a non-blocking stdin). in: stdin as the
   port waits on it (h < 0: a plain blocking read). */
static long e2b_mcp__stdio_fill(e2b_mcp_server *s, e2b_mcp_sock *in) {
  long r = 0;
  int ch;
  (void)in;   /* a custom port has no stdin of its own to wait on */
#if defined(E2B_MCP_SOCK_POSIX)
  if (in->h >= 0) {
    ssize_t got;
    do { got = read(0, s->stdin_buf, sizeof s->stdin_buf); } while (got < 0 && errno == EINTR);
    if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return -2;   /* nothing after all */
    r = (long)got;
  } else
#elif defined(E2B_MCP_SOCK_WIN32)
  if (in->h >= 0) {   /* the port's relay of stdin */
    r = s->net->recv(s->net->user, in, (unsigned char *)s->stdin_buf, sizeof s->stdin_buf);
    if (r == E2B_MCP_ERR_AGAIN) return -2;
  } else
#endif
  while (r < (long)sizeof s->stdin_buf && (ch = getc(stdin)) != EOF) { s->stdin_buf[r++] = (char)ch; if (ch == '\n') break; }
  s->in_at = 0;
  s->in_len = r > 0 ? (size_t)r : 0;
  if (r <= 0) s->in_eof = 1;
  return r;
}
/* The next whole line from what stdin gave, into s->msg after the lines
   parked at its start (park bytes, below): its length, -1 when more is
   needed, -2 when it was longer than E2B_MCP_MSG_MAX (skipped), -3 when it
   does not fit beside the parked lines (it waits, and what stdin gave after
   it too, until they have started). At stdin's end a last line without its
   newline counts. */
static long e2b_mcp__stdio_take(e2b_mcp_server *s, size_t park) {
  char *line = s->msg + park;
  while (s->in_at < s->in_len || s->in_eof) {
    size_t n = s->line_n;
    int over;
    if (s->in_at < s->in_len) {
      char ch = s->stdin_buf[s->in_at];
      if (ch != '\n') {
        if (park && park + n >= E2B_MCP_MSG_MAX) return -3;
        s->in_at++;
        if (n < E2B_MCP_MSG_MAX) line[s->line_n++] = ch;
        else s->line_over = 1;
        continue;
      }
      s->in_at++;
    } else if (n == 0 && !s->line_over) return -1;   /* the end, and nothing left */
    over = s->line_over;
    s->line_n = 0;
    s->line_over = 0;
    line[n] = 0;
    if (over) return -2;
    if (n && line[n - 1] == '\r') line[--n] = 0;
    return (long)n;
  }
  return -1;
}
#if E2B_MCP_LIMITS
/* A tools/call beyond the limits (>>ops; stdin's one user is one principal):
   answered at once with an error whose data says when to call again
   (retryAfterMs), audited, nothing sent to E2B. 1: answered. */
static int e2b_mcp__stdio_limited(e2b_mcp_server *s, const char *line, const e2b_mcp_sink *k) {
  char text[400], out[800], id[E2B_MCP_RPC_ID_MAX];
  e2b_mcp_json w;
  int which, nm, idt;
  long wait;
  if (s->cfg.limit_burst <= 0 && s->cfg.limit_bill_burst <= 0) return 0;
  if ((wait = e2b_mcp__limit_call(s, line, 1, &which, &nm)) == 0) return 0;
  e2b_mcp__limit_text(s, wait, which, text, sizeof text);
#if E2B_MCP_AUDIT
  e2b_mcp__limit_audit(s, line, nm, NULL);
#endif
  idt = e2b_mcp__tok_get(line, s->mtok, 0, "id");
  if (idt < 0 || e2b_mcp__tok_json(line, &s->mtok[idt], id, sizeof id) < 0) strcpy(id, "null");
  e2b_mcp_json_init(&w, out, sizeof out);
  e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "jsonrpc"); e2b_mcp_json_str(&w, "2.0");
  e2b_mcp_json_key(&w, "id"); e2b_mcp_json_raw(&w, id, strlen(id));
  e2b_mcp_json_key(&w, "error"); e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "code"); e2b_mcp_json_int(&w, -32000);
  e2b_mcp_json_key(&w, "message"); e2b_mcp_json_str(&w, text);
  e2b_mcp_json_key(&w, "data"); e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "retryAfterMs"); e2b_mcp_json_int(&w, wait > 0 ? wait : 5000);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp_json_obj_end(&w);
  e2b_mcp_json_obj_end(&w);
  if (!w.err && k->write(k->ctx, out, w.len) == 0) k->end(k->ctx);
  return 1;
}
#endif
static void e2b_mcp__stdio_too_long(e2b_mcp_server *s, const e2b_mcp_sink *k) {
  e2b_mcp__msg m;
  char text[128];
  e2b_mcp__ctx cx;
  e2b_mcp__ctx_own(s, &cx);
  memset(&m, 0, sizeof m);
  m.sink = k;
  m.cx = &cx;
  e2b_mcp__fmt(text, sizeof text, E2B_MCP__MSG_MSG_TOO_LONG, (unsigned long)E2B_MCP_MSG_MAX);
  e2b_mcp__reply_error(s, &m, NULL, E2B_MCP__INVALID_REQUEST, text);
}
E2B_MCP_DEF int e2b_mcp_serve_stdio(e2b_mcp_server *s) {
  e2b_mcp_sink k;
  e2b_mcp_origin from;
  e2b_mcp_poll fds[1 + E2B_MCP_CALLS];
  e2b_mcp_sock in;   /* stdin as the port waits on it; h < 0: read blocking, when nothing else is due */
  size_t park = 0;   /* s->msg[0..park): tool calls waiting in the engine's queue, each line and its NUL */
  long held = -1;    /* the length of a whole line at s->msg + park that waits for room in the queue */
  in.port = s->net;
  in.h = -1;
#if defined(E2B_MCP_SOCK_POSIX)
  in.h = 0;
#elif defined(E2B_MCP_SOCK_WIN32)
  _setmode(_fileno(stdout), _O_BINARY);   /* "\n" ends a message, never "\r\n" */
  if (s->net != &e2b_mcp_sock_win32 || e2b_mcp_sock_win32_stdin(&in) != 0) in.h = -1;
#endif
  setvbuf(stdout, s->stdout_buf, _IOFBF, sizeof s->stdout_buf);   /* a message that fits is one write(2) */
  if (in.h < 0) setvbuf(stdin, s->stdin_buf, _IONBF, 0);   /* read through s->stdin_buf, by e2b_mcp__stdio_fill */
  s->in_at = s->in_len = s->line_n = 0;
  s->in_eof = s->line_over = 0;
  k.ctx = &k;
  k.write = e2b_mcp__stdio_write;
  k.end = e2b_mcp__stdio_end;
  memset(&from, 0, sizeof from);
#if E2B_MCP_WITH_2026
  from.caller = 1;   /* stdin's one client: its cancels reach its 2026-07-28 calls too */
#endif
  E2B_MCP__STDIO_SUBS(s, 1);
  for (;;) {
    int timeout = E2B_MCP__STDIO_IDLE_MS, talking, queued, stalled = 0;
    long len;
    if (s->stdio_stop && !s->in_eof) {   /* stopped: as at stdin's end, without the unread rest */
      s->in_eof = 1;
      s->in_at = s->in_len = s->line_n = 0;
      s->line_over = 0;
    }
    if (park && !e2b_mcp__queued_in_msg(s)) {   /* every parked line has started: the next one moves to the front */
      memmove(s->msg, s->msg + park, held >= 0 ? (size_t)held + 1 : s->line_n);
      park = 0;
    }
    /* the lines that are whole; a tool call that waits for a slot is parked */
    for (;;) {
      e2b_mcp_kind kind;
      char *line = s->msg + park;
      int r;
      if (held >= 0) len = held;
      else if ((len = e2b_mcp__stdio_take(s, park)) == -1) break;
      else if (len == -3) { stalled = 1; break; }
      else if (len == -2) { e2b_mcp__stdio_too_long(s, &k); continue; }
      else if (len == 0 || e2b_mcp__only_space(line, (size_t)len)) continue;
      e2b_mcp_peek(s, line, (size_t)len, NULL, &kind);   /* the one parse: submit uses it */
      if (kind.busy) { s->peek_n = 0; held = len; break; }   /* the queue is full: it waits, and stdin with it */
#if E2B_MCP_LIMITS
      if (kind.json && e2b_mcp__stdio_limited(s, line, &k)) { s->peek_n = 0; continue; }
#endif
      held = -1;
      from.keep = line;
      if ((r = e2b_mcp_submit(s, line, (size_t)len, &from, &k)) < 0) goto broken;
      if (r == E2B_MCP_QUEUED) park += (size_t)len + 1;   /* its text stays where it is, and is started there */
    }
    queued = e2b_mcp_queued(s, &k);
    talking = e2b_mcp_watch(s, fds + 1, E2B_MCP_CALLS, &timeout);   /* the calls' sockets, and their deadlines */
    if (s->in_eof && held < 0 && !queued && s->in_at >= s->in_len && !e2b_mcp_sink_busy(s, &k)) break;
    if (s->in_eof && held < 0 && !queued && !talking && e2b_mcp_sink_eof(s, &k)) {   /* questions nobody can answer any more: not a yes */
      e2b_mcp_step(s);   /* a call accepted before the end still runs to its answer, and a tool that asks again is ended again */
      continue;
    }
    /* wait: for stdin (not at its end, nothing of it waiting) and the calls */
    if (s->stdio_stop && !s->in_eof) continue;   /* a stop that came meanwhile is not left to wait out the idle minute */
    if (in.h >= 0) {
      fds[0].sock = !s->in_eof && held < 0 && !stalled && s->in_at >= s->in_len ? &in : NULL;
      fds[0].want = E2B_MCP_WANT_READ; fds[0].ready = 0;
      if (s->net->wait(s->net->user, fds, 1 + talking, timeout) > 0 && fds[0].sock && fds[0].ready && e2b_mcp__stdio_fill(s, &in) == -1) goto broken;
    } else {
      /* without a poll of stdin, a read blocks: only when no call is due now (an
         answered question, a call to start); a question's deadline then fires
         when the next line comes */
      if (!talking && timeout != 0 && !s->in_eof && held < 0 && !stalled) { if (e2b_mcp__stdio_fill(s, &in) == -1) goto broken; continue; }
      s->net->wait(s->net->user, fds + 1, talking, timeout);
    }
    e2b_mcp_step(s);
  }
  E2B_MCP__STDIO_SUBS(s, 0);
  e2b_mcp_close(s);
  return 0;
broken:   /* stdout or stdin failed: the calls in flight answer nobody (their sink dies with
             this frame); changes already sent to E2B are not undone */
  e2b_mcp_sink_gone(s, &k);
  E2B_MCP__STDIO_SUBS(s, 0);
  e2b_mcp_close(s);
  return 1;
}
#endif /* E2B_MCP_WITH_STDIO */


/* >>transport: streamable http ------------------------------------------------
   MCP over HTTP/1.1 on one endpoint, /mcp (Streamable HTTP, 2025-03-26 on),
   and beside it the public documents a client reads before it connects: the
   server card, and with access tokens (>>auth) the OAuth metadata.
   One thread and a poll loop over fixed slots inside the server: a listener,
   E2B_MCP_HTTP_CONNS connections (each buffers one request, bounded: 431 for
   a long head, 413 for a long body, 408 when it does not arrive in time),
   E2B_MCP_HTTP_SESSIONS sessions (each an e2b_mcp_session, handed to the
   engine with each message of its client) and a few lingering sockets. A connection beyond the slots
   takes the slot of the longest idle one (no request in progress); when every
   slot has one, it gets 503, then is drained and closed so it reads the answer.
   A connection that has sent no request yet has the request timeout, not the
   idle one, so silent connections cannot keep the slots.

   A request is checked in this order: a public document (answered as it
   is), /healthz and /readyz (>>ops, open to all), path (404), Host and
   Origin against DNS rebinding (403), /metrics (its own rules), then who
   sent it, decided once by >>principal (the access token, the static token,
   the client's own E2B key; 401, 429 for an address whose tokens keep
   failing, 503 while too many wait for the issuer's keys; a token whose key
   is not known yet waits, KEYS, for one fetch), the method (GET opens a
   session's stream, else 405; DELETE ends a session),
   MCP-Protocol-Version (400), Accept (406), the session (400 missing, 404
   unknown, ended or another principal's), the user's rate limit (429), then
   the core handles the body; the core's one scope check refuses a tool
   beyond the principal's scopes, answered 403 here. Notifications and
   responses get 202. A request's answer streams with chunked framing: as
   JSON when the response is the first message, as SSE when a notification
   (progress, log) or a question (elicitation) comes first.

   Concurrency: a tools/call takes a call slot (>>engine) and its connection
   waits (CALL) while its request is with E2B or its question with the user;
   the loop waits on the E2B sockets with the clients' and answers each call
   as E2B answers it. The user's answer to a question arrives as its own POST
   (answered 202). When every call slot is busy, a tools/call waits in the
   engine's queue, its body kept in its connection, and calls start in the
   order they came; when every connection slot is busy too, a newcomer gets
   503 with Retry-After. A client that goes away mid-call frees its
   connection; its call runs to its end.

   A 2025 session's GET /mcp opens its stream (>>resources' subscriptions:
   notifications/resources/updated, outside any request): one per session,
   a connection slot that holds no request buffer while idle. */
#ifdef E2B_MCP__HTTP
/* Waits until s is ready for want, at most timeout_ms: 0 or E2B_MCP_ERR_TIMEOUT.
   Only the HTTP transport waits so: for a client slow to take an answer that
   outgrew its queue (bounded by the write timeout). */
static int e2b_mcp__sock_wait(e2b_mcp_sock *s, int want, int timeout_ms) {
  const e2b_mcp_sock_port *p = s->port;
  unsigned long start = e2b_mcp__port_now(p);
  long left = timeout_ms;
  e2b_mcp_poll q;
  for (;;) {
    q.sock = s; q.want = want; q.ready = 0;
    if (p->wait(p->user, &q, 1, (int)left) > 0 && q.ready) return 0;
    /* a signal may end a wait early: the clock says what is left */
    left = start ? timeout_ms - (long)(e2b_mcp__port_now(p) - start) : 0;
    if (left <= 0) return E2B_MCP_ERR_TIMEOUT;
  }
}

/* CALL: its call is in a slot or the engine's queue, its answer to come.
   DRAIN: the answer is complete, its rest leaves as the client reads it.
   STREAM: a session's GET stream (notifications of its subscriptions); it
   holds a request buffer only while a notification is on its way.
   KEYS: its token names a key the issuer may have just published: it is
   served again, from the start, once the issuer's keys are fetched. */
enum { E2B_MCP__HC_FREE, E2B_MCP__HC_READ, E2B_MCP__HC_BUSY, E2B_MCP__HC_CALL, E2B_MCP__HC_DRAIN, E2B_MCP__HC_STREAM, E2B_MCP__HC_KEYS };
/* Whether GET streams are built (subscriptions, 2025 sessions), and c is one: 0 at compile time when not. */
#define E2B_MCP__HS_STREAMS (E2B_MCP__SUBS && E2B_MCP_HTTP_SESSIONS > 0)
#define E2B_MCP__HS_STREAMING(c) (E2B_MCP__HS_STREAMS && (c)->state == E2B_MCP__HC_STREAM)

/* The transport's own timing. */
enum {
  E2B_MCP__HS_FRESH_MS = 100,    /* a connection this young is never taken for a newcomer: its request may be on its way */
  E2B_MCP__HS_LINGER_MS = 2000,  /* a closing socket is drained this long, so its client reads the answer */
  E2B_MCP__HS_HOLD_MS = 10,      /* a connection whose answer has not all left is looked at this often */
  E2B_MCP__HS_ACCEPT_BURST = 16, /* connections taken in one step */
  E2B_MCP__HS_RUN_MS = 250,      /* e2b_mcp_http_run looks at s->http.stop this often */
  E2B_MCP__HS_SWEEP_MS = 50      /* the step's passes over every connection (timeouts) at least this often */
};

/* The parts of a request head we use, as slices of the connection buffer. */
typedef struct e2b_mcp__http_req {
  char method[8];
  const char *target, *host, *origin, *auth, *sid, *pver, *accept, *ctype, *mmethod, *mname, *newsid, *ekey;
  size_t target_n, host_n, origin_n, auth_n, sid_n, pver_n, accept_n, ctype_n, mmethod_n, mname_n, newsid_n, ekey_n;
  long long length;           /* Content-Length, -1 when absent */
  int chunked, close, http10, expect;
} e2b_mcp__http_req;

static unsigned long e2b_mcp__hs_ms(int v, int def) { return (unsigned long)(v > 0 ? v : def); }
static void e2b_mcp__hs_lit(e2b_mcp_json *w, const char *t) { e2b_mcp__w_put(w, t, strlen(t)); }
/* ---- the socket side: an answer leaves through the connection's queue ----
   Bytes go to the socket as it takes them; what it does not take now waits in
   the connection's buffer past the request's head (the request's body was
   copied out), and leaves as the client reads, while everyone else is
   served (DRAIN once the answer is complete). Only an answer larger than that
   queue and the socket's own buffer makes the loop wait for its client, at
   most E2B_MCP_HTTP_WRITE_TIMEOUT_MS over the whole answer (c->wspent), as
   does a queue that does not drain in that time; then the connection is
   dropped. And a keep-alive connection's next request is read only once the
   previous answer has all left (DRAIN, then c->hold in e2b_mcp_http_step): a
   client that does not read gets no more answers piled up behind the ones it
   leaves unread. */
/* ---- request buffers: a pool the connections share ----
   A connection takes one when its request's first bytes are read and gives
   it back once the answer has all left: an idle one holds none. The last
   one given back is taken first, and one never used only when none is free
   (so the pages of buffers no request needed stay out of memory). */
static int e2b_mcp__hs_buf_free(const e2b_mcp_http *h) { return h->nfree > 0 || h->ntouched < E2B_MCP_HTTP_BUFS; }
static int e2b_mcp__hs_buf_take(e2b_mcp_http *h, e2b_mcp__http_conn *c) {
  if (c->buf) return 0;
  if (h->nfree > 0) c->buf = h->bufs[h->free_bufs[--h->nfree]];
  else if (h->ntouched < E2B_MCP_HTTP_BUFS) c->buf = h->bufs[h->ntouched++];
  return c->buf ? 0 : -1;
}
static void e2b_mcp__hs_buf_give(e2b_mcp_http *h, e2b_mcp__http_conn *c) {
  if (!c->buf) return;
  h->free_bufs[h->nfree++] = (int)((c->buf - h->bufs[0]) / E2B_MCP__HS_BUF);
  c->buf = NULL;
}

static void e2b_mcp__hs_push(e2b_mcp__http_conn *c) {   /* what the socket takes now */
  while (!c->dead && c->qoff < c->qend) {
    int r = c->sock.port->send(c->sock.port->user, &c->sock, (const unsigned char *)c->buf + c->qoff, c->qend - c->qoff);
    if (r == E2B_MCP_ERR_AGAIN) return;
    if (r <= 0) { c->dead = 1; break; }
    c->qoff += (size_t)r;
  }
  c->qoff = c->qend = c->qbase;   /* all out (or dropped): the queue starts over */
}
static int e2b_mcp__hs_queue(e2b_mcp_server *s, e2b_mcp__http_conn *c, const char *p, size_t n) {
  unsigned long to = e2b_mcp__hs_ms(s->http.cfg.write_timeout_ms, E2B_MCP_HTTP_WRITE_TIMEOUT_MS);
  if (!c->buf && e2b_mcp__hs_buf_take(&s->http, c)) c->dead = 1;   /* an answer without a request: none is */
  while (n && !c->dead) {
    size_t room = E2B_MCP__HS_BUF - c->qend, k;
    if (room < n && c->qoff > c->qbase) {   /* close the gap the socket left */
      memmove(c->buf + c->qbase, c->buf + c->qoff, c->qend - c->qoff);
      c->qend -= c->qoff - c->qbase;
      c->qoff = c->qbase;
      room = E2B_MCP__HS_BUF - c->qend;
    }
    if (room == 0) {   /* the client does not keep up with a long answer: wait for it, within the write timeout */
      unsigned long start = e2b_mcp__now_ms(s);
      int r = c->wspent >= to ? E2B_MCP_ERR_TIMEOUT : e2b_mcp__sock_wait(&c->sock, E2B_MCP_WANT_WRITE, (int)(to - c->wspent));
      c->wspent += e2b_mcp__now_ms(s) - start;
      if (r) { c->dead = 1; break; }
      e2b_mcp__hs_push(c);
      continue;
    }
    k = room < n ? room : n;
    memcpy(c->buf + c->qend, p, k);
    c->qend += k; p += k; n -= k;
  }
  return c->dead ? -1 : 0;
}
static int e2b_mcp__hs_send(e2b_mcp_server *s, e2b_mcp__http_conn *c, const char *p, size_t n) {
  if (e2b_mcp__hs_queue(s, c, p, n)) return -1;
  e2b_mcp__hs_push(c);
  return c->dead ? -1 : 0;
}

/* Hands a socket to a linger slot: shut our side, read and drop what the peer
   still sends (so it gets our answer, not a reset), close at EOF or in 2 s. */
static void e2b_mcp__hs_close(e2b_mcp_server *s, e2b_mcp_sock *k) { s->net->close(s->net->user, k); k->h = -1; }
static void e2b_mcp__hs_linger(e2b_mcp_server *s, e2b_mcp_sock *k) {
  int i;
  if (s->net->shutdown) s->net->shutdown(s->net->user, k);
  for (i = 0; i < E2B_MCP_HTTP_LINGER; i++)
    if (s->http.linger[i].h < 0) {
      s->http.linger[i] = *k;
      s->http.linger_until[i] = e2b_mcp__now_ms(s) + E2B_MCP__HS_LINGER_MS;
      k->h = -1;
      return;
    }
  e2b_mcp__hs_close(s, k);
}

/* The session c's last request was in (its conns count: it is not replaced
   while a connection that used it is open). */
static void e2b_mcp__hs_tie(e2b_mcp_server *s, e2b_mcp__http_conn *c, int si) {
  if (c->tied == si) return;
  if (c->tied >= 0) s->http.sessions[c->tied].conns--;
  if (si >= 0) s->http.sessions[si].conns++;
  c->tied = si;
}

/* c is no longer its session's GET stream (if it was). */
#if E2B_MCP__HS_STREAMS
static void e2b_mcp__hs_stream_unlink(e2b_mcp_server *s, e2b_mcp__http_conn *c) {
  e2b_mcp__http_session *x = c->sess >= 0 ? &s->http.sessions[c->sess] : NULL;
  if (!x || x->stream != 1 + (int)(c - s->http.conns)) return;
  x->stream = 0;
  if (x->listen) {   /* a listen stream's session ends with it, and its subscriptions */
    e2b_mcp__subs_drop(s, &x->mcp);
    x->used = x->listen = 0;
  }
}
#  define E2B_MCP__HS_UNLINK(s, c) e2b_mcp__hs_stream_unlink(s, c)
#else
#  define E2B_MCP__HS_UNLINK(s, c) ((void)0)
#endif

static void e2b_mcp__hs_conn_free(e2b_mcp_server *s, e2b_mcp__http_conn *c, int linger) {
  E2B_MCP__HS_UNLINK(s, c);
  e2b_mcp_sink_gone(s, c);   /* its call runs on, answering nobody */
  e2b_mcp__hs_push(c);           /* what the socket still takes of a last answer */
  if (linger && !c->dead) e2b_mcp__hs_linger(s, &c->sock);
  else e2b_mcp__hs_close(s, &c->sock);
  c->sock.h = -1;
  c->state = E2B_MCP__HC_FREE;
  if ((int)(c - s->http.conns) < s->http.free_lo) s->http.free_lo = (int)(c - s->http.conns);
  e2b_mcp__hs_tie(s, c, -1);
  e2b_mcp__hs_buf_give(&s->http, c);
  while (s->http.hi > 0 && s->http.conns[s->http.hi - 1].state == E2B_MCP__HC_FREE) s->http.hi--;
}

static const char *e2b_mcp__hs_reason(int status) {
  switch (status) {
    case 200: return "OK"; case 202: return "Accepted"; case 400: return "Bad Request";
    case 401: return "Unauthorized"; case 403: return "Forbidden"; case 404: return "Not Found";
    case 405: return "Method Not Allowed"; case 406: return "Not Acceptable"; case 408: return "Request Timeout";
    case 411: return "Length Required"; case 413: return "Content Too Large"; case 415: return "Unsupported Media Type";
    case 429: return "Too Many Requests"; case 431: return "Request Header Fields Too Large"; case 503: return "Service Unavailable";
    default: return "Error";
  }
}

/* A complete small answer: status, extra header lines, and (when text is not
   NULL) a JSON-RPC error body {"jsonrpc":"2.0","id":null,"error":{code,text}}. */
static void e2b_mcp__hs_simple(e2b_mcp_server *s, e2b_mcp__http_conn *c, int status, const char *headers, int code, const char *text) {
  char out[1024], body[512], num[24];
  e2b_mcp_json w, b;
  e2b_mcp_json_init(&b, body, sizeof body);
  if (text) {
    e2b_mcp_json_obj(&b);
    e2b_mcp_json_key(&b, "jsonrpc"); e2b_mcp_json_str(&b, "2.0");
    e2b_mcp_json_key(&b, "id"); e2b_mcp_json_null(&b);
    e2b_mcp_json_key(&b, "error"); e2b_mcp_json_obj(&b);
    e2b_mcp_json_key(&b, "code"); e2b_mcp_json_int(&b, code);
    e2b_mcp_json_key(&b, "message"); e2b_mcp_json_str(&b, text);
    e2b_mcp_json_obj_end(&b);
    e2b_mcp_json_obj_end(&b);
  }
  e2b_mcp_json_init(&w, out, sizeof out);
  e2b_mcp__w_put(&w, c->http10 ? "HTTP/1.0 " : "HTTP/1.1 ", 9);
  e2b_mcp__fmt_ll(num, status);
  e2b_mcp__w_put(&w, num, strlen(num));
  e2b_mcp__w_c(&w, ' ');
  e2b_mcp__w_put(&w, e2b_mcp__hs_reason(status), strlen(e2b_mcp__hs_reason(status)));
  e2b_mcp__w_put(&w, "\r\n", 2);
  if (headers) e2b_mcp__w_put(&w, headers, strlen(headers));
  if (text) e2b_mcp__w_put(&w, "Content-Type: application/json\r\n", 32);
  e2b_mcp__w_put(&w, "Content-Length: ", 16);
  e2b_mcp__fmt_ll(num, (long long)(text ? b.len : 0));
  e2b_mcp__w_put(&w, num, strlen(num));
  e2b_mcp__w_put(&w, c->close || c->http10 ? "\r\nConnection: close\r\n\r\n" : "\r\n\r\n", c->close || c->http10 ? 23 : 4);
  if (text) e2b_mcp__w_put(&w, body, b.len);
  e2b_mcp__hs_send(s, c, out, w.len);
}

/* ---- the answer to a request, streamed from the core through a sink ---- */

/* What the message starting with p[0..n) is: 0 the response (or a batch), 1
   a notification or a request of ours, -1 not known yet. The core writes
   {"jsonrpc":"2.0", then "method" or "id":<id>, then "method"|"result"|"error". */
static int e2b_mcp__hs_classify(const char *p, size_t n) {
  static const char pre[] = "{\"jsonrpc\":\"2.0\",";
  size_t i = sizeof pre - 1;
  if (n && p[0] == '[') return 0;
  if (n < i + 3) return -1;
  if (memcmp(p, pre, i) != 0) return 0;
  if (memcmp(p + i, "\"me", 3) == 0) return 1;
  if (n < i + 5) return -1;
  i += 5;   /* "id": */
  if (p[i - 1] != ':') return 0;
  if (i < n && p[i] == '"') {
    for (i++; i < n && p[i] != '"'; i++) if (p[i] == '\\') i++;
    i++;
  } else while (i < n && p[i] != ',') i++;
  if (i + 4 > n) return -1;
  return memcmp(p + i, ",\"me", 4) == 0 ? 1 : 0;
}

/* One chunk of the answer body (chunked framing; plain for HTTP/1.0). */
static int e2b_mcp__hs_chunk(e2b_mcp_server *s, e2b_mcp__http_conn *c, const char *p, size_t n) {
  static const char hex[] = "0123456789abcdef";
  char h[20];
  int k = 0, sh;
  if (n == 0) return 0;
  if (c->http10) return e2b_mcp__hs_queue(s, c, p, n);
  for (sh = 28; sh >= 0; sh -= 4) if (k || ((n >> sh) & 15u) || sh == 0) h[k++] = hex[(n >> sh) & 15u];
  h[k++] = '\r'; h[k++] = '\n';
  /* queued: it leaves with the rest of its message (e2b_mcp__hs_sink_end), or
     of the answer (e2b_mcp__hs_answered), in one write */
  if (e2b_mcp__hs_queue(s, c, h, (size_t)k) || e2b_mcp__hs_queue(s, c, p, n) || e2b_mcp__hs_queue(s, c, "\r\n", 2)) return -1;
  return 0;
}

static int e2b_mcp__hs_start(e2b_mcp_server *s, e2b_mcp__http_conn *c, int sse) {
  char head[1024];
  e2b_mcp_json w;
  if (c->started) return 0;
  c->started = 1;
  c->sse = sse;
  e2b_mcp_json_init(&w, head, sizeof head);
#if E2B_MCP_AUTH
  if (c->forbidden && s->http.cfg.auth) {   /* the core refused its tool call for its token's scopes (RFC 6750 3.1) */
    e2b_mcp__hs_lit(&w, c->http10 ? "HTTP/1.0 403 Forbidden\r\n" : "HTTP/1.1 403 Forbidden\r\n");
    e2b_mcp__auth_challenge(s->http.cfg.auth, "insufficient_scope", "this tool needs a scope the access token does not grant",
                            e2b_mcp_auth_scope_name(s->http.cfg.auth, c->forbidden - 1), &w);
  } else
#endif
  if (c->wire && c->wire->status) {   /* a 2026-07-28 error answer: 400 or 404, with its JSON-RPC error */
    e2b_mcp__hs_lit(&w, c->http10 ? "HTTP/1.0 " : "HTTP/1.1 ");
    e2b_mcp__hs_lit(&w, c->wire->status == 404 ? "404 Not Found\r\n" : "400 Bad Request\r\n");
  } else e2b_mcp__w_put(&w, c->http10 ? "HTTP/1.0 200 OK\r\n" : "HTTP/1.1 200 OK\r\n", 17);
  if (sse) e2b_mcp__hs_lit(&w, "Content-Type: text/event-stream\r\nCache-Control: no-cache\r\n");
  else e2b_mcp__hs_lit(&w, "Content-Type: application/json\r\n");
  if (c->send_sid && c->sess >= 0) {
    e2b_mcp__hs_lit(&w, "Mcp-Session-Id: ");
    e2b_mcp__hs_lit(&w, s->http.sessions[c->sess].id);
    e2b_mcp__w_put(&w, "\r\n", 2);
  }
  if (c->http10) c->close = 1;
  else e2b_mcp__hs_lit(&w, "Transfer-Encoding: chunked\r\n");
  e2b_mcp__hs_lit(&w, c->close ? "Connection: close\r\n\r\n" : "\r\n");
  return e2b_mcp__hs_queue(s, c, head, w.len);   /* with the first message */
}

/* Decides the framing from the first message's start, then passes bytes on. */
static int e2b_mcp__hs_decide(e2b_mcp_server *s, e2b_mcp__http_conn *c, int kind) {
  if (!c->started && e2b_mcp__hs_start(s, c, kind == 1)) return -1;
  c->classified = 1;
  if (c->sse && e2b_mcp__hs_chunk(s, c, "event: message\ndata: ", 21)) return -1;
  return e2b_mcp__hs_chunk(s, c, c->cls, c->cls_len);
}
static int e2b_mcp__hs_sink_write(void *ctx, const char *p, size_t n) {
  e2b_mcp__http_conn *c = (e2b_mcp__http_conn *)ctx;
  if (c->dead) return -1;
  if (!c->in_msg) { c->in_msg = 1; c->classified = 0; c->cls_len = 0; }
  if (!c->classified) {
    size_t k = sizeof c->cls - c->cls_len;
    int kind;
    if (k > n) k = n;
    memcpy(c->cls + c->cls_len, p, k);
    c->cls_len += k; p += k; n -= k;
    kind = e2b_mcp__hs_classify(c->cls, c->cls_len);
    if (kind < 0 && c->cls_len == sizeof c->cls) kind = 0;
    if (kind < 0) return 0;
    if (e2b_mcp__hs_decide(c->srv, c, kind)) return -1;
  }
  return e2b_mcp__hs_chunk(c->srv, c, p, n);
}
static int e2b_mcp__hs_sink_end(void *ctx) {
  e2b_mcp__http_conn *c = (e2b_mcp__http_conn *)ctx;
  int kind;
  if (c->dead) return -1;
  if (!c->in_msg) return 0;
  if (!c->classified) {
    kind = e2b_mcp__hs_classify(c->cls, c->cls_len);
    if (e2b_mcp__hs_decide(c->srv, c, kind < 0 ? 0 : kind)) return -1;
  }
  c->in_msg = 0;
  if (c->state == E2B_MCP__HC_CALL) {   /* its call may be over: the step looks at it */
    e2b_mcp_http *h = &c->srv->http;
    c->ended = 1;
    if (h->ended < E2B_MCP__HS_ENDED) h->ended_at[h->ended] = (int)(c - h->conns);
    if (h->ended <= E2B_MCP__HS_ENDED) h->ended++;   /* one past: more than the list holds, look at all */
  }
  if (!c->sse) return 0;   /* the response: it leaves with the answer's end */
  if (e2b_mcp__hs_chunk(c->srv, c, "\n\n", 2)) return -1;
  e2b_mcp__hs_push(c);     /* an event (a notification, a question, a stream's): it goes now */
  return c->dead ? -1 : 0;
}

/* ---- sessions ----
   A session is found by its id through a hash of chained slots (ids are 32
   hex digits, random or named by the balancer), so a request costs the same
   with ten sessions or ten thousand. */
static unsigned e2b_mcp__hs_bucket(const char *id) {
  unsigned v = 2166136261u;
  int i;
  for (i = 0; i < 32; i++) v = (v ^ (unsigned char)id[i]) * 16777619u;
  return v & (E2B_MCP__HS_HASH - 1);
}
static int e2b_mcp__hs_find_session(e2b_mcp_server *s, const char *id, size_t n) {
  int i;
  if (n != 32) return -1;
  for (i = s->http.sess_hash[e2b_mcp__hs_bucket(id)] - 1; i >= 0; i = s->http.sessions[i].next - 1)
    if (s->http.sessions[i].used && memcmp(s->http.sessions[i].id, id, 32) == 0) return i;
  return -1;
}
/* Session si leaves its id's chain (its slot is about to hold another). */
static void e2b_mcp__hs_unhash(e2b_mcp_http *h, int si) {
  int *at = &h->sess_hash[e2b_mcp__hs_bucket(h->sessions[si].id)];
  while (*at && *at != si + 1) at = &h->sessions[*at - 1].next;
  if (*at) *at = h->sessions[si].next;
}
/* The session id[0..n) names, when it is c's principal's: a session is
   bound to the principal that made it (the MCP security guidance: a
   session id is not an identity), so another one naming it is told what an
   unknown id is told, and can neither use it (its subscriptions, its
   questions, its cancels) nor end it. -1: none of c's. */
static int e2b_mcp__hs_own_session(e2b_mcp_server *s, const e2b_mcp__http_conn *c, const char *id, size_t n) {
  int si = e2b_mcp__hs_find_session(s, id, n);
  return si >= 0 && s->http.sessions[si].owner == c->pr.id ? si : -1;
}
/* A new session of c's principal in a slot never used, else a free one,
   else in the least recently used one that no open connection last used
   (its client is idle: it gets 404 and starts over); never one whose client
   is connected, so never one whose call waits for an answer. A principal
   that is one person or key (an access token's subject, a client's own
   key) holds at most sessions_per_principal: past that, its own least
   recently used one is taken, never another's, so opening thousands pushes
   out nobody else's (counting them is a pass over the slots used, made
   only for such a principal's initialize). Its id is random, or the one
   the balancer named (32 lowercase hex digits, not in use). -1: every
   session it could take has its client connected. */
static int e2b_mcp__hs_new_session(e2b_mcp_server *s, const e2b_mcp__http_conn *c, const char *named, size_t named_n) {
  static const char hex[] = "0123456789abcdef";
  unsigned char rnd[16];
  int i, pick = -1, own = -1, mine = 0, cap = s->http.cfg.sessions_per_principal > 0 ? s->http.cfg.sessions_per_principal
                                                                                     : E2B_MCP_HTTP_SESSIONS_PER_PRINCIPAL;
  int capped = c->pr.kind == E2B_MCP_PRINCIPAL_OAUTH || c->pr.kind == E2B_MCP_PRINCIPAL_CLIENT_KEY;
  unsigned b;
  e2b_mcp__http_session *x;
  if (named && (named_n != 32 || strspn(named, hex) < 32 || e2b_mcp__hs_find_session(s, named, 32) >= 0)) named = NULL;
  if (capped)
    for (i = 0; i < s->http.sess_hi; i++) {
      x = &s->http.sessions[i];
      if (!x->used || x->owner != c->pr.id) continue;
      mine++;
      if (!x->conns && (own < 0 || x->last_use < s->http.sessions[own].last_use)) own = i;
    }
  if (capped && mine >= cap) pick = own;   /* its own oldest, or none */
  else if (s->http.sess_hi < E2B_MCP_HTTP_SESSIONS) pick = s->http.sess_hi;   /* untouched till now */
  else for (i = 0; i < E2B_MCP_HTTP_SESSIONS; i++) {
    x = &s->http.sessions[i];
    /* a session whose client is connected keeps its slot; so does one whose
       call is running (it waits for E2B or its user), even if ended by
       DELETE meanwhile: the call answers with its state */
    if (x->conns) continue;
    if (!x->used) { pick = i; break; }
    if (pick < 0 || x->last_use < s->http.sessions[pick].last_use) pick = i;
  }
  if (pick < 0 || (!named && (!s->net->random || s->net->random(s->net->user, rnd, sizeof rnd) != 0))) return -1;
  x = &s->http.sessions[pick];
  if (pick < s->http.sess_hi) {
#if E2B_MCP__SUBS
    if (x->used) e2b_mcp__subs_drop(s, &x->mcp);   /* evicted: its client gets 404, its subscriptions go */
#endif
    e2b_mcp__hs_unhash(&s->http, pick);
  } else s->http.sess_hi = pick + 1;
  memset(x, 0, sizeof *x);   /* conns is 0: it was picked so */
  x->owner = c->pr.id;
  if (named) memcpy(x->id, named, 32);
  else for (i = 0; i < 16; i++) { x->id[2 * i] = hex[rnd[i] >> 4]; x->id[2 * i + 1] = hex[rnd[i] & 15]; }
  x->id[32] = 0;
  b = e2b_mcp__hs_bucket(x->id);
  x->next = s->http.sess_hash[b];
  s->http.sess_hash[b] = pick + 1;
  x->used = 1;
  x->mcp.version = E2B_MCP__VLATEST;
  x->mcp.log_level = 1;
  x->last_use = ++s->http.uses;
  return pick;
}

/* ---- request heads ---- */
static int e2b_mcp__hs_parse_head(const char *p, size_t n, e2b_mcp__http_req *q) {
  size_t i = 0, ms, le;
  long long v;
  e2b_mcp__hline l;
  int got;
  memset(q, 0, sizeof *q);
  q->length = -1;
  while (i < n && p[i] != '\n') i++;
  le = i;
  if (le > 0 && p[le - 1] == '\r') le--;
  for (ms = 0; ms < le && p[ms] != ' '; ms++) {}
  if (ms == 0 || ms >= sizeof q->method || ms + 1 >= le) return -1;
  memcpy(q->method, p, ms); q->method[ms] = 0;
  q->target = p + ms + 1;
  while (q->target + q->target_n < p + le && q->target[q->target_n] != ' ') q->target_n++;
  if (q->target + q->target_n + 9 != p + le || memcmp(q->target + q->target_n, " HTTP/1.", 8) != 0) return -1;
  q->http10 = p[le - 1] == '0';
  q->close = q->http10;
  i++;
  while ((got = e2b_mcp__head_line(p, n, &i, &l, 1)) != 0) {   /* strict: "Content-Length : 5" or a folded line */
    size_t vs = l.vs, ve = l.ve;
    if (got < 0) return -1;
#define E2B_MCP__H(name) e2b_mcp__ieq(p + l.ns, l.ne - l.ns, name)
#define E2B_MCP__KEEP(f) (q->f = p + vs, q->f##_n = ve - vs)
    /* A header that decides access or routing, sent twice, is refused: a
       gateway in front usually acts on the first and this server would check
       the last, so a second one could smuggle a request past the gateway. */
#define E2B_MCP__ONE(f) { if (q->f) return -1; E2B_MCP__KEEP(f); }
    if (E2B_MCP__H("content-length")) {   /* digits only: no sign */
      if (vs == ve || p[vs] < '0' || p[vs] > '9' || e2b_mcp__parse_ll(p + vs, ve - vs, &v) != 0 || (q->length >= 0 && q->length != v)) return -1;
      q->length = v;
    } else if (E2B_MCP__H("transfer-encoding")) q->chunked = 1;
    else if (E2B_MCP__H("connection")) {
      if (e2b_mcp__ieq(p + vs, ve - vs, "close")) q->close = 1;
      else if (e2b_mcp__ieq(p + vs, ve - vs, "keep-alive")) q->close = 0;
    } else if (E2B_MCP__H("expect")) q->expect = e2b_mcp__ieq(p + vs, ve - vs, "100-continue");
    else if (E2B_MCP__H("host")) E2B_MCP__ONE(host)
    else if (E2B_MCP__H("origin")) E2B_MCP__ONE(origin)
    else if (E2B_MCP__H("authorization")) E2B_MCP__ONE(auth)
    else if (E2B_MCP__H("mcp-session-id")) E2B_MCP__ONE(sid)
    else if (E2B_MCP__H("mcp-protocol-version")) E2B_MCP__ONE(pver)
    else if (E2B_MCP__H("accept")) E2B_MCP__KEEP(accept);
    else if (E2B_MCP__H("content-type")) E2B_MCP__ONE(ctype)
    else if (E2B_MCP__H("mcp-method")) E2B_MCP__ONE(mmethod)
    else if (E2B_MCP__H("mcp-name")) E2B_MCP__ONE(mname)
    else if (E2B_MCP__H("x-mcp-new-session-id")) E2B_MCP__ONE(newsid)
    else if (E2B_MCP__H("x-e2b-api-key")) E2B_MCP__ONE(ekey)
#undef E2B_MCP__H
#undef E2B_MCP__KEEP
#undef E2B_MCP__ONE
  }
  return 0;
}

/* The media type of one item "type/sub; params", spaces trimmed: its length. */
static size_t e2b_mcp__hs_mtype(const char *p, size_t n, const char **t) {
  size_t e = 0;
  while (n && (*p == ' ' || *p == '\t')) { p++; n--; }
  while (e < n && p[e] != ';') e++;
  while (e && (p[e - 1] == ' ' || p[e - 1] == '\t')) e--;
  *t = p;
  return e;
}
/* Whether an item's parameters say q=0 (not acceptable at all). */
static int e2b_mcp__hs_q0(const char *p, size_t n) {
  size_t i = 0, v;
  while (i < n) {
    if (p[i++] != ';') continue;
    while (i < n && p[i] == ' ') i++;
    if (i + 1 < n && (p[i] | 0x20) == 'q' && p[i + 1] == '=') {
      i += 2;
      for (v = i; i < n && (p[i] == '0' || p[i] == '.'); i++) {}
      return i > v && (i == n || p[i] == ';' || p[i] == ' ' || p[i] == '\t');
    }
  }
  return 0;
}
/* Whether a Content-Type is application/json (any parameters). */
static int e2b_mcp__hs_ctype_json(const char *p, size_t n) {
  const char *t;
  size_t k = e2b_mcp__hs_mtype(p, n, &t);
  return k == 16 && e2b_mcp__ieqn(t, "application/json", 16);
}
/* Whether an Accept list takes the media type want ("a/b"): an item that is
   the type itself, the wildcard of its kind ("a/" then a star) or the full
   wildcard, not at q=0. Items are compared whole, so "application/jsonx" is
   not application/json. */
static int e2b_mcp__hs_accepts(const char *p, size_t n, const char *want) {
  size_t wn = strlen(want), major = (size_t)(e2b_mcp__strchr(want, '/') - want);
  while (n) {
    size_t e = 0, k;
    const char *t;
    while (e < n && p[e] != ',') e++;
    k = e2b_mcp__hs_mtype(p, e, &t);
    if (!e2b_mcp__hs_q0(p, e) &&
        ((k == wn && e2b_mcp__ieqn(t, want, wn)) || (k == 3 && memcmp(t, "*/*", 3) == 0) ||
         (k == major + 2 && e2b_mcp__ieqn(t, want, major + 1) && t[major + 1] == '*'))) return 1;
    p += e < n ? e + 1 : e; n -= e < n ? e + 1 : e;
  }
  return 0;
}
static int e2b_mcp__hs_loopback_name(const char *h, size_t n) {
  size_t i;
  if (e2b_mcp__ieq(h, n, "localhost") || e2b_mcp__ieq(h, n, "[::1]") || e2b_mcp__ieq(h, n, "::1")) return 1;
  if (n < 5 || n > 15 || memcmp(h, "127.", 4) != 0) return 0;
  /* a dotted address only: "127.evil.io" is a name anyone can point at us (DNS rebinding) */
  for (i = 4; i < n; i++) if (!((h[i] >= '0' && h[i] <= '9') || h[i] == '.')) return 0;
  return 1;
}
/* Whether the host name h (no port) may reach this server. */
/* Whether an allowed-hosts list names anyone (spaces and commas alone do not:
   such a list is unset, not a list that refuses every Host off loopback). */
static int e2b_mcp__hs_names_any(const char *a) { return a && a[strspn(a, " ,")]; }
static int e2b_mcp__hs_host_ok(e2b_mcp_server *s, const char *h, size_t n) {
  const char *a = s->http.cfg.allowed_hosts;
  if (n == 0) return 0;
  if (s->http.loopback && e2b_mcp__hs_loopback_name(h, n)) return 1;
  while (a && *a) {
    const char *e = a, *z;
    while (*e && *e != ',') e++;
    while (a < e && *a == ' ') a++;
    for (z = e; z > a && z[-1] == ' '; z--) {}
    if ((size_t)(z - a) == n && e2b_mcp__ieqn(h, a, n)) return 1;
    a = *e ? e + 1 : e;
  }
  return 0;
}
/* The length of the host part of "name[:port]" or "[v6][:port]", or
   (size_t)-1 when what follows it is not ":" and 1 to 5 digits: in
   "127.0.0.1:80.evil.example" the name a resolver sees is not 127.0.0.1. */
static size_t e2b_mcp__hs_hostpart(const char *h, size_t n) {
  size_t i, k;
  if (n && h[0] == '[') { for (i = 0; i < n && h[i] != ']'; i++) {} if (i == n) return (size_t)-1; i++; }
  else for (i = 0; i < n && h[i] != ':'; i++) {}
  if (i == n) return i;
  for (k = i + 1; k < n && h[k] >= '0' && h[k] <= '9'; k++) {}
  return h[i] == ':' && k == n && n - i - 1 >= 1 && n - i - 1 <= 5 ? i : (size_t)-1;
}
static int e2b_mcp__hs_origin_ok(e2b_mcp_server *s, const e2b_mcp__http_req *q) {
  const char *o = q->origin;
  size_t n = q->origin_n, k;
  if (!o) return 1;
  if (n > 7 && memcmp(o, "http://", 7) == 0) { o += 7; n -= 7; }
  else if (n > 8 && memcmp(o, "https://", 8) == 0) { o += 8; n -= 8; }
  else return 0;   /* "null", a file: page, anything odd */
  k = e2b_mcp__hs_hostpart(o, n);
  if (k == (size_t)-1) return 0;
  if (e2b_mcp__hs_host_ok(s, o, k)) return 1;
  /* Not bound to loopback (so behind a token): the page's own origin is fine. */
  return !s->http.loopback && q->host && k == e2b_mcp__hs_hostpart(q->host, q->host_n) && e2b_mcp__ieqn(o, q->host, k);
}
/* ---- public documents: what a client reads before it connects ---- */

#define E2B_MCP__HS_DOC_MAX 2048   /* the largest public document: the card, ~1 KB */
#define E2B_MCP__HS_CARD_HEADERS "Cache-Control: public, max-age=3600\r\nAccess-Control-Allow-Origin: *\r\n" \
  "Access-Control-Allow-Methods: GET\r\nAccess-Control-Allow-Headers: Content-Type\r\n"
/* At most 100 characters: the registry's limit for server.json, which says the same. */
#define E2B_MCP__CARD_DESCRIPTION "See and manage E2B cloud sandboxes: list, start, pause, resume, extend, logs, metrics"

/* A GET's whole answer: status, the given header lines, then the document. */
static void e2b_mcp__hs_doc(e2b_mcp_server *s, e2b_mcp__http_conn *c, int status, const char *headers, const char *body, size_t n) {
  char out[E2B_MCP__HS_DOC_MAX + 512], num[24];
  e2b_mcp_json w;
  e2b_mcp_json_init(&w, out, sizeof out);
  e2b_mcp__hs_lit(&w, c->http10 ? "HTTP/1.0 " : "HTTP/1.1 ");
  e2b_mcp__fmt_ll(num, status);
  e2b_mcp__hs_lit(&w, num);
  e2b_mcp__w_c(&w, ' ');
  e2b_mcp__hs_lit(&w, e2b_mcp__hs_reason(status));
  e2b_mcp__hs_lit(&w, "\r\n");
  e2b_mcp__hs_lit(&w, headers);
  e2b_mcp__hs_lit(&w, "Content-Length: ");
  e2b_mcp__fmt_ll(num, (long long)n);
  e2b_mcp__hs_lit(&w, num);
  e2b_mcp__hs_lit(&w, c->close || c->http10 ? "\r\nConnection: close\r\n\r\n" : "\r\n\r\n");
  e2b_mcp__w_put(&w, body, n);
  e2b_mcp__hs_send(s, c, out, w.len);
}

/* The server card (SEP-2127): who the server is and where to reach it,
   before any session, for discovery tools and registries. Built from
   settings and the build only (never from the request), so every replica
   behind one address serves the same card; public, as it holds nothing
   secret, and open to pages of any origin (CORS), as the proposal asks. It
   is served at <endpoint>/server-card (application/mcp-server-card+json) and
   at the well-known path (application/json). 1: the target is the card. */
static int e2b_mcp__hs_card_path(const char *t, size_t n, int *wk) {
  const char *qm = (const char *)memchr(t, '?', n);
  if (qm) n = (size_t)(qm - t);
  *wk = !e2b_mcp__ieq(t, n, "/mcp/server-card");
  return !*wk || e2b_mcp__ieq(t, n, "/.well-known/mcp/server-card") || e2b_mcp__ieq(t, n, "/.well-known/mcp/server-card.json");
}
static void e2b_mcp__hs_card(e2b_mcp_server *s, e2b_mcp_json *w) {
  const e2b_mcp_http_config *cfg = &s->http.cfg;
  const char *url = cfg->public_url, *repo = cfg->repository ? cfg->repository : E2B_MCP_REPOSITORY_URL;
  int oauth = 0;
#if E2B_MCP_AUTH
  oauth = cfg->auth != NULL;
  if ((!url || !*url) && cfg->auth) url = cfg->auth->resource;
#endif
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "$schema"); e2b_mcp_json_str(w, "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json");
  e2b_mcp_json_key(w, "name"); e2b_mcp_json_str(w, cfg->card_name && *cfg->card_name ? cfg->card_name : E2B_MCP_REGISTRY_NAME);
  e2b_mcp_json_key(w, "version"); e2b_mcp_json_str(w, E2B_MCP_VERSION);
  e2b_mcp_json_key(w, "title"); e2b_mcp_json_str(w, "E2B sandboxes");
  e2b_mcp_json_key(w, "description"); e2b_mcp_json_str(w, E2B_MCP__CARD_DESCRIPTION);
  if (*repo) {
    e2b_mcp_json_key(w, "repository"); e2b_mcp_json_obj(w);
    e2b_mcp_json_key(w, "url"); e2b_mcp_json_str(w, repo);
    e2b_mcp_json_key(w, "source");
    e2b_mcp_json_str(w, strstr(repo, "://github.com/") ? "github" : strstr(repo, "://gitlab.com/") ? "gitlab" : "git");
    e2b_mcp_json_obj_end(w);
  }
  if (url && *url) {
    e2b_mcp_json_key(w, "remotes"); e2b_mcp_json_arr(w); e2b_mcp_json_obj(w);
    e2b_mcp_json_key(w, "type"); e2b_mcp_json_str(w, "streamable-http");
    e2b_mcp_json_key(w, "url"); e2b_mcp_json_str(w, url);
    e2b_mcp_json_key(w, "supportedProtocolVersions"); e2b_mcp__supported_versions(w, E2B_MCP_HTTP_SESSIONS > 0);
    if (E2B_MCP_WITH_CLIENT_KEYS && cfg->client_keys) {
      e2b_mcp_json_key(w, "headers"); e2b_mcp_json_arr(w); e2b_mcp_json_obj(w);
      e2b_mcp_json_key(w, "name"); e2b_mcp_json_str(w, "X-E2B-API-Key");
      e2b_mcp_json_key(w, "description"); e2b_mcp_json_str(w, "Your E2B team API key (e2b_...), used for your calls only");
      e2b_mcp_json_key(w, "isRequired"); e2b_mcp_json_bool(w, 1);
      e2b_mcp_json_key(w, "isSecret"); e2b_mcp_json_bool(w, 1);
      e2b_mcp_json_obj_end(w); e2b_mcp_json_arr_end(w);
    }
    if (oauth || (cfg->token && *cfg->token)) {
      e2b_mcp_json_key(w, "authentication"); e2b_mcp_json_obj(w);
      e2b_mcp_json_key(w, "required"); e2b_mcp_json_bool(w, 1);
      e2b_mcp_json_key(w, "schemes"); e2b_mcp_json_arr(w); e2b_mcp_json_str(w, oauth ? "oauth2" : "bearer"); e2b_mcp_json_arr_end(w);
      e2b_mcp_json_obj_end(w);
    }
    e2b_mcp_json_obj_end(w); e2b_mcp_json_arr_end(w);
  }
  e2b_mcp__write_caps(s, w, NULL);
  e2b_mcp_json_obj_end(w);
}
/* A GET of a public document (the card here; the OAuth metadata in the
   auth step): -1 answered, 0 not one. */
static int e2b_mcp__hs_public(e2b_mcp_server *s, e2b_mcp__http_conn *c, const e2b_mcp__http_req *q) {
  char body[E2B_MCP__HS_DOC_MAX];
  e2b_mcp_json b;
  int wk;
  if (strcmp(q->method, "GET") != 0 || !e2b_mcp__hs_card_path(q->target, q->target_n, &wk)) return 0;
  e2b_mcp_json_init(&b, body, sizeof body);
  e2b_mcp__hs_card(s, &b);
  e2b_mcp__hs_doc(s, c, 200, wk ? "Content-Type: application/json\r\n" E2B_MCP__HS_CARD_HEADERS
                           : "Content-Type: application/mcp-server-card+json\r\n" E2B_MCP__HS_CARD_HEADERS, body, b.len);
  return -1;
}

/* ---- operations: GET /healthz, /readyz, /metrics (>>ops) ----
   For the probes and the scrapes of whoever runs the server. /healthz and
   /readyz come before the Host and token checks: a kubelet probes the pod's
   address with no token, and they tell nothing but readiness (no key, no
   team, no subject). /metrics is usage: served as is only on a loopback
   listener (after the Host check there, against DNS rebinding); with
   cfg.metrics_token it needs that token, wherever the listener is; bound
   elsewhere without one it is not served at all (404). */
static int e2b_mcp__hs_ops_path(const e2b_mcp__http_req *q, const char *path) {
  size_t n = strlen(path);
  return q->target_n >= n && memcmp(q->target, path, n) == 0 && (q->target_n == n || q->target[n] == '?');
}
static void e2b_mcp__hs_ops_view(e2b_mcp_server *s, e2b_mcp__ops_view *v) {
  e2b_mcp_http *h = &s->http;
  int i;
  memset(v, 0, sizeof *v);
  for (i = 0; i < h->hi; i++) {
    v->conns += h->conns[i].state != E2B_MCP__HC_FREE;
#if E2B_MCP__HS_STREAMS
    v->streams += h->conns[i].state == E2B_MCP__HC_STREAM;
#endif
  }
  for (i = 0; i < h->sess_hi; i++) v->sessions += h->sessions[i].used;   /* the slots above were never used, nor cleared */
  v->server_key = !h->cfg.client_keys;
#if E2B_MCP_AUTH
  v->auth = h->cfg.auth != NULL;
  v->auth_keys = h->cfg.auth && h->cfg.auth->nkeys > 0;
#endif
#if E2B_MCP_KEYSTORE
  v->keystore = h->cfg.keystore != NULL;
  if (v->keystore) v->server_key = 0;
#endif
  v->ready_e2b_ms = h->cfg.ready_e2b_ms;
  v->ready = h->cfg.ready;
  v->ready_user = h->cfg.ready_user;
}
#if E2B_MCP_METRICS
#define E2B_MCP__HS_OM_TYPE "Content-Type: text/plain; version=0.0.4; charset=utf-8\r\nCache-Control: no-store\r\n"
static int e2b_mcp__hs_ops_flush(void *ctx, const char *p, size_t n) {
  e2b_mcp__http_conn *c = (e2b_mcp__http_conn *)ctx;
  return e2b_mcp__hs_chunk(c->srv, c, p, n);
}
/* Whether the request may read /metrics (see above). */
static int e2b_mcp__hs_metrics_ok(e2b_mcp_server *s, const e2b_mcp__http_req *q) {
  const char *tok = s->http.cfg.metrics_token;
  size_t i, an, tn;
  unsigned d;
  if (!tok || !*tok) return s->http.loopback ? 1 : 0;
  if (!q->auth || q->auth_n < 7 || !e2b_mcp__ieqn(q->auth, "bearer ", 7)) return -1;
  an = q->auth_n - 7; tn = strlen(tok);
  d = (unsigned)(an != tn);
  for (i = 0; i < tn; i++) d |= (unsigned)((unsigned char)tok[i] ^ (unsigned char)(i < an ? q->auth[7 + i] : 0));
  return d == 0 ? 1 : -1;
}
#endif
/* -1: answered; 0: not one of them. */
static int e2b_mcp__hs_ops(e2b_mcp_server *s, e2b_mcp__http_conn *c, const e2b_mcp__http_req *q) {
  e2b_mcp__ops_view v;
  int health = e2b_mcp__hs_ops_path(q, "/healthz"), ready = e2b_mcp__hs_ops_path(q, "/readyz"), metrics = e2b_mcp__hs_ops_path(q, "/metrics");
  if (!health && !ready && !metrics) return 0;
  if (strcmp(q->method, "GET") != 0) { e2b_mcp__hs_simple(s, c, 405, "Allow: GET\r\n", -32000, "Method Not Allowed"); return -1; }
  if (health) {   /* answered by the loop: it runs */
    static const char ok[] = "{\"status\":\"ok\"}";
    e2b_mcp__hs_doc(s, c, 200, "Content-Type: application/json\r\nCache-Control: no-store\r\n", ok, sizeof ok - 1);
    return -1;
  }
  e2b_mcp__hs_ops_view(s, &v);
  if (ready) {
    char body[1024];
    e2b_mcp_json b;
    int status;
    e2b_mcp_json_init(&b, body, sizeof body);
    status = e2b_mcp__ops_ready(s, &v, &s->http.probe, &b);
    if (b.err) { static const char over[] = "{\"status\":\"not ready\",\"checks\":{\"readyz\":\"too many checks to list\"}}"; memcpy(body, over, sizeof over - 1); b.len = sizeof over - 1; status = 503; }
    e2b_mcp__hs_doc(s, c, status, "Content-Type: application/json\r\nCache-Control: no-store\r\n", body, b.len);
    return -1;
  }
#if E2B_MCP_METRICS
  {
    char stage[2048];
    e2b_mcp_json w;
    int ok = e2b_mcp__hs_metrics_ok(s, q);
    if (ok == 0) { e2b_mcp__hs_simple(s, c, 404, NULL, -32000, "Not Found: /metrics is served on a loopback listener, or with E2B_MCP_METRICS_TOKEN (cfg.metrics_token)"); return -1; }
    if (ok < 0) { e2b_mcp__hs_simple(s, c, 401, "WWW-Authenticate: Bearer realm=\"e2b-mcp-metrics\"\r\n", -32001, "Unauthorized: /metrics needs its own bearer token"); return -1; }
    c->started = 1;   /* 200, chunked (plain for HTTP/1.0, which closes), then the text */
    if (c->http10) c->close = 1;
    {
      const char *head = c->http10 ? "HTTP/1.0 200 OK\r\n" E2B_MCP__HS_OM_TYPE "Connection: close\r\n\r\n" :
                         c->close ? "HTTP/1.1 200 OK\r\n" E2B_MCP__HS_OM_TYPE "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n" :
                                    "HTTP/1.1 200 OK\r\n" E2B_MCP__HS_OM_TYPE "Transfer-Encoding: chunked\r\n\r\n";
      if (e2b_mcp__hs_send(s, c, head, strlen(head))) return -1;
    }
    e2b_mcp_json_init(&w, stage, sizeof stage);
    w.flush = e2b_mcp__hs_ops_flush;
    w.ctx = c;
    c->srv = s;
    e2b_mcp__ops_metrics(s, &v, &w);
    if (e2b_mcp_json_end(&w) == 0 && !c->http10) e2b_mcp__hs_send(s, c, "0\r\n\r\n", 5);
    return -1;
  }
#else
  e2b_mcp__hs_simple(s, c, 404, NULL, -32000, "Not Found: this server was built without metrics (E2B_MCP_METRICS 0)");
  return -1;
#endif
}

#if E2B_MCP_LIMITS
/* ---- limits per user (>>ops): the principal, and the 429 ----
   A request's principal is the one admission decided (>>principal: its
   access token's subject, else its client's own E2B key), else everyone
   alike (a static token, or none: one user). */
static unsigned long long e2b_mcp__hs_peer(e2b_mcp_server *s, e2b_mcp__http_conn *c, int prefix);
/* Whose bucket a call takes: a person or key when the principal is one (an
   access token's subject, the client's own E2B key), else the client's
   address (an IPv6 /64), else everyone alike (another port knows none). */
static unsigned long long e2b_mcp__hs_principal(e2b_mcp_server *s, e2b_mcp__http_conn *c, char *who, size_t cap) {
  size_t n = c->pr.who && c->pr.who_len < cap ? c->pr.who_len : 0;   /* decided on arrival (>>principal) */
  unsigned long long peer;
  if (n) memcpy(who, c->pr.who, n);
  who[n] = 0;
  if ((c->pr.kind == E2B_MCP_PRINCIPAL_OAUTH || c->pr.kind == E2B_MCP_PRINCIPAL_CLIENT_KEY) && c->pr.id) return c->pr.id;
  peer = e2b_mcp__hs_peer(s, c, 1);
  return peer ? peer : e2b_mcp_principal_hash('a', "", 0);
}
/* A tools/call beyond its user's limit: 429 with Retry-After, audited,
   nothing sent to E2B. 1: answered. */
static int e2b_mcp__hs_limited(e2b_mcp_server *s, e2b_mcp__http_conn *c, const e2b_mcp__http_req *q) {
  char who[E2B_MCP_SUBJECT_MAX], text[400], head[48];
  int which, nm;
  long w;
  if (s->cfg.limit_burst <= 0 && s->cfg.limit_bill_burst <= 0) return 0;
  (void)q;
  w = e2b_mcp__limit_call(s, s->msg, e2b_mcp__hs_principal(s, c, who, sizeof who), &which, &nm);
  if (!w) return 0;
  e2b_mcp__limit_text(s, w, which, text, sizeof text);
#if E2B_MCP_AUDIT
  e2b_mcp__limit_audit(s, s->msg, nm, who[0] ? who : NULL);
#endif
  e2b_mcp__fmt(head, sizeof head, "Retry-After: %ld\r\n", w > 0 ? (w + 999) / 1000 : 5L);
  e2b_mcp__hs_simple(s, c, 429, head, -32000, text);
  return 1;
}
#endif

/* ---- one complete request ---- */

#if E2B_MCP_AUTH
/* The RFC 9728 metadata of an OAuth 2.1 protected resource (cfg.auth,
   >>auth): public, it tells a client where to get a token. 1: answered. */
static int e2b_mcp__hs_oauth_meta(e2b_mcp_server *s, e2b_mcp__http_conn *c, const e2b_mcp__http_req *q) {
  char body[1536];
  e2b_mcp_json b;
  if (!e2b_mcp__auth_is_meta(s->http.cfg.auth, q->target, q->target_n)) return 0;
  e2b_mcp_json_init(&b, body, sizeof body);
  e2b_mcp__auth_metadata(s->http.cfg.auth, &b);
  e2b_mcp__hs_doc(s, c, 200, "Content-Type: application/json\r\nCache-Control: max-age=3600\r\n", body, b.len);
  return 1;
}
#ifdef E2B_MCP__FETCH
/* A token whose kid no key has: the issuer may have rotated its keys since
   they were fetched. They are fetched again (in a call slot, at most once
   per E2B_MCP_AUTH_REFRESH_MS) and the request waits for them (KEYS), as a
   call waits for a slot, then is verified with what came: a connector that
   met a 401 instead would send its user through the whole sign-in again
   after every rotation. The JWKS alone is fetched again while the last
   fetch worked; after a failure, the metadata first. 1 when it waits; 0: it
   is refused now (no fetch allowed yet, or no slot free for one); -1: too
   many wait already (E2B_MCP_AUTH_KEY_WAITERS). */
static int e2b_mcp__hs_keys_wait(e2b_mcp_server *s, e2b_mcp__http_conn *c) {
  e2b_mcp_auth *a = s->http.cfg.auth;
  unsigned long now = e2b_mcp__now_ms(s);
  int i, waiting = 0;
  if (!a->discover) return 0;
  /* each waiter holds a request buffer: a pile of made-up key ids must not
     take them all from requests whose keys are known (503 at once instead) */
  for (i = 0; i < s->http.hi; i++) waiting += s->http.conns[i].state == E2B_MCP__HC_KEYS;
  if (waiting >= E2B_MCP_AUTH_KEY_WAITERS) return -1;
  if (!a->fetch.busy) {
    if (a->refreshed && (!now || now - a->refresh_ms < (unsigned long)E2B_MCP_AUTH_REFRESH_MS)) return 0;
    /* the jwks_uri the last fetch loaded (fetch stays pointed at it), else the metadata first */
    if (!(a->loads && !a->why[0] && a->phase == E2B_MCP__AUTH_AT_JWKS) && e2b_mcp__auth_fetch_begin(a) != 0) return 0;
    if (!e2b_mcp__fetch_start(s, &a->fetch)) return 0;
    a->refreshed = 1;
    a->refresh_ms = now;
  }
  c->state = E2B_MCP__HC_KEYS;
  s->http.keys_wait = 1;   /* the step looks at every connection once the fetch ends */
  return 1;
}
#endif
#endif

#if E2B_MCP_WITH_CLIENT_KEYS
/* Per-client keys: the cool-down slot of a key (its hash, not the key, is
   kept): the same key's slot, else the least recently used free one (below).
   When no slot is free the key gets none
   of its own: NULL, the server's one cool-down, which such keys then share
   (a 429 to one makes the others wait too: longer than needed, never less).
   Handing over a slot whose calls still point to it would move their 429 to
   the newcomer and let the key that got it call E2B again at once. */
/* Whether a key slot may go to another key: no call points to it and none of
   its cool-downs still runs (its key was told to wait: forgetting that would
   let it call E2B at once). */
static int e2b_mcp__hs_key_free(e2b_mcp_server *s, const e2b_mcp__http_keyslot *ks, unsigned long now) {
  size_t t;
  if (e2b_mcp_cooldown_in_use(s, ks->until)) return 0;
  for (t = 0; t < sizeof ks->until / sizeof ks->until[0]; t++)
    if (ks->until[t] && now && (long)(ks->until[t] - now) > 0) return 0;
  return 1;
}
static unsigned long *e2b_mcp__hs_key_cooldown(e2b_mcp_server *s, const char *k, size_t n) {
  e2b_mcp_http *h = &s->http;
  unsigned long long v = 1469598103934665603ULL;
  unsigned long now = e2b_mcp__now_ms(s);
  int i, pick = -1;
  for (; n; k++, n--) v = (v ^ (unsigned char)*k) * 1099511628211ULL;
  if (!v) v = 1;
  for (i = 0; i < E2B_MCP_HTTP_KEYS; i++) {
    if (h->keys[i].hash == v) { pick = i; break; }
    if ((pick < 0 || h->keys[i].last_use < h->keys[pick].last_use) && e2b_mcp__hs_key_free(s, &h->keys[i], now)) pick = i;
  }
  if (pick < 0) return NULL;
  if (h->keys[pick].hash != v) { memset(&h->keys[pick], 0, sizeof h->keys[pick]); h->keys[pick].hash = v; }
  h->keys[pick].last_use = ++h->uses;
  return h->keys[pick].until;
}
#endif

/* A hash of the client's address as the POSIX port tells it (0: another
   port, or not known); with prefix, an IPv6 address's /64 (one host may hold
   a whole /64: its addresses are one peer to a budget). */
static unsigned long long e2b_mcp__hs_peer(e2b_mcp_server *s, e2b_mcp__http_conn *c, int prefix) {
#if defined(E2B_MCP_SOCK_POSIX)
  e2b_mcp_addr a;
  if (!c->peer_hash && s->net == &e2b_mcp_sock_posix && e2b_mcp__sock_posix_peer(&c->sock, &a) == 0) {   /* once a connection */
    c->peer_hash = e2b_mcp_principal_hash((char)('0' + a.family), a.ip, a.family == 6 ? 16 : 4);
    c->peer_net = a.family == 6 ? e2b_mcp_principal_hash('6', a.ip, 8) : c->peer_hash;
  }
  return prefix ? c->peer_net : c->peer_hash;
#else
  (void)s; (void)c; (void)prefix;
#endif
  return 0;
}
#if E2B_MCP_WITH_2026
/* Who sent the request, for a 2026-07-28 cancel, which no session ties to
   its call: its principal when it is one person or key (an access token's
   subject, the client's own E2B key), else its address (0: not known, as
   with another port: its calls cannot be cancelled). */
static unsigned long long e2b_mcp__hs_caller(e2b_mcp_server *s, e2b_mcp__http_conn *c) {
  if (c->pr.kind == E2B_MCP_PRINCIPAL_OAUTH || c->pr.kind == E2B_MCP_PRINCIPAL_CLIENT_KEY) return c->pr.id;
  return e2b_mcp__hs_peer(s, c, 0);
}
#endif

/* The end of a request's answer: its last chunk, or 202 when nothing was written. */
static void e2b_mcp__hs_answered(e2b_mcp_server *s, e2b_mcp__http_conn *c) {
  if (!c->started) e2b_mcp__hs_simple(s, c, 202, NULL, 0, NULL);
  else if (!c->http10 && !c->dead) e2b_mcp__hs_send(s, c, "0\r\n\r\n", 5);
}

/* Hands the request's body (copied into s->msg and peeked: the connection
   buffer becomes the answer's staging) to the engine, for session si (-1: a
   2026-07-28 request, which has none; its headers in c->wire), with the
   client's own key when clients bring theirs, and streams its answer; a tool
   call's answer may come later, and a call may wait for a slot in the
   engine's queue, its body kept in the connection buffer (the connection
   then waits, CALL). */
#if E2B_MCP__HS_STREAMS
static void e2b_mcp__hs_stream_idle(e2b_mcp_server *s, e2b_mcp__http_conn *c);
#endif
static void e2b_mcp__hs_run_core(e2b_mcp_server *s, e2b_mcp__http_conn *c, int si, size_t n) {
  e2b_mcp_sink k;
  e2b_mcp_origin from;
  int r;
  memset(&from, 0, sizeof from);
  from.principal = &c->pr;   /* decided on arrival (e2b_mcp__hs_admit); what it points to stays in the head */
  c->forbidden = 0;
  from.forbidden = &c->forbidden;
#if E2B_MCP_WITH_CLIENT_KEYS
  if (c->pr.api_key) from.cooldown = e2b_mcp__hs_key_cooldown(s, c->pr.api_key, c->pr.api_key_len);   /* a key's own 429s */
#endif
  from.session = si >= 0 ? &s->http.sessions[si].mcp : NULL;
  from.wire = c->wire;
#if E2B_MCP_WITH_2026
  from.caller = e2b_mcp__hs_caller(s, c);
#endif
  from.keep = c->buf + c->head_len;
  c->srv = s;
  k.ctx = c;
  k.write = e2b_mcp__hs_sink_write;
  k.end = e2b_mcp__hs_sink_end;
  c->sess = si;
  if (si >= 0) e2b_mcp__hs_tie(s, c, si);
  c->started = c->sse = c->in_msg = c->classified = 0;
  r = e2b_mcp_submit(s, s->msg, n, &from, &k);
#if E2B_MCP__HS_STREAMS && E2B_MCP_WITH_2026
  if (c->state == E2B_MCP__HC_STREAM) { e2b_mcp__hs_stream_idle(s, c); return; }   /* a subscriptions/listen: it stays open */
#endif
  if (r == E2B_MCP_DEFERRED || r == E2B_MCP_QUEUED || e2b_mcp_sink_busy(s, c)) { c->state = E2B_MCP__HC_CALL; return; }
  e2b_mcp__hs_answered(s, c);
}

static int e2b_mcp__hs_version_ok(const char *p, size_t n) {
  int i;
  for (i = 0; i < E2B_MCP__COUNT(e2b_mcp__versions); i++) if (E2B_MCP__VERSION_BUILT(i) && e2b_mcp__ieq(p, n, e2b_mcp__versions[i])) return 1;
  return 0;
}

/* The request's head against the rules, in order: a public document (the
   server card, the OAuth metadata: answered as they are), path (404), Host (400),
   Host and Origin against DNS rebinding (403), then who sent it, decided
   once (>>principal: the access token, the static token, the client's own
   E2B key) into c->pr, or refused as the verdict says (400, 401, 429; 503
   when too many requests already wait for the issuer's keys). A token whose
   key id is not known yet may wait for one fetch of the issuer's keys
   (KEYS). 0: it may go on; -1: answered. */
static int e2b_mcp__hs_admit(e2b_mcp_server *s, e2b_mcp__http_conn *c, const e2b_mcp__http_req *q) {
  e2b_mcp_http *h = &s->http;
  e2b_mcp_admit_cfg ac;
  e2b_mcp_admit_in in;
  e2b_mcp_verdict v;
  char head[1024], num[24];
  e2b_mcp_json w;
  const char *query;
  if (e2b_mcp__hs_public(s, c, q)) return -1;
  if (!e2b_mcp__hs_ops_path(q, "/metrics") && e2b_mcp__hs_ops(s, c, q)) return -1;   /* /healthz, /readyz: before Host and token */
#if E2B_MCP_AUTH
  if (h->cfg.auth && strcmp(q->method, "GET") == 0 && e2b_mcp__hs_oauth_meta(s, c, q)) return -1;
#endif
  if (!(q->target_n >= 4 && memcmp(q->target, "/mcp", 4) == 0 && (q->target_n == 4 || q->target[4] == '?')) && !e2b_mcp__hs_ops_path(q, "/metrics")) {
    e2b_mcp__hs_simple(s, c, 404, NULL, -32000, "Not Found: the MCP endpoint is /mcp");
    return -1;
  }
  if (!q->http10 && !q->host) { e2b_mcp__hs_simple(s, c, 400, NULL, -32000, "Bad Request: no Host header"); return -1; }
  if (q->host && e2b_mcp__hs_hostpart(q->host, q->host_n) == (size_t)-1) {
    e2b_mcp__hs_simple(s, c, 400, NULL, -32000, "Bad Request: the Host header's port is not a number");
    return -1;
  }
  if ((q->host && (h->loopback || e2b_mcp__hs_names_any(h->cfg.allowed_hosts)) && !e2b_mcp__hs_host_ok(s, q->host, e2b_mcp__hs_hostpart(q->host, q->host_n))) ||
      !e2b_mcp__hs_origin_ok(s, q)) {
    e2b_mcp__hs_simple(s, c, 403, NULL, -32000, "Forbidden: this Host or Origin may not use the server (DNS rebinding protection)");
    return -1;
  }
  if (e2b_mcp__hs_ops(s, c, q)) return -1;   /* /metrics: past the Host check, with its own token */
  memset(&ac, 0, sizeof ac);
  ac.token = h->cfg.token;
  ac.client_keys = E2B_MCP_WITH_CLIENT_KEYS && h->cfg.client_keys;
  ac.fail_burst = h->cfg.auth_fail_burst;
  ac.fail_per_s = h->cfg.auth_fail_per_s;
#if E2B_MCP_AUTH
  ac.auth = h->cfg.auth;
#endif
#if E2B_MCP_KEYSTORE
  ac.keystore = h->cfg.keystore;
  ac.keystore_claim = h->cfg.keystore_claim;
#endif
  memset(&in, 0, sizeof in);
  in.authz = q->auth;
  in.authz_n = q->auth_n;
  in.authz_w = q->auth ? c->buf + (q->auth - c->buf) : NULL;   /* the head was parsed from the connection's own buffer */
  in.ekey = q->ekey;
  in.ekey_n = q->ekey_n;
  query = (const char *)memchr(q->target, '?', q->target_n);
  if (query) { in.query = query + 1; in.query_n = q->target_n - (size_t)(query + 1 - q->target); }
  in.peer = e2b_mcp__hs_peer(s, c, 1);
#if E2B_MCP_AUTH
  in.now_s = (long long)e2b_mcp__state_now();
#endif
  in.now_ms = e2b_mcp__now_ms(s);
  e2b_mcp_admit(&h->adm, &ac, &in, &c->pr, &v);
  if (v.token <= 0) E2B_MCP__MET_INC(s, tokens[-v.token < E2B_MCP__MET_TOKENS ? -v.token : E2B_MCP__MET_TOKENS - 1]);
  if (v.status == E2B_MCP_ADMIT_OK) return 0;
#ifdef E2B_MCP__FETCH
  if (v.status == E2B_MCP_ADMIT_KEYS) {
    int r = e2b_mcp__hs_keys_wait(s, c);
    if (r > 0) return -1;
    if (r < 0) {   /* too many wait already: told at once, its buffer freed */
      e2b_mcp__hs_simple(s, c, 503, "Retry-After: 2\r\n", -32000, "Service Unavailable: too many requests wait for the "
                         "issuer's new keys; retry in a moment");
      return -1;
    }
  }
#endif
  if (v.status == E2B_MCP_ADMIT_KEYS) v.status = 401;
  e2b_mcp_json_init(&w, head, sizeof head - 1);   /* room for the NUL: hs_simple reads the lines as a C string */
#if E2B_MCP_AUTH
  if (v.challenge == 1) e2b_mcp__auth_challenge(h->cfg.auth, v.error, v.why, NULL, &w);
#endif
  if (v.challenge == 2) {
    /* The description is what a client shows: a connector that meets a 401
       tries OAuth sign-up, and "registration rejected" alone would send the
       user looking in the wrong place. */
    e2b_mcp__hs_lit(&w, "WWW-Authenticate: Bearer realm=\"e2b-mcp\", ");
    if (v.error) { e2b_mcp__hs_lit(&w, "error=\""); e2b_mcp__hs_lit(&w, v.error); e2b_mcp__hs_lit(&w, "\", "); }
    e2b_mcp__hs_lit(&w, "error_description=\"");
    e2b_mcp__hs_lit(&w, v.why);
    e2b_mcp__hs_lit(&w, "\"\r\n");
  }
  if (v.retry_after > 0) {
    e2b_mcp__fmt_ll(num, v.retry_after);
    e2b_mcp__hs_lit(&w, "Retry-After: ");
    e2b_mcp__hs_lit(&w, num);
    e2b_mcp__hs_lit(&w, "\r\n");
  }
  head[w.len] = 0;
  e2b_mcp__hs_simple(s, c, v.status, w.len ? head : NULL, -32001, v.text);
  return -1;
}

#if E2B_MCP__HS_STREAMS
/* ---- a session's GET stream: the notifications of its subscriptions ----
   GET /mcp with Mcp-Session-Id and Accept: text/event-stream opens it: 200,
   text/event-stream, chunked, open until the session ends (DELETE), the
   server stops or the client goes. One per session: a second one replaces
   the first (which ends), as a client that opens another has most likely
   lost the first (a network change, a proxy's timeout) while the server
   cannot tell yet; refusing it would leave the session deaf until then.
   Idle, it holds a connection slot but no request buffer; a notification
   takes one until it has left, and a client that does not read it within
   the write timeout is dropped, as for any answer. */
static void e2b_mcp__hs_done(e2b_mcp_server *s, e2b_mcp__http_conn *c);
static void e2b_mcp__hs_stream_end(e2b_mcp_server *s, e2b_mcp__http_conn *c) {
  e2b_mcp__hs_stream_unlink(s, c);
  if (!c->http10 && !c->dead) e2b_mcp__hs_send(s, c, "0\r\n\r\n", 5);
  c->close = 1;
  c->state = E2B_MCP__HC_BUSY;
  e2b_mcp__hs_done(s, c);
}
/* After a notification: its buffer back once it has all left; a stream whose socket failed ends. */
static void e2b_mcp__hs_stream_idle(e2b_mcp_server *s, e2b_mcp__http_conn *c) {
  if (c->dead) { e2b_mcp__hs_conn_free(s, c, 0); return; }
  if (!c->buf) return;
  if (c->qoff >= c->qend) {
    c->qbase = c->qoff = c->qend = 0;
    c->drain_ms = 0;
    e2b_mcp__hs_buf_give(&s->http, c);
  } else if (!c->drain_ms) c->drain_ms = e2b_mcp__now_ms(s) | 1;   /* the write timeout runs from now */
}
static void e2b_mcp__hs_stream_open(e2b_mcp_server *s, e2b_mcp__http_conn *c, const e2b_mcp__http_req *q) {
  static const char head[] = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\nTransfer-Encoding: chunked\r\n\r\n";
  static const char head10[] = "HTTP/1.0 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n";
  e2b_mcp_http *h = &s->http;
  int si;
  if (q->pver && !e2b_mcp__hs_version_ok(q->pver, q->pver_n)) {
    e2b_mcp__hs_simple(s, c, 400, NULL, -32000, "Bad Request: Unsupported protocol version (MCP-Protocol-Version)");
    return;
  }
  if ((si = e2b_mcp__hs_own_session(s, c, q->sid, q->sid_n)) < 0) {
    e2b_mcp__hs_simple(s, c, 404, NULL, -32001, "Session not found: it ended or never existed; initialize again");
    return;
  }
  if (!q->accept || !e2b_mcp__hs_accepts(q->accept, q->accept_n, "text/event-stream")) {
    e2b_mcp__hs_simple(s, c, 406, NULL, -32000, "Not Acceptable: the GET stream is text/event-stream: send Accept: text/event-stream");
    return;
  }
  if (h->sessions[si].stream) e2b_mcp__hs_stream_end(s, &h->conns[h->sessions[si].stream - 1]);   /* replaced */
  h->sessions[si].last_use = ++h->uses;
  e2b_mcp__hs_tie(s, c, si);
  h->sessions[si].stream = 1 + (int)(c - h->conns);
  c->state = E2B_MCP__HC_STREAM;
  c->srv = s;
  c->sess = si;
  c->started = c->sse = 1;
  c->in_msg = c->classified = 0;
  c->have = c->head_len = 0;
  c->drain_ms = 0;
  if (c->http10) c->close = 1;
  e2b_mcp__hs_send(s, c, c->http10 ? head10 : head, c->http10 ? sizeof head10 - 1 : sizeof head - 1);
  e2b_mcp__hs_stream_idle(s, c);
}
#if E2B_MCP_WITH_2026
/* subscriptions/listen (s->listen_open): the request's answer, on connection
   k->ctx, becomes a stream like a session's GET stream, for a session of its
   own (never named to a client: it ends when the stream does); its first
   message (the acknowledgement, which the core writes next) starts the SSE
   answer. NULL: not an HTTP answer, or no session slot is free. */
static e2b_mcp_session *e2b_mcp__hs_listen_open(e2b_mcp_server *s, const e2b_mcp_sink *k, const char *id) {
  e2b_mcp_http *h = &s->http;
  e2b_mcp__http_conn *c;
  int si;
  if (!k || k->write != e2b_mcp__hs_sink_write) return NULL;
  c = (e2b_mcp__http_conn *)k->ctx;
  if ((si = e2b_mcp__hs_new_session(s, c, NULL, 0)) < 0) return NULL;   /* its principal's, like any */
  h->sessions[si].listen = 1;
  h->sessions[si].mcp.version = E2B_MCP__V2026_07;
  e2b_mcp__strlcpy(h->sessions[si].mcp.listen_id, id, sizeof h->sessions[si].mcp.listen_id);
  e2b_mcp__hs_tie(s, c, si);
  h->sessions[si].stream = 1 + (int)(c - h->conns);
  c->sess = si;
  c->state = E2B_MCP__HC_STREAM;
  if (c->http10) c->close = 1;
  return &h->sessions[si].mcp;
}
/* A listen stream the server ends (it stops): its request's result first, the
   graceful end the revision asks for, so its client knows it was not a drop. */
static void e2b_mcp__hs_listen_close(e2b_mcp_server *s, e2b_mcp__http_conn *c) {
  const e2b_mcp_session *x = c->sess >= 0 && s->http.sessions[c->sess].listen ? &s->http.sessions[c->sess].mcp : NULL;
  char out[E2B_MCP_RPC_ID_MAX * 2 + 160];
  e2b_mcp_json w;
  if (!x || c->dead || (!c->buf && !e2b_mcp__hs_buf_free(&s->http))) return;
  e2b_mcp_json_init(&w, out, sizeof out);
  e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "jsonrpc"); e2b_mcp_json_str(&w, "2.0");
  e2b_mcp_json_key(&w, "id"); e2b_mcp_json_raw(&w, x->listen_id, strlen(x->listen_id));
  e2b_mcp_json_key(&w, "result"); e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "resultType"); e2b_mcp_json_str(&w, "complete");
  e2b_mcp_json_key(&w, "_meta"); e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "io.modelcontextprotocol/subscriptionId"); e2b_mcp_json_raw(&w, x->listen_id, strlen(x->listen_id));
  e2b_mcp_json_obj_end(&w); e2b_mcp_json_obj_end(&w); e2b_mcp_json_obj_end(&w);
  if (w.err || e2b_mcp__hs_sink_write(c, out, w.len) != 0) return;
  (void)e2b_mcp__hs_sink_end(c);
}
#endif
/* The subscriptions' way to a session (s->sub_stream): its GET stream's
   sink, or NULL when it has none now, or no request buffer is free for the
   notification (it waits). */
static const e2b_mcp_sink *e2b_mcp__hs_stream(e2b_mcp_server *s, const e2b_mcp_session *sess) {
  e2b_mcp_http *h = &s->http;
  int i;
  for (i = 0; i < h->sess_hi; i++) {
    e2b_mcp__http_conn *c;
    if (&h->sessions[i].mcp != sess) continue;
    if (!h->sessions[i].used || !h->sessions[i].stream) return NULL;
    c = &h->conns[h->sessions[i].stream - 1];
    if (c->dead || (!c->buf && !e2b_mcp__hs_buf_free(h))) return NULL;
    h->notified = 1;   /* the step gives its buffer back once it has left */
    h->stream_sink.ctx = c;
    h->stream_sink.write = e2b_mcp__hs_sink_write;
    h->stream_sink.end = e2b_mcp__hs_sink_end;
    return &h->stream_sink;
  }
  return NULL;
}
#endif

/* The method: GET (a session's stream, with subscriptions; else 405),
   DELETE (ends a session, its stream and its subscriptions), anything but
   POST (405); then what a POST must accept and carry (406, 415). 0: a POST
   to serve; -1: answered. */
static int e2b_mcp__hs_method(e2b_mcp_server *s, e2b_mcp__http_conn *c, const e2b_mcp__http_req *q) {
  e2b_mcp_http *h = &s->http;
  if (strcmp(q->method, "GET") == 0) {
#if E2B_MCP__HS_STREAMS
    /* a session's stream; 2026-07-28 has no sessions and no GET stream */
    if (q->sid && !(q->pver && e2b_mcp__ieq(q->pver, q->pver_n, e2b_mcp__modern_version))) { e2b_mcp__hs_stream_open(s, c, q); return -1; }
#endif
    e2b_mcp__hs_simple(s, c, 405, "Allow: POST, DELETE\r\n", -32000, "Method Not Allowed: this server sends no stream outside a request");
    return -1;
  }
  if (strcmp(q->method, "DELETE") == 0) {
    int si;
    if (!q->sid) { e2b_mcp__hs_simple(s, c, 400, NULL, -32000, "Bad Request: Mcp-Session-Id header is required"); return -1; }
    si = e2b_mcp__hs_own_session(s, c, q->sid, q->sid_n);
    if (si < 0) { e2b_mcp__hs_simple(s, c, 404, NULL, -32001, "Session not found"); return -1; }
    h->sessions[si].used = 0;
#if E2B_MCP__HS_STREAMS
    e2b_mcp__subs_drop(s, &h->sessions[si].mcp);
    if (h->sessions[si].stream) e2b_mcp__hs_stream_end(s, &h->conns[h->sessions[si].stream - 1]);
#endif
    e2b_mcp__hs_simple(s, c, 200, NULL, 0, NULL);
    return -1;
  }
  if (strcmp(q->method, "POST") != 0) {
    e2b_mcp__hs_simple(s, c, 405, "Allow: POST, DELETE\r\n", -32000, "Method Not Allowed");
    return -1;
  }
  if (q->accept && !(e2b_mcp__hs_accepts(q->accept, q->accept_n, "application/json") &&
                     e2b_mcp__hs_accepts(q->accept, q->accept_n, "text/event-stream"))) {
    e2b_mcp__hs_simple(s, c, 406, NULL, -32000, "Not Acceptable: Client must accept both application/json and text/event-stream");
    return -1;
  }
  if (q->ctype && !e2b_mcp__hs_ctype_json(q->ctype, q->ctype_n)) {
    e2b_mcp__hs_simple(s, c, 415, NULL, -32000, "Unsupported Media Type: Content-Type must be application/json");
    return -1;
  }
  return 0;
}

/* A 2025 request's session: the one Mcp-Session-Id names (404 when it ended),
   or a new one for an initialize (503 when none is free), with the protocol
   version header checked (400). The session slot, or -1: answered. */
static int e2b_mcp__hs_session(e2b_mcp_server *s, e2b_mcp__http_conn *c, const e2b_mcp__http_req *q, int is_init) {
  e2b_mcp_http *h = &s->http;
  int si;
  if (q->pver && !e2b_mcp__hs_version_ok(q->pver, q->pver_n)) {
    e2b_mcp__hs_simple(s, c, 400, NULL, -32000, "Bad Request: Unsupported protocol version (MCP-Protocol-Version)");
    return -1;
  }
  if (E2B_MCP_HTTP_SESSIONS == 0) {   /* the 2025 revisions' sessions are compiled out */
    e2b_mcp__hs_simple(s, c, 400, NULL, -32000, "Bad Request: this server speaks MCP 2026-07-28 over HTTP (server/discover, "
                       "no sessions); it was built without 2025 sessions (E2B_MCP_HTTP_SESSIONS 0)");
    return -1;
  }
  if (q->sid) {
    si = e2b_mcp__hs_own_session(s, c, q->sid, q->sid_n);
    if (si < 0) { e2b_mcp__hs_simple(s, c, 404, NULL, -32001, "Session not found: it ended or never existed; initialize again"); return -1; }
  } else if (is_init) {
    if ((si = e2b_mcp__hs_new_session(s, c, s->http.cfg.proxy_names_sessions ? q->newsid : NULL, q->newsid_n)) < 0) {
      e2b_mcp__hs_simple(s, c, 503, "Retry-After: 1\r\n", -32000, "Service Unavailable: no free session slot");
      return -1;
    }
    c->send_sid = 1;
  } else {
    e2b_mcp__hs_simple(s, c, 400, NULL, -32000, "Bad Request: Mcp-Session-Id header is required");
    return -1;
  }
  h->sessions[si].last_use = ++h->uses;
  return si;
}

/* One complete request on connection ci: admitted, its method, its body
   (peeked: an initialize makes a session, a 2026-07-28 request has none),
   its session, then the engine. */
static void e2b_mcp__hs_serve(e2b_mcp_server *s, int ci) {
  e2b_mcp__http_conn *c = &s->http.conns[ci];
  e2b_mcp__http_req q;
  e2b_mcp_kind kind;
  size_t n = (size_t)c->body_len;
  int si = -1;
  c->state = E2B_MCP__HC_BUSY;
  c->send_sid = 0;
  c->sess = -1;
  c->wire = NULL;
  s->http.served++;
  E2B_MCP__MET_INC(s, http_requests);
  if (c->have > c->head_len + n) c->close = 1;   /* pipelined bytes: not supported, end after this one */
  e2b_mcp__hs_parse_head(c->buf, c->head_len, &q);
  /* HTTP/1.0 always closes, keep-alive asked or not: every answer to it says Connection: close */
  c->close = c->close || q.close || q.http10;
  c->http10 = q.http10;
  if (e2b_mcp__hs_admit(s, c, &q) || e2b_mcp__hs_method(s, c, &q)) return;
  memset(&c->wire_v, 0, sizeof c->wire_v);   /* the headers of the stateless revision, kept while the request is answered */
  c->wire_v.pver = q.pver; c->wire_v.pver_n = q.pver_n;
  c->wire_v.method = q.mmethod; c->wire_v.method_n = q.mmethod_n;
  c->wire_v.name = q.mname; c->wire_v.name_n = q.mname_n;
  c->wire_v.head = c->buf; c->wire_v.head_n = c->head_len;
  memcpy(s->msg, c->buf + c->head_len, n);
  s->msg[n] = 0;
  e2b_mcp_peek(s, s->msg, n, &c->wire_v, &kind);   /* the one parse: submit uses it */
  if (kind.json && kind.modern) c->wire = &c->wire_v;
#if E2B_MCP_LIMITS
  if (kind.json && e2b_mcp__hs_limited(s, c, &q)) { s->peek_n = 0; return; }
#endif
  if (!kind.json || (!kind.modern && (si = e2b_mcp__hs_session(s, c, &q, kind.initialize)) < 0)) {
    s->peek_n = 0;   /* answered here: the next body copied into s->msg must not meet this one's parse */
    if (!kind.json) e2b_mcp__hs_simple(s, c, 400, NULL, -32700, "Parse error: the body is not one JSON value");
    return;
  }
  if (kind.busy) {   /* a tool call beyond the engine's queue: nothing is sent to E2B, nothing else is lost */
    s->peek_n = 0;
    E2B_MCP__MET_INC(s, refused[E2B_MCP__RF_QUEUE_FULL]);
    e2b_mcp__hs_simple(s, c, 503, "Retry-After: 1\r\n", -32000, "Service Unavailable: every call slot is busy and the queue "
                       "of calls waiting for one is full; nothing was sent to E2B, call again");
    return;
  }
  e2b_mcp__hs_run_core(s, c, si, n);
}

/* Whether an answer sent on k has yet to reach the client (a port that cannot tell: no). */
static int e2b_mcp__hs_unsent(e2b_mcp_server *s, e2b_mcp_sock *k) { return s->net->unsent ? s->net->unsent(s->net->user, k) : 0; }

/* After an answer: ready for the next request, or closed. */
static void e2b_mcp__hs_done(e2b_mcp_server *s, e2b_mcp__http_conn *c) {
  e2b_mcp__hs_push(c);   /* what is queued of the answer (an HTTP/1.0 one has no last chunk to send it) */
  if (!c->dead && c->qoff < c->qend) {   /* the rest leaves as the client reads it */
    if (c->state != E2B_MCP__HC_DRAIN) c->drain_ms = e2b_mcp__now_ms(s);
    c->state = E2B_MCP__HC_DRAIN;
    return;
  }
  c->wire = NULL;
  if (c->dead || c->close) { e2b_mcp__hs_conn_free(s, c, !c->dead); return; }
  c->state = E2B_MCP__HC_READ;
  c->have = c->head_len = 0;
  c->body_len = 0;
  c->last_ms = e2b_mcp__now_ms(s);
  c->tick = ++s->http.ticks;
  c->answered = 1;
  c->wspent = 0;
  c->qbase = c->qoff = c->qend = 0;
  e2b_mcp__hs_buf_give(&s->http, c);   /* idle: no buffer until its next request */
}

/* Whether p[0..n) cannot be the start of an HTTP/1.1 request head: a method
   that is not capital letters followed by a space, a control byte, or a line
   end other than CRLF (TLS bytes, a bare LF). Lines are checked from `from`
   on (what came before was checked when it came). */
static int e2b_mcp__hs_not_http(const char *p, size_t from, size_t n) {
  size_t i;
  for (i = 0; i < n && p[i] != ' '; i++) if (p[i] < 'A' || p[i] > 'Z' || i == 7) return 1;
  if (i == 0 && n > 0) return 1;
  for (i = from ? from - 1 : 0; i < n; i++) {
    unsigned char ch = (unsigned char)p[i];
    if (ch == '\n' && (i == 0 || p[i - 1] != '\r')) return 1;
    if (ch == '\r' && i + 1 < n && p[i + 1] != '\n') return 1;
    if ((ch < 0x20 && ch != '\r' && ch != '\n' && ch != '\t') || ch == 0x7f) return 1;
  }
  return 0;
}

/* New bytes on a reading connection; serves the request once complete. */
static void e2b_mcp__hs_on_read(e2b_mcp_server *s, int ci) {
  e2b_mcp__http_conn *c = &s->http.conns[ci];
  size_t from;
  int r;
  if (e2b_mcp__hs_buf_take(&s->http, c)) return;   /* none free: the request waits in the socket (not watched meanwhile) */
  if (c->have == E2B_MCP__HS_BUF) return;
  r = e2b_mcp__sock_recv(&c->sock, (unsigned char *)c->buf + c->have, E2B_MCP__HS_BUF - c->have);
  if (r == E2B_MCP_ERR_AGAIN) {   /* nothing after all */
    if (!c->have) e2b_mcp__hs_buf_give(&s->http, c);
    return;
  }
  if (r <= 0) { c->dead = 1; e2b_mcp__hs_conn_free(s, c, 0); return; }
  if (c->have == 0 && (c->answered || c->starved)) c->start_ms = e2b_mcp__now_ms(s);   /* the first request's clock runs from the accept, or from its buffer */
  from = c->have > 3 ? c->have - 3 : 0;
  c->have += (size_t)r;
  if (c->head_len == 0) {
    e2b_mcp__http_req q;
    size_t k, lim = c->have < E2B_MCP_HTTP_HEAD_MAX ? c->have : E2B_MCP_HTTP_HEAD_MAX;
    for (k = from; k + 3 < lim; k++)
      if (c->buf[k] == '\r' && c->buf[k + 1] == '\n' && c->buf[k + 2] == '\r' && c->buf[k + 3] == '\n') { c->head_len = k + 4; break; }
    c->qbase = c->qoff = c->qend = c->head_len;   /* the answer's queue: past the head, which the core may still read */
    if (e2b_mcp__hs_not_http(c->buf, from, c->head_len ? c->head_len : lim)) {   /* at once, not after a timeout */
      c->close = 1;
      e2b_mcp__hs_simple(s, c, 400, NULL, -32000, "Bad Request: this is not an HTTP/1.1 request (methods are capital letters; lines end with CRLF)");
      e2b_mcp__hs_conn_free(s, c, 1);
      return;
    }
    if (c->head_len == 0) {
      if (c->have >= E2B_MCP_HTTP_HEAD_MAX) {
        c->close = 1;
        e2b_mcp__hs_simple(s, c, 431, NULL, -32000, "Request Header Fields Too Large");
        e2b_mcp__hs_conn_free(s, c, 1);
      }
      return;
    }
    c->close = 0;
    if (e2b_mcp__hs_parse_head(c->buf, c->head_len, &q) != 0) {
      c->close = 1;
      e2b_mcp__hs_simple(s, c, 400, NULL, -32000, "Bad Request: malformed request head");
      e2b_mcp__hs_conn_free(s, c, 1);
      return;
    }
    c->http10 = q.http10;
    if (q.chunked) {
      c->close = 1;
      e2b_mcp__hs_simple(s, c, 411, NULL, -32000, "Length Required: send the body with Content-Length");
      e2b_mcp__hs_conn_free(s, c, 1);
      return;
    }
    if (q.length > E2B_MCP_MSG_MAX) {
      char text[128];
      e2b_mcp__fmt(text, sizeof text, "Content Too Large: this server accepts messages of up to %lu bytes", (unsigned long)E2B_MCP_MSG_MAX);
      c->close = 1;
      e2b_mcp__hs_simple(s, c, 413, NULL, -32000, text);
      e2b_mcp__hs_conn_free(s, c, 1);
      return;
    }
    c->body_len = q.length < 0 ? 0 : q.length;
    if (q.expect && c->have < c->head_len + (size_t)c->body_len)   /* straight to the socket: the queue's room is the body's until it is read */
      (void)c->sock.port->send(c->sock.port->user, &c->sock, (const unsigned char *)"HTTP/1.1 100 Continue\r\n\r\n", 25);
  }
  if (c->have < c->head_len + (size_t)c->body_len) return;
  e2b_mcp__hs_serve(s, ci);
  if (c->state == E2B_MCP__HC_BUSY) e2b_mcp__hs_done(s, c);
}

/* A slot for a newcomer when none is free, or -1. First the longest idle
   connection with no request in progress (no byte read, none waiting, and not
   in its first E2B_MCP__HS_FRESH_MS, when its request may be on its way): it
   closes like an idle keep-alive one. Then the slowest incomplete request (the
   oldest start): it gets 408, so clients that send whole requests are served
   while others trickle theirs in. got: what the last wait found readable. */
static int e2b_mcp__hs_make_room(e2b_mcp_server *s, const unsigned char *got, unsigned long now) {
  e2b_mcp_http *h = &s->http;
  int i, slot = -1;
  for (i = 0; i < h->hi; i++) {
    e2b_mcp__http_conn *c = &h->conns[i];
    if (c->state == E2B_MCP__HC_READ && !c->have && !(i < h->watched && got[1 + i]) && (long)(now - c->last_ms) >= E2B_MCP__HS_FRESH_MS &&
        (slot < 0 || c->tick < h->conns[slot].tick) &&
        e2b_mcp__sock_idle_ok(&c->sock))   /* nothing arrived since the wait */
      slot = i;
  }
  if (slot >= 0) { e2b_mcp__hs_conn_free(s, &h->conns[slot], 0); return slot; }
  for (i = 0; i < h->hi; i++) {
    e2b_mcp__http_conn *c = &h->conns[i];
    if (c->state == E2B_MCP__HC_READ && c->have && (long)(now - c->start_ms) >= E2B_MCP__HS_FRESH_MS &&
        (slot < 0 || (long)(h->conns[slot].start_ms - c->start_ms) > 0))
      slot = i;
  }
  if (slot >= 0) {
    e2b_mcp__http_conn *c = &h->conns[slot];
    c->close = 1;
    e2b_mcp__hs_simple(s, c, 408, NULL, -32000, "Request Timeout: the request did not arrive whole while other clients waited for a slot");
    e2b_mcp__hs_conn_free(s, c, 1);
  }
  return slot;
}

/* Takes the connections waiting on the listener: each gets a slot (a free one,
   or one made free), or 503 with Retry-After and a linger when every slot
   serves a whole request. */
static void e2b_mcp__hs_accept(e2b_mcp_server *s, const unsigned char *got, unsigned long now) {
  static const char busy[] = "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nContent-Type: application/json\r\n"
    "Content-Length: 98\r\nConnection: close\r\n\r\n"
    "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32000,\"message\":\"Service Unavailable: all slots busy\"}}";
  e2b_mcp_http *h = &s->http;
  int i, k;
  for (k = 0; k < E2B_MCP__HS_ACCEPT_BURST; k++) {
    e2b_mcp_sock a;
    int slot = -1;
    a.h = -1; a.port = s->net;
    if (s->net->accept(s->net->user, &h->listener, &a) != 1) break;
    for (i = h->free_lo; i < h->hi; i++) if (h->conns[i].state == E2B_MCP__HC_FREE) { slot = i; break; }
    if (slot < 0 && h->hi < E2B_MCP_HTTP_CONNS) slot = h->hi;   /* conns[hi..] are free, some never touched */
    h->free_lo = slot < 0 ? h->hi : slot + 1;   /* none is free below it now (a slot freed later lowers it) */
    if (slot < 0) slot = e2b_mcp__hs_make_room(s, got, now);
    if (slot < 0) {
      (void)s->net->send(s->net->user, &a, (const unsigned char *)busy, sizeof busy - 1);   /* what a fresh socket takes at once */
      e2b_mcp__hs_linger(s, &a);
      continue;
    }
    memset(&h->conns[slot], 0, sizeof h->conns[slot]);   /* no buffer, no session */
    if (slot >= h->hi) h->hi = slot + 1;
    h->conns[slot].sock = a;
    h->conns[slot].state = E2B_MCP__HC_READ;
    h->conns[slot].sess = h->conns[slot].tied = -1;
    h->conns[slot].last_ms = h->conns[slot].start_ms = e2b_mcp__now_ms(s);
    h->conns[slot].tick = ++h->ticks;
  }
}

/* Slow and idle clients. A request whose head is not whole after the head
   timeout, or not whole at all after the request timeout, gets 408; a
   connection that has not sent its first request yet gets the request
   timeout, not the idle one (it closes without a word); an idle keep-alive
   connection closes after the idle timeout. */
static void e2b_mcp__hs_timeouts(e2b_mcp_server *s, unsigned long now) {
  e2b_mcp_http *h = &s->http;
  int i, bufs = e2b_mcp__hs_buf_free(h);
  h->holding = 0;
  for (i = 0; i < h->hi; i++) {
    e2b_mcp__http_conn *c = &h->conns[i];
    if (c->state == E2B_MCP__HC_DRAIN && now - c->drain_ms >= e2b_mcp__hs_ms(h->cfg.write_timeout_ms, E2B_MCP_HTTP_WRITE_TIMEOUT_MS)) {
      c->dead = 1;   /* it does not read: dropped */
      e2b_mcp__hs_conn_free(s, c, 0);
      continue;
    }
    if (E2B_MCP__HS_STREAMING(c) && c->drain_ms &&
        now - c->drain_ms >= e2b_mcp__hs_ms(h->cfg.write_timeout_ms, E2B_MCP_HTTP_WRITE_TIMEOUT_MS)) {
      c->dead = 1;   /* a GET stream whose client does not read: dropped */
      e2b_mcp__hs_conn_free(s, c, 0);
      continue;
    }
    if (c->state != E2B_MCP__HC_READ) continue;
    if (!c->buf && !bufs) {   /* its request may wait unread for a buffer: its clock runs once there is one */
      c->starved = 1;
      continue;
    }
    if (c->starved) {   /* there is one now: it is read at the next wait */
      c->starved = 0;
      c->start_ms = c->last_ms = now;
      continue;
    }
    if (c->hold) {   /* a request waits behind an answer still on its way: read it once that has left */
      h->holding = 1;
      if (!e2b_mcp__hs_unsent(s, &c->sock)) c->hold = 0;
      else if (now - c->last_ms >= e2b_mcp__hs_ms(h->cfg.write_timeout_ms, E2B_MCP_HTTP_WRITE_TIMEOUT_MS)) {
        c->dead = 1;   /* it does not read: dropped */
        e2b_mcp__hs_conn_free(s, c, 0);
      }
      continue;
    }
    if ((c->have || !c->answered) &&
        (now - c->start_ms >= e2b_mcp__hs_ms(h->cfg.request_timeout_ms, E2B_MCP_HTTP_REQUEST_TIMEOUT_MS) ||
         (c->have && !c->head_len && now - c->start_ms >= e2b_mcp__hs_ms(h->cfg.head_timeout_ms, E2B_MCP_HTTP_HEAD_TIMEOUT_MS)))) {
      if (c->have) {
        c->close = 1;
        e2b_mcp__hs_simple(s, c, 408, NULL, -32000, "Request Timeout: the request did not arrive in time");
      }
      e2b_mcp__hs_conn_free(s, c, c->have != 0);
    } else if (!c->have && c->answered && now - c->last_ms >= e2b_mcp__hs_ms(h->cfg.idle_timeout_ms, E2B_MCP_HTTP_IDLE_TIMEOUT_MS))
      e2b_mcp__hs_conn_free(s, c, 0);
  }
}

/* ---- the loop ---- */
/* What the loop waits on: the listener (fds[0]), each connection slot in
   use (fds[1 + i], i < hi), each lingering socket, then the calls' E2B sockets. A
   connection whose call is with E2B or its user, or waits for a slot, is
   watched for its client hanging up; one with an answer queued, for room to
   send it. A busy one is being answered (only the one whose custom tool
   waits for its user is watched). One on hold is looked at again every
   10 ms. Stopping: no newcomers, no new requests. Returns the count; the
   first E2B socket is at *first_call. */
static int e2b_mcp__hs_watch(e2b_mcp_server *s, e2b_mcp_poll *fds, int *timeout_ms, int *first_call) {
  e2b_mcp_http *h = &s->http;
  int i, n = 0, bufs = e2b_mcp__hs_buf_free(h);   /* without a free buffer, a connection with none is not read */
#define E2B_MCP__WATCH(k) (fds[n].sock = (k), fds[n].want = E2B_MCP_WANT_READ, fds[n++].ready = 0)
  E2B_MCP__WATCH(h->stop ? NULL : &h->listener);
  h->watched = h->hi;
  for (i = 0; i < h->watched; i++) {
    e2b_mcp__http_conn *c = &h->conns[i];
    E2B_MCP__WATCH((c->state == E2B_MCP__HC_READ && !c->hold && !h->stop && (c->buf || bufs)) || c->state == E2B_MCP__HC_CALL ||
                   c->state == E2B_MCP__HC_DRAIN || E2B_MCP__HS_STREAMING(c) || c->state == E2B_MCP__HC_KEYS ? &c->sock : NULL);
    if (c->qoff < c->qend) fds[n - 1].want = c->state == E2B_MCP__HC_DRAIN ? E2B_MCP_WANT_WRITE : E2B_MCP_WANT_READ | E2B_MCP_WANT_WRITE;
    if (c->state == E2B_MCP__HC_READ && c->hold && *timeout_ms > E2B_MCP__HS_HOLD_MS) *timeout_ms = E2B_MCP__HS_HOLD_MS;
  }
  for (i = 0; i < E2B_MCP_HTTP_LINGER; i++) E2B_MCP__WATCH(&h->linger[i]);
#undef E2B_MCP__WATCH
  *first_call = n;
  return n + e2b_mcp_watch(s, fds + n, E2B_MCP__POLL_MAX - n, timeout_ms);
}

/* A connection the wait found readable: the next request's bytes, or from a
   connection waiting for its call, its client gone (or bytes it should not
   have sent). */
static void e2b_mcp__hs_readable(e2b_mcp_server *s, int i) {
  e2b_mcp__http_conn *c = &s->http.conns[i];
  if (c->state == E2B_MCP__HC_READ && !c->have && c->answered && e2b_mcp__hs_unsent(s, &c->sock)) c->hold = s->http.holding = 1;
  else if (c->state == E2B_MCP__HC_READ) e2b_mcp__hs_on_read(s, i);
  else if (c->state == E2B_MCP__HC_BUSY || c->state == E2B_MCP__HC_CALL || E2B_MCP__HS_STREAMING(c) || c->state == E2B_MCP__HC_KEYS) {
    char drop[64];
    int r = e2b_mcp__sock_recv(&c->sock, (unsigned char *)drop, sizeof drop);
    if (r == 0 || (r < 0 && r != E2B_MCP_ERR_AGAIN)) {
      c->dead = 1;   /* a call in flight runs on, answering nobody; one that waited for a slot never starts */
      if (c->state != E2B_MCP__HC_BUSY) e2b_mcp__hs_conn_free(s, c, 0);
    } else if (r > 0) c->close = 1;   /* a pipelined request, dropped: the stream is out of step, end it after the answer */
  }
}

/* Lingering sockets: drained until the peer closes, or their time is up. */
static void e2b_mcp__hs_lingering(e2b_mcp_server *s, const unsigned char *got) {
  e2b_mcp_http *h = &s->http;
  unsigned long now = e2b_mcp__now_ms(s);
  int i;
  for (i = 0; i < E2B_MCP_HTTP_LINGER; i++) {
    e2b_mcp_sock *k = &h->linger[i];
    if (k->h < 0) continue;
    if (got[i]) {
      char drop[512];
      int r = e2b_mcp__sock_recv(k, (unsigned char *)drop, sizeof drop);
      if (r == 0 || (r < 0 && r != E2B_MCP_ERR_AGAIN)) { e2b_mcp__hs_close(s, k); continue; }
    }
    if ((long)(now - h->linger_until[i]) >= 0) e2b_mcp__hs_close(s, k);
  }
}

/* Connection i after the calls moved on: a request that waited for the
   issuer's keys is served again; one whose call's answer ended (or any in a
   call, on a sweep) ends its answer once no call answers through it. */
static void e2b_mcp__hs_look(e2b_mcp_server *s, int i, int sweep) {
  e2b_mcp_http *h = &s->http;
  e2b_mcp__http_conn *c = &h->conns[i];
#ifdef E2B_MCP__FETCH
  if (c->state == E2B_MCP__HC_KEYS && !h->cfg.auth->fetch.busy) {   /* the keys came (or did not): its request again */
    h->served--;   /* the same request, counted once */
    e2b_mcp__hs_serve(s, i);
    if (c->state == E2B_MCP__HC_BUSY) e2b_mcp__hs_done(s, c);
    return;
  }
#endif
  if (c->state != E2B_MCP__HC_CALL || !(sweep || c->ended)) return;
  c->ended = 0;
  if (e2b_mcp_sink_busy(s, c)) return;
  e2b_mcp__hs_answered(s, c);
  c->state = E2B_MCP__HC_BUSY;
  e2b_mcp__hs_done(s, c);
}

E2B_MCP_DEF int e2b_mcp_http_step(e2b_mcp_server *s, int timeout_ms) {
  e2b_mcp_http *h = &s->http;
  e2b_mcp_poll fds[E2B_MCP__POLL_MAX];
  unsigned char got[E2B_MCP__POLL_MAX];
  int i, n, first_call, sweep, full;
  unsigned long now;
  n = e2b_mcp__hs_watch(s, fds, &timeout_ms, &first_call);
  if (s->net->wait(s->net->user, fds, n, timeout_ms) <= 0) for (i = 0; i < n; i++) fds[i].ready = 0;
  s->wready = fds + first_call;   /* the engine learns what came on its sockets from here, not by asking each */
  /* ready first: a socket is looked at (a cache miss each, at ten thousand) only when the wait named it */
  for (i = 0; i < first_call; i++) got[i] = (fds[i].ready & E2B_MCP_WANT_READ) && fds[i].sock && fds[i].sock->h >= 0;
  for (i = 0; i < h->watched; i++) {   /* answers on their way: more of them leaves */
    e2b_mcp__http_conn *c = &h->conns[i];
    if (!(fds[1 + i].ready & E2B_MCP_WANT_WRITE) || c->qoff >= c->qend) continue;
    e2b_mcp__hs_push(c);
    if (c->state == E2B_MCP__HC_DRAIN && (c->dead || c->qoff == c->qend)) e2b_mcp__hs_done(s, c);
  }
  for (i = 0; i < h->watched; i++) {
    if (got[1 + i]) e2b_mcp__hs_readable(s, i);
  }
  if (got[0]) e2b_mcp__hs_accept(s, got, e2b_mcp__now_ms(s));   /* newcomers, once the connections that ended made room */
  e2b_mcp_step(s);   /* the calls moved on; the connections whose call was answered end their answer */
  /* The passes over every connection slot run when something calls for them
     (a notification sent, an answer held back, more ended answers than the
     step remembers, the issuer's keys come), else every E2B_MCP__HS_SWEEP_MS:
     at ten thousand connections a pass costs more than the requests a step
     serves, and the timeouts they look for are seconds. An answer's end is
     looked at where it happened (ended_at). */
  now = e2b_mcp__now_ms(s);
  sweep = h->holding || (unsigned long)(now - h->swept_ms) >= E2B_MCP__HS_SWEEP_MS || h->stop;
  if (sweep) h->swept_ms = now;
  /* the connections whose answer ended: those the sinks named, or all of them
     (a sweep, more than the list holds, requests waiting for the keys) */
  full = sweep || h->ended > E2B_MCP__HS_ENDED;
#ifdef E2B_MCP__FETCH
  if (h->keys_wait && !h->cfg.auth->fetch.busy) {
    full = 1;
    h->keys_wait = 0;
  }
#endif
  if (full)
    for (i = 0; i < h->hi; i++) e2b_mcp__hs_look(s, i, sweep);
  else
    for (i = 0; i < h->ended; i++) e2b_mcp__hs_look(s, h->ended_at[i], 0);
  h->ended = 0;
#if E2B_MCP__HS_STREAMS
  for (i = 0; (sweep || h->notified) && i < h->hi; i++)
    if (h->conns[i].state == E2B_MCP__HC_STREAM) e2b_mcp__hs_stream_idle(s, &h->conns[i]);   /* notifications sent */
  h->notified = 0;
#endif
  e2b_mcp__hs_lingering(s, got + 1 + h->watched);
  if (sweep) e2b_mcp__hs_timeouts(s, e2b_mcp__now_ms(s));
  return 0;
}

static int e2b_mcp__hs_is_loopback(const char *host) {
  return strcmp(host, "localhost") == 0 || strcmp(host, "::1") == 0 || strncmp(host, "127.", 4) == 0;
}

/* Answers still leaving (DRAIN): e2b_mcp_calls_in_flight counts them. */
static int e2b_mcp__hs_held(const e2b_mcp_server *s) {
  int i, n = 0;
  for (i = 0; i < s->http.hi; i++) n += s->http.conns[i].state == E2B_MCP__HC_DRAIN;
  return n;
}

E2B_MCP_DEF int e2b_mcp_http_listen(e2b_mcp_server *s, const e2b_mcp_http_config *cfg) {
  e2b_mcp_http *h = &s->http;
  int i, r;
  memset(h, 0, offsetof(e2b_mcp_http, free_bufs));   /* the slots and buffers are cleared as they are taken */
  if (cfg) h->cfg = *cfg;
  if (!h->cfg.host || !*h->cfg.host) h->cfg.host = "127.0.0.1";
  h->loopback = e2b_mcp__hs_is_loopback(h->cfg.host);
  /* off loopback a token guards the server's own key; with per-client keys
     every client spends only its own */
  if (h->cfg.client_keys && !E2B_MCP_WITH_CLIENT_KEYS) return E2B_MCP_ERR_CONFIG;   /* built without them (>>config) */
#if E2B_MCP_KEYSTORE
  if (h->cfg.keystore && (!h->cfg.auth || h->cfg.client_keys)) return E2B_MCP_ERR_CONFIG;   /* it goes by the token's subject */
#endif
#if E2B_MCP_AUTH
  if (h->cfg.auth) {   /* access tokens guard it, as a token would */
    if (!E2B_MCP__AUTH_VERIFIER) return E2B_MCP_ERR_NO_VERIFIER;
    if (!e2b_mcp__auth_config_ok(h->cfg.auth)) return E2B_MCP_ERR_AUTH_CONFIG;
#ifdef E2B_MCP__FETCH
    if (h->cfg.auth->discover && !s->trust_loaded)   /* the issuer's keys come over TLS, E2B's calls or not */
      s->trust_loaded = e2b_mcp_tls_trust_init(&s->trust, s->cfg.ca_file) > 0;
#endif
  } else
#endif
  if (!h->loopback && !h->cfg.client_keys && !h->cfg.open_access && (!h->cfg.token || !*h->cfg.token)) return E2B_MCP_ERR_NEED_TOKEN;
  { unsigned char probe[4];   /* session ids need the kernel's randomness */
    if (!s->net->random || !s->net->listen || s->net->random(s->net->user, probe, sizeof probe) != 0) return E2B_MCP_ERR_IO; }
  for (i = 0; i < E2B_MCP_HTTP_LINGER; i++) h->linger[i].h = -1;
  h->listener.h = -1;
  h->port = h->cfg.port;
  h->listener.port = s->net;
  r = s->net->listen(s->net->user, &h->listener, h->cfg.host, h->cfg.port, &h->port);
  s->held = e2b_mcp__hs_held;
  s->watch_idle = 1;   /* the step hands the engine its wait's findings (s->wready) */
#if E2B_MCP__HS_STREAMS
  s->sub_stream = e2b_mcp__hs_stream;
#if E2B_MCP_WITH_2026
  s->listen_open = e2b_mcp__hs_listen_open;
#endif
#endif
  return r;
}

/* A call that waited for a slot, when the server stops: 503, never started. */
static void e2b_mcp__hs_stopped(e2b_mcp_server *s, const void *ctx) {
  e2b_mcp__http_conn *c = (e2b_mcp__http_conn *)ctx;
  if (c->state != E2B_MCP__HC_CALL) return;
  c->state = E2B_MCP__HC_BUSY;
  c->close = 1;
  e2b_mcp__hs_simple(s, c, 503, "Retry-After: 5\r\n", -32000, "Service Unavailable: the server is stopping; nothing was sent to E2B");
  e2b_mcp__hs_done(s, c);
}

E2B_MCP_DEF int e2b_mcp_http_run(e2b_mcp_server *s) {
  e2b_mcp_http *h = &s->http;
  int i;
  while (!h->stop) e2b_mcp_http_step(s, E2B_MCP__HS_RUN_MS);
#if E2B_MCP__HS_STREAMS
  for (i = 0; i < h->hi; i++)
    if (h->conns[i].state == E2B_MCP__HC_STREAM) {   /* the streams end (a listen's with its result) */
#if E2B_MCP_WITH_2026
      e2b_mcp__hs_listen_close(s, &h->conns[i]);
#endif
      e2b_mcp__hs_stream_end(s, &h->conns[i]);
    }
  e2b_mcp__subs_drop(s, NULL);   /* and nothing is polled for them any more */
#endif
  /* stopping: calls that waited for a slot never start (503); reads and
     questions end now, with an answer that says so; a change runs to its
     answer, so its client learns what was done */
  while (e2b_mcp_stop(s, e2b_mcp__hs_stopped)) e2b_mcp_http_step(s, E2B_MCP__HS_RUN_MS);
  /* the answers the stop wrote get their end (a chunked one its last chunk, in
     the next step), and what is queued leaves, for at most the write timeout */
  {
    unsigned long t0 = e2b_mcp__now_ms(s), to = e2b_mcp__hs_ms(h->cfg.write_timeout_ms, E2B_MCP_HTTP_WRITE_TIMEOUT_MS);
    unsigned long rounds = to / 20 + 2;   /* the bound when the port has no clock */
    int queued;
    do {
      e2b_mcp_http_step(s, 0);
      for (queued = 0, i = 0; i < h->hi; i++) {
        const e2b_mcp__http_conn *c = &h->conns[i];
        queued |= c->state != E2B_MCP__HC_FREE && !c->dead && (c->qoff < c->qend || c->state == E2B_MCP__HC_CALL);
      }
      if (queued) e2b_mcp_http_step(s, 20);
    } while (queued && --rounds && (unsigned long)(e2b_mcp__now_ms(s) - t0) < to);
  }
  for (i = h->hi - 1; i >= 0; i--) if (h->conns[i].state != E2B_MCP__HC_FREE) e2b_mcp__hs_conn_free(s, &h->conns[i], 0);
  for (i = 0; i < E2B_MCP_HTTP_LINGER; i++) e2b_mcp__hs_close(s, &h->linger[i]);
  e2b_mcp__hs_close(s, &h->listener);
  e2b_mcp_close(s);
  return 0;
}

#ifdef E2B_MCP__FETCH
E2B_MCP_DEF int e2b_mcp_http_auth_keys(e2b_mcp_server *s) {
  e2b_mcp_auth *a = s->http.cfg.auth;
  int loads;
  if (!a || !a->discover || a->fetch.busy) return a ? a->nkeys : 0;
  a->why[0] = 0;
  loads = a->loads;
  if (e2b_mcp__auth_fetch_begin(a) != 0) return -1;
  if (e2b_mcp__fetch_run(s, &a->fetch) != 0) {
    e2b_mcp__fmt(a->why, sizeof a->why, "no call slot is free to fetch the issuer's keys");
    return -1;
  }
  return a->loads > loads ? a->nkeys : -1;
}
#endif

E2B_MCP_DEF int e2b_mcp_serve_http(e2b_mcp_server *s, const e2b_mcp_http_config *cfg) {
  int r = e2b_mcp_http_listen(s, cfg);
  return r ? r : e2b_mcp_http_run(s);
}
#endif /* E2B_MCP__HTTP */


/* >>server: set-up and close ---------------------------------------------------
   The one place that knows every layer: e2b_mcp_init readies each one's state,
   bottom up (the URLs and trust anchors of the E2B client, the key, the sealing
   key, the tool table with E2B's own tools). */
E2B_MCP_DEF int e2b_mcp_init_sized(e2b_mcp_server *s, const e2b_mcp_config *cfg, size_t size) {
  char url[E2B_MCP_HOST_MAX + 32];
  const char *domain;
  int r;
  if (size != sizeof *s) return E2B_MCP_ERR_CONFIG;   /* not one byte written: it is not our server */
  memset(s, 0, offsetof(e2b_mcp_server, msg));   /* the state; the buffers need no clearing */
  s->msg[0] = 0;
  if (cfg) s->cfg = *cfg;
  if (s->cfg.connect_timeout_ms <= 0) s->cfg.connect_timeout_ms = E2B_MCP_CONNECT_TIMEOUT_MS;
  if (s->cfg.read_timeout_ms <= 0) s->cfg.read_timeout_ms = E2B_MCP_READ_TIMEOUT_MS;
  if (s->cfg.dns_ttl_ms <= 0) s->cfg.dns_ttl_ms = E2B_MCP_DNS_TTL_MS;
  if (s->cfg.ask_timeout_ms <= 0) s->cfg.ask_timeout_ms = E2B_MCP_ASK_TIMEOUT_MS;
  if (s->cfg.state_ttl_s <= 0) s->cfg.state_ttl_s = E2B_MCP_STATE_TTL_S;
  if (s->cfg.list_ttl_ms <= 0) s->cfg.list_ttl_ms = E2B_MCP_LIST_TTL_MS;
#if E2B_MCP__SUBS
  if (s->cfg.subscribe_poll_ms <= 0) s->cfg.subscribe_poll_ms = E2B_MCP_SUBSCRIBE_POLL_MS;
#endif
  if (s->cfg.result_budget <= 0) s->cfg.result_budget = E2B_MCP_RESULT_BUDGET;
  if (s->cfg.result_budget > (long)E2B_MCP_RESULT_MAX) s->cfg.result_budget = (long)E2B_MCP_RESULT_MAX;
  s->net = s->cfg.sock_port ? s->cfg.sock_port : &e2b_mcp__default_port;
  if (s->cfg.state_once && !s->net->random) return E2B_MCP_ERR_CONFIG;   /* nonces unique across replicas need a random source */
  s->session.version = E2B_MCP__VLATEST;
  s->session.log_level = 1;   /* info */
  domain = s->cfg.domain && *s->cfg.domain ? s->cfg.domain : "e2b.app";
  if (strlen(domain) > E2B_MCP_HOST_MAX - 16) return E2B_MCP_ERR_URL;
  if (s->cfg.api_url && *s->cfg.api_url) r = e2b_mcp__url_parse(&s->api, s->cfg.api_url);
  else { e2b_mcp__fmt(url, sizeof url, "https://api.%s", domain); r = e2b_mcp__url_parse(&s->api, url); }
  if (r) return r;
  if (s->cfg.dashboard_url && *s->cfg.dashboard_url) r = e2b_mcp__url_parse(&s->dash, s->cfg.dashboard_url);
  else { e2b_mcp__fmt(url, sizeof url, "https://dashboard-api.%s", domain); r = e2b_mcp__url_parse(&s->dash, url); }
  if (r) return r;
  if (s->api.https || s->dash.https)
    s->trust_loaded = e2b_mcp_tls_trust_init(&s->trust, s->cfg.ca_file) > 0;
  e2b_mcp__load_key(s);
#if E2B_MCP_WITH_2026
  if (s->cfg.state_key && *s->cfg.state_key) {   /* any length: the key is its HMAC under a fixed label */
    static const char label[] = "e2b-mcp requestState key";
    e2b_mcp__hmac_sha256((const unsigned char *)s->cfg.state_key, strlen(s->cfg.state_key), label, sizeof label - 1, s->state_key);
    s->state_key_set = 1;
  }
  else s->state_key_set = s->net->random && s->net->random(s->net->user, s->state_key, sizeof s->state_key) == 0;
#endif
  if ((r = e2b_mcp__builtin_tools(s)) != 0) return r;
#if E2B_MCP_WITH_PROMPTS
  e2b_mcp__prompts_init(s);
#endif
#if E2B_MCP_WITH_RESOURCES
  e2b_mcp__resources_init(s);
#endif
#if E2B_MCP_WITH_COMPLETIONS
  e2b_mcp__complete_init(s);
#endif
  s->run = &e2b_mcp__engine_runner;
  return 0;
}

E2B_MCP_DEF int (e2b_mcp_init)(e2b_mcp_server *s, const e2b_mcp_config *cfg) {
  return e2b_mcp_init_sized(s, cfg, sizeof *s);
}
E2B_MCP_DEF size_t e2b_mcp_server_size(void) { return sizeof(e2b_mcp_server); }
#endif /* E2B_MCP_IMPLEMENTATION_DONE */
#endif /* E2B_MCP_IMPLEMENTATION */

/*
------------------------------------------------------------------------------
MIT License

Copyright (c) 2026 the e2b_mcp.h authors

Permission is hereby granted, free of charge, to any person obtaining a copy of
this software and associated documentation files (the "Software"), to deal in
the Software without restriction, including without limitation the rights to
use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies
of the Software, and to permit persons to whom the Software is furnished to do
so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
------------------------------------------------------------------------------
*/
