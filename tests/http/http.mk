# tests/http/http.mk — the Streamable HTTP transport, the official MCP conformance suite,
# the MCP inspector CLI and consent. Included by the top Makefile.
#   make test-http-rules        HTTP rules: token, Origin/Host, sessions, versions, sizes,
#                               slow clients, more clients than slots (Python stdlib)
#   make test-http-pools        fewer call buffers, request buffers and sessions than clients:
#                               all answered in order, a starved call waits, 503 past the queue
#   make test-http-consent      consent before billable calls, on stdio and on HTTP,
#                               checked against the simulator's request log
#   make test-http-conformance  @modelcontextprotocol/conformance against build/fixture-server:
#                               0.1.16 (2025 revisions) and 0.2.0-alpha.12 (2026-07-28)
#   make test-http-inspector    @modelcontextprotocol/inspector CLI against build/e2b-mcp
#                               (stdio and --http, legacy and --protocol-era modern) and the simulator
#   make test-http-client-v2    the official v2 TypeScript client (@modelcontextprotocol/client)
#                               pinned to 2026-07-28, auto and legacy, stdio and --http: every tool
#   make test-http-oauth        an OAuth 2.1 protected resource: metadata, 401/400 challenges,
#                               every refused token, the token never passed on or printed
#   make test-http-jwks         the issuer's keys found through its metadata and fetched over
#                               verified TLS (oidc-provider behind nginx with the test CA): at
#                               start, on a rotation (a slow JWKS: others served meanwhile), at
#                               most once a minute for an unknown kid; bad issuers refused
#   make test-http-connector    docs/operating.md's connector recipe end to end: oidc-provider (registration,
#                               PKCE, resource indicators) and the server behind nginx with the test
#                               CA, a user signing in in headless Chromium (puppeteer-core), the v2
#                               TypeScript client's OAuth and mcp-remote, calls, 403 beyond the scopes
#   make test-http-trace        a traceparent in a call's _meta (SEP-414) sent on to E2B as a header
#                               and written into the audit line; malformed ones dropped
#   make test-http-tasks        long calls as tasks (SEP-2663) in both eras, the simulator holding E2B's
#                               answers: polled to completion, cancelled, expired, refused to another user
#   make test-http-replicas     three --http replicas behind nginx (examples/nginx-replicas.conf):
#                               2026-07-28 round robin, 2025 sessions by Mcp-Session-Id, one stopped
# Node 22 and the npm packages go under build/npm/ (idempotent: skipped when the pinned
# version is there). Each suite ends with "N passed, N failed".

HTTP_NPM        := $(BUILD)/npm
HTTP_NODE_VER   := 22
HTTP_CONF_VER   := 0.1.16
HTTP_CONF2_VER  := 0.2.0-alpha.12
HTTP_CLIENT_VER := 2.4.0
HTTP_INSP_VER   := 2.12.0
HTTP_NODE_BIN   := $(HTTP_NPM)/node22/node_modules/node/bin
HTTP_OIDC_VER   := 9.13
HTTP_PPTR_VER   := 25.16.0
HTTP_REMOTE_VER := 0.15.1

TEST_SUITES += http-rules http-consent http-conformance http-inspector http-client-v2 http-replicas http-pools http-fair http-fdlimit
TEST_SUITES += http-oauth http-connector http-jwks http-trace http-tasks

.PHONY: test-http-tasks test-http-trace test-http-oauth test-http-jwks test-http-connector http-npm-connector test-http-pools test-http-rules test-http-consent test-http-conformance test-http-inspector test-http-client-v2 test-http-replicas http-node http-npm-oidc http-npm-conformance http-npm-inspector http-npm-client

# The server binary again with small slots and short timeouts, so the rules show in seconds.
$(BUILD)/e2b-mcp-httptest: examples/e2b-mcp.c $(HDRS) | $(BUILD)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) -I. -DE2B_MCP_HTTP_CONNS=4 -DE2B_MCP_HTTP_SESSIONS=3 -DE2B_MCP_HTTP_LINGER=4 \
	  -DE2B_MCP_MSG_MAX=16384 -DE2B_MCP_HTTP_REQUEST_TIMEOUT_MS=1500 -DE2B_MCP_HTTP_IDLE_TIMEOUT_MS=4000 \
	  -DE2B_MCP_HTTP_HEAD_TIMEOUT_MS=700 \
	  -DE2B_MCP_ASK_TIMEOUT_MS=8000 -o $@ examples/e2b-mcp.c

# The server binary with its TLS port (access tokens) and 3 session slots (tests/http/test_oauth.py:
# one user's sessions never push out another's).
$(BUILD)/e2b-mcp-sessions: examples/e2b-mcp.c $(HDRS) | $(BUILD) $(DEPS_FIRST)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) $(TLS_CFLAGS) -I. -DE2B_MCP_HTTP_SESSIONS=3 -o $@ examples/e2b-mcp.c $(TLS_LIBS)

# The server binary with fewer call buffers, request buffers and session slots than its clients:
# 4 call slots sharing 2 call buffers, a queue of 3, 24 connections sharing 8 request buffers, 8 sessions.
$(BUILD)/e2b-mcp-pools: examples/e2b-mcp.c $(HDRS) | $(BUILD)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) -I. -DE2B_MCP_CALLS=4 -DE2B_MCP_CALL_BUFS=2 -DE2B_MCP_QUEUE=3 \
	  -DE2B_MCP_HTTP_CONNS=24 -DE2B_MCP_HTTP_BUFS=8 -DE2B_MCP_HTTP_SESSIONS=8 -o $@ examples/e2b-mcp.c
# The same with as many request buffers as calls and queue (5) and 1 s request and idle timeouts:
# the calls hold every buffer, and the connections that wait for one must outlive their timeouts.
$(BUILD)/e2b-mcp-pools-clock: examples/e2b-mcp.c $(HDRS) | $(BUILD)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) -I. -DE2B_MCP_CALLS=4 -DE2B_MCP_CALL_BUFS=2 -DE2B_MCP_QUEUE=3 \
	  -DE2B_MCP_HTTP_CONNS=24 -DE2B_MCP_HTTP_BUFS=5 -DE2B_MCP_HTTP_SESSIONS=8 \
	  -DE2B_MCP_HTTP_REQUEST_TIMEOUT_MS=1000 -DE2B_MCP_HTTP_IDLE_TIMEOUT_MS=1000 -o $@ examples/e2b-mcp.c

# Questions a client never answers (tests/http/test_fair.py): 8 call slots, 2 questions a client.
$(BUILD)/e2b-mcp-fair: examples/e2b-mcp.c $(HDRS) | $(BUILD)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) -I. -DE2B_MCP_CALLS=8 -DE2B_MCP_ASKS_PER_CLIENT=2 -o $@ examples/e2b-mcp.c

# The POSIX port's poll(2) wait on Linux too (tests/http/test_fdlimit.py).
$(BUILD)/e2b-mcp-noepoll: examples/e2b-mcp.c $(HDRS) | $(BUILD)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) -I. -DE2B_MCP_SOCK_POSIX_NO_EPOLL -o $@ examples/e2b-mcp.c

# The server binary without 2025 HTTP sessions: 2026-07-28 clients only over HTTP.
$(BUILD)/e2b-mcp-modern-only: examples/e2b-mcp.c $(HDRS) | $(BUILD)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) -I. -DE2B_MCP_HTTP_SESSIONS=0 -o $@ examples/e2b-mcp.c

# A small send buffer on every accepted socket (LD_PRELOAD), so a client that does not read
# fills it with one answer, as on a slow link (tests/http/sndbuf_shim.c; not -pedantic:
# glibc declares accept() with a transparent union).
$(BUILD)/sndbuf-shim.so: tests/http/sndbuf_shim.c | $(BUILD)
	$(CC) -Wall -Wextra -Werror -shared -fPIC -o $@ tests/http/sndbuf_shim.c -ldl

# The conformance fixtures: a test-only server, never part of build/e2b-mcp.
$(BUILD)/fixture-server: tests/conformance/fixture-server.c $(HDRS) | $(BUILD)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) -I. -DE2B_MCP_MAX_TOOLS=32 -o $@ tests/conformance/fixture-server.c

# npm install of one pinned package into build/npm/<dir>, skipped when already there.
# $(1) dir, $(2) package, $(3) version
define http_npm_install
	@have=$$(sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' $(HTTP_NPM)/$(1)/node_modules/$(2)/package.json 2>/dev/null | head -n 1); \
	case "$$have" in $(3)|$(3).*) ;; *) \
	  command -v npm >/dev/null || { echo "FAIL npm is not installed (apt-get install npm)"; exit 1; }; \
	  mkdir -p $(HTTP_NPM)/$(1); \
	  [ -f $(HTTP_NPM)/$(1)/package.json ] || echo '{"name":"e2b-mcp-$(1)","private":true}' > $(HTTP_NPM)/$(1)/package.json; \
	  (cd $(HTTP_NPM)/$(1) && npm install --no-audit --no-fund --loglevel=error $(2)@$(3) >/dev/null) || \
	    { echo "FAIL npm install $(2)@$(3)"; exit 1; } ;; \
	esac
endef

http-node:
	$(call http_npm_install,node22,node,$(HTTP_NODE_VER))
http-npm-conformance: http-node
	$(call http_npm_install,conformance,@modelcontextprotocol/conformance,$(HTTP_CONF_VER))
	$(call http_npm_install,conformance2,@modelcontextprotocol/conformance,$(HTTP_CONF2_VER))
http-npm-inspector: http-node
	$(call http_npm_install,inspector,@modelcontextprotocol/inspector,$(HTTP_INSP_VER))
http-npm-oidc: http-node
	$(call http_npm_install,oidc,oidc-provider,$(HTTP_OIDC_VER))
http-npm-client: http-node
	$(call http_npm_install,client2,@modelcontextprotocol/client,$(HTTP_CLIENT_VER))
http-npm-connector: http-npm-oidc http-npm-client
	$(call http_npm_install,puppeteer,puppeteer-core,$(HTTP_PPTR_VER))
	$(call http_npm_install,mcp-remote,mcp-remote,$(HTTP_REMOTE_VER))

test-http-rules:
	@$(MAKE) -s $(BUILD)/e2b-mcp-httptest $(BUILD)/fixture-server $(BUILD)/sndbuf-shim.so >/dev/null || { echo "FAIL build"; echo "0 passed, 1 failed"; exit 1; }
	@timeout 300 python3 tests/http/test_http.py

test-http-pools:
	@$(MAKE) -s $(BUILD)/e2b-mcp-pools $(BUILD)/e2b-mcp-pools-clock >/dev/null || { echo "FAIL build"; echo "0 passed, 1 failed"; exit 1; }
	@timeout 300 python3 tests/http/test_pools.py

test-http-fair:
	@$(MAKE) -s $(BUILD)/e2b-mcp-fair >/dev/null || { echo "FAIL build"; echo "0 passed, 1 failed"; exit 1; }
	@timeout 300 python3 tests/http/test_fair.py

test-http-fdlimit:
	@$(MAKE) -s $(BUILD)/e2b-mcp $(BUILD)/e2b-mcp-noepoll >/dev/null || { echo "FAIL build"; echo "0 passed, 1 failed"; exit 1; }
	@timeout 120 python3 tests/http/test_fdlimit.py

test-http-consent:
	@$(MAKE) -s $(BUILD)/e2b-mcp $(BUILD)/e2b-mcp-httptest >/dev/null || { echo "FAIL build"; echo "0 passed, 1 failed"; exit 1; }
	@timeout 300 python3 tests/http/test_consent.py

test-http-conformance:
	@$(MAKE) -s $(BUILD)/fixture-server http-npm-conformance || { echo "0 passed, 1 failed"; exit 1; }
	@timeout 900 tests/conformance/run.sh

test-http-inspector:
	@$(MAKE) -s $(BUILD)/e2b-mcp http-npm-inspector || { echo "0 passed, 1 failed"; exit 1; }
	@timeout 600 python3 tests/http/test_inspector.py

test-http-client-v2:
	@$(MAKE) -s $(BUILD)/e2b-mcp $(BUILD)/e2b-mcp-modern-only $(BUILD)/e2b-mcp-httptest http-npm-client || { echo "0 passed, 1 failed"; exit 1; }
	@timeout 600 python3 tests/http/test_client_v2.py

test-http-trace:
	@$(MAKE) -s $(BUILD)/e2b-mcp >/dev/null || { echo "FAIL build"; echo "0 passed, 1 failed"; exit 1; }
	@timeout 120 python3 tests/http/test_trace.py

test-http-tasks:
	@$(MAKE) -s $(BUILD)/e2b-mcp http-npm-oidc >/dev/null || { echo "FAIL build"; echo "0 passed, 1 failed"; exit 1; }
	@timeout 120 python3 tests/http/test_tasks.py

test-http-replicas:
	+@scripts/install-deps.sh tls >/dev/null || { echo "FAIL scripts/install-deps.sh tls"; echo "0 passed, 1 failed"; exit 1; }
	@$(MAKE) -s $(BUILD)/e2b-mcp >/dev/null || { echo "FAIL build"; echo "0 passed, 1 failed"; exit 1; }
	@timeout 300 python3 tests/http/test_replicas.py

test-http-jwks:
	+@scripts/install-deps.sh tls >/dev/null || { echo "FAIL scripts/install-deps.sh tls"; echo "0 passed, 1 failed"; exit 1; }
	@$(MAKE) -s $(BUILD)/e2b-mcp http-npm-oidc >/dev/null || { echo "FAIL build"; echo "0 passed, 1 failed"; exit 1; }
	@command -v node >/dev/null || { echo "FAIL node is not installed (apt-get install nodejs)"; echo "0 passed, 1 failed"; exit 1; }
	@timeout 300 python3 tests/http/test_jwks.py

test-http-oauth:
	@$(MAKE) -s $(BUILD)/e2b-mcp $(BUILD)/e2b-mcp-plain $(BUILD)/e2b-mcp-sessions http-npm-oidc >/dev/null || { echo "FAIL build"; echo "0 passed, 1 failed"; exit 1; }
	@command -v node >/dev/null || { echo "FAIL node is not installed (apt-get install nodejs)"; echo "0 passed, 1 failed"; exit 1; }
	@timeout 300 python3 tests/http/test_oauth.py

test-http-connector:
	+@scripts/install-deps.sh browser >/dev/null || { echo "FAIL scripts/install-deps.sh browser"; echo "0 passed, 1 failed"; exit 1; }
	@$(MAKE) -s $(BUILD)/e2b-mcp http-npm-connector >/dev/null || { echo "FAIL build"; echo "0 passed, 1 failed"; exit 1; }
	@timeout 240 python3 tests/http/test_connector.py
