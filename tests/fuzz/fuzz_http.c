/* fuzz_http.c - the HTTP response reader and the tools that read E2B's answers.

   Input: 4 header bytes, then up to 8 answers separated by "@@@@\n".
     byte 0  which tool call (low 7 bits, modulo the calls: each tool of the
             server's table with its required arguments, then with all of
             them, tools/lib/tool_args.h); bit 7: call it twice (keep-alive reuse)
     byte 1  largest recv piece (0: as much as asked)
     byte 2  seed of the piece sizes
     byte 3  what recv returns after an answer: end of stream, timeout, reset
   Each request E2B gets takes the next answer. Checks: no crash, overflow or
   UB (ASan/UBSan); the call runs (0); a success has a JSON object result with
   no secret key at any depth and its content blocks are valid JSON; an error
   has a message. */
#define E2B_MCP_SOCK_CUSTOM
#define E2B_MCP_TLS_NONE
#define E2B_MCP_WITH_STDIO 0
#define E2B_MCP_IMPLEMENTATION
#include "../../e2b_mcp.h"
#include "json_check.h"
#include "fake_port.h"
#include "tool_args.h"

#include <stdio.h>
#include <stdlib.h>

#define FZ_CHECK(cond) do { if (!(cond)) { fprintf(stderr, "fuzz_http: check failed: %s (line %d)\n", #cond, __LINE__); abort(); } } while (0)

static e2b_mcp_server srv;
static fake fp;
static e2b_mcp_sock_port port;
static char content[E2B_MCP_CONTENT_MAX + 2];

/* The calls: every tool of the server's table (kill enabled), with its
   required arguments and with all of them (tests/lib/tool_args.h). */
static tool_calls calls;

static void run_call(int which) {
  e2b_mcp_result r;
  int rc, secrets = 0;
  rc = e2b_mcp_call_tool(&srv, calls.name[which], calls.args[which], &r);
  FZ_CHECK(rc == 0);
  FZ_CHECK(r.message != NULL);
  if (r.is_error) {
    FZ_CHECK(r.json == NULL);
    FZ_CHECK(r.message[0] != 0);
  } else if (r.json) {
    FZ_CHECK(r.json_len == strlen(r.json));
    FZ_CHECK(jc_valid(r.json, r.json_len, '{', jc_count_secrets, &secrets));
    FZ_CHECK(secrets == 0);
  }
  if (r.content) {   /* the blocks are the items of one array */
    FZ_CHECK(r.content_len + 2 <= sizeof content);
    content[0] = '[';
    memcpy(content + 1, r.content, r.content_len);
    content[r.content_len + 1] = ']';
    FZ_CHECK(jc_valid(content, r.content_len + 2, '[', NULL, NULL));
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n) {
  int which, twice;
  if (n < 4) return 0;
  fake_from_input(&fp, &port, data, n);
  twice = data[0] & 0x80;
  FZ_CHECK(fake_server_init(&srv, &port, "e2b_0123456789abcdef0123456789abcdef01234567") == 0);
  if (!calls.n) FZ_CHECK(tool_calls_of(&calls, &srv) > 0);
  which = (data[0] & 0x7f) % calls.n;
  run_call(which);
  if (twice) run_call(which);
  e2b_mcp_close(&srv);
  return 0;
}
