import Foundation
import Testing
import VeetConsole

struct Listing: Encodable {
    var zeta: Int
    var alpha: String
    var nested: [String: Int]
}

@Suite struct JSONOutputTests {
    let listing = Listing(zeta: 1, alpha: "https://a.example/x", nested: ["b": 2, "a": 1])

    @Test func compactIsSortedWithUnescapedSlashes() throws {
        #expect(try JSONOutput.encode(listing, layout: .compact)
            == #"{"alpha":"https://a.example/x","nested":{"a":1,"b":2},"zeta":1}"#)
    }

    @Test func prettyIsSortedAndIndented() throws {
        #expect(try JSONOutput.encode(listing) == """
            {
              "alpha" : "https://a.example/x",
              "nested" : {
                "a" : 1,
                "b" : 2
              },
              "zeta" : 1
            }
            """)
    }

    @Test func datesAreISO8601() throws {
        let date = Date(timeIntervalSince1970: 0)
        #expect(try JSONOutput.encode(["at": date], layout: .compact) == #"{"at":"1970-01-01T00:00:00Z"}"#)
    }

    @Test func printEndsWithANewline() async throws {
        let text = await capturedOutput { output in
            try? JSONOutput.print(["k": "v"], layout: .compact, to: output)
        }
        #expect(text == "{\"k\":\"v\"}\n")
    }
}

@Suite struct ExitCodeTests {
    @Test func documentedCodesAreTheStableNumbers() {
        #expect(ExitCode.documented.map(\.code.rawValue) == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 130])
        #expect(ExitCode.usage.rawValue == 2)
        #expect(ExitCode.interrupted.rawValue == 130)
    }

    @Test func namesMatchTheConstants() {
        let byName: [String: ExitCode] = [
            "success": .success, "failure": .failure, "usage": .usage, "notSignedIn": .notSignedIn,
            "notFound": .notFound, "runFailed": .runFailed, "runCancelled": .runCancelled,
            "needsInteraction": .needsInteraction, "transport": .transport, "server": .server,
            "notVerified": .notVerified, "interrupted": .interrupted,
        ]
        for entry in ExitCode.documented {
            #expect(byName[entry.name] == entry.code)
        }
        #expect(Set(ExitCode.documented.map(\.name)).count == byName.count)
    }
}
