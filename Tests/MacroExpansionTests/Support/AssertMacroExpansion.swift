import ServiceMacrosPlugin
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The macros under test, with the conformances an extension macro is asked for.
let injectableConformances: [TypeSyntax] = ["Injectable", "MainInjectable", "AssistedInjectable"]

let serviceMacros: [String: MacroSpec] = [
    "Injectable": MacroSpec(type: InjectableMacro.self, conformances: injectableConformances),
    "Inject": MacroSpec(type: InjectMacro.self),
    "Assembly": MacroSpec(type: AssemblyMacro.self, conformances: ["DeclaredAssembly", "NonisolatedAssembly"]),
    "register": MacroSpec(type: RegisterMacro.self),
    "registerMain": MacroSpec(type: RegisterMacro.self),
    "external": MacroSpec(type: RegisterMacro.self),
]

/// swift-syntax's expansion assertion, reporting failures to Swift Testing.
///
/// NB: the XCTest-based `assertMacroExpansion` passes silently inside `@Test` on Linux.
func assertMacroExpansion(
    _ originalSource: String,
    expandedSource: String,
    diagnostics: [DiagnosticSpec] = [],
    macroSpecs: [String: MacroSpec] = serviceMacros,
    applyFixIts: [String]? = nil,
    fixedSource: String? = nil,
    sourceLocation: Testing.SourceLocation = #_sourceLocation,
) {
    SwiftSyntaxMacrosGenericTestSupport.assertMacroExpansion(
        originalSource,
        expandedSource: expectedExpansion(expandedSource),
        diagnostics: diagnostics,
        macroSpecs: macroSpecs,
        applyFixIts: applyFixIts,
        fixedSource: fixedSource,
        indentationWidth: .spaces(4),
        failureHandler: { failure in
            // NB: swift-syntax locates failures with StaticStrings; report at the test's call site.
            Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
        },
    )
}

/// The expected expansion as this swift-syntax version's test support renders it.
///
/// NB: swift-syntax 600's test support drops `#sourceLocation` directives when it renders an
/// expansion; the compiler keeps them (CompileFailureTests proves it on 600 too).
func expectedExpansion(_ source: String) -> String {
    #if canImport(SwiftSyntax601)
        return source
    #else
        return source.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingPrefix(while: \.isWhitespace).hasPrefix("#sourceLocation") }
            .joined(separator: "\n")
    #endif
}
