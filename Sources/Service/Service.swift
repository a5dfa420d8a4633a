public import Synchronization

/// Resolves a Sendable service on first access and keeps that instance.
///
/// The environment is captured from ``ServiceEnv/current`` when the wrapper is created.
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
    @usableFromInline let env: ServiceEnv
    @usableFromInline let cell: ResolvedOnce<S>

    /// The service, resolved on first access.
    @inlinable
    public var wrappedValue: S {
        // NB: the cached path touches only the cell: copying `env` would write shared refcounts.
        cell.cached ?? cell.resolveAndPublish(in: env)
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
        self.env = ServiceEnv.current
        self.cell = ResolvedOnce(resolver: resolver)
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
    private let env: ServiceEnv
    private let cell: MainResolvedOnce<S>

    /// The service, resolved on first access.
    public var wrappedValue: S {
        cell.value(in: env)
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
        self.env = ServiceEnv.current
        self.cell = MainResolvedOnce(resolver: resolver)
    }
}

/// The value of a `@Service` property, published once through an atomic pointer.
///
/// No lock is held while resolving: two first accesses may both resolve, and the first one to
/// publish wins; every later access reads the published value.
@usableFromInline
final class ResolvedOnce<Value: Sendable>: Sendable {
    private let resolver: @Sendable (ServiceEnv) throws(ServiceError) -> Value
    /// A retained `ValueBox<Value>`, or zero before the first access.
    @usableFromInline let published = Atomic<UInt>(0)

    init(resolver: @escaping @Sendable (ServiceEnv) throws(ServiceError) -> Value) {
        self.resolver = resolver
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
    func resolveAndPublish(in env: ServiceEnv) -> Value {
        do {
            return try resolveAndPublishThrowing(in: env)
        } catch {
            fatalError(error.description)
        }
    }

    /// Resolves and publishes the value, or throws without publishing anything.
    func resolveAndPublishThrowing(in env: ServiceEnv) throws(ServiceError) -> Value {
        let value = try resolver(env)
        let fresh = RetainedBits.retain(ValueBox(value))
        let (exchanged, winner) = published.compareExchange(
            expected: 0,
            desired: fresh,
            ordering: .acquiringAndReleasing,
        )
        if exchanged {
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

    init(resolver: @escaping @MainActor (ServiceEnv) throws(ServiceError) -> Value) {
        self.resolver = resolver
    }

    func value(in env: ServiceEnv) -> Value {
        if let resolved {
            return resolved
        }
        do {
            let value = try resolver(env)
            resolved = value
            return value
        } catch {
            fatalError(error.description)
        }
    }
}
