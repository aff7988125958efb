// swift-tools-version:6.0
// VeetCurses: see README.md for what it holds and its floor (docs/architecture.md).
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetCurses",
    platforms: [.macOS(.v15)],
    products: [.library(name: "VeetCurses", targets: ["VeetCurses"])],
    dependencies: [
        .package(path: "../CNcursesw"),
        .package(path: "../VeetTokens"),
        .package(path: "../VeetTerminal"),
        .package(path: "../VeetMarkdown"),
    ],
    targets: [
        .target(name: "VeetCurses",
                dependencies: [module("VeetTokens"), module("VeetTerminal"), module("VeetMarkdown"), module("CNcursesw")],
                swiftSettings: swift6),
        .testTarget(name: "VeetCursesTests",
                    dependencies: ["VeetCurses", module("VeetTokens"), module("VeetTerminal"), module("VeetMarkdown")],
                    swiftSettings: swift6),
    ]
)
