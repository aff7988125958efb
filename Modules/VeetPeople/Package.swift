// swift-tools-version:6.0
// VeetPeople: see README.md for what it holds and its floor (docs/architecture.md).
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetPeople",
    platforms: [.macOS(.v15)],
    products: [.library(name: "VeetPeople", targets: ["VeetPeople"])],
    dependencies: [
        .package(path: "../VeetFixture"),
        .package(path: "../VeetTestSupport"),
        .package(path: "../VeetTransport"),
        .package(path: "../VeetWire"),
    ],
    targets: [
        .target(name: "VeetPeople", dependencies: [module("VeetTransport"), module("VeetWire")], swiftSettings: swift6),
        .testTarget(name: "VeetPeopleTests", dependencies: ["VeetPeople", module("VeetTestSupport"), module("VeetTransport"), module("VeetFixture")],
                    swiftSettings: swift6),
    ]
)
