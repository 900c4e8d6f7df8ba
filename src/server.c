#include "server.h"
#include "config.h"
#include "derived.h"
#include "errors.h"
#include "util.h"
#include "port.h"
#include "client.h"
#include "seal.h"
#include "mcp.h"
#include "tools.h"
#include "prompts.h"
#include "resources.h"
#include "complete.h"
#include "engine.h"
/* >>server: set-up and close ---------------------------------------------------
   The one place that knows every layer: e2b_mcp_init readies each one's state,
   bottom up (the URLs and trust anchors of the E2B client, the key, the sealing
   key, the tool table with E2B's own tools). */
E2B_MCP_DEF int e2b_mcp_init_sized(e2b_mcp_server *s, const e2b_mcp_config *cfg, size_t size) {
  char url[E2B_MCP_HOST_MAX + 32];
  const char *domain;
  int r;
  if (size != sizeof *s) return E2B_MCP_ERR_CONFIG;   /* not one byte written: it is not our server */
  memset(s, 0, offsetof(e2b_mcp_server, msg));   /* the state; the buffers need no clearing */
  s->msg[0] = 0;
  if (cfg) s->cfg = *cfg;
  if (s->cfg.connect_timeout_ms <= 0) s->cfg.connect_timeout_ms = E2B_MCP_CONNECT_TIMEOUT_MS;
  if (s->cfg.read_timeout_ms <= 0) s->cfg.read_timeout_ms = E2B_MCP_READ_TIMEOUT_MS;
  if (s->cfg.dns_ttl_ms <= 0) s->cfg.dns_ttl_ms = E2B_MCP_DNS_TTL_MS;
  if (s->cfg.ask_timeout_ms <= 0) s->cfg.ask_timeout_ms = E2B_MCP_ASK_TIMEOUT_MS;
  if (s->cfg.state_ttl_s <= 0) s->cfg.state_ttl_s = E2B_MCP_STATE_TTL_S;
  if (s->cfg.list_ttl_ms <= 0) s->cfg.list_ttl_ms = E2B_MCP_LIST_TTL_MS;
#if E2B_MCP__SUBS
  if (s->cfg.subscribe_poll_ms <= 0) s->cfg.subscribe_poll_ms = E2B_MCP_SUBSCRIBE_POLL_MS;
#endif
  if (s->cfg.result_budget <= 0) s->cfg.result_budget = E2B_MCP_RESULT_BUDGET;
  if (s->cfg.result_budget > (long)E2B_MCP_RESULT_MAX) s->cfg.result_budget = (long)E2B_MCP_RESULT_MAX;
  s->net = s->cfg.sock_port ? s->cfg.sock_port : &e2b_mcp__default_port;
  if (s->cfg.state_once && !s->net->random) return E2B_MCP_ERR_CONFIG;   /* nonces unique across replicas need a random source */
  s->session.version = E2B_MCP__VLATEST;
  s->session.log_level = 1;   /* info */
  domain = s->cfg.domain && *s->cfg.domain ? s->cfg.domain : "e2b.app";
  if (strlen(domain) > E2B_MCP_HOST_MAX - 16) return E2B_MCP_ERR_URL;
  if (s->cfg.api_url && *s->cfg.api_url) r = e2b_mcp__url_parse(&s->api, s->cfg.api_url);
  else { e2b_mcp__fmt(url, sizeof url, "https://api.%s", domain); r = e2b_mcp__url_parse(&s->api, url); }
  if (r) return r;
  if (s->cfg.dashboard_url && *s->cfg.dashboard_url) r = e2b_mcp__url_parse(&s->dash, s->cfg.dashboard_url);
  else { e2b_mcp__fmt(url, sizeof url, "https://dashboard-api.%s", domain); r = e2b_mcp__url_parse(&s->dash, url); }
  if (r) return r;
  if (s->api.https || s->dash.https)
    s->trust_loaded = e2b_mcp_tls_trust_init(&s->trust, s->cfg.ca_file) > 0;
  e2b_mcp__load_key(s);
#if E2B_MCP_WITH_2026
  if (s->cfg.state_key && *s->cfg.state_key) {   /* any length: the key is its HMAC under a fixed label */
    static const char label[] = "e2b-mcp requestState key";
    e2b_mcp__hmac_sha256((const unsigned char *)s->cfg.state_key, strlen(s->cfg.state_key), label, sizeof label - 1, s->state_key);
    s->state_key_set = 1;
  }
  else s->state_key_set = s->net->random && s->net->random(s->net->user, s->state_key, sizeof s->state_key) == 0;
#endif
  if ((r = e2b_mcp__builtin_tools(s)) != 0) return r;
#if E2B_MCP_WITH_PROMPTS
  e2b_mcp__prompts_init(s);
#endif
#if E2B_MCP_WITH_RESOURCES
  e2b_mcp__resources_init(s);
#endif
#if E2B_MCP_WITH_COMPLETIONS
  e2b_mcp__complete_init(s);
#endif
  s->run = &e2b_mcp__engine_runner;
  return 0;
}

E2B_MCP_DEF int (e2b_mcp_init)(e2b_mcp_server *s, const e2b_mcp_config *cfg) {
  return e2b_mcp_init_sized(s, cfg, sizeof *s);
}
E2B_MCP_DEF size_t e2b_mcp_server_size(void) { return sizeof(e2b_mcp_server); }
