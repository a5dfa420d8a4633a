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
///         print(error.failures.map(\.error.chain))  // [["Database", "Config"]]
///     }
/// }
/// ```
public struct ServiceWarmUpError: Error, CustomStringConvertible, Sendable {
    /// One singleton that could not be built.
    public struct Failure: Sendable {
        /// The singleton, as errors spell types (with its tags, if it has any).
        public let serviceType: String
        /// What went wrong, and the chain of services being built when it did: the singleton's
        /// own, or that of a dependency it was building.
        public let error: ResolutionFailure
    }

    /// The environment that was warmed up.
    public let environment: String
    /// One failure per singleton that threw: those with an `async` factory first, each group in
    /// the order of their names.
    public let failures: [Failure]
    /// How many singletons warming up built or found built, the failed ones not counted.
    public let builtCount: Int

    init(environment: String, failures: [Failure], builtCount: Int) {
        self.environment = environment
        self.failures = failures
        self.builtCount = builtCount
    }

    /// One line per failure, naming the singleton, under a line that counts them:
    ///
    /// ```
    /// 1 of 3 singletons of environment 'server' could not be built:
    ///   - 'Database': Service 'Config' is not registered in ServiceEnv (environment 'server'; resolving Database -> Config)
    /// ```
    public var description: String {
        let total = failures.count + builtCount
        let count = "\(failures.count) of \(total) singleton\(total == 1 ? "" : "s")"
        let lines = failures.map { failure in
            let text = failure.error.description.split(separator: "\n").joined(separator: "\n    ")
            return "  - '\(failure.serviceType)': \(text)"
        }
        return "\(count) of environment '\(environment)' could not be built:\n" + lines.joined(separator: "\n")
    }
}
