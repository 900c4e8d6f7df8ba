#!/bin/sh
# scripts/build-bearssl-mcu.sh [m4|rv32] - BearSSL (Debian's 0.6 source package, as
# scripts/build-bearssl-musl.sh fetched it, or scripts/fetch-debian-source.sh) for a
# microcontroller: -Os, one section per function, no OS (BR_USE_URANDOM=0,
# BR_USE_UNIX_TIME=0: the board injects entropy and time).
#   m4    (default) Cortex-M4 with arm-none-eabi-gcc and newlib-nano: build/bearssl-m4
#   rv32  RV32IMAC (ilp32, -msave-restore) with riscv64-unknown-elf-gcc and picolibc: build/bearssl-rv32
# Used by the bench (bench/bench.mk) to size the library with BearSSL's minimal client
# profile, and by the board firmwares (tests/mcu). Idempotent.
#
# Output: build/bearssl-<target>/libbearssl.a and build/bearssl-<target>/inc/ (bearssl*.h,
# jsmn.h: the only headers the cross compiler may see from the host).
set -eu
cd "$(dirname "$0")/.."
target=${1:-m4}
case "$target" in
  m4)   cc="arm-none-eabi-gcc -mcpu=cortex-m4 -mthumb -DBR_ARMEL_CORTEXM_GCC=1"; ar=arm-none-eabi-ar; group=mcu ;;
  rv32) cc="riscv64-unknown-elf-gcc -march=rv32imac -mabi=ilp32 -msave-restore --specs=picolibc.specs"; ar=riscv64-unknown-elf-ar; group=riscv ;;
  *) echo "build-bearssl-mcu: unknown target '$target' (m4 or rv32)" >&2; exit 2 ;;
esac
out=build/bearssl-$target
[ -f "$out/libbearssl.a" ] && [ -f "$out/inc/jsmn.h" ] && exit 0
command -v "${cc%% *}" >/dev/null || { echo "build-bearssl-mcu: ${cc%% *} missing (scripts/install-deps.sh $group)" >&2; exit 1; }
# the source the musl build fetched, else Debian's source package on its own
src=$(ls -d build/bearssl-musl/apt/bearssl-0* 2>/dev/null | head -n 1 || true)
[ -n "$src" ] || src=$(scripts/fetch-debian-source.sh bearssl build/bearssl-src)
echo "build-bearssl-mcu: building $(basename "$src") for $target" >&2
rm -rf "$out/obj"; mkdir -p "$out/obj" "$out/inc/bearssl"
find "$src/src" -name '*.c' | sort > "$out/sources"
# two compilers at a time; object names are the source path with / -> _
xargs -P 2 -n 16 sh -c '
  for f; do
    o='"$out"'/obj/$(echo "${f#*/src/}" | tr / _ | sed "s/\.c$/.o/")
    '"$cc"' -Os -ffunction-sections -fdata-sections -DBR_USE_URANDOM=0 -DBR_USE_UNIX_TIME=0 \
      -I"'"$src"'/src" -I"'"$src"'/inc" -c "$f" -o "$o" || exit 255
  done' _ < "$out/sources"
rm -f "$out/libbearssl.a"
$ar rcs "$out/libbearssl.a" "$out"/obj/*.o
cp "$src"/inc/bearssl*.h "$out/inc/"
cp "$src"/inc/bearssl*.h "$out/inc/bearssl/"
cp /usr/include/jsmn.h "$out/inc/"
echo "build-bearssl-mcu: $out/libbearssl.a ($(ls "$out"/obj/*.o | wc -l) objects)" >&2
