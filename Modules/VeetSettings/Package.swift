// swift-tools-version:6.0
// VeetSettings: see README.md for what it holds and its floor (docs/architecture.md).
// Three targets: the domain (VeetSettings, no terminal code) and its two faces, the
// full-screen Settings screen with its Persona page (VeetSettingsScreens, on VeetCurses)
// and the CLI command group (VeetSettingsCommands, on VeetConsole).
// A face imports its own feature and the kits only.
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetSettings",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "VeetSettings", targets: ["VeetSettings"]),
        .library(name: "VeetSettingsScreens", targets: ["VeetSettingsScreens"]),
        .library(name: "VeetSettingsCommands", targets: ["VeetSettingsCommands"]),
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
        .target(name: "VeetSettings", dependencies: [module("VeetTransport")], swiftSettings: swift6),
        .target(name: "VeetSettingsScreens",
                dependencies: ["VeetSettings", module("VeetCurses"), module("VeetTokens"), module("VeetTransport")],
                swiftSettings: swift6),
        .target(name: "VeetSettingsCommands",
                dependencies: ["VeetSettings", module("VeetConsole"), module("VeetTransport")], swiftSettings: swift6),
        .testTarget(name: "VeetSettingsTests", dependencies: ["VeetSettings", module("VeetTestSupport"), module("VeetTransport"), module("VeetFixture")],
                    swiftSettings: swift6),
        .testTarget(name: "VeetSettingsFacesTests",
                    dependencies: ["VeetSettingsScreens", "VeetSettingsCommands", "VeetSettings", module("VeetCurses"),
                                   module("VeetConsole"), module("VeetTokens"),
                                   module("VeetTestSupport"), module("VeetTransport"), module("VeetFixture")],
                    swiftSettings: swift6),
    ]
)
