# bench/bench.mk - `make bench`, included by the top Makefile; not part of `make test` (its load
# generator's own test is: test-bench-loadgen).
# Prints ONE table (sizes, RAM, speed, each beside its budget); bench/README.md says how each
# figure is measured, bench/RESULTS.md holds the last run written up for the README.
#   make bench                       the table (also in build/bench/table.md)
#   make bench BENCH_CALLS=N BENCH_COLD=N   sample counts (default 1000 calls, 300 cold starts)
#   BENCH_LOAD_SECONDS=N make bench  the load table's window (default 5 s; bench/load.py: BENCH_LOAD_*)
.PHONY: bench deps-bench bench-npm test-bench-loadgen
# In make test: the load generator of the load table counts what happened (bench/test_loadgen.py).
TEST_SUITES += bench-loadgen
test-bench-loadgen:
	@$(MAKE) -s $(BUILD)/e2b-mcp >/dev/null || { echo "FAIL build"; echo "0 passed, 1 failed"; exit 1; }
	@mkdir -p $(BUILD)/bench && $(CC) -std=c99 -Wall -Wextra -pedantic -Werror -O2 -o $(BUILD)/bench/loadgen bench/loadgen.c || \
	  { echo "FAIL build bench/loadgen.c"; echo "0 passed, 1 failed"; exit 1; }
	@timeout 120 python3 bench/test_loadgen.py $(BUILD)/bench/loadgen
deps-bench:
	+@scripts/install-deps.sh core tls static cross mcu riscv bench >/dev/null
# The Node connector of the concurrency figures: the official TypeScript MCP SDK from npm.
bench-npm:
	$(call http_npm_install,bench,@modelcontextprotocol/sdk,1.32)
# The server without the forged-token absorption (>>principal): no verified-token memory, no
# per-address budget, no cap on the requests waiting for the issuer's keys; bench/identity.py
# runs it beside build/e2b-mcp.
$(BUILD)/e2b-mcp-unprotected: examples/e2b-mcp.c $(HDRS) | $(BUILD) $(DEPS_FIRST)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) $(TLS_CFLAGS) -I. -DE2B_MCP_AUTH_CACHE=0 -DE2B_MCP_AUTH_FAIL_BURST=1000000 \
	  -DE2B_MCP_AUTH_KEY_WAITERS=100000 -o $@ examples/e2b-mcp.c $(TLS_LIBS)
bench: deps-bench bench-npm $(BUILD)/e2b-mcp $(BUILD)/e2b-mcp-unprotected $(BUILD)/e2b-mcp-static mcu mcu-riscv
	@mkdir -p $(BUILD)/bench
	@MUSL_CFLAGS='$(MUSL_CFLAGS)' MUSL_LDFLAGS='$(MUSL_LDFLAGS)' \
	  BENCH_CALLS=$(or $(BENCH_CALLS),1000) BENCH_COLD=$(or $(BENCH_COLD),300) timeout 1500 bench/run.sh | tee $(BUILD)/bench/table.md
