import Service
import Testing

protocol AsGreeting: Sendable { var text: String { get } }

struct AsRequest: Sendable { let id: Int }

@Injectable
final class AsGreeter: AsGreeting {
    let request: AsRequest
    var text: String { "hello #\(request.id)" }
    init(request: AsRequest) { self.request = request }
}

@Injectable
final class AsPlainGreeter: AsGreeting {
    let text = "plain"
    init() {}
}

@Injectable
final class AsRemoteGreeter: AsGreeting {
    let text = "remote"
    init() async { await Task.yield() }
}

@Assembly
struct AsRemoteAssembly {
    #register(AsRemoteGreeter.self, as: (any AsGreeting).self)
}

@Assembly
struct AsGreetingAssembly {
    #external(AsRequest.self)
    #register(AsGreeter.self, as: (any AsGreeting).self, scope: .transient)
    #register(AsPlainGreeter.self, as: (any AsGreeting).self, tags: "plain")
}

@Suite("register(_:as:scope:_:): an Injectable type under another key")
struct RegisterAsTests {
    @Test("the key builds the type in the environment that resolves it: a scope's own dependency")
    func buildsInTheResolvingEnvironment() throws {
        let env = ServiceEnv(name: #function)
        env.register(AsGreeter.self, as: (any AsGreeting).self, scope: .transient) { $0 }
        let scope = env.makeScope(named: "request")
        scope.register(AsRequest(id: 7))
        #expect(try scope.resolve((any AsGreeting).self).text == "hello #7")
        let child = ServiceEnv(name: "child", parent: env)
        child.register(AsRequest(id: 8))
        #expect(try child.resolve((any AsGreeting).self).text == "hello #8")
        #expect(throws: ServiceError.self) { try env.resolve((any AsGreeting).self) }
    }

    @Test("the type's own key stays unregistered; validate() and the graph name the type and its dependency")
    func onlyTheKeyIsRegistered() throws {
        let env = ServiceEnv(name: #function)
        env.register(AsGreeter.self, as: (any AsGreeting).self, scope: .singleton) { $0 }
        env.register(AsRequest(id: 1))
        #expect(try env.resolveIfRegistered(AsGreeter.self) == nil)
        let first = try env.resolve((any AsGreeting).self)
        let second = try env.resolve((any AsGreeting).self)
        #expect(ObjectIdentifier(first as AnyObject) == ObjectIdentifier(second as AnyObject))
        try env.validate()
        let node = env.graph().node(named: "AsGreeting")
        #expect(node?.service == "AsGreeter")
        #expect(node?.dependencies.map(\.target) == ["AsRequest"])
    }

    @Test("under tags, the key is a member of its collection; an assembly's as: lines register the same")
    func taggedAndAssembled() throws {
        let env = ServiceEnv(name: #function)
        env.register(AsPlainGreeter.self, as: (any AsGreeting).self, tags: "plain", scope: .singleton) { $0 }
        #expect(try env.resolveAll((any AsGreeting).self).map(\.text) == ["plain"])
        #expect(try env.resolve((any AsGreeting).self, tags: "plain").text == "plain")

        let assembled = ServiceEnv(name: "assembled")
        assembled.apply(AsGreetingAssembly())
        assembled.register(AsRequest(id: 3))
        #expect(try assembled.resolve((any AsGreeting).self).text == "hello #3")
        #expect(try assembled.resolve((any AsGreeting).self, tags: "plain").text == "plain")
    }

    @Test("a decorator of the key runs on what the type built")
    func decorated() throws {
        let env = ServiceEnv(name: #function)
        env.register(AsPlainGreeter.self, as: (any AsGreeting).self, scope: .transient) { $0 }
        let runs = Counter()
        env.decorate((any AsGreeting).self) { _, _ in _ = runs.increment() }
        _ = try env.resolve((any AsGreeting).self)
        _ = try env.resolve((any AsGreeting).self)
        #expect(runs.value == 2)
    }

    @Test("resolving the type itself fails with a hint that names the key it is registered as")
    func hintNamesTheKey() throws {
        let env = ServiceEnv(name: #function)
        env.apply(AsGreetingAssembly())
        do {
            _ = try env.require(AsPlainGreeter.self)
            Issue.record("resolved a type registered only under a protocol")
        } catch {
            #expect(
                error.hint
                    == #"it is registered only as AsGreeting[tag: "plain"], which it is built for: resolve that key, "#
                    + "or register it under its own type too"
            )
        }
    }

    @Test("a type whose initializer is async, under another key: an assembly's as: line and by hand, with tags")
    func asyncInitializer() async throws {
        let env = ServiceEnv(name: #function)
        env.apply(AsRemoteAssembly())
        #expect(throws: ServiceError.self) { try env.resolve((any AsGreeting).self) }
        let first = try await env.resolveAsync((any AsGreeting).self)
        #expect(first.text == "remote")
        #expect(try env.resolve((any AsGreeting).self) as AnyObject === first as AnyObject)
        #expect(env.graph().node(named: "AsGreeting")?.service == "AsRemoteGreeter")

        let tagged = ServiceEnv(name: "tagged")
        tagged.register(AsRemoteGreeter.self, as: (any AsGreeting).self, tags: "remote", scope: .transient) { $0 }
        #expect(try await tagged.resolveAllAsync((any AsGreeting).self).map(\.text) == ["remote"])
        #expect(try await tagged.resolveAsync((any AsGreeting).self, tags: "remote").text == "remote")
    }
}
