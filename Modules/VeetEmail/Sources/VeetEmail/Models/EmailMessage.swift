import Foundation
import VeetTransport

/// One message of a thread, as text: no remote content is ever fetched (docs/wire/email.md §5.2).
public struct EmailMessage: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var sender: String
    public var to: [String]
    public var cc: [String]
    /// Blind copies, when the server sends them (a sent message; not in docs/wire/email.md's
    /// message object, so usually empty).
    public var bcc: [String]
    public var replyTo: [String]
    public var subject: String
    /// The original text (empty once older than the retention window). Use it
    /// wherever the exact text matters (quoting, verification).
    public var body: String
    public var bodyOffset: Int?
    /// A Markdown reading projection; show it when present, else `body`.
    public var readerBody: String?
    public var sentAt: Timestamp?
    public var complete: Bool
    /// Metadata only: the bytes are never fetched.
    public var attachments: [AttachmentInfo]
    public var messageIDHeader: String?
    public var inReplyTo: String?
    public var references: [String]
    public var labels: [String]
    public var direction: MessageDirection
    public var senderCheck: SenderCheck?
    /// The People entry for the sender, when the server links one (not in
    /// docs/wire/email.md yet; nil otherwise). View in People hands over this id only.
    public var personID: String?

    public init(id: String, sender: String = "", to: [String] = [], cc: [String] = [], bcc: [String] = [], replyTo: [String] = [],
                subject: String = "", body: String = "", bodyOffset: Int? = nil, readerBody: String? = nil,
                sentAt: Timestamp? = nil, complete: Bool = true, attachments: [AttachmentInfo] = [],
                messageIDHeader: String? = nil, inReplyTo: String? = nil, references: [String] = [],
                labels: [String] = [], direction: MessageDirection = .received, senderCheck: SenderCheck? = nil,
                personID: String? = nil) {
        self.id = id
        self.sender = sender
        self.to = to
        self.cc = cc
        self.bcc = bcc
        self.replyTo = replyTo
        self.subject = subject
        self.body = body
        self.bodyOffset = bodyOffset
        self.readerBody = readerBody
        self.sentAt = sentAt
        self.complete = complete
        self.attachments = attachments
        self.messageIDHeader = messageIDHeader
        self.inReplyTo = inReplyTo
        self.references = references
        self.labels = labels
        self.direction = direction
        self.senderCheck = senderCheck
        self.personID = personID
    }

    enum CodingKeys: String, CodingKey {
        case id, sender, to, cc, bcc, subject, body, complete, attachments, references, labels, direction
        case replyTo = "reply_to", bodyOffset = "body_offset", readerBody = "reader_body", sentAt = "sent_at"
        case messageIDHeader = "message_id_header", inReplyTo = "in_reply_to", senderCheck = "sender_check"
        case personID = "person_id"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.value(.id, or: "")
        sender = try c.value(.sender, or: "")
        to = try c.value(.to, or: [])
        cc = try c.value(.cc, or: [])
        bcc = try c.value(.bcc, or: [])
        replyTo = try c.value(.replyTo, or: [])
        subject = try c.value(.subject, or: "")
        body = try c.value(.body, or: "")
        bodyOffset = try c.optional(.bodyOffset)
        readerBody = try c.optional(.readerBody)
        sentAt = try c.optional(.sentAt)
        complete = try c.value(.complete, or: true)
        attachments = try c.value(.attachments, or: [])
        messageIDHeader = try c.optional(.messageIDHeader)
        inReplyTo = try c.optional(.inReplyTo)
        references = try c.value(.references, or: [])
        labels = try c.value(.labels, or: [])
        direction = try c.value(.direction, or: .received)
        senderCheck = try c.optional(.senderCheck)
        personID = try c.optional(.personID)
    }

    /// What a reader shows: the Markdown projection, or the original text.
    public var displayBody: String { readerBody ?? body }
    /// The sender's address, for People and feedback.
    public var senderAddress: String { EmailAddress.address(in: sender) }
}

/// An attachment's metadata; its bytes are never downloaded.
public struct AttachmentInfo: Codable, Sendable, Hashable {
    public var filename: String
    public var mimeType: String
    /// Bytes, when the server knows.
    public var size: Int?

    public init(filename: String, mimeType: String = "application/octet-stream", size: Int? = nil) {
        self.filename = filename
        self.mimeType = mimeType
        self.size = size
    }

    enum CodingKeys: String, CodingKey {
        case filename, size
        case mimeType = "mime_type"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        filename = try c.value(.filename, or: "")
        mimeType = try c.value(.mimeType, or: "application/octet-stream")
        size = try c.optional(.size)
    }
}

/// Address handling the contract asks for: display strings carry a name and
/// an address; comparisons use the case-folded address.
public enum EmailAddress {
    /// `ann@example.test` out of `"Ann <ann@example.test>"`; the trimmed text when there are no brackets.
    public static func address(in display: String) -> String {
        if let open = display.lastIndex(of: "<"), let close = display.lastIndex(of: ">"), open < close {
            return String(display[display.index(after: open)..<close]).trimmingCharacters(in: .whitespaces)
        }
        return display.trimmingCharacters(in: .whitespaces)
    }

    /// `Example News` out of `"Example News <news@example.com>"`: the name before the brackets,
    /// the address when there is none (a sender named on a row or a confirmation).
    public static func name(in display: String) -> String {
        let name = display.split(separator: "<").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return name.isEmpty ? address(in: display) : name
    }

    /// The form two addresses are compared in (docs/wire/email.md §9: case-folded).
    public static func normalized(_ display: String) -> String { address(in: display).lowercased() }
}
