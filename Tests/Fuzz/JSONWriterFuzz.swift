// libFuzzer target: JSONWriter (built with its one source file). Any bytes,
// read as text and cut into strings, must be written exactly as Foundation's
// encoder (unescaped slashes) writes them, and parse back to the same strings.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONWriter(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let parts = text.split(separator: "\u{1E}", omittingEmptySubsequences: false).map(String.init)
    var writer = JSONWriter()
    writer.beginArray()
    for (index, part) in parts.enumerated() {
        if index % 3 == 2 {
            writer.beginObject(); writer.key(part); writer.int(index); writer.endObject()
        } else {
            writer.string(part)
        }
    }
    writer.endArray()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    let reference = try? encoder.encode(parts.enumerated().map { index, part in
        index % 3 == 2 ? Element.object([part: index]) : Element.string(part)
    })
    guard let reference, reference == Data(writer.bytes) else {
        fatalError("writer \(String(decoding: writer.bytes, as: UTF8.self)) differs from the encoder for \(parts)")
    }
    guard let parsed = try? JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [Any], parsed.count == parts.count else {
        fatalError("writer output does not parse back for \(parts)")
    }
    return 0
}

private enum Element: Encodable {
    case string(String)
    case object([String: Int])

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .object(let members): try container.encode(members)
        }
    }
}
