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

// Case (d): isolation inferred from a @MainActor protocol, not written on the type. Caught (the
// Injectable conformance crosses into main actor-isolated code), reported in the expansion.

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
