import Synchronization

/// A unit of registrations, applied to an environment in one call.
///
/// ```swift
/// struct NetworkAssembly: ServiceAssembly {
///     func assemble(env: ServiceEnv) {
///         env.register(String.self) { "https://api.example.com" }
///     }
/// }
/// @MainActor func setUp() { ServiceEnv.current.assemble(NetworkAssembly()) }
/// ```
@MainActor
public protocol ServiceAssembly {
    /// Registers this assembly's services in `env`.
    func assemble(env: ServiceEnv)

    /// Runs after every assembly of the same `assemble` call has registered its services; the
    /// default does nothing.
    ///
    /// Use it for work that needs other assemblies' registrations, such as resolving a service
    /// to warm it up or checking the wiring.
    ///
    /// ```swift
    /// struct Cache: Sendable {}
    /// struct WarmUpAssembly: ServiceAssembly {
    ///     func assemble(env: ServiceEnv) {}
    ///     func loaded(env: ServiceEnv) { _ = try? env.resolve(Cache.self) }
    /// }
    /// ```
    func loaded(env: ServiceEnv)
}

extension ServiceAssembly {
    /// Does nothing.
    public func loaded(env: ServiceEnv) {}
}

/// An assembly whose registrations are declared in a static table: what `@Assembly` generates.
///
/// A declared assembly has no configuration besides its type, so an environment assembles each
/// declared assembly type once: listing it twice, or reaching it through several `includes:`,
/// registers its services once and runs its `loaded(env:)` once. (A hand-written
/// ``ServiceAssembly`` may carry configuration in its properties and is applied every time.)
///
/// ```swift
/// struct Clock: Sendable {}
/// struct ClockAssembly: DeclaredAssembly {
///     static let registrations: [AssemblyRegistration] = []
///     func assemble(env: ServiceEnv) { env.register(Clock.self) { Clock() } }
/// }
/// ```
@MainActor
public protocol DeclaredAssembly: ServiceAssembly {
    /// One row per registration, in declaration order.
    nonisolated static var registrations: [AssemblyRegistration] { get }
}

extension DeclaredAssembly {
    /// What an `@Assembly(checkCycles: true)` that includes this assembly checks its graph
    /// against: `@Assembly` declares its own `__CycleNodes`, the cycle nodes of its registrations,
    /// internal to its module; from other modules, and for a hand-written assembly, there are none.
    ///
    /// ```swift
    /// enum NoCycles: ClockAssembly.__CycleNodes {}
    /// ```
    @_documentation(visibility: private)
    public typealias __CycleNodes = __ServiceMacroSupport.NoCycleNodes
}

/// A declared assembly that can be applied from any isolation, without the main actor: every
/// service it registers is on the Sendable track. `@Assembly` adds this conformance when the
/// struct has no `#registerMain` and declares no `loaded(env:)`.
///
/// ```swift
/// struct Clock: Sendable {}
/// struct ClockAssembly: NonisolatedAssembly {
///     static let registrations: [AssemblyRegistration] = []
///     func assemble(env: ServiceEnv) { env.register(Clock.self) { Clock() } }
/// }
/// ServiceEnv(name: "server").apply(ClockAssembly())
/// ```
public protocol NonisolatedAssembly {
    /// One row per registration, in declaration order.
    static var registrations: [AssemblyRegistration] { get }

    /// Registers this assembly's services in `env`.
    func assemble(env: ServiceEnv)
}

extension ServiceEnv {
    /// Applies a ``NonisolatedAssembly`` (any `@Assembly` without MainActor services) from any
    /// isolation: a server wires itself without hopping to the main actor.
    ///
    /// Like ``assemble(_:)-(ServiceAssembly)``, it applies each declared assembly type once per
    /// environment, its included assembly with it. It runs no `loaded(env:)` hook: an assembly that
    /// declares one is applied with `assemble(_:)` on the main actor. An included assembly with
    /// MainActor services needs the main actor too: applying its includer with `apply(_:)` traps
    /// with a message naming it.
    ///
    /// ```swift
    /// struct Clock: Sendable {}
    /// struct ClockAssembly: NonisolatedAssembly {
    ///     static let registrations: [AssemblyRegistration] = []
    ///     func assemble(env: ServiceEnv) { env.register(Clock.self) { Clock() } }
    /// }
    ///
    /// func start() async throws {
    ///     let app = ServiceEnv(name: "server")
    ///     app.apply(ClockAssembly())  // no `await MainActor.run`
    /// }
    /// ```
    public func apply<Assembly: NonisolatedAssembly>(_ assembly: Assembly) {
        applyWithoutMainActor(assembly)
    }

    /// What both `apply(_:)` overloads do: apply `assembly` once, with no `loaded(env:)` hook.
    private func applyWithoutMainActor<Assembly: NonisolatedAssembly>(_ assembly: Assembly) {
        AssemblyLog.$isApplyingWithoutMainActor.withValue(true) {
            applyDeclared(assembly)
        }
    }

    /// Applies an `@Assembly` without MainActor services from any isolation, as
    /// ``apply(_:)-8q9i`` does: the overload such an assembly, which is declared
    /// too, takes (see the unavailable overload for an assembly that is not a `NonisolatedAssembly`).
    ///
    /// ```swift
    /// @Injectable
    /// struct Clock: Sendable {}
    ///
    /// @Assembly
    /// struct ClockAssembly {
    ///     #register(Clock.self)
    /// }
    ///
    /// func start() {
    ///     ServiceEnv(name: "server").apply(ClockAssembly())
    /// }
    /// ```
    public func apply<Assembly: DeclaredAssembly & NonisolatedAssembly>(_ assembly: Assembly) {
        applyWithoutMainActor(assembly)
    }

    /// Not available: an `@Assembly` with `#registerMain` lines or a `loaded(env:)` hook is
    /// applied on the main actor, with ``assemble(_:)-(ServiceAssembly)``. Declared so that the
    /// compiler's error says so, where it would otherwise say that the assembly does not conform
    /// to ``NonisolatedAssembly``.
    ///
    /// ```swift
    /// struct Screen {}
    /// struct ScreenAssembly: DeclaredAssembly {
    ///     static let registrations: [AssemblyRegistration] = []
    ///     func assemble(env: ServiceEnv) { env.registerMain(Screen.self) { Screen() } }
    /// }
    ///
    /// @MainActor func start() {
    ///     ServiceEnv(name: "app").assemble(ScreenAssembly())  // not apply(_:)
    /// }
    /// ```
    // swift-format-ignore
    @available(*, unavailable, message: "this assembly registers MainActor services or has a loaded(env:) hook: call assemble(_:) on the main actor")
    public func apply<Assembly: DeclaredAssembly>(_ assembly: Assembly) {
        fatalError("unavailable")
    }

    /// Applies `assembly` once, as part of the `assemble` or `apply` call in progress.
    func applyDeclared<Assembly: NonisolatedAssembly>(_ assembly: Assembly) {
        Registration.assembling(into: storage) {
            AssemblyLog.applyOnce(Assembly.self, registrations: Assembly.registrations, in: storage) {
                assembly.assemble(env: self)
            }
        }
    }

    /// Applies one assembly to this environment, then runs its `loaded(env:)`.
    ///
    /// ```swift
    /// struct CoreAssembly: ServiceAssembly {
    ///     func assemble(env: ServiceEnv) { env.register(Int.self) { 1 } }
    /// }
    /// @MainActor func setUp() { ServiceEnv.current.assemble(CoreAssembly()) }
    /// ```
    @MainActor
    public func assemble(_ assembly: any ServiceAssembly) {
        assemble([assembly])
    }

    /// Applies assemblies to this environment in order, then runs their `loaded(env:)` hooks in
    /// the same order.
    ///
    /// A ``DeclaredAssembly`` type that this environment has already assembled (since its last
    /// ``resetAll()``) is skipped.
    ///
    /// ```swift
    /// struct CoreAssembly: ServiceAssembly {
    ///     func assemble(env: ServiceEnv) { env.register(Int.self) { 1 } }
    /// }
    /// @MainActor func setUp() { ServiceEnv.current.assemble([CoreAssembly(), CoreAssembly()]) }
    /// ```
    @MainActor
    public func assemble(_ assemblies: [any ServiceAssembly]) {
        AssemblySession.perform(in: self) { session in
            for assembly in assemblies {
                session.apply(assembly)
            }
        }
    }

    /// Applies assemblies to this environment in order, then runs their `loaded(env:)` hooks.
    ///
    /// ```swift
    /// struct CoreAssembly: ServiceAssembly {
    ///     func assemble(env: ServiceEnv) { env.register(Int.self) { 1 } }
    /// }
    /// @MainActor func setUp() { ServiceEnv.current.assemble(CoreAssembly(), CoreAssembly()) }
    /// ```
    @MainActor
    public func assemble(_ assemblies: any ServiceAssembly...) {
        assemble(assemblies)
    }

    /// The declared assemblies applied to this environment since its last ``resetAll()``, in
    /// the order they started to apply (an assembly before the ones it includes).
    ///
    /// ```swift
    /// for assembly in ServiceEnv.current.assembledTables {
    ///     print(assembly.name, assembly.registrations.count)
    /// }
    /// ```
    public var assembledTables: [(name: String, registrations: [AssemblyRegistration])] {
        storage.withAssembly { $0.tables.map { ($0.name, $0.registrations) } }
    }
}

/// One `assemble` call in progress on one environment: which declared assemblies it applied,
/// and whose `loaded(env:)` hooks run when it ends.
@MainActor
final class AssemblySession {
    /// The sessions in progress, by environment storage; an `assemble` call made while one is
    /// in progress for the same environment joins it.
    private static var active: [ObjectIdentifier: AssemblySession] = [:]

    private let env: ServiceEnv
    private var applied: [any ServiceAssembly] = []

    private init(env: ServiceEnv) {
        self.env = env
    }

    /// Runs `body` in the session of `env`, starting one (and running the hooks at its end) if
    /// none is in progress.
    static func perform(in env: ServiceEnv, _ body: (AssemblySession) -> Void) {
        let key = ObjectIdentifier(env.storage)
        if let session = active[key] {
            body(session)
            return
        }
        let session = AssemblySession(env: env)
        active[key] = session
        Registration.assembling(into: env.storage) {
            body(session)
        }
        active[key] = nil
        // NB: hooks run after the session closed, so an `assemble` inside a hook starts afresh.
        for assembly in session.applied {
            assembly.loaded(env: env)
        }
    }

    /// Applies `assembly` unless it is a declared assembly the environment already has.
    func apply(_ assembly: any ServiceAssembly) {
        if let declared = assembly as? any DeclaredAssembly {
            let type = type(of: declared)
            let applied = AssemblyLog.applyOnce(type, registrations: type.registrations, in: env.storage) {
                assembly.assemble(env: env)
            }
            if applied {
                self.applied.append(assembly)
            }
            return
        }
        assembly.assemble(env: env)
        applied.append(assembly)
    }
}

struct AssemblyLog: Sendable {
    /// Whether the assemblies being applied came through `apply(_:)`, which promises not to need
    /// the main actor, rather than `assemble(_:)` on it.
    @TaskLocal static var isApplyingWithoutMainActor = false

    var types: Set<ObjectIdentifier> = []
    var tables: [AssembledTable] = []
    /// The latest closure registration object installed in each slot while an assembly was
    /// being applied, with its serial (a `DescribedRegistration` keeps its own, and a slot made
    /// with its registration inline is known by its sequence, see `AssembledTable.slots`). It
    /// holds the registration, so that one installed later in its place (and so not the
    /// assembly's) is never taken for it, and at most one per slot.
    var assembled: [Slot: AssembledRegistration] = [:]

    /// Runs `body`, the `assemble(env:)` of the declared assembly `type`, unless `storage` applied
    /// that type already, and logs its table with the serials of the registrations it made.
    /// Returns whether `body` ran.
    @discardableResult
    static func applyOnce(
        _ type: Any.Type,
        registrations: [AssemblyRegistration],
        in storage: ServiceStorage,
        _ body: () -> Void,
    ) -> Bool {
        let index = storage.withAssembly { log -> Int? in
            guard log.types.insert(ObjectIdentifier(type)).inserted else {
                return nil
            }
            log.tables.append(AssembledTable(name: String(describing: type), registrations: registrations))
            return log.tables.count - 1
        }
        guard let index else {
            return false
        }
        let first = Registration.latestSerial + 1
        let firstSlot = storage.slotCount
        body()
        let last = Registration.latestSerial
        let slots = firstSlot..<max(firstSlot, storage.slotCount)
        storage.withAssembly {
            $0.tables[index].serials = first...max(first, last)
            $0.tables[index].slots = slots
        }
        return true
    }
}

/// What tells a registration an assembly made from a later override of its key (see
/// `AssembledTable`): the serial of a registration object made while the assembly was applied,
/// or the sequence of a slot made then with its registration held inline.
enum AssemblyMark: Equatable {
    case serial(UInt64)
    case slot(Int32)
}

/// A registration installed while an assembly was being applied, and its serial.
struct AssembledRegistration: @unchecked Sendable {
    // Safety: a registration is immutable once installed (see `Registration`).
    let registration: Registration
    let serial: UInt64
}

/// One declared assembly applied to a storage.
struct AssembledTable: Sendable {
    let name: String
    let registrations: [AssemblyRegistration]
    /// The serials of the registrations its `assemble(env:)` made (including those of the
    /// assemblies it included); a registration of its keys outside them is an override.
    var serials: ClosedRange<UInt64> = 0...0
    /// The sequences of the slots made while its `assemble(env:)` ran: a slot among them that
    /// holds its registration inline, made by the thread applying it (`InlineFacts.assembled`),
    /// holds the assembly's (or an included one's) registration. Another thread's slots may be
    /// among them too, without that mark.
    var slots: Range<Int> = 0..<0

    /// Whether the registration `mark` tells of was made by this assembly.
    func made(_ mark: AssemblyMark) -> Bool {
        switch mark {
        case .serial(let serial): serials.contains(serial)
        case .slot(let sequence): slots.contains(Int(sequence))
        }
    }
}
