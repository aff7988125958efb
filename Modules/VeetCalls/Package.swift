// swift-tools-version:6.0
// VeetCalls: see README.md for what it holds and its floor (docs/architecture.md).
// Three targets: the domain (VeetCalls, no terminal code) and its two faces, the
// full-screen page (VeetCallsScreens, on VeetCurses) and the CLI command group
// (VeetCallsCommands, on VeetConsole). A face imports its own feature and the kits only.
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetCalls",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "VeetCalls", targets: ["VeetCalls"]),
        .library(name: "VeetCallsScreens", targets: ["VeetCallsScreens"]),
        .library(name: "VeetCallsCommands", targets: ["VeetCallsCommands"]),
    ],
    dependencies: [
        .package(path: "../VeetConsole"),
        .package(path: "../VeetCurses"),
        .package(path: "../VeetFixture"),
        .package(path: "../VeetTestSupport"),
        .package(path: "../VeetTokens"),
        .package(path: "../VeetTransport"),
    ],
    targets: [
        .target(name: "VeetCalls", dependencies: [module("VeetTransport")], swiftSettings: swift6),
        .target(name: "VeetCallsScreens",
                dependencies: ["VeetCalls", module("VeetCurses"), module("VeetTokens")],
                swiftSettings: swift6),
        .target(name: "VeetCallsCommands",
                dependencies: ["VeetCalls", module("VeetConsole"), module("VeetTransport")], swiftSettings: swift6),
        .testTarget(name: "VeetCallsTests", dependencies: ["VeetCalls", module("VeetTestSupport"), module("VeetTransport"), module("VeetFixture")],
                    swiftSettings: swift6),
        .testTarget(name: "VeetCallsFacesTests",
                    dependencies: ["VeetCallsScreens", "VeetCallsCommands", "VeetCalls", module("VeetCurses"),
                                   module("VeetConsole"), module("VeetTestSupport"), module("VeetTransport")],
                    swiftSettings: swift6),
    ]
)
