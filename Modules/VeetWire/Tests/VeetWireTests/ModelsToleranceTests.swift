import Foundation
import Testing
@testable import VeetTransport
import VeetTestSupport
@testable import VeetWire

@Suite struct ModelsToleranceTests {
    @Test func unknownEnumValuesAndUnknownFieldsAreKept() throws {
        let session = try decodeJSON(SessionView.self, """
        {"id":"s1","status":"ARCHIVED","agent_id":"a","agent_version":"2","title":"t","metadata":{"client":"veet-cli","n":3},
         "created_at":"2026-08-22T18:04:11Z","updated_at":"2026-08-22T18:04:11Z","active_run_id":null,
         "last_run_id":null,"folder_id":"f1","pinned":true,"labels":["x"],"owner":{"kind":"person"}}
        """)
        #expect(session.status == .unknown("ARCHIVED"))
        #expect(!session.status.isKnown)
        #expect(session.metadata == .object(["client": .string("veet-cli"), "n": .int(3)]))
        #expect(session.folderID == "f1")

        let run = try decodeJSON(RunView.self, """
        {"id":"r","session_id":"s","status":"PAUSED","created_at":"2026-08-22T18:04:11Z",
         "updated_at":"2026-08-22T18:04:11Z","failure":{"reason":"cosmic_rays","message":"m","occurred_at":"x"},
         "usage":{"input_tokens":1,"output_tokens":2,"cost_usd":"0.5","cached_tokens":9},"priority":7}
        """)
        #expect(run.status == .unknown("PAUSED"))
        #expect(!run.status.isTerminal && !run.status.isWaiting)
        #expect(run.failure?.reason == .unknown("cosmic_rays"))
        #expect(run.usage.inputTokens == 1 && run.usage.cost == Decimal(string: "0.5"))

        let approval = try decodeJSON(ApprovalView.self, """
        {"id":"a","run_id":"r","session_id":"s","status":"SUPERSEDED","tool_name":null,"action_summary":"x",
         "arguments":{"token":"[REDACTED]"},"risk":"EXTREME","policy_reason":"policy.x","expires_at":null,
         "created_at":"2026-08-22T18:04:11Z","resolved_at":null,"resolved_by":null,"decision":"approve_forever",
         "new_field":{"nested":[1,2]}}
        """)
        #expect(approval.status == .unknown("SUPERSEDED"))
        #expect(approval.risk == .unknown("EXTREME"))
        #expect(approval.decision == .unknown("approve_forever"))
        #expect(approval.toolName == nil && approval.expiresAt == nil)

        let message = try decodeJSON(SessionMessageView.self, """
        {"sequence":9007199254740993,"role":"system","content":[{"type":"audio","artifact_id":"x"},
         {"type":"text","text":"hi","extra":1}]}
        """)
        #expect(message.sequence == 9_007_199_254_740_993)
        #expect(message.role == .unknown("system"))
        #expect(message.content == [.unknown(kind: "audio"), .text("hi")])
    }

    @Test func absentOptionalKeysReadAsNil() throws {
        let session = try decodeJSON(SessionView.self, """
        {"id":"s1","status":"ACTIVE","agent_id":"a","agent_version":"1",
         "created_at":"2026-08-22T18:04:11Z","updated_at":"2026-08-22T18:04:11Z"}
        """)
        #expect(session.title == nil && session.activeRunID == nil && session.lastRunID == nil && session.folderID == nil)
        #expect(session.metadata == .object([:]))

        let approval = try decodeJSON(ApprovalView.self, """
        {"id":"a","run_id":"r","session_id":"s","status":"PENDING","risk":"LOW","created_at":"2026-08-22T18:04:11Z"}
        """)
        #expect(approval.decision == nil && approval.resolvedAt == nil && approval.arguments == .object([:]))

        let artifact = try decodeJSON(ArtifactView.self, """
        {"id":"a","session_id":"s","name":"n","media_type":"application/pdf","sha256":"00","size_bytes":1,
         "metadata":{"attachment":{"kind":"pdf","page_count":14}},"created_at":"2026-08-22T18:03:52.270338Z"}
        """)
        #expect(artifact.runID == nil)
        #expect(artifact.attachmentKind == "pdf")
    }

    @Test func requiredKeysAreStillRequired() {
        #expect(throws: DecodingError.self) {
            try decodeJSON(SessionView.self, #"{"status":"ACTIVE","created_at":"x","updated_at":"x"}"#)
        }
        #expect(throws: DecodingError.self) {
            try decodeJSON(SubmitResult.self, #"{"status":"QUEUED"}"#)
        }
    }

    @Test func newerApprovalFieldsDecode() throws {
        let approval = try decodeJSON(ApprovalView.self, """
        {"id":"a","run_id":"r","session_id":"s","status":"PENDING","tool_name":"browser.act","action_summary":"x",
         "arguments":{},"argument_digests":{"text":"9b3c"},"risk":"CRITICAL","policy_reason":"p",
         "expires_at":"2026-08-22T19:05:10Z","created_at":"2026-08-22T18:05:10.441920Z","resolved_at":null,
         "resolved_by":null,"decision":null,
         "task_grant_offer":{"origin":"https://shop.example","path_prefix":"/cart","duration_seconds":1800,
                             "max_actions":200,"max_typed_characters":4096,"action_kinds":["click","type"],
                             "summary":"Let the agent use the cart"},
         "task_grant_not_covered":{"grant_id":"g1","reason":"browser.task_grant.expired"},"task_grant_id":null}
        """)
        #expect(approval.risk == .critical)
        #expect(approval.argumentDigests == ["text": "9b3c"])
        let offer = try #require(approval.taskGrantOffer)
        #expect(offer.origin == "https://shop.example" && offer.pathPrefix == "/cart")
        #expect(offer.durationSeconds == 1800 && offer.maxActions == 200 && offer.maxTypedCharacters == 4096)
        #expect(offer.actionKinds == ["click", "type"])
        #expect(approval.taskGrantNotCovered == TaskGrantNotCovered(grantID: "g1", reason: "browser.task_grant.expired"))
    }

    @Test(arguments: [
        ("2026-08-22T18:04:11.532871Z", 1_787_421_851.532871),
        ("2026-08-22T18:04:11Z", 1_787_421_851.0),
        ("2026-08-22T18:04:11+00:00", 1_787_421_851.0),
        ("2026-08-22T18:04:11.5+00:00", 1_787_421_851.5),
    ])
    func timestampSpellings(text: String, epoch: Double) throws {
        let session = SessionView(id: "s", createdAt: Timestamp(text), updatedAt: Timestamp(text))
        let date = try #require(session.createdAt.date)
        #expect(abs(date.timeIntervalSince1970 - epoch) < 0.001)
    }

    @Test func runStatusVocabulary() {
        let terminal = RunStatus.knownValues.filter(\.isTerminal)
        #expect(terminal == [.completed, .failed, .cancelled])
        #expect(RunStatus.knownValues.filter(\.isWaiting) == [.waitingForApproval, .waitingForUser])
        #expect(RunStatus.knownValues.map(\.rawValue) == [
            "QUEUED", "RUNNING", "WAITING_FOR_APPROVAL", "WAITING_FOR_USER", "COMPLETED", "FAILED", "CANCELLED",
        ])
        #expect(ApprovalStatus.knownValues.map(\.rawValue) == ["PENDING", "APPROVED", "DENIED", "EXPIRED", "CANCELLED"])
        #expect(ApprovalRisk.knownValues.map(\.rawValue) == ["LOW", "MEDIUM", "HIGH", "CRITICAL"])
        #expect(ApprovalDecision.knownValues.map(\.rawValue) == ["approve_once", "approve_for_task", "deny"])
    }

    @Test func modelsRoundTripThroughTheirOwnEncoding() throws {
        let original = try Golden.decode(ApprovalView.self, "approval-get.json")
        let again = try WireJSON.decoder().decode(ApprovalView.self, from: WireJSON.encoder().encode(original))
        #expect(again == original)
        let page = try Golden.decode(Page<SessionView>.self, "sessions-page1.json")
        #expect(try WireJSON.decoder().decode(Page<SessionView>.self, from: WireJSON.encoder().encode(page)) == page)
    }
}

@Suite struct ModelsRequestBodyTests {
    private func encoded(_ value: some Encodable) throws -> String {
        String(decoding: try WireJSON.encoder().encode(value), as: UTF8.self)
    }

    @Test func createSession() throws {
        #expect(try encoded(CreateSessionRequest()) == #"{"agent_id":"general","metadata":{}}"#)
        let request = CreateSessionRequest(metadata: .object(["client": .string("veet-cli")]))
        #expect(try encoded(request) == #"{"agent_id":"general","metadata":{"client":"veet-cli"}}"#)
    }

    @Test func submitMessageHasOnlyContent() throws {
        let request = SubmitMessageRequest(content: [
            .text("Summarise https://example.com/a"),
            .image(artifactID: "img", mediaType: "image/png", detail: nil),
            .file(artifactID: "f", mediaType: "application/pdf", filename: nil),
        ])
        #expect(try encoded(request) == """
        {"content":[{"text":"Summarise https://example.com/a","type":"text"},\
        {"artifact_id":"img","detail":"auto","media_type":"image/png","type":"image"},\
        {"artifact_id":"f","filename":null,"media_type":"application/pdf","type":"file"}]}
        """)
    }

    @Test func runInputOmitsAMissingQuestionID() throws {
        #expect(try encoded(RunInputRequest(content: [.text("EU")])) == #"{"content":[{"text":"EU","type":"text"}]}"#)
        #expect(try encoded(RunInputRequest(content: [.text("EU")], questionID: "q1"))
                == #"{"content":[{"text":"EU","type":"text"}],"question_id":"q1"}"#)
    }

    @Test func resolveSendsOnlyDocumentedKeys() throws {
        #expect(try encoded(ApprovalResolveRequest(decision: .approveOnce)) == #"{"decision":"approve_once"}"#)
        #expect(try encoded(ApprovalResolveRequest(decision: .deny, reason: "not now"))
                == #"{"decision":"deny","reason":"not now"}"#)
        let offer = TaskGrantOffer(origin: "https://shop.example", pathPrefix: "/cart")
        #expect(try encoded(ApprovalResolveRequest(decision: .approveForTask, taskGrant: TaskGrantEcho(offer: offer)))
                == #"{"decision":"approve_for_task","task_grant":{"origin":"https://shop.example","path_prefix":"/cart"}}"#)
    }
}
