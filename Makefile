# e2b_mcp.h — every entry point: build, test, demo, sim, static, cross, bench.
# Each area keeps its own rules in a fragment (*.mk) included below; a fragment adds
# its suites to TEST_SUITES, and `make test` runs every suite through tests/run-all.sh,
# which prints one closing line "N passed, N failed".

CC      ?= cc
CXX     ?= c++
WARN    := -Wall -Wextra -pedantic -Werror
CSTD    := -std=c99
CFLAGS  ?= -O2 -g
BUILD   := build
HDRS    := e2b_mcp.h $(wildcard ports/*.h)

TEST_SUITES :=

.PHONY: all deps test demo sim clean
all: $(BUILD)/e2b-mcp

deps:
	@scripts/install-deps.sh core sim

$(BUILD):
	@mkdir -p $(BUILD)

# The server binary: plain HTTP + (when the TLS fragment adds them) TLS flags.
TLS_CFLAGS ?=
TLS_LIBS   ?=
$(BUILD)/e2b-mcp: examples/e2b-mcp.c $(HDRS) | $(BUILD) deps
	$(CC) $(CSTD) $(WARN) $(CFLAGS) $(TLS_CFLAGS) -I. -o $@ examples/e2b-mcp.c $(TLS_LIBS)

-include tests/unit/unit.mk
-include tests/sim/sim.mk
-include tests/integration/integration.mk
-include ports/tls.mk
-include bench/bench.mk
-include tests/http/http.mk
-include tests/cross/cross.mk
-include tests/mcu/mcu.mk
-include tests/matrix/matrix.mk
-include tests/fuzz/fuzz.mk

test: deps all
	@tests/run-all.sh $(TEST_SUITES)

clean:
	rm -rf $(BUILD)
