extension ServiceEnv {
    /// Builds every singleton this environment can resolve now, instead of on its first resolve,
    /// and throws one error listing every one that failed.
    ///
    /// Call it at start-up, after the registrations and before serving: the first request then
    /// neither waits for a connection pool nor finds that a configuration file is missing.
    ///
    /// It builds each `.singleton` and `.immortal` registration that a resolve from this
    /// environment finds (its own, and those it inherits that it does not override): first those
    /// with an `async` factory, side by side (each in a child task, so that a server's database
    /// and cache connect at once, and start-up waits for the slowest, not for their sum), then the
    /// others one after another in the order of their names, so that a synchronous singleton that
    /// needs an `async` one finds it built. Those of the MainActor track are built on the main
    /// actor. Singletons built side by side may need each other: a resolve that finds one being
    /// built waits for it, as concurrent resolves do. Each instance is cached where that resolve
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
        let singletons = storage.singletonsToWarm()
        // NB: the `async` ones side by side: their factories wait for connections, not for a
        // thread. The others one after another: a synchronous resolve that finds its singleton
        // being built by another task blocks its thread until it is, and the cooperative pool
        // has as many threads as cores.
        var failures = await warmSideBySide(singletons.filter { $0.form == .async })
        for singleton in singletons where singleton.form != .async {
            failures.append(await warm(singleton))
        }
        let failed = failures.compactMap(\.self)
        if !failed.isEmpty {
            throw ServiceWarmUpError(environment: name, failures: failed, builtCount: failures.count - failed.count)
        }
    }

    /// Warms each of `singletons` in a child task of its own; their failures (nil for each one
    /// built) in the order of `singletons`.
    private func warmSideBySide(
        _ singletons: [ServiceStorage.SingletonToWarm]
    ) async -> [ServiceWarmUpError.Failure?] {
        if singletons.count == 1 {
            return [await warm(singletons[0])]
        }
        return await withTaskGroup(of: (Int, ServiceWarmUpError.Failure?).self) { group in
            for (index, singleton) in singletons.enumerated() {
                group.addTask { (index, await self.warm(singleton)) }
            }
            var failures = [ServiceWarmUpError.Failure?](repeating: nil, count: singletons.count)
            for await (index, failure) in group {
                failures[index] = failure
            }
            return failures
        }
    }

    /// Builds (or finds built) `singleton`; why it could not, or nil.
    private func warm(_ singleton: ServiceStorage.SingletonToWarm) async -> ServiceWarmUpError.Failure? {
        do {
            if singleton.track == .main && singleton.form != .async {
                try await warmMain(singleton.type, tags: singleton.tags)
            } else {
                try await warm(sendable(singleton.type), tags: singleton.tags)
            }
            return nil
        } catch {
            return ServiceWarmUpError.Failure(serviceType: singleton.name, error: error)
        }
    }

    /// Builds (or finds built) the singleton of `type` under `tags`, on the Sendable track or,
    /// when its factory is `async`, on either.
    private func warm<S: Sendable>(_ type: S.Type, tags: TagSet) async throws(ResolutionFailure) {
        _ = try await FailureTrace.locatingAsync(in: self, asking: type, tags: tags) {
            () async throws(ServiceError) -> S? in
            try await storage.resolveAsync(type, exactly: tags, in: self)
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
    struct SingletonToWarm: Sendable {
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
