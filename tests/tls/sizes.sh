#!/bin/sh
# Prints the size of each server binary given: file size (ls -l), size(1) text/data/bss,
# and the stripped file size, plus how it links. Used by `make tls-sizes` and bench/RESULTS.md.
printf '%-26s %10s %10s %9s %9s %11s  %s\n' binary file stripped text data bss linkage
for b in "$@"; do
  [ -f "$b" ] || continue
  f=$(wc -c < "$b")
  strip -o "$b.stripped.tmp" "$b" 2>/dev/null && s=$(wc -c < "$b.stripped.tmp") || s=-
  rm -f "$b.stripped.tmp"
  set -- $(size "$b" | awk 'NR==2 {print $1, $2, $3}')
  case "$(file -b "$b" 2>/dev/null)" in
    *statically*|*static-pie*) l=static ;;
    *) l=$(ldd "$b" 2>/dev/null | awk '/=>/ {print $1}' | grep -E 'bearssl|mbed|libc\.' | tr '\n' ' ') ;;
  esac
  [ -n "$l" ] || l=$(ldd "$b" 2>&1 | grep -q 'not a dynamic' && echo static || echo dynamic)
  printf '%-26s %10s %10s %9s %9s %11s  %s\n' "$(basename "$b")" "$f" "$s" "$1" "$2" "$3" "$l"
done
