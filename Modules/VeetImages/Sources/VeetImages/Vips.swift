import CVips
import Foundation

/// libvips, started once per process on first use. `VIPS_INIT` runs inside a
/// `static let` initializer, which Swift runs exactly once however many
/// threads ask at the same time; afterwards libvips is safe to call from any thread.
enum Vips {
    private static let started: Result<Void, ImageError> = {
        if let why = cvips_start() { return .failure(.unavailable(String(cString: why))) }
        return .success(())
    }()

    static func start() throws(ImageError) {
        try started.get()
    }

    /// The text of libvips's error buffer (which it keeps per process), emptied.
    static func lastError() -> String {
        guard let copy = cvips_last_error() else { return "libvips gave no reason" }
        defer { cvips_free(copy) }
        let text = String(cString: copy).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "libvips gave no reason" : text
    }

    /// Runs `body` with the image `make` produced, releasing it afterwards.
    static func with<T>(_ make: (inout OpaquePointer?) -> Int32,
                        failure: (String) -> ImageError,
                        _ body: (OpaquePointer) throws(ImageError) -> T) throws(ImageError) -> T {
        var image: OpaquePointer?
        guard make(&image) == 0, let made = image else {
            if let image { cvips_release(image) }
            throw failure(lastError())
        }
        defer { cvips_release(made) }
        return try body(made)
    }

    /// The bytes a saver wrote into a buffer libvips allocated, freed afterwards.
    static func save(_ write: (inout UnsafeMutableRawPointer?, inout Int) -> Int32,
                     failure: (String) -> ImageError) throws(ImageError) -> Data {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let result = write(&buffer, &length)
        defer { cvips_free(buffer) }
        guard result == 0, let buffer else { throw failure(lastError()) }
        return Data(bytes: buffer, count: length)
    }
}

/// Why an image could not be read or written.
public enum ImageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file starts like an image of `format` but libvips cannot decode it.
    case undecodable(name: String, format: ImageFormat, reason: String)
    /// Decoded, but re-encoding failed.
    case notEncoded(name: String, reason: String)
    /// libvips is missing or did not start.
    case unavailable(String)

    public var description: String {
        switch self {
        case .undecodable(let name, let format, let reason):
            "\"\(name)\" looks like a \(format.rawValue.uppercased()) image but cannot be decoded (\(reason)); it was not sent."
        case .notEncoded(let name, let reason): "\"\(name)\" could not be re-encoded as JPEG (\(reason)); it was not sent."
        case .unavailable(let reason): "The image library could not start: \(reason)."
        }
    }
}
