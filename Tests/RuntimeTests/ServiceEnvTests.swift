import Service
import Testing

@Suite("ServiceEnv")
struct ServiceEnvTests {
    @Test("the default current environment is .online")
    func defaultCurrentIsOnline() throws {
        #expect(ServiceEnv.current == .online)
        #expect(ServiceEnv.current.name == "online")
    }

    @Test("the predefined environments have their documented names")
    func predefinedNames() throws {
        #expect(ServiceEnv.online.name == "online")
        #expect(ServiceEnv.test.name == "test")
        #expect(ServiceEnv.dev.name == "dev")
    }

    @Test("the default maximum resolution depth is 100")
    func defaultMaxDepth() throws {
        #expect(ServiceEnv.maxResolutionDepth == 100)
    }

    @Test("environments are equal and hash equally by name")
    func equalityByName() throws {
        let first = ServiceEnv(name: "same")
        let second = ServiceEnv(name: "same")
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(ServiceEnv(name: "a") != ServiceEnv(name: "b"))
        #expect(Set([first, second, ServiceEnv(name: "other")]).count == 2)
    }

    @Test("two environments created with one name have isolated storage")
    func sameNameIsolatedStorage() throws {
        let first = ServiceEnv(name: "test")
        let second = ServiceEnv(name: "test")
        first.register(Int.self) { 1 }
        #expect(try first.resolve(Int.self) == 1)
        #expect(serviceError { try second.resolve(Int.self) } != nil)
    }

    @Test("copies of an environment share its storage")
    func copiesShareStorage() throws {
        let original = ServiceEnv(name: "shared")
        let copy = original
        original.register(Database.self) { Database() }
        #expect(try copy.resolve(Database.self) === original.resolve(Database.self))
    }

    @Test("the static environments are single values")
    func staticEnvironmentsAreSingleValues() throws {
        let type = StaticProbe.self
        ServiceEnv.dev.register(type) { StaticProbe() }
        defer { ServiceEnv.dev.resetAll() }
        let copy = ServiceEnv.dev
        #expect(try copy.resolve(type) === ServiceEnv.dev.resolve(type))
    }

    @Test("withValue switches the current environment for the operation only")
    func taskLocalSwitching() throws {
        let env = ServiceEnv(name: #function)
        env.register(String.self) { "switched" }
        let inside = try ServiceEnv.$current.withValue(env) { try ServiceEnv.current.resolve(String.self) }
        #expect(inside == "switched")
        #expect(ServiceEnv.current == .online)
    }

    @Test("child tasks inherit the current environment")
    func childTasksInherit() async throws {
        try await withTestEnv { env async throws in
            env.register(String.self) { "inherited" }
            let fromChild = try await withThrowingTaskGroup(of: String.self) { group in
                group.addTask { try ServiceEnv.current.resolve(String.self) }
                return try await group.next() ?? ""
            }
            #expect(fromChild == "inherited")
            let fromTask = try await Task { try ServiceEnv.current.resolve(String.self) }.value
            #expect(fromTask == "inherited")
        }
    }

    @Test("a detached task does not inherit the current environment")
    func detachedTaskDoesNotInherit() async throws {
        try await withTestEnv { _ async throws in
            let name = await Task.detached { ServiceEnv.current.name }.value
            #expect(name == "online")
        }
    }

    @Test("nested withValue calls restore the outer environment")
    func nestedSwitching() throws {
        let outer = ServiceEnv(name: "outer")
        let inner = ServiceEnv(name: "inner")
        ServiceEnv.$current.withValue(outer) {
            ServiceEnv.$current.withValue(inner) {
                #expect(ServiceEnv.current.name == "inner")
            }
            #expect(ServiceEnv.current.name == "outer")
        }
    }

    @Test("resetCaches drops instances and keeps registrations")
    func resetCachesKeepsRegistrations() throws {
        try withTestEnv { env throws in
            env.register(Database.self) { Database() }
            let before = try env.resolve(Database.self)
            env.resetCaches()
            let after = try env.resolve(Database.self)
            #expect(before !== after)
            #expect(try env.resolve(Database.self) === after)
        }
    }

    @Test("resetAll drops registrations and caches")
    func resetAllDropsEverything() throws {
        try withTestEnv { env throws in
            env.register(Database.self) { Database() }
            env.register(Logger.self, scope: .transient) { Logger() }
            _ = try env.resolve(Database.self)
            env.resetAll()
            #expect(serviceError { try env.resolve(Database.self) }?.description.contains("not registered") == true)
            #expect(serviceError { try env.resolve(Logger.self) } != nil)
        }
    }

    @Test("a type can be registered again after resetAll and gets a new instance")
    func registerAfterResetAll() throws {
        try withTestEnv { env throws in
            env.register(Database.self) { Database(url: "first") }
            let first = try env.resolve(Database.self)
            env.resetAll()
            env.register(Database.self) { Database(url: "second") }
            let second = try env.resolve(Database.self)
            #expect(first !== second)
            #expect(second.url == "second")
        }
    }

    @Test("resets of one environment leave another untouched")
    func resetsAreIsolated() throws {
        let first = ServiceEnv(name: "first")
        let second = ServiceEnv(name: "second")
        first.register(Database.self) { Database() }
        second.register(Database.self) { Database() }
        let kept = try second.resolve(Database.self)
        _ = try first.resolve(Database.self)
        first.resetAll()
        #expect(try second.resolve(Database.self) === kept)
    }
}

/// A type registered only in `ServiceEnv.dev` by one test.
private final class StaticProbe: Sendable {}
