import SwiftSyntax
import SwiftSyntaxMacros

/// The `#sourceLocation` directive that maps generated code to a registration line, where the
/// compiler then reports what it finds in that code.
///
/// NB: the plugin context's `location(of:)` builds a line table of the whole assembly on every
/// call, which for an assembly of N lines made the expansion quadratic. Here the context locates
/// the first line only, and the others are counted from it with one table of the same tree, as
/// the context counts them.
struct RegistrationLines {
    private let file: ExprSyntax
    /// The line the context reports for a node, less the line the table gives it.
    private let offset: Int
    private let table: SourceLocationConverter

    /// Nil when the context cannot locate `registrations` (no directives then).
    init?(of registrations: [AssemblyModel.Registration], in context: some MacroExpansionContext) {
        guard let first = registrations.first?.node,
            let location = context.location(of: first, at: .afterLeadingTrivia, filePathMode: .filePath),
            let line = location.line.as(IntegerLiteralExprSyntax.self).flatMap({ Int($0.literal.text) })
        else {
            return nil
        }
        table = SourceLocationConverter(fileName: "", tree: first.root)
        file = location.file
        offset = line - table.location(for: first.positionAfterSkippingLeadingTrivia).line
    }

    func directive(for node: MacroExpansionDeclSyntax) -> String {
        let line = table.location(for: node.positionAfterSkippingLeadingTrivia).line + offset
        return sourceLocationDirective(file: file, line: "\(line)")
    }
}

/// The `#sourceLocation` directive that maps the code after it to `line` of `file`, where the
/// compiler then reports what it finds in that code.
func sourceLocationDirective(file: ExprSyntax, line: String) -> String {
    "#sourceLocation(file: \(file), line: \(line))"
}
