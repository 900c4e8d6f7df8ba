# tests/install/install.mk — `make install` / `make uninstall` as a packager uses them.
#   make test-install   install into a temporary DESTDIR (twice: PREFIX=/usr and the default),
#                       build examples/embedded.c from a copy outside the tree against the
#                       installed header with pkg-config, run it against the simulator,
#                       uninstall and check nothing is left. Last line "N passed, N failed".

TEST_SUITES += install

.PHONY: test-install
test-install: $(BUILD)/e2b-mcp
	@timeout 300 sh tests/install/run.sh
