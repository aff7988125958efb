import Foundation

/// Why a file cannot be attached, checked before anything is sent.
public enum AttachmentProblem: Error, Sendable, Hashable, CustomStringConvertible {
    case empty(filename: String)
    case tooLarge(filename: String, bytes: Int, limit: Int)
    case tooMany(limit: Int)
    case badFilename(String, why: String)
    case unreadable(path: String, why: String)

    public var description: String {
        switch self {
        case .empty(let name): "\"\(name)\" is empty; only files with content can be attached."
        case .tooLarge(let name, let bytes, let limit):
            "\"\(name)\" is \(AttachmentLimits.describe(bytes)); the limit is \(AttachmentLimits.describe(limit)) per file."
        case .tooMany(let limit): "A message can carry at most \(limit) attachments."
        case .badFilename(let name, let why): "The file name \"\(name)\" cannot be used: \(why)."
        case .unreadable(let path, let why): "\(path) could not be read: \(why)."
        }
    }
}

/// The server's advertised upload limits (sessions-runs.md §6.3 and §3.1).
public struct AttachmentLimits: Sendable, Hashable {
    public var maxFileBytes: Int
    public var maxAttachmentsPerMessage: Int

    public init(maxFileBytes: Int = 32 * 1024 * 1024, maxAttachmentsPerMessage: Int = 10) {
        self.maxFileBytes = maxFileBytes
        self.maxAttachmentsPerMessage = maxAttachmentsPerMessage
    }

    public static let standard = AttachmentLimits()

    public func check(filename: String, size: Int) -> AttachmentProblem? {
        if let problem = Self.checkFilename(filename) { return problem }
        if size == 0 { return .empty(filename: filename) }
        if size > maxFileBytes { return .tooLarge(filename: filename, bytes: size, limit: maxFileBytes) }
        return nil
    }

    /// After trimming: 1–255 UTF-8 bytes, no `"`, `/`, `\`, and no control,
    /// format or line/paragraph separator characters.
    public static func checkFilename(_ name: String) -> AttachmentProblem? {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return .badFilename(name, why: "it is empty") }
        if trimmed.utf8.count > 255 { return .badFilename(name, why: "it is longer than 255 bytes") }
        for scalar in trimmed.unicodeScalars {
            if scalar == "\"" || scalar == "/" || scalar == "\\" {
                return .badFilename(name, why: "it contains \(scalar)")
            }
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator:
                return .badFilename(name, why: "it contains an invisible or control character")
            default: continue
            }
        }
        return nil
    }

    static func describe(_ bytes: Int) -> String {
        if bytes >= 1024 * 1024 { return String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
        if bytes >= 1024 { return String(format: "%.1f KiB", Double(bytes) / 1024) }
        return "\(bytes) bytes"
    }
}
