#include "config.h"
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
