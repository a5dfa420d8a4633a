import SwiftSyntaxMacrosGenericTestSupport
import Testing

extension AssemblyMacroTests {
    @Test("tagged registrations pass their tags, record them in the table and provide nothing untagged")
    func taggedRegistrations() {
        assertMacroExpansion(
            """
            @Assembly
            struct StorageAssembly {
                #register(Database.self)
                #register(Database.self, tags: "replica", Region.eu, scope: .transient)
                #register(Config.self, tags: "staging") { Config(url: "https://staging.example.com") }
                #register(SQLiteStore.self, as: (any Store).self, tags: 1)
            }
            """,
            expandedSource: """
                struct StorageAssembly {

                    private static func __trackChecks() {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.SendableTrackCheck<Database>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 4)
                        typealias Line1 = __ServiceMacroSupport.SendableTrackCheck<Database>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 6)
                        typealias Line2 = __ServiceMacroSupport.SendableTrackCheck<SQLiteStore>
                        #sourceLocation(file: "test.swift", line: 6)
                        func Line2Key(_ service: SQLiteStore) -> (any Store) { service }
                        #sourceLocation()
                    }

                    enum __InjectableChecks {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.InjectableCheck<Database>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 4)
                        typealias Line1 = __ServiceMacroSupport.InjectableCheck<Database>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 6)
                        typealias Line2 = __ServiceMacroSupport.InjectableCheck<SQLiteStore>
                        #sourceLocation()
                    }

                    nonisolated static let registrations: [__ServiceMacroSupport.Registration] = __registrationTable()

                    private nonisolated static func __registrationTable() -> [__ServiceMacroSupport.Registration] {
                        var rows: [__ServiceMacroSupport.Registration] = []
                        rows.reserveCapacity(4)
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Database.self,
                                registeredAs: Database.self,
                                scope: .singleton,
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line0.dependencies)
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Database.self,
                                registeredAs: Database.self,
                                scope: .transient,
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line1.dependencies), tags: ["replica", Region.eu]
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Config.self,
                                registeredAs: Config.self,
                                scope: .singleton,
                                track: .sendable,
                                source: .closure, tags: ["staging"]
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: SQLiteStore.self,
                                registeredAs: (any Store).self,
                                scope: .singleton,
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line2.dependencies), tags: [1]
                            )
                        )
                        return rows
                    }

                    nonisolated func assemble(env: __ServiceMacroSupport.Environment) {
                        env.register(__InjectableChecks.Line0.self, scope: .singleton)
                        env.register(__InjectableChecks.Line1.self, tags: "replica", Region.eu, scope: .transient)
                        #sourceLocation(file: "test.swift", line: 5)
                        env.register(Config.self, tags: "staging", scope: .singleton) { Config(url: "https://staging.example.com") }
                        #sourceLocation()
                        env.register(__InjectableChecks.Line2.self, as: (any Store).self, tags: 1, scope: .singleton) { (service: SQLiteStore) in service }
                    }

                    nonisolated class Provided {
                        final func check(_ type: Database.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: Database.Type, tagged: (tags: Void, `tagged "replica", Region.eu`: Void).Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: Config.Type, tagged: (tags: Void, `tagged "staging"`: Void).Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: (any Store).Type, tagged: (tags: Void, `tagged 1`: Void).Type) -> __ServiceMacroSupport.Registered { fatalError() }
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
                            nonisolated final class `#register(Database.self)`<__Service>: ProvidedToSendableServices, Database.__ProviderChecks {}
                            #sourceLocation(file: "test.swift", line: 3)
                            `Database.init`(`#register(Database.self)`<__InjectableChecks.Line0>.self); func `Database.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 3)
                            __InjectableChecks.Line0.`Database.init`(`#register(Database.self)`<__InjectableChecks.Line0>.self)
                            #sourceLocation()
                        }
                        do {
                            #sourceLocation(file: "test.swift", line: 4)
                            nonisolated final class `#register(Database.self, tags: "replica", Region.eu)`<__Service>: ProvidedToSendableServices, Database.__ProviderChecks {}
                            #sourceLocation(file: "test.swift", line: 4)
                            `Database.init`(`#register(Database.self, tags: "replica", Region.eu)`<__InjectableChecks.Line1>.self); func `Database.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 4)
                            __InjectableChecks.Line1.`Database.init`(`#register(Database.self, tags: "replica", Region.eu)`<__InjectableChecks.Line1>.self)
                            #sourceLocation()
                        }
                        do {
                            #sourceLocation(file: "test.swift", line: 6)
                            nonisolated final class `#register(SQLiteStore.self, as: (any Store).self, tags: 1)`<__Service>: ProvidedToSendableServices, SQLiteStore.__ProviderChecks {}
                            #sourceLocation(file: "test.swift", line: 6)
                            `SQLiteStore.init`(`#register(SQLiteStore.self, as: (any Store).self, tags: 1)`<__InjectableChecks.Line2>.self); func `SQLiteStore.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 6)
                            __InjectableChecks.Line2.`SQLiteStore.init`(`#register(SQLiteStore.self, as: (any Store).self, tags: 1)`<__InjectableChecks.Line2>.self)
                            #sourceLocation()
                        }
                    }

                    enum __CycleExport {
                        protocol Node_Database: Database.__CycleRequirements {
                            typealias Cycle_Database = __InjectableChecks.Line0.__CycleEdges<Self>
                        }
                    }

                    typealias __CycleNodes = __CycleExport.Node_Database
                }

                extension StorageAssembly: __ServiceMacroSupport.AssemblyType, __ServiceMacroSupport.NonisolatedAssemblyType {}
                """,
        )
    }

    @Test("checkCycles: true adds a cycle graph with one alias per untagged @Injectable registration")
    func checkCycles() {
        assertMacroExpansion(
            """
            @Assembly(checkCycles: true)
            struct CheckedAssembly {
                #register(Checkout.self)
                #register(SystemClock.self, as: (any Clock).self)
                #register(Config.self) { Config() }
                #register(Database.self, tags: "replica")
                #external(Logger.self)
            }
            """,
            expandedSource: """
                struct CheckedAssembly {

                    private static func __trackChecks() {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.SendableTrackCheck<Checkout>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 4)
                        typealias Line1 = __ServiceMacroSupport.SendableTrackCheck<SystemClock>
                        #sourceLocation(file: "test.swift", line: 4)
                        func Line1Key(_ service: SystemClock) -> (any Clock) { service }
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 6)
                        typealias Line2 = __ServiceMacroSupport.SendableTrackCheck<Database>
                        #sourceLocation()
                    }

                    enum __InjectableChecks {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.InjectableCheck<Checkout>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 4)
                        typealias Line1 = __ServiceMacroSupport.InjectableCheck<SystemClock>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 6)
                        typealias Line2 = __ServiceMacroSupport.InjectableCheck<Database>
                        #sourceLocation()
                    }

                    nonisolated static let registrations: [__ServiceMacroSupport.Registration] = __registrationTable()

                    private nonisolated static func __registrationTable() -> [__ServiceMacroSupport.Registration] {
                        var rows: [__ServiceMacroSupport.Registration] = []
                        rows.reserveCapacity(5)
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Checkout.self,
                                registeredAs: Checkout.self,
                                scope: .singleton,
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line0.dependencies)
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: SystemClock.self,
                                registeredAs: (any Clock).self,
                                scope: .singleton,
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line1.dependencies)
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Config.self,
                                registeredAs: Config.self,
                                scope: .singleton,
                                track: .sendable,
                                source: .closure
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Database.self,
                                registeredAs: Database.self,
                                scope: .singleton,
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line2.dependencies), tags: ["replica"]
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Logger.self,
                                registeredAs: Logger.self,
                                scope: .singleton,
                                track: .sendable,
                                source: .external
                            )
                        )
                        return rows
                    }

                    nonisolated func assemble(env: __ServiceMacroSupport.Environment) {
                        env.register(__InjectableChecks.Line0.self, scope: .singleton)
                        env.register(__InjectableChecks.Line1.self, as: (any Clock).self, scope: .singleton) { (service: SystemClock) in service }
                        #sourceLocation(file: "test.swift", line: 5)
                        env.register(Config.self, scope: .singleton) { Config() }
                        #sourceLocation()
                        env.register(__InjectableChecks.Line2.self, tags: "replica", scope: .singleton)
                    }

                    nonisolated class Provided {
                        final func check(_ type: Checkout.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: (any Clock).Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: Config.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: Database.Type, tagged: (tags: Void, `tagged "replica"`: Void).Type) -> __ServiceMacroSupport.Registered { fatalError() }
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
                            nonisolated final class `#register(Checkout.self)`<__Service>: ProvidedToSendableServices, Checkout.__ProviderChecks {
                                final func check(_ type: Logger.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                            }
                            #sourceLocation(file: "test.swift", line: 3)
                            `Checkout.init`(`#register(Checkout.self)`<__InjectableChecks.Line0>.self); func `Checkout.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 3)
                            __InjectableChecks.Line0.`Checkout.init`(`#register(Checkout.self)`<__InjectableChecks.Line0>.self)
                            #sourceLocation()
                        }
                        do {
                            #sourceLocation(file: "test.swift", line: 4)
                            nonisolated final class `#register(SystemClock.self, as: (any Clock).self)`<__Service>: ProvidedToSendableServices, SystemClock.__ProviderChecks {
                                final func check(_ type: Logger.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                            }
                            #sourceLocation(file: "test.swift", line: 4)
                            `SystemClock.init`(`#register(SystemClock.self, as: (any Clock).self)`<__InjectableChecks.Line1>.self); func `SystemClock.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 4)
                            __InjectableChecks.Line1.`SystemClock.init`(`#register(SystemClock.self, as: (any Clock).self)`<__InjectableChecks.Line1>.self)
                            #sourceLocation()
                        }
                        do {
                            #sourceLocation(file: "test.swift", line: 6)
                            nonisolated final class `#register(Database.self, tags: "replica")`<__Service>: ProvidedToSendableServices, Database.__ProviderChecks {
                                final func check(_ type: Logger.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                            }
                            #sourceLocation(file: "test.swift", line: 6)
                            `Database.init`(`#register(Database.self, tags: "replica")`<__InjectableChecks.Line2>.self); func `Database.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 6)
                            __InjectableChecks.Line2.`Database.init`(`#register(Database.self, tags: "replica")`<__InjectableChecks.Line2>.self)
                            #sourceLocation()
                        }
                    }

                    enum __CycleExport {
                        protocol Node_Checkout: Checkout.__CycleRequirements {
                            typealias Cycle_Checkout = __InjectableChecks.Line0.__CycleEdges<Self>
                        }
                        protocol Node_any_Clock: SystemClock.__CycleRequirements {
                            typealias Cycle_any_Clock = __InjectableChecks.Line1.__CycleEdges<Self>
                        }
                    }

                    typealias __CycleNodes = __CycleExport.Node_Checkout & __CycleExport.Node_any_Clock

                    private enum __CycleGraph: Checkout.__CycleRequirements, SystemClock.__CycleRequirements {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias `Checkout needs itself through its dependencies: take one of them as Lazy or ServiceProvider` = Checkout.__CycleEdges<__CycleGraph>
                        #sourceLocation()
                        typealias Cycle_Checkout = `Checkout needs itself through its dependencies: take one of them as Lazy or ServiceProvider`
                        #sourceLocation(file: "test.swift", line: 4)
                        typealias `any Clock needs itself through its dependencies: take one of them as Lazy or ServiceProvider` = SystemClock.__CycleEdges<__CycleGraph>
                        #sourceLocation()
                        typealias Cycle_any_Clock = `any Clock needs itself through its dependencies: take one of them as Lazy or ServiceProvider`
                    }
                }

                extension CheckedAssembly: __ServiceMacroSupport.AssemblyType, __ServiceMacroSupport.NonisolatedAssemblyType {}
                """,
        )
    }
}
