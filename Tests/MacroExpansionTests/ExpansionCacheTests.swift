import Foundation
@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
import Testing

@testable import ServiceMacrosPlugin

/// The plugin's cache of the replies it wrote in earlier compiler jobs: an entry answers exactly
/// the request and plugin it was stored for, nothing it cannot trust is used, and the plugin's
/// connection answers from it only what it would have answered itself.
@Suite("Expansion cache")
struct ExpansionCacheTests {
    /// A new directory of this user's, closed to everyone else.
    static func directory() throws -> String {
        var template = Array("\(NSTemporaryDirectory())/expansion-cache-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        try #require(made != nil)
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func cache(in directory: String) throws -> ExpansionCache {
        try #require(ExpansionCache(directory: directory, executable: CommandLine.arguments[0]))
    }

    static let handshake = Array(#"{"getCapability":{"capability":{"protocolVersion":7}}}"#.utf8)

    /// An `@Injectable` request as the compiler sends it (without a build configuration).
    static func request(source: String, type: String) throws -> [UInt8] {
        let location: [String: Any] = [
            "column": 1, "fileID": "App/\(type).swift", "fileName": "/app/\(type).swift", "line": 1, "offset": 0,
        ]
        let nowhere: [String: Any] = ["column": 0, "fileID": "", "fileName": "", "line": 0, "offset": 0]
        let object: [String: Any] = [
            "expandAttachedMacro": [
                "attributeSyntax": ["kind": "attribute", "location": location, "source": "@Injectable"],
                "conformanceListSyntax": [
                    "kind": "declaration", "location": nowhere, "source": "struct Placeholder: Injectable {}",
                ],
                "declSyntax": ["kind": "declaration", "location": location, "source": source],
                "discriminator": "$s3App\(type.count)\(type)10InjectablefMe_",
                "extendedTypeSyntax": ["kind": "type", "location": nowhere, "source": type],
                "lexicalContext": [Any](),
                "macro": ["moduleName": "ServiceMacrosPlugin", "name": "Injectable", "typeName": "InjectableMacro"],
                "macroRole": "extension",
            ]
        ]
        return Array(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }

    static let clock = Result(catching: {
        try request(source: "@Injectable\nstruct Clock {\n    init() {}\n}", type: "Clock")
    })
    static let mistake = Result(catching: {
        try request(source: "@Injectable\nstruct Report {\n    init(clock: some Clock) {}\n}", type: "Report")
    })

    /// The replies the plugin's connection writes to `messages`, one per message, with `cache`.
    static func replies(to messages: [[UInt8]], cache: ExpansionCache?) throws -> [[UInt8]] {
        var toPlugin: [CInt] = [0, 0]
        var fromPlugin: [CInt] = [0, 0]
        try #require(pipe(&toPlugin) == 0 && pipe(&fromPlugin) == 0)
        defer {
            close(toPlugin[0])
            close(fromPlugin[0])
        }
        var bytes: [UInt8] = []
        for message in messages + [[]] {
            withUnsafeBytes(of: UInt64(message.count).littleEndian) { bytes += $0 }
            bytes += message
        }
        // NB: the requests and replies are small enough for the pipes' buffers.
        try #require(write(toPlugin[1], bytes, bytes.count) == bytes.count)
        close(toPlugin[1])
        let connection = PluginConnection(input: toPlugin[0], output: fromPlugin[1], cache: cache)
        let listener = CompilerPluginMessageListener(
            connection: connection, provider: ServiceMacrosPlugin.Provider(plugin: ServiceMacrosPlugin()),
        )
        #if canImport(SwiftSyntax602)
            try listener.main()
        #else
            listener.main()
        #endif
        close(fromPlugin[1])
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while case let count = read(fromPlugin[0], &buffer, buffer.count), count > 0 {
            output += buffer[..<count]
        }
        var replies: [[UInt8]] = []
        var next = 0
        while next + 8 <= output.count {
            let count = output[next..<next + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
            replies.append(Array(output[next + 8..<next + 8 + count]))
            next += 8 + count
        }
        return replies
    }

    @Test("an entry answers the request and the plugin it was stored for, and nothing else")
    func keys() throws {
        let directory = try Self.directory()
        let cache = try Self.cache(in: directory)
        let clock = try Self.clock.get()
        let reply = Array(#"{"expandMacroResult":{"diagnostics":[],"expandedSource":"extension Clock {}"}}"#.utf8)
        #expect(cache.reply(to: clock) == nil)
        cache.store(reply, for: clock)
        #expect(cache.reply(to: clock) == reply)
        #expect(try Self.cache(in: directory).reply(to: clock) == reply)
        #expect(cache.reply(to: try Self.mistake.get()) == nil)
        #expect(cache.reply(to: clock.dropLast() + [UInt8(ascii: " ")]) == nil)
        let otherCompiler = try Self.cache(in: directory)
        otherCompiler.noteHandshake(Self.handshake)
        #expect(otherCompiler.reply(to: clock) == nil)
        let otherPlugin = try #require(ExpansionCache(directory: directory, executable: "/bin/sh"))
        #expect(otherPlugin.reply(to: clock) == nil)
    }

    @Test("a damaged entry, or one stored for another request under the same name, is not used")
    func damagedEntries() throws {
        let cache = try Self.cache(in: Self.directory())
        let clock = try Self.clock.get()
        let reply = Array(#"{"expandMacroResult":{"diagnostics":[],"expandedSource":""}}"#.utf8)
        cache.store(reply, for: clock)
        let path = cache.path(for: clock)
        let stored = try Data(contentsOf: URL(fileURLWithPath: path))
        try stored.prefix(stored.count / 2).write(to: URL(fileURLWithPath: path))
        #expect(cache.reply(to: clock) == nil)
        try Data(repeating: 0x41, count: stored.count).write(to: URL(fileURLWithPath: path))
        #expect(cache.reply(to: clock) == nil)
        // A request of the same length whose entry landed under this name (a collision of the hash).
        let other = Array(clock.dropLast()) + [UInt8(ascii: " ")]
        cache.store(reply, for: other)
        try FileManager.default.moveItem(atPath: cache.path(for: other), toPath: path + ".moved")
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: path + ".moved", toPath: path)
        #expect(cache.reply(to: clock) == nil)
        cache.store(reply, for: clock)
        #expect(cache.reply(to: clock) == reply)
    }

    @Test("a directory open to others, a symbolic link or a file is not used")
    func unsafeDirectories() throws {
        let directory = try Self.directory()
        #expect(chmod(directory, 0o755) == 0)
        #expect(ExpansionCache(directory: directory, executable: CommandLine.arguments[0]) == nil)
        #expect(chmod(directory, 0o700) == 0)
        let link = directory + "-link"
        #expect(symlink(directory, link) == 0)
        #expect(ExpansionCache(directory: link, executable: CommandLine.arguments[0]) == nil)
        #expect(ExpansionCache(directory: directory, executable: CommandLine.arguments[0]) != nil)
        let file = directory + "/file"
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        #expect(ExpansionCache(directory: file, executable: CommandLine.arguments[0]) == nil)
        let made = directory + "/made"
        #expect(ExpansionCache(directory: made, executable: CommandLine.arguments[0]) != nil)
        var status = stat()
        #expect(lstat(made, &status) == 0 && status.st_mode & 0o777 == 0o700)
    }

    @Test("pruning removes the entries not used for two days, and a use keeps one")
    func pruning() throws {
        let cache = try Self.cache(in: Self.directory())
        let clock = try Self.clock.get()
        let mistake = try Self.mistake.get()
        let reply = Array(#"{"expandMacroResult":{"diagnostics":[],"expandedSource":""}}"#.utf8)
        cache.store(reply, for: clock)
        cache.store(reply, for: mistake)
        let threeDaysAgo = Date(timeIntervalSinceNow: -3 * 24 * 60 * 60)
        for request in [clock, mistake] {
            try FileManager.default.setAttributes(
                [.modificationDate: threeDaysAgo], ofItemAtPath: cache.path(for: request),
            )
        }
        #expect(cache.reply(to: mistake) == reply)
        // NB: enough entries, with names of every length, to fill the buffers the directory is
        // read through, so that AddressSanitizer sees a read past the end of one (CI runs this
        // suite under it).
        for index in 0..<3_000 {
            let name = "\(String(repeating: "e", count: index % 200))\(index).expansion"
            #expect(FileManager.default.createFile(atPath: "\(cache.directory)/\(name)", contents: Data()))
        }
        cache.prune(now: time(nil))
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.directory).count == 3_001)
        #expect(!FileManager.default.fileExists(atPath: cache.path(for: clock)))
        #expect(cache.reply(to: mistake) == reply)
    }

    @Test("the connection answers a request it answered before from the cache, byte for byte")
    func connection() throws {
        let directory = try Self.directory()
        let messages = [Self.handshake, try Self.clock.get(), try Self.mistake.get()]
        let expanded = try Self.replies(to: messages, cache: nil)
        try #require(expanded.count == 3)
        let text = String(decoding: expanded[1], as: UTF8.self)
        #expect(text.contains("extension Clock: __ServiceMacroSupport.InjectableType"))
        #expect(String(decoding: expanded[2], as: UTF8.self).contains("cannot be of a 'some' type"))
        // The first job stores both expansions, the one with a diagnostic too; the second reads them.
        #expect(try Self.replies(to: messages, cache: Self.cache(in: directory)) == expanded)
        let entries = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(entries.filter { $0.hasSuffix(".expansion") }.count == 2)
        #expect(try Self.replies(to: messages, cache: Self.cache(in: directory)) == expanded)
        // What the second job sent is what the cache holds: an entry planted for the first request
        // is what the connection sends, unless the compiler's handshake differs or the cache is off.
        let planted = Array(#"{"expandMacroResult":{"diagnostics":[],"expandedSource":"// planted"}}"#.utf8)
        let planter = try Self.cache(in: directory)
        planter.noteHandshake(Self.handshake)
        planter.store(planted, for: messages[1])
        #expect(try Self.replies(to: messages, cache: Self.cache(in: directory))[1] == planted)
        let otherHandshake = Array(#"{"getCapability":{"capability":{"protocolVersion":6}}}"#.utf8)
        let other = try Self.replies(to: [otherHandshake] + messages.dropFirst(), cache: Self.cache(in: directory))
        #expect(other[1] == expanded[1])
        #expect(try Self.replies(to: messages, cache: nil)[1] == expanded[1])
    }

    @Test("requests that differ only in a method's body, which the plugin does not parse, have entries of their own")
    func keyedBeforeBodiesAreTakenOut() throws {
        let directory = try Self.directory()
        // NB: the bodies have the same lines, so the requests are the same once they are taken out
        // (`func a() {\n\n    }`); the error after them is at another offset in the file.
        let requests = try ["{\n        1\n    }", "{\n        12_345\n    }"].map { body in
            try Self.request(
                source:
                    "@Injectable\nfinal class Report {\n    func a() -> Int \(body)\n    init(clock: some Clock) {}\n}",
                type: "Report",
            )
        }
        var filtered = requests
        #expect(filtered.indices.allSatisfy { FunctionBodyFilter.apply(to: &filtered[$0]) != nil })
        #expect(filtered[0] == filtered[1])
        let expanded = try requests.map { try Self.replies(to: [Self.handshake, $0], cache: nil)[1] }
        #expect(expanded[0] != expanded[1])
        #expect(
            try Self.replies(to: [Self.handshake, requests[0]], cache: Self.cache(in: directory))[1] == expanded[0])
        #expect(
            try Self.replies(to: [Self.handshake, requests[1]], cache: Self.cache(in: directory))[1] == expanded[1])
    }
}
