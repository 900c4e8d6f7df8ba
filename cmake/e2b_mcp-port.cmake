# cmake/e2b_mcp-port.cmake - what e2b_mcp::e2b_mcp brings besides the header, shared by
# CMakeLists.txt (add_subdirectory, FetchContent) and the package config `make install`
# writes beside e2b_mcp.pc (find_package). The header needs no library of its own:
#   jsmn       the JSON tokenizer it includes as <jsmn.h> (Debian: libjsmn-dev), header only
#   the port   E2B_MCP_TLS: BEARSSL (what `make` builds; -lbearssl), MBEDTLS (-lmbedtls
#              -lmbedx509 -lmbedcrypto), NONE (http:// only) or CUSTOM (your own port,
#              linked by you). The target defines E2B_MCP_TLS_<port> for its users, so a
#              source file does not name the port itself.
# Each is found once and can be given instead: E2B_MCP_JSMN_INCLUDE_DIR,
# E2B_MCP_BEARSSL_LIBRARY, E2B_MCP_BEARSSL_INCLUDE_DIR, E2B_MCP_MBEDTLS_LIBRARIES.

set(E2B_MCP_TLS "BEARSSL" CACHE STRING "the TLS port of e2b_mcp::e2b_mcp: BEARSSL, MBEDTLS, NONE or CUSTOM")
set_property(CACHE E2B_MCP_TLS PROPERTY STRINGS BEARSSL MBEDTLS NONE CUSTOM)

function(e2b_mcp_add_dependencies target)
  find_path(E2B_MCP_JSMN_INCLUDE_DIR jsmn.h)
  if(NOT E2B_MCP_JSMN_INCLUDE_DIR)
    message(FATAL_ERROR "e2b_mcp: jsmn.h not found (Debian: apt-get install libjsmn-dev), or set E2B_MCP_JSMN_INCLUDE_DIR")
  endif()
  target_include_directories(${target} INTERFACE "${E2B_MCP_JSMN_INCLUDE_DIR}")
  string(TOUPPER "${E2B_MCP_TLS}" tls)
  if(tls STREQUAL "BEARSSL")
    find_path(E2B_MCP_BEARSSL_INCLUDE_DIR bearssl.h)
    find_library(E2B_MCP_BEARSSL_LIBRARY bearssl)
    if(NOT E2B_MCP_BEARSSL_INCLUDE_DIR OR NOT E2B_MCP_BEARSSL_LIBRARY)
      message(FATAL_ERROR "e2b_mcp: BearSSL not found (Debian: apt-get install libbearssl-dev), or set E2B_MCP_TLS to MBEDTLS, NONE or CUSTOM")
    endif()
    target_include_directories(${target} INTERFACE "${E2B_MCP_BEARSSL_INCLUDE_DIR}")
    target_link_libraries(${target} INTERFACE "${E2B_MCP_BEARSSL_LIBRARY}")
  elseif(tls STREQUAL "MBEDTLS")
    if(NOT E2B_MCP_MBEDTLS_LIBRARIES)
      foreach(lib mbedtls mbedx509 mbedcrypto)
        find_library(E2B_MCP_MBEDTLS_${lib} ${lib})
        if(NOT E2B_MCP_MBEDTLS_${lib})
          message(FATAL_ERROR "e2b_mcp: lib${lib} not found (Debian: apt-get install libmbedtls-dev), or set E2B_MCP_MBEDTLS_LIBRARIES")
        endif()
        list(APPEND libs "${E2B_MCP_MBEDTLS_${lib}}")
      endforeach()
      set(E2B_MCP_MBEDTLS_LIBRARIES "${libs}" CACHE STRING "mbedTLS's libraries, in link order")
    endif()
    target_link_libraries(${target} INTERFACE ${E2B_MCP_MBEDTLS_LIBRARIES})
  elseif(NOT tls STREQUAL "NONE" AND NOT tls STREQUAL "CUSTOM")
    message(FATAL_ERROR "e2b_mcp: E2B_MCP_TLS is '${E2B_MCP_TLS}'; it is one of BEARSSL, MBEDTLS, NONE, CUSTOM")
  endif()
  target_compile_definitions(${target} INTERFACE E2B_MCP_TLS_${tls})
endfunction()
