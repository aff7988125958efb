import Foundation

/// Seeded mutations of recorded bytes: flips, hostile insertions, deletions,
/// duplications and truncation, the shapes broken servers and proxies produce.
struct Mutator {
    var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    /// Bytes a hostile stream likes: line endings, NUL, invalid UTF-8, field syntax.
    private static let hostileBytes: [UInt8] = [0x0A, 0x0D, 0x00, 0xFF, 0xC3, 0xE2, 0x80, 0x3A, 0x20, 0x7B, 0x7D, 0x22, 0x5C, 0x1B]

    mutating func mutate(_ input: [UInt8], rounds: Int) -> [UInt8] {
        var bytes = input
        for _ in 0..<rounds {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0 where !bytes.isEmpty:
                bytes[position] = UInt8.random(in: 0...255, using: &random)
            case 1:
                bytes.insert(Self.hostileBytes.randomElement(using: &random)!, at: position)
            case 2 where !bytes.isEmpty:
                bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...32, using: &random)))
            case 3 where !bytes.isEmpty:
                let slice = bytes[position..<min(bytes.count, position + Int.random(in: 1...64, using: &random))]
                bytes.insert(contentsOf: slice, at: Int.random(in: 0...bytes.count, using: &random))
            case 4:
                bytes = Array(bytes.prefix(position))
            default:
                bytes.insert(contentsOf: (0..<Int.random(in: 1...16, using: &random)).map { _ in
                    UInt8.random(in: 0...255, using: &random)
                }, at: position)
            }
        }
        return bytes
    }

    /// Splits bytes into chunks of random sizes (1 byte up to 97).
    mutating func chunks(_ bytes: [UInt8]) -> [[UInt8]] {
        var result: [[UInt8]] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + Int.random(in: 1...97, using: &random))
            result.append(Array(bytes[start..<end]))
            start = end
        }
        return result
    }

    /// A JSON value with wrong types, odd numbers, nesting and strings planted in it.
    mutating func mutateJSON(_ value: Any, depth: Int = 0) -> Any {
        if Int.random(in: 0..<6, using: &random) == 0 { return hostileValue() }
        switch value {
        case let object as [String: Any]:
            var copy = object
            for key in object.keys {
                switch Int.random(in: 0..<8, using: &random) {
                case 0: copy[key] = nil
                case 1: copy[key] = hostileValue()
                default: copy[key] = mutateJSON(object[key]!, depth: depth + 1)
                }
            }
            if Bool.random(using: &random) { copy["unexpected_\(depth)"] = hostileValue() }
            return copy
        case let array as [Any]:
            return array.map { mutateJSON($0, depth: depth + 1) }
        default:
            return value
        }
    }

    mutating func hostileValue() -> Any {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return NSNull()
        case 1: return -1
        case 2: return 1e308
        case 3: return Int64.max
        case 4: return ""
        case 5: return String(repeating: "x", count: Int.random(in: 1...20_000, using: &random))
        case 6: return ["nested": [1, "two", NSNull()]] as [String: Any]
        case 7: return [Any]()
        case 8: return true
        default: return "NOT_A_KNOWN_VALUE_\u{1B}[31m"
        }
    }
}

/// The recordings of the transport tests, found next to this file.
enum Golden {
    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Modules/VeetTestSupport/Recordings")
    }

    static func sseRecordings() throws -> [[UInt8]] {
        let folder = directory.appendingPathComponent("sse")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".txt") }.sorted()
        return try names.map { Array(try Data(contentsOf: folder.appendingPathComponent($0))) }
    }

    static func json(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }
}
