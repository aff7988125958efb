// swift-tools-version:6.0
// VeetSchedules: see README.md for what it holds and its floor (docs/architecture.md).
// Three targets: the domain (VeetSchedules, no terminal code) and its two faces, the
// full-screen page (VeetSchedulesScreens, on VeetCurses) and the CLI command group
// (VeetSchedulesCommands, on VeetConsole). A face imports its own feature and the kits only.
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetSchedules",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "VeetSchedules", targets: ["VeetSchedules"]),
        .library(name: "VeetSchedulesScreens", targets: ["VeetSchedulesScreens"]),
        .library(name: "VeetSchedulesCommands", targets: ["VeetSchedulesCommands"]),
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
        .target(name: "VeetSchedules", dependencies: [module("VeetTransport"), module("VeetStore")], swiftSettings: swift6),
        .target(name: "VeetSchedulesScreens",
                dependencies: ["VeetSchedules", module("VeetCurses"), module("VeetTokens"), module("VeetTransport")],
                swiftSettings: swift6),
        .target(name: "VeetSchedulesCommands",
                dependencies: ["VeetSchedules", module("VeetConsole"), module("VeetTransport")], swiftSettings: swift6),
        .testTarget(name: "VeetSchedulesTests", dependencies: ["VeetSchedules", module("VeetTestSupport"), module("VeetTransport"), module("VeetWire"), module("VeetStore"), module("VeetFixture")],
                    swiftSettings: swift6),
        .testTarget(name: "VeetSchedulesFacesTests",
                    dependencies: ["VeetSchedulesScreens", "VeetSchedulesCommands", "VeetSchedules", module("VeetCurses"),
                                   module("VeetConsole"), module("VeetTestSupport"), module("VeetTransport")],
                    swiftSettings: swift6),
    ]
)
