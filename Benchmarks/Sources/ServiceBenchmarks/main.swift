import Dependencies
import Foundation
import RetainProbe
import Service
import Swinject

// ServiceBenchmarks: every library in one process, interleaved sample by sample, reported as a
// ratio to hand-written code measured in the same run.
//
//   swift run -c release --package-path Benchmarks ServiceBenchmarks [--quick] [--json PATH]

let arguments = CommandLine.arguments
let quick = arguments.contains("--quick")
let jsonPath = arguments.firstIndex(of: "--json").flatMap {
    arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil
}
let samples = quick ? 1 : 9
let scale =
    arguments.firstIndex(of: "--scale").flatMap { arguments.indices.contains($0 + 1) ? Double(arguments[$0 + 1]) : nil }
    ?? (quick ? 0.01 : 1.0)

func iterations(_ full: Int) -> Int { max(1, Int(Double(full) * scale)) }

let env = ServiceEnv.online
ServiceAdapter.register(in: env)
env.registerMain(MainCachedSingleton.self) { MainCachedSingleton() }
env.register(RequestLog.self, scope: .scoped) { RequestLog(request: try ServiceEnv.current.resolve(RequestID.self)) }

/// One request's work with a scope: open it, register the request's context, resolve a shared
/// singleton and a scoped service that reads the context, and drop the scope.
@inline(never)
func serveRequestInScope(_ id: Int) {
    env.withScope(named: "request") { scope in
        scope.register(RequestID(value: id))
        blackHole(ServiceAdapter.resolve(CachedSingleton.self, in: scope))
        blackHole(ServiceAdapter.resolve(RequestLog.self, in: scope))
    }
}

/// `serveRequestInScope(_:)` as an `async` handler writes it, with `resolveAsync`.
@inline(never)
func serveRequestInScopeAsync(_ id: Int) async {
    await env.withScope(named: "request") { scope in
        scope.register(RequestID(value: id))
        blackHole(await ServiceAdapter.resolveAsync(CachedSingleton.self, in: scope))
        blackHole(await ServiceAdapter.resolveAsync(RequestLog.self, in: scope))
    }
}

/// The same work written by hand: the context, the per-request object, the shared singleton.
@inline(never)
func serveRequestByHand(_ id: Int) {
    let request = RequestID(value: id)
    blackHole(HandWritten.singleton)
    blackHole(RequestLog(request: request))
}

// `--check-read-order`: see `checkReadOrder(env:)` (CI runs it after `--quick`).
if arguments.contains("--check-read-order") {
    try checkReadOrder(env: env)
    exit(0)
}

// `--check-stack`: see StackCheck.swift (CI runs it after `--quick`).
if arguments.contains("--check-stack") {
    let count = 1_000_000
    let made = ServiceTags("primary", 2)
    let checked = stackCheckEnv
    repeatInline(count) { consume(ServiceAdapter.resolve(StackCheckGreeting.self, tag: "primary", in: checked)) }
    repeatInline(count) { consume(resolveOrFail { try checked.resolve(StackCheckGreeting.self, tags: "primary", 2) }) }
    repeatInline(count) {
        blackHole(resolveOrFail { try checked.resolveIfRegistered(StackCheckGreeting.self, tags: 2, "primary") })
    }
    repeatInline(count) {
        consume(resolveOrFail { try checked.require(StackCheckGreeting.self, tags: "primary", 2) })
    }
    repeatInline(count) { consume(resolveOrFail { try checked.resolve(StackCheckGreeting.self, tags: made) }) }
    repeatInline(count) {
        blackHole(resolveOrFail { try checked.resolveAll(StackCheckGreeting.self, tags: "primary") })
    }
    repeatInline(count) { consume(resolveOrFail { try checked.resolve(StackCheckGreeting.self, arguments: "a", 2) }) }
    print("stack check: \(count) resolves of each tagged and argument form, each in a loop of the top-level code")
    exit(0)
}

// `--alloc-probe N`: only N cached resolves, for counting heap allocations under valgrind.
if let index = arguments.firstIndex(of: "--alloc-probe"), arguments.indices.contains(index + 1),
    let count = Int(arguments[index + 1])
{
    _ = ServiceAdapter.resolve(CachedSingleton.self, in: env)
    let probe = ServiceConsumer()
    _ = probe.singleton
    let scoped = arguments.contains("--scope")
    for index in 0..<count {
        if scoped {
            serveRequestInScope(index)
        } else {
            blackHole(ServiceAdapter.resolve(CachedSingleton.self, in: env))
            blackHole(probe.singleton)
        }
    }
    exit(0)
}
// `--memory`: only the memory per registration at 10,000 registrations, for looking at the heap
// with `valgrind --tool=dhat` (which this mode keeps short).
if arguments.contains("--memory") {
    for memory in memoryPerRegistration(count: 10_000) {
        print(memory.description)
    }
    exit(0)
}

// `--profile NAME N`: only N operations of one kind, for counting instructions per operation
// under callgrind (`instructions.sh`). `hand-*` are the initializer calls written by hand,
// `macro-*` resolve `@Injectable` types registered without closures, the others resolve the
// closure registrations; `cached` and `service-read` read a cached singleton; `dependencies-*`
// is swift-dependencies. Every operation ends in the same `consume` call.
let injectableEnv = env
registerInjectableGraphs(in: injectableEnv)
let otherEnv = ServiceEnv(name: "not current")
ServiceAdapter.register(in: otherEnv)
/// A child environment that registers nothing: its resolves inherit `env`'s registrations.
let childEnv = ServiceEnv(name: "child", parent: env)
if let index = arguments.firstIndex(of: "--profile"), arguments.indices.contains(index + 2),
    let count = Int(arguments[index + 2])
{
    let probe = ServiceConsumer()
    _ = probe.singleton
    let mainProbe = MainServiceConsumer()
    _ = mainProbe.singleton
    let row = arguments[index + 1]
    if profileRegistration(row, count: count) || profileForward(row, count: count) || profileTagged(row, count: count) {
        exit(0)
    }
    // NB: each case loops over its own operation, inlined: no closure call around it.
    switch arguments[index + 1] {
    case "hand-leaf": repeatInline(count) { consume(Leaf()) }
    case "hand-three":
        repeatInline(count) { consume(ThreeDependencies(a: DependencyA(), b: DependencyB(), c: DependencyC())) }
    case "hand-chain": repeatInline(count) { consume(buildChainByHand()) }
    case "hand-diamond":
        repeatInline(count) {
            let shared = DiamondShared()
            consume(DiamondTop(left: DiamondLeft(shared: shared), right: DiamondRight(shared: shared)))
        }
    case "hand-cached": repeatInline(count) { consume(HandWritten.heapSingleton) }
    case "hand-cached-atomic": repeatInline(count) { consume(atomicSingletonAccessor()) }
    case "leaf": repeatInline(count) { consume(ServiceAdapter.resolve(Leaf.self, in: env)) }
    case "leaf-other-env": repeatInline(count) { consume(ServiceAdapter.resolve(Leaf.self, in: otherEnv)) }
    case "leaf-child": repeatInline(count) { consume(ServiceAdapter.resolve(Leaf.self, in: childEnv)) }
    case "three": repeatInline(count) { consume(ServiceAdapter.resolve(ThreeDependencies.self, in: env)) }
    case "chain": repeatInline(count) { consume(ServiceAdapter.resolve(Chain0.self, in: env)) }
    case "diamond": repeatInline(count) { consume(ServiceAdapter.resolve(DiamondTop.self, in: env)) }
    case "macro-leaf": repeatInline(count) { consume(ServiceAdapter.resolve(MacroLeaf.self, in: injectableEnv)) }
    case "macro-three":
        repeatInline(count) { consume(ServiceAdapter.resolve(MacroThreeDependencies.self, in: injectableEnv)) }
    case "macro-chain": repeatInline(count) { consume(ServiceAdapter.resolve(MacroChain0.self, in: injectableEnv)) }
    case "macro-diamond":
        repeatInline(count) { consume(ServiceAdapter.resolve(MacroDiamondTop.self, in: injectableEnv)) }
    case "cached": repeatInline(count) { consume(ServiceAdapter.resolve(CachedSingleton.self, in: env)) }
    case "cached-immortal": repeatInline(count) { consume(ServiceAdapter.resolve(ImmortalSingleton.self, in: env)) }
    // NB: called where the loop is, as an application's code calls it, without the adapter's
    // generic function, whose copies for different types the optimizer may merge.
    case "cached-direct":
        repeatInline(count) {
            do { consume(try env.resolve(CachedSingleton.self)) } catch { fatalError("\(error)") }
        }
    case "cached-immortal-direct":
        repeatInline(count) {
            do { consume(try env.resolve(ImmortalSingleton.self)) } catch { fatalError("\(error)") }
        }
    case "cached-tagged":
        repeatInline(count) { consume(ServiceAdapter.resolve(CachedSingleton.self, tag: "primary", in: env)) }
    case "require-tagged":
        repeatInline(count) {
            do { consume(try env.require(CachedSingleton.self, tags: "primary")) } catch { fatalError("\(error)") }
        }
    case "cached-tagged-made-once":
        repeatInline(count) {
            consume(ServiceAdapter.resolve(CachedSingleton.self, tags: ServiceAdapter.primaryTags, in: env))
        }
    case "service-read": repeatInline(count) { consume(probe.singleton) }
    case "main-service-read": repeatInline(count) { consume(mainProbe.singleton) }
    case "scope": repeatInline(count) { serveRequestInScope(1) }
    case "scope-by-hand": repeatInline(count) { serveRequestByHand(1) }
    case "cached-async":
        // NB: from a task, as `scope-async` runs.
        let finished = DispatchSemaphore(value: 0)
        Task.detached {
            for _ in 0..<count { consume(await ServiceAdapter.resolveAsync(CachedSingleton.self, in: env)) }
            finished.signal()
        }
        finished.wait()
    case "scope-async":
        // NB: from a task, with the main thread waiting: an `await` at the top level makes the
        // program's main function async, which valgrind cannot run.
        let finished = DispatchSemaphore(value: 0)
        Task.detached {
            for _ in 0..<count { await serveRequestInScopeAsync(1) }
            finished.signal()
        }
        finished.wait()
    default: fatalError("unknown profile \(arguments[index + 1])")
    }
    exit(0)
}

// NB: Swinject's containers are not Sendable. `container` is only used from the main thread;
// `synchronized` is Swinject's own thread-safe resolver, the one it documents for threads.
nonisolated(unsafe) let container = SwinjectAdapter.makeContainer()
nonisolated(unsafe) let synchronized = container.synchronize()

if arguments.contains("--scaling-probe") {
    runScalingProbe()
    exit(0)
}

// MARK: Semantic checks, before any timing.

checkSemantics(env: env)

let validationEnv = ServiceEnv(name: "validation")
registerValidationGraph(in: validationEnv)
let validationRegistered = Set(validationGraphEdges.indices)

checkValidation(validationEnv, registered: validationRegistered)

// MARK: Scenarios.

let makeThreeDependencies = dependency(\.makeThreeDependencies)
let chainFactories = dependency(\.chain)
let diamondFactories = dependency(\.diamond)
let makeLeafFactory = dependency(\.makeLeaf)

let consumer = ServiceConsumer()
_ = consumer.singleton
let handWrittenConsumer = HandWrittenConsumer(singleton: HandWritten.singleton)
let registrars = typeRegistrars(count: 1_000)

let scenarios: [Scenario] = [
    Scenario(
        name: "cached singleton resolve",
        iterations: iterations(2_000_000),
        contenders: [
            Contender(library: "hand-written") { blackHole(HandWritten.singleton) },
            Contender(library: "Service") { blackHole(ServiceAdapter.resolve(CachedSingleton.self, in: env)) },
            Contender(library: "Service, .immortal") {
                blackHole(ServiceAdapter.resolve(ImmortalSingleton.self, in: env))
            },
            Contender(library: "Swinject") { blackHole(container.resolve(CachedSingleton.self)!) },
            Contender(library: "swift-dependencies") {
                @Dependency(\.cachedSingleton) var singleton
                blackHole(singleton)
            },
        ] + forwardContenders(),
    ),
    Scenario(
        name: "transient leaf",
        iterations: iterations(500_000),
        contenders: [
            Contender(library: "hand-written") { blackHole(Leaf()) },
            Contender(library: "Service") { blackHole(ServiceAdapter.resolve(Leaf.self, in: env)) },
            Contender(library: "Service, @Injectable") {
                blackHole(ServiceAdapter.resolve(MacroLeaf.self, in: injectableEnv))
            },
            Contender(library: "Service, @Injectable as a protocol (as:)") {
                blackHole(ServiceAdapter.resolve((any ProtocolLeaf).self, in: protocolLeafEnv))
            },
            Contender(library: "Swinject") { blackHole(container.resolve(Leaf.self)!) },
            Contender(library: "swift-dependencies") { blackHole(makeLeafFactory()) },
        ],
    ),
    Scenario(
        name: "transient with 3 transient dependencies",
        iterations: iterations(200_000),
        contenders: [
            Contender(library: "hand-written") {
                blackHole(ThreeDependencies(a: DependencyA(), b: DependencyB(), c: DependencyC()))
            },
            Contender(library: "Service") { blackHole(ServiceAdapter.resolve(ThreeDependencies.self, in: env)) },
            Contender(library: "Service, @Injectable") {
                blackHole(ServiceAdapter.resolve(MacroThreeDependencies.self, in: injectableEnv))
            },
            Contender(library: "Swinject") { blackHole(container.resolve(ThreeDependencies.self)!) },
            Contender(library: "swift-dependencies") { blackHole(makeThreeDependencies()) },
        ],
    ),
    Scenario(
        name: "transient chain of depth 10",
        iterations: iterations(100_000),
        contenders: [
            Contender(library: "hand-written") {
                blackHole(
                    Chain0(
                        next: Chain1(
                            next: Chain2(
                                next: Chain3(
                                    next: Chain4(
                                        next: Chain5(
                                            next: Chain6(next: Chain7(next: Chain8(next: Chain9())))
                                        )
                                    )
                                )
                            )
                        )
                    )
                )
            },
            Contender(library: "Service") { blackHole(ServiceAdapter.resolve(Chain0.self, in: env)) },
            Contender(library: "Service, @Injectable") {
                blackHole(ServiceAdapter.resolve(MacroChain0.self, in: injectableEnv))
            },
            Contender(library: "Swinject") { blackHole(container.resolve(Chain0.self)!) },
            Contender(library: "swift-dependencies") { blackHole(chainFactories.make0()) },
        ],
    ),
    Scenario(
        name: "diamond with graph-scoped shared node",
        iterations: iterations(200_000),
        contenders: [
            Contender(library: "hand-written") {
                let shared = DiamondShared()
                blackHole(DiamondTop(left: DiamondLeft(shared: shared), right: DiamondRight(shared: shared)))
            },
            Contender(library: "Service") { blackHole(ServiceAdapter.resolve(DiamondTop.self, in: env)) },
            Contender(library: "Service, @Injectable") {
                blackHole(ServiceAdapter.resolve(MacroDiamondTop.self, in: injectableEnv))
            },
            Contender(library: "Swinject") { blackHole(container.resolve(DiamondTop.self)!) },
            Contender(library: "swift-dependencies") { blackHole(diamondFactories.makeTop()) },
        ],
    ),
    Scenario(
        name: "registering 1,000 distinct services (per registration)",
        iterations: iterations(200),
        contenders: [
            Contender(library: "hand-written") {
                var table: [ObjectIdentifier: @Sendable () -> Any] = [:]
                for registrar in registrars { registrar.handWritten(&table) }
                blackHole(table)
            },
            Contender(library: "Service") {
                let fresh = ServiceEnv(name: "registration")
                for registrar in registrars { registrar.service(fresh) }
                blackHole(fresh)
            },
            Contender(library: "Swinject") {
                let fresh = Container()
                for registrar in registrars { registrar.swinject(fresh) }
                blackHole(fresh)
            },
            Contender(library: "swift-dependencies") {
                var values = DependencyValues()
                for registrar in registrars { registrar.dependencies(&values) }
                blackHole(values)
            },
        ],
    ),
    Scenario(
        name: "registering 1,000 distinct services at their own call sites (per registration)",
        iterations: iterations(200),
        contenders: [
            Contender(library: "hand-written") {
                var table: [ObjectIdentifier: @Sendable () -> Any] = [:]
                registerConcreteTypesByHand(in: &table)
                blackHole(table)
            },
            Contender(library: "Service") {
                let fresh = ServiceEnv(name: "registration")
                registerConcreteTypes(in: fresh)
                blackHole(fresh)
            },
            Contender(library: "swift-dependencies") {
                var values = DependencyValues()
                registerConcreteTypes(in: &values)
                blackHole(values)
            },
        ],
    ),
    Scenario(
        name: "macro-generated assembly of 100 services: assemble + resolve the root",
        iterations: iterations(2_000),
        contenders: [
            Contender(library: "hand-written") { blackHole(buildGeneratedGraph()) },
            Contender(library: "Service") {
                let fresh = ServiceEnv(name: "generated")
                MainActor.assumeIsolated { fresh.assemble(GeneratedAssembly()) }
                blackHole(ServiceAdapter.resolve(G0.self, in: fresh))
            },
            Contender(library: "Swinject") {
                let fresh = Container()
                registerGeneratedGraph(in: fresh)
                blackHole(fresh.resolve(G0.self)!)
            },
        ],
    ),
    Scenario(
        name: "validate() on a generated graph of 1,000 services",
        iterations: iterations(20),
        contenders: [
            Contender(library: "hand-written") {
                blackHole(handWrittenValidate(validationGraphEdges, registered: validationRegistered))
            },
            Contender(library: "Service") { blackHole(try? validationEnv.validate()) },
        ],
    ),
    Scenario(
        name: "@Service cached access",
        iterations: iterations(5_000_000),
        contenders: [
            Contender(library: "hand-written") { blackHole(handWrittenConsumer.singleton) },
            Contender(library: "Service") { blackHole(consumer.singleton) },
        ],
    ),
    Scenario(
        name: "request scope: open, register the context, resolve a singleton and a scoped service, drop",
        iterations: iterations(200_000),
        contenders: [
            Contender(library: "hand-written") { serveRequestByHand(7) },
            Contender(library: "Service") { serveRequestInScope(7) },
        ],
    ),
    Scenario(
        name: "@Service first access",
        iterations: iterations(500_000),
        contenders: [
            Contender(library: "hand-written") {
                blackHole(HandWrittenConsumer(singleton: HandWritten.singleton).singleton)
            },
            Contender(library: "Service") { blackHole(ServiceConsumer().singleton) },
        ],
    ),
]

// `--only TEXT`: run only the scenarios whose name contains TEXT (for profiling).
let only = arguments.firstIndex(of: "--only").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
// `--library NAME`: run only that library (and hand-written), for profiling.
let library = arguments.firstIndex(of: "--library").flatMap {
    arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil
}
let selected = scenarios.filter { only == nil || $0.name.contains(only!) }.map { scenario in
    Scenario(
        name: scenario.name,
        iterations: scenario.iterations,
        contenders: scenario.contenders.filter { library == nil || [library, "hand-written"].contains($0.library) },
    )
}
var measurements = measure(selected, samples: samples)
for index in measurements.indices where measurements[index].scenario.hasPrefix("registering") {
    let registered = measurements[index].scenario.contains("own call sites") ? concreteTypeCount : registrars.count
    measurements[index].samples = measurements[index].samples.map { $0 / Double(registered) }
}

// MARK: Threads reading one cached singleton.

/// `--threads 1,2,4`: the thread counts to measure (always starting from 1); 1 and 2 by default.
let threadCounts: [Int] = {
    let listed = arguments.firstIndex(of: "--threads").flatMap {
        arguments.indices.contains($0 + 1) ? arguments[$0 + 1].split(separator: ",").compactMap { Int($0) } : nil
    }
    return [1] + (listed ?? [2]).filter { $0 > 1 }
}()
let scalingIterations = only == nil ? iterations(4_000_000) : 1
let scalingReader = ServiceConsumer()
_ = scalingReader.singleton
let scalingContenders: [(String, @Sendable () -> Void)] = [
    ("hand-written", { blackHole(HandWritten.singleton) }),
    ("hand-written, an atomic reference (retains the instance)", { blackHole(atomicSingletonAccessor()) }),
    ("Service, resolve (retains the instance)", { blackHole(ServiceAdapter.resolve(CachedSingleton.self, in: env)) }),
    (
        "Service, resolve of an .immortal singleton (writes nothing)",
        { blackHole(ServiceAdapter.resolve(ImmortalSingleton.self, in: env)) },
    ),
    ("Service, @Service read (borrowed)", { blackHole(scalingReader.singleton) }),
    ("Swinject", { blackHole(synchronized.resolve(CachedSingleton.self)!) }),
    (
        "swift-dependencies",
        {
            @Dependency(\.cachedSingleton) var singleton
            blackHole(singleton)
        },
    ),
]
let scaling = measureScaling(scalingContenders, threadCounts: threadCounts, iterations: scalingIterations)

// MARK: Threads serving requests, each in a scope of its own.

let requestContenders: [(String, @Sendable () -> Void)] = [
    ("hand-written", { serveRequestByHand(1) }),
    ("Service, a scope per request", { serveRequestInScope(1) }),
]
// NB: a request takes about a microsecond, so a twentieth of the reads' iterations.
let requestScaling = measureScaling(
    requestContenders,
    threadCounts: threadCounts,
    iterations: max(1, scalingIterations / 20),
)

// MARK: Disposing the scoped services of concurrent requests.

let disposalRow = "concurrent requests whose scoped service takes 1 ms to dispose, until every one is disposed"
let disposalRequests = only == nil || disposalRow.contains(only!) ? 200 : 1
let disposals = measureScopeDisposals(requests: disposalRequests)

// MARK: Memory per registration at 10,000 registrations.

let registrationMemory = memoryPerRegistration(count: only == nil ? 10_000 : 1)

// MARK: Report.

let baselines = Dictionary(
    measurements.filter { $0.library == "hand-written" }.map { ($0.scenario, $0.median) },
    uniquingKeysWith: { first, _ in first },
)
print("| scenario | library | median ns/op | min ns/op | × hand-written |")
print("|---|---|---:|---:|---:|")
for measurement in measurements {
    let ratio = measurement.median / (baselines[measurement.scenario] ?? .nan)
    print(
        "| \(measurement.scenario) | \(measurement.library) | \(format(measurement.median)) | \(format(measurement.minimum)) | ×\(format(ratio)) |"
    )
}
print()
printScaling("cached singleton read from N threads", scaling, threadCounts: threadCounts)
printScaling("a request in a scope of its own, from N threads", requestScaling, threadCounts: threadCounts)
print(
    "\(disposalRequests) \(disposalRow): hand-written \(disposals.handWritten), Service \(disposals.service)"
)
for memory in registrationMemory {
    print(memory.description)
}
print(
    "samples: \(samples) per library and scenario\(quick ? " (quick mode: correctness only, timings not meaningful)" : "")"
)

if let jsonPath {
    try writeJSON(measurements, baselines: baselines, scaling: scaling, threadCounts: threadCounts, to: jsonPath)
}
