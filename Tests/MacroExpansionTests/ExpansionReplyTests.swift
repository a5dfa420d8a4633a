@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
import Testing

@testable import ServiceMacrosPlugin

/// The plugin writes its commonest reply itself (`ExpansionReply`); the compiler must read the
/// same bytes swift-syntax's encoder writes, whatever the expansion's text holds.
@Suite("Expansion reply")
struct ExpansionReplyTests {
    /// Texts with every kind of byte a JSON string escapes or passes through.
    static let texts: [String] = [
        "",
        "x",
        "extension Greeter: __ServiceMacroSupport.InjectableType {\n    nonisolated static func make() {}\n}",
        #"label: "config", path: "C:\\Users\\me", regex: #/a\/b/#"#,
        "tab\there, return\r\n, form feed\u{0C}, backspace\u{08}, bell\u{07}, escape\u{1B}, unit\u{1F}, delete\u{7F}",
        "`Greeter is isolated to an actor it does not name`: café, 東京, 🚀, \u{2028}",
        "\n\n\n",
        String(repeating: "#sourceLocation(file: \"/work/Sources/App/Greeter.swift\", line: 4)\n", count: 500),
    ]

    @Test("an expansion without diagnostics is written byte for byte as swift-syntax writes it", arguments: texts)
    func sameBytes(text: String) throws {
        let message = PluginToHostMessage.expandMacroResult(expandedSource: text, diagnostics: [])
        let written = try #require(ExpansionReply.json(for: message))
        let expected = String(decoding: try JSON.encode(message), as: UTF8.self)
        #expect(String(decoding: written, as: UTF8.self) == expected)
    }

    @Test("the reply decodes back to the expansion's text")
    func roundTrip() throws {
        for text in Self.texts {
            let written = try #require(ExpansionReply.json(expandedSource: text))
            let decoded = try written.withUnsafeBufferPointer { try JSON.decode(PluginToHostMessage.self, from: $0) }
            guard case .expandMacroResult(let source, let diagnostics) = decoded else {
                Issue.record("decoded \(decoded)")
                continue
            }
            #expect(source == text)
            #expect(diagnostics.isEmpty)
        }
    }

    @Test("other replies, and a text with a NUL, are left to swift-syntax's encoder")
    func leftToSwiftSyntax() throws {
        // NB: decoded, as swift-syntax 600 does not make a diagnostic's initializer public.
        let json =
            #"{"message":"'Greeter' needs 'Config'","severity":"error","#
            + #""position":{"fileName":"","offset":0},"highlights":[],"notes":[],"fixIts":[]}"#
        let diagnostic = try Array(json.utf8).withUnsafeBufferPointer {
            try JSON.decode(PluginMessage.Diagnostic.self, from: $0)
        }
        #expect(ExpansionReply.json(for: .expandMacroResult(expandedSource: "x", diagnostics: [diagnostic])) == nil)
        #expect(ExpansionReply.json(for: .expandMacroResult(expandedSource: nil, diagnostics: [])) == nil)
        #expect(ExpansionReply.json(for: .getCapabilityResult(capability: .init(protocolVersion: 7))) == nil)
        #expect(ExpansionReply.json(expandedSource: "a\u{0}b") == nil)
    }
}
