import Foundation

/// Why the browser could not be used, in one sentence each.
public enum BrowserError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No `VEET_BROWSER`, `chromium` or `chromium-browser` was found.
    case notFound
    /// Neither `DISPLAY` nor `WAYLAND_DISPLAY` is set: no window can open.
    case noDisplay
    case profileFolder(String)
    case cannotStart(String)
    /// The browser closed or stopped answering.
    case closed

    public var description: String {
        switch self {
        case .notFound: "No Chromium was found on this machine (install the chromium package, or name one in VEET_BROWSER)."
        case .noDisplay: "There is no display here to open a browser window on."
        case .profileFolder(let reason): "The browser's private profile folder could not be made: \(reason)."
        case .cannotStart(let reason): "Chromium could not be started: \(reason)."
        case .closed: "The browser window was closed before it could be read."
        }
    }
}
