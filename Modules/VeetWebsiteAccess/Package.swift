// swift-tools-version:6.0
// VeetWebsiteAccess: see README.md for what it holds and its floor (docs/architecture.md).
// Three targets: the domain (VeetWebsiteAccess, no terminal code) and its two faces, the
// full-screen Website Access screen (VeetWebsiteAccessScreens, on VeetCurses) and the CLI
// command group `veet sites` (VeetWebsiteAccessCommands, on VeetConsole). Both faces sign
// in on this device through a browser handed in; the command face adapts VeetBrowser's
// Chromium to the feature's `SignInBrowser` (a kit, which a face may import).
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetWebsiteAccess",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "VeetWebsiteAccess", targets: ["VeetWebsiteAccess"]),
        .library(name: "VeetWebsiteAccessScreens", targets: ["VeetWebsiteAccessScreens"]),
        .library(name: "VeetWebsiteAccessCommands", targets: ["VeetWebsiteAccessCommands"]),
    ],
    dependencies: [
        .package(path: "../VeetBrowser"),
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
        .target(name: "VeetWebsiteAccess", dependencies: [module("VeetTransport"), module("VeetWire"), module("VeetStore")], swiftSettings: swift6),
        .target(name: "VeetWebsiteAccessScreens",
                dependencies: ["VeetWebsiteAccess", module("VeetCurses"), module("VeetTokens")],
                swiftSettings: swift6),
        .target(name: "VeetWebsiteAccessCommands",
                dependencies: ["VeetWebsiteAccess", module("VeetConsole"), module("VeetBrowser"), module("VeetTransport")],
                swiftSettings: swift6),
        .testTarget(name: "VeetWebsiteAccessTests", dependencies: ["VeetWebsiteAccess", module("VeetTestSupport"), module("VeetTransport"), module("VeetWire"), module("VeetStore"), module("VeetFixture"), module("VeetBrowser")],
                    swiftSettings: swift6),
        .testTarget(name: "VeetWebsiteAccessFacesTests",
                    dependencies: ["VeetWebsiteAccessScreens", "VeetWebsiteAccessCommands", "VeetWebsiteAccess", module("VeetCurses"),
                                   module("VeetConsole"), module("VeetBrowser"), module("VeetTestSupport"), module("VeetTransport"),
                                   module("VeetStore"), module("VeetFixture")],
                    swiftSettings: swift6),
    ]
)
