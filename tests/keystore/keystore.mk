# tests/keystore/keystore.mk — the key store (>>keys) and who calls (issue 19). Included by the
# top Makefile. Each suite ends with "N passed, N failed".
#   make test-unit-keystore   the store's format through the TLS port's AES-256-GCM: BearSSL,
#                             mbedTLS and C++; tampering refused; the audit hook in-process (C, C++);
#                             the small profile and a build without TLS carry none of it

TEST_SUITES += unit-keystore

KS_DIR := $(BUILD)/keystore
.PHONY: test-unit-keystore
$(KS_DIR):
	@mkdir -p $(KS_DIR)
$(KS_DIR)/test_keystore-bearssl: tests/keystore/test_keystore.c tests/lib/check.h $(HDRS) | $(KS_DIR) $(DEPS_FIRST)
	$(CC) $(CSTD) $(WARN) -g -I. -Itests/lib -O2 -DE2B_MCP_TLS_BEARSSL -o $@.plain $< -lbearssl
	$(CC) $(CSTD) $(WARN) -g -I. -Itests/lib -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -DE2B_MCP_TLS_BEARSSL -o $@ $< -lbearssl
$(KS_DIR)/test_keystore-mbedtls: tests/keystore/test_keystore.c tests/lib/check.h $(HDRS) | $(KS_DIR) $(DEPS_FIRST)
	$(CC) $(CSTD) $(WARN) -g -I. -Itests/lib -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -DE2B_MCP_TLS_MBEDTLS -o $@ $< $(MBEDTLS_LIBS)
$(KS_DIR)/test_keystore-cpp: tests/keystore/test_keystore.c tests/lib/check.h $(HDRS) | $(KS_DIR) $(DEPS_FIRST)
	$(CXX) -x c++ -std=c++11 $(WARN) -g -O2 -I. -Itests/lib -DE2B_MCP_TLS_BEARSSL -o $@ $< -lbearssl

# the audit hook in-process (fake E2B), as C and C++
$(KS_DIR)/test_audit: tests/keystore/test_audit.c tests/lib/check.h tests/lib/fake_port.h $(HDRS) | $(KS_DIR)
	$(CC) $(CSTD) $(WARN) -g -I. -Itests/lib -O2 -o $@.plain $<
	$(CC) $(CSTD) $(WARN) -g -I. -Itests/lib -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -o $@ $<
$(KS_DIR)/test_audit-cpp: tests/keystore/test_audit.c tests/lib/check.h tests/lib/fake_port.h $(HDRS) | $(KS_DIR)
	$(CXX) -x c++ -std=c++11 $(WARN) -g -O2 -I. -Itests/lib -o $@ $<

test-unit-keystore: $(addprefix $(KS_DIR)/test_keystore-,bearssl mbedtls cpp) $(KS_DIR)/test_audit $(KS_DIR)/test_audit-cpp
	@CC="$(CC)" sh tests/keystore/unit.sh $(KS_DIR) $^

#   make test-http-keystore   e2b-mcp --http with a key store and tokens from a real authorization
#                             server (oidc-provider): each subject's key, keys add|remove|list, SIGHUP
TEST_SUITES += http-keystore
.PHONY: test-http-keystore
test-http-keystore:
	@$(MAKE) -s $(BUILD)/e2b-mcp http-npm-oidc >/dev/null || { echo "FAIL build"; echo "0 passed, 1 failed"; exit 1; }
	@timeout 300 python3 tests/keystore/test_keystore.py

#   make test-audit-store     issue 31: the audit log fails closed (/dev/full, recovery, fail-open, a failed
#                             reopen), a storm of 10,000 SIGHUP during calls, concurrent `keys add` (4 x 40)
#                             and the store's file safety (symlinks, mode, precise errors); the simulator only
TEST_SUITES += audit-store
.PHONY: test-audit-store
test-audit-store:
	@$(MAKE) -s $(BUILD)/e2b-mcp >/dev/null || { echo "FAIL build"; echo "0 passed, 1 failed"; exit 1; }
	@timeout 300 python3 tests/keystore/test_audit_store.py
