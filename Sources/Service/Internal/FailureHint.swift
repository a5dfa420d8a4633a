/// What an environment knows of a service that a resolve did not find, said as how to fix the
/// failure: the registration is on the other track, an assembly declares the service `#external`
/// (per scope, or for the app to register), its type is registered under other tags, or it is an
/// array whose element type is registered.
///
/// Read only when a failure is reported (`ResolutionFailure`), never by `resolve`, whose
/// `ServiceError` keeps the original library's text. It looks registrations up by type and tags,
/// so it costs a few lookups, not a walk over every registration: the missing key's type is the
/// one the caller asked for, or a dependency that the service it failed in declares
/// (`Injectable.dependencies`). Without either (a closure's dependency), only the assemblies'
/// `#external` declarations are compared, by name.
enum FailureHint {
    /// A registration key: a type and its tags.
    struct Key {
        let type: Any.Type
        let tags: TagSet

        var name: String { serviceName(type, tags: tags) }
    }

    /// How to fix `error`, a resolve's failure in `env` along `chain`, or nil when the
    /// environment knows nothing more than the error says.
    ///
    /// - Parameters:
    ///   - asked: the key the caller resolved, on `track`.
    ///   - dependent: the service whose construction the failure passed out of, if any.
    static func hint(
        for error: ServiceError,
        chain: [String],
        asked: Key?,
        dependent: Key?,
        track: Track,
        in env: ServiceEnv,
    ) -> String? {
        guard case .notRegistered(let missing) = error else {
            return nil
        }
        let storage = env.storage
        let needer = chain.count > 1 ? chain[chain.count - 2] : nil
        let dependentRegistration = dependent.flatMap { storage.registrar(of: $0.type, tags: $0.tags)?.1 }
        let key: Key? =
            if needer == nil, let asked, asked.name == missing {
                asked
            } else if let dependency = dependentRegistration?.metadata?.dependencies.first(where: {
                $0.keyName == missing
            }) {
                Key(type: dependency.type, tags: dependency.tagSet)
            } else {
                mainTrackKey(named: missing, in: storage)
            }
        guard let key else {
            return external(named: missing, in: storage).map { declared(external: $0, needer: needer, in: storage) }
        }
        if let (_, registration) = storage.registrar(of: key.type, tags: key.tags) {
            // NB: registered, yet not found: resolved on the other track. A Sendable service's factory
            // resolves on the Sendable track; a MainActor one's may use either, so it used the other
            // (nil: not known, and so not this one).
            let resolvedOn: Track? =
                if needer == nil { track } else if dependentRegistration?.track == .sendable { .sendable } else { nil }
            guard resolvedOn != registration.track else {
                return nil
            }
            return trackHint(registration.track, needer: needer, neederTrack: dependentRegistration?.track)
        }
        if let row = external(key, in: storage) {
            return declared(external: row, needer: needer, in: storage)
        }
        let others = storage.registeredTagSets(of: key.type).map { serviceName(key.type, tags: $0) }
        guard !others.isEmpty else {
            return collectionHint(for: key, in: storage) ?? otherKeysHint(for: key, in: storage)
        }
        let keys = others.joined(separator: ", ")
        return "its type is registered only as \(keys): resolve it with the tags of one of them"
    }

    /// For an array that is not registered while its element type is: how to take every
    /// registration of the element instead (`@All`, `resolveAll`), or nil.
    private static func collectionHint(for key: Key, in storage: ServiceStorage) -> String? {
        guard key.tags.isEmpty, let element = (key.type as? any CollectedArray.Type)?.elementType else {
            return nil
        }
        let members = storage.registeredTagSets(of: element).map { serviceName(element, tags: $0) }
        guard !members.isEmpty else {
            return nil
        }
        return """
            its element type is registered as \(members.joined(separator: ", ")): to take every one, mark the \
            initializer parameter @All, or call resolveAll(_:tags:)
            """
    }

    /// For a type that is registered only under other keys, which it is built for (a protocol,
    /// with `register(_:as:scope:_:)` or `#register(T.self, as:)`): which keys, and how to resolve
    /// it; nil when there are none.
    private static func otherKeysHint(for key: Key, in storage: ServiceStorage) -> String? {
        guard key.tags.isEmpty else {
            return nil
        }
        let type = ObjectIdentifier(key.type)
        var keys: [String] = []
        for link in storage.chain {
            let slots = link.withWriter { $0.blocks.all }
            let section = ReaderGate.enter()
            defer { ReaderGate.leave(section) }
            for slot in slots where ObjectIdentifier(slot.type) != type {
                let bits = slot.registrationBits
                guard bits != 0, bits & Slot.inlineBit == 0 else {
                    continue
                }
                let builds = RetainedBits.object(bits, as: Registration.self)._withUnsafeGuaranteedRef {
                    $0.metadata.map { ObjectIdentifier($0.builtType) == type } ?? false
                }
                guard builds, case let name = serviceName(slot.type, tags: slot.tags), !keys.contains(name) else {
                    continue
                }
                keys.append(name)
            }
        }
        guard !keys.isEmpty else {
            return nil
        }
        return """
            it is registered only as \(keys.joined(separator: ", ")), which it is built for: resolve that key, \
            or register it under its own type too
            """
    }

    /// The key of a MainActor-track registration spelled `name`, nearest environment first: a
    /// closure's dependency that the Sendable track did not find. Only the few registrations on
    /// that track are named; one held inline in its slot is on the Sendable track.
    private static func mainTrackKey(named name: String, in storage: ServiceStorage) -> Key? {
        for link in storage.chain {
            let slots = link.withWriter { $0.blocks.all }
            let section = ReaderGate.enter()
            defer { ReaderGate.leave(section) }
            for slot in slots {
                let bits = slot.registrationBits
                guard bits != 0, bits & Slot.inlineBit == 0 else {
                    continue
                }
                let isMain = RetainedBits.object(bits, as: Registration.self)._withUnsafeGuaranteedRef {
                    $0.track == .main
                }
                if isMain && slot.name == name {
                    return Key(type: slot.type, tags: slot.tags)
                }
            }
        }
        return nil
    }

    /// The hint for a registration on `registered`'s track, resolved on the other one.
    private static func trackHint(_ registered: Track, needer: String?, neederTrack: Track?) -> String {
        switch (registered, needer) {
        case (.main, nil):
            return
                "it is registered with registerMain, on the MainActor track: resolve it with resolveMain(_:) or requireMain(_:)"
        case (.main, let needer?) where neederTrack == .sendable:
            return """
                it is registered with registerMain, on the MainActor track, which '\(needer)', a Sendable service, \
                cannot depend on: register '\(needer)' with registerMain too
                """
        case (.main, let needer?):
            return
                "it is registered with registerMain, on the MainActor track: '\(needer)' must resolve it with resolveMain(_:)"
        case (.sendable, nil):
            return "it is registered with register, on the Sendable track: resolve it with resolve(_:) or require(_:)"
        case (.sendable, let needer?):
            return "it is registered with register, on the Sendable track: '\(needer)' must resolve it with resolve(_:)"
        }
    }

    /// An applied assembly's `#external` declaration of `key`, nearest environment first.
    private static func external(_ key: Key, in storage: ServiceStorage) -> (AssemblyRegistration, String)? {
        let type = ObjectIdentifier(key.type)
        return externalRows(in: storage).first {
            ObjectIdentifier($0.0.registeredAs) == type && $0.0.tagSet == key.tags
        }
    }

    /// An applied assembly's `#external` declaration whose key is spelled `name`.
    private static func external(named name: String, in storage: ServiceStorage) -> (AssemblyRegistration, String)? {
        externalRows(in: storage).first { row in
            serviceName(row.0.registeredAs, tags: row.0.tagSet) == name
        }
    }

    /// The `#external` declarations of the assemblies applied to `storage` and its ancestors, each
    /// with its assembly's name.
    private static func externalRows(in storage: ServiceStorage) -> [(AssemblyRegistration, String)] {
        storage.chain.flatMap { link in
            link.withAssembly { $0.tables }.flatMap { table in
                table.registrations.filter(\.source.isExternal).map { ($0, table.name) }
            }
        }
    }

    /// The hint for a key that an assembly declares `#external` and nothing registered.
    private static func declared(
        external row: (AssemblyRegistration, String),
        needer: String?,
        in storage: ServiceStorage,
    ) -> String {
        let (registration, assembly) = row
        let then = needer.map { "before resolving '\($0)'" } ?? "first"
        guard registration.scope.isScoped else {
            return "\(assembly) declares it #external, and nothing registered it: register it \(then)"
        }
        let declared = "it is provided per scope (\(assembly) declares it #external with scope: .scoped)"
        guard storage.isScope else {
            let target = needer.map { "'\($0)'" } ?? "it"
            return "\(declared): resolve \(target) in a scope, from withScope(named:) or makeScope(named:)"
        }
        return "\(declared), and this scope does not register it: register it in the scope \(then)"
    }
}

/// An array type, whose element type a hint can name: `[any HealthCheck]`, unregistered, when
/// `any HealthCheck` is registered.
private protocol CollectedArray {
    static var elementType: Any.Type { get }
}

extension Array: CollectedArray {
    fileprivate static var elementType: Any.Type { Element.self }
}
