import Foundation
import Testing
import VeetFixture

/// `/v1/artifacts/{id}` and `/content` (artifact-content.txt).
@Suite struct ArtifactRouteTests {
    static func withReport() throws -> (Harness, String) {
        let harness = try Harness()
        let session = try harness.createSession()
        let id = try #require(harness.server.addArtifact(
            sessionID: session, name: "report.txt", mediaType: "text/plain", bytes: Data("hello artifact\n".utf8)))
        return (harness, id)
    }

    @Test func metadataMatchesTheRecording() throws {
        let (harness, id) = try Self.withReport()
        let view = try harness.request("GET", "/v1/artifacts/\(id)").object
        let recorded = try Golden.object("artifact-get.json")
        #expect(Set(view.keys) == Set(recorded.keys))
        #expect(view["sha256"] as? String == recorded["sha256"] as? String)
        #expect(view["size_bytes"] as? Int == 15)
    }

    @Test func contentCarriesTheRecordedHeaders() throws {
        let (harness, id) = try Self.withReport()
        let sha = try Golden.object("artifact-get.json")["sha256"] as? String ?? ""
        for headers in [[], [("Range", "bytes=0-3")], [("If-None-Match", "\"abc\"")]] as [[(String, String)]] {
            let response = try harness.request("GET", "/v1/artifacts/\(id)/content", headers: headers)
            #expect(response.status == 200)
            #expect(response.text == "hello artifact\n")
            #expect(response.header("content-type") == "text/plain; charset=utf-8")
            #expect(response.header("content-disposition") == #"attachment; filename="report.txt"; filename*=UTF-8''report.txt"#)
            #expect(response.header("cache-control") == "private, no-store")
            #expect(response.header("etag") == "\"\(sha)\"")
        }
    }

    @Test func ifNoneMatchFormsAnswer304() throws {
        let (harness, id) = try Self.withReport()
        let sha = try Golden.object("artifact-get.json")["sha256"] as? String ?? ""
        for condition in ["\"\(sha)\"", sha, "W/\"\(sha)\"", "\"abc\", \"\(sha)\"", "*"] {
            let response = try harness.request("GET", "/v1/artifacts/\(id)/content", headers: [("If-None-Match", condition)])
            #expect(response.status == 304)
            #expect(response.body.isEmpty)
            #expect(response.header("etag") == "\"\(sha)\"")
            #expect(response.header("cache-control") == "private, no-store")
            #expect(response.header("x-request-id") != nil)
        }
    }

    @Test func unknownArtifactAndHead() throws {
        let (harness, id) = try Self.withReport()
        let missing = try harness.request("GET", "/v1/artifacts/\(HTTPBehaviourTests.missingID)/content")
        #expect(missing.status == 404)
        #expect(missing.errorMessage == (try Golden.error("errors-1.txt", section: "404 unknown artifact"))["message"] as? String)
        #expect(try harness.request("HEAD", "/v1/artifacts/\(id)/content").status == 400)
    }

    @Test func awkwardNamesGetASafeFallbackAndAnEncodedName() throws {
        let harness = try Harness()
        let session = try harness.createSession()
        let id = try #require(harness.server.addArtifact(
            sessionID: session, name: "Q3 \"report\" — final/v2.pdf", mediaType: "application/pdf", bytes: Data([1, 2])))
        let response = try harness.request("GET", "/v1/artifacts/\(id)/content")
        #expect(response.header("content-type") == "application/pdf")
        #expect(response.header("content-disposition")
            == #"attachment; filename="Q3 _report_ _ final_v2.pdf"; filename*=UTF-8''Q3%20%22report%22%20%E2%80%94%20final%2Fv2.pdf"#)
    }
}
