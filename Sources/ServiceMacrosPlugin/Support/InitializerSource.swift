import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// The initializer `@Injectable` calls: an explicit one, or a struct's memberwise initializer.
struct InitializerSource {
    let parameters: [InjectableModel.Parameter]
    let throwsErrors: Bool
    /// Whether the initializer is `async`, which makes the type `AsyncInjectable`.
    var isAsync = false

    /// Picks the `@Inject` initializer, else the only one, else the memberwise one of a struct.
    static func choose(
        in declaration: some DeclGroupSyntax,
        name: TokenSyntax,
        attribute: AttributeSyntax,
        context: some MacroExpansionContext,
    ) -> InitializerSource? {
        let generatesInitializer = attribute.requestsMemberwiseInitializer
        let initializers = declaration.memberBlock.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
            .filter { !$0.modifiers.contains(.static) }
        let marked = initializers.filter { $0.attributes.containsAttribute(named: "Inject") }
        for extra in marked.dropFirst() {
            context.diagnose(
                Diagnostic(node: extra.initKeyword, message: InjectableDiagnostic.multipleInjectInitializers))
        }
        if marked.count > 1 {
            return nil
        }
        if let chosen = marked.first ?? (initializers.count == 1 ? initializers.first : nil) {
            if generatesInitializer {
                context.diagnose(
                    unusedMemberwiseDiagnostic(attribute, message: .memberwiseWithInitializer(type: name.text)))
            }
            return fromInitializer(chosen, context: context)
        }
        if initializers.count > 1 {
            context.diagnose(ambiguityDiagnostic(name: name, initializers: initializers))
            return nil
        }
        let conditionals = declaration.memberBlock.members.compactMap { $0.decl.as(IfConfigDeclSyntax.self) }
        if let conditional = conditionals.first(where: \.declaresStoredProperty) {
            context.diagnose(Diagnostic(node: conditional, message: InjectableDiagnostic.storedPropertyInConditional))
            return nil
        }
        if let injection = PropertyInjection.read(from: declaration, diagnose: { context.diagnose($0) }) {
            guard !injection.isInvalid else {
                return nil
            }
            if !generatesInitializer, let kind = declaration.kindWithoutExtensionInitializers {
                context.diagnose(memberwiseRequiredDiagnostic(attribute, kind: kind, name: name))
                return nil
            }
            let parameters = injection.properties.map { InjectableModel.Parameter(type: $0.type, label: $0.name) }
            return InitializerSource(parameters: parameters, throwsErrors: false)
        }
        if generatesInitializer {
            context.diagnose(
                unusedMemberwiseDiagnostic(attribute, message: .memberwiseWithoutInjectProperties(type: name.text)))
        }
        return memberwise(of: declaration)
    }

    private static func fromInitializer(
        _ initializer: InitializerDeclSyntax,
        context: some MacroExpansionContext,
    ) -> InitializerSource? {
        var valid = true
        if let mark = initializer.optionalMark {
            context.diagnose(Diagnostic(node: mark, message: InjectableDiagnostic.failableInitializer))
            valid = false
        }
        if let generics = initializer.genericParameterClause {
            context.diagnose(Diagnostic(node: generics, message: InjectableDiagnostic.genericInitializer))
            valid = false
        }
        var parameters: [InjectableModel.Parameter] = []
        for parameter in initializer.signature.parameterClause.parameters
        where parameter.defaultValue != nil && parameter.attributes.containsAttribute(named: "Assisted") {
            context.diagnose(Diagnostic(node: parameter, message: InjectableDiagnostic.assistedDefaultValue))
            valid = false
        }
        for parameter in initializer.signature.parameterClause.parameters where parameter.defaultValue == nil {
            if let ellipsis = parameter.ellipsis {
                context.diagnose(Diagnostic(node: ellipsis, message: InjectableDiagnostic.variadicParameter))
                valid = false
                continue
            }
            if let specifier = parameter.type.inoutSpecifier {
                context.diagnose(Diagnostic(node: specifier, message: InjectableDiagnostic.inoutParameter))
                valid = false
                continue
            }
            let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            let (type, isEscaping) = parameter.type.withoutParameterSpecifiers
            if let opaque = type.tokens(viewMode: .sourceAccurate).first(where: { $0.tokenKind == .keyword(.some) }) {
                let fixIt = FixIt(
                    message: InjectableFixIt.useAny,
                    changes: [
                        .replace(oldNode: Syntax(opaque), newNode: Syntax(opaque.with(\.tokenKind, .keyword(.any))))
                    ],
                )
                context.diagnose(
                    Diagnostic(node: opaque, message: InjectableDiagnostic.opaqueParameter, fixIts: [fixIt]))
                valid = false
                continue
            }
            var injected = InjectableModel.Parameter(type: type, label: label)
            if parameter.attributes.containsAttribute(named: "Assisted") {
                injected = InjectableModel.Parameter(assisted: type, label: label)
                injected.assistedName = (parameter.secondName ?? parameter.firstName).text
            }
            injected.isEscaping = isEscaping
            injected.couldCollect = true
            if let all = parameter.attributes.attribute(named: "All") {
                guard let collected = collected(all, type: type, parameter: parameter, context: context) else {
                    valid = false
                    continue
                }
                injected = collected
            } else if let tags = parameter.attributes.attribute(named: "Tags") {
                let problem: InjectableDiagnostic? =
                    if injected.isAssisted {
                        .taggedAssisted
                    } else if injected.deferral != nil {
                        .taggedDeferred
                    } else {
                        nil
                    }
                injected.tags = tags.tagArguments
                if let problem = problem ?? (injected.tags.isEmpty ? .emptyTags : nil) {
                    context.diagnose(Diagnostic(node: tags, message: problem))
                    valid = false
                }
            }
            parameters.append(injected)
        }
        guard valid else {
            return nil
        }
        let throwsErrors = initializer.signature.effectSpecifiers?.throwsClause != nil
        let isAsync = initializer.signature.effectSpecifiers?.asyncSpecifier != nil
        return InitializerSource(parameters: parameters, throwsErrors: throwsErrors, isAsync: isAsync)
    }

    /// The parameter an `@All` attribute makes of `parameter`, whose type without its
    /// specifiers is `type`: an array of every registration of its element type; nil when it
    /// cannot be one, which is reported.
    private static func collected(
        _ all: AttributeSyntax,
        type: TypeSyntax,
        parameter: FunctionParameterSyntax,
        context: some MacroExpansionContext,
    ) -> InjectableModel.Parameter? {
        let problem: (node: Syntax, message: InjectableDiagnostic)? =
            if parameter.attributes.containsAttribute(named: "Assisted") {
                (Syntax(all), .allAssisted)
            } else if let tags = parameter.attributes.attribute(named: "Tags") {
                (Syntax(tags), .allTagged)
            } else {
                nil
            }
        let element = type.as(ArrayTypeSyntax.self)?.element.trimmed ?? type.genericArgument(of: "Array")
        guard problem == nil, let element else {
            let (node, message) = problem ?? (Syntax(type), .allNotArray)
            context.diagnose(Diagnostic(node: node, message: message))
            return nil
        }
        let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
        // NB: the element as written: `[Plugin?]` collects `Plugin?` registrations.
        var collected = InjectableModel.Parameter(label: label, type: element, isOptional: false, deferral: nil)
        collected.collects = true
        collected.tags = all.tagArguments
        return collected
    }

    /// The memberwise initializer: stored instance properties without an initial value.
    private static func memberwise(of declaration: some DeclGroupSyntax) -> InitializerSource {
        guard declaration.is(StructDeclSyntax.self) else {
            return InitializerSource(parameters: [], throwsErrors: false)
        }
        var parameters: [InjectableModel.Parameter] = []
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                !variable.modifiers.contains(.static), !variable.modifiers.contains(.class)
            else {
                continue
            }
            for binding in variable.bindings where binding.accessorBlock == nil && binding.initializer == nil {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let type = binding.typeAnnotation?.type
                else {
                    continue
                }
                parameters.append(.init(type: type, label: name))
            }
        }
        return InitializerSource(parameters: parameters, throwsErrors: false)
    }

    /// `@Injectable` on a class or actor whose initializer only `@Injectable(.memberwise)` can
    /// generate; the fix-it writes that.
    private static func memberwiseRequiredDiagnostic(
        _ attribute: AttributeSyntax,
        kind: String,
        name: TokenSyntax,
    ) -> Diagnostic {
        var fixed = attribute
        fixed.attributeName = attribute.attributeName.with(\.trailingTrivia, [])
        fixed.leftParen = .leftParenToken()
        fixed.arguments = .argumentList([LabeledExprSyntax(expression: ExprSyntax(".memberwise"))])
        fixed.rightParen = .rightParenToken(trailingTrivia: attribute.attributeName.trailingTrivia)
        return Diagnostic(
            node: attribute,
            message: InjectableDiagnostic.memberwiseRequired(kind: kind, type: name.text),
            fixIts: [
                FixIt(
                    message: InjectableFixIt.useMemberwise,
                    changes: [.replace(oldNode: Syntax(attribute), newNode: Syntax(fixed))],
                )
            ],
        )
    }

    /// `@Injectable(.memberwise)` where there is nothing to generate; the fix-it removes the argument.
    private static func unusedMemberwiseDiagnostic(
        _ attribute: AttributeSyntax,
        message: InjectableDiagnostic,
    ) -> Diagnostic {
        var fixed = attribute
        fixed.leftParen = nil
        fixed.arguments = nil
        fixed.rightParen = nil
        let trailingTrivia = attribute.rightParen?.trailingTrivia ?? []
        fixed.attributeName = attribute.attributeName.with(\.trailingTrivia, trailingTrivia)
        return Diagnostic(
            node: attribute.arguments.map(Syntax.init) ?? Syntax(attribute),
            message: message,
            fixIts: [
                FixIt(
                    message: InjectableFixIt.removeMemberwise,
                    changes: [.replace(oldNode: Syntax(attribute), newNode: Syntax(fixed))],
                )
            ],
        )
    }

    private static func ambiguityDiagnostic(name: TokenSyntax, initializers: [InitializerDeclSyntax]) -> Diagnostic {
        let fixIts = initializers.map { initializer in
            // NB: the attribute takes over the initializer's leading trivia (its line break).
            let attribute = AttributeSyntax(stringLiteral: "@Inject ").with(\.leadingTrivia, initializer.leadingTrivia)
            var marked = initializer.with(\.leadingTrivia, [])
            marked.attributes = AttributeListSyntax([.attribute(attribute)] + Array(marked.attributes))
            return FixIt(
                message: InjectableFixIt.markInject(initializer: initializer.displayName),
                changes: [.replace(oldNode: Syntax(initializer), newNode: Syntax(marked))],
            )
        }
        return Diagnostic(node: name, message: InjectableDiagnostic.ambiguousInitializers, fixIts: fixIts)
    }
}

extension InjectableModel.Parameter {
    /// An `@Assisted` parameter, passed through with its declared type.
    init(assisted declared: TypeSyntax, label: String?) {
        self.label = label
        self.type = declared.trimmed
        self.isOptional = false
        self.deferral = nil
    }

    /// A parameter of declared type `declared`, unwrapping `T?`, `T!` and `Optional<T>`.
    init(type declared: TypeSyntax, label: String?) {
        self.label = label
        if let lazy = declared.genericArgument(of: "Lazy") {
            self.type = lazy
            self.isOptional = false
            self.deferral = .lazy
        } else if let provider = declared.genericArgument(of: "ServiceProvider") {
            self.type = provider
            self.isOptional = false
            self.deferral = .provider
        } else if let optional = declared.as(OptionalTypeSyntax.self) {
            self.type = optional.wrappedType.trimmed
            self.isOptional = true
            self.deferral = nil
        } else if let unwrapped = declared.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            self.type = unwrapped.wrappedType.trimmed
            self.isOptional = true
            self.deferral = nil
        } else if let wrapped = declared.genericArgument(of: "Optional") {
            self.type = wrapped
            self.isOptional = true
            self.deferral = nil
        } else {
            self.type = declared.trimmed
            self.isOptional = false
            self.deferral = nil
        }
    }
}

extension TypeSyntax {
    /// What only a parameter's declaration may say, and a type anywhere else may not: the
    /// ownership specifiers.
    private static let parameterSpecifiers: Set<String> = ["consuming", "borrowing", "sending", "__owned", "__shared"]

    /// This parameter type as a type in any other position is spelled (in `provide(_:)`, a
    /// dependency list, `T.self`): without `@escaping` and the ownership specifiers; and whether
    /// it was `@escaping`, which `make`'s own parameters must say again.
    var withoutParameterSpecifiers: (type: TypeSyntax, isEscaping: Bool) {
        guard let attributed = self.as(AttributedTypeSyntax.self) else {
            return (self, false)
        }
        var isEscaping = false
        let attributes = attributed.attributes.filter { element in
            guard case .attribute(let attribute) = element, attribute.attributeName.trimmedText == "escaping"
            else {
                return true
            }
            isEscaping = true
            return false
        }
        let specifiers = attributed.specifiers.filter { !Self.parameterSpecifiers.contains($0.trimmedText) }
        let stripped = attributed.with(\.attributes, AttributeListSyntax(Array(attributes)))
            .with(\.specifiers, TypeSpecifierListSyntax(Array(specifiers)))
        // NB: compared as text, which holds for the specifiers after the attributes that later
        // versions of swift-syntax add, and 600 does not have.
        if stripped.trimmedText == stripped.baseType.trimmedText {
            return (stripped.baseType.trimmed, isEscaping)
        }
        return (TypeSyntax(stripped.trimmed), isEscaping)
    }

    /// The `inout` of a parameter declared `inout T`, else nil.
    var inoutSpecifier: Syntax? {
        self.as(AttributedTypeSyntax.self)?.specifiers.first { $0.trimmedText == "inout" }.map { Syntax($0) }
    }

    /// Whether this type is spelled as an array, `[T]` or `Array<T>`.
    var isArray: Bool {
        self.is(ArrayTypeSyntax.self) || genericArgument(of: "Array") != nil
    }

    /// `T` when this type is spelled `name<T>` (or `Service.name<T>`), else nil.
    func genericArgument(of name: String) -> TypeSyntax? {
        let identifier: (name: TokenSyntax, clause: GenericArgumentClauseSyntax?)
        if let simple = self.as(IdentifierTypeSyntax.self) {
            identifier = (simple.name, simple.genericArgumentClause)
        } else if let member = self.as(MemberTypeSyntax.self) {
            identifier = (member.name, member.genericArgumentClause)
        } else {
            return nil
        }
        guard identifier.name.text == name, let arguments = identifier.clause?.arguments, arguments.count == 1 else {
            return nil
        }
        return arguments.first?.argument.as(TypeSyntax.self)?.trimmed
    }
}

extension InitializerDeclSyntax {
    /// `init(a:b:)`, as diagnostics name an initializer.
    var displayName: String {
        let labels = signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined()
        return "init(\(labels))"
    }
}

extension IfConfigDeclSyntax {
    /// Whether a branch declares a stored instance property.
    var declaresStoredProperty: Bool {
        clauses.contains { clause in
            guard case .decls(let members)? = clause.elements else {
                return false
            }
            return members.contains { member in
                if let nested = member.decl.as(IfConfigDeclSyntax.self) {
                    return nested.declaresStoredProperty
                }
                guard let variable = member.decl.as(VariableDeclSyntax.self),
                    !variable.modifiers.contains(.static), !variable.modifiers.contains(.class)
                else {
                    return false
                }
                return variable.bindings.contains { $0.accessorBlock == nil }
            }
        }
    }
}
