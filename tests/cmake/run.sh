#!/bin/sh
# e2b_mcp::e2b_mcp as CMake users take it (CMakeLists.txt, cmake/), with Debian's cmake:
# examples/embedded.c is built by a project of its own, outside the tree, three ways --
# add_subdirectory of the checkout, FetchContent from a local tarball of it, and
# find_package(e2b_mcp) after `make install` into a staging root -- and each build is run
# against the simulator with the checks of tests/unit/embedded.sh. A line per check
# (tests/lib/check.sh), then "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
top=$(pwd)
. tests/lib/check.sh
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT

# project NAME BODY: a consumer project in $d/NAME that builds embedded.c with BODY first
project() {
  mkdir -p "$d/$1"
  cp examples/embedded.c "$d/$1/"
  { echo 'cmake_minimum_required(VERSION 3.13)'
    echo "project(consumer_$1 LANGUAGES C)"
    echo 'set(CMAKE_C_STANDARD 99)'
    echo 'set(CMAKE_C_STANDARD_REQUIRED ON)'
    echo 'set(CMAKE_C_EXTENSIONS OFF)'
    printf '%s\n' "$2"
    echo 'add_executable(embedded embedded.c)'
    echo 'target_compile_options(embedded PRIVATE -Wall -Wextra -pedantic -Werror)'
    echo 'target_link_libraries(embedded PRIVATE e2b_mcp::e2b_mcp)'
  } > "$d/$1/CMakeLists.txt"
}

# build NAME [cmake args...]: configure and build; the binary is $d/NAME/b/embedded
build() {
  name=$1; shift
  cmake -S "$d/$name" -B "$d/$name/b" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON "$@" >"$d/$name.cfg.log" 2>&1 &&
    cmake --build "$d/$name/b" >"$d/$name.build.log" 2>&1
}

# run NAME WHAT: embedded.sh's checks on the build, each named after WHAT
run() {
  timeout 120 python3 tests/lib/sim.py -- sh tests/unit/embedded.sh "$d/$1/b/embedded" >"$d/$1.run.log" 2>&1
  grep -E '^(PASS|FAIL) ' "$d/$1.run.log" | sed "s/^\(PASS\|FAIL\) embedded\( --serve\)\{0,1\}:/\1 $2\2:/"
  include "$d/$1.run.log"
}

# 1. add_subdirectory of the checkout
project sub "add_subdirectory(\"$top\" e2b_mcp)"
build sub
check "[ $? -eq 0 ]" "add_subdirectory: embedded.c builds with e2b_mcp::e2b_mcp" "$(tail -n 5 "$d/sub.cfg.log" "$d/sub.build.log" 2>/dev/null)"
check "grep -q 'E2B_MCP_TLS_BEARSSL' '$d/sub/b/compile_commands.json' && grep -q -- '-lbearssl\|libbearssl' '$d/sub/b/CMakeFiles/embedded.dir/link.txt'" \
  "add_subdirectory: the target brings the TLS port (E2B_MCP_TLS_BEARSSL, BearSSL linked)"
[ -x "$d/sub/b/embedded" ] && run sub "add_subdirectory"

# 2. FetchContent from a local path: a tarball of what a release holds
tar -C "$top" -czf "$d/e2b_mcp.tar.gz" --transform 's|^|e2b_mcp/|' CMakeLists.txt cmake e2b_mcp.h ports
sum=$(sha256sum "$d/e2b_mcp.tar.gz" | cut -d' ' -f1)
project fetch "include(FetchContent)
FetchContent_Declare(e2b_mcp URL \"file://$d/e2b_mcp.tar.gz\" URL_HASH SHA256=$sum)
FetchContent_MakeAvailable(e2b_mcp)"
build fetch
check "[ $? -eq 0 ]" "FetchContent: embedded.c builds from the fetched tarball" "$(tail -n 5 "$d/fetch.cfg.log" "$d/fetch.build.log" 2>/dev/null)"
check "grep -q '_deps/e2b_mcp-src' '$d/fetch/b/compile_commands.json' && ! grep -qF '$top' '$d/fetch/b/compile_commands.json'" \
  "FetchContent: the build read the fetched copy, nothing from the checkout"
[ -x "$d/fetch/b/embedded" ] && run fetch "FetchContent"

# 3. find_package after make install (staged: DESTDIR, PREFIX=/usr)
root=$d/root
make -s --no-print-directory -C "$top" install DESTDIR="$root" PREFIX=/usr >"$d/install.log" 2>&1
check "[ $? -eq 0 ] && [ -f '$root/usr/lib/cmake/e2b_mcp/e2b_mcpConfig.cmake' ] && [ -f '$root/usr/lib/cmake/e2b_mcp/e2b_mcpConfigVersion.cmake' ]" \
  "make install puts the CMake package beside e2b_mcp.pc (lib/cmake/e2b_mcp)" "$(tail -n 3 "$d/install.log")"
check "! grep -rqF '$root' '$root/usr/lib/cmake'" "the package config holds no DESTDIR path"
ver=$(sed -n 's/^#define E2B_MCP_VERSION "\(.*\)"/\1/p' e2b_mcp.h)
project found "find_package(e2b_mcp $ver REQUIRED)"
build found "-DCMAKE_PREFIX_PATH=$root/usr"
check "[ $? -eq 0 ]" "find_package(e2b_mcp $ver): embedded.c builds against the installed copy" "$(tail -n 5 "$d/found.cfg.log" "$d/found.build.log" 2>/dev/null)"
check "grep -qF -- '$root/usr/include/e2b_mcp' '$d/found/b/compile_commands.json' && ! grep -qF '$top' '$d/found/b/compile_commands.json'" \
  "find_package: the build read the installed header, nothing from the checkout"
[ -x "$d/found/b/embedded" ] && run found "find_package"
project newer "find_package(e2b_mcp 99.0 REQUIRED)"
build newer "-DCMAKE_PREFIX_PATH=$root/usr"
check "[ $? -ne 0 ] && grep -q 'e2b_mcpConfigVersion.cmake\|version' '$d/newer.cfg.log'" "find_package of a newer version than installed is refused"

# the port is a choice: NONE builds without BearSSL; a word that is no port stops at configure
project none "add_subdirectory(\"$top\" e2b_mcp)"
build none -DE2B_MCP_TLS=NONE
check "[ $? -eq 0 ] && grep -q 'E2B_MCP_TLS_NONE' '$d/none/b/compile_commands.json' && ! grep -q bearssl '$d/none/b/CMakeFiles/embedded.dir/link.txt'" \
  "E2B_MCP_TLS=NONE: no TLS port, nothing linked" "$(tail -n 5 "$d/none.cfg.log" "$d/none.build.log" 2>/dev/null)"
project bad "add_subdirectory(\"$top\" e2b_mcp)"
build bad -DE2B_MCP_TLS=OPENSSL
check "[ $? -ne 0 ] && grep -q \"E2B_MCP_TLS is 'OPENSSL'\" '$d/bad.cfg.log'" "E2B_MCP_TLS=OPENSSL is refused at configure, naming the ports"

make -s --no-print-directory -C "$top" uninstall DESTDIR="$root" PREFIX=/usr >/dev/null 2>&1
check "[ ! -e '$root/usr/lib/cmake/e2b_mcp' ]" "make uninstall removes the CMake package"
closing
