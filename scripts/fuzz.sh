#!/usr/bin/env bash
# ./bench fuzz [target|all|list] [minutes]: fuzzes the Jazzer targets of dev.vigil.server.fuzz for real (./test
# only replays their seeds and past findings). A target is Class#method or a method name; all runs each target
# in turn. One line per target: executions, executions per second, corpus and findings. Generated corpora stay
# in server/.cifuzz-corpus (not committed); findings land in the test resources and fail ./test until fixed.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
. scripts/java-home.sh
sources=server/src/test/java/dev/vigil/server/fuzz

targets() {  # Class#method of every @FuzzTest
    for file in "$sources"/*FuzzTest.java; do
        class=$(basename "$file" .java)
        awk -v class="$class" '/@FuzzTest/ {take = 1; next}
            take && /void / {sub(/.*void /, ""); sub(/[(].*/, ""); print class "#" $0; take = 0}' "$file"
    done
}

target=${1:-all}
minutes=${2:-10}
if [ "$target" = list ]; then
    targets
    exit 0
fi
if [ "$target" = all ]; then
    mapfile -t chosen < <(targets)
elif [[ "$target" == *"#"* ]]; then
    chosen=("$target")
else
    mapfile -t chosen < <(targets | grep "#$target\$" || true)
    [ ${#chosen[@]} -gt 0 ] || { echo "fuzz: no target $target (./bench fuzz list)" >&2; exit 2; }
fi

./mvnw -q -B -DskipTests -pl server -am install -ntp >/dev/null
logs=$(mktemp -d)
status=0
for one in "${chosen[@]}"; do
    log="$logs/${one//#/.}.log"
    echo "fuzz: $one for $minutes min (log $log)" >&2
    if ! JAZZER_FUZZ=1 ./mvnw -B -ntp -pl server test -Dtest="dev.vigil.server.fuzz.$one" \
            -Djazzer.max_duration="${minutes}m" -Dsurefire.failIfNoSpecifiedTests=false >"$log" 2>&1; then
        status=1
    fi
    done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1 || true)
    [ -n "$done_line" ] || done_line=$(grep -E '^#[0-9]+[[:space:]]+(pulse|NEW|REDUCE)' "$log" | tail -1 || true)
    runs=$(sed -E 's/^#([0-9]+).*/\1/' <<<"$done_line")
    rate=$(grep -oE 'exec/s: [0-9]+' <<<"$done_line" | grep -oE '[0-9]+' || true)
    corpus=$(grep -oE 'corp: [0-9]+/[0-9a-zA-Z]+' <<<"$done_line" || true)
    findings=$(grep -c 'Test unit written to' "$log" || true)
    printf '%-48s %10s runs %7s exec/s  %-16s findings: %s\n' "$one" "${runs:-?}" "${rate:-?}" "${corpus:-?}" "$findings"
done
exit $status
