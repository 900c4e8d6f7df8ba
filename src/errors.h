#include "config.h"
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
