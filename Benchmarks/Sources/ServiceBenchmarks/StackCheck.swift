import Service

// `--check-stack` (main.swift): each form of a resolve that takes a pack (tags, arguments) or
// `ServiceTags`, a million times in a loop of the program's top-level code, in the release build,
// where the optimizer inlines the library's generic code into the loop. A form whose pack took
// stack that was not given back per resolve (16 bytes each time: a tagged resolve did, when its
// set of tags was built inline) overflows the main thread's stack there, and the process
// crashes. (The same loops in a function of their own did not show it.)

final class StackCheckGreeting: Sendable {
    let text: String
    init(text: String) { self.text = text }
}

/// The environment the checks resolve in: two tagged singletons, a transient with arguments.
let stackCheckEnv: ServiceEnv = {
    let env = ServiceEnv(name: "stack-check")
    env.register(StackCheckGreeting.self, tags: "primary") { StackCheckGreeting(text: "primary") }
    env.register(StackCheckGreeting.self, tags: "primary", 2) { StackCheckGreeting(text: "primary 2") }
    env.register(StackCheckGreeting.self, scope: .transient) { (name: String, times: Int) in
        StackCheckGreeting(text: String(repeating: name, count: times))
    }
    return env
}()

/// What `resolve` returns; a failure ends the process, as a benchmark's does.
@inline(__always)
func resolveOrFail<T>(_ resolve: () throws -> T) -> T {
    do {
        return try resolve()
    } catch {
        fatalError("stack check failed to resolve: \(error)")
    }
}
