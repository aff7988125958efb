import Foundation
import Testing

/// Library texts state facts; only an app or a command face names a `veet`
/// command (they know which program shows the text, and what it offers).
@Suite struct LibraryErrorTextTests {
    /// Lines of Swift source, outside `//` comments, that name a `veet` command.
    static func commandMentions(in source: String) -> [Int] {
        var found: [Int] = []
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("//") { continue }
            if line.contains("`veet ") { found.append(index + 1) }
        }
        return found
    }

    @Test func theScanFindsACommandInAStringButNotInADocComment() {
        let source = """
            /// `veet outbox retry` sends it again.
                // see `veet connect`
            let ok = "No server is connected."
            let bad = "Run `veet connect` again."
            let alsoBad = \"""
                kept as #1: `veet outbox discard 1`
                \"""
            """
        #expect(Self.commandMentions(in: source) == [4, 6])
    }

    @Test func noLibrarySourceNamesAVeetCommand() throws {
        let modules = ArchitectureCheckTests.repoRoot.appendingPathComponent("Modules")
        let manager = FileManager.default
        var offenders: [String] = []
        var scanned = 0
        for module in try manager.contentsOfDirectory(atPath: modules.path).sorted() {
            let sources = modules.appendingPathComponent(module).appendingPathComponent("Sources")
            guard let walker = manager.enumerator(atPath: sources.path) else { continue }
            // A command face (`Sources/<Feature>Commands/`) is the CLI's own presentation: its help and hints
            // name its commands, as an app does. Domain targets and screens may not.
            for case let path as String in walker where path.hasSuffix(".swift")
                && !(path.split(separator: "/").first?.hasSuffix("Commands") ?? false) {
                let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
                scanned += 1
                offenders += Self.commandMentions(in: text).map { "Modules/\(module)/Sources/\(path):\($0)" }
            }
        }
        #expect(scanned > 100)
        #expect(offenders.isEmpty, "a library text names a veet command (let the app add it): \(offenders)")
    }
}
