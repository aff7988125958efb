import Foundation
import VeetConsole
import VeetTransport

/// veet-tui's command line, one table for `--help` and veet-tui(1).
enum TUICommandLine {
    static let spec = CommandSpec(
        name: "veet-tui",
        summary: "The full-screen Veetbot client: chat, history, folders, schedules, website access, memory and people.",
        discussion: """
            Uses VEET_URL and VEET_TOKEN when set, else the current saved connection (see `veet connect`); \
            --connection picks another. Without either, a first-run form connects this computer (saved as `veet connect` saves). \
            Press ? or F1 inside for the keys (F8 settings, F9 connections); docs/tui.md describes every screen.
            """,
        examples: [CommandExample("veet-tui"), CommandExample("veet-tui --connection work")],
        options: [
            .value("connection", valueName: "name", help: "Use this saved connection instead of the current one."),
            .flag("version", help: "Print the version, build and commit, and leave."),
            .flag("first-frame-exit", help: "Draw one frame from the cached index and leave (measures cold start; `make bench` uses it)."),
        ])

    static var help: String { HelpFormatter(root: spec).help(for: []) ?? "" }

    static var manPage: String {
        ManPage(root: spec, section: 1, version: VeetTransportVersion.current, date: ManPage.date(),
                extraSections: [("Environment", [
                    "VEET_URL and VEET_TOKEN: a server and token instead of the saved connection.",
                    "VEET_APPEARANCE: light, dark or auto (auto asks the terminal for its background).",
                    "NO_COLOR: no colour.",
                ])],
                seeAlso: ["veet(1)", "veetd(8)"]).text
    }
}
