internal import ServiceThreadLocal

extension ServiceEnv {
    /// The task-local binding behind ``ServiceEnv/current``, reached as `ServiceEnv.$current`.
    ///
    /// It is used like a `TaskLocal`: `withValue(_:operation:)` binds an environment for the
    /// operation and every task it creates.
    ///
    /// ```swift
    /// let staging = ServiceEnv(name: "staging")
    /// ServiceEnv.$current.withValue(staging) {
    ///     print(ServiceEnv.current.name)  // "staging"
    /// }
    /// ```
    ///
    /// Inside a synchronous factory, ``ServiceEnv/current`` is the environment that builds the
    /// service, whichever environment the resolve started from, and it costs no task-local
    /// binding: the construction in progress on the thread says which environment it builds in.
    /// A `withValue(_:operation:)` inside the factory still wins for its operation. A `Task`
    /// that a factory starts inherits the task's binding instead, as task-locals do; capture
    /// the environment for it:
    ///
    /// ```swift
    /// final class Cache: Sendable {}
    /// let env = ServiceEnv(name: "cache")
    /// env.register(Cache.self) {
    ///     let building = ServiceEnv.current  // `env`
    ///     Task { _ = try? building.resolve(Int.self) }
    ///     return Cache()
    /// }
    /// ```
    public struct CurrentEnvironment: Sendable {
        @usableFromInline let local: TaskLocal<ServiceEnv>

        /// The binding with `wrappedValue` outside any `withValue(_:operation:)`.
        ///
        /// NB: its task-local is immortal (the one binding lives as long as the process): every
        /// read of `current` retains and releases it, which would otherwise make it a cache line
        /// all threads write.
        init(wrappedValue: ServiceEnv) {
            local = ImmortalInstances.immortalized(TaskLocal(wrappedValue: wrappedValue))
        }

        /// The environment that builds the service under construction on this thread, or else
        /// the task's bound value: what ``ServiceEnv/current`` returns.
        ///
        /// ```swift
        /// print(ServiceEnv.$current.get().name)  // "online", unless bound
        /// ```
        public func get() -> ServiceEnv {
            if let frame = SyncFrame.innermost, frame.pointee.bindsCurrent {
                return ServiceEnv(storage: frame.pointee.storage)
            }
            return local.get()
        }

        /// Binds `value` as the current environment while `operation` runs.
        ///
        /// ```swift
        /// ServiceEnv.$current.withValue(.test) {
        ///     print(ServiceEnv.current.name)  // "test"
        /// }
        /// ```
        @discardableResult
        public func withValue<R>(
            _ value: ServiceEnv,
            operation: () throws -> R,
            file: String = #fileID,
            line: UInt = #line,
        ) rethrows -> R {
            // NB: inside a synchronous construction, the binding must win over the frame's
            // environment until the operation returns; the frames the operation starts bind
            // their own.
            guard let frame = SyncFrame.innermost, frame.pointee.bindsCurrent else {
                return try local.withValue(value, operation: operation, file: file, line: line)
            }
            frame.pointee.bindsCurrent = false
            defer { frame.pointee.bindsCurrent = true }
            return try local.withValue(value, operation: operation, file: file, line: line)
        }

        /// Binds `value` as the current environment while the asynchronous `operation` runs.
        ///
        /// ```swift
        /// func check() async {
        ///     await ServiceEnv.$current.withValue(.test) {
        ///         await Task.yield()
        ///         print(ServiceEnv.current.name)  // "test"
        ///     }
        /// }
        /// ```
        @discardableResult
        public func withValue<R>(
            _ value: ServiceEnv,
            operation: () async throws -> R,
            isolation: isolated (any Actor)? = #isolation,
            file: String = #fileID,
            line: UInt = #line,
        ) async rethrows -> R {
            // NB: no synchronous construction runs around an asynchronous operation.
            try await local.withValue(value, operation: operation, isolation: isolation, file: file, line: line)
        }
    }

    /// The task-local binding behind ``ServiceEnv/maxResolutionDepth``, reached as
    /// `ServiceEnv.$maxResolutionDepth`.
    ///
    /// ```swift
    /// let env = ServiceEnv(name: "shallow")
    /// env.register(Int.self) { 1 }
    /// ServiceEnv.$maxResolutionDepth.withValue(10) {
    ///     print(ServiceEnv.maxResolutionDepth)  // 10
    ///     _ = try? env.resolve(Int.self)
    /// }
    /// ```
    ///
    /// A resolve reads the task-local only once its chain is as deep as the smallest limit ever
    /// bound in the process (or the default, if smaller): shallower resolves cannot exceed any
    /// limit, and skip the read.
    public struct ResolutionDepthLimit: Sendable {
        @usableFromInline let local: TaskLocal<Int>

        /// The binding with `wrappedValue` outside any `withValue(_:operation:)`.
        init(wrappedValue: Int) {
            local = TaskLocal(wrappedValue: wrappedValue)
            DepthFloor.lower(to: wrappedValue)
        }

        /// The limit in effect for the current task: what ``ServiceEnv/maxResolutionDepth`` returns.
        ///
        /// ```swift
        /// print(ServiceEnv.$maxResolutionDepth.get())  // 100, unless bound
        /// ```
        public func get() -> Int {
            local.get()
        }

        /// Binds `value` as the depth limit while `operation` runs.
        ///
        /// ```swift
        /// ServiceEnv.$maxResolutionDepth.withValue(5) {
        ///     print(ServiceEnv.maxResolutionDepth)  // 5
        /// }
        /// ```
        @discardableResult
        public func withValue<R>(
            _ value: Int,
            operation: () throws -> R,
            file: String = #fileID,
            line: UInt = #line,
        ) rethrows -> R {
            DepthFloor.lower(to: value)
            return try local.withValue(value, operation: operation, file: file, line: line)
        }

        /// Binds `value` as the depth limit while the asynchronous `operation` runs.
        ///
        /// ```swift
        /// func check() async {
        ///     await ServiceEnv.$maxResolutionDepth.withValue(5) {
        ///         await Task.yield()
        ///         print(ServiceEnv.maxResolutionDepth)  // 5
        ///     }
        /// }
        /// ```
        @discardableResult
        public func withValue<R>(
            _ value: Int,
            operation: () async throws -> R,
            isolation: isolated (any Actor)? = #isolation,
            file: String = #fileID,
            line: UInt = #line,
        ) async rethrows -> R {
            DepthFloor.lower(to: value)
            return try await local.withValue(value, operation: operation, isolation: isolation, file: file, line: line)
        }
    }
}

/// The smallest depth limit ever bound in the process (or the default, if smaller).
///
/// A chain shallower than this cannot exceed the limit in effect, whatever it is, so admitting a
/// frame reads `ServiceEnv.maxResolutionDepth`, a task-local, only from this depth on. The floor
/// never rises: a task that inherited a binding (a `Task` created inside `withValue`) may
/// outlive the `withValue` call.
@usableFromInline
enum DepthFloor {
    /// The floor's starting value; `ServiceEnv.maxResolutionDepth` declares the same default.
    static let defaultLimit = Int(SERVICE_DEFAULT_DEPTH_LIMIT)

    /// Lowers the floor to `limit` if that is smaller.
    static func lower(to limit: Int) {
        service_depth_floor_lower(limit)
    }
}
