# tests/sim/sim.mk — the E2B API simulator. Included by the top Makefile.
#   make sim [SIM_PORT=N] [SIM_ARGS=--chunked]   run it in the foreground for a person
#   make test-sim          the simulator's own rules (Python stdlib)
#   make test-sim-sdk      E2B's JS SDK (npm e2b, pinned in tests/sim/sdk/package.json) against it
#   make test-sim-tls      nginx TLS proxy (tests/sim/tls-proxy.sh) with a verifying client
# Each suite starts and stops its own processes on free loopback ports and ends with "N passed, N failed".

SIM_DIR  := tests/sim
SIM_PORT ?= 0
SIM_ARGS ?=
SIM_SDK_STAMP := $(SIM_DIR)/sdk/node_modules/e2b/package.json

TEST_SUITES += sim sim-sdk sim-tls

.PHONY: sim test-sim test-sim-sdk test-sim-tls sim-sdk-deps

sim:
	@python3 $(SIM_DIR)/e2b-sim --port $(SIM_PORT) --banner $(SIM_ARGS)

test-sim:
	@timeout 300 python3 $(SIM_DIR)/test_sim.py

# npm ci from the committed lock file; skipped when the pinned version is already installed.
sim-sdk-deps:
	@want=$$(sed -n 's/.*"e2b": *"\([^"]*\)".*/\1/p' $(SIM_DIR)/sdk/package.json); \
	have=$$(sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' $(SIM_SDK_STAMP) 2>/dev/null | head -n 1); \
	if [ "$$want" != "$$have" ]; then \
	  command -v npm >/dev/null || { echo "FAIL npm is not installed (Node >= 20.18 needed)"; exit 1; }; \
	  (cd $(SIM_DIR)/sdk && npm ci --no-audit --no-fund --loglevel=error >/dev/null) || \
	    { echo "FAIL npm ci in $(SIM_DIR)/sdk"; exit 1; }; \
	fi

test-sim-sdk:
	@$(MAKE) -s sim-sdk-deps || { echo "0 passed, 1 failed"; exit 1; }
	@cd $(SIM_DIR)/sdk && timeout 300 python3 ../../lib/sim.py -- node sdk_test.mjs

test-sim-tls:
	+@scripts/install-deps.sh tls sim >/dev/null || { echo "FAIL scripts/install-deps.sh tls"; echo "0 passed, 1 failed"; exit 1; }
	@timeout 300 python3 $(SIM_DIR)/test_tls.py
