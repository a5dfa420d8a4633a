import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// What `@Assembly` reads from its struct: the `#register` lines and the included assembly.
struct AssemblyModel {
    /// One `#register`, `#registerMain` or `#external` line.
    struct Registration {
        enum Kind {
            case injectable
            case injectableMain
            case closure(ExprSyntax)
            /// `#registerMain` with a closure: built by it on the main actor.
            case mainClosure(ExprSyntax)
            case external
            /// `#forward(Key.self, to: Target.self)`: `key` resolves `service`'s registration, on
            /// the main actor's track when the assembly registers `service` with `#registerMain`.
            case forward(onMain: Bool)
        }

        /// The macro line, where diagnostics about this registration point.
        let node: MacroExpansionDeclSyntax
        /// The type that is built, spelled as written (`Database`, `(any Clock)`); for a forward,
        /// the type it forwards to.
        let service: String
        /// The type it is registered as.
        let key: String
        /// The scope as written; a forward's is `.transient`, or `.scoped` when it forwards to a
        /// type the assembly provides per scope (which shared services then cannot depend on).
        var scope: String
        var kind: Kind
        /// The tag expressions, as written; empty for an untagged registration.
        let tags: [String]

        /// What makes two registrations the same: the key and the set of tags.
        var identity: String {
            ([key] + Set(tags).sorted()).joined(separator: "|")
        }

        /// The key as diagnostics name it: `Database`, or `Database[tags: "a", 1]`.
        var displayName: String {
            tags.isEmpty ? key : "\(key)[tags: \(tags.joined(separator: ", "))]"
        }

        /// The name of the graph class that checks this registration: its line as written, less
        /// the scope, as a readable name (`` `#register(Greeter.self)` ``).
        var graphName: String {
            // NB: detached first: changing a node that is still in the assembly's tree rebuilds
            // the tree up to its root, which for every line of a long assembly is quadratic.
            // NB: into an array: `filter` on the syntax collection builds a new collection node.
            let arguments = node.arguments.compactMap { argument -> String? in
                argument.label?.text == "scope" ? nil : argument.detached.with(\.trailingComma, nil).trimmedText
            }
            let text = "#\(node.macroName.text)(\(arguments.joined(separator: ", ")))"
            return readableName(text)
        }

        /// The service's name as its `@Injectable` declaration spells it: `Greeter` for
        /// `Module.Greeter` (the name of its dependency check is `` `Greeter.init` ``).
        var serviceName: String {
            let unspecialized = service.prefix { $0 != "<" }
            return String(unspecialized.split(separator: ".").last ?? unspecialized)
        }

        /// `tags: a, b, ` for a generated call, or nothing.
        var tagsArgument: String {
            tags.isEmpty ? "" : "tags: \(tags.joined(separator: ", ")), "
        }

        var isExternal: Bool {
            if case .external = kind {
                return true
            }
            return false
        }

        var isMainActor: Bool {
            switch kind {
            case .injectableMain, .mainClosure: true
            case .forward(let onMain): onMain
            case .injectable, .closure, .external: false
            }
        }

        /// Whether the line asks to build a protocol type itself (`#register((any Clock).self)`
        /// without a closure), which nothing can: the type is not `@Injectable`, and cannot be.
        var buildsAProtocol: Bool {
            switch kind {
            case .injectable, .injectableMain:
                service.trimmingPrefix("(").hasPrefix("any ")
            case .closure, .mainClosure, .external, .forward:
                false
            }
        }

        /// Whether the line is a `#forward`.
        var isForward: Bool {
            if case .forward = kind {
                return true
            }
            return false
        }

        /// Whether each scope has its own instance (`scope: .scoped`), so that only services
        /// built per scope or per resolve may depend on it.
        var isPerScope: Bool {
            scope == ".scoped" || scope == "ServiceScope.scoped"
        }

        /// Whether one instance is shared by every scope: a singleton or a custom scope.
        var isShared: Bool {
            !isPerScope && !["transient", "graph"].contains(scope.split(separator: ".").last.map(String.init) ?? "")
        }
    }

    /// Whether a registration is per scope, so shared services get a provider base without it.
    var hasPerScopeProviders: Bool {
        registrations.contains { $0.isPerScope && $0.tags.isEmpty }
    }

    /// The struct's name, as messages name the assembly.
    let name: String
    let accessModifier: Keyword?
    /// Whether the struct declares an initializer itself.
    let declaresInitializer: Bool
    let registrations: [Registration]
    /// The included assembly's type, spelled as written.
    let included: String?
    /// `@Assembly(checkCycles: true)`: cycles of required dependencies are compiler errors.
    let checksCycles: Bool
    /// Whether the struct may declare protocols (its `__CycleExport`): not generic, and not
    /// nested in a function, a generic type or an extension (whose type may be generic).
    let canNestProtocols: Bool
    /// Whether `assemble(env:)` can run in any isolation: no `#registerMain` and no
    /// `loaded(env:)` hook, which the main actor runs.
    let isNonisolated: Bool
}

extension AssemblyModel {
    static let registerMacros: Set<String> = ["register", "registerMain", "external", "forward"]

    /// Reads the model, diagnosing every problem; nil when no expansion is possible.
    static func parse(
        _ declaration: some DeclGroupSyntax,
        attribute: AttributeSyntax,
        in context: some MacroExpansionContext,
    ) -> AssemblyModel? {
        // NB: the compiler reports the syntax errors.
        guard !declaration.hasError else {
            return nil
        }
        guard let structDeclaration = declaration.as(StructDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: attribute, message: AssemblyDiagnostic.notAStruct))
            return nil
        }
        let includes = includedAssemblies(of: attribute)
        if includes.count > 1 {
            context.diagnose(Diagnostic(node: attribute, message: AssemblyDiagnostic.multipleIncludes))
        }
        for conditional in structDeclaration.memberBlock.members.compactMap({ $0.decl.as(IfConfigDeclSyntax.self) }) {
            for line in conditional.registerLines {
                let macro = line.macroName.text
                context.diagnose(
                    Diagnostic(node: line, message: AssemblyDiagnostic.registerInConditional(macro: macro)))
            }
        }
        var registrations: [Registration] = []
        var registered: [String: Registration] = [:]
        for member in structDeclaration.memberBlock.members {
            guard let line = member.decl.as(MacroExpansionDeclSyntax.self),
                registerMacros.contains(line.macroName.text)
            else {
                continue
            }
            if let diagnostic = closureWithKeyDiagnostic(line) ?? scopeBeforeTagsDiagnostic(line) {
                context.diagnose(diagnostic)
                continue
            }
            guard var registration = Registration(line) else {
                context.diagnose(
                    Diagnostic(node: line, message: AssemblyDiagnostic.unreadableType(macro: line.macroName.text))
                )
                continue
            }
            if registration.buildsAProtocol {
                let macro = line.macroName.text
                let message = AssemblyDiagnostic.protocolWithoutClosure(macro: macro, type: registration.service)
                context.diagnose(Diagnostic(node: line, message: message))
                // NB: still provided to the other lines' checks, which would otherwise each report
                // it missing; and checked no further, as `#external` is not.
                registration.kind = .external
            }
            if registration.isForward && registration.key == registration.service && registration.tags.isEmpty {
                let message = AssemblyDiagnostic.forwardToItself(type: registration.key)
                context.diagnose(Diagnostic(node: line, message: message))
                continue
            }
            let identity = registration.identity
            if let first = registered[identity] {
                context.diagnose(duplicateDiagnostic(registration, first: first))
                continue
            }
            registered[identity] = registration
            registrations.append(registration)
        }
        sharedTwiceDiagnostics(registrations).forEach(context.diagnose)
        return AssemblyModel(
            name: structDeclaration.name.text,
            accessModifier: structDeclaration.modifiers.generatedAccess,
            declaresInitializer: structDeclaration.memberBlock.members.contains {
                $0.decl.is(InitializerDeclSyntax.self)
            },
            registrations: resolvingForwards(registrations, registered: registered),
            included: includes.first,
            checksCycles: checksCycles(attribute),
            canNestProtocols: structDeclaration.genericParameterClause == nil
                && !context.lexicalContext.contains { scope in
                    if let group = scope.asProtocol((any DeclGroupSyntax).self) {
                        return group.is(ExtensionDeclSyntax.self) || group.genericParameters != nil
                    }
                    return true
                },
            isNonisolated: isNonisolated(structDeclaration),
        )
    }

    /// The registrations with each forward on the track of the type it forwards to, and provided
    /// per scope when that type is: what the assembly knows of it (a type of an included assembly,
    /// or declared with `#external`, is taken to be a shared Sendable one).
    private static func resolvingForwards(
        _ registrations: [Registration],
        registered: [String: Registration],
    ) -> [Registration] {
        registrations.map { registration in
            guard registration.isForward, let target = registered[registration.service] else {
                return registration
            }
            var forward = registration
            forward.kind = .forward(onMain: target.isMainActor)
            if target.isPerScope {
                forward.scope = ".scoped"
            }
            return forward
        }
    }

    /// Whether the assembly has no `#registerMain` line and declares no `loaded(env:)` hook, so
    /// that it can be applied from any isolation.
    static func isNonisolated(_ declaration: some DeclGroupSyntax) -> Bool {
        !declaration.memberBlock.members.contains { member in
            if let line = member.decl.as(MacroExpansionDeclSyntax.self) {
                return line.macroName.text == "registerMain"
            }
            if let conditional = member.decl.as(IfConfigDeclSyntax.self) {
                return conditional.registerLines.contains { $0.macroName.text == "registerMain" }
            }
            return member.decl.as(FunctionDeclSyntax.self)?.name.text == "loaded"
        }
    }

    /// Whether the attribute says `checkCycles: true`.
    private static func checksCycles(_ attribute: AttributeSyntax) -> Bool {
        guard case .argumentList(let arguments) = attribute.arguments else {
            return false
        }
        let flag = arguments.first { $0.label?.text == "checkCycles" }?.expression.as(BooleanLiteralExprSyntax.self)
        return flag?.literal.tokenKind == .keyword(.true)
    }

    /// The `T` of each `T.self` in `includes: [...]`.
    private static func includedAssemblies(of attribute: AttributeSyntax) -> [String] {
        guard case .argumentList(let arguments) = attribute.arguments,
            let includes = arguments.first(where: { $0.label?.text == "includes" }),
            let array = includes.expression.as(ArrayExprSyntax.self)
        else {
            return []
        }
        return array.elements.compactMap { $0.expression.selfOperand }
    }

    /// For `#register(T.self, as: Key.self) { … }`: `as:` is for an `@Injectable` type, and a
    /// closure registers the type named first. The fix-it names `Key` first and drops `as:`.
    private static func closureWithKeyDiagnostic(_ line: MacroExpansionDeclSyntax) -> Diagnostic? {
        var arguments = Array(line.arguments)
        guard line.hasClosure, let asIndex = arguments.firstIndex(where: { $0.label?.text == "as" }), asIndex > 0,
            let key = arguments[asIndex].expression.selfOperand
        else {
            return nil
        }
        let keyExpression = arguments[asIndex].expression
        arguments.remove(at: asIndex)
        arguments[0] = arguments[0].with(\.expression, keyExpression.with(\.leadingTrivia, []))
        let fixIt = FixIt(
            message: AssemblyFixIt.registerKeyWithClosure(key: key),
            changes: [.replace(oldNode: Syntax(line), newNode: Syntax(line.with(arguments: arguments)))],
        )
        return Diagnostic(node: line, message: AssemblyDiagnostic.closureWithKey(key: key), fixIts: [fixIt])
    }

    /// For `#register(T.self, scope: .transient, tags: "a") { … }`: every form takes the tags
    /// before the scope. The fix-it moves the scope after the last tag. (Without a closure the
    /// compiler says so itself, "argument 'tags' must precede argument 'scope'", and no form of
    /// the macro takes the line.)
    private static func scopeBeforeTagsDiagnostic(_ line: MacroExpansionDeclSyntax) -> Diagnostic? {
        var arguments = Array(line.arguments)
        guard line.hasClosure, let scopeIndex = arguments.firstIndex(where: { $0.label?.text == "scope" }),
            let tagsIndex = arguments.firstIndex(where: { $0.label?.text == "tags" }), scopeIndex < tagsIndex
        else {
            return nil
        }
        let scope = arguments.remove(at: scopeIndex)
        // NB: the tags are a pack: the `tags:` argument and the unlabeled ones after it.
        var end = tagsIndex
        while end < arguments.count, arguments[end].label == nil {
            end += 1
        }
        arguments.insert(scope, at: end)
        let fixIt = FixIt(
            message: AssemblyFixIt.moveScopeAfterTags,
            changes: [.replace(oldNode: Syntax(line), newNode: Syntax(line.with(arguments: arguments)))],
        )
        let message = AssemblyDiagnostic.scopeBeforeTags(
            macro: line.macroName.text,
            scope: "scope: \(scope.expression.trimmedText)",
        )
        return Diagnostic(node: line, message: message, fixIts: [fixIt])
    }

    private static func duplicateDiagnostic(_ duplicate: Registration, first: Registration) -> Diagnostic {
        let removal = FixIt.Change.replace(oldNode: Syntax(duplicate.node), newNode: Syntax(DeclSyntax("")))
        return Diagnostic(
            node: duplicate.node,
            message: AssemblyDiagnostic.duplicateRegistration(type: duplicate.displayName),
            notes: [Note(node: Syntax(first.node), message: AssemblyNote.firstRegistration)],
            fixIts: [FixIt(message: AssemblyFixIt.removeDuplicate, changes: [removal])],
        )
    }
}

extension MacroExpansionDeclSyntax {
    /// Whether the line has a closure, trailing or as its `factory:` argument.
    fileprivate var hasClosure: Bool {
        trailingClosure != nil || arguments.contains { $0.label?.text == "factory" }
    }

    /// The line with `arguments`, in that order, separated by commas, as a fix-it writes it.
    func with(arguments: [LabeledExprSyntax]) -> MacroExpansionDeclSyntax {
        let separated = arguments.indices.map { index in
            let comma: TokenSyntax? = index == arguments.count - 1 ? nil : .commaToken(trailingTrivia: .space)
            return arguments[index].with(\.trailingComma, comma)
        }
        return with(\.arguments, LabeledExprListSyntax(separated))
    }
}

extension DeclGroupSyntax {
    /// The generic parameter clause of a struct, class, enum or actor.
    fileprivate var genericParameters: GenericParameterClauseSyntax? {
        self.as(StructDeclSyntax.self)?.genericParameterClause
            ?? self.as(ClassDeclSyntax.self)?.genericParameterClause
            ?? self.as(EnumDeclSyntax.self)?.genericParameterClause
            ?? self.as(ActorDeclSyntax.self)?.genericParameterClause
    }
}

extension AssemblyModel.Registration {
    /// Reads one registration line; nil if its type is not written as `T.self`.
    init?(_ node: MacroExpansionDeclSyntax) {
        let arguments = node.arguments
        guard let first = arguments.first(where: { $0.label == nil })?.expression.selfOperand else {
            return nil
        }
        // NB: `#forward(Key.self, to: Target.self)` names its key first; the others their service.
        let keyLabel = node.macroName.text == "forward" ? "to" : "as"
        let second = arguments.first { $0.label?.text == keyLabel }.flatMap { $0.expression.selfOperand }
        if arguments.contains(where: { $0.label?.text == keyLabel }) && second == nil {
            return nil
        }
        let (service, key): (String, String?) = keyLabel == "to" ? (second ?? first, first) : (first, second)
        // NB: `(any).self` is an expression (a type named `any`) that does not parse as a type.
        guard service.parsesAsType, key?.parsesAsType ?? true else {
            return nil
        }
        self.node = node
        self.service = service
        self.key = key ?? service
        self.scope = arguments.first { $0.label?.text == "scope" }?.expression.trimmedText ?? ".singleton"
        // NB: the tags are a pack: the `tags:` argument and the unlabeled ones after it.
        var tags: [String] = []
        var inTags = false
        for argument in arguments {
            if let label = argument.label?.text {
                inTags = label == "tags"
            }
            if inTags {
                tags.append(argument.expression.trimmedText)
            }
        }
        self.tags = tags
        let factory =
            arguments.first { $0.label?.text == "factory" }?.expression ?? node.trailingClosure.map(ExprSyntax.init)
        switch node.macroName.text {
        case "registerMain": kind = factory.map { .mainClosure($0.trimmed) } ?? .injectableMain
        case "external": kind = .external
        case "forward":
            kind = .forward(onMain: false)
            scope = ".transient"
        default: kind = factory.map { .closure($0.trimmed) } ?? .injectable
        }
    }
}

extension String {
    /// Whether this text parses as a type, as the expansion writes a registered type.
    var parsesAsType: Bool {
        var parser = Parser(self)
        return !TypeSyntax.parse(from: &parser).hasError
    }
}

extension ExprSyntax {
    /// `T` for an expression `T.self`, or nil.
    var selfOperand: String? {
        guard let access = self.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "self",
            let base = access.base
        else {
            return nil
        }
        return base.trimmedText
    }
}

extension IfConfigDeclSyntax {
    /// The `#register`-family lines in every branch, nested conditionals included.
    var registerLines: [MacroExpansionDeclSyntax] {
        clauses.flatMap { clause -> [MacroExpansionDeclSyntax] in
            guard case .decls(let members)? = clause.elements else {
                return []
            }
            return members.flatMap { member -> [MacroExpansionDeclSyntax] in
                if let nested = member.decl.as(IfConfigDeclSyntax.self) {
                    return nested.registerLines
                }
                guard let line = member.decl.as(MacroExpansionDeclSyntax.self),
                    AssemblyModel.registerMacros.contains(line.macroName.text)
                else {
                    return []
                }
                return [line]
            }
        }
    }
}
