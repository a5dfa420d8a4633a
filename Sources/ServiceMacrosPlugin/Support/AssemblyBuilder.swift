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
    /// The `check(_:)` of each `#external` line, by the base of the graph classes that declare
    /// them: in the graph classes, not the bases, so that an assembly that includes this one may
    /// register the type (its own check would otherwise need `override`).
    private let externalChecks: [Base: String]
    /// Each registration's name in the checks and calls that need it `@Injectable`: its line's
    /// alias in `__InjectableChecks` (`__InjectableChecks.Line0`, …, over the registrations
    /// without a closure, forwards left out), or its own type where it has no such line.
    ///
    /// NB: where the service is not `@Injectable`, the alias is invalid, and the compiler reports
    /// that once, at the line, and nothing about the expressions that name the alias (a member
    /// `@Injectable` would have given the type, an overload of `register` that needs it).
    let injectableNames: [String]

    /// NB: what every graph class needs about the whole assembly is worked out here, once: per
    /// graph class, it made the expansion quadratic in the registrations.
    init(model: AssemblyModel) {
        self.model = model
        hasPerScopeProviders = model.hasPerScopeProviders
        hasMainProviders = model.registrations.contains { $0.isMainActor }
        let externals = model.registrations.filter(\.isExternal)
        var externalChecks: [Base: String] = [:]
        for base in Base.allCases {
            externalChecks[base] = externals.map { Self.check(for: $0, in: base) + "\n            " }
                .joined()
        }
        self.externalChecks = externalChecks
        var injectableLines = 0
        injectableNames = model.registrations.map { registration in
            switch registration.kind {
            case .injectable, .injectableMain:
                defer { injectableLines += 1 }
                return "__InjectableChecks.Line\(injectableLines)"
            case .closure, .mainClosure, .external, .forward:
                return registration.service
            }
        }
    }

    var access: String {
        model.accessModifier.map { "\(TokenSyntax.keyword($0).text) " } ?? ""
    }

    /// The members, as one declaration of verbatim text (see ``verbatimDeclaration(_:)``).
    func members(in context: some MacroExpansionContext) -> [DeclSyntax] {
        // NB: one line table for the graph classes and the cycle graph.
        let lines = SourceLines(locating: model.registrations.first?.node, in: context)
        let members =
            trackChecks(lines) + injectableChecks(lines) + publicInitializer() + registrationsTable()
            + [assembleFunction(lines)] + reasonTypes() + providedClasses()
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

    /// The classes an assembly's graph classes inherit their `check(_:)` functions from: one per
    /// kind of service, each returning `Registered` only for what a service of that kind may
    /// depend on.
    enum Base: CaseIterable {
        /// A MainActor service that is not shared, which may depend on anything.
        case provided
        /// A Sendable service that is not shared, which cannot depend on MainActor ones.
        case sendable
        /// A shared Sendable service, which cannot depend on MainActor or per-scope ones either.
        case sharedSendable
        /// A shared MainActor service, which cannot depend on per-scope ones.
        case sharedMain

        var name: String {
            switch self {
            case .provided: "Provided"
            case .sendable: "ProvidedToSendableServices"
            case .sharedSendable: "ProvidedToSharedServices"
            case .sharedMain: "ProvidedToSharedMainActorServices"
            }
        }

        /// The class this one is when the assembly has no registration it would withhold.
        var fallback: Base? {
            switch self {
            case .provided: nil
            case .sendable: .provided
            case .sharedSendable: .sendable
            case .sharedMain: .provided
            }
        }

        var withholdsMainActor: Bool { self == .sendable || self == .sharedSendable }
        var withholdsPerScope: Bool { self == .sharedSendable || self == .sharedMain }
    }

    /// The base a registration's graph class inherits from.
    private func base(for registration: AssemblyModel.Registration) -> Base {
        switch (registration.isMainActor, hasPerScopeProviders && registration.isShared) {
        case (true, true): .sharedMain
        case (true, false): .provided
        case (false, true): .sharedSendable
        case (false, false): .sendable
        }
    }

    /// Whether the assembly declares `base` as a class, with checks of its own, or as the name of
    /// the base that withholds the same registrations (`alias(of:)`). With `includes:`, every
    /// base is a class, below the included assembly's, which may withhold some of its own
    /// registrations.
    private func declaresClass(_ base: Base) -> Bool {
        guard model.included == nil else {
            return true
        }
        return switch base {
        case .provided: true
        case .sendable: hasMainProviders
        case .sharedMain: hasPerScopeProviders
        // NB: without MainActor registrations it withholds what `.sharedMain` does.
        case .sharedSendable: hasMainProviders && hasPerScopeProviders
        }
    }

    /// The base that `base`, not declared as a class, is another name of: the nearest that
    /// withholds the same registrations from its services.
    private func alias(of base: Base) -> Base {
        var alias = base
        repeat {
            alias = alias == .sharedSendable && hasPerScopeProviders ? .sharedMain : alias.fallback!
        } while !declaresClass(alias)
        return alias
    }

    /// What a check returns for `key`, which `reason` withholds from the service: the type
    /// `reasonTypes()` declares for it, or the library's generic one.
    private static func reasonType(_ reason: ReasonType, for key: String) -> String {
        reason.named(for: key).map { "Registrations.\($0)" } ?? reason.applied(to: key)
    }

    /// `Registrations`, the types whose names say why a service cannot depend on a registered
    /// type (see `ReasonType.named(for:)`), which its checks return: one per type registered
    /// with `#registerMain`, and per type provided per scope, which the compiler's error then
    /// quotes as `` AppAssembly.Registrations.`MainScreen is registered with #registerMain, …` ``.
    ///
    /// NB: in an enum of a fixed name: with names it cannot list (`arbitrary`), the member role
    /// made every assembly dearer to compile, those without such a registration too: the
    /// 200-type target's compile job took 33.7 billion instructions instead of 29.8 (callgrind,
    /// the same with `named(Registrations)` as without it), the 1,000-type build 41–47 s instead
    /// of 35–43.
    private func reasonTypes() -> [String] {
        var names: [String] = []
        for registration in model.registrations {
            let reasons = [
                registration.isMainActor ? ReasonType.mainActorOnly : nil,
                registration.isPerScope ? ReasonType.perScopeOnly : nil,
            ]
            for case let name? in reasons.map({ $0?.named(for: registration.key) }) where !names.contains(name) {
                names.append(name)
            }
        }
        guard !names.isEmpty else {
            return []
        }
        return ["\(access)enum Registrations {" + names.map { "\n    \(access)enum \($0) {}" }.joined() + "\n}"]
    }

    /// The four bases: each one the assembly withholds something from is a class with a
    /// `check(_:)` per registered type, below the same base of the included assembly; the
    /// others are type aliases, so that an assembly that includes this one finds all four.
    ///
    /// NB: classes, not protocols with extensions: a graph class finds a member of its own class
    /// before a generic one, which is how a registered type's `check(_:)` wins over the fallback.
    /// The root classes have two untagged fallbacks: one returns the type asked for, the other,
    /// more specific, an array's position's default (which says to mark the parameter `@All`).
    private func providedClasses() -> [String] {
        let classAccess = model.accessModifier == nil ? "" : "open "
        return Base.allCases.map { base in
            guard declaresClass(base) else {
                return "\(access)typealias \(base.name) = \(alias(of: base).name)"
            }
            var members = model.registrations.filter { !$0.isExternal }.map {
                "\n    " + Self.check(for: $0, in: base, access: access)
            }
            let header: String
            if let included = model.included {
                header = "\(classAccess)nonisolated class \(base.name): \(included).\(base.name) {"
            } else {
                header = "\(classAccess)nonisolated class \(base.name) {"
                members += [
                    "\n    \(access)final func check<T>(_ type: T.Type) -> T { fatalError() }",
                    "\n    \(access)final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }",
                    "\n    \(access)final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason "
                        + "{ fatalError() }",
                ]
            }
            return header + members.joined() + "\n}"
        }
    }

    /// The `check(_:)` of one registration in a class of `base`: what it returns says whether a
    /// service of that kind may depend on it (see `__ServiceMacroSupport.Registered`); tagged, it
    /// is `check(_:tagged:)`, with the tags as a type (see ``taggedKeyType(_:)``).
    private static func check(
        for registration: AssemblyModel.Registration,
        in base: Base,
        access: String = "",
    ) -> String {
        let key = registration.key
        let verdict: String
        if base.withholdsMainActor && registration.isMainActor {
            verdict = reasonType(.mainActorOnly, for: key)
        } else if base.withholdsPerScope && registration.isPerScope {
            verdict = reasonType(.perScopeOnly, for: key)
        } else {
            verdict = "\(RuntimeSymbol.support).Registered"
        }
        let tagged =
            registration.tags.isEmpty ? "" : ", tagged: \(taggedKeyType(Array(Set(registration.tags)).sorted())).Type"
        return "\(access)final func check(_ type: \(key).Type\(tagged)) -> \(verdict) { fatalError() }"
    }

    /// `__injectionGraphs()`: for each `@Injectable` registration, at its `#register` line and
    /// in a block of its own, a local class of its base that conforms to the type's
    /// `__ProviderChecks`, and a local function named after the type's initializer that constrains
    /// the dependency positions (`__ServiceMacroSupport.ProviderChecks`), called with the class,
    /// where each missing dependency fails a constraint: one error per missing dependency, once
    /// (the module's interface job skips the body), whose note points at the same line. Then the
    /// type's own check, of the positions past those. Both calls name the service through its
    /// line's alias in `__InjectableChecks`, so that a type that is not `@Injectable` gets no
    /// error from them. (A block each: two services with the same
    /// name in different namespaces would otherwise declare two local functions of one name.)
    /// For each `#forward`, at its line, a local class of its base, and a local function named
    /// for the forward (`` `(any NoteReading) forwards to NoteStore` ``) that requires what the
    /// class's `check(_:)` returns for the target to be a `ProvidedDependency`: the same error as
    /// a missing dependency's.
    ///
    /// NB: the classes, functions and `#sourceLocation` directives form one declaration whose
    /// text is ours: as separate members, the expansion puts blank lines between them (shifting
    /// the mapped line) and swift-syntax 600 drops directives parsed together with a class.
    private func graphClasses(_ lines: SourceLines?) -> [String] {
        let constraints = (0..<dependencyPositions).map { "G.D\($0): \(RuntimeSymbol.support).ProvidedDependency" }
            .joined(separator: ", ")
        let graphs = zip(model.registrations, injectableNames).compactMap { registration, line -> String? in
            let name = registration.graphName
            let base = base(for: registration)
            let members = externalChecks[base] ?? ""
            let body = members.isEmpty ? "{}" : "{\n            \(members.dropLast(4))}"
            let service = registration.service
            let statements: [String]
            switch registration.kind {
            case .injectable, .injectableMain:
                let check = readableName("\(registration.serviceName).init")
                // NB: `line`, the service named through its line's alias (see `injectableNames`).
                // NB: the call and the function on one line, so that the compiler's excerpt of the
                // error and of the note on the function's constraints is one, five lines long; the
                // call first, so that the error's column is the line's. The function's signature
                // is the same in every block (the positions of `__ServiceMacroSupport.ProviderChecks`).
                // The class is generic over the service only so that the call can name the line's
                // alias in its argument.
                statements = [
                    "nonisolated final class \(name)<__Service>: \(base.name), \(service).__ProviderChecks \(body)",
                    "\(check)(\(name)<\(line)>.self); func \(check)<G: \(RuntimeSymbol.support).ProviderChecks>("
                        + "_ graph: G.Type) where \(constraints) {}",
                    "\(line).\(check)(\(name)<\(line)>.self)",
                ]
            case .forward:
                // NB: what the graph returns for the target must be a `ProvidedDependency`, as a
                // dependency's position must: the same error, naming the forward and its target.
                let check = readableName("\(registration.key) forwards to \(service)")
                statements = [
                    "nonisolated final class \(name): \(base.name) \(body)",
                    "\(check)(\(name)().check(\(service).self)); func \(check)<D: \(RuntimeSymbol.support).ProvidedDependency>("
                        + "_ target: D) {}",
                ]
            case .closure, .mainClosure, .external:
                return nil
            }
            guard let directive = lines?.directive(for: registration.node) else {
                return "    do {\n" + statements.map { "        \($0)\n" }.joined() + "    }"
            }
            // NB: a directive before each, so that all are on the `#register` line.
            let mapped = statements.map { "        \(directive)\n        \($0)\n" }.joined()
            return "    do {\n" + mapped + "        #sourceLocation()\n    }"
        }
        guard !graphs.isEmpty else {
            return []
        }
        return ["private static func __injectionGraphs() {\n\(graphs.joined(separator: "\n"))\n}"]
    }

    /// For each registration without a closure, its type named at its line in a type alias of the
    /// assembly, where a type that is not `@Injectable` fails the constraint: one error that names
    /// the type and the fixes, before those of the declarations that name the members
    /// `@Injectable` would have given it (`__CycleExport`). The interface job checks these
    /// declarations too, and prints the first error of a build as often as not.
    private func injectableChecks(_ lines: SourceLines?) -> [String] {
        let checks = atInjectableLines(lines) { registration, isMainActor, line in
            guard !registration.isForward else {
                return []
            }
            let check = isMainActor ? "MainInjectableCheck" : "InjectableCheck"
            return ["typealias \(line) = \(RuntimeSymbol.support).\(check)<\(registration.service)>"]
        }
        return checks.isEmpty ? [] : ["enum __InjectableChecks {\n\(checks)\n}"]
    }

    /// `__trackChecks()`: for each `@Injectable` registration, its type named in the check of its
    /// macro's track (`SendableTrackCheck` for `#register`, `MainTrackCheck` for `#registerMain`),
    /// at its line, where a type on the other track fails the check's constraint: one error that
    /// names the type and the macro to use. A registration under another type also returns the
    /// service as that type, so that a service that is not one is reported on the line, naming
    /// both (the same conversion in `assemble(env:)`'s closure left the compiler with no
    /// diagnostic to give).
    ///
    /// NB: the first member, so that the compiler checks its body before the others, whose own
    /// errors for the same mistake (in `assemble(env:)`) say less; a body, which the module's
    /// interface job skips, so that the mistake is reported once and the interface job does not
    /// check the types again.
    private func trackChecks(_ lines: SourceLines?) -> [String] {
        let checks = atInjectableLines(lines) { registration, isMainActor, line in
            let key = "func \(line)Key(_ service: \(registration.service)) -> \(registration.key) { service }"
            guard !registration.isForward else {
                return [key]
            }
            let check = isMainActor ? "MainTrackCheck" : "SendableTrackCheck"
            let alias = "typealias \(line) = \(RuntimeSymbol.support).\(check)<\(registration.service)>"
            guard registration.key != registration.service else {
                return [alias]
            }
            return [alias, key]
        }
        return checks.isEmpty ? [] : ["private static func __trackChecks() {\n\(checks)\n}"]
    }

    /// The `statements` of each registration without a closure, and of each forward, named `Line0`,
    /// `Line1`, … in the order of the lines, each at its line (a directive before each), indented;
    /// a registration without statements is left out.
    private func atInjectableLines(
        _ lines: SourceLines?,
        _ statements: (_ registration: AssemblyModel.Registration, _ isMainActor: Bool, _ line: String) -> [String],
    ) -> String {
        var texts: [String] = []
        for registration in model.registrations {
            let isMainActor: Bool
            switch registration.kind {
            case .injectable: isMainActor = false
            case .injectableMain: isMainActor = true
            case .forward(let onMain): isMainActor = onMain
            case .closure, .mainClosure, .external: continue
            }
            let lineStatements = statements(registration, isMainActor, "Line\(texts.count)")
            guard !lineStatements.isEmpty else {
                continue
            }
            guard let directive = lines?.directive(for: registration.node) else {
                texts.append(lineStatements.map { "    " + $0 }.joined(separator: "\n"))
                continue
            }
            texts.append(lineStatements.map { "    \(directive)\n    \($0)\n" }.joined() + "    #sourceLocation()")
        }
        return texts.joined(separator: "\n")
    }
}
