// swift-tools-version:6.0
// VeetTestSupport: a scripted request sender for every feature's unit tests, and a TLS front (README.md).
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetTestSupport",
    platforms: [.macOS(.v15)],
    products: [.library(name: "VeetTestSupport", targets: ["VeetTestSupport"])],
    dependencies: [
        .package(path: "../VeetTransport"),
    ],
    targets: [
        .target(name: "VeetTestSupport",
                dependencies: [module("VeetTransport"), .product(name: "CVeetTLS", package: "VeetTransport")],
                exclude: ["Certificates"], swiftSettings: swift6),
        .testTarget(name: "VeetTestSupportTests", dependencies: ["VeetTestSupport", module("VeetTransport")],
                    swiftSettings: swift6),
    ]
)
