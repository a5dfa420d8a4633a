/// Turns an initializer into a factory that resolves each of its parameters from the current
/// environment: auto-wiring for code that does not use `@Injectable`.
///
/// ```swift
/// final class Database: Sendable {}
/// final class Logger: Sendable {}
/// final class Repository: Sendable {
///     init(database: Database, logger: Logger) {}
/// }
///
/// let env = ServiceEnv(name: "auto")
/// env.register(Database.self) { Database() }
/// env.register(Logger.self) { Logger() }
/// env.register(Repository.self, factory: auto(Repository.init))
/// ```
///
/// Each parameter type is resolved with `resolve(_:)` in ``ServiceEnv/current``, which is the
/// resolving environment while a factory runs; a failure is thrown as that `ServiceError`.
public func auto<each Dependency: Sendable, Value>(
    _ initializer: @escaping @Sendable (repeat each Dependency) -> Value
) -> @Sendable () throws -> Value {
    {
        let env = ServiceEnv.current
        return initializer(repeat try env.resolve((each Dependency).self))
    }
}

/// The form of `auto(_:)` for an initializer that throws.
///
/// ```swift
/// struct Config: Sendable { init(path: String) throws {} }
/// let env = ServiceEnv(name: "auto")
/// env.register(String.self) { "config.json" }
/// env.register(Config.self, factory: auto(Config.init(path:)))
/// ```
public func auto<each Dependency: Sendable, Value>(
    _ initializer: @escaping @Sendable (repeat each Dependency) throws -> Value
) -> @Sendable () throws -> Value {
    {
        let env = ServiceEnv.current
        return try initializer(repeat try env.resolve((each Dependency).self))
    }
}
