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
            $0.trimmedDescription.split(separator: ".").last == model.conformance[...]
        }
        let extendedType = TypeSyntax(type)
        let builder = InjectableBuilder(model: model, extendedType: extendedType, addsConformance: needsConformance)
        return [builder.extensionDeclaration()]
    }
}

extension InjectableMacro: MemberMacro {
    /// In property-injection mode, the initializer that assigns every `@Inject` property.
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext,
    ) throws -> [DeclSyntax] {
        // NB: diagnostics are reported once, by the extension role.
        let conditionals = declaration.memberBlock.members.compactMap { $0.decl.as(IfConfigDeclSyntax.self) }
        guard !declaration.hasError, !conditionals.contains(where: \.declaresStoredProperty) else {
            return []
        }
        guard let injection = PropertyInjection.read(from: declaration, diagnose: { _ in }), !injection.isInvalid else {
            return []
        }
        return [injection.initializer(access: declaration.modifiers.generatedAccess)]
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
        []
    }
}
