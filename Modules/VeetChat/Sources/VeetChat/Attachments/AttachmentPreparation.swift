import Foundation
import VeetImages

/// What a file goes through between being chosen and being uploaded (seed
/// 000's rule, done by VeetImages): every image except a small PNG, GIF or
/// WebP is re-encoded as JPEG, at most 2000 pixels on its long edge and with
/// its metadata (the location above all) left out; anything that is no image
/// by its first bytes goes as it is; an image that does not decode is refused.
public enum AttachmentPreparation {
    /// The words the tray and the CLI show beside a re-encoded file.
    public static let reencodedNotice = "re-encoded, location removed"

    /// The file as it will be sent. Runs libvips on the calling thread: the
    /// composer calls it off its actor.
    public static func prepare(filename: String, bytes: Data, mediaType: String?) throws(AttachmentProblem) -> Attachment {
        let prepared: PreparedUpload
        do {
            prepared = try ImageUpload.prepare(data: bytes, name: filename)
        } catch {
            throw .unusableImage(filename: filename, why: reason(error))
        }
        guard prepared.wasReencoded else { return Attachment(filename: filename, bytes: bytes, mediaType: mediaType) }
        return Attachment(filename: prepared.name, bytes: prepared.data, mediaType: prepared.mediaType,
                          notice: reencodedNotice)
    }

    /// True when a file starting with `head` is an image re-encoded whatever its size.
    public static func alwaysReencodes(_ head: Data) -> Bool {
        ImageFormat.sniff(head).map(ImageUpload.alwaysReencodes) ?? false
    }

    static func reason(_ error: ImageError) -> String {
        switch error {
        case .undecodable(_, let format, _): "it cannot be decoded as \(format.rawValue.uppercased())"
        case .notEncoded(_, let why): "it could not be re-encoded without its metadata (\(why))"
        case .unavailable(let why): "the image library is not available (\(why))"
        }
    }
}
