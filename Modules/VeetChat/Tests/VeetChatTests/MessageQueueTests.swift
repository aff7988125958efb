import Testing
import VeetChat

/// Several messages wait for a running run: in order, one per run, each taken back alone.
@Suite struct MessageQueueTests {
    @Test func theOldestGoesFirstOnePerTake() {
        var queue = MessageQueue()
        queue.enqueue("one")
        queue.enqueue("two")
        queue.enqueue("three")
        #expect(queue.takeNext()?.text == "one")
        #expect(queue.entries.map(\.text) == ["two", "three"])
        #expect(queue.takeNext()?.text == "two")
        #expect(queue.takeNext()?.text == "three")
        #expect(queue.takeNext() == nil)
    }

    @Test func anyOneIsTakenBackAloneAndIdsAreNeverReused() throws {
        var queue = MessageQueue()
        let added = (queue.enqueue("one"), queue.enqueue("two"), queue.enqueue("three"))
        let first = try #require(added.0), second = try #require(added.1)
        #expect(queue.takeBack(id: second.id)?.text == "two")
        #expect(queue.takeBack(id: second.id) == nil)
        #expect(queue.entries.map(\.text) == ["one", "three"])
        #expect(queue.position(of: first.id) == 1)
        let added4 = queue.enqueue("four")
        let fourth = try #require(added4)
        #expect(fourth.id != second.id && fourth.id > first.id)
    }

    @Test func blankWordsAndAFullQueueAddNothing() {
        var queue = MessageQueue()
        #expect(queue.enqueue("  \n ") == nil)
        for index in 1...MessageQueue.limit { #expect(queue.enqueue("m\(index)") != nil) }
        #expect(queue.isFull)
        #expect(queue.enqueue("one too many") == nil)
        #expect(queue.count == MessageQueue.limit)
    }

    @Test func givenBackEverythingWaitsInTheComposerAfterWhatItHeld() {
        var queue = MessageQueue()
        queue.enqueue("one")
        queue.enqueue("two")
        #expect(queue.giveBack(joinedAfter: "typed") == "typed\none\ntwo")
        #expect(queue.isEmpty)
        queue.enqueue("three")
        #expect(queue.giveBack(joinedAfter: "") == "three")
    }
}
