// swift-tools-version:6.0
// VeetSubscriptions: see README.md for what it holds and its floor (docs/architecture.md).
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetSubscriptions",
    platforms: [.macOS(.v15)],
    products: [.library(name: "VeetSubscriptions", targets: ["VeetSubscriptions"])],
    dependencies: [
        .package(path: "../VeetFixture"),
        .package(path: "../VeetTestSupport"),
        .package(path: "../VeetTransport"),
        .package(path: "../VeetWire"),
    ],
    targets: [
        .target(name: "VeetSubscriptions", dependencies: [module("VeetTransport"), module("VeetWire")], swiftSettings: swift6),
        .testTarget(name: "VeetSubscriptionsTests",
                    dependencies: ["VeetSubscriptions", module("VeetTestSupport"), module("VeetTransport"), module("VeetFixture")],
                    swiftSettings: swift6),
    ]
)
