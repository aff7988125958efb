import Testing
import VeetTokens

@Suite struct CapabilityDetectionTests {
    @Test(arguments: [
        ([:], ColorCapability.ansi16),
        (["TERM": "xterm"], .ansi16),
        (["TERM": "xterm-256color"], .ansi256),
        (["TERM": "screen-256color"], .ansi256),
        (["TERM": "xterm", "COLORTERM": "truecolor"], .trueColor),
        (["TERM": "xterm-256color", "COLORTERM": "24bit"], .trueColor),
        (["TERM": "xterm-256color", "COLORTERM": "TrueColor"], .trueColor),
        (["TERM": "xterm-256color", "COLORTERM": "yes"], .ansi256),
        (["TERM": "dumb"], .noColor),
        (["TERM": "dumb", "COLORTERM": "truecolor"], .noColor),
        (["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"], .noColor),
        (["TERM": "xterm-256color", "NO_COLOR": ""], .ansi256),
    ] as [([String: String], ColorCapability)])
    func detection(environment: [String: String], expected: ColorCapability) {
        #expect(ColorCapability.detect(environment: environment) == expected)
    }

    @Test func capabilitiesAreOrdered() {
        #expect(ColorCapability.noColor < .ansi16)
        #expect(ColorCapability.ansi16 < .ansi256)
        #expect(ColorCapability.ansi256 < .trueColor)
    }
}

@Suite struct AppearanceDetectionTests {
    @Test(arguments: [
        ("15;0", Appearance?.some(.dark)),
        ("0;15", .light),
        ("15;default;0", .dark),
        ("0;7", .light),
        ("7;8", .dark),
        ("0;6", .dark),
        ("0;9", .light),
        ("0;default", nil),
        ("0;16", nil),
        ("", nil),
    ] as [(String, Appearance?)])
    func colorFGBG(value: String, expected: Appearance?) {
        #expect(BackgroundReport.appearance(fromColorFGBG: value) == expected)
    }

    @Test func absentColorFGBGSaysNothing() {
        #expect(BackgroundReport.appearance(fromColorFGBG: nil) == nil)
    }

    @Test func osc11RepliesInEveryWidth() {
        func parse(_ text: String) -> RGB? { BackgroundReport.parseOSC11(Array(text.utf8)) }
        #expect(parse("\u{1B}]11;rgb:ffff/ffff/ffff\u{07}") == RGB(red: 255, green: 255, blue: 255))
        #expect(parse("\u{1B}]11;rgb:1c1c/2121/1d1d\u{1B}\\") == RGB(red: 0x1c, green: 0x21, blue: 0x1d))
        #expect(parse("\u{1B}]11;rgb:fc/fa/f6\u{07}") == RGB(hex: "#fcfaf6"))
        #expect(parse("\u{1B}]11;rgb:f/0/8\u{07}") == RGB(red: 255, green: 0, blue: 136))
        #expect(parse("\u{1B}]11;rgb:fff/000/800\u{07}") == RGB(red: 255, green: 0, blue: 128))
        #expect(parse("\u{1B}]11;rgba:0c0c/2121/1d1d/ffff\u{07}") == RGB(hex: "#0c211d"))
    }

    @Test func osc11ReplyAmongOtherBytes() {
        let bytes = Array("xy\u{1B}]11;rgb:0000/0000/0000\u{07}\u{1B}[?62;22c".utf8)
        #expect(BackgroundReport.parseOSC11(bytes) == RGB(red: 0, green: 0, blue: 0))
        var eightBitTerminator = Array("\u{1B}]11;rgb:ff/ff/ff".utf8)
        eightBitTerminator.append(0x9C)
        #expect(BackgroundReport.parseOSC11(eightBitTerminator) == RGB(red: 255, green: 255, blue: 255))
    }

    @Test func incompleteOrForeignRepliesGiveNothing() {
        func parse(_ text: String) -> RGB? { BackgroundReport.parseOSC11(Array(text.utf8)) }
        #expect(parse("") == nil)
        #expect(parse("\u{1B}[?62;22c") == nil)
        #expect(parse("\u{1B}]11;rgb:ffff/ffff/ff") == nil)
        #expect(parse("\u{1B}]11;rgb:ffff/ffff\u{07}") == nil)
        #expect(parse("\u{1B}]11;rgb:fffff/0/0\u{07}") == nil)
        #expect(parse("\u{1B}]11;#ffffff\u{07}") == nil)
        #expect(parse("\u{1B}]10;rgb:ffff/ffff/ffff\u{07}") == nil)
        #expect(parse("\u{1B}]11;rgb:zz/00/00\u{07}") == nil)
    }

    @Test func backgroundLightnessDecides() {
        #expect(BackgroundReport.appearance(forBackground: RGB(hex: "#0c211d")!) == .dark)
        #expect(BackgroundReport.appearance(forBackground: RGB(hex: "#fcfaf6")!) == .light)
        #expect(BackgroundReport.appearance(forBackground: RGB(hex: "#303030")!) == .dark)
        #expect(BackgroundReport.appearance(forBackground: RGB(hex: "#c0c0c0")!) == .light)
        // Either side of CIE lightness 50 (#777777 is L* 50.0).
        #expect(BackgroundReport.appearance(forBackground: RGB(hex: "#707070")!) == .dark)
        #expect(BackgroundReport.appearance(forBackground: RGB(hex: "#7e7e7e")!) == .light)
    }

    @Test func aFixedPreferenceNeverAsksTheTerminal() {
        var asked = false
        let resolution = AppearanceResolver.resolve(.light, environment: ["COLORFGBG": "15;0"]) {
            asked = true
            return nil
        }
        #expect(resolution == .init(appearance: .light, source: .preference))
        #expect(!asked)
        #expect(AppearanceResolver.resolve(.dark, environment: [:]) { nil }.appearance == .dark)
    }

    @Test func autoPrefersTheTerminalsAnswerThenColorFGBGThenDark() {
        let white = RGB(red: 255, green: 255, blue: 255)
        #expect(AppearanceResolver.resolve(.auto, environment: ["COLORFGBG": "15;0"]) { white }
                == .init(appearance: .light, source: .terminalQuery))
        #expect(AppearanceResolver.resolve(.auto, environment: ["COLORFGBG": "0;15"]) { nil }
                == .init(appearance: .light, source: .colorFGBG))
        #expect(AppearanceResolver.resolve(.auto, environment: ["COLORFGBG": "0;default"]) { nil }
                == .init(appearance: .dark, source: .fallback))
        #expect(AppearanceResolver.resolve(.auto, environment: [:]) { nil }
                == .init(appearance: .dark, source: .fallback))
    }
}
