import Service
import Testing

@Suite("ServiceAssembly")
@MainActor
struct ServiceAssemblyTests {
    @Test("assembling one assembly registers its services")
    func singleAssembly() throws {
        try withTestEnv { env throws in
            env.assemble(StorageAssembly())
            #expect(try env.resolve(Database.self).url == "sqlite://assembled.db")
        }
    }

    @Test("assembling an array applies every assembly in order")
    func arrayInOrder() throws {
        try withTestEnv { env throws in
            env.assemble([NamedAssembly(value: "first"), NamedAssembly(value: "second")])
            #expect(try env.resolve(String.self) == "second")
        }
    }

    @Test("assembling a variadic list applies every assembly in order")
    func variadicInOrder() throws {
        try withTestEnv { env throws in
            env.assemble(NamedAssembly(value: "first"), StorageAssembly(), NamedAssembly(value: "third"))
            #expect(try env.resolve(String.self) == "third")
            #expect(try env.resolve(Database.self).url == "sqlite://assembled.db")
        }
    }

    @Test("an assembly registers on both tracks in the env it is given")
    func assemblyBothTracks() throws {
        let target = ServiceEnv(name: #function)
        target.assemble(UIAssembly())
        #expect(try target.resolveMain(ViewModel.self).title == "Assembled")
        #expect(try target.resolve(Logger.self).label == "ui")
        #expect(serviceError { try ServiceEnv.current.resolve(Logger.self) } != nil)
    }

    @Test("assemblies can depend on each other's services at resolve time")
    func crossAssemblyDependencies() throws {
        try withTestEnv { env throws in
            env.assemble(RepositoryAssembly(), StorageAssembly())
            #expect(try env.resolve(UserRepository.self).database.url == "sqlite://assembled.db")
        }
    }
}

struct StorageAssembly: ServiceAssembly {
    func assemble(env: ServiceEnv) {
        env.register(Database.self) { Database(url: "sqlite://assembled.db") }
        env.register(Logger.self) { Logger(label: "storage") }
    }
}

struct RepositoryAssembly: ServiceAssembly {
    func assemble(env: ServiceEnv) {
        env.register(UserRepository.self) {
            UserRepository(
                database: try ServiceEnv.current.resolve(Database.self),
                logger: try ServiceEnv.current.resolve(Logger.self),
            )
        }
    }
}

struct NamedAssembly: ServiceAssembly {
    let value: String

    func assemble(env: ServiceEnv) {
        let value = value
        env.register(String.self) { value }
    }
}

struct UIAssembly: ServiceAssembly {
    func assemble(env: ServiceEnv) {
        env.registerMain(ViewModel.self) { ViewModel(title: "Assembled") }
        env.register(Logger.self) { Logger(label: "ui") }
    }
}
