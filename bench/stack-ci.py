#!/usr/bin/env python3
"""bench/stack-ci.py FILE.ci ROOT... - worst stack depth from GCC's -fcallgraph-info=su output.

Sums the static frame sizes along the deepest call path from each ROOT. An indirect call is
resolved by its caller: from e2b_mcp__run_tool to the E2B tools' driver (e2b_mcp__run_e2b), from the
driver to the deepest of the tools' two phases (e2b_mcp__build_*, e2b_mcp__shape_*), from
the JSON writer (w_put, json_end) to e2b_mcp__sink_flush, from anywhere else to the deepest
port or sink function of the application (names matching --indirect, default b_/out_/stub_/sink_).
Functions outside the unit (newlib: snprintf, memcpy ...) count 0 and are listed.
Prints: root=<bytes> path=a>b>c external=<names>.
"""
import re, sys

def main():
    args = sys.argv[1:]
    pat = r"(b_|out_|stub_|sink_|p_|s_)"
    if args and args[0].startswith("--indirect="):
        pat = args[0].split("=", 1)[1]; args = args[1:]
    ci, roots = args[0], args[1:]
    size, edges, ext = {}, {}, set()
    for line in open(ci):
        m = re.match(r'node: \{ title: "([^"]+)" label: "([^"]*)"', line)
        if m:
            name = m.group(1).split(":")[-1]
            s = re.search(r'\\n(\d+) bytes \((static|dynamic[^)]*)\)', m.group(2))
            if s: size[name] = int(s.group(1))
            continue
        m = re.match(r'edge: \{ sourcename: "([^"]+)" targetname: "([^"]+)"', line)
        if m:
            a, b = m.group(1).split(":")[-1], m.group(2).split(":")[-1]
            edges.setdefault(a, set()).add(b)
    tools = [n for n in size if n.startswith("e2b_mcp__run_e2b")]
    phases = [n for n in size if n.startswith(("e2b_mcp__build_", "e2b_mcp__shape_"))]
    flush = [n for n in size if n.startswith("e2b_mcp__sink_flush")]
    app = [n for n in size if re.match(pat, n)]
    def targets(caller):
        if caller.startswith("e2b_mcp__run_tool"): return tools
        if caller.startswith("e2b_mcp__run_e2b"): return phases
        if caller.startswith(("e2b_mcp__w_put", "e2b_mcp_json_end")): return flush
        return app
    memo = {}
    def depth(n, stack):
        if n in memo: return memo[n]
        if n in stack: return (0, [n + "(recursion)"])
        if n not in size:
            ext.add(n); return (0, [])
        best = (0, [])
        for c in edges.get(n, ()):
            if c == "__indirect_call":
                ds = [depth(t, stack | {n}) for t in targets(n)]
                d = max(ds, default=(0, []))
            else:
                d = depth(c, stack | {n})
            if d[0] > best[0]: best = d
        r = (size[n] + best[0], [n] + best[1])
        memo[n] = r
        return r
    for root in roots:
        d, path = depth(root, frozenset())
        print("%s=%d path=%s" % (root, d, ">".join(path)))
    print("external=" + ",".join(sorted(e for e in ext if not e.startswith("__builtin"))))

if __name__ == "__main__":
    main()
