import Testing

@testable import Service

/// Synchronous constructions publish their frame per thread, asynchronous ones per task; these
/// tests pin how the two meet.
@Suite("Resolution frames across sync and async factories")
struct ResolutionFrameTests {
    @Test("a cycle entered from an async factory and closed in sync ones names the whole chain")
    func cycleThroughSyncInsideAsync() async {
        let env = asyncDatabaseOverSyncLogger(#function)
        env.register(String.self, scope: .transient) { try ServiceEnv.current.resolve(Logger.self).label }
        let error = await asyncServiceError { try await env.resolveAsync(Database.self) }
        #expect(cycleChain(error) == ["Database", "Logger", "String", "Logger"])
    }

    @Test("the depth limit counts async and sync frames of one resolution together")
    func depthAcrossSyncAndAsync() async {
        let env = asyncDatabaseOverSyncLogger(#function)
        env.register(String.self, scope: .transient) { "leaf" }
        let error = await ServiceEnv.$maxResolutionDepth.withValue(2) {
            await asyncServiceError { try await env.resolveAsync(Database.self) }
        }
        guard case .maxDepthExceeded(let depth, let chain)? = error else {
            Issue.record("expected maxDepthExceeded, got \(String(describing: error))")
            return
        }
        #expect(depth == 2)
        #expect(chain == ["Database", "Logger"])
    }

    @Test("a graph-scoped instance is shared by the async and the sync factories of one resolve")
    func graphSharedAcrossSyncAndAsync() async throws {
        let env = ServiceEnv(name: #function)
        env.register(Database.self, scope: .graph) { Database() }
        env.register(Logger.self, scope: .transient) {
            Logger(label: try ServiceEnv.current.resolve(Database.self).url)
        }
        env.register(UserRepository.self, scope: .transient) { () async throws -> UserRepository in
            let database = try ServiceEnv.current.resolve(Database.self)
            await pause()
            let logger = try ServiceEnv.current.resolve(Logger.self)
            #expect(try ServiceEnv.current.resolve(Database.self) === database)
            return UserRepository(database: database, logger: logger)
        }
        let first = try await env.resolveAsync(UserRepository.self)
        let second = try await env.resolveAsync(UserRepository.self)
        #expect(first.database !== second.database)
    }

    @Test("no frame is left on the thread after factories throw")
    func noFrameLeftAfterFailures() throws {
        let env = ServiceEnv(name: #function)
        env.register(Database.self, scope: .transient) { throw FactoryError(reason: "down") }
        env.register(Logger.self, scope: .transient) { try ServiceEnv.current.resolve(Logger.self) }
        env.register(UserRepository.self, scope: .transient) {
            UserRepository(
                database: try ServiceEnv.current.resolve(Database.self),
                logger: try ServiceEnv.current.resolve(Logger.self),
            )
        }
        #expect(throws: ServiceError.self) { try env.resolve(UserRepository.self) }
        #expect(throws: ServiceError.self) { try env.resolve(Logger.self) }
        #expect(ResolutionFrame.activeParent.depth == 0)
        #expect(ThreadFrame.cell.pointee == nil)
        env.register(Database.self, scope: .transient) { Database() }
        env.register(Logger.self, scope: .transient) { Logger() }
        #expect(try env.resolve(UserRepository.self).logger.label == "test")
    }

    @Test("another thread resolving the type a factory is building sees no cycle")
    func framesStayOnTheirThread() throws {
        let env = ServiceEnv(name: #function)
        // NB: the factory captures its own environment; dropping the registrations breaks that
        // reference cycle.
        defer { env.resetAll() }
        let started = Counter()
        let elsewhere = Shared<Result<Database, ServiceError>?>(nil)
        env.register(Database.self, scope: .transient) {
            guard started.increment() == 1 else {
                return Database(url: "other thread")
            }
            let finished = runOnThreads(1) {
                let result = Result { () throws(ServiceError) -> Database in try env.resolve(Database.self) }
                elsewhere.withLock { $0 = result }
            }
            #expect(finished)
            return Database()
        }
        #expect(try env.resolve(Database.self).url == "sqlite://test.db")
        let result = elsewhere.withLock { $0 }
        #expect(try result?.get().url == "other thread")
    }

    /// An environment where an `async` `Database` resolves a synchronous `Logger`, which resolves
    /// a `String` the test registers.
    private func asyncDatabaseOverSyncLogger(_ name: String) -> ServiceEnv {
        let env = ServiceEnv(name: name)
        env.register(Database.self, scope: .transient) { () async throws -> Database in
            await pause()
            _ = try ServiceEnv.current.resolve(Logger.self)
            return Database()
        }
        env.register(Logger.self, scope: .transient) { Logger(label: try ServiceEnv.current.resolve(String.self)) }
        return env
    }
}
