// swift-tools-version:6.0
// VeetMarkdown: see README.md for what it holds and its floor (docs/architecture.md).
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetMarkdown",
    platforms: [.macOS(.v15)],
    products: [.library(name: "VeetMarkdown", targets: ["VeetMarkdown"])],
    dependencies: [
        .package(path: "../CCmarkGFM"),
        .package(path: "../VeetTerminal"),
        .package(path: "../VeetTokens"),
    ],
    targets: [
        .target(name: "VeetMarkdown", dependencies: [module("CCmarkGFM"), module("VeetTerminal"), module("VeetTokens")],
                swiftSettings: swift6),
        .testTarget(name: "VeetMarkdownTests", dependencies: ["VeetMarkdown", module("VeetTerminal"), module("VeetTokens")],
                    swiftSettings: swift6),
    ]
)
