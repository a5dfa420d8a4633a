import SwiftDiagnostics
public import SwiftSyntax
import SwiftSyntaxBuilder
public import SwiftSyntaxMacros

/// `@Assembly`: reads the `#register` lines of a struct and generates the registration table,
/// `assemble(env:)`, the `Provided` class and the graph classes that let the compiler check
/// every dependency.
public enum AssemblyMacro: Sendable {
    /// The expansion is written formatted; formatting it again is most of a debug plugin's time.
    public static var formatMode: FormatMode { .disabled }
}

extension AssemblyMacro: MemberMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext,
    ) throws -> [DeclSyntax] {
        guard let model = AssemblyModel.parse(declaration, attribute: node, in: context) else {
            return []
        }
        return AssemblyBuilder(model: model).members(in: context)
    }
}

extension AssemblyMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext,
    ) throws -> [ExtensionDeclSyntax] {
        guard declaration.is(StructDeclSyntax.self), !protocols.isEmpty else {
            return []
        }
        var conformances = [RuntimeSymbol.serviceAssembly.description]
        // NB: `protocols` lists the conformances the type does not have yet.
        if AssemblyModel.isNonisolated(declaration) && protocols.contains(where: \.isNonisolatedAssembly) {
            conformances.append(RuntimeSymbol.nonisolatedAssembly.description)
        }
        return [try ExtensionDeclSyntax("extension \(type.trimmed): \(raw: conformances.joined(separator: ", ")) {}")]
    }
}

extension TypeSyntax {
    /// Whether this names the `NonisolatedAssembly` protocol, however it is qualified.
    fileprivate var isNonisolatedAssembly: Bool {
        let name = trimmedText
        return name.hasSuffix("NonisolatedAssembly") || name.hasSuffix("NonisolatedAssemblyType")
    }
}

/// `#register`, `#registerMain` and `#external`: read by `@Assembly`; expand to nothing.
public enum RegisterMacro: Sendable {}

extension RegisterMacro: DeclarationMacro {
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax,
        in context: some MacroExpansionContext,
    ) throws -> [DeclSyntax] {
        let insideAssembly = context.lexicalContext.contains { scope in
            scope.as(StructDeclSyntax.self)?.attributes.containsAttribute(named: "Assembly") ?? false
        }
        if !insideAssembly {
            let macro = node.macroName.text
            context.diagnose(Diagnostic(node: node, message: AssemblyDiagnostic.registerOutsideAssembly(macro: macro)))
        }
        return []
    }
}
