// swift-tools-version:6.0
// VeetTerminal: what a terminal does with text, below both kits (docs/architecture.md):
// how many columns text takes, and the OSC 52 clipboard. No project imports.
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "VeetTerminal",
    platforms: [.macOS(.v15)],
    products: [.library(name: "VeetTerminal", targets: ["VeetTerminal"])],
    targets: [
        .target(name: "VeetTerminal", dependencies: [], swiftSettings: swift6),
        .testTarget(name: "VeetTerminalTests", dependencies: ["VeetTerminal"],
                    swiftSettings: swift6),
    ]
)
