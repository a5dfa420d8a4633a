import SwiftDiagnostics

/// Every diagnostic of `@Assembly` and the `#register` family; the ID is the case name.
enum AssemblyDiagnostic: DiagnosticMessage {
    case notAStruct
    case registerOutsideAssembly(macro: String)
    case unreadableType(macro: String)
    case duplicateRegistration(type: String)
    case multipleIncludes
    case registerInConditional(macro: String)
    case closureWithKey(key: String)
    case scopeBeforeTags(macro: String, scope: String)
    case sharedTwice(service: String, first: String, second: String)
    case forwardToItself(type: String)
    /// `type` as written (`(any Clock)`).
    case protocolWithoutClosure(macro: String, type: String)

    var message: String {
        switch self {
        case .notAStruct: "'@Assembly' can only be applied to a struct"
        case .registerOutsideAssembly(let macro): "'#\(macro)' can only be used inside an '@Assembly' struct"
        case .unreadableType(let macro): "'#\(macro)' needs its type written as 'T.self'"
        case .duplicateRegistration(let type): "'\(type)' is registered more than once in this assembly"
        case .multipleIncludes: "'@Assembly' can include one assembly; include more by chaining assemblies"
        case .registerInConditional(let macro):
            "'#\(macro)' inside '#if' is not read by '@Assembly'; use one assembly per configuration"
        case .closureWithKey(let key):
            "'as:' is for an @Injectable type built without a closure; a closure's service is the type named first: write '\(key).self' there and drop 'as:'"
        case .scopeBeforeTags(let macro, let scope):
            "'#\(macro)' takes its tags before its scope: write '\(scope)' after the tags"
        case .forwardToItself(let type):
            "'#forward' makes one type another name for a second one: '\(type)' forwarded to itself would resolve itself forever"
        case .protocolWithoutClosure(let macro, let type):
            "'\(type.hasPrefix("(") && type.hasSuffix(")") ? String(type.dropFirst().dropLast()) : type)' is a protocol type, which '#\(macro)' cannot build without a closure: give it a closure that "
                + "returns a conforming instance, or register an @Injectable type under it with 'as: \(type).self'"
        case .sharedTwice(let service, let first, let second):
            "'\(service)' is registered as '\(first)' and as '\(second)', each with an instance of its own: "
                + "to share one, register '\(service)' once and '#forward' the other types to it; "
                + "to keep two, write 'scope: .singleton' on this line"
        }
    }

    var diagnosticID: MessageID {
        let id =
            switch self {
            case .notAStruct: "notAStruct"
            case .registerOutsideAssembly: "registerOutsideAssembly"
            case .unreadableType: "unreadableType"
            case .duplicateRegistration: "duplicateRegistration"
            case .multipleIncludes: "multipleIncludes"
            case .registerInConditional: "registerInConditional"
            case .closureWithKey: "closureWithKey"
            case .scopeBeforeTags: "scopeBeforeTags"
            case .sharedTwice: "sharedTwice"
            case .forwardToItself: "forwardToItself"
            case .protocolWithoutClosure: "protocolWithoutClosure"
            }
        return MessageID(domain: "ServiceMacros", id: id)
    }

    var severity: DiagnosticSeverity {
        switch self {
        case .sharedTwice: .warning
        default: .error
        }
    }
}

/// Notes attached to `@Assembly` diagnostics.
enum AssemblyNote: NoteMessage {
    case firstRegistration

    var message: String { "first registered here" }

    var noteID: MessageID { MessageID(domain: "ServiceMacros", id: "firstRegistration") }
}

/// The fix-its `@Assembly` offers.
enum AssemblyFixIt: FixItMessage {
    case removeDuplicate
    case registerKeyWithClosure(key: String)
    case moveScopeAfterTags
    case forwardToOneInstance(service: String)
    case forwardToRegistration(key: String, service: String)
    case keepTwoInstances

    var message: String {
        switch self {
        case .forwardToOneInstance(let service): "register '\(service)' once and forward both types to it"
        case .forwardToRegistration(let key, let service): "forward '\(key)' to the registration of '\(service)'"
        case .keepTwoInstances: "keep two instances: write 'scope: .singleton'"
        case .removeDuplicate: "remove the duplicate registration"
        case .registerKeyWithClosure(let key): "register '\(key)' with the closure"
        case .moveScopeAfterTags: "move the scope after the tags"
        }
    }

    var fixItID: MessageID {
        switch self {
        case .removeDuplicate: MessageID(domain: "ServiceMacros", id: "removeDuplicate")
        case .registerKeyWithClosure: MessageID(domain: "ServiceMacros", id: "registerKeyWithClosure")
        case .moveScopeAfterTags: MessageID(domain: "ServiceMacros", id: "moveScopeAfterTags")
        case .forwardToOneInstance, .forwardToRegistration:
            MessageID(domain: "ServiceMacros", id: "forwardToOneInstance")
        case .keepTwoInstances: MessageID(domain: "ServiceMacros", id: "keepTwoInstances")
        }
    }
}
