# tests/docs/docs.mk — the documentation as a reader meets it. Included by the top Makefile.
#   make test-docs-links      every link of README.md, docs/ and the other Markdown files
#                             resolves: files, and anchors as GitHub spells them

TEST_SUITES += docs-links

.PHONY: test-docs-links
test-docs-links:
	@python3 tests/docs/links.py
