import Testing
@testable import VeetChat
import VeetStore
import VeetTransport
@testable import veet

/// The CLI says the command a library error leaves out, word for word as
/// before the libraries stopped naming commands.
@Suite struct CLIHintTests {
    @Test func aMissingConnectionNamesTheCommandThatMakesOne() {
        #expect(CommandHints.message(for: ConnectionResolutionError.notConnected)
                == "No server is connected. Run `veet connect https://your-server` (or set VEET_URL and VEET_TOKEN).")
        #expect(CommandHints.message(for: ConnectionResolutionError.unknownConnection("work"))
                == "No saved connection is named \"work\". `veet connections list` shows them.")
        #expect(CommandHints.message(for: ConnectionResolutionError.noToken("work"))
                == "No token for \"work\". Run `veet connect` again or set VEET_TOKEN.")
    }

    @Test func aRefusedTokenSaysSignInAgainBeforeTheReference() {
        let refused = APIError(status: 401, code: .authenticationFailed, message: "bad token", requestID: "req-1")
        #expect(CommandHints.message(for: refused)
                == "The server did not accept the token. Sign in again with `veet connect`. [401 authentication_failed, request req-1]")
        let missing = APIError(status: 404, code: .notFound, message: "gone")
        #expect(CommandHints.message(for: missing) == missing.description)
    }

    @Test func outboxErrorsNameTheirEntry() {
        #expect(CommandHints.message(for: OutboxHeldError(entryID: 4, reason: "connection reset"))
                == "The message was not delivered (connection reset). It is kept in the outbox as #4: "
                + "`veet outbox retry 4` sends it again with the same key, `veet outbox discard 4` drops it.")
        #expect(CommandHints.message(for: OutboxRefusedError(entryID: 2, reason: "no conversation", status: 404))
                == "The server refused the message: no conversation. It was not sent and will not be sent again; "
                + "its text stays in the outbox as #2 until `veet outbox discard 2`.")
    }

    @Test func anyOtherErrorIsItsOwnText() {
        let lost = TransportError(.connectionLost, "reset")
        #expect(CommandHints.message(for: lost) == lost.description)
    }
}
