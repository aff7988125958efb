// swift-tools-version:6.0
// VeetConsole: see README.md for what it holds and its floor (docs/architecture.md).
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetConsole",
    platforms: [.macOS(.v15)],
    products: [.library(name: "VeetConsole", targets: ["VeetConsole"])],
    dependencies: [
        .package(path: "../VeetTokens"),
        .package(path: "../VeetTerminal"),
    ],
    targets: [
        .target(name: "VeetConsole", dependencies: [module("VeetTokens"), module("VeetTerminal")], swiftSettings: swift6),
        .testTarget(name: "VeetConsoleTests", dependencies: ["VeetConsole"],
                    swiftSettings: swift6),
    ]
)
