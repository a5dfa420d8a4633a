import Service
import Synchronization
import Testing

protocol ForwardedReading: Sendable { func all() -> [String] }
protocol ForwardedWriting: Sendable { func add(_ note: String) }

@Injectable
final class ForwardedStore: ForwardedReading, ForwardedWriting {
    private let notes = Mutex<[String]>([])
    init() {}
    func all() -> [String] { notes.withLock { $0 } }
    func add(_ note: String) { notes.withLock { $0.append(note) } }
}

@Injectable
final class ForwardedEditor: Sendable {
    let writer: any ForwardedWriting
    init(writer: any ForwardedWriting) { self.writer = writer }
}

@Assembly
struct ForwardedAssembly {
    #register(ForwardedStore.self)
    #forward((any ForwardedReading).self, to: ForwardedStore.self)
    #forward((any ForwardedWriting).self, to: ForwardedStore.self)
    #register(ForwardedEditor.self)
}

protocol ForwardedRequestInfo: Sendable { var id: Int { get } }

@Injectable
final class ForwardedRequest: ForwardedRequestInfo {
    private static let count = Atomic(0)
    let id = ForwardedRequest.count.add(1, ordering: .relaxed).newValue
    init() {}
}

@MainActor protocol ForwardedScreen: AnyObject {}

@Injectable
@MainActor
final class ForwardedHome: ForwardedScreen {
    init() {}
}

@Assembly
struct ForwardedScopesAssembly {
    #register(ForwardedRequest.self, scope: .scoped)
    #forward((any ForwardedRequestInfo).self, to: ForwardedRequest.self)
    #registerMain(ForwardedHome.self)
    #forward((any ForwardedScreen).self, to: ForwardedHome.self)
}

@Assembly
struct ForwardedExternalAssembly {
    #external(ForwardedStore.self)
    #forward((any ForwardedReading).self, to: ForwardedStore.self)
}

protocol ForwardedCatalog: Sendable {}

@Injectable
final class ForwardedAsyncCatalog: ForwardedCatalog {
    init() async {
        await Task.yield()
    }
}

@Assembly
struct ForwardedAsyncAssembly {
    #register(ForwardedAsyncCatalog.self)
    #forward((any ForwardedCatalog).self, to: ForwardedAsyncCatalog.self)
}

@Suite("#forward: one registration under several types")
struct ForwardTests {
    @Test("what one type's user stores, the other type's user reads: one instance")
    func oneInstance() throws {
        let env = ServiceEnv(name: #function)
        env.apply(ForwardedAssembly())
        try env.resolve(ForwardedEditor.self).writer.add("hello")
        #expect(try env.resolve((any ForwardedReading).self).all() == ["hello"])
        let store = try env.resolve(ForwardedStore.self)
        #expect(try env.resolve((any ForwardedReading).self) as AnyObject === store)
        #expect(try env.resolve((any ForwardedWriting).self) as AnyObject === store)
    }

    @Test("an override of the target in a child is what the forward returns there; the parent keeps its own")
    func childOverride() throws {
        let env = ServiceEnv(name: #function)
        env.apply(ForwardedAssembly())
        let parentStore = try env.resolve(ForwardedStore.self)
        let child = ServiceEnv(name: "child", parent: env)
        let childStore = ForwardedStore()
        child.register(childStore)
        #expect(try child.resolve((any ForwardedReading).self) as AnyObject === childStore)
        #expect(try env.resolve((any ForwardedReading).self) as AnyObject === parentStore)
    }

    @Test("an override of the key replaces the forward, and the target stays")
    func keyOverride() throws {
        let env = ServiceEnv(name: #function)
        env.apply(ForwardedAssembly())
        let fake = ForwardedStore()
        fake.add("fake")
        env.register((any ForwardedReading).self) { fake }
        #expect(try env.resolve((any ForwardedReading).self).all() == ["fake"])
        #expect(try env.resolve(ForwardedStore.self).all().isEmpty)
    }

    @Test("a reset of the target's cache is seen through the forward")
    func resetTarget() throws {
        let env = ServiceEnv(name: #function)
        env.apply(ForwardedAssembly())
        // NB: the first instance is held, so that the second cannot reuse its address.
        let first = try env.resolve((any ForwardedReading).self)
        env.resetCache(for: ForwardedStore.self)
        let second = try env.resolve((any ForwardedReading).self)
        let store = try env.resolve(ForwardedStore.self)
        #expect(ObjectIdentifier(first as AnyObject) != ObjectIdentifier(second as AnyObject))
        #expect(ObjectIdentifier(second as AnyObject) == ObjectIdentifier(store))
    }

    @Test("a forward to a per-scope type returns each scope's instance")
    @MainActor
    func perScope() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(ForwardedScopesAssembly())
        var ids: [Int] = []
        for index in 0..<2 {
            try env.withScope(named: "request \(index)") { scope in
                let info = try scope.resolve((any ForwardedRequestInfo).self)
                #expect(info.id == (try scope.resolve(ForwardedRequest.self)).id)
                ids.append(info.id)
            }
        }
        #expect(Set(ids).count == 2)
        #expect(
            ForwardedScopesAssembly.registrations.prefix(2).map(\.description) == [
                "ForwardedRequest (scoped, Sendable)", "ForwardedRequestInfo (transient, Sendable)",
            ]
        )
    }

    @Test("a forward to a #registerMain type resolves on the main actor, the same instance")
    @MainActor
    func mainTrack() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(ForwardedScopesAssembly())
        let screen = try env.resolveMain((any ForwardedScreen).self)
        #expect(screen === (try env.resolveMain(ForwardedHome.self)))
        let row = ForwardedScopesAssembly.registrations.first { $0.registeredAs == (any ForwardedScreen).self }
        #expect(row?.track == .main)
    }

    @Test("validate() and a failed resolve name a forward's missing target, and the graph has the edge")
    func validation() throws {
        let env = ServiceEnv(name: #function)
        env.apply(ForwardedExternalAssembly())
        let error = #expect(throws: ServiceValidationError.self) {
            try env.validate(including: [ForwardedExternalAssembly.self])
        }
        #expect(
            error?.problems.map(\.description).first
                == "'ForwardedReading' (ForwardedExternalAssembly) needs 'ForwardedStore' for '#forward', which is not registered"
        )
        let failure = #expect(throws: ResolutionFailure.self) { try env.require((any ForwardedReading).self) }
        #expect(failure?.chain == ["ForwardedReading", "ForwardedStore"], "\(String(describing: failure))")
        env.register(ForwardedStore.self)
        let graph = try env.validate(including: [ForwardedExternalAssembly.self])
        #expect(graph.mermaid().contains("ForwardedStore"))
        #expect(try env.resolve((any ForwardedReading).self) as AnyObject === (try env.resolve(ForwardedStore.self)))
    }

    @Test("a forward to a type with an async initializer returns it once resolveAsync built it, and throws before")
    func asyncTarget() async throws {
        let env = ServiceEnv(name: #function)
        env.apply(ForwardedAsyncAssembly())
        guard case .factoryFailed(_, let underlying) = serviceError({ try env.resolve((any ForwardedCatalog).self) }),
            case .asyncFactory = underlying as? ServiceUsageError
        else {
            Issue.record("expected the forward to report the target's async factory")
            return
        }
        let catalog = try await env.resolveAsync(ForwardedAsyncCatalog.self)
        #expect(try env.resolve((any ForwardedCatalog).self) as AnyObject === catalog)
        #expect(try await env.resolveAsync((any ForwardedCatalog).self) as AnyObject === catalog)
    }
}
