// swift-tools-version:6.0
// VeetSettings: see README.md for what it holds and its floor (docs/architecture.md).
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetSettings",
    platforms: [.macOS(.v15)],
    products: [.library(name: "VeetSettings", targets: ["VeetSettings"])],
    dependencies: [
        .package(path: "../VeetFixture"),
        .package(path: "../VeetTestSupport"),
        .package(path: "../VeetTransport"),
    ],
    targets: [
        .target(name: "VeetSettings", dependencies: [module("VeetTransport")], swiftSettings: swift6),
        .testTarget(name: "VeetSettingsTests", dependencies: ["VeetSettings", module("VeetTestSupport"), module("VeetTransport"), module("VeetFixture")],
                    swiftSettings: swift6),
    ]
)
