import Synchronization

/// A dependency resolved on first use instead of when its owner is built.
///
/// Declaring a dependency `Lazy<T>` defers its resolution, which also breaks a construction
/// cycle: `A` can take `Lazy<B>` while `B` takes `A`. The environment is captured when the
/// `Lazy` is created; the first `value` resolves there and keeps the result.
///
/// It resolves on the Sendable track, or, for a type only `registerMain` registers, on the
/// MainActor track, on the main actor: so one `@MainActor` service can take another as a `Lazy`.
/// Off the main actor, such a first resolve fails with
/// ``ServiceUsageError/mainActorService(serviceType:environment:)``.
///
/// ```swift
/// final class Analytics: Sendable {}
///
/// let env = ServiceEnv(name: "lazy")
/// env.register(Analytics.self) { Analytics() }
/// let analytics = Lazy(Analytics.self, in: env)  // nothing resolved yet
/// let first = try analytics.resolve()            // resolved now, and kept
/// ```
public struct Lazy<Value: Sendable>: Sendable {
    @usableFromInline let cell: ResolvedOnce<Value>

    /// A lazy dependency on `type`, to be resolved in `env` (by default the current one).
    ///
    /// The environment is let go once the value is resolved, so a cached service holding a
    /// resolved `Lazy` does not keep its environment alive.
    public init(_ type: Value.Type = Value.self, in env: ServiceEnv = .current) {
        self.cell = ResolvedOnce(env: env) { env throws(ServiceError) in try env.resolveDeferred(type) }
    }

    /// Resolves the value on first call and returns the same value afterwards.
    ///
    /// - Throws: the ``ServiceError`` of a failed first resolution; a later call tries again.
    public func resolve() throws(ServiceError) -> Value {
        if let cached = cell.cached {
            return cached
        }
        return try cell.resolveAndPublishThrowing()
    }

    /// The value, resolved on first access; traps with the error's description if that fails.
    ///
    /// Once resolved, a read lends the kept value without retaining it, as a ``Service``
    /// property's does.
    @inlinable
    public var value: Value {
        _read {
            // NB: one yield, so that the accessor inlines into its caller.
            let stored = cell.stored ?? cell.publishedCell()
            yield stored.pointee
        }
    }
}
