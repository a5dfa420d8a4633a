import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that hosts every macro the `Service` module declares.
@main
struct ServiceMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [
        InjectableMacro.self,
        InjectMacro.self,
        AssemblyMacro.self,
        RegisterMacro.self,
        TaskLocalBindingMacro.self,
    ]
}
