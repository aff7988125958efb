// swift-tools-version:6.0
// VeetPeople: see README.md for what it holds and its floor (docs/architecture.md).
// Three targets: the domain (VeetPeople, no terminal code) and its two faces, the
// full-screen page (VeetPeopleScreens, on VeetCurses) and the CLI command group
// (VeetPeopleCommands, on VeetConsole). A face imports its own feature and the kits only.
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetPeople",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "VeetPeople", targets: ["VeetPeople"]),
        .library(name: "VeetPeopleScreens", targets: ["VeetPeopleScreens"]),
        .library(name: "VeetPeopleCommands", targets: ["VeetPeopleCommands"]),
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
        .target(name: "VeetPeople", dependencies: [module("VeetTransport"), module("VeetWire")], swiftSettings: swift6),
        .target(name: "VeetPeopleScreens",
                dependencies: ["VeetPeople", module("VeetCurses"), module("VeetTokens"), module("VeetTransport")],
                swiftSettings: swift6),
        .target(name: "VeetPeopleCommands",
                dependencies: ["VeetPeople", module("VeetConsole"), module("VeetTransport")], swiftSettings: swift6),
        .testTarget(name: "VeetPeopleTests", dependencies: ["VeetPeople", module("VeetTestSupport"), module("VeetTransport"), module("VeetFixture")],
                    swiftSettings: swift6),
        .testTarget(name: "VeetPeopleFacesTests",
                    dependencies: ["VeetPeopleScreens", "VeetPeopleCommands", "VeetPeople", module("VeetCurses"),
                                   module("VeetConsole"), module("VeetTestSupport"), module("VeetTransport")],
                    swiftSettings: swift6),
    ]
)
