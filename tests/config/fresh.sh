#!/bin/sh
# `make test` on a machine that has none of the project's packages: every package group a
# suite needs is asked for in install mode, none is only checked. The machine is stood in for by
# a dpkg-query that reports nothing installed and an apt-get (and sudo) that records what it is
# asked and succeeds. Each suite runs as tests/run-all.sh runs it (`make test-<suite>`), under
# `make -n`: recursive makes and the `+` lines that run scripts/install-deps.sh still run, so
# every install decision is the real one, while nothing is built or tested.
# Usage: sh tests/config/fresh.sh BUILD_DIR
set -u
. tests/lib/check.sh
dir=$(cd "$1" && pwd)/config-fresh
rm -rf "$dir"; mkdir -p "$dir/spy"
unset E2B_MCP_DEPS MAKEFLAGS MAKELEVEL MFLAGS

cat >"$dir/spy/dpkg-query" <<'SPY'
#!/bin/sh
exit 1
SPY
cat >"$dir/spy/apt-get" <<SPY
#!/bin/sh
echo "apt-get \$*" >>"$dir/apt.log"
SPY
cat >"$dir/spy/sudo" <<'SPY'
#!/bin/sh
exec "$@"
SPY
chmod +x "$dir/spy/"*
: >"$dir/apt.log"

suites=$(make -s --no-print-directory print-test-suites)
check '[ -n "$suites" ]' "make print-test-suites names the suites of make test"

for s in $suites; do
  log="$dir/$s.log"
  PATH="$dir/spy:$PATH" make -n --no-print-directory "test-$s" BUILD="$dir/b" >"$log" 2>&1; rc=$?
  refused=$(grep -o 'missing Debian packages:.*' "$log" | head -n 1)
  check '[ "$rc" -eq 0 ] && [ -z "$refused" ]' "test-$s installs what it needs" "rc=$rc ${refused:-$(tail -n 3 "$log")}"
done

# Every group a build or test recipe names (all but `make bench`'s own fragment) was asked for
# in install mode: all of its packages reached apt-get install.
groups=$(grep -h 'install-deps\.sh [a-z]' Makefile $(find . -name '*.mk' ! -path ./bench/bench.mk ! -path './build/*') |
  grep -v '^ *#' | sed -n 's/.*install-deps\.sh \([a-z ]*\).*/\1/p' | tr ' ' '\n' | grep -v '^$' | sort -u)
check '[ -n "$groups" ]' "the groups make test's recipes name are read" "$groups"
asked=$(sed -n 's/^apt-get install //p' "$dir/apt.log" | tr ' ' '\n' | grep -v '^-' | sort -u)
for g in $groups; do
  want=$(sed -n "s/^ *$g) *pkgs=\"\\\$pkgs \\(.*\\)\" ;;.*/\\1/p" scripts/install-deps.sh)
  miss=""
  for p in $want; do echo "$asked" | grep -qx "$p" || miss="$miss $p"; done
  check '[ -n "$want" ] && [ -z "$miss" ]' "group $g is installed by make test" "not asked:${miss:- (group not read)}"
done
check 'grep -q "^apt-get update" "$dir/apt.log"' "apt-get update runs before installing"

# Plain make still installs nothing, on the same machine.
: >"$dir/apt.log"
PATH="$dir/spy:$PATH" make -n --no-print-directory BUILD="$dir/b" >"$dir/plain.log" 2>&1
check '[ ! -s "$dir/apt.log" ]' "plain make asks apt-get for nothing" "$(head -n 2 "$dir/apt.log")"
closing
