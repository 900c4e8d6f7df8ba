#!/bin/sh
# tests/mcu/build-lwip.sh OUT "CC FLAGS" [AR] - lwIP 2.1 for a board, from Debian's source package
# (scripts/fetch-debian-source.sh; liblwip-dev ships headers only): the core, IPv4 and the
# Ethernet layer, with tests/mcu/lwipopts.h. Output: OUT/liblwip.a and OUT/include (lwIP's
# headers; the cross compiler never sees /usr/include).
set -eu
cd "$(dirname "$0")/../.."
out=$1
cc=$2
src=$(scripts/fetch-debian-source.sh lwip build/lwip-src)
echo "build-lwip: building $(basename "$src") for the board" >&2
rm -rf "$out/obj" "$out/include"
mkdir -p "$out/obj"
cp -r "$src/src/include" "$out/include"
# lwIP is third-party code: built with its own warnings level, not the project's -Werror.
ls "$src"/src/core/*.c "$src"/src/core/ipv4/*.c "$src/src/netif/ethernet.c" |
  xargs -P 2 -n 8 sh -c 'for f; do '"$cc"' -std=c99 -w -Itests/mcu -I"'"$out"'/include" \
      -c "$f" -o "'"$out"'/obj/$(basename "$f" .c).o" || exit 255; done' _
rm -f "$out/liblwip.a"
${3:-arm-none-eabi-ar} rcs "$out/liblwip.a" "$out"/obj/*.o
echo "build-lwip: $out/liblwip.a" >&2
