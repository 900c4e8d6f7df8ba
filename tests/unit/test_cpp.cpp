// test_cpp.cpp - the implementation compiled as C++ (g++ -std=c++11 -Wall -Wextra -pedantic -Werror),
// with a trivial in-process session: a custom tool called directly and through e2b_mcp_handle.
#define E2B_MCP_IMPLEMENTATION
#include "../../e2b_mcp.h"
#include "check.h"
#include "sink.h"

#include <string.h>

static e2b_mcp_server srv;   // static: the buffers are large

static void hello(e2b_mcp_call *c) {
  char who[32];
  if (e2b_mcp_arg_str(c, "who", who, sizeof who) != 1) strcpy(who, "world");
  e2b_mcp_json *w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "hello");
  e2b_mcp_json_str(w, who);
  e2b_mcp_json_obj_end(w);
}

int main() {
  e2b_mcp_config cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.api_url = "http://127.0.0.1:9";   // never contacted
  CHECK(e2b_mcp_init(&srv, &cfg) == 0);
  e2b_mcp_tool t;
  memset(&t, 0, sizeof t);
  t.name = "hello";
  t.description = "Says hello.";
  t.input_schema = "{\"type\":\"object\",\"properties\":{\"who\":{\"type\":\"string\"}}}";
  t.annotations = E2B_MCP_READ_ONLY;
  t.fn = hello;
  CHECK(e2b_mcp_add_tool(&srv, &t) == 0);

  e2b_mcp_result r;
  CHECK(e2b_mcp_call_tool(&srv, "hello", "{\"who\":\"C++\"}", &r) == 0);
  CHECK(!r.is_error && r.json && strcmp(r.json, "{\"hello\":\"C++\"}") == 0);
  // an E2B tool without a key: a clear error, no network
  CHECK(e2b_mcp_call_tool(&srv, "e2b_list_sandboxes", NULL, &r) == 0 && r.is_error && CONTAINS(r.message, "E2B_API_KEY"));

  static char buf[4096];
  static mem_sink k;   // tests/lib/sink.h, compiled as C++ too
  mem_sink_init(&k, buf, sizeof buf);
  const char *call = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"hello\"}}";
  CHECK(e2b_mcp_handle(&srv, call, strlen(call), &k.sink) == 1);
  CHECK(k.n == 1 && CONTAINS(mem_msg(&k, 0), "\"structuredContent\":{\"hello\":\"world\"}"));
  CHECK(strcmp(e2b_mcp_strerror(E2B_MCP_ERR_TIMEOUT), "the server did not answer in time") == 0);
  e2b_mcp_close(&srv);
  return CHECK_DONE();
}
