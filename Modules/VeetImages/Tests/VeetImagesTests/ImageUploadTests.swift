import Foundation
import Testing
@testable import VeetImages

@Suite struct ImageUploadTests {
    /// A camera photo: 3000 x 1500 with a GPS position in its EXIF block.
    static func photo() throws -> Data {
        try SampleImage.jpeg(width: 3000, height: 1500, exif: SampleImage.gpsEXIF(latitude: 48.8584, longitude: -2.2945))
    }

    @Test func theSamplePhotoReallyCarriesALocation() throws {
        let info = try ImageInfo.read(Self.photo())
        #expect(info.hasLocation)
        #expect(info.metadata.contains("exif-data"))
        #expect((info.width, info.height) == (3000, 1500))
    }

    @Test func aLargePhotoIsShrunkToTheLongEdgeAndLosesEveryMetadataField() throws {
        let original = try Self.photo()
        let prepared = try ImageUpload.prepare(data: original, name: "IMG_0001.JPG")
        #expect(prepared.change == .reencoded(from: .jpeg, width: 2000, height: 1000))
        #expect(prepared.mediaType == "image/jpeg")
        #expect(prepared.name == "IMG_0001.JPG")
        let info = try ImageInfo.read(prepared.data)
        #expect((info.width, info.height) == (2000, 1000))
        #expect(!info.hasLocation)
        #expect(info.metadata == [])
        // No APP1 segment and no EXIF signature anywhere in the bytes.
        #expect(prepared.data.range(of: Data("Exif".utf8)) == nil)
        #expect(!Self.hasSegment(0xE1, in: prepared.data))
        #expect(Self.hasSegment(0xE1, in: original))
    }

    @Test func aSmallJPEGIsStillReencodedSoItsLocationGoes() throws {
        let original = try SampleImage.jpeg(width: 640, height: 480, exif: SampleImage.gpsEXIF(latitude: -33.9, longitude: 151.2))
        let prepared = try ImageUpload.prepare(data: original, name: "small.jpeg")
        #expect(prepared.change == .reencoded(from: .jpeg, width: 640, height: 480))
        #expect(try !ImageInfo.read(prepared.data).hasMetadata)
    }

    @Test func smallPNGGIFAndWebPGoAsTheyAre() throws {
        let png = try SampleImage.png(width: 2000, height: 300)
        let prepared = try ImageUpload.prepare(data: png, name: "chart.png")
        #expect(prepared.data == png)
        #expect(prepared.change == .keptSmall(.png))
        #expect(prepared.name == "chart.png")
        #expect(prepared.mediaType == "image/png")
    }

    @Test func aLargePNGIsReencodedAsJPEGWithAJPGName() throws {
        let png = try SampleImage.png(width: 2001, height: 100)
        let prepared = try ImageUpload.prepare(data: png, name: "screenshot.png")
        #expect(prepared.change == .reencoded(from: .png, width: 2000, height: 100))
        #expect(prepared.name == "screenshot.jpg")
        #expect(ImageFormat.sniff(prepared.data) == .jpeg)
    }

    @Test func aFileThatIsNoImageByItsFirstBytesGoesAsItIs() throws {
        let pdf = Data("%PDF-1.7\n garbage that no loader reads".utf8)
        let prepared = try ImageUpload.prepare(data: pdf, name: "report.pdf")
        #expect(prepared == PreparedUpload(data: pdf, name: "report.pdf", mediaType: nil, change: .notAnImage))
        let text = Data("just words".utf8)
        #expect(try ImageUpload.prepare(data: text, name: "photo.jpg").data == text)
    }

    @Test func anImageThatDoesNotDecodeIsRefusedWithItsName() throws {
        var broken = Data([0xFF, 0xD8, 0xFF, 0xE0])
        broken.append(Data(repeating: 0x42, count: 64))
        #expect {
            try ImageUpload.prepare(data: broken, name: "broken.jpg")
        } throws: { error in
            guard case ImageError.undecodable(let name, let format, _) = error else { return false }
            return name == "broken.jpg" && format == .jpeg
                && String(describing: error).hasPrefix("\"broken.jpg\" looks like a JPEG image but cannot be decoded")
        }
    }

    @Test func anImageCutShortIsRefusedRatherThanSentWithAGreyEnd() throws {
        let screenshot = try SampleImage.png(width: 2400, height: 1600)
        let cut = screenshot.prefix(screenshot.count * 2 / 3)
        #expect(throws: ImageError.self) { try ImageUpload.prepare(data: cut, name: "cut.png") }
        let photo = try SampleImage.jpeg(width: 2400, height: 1600)
        #expect(throws: ImageError.self) { try ImageUpload.prepare(data: photo.prefix(photo.count / 2), name: "cut.jpg") }
    }

    @Test func sniffingKnowsTheCameraFormats() {
        #expect(ImageFormat.sniff(Data([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0])) == .tiff)
        #expect(ImageFormat.sniff(Data([0, 0, 0, 24]) + Data("ftypheic".utf8) + Data(count: 8)) == .heif)
        #expect(ImageFormat.sniff(Data([0, 0, 0, 24]) + Data("ftypavif".utf8) + Data(count: 8)) == .avif)
        #expect(ImageFormat.sniff(Data([0, 0, 0, 24]) + Data("ftypisom".utf8) + Data(count: 8)) == nil)
        #expect(ImageFormat.sniff(Data("<svg xmlns=".utf8)) == nil)
    }

    @Test func jpegNames() {
        #expect(ImageUpload.jpegName(for: "IMG_1.HEIC") == "IMG_1.jpg")
        #expect(ImageUpload.jpegName(for: "scan") == "scan.jpg")
        #expect(ImageUpload.jpegName(for: "a.b.tiff") == "a.b.jpg")
        #expect(ImageUpload.jpegName(for: "x.jpeg") == "x.jpeg")
    }

    @Test func manyThreadsPrepareAtOnce() async throws {
        let photo = try SampleImage.jpeg(width: 2400, height: 800)
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<4 { group.addTask { try ImageUpload.prepare(data: photo, name: "p.jpg").data.count } }
            for try await size in group { #expect(size > 0) }
        }
    }

    /// True when a JPEG marker segment of `marker` precedes the image data.
    static func hasSegment(_ marker: UInt8, in jpeg: Data) -> Bool {
        let bytes = [UInt8](jpeg)
        var index = 2
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            if bytes[index + 1] == marker { return true }
            if bytes[index + 1] == 0xDA { return false }  // start of scan
            index += 2 + Int(bytes[index + 2]) << 8 + Int(bytes[index + 3])
        }
        return false
    }
}
