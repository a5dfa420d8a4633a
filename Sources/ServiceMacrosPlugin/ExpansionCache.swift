#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    /// The plugin's replies to the expansion requests it has answered before, kept on disk, so
    /// that a later compiler job that sends the same request gets the same reply without the
    /// macro running again.
    ///
    /// Every build runs a module's emit-module job, which expands every macro of the module
    /// again, in every file, though only the touched file changed: for a module of 200
    /// `@Injectable` types (one file touched) that job spent 0.57 s of its 1.72 s waiting for
    /// the plugin, and 0.03 s with this cache (`Benchmarks/compile-time.sh`). A request is the whole input of an expansion: the macro
    /// and its role, the syntax it is attached to, with its file and position, its lexical
    /// context and the build configuration (made compact, its sets in one order, by
    /// `BuildConfigurationFilter`). So a reply depends on the request and on the plugin alone,
    /// and an entry is keyed by both: the request's bytes, and the plugin's identity (its
    /// executable's device, inode, size and modification time, and the compiler's handshake). An
    /// entry holds both keys in full and a lookup compares them byte for byte; a hash of them only
    /// names the file.
    ///
    /// The directory is `/tmp/service-macro-cache-<uid>`. The plugin uses it only if it is a
    /// directory of the user's, not a symbolic link, closed to everyone else, and an entry only if
    /// it is a regular file of the user's; otherwise, and whenever a read or a write fails, it
    /// expands the macro as if there were no cache. So a file of that name turns the cache off. An
    /// entry not used for two days is removed by a later plugin process (one in sixteen looks).
    ///
    /// NB: a fixed path, not one from the environment: the compiler starts a plugin with an empty
    /// environment (no `TMPDIR`, no variable of ours). Where the plugin runs in a sandbox that
    /// denies it the directory, as a build on macOS may, the cache is off by that.
    final class ExpansionCache {
        /// Where the entries are.
        let directory: String
        /// The plugin's executable and the compiler's handshake, as an entry's first key.
        private var identity: [UInt8]

        /// The first bytes of an entry; then the identity's and the request's lengths (64-bit, little
        /// endian), the identity, the request, and the reply.
        private static let magic = Array("SMC1".utf8)
        private static let headerCount = magic.count + 2 * MemoryLayout<UInt64>.size

        /// Where the user's cache is.
        static var standardDirectory: String { "/tmp/service-macro-cache-\(getuid())" }

        /// How long an entry is kept after it was last used.
        static let lifetime = 2 * 24 * 60 * 60

        /// The user's cache, or nil when its directory is not safe to use (or not a directory).
        static func standard() -> ExpansionCache? {
            guard let cache = ExpansionCache(directory: standardDirectory, executable: CommandLine.arguments[0]) else {
                return nil
            }
            if getpid() % 16 == 0 {
                cache.prune(now: time(nil))
            }
            return cache
        }

        /// A cache in `directory`, made if it does not exist, for the plugin whose executable is at
        /// `executable`; nil when either is not safe to use.
        init?(directory: String, executable: String) {
            if mkdir(directory, 0o700) != 0 && errno != EEXIST {
                return nil
            }
            var status = stat()
            guard lstat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid(),
                status.st_mode & 0o077 == 0
            else {
                return nil
            }
            var plugin = stat()
            guard stat(executable, &plugin) == 0 else {
                return nil
            }
            #if canImport(Darwin)
                let modified = plugin.st_mtimespec
            #else
                let modified = plugin.st_mtim
            #endif
            self.directory = directory
            identity = Array(
                "\(plugin.st_dev):\(plugin.st_ino):\(plugin.st_size):\(modified.tv_sec).\(modified.tv_nsec)\n".utf8)
        }

        /// Makes the compiler's handshake (its `getCapability` message) part of the identity, so
        /// that a compiler that speaks another version of the protocol does not share entries.
        func noteHandshake(_ message: [UInt8]) {
            identity += message
            identity.append(UInt8(ascii: "\n"))
        }

        /// The reply stored for `request`, or nil.
        func reply(to request: [UInt8]) -> [UInt8]? {
            let descriptor = open(path(for: request), O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else {
                return nil
            }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == getuid() else {
                return nil
            }
            let count = Int(status.st_size)
            let replyStart = Self.headerCount + identity.count + request.count
            guard count >= replyStart else {
                return nil
            }
            var contents = [UInt8](repeating: 0, count: count)
            let matches = contents.withUnsafeMutableBytes { buffer -> Bool in
                guard Self.readAll(descriptor, into: buffer) else {
                    return false
                }
                let header = Self.header(identityCount: identity.count, requestCount: request.count)
                return memcmp(buffer.baseAddress.unsafelyUnwrapped, header, header.count) == 0
                    && identity.withUnsafeBytes {
                        memcmp(buffer.baseAddress! + header.count, $0.baseAddress!, $0.count) == 0
                    }
                    && request.withUnsafeBytes {
                        memcmp(buffer.baseAddress! + header.count + identity.count, $0.baseAddress!, $0.count) == 0
                    }
            }
            guard matches else {
                return nil
            }
            // NB: marks the entry used, for `prune`.
            _ = futimens(descriptor, nil)
            return Array(contents[replyStart...])
        }

        /// Stores `reply` as the reply to `request`, replacing any entry under the same name.
        func store(_ reply: [UInt8], for request: [UInt8]) {
            let entry = path(for: request)
            let temporary = "\(entry).\(getpid()).tmp"
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                return
            }
            let written =
                Self.header(identityCount: identity.count, requestCount: request.count).withUnsafeBytes {
                    Self.writeAll(descriptor, $0)
                }
                && identity.withUnsafeBytes { Self.writeAll(descriptor, $0) }
                && request.withUnsafeBytes { Self.writeAll(descriptor, $0) }
                && reply.withUnsafeBytes { Self.writeAll(descriptor, $0) }
            // NB: renamed into place whole, so that a reader never sees half an entry.
            if close(descriptor) != 0 || !written || rename(temporary, entry) != 0 {
                unlink(temporary)
            }
        }

        /// Removes the entries not used since `lifetime` before `now`, and what a process that
        /// stopped while writing one left behind.
        func prune(now: time_t) {
            guard let stream = opendir(directory) else {
                return
            }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                // NB: read in place, up to its NUL: a record is as long as its name, so a copy of
                // the whole `d_name` array can read past the end of the directory's buffer.
                let name = String(
                    cString: (UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!)
                        .assumingMemoryBound(to: CChar.self))
                guard name.hasSuffix(".expansion") || name.hasSuffix(".tmp") else {
                    continue
                }
                let path = "\(directory)/\(name)"
                var status = stat()
                guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                    continue
                }
                #if canImport(Darwin)
                    let modified = status.st_mtimespec.tv_sec
                #else
                    let modified = status.st_mtim.tv_sec
                #endif
                if Int(now - modified) > Self.lifetime {
                    unlink(path)
                }
            }
        }

        /// The entry's file: named by a hash (64-bit FNV-1a) of the identity and the request.
        func path(for request: [UInt8]) -> String {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for bytes in [identity, request] {
                bytes.withUnsafeBufferPointer { buffer in
                    for byte in buffer {
                        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
                    }
                }
            }
            let digits = String(hash, radix: 16)
            return "\(directory)/\(String(repeating: "0", count: 16 - digits.count))\(digits).expansion"
        }

        private static func header(identityCount: Int, requestCount: Int) -> [UInt8] {
            var header = magic
            for count in [identityCount, requestCount] {
                withUnsafeBytes(of: UInt64(count).littleEndian) { header += $0 }
            }
            return header
        }

        /// Fills `buffer` from `descriptor`; false when the file ends first or a read fails.
        private static func readAll(_ descriptor: CInt, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
            transferAll(buffer.count) { done in read(descriptor, buffer.baseAddress! + done, buffer.count - done) }
        }

        /// Writes all of `buffer` to `descriptor`; false when a write fails.
        private static func writeAll(_ descriptor: CInt, _ buffer: UnsafeRawBufferPointer) -> Bool {
            transferAll(buffer.count) { done in write(descriptor, buffer.baseAddress! + done, buffer.count - done) }
        }

        /// Calls `transfer` (a read or a write of what is left after the bytes done) until it has
        /// moved `count` bytes; false when it moves none, or fails other than by an interruption.
        private static func transferAll(_ count: Int, _ transfer: (_ done: Int) -> Int) -> Bool {
            var done = 0
            while done < count {
                let moved = transfer(done)
                if moved < 0 && errno == EINTR {
                    continue
                }
                guard moved > 0 else {
                    return false
                }
                done += moved
            }
            return true
        }
    }
#endif
