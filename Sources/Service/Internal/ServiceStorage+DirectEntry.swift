import Synchronization

/// The reads a resolve tries before `registration(for:)`: its own cache, and, in a scope, one
/// walk up the chain that retains no storage, and no registration but the one the scope builds
/// with.
extension ServiceStorage {
    /// What a resolve of `type` under `tags` finds before `registration(for:)`, when `tags` is
    /// empty: this storage's cached instance on the Sendable track, else what `scopeEntry(_:)`
    /// finds, read in the same section with the same lookup of this storage's slot.
    ///
    /// NB: as a synchronous `resolve` reads its cache first (`entry(_:)`), so that reading a
    /// cached singleton retains nothing but the instance.
    @inlinable
    func directEntry<Value>(_ type: Value.Type, tags: TagSet) -> DirectEntry<Value> {
        guard tags.isEmpty else {
            return taggedEntry(type, tags: tags)
        }
        return entry(type, readingOwnCache: true)
    }

    /// `directEntry(_:tags:)` for a tagged key: this storage's cached instance on the Sendable
    /// track, read in one section with the lookup of its slot, as an untagged resolve reads its
    /// own; else the registration of that slot (retained), which builds in it, as an untagged
    /// resolve builds its own; else `.undecided`, which leaves the rest (an inherited
    /// registration) to `registration(for:tags:)`.
    ///
    /// NB: neither the registration nor the storage is retained for a cached instance, and the
    /// storage not for its own registration, where `registration(for:tags:)` retains both and
    /// looks the slot up again, comparing the tags again.
    @inlinable
    func taggedEntry<Value>(_ type: Value.Type, tags: TagSet) -> DirectEntry<Value> {
        let section = ReaderGate.enter()
        defer { ReaderGate.leave(section) }
        guard let slot = ownTaggedSlot(type, tags: tags) else {
            return .undecided
        }
        if let value = slot.cachedValue(type, on: .sendable) {
            return .instance(value)
        }
        // NB: a tagged registration is an object, never held inline (see `InlineScope`).
        let bits = slot.registrationBits
        guard bits != 0, bits & Slot.inlineBit == 0 else {
            return .undecided
        }
        return .build(slot, RetainedBits.object(bits, as: Registration.self).takeUnretainedValue())
    }

    /// The cached instance of `type` under `tags` in this storage's own slot, on the MainActor
    /// track or else the Sendable one, read in one section with the lookup of the slot: the first
    /// read of a `@MainActor` type's dependency, which may be on either track.
    @inlinable @MainActor
    func cachedValueOnEitherTrack<Value>(_ type: Value.Type, tags: TagSet) -> Value? {
        let section = ReaderGate.enter()
        defer { ReaderGate.leave(section) }
        let slot = tags.isEmpty ? lookup(ObjectIdentifier(type)) : ownTaggedSlot(type, tags: tags)
        guard let slot else {
            return nil
        }
        return slot.cachedValue(type, on: .main) ?? slot.cachedValue(type, on: .sendable)
    }

    /// The instance of `type` (untagged) that a resolve in this storage would return without
    /// building: its own cached one or, in a scope, the one the application shares; nil in every
    /// other case. A forward's read of its target (`ForwardRegistration`).
    @inlinable
    func cachedInstance<Value: Sendable>(_ type: Value.Type) -> Value? {
        guard !isScope else {
            guard case .instance(let value) = directEntry(type, tags: .empty) else {
                return nil
            }
            return value
        }
        // NB: outside a scope, the read a resolve makes first, which walks nothing.
        switch entry(type) {
        case .cached(let value):
            return value
        case .build(_, let registration):
            registration.release()
            return nil
        case .buildInline, .other:
            return nil
        }
    }

    /// What a resolve of `type` (untagged) finds in one walk up the chain from this storage: its
    /// own registration; in a scope, the instance the application shares, or the registration
    /// to build with in the scope's own slot; else neither, which leaves the resolve to
    /// `registration(for:)`. For a resolve that has read this storage's cache already.
    @inlinable
    func scopeEntry<Value>(_ type: Value.Type) -> DirectEntry<Value> {
        entry(type, readingOwnCache: false)
    }

    /// `directEntry(_:tags:)` and `scopeEntry(_:)`: one read section, one lookup of this
    /// storage's slot, then `walk(_:from:)`.
    @inlinable
    func entry<Value>(_ type: Value.Type, readingOwnCache: Bool) -> DirectEntry<Value> {
        let section = ReaderGate.enter()
        defer { ReaderGate.leave(section) }
        let key = ObjectIdentifier(type)
        let own = lookup(key)
        if readingOwnCache, let value = own?.cachedValue(type, on: .sendable) {
            return .instance(value)
        }
        let (slot, registration, inlineSource) = walk(key, from: own)
        if let registration {
            return .build(slot, registration)
        }
        if let inlineSource {
            return .buildInline(slot, source: inlineSource, factory: inlineSource.inlineFactory(Value.self))
        }
        guard let slot, let value = slot.cachedValue(type, on: .sendable) else {
            return .undecided
        }
        return .instance(value)
    }

    /// The walk of `entry(_:readingOwnCache:)`, from `own`, this storage's slot of `key`: with a
    /// registration (retained), the one to build `key` with in this storage's own slot, which is
    /// returned too if it was made; without one, the slot whose cached instance a scope shares
    /// (that of the nearest ancestor that is not a scope, which registered `key` as a shared
    /// Sendable-track service); neither, in any other case. Past this storage it walks only if
    /// this storage is a scope.
    ///
    /// Call only inside a `ReaderGate` section: the registrations it reads are not retained.
    ///
    /// NB: no storage is retained, and no registration of a shared service, where
    /// `registration(for:)` retains the registration it finds and the storage that owns it: every
    /// request scope of a server resolves the application's singletons, from every thread, and a
    /// reference count is a cache line all of them would write.
    @usableFromInline
    func walk(_ key: ObjectIdentifier, from own: Slot?) -> (
        slot: Slot?, registration: Registration?, inlineSource: Slot?
    ) {
        let this = Unmanaged.passUnretained(self).toOpaque()
        var storage = Unmanaged.passUnretained(self)
        var found = own
        while true {
            // NB: each storage is borrowed: the scope it was reached from holds it.
            let (isScope, parent) = storage._withUnsafeGuaranteedRef { ($0.isScope, $0.parentReference) }
            if let slot = found, case let bits = slot.registrationBits, bits != 0 {
                let (isShared, isSendable) = slot.sharingFacts(at: bits)
                // NB: as `registration(for:)` decides: a scope builds its own registrations, and
                // the inherited ones that are not shared, in its own slot; the nearest
                // environment above it that is not a scope caches a shared one.
                if !isShared || storage.toOpaque() == this {
                    // NB: a registration held inline is returned as its slot, whose factory the
                    // caller reads in the same section: no object is made for it.
                    guard bits & Slot.inlineBit == 0 else {
                        return (own, nil, slot)
                    }
                    return (own, RetainedBits.object(bits, as: Registration.self).takeUnretainedValue(), nil)
                }
                return !isScope && isSendable ? (slot, nil, nil) : (nil, nil, nil)
            }
            guard isScope, let parent else {
                return (nil, nil, nil)
            }
            storage = parent
            found = parent._withUnsafeGuaranteedRef { $0.lookup(key) }
        }
    }
}

/// What a resolve finds before `registration(for:)` (`ServiceStorage.directEntry(_:tags:)` and
/// `scopeEntry(_:)`).
@usableFromInline
enum DirectEntry<Value> {
    /// The instance to return: cached in the resolving storage, or, for a scope, in the nearest
    /// environment above it that is not a scope.
    case instance(Value)
    /// The registration to build with (retained), in the resolving storage's own slot, nil if
    /// that slot is not made yet.
    case build(Slot?, Registration)
    /// The registration the slot `source` (of the resolving storage or an ancestor) holds
    /// inline, as `build`: its factory, retained, read in the section that found it.
    case buildInline(Slot?, source: Slot, factory: @Sendable () throws -> Value)
    /// Neither: `registration(for:)` decides.
    case undecided
}
