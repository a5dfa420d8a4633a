#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Searches in a request's JSON bytes, which the connection's filters make before swift-syntax
/// decodes the request.
extension [UInt8] {
    /// The index where `pattern` first occurs, from `start` on.
    ///
    /// NB: `memcmp` on a candidate, as a generic search is slow in a debug build of the plugin,
    /// which runs for every request.
    func firstIndex(ofBytes pattern: [UInt8], from start: Int = 0) -> Int? {
        guard let first = pattern.first, count >= pattern.count else {
            return nil
        }
        return withUnsafeBufferPointer { bytes in
            pattern.withUnsafeBufferPointer { pattern in
                var index = start
                while index <= bytes.count - pattern.count {
                    if bytes[index] == first,
                        memcmp(bytes.baseAddress! + index, pattern.baseAddress!, pattern.count) == 0
                    {
                        return index
                    }
                    index += 1
                }
                return nil
            }
        }
    }

    /// The non-negative integer that follows the first `key` in `range`; nil when there is none.
    func integer(after key: [UInt8], in range: Range<Int>) -> Int? {
        guard let found = firstIndex(ofBytes: key, from: range.lowerBound), found + key.count < range.upperBound else {
            return nil
        }
        var index = found + key.count
        var value = 0
        while index < range.upperBound, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self[index]) {
            value = value * 10 + Int(self[index] - UInt8(ascii: "0"))
            index += 1
        }
        return index > found + key.count ? value : nil
    }

    /// The index of the quote that ends the JSON string whose text starts at `start`.
    func closingQuote(from start: Int) -> Int? {
        withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else {
                return nil
            }
            var index = start
            while index < bytes.count, let quote = memchr(base + index, CInt(UInt8(ascii: "\"")), bytes.count - index) {
                let position = base.distance(to: quote.assumingMemoryBound(to: UInt8.self))
                var backslashes = 0
                while position - backslashes - 1 >= start, bytes[position - backslashes - 1] == UInt8(ascii: "\\") {
                    backslashes += 1
                }
                if backslashes.isMultiple(of: 2) {
                    return position
                }
                index = position + 1
            }
            return nil
        }
    }
}
