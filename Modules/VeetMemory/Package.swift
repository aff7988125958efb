// swift-tools-version:6.0
// VeetMemory: see README.md for what it holds and its floor (docs/architecture.md).
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetMemory",
    platforms: [.macOS(.v15)],
    products: [.library(name: "VeetMemory", targets: ["VeetMemory"])],
    dependencies: [
        .package(path: "../VeetFixture"),
        .package(path: "../VeetTestSupport"),
        .package(path: "../VeetTransport"),
    ],
    targets: [
        .target(name: "VeetMemory", dependencies: [module("VeetTransport")], swiftSettings: swift6),
        .testTarget(name: "VeetMemoryTests", dependencies: ["VeetMemory", module("VeetTestSupport"), module("VeetTransport"), module("VeetFixture")],
                    swiftSettings: swift6),
    ]
)
