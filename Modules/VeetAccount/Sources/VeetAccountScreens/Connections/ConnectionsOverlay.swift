import Foundation
import VeetCurses
import VeetTransport

/// The connections over a full-screen shell: the switcher (F9), and the
/// connection form over everything (sign in again after a 401, add a
/// connection, the Settings screen's Connection card). A value the shell keeps
/// in its state; its updates are pure and answer what the shell should do
/// (check a token, say something in the status bar, save an accepted form).
public struct ConnectionsOverlay: Sendable {
    /// The switcher: every saved connection, the active one marked.
    public var menu: ConnectionMenu?
    /// The connection form over everything.
    public var form: ConnectionForm?
    /// The owner closed "sign in again" with Esc: later 401s say so in the status bar instead of reopening it.
    public var signInPostponed = false

    public init() {}

    /// What a key or a paste on the form asks of the shell.
    public enum FormStep: Equatable, Sendable {
        case none
        /// The form closed; the words for the status bar, if any.
        case closed(notice: String?)
        /// Check this address with this token (nil: the connection's saved one) and report the answer to `checked`.
        case check(ServerURL, token: String?)
    }

    /// Opens the form for `mode` on the connection at `address` (adding one starts empty).
    public mutating func openForm(_ mode: ConnectionForm.Mode, address: String, credentialsPath: String) {
        form = ConnectionForm(mode: mode, address: mode == .firstRun ? "" : address, credentialsPath: credentialsPath)
    }

    public mutating func formKey(_ event: InputEvent) -> FormStep {
        guard var form else { return .none }
        switch form.handle(event) {
        case .none:
            self.form = form
            return .none
        case .cancel:
            self.form = nil
            guard case .signInAgain = form.mode else { return .closed(notice: nil) }
            signInPostponed = true
            return .closed(notice: "Not signed in: nothing is sent until you sign in again (F8, Connection).")
        case .submit(let url, let token):
            self.form = form
            return .check(url, token: token)
        }
    }

    /// A request met 401: "sign in again" opens, unless a form is open already or the owner
    /// postponed it; then the status bar's words instead.
    public mutating func signInNeeded(name: String?, address: String, credentialsPath: String) -> String? {
        guard form == nil else { return nil }
        if signInPostponed { return "The server no longer accepts the token: F8, Connection, to sign in again." }
        openForm(.signInAgain(name: name), address: address, credentialsPath: credentialsPath)
        return nil
    }

    /// The form's check came back: a refusal stays on the form (the token cleared); an accepted
    /// form closes and is handed back for the shell to save.
    public mutating func checked(refusal: String?) -> ConnectionForm? {
        guard var form else { return nil }
        if let refusal {
            form.refused(refusal)
            self.form = form
            return nil
        }
        self.form = nil
        return form
    }
}
