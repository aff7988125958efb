// swift-tools-version:6.0
// VeetWebsiteAccess: see README.md for what it holds and its floor (docs/architecture.md).
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetWebsiteAccess",
    platforms: [.macOS(.v15)],
    products: [.library(name: "VeetWebsiteAccess", targets: ["VeetWebsiteAccess"])],
    dependencies: [
        // Tests only: the device sign-in against real headless Chromium (the feature never imports it).
        .package(path: "../VeetBrowser"),
        .package(path: "../VeetFixture"),
        .package(path: "../VeetStore"),
        .package(path: "../VeetTestSupport"),
        .package(path: "../VeetTransport"),
        .package(path: "../VeetWire"),
    ],
    targets: [
        .target(name: "VeetWebsiteAccess", dependencies: [module("VeetTransport"), module("VeetWire"), module("VeetStore")], swiftSettings: swift6),
        .testTarget(name: "VeetWebsiteAccessTests", dependencies: ["VeetWebsiteAccess", module("VeetTestSupport"), module("VeetTransport"), module("VeetWire"), module("VeetStore"), module("VeetFixture"), module("VeetBrowser")],
                    swiftSettings: swift6),
    ]
)
