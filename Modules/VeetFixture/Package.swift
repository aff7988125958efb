// swift-tools-version:6.0
// VeetFixture: see README.md for what it holds and its floor (docs/architecture.md).
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetFixture",
    platforms: [.macOS(.v15)],
    products: [.library(name: "VeetFixture", targets: ["VeetFixture"])],
    targets: [
        .target(name: "VeetFixture", dependencies: [], swiftSettings: swift6),
        .testTarget(name: "VeetFixtureTests", dependencies: ["VeetFixture"], resources: [.copy("Golden")],
                    swiftSettings: swift6),
    ]
)
