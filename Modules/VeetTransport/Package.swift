// swift-tools-version:6.0
// VeetTransport: see README.md for what it holds and its floor (docs/architecture.md).
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A sibling package under Modules/, as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "VeetTransport",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "VeetTransport", targets: ["VeetTransport"]),
        // For the tests' TLS front in VeetTestSupport.
        .library(name: "CVeetTLS", targets: ["CVeetTLS"]),
    ],
    dependencies: [
        .package(path: "../VeetFixture"),
        .package(path: "../VeetTestSupport"),
        .package(path: "../VeetWire"),
    ],
    targets: [
        // OpenSSL through dlopen (see its header): built against libssl-dev's headers, never linked.
        .target(name: "CVeetTLS", cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])]),
        .target(name: "VeetTransport", dependencies: ["CVeetTLS"], swiftSettings: swift6),
        .testTarget(name: "VeetTransportTests", dependencies: ["VeetTransport", module("VeetTestSupport"), module("VeetWire"), module("VeetFixture")],
                    swiftSettings: swift6),
    ]
)
