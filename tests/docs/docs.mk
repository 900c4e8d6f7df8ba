# tests/docs/docs.mk — the documentation as a reader meets it. Included by the top Makefile.
#   make test-docs-links      every link of README.md, docs/ and the other Markdown files
#                             resolves: files, and anchors as GitHub spells them
#   make test-docs-commands   every shell block of README.md and docs/ runs against the
#                             simulator, or is marked: run by another suite, or not run and why

TEST_SUITES += docs-links docs-commands

.PHONY: test-docs-links test-docs-commands
test-docs-links:
	@python3 tests/docs/links.py

test-docs-commands: | $(BUILD) $(DEPS_FIRST)
	@timeout 900 python3 tests/docs/commands.py
