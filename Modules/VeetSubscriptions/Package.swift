// swift-tools-version:6.0
// VeetSubscriptions: see README.md for what it holds and its floor (docs/architecture.md).
// Three targets: the domain (VeetSubscriptions, no terminal code) and its two faces, the
// full-screen census and the unsubscribe confirmation (VeetSubscriptionsScreens, on
// VeetCurses) and the CLI command group (VeetSubscriptionsCommands, on VeetConsole).
// A face imports its own feature and the kits only (never Email: account flags come in as values).
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetSubscriptions",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "VeetSubscriptions", targets: ["VeetSubscriptions"]),
        .library(name: "VeetSubscriptionsScreens", targets: ["VeetSubscriptionsScreens"]),
        .library(name: "VeetSubscriptionsCommands", targets: ["VeetSubscriptionsCommands"]),
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
        .target(name: "VeetSubscriptions", dependencies: [module("VeetTransport"), module("VeetWire")], swiftSettings: swift6),
        .target(name: "VeetSubscriptionsScreens",
                dependencies: ["VeetSubscriptions", module("VeetCurses"), module("VeetTerminal"), module("VeetTokens"),
                               module("VeetTransport")],
                swiftSettings: swift6),
        .target(name: "VeetSubscriptionsCommands",
                dependencies: ["VeetSubscriptions", module("VeetConsole"), module("VeetTransport")], swiftSettings: swift6),
        .testTarget(name: "VeetSubscriptionsTests",
                    dependencies: ["VeetSubscriptions", module("VeetTestSupport"), module("VeetTransport"), module("VeetFixture")],
                    swiftSettings: swift6),
        .testTarget(name: "VeetSubscriptionsFacesTests",
                    dependencies: ["VeetSubscriptionsScreens", "VeetSubscriptionsCommands", "VeetSubscriptions",
                                   module("VeetCurses"), module("VeetConsole"), module("VeetTestSupport"),
                                   module("VeetTransport")],
                    swiftSettings: swift6),
    ]
)
