#!/bin/sh
# e2b_mcp.h's implementation after system headers: <stdio.h>, <stdlib.h> and <string.h>
# first (and <time.h>, whose clock the POSIX port then declares itself), compiled strict
# (-std=c99 -pedantic -Werror, no feature macro) as C and as C++, with each TLS port; the
# C programs run and their monotonic clock moves.
# Usage: sh tests/config/include.sh BUILD_DIR
set -u
. tests/lib/check.sh
dir=$1/config-include
mkdir -p "$dir"
CC=${CC:-cc}; CXX=${CXX:-c++}
WARN="-Wall -Wextra -pedantic -Werror"

# $1: name, $2: the system headers before e2b_mcp.h, $3: lines before the include
src() {
  f=$dir/$1
  { for h in $2; do echo "#include <$h>"; done
    printf '%s\n' "$3" '#define E2B_MCP_IMPLEMENTATION' '#include "e2b_mcp.h"' \
      'static e2b_mcp_server srv;' \
      'int main(void) {' \
      '  e2b_mcp_config cfg;' \
      '  unsigned long t0, t1;' \
      '  memset(&cfg, 0, sizeof cfg);' \
      '  cfg.api_key = "e2b_test";' \
      '  if (e2b_mcp_init(&srv, &cfg) != 0) return 2;' \
      '  t0 = e2b_mcp__sock_posix_now(NULL);' \
      '  do t1 = e2b_mcp__sock_posix_now(NULL); while (t1 == t0);' \
      '  printf("ok %lu\n", t1 - t0);' \
      '  return t1 > t0 ? 0 : 3;' \
      '}'; } > "$f"
}
# $1: name, $2: compiler and flags ...: compile $dir/$1.c (or .cpp), then run it
build_run() {
  name=$1; shift
  if out=$("$@" 2>&1); then
    r=$("$dir/$name" 2>&1)
    case "$r" in ok*) pass "$name";; *) fail "$name: runs: $r";; esac
  else
    fail "$name: does not compile: $(echo "$out" | grep -m1 error)"
  fi
}

std="stdio.h stdlib.h string.h"
src c99.c "$std" ""
build_run c99 $CC -std=c99 $WARN -I. -o "$dir/c99" "$dir/c99.c"
build_run c99-bearssl $CC -std=c99 $WARN -DE2B_MCP_TLS_BEARSSL -I. -o "$dir/c99-bearssl" "$dir/c99.c" -lbearssl
build_run c99-mbedtls $CC -std=c99 $WARN -DE2B_MCP_TLS_MBEDTLS -I. -o "$dir/c99-mbedtls" "$dir/c99.c" -lmbedtls -lmbedx509 -lmbedcrypto
build_run c11 $CC -std=c11 $WARN -I. -o "$dir/c11" "$dir/c99.c"
src time.c "time.h errno.h $std" ""
build_run c99-time-first $CC -std=c99 $WARN -I. -o "$dir/c99-time-first" "$dir/time.c"
cp "$dir/c99.c" "$dir/cpp.cpp"
build_run cpp11 $CXX -std=c++11 $WARN -I. -o "$dir/cpp11" "$dir/cpp.cpp"
build_run cpp11-bearssl $CXX -std=c++11 $WARN -DE2B_MCP_TLS_BEARSSL -I. -o "$dir/cpp11-bearssl" "$dir/cpp.cpp" -lbearssl
cp "$dir/time.c" "$dir/time.cpp"
build_run cpp11-time-first $CXX -std=c++11 $WARN -I. -o "$dir/cpp11-time-first" "$dir/time.cpp"
# The lines a user may still need: their own _POSIX_C_SOURCE first is respected.
src posix.c "$std" ""
sed -i '1i #define _POSIX_C_SOURCE 200809L' "$dir/posix.c"
build_run c99-own-posix $CC -std=c99 $WARN -I. -o "$dir/c99-own-posix" "$dir/posix.c"
# stb's two-include pattern (declarations first, the implementation later in the same file) is
# refused with one clear line, not a link error, with and without a TLS port.
{ echo '#include "e2b_mcp.h"'; echo '#define E2B_MCP_IMPLEMENTATION'; echo '#include "e2b_mcp.h"'; } > "$dir/twice.c"
for t in NONE BEARSSL; do
  out=$($CC -std=c99 $WARN -DE2B_MCP_TLS_$t -I. -c -o "$dir/twice.o" "$dir/twice.c" 2>&1)
  first=$(echo "$out" | grep -m1 'error')
  case "$first" in
    *"define E2B_MCP_IMPLEMENTATION before the first #include"*) pass "declarations first, TLS $t: one clear error";;
    *) fail "declarations first, TLS $t: $first";;
  esac
done
# musl sees only its own headers and jsmn.h (header-only) copied beside them.
mkdir -p "$dir/musl-inc"
if command -v musl-gcc >/dev/null 2>&1 && echo '#include <jsmn.h>' | $CC -E -o "$dir/jsmn.i" -x c - 2>/dev/null; then
  cp "$(sed -n 's/^# [0-9]* "\(.*jsmn\.h\)".*/\1/p' "$dir/jsmn.i" | head -n 1)" "$dir/musl-inc/"
  build_run musl-c99 musl-gcc -std=c99 $WARN -I"$dir/musl-inc" -I. -o "$dir/musl-c99" "$dir/c99.c"
  build_run musl-time-first musl-gcc -std=c99 $WARN -I"$dir/musl-inc" -I. -o "$dir/musl-time-first" "$dir/time.c"
else
  fail "musl: musl-gcc or jsmn.h missing (make deps installs them)"
fi
closing
