@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    /// The JSON of the plugin's commonest reply, an expansion without diagnostics, written the way
    /// swift-syntax's encoder writes it, byte for byte, but by the C library.
    ///
    /// swift-syntax escapes a string one byte at a time, through generic iterators that a debug
    /// build (SwiftPM's default, plugin included) does not specialise: ~1,500 instructions per
    /// byte, a fifth of the plugin's instructions in a build of 200 types and their assembly.
    /// Here `strcspn` finds each run of bytes that need no escape and `memcpy` copies it, so a
    /// reply costs a few instructions per byte and a few hundred per escape (per line of the
    /// expansion, mostly).
    enum ExpansionReply {
        /// The bytes a JSON string escapes: the quote, the backslash and the control characters
        /// other than NUL, which ends the C string (a text with a NUL is left to swift-syntax).
        private static let escaped: [CChar] =
            [CChar(UInt8(ascii: "\"")), CChar(UInt8(ascii: "\\"))] + (1..<0x20).map { CChar($0) } + [0]

        /// The JSON of `message`, or nil when it is not an expansion without diagnostics (or its
        /// text has a NUL), which swift-syntax's encoder then writes.
        static func json(for message: PluginToHostMessage) -> [UInt8]? {
            guard case .expandMacroResult(let source?, let diagnostics) = message, diagnostics.isEmpty else {
                return nil
            }
            return json(expandedSource: source)
        }

        /// Where the next byte of a reply goes.
        private typealias Output = UnsafeMutablePointer<UInt8>

        /// `{"expandMacroResult":{"diagnostics":[],"expandedSource":"…"}}`, with `source` escaped
        /// (swift-syntax writes an object's keys sorted).
        static func json(expandedSource source: String) -> [UInt8]? {
            let head = #"{"expandMacroResult":{"diagnostics":[],"expandedSource":""#
            let tail = #""}}"#
            let count = source.utf8.count
            return source.withCString { text -> [UInt8]? in
                guard strlen(text) == count else {
                    return nil
                }
                // NB: at most six bytes per byte of the source (`\u001F`).
                let capacity = head.utf8.count + 6 * count + tail.utf8.count
                return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, written in
                    var out = buffer.baseAddress.unsafelyUnwrapped
                    out = append(head, at: out)
                    var next = text
                    let end = text + count
                    while next < end {
                        let run = strcspn(next, escaped)
                        memcpy(out, next, run)
                        out += run
                        next += run
                        if next < end {
                            out = appendEscape(of: UInt8(truncatingIfNeeded: next.pointee), at: out)
                            next += 1
                        }
                    }
                    out = append(tail, at: out)
                    written = out - buffer.baseAddress.unsafelyUnwrapped
                }
            }
        }

        /// Copies the UTF-8 of `text` to `out`; returns the address after it.
        private static func append(_ text: String, at out: Output) -> Output {
            text.withCString { bytes in
                let count = strlen(bytes)
                memcpy(out, bytes, count)
                return out + count
            }
        }

        /// Writes the escape of `byte`, one of `escaped`, as swift-syntax spells it, at `out`;
        /// returns the address after it.
        private static func appendEscape(of byte: UInt8, at out: Output) -> Output {
            out[0] = UInt8(ascii: "\\")
            let letter: UInt8? =
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): byte
                case 0x08: UInt8(ascii: "b")
                case 0x09: UInt8(ascii: "t")
                case 0x0A: UInt8(ascii: "n")
                case 0x0C: UInt8(ascii: "f")
                case 0x0D: UInt8(ascii: "r")
                default: nil
                }
            if let letter {
                out[1] = letter
                return out + 2
            }
            let digits = "0123456789ABCDEF".utf8
            out[1] = UInt8(ascii: "u")
            out[2] = UInt8(ascii: "0")
            out[3] = UInt8(ascii: "0")
            out[4] = digits[digits.index(digits.startIndex, offsetBy: Int(byte >> 4))]
            out[5] = digits[digits.index(digits.startIndex, offsetBy: Int(byte & 0xF))]
            return out + 6
        }
    }
#endif
