#!/bin/sh
# The no-heap proof, in three parts; the last line totals them as "N passed, N failed".
#  1. build/unit/test_nomalloc: a whole session in-process with an allocator that counts (must be 0).
#  2. nm -u on the implementation compiled alone (POSIX port, and custom port without stdio):
#     no malloc, calloc, realloc, free, strdup or aligned variants referenced.
#  3. build/e2b-mcp itself, against the simulator over a numeric 127.0.0.1 URL, with a scripted stdio
#     session (2025 and 2026-07-28 requests, a sealed and a forged requestState), under an LD_PRELOAD counter that logs each allocation's call stack; and under valgrind
#     when it is installed. Every allocation is printed with who asked for it. The program must make
#     no heap call of its own and none through the C library (stdio, resolver) in this set-up.
# Run next to a simulator: python3 tests/lib/sim.py -- sh tests/unit/nomalloc.sh
set -u
. tests/lib/check.sh
B=build/unit

# 1 ------------------------------------------------------------------------------------------
$B/test_nomalloc > $B/nomalloc-1.log 2>&1
rc=$?
grep -v -E '^[0-9]+ passed, [0-9]+ failed' $B/nomalloc-1.log
include $B/nomalloc-1.log
check "[ $rc -eq 0 ]" "nomalloc: test_nomalloc exits 0" "exit $rc"

# 2 ------------------------------------------------------------------------------------------
HEAP='^(malloc|calloc|realloc|reallocarray|free|strdup|strndup|posix_memalign|aligned_alloc|memalign|valloc|pvalloc)$'
printf '#define E2B_MCP_IMPLEMENTATION\n#include "e2b_mcp.h"\n' > $B/impl_posix.c
printf '#define E2B_MCP_SOCK_CUSTOM\n#define E2B_MCP_WITH_STDIO 0\n#define E2B_MCP_IMPLEMENTATION\n#include "e2b_mcp.h"\n' > $B/impl_custom.c
for v in posix custom; do
  if ${CC:-cc} -std=c99 -Wall -Wextra -pedantic -Werror -O2 -I. -c $B/impl_$v.c -o $B/impl_$v.o; then
    pass "nomalloc: the $v implementation compiles alone"
    nm -u $B/impl_$v.o | awk '{print $NF}' > $B/impl_$v.undef
    heap=$(grep -E "$HEAP" $B/impl_$v.undef | tr '\n' ' ')
    check "[ -z '$heap' ]" "nomalloc: the $v implementation references no heap function" "it references $heap"
    echo "impl ($v port): $(wc -l < $B/impl_$v.undef) undefined symbols, none from the heap family${heap:+ (but: $heap)}"
  else
    fail "nomalloc: the $v implementation compiles alone: it does not"
  fi
done
# The POSIX port resolves names with getaddrinfo, which allocates inside the C library; the library
# skips it for numeric addresses. Say so when it is referenced.
grep -qx getaddrinfo $B/impl_posix.undef && echo "note: the POSIX port references getaddrinfo/freeaddrinfo (the C library allocates inside them for host names; numeric addresses skip them)"

# 3 ------------------------------------------------------------------------------------------
URL=${E2B_SIM_URL:?run it under tests/lib/sim.py}
cat > $B/nomalloc-session.jsonl <<'EOF'
{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"nomalloc","version":"1"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":1,"method":"tools/list"}
{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"e2b_list_sandboxes","arguments":{"state":["running"],"limit":3}}}
{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"e2b_get_sandbox","arguments":{"sandbox_id":"ialiceprod00000000001"}}}
{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"e2b_get_sandbox_logs","arguments":{"sandbox_id":"ialiceprod00000000001","limit":5}}}
{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"e2b_get_sandbox_metrics","arguments":{"sandbox_id":"ialiceprod00000000001"}}}
{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"e2b_list_default_templates"}}
{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"e2b_create_sandbox","arguments":{"template_id":"base","timeout":60,"metadata":{"user":"nomalloc"}}}}
{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"e2b_get_sandbox","arguments":{"sandbox_id":"inotthere000000000000"}}}
{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"e2b_list_templates"}}
{"jsonrpc":"2.0","id":10,"method":"ping"}
{"jsonrpc":"2.0","id":11,"method":"nope"}
this is not json
{"jsonrpc":"2.0","id":"m1","method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}}}}
{"jsonrpc":"2.0","id":"m2","method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}}}}
{"jsonrpc":"2.0","id":"m3","method":"tools/call","params":{"name":"e2b_create_sandbox","arguments":{"template_id":"base","timeout":60},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}}}}
{"jsonrpc":"2.0","id":"m4","method":"tools/call","params":{"name":"e2b_create_sandbox","arguments":{"template_id":"base","timeout":60},"requestState":"AQAAAAAAAAAAB2NvbnNlbnQxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx","inputResponses":{"confirm":{"action":"accept","content":{"confirm":true}}},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}}}}
{"jsonrpc":"2.0","id":"m5","method":"tools/call","params":{"name":"e2b_list_sandboxes","arguments":{"limit":2},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}}}}
EOF
ALOG=$B/nomalloc-alloc.log
E2B_API_KEY=e2b_deadbeefdeadbeefdeadbeefdeadbeefdeadbeef E2B_API_URL=$URL E2B_DASHBOARD_API_URL=$URL \
  ALLOC_COUNT_LOG=$ALOG LD_PRELOAD=$PWD/$B/alloc_count.so \
  build/e2b-mcp < $B/nomalloc-session.jsonl > $B/nomalloc-out.jsonl 2>$B/nomalloc-err.log
rc=$?
check "[ $rc -eq 0 ]" "nomalloc: build/e2b-mcp exits 0" "exit $rc"
answers=$(grep -c '"id":' $B/nomalloc-out.jsonl)   # answers, not notifications
check "[ $answers -eq 18 ]" "nomalloc: 18 answers" "got $answers"
good=$(grep -c '"isError":false' $B/nomalloc-out.jsonl)
check "[ $good -eq 8 ]" "nomalloc: 8 successful tool calls" "got $good (see $B/nomalloc-out.jsonl)"
asked=$(grep -c '"resultType":"input_required"' $B/nomalloc-out.jsonl)
check "[ $asked -eq 1 ]" "nomalloc: one 2026-07-28 consent question" "got $asked"
total=$(wc -l < $ALOG)
# who asked: the first frame outside the C library and the loader
echo "allocations in build/e2b-mcp under the LD_PRELOAD counter: $total"
own=0
if [ "$total" -gt 0 ]; then
  while read -r fn size frames; do
    first=$(echo "$frames" | tr ' ' '\n' | grep -v -E '^(libc\.so|ld-linux|libgcc)' | head -n 1)
    direct=$(echo "$frames" | awk '{print $1}')
    where=""
    case "$first" in
      e2b-mcp+0x*) where=$(addr2line -f -e build/e2b-mcp "${first#e2b-mcp+}" 2>/dev/null | head -n 1) ;;
    esac
    echo "  $fn($size) called from $direct, on behalf of ${first:-?} ${where:+($where)}"
    case "$direct" in e2b-mcp+*) own=$((own+1)) ;; esac
  done < $ALOG
fi
check "[ $own -eq 0 ]" "nomalloc: build/e2b-mcp never calls the allocator itself" "$own times"
check "[ $total -eq 0 ]" "nomalloc: the C library never allocates on build/e2b-mcp's behalf" "$total times (listed above)"

if command -v valgrind >/dev/null 2>&1; then
  E2B_API_KEY=e2b_deadbeefdeadbeefdeadbeefdeadbeefdeadbeef E2B_API_URL=$URL E2B_DASHBOARD_API_URL=$URL \
    valgrind --tool=memcheck --error-exitcode=3 build/e2b-mcp < $B/nomalloc-session.jsonl > $B/nomalloc-vg-out.jsonl 2>$B/nomalloc-vg.log
  rc=$?
  usage=$(grep -o 'total heap usage: .*' $B/nomalloc-vg.log | head -n 1)
  echo "valgrind: ${usage:-no summary} (rc $rc)"
  check "[ $rc -eq 0 ]" "nomalloc: valgrind reports no error" "rc $rc, see $B/nomalloc-vg.log"
  check "echo '$usage' | grep -q 'total heap usage: 0 allocs, 0 frees'" "nomalloc: valgrind counts no heap use" "$usage"
else
  echo "valgrind: not installed (scripts/install-deps.sh bench installs it); the LD_PRELOAD counter above stands"
fi
closing
