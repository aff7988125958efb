import Testing
@testable import VeetChat
import VeetStore
import VeetTransport
@testable import veet_tui

/// The TUI shows the same hints as the CLI (connections and the outbox are the CLI's to manage).
@Suite struct TUIHintTests {
    @Test func theTUIAddsTheSameCommands() {
        #expect(CommandHints.message(for: ConnectionResolutionError.notConnected)
                == "No server is connected. Run `veet connect https://your-server` (or set VEET_URL and VEET_TOKEN).")
        #expect(Backend.describe(APIError(status: 401, code: .authenticationError, message: ""))
                == "The server did not accept the token. Sign in again with `veet connect`. [401 authentication_error]")
        #expect(Backend.describe(OutboxHeldError(entryID: 9, reason: "another run is still active"))
                .hasSuffix("as #9: `veet outbox retry 9` sends it again with the same key, `veet outbox discard 9` drops it."))
    }
}
