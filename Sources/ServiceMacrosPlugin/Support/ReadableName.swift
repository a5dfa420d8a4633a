import SwiftSyntax

#if canImport(SwiftSyntax602)
    /// Whether generated names may be raw identifiers: swift-syntax 602 (Swift 6.2) parses them.
    let supportsRawIdentifiers = true
#else
    /// Whether generated names may be raw identifiers: swift-syntax 602 (Swift 6.2) parses them.
    let supportsRawIdentifiers = false
#endif

/// A generated name that reads as words where the compiler's messages print it: the raw
/// identifier `` `Greeter.init` `` where the parser knows raw identifiers; with an older
/// swift-syntax, its words joined by `_` (`Greeter_init`).
///
/// The compiler's own sentences ("local function 'Greeter.init' requires that 'Config' inherit from
/// …") are fixed; the names in them are ours, so they name the user's types and the fix.
func readableName(_ text: String) -> String {
    guard supportsRawIdentifiers else {
        return identifierWords(text).joined(separator: "_")
    }
    // NB: a raw identifier cannot hold a backtick, a backslash or a line break.
    let spelled = text.filter { $0 != "`" && $0 != "\\" }.split(whereSeparator: \.isWhitespace)
    return "`" + spelled.joined(separator: " ") + "`"
}

/// A generic type of the library whose name is a sentence the compiler's errors quote (see
/// `DependencyChecks.swift` in Service), applied to `arguments`: spelled by its name where the
/// macros write raw identifiers, else by its alias in `__ServiceMacroSupport`.
struct ReasonType {
    let sentence: String
    let alias: String
    /// What the name of a type an assembly declares for one registered type says after that
    /// type's name (see `named(for:)`); nil for a reason only the generic type gives.
    var predicate: String? = nil

    static let mainActorOnly = ReasonType(
        sentence: "registered with #registerMain, which a Sendable service cannot depend on: "
            + "register the dependent with #registerMain",
        alias: "MainActorOnly",
        predicate: "is registered with #registerMain, which a Sendable service cannot depend on: "
            + "register the service that needs it with #registerMain",
    )
    // NB: no "take it as Lazy": a shared service's Lazy or ServiceProvider resolves in the
    // environment that built it, which is not a scope, so the scope's value is never found there.
    static let perScopeOnly = ReasonType(
        sentence: "provided per scope, which a shared service cannot depend on: "
            + "register the dependent with scope .scoped or .transient",
        alias: "PerScopeOnly",
        predicate: "is provided per scope, which a shared service cannot depend on: "
            + "register the service that needs it with scope .scoped or .transient",
    )
    static let notRegisteredWithTheseTags = ReasonType(
        sentence: "not registered with the tags it asks for",
        alias: "NotRegisteredWithTheseTags",
    )

    /// The name of the type a service declares to say that its assembly does not register `type`
    /// with `tags`, the tags as written: a sentence that starts with the type's name and ends with
    /// the fix (`` `Endpoint is not registered with tags "backup": register it with tags:
    /// "backup"` ``), which the compiler quotes after the service's name.
    static func notRegistered(_ type: String, tags: [String]) -> String {
        let tags = tags.joined(separator: ", ")
        return readableName("\(type) is not registered with tags \(tags): register it with tags: \(tags)")
    }

    /// The name of the type a service declares to say that its assembly does not register
    /// `type`, an array, and how to take every registration of its element instead
    /// (`` `[any Plugin] is not registered: mark the parameter @All to take every registration of
    /// its element type` ``), which the compiler quotes after the service's name.
    static func notCollected(_ type: String) -> String {
        readableName(
            "\(type) is not registered: mark the parameter @All to take every registration of its element type")
    }

    func applied(to arguments: String...) -> String {
        let name = supportsRawIdentifiers ? readableName(sentence) : "\(RuntimeSymbol.support).\(alias)"
        return "\(name)<\(arguments.joined(separator: ", "))>"
    }

    /// The name of the type an assembly declares to say this of `key`, a type it registers:
    /// a sentence that starts with the type's name (`` `MainScreen is registered with
    /// #registerMain, …` ``), which the compiler quotes after the assembly's `Registrations`. Nil
    /// where the macros cannot write raw identifiers, or the reason has no predicate:
    /// `applied(to:)` then.
    func named(for key: String) -> String? {
        guard supportsRawIdentifiers, let predicate else {
            return nil
        }
        return readableName("\(key) \(predicate)")
    }
}

/// The runs of letters, digits and `_` in `text`, in order.
func identifierWords(_ text: String) -> [String] {
    var words: [String] = []
    var word = ""
    for character in text {
        if character.isLetter || character.isNumber || character == "_" {
            word.append(character)
        } else if !word.isEmpty {
            words.append(word)
            word = ""
        }
    }
    if !word.isEmpty {
        words.append(word)
    }
    return words
}

/// A declaration whose text is `text`, held as written in one token: the compiler parses an
/// expansion from its text, so the plugin does not parse it first.
///
/// NB: parsing the generated text in the plugin was half of its time in a debug build (where
/// swift-syntax is not optimised); the compiler reads the same text either way.
func verbatimDeclaration(_ text: String) -> DeclSyntax {
    DeclSyntax(MissingDeclSyntax(placeholder: .identifier(text)))
}

/// A type whose text is `text`, held as written (see ``verbatimDeclaration(_:)``).
func verbatimType(_ text: String) -> TypeSyntax {
    TypeSyntax(IdentifierTypeSyntax(name: .identifier(text)))
}

/// A member block whose members are `text`, held as written (see ``verbatimDeclaration(_:)``).
func verbatimMemberBlock(_ text: String) -> MemberBlockSyntax {
    let members = MemberBlockItemSyntax(decl: verbatimDeclaration("\n" + text + "\n"))
    return MemberBlockSyntax(members: MemberBlockItemListSyntax([members]))
}
