import Foundation
import Service
import ServiceTesting
import Synchronization
import Testing

// The listings of `EnvironmentsAndTesting.md`.

// snippet: environments-model
private protocol TimeSource: Sendable {
    func now() -> Int
}

@Injectable
private struct SystemTime: TimeSource {
    func now() -> Int { Int(Date.now.timeIntervalSince1970) }
}

private struct FixedTime: TimeSource {
    let time: Int
    func now() -> Int { time }
}

private struct Note: Sendable {
    let text: String
    let createdAt: Int
}

@Injectable
private struct NoteRepository: Sendable {
    let clock: any TimeSource

    func add(_ text: String) -> Note { Note(text: text, createdAt: clock.now()) }
}

@Assembly
private struct AppAssembly {
    #register(SystemTime.self, as: (any TimeSource).self)
    #register(NoteRepository.self, scope: .transient)
}
// snippet-end

// snippet: environments-trait-test
@Test(
    .serviceEnv { env in
        env.apply(AppAssembly())
        env.register((any TimeSource).self) { FixedTime(time: 0) }
    }
)
func stampsNotesWithTheClock() throws {
    let note = try ServiceEnv.current.resolve(NoteRepository.self).add("hi")
    #expect(note.createdAt == 0)
}
// snippet-end

// snippet: environments-trait-suite
@Suite(.serviceEnv { env in env.apply(AppAssembly()) })
struct NoteRepositoryTests {
    @Test func usesTheSystemClock() throws {
        let note = try ServiceEnv.current.resolve(NoteRepository.self).add("hi")
        #expect(note.createdAt > 0)
    }

    @Test func keepsTheText() throws {
        #expect(try ServiceEnv.current.resolve(NoteRepository.self).add("hi").text == "hi")
    }

    @Test(.serviceEnv { env in env.register((any TimeSource).self) { FixedTime(time: 0) } })
    func usesTheTestsClock() throws {
        #expect(try ServiceEnv.current.resolve(NoteRepository.self).add("hi").createdAt == 0)
    }
}
// snippet-end

// snippet: environments-validate-test
@Test func productionWiringIsComplete() throws {
    let production = ServiceEnv(name: "production")
    production.apply(AppAssembly())
    try production.validate()
}
// snippet-end

@Suite(.serviceEnv())
struct EnvironmentsSamples {
    @Test func overrideEnvironment() throws {
        // snippet: environments-override
        let production = ServiceEnv(name: "production")
        production.apply(AppAssembly())

        let test = ServiceEnv(name: "test", parent: production)  // all production wiring…
        test.register((any TimeSource).self) { FixedTime(time: 0) }  // …but this one
        let note = try test.resolve(NoteRepository.self).add("hi")
        print(note.createdAt)  // 0: the override reaches the inherited NoteRepository
        // snippet-end
        #expect(note.createdAt == 0)
        #expect(try production.resolve(NoteRepository.self).add("hi").createdAt > 0)
    }

    @Test func trace() throws {
        let lines = Mutex<[String]>([])
        let print = { @Sendable (trace: ResolutionTrace) in
            lines.withLock { $0 += "\(trace)".split(separator: "\n").map(String.init) }
        }
        // snippet: environments-trace
        let production = ServiceEnv(name: "production")
        production.apply(AppAssembly())
        production.traceResolutions { trace in print(trace) }
        _ = try production.resolve(NoteRepository.self)
        // NoteRepository: built in 'production' (transient, 0.012 ms)
        //   TimeSource: built in 'production' (singleton, 0.002 ms)
        production.stopTracingResolutions()
        // snippet-end
        let printed = lines.withLock { $0 }
        #expect(printed.count == 2)
        #expect(printed.first?.hasPrefix("NoteRepository: built in 'production' (transient, ") == true)
        #expect(printed.last?.hasPrefix("  TimeSource: built in 'production' (singleton, ") == true, "\(printed)")
    }

    @Test func usageReport() throws {
        let lines = Mutex<[String]>([])
        let print = { @Sendable (report: ServiceUsageReport) in lines.withLock { $0.append("\(report)") } }
        // snippet: environments-usage
        let production = ServiceEnv(name: "production")
        production.apply(AppAssembly())
        production.recordServiceUsage()

        let test = ServiceEnv(name: "test", parent: production)
        test.register((any TimeSource).self) { FixedTime(time: 0) }
        _ = try test.resolve(NoteRepository.self).add("hi")

        print(production.serviceUsageReport())
        // 'production': 1 registration never resolved, 1 shadowed
        //   never resolved: TimeSource (production)
        //   shadowed: TimeSource (production) by test
        // snippet-end
        #expect(
            lines.withLock { $0 } == [
                """
                'production': 1 registration never resolved, 1 shadowed
                  never resolved: TimeSource (production)
                  shadowed: TimeSource (production) by test
                """
            ]
        )
    }

    @Test func namedEnvironmentsAreIsolated() throws {
        // snippet: environments-isolated
        let first = ServiceEnv(name: "test")
        let second = ServiceEnv(name: "test")
        first.register(Int.self) { 1 }
        print(first == second)  // true: environments compare by name…
        print((try? second.resolve(Int.self)) == nil)  // true: …but each has its own storage
        // snippet-end
        #expect(first == second)
        #expect(throws: ServiceError.self) { try second.resolve(Int.self) }
    }

    @Test func resets() throws {
        let env = ServiceEnv(name: "resets")
        env.register(Note.self, scope: .custom("session")) { Note(text: "draft", createdAt: 0) }
        _ = try env.resolve(Note.self)
        // snippet: environments-resets
        env.resetScope(.custom("session"))  // drop the instances of one custom scope
        env.resetCache(for: (any TimeSource).self)  // drop one service's instance
        env.resetCaches()  // drop every cached instance, keep the registrations
        env.resetAll()  // drop the registrations too
        // snippet-end
        #expect(throws: ServiceError.self) { try env.resolve(Note.self) }
    }
}
