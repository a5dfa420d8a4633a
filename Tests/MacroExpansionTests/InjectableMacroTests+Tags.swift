import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("@Injectable with @Tags parameters")
struct InjectableTagsTests {
    @Test("a @Tags parameter requires a provider named after its type and sorted tags, and resolves under them")
    func taggedParameter() {
        assertMacroExpansion(
            """
            @Injectable
            struct Mirror {
                init(primary: Endpoint, @Tags("b", .a) backup: Endpoint, @Tags("audit") audit: Endpoint?) {}
            }
            """,
            expandedSource: """
                struct Mirror {
                    init(primary: Endpoint, @Tags("b", .a) backup: Endpoint, @Tags("audit") audit: Endpoint?) {}
                }

                extension Mirror: __ServiceMacroSupport.InjectableType {
                    enum `Endpoint is not registered with tags "b", .a: register it with tags: "b", .a` {}
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = Endpoint
                        func check(_ type: Endpoint.Type) -> D0
                        associatedtype D1 = `Endpoint is not registered with tags "b", .a: register it with tags: "b", .a`
                        func check(_ type: Endpoint.Type, tagged: (tags: Void, `tagged "b", .a`: Void).Type) -> D1
                    }
                    nonisolated static func `Mirror.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol __InjectionRequirement1 {
                        func provide(_ type: Endpoint.Type, tagged: (tags: Void, `tagged "b", .a`: Void).Type) -> Endpoint
                    }
                    nonisolated protocol __InjectionRequirement2 {
                        func provide(_ type: Endpoint?.Type) -> Endpoint?
                    }
                    nonisolated protocol InjectionRequirements: __InjectionRequirement1, __InjectionRequirement2 {
                        func provide(_ type: Endpoint.Type) -> Endpoint
                    }
                    private static var `Mirror is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `Mirror is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency(Endpoint.self, label: "primary", kind: .required),
                            __ServiceMacroSupport.Dependency(Endpoint.self, label: "backup", kind: .required, tags: ["b", .a]),
                            __ServiceMacroSupport.Dependency(Endpoint.self, label: "audit", kind: .optional, tags: ["audit"]),
                        ]
                    }
                    private nonisolated static let __tags1 = __ServiceMacroSupport.TagKey("b", .a)
                    private nonisolated static let __tags2 = __ServiceMacroSupport.TagKey("audit")
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(primary: try resolver.resolve(Endpoint.self), backup: try resolver.resolve(Endpoint.self, tags: Self.__tags1), audit: try resolver.resolveIfRegistered(Endpoint.self, tags: Self.__tags2))
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        Self(primary: graph.provide(Endpoint.self), backup: graph.provide(Endpoint.self, tagged: (tags: Void, `tagged "b", .a`: Void).self), audit: graph.provide(Endpoint?.self))
                    }
                    nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_Endpoint = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_Endpoint>.Result
                }
                """,
        )
    }

    @Test("an empty, assisted or deferred @Tags parameter is diagnosed")
    func misplacedTags() {
        for (source, message) in [
            (
                "init(@Tags() backup: Endpoint) {}",
                "'@Tags' names at least one tag, as the registration it resolves spells them",
            ),
            (
                "init(@Assisted @Tags(\"b\") id: Int) {}",
                "an '@Assisted' parameter is passed when resolving; it cannot also be '@Tags'",
            ),
            (
                "init(@Tags(\"b\") backup: Lazy<Endpoint>) {}",
                "'@Tags' cannot be applied to a 'Lazy' or 'ServiceProvider' parameter; take the tagged service itself",
            ),
        ] {
            let report = ExpansionReport("@Injectable\nstruct Mirror {\n    \(source)\n}")
            #expect(
                report.diagnostics.count == 1 && report.diagnostics[0].hasPrefix("error: \(message) at `@Tags"),
                "\(report.diagnostics)",
            )
        }
    }

    @Test("a @MainActor type resolves a @Tags parameter on whichever track has the tagged registration")
    func taggedParameterOnMainActorType() {
        assertMacroExpansion(
            """
            @Injectable
            @MainActor
            final class Screen {
                init(@Tags("b") backup: Endpoint, @Tags("audit") audit: Banner?) {}
            }
            """,
            expandedSource: """
                @MainActor
                final class Screen {
                    init(@Tags("b") backup: Endpoint, @Tags("audit") audit: Banner?) {}
                }

                extension Screen: __ServiceMacroSupport.MainInjectableType {
                    enum `Endpoint is not registered with tags "b": register it with tags: "b"` {}
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = `Endpoint is not registered with tags "b": register it with tags: "b"`
                        func check(_ type: Endpoint.Type, tagged: (tags: Void, `tagged "b"`: Void).Type) -> D0
                    }
                    nonisolated static func `Screen.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol __InjectionRequirement1 {
                        func provide(_ type: Banner?.Type) -> Banner?
                    }
                    nonisolated protocol InjectionRequirements: __InjectionRequirement1 {
                        func provide(_ type: Endpoint.Type, tagged: (tags: Void, `tagged "b"`: Void).Type) -> Endpoint
                    }
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency(Endpoint.self, label: "backup", kind: .required, tags: ["b"]),
                            __ServiceMacroSupport.Dependency(Banner.self, label: "audit", kind: .optional, tags: ["audit"]),
                        ]
                    }
                    private nonisolated static let __tags0 = __ServiceMacroSupport.TagKey("b")
                    private nonisolated static let __tags1 = __ServiceMacroSupport.TagKey("audit")
                    static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(backup: try __ServiceMacroSupport.resolveOnEitherTrack(Endpoint.self, tags: Self.__tags0, in: resolver), audit: try __ServiceMacroSupport.resolveOnEitherTrackIfRegistered(Banner.self, tags: Self.__tags1, in: resolver))
                    }
                    static func make(graph: some InjectionRequirements) -> Self {
                        Self(backup: graph.provide(Endpoint.self, tagged: (tags: Void, `tagged "b"`: Void).self), audit: graph.provide(Banner?.self))
                    }
                    nonisolated protocol __CycleRequirements {}
                    typealias __CycleEdges<G: __CycleRequirements> = Void
                }
                """,
        )
    }

    @Test("a public type's tagged reasons are public; of two that read alike, the second is the library's")
    func taggedReasonNames() {
        // NB: both the raw identifier and the words of an older swift-syntax join runs of spaces.
        let report = ExpansionReport(
            """
            @Injectable
            public struct Mirror {
                public init(@Tags("a  b") first: Endpoint, @Tags("a b") second: Endpoint) {}
            }
            """
        )
        #expect(report.diagnostics.isEmpty && report.expandedErrors == 0, "\(report.diagnostics)")
        let reason = readableLabel("Endpoint is not registered with tags \"a b\": register it with tags: \"a b\"")
        let reasons = report.expanded.split(separator: "\n").filter { $0.contains("enum ") && $0.contains(reason) }
        #expect(
            reasons.count == 1 && reasons[0].trimmingPrefix(while: \.isWhitespace).hasPrefix("public enum "),
            "\(reasons)",
        )
        let defaults = report.expanded.split(separator: "\n").filter { $0.contains("associatedtype D") }
        #expect(defaults.count == 2, "\(defaults)")
        #expect(defaults.first?.hasSuffix(" = \(reason)") == true, "\(defaults)")
        let generic = [
            "`not registered with the tags it asks for`<Endpoint, ", "NotRegisteredWithTheseTags<Endpoint, ",
        ]
        #expect(defaults.last.map { line in generic.contains { line.contains($0) } } == true, "\(defaults)")
    }

    @Test("an assembly declares one check per tagged registration, keyed by its type and sorted tags")
    func assemblyTaggedChecks() {
        let report = ExpansionReport(
            """
            @Assembly
            struct Wiring {
                #register(Endpoint.self, tags: "b", .a) { Endpoint() }
                #external(Clock.self, tags: "utc")
                #register(Mirror.self)
                #registerMain(Banner.self, tags: "welcome")
            }
            """
        )
        #expect(report.diagnostics.isEmpty)
        let registered = "{"
        let endpointTags = "(tags: Void, \(readableLabel("tagged \"b\", .a")): Void)"
        #expect(
            report.expanded.contains(
                "final func check(_ type: Endpoint.Type, tagged: \(endpointTags).Type) -> __ServiceMacroSupport.Registered \(registered)"
            )
        )
        // NB: an external line's check is in each graph class, so that an including assembly may register it.
        let clockTags = "(tags: Void, \(readableLabel("tagged \"utc\"")): Void)"
        #expect(
            report.expanded.contains(
                "final func check(_ type: Clock.Type, tagged: \(clockTags).Type) -> __ServiceMacroSupport.Registered {"
            )
        )
        #expect(
            report.expanded.contains("final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason "))
        // NB: a MainActor registration is withheld from Sendable services, tagged or not.
        let bannerTags = "(tags: Void, \(readableLabel("tagged \"welcome\"")): Void)"
        let bannerCheck = "final func check(_ type: Banner.Type, tagged: \(bannerTags).Type) -> "
        #expect(report.expanded.contains(bannerCheck + "__ServiceMacroSupport.Registered \(registered)"))
        #expect(report.expanded.contains(bannerCheck + mainActorOnly("Banner")))
    }
}

/// A tag set's label as this swift-syntax writes it: a raw identifier, or its words joined by `_`.
private func readableLabel(_ words: String) -> String {
    #if canImport(SwiftSyntax602)
        return "`\(words)`"
    #else
        return words.split { !($0.isLetter || $0.isNumber || $0 == "_") }.joined(separator: "_")
    #endif
}

/// The type a Sendable service's graph returns for `key`, registered with `#registerMain`, as this
/// swift-syntax writes it.
func mainActorOnly(_ key: String) -> String {
    #if canImport(SwiftSyntax602)
        return "Registrations.`\(key) \(mainActorOnlyPredicate)`"
    #else
        return "__ServiceMacroSupport.MainActorOnly<\(key)>"
    #endif
}
