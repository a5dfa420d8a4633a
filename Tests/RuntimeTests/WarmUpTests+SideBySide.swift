import Service
import Testing

/// A connection whose `open()` waits until `expected` connections are opening at once, or gives
/// up after five seconds: opened one after another, the first never sees the second start.
private final class Handshake: Sendable {
    private let opening = Counter()

    func open(expecting expected: Int) async throws -> Bool {
        opening.increment()
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(5)
        while opening.value < expected && clock.now < deadline {
            try await Task.sleep(for: .milliseconds(1))
        }
        return opening.value >= expected
    }
}

private actor Primary {
    let overlapped: Bool
    init(overlapped: Bool) { self.overlapped = overlapped }
}

private actor Replica {
    let overlapped: Bool
    init(overlapped: Bool) { self.overlapped = overlapped }
}

private actor Search {
    let primary: Primary
    init(primary: Primary) { self.primary = primary }
}

private actor Ping {
    init(pong: Pong) {}
}

private actor Pong {
    init(ping: Ping) {}
}

extension WarmUpTests {
    @Test("builds the async singletons side by side: each factory sees the other's start")
    func asyncSideBySide() async throws {
        let env = ServiceEnv(name: #function)
        let handshake = Handshake()
        env.register(Primary.self) { Primary(overlapped: try await handshake.open(expecting: 2)) }
        env.register(Replica.self) { Replica(overlapped: try await handshake.open(expecting: 2)) }
        try await env.warmUp()
        #expect(try env.resolve(Primary.self).overlapped)
        #expect(try env.resolve(Replica.self).overlapped)
    }

    @Test("async singletons built side by side that need each other: each built once, the one needed first")
    func sideBySideDependencies() async throws {
        let env = ServiceEnv(name: #function)
        let built = Counter()
        env.register(Primary.self) { () async throws -> Primary in
            try await Task.sleep(for: .milliseconds(20))
            built.increment()
            return Primary(overlapped: false)
        }
        env.register(Search.self) { () async throws -> Search in
            Search(primary: try await ServiceEnv.current.resolveAsync(Primary.self))
        }
        try await env.warmUp()
        #expect(built.value == 1)
        let primary = try env.resolve(Primary.self)
        #expect(try env.resolve(Search.self).primary === primary)
    }

    @Test("async singletons built side by side in a cycle: both fail, named in order, and nothing hangs")
    func sideBySideCycle() async throws {
        let env = ServiceEnv(name: #function)
        env.register(Ping.self) { () async throws -> Ping in
            Ping(pong: try await ServiceEnv.current.resolveAsync(Pong.self))
        }
        env.register(Pong.self) { () async throws -> Pong in
            Pong(ping: try await ServiceEnv.current.resolveAsync(Ping.self))
        }
        env.register(Database.self) { Database() }
        let error = await #expect(throws: ServiceWarmUpError.self) { try await env.warmUp() }
        #expect(error?.failures.map(\.serviceType) == ["Ping", "Pong"])
        #expect(error?.builtCount == 1)
        #expect(
            error?.failures.allSatisfy { failure in
                if case .circularDependency = failure.error.error { true } else { false }
            } == true,
            "\(String(describing: error))",
        )
    }
}
