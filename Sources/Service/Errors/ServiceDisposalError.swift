/// The disposals that failed, thrown by ``ServiceEnv/shutdown()`` and
/// ``ServiceEnv/waitForDisposals()`` after every other disposal has run.
///
/// ```swift
/// struct Flaky: AsyncDisposable {
///     struct Failed: Error {}
///     func dispose() async throws { throw Failed() }
/// }
///
/// func stop(_ env: ServiceEnv) async {
///     do {
///         try await env.shutdown()
///     } catch {
///         print(error.failures.map(\.serviceType))  // ["Flaky"]
///     }
/// }
/// ```
public struct ServiceDisposalError: Error, CustomStringConvertible, Sendable {
    /// One disposal that threw.
    public struct Failure: Sendable {
        /// The service whose `dispose()` threw, as errors spell types.
        public let serviceType: String
        /// The environment whose cache held the instance: the one shut down or waited for, or one
        /// of its scopes (`"request 42"`), whose disposals it reports.
        public let environment: String
        /// What it threw.
        public let error: any Error
    }

    /// The environment that was shut down or waited for.
    public let environment: String
    /// Every disposal that threw, in the order they ran: the first 1,000 since the failures were
    /// last collected.
    public let failures: [Failure]
    /// How many disposals threw after the first 1,000, which were counted and not kept (see
    /// ``ServiceEnv/reportDisposalFailures(_:)`` to see every one as it happens).
    public let omittedFailureCount: Int

    init(environment: String, failures: [Failure], omittedFailureCount: Int = 0) {
        self.environment = environment
        self.failures = failures
        self.omittedFailureCount = omittedFailureCount
    }

    /// One line per failure, naming the scope that held the instance when it is not `environment`:
    ///
    /// ```
    /// 2 disposals failed in environment 'app':
    ///   - 'Transaction' in 'request 42': DiskFull()
    ///   - 'ConnectionPool': DiskFull()
    /// ```
    public var description: String {
        let lines = failures.map { failure in
            let place = failure.environment == environment ? "" : " in '\(failure.environment)'"
            return "  - '\(failure.serviceType)'\(place): \(failure.error)"
        }
        let total = failures.count + omittedFailureCount
        let count = total == 1 ? "1 disposal" : "\(total) disposals"
        let omitted = omittedFailureCount == 0 ? [] : ["  - and \(omittedFailureCount) more, not kept"]
        return "\(count) failed in environment '\(environment)':\n" + (lines + omitted).joined(separator: "\n")
    }
}
