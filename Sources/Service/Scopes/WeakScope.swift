/// The weak lifetime: one instance, shared while something else holds it, built again after the
/// last holder lets it go.
///
/// A weak instance is a class instance: the environment keeps only a weak reference to it, so
/// it lives exactly as long as the objects that resolved it keep it. Every resolve in the
/// meantime returns that instance; the first resolve after it was released builds a new one,
/// once, however many tasks ask at the same time. A value type cannot be held weakly, so
/// registering one with `.weak` does not compile.
///
/// ```swift
/// final class EditorSession: Sendable { let id = Int.random(in: 0..<1_000_000) }
///
/// let env = ServiceEnv(name: "editor")
/// env.register(EditorSession.self, scope: .weak) { EditorSession() }
/// var window: EditorSession? = try env.resolve(EditorSession.self)
/// let inspector = try env.resolve(EditorSession.self)  // the window's session
/// window = nil
/// ```
///
/// The weak scope is taken by the `register` and `registerMain` overloads with a factory, and
/// by `#register` of an `@Injectable` class in an `@Assembly` (untagged, without `as:`).
///
/// A weak service is shared like a singleton: a scope leaves it to the environment that
/// registered it; resets drop it, and so does a registration with another scope, as they drop a
/// singleton (its holders keep theirs).
/// It is never disposed: nothing in the environment owns it.
public struct WeakScope: Hashable, Sendable {
    /// Shares one instance while something else holds it; see ``WeakScope``.
    ///
    /// ```swift
    /// protocol Connection: AnyObject, Sendable {}
    /// final class SocketConnection: Connection {}
    ///
    /// let env = ServiceEnv(name: "connections")
    /// env.register((any Connection).self, scope: .weak) { SocketConnection() }
    /// ```
    public static let weak = WeakScope()
}

extension ServiceScope {
    /// Not a scope of ``ServiceScope``: the weak lifetime is ``WeakScope/weak``, which the
    /// `register` overloads for class instances take, so that a value type is turned down by the
    /// compiler.
    ///
    /// ```swift
    /// final class Cache: Sendable {}
    /// let env = ServiceEnv(name: "weak")
    /// env.register(Cache.self, scope: .weak) { Cache() }  // WeakScope.weak
    /// ```
    @available(
        *,
        unavailable,
        message:
            "'.weak' holds a class instance weakly: it is for register(_:scope:factory:) and registerMain(_:scope:factory:) with a factory that returns one, and for #register of an @Injectable class; a value type cannot be held weakly: use '.singleton' or '.transient'"
    )
    public static var weak: ServiceScope { .custom(weakName) }
}

// MARK: - Registering weak services

extension ServiceEnv {
    /// Registers a factory for a Sendable service whose instance is shared while something else
    /// holds it, and built again after it is released.
    ///
    /// `type` may be the class itself or a protocol it conforms to; the factory must return a
    /// class instance of it.
    ///
    /// ```swift
    /// final class Document: Sendable {}
    /// let env = ServiceEnv(name: "documents")
    /// env.register(Document.self, scope: .weak) { Document() }
    /// ```
    public func register<S: Sendable, Instance: AnyObject & Sendable>(
        _ type: S.Type,
        scope: WeakScope,
        factory: @escaping @Sendable () throws -> Instance,
    ) {
        let registration = SendableRegistration<S>(scope: .custom(ServiceScope.weakName), factory: weakly(factory))
        storage.install(registration, for: type)
    }

    /// Registers a weakly shared Sendable service under one or more tags.
    ///
    /// ```swift
    /// final class Upload: Sendable {}
    /// let env = ServiceEnv(name: "uploads")
    /// env.register(Upload.self, tags: "images", scope: .weak) { Upload() }
    /// ```
    public func register<S: Sendable, Instance: AnyObject & Sendable, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
        scope: WeakScope,
        factory: @escaping @Sendable () throws -> Instance,
    ) {
        let registration = SendableRegistration<S>(scope: .custom(ServiceScope.weakName), factory: weakly(factory))
        storage.install(registration, for: type, tags: tagSet(repeat each tags))
    }

    /// Registers a factory for a MainActor-isolated service whose instance is shared while
    /// something else holds it, and built again after it is released.
    ///
    /// ```swift
    /// @MainActor final class Inspector {}
    /// @MainActor func setUp() {
    ///     ServiceEnv.current.registerMain(Inspector.self, scope: .weak) { Inspector() }
    /// }
    /// ```
    @MainActor
    public func registerMain<S, Instance: AnyObject>(
        _ type: S.Type,
        scope: WeakScope,
        factory: @escaping @MainActor () throws -> Instance,
    ) {
        let registration = MainRegistration<S>(scope: .custom(ServiceScope.weakName), factory: weakly(factory))
        storage.install(registration, for: type)
    }

    /// Registers a weakly shared MainActor-isolated service under one or more tags.
    ///
    /// ```swift
    /// @MainActor final class Palette {}
    /// @MainActor func setUp() {
    ///     ServiceEnv.current.registerMain(Palette.self, tags: "colors", scope: .weak) { Palette() }
    /// }
    /// ```
    @MainActor
    public func registerMain<S, Instance: AnyObject, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
        scope: WeakScope,
        factory: @escaping @MainActor () throws -> Instance,
    ) {
        let registration = MainRegistration<S>(scope: .custom(ServiceScope.weakName), factory: weakly(factory))
        storage.install(registration, for: type, tags: tagSet(repeat each tags))
    }

    /// `factory`, returning its instance as the registered type `S`.
    private func weakly<S, Instance: AnyObject & Sendable>(
        _ factory: @escaping @Sendable () throws -> Instance
    ) -> @Sendable () throws -> S {
        {
            let instance = try factory()
            guard let value = instance as? S else {
                throw WeakInstanceMismatch(service: S.self, instance: Instance.self)
            }
            return value
        }
    }

    /// The MainActor form of `weakly(_:)`.
    @MainActor
    private func weakly<S, Instance: AnyObject>(
        _ factory: @escaping @MainActor () throws -> Instance
    ) -> @MainActor @Sendable () throws -> S {
        {
            let instance = try factory()
            guard let value = instance as? S else {
                throw WeakInstanceMismatch(service: S.self, instance: Instance.self)
            }
            return value
        }
    }
}

/// The factory of a weak registration built an instance that is not of the registered type.
struct WeakInstanceMismatch: Error, CustomStringConvertible {
    let service: String
    let instance: String

    init(service: Any.Type, instance: Any.Type) {
        self.service = String(describing: service)
        self.instance = String(describing: instance)
    }

    var description: String {
        "the factory of weak service '\(service)' built a '\(instance)', which is not a '\(service)'"
    }
}
