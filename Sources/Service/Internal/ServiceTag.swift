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
        // NB: the values' own `==` and `hash(into:)`, called on the opened existential: wrapping
        // each value in an `AnyHashable` looked up the metadata of its box on every call, which
        // was a third of a tagged resolve.
        // NB: both opened, so that the cast is from one concrete type to the same one, which
        // the runtime answers at once; a cast from the existential searched it.
        func isEqual<Left: Hashable>(_ left: Left) -> Bool {
            func isEqual<Right: Hashable>(_ right: Right) -> Bool {
                (right as? Left).map { $0 == left } ?? false
            }
            return isEqual(rhs.base)
        }
        return type(of: lhs.base) == type(of: rhs.base) && isEqual(lhs.base)
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: base)))
        base.hash(into: &hasher)
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

/// Whether `lhs` and `rhs` hold the same tags: `==`, with a shortcut for one tag each.
///
/// NB: `Set`'s `==` hashes each element of one set to find it in the other, which cost a tagged
/// lookup of one tag ~1,700 instructions; almost every registration has one tag.
func sameTags(_ lhs: TagSet, _ rhs: TagSet) -> Bool {
    guard lhs.count == rhs.count else {
        return false
    }
    guard lhs.count == 1, let left = lhs.first, let right = rhs.first else {
        return lhs == rhs
    }
    return left == right
}

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
