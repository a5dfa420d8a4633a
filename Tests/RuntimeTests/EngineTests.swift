import Dispatch
import Synchronization
import Testing

@testable import Service

@Suite("Engine guarantees")
struct EngineTests {
    @Test("a cached singleton resolve creates no resolution frame")
    func cachedResolveCreatesNoFrame() throws {
        try withTestEnv { env throws in
            env.register(Database.self) { Database() }
            env.register(SessionToken.self, scope: .custom("session")) { SessionToken(value: 1) }
            _ = try env.resolve(Database.self)
            _ = try env.resolve(SessionToken.self)
            let probe = FrameProbe()
            try FrameProbe.$current.withValue(probe) {
                for _ in 0..<100 {
                    _ = try env.resolve(Database.self)
                    _ = try env.resolve(SessionToken.self)
                }
            }
            #expect(probe.count.load(ordering: .relaxed) == 0)
        }
    }

    @Test("a construction creates exactly one frame per built service")
    func constructionCreatesFrames() throws {
        try withTestEnv { env throws in
            env.register(Database.self, scope: .transient) { Database() }
            env.register(Logger.self) { Logger() }
            env.register(UserRepository.self, scope: .transient) {
                UserRepository(
                    database: try ServiceEnv.current.resolve(Database.self),
                    logger: try ServiceEnv.current.resolve(Logger.self),
                )
            }
            _ = try env.resolve(Logger.self)
            let probe = FrameProbe()
            _ = try FrameProbe.$current.withValue(probe) { try env.resolve(UserRepository.self) }
            #expect(probe.count.load(ordering: .relaxed) == 2)
        }
    }

    @Test("no resolution frame is visible outside a resolve")
    func noFrameOutsideResolve() throws {
        try withTestEnv { env throws in
            env.register(Database.self, scope: .transient) { Database() }
            _ = try env.resolve(Database.self)
            #expect(ResolutionFrame.activeParent.depth == 0)
        }
    }

    @Test("a nested resolve through ServiceEnv.current reaches the resolving env, not the bound one")
    func nestedResolveUsesResolvingEnvironment() throws {
        let env = ServiceEnv(name: #function)
        env.register(Database.self) { Database(url: "resolving env") }
        env.register(UserRepository.self) {
            UserRepository(database: try ServiceEnv.current.resolve(Database.self), logger: Logger())
        }
        let bound = ServiceEnv(name: "bound")
        bound.register(Database.self) { Database(url: "bound env") }
        let repository = try ServiceEnv.$current.withValue(bound) { try env.resolve(UserRepository.self) }
        #expect(repository.database.url == "resolving env")
    }

    @Test("inside a factory, ServiceEnv.current is the resolving env; afterwards it is restored")
    func currentRestoredAfterFactory() throws {
        let env = ServiceEnv(name: #function)
        env.register(String.self) { ServiceEnv.current.name }
        #expect(try env.resolve(String.self) == #function)
        #expect(ServiceEnv.current == .online)
    }

    @Test("graph-scoped instances are released when the top-level resolve ends")
    func graphInstancesReleased() throws {
        try withTestEnv { env throws in
            let tracker = WeakTracker()
            env.register(Database.self, scope: .graph) {
                let database = Database()
                tracker.track(database)
                return database
            }
            env.register(Logger.self, scope: .transient) {
                _ = try ServiceEnv.current.resolve(Database.self)
                _ = try ServiceEnv.current.resolve(Database.self)
                return Logger()
            }
            _ = try env.resolve(Logger.self)
            #expect(tracker.trackedCount == 1)
            #expect(tracker.aliveCount == 0)
        }
    }

    @Test("resetCaches releases the cached instances")
    func resetReleasesInstances() throws {
        try withTestEnv { env throws in
            let tracker = WeakTracker()
            env.register(Database.self) {
                let database = Database()
                tracker.track(database)
                return database
            }
            _ = try env.resolve(Database.self)
            #expect(tracker.aliveCount == 1)
            env.resetCaches()
            #expect(tracker.aliveCount == 0)
        }
    }

    @Test("an environment releases its instances when its last copy goes away")
    func environmentReleasesInstances() throws {
        let tracker = WeakTracker()
        do {
            let env = ServiceEnv(name: #function)
            env.register(Database.self) {
                let database = Database()
                tracker.track(database)
                return database
            }
            _ = try env.resolve(Database.self)
            #expect(tracker.aliveCount == 1)
        }
        #expect(tracker.aliveCount == 0)
    }

    @Test("a reset while a singleton factory runs keeps its result out of the cache")
    func resetDuringFactoryIsNotCached() throws {
        try withTestEnv { env throws in
            let runs = Counter()
            env.register(Database.self) {
                if runs.increment() == 1 {
                    ServiceEnv.current.resetCaches()
                }
                return Database()
            }
            let first = try env.resolve(Database.self)
            let second = try env.resolve(Database.self)
            #expect(first !== second)
            #expect(try env.resolve(Database.self) === second)
            #expect(runs.value == 2)
        }
    }

    @Test("a factory may register other services while it runs")
    func registerInsideFactory() throws {
        try withTestEnv { env throws in
            env.register(UserRepository.self) {
                ServiceEnv.current.register(Database.self) { Database(url: "late") }
                return UserRepository(database: try ServiceEnv.current.resolve(Database.self), logger: Logger())
            }
            #expect(try env.resolve(UserRepository.self).database.url == "late")
        }
    }

    @Test("a transient factory that replaces its own registration keeps what it captured until it returns")
    func factoryReplacesItsOwnRegistration() throws {
        // NB: the resolve path holds the registration while its factory runs; were it only
        // reachable from the slot, the re-registration would free the closure's context (and
        // `label`) under the running factory, which AddressSanitizer reports.
        final class Label: Sendable {
            let text: String
            init(_ text: String) { self.text = text }
        }
        let env = ServiceEnv(name: #function)
        let label = Label("first")
        env.register(Logger.self, scope: .transient) { [label] in
            ServiceEnv.current.register(Logger.self, scope: .transient) { Logger(label: "second") }
            return Logger(label: label.text)
        }
        #expect(try env.resolve(Logger.self).label == "first")
        #expect(try env.resolve(Logger.self).label == "second")
    }

    @Test("a type's first registration makes its slot with the registration and how to build it directly")
    func newSlotHoldsItsRegistration() throws {
        let env = ServiceEnv(name: #function)
        env.register(GeneratedLeaf.self, scope: .transient)
        env.register(GeneratedMiddle.self, scope: .graph)
        env.register(GeneratedTop.self, scope: .singleton)
        env.register(Database.self, scope: .transient) { Database() }
        env.register(GeneratedPing.self, tags: "tagged", scope: .transient)
        func slot(_ type: Any.Type) -> Slot? { env.storage.lookup(ObjectIdentifier(type)) }
        #expect(slot(GeneratedLeaf.self)?.directBuild == .transient)
        #expect(slot(GeneratedMiddle.self)?.directBuild == .graph)
        #expect(slot(GeneratedTop.self)?.directBuild == DirectBuild.no)
        #expect(slot(Database.self)?.directBuild == DirectBuild.no)
        // NB: a tagged slot is not in the table, and is never built directly.
        #expect(slot(GeneratedPing.self) == nil)
        #expect(env.storage.slot(creating: GeneratedPing.self, tags: tagSet("tagged")).directBuild == DirectBuild.no)
        for type in [GeneratedLeaf.self, GeneratedMiddle.self, GeneratedTop.self, Database.self] as [Any.Type] {
            #expect(slot(type)?.registrationBits != 0)
        }
        #expect(try env.resolve(GeneratedTop.self).middle.leaf.label == "generated")
        // Registering again goes through the existing slot: a closure replaces the direct build.
        env.register(GeneratedLeaf.self, scope: .transient) { GeneratedLeaf(label: "closure") }
        #expect(slot(GeneratedLeaf.self)?.directBuild == DirectBuild.no)
        #expect(try env.resolve(GeneratedLeaf.self).label == "closure")
    }

    @Test("the slot table keeps every type across many growths")
    func tableGrowth() {
        let env = ServiceEnv(name: #function)
        let operations = distinctTypeOperations(count: 2_000)
        for operation in operations {
            operation.register(env)
        }
        #expect(operations.allSatisfy { $0.resolvesCorrectly(env) })
    }

    @Test("a slot's record and state fill one cache line that no other slot shares")
    func slotIsOneCacheLine() throws {
        #expect(SlotBlocks.cellSize == 64)
        #expect(SlotBlocks.stateOffset + MemoryLayout<SlotState>.size <= SlotBlocks.cellSize)
        let env = ServiceEnv(name: #function)
        let operations = distinctTypeOperations(count: 40)
        for operation in operations {
            operation.register(env)
        }
        let lines = env.storage.withWriter { $0.blocks.all }.map { UInt(bitPattern: $0.record) }
        #expect(lines.count == 40)
        #expect(lines.allSatisfy { $0 % 64 == 0 })
        #expect(Set(lines.map { $0 / 64 }).count == lines.count)
        #expect(operations.allSatisfy { $0.resolvesCorrectly(env) })
    }

    @Test("only types found not to be AsyncDisposable skip the cast; disposable ones are disposed every time")
    func nonDisposableTypes() async throws {
        final class Plain: Sendable {}
        final class Closing: AsyncDisposable, Sendable {
            let closed = Counter()
            func dispose() async { closed.increment() }
        }
        let app = ServiceEnv(name: #function)
        let closings = Shared<[Closing]>([])
        app.register(Plain.self, scope: .scoped) { Plain() }
        app.register(Closing.self, scope: .scoped) {
            let closing = Closing()
            closings.withLock { $0.append(closing) }
            return closing
        }
        for request in 0..<3 {
            try app.withScope(named: "request \(request)") { scope in
                _ = try scope.resolve(Plain.self)
                _ = try scope.resolve(Closing.self)
            }
        }
        try await app.waitForDisposals()
        // NB: whether `Plain` is still in the shared table depends on what other tests built.
        let closing = unsafeBitCast(Closing.self as Any.Type, to: UInt.self)
        #expect(!NonDisposableTypes.shared.contains(closing))
        #expect(closings.withLock { $0.map { $0.closed.value } } == [1, 1, 1])
        let table = NonDisposableTypes()
        let plain = unsafeBitCast(Plain.self as Any.Type, to: UInt.self)
        #expect(!table.contains(plain))
        table.insert(plain)
        #expect(table.contains(plain) && !table.contains(closing))
        // A type that lands in the same entry displaces it: a miss, never a wrong answer.
        let displacing = (1...).lazy.map { plain &+ UInt($0) &* 16 }
            .first { table.entry(for: $0) == table.entry(for: plain) }!
        table.insert(displacing)
        #expect(table.contains(displacing) && !table.contains(plain))
    }

    @Test("a registration stores its scope in four bytes and gives back the same scope")
    func storedScopes() throws {
        let session = "session \(#function)"
        let scopes: [ServiceScope] = [
            .singleton, .transient, .graph, .scoped, .custom(ServiceScope.weakName), .custom(session),
        ]
        for scope in scopes {
            #expect(StoredScope(scope).scope == scope)
        }
        #expect(StoredScope(.custom(session)) == StoredScope(.custom(String(session))))
        #expect(StoredScope(.custom(session)) != StoredScope(.custom(session + " 2")))
        #expect(StoredScope(.scoped) == .scoped && StoredScope(.custom(ServiceScope.weakName)) == .weak)
        #expect(MemoryLayout<StoredScope>.size == 4)
        // Resetting a custom scope no registration used drops nothing and adds no name.
        let unused = ServiceScope.custom("never registered \(#function)")
        let env = ServiceEnv(name: #function)
        env.register(Counter.self, scope: .custom(session)) { Counter() }
        let counter = try env.resolve(Counter.self)
        env.resetScope(unused)
        #expect(StoredScope.existing(unused) == nil)
        #expect(try env.resolve(Counter.self) === counter)
        env.resetScope(.custom(session))
        #expect(try env.resolve(Counter.self) !== counter)
    }

    @Test("an assembly's registration, once overridden, is released: the assembly log does not keep it")
    func assemblyLogReleasesOverrides() throws {
        let tracker = WeakTracker()
        let env = ServiceEnv(name: #function)
        do {
            let capture = Capture()
            tracker.track(capture)
            env.apply(CapturingAssembly(capture: capture))
        }
        // NB: the first registration of a key is held in its new slot, which marks it the
        // assembly's; the log keeps a registration object made while an assembly is applied.
        #expect(env.storage.withAssembly { $0.assembled.count } == 0)
        #expect(env.storage.ownRegistrationsWithMarks().map(\.mark) == [.slot(0)])
        #expect(tracker.aliveCount == 1, "the assembly's factory holds what it captured")
        env.register(Holder.self) { Holder(capture: Capture()) }
        #expect(env.storage.withAssembly { $0.assembled.count } == 0)
        #expect(tracker.aliveCount == 0, "the replaced factory and what it captured are gone")
        env.resetAll()
        do {
            let capture = Capture()
            tracker.track(capture)
            env.apply(CapturingAssembly(capture: capture))
        }
        #expect(env.storage.withAssembly { $0.assembled.count } == 1 && tracker.aliveCount == 1)
        env.resetAll()
        #expect(env.storage.withAssembly { $0.assembled.isEmpty } && tracker.aliveCount == 0)
    }

    @Test("a registration another thread makes while an assembly is applied, here or elsewhere, is not the assembly's")
    func anotherThreadsAssemblyClaimsNothing() throws {
        final class Pool: Sendable {}
        struct BlockingAssembly: NonisolatedAssembly {
            static let registrations: [AssemblyRegistration] = []
            let entered: DispatchSemaphore
            let release: DispatchSemaphore
            func assemble(env: ServiceEnv) {
                env.register(Int.self) { 1 }
                entered.signal()
                release.wait()
            }
        }
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let assembling = ServiceEnv(name: "assembling")
        let overriding = ServiceEnv(name: "overriding")
        let tracker = WeakTracker()
        // NB: one thread is inside the assembly's `assemble(env:)` while the other registers.
        let finished = runOnThreads(2) { index in
            guard index == 1 else {
                assembling.apply(BlockingAssembly(entered: entered, release: release))
                return
            }
            entered.wait()
            let pool = Pool()
            tracker.track(pool)
            overriding.register(Pool.self) { pool }
            overriding.register(GeneratedLeaf.self, scope: .transient)
            // NB: a slot made here is among those made while the assembly ran, without its mark.
            assembling.register(GeneratedLeaf.self, scope: .transient)
            release.signal()
        }
        #expect(finished)
        #expect(overriding.storage.withAssembly { $0.assembled.isEmpty }, "the log keeps only an assembly's own")
        #expect(overriding.storage.ownRegistrationsWithMarks().allSatisfy { $0.mark == nil })
        #expect(assembling.storage.ownRegistrationsWithMarks().map(\.mark) == [.slot(0), nil])
        let table = try #require(assembling.storage.withAssembly { $0.tables.first })
        #expect(table.slots == 0..<2, "the other thread's slot was made while the assembly ran")
        overriding.register(Pool.self) { Pool() }
        #expect(tracker.aliveCount == 0, "nothing kept the replaced factory's capture")
    }

    @Test("a registration lives exactly as long as its slot holds it, whichever way it was installed")
    func registrationLifetime() throws {
        let tracker = WeakTracker()
        // NB: `install` takes the caller's reference over: a registration retained once too
        // few is freed while its slot holds it (a crash, or the wrong capture below), once too
        // many outlives its replacement or its environment.
        // NB: the test keeps only identities, so that a capture lives only as long as whatever
        // holds its factory.
        func registered(in env: ServiceEnv, tag: String? = nil) -> ObjectIdentifier {
            let capture = Capture()
            tracker.track(capture)
            // NB: transient, so that no cached instance keeps a capture alive.
            if let tag {
                env.register(Holder.self, tags: tag, scope: .transient) { Holder(capture: capture) }
            } else {
                env.register(Holder.self, scope: .transient) { Holder(capture: capture) }
            }
            return ObjectIdentifier(capture)
        }
        do {
            let env = ServiceEnv(name: #function)
            _ = registered(in: env)
            let replacing = registered(in: env)
            #expect(tracker.aliveCount == 1, "a replaced registration is released")
            #expect(try ObjectIdentifier(env.resolve(Holder.self).capture) == replacing)
            _ = registered(in: env, tag: "tagged")
            let replacingTagged = registered(in: env, tag: "tagged")
            #expect(tracker.aliveCount == 2)
            #expect(try ObjectIdentifier(env.resolve(Holder.self, tags: "tagged").capture) == replacingTagged)
            let assembled = {
                let capture = Capture()
                tracker.track(capture)
                env.apply(CapturingAssembly(capture: capture, scope: .transient))
                return ObjectIdentifier(capture)
            }()
            #expect(tracker.aliveCount == 2, "the assembly's registration replaced the untagged one")
            #expect(try ObjectIdentifier(env.resolve(Holder.self).capture) == assembled)
            #expect(try ObjectIdentifier(env.resolve(Holder.self, tags: "tagged").capture) == replacingTagged)
        }
        #expect(tracker.trackedCount == 5)
        #expect(tracker.aliveCount == 0, "the environment released every registration it held")
    }

    @Test("a slot's state counts as idle, which the environment's teardown skips, only while it holds nothing")
    func idleSlotState() {
        final class Instance {}
        var state = SlotState()
        #expect(state.isIdle)
        let instance = Instance()
        state.keepWeakInstance(WeakInstance(instance))
        #expect(!state.isIdle, "a kept weak instance's box must be released with the slot")
        state.forgetWeakInstance()
        #expect(state.isIdle)
        withExtendedLifetime(instance) {}
    }

    @Test("slots in many blocks keep their registrations and instances; all are released with the environment")
    func slotBlocks() throws {
        final class Keyed: Sendable {
            let key: Int
            init(_ key: Int) { self.key = key }
        }
        let tracker = WeakTracker()
        // NB: more slots than four blocks of the largest size, untagged and tagged in turn.
        let count = SlotBlocks.maximumCapacity * 4 + 3
        do {
            let env = ServiceEnv(name: #function)
            let operations = distinctTypeOperations(count: count)
            for (key, operation) in operations.enumerated() {
                operation.register(env)
                env.register(Keyed.self, tags: key, scope: .singleton) { Keyed(key) }
            }
            let first = try (0..<count).map { try env.resolve(Keyed.self, tags: $0) }
            for instance in first {
                tracker.track(instance)
            }
            #expect(first.enumerated().allSatisfy { $0.element.key == $0.offset })
            #expect(try (0..<count).allSatisfy { try env.resolve(Keyed.self, tags: $0) === first[$0] })
            #expect(operations.allSatisfy { $0.resolvesCorrectly(env) })
        }
        #expect(tracker.trackedCount == count)
        #expect(tracker.aliveCount == 0)
    }
}

/// What a tested factory captures, so that a `WeakTracker` sees when the factory is released.
private final class Capture: Sendable {}

/// What a factory that captures a `Capture` builds.
private struct Holder: Sendable {
    let capture: Capture
}

/// An assembly whose one registration, of `Holder`, captures `capture`.
private struct CapturingAssembly: NonisolatedAssembly {
    static let registrations: [AssemblyRegistration] = []
    let capture: Capture
    var scope: ServiceScope = .singleton

    func assemble(env: ServiceEnv) {
        let capture = capture
        env.register(Holder.self, scope: scope) { Holder(capture: capture) }
    }
}

/// Keeps weak references to instances so tests can see when they are released.
final class WeakTracker: Sendable {
    private final class WeakBox: @unchecked Sendable {
        // Safety: only read and written while `WeakTracker.boxes` is locked.
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    private let boxes = Shared<[WeakBox]>([])

    func track(_ object: AnyObject) {
        let box = WeakBox(object)
        boxes.withLock { $0.append(box) }
    }

    var trackedCount: Int { boxes.withLock { $0.count } }

    var aliveCount: Int { boxes.withLock { $0.count { $0.object != nil } } }
}
