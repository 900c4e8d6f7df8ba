# tests/ops/ops.mk — running it like the services around it (issue 35). Included by the top Makefile.
#   make test-ops-health   /healthz, /readyz (503 naming what is not ready: no key, E2B unreachable,
#                          the audit log unwritable) and /metrics (loopback, 404 off it without
#                          E2B_MCP_METRICS_TOKEN, 401 without the right token), scraped by a real
#                          Prometheus through a load and asked for the counters; promtool check metrics
#   make test-ops-redis    three replicas behind nginx sharing E2B_MCP_REDIS_URL with a real
#                          redis-server: an accepted consent answer replayed to each is refused, E2B
#                          saw one create; Redis stopped (readyz 503, answers refused, nothing sent)
#                          and started again; a user's limit held across the replicas; a wrong
#                          password, a bad URL
#   make test-ops-limits   limits per user: 429 + Retry-After past a user's bucket, nothing sent to
#                          E2B, another user not held back, billable calls apart, the audit's
#                          rate_limited line, the metrics; stdio's retryAfterMs
# The Debian packages: scripts/install-deps.sh ops (prometheus, redis-server, podman, buildah, nginx).
TEST_SUITES += ops-health ops-redis ops-limits

.PHONY: test-ops-health test-ops-redis test-ops-limits

test-ops-health:
	+@scripts/install-deps.sh ops >/dev/null || { echo "FAIL scripts/install-deps.sh ops"; echo "0 passed, 1 failed"; exit 1; }
	@$(MAKE) -s $(BUILD)/e2b-mcp >/dev/null || { echo "FAIL build"; echo "0 passed, 1 failed"; exit 1; }
	@timeout 300 python3 tests/ops/test_health.py

test-ops-redis:
	+@scripts/install-deps.sh ops >/dev/null || { echo "FAIL scripts/install-deps.sh ops"; echo "0 passed, 1 failed"; exit 1; }
	@$(MAKE) -s $(BUILD)/e2b-mcp >/dev/null || { echo "FAIL build"; echo "0 passed, 1 failed"; exit 1; }
	@timeout 300 python3 tests/ops/test_redis.py

test-ops-limits:
	@$(MAKE) -s $(BUILD)/e2b-mcp >/dev/null || { echo "FAIL build"; echo "0 passed, 1 failed"; exit 1; }
	@timeout 300 python3 tests/ops/test_limits.py
