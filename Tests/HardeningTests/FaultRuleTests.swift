import FaultProxyCore
import Testing

/// The proxy's mode language and the order in which rules are spent.
@Suite struct FaultRuleTests {
    @Test func everyFaultParsesAndPrintsBack() throws {
        let lines = ["pass", "drop count=2 match=/messages", "cut 17", "cut-body 300 match=/events", "delay 5",
                     "stall 0 count=1", "trickle 2", "redirect http://127.0.0.1:9/x"]
        for line in lines {
            #expect(try FaultRule.parse(line).description == line)
        }
        #expect(try FaultRule.parse("cut-body 10").fault == .cutAnswerBody(afterBytes: 10))
        #expect(try FaultRule.parse("  stall   4  ").fault == .stallAnswer(afterBytes: 4))
    }

    @Test(arguments: ["", "boom", "cut", "cut x", "cut -1", "drop 3", "delay 1 2", "pass count=0", "cut 1 count=x", "redirect",
                       "delay 600001", "trickle 99999999999999"])
    func aBadRuleIsRefusedWithAReason(line: String) {
        #expect(throws: FaultRule.ParseError.self) { try FaultRule.parse(line) }
    }

    @Test func rulesAreTriedInOrderAndSpentByCount() throws {
        let schedule = FaultSchedule(try FaultSchedule.parse("""
            drop count=1 match=/messages
            cut-body 5 count=2 match=/events

            delay 1
            """))
        #expect(schedule.decide("GET /v1/runs/r/events HTTP/1.1") == .cutAnswerBody(afterBytes: 5))
        #expect(schedule.decide("POST /v1/sessions/s/messages HTTP/1.1") == .dropAnswer)
        #expect(schedule.decide("POST /v1/sessions/s/messages HTTP/1.1") == .delayAnswer(milliseconds: 1))
        #expect(schedule.decide("GET /v1/runs/r/events HTTP/1.1") == .cutAnswerBody(afterBytes: 5))
        #expect(schedule.decide("GET /v1/runs/r/events HTTP/1.1") == .delayAnswer(milliseconds: 1))
        #expect(schedule.current.map(\.description) == ["delay 1"])
        schedule.replace(with: [])
        #expect(schedule.decide("GET / HTTP/1.1") == .passThrough)
    }
}
