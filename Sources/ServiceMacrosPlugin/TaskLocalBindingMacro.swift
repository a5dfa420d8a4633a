public import SwiftSyntax
import SwiftSyntaxBuilder
public import SwiftSyntaxMacros

/// `@TaskLocalBinding(Binding.self)`, used by the `Service` module itself: turns
/// `static var name: Value = initial` into a getter that reads a peer `static let $name: Binding`,
/// as the standard library's `@TaskLocal` does for `TaskLocal`, so that the binding type can add
/// behaviour of its own around the task-local it wraps.
///
/// ```swift
/// @TaskLocalBinding(CurrentEnvironment.self) public static var current: ServiceEnv = .online
/// // becomes
/// public static var current: ServiceEnv { get { $current.get() } }
/// public static let $current: CurrentEnvironment = CurrentEnvironment(wrappedValue: .online)
/// ```
///
/// A declaration of any other shape expands to nothing, and the compiler's own errors about it
/// remain.
public enum TaskLocalBindingMacro: Sendable {}

extension TaskLocalBindingMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext,
    ) throws -> [DeclSyntax] {
        guard let parts = Parts(node, declaration) else {
            return []
        }
        let modifiers = parts.modifiers.map { "\($0) " }.joined()
        return [
            "\(raw: modifiers)static let $\(parts.name): \(parts.binding) = \(parts.binding)(wrappedValue: \(parts.initial))"
        ]
    }
}

extension TaskLocalBindingMacro: AccessorMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext,
    ) throws -> [AccessorDeclSyntax] {
        guard let parts = Parts(node, declaration) else {
            return []
        }
        return ["get { $\(parts.name).get() }"]
    }
}

/// The pieces of `@TaskLocalBinding(Binding.self) static var name: Value = initial`.
private struct Parts {
    let name: TokenSyntax
    let binding: ExprSyntax
    let initial: ExprSyntax
    /// The access modifiers of the property, which the peer repeats.
    let modifiers: [String]

    init?(_ attribute: AttributeSyntax, _ declaration: some DeclSyntaxProtocol) {
        guard let variable = declaration.as(VariableDeclSyntax.self),
            variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }),
            variable.bindings.count == 1,
            let binding = variable.bindings.first,
            let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
            let initial = binding.initializer?.value,
            case .argumentList(let arguments) = attribute.arguments,
            arguments.count == 1,
            let member = arguments.first?.expression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.tokenKind == .keyword(.self),
            let base = member.base
        else {
            return nil
        }
        self.name = pattern.identifier.trimmed
        self.binding = base.trimmed
        self.initial = initial.trimmed
        self.modifiers = variable.modifiers
            .filter { [.keyword(.public), .keyword(.package), .keyword(.internal)].contains($0.name.tokenKind) }
            .map(\.trimmedText)
    }
}
