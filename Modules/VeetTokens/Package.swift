// swift-tools-version:6.0
// VeetTokens: see README.md for what it holds and its floor (docs/architecture.md).
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetTokens",
    platforms: [.macOS(.v15)],
    products: [.library(name: "VeetTokens", targets: ["VeetTokens"])],
    targets: [
        .target(name: "VeetTokens", dependencies: [], swiftSettings: swift6),
        .testTarget(name: "VeetTokensTests", dependencies: ["VeetTokens"],
                    swiftSettings: swift6),
    ]
)
