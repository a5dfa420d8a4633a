/// A service type that knows how to build its own default instance.
///
/// ```swift
/// struct Clock: ServiceKey {
///     static var `default`: Clock { Clock() }
/// }
/// ServiceEnv(name: "keys").register(Clock.self)
/// ```
public protocol ServiceKey: Sendable {
    /// The instance registered when the type is registered without a factory.
    static var `default`: Self { get }
}
