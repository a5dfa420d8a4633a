extension ServiceEnv {
    /// Builds every singleton this environment can resolve now, instead of on its first resolve,
    /// and throws one error listing every one that failed.
    ///
    /// Call it at start-up, after the registrations and before serving: the first request then
    /// neither waits for a connection pool nor finds that a configuration file is missing.
    ///
    /// It builds each `.singleton` and `.immortal` registration that a resolve from this
    /// environment finds (its own, and those it inherits that it does not override), one after
    /// another: first those with an `async` factory, so that a synchronous singleton that needs
    /// one finds it built, then the others, each group in the order of their names. Those of the
    /// MainActor track are built on the main actor. Each instance is cached where that resolve
    /// would cache it: from a scope, in the environment every scope shares; in a child
    /// environment (``init(name:parent:)``), the child's own copy. A singleton's dependencies are
    /// built with it, whatever their scope, as a resolve builds them.
    ///
    /// It leaves alone what a first resolve would not build, or builds per use: transient,
    /// graph-scoped, `.scoped`, `.weak` and custom-scoped registrations, factories that take
    /// arguments, and instances handed to `register(_:)`. An instance already built is kept. A
    /// failure does not stop the others: each is kept, with the chain of services that were being
    /// built, and thrown together once every singleton has been tried; a singleton that failed is
    /// tried again by its next resolve.
    ///
    /// ```swift
    /// actor ConnectionPool {
    ///     static func open() async throws -> ConnectionPool { ConnectionPool() }
    /// }
    ///
    /// func start() async throws {
    ///     let services = ServiceEnv(name: "server")
    ///     services.register(ConnectionPool.self) { try await ConnectionPool.open() }
    ///     try services.validate()  // every dependency is registered
    ///     try await services.warmUp()  // and every singleton can be built: the pool is open
    ///     // … serve requests …
    /// }
    /// ```
    ///
    /// - Throws: ``ServiceWarmUpError`` naming every singleton that could not be built, each
    ///   with its ``ResolutionFailure``.
    public func warmUp() async throws(ServiceWarmUpError) {
        var failures: [ServiceWarmUpError.Failure] = []
        var builtCount = 0
        for singleton in storage.singletonsToWarm() {
            do {
                if singleton.track == .main && singleton.form != .async {
                    try await warmMain(singleton.type, tags: singleton.tags)
                } else {
                    try await warm(sendable(singleton.type), tags: singleton.tags)
                }
                builtCount += 1
            } catch {
                failures.append(ServiceWarmUpError.Failure(serviceType: singleton.name, error: error))
            }
        }
        if !failures.isEmpty {
            throw ServiceWarmUpError(environment: name, failures: failures, builtCount: builtCount)
        }
    }

    /// Builds (or finds built) the singleton of `type` under `tags`, on the Sendable track or,
    /// when its factory is `async`, on either.
    private func warm<S: Sendable>(_ type: S.Type, tags: TagSet) async throws(ResolutionFailure) {
        _ = try await FailureTrace.locatingAsync(in: self, asking: type, tags: tags) {
            () async throws(ServiceError) -> S? in
            try await storage.resolveAsyncIfRegistered(
                type,
                tags: tags,
                arguments: (),
                argumentTypes: { [] },
                in: self,
            )
        }
    }

    /// Builds (or finds built) the MainActor-track singleton of `type` under `tags`.
    @MainActor
    private func warmMain(_ type: Any.Type, tags: TagSet) throws(ResolutionFailure) {
        func warm<V>(_ type: V.Type) throws(ResolutionFailure) {
            _ = try FailureTrace.locating(in: self, asking: type, tags: tags, on: .main) {
                () throws(ServiceError) -> V? in
                try storage.resolveMainIfRegistered(type, tags: tags, arguments: (), argumentTypes: { [] }, in: self)
            }
        }
        try warm(type)
    }

    /// `type` as a Sendable type, which a registration on the Sendable track, or with an `async`
    /// factory, is: `register` and `registerMain` take only Sendable types for those.
    private func sendable(_ type: Any.Type) -> any Sendable.Type {
        // NB: `Sendable` is a marker protocol, so its existential metatype is the same one word
        // as `Any.Type`, with no witness table.
        unsafeBitCast(type, to: (any Sendable.Type).self)
    }
}

extension ServiceStorage {
    /// A registration that `warmUp()` builds.
    struct SingletonToWarm {
        let type: Any.Type
        let tags: TagSet
        let track: Track
        let form: FactoryForm
        let name: String
    }

    /// The singletons a resolve from this storage would find (the nearest registration of each
    /// key in the chain), which a first resolve builds: no instance given to `register(_:)`, no
    /// factory that takes arguments. Those with an `async` factory come first; each group is
    /// ordered by name.
    func singletonsToWarm() -> [SingletonToWarm] {
        var seen = Set<TaggedKey>()
        var singletons: [SingletonToWarm] = []
        for link in chain {
            for (type, tags, registration, _) in link.ownRegistrationsWithMarks() {
                guard seen.insert(TaggedKey(type: ObjectIdentifier(type), tags: tags)).inserted else {
                    continue
                }
                let scope = registration.scope
                guard scope == .singleton || scope.isImmortal, !registration.isInstance,
                    registration.form != .arguments
                else {
                    continue
                }
                let track = registration.track
                let form = registration.form
                let name = serviceName(type, tags: tags)
                singletons.append(SingletonToWarm(type: type, tags: tags, track: track, form: form, name: name))
            }
        }
        // NB: the `async` ones first: a synchronous factory that resolves one throws
        // `asyncFactory` until it is built.
        return singletons.sorted { first, second in
            let (firstIsAsync, secondIsAsync) = (first.form == .async, second.form == .async)
            return firstIsAsync == secondIsAsync ? first.name < second.name : firstIsAsync
        }
    }

}
