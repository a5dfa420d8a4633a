/// The registrations an environment sees that a run never resolved, and those that another
/// registration of the same key hid: wiring that can be deleted.
///
/// Turn recording on with ``ServiceEnv/recordServiceUsage()`` on the environment that holds the
/// production wiring, run (a test suite whose tests use child environments of it, an app
/// session), then read ``ServiceEnv/serviceUsageReport()``:
///
/// ```swift
/// struct Clock: Sendable {}
/// struct Mailer: Sendable {}
///
/// let app = ServiceEnv(name: "app")
/// app.register(Clock.self) { Clock() }
/// app.register(Mailer.self) { Mailer() }
/// app.recordServiceUsage()
///
/// let test = ServiceEnv(name: "test", parent: app)
/// test.register(Clock.self) { Clock() }  // an override
/// _ = try test.resolve(Clock.self)
///
/// print(app.serviceUsageReport())
/// // 'app': 2 registrations never resolved, 1 shadowed
/// //   never resolved: Clock (app), Mailer (app)
/// //   shadowed: Clock (app) by test
/// ```
public struct ServiceUsageReport: Sendable, CustomStringConvertible {
    /// One registration: its key, as errors name it, and the environment that made it.
    public struct Registration: Sendable, Hashable, CustomStringConvertible {
        public let service: String
        public let environment: String

        /// `Service (environment)`.
        public var description: String { "\(service) (\(environment))" }
    }

    /// A registration that another registration of its key hid from some resolves.
    public struct Shadowed: Sendable, Hashable, CustomStringConvertible {
        public let registration: Registration
        /// The environments whose own registration of the key answered instead: a nearer
        /// environment of the recording one's chain, or a child environment or scope below it.
        public let by: [String]

        /// `Service (environment) by other, …`.
        public var description: String { "\(registration) by \(by.joined(separator: ", "))" }
    }

    /// The environment the report is for.
    public let environment: String
    /// The registrations of the environment and its ancestors that no resolve used, nearest
    /// environment first, each environment's in the order its keys were first registered.
    /// A registration hidden by a nearer one of the chain is listed in ``shadowed`` instead.
    public let unused: [Registration]
    /// The registrations of the environment and its ancestors that a nearer registration of the
    /// same key hid: one of the chain (always), or one of a child environment or scope that
    /// answered a resolve instead.
    public let shadowed: [Shadowed]

    /// A summary line, then one line for each list that is not empty.
    public var description: String {
        var lines = [
            "'\(environment)': \(unused.count) registration\(unused.count == 1 ? "" : "s") never resolved, \(shadowed.count) shadowed"
        ]
        if !unused.isEmpty {
            lines.append("  never resolved: " + unused.map(\.description).joined(separator: ", "))
        }
        if !shadowed.isEmpty {
            lines.append("  shadowed: " + shadowed.map(\.description).joined(separator: "; "))
        }
        return lines.joined(separator: "\n")
    }
}

extension ServiceEnv {
    /// Starts recording which registrations the resolves of this environment, its child
    /// environments and its scopes use, for ``serviceUsageReport()``; a recording already on
    /// starts over.
    ///
    /// Off by default. While it is on, each resolve looks up which registration answered it and
    /// notes it under a lock (a few hundred nanoseconds); cached instances read through
    /// ``Service`` wrappers count once, when they are first read. ``resolveAll(_:tags:)-(_,Tag)`` is not
    /// recorded.
    ///
    /// ```swift
    /// let app = ServiceEnv(name: "app")
    /// app.recordServiceUsage()
    /// ```
    public func recordServiceUsage() {
        storage.setUsageRecorder(UsageRecorder())
    }

    /// Stops the recording ``recordServiceUsage()`` started; its report is gone with it.
    ///
    /// ```swift
    /// ServiceEnv.current.stopRecordingServiceUsage()
    /// ```
    public func stopRecordingServiceUsage() {
        storage.setUsageRecorder(nil)
    }

    /// What the recording started by ``recordServiceUsage()`` (on this environment or the
    /// nearest ancestor that records) found so far, for the registrations this environment sees;
    /// every registration is unused when nothing records.
    ///
    /// ```swift
    /// let app = ServiceEnv(name: "app")
    /// app.register(Int.self) { 42 }
    /// app.recordServiceUsage()
    /// print(app.serviceUsageReport().unused)  // [Int (app)]
    /// ```
    public func serviceUsageReport() -> ServiceUsageReport {
        (storage.usageRecorder()?.0 ?? UsageRecorder()).report(for: storage)
    }
}
