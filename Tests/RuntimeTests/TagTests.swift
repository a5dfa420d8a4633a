import Service
import Testing

/// A tag type other than `String`, to show tags of different types mix.
enum Region: Hashable, Sendable {
    case eu
    case us
}

/// The `ServiceUsageError` under a `.factoryFailed` error, or nil.
func usageError(_ error: ServiceError?) -> ServiceUsageError? {
    if case .factoryFailed(_, let underlying as ServiceUsageError)? = error {
        return underlying
    }
    return nil
}

/// A tag whose values all hash alike, so that their keys probe the same entries of a table.
private struct CollidingTag: Hashable, Sendable {
    let value: Int

    func hash(into hasher: inout Hasher) {
        hasher.combine(0)
    }
}

/// A service written without the macros whose dependency's tags, `"eu"` and `7`, are listed as
/// existentials.
private struct EuropeanReport: Injectable {
    static let dependencies = [ServiceDependency(Database.self, label: "database", kind: .required, tags: ["eu", 7])]

    let database: Database

    static func make(resolver: ServiceEnv) throws(ServiceError) -> EuropeanReport {
        EuropeanReport(database: try resolver.resolve(Database.self, tags: "eu", 7))
    }
}

@Suite("Tags")
struct TagTests {
    @Test("tagged and untagged registrations of one type coexist")
    func taggedAndUntaggedCoexist() throws {
        let env = ServiceEnv(name: "tags")
        env.register(Database.self) { Database(url: "default") }
        env.register(Database.self, tags: "replica") { Database(url: "replica") }
        env.register(Database.self, tags: Region.eu) { Database(url: "eu") }
        #expect(try env.resolve(Database.self).url == "default")
        #expect(try env.resolve(Database.self, tags: "replica").url == "replica")
        #expect(try env.resolve(Database.self, tags: Region.eu).url == "eu")
    }

    @Test("a set of tags is a key: order and repetition do not matter, a subset does")
    func tagSetIsTheKey() throws {
        let env = ServiceEnv(name: "tags")
        env.register(Database.self, tags: Region.us, "primary") { Database(url: "us-primary") }
        #expect(try env.resolve(Database.self, tags: "primary", Region.us).url == "us-primary")
        #expect(try env.resolve(Database.self, tags: "primary", Region.us, "primary").url == "us-primary")
        #expect(serviceError { try env.resolve(Database.self, tags: "primary") } != nil)
    }

    @Test("tags of different types are different tags, even when they print alike")
    func tagTypesMatter() {
        let env = ServiceEnv(name: "tags")
        env.register(Database.self, tags: 1) { Database(url: "int") }
        #expect(serviceError { try env.resolve(Database.self, tags: "1") } != nil)
        #expect(serviceError { try env.resolve(Database.self, tags: 1 as Int64) } != nil)
    }

    @Test("a String or Int tag, in a box class of its own, equals only a String or Int, also given as an existential")
    func inlineTags() throws {
        let env = ServiceEnv(name: "tags")
        env.register(Database.self, tags: "eu", 7) { Database(url: "string and int") }
        env.register(Database.self, tags: Substring("eu"), Int32(7)) { Database(url: "boxed") }
        env.register(Database.self, tags: "eu", Region.eu) { Database(url: "string and enum") }
        #expect(try env.resolve(Database.self, tags: 7, "eu").url == "string and int")
        #expect(try env.resolve(Database.self, tags: Substring("eu"), Int32(7)).url == "boxed")
        #expect(try env.resolve(Database.self, tags: Region.eu, "eu").url == "string and enum")
        #expect(serviceError { try env.resolve(Database.self, tags: Substring("eu"), 7) } != nil)
        #expect(serviceError { try env.resolve(Database.self, tags: "eu", Int32(7)) } != nil)
        #expect(try env.resolveAll(Database.self, tags: "eu").map(\.url) == ["string and int", "string and enum"])
        // NB: a dependency list holds its tags as existentials, which validate() matches to the keys.
        env.register(EuropeanReport.self, scope: .transient)
        #expect(throws: Never.self) { try env.validate() }
        let other = ServiceEnv(name: "other tags")
        other.register(Database.self, tags: Substring("eu"), 7) { Database() }
        other.register(EuropeanReport.self, scope: .transient)
        #expect(throws: ServiceValidationError.self) { try other.validate() }
    }

    @Test("tagged keys stay found as their table grows, even when all their tags hash alike")
    func manyTaggedKeys() throws {
        let env = ServiceEnv(name: "tags")
        let count = 300
        for value in 0..<count {
            env.register(Int.self, tags: value) { value }
            env.register(Int.self, tags: CollidingTag(value: value)) { -value }
        }
        env.register(Int.self, tags: CollidingTag(value: 0), "second") { 1_000 }
        let scope = env.makeScope(named: "request")
        let wrong = try (0..<count).filter { value in
            try env.resolve(Int.self, tags: value) != value
                || env.resolve(Int.self, tags: CollidingTag(value: value)) != -value
                || scope.resolve(Int.self, tags: CollidingTag(value: value)) != -value
        }
        #expect(wrong.isEmpty, "tags resolved to another key's registration: \(wrong.prefix(5))")
        #expect(try env.resolve(Int.self, tags: "second", CollidingTag(value: 0)) == 1_000)
        #expect(serviceError { try env.resolve(Int.self, tags: CollidingTag(value: count)) } != nil)
        #expect(serviceError { try env.resolve(Int.self, tags: "second") } != nil)
    }

    @Test("sets of several tags whose hashes add up alike stay apart, in any order")
    func severalCollidingTags() throws {
        let env = ServiceEnv(name: "tags")
        let one = CollidingTag(value: 1)
        let two = CollidingTag(value: 2)
        let three = CollidingTag(value: 3)
        let four = CollidingTag(value: 4)
        env.register(Int.self, tags: one, two) { 12 }
        env.register(Int.self, tags: three, four) { 34 }
        env.register(Int.self, tags: one, three) { 13 }
        #expect(try env.resolve(Int.self, tags: two, one) == 12)
        #expect(try env.resolve(Int.self, tags: four, three, four) == 34)
        #expect(try env.resolve(Int.self, tags: three, one) == 13)
        #expect(try env.makeScope(named: "request").resolve(Int.self, tags: one, two, one) == 12)
        #expect(serviceError { try env.resolve(Int.self, tags: two, three) } != nil)
        #expect(serviceError { try env.resolve(Int.self, tags: one) } != nil)
        #expect(serviceError { try env.resolve(Int.self, tags: one, two, three) } != nil)
        #expect(try env.resolveAll(Int.self, tags: one).sorted() == [12, 13])
    }

    @Test("an unknown tag is .notRegistered naming the type and the tag")
    func unknownTag() {
        let env = ServiceEnv(name: "tags")
        env.register(Database.self, tags: "replica") { Database() }
        let error = serviceError { try env.resolve(Database.self, tags: "archive") }
        guard case .notRegistered(let serviceType)? = error else {
            Issue.record("expected .notRegistered, got \(String(describing: error))")
            return
        }
        #expect(serviceType == #"Database[tag: "archive"]"#)
        let several = serviceError { try env.resolve(Database.self, tags: Region.eu, "archive") }
        #expect(several?.description == #"Service 'Database[tags: "archive", eu]' is not registered in ServiceEnv"#)
    }

    @Test("each tagged singleton has its own instance and is built once")
    func taggedSingletons() throws {
        let env = ServiceEnv(name: "tags")
        let runs = Counter()
        env.register(Database.self, tags: "a") {
            runs.increment()
            return Database(url: "a")
        }
        env.register(Database.self, tags: "b") { Database(url: "b") }
        let first = try env.resolve(Database.self, tags: "a")
        #expect(try env.resolve(Database.self, tags: "a") === first)
        #expect(try env.resolve(Database.self, tags: "b") !== first)
        #expect(runs.value == 1)
    }

    @Test("re-registering a tagged key replaces it; resetCaches drops tagged instances")
    func replaceAndReset() throws {
        let env = ServiceEnv(name: "tags")
        env.register(Database.self, tags: "a") { Database(url: "one") }
        let one = try env.resolve(Database.self, tags: "a")
        env.register(Database.self, tags: "a", scope: .transient) { Database(url: "two") }
        #expect(try env.resolve(Database.self, tags: "a").url == "two")
        env.register(Database.self, tags: "a") { Database(url: "three") }
        let three = try env.resolve(Database.self, tags: "a")
        #expect(three !== one && three.url == "three")
        env.resetCaches()
        #expect(try env.resolve(Database.self, tags: "a") !== three)
        env.resetAll()
        #expect(serviceError { try env.resolve(Database.self, tags: "a") } != nil)
    }

    @Test("the same type under two tags is not a cycle; under the same tags it is")
    func cyclesConsiderTags() throws {
        let env = ServiceEnv(name: "tags")
        env.register(Database.self) { Database(url: "inner") }
        env.register(Database.self, tags: "decorated", scope: .transient) {
            let inner = try ServiceEnv.current.resolve(Database.self)
            return Database(url: "decorated(\(inner.url))")
        }
        #expect(try env.resolve(Database.self, tags: "decorated").url == "decorated(inner)")

        env.register(Logger.self, tags: "loop", scope: .transient) {
            _ = try ServiceEnv.current.resolve(Logger.self, tags: "loop")
            return Logger()
        }
        let error = serviceError { try env.resolve(Logger.self, tags: "loop") }
        #expect(cycleChain(error) == [#"Logger[tag: "loop"]"#, #"Logger[tag: "loop"]"#])
    }

    @Test("a graph-scoped tagged service is shared within one resolve, apart from the untagged one")
    func taggedGraphScope() throws {
        let env = ServiceEnv(name: "tags")
        env.register(Database.self, tags: "g", scope: .graph) { Database(url: "tagged") }
        env.register(Database.self, scope: .graph) { Database(url: "plain") }
        env.register(UserRepository.self, scope: .transient) {
            let first = try ServiceEnv.current.resolve(Database.self, tags: "g")
            let second = try ServiceEnv.current.resolve(Database.self, tags: "g")
            let plain = try ServiceEnv.current.resolve(Database.self)
            #expect(first === second)
            #expect(plain !== first)
            return UserRepository(database: first, logger: Logger())
        }
        let one = try env.resolve(UserRepository.self)
        let two = try env.resolve(UserRepository.self)
        #expect(one.database !== two.database)
    }

    @Test("a child environment inherits and overrides tagged registrations per key")
    func nestedTags() throws {
        let parent = ServiceEnv(name: "parent")
        parent.register(Database.self, tags: "a") { Database(url: "parent-a") }
        parent.register(Database.self, tags: "b") { Database(url: "parent-b") }
        let child = ServiceEnv(name: "child", parent: parent)
        child.register(Database.self, tags: "b") { Database(url: "child-b") }
        #expect(try child.resolve(Database.self, tags: "a").url == "parent-a")
        #expect(try child.resolve(Database.self, tags: "b").url == "child-b")
        #expect(try parent.resolve(Database.self, tags: "b").url == "parent-b")
        #expect(try child.resolve(Database.self, tags: "a") !== parent.resolve(Database.self, tags: "a"))
    }

    @Test("MainActor services can be tagged too")
    @MainActor
    func mainActorTags() throws {
        let env = ServiceEnv(name: "tags")
        env.registerMain(ViewModel.self, tags: "settings") { ViewModel(title: "Settings") }
        env.registerMain(ViewModel.self) { ViewModel(title: "Home") }
        #expect(try env.resolveMain(ViewModel.self, tags: "settings").title == "Settings")
        #expect(try env.resolveMain(ViewModel.self).title == "Home")
        #expect(serviceError { try env.resolve(Database.self, tags: "settings") } != nil)
    }
}

@Suite("Optional resolution and resolveAll")
struct OptionalAndAllTests {
    @Test("resolve(T?.self) still resolves a registration of the type T?")
    func optionalTypeKeepsItsMeaning() throws {
        let env = ServiceEnv(name: "optional")
        env.register(Database.self) { Database() }
        #expect(serviceError { try env.resolve(Database?.self) } != nil)
        env.register(Database?.self) { nil }
        #expect(try env.resolve(Database?.self) == nil)
        #expect(try env.resolveIfRegistered(Database.self) != nil)
    }

    @Test("an optional resolve is nil when absent and the value when present")
    func optionalResolve() throws {
        let env = ServiceEnv(name: "optional")
        #expect(try env.resolveIfRegistered(Database.self) == nil)
        #expect(try env.resolveIfRegistered(Database.self, tags: "x") == nil)
        env.register(Database.self, tags: "x") { Database(url: "x") }
        #expect(try env.resolveIfRegistered(Database.self, tags: "x")?.url == "x")
        #expect(try env.resolveIfRegistered(Database.self) == nil)
    }

    @Test("an optional resolve throws when the service is present but fails")
    func optionalResolveFailure() {
        let env = ServiceEnv(name: "optional")
        env.register(Database.self) { throw FactoryError(reason: "down") }
        let error = serviceError { try env.resolveIfRegistered(Database.self) }
        guard case .factoryFailed(let serviceType, let underlying)? = error else {
            Issue.record("expected .factoryFailed, got \(String(describing: error))")
            return
        }
        #expect(serviceType == "Database")
        #expect(underlying as? FactoryError == FactoryError(reason: "down"))
    }

    @Test("an optional resolve throws when a dependency of a present service is missing")
    func optionalResolveMissingDependency() {
        let env = ServiceEnv(name: "optional")
        env.register(UserRepository.self) {
            try UserRepository(database: ServiceEnv.current.resolve(Database.self), logger: Logger())
        }
        #expect(serviceError { try env.resolveIfRegistered(UserRepository.self) } != nil)
    }

    @Test("optional MainActor resolve")
    @MainActor
    func optionalMain() throws {
        let env = ServiceEnv(name: "optional")
        #expect(try env.resolveMainIfRegistered(ViewModel.self) == nil)
        env.registerMain(ViewModel.self) { ViewModel() }
        #expect(try env.resolveMainIfRegistered(ViewModel.self)?.title == "Home")
    }

    @Test("resolveAll returns every registration of a type in registration order")
    func resolveAllInOrder() throws {
        let env = ServiceEnv(name: "all")
        env.register(Database.self, tags: "b") { Database(url: "b") }
        env.register(Database.self) { Database(url: "untagged") }
        env.register(Database.self, tags: "a", Region.eu) { Database(url: "a-eu") }
        env.register(Database.self, tags: "a") { Database(url: "a") }
        env.register(Logger.self) { Logger() }
        #expect(try env.resolveAll(Database.self).map(\.url) == ["b", "untagged", "a-eu", "a"])
        env.register(Database.self, tags: "b") { Database(url: "b2") }
        env.resetCaches()
        #expect(try env.resolveAll(Database.self).map(\.url) == ["b2", "untagged", "a-eu", "a"])
    }

    @Test("resolveAll with tags returns the registrations whose tags include all of them")
    func resolveAllFiltered() throws {
        let env = ServiceEnv(name: "all")
        env.register(Database.self, tags: "a", 1) { Database(url: "a1") }
        env.register(Database.self, tags: "a", 2) { Database(url: "a2") }
        env.register(Database.self, tags: "b", 1) { Database(url: "b1") }
        env.register(Database.self) { Database(url: "untagged") }
        #expect(try env.resolveAll(Database.self, tags: "a").map(\.url) == ["a1", "a2"])
        #expect(try env.resolveAll(Database.self, tags: 1).map(\.url) == ["a1", "b1"])
        #expect(try env.resolveAll(Database.self, tags: "a", 2).map(\.url) == ["a2"])
        #expect(try env.resolveAll(Database.self, tags: "c").isEmpty)
        #expect(try env.resolveAll(Logger.self).isEmpty)
    }

    @Test("resolveAll respects scopes, skips argument factories and reports failures")
    func resolveAllScopesAndFailures() throws {
        let env = ServiceEnv(name: "all")
        env.register(Database.self, tags: 1) { Database(url: "singleton") }
        env.register(Database.self, tags: 2, scope: .transient) { Database(url: "transient") }
        env.register(Database.self, tags: 3) { (url: String) in Database(url: url) }
        let first = try env.resolveAll(Database.self)
        let second = try env.resolveAll(Database.self)
        #expect(first.map(\.url) == ["singleton", "transient"])
        #expect(first[0] === second[0])
        #expect(first[1] !== second[1])
        env.register(Database.self, tags: 4) { throw FactoryError(reason: "four") }
        #expect(serviceError { try env.resolveAll(Database.self) } != nil)
    }

    @Test("resolveAll in a child lists the parent's registrations first, overridden per key")
    func resolveAllNested() throws {
        let parent = ServiceEnv(name: "parent")
        parent.register(Database.self, tags: 1) { Database(url: "p1") }
        parent.register(Database.self, tags: 2) { Database(url: "p2") }
        let child = ServiceEnv(name: "child", parent: parent)
        child.register(Database.self, tags: 3) { Database(url: "c3") }
        child.register(Database.self, tags: 1) { Database(url: "c1") }
        #expect(try child.resolveAll(Database.self).map(\.url) == ["c1", "p2", "c3"])
        #expect(try parent.resolveAll(Database.self).map(\.url) == ["p1", "p2"])
    }

    @Test("resolveAll works for existential keys")
    func resolveAllExistential() throws {
        let env = ServiceEnv(name: "all")
        env.register((any Sendable).self, tags: "x", 1) { 1 }
        env.register((any Sendable).self, tags: "x", 2) { "two" }
        let values = try env.resolveAll((any Sendable).self, tags: "x")
        #expect(values.count == 2)
        #expect(values.first as? Int == 1)
    }
}

protocol Store: Sendable {
    var name: String { get }
}

@Injectable
struct SQLiteStore: Store {
    let database: Database
    var name: String { "sqlite(\(database.url))" }
}

@Injectable
struct DatabaseClient: Sendable {
    let database: Database
}

@Assembly
struct TaggedStorageAssembly {
    #register(Database.self) { Database(url: "primary") }
    #register(Database.self, tags: "replica", Region.eu, scope: .transient) { Database(url: "replica-eu") }
    #register(SQLiteStore.self, as: (any Store).self, tags: 1)
    #register(DatabaseClient.self, tags: "audit")
}

@Suite("Tagged registrations in assemblies")
struct TaggedAssemblyTests {
    @Test("#register with tags registers under the tags; dependencies resolve untagged")
    @MainActor
    func taggedAssembly() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(TaggedStorageAssembly())
        #expect(try env.resolve(Database.self).url == "primary")
        #expect(try env.resolve(Database.self, tags: Region.eu, "replica").url == "replica-eu")
        #expect(try env.resolve((any Store).self, tags: 1).name == "sqlite(primary)")
        #expect(try env.resolve(DatabaseClient.self, tags: "audit").database.url == "primary")
        #expect(serviceError { try env.resolve(DatabaseClient.self) } != nil)
        #expect(
            TaggedStorageAssembly.registrations.map(\.description) == [
                "Database (singleton, Sendable)",
                #"Database as Database[tags: "replica", eu] (transient, Sendable)"#,
                "SQLiteStore as Store[tag: 1] (singleton, Sendable)",
                #"DatabaseClient as DatabaseClient[tag: "audit"] (singleton, Sendable)"#,
            ]
        )
    }
}
