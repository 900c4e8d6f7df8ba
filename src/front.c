
/* ===========================================================================
   IMPLEMENTATION
   Generated from src/ (see src/src.mk): one section a layer, in the order of
   the layers, bottom up. A section calls only the sections above it.
   =========================================================================== */
#ifdef E2B_MCP_IMPLEMENTATION
#ifndef E2B_MCP_IMPLEMENTATION_DONE
#define E2B_MCP_IMPLEMENTATION_DONE

#include <string.h>
#include <stdlib.h>
#include <time.h>     /* wall-clock seconds: requestState expiry */
#ifndef E2B_MCP_NO_STDIO
#include <stdio.h>   /* the stdio transport's FILE streams; nothing else uses stdio */
#endif

#define E2B_MCP__COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))
/* Keeps a function's frame off its caller's (the deepest stack path is what a board pays). */
#if defined(__GNUC__)
#  define E2B_MCP__NOINLINE __attribute__((noinline))
#else
#  define E2B_MCP__NOINLINE
#endif

