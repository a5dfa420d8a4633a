import Foundation
import SwiftParser
import SwiftSyntax
import Testing

@testable import ServiceMacrosPlugin

/// The plugin's blanking of method bodies before swift-syntax parses a declaration: it keeps
/// every source location, changes nothing but what is between a method's braces, never changes
/// what a macro expands to, and leaves alone what it cannot read with certainty.
@Suite("Function body filter")
struct FunctionBodyFilterTests {
    /// A class with what a scan of braces can trip over: strings that hold braces and quotes,
    /// raw and multi-line strings, interpolations, nested comments, raw identifiers, a closure
    /// in a property's initializer, a nested type, a protocol requirement without a body,
    /// division, and `#if`.
    static let tricky = ##"""
        /// Doc comment with a brace {
        @Injectable
        final class Reporter: Sendable {
            let clock: Clock
            let format: @Sendable (Int) -> String = { value in "{\(value)}" }

            init(clock: Clock) {
                self.clock = clock
            }

            func title(_ count: Int) -> String {
                let label = "items } \"quoted {\" \(count) \("nested }")"
                return label + #"raw "} \#(count) {"#
            }

            /* a /* nested */ comment with { */
            static func lines(of text: String) -> [String] {
                let block = """
                    first "" { line
                    \(text.count / 2) }
                    """
                return block.split(separator: "\n").map { String($0) }
            }

            #if DEBUG
            func debugOnly() -> Int { let half = 10 / 2; return half /* } */ }
            #endif

            func `raw {name}`() {}

            private enum Nested {
                func untouched() -> Int { 42 }
            }

            protocol Requirement {
                func required()
                var value: Int { get }
            }

            func ratio(_ a: Double, _ b: Double) -> Double { a/b }
        }
        """##

    /// Every member function of the outermost type (not of a nested one, and not a closure's
    /// local function) with its body emptied: what the filter may change, taken out.
    static func strippingMethodBodies(_ source: String) -> String {
        StripMethodBodies().rewrite(Parser.parse(source: source)).description
    }

    private final class StripMethodBodies: SyntaxRewriter {
        override func visit(_ node: FunctionDeclSyntax) -> DeclSyntax {
            var memberBlocks = 0
            var parent = node.parent
            while let ancestor = parent {
                if ancestor.is(MemberBlockSyntax.self) {
                    memberBlocks += 1
                }
                if ancestor.is(CodeBlockSyntax.self) || ancestor.is(ClosureExprSyntax.self)
                    || ancestor.is(AccessorBlockSyntax.self)
                {
                    return DeclSyntax(node)
                }
                parent = ancestor.parent
            }
            guard memberBlocks == 1, node.body != nil else {
                return DeclSyntax(node)
            }
            return DeclSyntax(node.with(\.body, CodeBlockSyntax(statements: [])))
        }
    }

    /// Checks that `blanked` is `source` with only member function bodies changed, to spaces.
    static func expectOnlyBodiesBlanked(
        _ source: String, _ blanked: String, sourceLocation: Testing.SourceLocation = #_sourceLocation,
    ) {
        let original = Array(source.utf8)
        let changed = Array(blanked.utf8)
        #expect(original.count == changed.count, "the length changed", sourceLocation: sourceLocation)
        let lineBreaks = { (bytes: [UInt8]) in bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") } }
        #expect(lineBreaks(original) == lineBreaks(changed), "a line break moved", sourceLocation: sourceLocation)
        let onlySpaces = zip(original, changed).allSatisfy { $0 == $1 || $1 == UInt8(ascii: " ") }
        #expect(onlySpaces, "a byte became something other than a space", sourceLocation: sourceLocation)
        #expect(strippingMethodBodies(source) == strippingMethodBodies(blanked), sourceLocation: sourceLocation)
    }

    static func blank(_ source: String) -> String? {
        FunctionBodyFilter.blankingMethodBodies(in: Array(source.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test(
        "method bodies become spaces; strings, comments, closures, nested types and requirements are read, not changed")
    func blanksTheMethodBodies() throws {
        let blanked = try #require(Self.blank(Self.tricky))
        Self.expectOnlyBodiesBlanked(Self.tricky, blanked)
        let file = Parser.parse(source: blanked)
        let functions = file.tokens(viewMode: SyntaxTreeViewMode.sourceAccurate).filter {
            $0.tokenKind == .keyword(.func)
        }.count
        #expect(functions == 7)
        // What the scan must not touch, each kept verbatim.
        for kept in [
            #"{ value in "{\(value)}" }"#, "self.clock = clock", "func untouched() -> Int { 42 }",
            "func required()\n", "var value: Int { get }", "/* a /* nested */ comment with { */",
        ] {
            #expect(blanked.contains(kept), "\(kept)")
        }
        for gone in ["items }", "raw \"}", "first \"\" { line", "let half", "a/b"] {
            #expect(!blanked.contains(gone), "\(gone)")
        }
    }

    @Test("what may begin a regular expression literal, or does not balance, leaves the declaration as it is")
    func leavesWhatItCannotRead() {
        for source in [
            "final class A {\n    func f() -> Regex<Substring> { /a{2}\"/ }\n}",
            "final class A {\n    func f() { let r = #/a\"}/# }\n}",
            "final class A {\n    func f() { g(/x/) }\n}",
            "final class A {\n    func f() { let s = \"open }\n}",
            "final class A {\n    func f() {\n",
            "func free() { work() }",
        ] {
            #expect(Self.blank(source) == nil, "\(source)")
        }
    }

    @Test("a macro expands a declaration with its method bodies blanked exactly as it expands the declaration")
    func expansionsAreTheSame() throws {
        var sources = [Self.tricky]
        sources += macroCorpus.map(\.source).filter { Self.blank($0) != nil }
        sources.append(
            """
            @Injectable(.memberwise)
            final class Store: Sendable {
                @Inject var clock: Clock
                func save(_ value: Int) { clock.tick(value) }
            }

            @Assembly
            struct Wiring {
                #register(Store.self) { func helper() -> Store { Store() }; return helper() }
                func loaded(env: ServiceEnv) { print("loaded") }
            }
            """
        )
        for source in sources {
            let blanked = try #require(Self.blank(source))
            let original = ExpansionReport(source)
            let filtered = ExpansionReport(blanked)
            #expect(Self.strippingMethodBodies(original.expanded) == Self.strippingMethodBodies(filtered.expanded))
            #expect(original.diagnostics == filtered.diagnostics)
        }
    }

    @Test("every type declaration of this package's sources is blanked without changing anything else")
    func packageSourcesKeepTheirShape() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var blankedCount = 0
        var declarations = 0
        for directory in ["Sources", "Tests"] {
            let directory = root.appendingPathComponent(directory)
            let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "swift" else {
                    continue
                }
                let file = Parser.parse(source: try String(contentsOf: url, encoding: .utf8))
                for item in file.statements {
                    guard item.item.is(DeclSyntax.self),
                        item.item.as(DeclSyntax.self)?.asProtocol((any DeclGroupSyntax).self) != nil
                    else {
                        continue
                    }
                    declarations += 1
                    let source = item.description
                    guard let blanked = Self.blank(source) else {
                        continue
                    }
                    blankedCount += 1
                    Self.expectOnlyBodiesBlanked(source, blanked)
                }
            }
        }
        // NB: most of them have methods, and the scan should read nearly all of those.
        #expect(declarations > 500)
        #expect(blankedCount > declarations / 3)
    }

    @Test("a request's declaration is blanked in place and everything else in it is kept")
    func rewritesTheRequest() throws {
        let object: [String: Any] = [
            "expandAttachedMacro": [
                "attributeSyntax": ["kind": "attribute", "source": "@Injectable"],
                "declSyntax": ["kind": "declaration", "location": ["offset": 12], "source": Self.tricky],
                "macroRole": "extension",
            ]
        ]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        var message = Array(data)
        FunctionBodyFilter.apply(to: &message)
        let decoded = try JSONSerialization.jsonObject(with: Data(message)) as? [String: Any]
        let members = try #require(decoded?["expandAttachedMacro"] as? [String: Any])
        let declaration = try #require(members["declSyntax"] as? [String: Any])
        #expect(declaration["source"] as? String == Self.blank(Self.tricky))
        #expect((declaration["location"] as? [String: Any])?["offset"] as? Int == 12)
        #expect((members["attributeSyntax"] as? [String: Any])?["source"] as? String == "@Injectable")
        #expect(members["macroRole"] as? String == "extension")
    }

    @Test("JSON strings decode every escape, surrogate pairs included, and encode back to what decodes the same")
    func jsonStringsRoundTrip() throws {
        let escaped = Array(#"a\"b\\c\/d\n\t\r\u0001é\u00e9\ud83d\ude00"#.utf8)
        let decoded = try #require(JSONString.decode(escaped[...]))
        #expect(String(decoding: decoded, as: UTF8.self) == "a\"b\\c/d\n\t\r\u{01}éé😀")
        #expect(JSONString.decode(JSONString.encode(decoded)[...]) == decoded)
        #expect(JSONString.decode(Array(#"\ud83d"#.utf8)[...]) == nil)
        #expect(JSONString.decode(Array(#"\q"#.utf8)[...]) == nil)
    }
}
