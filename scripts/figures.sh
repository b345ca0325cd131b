#!/usr/bin/env bash
# Re-measures the README's figures: each command several times, the median
# wall-clock time. Run on a quiet machine: `scripts/figures.sh [RUNS]`.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
cargo build --release --locked --quiet
ply=target/release/ply

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) before the runs"

# Median of $runs wall-clock times of a command, in seconds.
median() {
    local times=()
    for _ in $(seq "$runs"); do
        local start end
        start=$(date +%s.%N)
        "$@" >/dev/null
        end=$(date +%s.%N)
        times+=("$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')")
    done
    printf '%s\n' "${times[@]}" | sort -g | awk -v n="$runs" 'NR == int((n + 1) / 2) { printf "%.3f s", $1 }'
}

figure() {
    printf '%-55s %s\n' "$*" "$(median "$@")"
}

figure "$ply" solve tictactoe
figure "$ply" solve mnk --rows 6 --cols 5 --k 4
figure "$ply" solve nim --heaps 1,2,3 --tree
figure "$ply" solve trilite
figure "$ply" perft tictactoe 9
figure "$ply" perft othello 11 --jobs 1
figure "$ply" perft othello 12 --jobs 1
figure "$ply" perft othello 12 --jobs 2
echo
echo "ply bench mnk / nim / othello (each reports its own medians):"
"$ply" bench mnk
"$ply" bench nim
"$ply" bench othello
echo "machine: load average $(cut -d' ' -f1-3 /proc/loadavg) after the runs"
