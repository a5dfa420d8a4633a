import SwiftDiagnostics

/// Every diagnostic of `@Injectable` and `@Inject`; the ID is the case name.
enum InjectableDiagnostic: String, DiagnosticMessage {
    case unsupportedDeclaration
    case genericType
    case nonFinalClass
    case ambiguousInitializers
    case multipleInjectInitializers
    case asyncInitializer
    case failableInitializer
    case variadicParameter

    var message: String {
        switch self {
        case .unsupportedDeclaration: "'@Injectable' can only be applied to a struct, final class or actor"
        case .genericType: "'@Injectable' cannot be applied to a generic type"
        case .nonFinalClass: "'@Injectable' class must be 'final'"
        case .ambiguousInitializers: "'@Injectable' type with several initializers must mark one with '@Inject'"
        case .multipleInjectInitializers: "only one initializer can be marked '@Inject'"
        case .asyncInitializer: "an injected initializer cannot be 'async'"
        case .failableInitializer: "an injected initializer cannot be failable"
        case .variadicParameter: "an injected parameter cannot be variadic"
        }
    }

    var diagnosticID: MessageID { MessageID(domain: "ServiceMacros", id: rawValue) }

    var severity: DiagnosticSeverity {
        switch self {
        case .unsupportedDeclaration, .genericType, .nonFinalClass, .ambiguousInitializers,
            .multipleInjectInitializers, .asyncInitializer, .failableInitializer, .variadicParameter:
            .error
        }
    }
}

/// The fix-its `@Injectable` offers.
enum InjectableFixIt: FixItMessage {
    case addFinal
    case markInject(initializer: String)

    var message: String {
        switch self {
        case .addFinal: "add 'final'"
        case .markInject(let initializer): "mark '\(initializer)' with '@Inject'"
        }
    }

    var fixItID: MessageID {
        switch self {
        case .addFinal: MessageID(domain: "ServiceMacros", id: "addFinal")
        case .markInject: MessageID(domain: "ServiceMacros", id: "markInject")
        }
    }
}
