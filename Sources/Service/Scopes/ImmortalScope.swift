import ServiceThreadLocal

extension ServiceScope {
    /// A singleton that is never freed, so that reading it from many threads at once scales with
    /// the number of cores.
    ///
    /// Every resolve of a cached singleton returns a strong reference: it retains the instance,
    /// and the caller releases it. Both write the instance's reference count, one cache line
    /// that every thread reading the singleton shares, so two threads resolving the same
    /// singleton get less done together than one alone (see <doc:Performance>). An immortal
    /// instance's reference count is never written: once the first resolve has built it, the
    /// environment marks it immortal, as the Swift runtime marks the objects it never frees,
    /// and its retains and releases only read. A resolve of a class instance then writes no
    /// memory at all: it returns the instance without retaining it and without the read section
    /// an ordinary cached resolve enters, since neither the instance nor the box the environment
    /// keeps it in is ever freed.
    ///
    /// It is shared exactly as ``singleton`` is, one instance per environment, built once however
    /// many tasks ask at once; a scope leaves it to the environment that registered it. What
    /// differs is its end: the instance is never deinitialized. A reset (`resetCaches()`,
    /// `resetScope(.immortal)`), or a registration of the type with another scope, drops it from
    /// the environment, which disposes it if it is ``AsyncDisposable`` and builds a new one on
    /// the next resolve; the old instance, and the 32 bytes of its box, stay in memory until the
    /// process exits. Use it for the services a server reads on every request and keeps for its
    /// whole life (a connection pool, a configuration, a metrics registry), not in an environment
    /// made per test or per request.
    ///
    /// Only a class instance (or an existential that holds one) is made immortal. What cannot be
    /// is a singleton like any other, freed when its environment drops it: a value type, an
    /// instance that a weak reference reached while its factory ran (its count lives in a side
    /// table then), and every instance on Apple platforms, where the object header is not the
    /// one this library knows. A weak reference made to an immortal instance later works; the
    /// side table the runtime gives the instance then is never freed either, and LeakSanitizer
    /// reports it (32 bytes), as it does for any object a global keeps once a weak reference
    /// reached it.
    ///
    /// ```swift
    /// final class ConnectionPool: Sendable {}
    ///
    /// let app = ServiceEnv(name: "server")
    /// app.register(ConnectionPool.self, scope: .immortal) { ConnectionPool() }
    /// let pool = try app.resolve(ConnectionPool.self)  // from any number of threads
    /// ```
    public static let immortal = ServiceScope.custom(immortalName)

    /// The reserved name of ``immortal``.
    static let immortalName = "Service.immortal"

    /// Whether this is ``immortal``.
    var isImmortal: Bool { isCustom(named: ServiceScope.immortalName) }
}

/// The instances of `.immortal` registrations made immortal, kept for the life of the process:
/// their addresses are listed, so that they stay reachable (a leak checker would otherwise report
/// each one an environment dropped).
@usableFromInline
enum ImmortalInstances {
    // NB: `Locked`, not `Mutex`: ThreadSanitizer reported two builds appending at once as a race
    // (see `Locked`).
    private static let kept = Locked<[UInt]>([])

    /// Makes the class instance `value` holds immortal and keeps it, if it holds one that can
    /// be; returns whether it did. One that cannot (a weak reference reached it while it was
    /// built, or the platform's object header is not the one this knows) is left as it is: an
    /// ordinary singleton, freed when its environment drops it.
    ///
    /// Called once per built instance, after it was published and while the caller still holds
    /// it (so it cannot be deinitializing): the marking replaces whatever count readers made
    /// before it, and their releases, like every later one, then leave the word as it is.
    @usableFromInline @discardableResult
    static func keep<Value>(_ value: Value) -> Bool {
        // NB: `as Any` opens an existential `Value`, so that one holding a class instance counts.
        guard type(of: value as Any) is AnyObject.Type else {
            return false
        }
        // NB: where the object header is not the one `service_object_make_immortal` knows
        // (Apple platforms, 32-bit ones), it marks nothing and returns 0.
        let address = Unmanaged.passUnretained(value as AnyObject).toOpaque()
        guard service_object_make_immortal(address) != 0 else {
            return false
        }
        keep(address: address)
        return true
    }

    /// Lists the immortal object at `address`, so that a leak checker sees it reachable.
    static func keep(address: UnsafeMutableRawPointer) {
        kept.withLock { $0.append(UInt(bitPattern: address)) }
    }

    /// `object`, made immortal if it can be: for an object a global `let` holds, which is never
    /// freed anyway, so that reading it from many threads writes no shared cache line.
    static func immortalized<Object: AnyObject>(_ object: Object) -> Object {
        service_object_make_immortal(Unmanaged.passUnretained(object).toOpaque())
        return object
    }

    /// Whether `object` is immortal.
    static func isImmortal(_ object: AnyObject) -> Bool {
        service_object_is_immortal(Unmanaged.passUnretained(object).toOpaque()) != 0
    }
}
