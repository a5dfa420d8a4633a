import ServiceMacrosPlugin
import SwiftDiagnostics
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros

/// What expanding the service macros in one source did: the expanded text and every diagnostic.
struct ExpansionReport {
    /// The expanded source.
    let expanded: String
    /// The macros' diagnostics: severity, message, the code they point at, and their fix-its.
    let diagnostics: [String]
    /// Syntax errors in the input itself.
    let inputErrors: Int
    /// Syntax errors in the expanded source.
    let expandedErrors: Int

    /// Expands every service macro in `source`.
    init(_ source: String) {
        let file = Parser.parse(source: source)
        let context = BasicMacroExpansionContext(
            sourceFiles: [file: .init(moduleName: "TestModule", fullFilePath: "test.swift")]
        )
        let expandedFile = file.expand(
            macroSpecs: serviceMacros,
            contextGenerator: { syntax in
                BasicMacroExpansionContext(sharingWith: context, lexicalContext: syntax.allMacroLexicalContexts())
            },
            indentationWidth: .spaces(4),
        )
        self.expanded = expandedFile.description
        self.diagnostics = context.diagnostics.map(Self.describe)
        self.inputErrors = ParseDiagnosticsGenerator.diagnostics(for: file).count
        self.expandedErrors = ParseDiagnosticsGenerator.diagnostics(for: Parser.parse(source: expanded)).count
    }

    /// The report as the corpus pins it.
    var text: String {
        let diagnosticLines = diagnostics.isEmpty ? ["(no diagnostics)"] : diagnostics
        let trimmed = String(expanded.drop(while: \.isNewline).reversed().drop(while: \.isNewline).reversed())
        return ([trimmed, "--- diagnostics"] + diagnosticLines).joined(separator: "\n")
    }

    private static func describe(_ diagnostic: Diagnostic) -> String {
        let severity =
            switch diagnostic.diagMessage.severity {
            case .error: "error"
            case .warning: "warning"
            case .note: "note"
            case .remark: "remark"
            }
        let code = diagnostic.node.trimmedDescription.split(separator: "\n").first.map(String.init) ?? ""
        let fixIts = diagnostic.fixIts.map { " [fix-it: \($0.message.message)]" }.joined()
        let notes = diagnostic.notes.map { " [note: \($0.message)]" }.joined()
        return "\(severity): \(diagnostic.message) at `\(code)`\(notes)\(fixIts)"
    }
}
