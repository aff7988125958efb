import Foundation

/// Reaching a server through an HTTP proxy (`ProxyServer`): the connection to
/// the proxy, and for https:// a `CONNECT` tunnel, inside which TLS runs to
/// the server itself, so the proxy never sees the request or its token. Every
/// failure here is a `.proxy` error that names the proxy, never the server's
/// fault.
enum ProxyTunnel {
    /// Connects to the proxy. Blocking.
    static func connect(to proxy: ProxyServer, timeout: TimeInterval, requestID: String,
                        wake: WakePipe) throws -> TCPConnection {
        do {
            return try TCPConnection.connect(host: proxy.host, port: proxy.port, timeout: timeout, requestID: requestID,
                                             wake: wake)
        } catch let error as TransportError where error.kind == .cannotConnect {
            throw TransportError(.proxy, "cannot reach the proxy \(proxy): \(error.detail)", requestID: requestID)
        }
    }

    /// Asks the proxy for a tunnel to `host:port` and waits for its answer. Blocking.
    static func open(_ connection: TCPConnection, through proxy: ProxyServer, to host: String, port: Int,
                     timeout: TimeInterval, requestID: String) throws {
        let target = "\(host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host):\(port)"
        var lines = ["CONNECT \(target) HTTP/1.1", "Host: \(target)"]
        if let authorization = proxy.authorization { lines.append("Proxy-Authorization: \(authorization)") }
        try connection.send(Data((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8), timeout: timeout)
        var parser = ResponseHeadParser()
        while true {
            let data: Data
            do {
                data = try connection.receive(limit: 16 * 1024, timeout: timeout)
            } catch let error as TransportError where error.kind == .connectionLost || error.kind == .timedOut {
                throw TransportError(.proxy, "the proxy \(proxy) did not answer the tunnel request to \(target): "
                                     + error.detail, requestID: requestID)
            }
            guard !data.isEmpty else {
                throw TransportError(.proxy, "the proxy \(proxy) closed the connection instead of opening a tunnel "
                                     + "to \(target)", requestID: requestID)
            }
            let parsed: (ResponseHead, Data)?
            do {
                parsed = try parser.feed(data)
            } catch {
                throw TransportError(.proxy, "the proxy \(proxy) answered the tunnel request with something that is "
                                     + "not HTTP (\(error))", requestID: requestID)
            }
            guard let (head, _) = parsed else { continue }
            guard (200..<300).contains(head.status) else {
                throw TransportError(.proxy, refusal(head.status, proxy: proxy, target: target), requestID: requestID)
            }
            return
        }
    }

    static func refusal(_ status: Int, proxy: ProxyServer, target: String) -> String {
        switch status {
        case 407 where proxy.hasCredentials:
            "the proxy \(proxy) did not accept the user name and password in \(proxy.variable) (407)"
        case 407:
            "the proxy \(proxy) asks for a user name and password (407): put them in \(proxy.variable) "
                + "as http://user:password@host:port"
        default:
            "the proxy \(proxy) refused the tunnel to \(target) (\(status))"
        }
    }
}
