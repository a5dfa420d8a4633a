// The registrations without a factory that turn a class down with `.weak` as they do with any
// other scope. Without them, such a call found only `ServiceScope.weak`, and the compiler added
// to the call's own error that '.weak' is unavailable because "a value type cannot be held
// weakly", about a class (what an `@Assembly` line of such a class printed after its own error).
//
// NB: `S: AnyObject`, so that a value type still gets `ServiceScope.weak`'s message, which is then
// right; the `@Injectable` forms (`S: Injectable & AnyObject`) are more constrained and win.

extension ServiceEnv {
    /// Catches a class registered with the weak scope without a factory that cannot build
    /// itself (it is not ``Injectable``), and says how to register it, as
    /// `register(_:scope:)` does with the other scopes.
    ///
    /// ```swift
    /// final class ThumbnailCache: Sendable {}
    /// ServiceEnv.current.register(ThumbnailCache.self, scope: .weak) { ThumbnailCache() }
    /// ```
    // swift-format-ignore
    @available(
        *,
        unavailable,
        message: "a type that is not Injectable or a ServiceKey is registered with a factory: 'register(_:scope:factory:)'; or make it '@Injectable'"
    )
    public func register<S: AnyObject>(_ type: S.Type, scope: WeakScope) {
        preconditionFailure("unavailable")
    }

    /// Catches a `@MainActor` ``MainInjectable`` class registered with the weak scope on the
    /// Sendable track, and names the method to use.
    ///
    /// ```swift
    /// @MainActor final class InspectorPanel {}
    /// @MainActor func setUp() {
    ///     ServiceEnv.current.registerMain(InspectorPanel.self, scope: .weak) { InspectorPanel() }
    /// }
    /// ```
    @available(*, unavailable, message: "'@MainActor' services are registered with 'registerMain'")
    public func register<S: MainInjectable & AnyObject>(_ type: S.Type, scope: WeakScope) {
        preconditionFailure("unavailable")
    }

    /// Catches a class registered under tags with the weak scope without a factory that cannot
    /// build itself, and says how to register it.
    ///
    /// ```swift
    /// final class PreviewCache: Sendable {}
    /// ServiceEnv.current.register(PreviewCache.self, tags: "small", scope: .weak) { PreviewCache() }
    /// ```
    // swift-format-ignore
    @available(
        *,
        unavailable,
        message: "a type that is not Injectable is registered with a factory: 'register(_:tags:scope:factory:)'; or make it '@Injectable'"
    )
    public func register<S: AnyObject, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
        scope: WeakScope,
    ) {
        preconditionFailure("unavailable")
    }

    /// Catches a class registered on the MainActor track with the weak scope without a factory
    /// that cannot build itself (it is not ``MainInjectable``), and says how to register it.
    ///
    /// ```swift
    /// @MainActor final class Sidebar {}
    /// @MainActor func setUp() { ServiceEnv.current.registerMain(Sidebar.self, scope: .weak) { Sidebar() } }
    /// ```
    // swift-format-ignore
    @available(
        *,
        unavailable,
        message: "a type that is not MainInjectable or a ServiceKey is registered with a factory: 'registerMain(_:scope:factory:)'; or make it '@Injectable' and '@MainActor'"
    )
    public func registerMain<S: AnyObject>(_ type: S.Type, scope: WeakScope) {
        preconditionFailure("unavailable")
    }

    /// Catches a class registered on the MainActor track under tags with the weak scope without
    /// a factory that cannot build itself, and says how to register it.
    ///
    /// ```swift
    /// @MainActor final class Toolbar {}
    /// @MainActor func setUp() {
    ///     ServiceEnv.current.registerMain(Toolbar.self, tags: "compact", scope: .weak) { Toolbar() }
    /// }
    /// ```
    // swift-format-ignore
    @available(
        *,
        unavailable,
        message: "a type that is not MainInjectable is registered with a factory: 'registerMain(_:tags:scope:factory:)'; or make it '@Injectable' and '@MainActor'"
    )
    public func registerMain<S: AnyObject, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
        scope: WeakScope,
    ) {
        preconditionFailure("unavailable")
    }
}

// An `@Injectable` class that is not `@MainActor`, registered with `registerMain` under tags and
// `.weak`: without this form the call found the one for a type that cannot build itself, whose
// message says to give it a factory. (Untagged, the call finds the ServiceKey form with a
// `ServiceScope`, which an unavailable form here does not outrank: its `.weak` message, which
// names `#register` of an `@Injectable` class, is what the compiler prints.)

extension ServiceEnv {
    /// Catches an ``Injectable`` class that is not `@MainActor` registered on the MainActor
    /// track under tags with the weak scope, and names the method that holds it weakly.
    ///
    /// ```swift
    /// @Injectable
    /// final class GlyphCache: Sendable {
    ///     init() {}
    /// }
    /// ServiceEnv.current.register(GlyphCache.self, tags: "bold", scope: .weak)
    /// ```
    // swift-format-ignore
    @available(
        *,
        unavailable,
        message: "an '@Injectable' class that is not '@MainActor' is registered with 'register': 'register(_:tags:scope:)' holds it weakly"
    )
    public func registerMain<S: Injectable & AnyObject, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
        scope: WeakScope,
    ) {
        preconditionFailure("unavailable")
    }
}
