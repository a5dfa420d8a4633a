#!/usr/bin/env bash
# Counts heap allocations per cached resolve (and per @Service cached read) exactly, with valgrind:
# the difference between two runs that differ only in the number of resolves.
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product ServiceBenchmarks >/dev/null
binary="$(swift build -c release --show-bin-path)/ServiceBenchmarks"
allocs() {
    valgrind --tool=memcheck "$binary" --alloc-probe "$@" 2>&1 | sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,
}
small=$(allocs 1000)
large=$(allocs 101000)
echo "heap allocations: $small for 1,000 iterations, $large for 101,000 iterations"
echo "allocations per iteration (one resolve + one @Service read): $(( (large - small) / 100000 ))"
small=$(allocs 1000 --scope)
large=$(allocs 11000 --scope)
echo "allocations per request scope (open, register, resolve a singleton and a scoped service, drop):" \
    "$(( (large - small) / 10000 ))"
