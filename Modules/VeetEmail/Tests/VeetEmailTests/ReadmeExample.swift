import VeetEmail
import VeetTransport

/// The important threads, each as "correspondent: subject — gist".
func importantThreads(sender: HTTPRequestSender) async throws -> [String] {
    let email = EmailAPI(sender: sender)
    var list = ThreadListModel()
    list.showFirstPage(try await email.threads(list.query, limit: ThreadListModel.firstPageSize))
    return list.visibleRows.map { "\($0.senders.first ?? "?"): \($0.subject) — \($0.summary)" }
}

// The README's example, run.
import Testing
import VeetTestSupport

@Suite struct ReadmeExampleTests {
    @Test func theExampleListsTheImportantThreads() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/email/threads", Wire.page([Wire.thread("t1", subject: "Board materials")]))
        let rows = try await importantThreads(sender: server.sender)
        #expect(rows == ["Ann <ann@example.test>: Board materials — Gist of t1"])
        #expect(server.requests.first?.queryValue("view") == "priority")
        #expect(server.requests.first?.queryValue("limit") == "5")
    }
}
