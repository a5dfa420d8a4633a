import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

/// The warning for one `@Injectable` type registered as a singleton under two keys.
extension AssemblyModel {
    /// For an `@Injectable` type registered under two keys of different types (tagged or not),
    /// both shared with the scope they do not write (`.singleton`): two instances, where one was
    /// almost always meant (what one key's users store, the other's do not see, as a member of an
    /// `@All` collection registered beside the type's own registration). A warning on the second
    /// line, with the first as its note. The same type under two tag sets (two caches, say) is
    /// two instances on purpose, and not warned about.
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
            guard let earlier = first[registration.service] else {
                first[registration.service] = registration
                continue
            }
            guard earlier.key != registration.key else {
                continue
            }
            let message = AssemblyDiagnostic.sharedTwice(
                service: registration.service,
                first: earlier.displayName,
                second: registration.displayName,
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

    /// The fix-it that registers the service of two lines once, under its own type and without
    /// tags, and forwards each line's key to it, with the line's tags; nil when the first line
    /// registers the type itself under tags (its forward would name the type it forwards to).
    private static func forwardFixIt(_ first: Registration, _ second: Registration) -> FixIt? {
        guard first.key != first.service || first.tags.isEmpty else {
            return nil
        }
        func forward(_ registration: Registration) -> String {
            "#forward(\(registration.key).self, \(registration.tagsArgument)to: \(registration.service).self)"
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
            let register = "#\(macro)(\(first.service).self)\n\(indentation)\(forward(first))"
            changes.append(replacing(first.node, with: register))
        }
        changes.append(replacing(second.node, with: forward(second)))
        let message: AssemblyFixIt =
            changes.count == 1
            ? .forwardToRegistration(key: second.displayName, service: second.service)
            : .forwardToOneInstance(service: second.service)
        return FixIt(message: message, changes: changes)
    }
}
