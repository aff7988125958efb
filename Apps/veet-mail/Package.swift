// swift-tools-version:6.0
// veet-mail: a tailored mail client built from two features' screens (VeetEmail's and
// VeetSubscriptions') on VeetCurses' small shell, by path: the proof that a feature's
// face is reusable outside veet-tui (README.md).
import PackageDescription

func module(_ name: String, _ package: String? = nil) -> Target.Dependency {
    .product(name: name, package: package ?? name)
}

let package = Package(
    name: "veet-mail",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../../Modules/VeetCurses"),
        .package(path: "../../Modules/VeetEmail"),
        .package(path: "../../Modules/VeetStore"),
        .package(path: "../../Modules/VeetSubscriptions"),
        .package(path: "../../Modules/VeetTokens"),
        .package(path: "../../Modules/VeetTransport"),
    ],
    targets: [
        .executableTarget(name: "veet-mail",
                          dependencies: [module("VeetCurses"), module("VeetEmail"), module("VeetEmailScreens", "VeetEmail"),
                                         module("VeetStore"), module("VeetSubscriptions"),
                                         module("VeetSubscriptionsScreens", "VeetSubscriptions"), module("VeetTokens"),
                                         module("VeetTransport")],
                          swiftSettings: [.swiftLanguageMode(.v6)]),
    ]
)
