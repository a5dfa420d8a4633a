import Service
import Testing

/// A service whose instances number themselves, so a test can tell a rebuilt one.
private final class Token: Sendable {
    let number: Int
    init(number: Int) { self.number = number }
}

/// A cached service that logs its disposal.
private final class Session: AsyncDisposable {
    let disposed = Flag()
    func dispose() async throws { disposed.set() }
}

private struct Endpoint: Sendable {
    let url: String
}

@Suite("resetCache(for:)")
struct ResetCacheTests {
    @Test("drops one service's instance, keeps its registration and every other instance")
    func dropsOnlyThatInstance() throws {
        let env = ServiceEnv(name: "server")
        let built = Counter()
        env.register(Token.self) { Token(number: built.increment()) }
        env.register(Database.self) { Database(url: "postgres://db") }
        let token = try env.resolve(Token.self)
        let database = try env.resolve(Database.self)

        env.resetCache(for: Token.self)

        let rebuilt = try env.resolve(Token.self)
        #expect(token.number == 1)
        #expect(rebuilt.number == 2)
        #expect(try env.resolve(Token.self) === rebuilt)
        #expect(try env.resolve(Database.self) === database)
    }

    @Test("under tags, only the registration with exactly those tags")
    func tagged() throws {
        let env = ServiceEnv(name: "tags")
        let built = Counter()
        env.register(Token.self, tags: "backup") { Token(number: built.increment()) }
        env.register(Token.self) { Token(number: built.increment()) }
        let backup = try env.resolve(Token.self, tags: "backup")
        let primary = try env.resolve(Token.self)

        env.resetCache(for: Token.self, tags: "backup")

        #expect(try env.resolve(Token.self) === primary)
        #expect(try env.resolve(Token.self, tags: "backup") !== backup)
        env.resetCache(for: Token.self, tags: "unknown")  // nothing registered: nothing happens
        #expect(try env.resolve(Token.self) === primary)
    }

    @Test("the dropped instance is disposed, the others are not")
    func disposesTheDroppedInstance() async throws {
        let env = ServiceEnv(name: "disposal")
        env.register(Session.self) { Session() }
        env.register(Database.self) { Database(url: "postgres://db") }
        let session = try env.resolve(Session.self)
        _ = try env.resolve(Database.self)

        env.resetCache(for: Session.self)
        try await env.waitForDisposals()

        #expect(session.disposed.isSet)
        let next = try env.resolve(Session.self)
        #expect(next !== session)
        #expect(!next.disposed.isSet)
    }

    @Test("a factory running while the cache is dropped returns its instance and does not cache it")
    func constructionInFlightIsNotCached() async throws {
        let env = ServiceEnv(name: "in flight")
        let held = HeldFactory()
        let first = await held.startBuilding(Token.self, in: env) { Token(number: $0) }

        env.resetCache(for: Token.self)
        held.release()

        #expect(try await first.value.number == 1)
        #expect(try await env.resolveAsync(Token.self).number == 2)
        #expect(try await env.resolveAsync(Token.self).number == 2)
    }

    @Test("a child environment drops its own instance; its parent's stays")
    func childDropsItsOwn() throws {
        let parent = ServiceEnv(name: "production")
        let built = Counter()
        parent.register(Token.self) { Token(number: built.increment()) }
        let child = ServiceEnv(name: "test", parent: parent)
        let parentToken = try parent.resolve(Token.self)
        let childToken = try child.resolve(Token.self)

        child.resetCache(for: Token.self)

        #expect(try parent.resolve(Token.self) === parentToken)
        #expect(try child.resolve(Token.self) !== childToken)
    }

    @Test("a MainActor-track service too")
    @MainActor
    func mainActorTrack() throws {
        let env = ServiceEnv(name: "main")
        env.registerMain(MainScreen.self) { MainScreen() }
        let screen = try env.resolveMain(MainScreen.self)
        env.resetCache(for: MainScreen.self)
        #expect(try env.resolveMain(MainScreen.self) !== screen)
    }
}

@MainActor
private final class MainScreen {}
