import Foundation
import Testing
import VeetTestSupport

@Suite struct GoldenTests {
    @Test func theRecordingsAreFoundBesideThePackage() throws {
        #expect(try Golden.data("session-get.json").isEmpty == false)
        #expect(try Golden.responses("errors-1.txt").isEmpty == false)
        for name in SSEGolden.names {
            #expect(try !SSEGolden.body(name).starts(with: Array("HTTP/".utf8)), "\(name) kept its HTTP head")
        }
    }
}
