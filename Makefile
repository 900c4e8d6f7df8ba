# e2b_mcp.h — every entry point: build, test, demo, sim, static, cross, windows, bench.
# Each area keeps its own rules in a fragment (*.mk) included below; a fragment adds
# its suites to TEST_SUITES, and `make test` runs every suite through tests/run-all.sh,
# which prints one closing line "N passed, N failed".

CC      ?= cc
CXX     ?= c++
WARN    := -Wall -Wextra -pedantic -Werror
CSTD    := -std=c99
CFLAGS  ?= -O2 -g
BUILD   := build
HDRS    := e2b_mcp.h $(wildcard ports/*.h)

TEST_SUITES :=

.PHONY: all deps test demo sim clean install uninstall
all: $(BUILD)/e2b-mcp

# Packages: `make` builds with what is installed and, when something is missing, stops
# with one line naming it (scripts/check-build.sh asks the compiler, so it works on any
# system). Only these goals install Debian packages (scripts/install-deps.sh, idempotent):
# `make deps` (and deps-<group>), `make demo`, `make test` (and test-<suite>), `make bench`.
# DEPS_FIRST is the order-only prerequisite of every build that installs first; elsewhere
# install-deps.sh only checks (E2B_MCP_DEPS=check): it names what is missing and fails.
# A sub-make (`$(MAKE) -s fuzz-build` inside test-fuzz) has a goal of its own, so it keeps the
# mode of the make that started it: otherwise a suite's build would only check what its
# parent `make test` was asked to install. Recipe lines that run install-deps.sh start with
# `+`, so `make -n` runs them too (tests/config/fresh.sh follows every suite that way).
INSTALL_GOALS := deps deps-% demo test test-% bench
ifneq ($(filter $(INSTALL_GOALS),$(MAKECMDGOALS)),)
DEPS_MODE := install
else ifneq ($(MAKELEVEL),0)
DEPS_MODE := $(if $(filter install,$(E2B_MCP_DEPS)),install,check)
else
DEPS_MODE := check
endif
export E2B_MCP_DEPS := $(DEPS_MODE)
DEPS_FIRST := $(if $(filter install,$(DEPS_MODE)),deps)
# $(call need,cc jsmn.h ...): the first line of a build's recipe (see scripts/check-build.sh).
need = @CC="$(CC)" CFLAGS="$(CFLAGS) -I." scripts/check-build.sh $(1)

deps:
	+@scripts/install-deps.sh core sim check

$(BUILD):
	@mkdir -p $(BUILD)

# The server binary: plain HTTP + (when the TLS fragment adds them) TLS flags.
TLS_CFLAGS ?=
TLS_LIBS   ?=
TLS_NEEDS  ?=
$(BUILD)/e2b-mcp: examples/e2b-mcp.c $(HDRS) | $(BUILD) $(DEPS_FIRST)
	$(call need,cc jsmn.h $(TLS_NEEDS))
	$(CC) $(CSTD) $(WARN) $(CFLAGS) $(TLS_CFLAGS) -I. -o $@ examples/e2b-mcp.c $(TLS_LIBS)

# ---- install -------------------------------------------------------------------------
# GNU-style: PREFIX (default /usr/local) is where the files will live, DESTDIR a staging
# root a packager collects them in (it is never written into the files). The header and
# its ports go to INCLUDEDIR/e2b_mcp/ (the header includes "ports/..." beside itself), so
# `pkg-config --cflags e2b_mcp` is -I<includedir>/e2b_mcp and code says #include "e2b_mcp.h".
# Beside the .pc file, CMAKEDIR gets the CMake package (find_package(e2b_mcp) gives the
# target e2b_mcp::e2b_mcp, as CMakeLists.txt does), its paths relative to itself.
# The library has no link flags of its own: a TLS port brings its library (-lbearssl,
# or -lmbedtls -lmbedx509 -lmbedcrypto); the .pc file says so in its description.
PREFIX     ?= /usr/local
BINDIR     ?= $(PREFIX)/bin
INCLUDEDIR ?= $(PREFIX)/include
LIBDIR     ?= $(PREFIX)/lib
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
CMAKEDIR   ?= $(LIBDIR)/cmake/e2b_mcp
INSTALL    ?= install
E2B_MCP_VER = $(shell sed -n 's/^\#define E2B_MCP_VERSION "\(.*\)"/\1/p' e2b_mcp.h)

# The binary installed: the default build; `make static install INSTALL_BIN=build/e2b-mcp-static`
# installs the static one instead.
INSTALL_BIN ?= $(BUILD)/e2b-mcp
PC_INCLUDEDIR = $(patsubst $(PREFIX)/%,$${prefix}/%,$(INCLUDEDIR))

install: $(INSTALL_BIN) | $(BUILD)
	@printf '%s\n' 'prefix=$(PREFIX)' 'includedir=$(PC_INCLUDEDIR)' '' \
	  'Name: e2b_mcp' \
	  'Description: MCP server for E2B sandboxes in one C99 header (define E2B_MCP_IMPLEMENTATION in one file; link -lbearssl with E2B_MCP_TLS_BEARSSL, -lmbedtls -lmbedx509 -lmbedcrypto with E2B_MCP_TLS_MBEDTLS)' \
	  'URL: https://e2b.dev' \
	  'Version: $(E2B_MCP_VER)' \
	  'Cflags: -I$${includedir}/e2b_mcp' > $(BUILD)/e2b_mcp.pc
	@sed -e 's|@E2B_MCP_INCLUDE_REL@|$(shell realpath -m --relative-to="$(CMAKEDIR)" "$(INCLUDEDIR)/e2b_mcp")|' \
	  cmake/e2b_mcpConfig.cmake.in > $(BUILD)/e2b_mcpConfig.cmake
	@sed -e 's|@E2B_MCP_VERSION@|$(E2B_MCP_VER)|' cmake/e2b_mcpConfigVersion.cmake.in > $(BUILD)/e2b_mcpConfigVersion.cmake
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(INCLUDEDIR)/e2b_mcp/ports" "$(DESTDIR)$(PKGCONFIGDIR)" "$(DESTDIR)$(CMAKEDIR)"
	$(INSTALL) -m 755 $(INSTALL_BIN) "$(DESTDIR)$(BINDIR)/e2b-mcp"
	$(INSTALL) -m 644 e2b_mcp.h "$(DESTDIR)$(INCLUDEDIR)/e2b_mcp/e2b_mcp.h"
	$(INSTALL) -m 644 $(wildcard ports/*.h) "$(DESTDIR)$(INCLUDEDIR)/e2b_mcp/ports/"
	$(INSTALL) -m 644 $(BUILD)/e2b_mcp.pc "$(DESTDIR)$(PKGCONFIGDIR)/e2b_mcp.pc"
	$(INSTALL) -m 644 $(BUILD)/e2b_mcpConfig.cmake $(BUILD)/e2b_mcpConfigVersion.cmake cmake/e2b_mcp-port.cmake "$(DESTDIR)$(CMAKEDIR)/"

# Removes exactly what install put there, then the e2b_mcp include and cmake directories if empty.
uninstall:
	rm -f "$(DESTDIR)$(CMAKEDIR)/e2b_mcpConfig.cmake" "$(DESTDIR)$(CMAKEDIR)/e2b_mcpConfigVersion.cmake" "$(DESTDIR)$(CMAKEDIR)/e2b_mcp-port.cmake"
	rmdir "$(DESTDIR)$(CMAKEDIR)" 2>/dev/null || true
	rm -f "$(DESTDIR)$(BINDIR)/e2b-mcp" "$(DESTDIR)$(PKGCONFIGDIR)/e2b_mcp.pc" \
	  "$(DESTDIR)$(INCLUDEDIR)/e2b_mcp/e2b_mcp.h" $(addprefix "$(DESTDIR)$(INCLUDEDIR)/e2b_mcp/,$(addsuffix ",$(wildcard ports/*.h)))
	rmdir "$(DESTDIR)$(INCLUDEDIR)/e2b_mcp/ports" "$(DESTDIR)$(INCLUDEDIR)/e2b_mcp" 2>/dev/null || true

-include src/src.mk
-include tests/layers/layers.mk
-include tests/unit/unit.mk
-include tests/sim/sim.mk
-include tests/integration/integration.mk
-include ports/tls.mk
-include bench/bench.mk
-include tests/http/http.mk
-include tests/app/app.mk
-include tests/cross/cross.mk
-include tests/mcu/mcu.mk
-include tests/matrix/matrix.mk
-include tests/fuzz/fuzz.mk
-include tests/install/install.mk
-include tests/cmake/cmake.mk
-include tests/api/api.mk
-include tests/config/config.mk
-include tests/docs/docs.mk
-include tests/keystore/keystore.mk
-include tests/ops/ops.mk
-include packaging/image.mk
-include tests/windows/windows.mk
-include packaging/packaging.mk

test: all
	@tests/run-all.sh $(TEST_SUITES)

clean:
	rm -rf $(BUILD)
