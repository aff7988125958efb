import Foundation
import VeetCurses
import VeetSettings

/// The work the Settings screen and its Persona page ask for.
public enum SettingsScreenEffect: Sendable, Equatable {
    case loadModels
    /// One write, never retried.
    case saveModels(chat: ModelChoice, memory: ModelChoice, basedOn: ModelSettings)
    /// Whether veetd stopped sending to this server after a 401 (asked without waiting for it).
    case checkDaemon
    case loadPersona
    case savePersona([PersonaEntry], expectedVersion: Int)
    case loadPersonaHistory
    case resolveNomination(id: String, affirm: Bool)
    /// The Messaging surfaces card's line, read by the shell's closure.
    case loadSurfaces
}

/// What the Settings screen's work reports (and what the shell tells it).
public enum SettingsScreenResult: Sendable {
    /// The model settings as read; nil: the server has none (the card is hidden).
    case models(ModelSettings?)
    case modelsSaved(ModelSettings)
    /// A conflict or a refused choice: the settings as reloaded, and why.
    case modelsReloaded(ModelSettings?, String)
    case message(String)
    /// veetd reports that this connection's server refused its token.
    case daemonSignInNeeded
    /// The shell's connection form signed in again (from the Connection card): its notice.
    case signedInAgain(String)
    case persona(PersonaUpdate)
    case surfaces(SurfacesCard)
}

/// What only the shell can do for the Settings screen.
public enum SettingsScreenRoute: Sendable {
    /// The Connection card: the shell's connection form, filled (the screen stays under it).
    case updateConnection
    /// F9: the connections switcher over the screen.
    case openConnections
    /// The Website Access card: the screen closes and Website Access opens.
    case openWebsiteAccess
    /// The Messaging surfaces card: the screen closes and the surfaces' page opens.
    case openSurfaces
    /// The look chosen on the Appearance card: stored for this connection and applied at once.
    case appearance(AppearanceChoice)
    /// The persona draft to keep across closes (nil: none kept any more).
    case keepPersona(PersonaPage?)
}

/// Does the Settings screen's work through `SettingsAPI`. `describe` words an
/// error the feature has no words of its own for (the app adds its hints);
/// `daemonNeedsSignIn` asks the shell's background service about this connection.
public struct SettingsScreenWork: ScreenEffects {
    public typealias Screen = SettingsScreen

    let api: SettingsAPI
    let daemonNeedsSignIn: @Sendable () async -> Bool
    let describe: @Sendable (any Error) -> String
    /// The shell's read of the surfaces feature for their card (nil: the card is never filled).
    let surfaces: (@Sendable () async -> SurfacesCard)?

    public init(api: SettingsAPI, daemonNeedsSignIn: @escaping @Sendable () async -> Bool = { false },
                surfaces: (@Sendable () async -> SurfacesCard)? = nil,
                describe: @escaping @Sendable (any Error) -> String = { "\($0)" }) {
        self.api = api
        self.daemonNeedsSignIn = daemonNeedsSignIn
        self.surfaces = surfaces
        self.describe = describe
    }

    public func run(_ effect: SettingsScreenEffect, report: @escaping @Sendable (SettingsScreenResult) -> Void) async {
        switch effect {
        case .loadModels:
            do {
                report(.models(try await api.modelSettingsIfOffered()))
            } catch {
                report(.message("Could not read the model settings: \(describe(error))"))
            }
        case .saveModels(let chat, let memory, let current):
            do {
                report(.modelsSaved(try await api.saveModels(chat: chat, memory: memory, basedOn: current)))
            } catch let conflict as ModelSettingsConflict {
                report(.modelsReloaded(conflict.current, conflict.description))
            } catch let notOffered as ChoiceNotOffered {
                report(.modelsReloaded(notOffered.current, notOffered.description))
            } catch {
                report(.message("Not saved: \(describe(error))"))
            }
        case .checkDaemon:
            if await daemonNeedsSignIn() { report(.daemonSignInNeeded) }
        case .loadSurfaces:
            if let surfaces { report(.surfaces(await surfaces())) }
        default:
            await runPersona(effect) { report(.persona($0)) }
        }
    }

    private func runPersona(_ effect: SettingsScreenEffect, report: @escaping @Sendable (PersonaUpdate) -> Void) async {
        switch effect {
        case .loadPersona:
            do {
                report(.loaded(try await overview()))
            } catch {
                report(.message("Could not read the persona: \(describe(error))"))
            }
        case .savePersona(let entries, let version):
            do {
                report(.saved(try await api.savePersona(entries, expectedVersion: version)))
            } catch let conflict as PersonaConflict {
                report(.conflict(conflict))
            } catch {
                report(.message("Not saved: \(describe(error)). Your edit is kept."))
            }
        case .loadPersonaHistory:
            do {
                report(.history(try await api.personaHistory()))
            } catch where SettingsAPI.meansUnavailable(error) {
                report(.notOffered(.history))
            } catch {
                report(.message("Could not read the history: \(describe(error))"))
            }
        case .resolveNomination(let id, let affirm):
            do {
                if affirm {
                    let document = try await api.affirm(nominationID: id)
                    report(.resolved(document, (try? await api.openNominations()) ?? [], "Affirmed: added to your persona."))
                } else {
                    _ = try await api.decline(nominationID: id)
                    report(.resolved(nil, (try? await api.openNominations()) ?? [], "Declined."))
                }
            } catch {
                report(.message("Not \(affirm ? "affirmed" : "declined"): \(describe(error))"))
            }
        default: break
        }
    }

    /// The document, then the open nominations: a server without nominations (an older persona)
    /// says so beside a persona that keeps working; another failure of that read shows none.
    private func overview() async throws -> PersonaOverview? {
        guard let document = try await api.personaIfOffered() else { return nil }
        var access = PersonaAccess()
        access.persona = .offered
        var open: [PersonaNomination] = []
        do {
            if let read = try await api.openNominationsIfOffered() {
                open = read
                access.nominations = .offered
            } else {
                access.nominations = .notOffered
            }
        } catch {
            // Unknown: the page shows no suggestions, as before, and says nothing it does not know.
        }
        return PersonaOverview(document: document, openNominations: open, access: access)
    }
}
