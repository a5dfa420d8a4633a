import Dependencies
import Service
import Swinject

/// A service type that differs for every `Tag`.
struct Registered<Tag>: Sendable {}

enum RootTag {}
enum NestedTag<Inner> {}

/// One distinct type's registration in every library that has registration.
struct TypeRegistrar: Sendable {
    let service: @Sendable (ServiceEnv) -> Void
    let swinject: @Sendable (Container) -> Void
    let handWritten: @Sendable (inout [ObjectIdentifier: @Sendable () -> Any]) -> Void
    let dependencies: @Sendable (inout DependencyValues) -> Void
}

/// The swift-dependencies key of `Registered<Tag>`, whose value is a factory, as the library's
/// idiom for building objects has it.
private enum RegisteredKey<Tag>: DependencyKey {
    static var liveValue: @Sendable () -> Registered<Tag> { { Registered<Tag>() } }
}

/// Registrars for `count` distinct types.
func typeRegistrars(count: Int) -> [TypeRegistrar] {
    var registrars: [TypeRegistrar] = []
    var tag: Any.Type = RootTag.self
    for _ in 0..<count {
        registrars.append(registrar(for: tag))
        tag = nested(tag)
    }
    return registrars
}

private func nested(_ type: Any.Type) -> Any.Type {
    func open<T>(_: T.Type) -> Any.Type { NestedTag<T>.self }
    return _openExistential(type, do: open)
}

private func registrar(for tag: Any.Type) -> TypeRegistrar {
    func open<T>(_: T.Type) -> TypeRegistrar {
        TypeRegistrar(
            service: { $0.register(Registered<T>.self, scope: .transient) { Registered<T>() } },
            swinject: { $0.register(Registered<T>.self) { _ in Registered<T>() } },
            handWritten: { $0[ObjectIdentifier(Registered<T>.self)] = { Registered<T>() } },
            dependencies: { $0[RegisteredKey<T>.self] = { Registered<T>() } },
        )
    }
    return _openExistential(tag, do: open)
}
