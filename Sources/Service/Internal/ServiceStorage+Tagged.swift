import Synchronization

/// Tagged slots, found without a lock.
///
/// A tagged key is a type and a set of tags, each hashed once, when the tag is made, and compared
/// by its type's own `==`, which is user code. Readers find its slot in a `SlotTable` of their
/// own, by the type and the tags' hash, comparing each slot they probe in full; writers add it
/// there under the writer lock, after the `tagged` dictionary they look keys up in. As with
/// untagged slots, a full table is replaced by a larger one, which is published, and every table
/// is kept until the storage is freed.
///
/// NB: readers used to look the dictionary up under the writer lock: every tagged resolve, on
/// every thread, took the environment's one lock, and ran the tags' `==` and `hash(into:)`
/// while holding it.
extension ServiceStorage {
    /// The slot of `type` under `tags` in this storage, if one was made; for a resolve's first
    /// read of its cache, inside a `ReaderGate` section.
    @usableFromInline
    func ownTaggedSlot(_ type: Any.Type, tags: TagSet) -> Slot? {
        taggedSlot(TaggedKey(type: ObjectIdentifier(type), tags: tags))
    }

    /// The slot of `key` in this storage, if one was made.
    func taggedSlot(_ key: TaggedKey) -> Slot? {
        let bits = taggedTable.load(ordering: .acquiring)
        guard bits != 0 else {
            return nil
        }
        let hash = key.tableKey
        // NB: the table is borrowed: the storage keeps every table it made until it deinits.
        return RetainedBits.object(bits, as: SlotTable.self)._withUnsafeGuaranteedRef { table in
            table.slot(for: hash) { ObjectIdentifier($0.type) == key.type && $0.hasTags(key.tags) }
        }
    }

    /// Adds `slot`, just made for `key` and put in `state.tagged`, to the table readers probe;
    /// grows that table into a new one, which it publishes, at a load factor of 3/4.
    ///
    /// Call only with the writer lock held, from `withWriter`.
    func index(tagged slot: Slot, for key: TaggedKey, in state: inout WriterState) {
        if let current = state.taggedTables.last, state.tagged.count * 4 <= current.slotCapacity * 3 {
            current.insert(slot, for: key.tableKey)
            return
        }
        var capacity = max(4, (state.taggedTables.last?.slotCapacity ?? 0) * 2)
        while state.tagged.count * 4 > capacity * 3 {
            capacity *= 2
        }
        let larger = SlotTable.make(capacity: capacity)
        for (existingKey, existing) in state.tagged {
            larger.insert(existing, for: existingKey.tableKey)
        }
        state.taggedTables.append(larger)
        taggedTable.store(UInt(bitPattern: Unmanaged.passUnretained(larger).toOpaque()), ordering: .releasing)
    }
}

extension Slot {
    /// Whether the slot's key has exactly `tags`, compared where the record holds them.
    func hasTags(_ tags: TagSet) -> Bool {
        let bits = record.pointee.tagsOrFunction
        guard record.pointee.inlineScope == .none, bits != 0 else {
            return tags.isEmpty
        }
        return RetainedBits.object(bits, as: BoxedTags.self)._withUnsafeGuaranteedRef { $0.tags == tags }
    }
}
