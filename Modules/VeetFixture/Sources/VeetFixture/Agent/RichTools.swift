import Foundation

/// Tool calls of the richer scenarios (research, fetch, browse, export, long approval).
extension ToolProposal {
    static func readOnly(_ name: String, _ callID: String, _ arguments: JSON) -> ToolProposal {
        ToolProposal(
            name: name, callID: callID, arguments: arguments, risk: "LOW", policyReason: "policy.matrix.read_only")
    }

    static func search(_ callID: String, _ query: String) -> ToolProposal {
        readOnly("web.search", callID, ["query": .string(query)])
    }

    static func fetch(_ callID: String, _ url: String) -> ToolProposal {
        readOnly("web.fetch", callID, ["url": .string(url)])
    }

    /// `demo.external_write` with a 900-character note: its approval shows a cut copy plus a digest.
    static let longExternalWrite = ToolProposal(
        name: "demo.external_write", callID: "write-long-1",
        arguments: [
            "content": .string(String(repeating: "Quarterly planning notes, line by line. ", count: 23)),
            "destination": "demo://notes",
        ], risk: "HIGH", policyReason: "policy.matrix.external_write")

    static let browserOrigin = "https://www.example.org"
    static let browserPathPrefix = "/lesson"

    /// The task-grant offer of the browse scenario (docs/wire/website-access.md §9).
    static let browserTaskGrantOffer: JSON = [
        "origin": .string(browserOrigin), "path_prefix": .string(browserPathPrefix), "duration_seconds": 1800,
        "max_actions": 200, "max_typed_characters": 4096,
        "action_kinds": ["click", "type", "select", "check", "press", "scroll"],
        "summary": "Allow routine actions on www.example.org/lesson for the next 30 minutes.",
    ]

    /// `browser.act` clicking "Next lesson": needs approval, offers a task grant.
    static let browserClick = ToolProposal(
        name: "browser.act", callID: "browse-1",
        arguments: [
            "view": "browser.act.v1", "described": true, "kind": "click", "page_origin": .string(browserOrigin),
            "page_path": "/lesson/3", "page_title": "Lesson 3 — Irregular verbs", "element_role": "button",
            "element_name": "Next lesson", "consequence": "routine", "refused": false,
        ], risk: "MEDIUM", policyReason: "policy.matrix.browser_act",
        actionSummary: "Click a button on www.example.org/lesson", taskGrantOffer: browserTaskGrantOffer)

    /// The second `browser.act` of the browse scenario, covered by the task grant when one was made.
    static let browserType = ToolProposal(
        name: "browser.act", callID: "browse-2",
        arguments: [
            "view": "browser.act.v1", "described": true, "kind": "type", "page_origin": .string(browserOrigin),
            "page_path": "/lesson/4", "page_title": "Lesson 4 — Practice", "element_role": "textbox",
            "element_name": "Your answer", "text": "fui, fuiste, fue", "consequence": "routine", "refused": false,
        ], risk: "MEDIUM", policyReason: "policy.matrix.browser_act",
        actionSummary: "Type into a text box on www.example.org/lesson")

    static let exportCSV = ToolProposal(
        name: "artifact.export", callID: "export-csv-1",
        arguments: ["filename": "budget-summary.csv", "media_type": "text/csv", "path": "out/budget-summary.csv"],
        risk: "LOW", policyReason: "policy.matrix.read_only")

    static let exportChart = ToolProposal(
        name: "artifact.export", callID: "export-png-1",
        arguments: ["filename": "chart.png", "media_type": "image/png", "path": "out/chart.png"], risk: "LOW",
        policyReason: "policy.matrix.read_only")
}

/// Bytes of the exported files.
enum ExportedFiles {
    static let csv = Data(
        """
        category,budget,spent
        housing,1200,1200
        groceries,450,512.40
        transport,120,96.80
        fun,150,171.25

        """.utf8)

    /// A valid 1×1 transparent PNG.
    static let png = Data([
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
        0x89, 0x00, 0x00, 0x00, 0x0A, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x00, 0x01, 0x00, 0x00,
        0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE,
        0x42, 0x60, 0x82,
    ])
}
