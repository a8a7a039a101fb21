#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz (clang, ASan+UBSan, without LibTorch) in
# build-fuzz/, writes their seed corpus from the repository's test data, and runs each
# target for RUNS executions (default 1000000), at most FUZZ_MAX_SECONDS (default 300)
# seconds each so that a slow target cannot run for hours. Prints one line per target
# (executions, crashes, seconds, and whether the run count, the time cap or a crash ended
# it) and `N passed, M failed`; a target passes with no crash (a target killed from
# outside fails without one). Exit status 1 when one failed. Everything it writes is
# under build-fuzz/fuzz: corpus/<target> (grows from run to run), artifacts/<target>
# (crashing inputs), logs/<target>.log.
#
#   scripts/fuzz.sh [RUNS]
#   FUZZ_MAX_SECONDS=60 FUZZ_TARGETS="fen chunk" scripts/fuzz.sh 10000
#
# Reproduce a crash: build-fuzz/tests/fuzz/<target>_fuzz build-fuzz/fuzz/artifacts/<target>/crash-...
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-1000000}
max_seconds=${FUZZ_MAX_SECONDS:-300}
build=${FUZZ_BUILD_DIR:-$root/build-fuzz}
all_targets="fen bfen uci_move san_move epd bpgn config chunk checkpoint_envelope uci_engine cecp_engine stream_entry"
targets=${FUZZ_TARGETS:-$all_targets}

"$root/scripts/setup.sh"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=clang++ \
  -DBUGHOUSE_FUZZ=ON -DBUGHOUSE_WITH_TORCH=OFF -DBUGHOUSE_BENCHMARKS=OFF -DBUGHOUSE_NATIVE=OFF \
  -DCMAKE_CXX_COMPILER_LAUNCHER=ccache >/dev/null
cmake --build "$build" --target fuzz_targets -j "$(nproc)"

work=$build/fuzz
rm -rf "$work/seeds"
"$build/tests/fuzz/fuzz_seeds" "$root/tests/data" "$root/configs" "$work/seeds" >/dev/null

# Runs one target; prints its line and returns 1 when it crashed.
fuzz_one() {
  local name=$1 corpus=$work/corpus/$1 artifacts=$work/artifacts/$1 log=$work/logs/$1.log
  mkdir -p "$corpus" "$artifacts" "$work/logs"
  local marker=$work/logs/$name.start
  touch "$marker"
  local start end rc=0
  start=$(date +%s.%N)
  # -timeout: one input running this long is a hang. The first corpus folder receives
  # what the fuzzer finds; the seeds are read only.
  "$build/tests/fuzz/${name}_fuzz" -runs="$runs" -max_total_time="$max_seconds" -timeout=30 \
    -print_final_stats=1 -artifact_prefix="$artifacts/" "$corpus" "$work/seeds/$name" >"$log" 2>&1 || rc=$?
  end=$(date +%s.%N)
  local execs crashes ended
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  crashes=$(find "$artifacts" -type f -newer "$marker" | wc -l)
  if [ "$crashes" -gt 0 ]; then
    ended="crashed (exit $rc): $(find "$artifacts" -type f -newer "$marker" | head -1)"
  elif [ "$rc" -ne 0 ]; then
    # Killed from outside (a signal, the machine out of memory) or failed to start.
    ended="did not finish (exit $rc) and left no crashing input: see $log"
  elif [ "${execs:-0}" -lt "$runs" ]; then
    ended="time cap of ${max_seconds} s ended it before $runs runs"
  else
    ended="run count reached"
  fi
  printf '%-20s %10s execs %3d crashes %7s s   %s\n' "$name" "${execs:-?}" "$crashes" \
    "$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')" "$ended"
  [ "$crashes" -eq 0 ] && [ "$rc" -eq 0 ]
}

passed=0 failed=0
for name in $targets; do
  if fuzz_one "$name"; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
