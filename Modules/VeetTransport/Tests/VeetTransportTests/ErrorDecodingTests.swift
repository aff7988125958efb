import Foundation
import Testing
@testable import VeetTransport
import VeetTestSupport
import VeetWire

/// Every recorded error answer, with its capture file and title for messages.
private func recordedErrors() throws -> [(file: String, answer: Golden.Recorded)] {
    try ["err-409-active-run.txt", "errors-1.txt", "errors-2.txt", "errors-3.txt"].flatMap { file in
        try Golden.responses(file).filter { $0.status >= 400 }.map { (file, $0) }
    }
}

private func envelope(_ body: Data) -> [String: Any]? {
    (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["error"] as? [String: Any]
}

@Suite struct ErrorDecodingTests {
    /// Checked against JSONSerialization, independently of the client's decoder.
    @Test func everyRecordedErrorKeepsStatusCodeMessageDetailsAndRequestID() throws {
        let errors = try recordedErrors()
        #expect(errors.count >= 35)
        for (file, answer) in errors {
            let error = APIError(response: answer.response)
            let label = "\(file): \(answer.title)"
            #expect(error.status == answer.status, "\(label)")
            if let body = envelope(answer.body) {
                #expect(error.code.rawValue == body["code"] as? String, "\(label)")
                #expect(error.message == body["message"] as? String, "\(label)")
                #expect(error.requestID == answer.headers["x-request-id"] ?? body["request_id"] as? String, "\(label)")
                let details = try JSONSerialization.data(withJSONObject: body["details"] ?? [:], options: .sortedKeys)
                #expect(error.details == (try WireJSON.decoder().decode(JSONValue.self, from: details)), "\(label)")
            } else {
                #expect(error.code == APIError.fallbackCode(forStatus: answer.status), "\(label)")
                #expect(error.requestID == answer.headers["x-request-id"], "\(label)")
            }
        }
    }

    @Test func activeRunConflictNamesTheRun() throws {
        let answer = try #require(try Golden.responses("err-409-active-run.txt").first)
        let error = APIError(response: answer.response)
        #expect(error.code == .conflict)
        #expect(error.reason == "active_run_exists")
        #expect(error.activeRunID == "abee5bfc-6908-4dcb-bfda-0144bf206b26")
        #expect(error.details["run_status"]?.stringValue == "RUNNING")
        #expect(error.requestID == "01a22aab-d6a3-7f81-88eb-7e48ecc86c1c")

        let others = try Golden.responses("errors-3.txt")
        let deleteConflict = try #require(others.first { $0.title.hasPrefix("409 delete a session") })
        #expect(APIError(response: deleteConflict.response).activeRunID == "f0207a18-d4b1-49d9-b1fb-89422842d39d")
        let reused = try #require(try Golden.responses("errors-2.txt").first { $0.title.hasPrefix("409 same key") })
        let reusedError = APIError(response: reused.response)
        #expect(reusedError.reason == "idempotency_key_reused")
        #expect(reusedError.activeRunID == nil)
        let cancelled = try #require(others.first { $0.title.hasPrefix("409 resolve an approval") })
        #expect(APIError(response: cancelled.response).details["status"]?.stringValue == "cancelled")
    }

    @Test func any401MeansSignInAgainWhateverTheCode() throws {
        let unauthorized = try Golden.responses("errors-1.txt").filter { $0.status == 401 }
        #expect(Set(unauthorized.map { APIError(response: $0.response).code }) == [.authenticationError, .authenticationFailed])
        for answer in unauthorized {
            let error = APIError(response: answer.response)
            #expect(error.needsSignIn)
            #expect(!error.isForbidden)
            // The words say what happened; the app that shows them says how to sign in again.
            #expect(error.summary == "The server did not accept the token.")
            #expect(error.description == "\(error.summary) \(error.reference)")
            #expect(error.reference.hasPrefix("[401 ") && !error.description.contains("veet"))
        }
        let bare = APIError(response: HTTPResponse(status: 401))
        #expect(bare.needsSignIn && bare.code == .authenticationError)
    }

    @Test func a403IsForbidden() {
        let body = #"{"error":{"code":"authorization_error","message":"missing scope","details":{},"request_id":"r"}}"#
        let error = APIError(response: HTTPResponse(status: 403, body: Data(body.utf8)))
        #expect(error.isForbidden && !error.needsSignIn)
        #expect(error.code == .authorizationError)
        #expect(error.requestID == "r")
    }

    @Test func unknownCodesAreKeptVerbatim() {
        let body = #"{"error":{"code":"concurrency_conflict","message":"lost a race","details":{"reason":"x"},"request_id":"r"}}"#
        let error = APIError(response: HTTPResponse(status: 409, body: Data(body.utf8)))
        #expect(error.code == .unknown("concurrency_conflict"))
        #expect(error.code.rawValue == "concurrency_conflict")
        #expect(!error.code.isKnown)
        #expect(error.reason == "x")
    }

    @Test func internalErrorWithoutHeaderTakesTheRequestIDFromTheBody() throws {
        let answer = try #require(try Golden.responses("errors-3.txt").first)
        #expect(answer.headers["x-request-id"] == nil)
        let error = APIError(response: answer.response)
        #expect(error.code == .internalError)
        #expect(error.requestID == "trace-500")
    }

    @Test func plainTextAndEmptyBodiesStillBecomeErrors() throws {
        let answers = try Golden.responses("errors-3.txt")
        let plain = try #require(answers.first { $0.title.contains("not an integer") })
        let plainError = APIError(response: plain.response)
        #expect(plainError.code == .malformedRequest)
        #expect(plainError.message == "Invalid HTTP request received.")
        #expect(plainError.requestID == nil)
        #expect(plainError.details == .object([:]))

        let head = try #require(answers.first { $0.title.hasPrefix("400 HEAD") })
        #expect(head.body.isEmpty)
        let headError = APIError(response: head.response)
        #expect(headError.code == .malformedRequest && headError.message.isEmpty)
        #expect(headError.requestID == "01a22ac1-c0a0-7671-a558-a4eaf123c541")

        let proxy = APIError(response: HTTPResponse(status: 502, body: Data("<html>\n<h1>Bad   Gateway</h1></html>".utf8)))
        #expect(proxy.code == .internalError)
        #expect(proxy.message == "<html> <h1>Bad Gateway</h1></html>")
        #expect(APIError(response: HTTPResponse(status: 418)).code == .unknown("http_418"))
    }

    @Test func retryAfterIsRead() {
        let seconds = APIError(response: HTTPResponse(status: 429, headers: ["retry-after": "7"]))
        #expect(seconds.retryAfter == 7)
        let now = Date(timeIntervalSince1970: 1_787_421_851)
        let dated = APIError(response: HTTPResponse(status: 503, headers: ["retry-after": "Sat, 22 Aug 2026 18:04:41 GMT"]),
                             now: now)
        #expect(dated.retryAfter == 30)
    }

    @Test func successBodiesThatDoNotDecodeAreInvalidResponses() {
        let response = HTTPResponse(status: 200, body: Data(#"{"items":"nope"}"#.utf8), requestID: "r1")
        #expect(throws: InvalidResponseError.self) { _ = try response.decoded(as: Page<SessionView>.self) }
        do {
            _ = try response.decoded(as: Page<SessionView>.self)
        } catch let error as InvalidResponseError {
            #expect(error.requestID == "r1")
            #expect(error.detail.contains("items"))
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(throws: APIError.self) { _ = try HTTPResponse(status: 404).decoded(as: SessionView.self) }
    }
}
