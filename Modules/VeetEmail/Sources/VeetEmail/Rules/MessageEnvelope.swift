import Foundation

/// One named line of an envelope or of a message's details ("To", "ann@example.test").
public struct EnvelopeLine: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    public var text: String { "\(name): \(value)" }
}

/// Who a message or a reply goes to, and a message's details, worded once for every face:
/// From and To always show; Cc, Bcc and the subject open and close together (open from the
/// start when there are copies); the details are the headers the thread projection carries,
/// the dates and the attachments' metadata (nothing remote is fetched).
public enum MessageEnvelope {
    /// From and To.
    public static func principal(_ message: EmailMessage) -> [EnvelopeLine] {
        [EnvelopeLine("From", message.sender.isEmpty ? "(no sender)" : message.sender),
         EnvelopeLine("To", message.to.isEmpty ? "(no recipients)" : message.to.joined(separator: ", "))]
    }

    /// Cc, Bcc (each when there are any) and the subject: the lines that expand together.
    public static func copies(_ message: EmailMessage) -> [EnvelopeLine] {
        copies(cc: message.cc, bcc: message.bcc, subject: message.subject)
    }

    /// A message with copies shows them from the start.
    public static func opensCopies(_ message: EmailMessage) -> Bool { !message.cc.isEmpty || !message.bcc.isEmpty }

    /// The reply's To.
    public static func principal(_ reply: DraftContent) -> [EnvelopeLine] {
        [EnvelopeLine("To", reply.to.joined(separator: ", "))]
    }

    /// The reply's Cc, Bcc and subject.
    public static func copies(_ reply: DraftContent) -> [EnvelopeLine] {
        copies(cc: reply.cc, bcc: reply.bcc, subject: reply.subject)
    }

    /// A reply with copies shows them from the start.
    public static func opensCopies(_ reply: DraftContent) -> Bool { !reply.cc.isEmpty || !reply.bcc.isEmpty }

    private static func copies(cc: [String], bcc: [String], subject: String) -> [EnvelopeLine] {
        var lines: [EnvelopeLine] = []
        if !cc.isEmpty { lines.append(EnvelopeLine("Cc", cc.joined(separator: ", "))) }
        if !bcc.isEmpty { lines.append(EnvelopeLine("Bcc", bcc.joined(separator: ", "))) }
        lines.append(EnvelopeLine("Subject", subject.isEmpty ? "(no subject)" : subject))
        return lines
    }

    /// The message's details: its headers as the thread projection carries them, its
    /// date, how it was checked, and each attachment's metadata. Absent headers are left out.
    public static func details(_ message: EmailMessage) -> [EnvelopeLine] {
        var lines: [EnvelopeLine] = []
        func add(_ name: String, _ value: String?) {
            if let value, !value.isEmpty { lines.append(EnvelopeLine(name, value)) }
        }
        add("Date", message.sentAt?.text)
        let direction: String = switch message.direction {
        case .sent: "sent by you"
        case .received: "received"
        case .unknown(let raw): raw
        }
        add("Direction", direction)
        add("Reply-To", message.replyTo.joined(separator: ", "))
        add("Message-ID", message.messageIDHeader)
        add("In-Reply-To", message.inReplyTo)
        add("References", message.references.joined(separator: " "))
        add("Labels", message.labels.joined(separator: ", "))
        if let check = message.senderCheck {
            let words: String = switch check {
            case .pass: "passed"
            case .fail: "failed: the sender could not be verified"
            case .none: "not checked"
            case .unknown(let raw): raw
            }
            add("Sender check", words)
        }
        if !message.complete { add("Fetched", "only part of this message was fetched") }
        for attachment in message.attachments {
            let size = attachment.size.map { ", " + ByteCountFormatter.string(fromByteCount: Int64($0), countStyle: .file) } ?? ""
            add("Attachment", "\(attachment.filename) (\(attachment.mimeType)\(size); not downloaded)")
        }
        return lines
    }
}
