public import Service

/// The example app's command line: `graph [--format dot|mermaid]` and `validate`.
public enum ClientCommand {
    /// What a command printed and the exit status it ends with.
    public struct Outcome: Sendable, Equatable {
        /// 0 on success, 1 when validation failed, 2 for a usage error.
        public let status: Int32
        /// Standard output.
        public let output: String
    }

    /// Runs `arguments` (without the program name) against `env`; nil when they name no command,
    /// so the app runs instead.
    ///
    /// ```swift
    /// let outcome = ClientCommand.run(["graph", "--format", "dot"], env: .online)
    /// print(outcome?.output ?? "")
    /// ```
    public static func run(_ arguments: [String], env: ServiceEnv) -> Outcome? {
        switch arguments.first {
        case "graph":
            return graph(Array(arguments.dropFirst()), env: env)
        case "validate":
            return validate(env)
        case nil, "--broken":
            return nil
        case let other?:
            return Outcome(status: 2, output: "unknown command '\(other)'\n\(usage)")
        }
    }

    /// How to call the app.
    public static let usage = """
        usage: ServiceClient                                 run the example app
               ServiceClient graph [--format dot|mermaid]    print the service graph (default: mermaid)
               ServiceClient validate [--broken]             check the wiring; --broken forgets a registration
        """

    private static func graph(_ options: [String], env: ServiceEnv) -> Outcome {
        let format = options.firstIndex(of: "--format").flatMap {
            options.indices.contains($0 + 1) ? options[$0 + 1] : nil
        }
        switch format ?? "mermaid" {
        case "dot": return Outcome(status: 0, output: env.graph().dot())
        case "mermaid": return Outcome(status: 0, output: env.graph().mermaid())
        case let other: return Outcome(status: 2, output: "unknown format '\(other)'\n\(usage)")
        }
    }

    private static func validate(_ env: ServiceEnv) -> Outcome {
        do {
            let graph = try env.validate()
            let unchecked = graph.uncheckedNodes.map { "\n  - \($0)" }.joined()
            let note = unchecked.isEmpty ? "" : "\nunchecked (built by closures, dependencies unknown):\(unchecked)"
            return Outcome(status: 0, output: "'\(env.name)' is valid: \(graph.nodes.count) services\(note)\n")
        } catch {
            return Outcome(status: 1, output: "\(error)\n")
        }
    }
}
