import ServiceMacrosPlugin
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@TaskLocalBinding`, which the `Service` module uses for `ServiceEnv.current` and
/// `ServiceEnv.maxResolutionDepth`.
@Suite("@TaskLocalBinding expansion")
struct TaskLocalBindingMacroTests {
    let specs: [String: MacroSpec] = ["TaskLocalBinding": MacroSpec(type: TaskLocalBindingMacro.self)]

    @Test("a public static property becomes a getter of a public peer binding of the given type")
    func publicStaticProperty() {
        assertMacroExpansion(
            """
            struct Env {
                @TaskLocalBinding(CurrentEnvironment.self) public static var current: Env = .online
            }
            """,
            expandedSource: """
                struct Env {
                    public static var current: Env {
                        get {
                            $current.get()
                        }
                    }

                    public static let $current: CurrentEnvironment = CurrentEnvironment(wrappedValue: .online)
                }
                """,
            macroSpecs: specs,
        )
    }

    @Test("an internal property keeps its access level; an initializer expression is passed as written")
    func internalProperty() {
        assertMacroExpansion(
            """
            enum Limits {
                @TaskLocalBinding(Limit.self) static var depth: Int = Defaults.depth + 1
            }
            """,
            expandedSource: """
                enum Limits {
                    static var depth: Int {
                        get {
                            $depth.get()
                        }
                    }

                    static let $depth: Limit = Limit(wrappedValue: Defaults.depth + 1)
                }
                """,
            macroSpecs: specs,
        )
    }

    @Test("a declaration of another shape expands to nothing")
    func otherShapes() {
        assertMacroExpansion(
            """
            enum Shapes {
                @TaskLocalBinding(Limit.self) var instance: Int = 1
                @TaskLocalBinding(Limit.self) static var noInitializer: Int
                @TaskLocalBinding(Limit) static var notAType: Int = 1
            }
            """,
            expandedSource: """
                enum Shapes {
                    var instance: Int = 1
                    static var noInitializer: Int
                    static var notAType: Int = 1
                }
                """,
            macroSpecs: specs,
        )
    }
}
