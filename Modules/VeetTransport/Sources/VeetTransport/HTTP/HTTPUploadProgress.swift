import Foundation

/// Hears how many bytes of a request's body have been handed to the
/// connection, for a caller that shows an upload's progress. Set it around one
/// `send` with `HTTPUploadProgress.$current.withValue(...)`; requests sent
/// without it report nothing. Reports may come from any thread, in order.
public struct HTTPUploadProgress: Sendable {
    public let report: @Sendable (Int) -> Void

    public init(_ report: @escaping @Sendable (Int) -> Void) {
        self.report = report
    }

    @TaskLocal public static var current: HTTPUploadProgress?
}
