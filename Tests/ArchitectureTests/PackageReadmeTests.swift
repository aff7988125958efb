import Foundation
import Testing

/// Every package under Modules/ says what it is in a README, and its embedding
/// example is real code: the README's Swift block must stand verbatim in the
/// package's `Tests/<Name>Tests/ReadmeExample.swift`, which its own test target
/// compiles (and a test there runs).
@Suite struct PackageReadmeTests {
    static let modules = ArchitectureCheckTests.repoRoot.appendingPathComponent("Modules")

    static var packages: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: modules.path)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: modules.appendingPathComponent("\($0)/Package.swift").path) }
            .sorted()
    }

    /// The first fenced Swift block of a Markdown text, without its fences.
    static func swiftBlock(in markdown: String) -> String? {
        guard let open = markdown.range(of: "```swift\n") else { return nil }
        guard let close = markdown.range(of: "\n```", range: open.upperBound..<markdown.endIndex) else { return nil }
        return String(markdown[open.upperBound..<close.lowerBound])
    }

    @Test func everyPackageHasAReadme() {
        #expect(Self.packages.count >= 15, "found only \(Self.packages)")
        for name in Self.packages {
            let readme = Self.modules.appendingPathComponent("\(name)/README.md")
            let text = (try? String(contentsOf: readme, encoding: .utf8)) ?? ""
            #expect(text.hasPrefix("# \(name)"), "Modules/\(name)/README.md is missing or does not start with its name")
            #expect(text.contains("Floor"), "Modules/\(name)/README.md does not say its floor")
        }
    }

    @Test(arguments: packages.filter { !$0.hasPrefix("C") })
    func theEmbeddingExampleIsCompiledCode(package name: String) throws {
        let readme = try String(contentsOf: Self.modules.appendingPathComponent("\(name)/README.md"), encoding: .utf8)
        let example = try #require(Self.swiftBlock(in: readme), "Modules/\(name)/README.md has no Swift example")
        let lines = example.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect((5...30).contains(lines), "the example of \(name) has \(lines) lines; keep it about ten")
        let source = Self.modules.appendingPathComponent("\(name)/Tests/\(name)Tests/ReadmeExample.swift")
        let compiled = try String(contentsOf: source, encoding: .utf8)
        #expect(compiled.contains(example), "the README example of \(name) is not in \(source.lastPathComponent) as written")
    }

    @Test func theBlockFinderReadsTheFirstSwiftBlock() {
        let text = "# X\n\n```sh\nmake\n```\n\n```swift\nlet a = 1\nlet b = 2\n```\n\n```swift\nlet c = 3\n```\n"
        #expect(Self.swiftBlock(in: text) == "let a = 1\nlet b = 2")
        #expect(Self.swiftBlock(in: "no code") == nil)
    }
}
