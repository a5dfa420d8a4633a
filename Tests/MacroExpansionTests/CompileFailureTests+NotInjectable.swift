import Foundation
import Testing

extension CompileFailureTests {
    /// The lines of the fixture that register a type that is not `@Injectable` without a closure.
    static let notInjectableLines: [(file: String, line: Int, service: String)] = [
        ("Cases.swift", 417, "SiteSettings"),
        ("Cases.swift", 418, "Palette"),
        ("Declarations.swift", 193, "PlainWeakCache"),
        ("Declarations.swift", 194, "PlainWeakCache"),
    ]

    @Test(
        "a type that is not @Injectable gets its line's error and one follow-on, not errors about the checks' members",
        arguments: notInjectableLines,
    )
    func notInjectableFollowOns(file: String, line: Int, service: String) async {
        let build = await Self.build
        // NB: the message of each error, without its position: each job prints its own.
        let messages = Set(
            build.errors(onLine: line, inFile: file).map { $0.components(separatedBy: ": error: ").last ?? $0 }
        )
        #expect(messages.contains { $0.hasPrefix("type '\(service)' does not conform to protocol '`@Injectable") })
        // NB: the one follow-on the compiler cannot be kept from: the line's dependency checks
        // name the protocol `@Injectable` would have declared in the type.
        #expect(messages.contains { $0.hasPrefix("'__ProviderChecks' is not a member type of ") })
        // NB: what the checks said too before they named the service through the line's alias:
        // that the type has no check function, and that the line's graph fails the checks.
        #expect(!messages.contains { $0.contains("has no member") }, "\(messages)")
        #expect(!messages.contains { $0.contains("requires that") }, "\(messages)")
        #expect(messages.count == 2, "\(messages)")
    }
}
