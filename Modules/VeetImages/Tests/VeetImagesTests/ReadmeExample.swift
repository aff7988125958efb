// The embedding example of README.md, compiled and run here.
import Foundation
import VeetImages

/// What a photo becomes before upload: its new size and whether it still says where it was taken.
func uploadedPhoto() throws -> (name: String, width: Int, height: Int, hasLocation: Bool) {
    let photo = try SampleImage.jpeg(width: 4000, height: 3000,
                                     exif: SampleImage.gpsEXIF(latitude: 51.5, longitude: -0.12))
    let prepared = try ImageUpload.prepare(data: photo, name: "IMG_2041.HEIC")
    let info = try ImageInfo.read(prepared.data)
    return (prepared.name, info.width, info.height, info.hasLocation)
}

import Testing

@Suite struct ReadmeExample {
    @Test func runs() throws {
        let result = try uploadedPhoto()
        #expect(result.name == "IMG_2041.jpg")
        #expect((result.width, result.height, result.hasLocation) == (2000, 1500, false))
    }
}
