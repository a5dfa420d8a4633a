import Service

/// A service whose type differs for every `Tag`, carrying the index it was registered under.
struct Indexed<Tag>: Sendable {
    let index: Int
}

/// The innermost tag.
enum RootTag {}

/// Wraps a tag to make a new, distinct one.
enum NestedTag<Inner> {}

/// Registering and checking one distinct service type.
struct DistinctTypeOperation: Sendable {
    /// Registers the type in an environment with its index as the value.
    let register: @Sendable (ServiceEnv) -> Void
    /// Whether the type resolves in an environment to its own index.
    let resolvesCorrectly: @Sendable (ServiceEnv) -> Bool
}

/// Operations for `count` distinct service types: `Indexed<RootTag>`, `Indexed<NestedTag<RootTag>>`, …
func distinctTypeOperations(count: Int) -> [DistinctTypeOperation] {
    var operations: [DistinctTypeOperation] = []
    operations.reserveCapacity(count)
    appendOperations(for: RootTag.self, index: 0, count: count, to: &operations)
    return operations
}

private func appendOperations<Tag>(
    for tag: Tag.Type,
    index: Int,
    count: Int,
    to operations: inout [DistinctTypeOperation],
) {
    var tag: Any.Type = tag
    for index in index..<count {
        operations.append(operation(for: tag, index: index))
        tag = nest(tag)
    }
}

/// `NestedTag<T>` for the dynamic type `T`.
private func nest(_ type: Any.Type) -> Any.Type {
    func open<T>(_: T.Type) -> Any.Type { NestedTag<T>.self }
    return _openExistential(type, do: open)
}

private func operation(for tag: Any.Type, index: Int) -> DistinctTypeOperation {
    func open<T>(_: T.Type) -> DistinctTypeOperation {
        DistinctTypeOperation(
            register: { env in env.register(Indexed<T>.self) { Indexed(index: index) } },
            resolvesCorrectly: { env in (try? env.resolve(Indexed<T>.self))?.index == index },
        )
    }
    return _openExistential(tag, do: open)
}
