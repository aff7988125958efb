import Foundation
import VeetChat
import VeetSchedules
import VeetTransport

/// What the Schedules screen's calls report.
enum SchedulesUpdate: Sendable {
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

/// The Schedules screen's calls (VeetSchedules).
extension Backend {
    var schedules: SchedulesAPI { SchedulesAPI(sender: api.sender) }

    func loadSchedules(states: Set<ScheduleState>) -> Task<Void, Never> {
        Task {
            do {
                inbox.post(.schedules(.listed(try await schedules.listAll(states: states))))
            } catch where SchedulesAPI.meansUnavailable(error) {
                inbox.post(.schedules(.unavailable))
            } catch {
                inbox.post(.schedules(.message("Could not read the schedules: \(Self.describe(error))")))
            }
        }
    }

    /// Reads one schedule and its recent occurrences (a failed occurrence read shows none).
    func loadSchedule(id: String) -> Task<Void, Never> {
        Task {
            do {
                let record = try await schedules.read(id: id)
                let occurrences = (try? await schedules.occurrences(id: id, limit: 10).items) ?? []
                inbox.post(.schedules(.record(record, occurrences: occurrences)))
            } catch {
                inbox.post(.schedules(.message("Could not read the schedule: \(Self.describe(error))")))
            }
        }
    }

    enum ScheduleAction: Sendable {
        case pause, resume, cancel
    }

    /// Sends the action with the revision on screen. A 409 shows the schedule as it is now.
    func scheduleAction(_ action: ScheduleAction, id: String, expectedRevision: Int) -> Task<Void, Never> {
        let api = schedules
        return Task {
            do {
                let record = switch action {
                case .pause: try await api.pause(id: id, expectedRevision: expectedRevision)
                case .resume: try await api.resume(id: id, expectedRevision: expectedRevision)
                case .cancel: try await api.cancel(id: id, expectedRevision: expectedRevision)
                }
                inbox.post(.schedules(.record(record, occurrences: nil)))
                let done = switch action {
                case .pause: "Paused"
                case .resume: "Resumed"
                case .cancel: "Cancelled: no further runs"
                }
                inbox.post(.schedules(.message(done)))
            } catch let conflict as ScheduleConflict {
                if let current = conflict.current {
                    inbox.post(.schedules(.record(current, occurrences: nil)))
                    inbox.post(.schedules(.message("Changed elsewhere meanwhile, so nothing was changed: "
                        + "this is the schedule now (revision \(current.schedule.currentRevision)).")))
                } else {
                    inbox.post(.schedules(.message("Changed elsewhere meanwhile; press g to read it again.")))
                }
            } catch {
                inbox.post(.schedules(.message("Not done: \(Self.describe(error))")))
            }
        }
    }

    /// Creates the form's schedule with the agent of the owner's latest
    /// conversation (read through VeetChat, chosen by VeetSchedules' rule, as the CLI does).
    func createSchedule(_ draft: ScheduleDraft, key: IdempotencyKey, now: Date) -> Task<Void, Never> {
        let api = schedules, chat = self.api
        return Task {
            do {
                let history = try await chat.ownersSessions(limit: 50, pageSize: 50).map {
                    ConversationAgent(sessionID: $0.id, agentID: $0.agentID, agentVersion: $0.agentVersion,
                                      lastActivity: $0.updatedAt)
                }
                let choice = ScheduleAgentChoice.choose(agentID: nil, agentVersion: nil, history: history)
                guard let agent = choice.agent else {
                    inbox.post(.schedules(.formRefused(fields: [:], notice: "There is no conversation yet to take the "
                        + "agent from: start one (Esc, Esc, then write to Veetbot), then F4 and n bring this form back.")))
                    return
                }
                switch draft.definition(base: nil, agent: agent, now: now) {
                case .failure(let refused):
                    inbox.post(.schedules(.formRefused(fields: refused.fields, notice: "")))
                case .success(let definition):
                    let record = try await api.create(definition, idempotencyKey: key)
                    let words = CadenceText.describe(definition.cadence)
                    inbox.post(.schedules(.saved(record, notice: "Created “\(definition.title)”: "
                        + words.prefix(1).lowercased() + words.dropFirst() + ", "
                        + "with agent \(agent.id) version \(agent.version) from your latest conversation.")))
                }
            } catch {
                inbox.post(.schedules(Self.formFailure(error)))
            }
        }
    }

    /// Saves the form's edit over `base`'s revision. A 409 keeps the form's text.
    func editSchedule(_ draft: ScheduleDraft, base: ScheduleRecord, now: Date) -> Task<Void, Never> {
        let api = schedules
        return Task {
            switch draft.definition(base: base.revision.definition, agent: nil, now: now) {
            case .failure(let refused):
                inbox.post(.schedules(.formRefused(fields: refused.fields, notice: "")))
            case .success(let definition):
                do {
                    let record = try await api.edit(id: base.id, expectedRevision: base.schedule.currentRevision,
                                                    definition: definition)
                    inbox.post(.schedules(.saved(record, notice: "Saved as revision \(record.schedule.currentRevision).")))
                } catch let conflict as ScheduleConflict {
                    inbox.post(.schedules(.formConflict(current: conflict.current, description: conflict.description)))
                } catch {
                    inbox.post(.schedules(Self.formFailure(error)))
                }
            }
        }
    }

    /// A refusal by the server in the form's words: a rule about one field goes beside it.
    private static func formFailure(_ error: any Error) -> SchedulesUpdate {
        if let invalid = error as? ScheduleValidationError, let field = ScheduleDraft.Field(refusalReason: invalid.reason) {
            return .formRefused(fields: [field: invalid.description], notice: "")
        }
        if let invalid = error as? ScheduleValidationError { return .formRefused(fields: [:], notice: invalid.description) }
        if let refused = error as? ScheduleDefinitionRefused { return .formRefused(fields: [:], notice: refused.description) }
        return .formRefused(fields: [:], notice: "Not saved: \(describe(error)) (your text is kept; Ctrl-S tries again)")
    }
}
