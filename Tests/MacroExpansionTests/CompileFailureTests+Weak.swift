import Testing

extension CompileFailureTests {
    @Test(
        "'.weak' on a class that is not @Injectable, or not on its line's track, fails first with the line's mistake",
        arguments: [
            (
                193,
                "error: type 'PlainWeakCache' does not conform to protocol '`@Injectable, which #register requires without a closure: add it to the type, or give #register a closure`'",
            ),
            (
                194,
                "error: type 'PlainWeakCache' does not conform to protocol '`@Injectable, which #register requires without a closure: add it to the type, or give #register a closure`'",
            ),
            (
                195,
                "error: type 'MainWeakPanel' does not conform to protocol '`not @MainActor, which #register requires: register it with #registerMain`'",
            ),
            (
                196,
                "error: type 'SendableWeakCache' does not conform to protocol '`@MainActor, which #registerMain requires: add it to the type, or use #register`'",
            ),
        ],
    )
    func weakClassMistakes(line: Int, message: String) async {
        let build = await Self.build
        let errors = build.errors(onLine: line, inFile: "Declarations.swift")
        #expect(errors.first?.hasSuffix(message) == true, "\(errors)")
        // NB: what each line said first before: that a value type cannot be held weakly.
        #expect(!errors.contains { $0.contains("value type") }, "\(errors)")
        // NB: the same in each compiler job that reports the line.
        let firstPerJob = build.firstErrorPerJob(mentioning: "Declarations.swift:\(line):")
        #expect(!firstPerJob.isEmpty && firstPerJob.allSatisfy { $0.hasSuffix(message) }, "\(firstPerJob)")
    }

    @Test(
        "assemble(env:) of those lines says what the line says, nothing about value types, and nothing of a type that is not @Injectable"
    )
    func weakClassMistakesInAssemble() async {
        let build = await Self.build
        // NB: the errors in the expansion of the lines' assembly, which ends on line 197.
        let errors = Set(build.expansionErrors(endingOnLine: 197, inFile: "Declarations.swift").map(\.message))
        #expect(!errors.contains { $0.contains("value type") }, "\(errors)")
        // NB: the @Injectable classes on the wrong track (lines 195 and 196).
        let expected = [
            "'register(_:scope:)' is unavailable: '@MainActor' services are registered with 'registerMain'",
            "'registerMain(_:tags:scope:)' is unavailable: an '@Injectable' class that is not '@MainActor' is registered with 'register': 'register(_:tags:scope:)' holds it weakly",
        ]
        for message in expected {
            #expect(errors.contains { $0.hasPrefix(message) }, "\(message) in \(errors)")
        }
        // NB: `assemble(env:)` names the lines' services through their aliases in
        // `__InjectableChecks`, invalid for PlainWeakCache (lines 193 and 194): the compiler says
        // nothing of those calls, nor of the registration table's `dependencies`.
        #expect(!errors.contains { $0.contains("is registered with a factory: 'register(") }, "\(errors)")
        #expect(!errors.contains { $0.contains("no exact matches") }, "\(errors)")
        #expect(!errors.contains { $0.contains("no member 'dependencies'") }, "\(errors)")
        #expect(!errors.contains { $0.contains("'__CycleEdges'") }, "\(errors)")
    }
}
