import Synchronization

/// Lets a resolve wait for another task's construction of the same instance without deadlock.
///
/// Before a resolution blocks on a construction, the coordinator follows the wait-for graph
/// from that construction's resolution. If the walk comes back to the waiter, waiting would
/// deadlock, so the waiter throws `.circularDependency` with the whole chain instead. Checking
/// and recording the wait happen under one lock, so two resolutions can never both decide to
/// wait for each other. The lock is never held while a factory runs.
@usableFromInline
final class ConstructionCoordinator: Sendable {
    @usableFromInline static let shared = ConstructionCoordinator()

    /// What one root resolution is blocked on.
    private struct Wait {
        /// The waiter's innermost frame above the wanted type (nil for a top-level resolve).
        let frame: ResolutionFrame?
        let construction: Construction
    }

    private let waits = Locked<[ObjectIdentifier: Wait]>([:])

    /// Blocks until `construction` finishes, or throws if waiting would close a cycle.
    ///
    /// `frame` is the waiter's own frame for the wanted type.
    @usableFromInline
    func wait(for construction: Construction, from frame: ResolutionFrame) throws(ServiceError) {
        try beginWaiting(for: construction, from: frame)
        construction.latch.withLock { _ in }
        endWaiting(from: frame)
    }

    /// Suspends until `construction` finishes, or throws if waiting would close a cycle or the
    /// task is cancelled first.
    ///
    /// A cancelled task stops waiting with the error a cancelled factory gives,
    /// `.factoryFailed` with a `CancellationError`; the construction goes on for the task that
    /// began it, and is cached for later resolves.
    @usableFromInline
    func waitAsync(for construction: Construction, from frame: ResolutionFrame) async throws(ServiceError) {
        try beginWaiting(for: construction, from: frame)
        let finished = await construction.waitUntilFinished()
        endWaiting(from: frame)
        guard finished else {
            throw .factoryFailed(serviceType: frame.name, underlyingError: CancellationError())
        }
    }

    /// Whether a resolution waits for a construction of the service named `name` (see
    /// `ResolutionFrame.name`); tests order their threads by it.
    func hasWaiter(forServiceNamed name: String) -> Bool {
        waits.withLock { $0.values.contains { $0.construction.frame.name == name } }
    }

    /// Records that `frame`'s resolution waits for `construction`, unless that closes a cycle.
    private func beginWaiting(for construction: Construction, from frame: ResolutionFrame) throws(ServiceError) {
        let waiter = ObjectIdentifier(frame.root)
        let cycle: [String]? = waits.withLock { waits in
            var chain = (frame.parent?.chain(below: nil) ?? []) + [construction.frame.name]
            var target = construction
            while true {
                let owner = ObjectIdentifier(target.frame.root)
                if owner == waiter {
                    return chain
                }
                guard let next = waits[owner] else {
                    break
                }
                chain += next.frame?.chain(below: target.frame) ?? []
                chain.append(next.construction.frame.name)
                target = next.construction
            }
            waits[waiter] = Wait(frame: frame.parent, construction: construction)
            return nil
        }
        if let cycle {
            throw .circularDependency(serviceType: cycle.last ?? frame.name, chain: cycle)
        }
    }

    /// Removes the wait recorded by `beginWaiting(for:from:)`.
    private func endWaiting(from frame: ResolutionFrame) {
        waits.withLock { $0[ObjectIdentifier(frame.root)] = nil }
    }
}
