import Foundation
import SwiftParser
import SwiftSyntax
import Testing

/// A small deterministic generator (SplitMix64), so every fuzz case can be replayed from its seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// Valid declarations the fuzzer mutates.
let fuzzSeeds = [
    "@Injectable\nfinal class Checkout: Sendable {\n    let cart: Cart\n    init(cart: Cart, @Assisted id: Int, log: Lazy<Log>) { self.cart = cart }\n}",
    "@Injectable\nstruct Report {\n    @Inject var clock: Clock\n    @Inject var store: Store?\n    var title = \"\"\n}",
    "@Assembly(includes: [CoreAssembly.self])\nstruct AppAssembly {\n    #register(A.self, scope: .transient)\n"
        + "    #register(B.self, as: (any P).self, tags: \"x\")\n    #registerMain(C.self)\n"
        + "    #register(D.self) { D() }\n    #external(E.self)\n}",
    "@Injectable @MainActor\nfinal class Screen {\n    @Inject init(model: Model) {}\n    init() {}\n}",
]

/// Pieces the fuzzer inserts.
let fuzzSnippets = [
    "@Inject ", "@Assisted ", "@Injectable ", "@Assembly ", "#register(", "#register(X.self)", ")", "(", "{", "}",
    "<T>", "?", "!", ".self", " async", " throws", "static ", "private ", "#if DEBUG\n", "\n#endif", ":", ",",
    "init(", "= 1", "...", "Lazy<", ">", "as: ", "tags: ", "scope: .graph", "\n",
]

@Suite("Macro fuzzing")
struct MacroFuzzTests {
    /// How many mutated declarations to expand; `SERVICE_FUZZ_CASES` raises it.
    static let cases = Int(ProcessInfo.processInfo.environment["SERVICE_FUZZ_CASES"] ?? "") ?? 400

    @Test("mutated declarations never crash a macro, and are diagnosed or expand to code that parses and runs")
    func fuzz() async {
        var failures: [UInt64] = []
        var silentPlaceholders: [UInt64] = []
        for seed in 0..<UInt64(Self.cases) {
            // NB: the run takes seconds; yielding lets the other tests of the run use this
            // thread of the concurrency pool meanwhile (there are two on two cores).
            await Task.yield()
            let source = Self.mutate(seed: seed)
            let report = ExpansionReport(source)
            if report.inputErrors == 0 && report.diagnostics.isEmpty && report.expandedErrors > 0 {
                failures.append(seed)
            }
            // NB: a placeholder's make(…) traps; only a build that fails may contain one.
            if report.expanded.contains("@Injectable reported why it cannot call the initializer")
                && !report.diagnostics.contains(where: { $0.hasPrefix("error: ") })
            {
                silentPlaceholders.append(seed)
            }
        }
        #expect(failures.isEmpty, "seeds whose expansion does not parse: \(failures.prefix(10))")
        let silent = silentPlaceholders.prefix(10)
        #expect(silentPlaceholders.isEmpty, "seeds given a placeholder with no error: \(silent)")
    }

    /// The declaration for `seed`: a seed declaration with one to four token-level mutations.
    static func mutate(seed: UInt64) -> String {
        var generator = SeededGenerator(seed: seed)
        let base = fuzzSeeds[Int(seed % UInt64(fuzzSeeds.count))]
        var pieces = Parser.parse(source: base).tokens(viewMode: .sourceAccurate).map(\.description)
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let index = Int.random(in: 0..<pieces.count, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: pieces.remove(at: index)
            case 1: pieces.insert(pieces[index], at: index)
            case 2: pieces.insert(fuzzSnippets.randomElement(using: &generator) ?? "", at: index)
            default: pieces.swapAt(index, min(index + 1, pieces.count - 1))
            }
            if pieces.isEmpty {
                pieces = [base]
            }
        }
        return pieces.joined()
    }
}
