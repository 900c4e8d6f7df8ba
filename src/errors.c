#include "errors.h"
#include "config.h"
/* >>errors: in words ---------------------------------------------------------- */
E2B_MCP_DEF const char *e2b_mcp_strerror(int err) {
  switch (err) {
#define E2B_MCP__CASE(name, code, text) case code: return text;
    E2B_MCP__ERRORS(E2B_MCP__CASE)
#undef E2B_MCP__CASE
    default: return "unknown error";
  }
}

