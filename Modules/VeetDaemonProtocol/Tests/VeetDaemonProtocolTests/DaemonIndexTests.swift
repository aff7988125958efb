import Foundation
import Testing
import VeetDaemonProtocol

/// One poller per store: while veetd keeps the connection, the TUI's 30 s tick
/// reads the store only when veetd's index changed, and asks the server nothing
/// while nobody looks (DaemonIndexOutcome.swift).
@Suite struct DaemonIndexTests {
    let stamp = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func anUnchangedIndexWhileNobodyLooksIsNothingToDo() {
        #expect(DaemonIndexOutcome.periodic(stamp: stamp, lastRead: stamp, looking: false, lastError: nil) == .unchanged)
    }

    @Test func aChangedIndexIsReadWithoutAskingTheServerWhileNobodyLooks() {
        #expect(DaemonIndexOutcome.periodic(stamp: stamp, lastRead: nil, looking: false, lastError: nil)
                == .read(problem: nil, askServer: false, storeMoved: true))
        #expect(DaemonIndexOutcome.periodic(stamp: stamp, lastRead: stamp - 30, looking: false, lastError: nil)
                == .read(problem: nil, askServer: false, storeMoved: true))
    }

    @Test func whileTheOwnerLooksTheFoldersAndNeedsYouAreReadEachTickButNotTheUnmovedStore() {
        #expect(DaemonIndexOutcome.periodic(stamp: stamp, lastRead: stamp, looking: true, lastError: nil)
                == .read(problem: nil, askServer: true, storeMoved: false))
        #expect(DaemonIndexOutcome.periodic(stamp: stamp, lastRead: stamp - 30, looking: true, lastError: nil)
                == .read(problem: nil, askServer: true, storeMoved: true))
    }

    @Test func veetdsFailureReachesTheStatusBar() {
        #expect(DaemonIndexOutcome.periodic(stamp: stamp, lastRead: nil, looking: true, lastError: "TransportError")
                == .read(problem: "Server unreachable · retrying", askServer: true, storeMoved: true))
        #expect(DaemonIndexOutcome.problemText("HTTP 503") == "Could not refresh · retrying")
    }
}
