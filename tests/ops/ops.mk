# tests/ops/ops.mk — running it like the services around it (issue 35). Included by the top Makefile.
#   make test-ops-health   /healthz, /readyz (503 naming what is not ready: no key, E2B unreachable,
#                          the audit log unwritable) and /metrics (loopback, 404 off it without
#                          E2B_MCP_METRICS_TOKEN, 401 without the right token), scraped by a real
#                          Prometheus through a load and asked for the counters; promtool check metrics
# The Debian packages: scripts/install-deps.sh ops (prometheus, redis-server, podman, buildah, nginx).
TEST_SUITES += ops-health

.PHONY: test-ops-health

test-ops-health:
	@scripts/install-deps.sh ops >/dev/null || { echo "FAIL scripts/install-deps.sh ops"; echo "0 passed, 1 failed"; exit 1; }
	@$(MAKE) -s $(BUILD)/e2b-mcp >/dev/null || { echo "FAIL build"; echo "0 passed, 1 failed"; exit 1; }
	@timeout 300 python3 tests/ops/test_health.py
