#!/bin/sh
# Runs each fuzz target for SECONDS over its seeds (tests/fuzz/corpus/<seeds>) and its working
# corpus ($FUZZ_DIR/corpus/<target>, new inputs are kept there), two targets at a time
# (FUZZ_JOBS), and prints one line per target and the closing "N passed, N failed". A target
# passes when it ran without a crash, leak or timeout. A _small target shares the seeds of its
# desktop twin. A target's own dictionary, tests/fuzz/<target>.dict, replaces the shared fuzz.dict.
# Usage: tests/fuzz/run.sh SECONDS 'EXTRA LIBFUZZER FLAGS' target...
set -u
secs=$1; extra=$2; shift 2
dir=${FUZZ_DIR:-build/fuzz}
jobs=${FUZZ_JOBS:-2}
. tests/lib/check.sh
mkdir -p "$dir/artifacts"
one() {  # TARGET: runs it, its output in $dir/TARGET.log, its exit status in $dir/TARGET.rc
  t=$1
  seeds=tests/fuzz/corpus/${t%_small}
  work=$dir/corpus/$t
  dict=tests/fuzz/${t%_small}.dict
  [ -f "$dict" ] || dict=tests/fuzz/fuzz.dict
  mkdir -p "$work"
  # shellcheck disable=SC2086
  timeout $((secs + 60)) "$dir/$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
    -dict="$dict" -artifact_prefix="$dir/artifacts/$t-" $extra "$work" "$seeds" >"$dir/$t.log" 2>&1
  echo $? > "$dir/$t.rc"
}
targets=$*
n=0
for t in $targets; do
  one "$t" &
  n=$((n + 1))
  [ $((n % jobs)) -eq 0 ] && wait
done
wait
for t in $targets; do
  log=$dir/$t.log
  rc=$(cat "$dir/$t.rc" 2>/dev/null || echo 99)
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  cov=$(grep -E '^#[0-9]+' "$log" | tail -n 1 | sed -n 's/.*cov: \([0-9]*\) ft: \([0-9]*\).*/cov \1 ft \2/p')
  if [ "$rc" -eq 0 ]; then
    pass "$t: ${runs:-?} runs, ${rate:-?}/s, ${cov:-?}"
  else
    fail "$t: rc=$rc (see $log; the input is in $dir/artifacts/)"
    grep -E 'check failed|ERROR|SUMMARY' "$log" | head -n 5
  fi
done
closing
