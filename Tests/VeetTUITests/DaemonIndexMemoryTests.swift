import Foundation
import Testing
@testable import veet_tui

/// The `index_changed_at` the TUI last read (Backend+Daemon.swift; the rule is VeetDaemonProtocol's `DaemonIndexOutcome`).
@Suite struct DaemonIndexMemoryTests {
    let stamp = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func theMemoryHandsBackWhatItHeld() {
        let memory = DaemonIndexMemory()
        #expect(memory.swap(stamp) == nil)
        #expect(memory.swap(stamp + 1) == stamp)
        #expect(memory.swap(nil) == stamp + 1)
    }
}
