// swift-tools-version:6.0
// VeetFolders: see README.md for what it holds and its floor (docs/architecture.md).
// Two targets: the domain (VeetFolders, no terminal code) and its CLI command group
// (VeetFoldersCommands, on VeetConsole). Folders' rows in the full-screen client belong to the
// sidebar, which is the shell's. A face imports its own feature and the kits only.
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetFolders",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "VeetFolders", targets: ["VeetFolders"]),
        .library(name: "VeetFoldersCommands", targets: ["VeetFoldersCommands"]),
    ],
    dependencies: [
        .package(path: "../VeetConsole"),
        .package(path: "../VeetFixture"),
        .package(path: "../VeetStore"),
        .package(path: "../VeetTestSupport"),
        .package(path: "../VeetTransport"),
        .package(path: "../VeetWire"),
    ],
    targets: [
        .target(name: "VeetFolders", dependencies: [module("VeetTransport"), module("VeetWire"), module("VeetStore")], swiftSettings: swift6),
        .target(name: "VeetFoldersCommands",
                dependencies: ["VeetFolders", module("VeetConsole"), module("VeetWire")], swiftSettings: swift6),
        .testTarget(name: "VeetFoldersTests", dependencies: ["VeetFolders", module("VeetTestSupport"), module("VeetTransport"), module("VeetWire"), module("VeetStore"), module("VeetFixture")],
                    swiftSettings: swift6),
        .testTarget(name: "VeetFoldersFacesTests",
                    dependencies: ["VeetFoldersCommands", "VeetFolders", module("VeetConsole"), module("VeetTestSupport"),
                                   module("VeetTransport"), module("VeetFixture")],
                    swiftSettings: swift6),
    ]
)
