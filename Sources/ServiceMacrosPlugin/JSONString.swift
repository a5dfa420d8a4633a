/// The text of a JSON string, between its quotes, decoded to UTF-8 and encoded back.
enum JSONString {
    /// The UTF-8 that the escaped `text` stands for; nil when it is not valid JSON.
    static func decode(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(text.count)
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            guard byte == UInt8(ascii: "\\") else {
                decoded.append(byte)
                index += 1
                continue
            }
            guard index + 1 < text.endIndex else {
                return nil
            }
            let escaped = text[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escaped)
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hex(text, at: index) else {
                    return nil
                }
                index += 4
                if (0xD800..<0xDC00).contains(scalar) {
                    guard index + 6 <= text.endIndex, text[index] == UInt8(ascii: "\\"),
                        text[index + 1] == UInt8(ascii: "u"), let low = hex(text, at: index + 2),
                        (0xDC00..<0xE000).contains(low)
                    else {
                        return nil
                    }
                    index += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let unicode = Unicode.Scalar(scalar) else {
                    return nil
                }
                decoded.append(contentsOf: UTF8.encode(unicode).map(Array.init) ?? [])
            default:
                return nil
            }
        }
        return decoded
    }

    /// `text` escaped for a JSON string: quotes, backslashes and control characters.
    static func encode(_ text: [UInt8]) -> [UInt8] {
        var encoded: [UInt8] = []
        encoded.reserveCapacity(text.count + text.count / 8)
        for byte in text {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                encoded.append(UInt8(ascii: "\\"))
                encoded.append(byte)
            case 0x0A: encoded.append(contentsOf: Array(#"\n"#.utf8))
            case 0x0D: encoded.append(contentsOf: Array(#"\r"#.utf8))
            case 0x09: encoded.append(contentsOf: Array(#"\t"#.utf8))
            case 0..<0x20:
                let digits = Array("0123456789abcdef".utf8)
                encoded.append(contentsOf: Array(#"\u00"#.utf8))
                encoded.append(digits[Int(byte >> 4)])
                encoded.append(digits[Int(byte & 0xF)])
            default:
                encoded.append(byte)
            }
        }
        return encoded
    }

    /// The four hexadecimal digits at `index`.
    private static func hex(_ text: ArraySlice<UInt8>, at index: Int) -> UInt32? {
        guard index + 4 <= text.endIndex else {
            return nil
        }
        var value: UInt32 = 0
        for byte in text[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
