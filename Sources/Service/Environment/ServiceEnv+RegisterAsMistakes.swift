// A type registered under another key on the other track's method: a `@MainActor` `@Injectable`
// type with `register(_:as:scope:_:)`, or one that is not `@MainActor` with `registerMain`. Without
// these, the call matched no overload, and the compiler said only "no exact matches in call to
// instance method" (what an `@Assembly` line with `as:` on the wrong track printed after its own
// error).

extension ServiceEnv {
    /// Catches a ``MainInjectable`` type registered under another key on the Sendable track, and
    /// names the method to use.
    ///
    /// ```swift
    /// protocol Dashboard {}
    /// @Injectable @MainActor
    /// final class MetricsDashboard: Dashboard {
    ///     init() {}
    /// }
    /// @MainActor func setUp() {
    ///     ServiceEnv.current.registerMain(MetricsDashboard.self, as: (any Dashboard).self, scope: .singleton) { $0 }
    /// }
    /// ```
    @available(*, unavailable, message: "'@MainActor' services are registered with 'registerMain'")
    public func register<S: MainInjectable, Key: Sendable>(
        _ type: S.Type,
        as key: Key.Type,
        scope: ServiceScope,
        _ convert: @escaping @Sendable (S) -> Key,
    ) {
        preconditionFailure("unavailable")
    }

    /// Catches a ``MainInjectable`` type registered under another key and tags on the Sendable
    /// track, and names the method to use.
    ///
    /// ```swift
    /// protocol Widget {}
    /// @Injectable @MainActor
    /// final class ClockWidget: Widget {
    ///     init() {}
    /// }
    /// @MainActor func setUp() {
    ///     ServiceEnv.current.registerMain(ClockWidget.self, as: (any Widget).self, tags: "home", scope: .singleton) { $0 }
    /// }
    /// ```
    @available(*, unavailable, message: "'@MainActor' services are registered with 'registerMain'")
    public func register<S: MainInjectable, Key: Sendable, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        as key: Key.Type,
        tags: repeat each Tag,
        scope: ServiceScope,
        _ convert: @escaping @Sendable (S) -> Key,
    ) {
        preconditionFailure("unavailable")
    }

    /// Catches an ``Injectable`` type that is not `@MainActor` registered under another key on
    /// the MainActor track, and names the method to use.
    ///
    /// ```swift
    /// protocol Clock: Sendable {}
    /// @Injectable
    /// final class SystemClock: Clock {
    ///     init() {}
    /// }
    /// ServiceEnv.current.register(SystemClock.self, as: (any Clock).self, scope: .singleton) { $0 }
    /// ```
    // swift-format-ignore
    @available(
        *,
        unavailable,
        message: "an '@Injectable' type that is not '@MainActor' is registered with 'register(_:as:scope:_:)'"
    )
    public func registerMain<S: Injectable, Key>(
        _ type: S.Type,
        as key: Key.Type,
        scope: ServiceScope,
        _ convert: @escaping @MainActor @Sendable (S) -> Key,
    ) {
        preconditionFailure("unavailable")
    }

    /// Catches an ``Injectable`` type that is not `@MainActor` registered under another key and
    /// tags on the MainActor track, and names the method to use.
    ///
    /// ```swift
    /// protocol Store: Sendable {}
    /// @Injectable
    /// final class DiskStore: Store {
    ///     init() {}
    /// }
    /// ServiceEnv.current.register(DiskStore.self, as: (any Store).self, tags: "disk", scope: .singleton) { $0 }
    /// ```
    // swift-format-ignore
    @available(
        *,
        unavailable,
        message: "an '@Injectable' type that is not '@MainActor' is registered with 'register(_:as:tags:scope:_:)'"
    )
    public func registerMain<S: Injectable, Key, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        as key: Key.Type,
        tags: repeat each Tag,
        scope: ServiceScope,
        _ convert: @escaping @MainActor @Sendable (S) -> Key,
    ) {
        preconditionFailure("unavailable")
    }

    /// Catches a `@MainActor` ``MainInjectable`` class registered under another key with the
    /// weak scope on the Sendable track, and names the method to use.
    ///
    /// ```swift
    /// protocol Inspector: AnyObject {}
    /// @Injectable @MainActor
    /// final class LayerInspector: Inspector {
    ///     init() {}
    /// }
    /// @MainActor func setUp() {
    ///     ServiceEnv.current.registerMain(LayerInspector.self, as: (any Inspector).self, scope: .weak) { $0 }
    /// }
    /// ```
    @available(*, unavailable, message: "'@MainActor' services are registered with 'registerMain'")
    public func register<S: MainInjectable & AnyObject, Key: Sendable>(
        _ type: S.Type,
        as key: Key.Type,
        scope: WeakScope,
        _ convert: @escaping @Sendable (S) -> Key,
    ) {
        preconditionFailure("unavailable")
    }

    /// Catches a `@MainActor` ``MainInjectable`` class registered under another key and tags with
    /// the weak scope on the Sendable track, and names the method to use.
    ///
    /// ```swift
    /// protocol Palette: AnyObject {}
    /// @Injectable @MainActor
    /// final class ColorPalette: Palette {
    ///     init() {}
    /// }
    /// @MainActor func setUp() {
    ///     ServiceEnv.current.registerMain(ColorPalette.self, as: (any Palette).self, tags: "dark", scope: .weak) { $0 }
    /// }
    /// ```
    @available(*, unavailable, message: "'@MainActor' services are registered with 'registerMain'")
    public func register<S: MainInjectable & AnyObject, Key: Sendable, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        as key: Key.Type,
        tags: repeat each Tag,
        scope: WeakScope,
        _ convert: @escaping @Sendable (S) -> Key,
    ) {
        preconditionFailure("unavailable")
    }

    /// Catches an ``Injectable`` class that is not `@MainActor` registered under another key with
    /// the weak scope on the MainActor track, and names the method to use.
    ///
    /// ```swift
    /// protocol ImageCache: AnyObject, Sendable {}
    /// @Injectable
    /// final class MemoryImageCache: ImageCache {
    ///     init() {}
    /// }
    /// ServiceEnv.current.register(MemoryImageCache.self, as: (any ImageCache).self, scope: .weak) { $0 }
    /// ```
    // swift-format-ignore
    @available(
        *,
        unavailable,
        message: "an '@Injectable' type that is not '@MainActor' is registered with 'register(_:as:scope:_:)'"
    )
    public func registerMain<S: Injectable & AnyObject, Key>(
        _ type: S.Type,
        as key: Key.Type,
        scope: WeakScope,
        _ convert: @escaping @MainActor @Sendable (S) -> Key,
    ) {
        preconditionFailure("unavailable")
    }

    /// Catches an ``Injectable`` class that is not `@MainActor` registered under another key and
    /// tags with the weak scope on the MainActor track, and names the method to use.
    ///
    /// ```swift
    /// protocol FontCache: AnyObject, Sendable {}
    /// @Injectable
    /// final class GlyphFontCache: FontCache {
    ///     init() {}
    /// }
    /// ServiceEnv.current.register(GlyphFontCache.self, as: (any FontCache).self, tags: "mono", scope: .weak) { $0 }
    /// ```
    // swift-format-ignore
    @available(
        *,
        unavailable,
        message: "an '@Injectable' type that is not '@MainActor' is registered with 'register(_:as:tags:scope:_:)'"
    )
    public func registerMain<S: Injectable & AnyObject, Key, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        as key: Key.Type,
        tags: repeat each Tag,
        scope: WeakScope,
        _ convert: @escaping @MainActor @Sendable (S) -> Key,
    ) {
        preconditionFailure("unavailable")
    }
}
