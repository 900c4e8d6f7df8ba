# tests/config/config.mk — configuration and the build, as a user meets them. Included by the
# top Makefile. Each suite ends with "N passed, N failed".
#   make test-config-include  e2b_mcp.h's implementation after <stdio.h>, <stdlib.h>, <string.h>
#                             (and <time.h>): -std=c99 -pedantic -Werror, C and C++, each TLS port, musl
#   make test-config-make     plain `make` with no apt-get/dpkg on the PATH builds and calls no
#                             package tool; a missing compiler, header or library is named in one line

TEST_SUITES += config-include config-make

.PHONY: test-config-include test-config-make
test-config-include: | $(BUILD)
	@timeout 300 sh tests/config/include.sh $(BUILD)

test-config-make: | $(BUILD)
	@timeout 300 sh tests/config/make.sh $(BUILD)
