import Foundation
import Testing
@testable import veet_tui
import VeetChat
import VeetChatScreens
import VeetCurses
import VeetTransport

/// The pages an open conversation shows when it cannot show a transcript:
/// painted from state values (golden screens), and which failure gives which page.
@Suite struct ConversationPageTests {
    static let now = ScreenGoldenTests.now

    static func showing(_ page: ConversationPage, composer: String = "") -> ScreenState {
        var state = ScreenGoldenTests.base()
        state.conversation.sessionID = "s3"
        state.conversation.page = page
        state.conversation.composer = TextInput(text: composer)
        return state
    }

    @Test(arguments: [("deleted", ConversationPage.deleted),
                      ("unreachable", .unreachable(lastReached: now.addingTimeInterval(-3 * 3600))),
                      ("unreachable-never", .unreachable(lastReached: nil)),
                      ("server-too-old", .serverTooOld)])
    func aPageTakesTheTranscriptsAndTheComposersPlace(name: String, page: ConversationPage) {
        // Text typed before the page came is kept in the state but not shown: no control is left.
        let (_, grid) = ScreenGoldenTests.settledGrid(Self.showing(page, composer: "a draft kept aside"))
        GoldenScreen.check(grid.snapshot, named: "page-\(name)-100x24")
        #expect(grid.snapshot.contains(page.title))
        #expect(!grid.snapshot.contains("Message (Enter sends"), "no composer:\n\(grid.snapshot)")
        #expect(!grid.snapshot.contains("a draft kept aside"))
        #expect(!grid.snapshot.contains("Loading..."))
        #expect(grid.cursor == nil, "no text cursor on a page")
        #expect(grid.snapshot.contains("Enter: try again") == page.retries)
    }
}

extension ConversationPageTests {
    /// A server without the history routes says so during reconciliation, not a generic "answered 404".
    @Test func aMissingIndexRouteSaysTheServerIsTooOld() {
        let noRoute = APIError(status: 404, code: .notFound, message: HistoryRoutes.unmatchedPathMessage)
        #expect(Backend.refreshProblem(noRoute) == "This server is too old for this feature · update the server")
        #expect(Backend.refreshProblem(APIError(status: 405, code: .malformedRequest, message: ""))
                == "This server is too old for this feature · update the server")
        #expect(Backend.refreshProblem(APIError(status: 503, code: .internalError, message: "")) == "Server answered 503 · retrying")
        #expect(Backend.refreshProblem(TransportError(.cannotConnect, "refused")) == "Server unreachable · retrying")
    }
}
