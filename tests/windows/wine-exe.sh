#!/bin/sh
# Runs a Windows build under wine as if it were the Linux binary, for the suites that take
# a binary path: called as tests/windows/bin/<name> (a link to this script), it runs
# build/<name>.exe. Wine passes the environment, stdio and signals through; WINEPREFIX is
# the project's own (build/wine), made once by tests/windows/run.sh.
here=$(cd "$(dirname "$0")/../../.." && pwd)
export WINEPREFIX=${WINEPREFIX:-$here/build/wine} WINEDEBUG=${WINEDEBUG:--all}
exec wine "$here/build/$(basename "$0").exe" "$@"
