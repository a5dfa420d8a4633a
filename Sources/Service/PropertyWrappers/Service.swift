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
    ///
    /// Once resolved, a read lends the stored instance to the caller without retaining it: it
    /// writes no memory, so threads that read the same service do not contend for its reference
    /// count.
    @inlinable
    public var wrappedValue: S {
        _read {
            // NB: one yield, so that the accessor inlines into its caller.
            let stored = cell.stored ?? cell.publishedCell()
            yield stored.pointee
        }
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
    @usableFromInline let cell: MainResolvedOnce<S>

    /// The service, resolved on first access; a failed resolve traps with a message that names
    /// the environment and the chain.
    ///
    /// Once resolved, a read lends the stored instance to the caller without retaining it.
    @inlinable
    public var wrappedValue: S {
        _read {
            // NB: one yield, so that the accessor inlines into its caller.
            let stored = cell.stored ?? cell.storedCell()
            yield stored.pointee
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
///
/// The value lives in a heap cell of its own, allocated when it is published and freed with the
/// `ResolvedOnce`: a published value is never replaced, so a reader that holds the wrapper (and
/// with it the `ResolvedOnce`) may borrow `stored.pointee` for as long as it holds the wrapper.
@usableFromInline
final class ResolvedOnce<Value: Sendable>: @unchecked Sendable {
    // Safety: `environment` is only read or written between taking and releasing `environmentLock`;
    // the cell `published` points at is written once, before the releasing exchange that
    // publishes it, and only read after an acquiring load that sees it; every other stored
    // property is immutable or atomic.
    private let resolver: @Sendable (ServiceEnv) throws(ServiceError) -> Value
    /// The address of an initialized `Value` cell, or zero before the first access.
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
        if let stored {
            stored.deinitialize(count: 1)
            stored.deallocate()
        }
    }

    /// The published value's cell, or nil before the first access.
    @inlinable @inline(__always)
    var stored: UnsafeMutablePointer<Value>? {
        UnsafeMutablePointer(bitPattern: published.load(ordering: .acquiring))
    }

    /// The published value, or nil before the first access.
    @inlinable @inline(__always)
    var cached: Value? {
        stored?.pointee
    }

    /// The published value's cell, resolving and publishing the value first if needed; a failed
    /// resolve traps with its description.
    @usableFromInline
    func publishedCell() -> UnsafeMutablePointer<Value> {
        do {
            _ = try resolveAndPublishLocating()
        } catch {
            fatalError(error.description)
        }
        return stored.unsafelyUnwrapped
    }

    /// Resolves and publishes the value, or throws a failure that says where it happened.
    @usableFromInline
    func resolveAndPublishLocating() throws(ResolutionFailure) -> Value {
        guard let env = withEnvironment({ $0 }) else {
            return cached.unsafelyUnwrapped
        }
        return try FailureTrace.locating(in: env, asking: Value.self, on: .sendable) {
            () throws(ServiceError) -> Value in
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
        let fresh = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        fresh.initialize(to: value)
        let (exchanged, winner) = published.compareExchange(
            expected: 0,
            desired: UInt(bitPattern: fresh),
            ordering: .acquiringAndReleasing,
        )
        if exchanged {
            withEnvironment { $0 = nil }
            return value
        }
        fresh.deinitialize(count: 1)
        fresh.deallocate()
        return UnsafeMutablePointer<Value>(bitPattern: winner).unsafelyUnwrapped.pointee
    }
}

/// The value of a `@MainService` property, resolved on the main actor on first access.
///
/// Like `ResolvedOnce`, the value lives in a cell of its own that is never replaced once set, so
/// a reader holding the wrapper may borrow it.
@usableFromInline @MainActor
final class MainResolvedOnce<Value> {
    private let resolver: @MainActor (ServiceEnv) throws(ServiceError) -> Value
    /// The address of the resolved value's cell, or zero before the first access; set once, on
    /// the main actor. An address, not a pointer, so that `deinit` (which may run anywhere) can
    /// read it.
    @usableFromInline @exclusivity(unchecked) private(set) var storedAddress: UInt = 0
    /// The environment to resolve in, until the value is resolved.
    private var env: ServiceEnv?

    init(env: ServiceEnv, resolver: @escaping @MainActor (ServiceEnv) throws(ServiceError) -> Value) {
        self.env = env
        self.resolver = resolver
    }

    deinit {
        if let stored = UnsafeMutablePointer<Value>(bitPattern: storedAddress) {
            stored.deinitialize(count: 1)
            stored.deallocate()
        }
    }

    /// The resolved value's cell, or nil before the first access.
    @inlinable @inline(__always)
    var stored: UnsafeMutablePointer<Value>? {
        UnsafeMutablePointer(bitPattern: storedAddress)
    }

    /// The value, resolved and stored on first access.
    func value() throws(ResolutionFailure) -> Value {
        if let stored {
            return stored.pointee
        }
        guard let env else {
            preconditionFailure("the environment is released only after the value is resolved")
        }
        let value = try FailureTrace.locating(in: env, asking: Value.self, on: .main) {
            () throws(ServiceError) -> Value in
            try resolver(env)
        }
        // NB: the resolver may have read this property (a cycle through `Lazy`, say) and stored it.
        if let stored {
            return stored.pointee
        }
        let cell = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        cell.initialize(to: value)
        storedAddress = UInt(bitPattern: cell)
        self.env = nil
        return value
    }

    /// The resolved value's cell, resolving the value first if needed; a failed resolve traps
    /// with its description.
    @usableFromInline
    func storedCell() -> UnsafeMutablePointer<Value> {
        do {
            _ = try value()
        } catch {
            fatalError(error.description)
        }
        return stored.unsafelyUnwrapped
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
