/// How the `make(resolver:)` of a `@MainActor` type resolves a `@Tags` or `@All(tags:)`
/// dependency, on whichever track it is registered: with the tags written out, or made once
/// (`ServiceTags`, a static property `@Injectable` declares per parameter). Each form with the
/// tags written out makes them and calls the same body.
extension __ServiceMacroSupport {
    /// The form of `resolveOnEitherTrack(_:in:)` for a `@Tags` dependency: the registration under
    /// exactly `tags`, on whichever track it is.
    @MainActor @inlinable
    public static func resolveOnEitherTrack<T, each Tag: Hashable & Sendable>(
        _ type: T.Type,
        tags: repeat each Tag,
        in env: ServiceEnv,
    ) throws(ServiceError) -> T {
        try resolveOnEitherTrack(type, tagSet: tagSet(repeat each tags), in: env)
    }

    /// `resolveOnEitherTrack(_:tags:in:)` for tags made once.
    @MainActor @inlinable
    public static func resolveOnEitherTrack<T>(
        _ type: T.Type,
        tags: ServiceTags,
        in env: ServiceEnv,
    ) throws(ServiceError) -> T {
        try resolveOnEitherTrack(type, tagSet: tags.key, in: env)
    }

    @MainActor @inlinable
    static func resolveOnEitherTrack<T>(_ type: T.Type, tagSet tags: TagSet, in env: ServiceEnv) throws(ServiceError)
        -> T
    {
        guard ResolutionTracing.isOn else {
            return try env.storage.resolveOnEitherTrack(type, tags: tags, in: env)
        }
        return try env.traced(type, tags: tags) { () throws(ServiceError) -> T in
            try env.storage.resolveOnEitherTrack(type, tags: tags, in: env)
        }
    }

    /// The optional form of `resolveOnEitherTrack(_:tags:in:)`: `nil` when nothing is registered
    /// under `tags`.
    @MainActor @inlinable
    public static func resolveOnEitherTrackIfRegistered<T, each Tag: Hashable & Sendable>(
        _ type: T.Type,
        tags: repeat each Tag,
        in env: ServiceEnv,
    ) throws(ServiceError) -> T? {
        try resolveOnEitherTrackIfRegistered(type, tagSet: tagSet(repeat each tags), in: env)
    }

    /// `resolveOnEitherTrackIfRegistered(_:tags:in:)` for tags made once.
    @MainActor @inlinable
    public static func resolveOnEitherTrackIfRegistered<T>(
        _ type: T.Type,
        tags: ServiceTags,
        in env: ServiceEnv,
    ) throws(ServiceError) -> T? {
        try resolveOnEitherTrackIfRegistered(type, tagSet: tags.key, in: env)
    }

    @MainActor @inlinable
    static func resolveOnEitherTrackIfRegistered<T>(
        _ type: T.Type,
        tagSet tags: TagSet,
        in env: ServiceEnv,
    ) throws(ServiceError) -> T? {
        do {
            return try resolveOnEitherTrack(type, tagSet: tags, in: env)
        } catch .notRegistered(let serviceType) where serviceType == serviceName(type, tags: tags) {
            // NB: the name is built only when something is missing.
            return nil
        }
    }

    /// The form of `resolveOnEitherTrackAsync(_:in:)` for a `@Tags` dependency.
    @MainActor @inlinable
    public static func resolveOnEitherTrackAsync<T: Sendable, each Tag: Hashable & Sendable>(
        _ type: T.Type,
        tags: repeat each Tag,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> T {
        try await resolveOnEitherTrackAsync(type, tagSet: tagSet(repeat each tags), in: env)
    }

    /// `resolveOnEitherTrackAsync(_:tags:in:)` for tags made once.
    @MainActor @inlinable
    public static func resolveOnEitherTrackAsync<T: Sendable>(
        _ type: T.Type,
        tags: ServiceTags,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> T {
        try await resolveOnEitherTrackAsync(type, tagSet: tags.key, in: env)
    }

    @MainActor @inlinable
    static func resolveOnEitherTrackAsync<T: Sendable>(
        _ type: T.Type,
        tagSet tags: TagSet,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> T {
        if let found = try await resolveAsyncIfRegistered(type, tagSet: tags, in: env) {
            return found
        }
        return try resolveOnEitherTrack(type, tagSet: tags, in: env)
    }

    /// What `resolveAsyncIfRegistered` finds under `tags`: a dependency built by its `async`
    /// factory on either track, or any on the Sendable track; nil for the rest, which the
    /// MainActor track's synchronous resolve finds.
    @MainActor @inlinable
    static func resolveAsyncIfRegistered<T: Sendable>(
        _ type: T.Type,
        tagSet tags: TagSet,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> T? {
        try await env.storage.resolveAsyncIfRegistered(type, tags: tags, arguments: (), argumentTypes: { [] }, in: env)
    }

    /// The same for a tagged dependency that is not Sendable, which only the MainActor track holds.
    @MainActor @inlinable
    public static func resolveOnEitherTrackAsync<T, each Tag: Hashable & Sendable>(
        _ type: T.Type,
        tags: repeat each Tag,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> T {
        try resolveOnEitherTrack(type, tagSet: tagSet(repeat each tags), in: env)
    }

    /// The same, for tags made once.
    @MainActor @inlinable
    public static func resolveOnEitherTrackAsync<T>(
        _ type: T.Type,
        tags: ServiceTags,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> T {
        try resolveOnEitherTrack(type, tagSet: tags.key, in: env)
    }

    /// The optional form of `resolveOnEitherTrackAsync(_:tags:in:)`.
    @MainActor @inlinable
    public static func resolveOnEitherTrackAsyncIfRegistered<T: Sendable, each Tag: Hashable & Sendable>(
        _ type: T.Type,
        tags: repeat each Tag,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> T? {
        try await resolveOnEitherTrackAsyncIfRegistered(type, tagSet: tagSet(repeat each tags), in: env)
    }

    /// `resolveOnEitherTrackAsyncIfRegistered(_:tags:in:)` for tags made once.
    @MainActor @inlinable
    public static func resolveOnEitherTrackAsyncIfRegistered<T: Sendable>(
        _ type: T.Type,
        tags: ServiceTags,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> T? {
        try await resolveOnEitherTrackAsyncIfRegistered(type, tagSet: tags.key, in: env)
    }

    @MainActor @inlinable
    static func resolveOnEitherTrackAsyncIfRegistered<T: Sendable>(
        _ type: T.Type,
        tagSet tags: TagSet,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> T? {
        if let found = try await resolveAsyncIfRegistered(type, tagSet: tags, in: env) {
            return found
        }
        return try resolveOnEitherTrackIfRegistered(type, tagSet: tags, in: env)
    }

    /// The same for a tagged dependency that is not Sendable.
    @MainActor @inlinable
    public static func resolveOnEitherTrackAsyncIfRegistered<T, each Tag: Hashable & Sendable>(
        _ type: T.Type,
        tags: repeat each Tag,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> T? {
        try resolveOnEitherTrackIfRegistered(type, tagSet: tagSet(repeat each tags), in: env)
    }

    /// The same, for tags made once.
    @MainActor @inlinable
    public static func resolveOnEitherTrackAsyncIfRegistered<T>(
        _ type: T.Type,
        tags: ServiceTags,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> T? {
        try resolveOnEitherTrackIfRegistered(type, tagSet: tags.key, in: env)
    }

    /// The form of `ServiceEnv.resolveAll(_:tags:)` for an `@All` dependency of a `@MainActor`
    /// service: every registration of `type` whose tags include `tags`, on whichever track each
    /// is, in the order `resolveAll` returns them. A registration whose factory takes arguments
    /// is left out, as `resolveAll` leaves it; an `async` one's instance is returned once built.
    @MainActor
    public static func resolveAllOnEitherTrack<T, each Tag: Hashable & Sendable>(
        _ type: T.Type,
        tags: repeat each Tag,
        in env: ServiceEnv,
    ) throws(ServiceError) -> [T] {
        try resolveAllOnEitherTrack(type, including: tagSet(repeat each tags), in: env)
    }

    /// `resolveAllOnEitherTrack(_:tags:in:)` for tags made once.
    @MainActor
    public static func resolveAllOnEitherTrack<T>(
        _ type: T.Type,
        tags: ServiceTags,
        in env: ServiceEnv,
    ) throws(ServiceError) -> [T] {
        try resolveAllOnEitherTrack(type, including: tags.key, in: env)
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
    public static func resolveAllOnEitherTrackAsync<T: Sendable, each Tag: Hashable & Sendable>(
        _ type: T.Type,
        tags: repeat each Tag,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> [T] {
        try await resolveAllOnEitherTrackAsync(type, including: tagSet(repeat each tags), in: env)
    }

    /// `resolveAllOnEitherTrackAsync(_:tags:in:)` for tags made once.
    @MainActor
    public static func resolveAllOnEitherTrackAsync<T: Sendable>(
        _ type: T.Type,
        tags: ServiceTags,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> [T] {
        try await resolveAllOnEitherTrackAsync(type, including: tags.key, in: env)
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
    public static func resolveAllOnEitherTrackAsync<T, each Tag: Hashable & Sendable>(
        _ type: T.Type,
        tags: repeat each Tag,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> [T] {
        try resolveAllOnEitherTrack(type, including: tagSet(repeat each tags), in: env)
    }

    /// The same, for tags made once.
    @MainActor
    public static func resolveAllOnEitherTrackAsync<T>(
        _ type: T.Type,
        tags: ServiceTags,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> [T] {
        try resolveAllOnEitherTrack(type, including: tags.key, in: env)
    }
}
