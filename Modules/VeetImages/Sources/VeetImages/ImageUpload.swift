import CVips
import Foundation

/// A file made ready to leave the machine.
public struct PreparedUpload: Sendable, Equatable {
    /// What was done to the bytes.
    public enum Change: Sendable, Equatable {
        /// Not an image by its first bytes: the file as it is.
        case notAnImage
        /// A small PNG, GIF or WebP: the file as it is.
        case keptSmall(ImageFormat)
        /// Decoded, turned upright, shrunk to the long edge and written again as
        /// JPEG without any metadata (location, camera, time, colour profile).
        case reencoded(from: ImageFormat, width: Int, height: Int)
    }

    public var data: Data
    /// The file name to send: a re-encoded image ends in `.jpg`.
    public var name: String
    /// The media type by the bytes; nil when not an image.
    public var mediaType: String?
    public var change: Change

    public init(data: Data, name: String, mediaType: String?, change: Change) {
        self.data = data
        self.name = name
        self.mediaType = mediaType
        self.change = change
    }

    public var wasReencoded: Bool {
        if case .reencoded = change { true } else { false }
    }
}

/// What happens to a file before it is uploaded: every image except a small
/// PNG, GIF or WebP is re-encoded as JPEG with its long edge at most
/// `maxLongEdge` pixels and all metadata left out, so a photo's location never
/// leaves the machine. A file that is no image by its first bytes goes as it
/// is; one that is an image by them but does not decode is refused.
public enum ImageUpload {
    /// The longest side a re-encoded image keeps, and the most a kept PNG, GIF or WebP may have.
    public static let maxLongEdge = 2000
    public static let jpegQuality: Int32 = 85
    /// Formats sent as they are when small: they are what an image block takes, and
    /// re-encoding would lose their transparency, sharp edges or animation.
    public static let keptWhenSmall: Set<ImageFormat> = [.png, .gif, .webp]

    /// True when an image of `format` is re-encoded whatever its size (its
    /// bytes on disk then say nothing of what is sent).
    public static func alwaysReencodes(_ format: ImageFormat) -> Bool {
        !keptWhenSmall.contains(format)
    }

    /// `data` as it should be sent. Decoding runs in the caller's thread (a
    /// large photo takes tens of milliseconds): call it off any UI loop.
    public static func prepare(data: Data, name: String) throws(ImageError) -> PreparedUpload {
        guard let format = ImageFormat.sniff(data) else {
            return PreparedUpload(data: data, name: name, mediaType: nil, change: .notAnImage)
        }
        try Vips.start()
        let result: Result<PreparedUpload, ImageError> = data.withUnsafeBytes { raw in
            Result { () throws(ImageError) -> PreparedUpload in try prepare(raw, data: data, name: name, format: format) }
        }
        return try result.get()
    }

    private static func prepare(_ raw: UnsafeRawBufferPointer, data: Data, name: String,
                                format: ImageFormat) throws(ImageError) -> PreparedUpload {
        let undecodable = { (reason: String) in ImageError.undecodable(name: name, format: format, reason: reason) }
        // The header alone says the size; pixels are decoded only for a re-encode.
        let longEdge = try Vips.with({ image in
            image = cvips_load(raw.baseAddress, raw.count)
            return image == nil ? -1 : 0
        }, failure: undecodable) { image in Int(max(cvips_width(image), cvips_height(image))) }
        if keptWhenSmall.contains(format), longEdge <= maxLongEdge {
            return PreparedUpload(data: data, name: name, mediaType: format.mediaType, change: .keptSmall(format))
        }
        return try Vips.with({ cvips_thumbnail(raw.baseAddress, raw.count, Int32(maxLongEdge), &$0) },
                             failure: undecodable) { shrunk throws(ImageError) in
            let width = Int(cvips_width(shrunk)), height = Int(cvips_height(shrunk))
            let notEncoded = { (reason: String) in ImageError.notEncoded(name: name, reason: reason) }
            let jpeg: Data
            if cvips_has_alpha(shrunk) != 0 {
                jpeg = try Vips.with({ cvips_flatten_white(shrunk, &$0) }, failure: notEncoded) { flat throws(ImageError) in
                    try Vips.save({ cvips_jpeg(flat, jpegQuality, 1, &$0, &$1) }, failure: notEncoded)
                }
            } else {
                jpeg = try Vips.save({ cvips_jpeg(shrunk, jpegQuality, 1, &$0, &$1) }, failure: notEncoded)
            }
            return PreparedUpload(data: jpeg, name: jpegName(for: name), mediaType: "image/jpeg",
                                  change: .reencoded(from: format, width: width, height: height))
        }
    }

    /// `name` with a `.jpg` extension in place of its own (kept when already JPEG).
    public static func jpegName(for name: String) -> String {
        let ns = name as NSString
        let ext = ns.pathExtension.lowercased()
        if ext == "jpg" || ext == "jpeg" { return name }
        let stem = ext.isEmpty ? name : ns.deletingPathExtension
        return (stem.isEmpty ? "image" : stem) + ".jpg"
    }
}
