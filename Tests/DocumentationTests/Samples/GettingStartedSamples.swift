import Service
import ServiceTesting
import Testing

// The listings of `GettingStarted.md`.

// snippet: getting-started-first-service
private struct Database: Sendable {
    let url: String
}

private struct UserRepository: Sendable {
    @Service var database: Database
}
// snippet-end

// snippet: getting-started-injectable
private struct Config: Sendable {
    let greeting: String
}

@Injectable
private struct Greeter: Sendable {
    let config: Config

    func greet(_ name: String) -> String { "\(config.greeting), \(name)!" }
}
// snippet-end

// snippet: getting-started-assembly
@Assembly
private struct AppAssembly {
    #register(Config.self) { Config(greeting: "Hello") }
    #register(Greeter.self)
}
// snippet-end

@Suite(.serviceEnv())
struct GettingStartedSamples {
    @Test func firstService() {
        // snippet: getting-started-first-resolve
        ServiceEnv.current.register(Database.self) { Database(url: "sqlite://app.db") }
        let repository = UserRepository()  // `database` resolves on first access
        print(repository.database.url)  // sqlite://app.db
        // snippet-end
        #expect(repository.database.url == "sqlite://app.db")
    }

    @Test func firstInjectable() throws {
        // snippet: getting-started-injectable-register
        let env = ServiceEnv(name: "app")
        env.register(Config.self) { Config(greeting: "Hello") }
        env.register(Greeter.self)  // no closure: `@Injectable` says how to build it
        print(try env.resolve(Greeter.self).greet("Ada"))  // Hello, Ada!
        // snippet-end
        #expect(try env.resolve(Greeter.self).greet("Ada") == "Hello, Ada!")
    }

    @Test func firstAssembly() throws {
        // snippet: getting-started-assembly-apply
        let env = ServiceEnv(name: "app")
        env.apply(AppAssembly())
        try env.validate()  // checks the whole graph at start-up; builds nothing
        let greeter = try env.resolve(Greeter.self)
        // snippet-end
        #expect(greeter.greet("Grace") == "Hello, Grace!")
    }

    @Test func currentEnvironment() throws {
        // snippet: getting-started-current
        ServiceEnv.$current.withValue(ServiceEnv(name: "preview")) {
            ServiceEnv.current.register(Database.self) { Database(url: "memory") }
            print(UserRepository().database.url)  // memory
        }
        // snippet-end
        let url = try ServiceEnv.$current.withValue(ServiceEnv(name: "other")) {
            ServiceEnv.current.register(Database.self) { Database(url: "other") }
            return try UserRepository().$database.get().url
        }
        #expect(url == "other")
    }
}
