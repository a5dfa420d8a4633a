/// Where a failed resolution was when it failed: the services being built, outermost first,
/// ending with the one that failed, recorded for one error (by its description).
///
/// A construction that fails offers its trace on its way out; the innermost one wins, since an
/// outer construction the same error passes through sees a prefix of the same chain. Callers that
/// report where a failure happened (`ServiceEnv.require`, the property wrappers) clear the trace
/// first and read it back when the resolve throws. A synchronous caller reads its thread's trace,
/// which no other work can touch while it waits; an asynchronous one binds a `FailureCollector`.
@usableFromInline
final class FailureTrace: Sendable {
    /// The description of the error the trace belongs to.
    let key: String
    let chain: [String]
    /// The service whose construction the error passed out of, the one before the last of
    /// `chain`, if it is known.
    let dependent: FailureHint.Key?

    init(key: String, chain: [String], dependent: FailureHint.Key?) {
        self.key = key
        self.chain = chain
        self.dependent = dependent
    }

    /// Offers the trace of `error`, which passed out of the construction `frame` (nil at the top
    /// level), to the thread and to the task's collector.
    static func note(_ error: ServiceError, in frame: FrameParent) {
        let key = error.description
        let chain = chain(of: error, in: frame)
        let dependent = frame.key
        offer(FailureTrace(key: key, chain: chain, dependent: dependent), to: &ThreadTrace.current)
        FailureCollector.current?.offer(FailureTrace(key: key, chain: chain, dependent: dependent))
    }

    /// Replaces `slot` with `trace` unless `slot` holds a deeper trace of the same error.
    static func offer(_ trace: FailureTrace, to slot: inout FailureTrace?) {
        if let existing = slot, existing.key == trace.key, existing.chain.count >= trace.chain.count {
            return
        }
        slot = trace
    }

    /// The chain to report for `error` leaving `frame`: the error's own chain for a cycle or
    /// the depth limit, otherwise the frames' chain and the missing type for `.notRegistered`.
    static func chain(of error: ServiceError, in frame: FrameParent) -> [String] {
        switch error {
        case .circularDependency(_, let chain), .maxDepthExceeded(_, let chain):
            return chain
        case .notRegistered(let failing), .factoryFailed(let failing, _):
            let chain = frame.chain()
            return chain.last == failing ? chain : chain + [failing]
        }
    }

    /// Runs `body`, a synchronous resolve of `type` under `tags` on `track` in `env`, and turns
    /// its error into a `ResolutionFailure` that says where it happened.
    @usableFromInline
    static func locating<Value>(
        in env: ServiceEnv,
        asking type: Any.Type,
        tags: TagSet = .empty,
        on track: Track,
        _ body: () throws(ServiceError) -> Value,
    ) throws(ResolutionFailure) -> Value {
        ThreadTrace.clear()
        do {
            return try body()
        } catch {
            let trace = ThreadTrace.current
            ThreadTrace.clear()
            throw failure(error, in: env, asked: FailureHint.Key(type: type, tags: tags), on: track, trace: trace)
        }
    }

    /// The async form of `locating(in:asking:tags:on:_:)`, for the Sendable track.
    @usableFromInline
    static func locatingAsync<Value>(
        in env: ServiceEnv,
        asking type: Any.Type,
        tags: TagSet = .empty,
        _ body: () async throws(ServiceError) -> Value,
    ) async throws(ResolutionFailure) -> Value {
        let collector = FailureCollector()
        let outcome = await FailureCollector.$current.withValue(collector) { () async -> Result<Value, ServiceError> in
            do throws(ServiceError) {
                return .success(try await body())
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let value):
            return value
        case .failure(let error):
            let asked = FailureHint.Key(type: type, tags: tags)
            throw failure(error, in: env, asked: asked, on: .sendable, trace: collector.trace)
        }
    }

    /// The description of `error`, which building `type` on the Sendable track in `env` threw,
    /// with the environment and the chain of the constructions running on this thread, for a
    /// trap message: never a stale trace.
    @usableFromInline
    static func trapMessage(_ error: ServiceError, building type: Any.Type, in env: ServiceEnv) -> String {
        let parent = ResolutionFrame.activeParent
        let chain = chain(of: error, in: parent)
        let asked = FailureHint.Key(type: type, tags: .empty)
        let hint = FailureHint.hint(
            for: error,
            chain: chain,
            asked: asked,
            dependent: parent.key,
            track: .sendable,
            in: env,
        )
        return ResolutionFailure(error: error, environment: env.name, chain: chain, hint: hint).description
    }

    /// `error` with where it happened: `trace` when it belongs to the error, else the chain of
    /// the caller's own construction (if any) and the service that failed; and, when the
    /// environment knows how to fix it, a hint.
    private static func failure(
        _ error: ServiceError,
        in env: ServiceEnv,
        asked: FailureHint.Key,
        on track: Track,
        trace: FailureTrace?,
    ) -> ResolutionFailure {
        let chain: [String]
        let dependent: FailureHint.Key?
        if let trace, trace.key == error.description {
            (chain, dependent) = (trace.chain, trace.dependent)
        } else {
            let parent = ResolutionFrame.activeParent
            (chain, dependent) = (FailureTrace.chain(of: error, in: parent), parent.key)
        }
        let hint = FailureHint.hint(
            for: error,
            chain: chain,
            asked: asked,
            dependent: dependent,
            track: track,
            in: env,
        )
        return ResolutionFailure(error: error, environment: env.name, chain: chain, hint: hint)
    }
}

/// Collects the trace of a failure for an asynchronous caller, whose constructions may fail on
/// other threads.
final class FailureCollector: Sendable {
    @TaskLocal static var current: FailureCollector?

    private let stored = Locked<FailureTrace?>(nil)

    /// The deepest trace offered for the latest error.
    var trace: FailureTrace? { stored.withLock { $0 } }

    func offer(_ trace: FailureTrace) {
        stored.withLock { FailureTrace.offer(trace, to: &$0) }
    }
}
