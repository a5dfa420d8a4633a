import SwiftSyntax
import SwiftSyntaxBuilder

/// Builds the extension `@Injectable` adds from an `InjectableModel`.
struct InjectableBuilder {
    let model: InjectableModel
    let extendedType: TypeSyntax
    /// False when the type already conforms, so the extension only adds members.
    let addsConformance: Bool
    /// The `#sourceLocation` directive of the line that names the type, where the isolation
    /// check reports (see ``isolationCheck()``); nil for a `@MainActor` type, which has none.
    let typeNameLine: String?

    /// `public ` / `package ` or nothing, matching the type's access.
    private var access: String {
        model.accessModifier.map { "\(TokenSyntax.keyword($0).text) " } ?? ""
    }

    /// The extension, written formatted (the macro's `formatMode` is `.disabled`).
    func extensionDeclaration() -> ExtensionDeclSyntax {
        let checks = providerChecks
        var members = [providerChecksProtocol(checks), providerCheckFunction(checks), requirementsProtocol()]
        members += isolationCheck() + [dependenciesProperty()] + madeTagsProperties
        members += [makeFunction(), makeFromGraphFunction()]
        members += [cycleRequirementsProtocol(), cycleEdgesAlias()]
        if model.isAssisted {
            members.append(registerFunction())
        }
        let body = members.map { member in
            member.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
        }
        // NB: built from tokens, not parsed from "extension T: C {}": parsing it, and the
        // conformance's type, was a fifth of the extension's time in a debug plugin.
        let conformance = InheritanceClauseSyntax(
            colon: .colonToken(trailingTrivia: .space),
            inheritedTypes: [InheritedTypeSyntax(type: verbatimType(RuntimeSymbol.conformance(model.conformance)))],
        )
        return ExtensionDeclSyntax(
            extensionKeyword: .keyword(.extension, trailingTrivia: .space),
            extendedType: verbatimType(extendedType.trimmedText),
            inheritanceClause: addsConformance ? conformance : nil,
            memberBlock: verbatimMemberBlock(body.joined(separator: "\n"))
                .with(\.leftBrace, .leftBraceToken(leadingTrivia: .space)),
        )
    }

    /// For a type on the Sendable track: a property isolated as the type is, and a nonisolated
    /// function that reads it, before the generated functions that build the type. A type whose
    /// isolation is inferred (from a `@MainActor` protocol it conforms to, or a `@MainActor`
    /// superclass), which the macro cannot see, makes that read the first error, on the line that
    /// names the type, and the compiler's first line quotes the property's name: the type, and
    /// the fix. (A module's default isolation does not apply to the type: the nonisolated
    /// conformance the macro adds to it keeps it nonisolated.)
    private func isolationCheck() -> [String] {
        guard !model.isMainActor, !model.isPlaceholder else {
            return []
        }
        let type = model.typeName.text
        let name = readableName(
            "\(type) is isolated to an actor it does not name: write @MainActor on it and register it with "
                + "#registerMain, or mark it nonisolated"
        )
        let check = "nonisolated private static func __isolationCheck() { _ = \(name) }"
        guard let typeNameLine else {
            return ["private static var \(name): Void { () }", check]
        }
        // NB: the read is mapped to the type's line, where the compiler reports it.
        return ["private static var \(name): Void { () }", typeNameLine, check, "#sourceLocation()"]
    }

    /// The required dependencies, the only edges a cycle can run through.
    private var cycleEdges: [String] {
        var names: [String] = []
        // NB: a tagged dependency is not an edge: the cycle check's nodes are untagged.
        for parameter in model.parameters where parameter.isRequired && parameter.tags.isEmpty {
            let name = cycleAlias(of: parameter.type.trimmedText)
            if !names.contains(name) {
                names.append(name)
            }
        }
        return names
    }

    /// For `@Assembly(checkCycles: true)`: one associated type per required dependency, which
    /// the assembly's cycle graph defines (a dependency it does not register is a leaf).
    private func cycleRequirementsProtocol() -> String {
        let body = cycleEdges.map { "\n    associatedtype \($0) = Void" }.joined()
        return "\(access)nonisolated protocol __CycleRequirements {\(body)\(body.isEmpty ? "" : "\n")}"
    }

    /// For `@Assembly(checkCycles: true)`: this service's edges in a cycle graph `G`.
    ///
    /// NB: a generic type alias, not a type: it costs no code, and resolving it resolves the
    /// edges as a type's member alias would.
    private func cycleEdgesAlias() -> String {
        let edges = cycleEdges.map { "G.\($0)" }.joined(separator: ", ")
        let type = edges.isEmpty ? "Void" : "\(RuntimeSymbol.support).CycleEdges<\(edges)>.Result"
        return "\(access)typealias __CycleEdges<G: __CycleRequirements> = \(type)"
    }

    /// The `@Assisted` parameters as `make` declares them: `label name: Type`.
    private var assistedParameters: String {
        model.parameters.compactMap { parameter in
            guard let name = parameter.assistedName else {
                return nil
            }
            let label = parameter.label ?? "_"
            let declared = label == name ? name : "\(label) \(name)"
            return ", \(declared): \(parameter.declaredType)"
        }.joined()
    }

    /// The `@Assisted` arguments as a call to `make` passes them.
    private var assistedArguments: String {
        model.parameters.compactMap { parameter in
            parameter.assistedName.map { name in ", " + (parameter.callLabel.map { "\($0): \(name)" } ?? name) }
        }.joined()
    }

    /// `register(in:scope:)`: registers a factory that takes the `@Assisted` parameters as
    /// arguments, type-checked against `make(resolver:…)`.
    ///
    /// NB: the type is named, not `Self`: in a class, `Self` is the dynamic type, which the
    /// closure's result cannot be converted to the registered key.
    ///
    /// NB: the closure is untyped `throws`: converting a typed-throws closure to the runtime's
    /// parameter-pack function type crashes the Swift 6.2 compiler ("reabstraction of pack values").
    private func registerFunction() -> String {
        let closureParameters = model.parameters.compactMap { parameter in
            parameter.assistedName.map { "\($0): \(parameter.declaredType)" }
        }
        return """
            \(access)\(isolation)static func register(in env: \(RuntimeSymbol.environment), scope: \(RuntimeSymbol.scope)) {
                env.register(\(extendedType.trimmed).self, scope: scope) { (\(closureParameters.joined(separator: ", "))) throws -> \(extendedType.trimmed) in
                    try make(resolver: \(RuntimeSymbol.environment).current\(assistedArguments))
                }
            }
            """
    }

    /// The dependencies every graph must provide: not `@Assisted`, not optional; each type once,
    /// spelled so that `.Type` applies to the whole of it. A `Lazy<T>` or `ServiceProvider<T>`
    /// needs `T` as much (it resolves `T` in the environment that built the service, so a shared
    /// service's cannot reach a scope's), as `validate()` says too. A `@MainActor` type's may find `T`
    /// on either track, a Sendable type's on the Sendable one only, as their required `T` may.
    private var requiredDependencies: [String] {
        requiredDependencyChecks.map(\.type)
    }

    /// Each of ``requiredDependencies``, in the same order, and whether its check says to mark
    /// the parameter `@All` when the assembly does not provide it: an array that an initializer's
    /// parameter takes as it is (not deferred), which `@All` could collect instead.
    private var requiredDependencyChecks: [(type: String, suggestsAll: Bool)] {
        var checks: [(type: String, suggestsAll: Bool)] = []
        for parameter in model.parameters
        where !parameter.isAssisted && !parameter.isOptional && !parameter.collects && parameter.tags.isEmpty {
            let type = parameter.type.metatypeOperand
            let suggestsAll = parameter.couldCollect && parameter.deferral == nil && parameter.type.isArray
            if let index = checks.firstIndex(where: { $0.type == type }) {
                checks[index].suggestsAll = checks[index].suggestsAll || suggestsAll
            } else {
                checks.append((type, suggestsAll))
            }
        }
        return checks
    }

    /// `InjectionRequirements`: what a graph must provide to build this type with
    /// ``makeFromGraphFunction()``, one `provide(_:)` per dependency that is not `@Assisted`: the
    /// first in the protocol, each other in a protocol of its own that it refines
    /// (`__InjectionRequirement1`, …).
    ///
    /// NB: two spellings of one type (`Config` and a type alias of it) would be two identical
    /// requirements of one protocol, "invalid redeclaration of 'provide'", and the macro cannot
    /// tell them apart; in two protocols, one witness satisfies both.
    private func requirementsProtocol() -> String {
        var requirements: [String] = []
        for parameter in model.parameters where !parameter.isAssisted {
            let requirement =
                parameter.tags.isEmpty || parameter.isOptional || parameter.collects
                ? "func provide(_ type: \(parameter.providedType).Type) -> \(parameter.providedType)"
                : "func provide(_ type: \(parameter.type.metatypeOperand).Type, tagged: "
                    + "\(taggedKeyType(parameter.tags)).Type) -> \(parameter.type.metatypeOperand)"
            if !requirements.contains(requirement) {
                requirements.append(requirement)
            }
        }
        let refined = requirements.indices.dropFirst().map { "__InjectionRequirement\($0)" }
        let protocols = zip(refined, requirements.dropFirst()).map { name, requirement in
            "\(access)nonisolated protocol \(name) {\n    \(requirement)\n}\n"
        }
        let inheritance = refined.isEmpty ? "" : ": " + refined.joined(separator: ", ")
        let body = requirements.first.map { "\n    \($0)\n" } ?? ""
        return protocols.joined() + "\(access)nonisolated protocol InjectionRequirements\(inheritance) {\(body)}"
    }

    /// The required `@Tags` dependencies: each type and tag set once.
    private var requiredTaggedDependencies: [(type: String, tags: [String])] {
        var keys: [(type: String, tags: [String])] = []
        for parameter in model.parameters
        where !parameter.isAssisted && !parameter.isOptional && !parameter.collects && !parameter.tags.isEmpty {
            let key = (type: parameter.type.metatypeOperand, tags: parameter.tags)
            if !keys.contains(where: { $0.type == key.type && $0.tags == key.tags }) {
                keys.append(key)
            }
        }
        return keys
    }

    /// Each required dependency as the dependency check declares it: its position's associated
    /// type's default (what a graph that does not provide it returns), whether the extension
    /// declares that type, and the `check` requirement that returns the position's type, `Dn`.
    ///
    /// A required `@Tags` dependency's default is an empty enum the extension declares, named for
    /// what is missing (`ReasonType.notRegistered(_:tags:)`), which the compiler's error quotes
    /// after the type's name: a graph's fallback `check(_:tagged:)` returns whatever the position
    /// asks for, so a position the assembly does not provide keeps its default (see
    /// `DependencyChecks.swift` in Service). Where that name is another dependency's (with an
    /// older swift-syntax, whose names are words joined by `_`, two tag sets can read alike), the
    /// default is the library's generic reason. A required array's default is an enum of that kind
    /// too, which says to mark the parameter `@All` (`ReasonType.notCollected(_:)`), where the
    /// parameter could be (see ``requiredDependencyChecks``): a graph's fallback for array types
    /// returns whatever the position asks for.
    private var providerChecks: [ProviderCheck] {
        var declared: Set<String> = []
        let untagged = requiredDependencyChecks.map { type, suggestsAll in
            let requirement = { (position: String) in "func check(_ type: \(type).Type) -> \(position)" }
            let reason = ReasonType.notCollected(type)
            guard suggestsAll, declared.insert(reason).inserted else {
                return ProviderCheck(fallback: type, requirement: requirement)
            }
            return ProviderCheck(fallback: reason, declaresFallback: true, requirement: requirement)
        }
        let tagged = requiredTaggedDependencies.map { key in
            let tags = taggedKeyType(key.tags)
            let requirement = { (position: String) in
                "func check(_ type: \(key.type).Type, tagged: \(tags).Type) -> \(position)"
            }
            let reason = ReasonType.notRegistered(key.type, tags: key.tags)
            guard declared.insert(reason).inserted else {
                let generic = ReasonType.notRegisteredWithTheseTags.applied(to: key.type, tags)
                return ProviderCheck(fallback: generic, requirement: requirement)
            }
            return ProviderCheck(fallback: reason, declaresFallback: true, requirement: requirement)
        }
        return untagged + tagged
    }

    /// `__ProviderChecks`: what an assembly's graph class for this type conforms to, always
    /// successfully: one associated type per required dependency, at its position (`D0`, `D1`,
    /// …, see `__ServiceMacroSupport.ProviderChecks`), inferred from the graph's `check(_:)` for
    /// that type, which returns `Registered` when the assembly provides it, and otherwise left at
    /// its default, the dependency itself (a reason, for a `@Tags` one). The assembly constrains the positions beside each
    /// `#register` line, so that a missing dependency is the compiler's first line there:
    /// "local function 'Greeter.init' requires that 'Config' inherit from '`registered in the
    /// assembly, or declared with #external`'".
    private func providerChecksProtocol(_ checks: [ProviderCheck]) -> String {
        let body = checks.enumerated().map { index, check in
            "\n    associatedtype D\(index) = \(check.fallback)\n    \(check.requirement("D\(index)"))"
        }
        let header = "\(access)nonisolated protocol __ProviderChecks: \(RuntimeSymbol.support).ProviderChecks {"
        let reasons = checks.filter(\.declaresFallback).map { "\(access)enum \($0.fallback) {}\n" }
        return reasons.joined() + header + body.joined() + (body.isEmpty ? "" : "\n") + "}"
    }

    /// `` `Greeter.init` ``: the check of the positions past the ones an assembly constrains
    /// (`__ServiceMacroSupport.dependencyPositions`), which the `#register` line calls too; for
    /// most types there are none, and it has no constraint.
    private func providerCheckFunction(_ checks: [ProviderCheck]) -> String {
        let name = readableName("\(model.typeName.text).init")
        let signature = "\(access)nonisolated static func \(name)<G: __ProviderChecks>(_ graph: G.Type)"
        let constraints = checks.indices.dropFirst(dependencyPositions).map { index in
            "G.D\(index): \(RuntimeSymbol.support).ProvidedDependency"
        }
        return signature + (constraints.isEmpty ? "" : " where " + constraints.joined(separator: ", ")) + " {}"
    }

    private func dependenciesProperty() -> String {
        let entries = model.parameters.enumerated().map { index, parameter in
            let kind =
                switch (parameter.deferral, parameter.isAssisted) {
                case _ where parameter.collects: ".all"
                case (_, true): ".argument"
                case (.lazy, _): ".lazy"
                case (.provider, _): ".provider"
                case (nil, _): parameter.isOptional ? ".optional" : ".required"
                }
            let label = parameter.labelName ?? "_\(index)"
            let tags = parameter.tags.isEmpty ? "" : ", tags: [\(parameter.tags.joined(separator: ", "))]"
            return
                "\(RuntimeSymbol.dependency)(\(parameter.type.metatypeOperand).self, label: \"\(label)\", kind: \(kind)\(tags)),"
        }
        // NB: computed, not stored: the module's interface job type-checks a stored property's
        // initializer on every build, and a getter's body only when the file is compiled
        // (about 0.1 s of that job for 200 types). A registration reads the list only for
        // `validate()` and graph exports.
        let declaration = "\(access)nonisolated static var dependencies: [\(RuntimeSymbol.dependency)]"
        guard !entries.isEmpty else {
            return declaration + " { [] }"
        }
        return declaration + " {\n    [\n        " + entries.joined(separator: "\n        ") + "\n    ]\n}"
    }

    private func makeFunction() -> String {
        let arguments = model.parameters.enumerated().map { index, parameter in
            let value = parameter.assistedName ?? resolution(of: parameter, at: index)
            return parameter.callLabel.map { "\($0): \(value)" } ?? value
        }
        let awaitCall = model.initializerIsAsync ? "await " : ""
        let call = "\(awaitCall)Self(\(arguments.joined(separator: ", ")))"
        let body: String
        if model.initializerThrows {
            body = """
                do {
                        return try \(call)
                    } catch let error as \(RuntimeSymbol.failure) {
                        throw error
                    } catch {
                        throw .factoryFailed(serviceType: String(describing: Self.self), underlyingError: error)
                    }
                """
        } else {
            body = call
        }
        return """
            \(access)\(isolation)static func make(resolver: \(RuntimeSymbol.environment)\(assistedParameters)) \(awaitCall.isEmpty ? "" : "async ")throws(\(RuntimeSymbol.failure)) -> Self {
                \(model.isPlaceholder ? unreachable : body)
            }
            """
    }

    /// `make(graph:)`: builds the instance from a typed graph, with no lookup by type at run time.
    private func makeFromGraphFunction() -> String {
        let arguments = model.parameters.map { parameter in
            let value =
                parameter.assistedName
                ?? (parameter.tags.isEmpty || parameter.isOptional || parameter.collects
                    ? "graph.provide(\(parameter.providedType).self)"
                    : "graph.provide(\(parameter.type.metatypeOperand).self, tagged: \(taggedKeyType(parameter.tags)).self)")
            return parameter.callLabel.map { "\($0): \(value)" } ?? value
        }
        let call = (model.initializerIsAsync ? "await " : "") + "Self(\(arguments.joined(separator: ", ")))"
        let body = model.initializerThrows ? "try \(call)" : call
        let effects = (model.initializerIsAsync ? "async " : "") + (model.initializerThrows ? "throws " : "")
        return """
            \(access)\(isolation)static func make(graph: some InjectionRequirements\(assistedParameters)) \(effects)-> Self {
                \(model.isPlaceholder ? unreachable : body)
            }
            """
    }

    /// The body of `make` for a type whose initializer `@Injectable` reported it cannot call: the
    /// module does not build, so it never runs.
    private var unreachable: String {
        "fatalError(\"@Injectable reported why it cannot call the initializer of \(model.typeName.text)\")"
    }

    /// `nonisolated ` for the functions of a type on the Sendable track, which are nonisolated
    /// whatever the module's default isolation; nothing for a `@MainActor` type's, which are
    /// isolated as the type is.
    private var isolation: String {
        model.isMainActor ? "" : "nonisolated "
    }
}

extension TypeSyntax {
    /// The type spelled so that `.self` and `.Type` apply to the whole of it.
    var metatypeOperand: String {
        // NB: an attributed type is a function type with `@Sendable` or `@MainActor` in front.
        if self.is(SomeOrAnyTypeSyntax.self) || self.is(CompositionTypeSyntax.self) || self.is(FunctionTypeSyntax.self)
            || self.is(AttributedTypeSyntax.self)
        {
            return "(\(trimmedText))"
        }
        return trimmedText
    }
}

/// One required dependency's check in `__ProviderChecks` (see `InjectableBuilder.providerChecks`).
struct ProviderCheck {
    /// The position's default: what it is when the assembly does not provide the dependency.
    let fallback: String
    /// Whether the extension declares `fallback`, an empty enum named for what is missing.
    var declaresFallback = false
    /// The requirement, given the position's name (`D0`).
    let requirement: (String) -> String
}

/// The type that stands for a set of tags in `provide(_:tagged:)`, which an assembly declares for
/// a registration with those tags and a tagged dependency's protocol requires: a tuple whose
/// label spells the tags, `` (tags: Void, `tagged "primary"`: Void) ``, so that two spellings of
/// the same tags are the same type with no declaration to share.
func taggedKeyType(_ tags: [String]) -> String {
    "(tags: Void, \(readableName("tagged " + tags.joined(separator: ", "))): Void)"
}

/// How many dependency positions `__ServiceMacroSupport.ProviderChecks` declares (`D0`…`D7`),
/// which an assembly constrains beside each `#register` line. The library cannot be imported
/// here: a position it does not declare would fail every assembly the tests compile; fewer than
/// it declares would only move the later ones to the type's own check.
let dependencyPositions = 8
