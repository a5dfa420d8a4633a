import SwiftSyntax

/// The cycle check of `@Assembly(checkCycles: true)`, and the nodes every assembly exports to the
/// cycle checks of the assemblies that include it.
extension AssemblyBuilder {
    /// The registrations a cycle check sees: untagged `@Injectable` ones, each with the name of
    /// its service in `__InjectableChecks` (see `injectableNames`), through which the check
    /// names the service's `__CycleEdges`.
    private var cycleNodes: [(registration: AssemblyModel.Registration, injectable: String)] {
        zip(model.registrations, injectableNames).filter { registration, _ in
            switch registration.kind {
            case .injectable, .injectableMain: registration.tags.isEmpty
            case .closure, .mainClosure, .external, .forward: false
            }
        }
    }

    /// `__CycleNodes`: this assembly's cycle nodes (and its included assembly's), for the cycle
    /// check of an assembly that includes it, which conforms its graph to them.
    ///
    /// Each node is a protocol of its own in `__CycleExport`, whose type alias defines the
    /// registration key's alias through the service's `__CycleEdges` (named through the line's
    /// alias in `__InjectableChecks`, so that a type that is not `@Injectable` gets no error
    /// there; a protocol's inheritance clause cannot, see `graphClasses`): one protocol for them all
    /// would be warned about when a service of this assembly depends on another (the alias would
    /// override that service's associated type). `__CycleNodes` is their composition, a type
    /// alias: a protocol of that name would be warned about where it refines the library's
    /// `DeclaredAssembly.__CycleNodes`, the fallback. Internal: across modules, the fallback (no
    /// nodes) is what an including assembly sees, and cycles through another module's assembly
    /// are not seen.
    func cycleExport() -> [String] {
        guard model.canNestProtocols else {
            return []
        }
        // NB: `(any Clock)` and `any Clock` are one node; a set keeps 1,000 registrations linear.
        var names: [String] = []
        var seen: Set<String> = []
        var nodes: [String] = []
        for (node, injectable) in cycleNodes {
            let name = cycleNodeName(of: node.key)
            guard seen.insert(name).inserted else {
                continue
            }
            names.append(name)
            nodes.append(
                "    protocol \(name): \(node.service).__CycleRequirements {\n"
                    + "        typealias \(cycleAlias(of: node.key)) = \(injectable).__CycleEdges<Self>\n    }"
            )
        }
        let inherited =
            names.map { "__CycleExport.\($0)" } + (model.included.map { ["\($0).__CycleNodes"] } ?? [])
        guard !inherited.isEmpty else {
            return []
        }
        let export: [String] =
            nodes.isEmpty ? [] : ["enum __CycleExport {\n\(nodes.joined(separator: "\n"))\n}"]
        return export + ["typealias __CycleNodes = \(inherited.joined(separator: " & "))"]
    }

    /// With `checkCycles: true`, one type alias per untagged `@Injectable` registration, each
    /// defined through the service's `__CycleEdges`, which names the aliases of its required
    /// dependencies. A cycle of required dependencies makes an alias refer to itself, which the
    /// compiler reports on that registration's line, with the other registrations of the cycle
    /// as notes. The graph also conforms to the included assembly's `__CycleNodes`, so that a
    /// cycle through its services is seen too.
    func cycleGraph(_ lines: SourceLines?) -> [String] {
        guard model.checksCycles else {
            return []
        }
        let nodes = cycleNodes
        guard !nodes.isEmpty || model.included != nil else {
            return []
        }
        var conformances: [String] = model.included.map { ["\($0).__CycleNodes"] } ?? []
        var services: Set<String> = []
        for (node, _) in nodes where services.insert(node.service).inserted {
            conformances.append("\(node.service).__CycleRequirements")
        }
        // NB: the service's own name, not its line's alias: the notes of a cycle name it.
        let aliases = nodes.map { node, _ in
            cycleGraphMember(of: node, definedAs: "\(node.service).__CycleEdges<__CycleGraph>", lines)
        }
        let all = aliases + forwardAliases(lines, defined: Set(nodes.map { cycleAlias(of: $0.registration.key) }))
        let body = all.isEmpty ? "" : "\n" + all.joined(separator: "\n") + "\n"
        return ["private enum __CycleGraph: \(conformances.joined(separator: ", ")) {\(body)}"]
    }
}

extension AssemblyBuilder {
    /// For each `#forward` whose target is a node of this cycle graph (`defined`, the aliases the
    /// graph defines), its key's alias defined as the target's, at the forward's line: a service
    /// that needs the key then needs the target, and a cycle through the forward makes the alias
    /// refer to itself, reported as a cycle of the key. A forward to anything else (a closure's
    /// service, another assembly's) is not followed.
    fileprivate func forwardAliases(_ lines: SourceLines?, defined: Set<String>) -> [String] {
        var defined = defined
        var aliases: [String] = []
        // NB: a tagged forward is not followed: the graph's nodes are untagged.
        for forward in model.registrations where forward.isForward && forward.tags.isEmpty {
            let target = cycleAlias(of: forward.service)
            let key = cycleAlias(of: forward.key)
            guard defined.contains(target), defined.insert(key).inserted else {
                continue
            }
            aliases.append(cycleGraphMember(of: forward, definedAs: target, lines))
        }
        return aliases
    }

    /// A member of the cycle graph: `registration`'s key alias, defined as `definition` through a
    /// type alias named for the cycle's message, at the registration's line, where the compiler
    /// reports an alias that refers to itself.
    private func cycleGraphMember(
        of registration: AssemblyModel.Registration,
        definedAs definition: String,
        _ lines: SourceLines?,
    ) -> String {
        let message = cycleMessage(of: registration.key)
        let alias = "typealias \(message) = \(definition)"
        let witness = "    typealias \(cycleAlias(of: registration.key)) = \(message)"
        guard let directive = lines?.directive(for: registration.node) else {
            return "    \(alias)\n\(witness)"
        }
        return "    \(directive)\n    \(alias)\n    #sourceLocation()\n\(witness)"
    }
}

/// The name of the associated type that stands for a registration key in a cycle check:
/// `Cycle_` and the words of the key's spelling (`(any Clock)` and `any Clock` are the same key).
/// `@Injectable` names its dependencies the same way.
func cycleAlias(of type: String) -> String {
    "Cycle_" + identifierWords(type).joined(separator: "_")
}

/// The name of the protocol that exports a key's node to the cycle checks of other assemblies:
/// `Node_` and the words of the key's spelling.
func cycleNodeName(of type: String) -> String {
    "Node_" + identifierWords(type).joined(separator: "_")
}

/// The name of the type alias that defines a key's node in a cycle check, a ``readableName(_:)``
/// that reads as the compiler's error when the key is in a cycle: "type alias 'Ping needs itself
/// through its dependencies: take one of them as Lazy or ServiceProvider' references itself".
func cycleMessage(of type: String) -> String {
    let key = identifierWords(type).joined(separator: " ")
    return readableName("\(key) needs itself through its dependencies: take one of them as Lazy or ServiceProvider")
}
