// swift-tools-version:6.0
// veet-approvals: a tailored frontend that embeds one feature (VeetChat) by path and
// needs nothing else: the proof that a feature package stands alone (README.md).
import PackageDescription

func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let package = Package(
    name: "veet-approvals",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../../Modules/VeetChat"),
        .package(path: "../../Modules/VeetStore"),
        .package(path: "../../Modules/VeetTransport"),
    ],
    targets: [
        .executableTarget(name: "veet-approvals",
                          dependencies: [module("VeetChat"), module("VeetStore"), module("VeetTransport")],
                          swiftSettings: [.swiftLanguageMode(.v6)]),
    ]
)
