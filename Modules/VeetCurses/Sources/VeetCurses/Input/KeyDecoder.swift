/// Turns the bytes a terminal sends into input events: characters (UTF-8),
/// control keys, CSI and SS3 sequences with xterm modifiers, ESC-prefixed
/// Alt, bracketed paste and SGR mouse reports.
///
/// Pure and incremental: `feed` accepts any chunking and holds back an
/// unfinished sequence until more bytes come. A lone ESC is ambiguous (the
/// Escape key, or the start of a sequence), so the caller waits a short
/// time after the last byte and then calls `flush`, which settles whatever
/// is held back (ESC alone becomes Escape).
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    /// The paste collected so far, while between ESC[200~ and ESC[201~.
    private var paste: [UInt8]?

    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    public init() {}

    /// True when bytes are held back that a `flush` would settle: the
    /// caller should flush after its escape timeout if nothing else comes.
    /// (An open paste waits for its end marker instead.)
    public var needsFlush: Bool { paste == nil && !pending.isEmpty }

    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
        pending.append(contentsOf: bytes)
        return drain(flushing: false)
    }

    /// Settles held-back bytes: each unfinished sequence is read byte by
    /// byte (ESC alone is Escape).
    public mutating func flush() -> [InputEvent] {
        drain(flushing: true)
    }

    private mutating func drain(flushing: Bool) -> [InputEvent] {
        var events: [InputEvent] = []
        var index = 0
        scanning: while index < pending.count {
            if paste != nil {
                index = collectPaste(from: index, into: &events)
                if paste != nil { break scanning }
                continue
            }
            switch parse(at: index) {
            case .incomplete:
                guard flushing else { break scanning }
                events.append(.key(Self.singleByteKey(pending[index])))
                index += 1
            case .event(let event, let length):
                if let event { events.append(event) }
                index += length
            case .pasteStart(let length):
                paste = []
                index += length
            }
        }
        pending.removeFirst(index)
        return events
    }

    /// Moves paste bytes from `pending` into `paste` up to the end marker,
    /// keeping back a tail that might be the marker's beginning.
    private mutating func collectPaste(from index: Int, into events: inout [InputEvent]) -> Int {
        let marker = Self.pasteEnd
        var probe = index
        while probe + marker.count <= pending.count {
            if pending[probe] == 0x1B, pending[probe..<probe + marker.count].elementsEqual(marker) {
                paste?.append(contentsOf: pending[index..<probe])
                events.append(.paste(Self.pasteText(paste ?? [])))
                paste = nil
                return probe + marker.count
            }
            probe += 1
        }
        var keep = min(marker.count - 1, pending.count - index)
        while keep > 0, !pending[(pending.count - keep)...].elementsEqual(marker.prefix(keep)) { keep -= 1 }
        paste?.append(contentsOf: pending[index..<(pending.count - keep)])
        return pending.count - keep
    }

    static func pasteText(_ bytes: [UInt8]) -> String {
        // Terminals send a pasted line break as CR; "\r\n" is one Character.
        String(String(decoding: bytes, as: UTF8.self).map { $0 == "\r\n" || $0 == "\r" ? "\n" : $0 })
    }

    enum Parse {
        case incomplete
        /// `event` nil: a recognised but meaningless sequence, skipped.
        case event(InputEvent?, length: Int)
        case pasteStart(length: Int)
    }

    private func parse(at index: Int) -> Parse {
        let byte = pending[index]
        switch byte {
        case 0x1B:
            guard index + 1 < pending.count else { return .incomplete }
            switch pending[index + 1] {
            case UInt8(ascii: "["): return parseCSI(at: index)
            case UInt8(ascii: "O"):
                guard index + 2 < pending.count else { return .incomplete }
                return .event(Self.ss3Key(pending[index + 2]).map(InputEvent.key), length: 3)
            default:
                // ESC before a key is how terminals send Alt.
                switch parse(at: index + 1) {
                case .incomplete: return .incomplete
                case .pasteStart(let length): return .pasteStart(length: length + 1)
                case .event(let event, let length):
                    guard case .key(var press)? = event else { return .event(event, length: length + 1) }
                    press.modifiers.insert(.alt)
                    return .event(.key(press), length: length + 1)
                }
            }
        case 0x80...:
            return parseUTF8(at: index)
        default:
            return .event(.key(Self.singleByteKey(byte)), length: 1)
        }
    }

    /// A key from one byte: ASCII, a C0 control, or (when flushing) a
    /// stray byte of broken UTF-8.
    static func singleByteKey(_ byte: UInt8) -> KeyPress {
        switch byte {
        case 0x1B: KeyPress(.escape)
        case 0x0D: KeyPress(.enter)
        case 0x09: KeyPress(.tab)
        case 0x7F, 0x08: KeyPress(.backspace)
        case 0x00: .char(" ", .control)
        case 0x01...0x1A: .char(Character(Unicode.Scalar(byte + 0x60)), .control)
        case 0x1C...0x1F: .char(Character(Unicode.Scalar(byte + 0x40)), .control)
        case 0x20..<0x7F: .char(Character(Unicode.Scalar(byte)))
        default: .char("\u{FFFD}")
        }
    }

    private func parseUTF8(at index: Int) -> Parse {
        let lead = pending[index]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .event(.key(.char("\u{FFFD}")), length: 1)
        }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            guard index + offset < pending.count else { return .incomplete }
            let next = pending[index + offset]
            guard next & 0xC0 == 0x80 else { return .event(.key(.char("\u{FFFD}")), length: offset) }
            value = value << 6 | UInt32(next & 0x3F)
        }
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        return .event(.key(.char(Character(scalar))), length: length)
    }

    private func parseCSI(at index: Int) -> Parse {
        var end = index + 2
        while end < pending.count, !(0x40...0x7E).contains(pending[end]) {
            // A sequence this long is noise, not a key: drop what we have.
            if end - index > 64 { return .event(nil, length: end - index) }
            end += 1
        }
        guard end < pending.count else { return .incomplete }
        let parameters = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
        let final = pending[end]
        let length = end - index + 1
        if parameters.hasPrefix("<") {
            return .event(Self.sgrMouse(parameters.dropFirst(), final: final).map(InputEvent.mouse), length: length)
        }
        if parameters.isEmpty, final == UInt8(ascii: "I") || final == UInt8(ascii: "O") {
            return .event(.focus(final == UInt8(ascii: "I")), length: length)
        }
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let first = numbers.first.flatMap { $0 }
        let modifiers = numbers.count > 1 ? KeyModifiers(xtermParameter: numbers[1] ?? 1) : []
        if final == UInt8(ascii: "~") && first == 200 { return .pasteStart(length: length) }
        guard let key = Self.csiKey(final: final, first: first) else { return .event(nil, length: length) }
        if final == UInt8(ascii: "Z") { return .event(.key(KeyPress(.tab, modifiers.union(.shift))), length: length) }
        return .event(.key(KeyPress(key, modifiers)), length: length)
    }

    static func csiKey(final: UInt8, first: Int?) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "P"): .function(1)
        case UInt8(ascii: "Q"): .function(2)
        case UInt8(ascii: "R"): .function(3)
        case UInt8(ascii: "S"): .function(4)
        case UInt8(ascii: "Z"): .tab
        case UInt8(ascii: "u"): first.flatMap(kittyKey)
        case UInt8(ascii: "~"): first.flatMap(tildeKey)
        default: nil
        }
    }

    /// `CSI n ~` keys (vt220 numbering).
    static func tildeKey(_ number: Int) -> Key? {
        switch number {
        case 1, 7: .home
        case 2: .insert
        case 3: .delete
        case 4, 8: .end
        case 5: .pageUp
        case 6: .pageDown
        case 11...15: .function(number - 10)
        case 17...21: .function(number - 11)
        case 23, 24: .function(number - 12)
        default: nil
        }
    }

    /// `CSI code ; mods u` (the "fixterms"/kitty form some terminals send
    /// for keys that have no legacy encoding).
    static func kittyKey(_ code: Int) -> Key? {
        switch code {
        case 13: .enter
        case 9: .tab
        case 127, 8: .backspace
        case 27: .escape
        default: Unicode.Scalar(UInt32(code)).map { .character(Character($0)) }
        }
    }

    static func ss3Key(_ byte: UInt8) -> KeyPress? {
        switch byte {
        case UInt8(ascii: "A"): KeyPress(.up)
        case UInt8(ascii: "B"): KeyPress(.down)
        case UInt8(ascii: "C"): KeyPress(.right)
        case UInt8(ascii: "D"): KeyPress(.left)
        case UInt8(ascii: "H"): KeyPress(.home)
        case UInt8(ascii: "F"): KeyPress(.end)
        case UInt8(ascii: "M"): KeyPress(.enter)
        case UInt8(ascii: "P"): KeyPress(.function(1))
        case UInt8(ascii: "Q"): KeyPress(.function(2))
        case UInt8(ascii: "R"): KeyPress(.function(3))
        case UInt8(ascii: "S"): KeyPress(.function(4))
        default: nil
        }
    }

    /// `CSI < b ; x ; y M|m`: b's low bits pick the button, 4/8/16 are
    /// shift/alt/control, 32 marks motion and 64 the wheel.
    static func sgrMouse(_ parameters: Substring, final: UInt8) -> MouseEvent? {
        let numbers = parameters.split(separator: ";").compactMap { Int($0) }
        guard numbers.count == 3, final == UInt8(ascii: "M") || final == UInt8(ascii: "m") else { return nil }
        let code = numbers[0]
        var modifiers: KeyModifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let position = GridPoint(row: numbers[2] - 1, column: numbers[1] - 1)
        let buttons: [MouseEvent.Button] = [.left, .middle, .right, .none]
        let button = buttons[code & 3]
        let kind: MouseEvent.Kind
        if code & 64 != 0 {
            kind = [.scrollUp, .scrollDown, .scrollLeft, .scrollRight][code & 3]
            return MouseEvent(kind: kind, button: .none, position: position, modifiers: modifiers)
        } else if code & 32 != 0 {
            kind = .drag
        } else {
            kind = final == UInt8(ascii: "M") ? .press : .release
        }
        return MouseEvent(kind: kind, button: button, position: position, modifiers: modifiers)
    }
}
