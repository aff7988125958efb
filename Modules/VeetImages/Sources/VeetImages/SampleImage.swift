import CVips
import Foundation

/// Images made on the spot, for tests and examples: a colour gradient of any
/// size, as JPEG (optionally carrying an EXIF block with a GPS position, the
/// way a phone's camera writes one) or as PNG.
public enum SampleImage {
    /// A baseline JPEG `width` x `height`; with `exif`, that EXIF block
    /// (`Exif\0\0` and a TIFF structure) as an APP1 segment right after the start marker.
    public static func jpeg(width: Int, height: Int, exif: Data? = nil) throws(ImageError) -> Data {
        var jpeg = try gradient(width: width, height: height) { image, buffer, length in
            cvips_jpeg(image, 90, 1, &buffer, &length)
        }
        if let exif {
            let length = exif.count + 2
            var segment = Data([0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)])
            segment.append(exif)
            jpeg.insert(contentsOf: segment, at: 2)
        }
        return jpeg
    }

    /// A PNG `width` x `height` without metadata.
    public static func png(width: Int, height: Int) throws(ImageError) -> Data {
        try gradient(width: width, height: height) { image, buffer, length in cvips_png(image, &buffer, &length) }
    }

    /// An EXIF block (the APP1 payload) whose GPS directory holds a latitude
    /// and a longitude in degrees, minutes and seconds (`N`/`S`, `E`/`W` by sign).
    public static func gpsEXIF(latitude: Double, longitude: Double) -> Data {
        // Big-endian TIFF: header, IFD0 with one entry (the GPS directory's
        // offset), then the GPS directory with four entries, then six rationals.
        var tiff = Data()
        func u16(_ value: Int) { tiff.append(contentsOf: [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]) }
        func u32(_ value: Int) { u16(value >> 16); u16(value & 0xFFFF) }
        let gpsDirectory = 8 + 2 + 12 + 4
        let rationals = gpsDirectory + 2 + 4 * 12 + 4
        tiff.append(contentsOf: Array("MM".utf8)); u16(42); u32(8)
        u16(1); u16(0x8825); u16(4); u32(1); u32(gpsDirectory); u32(0)
        u16(4)
        u16(0x0001); u16(2); u32(2); tiff.append(contentsOf: [latitude < 0 ? 0x53 : 0x4E, 0, 0, 0])
        u16(0x0002); u16(5); u32(3); u32(rationals)
        u16(0x0003); u16(2); u32(2); tiff.append(contentsOf: [longitude < 0 ? 0x57 : 0x45, 0, 0, 0])
        u16(0x0004); u16(5); u32(3); u32(rationals + 24)
        u32(0)
        for value in [abs(latitude), abs(longitude)] {
            let degrees = Int(value), minutes = Int((value - Double(degrees)) * 60)
            let seconds = Int(((value - Double(degrees)) * 60 - Double(minutes)) * 60 * 100)
            u32(degrees); u32(1); u32(minutes); u32(1); u32(seconds); u32(100)
        }
        return Data("Exif".utf8) + Data([0, 0]) + tiff
    }

    private static func gradient(width: Int, height: Int,
                                 save: (OpaquePointer, inout UnsafeMutableRawPointer?, inout Int) -> Int32)
        throws(ImageError) -> Data {
        try Vips.start()
        let failure = { (reason: String) in ImageError.notEncoded(name: "sample", reason: reason) }
        return try Vips.with({ cvips_gradient(Int32(width), Int32(height), &$0) }, failure: failure) { image throws(ImageError) in
            try Vips.save({ save(image, &$0, &$1) }, failure: failure)
        }
    }
}
