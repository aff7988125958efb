import Testing
import VeetChat
import VeetWire

/// The name an export takes when the owner names none: the server chose it, so it may not pick a folder.
@Suite struct ArtifactFileNameTests {
    static func artifact(named name: String) -> ArtifactView {
        ArtifactView(id: "a1", sessionID: "s1", name: name, mediaType: "text/plain", sha256: String(repeating: "0", count: 64),
                     sizeBytes: 1, createdAt: "2026-12-01T09:00:00Z")
    }

    @Test func onlyTheLastComponentOfTheServersNameIsKept() {
        #expect(Self.artifact(named: "report.pdf").safeFileName == "report.pdf")
        #expect(Self.artifact(named: "../../etc/passwd").safeFileName == "passwd")
        #expect(Self.artifact(named: "/tmp/x/notes.txt").safeFileName == "notes.txt")
    }

    @Test func aNameThatIsOnlyAFolderBecomesArtifact() {
        for name in ["", ".", "..", "/"] {
            #expect(Self.artifact(named: name).safeFileName == "artifact", "\(name)")
        }
    }
}
