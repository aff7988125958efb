import Foundation
import VeetTransport
import VeetWire

/// The exact message the owner reviewed and froze for Review & Send.
public struct FrozenDraft: Sendable, Hashable {
    public var draftID: String
    public var revision: Int
    public var accountID: String
    public var content: DraftContent
    public var providerThreadID: String
    public var inReplyTo: String?
    public var references: [String]
    /// The tool the approval must name (`mcp.<send_server_id>.send_message`).
    public var sendToolName: String

    public init(draft: EmailDraft, account: EmailAccount? = nil, providerThreadID: String? = nil) {
        draftID = draft.id
        revision = draft.revision
        accountID = draft.accountID
        content = draft.content
        self.providerThreadID = draft.providerThreadID ?? providerThreadID ?? ""
        inReplyTo = draft.inReplyTo
        references = draft.references
        // The account's own send server decides; the draft's copy must agree (checked in `SendVerification`).
        sendToolName = draft.sendToolName ?? account?.sendToolName ?? ""
    }
}

/// One checked field of a send approval.
public enum SendField: String, Sendable, Hashable, CaseIterable {
    case toolName = "tool"
    case account, providerThread = "thread_id", to, cc, bcc, subject, body
    case inReplyTo = "in_reply_to", references
}

/// What comparing a send approval with the frozen draft proved (docs/wire/email.md §9 step 3).
public struct SendVerificationReport: Sendable, Hashable {
    public var fields: [SendField: ArgumentVerification]
    /// Argument keys the send tool is not known to take: the approval would do something unreviewed.
    public var unexpectedArguments: [String]

    /// True only when every field is proven and nothing unknown is present: only then may Approve be offered.
    public var isVerified: Bool {
        unexpectedArguments.isEmpty && SendField.allCases.allSatisfy { fields[$0]?.isVerified == true }
    }

    /// The fields that failed, in order, for the message shown instead of Approve.
    public var failures: [(SendField, ArgumentVerification)] {
        SendField.allCases.compactMap { field in
            guard let result = fields[field], !result.isVerified else { return nil }
            return (field, result)
        }
    }

    public var description: String {
        if isVerified { return "The approval matches the reviewed message exactly." }
        var parts = failures.map { field, result in
            switch result {
            case .unverifiableWithoutDigest: "\(field.rawValue) was cut with no digest to prove it"
            case .notComparable: "\(field.rawValue) cannot be compared"
            default: "\(field.rawValue) differs"
            }
        }
        if !unexpectedArguments.isEmpty { parts.append("unexpected arguments: \(unexpectedArguments.joined(separator: ", "))") }
        return "Not sent: the approval does not match the reviewed message (\(parts.joined(separator: "; "))). Review it again."
    }
}

/// Verifies a send approval against the frozen draft: tool and account,
/// provider thread, recipients, subject, body and reply headers. A string cut
/// at 512 characters is proven by its `argument_digests` SHA-256; a cut value
/// with no digest, or a cut inside a list, is unverifiable and refused.
public enum SendVerification {
    public static let knownArguments: Set<String> = ["to", "cc", "bcc", "subject", "body", "thread_id", "in_reply_to",
                                                     "references"]

    public static func verify(_ approval: ApprovalView, against frozen: FrozenDraft,
                              account: EmailAccount?) -> SendVerificationReport {
        let arguments = approval.arguments
        var fields: [SendField: ArgumentVerification] = [:]
        fields[.toolName] = approval.toolName == frozen.sendToolName && !frozen.sendToolName.isEmpty ? .matches : .mismatch
        // The account: the tool must be this account's own send server.
        if let account, let expected = account.sendToolName, account.id == frozen.accountID {
            fields[.account] = approval.toolName == expected ? .matches : .mismatch
        } else {
            fields[.account] = .notComparable
        }
        let digests = approval.argumentDigests ?? [:]
        func text(_ key: String, _ expected: String?) -> ArgumentVerification {
            let value = arguments[key]
            guard let expected, !expected.isEmpty else {
                return value == nil || value?.isNull == true || value?.stringValue == "" ? .matches : .mismatch
            }
            guard let displayed = value?.stringValue else { return value == nil ? .mismatch : .notComparable }
            if displayed == ApprovalArgumentCheck.redactedMarker { return .notComparable }
            return ApprovalArgumentCheck.verify(displayed: displayed, digest: digests[key], expected: expected)
        }
        fields[.providerThread] = text("thread_id", frozen.providerThreadID)
        fields[.subject] = text("subject", frozen.content.subject)
        fields[.body] = text("body", frozen.content.body)
        fields[.inReplyTo] = text("in_reply_to", frozen.inReplyTo)
        fields[.to] = list(arguments["to"], frozen.content.to, addresses: true)
        fields[.cc] = list(arguments["cc"], frozen.content.cc, addresses: true)
        fields[.bcc] = list(arguments["bcc"], frozen.content.bcc, addresses: true)
        fields[.references] = list(arguments["references"], frozen.references, addresses: false)
        let keys: [String]
        if case .object(let object) = arguments { keys = Array(object.keys) } else { keys = [] }
        let unexpected = keys.filter { !knownArguments.contains($0) && arguments[$0]?.isNull == false }.sorted()
        return SendVerificationReport(fields: fields, unexpectedArguments: unexpected)
    }

    /// A list argument: a single string counts as a one-element list and null
    /// as empty; addresses compare case-folded. A cut entry or a capped list is unverifiable.
    static func list(_ value: JSONValue?, _ expected: [String], addresses: Bool) -> ArgumentVerification {
        let entries: [String]
        switch value {
        case .none, .null?: entries = []
        case .string(let one)?: entries = [one]
        case .array(let items)?:
            var strings: [String] = []
            for item in items {
                guard let string = item.stringValue else { return .notComparable }
                strings.append(string)
            }
            entries = strings
        default: return .notComparable
        }
        if entries.contains(where: { ApprovalArgumentCheck.isCut($0) || $0 == "[TRUNCATED]" }) {
            return .unverifiableWithoutDigest
        }
        if entries.contains(ApprovalArgumentCheck.redactedMarker) { return .notComparable }
        let sent = addresses ? entries.map { EmailAddress.normalized($0) } : entries
        let wanted = addresses ? expected.map { EmailAddress.normalized($0) } : expected
        return sent == wanted ? .matches : .mismatch
    }
}
