#!/usr/bin/env python3
"""Every link of the documentation resolves: README.md, docs/*.md and the other
Markdown files of the repository (bench/, ports/, tests/*/README.md).

    python3 tests/docs/links.py        (make test-docs-links)

A relative link names a file or directory that exists; a link with an anchor
(file.md#a-heading, or #a-heading within the same file) names a heading of that
file, spelled as GitHub spells anchors: lower case, punctuation other than '-'
and '_' dropped, each space a '-', a repeated heading getting -1, -2... after
it. Links inside code (fenced blocks, `spans`) are not links. http(s) links are
not fetched (no network here). A self-test runs the same checker on pages with
a broken file link, a broken anchor and a repeated heading, and each must be
caught or resolved as GitHub would.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from report import check, note, run  # noqa: E402

FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFDEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
CODESPAN = re.compile(r"(`+)(.+?)\1")
HTML_ANCHOR = re.compile(r"<a\s+(?:name|id)=\"([^\"]+)\"")


def prose(text):
    """The lines outside fenced code blocks, with code spans blanked."""
    out, fence = [], None
    for line in text.split("\n"):
        m = FENCE.match(line)
        if m:
            if fence is None:
                fence = m.group(1)
            elif line.strip().startswith(fence):
                fence = None
            out.append("")
            continue
        out.append("" if fence else CODESPAN.sub(lambda s: " " * len(s.group(0)), line))
    return out


def slug(title):
    """GitHub's anchor for a heading's text."""
    t = re.sub(r"`([^`]*)`", r"\1", title)
    t = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", t)      # a link in a heading: its text
    t = re.sub(r"<[^>]+>", "", t)                       # inline HTML
    t = t.strip().lower()
    t = "".join(c for c in t if c.isalnum() or c in " -_")
    return t.replace(" ", "-")


def anchors(text):
    seen, out = {}, set()
    fence = None
    for line in text.split("\n"):
        m = FENCE.match(line)
        if m:
            fence = m.group(1) if fence is None else (None if line.strip().startswith(fence) else fence)
            continue
        if fence:
            continue
        for a in HTML_ANCHOR.findall(line):
            out.add(a)
        h = HEADING.match(line)
        if h:
            s = slug(h.group(2))
            n = seen.get(s, 0)
            seen[s] = n + 1
            out.add(s if n == 0 else "%s-%d" % (s, n))
    return out


def links(text):
    for i, line in enumerate(prose(text), 1):
        for m in LINK.finditer(line):
            yield i, m.group(1)
        m = REFDEF.match(line)
        if m:
            yield i, m.group(1)


def broken(pages, exists):
    """pages: {path: text}; exists(path) -> bool for a file not in pages. Yields 'path:line: why'."""
    cache = {}
    for path, text in sorted(pages.items()):
        for line, target in links(text):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):     # http:, https:, mailto:
                continue
            file, _, frag = target.partition("#")
            dest = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
            if file and dest not in pages and not exists(dest):
                yield "%s:%d: %s names %s, which does not exist" % (path, line, target, dest)
                continue
            if frag:
                if dest not in pages:
                    if not dest.endswith(".md"):
                        continue                                    # an anchor into a source file: GitHub's L-lines
                    pages[dest] = open(os.path.join(ROOT, dest)).read()
                if dest not in cache:
                    cache[dest] = anchors(pages[dest])
                if frag not in cache[dest]:
                    yield "%s:%d: %s: %s has no heading with the anchor #%s" % (path, line, target, dest, frag)


def markdown_files():
    out = []
    for d, dirs, files in os.walk(ROOT):
        rel = os.path.relpath(d, ROOT)
        dirs[:] = [x for x in dirs if not x.startswith(".") and x not in ("build", "node_modules")
                   and not (rel == "." and x in ("build",))]
        for f in files:
            if f.endswith(".md"):
                out.append(os.path.normpath(os.path.join(rel, f)))
    return sorted(out)


def self_test():
    pages = {
        "README.md": "# T\n\nsee [a](docs/a.md#the-b-section) and [c](docs/gone.md), [d](#t), [e](#nope)\n"
                     "`[not a link](nowhere.md)`\n```\n[nor this](nowhere.md)\n```\n",
        "docs/a.md": "# A\n\n## The `b` section\n\n## Same\n\n## Same\n\n[x](#same-1) [y](#same-2) [z](../README.md#t)\n"
                     "[w](../src/x.c#L3)\n",
    }
    found = list(broken(dict(pages), lambda p: p == "src/x.c"))
    check("self-test: a link to a file that is not there is caught", any("docs/gone.md" in f for f in found), found)
    check("self-test: an anchor no heading has is caught", any("#nope" in f for f in found), found)
    check("self-test: a repeated heading's second anchor is -1, and no -2", any("#same-2" in f for f in found)
          and not any("#same-1" in f for f in found), found)
    check("self-test: code spans, fenced code and headings with code resolve as GitHub does, nothing else caught",
          len(found) == 3, found)


def main():
    files = markdown_files()
    note("%d Markdown files" % len(files))
    pages = {f: open(os.path.join(ROOT, f)).read() for f in files}
    bad = list(broken(dict(pages), lambda p: os.path.exists(os.path.join(ROOT, p))))
    by_file = {}
    for b in bad:
        by_file.setdefault(b.split(":", 1)[0], []).append(b)
    for f in files:
        n = sum(1 for _ in links(pages[f]))
        check("%s: its %d links resolve" % (f, n), f not in by_file, "; ".join(by_file.get(f, [])))
    self_test()


if __name__ == "__main__":
    run(main)
