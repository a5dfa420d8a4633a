/// A registration's `ServiceScope` in four bytes: one of the three fixed scopes, or the index
/// of a custom scope's name in `CustomScopeNames`.
///
/// NB: a `ServiceScope` takes 16 bytes (its `custom` name is a `String`), which put every
/// registration in the allocator's 64-byte class; with this, a closure registration is 40 bytes
/// and takes 48.
@usableFromInline
struct StoredScope: Equatable, Sendable {
    @usableFromInline let code: UInt32

    /// NB: only the constants below and `init(_:)` make codes.
    @usableFromInline
    init(code: UInt32) {
        self.code = code
    }

    @inlinable static var singleton: StoredScope { StoredScope(code: 0) }
    @inlinable static var transient: StoredScope { StoredScope(code: 1) }
    @inlinable static var graph: StoredScope { StoredScope(code: 2) }
    /// ``ServiceScope/scoped``, whose name the table of custom names starts with.
    @inlinable static var scoped: StoredScope { StoredScope(code: 3) }
    /// The scope of `WeakScope.weak`, whose name comes second.
    @inlinable static var weak: StoredScope { StoredScope(code: 4) }
    /// ``ServiceScope/immortal``, whose name comes third.
    @inlinable static var immortal: StoredScope { StoredScope(code: 5) }

    /// The stored form of `scope`; a custom scope's name is added to the table if it is new.
    init(_ scope: ServiceScope) {
        switch scope {
        case .singleton: self = .singleton
        case .transient: self = .transient
        case .graph: self = .graph
        case .custom(let name): self.init(code: 3 + CustomScopeNames.index(of: name))
        }
    }

    /// The stored form of `scope` if a registration can have it: nil for a custom scope whose
    /// name no registration ever used.
    static func existing(_ scope: ServiceScope) -> StoredScope? {
        guard case .custom(let name) = scope else {
            return StoredScope(scope)
        }
        return CustomScopeNames.existingIndex(of: name).map { StoredScope(code: 3 + $0) }
    }

    /// The scope this stands for.
    var scope: ServiceScope {
        switch code {
        case 0: .singleton
        case 1: .transient
        case 2: .graph
        default: .custom(CustomScopeNames.name(at: code - 3))
        }
    }
}

/// The names of the custom scopes registrations used, each once, in the order they were first
/// used: a `StoredScope` refers to one by its index.
///
/// Names are kept for the life of the process, as the runtime keeps the metadata of every type
/// it has seen. A custom scope names a lifetime the code knows in advance (`"session"`), so the
/// table stays as small as the set of such names.
enum CustomScopeNames {
    private struct Table {
        var indices: [String: UInt32] = [
            ServiceScope.scopedName: 0, ServiceScope.weakName: 1, ServiceScope.immortalName: 2,
        ]
        var names = [ServiceScope.scopedName, ServiceScope.weakName, ServiceScope.immortalName]
    }

    // NB: `Locked`, not `Mutex`, which ThreadSanitizer cannot see (see `Locked`).
    private static let table = Locked(Table())

    /// The index of `name`, added to the table if it is new.
    static func index(of name: String) -> UInt32 {
        // NB: the three reserved names skip the lock.
        if name == ServiceScope.scopedName {
            return 0
        }
        if name == ServiceScope.weakName {
            return 1
        }
        if name == ServiceScope.immortalName {
            return 2
        }
        return table.withLock { table in
            if let index = table.indices[name] {
                return index
            }
            precondition(table.names.count < UInt32.max - 3, "too many distinct custom scope names")
            let index = UInt32(table.names.count)
            table.names.append(name)
            table.indices[name] = index
            return index
        }
    }

    /// The index of `name` if it is in the table.
    static func existingIndex(of name: String) -> UInt32? {
        table.withLock { $0.indices[name] }
    }

    /// The name at `index`, which `index(of:)` returned.
    static func name(at index: UInt32) -> String {
        table.withLock { $0.names[Int(index)] }
    }
}
