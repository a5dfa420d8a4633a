// swift-tools-version: 6.2

import PackageDescription

/// SwiftPM names a path dependency after its folder, so read the checkout's folder name.
let servicePackage = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "main").lowercased()

let package = Package(
    name: "ServiceBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/Swinject/Swinject.git", exact: "2.10.0"),
        .package(url: "https://github.com/pointfreeco/swift-dependencies.git", exact: "1.17.1"),
    ],
    targets: [
        .executableTarget(
            name: "ServiceBenchmarks",
            dependencies: [
                .product(name: "Service", package: servicePackage),
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "Dependencies", package: "swift-dependencies"),
                "HeapProbe",
                "RetainProbe",
            ],
        ),
        // `--check-read-order`: the retain hook that checks a release build retains a cached
        // instance inside its read section.
        .target(name: "RetainProbe"),
        // `--memory` and the full run: the allocator's count of the bytes in use, beside the
        // resident memory.
        .target(name: "HeapProbe"),
    ],
    swiftLanguageModes: [.v6],
)
