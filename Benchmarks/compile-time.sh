#!/usr/bin/env bash
# Compile-time cost of the macros: N @Injectable types and one @Assembly, against the same graph
# hand-wired with closures, for N = 50, 200 and 1,000. Each target is recompiled in full, with its
# dependencies (Service, the macro plugin, swift-syntax) already built, so the time is its own.
# Then the incremental case: 200 types, one file each, and one file touched. Then 50 types of a
# more usual size, each with 30 methods of 10 lines in its body (~13 KB a file, one file each),
# rebuilt in full and with one file touched: an attached macro is sent the whole declaration,
# bodies included, so this is where the size of a type shows. Each row is the best
# of three rebuilds per variant, the two variants alternating (COMPILE_TIME_RUNS sets the count).
# COMPILE_TIME_CONFIG=release measures release builds (the macro plugin is then optimised too).
# The plugin's cache of its replies (/tmp/service-macro-cache-<uid>) is off for the first tables,
# so that a rebuild expands every macro as a first build does; the table after them rebuilds with
# the cache, as an edit-and-build loop does, where the plugin answered most requests in an earlier
# build. The script empties the cache (a file in the directory's place turns it off), and leaves
# it empty and on.
# Then the 200-type target as source: its expansions pasted in, and the same without the
# compile-time checks, which splits its cost into the plugin's, the checks' and the rest's.
set -euo pipefail
config="${COMPILE_TIME_CONFIG:-debug}"
cd "$(dirname "$0")"
work=".build-compile-time"
mkdir -p "$work"
python3 - "$work" <<'PY'
import pathlib, sys
root = pathlib.Path(sys.argv[1])
(root / "Package.swift").write_text('''// swift-tools-version: 6.2
import PackageDescription
let service = String(Context.packageDirectory.split(separator: "/").dropLast(2).last ?? "main").lowercased()
let targets = ["Macro50", "Hand50", "Macro200", "Hand200", "Macro1000", "Hand1000", "MacroFiles200", "HandFiles200", "MacroMethods50", "HandMethods50", "Expanded200", "Runtime200", "ExpandedFiles200", "RuntimeFiles200"]
let package = Package(
    name: "CompileTime",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "../..")],
    targets: targets.map { .target(name: $0, dependencies: [.product(name: "Service", package: service)]) },
    swiftLanguageModes: [.v6]
)
''')
def children(i, n):
    return [c for c in (2 * i + 1, 2 * i + 2) if c < n]
def declaration(i, n, macro, body=""):
    """Type `i` of the graph of `n`, with `body` (members) after its initializer; ends with a blank line."""
    deps = children(i, n)
    out = (["@Injectable"] if macro else []) + [f"final class T{i}: Sendable {{"]
    out += [f"    let t{c}: T{c}" for c in deps]
    out.append("    init(" + ", ".join(f"t{c}: T{c}" for c in deps) + ") {")
    out += [f"        self.t{c} = t{c}" for c in deps]
    out.append("    }")
    if body:
        out.append(body.rstrip("\n"))
    return out + ["}", ""]
def types(n, macro):
    return ["import Service", ""] + [line for i in range(n) for line in declaration(i, n, macro)]
def wiring(n, macro):
    """The assembly of the graph of `n`, or the same registrations written by hand."""
    if macro:
        return ["@Assembly", "struct GeneratedAssembly {"] + [f"    #register(T{i}.self)" for i in range(n)] + ["}"]
    lines = ["func registerAll(in env: ServiceEnv) {"]
    for i in range(n):
        args = ", ".join(f"t{c}: try ServiceEnv.current.resolve(T{c}.self)" for c in children(i, n))
        lines.append(f"    env.register(T{i}.self) {{ T{i}({args}) }}")
    return lines + ["}"]
def write(name, lines):
    directory = root / "Sources" / name
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "Graph.swift").write_text("\n".join(lines) + "\n")
def write_files(name, n, macro, body=""):
    """The graph of `n`, one file per type, and the wiring in a file of its own."""
    directory = root / "Sources" / name
    directory.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        (directory / f"T{i}.swift").write_text("import Service\n\n" + "\n".join(declaration(i, n, macro, body)))
    (directory / "Wiring.swift").write_text("\n".join(["import Service", ""] + wiring(n, macro)) + "\n")
for n in (50, 200, 1000):
    write(f"Macro{n}", types(n, True) + wiring(n, True))
    write(f"Hand{n}", types(n, False) + wiring(n, False))
write_files("MacroFiles200", 200, True)
write_files("HandFiles200", 200, False)
# 50 types of a more usual size: each with 30 methods of 10 lines in its body.
method = """    func method{m}(_ input: [Int], scale: Double) -> String {{
        var total = 0.0
        for (index, value) in input.enumerated() where index % 2 == 0 {{
            total += Double(value) * scale + Double(index)
        }}
        let label = "item \\(total) of \\(input.count)"
        if total > 100 {{ return label.uppercased() }}
        // a comment
        return label + String(repeating: "-", count: input.count % 7)
    }}
"""
methods = "".join(method.format(m=m) for m in range(30))
write_files("MacroMethods50", 50, True, methods)
write_files("HandMethods50", 50, False, methods)
# Written from the macros' own expansions once Macro200 and MacroFiles200 are built (see the
# tables after the cache's).
for name in ("Expanded200", "Runtime200", "ExpandedFiles200", "RuntimeFiles200"):
    write(name, ["import Service"])
PY
cd "$work"
# Turns the plugin's cache off (a file where its directory would be), or on and empty.
macro_cache="/tmp/service-macro-cache-$(id -u)"
cache_off() { rm -rf "$macro_cache" && touch "$macro_cache"; }
cache_empty() { rm -rf "$macro_cache"; }
trap cache_empty EXIT
cache_off
build() {
    if ! swift build -c "$config" "$@" >build.log 2>&1; then
        cat build.log >&2
        exit 1
    fi
}
build --target Service
# NB: build every target once so the plugin and all dependencies are up to date before timing.
for target in Macro50 Hand50 Macro200 Hand200 Macro1000 Hand1000 MacroFiles200 HandFiles200 MacroMethods50 HandMethods50; do
    build --target "$target"
done
# Prints one table row: touches `file` (a name or a pattern) in the Macro and the Hand variant of `target` and times
# each rebuild, alternating the two COMPILE_TIME_RUNS times (3 unless set); the best of each. With
# a fourth argument, the name of a type in `file`, it edits that type instead of touching the
# file: a comment line of its own in the type's body before each rebuild.
# NB: the best, not one run: this machine's single runs move by ±20 %, the hand-wired ones too.
runs="${COMPILE_TIME_RUNS:-3}"
# Rebuilds `target` and prints the smaller of its time and `best` (seconds, none if empty).
timed_build() {
    local target=$1 best=${2:-inf} start end
    start=$(date +%s.%N)
    build --target "$target"
    end=$(date +%s.%N)
    python3 -c "print(f'{min($end - $start, float(\"$best\")):.2f}')"
}
row() {
    local label=$1 target=$2 file=$3 edited=${4:-}
    declare -A seconds
    for ((run = 0; run < runs; run++)); do
        for kind in Macro Hand; do
            if [[ -n "$edited" ]]; then
                sed -i "/^final class $edited: /a\\    // edit $run" "Sources/$kind$target/$file"
            else
                # NB: `file` unquoted, so that a pattern touches every file it matches.
                touch "Sources/$kind$target/"$file
            fi
            seconds[$kind]=$(timed_build "$kind$target" "${seconds[$kind]:-}")
        done
    done
    local ratio
    ratio=$(python3 -c "print(f'{${seconds[Macro]} / ${seconds[Hand]}:.2f}')")
    echo "| $label | ${seconds[Macro]} s | ${seconds[Hand]} s | ×$ratio |"
}
echo "| N | @Injectable + @Assembly | hand-wired | ratio |"
echo "|---:|---:|---:|---:|"
# NB: each of these targets is one file; touching it recompiles the whole target and nothing else.
for n in 50 200 1000; do
    row "$n" "$n" Graph.swift
done
echo
echo "| incremental (200 types, one file touched) | @Injectable + @Assembly | hand-wired | ratio |"
echo "|---|---:|---:|---:|"
row T100.swift Files200 T100.swift
echo
echo "| 50 types with 30 methods each, one file each | @Injectable + @Assembly | hand-wired | ratio |"
echo "|---|---:|---:|---:|"
row "every file touched" Methods50 "*.swift"
row "one file touched" Methods50 T25.swift
echo
echo "| with the plugin's cache of its replies | @Injectable + @Assembly | hand-wired | ratio |"
echo "|---|---:|---:|---:|"
cache_empty
# NB: each rebuild edits one type, so its request and those of the types after it in its file
# (whose positions moved) are new; the plugin expands them and finds the others. The rows' first
# rebuilds fill the cache.
row "200 types in one file, one edited (the 101st)" 200 Graph.swift T100
row "200 types, one file each, one edited" Files200 T100.swift T100
row "50 types with 30 methods each, one file each, one edited" Methods50 T25.swift T25
cache_off

# Prints the compile and emit-module commands of `target` after touching `file` (Graph.swift
# unless given), one per line, the compile job (whose primary file is `file`) first.
# NB: a job of a target with many files reads them from a file list that SwiftPM deletes after the
# build; the commands printed name a list of the target's sources written here instead.
jobs() {
    local file="${2:-Graph.swift}" list="$PWD/.build/$1.sources"
    touch "Sources/$1/$file"
    ls "$PWD/Sources/$1/"*.swift >"$list"
    swift build -c "$config" --target "$1" -v 2>&1 \
        | grep -E "swift-frontend -frontend (-c .*-primary-file [^ ]*Sources/$1/$file |-emit-module .*Sources/$1/)" \
        | sed -E "s|-filelist [^ ]+|-filelist $list|g" | sort || true
}
mapfile -t macro_jobs < <(jobs Macro200)
mapfile -t hand_jobs < <(jobs Hand200)
mapfile -t macro_touched_jobs < <(jobs MacroFiles200 T100.swift)
mapfile -t hand_touched_jobs < <(jobs HandFiles200 T100.swift)
for list in macro_jobs hand_jobs macro_touched_jobs hand_touched_jobs; do
    declare -n found="$list"
    if [[ ${#found[@]} -ne 2 ]]; then
        echo "error: expected a compile and an emit-module job in $list, found ${#found[@]}" >&2
        exit 1
    fi
done

# The 200-type targets as source: their expansions, as the compiler dumps them, pasted into the
# files with the types, and the same without the compile-time checks (each type's
# `__ProviderChecks`, `T.init` check, cycle-check node and isolation check; the assembly's track,
# `@Injectable`, dependency and cycle checks), which leaves what a registration and a resolve use.
# Against the macros, the first is what the plugin's expansions cost; against hand-wiring, the
# second is what the macros' output would cost without checks. Both for the target of one file
# (rebuilt in full) and for the target of one file per type (one file touched, where the
# emit-module job is the build).
# NB: in the one-file-per-type copy, the body of the assembly's `__injectionGraphs()` is left out:
# it declares types, so the emit-module job type-checks it when it is source, and skips it when a
# macro wrote it; a touched type's file does not recompile the assembly's, so in the macro build
# only the one job that compiles the assembly's file checks it.
expansions="$PWD/.build/macro200-expansions.txt"
bash -c "${macro_jobs[1]} -dump-macro-expansions" 2>"$expansions" >/dev/null || true
file_expansions="$PWD/.build/macrofiles200-expansions.txt"
bash -c "${macro_touched_jobs[1]} -dump-macro-expansions" 2>"$file_expansions" >/dev/null || true
python3 - "$expansions" "$file_expansions" . <<'VARIANTS'
import pathlib, re, sys
root = pathlib.Path(sys.argv[3])
def unlocated(block):
    return "\n".join(line for line in block.split("\n") if not line.strip().startswith("#sourceLocation"))
def declarations(lines, indent):
    """`lines` split into the declarations that begin at `indent` spaces."""
    found, current = [], []
    for line in lines:
        if line.startswith(" " * indent) and len(line) > indent and line[indent] not in " }" and current:
            found.append(current)
            current = []
        current.append(line)
    return found + ([current] if current else [])
checks = re.compile(r"\s*(public |package )?(nonisolated )?(private )?(static )?(protocol __ProviderChecks|func `|protocol __CycleRequirements|typealias __CycleEdges|var `|func __isolationCheck)")
runtime_member = re.compile(r"(nonisolated static let registrations|private nonisolated static func __registrationTable|nonisolated func assemble)")
def expansions(dump):
    """The dump's `@Injectable` extensions by type name, the assembly's members and its conformance."""
    text = "-" * 30 + "\n" + open(dump).read()
    parts = re.split(r"^-{30}\n(@__swiftmacro_\S+)\n-{30}\n", text, flags=re.M)
    blocks = [(parts[i], re.sub(r"\n-{30}\n?$", "", parts[i + 1].rstrip("\n") + "\n").rstrip("\n")) for i in range(1, len(parts), 2)]
    injectables = {}
    for name, body in blocks:
        if "InjectablefMe_" in name:
            body = unlocated(body)
            injectables[re.match(r"extension (\w+):", body).group(1)] = body
    members = declarations(unlocated(next((body for name, body in blocks if name.endswith("fMm_.swift")), "")).split("\n"), 0)
    conformance = next((body for name, body in blocks if "Injectable" not in name and name.endswith("fMe_.swift")), "")
    runtime_members = [d for d in members if runtime_member.match(d[0])]
    if len(injectables) != 200 or len(runtime_members) != 3 or not conformance:
        sys.exit(f"error: the dumped expansions of {dump} changed shape: {len(injectables)} @Injectable, {len(runtime_members)} assembly members")
    return injectables, members, runtime_members, conformance
def runtime_only(extension):
    lines = extension.split("\n")
    kept = [d for d in declarations(lines[1:-1], 4) if not checks.match(d[0])]
    return "\n".join([lines[0]] + [line for d in kept for line in d] + [lines[-1]])
def assembly(members, conformance):
    return "struct GeneratedAssembly {\n" + "\n".join(line for d in members for line in d) + "\n}\n" + conformance + "\n"
def without_check_body(members):
    return [["private static func __injectionGraphs() {}"] if d[0].startswith("private static func __injectionGraphs()") else d for d in members]
# One file: the types, then every extension, then the assembly.
injectables, members, runtime_members, conformance = expansions(sys.argv[1])
source = (root / "Sources" / "Macro200" / "Graph.swift").read_text().replace("@Injectable\n", "")
types = source[: source.index("@Assembly")]
def write(target, extensions, members):
    (root / "Sources" / target / "Graph.swift").write_text(types + "\n".join(extensions) + "\n\n" + assembly(members, conformance))
write("Expanded200", injectables.values(), members)
write("Runtime200", [runtime_only(e) for e in injectables.values()], runtime_members)
# One file per type: each type's extension in its file, the assembly in Wiring.swift.
injectables, members, runtime_members, conformance = expansions(sys.argv[2])
def write_files(target, extension, members):
    directory = root / "Sources" / target
    for stale in directory.glob("*.swift"):
        stale.unlink()
    for path in sorted((root / "Sources" / "MacroFiles200").glob("T*.swift")):
        declaration = path.read_text().replace("@Injectable\n", "")
        (directory / path.name).write_text(declaration + "\n" + extension(injectables[path.stem]) + "\n")
    (directory / "Wiring.swift").write_text("import Service\n\n" + assembly(members, conformance))
write_files("ExpandedFiles200", lambda e: e, without_check_body(members))
write_files("RuntimeFiles200", runtime_only, runtime_members)
VARIANTS
for target in Expanded200 Runtime200 ExpandedFiles200 RuntimeFiles200; do
    build --target "$target"
done
# Prints the best of COMPILE_TIME_RUNS rebuilds of each target given after `file`, alternating
# them, after touching `file` in each.
best_of() {
    local file=$1
    shift
    declare -A best
    for ((run = 0; run < runs; run++)); do
        for target in "$@"; do
            touch "Sources/$target/$file"
            best[$target]=$(timed_build "$target" "${best[$target]:-}")
        done
    done
    for target in "$@"; do
        echo "${best[$target]}"
    done
}
# Prints a table row: `label`, then the four times given and their ratios to the last.
split_row() {
    python3 - "$@" <<'ROW'
import sys
label, times = sys.argv[1], [float(t) for t in sys.argv[2:]]
print(f"| {label} | " + " | ".join(f"{t:.2f} s (×{t / times[-1]:.2f})" for t in times) + " |")
ROW
}
# NB: into a variable first: a failed build inside `< <(…)` would not stop the script.
split_times=$(best_of Graph.swift Macro200 Expanded200 Runtime200 Hand200)
mapfile -t split <<<"$split_times"
# NB: with the plugin's cache on and filled by a first build, as in an edit-and-build loop: the
# touched file's requests are the same bytes, and the plugin answers every one from the cache.
cache_empty
touch Sources/MacroFiles200/T100.swift
build --target MacroFiles200
file_split_times=$(best_of T100.swift MacroFiles200 ExpandedFiles200 RuntimeFiles200 HandFiles200)
mapfile -t file_split <<<"$file_split_times"
cache_off
echo
echo "| 200 types | macros | their expansions as source | without the checks | by hand |"
echo "|---|---:|---:|---:|---:|"
split_row "one file, rebuilt in full" "${split[@]}"
split_row "one file each, one touched (the plugin's replies kept)" "${file_split[@]}"

# Where each job's time goes, by the compiler's own account (`-stats-output-dir`), each job run
# alone: its wall time; type checking, in which the compiler also expands the macros, split into
# the compiler's own CPU time and the rest, which is mostly waiting for the plugin (it answers one
# request at a time); SIL (generation and the mandatory passes); IRGen; and what follows IRGen
# (LLVM and writing the object file), which the compiler's timers do not cover.
echo
echo "| job (run alone) | wall | type checking: compiler | type checking: waiting (plugin) | SIL | IRGen | LLVM and the rest |"
echo "|---|---:|---:|---:|---:|---:|---:|"
stats_row() {
    local label=$1 command=$2 directory
    directory=$(mktemp -d)
    bash -c "$command -stats-output-dir $directory" >/dev/null 2>&1 || { echo "error: a job failed: $command" >&2; exit 1; }
    python3 - "$label" "$directory"/*.json <<'STATS'
import json, sys
label, path = sys.argv[1], sys.argv[2]
stats = json.load(open(path))
def timer(name, kind="wall"):
    return sum(value for key, value in stats.items() if key == f"time.swift.{name}.{kind}")
wall = sum(value for key, value in stats.items() if key.startswith("time.swift-frontend.") and key.endswith(".wall"))
sema = timer("Type checking and Semantic analysis")
sema_cpu = timer("Type checking and Semantic analysis", "user") + timer("Type checking and Semantic analysis", "sys")
sil = timer("SILGen") + timer("SIL optimization")
irgen = timer("IRGen")
rest = max(0.0, wall - sema - sil - irgen)
print(f"| {label} | {wall:.2f} s | {sema_cpu:.2f} s | {max(0.0, sema - sema_cpu):.2f} s | {sil:.2f} s | {irgen:.2f} s | {rest:.2f} s |")
STATS
    rm -rf "$directory"
}
stats_row "200 types, one file: compile, macros" "${macro_jobs[0]}"
stats_row "200 types, one file: emit-module, macros" "${macro_jobs[1]}"
stats_row "200 types, one file: compile, by hand" "${hand_jobs[0]}"
stats_row "200 types, one file: emit-module, by hand" "${hand_jobs[1]}"
stats_row "one of 200 files touched: compile, macros" "${macro_touched_jobs[0]}"
stats_row "one of 200 files touched: emit-module, macros" "${macro_touched_jobs[1]}"
stats_row "one of 200 files touched: compile, by hand" "${hand_touched_jobs[0]}"
stats_row "one of 200 files touched: emit-module, by hand" "${hand_touched_jobs[1]}"
cache_empty
stats_row "200 types, one file: compile, macros, the plugin's cache empty" "${macro_jobs[0]}"
stats_row "200 types, one file: compile, macros, the cache filled by that job" "${macro_jobs[0]}"
stats_row "one of 200 files touched: emit-module, macros, the cache empty" "${macro_touched_jobs[1]}"
stats_row "one of 200 files touched: emit-module, macros, the cache filled by that job" "${macro_touched_jobs[1]}"
cache_off

# The 200-type target's two compiler jobs (compile and emit-module), as `swift build -v` runs them,
# side by side as SwiftPM runs them, with the debug plugin and with a release-built one: what a
# build costs where SwiftPM links a prebuilt, optimized swift-syntax for macros. The release
# plugin is the Benchmarks package's (`swift build -c release --package-path Benchmarks`), or
# RELEASE_PLUGIN; without one, this table is skipped.
release_plugin="${RELEASE_PLUGIN:-../.build/release/ServiceMacrosPlugin-tool}"
if [[ ! -x "$release_plugin" ]]; then
    echo
    echo "(no release plugin at $release_plugin: build the Benchmarks package in release for the jobs table)"
    exit 0
fi
release_plugin="$(realpath "$release_plugin")"
# Runs the two commands side by side, three times, and prints the best time in seconds.
side_by_side() {
    local times=() start end pid
    for _ in 1 2 3; do
        start=$(date +%s.%N)
        bash -c "$1" >/dev/null 2>&1 &
        pid=$!
        bash -c "$2" >/dev/null 2>&1 || { echo "error: a job failed: $2" >&2; exit 1; }
        wait "$pid" || { echo "error: a job failed: $1" >&2; exit 1; }
        end=$(date +%s.%N)
        times+=("$(python3 -c "print($end - $start)")")
    done
    python3 -c "import sys; print(f'{min(map(float, sys.argv[1:])):.2f}')" "${times[@]}"
}
with_release() { sed -E "s|-load-plugin-executable [^ ]*ServiceMacrosPlugin-tool#|-load-plugin-executable $release_plugin#|" <<<"$1"; }
debug_plugin=$(side_by_side "${macro_jobs[0]}" "${macro_jobs[1]}")
optimized_plugin=$(side_by_side "$(with_release "${macro_jobs[0]}")" "$(with_release "${macro_jobs[1]}")")
hand=$(side_by_side "${hand_jobs[0]}" "${hand_jobs[1]}")
echo
echo "| 200 types, the compiler jobs alone | debug plugin | release plugin | hand-wired | ratios |"
echo "|---|---:|---:|---:|---:|"
echo "| compile + emit-module, side by side | $debug_plugin s | $optimized_plugin s | $hand s |" \
    "×$(python3 -c "print(f'{$debug_plugin / $hand:.2f}')") / ×$(python3 -c "print(f'{$optimized_plugin / $hand:.2f}')") |"
