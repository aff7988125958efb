/// Turns inlines into word, space and break runs, applying roles, the
/// no-attribute markers and the link rules.
struct InlineFlattener {
    let style: TerminalStyle

    func runs(_ inlines: [MarkdownInline], roles: MarkdownRoles = .none) -> [MarkdownRun] {
        var result: [MarkdownRun] = []
        // Markers and link URLs add runs around the inlines; room for most of them.
        result.reserveCapacity(2 * inlines.count + 4)
        append(inlines, roles: roles, link: nil, to: &result)
        return result
    }

    private func append(_ inlines: [MarkdownInline], roles: MarkdownRoles, link: String?, to result: inout [MarkdownRun]) {
        for inline in inlines {
            switch inline {
            case .text(let text):
                appendWords(text, roles: roles, link: link, to: &result)
            case .html(let html):
                appendWords(html, roles: roles, link: link, to: &result)
            case .softBreak:
                result.append(MarkdownRun(text: " ", width: 1, kind: .text, roles: roles, link: link))
            case .lineBreak:
                result.append(.lineBreak)
            case .code(let code):
                appendMarked(style.attributes ? "" : "`", roles: roles.adding(.code), link: link, to: &result) { roles, result in
                    appendWords(code, roles: roles, link: link, to: &result)
                }
            case .emphasis(let children):
                appendMarked(style.attributes ? "" : "_", roles: roles.adding(.emphasis), link: link, to: &result) {
                    append(children, roles: $0, link: link, to: &$1)
                }
            case .strong(let children):
                appendMarked(style.attributes ? "" : "**", roles: roles.adding(.strong), link: link, to: &result) {
                    append(children, roles: $0, link: link, to: &$1)
                }
            case .strikethrough(let children):
                appendMarked(style.attributes ? "" : "~~", roles: roles.adding(.strikethrough), link: link,
                             to: &result) {
                    append(children, roles: $0, link: link, to: &$1)
                }
            case .link(let url, _, let children):
                appendLink(url: url, text: { children.plainText }, roles: roles, to: &result) {
                    append(children, roles: $0, link: $1, to: &$2)
                }
            case .image(let url, _, let alt):
                let altText = alt.plainText
                appendLink(url: url, text: { altText }, roles: roles, to: &result) { roles, target, result in
                    appendWords("[image: " + (altText.isEmpty ? "" : altText) + "]", roles: roles, link: target,
                                to: &result)
                }
            }
        }
    }

    /// `marker` glued to both ends of the content (nothing when it is empty).
    func appendMarked(_ marker: String, roles: MarkdownRoles, link: String?, to result: inout [MarkdownRun],
                              content: (MarkdownRoles, inout [MarkdownRun]) -> Void) {
        if !marker.isEmpty { result.append(MarkdownRun(marker, roles: roles, link: link)) }
        content(roles, &result)
        if !marker.isEmpty { result.append(MarkdownRun(marker, roles: roles, link: link)) }
    }

    /// Link text, hyperlinked with OSC 8 when allowed (https and mailto only);
    /// otherwise the text followed by the URL in parentheses when they differ.
    /// `text` is only needed (and built) when the link is not a hyperlink.
    func appendLink(url: String, text: () -> String, roles: MarkdownRoles, to result: inout [MarkdownRun],
                            content: (MarkdownRoles, String?, inout [MarkdownRun]) -> Void) {
        let target = style.hyperlinks ? LinkPolicy.hyperlinkTarget(url) : nil
        content(roles.adding(.link), target, &result)
        if target == nil, !url.isEmpty, !LinkPolicy.textShowsURL(text: text(), url: url) {
            result.append(MarkdownRun(text: " ", width: 1, kind: .text, roles: roles, link: nil))
            appendWords("(" + url + ")", roles: roles.adding(.dim), link: nil, to: &result)
        }
    }

    /// One run for the text (the wrapper finds the spaces); tabs become
    /// spaces and control characters visible. Its width is left for the
    /// wrapper to measure.
    func appendWords(_ text: String, roles: MarkdownRoles, link: String?, to result: inout [MarkdownRun]) {
        guard !text.isEmpty else { return }
        let visible = TerminalText.visible(text, tabsAsSpaces: true)
        result.append(MarkdownRun(text: visible, width: 0, kind: .text, roles: roles, link: link))
    }
}

/// Which links may become terminal hyperlinks.
enum LinkPolicy {
    /// The OSC 8 target for `url`, or nil when the link must stay plain text:
    /// only https and mailto qualify, and only printable ASCII may reach the
    /// terminal (other bytes are percent-encoded, control characters refused).
    static func hyperlinkTarget(_ url: String) -> String? {
        guard hasHyperlinkScheme(url) else { return nil }
        // Most URLs are printable ASCII already and pass through unchanged.
        var needsEncoding = false
        for byte in url.utf8 {
            switch byte {
            case 0x21...0x7E: continue
            case 0x80...0xFF: needsEncoding = true
            default: return nil
            }
        }
        if !needsEncoding { return url }
        var target = ""
        for byte in url.utf8 {
            switch byte {
            case 0x21...0x7E: target.unicodeScalars.append(UnicodeScalar(byte))
            case 0x80...0xFF:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                target.unicodeScalars.append("%")
                target.unicodeScalars.append(hex[Int(byte >> 4)])
                target.unicodeScalars.append(hex[Int(byte & 0x0F)])
            default: return nil
            }
        }
        return target
    }

    /// https or mailto, in any case. Compares ASCII bytes directly; anything
    /// else in the first characters goes through full Unicode lowercasing.
    private static func hasHyperlinkScheme(_ url: String) -> Bool {
        var prefix: [UInt8] = []
        prefix.reserveCapacity(8)
        for byte in url.utf8.prefix(8) {
            guard byte < 0x80 else {
                let lowered = url.prefix(8).lowercased()
                return lowered.hasPrefix("https://") || lowered.hasPrefix("mailto:")
            }
            prefix.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
        }
        return prefix.starts(with: "https://".utf8) || prefix.starts(with: "mailto:".utf8)
    }

    /// True when the text already says the URL (autolinks), so it is not repeated.
    static func textShowsURL(text: String, url: String) -> Bool {
        text == url || "mailto:" + text == url || "http://" + text == url
    }
}

enum TerminalText {
    /// `text` with control characters (C0, DEL, C1) replaced by U+FFFD so
    /// Markdown can never send escape sequences to the terminal. Tabs stay.
    static func visible(_ text: String, tabsAsSpaces: Bool = false) -> String {
        // Fast path: C1 controls are encoded as C2 80...C2 9F, so a scan for
        // bytes below 0x20, DEL and the C2 lead byte finds every candidate.
        var clean = true
        for byte in text.utf8 where byte < 0x20 || byte == 0x7F || byte == 0xC2 {
            if byte == 0x09, !tabsAsSpaces { continue }
            clean = false
            break
        }
        if clean { return text }
        var result = ""
        result.unicodeScalars.append(contentsOf: text.unicodeScalars.map { scalar -> Unicode.Scalar in
            if scalar == "\t" { return tabsAsSpaces ? " " : scalar }
            return isControl(scalar.value) ? "\u{FFFD}" : scalar
        })
        return result
    }

    private static func isControl(_ value: UInt32) -> Bool {
        (value < 0x20 && value != 0x09) || (0x7F...0x9F).contains(value)
    }
}
