// swift-tools-version: 6.2

import PackageDescription

/// SwiftPM names a path dependency after its folder, so read the checkout's folder name.
let servicePackage = String(Context.packageDirectory.split(separator: "/").dropLast(2).last ?? "main").lowercased()

// A small Hummingbird 2 JSON API (notes: list, create, get, delete) wired with `@Injectable` and
// `@Assembly`, with one scope per request. Its own package, so that the library's users never
// resolve Hummingbird.
//
//   swift run --package-path Examples/NotesServer        # serves on 127.0.0.1:8080
//   swift test --package-path Examples/NotesServer
let package = Package(
    name: "NotesServer",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    ],
    targets: [
        .target(
            name: "NotesServerCore",
            dependencies: [
                .product(name: "Service", package: servicePackage),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
        ),
        .executableTarget(name: "NotesServer", dependencies: ["NotesServerCore"]),
        // What the library adds to a request: `swift run -c release NotesServerBenchmark`.
        .executableTarget(
            name: "NotesServerBenchmark",
            dependencies: [
                "NotesServerCore",
                .product(name: "Service", package: servicePackage),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
        ),
        .testTarget(
            name: "NotesServerTests",
            dependencies: [
                "NotesServerCore",
                .product(name: "Service", package: servicePackage),
                .product(name: "ServiceTesting", package: servicePackage),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
        ),
    ],
    swiftLanguageModes: [.v6],
)
