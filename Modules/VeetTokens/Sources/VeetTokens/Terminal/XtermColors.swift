/// The reference colours terminal palettes are matched against.
public enum XtermColors {
    /// The six levels of each channel in xterm's 6×6×6 cube (indices 16–231).
    public static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    /// The colour xterm shows for a 256-palette index. Indices 0–15 return
    /// `basic16`, though real terminals let the theme redefine them.
    public static func color(ofIndex index: UInt8) -> RGB {
        switch index {
        case 0..<16:
            return basic16[Int(index)]
        case 16..<232:
            let offset = Int(index) - 16
            return RGB(red: cubeLevels[offset / 36], green: cubeLevels[offset / 6 % 6], blue: cubeLevels[offset % 6])
        default:
            let level = UInt8(8 + 10 * (Int(index) - 232))
            return RGB(red: level, green: level, blue: level)
        }
    }

    /// The 16 basic colours as the IBM VGA palette defines them. No terminal
    /// theme agrees on these, so they stand for the *kind* of colour each
    /// index names; VGA is the choice because its index 3 is a dark amber
    /// (#aa5500) rather than xterm's olive, so amber text and dark teal land
    /// on yellow and cyan instead of grey.
    public static let basic16: [RGB] = [
        "000000", "aa0000", "00aa00", "aa5500", "0000aa", "aa00aa", "00aaaa", "aaaaaa",
        "555555", "ff5555", "55ff55", "ffff55", "5555ff", "ff55ff", "55ffff", "ffffff",
    ].map { RGB(hex: $0)! }

    /// The nearest colour among indices 16–255 (the cube and the 24 greys,
    /// which every 256-colour terminal shows the same), by CIE76 distance.
    /// Indices 0–15 are left out: the theme may have changed them.
    public static func nearest256(to color: RGB) -> UInt8 {
        nearest(to: color, in: extendedLab, firstIndex: 16)
    }

    /// The nearest of the 16 basic colours (0–15), by CIE76 distance
    /// against `basic16`.
    public static func nearest16(to color: RGB) -> UInt8 {
        nearest(to: color, in: basicLab, firstIndex: 0)
    }

    private static let extendedLab: [LabColor] = (16...255).map { LabColor(color(ofIndex: UInt8($0))) }
    private static let basicLab: [LabColor] = basic16.map { LabColor($0) }

    private static func nearest(to color: RGB, in table: [LabColor], firstIndex: Int) -> UInt8 {
        let target = LabColor(color)
        var best = 0
        var bestDistance = Double.infinity
        for (offset, candidate) in table.enumerated() {
            let distance = target.distanceSquared(to: candidate)
            if distance < bestDistance {
                best = offset
                bestDistance = distance
            }
        }
        return UInt8(firstIndex + best)
    }
}
