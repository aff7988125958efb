// A child process for the store's crash-safety test: it writes outbox
// entries (and index and transcript rows) as fast as it can and prints
// "ok KEY TEXT" after each entry's transaction commits, then saves a composer
// draft and prints "draft N" once that commits. The test kills it
// with SIGKILL at an arbitrary moment, reopens the store, and checks that
// every acknowledged entry is there exactly once.
import Foundation
import VeetStore
import VeetTransport
import VeetWire

let arguments = CommandLine.arguments
guard arguments.count >= 4, let limit = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: veet-store-torture DB_PATH TAG COUNT\n".utf8))
    exit(2)
}
let path = arguments[1]
let tag = arguments[2]

do {
    let store = try LocalStore(database: Database(path: path), connection: "torture")
    let sessionID = "session-\(tag)"
    _ = try store.upsert(session: SessionView(id: sessionID, createdAt: "2026-01-01T00:00:00Z",
                                              updatedAt: "2026-01-01T00:00:00Z"))
    for index in 0..<limit {
        let text = "message \(tag)-\(index)"
        let entry = try store.enqueue(sessionID: sessionID, content: [.text(text)])
        FileHandle.standardOutput.write(Data("ok \(entry.key.rawValue) \(text)\n".utf8))
        try store.saveTranscript(sessionID: sessionID, messages: [
            SessionMessageView(sequence: Int64(index + 1), role: .assistant, content: [.text("reply \(index) " + String(repeating: "x", count: 200))]),
        ])
        // The composer's draft, saved as the owner types: "draft N" once it is committed.
        try store.drafts.save(Draft(text: "draft \(tag)-\(index) " + String(repeating: "y", count: 100),
                                    files: [Draft.File(artifactID: "art-\(index)", filename: "f\(index).png",
                                                       mediaType: "image/png", sizeBytes: index)]), for: sessionID)
        FileHandle.standardOutput.write(Data("draft \(index)\n".utf8))
    }
} catch {
    FileHandle.standardError.write(Data("torture: \(error)\n".utf8))
    exit(1)
}
