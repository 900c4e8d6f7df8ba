#!/bin/sh
# Builds BearSSL (Debian's 0.6 source package, as scripts/build-bearssl-musl.sh fetched it,
# or scripts/fetch-debian-source.sh) for 64-bit Windows with Debian's mingw-w64, for the
# static e2b-mcp.exe (`make windows`). BearSSL finds Windows' own random source
# (CryptGenRandom) and clock by itself when _WIN32 is defined. Idempotent.
#
# Output: build/bearssl-win/libbearssl.a and build/bearssl-win/inc/ (bearssl*.h, jsmn.h:
# the only headers the cross compiler may see from the host).
set -eu
cd "$(dirname "$0")/.."
out=build/bearssl-win
cc=x86_64-w64-mingw32-gcc
[ -f "$out/libbearssl.a" ] && [ -f "$out/inc/jsmn.h" ] && exit 0
command -v $cc >/dev/null || { echo "build-bearssl-win: $cc missing (scripts/install-deps.sh windows)" >&2; exit 1; }
src=$(ls -d build/bearssl-musl/apt/bearssl-0* 2>/dev/null | head -n 1 || true)
[ -n "$src" ] || src=$(scripts/fetch-debian-source.sh bearssl build/bearssl-src)
echo "build-bearssl-win: building $(basename "$src") for x86_64-w64-mingw32" >&2
rm -rf "$out/obj"; mkdir -p "$out/obj" "$out/inc/bearssl"
find "$src/src" -name '*.c' | sort > "$out/sources"
# two compilers at a time; object names are the source path with / -> _
xargs -P 2 -n 16 sh -c '
  for f; do
    o='"$out"'/obj/$(echo "${f#*/src/}" | tr / _ | sed "s/\.c$/.o/")
    '"$cc"' -O2 -ffunction-sections -fdata-sections -I"'"$src"'/src" -I"'"$src"'/inc" -c "$f" -o "$o" || exit 255
  done' _ < "$out/sources"
rm -f "$out/libbearssl.a"
x86_64-w64-mingw32-ar rcs "$out/libbearssl.a" "$out"/obj/*.o
cp "$src"/inc/bearssl*.h "$out/inc/"
cp "$src"/inc/bearssl*.h "$out/inc/bearssl/"
cp /usr/include/jsmn.h "$out/inc/"
echo "build-bearssl-win: $out/libbearssl.a ($(ls "$out"/obj/*.o | wc -l) objects)" >&2
