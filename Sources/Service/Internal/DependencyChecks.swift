// The types an assembly's dependency checks are made of.
//
// Each `@Injectable` type declares `__ProviderChecks`, one associated type per required
// dependency (defaulting to the dependency itself) and one `check(_:)` requirement that returns
// it, and a static function named after its initializer whose generic constraint asks every one
// of those associated types to be a `ProvidedDependency`. An assembly's graph class conforms to
// `__ProviderChecks` with a `check(_:)` for each type the assembly provides, returning
// `Registered`, and a generic fallback that returns the type asked for; the `#register` line
// calls the function with it. A dependency the assembly does not provide keeps its default, the
// dependency's own type, which fails the constraint: one error per missing dependency, on that
// line, that reads "static method 'Greeter.init' requires that 'Config' inherit from '`registered
// in the assembly, or declared with #external`'".
//
// NB: a constraint that fails at a call, not a conformance that fails where it is declared: the
// compiler reports a failed conformance declared in a macro expansion twice, with notes about
// every candidate and an offer to add stubs to generated code.
//
// NB: a superclass constraint, not a protocol: a protocol's would fail differently for a
// dependency that is an existential or a tuple ("type 'any Clock' cannot conform to …", without
// the service's name); a superclass constraint reads the same for every type.

extension __ServiceMacroSupport {
    /// What an assembly's graph class returns from `check(_:)` for a type the assembly provides
    /// to the service: it meets the constraint of every dependency check.
    public final class Registered: ProvidedDependency {}

    /// The constraint each required dependency of an `@Injectable` type puts on the graph of the
    /// line that registers it.
    public typealias ProvidedDependency = `registered in the assembly, or declared with #external`

    /// The constraint each required `@Tags` dependency puts on the graph of the line that
    /// registers the service.
    public typealias ProvidedTaggedDependency =
        `registered in the assembly with the same tags, or declared with #external`

    /// What a Sendable service's graph returns for a type the assembly registers with
    /// `#registerMain` (spelled by this name where the macros cannot write raw identifiers).
    public typealias MainActorOnly<Service> =
        `registered with #registerMain, which a Sendable service cannot depend on: register the dependent with #registerMain`<
            Service
        >

    /// What a shared service's graph returns for a type each scope provides (spelled by this name
    /// where the macros cannot write raw identifiers).
    public typealias PerScopeOnly<Service> =
        `provided per scope, which a shared service cannot depend on: register the dependent with scope .scoped or .transient, or take Lazy or ServiceProvider`<
            Service
        >
}

/// The constraint an `@Injectable` type's dependency check puts on each of its required
/// dependencies, as the graph of the line that registers it provides them: met by
/// `__ServiceMacroSupport.Registered`, which the graph returns for what the assembly provides,
/// and by nothing else, so that the compiler's error names the dependency that is missing.
@_documentation(visibility: private)
public class `registered in the assembly, or declared with #external`:
    `registered in the assembly with the same tags, or declared with #external`
{}

/// The constraint of a required `@Tags` dependency (see the untagged one above): the assembly
/// must register the type with the same tags.
@_documentation(visibility: private)
public class `registered in the assembly with the same tags, or declared with #external` {}

/// What a Sendable service's graph returns for a dependency the assembly registers with
/// `#registerMain`: it fails the dependency check, and the compiler's error quotes this name.
// swift-format-ignore
@_documentation(visibility: private)
public enum `registered with #registerMain, which a Sendable service cannot depend on: register the dependent with #registerMain`<Service> {}

/// What a shared service's graph returns for a dependency each scope provides: it fails the
/// dependency check, and the compiler's error quotes this name.
// swift-format-ignore
@_documentation(visibility: private)
public enum `provided per scope, which a shared service cannot depend on: register the dependent with scope .scoped or .transient, or take Lazy or ServiceProvider`<Service> {}
