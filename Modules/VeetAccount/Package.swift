// swift-tools-version:6.0
// VeetAccount: see README.md for what it holds and its floor (docs/architecture.md).
// Three targets: the domain (VeetAccount, no terminal code) and its two faces, the
// Devices screen and the connections' switcher and forms (VeetAccountScreens, on
// VeetCurses) and the `veet devices`, `veet notifications`, `veet connect` and
// `veet connections` command groups (VeetAccountCommands, on VeetConsole).
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetAccount",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "VeetAccount", targets: ["VeetAccount"]),
        .library(name: "VeetAccountScreens", targets: ["VeetAccountScreens"]),
        .library(name: "VeetAccountCommands", targets: ["VeetAccountCommands"]),
    ],
    dependencies: [
        .package(path: "../VeetConsole"),
        .package(path: "../VeetCurses"),
        .package(path: "../VeetFixture"),
        .package(path: "../VeetStore"),
        .package(path: "../VeetTestSupport"),
        .package(path: "../VeetTokens"),
        .package(path: "../VeetTransport"),
        .package(path: "../VeetWire"),
    ],
    targets: [
        .target(name: "VeetAccount", dependencies: [module("VeetTransport"), module("VeetWire"), module("VeetStore")], swiftSettings: swift6),
        .target(name: "VeetAccountScreens",
                dependencies: ["VeetAccount", module("VeetCurses"), module("VeetTokens"), module("VeetStore"), module("VeetTransport")], swiftSettings: swift6),
        .target(name: "VeetAccountCommands",
                dependencies: ["VeetAccount", module("VeetConsole"), module("VeetTransport"), module("VeetStore")], swiftSettings: swift6),
        .testTarget(name: "VeetAccountTests", dependencies: ["VeetAccount", module("VeetTestSupport"), module("VeetTransport"), module("VeetWire"), module("VeetStore"), module("VeetFixture")],
                    swiftSettings: swift6),
        .testTarget(name: "VeetAccountFacesTests",
                    dependencies: ["VeetAccountScreens", "VeetAccountCommands", "VeetAccount", module("VeetCurses"), module("VeetConsole"),
                                   module("VeetTransport"), module("VeetStore"), module("VeetTestSupport"), module("VeetFixture")],
                    swiftSettings: swift6),
    ]
)
