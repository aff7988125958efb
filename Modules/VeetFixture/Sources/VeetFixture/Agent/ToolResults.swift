import Foundation

/// Result documents the scripted tools return (the text inside `result_item.content`).
enum ToolResults {
    /// A `web.search` answer: the query, a short answer, and two results.
    static func webSearch(query: String, answer: String) -> String {
        let slug = query.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: "-")
        let document: JSON = [
            "answer": .string(answer), "query": .string(query),
            "results": [
                [
                    "snippet": .string(answer), "title": .string("Guide: \(query)"),
                    "url": .string("https://guides.example.org/\(slug)"),
                ],
                [
                    "snippet": .string("Forum thread about \(query)."), "title": .string("Discussion: \(query)"),
                    "url": .string("https://forum.example.net/t/\(slug)"),
                ],
            ],
        ]
        return document.serialized(sortedKeys: true)
    }

    /// The outcome document of a failed, unavailable, uncertain or denied call (docs/wire/streaming.md §6.3),
    /// in the member order of the recorded example.
    static func outcome(
        status: String, action: String, reasonCode: String, message: String, retryable: Bool, remediation: String
    ) -> String {
        let document: JSON = [
            "status": .string(status), "action": .string(action), "reason_code": .string(reasonCode),
            "message": .string(message), "retryable": .bool(retryable), "remediation": .string(remediation),
        ]
        return document.serialized()
    }
}
