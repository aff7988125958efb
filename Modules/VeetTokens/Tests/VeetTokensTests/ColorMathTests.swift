import Testing
import VeetTokens

@Suite struct CompositingTests {
    @Test func hexRoundTrips() {
        #expect(RGB(hex: "#0E8B78") == RGB(red: 14, green: 139, blue: 120))
        #expect(RGB(hex: "0e8b78")?.hex == "#0e8b78")
        #expect(RGB(red: 0, green: 10, blue: 255).hex == "#000aff")
        #expect(RGB(hex: "#0e8b7") == nil)
        #expect(RGB(hex: "#0e8b7g") == nil)
    }

    @Test func blendingEndsAreTheColours() {
        let top = RGB(red: 200, green: 100, blue: 0), bottom = RGB(red: 0, green: 50, blue: 250)
        #expect(top.composited(alpha: 1, over: bottom) == top)
        #expect(top.composited(alpha: 0, over: bottom) == bottom)
        #expect(top.composited(alpha: 0.5, over: bottom) == RGB(red: 100, green: 75, blue: 125))
    }

    /// Worked by hand: channel = base × alpha + paper × (1 − alpha), rounded.
    @Test func translucentTokensResolveOverTheirOwnPaper() {
        #expect(Palette.a2.resolved(.field, in: .light).hex == "#f0f0eb")
        #expect(Palette.a2.resolved(.tealWash, in: .light).hex == "#e4efe9")
        #expect(Palette.a2.resolved(.field, in: .dark).hex == "#1e312c")
        #expect(Palette.a2.resolved(.amberLine, in: .light).hex == "#e0b77d")
        #expect(Palette.a2.resolved(.amberLine, in: .dark).hex == "#7f652c")
    }

    @Test func opaqueTokensResolveToThemselves() {
        for appearance in Appearance.allCases {
            for token in ColorToken.allCases where Palette.a2.color(token, in: appearance).isOpaque {
                #expect(Palette.a2.resolved(token, in: appearance) == Palette.a2.color(token, in: appearance).base)
            }
        }
    }
}

@Suite struct NearestColorTests {
    @Test func cubeAndGreyPointsMapToThemselves() {
        #expect(XtermColors.nearest256(to: RGB(hex: "#000000")!) == 16)
        #expect(XtermColors.nearest256(to: RGB(hex: "#ffffff")!) == 231)
        #expect(XtermColors.nearest256(to: RGB(hex: "#ff0000")!) == 196)
        #expect(XtermColors.nearest256(to: RGB(hex: "#5f87af")!) == 67)
        #expect(XtermColors.nearest256(to: RGB(hex: "#121212")!) == 233)
        #expect(XtermColors.nearest256(to: RGB(hex: "#808080")!) == 244)
    }

    @Test func nearColoursFindTheirNeighbour() {
        // 127 grey sits between grey 244 (128) and cube 102 (135): 244.
        #expect(XtermColors.nearest256(to: RGB(hex: "#7f7f7f")!) == 244)
        // Almost pure blue stays in the cube's blue, not a grey.
        #expect(XtermColors.nearest256(to: RGB(hex: "#0202fc")!) == 21)
    }

    @Test func indexColoursFollowXtermsLayout() {
        #expect(XtermColors.color(ofIndex: 16) == RGB(red: 0, green: 0, blue: 0))
        #expect(XtermColors.color(ofIndex: 67) == RGB(hex: "#5f87af"))
        #expect(XtermColors.color(ofIndex: 232) == RGB(red: 8, green: 8, blue: 8))
        #expect(XtermColors.color(ofIndex: 255) == RGB(red: 238, green: 238, blue: 238))
    }

    @Test func sixteenColourMatchesKeepTheHue() {
        #expect(XtermColors.nearest16(to: RGB(hex: "#000000")!) == 0)
        #expect(XtermColors.nearest16(to: RGB(hex: "#aa5500")!) == 3)
        #expect(XtermColors.nearest16(to: RGB(hex: "#55ffff")!) == 14)
        #expect(XtermColors.nearest16(to: Palette.a2.resolved(.teal, in: .light)) == 6)
        #expect(XtermColors.nearest16(to: Palette.a2.resolved(.amberText, in: .light)) == 3)
        #expect(XtermColors.nearest16(to: Palette.a2.resolved(.amber, in: .dark)) == 3)
        #expect(XtermColors.nearest16(to: Palette.a2.resolved(.red, in: .light)) == 1)
        #expect(XtermColors.nearest16(to: Palette.a2.resolved(.red, in: .dark)) == 9)
    }

    @Test func sgrParametersPerCapability() {
        let teal = RGB(hex: "#0e8b78")!
        #expect(TerminalColor(teal, capability: .trueColor).foregroundParameters == "38;2;14;139;120")
        #expect(TerminalColor(teal, capability: .trueColor).backgroundParameters == "48;2;14;139;120")
        #expect(TerminalColor.ansi256(30).foregroundParameters == "38;5;30")
        #expect(TerminalColor.ansi256(30).backgroundParameters == "48;5;30")
        #expect(TerminalColor.ansi16(6).foregroundParameters == "36")
        #expect(TerminalColor.ansi16(6).backgroundParameters == "46")
        #expect(TerminalColor.ansi16(9).foregroundParameters == "91")
        #expect(TerminalColor.ansi16(9).backgroundParameters == "101")
        #expect(TerminalColor(teal, capability: .noColor) == .none)
        #expect(TerminalColor.none.foregroundParameters == nil)
        #expect(SGR.sequence(["1", "36"]) == "\u{1B}[1;36m")
        #expect(SGR.sequence([]) == "")
    }
}
