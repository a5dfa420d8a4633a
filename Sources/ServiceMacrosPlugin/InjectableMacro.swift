import SwiftDiagnostics
public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@Injectable`: adds the `Injectable` (or `MainInjectable`) conformance, the dependency
/// metadata, the typed requirements protocol and `make(resolver:)`.
public enum InjectableMacro: Sendable {
    /// The expansion is written formatted; formatting it again is most of a debug plugin's time.
    public static var formatMode: FormatMode { .disabled }
}

extension InjectableMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext,
    ) throws -> [ExtensionDeclSyntax] {
        guard let model = InjectableModel.parse(declaration, attribute: node, in: context) else {
            return []
        }
        let needsConformance = protocols.contains {
            $0.trimmedText.split(separator: ".").last == model.conformance[...]
        }
        let extendedType = TypeSyntax(type)
        let builder = InjectableBuilder(
            model: model,
            extendedType: extendedType,
            addsConformance: needsConformance,
            typeNameLine: model.isMainActor ? nil : directive(at: declaration, in: context),
        )
        return [builder.extensionDeclaration()]
    }

    /// The `#sourceLocation` directive of the line that names the type, where the compiler then
    /// reports what it finds in the code after it; nil where the context cannot locate it.
    private static func directive(
        at declaration: some DeclGroupSyntax,
        in context: some MacroExpansionContext,
    ) -> String? {
        guard let name = declaration.asProtocol((any NamedDeclSyntax).self)?.name,
            let location = context.location(of: name, at: .afterLeadingTrivia, filePathMode: .filePath)
        else {
            return nil
        }
        return sourceLocationDirective(file: location.file, line: location.line.description)
    }
}

extension InjectableMacro: MemberMacro {
    /// For `@Injectable(.memberwise)`, the initializer that assigns every `@Inject` property.
    ///
    /// Only that form of the macro has this role; the check keeps the two roles in step wherever
    /// both run (expansion tests run every role the type implements).
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext,
    ) throws -> [DeclSyntax] {
        // NB: diagnostics are reported once, by the extension role.
        guard node.requestsMemberwiseInitializer else {
            return []
        }
        let conditionals = declaration.memberBlock.members.compactMap { $0.decl.as(IfConfigDeclSyntax.self) }
        guard !declaration.hasError, !conditionals.contains(where: \.declaresStoredProperty) else {
            return []
        }
        guard let injection = PropertyInjection.read(from: declaration, diagnose: { _ in }), !injection.isInvalid else {
            return []
        }
        let lines = SourceLines(locating: injection.firstMappedPattern, in: context)
        return [injection.initializer(access: declaration.modifiers.generatedAccess, lines: lines)]
    }
}

/// `@Inject`: marks the initializer or the stored properties `@Injectable` uses; expands to nothing.
public enum InjectMacro: Sendable {}

extension InjectMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext,
    ) throws -> [DeclSyntax] {
        guard let argument = node.escapingArgument else {
            return []
        }
        if !declaration.is(VariableDeclSyntax.self) {
            context.diagnose(Diagnostic(node: argument, message: InjectableDiagnostic.escapingOnInitializer))
        } else if argument.expression.as(BooleanLiteralExprSyntax.self) == nil {
            context.diagnose(Diagnostic(node: argument.expression, message: InjectableDiagnostic.escapingNotLiteral))
        }
        return []
    }
}

extension AttributeSyntax {
    /// The `escaping:` argument of `@Inject(escaping:)`, if it has one.
    var escapingArgument: LabeledExprSyntax? {
        arguments?.as(LabeledExprListSyntax.self)?.first { $0.label?.text == "escaping" }
    }

    /// Whether an `@Inject` says `escaping: true`.
    var saysEscaping: Bool {
        escapingArgument?.expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true)
    }
}
