// email: decoding what the Email routes answer, as VeetEmail does, next to a
// bare JSONSerialization parse of the same bytes (the floor any client pays).
// The bytes are the fixture's own answers: the thread list grown to a
// 200-thread page (its 66 seeded threads repeated with fresh ids), and the
// 50-message thread's detail.
import Foundation
import VeetEmail
import VeetFixture
import VeetTransport
import VeetWire

let emailSuite = BenchSuite(name: "email") { quick in
    let repetitions = quick ? 20 : 100
    let server = FixtureServer(token: "bench")
    defer { server.stop() }
    do {
        let url = try server.start()
        let send = HTTPRequestSender.live(client: HTTPClient(settings: try ConnectionSettings(
            serverAddress: url.absoluteString, token: "bench")))
        let list = try await send(.page("/v1/email/threads", query: [URLQueryItem(name: "view", value: "all")],
                                        limit: 100, cursor: nil)).body
        let page = try EmailCorpus.page(of: 200, from: list)
        let detail = try await send(.get("/v1/email/threads/\(EmailSeedIDs.longThread)")).body
        let clock = ContinuousClock()

        func best(_ work: () throws -> Int) rethrows -> (Duration, Int) {
            var fastest = Duration.seconds(1_000)
            var result = 0
            for _ in 0..<repetitions {
                var value = 0
                fastest = min(fastest, try clock.measure { value = try work() })
                result = value
            }
            return (fastest, result)
        }

        let (pageDecode, threads) = try best {
            try WireJSON.decoder().decode(Page<Skippable<EmailThreadSummary>>.self, from: page).items.count
        }
        let (pageParse, _) = try best { try EmailCorpus.bareCount(page, key: "items") }
        precondition(threads == 200, "decoded \(threads) threads")
        let (detailDecode, messages) = try best { try WireJSON.decoder().decode(EmailThreadDetail.self, from: detail).messages.count }
        let (detailParse, _) = try best { try EmailCorpus.bareCount(detail, key: "messages") }
        precondition(messages == 50, "decoded \(messages) messages")

        print("decode as VeetEmail does vs a bare JSONSerialization parse of the same bytes (best of \(repetitions))")
        let widths = [34, 9, 12, 12, 9]
        print(row(["case", "KiB", "decode ms", "parse ms", "ratio"], widths))
        print(String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1)))
        for (name, bytes, decode, parse) in [("inbox page, 200 threads", page.count, pageDecode, pageParse),
                                             ("thread detail, 50 messages", detail.count, detailDecode, detailParse)] {
            print(row([name, fixed(Double(bytes) / 1024, 1), fixed(decode.seconds * 1_000, 3),
                       fixed(parse.seconds * 1_000, 3), fixed(decode.seconds / parse.seconds, 2)], widths))
        }
        print("ratio = decode time / bare parse time (1.00 would cost no more than parsing the JSON)")
    } catch {
        print("email: failed: \(error)")
    }
}

enum EmailCorpus {
    /// A list page of `count` threads made from the fixture's `items`, each with its own id.
    static func page(of count: Int, from list: Data) throws -> Data {
        guard let object = try JSONSerialization.jsonObject(with: list) as? [String: Any],
              let items = object["items"] as? [[String: Any]], !items.isEmpty else {
            throw CocoaError(.coderReadCorrupt)
        }
        let grown: [[String: Any]] = (0..<count).map { index in
            var item = items[index % items.count]
            item["id"] = String(format: "e2000000-0000-4000-8000-%012d", index)
            return item
        }
        return try JSONSerialization.data(withJSONObject: ["items": grown, "next_cursor": "200"])
    }

    /// The bare parse: JSONSerialization, then the length of one array (so the work is used).
    static func bareCount(_ data: Data, key: String) throws -> Int {
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return (object?[key] as? [Any])?.count ?? 0
    }
}
