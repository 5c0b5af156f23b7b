#!/usr/bin/env bash
# Runs built fuzz targets one after the other, FUZZ_SECONDS each (default 300):
#   Fuzz/run.sh                    every target
#   Fuzz/run.sh mustache           only those named
#
# The seeds in Fuzz/corpus/<target>/ are read, never written: what libFuzzer finds
# goes to .build/fuzz/corpus/<target>/ (kept between runs). A crash, a hang past
# 10 s, a sanitizer report or a broken harness promise is saved in
# Fuzz/crashes/<target>/; the run goes on with the next target and the script
# exits 1 at the end. Logs: .build/fuzz/logs/<target>.log.
set -uo pipefail

cd "$(dirname "$0")/.."
SECONDS_EACH=${FUZZ_SECONDS:-300}
OUT=.build/fuzz
# The Swift runtime's own backtracer would sit on a crash for minutes; libFuzzer
# and AddressSanitizer print their own stack.
export SWIFT_BACKTRACE=enable=no

targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(lifecycle exercise search frontmatter mustache requestpath article)
failed=()
for t in "${targets[@]}"; do
    if [ ! -x "$OUT/$t" ]; then
        echo "no fuzz target $OUT/$t: run Fuzz/build.sh first" >&2
        exit 2
    fi
    mkdir -p "$OUT/corpus/$t" "$OUT/logs" "Fuzz/crashes/$t"
    # Whole articles are longer than the other targets' inputs (the largest seed is 26 KB).
    max_len=16384
    [ "$t" = article ] && max_len=65536
    echo "Fuzzing $t for ${SECONDS_EACH}s (log: $OUT/logs/$t.log)"
    "$OUT/$t" "$OUT/corpus/$t" "Fuzz/corpus/$t" \
        -dict="Fuzz/dict/$t.dict" \
        -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=4096 -max_len="$max_len" \
        -artifact_prefix="Fuzz/crashes/$t/" -print_final_stats=1 \
        >"$OUT/logs/$t.log" 2>&1
    status=$?
    # The last progress line holds the totals: runs, cov, ft, exec/s.
    grep -E '^#[0-9]+' "$OUT/logs/$t.log" | tail -1
    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$OUT/logs/$t.log"
    if [ $status -ne 0 ]; then
        echo "  FOUND a problem (exit $status):"
        grep -E '^(violation:|==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written)' "$OUT/logs/$t.log" | sed 's/^/    /'
        failed+=("$t")
    fi
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "Fuzzing found problems in: ${failed[*]} (inputs in Fuzz/crashes/)"
    exit 1
fi
echo "Fuzzing found nothing."
