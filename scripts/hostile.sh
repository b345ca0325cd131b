#!/usr/bin/env bash
# The hostile user's checks (issue 23's must-show), run against the release
# binary as a user would run them, each printed "ok" or "FAIL" with what
# it measured; then the test modules that hold the same checks with their
# C entries. Exit status 1 if any check failed.
#
#   scripts/hostile.sh          # about two minutes on a 2-core machine
#
# Needs only bash (its /dev/tcp speaks HTTP to the server) and what the
# Rust toolchain brings (cc, for the tests' C entries).
set -uo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked --quiet || exit 1
ply=$PWD/target/release/ply
scratch=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$scratch"' EXIT
failed=0

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"

# pass NAME CONDITION DETAIL: prints the verdict of one check.
pass() {
    if [ "$2" = 1 ]; then
        echo "ok    $1 ($3)"
    else
        echo "FAIL  $1 ($3)"
        failed=1
    fi
}

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }
below() { awk -v x="$1" -v y="$2" 'BEGIN { print (x < y) ? 1 : 0 }'; }

# http METHOD PATH [BODY [TOKEN]]: one request to the server; prints the
# status line's code, then the body.
http() {
    local body=${3:-} auth=""
    [ -n "${4:-}" ] && auth="Authorization: Bearer $4"$'\r\n'
    exec 7<>"/dev/tcp/127.0.0.1/$port" || return 1
    printf '%s %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n%sContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s' \
        "$1" "$2" "$auth" "${#body}" "$body" >&7
    local reply
    reply=$(cat <&7)
    exec 7>&-
    printf '%s\n' "$reply" | head -1 | cut -d' ' -f2
    printf '%s\n' "${reply#*$'\r\n\r\n'}"
}

field() { grep -o "\"$1\":\"[^\"]*\"" | head -1 | cut -d'"' -f4; }

# computer_move GAME_JSON: creates the game, asks the computer to move,
# and prints "STATUS SECONDS".
computer_move() {
    local created id token start status
    created=$(http POST /api/games "$1" | tail -n +2)
    id=$(printf '%s' "$created" | field id)
    token=$(printf '%s' "$created" | field token)
    start=$(now)
    status=$(http POST "/api/games/$id/computer" '{}' "$token" | head -1)
    echo "$status $(elapsed "$start")"
}

echo "== the server (ply serve, its default limits: 1 s a move)"
port=$((20000 + RANDOM % 20000))
"$ply" serve --port "$port" >"$scratch/serve.log" 2>&1 &
server=$!
for _ in $(seq 50); do
    (exec 7<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
    sleep 0.1
done
big_nim='{"game":"nim","options":{"heaps":"65535,65535,65535"},"players":["mcts:100000","human"]}'
read -r status took < <(computer_move "$big_nim")
pass "big-Nim MCTS (3 heaps of 65535, mcts:100000) moves within 3 s" \
    "$([ "$status" = 200 ] && below "$took" 3 || echo 0)" "HTTP $status in $took s"
wide='{"game":"mnk","options":{"size":26},"players":["alphabeta:10","human"]}'
read -r status took < <(computer_move "$wide")
pass "26 x 26 alphabeta:10 moves within 3 s" \
    "$([ "$status" = 200 ] && below "$took" 3 || echo 0)" "HTTP $status in $took s"
heaps=$(printf '65535,%.0s' $(seq 32))
start=$(now)
answer=$(http GET "/api/solve?game=nim&heaps=${heaps%,}")
status=$(printf '%s\n' "$answer" | head -1)
bytes=$(printf '%s' "$answer" | wc -c)
pass "a 32-heap Nim analysis answers a bounded list within 3 s" \
    "$([ "$status" = 200 ] && [ "$bytes" -lt 1000000 ] && below "$(elapsed "$start")" 3 || echo 0)" \
    "HTTP $status, $bytes bytes"
peak=$(awk '/VmHWM/ { printf "%d", $2 / 1024 }' "/proc/$server/status")
pass "the server's peak memory stays under 512 MiB" "$(below "$peak" 512)" "$peak MiB"
kill "$server" 2>/dev/null
wait "$server" 2>/dev/null
server=""

echo "== ply nboard (after d3 c5, where no move is forced)"
# until PATTERN SECONDS: reads the engine's lines until one starts with
# PATTERN; prints it (nothing if none came in time).
until_line() {
    local line end=$((SECONDS + $2))
    while [ "$SECONDS" -lt "$end" ] && IFS= read -r -t "$2" line <&"${NBOARD[0]}"; do
        case $line in "$1"*) echo "$line"; return ;; esac
    done
}
# close_input: ends the engine's input and sets `took` to how long it
# took to exit (in this shell, not a subshell: the pipe and the child are
# this shell's).
close_input() {
    local input=${NBOARD[1]} output=${NBOARD[0]} pid=$NBOARD_PID start
    start=$(now)
    eval "exec $input>&-"
    while kill -0 "$pid" 2>/dev/null && [ "$(below "$(elapsed "$start")" 5)" = 1 ]; do
        sleep 0.01
    done
    took=$(elapsed "$start")
    eval "exec $output<&-"
    wait "$pid" 2>/dev/null
}
coproc NBOARD { exec "$ply" nboard 2>/dev/null; }
start=$(now)
printf 'nboard 2\nset depth 60\nmove d3\nmove c5\ngo\n' >&"${NBOARD[1]}"
answer=$(until_line "===" 15)
took=$(elapsed "$start")
pass "set depth 60 answers within 8 s (the default move time bounds it)" \
    "$([ -n "$answer" ] && below "$took" 8 || echo 0)" "'$answer' in $took s"
close_input
pass "EOF after the answer ends the engine within 1 s" "$(below "$took" 1)" "$took s"
coproc NBOARD { exec "$ply" nboard --move-time 60000 2>/dev/null; }
printf 'nboard 2\nset depth 60\nmove d3\nmove c5\ngo\n' >&"${NBOARD[1]}"
thinking=$(until_line "status ply is thinking" 10)
sleep 1
close_input
pass "EOF in the middle of a minute's depth-60 search ends it within 1 s" \
    "$([ -n "$thinking" ] && below "$took" 1 || echo 0)" "$took s"

echo "== the checks as tests (C entries compiled with cc: forged time, forks, memory, a host ended)"
cargo test --release --locked --quiet -p ply --test suite -- \
    c_entries::an_entry_cannot_forge_its_reply_to_be_charged_less \
    c_entries::processes_an_entry_forks_do_not_outlive_the_tournament \
    c_entries::an_entry_taking_too_much_memory_or_stack_loses_with_the_reason \
    c_entries::an_entry_that_ends_its_host_between_calls_loses_and_the_tournament_goes_on \
    nboard::depth_60_answers_within_the_default_move_time \
    nboard::the_end_of_the_input_stops_a_search_at_once \
    nboard::quit_stops_a_search_at_once ||
    failed=1
cargo test --release --locked --quiet -p ply-serve --test suite -- bounds:: fair:: || failed=1

if [ "$failed" = 0 ]; then echo "every hostile check passed"; else echo "some hostile check FAILED"; fi
exit "$failed"
