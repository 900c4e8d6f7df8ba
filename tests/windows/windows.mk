# tests/windows/windows.mk - e2b-mcp.exe for 64-bit Windows, included by the Makefile.
#   make windows          build/e2b-mcp.exe: static, BearSSL, the Winsock port; only system DLLs
#   make test-windows-*   the .exe under wine (Debian's wine64), driven from Linux:
#     windows-exe         it links only Windows' own DLLs, and answers --version
#     windows-https       the stdio integration suite over HTTPS to the simulator's TLS front
#     windows-consent     consent over stdio and Streamable HTTP served by the .exe
# Everything it needs is installed by scripts/install-deps.sh windows; BearSSL comes from
# Debian's source package, built once with mingw-w64 (scripts/build-bearssl-win.sh).
WIN_CC      := x86_64-w64-mingw32-gcc
WIN_BEARSSL := $(BUILD)/bearssl-win
WIN_CFLAGS  := -O2 -I$(WIN_BEARSSL)/inc -I.
WIN_LIBS    := -static -s -lws2_32 -lbcrypt -lcrypt32 -ladvapi32
WIN_BINS    := tests/windows/bin

.PHONY: windows deps-windows
deps: deps-windows
deps-windows:
	+@scripts/install-deps.sh windows >/dev/null

$(WIN_BEARSSL)/libbearssl.a: scripts/build-bearssl-win.sh | $(DEPS_FIRST)
	+@E2B_MCP_DEPS=$(E2B_MCP_DEPS) scripts/install-deps.sh windows
	@scripts/build-bearssl-win.sh

windows: $(BUILD)/e2b-mcp.exe
$(BUILD)/e2b-mcp.exe: examples/e2b-mcp.c $(HDRS) $(WIN_BEARSSL)/libbearssl.a | $(BUILD)
	$(WIN_CC) $(CSTD) $(WARN) $(WIN_CFLAGS) -DE2B_MCP_TLS_BEARSSL -o $@ examples/e2b-mcp.c $(WIN_BEARSSL)/libbearssl.a $(WIN_LIBS)

# The HTTP suites' small build (tests/http/http.mk's e2b-mcp-httptest), for Windows.
$(BUILD)/e2b-mcp-httptest.exe: examples/e2b-mcp.c $(HDRS) $(WIN_BEARSSL)/libbearssl.a | $(BUILD)
	$(WIN_CC) $(CSTD) $(WARN) $(WIN_CFLAGS) -DE2B_MCP_HTTP_CONNS=4 -DE2B_MCP_HTTP_SESSIONS=3 -DE2B_MCP_HTTP_LINGER=4 \
	  -DE2B_MCP_MSG_MAX=16384 -DE2B_MCP_HTTP_REQUEST_TIMEOUT_MS=1500 -DE2B_MCP_HTTP_IDLE_TIMEOUT_MS=4000 \
	  -DE2B_MCP_HTTP_HEAD_TIMEOUT_MS=700 -DE2B_MCP_ASK_TIMEOUT_MS=8000 -o $@ examples/e2b-mcp.c $(WIN_LIBS)

WIN_BUILD = $(MAKE) -s deps-windows $(BUILD)/e2b-mcp.exe $(BUILD)/e2b-mcp-httptest.exe >/dev/null || \
  { echo "FAIL make windows (scripts/install-deps.sh windows, scripts/build-bearssl-win.sh)"; echo "0 passed, 1 failed"; exit 1; }

test-windows-exe:
	@$(WIN_BUILD)
	@timeout 300 sh tests/windows/run.sh exe
test-windows-https:
	@$(WIN_BUILD)
	@timeout 900 sh tests/windows/run.sh https
test-windows-consent:
	@$(MAKE) -s $(BUILD)/e2b-mcp-httptest >/dev/null
	@$(WIN_BUILD)
	@timeout 600 sh tests/windows/run.sh consent

WINDOWS_SUITES := windows-exe windows-https windows-consent
TEST_SUITES += $(WINDOWS_SUITES)
.PHONY: $(addprefix test-,$(WINDOWS_SUITES))
