# tests/api/api.mk — the tools against E2B's current API, and their schemas against the model
# providers' documented constraints. Included by the top Makefile.
#   make test-api      tests/api/test_api.py: v2 create/connect and their options, list order,
#                      error_code, timeouts and plan limits, on the simulator's request log
#   make test-schema   tests/api/check_schemas.py: tools/list of the default and the terse build
#                      against OpenAI's, Gemini's and Anthropic's rules, and the output schemas
#                      against the MCP inspector's portability lint
#   make test-api-keys tests/api/test_client_keys.py: per-client E2B keys over Streamable HTTP
#                      (E2B_MCP_HTTP_CLIENT_KEYS=1), two clients of two teams
# Each ends with "N passed, N failed".

TEST_SUITES += api schema api-keys

# E2B_MCP_MAX_TIMEOUT_S lowered to 1 h (a team on a 1 h plan that wants the server to say so first)
$(BUILD)/e2b-mcp-1h: examples/e2b-mcp.c $(HDRS) | $(BUILD) $(DEPS_FIRST)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) -DE2B_MCP_TLS_NONE -DE2B_MCP_MAX_TIMEOUT_S=3600 -I. -o $@ examples/e2b-mcp.c
# E2B_MCP_WITH_DESCRIPTIONS=0: the descriptions a board ships
$(BUILD)/e2b-mcp-terse: examples/e2b-mcp.c $(HDRS) | $(BUILD) $(DEPS_FIRST)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) -DE2B_MCP_TLS_NONE -DE2B_MCP_WITH_DESCRIPTIONS=0 -I. -o $@ examples/e2b-mcp.c

.PHONY: test-api test-schema test-api-keys
test-api: all $(BUILD)/e2b-mcp-1h
	@timeout 300 python3 tests/api/test_api.py $(BUILD)/e2b-mcp $(BUILD)/e2b-mcp-1h

test-schema: all $(BUILD)/e2b-mcp-terse
	@timeout 120 python3 tests/api/check_schemas.py $(BUILD)/e2b-mcp $(BUILD)/e2b-mcp-terse

test-api-keys: all
	@timeout 300 python3 tests/api/test_client_keys.py $(BUILD)/e2b-mcp
