import SwiftParser
import SwiftSyntax
import Testing

@testable import ServiceMacrosPlugin

/// The macros read names and types through `trimmedText`, a cheaper `trimmedDescription`: it must
/// give the same text for every node, whatever trivia surrounds it.
@Suite("Trimmed text")
struct TrimmedTextTests {
    /// `node` and every node below it.
    private static func nodes(of node: Syntax) -> [Syntax] {
        [node] + node.children(viewMode: .sourceAccurate).flatMap(nodes(of:))
    }

    static let sources: [String] = [
        """
        // A leading comment.
        @Injectable /* the attribute */ final class Greeter: Sendable {
            /// Says hello.
            init(config: /* inline */ Config, _ clock: any Clock & Sendable, fetch: @escaping @Sendable (URL) async throws -> Data) {}  // trailing
        }
        """,
        """
        @Assembly
        struct AppAssembly {
            #register(Greeter.self, scope: .transient)   \t
            #register(Config.self, as: (any Configuring).self) { Config(name: "café 🚀") }
        }
        """,
        "let x = 1",
        "\n\n   \t",
        "init(missing: ) {",
    ]

    @Test("trimmedText is trimmedDescription for every node", arguments: sources)
    func sameText(source: String) {
        let nodes = Self.nodes(of: Syntax(Parser.parse(source: source)))
        #expect(nodes.count > 1)
        for node in nodes {
            #expect(node.trimmedText == node.trimmedDescription, "\(node.kind)")
        }
    }
}
