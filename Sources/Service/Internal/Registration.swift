/// The track a registration lives on: any thread, or the main actor only.
@usableFromInline
enum Track: Sendable {
    case sendable
    case main
}

/// What `register` stored for one type: its scope, track and factory.
@usableFromInline
class Registration: @unchecked Sendable {
    // Safety: immutable after `init`; subclasses only add `let` properties of Sendable types.
    @usableFromInline let scope: ServiceScope
    @usableFromInline let track: Track

    init(scope: ServiceScope, track: Track) {
        self.scope = scope
        self.track = track
    }
}

/// A registration on the Sendable track.
@usableFromInline
final class SendableRegistration<Value: Sendable>: Registration, @unchecked Sendable {
    @usableFromInline let factory: @Sendable () throws -> Value

    init(scope: ServiceScope, factory: @escaping @Sendable () throws -> Value) {
        self.factory = factory
        super.init(scope: scope, track: .sendable)
    }
}

/// A registration on the MainActor track.
@usableFromInline
final class MainRegistration<Value>: Registration, @unchecked Sendable {
    @usableFromInline let factory: @MainActor @Sendable () throws -> Value

    init(scope: ServiceScope, factory: @escaping @MainActor @Sendable () throws -> Value) {
        self.factory = factory
        super.init(scope: scope, track: .main)
    }
}
