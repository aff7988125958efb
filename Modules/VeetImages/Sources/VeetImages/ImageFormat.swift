import Foundation

/// The raster formats recognised by their first bytes. Only a file that is
/// one of these is ever handed to the decoder: anything else (a PDF, an
/// archive, text, SVG) is not an image here.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png, jpeg, gif, webp, tiff, heif, avif, bmp

    /// The media type a file of this format is sent as.
    public var mediaType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .gif: "image/gif"
        case .webp: "image/webp"
        case .tiff: "image/tiff"
        case .heif: "image/heic"
        case .avif: "image/avif"
        case .bmp: "image/bmp"
        }
    }

    /// The format `bytes` start with, or nil when they start like no image.
    public static func sniff(_ bytes: Data) -> ImageFormat? {
        let head = [UInt8](bytes.prefix(16))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + signature.count && Array(head[offset..<offset + signature.count]) == signature
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts(Array("BM".utf8)), head.count >= 14 { return .bmp }
        // ISO base media: a `ftyp` box whose major brand names the still-image family.
        if starts(Array("ftyp".utf8), at: 4), head.count >= 12 {
            let brand = String(decoding: head[8..<12], as: UTF8.self)
            if ["avif", "avis"].contains(brand) { return .avif }
            if ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].contains(brand) { return .heif }
        }
        return nil
    }
}
