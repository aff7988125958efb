import Foundation

/// Why a file cannot be attached, checked before anything is sent. Every
/// case names the file, so a person adding several knows which one was left out.
public enum AttachmentProblem: Error, Sendable, Hashable, CustomStringConvertible {
    case empty(filename: String)
    case tooLarge(filename: String, bytes: Int, limit: Int)
    case imageTooLarge(filename: String, bytes: Int, limit: Int)
    /// Adding the file would bring the message's files to `totalBytes`.
    case totalTooLarge(filename: String, totalBytes: Int, limit: Int)
    case tooMany(filename: String, limit: Int)
    case badFilename(String, why: String)
    case unreadable(path: String, why: String)
    /// An image by its first bytes that could not be decoded (or re-encoded), so
    /// its metadata could not be removed: it is not sent as it is.
    case unusableImage(filename: String, why: String)

    public var description: String {
        switch self {
        case .empty(let name): "\"\(name)\" is empty; only files with content can be attached."
        case .tooLarge(let name, let bytes, let limit):
            "\"\(name)\" is \(ByteSize.describe(bytes)); the limit is \(ByteSize.describe(limit)) per file."
        case .imageTooLarge(let name, let bytes, let limit):
            "\"\(name)\" is \(ByteSize.describe(bytes)); the limit is \(ByteSize.describe(limit)) per image."
        case .totalTooLarge(let name, let total, let limit):
            "\"\(name)\" would bring the message's files to \(ByteSize.describe(total)); "
                + "the limit is \(ByteSize.describe(limit)) per message."
        case .tooMany(let name, let limit):
            "\"\(name)\" would be file \(limit + 1); a message can carry at most \(limit) attachments."
        case .badFilename(let name, let why): "The file name \"\(name)\" cannot be used: \(why)."
        case .unreadable(let path, let why): "\(path) could not be read: \(why)."
        case .unusableImage(let name, let why):
            "\"\(name)\" looks like an image but \(why), so its metadata (its location) could not be removed."
        }
    }

    /// The file the problem is about (its name, or the path that could not be read).
    public var filename: String {
        switch self {
        case .empty(let name), .tooLarge(let name, _, _), .imageTooLarge(let name, _, _),
             .totalTooLarge(let name, _, _), .tooMany(let name, _), .badFilename(let name, _),
             .unusableImage(let name, _):
            name
        case .unreadable(let path, _): path
        }
    }
}

/// How much one message may carry, checked before any upload. `standard` is
/// the client's own ceiling (docs/chat.md, Attachments and artifacts: 8 files, 32 MiB together, 8 MiB a
/// file, 6 MiB an image); `server` is what the contract lets the server take
/// (docs/wire/sessions-runs.md §6.3 and §3.1: 32 MiB a file, 10 attachment blocks).
public struct AttachmentLimits: Sendable, Hashable {
    public var maxFileBytes: Int
    public var maxImageBytes: Int
    public var maxTotalBytes: Int
    public var maxAttachmentsPerMessage: Int
    /// The largest photo read to be re-encoded (a JPEG, HEIC, TIFF... is sent
    /// smaller than it is on disk, so the limits above apply to what it
    /// becomes): this client's own ceiling on what it decodes.
    public var maxSourceImageBytes: Int

    public init(maxFileBytes: Int = 8 * ByteSize.mebibyte, maxImageBytes: Int = 6 * ByteSize.mebibyte,
                maxTotalBytes: Int = 32 * ByteSize.mebibyte, maxAttachmentsPerMessage: Int = 8,
                maxSourceImageBytes: Int = 64 * ByteSize.mebibyte) {
        self.maxFileBytes = maxFileBytes
        self.maxImageBytes = maxImageBytes
        self.maxTotalBytes = maxTotalBytes
        self.maxAttachmentsPerMessage = maxAttachmentsPerMessage
        self.maxSourceImageBytes = maxSourceImageBytes
    }

    public static let standard = AttachmentLimits()
    public static let server = AttachmentLimits(maxFileBytes: 32 * ByteSize.mebibyte, maxImageBytes: 32 * ByteSize.mebibyte,
                                                maxTotalBytes: 320 * ByteSize.mebibyte, maxAttachmentsPerMessage: 10)

    /// One file on its own: its name, not empty, not over the file (or image)
    /// limit. A file to be `reencoded` is checked, before it is read, only
    /// against `maxSourceImageBytes`: the other limits judge what it becomes.
    public func check(filename: String, size: Int, isImage: Bool = false, reencoded: Bool = false) -> AttachmentProblem? {
        if let problem = Self.checkFilename(filename) { return problem }
        if size == 0 { return .empty(filename: filename) }
        if reencoded {
            return size > maxSourceImageBytes ? .tooLarge(filename: filename, bytes: size, limit: maxSourceImageBytes) : nil
        }
        if size > maxFileBytes { return .tooLarge(filename: filename, bytes: size, limit: maxFileBytes) }
        if isImage, size > maxImageBytes { return .imageTooLarge(filename: filename, bytes: size, limit: maxImageBytes) }
        return nil
    }

    /// One more file next to `sizes` already in the message: the file's own
    /// rules, then the count, then the total (to which a file still to be
    /// `reencoded` adds nothing yet: its size is known once it is).
    public func check(adding filename: String, size: Int, isImage: Bool = false, reencoded: Bool = false,
                      to sizes: [Int]) -> AttachmentProblem? {
        if let problem = check(filename: filename, size: size, isImage: isImage, reencoded: reencoded) { return problem }
        if sizes.count >= maxAttachmentsPerMessage { return .tooMany(filename: filename, limit: maxAttachmentsPerMessage) }
        let total = sizes.reduce(reencoded ? 0 : size, +)
        if total > maxTotalBytes { return .totalTooLarge(filename: filename, totalBytes: total, limit: maxTotalBytes) }
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
}

/// Sizes in words, in binary units as the limits are (`4.0 MiB`), the same
/// on every machine (no locale).
public enum ByteSize {
    public static let kibibyte = 1024
    public static let mebibyte = 1024 * 1024
    public static let gibibyte = 1024 * 1024 * 1024

    public static func describe(_ bytes: Int) -> String {
        if bytes >= gibibyte { return String(format: "%.1f GiB", Double(bytes) / Double(gibibyte)) }
        if bytes >= mebibyte { return String(format: "%.1f MiB", Double(bytes) / Double(mebibyte)) }
        if bytes >= kibibyte { return String(format: "%.1f KiB", Double(bytes) / Double(kibibyte)) }
        return "\(bytes) bytes"
    }

    /// Progress in the total's unit: `1.2 of 4.0 MiB`.
    public static func progress(_ sent: Int, of total: Int) -> String {
        let (unit, name): (Int, String) = total >= gibibyte ? (gibibyte, "GiB")
            : total >= mebibyte ? (mebibyte, "MiB") : total >= kibibyte ? (kibibyte, "KiB") : (1, "bytes")
        if unit == 1 { return "\(sent) of \(total) bytes" }
        return String(format: "%.1f of %.1f ", Double(sent) / Double(unit), Double(total) / Double(unit)) + name
    }
}
