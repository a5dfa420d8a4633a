import Service
import ServiceTesting
import Testing

// The listings of `Performance.md`.

private final class NoteStore: Sendable {
    let count = 3
}

@Injectable
private struct Formatter: Sendable {
    let store: NoteStore
}

// snippet: performance-keep
struct NoteCounter: Sendable {
    @Service private var store: NoteStore  // resolved on first access, then a load

    func count() -> Int { store.count }
}
// snippet-end

// snippet: performance-generated
@Assembly
private struct FastAssembly {
    #register(NoteStore.self) { NoteStore() }  // a closure: called through its context
    #register(Formatter.self, scope: .transient)  // generated: a direct call of its initializer
}
// snippet-end

@Suite(.serviceEnv { env in env.apply(FastAssembly()) })
struct PerformanceSamples {
    @Test func keptInstancesAreTheSingleton() throws {
        let counter = NoteCounter()
        #expect(counter.count() == 3)
        #expect(try ServiceEnv.current.resolve(Formatter.self).store === ServiceEnv.current.resolve(NoteStore.self))
    }

    @Test func immortalSingletonIsShared() throws {
        // snippet: performance-immortal
        final class MetricsRegistry: Sendable {}

        let server = ServiceEnv(name: "server")
        server.register(MetricsRegistry.self, scope: .immortal) { MetricsRegistry() }
        // snippet-end
        #expect(try server.resolve(MetricsRegistry.self) === server.resolve(MetricsRegistry.self))
    }
}
