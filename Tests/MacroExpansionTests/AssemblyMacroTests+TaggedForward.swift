import SwiftDiagnostics
import SwiftSyntaxMacrosGenericTestSupport
import Testing

extension AssemblyMacroTests {
    /// The fix-it of `sharedAsTaggedMember`.
    static let forwardMetrics = #"forward '(any HealthCheck)[tags: "metrics"]' to the registration of 'MetricsStore'"#

    @Test("a tagged forward registers its tagged key as a transient that resolves the untagged target")
    func taggedForward() {
        assertMacroExpansion(
            """
            @Assembly
            struct MetricsAssembly {
                #register(MetricsStore.self)
                #forward((any HealthCheck).self, tags: "metrics", to: MetricsStore.self)
            }
            """,
            expandedSource: """
                struct MetricsAssembly {

                    private static func __trackChecks() {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.SendableTrackCheck<MetricsStore>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 4)
                        func Line1Key(_ service: MetricsStore) -> (any HealthCheck) { service }
                        #sourceLocation()
                    }

                    enum __InjectableChecks {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.InjectableCheck<MetricsStore>
                        #sourceLocation()
                    }

                    nonisolated static let registrations: [__ServiceMacroSupport.Registration] = __registrationTable()

                    private nonisolated static func __registrationTable() -> [__ServiceMacroSupport.Registration] {
                        var rows: [__ServiceMacroSupport.Registration] = []
                        rows.reserveCapacity(2)
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: MetricsStore.self,
                                registeredAs: MetricsStore.self,
                                scope: .singleton,
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line0.dependencies)
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: (any HealthCheck).self,
                                registeredAs: (any HealthCheck).self,
                                scope: .transient,
                                track: .sendable,
                                source: .injectable(dependencies: [__ServiceMacroSupport.Dependency(MetricsStore.self, label: "#forward", kind: .required)]), tags: ["metrics"]
                            )
                        )
                        return rows
                    }

                    nonisolated func assemble(env: __ServiceMacroSupport.Environment) {
                        env.register(__InjectableChecks.Line0.self, scope: .singleton)
                        env.forward((any HealthCheck).self, tags: "metrics", to: MetricsStore.self) { $0 }
                    }

                    nonisolated class Provided {
                        final func check(_ type: MetricsStore.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: (any HealthCheck).Type, tagged: (tags: Void, `tagged "metrics"`: Void).Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check<T>(_ type: T.Type) -> T { fatalError() }
                        final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
                        final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
                    }

                    typealias ProvidedToSendableServices = Provided

                    typealias ProvidedToSharedServices = Provided

                    typealias ProvidedToSharedMainActorServices = Provided

                    private static func __injectionGraphs() {
                        do {
                            #sourceLocation(file: "test.swift", line: 3)
                            nonisolated final class `#register(MetricsStore.self)`<__Service>: ProvidedToSendableServices, MetricsStore.__ProviderChecks {}
                            #sourceLocation(file: "test.swift", line: 3)
                            `MetricsStore.init`(`#register(MetricsStore.self)`<__InjectableChecks.Line0>.self); func `MetricsStore.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 3)
                            __InjectableChecks.Line0.`MetricsStore.init`(`#register(MetricsStore.self)`<__InjectableChecks.Line0>.self)
                            #sourceLocation()
                        }
                        do {
                            #sourceLocation(file: "test.swift", line: 4)
                            nonisolated final class `#forward((any HealthCheck).self, tags: "metrics", to: MetricsStore.self)`: ProvidedToSendableServices {}
                            #sourceLocation(file: "test.swift", line: 4)
                            `(any HealthCheck) forwards to MetricsStore`(`#forward((any HealthCheck).self, tags: "metrics", to: MetricsStore.self)`().check(MetricsStore.self)); func `(any HealthCheck) forwards to MetricsStore`<D: __ServiceMacroSupport.ProvidedDependency>(_ target: D) {}
                            #sourceLocation()
                        }
                    }

                    enum __CycleExport {
                        protocol Node_MetricsStore: MetricsStore.__CycleRequirements {
                            typealias Cycle_MetricsStore = __InjectableChecks.Line0.__CycleEdges<Self>
                        }
                    }

                    typealias __CycleNodes = __CycleExport.Node_MetricsStore
                }

                extension MetricsAssembly: __ServiceMacroSupport.AssemblyType, __ServiceMacroSupport.NonisolatedAssemblyType {}
                """,
        )
    }

    @Test("a type registered for itself and as a tagged member of a collection is warned about; a fix-it forwards")
    func sharedAsTaggedMember() {
        assertMacroExpansion(
            """
            @Assembly
            struct MetricsAssembly {
                #register(MetricsStore.self)
                #register(MetricsStore.self, as: (any HealthCheck).self, tags: "metrics")
            }
            """,
            expandedSource: """
                struct MetricsAssembly {

                    private static func __trackChecks() {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.SendableTrackCheck<MetricsStore>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 4)
                        typealias Line1 = __ServiceMacroSupport.SendableTrackCheck<MetricsStore>
                        #sourceLocation(file: "test.swift", line: 4)
                        func Line1Key(_ service: MetricsStore) -> (any HealthCheck) { service }
                        #sourceLocation()
                    }

                    enum __InjectableChecks {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.InjectableCheck<MetricsStore>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 4)
                        typealias Line1 = __ServiceMacroSupport.InjectableCheck<MetricsStore>
                        #sourceLocation()
                    }

                    nonisolated static let registrations: [__ServiceMacroSupport.Registration] = __registrationTable()

                    private nonisolated static func __registrationTable() -> [__ServiceMacroSupport.Registration] {
                        var rows: [__ServiceMacroSupport.Registration] = []
                        rows.reserveCapacity(2)
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: MetricsStore.self,
                                registeredAs: MetricsStore.self,
                                scope: .singleton,
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line0.dependencies)
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: MetricsStore.self,
                                registeredAs: (any HealthCheck).self,
                                scope: .singleton,
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line1.dependencies), tags: ["metrics"]
                            )
                        )
                        return rows
                    }

                    nonisolated func assemble(env: __ServiceMacroSupport.Environment) {
                        env.register(__InjectableChecks.Line0.self, scope: .singleton)
                        env.register(__InjectableChecks.Line1.self, as: (any HealthCheck).self, tags: "metrics", scope: .singleton) { (service: MetricsStore) in service }
                    }

                    nonisolated class Provided {
                        final func check(_ type: MetricsStore.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: (any HealthCheck).Type, tagged: (tags: Void, `tagged "metrics"`: Void).Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check<T>(_ type: T.Type) -> T { fatalError() }
                        final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
                        final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
                    }

                    typealias ProvidedToSendableServices = Provided

                    typealias ProvidedToSharedServices = Provided

                    typealias ProvidedToSharedMainActorServices = Provided

                    private static func __injectionGraphs() {
                        do {
                            #sourceLocation(file: "test.swift", line: 3)
                            nonisolated final class `#register(MetricsStore.self)`<__Service>: ProvidedToSendableServices, MetricsStore.__ProviderChecks {}
                            #sourceLocation(file: "test.swift", line: 3)
                            `MetricsStore.init`(`#register(MetricsStore.self)`<__InjectableChecks.Line0>.self); func `MetricsStore.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 3)
                            __InjectableChecks.Line0.`MetricsStore.init`(`#register(MetricsStore.self)`<__InjectableChecks.Line0>.self)
                            #sourceLocation()
                        }
                        do {
                            #sourceLocation(file: "test.swift", line: 4)
                            nonisolated final class `#register(MetricsStore.self, as: (any HealthCheck).self, tags: "metrics")`<__Service>: ProvidedToSendableServices, MetricsStore.__ProviderChecks {}
                            #sourceLocation(file: "test.swift", line: 4)
                            `MetricsStore.init`(`#register(MetricsStore.self, as: (any HealthCheck).self, tags: "metrics")`<__InjectableChecks.Line1>.self); func `MetricsStore.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 4)
                            __InjectableChecks.Line1.`MetricsStore.init`(`#register(MetricsStore.self, as: (any HealthCheck).self, tags: "metrics")`<__InjectableChecks.Line1>.self)
                            #sourceLocation()
                        }
                    }

                    enum __CycleExport {
                        protocol Node_MetricsStore: MetricsStore.__CycleRequirements {
                            typealias Cycle_MetricsStore = __InjectableChecks.Line0.__CycleEdges<Self>
                        }
                    }

                    typealias __CycleNodes = __CycleExport.Node_MetricsStore
                }

                extension MetricsAssembly: __ServiceMacroSupport.AssemblyType, __ServiceMacroSupport.NonisolatedAssemblyType {}
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        #"'MetricsStore' is registered as 'MetricsStore' and as '(any HealthCheck)[tags: "metrics"]', each with an instance of its own: to share one, register 'MetricsStore' once and '#forward' the other types to it; to keep two, write 'scope: .singleton' on this line"#,
                    line: 4,
                    column: 5,
                    severity: .warning,
                    notes: [NoteSpec(message: "first registered here", line: 3, column: 5)],
                    fixIts: [
                        FixItSpec(message: Self.forwardMetrics),
                        FixItSpec(message: "keep two instances: write 'scope: .singleton'"),
                    ],
                )
            ],
            applyFixIts: [Self.forwardMetrics],
            fixedSource: """
                @Assembly
                struct MetricsAssembly {
                    #register(MetricsStore.self)
                    #forward((any HealthCheck).self, tags: "metrics", to: MetricsStore.self)
                }
                """,
        )
    }

    @Test("two tagged keys of two types: both lines become forwards with their tags, under one untagged registration")
    func twoTaggedKeys() {
        let report = ExpansionReport(
            """
            @Assembly
            struct MetricsAssembly {
                #register(MetricsStore.self, as: (any Exporting).self, tags: "prometheus")
                #register(MetricsStore.self, as: (any HealthCheck).self, tags: "metrics")
            }
            """
        )
        #expect(
            report.diagnostics.count == 1
                && report.diagnostics[0].contains(
                    #"'MetricsStore' is registered as '(any Exporting)[tags: "prometheus"]' and as '(any HealthCheck)[tags: "metrics"]'"#
                )
                && report.diagnostics[0].contains("[fix-it: register 'MetricsStore' once and forward both types to it]"),
            "\(report.diagnostics)",
        )
    }

    @Test("the same type under two tag sets is two instances on purpose: no warning")
    func sameTypeTwoTags() {
        let report = ExpansionReport(
            """
            @Assembly
            struct CacheAssembly {
                #register(Cache.self, tags: "users")
                #register(Cache.self, tags: "posts")
                #register(Cache.self, as: (any Caching).self, tags: "users")
                #register(Cache.self, as: (any Caching).self, tags: "posts")
            }
            """
        )
        #expect(report.diagnostics.count == 2, "\(report.diagnostics)")
        // NB: the third and fourth lines' key type differs from the first's; the second's does not.
        #expect(report.diagnostics.allSatisfy { !$0.contains("#register(Cache.self, tags: \"posts\")") })
    }

    @Test("a first line that registers the type itself under tags: only the fix-it that keeps two instances")
    func taggedSelfFirst() {
        let report = ExpansionReport(
            """
            @Assembly
            struct MetricsAssembly {
                #register(MetricsStore.self, tags: "primary")
                #register(MetricsStore.self, as: (any HealthCheck).self, tags: "metrics")
            }
            """
        )
        #expect(report.diagnostics.count == 1, "\(report.diagnostics)")
        #expect(report.diagnostics.first?.hasSuffix("[fix-it: keep two instances: write 'scope: .singleton']") == true)
        #expect(report.diagnostics.first?.contains("forward") == true)
        #expect(report.diagnostics.first?.contains("[fix-it: forward") == false)
    }

    @Test("a tagged forward of a type to itself is a key of its own, not a forward to itself")
    func taggedForwardOfTheTargetType() {
        let report = ExpansionReport(
            """
            @Assembly
            struct MetricsAssembly {
                #register(MetricsStore.self)
                #forward(MetricsStore.self, tags: "primary", to: MetricsStore.self)
            }
            """
        )
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(
            report.expanded.contains(#"env.forward(MetricsStore.self, tags: "primary", to: MetricsStore.self) { $0 }"#))
    }
}
