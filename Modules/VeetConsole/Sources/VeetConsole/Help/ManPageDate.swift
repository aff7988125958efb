import Foundation

extension ManPage {
    /// The page's date: SOURCE_DATE_EPOCH when set (reproducible packages), else today, as YYYY-MM-DD.
    public static func date(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let seconds = environment["SOURCE_DATE_EPOCH"].flatMap(TimeInterval.init) ?? Date().timeIntervalSince1970
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    /// The EXIT STATUS section every VeetKit command shares.
    public static var exitStatusSection: (title: String, paragraphs: [String]) {
        ("Exit status", ExitCode.documented.map { "\($0.code.rawValue): \($0.meaning)" })
    }
}
