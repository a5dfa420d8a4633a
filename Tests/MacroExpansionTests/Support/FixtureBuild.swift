import Foundation
import Testing

/// The result of `swift build` on the fixture package.
struct FixtureBuild: Sendable {
    let exitCode: Int32
    let output: String

    /// Every `Cases.swift:<line>:<column>: error: …` line of the output.
    var errorMessages: [String] {
        output.split(separator: "\n").map(String.init).filter { $0.contains("Cases.swift:") && $0.contains(": error:") }
    }

    /// The lines of `Cases.swift` that have errors.
    var errorLines: [Int] {
        errorMessages.compactMap { message in
            let afterFile = message.components(separatedBy: "Cases.swift:").last ?? ""
            return Int(afterFile.split(separator: ":").first ?? "")
        }
    }

    /// The error messages reported on `line` of `Cases.swift`.
    func errors(onLine line: Int) -> [String] {
        errorMessages.filter { $0.contains("Cases.swift:\(line):") }
    }

    /// The error messages reported on `line` of the fixture's file named `file`.
    func errors(onLine line: Int, inFile file: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter {
            $0.contains("/\(file):\(line):") && $0.contains(": error:") && !$0.hasPrefix(" ")
        }
    }

    /// Each error inside the expansion of the declaration that ends on `line` of `file` (the note
    /// after such an error points at that line): its index among the output's lines, and its
    /// message without its position.
    func expansionErrors(endingOnLine line: Int, inFile file: String) -> [(index: Int, message: String)] {
        let lines = output.split(separator: "\n")
        return lines.indices.dropLast().compactMap { index in
            guard lines[index].contains(": error: "),
                lines[index + 1].contains("/\(file):\(line):1: note: expanded code originates here")
            else {
                return nil
            }
            return (index, lines[index].components(separatedBy: ": error: ").last ?? "")
        }
    }

    /// What the first job prints about `line`: from its first error there to the next build step
    /// or the first error on another line.
    func block(onLine line: Int) -> [Substring] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.contains("Cases.swift:\(line):") && $0.contains(": error:") })
        else {
            return []
        }
        var end = start + 1
        while end < lines.count {
            let text = lines[end]
            let isOtherError =
                text.contains(": error:") && !text.hasPrefix(" ") && !text.contains("Cases.swift:\(line):")
            if text.hasPrefix("[") || isOtherError {
                break
            }
            end += 1
        }
        return Array(lines[start..<end])
    }

    /// Expects exactly one error on `line`, ending with `message`, whose block the compiler
    /// renders in at most `limit` lines.
    func expectOneError(
        onLine line: Int,
        endingWith message: String,
        within limit: Int = 25,
        sourceLocation: SourceLocation = #_sourceLocation,
    ) {
        let errors = errors(onLine: line)
        #expect(errors.count == 1 && errors[0].hasSuffix(message), "\(errors)", sourceLocation: sourceLocation)
        expectBlock(onLine: line, within: limit, sourceLocation: sourceLocation)
    }

    /// Expects each compiler job to report one error on `line`, the same, ending with `message`
    /// (a macro's own diagnostic, which every job that expands the macro prints), and the
    /// diagnostic's block to be at most `limit` lines long.
    func expectOneErrorPerJob(
        onLine line: Int,
        endingWith message: String,
        within limit: Int = 25,
        sourceLocation: SourceLocation = #_sourceLocation,
    ) {
        let errors = errors(onLine: line)
        #expect(
            Set(errors).count == 1 && errors.count == jobsReporting(onLine: line) && errors[0].hasSuffix(message),
            "\(errors)",
            sourceLocation: sourceLocation,
        )
        expectBlock(onLine: line, within: limit, sourceLocation: sourceLocation)
    }

    /// Expects the block of the first error on `line` to be at most `limit` lines long.
    private func expectBlock(onLine line: Int, within limit: Int, sourceLocation: SourceLocation) {
        let block = block(onLine: line)
        #expect(block.count <= limit, "\(block.joined(separator: "\n"))", sourceLocation: sourceLocation)
    }

    /// The error lines of each build step (the output between two `[n/m]` lines), excerpts left out.
    private var errorsPerStep: [[Substring]] {
        output.split(separator: "\n").split { $0.hasPrefix("[") }.map { step in
            step.filter { $0.contains(": error:") && !$0.hasPrefix(" ") }
        }
    }

    /// How many build steps report an error on `line`.
    func jobsReporting(onLine line: Int) -> Int {
        errorsPerStep.count { errors in errors.contains { $0.contains("Cases.swift:\(line):") } }
    }

    /// In each build step that reports an error whose line mentions `text`, the first such error.
    func firstErrorPerJob(mentioning text: String) -> [String] {
        errorsPerStep.compactMap { errors in errors.first { $0.contains(text) }.map(String.init) }
    }

    /// Expects the first error on `line` to end with `message`.
    func expectFirstError(
        onLine line: Int,
        endingWith message: String,
        sourceLocation: SourceLocation = #_sourceLocation,
    ) {
        let errors = errors(onLine: line)
        #expect(errors.first?.hasSuffix(message) == true, "\(errors)", sourceLocation: sourceLocation)
    }

    /// How many lines the first job prints about `line`.
    func blockLength(onLine line: Int) -> Int {
        block(onLine: line).count
    }

    /// The one build of the fixture, run on a thread of its own.
    ///
    /// NB: the build takes minutes on a fresh checkout. Run on a thread of the concurrency pool
    /// (as a `static let` initialised by the first test that reads it), it held that thread and
    /// every test waiting for it held another, which on two cores stopped every other test of
    /// the run until it finished.
    static let shared = Task {
        await withCheckedContinuation { (continuation: CheckedContinuation<FixtureBuild, Never>) in
            Thread { continuation.resume(returning: run()) }.start()
        }
    }

    /// Builds the fixture; retries once if the build failed before compiling it (for example
    /// because another SwiftPM process held the shared package cache). The output of the last
    /// build is kept in `.build-fixtures/last-build-output.txt`.
    static func run() -> FixtureBuild {
        let first = buildOnce()
        if first.exitCode != 0 && first.errorMessages.isEmpty {
            return buildOnce()
        }
        return first
    }

    private static func buildOnce() -> FixtureBuild {
        // NB: this file is Tests/MacroExpansionTests/Support/FixtureBuild.swift.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift", "build",
            "--package-path", root.appendingPathComponent("Tests/Fixtures/CompileFailures").path,
            "--scratch-path", root.appendingPathComponent(".build-fixtures").path,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do {
            try process.run()
        } catch {
            return FixtureBuild(exitCode: -1, output: "could not start swift build: \(error)")
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // NB: kept for inspection when an expectation fails (the whole output is too long for a
        // failure message).
        try? data.write(to: root.appendingPathComponent(".build-fixtures/last-build-output.txt"))
        return FixtureBuild(exitCode: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
