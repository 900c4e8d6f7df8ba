#!/bin/sh
# Plain `make` installs nothing and needs no package manager: with a PATH that has no
# apt-get, dpkg or sudo it builds the binary; with spies in their place none is called; a
# missing compiler, header or library stops it with one line naming it and its Debian
# package. `make test` and `make deps` still install (what .ci/run relies on); any other
# goal that needs a package group names what is missing instead.
# Usage: sh tests/config/make.sh BUILD_DIR
set -u
. tests/lib/check.sh
dir=$(cd "$1" && pwd)/config-make
rm -rf "$dir"; mkdir -p "$dir/bin" "$dir/spy" "$dir/sysroot/usr/include" "$dir/empty" "$dir/inc"
unset E2B_MCP_DEPS MAKEFLAGS MAKELEVEL MFLAGS

# A PATH of every command but the package tools.
for d in /usr/local/sbin /usr/local/bin /usr/sbin /usr/bin /sbin /bin; do
  [ -d "$d" ] || continue
  for f in "$d"/*; do
    b=${f##*/}
    case "$b" in apt|apt-*|dpkg|dpkg-*|sudo) continue ;; esac
    [ -x "$f" ] && [ ! -e "$dir/bin/$b" ] && ln -s "$f" "$dir/bin/$b"
  done
done
check '! PATH=$dir/bin command -v apt-get >/dev/null && ! PATH=$dir/bin command -v dpkg-query >/dev/null' \
  "the PATH has no apt-get, no dpkg-query"

PATH=$dir/bin make -s BUILD="$dir/b1" >"$dir/b1.log" 2>&1
check '[ -x "$dir/b1/e2b-mcp" ]' "make without apt-get builds the binary" "$(tail -n 3 "$dir/b1.log")"
expect "the binary runs" "e2b-mcp " "$dir/b1/e2b-mcp" --version

# Spies where the package tools were: plain make must call none.
for b in apt-get apt dpkg dpkg-query sudo; do
  printf '#!/bin/sh\necho "%s $*" >> "%s/spy.log"\nexit 1\n' "$b" "$dir" > "$dir/spy/$b"; chmod +x "$dir/spy/$b"
done
: > "$dir/spy.log"
PATH=$dir/spy:$dir/bin make -s BUILD="$dir/b2" >"$dir/b2.log" 2>&1
check '[ -x "$dir/b2/e2b-mcp" ] && [ ! -s "$dir/spy.log" ]' "make calls no package tool" "$(cat "$dir/spy.log" "$dir/b2.log" | head -n 3)"

# What is missing, named in one line.
missing() {   # $1: name, $2: text the message must hold, then make's arguments
  name=$1; want=$2; shift 2
  PATH=$dir/spy:$dir/bin make -s BUILD="$dir/m" "$@" >"$dir/m.log" 2>&1; rc=$?
  line=$(grep -m1 '^make: missing' "$dir/m.log")
  if [ "$rc" -ne 0 ] && [ -n "$line" ] && case "$line" in *"$want"*) true;; *) false;; esac; then
    pass "$name: $line"
  else
    fail "$name: rc=$rc, want a line with '$want': $(head -n 3 "$dir/m.log")"
  fi
}
missing "no compiler" "build-essential" CC=/nonexistent/cc
missing "no C library headers" "<stdio.h> (the C library's headers): install Debian's libc6-dev" CC="cc --sysroot=$dir/empty"
# A system root with the C library's headers but none of the libraries the build needs.
for f in /usr/include/*; do
  case "${f##*/}" in jsmn.h|bearssl*|mbedtls|psa) ;; *) ln -s "$f" "$dir/sysroot/usr/include/" ;; esac
done
missing "no jsmn.h" "<jsmn.h> (the JSON reader): install Debian's libjsmn-dev" CC="cc --sysroot=$dir/sysroot"
jsmn=$(echo '#include <jsmn.h>' | cc -E -x c - | sed -n 's/^# [0-9]* "\(.*jsmn\.h\)".*/\1/p' | head -n 1)
cp "$jsmn" "$dir/inc/"
missing "no bearssl.h" "<bearssl.h> (BearSSL, the default build's TLS): install Debian's libbearssl-dev" \
  CC="cc --sysroot=$dir/sysroot" CFLAGS="-O2 -I$dir/inc"
missing "no mbedTLS for build/e2b-mcp-mbedtls" "<mbedtls/ssl.h> (mbedTLS): install Debian's libmbedtls-dev" \
  CC="cc --sysroot=$dir/sysroot" CFLAGS="-O2 -I$dir/inc" "$dir/m/e2b-mcp-mbedtls"
PATH=$dir/spy:$dir/bin make -s BUILD="$dir/m" CC="cc --sysroot=$dir/sysroot" CFLAGS="-O2 -I$dir/inc" "$dir/m/e2b-mcp-plain" >"$dir/m.log" 2>&1
check '[ -x "$dir/m/e2b-mcp-plain" ]' "without BearSSL, make build/e2b-mcp-plain (http:// only) builds" "$(head -n 3 "$dir/m.log")"
check '[ ! -s "$dir/spy.log" ]' "a missing package installs nothing" "$(head -n 3 "$dir/spy.log")"

# A package group another goal needs: named, not installed (the spy dpkg-query finds none).
: > "$dir/spy.log"
PATH=$dir/spy:$dir/bin make -s cross BUILD="$dir/x" >"$dir/g.log" 2>&1; rc=$?
line=$(grep -m1 'missing Debian packages' "$dir/g.log")
check '[ "$rc" -ne 0 ] && echo "$line" | grep -q gcc-aarch64-linux-gnu && ! grep -q "^apt" "$dir/spy.log"' \
  "make cross without its packages names them and installs none: ${line:-}" "$(head -n 3 "$dir/g.log")"
: > "$dir/spy.log"
PATH=$dir/spy:$dir/bin E2B_MCP_DEPS=check sh scripts/install-deps.sh cross >"$dir/g.log" 2>&1; rc=$?
line=$(grep -m1 'missing Debian packages' "$dir/g.log")
check '[ "$rc" -ne 0 ] && echo "$line" | grep -q gcc-aarch64-linux-gnu && ! grep -q "^apt" "$dir/spy.log"' \
  "install-deps.sh in check mode names the packages and installs none" "$(head -n 3 "$dir/g.log")"

# Who installs: make test, make demo, make deps (a clean machine's .ci/run is `make test`).
for goal in test demo deps; do
  n=$(make -n "$goal" BUILD="$dir/n" 2>/dev/null | grep -c 'install-deps.sh')
  check '[ "$n" -gt 0 ]' "make $goal installs packages (install-deps.sh runs)"
done
for goal in "" "$dir/n/e2b-mcp-plain" "$dir/n/e2b-mcp-mbedtls"; do
  n=$(make -n $goal BUILD="$dir/n" 2>/dev/null | grep -c 'install-deps.sh')
  check '[ "$n" -eq 0 ]' "make ${goal:+${goal##*/} }installs nothing"
done
grep -q '^make test$' .ci/run
check '[ $? -eq 0 ]' ".ci/run runs make test"
rm -rf "$dir/b1" "$dir/b2" "$dir/m" "$dir/sysroot" "$dir/empty"
closing
