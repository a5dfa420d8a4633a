import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("#register, #registerMain and #external")
struct RegisterMacroTests {
    @Test("#register outside an @Assembly is an error")
    func registerOutsideAssembly() {
        assertMacroExpansion(
            """
            struct Plain {
                #register(Database.self)
            }
            """,
            expandedSource: """
                struct Plain {
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'#register' can only be used inside an '@Assembly' struct",
                    line: 2,
                    column: 5,
                )
            ],
        )
    }

    @Test("#registerMain outside an @Assembly is an error")
    func registerMainOutsideAssembly() {
        assertMacroExpansion(
            """
            #registerMain(HomeViewModel.self)
            """,
            expandedSource: """

                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'#registerMain' can only be used inside an '@Assembly' struct",
                    line: 1,
                    column: 1,
                )
            ],
        )
    }

    @Test("#external outside an @Assembly is an error")
    func externalOutsideAssembly() {
        assertMacroExpansion(
            """
            func setUp() {
                #external(Logger.self)
            }
            """,
            expandedSource: """
                func setUp() {
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'#external' can only be used inside an '@Assembly' struct",
                    line: 2,
                    column: 5,
                )
            ],
        )
    }
}
