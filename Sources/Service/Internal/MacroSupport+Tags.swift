/// How the `make(resolver:)` of a `@MainActor` type resolves a `@Tags` or `@All(tags:)`
/// dependency, on whichever track it is registered, with the tags `@Injectable` makes once (a
/// static ``ServiceTags`` property per parameter).
extension __ServiceMacroSupport {
    /// The form of `resolveOnEitherTrack(_:in:)` for a `@Tags` dependency: the registration under
    /// exactly `tags`, on whichever track it is.
    @MainActor @inlinable
    public static func resolveOnEitherTrack<T>(_ type: T.Type, tags: ServiceTags, in env: ServiceEnv)
        throws(ServiceError)
        -> T
    {
        guard ResolutionTracing.isOn else {
            return try env.storage.resolveOnEitherTrack(type, tags: tags.key, in: env)
        }
        return try env.traced(type, tags: tags.key) { () throws(ServiceError) -> T in
            try env.storage.resolveOnEitherTrack(type, tags: tags.key, in: env)
        }
    }

    /// The optional form of `resolveOnEitherTrack(_:tags:in:)`: `nil` when nothing is registered
    /// under `tags`.
    @MainActor @inlinable
    public static func resolveOnEitherTrackIfRegistered<T>(
        _ type: T.Type,
        tags: ServiceTags,
        in env: ServiceEnv,
    ) throws(ServiceError) -> T? {
        do {
            return try resolveOnEitherTrack(type, tags: tags, in: env)
        } catch .notRegistered(let serviceType) where serviceType == serviceName(type, tags: tags.key) {
            // NB: the name is built only when something is missing.
            return nil
        }
    }

    /// The form of `resolveOnEitherTrackAsync(_:in:)` for a `@Tags` dependency: what
    /// `resolveAsyncIfRegistered` finds (an `async` factory's instance on either track, or any on
    /// the Sendable track), else the MainActor track's synchronous registration.
    @MainActor @inlinable
    public static func resolveOnEitherTrackAsync<T: Sendable>(
        _ type: T.Type,
        tags: ServiceTags,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> T {
        if let found = try await env.resolveAsyncIfRegistered(type, tags: tags) {
            return found
        }
        return try resolveOnEitherTrack(type, tags: tags, in: env)
    }

    /// The same for a tagged dependency that is not Sendable, which only the MainActor track holds.
    @MainActor @inlinable
    public static func resolveOnEitherTrackAsync<T>(
        _ type: T.Type,
        tags: ServiceTags,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> T {
        try resolveOnEitherTrack(type, tags: tags, in: env)
    }

    /// The optional form of `resolveOnEitherTrackAsync(_:tags:in:)`.
    @MainActor @inlinable
    public static func resolveOnEitherTrackAsyncIfRegistered<T: Sendable>(
        _ type: T.Type,
        tags: ServiceTags,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> T? {
        if let found = try await env.resolveAsyncIfRegistered(type, tags: tags) {
            return found
        }
        return try resolveOnEitherTrackIfRegistered(type, tags: tags, in: env)
    }

    /// The same for a tagged dependency that is not Sendable.
    @MainActor @inlinable
    public static func resolveOnEitherTrackAsyncIfRegistered<T>(
        _ type: T.Type,
        tags: ServiceTags,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> T? {
        try resolveOnEitherTrackIfRegistered(type, tags: tags, in: env)
    }

    /// The form of `ServiceEnv.resolveAll(_:tags:)` for an `@All` dependency of a `@MainActor`
    /// service: every registration of `type` whose tags include `tags`, on whichever track each
    /// is, in the order `resolveAll` returns them. A registration whose factory takes arguments
    /// is left out, as `resolveAll` leaves it; an `async` one's instance is returned once built.
    @MainActor
    public static func resolveAllOnEitherTrack<T>(
        _ type: T.Type,
        tags: ServiceTags,
        in env: ServiceEnv,
    ) throws(ServiceError) -> [T] {
        try resolveAllOnEitherTrack(type, including: tags.key, in: env)
    }

    /// The same for an `@All` dependency without tags: every registration of `type`.
    @MainActor
    public static func resolveAllOnEitherTrack<T>(_ type: T.Type, in env: ServiceEnv) throws(ServiceError) -> [T] {
        try resolveAllOnEitherTrack(type, including: .empty, in: env)
    }

    @MainActor
    static func resolveAllOnEitherTrack<T>(
        _ type: T.Type,
        including tags: TagSet,
        in env: ServiceEnv,
    ) throws(ServiceError) -> [T] {
        var values: [T] = []
        for (key, slot, registration, _) in env.storage.registrations(of: type, including: tags) {
            values.append(try env.storage.resolveOnEitherTrack(type, tags: key, slot: slot, registration, in: env))
        }
        return values
    }

    /// The form of `resolveAllOnEitherTrack(_:tags:in:)` for a `@MainActor` service whose
    /// initializer is `async`: a registration with an `async` factory is built, not only found
    /// built, as `ServiceEnv.resolveAllAsync(_:tags:)` builds it.
    @MainActor
    public static func resolveAllOnEitherTrackAsync<T: Sendable>(
        _ type: T.Type,
        tags: ServiceTags,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> [T] {
        try await resolveAllOnEitherTrackAsync(type, including: tags.key, in: env)
    }

    /// The same for an `@All` dependency without tags.
    @MainActor
    public static func resolveAllOnEitherTrackAsync<T: Sendable>(
        _ type: T.Type,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> [T] {
        try await resolveAllOnEitherTrackAsync(type, including: .empty, in: env)
    }

    @MainActor
    static func resolveAllOnEitherTrackAsync<T: Sendable>(
        _ type: T.Type,
        including tags: TagSet,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> [T] {
        var values: [T] = []
        for (key, slot, registration, _) in env.storage.registrations(of: type, including: tags) {
            guard registration.form == .async else {
                values.append(try env.storage.resolveOnEitherTrack(type, tags: key, slot: slot, registration, in: env))
                continue
            }
            if let value = try await env.storage.resolveAsync(type, exactly: key, in: env) {
                values.append(value)
            }
        }
        return values
    }

    /// The same for a type that is not Sendable, which no `async` factory builds.
    @MainActor
    public static func resolveAllOnEitherTrackAsync<T>(
        _ type: T.Type,
        tags: ServiceTags,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> [T] {
        try resolveAllOnEitherTrack(type, including: tags.key, in: env)
    }

    /// The same for a type that is not Sendable, without tags.
    @MainActor
    public static func resolveAllOnEitherTrackAsync<T>(_ type: T.Type, in env: ServiceEnv) async throws(ServiceError)
        -> [T]
    {
        try resolveAllOnEitherTrack(type, including: .empty, in: env)
    }
}
