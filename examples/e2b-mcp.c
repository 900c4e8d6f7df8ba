/* e2b-mcp: the E2B sandbox MCP server over stdio (and, with --http, Streamable HTTP).

   Configuration comes from the environment (see --help); the API key is never
   printed. Build: make (gives build/e2b-mcp). */
#define E2B_MCP_IMPLEMENTATION
#include "../e2b_mcp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>

static e2b_mcp_server srv;   /* every buffer the server uses lives here */

static const char usage[] =
  "usage: e2b-mcp                    MCP over stdio (the default)\n"
  "       e2b-mcp --http HOST:PORT   Streamable HTTP on http://HOST:PORT/mcp\n"
  "       e2b-mcp --version | --help\n"
  "\n"
  "environment:\n"
  "  E2B_API_KEY            team API key (e2b_...); never printed or logged\n"
  "  E2B_DOMAIN             default e2b.app: API at https://api.<domain>\n"
  "  E2B_API_URL            full API base URL (http:// or https://), overrides the domain\n"
  "  E2B_DASHBOARD_API_URL  full Dashboard API base URL (default templates)\n"
  "  E2B_MCP_CA_FILE        PEM trust anchors (default: the system bundle)\n"
  "  E2B_MCP_ENABLE_KILL    1 exposes e2b_kill_sandbox\n"
  "  E2B_MCP_HTTP_TOKEN     with --http: the bearer token every client must send\n";

int main(int argc, char **argv) {
  e2b_mcp_config cfg;
  const char *kill = getenv("E2B_MCP_ENABLE_KILL");
  int r;
  if (argc > 1) {
    if (strcmp(argv[1], "--version") == 0) { printf("e2b-mcp %s\n", E2B_MCP_VERSION); return 0; }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) { fputs(usage, stdout); return 0; }
    fprintf(stderr, "e2b-mcp: unknown argument '%s'\n\n%s", argv[1], usage);
    return 2;
  }
  signal(SIGPIPE, SIG_IGN);
  memset(&cfg, 0, sizeof cfg);
  cfg.api_key = getenv("E2B_API_KEY");
  cfg.domain = getenv("E2B_DOMAIN");
  cfg.api_url = getenv("E2B_API_URL");
  cfg.dashboard_url = getenv("E2B_DASHBOARD_API_URL");
  cfg.ca_file = getenv("E2B_MCP_CA_FILE");
  cfg.enable_kill = kill && strcmp(kill, "1") == 0;
  r = e2b_mcp_init(&srv, &cfg);
  if (r != 0) {
    fprintf(stderr, "e2b-mcp: %s (check E2B_API_URL, E2B_DASHBOARD_API_URL and E2B_DOMAIN)\n", e2b_mcp_strerror(r));
    return 2;
  }
  if (srv.key_problem) fprintf(stderr, "e2b-mcp: E2B_API_KEY is missing or not a team key; tools will say how to fix it\n");
  return e2b_mcp_serve_stdio(&srv);
}
