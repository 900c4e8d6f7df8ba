/* fixture-server: e2b_mcp.h over Streamable HTTP with the fixture tools of the
   official MCP conformance suite (@modelcontextprotocol/conformance 0.1.16 for
   the 2025 revisions, 0.2.0-alpha.12 for 2026-07-28),
   and fixture prompts and resources, registered through the public custom-tool,
   prompt and resource APIs
   next to E2B's own.
   Test-only: these fixtures never ship in build/e2b-mcp.

   usage: fixture-server [PORT]      listens on 127.0.0.1:PORT (0: a free one)
   prints "READY <port>" on stdout once it listens; SIGTERM ends it.
          fixture-server --stdio     the same tools over stdio (tests/integration/test_inflight.py) */
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

/* Asks, then (run again with the answer) answers "<prefix>action=<a>, content=<json>". */
static void ask(e2b_mcp_call *c, const char *message, const char *schema, const char *prefix) {
  char text[2048];
  int r = e2b_mcp_elicit(c, message, schema), a, k;
  const char *js = c->js;
  const jsmntok_t *t = c->tok;
  if (r == E2B_MCP_ASKED) return;   /* the tool runs again once the answer is in */
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

/* ---- the stateless revision (2026-07-28): asking within the result ---- */

#define ASK_NAME(msg) "{\"method\":\"elicitation/create\",\"params\":{\"message\":\"" msg "\",\"requestedSchema\":" \
  "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}},\"required\":[\"name\"]}}}"
#define ASK_SAMPLE(text, max) "{\"method\":\"sampling/createMessage\",\"params\":{\"messages\":[{\"role\":\"user\"," \
  "\"content\":{\"type\":\"text\",\"text\":\"" text "\"}}],\"maxTokens\":" max "}}"
#define ASK_ROOTS "{\"method\":\"roots/list\",\"params\":{}}"

/* The text of a string at path a.b inside the answer to key ("" when absent). */
static void answer_str(e2b_mcp_call *c, const char *key, const char *a, const char *b, char *out, size_t cap) {
  int r = e2b_mcp_input_response(c, key);
  int v = e2b_mcp_json_find(c->js, c->tok, e2b_mcp_json_find(c->js, c->tok, r, a), b);
  out[0] = 0;
  if (v >= 0) snprintf(out, cap, "%.*s", c->tok[v].end - c->tok[v].start, c->js + c->tok[v].start);
}
static void need_modern(e2b_mcp_call *c) { e2b_mcp_result_error(c, "This tool asks within its result: call it as a 2026-07-28 client"); }

static void t_ir_elicitation(e2b_mcp_call *c) {
  char name[128], text[160];
  if (e2b_mcp_input_response(c, "user_name") < 0) {
    if (e2b_mcp_input_required(c, "{\"user_name\":" ASK_NAME("What is your name?") "}", NULL) != 0) need_modern(c);
    return;
  }
  answer_str(c, "user_name", "content", "name", name, sizeof name);
  snprintf(text, sizeof text, "Hello, %s!", name);
  e2b_mcp_result_text(c, text);
}
static void t_ir_sampling(e2b_mcp_call *c) {
  char said[256];
  if (e2b_mcp_input_response(c, "capital_question") < 0) {
    if (e2b_mcp_input_required(c, "{\"capital_question\":" ASK_SAMPLE("What is the capital of France?", "100") "}", NULL) != 0) need_modern(c);
    return;
  }
  answer_str(c, "capital_question", "content", "text", said, sizeof said);
  e2b_mcp_result_text(c, said[0] ? said : "(no text)");
}
static void t_ir_roots(e2b_mcp_call *c) {
  int r = e2b_mcp_input_response(c, "client_roots"), roots;
  char text[512];
  if (r < 0) {
    if (e2b_mcp_input_required(c, "{\"client_roots\":" ASK_ROOTS "}", NULL) != 0) need_modern(c);
    return;
  }
  roots = e2b_mcp_json_find(c->js, c->tok, r, "roots");
  snprintf(text, sizeof text, "Roots: %.*s", roots >= 0 ? c->tok[roots].end - c->tok[roots].start : 2, roots >= 0 ? c->js + c->tok[roots].start : "[]");
  e2b_mcp_result_text(c, text);
}
static void t_ir_state(e2b_mcp_call *c) {
  char st[64];
  if (e2b_mcp_input_response(c, "confirm") < 0 || e2b_mcp_request_state(c, st, sizeof st) < 0 || strcmp(st, "round1") != 0) {
    if (e2b_mcp_input_required(c, "{\"confirm\":{\"method\":\"elicitation/create\",\"params\":{\"message\":\"Please confirm\","
                               "\"requestedSchema\":{\"type\":\"object\",\"properties\":{\"ok\":{\"type\":\"boolean\"}},\"required\":[\"ok\"]}}}}",
                               "round1") != 0) need_modern(c);
    return;
  }
  e2b_mcp_result_text(c, "state-ok: the requestState came back intact");
}
static void t_ir_multiple(e2b_mcp_call *c) {
  char st[64];
  if (e2b_mcp_input_response(c, "user_name") < 0 || e2b_mcp_input_response(c, "greeting") < 0 ||
      e2b_mcp_input_response(c, "client_roots") < 0 || e2b_mcp_request_state(c, st, sizeof st) < 0) {
    if (e2b_mcp_input_required(c, "{\"user_name\":" ASK_NAME("What is your name?") ",\"greeting\":" ASK_SAMPLE("Generate a greeting", "50")
                               ",\"client_roots\":" ASK_ROOTS "}", "multi") != 0) need_modern(c);
    return;
  }
  e2b_mcp_result_text(c, "All three answers came back");
}
static void t_ir_multi_round(e2b_mcp_call *c) {
  char st[64];
  int have = e2b_mcp_request_state(c, st, sizeof st) > 0;
  if (have && strcmp(st, "round2") == 0 && e2b_mcp_input_response(c, "step2") >= 0) {
    e2b_mcp_result_text(c, "Both rounds answered");
    return;
  }
  if (have && strcmp(st, "round1") == 0 && e2b_mcp_input_response(c, "step1") >= 0) {
    e2b_mcp_input_required(c, "{\"step2\":{\"method\":\"elicitation/create\",\"params\":{\"message\":\"Step 2: What is your favorite color?\","
                           "\"requestedSchema\":{\"type\":\"object\",\"properties\":{\"color\":{\"type\":\"string\"}},\"required\":[\"color\"]}}}}",
                           "round2");
    return;
  }
  if (e2b_mcp_input_required(c, "{\"step1\":" ASK_NAME("Step 1: What is your name?") "}", "round1") != 0) need_modern(c);
}
static void t_ir_tampered(e2b_mcp_call *c) {
  char st[64];
  if (e2b_mcp_request_state(c, st, sizeof st) < 0) {   /* a tampered state never gets here: the core refuses it */
    if (e2b_mcp_input_required(c, "{\"confirm\":{\"method\":\"elicitation/create\",\"params\":{\"message\":\"Please confirm\","
                               "\"requestedSchema\":{\"type\":\"object\",\"properties\":{\"ok\":{\"type\":\"boolean\"}},\"required\":[\"ok\"]}}}}",
                               "sealed") != 0) need_modern(c);
    return;
  }
  e2b_mcp_result_text(c, "The state was intact");
}
static void t_ir_capabilities(e2b_mcp_call *c) {
  char req[1024];
  size_t n = 0;
  if (e2b_mcp_input_response(c, "q") >= 0 || e2b_mcp_input_response(c, "who") >= 0 || e2b_mcp_input_response(c, "roots") >= 0) {
    e2b_mcp_result_text(c, "Answered");
    return;
  }
  n += (size_t)snprintf(req + n, sizeof req - n, "{");
  if (e2b_mcp_client_has(c, "sampling")) n += (size_t)snprintf(req + n, sizeof req - n, "\"q\":%s", ASK_SAMPLE("Say hello", "20"));
  if (e2b_mcp_client_has(c, "elicitation")) n += (size_t)snprintf(req + n, sizeof req - n, "%s\"who\":%s", n > 1 ? "," : "", ASK_NAME("Who are you?"));
  if (e2b_mcp_client_has(c, "roots")) n += (size_t)snprintf(req + n, sizeof req - n, "%s\"roots\":%s", n > 1 ? "," : "", ASK_ROOTS);
  snprintf(req + n, sizeof req - n, "}");
  if (n == 1) { e2b_mcp_result_text(c, "The client declared nothing to ask with"); return; }
  if (e2b_mcp_input_required(c, req, NULL) != 0) need_modern(c);
}
static void t_missing_capability(e2b_mcp_call *c) {
  if (!e2b_mcp_client_has(c, "sampling")) {
    e2b_mcp_fail(c, -32021, "This tool needs the sampling capability, which the client did not declare",
                 "{\"requiredCapabilities\":{\"sampling\":{}}}");
    return;
  }
  e2b_mcp_result_text(c, "The client declared sampling");
}
static void t_streaming_elicitation(e2b_mcp_call *c) {
  if (e2b_mcp_input_response(c, "user_name") >= 0) { e2b_mcp_result_text(c, "Thanks"); return; }
  e2b_mcp_progress(c, 1, 2, "about to ask");
  if (e2b_mcp_input_required(c, "{\"user_name\":" ASK_NAME("What is your name?") "}", NULL) != 0) need_modern(c);
}
static void t_param_header(e2b_mcp_call *c) {   /* its argument also comes as the Mcp-Param-Region header */
  char region[128], text[160];
  if (e2b_mcp_arg_str(c, "region", region, sizeof region) != 1) { e2b_mcp_result_error(c, "region (a string) is required"); return; }
  snprintf(text, sizeof text, "region=%s", region);
  e2b_mcp_result_text(c, text);
}
static void t_logging_tool(e2b_mcp_call *c) {   /* sent only when the request asked for a level */
  e2b_mcp_log(c, "info", "one");
  e2b_mcp_log(c, "warning", "two");
  e2b_mcp_log(c, "error", "three");
  e2b_mcp_result_text(c, "Logged at the level the request asked for, if any");
}

#define NOARGS "{\"type\":\"object\",\"properties\":{}}"
static const e2b_mcp_tool fixtures[] = {
  { "test_simple_text", NULL, "Returns a simple text response", NOARGS, NULL, E2B_MCP_READ_ONLY, t_simple_text, NULL, NULL, NULL },
  { "test_image_content", NULL, "Returns an image", NOARGS, NULL, E2B_MCP_READ_ONLY, t_image, NULL, NULL, NULL },
  { "test_audio_content", NULL, "Returns audio", NOARGS, NULL, E2B_MCP_READ_ONLY, t_audio, NULL, NULL, NULL },
  { "test_embedded_resource", NULL, "Returns an embedded resource", NOARGS, NULL, E2B_MCP_READ_ONLY, t_embedded, NULL, NULL, NULL },
  { "test_multiple_content_types", NULL, "Returns text, an image and a resource", NOARGS, NULL, E2B_MCP_READ_ONLY, t_mixed, NULL, NULL, NULL },
  { "test_tool_with_logging", NULL, "Sends three log messages while it runs", NOARGS, NULL, E2B_MCP_READ_ONLY, t_logging, NULL, NULL, NULL },
  { "test_tool_with_progress", NULL, "Reports progress 0, 50, 100 of 100", NOARGS, NULL, E2B_MCP_READ_ONLY, t_progress, NULL, NULL, NULL },
  { "test_error_handling", NULL, "Always returns an error result", NOARGS, NULL, E2B_MCP_READ_ONLY, t_error, NULL, NULL, NULL },
  { "test_elicitation", NULL, "Asks the user for a username and an email",
    "{\"type\":\"object\",\"properties\":{\"message\":{\"type\":\"string\",\"description\":\"The message to show the user\"}},\"required\":[\"message\"]}",
    NULL, E2B_MCP_READ_ONLY, t_elicitation, NULL, NULL, NULL },
  { "test_elicitation_sep1034_defaults", NULL, "Asks with defaults for every primitive type", NOARGS, NULL, E2B_MCP_READ_ONLY, t_sep1034, NULL, NULL, NULL },
  { "test_elicitation_sep1330_enums", NULL, "Asks with every enum schema variant", NOARGS, NULL, E2B_MCP_READ_ONLY, t_sep1330, NULL, NULL, NULL },
  { "json_schema_2020_12_tool", NULL, "Tool with JSON Schema 2020-12 features",
    "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"type\":\"object\",\"$defs\":{\"address\":{\"$anchor\":\"addressDef\","
    "\"type\":\"object\",\"properties\":{\"street\":{\"type\":\"string\"},\"city\":{\"type\":\"string\"}}}},\"properties\":{\"name\":{\"type\":\"string\"},"
    "\"address\":{\"$ref\":\"#/$defs/address\"},\"contactMethod\":{\"type\":\"string\",\"enum\":[\"phone\",\"email\"]},"
    "\"phone\":{\"type\":\"string\"},\"email\":{\"type\":\"string\"}},"
    "\"allOf\":[{\"anyOf\":[{\"required\":[\"phone\"]},{\"required\":[\"email\"]}]}],"
    "\"if\":{\"properties\":{\"contactMethod\":{\"const\":\"phone\"}},\"required\":[\"contactMethod\"]},"
    "\"then\":{\"required\":[\"phone\"]},\"else\":{\"required\":[\"email\"]},\"additionalProperties\":false}",
    NULL, E2B_MCP_READ_ONLY, t_schema_2020, NULL, NULL, NULL },
  /* 2026-07-28: asking within the result, and the revision's diagnostics */
  { "test_input_required_result_elicitation", NULL, "Asks the user's name within its result", NOARGS, NULL, E2B_MCP_READ_ONLY, t_ir_elicitation, NULL, NULL, NULL },
  { "test_input_required_result_sampling", NULL, "Asks the client's model within its result", NOARGS, NULL, E2B_MCP_READ_ONLY, t_ir_sampling, NULL, NULL, NULL },
  { "test_input_required_result_list_roots", NULL, "Asks the client's roots within its result", NOARGS, NULL, E2B_MCP_READ_ONLY, t_ir_roots, NULL, NULL, NULL },
  { "test_input_required_result_request_state", NULL, "Asks with a sealed requestState and checks it comes back", NOARGS, NULL, E2B_MCP_READ_ONLY, t_ir_state, NULL, NULL, NULL },
  { "test_input_required_result_multiple_inputs", NULL, "Asks three things at once", NOARGS, NULL, E2B_MCP_READ_ONLY, t_ir_multiple, NULL, NULL, NULL },
  { "test_input_required_result_multi_round", NULL, "Asks in two rounds", NOARGS, NULL, E2B_MCP_READ_ONLY, t_ir_multi_round, NULL, NULL, NULL },
  { "test_input_required_result_tampered_state", NULL, "Refuses an altered requestState", NOARGS, NULL, E2B_MCP_READ_ONLY, t_ir_tampered, NULL, NULL, NULL },
  { "test_input_required_result_capabilities", NULL, "Asks only with what the client declared", NOARGS, NULL, E2B_MCP_READ_ONLY, t_ir_capabilities, NULL, NULL, NULL },
  { "test_missing_capability", NULL, "Needs the sampling capability", NOARGS, NULL, E2B_MCP_READ_ONLY, t_missing_capability, NULL, NULL, NULL },
  { "test_streaming_elicitation", NULL, "Reports progress, then asks within its result", NOARGS, NULL, E2B_MCP_READ_ONLY, t_streaming_elicitation, NULL, NULL, NULL },
  { "test_param_header", NULL, "Echoes a region that is mirrored into the Mcp-Param-Region header",
    "{\"type\":\"object\",\"properties\":{\"region\":{\"type\":\"string\",\"description\":\"A region\",\"x-mcp-header\":\"Region\"}},"
    "\"required\":[\"region\"]}", NULL, E2B_MCP_READ_ONLY, t_param_header, NULL, NULL, NULL },
  { "test_logging_tool", NULL, "Logs three messages at the level the request asks for", NOARGS, NULL, E2B_MCP_READ_ONLY, t_logging_tool, NULL, NULL, NULL }
};

/* The suites' fixture prompts, through the public prompt API next to E2B's
   (a build without prompts, such as the small profile's, has none). */
#if E2B_MCP_WITH_PROMPTS
static void p_simple(e2b_mcp_call *c) { e2b_mcp_prompt_text(c, "user", "This is a simple prompt for testing."); }
static void p_args(e2b_mcp_call *c) {
  char a[128], b[128], text[320];
  if (e2b_mcp_arg_str(c, "arg1", a, sizeof a) != 1 || e2b_mcp_arg_str(c, "arg2", b, sizeof b) != 1) {
    e2b_mcp_result_error(c, "Invalid arguments: arg1 and arg2 are strings of at most 127 bytes");
    return;
  }
  snprintf(text, sizeof text, "Prompt with arguments: arg1='%s', arg2='%s'", a, b);
  e2b_mcp_prompt_text(c, "user", text);
}
static void p_embedded(e2b_mcp_call *c) {
  char uri[256];
  if (e2b_mcp_arg_str(c, "resourceUri", uri, sizeof uri) != 1) { e2b_mcp_result_error(c, "Invalid argument resourceUri"); return; }
  e2b_mcp_prompt_resource(c, "user", uri, "text/plain", "Embedded resource content for testing.");
  e2b_mcp_prompt_text(c, "user", "Please process the embedded resource above.");
}
static void p_image(e2b_mcp_call *c) {
  e2b_mcp_prompt_image(c, "user", png, "image/png");
  e2b_mcp_prompt_text(c, "user", "Please analyze the image above.");
}
static void p_input_required(e2b_mcp_call *c) {   /* 2026-07-28: asks within the result, then answers */
  char ctx[128];
  int r = e2b_mcp_input_response(c, "user_context"), v;
  if (!c->modern) { e2b_mcp_prompt_text(c, "user", "Ask me for context first (a 2026-07-28 client is asked within the result)."); return; }
  if (r < 0) {
    e2b_mcp_input_required(c, "{\"user_context\":{\"method\":\"elicitation/create\",\"params\":{\"message\":\"What context should "
                              "the prompt use?\",\"requestedSchema\":{\"type\":\"object\",\"properties\":{\"context\":{\"type\":\"string\"}},"
                              "\"required\":[\"context\"]}}}}", NULL);
    return;
  }
  v = e2b_mcp_json_find(c->js, c->tok, e2b_mcp_json_find(c->js, c->tok, r, "content"), "context");
  if (v < 0 || c->tok[v].type != JSMN_STRING || c->tok[v].end - c->tok[v].start >= (int)sizeof ctx) strcpy(ctx, "none");
  else { memcpy(ctx, c->js + c->tok[v].start, (size_t)(c->tok[v].end - c->tok[v].start)); ctx[c->tok[v].end - c->tok[v].start] = 0; }
  {
    char text[200];
    snprintf(text, sizeof text, "Prompt with the user's context: %s", ctx);
    e2b_mcp_prompt_text(c, "user", text);
  }
}
static const e2b_mcp_prompt_arg args_two[] = { { "arg1", "First test argument", 1 }, { "arg2", "Second test argument", 1 } };
static const e2b_mcp_prompt_arg args_uri[] = { { "resourceUri", "URI of the resource to embed", 1 } };
static const e2b_mcp_prompt fixture_prompts[] = {
  { "test_simple_prompt", NULL, "A simple prompt without arguments", NULL, 0, p_simple, NULL },
  { "test_prompt_with_arguments", NULL, "A prompt with two required arguments", args_two, 2, p_args, NULL },
  { "test_prompt_with_embedded_resource", NULL, "A prompt with an embedded resource", args_uri, 1, p_embedded, NULL },
  { "test_prompt_with_image", NULL, "A prompt with an image", NULL, 0, p_image, NULL },
  { "test_input_required_result_prompt", NULL, "A prompt that asks the user within its result (2026-07-28)", NULL, 0, p_input_required, NULL }
};
#endif

/* The suites' fixture resources, through the public resource API next to E2B's
   (which are listed only with a key: this server has none in the suites; a
   build without resources has none). */
#if E2B_MCP_WITH_RESOURCES
static void r_text(e2b_mcp_call *c) { e2b_mcp_resource_text(c, "text/plain", "This is the content of the static text resource."); }
static void r_binary(e2b_mcp_call *c) { e2b_mcp_resource_blob(c, "image/png", png); }
static void r_watched(e2b_mcp_call *c) { e2b_mcp_resource_text(c, "text/plain", "The content of the watched resource."); }
static void r_template(e2b_mcp_call *c) {
  char id[64], text[192];
  size_t i;
  if (e2b_mcp_uri_var(c, "id", id, sizeof id) != 1) { e2b_mcp_result_error(c, "The id is longer than 63 bytes"); return; }
  for (i = 0; id[i]; i++)
    if (!((id[i] >= '0' && id[i] <= '9') || (id[i] >= 'a' && id[i] <= 'z') || (id[i] >= 'A' && id[i] <= 'Z'))) {
      e2b_mcp_result_error(c, "The id has only letters and digits");
      return;
    }
  snprintf(text, sizeof text, "{\"id\":\"%s\",\"templateTest\":true,\"data\":\"Data for ID: %s\"}", id, id);
  e2b_mcp_resource_text(c, "application/json", text);
}
/* The watched resource changed: its subscribers are told (e2b_mcp_resource_updated); the
   result says how many subscriptions were (tests/integration/test_subscribe.py). */
static void t_touch_watched(e2b_mcp_call *c) {
  char text[64];
  snprintf(text, sizeof text, "%d subscription(s) told", e2b_mcp_resource_updated(c->srv, "test://watched-resource"));
  e2b_mcp_result_text(c, text);
}
static const e2b_mcp_tool touch_watched = { "test_touch_watched", NULL, "Marks test://watched-resource as changed",
  "{\"type\":\"object\",\"properties\":{}}", NULL, E2B_MCP_READ_ONLY, t_touch_watched, NULL, NULL, NULL };
static const e2b_mcp_resource fixture_resources[] = {
  { "test://static-text", "static-text", NULL, "A static text resource", "text/plain", r_text, NULL },
  { "test://static-binary", "static-binary", NULL, "A static binary resource (a PNG image)", "image/png", r_binary, NULL },
  { "test://watched-resource", "watched-resource", NULL, "A resource a client may watch", "text/plain", r_watched, NULL },
  { "test://template/{id}/data", "template-data", NULL, "Data for an ID", "application/json", r_template, NULL }
};
#endif

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
#if E2B_MCP_WITH_RESOURCES
  for (i = 0; i < sizeof fixture_resources / sizeof fixture_resources[0]; i++)
    if (e2b_mcp_add_resource(&srv, &fixture_resources[i]) != 0) { fprintf(stderr, "fixture-server: cannot add %s\n", fixture_resources[i].uri); return 2; }
  if (e2b_mcp_add_tool(&srv, &touch_watched) != 0) { fprintf(stderr, "fixture-server: cannot add %s\n", touch_watched.name); return 2; }
#endif
#if E2B_MCP_WITH_PROMPTS
  for (i = 0; i < sizeof fixture_prompts / sizeof fixture_prompts[0]; i++)
    if (e2b_mcp_add_prompt(&srv, &fixture_prompts[i]) != 0) { fprintf(stderr, "fixture-server: cannot add %s\n", fixture_prompts[i].name); return 2; }
#endif
  if (argc > 1 && strcmp(argv[1], "--stdio") == 0) return e2b_mcp_serve_stdio(&srv);
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
