/* test_audit.c - the audit hook (e2b_mcp_config.audit, >>engine) in-process, against the fake E2B
   of tests/lib/fake_port.h: one record per tool call when it ends, with the tool, its group, the
   sandbox (its argument, or the one a create made), the arguments with secret values redacted and
   the server's key masked, E2B's status, the outcome and the duration; a call that sends nothing has
   no status; arguments too long for E2B_MCP_AUDIT_ARGS_MAX are left out, saying so. Built as C and C++. */
#define E2B_MCP_SOCK_CUSTOM
#define E2B_MCP_WITH_STDIO 0
#define E2B_MCP_IMPLEMENTATION
#include "../../e2b_mcp.h"
#include "check.h"
#include "fake_port.h"
#include <stdio.h>

#if !E2B_MCP_AUDIT
#  error "test_audit needs E2B_MCP_AUDIT"
#endif

#define KEY "e2b_0123456789abcdef0123456789abcdef01234567"
static e2b_mcp_server srv;
static e2b_mcp_sock_port port;
static fake m;
static struct { int n, group, status; char tool[64], who[64], sbx[80], args[E2B_MCP_AUDIT_ARGS_MAX + 1], outcome[24]; } got;

static void hook(void *user, const e2b_mcp_audit_record *r) {
  CHECK(user == &got);
  got.n++;
  got.group = r->group;
  got.status = r->e2b_status;
  snprintf(got.tool, sizeof got.tool, "%s", r->tool);
  snprintf(got.who, sizeof got.who, "%s", r->who ? r->who : "(none)");
  snprintf(got.sbx, sizeof got.sbx, "%s", r->sandbox_id);
  snprintf(got.args, sizeof got.args, "%s", r->args);
  snprintf(got.outcome, sizeof got.outcome, "%s", r->outcome);
}

/* Whether a record's arguments are one line of valid UTF-8 JSON (an object). */
static int one_json_line(const char *a) {
  static jsmntok_t t[512];
  size_t i, n = strlen(a);
  int l;
  for (i = 0; i < n; i += (size_t)l)
    if ((unsigned char)a[i] < 0x20 || (l = e2b_mcp__utf8_len((const unsigned char *)a + i, n - i)) == 0) return 0;
  return e2b_mcp__parse(a, n, t, 512) > 0 && t[0].type == JSMN_OBJECT && t[0].end == (int)n;
}

/* cfg.audit_start: what it was told, and what it answers (0: written, go on) */
static struct { int n, answer, group; char outcome[16], sbx[80]; } st;
static int start_hook(void *user, const e2b_mcp_audit_record *r) {
  CHECK(user == &got);
  st.n++;
  st.group = r->group;
  snprintf(st.outcome, sizeof st.outcome, "%s", r->outcome);
  snprintf(st.sbx, sizeof st.sbx, "%s", r->sandbox_id);
  CHECK(r->e2b_status == 0 && CONTAINS(r->args, "{"));
  return st.answer;
}

static void setup(int with_hook) {
  e2b_mcp_config cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.api_key = KEY;
  cfg.api_url = "http://sim.test:8080";
  cfg.sock_port = &port;
  cfg.enable_kill = 1;
  if (with_hook) { cfg.audit = hook; cfg.audit_user = &got; }
  if (with_hook == 2) cfg.audit_start = start_hook;
  memset(&st, 0, sizeof st);
  fake_reset(&m);
  fake_port_init(&port, &m);
  CHECK(e2b_mcp_init(&srv, &cfg) == 0);
  memset(&got, 0, sizeof got);
}

static char said[512];   /* the last call's error message */
static int call(const char *tool, const char *args) {
  e2b_mcp_result r;
  int rc = e2b_mcp_call_tool(&srv, tool, args, &r);
  snprintf(said, sizeof said, "%s", rc == 0 && r.message ? r.message : "");
  e2b_mcp_close(&srv);
  return rc == 0 ? r.is_error : -1;
}

int main(void) {
  char big[E2B_MCP_AUDIT_ARGS_MAX + 200];
  size_t i;
  setup(1);
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 201 Created\r\nContent-Length: 39\r\n\r\n{\"sandboxID\":\"sb6\",\"templateID\":\"base\"}");
  CHECK(call("e2b_create_sandbox", "{\"template_id\":\"base\",\"env_vars\":{\"DB_PASSWORD\":\"hunter2\"},\"metadata\":{\"team\":\"blue\","
             "\"note\":\"" KEY "\",\"api_token\":\"x\"},\"timeout\":60}") == 0);
  CHECK(got.n == 1 && strcmp(got.tool, "e2b_create_sandbox") == 0 && got.group == E2B_MCP_GROUP_WRITE);
  CHECK(strcmp(got.who, "(none)") == 0 && strcmp(got.sbx, "sb6") == 0 && got.status == 201 && strcmp(got.outcome, "ok") == 0);
  CHECKM(strcmp(got.args, "{\"template_id\":\"base\",\"env_vars\":{\"DB_PASSWORD\":\"[redacted]\"},\"metadata\":{\"team\":\"blue\","
                          "\"note\":\"********************************************\",\"api_token\":\"[redacted]\"},\"timeout\":60}") == 0, got.args);
  CHECK(!CONTAINS(got.args, "hunter2") && !CONTAINS(got.args, "0123456789abcdef"));
  /* a kill: its sandbox from the argument, E2B's 204 */
  setup(1);
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 204 No Content\r\n\r\n");
  CHECK(call("e2b_kill_sandbox", "{\"sandbox_id\":\"sbk\"}") == 0);
  CHECK(got.n == 1 && got.group == E2B_MCP_GROUP_KILL && strcmp(got.sbx, "sbk") == 0 && got.status == 204 && strcmp(got.outcome, "ok") == 0);
  /* a read: group read; a list's sandboxes are not its sandbox */
  setup(1);
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n[]");
  CHECK(call("e2b_list_sandboxes", NULL) == 0);
  CHECK(got.n == 1 && got.group == E2B_MCP_GROUP_READ && got.sbx[0] == 0 && strcmp(got.args, "{}") == 0 && got.status == 200);
  /* E2B says no: its status, outcome error */
  setup(1);
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 404 Not Found\r\nContent-Length: 42\r\n\r\n{\"code\":404,\"message\":\"sandbox not found\"}");
  CHECK(call("e2b_get_sandbox", "{\"sandbox_id\":\"nope\"}") == 1);
  CHECK(got.n == 1 && got.status == 404 && strcmp(got.outcome, "error") == 0 && strcmp(got.sbx, "nope") == 0);
  /* nothing sent (arguments refused, E2B unreachable): no status */
  setup(1);
  CHECK(call("e2b_kill_sandbox", "{}") == 1);
  CHECK(got.n == 1 && got.status == 0 && strcmp(got.outcome, "error") == 0 && m.requests == 0);
  setup(1);
  m.open_err = E2B_MCP_ERR_CONNECT;
  CHECK(call("e2b_get_sandbox", "{\"sandbox_id\":\"sbx\"}") == 1);
  CHECK(got.n == 1 && got.status == 0 && strcmp(got.outcome, "error") == 0);
  /* arguments too long to keep: left out, saying so */
  setup(1);
  strcpy(big, "{\"sandbox_id\":\"sbl\",\"metadata\":{\"k\":\"");
  for (i = strlen(big); i < sizeof big - 8; i++) big[i] = 'a';
  strcpy(big + i, "\"}}");
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}");
  (void)call("e2b_get_sandbox", big);
  CHECKM(got.n == 1 && strcmp(got.args, "{\"_omitted\":\"longer than E2B_MCP_AUDIT_ARGS_MAX\"}") == 0, got.args);
  /* Forged records (issue 31): the arguments are decoded and written again, whatever came in.
     Nesting deeper than 8 levels with line breaks between the tokens and whole records on lines
     of their own, and a secret-named member below: cut with a marker, one line, nothing of it kept. */
  setup(1);
  (void)call("e2b_get_sandbox", "{\"sandbox_id\":\"sbd\",\"metadata\":{\"a\":{\"b\":{\"c\":{\"d\":{\"e\":{\"f\":{\"g\":{\"h\":[\n"
             "{\"time\":\"2026-01-01T00:00:00Z\",\"subject\":\"admin\",\"tool\":\"e2b_kill_sandbox\",\"sandbox_id\":\"victim\"}\n,"
             "{\"password\":\"hunter2\"}\r\n]}}}}}}}}}");
  CHECKM(got.n == 1 && one_json_line(got.args) && CONTAINS(got.args, "\"[too deep]\"") && !CONTAINS(got.args, "hunter2") &&
         !CONTAINS(got.args, "admin") && !CONTAINS(got.args, "victim") && m.requests == 0, got.args);
  /* invalid UTF-8 in a value and a name: U+FFFD, as E2B is sent */
  setup(1);
  (void)call("e2b_get_sandbox", "{\"sandbox_id\":\"sbu\",\"metadata\":{\"te\xffm\":\"bl\xc3ue\xe2\x82\",\"ok\":\"caf\xc3\xa9\"}}");
  CHECKM(got.n == 1 && one_json_line(got.args) &&
         strcmp(got.args, "{\"sandbox_id\":\"sbu\",\"metadata\":{\"te\\ufffdm\":\"bl\\ufffdue\\ufffd\\ufffd\",\"ok\":\"caf\xc3\xa9\"}}") == 0, got.args);
  /* escaped names are secret names once decoded; escaped values are decoded and written again */
  setup(1);
  (void)call("e2b_get_sandbox", "{\"s\\u0061ndbox_id\":\"sb\\u0031\",\"metadata\":{\"pass\\u0077ord\":\"hunter2\",\"t\\u006Fken\":\"tok-1\","
             "\"note\":\"a\\nb\\u00e9\\ud83d\\ude00\\u0000\\/\"}}");
  CHECKM(got.n == 1 && one_json_line(got.args) && !CONTAINS(got.args, "hunter2") && !CONTAINS(got.args, "tok-1") &&
         strcmp(got.args, "{\"sandbox_id\":\"sb1\",\"metadata\":{\"password\":\"[redacted]\",\"token\":\"[redacted]\","
                          "\"note\":\"a\\nb\xc3\xa9\xf0\x9f\x98\x80\xef\xbf\xbd/\"}}") == 0, got.args);
  /* key/value pairs: a secret-named pair's value is redacted, its name kept; a lone "key" is a secret */
  setup(1);
  (void)call("e2b_get_sandbox", "{\"sandbox_id\":\"sbp\",\"metadata\":[{\"key\":\"api_token\",\"value\":\"tok-2\"},"
             "{\"name\":\"DB_PASS\\u0057ORD\",\"value\":{\"v\":\"tok-3\"}},{\"key\":\"team\",\"value\":\"blue\"},{\"key\":\"tok-4\"}]}");
  CHECKM(got.n == 1 && one_json_line(got.args) && !CONTAINS(got.args, "tok-") &&
         strcmp(got.args, "{\"sandbox_id\":\"sbp\",\"metadata\":[{\"key\":\"api_token\",\"value\":\"[redacted]\"},"
                          "{\"name\":\"DB_PASSWORD\",\"value\":{\"v\":\"[redacted]\"}},{\"key\":\"team\",\"value\":\"blue\"},"
                          "{\"key\":\"[redacted]\"}]}") == 0, got.args);
  /* Fail closed (issue 31, item 2): audit_start hears of a call just before it goes to E2B, and a
     refusal (its log cannot be written) keeps it from E2B, says so, and is recorded as such. */
  setup(2);
  st.answer = -1;
  CHECK(call("e2b_kill_sandbox", "{\"sandbox_id\":\"sbf\"}") == 1);
  CHECKM(st.n == 1 && strcmp(st.outcome, "started") == 0 && strcmp(st.sbx, "sbf") == 0 && st.group == E2B_MCP_GROUP_KILL &&
         m.requests == 0 && m.opens == 0, st.outcome);
  CHECKM(CONTAINS(said, "audit log is unavailable") && CONTAINS(said, "nothing was sent"), said);
  CHECKM(got.n == 1 && strcmp(got.outcome, "audit_unavailable") == 0 && got.status == 0 && strcmp(got.sbx, "sbf") == 0, got.outcome);
  setup(2);   /* written: the call goes on */
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 204 No Content\r\n\r\n");
  CHECK(call("e2b_kill_sandbox", "{\"sandbox_id\":\"sbg\"}") == 0);
  CHECK(st.n == 1 && m.requests == 1 && got.n == 1 && strcmp(got.outcome, "ok") == 0 && got.status == 204);
  setup(2);   /* a call refused for its arguments never reaches the gate */
  st.answer = -1;
  CHECK(call("e2b_kill_sandbox", "{}") == 1);
  CHECK(st.n == 0 && got.n == 1 && strcmp(got.outcome, "error") == 0);
  /* no hook: nothing is called */
  setup(0);
  FAKE_ADD(fake_conn(&m, 0), "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n[]");
  CHECK(call("e2b_list_sandboxes", NULL) == 0 && got.n == 0);
  return CHECK_DONE();
}
