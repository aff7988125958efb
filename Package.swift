// swift-tools-version:6.0
// VeetKit: feature libraries for the Veetbot /v1 API, thin apps on top.
// Floors (see docs/architecture.md) are checked by Scripts/check-architecture.
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "VeetKit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "VeetTransport", targets: ["VeetTransport"]),
        .library(name: "VeetStore", targets: ["VeetStore"]),
        .library(name: "VeetMarkdown", targets: ["VeetMarkdown"]),
        .library(name: "VeetTokens", targets: ["VeetTokens"]),
        .library(name: "VeetChat", targets: ["VeetChat"]),
        .library(name: "VeetConsole", targets: ["VeetConsole"]),
        .library(name: "VeetCurses", targets: ["VeetCurses"]),
        .library(name: "VeetFolders", targets: ["VeetFolders"]),
        .library(name: "VeetSchedules", targets: ["VeetSchedules"]),
        .library(name: "VeetWebsiteAccess", targets: ["VeetWebsiteAccess"]),
        .library(name: "VeetAccount", targets: ["VeetAccount"]),
        .library(name: "VeetFixture", targets: ["VeetFixture"]),
        .executable(name: "veet", targets: ["veet"]),
        .executable(name: "veet-fixture", targets: ["veet-fixture"]),
        .executable(name: "veet-tui", targets: ["veet-tui"]),
        .executable(name: "veet-bench", targets: ["Benchmarks"]),
        .executable(name: "veet-store-torture", targets: ["StoreTorture"]),
        .executable(name: "veetd", targets: ["veetd"]),
        .executable(name: "veet-fault-proxy", targets: ["FaultProxyTool"]),
        .executable(name: "veet-soak", targets: ["Soak"]),
    ],
    targets: [
        // Floor 1: system libraries (Debian packages, installed by Scripts/bootstrap).
        .systemLibrary(
            name: "CSQLite", path: "Modules/CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(
            name: "CCmarkGFM", path: "Modules/CCmarkGFM",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        .systemLibrary(
            name: "CNcursesw", path: "Modules/CNcursesw",
            providers: [.apt(["libncurses-dev"])]),

        // Floor 2: transport (Foundation only) and Markdown (cmark-gfm).
        .target(name: "VeetTransport", path: "Modules/VeetTransport", swiftSettings: swift6),
        .target(name: "VeetTokens", path: "Modules/VeetTokens", swiftSettings: swift6),
        .target(name: "VeetMarkdown", dependencies: ["CCmarkGFM"], path: "Modules/VeetMarkdown",
                swiftSettings: swift6),
        // Floor 3: local store.
        .target(name: "VeetStore", dependencies: ["VeetTransport", "CSQLite"], path: "Modules/VeetStore",
                swiftSettings: swift6),
        // Floor 4: features.
        .target(name: "VeetChat", dependencies: ["VeetTransport", "VeetStore"],
                path: "Modules/VeetChat", swiftSettings: swift6),
        .target(name: "VeetFolders", dependencies: ["VeetTransport", "VeetStore"],
                path: "Modules/VeetFolders", swiftSettings: swift6),
        .target(name: "VeetSchedules", dependencies: ["VeetTransport", "VeetStore"],
                path: "Modules/VeetSchedules", swiftSettings: swift6),
        .target(name: "VeetWebsiteAccess", dependencies: ["VeetTransport", "VeetStore"],
                path: "Modules/VeetWebsiteAccess", swiftSettings: swift6),
        .target(name: "VeetAccount", dependencies: ["VeetTransport", "VeetStore"],
                path: "Modules/VeetAccount", swiftSettings: swift6),
        // Floor 5: kits.
        .target(name: "VeetConsole", dependencies: ["VeetTokens"], path: "Modules/VeetConsole", swiftSettings: swift6),
        .target(name: "VeetCurses", dependencies: ["VeetTokens", "CNcursesw"], path: "Modules/VeetCurses",
                swiftSettings: swift6),
        // The reference server: an island that never sees the client's types.
        .target(name: "VeetFixture", path: "Modules/VeetFixture", swiftSettings: swift6),

        // Floor 6: apps.
        .executableTarget(
            name: "veet", dependencies: ["VeetTransport", "VeetStore", "VeetChat", "VeetFolders", "VeetSchedules",
                                         "VeetWebsiteAccess", "VeetAccount", "VeetMarkdown", "VeetTokens", "VeetConsole"],
            path: "Apps/veet", swiftSettings: swift6),
        .executableTarget(
            name: "veet-tui",
            dependencies: ["VeetTransport", "VeetStore", "VeetChat", "VeetFolders", "VeetSchedules",
                           "VeetWebsiteAccess", "VeetAccount", "VeetMarkdown", "VeetTokens", "VeetCurses"],
            path: "Apps/veet-tui", swiftSettings: swift6),
        .executableTarget(
            name: "veetd", dependencies: ["VeetTransport", "VeetStore", "VeetChat", "VeetAccount", "VeetConsole"],
            path: "Apps/veetd", swiftSettings: swift6),
        .executableTarget(
            name: "veet-fixture", dependencies: ["VeetFixture"],
            path: "Apps/veet-fixture", swiftSettings: swift6),
        .executableTarget(
            name: "Benchmarks", dependencies: ["VeetTransport", "VeetStore", "VeetChat", "VeetMarkdown", "VeetFixture", "CSQLite", "CCmarkGFM",
                                                "VeetTokens", "VeetCurses"],
            path: "Tests/Benchmarks", swiftSettings: swift6),

        // A child process the store tests kill mid-write (SIGKILL), many times.
        .executableTarget(
            name: "StoreTorture", dependencies: ["VeetStore", "VeetTransport"],
            path: "Tests/StoreTorture", swiftSettings: swift6),

        // The fault-injecting TCP proxy: a library the tests use in-process, and a
        // program (veet-fault-proxy) that people and the soak runs drive over loopback.
        .target(name: "FaultProxyCore", dependencies: ["VeetTransport"], path: "Tests/FaultProxyCore", swiftSettings: swift6),
        .executableTarget(name: "FaultProxyTool", dependencies: ["FaultProxyCore"],
                          path: "Tests/FaultProxyTool", swiftSettings: swift6),
        // Soak runs (make soak): bounded, loopback only, figures printed.
        .executableTarget(
            name: "Soak", dependencies: ["VeetTransport", "VeetStore", "VeetChat", "VeetFolders", "VeetSchedules",
                                    "VeetWebsiteAccess", "VeetAccount", "VeetFixture", "FaultProxyCore"],
            path: "Tests/Soak", swiftSettings: swift6),

        // Tests.
        .testTarget(name: "VeetTransportTests", dependencies: ["VeetTransport"],
                    path: "Tests/VeetTransportTests", resources: [.copy("Golden")],
                    swiftSettings: swift6),
        .testTarget(name: "VeetCursesTests", dependencies: ["VeetCurses", "VeetTokens"],
                    path: "Tests/VeetCursesTests", swiftSettings: swift6),
        .testTarget(name: "VeetFoldersTests", dependencies: ["VeetFolders", "VeetTransport", "VeetStore", "VeetFixture"],
                    path: "Tests/VeetFoldersTests", swiftSettings: swift6),
        .testTarget(name: "VeetSchedulesTests", dependencies: ["VeetSchedules", "VeetTransport", "VeetStore", "VeetFixture"],
                    path: "Tests/VeetSchedulesTests", swiftSettings: swift6),
        .testTarget(name: "VeetWebsiteAccessTests",
                    dependencies: ["VeetWebsiteAccess", "VeetTransport", "VeetStore", "VeetFixture"],
                    path: "Tests/VeetWebsiteAccessTests", swiftSettings: swift6),
        .testTarget(name: "VeetAccountTests", dependencies: ["VeetAccount", "VeetTransport", "VeetStore", "VeetFixture"],
                    path: "Tests/VeetAccountTests", swiftSettings: swift6),
        .testTarget(name: "HardeningTests",
                    dependencies: ["VeetTransport", "VeetStore", "VeetChat", "VeetFixture", "VeetMarkdown", "FaultProxyCore"],
                    path: "Tests/HardeningTests", swiftSettings: swift6),
        .testTarget(name: "VeetTokensTests", dependencies: ["VeetTokens"],
                    path: "Tests/VeetTokensTests", swiftSettings: swift6),
        .testTarget(name: "VeetMarkdownTests", dependencies: ["VeetMarkdown"],
                    path: "Tests/VeetMarkdownTests", swiftSettings: swift6),
        .testTarget(name: "VeetStoreTests", dependencies: ["VeetStore", "VeetTransport", "VeetFixture", "CSQLite"],
                    path: "Tests/VeetStoreTests", swiftSettings: swift6),
        .testTarget(name: "VeetChatTests", dependencies: ["VeetChat", "VeetTransport", "VeetFixture"],
                    path: "Tests/VeetChatTests", swiftSettings: swift6),
        .testTarget(name: "VeetConsoleTests", dependencies: ["VeetConsole"],
                    path: "Tests/VeetConsoleTests", swiftSettings: swift6),
        .testTarget(name: "VeetFixtureTests", dependencies: ["VeetFixture"],
                    path: "Tests/VeetFixtureTests", resources: [.copy("Golden")],
                    swiftSettings: swift6),
        .testTarget(name: "ArchitectureTests", path: "Tests/ArchitectureTests", swiftSettings: swift6),
        .testTarget(name: "EndToEndTests", path: "Tests/EndToEndTests", exclude: ["Snapshots"], swiftSettings: swift6),
    ]
)
