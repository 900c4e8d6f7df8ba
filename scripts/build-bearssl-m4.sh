#!/bin/sh
# Builds BearSSL (Debian's 0.6 source package, as scripts/build-bearssl-musl.sh fetched it,
# or scripts/fetch-debian-source.sh)
# for a Cortex-M4 with arm-none-eabi-gcc: -Os -mcpu=cortex-m4 -mthumb, one section per
# function, no OS (BR_USE_URANDOM=0, BR_USE_UNIX_TIME=0: the board injects entropy and
# time). Used by the bench (bench/bench.mk) to size the library with BearSSL's minimal
# client profile, and by the board firmware (tests/mcu). Idempotent.
#
# Output: build/bearssl-m4/libbearssl.a and build/bearssl-m4/inc/ (bearssl*.h, jsmn.h:
# the only headers arm-none-eabi-gcc may see from the host).
set -eu
cd "$(dirname "$0")/.."
out=build/bearssl-m4
[ -f "$out/libbearssl.a" ] && [ -f "$out/inc/jsmn.h" ] && exit 0
command -v arm-none-eabi-gcc >/dev/null || { echo "build-bearssl-m4: arm-none-eabi-gcc missing (scripts/install-deps.sh cross)" >&2; exit 1; }
# the source the musl build fetched, else Debian's source package on its own
src=$(ls -d build/bearssl-musl/apt/bearssl-0* 2>/dev/null | head -n 1 || true)
[ -n "$src" ] || src=$(scripts/fetch-debian-source.sh bearssl build/bearssl-src)
echo "build-bearssl-m4: building $(basename "$src") for cortex-m4" >&2
rm -rf "$out/obj"; mkdir -p "$out/obj" "$out/inc/bearssl"
find "$src/src" -name '*.c' | sort > "$out/sources"
# two compilers at a time; object names are the source path with / -> _
xargs -P 2 -n 16 sh -c '
  for f; do
    o='"$out"'/obj/$(echo "${f#*/src/}" | tr / _ | sed "s/\.c$/.o/")
    arm-none-eabi-gcc -Os -mcpu=cortex-m4 -mthumb -ffunction-sections -fdata-sections \
      -DBR_USE_URANDOM=0 -DBR_USE_UNIX_TIME=0 -DBR_ARMEL_CORTEXM_GCC=1 \
      -I"'"$src"'/src" -I"'"$src"'/inc" -c "$f" -o "$o" || exit 255
  done' _ < "$out/sources"
rm -f "$out/libbearssl.a"
arm-none-eabi-ar rcs "$out/libbearssl.a" "$out"/obj/*.o
cp "$src"/inc/bearssl*.h "$out/inc/"
cp "$src"/inc/bearssl*.h "$out/inc/bearssl/"
cp /usr/include/jsmn.h "$out/inc/"
echo "build-bearssl-m4: $out/libbearssl.a ($(ls "$out"/obj/*.o | wc -l) objects)" >&2
