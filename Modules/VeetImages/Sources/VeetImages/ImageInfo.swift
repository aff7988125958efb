import CVips
import Foundation

/// What an image file says about itself once decoded: its size and the
/// metadata fields libvips finds in it (`exif-data`, `exif-ifd3-GPSLatitude`,
/// `xmp-data`, `icc-profile-data`...).
public struct ImageInfo: Sendable, Equatable {
    public var format: ImageFormat
    public var width: Int
    public var height: Int
    /// Metadata field names, sorted; the basic header fields (width, bands, ...) left out.
    public var metadata: [String]

    /// Any EXIF, XMP, IPTC or colour-profile block.
    public var hasMetadata: Bool { !metadata.isEmpty }
    /// A GPS field (EXIF's GPS directory is its IFD 3 in libvips's names).
    public var hasLocation: Bool { metadata.contains { $0.hasPrefix("exif-ifd3-") } }

    /// Fields every image has, which say nothing about where it was taken.
    static let header: Set<String> = [
        "width", "height", "bands", "format", "coding", "interpretation", "xoffset", "yoffset", "xres", "yres",
        "filename", "vips-loader", "n-pages", "page-height", "bits-per-sample", "palette-bit-depth",
        "interlaced", "loop", "delay", "gif-delay", "gif-loop", "background", "jpeg-multiscan", "jpeg-chroma-subsample",
        "png-bit-depth", "png-palette", "heif-primary", "heif-compression", "heif-bitdepth", "orientation",
    ]

    /// Reads `data` (header and metadata; pixels are not decoded).
    public static func read(_ data: Data, name: String = "image") throws(ImageError) -> ImageInfo {
        guard let format = ImageFormat.sniff(data) else {
            throw .undecodable(name: name, format: .png, reason: "it does not start like an image")
        }
        try Vips.start()
        let result: Result<ImageInfo, ImageError> = data.withUnsafeBytes { raw in
            Result { () throws(ImageError) -> ImageInfo in
                try Vips.with({ image in
                    image = cvips_load(raw.baseAddress, raw.count)
                    return image == nil ? -1 : 0
                }, failure: { .undecodable(name: name, format: format, reason: $0) }) { image in
                    var names: [String] = []
                    if let fields = cvips_fields(image) {
                        var index = 0
                        while let field = fields[index] {
                            names.append(String(cString: field))
                            index += 1
                        }
                        cvips_free_strings(fields)
                    }
                    return ImageInfo(format: format, width: Int(cvips_width(image)),
                                     height: Int(cvips_height(image)),
                                     metadata: names.filter { !header.contains($0) }.sorted())
                }
            }
        }
        return try result.get()
    }
}
