#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CIE L*a*b* (D65). Nearest-colour searches compare here because equal
/// steps in Lab look roughly equally different, which plain RGB distance
/// does not (it overrates green and underrates blue differences).
struct LabColor: Sendable, Equatable {
    var lightness: Double
    var a: Double
    var b: Double

    init(lightness: Double, a: Double, b: Double) {
        self.lightness = lightness
        self.a = a
        self.b = b
    }

    init(_ color: RGB) {
        let red = RGB.linear(color.red), green = RGB.linear(color.green), blue = RGB.linear(color.blue)
        // sRGB (linear) to XYZ, each axis divided by the D65 white point.
        let x = (0.4124564 * red + 0.3575761 * green + 0.1804375 * blue) / 0.95047
        let y = 0.2126729 * red + 0.7151522 * green + 0.0721750 * blue
        let z = (0.0193339 * red + 0.1191920 * green + 0.9503041 * blue) / 1.08883
        func f(_ t: Double) -> Double {
            t > 216.0 / 24389.0 ? cbrt(t) : (24389.0 / 27.0 * t + 16) / 116
        }
        let fx = f(x), fy = f(y), fz = f(z)
        self.init(lightness: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    /// CIE76 ΔE squared (the square is enough to rank candidates).
    func distanceSquared(to other: LabColor) -> Double {
        let dl = lightness - other.lightness, da = a - other.a, db = b - other.b
        return dl * dl + da * da + db * db
    }
}
