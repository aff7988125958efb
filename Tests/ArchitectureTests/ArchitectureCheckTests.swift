import Foundation
import Testing

/// Runs Scripts/check-architecture on the real tree and on small planted trees.
@Suite struct ArchitectureCheckTests {
    static let repoRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A module's own manifest, as every package under Modules/ has one.
    static func manifest(_ name: String, _ dependencies: [String]) -> String {
        let deps = dependencies.map { #".product(name: "\#($0)", package: "\#($0)")"# }.joined(separator: ", ")
        return """
            let package = Package(name: "\(name)", targets: [
                .target(name: "\(name)", dependencies: [\(deps)]),
            ])
            """
    }

    static let rootManifest = """
        func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }
        let package = Package(name: "P", targets: [
            .executableTarget(name: "veet", dependencies: ["VeetChat", "VeetConsole"].map(module), path: "Apps/veet"),
        ])
        """

    /// Writes a tree where every module imports Foundation, then applies `plant`.
    func plantedTree(_ plant: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("arch-\(UUID().uuidString)")
        let files: [String: String] = [
            "Package.swift": Self.rootManifest,
            "Modules/VeetTransport/Package.swift": Self.manifest("VeetTransport", []),
            "Modules/VeetStore/Package.swift": Self.manifest("VeetStore", ["VeetTransport"]),
            "Modules/VeetDaemonProtocol/Package.swift": Self.manifest("VeetDaemonProtocol", ["VeetTransport"]),
            "Modules/VeetChat/Package.swift": Self.manifest("VeetChat", ["VeetTransport", "VeetStore"]),
            "Modules/VeetFolders/Package.swift": Self.manifest("VeetFolders", ["VeetTransport"]),
            "Modules/VeetTerminal/Package.swift": Self.manifest("VeetTerminal", []),
            "Modules/VeetConsole/Package.swift": Self.manifest("VeetConsole", ["VeetTerminal"]),
            "Modules/VeetFixture/Package.swift": Self.manifest("VeetFixture", []),
            "Modules/VeetTransport/Sources/VeetTransport/A.swift": "import Foundation\n",
            "Modules/VeetStore/Sources/VeetStore/A.swift": "import Foundation\nimport VeetTransport\n",
            "Modules/VeetDaemonProtocol/Sources/VeetDaemonProtocol/A.swift": "import VeetTransport\n",
            "Modules/VeetChat/Sources/VeetChat/A.swift": "import VeetTransport\nimport VeetStore\n"
                + "struct OperationPolling {}\npublic typealias RunStatus = Int\n",
            "Modules/VeetFolders/Sources/VeetFolders/A.swift": "import VeetTransport\n",
            "Modules/VeetTerminal/Sources/VeetTerminal/A.swift": "import Foundation\n",
            "Modules/VeetConsole/Sources/VeetConsole/A.swift": "import Foundation\nimport VeetTerminal\n",
            "Modules/VeetFixture/Sources/VeetFixture/A.swift": "import Foundation\n",
            "Apps/veet/main.swift": "import VeetChat\nimport VeetConsole\n",
        ].merging(plant) { _, planted in planted }
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    func run(root: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = Self.repoRoot.appendingPathComponent("Scripts/check-architecture")
        process.arguments = ["--root", root.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func theRealTreeHoldsItsFloors() throws {
        let result = try run(root: Self.repoRoot)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func aCleanPlantedTreePasses() throws {
        let result = try run(root: plantedTree([:]))
        #expect(result.status == 0, "\(result.output)")
    }

    @Test(arguments: [
        ("Modules/VeetChat/Sources/VeetChat/B.swift", "import VeetFolders\n",
         "feature VeetChat imports feature VeetFolders"),
        ("Modules/VeetConsole/Sources/VeetConsole/B.swift", "@testable import VeetChat\n",
         "kit VeetConsole may import only"),
        ("Modules/VeetFixture/Sources/VeetFixture/B.swift", "import struct VeetTransport.Thing\n",
         "VeetFixture is an island"),
        ("Apps/veet/B.swift", "import VeetFolders\n",
         "veet imports VeetFolders, which its Package.swift entry does not list"),
        ("Modules/VeetTransport/Sources/VeetTransport/B.swift", "import VeetStore\n",
         "VeetTransport (floor 2/3) may not import VeetStore"),
        ("Modules/VeetTerminal/Sources/VeetTerminal/B.swift", "import VeetTransport\n",
         "VeetTerminal (floor 2/3) may not import VeetTransport"),
        ("Apps/veet/main.swift", "import VeetChat\n",
         "app veet declares VeetConsole and imports it nowhere"),
        ("Modules/VeetChat/Package.swift", manifest("VeetChat", ["VeetTransport", "VeetStore", "VeetFolders"]),
         "feature VeetChat depends on feature VeetFolders"),
        ("Modules/VeetChat/Sources/VeetChat/B.swift", "import VeetDaemonProtocol\n",
         "feature VeetChat may not import VeetDaemonProtocol"),
        ("Modules/VeetChat/Package.swift", manifest("VeetChat", ["VeetTransport", "VeetStore", "VeetDaemonProtocol"]),
         "feature VeetChat depends on VeetDaemonProtocol"),
        ("Modules/VeetDaemonProtocol/Sources/VeetDaemonProtocol/B.swift", "import VeetStore\n",
         "VeetDaemonProtocol (floor 2/3) may not import VeetStore"),
        // Declared and never imported, beyond the apps (VeetSchedules declared VeetWire so).
        ("Modules/VeetFolders/Package.swift", manifest("VeetFolders", ["VeetTransport", "VeetStore"]),
         "feature VeetFolders declares VeetStore and imports it nowhere"),
        ("Modules/VeetConsole/Sources/VeetConsole/A.swift", "import Foundation\n",
         "kit VeetConsole declares VeetTerminal and imports it nowhere"),
        ("Modules/VeetStore/Sources/VeetStore/A.swift", "import Foundation\n",
         "base VeetStore declares VeetTransport and imports it nowhere"),
        // An option read by its name: a misspelling would compile and read nil.
        ("Apps/veet/main.swift", "import VeetChat\nimport VeetConsole\nlet json = command.flag(\"jsno\")\n",
         "reads an option by its name"),
        // One type in two features (as OperationPolling was in Email and Subscriptions).
        ("Modules/VeetFolders/Sources/VeetFolders/B.swift", "public struct OperationPolling: Sendable {}\n",
         "OperationPolling is defined in 2 modules"),
    ])
    func aPlantedViolationIsCaught(path: String, source: String, expected: String) throws {
        let result = try run(root: plantedTree([path: source]))
        #expect(result.status == 1)
        #expect(result.output.contains(expected), "\(result.output)")
    }

    /// A root manifest whose moduleTests copy of VeetFolders' suite names `copied`,
    /// beside VeetFolders' own manifest whose test target names VeetFolders and VeetTransport.
    func moduleTestsTree(copied: [String]) throws -> URL {
        let list = copied.map { "\"\($0)\"" }.joined(separator: ", ")
        let root = """
            func module(_ name: String) -> Target.Dependency { .product(name: name, package: name) }
            func moduleTests(_ name: String, _ dependencies: [String]) -> Target {
                .testTarget(name: "\\(name)Tests", dependencies: dependencies.map(module), path: "Modules/\\(name)/Tests/\\(name)Tests")
            }
            let package = Package(name: "P", targets: [
                .executableTarget(name: "veet", dependencies: ["VeetChat", "VeetConsole"].map(module), path: "Apps/veet"),
                moduleTests("VeetFolders", [\(list)]),
            ])
            """
        let folders = """
            let package = Package(name: "VeetFolders", targets: [
                .target(name: "VeetFolders", dependencies: [.product(name: "VeetTransport", package: "VeetTransport")]),
                .testTarget(name: "VeetFoldersTests", dependencies: ["VeetFolders", .product(name: "VeetTransport", package: "VeetTransport")]),
            ])
            """
        return try plantedTree(["Package.swift": root, "Modules/VeetFolders/Package.swift": folders,
                                "Modules/VeetFolders/Tests/VeetFoldersTests/A.swift": "import VeetFolders\nimport VeetTransport\n"])
    }

    @Test func aModuleTestsCopyEqualToTheModulesOwnSuitePasses() throws {
        let result = try run(root: moduleTestsTree(copied: ["VeetFolders", "VeetTransport"]))
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func aModuleTestsCopyThatDriftedFromTheModulesOwnSuiteIsCaught() throws {
        let missing = try run(root: moduleTestsTree(copied: ["VeetFolders"]))
        #expect(missing.status == 1)
        #expect(missing.output.contains(#"moduleTests("VeetFolders") differs from Modules/VeetFolders/Package.swift's VeetFoldersTests (missing: VeetTransport; not in the module's: -)"#),
                "\(missing.output)")
        let extra = try run(root: moduleTestsTree(copied: ["VeetFolders", "VeetTransport", "VeetStore"]))
        #expect(extra.status == 1)
        #expect(extra.output.contains("not in the module's: VeetStore"), "\(extra.output)")
    }

    @Test func aModuleSuiteWithoutARootCopyIsCaught() throws {
        let tree = try moduleTestsTree(copied: ["VeetFolders", "VeetTransport"])
        let rootManifest = tree.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: rootManifest, encoding: .utf8)
        try text.replacingOccurrences(of: #"moduleTests("VeetFolders", ["VeetFolders", "VeetTransport"]),"#, with: "")
            .write(to: rootManifest, atomically: true, encoding: .utf8)
        let result = try run(root: tree)
        #expect(result.status == 1)
        #expect(result.output.contains(#"no moduleTests("VeetFolders", [...]) copy of Modules/VeetFolders/Package.swift's VeetFoldersTests"#),
                "\(result.output)")
    }
}
