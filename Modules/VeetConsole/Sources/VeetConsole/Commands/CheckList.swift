import Foundation
import VeetTerminal
import VeetTokens

/// One line of a set-up check (`veet doctor`): what was looked at, how it stands, and
/// what to do about a problem.
public struct CheckLine: Encodable, Sendable, Equatable {
    public enum Status: String, Encodable, Sendable { case ok, warning, problem, info }
    /// The heading it is printed under ("Connection", "Store", ...).
    public var area: String
    public var name: String
    public var status: Status
    public var detail: String
    public var fix: String?

    public init(area: String, name: String, status: Status, detail: String, fix: String? = nil) {
        self.area = area
        self.name = name
        self.status = status
        self.detail = detail
        self.fix = fix
    }

    /// What this terminal offers: its output, its colours, where copy goes, and whether it speaks UTF-8.
    public static func terminal(_ terminal: Terminal, environment: [String: String], area: String = "Terminal") -> [CheckLine] {
        let locale = environment["LC_ALL"] ?? environment["LC_CTYPE"] ?? environment["LANG"] ?? ""
        let utf8 = locale.uppercased().contains("UTF-8") || locale.uppercased().contains("UTF8")
        let capability = ColorCapability.detect(environment: environment)
        return [
            CheckLine(area: area, name: "output", status: .info,
                      detail: terminal.stdoutIsTerminal ? "a terminal, \(terminal.width) columns" : "not a terminal (a pipe or a file)"),
            CheckLine(area: area, name: "colours", status: .info,
                      detail: "\(capability) (TERM=\(environment["TERM"] ?? "unset"), COLORTERM=\(environment["COLORTERM"] ?? "unset"))"
                          + (environment["NO_COLOR"].map { _ in "; NO_COLOR is set" } ?? "")),
            CheckLine(area: area, name: "copy", status: .info, detail: ClipboardRoute.choose(environment: environment).description),
            CheckLine(area: area, name: "UTF-8", status: utf8 ? .ok : .warning,
                      detail: locale.isEmpty ? "no locale set" : locale,
                      fix: utf8 ? nil : "export LANG=C.UTF-8 (box drawing and marks need UTF-8)"),
        ]
    }
}

/// Checks as `doctor` prints them: grouped under their area, one mark per line and the fix
/// below a problem, then how many problems; with `--json` `{"ok","problems","checks"}`.
/// Exit 0 when none is a problem, 1 otherwise.
public struct CheckList: Sendable {
    public var checks: [CheckLine]

    public init(_ checks: [CheckLine]) {
        self.checks = checks
    }

    public var problems: Int { checks.filter { $0.status == .problem }.count }

    public func print(console: Console) -> ExitCode {
        let problems = problems
        if console.json {
            struct Report: Encodable { var ok: Bool; var problems: Int; var checks: [CheckLine] }
            try? console.printJSON(Report(ok: problems == 0, problems: problems, checks: checks))
        } else {
            let style = console.outStyle
            var area = ""
            for check in checks {
                if check.area != area {
                    area = check.area
                    console.out.writeLine((area == checks.first?.area ? "" : "\n") + style.emphasis(area))
                }
                let mark = switch check.status {
                case .ok: style.success("✓")
                case .warning: style.warning("!")
                case .problem: style.error("✗")
                case .info: style.dim("·")
                }
                console.out.writeLine("  \(mark) \(check.name): \(check.detail)")
                if let fix = check.fix { console.out.writeLine(style.dim("      → \(fix)")) }
            }
            console.out.writeLine("")
            console.out.writeLine(problems == 0 ? "No problems found." : "\(problems) problem\(problems == 1 ? "" : "s") found.")
        }
        return problems == 0 ? .success : .failure
    }
}
