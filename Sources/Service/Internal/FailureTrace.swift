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

    init(key: String, chain: [String]) {
        self.key = key
        self.chain = chain
    }

    /// Offers the trace of `error`, which passed out of the construction `frame` (nil at the top
    /// level), to the thread and to the task's collector.
    static func note(_ error: ServiceError, in frame: FrameParent) {
        let key = error.description
        let chain = chain(of: error, in: frame)
        offer(FailureTrace(key: key, chain: chain), to: &ThreadTrace.current)
        FailureCollector.current?.offer(FailureTrace(key: key, chain: chain))
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

    /// Runs `body`, a synchronous resolve in `env`, and turns its error into a
    /// `ResolutionFailure` that says where it happened.
    @usableFromInline
    static func locating<Value>(
        in env: ServiceEnv,
        _ body: () throws(ServiceError) -> Value,
    ) throws(ResolutionFailure) -> Value {
        ThreadTrace.clear()
        do {
            return try body()
        } catch {
            let trace = ThreadTrace.current
            ThreadTrace.clear()
            throw failure(error, in: env, trace: trace)
        }
    }

    /// The async form of `locating(_:in:_:)`.
    @usableFromInline
    static func locatingAsync<Value>(
        in env: ServiceEnv,
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
            throw failure(error, in: env, trace: collector.trace)
        }
    }

    /// The description of `error` with the environment and the chain of the constructions running
    /// on this thread, for a trap message: cheap, and never a stale trace.
    @usableFromInline
    static func trapMessage(_ error: ServiceError, in env: ServiceEnv) -> String {
        ResolutionFailure(
            error: error,
            environment: env.name,
            chain: chain(of: error, in: ResolutionFrame.activeParent),
        ).description
    }

    /// `error` with where it happened: `trace` when it belongs to the error, else the chain of
    /// the caller's own construction (if any) and the service that failed.
    private static func failure(
        _ error: ServiceError,
        in env: ServiceEnv,
        trace: FailureTrace?,
    ) -> ResolutionFailure {
        let chain =
            if let trace, trace.key == error.description {
                trace.chain
            } else {
                FailureTrace.chain(of: error, in: ResolutionFrame.activeParent)
            }
        return ResolutionFailure(error: error, environment: env.name, chain: chain)
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
