import Service
import Testing

/// A service built from resolve-time arguments.
struct Greeting: Sendable, Equatable {
    var name: String
    var times: Int = 1
    var punctuation: Character = "!"
}

@Suite("Resolve-time arguments")
struct ArgumentTests {
    @Test("factories take one, two and three arguments of any Sendable types")
    func oneTwoThree() throws {
        let env = ServiceEnv(name: "arguments")
        env.register(Greeting.self) { (name: String) in Greeting(name: name) }
        env.register(Greeting.self, tags: 2) { (name: String, times: Int) in Greeting(name: name, times: times) }
        env.register(Greeting.self, tags: 3) { (name: String, times: Int, mark: Character) in
            Greeting(name: name, times: times, punctuation: mark)
        }
        #expect(try env.resolve(Greeting.self, arguments: "Ada") == Greeting(name: "Ada"))
        #expect(try env.resolve(Greeting.self, tags: 2, arguments: "Bo", 2) == Greeting(name: "Bo", times: 2))
        #expect(
            try env.resolve(Greeting.self, tags: 3, arguments: "Cy", 3, Character("?"))
                == Greeting(name: "Cy", times: 3, punctuation: "?")
        )
    }

    @Test("more than three arguments work through the parameter pack")
    func manyArguments() throws {
        let env = ServiceEnv(name: "arguments")
        env.register(String.self) { (a: Int, b: Int, c: Int, d: Int, e: String) in "\(a + b + c + d)\(e)" }
        #expect(try env.resolve(String.self, arguments: 1, 2, 3, 4, "!") == "10!")
    }

    @Test("a wrong argument type is a clear ServiceError naming both signatures")
    func wrongType() {
        let env = ServiceEnv(name: "arguments")
        env.register(Greeting.self) { (name: String, times: Int) in Greeting(name: name, times: times) }
        let error = serviceError { try env.resolve(Greeting.self, arguments: 1, "Ada") }
        #expect(
            usageError(error)
                == .argumentMismatch(serviceType: "Greeting", expected: ["String", "Int"], given: ["Int", "String"])
        )
        #expect(
            error?.description
                == "Factory failed to create service 'Greeting': 'Greeting' takes arguments (String, Int) "
                + "but was resolved with arguments (Int, String)"
        )
    }

    @Test("a wrong argument count is a clear ServiceError, also for no arguments at all")
    func wrongCount() throws {
        let env = ServiceEnv(name: "arguments")
        env.register(Greeting.self) { (name: String) in Greeting(name: name) }
        #expect(
            usageError(serviceError { try env.resolve(Greeting.self, arguments: "Ada", 2) })
                == .argumentMismatch(serviceType: "Greeting", expected: ["String"], given: ["String", "Int"])
        )
        #expect(
            usageError(serviceError { try env.resolve(Greeting.self) })
                == .argumentMismatch(serviceType: "Greeting", expected: ["String"], given: [])
        )
        env.register(Logger.self) { Logger() }
        #expect(
            usageError(serviceError { try env.resolve(Logger.self, arguments: 1) })
                == .argumentMismatch(serviceType: "Logger", expected: [], given: ["Int"])
        )
        #expect(try env.resolve(Greeting.self, arguments: "Ada").name == "Ada")
    }

    @Test("an existential parameter accepts any conforming argument")
    func existentialParameter() throws {
        let env = ServiceEnv(name: "arguments")
        env.register(String.self) { (value: any CustomStringConvertible & Sendable, count: Int) in
            String(repeating: value.description, count: count)
        }
        #expect(try env.resolve(String.self, arguments: 7, 3) == "777")
    }

    @Test("argument factories are transient by default")
    func transientByDefault() throws {
        let env = ServiceEnv(name: "arguments")
        let runs = Counter()
        env.register(Database.self) { (url: String) in
            runs.increment()
            return Database(url: url)
        }
        let first = try env.resolve(Database.self, arguments: "a")
        let second = try env.resolve(Database.self, arguments: "a")
        #expect(first !== second)
        #expect(runs.value == 2)
    }

    @Test("a singleton with arguments is built by the first resolve; later arguments are ignored")
    func singletonWithArguments() throws {
        let env = ServiceEnv(name: "arguments")
        env.register(Database.self, scope: .singleton) { (url: String) in Database(url: url) }
        let first = try env.resolve(Database.self, arguments: "first")
        let second = try env.resolve(Database.self, arguments: "second")
        #expect(first === second)
        #expect(second.url == "first")
        env.resetCaches()
        #expect(try env.resolve(Database.self, arguments: "third").url == "third")
    }

    @Test("a graph-scoped service with arguments is shared within one resolve")
    func graphWithArguments() throws {
        let env = ServiceEnv(name: "arguments")
        env.register(Database.self, scope: .graph) { (url: String) in Database(url: url) }
        env.register(UserRepository.self, scope: .transient) {
            let one = try ServiceEnv.current.resolve(Database.self, arguments: "one")
            let two = try ServiceEnv.current.resolve(Database.self, arguments: "two")
            #expect(one === two)
            return UserRepository(database: one, logger: Logger())
        }
        #expect(try env.resolve(UserRepository.self).database.url == "one")
    }

    @Test("a factory's own error is wrapped; arguments and tags combine")
    func failureAndTags() throws {
        let env = ServiceEnv(name: "arguments")
        env.register(Database.self, tags: "strict") { (url: String) in
            guard url.hasPrefix("sqlite://") else {
                throw FactoryError(reason: url)
            }
            return Database(url: url)
        }
        let error = serviceError { try env.resolve(Database.self, tags: "strict", arguments: "mysql://x") }
        guard case .factoryFailed(let serviceType, let underlying)? = error else {
            Issue.record("expected .factoryFailed, got \(String(describing: error))")
            return
        }
        #expect(serviceType == #"Database[tag: "strict"]"#)
        #expect(underlying as? FactoryError == FactoryError(reason: "mysql://x"))
        #expect(try env.resolve(Database.self, tags: "strict", arguments: "sqlite://ok").url == "sqlite://ok")
        #expect(serviceError { try env.resolve(Database.self, arguments: "sqlite://ok") } != nil)
    }

    @Test("MainActor factories take arguments too")
    @MainActor
    func mainActorArguments() throws {
        let env = ServiceEnv(name: "arguments")
        env.registerMain(ViewModel.self) { (title: String) in ViewModel(title: title) }
        #expect(try env.resolveMain(ViewModel.self, arguments: "Detail").title == "Detail")
        #expect(usageError(serviceError { try env.resolveMain(ViewModel.self, arguments: 1) }) != nil)
        #expect(usageError(serviceError { try env.resolveMain(ViewModel.self) }) != nil)
    }
}
