import Foundation
import Testing

/// Builds `Tests/Fixtures/CompileFailures` (a package of deliberate wiring mistakes) once, and
/// checks what the compiler itself says about each one.
@Suite("Compile failures, as the compiler reports them")
struct CompileFailureTests {
    /// The fixture build, shared by every case.
    static let build = FixtureBuild.run()

    @Test("a dependency the assembly does not provide fails on its #register line, naming the missing type")
    func missingProvider() {
        let build = Self.build
        #expect(build.exitCode != 0)
        #expect(!build.errorMessages.isEmpty, "the fixture build reported no errors: \(build.output.suffix(3_000))")
        #expect(build.errors(onLine: 14).contains { $0.contains("'Needy.InjectionRequirements'") })
        #expect(build.output.contains("'(Missing.Type) -> Missing'"))
    }

    @Test("#register of a @MainActor type fails on its line, naming #registerMain")
    func mainActorTypeOnSendableTrack() {
        #expect(
            Self.build.errors(onLine: 27).contains {
                $0.hasSuffix(
                    "error: 'register(_:scope:)' is unavailable: '@MainActor' services are registered with '#registerMain'"
                )
            }
        )
        #expect(!Self.build.output.contains("no exact matches in call to macro 'register'"))
    }

    @Test("a Sendable service depending on a MainActor service fails on its #register line")
    func sendableServiceDependingOnMainActorService() {
        let errors = Self.build.errors(onLine: 40)
        #expect(errors.contains { $0.contains("Presenter") && $0.contains("main actor-isolated") })
    }

    @Test("MainActor isolation inferred from a protocol is caught by the compiler")
    func inferredMainActorIsolation() {
        let message = "conformance of 'InferredScreen' to protocol 'Injectable' crosses into main actor-isolated code"
        #expect(Self.build.output.contains(message))
    }

    @Test("an opt-in cycle check fails on the #register line and the notes name the path")
    func optInCycle() {
        #expect(Self.build.errors(onLine: 68).contains { $0.contains("type alias 'Cycle_Ping' references itself") })
        #expect(Self.build.output.contains("while resolving type 'Ping.__CycleNode<__CycleGraph>.Edges'"))
        #expect(Self.build.output.contains("while resolving type 'Pong.__CycleNode<__CycleGraph>.Edges'"))
    }

    @Test("a singleton that depends on a per-scope type fails on its #register line; a transient does not")
    func captiveDependency() {
        #expect(Self.build.errors(onLine: 89).contains { $0.contains("'RequestCache.InjectionRequirements'") })
        #expect(Self.build.errors(onLine: 90).isEmpty)
    }

    @Test("the fixture's correct declarations produce no other errors")
    func noStrayErrors() {
        let lines = Set(Self.build.errorLines)
        #expect(lines.isSubset(of: [14, 27, 40, 68, 89]), "unexpected errors: \(Self.build.errorMessages)")
    }
}

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

    /// Builds the fixture; retries once if the build failed before compiling it (for example
    /// because another SwiftPM process held the shared package cache).
    static func run() -> FixtureBuild {
        let first = buildOnce()
        if first.exitCode != 0 && first.errorMessages.isEmpty {
            return buildOnce()
        }
        return first
    }

    private static func buildOnce() -> FixtureBuild {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
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
        return FixtureBuild(exitCode: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
