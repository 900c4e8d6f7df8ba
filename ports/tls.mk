# ports/tls.mk - TLS builds and suites (included by the top Makefile).
#
#   make                          build/e2b-mcp          BearSSL (the default), dynamic
#   make build/e2b-mcp-mbedtls    mbedTLS 2.28, dynamic
#   make build/e2b-mcp-plain      no TLS: http:// URLs only
#   make static                   build/e2b-mcp-static   musl, static, BearSSL built from
#                                 Debian's source package with musl-gcc
#   make tls-sizes                size / ls -l of every build above
#   make test-tls-<suite>         one suite (listed in TLS_SUITES)
#   make test-tls-custom          E2B_MCP_TLS_CUSTOM: a TLS port of the test's own

TLS_CFLAGS = -DE2B_MCP_TLS_BEARSSL
TLS_LIBS   = -lbearssl
TLS_NEEDS  = bearssl.h -lbearssl
MBEDTLS_LIBS := -lmbedtls -lmbedx509 -lmbedcrypto

.PHONY: deps-tls static tls-sizes
deps: deps-tls
deps-tls:
	+@scripts/install-deps.sh tls static

$(BUILD)/e2b-mcp-mbedtls: examples/e2b-mcp.c $(HDRS) | $(BUILD) $(DEPS_FIRST)
	$(call need,cc jsmn.h mbedtls/ssl.h)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) -DE2B_MCP_TLS_MBEDTLS -I. -o $@ examples/e2b-mcp.c $(MBEDTLS_LIBS)

$(BUILD)/e2b-mcp-plain: examples/e2b-mcp.c $(HDRS) | $(BUILD) $(DEPS_FIRST)
	$(call need,cc jsmn.h)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) -DE2B_MCP_TLS_NONE -I. -o $@ examples/e2b-mcp.c

# musl-gcc sees no host header but those in build/bearssl-musl/include (bearssl*.h and
# jsmn.h): never -I/usr/include, whose glibc headers break musl builds.
MUSL_BEARSSL := $(BUILD)/bearssl-musl
MUSL_CFLAGS  := -Os -ffunction-sections -fdata-sections -fno-asynchronous-unwind-tables -fno-unwind-tables \
                -I$(MUSL_BEARSSL)/include
MUSL_LDFLAGS := -static -s -Wl,--gc-sections -Wl,--build-id=none -Wl,-z,noseparate-code
$(MUSL_BEARSSL)/lib/libbearssl.a: scripts/build-bearssl-musl.sh | $(DEPS_FIRST)
	$(call need,musl-gcc jsmn.h)
	@scripts/build-bearssl-musl.sh

static: $(BUILD)/e2b-mcp-static
$(BUILD)/e2b-mcp-static: examples/e2b-mcp.c $(HDRS) $(MUSL_BEARSSL)/lib/libbearssl.a | $(BUILD) $(DEPS_FIRST)
	musl-gcc $(CSTD) $(WARN) $(MUSL_CFLAGS) -DE2B_MCP_TLS_BEARSSL -I. -o $@ examples/e2b-mcp.c \
	  $(MUSL_BEARSSL)/lib/libbearssl.a $(MUSL_LDFLAGS)

tls-sizes: $(BUILD)/e2b-mcp $(BUILD)/e2b-mcp-mbedtls $(BUILD)/e2b-mcp-plain $(BUILD)/e2b-mcp-static
	@tests/tls/sizes.sh $^

# ---- suites ---------------------------------------------------------------------------
# Port suites: the ports alone (tests/tls/tls_client.c), built against e2b_mcp.h's
# declarations region only, against nginx with a test PKI.
TLS_T := $(BUILD)/tls-test
TLS_HARNESS := tests/tls/tls_client.c e2b_mcp.h $(wildcard ports/e2b_mcp_tls_*.h)
$(TLS_T)/decl/e2b_mcp.h: e2b_mcp.h
	@mkdir -p $(@D)
	@sed -n '1,/^#endif \/\* E2B_MCP_H \*\//p' e2b_mcp.h > $@
$(TLS_T)/tls_client-bearssl: $(TLS_HARNESS) $(TLS_T)/decl/e2b_mcp.h | $(DEPS_FIRST)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) -DE2B_MCP_TLS_BEARSSL -I$(TLS_T)/decl -I. -o $@ tests/tls/tls_client.c -lbearssl
$(TLS_T)/tls_client-minimal: $(TLS_HARNESS) $(TLS_T)/decl/e2b_mcp.h | $(DEPS_FIRST)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) -DE2B_MCP_TLS_BEARSSL -DE2B_MCP_TLS_BEARSSL_MINIMAL -DE2B_MCP_TLS_LEND=1 -DE2B_MCP_REDIS=0 \
	  -I$(TLS_T)/decl -I. -o $@ tests/tls/tls_client.c -lbearssl
$(TLS_T)/tls_client-mbedtls: $(TLS_HARNESS) $(TLS_T)/decl/e2b_mcp.h | $(DEPS_FIRST)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) -DE2B_MCP_TLS_MBEDTLS -I$(TLS_T)/decl -I. -o $@ tests/tls/tls_client.c $(MBEDTLS_LIBS)
$(TLS_T)/tls_client-musl: $(TLS_HARNESS) $(TLS_T)/decl/e2b_mcp.h $(MUSL_BEARSSL)/lib/libbearssl.a | $(DEPS_FIRST)
	musl-gcc $(CSTD) $(WARN) $(MUSL_CFLAGS) -DE2B_MCP_TLS_BEARSSL -DE2B_MCP_TLS_BEARSSL_MINIMAL -I$(TLS_T)/decl -I. \
	  -o $@ tests/tls/tls_client.c $(MUSL_BEARSSL)/lib/libbearssl.a $(MUSL_LDFLAGS)

test-tls-bearssl: $(TLS_T)/tls_client-bearssl
	@tests/tls/port-suite.sh bearssl $<
test-tls-minimal: $(TLS_T)/tls_client-minimal
	@tests/tls/port-suite.sh minimal $<
test-tls-mbedtls: $(TLS_T)/tls_client-mbedtls
	@tests/tls/port-suite.sh mbedtls $<
test-tls-musl: $(TLS_T)/tls_client-musl
	@tests/tls/port-suite.sh musl $<

# Compiled-in anchors (brssl ta table, PEM text) without a file system; the small trust store.
test-tls-anchors: $(TLS_T)/decl/e2b_mcp.h $(MUSL_BEARSSL)/lib/libbearssl.a
	@tests/tls/anchors-suite.sh

# Binary suites: the real server binaries over HTTPS to the simulator behind nginx.
tls_int = python3 tests/lib/sim.py --tls $(BUILD)/tls-int-$(1) -- sh tests/tls/integration-https.sh $(1) $(2)
test-tls-int-bearssl: $(BUILD)/e2b-mcp
	@$(call tls_int,bearssl,$<)
test-tls-int-mbedtls: $(BUILD)/e2b-mcp-mbedtls
	@$(call tls_int,mbedtls,$<)
test-tls-int-static: $(BUILD)/e2b-mcp-static
	@$(call tls_int,static,$<)
test-tls-binary: $(BUILD)/e2b-mcp $(BUILD)/e2b-mcp-mbedtls $(BUILD)/e2b-mcp-static
	@timeout 600 python3 tests/tls/test_binary.py $^

# E2B_MCP_TLS_CUSTOM: a TLS port of the test's own (a byte scrambler) under the E2B
# exchange, over the fake socket port (tests/unit/test_tls_custom.c; built like the unit tests).
test-tls-custom: $(UNIT_DIR)/test_tls_custom
	@$(UNIT_DIR)/test_tls_custom

TLS_SUITES := tls-bearssl tls-minimal tls-mbedtls tls-musl tls-anchors tls-custom tls-int-bearssl tls-int-mbedtls tls-int-static tls-binary
TEST_SUITES += $(TLS_SUITES)
.PHONY: $(addprefix test-,$(TLS_SUITES))
