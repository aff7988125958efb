import Foundation
import VeetSchedules

/// What the Schedules screen's calls report.
enum SchedulesUpdate: Sendable {
    case listed([ScheduleListItem])
    /// The server does not offer schedules: the screen says so plainly.
    case unavailable
    /// A schedule read (after a selection or an action); nil occurrences keep the ones shown.
    case record(ScheduleRecord, occurrences: [ScheduleOccurrence]?)
    case message(String)
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
}
