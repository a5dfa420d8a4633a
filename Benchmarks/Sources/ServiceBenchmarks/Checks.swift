import Dependencies
import RetainProbe
import Service
import Swinject

// The checks main.swift runs before anything is timed, and the `--scaling-probe` run.

/// Checks that every library builds what the scenarios claim (identity, sharing, scopes) before
/// anything is timed; `env` is the environment the scenarios resolve in.
@MainActor
func checkSemantics(env: ServiceEnv) {
    let service = ServiceAdapter.resolve(CachedSingleton.self, in: env)
    require(service === ServiceAdapter.resolve(CachedSingleton.self, in: env), "Service singleton identity")
    let immortal = ServiceAdapter.resolve(ImmortalSingleton.self, in: env)
    require(immortal === ServiceAdapter.resolve(ImmortalSingleton.self, in: env), "Service .immortal identity")
    require(
        container.resolve(CachedSingleton.self)! === container.resolve(CachedSingleton.self)!,
        "Swinject singleton identity", )
    @Dependency(\.cachedSingleton) var dependency
    @Dependency(\.cachedSingleton) var dependencyAgain
    require(dependency === dependencyAgain, "swift-dependencies singleton identity")

    require(
        ServiceAdapter.resolve(Leaf.self, in: env) !== ServiceAdapter.resolve(Leaf.self, in: env), "Service transient",
    )
    require(container.resolve(Leaf.self)! !== container.resolve(Leaf.self)!, "Swinject transient")
    @Dependency(\.makeLeaf) var makeLeaf
    require(makeLeaf() !== makeLeaf(), "swift-dependencies transient")

    let serviceTop = ServiceAdapter.resolve(DiamondTop.self, in: env)
    let swinjectTop = container.resolve(DiamondTop.self)!
    @Dependency(\.diamond) var diamond
    let dependenciesTop = diamond.makeTop()
    for (library, top) in [
        ("Service", serviceTop), ("Swinject", swinjectTop), ("swift-dependencies", dependenciesTop),
    ] {
        require(top.left.shared === top.right.shared, "\(library) graph sharing inside one resolve")
    }
    require(
        serviceTop.left.shared !== ServiceAdapter.resolve(DiamondTop.self, in: env).left.shared, "Service fresh graph",
    )
    require(swinjectTop.left.shared !== container.resolve(DiamondTop.self)!.left.shared, "Swinject fresh graph")

    @Dependency(\.chain) var chain
    require(chainLength(ServiceAdapter.resolve(Chain0.self, in: env)) == 10, "Service chain")
    require(chainLength(container.resolve(Chain0.self)!) == 10, "Swinject chain")
    require(chainLength(chain.make0()) == 10, "swift-dependencies chain")
    require(ServiceConsumer().singleton === service, "@Service resolves the singleton")

    let first = env.makeScope(named: "request 1")
    first.register(RequestID(value: 1))
    let second = env.makeScope(named: "request 2")
    second.register(RequestID(value: 2))
    require(ServiceAdapter.resolve(CachedSingleton.self, in: first) === service, "a scope shares the singleton")
    let log = ServiceAdapter.resolve(RequestLog.self, in: first)
    require(log === ServiceAdapter.resolve(RequestLog.self, in: first), "one scoped instance per scope")
    require(log.request.value == 1, "a scoped service sees its scope's context")
    require(ServiceAdapter.resolve(RequestLog.self, in: second).request.value == 2, "scopes are isolated")

    let generated = ServiceEnv(name: "generated check")
    MainActor.assumeIsolated { generated.assemble(GeneratedAssembly()) }
    let root = ServiceAdapter.resolve(G0.self, in: generated)
    require(
        root.g1.g3 === ServiceAdapter.resolve(G3.self, in: generated), "Service generated graph shares singletons", )
    let swinjectGenerated = Container()
    registerGeneratedGraph(in: swinjectGenerated)
    require(
        swinjectGenerated.resolve(G0.self)!.g2.g6 === swinjectGenerated.resolve(G6.self)!, "Swinject generated graph", )
}

/// validate() accepts the generated graph, and finds a missing service in a copy without one.
@MainActor
func checkValidation(_ validationEnv: ServiceEnv, registered validationRegistered: Set<Int>) {
    require((try? validationEnv.validate())?.nodes.count == validationGraphEdges.count, "Service validates 1,000")
    let broken = ServiceEnv(name: "validation broken")
    broken.register(V0.self)
    do {
        try broken.validate()
        require(false, "Service validate finds a missing service")
    } catch {
        require(error.problems.count == 2, "Service validate reports both missing children of V0")
    }
    require(handWrittenValidate(validationGraphEdges, registered: validationRegistered).isEmpty, "hand-written check")
}

/// `--scaling-probe`: only the two-thread cached-singleton throughput, in a few variants.
@MainActor
func runScalingProbe() {
    let captured = ServiceEnv.online
    let probeConsumer = ServiceConsumer()
    _ = probeConsumer.singleton
    let variants: [(String, @Sendable () -> Void)] = [
        ("hand-written", { blackHole(HandWritten.singleton) }),
        ("hand-written accessor", { blackHole(handWrittenAccessor()) }),
        ("hand-written accessor, heap-allocated singleton", { blackHole(heapSingletonAccessor()) }),
        ("hand-written, atomic reference", { blackHole(atomicSingletonAccessor()) }),
        ("Service via .online", { blackHole(ServiceAdapter.resolve(CachedSingleton.self, in: .online)) }),
        ("Service, env captured", { blackHole(ServiceAdapter.resolve(CachedSingleton.self, in: captured)) }),
        ("ServiceEnv.current", { blackHole(ServiceEnv.current) }),
        (
            "Service, .immortal, via .online",
            { blackHole(ServiceAdapter.resolve(ImmortalSingleton.self, in: .online)) },
        ),
        (
            "Service, .immortal, env captured",
            { blackHole(ServiceAdapter.resolve(ImmortalSingleton.self, in: captured)) },
        ),
        ("@Service cell", { blackHole(probeConsumer.singleton) }),
    ]
    for (name, operation) in variants {
        let one = (0..<3).map { _ in throughput(threads: 1, iterations: 4_000_000, operation) }.max() ?? 0
        let two = (0..<3).map { _ in throughput(threads: 2, iterations: 4_000_000, operation) }.max() ?? 0
        print("\(name): 1 thread \(Int(one / 1e6)) Mops/s, 2 threads \(Int(two / 1e6)) Mops/s, ×\(two / one)")
    }
}

/// Checks that a cached resolve retains the instance inside its read section, or a writer may
/// free the instance between the section's end and the retain. The release build's optimizer
/// decides where the retain goes, so this runs on it; a scope's reads of its parent's singleton
/// take a path of their own, checked too. The resolve of an `.immortal` singleton, whose
/// instance and cache box are never freed, must retain nothing at all: it reads without a
/// section, and a retain would write the line every thread reads.
@MainActor
func checkReadOrder(env: ServiceEnv) throws {
    let cached = ServiceAdapter.resolve(CachedSingleton.self, in: env)
    let immortal = ServiceAdapter.resolve(ImmortalSingleton.self, in: env)
    let mainCached = try env.resolveMain(MainCachedSingleton.self)
    let request = env.makeScope(named: "request")
    let checks: [(String, AnyObject, () -> Void)] = [
        ("resolve", cached, { blackHole(ServiceAdapter.resolve(CachedSingleton.self, in: env)) }),
        (
            "resolve of an .immortal singleton", immortal,
            { blackHole(ServiceAdapter.resolve(ImmortalSingleton.self, in: env)) },
        ),
        (
            "resolve of an .immortal singleton in a scope", immortal,
            { blackHole(ServiceAdapter.resolve(ImmortalSingleton.self, in: request)) },
        ),
        ("resolveMain", mainCached, { blackHole(try? env.resolveMain(MainCachedSingleton.self)) }),
        ("resolveIfRegistered", cached, { blackHole(try? env.resolveIfRegistered(CachedSingleton.self)) }),
        ("resolve in a scope", cached, { blackHole(ServiceAdapter.resolve(CachedSingleton.self, in: request)) }),
        (
            "resolveIfRegistered in a scope", cached,
            { blackHole(try? request.resolveIfRegistered(CachedSingleton.self)) },
        ),
    ]
    for (name, object, resolve) in checks {
        retain_probe_start(Unmanaged.passUnretained(object).toOpaque())
        for _ in 0..<1_000 {
            resolve()
        }
        var inside = 0
        var outside = 0
        retain_probe_stop(&inside, &outside)
        print("\(name): \(inside) retains inside a read section, \(outside) outside, in 1,000 cached resolves")
        if object === immortal {
            require(inside + outside == 0, "\(name) retained its immortal instance")
        } else {
            require(inside >= 1_000, "\(name) retained the cached instance after its read section ended")
        }
    }
}
