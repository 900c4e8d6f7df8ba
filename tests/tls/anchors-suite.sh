#!/bin/sh
# Trust anchors for devices without a file system: the TLS ports built with
# E2B_MCP_TLS_NO_FILE and compiled-in anchors, and the small profile's bounded trust
# store. Each variant of tests/tls/tls_client.c is built here and run against nginx.
#   BearSSL + E2B_MCP_TLS_ANCHORS   a `brssl ta` table (stays in flash: arena unused)
#   BearSSL + E2B_MCP_TLS_ANCHORS_PEM, mbedTLS + E2B_MCP_TLS_ANCHORS_PEM   PEM text
#   BearSSL + E2B_MCP_SMALL         the 144-root bundle does not fit: refused, not cut
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
d=build/tls-test/run-anchors
. tests/lib/check.sh
at_finish='tests/tls/nginx-tls.sh stop "$d" >/dev/null 2>&1'
mkdir -p "$d"
tests/tls/nginx-tls.sh setup "$d" >/dev/null || { fail "nginx with the test certificates did not start (see $d/nginx/error.log)"; finish; }
P=$(awk '$1=="good" {print $2}' "$d/nginx/ports")
U=$(awk '$1=="untrusted" {print $2}' "$d/nginx/ports")
W="-std=c99 -Wall -Wextra -pedantic -Werror -O2"
INC="-I$d -Ibuild/tls-test/decl -I."

# The anchors as the C a device build would compile in.
{
  echo "static const char test_anchors_pem[] ="
  sed 's/.*/  "&\\n"/' "$d/ca.pem"
  echo ";"
} > "$d/anchors_pem.h"
if [ -x build/bearssl-musl/brssl ]; then
  build/bearssl-musl/brssl ta -q "$d/ca.pem" > "$d/anchors_ta.h"
else
  fail "brssl (built by scripts/build-bearssl-musl.sh) is missing"
fi

build() { # out, libs, flags...
  o=$1; libs=$2; shift 2
  if ${CC:-cc} $W $INC "$@" -o "$d/$o" tests/tls/tls_client.c $libs 2>"$d/$o.err"; then return 0; fi
  fail "build $o: $(head -n 3 "$d/$o.err")"; return 1
}

if [ -f "$d/anchors_ta.h" ] && build ta -lbearssl -DE2B_MCP_TLS_BEARSSL -DE2B_MCP_TLS_NO_FILE \
     -DTEST_ANCHORS_H='"anchors_ta.h"' -DE2B_MCP_TLS_ANCHORS=TAs -DE2B_MCP_TLS_ANCHORS_NUM=TAs_NUM; then
  expect "BearSSL, brssl ta table: loaded without the arena" "anchors 1 used 0" "$d/ta" trust -
  expect "BearSSL, brssl ta table: good server" "ok requests 2 handshakes 1 resumed 1" \
    "$d/ta" get localhost "$P" - /hello -c 2
  expect "BearSSL, brssl ta table: unknown CA refused" "error -9 TLS_UNTRUSTED" "$d/ta" get localhost "$U" - /hello
  expect "BearSSL, no file system: a CA file is refused" "error -15 TLS_TRUST" "$d/ta" trust "$d/ca.pem"
fi
if build pem -lbearssl -DE2B_MCP_TLS_BEARSSL -DE2B_MCP_TLS_NO_FILE -DE2B_MCP_TLS_BEARSSL_MINIMAL \
     -DE2B_MCP_SMALL -DTEST_ANCHORS_H='"anchors_pem.h"' -DE2B_MCP_TLS_ANCHORS_PEM=test_anchors_pem; then
  expect "BearSSL minimal + small, PEM compiled in" "anchors 1" "$d/pem" trust -
  expect "BearSSL minimal + small, PEM compiled in: good server" "ok requests 2 handshakes 1 resumed 1" \
    "$d/pem" get localhost "$P" - /hello -c 2
  expect "BearSSL minimal + small, PEM compiled in: unknown CA refused" "error -9 TLS_UNTRUSTED" \
    "$d/pem" get localhost "$U" - /hello
fi
if build mbed "-lmbedtls -lmbedx509 -lmbedcrypto" -DE2B_MCP_TLS_MBEDTLS -DE2B_MCP_TLS_NO_FILE \
     -DTEST_ANCHORS_H='"anchors_pem.h"' -DE2B_MCP_TLS_ANCHORS_PEM=test_anchors_pem; then
  expect "mbedTLS, PEM compiled in" "anchors 1" "$d/mbed" trust -
  expect "mbedTLS, PEM compiled in: good server" "ok requests 2 handshakes 1 resumed 1" \
    "$d/mbed" get localhost "$P" - /hello -c 2
  expect "mbedTLS, PEM compiled in: unknown CA refused" "error -9 TLS_UNTRUSTED" "$d/mbed" get localhost "$U" - /hello
fi
if build small -lbearssl -DE2B_MCP_TLS_BEARSSL -DE2B_MCP_SMALL; then
  expect "BearSSL small profile: the 144-root bundle does not fit and is refused" "error -15 TLS_TRUST" \
    "$d/small" trust -
  expect "BearSSL small profile: one pinned root fits" "anchors 1 used 96" "$d/small" trust "$d/ca.pem"
fi
finish
