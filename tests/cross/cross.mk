# tests/cross/cross.mk - cross builds run under qemu-user, included by the top Makefile.
#   make cross        static glibc builds of the server (plain HTTP, -DE2B_MCP_TLS_NONE) for
#                     aarch64, armhf and s390x (big-endian): build/cross/e2b-mcp-<arch>
#   make test-cross   each one under qemu-<arch> against the simulator: tests/cross/session.py
#                     (Content-Length and chunked bodies) and, when present,
#                     tests/integration/test_stdio.py with E2B_MCP_BIN set to a qemu wrapper.
# Static glibc's getaddrinfo wants the host's NSS for names: the tests use 127.0.0.1 URLs.
CROSS_ARCHS := aarch64 armhf s390x
CROSS_DIR   := $(BUILD)/cross
CROSS_BINS  := $(addprefix $(CROSS_DIR)/e2b-mcp-,$(CROSS_ARCHS))
cross_cc     = $(if $(filter aarch64,$(1)),aarch64-linux-gnu-gcc,$(if $(filter armhf,$(1)),arm-linux-gnueabihf-gcc,s390x-linux-gnu-gcc))

.PHONY: cross test-cross deps-cross
deps-cross:
	+@scripts/install-deps.sh core cross >/dev/null
cross: $(CROSS_BINS)
	@ls -l $(CROSS_BINS)

$(CROSS_DIR)/inc/jsmn.h: | deps-cross
	@mkdir -p $(@D) && cp /usr/include/jsmn.h $@

# The cross compilers search only their own sysroot: jsmn.h comes from a private dir.
$(CROSS_DIR)/e2b-mcp-%: examples/e2b-mcp.c $(HDRS) $(CROSS_DIR)/inc/jsmn.h | deps-cross
	$(call cross_cc,$*) $(CSTD) $(WARN) -O2 -static -DE2B_MCP_TLS_NONE -I$(CROSS_DIR)/inc -I. \
	  -o $@ examples/e2b-mcp.c 2>&1 | { grep -v -e "getaddrinfo' in statically linked" -e ': in function' || true; }
	@test -x $@

test-cross:
	@$(MAKE) -s deps-cross || { echo "FAIL scripts/install-deps.sh cross"; echo "0 passed, 1 failed"; exit 1; }
	@$(MAKE) -s -j2 $(CROSS_BINS) $(BUILD)/e2b-mcp || { echo "FAIL cross builds"; echo "0 passed, 1 failed"; exit 1; }
	@timeout 900 tests/cross/run.sh $(CROSS_ARCHS)
TEST_SUITES += cross
