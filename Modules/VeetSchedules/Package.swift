// swift-tools-version:6.0
// VeetSchedules: see README.md for what it holds and its floor (docs/architecture.md).
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetSchedules",
    platforms: [.macOS(.v15)],
    products: [.library(name: "VeetSchedules", targets: ["VeetSchedules"])],
    dependencies: [
        .package(path: "../VeetFixture"),
        .package(path: "../VeetStore"),
        .package(path: "../VeetTestSupport"),
        .package(path: "../VeetTransport"),
        .package(path: "../VeetWire"),
    ],
    targets: [
        .target(name: "VeetSchedules", dependencies: [module("VeetTransport"), module("VeetStore")], swiftSettings: swift6),
        .testTarget(name: "VeetSchedulesTests", dependencies: ["VeetSchedules", module("VeetTestSupport"), module("VeetTransport"), module("VeetWire"), module("VeetStore"), module("VeetFixture")],
                    swiftSettings: swift6),
    ]
)
