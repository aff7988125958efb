// swift-tools-version:6.0
// VeetWire: see README.md for what it holds and its floor (docs/architecture.md).
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetWire",
    platforms: [.macOS(.v15)],
    products: [.library(name: "VeetWire", targets: ["VeetWire"])],
    dependencies: [
        .package(path: "../VeetTestSupport"),
        .package(path: "../VeetTransport"),
    ],
    targets: [
        .target(name: "VeetWire", dependencies: [module("VeetTransport")], swiftSettings: swift6),
        .testTarget(name: "VeetWireTests", dependencies: ["VeetWire", module("VeetTransport"), module("VeetTestSupport")],
                    swiftSettings: swift6),
    ]
)
