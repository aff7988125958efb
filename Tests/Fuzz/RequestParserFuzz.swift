// libFuzzer target: the fixture's HTTP request parser (built with
// VeetFixture's sources). The input is written to one end of a socket pair
// and read by `RequestReader` from the other. Checks: no trap, no hang.
import Foundation
import Glibc

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestParser(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count <= 60_000 else { return 0 }
    var pair: [Int32] = [-1, -1]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0 else { return 0 }
    defer {
        close(pair[0])
        close(pair[1])
    }
    var size: Int32 = 262_144
    setsockopt(pair[0], SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    guard write(pair[0], start, count) == count || count == 0 else { return 0 }
    shutdown(pair[0], Int32(SHUT_WR))
    var reader = RequestReader(stream: SocketStream(descriptor: pair[1]), maximumHeadBytes: 8_192, idleTimeout: 0.05)
    for _ in 0..<4 {
        guard case .head(let head) = reader.readHead() else { break }
        guard let framing = RequestReader.framing(of: head) else { break }
        guard case .body = reader.readBody(framing, limit: 16_384) else { break }
    }
    return 0
}
