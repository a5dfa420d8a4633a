import Service

// Case (a): a dependency the assembly does not provide.

final class Missing: Sendable {}

@Injectable
final class Needy: Sendable {
    init(missing: Missing) {}
}

@Assembly
struct MissingProviderAssembly {
    #register(Needy.self)  // line 14: error, 'Missing' is not provided
}

// Case (b): a MainActor service registered on the Sendable track.

@Injectable
@MainActor
final class MainScreen {
    init() {}
}

@Assembly
struct WrongTrackAssembly {
    #register(MainScreen.self)  // line 27: error, a MainActor service is registered with #registerMain
}

// Case (c): a Sendable service that depends on a MainActor service.

@Injectable
final class Presenter: Sendable {
    init(screen: MainScreen) {}
}

@Assembly
struct CrossTrackAssembly {
    #registerMain(MainScreen.self)
    #register(Presenter.self)  // line 40: error, its dependency lives on the MainActor track
}

// Case (d): isolation inferred from a @MainActor protocol, not written on the type. Caught on the
// line that names the type (line 50): the generated, nonisolated code cannot read it.

@MainActor
protocol Screenish {}

@Injectable
final class InferredScreen: Screenish {
    init() {}
}

// Case (e): an opt-in cycle check: Ping needs Pong, which needs Ping.

@Injectable
final class Ping: Sendable {
    init(pong: Pong) {}
}

@Injectable
final class Pong: Sendable {
    init(ping: Ping) {}
}

@Assembly(checkCycles: true)
struct CycleAssembly {
    #register(Ping.self)  // line 68: error, the cycle Ping -> Pong -> Ping
    #register(Pong.self)
}

// Case (f): a singleton that depends on what each request scope provides (a captive dependency).

struct RequestContext: Sendable {}

@Injectable
final class RequestCache: Sendable {
    init(context: RequestContext) {}
}

@Injectable
final class RequestHandler: Sendable {
    init(context: RequestContext) {}
}

@Assembly
struct CaptiveAssembly {
    #external(RequestContext.self, scope: .scoped)
    #register(RequestCache.self)  // line 89: error, a singleton cannot depend on a per-scope type
    #register(RequestHandler.self, scope: .transient)
}

// Case (g): one missing provider in an assembly of 50 registrations. The noise must not grow with
// the assembly: 48 services, Front, and Greeter, which needs Config.

struct Config: Sendable {}

@Injectable final class Service0: Sendable { init() {} }
@Injectable final class Service1: Sendable { init() {} }
@Injectable final class Service2: Sendable { init() {} }
@Injectable final class Service3: Sendable { init() {} }
@Injectable final class Service4: Sendable { init() {} }
@Injectable final class Service5: Sendable { init() {} }
@Injectable final class Service6: Sendable { init() {} }
@Injectable final class Service7: Sendable { init() {} }
@Injectable final class Service8: Sendable { init() {} }
@Injectable final class Service9: Sendable { init() {} }
@Injectable final class Service10: Sendable { init() {} }
@Injectable final class Service11: Sendable { init() {} }
@Injectable final class Service12: Sendable { init() {} }
@Injectable final class Service13: Sendable { init() {} }
@Injectable final class Service14: Sendable { init() {} }
@Injectable final class Service15: Sendable { init() {} }
@Injectable final class Service16: Sendable { init() {} }
@Injectable final class Service17: Sendable { init() {} }
@Injectable final class Service18: Sendable { init() {} }
@Injectable final class Service19: Sendable { init() {} }
@Injectable final class Service20: Sendable { init() {} }
@Injectable final class Service21: Sendable { init() {} }
@Injectable final class Service22: Sendable { init() {} }
@Injectable final class Service23: Sendable { init() {} }
@Injectable final class Service24: Sendable { init() {} }
@Injectable final class Service25: Sendable { init() {} }
@Injectable final class Service26: Sendable { init() {} }
@Injectable final class Service27: Sendable { init() {} }
@Injectable final class Service28: Sendable { init() {} }
@Injectable final class Service29: Sendable { init() {} }
@Injectable final class Service30: Sendable { init() {} }
@Injectable final class Service31: Sendable { init() {} }
@Injectable final class Service32: Sendable { init() {} }
@Injectable final class Service33: Sendable { init() {} }
@Injectable final class Service34: Sendable { init() {} }
@Injectable final class Service35: Sendable { init() {} }
@Injectable final class Service36: Sendable { init() {} }
@Injectable final class Service37: Sendable { init() {} }
@Injectable final class Service38: Sendable { init() {} }
@Injectable final class Service39: Sendable { init() {} }
@Injectable final class Service40: Sendable { init() {} }
@Injectable final class Service41: Sendable { init() {} }
@Injectable final class Service42: Sendable { init() {} }
@Injectable final class Service43: Sendable { init() {} }
@Injectable final class Service44: Sendable { init() {} }
@Injectable final class Service45: Sendable { init() {} }
@Injectable final class Service46: Sendable { init() {} }
@Injectable final class Service47: Sendable { init() {} }

@Injectable
final class Greeter: Sendable {
    init(config: Config, service: Service0) {}
}

@Injectable
final class Front: Sendable {
    init(greeter: Greeter, service: Service47) {}
}

@Assembly
struct AppAssembly {
    #register(Service0.self)
    #register(Service1.self)
    #register(Service2.self)
    #register(Service3.self)
    #register(Service4.self)
    #register(Service5.self)
    #register(Service6.self)
    #register(Service7.self)
    #register(Service8.self)
    #register(Service9.self)
    #register(Service10.self)
    #register(Service11.self)
    #register(Service12.self)
    #register(Service13.self)
    #register(Service14.self)
    #register(Service15.self)
    #register(Service16.self)
    #register(Service17.self)
    #register(Service18.self)
    #register(Service19.self)
    #register(Service20.self)
    #register(Service21.self)
    #register(Service22.self)
    #register(Service23.self)
    #register(Service24.self)
    #register(Service25.self)
    #register(Service26.self)
    #register(Service27.self)
    #register(Service28.self)
    #register(Service29.self)
    #register(Service30.self)
    #register(Service31.self)
    #register(Service32.self)
    #register(Service33.self)
    #register(Service34.self)
    #register(Service35.self)
    #register(Service36.self)
    #register(Service37.self)
    #register(Service38.self)
    #register(Service39.self)
    #register(Service40.self)
    #register(Service41.self)
    #register(Service42.self)
    #register(Service43.self)
    #register(Service44.self)
    #register(Service45.self)
    #register(Service46.self)
    #register(Service47.self)
    #register(Greeter.self)  // error: 'Config' is not provided
    #register(Front.self)
}

// Case (h): two missing providers: both are named.

struct Clock: Sendable {}

@Injectable
final class Scheduler: Sendable {
    init(config: Config, clock: Clock) {}
}

@Assembly
struct SchedulingAssembly {
    #register(Scheduler.self)  // error: neither 'Config' nor 'Clock' is provided
}

// Case (i): a value type registered with the weak scope, which holds class instances only.

struct Settings: Sendable {}

func registerWeakValue(in env: ServiceEnv) {
    env.register(Settings.self, scope: .weak) { Settings() }  // error: a value type cannot be weak
}

// Case (j): a @MainActor service with an async initializer registered on the Sendable track.

@Injectable
@MainActor
final class AsyncScreen {
    init() async {}
}

@Assembly
struct AsyncWrongTrackAssembly {
    #register(AsyncScreen.self)  // line 243: error, a MainActor service is registered with #registerMain
}

// Case (k): a cycle across an included assembly: Server needs Router, which the included
// assembly registers, and Router needs Server.

@Injectable
final class Router: Sendable {
    init(server: Server) {}
}

@Injectable
final class Server: Sendable {
    init(router: Router) {}
}

@Assembly
struct RoutingAssembly {
    #register(Router.self)
    #external(Server.self)
}

@Assembly(includes: [RoutingAssembly.self], checkCycles: true)
struct ServerAssembly {
    #register(Server.self)  // line 267: error, the cycle Server -> Router -> Server
}

// Case (l): a tagged dependency the assembly registers only untagged.

struct Endpoint: Sendable {}

@Injectable
final class Mirror: Sendable {
    init(primary: Endpoint, @Tags("backup") backup: Endpoint) {}
}

@Assembly
struct MirrorAssembly {
    #register(Endpoint.self) { Endpoint() }
    #register(Mirror.self)  // line 282: error, nothing is registered with tags "backup"
}

// Case (m): a @MainActor service's tagged dependencies, one registered (on the MainActor track)
// and one missing.

@Injectable
@MainActor
final class Banner {
    init() {}
}

@Injectable
@MainActor
final class Lobby {
    init(@Tags("welcome") banner: Banner, @Tags("backup") backup: Endpoint) {}
}

@Assembly
struct LobbyAssembly {
    #registerMain(Banner.self, tags: "welcome")
    #registerMain(Lobby.self)  // line 303: error, nothing is registered with tags "backup"
}

// Case (n): #registerMain of a service that is not @MainActor, and a missing dependency of a
// #registerMain service, each reported on its own line.

@Injectable
final class Ledger: Sendable {
    init() {}
}

@Injectable
@MainActor
final class LedgerScreen {
    init(ledger: Ledger, missing: Missing) {}
}

@Assembly
struct LedgerAssembly {
    #registerMain(Ledger.self)  // line 322: error, Ledger is not @MainActor
    #registerMain(LedgerScreen.self)  // line 323: error, 'Missing' is not provided
}

// Case (o): isolation inferred from a @MainActor superclass, caught on the line that names the type.

@MainActor
class ScreenBase {
    init(title: String) {}
}

@Injectable
final class SettingsScreen: ScreenBase, @unchecked Sendable {  // line 334: error, isolated by its superclass
    init() { super.init(title: "Settings") }
}

// Case (p): a Sendable service that depends on a MainActor service of the included assembly.

@Injectable
@MainActor
final class Toolbar {
    init() {}
}

@Injectable
final class ToolbarModel: Sendable {
    init(toolbar: Toolbar) {}
}

@Assembly
struct ToolbarAssembly {
    #registerMain(Toolbar.self)
}

@Assembly(includes: [ToolbarAssembly.self])
struct ToolbarModelAssembly {
    #register(ToolbarModel.self)  // line 358: error, 'Toolbar' is on the MainActor track
}

// Case (q): a missing dependency that is an existential: named like any other.

protocol TimeSource: Sendable {}

@Injectable
final class Reporter: Sendable {
    init(clock: any TimeSource) {}
}

@Assembly
struct ReporterAssembly {
    #register(Reporter.self)  // line 372: error, 'any TimeSource' is not provided
}

// Case (r): a service with more required dependencies than the assembly's check has positions
// (8): one past them missing is reported on the line too, by the service's own check.

struct Part0: Sendable {}
struct Part1: Sendable {}
struct Part2: Sendable {}
struct Part3: Sendable {}
struct Part4: Sendable {}
struct Part5: Sendable {}
struct Part6: Sendable {}
struct Part7: Sendable {}
struct Part8: Sendable {}

@Injectable
struct Machine: Sendable {
    let p0: Part0, p1: Part1, p2: Part2, p3: Part3, p4: Part4, p5: Part5, p6: Part6, p7: Part7, p8: Part8
}

@Assembly
struct MachineAssembly {
    #register(Part0.self) { Part0() }
    #register(Part1.self) { Part1() }
    #register(Part2.self) { Part2() }
    #register(Part3.self) { Part3() }
    #register(Part4.self) { Part4() }
    #register(Part5.self) { Part5() }
    #register(Part6.self) { Part6() }
    #register(Part7.self) { Part7() }
    #register(Machine.self)  // line 403: error, 'Part8' is not provided
}

// Case (s): a type that is not @Injectable, registered without a closure: one error that names
// the type and both fixes, first on its line, where no overload of the macro matched before.

struct SiteSettings: Sendable {
    let locale: String
}

@MainActor final class Palette {}

@Assembly
struct SiteSettingsAssembly {
    #register(SiteSettings.self)  // line 417: error, 'SiteSettings' is not @Injectable
    #registerMain(Palette.self)  // line 418: error, 'Palette' is not @Injectable
}

// Case (t): a service registered under a protocol it does not conform to: the line names both.

protocol PaymentGateway: Sendable {}

@Injectable
final class CardGateway: Sendable {
    init() {}
}

@Assembly
struct PaymentAssembly {
    #register(CardGateway.self, as: (any PaymentGateway).self)  // line 432: error, not a PaymentGateway
}

// Case (u): `as:` with a closure, which `as:` does not take: one error on the line that names the
// type to register first, where the closure was read as a tag ("cannot conform to 'Hashable'").

protocol ReceiptPrinter: Sendable {}

struct ThermalPrinter: ReceiptPrinter {}

@Assembly
struct PrinterAssembly {
    #register(ThermalPrinter.self, as: (any ReceiptPrinter).self) { ThermalPrinter() }  // line 444: error
}

// Case (v): a parameter of a `some` type makes the initializer generic: one error on it.

@Injectable
struct Dial: Sendable {
    init(clock: some Sendable) {}  // line 451: error, 'some'
}

// Case (w): an initializer @Injectable cannot call (failable), registered in an assembly: one
// error, on the initializer, and none on the #register line, which named generated members and
// said the type was not @Injectable.

@Injectable
final class FlakyReader: Sendable {
    init?(till: Till) {}  // line 460: error, failable
}

@Assembly
struct FlakyAssembly {
    #register(Till.self) { Till() }
    #register(FlakyReader.self)  // line 466: no error
}

// Case (x): the scope before the tags, with a closure: one error, the assembly's, on the line.
// (Without a closure the compiler's own "argument 'tags' must precede argument 'scope'".)

@Assembly
struct ReplicaAssembly {
    #register(Endpoint.self, scope: .transient, tags: "mirror") { Endpoint() }  // line 474: error
}

// Case (y): a mistake after a method, whose body and signature the plugin takes out of what it
// parses: the error is still on its own line and column.

@Injectable
final class Courier: Sendable {
    func deliver<Parcel: StringProtocol>(_ parcels: [Parcel]) -> Int where Parcel: Sendable {
        var count = 0
        for parcel in parcels where !parcel.isEmpty { count += 1 }
        return count
    }

    init(route: some Sendable) {}  // line 488: error, 'some', at column 17
}

// Case (z): an alias of a function type without @Inject(escaping: true): the error is on its line.

typealias ParcelHandler = @Sendable (String) -> Void

@Injectable(.memberwise)
final class ParcelInbox: Sendable {
    @Inject let onParcel: ParcelHandler  // line 497: error, its parameter is not @escaping
}
