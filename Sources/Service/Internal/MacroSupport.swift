/// The runtime symbols that macro expansions refer to, under names no user type can shadow.
///
/// Generated code cannot write `Service.X`: the module also exports a type named `Service`.
@_documentation(visibility: private)
public enum __ServiceMacroSupport {
    public typealias InjectableType = Injectable
    public typealias MainInjectableType = MainInjectable
    public typealias AssistedInjectableType = AssistedInjectable
    public typealias AsyncInjectableType = AsyncInjectable
    public typealias MainAsyncInjectableType = MainAsyncInjectable
    public typealias Scope = ServiceScope
    public typealias Dependency = ServiceDependency
    public typealias Environment = ServiceEnv
    public typealias Failure = ServiceError
    public typealias Registration = AssemblyRegistration
    public typealias AssemblyType = DeclaredAssembly
    public typealias LazyDependency = Lazy
    public typealias ProviderDependency = ServiceProvider
    public typealias TagKey = ServiceTags

    /// The edges of a service in an `@Assembly(checkCycles: true)` graph: naming the nodes
    /// makes the compiler resolve them, and a node that resolves through itself is a cycle.
    /// `Result` is always `Void`, so the types stay small however the graph is shaped.
    public struct CycleEdges<each Node> {
        public typealias Result = Void
    }

    /// The cycle nodes of an assembly that exports none to the assemblies that include it.
    public protocol NoCycleNodes {}

    /// What every protocol `@Injectable` conforms a type to requires: the list of what its
    /// initializer takes. A registration keeps the type as this protocol's metatype and reads
    /// the list only when `validate()` or a graph export asks for it, so `@Injectable` writes it
    /// as a computed property, whose body the compiler does not type-check when it emits the
    /// module's interface (a stored property's initializer it does, on every build).
    public protocol DependencyListing: SendableMetatype {
        /// What the initializer takes from the environment, in parameter order.
        static var dependencies: [ServiceDependency] { get }
    }

    public typealias NonisolatedAssemblyType = NonisolatedAssembly
    public typealias MainTrackRequirement = `registered with #registerMain, not #register`

    public typealias MainTrackService =
        `@MainActor, which #registerMain requires: add it to the type, or use #register`
    public typealias SendableTrackService =
        `not @MainActor, which #register requires: register it with #registerMain`
    public typealias RegisteredInjectable =
        `@Injectable, which #register requires without a closure: add it to the type, or give #register a closure`
    public typealias MainRegisteredInjectable =
        `@Injectable, which #registerMain requires without a closure: add it to the type, or give #registerMain a closure`

    /// Names a `#register` line's service among the assembly's members, where a type that is not
    /// `@Injectable` fails its constraint before a generated declaration names a member the
    /// macro would have given it (the module's interface job reports the first error it finds).
    ///
    /// NB: the service itself, so that the line's dependency checks can reach the type through
    /// the alias: where the constraint fails, the alias is invalid, and the compiler says nothing
    /// more about the checks that name it (no follow-on error about members `@Injectable` gives).
    public typealias InjectableCheck<Service: RegisteredInjectable> = Service

    /// Names a `#registerMain` line's service among the assembly's members, as `InjectableCheck`.
    public typealias MainInjectableCheck<Service: MainRegisteredInjectable> = Service

    /// Names a `#registerMain` line's service in the assembly's track checks, where a type that
    /// is not `@Injectable`, or not `@MainActor`, fails its constraint.
    ///
    /// NB: the compiler reports the first requirement a type fails, in the order of the
    /// protocols' names: `@Injectable…` before `@MainActor…`.
    public enum MainTrackCheck<Service: MainRegisteredInjectable & MainTrackService> {}

    /// Names a `#register` line's service in the assembly's track checks, where a type that is
    /// not `@Injectable`, or is `@MainActor`, fails its constraint.
    ///
    /// NB: the compiler reports the first requirement a type fails, in the order of the
    /// protocols' names: `@Injectable…` before `not @MainActor…`.
    public enum SendableTrackCheck<Service: RegisteredInjectable & SendableTrackService> {}

    /// Applies an assembly named in `includes:` as part of the `assemble` or `apply` call in
    /// progress: from any isolation if it has no MainActor services, else on the main actor.
    public static func include<Included: ServiceAssembly>(_ assembly: sending Included, in env: ServiceEnv) {
        guard !(Included.self is any NonisolatedAssembly.Type) else {
            applyNonisolated(assembly, in: env)
            return
        }
        guard !AssemblyLog.isApplyingWithoutMainActor else {
            preconditionFailure(
                "'\(Included.self)' registers MainActor services, so an assembly that includes it is applied with "
                    + "'env.assemble(_:)' on the main actor, not 'env.apply(_:)'"
            )
        }
        MainActor.assumeIsolated {
            AssemblySession.perform(in: env) { $0.apply(assembly) }
        }
    }

    /// Applies `assembly`, whose type conforms to `NonisolatedAssembly`, from any isolation.
    private static func applyNonisolated(_ assembly: some ServiceAssembly, in env: ServiceEnv) {
        if let nonisolated = assembly as? any NonisolatedAssembly {
            env.applyDeclared(nonisolated)
        }
    }

    /// Resolves an optional dependency: `nil` when `type` itself is not registered, the error
    /// when it is registered but cannot be built.
    @inlinable
    public static func resolveIfRegistered<T: Sendable>(
        _ type: T.Type,
        in env: ServiceEnv,
    ) throws(ServiceError) -> T? {
        do {
            return try env.resolve(type)
        } catch .notRegistered(let serviceType) where serviceType == String(describing: type) {
            return nil
        }
    }

    /// Resolves a dependency of a `@MainActor` service on whichever track it is registered.
    @MainActor @inlinable
    public static func resolveOnEitherTrack<T>(_ type: T.Type, in env: ServiceEnv) throws(ServiceError) -> T {
        try resolveOnEitherTrackTraced(type, in: env)
    }

    /// The same for a Sendable dependency, whose instance is first looked for where `resolve`
    /// looks: a type is registered on one track, so a Sendable one cached on the Sendable track is
    /// the one either track would give, and the MainActor track's word need not be read first.
    @MainActor @inlinable
    public static func resolveOnEitherTrack<T: Sendable>(_ type: T.Type, in env: ServiceEnv) throws(ServiceError) -> T {
        if !ResolutionTracing.isOn, let value = env.storage.cachedValue(type, track: .sendable) {
            return value
        }
        return try resolveOnEitherTrackTraced(type, in: env)
    }

    @MainActor @inlinable
    static func resolveOnEitherTrackTraced<T>(_ type: T.Type, in env: ServiceEnv) throws(ServiceError) -> T {
        guard ResolutionTracing.isOn else {
            return try env.storage.resolveOnEitherTrack(type, in: env)
        }
        return try env.traced(type, tags: .empty) { () throws(ServiceError) -> T in
            try env.storage.resolveOnEitherTrack(type, in: env)
        }
    }

    /// What the `make(resolver:)` of a `@MainActor` type with an `async` initializer passes for a
    /// Sendable dependency: a synchronous MainActor-track registration resolves with
    /// `resolveMain`, everything else with `resolveAsync`.
    @MainActor @inlinable
    public static func resolveOnEitherTrackAsync<T: Sendable>(
        _ type: T.Type,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> T {
        if let value = try await env.resolveAsyncIfRegistered(type) {
            return value
        }
        return try resolveOnEitherTrack(type, in: env)
    }

    /// The same for a dependency that is not Sendable, which only the MainActor track holds.
    @MainActor @inlinable
    public static func resolveOnEitherTrackAsync<T>(
        _ type: T.Type,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> T {
        try resolveOnEitherTrack(type, in: env)
    }

    /// The optional form of `resolveOnEitherTrackAsync(_:in:)`: `nil` when `type` is not
    /// registered.
    @MainActor @inlinable
    public static func resolveOnEitherTrackAsyncIfRegistered<T: Sendable>(
        _ type: T.Type,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> T? {
        if let value = try await env.resolveAsyncIfRegistered(type) {
            return value
        }
        return try resolveOnEitherTrackIfRegistered(type, in: env)
    }

    /// The same for a dependency that is not Sendable.
    @MainActor @inlinable
    public static func resolveOnEitherTrackAsyncIfRegistered<T>(
        _ type: T.Type,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> T? {
        try resolveOnEitherTrackIfRegistered(type, in: env)
    }

    /// The optional form of `resolveOnEitherTrack(_:in:)`: `nil` when `type` is not registered.
    @MainActor @inlinable
    public static func resolveOnEitherTrackIfRegistered<T>(
        _ type: T.Type,
        in env: ServiceEnv,
    ) throws(ServiceError) -> T? {
        do {
            return try resolveOnEitherTrack(type, in: env)
        } catch .notRegistered(let serviceType) where serviceType == String(describing: type) {
            return nil
        }
    }
}

/// What the `InjectionRequirements` of a `@MainActor` `@Injectable` type inherited, before an
/// assembly checked each line's track by name (`SendableTrackCheck`, `MainTrackCheck`): a graph
/// written by hand for such a type may still implement `registeredWithRegisterMain()`. The macros
/// no longer use it; it stays so that such code compiles.
@_documentation(visibility: private)
public protocol `registered with #registerMain, not #register` {
    func registeredWithRegisterMain()
}

/// What `#registerMain` requires of the `@Injectable` type it registers, refined by
/// ``MainInjectable`` and ``MainAsyncInjectable``: an assembly names the type of each
/// `#registerMain` line in `MainTrackCheck`, so that for a type that is not `@MainActor` the
/// compiler's first line reads "type 'Screen' does not conform to protocol '`@MainActor, which
/// #registerMain requires: add it to the type, or use #register`'" on that line.
@_documentation(visibility: private)
public protocol `@MainActor, which #registerMain requires: add it to the type, or use #register`: SendableMetatype {}

/// What `#register` requires of the `@Injectable` type it registers, refined by ``Injectable``,
/// ``AsyncInjectable`` and ``AssistedInjectable``: an assembly names the type of each `#register`
/// line in `SendableTrackCheck`, so that for a `@MainActor` type the compiler's first line reads
/// "type 'Screen' does not conform to protocol '`not @MainActor, which #register requires:
/// register it with #registerMain`'" on that line.
///
/// NB: this protocol and the one `#registerMain` requires refine `SendableMetatype`, so that a
/// conformance to them is never inferred isolated (`InferIsolatedConformances`): a Sendable
/// requirement beside it would reject an isolated one.
@_documentation(visibility: private)
public protocol `not @MainActor, which #register requires: register it with #registerMain`: SendableMetatype {}

/// What a `#register` line without a closure requires of its type, refined by every protocol
/// `@Injectable` conforms a type to: an assembly names the type of each such line in
/// `SendableTrackCheck`, so that for a type that is not `@Injectable` the compiler's first line
/// reads "type 'Config' does not conform to protocol '`@Injectable, which #register requires
/// without a closure: add it to the type, or give #register a closure`'" on that line.
///
/// NB: a protocol of its own, not a parent of the track protocols: a requirement of both would
/// be reduced to the track's, and the compiler would name that one.
// swift-format-ignore
@_documentation(visibility: private)
public protocol `@Injectable, which #register requires without a closure: add it to the type, or give #register a closure`: SendableMetatype {}

/// What a `#registerMain` line requires of its type, refined by every protocol `@Injectable`
/// conforms a type to; see `__ServiceMacroSupport.MainTrackCheck`.
// swift-format-ignore
@_documentation(visibility: private)
public protocol `@Injectable, which #registerMain requires without a closure: add it to the type, or give #registerMain a closure`: SendableMetatype {}

extension `registered with #registerMain, not #register` {
    @available(*, unavailable, message: "a '@MainActor' service is registered with '#registerMain', not '#register'")
    public func registeredWithRegisterMain() {
        fatalError("unavailable")
    }
}

extension ServiceStorage {
    /// The instance of the registration of `type` under exactly `tags`, found in `slot`, on
    /// whichever track it is: its cached instance, or one built now (traced while a trace is on).
    @MainActor
    func resolveOnEitherTrack<T>(
        _ type: T.Type,
        tags: TagSet,
        slot: Slot,
        _ registration: Registration,
        in env: ServiceEnv,
    ) throws(ServiceError) -> T {
        if let cached = cachedValue(type, in: slot, track: registration.track) {
            return cached
        }
        guard ResolutionTracing.isOn else {
            return try resolveOnEitherTrack(type, tags: tags, in: env)
        }
        return try env.traced(type, tags: tags) { () throws(ServiceError) -> T in
            try self.resolveOnEitherTrack(type, tags: tags, in: env)
        }
    }
}
