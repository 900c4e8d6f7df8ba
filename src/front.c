#include "front.h"

/* ===========================================================================
   IMPLEMENTATION
   Generated from src/ (see src/src.mk): one section a layer, in the order of
   the layers, bottom up. A section calls only the sections above it.
   =========================================================================== */
#ifdef E2B_MCP_IMPLEMENTATION
#ifndef E2B_MCP_IMPLEMENTATION_DONE
#define E2B_MCP_IMPLEMENTATION_DONE
/* What the implementation needs is set up at the first include (jsmn's
   functions, the TLS port's, the POSIX feature macros), so that include must
   already have E2B_MCP_IMPLEMENTATION: one clear word instead of a link error. */
#ifdef E2B_MCP__DECLARED_FIRST
#  error "e2b_mcp.h: define E2B_MCP_IMPLEMENTATION before the first #include of e2b_mcp.h in the implementation file"
#endif

#include <string.h>
#include <stdlib.h>
#include <time.h>     /* wall-clock seconds: requestState expiry */

#define E2B_MCP__COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))
/* Keeps a function's frame off its caller's (the deepest stack path is what a board pays). */
#if defined(__GNUC__)
#  define E2B_MCP__NOINLINE __attribute__((noinline))
#else
#  define E2B_MCP__NOINLINE
#endif
/* A static function some builds do not call (a helper of tools a build leaves
   out): no warning, and the compiler drops it where it is not called. */
#if defined(__GNUC__)
#  define E2B_MCP__UNUSED __attribute__((unused))
#else
#  define E2B_MCP__UNUSED
#endif

