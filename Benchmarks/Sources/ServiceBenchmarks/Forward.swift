import Service

// A singleton resolved through the protocol it is forwarded as (`#forward`), beside the same
// singleton resolved by its own type and a forward written by hand as a closure.

protocol ForwardedSingleton: AnyObject, Sendable {}
protocol HandForwardedSingleton: AnyObject, Sendable {}

@Injectable
final class ForwardTarget: ForwardedSingleton, HandForwardedSingleton {
    init() {}
}

@Assembly
struct ForwardAssembly {
    #register(ForwardTarget.self)
    #forward((any ForwardedSingleton).self, to: ForwardTarget.self)
}

/// A transient `@Injectable` leaf registered under a protocol it conforms to (`as:`).
protocol ProtocolLeaf: AnyObject, Sendable {}

@Injectable
final class ProtocolLeafImpl: ProtocolLeaf {
    init() {}
}

@Assembly
struct ProtocolLeafAssembly {
    #register(ProtocolLeafImpl.self, as: (any ProtocolLeaf).self, scope: .transient)
}

/// An environment with `ProtocolLeafAssembly`.
let protocolLeafEnv: ServiceEnv = {
    let env = ServiceEnv(name: "protocol-leaf")
    env.apply(ProtocolLeafAssembly())
    return env
}()

/// An environment with `ForwardAssembly` and the hand-written forward, its singleton built.
let forwardEnv: ServiceEnv = {
    let env = ServiceEnv(name: "forward")
    env.apply(ForwardAssembly())
    env.register((any HandForwardedSingleton).self, scope: .transient) {
        try ServiceEnv.current.resolve(ForwardTarget.self)
    }
    _ = ServiceAdapter.resolve(ForwardTarget.self, in: env)
    return env
}()

/// Runs the profile row `name` of a forward `count` times; false for a row that is not one.
func profileForward(_ name: String, count: Int) -> Bool {
    // NB: each case loops over its own operation, inlined: no closure call around it.
    switch name {
    case "forward":
        repeatInline(count) { consume(ServiceAdapter.resolve((any ForwardedSingleton).self, in: forwardEnv)) }
    case "forward-target": repeatInline(count) { consume(ServiceAdapter.resolve(ForwardTarget.self, in: forwardEnv)) }
    case "hand-forward":
        repeatInline(count) { consume(ServiceAdapter.resolve((any HandForwardedSingleton).self, in: forwardEnv)) }
    case "macro-leaf-as":
        repeatInline(count) { consume(ServiceAdapter.resolve((any ProtocolLeaf).self, in: protocolLeafEnv)) }
    default: return false
    }
    return true
}

/// The cached-singleton scenario's rows for a forward: through `#forward`, and through the same
/// forward written by hand.
func forwardContenders() -> [Contender] {
    [
        Contender(library: "Service, through #forward") {
            blackHole(ServiceAdapter.resolve((any ForwardedSingleton).self, in: forwardEnv))
        },
        Contender(library: "Service, a forward by hand") {
            blackHole(ServiceAdapter.resolve((any HandForwardedSingleton).self, in: forwardEnv))
        },
    ]
}
