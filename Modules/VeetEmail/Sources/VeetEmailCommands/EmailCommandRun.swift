import Foundation
import VeetConsole
import VeetEmail
import VeetTransport

/// One `veet email` command's run: the API, the console, the environment the
/// reply editor reads, the way to the chat, and how each answer is printed.
struct EmailCommandRun {
    let api: EmailAPI
    let console: Console
    let environment: [String: String]
    let openChat: EmailCommands.OpenChat

    /// The program's name, which leads an error line.
    var program: String { console.programName }

    /// A failure found here: its stderr line, its exit status, and the server's answer that caused it.
    func fail(_ text: String, _ code: ExitCode, answer: APIError? = nil) -> CommandFailure {
        CommandFailure(text, exitCode: code, cause: answer)
    }

    /// Something this server or account does not offer (`kind` not_offered in --json).
    func notOffered(_ text: String, _ code: ExitCode) -> CommandFailure {
        CommandFailure(text, exitCode: code, kind: "not_offered")
    }

    /// What an Email failure means, said plainly: a server without Email is "not offered".
    func explain(_ error: APIError) async -> any Error {
        if EmailAPI.meansUnavailable(error) {
            do { _ = try await api.accounts() } catch let probe as APIError where EmailAPI.meansUnavailable(probe) {
                return notOffered("\(program): this server does not offer Email.", .failure)
            } catch {}
        }
        guard let meaning = EmailError.from(error) else { return error }
        let code: ExitCode = switch meaning {
        case .denied: .notSignedIn
        case .notFound: .notFound
        default: .failure
        }
        return fail("\(program): \(meaning.description)", code, answer: error)
    }
}
