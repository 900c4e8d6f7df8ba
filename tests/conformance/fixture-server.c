/* fixture-server: e2b_mcp.h over Streamable HTTP with the fixture tools of the
   official MCP conformance suite (@modelcontextprotocol/conformance 0.1.16),
   registered through the public custom-tool API next to the E2B tools.
   Test-only: these fixtures never ship in build/e2b-mcp.

   usage: fixture-server [PORT]      listens on 127.0.0.1:PORT (0: a free one)
   prints "READY <port>" on stdout once it listens; SIGTERM ends it. */
#define E2B_MCP_IMPLEMENTATION
#include "../../e2b_mcp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <time.h>

static e2b_mcp_server srv;

static void on_stop(int sig) { (void)sig; srv.http.stop = 1; }

static void pause_ms(long ms) {
  struct timespec ts;
  ts.tv_sec = ms / 1000;
  ts.tv_nsec = (ms % 1000) * 1000000L;
  nanosleep(&ts, NULL);
}

/* 1x1 PNG and a 8-sample 8 kHz WAV. */
static const char png[] = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
static const char wav[] = "UklGRiwAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQgAAACAgICAgICAgA==";

static void t_simple_text(e2b_mcp_call *c) { e2b_mcp_result_text(c, "This is a simple text response for testing."); }
static void t_image(e2b_mcp_call *c) { e2b_mcp_result_image(c, png, "image/png"); }
static void t_audio(e2b_mcp_call *c) { e2b_mcp_result_audio(c, wav, "audio/wav"); }
static void t_embedded(e2b_mcp_call *c) {
  e2b_mcp_result_resource(c, "test://embedded-resource", "text/plain", "This is an embedded resource content.");
}
static void t_mixed(e2b_mcp_call *c) {
  e2b_mcp_result_text(c, "Multiple content types test:");
  e2b_mcp_result_image(c, png, "image/png");
  e2b_mcp_result_resource(c, "test://mixed-content-resource", "application/json", "{\"test\":\"data\",\"value\":123}");
}
static void t_error(e2b_mcp_call *c) { e2b_mcp_result_error(c, "This tool intentionally returns an error for testing"); }
static void t_logging(e2b_mcp_call *c) {
  e2b_mcp_log(c, "info", "Tool execution started");
  pause_ms(50);
  e2b_mcp_log(c, "info", "Tool processing data");
  pause_ms(50);
  e2b_mcp_log(c, "info", "Tool execution completed");
  e2b_mcp_result_text(c, "Tool with logging executed successfully");
}
static void t_progress(e2b_mcp_call *c) {
  e2b_mcp_progress(c, 0, 100, NULL);
  pause_ms(50);
  e2b_mcp_progress(c, 50, 100, NULL);
  pause_ms(50);
  e2b_mcp_progress(c, 100, 100, NULL);
  e2b_mcp_result_text(c, "Tool with progress executed successfully");
}

/* Asks, then answers "<prefix>action=<a>, content=<json>". */
static void ask(e2b_mcp_call *c, const char *message, const char *schema, const char *prefix) {
  char text[2048];
  int r = e2b_mcp_elicit(c, message, schema), a, k;
  const char *js = c->srv->msg;
  const jsmntok_t *t = c->srv->mtok;
  if (r == -1) { e2b_mcp_result_error(c, "The client does not support elicitation"); return; }
  if (r < 0) { e2b_mcp_result_error(c, "The client did not answer the elicitation request"); return; }
  a = e2b_mcp_json_find(js, t, r, "action");
  k = e2b_mcp_json_find(js, t, r, "content");
  snprintf(text, sizeof text, "%saction=%.*s, content=%.*s", prefix,
           a >= 0 ? t[a].end - t[a].start : 7, a >= 0 ? js + t[a].start : "unknown",
           k >= 0 ? t[k].end - t[k].start : 2, k >= 0 ? js + t[k].start : "{}");
  e2b_mcp_result_text(c, text);
}
static void t_elicitation(e2b_mcp_call *c) {
  char msg[512];
  if (e2b_mcp_arg_str(c, "message", msg, sizeof msg) != 1) { e2b_mcp_result_error(c, "message (a string) is required"); return; }
  ask(c, msg,
      "{\"type\":\"object\",\"properties\":{\"username\":{\"type\":\"string\",\"description\":\"User's response\"},"
      "\"email\":{\"type\":\"string\",\"description\":\"User's email address\"}},\"required\":[\"username\",\"email\"]}",
      "User response: ");
}
static void t_sep1034(e2b_mcp_call *c) {
  ask(c, "Please review and update the form fields with defaults",
      "{\"type\":\"object\",\"properties\":{"
      "\"name\":{\"type\":\"string\",\"description\":\"User name\",\"default\":\"John Doe\"},"
      "\"age\":{\"type\":\"integer\",\"description\":\"User age\",\"default\":30},"
      "\"score\":{\"type\":\"number\",\"description\":\"User score\",\"default\":95.5},"
      "\"status\":{\"type\":\"string\",\"description\":\"User status\",\"enum\":[\"active\",\"inactive\",\"pending\"],\"default\":\"active\"},"
      "\"verified\":{\"type\":\"boolean\",\"description\":\"Verification status\",\"default\":true}}}",
      "Elicitation completed: ");
}
static void t_sep1330(e2b_mcp_call *c) {
  ask(c, "Test all enum schema variants",
      "{\"type\":\"object\",\"properties\":{"
      "\"untitledSingle\":{\"type\":\"string\",\"enum\":[\"option1\",\"option2\",\"option3\"]},"
      "\"titledSingle\":{\"type\":\"string\",\"oneOf\":[{\"const\":\"value1\",\"title\":\"First Option\"},"
      "{\"const\":\"value2\",\"title\":\"Second Option\"},{\"const\":\"value3\",\"title\":\"Third Option\"}]},"
      "\"legacyEnum\":{\"type\":\"string\",\"enum\":[\"opt1\",\"opt2\",\"opt3\"],\"enumNames\":[\"Option One\",\"Option Two\",\"Option Three\"]},"
      "\"untitledMulti\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"enum\":[\"option1\",\"option2\",\"option3\"]}},"
      "\"titledMulti\":{\"type\":\"array\",\"items\":{\"anyOf\":[{\"const\":\"value1\",\"title\":\"First Choice\"},"
      "{\"const\":\"value2\",\"title\":\"Second Choice\"},{\"const\":\"value3\",\"title\":\"Third Choice\"}]}}}}",
      "Elicitation completed: ");
}
static void t_schema_2020(e2b_mcp_call *c) { e2b_mcp_result_text(c, "ok"); }

#define NOARGS "{\"type\":\"object\",\"properties\":{}}"
static const e2b_mcp_tool fixtures[] = {
  { "test_simple_text", NULL, "Returns a simple text response", NOARGS, NULL, E2B_MCP_READ_ONLY, t_simple_text, NULL },
  { "test_image_content", NULL, "Returns an image", NOARGS, NULL, E2B_MCP_READ_ONLY, t_image, NULL },
  { "test_audio_content", NULL, "Returns audio", NOARGS, NULL, E2B_MCP_READ_ONLY, t_audio, NULL },
  { "test_embedded_resource", NULL, "Returns an embedded resource", NOARGS, NULL, E2B_MCP_READ_ONLY, t_embedded, NULL },
  { "test_multiple_content_types", NULL, "Returns text, an image and a resource", NOARGS, NULL, E2B_MCP_READ_ONLY, t_mixed, NULL },
  { "test_tool_with_logging", NULL, "Sends three log messages while it runs", NOARGS, NULL, E2B_MCP_READ_ONLY, t_logging, NULL },
  { "test_tool_with_progress", NULL, "Reports progress 0, 50, 100 of 100", NOARGS, NULL, E2B_MCP_READ_ONLY, t_progress, NULL },
  { "test_error_handling", NULL, "Always returns an error result", NOARGS, NULL, E2B_MCP_READ_ONLY, t_error, NULL },
  { "test_elicitation", NULL, "Asks the user for a username and an email",
    "{\"type\":\"object\",\"properties\":{\"message\":{\"type\":\"string\",\"description\":\"The message to show the user\"}},\"required\":[\"message\"]}",
    NULL, E2B_MCP_READ_ONLY, t_elicitation, NULL },
  { "test_elicitation_sep1034_defaults", NULL, "Asks with defaults for every primitive type", NOARGS, NULL, E2B_MCP_READ_ONLY, t_sep1034, NULL },
  { "test_elicitation_sep1330_enums", NULL, "Asks with every enum schema variant", NOARGS, NULL, E2B_MCP_READ_ONLY, t_sep1330, NULL },
  { "json_schema_2020_12_tool", NULL, "Tool with JSON Schema 2020-12 features",
    "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"type\":\"object\",\"$defs\":{\"address\":{\"type\":\"object\","
    "\"properties\":{\"street\":{\"type\":\"string\"},\"city\":{\"type\":\"string\"}}}},\"properties\":{\"name\":{\"type\":\"string\"},"
    "\"address\":{\"$ref\":\"#/$defs/address\"}},\"additionalProperties\":false}",
    NULL, E2B_MCP_READ_ONLY, t_schema_2020, NULL }
};

int main(int argc, char **argv) {
  e2b_mcp_config cfg;
  e2b_mcp_http_config http;
  size_t i;
  int r;
  signal(SIGPIPE, SIG_IGN);
  memset(&cfg, 0, sizeof cfg);
  cfg.api_key = getenv("E2B_API_KEY");
  cfg.api_url = getenv("E2B_API_URL");
  cfg.dashboard_url = getenv("E2B_DASHBOARD_API_URL");
  cfg.server_name = "e2b-mcp-conformance-fixtures";
  if (e2b_mcp_init(&srv, &cfg) != 0) { fprintf(stderr, "fixture-server: bad E2B URLs\n"); return 2; }
  for (i = 0; i < sizeof fixtures / sizeof fixtures[0]; i++)
    if (e2b_mcp_add_tool(&srv, &fixtures[i]) != 0) { fprintf(stderr, "fixture-server: cannot add %s\n", fixtures[i].name); return 2; }
  memset(&http, 0, sizeof http);
  http.host = "127.0.0.1";
  http.port = argc > 1 ? (unsigned)atoi(argv[1]) : 0;
  if ((r = e2b_mcp_http_listen(&srv, &http)) != 0) { fprintf(stderr, "fixture-server: %s\n", e2b_mcp_strerror(r)); return 2; }
  signal(SIGINT, on_stop);
  signal(SIGTERM, on_stop);
  printf("READY %u\n", srv.http.port);
  fflush(stdout);
  return e2b_mcp_http_run(&srv);
}
