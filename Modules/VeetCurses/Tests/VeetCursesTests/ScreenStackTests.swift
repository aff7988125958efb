import Foundation
import Testing
import VeetCurses

/// A page that notes answers, asks for work on `w`, routes on `o`, closes on Esc, ticks when asked.
private struct Page: FeatureScreen {
    let name: String
    var answers: [String] = []
    var ticks = 0
    var openingEffects: [String] { ["open \(name)"] }
    var openingTick: TimeInterval? { 1 }

    mutating func update(_ event: ScreenEvent<String>) -> ScreenStep<String, String> {
        switch event {
        case .key(.char("w")): return .run("work \(name)")
        case .key(.char("o")): return ScreenStep(route: "route \(name)")
        case .key(KeyPress(.escape)): return .close
        case .key: return .ignored
        case .paste: return .ignored
        case .result(let text):
            answers.append(text)
            return .none
        }
    }

    mutating func tick(now: Date) -> ScreenStep<String, String> {
        ticks += 1
        return .none
    }

    func paint(in grid: inout ScreenGrid, now: Date) { grid.put("\(name) \(answers.joined(separator: ","))", row: 0, column: 0) }
    func keyHints(width: Int, now: Date) -> String { "w work  Esc close" }
}

private struct PageWork: ScreenEffects {
    typealias Screen = Page
    func run(_ effect: String, report: @escaping @Sendable (String) -> Void) async { report("did \(effect)") }
}

@Suite struct ScreenStackTests {
    let start = Date(timeIntervalSince1970: 1_000)

    @Test func keysGoToTheTopAnswersToTheirScreenAndEscPops() async {
        var stack = ScreenStack()
        let opened = stack.push(Page(name: "inbox"), work: PageWork(), now: start)
        #expect(opened.jobs.map { $0.effect as? String } == ["open inbox"])
        let inbox = try! #require(stack.topMount)
        _ = stack.push(Page(name: "census"), work: PageWork(), now: start)
        let worked = stack.handle(.key(.char("w")), now: start)
        #expect(worked.jobs.map { $0.effect as? String } == ["work census"] && worked.jobs.first?.mount != inbox)
        #expect(stack.handle(.key(.char("o"))).routes.map { $0 as? String } == ["route census"])
        #expect(stack.handle(.key(.char("z"))).ignored)
        // A job's answer, run as the shell runs it, reaches the screen under the top one.
        let answer = Answer()
        await opened.jobs[0].run { answer.value = $0 as? String }
        _ = stack.answer(answer.value ?? "", mount: inbox, now: start)
        #expect(stack.paint(width: 30, height: 1, now: start).snapshot.hasPrefix("census"))
        #expect(stack.keyHints(width: 30, now: start) == "w work  Esc close")
        _ = stack.handle(.key(KeyPress(.escape)))
        #expect(stack.paint(width: 30, height: 1, now: start).snapshot.hasPrefix("inbox did open inbox"))
        _ = stack.handle(.key(KeyPress(.escape)))
        #expect(stack.isEmpty && stack.answer("late", mount: inbox).ignored)
    }

    @Test func onlyTheTopScreenTicks() {
        var stack = ScreenStack()
        _ = stack.push(Page(name: "inbox"), work: PageWork(), now: start)
        _ = stack.push(Page(name: "census"), work: PageWork(), now: start)
        #expect(stack.tick(now: start).ignored)
        #expect(!stack.tick(now: start.addingTimeInterval(1)).ignored)
        #expect(stack.screens.map { $0.value(as: Page.self)?.ticks } == [0, 1])
    }
}

private final class Answer: @unchecked Sendable {  // written once by an awaited job, read after it
    var value: String?
}
