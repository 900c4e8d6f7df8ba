/* check.h - the C suites' harness, in the report format of tests/lib/report.py:
   CHECK(cond) counts and, when cond is false, prints "FAIL file:line: expr";
   CHECK_DONE() prints the closing "N passed, N failed" line that tests/run-all.sh
   reads, and gives the exit status (1 on any failure). C checks are many and
   unnamed, so a passing one prints nothing. */
#ifndef CHECK_H
#define CHECK_H

#include <stdio.h>
#include <string.h>

static int check_passed, check_failed;

#define CHECK(cond) do { \
    if (cond) check_passed++; \
    else { check_failed++; printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond); } \
  } while (0)

/* CHECK with a note (a string) printed on failure, for checks inside loops. */
#define CHECKM(cond, note) do { \
    if (cond) check_passed++; \
    else { check_failed++; printf("FAIL %s:%d: %s (%s)\n", __FILE__, __LINE__, #cond, (note)); } \
  } while (0)

/* Whether the NUL-terminated text s contains sub. */
#define CONTAINS(s, sub) ((s) != NULL && strstr((s), (sub)) != NULL)

#define CHECK_DONE() \
  (printf("%d passed, %d failed\n", check_passed, check_failed), check_failed ? 1 : 0)

#endif
