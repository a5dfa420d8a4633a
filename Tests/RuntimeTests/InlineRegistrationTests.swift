import Foundation
import Synchronization
import Testing

@testable import Service

@Injectable
final class InlineClock: Sendable {
    init() {}
}

@Injectable
final class InlineReport: Sendable {
    let clock: InlineClock

    init(clock: InlineClock) {
        self.clock = clock
    }
}

@Assembly
struct InlineReportAssembly {
    #register(InlineClock.self)
    #register(InlineReport.self, scope: .transient)
}

/// `env.resolve(type)` where the type is only known to be Sendable.
private func resolveGenerically<T: Sendable>(_ type: T.Type, in env: ServiceEnv) throws -> T {
    try env.resolve(type)
}

/// What an inline factory captures, so that a test sees when the slot lets it go.
private final class Source: Sendable {
    let version: Int

    init(version: Int) {
        self.version = version
    }
}

@Suite("Registrations held in their slots")
struct InlineRegistrationTests {
    @Test("a closure or an instance registered into a new slot is held there; other registrations are objects")
    func whatIsHeldInline() throws {
        struct Scoped: Sendable {}
        struct Tagged: Sendable {}
        struct Replaced: Sendable { let round: Int }
        struct Config: Sendable { let retries: Int }
        let env = ServiceEnv(name: #function)
        env.register(Stamped.self, scope: .transient) { Stamped(version: 1) }
        env.register(Config(retries: 3))
        env.register(Scoped.self, scope: .scoped) { Scoped() }
        env.register(Tagged.self, tags: "a", scope: .transient) { Tagged() }
        env.register(Replaced.self, scope: .graph) { Replaced(round: 1) }
        env.register(Replaced.self, scope: .graph) { Replaced(round: 2) }
        func slot<T>(_ type: T.Type) -> Slot? {
            env.storage.lookup(ObjectIdentifier(type))
        }
        #expect(slot(Stamped.self).map { $0.registrationBits == $0.inlineMark } == true)
        #expect(slot(Stamped.self)?.inlineScope == .transient)
        #expect(slot(Config.self)?.inlineScope == .instance)
        #expect(slot(Config.self).map { $0.registrationBits & Slot.inlineBit != 0 } == true)
        // NB: a custom scope, and a replacement, take an object.
        #expect(slot(Scoped.self).map { $0.registrationBits & Slot.inlineBit == 0 } == true)
        #expect(slot(Replaced.self).map { $0.registrationBits & Slot.inlineBit == 0 } == true)
        #expect(slot(Replaced.self)?.inlineScope == .graph, "the slot was made inline")
        #expect(try env.resolve(Replaced.self).round == 2)
        #expect(try env.resolve(Config.self).retries == 3)
        #expect(try env.resolve(Stamped.self).version == 1)
        #expect((try? env.resolve(Tagged.self, tags: "a")) != nil)
        #expect(try env.resolve(Stamped.self) !== env.resolve(Stamped.self), "still transient")
        // NB: what readers of the registration as an object see: its scope, and an instance's.
        let registrations = env.storage.ownRegistrations()
        let stamped = try #require(registrations.first { $0.type == Stamped.self }?.registration)
        let config = try #require(registrations.first { $0.type == Config.self }?.registration)
        #expect(stamped.scope == .transient && !stamped.isInstance && stamped.isInline)
        #expect(config.scope == .singleton && config.isInstance && config.isInline)
        #expect(stamped.identity == slot(Stamped.self)?.inlineMark, "every copy is the slot's registration")
    }

    @Test("an @Injectable type registered without a closure is held in its slot, and builds as its object did")
    func injectableHeldInline() throws {
        let env = ServiceEnv(name: #function)
        env.register(InlineClock.self)
        env.register(InlineReport.self, scope: .transient)
        let report = try #require(env.storage.lookup(ObjectIdentifier(InlineReport.self)))
        let clock = try #require(env.storage.lookup(ObjectIdentifier(InlineClock.self)))
        #expect(report.registrationBits == report.inlineMark && report.inlineFacts == .injectable)
        #expect(report.directBuild == .transient && clock.directBuild == .no)
        // NB: a resolve that knows the type is `@Injectable` calls its `make(resolver:)`; a
        // generic one, a scope's and a child's build with the slot's factory.
        let direct = try env.resolve(InlineReport.self)
        let generic = try resolveGenerically(InlineReport.self, in: env)
        #expect(direct !== generic && direct.clock === generic.clock, "a transient report, one clock")
        let scoped = try env.withScope(named: "request") { try resolveGenerically(InlineReport.self, in: $0) }
        #expect(scoped.clock === direct.clock)
        // NB: a child builds an inherited registration in its own slot, with its own dependencies.
        let child = ServiceEnv(name: "child", parent: env)
        let childClock = InlineClock()
        child.register(InlineClock.self) { childClock }
        #expect(try resolveGenerically(InlineReport.self, in: child).clock === childClock)
        #expect(try child.resolve(InlineReport.self).clock === childClock)
        // NB: what `validate()` and the graph read of it: the type's dependencies.
        let node = try #require(env.graph().node(named: "InlineReport"))
        #expect(node.source == .injectable && node.dependencies.map(\.target) == ["InlineClock"])
        let lone = ServiceEnv(name: "lone")
        lone.register(InlineReport.self, scope: .transient)
        #expect(throws: ServiceValidationError.self) { try lone.validate() }
    }

    @Test("a registration made while an assembly is applied is held in its slot, the assembly's until overridden")
    func assemblyRegistrationsHeldInline() throws {
        struct Assembled: Sendable {}
        struct Registering: NonisolatedAssembly {
            static let registrations: [AssemblyRegistration] = []

            func assemble(env: ServiceEnv) {
                env.register(Assembled.self, scope: .transient) { Assembled() }
            }
        }
        let env = ServiceEnv(name: #function)
        env.register(Stamped.self) { Stamped(version: 1) }
        env.apply(Registering())
        env.apply(InlineReportAssembly())
        func slot<T>(_ type: T.Type) -> Slot? {
            env.storage.lookup(ObjectIdentifier(type))
        }
        #expect(slot(Assembled.self).map { $0.registrationBits == $0.inlineMark } == true)
        #expect(slot(Assembled.self)?.inlineFacts == .assembled)
        #expect(slot(InlineReport.self)?.inlineFacts == [.injectable, .assembled])
        #expect(slot(Stamped.self)?.inlineFacts == [], "registered outside the assembly")
        #expect(env.storage.withAssembly { $0.assembled.isEmpty }, "the log keeps no entry for them")
        func origin(_ name: String) -> String? {
            env.graph().node(named: name)?.origin
        }
        #expect(origin("InlineReport") == "InlineReportAssembly" && origin("InlineClock") == "InlineReportAssembly")
        #expect(try env.resolve(InlineReport.self).clock === env.resolve(InlineClock.self))
        // NB: an override is an object with no serial, so the graph no longer takes the
        // assembly's row for it.
        env.register(InlineReport.self, scope: .transient)
        #expect(origin("InlineReport") == "runtime" && origin("InlineClock") == "InlineReportAssembly")
    }

    @Test("a usage recording keeps the registrations of the recording environment's chain, not a scope's")
    func usageRecordingKeepsTheChainOnly() throws {
        struct Config: Sendable { let retries: Int }
        let app = ServiceEnv(name: #function)
        app.register(Stamped.self) { Stamped(version: 1) }
        app.recordServiceUsage()
        defer { app.stopRecordingServiceUsage() }
        let (config, stamped) = try app.withScope(named: "request") { scope in
            scope.register(Config(retries: 2))
            return (try scope.resolve(Config.self), try scope.resolve(Stamped.self))
        }
        #expect(config.retries == 2 && stamped.version == 1)
        // NB: the scope's registration was held in its slot, whose address went with the scope.
        let recorder = try #require(app.storage.usageRecorder()?.0)
        #expect(recorder.usedCount == 1)
        #expect(app.serviceUsageReport().unused.isEmpty)
    }

    @Test("a singleton held inline is built once, in the environment that registered it, whoever resolves it")
    func singletonBuiltOnce() throws {
        let builds = Counter()
        let app = ServiceEnv(name: #function)
        app.register(Stamped.self) {
            builds.increment()
            return Stamped(version: 1)
        }
        let child = ServiceEnv(name: "child", parent: app)
        let first = try app.withScope(named: "request") { try $0.resolve(Stamped.self) }
        // NB: the scope built it in the application's slot, comparing the slot's registration
        // with the one it built with: a mismatch would publish nothing and build again.
        #expect(try app.resolve(Stamped.self) === first)
        #expect(try app.withScope(named: "request") { try $0.resolve(Stamped.self) } === first)
        // NB: a child environment builds an inherited singleton in its own slot.
        let inChild = try child.resolve(Stamped.self)
        #expect(try child.resolve(Stamped.self) === inChild)
        #expect(builds.value == 2)
    }

    @Test("a child environment builds an inherited inline registration, unless it has a registration of its own")
    func inheritedByChild() throws {
        let app = ServiceEnv(name: #function)
        app.register(Stamped.self, scope: .transient) { Stamped(version: 1) }
        let child = ServiceEnv(name: "child", parent: app)
        let grandchild = ServiceEnv(name: "grandchild", parent: child)
        #expect(try grandchild.resolve(Stamped.self).version == 1)
        #expect(try grandchild.resolveIfRegistered(Stamped.self)?.version == 1)
        // NB: a registration of the child's own that a plain resolve cannot build (it takes an
        // argument) hides the parent's: the resolve says so rather than build the parent's.
        child.register(Stamped.self) { (version: Int) in Stamped(version: version) }
        #expect(throws: ServiceError.self) { try child.resolve(Stamped.self) }
        #expect(try child.resolve(Stamped.self, arguments: 2).version == 2)
        // NB: the other resolves of an inherited inline registration: optional, and with
        // arguments it does not take.
        let scope = app.makeScope(named: "request")
        #expect(try scope.resolveIfRegistered(Stamped.self)?.version == 1)
        #expect(throws: ServiceError.self) { try scope.resolve(Stamped.self, arguments: 3) }
        #expect(try app.resolve(Stamped.self).version == 1)
    }

    @Test("a replaced inline factory's captures are released once no reader can use them, and not before")
    func replacedFactoryReleased() throws {
        let tracker = WeakTracker()
        do {
            let env = ServiceEnv(name: #function)
            do {
                let source = Source(version: 1)
                tracker.track(source)
                env.register(Stamped.self, scope: .transient) { Stamped(version: source.version) }
            }
            #expect(tracker.aliveCount == 1, "the slot holds the factory's context")
            #expect(try env.resolve(Stamped.self).version == 1)
            env.register(Stamped.self, scope: .transient) { Stamped(version: 2) }
            #expect(try env.resolve(Stamped.self).version == 2)
            // NB: nothing reads, so the replacement's retire released the context at once.
            #expect(tracker.aliveCount == 0, "the replaced factory's captures are released")
        }
        #expect(tracker.trackedCount == 1)
    }

    @Test(
        "an inline factory replaced while 8 threads build with it: every build uses a live factory, and none the old one after the new"
    )
    func replacedUnderReaders() throws {
        // NB: a reader yields inside its section after reading the inline registration, until a
        // replacement has retired the factory's context: AddressSanitizer reports a context
        // freed too early, and a broken stamp shows it without.
        var reads = 0
        var broken = 0
        var wentBack = 0
        for round in 0..<40 {
            let env = ServiceEnv(name: "inline \(round)")
            ReaderGate.yieldingStorage.store(UInt(bitPattern: ObjectIdentifier(env.storage)), ordering: .relaxed)
            defer { ReaderGate.yieldingStorage.store(0, ordering: .relaxed) }
            do {
                let source = Source(version: 1)
                env.register(Stamped.self, scope: .transient) { Stamped(version: source.version) }
            }
            let started = Counter()
            let replaced = Flag()
            let logs = Shared<[(reads: Int, broken: Int, wentBack: Int)]>([])
            let finished = runOnThreads(9, timeout: 30) { index in
                guard index > 0 else {
                    while started.value < 8 {
                        sched_yield()
                    }
                    let source = Source(version: 2)
                    env.register(Stamped.self, scope: .transient) { Stamped(version: source.version) }
                    replaced.set()
                    return
                }
                started.increment()
                var log = (reads: 0, broken: 0, wentBack: 0)
                var newest = 0
                var afterReplacement = 0
                // NB: a few reads past the replacement, so that every reader sees the new factory.
                while afterReplacement < 20 {
                    let stamped = try? env.resolve(Stamped.self)
                    log.reads += 1
                    guard let stamped, stamped.isIntact, stamped.version == 1 || stamped.version == 2 else {
                        log.broken += 1
                        continue
                    }
                    if stamped.version < newest {
                        log.wentBack += 1
                    }
                    newest = max(newest, stamped.version)
                    if replaced.isSet {
                        afterReplacement += 1
                    }
                }
                logs.withLock { $0.append(log) }
            }
            #expect(finished)
            for log in logs.withLock({ $0 }) {
                reads += log.reads
                broken += log.broken
                wentBack += log.wentBack
            }
        }
        #expect(reads >= 40 * 8 * 20)
        #expect(broken == 0)
        #expect(wentBack == 0)
    }
}
