#!/bin/sh
# Installs into a temporary DESTDIR, builds examples/embedded.c against the installed copy
# only (a copy of the source outside the tree, no -I into the checkout, flags from pkg-config
# with PKG_CONFIG_SYSROOT_DIR), runs it against the simulator, uninstalls. A line per check
# (tests/lib/check.sh), then "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
top=$(pwd)
. tests/lib/check.sh
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
root=$d/root
mk() { make -s --no-print-directory -C "$top" "$@"; }

# 1. PREFIX=/usr: the layout a distribution package has
mk install DESTDIR="$root" PREFIX=/usr >"$d/install.log" 2>&1
check "[ $? -eq 0 ]" "make install DESTDIR=... PREFIX=/usr" "$(tail -n 3 "$d/install.log")"
inc=$root/usr/include/e2b_mcp
for f in usr/bin/e2b-mcp usr/include/e2b_mcp/e2b_mcp.h usr/lib/pkgconfig/e2b_mcp.pc; do
  check "[ -f '$root/$f' ]" "$f installed"
done
for p in ports/*.h; do check "cmp -s '$p' '$inc/$p'" "$p installed beside the header"; done
check "cmp -s e2b_mcp.h '$inc/e2b_mcp.h'" "the installed header is the checkout's"
check "[ -x '$root/usr/bin/e2b-mcp' ] && [ \"\$(stat -c %a '$root/usr/bin/e2b-mcp')\" = 755 ]" "the binary is mode 755"
check "[ \"\$(stat -c %a '$inc/e2b_mcp.h')\" = 644 ] && [ \"\$(stat -c %a '$root/usr/lib/pkgconfig/e2b_mcp.pc')\" = 644 ]" "header and .pc are mode 644"
check "'$root/usr/bin/e2b-mcp' --version 2>&1 | grep -q \"\$(sed -n 's/^#define E2B_MCP_VERSION \"\(.*\)\"/\1/p' e2b_mcp.h)\"" "the installed binary runs and reports the header's version"
check "! grep -rqF '$root' '$root'" "DESTDIR is not written into any installed file"
check "grep -qx 'prefix=/usr' '$root/usr/lib/pkgconfig/e2b_mcp.pc'" "the .pc file names PREFIX"

export PKG_CONFIG_SYSROOT_DIR="$root" PKG_CONFIG_LIBDIR="$root/usr/lib/pkgconfig" PKG_CONFIG_PATH=
cflags=$(pkg-config --cflags e2b_mcp 2>"$d/pc.err")
check "[ $? -eq 0 ]" "pkg-config finds e2b_mcp ($(cat "$d/pc.err"))"
check "[ \"\$(pkg-config --modversion e2b_mcp)\" = \"\$(sed -n 's/^#define E2B_MCP_VERSION \"\(.*\)\"/\1/p' e2b_mcp.h)\" ]" "pkg-config --modversion is the header's version"
check "[ \"$(echo $cflags)\" = '-I$inc' ]" "pkg-config --cflags is -I<includedir>/e2b_mcp (got: $cflags)"

# 2. examples/embedded.c, copied out of the tree: only the installed header can be found
mkdir -p "$d/src" && cp examples/embedded.c "$d/src/"
(cd "$d/src" && cc -std=c99 -Wall -Wextra -pedantic -Werror -O2 $cflags -o "$d/embedded" embedded.c -MMD -MF "$d/embedded.d") \
  >"$d/cc.log" 2>&1
check "[ $? -eq 0 ]" "embedded.c builds against the installed header ($(head -n 5 "$d/cc.log"))"
check "grep -qF '$inc/e2b_mcp.h' '$d/embedded.d' && ! grep -qF '$top/' '$d/embedded.d'" "the build read the installed header, nothing from the checkout"
if [ -x "$d/embedded" ]; then   # the embedded suite's checks, on the installed-header build
  timeout 120 python3 tests/lib/sim.py -- sh tests/unit/embedded.sh "$d/embedded" >"$d/run.log" 2>&1
  grep -E '^(PASS|FAIL) ' "$d/run.log" | sed 's/^\(PASS\|FAIL\) embedded:/\1 installed embedded.c:/'
  include "$d/run.log"
fi
# the installed ports: a TLS build (BearSSL) of the same example from the installed copy
(cd "$d/src" && cc -std=c99 -Wall -Wextra -pedantic -Werror -O2 -DE2B_MCP_TLS_BEARSSL $cflags -o "$d/embedded-tls" embedded.c -lbearssl) \
  >"$d/cc-tls.log" 2>&1
check "[ $? -eq 0 ]" "embedded.c with the installed BearSSL port builds and links ($(head -n 5 "$d/cc-tls.log"))"
unset PKG_CONFIG_SYSROOT_DIR PKG_CONFIG_LIBDIR PKG_CONFIG_PATH

# 3. the default PREFIX (/usr/local) next to it; each uninstall removes only its own files
mk install DESTDIR="$root" >"$d/install2.log" 2>&1
check "[ $? -eq 0 ] && [ -f '$root/usr/local/include/e2b_mcp/e2b_mcp.h' ] && [ -f '$root/usr/local/lib/pkgconfig/e2b_mcp.pc' ] && [ -x '$root/usr/local/bin/e2b-mcp' ]" "the default PREFIX is /usr/local"
check "grep -qx 'prefix=/usr/local' '$root/usr/local/lib/pkgconfig/e2b_mcp.pc'" "the default .pc names /usr/local"
mk uninstall DESTDIR="$root" PREFIX=/usr >"$d/un.log" 2>&1
check "[ $? -eq 0 ]" "make uninstall PREFIX=/usr"
check "[ -z \"\$(find '$root/usr' -path '$root/usr/local' -prune -o -type f -print)\" ] && [ ! -e '$inc' ]" "uninstall removed every /usr file and the include directory"
check "[ -f '$root/usr/local/include/e2b_mcp/e2b_mcp.h' ]" "uninstall left the other prefix alone"
mk uninstall DESTDIR="$root" >"$d/un2.log" 2>&1
check "[ $? -eq 0 ] && [ -z \"\$(find '$root' -type f)\" ]" "after both uninstalls no file is left"
mk uninstall DESTDIR="$root" >"$d/un3.log" 2>&1
check "[ $? -eq 0 ]" "uninstall twice is not an error"

closing
