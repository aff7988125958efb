// swift-tools-version:6.0
// VeetDaemonProtocol: veetd's socket protocol and its client (floor 3, beside VeetStore;
// docs/daemon.md, docs/architecture.md). Only the apps import it, never a feature.
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetDaemonProtocol",
    platforms: [.macOS(.v15)],
    products: [.library(name: "VeetDaemonProtocol", targets: ["VeetDaemonProtocol"])],
    dependencies: [
        .package(path: "../VeetTransport"),
    ],
    targets: [
        .target(name: "VeetDaemonProtocol", dependencies: [module("VeetTransport")], swiftSettings: swift6),
        .testTarget(name: "VeetDaemonProtocolTests", dependencies: ["VeetDaemonProtocol"], swiftSettings: swift6),
    ]
)
