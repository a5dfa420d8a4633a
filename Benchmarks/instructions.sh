#!/usr/bin/env bash
# Instructions per operation, counted with callgrind as (Ir(N2) - Ir(N1)) / (N2 - N1), so that
# start-up and warm-up cancel out. Every row runs the same loop and ends in the same `consume`
# call; `hand-*` rows are the initializer calls themselves.
#
#   Benchmarks/instructions.sh [PROFILE ...]
#
# valgrind 3.19 cannot read Swift 6.3's DWARF 5, so it runs on a copy without debug info.
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product ServiceBenchmarks >/dev/null
binary="$(swift build -c release --show-bin-path)/ServiceBenchmarks"
stripped="$(mktemp -d)/ServiceBenchmarks"
objcopy --strip-debug "$binary" "$stripped"

count() {
    local out
    out="$(mktemp)"
    valgrind --tool=callgrind --callgrind-out-file="$out" "$stripped" --profile "$1" "$2" >/dev/null 2>&1
    sed -n 's/^summary: *//p' "$out"
    rm -f "$out"
}

per_operation() {
    local small large
    small=$(count "$1" 1000)
    large=$(count "$1" 11000)
    echo $(( (large - small) / 10000 ))
}

rows=("$@")
peers=false
if [ ${#rows[@]} -eq 0 ]; then
    peers=true
    rows=(leaf leaf-other-env leaf-child three chain diamond cached cached-tagged cached-vs-atomic service-read main-service-read scope scope-async register register-concrete register-injectable register-assembly)
fi
printf '| scenario | hand-written | Service, closures | × | Service, @Injectable | × |\n|---|---:|---:|---:|---:|---:|\n'
for row in "${rows[@]}"; do
    case "$row" in
        leaf-other-env | leaf-child) hand=$(per_operation hand-leaf); closures=$(per_operation "$row"); macro="" ;;
        cached | cached-tagged) hand=$(per_operation hand-cached); closures=$(per_operation "$row"); macro="" ;;
        # NB: against a hand-written read that returns an owned reference too (a load and a retain).
        cached-vs-atomic) hand=$(per_operation hand-cached-atomic); closures=$(per_operation cached); macro="" ;;
        service-read) hand=$(per_operation hand-cached); closures=$(per_operation service-read); macro="" ;;
        main-service-read) hand=$(per_operation hand-cached); closures=$(per_operation main-service-read); macro="" ;;
        scope | scope-async) hand=$(per_operation scope-by-hand); closures=$(per_operation "$row"); macro="" ;;
        register | register-concrete) hand=$(per_operation "hand-$row"); closures=$(per_operation "$row"); macro="" ;;
        # NB: `Injectable` types registered without a closure, against the concrete row's dictionary.
        register-injectable | register-assembly) hand=$(per_operation hand-register-concrete); closures=""; macro=$(per_operation "$row") ;;
        *) hand=$(per_operation "hand-$row"); closures=$(per_operation "$row"); macro=$(per_operation "macro-$row") ;;
    esac
    ratio() { [ -n "$1" ] && awk -v a="$1" -v b="$hand" 'BEGIN { printf "×%.1f", a / b }'; }
    printf '| %s | %s | %s | %s | %s | %s |\n' "$row" "$hand" "$closures" "$(ratio "$closures")" "$macro" "$(ratio "$macro")"
done
# With no rows given, registration against swift-dependencies too: the same factories set in its
# values, one key per type (`dependencies-*`).
if $peers; then
    printf '\n| registering 1,000 types (per registration) | hand-written | Service | swift-dependencies |\n|---|---:|---:|---:|\n'
    for row in register register-concrete; do
        printf '| %s | %s | %s | %s |\n' "$row" "$(per_operation "hand-$row")" "$(per_operation "$row")" \
            "$(per_operation "dependencies-$row")"
    done
fi
