// swift-tools-version: 6.2

import PackageDescription

/// SwiftPM names a path dependency after its folder, so read the checkout's folder name.
let servicePackage = String(
    Context.packageDirectory.split(separator: "/").dropLast(3).last ?? "main"
).lowercased()

// A package that must NOT compile: each case in Sources/ is a wiring mistake the macros turn
// into a compiler error. `CompileFailureTests` builds it and checks the compiler's output.
let package = Package(
    name: "CompileFailures",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "../../..")],
    targets: [
        .target(
            name: "CompileFailures",
            dependencies: [.product(name: "Service", package: servicePackage)],
        )
    ],
    swiftLanguageModes: [.v6],
)
