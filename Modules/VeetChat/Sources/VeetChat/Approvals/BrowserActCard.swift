import Foundation
import VeetTransport
import VeetWire

/// Text authored by a website (page title, element names). It is shown
/// quoted and labelled so nobody mistakes it for the agent's or the server's words.
public struct WebsiteText: Sendable, Hashable, CustomStringConvertible {
    public let raw: String

    public init(_ raw: String) { self.raw = raw }

    /// `website text: "Sign in"`, with inner quotes and line breaks neutralised.
    public var description: String {
        let flattened = raw.replacingOccurrences(of: "\"", with: "'")
            .components(separatedBy: .newlines).joined(separator: " ")
        return "website text: \"\(flattened)\""
    }
}

/// The `browser.act` approval card (docs/wire/website-access.md §9): what the browser
/// will do, on which element of which page, and the task permission the
/// server offers, if any. Built only for `arguments.view == "browser.act.v1"`;
/// other versions are shown as a generic approval.
public struct BrowserActCard: Sendable, Hashable {
    public static let viewVersion = "browser.act.v1"

    /// `click`, `type`, `select`, `check`, `press`, `scroll` (or a newer kind, kept as sent).
    public var action: String
    /// False when the server can no longer describe the action; only `action` is known.
    public var described: Bool
    public var pageOrigin: String?
    public var pagePath: String?
    public var pageTitle: WebsiteText?
    public var elementRole: String?
    public var elementName: WebsiteText?
    public var elementText: WebsiteText?
    public var elementContext: WebsiteText?
    public var field: String?
    /// What will be typed (the agent's text, or "[REDACTED]" for secret fields).
    public var typedText: String?
    public var option: WebsiteText?
    public var key: String?
    public var scrollDeltaY: Int64?
    public var checked: Bool?
    /// `routine`, `unknown` or a named exception such as `payment`.
    public var consequence: String?
    /// The browser will refuse this action (typing into a password field).
    public var refused: Bool
    /// Server text such as "Click a button on www.example.org/lesson".
    public var serverSummary: String
    public var taskOffer: TaskOfferDisplay?
    /// Why an active task permission did not cover this action, as a sentence.
    public var notCoveredExplanation: String?

    /// Nil unless the approval is a `browser.act.v1` card.
    public init?(_ approval: ApprovalView) {
        let arguments = approval.arguments
        guard approval.toolName == "browser.act", arguments["view"]?.stringValue == Self.viewVersion else { return nil }
        func text(_ key: String) -> String? { arguments[key]?.stringValue }
        func website(_ key: String) -> WebsiteText? { text(key).map(WebsiteText.init) }
        func flag(_ key: String) -> Bool? { if case .bool(let value)? = arguments[key] { value } else { nil } }
        action = text("kind") ?? "act"
        described = flag("described") ?? true
        pageOrigin = text("page_origin")
        pagePath = text("page_path")
        pageTitle = website("page_title")
        elementRole = text("element_role")
        elementName = website("element_name")
        elementText = website("element_text")
        elementContext = website("element_context")
        field = text("field")
        typedText = text("text")
        option = website("option")
        key = text("key")
        scrollDeltaY = arguments["scroll_delta_y"]?.intValue
        checked = flag("checked")
        consequence = text("consequence")
        refused = flag("refused") ?? false
        serverSummary = approval.actionSummary
        taskOffer = approval.taskGrantOffer.map(TaskOfferDisplay.init)
        notCoveredExplanation = approval.taskGrantNotCovered.map { Self.explain(notCovered: $0.reason) }
    }

    /// "www.example.org/lesson" style page name.
    public var page: String? {
        guard let pageOrigin else { return nil }
        let host = URL(string: pageOrigin)?.host ?? pageOrigin
        return host + (pagePath ?? "")
    }

    /// The element as "button website text: "Sign in"" (role, then the page's own words).
    public var element: String? {
        let parts = [elementRole, elementName?.description, elementText?.description].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// One line naming action, element and page.
    public var headline: String {
        guard described else { return "\(action.capitalized) (the server can no longer describe this action)" }
        var line = action.capitalized
        if let element { line += " \(element)" }
        if let page { line += " on \(page)" }
        return line
    }

    /// A named exception (payment, purchase, ...) always asks again, even under a task permission.
    public var isNamedException: Bool {
        guard let consequence else { return false }
        return TaskOfferDisplay.namedExceptions.contains(consequence)
    }

    static func explain(notCovered reason: String?) -> String {
        let code = reason.map { $0.hasPrefix("browser.task_grant.") ? String($0.dropFirst(19)) : $0 } ?? ""
        if code.hasPrefix("excluded.") {
            let what = code.dropFirst(9).replacingOccurrences(of: "_", with: " ")
            return "The task permission never covers \(what) actions; this one needs your decision."
        }
        switch code {
        case "expired": return "The task permission has expired."
        case "exhausted": return "The task permission has used all its actions."
        case "revoked", "ended": return "The task permission was stopped."
        case "outside_origin", "outside_prefix", "link_outside_prefix", "form_outside_prefix":
            return "This action leaves the site area the task permission covers."
        case "text_too_long", "text_budget_exhausted", "text_not_covered":
            return "The text to type is beyond what the task permission allows."
        case "sensitive_path": return "This page is a sensitive area the task permission does not cover."
        default: return "The task permission does not cover this action."
        }
    }
}

/// The server's task-permission offer as it is shown beside the choice:
/// site scope, limits and the exceptions that still ask.
public struct TaskOfferDisplay: Sendable, Hashable {
    /// Actions that always ask again whatever the permission says (docs/wire/website-access.md §9).
    public static let namedExceptions = [
        "payment", "purchase", "account_recovery", "authentication_change", "permission_change",
        "legal_acceptance", "publication", "destructive", "file_transfer", "security_change",
    ]

    public let offer: TaskGrantOffer

    public init(_ offer: TaskGrantOffer) { self.offer = offer }

    /// "https://www.example.org/lesson": origin and path prefix from the configured scope.
    public var siteScope: String { offer.origin + offer.pathPrefix }

    /// "30 minutes · 200 actions · 4096 typed characters".
    public var limits: String {
        var parts: [String] = []
        if let seconds = offer.durationSeconds { parts.append("\(max(1, seconds / 60)) minutes") }
        if let actions = offer.maxActions { parts.append("\(actions) actions") }
        if let typed = offer.maxTypedCharacters { parts.append("\(typed) typed characters") }
        if !offer.actionKinds.isEmpty { parts.append("only " + offer.actionKinds.joined(separator: ", ")) }
        return parts.joined(separator: " · ")
    }

    public var exceptions: String {
        "Always asks again for: " + Self.namedExceptions.map { $0.replacingOccurrences(of: "_", with: " ") }
            .joined(separator: ", ") + ". Passwords and one-time codes are never typed."
    }

    /// The server's own sentence, if it sent one.
    public var summary: String? { offer.summary }
}
