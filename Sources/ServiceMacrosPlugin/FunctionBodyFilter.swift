/// Empties the bodies of a type's methods in the declaration a request sends, before swift-syntax
/// parses it.
///
/// The compiler sends an attached macro the whole declaration it is attached to, and swift-syntax
/// parses all of it before the macro runs. For `@Injectable` on a class of a few hundred lines,
/// nearly all of that text is method bodies, which no macro here reads: a debug build of
/// swift-syntax (SwiftPM's default for a plugin) then spends most of the expansion parsing them.
/// So the filter takes out what is between the braces of each method of the type (a `func` among
/// its members) but its line breaks, and the method's signature but its name and parentheses
/// (`func title(_ count: Int) -> String {` reads `func title( ) {`): no macro here reads a
/// method's parameters, generics, effects or result either. Every line outside those parts stays
/// where it was, and every column but those of a method's braces; the offsets that follow a cut
/// move, and `OffsetMap` puts the positions of what the macros report back.
///
/// Only what the filter reads with certainty is changed: the text of a type declaration, scanned
/// for comments, string literals (raw, multi-line and interpolated ones too), raw identifiers and
/// brackets. A bare `/` it cannot tell from the start of a regular expression literal, or a text
/// it cannot balance, leaves the request unchanged. Nested types, closures and initializers are
/// left as written, so nothing a macro copies into its expansion (a `#register` line's closure,
/// a property's initializer) changes.
enum FunctionBodyFilter {
    /// Empties the method bodies of the declaration `message` (a request's JSON) sends, in place;
    /// returns where it took text out, in the file's offsets, or nil when it left the message as
    /// it is.
    static func apply(to message: inout [UInt8]) -> OffsetMap? {
        let key = Array(#""declSyntax":{"#.utf8)
        let sourceKey = Array(#""source":""#.utf8)
        guard let declaration = message.firstIndex(ofBytes: key),
            let sourceStart = message.firstIndex(ofBytes: sourceKey, from: declaration + key.count),
            let base = message.integer(after: Array(#""offset":"#.utf8), in: declaration + key.count..<sourceStart),
            case let valueStart = sourceStart + sourceKey.count,
            let valueEnd = message.closingQuote(from: valueStart),
            let source = JSONString.decode(message[valueStart..<valueEnd]),
            let emptied = emptyingMethodBodies(in: source)
        else {
            return nil
        }
        message.replaceSubrange(valueStart..<valueEnd, with: JSONString.encode(emptied.text))
        return emptied.map.shifted(by: base)
    }

    /// `source` with each method body of the type it declares emptied but for its line breaks
    /// and the indentation of its closing brace, and each method's signature but for its name,
    /// its first parentheses and its line breaks, so that every line outside those parts is where
    /// it was, with the map from its offsets to the original's; nil when it declares no type, has
    /// no method body, or holds anything the scan does not read with certainty.
    ///
    /// NB: line breaks, not spaces of the same length: a debug build of swift-syntax lexes a
    /// space about as slowly as it reads a token, and spaces the length of the bodies still cost
    /// as much as the rest of the expansion.
    static func emptyingMethodBodies(in source: [UInt8]) -> (text: [UInt8], map: OffsetMap)? {
        let cuts = source.withUnsafeBufferPointer { text -> [(range: Range<Int>, isBody: Bool)]? in
            var scanner = Scanner(text: text)
            return try? scanner.methodCuts()
        }
        guard let cuts, cuts.contains(where: \.isBody) else {
            return nil
        }
        var text: [UInt8] = []
        text.reserveCapacity(source.count)
        var map = OffsetMap()
        var copied = 0
        for cut in cuts {
            let range = cut.range
            text.append(contentsOf: source[copied..<range.lowerBound])
            var index = range.lowerBound
            // NB: a run of a line's text up to its line break goes; the break stays. The first
            // byte keeps a space, so that the end of what comes before (a body's opening brace, a
            // method's name, a parenthesis) is not where text went.
            while let lineBreak = source[index..<range.upperBound].firstIndex(where: Self.isLineBreak) {
                if index == range.lowerBound && lineBreak > index {
                    text.append(UInt8(ascii: " "))
                    index += 1
                }
                if lineBreak > index {
                    map.recordRemoval(of: lineBreak - index, at: text.count)
                }
                text.append(source[lineBreak])
                index = lineBreak + 1
            }
            if cut.isBody {
                // NB: the last line's text is the closing brace's indentation, when the body
                // spans lines.
                text.append(contentsOf: repeatElement(UInt8(ascii: " "), count: range.upperBound - index))
            } else if index < range.upperBound {
                if index == range.lowerBound {
                    text.append(UInt8(ascii: " "))
                    index += 1
                }
                if index < range.upperBound {
                    map.recordRemoval(of: range.upperBound - index, at: text.count)
                }
            }
            copied = range.upperBound
        }
        text.append(contentsOf: source[copied...])
        return text == source ? nil : (text, map)
    }

    private static func isLineBreak(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// Reads a declaration as far as brackets, comments and literals go: enough to find where each
    /// method body begins and ends.
    ///
    /// NB: indices into a buffer, not a collection's, as a generic walk is slow in a debug build.
    private struct Scanner {
        let text: UnsafeBufferPointer<UInt8>
        var index = 0
        /// What the filter takes out, in order: each method's body, and before it the parts of
        /// its signature around its first parentheses (see `signatureCuts(nameEnd:parentheses:brace:)`).
        var cuts: [(range: Range<Int>, isBody: Bool)] = []
        /// The first parentheses of the signature being read, from `(` to past `)`.
        var signatureParentheses: Range<Int>?

        /// What the scan met that it does not read with certainty.
        struct Unsure: Error {}

        /// Where a scan is: which byte ends it and what its `func` keywords mean.
        private enum Level {
            /// Before the type's body, which is the first `{`.
            case declaration
            /// The type's members: a `func` here begins a method.
            case members
            /// A method's signature: its body begins at the next `{`; a `}` or another
            /// declaration's keyword (a requirement without a body) ends it unread. `nameEnd` is
            /// where the method's name ends, nil for an operator's.
            case signature(nameEnd: Int?)
            /// Anything in brackets or braces that is not the type's body, up to `closer`.
            case nested(closer: UInt8)

            var isSignature: Bool {
                if case .signature = self {
                    return true
                }
                return false
            }
        }

        /// The ranges between the braces of each method body of the type the text declares, and
        /// the parts of each one's signature that no macro reads.
        mutating func methodCuts() throws -> [(range: Range<Int>, isBody: Bool)] {
            try scan(.declaration)
            return cuts
        }

        /// Scans from `index` to the end of `level`, past the byte that ends it.
        private mutating func scan(_ level: Level) throws {
            var declaresType = false
            while index < text.count {
                let byte = text[index]
                switch byte {
                case UInt8(ascii: "/"):
                    try slash()
                case UInt8(ascii: "\""):
                    try string(pounds: 0)
                case UInt8(ascii: "#"):
                    try pound()
                case UInt8(ascii: "`"):
                    try rawIdentifier()
                case UInt8(ascii: "{"):
                    index += 1
                    switch level {
                    case .declaration:
                        guard declaresType else {
                            throw Unsure()
                        }
                        try scan(.members)
                        return
                    case .signature(let nameEnd):
                        let start = index
                        if let nameEnd, let parentheses = signatureParentheses {
                            cuts += signatureCuts(nameEnd: nameEnd, parentheses: parentheses, brace: start - 1)
                        }
                        try scan(.nested(closer: UInt8(ascii: "}")))
                        cuts.append((start..<index - 1, isBody: true))
                        return
                    case .members, .nested:
                        try scan(.nested(closer: UInt8(ascii: "}")))
                    }
                case UInt8(ascii: "("):
                    let open = index
                    index += 1
                    try scan(.nested(closer: UInt8(ascii: ")")))
                    if level.isSignature && signatureParentheses == nil {
                        signatureParentheses = open..<index
                    }
                case UInt8(ascii: "["):
                    index += 1
                    try scan(.nested(closer: UInt8(ascii: "]")))
                case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"):
                    switch level {
                    case .members where byte == UInt8(ascii: "}"):
                        index += 1
                        return
                    case .nested(let closer) where byte == closer:
                        index += 1
                        return
                    case .signature where byte == UInt8(ascii: "}"):
                        return
                    default:
                        throw Unsure()
                    }
                case UInt8(ascii: ";") where level.isSignature:
                    return
                default:
                    guard Self.isWordByte(byte) else {
                        index += 1
                        continue
                    }
                    let start = index
                    skipIdentifier()
                    // NB: a word is only read where it can matter, not in every body it passes.
                    switch level {
                    case .declaration:
                        declaresType = declaresType || Self.typeKeywords.contains(Array(text[start..<index]))
                    case .members:
                        if Array(text[start..<index]) == Self.funcKeyword {
                            signatureParentheses = nil
                            try scan(.signature(nameEnd: try nameEnd()))
                        }
                    case .signature:
                        if Self.declarationKeywords.contains(Array(text[start..<index])) {
                            index = start
                            return
                        }
                    case .nested:
                        break
                    }
                }
            }
            guard case .declaration = level else {
                throw Unsure()
            }
            // NB: a declaration without a body (an error the compiler reports) has nothing to blank.
        }

        /// After `func`: moves past the method's name and returns where it ends, when the name is
        /// an identifier or a raw identifier; nil, without moving, for an operator.
        private mutating func nameEnd() throws -> Int? {
            var position = index
            while position < text.count, Self.isSpace(text[position]) {
                position += 1
            }
            guard position < text.count else {
                return nil
            }
            if text[position] == UInt8(ascii: "`") {
                index = position
                try rawIdentifier()
                return index
            }
            guard Self.isWordByte(text[position]) else {
                return nil
            }
            index = position
            skipIdentifier()
            return index
        }

        /// What goes of a signature whose name ends at `nameEnd`, whose first parentheses are
        /// `parentheses` and whose body's brace is at `brace`: everything but the parentheses
        /// themselves, which leaves `name() {`. The attributes and modifiers before the name stay,
        /// and so does the name, which a macro may look for (an assembly's `loaded(env:)` hook).
        ///
        /// NB: the parameters, generic parameters, effects, result and `where` clause of a type's
        /// methods were the larger part of what swift-syntax parsed of a class with methods once
        /// their bodies were emptied, and no macro here reads them.
        private func signatureCuts(nameEnd: Int, parentheses: Range<Int>, brace: Int) -> [(
            range: Range<Int>, isBody: Bool
        )] {
            let parts = [
                nameEnd..<parentheses.lowerBound, parentheses.lowerBound + 1..<parentheses.upperBound - 1,
                parentheses.upperBound..<brace,
            ]
            return parts.filter { !$0.isEmpty }.map { ($0, isBody: false) }
        }

        /// Moves past the identifier (or number) at `index`.
        private mutating func skipIdentifier() {
            while index < text.count, Self.isWordByte(text[index]) {
                index += 1
            }
        }

        /// A comment, or a `/` that can only be an operator; anything else may begin a regular
        /// expression literal, which the scan does not read.
        private mutating func slash() throws {
            let next = index + 1 < text.count ? text[index + 1] : 0
            if next == UInt8(ascii: "/") {
                while index < text.count, text[index] != UInt8(ascii: "\n") {
                    index += 1
                }
                return
            }
            if next == UInt8(ascii: "*") {
                try blockComment()
                return
            }
            // NB: division as it is usually written (`a / b`, `a/b`, `a /= b`), after an operand.
            let before = index > 0 ? text[index - 1] : 0
            let spaceBefore = Self.isSpace(before)
            let spaceAfter = Self.isSpace(next) || next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r")
            guard spaceBefore == spaceAfter || next == UInt8(ascii: "=") else {
                throw Unsure()
            }
            var operand = index - 1
            while operand >= 0, Self.isSpace(text[operand]) {
                operand -= 1
            }
            guard operand >= 0,
                Self.isWordByte(text[operand]) || text[operand] == UInt8(ascii: ")")
                    || text[operand] == UInt8(ascii: "]")
            else {
                throw Unsure()
            }
            index += 1
        }

        /// A block comment, which may nest.
        private mutating func blockComment() throws {
            var depth = 0
            while index + 1 < text.count {
                if text[index] == UInt8(ascii: "/") && text[index + 1] == UInt8(ascii: "*") {
                    depth += 1
                    index += 2
                } else if text[index] == UInt8(ascii: "*") && text[index + 1] == UInt8(ascii: "/") {
                    depth -= 1
                    index += 2
                    if depth == 0 {
                        return
                    }
                } else {
                    index += 1
                }
            }
            throw Unsure()
        }

        /// `#` before a raw string, or before a directive or macro name (`#if`, `#register`).
        private mutating func pound() throws {
            var pounds = 0
            while index + pounds < text.count, text[index + pounds] == UInt8(ascii: "#") {
                pounds += 1
            }
            let next = index + pounds < text.count ? text[index + pounds] : 0
            if next == UInt8(ascii: "\"") {
                try string(pounds: pounds)
                return
            }
            guard next != UInt8(ascii: "/") else {
                throw Unsure()
            }
            index += pounds
        }

        /// A raw identifier: anything between two backticks on one line.
        private mutating func rawIdentifier() throws {
            index += 1
            while index < text.count, text[index] != UInt8(ascii: "`") {
                guard text[index] != UInt8(ascii: "\n") else {
                    throw Unsure()
                }
                index += 1
            }
            guard index < text.count else {
                throw Unsure()
            }
            index += 1
        }

        /// A string literal opened with `pounds` `#` at `index`, with its interpolations.
        private mutating func string(pounds: Int) throws {
            index += pounds
            let multiline = matches("\"\"\"", at: index)
            index += multiline ? 3 : 1
            while index < text.count {
                let byte = text[index]
                if byte == UInt8(ascii: "\\") {
                    var end = index + 1
                    while end - index - 1 < pounds, end < text.count, text[end] == UInt8(ascii: "#") {
                        end += 1
                    }
                    guard end - index - 1 == pounds else {
                        index += 1
                        continue
                    }
                    if end < text.count, text[end] == UInt8(ascii: "(") {
                        index = end + 1
                        try scan(.nested(closer: UInt8(ascii: ")")))
                    } else {
                        // NB: the escaped character, a quote or a backslash among them.
                        index = end + 1
                    }
                    continue
                }
                if byte == UInt8(ascii: "\"") && (!multiline || matches("\"\"\"", at: index)) {
                    let quotes = multiline ? 3 : 1
                    if closesWithPounds(pounds, at: index + quotes) {
                        index += quotes + pounds
                        return
                    }
                }
                guard multiline || byte != UInt8(ascii: "\n") else {
                    throw Unsure()
                }
                index += 1
            }
            throw Unsure()
        }

        /// Whether `pounds` `#` follow at `position`.
        private func closesWithPounds(_ pounds: Int, at position: Int) -> Bool {
            guard position + pounds <= text.count else {
                return false
            }
            return (0..<pounds).allSatisfy { text[position + $0] == UInt8(ascii: "#") }
        }

        /// Whether `pattern` (ASCII) is at `position`.
        private func matches(_ pattern: StaticString, at position: Int) -> Bool {
            let count = pattern.utf8CodeUnitCount
            guard position + count <= text.count else {
                return false
            }
            return (0..<count).allSatisfy { text[position + $0] == pattern.utf8Start[$0] }
        }

        private static let funcKeyword = Array("func".utf8)

        /// The keywords that make a declaration a type with members.
        private static let typeKeywords: Set<[UInt8]> = Set(
            ["class", "struct", "actor", "enum", "extension", "protocol"].map { Array($0.utf8) }
        )

        /// The keywords that begin a member, which end a signature that had no body.
        private static let declarationKeywords: Set<[UInt8]> = Set(
            [
                "func", "var", "let", "init", "deinit", "subscript", "case", "typealias", "associatedtype",
                "struct", "class", "enum", "protocol", "actor", "extension", "import",
            ].map { Array($0.utf8) }
        )

        /// Letters, digits, `_`, `$` and every byte of a non-ASCII character: what an identifier
        /// (or a number, which the scan reads the same way) is made of.
        private static func isWordByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...:
                true
            default:
                false
            }
        }

        private static func isSpace(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
        }
    }
}
