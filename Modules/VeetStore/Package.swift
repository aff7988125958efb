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
        .package(path: "../VeetTransport"),
    ],
    targets: [
        .target(name: "VeetStore", dependencies: [module("VeetTransport"), module("CSQLite")], swiftSettings: swift6),
        .testTarget(name: "VeetStoreTests", dependencies: ["VeetStore", module("VeetTransport"), module("VeetFixture"), module("CSQLite")],
                    swiftSettings: swift6),
    ]
)
