/// One tag of a registration: any `Hashable & Sendable` value, compared by value and type.
@usableFromInline
struct ServiceTag: Hashable, Sendable, CustomStringConvertible {
    let base: any Hashable & Sendable

    @usableFromInline
    init(_ base: any Hashable & Sendable) {
        self.base = base
    }

    /// Equal when the values have the same type and are equal; unlike `AnyHashable`, `1` and
    /// `Int64(1)` are different tags.
    @usableFromInline
    static func == (lhs: ServiceTag, rhs: ServiceTag) -> Bool {
        type(of: lhs.base) == type(of: rhs.base) && AnyHashable(lhs.base) == AnyHashable(rhs.base)
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: base)))
        hasher.combine(AnyHashable(base))
    }

    /// Strings quoted, everything else as `String(describing:)` spells it.
    @usableFromInline
    var description: String {
        if let string = base as? String {
            return string.debugDescription
        }
        return String(describing: base)
    }
}

/// The tags of one registration key; order and repetition do not matter.
@usableFromInline
typealias TagSet = Set<ServiceTag>

/// Collects a pack of tags into a set.
@inlinable
func tagSet<each Tag: Hashable & Sendable>(_ tags: repeat each Tag) -> TagSet {
    var set = TagSet()
    for tag in repeat each tags {
        set.insert(ServiceTag(tag))
    }
    return set
}

/// How errors and graph exports name a registration key: `Type`, or `Type[tags: "a", 1]`.
func serviceName(_ type: Any.Type, tags: TagSet) -> String {
    guard !tags.isEmpty else {
        return String(describing: type)
    }
    let listed = tags.map(\.description).sorted().joined(separator: ", ")
    return "\(String(describing: type))[\(tags.count == 1 ? "tag" : "tags"): \(listed)]"
}
