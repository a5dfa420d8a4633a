import Dependencies
import Foundation
import HeapProbe
import Service
import Swinject
import Synchronization

// The hand-written baselines and the helpers of main.swift that need none of its state.

/// Runs `body` `count` times; inlined with its closure, so the loop calls nothing else.
@inline(__always)
func repeatInline(_ count: Int, _ body: () -> Void) {
    for _ in 0..<count {
        body()
    }
}

/// The ten-link chain written by hand.
@inline(never)
func buildChainByHand() -> Chain0 {
    Chain0(
        next: Chain1(
            next: Chain2(
                next: Chain3(next: Chain4(next: Chain5(next: Chain6(next: Chain7(next: Chain8(next: Chain9()))))))
            )
        )
    )
}

enum HandWritten {
    static let singleton = CachedSingleton()
    /// The same singleton built at run time, as an app builds its services at launch. The
    /// compiler may lay `singleton` out statically as an immortal object, whose retains are free;
    /// this one has a real reference count, shared by every thread that retains it.
    static let heapSingleton = makeAtRunTime()

    @inline(never)
    static func makeAtRunTime() -> CachedSingleton {
        CachedSingleton()
    }
}

/// A hand-written accessor of the run-time-built singleton. The optimizer returns it without a
/// retain: a global `let` keeps it alive, so the caller may borrow it.
@inline(never)
func heapSingletonAccessor() -> CachedSingleton {
    HandWritten.heapSingleton
}

/// A hand-written singleton kept the way one that can be replaced (as a container's can) must be:
/// a retained reference in an atomic word, which a reader loads and retains.
///
/// Its read is a load and a retain: the reference it returns is owned, as a resolve's is, and
/// the caller releases it. With one instance read by every thread, each read writes the
/// instance's reference count, one cache line that all the threads share. (A global `let`, as
/// `HandWritten.singleton`, is lent without a retain: the optimizer knows it never changes.)
/// Replacing the instance safely would also need what `ServiceEnv` has and this has not: a way
/// to know that no reader still holds the old one unretained.
final class AtomicSingleton: Sendable {
    private let bits: Atomic<UInt>

    init(_ instance: CachedSingleton) {
        bits = Atomic(UInt(bitPattern: Unmanaged.passRetained(instance).toOpaque()))
    }

    deinit {
        Unmanaged<CachedSingleton>.fromOpaque(UnsafeRawPointer(bitPattern: bits.load(ordering: .relaxed))!)
            .release()
    }

    /// The instance, retained.
    var instance: CachedSingleton {
        Unmanaged<CachedSingleton>.fromOpaque(UnsafeRawPointer(bitPattern: bits.load(ordering: .acquiring))!)
            .takeUnretainedValue()
    }
}

let atomicSingleton = AtomicSingleton(HandWritten.makeAtRunTime())

/// The hand-written read of `atomicSingleton`.
@inline(never)
func atomicSingletonAccessor() -> CachedSingleton {
    atomicSingleton.instance
}

/// A hand-written accessor: returns the singleton from a function call, as real code would.
@inline(never)
func handWrittenAccessor() -> CachedSingleton {
    HandWritten.singleton
}

/// A hand-written check of the same adjacency list: every dependency is registered, no cycle.
func handWrittenValidate(_ edges: [[Int]], registered: Set<Int>) -> [String] {
    var problems: [String] = []
    var marks = [UInt8](repeating: 0, count: edges.count)
    func visit(_ node: Int) {
        marks[node] = 1
        for next in edges[node] {
            guard registered.contains(next) else {
                problems.append("\(node) needs \(next)")
                continue
            }
            if marks[next] == 1 {
                problems.append("cycle at \(next)")
            } else if marks[next] == 0 {
                visit(next)
            }
        }
        marks[node] = 2
    }
    for node in edges.indices where marks[node] == 0 {
        visit(node)
    }
    return problems
}

/// Reads a dependency once, the way a type's `@Dependency` property would.
func dependency<Value>(_ keyPath: KeyPath<DependencyValues, Value> & Sendable) -> Value {
    @Dependency(keyPath) var value
    return value
}

/// Throughput of one way to read the cached singleton, per thread count.
struct Scaling {
    let library: String
    /// Operations per second with `threadCounts[index]` threads.
    let throughput: [Double]

    /// Throughput with `threads` threads as a multiple of one thread's.
    func scaling(at index: Int) -> Double { throughput[index] / throughput[0] }
}

/// Each contender's best throughput of three runs at every thread count.
func measureScaling(
    _ contenders: [(String, @Sendable () -> Void)],
    threadCounts: [Int],
    iterations: Int,
) -> [Scaling] {
    contenders.map { library, operation in
        Scaling(
            library: library,
            throughput: threadCounts.map { threads in
                (0..<3).map { _ in throughput(threads: threads, iterations: iterations, operation) }.max() ?? 0
            },
        )
    }
}

/// Prints `rows` as a table of throughput per thread count and its multiple of one thread's.
func printScaling(_ title: String, _ rows: [Scaling], threadCounts: [Int]) {
    print(
        "| \(title) | "
            + threadCounts.map { "\($0) thread\($0 == 1 ? "" : "s") Mops/s" }.joined(separator: " | ")
            + " | "
            + threadCounts.dropFirst().map { "×\($0)" }.joined(separator: " | ") + " |"
    )
    print("|---|" + String(repeating: "---:|", count: threadCounts.count * 2 - 1))
    for row in rows {
        let rates = row.throughput.map { format($0 / 1e6) }
        let ratios = threadCounts.indices.dropFirst().map { "×" + String(format: "%.2f", row.scaling(at: $0)) }
        print("| \(row.library) | " + (rates + ratios).joined(separator: " | ") + " |")
    }
    print()
}

/// What registering one service costs in memory: the growth of resident memory per registration
/// when `count` distinct types are registered into a fresh container (after their metadata was
/// instantiated by registering them into another one), and the growth of what the allocator
/// counts as in use over the same registrations.
///
/// The first is the figure the project's target is stated in; it moves with the pages a run
/// touches. The second moves only with what is allocated, each block with its header and
/// rounding; nil where the allocator does not say.
struct RegistrationMemory {
    let library: String
    let resident: Double
    let allocated: Double?

    /// The figures, as the report prints them.
    var description: String {
        "\(library) memory per registration at 10,000 registrations: \(format(resident)) B"
            + " (allocated: \(allocated.map { "\(format($0)) B" } ?? "not known here"))"
    }
}

/// `RegistrationMemory` for every library that registers, each into a container of its own: the
/// `registrar`'s closures, which register the same factory (a closure that builds the type) in
/// each. Service first, on the heap as the process left it.
func memoryPerRegistration(count: Int) -> [RegistrationMemory] {
    let registrars = typeRegistrars(count: count)
    // NB: both read once before anything is counted: the first read of /proc faulted in the code
    // that parses it, ~32 pages that were counted as the registrations' (19–26 B of each).
    _ = (residentBytes(), heap_probe_allocated_bytes())
    // NB: every container stays alive until all are measured, so that no library's registrations
    // reuse the pages another's freed, which resident memory would not count.
    var containers: [Any] = []
    let figures = [
        memoryPerRegistration("Service", registrars, into: ServiceEnv(name: "memory"), keeping: &containers) {
            $0.service($1)
        },
        memoryPerRegistration(
            "hand-written",
            registrars,
            into: [ObjectIdentifier: @Sendable () -> Any](),
            keeping: &containers,
        ) { $0.handWritten(&$1) },
        memoryPerRegistration("Swinject", registrars, into: Container(), keeping: &containers) { $0.swinject($1) },
        memoryPerRegistration("swift-dependencies", registrars, into: DependencyValues(), keeping: &containers) {
            $0.dependencies(&$1)
        },
    ]
    blackHole(containers)
    return figures
}

/// The memory of `registrars` registered into `empty` with `register`, after they were registered
/// into another `empty` (which instantiates their metadata); both are added to `containers`.
private func memoryPerRegistration<Registry>(
    _ library: String,
    _ registrars: [TypeRegistrar],
    into empty: @autoclosure () -> Registry,
    keeping containers: inout [Any],
    register: (TypeRegistrar, inout Registry) -> Void,
) -> RegistrationMemory {
    var warmUp = empty()
    for registrar in registrars { register(registrar, &warmUp) }
    var measured = empty()
    containers.reserveCapacity(containers.count + 2)
    let residentBefore = residentBytes()
    let allocatedBefore = heap_probe_allocated_bytes()
    for registrar in registrars { register(registrar, &measured) }
    let allocatedAfter = heap_probe_allocated_bytes()
    let resident = Double(residentBytes() - residentBefore) / Double(registrars.count)
    containers += [warmUp, measured]
    return RegistrationMemory(
        library: library,
        resident: resident,
        allocated: allocatedBefore < 0 ? nil : Double(allocatedAfter - allocatedBefore) / Double(registrars.count),
    )
}

/// Resident memory in bytes (Linux `/proc/self/statm`; 0 where that file does not exist).
func residentBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
        return 0
    }
    let fields = statm.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * 4_096 : 0
}

func format(_ value: Double) -> String {
    value >= 100 ? String(format: "%.0f", value) : String(format: "%.1f", value)
}
