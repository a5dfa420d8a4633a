// MARK: - Forwarding one key to another's registration

extension ServiceEnv {
    /// Makes `key` another name for the registration of `target`: resolving `key` resolves
    /// `target` in the resolving environment and returns it as a `key`, so one instance serves
    /// every type it is known by.
    ///
    /// Registering a type once per protocol it conforms to makes a registration, and an instance,
    /// per protocol: what one of them stores, the other does not see. Register the type once and
    /// forward each protocol to it:
    ///
    /// ```swift
    /// protocol NoteReading: Sendable { func all() -> [String] }
    /// protocol NoteWriting: Sendable { func add(_ note: String) }
    ///
    /// final class NoteStore: NoteReading, NoteWriting {
    ///     private let notes = Mutex<[String]>([])
    ///     func all() -> [String] { notes.withLock { $0 } }
    ///     func add(_ note: String) { notes.withLock { $0.append(note) } }
    /// }
    ///
    /// let env = ServiceEnv(name: "notes")
    /// env.register(NoteStore.self) { NoteStore() }
    /// env.forward((any NoteReading).self, to: NoteStore.self) { $0 }
    /// env.forward((any NoteWriting).self, to: NoteStore.self) { $0 }
    ///
    /// try env.resolve((any NoteWriting).self).add("milk")
    /// print(try env.resolve((any NoteReading).self).all())  // ["milk"]
    /// ```
    ///
    /// `convert` turns the target into the key; `{ $0 }` does it for a protocol the target
    /// conforms to. The forward keeps no instance of its own: `target`'s scope, an override of
    /// `target` in a child environment, a scope or a test, and a reset of its cache are what
    /// `key` sees too; registering `key` again replaces the forward. A forward is transient: a
    /// decorator of `key` runs on each resolve of it, and a failure or a cycle names `key` in its
    /// chain, before `target`. Once `target` has an instance cached, resolving `key` reads it
    /// without building anything, about as cheaply as resolving `target`. This is what
    /// `#forward` in an `@Assembly` registers.
    @inlinable
    public func forward<Key: Sendable, Target: Sendable>(
        _ key: Key.Type,
        to target: Target.Type,
        _ convert: @escaping @Sendable (Target) -> Key,
    ) {
        install(ForwardRegistration(to: target, convert), for: key)
    }

    /// Makes `key`, registered under `tags`, another name for the (untagged) registration of
    /// `target`: one instance that is also the tagged key a service asks for, or a member of an
    /// ``All`` collection.
    ///
    /// ```swift
    /// protocol HealthCheck: Sendable { var name: String { get } }
    /// final class MetricsStore: HealthCheck {
    ///     let name = "metrics"
    /// }
    ///
    /// let env = ServiceEnv(name: "health")
    /// env.register(MetricsStore.self) { MetricsStore() }
    /// env.forward((any HealthCheck).self, tags: "metrics", to: MetricsStore.self) { $0 }
    /// print(try env.resolveAll((any HealthCheck).self).map(\.name))  // ["metrics"]
    /// ```
    ///
    /// Everything else is as for ``forward(_:to:_:)``.
    @inlinable
    public func forward<Key: Sendable, Target: Sendable, each Tag: Hashable & Sendable>(
        _ key: Key.Type,
        tags: repeat each Tag,
        to target: Target.Type,
        _ convert: @escaping @Sendable (Target) -> Key,
    ) {
        install(ForwardRegistration(to: target, convert), for: key, tags: repeat each tags)
    }

    /// Installs `registration` for `type` under `tags`, for an inlinable register.
    @usableFromInline
    func install<each Tag: Hashable & Sendable>(
        _ registration: Registration, for type: Any.Type, tags: repeat each Tag,
    ) {
        storage.install(registration, for: type, tags: tagSet(repeat each tags))
    }

    /// Installs `registration` for `type`, untagged, for an inlinable register.
    @usableFromInline
    func install(_ registration: Registration, for type: Any.Type) {
        storage.install(registration, for: type)
    }
}

extension ForwardRegistration {
    /// A forward of its key to `target`, whose instance `convert` makes a key; its metadata lists
    /// `target` as the key's one dependency, for `validate()` and the graph exports.
    ///
    /// NB: inlinable, so that both closures are specialised for `Target` where the forward is
    /// registered: a resolve of `Target` written out, no generic metadata per resolve.
    @inlinable
    convenience init<Target: Sendable>(to target: Target.Type, _ convert: @escaping @Sendable (Target) -> Value) {
        self.init(
            make: { env throws -> Value in convert(try env.resolve(Target.self)) },
            cachedTarget: { storage in storage.cachedInstance(Target.self).map(convert) },
        )
        metadata = RegistrationMetadata(service: ForwardListing<Value, Target>.self)
    }
}

/// What a forward's metadata names: its key, and its target as the key's one dependency.
@usableFromInline
enum ForwardListing<Key, Target>: __ServiceMacroSupport.DependencyListing, ForwardedKey {
    @usableFromInline static var dependencies: [ServiceDependency] {
        [ServiceDependency(Target.self, label: "forward", kind: .required)]
    }

    static var key: Any.Type { Key.self }
}

/// A forward's `DependencyListing`, which names its key as the service it registers.
protocol ForwardedKey {
    static var key: Any.Type { get }
}

extension RegistrationMetadata {
    /// The type a graph export names as built: `service`, or a forward's key.
    var builtType: Any.Type {
        (service as? any ForwardedKey.Type)?.key ?? service
    }
}
