/* embedded.c - e2b_mcp.h inside an agent on a board: no stdio transport.

   Two styles. Blocking: the agent registers its own tools next to E2B's and
   calls them in-process with e2b_mcp_call_tool, the way its planner would
   after choosing a tool; each call returns with its result. One is simple
   (board_temperature: it answers at once); one calls E2B itself, in the two
   phases E2B's own tools use (board_running_sandboxes: build the request,
   shape the answer), so it runs concurrently in a call slot when served.
   Stepped (embedded --serve N): the board's own superloop serves MCP clients
   over Streamable HTTP, calling e2b_mcp_http_step with a time limit between
   its other jobs, until N requests were served. It is built with the small (microcontroller) profile: every
   buffer lives in one static e2b_mcp_server of about 40 KB, and nothing is
   allocated.

   Build:  cc -std=c99 -I. -o build/embedded examples/embedded.c
   Run:    E2B_API_URL=http://127.0.0.1:<port> E2B_API_KEY=e2b_... build/embedded [--serve N]
           (tests/sim/e2b-sim prints READY <port>; a real key needs a TLS build) */
#define E2B_MCP_SMALL          /* the microcontroller profile: small buffers */
#define E2B_MCP_WITH_STDIO 0   /* no stdio transport: this agent calls tools directly */
#define E2B_MCP_IMPLEMENTATION
#include "e2b_mcp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static e2b_mcp_server srv;   /* every buffer the library uses, in .bss */

/* Stands in for the board's sensor driver. */
static long read_sensor_millicelsius(long long sensor) { return 21500 + (long)sensor * 250; }

/* A tool of our own: validate the arguments, do the work, write one JSON object. */
static void board_temperature(e2b_mcp_call *c) {
  long long sensor = 0;
  long mc;
  e2b_mcp_json *w;
  int r = e2b_mcp_arg_int(c, "sensor", &sensor);
  if (r < 0 || sensor < 0 || sensor > 3) {
    e2b_mcp_result_error(c, "sensor must be an integer from 0 to 3");
    return;
  }
  mc = read_sensor_millicelsius(sensor);
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "sensor"); e2b_mcp_json_int(w, sensor);
  e2b_mcp_json_key(w, "millicelsius"); e2b_mcp_json_int(w, mc);
  e2b_mcp_json_obj_end(w);
}

static const e2b_mcp_tool board_tool = {
  "board_temperature", "Board temperature",
  "Read the temperature of one of the board's sensors (0-3), in millidegrees Celsius.",
  "{\"type\":\"object\",\"properties\":{\"sensor\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":3}}}",
  "{\"type\":\"object\",\"properties\":{\"sensor\":{\"type\":\"integer\"},\"millicelsius\":{\"type\":\"integer\"}},"
  "\"required\":[\"sensor\",\"millicelsius\"]}",
  E2B_MCP_READ_ONLY | E2B_MCP_CLOSED_WORLD, board_temperature, NULL, NULL, NULL
};

/* A tool that calls E2B itself: how many sandboxes run, per template. The
   build phase writes the request (no I/O); the library sends it (after the
   user's consent, had it asked for one), handles E2B's errors and 429s, and
   gives the 2xx answer to the shape phase. */
static int running_build(e2b_mcp_call *c, e2b_mcp_request *rq) {
  char tmpl[64];
  int r = e2b_mcp_arg_str(c, "template", tmpl, sizeof tmpl);
  if (r < 0) { e2b_mcp_result_error(c, "template must be a string of at most 63 bytes"); return -1; }
  if (e2b_mcp_request_start(c, rq, "GET", "/v2/sandboxes") != 0) return -1;
  e2b_mcp_request_query(rq, "state", "running");
  if (r > 0) e2b_mcp_request_query(rq, "template", tmpl);
  return 0;
}
static void running_shape(e2b_mcp_call *c, const e2b_mcp_request *rq, const e2b_mcp_response *r) {
  const jsmntok_t *t = e2b_mcp_response_json(c, r);
  e2b_mcp_json *w;
  (void)rq;
  if (!t) return;   /* the error result says why */
  if (t[0].type != JSMN_ARRAY) { e2b_mcp_result_error(c, "E2B's answer is not a list"); return; }
  w = e2b_mcp_result_json(c);
  e2b_mcp_json_obj(w);
  e2b_mcp_json_key(w, "running"); e2b_mcp_json_int(w, t[0].size);
  e2b_mcp_json_obj_end(w);
}
static const e2b_mcp_tool running_tool = {
  "board_running_sandboxes", "Running sandboxes",
  "Count the team's running E2B sandboxes, optionally of one template.",
  "{\"type\":\"object\",\"properties\":{\"template\":{\"type\":\"string\"}}}",
  "{\"type\":\"object\",\"properties\":{\"running\":{\"type\":\"integer\"}},\"required\":[\"running\"]}",
  E2B_MCP_READ_ONLY, NULL, NULL, running_build, running_shape
};

/* Calls one tool and prints what came back; returns 0 when it succeeded. */
static int call(const char *tool, const char *args) {
  e2b_mcp_result r;
  printf("> %s %s\n", tool, args ? args : "{}");
  if (e2b_mcp_call_tool(&srv, tool, args, &r) != 0) {
    printf("< no such tool, or the arguments are not a JSON object\n");
    return -1;
  }
  if (r.is_error) {
    printf("< error: %s\n", r.message);
    return -1;
  }
  printf("< %.*s\n", (int)r.json_len, r.json ? r.json : "");
  return 0;
}

/* The stepped style: the board's loop, with MCP served in slices of at most 10 ms. */
static int serve(unsigned long requests) {
  e2b_mcp_http_config http;
  unsigned long turns = 0;
  int err;
  memset(&http, 0, sizeof http);   /* 127.0.0.1, any free port, no token on loopback */
  if ((err = e2b_mcp_http_listen(&srv, &http)) != 0) {
    fprintf(stderr, "embedded: %s\n", e2b_mcp_strerror(err));
    return 2;
  }
  printf("serving MCP on http://127.0.0.1:%u/mcp\n", srv.http.port);
  fflush(stdout);
  while (srv.http.served < requests || e2b_mcp_calls_in_flight(&srv)) {   /* the last calls answered too */
    e2b_mcp_http_step(&srv, 10);   /* at most 10 ms here: a tool call waiting for E2B or its user waits in its slot, not here */
    turns++;                       /* ... the board's own jobs go here: sensors, display, watchdog */
  }
  printf("served %lu requests; the board's loop turned %lu times meanwhile\n", srv.http.served, turns);
  e2b_mcp_close(&srv);
  return 0;
}

int main(int argc, char **argv) {
  e2b_mcp_config cfg;
  int err, failed = 0;
  memset(&cfg, 0, sizeof cfg);
  cfg.api_key = getenv("E2B_API_KEY");
  cfg.api_url = getenv("E2B_API_URL");
  cfg.dashboard_url = getenv("E2B_DASHBOARD_API_URL");
  cfg.server_name = "board-agent";
  if ((err = e2b_mcp_init(&srv, &cfg)) != 0) {
    fprintf(stderr, "embedded: %s (check E2B_API_URL)\n", e2b_mcp_strerror(err));
    return 2;
  }
  if (e2b_mcp_add_tool(&srv, &board_tool) != 0 || e2b_mcp_add_tool(&srv, &running_tool) != 0) {
    fprintf(stderr, "embedded: could not register the board's tools\n");
    return 2;
  }
  printf("e2b_mcp %s, server state %lu bytes\n", E2B_MCP_VERSION, (unsigned long)sizeof srv);
  if (argc == 3 && strcmp(argv[1], "--serve") == 0) return serve(strtoul(argv[2], NULL, 10));

  failed |= call("board_temperature", "{\"sensor\":2}") != 0;
  failed |= call("e2b_list_sandboxes", "{\"state\":[\"running\"],\"limit\":2}") != 0;
  failed |= call("board_running_sandboxes", NULL) != 0;
  /* a bad argument is refused by the tool, and the agent carries on */
  call("board_temperature", "{\"sensor\":9}");

  e2b_mcp_close(&srv);
  return failed ? 1 : 0;
}
