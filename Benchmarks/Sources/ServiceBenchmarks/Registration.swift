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

/// Runs `count` registrations of the `--profile` named `name`, if it is a registration profile
/// (`register*`, `hand-register*`, `dependencies-register*`; one operation registers one service,
/// 1,000 of them into each fresh container); false for any other name.
func profileRegistration(_ name: String, count: Int) -> Bool {
    // NB: each case loops over its own operation, inlined: no closure call around it.
    switch name {
    case "register":
        // NB: one operation registers one service, 1,000 of them into each fresh environment.
        let registrars = typeRegistrars(count: 1_000)
        repeatInline(max(1, count / 1_000)) {
            let fresh = ServiceEnv(name: "registration")
            for registrar in registrars { registrar.service(fresh) }
            blackHole(fresh)
        }
    case "hand-register":
        let registrars = typeRegistrars(count: 1_000)
        repeatInline(max(1, count / 1_000)) {
            var table: [ObjectIdentifier: @Sendable () -> Any] = [:]
            for registrar in registrars { registrar.handWritten(&table) }
            blackHole(table)
        }
    case "dependencies-register":
        // NB: the same factories set in swift-dependencies' values, one key per type.
        let registrars = typeRegistrars(count: 1_000)
        repeatInline(max(1, count / 1_000)) {
            var values = DependencyValues()
            for registrar in registrars { registrar.dependencies(&values) }
            blackHole(values)
        }
    case "dependencies-register-concrete":
        repeatInline(max(1, count / concreteTypeCount)) {
            var values = DependencyValues()
            registerConcreteTypes(in: &values)
            blackHole(values)
        }
    case "register-concrete":
        // NB: the same, with one call site per concrete type, as an app registers.
        repeatInline(max(1, count / concreteTypeCount)) {
            let fresh = ServiceEnv(name: "registration")
            registerConcreteTypes(in: fresh)
            blackHole(fresh)
        }
    case "register-injectable":
        // NB: 1,000 `Injectable` types, each registered without a closure at its own call site.
        repeatInline(max(1, count / 1_000)) {
            let fresh = ServiceEnv(name: "registration")
            registerValidationGraph(in: fresh)
            blackHole(fresh)
        }
    case "register-assembly":
        // NB: the 100 `@Injectable` services of `GeneratedAssembly`, registered by its generated
        // `assemble(env:)` into each fresh environment, as an app applies its assembly.
        repeatInline(max(1, count / 100)) {
            let fresh = ServiceEnv(name: "registration")
            fresh.apply(GeneratedAssembly())
            blackHole(fresh)
        }
    case "hand-register-concrete":
        repeatInline(max(1, count / concreteTypeCount)) {
            var table: [ObjectIdentifier: @Sendable () -> Any] = [:]
            registerConcreteTypesByHand(in: &table)
            blackHole(table)
        }
    default: return false
    }
    return true
}
