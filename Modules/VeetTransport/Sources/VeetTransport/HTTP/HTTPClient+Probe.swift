import Foundation

extension HTTPClient {
    /// Tells a 404 about one thing from an address with no Veetbot API at all
    /// (a wrong path prefix, another web server): after a 404, one read of
    /// `/health/live` under the same base URL. Nil when `status` is not 404,
    /// or the probe answers anything but 404 (or nothing): then the 404 stands.
    public func missingAPI(afterStatus status: Int?) async -> NoVeetbotAPIError? {
        guard status == 404 else { return nil }
        guard let probe = try? await send(.get("/health/live")), probe.status == 404 else { return nil }
        return NoVeetbotAPIError(baseURL: settings.serverURL.url.absoluteString, probeStatus: probe.status)
    }

    /// `missingAPI(afterStatus:)` for an `APIError`; nil for any other error.
    public func missingAPI(after error: any Error) async -> NoVeetbotAPIError? {
        await missingAPI(afterStatus: (error as? APIError)?.status)
    }
}
