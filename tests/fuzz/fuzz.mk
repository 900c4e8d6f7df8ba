# tests/fuzz/fuzz.mk - libFuzzer targets (clang, AddressSanitizer + UndefinedBehaviorSanitizer),
# included by the top Makefile. Loopback only: E2B is a fake socket port, the HTTP
# transport talks over an AF_UNIX socketpair.
#   make fuzz            each target for FUZZ_SECONDS (default 60), from its seeds plus the
#                        working corpus in build/fuzz/corpus/<target>; crashes land in
#                        build/fuzz/artifacts/ (copy one to tests/fuzz/corpus/<target>/ as a seed)
#   make test-fuzz       the smoke suite: each target FUZZ_SMOKE_SECONDS (10) over its seeds
#                        and new inputs; one check per target: it ran without a crash
#   make fuzz-build      the binaries only
# Targets: fuzz_json (writer, redacting copy), fuzz_http (+_small: E2B answers, reader),
# fuzz_mcp (+_small: e2b_mcp_handle), fuzz_http_server (Streamable HTTP request side),
# fuzz_secret (+_small: the API key never leaves, whatever E2B answers; its own dictionary).

FUZZ_DIR           := $(BUILD)/fuzz
FUZZ_SECONDS       ?= 60
FUZZ_SMOKE_SECONDS ?= 10
FUZZ_CC            ?= clang
FUZZ_FLAGS         ?=
FUZZ_CF   := -std=c99 -Wall -Wextra -pedantic -Werror -g -O1 -fsanitize=fuzzer,address,undefined \
             -fno-sanitize-recover=undefined -fno-omit-frame-pointer -I. -Itests/lib
FUZZ_DEPS := tests/fuzz/json_check.h tests/lib/fake_port.h tests/lib/sink.h tests/lib/tool_args.h $(HDRS)
FUZZ_TARGETS := fuzz_json fuzz_http fuzz_http_small fuzz_mcp fuzz_mcp_small fuzz_http_server fuzz_secret fuzz_secret_small
FUZZ_BINS := $(addprefix $(FUZZ_DIR)/,$(FUZZ_TARGETS))
FUZZ_EXTRA_fuzz_http_server := -pthread

TEST_SUITES += fuzz

.PHONY: fuzz fuzz-build test-fuzz deps-fuzz
deps-fuzz:
	+@scripts/install-deps.sh fuzz

$(FUZZ_DIR)/%_small: tests/fuzz/%.c $(FUZZ_DEPS) | deps-fuzz
	@mkdir -p $(FUZZ_DIR)
	$(FUZZ_CC) $(FUZZ_CF) -DE2B_MCP_SMALL $(FUZZ_EXTRA_$*) -o $@ $<

$(FUZZ_DIR)/%: tests/fuzz/%.c $(FUZZ_DEPS) | deps-fuzz
	@mkdir -p $(FUZZ_DIR)
	$(FUZZ_CC) $(FUZZ_CF) $(FUZZ_EXTRA_$*) -o $@ $<

fuzz-build: $(FUZZ_BINS)

fuzz: $(FUZZ_BINS)
	@FUZZ_DIR=$(FUZZ_DIR) sh tests/fuzz/run.sh $(FUZZ_SECONDS) '$(FUZZ_FLAGS)' $(FUZZ_TARGETS)

test-fuzz:
	@$(MAKE) -s fuzz-build >$(BUILD)/fuzz-build.log 2>&1 || { cat $(BUILD)/fuzz-build.log; echo "FAIL fuzz targets did not build"; echo "0 passed, 1 failed"; exit 1; }
	@FUZZ_DIR=$(FUZZ_DIR) sh tests/fuzz/run.sh $(FUZZ_SMOKE_SECONDS) '$(FUZZ_FLAGS)' $(FUZZ_TARGETS)
