import Foundation
import Testing
import VeetChat

/// Text or not, for an artifact viewer (moved from the TUI).
@Suite struct ArtifactPreviewTests {
    @Test func utf8WithoutNULIsTextWhateverTheLabel() {
        let bytes = Data("line one\nline two".utf8)
        for type in ["text/plain", "text/markdown; charset=utf-8", "application/octet-stream", "application/json",
                     "image/svg+xml"] {
            #expect(ArtifactPreview(mediaType: type, bytes: bytes) == .text("line one\nline two"), "\(type)")
        }
    }

    @Test func bytesThatAreNotUTF8OrCarryNULAreNotText() {
        #expect(ArtifactPreview(mediaType: "application/octet-stream", bytes: Data([0x89, 0x50, 0x4E, 0x47])) == .notText)
        #expect(ArtifactPreview(mediaType: "text/plain", bytes: Data("a\u{0}b".utf8)) == .notText)
    }

    @Test func aBinaryMediaTypeIsNeverShownAsText() {
        let bytes = Data("GIF-looking but decodable".utf8)
        for type in ["image/png", "IMAGE/JPEG", "audio/mpeg", "video/mp4", "application/pdf", "application/zip"] {
            #expect(ArtifactPreview(mediaType: type, bytes: bytes) == .notText, "\(type)")
        }
    }

    @Test func noBytesIsEmpty() {
        #expect(ArtifactPreview(mediaType: "text/plain", bytes: Data()) == .empty)
    }
}
