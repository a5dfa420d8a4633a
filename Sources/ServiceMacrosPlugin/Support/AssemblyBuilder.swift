import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// Builds the members `@Assembly` adds from an `AssemblyModel`.
struct AssemblyBuilder {
    let model: AssemblyModel
    /// Whether an untagged registration is per scope (see `AssemblyModel.hasPerScopeProviders`).
    private let hasPerScopeProviders: Bool
    /// Whether the assembly registers MainActor services that Sendable ones could ask for.
    private let hasMainProviders: Bool
    /// The untagged MainActor keys and per-scope keys, quoted, as the fallback messages list them.
    private let mainKeys: String
    private let perScopeKeys: String
    /// The `#external` providers of a graph class (see ``externalProviders(for:)``): all of them,
    /// and those a shared service may use when there are per-scope registrations.
    private let allExternalProviders: String
    private let sharedExternalProviders: String

    /// NB: what every graph class needs about the whole assembly is worked out here, once: per
    /// graph class, it made the expansion quadratic in the registrations.
    init(model: AssemblyModel) {
        self.model = model
        hasPerScopeProviders = model.hasPerScopeProviders
        hasMainProviders = model.registrations.contains { $0.isMainActor && $0.tags.isEmpty }
        func quotedKeys(_ included: (AssemblyModel.Registration) -> Bool) -> String {
            model.registrations.filter { included($0) && $0.tags.isEmpty }.map { "'\($0.key)'" }
                .joined(separator: ", ")
        }
        mainKeys = quotedKeys(\.isMainActor)
        perScopeKeys = quotedKeys(\.isPerScope)
        let externals = model.registrations.filter(\.isExternal)
        allExternalProviders = Self.externalProviders(externals)
        sharedExternalProviders = Self.externalProviders(externals.filter { !$0.isPerScope })
    }

    private var access: String {
        model.accessModifier.map { "\(TokenSyntax.keyword($0).text) " } ?? ""
    }

    /// The members, as one declaration of verbatim text (see ``verbatimDeclaration(_:)``).
    func members(in context: some MacroExpansionContext) -> [DeclSyntax] {
        // NB: one line table for the graph classes and the cycle graph.
        let lines = RegistrationLines(of: model.registrations, in: context)
        let members =
            trackChecks(lines) + publicInitializer() + registrationsTable() + [assembleFunction()] + providedClasses()
            + graphClasses(lines) + cycleExport() + cycleGraph(lines)
        return [verbatimDeclaration(members.joined(separator: "\n\n"))]
    }

    /// `public init() {}` for a public assembly without one, so other modules can include it.
    private func publicInitializer() -> [String] {
        guard model.accessModifier != nil, !model.declaresInitializer else {
            return []
        }
        return ["\(access)init() {}"]
    }

    /// `static let registrations`: the inspectable table, built by `__registrationTable()`.
    ///
    /// NB: one `append` per row, not one array literal: the type checker solves a literal of N
    /// calls as one expression, which took 13 of 36 seconds for 1,000 registrations; statements
    /// are checked one by one, and a function body is skipped when only the module is emitted.
    ///
    /// NB: no trailing comma inside generated calls: swift-syntax 600 does not parse it.
    private func registrationsTable() -> [String] {
        let rows = model.registrations.map { registration in
            let track = registration.isMainActor ? ".main" : ".sendable"
            let tagsArgument = registration.tags.isEmpty ? "" : ", tags: [\(registration.tags.joined(separator: ", "))]"
            let source =
                switch registration.kind {
                case .injectable, .injectableMain: ".injectable(dependencies: \(registration.service).dependencies)"
                case .closure: ".closure"
                case .external: ".external"
                }
            return """
                rows.append(
                        \(RuntimeSymbol.registration)(
                            service: \(registration.service).self,
                            registeredAs: \(registration.key).self,
                            scope: \(registration.scope),
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
    private func assembleFunction() -> String {
        var lines: [String] = []
        if let included = model.included {
            lines.append("\(RuntimeSymbol.support).include(\(included)(), in: env)")
        }
        for registration in model.registrations {
            switch registration.kind {
            case .injectable where registration.key == registration.service:
                lines.append(
                    "env.register(\(registration.service).self, \(registration.tagsArgument)scope: \(registration.scope))"
                )
            case .injectable:
                lines.append(
                    """
                    env.register(\(registration.key).self, \(registration.tagsArgument)scope: \(registration.scope)) { () throws(\(RuntimeSymbol.failure)) -> \(registration.key) in
                            try \(registration.service).make(resolver: \(RuntimeSymbol.environment).current)
                        }
                    """
                )
            case .injectableMain:
                lines.append(
                    "env.registerMain(\(registration.service).self, \(registration.tagsArgument)scope: \(registration.scope))"
                )
            case .closure(let factory):
                lines.append(
                    "env.register(\(registration.key).self, \(registration.tagsArgument)scope: \(registration.scope)) \(factory)"
                )
            case .external:
                continue
            }
        }
        let body = lines.isEmpty ? "" : "\n    " + lines.joined(separator: "\n    ") + "\n"
        let isolation = model.isNonisolated ? "nonisolated" : "@MainActor"
        return "\(isolation) \(access)func assemble(env: \(RuntimeSymbol.environment)) {\(body)}"
    }

    /// `Provided`: one `provide(_:)` per provided type, the evidence graph classes conform with.
    ///
    /// Each graph class sees only what its service may depend on, so that the compiler reports
    /// the rest as missing, with the reason in the fallback's message:
    /// - with per-scope registrations, the shared ones come first in `ProvidedToSharedServices`,
    ///   the base of the graph classes of shared services (a singleton cannot depend on what
    ///   each scope provides);
    /// - with `#registerMain` registrations, the Sendable ones come first (in
    ///   `ProvidedToSendableServices` below `Provided`), the base of the graph classes of Sendable
    ///   services, which cannot depend on MainActor ones; the MainActor providers are in
    ///   `Provided` (and, for shared MainActor services when there are per-scope registrations,
    ///   in `ProvidedToSharedMainActorServices` too).
    private func providedClasses() -> [String] {
        let classAccess = model.accessModifier == nil ? "" : "open "
        let sendable = model.registrations.filter { !$0.isMainActor }
        let main = model.registrations.filter(\.isMainActor)
        let hasMain = hasMainProviders
        var classes: [String] = []
        var base: String? = nil
        /// Adds a class named `name` below the previous one, with the providers of `registrations`.
        func add(_ name: String, _ registrations: [AssemblyModel.Registration]) {
            if let base {
                let body = providers(registrations, prefix: "\n    ").joined()
                classes.append("\(classAccess)nonisolated class \(name): \(base) {\(body)\n}")
            } else {
                classes.append(providedClass(named: name, providing: registrations, access: classAccess))
            }
            base = name
        }
        if hasPerScopeProviders {
            add(sharedProvidedName, (hasMain ? sendable : model.registrations).filter { !$0.isPerScope })
            if hasMain {
                add(sendableProvidedName, sendable.filter(\.isPerScope))
                add("Provided", main)
                let sharedMain = providers(main.filter { !$0.isPerScope }, prefix: "\n    ").joined()
                classes.append(
                    "\(classAccess)nonisolated class \(sharedMainProvidedName): \(sharedProvidedName) {\(sharedMain)\n}"
                )
            } else {
                add("Provided", model.registrations.filter(\.isPerScope))
            }
        } else if hasMain {
            add(sendableProvidedName, sendable)
            add("Provided", main)
        } else {
            add("Provided", model.registrations)
        }
        return classes
    }

    /// The base class of the graph classes of shared services when the assembly has per-scope
    /// registrations.
    private var sharedProvidedName: String { "ProvidedToSharedServices" }

    /// The base class of the graph classes of Sendable services when the assembly has
    /// `#registerMain` registrations.
    private var sendableProvidedName: String { "ProvidedToSendableServices" }

    /// The base class of the graph classes of shared MainActor services when the assembly has
    /// both per-scope and `#registerMain` registrations.
    private var sharedMainProvidedName: String { "ProvidedToSharedMainActorServices" }

    /// The class a registration's graph class inherits its providers from.
    private func providedBase(for registration: AssemblyModel.Registration) -> String {
        let shared = hasPerScopeProviders && registration.isShared
        switch (registration.isMainActor, shared, hasMainProviders) {
        case (true, true, true): return sharedMainProvidedName
        case (false, true, _), (true, true, false): return sharedProvidedName
        case (false, false, true): return sendableProvidedName
        default: return "Provided"
        }
    }

    /// A provider class named `name` with one `provide(_:)` per registration of `registrations`.
    private func providedClass(
        named name: String,
        providing registrations: [AssemblyModel.Registration],
        access classAccess: String,
    ) -> String {
        if let included = model.included {
            let header = "\(classAccess)nonisolated class \(name): \(included).Provided {"
            return header + providers(registrations, prefix: "\n    ").joined() + "\n}"
        }
        var members: [String] = []
        members.append("\(access)let environment: \(RuntimeSymbol.environment)")
        members.append(
            "\(access)init(environment: \(RuntimeSymbol.environment)) {\n        self.environment = environment\n    }"
        )
        members.append(
            "\(access)final func provide<T: Sendable>(_ type: T?.Type) -> T? {\n        \(RuntimeSymbol.support).provideIfRegistered(T.self, from: environment)\n    }"
        )
        members.append(
            "\(access)final func provide<T: Sendable>(_ type: \(RuntimeSymbol.support).LazyDependency<T>.Type) -> \(RuntimeSymbol.support).LazyDependency<T> {\n        \(RuntimeSymbol.support).LazyDependency(T.self, in: environment)\n    }"
        )
        members.append(
            "\(access)final func provide<T: Sendable>(_ type: \(RuntimeSymbol.support).ProviderDependency<T>.Type) -> \(RuntimeSymbol.support).ProviderDependency<T> {\n        \(RuntimeSymbol.support).ProviderDependency(T.self, in: environment)\n    }"
        )
        // NB: the fallback of every `@Tags` dependency, which names the fix where the compiler would
        // otherwise offer to add a stub to generated code. Untagged ones have theirs in each graph
        // class, which says which service is missing what.
        let assembly = model.name
        let message =
            "\(assembly) does not register it with these tags: register it in \(assembly) with the same tags, "
            + "spelled the same way, or declare it with '#external'"
        members.append(
            "@available(*, unavailable, message: \(StringLiteralExprSyntax(content: message))) "
                + "\(access)func provide<T, Tags>(_ type: T.Type, tagged: Tags.Type) -> T {\n        fatalError()\n    }"
        )
        let body = members.map { "\n    \($0)" }.joined() + providers(registrations, prefix: "\n    ").joined()
        return "\(classAccess)nonisolated class \(name) {\(body)\n}"
    }

    /// One `provide(_:)` per untagged registration: a tagged one does not provide its type to
    /// dependents, which ask for it untagged. `#external` ones are in the graph classes instead
    /// (see ``externalProviders(for:)``).
    private func providers(_ registrations: [AssemblyModel.Registration], prefix: String) -> [String] {
        let tagged = registrations.filter { !$0.tags.isEmpty && !$0.isExternal }.map {
            prefix + Self.taggedProvider($0, indent: "    ", access: access)
        }
        return registrations.filter { $0.tags.isEmpty && !$0.isExternal }.map { registration in
            let isolation = registration.isMainActor ? "@MainActor " : ""
            let helper = registration.isMainActor ? "provideMain" : "provide"
            return """
                \(prefix)\(isolation)\(access)final func provide(_ type: \(registration.key).Type) -> \(registration.key) {
                        \(RuntimeSymbol.support).\(helper)(type, from: environment)
                    }
                """
        } + tagged
    }

    /// `__injectionGraphs()`, declaring one local `Provided` subclass per `@Injectable`
    /// registration, conforming to that type's requirements at the `#register` line (so a
    /// missing provider is reported there, once: the module's interface job skips the body).
    ///
    /// NB: the classes and their `#sourceLocation` directives form one declaration whose text is
    /// ours: as separate members, the expansion puts blank lines between them (shifting the
    /// mapped line) and swift-syntax 600 drops directives parsed together with a class.
    private func graphClasses(_ lines: RegistrationLines?) -> [String] {
        let graphs = model.registrations.compactMap { registration -> String? in
            let requirements: String
            switch registration.kind {
            case .injectable: requirements = "\(registration.service).InjectionRequirements"
            case .injectableMain: requirements = "@MainActor \(registration.service).InjectionRequirements"
            case .closure, .external: return nil
            }
            let name = registration.graphName
            let base = providedBase(for: registration)
            let fallback =
                "@available(*, unavailable, message: \(StringLiteralExprSyntax(content: missingProviderMessage(for: registration)))) "
                + "func provide<T>(_ type: T.Type) -> T {\n            fatalError()\n        }"
            let members = externalProviders(for: registration)
            guard let directive = lines?.directive(for: registration.node) else {
                return "    final class \(name): \(base), \(requirements) {\n        \(members)\(fallback)\n    }"
            }
            // NB: the fallback is mapped to the `#register` line too, where the compiler reports it.
            return """
                    \(directive)
                    final class \(name): \(base), \(requirements) {
                        \(members)\(directive)
                        \(fallback)
                    }
                    #sourceLocation()
                """
        }
        guard !graphs.isEmpty else {
            return []
        }
        return ["private static func __injectionGraphs() {\n\(graphs.joined(separator: "\n"))\n}"]
    }

    /// `__trackChecks()`: for each `@Injectable` registration, its type named in the check of its
    /// macro's track (`SendableTrackCheck` for `#register`, `MainTrackCheck` for `#registerMain`),
    /// at its line, where a type on the other track fails the check's constraint: one error that
    /// names the type and the macro to use.
    ///
    /// NB: the first member, so that the compiler checks its body before the others, whose own
    /// errors for the same mistake (in `assemble(env:)`) say less; a body, which the module's
    /// interface job skips, so that the mistake is reported once and the interface job does not
    /// check the types again.
    private func trackChecks(_ lines: RegistrationLines?) -> [String] {
        var checks: [String] = []
        for registration in model.registrations {
            let check: String
            switch registration.kind {
            case .injectable: check = "SendableTrackCheck"
            case .injectableMain: check = "MainTrackCheck"
            case .closure, .external: continue
            }
            let alias = "typealias Line\(checks.count) = \(RuntimeSymbol.support).\(check)<\(registration.service)>"
            guard let directive = lines?.directive(for: registration.node) else {
                checks.append("    " + alias)
                continue
            }
            checks.append("    \(directive)\n    \(alias)\n    #sourceLocation()")
        }
        guard !checks.isEmpty else {
            return []
        }
        return ["private static func __trackChecks() {\n\(checks.joined(separator: "\n"))\n}"]
    }

    /// The provider of a tagged registration, `provide(_:tagged:)` with its tags as a
    /// type (see ``taggedKeyType(_:)``), which a `@Tags` dependency's protocol requires; `access`
    /// is the assembly's for a provider in `Provided`, none in a graph class.
    private static func taggedProvider(
        _ registration: AssemblyModel.Registration,
        indent: String,
        access: String = "",
    ) -> String {
        let key = registration.key
        let tags = taggedKeyType(Array(Set(registration.tags)).sorted())
        let signature = "final func provide(_ type: \(key).Type, tagged: \(tags).Type) -> \(key)"
        let (isolation, helper) = registration.isMainActor ? ("@MainActor ", "provideMain") : ("", "provide")
        let body =
            "\(RuntimeSymbol.support).\(helper)(\(key).self, tags: \(registration.tags.joined(separator: ", ")), "
            + "from: environment)"
        return "\(isolation)\(access)\(signature) {\n\(indent)    \(body)\n\(indent)}"
    }

    /// The `provide(_:)` of each `#external` line that `registration`'s graph may use, at the top
    /// of its graph class.
    ///
    /// NB: not in `Provided`: an assembly that includes this one subclasses it, and its own
    /// `provide(_:)` for a type declared `#external` here (registering it is the point of
    /// declaring it) would override this one, which the compiler rejects without `override`.
    private func externalProviders(for registration: AssemblyModel.Registration) -> String {
        hasPerScopeProviders && registration.isShared ? sharedExternalProviders : allExternalProviders
    }

    /// The graph-class providers of `externals`, each followed by the indentation of the next line.
    private static func externalProviders(_ externals: [AssemblyModel.Registration]) -> String {
        externals.map { external in
            guard external.tags.isEmpty else {
                return taggedProvider(external, indent: "        ") + "\n        "
            }
            return "final func provide(_ type: \(external.key).Type) -> \(external.key) {\n"
                + "            \(RuntimeSymbol.support).provide(type, from: environment)\n        }\n        "
        }.joined()
    }

    /// What the compiler adds to "does not conform to protocol '`needs Config`'" when a graph
    /// class falls back to its unavailable `provide(_:)`: the dependency is not provided to it.
    private func missingProviderMessage(for registration: AssemblyModel.Registration) -> String {
        let assembly = model.name
        let service = registration.service
        // NB: the fallback cannot tell which case applies, so the reasons come first, each with
        // the types it covers, and the general fix last.
        var reasons: [String] = []
        if hasMainProviders && !registration.isMainActor {
            reasons.append(
                "if it is what '#registerMain' registers (\(mainKeys)), a Sendable service cannot "
                    + "depend on it: register '\(service)' with '#registerMain' if it belongs on the MainActor"
            )
        }
        if hasPerScopeProviders && registration.isShared {
            reasons.append(
                "if it is what each scope provides (\(perScopeKeys)), a service shared by every "
                    + "scope cannot depend on it: register '\(service)' with scope .scoped or .transient, "
                    + "or take Lazy or ServiceProvider"
            )
        }
        let registerIt =
            "register it in \(assembly)" + (model.included.map { " or in \($0)" } ?? "")
            + ", or declare it with '#external'"
        let fix = reasons.isEmpty ? registerIt : reasons.joined(separator: "; ") + "; otherwise " + registerIt
        return "\(assembly) does not provide it to '\(service)': \(fix)"
    }
}
