import Foundation
import Testing

/// Keeps the documentation's code compiling: every `swift` listing in the DocC catalog and the
/// README is a region of a file in `Samples/`, which this target compiles (and whose tests run),
/// of `DefaultIsolationTests` (code for a module whose default isolation is the main actor), or of
/// the server example (`Examples/NotesServer`), which CI builds and tests.
///
/// A region is marked in a sample file like this; its visible lines, dedented together, must
/// equal the listing:
///
/// ```swift
/// @Test func firstResolve() {
///     // snippet: first-resolve
///     ServiceEnv.current.register(Database.self) { Database(url: "sqlite://app.db") }
///     // snippet-hide
///     let checked = ...   // in the test, not in the listing
///     // snippet-show
///     print(UserRepository().database.url)
///     // snippet-end
/// }
/// ```
///
/// Each sample file declares its types `private` at the top level, so that two articles may both
/// have a `Database`; a listing shows them without that keyword.
///
/// Two kinds of listing are not compiled here, and say so on their first line:
/// `// Before, with <library>` shows another library's code (its module is not a dependency), and
/// `// Expands to` shows generated code, whose every line must appear in the expectations of
/// `MacroExpansionTests`, which pin the expansions.
@Suite struct DocumentationSampleTests {
    @Test func everyListingIsACompiledSample() throws {
        let regions = try Sample.regions()
        let pinnedExpansionLines = try Sample.expansionTestLines()
        var used: Set<String> = []
        var problems: [String] = []
        for document in try Sample.documents() {
            for listing in try Sample.listings(in: document) {
                let first = listing.lines.first ?? ""
                if first.hasPrefix("// Before, with ") {
                    continue
                }
                if first.hasPrefix("// Expands to") {
                    let unpinned = listing.lines.dropFirst().filter { line in
                        let trimmed = line.trimmingCharacters(in: .whitespaces)
                        return !trimmed.isEmpty && !trimmed.hasPrefix("//") && !pinnedExpansionLines.contains(trimmed)
                    }
                    for line in unpinned {
                        problems.append(
                            "\(listing.location): expansion line not pinned by MacroExpansionTests: \(line)")
                    }
                    continue
                }
                if let match = regions.first(where: { $0.lines == listing.lines }) {
                    used.insert(match.name)
                } else {
                    problems.append("\(listing.location): no sample region has this listing's text")
                }
            }
        }
        for region in regions where !used.contains(region.name) {
            problems.append("\(region.location): region '\(region.name)' is shown by no listing")
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func everyArticleHasListings() throws {
        let articles = try Sample.documents().filter { $0.path.hasSuffix(".md") && $0.path.contains(".docc/") }
        #expect(articles.count >= 8)
        // NB: the landing page and symbol extensions (`# ``Service/ServiceEnv```) are lists of links.
        for article in articles where try !String(contentsOf: article, encoding: .utf8).hasPrefix("# ``") {
            #expect(try !Sample.listings(in: article).isEmpty, "\(article.path) shows no code")
        }
    }
}

/// Reads the documents and the sample files.
enum Sample {
    struct Listing {
        let location: String
        let lines: [String]
    }

    struct Region {
        let name: String
        let location: String
        let lines: [String]
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func documents() throws -> [URL] {
        let catalog = root.appending(path: "Sources/Service/Service.docc")
        let articles = try FileManager.default.contentsOfDirectory(at: catalog, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "md" }
            .sorted { $0.path < $1.path }
        return [root.appending(path: "README.md")] + articles
    }

    static func listings(in document: URL) throws -> [Listing] {
        let lines = try String(contentsOf: document, encoding: .utf8).components(separatedBy: "\n")
        var listings: [Listing] = []
        var index = 0
        while index < lines.count {
            let fence = lines[index].trimmingCharacters(in: .whitespaces)
            guard fence.hasPrefix("```swift") else {
                index += 1
                continue
            }
            let indent = lines[index].prefix { $0 == " " }.count
            var body: [String] = []
            index += 1
            while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
                body.append(String(lines[index].dropFirst(min(indent, lines[index].prefix { $0 == " " }.count))))
                index += 1
            }
            listings.append(
                Listing(location: "\(document.lastPathComponent):\(index - body.count)", lines: normalized(body)))
            index += 1
        }
        return listings
    }

    /// The sample files: this target's, `DefaultIsolationTests`', and the server example's (which
    /// CI builds and tests).
    static func sampleFiles() -> [URL] {
        let folders = [
            "Tests/DocumentationTests/Samples", "Tests/DefaultIsolationTests", "Examples/NotesServer/Sources",
            "Examples/NotesServer/Tests",
        ]
        return folders.flatMap { folder in
            let url = root.appending(path: folder)
            let files = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
            return (files?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
        }
    }

    static func regions() throws -> [Region] {
        let files = sampleFiles()
        #expect(files.contains { $0.path.contains("Examples/NotesServer/Sources") })
        var regions: [Region] = []
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            var name: String?
            var start = 0
            var chunks: [[String]] = []
            var visible = true
            for (number, line) in lines.enumerated() {
                let marker = line.trimmingCharacters(in: .whitespaces)
                if marker.hasPrefix("// snippet: ") {
                    name = String(marker.dropFirst("// snippet: ".count))
                    start = number + 1
                    chunks = [[]]
                    visible = true
                } else if marker == "// snippet-hide" {
                    visible = false
                } else if marker == "// snippet-show" {
                    visible = true
                    chunks.append([])
                } else if marker == "// snippet-end", let current = name {
                    let text = dedented(chunks.flatMap { $0 })
                    regions.append(
                        Region(name: current, location: "\(file.lastPathComponent):\(start)", lines: normalized(text)))
                    name = nil
                } else if name != nil, visible {
                    // Top-level sample types are `private`, so that articles can reuse names.
                    chunks[chunks.count - 1].append(line.hasPrefix("private ") ? String(line.dropFirst(8)) : line)
                }
            }
        }
        return regions
    }

    /// The trimmed lines of the expansion tests' sources.
    static func expansionTestLines() throws -> Set<String> {
        let folder = root.appending(path: "Tests/MacroExpansionTests")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }
        var lines: Set<String> = []
        for file in files {
            for line in try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n") {
                lines.insert(line.trimmingCharacters(in: .whitespaces))
            }
        }
        return lines
    }

    static func dedented(_ lines: [String]) -> [String] {
        let indent =
            lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }
            .min() ?? 0
        return lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
    }

    /// Trailing spaces and blank lines at either end do not count.
    static func normalized(_ lines: [String]) -> [String] {
        var result = lines.map { line in
            var line = line
            while line.last == " " { line.removeLast() }
            return line
        }
        while result.first?.isEmpty == true { result.removeFirst() }
        while result.last?.isEmpty == true { result.removeLast() }
        return result
    }
}
