# tests/config/config.mk — configuration and the build, as a user meets them. Included by the
# top Makefile. Each suite ends with "N passed, N failed".
#   make test-config-docs     src/config.h documents every option once, next to its default; no
#                             default elsewhere; docs/config.md's table is what src/config.h makes
#   make config-docs          regenerates docs/config.md's table from src/config.h
#   make test-config-include  e2b_mcp.h's implementation after <stdio.h>, <stdlib.h>, <string.h>
#                             (and <time.h>): -std=c99 -pedantic -Werror, C and C++, each TLS port, musl
#   make test-config-make     plain `make` with no apt-get/dpkg on the PATH builds and calls no
#                             package tool; a missing compiler, header or library is named in one line
#   make test-config-fresh    `make test` on a machine with nothing installed (stood in for by a
#                             dpkg-query that knows no package): every suite's packages installed

TEST_SUITES += config-docs config-include config-make config-fresh

.PHONY: test-config-docs config-docs test-config-include test-config-make test-config-fresh print-test-suites
test-config-docs:
	@python3 tests/config/docs.py

config-docs:
	@python3 tests/config/docs.py --write

test-config-include: | $(BUILD) $(DEPS_FIRST)
	@timeout 300 sh tests/config/include.sh $(BUILD)

test-config-make: | $(BUILD) $(DEPS_FIRST)
	@timeout 300 sh tests/config/make.sh $(BUILD)

test-config-fresh: | $(BUILD)
	@timeout 300 sh tests/config/fresh.sh $(BUILD)

print-test-suites:
	@echo $(TEST_SUITES)
