import Foundation
import Testing

@testable import Service

/// A MainActor service that takes time to set up.
@MainActor
private final class Library {
    let titles: [String]

    init(titles: [String]) {
        self.titles = titles
    }
}

/// A MainActor service whose construction a cancellation test holds open (no other test waits for it).
@MainActor
private final class Archive {}

/// A synchronous MainActor service, the kind a MainActor async service often needs.
@Injectable
@MainActor
final class ShelfScreen {
    init() {}
}

/// How many `Reader`s were built, per settings path (each test has its own).
let readerBuilds = Shared<[String: Int]>([:])

/// A MainActor service with an `async` initializer, needing a Sendable service (optional too) and
/// a synchronous MainActor one.
@Injectable
@MainActor
final class Reader {
    let settings: StoreSettings
    let clock: AsyncClock?
    let screen: ShelfScreen

    init(settings: StoreSettings, clock: AsyncClock?, screen: ShelfScreen) async {
        MainActor.assertIsolated()
        await pause(milliseconds: 5)
        readerBuilds.withLock { $0[settings.path, default: 0] += 1 }
        self.settings = settings
        self.clock = clock
        self.screen = screen
    }
}

@Assembly
struct ReaderAssembly {
    #register(StoreSettings.self) { StoreSettings(path: "/tmp/reader") }
    #registerMain(ShelfScreen.self)
    #registerMain(Reader.self)
}

@Suite("Async factories on the MainActor track")
struct MainActorAsyncTests {
    @Test("a MainActor async singleton is built once, on the main actor, however many tasks await it first")
    func singletonBuiltOnceOnTheMainActor() async throws {
        let env = ServiceEnv(name: "main async")
        let builds = Counter()
        await env.registerMain(Library.self) { () async -> Library in
            MainActor.assertIsolated()
            builds.increment()
            await pause(milliseconds: 5)
            return Library(titles: ["Dune"])
        }
        let identities = await withTaskGroup(of: ObjectIdentifier?.self) { group in
            for _ in 0..<16 {
                group.addTask { (try? await env.resolveAsync(Library.self)).map(ObjectIdentifier.init) }
            }
            return await group.reduce(into: [ObjectIdentifier?]()) { $0.append($1) }
        }
        #expect(identities.count == 16)
        #expect(!identities.contains(nil))
        #expect(Set(identities).count == 1)
        #expect(builds.value == 1)
    }

    @Test("a task cancelled while it waits for a MainActor async construction stops waiting; the construction goes on")
    func cancelledWaiterOnTheMainActorTrack() async throws {
        let env = ServiceEnv(name: "main async cancel")
        let factory = HeldFactory()
        await env.registerMain(Archive.self) { () async -> Archive in
            await factory.hold()
            return Archive()
        }
        let builder = Task { try await ObjectIdentifier(env.resolveAsync(Archive.self)) }
        await suspendUntil(factory.started)
        let waiter = Task { try await ObjectIdentifier(env.resolveAsync(Archive.self)) }
        await suspendUntil { ConstructionCoordinator.shared.hasWaiter(forServiceNamed: "Archive") }
        waiter.cancel()

        let error = await withDeadline(seconds: 10) { await asyncServiceError { try await waiter.value } }
        factory.release()
        guard case .factoryFailed("Archive", let underlying)?? = error else {
            Issue.record("expected the waiter to stop with .factoryFailed, got \(String(describing: error))")
            return
        }
        #expect(underlying is CancellationError)
        let built = try await builder.value
        #expect(try await ObjectIdentifier(env.resolveAsync(Archive.self)) == built)
        #expect(factory.runs == 1)
    }

    @Test("resolveMain returns the instance resolveAsync built, and before that says to await it")
    @MainActor
    func resolveMainAfterResolveAsync() async throws {
        let env = ServiceEnv(name: "main async sync")
        env.registerMain(Library.self) { () async -> Library in
            await pause()
            return Library(titles: ["Emma"])
        }
        let before = serviceError { try env.resolveMain(Library.self) }
        guard case .factoryFailed(_, let underlying) = before else {
            Issue.record("expected factoryFailed, got \(String(describing: before))")
            return
        }
        #expect("\(underlying)".contains("resolveAsync"))
        let built = try await env.resolveAsync(Library.self)
        #expect(try env.resolveMain(Library.self) === built)
        #expect(built.titles == ["Emma"])
    }

    @Test("a transient MainActor async factory builds an instance per resolve; tags pick the registration")
    func transientAndTagged() async throws {
        let env = ServiceEnv(name: "main async transient")
        await env.registerMain(Library.self, scope: .transient) { () async -> Library in
            await pause()
            return Library(titles: [])
        }
        await env.registerMain(Library.self, tags: "archive") { () async -> Library in
            Library(titles: ["Beowulf"])
        }
        let first = try await env.resolveAsync(Library.self)
        let second = try await env.resolveAsync(Library.self)
        #expect(first !== second)
        let archive = try await env.resolveAsync(Library.self, tags: "archive")
        #expect(archive.titles == ["Beowulf"])
        #expect(try await env.resolveAsync(Library.self, tags: "archive") === archive)
    }

    @Test("a failing MainActor async factory caches nothing; the next resolve runs it again")
    func failureCachesNothing() async throws {
        let env = ServiceEnv(name: "main async failure")
        let attempts = Counter()
        await env.registerMain(Library.self) { () async throws -> Library in
            if attempts.increment() == 1 {
                throw FactoryError(reason: "offline")
            }
            return Library(titles: ["Ulysses"])
        }
        let failure = await asyncServiceError { try await env.resolveAsync(Library.self) }
        guard case .factoryFailed(_, let underlying) = failure else {
            Issue.record("expected factoryFailed, got \(String(describing: failure))")
            return
        }
        #expect(underlying as? FactoryError == FactoryError(reason: "offline"))
        #expect(try await env.resolveAsync(Library.self).titles == ["Ulysses"])
        #expect(attempts.value == 2)
    }

    @Test("an async @MainActor @Injectable class: an assembly registers it, resolveAsync builds it once")
    func injectableThroughAnAssembly() async throws {
        let env = ServiceEnv(name: #function)
        await env.assemble(ReaderAssembly())
        let identities = await withTaskGroup(of: ObjectIdentifier?.self) { group in
            for _ in 0..<8 {
                group.addTask { (try? await env.resolveAsync(Reader.self)).map(ObjectIdentifier.init) }
            }
            return await group.reduce(into: [ObjectIdentifier?]()) { $0.append($1) }
        }
        #expect(!identities.contains(nil))
        #expect(Set(identities).count == 1)
        #expect(readerBuilds.withLock { $0["/tmp/reader"] } == 1)
        let reader = try await env.resolveAsync(Reader.self)
        #expect(reader.settings.path == "/tmp/reader")
        #expect(reader.clock == nil)
        #expect(try await env.resolveMain(ShelfScreen.self) === reader.screen)
        #expect(throws: Never.self) { try env.validate() }
    }

    @Test("registered by hand with a scope, it is built per resolve, and a missing dependency is named")
    @MainActor
    func injectableByHand() async throws {
        let env = ServiceEnv(name: #function)
        env.register(StoreSettings.self) { StoreSettings(path: "/tmp/hand") }
        env.register(AsyncClock.self) { AsyncClock() }
        env.registerMain(Reader.self, scope: .transient)
        let missing = await asyncServiceError { try await env.resolveAsync(Reader.self) }
        #expect("\(String(describing: missing))".contains("ShelfScreen"))
        env.registerMain(ShelfScreen.self)
        let first = try await env.resolveAsync(Reader.self)
        #expect(first.clock != nil)
        #expect(try await env.resolveAsync(Reader.self) !== first)
    }
}
