import Foundation
import Service
import Synchronization

/// Counts events (factory runs, deinits) from any thread.
final class Counter: Sendable {
    private let storage = Atomic(0)

    var value: Int { storage.load(ordering: .acquiring) }

    @discardableResult
    func increment() -> Int {
        storage.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue
    }

    func decrement() {
        storage.wrappingSubtract(1, ordering: .acquiringAndReleasing)
    }
}

/// Mutable state shared by threads, behind an `NSLock` (a pthread mutex ThreadSanitizer sees).
final class Shared<Value: Sendable>: @unchecked Sendable {
    // Safety: `value` is only accessed while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.withLock { body(&value) }
    }
}

/// A flag set by one thread and awaited by another.
final class Flag: Sendable {
    private let storage = Atomic(false)

    var isSet: Bool { storage.load(ordering: .acquiring) }

    func set() {
        storage.store(true, ordering: .releasing)
    }
}

/// A Sendable reference type whose identity tells instances apart.
final class Database: Sendable {
    let url: String

    init(url: String = "sqlite://test.db") {
        self.url = url
    }
}

/// A second, unrelated Sendable reference type.
final class Logger: Sendable {
    let label: String

    init(label: String = "test") {
        self.label = label
    }
}

/// A service with two dependencies, resolved through `ServiceEnv.current`.
final class UserRepository: Sendable {
    let database: Database
    let logger: Logger

    init(database: Database, logger: Logger) {
        self.database = database
        self.logger = logger
    }
}

/// A value-type service built from its `ServiceKey` default.
struct Clock: ServiceKey, Equatable {
    var now: Int

    static var `default`: Clock { Clock(now: 1_000) }
}

/// A reference-type `ServiceKey`, so identity shows which instance a scope returned.
final class SessionToken: ServiceKey {
    let value: Int

    init(value: Int) {
        self.value = value
    }

    static var `default`: SessionToken { SessionToken(value: 7) }
}

/// A MainActor-isolated, non-Sendable service.
@MainActor
final class ViewModel {
    var title: String

    init(title: String = "Home") {
        self.title = title
    }
}

/// A MainActor `ServiceKey` service.
struct Theme: ServiceKey, Equatable {
    var name: String

    static var `default`: Theme { Theme(name: "light") }
}

/// An error thrown by test factories.
struct FactoryError: Error, Equatable, CustomStringConvertible {
    var reason: String

    var description: String { "FactoryError(\(reason))" }
}

/// Runs `body` with a fresh environment named after the test bound as `ServiceEnv.current`.
func withTestEnv<R>(
    _ name: String = #function,
    _ body: (ServiceEnv) throws -> R,
) throws -> R {
    let env = ServiceEnv(name: name)
    return try ServiceEnv.$current.withValue(env) { try body(env) }
}

/// The async form of `withTestEnv`.
func withTestEnv<R>(
    _ name: String = #function,
    _ body: (ServiceEnv) async throws -> R,
) async throws -> R {
    let env = ServiceEnv(name: name)
    return try await ServiceEnv.$current.withValue(env) { try await body(env) }
}

/// The `ServiceError` that `body` throws, or nil.
func serviceError<R>(_ body: () throws -> R) -> ServiceError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? ServiceError
    }
}

/// The chain of a `.circularDependency` error, or nil for any other outcome.
func cycleChain(_ error: ServiceError?) -> [String]? {
    if case .circularDependency(_, let chain) = error {
        return chain
    }
    return nil
}
