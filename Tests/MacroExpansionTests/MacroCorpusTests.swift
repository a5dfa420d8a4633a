import Foundation
import Testing

/// Malformed and unusual declarations: each must expand correctly or be diagnosed, never crash.
/// Their expansions and diagnostics are pinned in `Corpus/corpus.expected`; set
/// `SERVICE_RECORD_CORPUS=1` to rewrite that file after an intended change, and review the diff.
let macroCorpus: [(name: String, source: String)] = [
    ("missing parameter type", "@Injectable\nstruct A {\n    init(b: ) {}\n}"),
    ("missing property type", "@Injectable\nstruct A {\n    let b\n}"),
    ("inject without type", "@Injectable\nfinal class A {\n    @Inject var b = B()\n}"),
    ("attribute on a function", "@Injectable\nfunc make() {}"),
    ("attribute on an enum", "@Injectable\nenum Mode { case a }"),
    ("attribute on a protocol", "@Injectable\nprotocol Service {}"),
    ("attribute on an extension", "@Injectable\nextension Int {}"),
    ("assembly on a class", "@Assembly\nfinal class Wiring {\n    #register(A.self)\n}"),
    ("register outside an assembly", "struct Wiring {\n    #register(A.self)\n}"),
    ("register with no arguments", "@Assembly\nstruct Wiring {\n    #register()\n}"),
    ("register with a non-type", "@Assembly\nstruct Wiring {\n    #register(42)\n}"),
    ("register with a string scope", "@Assembly\nstruct Wiring {\n    #register(A.self, scope: \"singleton\")\n}"),
    (
        "#if inside an assembly",
        "@Assembly\nstruct Wiring {\n    #if DEBUG\n    #register(A.self)\n    #endif\n    #register(B.self)\n}",
    ),
    ("#if inside an injectable", "@Injectable\nstruct A {\n    #if DEBUG\n    let b: B\n    #endif\n    let c: C\n}"),
    ("nested type", "enum Feature {\n    @Injectable\n    struct Model {\n        let api: Feature.API\n    }\n}"),
    (
        "nested assembly",
        "enum Feature {\n    @Assembly\n    struct Wiring {\n        #register(Feature.Model.self)\n    }\n}",
    ),
    ("generic assembly", "@Assembly\nstruct Wiring<T> {\n    #register(A.self)\n}"),
    (
        "assembly in a generic type's extension",
        "extension Box {\n    @Assembly\n    struct Wiring {\n        #register(A.self)\n    }\n}",
    ),
    ("typealias as a key", "@Assembly\nstruct Wiring {\n    #register(Impl.self, as: ServiceAlias.self)\n}"),
    ("existential key", "@Assembly\nstruct Wiring {\n    #register(Impl.self, as: (any Store & Sendable).self)\n}"),
    ("optional key", "@Assembly\nstruct Wiring {\n    #register(Int?.self) { nil }\n}"),
    ("optional dependencies", "@Injectable\nstruct A {\n    let b: B?\n    let c: Optional<C>\n    let d: D!\n}"),
    ("private type", "@Injectable\nprivate struct A {\n    let b: B\n}"),
    ("fileprivate assembly", "@Assembly\nfileprivate struct Wiring {\n    #register(A.self)\n}"),
    ("package type", "@Injectable\npackage struct A {\n    let b: B\n}"),
    ("public assembly", "@Assembly\npublic struct Wiring {\n    #register(A.self)\n}"),
    ("open class", "@Injectable\nopen class A {\n    init(b: B) {}\n}"),
    (
        "very long parameter list",
        "@Injectable\nstruct Wide {\n    init("
            + (0..<40).map { "p\($0): P\($0)" }.joined(separator: ", ") + ") {}\n}",
    ),
    ("unicode identifiers", "@Injectable\nstruct Café {\n    let résumé: Résumé\n    let 日本: 日本Service\n}"),
    ("backticked names", "@Injectable\nstruct `Type` {\n    init(`default`: `Protocol`) {}\n}"),
    ("generic injectable", "@Injectable\nstruct Box<T> {\n    let value: T\n}"),
    ("static inject", "@Injectable\nfinal class A {\n    @Inject static var shared: A\n}"),
    ("inject on a computed property", "@Injectable\nfinal class A {\n    @Inject var b: B { B() }\n}"),
    ("inject properties in a class, no memberwise", "@Injectable\nfinal class A {\n    @Inject let b: B\n}"),
    (
        "inject properties in an actor, memberwise",
        "@Injectable(.memberwise)\nactor A {\n    @Inject let b: B\n    var c = 0\n}",
    ),
    ("memberwise on a type with an initializer", "@Injectable(.memberwise)\nfinal class A {\n    init(b: B) {}\n}"),
    ("memberwise written twice", "@Injectable(.memberwise, .memberwise)\nstruct A {\n    @Inject let b: B\n}"),
    ("injectable with an unknown argument", "@Injectable(.other)\nfinal class A {\n    @Inject let b: B\n}"),
    ("assisted with a default value", "@Injectable\nstruct A {\n    init(@Assisted id: Int = 0, b: B) {}\n}"),
    (
        "several inject initializers",
        "@Injectable\nstruct A {\n    @Inject init(b: B) {}\n    @Inject init(c: C) {}\n}",
    ),
    (
        "tags with an expression",
        "@Assembly\nstruct Wiring {\n    #register(A.self, tags: Region.eu, \"x\" + \"y\")\n}",
    ),
    ("unterminated initializer", "@Injectable\nstruct A {\n    init(b: B {\n}"),
    ("empty assembly", "@Assembly\nstruct Wiring {}"),
    ("includes with a non-type", "@Assembly(includes: [42])\nstruct Wiring {\n    #register(A.self)\n}"),
]

@Suite("Macro corpus")
struct MacroCorpusTests {
    static let expectedPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Corpus/corpus.expected")

    static func render() -> String {
        macroCorpus.map { "=== \($0.name)\n\($0.source)\n--- expansion\n\(ExpansionReport($0.source).text)" }
            .joined(separator: "\n\n") + "\n"
    }

    @Test("every corpus declaration expands or is diagnosed, as pinned")
    func corpusIsPinned() throws {
        #expect(macroCorpus.count >= 30)
        let actual = Self.render()
        if ProcessInfo.processInfo.environment["SERVICE_RECORD_CORPUS"] == "1" {
            try actual.write(to: Self.expectedPath, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: Self.expectedPath, encoding: .utf8)
        // NB: swift-syntax 600 renders expansions without their `#sourceLocation` lines.
        let actualCases = expectedExpansion(actual).components(separatedBy: "\n=== ")
        let expectedCases = expectedExpansion(expected).components(separatedBy: "\n=== ")
        #expect(actualCases.count == expectedCases.count)
        for (actualCase, expectedCase) in zip(actualCases, expectedCases) where actualCase != expectedCase {
            Issue.record("corpus case differs:\n--- expected\n\(expectedCase)\n--- actual\n\(actualCase)")
        }
    }

    @Test("a type whose initializer @Injectable cannot call is reported, never only given a make(…) that traps")
    func placeholdersAreReported() {
        var placeholders = 0
        for (name, source) in macroCorpus {
            let report = ExpansionReport(source)
            guard report.expanded.contains("@Injectable reported why it cannot call the initializer") else {
                continue
            }
            placeholders += 1
            #expect(report.diagnostics.contains { $0.hasPrefix("error: ") }, "\(name): \(report.diagnostics)")
        }
        #expect(placeholders >= 5)
    }

    @Test("a corpus declaration that parses is either diagnosed or expands to code that parses")
    func corpusExpansionsParse() {
        for (name, source) in macroCorpus {
            let report = ExpansionReport(source)
            #expect(
                report.inputErrors > 0 || !report.diagnostics.isEmpty || report.expandedErrors == 0,
                "\(name): the expansion does not parse",
            )
        }
    }
}
