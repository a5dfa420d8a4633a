/// Stands in for ServiceLifecycle: a module that exports a protocol named `Service`, which makes
/// `@Service` ambiguous in every file that imports it beside `Service`.
public protocol Service: Sendable {
    func run() async throws
}
