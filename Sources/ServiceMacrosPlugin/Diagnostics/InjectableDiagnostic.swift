import SwiftDiagnostics

/// Every diagnostic of `@Injectable` and `@Inject`; the ID is the case name.
enum InjectableDiagnostic: DiagnosticMessage {
    case unsupportedDeclaration
    case genericType
    case nonFinalClass
    case ambiguousInitializers
    case multipleInjectInitializers
    case asyncAssisted
    case failableInitializer
    case genericInitializer
    case opaqueParameter
    case variadicParameter
    case inoutParameter
    case injectRequiresType
    case injectOnStaticProperty
    case missingDefaultValue(property: String)
    case assistedMainActor
    case assistedDefaultValue
    case injectOnComputedProperty
    case storedPropertyInConditional
    case emptyTags
    case taggedAssisted
    case taggedDeferred
    case allNotArray
    case allAssisted
    case allTagged
    case memberwiseRequired(kind: String, type: String)
    case memberwiseWithInitializer(type: String)
    case memberwiseWithoutInjectProperties(type: String)
    case escapingOnInitializer
    case escapingNotLiteral

    var message: String {
        switch self {
        case .unsupportedDeclaration: "'@Injectable' can only be applied to a struct, final class or actor"
        case .genericType: "'@Injectable' cannot be applied to a generic type"
        case .nonFinalClass: "'@Injectable' class must be 'final'"
        case .ambiguousInitializers: "'@Injectable' type with several initializers must mark one with '@Inject'"
        case .multipleInjectInitializers: "only one initializer can be marked '@Inject'"
        case .asyncAssisted: "an 'async' initializer cannot take '@Assisted' parameters"
        case .failableInitializer: "an injected initializer cannot be failable"
        case .genericInitializer:
            "an injected initializer cannot be generic: take each dependency as a type, or as 'any' of a protocol"
        case .opaqueParameter:
            "an injected parameter cannot be of a 'some' type, which makes the initializer generic: write 'any'"
        case .variadicParameter: "an injected parameter cannot be variadic"
        case .inoutParameter: "an injected parameter cannot be 'inout': take it by value"
        case .injectRequiresType: "an '@Inject' property needs a type annotation"
        case .injectOnStaticProperty: "'@Inject' cannot be applied to a static property"
        case .missingDefaultValue(let property):
            "stored property '\(property)' needs a default value or '@Inject': '@Injectable' passes only the '@Inject' properties to the initializer"
        case .assistedMainActor: "'@Assisted' parameters are not supported on a '@MainActor' type"
        case .assistedDefaultValue: "an '@Assisted' parameter cannot have a default value"
        case .injectOnComputedProperty: "'@Inject' can only be applied to a stored property"
        case .storedPropertyInConditional:
            "'@Injectable' cannot read stored properties inside '#if'; declare the initializer to inject"
        case .emptyTags: "'@Tags' names at least one tag, as the registration it resolves spells them"
        case .taggedAssisted: "an '@Assisted' parameter is passed when resolving; it cannot also be '@Tags'"
        case .taggedDeferred:
            "'@Tags' cannot be applied to a 'Lazy' or 'ServiceProvider' parameter; take the tagged service itself"
        case .allNotArray:
            "'@All' collects every registration of a type into an array: declare the parameter as an array, '[T]'"
        case .allAssisted: "an '@Assisted' parameter is passed when resolving; it cannot also be '@All'"
        case .allTagged:
            "write the tags in '@All(…)': '@Tags' resolves the one registration with those tags, '@All' every one whose tags include them"
        case .memberwiseRequired(let kind, let type):
            "an extension cannot declare the initializer of \(kind) '\(type)': write '@Injectable(.memberwise)' to generate it from the '@Inject' properties"
        case .memberwiseWithInitializer(let type):
            "'@Injectable(.memberwise)' generates an initializer for '@Inject' properties, but '\(type)' declares its own"
        case .memberwiseWithoutInjectProperties(let type):
            "'@Injectable(.memberwise)' generates an initializer for '@Inject' properties, but '\(type)' has none"
        case .escapingOnInitializer:
            "'escaping:' is for an '@Inject' stored property; an initializer writes '@escaping' on its parameters"
        case .escapingNotLiteral:
            "'escaping:' takes 'true' or 'false', as written: the macro reads it, the compiler does not"
        }
    }

    /// The case name, which never changes when the message is reworded.
    var diagnosticID: MessageID {
        let id =
            switch self {
            case .unsupportedDeclaration: "unsupportedDeclaration"
            case .genericType: "genericType"
            case .nonFinalClass: "nonFinalClass"
            case .ambiguousInitializers: "ambiguousInitializers"
            case .multipleInjectInitializers: "multipleInjectInitializers"
            case .asyncAssisted: "asyncAssisted"
            case .failableInitializer: "failableInitializer"
            case .genericInitializer: "genericInitializer"
            case .opaqueParameter: "opaqueParameter"
            case .variadicParameter: "variadicParameter"
            case .inoutParameter: "inoutParameter"
            case .injectRequiresType: "injectRequiresType"
            case .injectOnStaticProperty: "injectOnStaticProperty"
            case .missingDefaultValue: "missingDefaultValue"
            case .assistedMainActor: "assistedMainActor"
            case .assistedDefaultValue: "assistedDefaultValue"
            case .injectOnComputedProperty: "injectOnComputedProperty"
            case .storedPropertyInConditional: "storedPropertyInConditional"
            case .emptyTags: "emptyTags"
            case .taggedAssisted: "taggedAssisted"
            case .taggedDeferred: "taggedDeferred"
            case .allNotArray: "allNotArray"
            case .allAssisted: "allAssisted"
            case .allTagged: "allTagged"
            case .memberwiseRequired: "memberwiseRequired"
            case .memberwiseWithInitializer: "memberwiseWithInitializer"
            case .memberwiseWithoutInjectProperties: "memberwiseWithoutInjectProperties"
            case .escapingOnInitializer: "escapingOnInitializer"
            case .escapingNotLiteral: "escapingNotLiteral"
            }
        return MessageID(domain: "ServiceMacros", id: id)
    }

    var severity: DiagnosticSeverity { .error }
}

/// The fix-its `@Injectable` offers.
enum InjectableFixIt: FixItMessage {
    case addFinal
    case markInject(initializer: String)
    case markPropertyInject(property: String)
    case useMemberwise
    case removeMemberwise
    case useAny

    var message: String {
        switch self {
        case .addFinal: "add 'final'"
        case .markInject(let initializer): "mark '\(initializer)' with '@Inject'"
        case .markPropertyInject(let property): "mark '\(property)' with '@Inject'"
        case .useMemberwise: "write '@Injectable(.memberwise)'"
        case .removeMemberwise: "remove '(.memberwise)'"
        case .useAny: "write 'any'"
        }
    }

    var fixItID: MessageID {
        switch self {
        case .addFinal: MessageID(domain: "ServiceMacros", id: "addFinal")
        case .markInject, .markPropertyInject: MessageID(domain: "ServiceMacros", id: "markInject")
        case .useMemberwise: MessageID(domain: "ServiceMacros", id: "useMemberwise")
        case .removeMemberwise: MessageID(domain: "ServiceMacros", id: "removeMemberwise")
        case .useAny: MessageID(domain: "ServiceMacros", id: "useAny")
        }
    }
}
