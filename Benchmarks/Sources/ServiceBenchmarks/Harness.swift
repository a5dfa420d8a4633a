import Foundation

/// Keeps a value alive and opaque to the optimiser, so measured work cannot be removed.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// One library's way of performing a scenario's operation once.
struct Contender {
    let library: String
    let operation: () -> Void
}

/// A measured scenario: one operation per library, repeated `iterations` times per sample.
struct Scenario {
    let name: String
    let iterations: Int
    let contenders: [Contender]
}

/// The per-operation times of one library in one scenario.
struct Measurement {
    let scenario: String
    let library: String
    var samples: [Double] = []

    var median: Double {
        let sorted = samples.sorted()
        return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }

    var minimum: Double { samples.min() ?? .nan }
}

/// Nanoseconds on a monotonic clock.
func nowNanoseconds() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
}

/// Runs every scenario, interleaving libraries sample by sample, and returns the measurements.
func measure(_ scenarios: [Scenario], samples: Int) -> [Measurement] {
    var results: [Measurement] = []
    for scenario in scenarios {
        var measurements = scenario.contenders.map { Measurement(scenario: scenario.name, library: $0.library) }
        for contender in scenario.contenders {
            for _ in 0..<min(scenario.iterations, 1_000) {
                contender.operation()
            }
        }
        for _ in 0..<samples {
            for (index, contender) in scenario.contenders.enumerated() {
                let start = nowNanoseconds()
                for _ in 0..<scenario.iterations {
                    contender.operation()
                }
                let elapsed = nowNanoseconds() - start
                measurements[index].samples.append(Double(elapsed) / Double(scenario.iterations))
            }
        }
        results += measurements
    }
    return results
}

/// Runs `operation` `iterations` times on each of `threads` threads at once; returns operations per second.
func throughput(threads: Int, iterations: Int, _ operation: @escaping @Sendable () -> Void) -> Double {
    let start = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    for _ in 0..<threads {
        Thread {
            start.wait()
            for _ in 0..<iterations {
                operation()
            }
            finished.signal()
        }.start()
    }
    let begin = nowNanoseconds()
    for _ in 0..<threads {
        start.signal()
    }
    for _ in 0..<threads {
        finished.wait()
    }
    let elapsed = Double(nowNanoseconds() - begin)
    return Double(threads * iterations) / elapsed * 1e9
}

/// Stops the run with a message when an adapter does not behave as the scenario requires.
func require(_ condition: Bool, _ message: String) {
    if !condition {
        FileHandle.standardError.write(Data("semantic check failed: \(message)\n".utf8))
        exit(1)
    }
}
