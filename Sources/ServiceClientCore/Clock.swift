public import Service
import Synchronization

/// Tells the time; the test environment swaps in a fixed clock.
public protocol Clock: Sendable {
    /// The current time, in ticks.
    func now() -> Int
}

/// A clock that counts ticks, so the example prints the same output on every run.
@Injectable
public final class TickingClock: Clock {
    private let ticks = Atomic(0)

    /// Creates a clock at tick zero.
    public init() {}

    /// Advances the clock by one tick and returns it.
    public func now() -> Int {
        ticks.wrappingAdd(1, ordering: .relaxed).newValue
    }
}

/// A clock that always tells the same time.
public struct FixedClock: Clock {
    /// The time this clock tells.
    public let time: Int

    /// Creates a clock stopped at `time`.
    public init(time: Int) {
        self.time = time
    }

    /// Returns `time`.
    public func now() -> Int { time }
}
