/// Pure readers for the two ways a terminal reveals its background. No I/O
/// here, so every case can be tested; `TerminalBackgroundQuery` does the
/// talking.
public enum BackgroundReport {
    /// The colour in a reply to the OSC 11 query, e.g.
    /// `ESC ] 11 ; rgb:1c1c/2121/1d1d BEL` (or ending in `ESC \`). Each
    /// channel has 1–4 hex digits and is scaled from its own width to 8 bits;
    /// `rgba:` replies (alpha last) are accepted too. Bytes before the reply
    /// (other answers, typed-ahead keys) are skipped. nil when no complete
    /// reply is present.
    public static func parseOSC11(_ bytes: [UInt8]) -> RGB? {
        let introducer: [UInt8] = [0x1B, 0x5D, 0x31, 0x31, 0x3B]  // ESC ] 1 1 ;
        guard bytes.count > introducer.count,
              let start = (0...(bytes.count - introducer.count)).first(where: {
                  bytes[$0..<($0 + introducer.count)].elementsEqual(introducer)
              })
        else { return nil }
        let specStart = start + introducer.count
        // BEL, or ESC (first byte of the ST `ESC \`), or the 8-bit ST.
        guard let end = bytes[specStart...].firstIndex(where: { $0 == 0x07 || $0 == 0x1B || $0 == 0x9C })
        else { return nil }
        return parseColorSpec(String(decoding: bytes[specStart..<end], as: UTF8.self))
    }

    /// `rgb:R/G/B` or `rgba:R/G/B/A` in X11 notation, 1–4 hex digits a channel.
    public static func parseColorSpec(_ spec: String) -> RGB? {
        let parts: [Substring]
        if spec.hasPrefix("rgba:") {
            let all = spec.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false)
            guard all.count == 4 else { return nil }
            parts = Array(all.prefix(3))
        } else if spec.hasPrefix("rgb:") {
            parts = spec.dropFirst(4).split(separator: "/", omittingEmptySubsequences: false)
        } else {
            return nil
        }
        guard parts.count == 3 else { return nil }
        var channels: [UInt8] = []
        for part in parts {
            guard (1...4).contains(part.count), let value = UInt32(part, radix: 16) else { return nil }
            let maximum = Double((1 << (4 * part.count)) - 1)
            channels.append(UInt8((Double(value) / maximum * 255).rounded()))
        }
        return RGB(red: channels[0], green: channels[1], blue: channels[2])
    }

    /// The appearance a background colour calls for: dark below CIE
    /// lightness 50 (relative luminance about 0.18, the perceptual middle
    /// grey), light from there up.
    public static func appearance(forBackground color: RGB) -> Appearance {
        color.relativeLuminance < 0.1842 ? .dark : .light
    }

    /// The appearance `COLORFGBG` implies (set by rxvt, Konsole and others
    /// as `fg;bg` or `fg;default;bg`). Only the last field counts: 0–6 and 8
    /// are dark backgrounds, 7 and 9–15 light. nil when absent or not a
    /// number in 0–15.
    public static func appearance(fromColorFGBG value: String?) -> Appearance? {
        guard let value, let last = value.split(separator: ";", omittingEmptySubsequences: false).last,
              let index = Int(last), (0...15).contains(index) else { return nil }
        return (0...6).contains(index) || index == 8 ? .dark : .light
    }
}
