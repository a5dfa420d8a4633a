import Foundation
import Service
import Testing

/// An instance that counts its deinitializations.
private final class Counted: Sendable {
    let deinits: Counter

    init(deinits: Counter) {
        self.deinits = deinits
    }

    deinit {
        deinits.increment()
    }
}

private struct CountedHolder: Sendable {
    @Service var counted: Counted
}

@MainActor
private final class MainCounted {
    let deinits: Counter

    init(deinits: Counter) {
        self.deinits = deinits
    }

    deinit {
        deinits.increment()
    }
}

@MainActor
private struct MainCountedHolder {
    @MainService var counted: MainCounted
}

/// A published `@Service` value is lent to each read without a retain: these tests fail if the
/// wrapper frees it while a copy of the owner can still read it, keeps it after the last copy, or
/// loses track of the instances a race to the first read built.
@Suite("Borrowed @Service and @MainService reads")
struct BorrowedReadTests {
    @Test("a @Service instance outlives the owner that resolved it, while a copy reads it, and no longer")
    func serviceLifetime() throws {
        let deinits = Counter()
        var identity: ObjectIdentifier?
        try withTestEnv { env throws in
            // NB: transient, so the environment keeps nothing: only the wrapper holds the instance.
            env.register(Counted.self, scope: .transient) { Counted(deinits: deinits) }
            var copy: CountedHolder?
            do {
                let owner = CountedHolder()
                identity = ObjectIdentifier(owner.counted)
                copy = owner
            }
            for _ in 0..<3 {
                #expect(copy.map { ObjectIdentifier($0.counted) } == identity)
            }
            #expect(deinits.value == 0)
            copy = nil
            #expect(deinits.value == 1)
        }
    }

    @Test("threads racing to the first @Service read all see one instance; the others are freed")
    func serviceFirstReadRace() throws {
        let builds = Counter()
        let deinits = Counter()
        let env = ServiceEnv(name: "first-read race")
        env.register(Counted.self, scope: .transient) {
            builds.increment()
            // NB: slow enough that most threads resolve before the first one publishes.
            spin(milliseconds: 2)
            return Counted(deinits: deinits)
        }
        for _ in 0..<20 {
            // NB: the threads reach the holder through `shared`, not a capture of their own, so
            // that clearing it drops the last reference however late the threads are torn down.
            let shared = Shared<CountedHolder?>(ServiceEnv.$current.withValue(env) { CountedHolder() })
            let seen = Shared<Set<ObjectIdentifier>>([])
            let finished = runOnThreads(8) {
                guard let reader = shared.withLock({ $0 }) else {
                    return
                }
                let first = ObjectIdentifier(reader.counted)
                let again = ObjectIdentifier(reader.counted)
                seen.withLock { $0.formUnion([first, again]) }
            }
            #expect(finished)
            #expect(seen.withLock { $0.count } == 1)
            // NB: every instance but the published one is already gone.
            #expect(builds.value - deinits.value == 1)
            shared.withLock { $0 = nil }
        }
        #expect(builds.value == deinits.value)
    }

    @Test("a Lazy value is lent to each read, lives as long as a copy of the Lazy, and no longer")
    func lazyLifetime() {
        let deinits = Counter()
        let env = ServiceEnv(name: "lazy lifetime")
        env.register(Counted.self, scope: .transient) { Counted(deinits: deinits) }
        var copy: Lazy<Counted>?
        var identity: ObjectIdentifier?
        do {
            let lazy = Lazy(Counted.self, in: env)
            identity = ObjectIdentifier(lazy.value)
            copy = lazy
        }
        #expect(copy.map { ObjectIdentifier($0.value) } == identity)
        #expect(copy.map { try? ObjectIdentifier($0.resolve()) } == identity)
        #expect(deinits.value == 0)
        copy = nil
        #expect(deinits.value == 1)
    }

    @Test("a @MainService instance lives exactly as long as the owner copies that read it")
    @MainActor
    func mainServiceLifetime() {
        let deinits = Counter()
        let env = ServiceEnv(name: "main lifetime")
        env.registerMain(MainCounted.self, scope: .transient) { MainCounted(deinits: deinits) }
        var copy: MainCountedHolder?
        var identity: ObjectIdentifier?
        do {
            let owner = ServiceEnv.$current.withValue(env) { MainCountedHolder() }
            identity = ObjectIdentifier(owner.counted)
            copy = owner
        }
        #expect(copy.map { ObjectIdentifier($0.counted) } == identity)
        #expect(copy.map { ObjectIdentifier($0.counted) } == identity)
        #expect(deinits.value == 0)
        copy = nil
        #expect(deinits.value == 1)
    }
}
