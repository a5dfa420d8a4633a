import Service
import Testing

@Suite("ServiceError")
struct ServiceErrorTests {
    @Test("resolving an unregistered type throws notRegistered naming the type")
    func notRegistered() throws {
        try withTestEnv { env throws in
            let error = serviceError { try env.resolve(Database.self) }
            guard case .notRegistered(let serviceType) = error else {
                Issue.record("expected notRegistered, got \(String(describing: error))")
                return
            }
            #expect(serviceType == "Database")
        }
    }

    @Test("notRegistered has the baseline description")
    func notRegisteredDescription() {
        #expect(
            ServiceError.notRegistered(serviceType: "Database").description
                == "Service 'Database' is not registered in ServiceEnv"
        )
    }

    @Test("circularDependency has the baseline three-line description")
    func circularDescription() {
        let error = ServiceError.circularDependency(serviceType: "A", chain: ["A", "B", "A"])
        #expect(
            error.description == """
                Circular dependency detected for service 'A'.
                Dependency chain: A -> B -> A
                Check your service registration to break the cycle.
                """
        )
    }

    @Test("maxDepthExceeded has the baseline three-line description")
    func maxDepthDescription() {
        let error = ServiceError.maxDepthExceeded(depth: 2, chain: ["A", "B"])
        #expect(
            error.description == """
                Maximum resolution depth (2) exceeded.
                Current chain: A -> B
                This may indicate a circular dependency or overly deep dependency graph.
                """
        )
    }

    @Test("factoryFailed has the baseline description with the underlying error")
    func factoryFailedDescription() {
        let error = ServiceError.factoryFailed(serviceType: "Database", underlyingError: FactoryError(reason: "disk"))
        #expect(error.description == "Factory failed to create service 'Database': FactoryError(disk)")
    }

    @Test("a factory's own error is wrapped in factoryFailed")
    func factoryErrorIsWrapped() throws {
        try withTestEnv { env throws in
            env.register(Database.self) { throw FactoryError(reason: "offline") }
            let error = serviceError { try env.resolve(Database.self) }
            guard case .factoryFailed(let serviceType, let underlying) = error else {
                Issue.record("expected factoryFailed, got \(String(describing: error))")
                return
            }
            #expect(serviceType == "Database")
            #expect(underlying as? FactoryError == FactoryError(reason: "offline"))
        }
    }

    @Test("a ServiceError thrown inside a factory passes through unchanged")
    func serviceErrorPassesThrough() throws {
        try withTestEnv { env throws in
            env.register(UserRepository.self) {
                UserRepository(
                    database: try ServiceEnv.current.resolve(Database.self),
                    logger: Logger(),
                )
            }
            let error = serviceError { try env.resolve(UserRepository.self) }
            guard case .notRegistered(let serviceType) = error else {
                Issue.record("expected notRegistered to pass through, got \(String(describing: error))")
                return
            }
            #expect(serviceType == "Database")
        }
    }

    @Test("a failed singleton factory caches nothing and runs again on the next resolve")
    func failedSingletonRetries() throws {
        try withTestEnv { env throws in
            let runs = Counter()
            env.register(Database.self) {
                if runs.increment() == 1 {
                    throw FactoryError(reason: "first run")
                }
                return Database()
            }
            #expect(serviceError { try env.resolve(Database.self) } != nil)
            let database = try env.resolve(Database.self)
            #expect(try env.resolve(Database.self) === database)
            #expect(runs.value == 2)
        }
    }

    @Test("an error thrown by a nested factory is wrapped with the nested type's name")
    func nestedFactoryErrorNamesNestedType() throws {
        try withTestEnv { env throws in
            env.register(Database.self) { throw FactoryError(reason: "nested") }
            env.register(UserRepository.self) {
                UserRepository(database: try ServiceEnv.current.resolve(Database.self), logger: Logger())
            }
            let error = serviceError { try env.resolve(UserRepository.self) }
            guard case .factoryFailed(let serviceType, _) = error else {
                Issue.record("expected factoryFailed, got \(String(describing: error))")
                return
            }
            #expect(serviceType == "Database")
        }
    }

    @Test("type names in errors are String(describing:) of the type")
    func typeNamesUseDescribing() throws {
        try withTestEnv { env throws in
            let error = serviceError { try env.resolve([Int: String].self) }
            guard case .notRegistered(let serviceType) = error else {
                Issue.record("expected notRegistered")
                return
            }
            #expect(serviceType == String(describing: [Int: String].self))
        }
    }

    @Test("ServiceError is an Error usable in a generic catch")
    func serviceErrorIsError() throws {
        try withTestEnv { env throws in
            do {
                _ = try env.resolve(Database.self)
                Issue.record("resolve should have thrown")
            } catch let error as ServiceError {
                #expect(error.description.hasPrefix("Service 'Database'"))
            }
        }
    }
}
