import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// What `@Injectable` needs to know about a type: its name, isolation and injected parameters.
struct InjectableModel {
    /// One initializer parameter that is resolved from the environment.
    struct Parameter {
        /// The argument label, or nil for an unlabeled parameter.
        let label: String?
        /// The resolved type: the wrapped type of an optional, a `Lazy` or a `ServiceProvider`.
        let type: TypeSyntax
        let isOptional: Bool
        /// Declared `Lazy<T>` or `ServiceProvider<T>`: resolved later, not when the owner is built.
        let deferral: Deferral?
        /// The name an `@Assisted` parameter is passed under; nil for an injected one.
        var assistedName: String? = nil
        /// The tags of `@Tags(…)`, as written, sorted and without repeats; empty when untagged.
        var tags: [String] = []
        /// Declared `@escaping`, which `type` leaves out and a parameter of `make` says again.
        var isEscaping = false
        /// Marked `@All`: an array of every registration of `type` (the element type) whose tags
        /// include `tags`; none is not missing, so the assembly checks nothing for it.
        var collects = false
        /// Declared by a parameter of the initializer, which `@All` may mark (a property that an
        /// initializer is generated for may not).
        var couldCollect = false

        /// Marked `@Assisted`: a resolve-time argument, not injected.
        var isAssisted: Bool { assistedName != nil }

        /// Resolved when its owner is built, as one registration that must exist: not
        /// `@Assisted`, optional, deferred or `@All`. Only these are edges of a cycle (a deferred
        /// one is checked at compile time too, and breaks cycles).
        var isRequired: Bool { !isAssisted && !isOptional && deferral == nil && !collects }
    }

    /// How a dependency that is not resolved when its owner is built is declared.
    enum Deferral {
        /// `Lazy<T>`: resolved on first use.
        case lazy
        /// `ServiceProvider<T>`: resolved on every call.
        case provider
    }

    let typeName: TokenSyntax
    let isMainActor: Bool
    /// The access modifier generated members need (`public`, `package`) or nil.
    let accessModifier: Keyword?
    let parameters: [Parameter]
    let initializerThrows: Bool
    /// Whether the initializer is `async`: the type is `AsyncInjectable`, built by `resolveAsync`.
    let initializerIsAsync: Bool
    /// Whether the initializer could not be read, which was reported: the extension then only
    /// declares what a `#register` line names, with no dependency, and `make` is unreachable, so
    /// that the type's one error is not followed by others that say it is not `@Injectable`.
    var isPlaceholder = false

    /// Whether some parameters are `@Assisted`, which makes the type `AssistedInjectable`.
    var isAssisted: Bool { parameters.contains(where: \.isAssisted) }

    /// The protocol the type conforms to, by its name in the `Service` module.
    var conformance: String {
        switch (isAssisted, isMainActor, initializerIsAsync) {
        case (true, _, _): "AssistedInjectable"
        case (false, true, true): "MainAsyncInjectable"
        case (false, true, false): "MainInjectable"
        case (false, false, true): "AsyncInjectable"
        case (false, false, false): "Injectable"
        }
    }
}

extension InjectableModel {
    /// Reads the model from `declaration`, diagnosing every problem; nil when no expansion is possible.
    static func parse(
        _ declaration: some DeclGroupSyntax,
        attribute: AttributeSyntax,
        in context: some MacroExpansionContext,
    ) -> InjectableModel? {
        // NB: the compiler reports the syntax errors; an expansion from broken syntax would only
        // add confusing ones.
        guard !declaration.hasError else {
            return nil
        }
        guard let nominal = NominalDeclaration(declaration) else {
            context.diagnose(Diagnostic(node: attribute, message: InjectableDiagnostic.unsupportedDeclaration))
            return nil
        }
        if let generics = nominal.genericParameterClause {
            context.diagnose(Diagnostic(node: generics, message: InjectableDiagnostic.genericType))
            return nil
        }
        if let classDeclaration = declaration.as(ClassDeclSyntax.self), !classDeclaration.modifiers.contains(.final) {
            context.diagnose(finalFixItDiagnostic(for: classDeclaration))
        }
        let source = InitializerSource.choose(
            in: declaration,
            name: nominal.name,
            attribute: attribute,
            context: context,
        )
        let isMainActor = declaration.attributes.containsAttribute(named: "MainActor")
        // NB: every way `choose` returns nil reports why, as an error.
        guard let source else {
            return placeholder(nominal, declaration: declaration, isMainActor: isMainActor)
        }
        if isMainActor, source.parameters.contains(where: \.isAssisted) {
            context.diagnose(Diagnostic(node: attribute, message: InjectableDiagnostic.assistedMainActor))
            return placeholder(nominal, declaration: declaration, isMainActor: isMainActor)
        }
        if source.isAsync, let problem = asyncProblem(source: source) {
            context.diagnose(Diagnostic(node: attribute, message: problem))
            return placeholder(nominal, declaration: declaration, isMainActor: isMainActor)
        }
        return InjectableModel(
            typeName: nominal.name.trimmed,
            isMainActor: isMainActor,
            accessModifier: declaration.modifiers.generatedAccess,
            parameters: source.parameters,
            initializerThrows: source.throwsErrors,
            initializerIsAsync: source.isAsync,
        )
    }

    /// The model of a type whose initializer was reported as one `@Injectable` cannot call.
    private static func placeholder(
        _ nominal: NominalDeclaration,
        declaration: some DeclGroupSyntax,
        isMainActor: Bool,
    ) -> InjectableModel {
        var model = InjectableModel(
            typeName: nominal.name.trimmed,
            isMainActor: isMainActor,
            accessModifier: declaration.modifiers.generatedAccess,
            parameters: [],
            initializerThrows: false,
            initializerIsAsync: false,
        )
        model.isPlaceholder = true
        return model
    }

    /// Why an `async` initializer cannot be injected here, or nil when it can.
    private static func asyncProblem(source: InitializerSource) -> InjectableDiagnostic? {
        if source.parameters.contains(where: \.isAssisted) {
            return .asyncAssisted
        }
        return nil
    }

    private static func finalFixItDiagnostic(for declaration: ClassDeclSyntax) -> Diagnostic {
        var fixed = declaration
        let finalModifier = DeclModifierSyntax(name: .keyword(.final), trailingTrivia: .space)
        if declaration.modifiers.isEmpty {
            // NB: with no modifiers, the line break before `class` is the keyword's trivia.
            fixed.modifiers = [finalModifier.with(\.leadingTrivia, declaration.classKeyword.leadingTrivia)]
            fixed.classKeyword = declaration.classKeyword.with(\.leadingTrivia, [])
        } else {
            fixed.modifiers = declaration.modifiers + [finalModifier]
        }
        let change = FixIt.Change.replace(oldNode: Syntax(declaration), newNode: Syntax(fixed))
        return Diagnostic(
            node: declaration.classKeyword,
            message: InjectableDiagnostic.nonFinalClass,
            fixIts: [FixIt(message: InjectableFixIt.addFinal, changes: [change])],
        )
    }
}

/// The declaration kinds `@Injectable` accepts, seen through what it needs from each.
private struct NominalDeclaration {
    let name: TokenSyntax
    let genericParameterClause: GenericParameterClauseSyntax?

    init?(_ declaration: some DeclGroupSyntax) {
        if let structDeclaration = declaration.as(StructDeclSyntax.self) {
            name = structDeclaration.name
            genericParameterClause = structDeclaration.genericParameterClause
        } else if let classDeclaration = declaration.as(ClassDeclSyntax.self) {
            name = classDeclaration.name
            genericParameterClause = classDeclaration.genericParameterClause
        } else if let actorDeclaration = declaration.as(ActorDeclSyntax.self) {
            name = actorDeclaration.name
            genericParameterClause = actorDeclaration.genericParameterClause
        } else {
            return nil
        }
    }
}

extension DeclModifierListSyntax {
    /// Whether the list contains the modifier keyword.
    func contains(_ keyword: Keyword) -> Bool {
        contains { $0.name.tokenKind == .keyword(keyword) }
    }

    /// The access generated conformance members need to match the type's own.
    var generatedAccess: Keyword? {
        if contains(.public) || contains(.open) {
            return .public
        }
        return contains(.package) ? .package : nil
    }
}

extension AttributeListSyntax {
    /// Whether an attribute spelled `@name` (or `@Module.name`) is present.
    /// The first attribute spelled `name` (or `Module.name`).
    func attribute(named name: String) -> AttributeSyntax? {
        for element in self {
            if case .attribute(let attribute) = element, attribute.isNamed(name) {
                return attribute
            }
        }
        return nil
    }

    func containsAttribute(named name: String) -> Bool {
        attribute(named: name) != nil
    }
}

extension AttributeSyntax {
    /// Whether the attribute is spelled `name` or `Module.name`.
    func isNamed(_ name: String) -> Bool {
        let spelled = attributeName.trimmedText
        return spelled == name || spelled.hasSuffix(".\(name)")
    }

    /// The arguments of `@Tags(…)`, as written, sorted and without repeats: the spelling a
    /// registration's tags are matched by.
    var tagArguments: [String] {
        guard case .argumentList(let arguments) = self.arguments else {
            return []
        }
        return Set(arguments.map { $0.expression.trimmedText }).sorted()
    }
}
