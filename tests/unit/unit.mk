# tests/unit/unit.mk — unit tests of e2b_mcp.h. Included by the top Makefile.
#   make test-unit-json       JSON writer and reader helpers
#   make test-unit-http       HTTP client through a replaying socket port, every split point
#   make test-unit-mcp        MCP core in-process (built with E2B_MCP_TOOLS_PAGE=5)
#   make test-unit-surface    prompts, resources and completions in-process
#   make test-unit-state      SHA-256, HMAC-SHA256 (RFC 4231) and the sealed requestState
#   make test-unit-nomalloc   no heap: interposed allocator, nm -u, and the real binary under a counter
#   make test-unit-cpp        the implementation compiled as C++
#   make test-unit-embedded   examples/embedded.c against the simulator
#   make test-unit-profile    builds with parts left out: the minimal profile, single switches off
#   make test-unit-abi        a file built with other settings than the implementation: E2B_MCP_ERR_CONFIG
#   make test-unit-auth       JWT access tokens (>>auth), keys and tokens made at the run by node's
#                             crypto, verified through BearSSL, its minimal profile, mbedTLS, and
#                             refused by a build without a verifier; test_mcp with tokens' scopes
# Each C test is built twice, warning-free: plain -O2 (a warning check) and with
# AddressSanitizer + UndefinedBehaviorSanitizer (the one that runs). Each suite's last
# line is "N passed, N failed".

TEST_SUITES += unit-json unit-http unit-mcp unit-surface unit-state unit-nomalloc unit-cpp unit-embedded unit-abi unit-auth unit-profile

UNIT_DIR   := $(BUILD)/unit
UNIT_CF    := $(CSTD) $(WARN) -g -I. -Itests/lib
UNIT_SAN   := -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
UNIT_DEPS  := tests/lib/check.h tests/lib/fake_port.h tests/lib/sink.h tests/lib/jsonpath.h $(HDRS)

.PHONY: test-unit-profile test-unit-abi test-unit-auth test-unit test-unit-json test-unit-http test-unit-mcp test-unit-surface test-unit-state test-unit-nomalloc test-unit-cpp test-unit-embedded

$(UNIT_DIR):
	@mkdir -p $(UNIT_DIR)

# test_<name>: sanitized, run; test_<name>.plain: optimised, only built (more warnings show at -O2).
$(UNIT_DIR)/test_%: tests/unit/test_%.c $(UNIT_DEPS) | $(UNIT_DIR)
	$(CC) $(UNIT_CF) -O2 $(UNIT_EXTRA_$*) -o $@.plain $<
	$(CC) $(UNIT_CF) $(UNIT_SAN) $(UNIT_EXTRA_$*) -o $@ $<

UNIT_EXTRA_mcp := -DE2B_MCP_TOOLS_PAGE=5
UNIT_EXTRA_profile := -DE2B_MCP_MINIMAL
# the desktop profile with one tool and the features of a cost left out (the compile matrix
# builds each switch off alone)
UNIT_EXTRA_profile_off := -DE2B_MCP_TOOL_CREATE_SANDBOX=0 -DE2B_MCP_WITH_2026=0 -DE2B_MCP_WITH_BATCH=0 -DE2B_MCP_WITH_CONSENT=0 \
  -DE2B_MCP_WITH_OUTPUT_CHECK=0 -DE2B_MCP_WITH_CLIENT_KEYS=0
$(UNIT_DIR)/test_profile_off: tests/unit/test_profile.c $(UNIT_DEPS) | $(UNIT_DIR)
	$(CC) $(UNIT_CF) $(UNIT_SAN) $(UNIT_EXTRA_profile_off) -o $@ $<

# and the table of the messages a model reads, in both forms (tests/unit/messages.py)
test-unit-profile: $(UNIT_DIR)/test_profile $(UNIT_DIR)/test_profile_off
	@$(UNIT_DIR)/test_profile | sed 's/^/minimal: /' | grep -v ' passed, ' ; \
	 $(UNIT_DIR)/test_profile_off | sed 's/^/desktop, parts off: /' | grep -v ' passed, ' ; \
	 python3 tests/unit/messages.py | sed 's/^/messages: /' | grep -v ' passed, ' ; \
	 a=$$($(UNIT_DIR)/test_profile | tail -n 1); b=$$($(UNIT_DIR)/test_profile_off | tail -n 1); c=$$(python3 tests/unit/messages.py | tail -n 1); \
	 echo "$$a $$b $$c" | awk '{ p = $$1 + $$5 + $$9; f = $$3 + $$7 + $$11; print p " passed, " f " failed"; exit (f > 0 || p == 0) }'
UNIT_EXTRA_surface := -DE2B_MCP_AUTH=1   # scopes (no verifier is needed: the test passes them as a transport would)

test-unit-json: $(UNIT_DIR)/test_json
	@$(UNIT_DIR)/test_json

test-unit-http: $(UNIT_DIR)/test_http
	@$(UNIT_DIR)/test_http

test-unit-mcp: $(UNIT_DIR)/test_mcp
	@$(UNIT_DIR)/test_mcp

test-unit-surface: $(UNIT_DIR)/test_surface
	@sh tests/unit/surface.sh $(UNIT_DIR)/test_surface

test-unit-state: $(UNIT_DIR)/test_state
	@$(UNIT_DIR)/test_state

# No sanitizer here: the test brings its own malloc, which ASan would replace.
$(UNIT_DIR)/test_nomalloc: tests/unit/test_nomalloc.c $(UNIT_DEPS) | $(UNIT_DIR)
	$(CC) $(UNIT_CF) -O2 -o $@ $<

$(UNIT_DIR)/alloc_count.so: tests/unit/alloc_count.c | $(UNIT_DIR)
	$(CC) -std=gnu99 -Wall -Wextra -Werror -O2 -g -fPIC -shared -o $@ $< -ldl

test-unit-nomalloc: $(UNIT_DIR)/test_nomalloc $(UNIT_DIR)/alloc_count.so $(BUILD)/e2b-mcp
	@python3 tests/lib/sim.py -- sh tests/unit/nomalloc.sh

$(UNIT_DIR)/test_cpp: tests/unit/test_cpp.cpp $(UNIT_DEPS) | $(UNIT_DIR)
	$(CXX) -std=c++11 $(WARN) -g -O2 -I. -Itests/lib -o $@ $<

test-unit-cpp: $(UNIT_DIR)/test_cpp
	@$(UNIT_DIR)/test_cpp

$(UNIT_DIR)/embedded: examples/embedded.c $(HDRS) | $(UNIT_DIR)
	$(CC) $(CSTD) $(WARN) -O2 -g -I. -o $@ examples/embedded.c

test-unit-embedded: $(UNIT_DIR)/embedded
	@python3 tests/lib/sim.py -- sh tests/unit/embedded.sh $(UNIT_DIR)/embedded

test-unit: test-unit-json test-unit-http test-unit-mcp test-unit-surface test-unit-nomalloc test-unit-cpp test-unit-embedded

test-unit-abi: | $(UNIT_DIR)
	@sh tests/unit/abi.sh

# >>auth: the test is built four ways; the tokens are made fresh for every run.
AUTH_T := $(UNIT_DIR)/auth
$(UNIT_DIR)/test_auth-bearssl: tests/unit/test_auth.c $(UNIT_DEPS) | $(UNIT_DIR) $(DEPS_FIRST)
	$(CC) $(UNIT_CF) -O2 -DE2B_MCP_TLS_BEARSSL -o $@.plain $< -lbearssl
	$(CC) $(UNIT_CF) $(UNIT_SAN) -DE2B_MCP_TLS_BEARSSL -o $@ $< -lbearssl
$(UNIT_DIR)/test_auth-minimal: tests/unit/test_auth.c $(UNIT_DEPS) | $(UNIT_DIR) $(DEPS_FIRST)
	$(CC) $(UNIT_CF) $(UNIT_SAN) -DE2B_MCP_TLS_BEARSSL -DE2B_MCP_TLS_BEARSSL_MINIMAL -o $@ $< -lbearssl
$(UNIT_DIR)/test_auth-mbedtls: tests/unit/test_auth.c $(UNIT_DEPS) | $(UNIT_DIR) $(DEPS_FIRST)
	$(CC) $(UNIT_CF) $(UNIT_SAN) -DE2B_MCP_TLS_MBEDTLS -o $@ $< $(MBEDTLS_LIBS)
$(UNIT_DIR)/test_auth-none: tests/unit/test_auth.c $(UNIT_DEPS) | $(UNIT_DIR)
	$(CC) $(UNIT_CF) $(UNIT_SAN) -DE2B_MCP_TLS_NONE -DE2B_MCP_AUTH=1 -o $@ $<
$(UNIT_DIR)/test_auth-cpp: tests/unit/test_auth.c $(UNIT_DEPS) | $(UNIT_DIR) $(DEPS_FIRST)
	$(CXX) -x c++ -std=c++11 $(WARN) -g -O2 -I. -Itests/lib -DE2B_MCP_TLS_BEARSSL -o $@ $< -lbearssl

# the MCP core's own suite again with access tokens compiled in: every test of an
# unscoped client unchanged, and its test_scopes (tools per token) on top
$(UNIT_DIR)/test_mcp-auth: tests/unit/test_mcp.c $(UNIT_DEPS) | $(UNIT_DIR) $(DEPS_FIRST)
	$(CC) $(UNIT_CF) $(UNIT_SAN) $(UNIT_EXTRA_mcp) -DE2B_MCP_TLS_BEARSSL -o $@ $< -lbearssl

AUTH_BINS := $(addprefix $(UNIT_DIR)/test_auth-,bearssl minimal mbedtls none cpp) $(UNIT_DIR)/test_mcp-auth
test-unit-auth: $(AUTH_BINS)
	@command -v node >/dev/null || { echo "FAIL node is not installed (apt-get install nodejs)"; exit 1; }
	@node tests/unit/auth_tokens.mjs $(AUTH_T) >/dev/null
	@CC="$(CC)" sh tests/unit/auth.sh $(AUTH_T) $^
