import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("@Injectable expansion")
struct InjectableMacroTests {
    @Test("a final class with one initializer gets the conformance, metadata, requirements and factory")
    func finalClassSingleInitializer() {
        assertMacroExpansion(
            """
            @Injectable
            final class UserRepository {
                let database: Database
                init(database: Database) {
                    self.database = database
                }
            }
            """,
            expandedSource: """
                final class UserRepository {
                    let database: Database
                    init(database: Database) {
                        self.database = database
                    }
                }

                extension UserRepository: __ServiceMacroSupport.InjectableType {
                    protocol InjectionRequirements {
                        func provide(_ type: Database.Type) -> Database
                    }
                    static let dependencies: [__ServiceMacroSupport.Dependency] = [
                        __ServiceMacroSupport.Dependency(Database.self, label: "database", kind: .required),
                    ]
                    static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(database: try resolver.resolve(Database.self))
                    }
                    static func make(graph: some InjectionRequirements) -> Self {
                        Self(database: graph.provide(Database.self))
                    }
                }
                """,
        )
    }
}
