import Service
import Testing

/// Records the order of `assemble` and `loaded` calls of the assemblies below.
@MainActor
final class AssemblyJournal {
    var entries: [String] = []
}

/// A hand-written assembly whose `loaded` resolves what a later assembly registers.
struct ReportingAssembly: ServiceAssembly {
    let name: String
    let journal: AssemblyJournal

    func assemble(env: ServiceEnv) {
        journal.entries.append("assemble \(name)")
    }

    func loaded(env: ServiceEnv) {
        let url = (try? env.resolve(Database.self).url) ?? "none"
        journal.entries.append("loaded \(name): \(url)")
    }
}

/// A declared assembly (as `@Assembly` generates) that counts how often it is applied.
struct CountedAssembly: DeclaredAssembly {
    static let registrations: [AssemblyRegistration] = [
        AssemblyRegistration(
            service: Database.self,
            registeredAs: Database.self,
            scope: .singleton,
            track: .sendable,
            source: .closure,
        )
    ]
    let journal: AssemblyJournal

    func assemble(env: ServiceEnv) {
        journal.entries.append("assemble counted")
        env.register(Database.self) { Database(url: "counted") }
    }

    func loaded(env: ServiceEnv) {
        journal.entries.append("loaded counted")
    }
}

/// A declared assembly that applies `CountedAssembly` from inside its own `assemble`.
struct IncludingAssembly: DeclaredAssembly {
    static let registrations: [AssemblyRegistration] = []
    let journal: AssemblyJournal

    func assemble(env: ServiceEnv) {
        env.assemble(CountedAssembly(journal: journal))
        journal.entries.append("assemble including")
    }
}

@Suite("Assembly post-hooks and de-duplication")
@MainActor
struct AssemblyHookTests {
    @Test("loaded(env:) runs after every assembly of the call registered, in order")
    func hooksRunAfterAll() {
        let env = ServiceEnv(name: #function)
        let journal = AssemblyJournal()
        env.assemble(ReportingAssembly(name: "first", journal: journal), CountedAssembly(journal: journal))
        #expect(
            journal.entries == [
                "assemble first", "assemble counted", "loaded first: counted", "loaded counted",
            ]
        )
    }

    @Test("a declared assembly listed twice registers once and runs its hook once")
    func declaredAssemblyOnce() {
        let env = ServiceEnv(name: #function)
        let journal = AssemblyJournal()
        env.assemble(CountedAssembly(journal: journal), CountedAssembly(journal: journal))
        env.assemble(CountedAssembly(journal: journal))
        #expect(journal.entries == ["assemble counted", "loaded counted"])
        #expect(env.assembledTables.map(\.name) == ["CountedAssembly"])
        #expect(env.assembledTables.first?.registrations.count == 1)
    }

    @Test("an assembly reached twice through includes is applied once; nested calls join the session")
    func includedOnce() {
        let env = ServiceEnv(name: #function)
        let journal = AssemblyJournal()
        env.assemble(IncludingAssembly(journal: journal), CountedAssembly(journal: journal))
        #expect(
            journal.entries == ["assemble counted", "assemble including", "loaded counted"]
        )
        #expect(env.assembledTables.map(\.name) == ["IncludingAssembly", "CountedAssembly"])
    }

    @Test("a hand-written assembly carries configuration and is applied every time it is passed")
    func handWrittenEveryTime() {
        let env = ServiceEnv(name: #function)
        let journal = AssemblyJournal()
        env.assemble(ReportingAssembly(name: "a", journal: journal), ReportingAssembly(name: "a", journal: journal))
        #expect(journal.entries == ["assemble a", "assemble a", "loaded a: none", "loaded a: none"])
    }

    @Test("resetAll forgets the applied assemblies, so they can be applied again")
    func resetAllForgets() throws {
        let env = ServiceEnv(name: #function)
        let journal = AssemblyJournal()
        env.assemble(CountedAssembly(journal: journal))
        env.resetAll()
        #expect(env.assembledTables.isEmpty)
        env.assemble(CountedAssembly(journal: journal))
        #expect(journal.entries.filter { $0 == "assemble counted" }.count == 2)
        #expect(try env.resolve(Database.self).url == "counted")
    }

    @Test("each environment applies a declared assembly once on its own")
    func perEnvironment() {
        let journal = AssemblyJournal()
        ServiceEnv(name: "one").assemble(CountedAssembly(journal: journal))
        ServiceEnv(name: "two").assemble(CountedAssembly(journal: journal))
        #expect(journal.entries.filter { $0 == "assemble counted" }.count == 2)
    }

    @Test("@Assembly types are declared assemblies: their tables are recorded, includes applied once")
    func generatedAssemblies() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(RequestAssembly(), RequestAssembly())
        #expect(env.assembledTables.map(\.name) == ["RequestAssembly"])
        #expect(
            env.assembledTables.first?.registrations.map(\.description) == [
                "RequestHandler (singleton, Sendable)", "Request (transient, Sendable)",
            ])
    }
}
