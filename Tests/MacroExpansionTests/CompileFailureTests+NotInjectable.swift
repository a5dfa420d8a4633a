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

    @Test("an assembly of such lines: one error per line in its expansion, naming the type, none about its calls")
    func notInjectableExpansionErrors() async {
        let build = await Self.build
        // NB: the assembly of lines 417 and 418 ends on line 419; each job prints its own.
        let messages = Set(build.expansionErrors(endingOnLine: 419, inFile: "Cases.swift").map(\.message))
        // NB: the lines' own two errors each (mapped to the lines), and in the expansion the node
        // of each line for the cycle checks of an including assembly, which refines the protocol
        // `@Injectable` would have declared: an inheritance clause cannot go through the alias.
        #expect(
            messages == [
                "type 'SiteSettings' does not conform to protocol '`@Injectable, which #register requires without a closure: add it to the type, or give #register a closure`'",
                "'__ProviderChecks' is not a member type of struct 'CompileFailures.SiteSettings'",
                "'__CycleRequirements' is not a member type of struct 'CompileFailures.SiteSettings'",
                "type 'Palette' does not conform to protocol '`@Injectable, which #registerMain requires without a closure: add it to the type, or give #registerMain a closure`'",
                "'__ProviderChecks' is not a member type of class 'CompileFailures.Palette'",
                "'__CycleRequirements' is not a member type of class 'CompileFailures.Palette'",
            ],
            "\(messages)",
        )
    }
}
