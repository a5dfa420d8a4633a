/// A heap cell for a cached instance, published to readers through an atomic pointer.
@usableFromInline
class Box: @unchecked Sendable {
    // Safety: a box never changes after `init`. Boxes of the MainActor track hold non-Sendable
    // values; those are only read by `resolveMain`, which runs on the main actor.
    @usableFromInline init() {}
}

/// A `Box` holding one value of a known type.
@usableFromInline
final class ValueBox<Value>: Box, @unchecked Sendable {
    @usableFromInline let value: Value

    @usableFromInline init(_ value: Value) {
        self.value = value
    }
}

/// How a graph-scoped instance is kept for the rest of its resolution: an instance of a class
/// as itself, any other value in a `ValueBox`. In code specialised for a class, both directions
/// fold to a cast, so sharing an instance allocates nothing.
@usableFromInline
enum GraphValue {
    /// The object to keep for `value`.
    @inlinable @inline(__always)
    static func object<Value>(for value: Value) -> AnyObject {
        if Value.self is AnyObject.Type {
            return unsafeBitCast(value, to: AnyObject.self)
        }
        return ValueBox(value)
    }

    /// The value `object(for:)` kept as `object`.
    @inlinable @inline(__always)
    static func value<Value>(of object: AnyObject, as type: Value.Type) -> Value {
        if Value.self is AnyObject.Type {
            return unsafeBitCast(object, to: Value.self)
        }
        return unsafeDowncast(object, to: ValueBox<Value>.self).value
    }
}

/// Converts between retained object references and the bit patterns stored in atomics.
@usableFromInline
enum RetainedBits {
    /// Retains `object` and returns its address.
    @inlinable
    static func retain(_ object: AnyObject) -> UInt {
        UInt(bitPattern: Unmanaged.passRetained(object).toOpaque())
    }

    /// A borrowed reference to the object at `bits` (which must be non-zero).
    @inlinable @inline(__always)
    static func object<T: AnyObject>(_ bits: UInt, as type: T.Type) -> Unmanaged<T> {
        Unmanaged<T>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
    }

    /// Balances the retain taken by `retain(_:)`.
    static func release(_ bits: UInt) {
        Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped).release()
    }
}
