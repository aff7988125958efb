// swift-tools-version:6.0
// VeetFolders: see README.md for what it holds and its floor (docs/architecture.md).
// Three targets: the domain (VeetFolders, no terminal code), its full-screen face
// (VeetFoldersScreens, on VeetCurses: the sidebar's folder rows, the move and suggestion menus,
// the name form, their keys and the work they ask for) and its CLI command group
// (VeetFoldersCommands, on VeetConsole). A face imports its own feature and the kits only.
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetFolders",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "VeetFolders", targets: ["VeetFolders"]),
        .library(name: "VeetFoldersScreens", targets: ["VeetFoldersScreens"]),
        .library(name: "VeetFoldersCommands", targets: ["VeetFoldersCommands"]),
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
        .target(name: "VeetFolders", dependencies: [module("VeetTransport"), module("VeetWire"), module("VeetStore")], swiftSettings: swift6),
        .target(name: "VeetFoldersScreens",
                dependencies: ["VeetFolders", module("VeetCurses"), module("VeetTokens"), module("VeetStore")],
                swiftSettings: swift6),
        .target(name: "VeetFoldersCommands",
                dependencies: ["VeetFolders", module("VeetConsole"), module("VeetWire")], swiftSettings: swift6),
        .testTarget(name: "VeetFoldersTests", dependencies: ["VeetFolders", module("VeetTestSupport"), module("VeetTransport"), module("VeetWire"), module("VeetStore"), module("VeetFixture")],
                    swiftSettings: swift6),
        .testTarget(name: "VeetFoldersFacesTests",
                    dependencies: ["VeetFoldersScreens", "VeetFoldersCommands", "VeetFolders", module("VeetCurses"),
                                   module("VeetConsole"), module("VeetTestSupport"), module("VeetTransport"), module("VeetFixture"),
                                   module("VeetStore")],
                    swiftSettings: swift6),
    ]
)
