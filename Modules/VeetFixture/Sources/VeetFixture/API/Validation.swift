import Foundation

/// Request-body and parameter checks. Every failure is `400 malformed_request`.
enum Validation {
    static func jsonBody(_ data: Data) throws -> JSON {
        do { return try JSONParser.parse(data) } catch { throw APIFailure.malformed() }
    }

    /// The object's members, refusing unknown keys (request models are closed).
    static func closedObject(_ value: JSON, allowed: Set<String>) throws -> [String: JSON] {
        guard let members = value.objectMembers, members.allSatisfy({ allowed.contains($0.key) }) else {
            throw APIFailure.malformed()
        }
        return Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    static func uuid(_ text: String) throws -> String {
        guard let id = Identifier.canonical(text) else { throw APIFailure.malformed() }
        return id
    }

    /// `limit`: an integer ≥ 1, clamped to `maximum`.
    static func limit(_ text: String?, defaultValue: Int, maximum: Int = 200) throws -> Int {
        guard let text else { return defaultValue }
        guard let value = Int(text), value >= 1 else { throw APIFailure.malformed() }
        return min(value, maximum)
    }

    /// Content blocks with defaults filled in (`detail: "auto"`, `filename: null`).
    static func contentBlocks(_ value: JSON?) throws -> [JSON] {
        guard let items = value?.arrayValue, !items.isEmpty else { throw APIFailure.malformed() }
        return try items.map(contentBlock)
    }

    private static func contentBlock(_ block: JSON) throws -> JSON {
        guard let type = block["type"]?.stringValue else { throw APIFailure.malformed() }
        switch type {
        case "text":
            let fields = try closedObject(block, allowed: ["type", "text"])
            guard let text = fields["text"]?.stringValue, !text.isEmpty else { throw APIFailure.malformed() }
            return ["type": "text", "text": .string(text)]
        case "image":
            let fields = try closedObject(block, allowed: ["type", "artifact_id", "media_type", "detail"])
            let (artifactID, mediaType) = try attachmentFields(fields)
            var detail: JSON = "auto"
            if let given = fields["detail"] {
                guard given.stringValue != nil else { throw APIFailure.malformed() }
                detail = given
            }
            return ["type": "image", "artifact_id": .string(artifactID), "media_type": .string(mediaType), "detail": detail]
        case "file":
            let fields = try closedObject(block, allowed: ["type", "artifact_id", "media_type", "filename"])
            let (artifactID, mediaType) = try attachmentFields(fields)
            let filename = fields["filename"] ?? .null
            guard filename.isNull || filename.stringValue != nil else { throw APIFailure.malformed() }
            return ["type": "file", "artifact_id": .string(artifactID), "media_type": .string(mediaType), "filename": filename]
        default:
            throw APIFailure.malformed()
        }
    }

    private static func attachmentFields(_ fields: [String: JSON]) throws -> (String, String) {
        guard let artifactText = fields["artifact_id"]?.stringValue,
            let mediaType = fields["media_type"]?.stringValue, !mediaType.isEmpty
        else { throw APIFailure.malformed() }
        return (try uuid(artifactText), mediaType)
    }

    /// Text of the first block with visible text, whitespace runs collapsed (title rule).
    static func firstText(_ blocks: [JSON]) -> String? {
        for block in blocks where block["type"]?.stringValue == "text" {
            let collapsed = (block["text"]?.stringValue ?? "")
                .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            if !collapsed.isEmpty { return collapsed }
        }
        return nil
    }

    /// All text blocks joined (what the scripted agent reads).
    static func allText(_ blocks: [JSON]) -> String {
        blocks.compactMap { $0["type"]?.stringValue == "text" ? $0["text"]?.stringValue : nil }.joined(separator: "\n")
    }
}

/// Opaque page cursors: URL-safe base64 of a small JSON object.
enum Cursor {
    static func encode(_ value: JSON) -> String { Base64URL.encode(value.serializedData()) }

    static func decode(_ text: String) -> JSON? {
        guard let data = Base64URL.decode(text), let value = try? JSONParser.parse(data),
            value.objectMembers != nil
        else { return nil }
        return value
    }

    /// `{"k": <timestamp>, "i": <uuid>}` keyset position.
    static func keyset(_ text: String) -> (instant: Instant, id: String)? {
        guard let value = decode(text), let stamp = value["k"]?.stringValue, let instant = Instant(parsing: stamp),
            let idText = value["i"]?.stringValue, let id = Identifier.canonical(idText)
        else { return nil }
        return (instant, id)
    }

    static func keyset(instant: Instant, id: String) -> String {
        encode(["k": .string(instant.offset), "i": .string(id)])
    }
}
