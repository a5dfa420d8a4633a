import ServiceThreadLocal

/// The cache of an `.immortal` registration, read without a read section or a retain.
///
/// Once the instance of an `.immortal` registration is built, published and marked immortal,
/// the environment marks its cache box immortal too and sets `immortalTag` in the cache word.
/// A reader that finds the tag needs no `ReaderGate` section, since neither the box nor the
/// instance is ever freed, and, when the instance is a class reference, no retain: the
/// reference it returns owns nothing that its release could give back. A reset clears the word
/// as it clears any other, so the next resolve builds a new instance.
extension Slot {
    /// Set in a cache word whose box and instance are immortal; a box is never at an odd address.
    @usableFromInline static let immortalTag: UInt = 1

    /// Marks `box`, published as the cache of `track`, immortal and tags the cache word; returns
    /// whether it did, which it does not if a reset dropped the box in between, or the platform
    /// cannot mark objects.
    ///
    /// The caller holds `box` (so no other box can be at its address) and has made its value
    /// immortal. The check and the marking are made while the slot's state is locked, as a reset
    /// takes the caches.
    func tagImmortal<Value>(_ box: ValueBox<Value>, on track: Track) -> Bool {
        let address = Unmanaged.passUnretained(box).toOpaque()
        let bits = UInt(bitPattern: address)
        return withState { _ in
            guard loadCacheWord(track) == bits, service_object_make_immortal(address) != 0 else {
                return false
            }
            // NB: a pointer replaced by one with its tag: nothing to retire.
            _ = exchangeCache(track, with: bits | Slot.immortalTag)
            return true
        }
    }

    /// The instance of `type` cached on `track` if its cache word has `immortalTag`, or nil.
    ///
    /// Needs no `ReaderGate` section: a tagged box is never freed.
    @inlinable @inline(__always)
    func immortalValue<Value>(_ type: Value.Type, on track: Track) -> Value? {
        let word = loadCacheWord(track)
        guard word & Slot.immortalTag != 0 else {
            return nil
        }
        return Slot.immortalValue(type, in: word)
    }

    /// The instance in the cache word `word`, which has `immortalTag`.
    @inlinable @inline(__always)
    static func immortalValue<Value>(_ type: Value.Type, in word: UInt) -> Value {
        let box = RetainedBits.object(word & ~Slot.immortalTag, as: ValueBox<Value>.self)
        guard MemoryLayout<Value>.size == MemoryLayout<AnyObject>.size, Value.self is AnyObject.Type else {
            // NB: an existential that holds the instance; its copy retains it, which for an
            // immortal instance writes nothing.
            return box._withUnsafeGuaranteedRef { $0.value }
        }
        // NB: a +1 reference made without a retain; the caller's release of an immortal object
        // does nothing, so none was needed.
        let address = box._withUnsafeGuaranteedRef { unsafeBitCast($0.value, to: UnsafeRawPointer.self) }
        return unsafeBitCast(Unmanaged<AnyObject>.fromOpaque(address).takeRetainedValue(), to: Value.self)
    }
}

extension ImmortalInstances {
    /// Retains the cache box at `bits` (zero for none) for `keep(_:held:published:in:on:)`, before
    /// it is published: once it is, a reset may drop it at any time.
    @usableFromInline
    static func hold(_ bits: UInt) -> UInt {
        if bits != 0 {
            _ = RetainedBits.object(bits, as: Box.self).retain()
        }
        return bits
    }

    /// Makes the instance in the box `held` (which `hold(_:)` retained, and this releases),
    /// just `published` as the cache of `slot` on `track` by an `.immortal` registration,
    /// immortal and keeps it; then, if it could, makes the box immortal too and tags the cache
    /// word, so that cached reads skip their section and retain.
    @usableFromInline
    static func keep<Value>(_ type: Value.Type, held: UInt, published: Bool, in slot: Slot, on track: Track) {
        let box = RetainedBits.object(held, as: ValueBox<Value>.self).takeRetainedValue()
        guard published, keep(box.value), slot.tagImmortal(box, on: track) else {
            return
        }
        keep(address: Unmanaged.passUnretained(box).toOpaque())
    }
}
