/// What a registration and a resolve use of an assembly's expansion: the inspectable table of its
/// registrations and `assemble(env:)`, which registers them.
extension AssemblyBuilder {
    /// `static let registrations`: the inspectable table, built by `__registrationTable()`.
    ///
    /// NB: one `append` per row, not one array literal: the type checker solves a literal of N
    /// calls as one expression, which took 13 of 36 seconds for 1,000 registrations; statements
    /// are checked one by one, and a function body is skipped when only the module is emitted.
    ///
    /// NB: no trailing comma inside generated calls: swift-syntax 600 does not parse it.
    func registrationsTable() -> [String] {
        let rows = zip(model.registrations, injectableNames).map { registration, injectable in
            let track = registration.isMainActor ? ".main" : ".sendable"
            let tagsArgument = registration.tags.isEmpty ? "" : ", tags: [\(registration.tags.joined(separator: ", "))]"
            let source =
                switch registration.kind {
                case .injectable, .injectableMain: ".injectable(dependencies: \(injectable).dependencies)"
                case .closure, .mainClosure: ".closure"
                case .external: ".external"
                case .forward:
                    ".injectable(dependencies: [\(RuntimeSymbol.support).Dependency(\(registration.service).self, "
                        + "label: \"#forward\", kind: .required)])"
                }
            // NB: a forward is its key's registration, which keeps no instance of its own.
            let service = registration.isForward ? registration.key : registration.service
            let scope = registration.isForward ? ".transient" : registration.scope
            return """
                rows.append(
                        \(RuntimeSymbol.registration)(
                            service: \(service).self,
                            registeredAs: \(registration.key).self,
                            scope: \(scope),
                            track: \(track),
                            source: \(source)\(tagsArgument)
                        )
                    )
                """
        }
        let type = "[\(RuntimeSymbol.registration)]"
        guard !rows.isEmpty else {
            return ["\(access)nonisolated static let registrations: \(type) = []"]
        }
        return [
            "\(access)nonisolated static let registrations: \(type) = __registrationTable()",
            """
            private nonisolated static func __registrationTable() -> \(type) {
                var rows: \(type) = []
                rows.reserveCapacity(\(rows.count))
                \(rows.joined(separator: "\n    "))
                return rows
            }
            """,
        ]
    }

    /// `assemble(env:)`: the included assembly first (once per environment), then every
    /// registration, in order.
    func assembleFunction(_ sourceLines: SourceLines?) -> String {
        var lines: [String] = []
        if let included = model.included {
            lines.append("\(RuntimeSymbol.support).include(\(included)(), in: env)")
        }
        // NB: an `@Injectable` line's service named through its alias (see `injectableNames`).
        for (registration, injectable) in zip(model.registrations, injectableNames) {
            switch registration.kind {
            case .injectable where registration.key == registration.service:
                lines.append(
                    "env.register(\(injectable).self, \(registration.tagsArgument)scope: \(registration.scope))"
                )
            case .injectable:
                // NB: the factory is handed the environment it builds in, as a registration under
                // the type's own key is. The conversion's parameter is spelled with the service's
                // own name, which the compiler's error quotes where the service is not a `Key`.
                lines.append(
                    "env.register(\(injectable).self, as: \(registration.key).self, \(registration.tagsArgument)scope: \(registration.scope)) { (service: \(registration.service)) in service }"
                )
            case .injectableMain where registration.key == registration.service:
                lines.append(
                    "env.registerMain(\(injectable).self, \(registration.tagsArgument)scope: \(registration.scope))"
                )
            case .injectableMain:
                lines.append(
                    "env.registerMain(\(injectable).self, as: \(registration.key).self, \(registration.tagsArgument)scope: \(registration.scope)) { (service: \(registration.service)) in service }"
                )
            case .closure(let factory):
                lines.append(
                    atLine(
                        registration,
                        "env.register(\(registration.key).self, \(registration.tagsArgument)scope: \(registration.scope)) \(factory)",
                        sourceLines,
                    )
                )
            case .mainClosure(let factory):
                lines.append(
                    atLine(
                        registration,
                        "env.registerMain(\(registration.key).self, \(registration.tagsArgument)scope: \(registration.scope)) \(factory)",
                        sourceLines,
                    )
                )
            case .forward(onMain: false):
                // NB: a forward the engine knows, which reads the target's cached instance
                // without a construction frame of its own.
                lines.append(
                    "env.forward(\(registration.key).self, \(registration.tagsArgument)to: \(registration.service).self) { $0 }"
                )
            case .forward(onMain: true):
                lines.append(
                    """
                    env.registerMain(\(registration.key).self, \(registration.tagsArgument)scope: .transient) { () throws(\(RuntimeSymbol.failure)) -> \(registration.key) in
                            try \(RuntimeSymbol.environment).current.resolveMain(\(registration.service).self) as \(registration.key)
                        }
                    """
                )
            case .external:
                continue
            }
        }
        let body = lines.isEmpty ? "" : "\n    " + lines.joined(separator: "\n    ") + "\n"
        let isolation = model.isNonisolated ? "nonisolated" : "@MainActor"
        return "\(isolation) \(access)func assemble(env: \(RuntimeSymbol.environment)) {\(body)}"
    }

    /// `statement` mapped to `registration`'s line: a closure's code is the user's, and what the
    /// compiler finds in it (a type error, a call to a `@MainActor` initializer from a
    /// registration on the Sendable track) is reported there, not in the expansion. The lines of
    /// a closure written over several lines map to the lines after it, where it was written.
    private func atLine(
        _ registration: AssemblyModel.Registration,
        _ statement: String,
        _ lines: SourceLines?,
    ) -> String {
        guard let directive = lines?.directive(for: registration.node) else {
            return statement
        }
        return "\(directive)\n    \(statement)\n    #sourceLocation()"
    }
}
