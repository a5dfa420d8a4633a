import Foundation
@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
import SwiftParser
import SwiftSyntax
import Testing

@testable import ServiceMacrosPlugin

/// The plugin's emptying of method bodies before swift-syntax parses a declaration: it keeps
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

    /// Whether `node` is a member function of the outermost type (not of a nested one, and not a
    /// closure's local function): one whose body the filter may empty.
    static func isMemberFunction(_ node: FunctionDeclSyntax) -> Bool {
        var memberBlocks = 0
        var parent = node.parent
        while let ancestor = parent {
            if ancestor.is(MemberBlockSyntax.self) {
                memberBlocks += 1
            }
            if ancestor.is(CodeBlockSyntax.self) || ancestor.is(ClosureExprSyntax.self)
                || ancestor.is(AccessorBlockSyntax.self)
            {
                return false
            }
            parent = ancestor.parent
        }
        return memberBlocks == 1 && node.body != nil
    }

    /// Whether the filter takes out the signature of `node`, a member function, but its name and
    /// first parentheses: when its name is an identifier, not an operator.
    static func losesItsSignature(_ node: FunctionDeclSyntax) -> Bool {
        if case .identifier = node.name.tokenKind {
            return true
        }
        return false
    }

    /// The tokens of `source` but those inside a member function's body (its braces are kept)
    /// and those of the signature it loses (see `losesItsSignature(_:)`).
    static func tokensOutsideBodies(_ source: String) -> [TokenSyntax] {
        Parser.parse(source: source).tokens(viewMode: .sourceAccurate).filter { token in
            var parent = token.parent
            while let ancestor = parent {
                if let body = ancestor.as(CodeBlockSyntax.self),
                    let function = body.parent?.as(FunctionDeclSyntax.self),
                    isMemberFunction(function)
                {
                    return token.id == body.leftBrace.id || token.id == body.rightBrace.id
                }
                if let function = ancestor.parent?.as(FunctionDeclSyntax.self), isMemberFunction(function),
                    losesItsSignature(function),
                    [function.genericParameterClause?.id, function.signature.id, function.genericWhereClause?.id]
                        .contains(ancestor.id)
                {
                    return false
                }
                parent = ancestor.parent
            }
            return true
        }
    }

    /// Checks that `emptied` is `source` with only member function bodies and signatures changed,
    /// emptied but for their line breaks: every other token the same, on the same line and (but
    /// for a body's braces) column, and at the offset `map` gives back.
    static func expectOnlyBodiesEmptied(
        _ source: String, _ emptied: String, map: OffsetMap, sourceLocation: Testing.SourceLocation = #_sourceLocation,
    ) {
        let lineBreaks = { (text: String) in text.utf8.filter { $0 == UInt8(ascii: "\n") }.count }
        #expect(lineBreaks(source) == lineBreaks(emptied), "a line break went", sourceLocation: sourceLocation)
        #expect(emptied.utf8.count <= source.utf8.count, sourceLocation: sourceLocation)
        let before = tokensOutsideBodies(source)
        let after = tokensOutsideBodies(emptied)
        #expect(before.map(\.text) == after.map(\.text), "a token changed", sourceLocation: sourceLocation)
        let originalFile = SourceLocationConverter(fileName: "", tree: Parser.parse(source: source))
        let emptiedFile = SourceLocationConverter(fileName: "", tree: Parser.parse(source: emptied))
        for (old, new) in zip(before, after) {
            let oldStart = old.positionAfterSkippingLeadingTrivia
            let newStart = new.positionAfterSkippingLeadingTrivia
            let oldLocation = originalFile.location(for: oldStart)
            let newLocation = emptiedFile.location(for: newStart)
            // NB: a method's braces follow its signature, which the filter shortens on its line.
            let isBodyBrace = new.parent?.as(CodeBlockSyntax.self)?.parent?.as(FunctionDeclSyntax.self) != nil
            guard oldLocation.line == newLocation.line, isBodyBrace || oldLocation.column == newLocation.column,
                map.original(newStart.utf8Offset) == oldStart.utf8Offset,
                map.original(new.endPositionBeforeTrailingTrivia.utf8Offset)
                    == old.endPositionBeforeTrailingTrivia.utf8Offset
            else {
                let place = "\(oldLocation.line):\(oldLocation.column)"
                Issue.record("'\(old.text)' at \(place) moved", sourceLocation: sourceLocation)
                return
            }
        }
    }

    /// `source` with every member function's body replaced by `{}`, and the signature of each
    /// one that loses it by `()`: what the filter may change, taken out.
    static func strippingMethodBodies(_ source: String) -> String {
        StripMethodBodies().rewrite(Parser.parse(source: source)).description
    }

    private final class StripMethodBodies: SyntaxRewriter {
        override func visit(_ node: FunctionDeclSyntax) -> DeclSyntax {
            guard FunctionBodyFilterTests.isMemberFunction(node) else {
                return DeclSyntax(node)
            }
            let stripped = node.with(\.body, CodeBlockSyntax(statements: []))
            guard FunctionBodyFilterTests.losesItsSignature(node) else {
                return DeclSyntax(stripped)
            }
            let signature = FunctionSignatureSyntax(parameterClause: FunctionParameterClauseSyntax(parameters: []))
            let bare = stripped.with(\.genericParameterClause, nil).with(\.genericWhereClause, nil)
            return DeclSyntax(bare.with(\.signature, signature))
        }
    }

    static func empty(_ source: String) -> (text: String, map: OffsetMap)? {
        FunctionBodyFilter.emptyingMethodBodies(in: Array(source.utf8)).map {
            (String(decoding: $0.text, as: UTF8.self), $0.map)
        }
    }

    static func emptied(_ source: String) -> String? {
        empty(source)?.text
    }

    @Test("method bodies are emptied; strings, comments, closures, nested types and requirements are read, not changed")
    func emptiesTheMethodBodies() throws {
        let (blanked, map) = try #require(Self.empty(Self.tricky))
        Self.expectOnlyBodiesEmptied(Self.tricky, blanked, map: map)
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
        // The signatures of the type's own methods, but their names and parentheses.
        for trimmed in ["func title( ) {", "static func lines( ) {", "func debugOnly() {", "func `raw {name}`() {}"] {
            #expect(blanked.contains(trimmed), "\(trimmed)")
        }
        for gone in ["items }", "raw \"}", "first \"\" { line", "let half", "a/b", "_ count: Int", "of text: String"] {
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
            #expect(Self.emptied(source) == nil, "\(source)")
        }
    }

    @Test("a macro expands a declaration with its method bodies emptied exactly as it expands the declaration")
    func expansionsAreTheSame() throws {
        var sources = [Self.tricky]
        sources += macroCorpus.map(\.source).filter { Self.emptied($0) != nil }
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
            let emptied = try #require(Self.emptied(source))
            let original = ExpansionReport(source)
            let filtered = ExpansionReport(emptied)
            #expect(Self.strippingMethodBodies(original.expanded) == Self.strippingMethodBodies(filtered.expanded))
            #expect(original.diagnostics == filtered.diagnostics)
        }
    }

    @Test("every type declaration of this package's sources is emptied without moving anything else")
    func packageSourcesKeepTheirShape() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var emptiedCount = 0
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
                    guard let (emptied, map) = Self.empty(source) else {
                        continue
                    }
                    emptiedCount += 1
                    Self.expectOnlyBodiesEmptied(source, emptied, map: map)
                }
            }
        }
        // NB: most of them have methods, and the scan should read nearly all of those.
        #expect(declarations > 500)
        #expect(emptiedCount > declarations / 3)
    }

    @Test("a request's declaration is emptied in place, its offset read, and everything else in it kept")
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
        let map = FunctionBodyFilter.apply(to: &message)
        #expect(map != nil && map == Self.empty(Self.tricky)?.map.shifted(by: 12))
        let decoded = try JSONSerialization.jsonObject(with: Data(message)) as? [String: Any]
        let members = try #require(decoded?["expandAttachedMacro"] as? [String: Any])
        let declaration = try #require(members["declSyntax"] as? [String: Any])
        #expect(declaration["source"] as? String == Self.emptied(Self.tricky))
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

    @Test("every position a diagnostic reports is put back where it is in the file; one with no file is left")
    func diagnosticsAreRemapped() throws {
        let json = """
            {"message":"m","severity":"error","position":{"fileName":"f.swift","offset":100},
            "highlights":[{"fileName":"f.swift","startOffset":55,"endOffset":95}],
            "notes":[{"position":{"fileName":"f.swift","offset":50},"message":"n"},
            {"position":{"fileName":"","offset":100},"message":"nowhere"}],
            "fixIts":[{"message":"fix","changes":[{"range":{"fileName":"f.swift","startOffset":90,"endOffset":105},"newText":"x"}]}]}
            """
        let diagnostic = try JSONDecoder().decode(PluginMessage.Diagnostic.self, from: Data(json.utf8))
        var map = OffsetMap()
        map.recordRemoval(of: 10, at: 60)
        map.recordRemoval(of: 5, at: 90)
        let originals: [Int] = [59, 60, 89, 90].map(map.original)
        #expect(originals == [59, 70, 99, 105])
        let remapped = map.remapped(diagnostic)
        #expect(remapped.position.offset == 115)
        #expect(remapped.highlights.map { [$0.startOffset, $0.endOffset] } == [[55, 110]])
        #expect(remapped.notes.map(\.position.offset) == [50, 100])
        let changes = remapped.fixIts.flatMap(\.changes).map { [$0.range.startOffset, $0.range.endOffset] }
        #expect(changes == [[105, 120]])
        let message = PluginToHostMessage.expandMacroResult(expandedSource: "", diagnostics: [diagnostic])
        guard case .expandMacroResult(_, let diagnostics) = map.remapped(message) else {
            Issue.record("the reply changed its kind")
            return
        }
        #expect(diagnostics.map(\.position.offset) == [115])
    }
}
