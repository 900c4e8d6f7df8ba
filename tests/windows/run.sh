#!/bin/sh
# The Windows suites: build/e2b-mcp.exe (and its small HTTP build) under wine, driven by the
# same Python suites as the Linux binary, through tests/windows/bin/<name> (wine-exe.sh).
# Usage: tests/windows/run.sh exe | https | consent
# Wine keeps its Windows in build/wine (made on first use, ~20 s); a wineserver is kept for
# the suite's length so each start of the .exe costs ~1 s, not the prefix's start-up.
set -u
. tests/lib/check.sh
cd "$(dirname "$0")/../.."
export WINEPREFIX=$(pwd)/build/wine WINEDEBUG=-all
bins=$(pwd)/tests/windows/bin
# The server first, detached from every pipe: one a wine process started would inherit the
# caller's stdout and hold it open (a $(...) or a test's pipe would wait for it).
wineserver -k >/dev/null 2>&1
wineserver -p 900 </dev/null >/dev/null 2>&1
[ -f "$WINEPREFIX/system.reg" ] || wineboot -i </dev/null >/dev/null 2>&1
at_finish="wineserver -k >/dev/null 2>&1"
case "${1:?exe | https | consent}" in
exe)
  dlls=$(x86_64-w64-mingw32-objdump -p build/e2b-mcp.exe | sed -n 's/.*DLL Name: //p' | tr 'A-Z' 'a-z' | sort | tr '\n' ' ')
  check '[ "$dlls" = "advapi32.dll bcrypt.dll crypt32.dll kernel32.dll msvcrt.dll ws2_32.dll " ]' \
    "e2b-mcp.exe links only Windows' own DLLs" "$dlls"
  "$bins/e2b-mcp" --version </dev/null >build/windows-version.txt 2>&1
  v=$(tr -d '\r' < build/windows-version.txt)
  check 'echo "$v" | grep -q "^e2b-mcp [0-9]"' "e2b-mcp.exe --version under wine" "$v"
  "$bins/e2b-mcp" --bogus >/dev/null 2>&1
  rc=$?
  check '[ $rc -eq 2 ]' "e2b-mcp.exe: an unknown argument is a usage error (2)" "exit $rc"
  ;;
https)
  python3 tests/lib/sim.py --tls build/tls-int-windows -- sh tests/tls/integration-https.sh windows "$bins/e2b-mcp" \
    > build/windows-https.log 2>&1
  grep -v -E '^[0-9]+ passed, [0-9]+ failed' build/windows-https.log
  include build/windows-https.log
  ;;
consent)
  E2B_MCP_BIN=$bins/e2b-mcp E2B_MCP_HTTP_BIN=$bins/e2b-mcp-httptest python3 tests/http/test_consent.py \
    > build/windows-consent.log 2>&1
  grep -v -E '^[0-9]+ passed, [0-9]+ failed' build/windows-consent.log | sed 's/^\(PASS\|FAIL\) /\1 windows: /'
  include build/windows-consent.log
  ;;
esac
finish
