# tests/integration/integration.mk — build/e2b-mcp over stdio against the E2B simulator.
# Included by the top Makefile.
#   make test-integration   tests/integration/test_stdio.py (ends with "N passed, N failed")
#   make test-select        tests/integration/test_select.py: --tools / E2B_MCP_TOOLS and --read-only over
#                           stdio and Streamable HTTP (listing, a call to a tool left out, groups, a typo)
#   make test-budget        tests/integration/test_budget.py: results cut at a whole item within the result
#                           budget, and their continuations followed to the end (stdio and HTTP)
#   make test-inflight      tests/integration/test_inflight.py: calls in flight at once, over stdio and
#                           Streamable HTTP, with the simulator holding E2B's answers open (hold mode)
#   make test-subscribe     tests/integration/test_subscribe.py: resources/subscribe on sandboxes over stdio and
#                           Streamable HTTP (GET stream), the simulator changing their state; one poll per
#                           interval (build/e2b-mcp-poll polls every 300 ms)
#   make test-control       tests/integration/test_control.py: the newer control-plane tools (fork, snapshots,
#                           network rules, usage, batch metrics, lifecycle events, volumes, secrets, template
#                           build) over stdio and HTTP: happy paths, E2B's errors, consent, selection, scopes,
#                           budget and paging, 429, audit, redaction, lifecycle events subscribed to
#   make demo               builds, starts the simulator, runs a scripted MCP session, stops it
# The suite honours E2B_MCP_BIN, E2B_SIM_URL, E2B_API_URL, E2B_MCP_CA_FILE and
# E2B_MCP_SHORT_TIMEOUT_BIN (see the top of test_stdio.py).

TEST_SUITES += integration inflight select budget subscribe control

.PHONY: test-integration test-inflight test-select test-budget test-subscribe test-control demo

# The same server with a 1.5 s read timeout, for the read-timeout test (the default is 30 s).
$(BUILD)/e2b-mcp-short-timeout: examples/e2b-mcp.c $(HDRS) | $(BUILD) $(DEPS_FIRST)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) $(TLS_CFLAGS) -DE2B_MCP_READ_TIMEOUT_MS=1500 -I. -o $@ examples/e2b-mcp.c $(TLS_LIBS)

test-integration: all $(BUILD)/e2b-mcp-short-timeout
	@timeout 300 python3 tests/integration/test_stdio.py

test-select: all
	@timeout 180 python3 tests/integration/test_select.py

test-control: all $(BUILD)/e2b-mcp-poll
	@timeout 240 python3 tests/integration/test_control.py

test-budget: all $(BUILD)/e2b-mcp-small
	@timeout 300 python3 tests/integration/test_budget.py

# The same server polling subscribed sandboxes every 300 ms (the default is 5 s), with 2 request
# buffers (more GET streams than buffers) and 8 session slots (eviction), for the subscribe suite.
$(BUILD)/e2b-mcp-poll: examples/e2b-mcp.c $(HDRS) | $(BUILD) $(DEPS_FIRST)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) $(TLS_CFLAGS) -DE2B_MCP_SUBSCRIBE_POLL_MS=300 -DE2B_MCP_HTTP_BUFS=2 -DE2B_MCP_HTTP_SESSIONS=8 -I. -o $@ examples/e2b-mcp.c $(TLS_LIBS)

test-subscribe: all $(BUILD)/e2b-mcp-poll $(BUILD)/fixture-server $(BUILD)/sndbuf-shim.so
	@timeout 180 python3 tests/integration/test_subscribe.py

# The small profile's server (one call slot), for the inflight suite's small group.
$(BUILD)/e2b-mcp-small: examples/e2b-mcp.c $(HDRS) | $(BUILD) $(DEPS_FIRST)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) -DE2B_MCP_SMALL -I. -o $@ examples/e2b-mcp.c

# The conformance fixtures in the small profile (one call slot), for the inflight suite's ask-small group.
$(BUILD)/fixture-server-small: tests/conformance/fixture-server.c $(HDRS) | $(BUILD)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) -I. -DE2B_MCP_SMALL -DE2B_MCP_MAX_TOOLS=32 -o $@ tests/conformance/fixture-server.c

test-inflight: all $(BUILD)/e2b-mcp-small $(BUILD)/fixture-server $(BUILD)/fixture-server-small
	@timeout 200 python3 tests/integration/test_inflight.py

demo: deps all
	@timeout 180 python3 scripts/demo.py
