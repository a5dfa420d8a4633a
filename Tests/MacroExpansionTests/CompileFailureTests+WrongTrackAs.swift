import Testing

extension CompileFailureTests {
    /// What the fixture's lines that register a type under another key with the other track's
    /// macro require of the type (`Declarations.swift`, lines 219 to 222).
    static let wrongTrackAsLines: [(line: Int, service: String, requirement: String)] = [
        (219, "MainTracked", notMainActor),
        (220, "SendableTracked", mainActor),
        (221, "MainTracked", notMainActor),
        (222, "SendableTracked", mainActor),
    ]
    static let notMainActor = "`not @MainActor, which #register requires: register it with #registerMain`"
    static let mainActor = "`@MainActor, which #registerMain requires: add it to the type, or use #register`"

    @Test(
        "a type registered under another key with the other track's macro fails first with the line's mistake",
        arguments: wrongTrackAsLines,
    )
    func wrongTrackUnderAnotherKey(line: Int, service: String, requirement: String) async {
        let build = await Self.build
        let errors = build.errors(onLine: line, inFile: "Declarations.swift")
        let message = "error: type '\(service)' does not conform to protocol '\(requirement)'"
        #expect(!errors.isEmpty && errors.allSatisfy { $0.hasSuffix(message) }, "\(errors)")
    }

    @Test("assemble(env:) of those lines names the method to use, where no overload matched")
    func wrongTrackUnderAnotherKeyInAssemble() async {
        let build = await Self.build
        // NB: the errors in the expansion of the lines' assembly, which ends on line 223 (the
        // lines' own errors are mapped to them, and are not these).
        let errors = build.expansionErrors(endingOnLine: 223, inFile: "Declarations.swift").map(\.message)
            .filter { !$0.hasPrefix("type '") }
        // NB: the lines with and without `.weak` say the same.
        #expect(
            Set(errors) == [
                "'register(_:as:scope:_:)' is unavailable: '@MainActor' services are registered with 'registerMain'",
                "'registerMain(_:as:tags:scope:_:)' is unavailable: an '@Injectable' type that is not '@MainActor' is registered with 'register(_:as:tags:scope:_:)'",
            ],
            "\(errors)",
        )
        // NB: one per line: `assemble(env:)` is a body, which the module's interface job skips.
        #expect(errors.count == 4, "\(errors)")
    }

    @Test("#register of a protocol type without a closure is one error on its line, and nothing about its users")
    func protocolWithoutClosure() async {
        let build = await Self.build
        let message =
            "error: 'any ProtocolClock' is a protocol type, which '#register' cannot build without a closure: give it a closure that returns a conforming instance, or register an @Injectable type under it with 'as: (any ProtocolClock).self' (from macro 'Assembly')"
        let errors = build.errors(onLine: 238, inFile: "Declarations.swift")
        #expect(!errors.isEmpty && errors.allSatisfy { $0.hasSuffix(message) }, "\(errors)")
        // NB: ClockReader, which needs it, is not told it is missing; the expansion adds nothing.
        #expect(build.errors(onLine: 239, inFile: "Declarations.swift").isEmpty)
        let expansion = build.expansionErrors(endingOnLine: 240, inFile: "Declarations.swift").map(\.message)
        #expect(expansion.allSatisfy { $0.hasPrefix("'any ProtocolClock' is a protocol type") }, "\(expansion)")
    }

    @Test("an error in a registration's closure is reported on its #register line, not in the expansion")
    func closureErrorOnItsLine() async {
        let build = await Self.build
        let message = "error: call to main actor-isolated initializer 'init()' in a synchronous nonisolated context"
        let errors = build.errors(onLine: 251, inFile: "Declarations.swift")
        #expect(errors.contains { $0.contains(message) }, "\(errors)")
        // NB: every error of the assembly's expansion (which ends on line 252) is on that line.
        let lines = build.output.split(separator: "\n")
        let expansion = build.expansionErrors(endingOnLine: 252, inFile: "Declarations.swift")
        #expect(expansion.allSatisfy { lines[$0.index].contains("Declarations.swift:251:") }, "\(expansion)")
    }
}
