// swift-tools-version:6.0
// VeetStore: see README.md for what it holds and its floor (docs/architecture.md).
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetStore",
    platforms: [.macOS(.v15)],
    products: [.library(name: "VeetStore", targets: ["VeetStore"])],
    dependencies: [
        .package(path: "../CSQLite"),
        .package(path: "../VeetFixture"),
        .package(path: "../VeetTestSupport"),
        .package(path: "../VeetTransport"),
        .package(path: "../VeetWire"),
    ],
    targets: [
        .target(name: "VeetStore", dependencies: [module("VeetTransport"), module("VeetWire"), module("CSQLite")], swiftSettings: swift6),
        .testTarget(name: "VeetStoreTests", dependencies: ["VeetStore", module("VeetTestSupport"), module("VeetTransport"), module("VeetWire"), module("VeetFixture"), module("CSQLite")],
                    swiftSettings: swift6),
    ]
)
