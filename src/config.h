/* >>config ---------------------------------------------------------------
   Buffer sizes and limits. Every one can be overridden before the include. */
#ifdef E2B_MCP_SMALL
#  define E2B_MCP__D(desk, small) (small)
#else
#  define E2B_MCP__D(desk, small) (desk)
#endif
#ifndef E2B_MCP_MSG_MAX
#define E2B_MCP_MSG_MAX      E2B_MCP__D(65536, 2048)
#endif
#ifndef E2B_MCP_CALLS
#define E2B_MCP_CALLS        E2B_MCP__D(32, 1)
#endif
#ifndef E2B_MCP_MSG_TOKENS
#define E2B_MCP_MSG_TOKENS   E2B_MCP__D(1024, 96)
#endif
#ifndef E2B_MCP_REQ_MAX
#define E2B_MCP_REQ_MAX      E2B_MCP__D(4096, 768)
#endif
#ifndef E2B_MCP_RESP_MAX
#define E2B_MCP_RESP_MAX     E2B_MCP__D(524288, 5120)
#endif
#ifndef E2B_MCP_RESP_TOKENS
#define E2B_MCP_RESP_TOKENS  E2B_MCP__D(32768, 256)
#endif
#ifndef E2B_MCP_RESULT_MAX
#define E2B_MCP_RESULT_MAX   E2B_MCP__D(524288, 3584)
#endif
#ifndef E2B_MCP_CONTENT_MAX
#define E2B_MCP_CONTENT_MAX  E2B_MCP__D(65536, 512)
#endif
#ifndef E2B_MCP_OUT_CHUNK
#define E2B_MCP_OUT_CHUNK    E2B_MCP__D(4096, 256)
#endif
#ifndef E2B_MCP_ARG_MAX
#define E2B_MCP_ARG_MAX      E2B_MCP__D(512, 128)
#endif
#ifndef E2B_MCP_MAX_TOOLS
#define E2B_MCP_MAX_TOOLS    E2B_MCP__D(16, 4)
#endif
#ifndef E2B_MCP_TOOLS_PAGE
#define E2B_MCP_TOOLS_PAGE   E2B_MCP__D(64, 8)
#endif
#ifndef E2B_MCP_CONNECT_TIMEOUT_MS
#define E2B_MCP_CONNECT_TIMEOUT_MS 10000
#endif
#ifndef E2B_MCP_READ_TIMEOUT_MS
#define E2B_MCP_READ_TIMEOUT_MS 30000
#endif
#ifndef E2B_MCP_DNS_TTL_MS   /* how long a resolved E2B address is used before asking again */
#define E2B_MCP_DNS_TTL_MS 300000
#endif
#ifndef E2B_MCP_MAX_TIMEOUT_S   /* E2B's longest plan (Pro: 24 h); E2B refuses more than the team's plan allows */
#define E2B_MCP_MAX_TIMEOUT_S 86400
#endif
#ifndef E2B_MCP_RPC_ID_MAX   /* a JSON-RPC id or progress token, as JSON text with its quotes and a NUL */
#define E2B_MCP_RPC_ID_MAX   E2B_MCP__D(1040, 260)
#endif
#ifndef E2B_MCP_TLS_SYSTEM_CA_FILE   /* the trust anchors when no CA file is given */
#define E2B_MCP_TLS_SYSTEM_CA_FILE "/etc/ssl/certs/ca-certificates.crt"
#endif
#ifndef E2B_MCP_HTTP_CONNS
#define E2B_MCP_HTTP_CONNS    E2B_MCP__D(64, 2)
#endif
#ifndef E2B_MCP_HTTP_SESSIONS
#define E2B_MCP_HTTP_SESSIONS E2B_MCP__D(128, 2)
#endif
#ifndef E2B_MCP_HTTP_HEAD_MAX
#define E2B_MCP_HTTP_HEAD_MAX E2B_MCP__D(8192, 1024)
#endif
#ifndef E2B_MCP_HTTP_LINGER
#define E2B_MCP_HTTP_LINGER   E2B_MCP__D(8, 1)
#endif
#ifndef E2B_MCP_HTTP_REQUEST_TIMEOUT_MS
#define E2B_MCP_HTTP_REQUEST_TIMEOUT_MS 10000
#endif
#ifndef E2B_MCP_HTTP_HEAD_TIMEOUT_MS
#define E2B_MCP_HTTP_HEAD_TIMEOUT_MS 5000
#endif
#ifndef E2B_MCP_HTTP_IDLE_TIMEOUT_MS
#define E2B_MCP_HTTP_IDLE_TIMEOUT_MS 60000
#endif
#ifndef E2B_MCP_HTTP_WRITE_TIMEOUT_MS
#define E2B_MCP_HTTP_WRITE_TIMEOUT_MS 1000
#endif
#ifndef E2B_MCP_ASK_TIMEOUT_MS
#define E2B_MCP_ASK_TIMEOUT_MS 300000
#endif
#ifndef E2B_MCP_HTTP_ASK_TIMEOUT_MS
#define E2B_MCP_HTTP_ASK_TIMEOUT_MS E2B_MCP_ASK_TIMEOUT_MS
#endif
#ifndef E2B_MCP_HTTP_KEYS
#define E2B_MCP_HTTP_KEYS     E2B_MCP__D(8, 2)
#endif
#ifndef E2B_MCP_STATE_TTL_S
#define E2B_MCP_STATE_TTL_S 600
#endif
#ifndef E2B_MCP_LIST_TTL_MS
#define E2B_MCP_LIST_TTL_MS 3600000
#endif
#define E2B_MCP_HOST_MAX   E2B_MCP__D(256, 96)    /* a host name from a URL */
#define E2B_MCP_PREFIX_MAX E2B_MCP__D(128, 48)    /* a path prefix from a URL */
#define E2B_MCP_KEY_MAX    E2B_MCP__D(128, 64)    /* the API key */
#define E2B_MCP_ID_MAX     64                     /* a sandbox or template ID */
#define E2B_MCP_NEXT_MAX   E2B_MCP__D(512, 160)   /* an X-Next-Token value */
#define E2B_MCP_ERRMSG_MAX E2B_MCP__D(1024, 320)  /* the plain text of a tool error */
#define E2B_MCP__ASK_MAX   E2B_MCP__D(512, 256)   /* a consent question */
#define E2B_MCP__BUILTIN_ROOM 16   /* E2B's own tools (13) with room to grow: a new row in src/tools.c needs nothing here */
#define E2B_MCP_STATE_MAX  64                     /* a requestState payload's bytes */
#define E2B_MCP__STATE_BYTES (10 + E2B_MCP_STATE_MAX + 32)
#define E2B_MCP__STATE_TEXT ((E2B_MCP__STATE_BYTES + 2) / 3 * 4 + 1)   /* a sealed token as text, with its NUL */

#ifndef E2B_MCP_DEF
#  ifdef E2B_MCP_STATIC
#    define E2B_MCP_DEF static
#  else
#    define E2B_MCP_DEF extern
#  endif
#endif

/* Port selection. */
#if !defined(E2B_MCP_SOCK_POSIX) && !defined(E2B_MCP_SOCK_CUSTOM)
#  define E2B_MCP_SOCK_POSIX
#endif
#if !defined(E2B_MCP_TLS_NONE) && !defined(E2B_MCP_TLS_BEARSSL) && !defined(E2B_MCP_TLS_MBEDTLS)
#  define E2B_MCP_TLS_NONE
#endif
#if (defined(E2B_MCP_TLS_NONE) + defined(E2B_MCP_TLS_BEARSSL) + defined(E2B_MCP_TLS_MBEDTLS)) != 1
#  error "Select one TLS port: E2B_MCP_TLS_NONE, E2B_MCP_TLS_BEARSSL or E2B_MCP_TLS_MBEDTLS"
#endif
/* The Streamable HTTP transport is built with the POSIX port, or with a custom
   port when E2B_MCP_HTTP says it has listen, accept and random. */
#if !defined(E2B_MCP_NO_HTTP) && (defined(E2B_MCP_SOCK_POSIX) || defined(E2B_MCP_HTTP))
#  define E2B_MCP__HTTP 1
#endif

/* jsmn finds the container a closing bracket belongs to by walking back over
   every token before it, which makes an answer that is an array of objects
   quadratic (30,000 values: 45 ms to parse instead of 1); with parent links
   the walk goes up the nesting instead. They cost 4 bytes a token: the desktop
   profile pays them, the small one (256 tokens, nothing to gain) does not.
   Every file that includes this header must agree, as on E2B_MCP_SMALL and
   the buffer sizes (e2b_mcp_init checks: E2B_MCP_ERR_CONFIG). */
#if !defined(E2B_MCP_SMALL) && !defined(E2B_MCP_NO_PARENT_LINKS) && !defined(JSMN_PARENT_LINKS)
#  define JSMN_PARENT_LINKS
#endif
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

