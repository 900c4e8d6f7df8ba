# tests/matrix/matrix.mk - the compile matrix, included by the top Makefile.
#   make test-matrix    e2b_mcp.h in C99/C11/C++11, -Os/-O2, every socket x TLS port, every
#                       built-in tool alone, every feature off alone, the minimal profile, the
#                       small profile, -DNDEBUG, E2B_MCP_STATIC, clang, and the Cortex-M4
#                       (arm-none-eabi, newlib-nano, stub socket port) - each
#                       -Wall -Wextra -pedantic -Werror; the host builds also run once.
.PHONY: test-matrix deps-matrix
deps-matrix:
	+@scripts/install-deps.sh core tls cross >/dev/null
test-matrix:
	@$(MAKE) -s deps-matrix || { echo "FAIL scripts/install-deps.sh core tls cross"; echo "0 passed, 1 failed"; exit 1; }
	@timeout 600 tests/matrix/run.sh
TEST_SUITES += matrix
