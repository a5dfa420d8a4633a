import Service
import ServiceClientCore
import Testing

@Suite("Macros, used for real")
@MainActor
struct MacroIntegrationTests {
    @Test("an @Assembly registers @Injectable types that resolve with their dependencies")
    func assemblyResolvesGraph() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(StoreAssembly())
        let service = try env.resolve(OrderService.self)
        #expect(service.store === (try env.resolve(OrderStore.self)))
        #expect(service.clock.now() == 42)
    }

    @Test("an optional dependency is nil when absent and resolved when registered")
    func optionalDependency() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(StoreAssembly())
        #expect(try env.resolve(OrderService.self).audit == nil)
        env.register(AuditLog())
        #expect(try env.resolve(OrderService.self).audit != nil)
    }

    @Test("an optional dependency that is registered but fails makes the resolve fail")
    func failingOptionalDependency() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(StoreAssembly())
        env.register(AuditLog.self) { throw FactoryError(reason: "audit offline") }
        guard case .factoryFailed("AuditLog", _) = serviceError({ try env.resolve(OrderService.self) }) else {
            Issue.record("expected the optional dependency's failure to surface")
            return
        }
    }

    @Test("#register scopes are honoured")
    func scopes() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(StoreAssembly())
        #expect(try env.resolve(OrderStore.self) === env.resolve(OrderStore.self))
        #expect(try env.resolve(OrderService.self) !== env.resolve(OrderService.self))
    }

    @Test("an assembly from another module is included, assembled first, and checked against")
    func crossModuleAssembly() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(TestAppAssembly())
        let journal = try env.resolve(Journal.self)
        #expect(journal.store === (try env.resolve(NoteStore.self)))
        #expect(journal.clock.now() == 1)
    }

    @Test("an included assembly's #external is registered by the including one, with the cycle check across both")
    func externalRegisteredByIncludingAssembly() throws {
        let env = ServiceEnv(name: #function)
        env.apply(RoutingApplicationAssembly())
        let table = try env.resolve(RouteTable.self)
        #expect(table.handler === (try env.resolve(RouteHandler.self)))
        #expect(RoutingApplicationAssembly.registrations.map(\.description) == ["RouteHandler (singleton, Sendable)"])
    }

    @Test("a test environment keeps the assembled wiring and overrides two services")
    func overridesInTestEnvironment() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(TestAppAssembly())
        env.register((any ServiceClientCore.Clock).self) { FixedClock(time: 7) }
        env.register(NoteStore())
        let journal = try env.resolve(Journal.self)
        #expect(journal.clock.now() == 7)
        #expect(journal.store === (try env.resolve(NoteStore.self)))
    }

    @Test("a MainActor @Injectable service resolves its Sendable dependencies")
    func mainActorServiceWithSendableDependency() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(TestAppAssembly())
        let screen = try env.resolveMain(JournalScreen.self)
        #expect(screen.journal.store === (try env.resolve(NoteStore.self)))
        #expect(try env.resolveMain(JournalScreen.self) === screen)
    }

    @Test("a #registerMain closure builds a MainActor service on the main actor, which @MainActor services depend on")
    func mainActorClosureRegistration() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(PaletteAssembly())
        try env.validate()
        let theme = try env.resolveMain(ThemeScreen.self)
        #expect(theme.palette === (try env.resolveMain(Palette.self)))
        #expect(theme.palette.name == "default")
        #expect(try env.resolveMain(Palette.self, tags: "dark").name == "dark")
        let rows = PaletteAssembly.registrations.filter { $0.service == Palette.self }
        #expect(rows.count == 2 && rows.allSatisfy { $0.track == .main })
    }

    @Test("the registration table lists every registration in order")
    func registrationTable() {
        #expect(
            StoreAssembly.registrations.map(\.description) == [
                "OrderStore (singleton, Sendable)",
                "FixedTime (singleton, Sendable)",
                "OrderService (transient, Sendable)",
            ]
        )
        guard case .injectable(let dependencies) = StoreAssembly.registrations[2].source else {
            Issue.record("OrderService should be an injectable registration")
            return
        }
        #expect(
            dependencies.map(\.description) == ["store: OrderStore", "clock: FixedTime", "audit: AuditLog (optional)"])
    }

    @Test("make(graph:) builds from a hand-written graph, with no environment")
    func makeFromGraph() {
        let service = OrderService.make(graph: FakeOrderGraph())
        #expect(service.clock.now() == 42)
        #expect(service.audit != nil)
    }

    @Test("an initializer that takes one service under two names (a type alias) builds from an assembly and a graph")
    func dependencyUnderTwoNames() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(OrderBookAssembly())
        try env.validate()
        let audit = try env.resolve(OrderAudit.self)
        #expect(audit.store === (try env.resolve(OrderStore.self)))
        #expect(audit.book === audit.store)
        let store = OrderStore()
        let built = OrderAudit.make(graph: OrderBookGraph(store: store))
        #expect(built.store === store && built.book === store)
    }

    @Test("@escaping closures, an @Assisted one among them, and consuming parameters are injected by their types")
    func parameterDeclarations() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(ReceiptAssembly())
        try env.validate()
        let taps = Counter()
        let button = try env.resolve(ReceiptButton.self, arguments: { @Sendable in _ = taps.increment() })
        #expect(button.format(3) == "3 items")
        #expect(button.store === (try env.resolve(OrderStore.self)))
        button.onTap()
        #expect(taps.value == 1)
        let rows = ReceiptAssembly.registrations.filter { $0.service == ReceiptButton.self }
        guard case .injectable(let dependencies)? = rows.first?.source else {
            Issue.record("ReceiptButton should be an injectable registration")
            return
        }
        #expect(dependencies.map(\.label) == ["format", "store", "onTap"])
    }

    @Test("property injection: @Inject stored properties are resolved through the generated initializer")
    func propertyInjection() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(StoreAssembly())
        env.register(Receipt.self)
        let receipt = try env.resolve(Receipt.self)
        #expect(receipt.store === (try env.resolve(OrderStore.self)))
        #expect(receipt.audit == nil)
        #expect(receipt.copies == 1)
    }

    @Test("property injection in a struct: @Inject properties are passed to its memberwise initializer")
    func propertyInjectionStruct() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(PropertyInjectionAssembly())
        env.register(AuditLog.self) { AuditLog() }
        let summary = try env.resolve(OrderSummary.self)
        #expect(summary.store === (try env.resolve(OrderStore.self)))
        #expect(summary.audit != nil)
        #expect(summary.lineCount == 0)
        #expect(OrderSummary.dependencies.map(\.label) == ["store", "audit"])
    }

    @Test("property injection in an actor: @Injectable(.memberwise) generates its initializer")
    func propertyInjectionActor() async throws {
        let env = ServiceEnv(name: #function)
        env.assemble(PropertyInjectionAssembly())
        let ledger = try env.resolve(OrderLedger.self)
        #expect(ledger.store === (try env.resolve(OrderStore.self)))
        #expect(await ledger.record("first") == 1)
        #expect(try env.resolve(OrderLedger.self) === ledger)
    }

    @Test("@Inject(escaping: true): a property whose type is an alias of a function type is stored and called")
    func propertyInjectionEscapingAlias() throws {
        let env = ServiceEnv(name: #function)
        env.register(OrderTotal.self) { { lines in lines * 3 } }
        env.assemble(PropertyInjectionAssembly())
        let pricer = try env.resolve(OrderPricer.self)
        #expect(pricer.total(4) == 12)
        #expect(pricer.store === (try env.resolve(OrderStore.self)))
        #expect(pricer.discount?(4) == 12)  // an optional dependency: the registered one, if any
        // NB: the generated initializer, called as a test that builds it from fakes would.
        let fake = OrderPricer(total: { $0 + 1 }, discount: { $0 / 2 }, store: OrderStore())
        #expect(fake.total(4) == 5 && fake.discount?(4) == 2)
    }

    @Test("an @Injectable type registers without a closure and builds through make(resolver:)")
    func registerInjectableDirectly() throws {
        let env = ServiceEnv(name: #function)
        env.register(OrderStore.self)
        env.register(FixedTime.self, scope: .transient)
        env.register(OrderService.self)
        #expect(try env.resolve(OrderService.self).store === (try env.resolve(OrderStore.self)))
        let partial = ServiceEnv(name: "partial")
        partial.register(OrderService.self)
        guard case .notRegistered("OrderStore") = serviceError({ try partial.resolve(OrderService.self) }) else {
            Issue.record("an unregistered dependency should be reported by name")
            return
        }
    }
}

@Injectable
final class OrderStore: Sendable {
    init() {}
}

@Injectable
struct FixedTime: Sendable {
    func now() -> Int { 42 }
}

@Injectable
final class OrderService: Sendable {
    let store: OrderStore
    let clock: FixedTime
    let audit: AuditLog?

    init(store: OrderStore, clock: FixedTime, audit: AuditLog?) {
        self.store = store
        self.clock = clock
        self.audit = audit
    }
}

final class AuditLog: Sendable {}

@Injectable(.memberwise)
final class Receipt: Sendable {
    @Inject let store: OrderStore
    @Inject let audit: AuditLog?
    let copies = 1
}

/// Property injection in a struct, built with its memberwise initializer (private, because of
/// `lines`, and reachable from the macro's extension in the same file).
@Injectable
struct OrderSummary: Sendable {
    @Inject let store: OrderStore
    @Inject var audit: AuditLog?
    private var lines = 0

    var lineCount: Int { lines }
}

/// Property injection in an actor, whose initializer only `@Injectable(.memberwise)` can declare.
@Injectable(.memberwise)
actor OrderLedger {
    @Inject let store: OrderStore
    private var entries: [String] = []

    func record(_ entry: String) -> Int {
        entries.append(entry)
        return entries.count
    }
}

/// An alias of a function type, which the macro cannot see is one: `escaping: true` says so.
typealias OrderTotal = @Sendable (Int) -> Int

@Injectable(.memberwise)
final class OrderPricer: Sendable {
    @Inject(escaping: true) let total: OrderTotal
    @Inject(escaping: true) let discount: OrderTotal?
    @Inject let store: OrderStore
}

@Assembly
struct PropertyInjectionAssembly {
    #register(OrderStore.self)
    #external(AuditLog.self)
    #external(OrderTotal.self)
    #register(OrderSummary.self, scope: .transient)
    #register(OrderLedger.self)
    #register(OrderPricer.self, scope: .transient)
}

@Assembly
struct StoreAssembly {
    #register(OrderStore.self)
    #register(FixedTime.self)
    #register(OrderService.self, scope: .transient)
}

/// A graph written by hand, as a test would to build a service from fakes.
struct FakeOrderGraph: OrderService.InjectionRequirements {
    func provide(_ type: OrderStore.Type) -> OrderStore { OrderStore() }
    func provide(_ type: FixedTime.Type) -> FixedTime { FixedTime() }
    func provide(_ type: AuditLog?.Type) -> AuditLog? { AuditLog() }
}

/// Formats a count; a dependency of a function type, registered with a closure.
typealias CountFormat = @Sendable (Int) -> String

@Injectable
final class ReceiptButton: Sendable {
    let format: CountFormat
    let store: OrderStore
    let onTap: @Sendable () -> Void

    init(format: @escaping CountFormat, store: consuming OrderStore, @Assisted onTap: @escaping @Sendable () -> Void) {
        self.format = format
        self.store = store
        self.onTap = onTap
    }
}

@Assembly
struct ReceiptAssembly {
    #register(CountFormat.self) { { "\($0) items" } }
    #register(OrderStore.self)
    #register(ReceiptButton.self, scope: .transient)
}

/// Another name for `OrderStore`, which `OrderAudit` takes under both.
typealias OrderBook = OrderStore

@Injectable
final class OrderAudit: Sendable {
    let store: OrderStore
    let book: OrderBook

    init(store: OrderStore, book: OrderBook) {
        self.store = store
        self.book = book
    }
}

@Assembly
struct OrderBookAssembly {
    #register(OrderStore.self)
    #register(OrderAudit.self)
}

/// One `provide(_:)` meets both of `OrderAudit`'s requirements.
struct OrderBookGraph: OrderAudit.InjectionRequirements {
    let store: OrderStore

    func provide(_ type: OrderStore.Type) -> OrderStore { store }
}

@Injectable
struct Journal: Sendable {
    let store: NoteStore
    let clock: any ServiceClientCore.Clock
}

@Injectable
@MainActor
final class JournalScreen {
    let journal: Journal

    init(journal: Journal) {
        self.journal = journal
    }
}

/// Includes `CoreAssembly` from the `ServiceClientCore` module.
@Assembly(includes: [CoreAssembly.self])
struct TestAppAssembly {
    #register(Journal.self, scope: .transient)
    #registerMain(JournalScreen.self)
}

/// Includes `CoreAssembly` and registers only Sendable services, so it applies off the main actor.
@Assembly(includes: [CoreAssembly.self])
struct TestAppCoreOnlyAssembly {
    #register(Journal.self, scope: .transient)
}

@Injectable
final class RouteHandler: Sendable {
    init() {}
}

@Injectable
final class RouteTable: Sendable {
    let handler: RouteHandler

    init(handler: RouteHandler) {
        self.handler = handler
    }
}

/// Needs `RouteHandler`, which the assembly that includes it registers.
@Assembly
struct RoutingPiecesAssembly {
    #register(RouteTable.self)
    #external(RouteHandler.self)
}

/// Registers what the included assembly declares `#external`; its cycle check sees both.
@Assembly(includes: [RoutingPiecesAssembly.self], checkCycles: true)
struct RoutingApplicationAssembly {
    #register(RouteHandler.self)
}

/// A MainActor service that is not `@Injectable`: the assembly builds it with a closure.
@MainActor
final class Palette {
    let name: String

    init(name: String) {
        self.name = name
    }
}

@Injectable
@MainActor
final class ThemeScreen {
    let palette: Palette

    init(palette: Palette) {
        self.palette = palette
    }
}

@Assembly
struct PaletteAssembly {
    #registerMain(Palette.self) { Palette(name: "default") }
    #registerMain(Palette.self, tags: "dark") { Palette(name: "dark") }
    #registerMain(ThemeScreen.self)
}
