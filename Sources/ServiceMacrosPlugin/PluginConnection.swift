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
    /// with the build configuration of each request made compact before it is decoded, and the
    /// commonest reply written without swift-syntax's encoder (`ExpansionReply`).
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

        init() throws {
            let input = dup(STDIN_FILENO)
            let output = dup(STDOUT_FILENO)
            guard input >= 0, output >= 0, close(STDIN_FILENO) == 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else {
                throw PluginConnectionError.system(call: "dup", errno: errno)
            }
            self.input = input
            self.output = output
            replies = StandardIOMessageConnection(inputFileDescriptor: input, outputFileDescriptor: output)
        }

        func sendMessage<Message: Encodable>(_ message: Message) throws {
            guard let reply = message as? PluginToHostMessage, let payload = ExpansionReply.json(for: reply) else {
                try replies.sendMessage(message)
                return
            }
            var header = UInt64(payload.count).littleEndian
            try withUnsafeBytes(of: &header) { try write($0) }
            try payload.withUnsafeBytes { try write($0) }
        }

        func waitForNextMessage<Message: Decodable>(_ type: Message.Type) throws -> Message? {
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
            return try payload.withUnsafeBufferPointer { try JSON.decode(type, from: $0) }
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
#endif
