public import Synchronization

/// Resolves a Sendable service on first access and keeps that instance.
///
/// The environment is captured from ``ServiceEnv/current`` when the wrapper is created, and let go
/// once the value is resolved, so a cached service holding the wrapper does not keep its
/// environment alive.
/// A failed resolve traps with the error's description; declare the property optional to get
/// `nil` instead.
///
/// ```swift
/// struct Database: Sendable {}
/// struct Analytics: Sendable {}
///
/// struct UserRepository: Sendable {
///     @Service var database: Database
///     @Service var analytics: Analytics?  // nil when not registered
/// }
/// ```
@propertyWrapper
public struct Service<S: Sendable>: Sendable {
    @usableFromInline let cell: ResolvedOnce<S>

    /// The service, resolved on first access.
    @inlinable
    public var wrappedValue: S {
        cell.cached ?? cell.resolveAndPublish()
    }

    /// Resolves the property's type.
    @_disfavoredOverload
    public init() {
        self.init(resolver: { env throws(ServiceError) in try env.resolve(S.self) })
    }

    /// Resolves `type`.
    @_disfavoredOverload
    public init(_ type: S.Type) {
        self.init(resolver: { env throws(ServiceError) in try env.resolve(type) })
    }

    /// Resolves the wrapped type of an optional property, or `nil` when resolution fails.
    public init<Wrapped: Sendable>() where S == Wrapped? {
        self.init(resolver: { env in try? env.resolve(Wrapped.self) })
    }

    /// Resolves `type` for an optional property, or `nil` when resolution fails.
    public init<Wrapped: Sendable>(_ type: Wrapped.Type) where S == Wrapped? {
        self.init(resolver: { env in try? env.resolve(type) })
    }

    private init(resolver: @escaping @Sendable (ServiceEnv) throws(ServiceError) -> S) {
        self.cell = ResolvedOnce(env: ServiceEnv.current, resolver: resolver)
    }
}

/// Resolves a MainActor service on first access and keeps that instance.
///
/// ```swift
/// @MainActor final class ViewModel {}
///
/// @MainActor final class Screen {
///     @MainService var viewModel: ViewModel
/// }
/// ```
@MainActor
@propertyWrapper
public struct MainService<S> {
    private let cell: MainResolvedOnce<S>

    /// The service, resolved on first access.
    public var wrappedValue: S {
        cell.value()
    }

    /// Resolves the property's type.
    @_disfavoredOverload
    public init() {
        self.init(resolver: { env throws(ServiceError) in try env.resolveMain(S.self) })
    }

    /// Resolves `type`.
    @_disfavoredOverload
    public init(_ type: S.Type) {
        self.init(resolver: { env throws(ServiceError) in try env.resolveMain(type) })
    }

    /// Resolves the wrapped type of an optional property, or `nil` when resolution fails.
    public init<Wrapped>() where S == Wrapped? {
        self.init(resolver: { env in try? env.resolveMain(Wrapped.self) })
    }

    /// Resolves `type` for an optional property, or `nil` when resolution fails.
    public init<Wrapped>(_ type: Wrapped.Type) where S == Wrapped? {
        self.init(resolver: { env in try? env.resolveMain(type) })
    }

    private init(resolver: @escaping @MainActor (ServiceEnv) throws(ServiceError) -> S) {
        self.cell = MainResolvedOnce(env: ServiceEnv.current, resolver: resolver)
    }
}

/// The value of a `@Service` property, published once through an atomic pointer.
///
/// No lock is held while resolving: two first accesses may both resolve, and the first one to
/// publish wins; every later access reads the published value. The environment is dropped once
/// a value is published.
@usableFromInline
final class ResolvedOnce<Value: Sendable>: @unchecked Sendable {
    // Safety: `environment` is only read or written between taking and releasing `environmentLock`;
    // every other stored property is immutable or atomic.
    private let resolver: @Sendable (ServiceEnv) throws(ServiceError) -> Value
    /// A retained `ValueBox<Value>`, or zero before the first access.
    @usableFromInline let published = Atomic<UInt>(0)
    /// Guards `environment`; inline, so a cell is one allocation.
    private let environmentLock = Atomic(false)
    /// The environment to resolve in, until the value is published.
    private var environment: ServiceEnv?

    init(env: ServiceEnv, resolver: @escaping @Sendable (ServiceEnv) throws(ServiceError) -> Value) {
        self.environment = env
        self.resolver = resolver
    }

    /// Runs `body` with exclusive access to `environment`.
    private func withEnvironment<Result>(_ body: (inout ServiceEnv?) -> Result) -> Result {
        environmentLock.lockSpinning()
        defer { environmentLock.unlockSpinning() }
        return body(&environment)
    }

    deinit {
        let bits = published.load(ordering: .acquiring)
        if bits != 0 {
            RetainedBits.release(bits)
        }
    }

    /// The published value, or nil before the first access.
    @inlinable @inline(__always)
    var cached: Value? {
        let bits = published.load(ordering: .acquiring)
        guard bits != 0 else {
            return nil
        }
        return RetainedBits.object(bits, as: ValueBox<Value>.self)._withUnsafeGuaranteedRef { $0.value }
    }

    @usableFromInline
    func resolveAndPublish() -> Value {
        do {
            return try resolveAndPublishThrowing()
        } catch {
            fatalError(error.description)
        }
    }

    /// Resolves and publishes the value, or throws without publishing anything.
    func resolveAndPublishThrowing() throws(ServiceError) -> Value {
        // NB: the lock only guards the copy; resolving (user code) runs outside it.
        guard let env = withEnvironment({ $0 }) else {
            // NB: another access published the value and let the environment go.
            return cached.unsafelyUnwrapped
        }
        let value = try resolver(env)
        let fresh = RetainedBits.retain(ValueBox(value))
        let (exchanged, winner) = published.compareExchange(
            expected: 0,
            desired: fresh,
            ordering: .acquiringAndReleasing,
        )
        if exchanged {
            withEnvironment { $0 = nil }
            return value
        }
        RetainedBits.release(fresh)
        return RetainedBits.object(winner, as: ValueBox<Value>.self).takeUnretainedValue().value
    }
}

/// The value of a `@MainService` property, resolved on the main actor on first access.
@MainActor
final class MainResolvedOnce<Value> {
    private let resolver: @MainActor (ServiceEnv) throws(ServiceError) -> Value
    private var resolved: Value?
    /// The environment to resolve in, until the value is resolved.
    private var env: ServiceEnv?

    init(env: ServiceEnv, resolver: @escaping @MainActor (ServiceEnv) throws(ServiceError) -> Value) {
        self.env = env
        self.resolver = resolver
    }

    func value() -> Value {
        if let resolved {
            return resolved
        }
        guard let env else {
            preconditionFailure("the environment is released only after the value is resolved")
        }
        do {
            let value = try resolver(env)
            resolved = value
            self.env = nil
            return value
        } catch {
            fatalError(error.description)
        }
    }
}
