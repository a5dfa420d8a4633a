import SwiftSyntax

/// How `make(resolver:)` resolves each parameter, and the tags it makes once for them.
extension InjectableBuilder {
    /// The tags of the `@Tags` parameters that `make(resolver:)` resolves with tags made once
    /// (`ServiceTags`): a static property per parameter, named for its position, which boxes and
    /// hashes them on first use instead of on every build.
    var madeTagsProperties: [String] {
        model.parameters.enumerated().compactMap { index, parameter in
            guard usesMadeTags(parameter) else {
                return nil
            }
            let tags = parameter.tags.joined(separator: ", ")
            return "private nonisolated static let \(madeTagsName(index)) = \(RuntimeSymbol.support).TagKey(\(tags))"
        }
    }

    /// Whether `parameter` is resolved with tags made once: a tagged dependency resolved when the
    /// type is built (not `Lazy`, a `ServiceProvider` or `@Assisted`), on either track, whose
    /// resolve takes the tags as `ServiceTags`.
    func usesMadeTags(_ parameter: InjectableModel.Parameter) -> Bool {
        !parameter.tags.isEmpty && parameter.deferral == nil && !parameter.isAssisted
    }

    /// The static property that holds the made tags of the parameter at `index`.
    func madeTagsName(_ index: Int) -> String {
        "__tags\(index)"
    }

    /// The expression that resolves one parameter from `resolver`.
    func resolution(of parameter: InjectableModel.Parameter, at index: Int) -> String {
        let type = parameter.type.metatypeOperand
        switch parameter.deferral {
        case .lazy: return "\(RuntimeSymbol.support).LazyDependency(\(type).self, in: resolver)"
        case .provider: return "\(RuntimeSymbol.support).ProviderDependency(\(type).self, in: resolver)"
        case nil: break
        }
        let support = RuntimeSymbol.support
        let tags = usesMadeTags(parameter) ? "Self.\(madeTagsName(index))" : parameter.tags.joined(separator: ", ")
        if parameter.collects {
            // NB: a `@MainActor` type's members may be on either track; an `async` initializer's
            // are built by their `async` factories, not only found built.
            let tags = parameter.tags.isEmpty ? "" : ", tags: " + tags
            return switch (model.initializerIsAsync, model.isMainActor) {
            case (false, false): "try resolver.resolveAll(\(type).self\(tags))"
            case (false, true): "try \(support).resolveAllOnEitherTrack(\(type).self\(tags), in: resolver)"
            case (true, false): "try await resolver.resolveAllAsync(\(type).self\(tags))"
            case (true, true): "try await \(support).resolveAllOnEitherTrackAsync(\(type).self\(tags), in: resolver)"
            }
        }
        if !parameter.tags.isEmpty {
            if model.isMainActor {
                let call = "\(type).self, tags: \(tags), in: resolver)"
                return switch (model.initializerIsAsync, parameter.isOptional) {
                case (false, false): "try \(support).resolveOnEitherTrack(\(call)"
                case (false, true): "try \(support).resolveOnEitherTrackIfRegistered(\(call)"
                case (true, false): "try await \(support).resolveOnEitherTrackAsync(\(call)"
                case (true, true): "try await \(support).resolveOnEitherTrackAsyncIfRegistered(\(call)"
                }
            }
            return switch (model.initializerIsAsync, parameter.isOptional) {
            case (false, false): "try resolver.resolve(\(type).self, tags: \(tags))"
            case (false, true): "try resolver.resolveIfRegistered(\(type).self, tags: \(tags))"
            case (true, false): "try await resolver.resolveAsync(\(type).self, tags: \(tags))"
            case (true, true): "try await resolver.resolveAsyncIfRegistered(\(type).self, tags: \(tags))"
            }
        }
        switch (model.initializerIsAsync, model.isMainActor, parameter.isOptional) {
        case (true, false, false): return "try await resolver.resolveAsync(\(type).self)"
        case (true, false, true): return "try await resolver.resolveAsyncIfRegistered(\(type).self)"
        case (true, true, false): return "try await \(support).resolveOnEitherTrackAsync(\(type).self, in: resolver)"
        case (true, true, true):
            return "try await \(support).resolveOnEitherTrackAsyncIfRegistered(\(type).self, in: resolver)"
        case (false, _, _): break
        }
        switch (parameter.isOptional, model.isMainActor) {
        case (false, false): return "try resolver.resolve(\(type).self)"
        case (false, true): return "try \(RuntimeSymbol.support).resolveOnEitherTrack(\(type).self, in: resolver)"
        case (true, false): return "try \(RuntimeSymbol.support).resolveIfRegistered(\(type).self, in: resolver)"
        case (true, true):
            return "try \(RuntimeSymbol.support).resolveOnEitherTrackIfRegistered(\(type).self, in: resolver)"
        }
    }
}

extension InjectableModel.Parameter {
    /// The label as a call writes it: a keyword without the backticks its declaration needs,
    /// which a call needs only for `inout`, `var` and `let` (and warns about for the others).
    var callLabel: String? {
        labelName.map { name in ["inout", "var", "let"].contains(name) ? "`\(name)`" : name }
    }

    /// The label without the backticks a keyword is written in: its name, as the dependency
    /// list shows it.
    var labelName: String? {
        label.map { $0.filter { $0 != "`" } }
    }

    /// The type as a parameter of `make` declares it: `@escaping` again, if it was.
    var declaredType: String {
        isEscaping ? "@escaping \(type.trimmedText)" : type.trimmedText
    }

    /// The type a graph provides for this parameter: `T`, `T?`, `Lazy<T>`, `ServiceProvider<T>` or,
    /// for `@All`, `[T]`.
    var providedType: String {
        if collects {
            return "[\(type.trimmedText)]"
        }
        switch deferral {
        case .lazy: return "\(RuntimeSymbol.support).LazyDependency<\(type.trimmedText)>"
        case .provider: return "\(RuntimeSymbol.support).ProviderDependency<\(type.trimmedText)>"
        case nil: break
        }
        return isOptional ? "\(type.metatypeOperand)?" : type.metatypeOperand
    }
}
