import Foundation
import VeetAccount
import VeetStore
import VeetTransport

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
