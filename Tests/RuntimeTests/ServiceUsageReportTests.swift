import Service
import Testing

private struct UsedClock: Sendable {}
private struct UsedMailer: Sendable {}
private struct UsedCache: Sendable {}
private struct RequestID: Sendable {}

@Injectable
private struct ReportLeaf: Sendable {
    @Inject init() {}
}

@Injectable
private struct ReportTop: Sendable {
    let leaf: ReportLeaf
    init(leaf: ReportLeaf) { self.leaf = leaf }
}

@MainActor
private final class ReportScreen {}

@Suite("Service usage report")
struct ServiceUsageReportTests {
    private func app(_ name: String = "app") -> ServiceEnv {
        let env = ServiceEnv(name: name)
        env.register(UsedClock.self) { UsedClock() }
        env.register(UsedMailer.self) { UsedMailer() }
        env.register(UsedCache.self, scope: .transient) { UsedCache() }
        return env
    }

    @Test("registrations no resolve used are listed, whichever environment below resolved the others")
    func unused() throws {
        let app = app()
        app.recordServiceUsage()
        defer { app.stopRecordingServiceUsage() }
        _ = try app.resolve(UsedClock.self)
        _ = try app.resolve(UsedClock.self)
        let request = app.makeScope(named: "request")
        _ = try request.resolve(UsedCache.self)
        let report = app.serviceUsageReport()
        #expect(report.unused.map(\.description) == ["UsedMailer (app)"])
        #expect(report.shadowed.isEmpty)
        #expect(
            report.description == """
                'app': 1 registration never resolved, 0 shadowed
                  never resolved: UsedMailer (app)
                """
        )
    }

    @Test("a child's override that answered instead is reported as shadowing the parent's registration")
    func shadowedByAChild() throws {
        let app = app()
        app.recordServiceUsage()
        defer { app.stopRecordingServiceUsage() }
        for index in 1...2 {
            let test = ServiceEnv(name: "test \(index)", parent: app)
            test.register(UsedClock.self) { UsedClock() }
            _ = try test.resolve(UsedClock.self)
            _ = try test.resolve(UsedMailer.self)
        }
        let report = app.serviceUsageReport()
        #expect(report.unused.map(\.description) == ["UsedClock (app)", "UsedCache (app)"])
        #expect(report.shadowed.map(\.description) == ["UsedClock (app) by test 1, test 2"])
    }

    @Test("a registration hidden by a nearer one of the chain is shadowed, not unused")
    func shadowedInTheChain() throws {
        let app = app()
        let test = ServiceEnv(name: "test", parent: app)
        test.register(UsedClock.self) { UsedClock() }
        test.recordServiceUsage()
        defer { test.stopRecordingServiceUsage() }
        _ = try test.resolve(UsedClock.self)
        _ = try test.resolve(UsedMailer.self)
        _ = try test.resolve(UsedCache.self)
        let report = test.serviceUsageReport()
        #expect(report.unused.isEmpty)
        #expect(report.shadowed.map(\.description) == ["UsedClock (app) by test"])
    }

    @Test("generated wiring, tags, async and concurrent resolves are all recorded")
    func everyPath() async throws {
        let env = ServiceEnv(name: "wired")
        env.register(ReportLeaf.self, scope: .transient)
        env.register(ReportTop.self, scope: .transient)
        env.register(UsedClock.self, tags: "utc") { UsedClock() }
        env.register(UsedMailer.self) { () async in UsedMailer() }
        env.register(RequestID.self, scope: .transient) { RequestID() }
        env.recordServiceUsage()
        defer { env.stopRecordingServiceUsage() }
        _ = try env.resolve(ReportTop.self)
        _ = try env.resolve(UsedClock.self, tags: "utc")
        _ = try await env.resolveAsync(UsedMailer.self)
        #expect(env.serviceUsageReport().unused.map(\.description) == ["RequestID (wired)"])
        let done = runOnThreads(8) {
            for _ in 0..<100 {
                _ = try? env.resolve(RequestID.self)
            }
        }
        #expect(done)
        #expect(env.serviceUsageReport().unused.isEmpty)
    }

    @Test("MainActor-track resolves are recorded")
    @MainActor
    func mainActorTrack() throws {
        let env = ServiceEnv(name: "main")
        env.registerMain(ReportScreen.self) { ReportScreen() }
        env.registerMain(ReportScreen.self, tags: "modal") { ReportScreen() }
        env.recordServiceUsage()
        defer { env.stopRecordingServiceUsage() }
        _ = try env.resolveMain(ReportScreen.self)
        #expect(env.serviceUsageReport().unused.map(\.description) == [#"ReportScreen[tag: "modal"] (main)"#])
    }

    @Test("without a recording every registration is unused, and stopping forgets what was recorded")
    func off() throws {
        let app = app()
        _ = try app.resolve(UsedClock.self)
        #expect(app.serviceUsageReport().unused.count == 3)
        app.recordServiceUsage()
        _ = try app.resolve(UsedClock.self)
        #expect(app.serviceUsageReport().unused.count == 2)
        app.stopRecordingServiceUsage()
        #expect(app.serviceUsageReport().unused.count == 3)
    }
}
