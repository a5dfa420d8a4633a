import Dispatch
import Service

// A transient service with one tagged dependency, a cached singleton: built by `@Injectable`,
// whose `make(resolver:)` resolves it with tags made once, beside the same service built by a
// closure that writes the tags out; and the same generated service when it is `@MainActor`
// (with the tag and without) and when its initializer is `async`.

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

/// The same dependency of a `@MainActor` type, resolved with `resolveMain`.
@MainActor
@Injectable
final class MainTaggedClient {
    let endpoint: TaggedEndpoint

    init(@Tags("primary") endpoint: TaggedEndpoint) {
        self.endpoint = endpoint
    }
}

/// The same dependency, untagged, of a `@MainActor` type.
@MainActor
@Injectable
final class MainClient {
    let endpoint: TaggedEndpoint

    init(endpoint: TaggedEndpoint) {
        self.endpoint = endpoint
    }
}

/// The same dependency of a type whose initializer is `async`, resolved with `resolveAsync`.
@Injectable
final class AsyncTaggedClient: Sendable {
    let endpoint: TaggedEndpoint

    init(@Tags("primary") endpoint: TaggedEndpoint) async {
        self.endpoint = endpoint
    }
}

/// `MainClient` written by hand, built by a closure.
@MainActor
final class HandMainClient {
    let endpoint: TaggedEndpoint

    init(endpoint: TaggedEndpoint) {
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
    env.register(AsyncTaggedClient.self, scope: .transient)
    env.register(TaggedEndpoint.self) { TaggedEndpoint() }
    env.register(MacroLeaf.self, tags: "leaf", scope: .transient)
    MainActor.assumeIsolated {
        env.registerMain(MainTaggedClient.self, scope: .transient)
        env.registerMain(MainClient.self, scope: .transient)
        env.registerMain(HandMainClient.self, scope: .transient) {
            HandMainClient(endpoint: try ServiceEnv.current.resolve(TaggedEndpoint.self))
        }
    }
    env.register(HandTaggedClient.self, scope: .transient) {
        HandTaggedClient(endpoint: try ServiceEnv.current.resolve(TaggedEndpoint.self, tags: "primary"))
    }
    _ = ServiceAdapter.resolve(TaggedEndpoint.self, tag: "primary", in: env)
    _ = ServiceAdapter.resolve(TaggedEndpoint.self, in: env)
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
    case "macro-tagged-dependency-main":
        MainActor.assumeIsolated {
            repeatInline(count) {
                do { consume(try taggedEnv.resolveMain(MainTaggedClient.self)) } catch { fatalError("\(error)") }
            }
        }
    case "macro-main-dependency":
        MainActor.assumeIsolated {
            repeatInline(count) {
                do { consume(try taggedEnv.resolveMain(MainClient.self)) } catch { fatalError("\(error)") }
            }
        }
    case "macro-leaf-tagged":
        // NB: `MacroLeaf` registered under a tag, as `#register(MacroLeaf.self, tags: "leaf")` does.
        repeatInline(count) {
            consume(ServiceAdapter.resolve(MacroLeaf.self, tags: ServiceAdapter.leafTags, in: taggedEnv))
        }
    case "main-dependency":
        MainActor.assumeIsolated {
            repeatInline(count) {
                do { consume(try taggedEnv.resolveMain(HandMainClient.self)) } catch { fatalError("\(error)") }
            }
        }
    case "macro-tagged-dependency-async":
        // NB: from a task, with the main thread waiting, as the `scope-async` row runs; the
        // environment is made first, on the main thread, which its `registerMain` needs.
        let env = taggedEnv
        let finished = DispatchSemaphore(value: 0)
        Task.detached {
            for _ in 0..<count { consume(await ServiceAdapter.resolveAsync(AsyncTaggedClient.self, in: env)) }
            finished.signal()
        }
        finished.wait()
    default: return false
    }
    return true
}
