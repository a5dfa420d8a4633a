extension ServiceGraph {
    /// The graph as Graphviz DOT: boxes show the key, the built type, scope and track; dashed
    /// boxes are registrations whose dependencies are unknown (closures), red ones are missing.
    /// Required dependencies are solid edges, optional ones dashed, `Lazy` and `ServiceProvider`
    /// ones dotted. The output is sorted, so it only changes when the wiring does.
    ///
    /// ```swift
    /// print(ServiceEnv.current.graph().dot())  // pipe into `dot -Tsvg`
    /// ```
    public func dot() -> String {
        var lines = [
            "digraph \(dotQuoted(environment)) {",
            "    rankdir=LR;",
            "    node [shape=box];",
        ]
        for node in nodes {
            let style =
                switch node.source {
                case .injectable: ""
                case .closure, .runtime: ", style=dashed"
                case .external: ", color=red"
                }
            lines.append("    \(dotQuoted(node.name)) [label=\(dotQuoted(label(of: node, separator: "\n")))\(style)];")
        }
        for missing in missingTargets {
            lines.append("    \(dotQuoted(missing)) [label=\(dotQuoted("\(missing)\nnot registered")), color=red];")
        }
        for node in nodes {
            for edge in node.dependencies where edge.kind != .argument {
                let style =
                    switch edge.kind {
                    case .required, .argument, .all: ""
                    case .optional: ", style=dashed"
                    case .lazy, .provider: ", style=dotted"
                    }
                let label = dotQuoted(edgeLabel(edge))
                lines.append("    \(dotQuoted(node.name)) -> \(dotQuoted(edge.target)) [label=\(label)\(style)];")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The graph as a Mermaid flowchart, with the same content and conventions as ``dot()``.
    ///
    /// ```swift
    /// print("```mermaid\n\(ServiceEnv.current.graph().mermaid())```")
    /// ```
    public func mermaid() -> String {
        var identifiers: [String: String] = [:]
        let missing = missingTargets
        let names = nodes.map(\.name) + missing
        for (index, name) in names.enumerated() {
            identifiers[name] = "n\(index)"
        }
        var lines = ["graph LR"]
        for node in nodes {
            let style =
                switch node.source {
                case .injectable: ""
                case .closure, .runtime: ":::unchecked"
                case .external: ":::missing"
                }
            let identifier = identifiers[node.name] ?? ""
            lines.append("    \(identifier)[\"\(mermaidEscaped(label(of: node, separator: "<br/>")))\"]\(style)")
        }
        for target in missing {
            let identifier = identifiers[target] ?? ""
            lines.append("    \(identifier)[\"\(mermaidEscaped(target))<br/>not registered\"]:::missing")
        }
        for node in nodes {
            for edge in node.dependencies where edge.kind != .argument {
                let arrow =
                    switch edge.kind {
                    case .required, .argument, .all: "-->"
                    case .optional, .lazy, .provider: "-.->"
                    }
                let from = identifiers[node.name] ?? ""
                let to = identifiers[edge.target] ?? ""
                lines.append("    \(from) \(arrow)|\"\(mermaidEscaped(edgeLabel(edge)))\"| \(to)")
            }
        }
        lines.append("    classDef unchecked stroke-dasharray: 5 5")
        lines.append("    classDef missing stroke:#d00,color:#d00")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The dependency targets no node provides, sorted.
    private var missingTargets: [String] {
        let present = Set(nodes.map(\.name))
        let targets = nodes.flatMap { $0.dependencies.filter { $0.kind != .argument }.map(\.target) }
        return Set(targets).subtracting(present).sorted()
    }

    /// `Key`, then `Service · scope · track`, then what is unknown about it.
    private func label(of node: Node, separator: String) -> String {
        let key = node.name.split(separator: "[").first.map(String.init) ?? node.name
        let built = node.service == key ? "" : "\(node.service) · "
        var parts = [node.name, "\(built)\(scopeName(node.scope)) · \(node.isMainActor ? "MainActor" : "Sendable")"]
        switch node.source {
        case .injectable: break
        case .closure: parts.append("closure, unchecked")
        case .runtime: parts.append("runtime closure, unchecked")
        case .external: parts.append("declared external, not registered")
        }
        return parts.joined(separator: separator)
    }

    private func edgeLabel(_ edge: Edge) -> String {
        switch edge.kind {
        case .required, .argument: edge.label
        case .optional: "\(edge.label) (optional)"
        case .lazy: "\(edge.label) (lazy)"
        case .provider: "\(edge.label) (provider)"
        case .all: "\(edge.label) (all)"
        }
    }

    /// The scope as the API spells it: `scoped`, `weak` and `immortal` are reserved custom scopes,
    /// whose internal names mean nothing to a reader.
    private func scopeName(_ scope: ServiceScope) -> String {
        switch scope {
        case .custom(let name) where !scope.isReserved: "custom(\(name))"
        default: scope.displayName
        }
    }

    private func dotQuoted(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return "\"\(escaped)\""
    }

    private func mermaidEscaped(_ text: String) -> String {
        text.map { $0 == "\"" ? "#quot;" : String($0) }.joined()
    }
}
