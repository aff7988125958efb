// swift-tools-version:6.0
// VeetSurfaces: see README.md for what it holds and its floor (docs/architecture.md).
// Three targets: the domain (VeetSurfaces, no terminal code) and its two faces, the
// full-screen page (VeetSurfacesScreens, on VeetCurses) and the CLI command group
// (VeetSurfacesCommands, on VeetConsole). A face imports its own feature and the kits only.
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetSurfaces",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "VeetSurfaces", targets: ["VeetSurfaces"]),
        .library(name: "VeetSurfacesScreens", targets: ["VeetSurfacesScreens"]),
        .library(name: "VeetSurfacesCommands", targets: ["VeetSurfacesCommands"]),
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
        .target(name: "VeetSurfaces", dependencies: [module("VeetTransport")], swiftSettings: swift6),
        .target(name: "VeetSurfacesScreens",
                dependencies: ["VeetSurfaces", module("VeetCurses"), module("VeetTokens")],
                swiftSettings: swift6),
        .target(name: "VeetSurfacesCommands",
                dependencies: ["VeetSurfaces", module("VeetConsole"), module("VeetTransport")], swiftSettings: swift6),
        .testTarget(name: "VeetSurfacesTests", dependencies: ["VeetSurfaces", module("VeetTestSupport"), module("VeetTransport"), module("VeetFixture")],
                    swiftSettings: swift6),
        .testTarget(name: "VeetSurfacesFacesTests",
                    dependencies: ["VeetSurfacesScreens", "VeetSurfacesCommands", "VeetSurfaces", module("VeetCurses"),
                                   module("VeetConsole"), module("VeetTestSupport"), module("VeetTransport")],
                    swiftSettings: swift6),
    ]
)
