// swift-tools-version:6.0
// VeetChat: see README.md for what it holds and its floor (docs/architecture.md).
// The domain (VeetChat, no terminal code) and its full-screen face, the conversation
// surface (VeetChatScreens, on VeetCurses): it imports its own feature and the kits only.
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetChat",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "VeetChat", targets: ["VeetChat"]),
        // The CLI face (`veet chat`, sessions, outbox, approvals, artifacts, run): a command group on VeetConsole.
        .library(name: "VeetChatCommands", targets: ["VeetChatCommands"]),
        // The full-screen face: the conversation surface's rows, dock, queue, tray and pages on VeetCurses.
        .library(name: "VeetChatScreens", targets: ["VeetChatScreens"]),
    ],
    dependencies: [
        .package(path: "../VeetConsole"),
        .package(path: "../VeetCurses"),
        .package(path: "../VeetFixture"),
        .package(path: "../VeetImages"),
        .package(path: "../VeetMarkdown"),
        .package(path: "../VeetStore"),
        .package(path: "../VeetTerminal"),
        .package(path: "../VeetTestSupport"),
        .package(path: "../VeetTokens"),
        .package(path: "../VeetTransport"),
        .package(path: "../VeetWire"),
    ],
    targets: [
        .target(name: "VeetChat", dependencies: [module("VeetTransport"), module("VeetWire"), module("VeetStore"), module("VeetImages")],
                swiftSettings: swift6),
        .testTarget(name: "VeetChatTests", dependencies: ["VeetChat", module("VeetTestSupport"), module("VeetTransport"), module("VeetWire"), module("VeetStore"), module("VeetFixture"), module("VeetImages")],
                    swiftSettings: swift6),
        .target(name: "VeetChatCommands",
                dependencies: ["VeetChat", module("VeetConsole"), module("VeetMarkdown"), module("VeetStore"), module("VeetTerminal"),
                               module("VeetTransport"), module("VeetWire")], swiftSettings: swift6),
        .testTarget(name: "VeetChatFacesTests",
                    dependencies: ["VeetChatCommands", "VeetChat", module("VeetConsole"), module("VeetFixture"), module("VeetStore"),
                                   module("VeetTestSupport"), module("VeetTransport"), module("VeetWire")],
                    swiftSettings: swift6),
        .target(name: "VeetChatScreens",
                dependencies: ["VeetChat", module("VeetCurses"), module("VeetMarkdown"), module("VeetStore"), module("VeetTerminal"),
                               module("VeetTokens"), module("VeetTransport"), module("VeetWire")],
                swiftSettings: swift6),
        .testTarget(name: "VeetChatScreensTests",
                    dependencies: ["VeetChatScreens", "VeetChat", module("VeetCurses"), module("VeetStore"), module("VeetTransport"), module("VeetWire")],
                    swiftSettings: swift6),
    ]
)
