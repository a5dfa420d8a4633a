// swift-tools-version: 6.2

import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "Service",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Service", targets: ["Service"]),
        .library(name: "ServiceTesting", targets: ["ServiceTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax.git", "600.0.0"..<"604.0.0")
    ],
    targets: [
        .macro(
            name: "ServiceMacrosPlugin",
            dependencies: [
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
            ],
        ),
        .target(name: "Service", dependencies: ["ServiceMacrosPlugin", "ServiceThreadLocal"]),
        // NB: one C thread-local, which Swift cannot declare (see `ThreadFrame`).
        .target(name: "ServiceThreadLocal"),
        .target(name: "ServiceTesting", dependencies: ["Service"]),
        .target(name: "ServiceClientCore", dependencies: ["Service"]),
        .executableTarget(name: "ServiceClient", dependencies: ["Service", "ServiceClientCore"]),
        .testTarget(
            name: "RuntimeTests",
            dependencies: ["Service", "ServiceTesting", "ServiceClientCore", "LifecycleStandIn"],
        ),
        // Compiled as a new app target is: MainActor by default, with the isolated conformances of
        // approachable concurrency; the macros' expansions must compile here too.
        .testTarget(
            name: "DefaultIsolationTests",
            dependencies: ["Service"],
            swiftSettings: [.defaultIsolation(MainActor.self), .enableUpcomingFeature("InferIsolatedConformances")],
        ),
        // The documentation's code: every listing of the DocC catalog and the README is compiled here.
        .testTarget(name: "DocumentationTests", dependencies: ["Service", "ServiceTesting"]),
        // NB: a module that exports a `Service` protocol, as ServiceLifecycle does; tests only.
        .target(name: "LifecycleStandIn", path: "Tests/LifecycleStandIn"),
        .testTarget(
            name: "MacroExpansionTests",
            dependencies: [
                "ServiceMacrosPlugin",
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
            ],
            exclude: ["Corpus"],
        ),
    ],
    swiftLanguageModes: [.v6],
)

for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("InternalImportsByDefault"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
        ]
}
