/// The resolve paths' entries while a resolution trace may be on: each checks one global and,
/// while a trace (or a usage record) is on, records the resolve around the untraced path in an
/// outlined function, so that the inlined path stays small.
extension ServiceStorage {
    /// Resolves a Sendable-track service whose instance is not cached, or any service while a
    /// resolution trace is on.
    @inlinable
    func resolveUncached<Value: Sendable>(_ type: Value.Type, in env: ServiceEnv) throws(ServiceError) -> Value {
        if ResolutionTracing.isOn {
            return try env.resolveTraced(type)
        }
        return try resolveUncachedUntraced(type, in: env)
    }

    /// Resolves a Sendable-track service under `tags` with `arguments`; nil when nothing is
    /// registered for it on that track.
    @inlinable
    func resolveIfRegistered<Value: Sendable>(
        _ type: Value.Type,
        tags: TagSet,
        arguments: any Sendable,
        argumentTypes: () -> [Any.Type],
        in env: ServiceEnv,
    ) throws(ServiceError) -> Value? {
        guard ResolutionTracing.isOn else {
            return try resolveIfRegisteredUntraced(
                type,
                tags: tags,
                arguments: arguments,
                argumentTypes: argumentTypes,
                in: env,
            )
        }
        return try resolveIfRegisteredTraced(
            type,
            tags: tags,
            arguments: arguments,
            argumentTypes: argumentTypes,
            in: env,
        )
    }

    /// `resolveIfRegistered` with the resolution trace; outlined, so that the inlined path stays small.
    @usableFromInline
    func resolveIfRegisteredTraced<Value: Sendable>(
        _ type: Value.Type,
        tags: TagSet,
        arguments: any Sendable,
        argumentTypes: () -> [Any.Type],
        in env: ServiceEnv,
    ) throws(ServiceError) -> Value? {
        try env.traced(type, tags: tags) { () throws(ServiceError) -> Value? in
            try resolveIfRegisteredUntraced(
                type,
                tags: tags,
                arguments: arguments,
                argumentTypes: argumentTypes,
                in: env,
            )
        }
    }

    /// The async form of `resolveIfRegistered`, which also builds `async` registrations.
    @inlinable
    func resolveAsyncIfRegistered<Value: Sendable>(
        _ type: Value.Type,
        tags: TagSet,
        arguments: any Sendable,
        argumentTypes: () -> [Any.Type],
        in env: ServiceEnv,
    ) async throws(ServiceError) -> Value? {
        guard ResolutionTracing.isOn else {
            return try await resolveAsyncIfRegisteredUntraced(
                type,
                tags: tags,
                arguments: arguments,
                argumentTypes: argumentTypes,
                in: env,
            )
        }
        return try await resolveAsyncIfRegisteredTraced(
            type,
            tags: tags,
            arguments: arguments,
            argumentTypes: argumentTypes,
            in: env,
        )
    }

    /// `resolveAsyncIfRegistered` without arguments: an instance found cached is returned before
    /// anything is awaited, so that a resolve of a cached service keeps nothing in the task's
    /// memory (the arguments' existential, which lives across the `await` of a build, is made
    /// only when there is something to build). Inlined, so that the caller allocates no frame for
    /// it in the task either.
    @inlinable @inline(__always)
    func resolveAsyncIfRegistered<Value: Sendable>(
        _ type: Value.Type,
        tags: TagSet,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> Value? {
        guard ResolutionTracing.isOn else {
            let entry = directEntry(type, tags: tags)
            if case .instance(let value) = entry {
                return value
            }
            return try await resolveAsyncIfRegistered(
                type,
                tags: tags,
                entry: entry,
                arguments: (),
                argumentTypes: { [] },
                in: env,
            )
        }
        return try await resolveAsyncIfRegisteredTraced(
            type,
            tags: tags,
            arguments: (),
            argumentTypes: { [] },
            in: env,
        )
    }

    /// `resolveAsyncIfRegistered` with the resolution trace; outlined, so that the inlined path stays small.
    @usableFromInline
    func resolveAsyncIfRegisteredTraced<Value: Sendable>(
        _ type: Value.Type,
        tags: TagSet,
        arguments: any Sendable,
        argumentTypes: () -> [Any.Type],
        in env: ServiceEnv,
    ) async throws(ServiceError) -> Value? {
        try await env.tracedAsync(type, tags: tags) { () async throws(ServiceError) -> Value? in
            try await resolveAsyncIfRegisteredUntraced(
                type,
                tags: tags,
                arguments: arguments,
                argumentTypes: argumentTypes,
                in: env,
            )
        }
    }

    /// Resolves a MainActor-track service whose instance is not cached, or any while a
    /// resolution trace is on.
    @inlinable @MainActor
    func resolveMainUncached<Value>(_ type: Value.Type, in env: ServiceEnv) throws(ServiceError) -> Value {
        if ResolutionTracing.isOn {
            return try env.resolveMainTraced(type)
        }
        return try resolveMainUncachedUntraced(type, in: env)
    }

    /// The MainActor-track form of `resolveIfRegistered`.
    @inlinable @MainActor
    func resolveMainIfRegistered<Value>(
        _ type: Value.Type,
        tags: TagSet,
        arguments: any Sendable,
        argumentTypes: () -> [Any.Type],
        in env: ServiceEnv,
    ) throws(ServiceError) -> Value? {
        guard ResolutionTracing.isOn else {
            return try resolveMainIfRegisteredUntraced(
                type,
                tags: tags,
                arguments: arguments,
                argumentTypes: argumentTypes,
                in: env,
            )
        }
        return try resolveMainIfRegisteredTraced(
            type,
            tags: tags,
            arguments: arguments,
            argumentTypes: argumentTypes,
            in: env,
        )
    }

    /// `resolveMainIfRegistered` with the resolution trace; outlined, so that the inlined path stays small.
    @usableFromInline @MainActor
    func resolveMainIfRegisteredTraced<Value>(
        _ type: Value.Type,
        tags: TagSet,
        arguments: any Sendable,
        argumentTypes: () -> [Any.Type],
        in env: ServiceEnv,
    ) throws(ServiceError) -> Value? {
        try env.traced(type, tags: tags) { () throws(ServiceError) -> Value? in
            try resolveMainIfRegisteredUntraced(
                type,
                tags: tags,
                arguments: arguments,
                argumentTypes: argumentTypes,
                in: env,
            )
        }
    }
}

/// Where this storage's resolution trace and usage record go.
extension ServiceStorage {
    /// Records what is resolved in this storage and below it with `recorder`, or stops with nil.
    func setUsageRecorder(_ recorder: UsageRecorder?) {
        let wasOn = withWriter { state in
            defer { state.usageRecorder = recorder }
            return state.usageRecorder != nil
        }
        ResolutionTracing.count((recorder == nil ? 0 : 1) - (wasOn ? 1 : 0))
    }

    /// The usage recorder of this storage or of its nearest ancestor that has one, and that
    /// storage.
    func usageRecorder() -> (UsageRecorder, ServiceStorage)? {
        var storage: ServiceStorage? = self
        while let current = storage {
            if let recorder = current.withWriter({ $0.usageRecorder }) {
                return (recorder, current)
            }
            storage = current.parent
        }
        return nil
    }

    /// Sends this environment's resolution trace to `handler`, or turns it off with nil.
    func setTraceHandler(_ handler: ResolutionTraceHandler?) {
        let wasOn = withWriter { state in
            defer { state.traceHandler = handler }
            return state.traceHandler != nil
        }
        ResolutionTracing.count((handler == nil ? 0 : 1) - (wasOn ? 1 : 0))
    }

    /// The trace handler of this environment or of its nearest ancestor that has one.
    func traceHandler() -> ResolutionTraceHandler? {
        var storage: ServiceStorage? = self
        while let current = storage {
            if let handler = current.withWriter({ $0.traceHandler }) {
                return handler
            }
            storage = current.parent
        }
        return nil
    }
}
