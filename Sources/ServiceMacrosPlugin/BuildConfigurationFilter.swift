#if canImport(SwiftSyntax603)
    @_spi(ExperimentalLanguageFeatures) import SwiftParser
#endif

/// Leaves out of a request from the compiler the parts of its build configuration that these
/// macros never read, before swift-syntax decodes it.
///
/// A request is a JSON object whose `staticBuildConfiguration` member is a string holding the
/// configuration's own JSON. swift-syntax 603 decodes it for two things: the language mode and
/// the experimental features the parser needs to read the declaration it was sent, and the
/// `buildConfiguration` of the expansion context, which these macros do not use. So the filter
/// keeps every member of the configuration but empties its `attributes` and keeps only the
/// `features` the parser knows. Earlier versions do not decode the configuration at all; the
/// filter removes it. Anything not in the expected shape is passed on unchanged.
enum BuildConfigurationFilter {
    /// The filter of one connection.
    final class Cache {
        private var originalCount = -1
        private var compacted: [UInt8]?

        /// Makes the build configuration of `message` compact, or removes it, in place.
        ///
        /// NB: every request of a compile job carries the same configuration, but its sets are
        /// written in a different order each time; so it is made compact once, and again only
        /// when its length changes.
        func apply(to message: inout [UInt8]) {
            guard let found = BuildConfigurationFilter.locate(in: message) else {
                return
            }
            #if canImport(SwiftSyntax603)
                if found.value.count != originalCount {
                    originalCount = found.value.count
                    compacted = BuildConfigurationFilter.compact(message[found.value])
                }
                if let compacted {
                    message.replaceSubrange(found.value, with: compacted)
                }
            #else
                message.removeSubrange(found.member)
            #endif
        }
    }

    /// The member's text in `message` with the comma that separates it from its neighbour, and
    /// its string value between the quotes; nil when the message has none.
    static func locate(in message: [UInt8]) -> (member: Range<Int>, value: Range<Int>)? {
        let key = Array(#""staticBuildConfiguration":""#.utf8)
        guard let keyStart = message.firstIndex(ofBytes: key) else {
            return nil
        }
        let valueStart = keyStart + key.count
        // NB: the value ends at the first quote after an even number of backslashes.
        guard let index = message.closingQuote(from: valueStart) else {
            return nil
        }
        let value = valueStart..<index
        if keyStart > 0, message[keyStart - 1] == UInt8(ascii: ",") {
            return (keyStart - 1..<index + 1, value)
        }
        if index + 1 < message.count, message[index + 1] == UInt8(ascii: ",") {
            return (keyStart..<index + 2, value)
        }
        return (keyStart..<index + 1, value)
    }

    /// The configuration `value` (escaped, as it appears inside the request's string) with no
    /// `attributes` and only the `features` the parser knows; nil when it is not in that shape.
    static func compact(_ value: ArraySlice<UInt8>, isParserFeature: (String) -> Bool = isParserFeature) -> [UInt8]? {
        var text = Array(value)
        guard let attributes = arrayContents(named: "attributes", in: text) else {
            return nil
        }
        text.removeSubrange(attributes)
        guard let features = arrayContents(named: "features", in: text) else {
            return nil
        }
        // NB: an item is an escaped string, `\"Name\"`; a name with escapes is not a feature.
        let quote = Array(#"\""#.utf8)
        var kept: [[UInt8]] = []
        for item in text[features].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            guard item.count >= 2 * quote.count, item.starts(with: quote),
                item.reversed().starts(with: quote.reversed())
            else {
                return nil
            }
            let name = item.dropFirst(quote.count).dropLast(quote.count)
            guard !name.contains(UInt8(ascii: "\\")) else {
                return nil
            }
            if isParserFeature(String(decoding: name, as: UTF8.self)) {
                kept.append(Array(item))
            }
        }
        text.replaceSubrange(features, with: Array(kept.joined(separator: [UInt8(ascii: ",")])))
        return sortingStringArrays(in: text)
    }

    /// `text` with the items of every array of plain strings in it sorted.
    ///
    /// NB: the compiler writes its sets (the features, the custom conditions, …) in an order of
    /// its own that changes from one compiler job to the next; sorted, the same configuration is
    /// the same bytes in every job, so `ExpansionCache` finds a request of an earlier job. An
    /// array with anything but escaped strings without escapes of their own (the version
    /// components, the atomic widths) is left as it is.
    static func sortingStringArrays(in text: [UInt8]) -> [UInt8] {
        let quote = Array(#"\""#.utf8)
        var result = text
        var next = 0
        while let open = result[next...].firstIndex(of: UInt8(ascii: "[")),
            let close = result[(open + 1)...].firstIndex(of: UInt8(ascii: "]"))
        {
            next = close + 1
            let items = result[(open + 1)..<close].split(
                separator: UInt8(ascii: ","), omittingEmptySubsequences: false,
            )
            let plain = items.allSatisfy { item in
                item.count >= 2 * quote.count && item.starts(with: quote)
                    && item.reversed().starts(with: quote.reversed())
                    && !item.dropFirst(quote.count).dropLast(quote.count).contains(UInt8(ascii: "\\"))
            }
            guard plain, items.count > 1 else {
                continue
            }
            let sorted = items.map(Array.init).sorted { $0.lexicographicallyPrecedes($1) }
            result.replaceSubrange((open + 1)..<close, with: Array(sorted.joined(separator: [UInt8(ascii: ",")])))
        }
        return result
    }

    /// Whether the parser changes how it reads a declaration when `name` is enabled.
    static func isParserFeature(_ name: String) -> Bool {
        #if canImport(SwiftSyntax603)
            Parser.ExperimentalFeatures(name: name) != nil
        #else
            false
        #endif
    }

    /// The elements of the array member `name` of the escaped configuration `text`, between the
    /// brackets.
    private static func arrayContents(named name: String, in text: [UInt8]) -> Range<Int>? {
        let opening = Array(#"\"\#(name)\":["#.utf8)
        guard let start = text.firstIndex(ofBytes: opening),
            let end = text[(start + opening.count)...].firstIndex(of: UInt8(ascii: "]"))
        else {
            return nil
        }
        return start + opening.count..<end
    }
}
