// swift-tools-version:6.0
// VeetEmail: see README.md for what it holds and its floor (docs/architecture.md).
// The domain (VeetEmail, no terminal code) and its two faces: the full screen (inbox,
// reading page, reply, Review & Send: VeetEmailScreens, on VeetCurses) and the CLI
// command group (VeetEmailCommands, on VeetConsole). A face imports its own feature and the kits only.
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetEmail",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "VeetEmail", targets: ["VeetEmail"]),
        .library(name: "VeetEmailScreens", targets: ["VeetEmailScreens"]),
        .library(name: "VeetEmailCommands", targets: ["VeetEmailCommands"]),
    ],
    dependencies: [
        .package(path: "../VeetConsole"),
        .package(path: "../VeetCurses"),
        .package(path: "../VeetFixture"),
        .package(path: "../VeetTerminal"),
        .package(path: "../VeetTestSupport"),
        .package(path: "../VeetTokens"),
        .package(path: "../VeetTransport"),
        .package(path: "../VeetWire"),
    ],
    targets: [
        // VeetWire for the approval view, the run status and the one SHA-256 (Review & Send).
        .target(name: "VeetEmail", dependencies: [module("VeetTransport"), module("VeetWire")], swiftSettings: swift6),
        .target(name: "VeetEmailScreens",
                dependencies: ["VeetEmail", module("VeetCurses"), module("VeetTerminal"), module("VeetTokens"),
                               module("VeetTransport")],
                swiftSettings: swift6),
        .target(name: "VeetEmailCommands",
                dependencies: ["VeetEmail", module("VeetConsole"), module("VeetTransport"), module("VeetWire")],
                swiftSettings: swift6),
        .testTarget(name: "VeetEmailTests", dependencies: ["VeetEmail", module("VeetTestSupport"), module("VeetTransport"), module("VeetWire"),
                                                             module("VeetFixture")],
                    swiftSettings: swift6),
        .testTarget(name: "VeetEmailFacesTests",
                    dependencies: ["VeetEmailScreens", "VeetEmailCommands", "VeetEmail", module("VeetCurses"),
                                   module("VeetConsole"), module("VeetTestSupport"), module("VeetTokens"),
                                   module("VeetTransport"), module("VeetWire")],
                    swiftSettings: swift6),
    ]
)
