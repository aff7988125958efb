// swift-tools-version:6.0
// VeetKit, the workspace: every module under Modules/ is a Swift package of its own
// (Modules/<Name>/Package.swift), named here by path. This manifest holds only what
// composes them: the apps, the fixture program, the cross-package test suites and the
// tools under Tests/. Each module's own tests are listed here too (their folders stay
// inside the module), so one root build serves `make test`; `swift test --package-path
// Modules/<Name>` runs the same tests alone. Floors: docs/architecture.md; SwiftPM
// enforces them through each package's dependencies, Scripts/check-architecture the rest.
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// The faces (a feature's screens and commands targets), by the feature package that holds them.
let faces = [
    "VeetMemoryScreens": "VeetMemory", "VeetMemoryCommands": "VeetMemory",
    "VeetChatScreens": "VeetChat",
    "VeetSchedulesScreens": "VeetSchedules", "VeetSchedulesCommands": "VeetSchedules",
    "VeetPeopleScreens": "VeetPeople", "VeetPeopleCommands": "VeetPeople",
    "VeetSubscriptionsScreens": "VeetSubscriptions", "VeetSubscriptionsCommands": "VeetSubscriptions",
    "VeetEmailScreens": "VeetEmail", "VeetEmailCommands": "VeetEmail",
    "VeetFoldersScreens": "VeetFolders", "VeetFoldersCommands": "VeetFolders",
    "VeetCallsScreens": "VeetCalls", "VeetCallsCommands": "VeetCalls",
    "VeetSurfacesScreens": "VeetSurfaces", "VeetSurfacesCommands": "VeetSurfaces",
    "VeetSettingsScreens": "VeetSettings", "VeetSettingsCommands": "VeetSettings",
    "VeetAccountScreens": "VeetAccount", "VeetAccountCommands": "VeetAccount",
    "VeetWebsiteAccessScreens": "VeetWebsiteAccess", "VeetWebsiteAccessCommands": "VeetWebsiteAccess",
    "VeetChatCommands": "VeetChat",
]

/// A module of the workspace (or a feature's face), as a dependency.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: faces[name] ?? name) }

let modules = [
    "CSQLite", "CCmarkGFM",
    "VeetTransport", "VeetWire", "VeetTokens", "VeetTerminal", "VeetMarkdown", "VeetStore", "VeetDaemonProtocol",
    "VeetChat", "VeetFolders", "VeetSchedules", "VeetWebsiteAccess", "VeetAccount", "VeetMemory",
    "VeetConsole", "VeetCurses", "VeetFixture", "VeetTestSupport",
    "VeetPeople",
    "VeetEmail",
    "VeetSettings",
    "VeetSubscriptions",
    "VeetImages",
    "VeetBrowser",
    "VeetCalls",
    "VeetSurfaces",
]

/// A module's own test suite, built by the workspace from the module's Tests/ folder
/// (`package`: the package folder when it is not `name`, as for a feature's faces' suite).
func moduleTests(_ name: String, _ dependencies: [String], package: String? = nil, resources: [Resource]? = nil) -> Target {
    .testTarget(name: "\(name)Tests", dependencies: dependencies.map(module),
                path: "Modules/\(package ?? name)/Tests/\(name)Tests", resources: resources, swiftSettings: swift6)
}

let package = Package(
    name: "VeetKit",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "veet", targets: ["veet"]),
        .executable(name: "veet-fixture", targets: ["veet-fixture"]),
        .executable(name: "veet-tui", targets: ["veet-tui"]),
        .executable(name: "veet-mail", targets: ["veet-mail"]),
        .executable(name: "veet-bench", targets: ["Benchmarks"]),
        .executable(name: "veet-store-torture", targets: ["StoreTorture"]),
        .executable(name: "veetd", targets: ["veetd"]),
        .executable(name: "veet-fault-proxy", targets: ["FaultProxyTool"]),
        .executable(name: "veet-soak", targets: ["Soak"]),
    ],
    dependencies: modules.map { .package(path: "Modules/\($0)") },
    targets: [
        // The commit each app is built from (Scripts/build-stamp, before every build).
        .plugin(name: "BuildStamp", capability: .buildTool(), path: "Plugins/BuildStamp"),
        // Floor 6: apps.
        .executableTarget(
            name: "veet",
            dependencies: ["VeetTransport", "VeetWire", "VeetStore", "VeetDaemonProtocol", "VeetChat", "VeetFolders",
                           "VeetSchedules", "VeetWebsiteAccess", "VeetAccount", "VeetMemory", "VeetPeople", "VeetTokens",
                           "VeetConsole"].map(module)
                + [module("VeetMemoryCommands")]
                + [module("VeetFoldersCommands")]
                + [module("VeetSchedulesCommands")]
                + [module("VeetPeopleCommands")]
                + ["VeetEmail", "VeetEmailCommands"].map(module)
                + ["VeetSettings", "VeetSettingsCommands"].map(module)
                + [module("VeetAccountCommands")]
                + ["VeetSubscriptions", "VeetSubscriptionsCommands"].map(module)
                + ["VeetCalls", "VeetCallsCommands"].map(module)
                + ["VeetSurfaces", "VeetSurfacesCommands"].map(module)
                + [module("VeetWebsiteAccessCommands")]
                + [module("VeetChatCommands")],
            path: "Apps/veet", swiftSettings: swift6,
            plugins: ["BuildStamp"]),
        .executableTarget(
            name: "veet-tui",
            dependencies: ["VeetTransport", "VeetWire", "VeetStore", "VeetDaemonProtocol", "VeetChat", "VeetFolders",
                           "VeetSchedules", "VeetWebsiteAccess", "VeetMemory", "VeetPeople", "VeetTokens", "VeetTerminal", "VeetCurses",
                           "VeetConsole"].map(module)
                + [module("VeetChatScreens")]  // the conversation surface
                + [module("VeetMemoryScreens")]
                + [module("VeetFoldersScreens")]  // the sidebar's folder rows, menus and name form
                + [module("VeetSchedulesScreens")]
                + [module("VeetPeopleScreens")]
                + ["VeetEmail", "VeetEmailScreens"].map(module)
                // Connections (device revocation on forget) and the Settings screen.
                + ["VeetAccount", "VeetAccountScreens", "VeetSettings", "VeetSettingsScreens"].map(module)
                // The Subscriptions screen in Email mode (the two features meet only here).
                + ["VeetSubscriptions", "VeetSubscriptionsScreens"].map(module)
                + ["VeetCalls", "VeetCallsScreens"].map(module)
                + ["VeetSurfaces", "VeetSurfacesScreens"].map(module)
                // The Website Access screen, signing in on this device through the command face's Chromium adapter.
                + ["VeetWebsiteAccessScreens", "VeetWebsiteAccessCommands", "VeetBrowser"].map(module)
                // "Needs you": each feature's own read of what it needs from the owner (its command face reports it).
                + ["VeetEmailCommands", "VeetMemoryCommands", "VeetPeopleCommands", "VeetSubscriptionsCommands"].map(module),
            path: "Apps/veet-tui", swiftSettings: swift6,
            plugins: ["BuildStamp"]),
        // A tailored mail client from two features' screens (its own package too: Apps/veet-mail).
        .executableTarget(
            name: "veet-mail",
            dependencies: ["VeetCurses", "VeetEmail", "VeetEmailScreens", "VeetStore", "VeetSubscriptions",
                           "VeetSubscriptionsScreens", "VeetTokens", "VeetTransport"].map(module),
            path: "Apps/veet-mail/Sources/veet-mail", swiftSettings: swift6),
        .executableTarget(
            name: "veetd",
            dependencies: ["VeetTransport", "VeetWire", "VeetStore", "VeetDaemonProtocol", "VeetChat", "VeetAccount",
                           "VeetWebsiteAccess", "VeetConsole"].map(module),
            path: "Apps/veetd", exclude: ["veetd.service"], swiftSettings: swift6,
            plugins: ["BuildStamp"]),
        .executableTarget(
            name: "veet-fixture", dependencies: [module("VeetFixture")],
            path: "Apps/veet-fixture", swiftSettings: swift6),

        // Tools (never shipped): release figures, a child the store tests kill mid-write,
        // the fault-injecting proxy (a library the tests use in-process and a program the
        // soak runs drive), and the soak runs themselves (bounded, loopback only).
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["VeetTransport", "VeetWire", "VeetStore", "VeetDaemonProtocol", "VeetChat", "VeetMarkdown",
                           "VeetFixture", "CSQLite", "CCmarkGFM", "VeetTokens", "VeetCurses"].map(module)
                + [module("VeetEmail")],
            path: "Tests/Benchmarks", swiftSettings: swift6),
        .executableTarget(
            name: "StoreTorture", dependencies: ["VeetStore", "VeetTransport", "VeetWire"].map(module),
            path: "Tests/StoreTorture", swiftSettings: swift6),
        .target(name: "FaultProxyCore", dependencies: [module("VeetTransport")], path: "Tests/FaultProxyCore",
                swiftSettings: swift6),
        .executableTarget(name: "FaultProxyTool", dependencies: ["FaultProxyCore", module("VeetTestSupport")],
                          path: "Tests/FaultProxyTool", swiftSettings: swift6),
        .executableTarget(
            name: "Soak",
            dependencies: ["VeetTransport", "VeetWire", "VeetStore", "VeetChat", "VeetFolders", "VeetSchedules",
                           "VeetWebsiteAccess", "VeetAccount", "VeetFixture"].map(module) + ["FaultProxyCore"],
            path: "Tests/Soak", swiftSettings: swift6),

        // Each module's own tests (the same targets its Package.swift declares).
        moduleTests("VeetTransport", ["VeetTransport", "VeetTestSupport", "VeetWire", "VeetFixture"]),
        moduleTests("VeetWire", ["VeetWire", "VeetTransport", "VeetTestSupport"]),
        moduleTests("VeetTestSupport", ["VeetTestSupport", "VeetTransport"]),
        moduleTests("VeetTokens", ["VeetTokens"]),
        moduleTests("VeetTerminal", ["VeetTerminal"]),
        moduleTests("VeetMarkdown", ["VeetMarkdown", "VeetTerminal", "VeetTokens"]),
        moduleTests("VeetImages", ["VeetImages"]),
        moduleTests("VeetBrowser", ["VeetBrowser", "VeetFixture"]),
        moduleTests("VeetStore", ["VeetStore", "VeetTestSupport", "VeetTransport", "VeetWire", "VeetFixture", "CSQLite"]),
        moduleTests("VeetDaemonProtocol", ["VeetDaemonProtocol"]),
        moduleTests("VeetChat", ["VeetChat", "VeetTestSupport", "VeetTransport", "VeetWire", "VeetStore", "VeetFixture", "VeetImages"]),
        moduleTests("VeetChatFaces", ["VeetChatCommands", "VeetChat", "VeetConsole", "VeetFixture", "VeetStore", "VeetTestSupport",
                                      "VeetTransport", "VeetWire"], package: "VeetChat"),
        moduleTests("VeetChatScreens", ["VeetChatScreens", "VeetChat", "VeetCurses", "VeetStore", "VeetTransport", "VeetWire"],
                    package: "VeetChat"),
        moduleTests("VeetFolders", ["VeetFolders", "VeetTestSupport", "VeetTransport", "VeetWire", "VeetStore", "VeetFixture"]),
        moduleTests("VeetFoldersFaces", ["VeetFoldersScreens", "VeetFoldersCommands", "VeetFolders", "VeetCurses", "VeetConsole",
                                         "VeetTestSupport", "VeetTransport", "VeetFixture", "VeetStore"], package: "VeetFolders"),
        moduleTests("VeetSchedules", ["VeetSchedules", "VeetTestSupport", "VeetTransport", "VeetWire", "VeetStore", "VeetFixture"]),
        moduleTests("VeetSchedulesFaces", ["VeetSchedulesScreens", "VeetSchedulesCommands", "VeetSchedules", "VeetCurses",
                                           "VeetConsole", "VeetTestSupport", "VeetTransport"], package: "VeetSchedules"),
        moduleTests("VeetWebsiteAccess", ["VeetWebsiteAccess", "VeetTestSupport", "VeetTransport", "VeetWire", "VeetStore", "VeetFixture", "VeetBrowser"]),
        moduleTests("VeetWebsiteAccessFaces", ["VeetWebsiteAccessScreens", "VeetWebsiteAccessCommands", "VeetWebsiteAccess", "VeetCurses",
                                               "VeetConsole", "VeetBrowser", "VeetTestSupport", "VeetTransport", "VeetStore", "VeetFixture"],
                    package: "VeetWebsiteAccess"),
        moduleTests("VeetAccount", ["VeetAccount", "VeetTestSupport", "VeetTransport", "VeetWire", "VeetStore", "VeetFixture"]),
        moduleTests("VeetAccountFaces", ["VeetAccountScreens", "VeetAccountCommands", "VeetAccount", "VeetCurses", "VeetConsole",
                                         "VeetTransport", "VeetStore", "VeetTestSupport", "VeetFixture"],
                    package: "VeetAccount"),
        moduleTests("VeetMemory", ["VeetMemory", "VeetTestSupport", "VeetTransport", "VeetFixture"]),
        moduleTests("VeetMemoryFaces", ["VeetMemoryScreens", "VeetMemoryCommands", "VeetMemory", "VeetCurses", "VeetConsole",
                                        "VeetTestSupport", "VeetTransport"], package: "VeetMemory"),
        moduleTests("VeetPeople", ["VeetPeople", "VeetTestSupport", "VeetTransport", "VeetFixture"]),
        moduleTests("VeetPeopleFaces", ["VeetPeopleScreens", "VeetPeopleCommands", "VeetPeople", "VeetCurses", "VeetConsole",
                                        "VeetTestSupport", "VeetTransport"], package: "VeetPeople"),
        moduleTests("VeetEmail", ["VeetEmail", "VeetTestSupport", "VeetTransport", "VeetWire", "VeetFixture"]),
        moduleTests("VeetEmailFaces", ["VeetEmailScreens", "VeetEmailCommands", "VeetEmail", "VeetCurses", "VeetConsole",
                                       "VeetTestSupport", "VeetTokens", "VeetTransport", "VeetWire"],
                    package: "VeetEmail"),
        moduleTests("VeetSettings", ["VeetSettings", "VeetTestSupport", "VeetTransport", "VeetFixture"]),
        moduleTests("VeetSettingsFaces", ["VeetSettingsScreens", "VeetSettingsCommands", "VeetSettings", "VeetCurses", "VeetConsole",
                                          "VeetTokens", "VeetTestSupport", "VeetTransport", "VeetFixture"], package: "VeetSettings"),
        moduleTests("VeetSubscriptions", ["VeetSubscriptions", "VeetTestSupport", "VeetTransport", "VeetFixture"]),
        moduleTests("VeetSubscriptionsFaces", ["VeetSubscriptionsScreens", "VeetSubscriptionsCommands", "VeetSubscriptions",
                                               "VeetCurses", "VeetConsole", "VeetTestSupport", "VeetTransport"],
                    package: "VeetSubscriptions"),
        moduleTests("VeetCalls", ["VeetCalls", "VeetTestSupport", "VeetTransport", "VeetFixture"]),
        moduleTests("VeetCallsFaces", ["VeetCallsScreens", "VeetCallsCommands", "VeetCalls", "VeetCurses", "VeetConsole",
                                       "VeetTestSupport", "VeetTransport"], package: "VeetCalls"),
        moduleTests("VeetSurfaces", ["VeetSurfaces", "VeetTestSupport", "VeetTransport", "VeetFixture"]),
        moduleTests("VeetSurfacesFaces", ["VeetSurfacesScreens", "VeetSurfacesCommands", "VeetSurfaces", "VeetCurses",
                                          "VeetConsole", "VeetTestSupport", "VeetTransport"], package: "VeetSurfaces"),
        moduleTests("VeetConsole", ["VeetConsole"]),
        moduleTests("VeetCurses", ["VeetCurses", "VeetTokens", "VeetTerminal", "VeetMarkdown"]),
        moduleTests("VeetFixture", ["VeetFixture"], resources: [.copy("Golden")]),

        // Cross-package suites.
        .testTarget(
            name: "HardeningTests",
            dependencies: ["VeetTransport", "VeetWire", "VeetStore", "VeetChat", "VeetFixture", "VeetMarkdown",
                           "VeetTestSupport"].map(module) + ["FaultProxyCore"],
            path: "Tests/HardeningTests", swiftSettings: swift6),
        .testTarget(name: "ArchitectureTests", path: "Tests/ArchitectureTests", swiftSettings: swift6),
        // The TUI's painter on state values (golden text screens without a terminal).
        .testTarget(
            name: "VeetTUITests",
            dependencies: ["veet-tui"] + ["VeetChat", "VeetChatScreens", "VeetCurses", "VeetStore", "VeetTransport", "VeetWire"].map(module)
                + [module("VeetPeople"), module("VeetPeopleScreens")]
                + ["VeetEmail", "VeetEmailScreens", "VeetSettings", "VeetSettingsScreens", "VeetTokens"].map(module)  // Email mode and the Settings screen
                + ["VeetAccount", "VeetAccountScreens"].map(module)  // the Devices screen
                + ["VeetTestSupport", "VeetSchedules", "VeetWebsiteAccess"].map(module)  // the pictured states
                + [module("VeetSchedulesScreens")]
                + ["VeetFolders", "VeetFoldersScreens"].map(module)  // the sidebar's folder rows
                + ["VeetSubscriptions", "VeetSubscriptionsScreens"].map(module)  // the Subscriptions screen
                + [module("VeetWebsiteAccessScreens")]
                + ["VeetMemory", "VeetMemoryScreens"].map(module),  // the Memory page's filters
            path: "Tests/VeetTUITests", exclude: ["Screens"], swiftSettings: swift6),
        // The apps' own wording (the commands they add to library errors), tested in-process.
        .testTarget(
            name: "AppHintTests",
            dependencies: ["veet", "veet-tui", "veetd"] + ["VeetChat", "VeetStore", "VeetTransport"].map(module)
                + [module("VeetFixture")],  // veetd's run watcher against the in-process server
            path: "Tests/AppHintTests", swiftSettings: swift6),
        .testTarget(name: "EndToEndTests", path: "Tests/EndToEndTests", exclude: ["Snapshots"], swiftSettings: swift6),
    ]
)
