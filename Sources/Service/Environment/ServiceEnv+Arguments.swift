// MARK: - Registering factories that take arguments

extension ServiceEnv {
    /// Registers a factory for a Sendable service that takes arguments when it is resolved.
    ///
    /// The arguments are part of how the service is resolved, not of its key: a type (under
    /// given tags) has one registration, and resolving it with arguments of other types, or
    /// another number of them, throws ``ServiceError/factoryFailed(serviceType:underlyingError:)``
    /// with a ``ServiceUsageError/argumentMismatch(serviceType:expected:given:)``.
    ///
    /// The scope defaults to `.transient`, a new instance per resolve. With `.singleton` (or a
    /// custom scope), the first resolve's arguments build the instance and later resolves
    /// return it whatever arguments they pass; with `.graph`, the first arguments within one
    /// top-level resolve win.
    ///
    /// ```swift
    /// struct Greeter: Sendable { let name: String; let times: Int }
    /// let env = ServiceEnv(name: "arguments")
    /// env.register(Greeter.self) { (name: String, times: Int) in Greeter(name: name, times: times) }
    /// let greeter = try env.resolve(Greeter.self, arguments: "Ada", 3)
    /// ```
    public func register<S: Sendable, each Tag: Hashable & Sendable, A1: Sendable, each A: Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
        scope: ServiceScope = .transient,
        factory: @escaping @Sendable (A1, repeat each A) throws -> S,
    ) {
        let registration = ArgumentRegistration<S>(
            scope: scope,
            argumentTypes: argumentTypes(A1.self, repeat (each A).self),
        ) { packed in
            guard let arguments = packed as? (A1, (repeat each A)) else {
                return nil
            }
            return try factory(arguments.0, repeat each arguments.1)
        }
        registration.metadata = RegistrationMetadata.pendingAssisted
        storage.install(registration, for: type, tags: tagSet(repeat each tags))
    }

    /// Registers a factory for a MainActor-isolated service that takes arguments when it is
    /// resolved; the rules of the Sendable form apply.
    ///
    /// ```swift
    /// @MainActor final class DetailScreen { let id: Int; init(id: Int) { self.id = id } }
    /// @MainActor func setUp(env: ServiceEnv) throws {
    ///     env.registerMain(DetailScreen.self) { (id: Int) in DetailScreen(id: id) }
    ///     let screen = try env.resolveMain(DetailScreen.self, arguments: 7)
    ///     _ = screen
    /// }
    /// ```
    @MainActor
    public func registerMain<S, each Tag: Hashable & Sendable, A1: Sendable, each A: Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
        scope: ServiceScope = .transient,
        factory: @escaping @MainActor (A1, repeat each A) throws -> S,
    ) {
        let registration = MainArgumentRegistration<S>(
            scope: scope,
            argumentTypes: argumentTypes(A1.self, repeat (each A).self),
        ) { packed in
            guard let arguments = packed as? (A1, (repeat each A)) else {
                return nil
            }
            return try factory(arguments.0, repeat each arguments.1)
        }
        storage.install(registration, for: type, tags: tagSet(repeat each tags))
    }
}

// MARK: - Resolving with arguments

extension ServiceEnv {
    /// Returns the instance of a Sendable service built with `arguments`.
    ///
    /// ```swift
    /// struct Greeter: Sendable { let name: String }
    /// let env = ServiceEnv(name: "arguments")
    /// env.register(Greeter.self, tags: "formal") { (name: String) in Greeter(name: "Dr. \(name)") }
    /// let greeter = try env.resolve(Greeter.self, tags: "formal", arguments: "Ada")
    /// ```
    ///
    /// - Throws: the errors of ``resolve(_:)-4e43e``; a wrong number or wrong types of arguments is
    ///   ``ServiceError/factoryFailed(serviceType:underlyingError:)`` with a
    ///   ``ServiceUsageError``.
    @inlinable @discardableResult
    public func resolve<S: Sendable, each Tag: Hashable & Sendable, A1: Sendable, each A: Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
        arguments first: A1,
        _ rest: repeat each A,
    ) throws(ServiceError) -> S {
        let tags = tagSet(repeat each tags)
        let value = try storage.resolveIfRegistered(
            type,
            tags: tags,
            arguments: (first, (repeat each rest)),
            argumentTypes: { argumentTypes(A1.self, repeat (each A).self) },
            in: self,
        )
        guard let value else {
            throw .notRegistered(type, tags: tags)
        }
        return value
    }

    /// Returns the instance of a MainActor-track service built with `arguments`.
    ///
    /// ```swift
    /// @MainActor final class DetailScreen {}
    /// @MainActor func show(env: ServiceEnv) throws {
    ///     let screen = try env.resolveMain(DetailScreen.self, arguments: 7)
    ///     _ = screen
    /// }
    /// ```
    @MainActor @inlinable @discardableResult
    public func resolveMain<S, each Tag: Hashable & Sendable, A1: Sendable, each A: Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
        arguments first: A1,
        _ rest: repeat each A,
    ) throws(ServiceError) -> S {
        let tags = tagSet(repeat each tags)
        let value = try storage.resolveMainIfRegistered(
            type,
            tags: tags,
            arguments: (first, (repeat each rest)),
            argumentTypes: { argumentTypes(A1.self, repeat (each A).self) },
            in: self,
        )
        guard let value else {
            throw .notRegistered(type, tags: tags)
        }
        return value
    }
}

/// The types of a non-empty argument pack, for error messages.
@inlinable
func argumentTypes<A1, each A>(_ first: A1.Type, _ rest: repeat (each A).Type) -> [Any.Type] {
    var types: [Any.Type] = [first]
    for type in repeat each rest {
        types.append(type)
    }
    return types
}
