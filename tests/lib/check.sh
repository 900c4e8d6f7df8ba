# tests/lib/check.sh - the report format of tests/lib/report.py for shell suites:
# a line "PASS <name>" or "FAIL <name>: <why>" per check, then "N passed, N failed".
#
#   . tests/lib/check.sh
#   pass NAME                      fail NAME: WHY
#   check 'CONDITION' NAME [WHY]   CONDITION is eval'ed: PASS when it is true
#   expect NAME WANT CMD [ARG...]  PASS when the last line CMD prints starts with WANT
#   include LOG                    adds the closing line of another suite's LOG (none: one failure)
#   run_c CMD [ARG...]             runs a C suite (tests/lib/check.h) and adds its count: its FAIL
#                                  lines named after CMD, "PASS <CMD>: N checks" when none failed;
#                                  no closing line, or a failing exit with none failed: one failure
#   closing                        prints the closing line; status 1 on any failure
#   finish                         runs $at_finish (a clean-up command, when set), then closing, and exits
pass_n=0
fail_n=0
pass() { pass_n=$((pass_n + 1)); echo "PASS $*"; }
fail() { fail_n=$((fail_n + 1)); echo "FAIL $*"; }
check() { if eval "$1"; then pass "$2"; else fail "$2${3:+: $3}"; fi; }
expect() {
  _desc=$1; _want=$2; shift 2
  _out=$("$@" 2>&1 | tail -n 1)
  case "$_out" in "$_want"*) pass "$_desc ($_out)";; *) fail "$_desc: want '$_want', got '$_out'";; esac
}
include() {
  _line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$1" 2>/dev/null | tail -n 1)
  if [ -z "$_line" ]; then fail "$1: no closing line"; return; fi
  pass_n=$((pass_n + ${_line%% passed*}))
  _f=${_line#*passed, }; fail_n=$((fail_n + ${_f%% failed*}))
}
run_c() {
  _name=$(basename "$1")
  _out=$("$@"); _rc=$?
  printf '%s\n' "$_out" | grep '^FAIL' | sed "s|^|$_name: |"
  _line=$(printf '%s\n' "$_out" | tail -n 1)
  _p=$(echo "$_line" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
  _f=$(echo "$_line" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
  if [ -z "$_p" ]; then fail "$_name ended without its count (exit $_rc)"; return; fi
  [ "$_f" -eq 0 ] && echo "PASS $_name: $_p checks"
  pass_n=$((pass_n + _p)); fail_n=$((fail_n + _f))
  [ "$_rc" -eq 0 ] || [ "$_f" -gt 0 ] || fail "$_name exit $_rc"
}
closing() { echo "$pass_n passed, $fail_n failed"; [ "$fail_n" -eq 0 ]; }
finish() { [ -n "${at_finish:-}" ] && eval "$at_finish"; closing; exit $?; }
