import Foundation
import VeetAccount
import VeetStore
import VeetTransport

/// Forgetting a connection as `veet connections forget` does: the library's
/// `forgetConnection` revokes the device first and forgets locally (the
/// entry, the token, its store rows, the chosen website profile with them)
/// whatever the revocation answered.
enum ConnectionForgetting {
    /// Why the device could not be revoked, or nil (revoked, or none registered).
    static func forget(_ name: String, registry: ConnectionRegistry) async -> String? {
        let registrar = try? registrar(for: name, registry: registry)
        do {
            let outcome = try await forgetConnection(
                deviceID: try? registrar?.registeredDeviceID(),
                revoke: { _ in _ = try await registrar?.revokeOwnDevice() },
                forgetLocally: { try registry.forget(name: name) })
            if case .forgotAfterRevokeFailed(let why) = outcome { return why }
            return nil
        } catch {
            return "forgetting it on this computer failed too: \(error)"
        }
    }

    /// The device registrar of a saved connection (its token, its store slice).
    static func registrar(for name: String, registry: ConnectionRegistry) throws -> DeviceRegistrar {
        let resolved = try registry.resolve(named: name, environment: [:])
        let url = resolved.settings.serverURL.url.absoluteString
        let store = try LocalStore.open(paths: registry.paths, connection: name, url: url)
        let client = HTTPClient(settings: resolved.settings, clientVersion: VeetTransportVersion.current)
        return DeviceRegistrar(api: AccountAPI(sender: .live(client: client)), settings: store.preferences)
    }
}

extension HTTPRequestSender {
    /// The live sender that also tells the loop of every 401, wherever it came
    /// from (a reconcile, a send, a screen's read): the screen then asks to sign
    /// in again. A 403 is not a sign-in problem and passes as it is.
    static func noticingSignIn(client: HTTPClient, inbox: Inbox) -> HTTPRequestSender {
        HTTPRequestSender(
            send: { request in
                let response = try await client.send(request)
                if ServerRefusal(status: response.status) == .signInAgain { inbox.post(.connection(.signInNeeded)) }
                return response
            },
            openStream: { request in
                do {
                    return try await client.openStream(request)
                } catch let error as APIError where error.refusal == .signInAgain {
                    inbox.post(.connection(.signInNeeded))
                    throw error
                }
            })
    }
}
