import Foundation
import VeetCalls
import VeetCurses

/// Does the Calls screen's work through `CallsAPI`. `describe` words an error the
/// feature has no words of its own for (the app adds its hints).
public struct CallsScreenWork: ScreenEffects {
    public typealias Screen = CallsScreen

    let api: CallsAPI
    let describe: @Sendable (any Error) -> String

    public init(api: CallsAPI, describe: @escaping @Sendable (any Error) -> String = { "\($0)" }) {
        self.api = api
        self.describe = describe
    }

    public func run(_ effect: CallsScreenEffect, report: @escaping @Sendable (CallsScreenResult) -> Void) async {
        do {
            switch effect {
            case .list: report(.listed(try await api.listAll()))
            case .read(let id): report(.read(try await api.read(id: id)))
            case .stop(let id): report(.stopped(try await api.stop(id: id)))
            case .delete(let id): report(.erased(try await api.delete(id: id)))
            }
        } catch CallsError.notOffered {
            report(.unavailable)
        } catch let error as CallsError {
            report(.message(error.description))
        } catch {
            report(.message("Could not reach the calls: \(describe(error))"))
        }
    }
}
