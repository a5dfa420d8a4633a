// The types an assembly's dependency checks are made of.
//
// Each `@Injectable` type declares `__ProviderChecks`, refining `ProviderChecks`: one associated
// type per required dependency, at its position (`D0`, `D1`, …), defaulting to the dependency
// itself, and one `check(_:)` requirement that returns it. An assembly's graph class conforms to
// `__ProviderChecks` with a `check(_:)` for each type the assembly provides, returning
// `Registered`, and a generic fallback that returns the type asked for; the `#register` line
// calls a local function, named after the service's initializer, that requires each position to
// be a `ProvidedDependency`. A dependency the assembly does not provide keeps its default, which
// fails the constraint: one error per missing dependency, on that line, that reads "local
// function 'Greeter.init' requires that 'Config' inherit from '`registered in the assembly, or
// declared with #external`'", with the function's declaration, on the same line, as its note.
//
// A required `@Tags` dependency is checked the same way, through `check(_:tagged:)`, with its tags
// as a type. Its position's default is an empty enum the `@Injectable` type declares, named for
// what is missing (`` Mirror.`Endpoint is not registered with tags "backup": register it with
// tags: "backup"` ``), and the graph's generic fallback returns whatever the position asks for,
// so a position that no registered `check(_:tagged:)` matches keeps that default, and the error
// quotes it.
//
// A required array dependency (`[any Plugin]`) that the assembly does not register keeps a default
// of that kind too (`` HealthReport.`[any Plugin] is not registered: mark the parameter @All to
// take every registration of its element type` ``): the graph's second fallback, for any array
// type, returns whatever the position asks for, and is more specific than the first.
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

    /// The positions of an `@Injectable` type's required dependencies, which its
    /// `__ProviderChecks` protocol refines: these eight (the plugin's `dependencyPositions`) are
    /// constrained by the check an assembly declares beside each `#register` line; the type
    /// checks the rest itself. A position the type does not use stays `Registered`.
    public protocol ProviderChecks {
        associatedtype D0 = Registered
        associatedtype D1 = Registered
        associatedtype D2 = Registered
        associatedtype D3 = Registered
        associatedtype D4 = Registered
        associatedtype D5 = Registered
        associatedtype D6 = Registered
        associatedtype D7 = Registered
    }

    /// What a graph returns for a `@Tags` dependency the assembly does not register with those
    /// tags, where the `@Injectable` type could not declare a name of its own for it (two of its
    /// tag sets would read alike without raw identifiers).
    public typealias NotRegisteredWithTheseTags<Service, Tags> =
        `not registered with the tags it asks for`<Service, Tags>

    /// What a Sendable service's graph returns for a type the assembly registers with
    /// `#registerMain` (spelled by this name where the macros cannot write raw identifiers).
    public typealias MainActorOnly<Service> =
        `registered with #registerMain, which a Sendable service cannot depend on: register the dependent with #registerMain`<
            Service
        >

    /// What a shared service's graph returns for a type each scope provides (spelled by this name
    /// where the macros cannot write raw identifiers).
    public typealias PerScopeOnly<Service> =
        `provided per scope, which a shared service cannot depend on: register the dependent with scope .scoped or .transient`<
            Service
        >
}

/// The constraint an `@Injectable` type's dependency check puts on each of its required
/// dependencies, as the graph of the line that registers it provides them: met by
/// `__ServiceMacroSupport.Registered`, which the graph returns for what the assembly provides,
/// and by nothing else, so that the compiler's error names the dependency that is missing.
@_documentation(visibility: private)
public class `registered in the assembly, or declared with #external` {}

/// What a graph returns for a required `@Tags` dependency the assembly does not register with
/// those tags, where the type that asks for it declares no reason of its own: it fails the
/// dependency check, and the compiler's error quotes this name.
@_documentation(visibility: private)
public enum `not registered with the tags it asks for`<Service, Tags> {}

/// What a Sendable service's graph returns for a dependency the assembly registers with
/// `#registerMain`: it fails the dependency check, and the compiler's error quotes this name.
// swift-format-ignore
@_documentation(visibility: private)
public enum `registered with #registerMain, which a Sendable service cannot depend on: register the dependent with #registerMain`<Service> {}

/// What a shared service's graph returns for a dependency each scope provides: it fails the
/// dependency check, and the compiler's error quotes this name.
// swift-format-ignore
@_documentation(visibility: private)
public enum `provided per scope, which a shared service cannot depend on: register the dependent with scope .scoped or .transient`<Service> {}
