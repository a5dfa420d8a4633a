import SwiftSyntax
import SwiftSyntaxMacros

/// The `#sourceLocation` directives that map generated code to lines of the macro's own
/// declaration (an assembly's registration lines, a type's `@Inject` properties), where the
/// compiler then reports what it finds in that code.
///
/// NB: the plugin context's `location(of:)` builds a line table of the whole declaration on every
/// call, which for an assembly of N lines made the expansion quadratic. Here the context locates
/// the first node only, and the others are counted from it with one table of the same tree, as
/// the context counts them.
struct SourceLines {
    private let file: ExprSyntax
    /// The line the context reports for a node, less the line the table gives it.
    private let offset: Int
    private let table: SourceLocationConverter

    /// Nil when there is no `first` node or the context cannot locate it (no directives then).
    init?(locating first: (some SyntaxProtocol)?, in context: some MacroExpansionContext) {
        guard let first,
            let location = context.location(of: first, at: .afterLeadingTrivia, filePathMode: .filePath),
            let line = location.line.as(IntegerLiteralExprSyntax.self).flatMap({ Int($0.literal.text) })
        else {
            return nil
        }
        table = SourceLocationConverter(fileName: "", tree: first.root)
        file = location.file
        offset = line - table.location(for: first.positionAfterSkippingLeadingTrivia).line
    }

    /// The directive of the line `node` starts on, in the tree `first` was in.
    func directive(for node: some SyntaxProtocol) -> String {
        let line = table.location(for: node.positionAfterSkippingLeadingTrivia).line + offset
        return sourceLocationDirective(file: file, line: "\(line)")
    }
}

/// The `#sourceLocation` directive that maps the code after it to `line` of `file`, where the
/// compiler then reports what it finds in that code.
func sourceLocationDirective(file: ExprSyntax, line: String) -> String {
    "#sourceLocation(file: \(file), line: \(line))"
}
