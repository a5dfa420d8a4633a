// The compiler's messages as CompileFailureTests expects them, for the swift-syntax this package
// resolved (the fixture resolves the same one).

import Foundation

/// `text` as the compiler prints it for macros built with this swift-syntax: from 602 on, the
/// macros' readable names are raw identifiers (`` `Ping needs itself…` ``, printed bare where the
/// compiler quotes a protocol by name); before, their words joined by `_` (`Ping_needs_itself_…`).
///
/// NB: the fixture resolves the same swift-syntax as this package.
func readable(_ text: String) -> String {
    #if canImport(SwiftSyntax602)
        return text
    #else
        var converted = withoutRawIdentifiers(text)
        for subject in ["InferredScreen", "SettingsScreen"] {
            let message = inferredIsolationMessage.replacingOccurrences(of: "InferredScreen", with: subject)
            converted = converted.replacingOccurrences(
                of: "'\(message)'",
                with: "'\(message.split { !($0.isLetter || $0.isNumber) }.joined(separator: "_"))'",
            )
        }
        for subject in ["Ping", "Server", "CycleStore"] {
            let cycle = "\(subject) needs itself through its dependencies: take one of them as Lazy or ServiceProvider"
            converted = converted.replacingOccurrences(
                of: "'\(cycle)'",
                with: "'\(cycle.split { !($0.isLetter || $0.isNumber) }.joined(separator: "_"))'",
            )
        }
        return converted
    #endif
}

/// The name of the property whose read fails for a type whose isolation `@Injectable` cannot see.
let inferredIsolationMessage =
    "InferredScreen is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated"

/// The name of `service`'s dependency check as the compiler prints it: `Greeter.init`, or
/// `Greeter_init` where the macros cannot write raw identifiers.
func checkName(_ service: String) -> String {
    #if canImport(SwiftSyntax602)
        return "\(service).init"
    #else
        return "\(service)_init"
    #endif
}

/// The name of the local function that checks a `#forward` line's target, as the compiler prints it.
func forwardCheckName(key: String, target: String) -> String {
    let name = "\(key) forwards to \(target)"
    #if canImport(SwiftSyntax602)
        return name
    #else
        return name.split { !($0.isLetter || $0.isNumber || $0 == "_") }.joined(separator: "_")
    #endif
}

/// The compiler's first line for a required dependency the assembly does not provide.
func missingProviderMessage(_ service: String, needs dependency: String) -> String {
    "error: local function '\(checkName(service))' requires that '\(dependency)' inherit from "
        + "'`registered in the assembly, or declared with #external`'"
}

/// The compiler's first line for a required `@Tags` dependency of `service`, of type
/// `dependency`, that the assembly does not register with `tag`: the type the service declares
/// to say so, which names the type, the tag and the fix.
func missingTaggedProviderMessage(_ service: String, needs dependency: String, tagged tag: String) -> String {
    #if canImport(SwiftSyntax602)
        let reason = "`\(dependency) is not registered with tags \"\(tag)\": register it with tags: \"\(tag)\"`"
    #else
        let reason = "\(dependency)_is_not_registered_with_tags_\(tag)_register_it_with_tags_\(tag)"
    #endif
    return "error: local function '\(checkName(service))' requires that '\(service).\(reason)' inherit from "
        + "'`registered in the assembly, or declared with #external`'"
}

/// The compiler's first line for a required array `dependency` of `service` that the assembly
/// does not register: the type the service declares to say so, which names the array and says to
/// mark the parameter `@All`.
func missingArrayProviderMessage(_ service: String, needs dependency: String) -> String {
    let sentence =
        "\(dependency) is not registered: mark the parameter @All to take every registration of its element type"
    #if canImport(SwiftSyntax602)
        let reason = "`\(sentence)`"
    #else
        let reason = sentence.split { !($0.isLetter || $0.isNumber || $0 == "_") }.joined(separator: "_")
    #endif
    return "error: local function '\(checkName(service))' requires that '\(service).\(reason)' inherit from "
        + "'`registered in the assembly, or declared with #external`'"
}

/// Why a service may not depend on a type its assembly registers.
enum WithheldReason {
    case mainActor
    case perScope

    /// What the name of the type the assembly declares for it says after the type's name.
    var predicate: String {
        switch self {
        case .mainActor: mainActorOnlyPredicate
        case .perScope: perScopeOnlyPredicate
        }
    }

    /// The name of the library's generic type that says it, where the macros cannot write raw
    /// identifiers.
    var genericSentence: String {
        switch self {
        case .mainActor: "registered with #registerMain, which a Sendable service cannot depend on"
        case .perScope: "provided per scope, which a shared service cannot depend on"
        }
    }
}

/// Whether `error` is the compiler's first line for `service`, which depends on `key`, which
/// `assembly` registers so that `reason` withholds it: with raw identifiers, exactly
/// "local function 'Presenter.init' requires that 'CrossTrackAssembly.Registrations.`MainScreen is
/// registered with #registerMain, …`' inherit from …".
func withheld(_ reason: WithheldReason, _ key: String, by assembly: String, from service: String, in error: String)
    -> Bool
{
    #if canImport(SwiftSyntax602)
        return error.hasSuffix(
            missingProviderMessage(service, needs: "\(assembly).Registrations.`\(key) \(reason.predicate)`"))
    #else
        return error.contains("error: local function '\(checkName(service))' requires that '")
            && error.contains(reason.genericSentence) && error.contains("<\(key)>")
    #endif
}
