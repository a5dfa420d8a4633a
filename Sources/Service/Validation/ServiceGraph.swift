import Synchronization

/// The services of an environment and what each one depends on, read from its registrations and
/// the tables of its `@Assembly` types, without building anything.
///
/// ```swift
/// struct Clock: Sendable {}
/// let env = ServiceEnv(name: "graph")
/// env.register(Clock.self) { Clock() }
/// let graph = env.graph()
/// print(graph.nodes.map(\.name))  // ["Clock"]
/// print(graph.mermaid())
/// ```
public struct ServiceGraph: Sendable, CustomStringConvertible {
    /// One registration key: a type, with its tags if it has any.
    public struct Node: Sendable, Hashable, CustomStringConvertible {
        /// What is known about a node's dependencies.
        public enum Source: Sendable, Hashable {
            /// Built by an `Injectable` type, or registered as an instance: its dependencies are
            /// known.
            case injectable
            /// Built by a closure in an `@Assembly`: its dependencies cannot be known.
            case closure
            /// Registered at run time with a closure (possibly overriding an assembly's
            /// registration): its dependencies cannot be known.
            case runtime
            /// Declared `#external` by an assembly but not registered.
            case external
        }

        /// The key, as errors spell it: `Database` or `Database[tag: "replica"]`.
        public let name: String
        /// The type that is built, when it differs from the key's type or is known.
        public let service: String
        /// The registration's scope.
        public let scope: ServiceScope
        /// Whether it lives on the MainActor track.
        public let isMainActor: Bool
        /// What is known about its dependencies.
        public let source: Source
        /// Where it was registered: an assembly's name, or `runtime`.
        public let origin: String
        /// Its dependencies, in initializer order (empty unless `source` is `.injectable`).
        public let dependencies: [Edge]

        /// Whether the node's dependencies are known, so that `validate()` can check them.
        public var isChecked: Bool { source == .injectable }

        /// `Name (scope, track, origin)`.
        public var description: String {
            "\(name) (\(scope.displayName), \(isMainActor ? "MainActor" : "Sendable"), \(origin))"
        }
    }

    /// One dependency of a node.
    public struct Edge: Sendable, Hashable {
        /// The initializer parameter it is passed to.
        public let label: String
        /// The name of the node it resolves.
        public let target: String
        /// How it is resolved.
        public let kind: ServiceDependency.Kind
    }

    /// The environment's name.
    public let environment: String
    /// Every registered or declared node, sorted by name.
    public let nodes: [Node]

    /// The node named `name`, if it is registered or declared.
    ///
    /// ```swift
    /// let clock = ServiceEnv.current.graph().node(named: "Clock")
    /// ```
    public func node(named name: String) -> Node? {
        nodes.first { $0.name == name }
    }

    /// The nodes whose dependencies cannot be known, which `validate()` reports as unchecked.
    ///
    /// ```swift
    /// for node in ServiceEnv.current.graph().uncheckedNodes { print("unchecked:", node) }
    /// ```
    public var uncheckedNodes: [Node] {
        nodes.filter { $0.source == .closure || $0.source == .runtime }
    }

    /// One line per node with its dependencies.
    public var description: String {
        nodes.map { node in
            let edges = node.dependencies.map { "\n    -> \($0.target) (\($0.label), \($0.kind))" }.joined()
            return "\(node)\(edges)"
        }.joined(separator: "\n")
    }
}

extension ServiceEnv {
    /// The graph of this environment's registrations (its own and inherited ones) and of the
    /// tables of the declared assemblies it applied, plus those of `assemblies` (for checking
    /// assemblies before applying them).
    ///
    /// ```swift
    /// let graph = ServiceEnv.current.graph()
    /// print(graph.dot())
    /// ```
    public func graph(including assemblies: [any DeclaredAssembly.Type] = []) -> ServiceGraph {
        ServiceGraphBuilder(storage: storage, extra: assemblies).build(environment: name)
    }
}

/// Reads a storage chain and assembly tables into a `ServiceGraph`.
private struct ServiceGraphBuilder {
    private struct Key: Hashable {
        let type: ObjectIdentifier
        let tags: TagSet

        init(type: ObjectIdentifier, tags: TagSet) {
            self.type = type
            self.tags = tags
        }

        init(_ registration: AssemblyRegistration) {
            self.init(
                type: ObjectIdentifier(registration.registeredAs),
                tags: registration.tagSet,
            )
        }
    }

    private struct Row {
        let registration: AssemblyRegistration
        let table: String
        /// The applied assembly's table, which tells its own registrations from overrides; nil
        /// for a table not yet applied.
        let applied: AssembledTable?
    }

    let storage: ServiceStorage
    let extra: [any DeclaredAssembly.Type]

    func build(environment: String) -> ServiceGraph {
        var rows: [Key: Row] = [:]
        for link in storage.chain {
            for table in link.withAssembly({ $0.tables }) {
                for registration in table.registrations {
                    let key = Key(registration)
                    if rows[key] == nil {
                        rows[key] = Row(registration: registration, table: table.name, applied: table)
                    }
                }
            }
        }
        for assembly in extra {
            for registration in assembly.registrations where rows[Key(registration)] == nil {
                rows[Key(registration)] = Row(registration: registration, table: "\(assembly)", applied: nil)
            }
        }
        let registered = storage.chain.map { $0.ownRegistrationsWithMarks() }
        let registeredKeys = registered.joined().map { Key(type: ObjectIdentifier($0.type), tags: $0.tags) }
        let keys = Set(rows.keys).union(registeredKeys)
        var nodes: [Key: ServiceGraph.Node] = [:]
        for (type, tags, registration, mark) in registered.joined() {
            let key = Key(type: ObjectIdentifier(type), tags: tags)
            if nodes[key] == nil {
                nodes[key] = node(type, tags: tags, registration: registration, mark: mark, row: rows[key], keys: keys)
            }
        }
        for (key, row) in rows where nodes[key] == nil {
            nodes[key] = node(declaredBy: row, keys: keys)
        }
        return ServiceGraph(environment: environment, nodes: nodes.values.sorted { $0.name < $1.name })
    }

    /// A registered node: the assembly's row describes it if the assembly made the registration
    /// (its `mark` is one of the assembly's), otherwise its own metadata (or nothing, for a
    /// closure).
    private func node(
        _ type: Any.Type,
        tags: TagSet,
        registration: Registration,
        mark: AssemblyMark?,
        row: Row?,
        keys: Set<Key>,
    ) -> ServiceGraph.Node {
        let name = serviceName(type, tags: tags)
        let isMainActor = registration.track == .main
        if let row, let mark, row.applied?.made(mark) ?? false, !row.registration.source.isExternal {
            return ServiceGraph.Node(
                name: name,
                service: String(describing: row.registration.service),
                scope: registration.scope,
                isMainActor: isMainActor,
                source: row.registration.source.graphSource,
                origin: row.table,
                dependencies: edges(row.registration.source.dependencies, among: keys),
            )
        }
        let metadata = registration.metadata
        return ServiceGraph.Node(
            name: name,
            service: String(describing: metadata?.builtType ?? type),
            scope: registration.scope,
            isMainActor: isMainActor,
            source: metadata == nil && !registration.isInstance ? .runtime : .injectable,
            origin: "runtime",
            dependencies: edges(metadata?.dependencies ?? [], among: keys),
        )
    }

    /// A node only an assembly table knows about: declared `#external`, or from an assembly
    /// passed to `graph(including:)`.
    private func node(declaredBy row: Row, keys: Set<Key>) -> ServiceGraph.Node {
        let registration = row.registration
        let isApplied = row.applied != nil
        return ServiceGraph.Node(
            name: serviceName(registration.registeredAs, tags: registration.tagSet),
            service: String(describing: registration.service),
            scope: registration.scope,
            isMainActor: registration.track == .main,
            source: isApplied ? .external : registration.source.graphSource,
            origin: row.table,
            dependencies: edges(registration.source.dependencies, among: keys),
        )
    }

    /// The edges of `dependencies`: one per dependency, and for an `@All` one, an edge to each
    /// of `keys` it collects (none when nothing is registered, which is not missing).
    private func edges(_ dependencies: [ServiceDependency], among keys: Set<Key>) -> [ServiceGraph.Edge] {
        dependencies.flatMap { dependency in
            guard dependency.kind == .all else {
                return [ServiceGraph.Edge(label: dependency.label, target: dependency.keyName, kind: dependency.kind)]
            }
            let type = ObjectIdentifier(dependency.type)
            let tags = dependency.tagSet
            return keys.filter { $0.type == type && $0.tags.isSuperset(of: tags) }
                .map { serviceName(dependency.type, tags: $0.tags) }
                .sorted()
                .map { ServiceGraph.Edge(label: dependency.label, target: $0, kind: .all) }
        }
    }
}

extension AssemblyRegistration.Source {
    fileprivate var graphSource: ServiceGraph.Node.Source {
        switch self {
        case .injectable: .injectable
        case .closure: .closure
        case .external: .external
        }
    }

    fileprivate var dependencies: [ServiceDependency] {
        if case .injectable(let dependencies) = self {
            return dependencies
        }
        return []
    }
}
