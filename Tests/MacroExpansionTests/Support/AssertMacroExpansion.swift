import ServiceMacrosPlugin
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The macros under test, with the conformances an extension macro is asked for.
let injectableConformances: [TypeSyntax] = [
    "Injectable", "MainInjectable", "AssistedInjectable", "AsyncInjectable", "MainAsyncInjectable",
]

let serviceMacros: [String: MacroSpec] = [
    "Injectable": MacroSpec(type: InjectableMacro.self, conformances: injectableConformances),
    "Inject": MacroSpec(type: InjectMacro.self),
    "Assembly": MacroSpec(type: AssemblyMacro.self, conformances: ["DeclaredAssembly", "NonisolatedAssembly"]),
    "register": MacroSpec(type: RegisterMacro.self),
    "registerMain": MacroSpec(type: RegisterMacro.self),
    "external": MacroSpec(type: RegisterMacro.self),
    "forward": MacroSpec(type: RegisterMacro.self),
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
/// expansion; the compiler keeps them (CompileFailureTests proves it on 600 too). Before 602, the
/// macros spell readable names without raw identifiers (`needs_Config` for `` `needs Config` ``).
func expectedExpansion(_ source: String) -> String {
    var source = source
    #if !canImport(SwiftSyntax601)
        source = source.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingPrefix(while: \.isWhitespace).hasPrefix("#sourceLocation") }
            .joined(separator: "\n")
    #endif
    #if !canImport(SwiftSyntax602)
        source = withoutRawIdentifiers(withReasonAliases(withoutDeclaredReasons(source)))
    #endif
    return source
}

/// What the name of the type an assembly declares for a type it registers with `#registerMain`
/// says after that type's name.
let mainActorOnlyPredicate =
    "is registered with #registerMain, which a Sendable service cannot depend on: register the service that needs it with #registerMain"

/// What the name of the type an assembly declares for a type it provides per scope says after
/// that type's name.
let perScopeOnlyPredicate =
    "is provided per scope, which a shared service cannot depend on: register the service that needs it with scope .scoped or .transient"

/// `source` with the types an assembly declares for its registrations (`` Registrations.`Router
/// is registered with #registerMain, …` ``) spelled as the macros spell them without raw
/// identifiers: not declared (nor their `Registrations` enum), and each use the library's generic
/// reason type by its alias (`__ServiceMacroSupport.MainActorOnly<Router>`).
func withoutDeclaredReasons(_ source: String) -> String {
    let predicates = [("MainActorOnly", mainActorOnlyPredicate), ("PerScopeOnly", perScopeOnlyPredicate)]
    var lines: [Substring] = []
    var inDeclarations = false
    var droppedDeclarations = false
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
        let trimmed = line.trimmingPrefix(while: \.isWhitespace)
        if trimmed.hasSuffix("enum Registrations {") {
            inDeclarations = true
            continue
        }
        if inDeclarations {
            inDeclarations = trimmed != "}"
            droppedDeclarations = !inDeclarations
            continue
        }
        // NB: and the blank line after them, which separates them from the next member.
        if droppedDeclarations && line.isEmpty {
            droppedDeclarations = false
            continue
        }
        droppedDeclarations = false
        lines.append(line)
    }
    var result = lines.joined(separator: "\n")
    for (alias, predicate) in predicates {
        while let end = result.firstRange(of: " \(predicate)`") {
            let start = result[..<end.lowerBound].lastIndex(of: "`")!
            let key = result[result.index(after: start)..<end.lowerBound]
            let prefix = "Registrations."
            let replaced = result[..<start].hasSuffix(prefix) ? result.index(start, offsetBy: -prefix.count) : start
            result.replaceSubrange(replaced..<end.upperBound, with: "__ServiceMacroSupport.\(alias)<\(key)>")
        }
    }
    return result
}

/// `source` with the library's reason types spelled as the macros spell them without raw
/// identifiers: by their aliases in `__ServiceMacroSupport`.
func withReasonAliases(_ source: String) -> String {
    let reasons = [
        "MainActorOnly":
            "`registered with #registerMain, which a Sendable service cannot depend on: register the dependent with #registerMain`",
        "NotRegisteredWithTheseTags": "`not registered with the tags it asks for`",
        "PerScopeOnly":
            "`provided per scope, which a shared service cannot depend on: register the dependent with scope .scoped or .transient`",
    ]
    var source = source
    for (alias, name) in reasons {
        source = source.replacing(name + "<", with: "__ServiceMacroSupport.\(alias)<")
    }
    return source
}

/// `source` with every raw identifier that is not a plain one (`` `needs any Clock` ``) spelled as
/// the macros spell it without raw identifiers (`needs_any_Clock`).
func withoutRawIdentifiers(_ source: String) -> String {
    let parts = source.split(separator: "`", omittingEmptySubsequences: false)
    guard parts.count % 2 == 1 else {
        return source
    }
    var result = ""
    for (index, part) in parts.enumerated() {
        let isPlain = part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        if index % 2 == 0 {
            result += part
        } else if isPlain {
            result += "`\(part)`"
        } else {
            let words = part.split { !($0.isLetter || $0.isNumber || $0 == "_") }
            result += words.joined(separator: "_")
        }
    }
    return result
}

/// What `@Assembly` expands to on the struct `name` when it keeps no registration (it has none,
/// or only lines it reports): with a `#registerMain` line, `assemble(env:)` is `@MainActor` and
/// the struct is not a `NonisolatedAssembly`. `members` are the struct's own lines that stay
/// (those that are not `#register` lines, which expand to nothing).
func emptyAssemblyExpansion(_ name: String, registersMain: Bool = false, members: [String] = []) -> String {
    """
    struct \(name) {\(members.map { "\n    " + $0 }.joined())

        nonisolated static let registrations: [__ServiceMacroSupport.Registration] = []

        \(registersMain ? "@MainActor" : "nonisolated") func assemble(env: __ServiceMacroSupport.Environment) {}

        nonisolated class Provided {
            final func check<T>(_ type: T.Type) -> T { fatalError() }
            final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
            final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
        }

        typealias ProvidedToSendableServices = Provided

        typealias ProvidedToSharedServices = Provided

        typealias ProvidedToSharedMainActorServices = Provided
    }

    extension \(name): __ServiceMacroSupport.AssemblyType\(registersMain ? "" : ", __ServiceMacroSupport.NonisolatedAssemblyType") {}
    """
}
