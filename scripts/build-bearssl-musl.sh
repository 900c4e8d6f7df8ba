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
# Prints "URI SUITE KEY" (KEY "-" when the source names no keyring file) for every enabled
# 'deb' source with component main, in apt's reading order.
apt_sources() {
  if [ -f /etc/apt/sources.list ]; then oneline /etc/apt/sources.list; fi
  for f in /etc/apt/sources.list.d/*; do
    case "$f" in *.list) oneline "$f" ;; *.sources) deb822 "$f" ;; esac
  done
  return 0
}
# One-line format: deb [opt=val ...] URI SUITE COMPONENT...
oneline() {
  sed 's/#.*//' "$1" | awk '
    $1 != "deb" { next }
    { key = "-"; i = 2
      if ($2 ~ /^\[/) {
        for (; i <= NF; i++) {
          if ($i ~ /^\[?signed-by=/) { k = $i; sub(/^\[?signed-by=/, "", k); sub(/\]$/, "", k); key = k }
          if ($i ~ /\]$/) { i++; break }
        }
      }
      uri = $i; s = $(i + 1); main = 0
      for (j = i + 2; j <= NF; j++) if ($j == "main") main = 1
      if (main) print uri, s, key }'
}
# deb822 format: paragraphs of Field: value, separated by blank lines; a Signed-By that
# holds the key itself (continuation lines) is not a file and is left to apt's defaults.
deb822() {
  awk '
    function flush(   n, u, s, i, j, m) {
      if (types ~ /(^| )deb( |$)/ && enabled != "no" && comps ~ /(^| )main( |$)/) {
        n = split(uris, u, " "); m = split(suites, s, " ")
        for (i = 1; i <= n; i++) for (j = 1; j <= m; j++) print u[i], s[j], (key == "" ? "-" : key)
      }
      types = uris = suites = comps = key = enabled = ""
    }
    /^[ \t]*#/ { next }
    /^[ \t]*$/ { flush(); next }
    /^[ \t]/ { next }
    { f = tolower($1); v = $0; sub(/^[^:]*:[ \t]*/, "", v); sub(/[ \t]+$/, "", v)
      if (f == "types:") types = v; else if (f == "uris:") uris = v
      else if (f == "suites:") suites = v; else if (f == "components:") comps = v
      else if (f == "enabled:") enabled = tolower(v)
      else if (f == "signed-by:" && v ~ /^\//) key = v }
    END { flush() }' "$1"
}
mkdir -p "$out"
top=$(pwd)
work=$top/$out/apt
src=$(ls -d "$work"/bearssl-0* 2>/dev/null | head -n 1 || true)
if [ -z "$src" ]; then
  rm -rf "$work"
  mkdir -p "$work/parts" "$work/lists/partial" "$work/cache/archives/partial"
  # Where the system's binary packages come from, for deb-src too: the first apt source
  # (deb822 *.sources or one-line sources.list / *.list) that is enabled, of type deb,
  # component main, and whose suite is this system's release codename. Nothing about a
  # mirror or a release is assumed; without such a source the build stops and says why.
  suite=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")
  [ -n "$suite" ] || { echo "build-bearssl-musl: no VERSION_CODENAME in /etc/os-release: cannot tell which apt suite holds the bearssl source" >&2; exit 1; }
  found=$(apt_sources | awk -v suite="$suite" '$2 == suite { print; exit }')
  [ -n "$found" ] || { echo "build-bearssl-musl: no enabled 'deb' source for suite '$suite' with component 'main' in /etc/apt/sources.list or /etc/apt/sources.list.d/ (*.list, *.sources): cannot fetch the bearssl source package" >&2; exit 1; }
  uri=${found%% *}
  key=$(echo "$found" | awk '{print $3}')
  signed=""
  [ -n "$key" ] && [ "$key" != "-" ] && signed="Signed-By: $key
"
  printf 'Types: deb-src\nURIs: %s\nSuites: %s\nComponents: main\n%s' \
    "$uri" "$suite" "$signed" >"$work/parts/system-src.sources"
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
