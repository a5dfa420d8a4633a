import Synchronization

// Installing registrations: the slot of a key, made with its registration in it, and the
// replacement of the registration of a slot that had one.

extension ServiceStorage {
    /// The slot of `type` under `tags`, created if needed.
    @usableFromInline
    func slot(creating type: Any.Type, tags: TagSet) -> Slot {
        slot(creating: type, tags: tags, with: .none).slot
    }

    /// The slot of `type` under `tags`, and whether it is new; a new slot is made with
    /// `registration` already in it, before any reader can see it, and takes its bits over.
    ///
    /// NB: inlined, so that an untagged registration calls the untagged function directly: as a
    /// function of its own this test cost every registration ~35 instructions.
    @inline(__always)
    private func slot(
        creating type: Any.Type,
        tags: TagSet,
        with registration: PendingRegistration,
    ) -> (slot: Slot, isNew: Bool) {
        guard !tags.isEmpty else {
            return slot(creating: type, with: registration)
        }
        return taggedSlot(creating: type, tags: tags, with: registration)
    }

    /// `slot(creating:tags:with:)` for a key with tags.
    private func taggedSlot(
        creating type: Any.Type,
        tags: TagSet,
        with registration: PendingRegistration,
    ) -> (slot: Slot, isNew: Bool) {
        let key = TaggedKey(type: ObjectIdentifier(type), tags: tags)
        return withWriter { state in
            if let existing = state.tagged[key] {
                return (existing, false)
            }
            let slot = state.blocks.make(type: type, tags: tags, registration: registration)
            state.tagged[key] = slot
            state.taggedByType[key.type, default: []].append(slot)
            index(tagged: slot, for: key, in: &state)
            return (slot, true)
        }
    }

    /// The untagged slot of `type` (made with `registration` in it if new, and the table grown
    /// if needed), and whether it is new.
    private func slot(creating type: Any.Type, with registration: PendingRegistration) -> (slot: Slot, isNew: Bool) {
        let key = UInt(bitPattern: ObjectIdentifier(type))
        return withWriter { state in
            // NB: a guaranteed reference: `state.table` keeps the table alive while the writer
            // lock is held, and a strong local cost every registration a retain and a release.
            Unmanaged.passUnretained(state.table)._withUnsafeGuaranteedRef { current in
                if let existing = current.slot(for: key) {
                    return (existing, false)
                }
                let slot = state.blocks.make(type: type, tags: .empty, registration: registration)
                // NB: grow at a load factor of 3/4; linear probing stays short below it. Wrapping:
                // both are counts of allocated memory.
                if state.blocks.count &* 4 > current.slotCapacity &* 3 {
                    let larger = SlotTable.make(capacity: current.slotCapacity * 2)
                    state.blocks.forEach { existing in
                        if existing.tags.isEmpty {
                            larger.insert(existing, for: UInt(bitPattern: ObjectIdentifier(existing.type)))
                        }
                    }
                    // NB: kept before it is replaced, so that `current` stays alive.
                    state.outgrown.append(current)
                    state.table = larger
                    table.store(UInt(bitPattern: Unmanaged.passUnretained(larger).toOpaque()), ordering: .releasing)
                } else {
                    current.insert(slot, for: key)
                }
                return (slot, true)
            }
        }
    }

    /// Makes `factory` the registration of `type`, held in its slot if the slot is new and the
    /// scope allows (see `InlineScope`), else as a `SendableRegistration`.
    @inlinable
    func install<Value: Sendable>(
        _ factory: @escaping @Sendable () throws -> Value,
        scope: ServiceScope,
        for type: Any.Type,
    ) {
        let inlineScope = InlineScope(scope)
        if inlineScope != .none, installInline(retainedWords(of: factory), scope: inlineScope, for: type) {
            return
        }
        install(SendableRegistration(scope: scope, factory: factory), for: type)
    }

    /// Makes `instance`, given to `register(_:)`, the registration of `type`: a factory that
    /// returns it from a `ValueBox`, which a slot that holds it inline publishes as its cache on
    /// the first resolve (`InlineFacts.boxedInstance`), so that a request's value registered on
    /// its scope and resolved is one allocation, not two (the closure's context and a box).
    ///
    /// NB: a closure that captures one object has that object as its context; the fact is set
    /// only when the words show it is so, and a slot without it boxes the instance as before.
    @inlinable
    func install<Value: Sendable>(instance: Value, for type: Any.Type) {
        let box = ValueBox(instance)
        let factory: @Sendable () throws -> Value = { box.value }
        let words = retainedWords(of: factory)
        let isBox = words.context == UInt(bitPattern: Unmanaged.passUnretained(box).toOpaque())
        if installInline(words, scope: .instance, facts: isBox ? .boxedInstance : [], for: type) {
            return
        }
        install(SendableRegistration(scope: .singleton, isInstance: true, factory: factory), for: type)
    }

    /// Makes a new slot for `type` holding the factory whose `words` these are (its context
    /// retained for the slot) with `scope` and `facts`, and returns true; returns false,
    /// releasing the context, if `type` has a slot: a second registration takes an object.
    ///
    /// A slot made while the calling thread applies an assembly to this storage is marked
    /// `.assembled`: the assembly's table knows it by its `sequence` (see `AssemblyLog`), so
    /// that it keeps no serial and the log no entry for it.
    @usableFromInline
    func installInline(
        _ words: (function: UInt, context: UInt),
        scope: InlineScope,
        facts: InlineFacts = [],
        direct: DirectBuild = .no,
        for type: Any.Type,
    ) -> Bool {
        let facts = Registration.isAssembling(into: self) ? facts.union(.assembled) : facts
        let pending = PendingRegistration(
            inline: scope,
            facts: facts,
            direct: direct,
            function: words.function,
            context: words.context,
        )
        // NB: a new slot is in no assembly's log, which is keyed by slot.
        if slot(creating: type, with: pending).isNew {
            return true
        }
        if words.context != 0 {
            RetainedBits.release(words.context)
        }
        return false
    }

    /// Makes `registration` the one for `type` under `tags`.
    ///
    /// An instance cached under the previous registration stays if the scope, track and factory
    /// form are the same, and is dropped otherwise.
    @usableFromInline
    func install(_ registration: consuming Registration, for type: Any.Type, tags: TagSet = .empty) {
        // NB: the thread-local first: it is a load, `keepsSerial` a dynamic call, and almost no
        // registration is made while its thread applies an assembly.
        if Registration.isAssembling(into: self), !registration.keepsSerial {
            installAssembled(registration, for: type, tags: tags)
            return
        }
        // NB: the caller's reference becomes the slot's (or replaces the registration in it).
        let direct = registration.direct(under: tags)
        let pending = PendingRegistration(bits: RetainedBits.retain(consume registration), direct: direct)
        let (slot, isNew) = slot(creating: type, tags: tags, with: pending)
        if mayHaveAssembled.load(ordering: .relaxed) {
            // NB: what the log held is released after the lock: a registration's deinit releases
            // its factory's captures, whose deinits are user code.
            _ = withAssembly { $0.assembled.removeValue(forKey: slot) }
        }
        if !isNew {
            replaceRegistration(of: slot, with: pending)
        }
        // NB: else the slot was made with the registration; nothing was cached or built in it.
    }

    /// `install(_:for:tags:)` of a registration made while the calling thread applies an assembly
    /// to this storage: the assembly's log keeps it, with a serial that tells it from overrides.
    ///
    /// NB: the same steps as `install`'s, in a function of its own: with the log's entry an
    /// optional there, its destroy cost every registration a call of `swift_release`.
    private func installAssembled(_ registration: Registration, for type: Any.Type, tags: TagSet) {
        let assembled = AssembledRegistration(registration: registration, serial: Registration.nextSerial())
        let pending = PendingRegistration(
            bits: RetainedBits.retain(registration),
            direct: registration.direct(under: tags),
        )
        let (slot, isNew) = slot(creating: type, tags: tags, with: pending)
        mayHaveAssembled.store(true, ordering: .relaxed)
        // NB: what the log held is released after the lock (see `install(_:for:tags:)`).
        _ = withAssembly { $0.assembled.updateValue(assembled, forKey: slot) }
        if !isNew {
            replaceRegistration(of: slot, with: pending)
        }
    }

    /// Makes `pending` the registration of `slot`, which had one or had none. An instance cached
    /// under the previous registration stays if the scope, track and factory form are the same,
    /// and is dropped otherwise.
    private func replaceRegistration(of slot: Slot, with pending: PendingRegistration) {
        let dropped = slot.withState { state in
            var dropped: [UInt] = []
            let oldBits = slot.exchangeRegistration(pending.bits, direct: pending.direct)
            if oldBits != 0 {
                let retired = slot.retirable(oldBits)
                if retired != 0 {
                    dropped.append(retired)
                }
                // NB: the slot owns the new registration now; only a writer holding this lock
                // could replace (and retire) it, so it is read here and not before.
                let new = RetainedBits.object(pending.bits, as: Registration.self).takeUnretainedValue()
                // NB: the old registration is retired through the gate, not released: it is
                // still held here.
                let (oldScope, oldTrack, oldForm) = slot.registrationFacts(at: oldBits)
                if oldScope == new.storedScope && oldTrack == new.track && oldForm.keepsCache(of: new.form) {
                    return dropped
                }
            }
            state.markConstructionStale()
            slot.takeCaches(of: &state, into: &dropped)
            return dropped
        }
        retire(dropped)
    }
}
