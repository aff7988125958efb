import Foundation
import VeetTransport

// The request bodies, exactly the documented keys: every Email request model
// is closed (an extra field is `400`, docs/wire/email.md §1). Nil optionals are left out.

struct EmptyBody: Encodable {}

struct ExpectedRevisionBody: Encodable {
    var expectedRevision: Int
    enum CodingKeys: String, CodingKey { case expectedRevision = "expected_revision" }
}

struct FeedbackBody: Encodable {
    var threadID: String
    var target: String
    var judgment: String
    var explanation: String?
    var targetValue: String?
    var expectedRevision: Int?
    enum CodingKeys: String, CodingKey {
        case target, judgment, explanation
        case threadID = "thread_id", targetValue = "target_value", expectedRevision = "expected_revision"
    }
}

struct DismissBody: Encodable {
    var expectedRevision: Int
    var dismissed: Bool
    enum CodingKeys: String, CodingKey { case dismissed, expectedRevision = "expected_revision" }
}

struct GenerateDraftBody: Encodable {
    var instruction: String?
}

struct SaveDraftBody: Encodable {
    var expectedRevision: Int
    var sourceRevision: Int?
    var to: [String]
    var cc: [String]
    var bcc: [String]
    var subject: String
    var body: String
    enum CodingKeys: String, CodingKey {
        case to, cc, bcc, subject, body
        case expectedRevision = "expected_revision", sourceRevision = "source_revision"
    }
}

struct LearningPauseBody: Encodable {
    var paused: Bool
}

struct LearningResetBody: Encodable {
    var scope: String
}

struct ArchiveBody: Encodable {
    var expectedRevision: Int
    var archived: Bool
    var idempotencyKey: String
    enum CodingKeys: String, CodingKey {
        case archived, expectedRevision = "expected_revision", idempotencyKey = "idempotency_key"
    }
}

struct SpamFlagBody: Encodable {
    var cleared: Bool
}
