import Foundation
import Testing

@testable import ServiceMacrosPlugin

/// The plugin's filter of the build configuration the compiler attaches to every request: what it
/// leaves out, what it must keep (what the parser reads), and that it never breaks a request.
@Suite("Build configuration filter")
struct BuildConfigurationFilterTests {
    /// Compact JSON with sorted keys, as the compiler writes it.
    static let jsonOptions: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]

    /// A configuration as the compiler writes it, with its sets in the given order.
    static func configuration(
        features: [String], attributes: [String] = ["frozen", "inline"], languageMode: [Int] = [6, 3, 1],
    ) throws -> String {
        let object: [String: Any] = [
            "attributes": attributes,
            "compilerVersion": ["components": [6, 3, 1]],
            "customConditions": [String](),
            "endianness": "little",
            "features": features,
            "languageMode": ["components": languageMode],
            "targetArchitectures": ["x86_64"],
            "targetAtomicBitWidths": [64, 32],
            "targetEnvironments": [String](),
            "targetOSs": ["Linux"],
            "targetObjectFileFormats": ["ELF"],
            "targetPointerAuthenticationSchemes": ["_none"],
            "targetPointerBitWidth": 64,
            "targetRuntimes": ["_Native"],
        ]
        let data = try JSONSerialization.data(withJSONObject: object, options: jsonOptions)
        return String(decoding: data, as: UTF8.self)
    }

    /// A request with `configuration` as its last member, as the compiler sends it.
    static func request(configuration: String, syntax: String = "\n@Injectable\nstruct A {}") throws -> [UInt8] {
        let object: [String: Any] = [
            "expandAttachedMacro": [
                "declSyntax": ["kind": "declaration", "source": syntax],
                "macroRole": "extension",
                "staticBuildConfiguration": configuration,
            ]
        ]
        let data = try JSONSerialization.data(withJSONObject: object, options: jsonOptions)
        return Array(data)
    }

    /// The request's members, decoded.
    static func members(of message: [UInt8]) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(message)) as? [String: Any]
        return try #require(object?["expandAttachedMacro"] as? [String: Any])
    }

    @Test("the configuration's string value is found whatever it holds, escaped quotes and backslashes included")
    func locatesTheValue() throws {
        let configuration = #"{"features":["A\"B\\"]}"#
        let message = try Self.request(configuration: configuration)
        let found = try #require(BuildConfigurationFilter.locate(in: message))
        let value = String(decoding: message[found.value], as: UTF8.self)
        #expect(value == #"{\"features\":[\"A\\\"B\\\\\"]}"#)
        var removed = message
        removed.removeSubrange(found.member)
        let members = try Self.members(of: removed)
        #expect(members["staticBuildConfiguration"] == nil)
        #expect(members["macroRole"] as? String == "extension")
    }

    @Test("a configuration that is not the last member is removed with the comma after it")
    func removesAFirstMember() throws {
        let message = Array(#"{"expandFreestandingMacro":{"staticBuildConfiguration":"{}","discriminator":"x"}}"#.utf8)
        let found = try #require(BuildConfigurationFilter.locate(in: message))
        var removed = message
        removed.removeSubrange(found.member)
        #expect(String(decoding: removed, as: UTF8.self) == #"{"expandFreestandingMacro":{"discriminator":"x"}}"#)
    }

    @Test("compacting empties the attributes, keeps the parser's features and every other member")
    func compactsTheConfiguration() throws {
        let features = ["IsolatedAny", "NonescapableTypes", "BuiltinJob"]
        let configuration = try Self.configuration(features: features, languageMode: [5, 10])
        let message = try Self.request(configuration: configuration)
        let found = try #require(BuildConfigurationFilter.locate(in: message))
        let compacted = try #require(
            BuildConfigurationFilter.compact(message[found.value], isParserFeature: { $0 == "NonescapableTypes" }))
        var filtered = message
        filtered.replaceSubrange(found.value, with: compacted)
        let text = try #require(try Self.members(of: filtered)["staticBuildConfiguration"] as? String)
        let result = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let original = try #require(try JSONSerialization.jsonObject(with: Data(configuration.utf8)) as? [String: Any])
        #expect(result["attributes"] as? [String] == [])
        #expect(result["features"] as? [String] == ["NonescapableTypes"])
        #expect(Set(result.keys) == Set(original.keys))
        #expect((result["languageMode"] as? [String: [Int]])?["components"] == [5, 10])
        #expect(result["targetOSs"] as? [String] == ["Linux"])
    }

    @Test("with swift-syntax 603, the features the parser reads are the ones kept")
    func keepsTheParserFeatures() {
        #if canImport(SwiftSyntax603)
            #expect(BuildConfigurationFilter.isParserFeature("NonescapableTypes"))
            #expect(BuildConfigurationFilter.isParserFeature("TrailingComma"))
        #endif
        #expect(!BuildConfigurationFilter.isParserFeature("IsolatedAny"))
        #expect(!BuildConfigurationFilter.isParserFeature("BuiltinJob"))
    }

    @Test("a configuration not in the expected shape is passed on unchanged")
    func leavesAnUnexpectedShapeAlone() throws {
        #expect(BuildConfigurationFilter.compact(ArraySlice(#"{\"languageMode\":{}}"#.utf8)) == nil)
        #expect(
            BuildConfigurationFilter.compact(ArraySlice(#"{\"attributes\":[],\"features\":[\"A\\\\B\"]}"#.utf8)) == nil)
        let message = Array(#"{"getCapability":{"capability":{"protocolVersion":7}}}"#.utf8)
        var filtered = message
        BuildConfigurationFilter.Cache().apply(to: &filtered)
        #expect(filtered == message)
    }

    @Test("two jobs that write the sets in different orders send the same compact configuration")
    func sortsTheSets() throws {
        var first = try Self.request(
            configuration: Self.configuration(features: ["TrailingComma", "NonescapableTypes"]))
        var second = try Self.request(
            configuration: Self.configuration(
                features: ["NonescapableTypes", "TrailingComma"], attributes: ["inline", "frozen"],
            ))
        BuildConfigurationFilter.Cache().apply(to: &first)
        BuildConfigurationFilter.Cache().apply(to: &second)
        #expect(first == second)
        let sorted = BuildConfigurationFilter.sortingStringArrays(
            in: Array(#"{\"b\":[\"Z\",\"A\"],\"c\":{\"components\":[6,3,1]},\"d\":[\"x\\\"y\",\"a\"]}"#.utf8))
        #expect(
            String(decoding: sorted, as: UTF8.self)
                == #"{\"b\":[\"A\",\"Z\"],\"c\":{\"components\":[6,3,1]},\"d\":[\"x\\\"y\",\"a\"]}"#)
    }

    @Test("every request of a job gets the same compact configuration, whatever order its sets are in")
    func filtersEveryRequest() throws {
        let cache = BuildConfigurationFilter.Cache()
        var first = try Self.request(configuration: Self.configuration(features: ["A", "NonescapableTypes", "B"]))
        let reordered = try Self.configuration(
            features: ["B", "A", "NonescapableTypes"],
            attributes: ["inline", "frozen"],
        )
        var second = try Self.request(configuration: reordered, syntax: "\n@Injectable\nstruct B {}")
        cache.apply(to: &first)
        cache.apply(to: &second)
        let firstMembers = try Self.members(of: first)
        let secondMembers = try Self.members(of: second)
        #expect((secondMembers["declSyntax"] as? [String: String])?["source"] == "\n@Injectable\nstruct B {}")
        #if canImport(SwiftSyntax603)
            let configuration = try #require(firstMembers["staticBuildConfiguration"] as? String)
            #expect(secondMembers["staticBuildConfiguration"] as? String == configuration)
            let decoded = try #require(
                try JSONSerialization.jsonObject(with: Data(configuration.utf8)) as? [String: Any])
            #expect(decoded["features"] as? [String] == ["NonescapableTypes"])
            #expect(decoded["attributes"] as? [String] == [])
            // A configuration of another length is made compact again, not replaced by the last.
            var third = try Self.request(configuration: Self.configuration(features: ["TrailingComma", "A"]))
            cache.apply(to: &third)
            let thirdText = try #require(try Self.members(of: third)["staticBuildConfiguration"] as? String)
            let thirdDecoded = try #require(
                try JSONSerialization.jsonObject(with: Data(thirdText.utf8)) as? [String: Any])
            #expect(thirdDecoded["features"] as? [String] == ["TrailingComma"])
        #else
            #expect(firstMembers["staticBuildConfiguration"] == nil)
            #expect(secondMembers["staticBuildConfiguration"] == nil)
        #endif
    }
}
