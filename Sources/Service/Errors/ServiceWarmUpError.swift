/// The singletons that ``ServiceEnv/warmUp()`` could not build, each with where it failed.
///
/// ```swift
/// struct Config: Sendable {}
/// struct Database: Sendable {
///     init(config: Config) {}
/// }
///
/// func start() async {
///     let services = ServiceEnv(name: "server")
///     services.register(Database.self) { Database(config: try ServiceEnv.current.resolve(Config.self)) }
///     do {
///         try await services.warmUp()
///     } catch {
///         print(error.failures.map(\.chain))  // [["Database", "Config"]]
///     }
/// }
/// ```
public struct ServiceWarmUpError: Error, CustomStringConvertible, Sendable {
    /// The environment that was warmed up.
    public let environment: String
    /// One failure per singleton that threw, in the order they were built: what went wrong and
    /// the chain of services being built when it did.
    public let failures: [ResolutionFailure]
    /// How many singletons warming up built or found built, the failed ones not counted.
    public let builtCount: Int

    init(environment: String, failures: [ResolutionFailure], builtCount: Int) {
        self.environment = environment
        self.failures = failures
        self.builtCount = builtCount
    }

    /// One line per failure, under a line that counts them:
    ///
    /// ```
    /// 1 of 3 singletons of environment 'server' could not be built:
    ///   - Service 'Config' is not registered in ServiceEnv (environment 'server'; resolving Database -> Config)
    /// ```
    public var description: String {
        let total = failures.count + builtCount
        let count = "\(failures.count) of \(total) singleton\(total == 1 ? "" : "s")"
        let lines = failures.map { failure in
            "  - " + failure.description.split(separator: "\n").joined(separator: "\n    ")
        }
        return "\(count) of environment '\(environment)' could not be built:\n" + lines.joined(separator: "\n")
    }
}
