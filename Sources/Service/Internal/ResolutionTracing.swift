public import ServiceThreadLocal

/// Where a resolution trace goes.
typealias ResolutionTraceHandler = @Sendable (ResolutionTrace) -> Void

/// Whether a resolution trace or a usage record is on anywhere in the process, read on every
/// resolve.
@usableFromInline
enum ResolutionTracing {
    /// False while no environment and no task traces and no environment records its usage, so a
    /// resolve checks with one load of a C global (see `ServiceThreadLocal`) and nothing else.
    @inlinable
    static var isOn: Bool {
        service_traces_load() != 0
    }

    /// Counts traces and usage records in or out of `isOn`.
    static func count(_ delta: Int) {
        if delta != 0 {
            service_traces_add(delta)
            service_construction_hooks_add(delta)
        }
    }

    /// The handler of `ServiceEnv.withResolutionTrace(_:operation:)`, for the task that runs it.
    @TaskLocal static var taskHandler: ResolutionTraceHandler?
}

/// The events of one traced top-level resolve, which it delivers as a tree when it ends.
final class TraceRecorder: Sendable {
    /// One resolve, as it is recorded: what `ResolutionTraceEvent` reports, filled in as the
    /// resolve runs.
    struct Record: Sendable {
        let service: String
        let parent: Int?
        let depth: Int
        let start: ContinuousClock.Instant
        var environment: String
        var builtIn: String?
        var scope: ServiceScope?
        var failure: ServiceError?
        var duration: Duration = .zero
    }

    private let handler: ResolutionTraceHandler
    private let records = Locked<[Record]>([])

    init(handler: @escaping ResolutionTraceHandler) {
        self.handler = handler
    }

    /// Records the start of a resolve of `service` in `environment`; returns its index.
    func begin(_ service: String, in environment: String, below parent: Int?) -> Int {
        records.withLock { records in
            let depth = parent.map { records[$0].depth + 1 } ?? 0
            let record = Record(
                service: service,
                parent: parent,
                depth: depth,
                start: .now,
                environment: environment,
            )
            records.append(record)
            return records.count - 1
        }
    }

    /// Whether the resolve at `index` has started a construction.
    func hasBuilt(_ index: Int) -> Bool {
        records.withLock { $0[index].builtIn != nil }
    }

    /// Notes that the resolve at `index` builds its instance in `environment`.
    func markBuilt(_ index: Int, in environment: String) {
        records.withLock { records in
            if records[index].builtIn == nil {
                records[index].builtIn = environment
            }
        }
    }

    /// Records the end of the resolve at `index`: the scope and the environment that answered,
    /// when the service is registered, and its failure, if any.
    func end(_ index: Int, facts: (scope: ServiceScope, owner: String)?, failure: ServiceError?) {
        let end = ContinuousClock.now
        records.withLock { records in
            records[index].duration = end - records[index].start
            records[index].scope = facts?.scope
            records[index].failure = failure
            records[index].environment = records[index].builtIn ?? facts?.owner ?? records[index].environment
        }
    }

    /// Hands the trace to the handler, its events in tree order: each resolve before the ones
    /// it made, which follow in the order they started.
    func deliver() {
        let records = records.withLock { $0 }
        var children = [[Int]](repeating: [], count: records.count)
        var roots: [Int] = []
        for (index, record) in records.enumerated() {
            if let parent = record.parent {
                children[parent].append(index)
            } else {
                roots.append(index)
            }
        }
        var pending = roots.reversed() as [Int]
        var events: [ResolutionTraceEvent] = []
        events.reserveCapacity(records.count)
        while let index = pending.popLast() {
            events.append(ResolutionTraceEvent(records[index]))
            pending += children[index].reversed()
        }
        handler(ResolutionTrace(events: events))
    }
}

/// The traced resolve a task is inside of: the resolves it makes are recorded below it.
struct TraceContext: Sendable {
    let recorder: TraceRecorder
    let index: Int
    let service: String

    @TaskLocal static var current: TraceContext?
}

extension ServiceEnv {
    /// `body`, a resolve of `type` under `tags`, recorded in the trace that is on for it: the
    /// current traced resolve's, the task's, or this environment's (or an ancestor's).
    @usableFromInline
    func traced<R>(
        _ type: Any.Type,
        tags: TagSet,
        _ body: () throws(ServiceError) -> R,
    ) throws(ServiceError) -> R {
        guard let (recorder, index, context) = beginTrace(of: type, tags: tags) else {
            let value = try body()
            noteUse(of: type, tags: tags)
            return value
        }
        let result = TraceContext.$current.withValue(context) {
            Result { () throws(ServiceError) -> R in try body() }
        }
        endTrace(of: type, tags: tags, recorder, index, failure: result.failure, isRoot: context.index == 0)
        let value = try result.get()
        noteUse(of: type, tags: tags)
        return value
    }

    /// The async form of `traced(_:tags:_:)`.
    @usableFromInline
    func tracedAsync<R: Sendable>(
        _ type: Any.Type,
        tags: TagSet,
        _ body: () async throws(ServiceError) -> R,
    ) async throws(ServiceError) -> R {
        guard let (recorder, index, context) = beginTrace(of: type, tags: tags) else {
            let value = try await body()
            noteUse(of: type, tags: tags)
            return value
        }
        let result: Result<R, ServiceError> = await TraceContext.$current.withValue(context) {
            do throws(ServiceError) {
                return .success(try await body())
            } catch {
                return .failure(error)
            }
        }
        endTrace(of: type, tags: tags, recorder, index, failure: result.failure, isRoot: context.index == 0)
        let value = try result.get()
        noteUse(of: type, tags: tags)
        return value
    }

    /// Records the start of a resolve, unless no trace is on for it, or it is the resolve a
    /// scope hands a shared service's owner (the resolve that handed it over is recorded).
    private func beginTrace(of type: Any.Type, tags: TagSet) -> (TraceRecorder, Int, TraceContext)? {
        let service = serviceName(type, tags: tags)
        let recorder: TraceRecorder
        let parent = TraceContext.current
        if let parent {
            if parent.service == service && !parent.recorder.hasBuilt(parent.index) {
                return nil
            }
            recorder = parent.recorder
        } else {
            guard let handler = ResolutionTracing.taskHandler ?? storage.traceHandler() else {
                return nil
            }
            recorder = TraceRecorder(handler: handler)
        }
        let index = recorder.begin(service, in: name, below: parent?.index)
        return (recorder, index, TraceContext(recorder: recorder, index: index, service: service))
    }

    /// Records the end of a resolve, and delivers the trace when it is the top-level one.
    private func endTrace(
        of type: Any.Type,
        tags: TagSet,
        _ recorder: TraceRecorder,
        _ index: Int,
        failure: ServiceError?,
        isRoot: Bool,
    ) {
        let facts = storage.registration(for: type, tags: tags).map { (scope: $0.1.scope, owner: $0.2.name) }
        recorder.end(index, facts: facts, failure: failure)
        if isRoot {
            recorder.deliver()
        }
    }
}

extension ServiceStorage {
    /// Notes, in the trace of the resolve being made, that it builds its instance in `env`.
    @usableFromInline
    func noteConstruction(in env: ServiceEnv) {
        if let context = TraceContext.current {
            context.recorder.markBuilt(context.index, in: env.name)
        }
    }
}

extension Result {
    /// The error, if this is a failure.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self {
            return error
        }
        return nil
    }
}
