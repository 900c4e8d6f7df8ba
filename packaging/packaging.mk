# packaging/packaging.mk - MCP bundles (.mcpb) for one-click installs, included by the Makefile.
#   make mcpb           build/mcpb/e2b-mcp-<version>-linux-x64.mcpb and -win32-x64.mcpb: the
#                       static Linux binary and the Windows .exe, each with its manifest.json
#                       (packaging/mcpb.py), validated and packed with the official
#                       @anthropic-ai/mcpb tool (npm, pinned, installed into build/npm/mcpb)
#                       and build/mcpb/server.json, the registry entry naming both bundles
#                       with their SHA-256 (packaging/server_json.py; MCPB_RELEASE_URL: where
#                       they are downloaded from, default the GitHub release of the registry
#                       name; MCPB_PUBLIC_URL: a hosted endpoint to list as a remote)
#   make test-mcpb      each bundle unpacked and started as Claude Desktop starts one
#                       (tests/packaging/test_mcpb.py)
#   make test-registry  server.json against the registry schema's rules, and the server card
#                       the binary serves over HTTP against the same, on two replicas
#                       (tests/packaging/test_registry.py)
MCPB_VER  := 2.1.2
MCPB_TOOL := $(HTTP_NPM)/mcpb/node_modules/.bin/mcpb
MCPB_DIR  := $(BUILD)/mcpb
MCPB_OUT  := $(MCPB_DIR)/e2b-mcp-$(E2B_MCP_VER)-linux-x64.mcpb $(MCPB_DIR)/e2b-mcp-$(E2B_MCP_VER)-win32-x64.mcpb
MCPB_RELEASE_URL ?=
MCPB_PUBLIC_URL  ?=
MCPB_REPOSITORY  ?=

.PHONY: mcpb mcpb-tool test-mcpb test-registry
mcpb-tool: http-node
	$(call http_npm_install,mcpb,@anthropic-ai/mcpb,$(MCPB_VER))

mcpb: $(BUILD)/e2b-mcp-static $(BUILD)/e2b-mcp.exe packaging/mcpb.py | mcpb-tool
	@python3 packaging/mcpb.py $(MCPB_DIR) $(E2B_MCP_VER) $(BUILD)/e2b-mcp-static $(BUILD)/e2b-mcp.exe >/dev/null
	@for p in linux win32; do \
	  PATH="$(abspath $(HTTP_NODE_BIN)):$$PATH" $(MCPB_TOOL) validate $(MCPB_DIR)/$$p-x64/manifest.json >/dev/null && \
	  PATH="$(abspath $(HTTP_NODE_BIN)):$$PATH" $(MCPB_TOOL) pack $(MCPB_DIR)/$$p-x64 $(MCPB_DIR)/e2b-mcp-$(E2B_MCP_VER)-$$p-x64.mcpb >/dev/null || exit 1; \
	  echo "$(MCPB_DIR)/e2b-mcp-$(E2B_MCP_VER)-$$p-x64.mcpb"; \
	done
	@python3 packaging/server_json.py $(MCPB_DIR)/server.json $(E2B_MCP_VER) "$(MCPB_RELEASE_URL)" "$(MCPB_PUBLIC_URL)" "$(MCPB_REPOSITORY)" $(MCPB_OUT)

test-mcpb:
	@$(MAKE) -s deps-windows mcpb >/dev/null || { echo "FAIL make mcpb"; echo "0 passed, 1 failed"; exit 1; }
	@PATH="$(abspath $(HTTP_NODE_BIN)):$$PATH" timeout 300 python3 tests/packaging/test_mcpb.py $(abspath $(MCPB_TOOL)) $(MCPB_OUT)

test-registry:
	@$(MAKE) -s deps-windows mcpb $(BUILD)/e2b-mcp >/dev/null || { echo "FAIL make mcpb"; echo "0 passed, 1 failed"; exit 1; }
	@timeout 120 python3 tests/packaging/test_registry.py $(MCPB_DIR)/server.json $(MCPB_OUT)

TEST_SUITES += mcpb registry
