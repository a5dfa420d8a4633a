/// Every wiring problem `validate()` found, reported together.
///
/// ```swift
/// struct Report: Sendable {}
/// do {
///     try ServiceEnv.current.validate()
/// } catch {
///     for problem in error.problems { print(problem) }
///     print(error)  // every problem, then the unchecked registrations
/// }
/// ```
public struct ServiceValidationError: Error, Sendable, CustomStringConvertible {
    /// One problem in the graph.
    public enum Problem: Sendable, Hashable, CustomStringConvertible {
        /// `service` (registered by `origin`) needs `dependency` for its parameter `label`, and
        /// nothing provides it. Optional dependencies are never missing.
        case missingDependency(service: String, dependency: String, label: String, origin: String)
        /// An assembly declared `service` `#external`, but it is not registered.
        case missingExternal(service: String, assembly: String)
        /// Building the first service needs itself; the path ends with the repeated service.
        /// Dependencies through `Lazy`, `ServiceProvider` and optionals are not edges.
        case cycle(path: [String])
        /// A Sendable service depends on a MainActor service, which it cannot resolve.
        case mainActorDependency(service: String, dependency: String, origin: String)
        /// `service` is shared by every scope (a singleton or custom-scoped service) but needs
        /// `dependency`, which each scope provides for itself (a `.scoped` service, or one
        /// declared `#external(T.self, scope: .scoped)`), directly or through transient services.
        case captiveDependency(service: String, dependency: String, origin: String)

        /// One line naming the services involved and, where there is one, the fix.
        public var description: String {
            switch self {
            case .missingDependency(let service, let dependency, let label, let origin):
                "'\(service)' (\(origin)) needs '\(dependency)' for '\(label)', which is not registered"
            case .missingExternal(let service, let assembly):
                """
                '\(service)' is declared #external in \(assembly) but is not registered: register it before \
                validating, or, if each scope registers its own, declare it with scope: .scoped
                """
            case .cycle(let path):
                "cycle: \(path.joined(separator: " -> ")): take one of them as Lazy or ServiceProvider"
            case .mainActorDependency(let service, let dependency, let origin):
                """
                Sendable '\(service)' (\(origin)) depends on MainActor '\(dependency)': register '\(service)' \
                with registerMain
                """
            case .captiveDependency(let service, let dependency, let origin):
                """
                '\(service)' (\(origin)) is shared by every scope but depends on '\(dependency)', which each \
                scope provides: register '\(service)' with scope .scoped or .transient
                """
            }
        }
    }

    /// The name of the validated environment.
    public let environment: String
    /// Every problem, missing dependencies first, in a stable order.
    public let problems: [Problem]
    /// The registrations whose dependencies cannot be known (closures), which were not checked.
    public let unchecked: [String]

    /// The problems, one per line, then the unchecked registrations.
    public var description: String {
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        var lines = ["\(count) in the services of '\(environment)':"] + problems.map { "  - \($0)" }
        if !unchecked.isEmpty {
            lines.append("unchecked (built by closures, dependencies unknown):")
            lines += unchecked.map { "  - \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}

extension ServiceEnv {
    /// Checks that every service can be built, without building any, and throws one error
    /// listing every problem: missing dependencies, cycles, Sendable services depending on
    /// MainActor services, and `#external` declarations nobody registered.
    ///
    /// It reads this environment's registrations (its own and its parents') and the tables of
    /// the `@Assembly` types it applied, plus those of `assemblies`. Registrations built by
    /// closures cannot be checked; they are listed in the returned graph's `uncheckedNodes`
    /// and in the error.
    ///
    /// ```swift
    /// @MainActor func launch() throws {
    ///     try ServiceEnv.online.validate()  // before serving the first request
    /// }
    /// ```
    @discardableResult
    public func validate(including assemblies: [any DeclaredAssembly.Type] = []) throws(ServiceValidationError)
        -> ServiceGraph
    {
        let graph = graph(including: assemblies)
        let problems = graph.problems(inScope: storage.isWithinScope)
        guard problems.isEmpty else {
            throw ServiceValidationError(
                environment: name,
                problems: problems,
                unchecked: graph.uncheckedNodes.map(\.description),
            )
        }
        return graph
    }
}

extension ServiceGraph {
    /// Every problem of the graph, in a stable order. Outside a scope, what each scope provides
    /// (declared `#external(T.self, scope: .scoped)`) is not missing.
    func problems(inScope: Bool) -> [ServiceValidationError.Problem] {
        var nodes: [String: Node] = [:]
        for node in self.nodes {
            nodes[node.name] = node
        }
        /// Whether `node` is a declaration that a scope will fulfil, which is fine outside one.
        func providedLater(_ node: Node) -> Bool {
            !inScope && node.source == .external && node.scope.isScoped
        }
        var missing: [ServiceValidationError.Problem] = []
        var crossTrack: [ServiceValidationError.Problem] = []
        for node in self.nodes where node.source != .external {
            for edge in node.dependencies where edge.kind != .optional && edge.kind != .argument && edge.kind != .all {
                guard let target = nodes[edge.target], target.source != .external || providedLater(target) else {
                    missing.append(
                        .missingDependency(
                            service: node.name,
                            dependency: edge.target,
                            label: edge.label,
                            origin: node.origin,
                        )
                    )
                    continue
                }
                if !node.isMainActor && target.isMainActor {
                    crossTrack.append(
                        .mainActorDependency(service: node.name, dependency: target.name, origin: node.origin))
                }
            }
        }
        let externals = self.nodes.filter { $0.source == .external && !providedLater($0) }.map {
            ServiceValidationError.Problem.missingExternal(service: $0.name, assembly: $0.origin)
        }
        return missing + externals + crossTrack + captives(in: nodes)
            + cycles(in: nodes).map { .cycle(path: $0) }
    }

    /// The shared services that depend on a per-scope one, directly or through services built
    /// with them (transient and graph-scoped ones).
    private func captives(in nodes: [String: Node]) -> [ServiceValidationError.Problem] {
        var problems: [ServiceValidationError.Problem] = []
        for node in self.nodes where node.scope.isShared {
            var seen: Set<String> = [node.name]
            var pending = node.dependencies.filter { $0.kind != .argument }.map(\.target)
            var found: [String] = []
            while let name = pending.popLast() {
                guard seen.insert(name).inserted, let target = nodes[name] else {
                    continue
                }
                if target.scope.isScoped {
                    found.append(name)
                } else if !target.scope.isShared {
                    pending += target.dependencies.filter { $0.kind != .argument }.map(\.target)
                }
            }
            problems += found.sorted().map {
                .captiveDependency(service: node.name, dependency: $0, origin: node.origin)
            }
        }
        return problems
    }

    /// One path per cycle found by a depth-first walk over required dependencies, each rotated
    /// to start at its smallest name and listed once.
    private func cycles(in nodes: [String: Node]) -> [[String]] {
        enum Mark { case visiting, done }
        var marks: [String: Mark] = [:]
        var stack: [String] = []
        var found = Set<[String]>()

        func visit(_ name: String) {
            marks[name] = .visiting
            stack.append(name)
            for edge in nodes[name]?.dependencies ?? [] where edge.kind == .required {
                guard nodes[edge.target] != nil else {
                    continue
                }
                switch marks[edge.target] {
                case .visiting?:
                    let start = stack.lastIndex(of: edge.target) ?? 0
                    let loop = Array(stack[start...])
                    let first = loop.indices.min { loop[$0] < loop[$1] } ?? 0
                    let rotated = Array(loop[first...] + loop[..<first])
                    found.insert(rotated + [rotated[0]])
                case .done?:
                    continue
                case nil:
                    visit(edge.target)
                }
            }
            stack.removeLast()
            marks[name] = .done
        }

        for node in self.nodes where marks[node.name] == nil {
            visit(node.name)
        }
        return found.sorted { $0.joined(separator: " ") < $1.joined(separator: " ") }
    }
}
