import Foundation
import VeetTransport

public enum MessageRole: LenientEnum {
    case user, assistant
    case unknown(String)

    public static let wireNames: [(MessageRole, String)] = [(.user, "user"), (.assistant, "assistant")]

    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// One transcript item. `sequence` shares its number space with the SSE `id:`.
public struct SessionMessageView: Codable, Sendable, Hashable {
    public var sequence: Int64
    public var role: MessageRole
    /// Blocks with an unknown `type` are kept as `.unknown`, never a decoding failure.
    public var content: [ContentBlock]

    public init(sequence: Int64, role: MessageRole, content: [ContentBlock]) {
        self.sequence = sequence
        self.role = role
        self.content = content
    }

    enum CodingKeys: String, CodingKey {
        case sequence, role, content
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        sequence = try c.decode(Int64.self, forKey: .sequence)
        role = try c.decode(MessageRole.self, forKey: .role)
        content = try c.decodeIfPresent(FlexibleContent.self, forKey: .content)?.blocks ?? []
    }

    /// The text blocks joined.
    public var plainText: String { content.compactMap(\.text).joined() }
}
