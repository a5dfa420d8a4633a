import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

/// The warning for one `@Injectable` type registered as a singleton under two keys.
extension AssemblyModel {
    /// For an `@Injectable` type registered under two keys, both shared with the scope they do not
    /// write (`.singleton`): two instances, where one was almost always meant (what one key's users
    /// store, the other's do not see). A warning on the second line, with the first as its note.
    static func sharedTwiceDiagnostics(_ registrations: [Registration]) -> [Diagnostic] {
        var first: [String: Registration] = [:]
        var diagnostics: [Diagnostic] = []
        for registration in registrations {
            switch registration.kind {
            case .injectable, .injectableMain: break
            case .closure, .mainClosure, .external, .forward: continue
            }
            guard registration.isShared, !registration.node.arguments.contains(where: { $0.label?.text == "scope" })
            else {
                continue
            }
            let identity = ([registration.service] + Set(registration.tags).sorted()).joined(separator: "|")
            guard let earlier = first[identity] else {
                first[identity] = registration
                continue
            }
            let message = AssemblyDiagnostic.sharedTwice(
                service: registration.service,
                first: earlier.key,
                second: registration.key,
            )
            var keepTwo = Array(registration.node.arguments)
            keepTwo.append(LabeledExprSyntax(label: "scope", expression: ExprSyntax(".singleton")))
            let keepTwoChange = FixIt.Change.replace(
                oldNode: Syntax(registration.node),
                newNode: Syntax(registration.node.with(arguments: keepTwo)),
            )
            diagnostics.append(
                Diagnostic(
                    node: registration.node,
                    message: message,
                    notes: [Note(node: Syntax(earlier.node), message: AssemblyNote.firstRegistration)],
                    fixIts: (forwardFixIt(earlier, registration).map { [$0] } ?? [])
                        + [FixIt(message: AssemblyFixIt.keepTwoInstances, changes: [keepTwoChange])],
                )
            )
        }
        return diagnostics
    }

    /// The fix-it that registers the service of two untagged lines once, under its own type, and
    /// forwards each line's key to it; nil for tagged lines (a forward has no tags).
    private static func forwardFixIt(_ first: Registration, _ second: Registration) -> FixIt? {
        guard first.tags.isEmpty else {
            return nil
        }
        // NB: a replacement keeps the line's trivia: its line break and indentation.
        func replacing(_ line: MacroExpansionDeclSyntax, with text: String) -> FixIt.Change {
            let declaration = DeclSyntax("\(raw: text)").with(\.leadingTrivia, line.leadingTrivia)
                .with(\.trailingTrivia, line.trailingTrivia)
            return .replace(oldNode: Syntax(line), newNode: Syntax(declaration))
        }
        var changes: [FixIt.Change] = []
        if first.key != first.service {
            let macro = first.node.macroName.text
            let trivia = first.node.leadingTrivia.description
            let indentation = trivia.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
            let register =
                "#\(macro)(\(first.service).self)\n\(indentation)#forward(\(first.key).self, to: \(first.service).self)"
            changes.append(replacing(first.node, with: register))
        }
        changes.append(replacing(second.node, with: "#forward(\(second.key).self, to: \(second.service).self)"))
        return FixIt(message: AssemblyFixIt.forwardToOneInstance(service: second.service), changes: changes)
    }
}
