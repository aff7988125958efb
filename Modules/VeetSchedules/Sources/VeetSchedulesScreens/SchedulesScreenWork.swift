import Foundation
import VeetCurses
import VeetSchedules
import VeetTransport

/// The work the Schedules screen asks for.
public enum SchedulesScreenEffect: Sendable, Equatable {
    /// The schedules in these states (none: all).
    case list(Set<ScheduleState>)
    /// One schedule and its recent occurrences.
    case read(id: String)
    /// An action sent with the revision on screen.
    case act(ScheduleAction, id: String, expectedRevision: Int)
    /// The form's new schedule, with the key it is sent under (the same draft sent again replays it).
    case create(ScheduleDraft, key: IdempotencyKey)
    /// The form's edit over `base`'s revision.
    case edit(ScheduleDraft, base: ScheduleRecord)
}

/// What the Schedules screen's actions do.
public enum ScheduleAction: Sendable, Equatable {
    case pause, resume, cancel
}

/// What the Schedules screen's work reports.
public enum SchedulesScreenResult: Sendable {
    case listed([ScheduleListItem])
    /// The server does not offer schedules: the screen says so plainly.
    case unavailable
    /// A schedule read (after a selection or an action); nil occurrences keep the ones shown.
    case record(ScheduleRecord, occurrences: [ScheduleOccurrence]?)
    case message(String)
    /// The form's schedule was created or edited: the form closes on it.
    case saved(ScheduleRecord, notice: String)
    /// The form's schedule was refused: the reasons by field (or for the whole form); the text stays.
    case formRefused(fields: [ScheduleDraft.Field: String], notice: String)
    /// An edit met a 409: the record as it is now (nil when it could not be read back).
    case formConflict(current: ScheduleRecord?, description: String)
}

/// What the Schedules screen asks of the shell.
public enum SchedulesScreenRoute: Sendable {
    /// Keep this form of a new schedule across the screen's closing (nil: drop the one kept), and
    /// mount the next Schedules screen with it (`SchedulesScreen(kept:)`).
    case keep(ScheduleForm?)
}

/// Does the Schedules screen's work through `SchedulesAPI`. A new schedule
/// runs the agent of the owner's latest conversation: the shell hands in
/// `conversations` (the owner's latest conversations with their agents, read
/// by the chat feature) and VeetSchedules' rule chooses, as the CLI does.
/// `describe` words an error the feature has no words of its own for (the app adds its hints).
public struct SchedulesScreenWork: ScreenEffects {
    public typealias Screen = SchedulesScreen

    let api: SchedulesAPI
    let conversations: @Sendable () async throws -> [ConversationAgent]
    let describe: @Sendable (any Error) -> String

    public init(api: SchedulesAPI, conversations: @escaping @Sendable () async throws -> [ConversationAgent],
                describe: @escaping @Sendable (any Error) -> String = { "\($0)" }) {
        self.api = api
        self.conversations = conversations
        self.describe = describe
    }

    public func run(_ effect: SchedulesScreenEffect, report: @escaping @Sendable (SchedulesScreenResult) -> Void) async {
        switch effect {
        case .list(let states):
            do {
                report(.listed(try await api.listAll(states: states)))
            } catch where SchedulesAPI.meansUnavailable(error) {
                report(.unavailable)
            } catch {
                report(.message("Could not read the schedules: \(describe(error))"))
            }
        case .read(let id):
            // A failed occurrence read shows none.
            do {
                let record = try await api.read(id: id)
                let occurrences = (try? await api.occurrences(id: id, limit: 10).items) ?? []
                report(.record(record, occurrences: occurrences))
            } catch {
                report(.message("Could not read the schedule: \(describe(error))"))
            }
        case .act(let action, let id, let expectedRevision):
            await act(action, id: id, expectedRevision: expectedRevision, report)
        case .create(let draft, let key):
            await create(draft, key: key, now: Date(), report)
        case .edit(let draft, let base):
            await edit(draft, base: base, now: Date(), report)
        }
    }

    /// Sends the action with the revision on screen. A 409 shows the schedule as it is now.
    private func act(_ action: ScheduleAction, id: String, expectedRevision: Int,
                     _ report: @Sendable (SchedulesScreenResult) -> Void) async {
        do {
            let record = switch action {
            case .pause: try await api.pause(id: id, expectedRevision: expectedRevision)
            case .resume: try await api.resume(id: id, expectedRevision: expectedRevision)
            case .cancel: try await api.cancel(id: id, expectedRevision: expectedRevision)
            }
            report(.record(record, occurrences: nil))
            let done = switch action {
            case .pause: "Paused"
            case .resume: "Resumed"
            case .cancel: "Cancelled: no further runs"
            }
            report(.message(done))
        } catch let conflict as ScheduleConflict {
            if let current = conflict.current {
                report(.record(current, occurrences: nil))
                report(.message("Changed elsewhere meanwhile, so nothing was changed: "
                    + "this is the schedule now (revision \(current.schedule.currentRevision))."))
            } else {
                report(.message("Changed elsewhere meanwhile; press g to read it again."))
            }
        } catch {
            report(.message("Not done: \(describe(error))"))
        }
    }

    /// Creates the form's schedule with the agent of the owner's latest conversation.
    private func create(_ draft: ScheduleDraft, key: IdempotencyKey, now: Date,
                        _ report: @Sendable (SchedulesScreenResult) -> Void) async {
        do {
            let choice = ScheduleAgentChoice.choose(agentID: nil, agentVersion: nil, history: try await conversations())
            guard let agent = choice.agent else {
                report(.formRefused(fields: [:], notice: "There is no conversation yet to take the agent from: start "
                    + "one (Esc, Esc, then write to Veetbot), then F4 and n bring this form back."))
                return
            }
            switch draft.definition(base: nil, agent: agent, now: now) {
            case .failure(let refused):
                report(.formRefused(fields: refused.fields, notice: ""))
            case .success(let definition):
                let record = try await api.create(definition, idempotencyKey: key)
                let words = CadenceText.describe(definition.cadence)
                report(.saved(record, notice: "Created “\(definition.title)”: "
                    + words.prefix(1).lowercased() + words.dropFirst() + ", "
                    + "with agent \(agent.id) version \(agent.version) from your latest conversation."))
            }
        } catch {
            report(formFailure(error))
        }
    }

    /// Saves the form's edit over `base`'s revision. A 409 keeps the form's text.
    private func edit(_ draft: ScheduleDraft, base: ScheduleRecord, now: Date,
                      _ report: @Sendable (SchedulesScreenResult) -> Void) async {
        switch draft.definition(base: base.revision.definition, agent: nil, now: now) {
        case .failure(let refused):
            report(.formRefused(fields: refused.fields, notice: ""))
        case .success(let definition):
            do {
                let record = try await api.edit(id: base.id, expectedRevision: base.schedule.currentRevision,
                                                definition: definition)
                report(.saved(record, notice: "Saved as revision \(record.schedule.currentRevision)."))
            } catch let conflict as ScheduleConflict {
                report(.formConflict(current: conflict.current, description: conflict.description))
            } catch {
                report(formFailure(error))
            }
        }
    }

    /// A refusal by the server in the form's words: a rule about one field goes beside it.
    private func formFailure(_ error: any Error) -> SchedulesScreenResult {
        if let invalid = error as? ScheduleValidationError, let field = ScheduleDraft.Field(refusalReason: invalid.reason) {
            return .formRefused(fields: [field: invalid.description], notice: "")
        }
        if let invalid = error as? ScheduleValidationError { return .formRefused(fields: [:], notice: invalid.description) }
        if let refused = error as? ScheduleDefinitionRefused { return .formRefused(fields: [:], notice: refused.description) }
        return .formRefused(fields: [:], notice: "Not saved: \(describe(error)) (your text is kept; Ctrl-S tries again)")
    }
}
