#include "config.h"
/* >>errors ---------------------------------------------------------------
   Negative codes from the E2B client, the ports and set-up; e2b_mcp_strerror() says them
   in words a user understands. */
#define E2B_MCP__ERRORS(X) \
  X(OK,            0,  "ok") \
  X(DNS,          -1,  "the host name could not be resolved") \
  X(CONNECT,      -2,  "the connection was refused or could not be opened") \
  X(TIMEOUT,      -3,  "the server did not answer in time") \
  X(RESET,        -4,  "the connection was reset") \
  X(CLOSED,       -5,  "the server closed the connection before answering in full") \
  X(TOO_LARGE,    -6,  "the answer is larger than this server's buffer") \
  X(PROTOCOL,     -7,  "the answer is not valid HTTP") \
  X(TLS,          -8,  "the TLS handshake failed") \
  X(TLS_UNTRUSTED,-9,  "the server's certificate is not signed by a trusted authority") \
  X(TLS_EXPIRED,  -10, "the server's certificate has expired or is not yet valid") \
  X(TLS_NAME,     -11, "the server's certificate is for another host name") \
  X(NO_TLS,       -12, "https:// needs a build with a TLS port (E2B_MCP_TLS_BEARSSL or E2B_MCP_TLS_MBEDTLS)") \
  X(URL,          -13, "the URL is not a valid http:// or https:// URL") \
  X(IO,           -14, "the transport failed") \
  X(TLS_TRUST,    -15, "no trust anchors could be loaded") \
  X(LISTEN,       -16, "the address could not be listened on (in use, or not an address of this machine)") \
  X(NEED_TOKEN,   -17, "a non-loopback address needs a bearer token (E2B_MCP_HTTP_TOKEN)") \
  X(CANCELLED,    -18, "the call was cancelled (by the client, or the server is stopping)") \
  X(TLS_BROKEN,   -19, "the TLS connection failed after the request was sent") \
  X(AGAIN,        -20, "the operation would block (a port's answer: try again when the socket is ready)") \
  X(CONFIG,       -21, "this file was built with other e2b_mcp.h settings than the implementation (E2B_MCP_SMALL, a buffer size, jsmn's token layout): every file must agree") \
  X(TOOLS,        -22, "the tool selection names a tool or group this server does not have") \
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

