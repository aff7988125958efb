import Foundation

/// What `seedSessions` made, newest first in every list.
struct SeedOutcome {
    var sessionIDs: [String] = []
    var peopleSessionIDs: [String] = []
    var scheduledSessionIDs: [String] = []
    var webSearchSessionIDs: [String] = []
}

extension StoreState {
    /// Moves a session in the list order. Every write of `updatedAt` after creation goes through here.
    func setUpdatedAt(_ session: SessionRecord, _ instant: Instant) {
        let old = SessionOrder.Key(instant: session.updatedAt, id: session.id)
        session.updatedAt = instant
        sessionOrder.move(old, to: SessionOrder.Key(instant: instant, id: session.id))
    }

    /// Adds `count` seeded sessions, all older than every existing session, each
    /// 1–60 minutes before the previous one. Contents depend only on the seed index.
    func seedSessions(count: Int, messagesPerSession: Int) -> SeedOutcome {
        var outcome = SeedOutcome()
        var clock = min(now(), sessionOrder.oldest?.instant ?? now()).adding(seconds: -60)
        var keys: [SessionOrder.Key] = []
        keys.reserveCapacity(count)
        sessions.reserveCapacity(sessions.count + count)
        for index in seededCount..<(seededCount + max(0, count)) {
            var random = SeedRandom(UInt64(index) ^ 0x5EED_C10C)
            clock = clock.adding(seconds: -Double(60 + random.below(3540)))
            let recipe = SeedRecipe(index: index, messagesPerSession: messagesPerSession)
            let createdAt = clock.adding(seconds: -Double(recipe.turns * 90 + 30))
            let session = SessionRecord(
                id: recipe.sessionID, agentID: identity.agentID, agentVersion: identity.agentVersion,
                metadata: recipe.metadata(nominalFireAt: createdAt.adding(seconds: -3)), createdAt: createdAt)
            session.updatedAt = clock
            session.title = recipe.title
            session.seed = recipe
            session.nextSequence = recipe.turns > 0 ? 0 : 2
            session.lastRunID = recipe.turns > 0 ? recipe.runID(turn: recipe.turns - 1) : nil
            sessions[session.id] = session
            keys.append(SessionOrder.Key(instant: clock, id: session.id))
            outcome.sessionIDs.append(session.id)
            switch recipe.kind {
            case .peopleAudit, .peopleImport: outcome.peopleSessionIDs.append(session.id)
            case .scheduled: outcome.scheduledSessionIDs.append(session.id)
            case .chat: if recipe.searchesTheWeb { outcome.webSearchSessionIDs.append(session.id) }
            }
        }
        seededCount += max(0, count)
        sessionOrder.insert(contentsOf: keys)
        return outcome
    }

    /// Transcript items: the seeded part (regenerated) followed by live ones.
    func transcriptItems(of session: SessionRecord) -> [TranscriptItem] {
        guard let recipe = session.seed else { return session.transcript }
        return SeedLog(recipe: recipe, workerID: identity.workerID).transcript + session.transcript
    }

    /// Seeded runs first, then live ones, oldest first.
    func allRunIDs(of session: SessionRecord) -> [String] {
        let seeded = session.seed.map { recipe in (0..<recipe.turns).map(recipe.runID) } ?? []
        return seeded + session.runIDs
    }

    /// Builds the finished run of a seeded session the first time it is asked for.
    func materializeSeededRun(_ id: String) -> RunRecord? {
        guard let position = SeedRecipe.runPosition(of: id),
            let session = sessions[SeedRecipe.sessionID(index: position.index)], let recipe = session.seed,
            position.turn < recipe.turns, recipe.runID(turn: position.turn) == id
        else { return nil }
        let log = SeedLog(recipe: recipe, workerID: identity.workerID)
        let createdAt = session.createdAt.adding(seconds: Double(position.turn * 90 + 1))
        let run = RunRecord(
            id: id, sessionID: session.id, scenario: .markdown, prompt: recipe.exchange(turn: position.turn).question,
            createdAt: createdAt)
        let searched = position.turn == 0 && recipe.searchesTheWeb
        run.status = .completed
        run.attempt = 1
        run.stepCount = searched ? 2 : 1
        run.modelCallCount = run.stepCount
        run.toolCallCount = searched ? 1 : 0
        run.inputTokens = 2870 * run.stepCount
        run.outputTokens = 40
        run.events = log.events(ofTurn: position.turn)
        run.updatedAt = createdAt.adding(seconds: 30)
        runs[id] = run
        return run
    }

    /// New activity without an event: the session moves to the top of the list.
    func touchSession(_ id: String) -> Bool {
        guard let session = sessions[id] else { return false }
        setUpdatedAt(session, now())
        return true
    }
}
