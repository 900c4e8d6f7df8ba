# tests/layers/layers.mk — the shape of the library (tests/layers/layers.py):
#   make test-layers    e2b_mcp.h is fresh from src/; src/ layers run only downward;
#                       ports use only the contract; exported symbols carry the prefix
#   make layers-graph   which layer uses which
TEST_SUITES += layers

.PHONY: test-layers layers-graph
test-layers:
	@python3 tests/layers/layers.py

layers-graph:
	@python3 tests/layers/layers.py --graph
