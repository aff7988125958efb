// swift-tools-version:6.0
// VeetMemory: see README.md for what it holds and its floor (docs/architecture.md).
// Three targets: the domain (VeetMemory, no terminal code) and its two faces, the
// full-screen page (VeetMemoryScreens, on VeetCurses) and the CLI command group
// (VeetMemoryCommands, on VeetConsole). A face imports its own feature and the kits only.
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetMemory",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "VeetMemory", targets: ["VeetMemory"]),
        .library(name: "VeetMemoryScreens", targets: ["VeetMemoryScreens"]),
        .library(name: "VeetMemoryCommands", targets: ["VeetMemoryCommands"]),
    ],
    dependencies: [
        .package(path: "../VeetConsole"),
        .package(path: "../VeetCurses"),
        .package(path: "../VeetFixture"),
        .package(path: "../VeetTestSupport"),
        .package(path: "../VeetTokens"),
        .package(path: "../VeetTransport"),
        .package(path: "../VeetWire"),
    ],
    targets: [
        .target(name: "VeetMemory", dependencies: [module("VeetTransport"), module("VeetWire")], swiftSettings: swift6),
        .target(name: "VeetMemoryScreens",
                dependencies: ["VeetMemory", module("VeetCurses"), module("VeetTokens"), module("VeetTransport")],
                swiftSettings: swift6),
        .target(name: "VeetMemoryCommands",
                dependencies: ["VeetMemory", module("VeetConsole"), module("VeetTransport")], swiftSettings: swift6),
        .testTarget(name: "VeetMemoryTests", dependencies: ["VeetMemory", module("VeetTestSupport"), module("VeetTransport"), module("VeetFixture")],
                    swiftSettings: swift6),
        .testTarget(name: "VeetMemoryFacesTests",
                    dependencies: ["VeetMemoryScreens", "VeetMemoryCommands", "VeetMemory", module("VeetCurses"),
                                   module("VeetConsole"), module("VeetTestSupport"), module("VeetTransport")],
                    swiftSettings: swift6),
    ]
)
