import Service
import Synchronization
import Testing

/// A weakly shared service that numbers its instances and counts the living ones.
private final class EditorSession: Sendable {
    let number: Int
    let living: Counter

    init(number: Int, living: Counter) {
        self.number = number
        self.living = living
        living.increment()
    }

    deinit { living.decrement() }
}

private protocol Connection: AnyObject, Sendable {
    var number: Int { get }
}

private final class SocketConnection: Connection {
    let number: Int
    init(number: Int) { self.number = number }
}

private final class UnrelatedObject: Sendable {}

private final class WeakNodeA: Sendable {
    let next: WeakNodeB
    init(next: WeakNodeB) { self.next = next }
}

private final class WeakNodeB: Sendable {
    let next: WeakNodeA
    init(next: WeakNodeA) { self.next = next }
}

@MainActor
private final class Inspector {
    let number: Int
    init(number: Int) { self.number = number }
}

@Injectable
private final class WeakEditor: Sendable {
    init() { WeakEditorCounter.builds.increment() }
}

private enum WeakEditorCounter {
    static let builds = Counter()
}

@Assembly
private struct WeakEditorAssembly {
    #register(WeakEditor.self, scope: .weak)
}

@Suite("Weak scope")
struct WeakScopeTests {
    /// An environment whose `EditorSession` is weak; `runs` counts its factory's calls.
    private func sessions(_ name: String = #function) -> (ServiceEnv, runs: Counter, living: Counter) {
        let env = ServiceEnv(name: name)
        let runs = Counter()
        let living = Counter()
        env.register(EditorSession.self, scope: .weak) {
            runs.increment()
            return EditorSession(number: runs.value, living: living)
        }
        return (env, runs, living)
    }

    @Test("a weak instance is shared while something holds it and built again after its release")
    func sharedWhileHeld() throws {
        let (env, runs, living) = sessions()
        var first: EditorSession? = try env.resolve(EditorSession.self)
        let second = try env.resolve(EditorSession.self)
        #expect(first === second)
        #expect(runs.value == 1)
        first = nil
        #expect(living.value == 1, "the second holder keeps it")
        #expect(try env.resolve(EditorSession.self) === second)
        #expect(runs.value == 1)
        _ = consume second
        #expect(living.value == 0, "the environment does not keep a weak instance alive")
        let third = try env.resolve(EditorSession.self)
        #expect(third.number == 2)
        #expect(runs.value == 2)
        #expect(first == nil)
    }

    @Test("a protocol key takes a factory that returns a class, and shares that instance")
    func protocolKey() throws {
        let env = ServiceEnv(name: #function)
        let runs = Counter()
        env.register((any Connection).self, scope: .weak) {
            runs.increment()
            return SocketConnection(number: runs.value)
        }
        let held = try env.resolve((any Connection).self)
        #expect(try env.resolve((any Connection).self) === held)
        #expect(runs.value == 1)
    }

    @Test("a factory that builds an instance of another class fails with a message naming both")
    func mismatchedInstance() {
        let env = ServiceEnv(name: #function)
        env.register((any Connection).self, scope: .weak) { UnrelatedObject() }
        let error = serviceError { try env.resolve((any Connection).self) }
        guard case .factoryFailed(let service, let underlying)? = error else {
            Issue.record("expected factoryFailed, got \(String(describing: error))")
            return
        }
        #expect(service.contains("Connection"))
        #expect("\(underlying)".contains("UnrelatedObject"))
        #expect("\(underlying)".contains("which is not a"))
    }

    @Test("concurrent first resolves of a released instance build it exactly once, round after round")
    func exactlyOnceAfterRelease() throws {
        let env = ServiceEnv(name: #function)
        let runs = Counter()
        let living = Counter()
        env.register(EditorSession.self, scope: .weak) {
            runs.increment()
            spin(milliseconds: 2)
            return EditorSession(number: runs.value, living: living)
        }
        for round in 1...5 {
            // NB: every resolved instance is kept until the round ends, so a round builds once.
            let held = Shared([EditorSession]())
            let done = runOnThreads(8) {
                for _ in 0..<50 {
                    if let session = try? env.resolve(EditorSession.self) {
                        held.withLock { $0.append(session) }
                    }
                }
            }
            #expect(done)
            let numbers = held.withLock { Set($0.map(\.number)) }
            #expect(held.withLock { $0.count } == 400)
            #expect(numbers == [round], "round \(round) built \(numbers.sorted())")
            #expect(runs.value == round)
            held.withLock { $0 = [] }
            #expect(living.value == 0)
        }
    }

    @Test("a reset, and a registration of another scope, drop the weak instance; its holders keep theirs")
    func resetsDropIt() throws {
        let (env, runs, _) = sessions()
        let held = try env.resolve(EditorSession.self)
        env.resetCaches()
        let afterReset = try env.resolve(EditorSession.self)
        #expect(afterReset !== held)
        #expect(runs.value == 2)
        // NB: like a singleton's, the instance stays across a registration of the same scope.
        env.register(EditorSession.self, scope: .weak) { EditorSession(number: 100, living: Counter()) }
        #expect(try env.resolve(EditorSession.self) === afterReset)
        env.register(EditorSession.self, scope: .transient) { EditorSession(number: 200, living: Counter()) }
        env.register(EditorSession.self, scope: .weak) { EditorSession(number: 300, living: Counter()) }
        #expect(try env.resolve(EditorSession.self).number == 300)
        #expect(held.number == 1 && afterReset.number == 2)
    }

    @Test("tagged weak registrations are separate from the untagged one")
    func tags() throws {
        let (env, _, living) = sessions()
        env.register(EditorSession.self, tags: "preview", scope: .weak) { EditorSession(number: 7, living: living) }
        let preview = try env.resolve(EditorSession.self, tags: "preview")
        let plain = try env.resolve(EditorSession.self)
        #expect(preview.number == 7 && plain.number == 1)
        #expect(try env.resolve(EditorSession.self, tags: "preview") === preview)
    }

    @Test("scopes and child environments see the instance of the environment that registered it")
    func nestedEnvironments() throws {
        let (env, runs, _) = sessions()
        let held = try env.resolve(EditorSession.self)
        let request = env.makeScope(named: "request")
        #expect(try request.resolve(EditorSession.self) === held)
        #expect(try request.makeScope(named: "inner").resolve(EditorSession.self) === held)
        #expect(runs.value == 1)
    }

    @Test("a cycle through weak services is a circular dependency, not a deadlock")
    func cycle() {
        let env = ServiceEnv(name: #function)
        env.register(WeakNodeA.self, scope: .weak) { WeakNodeA(next: try ServiceEnv.current.resolve(WeakNodeB.self)) }
        env.register(WeakNodeB.self, scope: .weak) { WeakNodeB(next: try ServiceEnv.current.resolve(WeakNodeA.self)) }
        let chain = cycleChain(serviceError { try env.resolve(WeakNodeA.self) })
        #expect(chain == ["WeakNodeA", "WeakNodeB", "WeakNodeA"])
    }

    @Test("the MainActor track shares a weak instance while held, under tags too")
    @MainActor
    func mainActorTrack() throws {
        let env = ServiceEnv(name: #function)
        var runs = 0
        env.registerMain(Inspector.self, scope: .weak) {
            runs += 1
            return Inspector(number: runs)
        }
        env.registerMain(Inspector.self, tags: "docked", scope: .weak) { Inspector(number: 50) }
        var held: Inspector? = try env.resolveMain(Inspector.self)
        #expect(try env.resolveMain(Inspector.self) === held)
        #expect(try env.resolveMain(Inspector.self, tags: "docked").number == 50)
        held = nil
        #expect(try env.resolveMain(Inspector.self).number == 2)
        #expect(held == nil)
    }

    @Test("#register of an @Injectable class with .weak in an assembly shares it while held")
    func assembly() throws {
        let env = ServiceEnv(name: #function)
        env.apply(WeakEditorAssembly())
        try env.validate()
        let before = WeakEditorCounter.builds.value
        var held: WeakEditor? = try env.resolve(WeakEditor.self)
        #expect(try env.resolve(WeakEditor.self) === held)
        #expect(WeakEditorCounter.builds.value == before + 1)
        held = nil
        _ = try env.resolve(WeakEditor.self)
        #expect(WeakEditorCounter.builds.value == before + 2)
        #expect(held == nil)
        #expect(env.graph().node(named: "WeakEditor")?.description == "WeakEditor (weak, Sendable, WeakEditorAssembly)")
    }

    @Test("validate() and the graph export name the weak lifetime")
    func graphNamesIt() throws {
        let (env, _, _) = sessions()
        #expect(env.graph().node(named: "EditorSession")?.description == "EditorSession (weak, Sendable, runtime)")
    }
}
