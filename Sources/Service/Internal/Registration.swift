import ServiceThreadLocal
public import Synchronization

/// The track a registration lives on: any thread, or the main actor only.
@usableFromInline
enum Track: Sendable {
    case sendable
    case main
}

/// How a registration's factory is called.
@usableFromInline
enum FactoryForm: Sendable {
    /// Synchronously, with no arguments.
    case plain
    /// Synchronously, with the environment it is built in: an `Injectable` type's
    /// `make(resolver:)`, which so needs no task-local read to find its environment.
    case environment
    /// Synchronously, with the arguments given to the resolve.
    case arguments
    /// With `await`, with the (possibly empty) arguments given to the resolve.
    case async
}

/// How instances of a registration are shared, as the resolve path dispatches on it: the scope
/// reduced to a trivial value, which reads without copying a custom scope's name.
@usableFromInline
enum Sharing: UInt8, Sendable {
    /// A new instance per resolve (`.transient`).
    case none
    /// One instance per top-level resolve (`.graph`).
    case graph
    /// One cached instance (`.singleton`, `.custom`, `.scoped`).
    case cached
    /// One instance while something else holds it (`WeakScope.weak`), kept by a weak reference
    /// in the slot's state rather than in its cache.
    case weak

    /// Whether every resolve, or every construction graph, builds its own instance.
    @inlinable var isUnshared: Bool { rawValue < Sharing.cached.rawValue }
}

/// What `register` stored for one key: its scope, track and factory.
/// Whether a resolve that knows the service is `Injectable` may build it by calling its
/// `make(resolver:)` itself, without reading the registration (see `Slot.direct`).
@usableFromInline
enum DirectBuild: UInt8, AtomicRepresentable, Sendable {
    /// No: it goes through the registration, or is not registered.
    case no
    /// A transient `Injectable` registration: a call of `make(resolver:)` per resolve.
    case transient
    /// A graph-scoped `Injectable` registration: one call per construction graph.
    case graph
}

@usableFromInline
class Registration: @unchecked Sendable {
    // Safety: immutable once installed (a `DescribedRegistration`'s metadata is set before
    // `install`, by the registering thread); subclasses only add `let` properties of Sendable
    // types, or that metadata.
    // NB: the four-byte scope and the four one-byte fields fill one word after the header.
    /// `scope`, stored in four bytes.
    @usableFromInline let storedScope: StoredScope
    /// `scope`, reduced to how instances are shared.
    @usableFromInline let sharing: Sharing
    @usableFromInline let track: Track
    @usableFromInline let form: FactoryForm
    /// What the registration is: a factory's, an instance's or a copy of a slot's inline one.
    @usableFromInline let origin: Origin
    /// Whether the factory returns an instance given to `register(_:)`: nothing to build, so the
    /// first resolve publishes it without a construction frame.
    @inlinable final var isInstance: Bool { origin == .instance || origin == .inlineInstance }
    /// Whether the registration is an `InlineRegistration`.
    @inlinable final var isInline: Bool { origin.rawValue >= Origin.inline.rawValue }
    /// How long instances live and who shares them.
    var scope: ServiceScope { storedScope.scope }
    /// Whether `scope` is ``ServiceScope/scoped``.
    @inlinable final var isScoped: Bool { storedScope == .scoped }
    /// Whether a scope leaves instances to the environment that registered them (see
    /// `ServiceScope.isShared`): singletons and custom scopes other than ``ServiceScope/scoped``.
    @usableFromInline var isShared: Bool { (sharing == .cached || sharing == .weak) && !isScoped }
    /// The factory's argument types, for error messages; empty unless the factory takes
    /// arguments.
    var argumentTypes: [Any.Type] { [] }
    /// What the factory builds and resolves, when it is known (an `Injectable` type registered
    /// without a closure); `validate()` and graph exports read it. Nil here: a registration that
    /// can know it is a `DescribedRegistration`.
    var metadata: RegistrationMetadata? { nil }

    private static let serials = Atomic<UInt64>(0)

    /// Whether the calling thread is applying an assembly to `storage`, or with no storage given,
    /// to any environment: a registration made then is the assembly's, and takes a serial.
    /// Registrations outside an assembly take none, so the common registration path does no
    /// read-modify-write on shared memory and takes no lock.
    ///
    /// NB: the thread's, not a count of the assemblies being applied anywhere: an override
    /// registered on one thread while another thread applied an assembly, to another environment,
    /// was taken for an assembly's registration, and the assembly log kept it.
    static func isAssembling(into storage: ServiceStorage? = nil) -> Bool {
        let assembling = service_thread_assembling_cell().pointee
        guard let storage else {
            return assembling != nil
        }
        return assembling == Unmanaged.passUnretained(storage).toOpaque()
    }

    /// Runs `body`, an assembly's `assemble(env:)` for `storage`, with the calling thread marked
    /// as applying it (see `isAssembling(into:)`).
    @discardableResult
    static func assembling<Result>(into storage: ServiceStorage, _ body: () throws -> Result) rethrows -> Result {
        let cell = service_thread_assembling_cell()
        let previous = cell.pointee
        cell.pointee = Unmanaged.passUnretained(storage).toOpaque()
        defer { cell.pointee = previous }
        return try body()
    }

    /// A new serial for a registration installed while an assembly is being applied: it tells an
    /// assembly's own registrations from later overrides.
    static func nextSerial() -> UInt64 {
        serials.add(1, ordering: .relaxed).newValue
    }

    /// The serial of the latest registration made while an assembly was being applied.
    static var latestSerial: UInt64 { serials.load(ordering: .relaxed) }

    /// Where a registration comes from, as the resolve paths tell them apart.
    @usableFromInline
    enum Origin: UInt8, Sendable {
        /// `register` with a factory, or an `Injectable` type.
        case factory
        /// `register(_:)` with an instance.
        case instance
        /// A `ForwardRegistration`: another name for a target's registration.
        case forward
        /// An `InlineRegistration`: the registration a slot holds inline, made an object.
        case inline
        /// An `InlineRegistration` of an instance.
        case inlineInstance
    }

    init(scope: ServiceScope, track: Track, form: FactoryForm = .plain, origin: Origin = .factory) {
        self.storedScope = StoredScope(scope)
        self.sharing =
            switch scope {
            case .transient: .none
            case .graph: .graph
            case .custom where scope.isWeak: .weak
            case .singleton, .custom: .cached
            }
        self.track = track
        self.form = form
        self.origin = origin
    }

    /// How a slot that holds this registration under `tags` may build without reading it (see
    /// `Slot.direct`): only `register(_:scope:)` of an `Injectable` type makes an `.environment`
    /// registration, and its factory is that type's `make(resolver:)`; a tagged slot never does.
    @inline(__always)
    func direct(under tags: TagSet) -> DirectBuild {
        guard tags.isEmpty && form == .environment && track == .sendable else {
            return .no
        }
        return switch sharing {
        case .none: .transient
        case .graph: .graph
        case .cached, .weak: .no
        }
    }

    /// The registration word of a slot that has this registration: its address, or for an
    /// `InlineRegistration` the mark of the slot that holds it (which every object made for that
    /// registration shares).
    ///
    /// NB: not inlinable: inlined into the benchmark module, Swift 6.3.1's code generation made a
    /// function LLVM rejects ("PHINode should have one entry for each predecessor").
    @usableFromInline final var identity: UInt {
        guard !isInline else {
            return unsafeDowncast(self, to: InlineRegistration.self).mark
        }
        return UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque())
    }

    /// Whether the registration keeps its own serial (see `ownSerial`); the storage's assembly
    /// log keeps the others' (see `AssemblyLog.assembled`).
    var keepsSerial: Bool { false }

    /// The serial of a registration that keeps its own, if it was made while an assembly was
    /// being applied: it tells an assembly's registrations from later overrides.
    var ownSerial: UInt64? { nil }

    /// Runs a Sendable-track factory for a caller that knows the value type only generically
    /// (a MainActor service's dependency), building in `env`; `type` must be the registered type.
    @usableFromInline
    func makeValue<T>(as type: T.Type, in env: ServiceEnv) throws -> T {
        preconditionFailure("only plain Sendable-track registrations are built this way")
    }
}

/// A registration that may know what its factory builds and resolves (`metadata`), which a
/// closure registration cannot: it stores it, where a `SendableRegistration` saves the word.
@usableFromInline
class DescribedRegistration: Registration, @unchecked Sendable {
    // Safety: `storedService` is set before `install`, by the registering thread, and only read
    // after; subclasses only add `let` properties of Sendable types.
    /// The type `metadata` describes.
    ///
    /// NB: the type's metadata alone, one word: `metadata` finds its `DependencyListing`
    /// conformance when `validate()` or a graph export asks, so that a registration allocates
    /// nothing more for it (an object holding the conformance was a malloc and a free per
    /// `@Injectable` registration, and 48 bytes).
    private var storedService: Any.Type?
    /// The serial of a registration made while an assembly was being applied, zero for the
    /// others.
    ///
    /// NB: here, not in the storage's assembly log, where a closure registration object's is: a
    /// generated assembly makes these (when its key has a slot already, or a tag or a custom
    /// scope; a new slot holds the registration itself, see `InlineFacts.assembled`), and the
    /// word costs them no allocator class (the subclasses with a factory are 56 bytes, in the
    /// 64-byte class), where a lock and a log entry per registration cost assembling 100 of them
    /// a fifth more time.
    ///
    /// NB: made with the registration, on the thread that is applying the assembly, before it is
    /// installed in the environment that thread is assembling.
    private let serial = Registration.isAssembling() ? Registration.nextSerial() : 0

    @usableFromInline
    override var metadata: RegistrationMetadata? {
        get {
            let listing = storedService.flatMap { $0 as? any __ServiceMacroSupport.DependencyListing.Type }
            return listing.map(RegistrationMetadata.init)
        }
        set { storedService = newValue?.service }
    }

    override var keepsSerial: Bool { true }

    override var ownSerial: UInt64? { serial == 0 ? nil : serial }
}

/// A registration on the Sendable track.
@usableFromInline
final class SendableRegistration<Value: Sendable>: Registration, @unchecked Sendable {
    @usableFromInline let factory: @Sendable () throws -> Value

    @usableFromInline
    init(scope: ServiceScope, isInstance: Bool = false, factory: @escaping @Sendable () throws -> Value) {
        self.factory = factory
        super.init(scope: scope, track: .sendable, origin: isInstance ? .instance : .factory)
    }

    @usableFromInline
    override func makeValue<T>(as type: T.Type, in env: ServiceEnv) throws -> T {
        // NB: the slot is keyed by the type, so `T` is `Value` here.
        unsafeBitCast(try factory(), to: T.self)
    }
}

/// A Sendable-track registration of an `Injectable` type, built by its `make(resolver:)` in the
/// environment that resolves it.
@usableFromInline
class InjectableRegistration<Value: Sendable>: DescribedRegistration, @unchecked Sendable {
    @usableFromInline final let make: @Sendable (ServiceEnv) throws -> Value

    @usableFromInline
    init(scope: ServiceScope, origin: Origin = .factory, make: @escaping @Sendable (ServiceEnv) throws -> Value) {
        self.make = make
        super.init(scope: scope, track: .sendable, form: .environment, origin: origin)
    }

    @usableFromInline
    override func makeValue<T>(as type: T.Type, in env: ServiceEnv) throws -> T {
        // NB: the slot is keyed by the type, so `T` is `Value` here.
        unsafeBitCast(try make(env), to: T.self)
    }
}

/// A forward (`ServiceEnv.forward(_:to:_:)`): a transient registration of a key whose `make`
/// resolves its target in the resolving environment and returns it as the key. While no
/// decorator or trace is on, a resolve first reads the target's cached instance with
/// `cachedTarget`, which needs no construction frame; only when there is none does it build
/// with `make`, in a frame that names the key.
@usableFromInline
final class ForwardRegistration<Value: Sendable>: InjectableRegistration<Value>, @unchecked Sendable {
    // Safety: as `InjectableRegistration`'s; the one property it adds is a `let` of a Sendable type.
    /// The target's instance as the key, when the environment has one cached; nil when a
    /// resolve has to build it (or find it) with `make`.
    @usableFromInline let cachedTarget: @Sendable (ServiceStorage) -> Value?

    @usableFromInline
    init(
        make: @escaping @Sendable (ServiceEnv) throws -> Value,
        cachedTarget: @escaping @Sendable (ServiceStorage) -> Value?,
    ) {
        self.cachedTarget = cachedTarget
        super.init(scope: .transient, origin: .forward, make: make)
    }
}

/// A registration on the MainActor track.
@usableFromInline
final class MainRegistration<Value>: DescribedRegistration, @unchecked Sendable {
    @usableFromInline let factory: @MainActor @Sendable () throws -> Value

    @usableFromInline
    init(scope: ServiceScope, isInstance: Bool = false, factory: @escaping @MainActor @Sendable () throws -> Value) {
        self.factory = factory
        super.init(scope: scope, track: .main, origin: isInstance ? .instance : .factory)
    }
}

/// A Sendable-track registration whose factory takes resolve-time arguments.
///
/// The factory receives the arguments packed in one tuple and returns `nil` when they are not
/// of the registered types.
@usableFromInline
final class ArgumentRegistration<Value: Sendable>: DescribedRegistration, @unchecked Sendable {
    @usableFromInline let factory: @Sendable (any Sendable) throws -> Value?
    private let storedArgumentTypes: [Any.Type]

    init(
        scope: ServiceScope,
        argumentTypes: [Any.Type],
        factory: @escaping @Sendable (any Sendable) throws -> Value?,
    ) {
        self.factory = factory
        self.storedArgumentTypes = argumentTypes
        super.init(scope: scope, track: .sendable, form: .arguments)
    }

    override var argumentTypes: [Any.Type] { storedArgumentTypes }
}

/// A MainActor-track registration whose factory takes resolve-time arguments.
@usableFromInline
final class MainArgumentRegistration<Value>: DescribedRegistration, @unchecked Sendable {
    @usableFromInline let factory: @MainActor @Sendable (any Sendable) throws -> Value?
    private let storedArgumentTypes: [Any.Type]

    init(
        scope: ServiceScope,
        argumentTypes: [Any.Type],
        factory: @escaping @MainActor @Sendable (any Sendable) throws -> Value?,
    ) {
        self.factory = factory
        self.storedArgumentTypes = argumentTypes
        super.init(scope: scope, track: .main, form: .arguments)
    }

    override var argumentTypes: [Any.Type] { storedArgumentTypes }
}

/// A Sendable-track registration with an `async` factory, with or without arguments.
@usableFromInline
final class AsyncRegistration<Value: Sendable>: DescribedRegistration, @unchecked Sendable {
    @usableFromInline let factory: @Sendable (any Sendable) async throws -> Value?
    private let storedArgumentTypes: [Any.Type]

    /// `track` is `.main` for a factory that runs on the main actor (`registerMain`), whose
    /// instances are cached where `resolveMain` finds them.
    init(
        scope: ServiceScope,
        track: Track = .sendable,
        argumentTypes: [Any.Type],
        factory: @escaping @Sendable (any Sendable) async throws -> Value?,
    ) {
        self.factory = factory
        self.storedArgumentTypes = argumentTypes
        super.init(scope: scope, track: track, form: .async)
    }

    override var argumentTypes: [Any.Type] { storedArgumentTypes }
}

/// A registration on its way into a slot: the reference its caller made, as retained bits that
/// the slot takes over, and how the slot may build without reading it; `none` for a slot made
/// without one.
///
/// NB: bits, not the object: the caller's one reference becomes the slot's, so installing a
/// registration retains and releases nothing (a retain and a release were ~30 of a
/// registration's ~1,000 instructions).
struct PendingRegistration {
    let bits: UInt
    let direct: DirectBuild
    /// For a factory the slot holds itself: its scope, what else the slot knows of it, and its
    /// function and retained context (see `InlineScope`); `bits` is zero then.
    let inlineScope: InlineScope
    let inlineFacts: InlineFacts
    let function: UInt
    let context: UInt

    /// The registration object at `bits` (retained), or none with zero.
    init(bits: UInt, direct: DirectBuild) {
        self.bits = bits
        self.direct = direct
        inlineScope = .none
        inlineFacts = []
        function = 0
        context = 0
    }

    /// A factory for a new slot to hold itself: the words of its closure, the context retained,
    /// and how a resolve that knows its `Injectable` type may build it `direct`ly.
    init(inline scope: InlineScope, facts: InlineFacts, direct: DirectBuild, function: UInt, context: UInt) {
        bits = 0
        self.direct = direct
        inlineScope = scope
        inlineFacts = facts
        self.function = function
        self.context = context
    }

    static let none = PendingRegistration(bits: 0, direct: .no)
}

/// The statically known facts of a registration: the type it builds, which lists its
/// dependencies.
@usableFromInline
struct RegistrationMetadata: Sendable {
    /// The type that is built (the registered key may be a protocol it conforms to).
    @usableFromInline let service: any __ServiceMacroSupport.DependencyListing.Type

    /// Its dependencies, in initializer order, read from the type each time: only `validate()`
    /// and graph exports ask, and registering keeps no list.
    var dependencies: [ServiceDependency] { service.dependencies }

    @usableFromInline
    init(service: any __ServiceMacroSupport.DependencyListing.Type) {
        self.service = service
    }
}

extension RegistrationMetadata {
    /// Metadata for the argument registration being installed by an `AssistedInjectable` type's
    /// generated `register(in:scope:)`, which only knows its factory.
    @TaskLocal static var pendingAssisted: RegistrationMetadata?
}

extension FactoryForm {
    /// Whether an instance cached under a registration of this form stays when a registration of
    /// `other` replaces it: the synchronous forms without arguments (a closure and an
    /// `Injectable` type) are interchangeable, as the original library's one form was.
    func keepsCache(of other: FactoryForm) -> Bool {
        switch (self, other) {
        case (.plain, .plain), (.plain, .environment), (.environment, .plain), (.environment, .environment): true
        default: self == other
        }
    }
}
