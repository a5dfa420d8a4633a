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
    ///
    /// A failed resolve traps with a message that names the environment and the chain of services
    /// being built; use ``get()`` (through `$property`) to handle the failure instead.
    @inlinable
    public var wrappedValue: S {
        cell.cached ?? cell.resolveAndPublish()
    }

    /// The wrapper itself, so that `$property.get()` can resolve with a throwing access.
    ///
    /// ```swift
    /// struct Stats: Sendable {}
    /// struct Handler: Sendable {
    ///     @Service var stats: Stats
    ///     func handle() throws(ResolutionFailure) -> Stats { try $stats.get() }
    /// }
    /// ```
    public var projectedValue: Self { self }

    /// The service, resolved on first access like ``wrappedValue``, or a ``ResolutionFailure``
    /// naming the environment and the chain instead of a trap.
    ///
    /// A server handler can turn a missing registration into an error response with it.
    ///
    /// ```swift
    /// struct Stats: Sendable {}
    /// struct Handler: Sendable {
    ///     @Service var stats: Stats
    ///     func handle() -> String {
    ///         do {
    ///             _ = try $stats.get()
    ///             return "200"
    ///         } catch {
    ///             return "500 \(error)"  // names the environment and the chain
    ///         }
    ///     }
    /// }
    /// ```
    @inlinable
    public func get() throws(ResolutionFailure) -> S {
        if let cached = cell.cached {
            return cached
        }
        return try cell.resolveAndPublishLocating()
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

    /// The service, resolved on first access; a failed resolve traps with a message that names
    /// the environment and the chain.
    public var wrappedValue: S {
        do {
            return try cell.value()
        } catch {
            fatalError(error.description)
        }
    }

    /// The wrapper itself, so that `$property.get()` can resolve with a throwing access.
    ///
    /// ```swift
    /// @MainActor final class Badge {}
    /// @MainActor final class Screen {
    ///     @MainService var badge: Badge
    ///     func show() throws(ResolutionFailure) { _ = try $badge.get() }
    /// }
    /// ```
    public var projectedValue: Self { self }

    /// The service, resolved on first access like ``wrappedValue``, or a ``ResolutionFailure``
    /// naming the environment and the chain instead of a trap.
    ///
    /// ```swift
    /// @MainActor final class Badge {}
    /// @MainActor final class Screen {
    ///     @MainService var badge: Badge
    ///     func show() -> Bool { (try? $badge.get()) != nil }
    /// }
    /// ```
    public func get() throws(ResolutionFailure) -> S {
        try cell.value()
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
            return try resolveAndPublishLocating()
        } catch {
            fatalError(error.description)
        }
    }

    /// Resolves and publishes the value, or throws a failure that says where it happened.
    @usableFromInline
    func resolveAndPublishLocating() throws(ResolutionFailure) -> Value {
        guard let env = withEnvironment({ $0 }) else {
            return cached.unsafelyUnwrapped
        }
        return try FailureTrace.locating(in: env) { () throws(ServiceError) -> Value in
            try resolveAndPublishThrowing()
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

    func value() throws(ResolutionFailure) -> Value {
        if let resolved {
            return resolved
        }
        guard let env else {
            preconditionFailure("the environment is released only after the value is resolved")
        }
        let value = try FailureTrace.locating(in: env) { () throws(ServiceError) -> Value in try resolver(env) }
        resolved = value
        self.env = nil
        return value
    }
}

/// Another name for ``Service``, for files where `@Service` is ambiguous.
///
/// A file that imports ServiceLifecycle (as every Hummingbird or Vapor app does) sees its
/// `Service` protocol beside this module's wrapper, and `@Service.Service` does not help because
/// the module has the same name. `@Injected` is the same wrapper under a name nothing else takes.
///
/// ```swift
/// struct Database: Sendable {}
///
/// struct NotesController: Sendable {
///     @Injected var database: Database
/// }
/// ```
public typealias Injected<S: Sendable> = Service<S>

/// Another name for ``MainService``, to pair with ``Injected``.
///
/// ```swift
/// @MainActor final class ViewModel {}
///
/// @MainActor final class Screen {
///     @MainInjected var viewModel: ViewModel
/// }
/// ```
public typealias MainInjected<S> = MainService<S>
