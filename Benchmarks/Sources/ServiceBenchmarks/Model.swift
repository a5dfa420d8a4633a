// The object graphs every library builds: identical types, identical shapes.

final class CachedSingleton: Sendable {}
/// The same singleton registered with `.immortal`: its reads do not write its reference count.
final class ImmortalSingleton: Sendable {}
/// The MainActor-track singleton a `@MainService` property reads.
@MainActor final class MainCachedSingleton {}

final class Leaf: Sendable {}

final class DependencyA: Sendable {}
final class DependencyB: Sendable {}
final class DependencyC: Sendable {}

final class ThreeDependencies: Sendable {
    let a: DependencyA
    let b: DependencyB
    let c: DependencyC

    init(a: DependencyA, b: DependencyB, c: DependencyC) {
        self.a = a
        self.b = b
        self.c = c
    }
}

/// Chain0 → Chain1 → … → Chain9 (a leaf): ten transient constructions per resolve.
final class Chain9: Sendable {}
final class Chain8: Sendable { let next: Chain9; init(next: Chain9) { self.next = next } }
final class Chain7: Sendable { let next: Chain8; init(next: Chain8) { self.next = next } }
final class Chain6: Sendable { let next: Chain7; init(next: Chain7) { self.next = next } }
final class Chain5: Sendable { let next: Chain6; init(next: Chain6) { self.next = next } }
final class Chain4: Sendable { let next: Chain5; init(next: Chain5) { self.next = next } }
final class Chain3: Sendable { let next: Chain4; init(next: Chain4) { self.next = next } }
final class Chain2: Sendable { let next: Chain3; init(next: Chain3) { self.next = next } }
final class Chain1: Sendable { let next: Chain2; init(next: Chain2) { self.next = next } }
final class Chain0: Sendable { let next: Chain1; init(next: Chain1) { self.next = next } }

/// DiamondTop → (DiamondLeft, DiamondRight) → DiamondShared, shared within one resolve.
final class DiamondShared: Sendable {}
final class DiamondLeft: Sendable { let shared: DiamondShared; init(shared: DiamondShared) { self.shared = shared } }
final class DiamondRight: Sendable { let shared: DiamondShared; init(shared: DiamondShared) { self.shared = shared } }
final class DiamondTop: Sendable {
    let left: DiamondLeft
    let right: DiamondRight

    init(left: DiamondLeft, right: DiamondRight) {
        self.left = left
        self.right = right
    }
}

/// The depth of a chain, walked to check that every library built all ten links.
func chainLength(_ chain: Chain0) -> Int {
    _ = chain.next.next.next.next.next.next.next.next.next
    return 10
}

/// What a request registers in its scope.
struct RequestID: Sendable {
    let value: Int
}

/// A per-request service (`.scoped`) that reads the request's context.
final class RequestLog: Sendable {
    let request: RequestID

    init(request: RequestID) {
        self.request = request
    }
}
