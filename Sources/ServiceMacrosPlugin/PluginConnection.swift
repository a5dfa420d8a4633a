@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    /// The plugin's end of its pipe to the compiler: swift-syntax's `StandardIOMessageConnection`,
    /// with the build configuration of each request made compact before it is decoded, the
    /// bodies of a declaration's methods taken out of it (`FunctionBodyFilter`, with the positions
    /// of the reply's diagnostics put back by `OffsetMap`), and the commonest reply written
    /// without swift-syntax's encoder (`ExpansionReply`). A request answered before, by this
    /// plugin in an earlier compiler job, is answered from `ExpansionCache` without being decoded.
    ///
    /// The compiler attaches its build configuration (~4.4 KB of JSON, four fifths of a request)
    /// to every expansion request, and swift-syntax decodes all of it before every expansion,
    /// though these macros use only what the parser needs from it (`BuildConfigurationFilter`).
    /// A debug build of swift-syntax spent ~12 % of a 200-type build's type checking there.
    ///
    /// Other replies go through swift-syntax's own connection, on the same descriptors, in the
    /// framing this type reads and writes too (a 64-bit little-endian length, then that many bytes
    /// of JSON). As there, the compiler's pipes are duplicated, standard input is closed and
    /// standard output goes to standard error, so that nothing a macro prints reaches the compiler
    /// as a message.
    struct PluginConnection: MessageConnection {
        private let input: CInt
        private let output: CInt
        private let replies: StandardIOMessageConnection
        /// NB: a class, so that the non-mutating `waitForNextMessage` can keep its cache;
        /// the listener calls it from one thread.
        private let filter = BuildConfigurationFilter.Cache()
        /// What the request being answered had taken out of it (see `FunctionBodyFilter`), and the
        /// key its reply is cached under.
        private let request = Request()
        /// The replies of earlier jobs; nil when the cache is off.
        let cache: ExpansionCache?

        /// NB: a class, for the same reason as `filter`.
        private final class Request {
            var offsets: OffsetMap?
            /// The request, as `ExpansionCache` keys it, while its reply is to be stored.
            var key: [UInt8]?
        }

        /// The connection on the plugin's standard input and output, with the user's cache.
        init() throws {
            let input = dup(STDIN_FILENO)
            let output = dup(STDOUT_FILENO)
            guard input >= 0, output >= 0, close(STDIN_FILENO) == 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else {
                throw PluginConnectionError.system(call: "dup", errno: errno)
            }
            self.init(input: input, output: output, cache: ExpansionCache.standard())
        }

        /// The connection on `input` and `output`, answering from `cache` what it can.
        init(input: CInt, output: CInt, cache: ExpansionCache?) {
            self.input = input
            self.output = output
            self.cache = cache
            replies = StandardIOMessageConnection(inputFileDescriptor: input, outputFileDescriptor: output)
        }

        func sendMessage<Message: Encodable>(_ message: Message) throws {
            guard var reply = message as? PluginToHostMessage else {
                try replies.sendMessage(message)
                return
            }
            if let offsets = request.offsets {
                reply = offsets.remapped(reply)
            }
            // NB: only an expansion's reply is kept; any other reply to a request is the listener's.
            let key = request.key.flatMap { key -> [UInt8]? in
                guard case .expandMacroResult = reply else {
                    return nil
                }
                return key
            }
            request.key = nil
            // NB: a reply to keep is encoded here, as swift-syntax's encoder writes it, so that the
            // bytes kept are the bytes sent.
            guard let payload = try ExpansionReply.json(for: reply) ?? key.map({ _ in try JSON.encode(reply) }) else {
                try replies.sendMessage(reply)
                return
            }
            if let key {
                cache?.store(payload, for: key)
            }
            try send(payload)
        }

        /// Writes `payload` as one message.
        private func send(_ payload: [UInt8]) throws {
            var header = UInt64(payload.count).littleEndian
            try withUnsafeBytes(of: &header) { try write($0) }
            try payload.withUnsafeBytes { try write($0) }
        }

        func waitForNextMessage<Message: Decodable>(_ type: Message.Type) throws -> Message? {
            while true {
                var header: UInt64 = 0
                guard try withUnsafeMutableBytes(of: &header, { try read(into: $0) }) else {
                    return nil
                }
                let count = Int(UInt64(littleEndian: header))
                // NB: an empty message asks the plugin to stop.
                guard count > 0 else {
                    return nil
                }
                var payload = [UInt8](repeating: 0, count: count)
                guard try payload.withUnsafeMutableBytes({ try read(into: $0) }) else {
                    return nil
                }
                filter.apply(to: &payload)
                request.key = nil
                if let cache {
                    if payload.starts(with: Self.handshake) {
                        cache.noteHandshake(payload)
                    } else if Self.expansions.contains(where: payload.starts(with:)) {
                        // NB: keyed before the bodies are taken out: two requests that differ only
                        // in a body have replies whose positions differ.
                        if let reply = cache.reply(to: payload) {
                            try send(reply)
                            continue
                        }
                        request.key = payload
                    }
                }
                request.offsets = FunctionBodyFilter.apply(to: &payload)
                return try payload.withUnsafeBufferPointer { try JSON.decode(type, from: $0) }
            }
        }

        /// How the compiler's handshake and its expansion requests begin (it writes one member
        /// per message, the message's kind).
        private static let handshake = Array(#"{"getCapability":"#.utf8)
        private static let expansions = [#"{"expandAttachedMacro":"#, #"{"expandFreestandingMacro":"#].map {
            Array($0.utf8)
        }

        /// Fills `buffer`; false when the compiler closed the pipe first.
        private func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Bool {
            guard var next = buffer.baseAddress else {
                return true
            }
            let end = next + buffer.count
            while next < end {
                let count = readBytes(input, next, end - next)
                if count == 0 {
                    return false
                }
                if count < 0 {
                    guard errno == EINTR else {
                        throw PluginConnectionError.system(call: "read", errno: errno)
                    }
                    continue
                }
                next += count
            }
            return true
        }

        /// Writes all of `buffer` to the compiler, as swift-syntax's connection does.
        private func write(_ buffer: UnsafeRawBufferPointer) throws {
            guard var next = buffer.baseAddress else {
                return
            }
            let end = next + buffer.count
            while next < end {
                let count = writeBytes(output, next, end - next)
                if count <= 0 {
                    guard count < 0, errno == EINTR else {
                        throw PluginConnectionError.system(call: "write", errno: errno)
                    }
                    continue
                }
                next += count
            }
        }
    }

    // NB: free functions, as the connection's own `read` and `write` hide the system's.
    private func readBytes(_ descriptor: CInt, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        read(descriptor, buffer, count)
    }

    private func writeBytes(_ descriptor: CInt, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        write(descriptor, buffer, count)
    }

    /// A failed system call on the compiler's pipes.
    enum PluginConnectionError: Error, CustomStringConvertible {
        case system(call: String, errno: CInt)

        var description: String {
            switch self {
            case .system(let call, let errno): "\(call) failed with errno \(errno)"
            }
        }
    }

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
