// swift-tools-version:6.0
// VeetImages: see README.md for what it holds and its floor (docs/architecture.md).
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "VeetImages",
    platforms: [.macOS(.v15)],
    products: [.library(name: "VeetImages", targets: ["VeetImages"])],
    targets: [
        // libvips through dlopen (see its header): never linked, loaded on the first image.
        .target(name: "CVips", cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])]),
        .target(name: "VeetImages", dependencies: ["CVips"], swiftSettings: swift6),
        .testTarget(name: "VeetImagesTests", dependencies: ["VeetImages"], swiftSettings: swift6),
    ]
)
