import Foundation
import VeetTransport

/// Why an upload did not end with a stored file, with what the server said
/// kept whole: its status and error code, the fields of its `details`
/// (quota figures, a conflict's reason), its `Retry-After` and request id.
public struct AttachmentFailure: Sendable, Hashable, CustomStringConvertible {
    /// One field of the error's `details`, in order of its name.
    public struct Detail: Sendable, Hashable {
        public var name: String
        public var value: JSONValue

        public init(name: String, value: JSONValue) {
            self.name = name
            self.value = value
        }

        /// `used 1.0 GiB`: a `_bytes` field as a size, others as sent.
        public var words: String {
            var label = name
            var text: String
            switch value {
            case .int(let number) where name.hasSuffix("_bytes"):
                label = String(name.dropLast("_bytes".count))
                text = ByteSize.describe(Int(clamping: number))
            case .int(let number): text = String(number)
            case .double(let number): text = String(number)
            case .string(let string): text = string
            case .bool(let flag): text = flag ? "yes" : "no"
            case .null: text = "none"
            case .array, .object: text = value.compactText
            }
            if text.count > 60 { text = String(text.prefix(59)) + "…" }
            return label.replacingOccurrences(of: "_", with: " ") + " " + text
        }
    }

    /// Plain words for the person.
    public var reason: String
    /// nil when no answer arrived.
    public var status: Int?
    /// The envelope's `code` as sent (kept raw, known or not).
    public var code: String?
    public var details: [Detail]
    /// What `Retry-After` asked for, in seconds.
    public var retryAfter: TimeInterval?
    public var requestID: String?

    public init(reason: String, status: Int? = nil, code: String? = nil, details: [Detail] = [],
                retryAfter: TimeInterval? = nil, requestID: String? = nil) {
        self.reason = reason
        self.status = status
        self.code = code
        self.details = details
        self.retryAfter = retryAfter
        self.requestID = requestID
    }

    /// A server's refusal, in `reason`'s words, with everything it carried.
    public init(_ error: APIError, reason: String) {
        let fields: [Detail] = switch error.details {
        case .object(let object):
            object.keys.sorted().filter { $0 != "reason" }.compactMap { key in object[key].map { Detail(name: key, value: $0) } }
        default: []
        }
        let code = error.code.rawValue + (error.reason.map { "/" + $0 } ?? "")
        self.init(reason: reason, status: error.status, code: code, details: fields,
                  retryAfter: error.retryAfter, requestID: error.requestID)
    }

    /// `too many uploads at once (429 rate_limited) · limit 5 · try again in 30 s`
    public var description: String {
        var parts = [reason + (status.map { " (\($0)\(code.map { " " + $0 } ?? ""))" } ?? "")]
        parts += details.map(\.words)
        if let retryAfter { parts.append("try again in \(Self.describeWait(retryAfter))") }
        return parts.joined(separator: " · ")
    }

    static func describeWait(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds.rounded(.up))
        if whole < 120 { return "\(whole) s" }
        if whole < 7200 { return "\((whole + 59) / 60) min" }
        return "\((whole + 3599) / 3600) h"
    }
}

extension AttachmentFailure: ExpressibleByStringLiteral {
    /// A failure known only by its words (tests, a local refusal).
    public init(stringLiteral reason: String) { self.init(reason: reason) }
}
