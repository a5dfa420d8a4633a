import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Lines a newcomer writes that `#register` does not take, reported on the line with the fix.
@Suite("@Assembly: registration forms that do not exist")
struct AssemblyMistakeTests {
    @Test("'as:' with a closure is an error that names the key first, with a fix-it that keeps the tags")
    func closureWithKey() {
        assertMacroExpansion(
            """
            @Assembly
            struct ClockAssembly {
                #register(SystemClock.self, as: (any Clock).self, tags: "utc") { SystemClock() }
            }
            """,
            expandedSource: emptyAssemblyExpansion("ClockAssembly"),
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "'as:' is for an @Injectable type built without a closure; a closure's service is the type named first: write '(any Clock).self' there and drop 'as:'",
                    line: 3,
                    column: 5,
                    fixIts: [FixItSpec(message: "register '(any Clock)' with the closure")],
                )
            ],
            applyFixIts: ["register '(any Clock)' with the closure"],
            fixedSource: """
                @Assembly
                struct ClockAssembly {
                    #register((any Clock).self, tags: "utc") { SystemClock() }
                }
                """,
        )
    }

    @Test("the scope before the tags, with a closure, is one error on the line, with a fix-it that moves the scope")
    func scopeBeforeTags() {
        assertMacroExpansion(
            """
            @Assembly
            struct StorageAssembly {
                #register(Endpoint.self, scope: .transient, tags: "backup", Region.west) { Endpoint() }
                #registerMain(Palette.self, scope: .transient, tags: "dark", factory: { Palette() })
            }
            """,
            expandedSource: emptyAssemblyExpansion("StorageAssembly", registersMain: true),
            diagnostics: [
                DiagnosticSpec(
                    message: "'#register' takes its tags before its scope: write 'scope: .transient' after the tags",
                    line: 3,
                    column: 5,
                    fixIts: [FixItSpec(message: "move the scope after the tags")],
                ),
                DiagnosticSpec(
                    message:
                        "'#registerMain' takes its tags before its scope: write 'scope: .transient' after the tags",
                    line: 4,
                    column: 5,
                    fixIts: [FixItSpec(message: "move the scope after the tags")],
                ),
            ],
            applyFixIts: ["move the scope after the tags"],
            fixedSource: """
                @Assembly
                struct StorageAssembly {
                    #register(Endpoint.self, tags: "backup", Region.west, scope: .transient) { Endpoint() }
                    #registerMain(Palette.self, tags: "dark", scope: .transient, factory: { Palette() })
                }
                """,
        )
    }
}
