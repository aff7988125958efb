import Testing
import VeetTransport
import VeetWebsiteAccess
@testable import veet

/// A family the server does not offer, thrown by a library, is reported as
/// such: kind `not_offered` in --json and exit 1 (docs/cli.md), never the
/// catch-all "error".
@Suite struct NotOfferedReportTests {
    @Test func taskPermissionsNotOfferedHaveTheirOwnKind() {
        let answer = APIError(status: 404, code: .notFound, message: "The requested resource was not found.",
                              requestID: "req-7")
        let report = ErrorReport(error: TaskPermissionsUnavailable(underlying: answer))
        #expect(report.kind == "not_offered")
        #expect(report.message == "This server does not offer task permissions.")
        #expect(report.exitCode == .failure)
        #expect(report.status == 404 && report.requestID == "req-7")
    }
}
