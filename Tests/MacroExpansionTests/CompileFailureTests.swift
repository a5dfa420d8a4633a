import Foundation
import Testing

/// Builds `Tests/Fixtures/CompileFailures` (a package of deliberate wiring mistakes) once, and
/// checks what the compiler itself says about each one.
@Suite("Compile failures, as the compiler reports them")
struct CompileFailureTests {
    /// The fixture build, shared by every case.
    static var build: FixtureBuild {
        get async { await FixtureBuild.shared.value }
    }

    @Test("a dependency the assembly does not provide fails on its #register line; the first line names both types")
    func missingProvider() async {
        let build = await Self.build
        #expect(build.exitCode != 0)
        #expect(!build.errorMessages.isEmpty, "the fixture build reported no errors: \(build.output.suffix(3_000))")
        build.expectOneError(onLine: 14, endingWith: missingProviderMessage("Needy", needs: "Missing"))
        #expect(!build.output.contains("candidate has non-matching type"))
        #expect(!build.output.contains("add stubs for conformance"))
        #expect(!build.output.contains("does not conform to protocol 'Needy."))
    }

    @Test("in an assembly of 50 registrations, one missing provider is reported as in a small one")
    func missingProviderInALargeAssembly() async {
        let build = await Self.build
        build.expectOneError(onLine: 207, endingWith: missingProviderMessage("Greeter", needs: "Config"))
        // NB: it must not grow with the assembly (it was 312 lines with 50 registrations, then 87):
        // what grows is only the excerpt of the fixture between the assembly's attribute and the line.
        let small = build.blockLength(onLine: 14)
        let large = build.blockLength(onLine: 207)
        #expect(large <= small + 8, "\(large) lines against \(small) for a one-registration assembly")
    }

    @Test("a missing provider is reported by the job that compiles the assembly, not by the module's interface job too")
    func missingProviderReportedOnce() async {
        let build = await Self.build
        // NB: the checks are in a function body, which the emit-module job skips.
        for line in [14, 40, 89, 207, 222] {
            #expect(build.jobsReporting(onLine: line) == 1, "line \(line)")
        }
    }

    @Test("a missing existential dependency is named like any other, with its service")
    func missingExistentialProvider() async {
        let build = await Self.build
        let message = missingProviderMessage("Reporter", needs: "any TimeSource")
        build.expectOneError(onLine: 372, endingWith: message)
        #expect(!build.output.contains("cannot conform to"))
    }

    @Test("a dependency past the assembly check's positions is reported on the line by the service's own check")
    func missingProviderPastThePositions() async {
        let build = await Self.build
        let errors = build.errors(onLine: 403)
        #expect(
            errors.count == 1
                && errors[0].hasSuffix(
                    "error: static method '\(checkName("Machine"))' requires that 'Part8' inherit from "
                        + "'`registered in the assembly, or declared with #external`'"
                ),
            "\(errors)",
        )
    }

    @Test("two missing providers of one service are both named, one error each")
    func twoMissingProviders() async {
        let build = await Self.build
        let errors = build.errors(onLine: 222)
        #expect(errors.count == 2, "\(errors)")
        for missing in ["Config", "Clock"] {
            let message = missingProviderMessage("Scheduler", needs: missing)
            #expect(errors.contains { $0.hasSuffix(message) }, "\(errors)")
        }
    }

    @Test("#register of a @MainActor type fails on its line, once and first, naming the type and #registerMain")
    func mainActorTypeOnSendableTrack() async {
        let build = await Self.build
        let message =
            "error: type 'MainScreen' does not conform to protocol '`not @MainActor, which #register requires: register it with #registerMain`'"
        build.expectOneError(onLine: 27, endingWith: message)
        // NB: in a function body, which the interface job skips; and the assembly's own error
        // comes before what `assemble(env:)` says of the same line.
        #expect(build.jobsReporting(onLine: 27) == 1)
        // NB: `assemble(env:)`'s error about this assembly: the note after it points at the
        // assembly's last line, 28 (other assemblies' lines get the same error).
        let ownError = build.output.split(separator: "\n").firstIndex { $0.hasSuffix(message) }
        let assembleError = build.expansionErrors(endingOnLine: 28, inFile: "Cases.swift").first {
            $0.message.hasPrefix("'register(_:scope:)' is unavailable")
        }?.index
        #expect(ownError != nil && assembleError != nil && ownError! < assembleError!)
        #expect(!build.output.contains("no exact matches in call to macro 'register'"))
        #expect(!build.output.contains("add stubs for conformance"))
    }

    @Test("#register of a @MainActor type with an async initializer fails the same way")
    func asyncMainActorTypeOnSendableTrack() async {
        let build = await Self.build
        build.expectOneError(
            onLine: 243,
            endingWith:
                "error: type 'AsyncScreen' does not conform to protocol '`not @MainActor, which #register requires: register it with #registerMain`'",
        )
        // NB: the generated `assemble(env:)` says the same, not that no overload matches.
        #expect(!build.output.contains("no exact matches in call to instance method 'register'"))
    }

    @Test("a Sendable service depending on a MainActor service fails on its #register line, saying why")
    func sendableServiceDependingOnMainActorService() async {
        let build = await Self.build
        let errors = build.errors(onLine: 40)
        #expect(errors.count == 1, "\(errors)")
        #expect(
            errors.first.map {
                withheld(.mainActor, "MainScreen", by: "CrossTrackAssembly", from: "Presenter", in: $0)
            } == true,
            "\(errors)",
        )
        // NB: no note that invites the user to isolate the generated conformance.
        #expect(!build.block(onLine: 40).contains { $0.contains("isolate this conformance") })
    }

    @Test("a Sendable service depending on a MainActor service of the included assembly fails the same way")
    func sendableServiceDependingOnIncludedMainActorService() async {
        let build = await Self.build
        let errors = build.errors(onLine: 358)
        #expect(errors.count == 1, "\(errors)")
        #expect(
            errors.first.map {
                withheld(.mainActor, "Toolbar", by: "ToolbarAssembly", from: "ToolbarModel", in: $0)
            } == true,
            "\(errors)",
        )
    }

    @Test("isolation inferred from a protocol fails on the type's line; the first line names the type and the fix")
    func inferredMainActorIsolation() async {
        let build = await Self.build
        #expect(
            build.errors(onLine: 50).first?.hasSuffix(
                readable(
                    "error: main actor-isolated static property '\(inferredIsolationMessage)' can not be referenced from a nonisolated context"
                )
            ) == true,
            "\(build.errors(onLine: 50))",
        )
        // NB: the compiler's own note says where the isolation comes from; none invites the user to
        // isolate the generated conformance or its members.
        #expect(build.output.contains("main actor isolation inferred from conformance to protocol 'Screenish'"))
        #expect(!build.output.contains("isolate this conformance"))
        #expect(!build.output.contains("mark all declarations used in the conformance"))
    }

    @Test("isolation inferred from a @MainActor superclass fails on the type's line the same way")
    func inferredSuperclassIsolation() async {
        let build = await Self.build
        let name = inferredIsolationMessage.replacingOccurrences(of: "InferredScreen", with: "SettingsScreen")
        #expect(
            build.errors(onLine: 334).first?.hasSuffix(
                readable(
                    "error: main actor-isolated static property '\(name)' can not be referenced from a nonisolated context"
                )
            ) == true,
            "\(build.errors(onLine: 334))",
        )
    }

    @Test("#registerMain of a service that is not @MainActor fails on its line, once, naming the type and the fixes")
    func registerMainOfASendableService() async {
        let build = await Self.build
        build.expectOneError(
            onLine: 322,
            endingWith:
                "error: type 'Ledger' does not conform to protocol '`@MainActor, which #registerMain requires: add it to the type, or use #register`'",
        )
        #expect(!build.output.contains("no exact matches in call to macro 'registerMain'"))
    }

    @Test("a #registerMain service's missing dependency is reported on its #registerMain line")
    func missingProviderOfARegisterMainService() async {
        let build = await Self.build
        build.expectOneError(onLine: 323, endingWith: missingProviderMessage("LedgerScreen", needs: "Missing"))
    }

    @Test("an opt-in cycle check fails on the #register line and the notes name the path")
    func optInCycle() async {
        let build = await Self.build
        #expect(
            build.errors(onLine: 68).first?.hasSuffix(
                readable(
                    "error: type alias 'Ping needs itself through its dependencies: take one of them as Lazy or ServiceProvider' references itself"
                )
            ) == true
        )
        #expect(build.output.contains("while resolving type 'Ping.__CycleEdges<__CycleGraph>'"))
        #expect(build.output.contains("while resolving type 'Pong.__CycleEdges<__CycleGraph>'"))
    }

    @Test("the cycle check sees the included assembly's services: a cycle through them fails on the #register line")
    func cycleAcrossIncludedAssembly() async {
        let build = await Self.build
        let cycle = "Server needs itself through its dependencies: take one of them as Lazy or ServiceProvider"
        #expect(
            build.errors(onLine: 267).first?.hasSuffix(readable("error: type alias '\(cycle)' references itself"))
                == true,
            "\(build.errors(onLine: 267))",
        )
        #expect(build.output.contains("does not conform to protocol 'Router.__CycleRequirements'"))
        // NB: the included assembly declares `Server` external and the including one registers it:
        // its provider does not collide with the included one's ("requires an 'override' keyword").
        #expect(!build.output.contains("override"))
        #expect(build.errors(onLine: 261).isEmpty && build.errors(onLine: 262).isEmpty)
    }

    @Test("a @Tags dependency registered only untagged fails on its #register line, naming the type and the tags")
    func missingTaggedProvider() async {
        let build = await Self.build
        let message = missingTaggedProviderMessage("Mirror", needs: "Endpoint", tagged: "backup")
        build.expectOneError(onLine: 282, endingWith: message)
    }

    @Test("a @MainActor service's missing @Tags dependency fails on its #registerMain line; a MainActor one is found")
    func missingTaggedProviderOfMainActorService() async {
        let build = await Self.build
        let message = missingTaggedProviderMessage("Lobby", needs: "Endpoint", tagged: "backup")
        build.expectOneError(onLine: 303, endingWith: message)
        let errors = build.errors(onLine: 303)
        #expect(errors.allSatisfy { !$0.contains("Banner") }, "\(errors)")
    }

    @Test("a singleton that depends on a per-scope type fails on its #register line; a transient does not")
    func captiveDependency() async {
        let build = await Self.build
        let errors = build.errors(onLine: 89)
        #expect(errors.count == 1, "\(errors)")
        #expect(
            errors.first.map {
                withheld(.perScope, "RequestContext", by: "CaptiveAssembly", from: "RequestCache", in: $0)
            } == true,
            "\(errors)",
        )
        #expect(build.errors(onLine: 90).isEmpty)
    }

    @Test("a Lazy or ServiceProvider dependency is checked like a required one: a missing provider, a captive one")
    func deferredDependencies() async {
        let build = await Self.build
        let missing = build.errors(onLine: 63, inFile: "Declarations.swift")
        #expect(
            missing.count == 1
                && missing[0].hasSuffix(missingProviderMessage("DeferredNotifier", needs: "DeferredMailer")),
            "\(missing)",
        )
        // NB: DeferredRequestInfo is declared #external per scope, DeferredMailer registered per scope.
        let captives = [(85, "DeferredRequestInfo", "DeferredAuditor"), (86, "DeferredMailer", "DeferredTracker")]
        for (line, dependency, service) in captives {
            let errors = build.errors(onLine: line, inFile: "Declarations.swift")
            let isCaptive = errors.first.map {
                withheld(.perScope, dependency, by: "DeferredCaptiveAssembly", from: service, in: $0)
            }
            #expect(errors.count == 1 && isCaptive == true, "line \(line): \(errors)")
        }
        #expect(build.errors(onLine: 87, inFile: "Declarations.swift").isEmpty)
    }

    @Test("a value type registered with the weak scope fails on its line, saying weak holds classes only")
    func valueTypeInWeakScope() async {
        let build = await Self.build
        let errors = build.errors(onLine: 230)
        #expect(
            errors.first?.hasSuffix(
                "error: 'weak' is unavailable: '.weak' holds a class instance weakly: it is for register(_:scope:factory:) and registerMain(_:scope:factory:) with a factory that returns one, and for #register of an @Injectable class; a value type cannot be held weakly: use '.singleton' or '.transient'"
            ) == true,
            "\(errors)",
        )
        #expect(errors.count == 1, "\(errors)")
    }

    @Test("#register of a type that is not @Injectable fails on its line, first, naming the type and both fixes")
    func typeThatIsNotInjectable() async {
        let build = await Self.build
        build.expectFirstError(
            onLine: 417,
            endingWith:
                "error: type 'SiteSettings' does not conform to protocol '`@Injectable, which #register requires without a closure: add it to the type, or give #register a closure`'",
        )
        let errors = build.errors(onLine: 417)
        // NB: what it said before: no match among the macro's overloads, with a note on each in
        // this library's source, and the track check's advice to use #registerMain.
        #expect(!errors.contains { $0.contains("#registerMain") }, "\(errors)")
        #expect(!build.output.contains("no exact matches in call to macro"))
        #expect(!build.block(onLine: 417).contains { $0.contains("Sources/Service/") })
        // NB: in each job, before the errors about members @Injectable would have generated
        // (the interface job reports the type-level ones only, and it prints first as often as not).
        let firstPerJob = build.firstErrorPerJob(mentioning: "SiteSettings")
        #expect(firstPerJob.count == 2, "\(firstPerJob)")
        #expect(
            firstPerJob.allSatisfy { $0.contains("Cases.swift:417:") && $0.contains("`@Injectable, which #register") },
            "\(firstPerJob)",
        )
    }

    @Test("#registerMain of a type that is not @Injectable fails on its line, first, naming the type")
    func mainActorTypeThatIsNotInjectable() async {
        let build = await Self.build
        build.expectFirstError(
            onLine: 418,
            endingWith:
                "error: type 'Palette' does not conform to protocol '`@Injectable, which #registerMain requires without a closure: add it to the type, or give #registerMain a closure`'",
        )
        let errors = build.errors(onLine: 418)
        #expect(!errors.contains { $0.contains("use #register") }, "\(errors)")
    }

    @Test("#register under a protocol the service does not conform to fails on its line, naming both")
    func serviceRegisteredAsAProtocolItIsNot() async {
        let build = await Self.build
        build.expectOneError(
            onLine: 432,
            endingWith: "error: return expression of type 'CardGateway' does not conform to 'PaymentGateway'",
        )
        // NB: the conversion in `assemble(env:)`'s closure alone left the compiler without one.
        #expect(!build.output.contains("failed to produce diagnostic"))
    }

    @Test("#register with 'as:' and a closure fails on its line, naming the type to register first")
    func closureWithKey() async {
        let build = await Self.build
        // NB: a macro's own diagnostic, which each compiler job prints once.
        build.expectOneErrorPerJob(
            onLine: 444,
            endingWith:
                "error: 'as:' is for an @Injectable type built without a closure; a closure's service is the type named first: write '(any ReceiptPrinter).self' there and drop 'as:' (from macro 'Assembly')",
        )
        #expect(!build.output.contains("'() -> ThermalPrinter' cannot conform to 'Hashable'"))
    }

    /// What `@Injectable` says of a parameter of a `some` type.
    static let opaqueParameterError =
        "error: an injected parameter cannot be of a 'some' type, which makes the initializer generic: write 'any' (from macro 'Injectable')"

    @Test("a parameter of a 'some' type fails on it, with no error from the expansion")
    func opaqueParameter() async {
        let build = await Self.build
        build.expectOneErrorPerJob(
            onLine: 451,
            endingWith: Self.opaqueParameterError,
        )
    }

    @Test("an initializer @Injectable cannot call is the only error, and its #register line has none")
    func placeholderKeepsOneError() async {
        let build = await Self.build
        build.expectOneErrorPerJob(
            onLine: 460,
            endingWith: "error: an injected initializer cannot be failable (from macro 'Injectable')",
        )
        #expect(build.errors(onLine: 466).isEmpty, "\(build.errors(onLine: 466))")
        #expect(!build.errorMessages.contains { $0.contains("FlakyReader") }, "\(build.errorMessages)")
    }

    @Test("the scope before the tags, with a closure, fails on its line with the assembly's one error")
    func scopeBeforeTags() async {
        let build = await Self.build
        build.expectOneErrorPerJob(
            onLine: 474,
            endingWith:
                "error: '#register' takes its tags before its scope: write 'scope: .transient' after the tags (from macro 'Assembly')",
        )
    }

    @Test("a mistake after a method is reported at its own line and column: the plugin's emptied bodies move nothing")
    func positionAfterAMethod() async {
        let build = await Self.build
        build.expectOneErrorPerJob(
            onLine: 488,
            endingWith: Self.opaqueParameterError,
        )
        let errors = build.errors(onLine: 488)
        #expect(!errors.isEmpty && errors.allSatisfy { $0.contains("Cases.swift:488:17: error:") }, "\(errors)")
    }

    @Test("a memberwise property of a function alias, without escaping: true: the compiler's error is on its line")
    func functionAliasWithoutEscaping() async {
        let build = await Self.build
        build.expectOneErrorPerJob(
            onLine: 497,
            endingWith:
                "Cases.swift:497:19: error: assigning non-escaping parameter 'onParcel' to an '@escaping' closure",
        )
    }

    @Test("a forward to a type the assembly does not provide, or that is not its key, fails on its line, naming both")
    func forwardMistakes() async {
        let build = await Self.build
        let missing = build.errors(onLine: 108, inFile: "Declarations.swift")
        #expect(
            Set(missing.map { $0.components(separatedBy: "Declarations.swift:").last ?? "" }) == [
                "108:9: error: local function '\(forwardCheckName(key: "(any ForwardReading)", target: "ForwardArchive"))' "
                    + "requires that 'ForwardArchive' inherit from '`registered in the assembly, or declared with #external`'"
            ],
            "\(missing)",
        )
        let notAKey = build.errors(onLine: 109, inFile: "Declarations.swift")
        #expect(
            Set(notAKey.map { $0.components(separatedBy: "Declarations.swift:").last ?? "" }) == [
                "109:72: error: return expression of type 'ForwardStore' does not conform to 'ForwardUnrelated'"
            ],
            "\(notAKey)",
        )
    }

    @Test("with checkCycles, a cycle through a forward fails on the line of the service that needs itself")
    func cycleThroughAForward() async {
        let build = await Self.build
        let errors = build.errors(onLine: 146, inFile: "Declarations.swift")
        let cycle = "CycleStore needs itself through its dependencies: take one of them as Lazy or ServiceProvider"
        #expect(
            errors.first?.hasSuffix(readable("error: type alias '\(cycle)' references itself")) == true,
            "\(errors)",
        )
    }

    @Test("apply(_:) of an assembly with MainActor services names the fix, assemble(_:) on the main actor")
    func applyOfAMainActorAssembly() async {
        let build = await Self.build
        let errors = build.errors(onLine: 126, inFile: "Declarations.swift")
        #expect(
            Set(errors.map { $0.components(separatedBy: "Declarations.swift:").last ?? "" }) == [
                "126:29: error: 'apply' is unavailable: this assembly registers MainActor services or has a loaded(env:) hook: call assemble(_:) on the main actor"
            ],
            "\(errors)",
        )
    }

    @Test(
        "an array the assembly does not register, whose element type it does, fails on its line, saying to mark it @All"
    )
    func arrayWithoutAll() async {
        let build = await Self.build
        let errors = build.errors(onLine: 170, inFile: "Declarations.swift")
        let message = missingArrayProviderMessage("ArrayReport", needs: "[any ArrayCheck]")
        #expect(errors.count == 1 && errors[0].hasSuffix("170:9: " + message), "\(errors)")
    }

    @Test("no expansion in the fixture compiles with a warning")
    func noWarningsInExpansions() async {
        let build = await Self.build
        let warnings = build.output.split(separator: "\n").filter {
            $0.hasPrefix("macro expansion") && $0.contains(": warning:")
        }
        #expect(warnings.isEmpty, "\(warnings)")
    }

    @Test("the fixture's correct declarations produce no other errors, and Declarations.swift none but its last cases'")
    func noStrayErrors() async {
        let build = await Self.build
        let lines = Set(build.errorLines)
        let expected: Set = [
            14, 27, 40, 50, 68, 89, 207, 222, 230, 243, 267, 282, 303, 322, 323, 334, 358, 372, 403, 417, 418, 432,
            444, 451, 460, 474, 488, 497,
        ]
        #expect(lines.isSubset(of: expected), "unexpected errors: \(build.errorMessages)")
        // NB: the cases at its end are `deferredDependencies`'s, `forwardMistakes`'s and the ones after.
        let caseLines = [
            "Declarations.swift:63:", "Declarations.swift:85:", "Declarations.swift:86:", "Declarations.swift:108:",
            "Declarations.swift:109:", "Declarations.swift:126:", "Declarations.swift:146:", "Declarations.swift:170:",
            "Declarations.swift:193:", "Declarations.swift:194:", "Declarations.swift:195:", "Declarations.swift:196:",
            "Declarations.swift:219:", "Declarations.swift:220:", "Declarations.swift:221:", "Declarations.swift:222:",
            "Declarations.swift:238:", "Declarations.swift:251:",
        ]
        let declarationErrors = build.output.split(separator: "\n").filter { line in
            line.contains("Declarations.swift:") && line.contains(": error:")
                && !caseLines.contains { line.contains($0) }
        }
        #expect(declarationErrors.isEmpty, "\(declarationErrors)")
    }
}
