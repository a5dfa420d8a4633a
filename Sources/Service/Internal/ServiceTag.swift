/// One tag of a registration: any `Hashable & Sendable` value, compared by value and type.
///
/// The value is boxed, in a class of its own type's, and hashed once: a copy of a tag is a
/// retain, and two tags are compared by their hashes and their boxes' classes before their
/// values are. A `String` or an `Int`, the tags most registrations have, goes in a class of its
/// own (`StringTagValue`, `IntTagValue`), not the generic one.
///
/// NB: it held the value as an `any Hashable & Sendable`: every copy of a tag (into a key, out of
/// a set) copied the value through its type's value witnesses, and every comparison cast one
/// value to the other's type through the runtime, together most of a tagged resolve. Then a
/// `String` tag's box was a `TypedTagValue<String>`, whose metadata the runtime looked up for
/// every tag made where the code was not specialised (in a loop over a pack of tags, always):
/// about 300 of a tagged resolve's 2,087 instructions.
///
/// NB: the value is not held in place for a `String` (an enum of a string, an integer and a
/// box): that made every `TagSet` larger than two words, and copies of one (an empty one too,
/// in every resolution frame) calls of its value witnesses: 59 instructions more per request
/// in a scope.
@usableFromInline
struct ServiceTag: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline let value: any TagValue
    /// The hash of the value and its type.
    @usableFromInline let valueHash: Int

    @inlinable
    init<Value: Hashable & Sendable>(value: Value) {
        var hasher = Hasher()
        hasher.combine(ObjectIdentifier(Value.self))
        hasher.combine(value)
        // NB: compared as metatypes, not cast: where this is not specialised, a cast is a call
        // into the runtime, a comparison of two pointers is not.
        if Value.self == String.self {
            self.value = StringTagValue(unsafeBitCast(value, to: String.self))
        } else if Value.self == Int.self {
            self.value = IntTagValue(unsafeBitCast(value, to: Int.self))
        } else {
            self.value = TypedTagValue(value)
        }
        valueHash = hasher.finalize()
    }

    @usableFromInline
    init(_ base: any Hashable & Sendable) {
        func tag(_ value: some Hashable & Sendable) -> ServiceTag {
            ServiceTag(value: value)
        }
        self = tag(base)
    }

    /// Equal when the values have the same type and are equal; unlike `AnyHashable`, `1` and
    /// `Int64(1)` are different tags.
    @usableFromInline
    static func == (lhs: ServiceTag, rhs: ServiceTag) -> Bool {
        // NB: the left box opened, and the right one, of the same class, taken as its type
        // without a check: `isEqual(toSameKind:)` compares two values of one type, with no cast.
        func isEqual<Box: TagValue>(_ left: Box) -> Bool {
            left.isEqual(toSameKind: unsafeDowncast(rhs.value, to: Box.self))
        }
        return lhs.valueHash == rhs.valueHash
            && ObjectIdentifier(type(of: lhs.value)) == ObjectIdentifier(type(of: rhs.value))
            && isEqual(lhs.value)
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(valueHash)
    }

    /// Strings quoted, everything else as `String(describing:)` spells it.
    @usableFromInline
    var description: String {
        if let string = value.base as? String {
            return string.debugDescription
        }
        return String(describing: value.base)
    }
}

/// The value of one tag, in a box whose class is its type's.
@usableFromInline
protocol TagValue: AnyObject, Sendable {
    associatedtype Stored: Hashable & Sendable

    /// The tag's value.
    var value: Stored { get }

    var base: any Hashable & Sendable { get }

    /// Whether `other`, a box of this one's class, holds an equal value.
    func isEqual(toSameKind other: Self) -> Bool
}

extension TagValue {
    /// The value, for descriptions.
    @inlinable
    var base: any Hashable & Sendable { value }

    /// Whether `other`, a box of this one's class, holds an equal value.
    @inlinable
    func isEqual(toSameKind other: Self) -> Bool {
        other.value == value
    }
}

/// The box of a tag whose value is a `Value`.
@usableFromInline
final class TypedTagValue<Value: Hashable & Sendable>: TagValue {
    @usableFromInline let value: Value

    @inlinable
    init(_ value: Value) {
        self.value = value
    }
}

/// The box of a `String` tag: a class whose metadata is not looked up when a tag is made.
@usableFromInline
final class StringTagValue: TagValue {
    @usableFromInline let value: String

    @inlinable
    init(_ value: String) {
        self.value = value
    }
}

/// The box of an `Int` tag, for the reason of `StringTagValue`.
@usableFromInline
final class IntTagValue: TagValue {
    @usableFromInline let value: Int

    @inlinable
    init(_ value: Int) {
        self.value = value
    }
}

/// The tags of one registration key; order and repetition do not matter.
///
/// A value that holds one tag inline (almost every tagged registration has one), so that a key
/// of one tag allocates nothing but its tag's box, and whose hash is the sum of its tags'
/// hashes, so that it is computed as tags are added, in any order.
///
/// NB: it was a `Set<ServiceTag>`: a resolve under one tag allocated the set's storage, hashed
/// the tag to insert it, hashed it again (with a `Hasher` of its own) to hash the set, and
/// compared sets by hashing the tags of one to find them in the other.
@usableFromInline
struct TagSet: Hashable, Sendable, Sequence {
    /// The distinct tags, in the order they were first added.
    @usableFromInline
    enum Tags: Sendable {
        case none
        case one(ServiceTag)
        case several([ServiceTag])
    }

    @usableFromInline private(set) var tags: Tags
    /// The wrapping sum of the tags' `valueHash`.
    @usableFromInline private(set) var combinedHash: Int

    /// No tags.
    @inlinable
    init() {
        tags = .none
        combinedHash = 0
    }

    /// No tags: the key of an untagged registration.
    @inlinable
    static var empty: TagSet { TagSet() }

    init(_ tags: some Sequence<ServiceTag>) {
        self.init()
        for tag in tags {
            insert(tag)
        }
    }

    /// Adds `tag` unless an equal tag is already in the set.
    @usableFromInline
    mutating func insert(_ tag: ServiceTag) {
        switch tags {
        case .none:
            tags = .one(tag)
        case .one(let first):
            guard first != tag else {
                return
            }
            tags = .several([first, tag])
        case .several(var several):
            guard !several.contains(tag) else {
                return
            }
            tags = .none
            several.append(tag)
            tags = .several(several)
        }
        combinedHash &+= tag.valueHash
    }

    @usableFromInline
    var isEmpty: Bool {
        if case .none = tags {
            return true
        }
        return false
    }

    var count: Int {
        switch tags {
        case .none: 0
        case .one: 1
        case .several(let several): several.count
        }
    }

    func contains(_ tag: ServiceTag) -> Bool {
        switch tags {
        case .none: false
        case .one(let only): only == tag
        case .several(let several): several.contains(tag)
        }
    }

    func isSuperset(of other: TagSet) -> Bool {
        other.allSatisfy(contains)
    }

    @usableFromInline
    func makeIterator() -> IndexingIterator<[ServiceTag]> {
        switch tags {
        case .none: [].makeIterator()
        case .one(let only): [only].makeIterator()
        case .several(let several): several.makeIterator()
        }
    }

    @usableFromInline
    static func == (lhs: TagSet, rhs: TagSet) -> Bool {
        guard lhs.combinedHash == rhs.combinedHash, lhs.count == rhs.count else {
            return false
        }
        if case .one(let left) = lhs.tags, case .one(let right) = rhs.tags {
            return left == right
        }
        return lhs.allSatisfy(rhs.contains)
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(combinedHash)
    }
}

/// The tags of a tagged slot's key, as its record holds them.
@usableFromInline
final class BoxedTags: Sendable {
    @usableFromInline let tags: TagSet

    init(_ tags: TagSet) {
        self.tags = tags
    }
}

/// Collects a pack of tags into a set.
///
/// NB: never inlined. Inlined into a loop of the caller's (a resolve with tags, itself inlined
/// where an application resolves in a loop), the iteration over the pack took stack that was not
/// given back until the caller returned, 16 bytes a resolve: a million tagged resolves in a loop
/// of a program's top-level code overflowed the main thread's stack (`--check-stack`, which CI
/// runs). Specialised in a frame of its own, it gives it back.
@inlinable @inline(never)
func tagSet<each Tag: Hashable & Sendable>(_ tags: repeat each Tag) -> TagSet {
    var set = TagSet()
    for tag in repeat each tags {
        set.insert(ServiceTag(value: tag))
    }
    return set
}

/// How errors and graph exports name a registration key: `Type`, or `Type[tags: "a", 1]`.
@usableFromInline
func serviceName(_ type: Any.Type, tags: TagSet) -> String {
    guard !tags.isEmpty else {
        return String(describing: type)
    }
    let listed = tags.map(\.description).sorted().joined(separator: ", ")
    return "\(String(describing: type))[\(tags.count == 1 ? "tag" : "tags"): \(listed)]"
}
