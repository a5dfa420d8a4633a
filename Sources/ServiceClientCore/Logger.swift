/// Writes what the app does.
public protocol Logger: Sendable {
    /// Writes one line.
    func log(_ message: String)
}

/// Prints log lines behind a prefix.
public struct PrintLogger: Logger {
    /// Printed before every line.
    public let prefix: String

    /// Creates a logger with `prefix`.
    public init(prefix: String) {
        self.prefix = prefix
    }

    /// Prints `message` behind the prefix.
    public func log(_ message: String) {
        print("\(prefix) \(message)")
    }
}
