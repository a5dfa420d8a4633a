import SwiftSyntax
import SwiftSyntaxBuilder

/// Every runtime spelling that generated code uses, in one place.
///
/// Generated code cannot write `Service.X` (the module also exports a type named `Service`), so
/// it goes through the `__ServiceMacroSupport` namespace.
enum RuntimeSymbol {
    /// The alias of the `Service` protocol named `name` (`Injectable`, `MainAsyncInjectable`, …),
    /// as text: it goes into the extension as written (see ``verbatimType(_:)``).
    static func conformance(_ name: String) -> String {
        "__ServiceMacroSupport.\(name)Type"
    }
    static let scope: TypeSyntax = "__ServiceMacroSupport.Scope"
    static let dependency: TypeSyntax = "__ServiceMacroSupport.Dependency"
    static let environment: TypeSyntax = "__ServiceMacroSupport.Environment"
    static let failure: TypeSyntax = "__ServiceMacroSupport.Failure"
    static let registration: TypeSyntax = "__ServiceMacroSupport.Registration"
    static let serviceAssembly: TypeSyntax = "__ServiceMacroSupport.AssemblyType"
    static let nonisolatedAssembly: TypeSyntax = "__ServiceMacroSupport.NonisolatedAssemblyType"
    static let support: ExprSyntax = "__ServiceMacroSupport"
}
