import Foundation

/// Writes every measurement, and the scaling table's column for the most threads, as JSON to
/// `path`: each with its median and minimum ns per operation and its ratio to `baselines`, the
/// hand-written median of its scenario.
func writeJSON(
    _ measurements: [Measurement],
    baselines: [String: Double],
    scaling: [Scaling],
    threadCounts: [Int],
    to path: String,
) throws {
    var rows: [[String: Any]] = measurements.map { measurement in
        [
            "scenario": measurement.scenario,
            "library": measurement.library,
            "median_ns": measurement.median,
            "min_ns": measurement.minimum,
            "ratio": measurement.median / (baselines[measurement.scenario] ?? .nan),
        ]
    }
    let last = threadCounts.count - 1
    let handWrittenScaling = scaling.first { $0.library == "hand-written" }
    for row in scaling where last > 0 {
        let threads = Double(threadCounts[last])
        rows.append([
            "scenario": "cached singleton read from \(threadCounts[last]) threads (ns per op per thread)",
            "library": row.library,
            "median_ns": threads * 1e9 / row.throughput[last],
            "min_ns": threads * 1e9 / row.throughput[last],
            "ratio": (handWrittenScaling?.throughput[last] ?? .nan) / row.throughput[last],
        ])
    }
    let data = try JSONSerialization.data(withJSONObject: ["scenarios": rows], options: [.prettyPrinted, .sortedKeys])
    try data.write(to: URL(fileURLWithPath: path))
}
