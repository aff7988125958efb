import Foundation
import Testing
import VeetFixture

/// `POST /v1/sessions/{id}/artifacts` ([newer], docs/wire/sessions-runs.md §6.3) and messages naming uploads.
@Suite struct UploadTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 1, 2])
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46, 0x49, 0x46])
    static let pdf = Data("%PDF-1.7\n1 0 obj <</Type /Pages /Count 2>>\n2 0 obj <</Type /Page>>\n3 0 obj <</Type /Page>>\n%%EOF\n".utf8)

    @Test func newUploadIs201WithLocationAndAnUnclaimedView() throws {
        let harness = try Harness()
        let session = try harness.createSession()
        let response = try harness.upload(
            session, bytes: Data("hello\n".utf8), filename: "Q3%20report%20%E2%80%94%20final.txt",
            contentType: "Text/Plain; charset=utf-8", key: "k-1")
        #expect(response.status == 201)
        let view = response.object
        let id = try #require(view["id"] as? String)
        #expect(response.header("location") == "/v1/artifacts/\(id)")
        #expect(response.header("cache-control") == "private, no-store")
        #expect(view["name"] as? String == "Q3 report — final.txt")
        #expect(view["run_id"] is NSNull)
        #expect(view["session_id"] as? String == session)
        #expect(view["media_type"] as? String == "text/plain")
        #expect(view["size_bytes"] as? Int == 6)
        #expect((view["metadata"] as? [String: Any])?["attachment"] as? [String: String] == ["kind": "text"])
        let content = try harness.request("GET", "/v1/artifacts/\(id)/content")
        #expect(content.text == "hello\n")
        #expect(content.header("etag") == "\"\(view["sha256"] as? String ?? "")\"")
    }

    @Test func replayIs200AndADifferentBodyUnderTheSameKeyIs409() throws {
        let harness = try Harness()
        let session = try harness.createSession()
        let first = try harness.upload(session, bytes: Data("a".utf8), key: "same")
        let replay = try harness.upload(session, bytes: Data("a".utf8), key: "same")
        #expect(replay.status == 200)
        #expect(replay.object["id"] as? String == first.object["id"] as? String)
        for changed in [
            try harness.upload(session, bytes: Data("b".utf8), key: "same"),
            try harness.upload(session, bytes: Data("a".utf8), filename: "other.txt", key: "same"),
            try harness.upload(try harness.createSession(), bytes: Data("a".utf8), key: "same"),
        ] {
            #expect(changed.status == 409)
            #expect(changed.errorDetails["reason"] as? String == "idempotency_key_reused")
        }
    }

    @Test(arguments: [
        ("png", "image/png", "image"), ("jpeg", "image/png", "image"), ("pdf", "application/octet-stream", "pdf"),
        ("json", "application/json", "text"), ("binary", "image/png", "other"),
    ])
    func storedTypeIsTheDetectedOne(sample: String, declared: String, kind: String) throws {
        let bytes: Data = switch sample {
        case "png": Self.png
        case "jpeg": Self.jpeg
        case "pdf": Self.pdf
        case "json": Data(#"{"a":1}"#.utf8)
        default: Data([0, 1, 2, 0xFE])
        }
        let expected = ["png": "image/png", "jpeg": "image/jpeg", "pdf": "application/pdf", "json": "application/json",
                        "binary": "application/octet-stream"][sample]
        let harness = try Harness()
        let view = try harness.upload(try harness.createSession(), bytes: bytes, contentType: declared).object
        #expect(view["media_type"] as? String == expected)
        let attachment = (view["metadata"] as? [String: Any])?["attachment"] as? [String: Any]
        #expect(attachment?["kind"] as? String == kind)
        if sample == "pdf" { #expect(attachment?["page_count"] as? Int == 2) }
    }

    @Test func missingContentTypeMeansOctetStream() throws {
        let harness = try Harness()
        let view = try harness.upload(try harness.createSession(), bytes: Data([0, 9]), contentType: nil).object
        #expect(view["media_type"] as? String == "application/octet-stream")
    }

    @Test(arguments: [
        ("", "text/plain", "k"), ("%20%20", "text/plain", "k"), ("a%2Fb.txt", "text/plain", "k"),
        ("a%22b", "text/plain", "k"), ("a%0Ab", "text/plain", "k"), ("a%E2%80%8Bb", "text/plain", "k"),
        ("%FF", "text/plain", "k"), (String(repeating: "x", count: 256), "text/plain", "k"),
        ("ok.txt", "not a type", "k"), ("ok.txt", "text/plain", ""), ("ok.txt", "text/plain", String(repeating: "k", count: 256)),
    ])
    func headerRulesAnswer400(filename: String, contentType: String, key: String) throws {
        let harness = try Harness()
        let session = try harness.createSession()
        let response = try harness.upload(session, bytes: Data("x".utf8), filename: filename, contentType: contentType, key: key)
        #expect(response.status == 400)
        #expect(response.errorCode == "malformed_request")
        #expect(harness.server.artifactIDs(inSession: session).isEmpty)
    }

    @Test func missingNameKeyOrBodyIs400() throws {
        let harness = try Harness()
        let session = try harness.createSession()
        #expect(try harness.upload(session, bytes: Data("x".utf8), filename: nil).status == 400)
        #expect(try harness.upload(session, bytes: Data("x".utf8), key: nil).status == 400)
        #expect(try harness.upload(session, bytes: Data()).status == 400)
    }

    @Test func oversizedUnknownClosedAndSwitchedOff() throws {
        var options = FixtureOptions.testing
        options.maximumUploadBytes = 1000
        let harness = try Harness(options: options)
        let session = try harness.createSession()
        let large = try harness.upload(session, bytes: Data(repeating: 65, count: 1001))
        #expect(large.status == 413)
        #expect(try harness.upload(session, bytes: Data(repeating: 65, count: 1000)).status == 201)
        #expect(try harness.upload(HTTPBehaviourTests.missingID, bytes: Data("x".utf8)).status == 404)
        harness.server.closeSession(session)
        let closed = try harness.upload(session, bytes: Data("x".utf8))
        #expect(closed.status == 409 && closed.errorCode == "invalid_state_transition")

        options.uploads = false
        let snapshot = try Harness(options: options)
        let response = try snapshot.upload(try snapshot.createSession(), bytes: Data("x".utf8))
        #expect(response.status == 404 && response.errorCode == "not_found")
    }

    @Test func aMessageClaimsItsUploadsWithTheirRecordedTypes() throws {
        let harness = try Harness(holdRuns: true)
        let session = try harness.createSession()
        let image = try #require(try harness.upload(session, bytes: Self.png, filename: "photo.png", contentType: "image/jpeg").object["id"] as? String)
        let file = try #require(try harness.upload(session, bytes: Self.pdf, filename: "report.pdf", contentType: "application/pdf").object["id"] as? String)
        let body = #"{"content":[{"type":"image","artifact_id":"\#(image)","media_type":"image/jpeg"},{"type":"file","artifact_id":"\#(file)","media_type":"x/y"}]}"#
        let submitted = try harness.request("POST", "/v1/sessions/\(session)/messages", body: body)
        #expect(submitted.status == 202)
        let run = try #require(submitted.object["run_id"] as? String)
        let items = try harness.request("GET", "/v1/sessions/\(session)/messages").object["items"] as? [[String: Any]]
        let blocks = items?.first?["content"] as? [[String: Any]] ?? []
        #expect(blocks.map { $0["media_type"] as? String } == ["image/png", "application/pdf"])
        #expect(blocks.last?["filename"] as? String == "report.pdf")
        #expect(try harness.request("GET", "/v1/sessions/\(session)").object["title"] as? String == "photo.png")
        #expect(try harness.request("GET", "/v1/artifacts/\(image)").object["run_id"] as? String == run)
        let created = try #require(try harness.openStream(run).read(untilEvent: "user.message.created"))
        let parts = created.object["content"] as? [[String: Any]] ?? []
        #expect(parts.first?["filename"] as? String == "photo.png")
        #expect(parts.last?["page_count"] as? Int == 2)
        #expect(parts.allSatisfy { $0["size_bytes"] is Int })
    }

    @Test func attachmentRules() throws {
        let harness = try Harness(holdRuns: true)
        let session = try harness.createSession()
        let pdf = try #require(try harness.upload(session, bytes: Self.pdf, contentType: "application/pdf").object["id"] as? String)
        func submit(_ blocks: String, in target: String = session) throws -> TestResponse {
            try harness.request("POST", "/v1/sessions/\(target)/messages", body: #"{"content":[\#(blocks)]}"#)
        }
        #expect(try submit(#"{"type":"image","artifact_id":"\#(pdf)","media_type":"image/png"}"#).status == 400)
        let elsewhere = try harness.createSession()
        #expect(try submit(#"{"type":"file","artifact_id":"\#(pdf)","media_type":"application/pdf"}"#, in: elsewhere).status == 404)
        let eleven = Array(repeating: #"{"type":"file","artifact_id":"\#(pdf)","media_type":"application/pdf"}"#, count: 11)
        #expect(try submit(eleven.joined(separator: ",")).status == 400)
        #expect(harness.server.runCount(inSession: session) == 0)

        var options = FixtureOptions.testing
        options.strictAttachments = true
        let strict = try Harness(options: options, holdRuns: true)
        let strictSession = try strict.createSession()
        let unknown = #"{"content":[{"type":"file","artifact_id":"\#(HTTPBehaviourTests.missingID)","media_type":"text/plain"}]}"#
        #expect(try strict.request("POST", "/v1/sessions/\(strictSession)/messages", body: unknown).status == 404)
    }
}
