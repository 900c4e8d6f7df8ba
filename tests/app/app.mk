# tests/app/app.mk — the MCP App (ui://e2b/sandboxes, src/app/sandboxes.html). Included by the top Makefile.
#   make test-app   the extension on the wire (both eras, with and without it, per scope), and the App
#                   in Debian's headless Chromium through a host page built with the official client
#                   and @modelcontextprotocol/ext-apps's app bridge, against build/e2b-mcp --http, the
#                   simulator and oidc-provider's tokens; screenshots into build/app/
#   make app-screenshots   the same run, its screenshots into docs/ (what the README shows)
# The npm packages go under build/npm/apps (idempotent, pinned), Node 22 and oidc-provider as the
# HTTP suites have them.

APP_EXT_VER     := 2.0.4
APP_ESBUILD_VER := 0.25.12

TEST_SUITES += app

.PHONY: test-app app-npm app-screenshots

app-npm: http-npm-oidc
	$(call http_npm_install,apps,@modelcontextprotocol/ext-apps,$(APP_EXT_VER))
	$(call http_npm_install,apps,@modelcontextprotocol/client,$(HTTP_CLIENT_VER))
	$(call http_npm_install,apps,esbuild,$(APP_ESBUILD_VER))
	$(call http_npm_install,apps,puppeteer-core,$(HTTP_PPTR_VER))

test-app:
	+@scripts/install-deps.sh browser >/dev/null || { echo "FAIL scripts/install-deps.sh browser"; echo "0 passed, 1 failed"; exit 1; }
	@$(MAKE) -s $(BUILD)/e2b-mcp app-npm >/dev/null || { echo "FAIL build"; echo "0 passed, 1 failed"; exit 1; }
	@timeout 300 python3 tests/app/test_app.py

app-screenshots:
	@APP_SHOTS_DIR=docs $(MAKE) -s test-app
