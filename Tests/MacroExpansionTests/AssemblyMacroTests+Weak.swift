import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `#register` and `#registerMain` of an `@Injectable` class with the weak scope under another
/// type or tags.
@Suite("@Assembly: a weak class under another type or tags")
struct AssemblyWeakKeysTests {
    @Test("a weak class under another key, or under tags, registers through the weak forms, handed the environment")
    func weakUnderKeyAndTags() {
        assertMacroExpansion(
            """
            @Assembly
            struct DocumentAssembly {
                #register(MemoryCache.self, as: (any DocumentCache).self, scope: .weak)
                #registerMain(LayersPanel.self, as: (any Panel).self, tags: "side", scope: .weak)
            }
            """,
            expandedSource: """
                struct DocumentAssembly {

                    private static func __trackChecks() {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.SendableTrackCheck<MemoryCache>
                        #sourceLocation(file: "test.swift", line: 3)
                        func Line0Key(_ service: MemoryCache) -> (any DocumentCache) { service }
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 4)
                        typealias Line1 = __ServiceMacroSupport.MainTrackCheck<LayersPanel>
                        #sourceLocation(file: "test.swift", line: 4)
                        func Line1Key(_ service: LayersPanel) -> (any Panel) { service }
                        #sourceLocation()
                    }

                    enum __InjectableChecks {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.InjectableCheck<MemoryCache>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 4)
                        typealias Line1 = __ServiceMacroSupport.MainInjectableCheck<LayersPanel>
                        #sourceLocation()
                    }

                    nonisolated static let registrations: [__ServiceMacroSupport.Registration] = __registrationTable()

                    private nonisolated static func __registrationTable() -> [__ServiceMacroSupport.Registration] {
                        var rows: [__ServiceMacroSupport.Registration] = []
                        rows.reserveCapacity(2)
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: MemoryCache.self,
                                registeredAs: (any DocumentCache).self,
                                scope: .weak,
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line0.dependencies)
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: LayersPanel.self,
                                registeredAs: (any Panel).self,
                                scope: .weak,
                                track: .main,
                                source: .injectable(dependencies: __InjectableChecks.Line1.dependencies), tags: ["side"]
                            )
                        )
                        return rows
                    }

                    @MainActor func assemble(env: __ServiceMacroSupport.Environment) {
                        env.register(__InjectableChecks.Line0.self, as: (any DocumentCache).self, scope: .weak) { (service: MemoryCache) in service }
                        env.registerMain(__InjectableChecks.Line1.self, as: (any Panel).self, tags: "side", scope: .weak) { (service: LayersPanel) in service }
                    }

                    enum Registrations {
                        enum `(any Panel) is registered with #registerMain, which a Sendable service cannot depend on: register the service that needs it with #registerMain` {}
                    }

                    nonisolated class Provided {
                        final func check(_ type: (any DocumentCache).Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: (any Panel).Type, tagged: (tags: Void, `tagged "side"`: Void).Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check<T>(_ type: T.Type) -> T { fatalError() }
                        final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
                        final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
                    }

                    nonisolated class ProvidedToSendableServices {
                        final func check(_ type: (any DocumentCache).Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: (any Panel).Type, tagged: (tags: Void, `tagged "side"`: Void).Type) -> Registrations.`(any Panel) is registered with #registerMain, which a Sendable service cannot depend on: register the service that needs it with #registerMain` { fatalError() }
                        final func check<T>(_ type: T.Type) -> T { fatalError() }
                        final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
                        final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
                    }

                    typealias ProvidedToSharedServices = ProvidedToSendableServices

                    typealias ProvidedToSharedMainActorServices = Provided

                    private static func __injectionGraphs() {
                        do {
                            #sourceLocation(file: "test.swift", line: 3)
                            nonisolated final class `#register(MemoryCache.self, as: (any DocumentCache).self)`<__Service>: ProvidedToSendableServices, MemoryCache.__ProviderChecks {}
                            #sourceLocation(file: "test.swift", line: 3)
                            `MemoryCache.init`(`#register(MemoryCache.self, as: (any DocumentCache).self)`<__InjectableChecks.Line0>.self); func `MemoryCache.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 3)
                            __InjectableChecks.Line0.`MemoryCache.init`(`#register(MemoryCache.self, as: (any DocumentCache).self)`<__InjectableChecks.Line0>.self)
                            #sourceLocation()
                        }
                        do {
                            #sourceLocation(file: "test.swift", line: 4)
                            nonisolated final class `#registerMain(LayersPanel.self, as: (any Panel).self, tags: "side")`<__Service>: Provided, LayersPanel.__ProviderChecks {}
                            #sourceLocation(file: "test.swift", line: 4)
                            `LayersPanel.init`(`#registerMain(LayersPanel.self, as: (any Panel).self, tags: "side")`<__InjectableChecks.Line1>.self); func `LayersPanel.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 4)
                            __InjectableChecks.Line1.`LayersPanel.init`(`#registerMain(LayersPanel.self, as: (any Panel).self, tags: "side")`<__InjectableChecks.Line1>.self)
                            #sourceLocation()
                        }
                    }

                    enum __CycleExport {
                        protocol Node_any_DocumentCache: MemoryCache.__CycleRequirements {
                            typealias Cycle_any_DocumentCache = __InjectableChecks.Line0.__CycleEdges<Self>
                        }
                    }

                    typealias __CycleNodes = __CycleExport.Node_any_DocumentCache
                }

                extension DocumentAssembly: __ServiceMacroSupport.AssemblyType {}
                """,
        )
    }
}
