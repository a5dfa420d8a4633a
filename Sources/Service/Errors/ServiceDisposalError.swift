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
        /// What it threw.
        public let error: any Error
    }

    /// The environment that was shut down or waited for.
    public let environment: String
    /// Every disposal that threw, in the order they ran.
    public let failures: [Failure]

    public var description: String {
        let lines = failures.map { "  - '\($0.serviceType)': \($0.error)" }
        let count = failures.count == 1 ? "1 disposal" : "\(failures.count) disposals"
        return "\(count) failed in environment '\(environment)':\n" + lines.joined(separator: "\n")
    }
}
