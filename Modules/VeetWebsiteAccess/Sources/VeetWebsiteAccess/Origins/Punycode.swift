/// Punycode (RFC 3492): the Bootstring encoding IDNA uses to carry a Unicode
/// label as ASCII (`bücher` ⇄ `bcher-kva`). Pure and case-preserving: the
/// caller lowercases and normalises before encoding, and adds the `xn--`
/// prefix. Only the parameters of RFC 3492 §5 are used.
public enum Punycode {
    static let base = 36
    static let tMin = 1
    static let tMax = 26
    static let skew = 38
    static let damp = 700
    static let initialBias = 72
    static let initialN: UInt32 = 0x80
    static let delimiter: Character = "-"

    /// The Punycode of `input`, or nil when a count would overflow (only for
    /// inputs far longer than any DNS label).
    public static func encode(_ input: String) -> String? {
        let scalars = input.unicodeScalars.map(\.value)
        var output = String(input.unicodeScalars.filter(\.isASCII).map(Character.init))
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append(delimiter) }
        var n = initialN
        var delta = 0
        var bias = initialBias
        while handled < scalars.count {
            // The smallest code point not handled yet.
            guard let m = scalars.filter({ $0 >= n }).min() else { return nil }
            let (step, overflow) = Int(m - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow, delta <= Int(Int32.max) - step else { return nil }
            delta += step
            n = m
            for scalar in scalars {
                if scalar < n {
                    delta += 1
                    guard delta <= Int(Int32.max) else { return nil }
                }
                guard scalar == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = threshold(k, bias: bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, points: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return output
    }

    /// The Unicode text of a Punycode string, or nil when it is not valid
    /// Punycode (a bad digit, a non-basic code point before the delimiter,
    /// an overflow, or a result outside Unicode).
    public static func decode(_ input: String) -> String? {
        var output: [UInt32] = []
        var rest = Substring(input)
        if let last = input.lastIndex(of: delimiter) {
            let basic = input[..<last]
            guard basic.unicodeScalars.allSatisfy(\.isASCII) else { return nil }
            output = basic.unicodeScalars.map(\.value)
            rest = input[input.index(after: last)...]
        }
        var n = initialN
        var i = 0
        var bias = initialBias
        var characters = rest.makeIterator()
        var pending = characters.next()
        while pending != nil {
            let oldI = i
            var w = 1
            var k = base
            while true {
                guard let character = pending, let value = digitValue(character) else { return nil }
                pending = characters.next()
                let (product, overflow) = value.multipliedReportingOverflow(by: w)
                guard !overflow, i <= Int(Int32.max) - product else { return nil }
                i += product
                let t = threshold(k, bias: bias)
                if value < t { break }
                let (nextW, wOverflow) = w.multipliedReportingOverflow(by: base - t)
                guard !wOverflow, nextW <= Int(Int32.max) else { return nil }
                w = nextW
                k += base
            }
            let count = output.count + 1
            bias = adapt(i - oldI, points: count, first: oldI == 0)
            guard UInt32(i / count) <= 0x10FFFF - n else { return nil }
            n += UInt32(i / count)
            i %= count
            guard n >= initialN, Unicode.Scalar(n) != nil else { return nil }
            output.insert(n, at: i)
            i += 1
        }
        var text = ""
        for value in output {
            guard let scalar = Unicode.Scalar(value) else { return nil }
            text.unicodeScalars.append(scalar)
        }
        return text
    }

    private static func threshold(_ k: Int, bias: Int) -> Int {
        k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
    }

    /// RFC 3492 §6.1.
    private static func adapt(_ delta: Int, points: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / points
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    /// 0–25 are a–z, 26–35 are 0–9 (lowercase on output).
    private static func digit(_ value: Int) -> Character {
        let scalar = value < 26 ? UInt32(value) + 0x61 : UInt32(value - 26) + 0x30
        return Character(Unicode.Scalar(scalar)!)
    }

    private static func digitValue(_ character: Character) -> Int? {
        guard let ascii = character.asciiValue else { return nil }
        switch ascii {
        case 0x30...0x39: return Int(ascii) - 22
        case 0x41...0x5A: return Int(ascii) - 0x41
        case 0x61...0x7A: return Int(ascii) - 0x61
        default: return nil
        }
    }
}
