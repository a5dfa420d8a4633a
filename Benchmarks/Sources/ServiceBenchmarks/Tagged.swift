import Service

// A transient service with one tagged dependency, a cached singleton: built by `@Injectable`,
// whose `make(resolver:)` resolves it with tags made once, beside the same service built by a
// closure that writes the tags out.

final class TaggedEndpoint: Sendable {
    init() {}
}

@Injectable
final class TaggedClient: Sendable {
    let endpoint: TaggedEndpoint

    init(@Tags("primary") endpoint: TaggedEndpoint) {
        self.endpoint = endpoint
    }
}

final class HandTaggedClient: Sendable {
    let endpoint: TaggedEndpoint

    init(endpoint: TaggedEndpoint) {
        self.endpoint = endpoint
    }
}

/// An environment with the endpoint (built), the generated client and the closure one.
let taggedEnv: ServiceEnv = {
    let env = ServiceEnv(name: "tagged")
    env.register(TaggedEndpoint.self, tags: "primary") { TaggedEndpoint() }
    env.register(TaggedClient.self, scope: .transient)
    env.register(HandTaggedClient.self, scope: .transient) {
        HandTaggedClient(endpoint: try ServiceEnv.current.resolve(TaggedEndpoint.self, tags: "primary"))
    }
    _ = ServiceAdapter.resolve(TaggedEndpoint.self, tag: "primary", in: env)
    return env
}()

/// Runs the profile row `name` of a tagged dependency `count` times; false for a row that is not
/// one.
func profileTagged(_ name: String, count: Int) -> Bool {
    // NB: each case loops over its own operation, inlined: no closure call around it.
    switch name {
    case "macro-tagged-dependency":
        repeatInline(count) { consume(ServiceAdapter.resolve(TaggedClient.self, in: taggedEnv)) }
    case "tagged-dependency":
        repeatInline(count) { consume(ServiceAdapter.resolve(HandTaggedClient.self, in: taggedEnv)) }
    default: return false
    }
    return true
}
