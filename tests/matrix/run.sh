#!/bin/bash
# tests/matrix/run.sh - the compile matrix: e2b_mcp.h built in every supported
# configuration (every built-in tool alone, every feature off alone, the three profiles),
# each with -Wall -Wextra -pedantic -Werror. Runs two compilers at a time,
# prints one line per configuration and the closing line "N passed, N failed".
# Usage: tests/matrix/run.sh [name-filter]
set -u
cd "$(dirname "$0")/../.."
OUT=build/matrix
mkdir -p "$OUT/inc" "$OUT/inc-arm" "$OUT/log"
W="-Wall -Wextra -pedantic -Werror"
TU=tests/matrix/tu.c
# Cross compilers do not search /usr/include (and must not): private include dirs holding
# only the third-party headers the header needs.
cp /usr/include/jsmn.h "$OUT/inc/"
cp /usr/include/jsmn.h "$OUT/inc-arm/"
if [ -d /usr/include/bearssl ]; then
  cp /usr/include/bearssl.h "$OUT/inc-arm/" 2>/dev/null
  mkdir -p "$OUT/inc-arm/bearssl" && cp /usr/include/bearssl/*.h "$OUT/inc-arm/bearssl/"
fi
MBED="-lmbedtls -lmbedx509 -lmbedcrypto"
M4="arm-none-eabi-gcc -mcpu=cortex-m4 -mthumb -ffunction-sections -fdata-sections --specs=nano.specs --specs=nosys.specs -Wl,--gc-sections -I$OUT/inc-arm"

# name | command (OUT/<name> is the output; 'run' suffix: execute it afterwards)
cat > "$OUT/configs" <<CFG
c99-O2-posix-none|gcc -std=c99 $W -O2 -I. $TU -o $OUT/c99-O2-posix-none|run
c99-Os-posix-none|gcc -std=c99 $W -Os -I. $TU -o $OUT/c99-Os-posix-none|run
c11-O2-posix-none|gcc -std=c11 $W -O2 -I. $TU -o $OUT/c11-O2-posix-none|run
c11-Os-posix-none|gcc -std=c11 $W -Os -I. $TU -o $OUT/c11-Os-posix-none|run
cxx11-O2-posix-none|g++ -std=c++11 $W -O2 -I. -x c++ $TU -o $OUT/cxx11-O2-posix-none|run
cxx11-Os-posix-none|g++ -std=c++11 $W -Os -I. -x c++ $TU -o $OUT/cxx11-Os-posix-none|run
c99-O2-posix-bearssl|gcc -std=c99 $W -O2 -DE2B_MCP_TLS_BEARSSL -I. $TU -o $OUT/c99-O2-posix-bearssl -lbearssl|run
c99-Os-posix-bearssl-minimal|gcc -std=c99 $W -Os -DE2B_MCP_TLS_BEARSSL -DE2B_MCP_TLS_BEARSSL_MINIMAL -I. $TU -o $OUT/c99-Os-posix-bearssl-minimal -lbearssl|run
c99-O2-posix-mbedtls|gcc -std=c99 $W -O2 -DE2B_MCP_TLS_MBEDTLS -I. $TU -o $OUT/c99-O2-posix-mbedtls $MBED|run
cxx11-O2-posix-bearssl|g++ -std=c++11 $W -O2 -DE2B_MCP_TLS_BEARSSL -I. -x c++ $TU -o $OUT/cxx11-O2-posix-bearssl -lbearssl|run
cxx11-O2-posix-mbedtls|g++ -std=c++11 $W -O2 -DE2B_MCP_TLS_MBEDTLS -I. -x c++ $TU -o $OUT/cxx11-O2-posix-mbedtls $MBED|run
c99-O2-custom-none|gcc -std=c99 $W -O2 -DE2B_MCP_SOCK_CUSTOM -I. $TU -o $OUT/c99-O2-custom-none|run
c99-Os-custom-bearssl|gcc -std=c99 $W -Os -DE2B_MCP_SOCK_CUSTOM -DE2B_MCP_TLS_BEARSSL -I. $TU -o $OUT/c99-Os-custom-bearssl -lbearssl|run
cxx11-Os-custom-none|g++ -std=c++11 $W -Os -DE2B_MCP_SOCK_CUSTOM -I. -x c++ $TU -o $OUT/cxx11-Os-custom-none|run
c99-Os-small|gcc -std=c99 $W -Os -DE2B_MCP_SMALL -I. $TU -o $OUT/c99-Os-small|run
c11-O2-small-custom-nostdio|gcc -std=c11 $W -O2 -DE2B_MCP_SMALL -DE2B_MCP_SOCK_CUSTOM -DE2B_MCP_NO_STDIO -I. $TU -o $OUT/c11-O2-small-custom-nostdio|run
cxx11-Os-small|g++ -std=c++11 $W -Os -DE2B_MCP_SMALL -I. -x c++ $TU -o $OUT/cxx11-Os-small|run
c99-Os-small-modern-http|gcc -std=c99 $W -Os -DE2B_MCP_SMALL -DE2B_MCP_WITH_2026=1 -DE2B_MCP_HTTP_SESSIONS=0 -I. $TU -o $OUT/c99-Os-small-modern-http|run
c99-Os-small-surface|gcc -std=c99 $W -Os -DE2B_MCP_SMALL -DE2B_MCP_WITH_PROMPTS=1 -DE2B_MCP_WITH_RESOURCES=1 -DE2B_MCP_WITH_COMPLETIONS=1 -I. $TU -o $OUT/c99-Os-small-surface|run
c99-O2-no-surface|gcc -std=c99 $W -O2 -DE2B_MCP_WITH_PROMPTS=0 -DE2B_MCP_WITH_RESOURCES=0 -DE2B_MCP_WITH_COMPLETIONS=0 -I. $TU -o $OUT/c99-O2-no-surface|run
c99-O2-completions-only|gcc -std=c99 $W -O2 -DE2B_MCP_WITH_PROMPTS=0 -DE2B_MCP_WITH_RESOURCES=0 -I. $TU -o $OUT/c99-O2-completions-only|run
c99-O2-ndebug|gcc -std=c99 $W -O2 -DNDEBUG -I. $TU -o $OUT/c99-O2-ndebug|run
c99-Os-ndebug-small-bearssl|gcc -std=c99 $W -Os -DNDEBUG -DE2B_MCP_SMALL -DE2B_MCP_TLS_BEARSSL -I. $TU -o $OUT/c99-Os-ndebug-small-bearssl -lbearssl|run
c99-O2-static-api|gcc -std=c99 $W -Wno-unused-function -O2 -DE2B_MCP_STATIC -I. $TU -o $OUT/c99-O2-static-api|run
clang-c99-O2-posix-none|clang -std=c99 $W -O2 -I. $TU -o $OUT/clang-c99-O2-posix-none|run
cortex-m4-Os-small-custom-none|$M4 -std=c99 $W -Os -DE2B_MCP_SMALL -DE2B_MCP_SOCK_CUSTOM -DE2B_MCP_NO_STDIO -I. $TU -o $OUT/cortex-m4-Os-small-custom-none.elf|
cortex-m4-Os-small-custom-bearssl-c|$M4 -std=c99 $W -Os -DE2B_MCP_SMALL -DE2B_MCP_SOCK_CUSTOM -DE2B_MCP_NO_STDIO -DE2B_MCP_TLS_BEARSSL -DE2B_MCP_TLS_BEARSSL_MINIMAL -DE2B_MCP_TLS_NO_FILE -I. -c $TU -o $OUT/cortex-m4-Os-small-custom-bearssl.o|
cortex-m4-Os-small-custom-bearssl-anchors-c|$M4 -std=c99 $W -Os -DE2B_MCP_SMALL -DE2B_MCP_SOCK_CUSTOM -DE2B_MCP_NO_STDIO -DE2B_MCP_TLS_BEARSSL -DE2B_MCP_TLS_BEARSSL_MINIMAL -DE2B_MCP_TLS_NO_FILE -DMATRIX_TA -I. -c $TU -o $OUT/cortex-m4-Os-small-custom-bearssl-anchors.o|
cortex-m4-O2-c11-custom-none|$M4 -std=c11 $W -O2 -DE2B_MCP_SOCK_CUSTOM -DE2B_MCP_NO_STDIO -I. -c $TU -o $OUT/cortex-m4-O2-c11-custom-none.o|
CFG
# Build-time selection (src/config.h): every built-in tool alone, every feature off alone, the
# groups and the profiles; one object each (-c, -O0: the warnings are the compiler's front end
# and -Wunused-function), so the whole block costs seconds. 'fail:TEXT' lines must be refused
# at compile time with TEXT in the message.
ONLY="-DE2B_MCP_TOOLS_READ=0 -DE2B_MCP_TOOLS_WRITE=0 -DE2B_MCP_TOOLS_KILL=0"
for t in LIST_SANDBOXES GET_SANDBOX CREATE_SANDBOX GET_SANDBOX_LOGS GET_SANDBOX_METRICS SET_SANDBOX_TIMEOUT \
         PAUSE_SANDBOX RESUME_SANDBOX LIST_SNAPSHOTS LIST_DEFAULT_TEMPLATES LIST_TEMPLATES LIST_TEMPLATE_BUILDS KILL_SANDBOX \
         FORK_SANDBOX CREATE_SNAPSHOT DELETE_SNAPSHOT SET_SANDBOX_NETWORK GET_TEAM_USAGE GET_SANDBOXES_METRICS \
         LIST_EVENTS LIST_VOLUMES GET_VOLUME LIST_SECRETS GET_TEMPLATE_BUILD; do
  n=$(echo "$t" | tr 'A-Z_' 'a-z-')
  echo "tool-alone-$n|gcc -std=c99 $W -O0 $ONLY -DE2B_MCP_TOOL_$t=1 -I. -c $TU -o $OUT/tool-alone-$n.o|"
done >> "$OUT/configs"
cat >> "$OUT/configs" <<CFG
tools-none-custom-only|gcc -std=c99 $W -O0 $ONLY -I. -c $TU -o $OUT/tools-none-custom-only.o|
tools-read-group-only|gcc -std=c99 $W -O0 -DE2B_MCP_TOOLS_WRITE=0 -DE2B_MCP_TOOLS_KILL=0 -I. -c $TU -o $OUT/tools-read-group-only.o|
tools-write-group-only|gcc -std=c99 $W -O0 -DE2B_MCP_TOOLS_READ=0 -DE2B_MCP_TOOLS_KILL=0 -I. -c $TU -o $OUT/tools-write-group-only.o|
tools-kill-group-only-cxx|g++ -std=c++11 $W -O0 -DE2B_MCP_TOOLS_READ=0 -DE2B_MCP_TOOLS_WRITE=0 -I. -x c++ -c $TU -o $OUT/tools-kill-group-only-cxx.o|
off-stdio|gcc -std=c99 $W -O0 -DE2B_MCP_WITH_STDIO=0 -I. -c $TU -o $OUT/off-stdio.o|
off-http|gcc -std=c99 $W -O0 -DE2B_MCP_WITH_HTTP=0 -I. -c $TU -o $OUT/off-http.o|
off-descriptions|gcc -std=c99 $W -O0 -DE2B_MCP_WITH_DESCRIPTIONS=0 -I. -c $TU -o $OUT/off-descriptions.o|
off-advice|gcc -std=c99 $W -O0 -DE2B_MCP_WITH_ADVICE=0 -I. -c $TU -o $OUT/off-advice.o|
off-advice-cxx|g++ -std=c++11 $W -O0 -DE2B_MCP_WITH_ADVICE=0 -I. -x c++ -c $TU -o $OUT/off-advice-cxx.o|
profile-small-advice-on|gcc -std=c99 $W -O0 -DE2B_MCP_SMALL -DE2B_MCP_WITH_ADVICE=1 -I. -c $TU -o $OUT/profile-small-advice-on.o|
off-2026|gcc -std=c99 $W -O0 -DE2B_MCP_WITH_2026=0 -I. -c $TU -o $OUT/off-2026.o|
off-batch|gcc -std=c99 $W -O0 -DE2B_MCP_WITH_BATCH=0 -I. -c $TU -o $OUT/off-batch.o|
off-2025-06|gcc -std=c99 $W -O0 -DE2B_MCP_WITH_2025_06=0 -I. -c $TU -o $OUT/off-2025-06.o|
off-consent|gcc -std=c99 $W -O0 -DE2B_MCP_WITH_CONSENT=0 -I. -c $TU -o $OUT/off-consent.o|
off-consent-cxx|g++ -std=c++11 $W -O0 -DE2B_MCP_WITH_CONSENT=0 -I. -x c++ -c $TU -o $OUT/off-consent-cxx.o|
off-client-keys|gcc -std=c99 $W -O0 -DE2B_MCP_WITH_CLIENT_KEYS=0 -I. -c $TU -o $OUT/off-client-keys.o|
off-output-check|gcc -std=c99 $W -O0 -DE2B_MCP_WITH_OUTPUT_CHECK=0 -I. -c $TU -o $OUT/off-output-check.o|
off-2026-bearssl-auth|gcc -std=c99 $W -O0 -DE2B_MCP_TLS_BEARSSL -DE2B_MCP_WITH_2026=0 -I. -c $TU -o $OUT/off-2026-bearssl-auth.o|
off-2026-cxx|g++ -std=c++11 $W -O0 -DE2B_MCP_WITH_2026=0 -I. -x c++ -c $TU -o $OUT/off-2026-cxx.o|
profile-minimal|gcc -std=c99 $W -Os -DE2B_MCP_MINIMAL -I. $TU -o $OUT/profile-minimal|run
profile-minimal-no-tools|gcc -std=c99 $W -O0 -DE2B_MCP_MINIMAL -DE2B_MCP_TOOLS_READ=0 -DE2B_MCP_TOOLS_KILL=0 -I. -c $TU -o $OUT/profile-minimal-no-tools.o|
profile-minimal-cxx|g++ -std=c++11 $W -Os -DE2B_MCP_MINIMAL -I. -x c++ -c $TU -o $OUT/profile-minimal-cxx.o|
profile-minimal-cortex-m4|$M4 -std=c99 $W -Os -DE2B_MCP_MINIMAL -DE2B_MCP_SOCK_CUSTOM -DE2B_MCP_NO_STDIO -I. $TU -o $OUT/profile-minimal-cortex-m4.elf|
profile-small-new-tools-on|gcc -std=c99 $W -O0 -DE2B_MCP_SMALL -DE2B_MCP_TOOL_FORK_SANDBOX=1 -DE2B_MCP_TOOL_CREATE_SNAPSHOT=1 -DE2B_MCP_TOOL_DELETE_SNAPSHOT=1 -DE2B_MCP_TOOL_SET_SANDBOX_NETWORK=1 -DE2B_MCP_TOOL_GET_TEAM_USAGE=1 -DE2B_MCP_TOOL_GET_SANDBOXES_METRICS=1 -DE2B_MCP_TOOL_LIST_EVENTS=1 -DE2B_MCP_TOOL_LIST_VOLUMES=1 -DE2B_MCP_TOOL_GET_VOLUME=1 -DE2B_MCP_TOOL_LIST_SECRETS=1 -DE2B_MCP_TOOL_GET_TEMPLATE_BUILD=1 -I. -c $TU -o $OUT/profile-small-new-tools-on.o|
profile-small-new-tools-on-cxx|g++ -std=c++11 $W -O0 -DE2B_MCP_SMALL -DE2B_MCP_TOOL_FORK_SANDBOX=1 -DE2B_MCP_TOOL_CREATE_SNAPSHOT=1 -DE2B_MCP_TOOL_DELETE_SNAPSHOT=1 -DE2B_MCP_TOOL_SET_SANDBOX_NETWORK=1 -DE2B_MCP_TOOL_GET_TEAM_USAGE=1 -DE2B_MCP_TOOL_GET_SANDBOXES_METRICS=1 -DE2B_MCP_TOOL_LIST_EVENTS=1 -DE2B_MCP_TOOL_LIST_VOLUMES=1 -DE2B_MCP_TOOL_GET_VOLUME=1 -DE2B_MCP_TOOL_LIST_SECRETS=1 -DE2B_MCP_TOOL_GET_TEMPLATE_BUILD=1 -I. -x c++ -c $TU -o $OUT/profile-small-new-tools-on-cxx.o|
profile-small-cortex-m4-all-tools|$M4 -std=c99 $W -Os -DE2B_MCP_SMALL -DE2B_MCP_SOCK_CUSTOM -DE2B_MCP_WITH_STDIO=0 -I. $TU -o $OUT/profile-small-cortex-m4-all-tools.elf|
refused-sessionless-http-without-2026|gcc -std=c99 $W -DE2B_MCP_WITH_2026=0 -DE2B_MCP_HTTP_SESSIONS=0 -I. -fsyntax-only $TU|fail:no client could use
refused-switch-not-0-or-1|gcc -std=c99 $W -DE2B_MCP_WITH_BATCH=2 -I. -fsyntax-only $TU|fail:is 0 or 1
refused-stdio-both-ways|gcc -std=c99 $W -DE2B_MCP_WITH_STDIO=1 -DE2B_MCP_NO_STDIO -I. -fsyntax-only $TU|fail:choose one
CFG
[ -n "${1:-}" ] && { grep -- "$1" "$OUT/configs" > "$OUT/configs.sel"; mv "$OUT/configs.sel" "$OUT/configs"; }

one() {  # one configuration: compile (and run); writes OUT/log/<name>.{log,ok}
  name=${1%%|*}; rest=${1#*|}; cmd=${rest%|*}; run=${rest##*|}
  log="$OUT/log/$name.log"; rm -f "$OUT/log/$name.ok"
  case "$run" in fail:*)   # must be refused at compile time, saying why
    if timeout 300 sh -c "$cmd" >"$log" 2>&1; then echo "FAIL $name: builds, but must be refused"; return; fi
    if ! grep -q -- "${run#fail:}" "$log"; then echo "FAIL $name: refused without saying '${run#fail:}'"; return; fi
    touch "$OUT/log/$name.ok"; echo "PASS $name"; return;;
  esac
  if ! timeout 300 sh -c "$cmd" >"$log" 2>&1; then echo "FAIL $name: does not build warning-free"; return; fi
  if [ "$run" = run ]; then
    # the in-process smoke run: init, initialize, one tool call (to a closed port or the stub)
    if ! timeout 20 "$OUT/$name" >>"$log" 2>&1 && [ "${name#*custom}" != "$name" ]; then echo "FAIL $name: stub-port run failed"; return; fi
  fi
  touch "$OUT/log/$name.ok"; echo "PASS $name"
}
export OUT
export -f one 2>/dev/null || true
if [ -n "${BASH_VERSION:-}" ]; then
  tr '\n' '\0' < "$OUT/configs" | xargs -0 -P 2 -I{} bash -c 'one "$@"' _ {}
else
  exec bash "$0" "$@"
fi
n=$(wc -l < "$OUT/configs"); p=$(ls "$OUT"/log/*.ok 2>/dev/null | wc -l)
for f in "$OUT"/log/*.log; do b=$(basename "$f" .log); [ -f "$OUT/log/$b.ok" ] || { echo "--- $b"; head -n 20 "$f"; }; done
echo "$p passed, $((n - p)) failed"
[ "$p" -eq "$n" ]
