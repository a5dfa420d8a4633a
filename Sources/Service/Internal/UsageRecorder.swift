/// What the resolves of an environment, its children and its scopes used, while
/// `ServiceEnv.recordServiceUsage()` is on: the registrations that answered, and the keys a
/// nearer environment's own registration answered instead of the recording environment's.
final class UsageRecorder: Sendable {
    private struct State: Sendable {
        /// The registrations of the recording environment's chain that answered a resolve, by
        /// `identity`, kept alive so that an address is not reused.
        ///
        /// NB: only the chain's, which the report lists and which lives as long as the recording
        /// environment: a registration a scope or a child held in its slot has that slot's
        /// address as its identity, which another slot may have once that storage is gone.
        var used: [UInt: Registration] = [:]
        /// For each key the recording environment registers, the environments below it whose own
        /// registration of that key answered instead.
        var shadowedBy: [String: Set<String>] = [:]
    }

    private let state = Locked(State())

    /// Notes a resolve of `type` under `tags` made in `storage`, which `recording` (this
    /// recorder's environment) is or is an ancestor of.
    func noteUse(of type: Any.Type, tags: TagSet, in storage: ServiceStorage, recording: ServiceStorage) {
        guard let (registrar, registration) = storage.registrar(of: type, tags: tags) else {
            return
        }
        let isInChain = registrar === recording || recording.chain.contains { $0 === registrar }
        let shadows = !isInChain && recording.isRegistered(type, tags: tags)
        state.withLock { state in
            if isInChain {
                state.used[registration.identity] = registration
            }
            if shadows {
                state.shadowedBy[serviceName(type, tags: tags), default: []].insert(registrar.name)
            }
        }
    }

    /// How many registrations the recorder keeps as used.
    var usedCount: Int {
        state.withLock { $0.used.count }
    }

    /// The report for the registrations `recording` sees: its own and its ancestors'.
    func report(for recording: ServiceStorage) -> ServiceUsageReport {
        let (used, shadowedBy) = state.withLock { ($0.used, $0.shadowedBy) }
        var unused: [ServiceUsageReport.Registration] = []
        var shadowed: [ServiceUsageReport.Shadowed] = []
        var nearest: [String: String] = [:]
        for storage in recording.chain {
            for (type, tags, registration) in storage.ownRegistrations() {
                let service = serviceName(type, tags: tags)
                let entry = ServiceUsageReport.Registration(service: service, environment: storage.name)
                if let nearer = nearest[service] {
                    shadowed.append(.init(registration: entry, by: [nearer]))
                    continue
                }
                nearest[service] = storage.name
                if let environments = shadowedBy[service] {
                    shadowed.append(.init(registration: entry, by: environments.sorted()))
                }
                if used[registration.identity] == nil {
                    unused.append(entry)
                }
            }
        }
        return ServiceUsageReport(environment: recording.name, unused: unused, shadowed: shadowed)
    }
}

extension ServiceEnv {
    /// Notes, for the usage report recorded for this environment or an ancestor, that a resolve of
    /// `type` under `tags` succeeded here.
    func noteUse(of type: Any.Type, tags: TagSet) {
        if let (recorder, recording) = storage.usageRecorder() {
            recorder.noteUse(of: type, tags: tags, in: storage, recording: recording)
        }
    }
}
