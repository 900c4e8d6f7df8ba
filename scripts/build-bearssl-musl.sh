#!/bin/sh
# Builds BearSSL from Debian's source package with musl-gcc, for the static musl binary
# (`make static`). Debian's libbearssl.a cannot be used with musl: it was built with
# _FORTIFY_SOURCE and references glibc's __memcpy_chk & co.
#
# Output (idempotent; nothing is rebuilt when the library exists):
#   build/bearssl-musl/lib/libbearssl.a   the library, musl-gcc -Os
#   build/bearssl-musl/include/           bearssl*.h plus jsmn.h: the only headers musl-gcc
#                                         may see from the host (never -I/usr/include)
#   build/bearssl-musl/brssl              the static `brssl` tool (`brssl ta` makes
#                                         compiled-in trust anchors), when it builds
#
# The source comes from Debian with `apt-get source`, through a private sources list and
# private state directories, so /etc and /var/lib/apt are left untouched.
set -eu
cd "$(dirname "$0")/.."
out=build/bearssl-musl
# -Os: the static binary is for small machines. No _FORTIFY_SOURCE (musl has no _chk).
# No unwind tables: C code that never unwinds needs no .eh_frame (~20 KB).
cflags="-W -Wall -Os -fPIC -ffunction-sections -fdata-sections -fno-asynchronous-unwind-tables -fno-unwind-tables -U_FORTIFY_SOURCE"
if [ -f "$out/lib/libbearssl.a" ] && [ -f "$out/include/bearssl.h" ] && [ -f "$out/include/jsmn.h" ] &&
   [ "$(cat "$out/cflags" 2>/dev/null)" = "$cflags" ]; then
  exit 0
fi
command -v musl-gcc >/dev/null || { echo "build-bearssl-musl: musl-gcc missing (scripts/install-deps.sh static)" >&2; exit 1; }
command -v dpkg-source >/dev/null || { echo "build-bearssl-musl: dpkg-source missing (dpkg-dev)" >&2; exit 1; }
mkdir -p "$out"
top=$(pwd)
work=$top/$out/apt
src=$(ls -d "$work"/bearssl-0* 2>/dev/null | head -n 1 || true)
if [ -z "$src" ]; then
  rm -rf "$work"
  mkdir -p "$work/parts" "$work/lists/partial" "$work/cache/archives/partial"
  # The mirror and key the system already uses for binary packages, for deb-src too.
  uri=http://deb.debian.org/debian
  key=/usr/share/keyrings/debian-archive-keyring.gpg
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    u=$(sed -n 's/^URIs:[[:space:]]*//p' /etc/apt/sources.list.d/debian.sources | head -n 1 | awk '{print $1}')
    [ -n "$u" ] && uri=$u
    k=$(sed -n 's/^Signed-By:[[:space:]]*//p' /etc/apt/sources.list.d/debian.sources | head -n 1)
    [ -n "$k" ] && [ -f "$k" ] && key=$k
  elif [ -f /etc/apt/sources.list ]; then
    u=$(awk '$1=="deb" && $0 !~ /security/ {for(i=2;i<=NF;i++) if ($i ~ /^https?:/) {print $i; exit}}' /etc/apt/sources.list)
    [ -n "$u" ] && uri=$u
  fi
  suite=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-bookworm}")
  [ -n "$suite" ] || suite=bookworm
  printf 'Types: deb-src\nURIs: %s\nSuites: %s\nComponents: main\nSigned-By: %s\n' \
    "$uri" "$suite" "$key" >"$work/parts/debian-src.sources"
  opts="-o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts=$work/parts \
        -o Dir::State::Lists=$work/lists -o Dir::Cache=$work/cache \
        -o Dir::State::status=/var/lib/dpkg/status -o Debug::NoLocking=1 -o APT::Sandbox::User=root"
  # shellcheck disable=SC2086
  apt-get -qq $opts update >/dev/null
  # shellcheck disable=SC2086
  (cd "$work" && apt-get -qq $opts source --download-only bearssl >/dev/null)
  dsc=$(ls "$work"/bearssl_*.dsc | head -n 1)
  (cd "$work" && dpkg-source -q --no-check -x "$(basename "$dsc")" >/dev/null)
  src=$(ls -d "$work"/bearssl-0* | head -n 1)
fi
echo "build-bearssl-musl: building $(basename "$src") with musl-gcc" >&2
rm -rf "$src/build"
(cd "$src" && make -s CC=musl-gcc LD=musl-gcc LDFLAGS=-static CFLAGS="$cflags" lib >/dev/null)
mkdir -p "$out/lib" "$out/include/bearssl"
cp "$src/build/libbearssl.a" "$out/lib/libbearssl.a"
cp "$src"/inc/bearssl*.h "$out/include/"
# Debian's /usr/include/bearssl.h is a one-line wrapper around <bearssl/bearssl.h>; keep
# that path working too, with the same headers of the same version.
cp "$src"/inc/bearssl*.h "$out/include/bearssl/"
cp /usr/include/jsmn.h "$out/include/jsmn.h"
# brssl is optional (it helps to compile trust anchors in); a failure here is not fatal.
(cd "$src" && make -s CC=musl-gcc LD=musl-gcc LDFLAGS=-static \
   CFLAGS="-W -Wall -Os -U_FORTIFY_SOURCE" tools >/dev/null 2>&1 && \
   cp build/brssl "$top/$out/brssl") || echo "build-bearssl-musl: brssl not built (optional)" >&2
printf '%s' "$cflags" >"$out/cflags"
echo "build-bearssl-musl: $out/lib/libbearssl.a" >&2
