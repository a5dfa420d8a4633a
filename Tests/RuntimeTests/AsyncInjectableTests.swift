import Service
import Testing

/// The stores built per settings path, so a test can prove a singleton is built once (behind a
/// lock ThreadSanitizer sees: it cannot see the futex of `Synchronization.Mutex`).
let asyncStoreBuilds = Shared<[String: Int]>([:])

struct StoreSettings: Sendable {
    let path: String
}

@Injectable
final class AsyncNoteStore: Sendable {
    let settings: StoreSettings
    let clock: AsyncClock?

    init(settings: StoreSettings, clock: AsyncClock?) async throws {
        try await Task.sleep(for: .milliseconds(5))
        asyncStoreBuilds.withLock { $0[settings.path, default: 0] += 1 }
        self.settings = settings
        self.clock = clock
    }
}

struct AsyncClock: Sendable {}

/// Depends on an async service: it is async itself, and resolves it with `await`.
@Injectable
actor AsyncNoteIndex {
    let store: AsyncNoteStore

    init(store: AsyncNoteStore) async {
        self.store = store
    }
}

enum StoreOpeningError: Error {
    case locked
}

@Injectable
struct LockedStore: Sendable {
    init(settings: StoreSettings) async throws {
        throw StoreOpeningError.locked
    }
}

@Assembly
struct AsyncStorageAssembly {
    #register(StoreSettings.self) { StoreSettings(path: "/tmp/notes") }
    #register(AsyncNoteStore.self)
    #register(AsyncNoteIndex.self, scope: .transient)
}

@Suite("@Injectable with an async initializer")
struct AsyncInjectableTests {
    @Test("an assembly registers it; resolveAsync builds it with its dependencies, optional ones too")
    @MainActor
    func throughAnAssembly() async throws {
        let env = ServiceEnv(name: #function)
        env.assemble(AsyncStorageAssembly())
        let index = try await env.resolveAsync(AsyncNoteIndex.self)
        #expect(index.store.settings.path == "/tmp/notes")
        #expect(index.store.clock == nil)
        #expect(try await env.resolveAsync(AsyncNoteStore.self) === index.store)
        #expect(try await env.resolveAsync(AsyncNoteIndex.self) !== index)
    }

    @Test("an optional dependency is injected when registered")
    func optionalDependency() async throws {
        let env = ServiceEnv(name: #function)
        env.register(StoreSettings.self) { StoreSettings(path: "a") }
        env.register(AsyncClock.self) { AsyncClock() }
        env.register(AsyncNoteStore.self, scope: .transient)
        #expect(try await env.resolveAsync(AsyncNoteStore.self).clock != nil)
    }

    @Test("a singleton is built once however many tasks await it first")
    func exactlyOnce() async throws {
        let env = ServiceEnv(name: #function)
        env.register(StoreSettings.self) { StoreSettings(path: "exactly once") }
        env.register(AsyncNoteStore.self)
        let stores = try await withThrowingTaskGroup(of: AsyncNoteStore.self) { group in
            for _ in 0..<16 {
                group.addTask { try await env.resolveAsync(AsyncNoteStore.self) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(stores.map(ObjectIdentifier.init)).count == 1)
        #expect(asyncStoreBuilds.withLock { $0["exactly once"] } == 1)
    }

    @Test("a synchronous resolve says the factory is async; a missing dependency names the chain")
    func failures() async {
        let env = ServiceEnv(name: #function)
        env.register(AsyncNoteStore.self)
        let syncError = serviceError { try env.resolve(AsyncNoteStore.self) }
        #expect(syncError?.description.contains("async") == true, "\(String(describing: syncError))")
        do {
            _ = try await env.resolveAsync(AsyncNoteStore.self)
            Issue.record("resolved without its settings")
        } catch {
            #expect(error.description.contains("StoreSettings"), "\(error)")
        }
    }

    @Test("an error thrown by the initializer is wrapped as factoryFailed")
    func throwingInitializer() async {
        let env = ServiceEnv(name: #function)
        env.register(StoreSettings.self) { StoreSettings(path: "c") }
        env.register(LockedStore.self)
        do {
            _ = try await env.resolveAsync(LockedStore.self)
            Issue.record("resolved a store that throws")
        } catch {
            guard case .factoryFailed(let service, let underlying) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(service == "LockedStore")
            #expect(underlying is StoreOpeningError)
        }
    }

    @Test("the metadata is visible to validate() and the graph")
    func metadata() throws {
        #expect(
            AsyncNoteStore.dependencies.map(\.description) == [
                "settings: StoreSettings", "clock: AsyncClock (optional)",
            ])
        let env = ServiceEnv(name: #function)
        env.register(AsyncNoteStore.self)
        #expect(throws: ServiceValidationError.self) { try env.validate() }
        env.register(StoreSettings.self) { StoreSettings(path: "d") }
        #expect(throws: Never.self) { try env.validate() }
    }
}
