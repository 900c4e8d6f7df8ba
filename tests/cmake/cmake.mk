# tests/cmake/cmake.mk — e2b_mcp::e2b_mcp for CMake projects (CMakeLists.txt, cmake/).
#   make test-cmake   examples/embedded.c built by a project of its own with Debian's cmake,
#                     through add_subdirectory, FetchContent (a local tarball) and
#                     find_package after make install, each run against the simulator.

TEST_SUITES += cmake

.PHONY: test-cmake
test-cmake: $(BUILD)/e2b-mcp
	+@scripts/install-deps.sh core tls cmake >/dev/null || { echo "FAIL scripts/install-deps.sh core tls cmake"; echo "0 passed, 1 failed"; exit 1; }
	@timeout 600 sh tests/cmake/run.sh
