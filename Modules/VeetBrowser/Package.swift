// swift-tools-version:6.0
// VeetBrowser: a kit that starts Chromium in a throw-away profile and drives it over the
// DevTools protocol on a pipe (docs/browser.md). No project imports, no Veetbot domain.
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "VeetBrowser",
    platforms: [.macOS(.v15)],
    products: [.library(name: "VeetBrowser", targets: ["VeetBrowser"])],
    // The tests sign in to the reference server's small website (an island: no client code).
    dependencies: [.package(path: "../VeetFixture")],
    targets: [
        .target(name: "VeetBrowser", dependencies: [], swiftSettings: swift6),
        .testTarget(name: "VeetBrowserTests", dependencies: ["VeetBrowser", .product(name: "VeetFixture", package: "VeetFixture")],
                    swiftSettings: swift6),
    ]
)
