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

