import Foundation
import Testing
import VeetTestSupport
import VeetTransport
@testable import VeetSettings

/// Settings-route answers for the `ScriptedServer`.
enum Wire {
    static func chatOption(_ policy: String, efforts: [String], default effort: String?) -> [String: Any] {
        ["model_policy": policy, "display_name": policy.capitalized, "provider": "p", "model": "m-\(policy)",
         "reasoning_efforts": efforts, "default_reasoning_effort": effort.map { $0 as Any } ?? NSNull()]
    }

    static func memoryOption(_ policy: String, effort: String?) -> [String: Any] {
        ["model_policy": policy, "display_name": policy, "provider": "p", "model": "m",
         "reasoning_effort": effort.map { $0 as Any } ?? NSNull()]
    }

    static func choice(_ policy: String, _ effort: String?) -> [String: Any] {
        ["model_policy": policy, "reasoning_effort": effort.map { $0 as Any } ?? NSNull()]
    }

    static func models(version: Int = 3, chat: [String: Any] = choice("frontier", "high"),
                       memory: [String: Any] = choice("memory_default", nil),
                       chatOptions: [[String: Any]]? = nil, memoryOptions: [[String: Any]]? = nil) -> [String: Any] {
        ["version": version, "chat": chat, "memory": memory,
         "chat_options": chatOptions ?? [chatOption("frontier", efforts: ["low", "medium", "high"], default: "high"),
                                         chatOption("fast", efforts: [], default: nil)],
         "memory_options": memoryOptions ?? [memoryOption("memory_default", effort: nil),
                                             memoryOption("memory_deep", effort: "medium"),
                                             memoryOption("memory_deep", effort: "high")]]
    }

    static func decodedModels(_ json: [String: Any] = models()) throws -> ModelSettings {
        try JSONDecoder().decode(ModelSettings.self, from: JSONSerialization.data(withJSONObject: json))
    }

    static func entry(_ text: String, source: String = "user_edit", belief: String? = nil) -> [String: Any] {
        ["text": text, "source": source, "source_belief_id": belief.map { $0 as Any } ?? NSNull(),
         "sensitivity": "internal"]
    }

    static func persona(version: Int = 5, _ texts: [String] = ["Call me Sam."]) -> [String: Any] {
        ["version": version, "entries": texts.map { entry($0) }, "source": "user_edit",
         "created_at": "2026-09-01T00:00:00Z"]
    }

    static func nomination(_ id: String, state: String = "nominated", at: String = "2026-09-01T00:00:00Z") -> [String: Any] {
        ["id": id, "belief_id": "b-\(id)", "statement": "Statement \(id)", "belief_type": "preference",
         "authority": "inferred", "confidence": 0.8, "corroboration_count": 3, "sensitivity": "internal",
         "state": state, "nominated_at": at, "resolved_at": NSNull(), "affirmed_version": NSNull()]
    }

    static func page(_ items: [[String: Any]]) -> HTTPResponse {
        .json(["items": items, "next_cursor": NSNull()])
    }

    static func body(_ request: HTTPRequest) throws -> [String: Any] {
        let data = try #require(request.body)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func api(_ server: ScriptedServer, retry: RetryPolicy = .never) -> SettingsAPI {
        SettingsAPI(sender: server.sender, retry: retry)
    }
}
