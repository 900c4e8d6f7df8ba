#!/bin/sh
# Checks that what a build needs is installed, installs nothing, and names the first
# thing missing in one line (what it is, its Debian package, how to get it).
# Usage: CC=cc CFLAGS=... scripts/check-build.sh NEED...
#   NEED: cc (the C compiler $CC and the C library's headers), a header (jsmn.h, bearssl.h, mbedtls/ssl.h: found by
#   the compiler with CFLAGS, so -I/path counts), -lNAME (links with the compiler), or a
#   command (musl-gcc). The compiler answers, not a package database: it works the same on
#   Debian, Alpine or macOS.
set -u
CC=${CC:-cc}
CFLAGS=${CFLAGS:-}
tmp=${TMPDIR:-/tmp}/e2b-mcp-check.$$
trap 'rm -f "$tmp".c "$tmp".out' EXIT INT TERM

pkg_of() {   # Debian package, and what it is for
  case "$1" in
    cc)             echo "build-essential|" ;;
    libc)           echo "libc6-dev|the C library's headers" ;;
    jsmn.h)         echo "libjsmn-dev|the JSON reader" ;;
    bearssl.h|-lbearssl) echo "libbearssl-dev|BearSSL, the default build's TLS" ;;
    mbedtls/*|-lmbed*)   echo "libmbedtls-dev|mbedTLS" ;;
    musl-gcc)       echo "musl-tools|the musl compiler of the static build" ;;
    *)              echo "?|$1" ;;
  esac
}
missing() {
  info=$(pkg_of "$1"); pkg=${info%%|*}; what=${info#*|}
  case "$1" in *.h) where="; or name its directory: make CFLAGS=-I<dir>" ;; *) where="" ;; esac
  case "$1" in bearssl.h|-lbearssl) where="$where; or build without TLS (http:// only): make build/e2b-mcp-plain" ;; esac
  echo "make: missing $2${what:+ ($what)}: install Debian's $pkg (\`make deps\` does) or your system's equivalent$where" >&2
  exit 1
}

for need in "$@"; do
  case "$need" in
    cc)
      command -v "${CC%% *}" >/dev/null 2>&1 || missing cc "the C compiler '$CC'"
      printf '#include <stdio.h>\n' > "$tmp".c
      # shellcheck disable=SC2086
      $CC $CFLAGS -E -o /dev/null "$tmp".c >/dev/null 2>&1 || missing libc "<stdio.h>"
      ;;
    -l*)
      printf 'int main(void) { return 0; }\n' > "$tmp".c
      # shellcheck disable=SC2086
      $CC $CFLAGS -o "$tmp".out "$tmp".c "$need" >/dev/null 2>&1 || missing "$need" "the library $need"
      ;;
    *.h)
      printf '#include <%s>\n' "$need" > "$tmp".c
      # shellcheck disable=SC2086
      $CC $CFLAGS -E -o /dev/null "$tmp".c >/dev/null 2>&1 || missing "$need" "<$need>"
      ;;
    *)
      command -v "$need" >/dev/null 2>&1 || missing "$need" "the command $need"
      ;;
  esac
done
exit 0
