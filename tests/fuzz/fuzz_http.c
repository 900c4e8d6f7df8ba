/* fuzz_http.c - the HTTP response reader and the tools that read E2B's answers.

   Input: 4 header bytes, then up to 8 answers separated by "@@@@\n".
     byte 0  which tool call (low 4 bits); bit 7: call it twice (keep-alive reuse)
     byte 1  largest recv piece (0: as much as asked)
     byte 2  seed of the piece sizes
     byte 3  what recv returns after an answer: end of stream, timeout, reset
   Each request E2B gets takes the next answer. Checks: no crash, overflow or
   UB (ASan/UBSan); the call runs (0); a success has a JSON object result with
   no secret key at any depth and its content blocks are valid JSON; an error
   has a message. */
#define E2B_MCP_SOCK_CUSTOM
#define E2B_MCP_TLS_NONE
#define E2B_MCP_NO_STDIO
#define E2B_MCP_IMPLEMENTATION
#include "../../e2b_mcp.h"
#include "json_check.h"
#include "fuzz_port.h"

#include <stdio.h>
#include <stdlib.h>

#define FZ_CHECK(cond) do { if (!(cond)) { fprintf(stderr, "fuzz_http: check failed: %s (line %d)\n", #cond, __LINE__); abort(); } } while (0)

static e2b_mcp_server srv;
static fport fp;
static e2b_mcp_sock_port port;
static char content[E2B_MCP_CONTENT_MAX + 2];

static const char *const calls[][2] = {
  { "e2b_list_sandboxes", NULL },
  { "e2b_list_sandboxes", "{\"state\":[\"running\",\"paused\"],\"limit\":5,\"next_token\":\"abc\",\"metadata\":{\"k\":\"v\"}}" },
  { "e2b_get_sandbox", "{\"sandbox_id\":\"sb1\"}" },
  { "e2b_get_sandbox_logs", "{\"sandbox_id\":\"sb1\",\"limit\":1}" },
  { "e2b_get_sandbox_logs", "{\"sandbox_id\":\"sb1\",\"limit\":2,\"direction\":\"backward\"}" },
  { "e2b_get_sandbox_metrics", "{\"sandbox_id\":\"sb1\"}" },
  { "e2b_create_sandbox", "{\"template_id\":\"base\",\"timeout\":60}" },
  { "e2b_resume_sandbox", "{\"sandbox_id\":\"sb1\"}" },
  { "e2b_list_templates", NULL },
  { "e2b_list_default_templates", NULL },
  { "e2b_list_template_builds", "{\"template_id\":\"t1\"}" },
  { "e2b_list_snapshots", "{\"sandbox_id\":\"sb1\"}" },
  { "e2b_pause_sandbox", "{\"sandbox_id\":\"sb1\"}" },
  { "e2b_set_sandbox_timeout", "{\"sandbox_id\":\"sb1\",\"timeout\":30}" },
  { "e2b_kill_sandbox", "{\"sandbox_id\":\"sb1\"}" },
  { "e2b_get_sandbox", "{\"sandbox_id\":\"sb2\"}" },
};

static void run_call(int which) {
  e2b_mcp_result r;
  int rc, secrets = 0;
  rc = e2b_mcp_call_tool(&srv, calls[which][0], calls[which][1], &r);
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
  static const unsigned pieces[] = { 0, 1, 2, 3, 5, 7, 16, 64, 512, 4096 };
  static const int ends[] = { 0, 0, E2B_MCP_ERR_TIMEOUT, E2B_MCP_ERR_RESET };
  e2b_mcp_config cfg;
  const char *p, *end;
  int which, twice;
  if (n < 4) return 0;
  fp_reset(&fp);
  fp_port_init(&port, &fp);
  fp.max_piece = pieces[data[1] % (sizeof pieces / sizeof pieces[0])];
  fp.rng = 0x9e3779b9u ^ ((unsigned)data[2] * 2654435761u);
  fp.end_err = ends[data[3] & 3];
  which = (data[0] & 0x0f) % (int)(sizeof calls / sizeof calls[0]);
  twice = data[0] & 0x80;
  p = (const char *)data + 4;
  end = (const char *)data + n;
  while (p <= end && fp.nans < FP_ANSWERS) {   /* answers split at "@@@@\n" */
    const char *q = p;
    while (q + 5 <= end && memcmp(q, "@@@@\n", 5) != 0) q++;
    if (q + 5 > end) q = end;
    fp_add(&fp, p, (size_t)(q - p));
    p = q + 5;
  }
  memset(&cfg, 0, sizeof cfg);
  cfg.api_key = "e2b_0123456789abcdef0123456789abcdef01234567";
  cfg.api_url = "http://api.fuzz.test";
  cfg.dashboard_url = "http://dash.fuzz.test:8081/prefix";
  cfg.sock_port = &port;
  cfg.enable_kill = 1;
  FZ_CHECK(e2b_mcp_init(&srv, &cfg) == 0);
  run_call(which);
  if (twice) run_call(which);
  e2b_mcp_close(&srv);
  return 0;
}
