// libFuzzer target: the connection rules (built with VeetTransport's sources).
// Any typed address either validates or throws `ConnectionSettingsError`;
// an accepted one is http(s), has a host, and validates again from its own text.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServerURL(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    guard let accepted = try? ServerURL(validating: text) else { return 0 }
    let url = accepted.url(for: "/v1/sessions")
    guard url.scheme == "http" || url.scheme == "https", url.host?.isEmpty == false else {
        fatalError("accepted \(text.debugDescription) as \(url)")
    }
    _ = try? ConnectionSettings(serverAddress: text, token: "t")
    return 0
}
