import SwiftCompilerPlugin
@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
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

    /// `CompilerPlugin`'s message loop, on a connection that makes each request's build
    /// configuration compact before it is decoded (see `PluginConnection`).
    static func main() throws {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
            let connection = try PluginConnection()
        #else
            let connection = try StandardIOMessageConnection()
        #endif
        let listener = CompilerPluginMessageListener(connection: connection, provider: Provider(plugin: Self()))
        #if canImport(SwiftSyntax602)
            try listener.main()
        #else
            listener.main()
        #endif
    }

    /// Finds a macro by the module and type names the compiler asks for, as `CompilerPlugin` does.
    struct Provider: PluginProvider {
        let plugin: ServiceMacrosPlugin

        func resolveMacro(moduleName: String, typeName: String) throws -> any Macro.Type {
            let name = "\(moduleName).\(typeName)"
            guard let macro = plugin.providingMacros.first(where: { String(reflecting: $0) == name }) else {
                throw UnknownMacro(name: name)
            }
            return macro
        }
    }

    private struct UnknownMacro: Error, CustomStringConvertible {
        let name: String
        var description: String { "the plugin has no macro implementation named '\(name)'" }
    }
}
