# src/src.mk — the library is developed in src/, one file per layer, and the single
# header users get (e2b_mcp.h, committed at the top level) is generated from it:
#   make header        writes e2b_mcp.h from E2B_MCP_SRC, in this order
# E2B_MCP_LAYERS is the layering, bottom up: a layer is a name, src/<name>.h holds its
# types and declarations, src/<name>.c its implementation; a layer uses only the ones
# before it. E2B_MCP_SRC is the header's order: every declaration, then (inside
# E2B_MCP_IMPLEMENTATION) every implementation, each in layer order. A src file names the layers it uses with
# `#include "layer.h"` lines (so an editor and tests/layers/layers.py can follow them);
# the generator drops those lines, keeping every other line byte for byte.
# `make test` (suite `layers`) fails when e2b_mcp.h differs from a fresh generation.

E2B_MCP_LAYERS := front config derived errors util json metrics port stream redis client seal keys auth principal mcp tools prompts resources complete engine ops stdio http server license

E2B_MCP_SRC := src/front.h src/config.h src/derived.h src/errors.h src/util.h src/json.h src/metrics.h src/port.h src/stream.h src/redis.h src/client.h \
  src/seal.h src/keys.h src/auth.h src/principal.h src/mcp.h src/tools.h src/prompts.h src/resources.h src/complete.h src/engine.h src/ops.h src/stdio.h src/http.h src/server.h \
  src/front.c src/errors.c src/util.c src/json.c src/metrics.c src/port.c src/stream.c src/redis.c src/client.c src/seal.c src/keys.c src/auth.c src/principal.c \
  src/mcp.c src/tools.c src/prompts.c src/resources.c src/complete.c src/engine.c src/ops.c src/stdio.c src/http.c src/server.c src/license.h

# `make header LINES=1` also writes a #line marker where each file starts and after each
# dropped include line, so a compiler's message names src/<file>:<line> rather than a line of
# e2b_mcp.h (mongoose's option). That header is for a debugging session, not for a commit: the
# layers suite wants the plain one. HEADER_OUT writes elsewhere (the layers suite checks the
# markers so).
HEADER_OUT ?= e2b_mcp.h
comma := ,
.PHONY: header
# A line #include "app/NAME.html" (the MCP App's page) becomes that file's lines as C
# strings ("line\n", with \ " and ? escaped), the initializer of the table that serves it.
header:
	@awk -v lines=$(if $(filter 1,$(LINES)),1,0) ' \
	  lines && FNR == 1 { print "#line 1 \"" FILENAME "\"" } \
	  /^#include "[^"\/]*"$$/ { gap = 1; next } \
	  /^#include "app\/[^"\/]*\.html"$$/ { f = "src/" substr($$2, 2, length($$2) - 2); \
	    if (lines) print "#line 1 \"" f "\""; \
	    while ((getline l < f) > 0) { o = ""; \
	      for (i = 1; i <= length(l); i++) { c = substr(l, i, 1); o = o (c == "\\" || c == "\"" || c == "?" ? "\\" : "") c } \
	      print "  \"" o "\\n\","; } \
	    close(f); gap = 1; next } \
	  { if (gap && lines) print "#line " FNR " \"" FILENAME "\""; gap = 0; print }' $(E2B_MCP_SRC) > $(HEADER_OUT).tmp && mv $(HEADER_OUT).tmp $(HEADER_OUT)
	@echo "$(HEADER_OUT) generated from $(words $(E2B_MCP_SRC)) files in src/$(if $(filter 1,$(LINES)),$(comma) with #line markers (make header before a commit))"
