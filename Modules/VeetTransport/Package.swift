// swift-tools-version:6.0
// VeetTransport: see README.md for what it holds and its floor (docs/architecture.md).
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetTransport",
    platforms: [.macOS(.v15)],
    products: [.library(name: "VeetTransport", targets: ["VeetTransport"])],
    dependencies: [
        .package(path: "../VeetFixture"),
        .package(path: "../VeetTestSupport"),
        .package(path: "../VeetWire"),
    ],
    targets: [
        .target(name: "VeetTransport", dependencies: [], swiftSettings: swift6),
        .testTarget(name: "VeetTransportTests", dependencies: ["VeetTransport", module("VeetTestSupport"), module("VeetWire"), module("VeetFixture")],
                    swiftSettings: swift6),
    ]
)
