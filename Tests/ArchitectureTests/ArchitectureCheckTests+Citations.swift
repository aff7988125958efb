import Foundation
import Testing

/// The citation rule (docs/architecture.md, rule 7): code and docs cite only files of the repository.
/// The planted texts are spliced ("sh" + "ared", "\u{A7}" for the section sign) so that this file
/// itself holds no citation the check would find in the real tree.
extension ArchitectureCheckTests {
    static let section = "\u{A7}"
    /// A wire page with two numbered sections, as docs/wire/ pages have.
    static let wirePage = "# Email\n\n## 1. Conventions\n\n## 13. Operations\n"

    @Test(arguments: [
        ("Modules/VeetChat/Sources/VeetChat/B.swift", "/// See ../" + "shared/notes.\n",
         "names a file outside the repository"),
        ("docs/chat.md", "The rules are in contr" + "act/email.md.\n",
         "path outside the repository (cite docs/wire/)"),
        ("Tests/Soak/B.swift", "// As se" + "ed 000 draws it.\n",
         "cites a seed document outside the repository"),
        ("Modules/VeetChat/Tests/VeetChatTests/B.swift", "/// AD" + "R-0049 as refined.\n",
         "cites a decision record outside the repository"),
        ("README.md", "The probe rule (READ" + "ME \(section)2).\n",
         "cites a section without its file"),
        ("Modules/VeetChat/Sources/VeetChat/B.swift", "/// The registration rules (\(section)7.1).\n",
         "cites a section without its file"),
        ("Modules/VeetChat/Sources/VeetChat/B.swift", "/// Polled as email.md \(section)13 says.\n",
         #"cites a file the repository does not have"#),
        ("Modules/VeetChat/Sources/VeetChat/B.swift", "/// Polled as docs/wire/email.md \(section)14 says.\n",
         "cites a section docs/wire/email.md does not have"),
        ("Modules/VeetChat/README.md", "Chat (sessions-" + "runs.md): the routes.\n",
         #""sessions-runs.md" names a file the repository does not have"#),
    ])
    func aPlantedCitationOutsideTheRepositoryIsCaught(path: String, text: String, expected: String) throws {
        let result = try run(root: plantedTree([path: text, "docs/wire/email.md": Self.wirePage]))
        #expect(result.status == 1)
        #expect(result.output.contains(expected), "\(result.output)")
    }

    @Test func citationsOfTheRepositorysOwnFilesPass() throws {
        let s = Self.section
        let result = try run(root: plantedTree([
            "docs/wire/email.md": Self.wirePage,
            "Modules/VeetChat/Sources/VeetChat/B.swift": "/// Polled as docs/wire/email.md \(s)13, \(s)1 say (RFC 9112 \(s)6.3).\n",
            "docs/wire/README.md": "# Wire\n\nSee email.md \(s)13.\n",  // a page beside the citing one
            "Modules/VeetChat/README.md": "Chat (docs/wire/email.md): the routes.\n",
            // Data in a string is not a citation: a tool's argument may name any file.
            "Modules/VeetChat/Tests/VeetChatTests/B.swift": "let path = \"notes/lisbon.md\"\n",
        ]))
        #expect(result.status == 0, "\(result.output)")
    }

    /// Apps/ is checked like the modules: a seed and a contract file cited in an app fail.
    @Test func citationsInAppsAreChecked() throws {
        let result = try run(root: plantedTree(["Apps/veet/B.swift": "// As se" + "ed 000 draws it (email.md \(Self.section)13).\n"]))
        #expect(result.status != 0, "\(result.output)")
        #expect(result.output.contains("Apps/veet/B.swift:1"), "\(result.output)")
    }
}
