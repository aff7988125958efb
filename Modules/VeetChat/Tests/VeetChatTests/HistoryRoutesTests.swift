import Testing
import VeetChat
import VeetTransport

/// A missing route (the framework's own texts, docs/wire/README.md §6.4) against a missing resource.
@Suite struct HistoryRoutesTests {
    @Test func theFrameworksTextsMeanAMissingRoute() {
        #expect(HistoryRoutes.meansRouteUnavailable(
            APIError(status: 404, code: .notFound, message: "The requested resource was not found.")))
        #expect(HistoryRoutes.meansRouteUnavailable(
            APIError(status: 400, code: .malformedRequest, message: "The HTTP request is not supported.")))
        #expect(HistoryRoutes.meansRouteUnavailable(APIError(status: 405, code: .malformedRequest, message: "")))
    }

    @Test func aResourceGoneOrARefusalIsNotAMissingRoute() {
        let gone = APIError(status: 404, code: .notFound, message: "Session not found")
        #expect(!HistoryRoutes.meansRouteUnavailable(gone))
        #expect(HistoryRoutes.meansConversationDeleted(gone))
        #expect(!HistoryRoutes.meansConversationDeleted(
            APIError(status: 404, code: .notFound, message: "The requested resource was not found.")))
        #expect(!HistoryRoutes.meansRouteUnavailable(APIError(status: 400, code: .malformedRequest, message: "title too long")))
        #expect(!HistoryRoutes.meansRouteUnavailable(TransportError(.cannotConnect, "refused")))
        #expect(!HistoryRoutes.meansConversationDeleted(APIError(status: 500, code: .internalError, message: "")))
    }
}
