/// The scope of a registration that a slot holds itself, without a `Registration` object.
///
/// `register(_:scope:factory:)` of a Sendable service with the transient, graph or singleton
/// scope, or `register(_:)` of an instance, into a slot it makes, outside an assembly, stores the
/// factory closure's two words in the slot's record
/// (`SlotRecord.tagsOrFunction` and `inlineContext`) and the slot's `inlineMark` as its
/// registration word: registering allocates nothing but the slot's share of its block (and the
/// closure's context, which the caller made), where an object cost 48 bytes and ~420
/// instructions (its malloc, initialisation and free). A later registration of the key is an
/// object, as every registration was before; the inline factory's context is then retired
/// through the gate like a replaced object, and the record's words are not read again.
///
/// `register(_:scope:)` of an `Injectable` type is held the same way (see `InlineFacts`), and so
/// is a registration made while an assembly is applied: the assembly log tells it from an
/// override by the slot's `sequence`, where an object carries a serial.
///
/// Readers that need an object (validation, graph exports, usage reports, a traced resolve, a
/// resolve with arguments) get an `InlineRegistration` made for them; the resolve paths read the
/// words, the slot's own and, in a scope's walk or a child environment's, an ancestor's.
@usableFromInline
enum InlineScope: UInt8, Sendable {
    /// Not inline: the slot's registration, if any, is an object.
    case none
    case transient
    case graph
    case singleton
    /// A singleton whose factory returns an instance given to `register(_:)` (see
    /// `Registration.isInstance`).
    case instance

    /// `scope` if a slot can hold a registration with it inline, else `.none`.
    @inlinable
    init(_ scope: ServiceScope) {
        self =
            switch scope {
            case .transient: .transient
            case .graph: .graph
            case .singleton: .singleton
            case .custom: .none
            }
    }

    /// How instances are shared under the scope.
    @inlinable var sharing: Sharing {
        switch self {
        case .transient: .none
        case .graph: .graph
        case .singleton, .instance, .none: .cached
        }
    }

    /// The scope, as a registration object stores it.
    @inlinable var storedScope: StoredScope {
        switch self {
        case .transient: .transient
        case .graph: .graph
        case .singleton, .instance, .none: .singleton
        }
    }
}

/// What else a slot knows of the registration it holds inline, besides its scope.
@usableFromInline
struct InlineFacts: OptionSet, Sendable {
    @usableFromInline let rawValue: UInt8

    @inlinable
    init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// `register(_:scope:)` of an `Injectable` type: the factory is the type's
    /// `make(resolver:)`, called with `ServiceEnv.current` (the environment that builds it), and
    /// `validate()` and graph exports read the type's dependencies.
    @inlinable static var injectable: InlineFacts { InlineFacts(rawValue: 1) }

    /// Made while the registering thread applied an assembly to the storage: the assembly whose
    /// table's slot range holds the slot's `sequence` made it (see `AssembledTable.slots`).
    @inlinable static var assembled: InlineFacts { InlineFacts(rawValue: 2) }

    /// `register(_:)` of an instance whose factory's context is the `ValueBox` that holds the
    /// instance: the first resolve publishes that box as the cached instance, instead of boxing
    /// the instance again (see `ServiceStorage.install(instance:for:)`).
    @inlinable static var boxedInstance: InlineFacts { InlineFacts(rawValue: 4) }
}

extension DirectBuild {
    /// How a slot that holds an `Injectable` type's registration inline with `scope` may build
    /// it without reading it, as `Registration.direct(under:)` says for the object.
    @inlinable
    init(injectable scope: InlineScope) {
        self =
            switch scope {
            case .transient: .transient
            case .graph: .graph
            case .singleton, .instance, .none: .no
            }
    }
}

extension Slot {
    /// The bit that marks a registration word as `inlineMark`: an object's address never has it.
    @usableFromInline static let inlineBit: UInt = 1

    /// The registration word of a slot that holds its registration inline: its record's address
    /// with `inlineBit` set, so that no other slot's registration, and no object, has it.
    @inlinable var inlineMark: UInt { bits | Slot.inlineBit }

    /// The scope of the registration the slot was made with inline, `.none` if it was not.
    @inlinable var inlineScope: InlineScope { record.pointee.inlineScope }

    /// What else the slot knows of the registration it was made with inline.
    @inlinable var inlineFacts: InlineFacts { record.pointee.inlineFacts }

    /// The inline factory, its context retained for the caller.
    ///
    /// Call only after reading `inlineMark` as the registration, inside the gate section that
    /// read it or holding the slot's state lock: a replacement retires the context through the
    /// gate, under that lock.
    ///
    /// NB: the words are put back into the closure type they were taken from, in a function
    /// generic over `Value` as the registering one is, so that both use one representation.
    @inlinable @inline(__always)
    func inlineFactory<Value>(_: Value.Type) -> @Sendable () throws -> Value {
        unsafeBitCast(
            (record.pointee.tagsOrFunction, record.pointee.inlineContext),
            to: (@Sendable () throws -> Value).self,
        )
    }

    /// What replacing the registration word `bits`, read from this slot, leaves to retire: the
    /// object, or the inline factory's context (zero if it has none).
    func retirable(_ bits: UInt) -> UInt {
        bits & Slot.inlineBit == 0 ? bits : record.pointee.inlineContext
    }

    /// The registration at `bits`, a non-zero registration word read from this slot: the object,
    /// or one made for the inline registration.
    ///
    /// Call only as `inlineFactory(_:)` says.
    @usableFromInline
    func registration(at bits: UInt) -> Registration {
        guard bits & Slot.inlineBit != 0 else {
            return RetainedBits.object(bits, as: Registration.self).takeUnretainedValue()
        }
        let context = record.pointee.inlineContext
        if context != 0 {
            _ = RetainedBits.object(context, as: AnyObject.self).retain()
        }
        return InlineRegistration(of: self, function: record.pointee.tagsOrFunction, context: context)
    }

    /// The scope, track and factory form of the registration at `bits` (as `registration(at:)`
    /// takes it), read without making an object for one held inline.
    ///
    /// Call only as `inlineFactory(_:)` says, or while the registration at `bits` is held.
    func registrationFacts(at bits: UInt) -> (scope: StoredScope, track: Track, form: FactoryForm) {
        guard bits & Slot.inlineBit == 0 else {
            return (inlineScope.storedScope, .sendable, .plain)
        }
        return RetainedBits.object(bits, as: Registration.self)._withUnsafeGuaranteedRef {
            ($0.storedScope, $0.track, $0.form)
        }
    }

    /// Whether the registration at `bits` (as `registration(at:)` takes it) shares instances
    /// beyond the environment that resolves them, and is on the Sendable track.
    @inlinable @inline(__always)
    func sharingFacts(at bits: UInt) -> (isShared: Bool, isSendable: Bool) {
        guard bits & Slot.inlineBit != 0 else {
            return RetainedBits.object(bits, as: Registration.self)._withUnsafeGuaranteedRef {
                ($0.isShared, $0.track == .sendable)
            }
        }
        return (inlineScope.sharing == .cached, true)
    }
}

extension ServiceStorage {
    /// The slot and factory of the registration of `type` this storage inherits, if the nearest
    /// ancestor that registered it holds it inline and this storage has no registration of its
    /// own; nil otherwise, which leaves the resolve to `registration(for:)`. The factory is read
    /// in the section that found it, so that an inherited resolve makes no object for it.
    @inlinable
    func inheritedInline<Value>(_ type: Value.Type) -> (source: Slot, factory: @Sendable () throws -> Value)? {
        let section = ReaderGate.enter()
        defer { ReaderGate.leave(section) }
        guard let source = inheritedInlineSlot(ObjectIdentifier(type)) else {
            return nil
        }
        return (source, source.inlineFactory(Value.self))
    }

    /// `inheritedInline(_:)`'s walk up the chain: the slot of the nearest registration of `key`
    /// if it is held inline, and none is this storage's own. Call only inside a `ReaderGate`
    /// section.
    @usableFromInline
    func inheritedInlineSlot(_ key: ObjectIdentifier) -> Slot? {
        if let own = lookup(key), own.registrationBits != 0 {
            return nil
        }
        var ancestor = parentReference
        while let current = ancestor {
            // NB: each storage is borrowed: its child holds it.
            let (found, next) = current._withUnsafeGuaranteedRef { ($0.lookup(key), $0.parentReference) }
            if let found, case let bits = found.registrationBits, bits != 0 {
                return bits & Slot.inlineBit != 0 ? found : nil
            }
            ancestor = next
        }
        return nil
    }
}

/// The words of `closure`, its context retained for the caller (see `InlineScope`).
@inlinable
func retainedWords<Value>(of closure: @escaping @Sendable () throws -> Value) -> (function: UInt, context: UInt) {
    let words = unsafeBitCast(closure, to: (UInt, UInt).self)
    if words.1 != 0 {
        _ = RetainedBits.object(words.1, as: AnyObject.self).retain()
    }
    return words
}

/// The registration a slot holds inline, as an object for the readers that take one (see
/// `InlineScope`): made when one asks, holding the factory's words and a retain of its context.
@usableFromInline
final class InlineRegistration: Registration, @unchecked Sendable {
    // Safety: immutable; the context is retained for the object's lifetime.
    /// The factory's function and retained context, as the slot holds them.
    @usableFromInline let function: UInt
    @usableFromInline let context: UInt
    /// The slot's `inlineMark`: the registration word this object stands for.
    @usableFromInline let mark: UInt
    /// The `Injectable` type the factory builds (the slot's type), nil for a closure's or an
    /// instance's registration.
    ///
    /// NB: read from the slot when the object is made, so that `metadata` never reads a slot of
    /// a storage that may be gone (a usage recorder keeps the objects it is shown).
    private let injectable: Any.Type?

    /// The slot that holds the registration.
    @inlinable var source: Slot { Slot(bits: mark & ~Slot.inlineBit) }

    /// The registration of `slot`, whose factory's words these are; `context` is retained for
    /// the object.
    init(of slot: Slot, function: UInt, context: UInt) {
        self.function = function
        self.context = context
        mark = slot.inlineMark
        injectable = slot.inlineFacts.contains(.injectable) ? slot.type : nil
        let scope = slot.inlineScope
        super.init(
            scope: scope.storedScope.scope,
            track: .sendable,
            form: .plain,
            origin: scope == .instance ? .inlineInstance : .inline,
        )
    }

    /// What an `Injectable` type's registration knows of it: the type, whose dependencies
    /// `validate()` and graph exports read; nil for a closure's or an instance's.
    override var metadata: RegistrationMetadata? {
        (injectable as? any __ServiceMacroSupport.DependencyListing.Type).map(RegistrationMetadata.init)
    }

    /// The registration of `slot` that `factory`, read from it, builds with.
    @usableFromInline
    convenience init<Value>(of slot: Slot, factory: @escaping @Sendable () throws -> Value) {
        let words = retainedWords(of: factory)
        self.init(of: slot, function: words.function, context: words.context)
    }

    deinit {
        if context != 0 {
            RetainedBits.release(context)
        }
    }

    /// The factory, its context retained for the caller.
    @usableFromInline
    func factory<Value: Sendable>(_: Value.Type) -> @Sendable () throws -> Value {
        // NB: as `Slot.inlineFactory(_:)`; this object's retain keeps the context alive.
        unsafeBitCast((function, context), to: (@Sendable () throws -> Value).self)
    }

    @usableFromInline
    override func makeValue<T>(as type: T.Type, in env: ServiceEnv) throws -> T {
        // NB: as `Slot.inlineFactory(_:)`; this object's retain keeps the context alive.
        try unsafeBitCast((function, context), to: (@Sendable () throws -> T).self)()
    }
}

/// What the shared build paths read of a registration: how it shares instances, its scope, and
/// its identity (see `Registration.identity`), which a construction compares with its slot's
/// registration before it publishes.
///
/// NB: a value, so that a slot's inline registration builds without an object made for it; and
/// the identity is read only where a construction publishes, not for every transient.
@usableFromInline
struct Builder {
    /// The registration's address (kept alive by the caller), or the `inlineMark` of the slot
    /// that holds it inline.
    @usableFromInline let bits: UInt
    @usableFromInline let sharing: Sharing
    @usableFromInline let storedScope: StoredScope

    @inlinable
    init(_ registration: Registration) {
        bits = UInt(bitPattern: Unmanaged.passUnretained(registration).toOpaque())
        sharing = registration.sharing
        storedScope = registration.storedScope
    }

    /// The registration `slot` holds inline.
    @inlinable
    init(inline slot: Slot) {
        bits = slot.inlineMark
        sharing = slot.inlineScope.sharing
        storedScope = slot.inlineScope.storedScope
    }

    /// Whether the scope is ``ServiceScope/scoped``.
    @inlinable var isScoped: Bool { storedScope == .scoped }

    /// The registration's factory form; an inline one is always `.plain`.
    var form: FactoryForm {
        guard bits & Slot.inlineBit == 0 else {
            return .plain
        }
        return RetainedBits.object(bits, as: Registration.self)._withUnsafeGuaranteedRef { $0.form }
    }

    /// The registration's `identity`.
    @inlinable var identity: UInt { Self.identity(of: bits) }

    /// The `identity` of the registration whose `bits` are given.
    @inlinable
    static func identity(of bits: UInt) -> UInt {
        guard bits & Slot.inlineBit == 0 else {
            return bits
        }
        return RetainedBits.object(bits, as: Registration.self)._withUnsafeGuaranteedRef { $0.identity }
    }
}
