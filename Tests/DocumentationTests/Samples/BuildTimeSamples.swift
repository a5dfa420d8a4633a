import Service
import ServiceTesting
import Testing

// The listings of `BuildTime.md`: the shape of the types `Benchmarks/compile-time.sh` builds,
// wired by the macros and by hand.

@Injectable
private final class T1: Sendable {
    init() {}
}

@Injectable
private final class T2: Sendable {
    init() {}
}

// snippet: build-time-types
@Injectable
private final class T0: Sendable {
    let t1: T1
    let t2: T2

    init(t1: T1, t2: T2) {
        self.t1 = t1
        self.t2 = t2
    }
}

@Assembly
private struct GeneratedAssembly {
    #register(T0.self)
    #register(T1.self)
    #register(T2.self)
}
// snippet-end

// snippet: build-time-by-hand
private func registerAll(in env: ServiceEnv) {
    env.register(T0.self) {
        T0(t1: try ServiceEnv.current.resolve(T1.self), t2: try ServiceEnv.current.resolve(T2.self))
    }
    env.register(T1.self) { T1() }
    env.register(T2.self) { T2() }
}
// snippet-end

@Suite struct BuildTimeSamples {
    @Test func bothWiringsBuildTheSameGraph() throws {
        let generated = ServiceEnv(name: "generated")
        generated.apply(GeneratedAssembly())
        try generated.validate()
        let byHand = ServiceEnv(name: "by hand")
        registerAll(in: byHand)
        for env in [generated, byHand] {
            let root = try env.resolve(T0.self)
            #expect(root.t1 === (try env.resolve(T1.self)))
            #expect(root.t2 === (try env.resolve(T2.self)))
        }
    }
}
